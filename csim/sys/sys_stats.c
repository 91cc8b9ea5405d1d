/* Co-simulation statistics: the JSON record of a run (docs/stats.md), the
 * printed summary and the energy breakdown (sys.h). */
#include <inttypes.h>
#include <string.h>

#include "sys_int.h"
#include "workload.h"

/* Energy of a run, picojoules (docs/stats.md "energy_pj"). */
typedef struct {
  uint64_t l1_acc, l2_acc, llc_acc, pe_cache_acc;
  double l1, l2, llc, pe_cache, link, dram, logic, total;
} energy_t;

static void energy(const struct sys *s, const host_stats_t *hs, const hmc_stats_t *ms, energy_t *e) {
  memset(e, 0, sizeof *e);
  for (unsigned c = 0; c < s->cfg.host.cores; c++) {
    const host_core_stats_t *k = &hs->core[c];
    /* L1D: every load, store and AMO; L1I: one access per fetch group of `width` instructions */
    e->l1_acc += k->loads + k->stores + k->amos + (k->insns + s->cfg.host.width - 1) / s->cfg.host.width;
    e->l2_acc += k->l1i_miss + k->l1d_miss;
  }
  e->llc_acc = hs->llc_lookups;
  for (unsigned p = 0; p < s->cfg.num_pes; p++) e->pe_cache_acc += s->pes[p].retired + s->pes[p].loads + s->pes[p].stores;
  e->l1 = (double)e->l1_acc * s->cfg.e_l1_fj / 1000.0;
  e->l2 = (double)e->l2_acc * s->cfg.e_l2_fj / 1000.0;
  e->llc = (double)e->llc_acc * s->cfg.e_llc_fj / 1000.0;
  e->pe_cache = (double)e->pe_cache_acc * s->cfg.e_pe_cache_fj / 1000.0;
  e->link = ms->e_link_pj;
  e->dram = ms->e_dram_pj;
  e->logic = ms->e_logic_pj;
  e->total = e->l1 + e->l2 + e->llc + e->pe_cache + e->link + e->dram + e->logic;
}

static const char *mode_name(sys_blk_mode_t m) { return m == SYS_BLK_RTL ? "rtl" : m == SYS_BLK_LOCKSTEP ? "lockstep" : "c"; }

static void json_str(FILE *f, const char *v) {
  fputc('"', f);
  for (const char *p = v ? v : ""; *p; p++) {
    unsigned char ch = (unsigned char)*p;
    if (ch == '"' || ch == '\\') fprintf(f, "\\%c", ch);
    else if (ch < 0x20) fprintf(f, "\\u%04x", ch);
    else fputc(ch, f);
  }
  fputc('"', f);
}

/* %.17g would print every bit but is hard to read; 9 significant digits are
 * plenty for ratios and energies and stay byte-identical run to run. */
static void json_num(FILE *f, double v) { fprintf(f, "%.9g", v); }

static const char *decision(const sys_loop_t *l) {
  if (!l->execs) return "-";
  if (l->dec_pim && !l->dec_host) return "pim";
  if (!l->dec_pim) return "host";
  return "mixed";
}

static double theta(const sys_loop_t *l) { return l->theta_den ? (double)l->theta_num / (double)l->theta_den : 0.0; }

/* Everything a report reads, taken at one moment (JSON and summary alike). */
/* PE utilisation: PE busy time / (PEs x time at least one launch was
 * active); locality: PE memory requests served by the PE's own vault. */
static double pe_util(const sys_t *s, const hmc_dispatch_stats_t *ds) {
  uint64_t run = 0;
  for (unsigned p = 0; p < s->cfg.num_pes; p++) run += s->pes[p].run_cycles;
  const double span = (double)ds->active_ps * s->cfg.num_pes;
  return span > 0 ? (double)run * s->cfg.pe_clk_ps / span : 0.0;
}
/* The same over the spans of launches wide enough to fill every PE. */
static double pe_util_wide(const sys_t *s, const hmc_dispatch_stats_t *ds) {
  uint64_t run = 0;
  for (unsigned p = 0; p < s->cfg.num_pes; p++) run += s->pes[p].run_cycles_wide;
  const double span = (double)ds->wide_ps * s->cfg.num_pes;
  return span > 0 ? (double)run * s->cfg.pe_clk_ps / span : 0.0;
}
static double locality(const hmc_stats_t *ms) {
  const uint64_t n = ms->local_reqs + ms->remote_reqs;
  return n ? (double)ms->local_reqs / (double)n : 0.0;
}

