/* crossover_tiny (issue 17): scripts/crossover.sh on a tiny map (BFS on
 * kron:6:8 and kron:7:8, PR on kron:6:8, and kron:7:4 with the LLC at 64 KB
 * and 16 KB for both kernels): every point verified, one data-table row per
 * (kernel, axis, point) with all six speedups, the footprint recomputed
 * here from the row's own n and m (scripts/crossover.sh's formula), one
 * summary row per kernel, axis and PE clock, both figures drawn; a second
 * run simulates nothing again and writes the same table. */
#include <sys/stat.h>

#include "cosim_util.h"

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "crossover_tiny", 1);
  char dir[96], cmd[2048], path[160];
  snprintf(dir, sizeof dir, "build/crossover-tiny-%d", (int)getpid());
  snprintf(cmd, sizeof cmd,
           "XO_SCALES='6 7' XO_PR_SCALES=6 XO_LLC_GRAPH=kron:7:4 XO_LLCS='65536 16384' XO_PR_LLCS='65536 16384' XO_FIG=%s/fig XO_JOBS=2 "
           "COPIM_SIM=${COPIM_SIM:-build/copim-sim} scripts/crossover.sh run %s >%s/log 2>&1",
           dir, dir, dir);
  char mk[160];
  snprintf(mk, sizeof mk, "mkdir -p %s", dir);
  cu_system(mk);
  t.checks++;
  if (cu_system(cmd)) tb_fail(&t, "crossover.sh run failed (see %s/log)\n", dir);
  snprintf(path, sizeof path, "%s/fig/crossover.csv", dir);
  size_t len = 0;
  char *csv = cu_slurp(path, &len);
  t.checks++;
  if (!csv) {
    tb_fail(&t, "no data table %s\n", path);
    return tb_finish(&t);
  }
  int rows = 0, full = 0, fp_ok = 0;
  char *save = NULL;
  for (char *line = strtok_r(csv, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
    if (!strncmp(line, "kernel,", 7)) continue;
    rows++;
    /* kernel,axis,graph,llc,footprint,ratio,pr_iters,cpu_us,6 speedups */
    char *f[16];
    int n = 0;
    for (char *p = line; n < 16;) {
      f[n++] = p;
      char *c = strchr(p, ',');
      if (!c) break;
      *c = 0;
      p = c + 1;
    }
    if (n != 14) continue;
    int all = 1;
    for (int i = 8; i < 14; i++) all &= *f[i] != 0 && strtod(f[i], NULL) > 0;
    full += all;
    /* kron:S:D (symmetric): n = 2^S; m from the gathered per-point CSV is not
     * here, so check the footprint against the ratio and the LLC instead */
    const double fp = strtod(f[4], NULL), llc = strtod(f[3], NULL), ratio = strtod(f[5], NULL);
    fp_ok += fp > 0 && llc > 0 && ratio > 0.999 * fp / llc && ratio < 1.001 * fp / llc;
  }
  tb_log(&t, "data table: %d rows, %d with all six speedups, %d with footprint / LLC consistent\n", rows, full, fp_ok);
  tb_expect_u64(&t, "rows (2 + 1 scale points, 2 x 2 LLC points)", (uint64_t)rows, 7);
  tb_expect_u64(&t, "rows with all six speedups", (uint64_t)full, 7);
  tb_expect_u64(&t, "footprint / LLC consistent", (uint64_t)fp_ok, 7);
  free(csv);

  /* the footprint itself, recomputed from the per-point CSV's n and m */
  snprintf(cmd, sizeof cmd,
           "awk -F, 'NR > 1 && $1 ~ /^xs-bfs-kron_6_8-8m-cpu-only/ { n = $4; m = $5;"
           " print 4 * (n + 1 + m + 2 * n + 2 * (n + int(m / 256) + 1)) }' %s/crossover.csv > %s/fp.want;"
           " awk -F, '$1 == \"bfs\" && $2 == \"scale\" && $3 == \"kron:6:8\" { print $5 }' %s/fig/crossover.csv > %s/fp.got;"
           " test -s %s/fp.want && cmp -s %s/fp.want %s/fp.got",
           dir, dir, dir, dir, dir, dir, dir);
  t.checks++;
  if (cu_system(cmd)) tb_fail(&t, "BFS footprint of kron:6:8 is not 4(n+1 + m + 2n + 2(n + m/256 + 1)) (%s/fp.want, fp.got)\n", dir);

  snprintf(path, sizeof path, "%s/fig/crossover_summary.md", dir);
  char *sum = cu_slurp(path, NULL);
  t.checks++;
  if (!sum) tb_fail(&t, "no summary %s\n", path);
  else {
    const int lines = cu_count_lines(sum);
    tb_log(&t, "summary: %d lines\n", lines);
    tb_expect_u64(&t, "summary rows (2 kernels x 2 axes x 2 clocks, + 2 header lines)", (uint64_t)lines, 10);
  }
  free(sum);
  struct stat st;
  for (int k = 0; k < 2; k++) {
    snprintf(path, sizeof path, "%s/fig/crossover_%s.png", dir, k ? "pr" : "bfs");
    t.checks++;
    if (stat(path, &st) || st.st_size < 1000) tb_fail(&t, "no figure %s\n", path);
  }
  /* resume: nothing is simulated again, the table is the same */
  snprintf(cmd, sizeof cmd,
           "cp %s/fig/crossover.csv %s/first.csv && ls %s/runs/*.json | wc -l > %s/n1 && "
           "XO_SCALES='6 7' XO_PR_SCALES=6 XO_LLC_GRAPH=kron:7:4 XO_LLCS='65536 16384' XO_PR_LLCS='65536 16384' XO_FIG=%s/fig "
           "COPIM_SIM=/bin/false scripts/crossover.sh run %s >%s/log2 2>&1 && "
           "cmp -s %s/first.csv %s/fig/crossover.csv && ls %s/runs/*.json | wc -l | cmp -s - %s/n1",
           dir, dir, dir, dir, dir, dir, dir, dir, dir, dir, dir);
  t.checks++;
  if (cu_system(cmd)) tb_fail(&t, "a second run simulated again or changed the table (see %s/log2)\n", dir);
  if (!t.failures) {
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    cu_system(cmd);
  }
  return tb_finish(&t);
}
