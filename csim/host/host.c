/* Behavioural host: harts, functional memory callbacks, MMIO page hooks,
 * custom-0, IMU/PMC wiring, the event heap and the cycle loop (host.h). */
#include <stdlib.h>
#include <string.h>

#include "../../sw/include/copim_mmio.h"
#include "elf.h"
#include "host_int.h"

/* ---------------------------------------------------------------- memory */

static int dram(const struct host *h, uint32_t addr, uint32_t n) {
  return addr >= COPIM_TEXT_BASE && (uint64_t)addr + n <= h->mem_bytes;
}

static uint64_t committed_all(const struct host *h) {
  uint64_t n = 0;
  for (unsigned c = 0; c < h->cfg.cores; c++) n += h->core[c].st.insns;
  return n;
}

/* ---------------------------------------------------------------- MMIO page hooks (mmio.h) */

static uint64_t dev_clock(void *ctx) { return ((const struct host *)ctx)->now; }

static int dev_store(void *ctx, int agent, uint32_t off, uint32_t v) {
  (void)agent;
  struct host *h = ctx;
  switch (off) {
    case COPIM_MMIO_KERNEL_MARK:
      if (v == COPIM_KERNEL_START) {
        h->st.kernel_start = h->now;
        h->kernel_insn0 = committed_all(h);
      } else if (v == COPIM_KERNEL_END && h->st.kernel_start) {
        h->st.kernel_end = h->now;
        h->st.kernel_insns = committed_all(h) - h->kernel_insn0;
      }
      return 0;
    case COPIM_MMIO_PIM_REGION_BASE: h->st.pim_region_base = v; return 0;
    case COPIM_MMIO_PIM_REGION_END: h->st.pim_region_end = v; return 0;
    default: return dram(h, v, 1) ? 0 : -1; /* LOOP_NAME: a string in memory (the system reads it at retire) */
  }
}

static int cb_fetch(void *ctx, uint32_t addr, uint32_t *insn) {
  host_core_t *c = ctx;
  if (!dram(c->h, addr, 4)) return -1;
  memcpy(insn, c->h->mem + addr, 4);
  return 0;
}

static int cb_load(void *ctx, uint32_t addr, unsigned size, uint32_t *val) {
  host_core_t *c = ctx;
  struct host *h = c->h;
  if (mmio_is_page(addr)) return mmio_read(h->mmio, MMIO_HOST, addr - COPIM_MMIO_BASE, size, val);
  if (!dram(h, addr, size)) return -1;
  /* fixed-size copies: a memcpy of a variable size is a libc call */
  const uint8_t *p = h->mem + addr;
  if (size == 4) {
    uint32_t v;
    memcpy(&v, p, 4);
    *val = v;
  } else if (size == 2) {
    uint16_t v;
    memcpy(&v, p, 2);
    *val = v;
  } else {
    *val = p[0];
  }
  return 0;
}

static int cb_store(void *ctx, uint32_t addr, unsigned size, uint32_t val) {
  host_core_t *c = ctx;
  struct host *h = c->h;
  if (mmio_is_page(addr)) return mmio_write(h->mmio, MMIO_HOST, addr - COPIM_MMIO_BASE, size, val);
  if (!dram(h, addr, size)) return -1;
  uint8_t *p = h->mem + addr;
  if (size == 4) memcpy(p, &val, 4);
  else if (size == 2) {
    const uint16_t v = (uint16_t)val;
    memcpy(p, &v, 2);
  } else p[0] = (uint8_t)val;
  resv_write(&h->resv, addr, size);
  return 0;
}

static int cb_amo(void *ctx, unsigned funct5, uint32_t addr, uint32_t operand, uint32_t *result) {
  host_core_t *c = ctx;
  struct host *h = c->h;
  if (!dram(h, addr, 4)) return -1;
  uint32_t old;
  memcpy(&old, h->mem + addr, 4);
  if (funct5 == RV32_AMO_LR) {
    resv_lr(&h->resv, c->id, addr);
    *result = old;
    return 0;
  }
  if (funct5 == RV32_AMO_SC) {
    *result = !resv_sc(&h->resv, c->id, addr);
    if (!*result) {
      memcpy(h->mem + addr, &operand, 4);
      resv_write(&h->resv, addr, 4);
    }
    return 0;
  }
  if (c->amo_defer) {
    /* posted to a vault, rd = x0: the vault performs it (host_mem_amo_posted) */
    *result = 0;
    return 0;
  }
  uint32_t nv = rv32_amo_apply(funct5, old, operand);
  memcpy(h->mem + addr, &nv, 4);
  resv_write(&h->resv, addr, 4);
  *result = old;
  return 0;
}

