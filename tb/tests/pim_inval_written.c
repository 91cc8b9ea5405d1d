/* pim_inval_written: PE caches that stay warm across launches
 * (pim.pe_inval=written, csim/sys/sys_inval.c; docs/cosim.md "PE caches
 * across launches").
 *
 *  - every kernel of the registry under pim-only and copim with
 *    pim.pe_inval=written, on a Kronecker graph (the test seed) and on
 *    p2p-Gnutella30 for PageRank and SSSP: the results equal the native
 *    kernel's, the unit saw launch boundaries and its checker compared
 *    lines, and the runs together sent invalidations (DC alone sends none:
 *    its one pass writes nothing a PE holds);
 *  - the caches do stay warm: PageRank's PE D-cache fills under written are
 *    fewer than under all (pim.inval_stats=1 counts them there), and the
 *    statistics of all are not moved by counting;
 *  - the PEs as Verilated RTL (--rtl pe, the test's reset seed), driven on
 *    their line-invalidate input: PASS and the same statistics as the C
 *    PEs; and in RTL + C lockstep;
 *  - planted missing invalidations (pim.inval_drop=N drops the N-th message
 *    whose line was stale in the PE): each run must fail with the checker's
 *    line naming the PE and the stale line;
 *  - with MSHRs (pe.dmshrs = 4, and 8 with the stream prefetcher), whose
 *    directory is a superset with back-invalidations: every kernel under
 *    pim-only and copim verified, some directory set gave up a line, and
 *    the planted faults caught: a lost walk message (pim.inval_drop) by
 *    either checker, lost back-invalidations (pim.inval_drop_back) by the
 *    one that reads the PE's own D-cache. */
#include "cosim_util.h"
#include "kernels.h"

static char out[1 << 16], err[1 << 14];
static double total_msgs; /* invalidations over the kernels' runs */

/* Runs args; 1 when it passed verification with the unit at work. */
static int run_ok(tb_t *t, const char *args, const char *json) {
  char a[1024];
  snprintf(a, sizeof a, "%s --quiet --stats %s", args, json);
  const int rc = cu_run(a, out, sizeof out, err, sizeof err);
  t->checks++;
  if (rc || !strstr(out, "PASS")) {
    tb_fail(t, "%s: exit %d: %s%s", args, rc, out, err);
    return 0;
  }
  return 1;
}

static double total_evictions; /* back-invalidations over the runs with MSHRs */

static void written_with(tb_t *t, const char *kernel, const char *graph, const char *policy, const char *pe) {
  char a[512], j[128];
  snprintf(j, sizeof j, "build/pim-inval-%d.json", (int)getpid());
  snprintf(a, sizeof a, "--kernel %s --graph %s --policy %s --set pim.pe_inval=written%s", kernel, graph, policy, pe);
  if (run_ok(t, a, j)) {
    char *s = cu_slurp(j, NULL);
    const double msgs = s ? cu_json_num(s, "\"pe_inval\"", "msgs") : 0;
    const double checks = s ? cu_json_num(s, "\"pe_inval\"", "checks") : 0;
    const double fp = s ? cu_json_num(s, "\"pe_inval\"", "false_pos") : 0;
    const double bounds = s ? cu_json_num(s, "\"pe_inval\"", "boundaries") : 0;
    t->checks++;
    /* DC's one pass writes nothing a PE holds: no message is right there */
    if (msgs > 0) total_msgs += msgs;
    if (s) total_evictions += cu_json_num(s, "\"pe_inval\"", "dir_evictions");
    if (!s || !strstr(s, "\"mode\": \"written\"") || bounds <= 0 || checks <= 0)
      tb_fail(t, "%s: the unit was not at work (boundaries %.0f, checks %.0f)\n", a, bounds, checks);
    else
      tb_log(t, "%-5s %-16s %-8s written%s: PASS, %.0f invalidations (%.0f false positives), %.0f lines checked\n",
             kernel, graph, policy, pe, msgs, fp, checks);
    free(s);
  }
  remove(j);
}

static void written(tb_t *t, const char *kernel, const char *graph, const char *policy) {
  written_with(t, kernel, graph, policy, "");
}

