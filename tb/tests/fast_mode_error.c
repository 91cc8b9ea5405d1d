/* fast_mode_error: the fast mode (sim.mode=fast, issue 50) against the
 * exact mode on small whole-system points.  Today the fast mode is the
 * fast HMC timing (hmc.fast=1); every other model is the exact one.
 * Checked, per point:
 *   - the kernel's results verify in both modes;
 *   - the fast kernel time lies within BOUND_PCT of the exact one;
 *   - the fast speedup over cpu-only (same mode) lies within BOUND_SPEEDUP
 *     of the exact one (the bounds: 3 % and 0.03);
 *   - the loop executions decided differently (loops[].dec_seq, each
 *     core's executions in its own order) are at most BOUND_DEC_PCT of
 *     them, summed over the points (the 95 % equal);
 *   - each sampled loop's theta lies within BOUND_THETA of the exact
 *     one's (a decision can hold while theta is far off);
 *   - a second fast run writes the same statistics JSON, byte for byte
 *     (the fast mode is as deterministic as the exact one).
 * The bounds are the issue's; docs/performance.md "Fast HMC" measures the
 * error on larger points.  A planted bias proves the check can fail:
 * COPIM_HMC_FAST_BIAS_PCT=10 (read by hmc_fast.c only) stretches every
 * fast request's time in the vault by 10 % and must make it FAIL.
 * scripts/fast_mode_table.py makes the same comparison on whole sets.
 *
 * A second pass checks the at-once host caches (host.mem=atonce, the fast
 * mode's next model, docs/host.md "At-once memory") the same way: fast with
 * them against exact, both under host.coh_inflight=drop, each run checking
 * every 256th cycle that no line has two owners (sim.coh_check).  Its planted
 * fault: COPIM_HOST_ATONCE_BIAS_PCT=10 (read by host.c only) makes every
 * at-once L1 miss 10 % longer and must make it FAIL.
 *
 * A third pass checks the windowed PE (sim.pe_window=512, docs/pe.md "The
 * windowed PE"): fast with it against exact, on points where the PEs'
 * requests are most of the time (window_points).  Its planted fault:
 * COPIM_PE_WINDOW_BIAS_PCT=10 (read by sys_pe.c only) answers every
 * windowed request 10 % later and must make it FAIL (prp pim-only +4.81 %;
 * pe_window_equiv checks the window's timing to the edge).
 *
 * A fourth pass checks the interval host core (host.core=interval, docs/
 * host.md "The interval core") with the at-once caches it needs, against
 * exact, both under coh_inflight=drop, on host-heavy points and vault
 * AMOs (ival_points).
 * Its planted fault: COPIM_HOST_IVAL_BIAS_PCT=10 (read by host.c only)
 * makes every instruction the interval core times 10 % longer from its
 * issue to its completion (rounded down: the loads that miss) and must
 * make it FAIL. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "graph.h"
#include "sys.h"
#include "tb.h"
#include "workload.h"

#define BOUND_PCT 3.0
#define BOUND_SPEEDUP 0.03
#define BOUND_DEC_PCT 5.0
/* Theta, absolute.  The fast HMC alone moves pr.init's (a short, cold
 * sample) by 0.09, the other loops by 0.02 at most.  A PMC fed the wrong
 * core's misses (the at-once host's first version) moved pull
 * PageRank's by 0.27 (0.2007 exact, 0.4737) with every decision held. */
#define BOUND_THETA 0.12
/* Pull PageRank runs on kron:11:8, the rest on kron:10:8: on kron:10:8
 * its copim executions (chunks of 256 vertices, samples of 13 iterations,
 * warm caches after the first round) measure theta so close to the
 * threshold that 9-11 of each loop's 40 executions decide host, and 18 of
 * its 84 executions decide differently in the two modes
 * (docs/performance.md "The fast mode's error"): a point at the threshold
 * flips under any timing change, which the error table reports as such;
 * this test checks the modes' agreement on points that are not at it.
 * The smaller graph keeps the other points sensitive: the planted 10 %
 * bias moves them past the bound there, not on kron:11:8. */

/* A run's decisions: each loop id's dec_seq (malloc'd, NULL for none). */
typedef struct {
  char *seq[SYS_MAX_LOOPS];
  double theta[SYS_MAX_LOOPS]; /* sys_loop_theta, -1 without a sample */
} decs_t;

