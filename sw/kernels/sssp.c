/* Single-source shortest paths by Bellman-Ford, as in the CoPIM paper's
 * Fig. 1: an initialisation loop (dist = INF) and a relaxation loop over
 * all vertices, repeated until a pass changes nothing.  A relaxation lowers
 * dist[v] with amominu; distances saturate at GRAPH_INF - 1 like
 * kref_dist_add.  Distances are exact whatever the interleaving. */
#include "loops.h"
#include "../rt/rt.h"

static struct {
  const uint32_t *off, *dst, *w;
  volatile uint32_t *dist;
  volatile uint32_t changed[3] RT_OWN_LINE; /* pass p sets changed[p % 3] */
} S;

static void sssp_init(uint32_t v, void *arg) {
  (void)arg;
  S.dist[v] = GRAPH_INF;
}

static void sssp_relax(uint32_t u, void *arg) {
  volatile uint32_t *changed = arg;
  uint32_t du = S.dist[u];
  if (du == GRAPH_INF) return;
#ifdef RT_NAIVE
  for (uint32_t k = S.off[u], e = S.off[u + 1]; k < e; k++) {
    uint32_t v = S.dst[k], nd = du + S.w[k];
    if (nd < du || nd == GRAPH_INF) nd = GRAPH_INF - 1;
    if (nd < S.dist[v] && nd < rt_edge_minu(&S.dist[v], nd)) *changed = 1;
  }
#else
  /* the flag from a register per vertex, set in the executor's context
   * once: the context's code outside the edge loop keeps it a leaf */
  uint32_t ch = 0;
  for (uint32_t k = S.off[u], e = S.off[u + 1]; k < e; k++) {
    uint32_t v = S.dst[k], nd = du + S.w[k];
    if (nd < du || nd == GRAPH_INF) nd = GRAPH_INF - 1;
    if (nd < S.dist[v] && nd < rt_edge_minu(&S.dist[v], nd)) ch = 1;
  }
  if (ch) rt_flag_set(changed);
#endif
}

int main(void) {
  struct graph_image *g = (struct graph_image *)GRAPH_IMAGE_BASE;
  uint32_t h = rt_hartid();
  if (h == 0) {
    g = rt_graph(GRAPH_K_SSSP);
    LOOPS_SSSP(LOOP_REGISTER)
    rt_prop_init(g);
    S.off = (const uint32_t *)g->out_offsets;
    S.dst = (const uint32_t *)g->out_edges;
    S.w = (const uint32_t *)g->out_weights;
    S.dist = (volatile uint32_t *)g->sssp_dist;
    rt_kernel_mark(COPIM_KERNEL_START);
  }
  rt_barrier();
  uint32_t n = g->num_vertices, src = g->sssp_source;
  rt_parallel_for(LOOP_SSSP_INIT, 0, n, sssp_init, 0, S.dist);
  if (h == 0) S.dist[src] = 0;
  rt_barrier();
  uint32_t pass = 0;
  for (;;) {
    /* changed[(p+1)%3] was read two passes ago and is next set in pass p+1 */
    if (h == 0) S.changed[(pass + 1) % 3] = 0;
    rt_parallel_for(LOOP_SSSP_RELAX, 0, n, sssp_relax, (void *)&S.changed[pass % 3], S.dist);
    uint32_t c = S.changed[pass % 3];
    pass++;
    if (!c || pass > n) break;
  }
  if (h == 0) {
    rt_kernel_mark(COPIM_KERNEL_END);
    uint32_t reached = 0;
    for (uint32_t v = 0; v < n; v++) reached += S.dist[v] != GRAPH_INF;
    g->iterations = pass;
    g->done = GRAPH_K_SSSP;
    rt_puts("sssp: source ");
    rt_putu(src);
    rt_puts(", ");
    rt_putu(pass);
    rt_puts(" passes, ");
    rt_putu(reached);
    rt_puts(" reached\n");
  }
  return 0;
}
