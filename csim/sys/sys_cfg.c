/* Co-simulation configuration: the parameter table (every SPEC parameter,
 * with its default), config files, overrides and plans (sys.h); the
 * policy table is csim/policy/pol_table.c. */
#include <ctype.h>
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "kernels.h"
#include "sys.h"

/* ---------------------------------------------------------------- parameters */

void sys_cfg_default(sys_cfg_t *c) {
  memset(c, 0, sizeof *c);
  c->host = HOST_CFG_DEFAULT;
  c->host.stall_limit = 200000000ull; /* a long offload keeps every core waiting: the PEs have their own limit */
  c->hmc = HMC_CFG_DEFAULT;
  c->pe = PE_CFG_DEFAULT;
  c->pmc = PMC_CFG_DEFAULT;
  c->imu = IMU_CFG_DEFAULT;
  c->num_pes = HMC_VAULTS_DEFAULT;
  c->pe_clk_ps = 2000;
  c->imu_fraction = IMU_FRACTION_DEFAULT;
  c->imu_threshold = IMU_THRESHOLD_DEFAULT;
  c->imu_min_sample = IMU_MIN_SAMPLE_DEFAULT;
  c->imu_mpki_thr = IMU_MPKI_THR_DEFAULT;
  c->imu_sticky = 0;
  /* Horowitz, "Computing's energy problem", ISSCC 2014, 45 nm SRAM reads:
   * 32 KB 20 pJ, 1 MB 100 pJ; 256 KB by log interpolation, a 2 MB LLC
   * slice by extrapolation (docs/stats.md). */
  c->e_l1_fj = 20000;
  c->e_l2_fj = 50000;
  c->e_llc_fj = 120000;
  c->e_pe_cache_fj = 20000;
  c->pe_mmio_lat = 2;
  c->pim_sched = HMC_SCHED_DYNAMIC;
  c->pim_chunk = 64; /* measured: docs/results.md "Offload path" */
  c->pim_concurrent = 1;
  c->pim_place = HMC_PLACE_RANGE;
  c->pim_coherence = 0;
  c->pim_pe_inval = 0;
  c->pim_inval_sig_bits = 4096;
  c->pim_inval_hashes = 2;
  c->e_inval_fj = 10000; /* Horowitz ISSCC'14: an 8 KB SRAM access, 10 pJ */
  c->max_cycles = SYS_MAX_CYCLES_DEFAULT;
  c->max_cycles_set = 0;
  c->seed = 1;
  c->skip = 1;
  c->pe_runahead = 1;
  /* 0.1 s simulated: far above any gap between two loop iterations of the
   * kernels, far below the cycle limit, so a run that only spins ends early */
  c->watchdog = 200000000ull;
}

/* Each parameter with its legal range, checked exactly by sys_cfg_check (the
 * models' own checks then never fire, so every error is one line that names
 * the parameter).  The bounds keep every run finite and meaningful: DRAM
 * timings up to 1 us (tREFI 1 ms), clocks 10 MHz..10 GHz. */
#define U32 0xFFFFFFFFull
#define U64 UINT64_MAX
#define P(n, f, lo, hi, w) {{n, offsetof(sys_cfg_t, f), sizeof(((sys_cfg_t *)0)->f), w, NULL}, lo, hi}
#define PN(n, f, lo, hi, w, names) {{n, offsetof(sys_cfg_t, f), sizeof(((sys_cfg_t *)0)->f), w, names}, lo, hi}
/* A block parameter's row (field f of the block's config, c->b): the rows are
 * hw/<blk>.desc's, <BLK>_SYS_PARAMS in the generated <blk>_desc.h. */
