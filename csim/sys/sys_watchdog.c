/* Progress watchdog (issue 20): a run whose kernel makes no progress for
 * sim.watchdog host cycles fails with one line, even while harts spin (a
 * spinning hart commits, so the host's stall limit never fires, and the
 * cycle limit of 2e9 cycles takes minutes to reach).
 *
 * Progress is what the kernel is for: a marked-loop iteration retires on a
 * host hart (cp.loop.iter accepted by its IMU), a PE retires an instruction
 * (PEs run only inside a launch), or a launch completes.  Called once per
 * host cycle from sys_step, after the cycle. */
#include "sys_int.h"

int sys_watchdog(struct sys *s) {
  const uint64_t now = host_cycle(s->host);
  /* wd_iter: a core's cp.loop.iter was accepted in this cycle (sys_host_cycle) */
  if (s->pe_insns != s->wd_pe_insns || s->wd_iter) {
    s->wd_pe_insns = s->pe_insns;
    s->wd_cycle = now;
    return 0;
  }
  if (!s->cfg.watchdog || now - s->wd_cycle < s->cfg.watchdog) return 0;
  /* completions are looked at only here: a rare event, a costly read */
  hmc_dispatch_stats_t ds;
  hmc_dispatch_stats(s->disp, &ds);
  if (ds.completed != s->wd_completed) {
    s->wd_completed = ds.completed;
    s->wd_cycle = now;
    return 0;
  }
  const rv32_hart_t *h0 = host_hart(s->host, 0);
  /* idle skipping (sim.skip) may overshoot the bound: both are named */
  sys_fail(s,
           "no progress for %llu host cycles, beyond sim.watchdog = %llu (no loop iteration, PE instruction or launch "
           "completed since cycle %llu; hart 0 at pc=0x%08x, %u PEs running)",
           (unsigned long long)(now - s->wd_cycle), (unsigned long long)s->cfg.watchdog,
           (unsigned long long)s->wd_cycle, h0->pc, s->pes.active);
  return -1;
}
