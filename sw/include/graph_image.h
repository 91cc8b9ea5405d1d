/* The graph image: what the harness lays into simulated memory at
 * GRAPH_IMAGE_BASE (docs/memory_map.md) and the RV32 kernels read.
 *
 * One header, then the CSR arrays, the result arrays and a scratch heap,
 * each 64-byte aligned.  Every field is a 32-bit word (addresses are RV32
 * addresses), so the same struct is read by the native harness (gcc, x86)
 * and by the kernels (riscv64-unknown-elf-gcc -mabi=ilp32).
 *
 * The harness (csim/graph/graph.c graph_image_build) fills everything except the
 * fields marked "kernel writes".  The result arrays and the heap together
 * are the graph property region: the runtime's allocator hands out the heap
 * and reports [prop_base, heap top) as GraphPIM's PIM region.  docs/workloads.md
 * has the layout and the meaning of every result. */
#ifndef GRAPH_IMAGE_H
#define GRAPH_IMAGE_H

#include <stdint.h>

#include "../kernels/loops.h" /* GRAPH_KERNELS, the kernel table */

#define GRAPH_IMAGE_BASE 0x10000000u
#define GRAPH_IMAGE_MAGIC 0x48505247u /* "GRPH" little-endian */
#define GRAPH_IMAGE_VERSION 2u

/* Unreached vertex (BFS parent/depth, SSSP distance). */
#define GRAPH_INF 0xFFFFFFFFu

/* BFS task words: vertex in the low GRAPH_BFS_PART_SHIFT bits, part above */
#define GRAPH_BFS_PART_SHIFT 24u
#define GRAPH_BFS_MAX_N (1u << GRAPH_BFS_PART_SHIFT)
#define GRAPH_BFS_MAX_PARTS 256u

/* flags */
#define GRAPH_F_SYMMETRIC 1u /* in-CSR is the out-CSR (same addresses) */

/* PageRank fixed point: ranks are unsigned Q2.30, 1.0 = GRAPH_PR_ONE;
 * damping 0.85 as Q0.16 (55706 / 65536 = 0.850006). */
#define GRAPH_PR_ONE (1u << 30)
#define GRAPH_PR_DAMP_Q16 55706u

/* Kernel ids (field `kernel`; one ELF per kernel checks it): GRAPH_K_BFS
 * = 1 ... GRAPH_K_LAST, one per row of the kernel table GRAPH_KERNELS
 * (sw/kernels/loops.h, which has their names and loops). */
#define GRAPH_K_ID_(sym, id, name) GRAPH_K_##sym = id,
enum { GRAPH_KERNELS(GRAPH_K_ID_) GRAPH_K_END_ };
#undef GRAPH_K_ID_
#define GRAPH_K_LAST ((uint32_t)GRAPH_K_END_ - 1u)
/* The ids run 1, 2, ... in table order, so GRAPH_K_LAST is the largest
 * and every id from 1 to it is a kernel (graph_image_build's check). */
#define GRAPH_K_SEQ_(sym, id, name) GRAPH_K_SEQ_##sym,
enum { GRAPH_K_SEQ0_, GRAPH_KERNELS(GRAPH_K_SEQ_) };
#undef GRAPH_K_SEQ_
#define GRAPH_K_IN_ORDER_(sym, id, name) (int)GRAPH_K_##sym == (int)GRAPH_K_SEQ_##sym &&
#ifdef __cplusplus /* the SystemC side includes this too */
static_assert(GRAPH_KERNELS(GRAPH_K_IN_ORDER_) 1, "GRAPH_KERNELS: ids must run 1, 2, ... in table order");
#else
_Static_assert(GRAPH_KERNELS(GRAPH_K_IN_ORDER_) 1, "GRAPH_KERNELS: ids must run 1, 2, ... in table order");
#endif
#undef GRAPH_K_IN_ORDER_

/* Kernels after the first four keep their results in the generic arrays
 * `result[]`, laid only for such a kernel, so the image of the first four
 * is the same as before them. */
#define GRAPH_K_GENERIC_RESULTS GRAPH_K_DC

struct graph_image {
  uint32_t magic;         /* GRAPH_IMAGE_MAGIC */
  uint32_t version;       /* GRAPH_IMAGE_VERSION */
  uint32_t header_bytes;  /* sizeof(struct graph_image) */
  uint32_t image_bytes;   /* whole image, header to heap end */
  uint32_t num_vertices;  /* n */
  uint32_t num_edges;     /* m: directed CSR edges (a symmetric graph counts both directions) */
  uint32_t flags;         /* GRAPH_F_* */
  uint32_t kernel;        /* GRAPH_K_* the harness wants run */
  /* CSR: out_offsets[n + 1], out_edges[m], out_weights[m] (1..255 unless the input had weights) */
  uint32_t out_offsets, out_edges, out_weights;
  /* transpose (in-edges), for pull PageRank and weakly connected components */
  uint32_t in_offsets, in_edges, in_weights;
  /* kernel parameters */
  uint32_t bfs_source;    /* dense vertex id */
  uint32_t sssp_source;
  uint32_t pr_max_iters;  /* PageRank iteration limit */
  uint32_t pr_tolerance;  /* stop when sum |new - old| < this (Q2.30 units) */
  uint32_t cc_max_iters;  /* label-propagation round limit (safety; n is always enough) */
  uint32_t bfs_split;     /* BFS task size in edges: a frontier vertex of larger degree becomes several
                           * tasks of at most this many edges (GRAPH_BFS_MAX_PARTS at most), 0 = one task
                           * per vertex; needs n <= GRAPH_BFS_MAX_N */
  /* result arrays, n words each */
  uint32_t bfs_parent;    /* parent id, source's parent = source, GRAPH_INF unreached */
  uint32_t bfs_depth;     /* level, GRAPH_INF unreached */
  uint32_t sssp_dist;     /* distance, GRAPH_INF unreached (saturates at GRAPH_INF - 1) */
  uint32_t pr_rank;       /* Q2.30 rank */
  uint32_t cc_label;      /* smallest vertex id of the weakly connected component */
  uint32_t prop_base;     /* first result array: start of the property region */
  uint32_t heap_base;     /* scratch heap for the kernel's own property arrays */
  uint32_t heap_end;      /* exclusive */
  /* kernel writes: */
  uint32_t done;          /* kernel id once the results are complete */
  uint32_t iterations;    /* BFS levels / SSSP passes / PR iterations / CC rounds / kCore peel rounds */
  /* result arrays of kernels GRAPH_K_GENERIC_RESULTS on, n words each, 0
   * for the others; what each holds: the kernel's registry row
   * (csim/graph/kernels.c) and docs/workloads.md */
  uint32_t result[2];
  uint32_t reserved[1];
};

#endif
