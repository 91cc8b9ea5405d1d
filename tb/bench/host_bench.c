/* Host model speed (scripts/bench_host.sh, docs/host.md): runs one RV32
 * graph kernel (build/sw/<kernel>.elf) on the behavioural host (4 harts,
 * Table I caches, the HMC model) over a graph, checks the exit code, and
 * prints one line: kernel graph harts cycles instructions seconds MIPS IPC
 * plus the LLC/HMC figures.
 *   host_bench <kernel> <graph spec> [harts] [max cycles] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../../sw/include/graph_image.h"
#include "graph.h"
#include "host.h"
#include "workload.h"

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: host_bench <kernel> <graph spec> [harts] [max cycles]\n");
    return 2;
  }
  uint32_t k = workload_kernel(argv[1]);
  if (!k) {
    fprintf(stderr, "host_bench: unknown kernel '%s'\n", argv[1]);
    return 2;
  }
  graph_err_t ge;
  graph_t *g = graph_open(argv[2], GRAPH_FMT_AUTO, NULL, &ge);
  if (!g) {
    fprintf(stderr, "%s\n", ge.msg);
    return 1;
  }
  host_cfg_t cfg = HOST_CFG_DEFAULT;
  if (argc > 3) cfg.cores = (unsigned)atoi(argv[3]);
  uint64_t maxc = argc > 4 ? strtoull(argv[4], NULL, 0) : 0;
  graph_kparams_t kp;
  graph_kparams_default(&kp, g);
  kp.kernel = k;
  graph_mem_t m;
  if (graph_image_build(g, &kp, GRAPH_IMAGE_BASE, &m, &ge)) {
    fprintf(stderr, "%s\n", ge.msg);
    return 1;
  }
  size_t bytes = ((size_t)m.base + m.len + (2u << 20)) & ~(size_t)0xFFFFF;
  uint8_t *mem = calloc(1, bytes);
  hmc_cfg_t hc = HMC_CFG_DEFAULT;
  /* HOST_BENCH_STANDIN=1: fixed-latency memory instead of the HMC model,
   * to time the host model alone */
  const int standin = getenv("HOST_BENCH_STANDIN") && atoi(getenv("HOST_BENCH_STANDIN"));
  hmc_t *hmc = mem && !standin ? hmc_new(&hc, mem, bytes) : NULL;
  char err[512] = "out of memory", elf[256];
  host_t *h = mem && (hmc || standin) ? host_new(&cfg, mem, bytes, hmc, err, sizeof err) : NULL;
  if (!h) {
    fprintf(stderr, "host_bench: %s\n", err);
    return 1;
  }
  snprintf(elf, sizeof elf, "%s/%s.elf", getenv("SW_ELF_DIR") ? getenv("SW_ELF_DIR") : "build/sw", argv[1]);
  if (host_load_elf(h, elf, err, sizeof err) || host_write(h, m.base, m.bytes, m.len)) {
    fprintf(stderr, "host_bench: %s\n", err);
    return 1;
  }
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  uint32_t code = 0;
  int rc = host_run(h, maxc, &code, err, sizeof err);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double secs = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
  host_stats_t st;
  host_stats(h, &st);
  uint64_t ins = 0, llc_miss = 0;
  for (unsigned c = 0; c < cfg.cores; c++) {
    ins += st.core[c].insns;
    llc_miss += st.core[c].llc_miss;
  }
  if (rc && !maxc) {
    fprintf(stderr, "host_bench: %s\n", err);
    return 1;
  }
  if (!rc && code) {
    fprintf(stderr, "host_bench: exit code %u: %s\n", code, host_console(h));
    return 1;
  }
  printf("%s %s %u %llu %llu %.3f %.3f %.3f %llu %.2f\n", argv[1], argv[2], cfg.cores, (unsigned long long)st.cycles,
         (unsigned long long)ins, secs, (double)ins / secs / 1e6, (double)ins / (double)st.cycles,
         (unsigned long long)llc_miss, (double)st.cycles / secs / 1e6);
  if (getenv("HOST_BENCH_STATS")) host_print_stats(h, stderr);
  host_free(h);
  hmc_free(hmc);
  free(mem);
  graph_mem_free(&m);
  graph_free(g);
  return 0;
}
