/* graphtool: the native graph tools on the command line.
 *
 *   graphtool info  GRAPH                     vertices, edges, degrees
 *   graphtool write GRAPH OUT.el|OUT.wel      the CSR as an edge list
 *   graphtool image GRAPH OUT.bin             the memory image (sw/include/graph_image.h)
 *   graphtool run   bfs|sssp|pr|cc GRAPH      native reference kernel, summary
 *
 * GRAPH is a file (SNAP .txt[.gz], .el, .wel, .mtx) or kron:S:D[:SEED] /
 * uniform:S:D[:SEED].  Options: --format snap|el|wel|mtx, --symmetrize,
 * --keep-self-loops, --weight-seed N, --kernel bfs|sssp|pr|cc, --source V,
 * --pr-iters N, --pr-tol N.  Bad input: one line "file:line: ..." on stderr,
 * exit 2. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "graph.h"
#include "kref.h"

static void usage(void) {
  fprintf(stderr,
          "usage: graphtool info|write|image|run ... (see the comment at the top of sw/tools/graphtool.c and "
          "docs/workloads.md)\n");
  exit(2);
}

static int parse_u32(const char *s, uint32_t *v) {
  char *end;
  unsigned long long x = strtoull(s, &end, 0);
  if (!*s || *end || x > 0xFFFFFFFFull || *s == '-') return -1;
  *v = (uint32_t)x;
  return 0;
}

static int kernel_id(const char *s) {
  if (!strcmp(s, "bfs")) return GRAPH_K_BFS;
  if (!strcmp(s, "sssp")) return GRAPH_K_SSSP;
  if (!strcmp(s, "pr")) return GRAPH_K_PR;
  if (!strcmp(s, "cc")) return GRAPH_K_CC;
  return -1;
}

static uint64_t checksum(const uint32_t *a, uint32_t n) {
  uint64_t h = 1469598103934665603ull;
  for (uint32_t i = 0; i < n; i++) h = (h ^ a[i]) * 1099511628211ull;
  return h;
}

int main(int argc, char **argv) {
  if (argc < 2) usage();
  const char *cmd = argv[1], *pos[3] = {0};
  int npos = 0;
  graph_opts_t o = {0};
  graph_fmt_t fmt = GRAPH_FMT_AUTO;
  uint32_t kernel = 0, source = 0xFFFFFFFFu, pr_iters = 0, pr_tol = 0;
  int have_tol = 0;
  for (int i = 2; i < argc; i++) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    uint32_t x;
    if (a[0] != '-' || !a[1]) {
      if (npos == 3) usage();
      pos[npos++] = a;
    } else if (!strcmp(a, "--symmetrize")) o.symmetrize = 1;
    else if (!strcmp(a, "--keep-self-loops")) o.keep_self_loops = 1;
    else if (!v) {
      fprintf(stderr, "graphtool: option '%s' unknown or missing its value\n", a);
      return 2;
    } else if (!strcmp(a, "--format")) {
      int f = graph_fmt_parse(v);
      if (f < 0) {
        fprintf(stderr, "graphtool: unknown format '%s' (snap, el, wel, mtx)\n", v);
        return 2;
      }
      fmt = (graph_fmt_t)f;
      i++;
    } else if (!strcmp(a, "--kernel")) {
      int k = kernel_id(v);
      if (k < 0) {
        fprintf(stderr, "graphtool: unknown kernel '%s' (bfs, sssp, pr, cc)\n", v);
        return 2;
      }
      kernel = (uint32_t)k;
      i++;
    } else {
      if (parse_u32(v, &x)) {
        fprintf(stderr, "graphtool: option '%s' needs a number, got '%s'\n", a, v);
        return 2;
      }
      if (!strcmp(a, "--weight-seed")) o.weight_seed = x;
      else if (!strcmp(a, "--source")) source = x;
      else if (!strcmp(a, "--pr-iters")) pr_iters = x;
      else if (!strcmp(a, "--pr-tol")) pr_tol = x, have_tol = 1;
      else {
        fprintf(stderr, "graphtool: unknown option '%s'\n", a);
        return 2;
      }
      i++;
    }
  }
  int is_run = !strcmp(cmd, "run");
  if (is_run) {
    if (npos != 2 || kernel_id(pos[0]) < 0) usage();
    kernel = (uint32_t)kernel_id(pos[0]);
    pos[0] = pos[1];
  } else if (strcmp(cmd, "info") ? npos != 2 : npos != 1) {
    usage();
  }
  if (strcmp(cmd, "info") && strcmp(cmd, "write") && strcmp(cmd, "image") && !is_run) usage();

  graph_err_t err;
  graph_t *g = graph_open(pos[0], fmt, &o, &err);
  if (!g) {
    fprintf(stderr, "%s\n", err.msg);
    return 2;
  }
  graph_kparams_t kp;
  graph_kparams_default(&kp, g);
  if (kernel) kp.kernel = kernel;
  if (source != 0xFFFFFFFFu) kp.bfs_source = kp.sssp_source = source;
  if (pr_iters) kp.pr_max_iters = pr_iters;
  if (have_tol) kp.pr_tolerance = pr_tol;
  if (kp.bfs_source >= g->n) {
    fprintf(stderr, "graphtool: source %u out of range (%u vertices)\n", kp.bfs_source, g->n);
    graph_free(g);
    return 2;
  }
  int rc = 0;
  if (!strcmp(cmd, "info")) {
    uint32_t maxdeg = 0, isolated = 0;
    for (uint32_t u = 0; u < g->n; u++) {
      uint32_t d = g->out_off[u + 1] - g->out_off[u];
      if (d > maxdeg) maxdeg = d;
      if (!d && g->in_off[u + 1] == g->in_off[u]) isolated++;
    }
    printf("%s: %u vertices, %u edges (%s, %s weights), max out-degree %u, %u isolated, default source %u\n",
           pos[0], g->n, g->m, g->symmetric ? "symmetric" : "directed", g->input_weighted ? "input" : "generated",
           maxdeg, isolated, kp.bfs_source);
  } else if (!strcmp(cmd, "write")) {
    FILE *f = fopen(pos[1], "w");
    graph_fmt_t of = graph_fmt_guess(pos[1]);
    if (!f) {
      perror(pos[1]);
      rc = 2;
    } else {
      for (uint32_t u = 0; u < g->n; u++)
        for (uint32_t k = g->out_off[u]; k < g->out_off[u + 1]; k++) {
          if (of == GRAPH_FMT_WEL) fprintf(f, "%u %u %u\n", u, g->out_dst[k], g->out_w[k]);
          else fprintf(f, "%u %u\n", u, g->out_dst[k]);
        }
      if (fclose(f)) {
        perror(pos[1]);
        rc = 2;
      }
    }
  } else if (!strcmp(cmd, "image")) {
    graph_mem_t m;
    if (graph_image_build(g, &kp, GRAPH_IMAGE_BASE, &m, &err)) {
      fprintf(stderr, "%s\n", err.msg);
      rc = 2;
    } else {
      FILE *f = fopen(pos[1], "wb");
      if (!f || fwrite(m.bytes, 1, m.len, f) != m.len || fclose(f)) {
        perror(pos[1]);
        rc = 2;
      } else {
        printf("%s: %zu bytes at 0x%08x\n", pos[1], m.len, m.base);
      }
      graph_mem_free(&m);
    }
  } else {
    /* the kernel's CPU time (stderr): what scripts/bench_cosim.sh compares the simulator against */
    struct timespec t0, t1;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
    uint32_t *a = malloc(((size_t)g->n + 1) * sizeof *a), *b = malloc(((size_t)g->n + 1) * sizeof *b);
    if (!a || !b) {
      fprintf(stderr, "graphtool: out of memory\n");
      rc = 2;
    } else if (kernel == GRAPH_K_BFS) {
      uint32_t levels = kref_bfs(g, kp.bfs_source, a, b), reached = 0;
      for (uint32_t v = 0; v < g->n; v++) reached += b[v] != GRAPH_INF;
      printf("bfs source %u: %u levels, %u reached, parent checksum %016llx\n", kp.bfs_source, levels, reached,
             (unsigned long long)checksum(a, g->n));
    } else if (kernel == GRAPH_K_SSSP) {
      uint32_t passes = kref_sssp_bf(g, kp.sssp_source, a), reached = 0;
      uint64_t sum = 0;
      for (uint32_t v = 0; v < g->n; v++)
        if (a[v] != GRAPH_INF) reached++, sum += a[v];
      printf("sssp source %u: %u passes, %u reached, distance sum %llu\n", kp.sssp_source, passes, reached,
             (unsigned long long)sum);
    } else if (kernel == GRAPH_K_PR) {
      uint32_t it = kref_pr(g, kp.pr_max_iters, kp.pr_tolerance, a), top = 0;
      for (uint32_t v = 1; v < g->n; v++)
        if (a[v] > a[top]) top = v;
      printf("pr: %u iterations, top vertex %u rank %.6f, rank checksum %016llx\n", it, top,
             a[top] / (double)GRAPH_PR_ONE, (unsigned long long)checksum(a, g->n));
    } else {
      uint32_t comps = kref_cc(g, a);
      uint32_t rounds = kref_cc_lp(g, kp.cc_max_iters, b);
      char why[256];
      if (kref_compare("label", g->n, b, a, why, sizeof why)) {
        fprintf(stderr, "graphtool: label propagation disagrees with union-find: %s\n", why);
        rc = 1;
      }
      printf("cc: %u components, %u label-propagation rounds\n", comps, rounds);
    }
    free(a);
    free(b);
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
    fprintf(stderr, "graphtool: kernel %.6f s CPU\n", (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) * 1e-9);
  }
  graph_free(g);
  return rc;
}
