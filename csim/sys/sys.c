/* Co-simulation system: construction, the per-host-cycle wiring of host,
 * PMC, IMUs, HMC and dispatcher (sys.h).  The PE memory ports are in
 * sys_pe.c, loop tracking in sys_loops.c, idle skipping (the shortcuts
 * each step of the wiring takes when its blocks are idle) in sys_skip.c. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "../../sw/include/copim_mmio.h"
#include "elf.h"
#include "kref.h"
#include "sys_int.h"
#include "workload.h"

void sys_fail(struct sys *s, const char *fmt, ...) {
  if (s->failed) return;
  s->failed = 1;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(s->err, sizeof s->err, fmt, ap);
  va_end(ap);
}

/* ---------------------------------------------------------------- C-model ops */

static int c_pmc_step(void *ctx, const pmc_in_t *in, pmc_out_t *out) {
  pmc_step(ctx, in, out);
  return 0;
}
/* With nothing to count, clear or flush and no MSHR event, pmc_step changes
 * no register (docs/pmc.md rules 2-6). */
static int c_pmc_idle(void *ctx, const pmc_in_t *in) {
  (void)ctx;
  return !in->enable && !in->clear && !in->flush && !in->mshr_alloc && !in->mshr_free;
}
static uint64_t c_pmc_read(void *ctx, unsigned core, unsigned sel) { return pmc_read(ctx, core, sel); }
static void c_imu_moore(void *ctx, imu_out_t *out) { imu_moore(ctx, out); }
static int c_imu_step(void *ctx, const imu_in_t *in, imu_out_t *out) {
  imu_step(ctx, in, out);
  return 0;
}
static int c_imu_idle(void *ctx) { return imu_idle(ctx); }
static void c_imu_read_port(void *ctx, imu_out_t *out) { imu_read_port(ctx, out); }
static void c_pe_outputs(void *ctx, pe_out_t *out) { pe_outputs(ctx, out); }
static int c_pe_step(void *ctx, const pe_in_t *in, pe_out_t *out) {
  pe_step(ctx, in, out);
  return 0;
}
static const char *c_error(void *ctx) {
  (void)ctx;
  return "";
}
static void c_pmc_free(void *ctx) { pmc_free(ctx); }
static void c_imu_free(void *ctx) { imu_free(ctx); }
static void c_pe_free(void *ctx) { pe_free(ctx); }

void sys_set_pmc(sys_t *s, const sys_pmc_ops_t *ops) {
  if (s->pmc.free) s->pmc.free(s->pmc.ctx);
  s->pmc = *ops;
  sys_skip_pmc_changed(s);
}
void sys_set_imu(sys_t *s, unsigned core, const sys_imu_ops_t *ops) {
  if (core >= s->cfg.host.cores) return;
  if (s->imu[core].free) s->imu[core].free(s->imu[core].ctx);
  s->imu[core] = *ops;
  sys_skip_imu_changed(s, core);
}
void sys_set_pe(sys_t *s, unsigned pe, const sys_pe_ops_t *ops) {
  if (pe >= s->cfg.num_pes) return;
  if (s->pe[pe].free) s->pe[pe].free(s->pe[pe].ctx);
  s->pe[pe] = *ops;
  s->pe_c[pe] = 0;
}
void sys_set_block_modes(sys_t *s, sys_blk_mode_t pmc, sys_blk_mode_t imu, sys_blk_mode_t pe) {
  s->mode_pmc = pmc;
  s->mode_imu = imu;
  s->mode_pe = pe;
}

/* ---------------------------------------------------------------- dispatcher and host hooks */

static void d_start(void *ctx, unsigned pe, uint32_t boot_pc, uint64_t t_ps) {
  (void)t_ps;
  sys_pe_start(ctx, pe, boot_pc);
}

static unsigned d_vault_of(void *ctx, uint32_t addr) {
  const struct sys *s = ctx;
  hmc_addr_t a;
  hmc_decode(s->hmc, addr, &a);
  return a.vault;
}

static void d_done(void *ctx, uint32_t ticket, uint64_t t_ps) {
  (void)t_ps;
  sys_coh_launch_done(ctx, ticket);
}