#define PB(b, n, f, lo, hi, w) P(n, b.f, lo, hi, w),
typedef struct {
  sys_param_t p;
  uint64_t lo, hi;
} param_def_t;
static const param_def_t params[] = {
    P("host.cores", host.cores, 1, HOST_MAX_CORES, "host cores (harts), Table I"),
    P("host.clk_ps", host.clk_ps, 100, 100000, "host clock period, ps (500 = 2 GHz)"),
    P("host.width", host.width, 1, 16, "dispatch and commit width"),
    P("host.rob", host.rob, 4, 1024, "ROB entries"),
    P("host.lq", host.lq, 1, 1024, "load queue entries"),
    P("host.sq", host.sq, 1, 1024, "store queue entries"),
    P("host.alus", host.alus, 1, 16, "integer ALUs"),
    P("host.muls", host.muls, 1, 16, "pipelined multipliers"),
    P("host.load_ports", host.load_ports, 1, 16, "L1D load ports per cycle"),
    P("host.lat_alu", host.lat_alu, 1, 255, "ALU latency, cycles"),
    P("host.lat_mul", host.lat_mul, 1, 255, "multiply latency"),
    P("host.lat_div", host.lat_div, 1, 255, "divide latency (unpipelined)"),
    P("host.lat_fwd", host.lat_fwd, 1, 255, "store-to-load forwarding latency"),
    P("host.lat_csr", host.lat_csr, 1, 255, "CSR/fence/system latency"),
    P("host.lat_mmio", host.lat_mmio, 1, 10000, "device-space access latency"),
    P("host.mispredict_penalty", host.mispredict_penalty, 0, 1000, "branch resolve to correct-path dispatch"),
    P("host.bp_hist", host.bp_hist, 1, 24, "gshare history bits"),
    P("host.ras", host.ras, 0, 256, "return address stack entries"),
    P("host.itb_bits", host.itb_bits, 0, 20, "log2 indirect target table entries"),
    P("l1i.bytes", host.l1i.bytes, 64, 1u << 30, "L1I size per core"),
    P("l1i.ways", host.l1i.ways, 1, 1024, "L1I ways"),
    P("l1i.lat", host.l1i.lat, 1, 1000, "L1I hit latency"),
    P("l1i.mshrs", host.l1i.mshrs, 1, 32, "L1I MSHRs"),
    P("l1d.bytes", host.l1d.bytes, 64, 1u << 30, "L1D size per core"),
    P("l1d.ways", host.l1d.ways, 1, 1024, "L1D ways"),
    P("l1d.lat", host.l1d.lat, 1, 1000, "L1D hit latency"),
    P("l1d.mshrs", host.l1d.mshrs, 1, 32, "L1D MSHRs"),
    P("l2.bytes", host.l2.bytes, 64, 1u << 30, "L2 size per core"),
    P("l2.ways", host.l2.ways, 1, 1024, "L2 ways"),
    P("l2.lat", host.l2.lat, 1, 1000, "L2 hit latency (after L1)"),
    P("l2.mshrs", host.l2.mshrs, 1, 32, "L2 MSHRs"),
    P("llc.bytes", host.llc.bytes, 64, 1u << 30, "LLC size, shared (2 MB per core)"),
    P("llc.ways", host.llc.ways, 1, 1024, "LLC ways"),
    P("llc.lat", host.llc.lat, 1, 1000, "LLC hit latency (after L2) = PMC hit phase"),
    P("llc.mshrs", host.llc.mshrs, 2, 64, "LLC MSHRs (shared) = PMC NumMshr"),
    P("host.snoop_lat", host.snoop_lat, 0, 1000, "extra LLC latency for a dirty remote copy"),
    P("host.stall_limit", host.stall_limit, 1000, U64, "host cycles without a commit before the run fails"),
    P("pe.count", num_pes, 1, SYS_MAX_PES, "vault PEs (one per vault)"),
    P("pe.clk_ps", pe_clk_ps, 100, 100000, "PE clock period, ps (2000 = 500 MHz, 1000 = 1 GHz)"),
    PE_SYS_PARAMS(PB)
    P("pe.mmio_lat", pe_mmio_lat, 1, 1000, "PE device-space read latency, PE cycles"),
    PN("pim.sched", pim_sched, 0, 1, "PE work: 0 static split, 1 dynamic chunks from a vault work counter", "static|dynamic"),
    P("pim.chunk", pim_chunk, 1, 65536, "iterations per dynamic grab"),
    PN("pim.concurrent", pim_concurrent, 0, 1, "0 one launch at a time, 1 launches share the PEs", "off|on"),
    PN("pim.place", pim_place, 0, 1, "0 range, 1 vault: iteration i to the PE of its primary element's vault", "range|vault"),
    PN("pim.coherence", pim_coherence, 0, 1, "0 model write-back/invalidation, 1 free (idealised)", "model|free"),
    PN("pim.pe_inval", pim_pe_inval, 0, 1,
       "PE caches at a launch: 0 all lines invalidated (fence), 1 written: only lines others wrote since (warm)",
       "all|written"),
    P("pim.inval_sig_bits", pim_inval_sig_bits, 64, 1u << 24, "pe_inval=written: write signature bits per PE"),
    P("pim.inval_hashes", pim_inval_hashes, 1, 8, "pe_inval=written: the signature's hash functions"),
    P("pim.inval_stats", pim_inval_stats, 0, 1, "1: the pe_inval statistics (D-cache fills) under pe_inval=all too"),
    P("pim.inval_drop", pim_inval_drop, 0, U64, "tests only: drop the N-th needed line invalidation (a planted fault)"),
    P("pim.inval_drop_back", pim_inval_drop_back, 0, U64,
      "tests only: with pe.dmshrs > 1, drop the back-invalidations from the N-th on (a planted fault)"),
    PN("host.sleep", host.wrs_sleep, 0, 1, "0 wrs.nto is a nop (harts spin), 1 harts sleep in it (Zawrs)", "off|on"),
    PN("host.amo_model", host.amo_model, 0, 1,
       "host AMO ordering: 0 serial (drains the ROB and store queue, holds dispatch until it commits), 1 rvwmo (.aq/.rl only)",
       "serial|rvwmo"),
    PN("pim.amo_posted", host.amo_posted, 0, 1,
       "AMOs the policy sends to a vault: 0 serialising round trips, 1 not serialising, posted (no response) with rd = x0",
       "off|on"),
    PN("host.mem", host.mem_atonce, 0, 1,
       "host cache timing: 0 events (an MSHR event per level), 1 atonce: every access timed when it issues, a miss "
       "from the fast HMC's schedule (needs sim.mode=fast; approximate, docs/host.md)",
       "events|atonce"),
    PN("host.core", host.core_interval, 0, 1,
       "host core timing: 0 exact (the dataflow model), 1 interval: each instruction timed once when it dispatches "
       "(needs host.mem=atonce; approximate, docs/host.md \"The interval core\")",
       "exact|interval"),
    P("host.ival_quantum", host.ival_quantum, 1, 4096,
      "host.core=interval: cycles a core may dispatch ahead of the system's cycle in one call (1: none)"),
    PN("host.coh_inflight", host.coh_inflight, 0, 1,
       "a line taken from a core while its fill is in flight: 0 keep (installed anyway: two owners, the old model), "
       "1 drop (the fill serves its waiters, then the line leaves; docs/host.md)",
       "keep|drop"),
    P("pim.posted_nowait", host.posted_nowait, 0, 1, "tests only: fences and barriers do not wait for posted AMOs (a planted fault)"),
    PMC_SYS_PARAMS(PB)
    IMU_SYS_PARAMS(PB)
    P("imu.fraction_q16", imu_fraction, 0, 65536, "sample fraction, Q0.16 (3276 = 5% rounded down)"),
    P("imu.threshold_q16", imu_threshold, 0, 65536, "theta threshold, Q0.16 (3277: offload if theta > 5%)"),
    P("imu.min_sample", imu_min_sample, 0, U32, "minimum sample, iterations"),
    P("imu.mpki_thr_q16", imu_mpki_thr, 0, U32, "MPKI threshold, Q16.16 (0x50000 = 5.0)"),
    P("imu.sticky", imu_sticky, 0, 1, "1: reuse a loop's decision without re-sampling"),
    P("hmc.tck_ps", hmc.tck_ps, 100, 100000, "HMC logic/DRAM clock, ps"),
    P("hmc.links", hmc.links, 1, HMC_MAX_LINKS, "links"),
    P("hmc.lanes", hmc.lanes, 1, 32, "lanes per link direction"),
    P("hmc.lane_mbps", hmc.lane_mbps, 12500, 30000, "lane rate, Mb/s (12500..30000)"),
    P("hmc.link_lat_ps", hmc.link_lat_ps, 0, 1000000, "SerDes + PHY latency per crossing"),
    P("hmc.link_buf_flits", hmc.link_buf_flits, 9, 65536, "cube input buffer per link (tokens)"),
    P("hmc.link_rsp_flits", hmc.link_rsp_flits, 9, 65536, "cube output buffer per link"),
    P("hmc.xbar_cycles", hmc.xbar_cycles, 1, 1000, "crossbar link<->vault, tCK"),
    P("hmc.local_cycles", hmc.local_cycles, 1, 1000, "PE <-> own vault, tCK"),
    P("hmc.pe_port_q", hmc.pe_port_q, 1, 4096, "PE port request FIFO"),
    P("hmc.vaults", hmc.vaults, 1, HMC_MAX_VAULTS, "vaults"),
    P("hmc.banks", hmc.banks, 1, HMC_MAX_BANKS, "banks per vault"),
    P("hmc.vault_q", hmc.vault_q, 1, 4096, "vault request queue"),
    P("hmc.vault_rsp_q", hmc.vault_rsp_q, 1, 4096, "vault response queue"),
    P("hmc.col_bytes", hmc.col_bytes, 16, 256, "DRAM burst bytes"),
    P("hmc.block_bytes", hmc.block_bytes, 16, 256, "max block = interleave granule"),
    P("hmc.row_bytes", hmc.row_bytes, 16, 65536, "DRAM page per bank"),
    P("hmc.open_page", hmc.open_page, 0, 1, "0 closed page, 1 open page"),
    P("hmc.atomic_cycles", hmc.atomic_cycles, 0, 1000, "vault ALU latency, tCK"),
    P("hmc.t_rcd_ps", hmc.t_rcd_ps, 1, 1000000, "tRCD"),
    P("hmc.t_cl_ps", hmc.t_cl_ps, 1, 1000000, "tCL"),
    P("hmc.t_rp_ps", hmc.t_rp_ps, 1, 1000000, "tRP"),
    P("hmc.t_ras_ps", hmc.t_ras_ps, 1, 1000000, "tRAS"),
    P("hmc.t_wr_ps", hmc.t_wr_ps, 0, 1000000, "tWR"),
    P("hmc.t_ccd_ps", hmc.t_ccd_ps, 1, 1000000, "tCCD"),
    P("hmc.t_rfc_ps", hmc.t_rfc_ps, 1, 1000000, "tRFC"),
    P("hmc.t_refi_ps", hmc.t_refi_ps, 1, 1000000000, "tREFI"),
    P("hmc.t_cwl_ps", hmc.t_cwl_ps, 0, 1000000, "tCWL, write command to write data"),
    P("hmc.t_wtr_ps", hmc.t_wtr_ps, 0, 1000000, "tWTR, write data end to read command (0 off)"),
    P("hmc.t_rtw_ps", hmc.t_rtw_ps, 0, 1000000, "tRTW, read burst end to write command (0 off)"),
    P("hmc.t_rtp_ps", hmc.t_rtp_ps, 0, 1000000, "tRTP, read command to precharge"),
    P("hmc.t_rrd_ps", hmc.t_rrd_ps, 0, 1000000, "tRRD, ACT to ACT in a vault (0 off)"),
    P("hmc.t_faw_ps", hmc.t_faw_ps, 0, 1000000, "tFAW, four-ACT window per vault (0 off)"),
    P("hmc.refresh", hmc.refresh, 0, 1, "1: refresh on"),
    P("hmc.fast", hmc.fast, 0, 1, "1: fast HMC timing, computed at send (approximate, docs/hmc.md)"),
    P("hmc.e_link_fj", hmc.e_link_fj, 0, U32, "link energy, fJ/bit (13.7 pJ)"),
    P("hmc.e_dram_fj", hmc.e_dram_fj, 0, U32, "DRAM energy, fJ/bit (3.7 pJ)"),
    P("hmc.e_logic_fj", hmc.e_logic_fj, 0, U32, "logic-layer energy, fJ/bit (6.78 pJ)"),
    P("energy.l1_fj", e_l1_fj, 0, U32, "L1 access energy, fJ (Horowitz ISSCC'14, 32 KB)"),
    P("energy.l2_fj", e_l2_fj, 0, U32, "L2 access energy, fJ (interpolated 256 KB)"),
    P("energy.llc_fj", e_llc_fj, 0, U32, "LLC access energy, fJ (extrapolated 2 MB slice)"),
    P("energy.pe_cache_fj", e_pe_cache_fj, 0, U32, "PE cache access energy, fJ (32 KB)"),
    P("energy.inval_fj", e_inval_fj, 0, U32, "pe_inval=written: directory/signature access energy, fJ (8 KB)"),
    P("sim.max_cycles", max_cycles, 1, U64,
      "host cycle limit of the run (--max-cycles); the default 2e9 stops only a run without progress while "
      "sim.watchdog is on"),
    P("sim.seed", seed, 0, U64, "seed (recorded; the models are deterministic)"),
    PN("sim.mode", mode, 0, 1,
       "0 exact (every model cycle-level), 1 fast: the approximate models where they exist (today the HMC: hmc.fast)",
       "exact|fast"),
    P("sim.skip", skip, 0, 1, "1: skip idle cycles, 0: step every cycle (reference; same statistics)"),
    P("sim.pe_runahead", pe_runahead, 0, 2, "1: PEs run ahead to their next port request, 0: every edge stepped (reference; same statistics), 2: 1 checked against 0 every edge (formerly sim.pe_fast)"),
    P("sim.pe_window", pe_window, 0, 512,
      "N > 0: the C PEs' run-ahead goes on through a D-cache miss, a store or an AMO sent at most N PE edges ahead "
      "of the system's time, its answer timed by the fast HMC at send (needs sim.mode=fast; approximate, "
      "docs/pe.md \"The windowed PE\"); 0 off"),
    P("sim.coh_check", coh_check, 0, U64,
      "tests: every N-th host cycle stepped, check that no line has two owners (host.coh_inflight=keep breaks it); 0 off"),
    P("sim.watchdog", watchdog, 0, U64,
      "host cycles without progress (loop iteration, PE instruction, launch) before the run fails; 0 = off"),
};
#undef P
#undef PN
#undef PB
#undef U32
#undef U64

