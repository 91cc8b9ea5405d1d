/* sweep_claim (issue 17): a sweep point that another sweep point's live
 * process on this host holds (its temporary file .<id>.<pid>.tmp in
 * OUT/runs, holding the host's name, which scripts/sweep_point.sh writes
 * before it starts the simulator) is left to it: no second run, no result,
 * exit 0 and one line naming the process.  A claim whose number belongs to
 * a live process that is not a sweep point (a killed sweep's leftover, the
 * number reused) does not block the point. */
#include "cosim_util.h"

static int run_point(tb_t *t, const char *dir, const char *id, const char *tag) {
  char cmd[512];
  snprintf(cmd, sizeof cmd,
           "COPIM_SIM=${COPIM_SIM:-build/copim-sim} scripts/sweep_point.sh %s %s bfs kron:7:4 cpu-only 2000 - "
           ">%s/%s.log 2>&1",
           dir, id, dir, tag);
  const int rc = cu_system(cmd);
  t->checks++;
  if (rc != 0) tb_fail(t, "%s: exit %d, expected 0 (%s/%s.log)\n", tag, rc, dir, tag);
  return rc;
}

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "sweep_claim", 1);
  char dir[96], cmd[512], path[192];
  cu_scratch(dir, sizeof dir, "sweep-claim");
  const char *id = "main-bfs-kron_7_4-cpu-only-500";
  /* a stand-in holder: a live process whose command line is a sweep point's */
  snprintf(cmd, sizeof cmd,
           "bash -c 'exec -a sweep_point.sh sleep 120' >/dev/null 2>&1 & echo $! > %s/holder; sleep 0.2; "
           "uname -n > %s/runs/.%s.$(cat %s/holder).tmp",
           dir, dir, id, dir);
  cu_system(cmd);
  run_point(&t, dir, id, "held");
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
  snprintf(cmd, sizeof cmd, "kill $(cat %s/holder) 2>/dev/null; rm -f %s/runs/.%s.*.tmp", dir, dir, id);
  cu_system(cmd);

  /* the claim's number is this test's own process: alive, not a sweep point */
  snprintf(cmd, sizeof cmd, "uname -n > %s/runs/.%s.%d.tmp", dir, id, (int)getpid());
  cu_system(cmd);
  run_point(&t, dir, id, "stale");
  j = fopen(path, "r");
  t.checks++;
  if (!j) tb_fail(&t, "a point whose claim is stale gave no result %s\n", path);
  else fclose(j);
  if (t.failures == 0) {
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    cu_system(cmd);
  }
  return tb_finish(&t);
}
