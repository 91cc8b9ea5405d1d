/* Native reference implementations of the four graph kernels and their
 * verifiers.  Same algorithms and the same integer arithmetic as the RV32
 * kernels in sw/kernels/, so results compare exactly (docs/workloads.md):
 *
 *  BFS   top-down level-synchronous; a vertex's parent is the smallest-id
 *        neighbour in the previous level (the RV32 kernel gets the same
 *        from amominu, whatever the interleaving).
 *  SSSP  Bellman-Ford, passes over all vertices until nothing changes;
 *        distances saturate at GRAPH_INF - 1.
 *  PR    pull, Q2.30 fixed point, damping GRAPH_PR_DAMP_Q16.
 *  PRP   push, the same arithmetic with 32-bit sums (one amoadd.w per edge).
 *  CC    weakly connected components; label = smallest vertex id in it.
 *
 * Verifiers return 0 when the result is right, else -1 with one line in
 * `why` (the first wrong vertex and both values). */
#ifndef KREF_H
#define KREF_H

#include <stddef.h>
#include <stdint.h>

#include "graph.h"

/* Returns the number of levels (non-empty frontiers). */
uint32_t kref_bfs(const graph_t *g, uint32_t src, uint32_t *parent, uint32_t *depth);
/* Checks a BFS result without trusting its parents: parent[src] = src,
 * every reached v has an edge parent[v] -> v with depth[parent] = depth[v]-1,
 * and depths equal ref_depth (from kref_bfs) exactly. */
int kref_bfs_verify(const graph_t *g, uint32_t src, const uint32_t *parent, const uint32_t *depth,
                    const uint32_t *ref_depth, char *why, size_t cap);

/* Bellman-Ford as the RV32 kernel runs it; returns the passes made. */
uint32_t kref_sssp_bf(const graph_t *g, uint32_t src, uint32_t *dist);
/* Dijkstra (binary heap), an independent check of kref_sssp_bf. Returns -1 out of memory. */
int kref_sssp_dijkstra(const graph_t *g, uint32_t src, uint32_t *dist);
/* Saturating distance + weight, the kernels' arithmetic. */
static inline uint32_t kref_dist_add(uint32_t d, uint32_t w) {
  uint32_t s = d + w;
  return (s < d || s >= 0xFFFFFFFFu) ? 0xFFFFFFFEu : s;
}

/* PageRank, pull, fixed point; returns the iterations run. */
uint32_t kref_pr(const graph_t *g, uint32_t max_iters, uint32_t tolerance, uint32_t *rank);
/* PageRank, push (GraphBIG's): each vertex adds rank / out-degree to its
 * out-neighbours' next ranks (32-bit wrapping adds, as amoadd.w), then
 * rank = base + d * next; the same convergence rule as kref_pr.  next is n
 * words of scratch.  Returns the iterations run. */
uint32_t kref_prp(const graph_t *g, uint32_t max_iters, uint32_t tolerance, uint32_t *rank, uint32_t *next);
/* (1 - d) / n in Q2.30, the teleport term both sides use. */
uint32_t kref_pr_base(uint32_t n);

/* Union-find; label = smallest id in the weak component.  Returns the
 * number of components. */
uint32_t kref_cc(const graph_t *g, uint32_t *label);
/* Label propagation as the RV32 kernel runs it; returns the rounds. */
uint32_t kref_cc_lp(const graph_t *g, uint32_t max_rounds, uint32_t *label);
/* 0 when a and b induce the same partition of the vertices (any labels). */
int kref_cc_same_partition(uint32_t n, const uint32_t *a, const uint32_t *b, char *why, size_t cap);

/* Exact array comparison with a message naming the first difference. */
int kref_compare(const char *what, uint32_t n, const uint32_t *got, const uint32_t *want, char *why, size_t cap);

#endif
