/* Co-simulation configuration: the parameter table (every SPEC parameter,
 * with its default), config files, overrides, policies and plans (sys.h). */
#include <ctype.h>
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "../../sw/kernels/loops.h"
#include "sys.h"

/* ---------------------------------------------------------------- policies */

/* PEI's locality monitor is csim/policy/pol_pei.c behind the amo_site hook; the
 * offline policies (greedy, pimprof, a3pim, oracle) get their plan from
 * csim/policy/pol_plan.c (copim-sim computes it before the run) and run in PLAN
 * mode (docs/policies.md). */
static const sys_policy_t policies[] = {
    {"cpu-only", IMU_MODE_HOST, SYS_AMO_CACHE, 0, "every loop on the host (IMU HOST mode)"},
    {"pim-only", IMU_MODE_PIM, SYS_AMO_CACHE, 0, "every marked loop offloaded from its first iteration (IMU PIM mode)"},
    {"copim", IMU_MODE_THETA, SYS_AMO_CACHE, 0, "CoPIM: sample 5% on the host, offload if theta > 5% (IMU THETA mode)"},
    {"mpki", IMU_MODE_MPKI, SYS_AMO_CACHE, 0, "offload if LLC misses per kilo-instruction of the sample > 5 (IMU MPKI)"},
    {"plan", IMU_MODE_PLAN, SYS_AMO_CACHE, 1, "per-loop sites from --plan FILE (IMU PLAN mode; offline solvers)"},
    {"pei", IMU_MODE_HOST, SYS_AMO_LOCALITY, 0, "PEI: loops on the host, each AMO in the HMC vault unless an LLC-tag locality monitor predicts a hit"},
    {"graphpim", IMU_MODE_HOST, SYS_AMO_PIM_REGION, 0, "GraphPIM: loops on the host, every AMO on the property region in the HMC vault"},
    {"pim-amo", IMU_MODE_HOST, SYS_AMO_MEMORY, 0, "loops on the host, every AMO in the HMC vault (a bound for PEI)"},
    {"greedy", IMU_MODE_PLAN, SYS_AMO_CACHE, 1, "per loop, the faster site from two profiling runs (plan, PLAN mode)"},
    {"pimprof", IMU_MODE_PLAN, SYS_AMO_CACHE, 1, "PIMProf cost model over two profiling runs (plan, PLAN mode)"},
    {"a3pim", IMU_MODE_PLAN, SYS_AMO_CACHE, 1, "A3PIM static metrics of the loop bodies' RV32 code (plan, PLAN mode)"},
    {"oracle", IMU_MODE_PLAN, SYS_AMO_CACHE, 1, "every per-loop placement simulated, the fastest kept (plan, PLAN mode)"},
};

const sys_policy_t *sys_policy_find(const char *name) {
  for (unsigned i = 0; i < sizeof policies / sizeof policies[0]; i++)
    if (!strcmp(policies[i].name, name)) return &policies[i];
  return NULL;
}

const sys_policy_t *sys_policy_at(unsigned i) {
  return i < sizeof policies / sizeof policies[0] ? &policies[i] : NULL;
}

/* ---------------------------------------------------------------- parameters */

void sys_cfg_default(sys_cfg_t *c) {
  memset(c, 0, sizeof *c);
  c->host = HOST_CFG_DEFAULT;
  c->host.stall_limit = 200000000ull; /* a long offload keeps every core waiting: the PEs have their own limit */
  c->hmc = HMC_CFG_DEFAULT;
  c->pe = PE_CFG_DEFAULT;
  c->pmc = PMC_CFG_DEFAULT;
  c->imu = IMU_CFG_DEFAULT;
  c->num_pes = 16;
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
  c->max_cycles = 2000000000ull;
  c->seed = 1;
  c->skip = 1;
}

