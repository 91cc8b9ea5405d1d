/* bad_inputs: the table tb/tests/bad_inputs.cases, one bad input a line
 * (issue 20), each run as a user would run it, through /bin/sh:
 *
 *   EXIT FSIZE PATTERN ~ COMMAND
 *
 * EXIT is the expected exit status; FSIZE a file size limit in bytes
 * (RLIMIT_FSIZE, a full disk for every file the command writes) or '-';
 * PATTERN an fnmatch(3) pattern (no escapes: a backslash is itself) that
 * the one stderr line must match, or '-' for no stderr at all.  In both,
 * @SIM is the simulator (build/copim-sim or $COPIM_SIM), @OK a small valid
 * run (BFS on kron:6:4, --quiet), @T this run's directory of fixtures
 * (written below), @LONG a --stats path of over 600 characters, @PID this
 * process's id.
 *
 * A case fails when the exit status differs, when stderr has more or
 * fewer lines than one (make's own "make: *** ... Error N" lines aside),
 * when it does not match, when it has a sanitizer report, or when the run
 * takes more than BAD_INPUTS_LIMIT_S seconds (default 6): every bad input
 * is one line, a non-zero exit, at once. */
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>

#include "cosim_util.h"

#define TABLE "tb/tests/bad_inputs.cases"