static int h_launch(void *ctx, unsigned core, uint32_t desc, uint64_t now_ps, uint32_t *ticket) {
  struct sys *s = ctx;
  if (!s->have_pe_start) {
    sys_fail(s, "hart %u: cp.pim.launch at cycle %llu but the ELF has no _pe_start (the PEs' boot pc)", core,
             (unsigned long long)host_cycle(s->host));
    return -1;
  }
  int rc = hmc_dispatch_launch(s->disp, desc, now_ps, ticket);
  if (rc == HMC_OK) {
    uint32_t id = 0;
    if ((uint64_t)desc + 20 <= s->mem_bytes) memcpy(&id, s->mem + desc + 16, 4);
    id = id < SYS_MAX_LOOPS ? id : 0;
    s->loops[id].launches++;
    s->launches++;
    sys_coh_launch(s, core, *ticket, id);
    return 0;
  }
  if (rc == HMC_STALL) return 1;
  sys_fail(s, "hart %u: cp.pim.launch with a bad descriptor at 0x%08x (cycle %llu)", core, desc,
           (unsigned long long)host_cycle(s->host));
  return -1;
}

static int h_done(void *ctx, unsigned core, uint32_t ticket, uint64_t now_ps) {
  (void)core;
  (void)now_ps;
  struct sys *s = ctx;
  return hmc_dispatch_done(s->disp, ticket);
}

/* Loop names (LOOP_NAME) and kernel marks (KERNEL_MARK) are device stores
 * the host model handles without telling anyone: watch for them here. */
static void h_retire(void *ctx, unsigned core, const rv32_result_t *r) {
  struct sys *s = ctx;
  if (r->pc - s->sync_lo < s->sync_hi - s->sync_lo) {
    s->sync_insns++;
    if (s->kmark == 1) s->sync_insns_kernel++;
  }
  if (s->pei && (r->mem == 1 || r->mem == 2) && r->mem_addr < COPIM_MMIO_BASE) pol_pei_access(s->pei, r->mem_addr);
  if (r->mem != 2 || r->mem_addr < COPIM_MMIO_BASE) return;
  const uint32_t v = host_hart(s->host, core)->x[(r->insn >> 20) & 31];
  const uint32_t off = r->mem_addr - COPIM_MMIO_BASE;
  if (off == COPIM_MMIO_LOOP_NAME) {
    char buf[64];
    size_t i = 0;
    for (; i + 1 < sizeof buf && (uint64_t)v + i < s->mem_bytes && s->mem[v + i]; i++) buf[i] = (char)s->mem[v + i];
    buf[i] = 0;
    unsigned id;
    const char *name;
    if (mmio_loop_name(buf, &id, &name) || id >= SYS_MAX_LOOPS) return;
    snprintf(s->loops[id].name, sizeof s->loops[id].name, "%s", name);
  } else if (off == COPIM_MMIO_PIM_REGION_BASE) {
    s->pim_lo = v;
  } else if (off == COPIM_MMIO_PIM_REGION_END) {
    s->pim_hi = v;
  } else if (off == COPIM_MMIO_KERNEL_MARK) {
    const int k = mmio_kernel_mark(s->kmark, v);
    if (k == 1 && s->kmark == 0) s->pe_insns_k0 = s->pe_insns;
    if (k == 2 && s->kmark == 1) s->pe_insns_kernel = s->pe_insns - s->pe_insns_k0;
    s->kmark = k;
  }
}

/* Per-AMO placement of the policy (host.h amo_site). */
static int h_amo_site(void *ctx, unsigned core, uint32_t addr, unsigned funct5) {
  (void)core;
  (void)funct5;
  struct sys *s = ctx;
  switch (s->pol->amo_site) {
    case SYS_AMO_MEMORY: return 1;
    case SYS_AMO_PIM_REGION: return addr >= s->pim_lo && addr < s->pim_hi; /* GraphPIM: the property region */
    case SYS_AMO_LOCALITY: return pol_pei_amo(s->pei, addr); /* PEI: memory unless a predicted LLC hit */
    default: return 0;
  }
}

void sys_vault_write(void *ctx, uint64_t addr, unsigned n) {
  struct sys *s = ctx;
  s->memw++;
  resv_write(host_resv(s->host), addr, n);
}

/* ---------------------------------------------------------------- construction */

static int imu_cfg_write(struct sys *s, unsigned addr, uint32_t data) {
  for (unsigned c = 0; c < s->cfg.host.cores; c++) {
    imu_in_t in;
    memset(&in, 0, sizeof in);
    in.marker_op = IMU_OP_NONE;
    in.cfg_we = 1;
    in.cfg_addr = addr;
    in.cfg_wdata = data;
    imu_out_t o;
    sys_skip_imu_changed(s, c);
    if (s->imu[c].step(s->imu[c].ctx, &in, &o)) {
      sys_fail(s, "%s", s->imu[c].error(s->imu[c].ctx));
      return -1;
    }
  }
  return 0;
}