#define P(n, f, w) {n, offsetof(sys_cfg_t, f), sizeof(((sys_cfg_t *)0)->f), w, NULL}
#define PN(n, f, w, names) {n, offsetof(sys_cfg_t, f), sizeof(((sys_cfg_t *)0)->f), w, names}
static const sys_param_t params[] = {
    P("host.cores", host.cores, "host cores (harts), Table I"),
    P("host.clk_ps", host.clk_ps, "host clock period, ps (500 = 2 GHz)"),
    P("host.width", host.width, "dispatch and commit width"),
    P("host.rob", host.rob, "ROB entries"),
    P("host.lq", host.lq, "load queue entries"),
    P("host.sq", host.sq, "store queue entries"),
    P("host.alus", host.alus, "integer ALUs"),
    P("host.muls", host.muls, "pipelined multipliers"),
    P("host.load_ports", host.load_ports, "L1D load ports per cycle"),
    P("host.lat_alu", host.lat_alu, "ALU latency, cycles"),
    P("host.lat_mul", host.lat_mul, "multiply latency"),
    P("host.lat_div", host.lat_div, "divide latency (unpipelined)"),
    P("host.lat_fwd", host.lat_fwd, "store-to-load forwarding latency"),
    P("host.lat_csr", host.lat_csr, "CSR/fence/system latency"),
    P("host.lat_mmio", host.lat_mmio, "device-space access latency"),
    P("host.mispredict_penalty", host.mispredict_penalty, "branch resolve to correct-path dispatch"),
    P("host.bp_hist", host.bp_hist, "gshare history bits"),
    P("host.ras", host.ras, "return address stack entries"),
    P("host.itb_bits", host.itb_bits, "log2 indirect target table entries"),
    P("l1i.bytes", host.l1i.bytes, "L1I size per core"),
    P("l1i.ways", host.l1i.ways, "L1I ways"),
    P("l1i.lat", host.l1i.lat, "L1I hit latency"),
    P("l1i.mshrs", host.l1i.mshrs, "L1I MSHRs"),
    P("l1d.bytes", host.l1d.bytes, "L1D size per core"),
    P("l1d.ways", host.l1d.ways, "L1D ways"),
    P("l1d.lat", host.l1d.lat, "L1D hit latency"),
    P("l1d.mshrs", host.l1d.mshrs, "L1D MSHRs"),
    P("l2.bytes", host.l2.bytes, "L2 size per core"),
    P("l2.ways", host.l2.ways, "L2 ways"),
    P("l2.lat", host.l2.lat, "L2 hit latency (after L1)"),
    P("l2.mshrs", host.l2.mshrs, "L2 MSHRs"),
    P("llc.bytes", host.llc.bytes, "LLC size, shared (2 MB per core)"),
    P("llc.ways", host.llc.ways, "LLC ways"),
    P("llc.lat", host.llc.lat, "LLC hit latency (after L2) = PMC hit phase"),
    P("llc.mshrs", host.llc.mshrs, "LLC MSHRs (shared) = PMC NumMshr"),
    P("host.snoop_lat", host.snoop_lat, "extra LLC latency for a dirty remote copy"),
    P("host.stall_limit", host.stall_limit, "host cycles without a commit before the run fails"),
    P("pe.count", num_pes, "vault PEs (one per vault)"),
    P("pe.clk_ps", pe_clk_ps, "PE clock period, ps (2000 = 500 MHz, 1000 = 1 GHz)"),
    P("pe.icache_bytes", pe.icache_bytes, "PE I-cache size (C model; RTL: build time)"),
    P("pe.icache_ways", pe.icache_ways, "PE I-cache ways"),
    P("pe.dcache_bytes", pe.dcache_bytes, "PE D-cache size"),
    P("pe.dcache_ways", pe.dcache_ways, "PE D-cache ways"),
    P("pe.line_bytes", pe.line_bytes, "PE cache line"),
    P("pe.mmio_lat", pe_mmio_lat, "PE device-space read latency, PE cycles"),
    PN("pim.sched", pim_sched, "PE work: 0 static split, 1 dynamic chunks from a vault work counter", "static|dynamic"),
    P("pim.chunk", pim_chunk, "iterations per dynamic grab"),
    PN("pim.concurrent", pim_concurrent, "0 one launch at a time, 1 launches share the PEs", "off|on"),
    PN("pim.place", pim_place, "0 range, 1 vault: iteration i to the PE of its primary element's vault", "range|vault"),
    PN("pim.coherence", pim_coherence, "0 model write-back/invalidation, 1 free (idealised)", "model|free"),
    PN("host.sleep", host.wrs_sleep, "0 wrs.nto is a nop (harts spin), 1 harts sleep in it (Zawrs)", "off|on"),
    P("pmc.w", pmc.w, "PMC window W (C model; RTL: build time)"),
    P("pmc.cnt_w", pmc.cnt_w, "PMC counter width"),
    P("imu.num_loops", imu.num_loops, "IMU decision table entries (C model; RTL: build time)"),
    P("imu.fraction_q16", imu_fraction, "sample fraction, Q0.16 (3276 = 5% rounded down)"),
    P("imu.threshold_q16", imu_threshold, "theta threshold, Q0.16 (3277: offload if theta > 5%)"),
    P("imu.min_sample", imu_min_sample, "minimum sample, iterations"),
    P("imu.mpki_thr_q16", imu_mpki_thr, "MPKI threshold, Q16.16 (0x50000 = 5.0)"),
    P("imu.sticky", imu_sticky, "1: reuse a loop's decision without re-sampling"),
    P("hmc.tck_ps", hmc.tck_ps, "HMC logic/DRAM clock, ps"),
    P("hmc.links", hmc.links, "links"),
    P("hmc.lanes", hmc.lanes, "lanes per link direction"),
    P("hmc.lane_mbps", hmc.lane_mbps, "lane rate, Mb/s (12500..30000)"),
    P("hmc.link_lat_ps", hmc.link_lat_ps, "SerDes + PHY latency per crossing"),
    P("hmc.link_buf_flits", hmc.link_buf_flits, "cube input buffer per link (tokens)"),
    P("hmc.link_rsp_flits", hmc.link_rsp_flits, "cube output buffer per link"),
    P("hmc.xbar_cycles", hmc.xbar_cycles, "crossbar link<->vault, tCK"),
    P("hmc.local_cycles", hmc.local_cycles, "PE <-> own vault, tCK"),
    P("hmc.pe_port_q", hmc.pe_port_q, "PE port request FIFO"),
    P("hmc.vaults", hmc.vaults, "vaults"),
    P("hmc.banks", hmc.banks, "banks per vault"),
    P("hmc.vault_q", hmc.vault_q, "vault request queue"),
    P("hmc.vault_rsp_q", hmc.vault_rsp_q, "vault response queue"),
    P("hmc.col_bytes", hmc.col_bytes, "DRAM burst bytes"),
    P("hmc.block_bytes", hmc.block_bytes, "max block = interleave granule"),
    P("hmc.row_bytes", hmc.row_bytes, "DRAM page per bank"),
    P("hmc.open_page", hmc.open_page, "0 closed page, 1 open page"),
    P("hmc.atomic_cycles", hmc.atomic_cycles, "vault ALU latency, tCK"),
    P("hmc.t_rcd_ps", hmc.t_rcd_ps, "tRCD"),
    P("hmc.t_cl_ps", hmc.t_cl_ps, "tCL"),
    P("hmc.t_rp_ps", hmc.t_rp_ps, "tRP"),
    P("hmc.t_ras_ps", hmc.t_ras_ps, "tRAS"),
    P("hmc.t_wr_ps", hmc.t_wr_ps, "tWR"),
    P("hmc.t_ccd_ps", hmc.t_ccd_ps, "tCCD"),
    P("hmc.t_rfc_ps", hmc.t_rfc_ps, "tRFC"),
    P("hmc.t_refi_ps", hmc.t_refi_ps, "tREFI"),
    P("hmc.t_cwl_ps", hmc.t_cwl_ps, "tCWL, write command to write data"),
    P("hmc.t_wtr_ps", hmc.t_wtr_ps, "tWTR, write data end to read command (0 off)"),
    P("hmc.t_rtw_ps", hmc.t_rtw_ps, "tRTW, read burst end to write command (0 off)"),
    P("hmc.t_rtp_ps", hmc.t_rtp_ps, "tRTP, read command to precharge"),
    P("hmc.t_rrd_ps", hmc.t_rrd_ps, "tRRD, ACT to ACT in a vault (0 off)"),
    P("hmc.t_faw_ps", hmc.t_faw_ps, "tFAW, four-ACT window per vault (0 off)"),
    P("hmc.refresh", hmc.refresh, "1: refresh on"),
    P("hmc.e_link_fj", hmc.e_link_fj, "link energy, fJ/bit (13.7 pJ)"),
    P("hmc.e_dram_fj", hmc.e_dram_fj, "DRAM energy, fJ/bit (3.7 pJ)"),
    P("hmc.e_logic_fj", hmc.e_logic_fj, "logic-layer energy, fJ/bit (6.78 pJ)"),
    P("energy.l1_fj", e_l1_fj, "L1 access energy, fJ (Horowitz ISSCC'14, 32 KB)"),
    P("energy.l2_fj", e_l2_fj, "L2 access energy, fJ (interpolated 256 KB)"),
    P("energy.llc_fj", e_llc_fj, "LLC access energy, fJ (extrapolated 2 MB slice)"),
    P("energy.pe_cache_fj", e_pe_cache_fj, "PE cache access energy, fJ (32 KB)"),
    P("sim.max_cycles", max_cycles, "host cycle limit of the run"),
    P("sim.seed", seed, "seed (recorded; the models are deterministic)"),
    P("sim.skip", skip, "1: skip idle cycles, 0: step every cycle (reference; same statistics)"),
};
#undef P