unsigned sys_param_count(void) { return sizeof params / sizeof params[0]; }
const sys_param_t *sys_param_at(unsigned i) { return i < sys_param_count() ? &params[i].p : NULL; }

uint64_t sys_param_get(const sys_cfg_t *c, const sys_param_t *p) {
  const uint8_t *b = (const uint8_t *)c + p->off;
  if (p->size == 8) {
    uint64_t v;
    memcpy(&v, b, 8);
    return v;
  }
  uint32_t v;
  memcpy(&v, b, 4);
  return v;
}

/* Parameters renamed (docs/performance.md "Glossary"): the old name still
 * sets the new one, so that scripts, config files and plans written before
 * keep working; errors name the parameter as it was given. */
static const struct { const char *old, *now; } param_aliases[] = {
    {"sim.pe_fast", "sim.pe_runahead"},
};

int sys_param_set(sys_cfg_t *c, const char *name, const char *value, char *err, size_t cap) {
  const param_def_t *d = NULL;
  const char *key = name;
  for (unsigned i = 0; i < sizeof param_aliases / sizeof param_aliases[0]; i++)
    if (!strcmp(param_aliases[i].old, name)) key = param_aliases[i].now;
  for (unsigned i = 0; i < sys_param_count(); i++)
    if (!strcmp(params[i].p.name, key)) d = &params[i];
  if (!d) {
    snprintf(err, cap, "unknown parameter '%.64s' (--help lists them)", name);
    return -1;
  }
  errno = 0;
  char *end;
  while (isspace((unsigned char)*value)) value++;
  if (d->p.names && !isdigit((unsigned char)*value)) {
    /* a named value: its index in "a|b|c" */
    const size_t vl = strlen(value);
    uint32_t k = 0;
    for (const char *n = d->p.names; *n; k++) {
      const size_t nl = strcspn(n, "|");
      if (nl == vl && !strncmp(n, value, nl)) {
        memcpy((uint8_t *)c + d->p.off, &k, 4);
        return 0;
      }
      n += nl + (n[nl] == '|');
    }
    snprintf(err, cap, "parameter %s: bad value '%.64s' (%s, or a number)", name, value, d->p.names);
    return -1;
  }
  if (*value == '-' || *value == '+' || !*value) {
    snprintf(err, cap, "parameter %s: bad value '%.64s' (an unsigned integer)", name, value);
    return -1;
  }
  unsigned long long v = strtoull(value, &end, 0);
  unsigned long long mul = 1;
  if (*end == 'K' || *end == 'k') mul = 1024, end++;
  else if (*end == 'M') mul = 1024 * 1024, end++;
  else if (*end == 'G') mul = 1024ull * 1024 * 1024, end++;
  while (isspace((unsigned char)*end)) end++;
  if (errno || *end || end == value || (mul > 1 && v > UINT64_MAX / mul)) {
    snprintf(err, cap, "parameter %s: bad value '%.64s' (an unsigned integer below 2^64, optional K/M/G)", name, value);
    return -1;
  }
  v *= mul;
  if (d->p.off == offsetof(sys_cfg_t, max_cycles)) c->max_cycles_set = 1; /* given: a hard limit */
  if (v < d->lo || v > d->hi) {
    snprintf(err, cap, "parameter %s: value %.64s out of range %llu..%llu", name, value, (unsigned long long)d->lo,
             (unsigned long long)d->hi);
    return -1;
  }
  uint8_t *b = (uint8_t *)c + d->p.off;
  if (d->p.size == 8) {
    uint64_t x = v;
    memcpy(b, &x, 8);
  } else {
    uint32_t x = (uint32_t)v;
    memcpy(b, &x, 4);
  }
  return 0;
}