static int cb_custom(void *ctx, rv32_hart_t *hart, const rv32_insn_t *d, uint32_t rs1, uint32_t rs2, uint32_t *rd) {
  (void)hart;
  (void)d;
  (void)rs1;
  (void)rs2;
  host_core_t *c = ctx;
  *rd = c->custom_rd;
  return 0;
}

/* ---------------------------------------------------------------- life cycle */

static int cfg_ok(const host_cfg_t *g, char *err, size_t cap) {
  const host_cache_cfg_t *cc[4] = {&g->l1i, &g->l1d, &g->l2, &g->llc};
  const char *nm[4] = {"l1i", "l1d", "l2", "llc"};
  if (g->cores < 1 || g->cores > HOST_MAX_CORES || !g->clk_ps || g->width < 1 || g->width > 16 || g->rob < 4 ||
      g->rob > 1024 || g->lq < 1 || g->sq < 1 || g->sq > 1024 || g->alus < 1 || g->muls < 1 || g->load_ports < 1 ||
      g->bp_hist < 1 || g->bp_hist > 24 || g->itb_bits > 20 || g->ras > 256 || g->lat_alu < 1 || g->lat_alu > 255 ||
      !g->max_cycles) {
    snprintf(err, cap, "host: core configuration out of range (cores 1..%d, width 1..16, rob 4..1024, sq 1..1024, "
                       "units and latencies >= 1, bp_hist 1..24)", HOST_MAX_CORES);
    return 0;
  }
  for (unsigned i = 0; i < 4; i++) {
    uint32_t lines = cc[i]->bytes >> HOST_LINE_BITS;
    if (!cc[i]->ways || lines < cc[i]->ways || lines % cc[i]->ways || ((lines / cc[i]->ways) & (lines / cc[i]->ways - 1)) ||
        cc[i]->mshrs < 1 || cc[i]->mshrs > (i == 3 ? 64u : 32u) || !cc[i]->lat) {
      snprintf(err, cap, "host: %s configuration out of range (%u bytes, %u ways, %u MSHRs, latency %u): sets must be "
                         "a power of two, 1..32 MSHRs (LLC 1..64), latency >= 1", nm[i], cc[i]->bytes, cc[i]->ways,
               cc[i]->mshrs, cc[i]->lat);
      return 0;
    }
  }
  return 1;
}

/* A core's reset: the exact core's state, and the interval core's. */
static void core_reset(host_core_t *k, uint32_t pc) {
  host_core_reset(k, pc);
  host_ival_reset(k);
}