unsigned sys_param_count(void) { return sizeof params / sizeof params[0]; }
const sys_param_t *sys_param_at(unsigned i) { return i < sys_param_count() ? &params[i] : NULL; }

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

int sys_param_set(sys_cfg_t *c, const char *name, const char *value, char *err, size_t cap) {
  const sys_param_t *p = NULL;
  for (unsigned i = 0; i < sys_param_count(); i++)
    if (!strcmp(params[i].name, name)) p = &params[i];
  if (!p) {
    snprintf(err, cap, "unknown parameter '%s' (--help lists them)", name);
    return -1;
  }
  errno = 0;
  char *end;
  while (isspace((unsigned char)*value)) value++;
  if (p->names && !isdigit((unsigned char)*value)) {
    /* a named value: its index in "a|b|c" */
    const size_t vl = strlen(value);
    uint32_t k = 0;
    for (const char *n = p->names; *n; k++) {
      const size_t nl = strcspn(n, "|");
      if (nl == vl && !strncmp(n, value, nl)) {
        memcpy((uint8_t *)c + p->off, &k, 4);
        return 0;
      }
      n += nl + (n[nl] == '|');
    }
    snprintf(err, cap, "parameter %s: bad value '%s' (%s, or a number)", name, value, p->names);
    return -1;
  }
  if (*value == '-' || !*value) {
    snprintf(err, cap, "parameter %s: bad value '%s' (an unsigned integer)", name, value);
    return -1;
  }
  unsigned long long v = strtoull(value, &end, 0);
  unsigned long long mul = 1;
  if (*end == 'K' || *end == 'k') mul = 1024, end++;
  else if (*end == 'M') mul = 1024 * 1024, end++;
  else if (*end == 'G') mul = 1024ull * 1024 * 1024, end++;
  while (isspace((unsigned char)*end)) end++;
  if (errno || *end || (mul > 1 && v > UINT64_MAX / mul)) {
    snprintf(err, cap, "parameter %s: bad value '%s' (an unsigned integer, optional K/M/G)", name, value);
    return -1;
  }
  v *= mul;
  uint8_t *b = (uint8_t *)c + p->off;
  if (p->size == 8) {
    uint64_t x = v;
    memcpy(b, &x, 8);
  } else {
    if (v > 0xFFFFFFFFull) {
      snprintf(err, cap, "parameter %s: value %s out of range (32 bits)", name, value);
      return -1;
    }
    uint32_t x = (uint32_t)v;
    memcpy(b, &x, 4);
  }
  return 0;
}

