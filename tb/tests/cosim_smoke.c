/* cosim_smoke: every kernel (BFS, SSSP, PageRank, CC) under cpu-only,
 * pim-only and copim on a small generated graph, all blocks as C models:
 * each run must finish, its results must equal the native kernel, and the
 * statistics must say what the policy means: cpu-only retires nothing on
 * the PEs and samples nothing; pim-only offloads every iteration of every
 * execution that has any; copim samples on the host (theta measured) and
 * its host + PE iterations add up to the trip counts.  Then BFS under
 * graphpim: the AMOs on the property region execute in the HMC vaults. */
#include "cosim_util.h"

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "cosim_smoke", 1);
  static const char *kernels[] = {"bfs", "sssp", "pr", "cc"};
  static const char *pols[] = {"cpu-only", "pim-only", "copim"};
  const char *graph = "kron:7:8";
  static char out[1 << 16], err[1 << 14];
  for (int k = 0; k < 4; k++)
    for (int p = 0; p < 3; p++) {
      char args[512], js[256], label[64];
      snprintf(js, sizeof js, "build/cosim-smoke-%d.json", (int)getpid());
      snprintf(args, sizeof args, "--kernel %s --graph %s --policy %s --stats %s", kernels[k], graph, pols[p], js);
      snprintf(label, sizeof label, "%s %s", kernels[k], pols[p]);
      int rc = cu_run(args, out, sizeof out, err, sizeof err);
      t.checks++;
      if (rc != 0 || !strstr(out, "result           : PASS")) {
        tb_fail(&t, "%s: exit %d\n%s%s", label, rc, out, err);
        continue;
      }
      char *j = cu_slurp(js, NULL);
      remove(js);
      if (!j) {
        tb_fail(&t, "%s: no statistics written\n", label);
        continue;
      }
      const double pe = cu_json_num(j, NULL, "kernel_pe"), share = cu_json_num(j, NULL, "offloaded_share");
      const double ver = strstr(j, "\"verified\": true") != NULL;
      tb_expect_u64(&t, "verified in the JSON", (uint64_t)ver, 1);
      /* per-loop sums over the loops array */
      uint64_t trip = 0, host_it = 0, pim_it = 0, sampled = 0, tden = 0, loops = 0;
      for (const char *q = strstr(j, "\"loops\""); q && (q = strstr(q, "{\"id\": ")); q++) {
        trip += (uint64_t)cu_json_num(q, NULL, "trip");
        host_it += (uint64_t)cu_json_num(q, NULL, "host_iters");
        pim_it += (uint64_t)cu_json_num(q, NULL, "pim_iters");
        sampled += (uint64_t)cu_json_num(q, NULL, "sampled");
        tden += (uint64_t)cu_json_num(q, NULL, "theta_den");
        loops++;
      }
      tb_expect_u64(&t, "host + PE iterations = trip counts", host_it + pim_it, trip);
      tb_expect_u64(&t, "marked loops seen", loops >= 2, 1);
      if (p == 0) {
        tb_expect_u64(&t, "cpu-only: no PE instructions", (uint64_t)pe, 0);
        tb_expect_u64(&t, "cpu-only: nothing offloaded", pim_it, 0);
        tb_expect_u64(&t, "cpu-only: nothing sampled", sampled + tden, 0);
      } else if (p == 1) {
        tb_expect_u64(&t, "pim-only: every iteration offloaded", host_it, 0);
        tb_expect_u64(&t, "pim-only: PE instructions", pe > 0, 1);
      } else {
        tb_expect_u64(&t, "copim: samples measured (theta denominator > 0)", tden > 0, 1);
        tb_expect_u64(&t, "copim: host iterations (the samples)", host_it > 0, 1);
      }
      tb_log(&t, "%-14s PASS, PE share %.3f, iterations host %" PRIu64 " PE %" PRIu64 "\n", label, share, host_it,
             pim_it);
      free(j);
    }
  /* GraphPIM: loops stay on the host, the property-region AMOs go to the vaults */
  {
    char args[512], js[256];
    snprintf(js, sizeof js, "build/cosim-smoke-%d.json", (int)getpid());
    snprintf(args, sizeof args, "--kernel bfs --graph %s --policy graphpim --stats %s", graph, js);
    int rc = cu_run(args, out, sizeof out, err, sizeof err);
    char *j = cu_slurp(js, NULL);
    remove(js);
    t.checks++;
    if (rc || !j || !strstr(out, "result           : PASS")) tb_fail(&t, "bfs graphpim: exit %d\n%s%s", rc, out, err);
    else {
      tb_expect_u64(&t, "graphpim: AMOs executed in the vaults", cu_json_num(j, NULL, "hmc_amos") > 0, 1);
      tb_expect_u64(&t, "graphpim: no PE instructions", (uint64_t)cu_json_num(j, NULL, "kernel_pe"), 0);
      tb_log(&t, "bfs graphpim   PASS, %.0f AMOs in the vaults\n", cu_json_num(j, NULL, "hmc_amos"));
    }
    free(j);
  }
  return tb_finish(&t);
}
