/* k-core decomposition, GraphPIM's kCore: every vertex's core number by
 * level-synchronous peeling.  Degrees count out- and, for a directed graph,
 * in-edges (the undirected view, a reciprocal pair twice).  At level k a
 * round removes every live vertex of degree <= k (core = k) and decrements
 * its live neighbours' degrees with atomic adds of -1; a round that removes
 * nothing raises k to the smallest live degree; the kernel ends after the
 * round that leaves no vertex live.  Core numbers are exact whatever the
 * interleaving (a degree seen late only defers a removal to the next round
 * of the same level); the round count may vary with it. */
#include "loops.h"
#include "../rt/rt.h"

struct round {
  volatile uint32_t removed; /* some vertex got its core number */
  volatile uint32_t live;    /* some vertex is left */
  volatile uint32_t mindeg;  /* smallest degree of those left (exact when nothing was removed) */
};

/* what hart h's chunk of a round needs: the level and the round's flags */
struct peel_arg {
  uint32_t k;
  struct round *r;
};

static struct {
  const uint32_t *out_off, *out_dst, *in_off, *in_src;
  volatile uint32_t *core, *deg;
  uint32_t symmetric;
  struct round round[3] RT_OWN_LINE; /* round r uses round[r % 3] */
  struct peel_arg arg[RT_MAX_HARTS] RT_OWN_LINE;
} S;

static void kcore_init(uint32_t v, void *arg) {
  (void)arg;
  uint32_t d = S.out_off[v + 1] - S.out_off[v];
  if (!S.symmetric) d += S.in_off[v + 1] - S.in_off[v];
  S.deg[v] = d;
  S.core[v] = GRAPH_INF;
}

static void drop(const uint32_t *adj, uint32_t b, uint32_t e) {
  for (uint32_t k = b; k < e; k++) {
    uint32_t u = adj[k];
    if (S.core[u] == GRAPH_INF) rt_edge_add(&S.deg[u], 0xFFFFFFFFu);
  }
}

static void kcore_peel(uint32_t v, void *arg) {
  const struct peel_arg *a = arg;
  if (S.core[v] != GRAPH_INF) return;
  uint32_t d = S.deg[v];
  if (d <= a->k) {
    S.core[v] = a->k;
    RT_FLAG_SET(&a->r->removed);
    drop(S.out_dst, S.out_off[v], S.out_off[v + 1]);
    if (!S.symmetric) drop(S.in_src, S.in_off[v], S.in_off[v + 1]);
  } else {
    RT_FLAG_SET(&a->r->live);
#ifdef RT_NAIVE
    if (d < a->r->mindeg) rt_amominu(&a->r->mindeg, d);
#else
    rt_reduce_min(&a->r->mindeg, d);
#endif
  }
}

static void round_clear(struct round *r) {
  r->removed = r->live = 0;
  r->mindeg = GRAPH_INF;
}

int main(void) {
  struct graph_image *g = (struct graph_image *)GRAPH_IMAGE_BASE;
  uint32_t h = rt_hartid();
  if (h == 0) {
    g = rt_graph(GRAPH_K_KCORE);
    LOOPS_KCORE(LOOP_REGISTER)
    rt_prop_init(g);
    S.out_off = (const uint32_t *)g->out_offsets;
    S.out_dst = (const uint32_t *)g->out_edges;
    S.in_off = (const uint32_t *)g->in_offsets;
    S.in_src = (const uint32_t *)g->in_edges;
    S.core = (volatile uint32_t *)g->result[0];
    S.deg = (volatile uint32_t *)g->result[1];
    S.symmetric = (g->flags & GRAPH_F_SYMMETRIC) != 0;
    round_clear(&S.round[0]);
    rt_kernel_mark(COPIM_KERNEL_START);
  }
  rt_barrier();
  uint32_t n = g->num_vertices, round = 0, k = 0;
  rt_parallel_for(LOOP_KCORE_INIT, 0, n, kcore_init, 0, S.deg);
  for (;;) {
    struct round *r = &S.round[round % 3];
    /* round[(r+1)%3] was read two rounds ago and is next set in round r+1 */
    if (h == 0) round_clear(&S.round[(round + 1) % 3]);
    S.arg[h].k = k;
    S.arg[h].r = r;
    rt_parallel_for(LOOP_KCORE_PEEL, 0, n, kcore_peel, &S.arg[h], S.core);
    round++;
    /* every round removes a vertex or raises k to a degree some vertex has: 2n + 1 bounds it */
    if (!r->live || round > 2 * n + 1) break;
    if (!r->removed) k = r->mindeg;
  }
  if (h == 0) {
    rt_kernel_mark(COPIM_KERNEL_END);
    uint32_t top = 0;
    for (uint32_t v = 0; v < n; v++)
      if (S.core[v] != GRAPH_INF && S.core[v] > top) top = S.core[v];
    g->iterations = round;
    g->done = GRAPH_K_KCORE;
    rt_puts("kcore: ");
    rt_putu(round);
    rt_puts(" rounds, largest core ");
    rt_putu(top);
    rt_puts("\n");
  }
  return 0;
}
