/* copim-sim: the full-system co-simulator (issue 8).  Parses the command
 * line, builds the system (csim/sys/sys.h) with each of PMC / IMU / PE as C
 * model, Verilated RTL or both in lockstep (cosim_blocks.h), runs the RV32
 * kernel over the graph, checks the result against the native kernel and
 * writes the summary, the JSON statistics and the waveforms.
 * docs/cosim.md is the user's guide; `copim-sim --help` lists everything.
 *
 * Exit status: 0 the run finished and the results equal the reference;
 * 1 the run finished with wrong results; 2 bad input or a failed run
 * (one line on stderr: "copim-sim: <what>"). */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cosim_blocks.h"
#include "graph.h"
#include "kernels.h"
#include "pol_plan.h"
#include "sys.h"
#include "workload.h"

typedef struct {
  const char *kernel, *graph, *policy, *plan, *config, *rtl, *lockstep, *stats, *waves, *elf, *format, *compare;
  int quiet, symmetrize, directed, have_source;
  unsigned reset_seed;
  uint32_t source, pr_iters, bfs_split;
  int have_bfs_split;
  uint64_t weight_seed;
  sys_cfg_t cfg;
  /* overrides, applied after the config file; the names are copied (an
   * override is "--NAME=VALUE" or "--set NAME=VALUE"), values point into argv */
  int nset;
  char set_name[256][64];
  const char *set_val[256];
} opts_t;

static void die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
static void die(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("copim-sim: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  exit(2);
}

/* Formats a path into b; a path that does not fit is an error, never cut. */
static void mkpath(char *b, size_t cap, const char *fmt, const char *a, const char *c) __attribute__((format(printf, 3, 0)));
static void mkpath(char *b, size_t cap, const char *fmt, const char *a, const char *c) {
  const int n = c ? snprintf(b, cap, fmt, a, c) : snprintf(b, cap, fmt, a);
  if (n < 0 || (size_t)n >= cap) die("%.64s...: path longer than %zu characters", a, cap - 1);
}

/* Closes f, written as path: any failed write (full disk, /dev/full, a file
 * size limit) is an error, and the partial file is removed (a regular file
 * only: never a device).  0, or -1 and the one-line message in err. */
static int close_written(FILE *f, const char *path, const char *what, char *err, size_t cap) {
  errno = 0;
  int e = fflush(f) || ferror(f) ? (errno ? errno : EIO) : 0;
  if (fclose(f) && !e) e = errno ? errno : EIO;
  if (!e) return 0;
  struct stat st;
  if (!stat(path, &st) && S_ISREG(st.st_mode)) remove(path);
  snprintf(err, cap, "%s:0: cannot write the %s (%s)", path, what, strerror(e));
  return -1;
}

/* Writes text to path, or dies with one line. */
static void write_file(const char *path, const char *what, const char *text) {
  char err[4300];
  FILE *f = fopen(path, "w");
  if (!f) die("%s:0: cannot write the %s (%s)", path, what, strerror(errno));
  fputs(text, f);
  if (close_written(f, path, what, err, sizeof err)) die("%s", err);
}

/* the help text spells defaults from their macros, so it cannot drift */
#define STR(x) #x
#define XSTR(x) STR(x)

static int file_readable(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) return 0;
  fclose(f);
  return 1;
}

/* elf = <folder of this binary>/sw/<kernel>.elf when that file is readable
 * (Linux's /proc/self/exe; elsewhere elf stays as it is and the open that
 * follows reports it). */
static void exe_relative_elf(char *elf, size_t cap, const char *kernel) {
  char exe[4096];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n <= 0) return;
  exe[n] = 0;
  char *slash = strrchr(exe, '/');
  if (!slash) return;
  *slash = 0;
  char alt[4096 + 64];
  if (snprintf(alt, sizeof alt, "%s/sw/%s.elf", exe, kernel) >= (int)sizeof alt || !file_readable(alt)) return;
  if (strlen(alt) < cap) snprintf(elf, cap, "%s", alt);
}