/* Programs every IMU for the policy: the configuration cycles come before
 * host cycle 0 and are not counted. */
static int imu_program(struct sys *s) {
  const sys_cfg_t *c = &s->cfg;
  if (imu_cfg_write(s, IMU_CFG_MODE, (uint32_t)s->pol->imu_mode) ||
      imu_cfg_write(s, IMU_CFG_FRACTION, c->imu_fraction) ||
      imu_cfg_write(s, IMU_CFG_THRESHOLD, c->imu_threshold) ||
      imu_cfg_write(s, IMU_CFG_MIN_SAMPLE, c->imu_min_sample) ||
      imu_cfg_write(s, IMU_CFG_MPKI_THR, c->imu_mpki_thr) || imu_cfg_write(s, IMU_CFG_CTRL, c->imu_sticky & 1))
    return -1;
  const uint32_t mask = (1u << c->imu.plan_w) - 1;
  for (int i = 0; i < s->plan.n; i++)
    if (imu_cfg_write(s, IMU_CFG_PLAN, (uint32_t)s->plan.site[i] << 31 | (s->plan.id[i] & mask))) return -1;
  /* one idle cycle: a write takes effect in the next cycle */
  for (unsigned k = 0; k < s->cfg.host.cores; k++) {
    imu_in_t in;
    memset(&in, 0, sizeof in);
    in.marker_op = IMU_OP_NONE;
    imu_out_t o;
    if (s->imu[k].step(s->imu[k].ctx, &in, &o)) {
      sys_fail(s, "%s", s->imu[k].error(s->imu[k].ctx));
      return -1;
    }
  }
  return 0;
}

