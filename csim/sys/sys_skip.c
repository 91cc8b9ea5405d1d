/* Idle skipping of the co-simulation system (sys_skip.h): the shortcuts
 * of sys_step and their caches.  Every limit below is exclusive: the cycle
 * at a limit is stepped. */
#include <stdlib.h>

#include "sys_int.h"

static uint64_t div_up(uint64_t a, uint64_t b) { return a == UINT64_MAX ? UINT64_MAX : a / b + (a % b != 0); }

/* ---------------------------------------------------------------- block answers */

/* The PMC's read port of core c for sel, read again only after a PMC step
 * or a new select (an idle PMC's registers do not change). */
static void pmc_port(struct sys *s, unsigned c, unsigned sel) {
  sys_skip_t *k = &s->skip;
  if (k->po_ok[c] && k->po_sel[c] == sel) return;
  s->po.rd_data[c] = s->pmc.read(s->pmc.ctx, c, sel);
  k->po_sel[c] = sel;
  k->po_ok[c] = 1;
}

/* The read ports of a cycle with the PMC idle, each core's select from its
 * IMU's Moore outputs (an idle wiring pass read them already). */
static void pmc_ports_idle(struct sys *s) {
  if (s->skip.wire_idle) return;
  for (unsigned c = 0; c < s->cfg.host.cores; c++) pmc_port(s, c, s->mo[c].pmc_rd_sel);
}

static int pmc_idle(const struct sys *s, const pmc_in_t *in) { return s->pmc.idle && s->pmc.idle(s->pmc.ctx, in); }
static int imu_idle_op(const struct sys *s, unsigned c) { return s->imu[c].idle && s->imu[c].idle(s->imu[c].ctx); }

void sys_skip_pmc_changed(struct sys *s) {
  s->skip.wire_idle = 0;
  for (unsigned c = 0; c < HOST_MAX_CORES; c++) s->skip.po_ok[c] = 0;
}

void sys_skip_imu_changed(struct sys *s, unsigned c) {
  s->skip.mo_ok[c] = 0;
  s->skip.imu_fresh[c] = 0;
  s->skip.wire_idle = 0;
}

/* ---------------------------------------------------------------- the wiring's shortcuts */

int sys_skip_wiring_repeats(struct sys *s, const pmc_in_t *events) {
  /* every IMU idle with its outputs and table read port up to date, the
   * PMC with nothing to count and its read ports read, the loop captures
   * taken: without a marker the pass would repeat the last one */
  return s->skip.wire_idle && !events->mshr_alloc && !events->mshr_free && !host_marker_any(s->host);
}

int sys_skip_pmc_idle(struct sys *s, const pmc_in_t *in) {
  if (!pmc_idle(s, in)) return 0;
  /* its step would change no register (C model: docs/pmc.md rules 2-6):
   * only the read ports are needed */
  for (unsigned c = 0; c < s->cfg.host.cores; c++) pmc_port(s, c, in->rd_sel[c]);
  return 1;
}

void sys_skip_pmc_stepped(struct sys *s) {
  s->skip.pass_idle = 0;
  for (unsigned c = 0; c < s->cfg.host.cores; c++) s->skip.po_ok[c] = 0;
}

int sys_skip_imu_idle(struct sys *s, unsigned c, const host_imu_out_t *hm) {
  if (hm->marker_valid || !imu_idle_op(s, c)) return 0;
  /* its step is a no-op.  The table read port is taken once after a real
   * step (the table cannot change while the steps are skipped). */
  if (!s->skip.imu_fresh[c]) {
    s->skip.imu_fresh[c] = 1;
    s->imu[c].read_port(s->imu[c].ctx, &s->io[c]);
  }
  return 1;
}

void sys_skip_imu_stepped(struct sys *s, unsigned c) {
  s->skip.pass_idle = 0;
  s->skip.imu_fresh[c] = 0;
  s->skip.mo_ok[c] = 0;
}

