/* BFS, top-down and level-synchronous.  The frontier of level L is a queue;
 * expanding vertex u claims each neighbour v not at a level <= L with
 * amominu(&parent[v], u): the first claimer (old value INF) sets depth and
 * appends v to the next queue (through the executor's queue buffer, rt.h;
 * one amoadd on the size per vertex in the naive build).  Every frontier
 * neighbour of v does the amominu, so parent[v] ends as the smallest-id
 * neighbour in level L whatever the interleaving or offload split, and
 * csim/graph/kref.c computes the same parents exactly.
 *
 * The queues hold tasks, not vertices: a vertex of degree above
 * bfs_split edges is queued as ceil(degree / bfs_split) tasks (part p in
 * the word's top bits) of bfs_split edges each, so the dynamic dispatcher
 * can spread a hub over many PEs instead of leaving one PE to walk it while
 * the launch waits.  The claimer reads the new vertex's degree to know its
 * part count; bfs_split = 0 keeps one task per vertex. */
#include "loops.h"
#include "../rt/rt.h"

static struct {
  const uint32_t *off, *dst;
  volatile uint32_t *parent, *depth;
  uint32_t *queue[2];
  volatile uint32_t count[3] RT_OWN_LINE; /* size of level L's queue is count[L % 3] */
  uint32_t split RT_OWN_LINE;             /* edges per task, 0 = a task per vertex */
} S;

/* Queue vertex v's tasks in q (whose size word is cnt). */
/* inlined: a call would make bfs_frontier save ten registers on the PE's stack for every task */
static inline __attribute__((always_inline)) void bfs_push(uint32_t *q, volatile uint32_t *cnt, uint32_t v) {
  uint32_t parts = 1;
  if (S.split) {
    uint32_t d = S.off[v + 1] - S.off[v];
    if (d > S.split) {
      parts = (d - 1) / S.split + 1;
      if (parts > GRAPH_BFS_MAX_PARTS) parts = GRAPH_BFS_MAX_PARTS; /* the last part takes the rest */
    }
  }
#ifdef RT_NAIVE
  uint32_t at = rt_amoadd(cnt, parts);
  for (uint32_t p = 0; p < parts; p++) q[at + p] = v | p << GRAPH_BFS_PART_SHIFT;
#else
  /* through the executor's queue buffer: one amoadd on the size word per
   * flush, not one per discovered vertex (GAP's QueueBuffer) */
  for (uint32_t p = 0; p < parts; p++) rt_qbuf_push(q, cnt, v | p << GRAPH_BFS_PART_SHIFT);
#endif
}

static void bfs_init(uint32_t v, void *arg) {
  (void)arg;
  S.parent[v] = GRAPH_INF;
  S.depth[v] = GRAPH_INF;
}

/* arg is the queue of the current level; the level is the frontier
 * vertex's own depth, so no shared level word is needed. */
static void bfs_frontier(uint32_t i, void *arg) {
  uint32_t t = ((const uint32_t *)arg)[i];
  uint32_t u = t, k, e;
  if (S.split) {
    uint32_t p = t >> GRAPH_BFS_PART_SHIFT;
    u = t & (GRAPH_BFS_MAX_N - 1);
    k = S.off[u] + p * S.split;
    e = S.off[u + 1];
    if (p != GRAPH_BFS_MAX_PARTS - 1 && e - k > S.split) e = k + S.split;
  } else {
    k = S.off[u];
    e = S.off[u + 1];
  }
  uint32_t level = S.depth[u];
  uint32_t *next = S.queue[(level + 1) & 1];
  volatile uint32_t *cnt = &S.count[(level + 1) % 3];
  for (; k < e; k++) {
    uint32_t v = S.dst[k];
    if (S.depth[v] <= level) continue; /* reached in an earlier level, or in u's */
    if (rt_edge_minu(&S.parent[v], u) == GRAPH_INF) {
      S.depth[v] = level + 1;
      bfs_push(next, cnt, v);
    }
  }
}

int main(void) {
  struct graph_image *g = (struct graph_image *)GRAPH_IMAGE_BASE;
  uint32_t h = rt_hartid();
  if (h == 0) {
    g = rt_graph(GRAPH_K_BFS);
    LOOPS_BFS(LOOP_REGISTER)
    rt_prop_init(g);
    S.off = (const uint32_t *)g->out_offsets;
    S.dst = (const uint32_t *)g->out_edges;
    S.parent = (volatile uint32_t *)g->bfs_parent;
    S.depth = (volatile uint32_t *)g->bfs_depth;
    S.split = g->bfs_split;
    /* a vertex has at most 1 + (degree - 1) / split tasks */
    uint32_t cap = g->num_vertices + (S.split ? g->num_edges / S.split + 1 : 0);
    S.queue[0] = rt_prop_alloc(4 * cap);
    S.queue[1] = rt_prop_alloc(4 * cap);
    rt_kernel_mark(COPIM_KERNEL_START);
  }
  rt_barrier();
  uint32_t n = g->num_vertices, src = g->bfs_source;
  rt_parallel_for(LOOP_BFS_INIT, 0, n, bfs_init, 0, S.parent);
  if (h == 0) {
    S.parent[src] = src;
    S.depth[src] = 0;
    S.count[0] = 0;
    S.count[1] = 0;
    bfs_push(S.queue[0], &S.count[0], src);
#ifndef RT_NAIVE
    rt_local_flush(); /* outside rt_parallel_for: the source's task is in hart 0's buffer */
#endif
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