sys_t *sys_new(const sys_cfg_t *cfg, const char *elf, const graph_t *g, const graph_kparams_t *kp,
               const sys_policy_t *pol, const sys_plan_t *plan, char *err, size_t cap) {
  if (sys_cfg_check(cfg, err, cap)) return NULL;
  if (pol->imu_mode < 0) {
    snprintf(err, cap, "policy '%s' is not implemented yet (%s)", pol->name, pol->what);
    return NULL;
  }
  if (pol->needs_plan && (!plan || !plan->n)) {
    snprintf(err, cap, "policy '%s' needs a plan: --plan FILE with '<loop> pim|host' lines", pol->name);
    return NULL;
  }
  struct sys *s = calloc(1, sizeof *s);
  if (!s) {
    snprintf(err, cap, "sys: out of memory");
    return NULL;
  }
  s->cfg = *cfg;
  s->pol = pol;
  /* A policy may bring its own sample fraction (copim-ab) unless one was
   * set; resolved here so that the JSON's params show what the IMU holds. */
  if (pol->imu_fraction && cfg->imu_fraction == IMU_FRACTION_DEFAULT) s->cfg.imu_fraction = pol->imu_fraction;
  /* the fast mode turns on every approximate model there is (issue 50: the
   * HMC's so far), resolved here so that the JSON's params show it */
  if (cfg->mode) s->cfg.hmc.fast = 1;
  if (s->cfg.host.mem_atonce && !s->cfg.hmc.fast) {
    snprintf(err, cap, "sys: host.mem=atonce needs the fast HMC (sim.mode=fast or hmc.fast=1): the exact HMC "
             "knows a miss's completion only when it comes out");
    free(s);
    return NULL;
  }
  if (s->cfg.host.core_interval && !s->cfg.host.mem_atonce) {
    snprintf(err, cap, "sys: host.core=interval needs host.mem=atonce: it times a load when it dispatches");
    free(s);
    return NULL;
  }
  if (s->cfg.pe_window && !s->cfg.hmc.fast) {
    snprintf(err, cap, "sys: sim.pe_window=%u needs the fast HMC (sim.mode=fast or hmc.fast=1): the exact HMC "
             "knows a request's completion only when it comes out", s->cfg.pe_window);
    free(s);
    return NULL;
  }
  if (plan) s->plan = *plan;
  s->g = g;
  s->kp = *kp;
  s->cfg.pmc.num_cores = cfg->host.cores;
  s->cfg.pmc.num_mshr = cfg->host.llc.mshrs;
  s->cfg.imu.cnt_w = s->cfg.pmc.cnt_w;
  s->cfg.host.num_pes = cfg->num_pes;
  s->cfg.host.max_cycles = cfg->max_cycles;
  s->cfg.host.coh_free = cfg->pim_coherence;
  /* graph image */
  graph_mem_t m;
  graph_err_t gerr;
  if (graph_image_build(g, kp, GRAPH_IMAGE_BASE, &m, &gerr)) {
    snprintf(err, cap, "%s", gerr.msg);
    free(s);
    return NULL;
  }
  size_t need = ((size_t)m.base + m.len + (1u << 20) - 1) & ~(size_t)((1u << 20) - 1);
  s->mem_bytes = need;
  s->mem = calloc(1, s->mem_bytes);
  if (!s->mem || sys_coh_new(s)) {
    snprintf(err, cap, "sys: cannot allocate %zu bytes of simulated memory", s->mem_bytes);
    graph_mem_free(&m);
    sys_free(s);
    return NULL;
  }
  memcpy(s->mem + m.base, m.bytes, m.len);
  graph_mem_free(&m);
  /* models */
  s->hmc = hmc_new(&s->cfg.hmc, s->mem, s->mem_bytes);
  if (!s->hmc) {
    snprintf(err, cap, "bad HMC configuration (see the line above)");
    sys_free(s);
    return NULL;
  }
  s->host = host_new(&s->cfg.host, s->mem, s->mem_bytes, s->hmc, err, cap);
  if (!s->host) {
    sys_free(s);
    return NULL;
  }
  /* the windowed PE sends ahead of the system's time: the fast HMC's banks
   * then take requests out of time order (closed page; else in order) */
  /* so does the interval core, whose accesses are made when they dispatch */
  if (s->cfg.host.core_interval && hmc_fast_set_ooo_links(s->hmc))
    fprintf(stderr, "copim-sim: host.core=interval with hmc.open_page=1: the fast HMC's banks stay in send order "
                    "(docs/hmc.md \"Requests out of time order\")\n");
  if (s->cfg.pe_window && hmc_fast_set_ooo(s->hmc))
    fprintf(stderr, "copim-sim: sim.pe_window with hmc.open_page=1: the fast HMC's banks stay in send order, so "
                    "requests sent ahead delay earlier ones (docs/hmc.md \"Requests out of time order\")\n");
  /* vault atomics clear the LR/SC reservations of cores and PEs */
  hmc_set_write_hook(s->hmc, sys_vault_write, s);
  if (host_load_elf(s->host, elf, err, cap)) {
    sys_free(s);
    return NULL;
  }
  {
    /* the PEs' boot pc; a program without one fails only if it launches */
    uint32_t pc = 0;
    elf_t *e = elf_open(elf, err, cap);
    s->have_pe_start = e && elf_symbol(e, "_pe_start", &pc);
    /* the runtime's barrier: its spinning is reported apart (docs/stats.md) */
    uint32_t lo = 0, n = 0;
    if (e && elf_symbol_range(e, "rt_barrier", &lo, &n)) {
      s->sync_lo = lo;
      s->sync_hi = lo + n;
    }
    elf_free(e);
    s->pe_start = pc;
  }
  /* pim.pe_inval=written: the PEs boot at _pe_start_warm (sys_inval.c) */
  if ((cfg->pim_pe_inval || cfg->pim_inval_stats) && sys_inval_new(s, elf, err, cap)) {
    sys_free(s);
    return NULL;
  }
  if (sys_pe_new(s)) {
    snprintf(err, cap, "sys: out of memory");
    sys_free(s);
    return NULL;
  }
  hmc_dispatch_cfg_t dc = HMC_DISPATCH_CFG_DEFAULT;
  dc.num_pes = cfg->num_pes;
  dc.boot_pc = s->pe_start;
  dc.sched = cfg->pim_sched;
  dc.chunk = cfg->pim_chunk;
  dc.concurrent = cfg->pim_concurrent;
  dc.place = cfg->pim_place;
  dc.counter_base = COPIM_WORKCTR_BASE;
  dc.block_bytes = cfg->hmc.block_bytes;
  hmc_dispatch_ops_t dops = {d_start, d_done, d_vault_of, s};
  s->disp = hmc_dispatch_new(&dc, &dops, s->mem, s->mem_bytes);
  if (!s->disp) {
    snprintf(err, cap, "bad dispatcher configuration (see the line above)");
    sys_free(s);
    return NULL;
  }
  if (pol->amo_site == SYS_AMO_LOCALITY) {
    /* PEI: 10-bit partial tags, the LLC's sets and ways (docs/policies.md) */
    s->pei = pol_pei_new(cfg->host.llc.bytes, cfg->host.llc.ways, 64, 10);
    if (!s->pei) {
      snprintf(err, cap, "pei: no locality monitor for an LLC of %u bytes, %u ways", cfg->host.llc.bytes, cfg->host.llc.ways);
      sys_free(s);
      return NULL;
    }
  }
  host_hooks_t hk = {.ctx = s, .pim_launch = h_launch, .pim_done = h_done, .retire = h_retire,
                     .amo_site = pol->amo_site == SYS_AMO_CACHE ? NULL : h_amo_site};
  host_set_hooks(s->host, &hk);
  pmc_t *pmc = pmc_new(&s->cfg.pmc);
  if (!pmc) {
    snprintf(err, cap, "bad PMC configuration (see the line above)");
    sys_free(s);
    return NULL;
  }
  s->pmc = (sys_pmc_ops_t){pmc, c_pmc_step, c_error, c_pmc_free, c_pmc_idle, c_pmc_read};
  for (unsigned c = 0; c < cfg->host.cores; c++) {
    imu_t *m2 = imu_new(&s->cfg.imu);
    if (!m2) {
      snprintf(err, cap, "bad IMU configuration (see the line above)");
      sys_free(s);
      return NULL;
    }
    s->imu[c] = (sys_imu_ops_t){m2, c_imu_moore, c_imu_step, c_error, c_imu_free, c_imu_idle, c_imu_read_port};
  }
  for (unsigned p = 0; p < cfg->num_pes; p++) {
    pe_t *pe = pe_new(&s->cfg.pe);
    if (!pe) {
      snprintf(err, cap, "bad PE configuration (see the line above)");
      sys_free(s);
      return NULL;
    }
    s->pe[p] = (sys_pe_ops_t){pe, c_pe_outputs, c_pe_step, c_error, c_pe_free};
    s->pe_c[p] = 1;
  }
  return s;
}