host_t *host_new(const host_cfg_t *cfg, uint8_t *mem, size_t mem_bytes, hmc_t *hmc, char *err, size_t cap) {
  if (!cfg_ok(cfg, err, cap)) return NULL;
  if (!mem || mem_bytes < 0x2000 || mem_bytes > 0x80000000ull) {
    snprintf(err, cap, "host: functional memory must be 8 KiB..2 GiB");
    return NULL;
  }
  struct host *h = calloc(1, sizeof *h);
  if (!h) {
    snprintf(err, cap, "host: out of memory");
    return NULL;
  }
  h->cfg = *cfg;
  h->mem = mem;
  h->mem_bytes = mem_bytes;
  h->hmc = hmc;
  if (hmc) hmc_set_posted_hook(hmc, host_mem_posted_done, h);
  const mmio_cfg_t mc = {cfg->cores, cfg->num_pes, cfg->echo_console};
  const mmio_hooks_t mh = {h, dev_clock, dev_store, NULL};
  h->mmio = mmio_new(&mc, &mh);
  const host_mem_up_t up = {host_core_load_done, host_core_fetch_done, host_core_store_wake};
  int bad = !h->mmio || host_mem_init(h, &up);
  for (unsigned c = 0; c < cfg->cores && !bad; c++) {
    host_core_t *k = &h->core[c];
    bad = host_core_init(k, h, c) || (cfg->core_interval && host_ival_init(k));
    k->bus = (rv32_bus_t){k, cb_fetch, cb_load, cb_store, cb_amo, NULL, cb_custom};
  }
  if (bad) {
    host_free(h);
    snprintf(err, cap, "host: out of memory");
    return NULL;
  }
  for (unsigned c = 0; c < cfg->cores; c++) core_reset(&h->core[c], COPIM_TEXT_BASE);
  for (unsigned c = 0; c < PMC_MAX_CORES; c++) h->pmc_in.rd_sel[c] = PMC_SEL_NONE;
  const char *bias = getenv("COPIM_HOST_ATONCE_BIAS_PCT"); /* planted fault, tests only */
  h->iv_bias_pct = bias ? (unsigned)strtoul(bias, NULL, 10) : 0;
  const char *ibias = getenv("COPIM_HOST_IVAL_BIAS_PCT"); /* planted fault, tests only */
  h->ic_bias_pct = ibias ? (unsigned)strtoul(ibias, NULL, 10) : 0;
  return h;
}

void host_free(host_t *h) {
  if (!h) return;
  for (unsigned c = 0; c < h->cfg.cores; c++) {
    host_ival_fini(&h->core[c]);
    host_core_fini(&h->core[c]);
  }
  host_mem_fini(h);
  host_ev_fini(h);
  mmio_free(h->mmio);
  free(h);
}

void host_set_hooks(host_t *h, const host_hooks_t *hooks) {
  h->hooks = *hooks;
  h->gen++;
}
uint64_t host_gen(const host_t *h) { return h->gen; }
uint64_t host_cycle(const host_t *h) { return h->now; }
const char *host_error(const host_t *h) { return h->failed ? h->err : ""; }
const rv32_hart_t *host_hart(const host_t *h, unsigned core) { return &h->core[core].hart; }
const char *host_console(const host_t *h) { return mmio_console(h->mmio); }

void host_set_entry(host_t *h, uint32_t pc) {
  h->gen++;
  h->entry = pc;
  h->loaded = 1;
  for (unsigned c = 0; c < h->cfg.cores; c++) core_reset(&h->core[c], pc);
}

int host_exited(const host_t *h, uint32_t *code) {
  return mmio_exited(h->mmio, code, NULL);
}

void host_read(const host_t *h, uint32_t addr, void *p, size_t n) {
  uint8_t *b = p;
  for (size_t i = 0; i < n; i++) b[i] = (uint64_t)addr + i < h->mem_bytes ? h->mem[addr + i] : 0;
}

int host_write(host_t *h, uint32_t addr, const void *p, size_t n) {
  if (n > h->mem_bytes || !dram(h, addr, (uint32_t)n)) return -1;
  h->gen++;
  memcpy(h->mem + addr, p, n);
  resv_write(&h->resv, addr, (unsigned)n);
  return 0;
}

resv_t *host_resv(host_t *h) { return &h->resv; }

/* ---------------------------------------------------------------- ELF */

static int elf_wr(void *ctx, uint32_t addr, const void *data, uint32_t n) {
  struct host *h = ctx;
  if (!dram(h, addr, n)) return -1;
  if (data) memcpy(h->mem + addr, data, n);
  else memset(h->mem + addr, 0, n);
  return 0;
}

int host_load_elf(host_t *h, const char *path, char *err, size_t cap) {
  uint32_t entry;
  if (elf_load_file(path, elf_wr, h, &entry, NULL, NULL, err, cap)) return -1;
  host_set_entry(h, entry);
  return 0;
}

/* ---------------------------------------------------------------- IMU/PMC ports */

void host_imu_set(host_t *h, unsigned core, const host_imu_in_t *in) {
  if (core >= h->cfg.cores) return;
  h->gen++;
  h->core[core].imu_port = 1;
  h->core[core].imu_in = *in;
}

