/* kernels_sim: every RV32 kernel of the registry (csim/graph/kernels.c,
 * build/sw/KERNEL.elf) runs in the functional system (csim/rv32/fsim.h:
 * host harts + PEs over csim/rv32) and must give exactly the native
 * reference's results (the registry's, over csim/graph/kref.h):
 *
 *  - a generated Kronecker graph (scale 9, degree 8, the test seed) under
 *    1 hart / verdict host, 4 harts / verdict pim (every marked loop runs on
 *    the 16 PEs), 4 harts / verdict sample (first 5% on the host, the rest
 *    offloaded), so host-only, PE-only and split executions all agree;
 *  - p2p-Gnutella30 under 1 hart / host (instruction counts printed: these
 *    are the per-kernel figures of docs/workloads.md) and 4 harts / sample;
 *  - bad programs: an x86 ELF, an image for another kernel, a too-small
 *    instruction limit, each a one-line error.
 *
 * Waveform: one step per run: `kernel`, `run`, `ok`, `kernel_insns`, `pe_insns`. */
#include <stdlib.h>
#include <string.h>

#include "graph.h"
#include "kernels.h"
#include "tb.h"
#include "tb_fst.h"
#include "workload.h"

typedef struct {
  tb_t *t;
  tb_fst_t *w;
  int vk, vr, vok, vki, vpe;
  unsigned step;
} ctx_t;

static const char *vname(fsim_verdict_t v) { return v == FSIM_VERDICT_HOST ? "host" : v == FSIM_VERDICT_PIM ? "pim" : "sample"; }

static void run(ctx_t *c, const char *what, const graph_t *g, uint32_t kernel, unsigned harts, fsim_verdict_t verdict,
                int exact_iterations) {
  tb_t *t = c->t;
  graph_kparams_t kp;
  graph_kparams_default(&kp, g);
  kp.kernel = kernel;
  fsim_cfg_t cfg = FSIM_CFG_DEFAULT;
  cfg.harts = harts;
  cfg.verdict = verdict;
  cfg.max_insns = 400000000;
  char elf[64], err[512];
  snprintf(elf, sizeof elf, "build/sw/%s.elf", workload_kernel_name(kernel));
  workload_result_t r;
  unsigned long f0 = t->failures;
  t->checks++;
  if (workload_run(elf, g, &kp, &cfg, &r, err, sizeof err)) {
    tb_fail(t, "%s %s (%u harts, %s): %s\n", workload_kernel_name(kernel), what, harts, vname(verdict), err);
  } else {
    const fsim_stats_t *st = &r.stats;
    uint64_t k = st->kernel_host_insns + st->kernel_pe_insns;
    tb_log(t, "%-5s %-16s %u harts %-6s: %s; %llu kernel instructions (host %llu, PE %llu = %.1f%%), %u iterations\n",
           workload_kernel_name(kernel), what, harts, vname(verdict), r.verified ? "matches" : "WRONG",
           (unsigned long long)k, (unsigned long long)st->kernel_host_insns, (unsigned long long)st->kernel_pe_insns,
           k ? 100.0 * (double)st->kernel_pe_insns / (double)k : 0.0, r.iterations);
    if (!r.verified) tb_fail(t, "%s %s (%u harts, %s): %s\n", workload_kernel_name(kernel), what, harts, vname(verdict), r.why);
    t->checks++;
    /* one hart runs the loops in the reference's order: same iteration count */
    if (exact_iterations) tb_expect_u64(t, "iterations equal the reference's", r.iterations, r.ref_iterations);
    tb_expect_u64(t, "kernel start and end marked", st->kernel_marked, 2);
    /* the property region starts at the image's result arrays */
    struct graph_image h;
    graph_mem_t m;
    graph_err_t ge;
    if (!graph_image_build(g, &kp, GRAPH_IMAGE_BASE, &m, &ge)) {
      h = graph_image_header(&m);
      tb_expect_u64(t, "PIM region base", st->pim_region_base, h.prop_base);
      t->checks++;
      if (st->pim_region_end < h.heap_base || st->pim_region_end > h.heap_end)
        tb_fail(t, "PIM region end 0x%08x outside the heap\n", st->pim_region_end);
      graph_mem_free(&m);
    }
    /* loop names and where the iterations ran */
    const kern_t *kr = kern_by_id(kernel);
    for (unsigned i = 0; i < kr->nloops; i++) {
      const uint32_t id = kr->loops[i].id;
      const fsim_loop_t *l = &st->loop[id];
      t->checks++;
      if (strcmp(l->name, kr->loops[i].name))
        tb_fail(t, "loop %u named '%s', expected '%s'\n", id, l->name, kr->loops[i].name);
      if (verdict == FSIM_VERDICT_HOST) tb_expect_u64(t, "no PIM iterations on the host verdict", l->pim_iters, 0);
      if (verdict == FSIM_VERDICT_PIM) tb_expect_u64(t, "no host iterations on the pim verdict", l->host_iters, 0);
      if (verdict != FSIM_VERDICT_HOST && l->pim_iters) {
        t->checks++;
        if (!l->pe_insns) tb_fail(t, "loop %u: PIM iterations but no PE instructions\n", id);
      }
    }
    /* the init loop (each kernel's first) runs over every vertex exactly once, wherever */
    const fsim_loop_t *init = &st->loop[kr->loops[0].id];
    tb_expect_u64(t, "init loop iterations (host + PIM) = n", init->host_iters + init->pim_iters, g->n);
    tb_fst_time(c->w, c->step);
    tb_fst_set(c->w, c->vk, kernel);
    tb_fst_set(c->w, c->vr, harts * 4 + verdict);
    tb_fst_set(c->w, c->vki, k);
    tb_fst_set(c->w, c->vpe, st->kernel_pe_insns);
  }
  tb_fst_set(c->w, c->vok, t->failures == f0);
  c->step++;
}

