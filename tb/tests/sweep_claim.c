/* sweep_claim (issue 17): a sweep point that another live process holds
 * (its temporary file .<id>.<pid>.tmp in OUT/runs, which
 * scripts/sweep_point.sh creates before it starts the simulator) is left to
 * it: no second run, no result, exit 0 and one line naming the process.  A
 * claim whose process is gone (a killed sweep) does not block the point. */
#include "cosim_util.h"

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "sweep_claim", 1);
  char dir[96], cmd[1024], path[192];
  cu_scratch(dir, sizeof dir, "sweep-claim");
  const char *id = "main-bfs-kron_7_4-cpu-only-500";
  /* held by this test's own process, which is alive */
  snprintf(path, sizeof path, "%s/runs/.%s.%d.tmp", dir, id, (int)getpid());
  FILE *f = fopen(path, "w");
  if (f) fclose(f);
  snprintf(cmd, sizeof cmd,
           "COPIM_SIM=${COPIM_SIM:-build/copim-sim} scripts/sweep_point.sh %s %s bfs kron:7:4 cpu-only 2000 - "
           ">%s/held.log 2>&1",
           dir, id, dir);
  int rc = cu_system(cmd);
  t.checks++;
  if (rc != 0) tb_fail(&t, "a held point: exit %d, expected 0 (%s/held.log)\n", rc, dir);
  snprintf(path, sizeof path, "%s/held.log", dir);
  char *log = cu_slurp(path, NULL);
  t.checks++;
  if (!log || !strstr(log, "left to it")) tb_fail(&t, "a held point: no \"left to it\" line in %s\n", path);
  free(log);
  snprintf(path, sizeof path, "%s/runs/%s.json", dir, id);
  FILE *j = fopen(path, "r");
  t.checks++;
  if (j) {
    fclose(j);
    tb_fail(&t, "a held point was run anyway: %s exists\n", path);
  }

  /* the holder is gone: the point runs and gives a result */
  snprintf(cmd, sizeof cmd, "rm -f %s/runs/.%s.*.tmp && : > %s/runs/.%s.999999999.tmp", dir, id, dir, id);
  cu_system(cmd);
  snprintf(cmd, sizeof cmd,
           "COPIM_SIM=${COPIM_SIM:-build/copim-sim} scripts/sweep_point.sh %s %s bfs kron:7:4 cpu-only 2000 - "
           ">%s/free.log 2>&1",
           dir, id, dir);
  rc = cu_system(cmd);
  t.checks++;
  if (rc != 0) tb_fail(&t, "a point with a dead claim: exit %d (%s/free.log)\n", rc, dir);
  j = fopen(path, "r");
  t.checks++;
  if (!j) tb_fail(&t, "a point with a dead claim gave no result %s\n", path);
  else fclose(j);
  if (t.failures == 0) {
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    cu_system(cmd);
  }
  return tb_finish(&t);
}