/* The statistics of a --stats file from "params" on, without the unit's object
 * and the in-flight figures (pim.pe_inflight*, pim.pe_ooo_resps). */
static char *stats_without_unit(const char *path) {
  char *s = cu_slurp(path, NULL);
  if (!s) return NULL;
  char *u = strstr(s, "  \"pe_inval\": {");
  if (u) {
    char *e = strstr(u, "]},\n");
    if (e) memmove(u, e + 4, strlen(e + 4) + 1);
  }
  /* and without the in-flight figures the unit's bookkeeping makes appear in "pim" */
  char *f = strstr(s, ", \"pe_inflight\": ");
  char *g = f ? strstr(f, "\"pe_ooo_resps\": ") : NULL;
  if (g) {
    g += strlen("\"pe_ooo_resps\": ");
    g += strspn(g, "0123456789");
    memmove(f, g, strlen(g) + 1);
  }
  char *p = strstr(s, "\"time\"");
  char *r = p ? strdup(p) : NULL;
  free(s);
  return r;
}

static void warm(tb_t *t, const char *graph) {
  char a[512], ja[128], jw[128], jb[128];
  snprintf(ja, sizeof ja, "build/pim-inval-%d-all.json", (int)getpid());
  snprintf(jw, sizeof jw, "build/pim-inval-%d-written.json", (int)getpid());
  snprintf(jb, sizeof jb, "build/pim-inval-%d-base.json", (int)getpid());
  snprintf(a, sizeof a, "--kernel pr --graph %s --policy pim-only", graph);
  run_ok(t, a, jb);
  snprintf(a, sizeof a, "--kernel pr --graph %s --policy pim-only --set pim.inval_stats=1", graph);
  run_ok(t, a, ja);
  snprintf(a, sizeof a, "--kernel pr --graph %s --policy pim-only --set pim.pe_inval=written", graph);
  run_ok(t, a, jw);
  char *sa = cu_slurp(ja, NULL), *sw = cu_slurp(jw, NULL);
  char *x = stats_without_unit(jb), *y = stats_without_unit(ja);
  t->checks++;
  if (!x || !y || strcmp(x, y)) tb_fail(t, "pim.inval_stats=1 moved the statistics of pim.pe_inval=all\n");
  if (sa && sw) {
    const double fa = cu_json_num(sa, "\"pe_inval\"", "d_fills"), fw = cu_json_num(sw, "\"pe_inval\"", "d_fills");
    const double la = cu_json_num(sa, "\"pe_inval\"", "d_loads"), lw = cu_json_num(sw, "\"pe_inval\"", "d_loads");
    t->checks++;
    if (fa <= 0 || fw <= 0 || la <= 0 || lw <= 0 || fw >= fa)
      tb_fail(t, "pr on %s: D-cache fills all %.0f, written %.0f: not warmer\n", graph, fa, fw);
    else
      tb_log(t, "pr %s pim-only: PE D-cache hit rate all %.1f%%, written %.1f%% (fills %.0f -> %.0f)\n", graph,
             100.0 * (1.0 - fa / la), 100.0 * (1.0 - fw / lw), fa, fw);
  } else {
    tb_fail(t, "missing JSON\n");
  }
  free(sa);
  free(sw);
  free(x);
  free(y);
  remove(ja);
  remove(jw);
  remove(jb);
}

/* The PEs as RTL (or in lockstep) under written: PASS, statistics equal to the C PEs'. */
static void rtl(tb_t *t, const char *blocks, const char *run) {
  char a[1024], jr[128], jc[128];
  snprintf(jr, sizeof jr, "build/pim-inval-%d-rtl.json", (int)getpid());
  snprintf(jc, sizeof jc, "build/pim-inval-%d-c.json", (int)getpid());
  snprintf(a, sizeof a, "%s --set pim.pe_inval=written %s --reset-seed %u", run, blocks, t->reset_seed);
  const int r1 = run_ok(t, a, jr);
  snprintf(a, sizeof a, "%s --set pim.pe_inval=written", run);
  const int r2 = run_ok(t, a, jc);
  char *r = cu_slurp(jr, NULL), *c = cu_slurp(jc, NULL);
  const char *pr = r ? strstr(r, "\"params\"") : NULL, *pc = c ? strstr(c, "\"params\"") : NULL;
  t->checks++;
  if (!r1 || !r2 || !pr || !pc || strcmp(pr, pc))
    tb_fail(t, "%s %s: the statistics differ from the C PEs'\n", run, blocks);
  else
    tb_log(t, "%s %s, written: PASS, statistics identical to the C PEs' (%.0f invalidations)\n", run, blocks,
           cu_json_num(r, "\"pe_inval\"", "msgs"));
  free(r);
  free(c);
  remove(jr);
  remove(jc);
}