const host_imu_out_t *host_imu_get(const host_t *h, unsigned core) { return &h->core[core].imu_out; }
const pmc_in_t *host_pmc_events(const host_t *h) { return &h->pmc_in; }
const pmc_in_t *host_pmc_ports(const host_t *h) {
  /* the activity bitmaps of the last cycle, computed on the first read
   * after it (most cycles nobody reads them: a C PMC with nothing to count) */
  if (h->pmc_stale) host_mem_pmc((host_t *)h); /* h is never a const object: the ports are a cache */
  return &h->pmc_in;
}

void host_invalidate(host_t *h, uint32_t addr, uint32_t bytes) {
  if (!bytes) return;
  h->gen++;
  uint32_t first = addr >> HOST_LINE_BITS, last = (uint32_t)(((uint64_t)addr + bytes - 1) >> HOST_LINE_BITS);
  if (h->cfg.coh_free) {
    /* an idealised simulator's coherence: the lines are gone at once, no tag-port cycles */
    for (uint32_t l = first; l <= last; l++) host_mem_invalidate_line(h, l);
    h->st.pim_inv_lines += last - first + 1;
    return;
  }
  for (uint32_t l = first; l <= last; l++) {
    if (h->invq_n == h->invq_cap) {
      unsigned cap = h->invq_cap * 2;
      uint32_t *q = malloc(cap * sizeof *q);
      if (!q) {
        host_fail(h, "host: out of memory");
        return;
      }
      for (unsigned i = 0; i < h->invq_n; i++) q[i] = h->invq[(h->invq_head + i) % h->invq_cap];
      free(h->invq);
      h->invq = q;
      h->invq_cap = cap;
      h->invq_head = 0;
    }
    h->invq[(h->invq_head + h->invq_n++) % h->invq_cap] = l;
    if (l == last) break;
  }
}

void host_hmc_response(host_t *h, const hmc_resp_t *r) {
  h->gen++;
  host_mem_hmc_resp(h, r);
}

/* ---------------------------------------------------------------- cycle */

int host_step(host_t *h) {
  h->gen++;
  if (h->failed) return -1;
  if (mmio_exited(h->mmio, NULL, NULL)) return 1;
  const unsigned nc = h->cfg.cores;
  host_mem_cycle(h);
  host_ev_t e;
  while (!h->failed && host_ev_take(h, h->now, &e)) {
    if (e.type == EV_LOAD) host_core_load_event(&h->core[e.core], e.a, e.b);
    else if (e.type == EV_AMO) host_core_amo_event(&h->core[e.core], e.a, e.b);
    else host_mem_event(h, &e);
  }
  host_mem_llc(h);
  int live = 0;
  unsigned any = 0, mk = 0;
  for (unsigned c = 0; c < nc; c++) {
    host_core_t *k = &h->core[c];
    /* the interval core (host_ival.c) sits above the exact core, whose
     * pieces it uses */
    if (h->cfg.core_interval) host_ival_cycle(k);
    else host_core_cycle(k);
    k->imu_out.instr_ret = k->committed_now;
    any |= k->committed_now;
    mk |= (unsigned)k->imu_out.marker_valid;
    live |= !k->halted;
  }
  h->committed_any = any != 0;
  h->marker_any = mk != 0;
  h->pmc_at = h->now;
  h->pmc_stale = 1;
  h->st.cycles = ++h->now;
  if (h->failed) return -1;
  if (mmio_exited(h->mmio, NULL, NULL)) return 1;
  if (!live) {
    host_fail(h, "every host hart is asleep (wfi) and none wrote EXIT (cycle %llu)", (unsigned long long)h->now);
    return -1;
  }
  if (h->now - h->last_commit > h->cfg.stall_limit) {
    unsigned c = 0;
    while (c + 1 < nc && h->core[c].halted) c++;
    host_fail(h, "host: no instruction committed for %llu cycles (hart %u at pc=0x%08x, cycle %llu); the limit is "
              "host.stall_limit", (unsigned long long)h->cfg.stall_limit, c, h->core[c].hart.pc,
              (unsigned long long)h->now);
    return -1;
  }
  return 0;
}

/* ---------------------------------------------------------------- idle skipping */