static void help(void) {
  printf("usage: copim-sim --kernel K --graph FILE|kron:S:D[:SEED]|uniform:S:D[:SEED]|rmat[d]:N:M[:SEED] [options]\n");
  printf(
      "Runs an RV32 graph kernel on the CoPIM system: 4-core OoO host + caches + PMC + 4 IMUs + 16 vault PEs\n"
      "+ HMC + PIM dispatcher; prints a summary, checks the result against the native kernel.\n\n"
      "options (--opt VALUE or --opt=VALUE):\n"
      "  --kernel K          a kernel (required), see below\n"
      "  --graph SPEC        graph file (SNAP .txt[.gz], .el, .wel, .mtx) or generator kron:S:D[:SEED] / uniform:S:D[:SEED]\n"
      "                      / rmat:N:M[:SEED] (N vertices, M undirected edges) / rmatd:N:M[:SEED] (directed)\n"
      "  --format F          snap|el|wel|mtx (default: from the file name)\n"
      "  --symmetrize        add reverse edges to a file graph\n"
      "  --directed          keep a SNAP file whose header says '# Undirected graph' as stored (one direction a\n"
      "                      pair); by default it is read symmetrised, as SNAP means it\n"
      "  --weight-seed N     seed of generated edge weights (default 0)\n"
      "  --source V          BFS/SSSP source vertex (default: largest out-degree)\n"
      "  --pr-iters N        PageRank iteration limit (default 20)\n"
      "  --bfs-split N       BFS task size: frontier vertices of higher degree become several tasks of N edges;\n"
      "                      0 = one task per vertex (default " XSTR(GRAPH_BFS_SPLIT_DEFAULT) ")\n"
      "  --policy P          offload policy (default copim), see below\n"
      "  --plan FILE         per-loop plan for --policy plan: '<loop id|name> pim|host' per line\n"
      "  --compare P1,P2,..  run once per policy and print a comparison (time normalised to the first);\n"
      "                      --stats PATH then writes PATH.<policy>.json\n"
      "  --elf PATH          kernel ELF (default $COPIM_ELF_DIR, else build/sw, else sw/ beside this binary; /<kernel>.elf)\n"
      "  --config FILE       parameter file: 'name = value' lines, '#' comments\n"
      "  --set NAME=VALUE    one parameter (also --NAME=VALUE, e.g. --llc.lat=40); after --config\n"
      "  --pe-1ghz           PEs at 1 GHz (pe.clk_ps=1000)\n"
      "  --fast              the fast mode (sim.mode=fast): approximate models where they exist, today the HMC's\n"
      "  --rtl LIST          blocks as Verilated RTL: pmc,imu,pe | all | none (default none)\n"
      "  --lockstep LIST     blocks as RTL and C model compared every cycle: pmc,imu,pe | all | none\n"
      "  --reset-seed N      Verilator random-reset seed for RTL blocks (0 = zero state; default 0)\n"
      "  --seed N            seed (sim.seed)\n"
      "  --max-cycles N      host cycle limit (sim.max_cycles); the default, 2e9, does not stop a run that\n"
      "                      makes progress (sim.watchdog ends one that hangs) unless sim.watchdog=0\n"
      "  --stats PATH        write the JSON statistics there (docs/stats.md)\n"
      "  --waves PREFIX      PREFIX.vcd (system signals) and PREFIX.<block>.fst per Verilated block\n"
      "  --quiet             no progress and no summary (errors and the result line only)\n"
      "  --list-kernels      the kernels' names, one a line\n"
      "  --list-policies     the policies, one a line: name and 'compared' (the sweeps' and figures' set) or 'extra'\n"
      "  --help              this text\n\nkernels:\n");
  for (unsigned i = 0; kern_at(i); i++) {
    const kern_t *k = kern_at(i);
    printf("  %-10s %s; loops", k->name, k->what);
    for (unsigned j = 0; j < k->nloops; j++) printf(" %u:%s", k->loops[j].id, k->loops[j].name);
    printf("\n");
  }
  printf("\npolicies:\n");
  for (unsigned i = 0; sys_policy_at(i); i++) {
    const sys_policy_t *p = sys_policy_at(i);
    printf("  %-10s %s%s\n", p->name, p->what, p->imu_mode < 0 ? " [not implemented yet]" : "");
  }
  printf("\nparameters (name, default, meaning):\n");
  sys_cfg_t d;
  sys_cfg_default(&d);
  for (unsigned i = 0; i < sys_param_count(); i++) {
    const sys_param_t *p = sys_param_at(i);
    printf("  %-24s %12llu  %s\n", p->name, (unsigned long long)sys_param_get(&d, p), p->what);
  }
}