int sys_cfg_read(sys_cfg_t *c, const char *path, char *err, size_t cap) {
  FILE *f = fopen(path, "r");
  if (!f) {
    snprintf(err, cap, "%s:0: cannot open the configuration file", path);
    return -1;
  }
  char line[512], e2[256];
  unsigned ln = 0;
  int rc = 0;
  while (fgets(line, sizeof line, f)) {
    ln++;
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

int sys_cfg_check(const sys_cfg_t *c, char *err, size_t cap) {
  if (c->host.cores < 1 || c->host.cores > 16) {
    snprintf(err, cap, "host.cores = %u: 1..16", c->host.cores);
    return -1;
  }
  if (c->num_pes < 1 || c->num_pes > SYS_MAX_PES || c->num_pes > c->hmc.vaults) {
    snprintf(err, cap, "pe.count = %u: 1..%u and at most hmc.vaults (%u): one PE per vault", c->num_pes, SYS_MAX_PES,
             c->hmc.vaults);
    return -1;
  }
  if (!c->pe_clk_ps || !c->host.clk_ps) {
    snprintf(err, cap, "clock periods must be > 0 (host.clk_ps %u, pe.clk_ps %u)", c->host.clk_ps, c->pe_clk_ps);
    return -1;
  }
  if (c->host.llc.mshrs > PMC_MAX_MSHR || (c->host.llc.mshrs & (c->host.llc.mshrs - 1))) {
    snprintf(err, cap, "llc.mshrs = %u: a power of two (it is the PMC's NumMshr)", c->host.llc.mshrs);
    return -1;
  }
  if (c->pim_sched > 1 || c->pim_concurrent > 1 || c->pim_place > 1 || c->pim_coherence > 1 || c->host.wrs_sleep > 1) {
    snprintf(err, cap, "pim.sched, pim.concurrent, pim.place, pim.coherence and host.sleep take 0 or 1 (or their names)");
    return -1;
  }
  if (c->pim_chunk < 1 || c->pim_chunk > 65536) {
    snprintf(err, cap, "pim.chunk = %u: 1..65536 iterations", c->pim_chunk);
    return -1;
  }
  if (c->skip > 1) {
    snprintf(err, cap, "sim.skip = %u: 0 (step every cycle) or 1 (skip idle cycles)", c->skip);
    return -1;
  }
  if (!c->max_cycles) {
    snprintf(err, cap, "sim.max_cycles must be > 0: every run has a limit");
    return -1;
  }
  return 0;
}

/* ---------------------------------------------------------------- plans */

static const struct {
  uint32_t id;
  const char *name;
} loop_names[] = {
    {LOOP_BFS_INIT, "bfs.init"},   {LOOP_BFS_FRONTIER, "bfs.frontier"}, {LOOP_SSSP_INIT, "sssp.init"},
    {LOOP_SSSP_RELAX, "sssp.relax"}, {LOOP_PR_INIT, "pr.init"},         {LOOP_PR_CONTRIB, "pr.contrib"},
    {LOOP_PR_PULL, "pr.pull"},     {LOOP_CC_INIT, "cc.init"},           {LOOP_CC_PROP, "cc.prop"},
};

uint32_t sys_loop_id(const char *name) {
  for (unsigned i = 0; i < sizeof loop_names / sizeof loop_names[0]; i++)
    if (!strcmp(loop_names[i].name, name)) return loop_names[i].id;
  return 0;
}

int sys_plan_read(sys_plan_t *p, const char *path, char *err, size_t cap) {
  memset(p, 0, sizeof *p);
  FILE *f = fopen(path, "r");
  if (!f) {
    snprintf(err, cap, "%s:0: cannot open the plan file", path);
    return -1;
  }
  char line[256];
  unsigned ln = 0;
  int rc = 0;
  while (fgets(line, sizeof line, f)) {
    ln++;
    char *h = strchr(line, '#');
    if (h) *h = 0;
    char a[128], b[32], extra[8];
    int n = sscanf(line, "%127s %31s %7s", a, b, extra);
    if (n <= 0) continue;
    uint32_t id = 0;
    char *end;
    unsigned long v = strtoul(a, &end, 0);
    if (!*end && isdigit((unsigned char)a[0])) id = (uint32_t)v;
    else id = sys_loop_id(a);
    if (n != 2 || !id || (strcmp(b, "pim") && strcmp(b, "host"))) {
      snprintf(err, cap, "%s:%u: expected '<loop id or name> pim|host'%s", path, ln, n == 2 && !id ? " (unknown loop)" : "");
      rc = -1;
      break;
    }
    if (p->n == 256) {
      snprintf(err, cap, "%s:%u: more than 256 entries", path, ln);
      rc = -1;
      break;
    }
    p->id[p->n] = id;
    p->site[p->n++] = !strcmp(b, "pim");
  }
  fclose(f);
  return rc;
}
