/* sweep_resume (issue 9): the tiny sweep set (scripts/sweep.sh tiny: BFS
 * and CC on kron:7:4 under four policies, theta and 1 GHz points) run once
 * without interruption, and once killed (SIGKILL to the whole sweep: GNU
 * parallel and the simulators) after a few points are written, then
 * restarted: the restart must skip the finished points, leave no partial
 * result, and give a tiny.csv byte-equal to the uninterrupted one. */
#include <signal.h>
#include <sys/stat.h>
#include <time.h>

#include "cosim_util.h"

static int count_json(const char *dir) {
  char cmd[512];
  snprintf(cmd, sizeof cmd, "ls %s/runs/*.json 2>/dev/null | wc -l", dir);
  FILE *p = popen(cmd, "r");
  int n = 0;
  if (p) {
    if (fscanf(p, "%d", &n) != 1) n = 0;
    pclose(p);
  }
  return n;
}

static int sh(const char *fmt, const char *a, const char *b) {
  char cmd[1024];
  snprintf(cmd, sizeof cmd, fmt, a, b);
  return cu_system(cmd);
}

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "sweep_resume", 1);
  char base[96], a[128], b[128];
  snprintf(base, sizeof base, "build/sweep-resume-%d", (int)getpid());
  snprintf(a, sizeof a, "%s/a", base);
  snprintf(b, sizeof b, "%s/b", base);
  sh("mkdir -p %s%s", base, "");
  const char *env = "SWEEP_JOBS=2 COPIM_SIM=${COPIM_SIM:-build/copim-sim}";
  char cmd[512];
  snprintf(cmd, sizeof cmd, "%s scripts/sweep.sh tiny %%s >%%s.log 2>&1", env);
  t.checks++;
  if (sh(cmd, a, a)) tb_fail(&t, "uninterrupted sweep failed (see %s.log)\n", a);
  const int total = count_json(a);
  tb_log(&t, "uninterrupted: %d points\n", total);
  /* the interrupted one, in its own process group so one kill stops all */
  pid_t pid = fork();
  if (pid == 0) {
    setpgid(0, 0);
    char c2[512];
    snprintf(c2, sizeof c2, "%s exec scripts/sweep.sh tiny %s >%s.log 2>&1", env, b, b);
    execl("/bin/sh", "sh", "-c", c2, (char *)NULL);
    _exit(127);
  }
  setpgid(pid, pid);
  int done = 0;
  for (int i = 0; i < 6000 && (done = count_json(b)) < total / 3; i++) {
    struct timespec ts = {0, 5000000};
    nanosleep(&ts, NULL);
  }
  kill(-pid, SIGKILL);
  int st;
  waitpid(pid, &st, 0);
  const int before = count_json(b);
  tb_log(&t, "killed after %d of %d points\n", before, total);
  tb_expect_u64(&t, "interrupted mid-way", before > 0 && before < total, 1);
  t.checks++;
  if (sh(cmd, b, b)) tb_fail(&t, "restarted sweep failed (see %s.log)\n", b);
  tb_expect_u64(&t, "restart: every point done", (uint64_t)count_json(b), (uint64_t)total);
  char logp[256];
  snprintf(logp, sizeof logp, "%s.log", b);
  char *log = cu_slurp(logp, NULL);
  /* a simulator already started may still have renamed its result after the kill */
  const char *q = log ? strstr(log, "points, ") : NULL;
  const int skipped = q ? atoi(q + 8) : -1;
  tb_log(&t, "restart: %d points skipped as done\n", skipped);
  tb_expect_u64(&t, "restart skipped the finished points", skipped >= before && skipped < total, 1);
  free(log);
  char pa[256], pb[256];
  snprintf(pa, sizeof pa, "%s/tiny.csv", a);
  snprintf(pb, sizeof pb, "%s/tiny.csv", b);
  size_t la = 0, lb = 0;
  char *ca = cu_slurp(pa, &la), *cb = cu_slurp(pb, &lb);
  tb_expect_u64(&t, "CSV has a row per point", ca ? (uint64_t)cu_count_lines(ca) : 0, (uint64_t)total + 1);
  tb_expect_u64(&t, "CSV of the resumed sweep equals the uninterrupted one", ca && cb && la == lb && !memcmp(ca, cb, la), 1);
  free(ca);
  free(cb);
  if (!t.failures) sh("rm -rf %s%s", base, "");
  return tb_finish(&t);
}
