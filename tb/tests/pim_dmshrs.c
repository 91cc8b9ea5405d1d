/* pim_dmshrs: the system carrying several requests per PE (pe.dmshrs > 1,
 * the PE's non-blocking loads; csim/sys/sys_pe.c, docs/pe.md "In the
 * system").
 *
 *  - every kernel of the registry under pim-only and copim with
 *    pe.dmshrs = 2 and 4 on kron:10:8, and 4 on p2p-Gnutella30: the results
 *    equal the native kernel's (PASS, result.verified), the JSON records
 *    pe.dmshrs and the PE in-flight figures, no PE ever had more than
 *    dmshrs fills and one blocking request in flight;
 *  - with dmshrs = 2 (and 4) some PE keeps more than one request in flight,
 *    and some response reaches a PE port out of its requests' order (the
 *    tags carry it);
 *  - the default (dmshrs = 1) file has neither the parameter nor the rows;
 *  - the combination the system refuses says so in one line: dmshrs > 1
 *    with the Verilated PE built blocking (pim.pe_inval=written with
 *    dmshrs > 1 is pim_inval_written's). */
#include "cosim_util.h"
#include "kernels.h"

static char out[1 << 16], err[1 << 14];

typedef struct {
  double max_inflight;  /* the most over the runs */
  double ooo;           /* out-of-order responses, summed */
} agg_t;

static void point(tb_t *t, const char *kernel, const char *graph, const char *policy, unsigned m, agg_t *g) {
  char a[1024], j[128];
  snprintf(j, sizeof j, "build/pim-dmshrs-%d.json", (int)getpid());
  snprintf(a, sizeof a, "--kernel %s --graph %s --policy %s --set pe.dmshrs=%u --quiet --stats %s", kernel, graph,
           policy, m, j);
  const int rc = cu_run(a, out, sizeof out, err, sizeof err);
  t->checks++;
  char *s = rc ? NULL : cu_slurp(j, NULL);
  if (rc || !strstr(out, "PASS") || !s || !strstr(s, "\"verified\": true")) {
    tb_fail(t, "%s: exit %d: %s%s", a, rc, out, err);
    free(s);
    remove(j);
    return;
  }
  const double dm = cu_json_num(s, "\"params\"", "pe.dmshrs");
  const double mx = cu_json_num(s, "\"pim\"", "pe_inflight_max");
  const double avg = cu_json_num(s, "\"pim\"", "pe_inflight");
  const double ooo = cu_json_num(s, "\"pim\"", "pe_ooo_resps");
  t->checks++;
  if (dm != m || mx < 1 || mx > m + 1 || avg < 0 || ooo < 0)
    tb_fail(t, "%s: params pe.dmshrs %.0f, pe_inflight_max %.0f (1..%u), pe_inflight %.3f, pe_ooo_resps %.0f\n", a,
            dm, mx, m + 1, avg, ooo);
  else
    tb_log(t, "%-5s %-20s %-8s dmshrs %u: PASS, in flight %.2f (most %.0f), %.0f out of order\n", kernel,
           strrchr(graph, '/') ? strrchr(graph, '/') + 1 : graph, policy, m, avg, mx, ooo);
  if (mx > g->max_inflight) g->max_inflight = mx;
  g->ooo += ooo > 0 ? ooo : 0;
  free(s);
  remove(j);
}

/* A refused combination: exit 2 and the one line. */
static void refused(tb_t *t, const char *args, const char *line) {
  const int rc = cu_run(args, out, sizeof out, err, sizeof err);
  t->checks++;
  if (rc != 2 || !strstr(err, line) || strchr(err, '\n') != strrchr(err, '\n'))
    tb_fail(t, "%s: exit %d, expected exit 2 and one line with '%s': %s%s", args, rc, line, out, err);
  else
    tb_log(t, "refused: %s", err);
}

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "pim_dmshrs", 1);
  const char *dir = getenv("COPIM_GRAPHS") ? getenv("COPIM_GRAPHS") : "../shared/data/graphs";
  char p2p[512];
  snprintf(p2p, sizeof p2p, "%s/p2p-Gnutella30.txt", dir);
  const char *graphs[] = {"kron:10:8", p2p};
  static const unsigned ms[] = {2, 4};
  for (unsigned mi = 0; mi < 2; mi++) {
    agg_t g = {0, 0};
    /* p2p-Gnutella30 at dmshrs 4 only: its points are most of the test's CPU time */
    for (unsigned gi = 0; gi < (ms[mi] == 4 ? 2u : 1u); gi++)
      for (unsigned i = 0; kern_at(i); i++) {
        point(&t, kern_at(i)->name, graphs[gi], "pim-only", ms[mi], &g);
        point(&t, kern_at(i)->name, graphs[gi], "copim", ms[mi], &g);
      }
    t.checks++;
    if (g.max_inflight < 2 || g.ooo <= 0)
      tb_fail(&t, "dmshrs %u: at most %.0f request in flight per PE, %.0f responses out of order\n", ms[mi],
              g.max_inflight, g.ooo);
    else
      tb_log(&t, "dmshrs %u: up to %.0f requests in flight per PE, %.0f responses out of order\n", ms[mi],
             g.max_inflight, g.ooo);
  }
  /* the paper's PE: the file as before (no parameter row, no in-flight rows) */
  char j[128];
  snprintf(j, sizeof j, "build/pim-dmshrs-%d-default.json", (int)getpid());
  char a[512];
  snprintf(a, sizeof a, "--kernel bfs --graph kron:8:8 --policy copim --quiet --stats %s", j);
  const int rc = cu_run(a, out, sizeof out, err, sizeof err);
  char *s = cu_slurp(j, NULL);
  t.checks++;
  if (rc || !s || strstr(s, "pe.dmshrs") || strstr(s, "pe_inflight") || strstr(s, "pe_ooo_resps"))
    tb_fail(&t, "default run: exit %d, or the JSON names pe.dmshrs or the in-flight figures\n", rc);
  free(s);
  remove(j);
  refused(&t, "--kernel bfs --graph kron:6:4 --set pe.dmshrs=4 --rtl pe",
          "copim-sim: the RTL PE was built with DMshrs 1 where the run asks for 4 (make PE_DMSHRS=4)");
  refused(&t, "--kernel bfs --graph kron:6:4 --set pe.dmshrs=16", "parameter pe.dmshrs: value 16 out of range 1..15");
  return tb_finish(&t);
}
