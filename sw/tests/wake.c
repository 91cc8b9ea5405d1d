/* wake: host harts asleep in wrs.nto (Zawrs) on a word that only vault
 * atomics change (tb/tests/sim_skip_wake.c).  Hart 0 launches WAKE_ITERS
 * iterations straight to the PEs (cp.pim.launch); each adds 1 to flag with
 * an amoadd, which the PE sends to the vault that executes it, then works
 * a little (so the adds are spread out).  Harts 1.. reserve flag and sleep
 * until it reaches the launch's total: every vault add breaks their
 * reservation in the cycle the vault executes it, long before the PE gets
 * its response, so when a hart wakes is decided by the vault's time, not by
 * any host or PE event.  Each hart sums the cycle (mcycle) at which it
 * wakes, so a wake-up one cycle late shows in the output: hart 0 prints
 * "wake F/E S1 S2 .." (flag, expected, the harts' sums) and exits 0 when
 * the count is exact. */
#include "rt.h"

#define WAKE_ITERS 96
#define LOOP_WAKE 62

static volatile uint32_t flag __attribute__((aligned(64)));
static volatile uint32_t sink[16] __attribute__((aligned(64)));
static volatile uint32_t woke[RT_MAX_HARTS];

static inline uint32_t mcycle(void) {
  uint32_t c;
  __asm__ volatile("csrr %0, mcycle" : "=r"(c));
  return c;
}

static void body(uint32_t i, void *arg) {
  (void)arg;
  rt_amoadd(&flag, 1);
  /* a data-dependent pause: the next add comes some hundred cycles later */
  uint32_t v = i;
  for (int k = 0; k < 40; k++) v = v * 1103515245u + 12345u;
  sink[i & 15] = v;
}

int main(void) {
  const uint32_t h = rt_hartid();
  if (h == 0) rt_loop_name("62:wake");
  rt_barrier();
  if (h == 0) {
    struct copim_desc d = {(uint32_t)(uintptr_t)body, 0, 0, WAKE_ITERS, LOOP_WAKE, 0, 0, 0};
    cp_pim_wait(cp_pim_launch(&d));
  } else {
    uint32_t sum = 0;
    while (rt_lr(&flag) < WAKE_ITERS) {
      rt_wrs_nto();
      sum += mcycle();
    }
    woke[h] = sum;
  }
  rt_barrier();
  if (h) return 0;
  rt_puts("wake ");
  rt_putu(flag);
  rt_putc('/');
  rt_putu(WAKE_ITERS);
  for (uint32_t k = 1; k < rt_nharts(); k++) {
    rt_putc(' ');
    rt_putu(woke[k]);
  }
  rt_putc('\n');
  return flag != WAKE_ITERS;
}