static void decs_free(decs_t *d) {
  for (unsigned i = 0; i < SYS_MAX_LOOPS; i++) free(d->seq[i]);
}

/* Executions of core c in seq, written to out (at most cap): their 'p'/'h'. */
static unsigned core_decs(const char *seq, char c, char *out, unsigned cap) {
  unsigned n = 0;
  for (size_t i = 0; seq && seq[i] && seq[i + 1]; i += 2)
    if (seq[i] == c && n < cap) out[n++] = seq[i + 1];
  return n;
}

/* Loop executions of a and b (the longer side, per core) and those decided
 * differently, added to *n and *d; -1 when a sequence was cut. */
static int decs_diff(const decs_t *a, const decs_t *b, unsigned *n, unsigned *d) {
  static char x[4096], y[4096];
  for (unsigned i = 0; i < SYS_MAX_LOOPS; i++) {
    if ((a->seq[i] && !strcmp(a->seq[i], "+")) || (b->seq[i] && !strcmp(b->seq[i], "+"))) return -1;
    for (const char *c = "0123456789abcdef"; *c; c++) {
      const unsigned nx = core_decs(a->seq[i], *c, x, sizeof x), ny = core_decs(b->seq[i], *c, y, sizeof y);
      const unsigned m = nx > ny ? nx : ny, k = nx < ny ? nx : ny;
      *n += m;
      *d += m - k;
      for (unsigned j = 0; j < k; j++) *d += x[j] != y[j];
    }
  }
  return 0;
}

/* Kernel cycles of one run, 0 after a failure; with json, the statistics
 * JSON in a malloc'd string (the caller frees it); its decisions in *dec. */
/* A run's models: the fast mode, the at-once host caches, the coherence
 * that drops a line met in flight (docs/host.md). */
enum { M_FAST = 1, M_ATONCE = 2, M_DROP = 4, M_WINDOW = 8, M_IVAL = 16 };
/* The window of the third pass, PE edges ahead of the system's time: the
 * largest (docs/performance.md "The windowed PE" measures 16 to 512). */
#define WINDOW_EDGES 512

static uint64_t run(tb_t *t, const graph_t *g, const char *gname, const char *kernel, const char *policy, unsigned how,
                    char **json, decs_t *dec) {
  const int fast = how & M_FAST;
  sys_cfg_t cfg;
  sys_cfg_default(&cfg);
  cfg.mode = fast ? 1 : 0;
  cfg.host.mem_atonce = (how & M_ATONCE) != 0;
  cfg.pe_window = how & M_WINDOW ? WINDOW_EDGES : 0;
  cfg.host.core_interval = (how & M_IVAL) != 0;
  cfg.host.coh_inflight = how & M_DROP ? HOST_COH_DROP : HOST_COH_KEEP;
  if (how & M_DROP) cfg.coh_check = 256; /* one owner per line, checked along the way (it reads only) */
  graph_kparams_t kp;
  graph_kparams_default(&kp, g);
  kp.kernel = workload_kernel(kernel);
  char elf[128], err[1024];
  snprintf(elf, sizeof elf, "build/sw/%s.elf", kernel);
  sys_t *s = sys_new(&cfg, elf, g, &kp, sys_policy_find(policy), NULL, err, sizeof err);
  t->checks++;
  if (!s) {
    tb_fail(t, "%s %s models %u: %s\n", kernel, policy, how, err);
    return 0;
  }
  uint64_t kc = 0;
  t->checks++;
  if (sys_run(s, NULL, NULL)) {
    tb_fail(t, "%s %s models %u: %s\n", kernel, policy, how, sys_error(s));
  } else if (!sys_verify(s, err, sizeof err)) {
    tb_fail(t, "%s %s models %u: results wrong: %s\n", kernel, policy, how, err);
  } else {
    sys_summary_t sum;
    sys_summary(s, &sum);
    kc = sum.kernel_cycles;
    for (unsigned i = 0; i < SYS_MAX_LOOPS; i++) {
      const char *q = sys_loop_dec_seq(s, i);
      dec->seq[i] = *q ? strdup(q) : NULL;
      dec->theta[i] = sys_loop_theta(s, i);
    }
    if (json) {
      size_t n = 0;
      FILE *f = open_memstream(json, &n);
      if (!f) {
        tb_fail(t, "open_memstream failed\n");
        kc = 0;
      } else {
        sys_run_info_t info = {kernel, gname, policy, NULL, NULL, NULL};
        sys_write_json(s, &info, f);
        fclose(f);
      }
    }
  }
  sys_free(s);
  return kc;
}