static void planted_as(tb_t *t, const char *run, const char *knob, unsigned n, const char *expect) {
  char a[1024];
  snprintf(a, sizeof a, "%s --quiet --set pim.pe_inval=written --set %s=%u", run, knob, n);
  const int rc = cu_run(a, out, sizeof out, err, sizeof err);
  t->checks++;
  if (!rc || !strstr(err, expect))
    tb_fail(t, "%s: exit %d, expected the checker to catch the dropped invalidation: %s%s", a, rc, out, err);
  else
    tb_log(t, "%s=%u caught: %s", knob, n, err);
}

static void planted(tb_t *t, const char *run, unsigned n) {
  planted_as(t, run, "pim.inval_drop", n, "keeps a stale copy of line");
}

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "pim_inval_written", 1);
  char kron[64];
  snprintf(kron, sizeof kron, "kron:9:8:%llu", (unsigned long long)t.seed);
  for (unsigned i = 0; kern_at(i); i++) {
    written(&t, kern_at(i)->name, kron, "pim-only");
    written(&t, kern_at(i)->name, kron, "copim");
  }
  const char *dir = getenv("COPIM_GRAPHS") ? getenv("COPIM_GRAPHS") : "../shared/data/graphs";
  char p2p[512];
  snprintf(p2p, sizeof p2p, "%s/p2p-Gnutella30.txt", dir);
  written(&t, "pr", p2p, "copim");
  written(&t, "sssp", p2p, "pim-only");
  t.checks++;
  if (total_msgs < 1000) tb_fail(&t, "only %.0f invalidations over all the kernels' runs\n", total_msgs);
  warm(&t, kron);
  rtl(&t, "--rtl pe", "--kernel pr --graph kron:7:8 --policy pim-only");
  rtl(&t, "--lockstep pe", "--kernel sssp --graph kron:6:8 --policy copim");
  /* planted: the first, the second and the 50th needed invalidation lost */
  planted(&t, "--kernel pr --graph kron:10:8 --policy pim-only", 1);
  planted(&t, "--kernel pr --graph kron:10:8 --policy pim-only", 2);
  planted(&t, "--kernel pr --graph kron:10:8 --policy pim-only", 50);
  /* with MSHRs: the directory a superset, kept by back-invalidations */
  static const char *const mlp[] = {" --set pe.dmshrs=4", " --set pe.dmshrs=8 --set pe.dprefetch=4"};
  for (unsigned m = 0; m < 2; m++)
    for (unsigned i = 0; kern_at(i); i++) {
      written_with(&t, kern_at(i)->name, kron, "pim-only", mlp[m]);
      written_with(&t, kern_at(i)->name, kron, "copim", mlp[m]);
    }
  written_with(&t, "sssp", "kron:12:8", "copim", mlp[0]);
  t.checks++;
  if (total_evictions < 100) tb_fail(&t, "only %.0f back-invalidations with MSHRs\n", total_evictions);
  else tb_log(&t, "with MSHRs: %.0f back-invalidations\n", total_evictions);
  planted(&t, "--kernel pr --graph kron:10:8 --policy pim-only --set pe.dmshrs=4 --set pe.dprefetch=2", 1);
  planted(&t, "--kernel pr --graph kron:10:8 --policy pim-only --set pe.dmshrs=4 --set pe.dprefetch=2", 50);
  /* a lost back-invalidation leaves a line only the PE knows of: the check of its own D-cache */
  planted_as(&t, "--kernel sssp --graph kron:12:8 --policy copim --set pe.dmshrs=4", "pim.inval_drop_back", 1,
             "(its D-cache: written since it filled the line");
  return tb_finish(&t);
}