uint64_t host_idle_until(host_t *h) {
  const uint64_t now = h->now;
  if (h->failed || mmio_exited(h->mmio, NULL, NULL) || h->sendq_n || h->fillq_n || h->invq_n) return now;
  uint64_t until = HOST_INF;
  const uint64_t te = host_ev_next(h);
  if (te <= now) return now;
  until = te;
  h->q_llc_stall = 0;
  if (h->llcq_n) {
    const uint64_t a = h->llcq[h->llcq_head].arrive;
    if (a > now) until = a < until ? a : until;
    else if (host_mem_llc_head_waits(h)) h->q_llc_stall = 1;
    else return now;
  }
  int pimwait = 0;
  for (unsigned c = 0; c < h->cfg.cores; c++) {
    host_core_t *k = &h->core[c];
    const uint64_t t = h->cfg.core_interval && !host_ival_exact(k) ? host_ival_idle_until(k, now)
                                                                    : host_core_idle_until(k, now);
    if (t <= now) return now;
    if (t < until) until = t;
    pimwait |= k->q_pimwait;
  }
  /* the no-commit watchdog fires at its own cycle (cp.pim.wait counts as progress) */
  if (!pimwait) {
    const uint64_t lim = h->last_commit + h->cfg.stall_limit;
    if (lim <= now) return now;
    if (lim < until) until = lim;
  }
  return until;
}

int host_committed(const host_t *h) { return h->committed_any; }
int host_marker_any(const host_t *h) { return h->marker_any; }

void host_idle_skip(host_t *h, uint64_t to) {
  if (to <= h->now) return;
  const uint64_t n = to - h->now;
  h->committed_any = 0;
  h->marker_any = 0;
  for (unsigned c = 0; c < h->cfg.cores; c++) {
    host_core_t *k = &h->core[c];
    k->imu_out.marker_valid = 0;
    k->committed_now = 0;
    k->imu_out.instr_ret = 0;
    if (k->halted) continue;
    if (h->cfg.core_interval) host_ival_skip(k, to);
    k->st.cycles_active = to;
    if (k->q_ctr) *k->q_ctr += n;
    if (k->q_pimwait) h->last_commit = to - 1;
  }
  if (h->q_llc_stall) h->st.llc_stall_cycles += n;
  h->pmc_in.mshr_alloc = 0;
  h->pmc_in.mshr_free = 0;
  /* the PMC ports as the last skipped cycle left them */
  h->pmc_at = to - 1;
  h->pmc_stale = 1;
  h->st.cycles = h->now = to;
}

int host_run(host_t *h, uint64_t max_cycles, uint32_t *code, char *err, size_t cap) {
  if (!h->loaded) {
    snprintf(err, cap, "host: no program loaded");
    return -1;
  }
  if (!max_cycles) max_cycles = h->cfg.max_cycles;
  const uint64_t end = h->now + max_cycles;
  int rc = 0;
  while (!rc) {
    if (h->now >= end) {
      unsigned c = 0;
      while (c + 1 < h->cfg.cores && h->core[c].halted) c++;
      host_fail(h, "host: cycle limit %llu reached (hart %u at pc=0x%08x)", (unsigned long long)max_cycles, c,
                h->core[c].hart.pc);
      rc = -1;
      break;
    }
    rc = host_step(h);
  }
  if (rc < 0) {
    snprintf(err, cap, "%s", h->err);
    return -1;
  }
  mmio_exited(h->mmio, code, NULL);
  return 0;
}

/* ---------------------------------------------------------------- stats */

void host_stats(const host_t *h, host_stats_t *s) {
  *s = h->st;
  s->cycles = h->now;
  for (unsigned c = 0; c < h->cfg.cores; c++) s->core[c] = h->core[c].st;
}

void host_probe(const host_t *h, unsigned core, host_probe_t *p) {
  const host_core_t *c = &h->core[core];
  p->rob = c->rob_n;
  p->lq = c->lq_n;
  p->sq = c->sq_n;
  p->l1d_mshr = c->l1d_busy;
  p->l2_mshr = c->l2_busy;
  p->committed = c->committed_now;
  p->halted = c->halted;
  p->pc = c->hart.pc;
}

