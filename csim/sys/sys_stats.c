/* Co-simulation statistics: the JSON record of a run and the printed
 * summary, both read from the statistics table (sys_stat_table.h,
 * docs/stats.md). */
#include <inttypes.h>
#include <string.h>

#include "sys_inval.h"
#include "sys_stat_table.h"

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

static void json_params(FILE *f, const sys_t *s) {
  fputc('{', f);
  for (unsigned i = 0, n = 0; i < sys_param_count(); i++) {
    const sys_param_t *p = sys_param_at(i);
    /* how the simulator steps is not part of the model: both ways give this same file */
    if (!strcmp(p->name, "sim.skip") || !strcmp(p->name, "sim.pe_runahead")) continue;
    if (sys_inval_param_hidden(s, p->name)) continue; /* pim.pe_inval's rows: only when it is on */
    if (!strcmp(p->name, "pe.dmshrs") && s->cfg.pe.dmshrs == 1) continue; /* the paper's PE: as before the row */
    if (!strcmp(p->name, "pe.dprefetch") && !s->cfg.pe.dprefetch) continue; /* likewise */
    fprintf(f, "%s\n    \"%s\": %" PRIu64, n++ ? "," : "", p->name, sys_param_get(&s->cfg, p));
  }
  fprintf(f, "\n  }");
}

static void json_value(FILE *f, const sys_snap_t *sn, const sys_stat_t *st, unsigned idx) {
  if (st->src == SYS_SRC_PARAMS) {
    json_params(f, sn->s);
    return;
  }
  if (st->src == SYS_SRC_INVAL) {
    sys_inval_json(sn->s, f);
    return;
  }
  sys_stat_val_t v;
  sys_stat_value(sn, st, idx, &v);
  switch (v.type) {
    case SYS_ST_BOOL: fputs(v.u ? "true" : "false", f); break;
    case SYS_ST_REAL: json_num(f, v.r); break;
    case SYS_ST_STR: case SYS_ST_CHARS: json_str(f, v.str); break;
    default: fprintf(f, "%" PRIu64, v.u); break;
  }
}

/* Length of the path segment at p (up to the next '.' or the end). */
static size_t seg_len(const char *p) { return strcspn(p, "."); }

/* The rows [lo, hi) share the first `at` characters of their paths; writes
 * them as the members of one object: at the top level one a line, below it
 * on one line ({"a": 1, "b": 2}); a segment "x[]" is an array of objects,
 * one per item of its rows' source. */
static void json_members(FILE *f, const sys_snap_t *sn, unsigned lo, unsigned hi, size_t at, unsigned idx, int top) {
  int n = 0;
  for (unsigned i = lo; i < hi;) {
    const sys_stat_t *st = sys_stat_at(i);
    const char *seg = st->path + at;
    const size_t len = seg_len(seg);
    unsigned j = i + 1;
    if (seg[len]) /* an object or array: its rows are those with this segment */
      while (j < hi && !strncmp(sys_stat_at(j)->path + at, seg, len + 1)) j++;
    int on = 0;
    for (unsigned k = i; k < j; k++) on |= (sys_stat_at(k)->only & ~sn->present) == 0;
    if (!on) {
      i = j;
      continue;
    }
    const int array = len > 2 && !strncmp(seg + len - 2, "[]", 2);
    fprintf(f, "%s\"%.*s\": ", top ? (n ? ",\n  " : "\n  ") : (n ? ", " : ""), (int)(array ? len - 2 : len), seg);
    n++;
    if (!seg[len]) {
      json_value(f, sn, st, idx);
    } else if (array) {
      fputc('[', f);
      for (unsigned k = 0, m = 0; k < sys_stat_items(sn, st->src); k++) {
        if (!sys_stat_item_on(sn, st->src, k)) continue;
        fprintf(f, "%s\n    {", m++ ? "," : "");
        json_members(f, sn, i, j, at + len + 1, k, 0);
        fputc('}', f);
      }
      fprintf(f, "\n  ]");
    } else {
      fputc('{', f);
      json_members(f, sn, i, j, at + len + 1, idx, 0);
      fputc('}', f);
    }
    i = j;
  }
}

void sys_write_json(sys_t *s, const sys_run_info_t *info, FILE *f) {
  sys_snap_t sn;
  sys_stat_snap(s, info, 1, &sn);
  fputc('{', f);
  json_members(f, &sn, 0, sys_stat_count(), 0, 0, 1);
  fprintf(f, "\n}\n");
}

