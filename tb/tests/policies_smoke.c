/* policies_smoke (issue 9): every policy of SPEC section 7 runs BFS and CC
 * on a small generated graph with results equal to the native kernel;
 * cpu-only retires nothing on the PEs, pim-only offloads every iteration of
 * every marked loop; the offline policies record their plan in the JSON and
 * write the plan file; oracle is never slower than any placement it
 * searched, in particular the static cpu-only and pim-only placements and
 * greedy's; PEI with an LLC too small for the graph sends some AMOs to the
 * vaults, and fewer than pim-amo (which sends all), and so does push
 * PageRank's per-edge amoadd (graphpim: all of them); an oracle over its run
 * limit says its search was not exhaustive.  The policies are the
 * compared rows of the policy table (csim/sys/sys_cfg.c), each checked by
 * what its row says it is. */
#include "cosim_util.h"
#include "sys.h"

/* Rows that place every loop statically: all on the host or all in memory. */
static int static_place(const sys_policy_t *p) {
  return p->amo_site == SYS_AMO_CACHE && (p->imu_mode == IMU_MODE_HOST || p->imu_mode == IMU_MODE_PIM);
}

static int run(tb_t *t, const char *label, const char *args, const char *js, char **json) {
  static char out[1 << 16], err[1 << 15];
  char a[768];
  snprintf(a, sizeof a, "%s --stats %s", args, js);
  const int rc = cu_run(a, out, sizeof out, err, sizeof err);
  t->checks++;
  *json = cu_slurp(js, NULL);
  remove(js);
  if (rc != 0 || !strstr(out, "result           : PASS") || !*json) {
    tb_fail(t, "%s: exit %d\n%s%s", label, rc, out, err);
    free(*json);
    *json = NULL;
    return -1;
  }
  return 0;
}

/* PEI with args (an LLC too small for the graph) against pim-amo: some of
 * the kernel's AMOs in the vaults, fewer than pim-amo's (all).  Returns
 * pei's JSON (the caller frees it), NULL when a run failed. */
