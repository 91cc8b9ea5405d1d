/* harts_sleep: a hart waiting at the runtime's barrier sleeps in wrs.nto
 * (Zawrs) until the release breaks its reservation; one waiting for its
 * launch sleeps in cp.pim.wait.  CC (a barrier after every round) under
 * cpu-only: with host.sleep=on the harts retire only the barrier's own
 * code, a bounded number of instructions per barrier, while their barrier
 * wait cycles are counted; with host.sleep=off (wrs.nto a nop) the same
 * run spins, which the bound must catch.  Under pim-only the launch waits
 * are counted and the host retires almost nothing in the kernel. */
#include "cosim_util.h"

/* instructions one hart retires in one rt_barrier call when it does not spin */
#define BARRIER_INSNS 40

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "harts_sleep", 1);
  char *on = cu_stats(&t, "cc cpu-only, sleep on", "--kernel cc --graph kron:10:8 --policy cpu-only");
  char *off = cu_stats(&t, "cc cpu-only, sleep off", "--kernel cc --graph kron:10:8 --policy cpu-only --set host.sleep=off");
  char *pim = cu_stats(&t, "bfs pim-only", "--kernel bfs --graph kron:10:8 --policy pim-only");
  if (on && off && pim) {
    /* every core calls rt_barrier once per marked-loop execution, plus twice around the kernel */
    const double execs = cu_json_sum(strstr(on, "\"loops\""), "execs");
    const double bound = (execs + 4 * 2) * BARRIER_INSNS;
    const double sync_on = cu_json_num(on, NULL, "host_sync"), sync_off = cu_json_num(off, NULL, "host_sync");
    const double wait_on = cu_json_sum(on, "barrier_wait_cycles"), wait_off = cu_json_sum(off, "barrier_wait_cycles");
    tb_log(&t, "cc: %.0f loop executions; rt_barrier instructions %.0f asleep (bound %.0f), %.0f spinning;"
               " barrier wait cycles %.0f asleep, %.0f spinning\n",
           execs, sync_on, bound, sync_off, wait_on, wait_off);
    tb_expect_u64(&t, "asleep: only the barrier's own instructions", sync_on <= bound, 1);
    tb_expect_u64(&t, "asleep: barrier wait cycles counted", wait_on > 0, 1);
    tb_expect_u64(&t, "spinning exceeds the bound (the check can fail)", sync_off > bound, 1);
    tb_expect_u64(&t, "spinning: no sleep cycles", (uint64_t)wait_off, 0);
    const double lw = cu_json_sum(pim, "pim_wait_cycles"), kh = cu_json_num(pim, NULL, "kernel_host");
    const double kp = cu_json_num(pim, NULL, "kernel_pe");
    tb_log(&t, "bfs pim-only: launch wait cycles %.0f, kernel host instructions %.0f, PE %.0f\n", lw, kh, kp);
    tb_expect_u64(&t, "pim-only: launch waits counted", lw > 0, 1);
    tb_expect_u64(&t, "pim-only: the host retires under 2% of the kernel", kh * 50 < kh + kp, 1);
  }
  free(on);
  free(off);
  free(pim);
  return tb_finish(&t);
}