/* ---------------------------------------------------------------- jumping over idle cycles */

/* Cycles [now, T) of a skip: what each would have added. */
static void skip_to(struct sys *s, uint64_t T) {
  const uint64_t hclk = s->cfg.host.clk_ps;
  host_idle_skip(s->host, T);
  /* what the PMC read ports show in the last skipped cycle (PMC idle) */
  pmc_ports_idle(s);
  sys_pe_skip_span(s, (T - 1) * hclk);
}

/* Every IMU and the PMC idle, so that their steps in the skipped cycles
 * are no-ops; each IMU's table read port already taken (the loop
 * captures of those cycles would repeat the last one). */
static int blocks_idle(const struct sys *s) {
  static const pmc_in_t none; /* the PMC's input in an idle cycle: no event, no IMU control */
  if (!pmc_idle(s, &none)) return 0;
  /* wire_idle (the last wiring pass stepped nothing) already says so */
  if (s->skip.wire_idle) return 1;
  for (unsigned c = 0; c < s->cfg.host.cores; c++)
    if (!s->skip.imu_fresh[c] || !imu_idle_op(s, c)) return 0;
  return 1;
}

/* The host's bound (host_idle_until): it holds while nothing it reads has
 * changed, so within one idle span (PE edges stepped alone) it is asked
 * once, not every edge. */
static uint64_t host_bound(struct sys *s, uint64_t now) {
  sys_skip_t *k = &s->skip;
  const resv_t *rv = host_resv(s->host);
  const uint64_t gen = host_gen(s->host), done = hmc_dispatch_completed(s->disp);
  if (now < k->hb_val && gen == k->hb_gen && rv->kills == k->hb_kills && done == k->hb_done && s->memw == k->hb_memw) {
#ifdef SYS_CHECK_HB
    if (host_idle_until(s->host) != k->hb_val) abort();
#endif
    return k->hb_val;
  }
  k->hb_val = host_idle_until(s->host);
  k->hb_gen = gen;
  k->hb_kills = rv->kills;
  k->hb_done = done;
  k->hb_memw = s->memw;
  return k->hb_val;
}

/* The first PE edge that must be stepped (its time, UINT64_MAX: none):
 * every running PE idle until a response or running ahead; a local
 * response is taken at the first edge at or after its time. */
static uint64_t pe_bound_ps(struct sys *s) {
  const uint64_t pclk = s->cfg.pe_clk_ps;
  uint64_t edges_ps = UINT64_MAX;
  /* responses already handed over wait in the poll queues until the next
   * edge; taking them now changes nothing (they keep their time) */
  sys_pe_responses(s);
  for (unsigned pe = 0; pe < s->cfg.num_pes; pe++) {
    /* a lazy PE due after this edge (its response included; a PE not
     * running is due at UINT64_MAX): its due edge, from the compact array */
    const uint64_t due = s->pes.due[pe];
    if (due > s->pes.cycle) {
      if (due != UINT64_MAX && s->pes.t_ps + (due - s->pes.cycle) * pclk < edges_ps)
        edges_ps = s->pes.t_ps + (due - s->pes.cycle) * pclk;
      continue;
    }
    const sys_pe_t *p = &s->pes.pe[pe];
    if (!p->running) continue;
    const uint64_t left = sys_pe_unstepped(s, pe); /* its edge number left must be stepped */
    if (!left || (s->inval && sys_inval_busy(s, pe))) return s->pes.t_ps;
    if (left != UINT64_MAX && s->pes.t_ps + left * pclk < edges_ps) edges_ps = s->pes.t_ps + left * pclk;
    if (p->resp_ready) {
      const uint64_t e = p->resp_t_ps <= s->pes.t_ps ? s->pes.t_ps : s->pes.t_ps + div_up(p->resp_t_ps - s->pes.t_ps, pclk) * pclk;
      if (e < edges_ps) edges_ps = e;
    }
  }
  return edges_ps;
}