/* fopen for reading, only of a regular file: a directory would read as an
 * empty file and a FIFO without a writer would block forever.  NULL and
 * "path:0: why" in err. */
static FILE *open_regular(const char *path, const char *what, char *err, size_t cap) {
  struct stat st;
  if (stat(path, &st)) {
    snprintf(err, cap, "%s:0: cannot open the %s (%s)", path, what, strerror(errno));
    return NULL;
  }
  if (!S_ISREG(st.st_mode)) {
    snprintf(err, cap, "%s:0: the %s is not a regular file", path, what);
    return NULL;
  }
  FILE *f = fopen(path, "r");
  if (!f) snprintf(err, cap, "%s:0: cannot open the %s (%s)", path, what, strerror(errno));
  return f;
}

/* Reads one line into buf (cap bytes with the NUL).  1 a line, 0 end of
 * file, -1 a line longer than cap - 2 characters (never split: its tail
 * would be read as a line of its own) or a read error. */
static int read_line(FILE *f, char *buf, size_t cap) {
  if (!fgets(buf, (int)cap, f)) return ferror(f) ? -1 : 0;
  const size_t l = strlen(buf);
  if (l && buf[l - 1] == '\n') return 1;
  if (feof(f)) return 1; /* the last line without a newline */
  return -1;
}