/* sys_summary_t's fields and the statistics they are. */
static const struct {
  const char *path;
  size_t off;
  int real;
} summary_rows[] = {
    {"time.host_cycles", offsetof(sys_summary_t, host_cycles), 0},
    {"time.kernel_cycles", offsetof(sys_summary_t, kernel_cycles), 0},
    {"time.kernel_ps", offsetof(sys_summary_t, kernel_ps), 0},
    {"insns.host", offsetof(sys_summary_t, host_insns), 0},
    {"insns.pe", offsetof(sys_summary_t, pe_insns), 0},
    {"insns.kernel_host", offsetof(sys_summary_t, kernel_host_insns), 0},
    {"insns.kernel_pe", offsetof(sys_summary_t, kernel_pe_insns), 0},
    {"insns.kernel_host_sync", offsetof(sys_summary_t, kernel_sync_insns), 0},
    {"insns.offloaded_share", offsetof(sys_summary_t, offloaded_share), 1},
    {"insns.offloaded_share_nosync", offsetof(sys_summary_t, offloaded_share_nosync), 1},
    {"energy_pj.uncore", offsetof(sys_summary_t, energy_uncore_pj), 1},
    {"energy_pj.pe_cache", offsetof(sys_summary_t, energy_pe_cache_pj), 1},
    {"pim.pe_utilisation", offsetof(sys_summary_t, pe_util), 1},
    {"pim.locality_share", offsetof(sys_summary_t, locality), 1},
};

