/* host_balance: the edge-balanced host partition (build/sw-balanced, sw/rt/rt.c
 * RT_BALANCE_EDGES), the ablation of docs/results.md "The host's partition".
 * On a graph whose edges crowd into low ids (rmatl, crawl order), the default
 * kernels' static vertex blocks leave most of a Bellman-Ford or PageRank pass
 * to hart 0; cut at equal shares of degree + 1, the four harts retire about
 * the same number of instructions.  Checked for push kernels (out-degree:
 * sssp, prp, undirected and directed) and pull PageRank (in-degree, on the
 * directed rmatld) under cpu-only, and SSSP under copim: every run verified
 * against the native kernel; under cpu-only, hart 0's share of the kernel instructions above 0.40 with the
 * vertex blocks (so the graph does test the partition), and with the balanced
 * cut hart 0's share at least 0.1 lower and no hart's above 0.36 (the
 * vertex loops keep their vertex blocks, and a Bellman-Ford pass skips the
 * vertices not reached yet, so the shares are not exactly equal).  Fails without RT_BALANCE_EDGES
 * (the two builds then retire the same shares) or with a cut on the wrong
 * CSR (pull PageRank on the directed graph). */
#include "cosim_util.h"

/* hart h's share of the host's instructions in a run's JSON */
static void shares(const char *j, double s[4]) {
  const char *p = strstr(j, "\"cores\"");
  double tot = 0;
  for (int h = 0; h < 4; h++) {
    s[h] = p ? cu_json_num(p, NULL, "insns") : 0;
    if (p) p = strstr(p, "\"insns\"") + 8;
    tot += s[h];
  }
  for (int h = 0; h < 4; h++) s[h] = tot > 0 ? s[h] / tot : 0;
}

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "host_balance", 1);
  static const struct { const char *k, *g, *p; } pts[] = {
      {"sssp", "rmatl:20000:80000", "cpu-only"}, {"sssp", "rmatl:20000:80000", "copim"},
      {"prp", "rmatl:20000:80000", "cpu-only"},  {"prp", "rmatld:20000:80000", "cpu-only"},
      {"pr", "rmatld:20000:80000", "cpu-only"},
  };
  for (unsigned i = 0; i < sizeof pts / sizeof pts[0]; i++) {
    double sv[4], sb[4];
    char a[512], l[128];
    snprintf(a, sizeof a, "--kernel %s --graph %s --policy %s --pr-iters 3", pts[i].k, pts[i].g, pts[i].p);
    snprintf(l, sizeof l, "%s %s %s, vertex blocks", pts[i].k, pts[i].g, pts[i].p);
    char *jv = cu_stats(&t, l, a);
    snprintf(a + strlen(a), sizeof a - strlen(a), " --elf build/sw-balanced/%s.elf", pts[i].k);
    snprintf(l, sizeof l, "%s %s %s, edge-balanced", pts[i].k, pts[i].g, pts[i].p);
    char *jb = cu_stats(&t, l, a);
    if (jv && jb) {
      shares(jv, sv);
      shares(jb, sb);
    }
    /* under copim the host keeps only what the IMU leaves it, so its shares
     * are not the partition's: there the runs only have to verify */
    if (jv && jb && !strcmp(pts[i].p, "cpu-only")) {
      tb_expect_u64(&t, "vertex blocks: hart 0 above 0.40 (the graph is skewed)", sv[0] > 0.40, 1);
      tb_expect_u64(&t, "edge-balanced: hart 0 at least 0.1 lower", sb[0] < sv[0] - 0.1, 1);
      for (int h = 0; h < 4; h++) tb_expect_u64(&t, "edge-balanced: no hart above 0.36", sb[h] < 0.36, 1);
      tb_log(&t, "%s %s %s: hart shares %.2f %.2f %.2f %.2f -> %.2f %.2f %.2f %.2f, kernel %.0f -> %.0f ns\n", pts[i].k,
             pts[i].g, pts[i].p, sv[0], sv[1], sv[2], sv[3], sb[0], sb[1], sb[2], sb[3],
             cu_json_num(jv, NULL, "kernel_ps") / 1e3, cu_json_num(jb, NULL, "kernel_ps") / 1e3);
    }
    if (jv && jb && strcmp(pts[i].p, "cpu-only"))
      tb_log(&t, "%s %s %s: kernel %.0f -> %.0f ns\n", pts[i].k, pts[i].g, pts[i].p, cu_json_num(jv, NULL, "kernel_ps") / 1e3,
             cu_json_num(jb, NULL, "kernel_ps") / 1e3);
    free(jv);
    free(jb);
  }
  return tb_finish(&t);
}
