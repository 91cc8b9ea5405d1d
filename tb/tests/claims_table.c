/* claims_table (issue 17): scripts/claims.sh on a hand-made sweep CSV whose
 * answers are known: the geometric means of CoPIM's speedup over PEI,
 * GraphPIM and cpu-only, the offloaded-instruction and energy ratios, the
 * theta optimum (its 5 % point taken from the main copim run, as the paper
 * set does) and the Little's-law split of the traffic table; copim-ab's
 * rows and its table against the oracle (issue 53); the old atomics
 * model's column from a second CSV (issue 52).  Every value is
 * asymmetric, so a ratio taken upside down gives another number. */
#include "cosim_util.h"

/* one CSV row; the columns scripts/sweep_gather.sh writes */
static void row(FILE *f, const char *set, const char *g, const char *pol, int theta, double us, double pe_insns,
                double uncore, double amos, double reqs, double lat_ps) {
  fprintf(f, "\"%s-bfs-%s-%s-%d\",\"%s\",\"bfs\",\"%s\",\"%s\",500,%d,true,%.0f,%.1f,1000,%.0f,0.5,0.5,"
             "0,0,0,0,0,0,%.1f,0,%.0f,1,8192,\"\",%.0f,%.0f\n",
          set, g, pol, theta, set, g, pol, theta, us * 2000, us, pe_insns, uncore, amos, reqs, lat_ps);
}

/* a CSV with the columns' header, NULL (and a failure) if it cannot be written */
static FILE *csv_open(tb_t *t, const char *path) {
  FILE *f = fopen(path, "w");
  if (!f) {
    tb_fail(t, "cannot write %s\n", path);
    return NULL;
  }
  fputs("id,set,kernel,graph,policy,pe_mhz,theta_pct,verified,kernel_cycles,kernel_us,host_insns,pe_insns,"
        "offloaded_share,offloaded_share_nosync,e_l1_uj,e_l2_uj,e_llc_uj,e_link_uj,e_dram_uj,e_logic_uj,"
        "e_uncore_uj,e_pe_cache_uj,hmc_amos,launches,llc_kb,plan,hmc_requests,hmc_lat_avg_ps\n",
        f);
  return f;
}

typedef struct {
  const char *what, *want;
} expect_t;