void sys_summary(sys_t *s, sys_summary_t *sum) {
  sys_snap_t sn;
  sys_stat_snap(s, NULL, 0, &sn);
  memset(sum, 0, sizeof *sum);
  for (size_t i = 0; i < sizeof summary_rows / sizeof summary_rows[0]; i++) {
    char *p = (char *)sum + summary_rows[i].off;
    if (summary_rows[i].real) *(double *)p = sys_stat_real(&sn, summary_rows[i].path, 0);
    else *(uint64_t *)p = sys_stat_u64(&sn, summary_rows[i].path, 0);
  }
  sum->launches = s->launches; /* launches the cores issued (pim.launches: those the dispatcher accepted) */
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

/* The per-loop table of the summary. */
static void print_loops(const sys_snap_t *sn, FILE *f) {
  fprintf(f, "loops            :\n  %-3s %-14s %6s %10s %10s %8s %10s %8s %-9s %12s\n", "id", "name", "execs", "trip",
          "host it", "sampled", "PIM it", "theta", "decision", "PE insns");
  for (unsigned id = 0; id < SYS_MAX_LOOPS; id++) {
    if (!sys_stat_item_on(sn, SYS_SRC_LOOP, id)) continue;
    const sys_loop_t *l = &sn->s->loops[id];
    char th[16];
    if (sys_stat_u64(sn, "loops[].theta_den", id)) snprintf(th, sizeof th, "%.2f%%", 100.0 * sys_stat_real(sn, "loops[].theta", id));
    else snprintf(th, sizeof th, "-");
    char dec[48];
    const uint64_t dp = sys_stat_u64(sn, "loops[].dec_pim", id), dh = sys_stat_u64(sn, "loops[].dec_host", id);
    sys_stat_val_t v;
    sys_stat_value(sn, sys_stat_find("loops[].decision"), id, &v);
    if (dp && dh) snprintf(dec, sizeof dec, "mixed %" PRIu64 "/%" PRIu64, dp, dp + dh);
    else snprintf(dec, sizeof dec, "%s", v.str);
    fprintf(f, "  %-3u %-14s %6" PRIu64 " %10" PRIu64 " %10" PRIu64 " %8" PRIu64 " %10" PRIu64 " %8s %-9s %12" PRIu64 "\n", id,
            l->name[0] ? l->name : "?", sys_stat_u64(sn, "loops[].execs", id), sys_stat_u64(sn, "loops[].trip", id),
            sys_stat_u64(sn, "loops[].host_iters", id), sys_stat_u64(sn, "loops[].sampled", id),
            sys_stat_u64(sn, "loops[].pim_iters", id), th, dec, sys_stat_u64(sn, "loops[].pe_insns", id));
  }
}

void sys_print_summary(sys_t *s, const sys_run_info_t *info, FILE *f) {
  sys_snap_t sn;
  sys_stat_snap(s, info, 0, &sn);
#define U(path) sys_stat_u64(&sn, path, 0)
#define R(path) sys_stat_real(&sn, path, 0)
  const unsigned clk = (unsigned)U("time.host_clk_ps");
  const uint64_t kins = U("insns.kernel_total");
  char a[32], b[32], c2[32], d[32];
  fprintf(f, "== copim-sim: %s on %s (%u vertices, %u edges), policy %s, blocks pmc=%s imu=%s pe=%s\n", info->kernel,
          info->graph, (unsigned)U("graph.vertices"), (unsigned)U("graph.edges"), info->policy, sn.mode_pmc, sn.mode_imu,
          sn.mode_pe);
  commas(a, sizeof a, U("time.host_cycles"));
  commas(b, sizeof b, U("time.kernel_cycles"));
  fprintf(f, "simulated time   : %.3f us (%s host cycles at %.3g GHz); kernel %.3f us (%s cycles)\n",
          (double)U("time.host_cycles") * clk / 1e6, a, 1000.0 / clk, (double)U("time.kernel_cycles") * clk / 1e6, b);
  commas(a, sizeof a, U("insns.host"));
  commas(b, sizeof b, U("insns.pe"));
  commas(c2, sizeof c2, U("insns.kernel_host"));
  commas(d, sizeof d, U("insns.kernel_pe"));
  fprintf(f, "instructions     : host %s, PEs %s (kernel: host %s, PEs %s)\n", a, b, c2, d);
  commas(a, sizeof a, U("insns.kernel_host_sync"));
  uint64_t wl = 0, wb = 0;
  for (unsigned c = 0; c < sys_stat_items(&sn, SYS_SRC_CORE); c++)
    wl += sys_stat_u64(&sn, "host.cores[].pim_wait_cycles", c), wb += sys_stat_u64(&sn, "host.cores[].barrier_wait_cycles", c);
  commas(b, sizeof b, wl);
  commas(c2, sizeof c2, wb);
  fprintf(f, "offloaded share  : %.1f%% of the kernel's instructions retired on PEs (%s host instructions in rt_barrier);"
             " harts asleep %s cycles in cp.pim.wait, %s at barriers\n",
          kins ? 100.0 * (double)U("insns.kernel_pe") / (double)kins : 0.0, a, b, c2);
  fprintf(f, "PIM              : %" PRIu64 " launches, %" PRIu64 " iterations, %" PRIu64 " dirty lines written back, %" PRIu64
             " lines invalidated, PE clock %.0f MHz\n",
          U("pim.launches"), U("pim.iterations"), U("pim.wb_lines"), U("pim.inv_lines"), 1e6 / U("time.pe_clk_ps"));
  if (U("pim.launches"))
    fprintf(f, "PEs              : utilisation %.1f%% of %u PEs while launches ran (%.3f us, at most %u at once),"
               " %.1f%% while a launch of >= %u iterations ran; %" PRIu64 " chunks, %" PRIu64 " stolen;"
               " %.1f%% of PE requests to the own vault\n",
            100.0 * R("pim.pe_utilisation"), s->cfg.num_pes, (double)U("pim.active_ps") / 1e6,
            (unsigned)U("pim.max_active"), 100.0 * R("pim.pe_utilisation_wide"), s->cfg.num_pes * s->cfg.pim_chunk,
            U("pim.chunks"), U("pim.steals"), 100.0 * R("pim.locality_share"));
  print_loops(&sn, f);
  fprintf(f, "energy (uJ)      : L1 %.3f  L2 %.3f  LLC %.3f  HMC link %.3f  HMC DRAM %.3f  HMC logic %.3f  = un-core %.3f"
             " (+ PE caches %.3f)\n",
          R("energy_pj.l1") / 1e6, R("energy_pj.l2") / 1e6, R("energy_pj.llc") / 1e6, R("energy_pj.hmc_link") / 1e6,
          R("energy_pj.hmc_dram") / 1e6, R("energy_pj.hmc_logic") / 1e6, R("energy_pj.uncore") / 1e6,
          R("energy_pj.pe_cache") / 1e6);
#undef U
#undef R
  char why[256];
  if (s->failed) fprintf(f, "result           : FAIL (%s)\n", s->err);
  else if (sys_verify(s, why, sizeof why))
    fprintf(f, "result           : PASS (%u iterations; equal to the native reference kernel)\n", s->iterations);
  else fprintf(f, "result           : FAIL (%s)\n", why);
}
