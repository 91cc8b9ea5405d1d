/* lrsc: counters updated only through LR.W/SC.W loops, under contention
 * (tb/tests/lrsc_concurrent.c runs it on the functional system and on the
 * full system).  Three phases, each ending in a barrier:
 *   host  every host hart adds 1 HOST_ADDS times to ctr[0];
 *   pe    rt_parallel_for over PE_ITERS iterations, each adding 1 PE_ADDS
 *         times to ctr[1] (pim-only: every hart's chunk runs on the PEs);
 *   mix   hart 0 launches PE_ITERS such iterations on ctr[2] straight to the
 *         PEs (cp.pim.launch), then every host hart adds 1 HOST_ADDS times
 *         to ctr[2] while the PEs run (every other PE add is an amoadd,
 *         executed in the vault), then hart 0 waits for the launch.
 * Hart 0 prints "lrsc harts H host C/E F pe C/E F mix C/E F" (count,
 * expected count, failed SCs) and exits 0 when every count is exact. */
#include "rt.h"

#define HOST_ADDS 1000
#define PE_ITERS 256
#define PE_ADDS 20
#define LOOP_LRSC_PE 60
#define LOOP_LRSC_MIX 61

/* one cache line each, so the phases do not share a reservation granule */
static volatile uint32_t ctr[3][16] __attribute__((aligned(64)));
static volatile uint32_t fails[3][16] __attribute__((aligned(64)));

/* *p += 1 through an LR/SC loop; the number of failed SCs.  One asm block,
 * so nothing but the add sits between LR and SC (a constrained loop). */
static uint32_t lrsc_inc(volatile uint32_t *p) {
  uint32_t f, v, rc;
  __asm__ volatile(
      "li %0, 0\n"
      "1: lr.w %1, (%3)\n"
      "addi %1, %1, 1\n"
      "sc.w %2, %1, (%3)\n"
      "beqz %2, 2f\n"
      "addi %0, %0, 1\n"
      "j 1b\n"
      "2:\n"
      : "=&r"(f), "=&r"(v), "=&r"(rc)
      : "r"(p)
      : "memory");
  return f;
}

static void body(uint32_t i, void *arg) {
  const uint32_t k = (uint32_t)(uintptr_t)arg;
  uint32_t f = 0;
  (void)i;
  /* mix: every other add is an amoadd, which a PE executes in the vault,
   * so vault atomics land between other agents' LRs and SCs too */
  for (int j = 0; j < PE_ADDS; j++) {
    if (k == 2 && (j & 1)) rt_amoadd(&ctr[k][0], 1);
    else f += lrsc_inc(&ctr[k][0]);
  }
  rt_amoadd(&fails[k][0], f);
}

static void host_adds(uint32_t k) {
  uint32_t f = 0;
  for (int j = 0; j < HOST_ADDS; j++) f += lrsc_inc(&ctr[k][0]);
  rt_amoadd(&fails[k][0], f);
}

static void report(const char *name, uint32_t k, uint32_t want) {
  rt_putc(' ');
  rt_puts(name);
  rt_putc(' ');
  rt_putu(ctr[k][0]);
  rt_putc('/');
  rt_putu(want);
  rt_putc(' ');
  rt_putu(fails[k][0]);
}

int main(void) {
  const uint32_t h = rt_hartid(), n = rt_nharts();
  if (h == 0) {
    rt_loop_name("60:lrsc.pe");
    rt_loop_name("61:lrsc.mix");
  }
  rt_barrier();
  host_adds(0);
  rt_barrier();
  rt_parallel_for(LOOP_LRSC_PE, 0, PE_ITERS, body, (void *)1, 0);
  uint32_t ticket = 0;
  struct copim_desc d = {(uint32_t)(uintptr_t)body, 2, 0, PE_ITERS, LOOP_LRSC_MIX, 0, 0, 0};
  if (h == 0) ticket = cp_pim_launch(&d);
  host_adds(2);
  if (h == 0) cp_pim_wait(ticket);
  rt_barrier();
  if (h) return 0;
  const uint32_t want[3] = {n * HOST_ADDS, PE_ITERS * PE_ADDS, PE_ITERS * PE_ADDS + n * HOST_ADDS};
  rt_puts("lrsc harts ");
  rt_putu(n);
  report("host", 0, want[0]);
  report("pe", 1, want[1]);
  report("mix", 2, want[2]);
  rt_putc('\n');
  return ctr[0][0] != want[0] || ctr[1][0] != want[1] || ctr[2][0] != want[2];
}
