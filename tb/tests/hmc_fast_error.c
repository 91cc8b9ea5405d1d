/* hmc_fast_error: the fast HMC timing (hmc.fast=1, issue 50) against the
 * exact model on small whole-system points: the kernel's results must
 * verify in both modes and the fast kernel time must lie within BOUND_PCT
 * of the exact one.  The bound is what docs/performance.md "Fast HMC"
 * measured on these points plus a margin.  A planted bias proves the check
 * can fail: COPIM_HMC_FAST_BIAS_PCT=10 (read by hmc_fast.c only) stretches
 * every fast request's time in the vault by 10 % and must make it FAIL. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "graph.h"
#include "sys.h"
#include "tb.h"
#include "workload.h"

#define BOUND_PCT 3.0

/* Kernel cycles of one run, 0 after a failure. */
static uint64_t run(tb_t *t, const graph_t *g, const char *kernel, const char *policy, int fast) {
  sys_cfg_t cfg;
  sys_cfg_default(&cfg);
  cfg.hmc.fast = fast;
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
  }
  sys_free(s);
  return kc;
}

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "hmc_fast_error", 1);
  graph_opts_t go = {0};
  graph_err_t ge;
  graph_t *g = graph_open("kron:10:8", GRAPH_FMT_AUTO, &go, &ge);
  if (!g) {
    tb_fail(&t, "kron:10:8: %s\n", ge.msg);
    return tb_finish(&t);
  }
  static const char *pts[][2] = {{"bfs", "pim-only"}, {"bfs", "cpu-only"}, {"sssp", "graphpim"}, {"pr", "copim"}};
  for (unsigned i = 0; i < sizeof pts / sizeof pts[0]; i++) {
    uint64_t ex = run(&t, g, pts[i][0], pts[i][1], 0), fa = run(&t, g, pts[i][0], pts[i][1], 1);
    if (!ex || !fa) continue;
    double err = 100.0 * ((double)fa - (double)ex) / (double)ex;
    tb_log(&t, "%s %s kron:10:8: exact %llu, fast %llu kernel cycles, %+.2f %%\n", pts[i][0], pts[i][1],
           (unsigned long long)ex, (unsigned long long)fa, err);
    t.checks++;
    if (err > BOUND_PCT || err < -BOUND_PCT)
      tb_fail(&t, "%s %s: fast HMC kernel time %+.2f %% off the exact model's (bound %.1f %%)\n", pts[i][0],
              pts[i][1], err, BOUND_PCT);
  }
  graph_free(g);
  return tb_finish(&t);
}
