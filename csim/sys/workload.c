/* Kernel run + verification (see workload.h). */
#include "workload.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels.h"

uint32_t workload_kernel(const char *name) {
  const kern_t *k = kern_find(name);
  return k ? k->id : 0;
}

const char *workload_kernel_name(uint32_t id) {
  const kern_t *k = kern_by_id(id);
  return k ? k->name : "?";
}

typedef struct {
  workload_read_fn rd;
  void *ctx;
} reader_t;

static void rd_mem(const reader_t *s, uint32_t addr, void *p, size_t n) { s->rd(s->ctx, addr, p, n); }

static void verify(const graph_t *g, const graph_kparams_t *kp, const struct graph_image *h, const reader_t *s,
                   workload_result_t *res) {
  const size_t words = (size_t)g->n + 1;
  const kern_t *k = kern_by_id(kp->kernel);
  uint32_t *buf = malloc(2 * KERN_MAX_RESULTS * words * sizeof *buf);
  uint32_t *got[KERN_MAX_RESULTS], *ref[KERN_MAX_RESULTS];
  int bad = 0;
  if (!buf) {
    snprintf(res->why, sizeof res->why, "out of memory");
    bad = 1;
    goto out;
  }
  if (!k || h->done != kp->kernel) {
    snprintf(res->why, sizeof res->why, "the kernel did not mark its results done (done = %u)", h->done);
    bad = 1;
    goto out;
  }
  for (unsigned i = 0; i < KERN_MAX_RESULTS; i++) {
    got[i] = buf + i * words;
    ref[i] = buf + (KERN_MAX_RESULTS + i) * words;
  }
  for (unsigned i = 0; i < k->nresults; i++)
    rd_mem(s, ((const uint32_t *)h)[k->results[i].word], got[i], (size_t)g->n * 4);
  res->ref_iterations = k->reference(g, kp, ref);
  bad = k->verify(g, kp, (const uint32_t *const *)got, ref, h->iterations, res->ref_iterations, res->why,
                  sizeof res->why) != 0;
out:
  res->verified = !bad;
  free(buf);
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