/* "pmc,imu" -> bit mask (1 pmc, 2 imu, 4 pe). */
static unsigned blocks(const char *opt, const char *v) {
  if (!strcmp(v, "all")) return 7;
  if (!strcmp(v, "none") || !*v) return 0;
  unsigned m = 0;
  char buf[128];
  snprintf(buf, sizeof buf, "%s", v);
  for (char *t = strtok(buf, ","); t; t = strtok(NULL, ",")) {
    if (!strcmp(t, "pmc")) m |= 1;
    else if (!strcmp(t, "imu")) m |= 2;
    else if (!strcmp(t, "pe")) m |= 4;
    else die("%s: unknown block '%s' (pmc, imu, pe, all, none)", opt, t);
  }
  return m;
}

/* An unsigned number in lo..hi, exactly: no wrap, no saturation. */
static uint64_t num(const char *opt, const char *v, uint64_t lo, uint64_t hi) {
  char *e;
  if (!*v || *v == '-' || *v == '+' || *v == ' ') die("%s: bad number '%.64s'", opt, v);
  errno = 0;
  unsigned long long x = strtoull(v, &e, 0);
  if (*e || errno) die("%s: bad number '%.64s' (an unsigned integer below 2^64)", opt, v);
  if (x < lo || x > hi)
    die("%s: %.64s out of range %llu..%llu", opt, v, (unsigned long long)lo, (unsigned long long)hi);
  return x;
}

static void add_set(opts_t *o, const char *name, size_t len, const char *val) {
  if (o->nset == 256) die("too many parameter overrides (at most 256)");
  /* a name that does not fit is no parameter's: sys_param_set says so */
  snprintf(o->set_name[o->nset], sizeof o->set_name[0], "%.*s", (int)(len < 63 ? len : 63), name);
  if (len > 63) snprintf(o->set_name[o->nset], sizeof o->set_name[0], "%.60s...", name);
  o->set_val[o->nset++] = val;
}

static void parse(opts_t *o, int argc, char **argv) {
  memset(o, 0, sizeof *o);
  o->policy = "copim";
  o->rtl = "none";
  o->lockstep = "none";
  o->pr_iters = 0;
  sys_cfg_default(&o->cfg);
  for (int i = 1; i < argc; i++) {
    char *a = argv[i];
    if (strncmp(a, "--", 2)) die("unexpected argument '%s' (see --help)", a);
    char name[128];
    const char *val = NULL;
    char *eq = strchr(a, '=');
    if (eq) {
      snprintf(name, sizeof name, "%.*s", (int)(eq - a), a);
      val = eq + 1;
    } else {
      snprintf(name, sizeof name, "%s", a);
    }
    /* flags */
    if (!strcmp(name, "--help")) {
      help();
      exit(0);
    }
    if (!strcmp(name, "--list-kernels")) {
      for (unsigned k = 0; kern_at(k); k++) printf("%s\n", kern_at(k)->name);
      exit(0);
    }
    if (!strcmp(name, "--list-policies")) {
      for (unsigned k = 0; sys_policy_at(k); k++)
        printf("%s %s\n", sys_policy_at(k)->name, sys_policy_at(k)->compared ? "compared" : "extra");
      exit(0);
    }
    if (!strcmp(name, "--quiet")) {
      o->quiet = 1;
      continue;
    }
    if (!strcmp(name, "--symmetrize")) {
      o->symmetrize = 1;
      continue;
    }
    if (!strcmp(name, "--directed")) {
      o->directed = 1;
      continue;
    }
    if (!strcmp(name, "--fast")) {
      add_set(o, "sim.mode", 8, "fast");
      continue;
    }
    if (!strcmp(name, "--pe-1ghz")) {
      add_set(o, "pe.clk_ps", 9, "1000");
      continue;
    }
    static const char *valued[] = {"--kernel", "--graph", "--policy", "--plan", "--config", "--rtl", "--lockstep",
                                   "--stats", "--waves", "--elf", "--format", "--seed", "--max-cycles", "--set",
                                   "--reset-seed", "--source", "--pr-iters", "--bfs-split", "--weight-seed", "--compare", NULL};
    int known = 0;
    for (int k = 0; valued[k]; k++) known |= !strcmp(name, valued[k]);
    if (!known) {
      /* --NAME=VALUE for a parameter */
      char e2[256];
      sys_cfg_t probe;
      sys_cfg_default(&probe);
      if (val && !sys_param_set(&probe, name + 2, val, e2, sizeof e2)) {
        add_set(o, name + 2, strlen(name + 2), val);
        continue;
      }
      if (val && strncmp(e2, "unknown parameter", 17)) die("%s", e2);
      die("unknown option '%.64s' (see --help)", name);
    }
    if (!val) {
      /* "--kernel --graph g": the next option is no value (make cosim KERNEL=) */
      if (i + 1 >= argc || !strncmp(argv[i + 1], "--", 2)) die("%s needs a value", name);
      val = argv[++i];
    }
    if (!strcmp(name, "--kernel")) o->kernel = val;
    else if (!strcmp(name, "--graph")) o->graph = val;
    else if (!strcmp(name, "--policy")) o->policy = val;
    else if (!strcmp(name, "--plan")) o->plan = val;
    else if (!strcmp(name, "--config")) o->config = val;
    else if (!strcmp(name, "--rtl")) o->rtl = val;
    else if (!strcmp(name, "--lockstep")) o->lockstep = val;
    else if (!strcmp(name, "--stats")) o->stats = val;
    else if (!strcmp(name, "--waves")) o->waves = val;
    else if (!strcmp(name, "--elf")) o->elf = val;
    else if (!strcmp(name, "--format")) o->format = val;
    else if (!strcmp(name, "--compare")) o->compare = val;
    else if (!strcmp(name, "--reset-seed")) o->reset_seed = (unsigned)num(name, val, 0, UINT32_MAX);
    else if (!strcmp(name, "--source")) {
      o->source = (uint32_t)num(name, val, 0, UINT32_MAX - 1);
      o->have_source = 1;
    } else if (!strcmp(name, "--pr-iters")) o->pr_iters = (uint32_t)num(name, val, 1, 1000000);
    else if (!strcmp(name, "--bfs-split")) {
      o->bfs_split = (uint32_t)num(name, val, 0, UINT32_MAX);
      o->have_bfs_split = 1;
    }
    else if (!strcmp(name, "--weight-seed")) o->weight_seed = num(name, val, 0, UINT64_MAX);
    else if (!strcmp(name, "--set")) {
      const char *q = strchr(val, '=');
      if (!q) die("--set: expected NAME=VALUE, got '%.64s'", val);
      add_set(o, val, (size_t)(q - val), q + 1);
    } else if (!strcmp(name, "--seed")) add_set(o, "sim.seed", 8, val);
    else if (!strcmp(name, "--max-cycles")) add_set(o, "sim.max_cycles", 14, val);
  }
  char kn[256];
  if (!o->kernel) die("--kernel is required (%s); see --help", kern_names(kn, sizeof kn));
  if (!o->graph) die("--graph is required (a file or kron:SCALE:DEGREE); see --help");
}