static void gather(sys_t *s, host_stats_t *hs, hmc_stats_t *ms, hmc_dispatch_stats_t *ds, energy_t *e) {
  host_stats(s->host, hs);
  hmc_stats(s->hmc, ms);
  hmc_dispatch_stats(s->disp, ds);
  energy(s, hs, ms, e);
}

void sys_write_json(sys_t *s, const sys_run_info_t *info, FILE *f) {
  host_stats_t hs;
  hmc_stats_t ms;
  hmc_dispatch_stats_t ds;
  energy_t e;
  gather(s, &hs, &ms, &ds, &e);
  char why[256];
  const int ok = !s->failed && s->finished && sys_verify(s, why, sizeof why);
  uint64_t host_insns = 0;
  for (unsigned c = 0; c < s->cfg.host.cores; c++) host_insns += hs.core[c].insns;
  const uint64_t kcyc = hs.kernel_end > hs.kernel_start ? hs.kernel_end - hs.kernel_start : 0;
  const uint64_t kins = hs.kernel_insns + s->pe_insns_kernel;

  fprintf(f, "{\n  \"format\": \"copim-sim-stats\",\n  \"version\": 1,\n");
  fprintf(f, "  \"run\": {\"kernel\": ");
  json_str(f, info->kernel);
  fprintf(f, ", \"graph\": ");
  json_str(f, info->graph);
  fprintf(f, ", \"policy\": ");
  json_str(f, info->policy);
  fprintf(f, ", \"plan\": ");
  json_str(f, info->plan);
  fprintf(f, ", \"blocks\": {\"pmc\": \"%s\", \"imu\": \"%s\", \"pe\": \"%s\"}, \"seed\": %" PRIu64 "},\n",
          mode_name(s->mode_pmc), mode_name(s->mode_imu), mode_name(s->mode_pe), s->cfg.seed);
  fprintf(f, "  \"params\": {");
  for (unsigned i = 0, n = 0; i < sys_param_count(); i++) {
    const sys_param_t *p = sys_param_at(i);
    /* how the simulator steps is not part of the model: both ways give this same file */
    if (!strcmp(p->name, "sim.skip") || !strcmp(p->name, "sim.pe_fast")) continue;
    fprintf(f, "%s\n    \"%s\": %" PRIu64, n++ ? "," : "", p->name, sys_param_get(&s->cfg, p));
  }
  fprintf(f, "\n  },\n");
  /* the kernel parameters change the work, so a result names them */
  fprintf(f,
          "  \"graph\": {\"vertices\": %u, \"edges\": %u, \"symmetric\": %s, \"source\": %u, \"pr_max_iters\": %u,"
          " \"bfs_split\": %u},\n",
          s->g->n, s->g->m, s->g->symmetric ? "true" : "false", s->kp.bfs_source, s->kp.pr_max_iters, s->kp.bfs_split);
  fprintf(f, "  \"result\": {\"finished\": %s, \"exit_code\": %u, \"verified\": %s, \"why\": ", s->finished ? "true" : "false",
          s->exit_code, ok ? "true" : "false");
  json_str(f, s->failed ? s->err : ok ? "" : why);
  fprintf(f, ", \"iterations\": %u, \"ref_iterations\": %u},\n", s->iterations, s->ref_iterations);
  fprintf(f,
          "  \"time\": {\"host_cycles\": %" PRIu64 ", \"host_clk_ps\": %u, \"sim_ps\": %" PRIu64
          ", \"pe_cycles\": %" PRIu64 ", \"pe_clk_ps\": %u, \"kernel_start_cycle\": %" PRIu64
          ", \"kernel_end_cycle\": %" PRIu64 ", \"kernel_cycles\": %" PRIu64 ", \"kernel_ps\": %" PRIu64 "},\n",
          hs.cycles, s->cfg.host.clk_ps, hs.cycles * s->cfg.host.clk_ps, s->pe_cycle, s->cfg.pe_clk_ps,
          hs.kernel_start, hs.kernel_end, kcyc, kcyc * s->cfg.host.clk_ps);
  fprintf(f,
          "  \"insns\": {\"host\": %" PRIu64 ", \"pe\": %" PRIu64 ", \"kernel_host\": %" PRIu64 ", \"kernel_pe\": %" PRIu64
          ", \"kernel_total\": %" PRIu64 ", \"offloaded_share\": ",
          host_insns, s->pe_insns, hs.kernel_insns, s->pe_insns_kernel, kins);
  json_num(f, kins ? (double)s->pe_insns_kernel / (double)kins : 0.0);
  fprintf(f, ", \"host_sync\": %" PRIu64 ", \"kernel_host_sync\": %" PRIu64 ", \"offloaded_share_nosync\": ",
          s->sync_insns, s->sync_insns_kernel);
  json_num(f, kins > s->sync_insns_kernel ? (double)s->pe_insns_kernel / (double)(kins - s->sync_insns_kernel) : 0.0);
  fprintf(f, "},\n");
  fprintf(f, "  \"host\": {\"cores\": [");
  for (unsigned c = 0; c < s->cfg.host.cores; c++) {
    const host_core_stats_t *k = &hs.core[c];
    fprintf(f,
            "%s\n    {\"insns\": %" PRIu64 ", \"cycles_active\": %" PRIu64 ", \"loads\": %" PRIu64 ", \"stores\": %" PRIu64
            ", \"amos\": %" PRIu64 ", \"branches\": %" PRIu64 ", \"mispredicts\": %" PRIu64 ", \"l1i_miss\": %" PRIu64
            ", \"l1d_hit\": %" PRIu64 ", \"l1d_miss\": %" PRIu64 ", \"l2_hit\": %" PRIu64 ", \"l2_miss\": %" PRIu64
            ", \"llc_hit\": %" PRIu64 ", \"llc_miss\": %" PRIu64 ", \"amos_far\": %" PRIu64 ", \"markers\": %" PRIu64 ", \"pim_launches\": %" PRIu64
            ", \"pim_wait_cycles\": %" PRIu64 ", \"pim_wb_cycles\": %" PRIu64 ", \"pim_inv_cycles\": %" PRIu64
            ", \"barrier_wait_cycles\": %" PRIu64 "}",
            c ? "," : "", k->insns, k->cycles_active, k->loads, k->stores, k->amos, k->branches, k->mispredicts,
            k->l1i_miss, k->l1d_hit, k->l1d_miss, k->l2_hit, k->l2_miss, k->llc_hit, k->llc_miss, k->amos_far, k->markers,
            k->pim_launches, k->pim_wait_cycles, k->pim_wb_cycles, k->pim_inv_cycles, k->barrier_wait_cycles);
  }
  fprintf(f,
          "\n  ], \"llc_lookups\": %" PRIu64 ", \"llc_writebacks\": %" PRIu64 ", \"hmc_reads\": %" PRIu64
          ", \"hmc_writes\": %" PRIu64 ", \"hmc_amos\": %" PRIu64 ", \"coherence_invals\": %" PRIu64 "},\n",
          hs.llc_lookups, hs.llc_writebacks, hs.hmc_reads, hs.hmc_writes, hs.hmc_amos, hs.coherence_invals);
  if (s->pei) { /* only under PEI: every other policy's file stays as it was */
    uint64_t hits, misses;
    pol_pei_counts(s->pei, &hits, &misses);
    fprintf(f,
            "  \"pei\": {\"monitor_bits\": %" PRIu64 ", \"predicted_hits\": %" PRIu64 ", \"predicted_misses\": %" PRIu64
            "},\n",
            pol_pei_bits(s->pei), hits, misses);
  }
  fprintf(f, "  \"pes\": [");
  for (unsigned p = 0; p < s->cfg.num_pes; p++) {
    const sys_pe_t *q = &s->pes[p];
    fprintf(f,
            "%s\n    {\"retired\": %" PRIu64 ", \"run_cycles\": %" PRIu64 ", \"starts\": %" PRIu64 ", \"loads\": %" PRIu64
            ", \"stores\": %" PRIu64 ", \"mem_reqs\": %" PRIu64 ", \"grabs\": %" PRIu64 "}",
            p ? "," : "", q->retired, q->run_cycles, q->starts, q->loads, q->stores, q->reqs, q->grabs);
  }
  fprintf(f, "\n  ],\n");
  fprintf(f,
          "  \"pim\": {\"launches\": %" PRIu64 ", \"iterations\": %" PRIu64 ", \"pe_starts\": %" PRIu64
          ", \"busy_ps\": %" PRIu64 ", \"pe_amos\": %" PRIu64 ", \"wb_lines\": %" PRIu64 ", \"inv_lines\": %" PRIu64
          ", \"pim_region_base\": %u, \"pim_region_end\": %u, \"active_ps\": %" PRIu64 ", \"max_active\": %u"
          ", \"grabs\": %" PRIu64 ", \"chunks\": %" PRIu64 ", \"steals\": %" PRIu64
          ", \"pe_utilisation\": ",
          ds.launches, ds.iterations, ds.pe_starts, ds.busy_ps, s->pe_amos, hs.pim_wb_lines, hs.pim_inv_lines,
          hs.pim_region_base, hs.pim_region_end, ds.active_ps, ds.max_active, ds.grabs, ds.chunks, ds.steals);
  json_num(f, pe_util(s, &ds));
  fprintf(f, ", \"wide_ps\": %" PRIu64 ", \"pe_utilisation_wide\": ", ds.wide_ps);
  json_num(f, pe_util_wide(s, &ds));
  fprintf(f, ", \"locality_share\": ");
  json_num(f, locality(&ms));
  fprintf(f, "},\n");
  fprintf(f, "  \"loops\": [");
  int first = 1;
  for (unsigned id = 0; id < SYS_MAX_LOOPS; id++) {
    const sys_loop_t *l = &s->loops[id];
    if (!l->execs && !l->pe_insns && !l->launches) continue;
    fprintf(f, "%s\n    {\"id\": %u, \"name\": ", first ? "" : ",", id);
    first = 0;
    json_str(f, l->name);
    fprintf(f,
            ", \"execs\": %" PRIu64 ", \"trip\": %" PRIu64 ", \"host_iters\": %" PRIu64 ", \"pim_iters\": %" PRIu64
            ", \"sampled\": %" PRIu64 ", \"theta_num\": %" PRIu64 ", \"theta_den\": %" PRIu64 ", \"theta\": ",
            l->execs, l->trip, l->host_iters, l->pim_iters, l->sampled, l->theta_num, l->theta_den);
    json_num(f, theta(l));
    fprintf(f,
            ", \"dec_pim\": %" PRIu64 ", \"dec_host\": %" PRIu64 ", \"decision\": \"%s\", \"launches\": %" PRIu64
            ", \"pe_insns\": %" PRIu64 ", \"wb_lines\": %" PRIu64 ", \"wb_cycles\": %" PRIu64 ", \"inv_lines\": %" PRIu64
            ", \"inv_cycles\": %" PRIu64 "}",
            l->dec_pim, l->dec_host, decision(l), l->launches, l->pe_insns, l->wb_lines, l->wb_cycles, l->inv_lines,
            l->inv_cycles);
  }
  fprintf(f, "\n  ],\n");
  uint64_t reqs = 0;
  for (unsigned i = 0; i < HMC_CMD_COUNT; i++) reqs += ms.reqs[i];
  fprintf(f,
          "  \"hmc\": {\"requests\": %" PRIu64 ", \"responses\": %" PRIu64 ", \"stalls\": %" PRIu64
          ", \"lat_avg_ps\": %" PRIu64 ", \"lat_max_ps\": %" PRIu64 ", \"acts\": %" PRIu64 ", \"refreshes\": %" PRIu64
          ", \"pe_local_reqs\": %" PRIu64 ", \"pe_remote_reqs\": %" PRIu64 ", \"link_bits\": %" PRIu64
          ", \"dram_bits\": %" PRIu64 ", \"logic_bits\": %" PRIu64 "},\n",
          reqs, ms.resps, ms.stalls, ms.resps ? ms.lat_sum_ps / ms.resps : 0, ms.lat_max_ps, ms.acts, ms.refreshes,
          ms.local_reqs, ms.remote_reqs, ms.link_bits, ms.dram_bits, ms.logic_bits);
  fprintf(f,
          "  \"energy_pj\": {\"l1_accesses\": %" PRIu64 ", \"l2_accesses\": %" PRIu64 ", \"llc_accesses\": %" PRIu64
          ", \"pe_cache_accesses\": %" PRIu64 ", \"l1\": ",
          e.l1_acc, e.l2_acc, e.llc_acc, e.pe_cache_acc);
  json_num(f, e.l1);
  fprintf(f, ", \"l2\": ");
  json_num(f, e.l2);
  fprintf(f, ", \"llc\": ");
  json_num(f, e.llc);
  fprintf(f, ", \"pe_cache\": ");
  json_num(f, e.pe_cache);
  fprintf(f, ", \"hmc_link\": ");
  json_num(f, e.link);
  fprintf(f, ", \"hmc_dram\": ");
  json_num(f, e.dram);
  fprintf(f, ", \"hmc_logic\": ");
  json_num(f, e.logic);
  fprintf(f, ", \"uncore\": ");
  json_num(f, e.l1 + e.l2 + e.llc + e.link + e.dram + e.logic);
  fprintf(f, ", \"total\": ");
  json_num(f, e.total);
  fprintf(f, "}\n}\n");
}