static char *pei_vs_amo(tb_t *t, const char *kernel, const char *args, const char *js) {
  char a1[256], a2[256], l1[64], l2[64], *j1, *j2;
  snprintf(a1, sizeof a1, "%s --policy pei", args);
  snprintf(a2, sizeof a2, "%s --policy pim-amo", args);
  snprintf(l1, sizeof l1, "%s pei (32 KB LLC)", kernel);
  snprintf(l2, sizeof l2, "%s pim-amo (32 KB LLC)", kernel);
  if (run(t, l1, a1, js, &j1)) return NULL;
  if (run(t, l2, a2, js, &j2)) return j1;
  const double far1 = cu_json_num(j1, NULL, "hmc_amos"), far2 = cu_json_num(j2, NULL, "hmc_amos");
  tb_expect_u64(t, "pei: some AMOs in the vaults", far1 > 0, 1);
  tb_expect_u64(t, "pei: fewer than pim-amo", far1 < far2, 1);
  tb_log(t, "%s pei: %.0f AMOs in the vaults, pim-amo %.0f\n", kernel, far1, far2);
  free(j2);
  return j1;
}

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "policies_smoke", 1);
  static const char *kernels[] = {"bfs", "cc"};
  enum { NP_MAX = 32 };
  const sys_policy_t *pols[NP_MAX];
  int NP = 0, oracle = -1;
  for (unsigned i = 0; sys_policy_at(i) && NP < NP_MAX; i++)
    if (sys_policy_at(i)->compared) {
      if (sys_policy_at(i)->planner == SYS_PLANNER_ORACLE) oracle = NP;
      pols[NP++] = sys_policy_at(i);
    }
  tb_expect_u64(&t, "an oracle among the compared policies", oracle >= 0, 1);
  const char *graph = "kron:8:8";
  char js[256], plan[300];
  snprintf(js, sizeof js, "build/policies-smoke-%d.json", (int)getpid());
  snprintf(plan, sizeof plan, "%s.plan", js);
  for (int k = 0; k < 2; k++) {
    double cyc[NP_MAX] = {0};
    for (int p = 0; p < NP; p++) {
      char args[512], label[64];
      snprintf(args, sizeof args, "--kernel %s --graph %s --policy %s", kernels[k], graph, pols[p]->name);
      snprintf(label, sizeof label, "%s %s", kernels[k], pols[p]->name);
      char *j;
      remove(plan);
      if (run(&t, label, args, js, &j)) continue;
      tb_expect_u64(&t, "verified in the JSON", strstr(j, "\"verified\": true") != NULL, 1);
      cyc[p] = cu_json_num(j, NULL, "kernel_cycles");
      const double pe = cu_json_num(j, NULL, "kernel_pe");
      uint64_t host_it = 0, pim_it = 0, loops = 0, loops_pim = 0;
      for (const char *q = strstr(j, "\"loops\""); q && (q = strstr(q, "{\"id\": ")); q++) {
        const double tr = cu_json_num(q, NULL, "trip"), pi = cu_json_num(q, NULL, "pim_iters");
        host_it += (uint64_t)cu_json_num(q, NULL, "host_iters");
        pim_it += (uint64_t)pi;
        loops += tr > 0;
        loops_pim += tr > 0 && pi > 0;
      }
      if (static_place(pols[p]) && pols[p]->imu_mode == IMU_MODE_HOST) {
        tb_expect_u64(&t, "all on the host: no PE instructions", (uint64_t)pe, 0);
        tb_expect_u64(&t, "all on the host: no iteration offloaded", pim_it, 0);
      } else if (static_place(pols[p])) {
        tb_expect_u64(&t, "all in memory: no iteration on the host", host_it, 0);
        tb_expect_u64(&t, "all in memory: every marked loop offloaded", loops_pim, loops);
        tb_expect_u64(&t, "all in memory: marked loops seen", loops >= 2, 1);
      }
      if (pols[p]->planner != SYS_PLANNER_NONE) {
        char want[64];
        snprintf(want, sizeof want, "\"plan\": \"%s:", pols[p]->name);
        tb_expect_u64(&t, "offline policy: plan recorded in the JSON", strstr(j, want) != NULL, 1);
        char *pf = cu_slurp(plan, NULL);
        tb_expect_u64(&t, "offline policy: plan file written", pf && strstr(pf, kernels[k]) != NULL, 1);
        free(pf);
        remove(plan);
      }
      tb_log(&t, "%-14s PASS, kernel %.0f cycles, PE share %.3f\n", label, cyc[p], cu_json_num(j, NULL, "offloaded_share"));
      free(j);
    }
    /* oracle: never slower than what it searched (every placement: cpu-only, pim-only, greedy's, ...) */
    for (int p = 0; p < NP && oracle >= 0; p++) {
      if (p == oracle || (!static_place(pols[p]) && pols[p]->planner == SYS_PLANNER_NONE)) continue;
      char what[96];
      snprintf(what, sizeof what, "%s: oracle (%.0f) <= %s (%.0f)", kernels[k], cyc[oracle], pols[p]->name, cyc[p]);
      tb_expect_u64(&t, what, cyc[oracle] > 0 && cyc[oracle] <= cyc[p], 1);
    }
  }
  /* PEI's locality monitor: an LLC of 32 KB cannot hold the properties, so
   * some AMOs are predicted misses and go to the vaults, but not all */
  {
    char *j1 = pei_vs_amo(&t, "bfs", "--kernel bfs --graph kron:12:8 --llc.bytes=32768 --llc.ways=8", js);
    if (j1) {
      /* the monitor's own report (the JSON's pei object) accounts for every AMO it sent */
      tb_expect_u64(&t, "pei: predicted misses = AMOs in the vaults", (uint64_t)cu_json_num(j1, NULL, "predicted_misses"),
                    (uint64_t)cu_json_num(j1, NULL, "hmc_amos"));
      tb_expect_u64(&t, "pei: predicted hits reported", cu_json_num(j1, NULL, "predicted_hits") > 0, 1);
      tb_expect_u64(&t, "pei: monitor size reported", cu_json_num(j1, NULL, "monitor_bits") > 0, 1);
      free(j1);
    }
  }
  /* push PageRank (prp): its one amoadd.w per edge is what GraphPIM and PEI
   * offload.  graphpim sends every push to the vaults (edges x iterations;
   * the error sum is no property); pei with a 32 KB LLC some, not all */
  {
    char *j1;
    if (!run(&t, "prp graphpim", "--kernel prp --graph kron:10:8 --policy graphpim", js, &j1)) {
      tb_expect_u64(&t, "prp graphpim: every push in the vaults",
                    (uint64_t)cu_json_num(j1, NULL, "hmc_amos"),
                    (uint64_t)cu_json_num(j1, NULL, "edges") * (uint64_t)cu_json_num(j1, NULL, "iterations"));
      free(j1);
    }
    free(pei_vs_amo(&t, "prp", "--kernel prp --graph kron:13:8 --pr-iters 2 --llc.bytes=32768 --llc.ways=8", js));
  }
  /* oracle over its run limit: says so and searches only that many placements */
  {
    char *j;
    setenv("COPIM_ORACLE_MAX_RUNS", "3", 1);
    if (!run(&t, "pr oracle (limit 3 runs)", "--kernel pr --graph kron:8:8 --policy oracle", js, &j)) {
      tb_expect_u64(&t, "oracle: the plan says the search was cut", strstr(j, "searched 3/8 placements (limit reached") != NULL, 1);
      free(j);
    }
    unsetenv("COPIM_ORACLE_MAX_RUNS");
    remove(plan);
  }
  return tb_finish(&t);
}
