/* graphtool: the native graph tools on the command line.
 *
 *   graphtool info  GRAPH                     vertices, edges, degrees
 *   graphtool write GRAPH OUT.el|OUT.wel      the CSR as an edge list
 *   graphtool image GRAPH OUT.bin             the memory image (sw/include/graph_image.h)
 *   graphtool run   KERNEL GRAPH              native reference kernel, summary (kernels: csim/graph/kernels.c)
 *
 * GRAPH is a file (SNAP .txt[.gz], .el, .wel, .mtx) or kron:S:D[:SEED] /
 * uniform:S:D[:SEED].  Options: --format snap|el|wel|mtx, --symmetrize,
 * --directed (a SNAP file whose header says undirected kept as stored),
 * --keep-self-loops, --weight-seed N, --kernel KERNEL, --source V,
 * --pr-iters N, --pr-tol N.  Bad input: one line "file:line: ..." on stderr,
 * exit 2. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "graph.h"
#include "kernels.h"

static void usage(void) {
  fprintf(stderr,
          "usage: graphtool info|write|image|run ... (see the comment at the top of app/tools/graphtool.c and "
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

/* The four commands on the open graph: 0, or the exit status. */
static int cmd_info(const graph_t *g, const graph_kparams_t *kp, const char *name) {
  uint32_t maxdeg = 0, isolated = 0;
  for (uint32_t u = 0; u < g->n; u++) {
    uint32_t d = g->out_off[u + 1] - g->out_off[u];
    if (d > maxdeg) maxdeg = d;
    if (!d && g->in_off[u + 1] == g->in_off[u]) isolated++;
  }
  printf("%s: %u vertices, %u edges (%s%s, %s weights), max out-degree %u, %u isolated, default source %u\n",
         name, g->n, g->m, g->symmetric ? "symmetric" : "directed",
         !g->undirected_input ? "" : g->symmetric ? ", undirected header: symmetrised" : ", undirected header: kept as stored",
         g->input_weighted ? "input" : "generated", maxdeg, isolated, kp->bfs_source);
  return 0;
}

static int cmd_write(const graph_t *g, const char *out) {
  int rc = 0;
  FILE *f = fopen(out, "w");
  graph_fmt_t of = graph_fmt_guess(out);
  if (!f) {
    perror(out);
    return 2;
  }
  for (uint32_t u = 0; u < g->n; u++)
    for (uint32_t k = g->out_off[u]; k < g->out_off[u + 1]; k++) {
      if (of == GRAPH_FMT_WEL) fprintf(f, "%u %u %u\n", u, g->out_dst[k], g->out_w[k]);
      else fprintf(f, "%u %u\n", u, g->out_dst[k]);
    }
  if (fclose(f)) {
    perror(out);
    rc = 2;
  }
  return rc;
}

static int cmd_image(const graph_t *g, const graph_kparams_t *kp, const char *out) {
  graph_mem_t m;
  graph_err_t err;
  int rc = 0;
  if (graph_image_build(g, kp, GRAPH_IMAGE_BASE, &m, &err)) {
    fprintf(stderr, "%s\n", err.msg);
    return 2;
  }
  FILE *f = fopen(out, "wb");
  if (!f || fwrite(m.bytes, 1, m.len, f) != m.len || fclose(f)) {
    perror(out);
    rc = 2;
  } else {
    printf("%s: %zu bytes at 0x%08x\n", out, m.len, m.base);
  }
  graph_mem_free(&m);
  return rc;
}

static int cmd_run(const graph_t *g, const graph_kparams_t *kp, uint32_t kernel) {
  /* the kernel's CPU time (stderr): what scripts/bench_cosim.sh compares the simulator against */
  struct timespec t0, t1;
  int rc = 0;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
  const kern_t *k = kern_by_id(kernel);
  uint32_t *buf = malloc(KERN_MAX_RESULTS * ((size_t)g->n + 1) * sizeof *buf), *ref[KERN_MAX_RESULTS];
  if (!buf) {
    fprintf(stderr, "graphtool: out of memory\n");
    rc = 2;
  } else {
    for (unsigned i = 0; i < KERN_MAX_RESULTS; i++) ref[i] = buf + i * ((size_t)g->n + 1);
    char line[512];
    if (k->describe(g, kp, ref, k->reference(g, kp, ref), line, sizeof line)) {
      fprintf(stderr, "graphtool: %s\n", line);
      rc = 1;
    } else {
      printf("%s\n", line);
    }
  }
  free(buf);
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
  fprintf(stderr, "graphtool: kernel %.6f s CPU\n", (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) * 1e-9);
  return rc;
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
    else if (!strcmp(a, "--directed")) o.directed = 1;
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
      const kern_t *k = kern_find(v);
      if (!k) {
        char kn[256];
        fprintf(stderr, "graphtool: unknown kernel '%s' (%s)\n", v, kern_names(kn, sizeof kn));
        return 2;
      }
      kernel = k->id;
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
    if (npos != 2 || !kern_find(pos[0])) usage();
    kernel = kern_find(pos[0])->id;
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
  if (kernel) {
    kp.kernel = kernel;
    char why[512];
    if (kern_graph_check(kern_by_id(kernel), g, pos[0], why, sizeof why)) {
      fprintf(stderr, "%s\n", why);
      graph_free(g);
      return 2;
    }
  }
  if (source != 0xFFFFFFFFu) kp.bfs_source = kp.sssp_source = source;
  if (pr_iters) kp.pr_max_iters = pr_iters;
  if (have_tol) kp.pr_tolerance = pr_tol;
  if (kp.bfs_source >= g->n) {
    fprintf(stderr, "graphtool: source %u out of range (%u vertices)\n", kp.bfs_source, g->n);
    graph_free(g);
    return 2;
  }
  const int rc = !strcmp(cmd, "info")    ? cmd_info(g, &kp, pos[0])
                 : !strcmp(cmd, "write") ? cmd_write(g, pos[1])
                 : !strcmp(cmd, "image") ? cmd_image(g, &kp, pos[1])
                                         : cmd_run(g, &kp, kernel);
  graph_free(g);
  return rc;
}