void sys_free(sys_t *s) {
  if (!s) return;
  sys_vcd_close(s);
  if (s->pmc.free) s->pmc.free(s->pmc.ctx);
  for (unsigned c = 0; c < HOST_MAX_CORES; c++)
    if (s->imu[c].free) s->imu[c].free(s->imu[c].ctx);
  for (unsigned p = 0; p < SYS_MAX_PES; p++)
    if (s->pe[p].free) s->pe[p].free(s->pe[p].ctx);
  hmc_dispatch_free(s->disp);
  sys_inval_free(s->inval);
  sys_pe_free(s);
  pol_pei_free(s->pei);
  host_free(s->host);
  hmc_free(s->hmc);
  sys_coh_free(s);
  sys_loops_free(s);
  free(s->mem);
  free(s);
}

/* ---------------------------------------------------------------- the cycle */

static int sys_host_cycle(struct sys *s, int *rcp);
static int sys_finish_cycle(struct sys *s, int rc);

int sys_step(sys_t *s) {
  if (s->failed) return -1;
  if (s->finished) return 1;
  if (!s->programmed) {
    s->programmed = 1;
    if (imu_program(s)) return -1;
  }
  int rc = 0;
  s->wd_iter = 0;
  /* the host side (steps 1-4 of sys.h), or only its counters in an idle cycle */
  if (!sys_skip_host(s) && sys_host_cycle(s, &rc)) return -1;
  /* step 5: the PE edges up to this cycle's time */
  sys_pe_side(s);
  return sys_finish_cycle(s, rc);
}

/* Step 1: each IMU's Moore outputs to the host (marker_ready, verdict). */
static void wire_imu_moore(struct sys *s) {
  if (s->skip.wire_idle) return; /* an idle last pass read them all (nothing stepped since) */
  for (unsigned c = 0; c < s->cfg.host.cores; c++) {
    /* they hold until the IMU's next step */
    if (sys_skip_moore_held(&s->skip, c)) continue;
    s->imu[c].moore(s->imu[c].ctx, &s->mo[c]);
    const host_imu_in_t hi = {s->mo[c].marker_ready, s->mo[c].verdict_valid, s->mo[c].verdict};
    host_imu_set(s->host, c, &hi);
    sys_skip_moore_read(&s->skip, c);
  }
}

