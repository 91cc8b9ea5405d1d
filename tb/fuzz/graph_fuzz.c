/* libFuzzer target for the graph readers (csim/graph/graph.c): the first byte
 * picks the format ('S' SNAP, 'E' .el, 'W' .wel, 'M' .mtx, else byte % 4),
 * the rest is the file (plain or gzip: zlib detects it).  A read that
 * succeeds must build a consistent CSR and a memory image; a read that fails
 * must leave a one-line "path:line: ..." message.  Run: make fuzz-graph. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "graph.h"

static char path[64];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (!size) return 0;
  if (!path[0]) snprintf(path, sizeof path, "/tmp/graph_fuzz.%d", (int)getpid());
  const char *sel = strchr("SEWM", data[0]);
  graph_fmt_t fmt = (graph_fmt_t)(1 + (sel && data[0] ? (int)(sel - "SEWM") : data[0] % 4));
  FILE *f = fopen(path, "wb");
  if (!f) abort();
  if (fwrite(data + 1, 1, size - 1, f) != size - 1) abort();
  fclose(f);
  graph_opts_t o = {.max_vertices = 1u << 12, .symmetrize = data[0] & 0x80 ? 1 : 0};
  graph_err_t err;
  memset(&err, 0, sizeof err);
  graph_t *g = graph_load(path, fmt, &o, &err);
  if (!g) {
    /* the contract: one line naming the file and a line number */
    size_t pl = strlen(path);
    if (strncmp(err.msg, path, pl) || err.msg[pl] != ':' || strchr(err.msg, '\n')) {
      fprintf(stderr, "bad error message: '%s'\n", err.msg);
      abort();
    }
    return 0;
  }
  /* CSR invariants */
  if (g->out_off[0] != 0 || g->out_off[g->n] != g->m) abort();
  for (uint32_t u = 0; u < g->n; u++) {
    if (g->out_off[u] > g->out_off[u + 1]) abort();
    for (uint32_t k = g->out_off[u]; k < g->out_off[u + 1]; k++) {
      if (g->out_dst[k] >= g->n) abort();
      if (k > g->out_off[u] && g->out_dst[k - 1] >= g->out_dst[k]) abort();
    }
  }
  if (g->in_off[g->n] != g->m) abort();
  graph_kparams_t kp;
  graph_kparams_default(&kp, g);
  graph_mem_t m;
  if (!graph_image_build(g, &kp, GRAPH_IMAGE_BASE, &m, &err)) {
    struct graph_image h = graph_image_header(&m);
    if (h.num_vertices != g->n || !graph_image_words(&m, h.out_edges, g->m)) abort();
    graph_mem_free(&m);
  }
  graph_free(g);
  return 0;
}
