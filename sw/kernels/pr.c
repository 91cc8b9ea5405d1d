/* PageRank, pull direction, fixed point (GAP's PageRankPull in integers):
 * ranks are Q2.30, damping GRAPH_PR_DAMP_Q16 (0.85) in Q0.16.  Each
 * iteration computes contrib[u] = rank[u] / outdeg(u), then for every v
 * rank[v] = base + (sum of in-neighbour contribs * d) >> 16 and adds
 * |new - old| to the iteration's error with amoadd; it stops when the error
 * is below the tolerance or at the iteration limit.  Integer and
 * order-independent, so kref_pr gives the same ranks bit for bit. */
#include "loops.h"
#include "pr_loop.h"
#include "../rt/rt.h"

static struct {
  const uint32_t *out_off, *in_off, *in_src;
  volatile uint32_t *rank;
  uint32_t *contrib;
  uint32_t init, base;
  volatile uint32_t err[3] RT_OWN_LINE; /* iteration it adds to err[it % 3] */
} S;

static void pr_init(uint32_t v, void *arg) {
  (void)arg;
  S.rank[v] = S.init;
}

static void pr_contrib(uint32_t u, void *arg) {
  (void)arg;
  uint32_t deg = S.out_off[u + 1] - S.out_off[u];
  S.contrib[u] = deg ? S.rank[u] / deg : 0;
}

static void pr_pull(uint32_t v, void *arg) {
  volatile uint32_t *err = arg;
  uint64_t sum = 0;
  for (uint32_t k = S.in_off[v], e = S.in_off[v + 1]; k < e; k++) sum += S.contrib[S.in_src[k]];
  PR_SET_RANK(S, v, sum, err, );
}

int main(void) {
  struct graph_image *g = (struct graph_image *)GRAPH_IMAGE_BASE;
  uint32_t h = rt_hartid();
  if (h == 0) {
    g = rt_graph(GRAPH_K_PR);
    LOOPS_PR(LOOP_REGISTER)
    rt_prop_init(g);
    S.out_off = (const uint32_t *)g->out_offsets;
    S.in_off = (const uint32_t *)g->in_offsets;
    S.in_src = (const uint32_t *)g->in_edges;
    S.rank = (volatile uint32_t *)g->pr_rank;
    S.contrib = rt_prop_alloc(4 * g->num_vertices);
    PR_SET_INIT(S, g);
    rt_kernel_mark(COPIM_KERNEL_START);
  }
  rt_barrier();
  uint32_t n = g->num_vertices, it = 0;
  rt_parallel_for(LOOP_PR_INIT, 0, n, pr_init, 0, S.rank);
  PR_ITERATE(g, h, S.err, it, {
    rt_parallel_for(LOOP_PR_CONTRIB, 0, n, pr_contrib, 0, S.contrib);
    rt_parallel_for(LOOP_PR_PULL, 0, n, pr_pull, (void *)&S.err[it % 3], S.rank);
  })
  PR_FINISH(g, h, S.err, it, GRAPH_K_PR, "pr")
  return 0;
}