/* Step 3: the PMC, from the LLC's ports (events: the MSHR events) and each
 * IMU's control.  -1 on a failure. */
static int wire_pmc(struct sys *s, const pmc_in_t *events) {
  pmc_in_t pin = *events;
  for (unsigned c = 0; c < s->cfg.host.cores; c++) {
    const uint64_t b = 1ull << c;
    pin.clear |= s->mo[c].pmc_clear ? b : 0;
    pin.enable |= s->mo[c].pmc_enable ? b : 0;
    pin.flush |= s->mo[c].pmc_flush ? b : 0;
    pin.rd_sel[c] = (uint8_t)s->mo[c].pmc_rd_sel;
  }
  if (sys_skip_pmc_idle(s, &pin)) return 0;
  /* the activity bitmaps are computed only for a step */
  const pmc_in_t *act = host_pmc_ports(s->host);
  pin.hit_act = act->hit_act;
  pin.miss_act = act->miss_act;
  sys_skip_pmc_stepped(s);
  if (s->pmc.step(s->pmc.ctx, &pin, &s->po)) {
    sys_fail(s, "%s", s->pmc.error(s->pmc.ctx));
    return -1;
  }
  return 0;
}

/* Step 4 for core c: its IMU from the core's marker, instructions retired,
 * the PMC's read data and the table read id; then the loop tracking of
 * the cycle.  -1 on a failure. */
static int wire_imu(struct sys *s, unsigned c) {
  const host_imu_out_t *hm = host_imu_get(s->host, c);
  const imu_out_t *m = &s->mo[c];
  if (!sys_skip_imu_idle(s, c, hm)) {
    imu_in_t ii;
    memset(&ii, 0, sizeof ii);
    ii.marker_valid = hm->marker_valid;
    ii.marker_op = hm->marker_valid ? hm->marker_op : IMU_OP_NONE;
    ii.marker_id = hm->marker_id;
    ii.marker_trip = hm->marker_trip;
    ii.instr_ret = hm->instr_ret;
    ii.pmc_rd_data = s->po.rd_data[c];
    /* The read port answers a cycle after its id (docs/imu.md): present
     * the id the loop tracking holds from the next cycle on (a begin
     * accepted now at depth 0 moves it, sys_track), so every cycle's
     * answer is the tracked loop's entry as it stands then. */
    ii.tbl_rd_id = sys_track_starts(s, c, hm) ? hm->marker_id : s->track[c].id;
    sys_skip_imu_stepped(s, c);
    if (s->imu[c].step(s->imu[c].ctx, &ii, &s->io[c])) {
      sys_fail(s, "%s", s->imu[c].error(s->imu[c].ctx));
      return -1;
    }
  }
  /* the loop statistics move only on a verdict or an accepted marker */
  if (m->verdict_valid || (hm->marker_valid && m->marker_ready)) {
    sys_track(s, c, hm);
    s->wd_iter |= hm->marker_valid && m->marker_ready && hm->marker_op == IMU_OP_ITER;
  }
  sys_track_t *tr = &s->track[c];
  if (tr->active && s->io[c].tbl_rd_hit) {
    tr->cap_valid = 1;
    tr->cap_num = s->io[c].tbl_rd_num;
    tr->cap_den = s->io[c].tbl_rd_den;
    tr->cap_sampled = s->io[c].tbl_rd_sampled;
  }
  return 0;
}

/* The host side of one cycle, steps 1-4 of sys.h.  -1 on a failure. */
static int sys_host_cycle(struct sys *s, int *rcp) {
  wire_imu_moore(s);
  const int rc = host_step(s->host);
  *rcp = rc;
  if (rc < 0) {
    sys_fail(s, "%s", host_error(s->host));
    return -1;
  }
  if (s->failed) return -1;
  /* the MSHR events only: the activity bitmaps are computed when a PMC
   * step needs them */
  const pmc_in_t *events = host_pmc_events(s->host);
  if (sys_skip_wiring_repeats(s, events)) return 0;
  sys_skip_pass_begin(&s->skip);
  if (wire_pmc(s, events)) return -1;
  for (unsigned c = 0; c < s->cfg.host.cores; c++)
    if (wire_imu(s, c)) return -1;
  sys_skip_pass_end(&s->skip);
  return 0;
}

