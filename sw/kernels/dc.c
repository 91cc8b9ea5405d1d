/* Degree centrality, GraphPIM's DC: every vertex's in-degree counted by
 * atomic increments on the property array (one amoadd per edge, pushed
 * along the out-edges), and its out-degree from the CSR offsets.  The
 * counts are exact whatever the interleaving; kernels.c's reference counts
 * the same edges natively. */
#include "loops.h"
#include "../rt/rt.h"

static struct {
  const uint32_t *off, *dst;
  volatile uint32_t *in, *out;
} S;

static void dc_init(uint32_t v, void *arg) {
  (void)arg;
  S.in[v] = 0;
  S.out[v] = S.off[v + 1] - S.off[v];
}

static void dc_count(uint32_t u, void *arg) {
  (void)arg;
  for (uint32_t k = S.off[u], e = S.off[u + 1]; k < e; k++) rt_edge_add(&S.in[S.dst[k]], 1);
}

int main(void) {
  struct graph_image *g = (struct graph_image *)GRAPH_IMAGE_BASE;
  uint32_t h = rt_hartid();
  if (h == 0) {
    g = rt_graph(GRAPH_K_DC);
    LOOPS_DC(LOOP_REGISTER)
    rt_prop_init(g);
    S.off = (const uint32_t *)g->out_offsets;
    S.dst = (const uint32_t *)g->out_edges;
    S.in = (volatile uint32_t *)g->result[0];
    S.out = (volatile uint32_t *)g->result[1];
    rt_kernel_mark(COPIM_KERNEL_START);
  }
  rt_barrier();
  uint32_t n = g->num_vertices;
  rt_parallel_for(LOOP_DC_INIT, 0, n, dc_init, 0, S.in);
  rt_parallel_for(LOOP_DC_COUNT, 0, n, dc_count, 0, S.out);
  if (h == 0) {
    rt_kernel_mark(COPIM_KERNEL_END);
    uint32_t top = 0;
    for (uint32_t v = 1; v < n; v++)
      if (S.in[v] > S.in[top]) top = v;
    g->iterations = 1;
    g->done = GRAPH_K_DC;
    rt_puts("dc: largest in-degree ");
    rt_putu(S.in[top]);
    rt_puts(" at vertex ");
    rt_putu(top);
    rt_puts("\n");
  }
  return 0;
}