/* The points: kernel, policy, graph; each kernel's cpu-only point first
 * (the others' speedups divide by it). */
typedef const char *point_t[3];
static const point_t points[] = {{"bfs", "cpu-only", "kron:10:8"}, {"bfs", "pim-only", "kron:10:8"},
                                 {"sssp", "cpu-only", "kron:10:8"}, {"sssp", "graphpim", "kron:10:8"},
                                 {"pr", "cpu-only", "kron:11:8"},   {"pr", "copim", "kron:11:8"}};
/* The windowed PE's: where the PEs' requests are most of the time (push
 * PageRank's AMOs and BFS's fills), with sssp graphpim's host-only point
 * swapped for them (sssp pim-only converges in 9 rounds under the fast HMC
 * alone, 8 exact, on kron:10:8: other work, not the window's error). */
static const point_t window_points[] = {{"bfs", "cpu-only", "kron:10:8"}, {"bfs", "pim-only", "kron:10:8"},
                                        {"prp", "cpu-only", "kron:10:8"}, {"prp", "pim-only", "kron:10:8"},
                                        {"pr", "cpu-only", "kron:11:8"},  {"pr", "copim", "kron:11:8"}};

/* The interval core's: where the host's instructions are the time, copim,
 * whose samples the PMC measures from the core's LLC activity, and
 * graphpim, whose vault AMOs it sends timed (posted).
 * Push PageRank under copim is not here: on kron:10:8 one core's theta
 * falls from 0.12 to 0.05 in its prp.push samples, at the threshold, two
 * of 84 executions go to the host and the kernel runs -3.50 %
 * (docs/host.md "The interval core": the cores' accesses are made in
 * dispatch order, not in time order). */
static const point_t ival_points[] = {{"bfs", "cpu-only", "kron:10:8"}, {"bfs", "copim", "kron:10:8"},
                                      {"cc", "cpu-only", "kron:10:8"},  {"cc", "copim", "kron:10:8"},
                                      {"prp", "cpu-only", "kron:10:8"}, {"prp", "graphpim", "kron:10:8"},
                                      {"pr", "cpu-only", "kron:11:8"},  {"pr", "copim", "kron:11:8"}};

/* Every point under the reference models (ex) and the approximate ones
 * (fa): the bounds on each, the decisions summed over the points. */