/* The end of a cycle: waveform, PE exit, the host's exit, the cycle limit. */
static int sys_finish_cycle(struct sys *s, int rc) {
  if (s->vcd) sys_vcd_sample(s);
  if (s->failed) return -1;
  uint32_t pe_code;
  int pe_who;
  if (mmio_exited(s->pes.dev, &pe_code, &pe_who)) {
    char con[201];
    snprintf(con, sizeof con, "%.200s", mmio_console(s->pes.dev));
    for (char *q = con; *q; q++)
      if (*q == '\n' || *q == '\r') *q = ' ';
    sys_fail(s, "PE %d wrote EXIT = %u at PE cycle %llu (host cycle %llu); PE console: %s", pe_who, pe_code,
             (unsigned long long)s->pes.cycle, (unsigned long long)host_cycle(s->host), con);
    return -1;
  }
  if (rc == 1) {
    if (s->inval && sys_inval_finish(s)) return -1;
    s->finished = 1;
    host_exited(s->host, &s->exit_code);
    sys_loops_finish(s);
    return 1;
  }
  if (sys_watchdog(s)) return -1;
  const uint64_t now = host_cycle(s->host);
  if (s->cfg.coh_check && now % s->cfg.coh_check == 0) {
    char e[256];
    if (host_check_coherence(s->host, e, sizeof e)) {
      sys_fail(s, "sim.coh_check: %s", e);
      return -1;
    }
  }
  if (now >= s->cfg.max_cycles &&
      (!sys_max_cycles_soft(&s->cfg) || now / SYS_MAX_CYCLES_BACKSTOP >= s->cfg.max_cycles)) {
    const rv32_hart_t *h0 = host_hart(s->host, 0);
    const int soft = sys_max_cycles_soft(&s->cfg);
    sys_fail(s, "cycle limit %llu reached (hart 0 at pc=0x%08x, %u PEs running); --max-cycles N (sim.max_cycles) "
             "raises it", (unsigned long long)(soft ? now : s->cfg.max_cycles), h0->pc, s->pes.active);
    return -1;
  }
  return 0;
}

int sys_run(sys_t *s, void (*progress)(void *ctx, const sys_t *s), void *ctx) {
  int rc = 0;
  while (!rc) {
    const uint64_t c0 = host_cycle(s->host);
    rc = sys_step(s);
    if (progress && (c0 >> 20) != (host_cycle(s->host) >> 20)) progress(ctx, s); /* skips may jump a multiple */
  }
  if (rc < 0) return -1;
  if (s->exit_code) {
    char con[201];
    snprintf(con, sizeof con, "%.200s", host_console(s->host));
    for (char *q = con; *q; q++)
      if (*q == '\n' || *q == '\r') *q = ' ';
    sys_fail(s, "the program exited with code %u at host cycle %llu; console: %s", s->exit_code,
             (unsigned long long)host_cycle(s->host), con);
    return -1;
  }
  return 0;
}

const char *sys_error(const sys_t *s) { return s->err; }
uint64_t sys_cycle(const sys_t *s) { return host_cycle(s->host); }
uint64_t sys_pe_cycle(const sys_t *s) { return s->pes.cycle; }
const sys_cfg_t *sys_config(const sys_t *s) { return &s->cfg; }
host_t *sys_host(sys_t *s) { return s->host; }

uint64_t sys_insns(const sys_t *s) {
  host_stats_t st;
  host_stats(s->host, &st);
  uint64_t n = s->pe_insns;
  for (unsigned c = 0; c < s->cfg.host.cores; c++) n += st.core[c].insns;
  return n;
}

static void rd_sys(void *ctx, uint32_t addr, void *p, size_t n) {
  const struct sys *s = ctx;
  uint8_t *b = p;
  for (size_t i = 0; i < n; i++) b[i] = (uint64_t)addr + i < s->mem_bytes ? s->mem[addr + i] : 0;
}

int sys_verify(sys_t *s, char *why, size_t cap) {
  if (!s->verified_done) {
    workload_result_t res;
    memset(&res, 0, sizeof res);
    workload_verify(s->g, &s->kp, rd_sys, s, &res);
    s->verified = res.verified;
    s->iterations = res.iterations;
    s->ref_iterations = res.ref_iterations;
    snprintf(s->why, sizeof s->why, "%s", res.why);
    s->verified_done = 1;
  }
  if (why) snprintf(why, cap, "%s", s->why);
  return s->verified;
}
