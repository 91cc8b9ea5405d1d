/* fast_mode_error: the fast mode (sim.mode=fast, issue 50) against the
 * exact mode on small whole-system points.  Today the fast mode is the
 * fast HMC timing (hmc.fast=1); every other model is the exact one.
 * Checked, per point:
 *   - the kernel's results verify in both modes;
 *   - the fast kernel time lies within BOUND_PCT of the exact one;
 *   - the fast speedup over cpu-only (same mode) lies within BOUND_SPEEDUP
 *     of the exact one (the bounds: 3 % and 0.03);
 *   - a second fast run writes the same statistics JSON, byte for byte
 *     (the fast mode is as deterministic as the exact one).
 * The bounds are the issue's; docs/performance.md "Fast HMC" measures the
 * error on larger points.  A planted bias proves the check can fail:
 * COPIM_HMC_FAST_BIAS_PCT=10 (read by hmc_fast.c only) stretches every
 * fast request's time in the vault by 10 % and must make it FAIL.
 * Not checked here: the fraction of loop executions whose decision differs
 * between the modes (issue 50's error table, not built yet). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "graph.h"
#include "sys.h"
#include "tb.h"
#include "workload.h"

#define BOUND_PCT 3.0
#define BOUND_SPEEDUP 0.03

/* Kernel cycles of one run, 0 after a failure; with json, the statistics
 * JSON in a malloc'd string (the caller frees it). */
static uint64_t run(tb_t *t, const graph_t *g, const char *kernel, const char *policy, int fast, char **json) {
  sys_cfg_t cfg;
  sys_cfg_default(&cfg);
  cfg.mode = fast ? 1 : 0;
  graph_kparams_t kp;
  graph_kparams_default(&kp, g);
  kp.kernel = workload_kernel(kernel);
  char elf[128], err[1024];
  snprintf(elf, sizeof elf, "build/sw/%s.elf", kernel);
  sys_t *s = sys_new(&cfg, elf, g, &kp, sys_policy_find(policy), NULL, err, sizeof err);
  t->checks++;
  if (!s) {
    tb_fail(t, "%s %s fast=%d: %s\n", kernel, policy, fast, err);
    return 0;
  }
  uint64_t kc = 0;
  t->checks++;
  if (sys_run(s, NULL, NULL)) {
    tb_fail(t, "%s %s fast=%d: %s\n", kernel, policy, fast, sys_error(s));
  } else if (!sys_verify(s, err, sizeof err)) {
    tb_fail(t, "%s %s fast=%d: results wrong: %s\n", kernel, policy, fast, err);
  } else {
    sys_summary_t sum;
    sys_summary(s, &sum);
    kc = sum.kernel_cycles;
    if (json) {
      size_t n = 0;
      FILE *f = open_memstream(json, &n);
      if (!f) {
        tb_fail(t, "open_memstream failed\n");
        kc = 0;
      } else {
        sys_run_info_t info = {kernel, "kron:10:8", policy, NULL, NULL, NULL};
        sys_write_json(s, &info, f);
        fclose(f);
      }
    }
  }
  sys_free(s);
  return kc;
}

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "fast_mode_error", 1);
  graph_opts_t go = {0};
  graph_err_t ge;
  graph_t *g = graph_open("kron:10:8", GRAPH_FMT_AUTO, &go, &ge);
  if (!g) {
    tb_fail(&t, "kron:10:8: %s\n", ge.msg);
    return tb_finish(&t);
  }
  /* each kernel's cpu-only point first: the others' speedups divide by it */
  static const char *pts[][2] = {{"bfs", "cpu-only"}, {"bfs", "pim-only"}, {"sssp", "cpu-only"},
                                 {"sssp", "graphpim"}, {"pr", "cpu-only"},  {"pr", "copim"}};
  uint64_t base_ex = 0, base_fa = 0;
  for (unsigned i = 0; i < sizeof pts / sizeof pts[0]; i++) {
    const char *k = pts[i][0], *p = pts[i][1];
    int is_base = !strcmp(p, "cpu-only");
    char *j1 = NULL, *j2 = NULL;
    uint64_t ex = run(&t, g, k, p, 0, NULL);
    /* one fast point twice: the determinism check */
    uint64_t fa = run(&t, g, k, p, 1, i == 1 ? &j1 : NULL);
    if (i == 1 && fa) {
      run(&t, g, k, p, 1, &j2);
      t.checks++;
      if (!j1 || !j2 || strcmp(j1, j2))
        tb_fail(&t, "%s %s: two fast runs wrote different statistics JSON\n", k, p);
      else
        tb_log(&t, "%s %s: two fast runs, the same JSON (%zu bytes)\n", k, p, strlen(j1));
    }
    free(j1);
    free(j2);
    if (is_base) base_ex = ex, base_fa = fa;
    if (!ex || !fa) continue;
    double err = 100.0 * ((double)fa - (double)ex) / (double)ex;
    tb_log(&t, "%s %s kron:10:8: exact %llu, fast %llu kernel cycles, %+.2f %%\n", k, p, (unsigned long long)ex,
           (unsigned long long)fa, err);
    t.checks++;
    if (err > BOUND_PCT || err < -BOUND_PCT)
      tb_fail(&t, "%s %s: fast kernel time %+.2f %% off the exact mode's (bound %.1f %%)\n", k, p, err, BOUND_PCT);
    if (is_base || !base_ex || !base_fa) continue;
    double sp_ex = (double)base_ex / (double)ex, sp_fa = (double)base_fa / (double)fa;
    tb_log(&t, "%s %s: speedup over cpu-only exact %.4f, fast %.4f\n", k, p, sp_ex, sp_fa);
    t.checks++;
    if (sp_fa - sp_ex > BOUND_SPEEDUP || sp_ex - sp_fa > BOUND_SPEEDUP)
      tb_fail(&t, "%s %s: fast speedup over cpu-only %.4f, exact %.4f (bound %.2f)\n", k, p, sp_fa, sp_ex,
              BOUND_SPEEDUP);
  }
  graph_free(g);
  return tb_finish(&t);
}
