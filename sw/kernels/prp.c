/* PageRank, push direction (GraphBIG's pagerank, the workload PEI and
 * GraphPIM offload): ranks Q2.30 as in pr.c.  Each iteration every vertex u
 * adds c = rank[u] / outdeg(u) to next[v] of each out-neighbour v with one
 * amoadd.w (PEI's floating-point add and GraphPIM's HMC atomic add become
 * this 32-bit integer add, HMC 2.0's ADD in the vault); then every v takes
 * rank[v] = base + (next[v] * d) >> 16, clears next[v] and adds
 * |new - old| to the iteration's error with amoadd: pull's arithmetic and
 * stop rule.  Sums of Q2.30 ranks stay below 2^32, so the integer adds
 * are order-independent and kref_prp gives the same ranks bit for bit (and
 * pull PageRank's, whose 64-bit sums equal them). */
#include "loops.h"
#include "pr_loop.h"
#include "../rt/rt.h"

static struct {
  const uint32_t *off, *dst;
  volatile uint32_t *rank, *next;
  uint32_t init, base;
  volatile uint32_t err[3] RT_OWN_LINE; /* iteration it adds to err[it % 3] */
} S;

static void prp_init(uint32_t v, void *arg) {
  (void)arg;
  S.rank[v] = S.init;
  S.next[v] = 0;
}

static void prp_push(uint32_t u, void *arg) {
  (void)arg;
  uint32_t b = S.off[u], e = S.off[u + 1];
  if (b == e) return;
  uint32_t c = S.rank[u] / (e - b);
  for (uint32_t k = b; k < e; k++) rt_edge_add(&S.next[S.dst[k]], c);
}

static void prp_apply(uint32_t v, void *arg) {
  volatile uint32_t *err = arg;
  PR_SET_RANK(S, v, (uint64_t)S.next[v], err, S.next[v] = 0);
}

int main(void) {
  struct graph_image *g = (struct graph_image *)GRAPH_IMAGE_BASE;
  uint32_t h = rt_hartid();
  if (h == 0) {
    g = rt_graph(GRAPH_K_PRP);
    LOOPS_PRP(LOOP_REGISTER)
    rt_prop_init(g);
    S.off = (const uint32_t *)g->out_offsets;
    S.dst = (const uint32_t *)g->out_edges;
    S.rank = (volatile uint32_t *)g->pr_rank;
    S.next = (volatile uint32_t *)g->result[0];
    PR_SET_INIT(S, g);
    rt_kernel_mark(COPIM_KERNEL_START);
  }
  rt_barrier();
  uint32_t n = g->num_vertices, it = 0;
  rt_parallel_for(LOOP_PRP_INIT, 0, n, prp_init, 0, S.rank);
  PR_ITERATE(g, h, S.err, it, {
    rt_parallel_for(LOOP_PRP_PUSH, 0, n, prp_push, 0, S.rank);
    rt_parallel_for(LOOP_PRP_APPLY, 0, n, prp_apply, (void *)&S.err[it % 3], S.next);
  })
  PR_FINISH(g, h, S.err, it, GRAPH_K_PRP, "prp")
  return 0;
}
