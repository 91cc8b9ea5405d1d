/* Kernel run + verification (see workload.h). */
#include "workload.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kref.h"

uint32_t workload_kernel(const char *name) {
  static const char *n[] = {"bfs", "sssp", "pr", "cc"};
  for (uint32_t k = 0; k < 4; k++)
    if (!strcmp(name, n[k])) return k + 1;
  return 0;
}

const char *workload_kernel_name(uint32_t k) {
  static const char *n[] = {"?", "bfs", "sssp", "pr", "cc"};
  return k <= 4 ? n[k] : "?";
}

typedef struct {
  workload_read_fn rd;
  void *ctx;
} reader_t;

static void rd_mem(const reader_t *s, uint32_t addr, void *p, size_t n) { s->rd(s->ctx, addr, p, n); }

static void verify(const graph_t *g, const graph_kparams_t *kp, const struct graph_image *h, const reader_t *s,
                   workload_result_t *res) {
  uint32_t n = g->n;
  uint32_t *a = malloc((size_t)n * 4), *b = malloc((size_t)n * 4), *ra = malloc((size_t)n * 4),
           *rb = malloc((size_t)n * 4);
  int bad = 0;
  if (!a || !b || !ra || !rb) {
    snprintf(res->why, sizeof res->why, "out of memory");
    bad = 1;
    goto out;
  }
  if (h->done != kp->kernel) {
    snprintf(res->why, sizeof res->why, "the kernel did not mark its results done (done = %u)", h->done);
    bad = 1;
    goto out;
  }
  switch (kp->kernel) {
    case GRAPH_K_BFS:
      rd_mem(s, h->bfs_parent, a, (size_t)n * 4);
      rd_mem(s, h->bfs_depth, b, (size_t)n * 4);
      res->ref_iterations = kref_bfs(g, kp->bfs_source, ra, rb);
      /* the tree check first (it does not trust the reference's parents),
       * then the exact parents: smallest-id parent in the previous level */
      bad = kref_bfs_verify(g, kp->bfs_source, a, b, rb, res->why, sizeof res->why) ||
            kref_compare("parent", n, a, ra, res->why, sizeof res->why);
      break;
    case GRAPH_K_SSSP:
      rd_mem(s, h->sssp_dist, a, (size_t)n * 4);
      res->ref_iterations = kref_sssp_bf(g, kp->sssp_source, ra);
      bad = kref_compare("dist", n, a, ra, res->why, sizeof res->why);
      break;
    case GRAPH_K_PR:
      rd_mem(s, h->pr_rank, a, (size_t)n * 4);
      res->ref_iterations = kref_pr(g, kp->pr_max_iters, kp->pr_tolerance, ra);
      bad = kref_compare("rank", n, a, ra, res->why, sizeof res->why);
      if (!bad && h->iterations != res->ref_iterations) {
        snprintf(res->why, sizeof res->why, "%u iterations, the reference ran %u", h->iterations, res->ref_iterations);
        bad = 1;
      }
      break;
    case GRAPH_K_CC:
      rd_mem(s, h->cc_label, a, (size_t)n * 4);
      kref_cc(g, ra);
      res->ref_iterations = kref_cc_lp(g, kp->cc_max_iters, rb);
      bad = kref_cc_same_partition(n, a, ra, res->why, sizeof res->why) ||
            kref_compare("label", n, a, ra, res->why, sizeof res->why);
      break;
  }
out:
  res->verified = !bad;
  free(a);
  free(b);
  free(ra);
  free(rb);
}

static void rd_fsim(void *ctx, uint32_t addr, void *p, size_t n) { fsim_read(ctx, addr, p, n); }

int workload_verify(const graph_t *g, const graph_kparams_t *kp, workload_read_fn rd, void *ctx,
                    workload_result_t *res) {
  const reader_t r = {rd, ctx};
  struct graph_image h;
  rd(ctx, GRAPH_IMAGE_BASE, &h, sizeof h);
  res->iterations = h.iterations;
  verify(g, kp, &h, &r, res);
  return res->verified;
}

int workload_run(const char *elf, const graph_t *g, const graph_kparams_t *kp, const fsim_cfg_t *cfg,
                 workload_result_t *res, char *err, size_t cap) {
  memset(res, 0, sizeof *res);
  graph_mem_t m;
  graph_err_t gerr;
  if (graph_image_build(g, kp, GRAPH_IMAGE_BASE, &m, &gerr)) {
    snprintf(err, cap, "%s", gerr.msg);
    return -1;
  }
  fsim_t *s = fsim_new(cfg, err, cap);
  int rc = -1;
  if (!s) goto out;
  if (fsim_load_elf(s, elf, err, cap)) goto out;
  if (fsim_write(s, m.base, m.bytes, m.len)) {
    snprintf(err, cap, "graph image:0: does not fit in DRAM");
    goto out;
  }
  if (fsim_run(s, &res->exit_code, err, cap)) goto out;
  res->stats = *fsim_stats(s);
  snprintf(res->console, sizeof res->console, "%s", fsim_console(s));
  if (res->exit_code) {
    /* one line: the console's newlines become spaces */
    char con[201];
    snprintf(con, sizeof con, "%s", fsim_console(s));
    for (char *q = con; *q; q++)
      if (*q == '\n' || *q == '\r') *q = ' ';
    for (size_t l = strlen(con); l && con[l - 1] == ' '; l--) con[l - 1] = 0;
    snprintf(err, cap, "%s: exit code %u; console: %s", elf, res->exit_code, con);
    goto out;
  }
  struct graph_image h;
  fsim_read(s, m.base, &h, sizeof h);
  res->iterations = h.iterations;
  const reader_t r = {rd_fsim, s};
  verify(g, kp, &h, &r, res);
  rc = 0;
out:
  fsim_free(s);
  graph_mem_free(&m);
  return rc;
}