static void expect_run_error(ctx_t *c, const char *what, const char *elf, const graph_t *g, uint32_t kernel_in_image,
                             uint64_t max_insns, const char *want) {
  tb_t *t = c->t;
  graph_kparams_t kp;
  graph_kparams_default(&kp, g);
  kp.kernel = kernel_in_image;
  fsim_cfg_t cfg = FSIM_CFG_DEFAULT;
  cfg.max_insns = max_insns;
  char err[512] = "";
  workload_result_t r;
  t->checks++;
  if (!workload_run(elf, g, &kp, &cfg, &r, err, sizeof err)) tb_fail(t, "%s: ran, expected '%s'\n", what, want);
  else if (!strstr(err, want) || strchr(err, '\n')) tb_fail(t, "%s: error '%s', expected it to contain '%s'\n", what, err, want);
  else tb_log(t, "%s: %s\n", what, err);
}

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "kernels_sim", 1);
  ctx_t c = {.t = &t};
  c.w = tb_fst_open(t.waves, "kernels_sim");
  c.vk = tb_fst_var(c.w, "kernel", 8);
  c.vr = tb_fst_var(c.w, "run", 8);
  c.vok = tb_fst_var(c.w, "ok", 1);
  c.vki = tb_fst_var(c.w, "kernel_insns", 64);
  c.vpe = tb_fst_var(c.w, "pe_insns", 64);
  char spec[64];
  snprintf(spec, sizeof spec, "kron:9:8:%llu", (unsigned long long)t.seed);
  graph_err_t err;
  graph_t *g = graph_open(spec, GRAPH_FMT_AUTO, NULL, &err);
  if (!g) {
    tb_fail(&t, "%s: %s\n", spec, err.msg);
    return tb_finish(&t);
  }
  for (unsigned i = 0; kern_at(i); i++) {
    const uint32_t k = kern_at(i)->id;
    run(&c, spec, g, k, 1, FSIM_VERDICT_HOST, 1);
    run(&c, spec, g, k, 4, FSIM_VERDICT_PIM, 0);
    run(&c, spec, g, k, 4, FSIM_VERDICT_SAMPLE, 0);
  }
  expect_run_error(&c, "x86 ELF", "build/tools/graphtool", g, GRAPH_K_BFS, 0, "not an RV32 little-endian executable ELF");
  expect_run_error(&c, "image for another kernel", "build/sw/bfs.elf", g, GRAPH_K_PR, 0,
                   "exit code 2; console: rt: the image asks for kernel 3, this program is kernel 1");
  expect_run_error(&c, "instruction limit", "build/sw/pr.elf", g, GRAPH_K_PR, 10000, "instruction limit 10000 reached at pc=0x");
  graph_free(g);

  const char *dir = getenv("COPIM_GRAPHS") ? getenv("COPIM_GRAPHS") : "../shared/data/graphs";
  char p[512];
  snprintf(p, sizeof p, "%s/p2p-Gnutella30.txt", dir);
  g = graph_load(p, GRAPH_FMT_AUTO, NULL, &err);
  t.checks++;
  if (!g) tb_fail(&t, "%s\n", err.msg);
  else {
    for (unsigned i = 0; kern_at(i); i++) {
      const uint32_t k = kern_at(i)->id;
      run(&c, "p2p-Gnutella30", g, k, 1, FSIM_VERDICT_HOST, 1);
      run(&c, "p2p-Gnutella30", g, k, 4, FSIM_VERDICT_SAMPLE, 0);
    }
    graph_free(g);
  }
  tb_fst_time(c.w, c.step);
  tb_fst_close(c.w);
  return tb_finish(&t);
}