int sys_cfg_read(sys_cfg_t *c, const char *path, char *err, size_t cap) {
  FILE *f = open_regular(path, "configuration file", err, cap);
  if (!f) return -1;
  char line[512], e2[256];
  unsigned ln = 0;
  int rc = 0, r;
  while ((r = read_line(f, line, sizeof line)) != 0) {
    ln++;
    if (r < 0) {
      snprintf(err, cap, "%s:%u: %s", path, ln,
               ferror(f) ? "read error" : "line longer than 510 characters");
      rc = -1;
      break;
    }
    char *h = strchr(line, '#');
    if (h) *h = 0;
    char *s = line;
    while (isspace((unsigned char)*s)) s++;
    size_t l = strlen(s);
    while (l && isspace((unsigned char)s[l - 1])) s[--l] = 0;
    if (!*s) continue;
    char *eq = strchr(s, '=');
    if (!eq) {
      snprintf(err, cap, "%s:%u: expected 'name = value'", path, ln);
      rc = -1;
      break;
    }
    *eq = 0;
    char *name = s, *val = eq + 1;
    l = strlen(name);
    while (l && isspace((unsigned char)name[l - 1])) name[--l] = 0;
    if (sys_param_set(c, name, val, e2, sizeof e2)) {
      snprintf(err, cap, "%s:%u: %s", path, ln, e2);
      rc = -1;
      break;
    }
  }
  fclose(f);
  return rc;
}

