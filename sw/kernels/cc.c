/* Connected components (weakly connected for a directed graph) by label
 * propagation: label[v] = v, then rounds in which every vertex pushes its
 * label to its neighbours (out- and, for a directed graph, in-neighbours)
 * with amominu, until a round changes nothing.  Labels converge to the
 * smallest vertex id of each component, which kref_cc computes with
 * union-find. */
#include "loops.h"
#include "../rt/rt.h"

static struct {
  const uint32_t *out_off, *out_dst, *in_off, *in_src;
  volatile uint32_t *label;
  uint32_t symmetric;
  volatile uint32_t changed[3] RT_OWN_LINE; /* round r sets changed[r % 3] */
} S;

static void cc_init(uint32_t v, void *arg) {
  (void)arg;
  S.label[v] = v;
}

static uint32_t cc_push(uint32_t lu, const uint32_t *adj, uint32_t b, uint32_t e) {
  uint32_t ch = 0;
  for (uint32_t k = b; k < e; k++) {
    uint32_t v = adj[k];
    if (lu < S.label[v] && lu < rt_edge_minu(&S.label[v], lu)) ch = 1;
  }
  return ch;
}

static void cc_prop(uint32_t u, void *arg) {
  volatile uint32_t *changed = arg;
  uint32_t lu = S.label[u];
  uint32_t ch = cc_push(lu, S.out_dst, S.out_off[u], S.out_off[u + 1]);
  if (!S.symmetric) ch |= cc_push(lu, S.in_src, S.in_off[u], S.in_off[u + 1]);
  if (ch) RT_FLAG_SET(changed);
}

int main(void) {
  struct graph_image *g = (struct graph_image *)GRAPH_IMAGE_BASE;
  uint32_t h = rt_hartid();
  if (h == 0) {
    g = rt_graph(GRAPH_K_CC);
    LOOPS_CC(LOOP_REGISTER)
    rt_prop_init(g);
    S.out_off = (const uint32_t *)g->out_offsets;
    S.out_dst = (const uint32_t *)g->out_edges;
    S.in_off = (const uint32_t *)g->in_offsets;
    S.in_src = (const uint32_t *)g->in_edges;
    S.label = (volatile uint32_t *)g->cc_label;
    S.symmetric = (g->flags & GRAPH_F_SYMMETRIC) != 0;
    rt_kernel_mark(COPIM_KERNEL_START);
  }
  rt_barrier();
  uint32_t n = g->num_vertices, round = 0;
  rt_parallel_for(LOOP_CC_INIT, 0, n, cc_init, 0, S.label);
  for (;;) {
    if (h == 0) S.changed[(round + 1) % 3] = 0;
    rt_parallel_for(LOOP_CC_PROP, 0, n, cc_prop, (void *)&S.changed[round % 3], S.label);
    uint32_t c = S.changed[round % 3];
    round++;
    if (!c || round >= g->cc_max_iters) break;
  }
  if (h == 0) {
    rt_kernel_mark(COPIM_KERNEL_END);
    uint32_t comps = 0;
    for (uint32_t v = 0; v < n; v++) comps += S.label[v] == v;
    g->iterations = round;
    g->done = GRAPH_K_CC;
    rt_puts("cc: ");
    rt_putu(round);
    rt_puts(" rounds, ");
    rt_putu(comps);
    rt_puts(" components\n");
  }
  return 0;
}