static int held(const host_core_t *o, uint32_t tag) {
  return host_cache_peek(&o->l1d, tag) || host_cache_peek(&o->l2, tag);
}
static int st_of(const host_cache_t *c, uint32_t tag) {
  const host_line_t *l = host_cache_peek(c, tag);
  return l ? l->st : ST_I;
}

int host_check_coherence(const host_t *h, char *err, size_t cap) {
  for (unsigned c = 0; c < h->cfg.cores; c++) {
    const host_core_t *k = &h->core[c];
    const host_cache_t *cs[2] = {&k->l1d, &k->l2};
    for (unsigned w = 0; w < 2; w++) {
      const uint32_t n = cs[w]->sets * cs[w]->ways;
      for (uint32_t i = 0; i < n; i++) {
        const host_line_t *l = &cs[w]->l[i];
        if (l->st < ST_E || k->drop_line == l->tag + 1) continue;
        for (unsigned o = 0; o < h->cfg.cores; o++) {
          if (o == c || !held(&h->core[o], l->tag) || h->core[o].drop_line == l->tag + 1) continue;
          static const char st[] = "ISEM";
          snprintf(err, cap, "cycle %llu: line 0x%08x is %c in core %u's %s and valid in core %u's caches (L1D %c, L2 %c)",
                   (unsigned long long)h->now, l->tag << HOST_LINE_BITS, st[l->st], c, w ? "L2" : "L1D", o,
                   st[st_of(&h->core[o].l1d, l->tag)], st[st_of(&h->core[o].l2, l->tag)]);
          return -1;
        }
      }
    }
  }
  return 0;
}

void host_print_stats(const host_t *h, FILE *f) {
  host_stats_t s;
  host_stats(h, &s);
  fprintf(f, "host: %llu cycles, %u cores\n", (unsigned long long)s.cycles, h->cfg.cores);
  for (unsigned c = 0; c < h->cfg.cores; c++) {
    const host_core_stats_t *k = &s.core[c];
    fprintf(f,
            "  core %u: %llu insns IPC %.3f | br %llu mispred %llu | ld %llu st %llu amo %llu fwd %llu | "
            "L1I miss %llu | L1D hit %llu miss %llu merge %llu | L2 hit %llu miss %llu | LLC hit %llu miss %llu "
            "merge %llu | stalls rob %llu lsq %llu mshr %llu fetch %llu serial %llu\n",
            c, (unsigned long long)k->insns, k->cycles_active ? (double)k->insns / (double)k->cycles_active : 0.0,
            (unsigned long long)k->branches, (unsigned long long)k->mispredicts, (unsigned long long)k->loads,
            (unsigned long long)k->stores, (unsigned long long)k->amos, (unsigned long long)k->fwd_loads,
            (unsigned long long)k->l1i_miss, (unsigned long long)k->l1d_hit, (unsigned long long)k->l1d_miss,
            (unsigned long long)k->l1d_merge, (unsigned long long)k->l2_hit, (unsigned long long)k->l2_miss,
            (unsigned long long)k->llc_hit, (unsigned long long)k->llc_miss, (unsigned long long)k->llc_merge,
            (unsigned long long)k->stall_rob, (unsigned long long)k->stall_lsq, (unsigned long long)k->stall_mshr,
            (unsigned long long)k->stall_fetch, (unsigned long long)k->stall_serial);
  }
  fprintf(f,
          "  LLC: %llu lookups, %llu MSHR-full cycles, %llu write-backs to memory, %llu L2 write-backs | memory: %llu "
          "reads %llu writes %llu stalls | coherence invalidations %llu | PIM: %llu lines written back, %llu "
          "invalidated\n",
          (unsigned long long)s.llc_lookups, (unsigned long long)s.llc_stall_cycles,
          (unsigned long long)s.llc_writebacks, (unsigned long long)s.l2_writebacks, (unsigned long long)s.hmc_reads,
          (unsigned long long)s.hmc_writes, (unsigned long long)s.hmc_stalls, (unsigned long long)s.coherence_invals,
          (unsigned long long)s.pim_wb_lines, (unsigned long long)s.pim_inv_lines);
}