static int pow2(uint64_t x) { return x && !(x & (x - 1)); }

#define BAD(cond, ...)                \
  do {                                \
    if (cond) {                       \
      snprintf(err, cap, __VA_ARGS__); \
      return -1;                      \
    }                                 \
  } while (0)

/* A host cache as host.c accepts it: whole 64-byte lines, a power-of-two
 * number of sets of `ways` lines. */
static int cache_check(const char *nm, const host_cache_cfg_t *cc, char *err, size_t cap) {
  const uint32_t lines = cc->bytes / 64;
  BAD(cc->bytes % 64, "%s.bytes = %u: a multiple of the 64-byte line", nm, cc->bytes);
  BAD(lines < cc->ways || lines % cc->ways || !pow2(lines / cc->ways),
      "%s.bytes = %u, %s.ways = %u: the number of sets (bytes / 64 / ways) must be a power of two", nm, cc->bytes, nm,
      cc->ways);
  return 0;
}

/* A PE cache as pe.c accepts it. */
static int pe_cache_check(const char *nm, uint32_t bytes, uint32_t ways, uint32_t line, char *err, size_t cap) {
  BAD(!pow2(bytes) || !pow2(ways) || bytes < 2ull * ways * line,
      "pe.%s_bytes = %u, pe.%s_ways = %u: powers of two with at least two sets of %u-byte lines", nm, bytes, nm, ways,
      line);
  return 0;
}

