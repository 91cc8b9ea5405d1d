/* BFS, top-down and level-synchronous.  The frontier of level L is a queue;
 * expanding vertex u claims each neighbour v not at a level <= L with
 * amominu(&parent[v], u): the first claimer (old value INF) sets depth and
 * appends v to the next queue (amoadd on its size).  Every frontier
 * neighbour of v does the amominu, so parent[v] ends as the smallest-id
 * neighbour in level L whatever the interleaving or offload split, and
 * csim/graph/kref.c computes the same parents exactly. */
#include "loops.h"
#include "../rt/rt.h"

static struct {
  const uint32_t *off, *dst;
  volatile uint32_t *parent, *depth;
  uint32_t *queue[2];
  volatile uint32_t count[3]; /* size of level L's queue is count[L % 3] */
} S;

static void bfs_init(uint32_t v, void *arg) {
  (void)arg;
  S.parent[v] = GRAPH_INF;
  S.depth[v] = GRAPH_INF;
}

/* arg is the queue of the current level; the level is the frontier
 * vertex's own depth, so no shared level word is needed. */
static void bfs_frontier(uint32_t i, void *arg) {
  uint32_t u = ((const uint32_t *)arg)[i];
  uint32_t level = S.depth[u];
  uint32_t *next = S.queue[(level + 1) & 1];
  volatile uint32_t *cnt = &S.count[(level + 1) % 3];
  for (uint32_t k = S.off[u], e = S.off[u + 1]; k < e; k++) {
    uint32_t v = S.dst[k];
    if (S.depth[v] <= level) continue; /* reached in an earlier level, or in u's */
    if (rt_amominu(&S.parent[v], u) == GRAPH_INF) {
      S.depth[v] = level + 1;
      next[rt_amoadd(cnt, 1)] = v;
    }
  }
}

int main(void) {
  struct graph_image *g = (struct graph_image *)GRAPH_IMAGE_BASE;
  uint32_t h = rt_hartid();
  if (h == 0) {
    g = rt_graph(GRAPH_K_BFS);
    rt_loop_name(LOOP_NAME_STR(1, "bfs.init"));
    rt_loop_name(LOOP_NAME_STR(2, "bfs.frontier"));
    rt_prop_init(g);
    S.off = (const uint32_t *)g->out_offsets;
    S.dst = (const uint32_t *)g->out_edges;
    S.parent = (volatile uint32_t *)g->bfs_parent;
    S.depth = (volatile uint32_t *)g->bfs_depth;
    S.queue[0] = rt_prop_alloc(4 * g->num_vertices);
    S.queue[1] = rt_prop_alloc(4 * g->num_vertices);
    rt_kernel_mark(COPIM_KERNEL_START);
  }
  rt_barrier();
  uint32_t n = g->num_vertices, src = g->bfs_source;
  rt_parallel_for(LOOP_BFS_INIT, 0, n, bfs_init, 0, S.parent);
  if (h == 0) {
    S.parent[src] = src;
    S.depth[src] = 0;
    S.queue[0][0] = src;
    S.count[0] = 1;
    S.count[1] = 0;
  }
  rt_barrier();
  uint32_t level = 0;
  for (;;) {
    /* count[(L+2)%3] was last read as a queue size two levels ago and is
     * next written in level L+1: clear it now, no extra barrier needed */
    if (h == 0) S.count[(level + 2) % 3] = 0;
    uint32_t size = S.count[level % 3];
    if (!size) break;
    rt_parallel_for(LOOP_BFS_FRONTIER, 0, size, bfs_frontier, S.queue[level & 1], S.queue[level & 1]);
    level++;
  }
  if (h == 0) {
    rt_kernel_mark(COPIM_KERNEL_END);
    uint32_t reached = 0;
    for (uint32_t v = 0; v < n; v++) reached += S.depth[v] != GRAPH_INF;
    g->iterations = level;
    g->done = GRAPH_K_BFS;
    rt_puts("bfs: source ");
    rt_putu(src);
    rt_puts(", ");
    rt_putu(level);
    rt_puts(" levels, ");
    rt_putu(reached);
    rt_puts(" reached\n");
  }
  return 0;
}
