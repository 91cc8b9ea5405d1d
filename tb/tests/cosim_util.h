/* Helpers of the cosim_* tests: they run the simulator binary
 * (build/copim-sim, or $COPIM_SIM) as a user would and check its exit
 * status, its output and its JSON statistics. */
#ifndef COSIM_UTIL_H
#define COSIM_UTIL_H

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tb.h"

static inline const char *cu_sim(void) {
  const char *s = getenv("COPIM_SIM");
  return s && *s ? s : "build/copim-sim";
}

/* Runs "<sim> args", stdout into out, stderr into errb (each NUL-terminated,
 * truncated to cap).  Returns the exit status (-1 if it did not exit). */
static inline int cu_run(const char *args, char *out, size_t ocap, char *errb, size_t ecap) {
  char cmd[2048], ef[64];
  snprintf(ef, sizeof ef, "build/cosim-test-%d.err", (int)getpid());
  snprintf(cmd, sizeof cmd, "%s %s 2>%s", cu_sim(), args, ef);
  FILE *p = popen(cmd, "r");
  if (!p) return -1;
  size_t n = fread(out, 1, ocap - 1, p);
  out[n] = 0;
  while (fgetc(p) != EOF) {
  }
  int st = pclose(p);
  FILE *f = fopen(ef, "r");
  n = f ? fread(errb, 1, ecap - 1, f) : 0;
  errb[n] = 0;
  if (f) fclose(f);
  remove(ef);
  return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* Runs cmd through the shell: its exit status, -1 if it did not exit. */
static inline int cu_system(const char *cmd) {
  int st = system(cmd);
  return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* Reads a whole file (NUL-terminated, malloc'd) or NULL. */
static inline char *cu_slurp(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  long l = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *b = malloc((size_t)l + 1);
  if (b && fread(b, 1, (size_t)l, f) != (size_t)l) {
    free(b);
    b = NULL;
  }
  if (b) b[l] = 0;
  fclose(f);
  if (len) *len = (size_t)l;
  return b;
}

/* The first number after "\"key\": " at or after the text `after` (NULL:
 * anywhere); -1 if absent. */
static inline double cu_json_num(const char *json, const char *after, const char *key) {
  const char *p = json;
  if (after) {
    p = strstr(json, after);
    if (!p) return -1;
  }
  char k[96];
  snprintf(k, sizeof k, "\"%s\": ", key);
  p = strstr(p, k);
  if (!p) return -1;
  return strtod(p + strlen(k), NULL);
}

/* The sum of every "\"key\": <number>" in json (per-core, per-PE fields). */
static inline double cu_json_sum(const char *json, const char *key) {
  char k[96];
  snprintf(k, sizeof k, "\"%s\": ", key);
  double sum = 0;
  for (const char *p = json; (p = strstr(p, k)); p += strlen(k)) sum += strtod(p + strlen(k), NULL);
  return sum;
}

/* Runs "<sim> args --stats <tmp>" and returns its JSON (malloc'd) if the run
 * passed (exit 0, PASS, verified), else fails t under label and returns NULL. */
static inline char *cu_stats(tb_t *t, const char *label, const char *args) {
  static char out[1 << 16], err[1 << 14];
  char a[1024], js[128];
  snprintf(js, sizeof js, "build/cosim-stats-%d.json", (int)getpid());
  snprintf(a, sizeof a, "%s --quiet --stats %s", args, js);
  const int rc = cu_run(a, out, sizeof out, err, sizeof err);
  char *j = cu_slurp(js, NULL);
  remove(js);
  t->checks++;
  if (rc != 0 || !j || !strstr(j, "\"verified\": true")) {
    tb_fail(t, "%s: exit %d, %s\n%s%s", label, rc, j ? "not verified" : "no statistics", out, err);
    free(j);
    return NULL;
  }
  return j;
}

/* A scratch directory of this run, build/<name>-<pid> (made), for tests
 * that drive the scripts. */
static inline void cu_scratch(char *dir, size_t n, const char *name) {
  char cmd[256];
  snprintf(dir, n, "build/%s-%d", name, (int)getpid());
  snprintf(cmd, sizeof cmd, "mkdir -p %s/runs", dir);
  cu_system(cmd);
}

/* Runs a script's command line and reads the file it should have written:
 * two checks, failing with the log's path when the command exits non-zero
 * and with the file's when it is missing.  Returns the file (malloc'd) or
 * NULL. */
static inline char *cu_script_output(tb_t *t, const char *cmd, const char *log, const char *path) {
  t->checks++;
  if (cu_system(cmd)) tb_fail(t, "%s failed (see %s)\n", cmd, log);
  char *out = cu_slurp(path, NULL);
  t->checks++;
  if (!out) tb_fail(t, "no %s\n", path);
  return out;
}

static inline int cu_count_lines(const char *s) {
  int n = 0;
  for (; *s; s++) n += *s == '\n';
  return n;
}

#endif