void sys_summary(sys_t *s, sys_summary_t *sum) {
  host_stats_t hs;
  host_stats(s->host, &hs);
  hmc_stats_t ms;
  hmc_stats(s->hmc, &ms);
  energy_t e;
  energy(s, &hs, &ms, &e);
  memset(sum, 0, sizeof *sum);
  sum->host_cycles = hs.cycles;
  sum->kernel_cycles = hs.kernel_end > hs.kernel_start ? hs.kernel_end - hs.kernel_start : 0;
  sum->kernel_ps = sum->kernel_cycles * s->cfg.host.clk_ps;
  for (unsigned c = 0; c < s->cfg.host.cores; c++) sum->host_insns += hs.core[c].insns;
  sum->pe_insns = s->pe_insns;
  sum->kernel_host_insns = hs.kernel_insns;
  sum->kernel_pe_insns = s->pe_insns_kernel;
  sum->kernel_sync_insns = s->sync_insns_kernel;
  const uint64_t kins = hs.kernel_insns + s->pe_insns_kernel;
  sum->offloaded_share = kins ? (double)s->pe_insns_kernel / (double)kins : 0.0;
  sum->offloaded_share_nosync =
      kins > s->sync_insns_kernel ? (double)s->pe_insns_kernel / (double)(kins - s->sync_insns_kernel) : 0.0;
  sum->energy_uncore_pj = e.l1 + e.l2 + e.llc + e.link + e.dram + e.logic;
  sum->energy_pe_cache_pj = e.pe_cache;
  sum->launches = s->launches;
  hmc_dispatch_stats_t ds;
  hmc_dispatch_stats(s->disp, &ds);
  sum->pe_util = pe_util(s, &ds);
  sum->locality = locality(&ms);
}