int sys_cfg_check(const sys_cfg_t *c, char *err, size_t cap) {
  for (unsigned i = 0; i < sys_param_count(); i++) {
    const param_def_t *d = &params[i];
    const uint64_t v = sys_param_get(c, &d->p);
    BAD(v < d->lo || v > d->hi, "parameter %s = %llu out of range %llu..%llu", d->p.name, (unsigned long long)v,
        (unsigned long long)d->lo, (unsigned long long)d->hi);
  }
  if (cache_check("l1i", &c->host.l1i, err, cap) || cache_check("l1d", &c->host.l1d, err, cap) ||
      cache_check("l2", &c->host.l2, err, cap) || cache_check("llc", &c->host.llc, err, cap))
    return -1;
  BAD(!pow2(c->host.llc.mshrs), "llc.mshrs = %u: a power of two (it is the PMC's NumMshr)", c->host.llc.mshrs);
  const hmc_cfg_t *h = &c->hmc;
  BAD(!pow2(h->vaults), "hmc.vaults = %u: a power of two", h->vaults);
  BAD(!pow2(h->banks), "hmc.banks = %u: a power of two", h->banks);
  BAD(c->num_pes > h->vaults, "pe.count = %u: at most hmc.vaults (%u): one PE per vault", c->num_pes, h->vaults);
  BAD(!pow2(h->col_bytes), "hmc.col_bytes = %u: a power of two, 16..256", h->col_bytes);
  BAD(!pow2(h->block_bytes) || h->block_bytes < h->col_bytes,
      "hmc.block_bytes = %u: a power of two, 16..256, at least hmc.col_bytes (%u)", h->block_bytes, h->col_bytes);
  BAD(!pow2(h->row_bytes) || h->row_bytes < h->block_bytes,
      "hmc.row_bytes = %u: a power of two, hmc.block_bytes (%u)..65536", h->row_bytes, h->block_bytes);
  BAD(h->refresh && (uint64_t)h->t_refi_ps <= (uint64_t)h->t_rfc_ps + h->t_rp_ps,
      "hmc.t_refi_ps = %u: must exceed hmc.t_rfc_ps + hmc.t_rp_ps (%llu)", h->t_refi_ps,
      (unsigned long long)h->t_rfc_ps + h->t_rp_ps);
  BAD(h->t_faw_ps && h->t_faw_ps < h->t_rrd_ps, "hmc.t_faw_ps = %u: 0 (off) or at least hmc.t_rrd_ps (%u)", h->t_faw_ps,
      h->t_rrd_ps);
  BAD(!pow2(c->pe.line_bytes), "pe.line_bytes = %u: 16, 32 or 64", c->pe.line_bytes);
  BAD(c->pe.dprefetch && c->pe.dmshrs < 2,
      "pe.dprefetch = %u needs pe.dmshrs > 1 (the prefetcher's fills take MSHRs; it is %u)", c->pe.dprefetch,
      c->pe.dmshrs);
  if (pe_cache_check("icache", c->pe.icache_bytes, c->pe.icache_ways, c->pe.line_bytes, err, cap) ||
      pe_cache_check("dcache", c->pe.dcache_bytes, c->pe.dcache_ways, c->pe.line_bytes, err, cap))
    return -1;
  return 0;
}
#undef BAD