/* Advances the HMC where the per-cycle loop would have, from now up to
 * cycle *T included (sys_step may then skip host_step in cycle *T); stops
 * at the first cycle that hands over a response (to the host or to a PE),
 * or in which a write executed in a vault (a PE's or the host's vault
 * atomic, a write-back) broke an LR reservation: a hart asleep in wrs.nto
 * on it wakes in that very cycle, since host_step advances the HMC before
 * its cores dispatch (sim_skip_wake).  1 when it stopped so (*T is then
 * that cycle). */
static int hmc_until(struct sys *s, uint64_t now, uint64_t *T) {
  const uint64_t hclk = s->cfg.host.clk_ps;
  const resv_t *rv = host_resv(s->host);
  if (!hmc_inflight(s->hmc)) return 0;
  for (uint64_t m = now; m <= *T;) {
    const uint64_t first = div_up(hmc_next_event_ps(s->hmc), hclk);
    if (first > *T) break;
    if (first > m) m = first;
    const uint64_t before = hmc_inflight(s->hmc), kills = rv->kills;
    hmc_advance(s->hmc, m * hclk);
    if (hmc_inflight(s->hmc) != before || rv->kills != kills) {
      *T = m;
      return 1;
    }
    m++;
  }
  return 0;
}

/* Jumps over the host cycles from now on in which nothing but per-cycle
 * counters would change (docs/performance.md "Idle skipping"): the host
 * says how long it stays idle, the IMUs and the PMC must be idle (their
 * steps are then no-ops), every running PE must be idle or running ahead
 * (sys_pe_unstepped), the dispatcher must have no launch to activate, and the
 * first cycle at which the HMC hands over a response is a real step.
 * 1 when the current cycle (T) is still inside the host's idle span. */
static int skip_idle(struct sys *s) {
  const uint64_t now = host_cycle(s->host);
  const uint64_t hclk = s->cfg.host.clk_ps;
  if (!now || s->vcd || !blocks_idle(s)) return 0;
  const uint64_t hq = host_bound(s, now);
  if (hq <= now) return 0;
  uint64_t T = hq;
  if (T > s->cfg.max_cycles - 1) T = s->cfg.max_cycles - 1; /* the limit fails at its own cycle */
  /* a launch activates in the first cycle whose time reaches its ready time */
  const uint64_t dn = div_up(hmc_dispatch_next_ps(s->disp), hclk);
  if (dn < T) T = dn;
  if (s->pes.active) {
    const uint64_t pe_cyc = div_up(pe_bound_ps(s), hclk);
    if (pe_cyc < T) T = pe_cyc;
  }
  /* a bound in the past still leaves this cycle's host side idle */
  if (T < now) T = now;
  const int delivered = hmc_until(s, now, &T);
  if (T > now) skip_to(s, T);
  if (delivered) {
    /* cycle T's own advance already ran: hand the host its responses as
     * that advance would have (host_step may then see nothing in flight) */
    hmc_resp_t hr;
    for (unsigned l = 0; l < s->cfg.hmc.links && l < s->cfg.host.cores; l++)
      while (hmc_poll(s->hmc, hmc_port_link(l), &hr)) host_hmc_response(s->host, &hr);
    return 0;
  }
  /* cycle T is still inside the host's idle span (T stopped for a PE edge,
   * a launch or the cycle limit): only its PE side needs stepping */
  return T < hq;
}

int sys_skip_host(struct sys *s) {
  /* after a commit the next cycle is seldom idle: do not spend the check */
  if (!s->cfg.skip || (host_committed(s->host) && !s->cfg.host.core_interval) || !skip_idle(s)) return 0;
  /* an idle host cycle: host_step would only count, the idle IMU and PMC
   * steps are no-ops (skip_idle checked them) */
  host_idle_skip(s->host, host_cycle(s->host) + 1);
  pmc_ports_idle(s);
  return 1;
}