static double now_s(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int put(const char *path, const void *b, size_t n) {
  FILE *f = fopen(path, "wb");
  if (!f) return -1;
  const int bad = fwrite(b, 1, n, f) != n;
  return fclose(f) || bad ? -1 : 0;
}

static int puts_file(const char *dir, const char *name, const char *text) {
  char p[512];
  snprintf(p, sizeof p, "%s/%s", dir, name);
  return put(p, text, strlen(text));
}

/* A minimal RV32 executable at 0x1000: "j ." (harts spin, committing, and
 * no loop ever starts: only the progress watchdog ends it early). */
static int write_spin_elf(const char *path) {
  uint8_t b[0x58];
  memset(b, 0, sizeof b);
  const uint8_t ident[16] = {0x7f, 'E', 'L', 'F', 1, 1, 1};
  memcpy(b, ident, 16);
  const uint16_t h16[] = {2 /* ET_EXEC */, 243 /* EM_RISCV */};
  memcpy(b + 16, h16, 4);
  const uint32_t ver = 1, entry = 0x1000, phoff = 52;
  memcpy(b + 20, &ver, 4);
  memcpy(b + 24, &entry, 4);
  memcpy(b + 28, &phoff, 4);
  const uint16_t h2[] = {52, 32, 1, 40, 0, 0};
  memcpy(b + 40, h2, 12);
  const uint32_t ph[8] = {1 /* PT_LOAD */, 0x54, 0x1000, 0x1000, 4, 4, 5, 4};
  memcpy(b + 52, ph, 32);
  const uint32_t j_self = 0x0000006fu;
  memcpy(b + 0x54, &j_self, 4);
  return put(path, b, sizeof b);
}

/* Replaces the first `from` in s (a JSON text) by `to`, into out. */
static void subst(const char *s, const char *from, const char *to, char *out, size_t cap) {
  const char *p = strstr(s, from);
  if (!p) {
    snprintf(out, cap, "%s", s);
    return;
  }
  snprintf(out, cap, "%.*s%s%s", (int)(p - s), s, to, p + strlen(from));
}

/* A sweep output directory with the one point of kron:6:4 BFS under
 * copim and its JSON `json` (NULL: none). */
static int sweep_dir(const char *t, const char *name, const char *json, size_t len) {
  char d[512], p[600];
  snprintf(d, sizeof d, "%s/%s/runs", t, name);
  char cmd[700];
  snprintf(cmd, sizeof cmd, "mkdir -p %s", d);
  if (system(cmd)) return -1;
  snprintf(p, sizeof p, "%s/%s/tiny.points", t, name);
  if (put(p, "main-bfs-kron_6_4-copim-500 bfs kron:6:4 copim 2000 -\n", 55)) return -1;
  if (!json) return 0;
  snprintf(p, sizeof p, "%s/main-bfs-kron_6_4-copim-500.json", d);
  return put(p, json, len);
}

static int fixtures(tb_t *t, const char *T, char *longp, size_t lcap) {
  char p[600], cmd[2048];
  snprintf(cmd, sizeof cmd, "rm -rf %s && mkdir -p %s/dir", T, T);
  if (system(cmd)) return -1;
  snprintf(p, sizeof p, "%s/fifo", T);
  if (mkfifo(p, 0600)) return -1;
  char line[700];
  memset(line, 'x', sizeof line);
  memcpy(line, "# ", 2);
  snprintf(line + 600, 100, " llc.lat=99\n");
  if (puts_file(T, "long.cfg", line)) return -1;
  memcpy(line, "bfs.init pim # ", 15);
  snprintf(line + 300, 100, "\n");
  if (puts_file(T, "long.plan", line)) return -1;
  if (puts_file(T, "wrap.plan", "4294967298 pim\n") || puts_file(T, "huge.plan", "99999999999999999999999 pim\n") ||
      puts_file(T, "other.plan", "bfs.init host\npr.pull pim\n") || puts_file(T, "otherid.plan", "5 pim\n") ||
      puts_file(T, "outside.plan", "63 pim\n") || puts_file(T, "zero.plan", "0 pim\n") ||
      puts_file(T, "word.plan", "bfs.init pim extra\n") || puts_file(T, "ok.plan", "bfs.init pim\nbfs.frontier host\n") ||
      puts_file(T, "noeq.cfg", "llc.lat 40\n") || puts_file(T, "range.cfg", "# ok\nllc.lat = 35\nhost.lq = 5000\n") ||
      puts_file(T, "neg.cfg", "llc.lat = -1\n") || puts_file(T, "hex.cfg", "llc.lat = 0x\n"))
    return -1;
  const char bin[] = "1 2\n\x01\xff\x1b[31m 3\n";
  snprintf(p, sizeof p, "%s/bin.el", T);
  if (put(p, bin, sizeof bin - 1)) return -1;
  const char nul[] = "1 2\n3\n";
  snprintf(p, sizeof p, "%s/short.el", T);
  if (put(p, nul, sizeof nul - 1)) return -1;
  snprintf(p, sizeof p, "%s/spin.elf", T);
  if (write_spin_elf(p)) return -1;
  snprintf(p, sizeof p, "%s/junk.elf", T);
  if (put(p, "\x7f" "ELF junk that is not an executable, padded to be long enough for a header.......", 80))
    return -1;
  /* a --stats path longer than the simulator's former 600-byte buffers */
  char dir[1024];
  snprintf(dir, sizeof dir, "%.128s/%0200d/%0200d/%0200d", T, 0, 1, 2);
  snprintf(cmd, sizeof cmd, "mkdir -p %s", dir);
  if (system(cmd)) return -1;
  snprintf(longp, lcap, "%.900s/stats", dir);
  /* sweep results: a good one from the simulator, then broken copies */
  char good[256], other[256];
  snprintf(good, sizeof good, "%.128s/good.json", T);
  snprintf(other, sizeof other, "%.128s/other.json", T);
  snprintf(cmd, sizeof cmd, "%s --kernel bfs --graph kron:6:4 --policy copim --quiet --stats %s >/dev/null &&"
                            " %s --kernel cc --graph kron:6:4 --policy copim --quiet --stats %s >/dev/null",
           cu_sim(), good, cu_sim(), other);
  if (system(cmd)) {
    tb_fail(t, "the simulator cannot write the sweep fixtures: %s\n", cmd);
    return -1;
  }
  size_t gl = 0, ol = 0;
  char *g = cu_slurp(good, &gl), *o = cu_slurp(other, &ol);
  if (!g || !o) return -1;
  static char buf[1 << 20];
  int rc = sweep_dir(T, "sw-good", g, gl) | sweep_dir(T, "sw-missing", NULL, 0) | sweep_dir(T, "sw-empty", "", 0) |
           sweep_dir(T, "sw-rerun", "", 0) | sweep_dir(T, "sw-trunc", g, gl / 2) | sweep_dir(T, "sw-other", o, ol);
  snprintf(buf, sizeof buf, "%s%s", g, g);
  rc |= sweep_dir(T, "sw-two", buf, strlen(buf));
  const char *edits[][3] = {{"sw-type", "\"kernel_cycles\": ", "\"kernel_cycles\": \"1\" , \"x\": "},
                            {"sw-version", "\"version\": 1", "\"version\": 2"},
                            {"sw-format", "copim-sim-stats", "copim-sim-stat"},
                            {"sw-unverified", "\"verified\": true", "\"verified\": false"},
                            {"sw-clock", "\"pe.clk_ps\": 2000", "\"pe.clk_ps\": 1000"}};
  for (unsigned i = 0; i < sizeof edits / sizeof edits[0]; i++) {
    subst(g, edits[i][1], edits[i][2], buf, sizeof buf);
    if (!strcmp(buf, g)) tb_fail(t, "fixture %s: '%s' not in the statistics\n", edits[i][0], edits[i][1]);
    rc |= sweep_dir(T, edits[i][0], buf, strlen(buf));
  }
  free(g);
  free(o);
  return rc ? -1 : 0;
}

/* In s, every @NAME replaced. */
static void expand(const char *s, char *out, size_t cap, const char *T, const char *longp) {
  char pid[16];
  snprintf(pid, sizeof pid, "%d", (int)getpid());
  const char *keys[] = {"@SIM", "@OK", "@T", "@LONG", "@PID"};
  const char *vals[] = {cu_sim(), "--kernel bfs --graph kron:6:4 --quiet", T, longp, pid};
  size_t k = 0;
  while (*s && k + 1 < cap) {
    int hit = 0;
    for (unsigned i = 0; i < 5 && !hit; i++) {
      const size_t n = strlen(keys[i]);
      if (!strncmp(s, keys[i], n)) {
        k += (size_t)snprintf(out + k, cap - k, "%s", vals[i]);
        s += n;
        hit = 1;
      }
    }
    if (!hit) out[k++] = *s++;
    if (k >= cap) k = cap - 1;
  }
  out[k] = 0;
}

typedef struct {
  int status; /* exit status, -1 killed */
  int timed_out;
  double secs;
  char err[1 << 14];
} result_t;

/* Runs cmd under /bin/sh in its own process group, stdout to /dev/null
 * unless cmd redirects it, stderr into r->err; killed after limit s. */
static void run(const char *cmd, long fsize, double limit, result_t *r) {
  memset(r, 0, sizeof *r);
  int fd[2];
  if (pipe(fd)) {
    r->status = -1;
    return;
  }
  const double t0 = now_s();
  pid_t pid = fork();
  if (pid == 0) {
    setpgid(0, 0);
    dup2(fd[1], 2);
    close(fd[0]);
    close(fd[1]);
    int nul = open("/dev/null", O_RDWR);
    if (nul >= 0) {
      dup2(nul, 0);
      dup2(nul, 1);
      close(nul);
    }
    if (fsize >= 0) {
      /* a write beyond the limit fails with EFBIG, as on a full disk */
      signal(SIGXFSZ, SIG_IGN);
      struct rlimit rl = {(rlim_t)fsize, (rlim_t)fsize};
      setrlimit(RLIMIT_FSIZE, &rl);
    }
    execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
    _exit(127);
  }
  close(fd[1]);
  setpgid(pid, pid);
  size_t n = 0;
  int open_ = 1, st = 0, exited = 0;
  while (open_ || !exited) {
    if (open_) {
      struct pollfd pf = {fd[0], POLLIN, 0};
      if (poll(&pf, 1, 20) > 0) {
        char tmp[4096];
        ssize_t k = read(fd[0], tmp, sizeof tmp);
        if (k <= 0) open_ = 0;
        else {
          const size_t room = sizeof r->err - 1 - n;
          memcpy(r->err + n, tmp, (size_t)k < room ? (size_t)k : room);
          n += (size_t)k < room ? (size_t)k : room;
        }
      }
    } else {
      struct timespec ts = {0, 5000000};
      nanosleep(&ts, NULL);
    }
    if (!exited && waitpid(pid, &st, WNOHANG) == pid) exited = 1;
    if (now_s() - t0 > limit) {
      r->timed_out = 1;
      kill(-pid, SIGKILL);
      if (!exited) waitpid(pid, &st, 0);
      break;
    }
  }
  close(fd[0]);
  r->err[n] = 0;
  r->secs = now_s() - t0;
  r->status = exited && WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* stderr without make's own "make: *** [...] Error N" reports; the line count. */
static int our_lines(const char *err, char *first, size_t cap) {
  int n = 0;
  first[0] = 0;
  for (const char *p = err; *p;) {
    const char *e = strchr(p, '\n');
    const size_t len = e ? (size_t)(e - p) : strlen(p);
    int from_make = 0;
    for (size_t i = 0; !strncmp(p, "make", 4) && i + 6 <= len && !from_make; i++) from_make = !strncmp(p + i, ": *** ", 6);
    if (!from_make) {
      if (!n) snprintf(first, cap, "%.*s", (int)len, p);
      n++;
    }
    p += len + (e ? 1 : 0);
  }
  return n;
}

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "bad_inputs", 1);
  /* the make cases run make as a user would, not as a sub-make of `make
   * test SAN=1` (whose variables come along in MAKEFLAGS and the environment) */
  unsetenv("SAN");
  unsetenv("MAKEFLAGS");
  unsetenv("MFLAGS");
  unsetenv("MAKELEVEL");
  unsetenv("MAKEOVERRIDES");
  const char *ls = getenv("BAD_INPUTS_LIMIT_S");
  const double limit = ls && atof(ls) > 0 ? atof(ls) : 6.0;
  char T[128], longp[1024];
  snprintf(T, sizeof T, "build/bad-inputs-%d", (int)getpid());
  if (fixtures(&t, T, longp, sizeof longp)) {
    tb_fail(&t, "cannot write the fixtures in %s\n", T);
    return tb_finish(&t);
  }
  FILE *f = fopen(TABLE, "r");
  if (!f) {
    tb_fail(&t, "cannot open %s\n", TABLE);
    return tb_finish(&t);
  }
  char line[4096];
  unsigned ln = 0, cases = 0;
  static result_t r;
  while (fgets(line, sizeof line, f)) {
    ln++;
    line[strcspn(line, "\n")] = 0;
    if (!line[0] || line[0] == '#') continue;
    int want_exit = -1, off = 0;
    char fs[32];
    char *sep = strstr(line, " ~ ");
    if (sscanf(line, "%d %31s %n", &want_exit, fs, &off) != 2 || !sep || line + off > sep) {
      tb_fail(&t, "%s:%u: expected 'EXIT FSIZE PATTERN ~ COMMAND'\n", TABLE, ln);
      continue;
    }
    *sep = 0;
    char cmd[4096], pat[4096];
    expand(sep + 3, cmd, sizeof cmd, T, longp);
    expand(line + off, pat, sizeof pat, T, longp);
    const long fsize = strcmp(fs, "-") ? atol(fs) : -1;
    run(cmd, fsize, limit, &r);
    cases++;
    t.checks++;
    char first[2048];
    const int n = our_lines(r.err, first, sizeof first);
    const int san = strstr(r.err, "Sanitizer") || strstr(r.err, "runtime error:");
    const int none = !strcmp(pat, "-");
    const char *why = r.timed_out ? "took too long"
                      : r.status != want_exit ? "wrong exit status"
                      : san ? "sanitizer report"
                      : none && n ? "unexpected stderr"
                      : !none && n != 1 ? "not exactly one stderr line"
                      : !none && fnmatch(pat, first, FNM_NOESCAPE) ? "message does not match"
                      : NULL;
    if (why) {
      tb_fail(&t, "%s:%u: %s: exit %d (wanted %d), %.1f s, stderr (%d lines): %s\n    wanted: %s\n    command: %s\n",
              TABLE, ln, why, r.status, want_exit, r.secs, n, r.err, pat, cmd);
    } else {
      tb_log(&t, "%s:%u: exit %d, %.2f s: %s\n", TABLE, ln, r.status, r.secs, none ? "(no stderr)" : first);
    }
  }
  fclose(f);
  tb_log(&t, "%u cases\n", cases);
  tb_expect_u64(&t, "at least 100 cases", cases >= 100, 1);
  if (!t.failures) {
    char cmd[256];
    snprintf(cmd, sizeof cmd, "rm -rf %s", T);
    if (system(cmd)) tb_log(&t, "cannot remove %s\n", T);
  }
  return tb_finish(&t);
}