static void commas(char *b, size_t cap, uint64_t v) {
  char t[32];
  snprintf(t, sizeof t, "%" PRIu64, v);
  size_t n = strlen(t), o = 0;
  for (size_t i = 0; i < n && o + 2 < cap; i++) {
    if (i && (n - i) % 3 == 0) b[o++] = ',';
    b[o++] = t[i];
  }
  b[o] = 0;
}

void sys_print_summary(sys_t *s, const sys_run_info_t *info, FILE *f) {
  host_stats_t hs;
  hmc_stats_t ms;
  hmc_dispatch_stats_t ds;
  energy_t e;
  gather(s, &hs, &ms, &ds, &e);
  uint64_t host_insns = 0;
  for (unsigned c = 0; c < s->cfg.host.cores; c++) host_insns += hs.core[c].insns;
  const uint64_t kcyc = hs.kernel_end > hs.kernel_start ? hs.kernel_end - hs.kernel_start : 0;
  const uint64_t kins = hs.kernel_insns + s->pe_insns_kernel;
  char a[32], b[32], c2[32], d[32];
  fprintf(f, "== copim-sim: %s on %s (%u vertices, %u edges), policy %s, blocks pmc=%s imu=%s pe=%s\n", info->kernel,
          info->graph, s->g->n, s->g->m, info->policy, mode_name(s->mode_pmc), mode_name(s->mode_imu),
          mode_name(s->mode_pe));
  commas(a, sizeof a, hs.cycles);
  commas(b, sizeof b, kcyc);
  fprintf(f, "simulated time   : %.3f us (%s host cycles at %.3g GHz); kernel %.3f us (%s cycles)\n",
          (double)hs.cycles * s->cfg.host.clk_ps / 1e6, a, 1000.0 / s->cfg.host.clk_ps,
          (double)kcyc * s->cfg.host.clk_ps / 1e6, b);
  commas(a, sizeof a, host_insns);
  commas(b, sizeof b, s->pe_insns);
  commas(c2, sizeof c2, hs.kernel_insns);
  commas(d, sizeof d, s->pe_insns_kernel);
  fprintf(f, "instructions     : host %s, PEs %s (kernel: host %s, PEs %s)\n", a, b, c2, d);
  commas(a, sizeof a, s->sync_insns_kernel);
  uint64_t wl = 0, wb = 0;
  for (unsigned c = 0; c < s->cfg.host.cores; c++) wl += hs.core[c].pim_wait_cycles, wb += hs.core[c].barrier_wait_cycles;
  commas(b, sizeof b, wl);
  commas(c2, sizeof c2, wb);
  fprintf(f, "offloaded share  : %.1f%% of the kernel's instructions retired on PEs (%s host instructions in rt_barrier);"
             " harts asleep %s cycles in cp.pim.wait, %s at barriers\n",
          kins ? 100.0 * (double)s->pe_insns_kernel / (double)kins : 0.0, a, b, c2);
  fprintf(f, "PIM              : %" PRIu64 " launches, %" PRIu64 " iterations, %" PRIu64 " dirty lines written back, %" PRIu64
             " lines invalidated, PE clock %.0f MHz\n",
          ds.launches, ds.iterations, hs.pim_wb_lines, hs.pim_inv_lines, 1e6 / s->cfg.pe_clk_ps);
  if (ds.launches)
    fprintf(f, "PEs              : utilisation %.1f%% of %u PEs while launches ran (%.3f us, at most %u at once),"
               " %.1f%% while a launch of >= %u iterations ran; %" PRIu64 " chunks, %" PRIu64 " stolen;"
               " %.1f%% of PE requests to the own vault\n",
            100.0 * pe_util(s, &ds), s->cfg.num_pes, (double)ds.active_ps / 1e6, ds.max_active,
            100.0 * pe_util_wide(s, &ds), s->cfg.num_pes * s->cfg.pim_chunk, ds.chunks, ds.steals,
            100.0 * locality(&ms));
  fprintf(f, "loops            :\n  %-3s %-14s %6s %10s %10s %8s %10s %8s %-9s %12s\n", "id", "name", "execs", "trip",
          "host it", "sampled", "PIM it", "theta", "decision", "PE insns");
  for (unsigned id = 0; id < SYS_MAX_LOOPS; id++) {
    const sys_loop_t *l = &s->loops[id];
    if (!l->execs && !l->pe_insns && !l->launches) continue;
    char th[16];
    if (l->theta_den) snprintf(th, sizeof th, "%.2f%%", 100.0 * theta(l));
    else snprintf(th, sizeof th, "-");
    char dec[48];
    if (l->dec_pim && l->dec_host) snprintf(dec, sizeof dec, "mixed %" PRIu64 "/%" PRIu64, l->dec_pim, l->dec_pim + l->dec_host);
    else snprintf(dec, sizeof dec, "%s", decision(l));
    fprintf(f, "  %-3u %-14s %6" PRIu64 " %10" PRIu64 " %10" PRIu64 " %8" PRIu64 " %10" PRIu64 " %8s %-9s %12" PRIu64 "\n", id,
            l->name[0] ? l->name : "?", l->execs, l->trip, l->host_iters, l->sampled, l->pim_iters, th, dec, l->pe_insns);
  }
  fprintf(f, "energy (uJ)      : L1 %.3f  L2 %.3f  LLC %.3f  HMC link %.3f  HMC DRAM %.3f  HMC logic %.3f  = un-core %.3f"
             " (+ PE caches %.3f)\n",
          e.l1 / 1e6, e.l2 / 1e6, e.llc / 1e6, e.link / 1e6, e.dram / 1e6, e.logic / 1e6,
          (e.l1 + e.l2 + e.llc + e.link + e.dram + e.logic) / 1e6, e.pe_cache / 1e6);
  char why[256];
  if (s->failed) fprintf(f, "result           : FAIL (%s)\n", s->err);
  else if (sys_verify(s, why, sizeof why))
    fprintf(f, "result           : PASS (%u iterations; equal to the native reference kernel)\n", s->iterations);
  else fprintf(f, "result           : FAIL (%s)\n", why);
}