/* ---------------------------------------------------------------- plans */

int sys_plan_read(sys_plan_t *p, const char *path, const char *kernel, char *err, size_t cap) {
  memset(p, 0, sizeof *p);
  FILE *f = open_regular(path, "plan file", err, cap);
  if (!f) return -1;
  char line[256];
  unsigned ln = 0;
  int rc = 0, r;
  while ((r = read_line(f, line, sizeof line)) != 0) {
    ln++;
    if (r < 0) {
      snprintf(err, cap, "%s:%u: %s", path, ln, ferror(f) ? "read error" : "line longer than 254 characters");
      rc = -1;
      break;
    }
    char *h = strchr(line, '#');
    if (h) *h = 0;
    char a[128], b[32], extra[8];
    int n = sscanf(line, "%127s %31s %7s", a, b, extra);
    if (n <= 0) continue;
    if (n != 2 || (strcmp(b, "pim") && strcmp(b, "host"))) {
      snprintf(err, cap, "%s:%u: expected '<loop id or name> pim|host'", path, ln);
      rc = -1;
      break;
    }
    /* a number is a loop id exactly (no wrap to 32 bits), else a loop name */
    const kern_loop_t *loop = NULL;
    const kern_t *owner = NULL;
    if (isdigit((unsigned char)a[0])) {
      char *end;
      errno = 0;
      unsigned long long v = strtoull(a, &end, 0);
      if (!errno && !*end && v <= UINT32_MAX) loop = kern_loop_by_id((uint32_t)v, &owner);
    } else {
      loop = kern_loop_find(a, &owner);
    }
    if (!loop) {
      snprintf(err, cap, "%s:%u: unknown loop '%.40s' (a loop id or name of sw/kernels/loops.h)", path, ln, a);
      rc = -1;
      break;
    }
    if (kernel && strcmp(owner->name, kernel)) {
      snprintf(err, cap, "%s:%u: loop '%.40s' (%s) is not a loop of kernel %.16s", path, ln, a, loop->name, kernel);
      rc = -1;
      break;
    }
    if (p->n == 256) {
      snprintf(err, cap, "%s:%u: more than 256 entries", path, ln);
      rc = -1;
      break;
    }
    p->id[p->n] = loop->id;
    p->site[p->n++] = !strcmp(b, "pim");
  }
  fclose(f);
  return rc;
}
