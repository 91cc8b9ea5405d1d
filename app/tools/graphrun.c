/* graphrun: one RV32 graph kernel in the functional system, checked
 * against the native reference, with instruction counts per marked loop.
 *
 *   graphrun KERNEL GRAPH [--elf-dir build/sw] [--harts 4] [--pes 16]
 *            [--verdict host|pim|sample] [--quantum 64] [--max-insns N]
 *            [--source V] [--format F] [--symmetrize] [--directed] [--console]
 *
 * Exit 0: results equal the reference; 1: they do not; 2: bad input or the
 * program failed in simulation (one line: file:line or hart/pc). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "graph.h"
#include "kernels.h"
#include "workload.h"

static int num(const char *opt, const char *v, uint64_t *x) {
  char *end;
  *x = strtoull(v, &end, 0);
  if (!*v || *end || *v == '-') {
    fprintf(stderr, "graphrun: option '%s' needs a number, got '%s'\n", opt, v);
    return -1;
  }
  return 0;
}

int main(int argc, char **argv) {
  if (argc < 3 || !workload_kernel(argv[1])) {
    fprintf(stderr, "usage: graphrun KERNEL GRAPH [options] (see app/tools/graphrun.c, docs/workloads.md)\n");
    return 2;
  }
  uint32_t kernel = workload_kernel(argv[1]);
  const char *spec = argv[2], *elfdir = "build/sw";
  fsim_cfg_t cfg = FSIM_CFG_DEFAULT;
  graph_opts_t o = {0};
  graph_fmt_t fmt = GRAPH_FMT_AUTO;
  uint64_t source = UINT64_MAX, x;
  for (int i = 3; i < argc; i++) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(a, "--symmetrize")) { o.symmetrize = 1; continue; }
    if (!strcmp(a, "--directed")) { o.directed = 1; continue; }
    if (!strcmp(a, "--console")) { cfg.echo_console = 1; continue; }
    if (!v) { fprintf(stderr, "graphrun: option '%s' unknown or missing its value\n", a); return 2; }
    i++;
    if (!strcmp(a, "--elf-dir")) elfdir = v;
    else if (!strcmp(a, "--format")) {
      int f = graph_fmt_parse(v);
      if (f < 0) { fprintf(stderr, "graphrun: unknown format '%s'\n", v); return 2; }
      fmt = (graph_fmt_t)f;
    } else if (!strcmp(a, "--verdict")) {
      if (!strcmp(v, "host")) cfg.verdict = FSIM_VERDICT_HOST;
      else if (!strcmp(v, "pim")) cfg.verdict = FSIM_VERDICT_PIM;
      else if (!strcmp(v, "sample")) cfg.verdict = FSIM_VERDICT_SAMPLE;
      else { fprintf(stderr, "graphrun: unknown verdict '%s' (host, pim, sample)\n", v); return 2; }
    } else if (num(a, v, &x)) return 2;
    else if (!strcmp(a, "--harts")) cfg.harts = (unsigned)x;
    else if (!strcmp(a, "--pes")) cfg.pes = (unsigned)x;
    else if (!strcmp(a, "--quantum")) cfg.quantum = (unsigned)x;
    else if (!strcmp(a, "--max-insns")) cfg.max_insns = x;
    else if (!strcmp(a, "--source")) source = x;
    else { fprintf(stderr, "graphrun: unknown option '%s'\n", a); return 2; }
  }
  graph_err_t gerr;
  graph_t *g = graph_open(spec, fmt, &o, &gerr);
  if (!g) { fprintf(stderr, "%s\n", gerr.msg); return 2; }
  graph_kparams_t kp;
  graph_kparams_default(&kp, g);
  kp.kernel = kernel;
  char why[512];
  if (kern_graph_check(kern_by_id(kernel), g, spec, why, sizeof why)) {
    fprintf(stderr, "%s\n", why);
    graph_free(g);
    return 2;
  }
  if (source != UINT64_MAX) {
    if (source >= g->n) { fprintf(stderr, "graphrun: source %llu out of range (%u vertices)\n", (unsigned long long)source, g->n); graph_free(g); return 2; }
    kp.bfs_source = kp.sssp_source = (uint32_t)source;
  }
  char elf[512], err[512];
  snprintf(elf, sizeof elf, "%s/%s.elf", elfdir, workload_kernel_name(kernel));
  workload_result_t r;
  if (workload_run(elf, g, &kp, &cfg, &r, err, sizeof err)) {
    fprintf(stderr, "%s\n", err);
    graph_free(g);
    return 2;
  }
  const fsim_stats_t *st = &r.stats;
  uint64_t k = st->kernel_host_insns + st->kernel_pe_insns;
  printf("%s on %s (%u vertices, %u edges%s), %u harts, %u PEs, verdict %s\n", workload_kernel_name(kernel), spec, g->n,
         g->m, !g->undirected_input ? "" : g->symmetric ? ", undirected header: symmetrised" : ", undirected header: kept as stored (--directed)", cfg.harts, cfg.pes, cfg.verdict == FSIM_VERDICT_HOST ? "host" : cfg.verdict == FSIM_VERDICT_PIM ? "pim" : "sample");
  printf("  console: %s", r.console);
  printf("  result: %s%s%s (kernel %u iterations, reference %u)\n", r.verified ? "matches the reference" : "WRONG: ",
         r.verified ? "" : r.why, "", r.iterations, r.ref_iterations);
  printf("  kernel instructions: %llu (host %llu, PE %llu, offloaded share %.1f%%); whole run %llu\n",
         (unsigned long long)k, (unsigned long long)st->kernel_host_insns, (unsigned long long)st->kernel_pe_insns,
         k ? 100.0 * (double)st->kernel_pe_insns / (double)k : 0.0,
         (unsigned long long)(st->host_insns + st->pe_insns));
  printf("  PIM region [0x%08x, 0x%08x)\n", st->pim_region_base, st->pim_region_end);
  printf("  %-4s %-14s %10s %12s %12s %10s %14s\n", "id", "loop", "begins", "host iters", "PIM iters", "launches",
         "PE insns");
  for (int i = 0; i < FSIM_MAX_LOOPS; i++) {
    const fsim_loop_t *l = &st->loop[i];
    if (!l->begins && !l->name[0]) continue;
    printf("  %-4d %-14s %10llu %12llu %12llu %10llu %14llu\n", i, l->name[0] ? l->name : "?",
           (unsigned long long)l->begins, (unsigned long long)l->host_iters, (unsigned long long)l->pim_iters,
           (unsigned long long)l->launches, (unsigned long long)l->pe_insns);
  }
  graph_free(g);
  return r.verified ? 0 : 1;
}
