/* sensitivity_tiny (issue 17): scripts/sensitivity.sh on BFS over kron:7:4
 * with two parameters moved: the PE clock (copim alone, compared with the
 * default cpu-only and pei runs) and the LLC size (all three policies
 * again).  One CSV row per setting, each speedup recomputed here from the
 * row's own times, the PE-clock rows on the default cpu-only time and the
 * LLC rows on their own, the figure drawn, and each run's JSON holding the
 * parameter it was run with. */
#include <sys/stat.h>

#include "cosim_util.h"

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "sensitivity_tiny", 1);
  char dir[96], cmd[1024], path[192], log[128];
  cu_scratch(dir, sizeof dir, "sensitivity-tiny");
  snprintf(cmd, sizeof cmd,
           "SENS_GRAPH=kron:7:4 SENS_KERNEL=bfs SENS_PARAMS='pe.clk_ps llc.bytes' SENS_FIG=%s/fig SENS_JOBS=2 "
           "COPIM_SIM=${COPIM_SIM:-build/copim-sim} scripts/sensitivity.sh run %s >%s/log 2>&1",
           dir, dir, dir);
  snprintf(log, sizeof log, "%s/log", dir);
  snprintf(path, sizeof path, "%s/fig/sensitivity.csv", dir);
  char *csv = cu_script_output(&t, cmd, log, path);
  if (!csv) return tb_finish(&t);
  int rows = 0, ok = 0;
  double def_cpu = 0;
  char *save = NULL;
  for (char *line = strtok_r(csv, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
    if (line[0] == '#' || !strncmp(line, "param,", 6)) continue;
    rows++;
    /* param,value,copim_us,cpu_only_us,pei_us,copim_vs_cpu,copim_vs_pei,uncore_copim_over_cpu */
    char p[64] = "", v[32] = "";
    double c = 0, cpu = 0, pei = 0, vc = 0, vp = 0, e = 0;
    if (sscanf(line, "%63[^,],%31[^,],%lf,%lf,%lf,%lf,%lf,%lf", p, v, &c, &cpu, &pei, &vc, &vp, &e) != 8) {
      tb_fail(&t, "bad row \"%s\"\n", line);
      continue;
    }
    if (!strcmp(p, "default")) def_cpu = cpu;
    /* 1 %: the table rounds times to 0.1 us, and kron:7:4's are 10-30 us */
    const int speeds = c > 0 && vc > 0.99 * cpu / c && vc < 1.01 * cpu / c && vp > 0.99 * pei / c &&
                       vp < 1.01 * pei / c && e > 0;
    /* the PE clock leaves cpu-only alone: its rows divide by the default run */
    const int base = strcmp(p, "pe.clk_ps") || cpu == def_cpu;
    ok += speeds && base;
    if (!(speeds && base)) tb_fail(&t, "row \"%s\": speedups or baseline inconsistent\n", line);
  }
  tb_log(&t, "table: %d settings, %d consistent\n", rows, ok);
  tb_expect_u64(&t, "settings (default, 2 PE clocks, 2 LLC sizes)", (uint64_t)rows, 5);
  free(csv);

  /* each run is the point its name says: its JSON has the moved parameter */
  snprintf(cmd, sizeof cmd,
           "jq -e '.params[\"pe.clk_ps\"] == 4000' %s/runs/sens-bfs-kron_7_4-pe.clk_ps-4000-copim.json >/dev/null && "
           "jq -e '.params[\"llc.bytes\"] == 2097152 and .run.policy == \"pei\"' "
           "%s/runs/sens-bfs-kron_7_4-llc.bytes-2097152-pei.json >/dev/null",
           dir, dir);
  t.checks++;
  if (cu_system(cmd)) tb_fail(&t, "a run's JSON does not hold its parameter (%s/runs)\n", dir);
  snprintf(path, sizeof path, "%s/fig/sensitivity.png", dir);
  struct stat st;
  t.checks++;
  if (stat(path, &st) || st.st_size == 0) tb_fail(&t, "no figure %s\n", path);

  /* bad input: an unknown mode is one line and exit 2 */
  snprintf(cmd, sizeof cmd, "scripts/sensitivity.sh plot %s >%s/bad.log 2>&1", dir, dir);
  t.checks++;
  if (cu_system(cmd) != 2) tb_fail(&t, "sensitivity.sh with an unknown mode did not exit 2\n");
  if (t.failures == 0) {
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    cu_system(cmd);
  }
  return tb_finish(&t);
}