typedef struct {
  struct timespec t0, c0;
  int quiet;
  double last;
} prog_t;

static double elapsed(const struct timespec *t0) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)(t.tv_sec - t0->tv_sec) + (double)(t.tv_nsec - t0->tv_nsec) * 1e-9;
}

static double cpu_elapsed(const struct timespec *c0) {
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return (double)(t.tv_sec - c0->tv_sec) + (double)(t.tv_nsec - c0->tv_nsec) * 1e-9;
}

static void progress(void *ctx, const sys_t *s) {
  prog_t *p = ctx;
  if (p->quiet) return;
  const double e = elapsed(&p->t0);
  if (e < 2.0 || e - p->last < 10.0) return;
  p->last = e;
  const sys_cfg_t *c = sys_config(s);
  const uint64_t cyc = sys_cycle(s), ins = sys_insns(s);
  /* the ETA is known only against the cycle limit (a bound, not a forecast) */
  fprintf(stderr, "[copim-sim] %.1f M host cycles (%.3f ms simulated), %.1f M instructions, %.2f MIPS, %.0f s elapsed",
          (double)cyc / 1e6, (double)cyc * c->host.clk_ps / 1e9, (double)ins / 1e6, (double)ins / e / 1e6, e);
  /* the default limit does not stop a run that makes progress (sys_max_cycles_soft) */
  if (sys_max_cycles_soft(c) || cyc >= c->max_cycles) fprintf(stderr, "\n");
  else fprintf(stderr, ", cycle limit in <= %.0f s\n", (double)(c->max_cycles - cyc) / ((double)cyc / e));
}

/* The Verilated blocks write their FST files through a writer that reports
 * no error; after they are closed (sys_free) each must at least exist and
 * be non-empty, or the waveform was lost (full disk). */
