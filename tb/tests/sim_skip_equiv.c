/* sim_skip_equiv: idle skipping (sim.skip=1, the default) changes no
 * simulated cycle.  Every point runs twice, with sim.skip=0 (every host
 * cycle and PE edge stepped, the reference) and sim.skip=1, and the two
 * JSON statistics files must be byte-identical: the 4 kernels under
 * cpu-only, pim-only and copim on a generated graph, BFS under the three
 * policies on p2p-Gnutella30 (whole runs), SSSP, PageRank and CC under
 * copim on it cut by a cycle limit (the limit's failure must fall on the
 * same cycle with the same statistics), three configurations that take
 * other paths (launches one at a time, PEI's vault AMOs, 4 LLC MSHRs), and
 * copim with the PMC and the IMUs as Verilated RTL (skipping then stays
 * off; the results must not move), and two points with the PEs stepped
 * every edge (sim.pe_runahead=0) instead of run ahead; and four pim-only points
 * against the whole reference (sim.skip=0 with sim.pe_runahead=0), so the PEs'
 * run-ahead is checked here as well as the skip.  A run that fails
 * differently in the two modes fails the test. */
#include "cosim_util.h"

#define GNUTELLA "../shared/data/graphs/p2p-Gnutella30.txt"

/* One run with sim.skip=skip; ahead0: the PEs stepped every edge too
 * (sim.pe_runahead=0, the whole reference mode). */
static char *run(tb_t *t, const char *args, int skip, int ahead0, int *rc) {
  static char out[1 << 16], err[1 << 14];
  char a[1024], js[128];
  snprintf(js, sizeof js, "build/skip-equiv-%d-%d.json", (int)getpid(), skip);
  snprintf(a, sizeof a, "%s --set sim.skip=%d%s --quiet --stats %s", args, skip, ahead0 ? " --set sim.pe_runahead=0" : "", js);
  *rc = cu_run(a, out, sizeof out, err, sizeof err);
  char *j = cu_slurp(js, NULL);
  remove(js);
  /* the offline planners write their plan beside the statistics */
  char plan[160];
  snprintf(plan, sizeof plan, "%s.plan", js);
  remove(plan);
  if (!j) tb_fail(t, "%s (sim.skip=%d): exit %d, no statistics: %s", args, skip, *rc, err);
  return j;
}

/* The line of a and b where they first differ, for the failure message. */
static void first_diff(const char *a, const char *b, char *buf, size_t cap) {
  size_t i = 0, line = 1, ls = 0;
  for (; a[i] && a[i] == b[i]; i++)
    if (a[i] == '\n') line++, ls = i + 1;
  snprintf(buf, cap, "line %zu:\n  reference: %.160s\n  default:   %.160s", line, a + ls, b + ls);
  for (char *p = buf; *p; p++)
    if (*p == '\n' && (p[1] != ' ' || p[2] != ' ')) *p = ' ';
}

/* args run with sim.skip=0 (and with ref_ahead0 also sim.pe_runahead=0: the
 * whole reference, against both the skip and the run-ahead of the default) and with
 * sim.skip=1; must_pass: the reference must finish and verify. */
static void point_ref(tb_t *t, const char *args, int must_pass, int ref_ahead0) {
  int rc0 = 0, rc1 = 0;
  char *a = run(t, args, 0, ref_ahead0, &rc0), *b = run(t, args, 1, 0, &rc1);
  if (a && b) {
    t->checks++;
    if (must_pass && (rc0 || !strstr(a, "\"verified\": true"))) {
      tb_fail(t, "%s: the reference run did not pass (exit %d)\n", args, rc0);
    } else if (rc0 != rc1 || strcmp(a, b)) {
      char d[512];
      first_diff(a, b, d, sizeof d);
      tb_fail(t, "%s: %s and the default differ (exit %d vs %d), %s\n", args,
              ref_ahead0 ? "sim.skip=0 sim.pe_runahead=0" : "sim.skip=0", rc0, rc1, d);
    } else {
      tb_log(t, "%-72s %6zu bytes, identical\n", args, strlen(a));
    }
  }
  free(a);
  free(b);
}

static void point(tb_t *t, const char *args, int must_pass) { point_ref(t, args, must_pass, 0); }

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "sim_skip_equiv", 1);
  static const char *kernels[] = {"bfs", "sssp", "pr", "cc"};
  static const char *policies[] = {"cpu-only", "pim-only", "copim"};
  char a[512];
  for (int k = 0; k < 4; k++)
    for (int p = 0; p < 3; p++) {
      snprintf(a, sizeof a, "--kernel %s --graph kron:9:8 --policy %s", kernels[k], policies[p]);
      point(&t, a, 1);
    }
  if (access(GNUTELLA, R_OK)) {
    tb_fail(&t, "%s: not readable (the SNAP graphs live in ../shared)\n", GNUTELLA);
    return tb_finish(&t);
  }
  for (int p = 0; p < 3; p++) {
    snprintf(a, sizeof a, "--kernel bfs --graph %s --policy %s", GNUTELLA, policies[p]);
    point(&t, a, 1);
  }
  for (int k = 1; k < 4; k++) {
    snprintf(a, sizeof a, "--kernel %s --graph %s --policy copim --max-cycles 1200000", kernels[k], GNUTELLA);
    point(&t, a, 0);
  }
  /* launches one at a time (a launch waits past its ready time), AMOs in the
   * vaults (host-link AMO responses), and the LLC short of MSHRs */
  point(&t, "--kernel bfs --graph kron:9:8 --policy copim --set pim.concurrent=0", 1);
  point(&t, "--kernel sssp --graph kron:9:8 --policy pei", 1);
  point(&t, "--kernel pr --graph uniform:9:4 --policy copim --set llc.mshrs=4", 1);
  point(&t, "--kernel bfs --graph kron:8:8 --policy copim --rtl pmc,imu", 1);
  /* the PEs stepped every edge (sim.pe_runahead=0, the reference): the skip's
   * PE side then counts idle edges (pe_idle) instead of run-ahead ones */
  point(&t, "--kernel pr --graph kron:9:8 --policy pim-only --set sim.pe_runahead=0", 1);
  point(&t, "--kernel bfs --graph kron:9:8 --policy copim --set sim.pe_runahead=0", 1);
  /* the default (idle skipping and run-ahead PEs) against the whole
   * reference mode (every host cycle and every PE edge stepped): the
   * kernels whose PE bodies take the run-ahead's paths (loads that hit and
   * miss, stores, AMOs, the M unit) */
  static const char *pe_kernels[] = {"pr", "prp", "bfs", "sssp"};
  for (int k = 0; k < 4; k++) {
    snprintf(a, sizeof a, "--kernel %s --graph kron:9:8 --policy pim-only", pe_kernels[k]);
    point_ref(&t, a, 1, 1);
  }
  /* an offline policy: its profiling runs count cycles, which skipping must not change */
  point(&t, "--kernel bfs --graph kron:9:8 --policy greedy", 1);
  return tb_finish(&t);
}
