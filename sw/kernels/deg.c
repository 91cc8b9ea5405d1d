/* Out-degree, a throw-away kernel that measures what adding a kernel
 * takes (docs/extending.md): every vertex's out-degree from the CSR
 * offsets into result[0], one marked loop. */
#include "loops.h"
#include "../rt/rt.h"

static struct {
  const uint32_t *off;
  volatile uint32_t *deg;
} S;

static void deg_count(uint32_t v, void *arg) {
  (void)arg;
  S.deg[v] = S.off[v + 1] - S.off[v];
}

int main(void) {
  struct graph_image *g = (struct graph_image *)GRAPH_IMAGE_BASE;
  uint32_t h = rt_hartid();
  if (h == 0) {
    g = rt_graph(GRAPH_K_DEG);
    LOOPS_DEG(LOOP_REGISTER)
    rt_prop_init(g);
    S.off = (const uint32_t *)g->out_offsets;
    S.deg = (volatile uint32_t *)g->result[0];
    rt_kernel_mark(COPIM_KERNEL_START);
  }
  rt_barrier();
  rt_parallel_for(LOOP_DEG_COUNT, 0, g->num_vertices, deg_count, 0, S.deg);
  if (h == 0) {
    rt_kernel_mark(COPIM_KERNEL_END);
    g->iterations = 1;
    g->done = GRAPH_K_DEG;
    rt_puts("deg: done\n");
  }
  return 0;
}