/* every expected line is in the table md (written to path) */
static void expect_lines(tb_t *t, const char *md, const char *path, const expect_t *e, size_t n) {
  for (size_t i = 0; i < n; i++) {
    t->checks++;
    if (!strstr(md, e[i].want)) tb_fail(t, "%s: no line with \"%s\" in %s\n", e[i].what, e[i].want, path);
  }
}

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "claims_table", 1);
  char dir[96], path[160], cmd[512], log[128];
  cu_scratch(dir, sizeof dir, "claims-table");
  snprintf(path, sizeof path, "%s/set.csv", dir);
  FILE *f = csv_open(&t, path);
  if (!f) return tb_finish(&t);
  /* g1: copim 2x faster than every baseline, 3x PEI's energy; g2: 1.25x, 0.75x:
   * GM speedup sqrt(2 * 1.25) = 1.5811 (+58.1 %), GM energy sqrt(3 * 0.75) = 1.5 (+50.0 %) */
  row(f, "main", "g1", "cpu-only", 5, 100, 0, 100, 0, 100, 50000);
  row(f, "main", "g1", "pei", 5, 100, 0, 100, 10, 100, 50000);
  row(f, "main", "g1", "graphpim", 5, 100, 0, 100, 10, 100, 50000);
  row(f, "main", "g1", "copim", 5, 50, 1000, 300, 0, 500, 25000);
  row(f, "main", "g1", "pim-only", 5, 50, 1250, 300, 0, 1000, 25000);
  row(f, "main", "g2", "cpu-only", 5, 100, 0, 100, 0, 100, 50000);
  row(f, "main", "g2", "pei", 5, 100, 0, 100, 10, 100, 50000);
  row(f, "main", "g2", "graphpim", 5, 100, 0, 100, 10, 100, 50000);
  row(f, "main", "g2", "copim", 5, 80, 1000, 75, 0, 500, 25000);
  row(f, "main", "g2", "pim-only", 5, 80, 1250, 75, 0, 1000, 25000);
  /* theta on g1: the lowest time is the main run's 50 at 5 % */
  /* copim-ab on g1 only: 2.5x every baseline, 900 offloaded; the oracle 50 */
  row(f, "main", "g1", "copim-ab", 5, 40, 900, 300, 0, 500, 25000);
  row(f, "main", "g1", "oracle", 5, 50, 1000, 300, 0, 500, 25000);
  const int th[] = {1, 2, 3, 7, 10};
  const double tus[] = {90, 70, 60, 55, 65};
  for (int i = 0; i < 5; i++) row(f, "theta", "g1", "copim", th[i], tus[i], 1000, 100, 0, 100, 50000);
  fclose(f);

  snprintf(cmd, sizeof cmd, "CLAIMS_LARGE=g2 scripts/claims.sh %s/set.csv %s/claims.md > %s/log 2>&1", dir, dir, dir);
  snprintf(log, sizeof log, "%s/log", dir);
  snprintf(path, sizeof path, "%s/claims.md", dir);
  char *md = cu_script_output(&t, cmd, log, path);
  if (!md) return tb_finish(&t);
  static const expect_t exp[] = {
      {"points", "Main points with all four paper policies: 2 "},
      {"speedup over PEI", "| CoPIM faster than PEI | +19.5 % | +58.1 % |"},
      {"speedup over GraphPIM", "| CoPIM faster than GraphPIM | +11.4 % | +58.1 % |"},
      {"speedup over cpu-only", "| CoPIM faster than CPU-only | +38 % | +58.1 % |"},
      {"the large graphs' row (g2 alone: 1.25x)", "| +25.0 % / +25.0 % / +25.0 % |"},
      {"the large graphs' energy (g2: 75 against 100)", "| -6.8 / -6.5 / -18 % | -25.0 % / -25.0 % / -25.0 % |"},
      {"offloaded vs PEI (2000 vs 20)", "| offloaded instructions, CoPIM vs PEI | -51.1 % | +9900.0 % (2000 vs 20) |"},
      {"offloaded vs pim-only (2000 vs 2500)", "| (offloaded instructions, CoPIM vs pim-only) | - | -20.0 % |"},
      {"energy vs PEI", "| un-core energy vs PEI | -6.8 % | +50.0 % "},
      {"theta optimum at the main run's 5 %", "| theta optimum | about 5 % | 5 % "},
      {"per graph g2", "| g2 | 1 | 1.250x | 1.250x | 1.250x |"},
      {"copim-ab's speedups (g1: 100 / 40)", "over its 1 points | +19.5 / +11.4 / +38 % (CoPIM) | +150.0 % / +150.0 % / +150.0 % |"},
      {"copim-ab's offloaded vs PEI (900 vs 10)", "over the same points | -51.1 / -33 % (CoPIM) | +8900.0 % / +8900.0 % |"},
      {"copim-ab against the oracle (40 / 50; best of cpu 100, pim 50)", "| bfs | g1 | 0.800 | 0.800 | 1.000 |"},
      /* cpu-only: 100 req x 50 ns / 100 us = 0.05 in flight; pim-only 1000 x 25 ns / 50 us = 0.5:
       * traffic 10x, parallelism 10x, latency 2x, speedup 2 = 10 / 10 x 2 */
      {"traffic row g1", "| bfs | g1 | 100 | 50.0 | 0.05 | 1000 | 25.0 | 0.50 | 10.0x | 10.0x | 2.00x | 2.000 | 2.000 |"},
  };
  expect_lines(&t, md, path, exp, sizeof exp / sizeof exp[0]);
  free(md);

  /* the old model's column: copim as fast as the baselines there (+0.0 %),
   * no copim-ab ("-") */
  snprintf(path, sizeof path, "%s/old.csv", dir);
  f = csv_open(&t, path);
  if (!f) return tb_finish(&t);
  static const char *const gs[] = {"g1", "g2"}, *const ps[] = {"cpu-only", "pei", "graphpim", "copim"};
  for (int g = 0; g < 2; g++)
    for (int p = 0; p < 4; p++) row(f, "main", gs[g], ps[p], 5, 100, p == 3 ? 1000 : 0, 100, p == 1 || p == 2 ? 10 : 0, 100, 50000);
  fclose(f);
  snprintf(cmd, sizeof cmd, "CLAIMS_LARGE=g2 scripts/claims.sh %s/set.csv %s/claims2.md %s/old.csv > %s/log2 2>&1", dir, dir,
           dir, dir);
  snprintf(log, sizeof log, "%s/log2", dir);
  snprintf(path, sizeof path, "%s/claims2.md", dir);
  md = cu_script_output(&t, cmd, log, path);
  if (!md) return tb_finish(&t);
  static const expect_t exp2[] = {
      {"old column header", "| claim | paper | measured (GM over the points) | old model ("},
      {"old column: speedup over PEI", "| CoPIM faster than PEI | +19.5 % | +58.1 % | +0.0 % |"},
      {"old column: no copim-ab there", "| +150.0 % / +150.0 % / +150.0 % | - |"},
  };
  expect_lines(&t, md, path, exp2, sizeof exp2 / sizeof exp2[0]);
  free(md);

  /* bad input: no CSV is an error with the path, not an empty table */
  snprintf(cmd, sizeof cmd, "scripts/claims.sh %s/none.csv %s/x.md > %s/bad.log 2>&1", dir, dir, dir);
  t.checks++;
  if (!cu_system(cmd)) tb_fail(&t, "claims.sh on a missing CSV exited 0\n");
  if (t.failures == 0) {
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    cu_system(cmd);
  }
  return tb_finish(&t);
}