static void check_fst(const char *waves, unsigned blocks) {
  if (!waves) return;
  static const char *const nm[3] = {"pmc", "imu0", "pe0"};
  for (unsigned b = 0; b < 3; b++) {
    if (!(blocks >> b & 1)) continue;
    char path[4096];
    mkpath(path, sizeof path, "%s.%s.fst", waves, nm[b]);
    struct stat st;
    if (stat(path, &st) || st.st_size == 0) die("%s:0: cannot write the waveform (empty or missing)", path);
  }
}

typedef struct {
  const opts_t *o;
  const graph_t *g;
  const graph_kparams_t *kp;
  const char *elf, *gname;
  unsigned rtl, ls;
} run_ctx_t;

/* One run under one policy: 0 passed, 1 wrong results, 2 failed (message printed). */
static int run_one(const run_ctx_t *r, const sys_policy_t *pol, const sys_plan_t *pp, const char *pdesc,
                   const char *stats, sys_summary_t *sum) {
  const opts_t *o = r->o;
  char err[1024];
  sys_t *s = sys_new(&o->cfg, r->elf, r->g, r->kp, pol, pp, err, sizeof err);
  if (!s) die("%s", err);
  const unsigned any = r->rtl | r->ls, ls = r->ls;
  if (((any & 1) && cosim_use_pmc(s, (ls & 1) ? SYS_BLK_LOCKSTEP : SYS_BLK_RTL, o->reset_seed, o->waves, err, sizeof err)) ||
      ((any & 2) && cosim_use_imu(s, (ls & 2) ? SYS_BLK_LOCKSTEP : SYS_BLK_RTL, o->reset_seed, o->waves, err, sizeof err)) ||
      ((any & 4) && cosim_use_pe(s, (ls & 4) ? SYS_BLK_LOCKSTEP : SYS_BLK_RTL, o->reset_seed, o->waves, err, sizeof err)))
    die("%s", err);
  const sys_blk_mode_t m[3] = {
      (ls & 1) ? SYS_BLK_LOCKSTEP : (r->rtl & 1) ? SYS_BLK_RTL : SYS_BLK_C,
      (ls & 2) ? SYS_BLK_LOCKSTEP : (r->rtl & 2) ? SYS_BLK_RTL : SYS_BLK_C,
      (ls & 4) ? SYS_BLK_LOCKSTEP : (r->rtl & 4) ? SYS_BLK_RTL : SYS_BLK_C,
  };
  sys_set_block_modes(s, m[0], m[1], m[2]);
  char vcd[4096];
  if (o->waves) {
    mkpath(vcd, sizeof vcd, "%s.vcd", o->waves, NULL);
    if (sys_vcd_open(s, vcd, err, sizeof err)) die("%s", err);
  }
  prog_t pr = {.quiet = o->quiet};
  clock_gettime(CLOCK_MONOTONIC, &pr.t0);
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &pr.c0);
  const int rc = sys_run(s, progress, &pr);
  const double wall = elapsed(&pr.t0), cpu = cpu_elapsed(&pr.c0);
  const uint64_t ins = sys_insns(s), cyc = sys_cycle(s);
  sys_run_info_t info = {o->kernel, r->gname, pol->name, pdesc ? pdesc : o->plan ? o->plan : "", o->rtl, o->lockstep};
  char why[256] = "";
  const int ok = rc == 0 && sys_verify(s, why, sizeof why);
  /* a failed write ends the run (exit 2): nothing half-written counts as a result */
  char werr[4300] = "";
  if (o->waves) {
    const int e = sys_vcd_finish(s);
    if (e) {
      remove(vcd);
      snprintf(werr, sizeof werr, "%s:0: cannot write the waveform (%s)", vcd, strerror(e));
    }
  }
  if (stats && !werr[0]) {
    FILE *f = fopen(stats, "w");
    if (!f) snprintf(werr, sizeof werr, "%s:0: cannot write the statistics (%s)", stats, strerror(errno));
    else {
      sys_write_json(s, &info, f);
      close_written(f, stats, "statistics", werr, sizeof werr);
    }
  }
  if (!werr[0] && !o->quiet && rc == 0) {
    /* SNAP's undirected files are read both ways: the summary says which way this run read it */
    if (r->g->undirected_input)
      printf("graph            : %s's SNAP header says undirected: %s\n", r->gname,
             r->g->symmetric ? "read symmetrised, each pair both ways (--directed keeps it as stored)"
                             : "kept as stored, one direction a pair (--directed)");
    sys_print_summary(s, &info, stdout);
  }
  if (!werr[0] && (fflush(stdout) || ferror(stdout)))
    snprintf(werr, sizeof werr, "cannot write the standard output (%s)", strerror(errno));
  if (werr[0]) {
    sys_free(s);
    die("%s", werr);
  }
  if (!o->quiet)
    /* per CPU second: the machine is shared, wall time depends on the neighbours */
    fprintf(stderr,
            "[copim-sim] %.2f s wall, %.2f s CPU: %.2f MIPS simulated (host + PE instructions per CPU second), "
            "%.3f M host cycles/s, %llu instructions, %llu host cycles\n",
            wall, cpu, (double)ins / cpu / 1e6, (double)cyc / cpu / 1e6, (unsigned long long)ins,
            (unsigned long long)cyc);
  if (sum) sys_summary(s, sum);
  if (rc) {
    fprintf(stderr, "copim-sim: %s\n", sys_error(s));
    sys_free(s);
    return 2;
  }
  if (o->quiet) printf("%s %s %s: %s\n", o->kernel, r->gname, pol->name, ok ? "PASS" : "FAIL");
  if (fflush(stdout) || ferror(stdout)) {
    sys_free(s);
    die("cannot write the standard output (%s)", strerror(errno));
  }
  if (!ok) fprintf(stderr, "copim-sim: results differ from the native kernel: %s\n", why);
  sys_free(s);
  check_fst(o->waves, any);
  return ok ? 0 : 1;
}