static void compare(tb_t *t, const char *what, unsigned ex_how, unsigned fa_how, const point_t *pts, unsigned npts) {
  graph_opts_t go = {0};
  graph_err_t ge;
  graph_t *g = NULL;
  const char *gname = "";
  uint64_t base_ex = 0, base_fa = 0;
  unsigned dec_n = 0, dec_d = 0;
  tb_log(t, "%s\n", what);
  for (unsigned i = 0; i < npts; i++) {
    const char *k = pts[i][0], *p = pts[i][1];
    if (strcmp(gname, pts[i][2])) {
      graph_free(g);
      gname = pts[i][2];
      g = graph_open(gname, GRAPH_FMT_AUTO, &go, &ge);
      if (!g) {
        tb_fail(t, "%s: %s\n", gname, ge.msg);
        return;
      }
    }
    int is_base = !strcmp(p, "cpu-only");
    char *j1 = NULL, *j2 = NULL;
    decs_t de = {{0}, {0}}, df = {{0}, {0}}, d2 = {{0}, {0}};
    uint64_t ex = run(t, g, gname, k, p, ex_how, NULL, &de);
    /* one fast point twice: the determinism check */
    uint64_t fa = run(t, g, gname, k, p, fa_how, i == 1 ? &j1 : NULL, &df);
    if (ex && fa) {
      unsigned n = 0, d = 0;
      t->checks++;
      if (decs_diff(&de, &df, &n, &d))
        tb_fail(t, "%s %s: a decision sequence was cut\n", k, p);
      tb_log(t, "%s %s: %u of %u loop executions decided differently\n", k, p, d, n);
      dec_n += n, dec_d += d;
      /* theta itself, not only the side of the threshold it fell on: a
       * PMC fed wrong moves it far on points where every decision holds */
      for (unsigned l = 0; l < SYS_MAX_LOOPS; l++) {
        if (de.theta[l] < 0 || df.theta[l] < 0) continue;
        const double dt = df.theta[l] - de.theta[l];
        tb_log(t, "%s %s: loop %u theta exact %.4f, fast %.4f\n", k, p, l, de.theta[l], df.theta[l]);
        t->checks++;
        if (dt > BOUND_THETA || dt < -BOUND_THETA)
          tb_fail(t, "%s %s: loop %u theta %.4f fast, %.4f exact (bound %.2f)\n", k, p, l, df.theta[l], de.theta[l],
                  BOUND_THETA);
      }
    }
    decs_free(&de);
    decs_free(&df);
    if (i == 1 && fa) {
      run(t, g, gname, k, p, fa_how, &j2, &d2);
      decs_free(&d2);
      t->checks++;
      if (!j1 || !j2 || strcmp(j1, j2))
        tb_fail(t, "%s %s: two fast runs wrote different statistics JSON\n", k, p);
      else
        tb_log(t, "%s %s: two fast runs, the same JSON (%zu bytes)\n", k, p, strlen(j1));
    }
    free(j1);
    free(j2);
    if (is_base) base_ex = ex, base_fa = fa;
    if (!ex || !fa) continue;
    double err = 100.0 * ((double)fa - (double)ex) / (double)ex;
    tb_log(t, "%s %s %s: exact %llu, fast %llu kernel cycles, %+.2f %%\n", k, p, gname, (unsigned long long)ex,
           (unsigned long long)fa, err);
    t->checks++;
    if (err > BOUND_PCT || err < -BOUND_PCT)
      tb_fail(t, "%s %s: fast kernel time %+.2f %% off the exact mode's (bound %.1f %%)\n", k, p, err, BOUND_PCT);
    if (is_base || !base_ex || !base_fa) continue;
    double sp_ex = (double)base_ex / (double)ex, sp_fa = (double)base_fa / (double)fa;
    tb_log(t, "%s %s: speedup over cpu-only exact %.4f, fast %.4f\n", k, p, sp_ex, sp_fa);
    t->checks++;
    if (sp_fa - sp_ex > BOUND_SPEEDUP || sp_ex - sp_fa > BOUND_SPEEDUP)
      tb_fail(t, "%s %s: fast speedup over cpu-only %.4f, exact %.4f (bound %.2f)\n", k, p, sp_fa, sp_ex,
              BOUND_SPEEDUP);
  }
  t->checks++;
  if (100.0 * dec_d > BOUND_DEC_PCT * dec_n)
    tb_fail(t, "%u of %u loop executions decided differently in the two modes (bound %.0f %%)\n", dec_d, dec_n,
            BOUND_DEC_PCT);
  else
    tb_log(t, "decisions: %u of %u loop executions differ (bound %.0f %%)\n", dec_d, dec_n, BOUND_DEC_PCT);
  graph_free(g);
}

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "fast_mode_error", 1);
  const unsigned np = sizeof points / sizeof points[0];
  compare(&t, "the fast mode (the fast HMC) against the exact mode", 0, M_FAST, points, np);
  /* host.mem=atonce is timed against the coherence that keeps one owner
   * (coh_inflight=drop): under keep it would have to copy a race's
   * timing, docs/host.md "At-once memory" */
  compare(&t, "the fast mode with the at-once host caches against the exact mode, both with coh_inflight=drop",
          M_DROP, M_FAST | M_ATONCE | M_DROP, points, np);
  compare(&t, "the fast mode with the windowed PE (sim.pe_window=512) against the exact mode", 0, M_FAST | M_WINDOW,
          window_points, sizeof window_points / sizeof window_points[0]);
  compare(&t, "the fast mode with the interval host core (and the at-once caches) against the exact mode, both with "
          "coh_inflight=drop", M_DROP, M_FAST | M_ATONCE | M_DROP | M_IVAL, ival_points,
          sizeof ival_points / sizeof ival_points[0]);
  return tb_finish(&t);
}