int main(int argc, char **argv) {
  opts_t o;
  parse(&o, argc, argv);
  char err[1024];
  if (o.config && sys_cfg_read(&o.cfg, o.config, err, sizeof err)) die("%s", err);
  for (int i = 0; i < o.nset; i++)
    if (sys_param_set(&o.cfg, o.set_name[i], o.set_val[i], err, sizeof err)) die("%s", err);
  if (sys_cfg_check(&o.cfg, err, sizeof err)) die("%s", err);
  const uint32_t kernel = workload_kernel(o.kernel);
  char kn[256];
  if (!kernel) die("--kernel: unknown kernel '%s' (%s)", o.kernel, kern_names(kn, sizeof kn));
  const sys_policy_t *pols[16];
  int npol = 0;
  char cmp[256];
  snprintf(cmp, sizeof cmp, "%s", o.compare ? o.compare : o.policy);
  for (char *t = strtok(cmp, ","); t; t = strtok(NULL, ",")) {
    if (npol == 16) die("--compare: at most 16 policies");
    pols[npol] = sys_policy_find(t);
    if (!pols[npol]) die("--policy: unknown policy '%s' (see --help)", t);
    npol++;
  }
  if (!npol) die("--compare: no policy given");
  sys_plan_t plan, *pp = NULL;
  if (o.plan) {
    if (sys_plan_read(&plan, o.plan, o.kernel, err, sizeof err)) die("%s", err);
    pp = &plan;
  }
  const unsigned rtl = blocks("--rtl", o.rtl), ls = blocks("--lockstep", o.lockstep);
  if (rtl & ls) die("a block cannot be both --rtl and --lockstep (lockstep runs the RTL too)");
  graph_fmt_t fmt = GRAPH_FMT_AUTO;
  if (o.format) {
    int f = graph_fmt_parse(o.format);
    if (f < 0) die("--format: unknown format '%s' (snap, el, wel, mtx)", o.format);
    fmt = (graph_fmt_t)f;
  }
  graph_opts_t gopt = {.symmetrize = o.symmetrize, .directed = o.directed, .weight_seed = o.weight_seed};
  graph_err_t gerr;
  graph_t *g = graph_open(o.graph, fmt, &gopt, &gerr);
  if (!g) die("%s", gerr.msg);
  graph_kparams_t kp;
  graph_kparams_default(&kp, g);
  kp.kernel = kernel;
  if (kern_graph_check(kern_by_id(kernel), g, o.graph, err, sizeof err)) die("%s", err);
  if (o.have_source) {
    if (o.source >= g->n) die("--source %u: the graph has %u vertices", o.source, g->n);
    kp.bfs_source = kp.sssp_source = o.source;
  }
  if (o.pr_iters) kp.pr_max_iters = o.pr_iters;
  if (o.have_bfs_split) kp.bfs_split = o.bfs_split;
  char elf[512];
  if (o.elf) snprintf(elf, sizeof elf, "%s", o.elf);
  else {
    const char *dir = getenv("COPIM_ELF_DIR");
    snprintf(elf, sizeof elf, "%s/%s.elf", dir && *dir ? dir : "build/sw", o.kernel);
    /* Run from elsewhere than the project root, build/sw is not there; the
     * binary's own folder (build/) holds sw/ beside it. */
    if (!(dir && *dir) && !file_readable(elf)) exe_relative_elf(elf, sizeof elf, o.kernel);
  }
  /* the graph as given, without directories, keeps the statistics independent of where the file is */
  const char *gname = strrchr(o.graph, '/') ? strrchr(o.graph, '/') + 1 : o.graph;
  run_ctx_t rc = {&o, g, &kp, elf, gname, rtl, ls};
  /* offline policies (csim/planner/pol_plan.c): profile with C blocks, plan, then the final run in PLAN mode */
  sys_plan_t oplan[16];
  char odesc[16][512];
  const sys_plan_t *pps[16];
  for (int i = 0; i < npol; i++) {
    pps[i] = pp;
    odesc[i][0] = 0;
    if (o.plan || pols[i]->planner == SYS_PLANNER_NONE) continue;
    char text[16384];
    const char *mr = getenv("COPIM_ORACLE_MAX_RUNS");
    pol_ctx_t pc = {&o.cfg, elf, o.kernel, g, &kp, mr ? (unsigned)strtoul(mr, NULL, 0) : 0, o.quiet ? NULL : stderr};
    if (pol_make_plan(&pc, pols[i], &oplan[i], text, sizeof text, odesc[i], sizeof odesc[i], err, sizeof err))
      die("%s", err);
    pps[i] = &oplan[i];
    if (o.stats) { /* the plan file beside the statistics (docs/policies.md) */
      char path[4096];
      if (o.compare) mkpath(path, sizeof path, "%s.%s.plan", o.stats, pols[i]->name);
      else mkpath(path, sizeof path, "%s.plan", o.stats, NULL);
      write_file(path, "plan", text);
    }
  }
  if (!o.compare) {
    int r = run_one(&rc, pols[0], pps[0], odesc[0][0] ? odesc[0] : NULL, o.stats, NULL);
    graph_free(g);
    return r;
  }
  sys_summary_t sum[16];
  int res[16], worst = 0;
  for (int i = 0; i < npol; i++) {
    char st[4096];
    if (o.stats) mkpath(st, sizeof st, "%s.%s.json", o.stats, pols[i]->name);
    res[i] = run_one(&rc, pols[i], pps[i], odesc[i][0] ? odesc[i] : NULL, o.stats ? st : NULL, &sum[i]);
    if (res[i] > worst) worst = res[i];
  }
  printf("\n== comparison: %s on %s (%u vertices, %u edges); kernel time from its start to its end marker\n", o.kernel,
         gname, g->n, g->m);
  printf("  %-10s %14s %9s %14s %14s %9s %12s %12s %9s  %s\n", "policy", "kernel (us)", "speedup", "host insns",
         "PE insns", "PE share", "PE util", "uncore (uJ)", "energy", "result");
  for (int i = 0; i < npol; i++) {
    const sys_summary_t *x = &sum[i];
    printf("  %-10s %14.3f %8.2fx %14llu %14llu %8.1f%% %11.1f%% %12.3f %8.2fx  %s\n", pols[i]->name,
           (double)x->kernel_ps / 1e6, x->kernel_ps ? (double)sum[0].kernel_ps / (double)x->kernel_ps : 0.0,
           (unsigned long long)x->kernel_host_insns, (unsigned long long)x->kernel_pe_insns, 100.0 * x->offloaded_share,
           100.0 * x->pe_util, x->energy_uncore_pj / 1e6,
           sum[0].energy_uncore_pj > 0 ? x->energy_uncore_pj / sum[0].energy_uncore_pj : 0.0,
           res[i] == 0 ? "PASS" : res[i] == 1 ? "FAIL (results)" : "FAIL (run)");
  }
  printf("  speedup = %s kernel time / this policy's; energy = un-core energy / %s's;\n"
         "  PE util = PE busy cycles / (PEs x time launches were active)\n", pols[0]->name, pols[0]->name);
  if (fflush(stdout) || ferror(stdout)) die("cannot write the standard output (%s)", strerror(errno));
  graph_free(g);
  return worst;
}
