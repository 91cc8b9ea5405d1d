/* The kernel table: every graph kernel's image id, name and CoPIM-marked
 * loops, the one table both sides read.  Adding a kernel is one row in
 * GRAPH_KERNELS and its loop list LOOPS_<SYM> here (docs/extending.md).
 *
 * GRAPH_KERNELS rows are X(SYM, id, "name"):
 *   - id is the image's `kernel` and `done` word: GRAPH_K_<SYM>
 *     (sw/include/graph_image.h derives them from this table).  Ids run
 *     1, 2, ... in table order (graph_image.h checks it) and never change:
 *     they are in graph images and statistics;
 *   - name is copim-sim's --kernel and the ELF's, build/sw/<name>.elf;
 *   - the kernel's loops are LOOPS_<SYM>.
 * csim/graph/kernels.c builds each registry row's name, id and loop list
 * from the row, so the two sides cannot disagree.
 *
 * LOOPS_<SYM> rows are X(LSYM, id, "name"): the RV32 kernels get the id
 * constants LOOP_<LSYM> and register "<id>:<name>" through LOOP_NAME at
 * start (LOOPS_<SYM>(LOOP_REGISTER), rt_loop_name).  Loop ids are unique
 * across kernels so statistics from different runs line up (ids below 64
 * are tracked one by one).  The id must be a plain decimal literal:
 * LOOP_NAME_STR turns it into the string the simulator parses
 * (csim/rv32/mmio.h). */
#ifndef LOOPS_H
#define LOOPS_H

#define GRAPH_KERNELS(X)                                                                           \
  X(BFS, 1, "bfs")                                                                                 \
  X(SSSP, 2, "sssp")                                                                               \
  X(PR, 3, "pr")                                                                                   \
  X(CC, 4, "cc")                                                                                   \
  X(DC, 5, "dc")       /* degree centrality (GraphPIM's DC) */                                     \
  X(KCORE, 6, "kcore") /* k-core decomposition (GraphPIM's kCore) */                               \
  X(PRP, 7, "prp")     /* PageRank, push, one amoadd per edge (GraphBIG's, PEI's and GraphPIM's) */

#define LOOPS_BFS(X)                                                                               \
  X(BFS_INIT, 1, "bfs.init")         /* parent = depth = INF */                                    \
  X(BFS_FRONTIER, 2, "bfs.frontier") /* expand one frontier vertex, claim with amominu */
#define LOOPS_SSSP(X)                                                                              \
  X(SSSP_INIT, 3, "sssp.init")   /* dist = INF (CoPIM Fig. 1, first loop) */                       \
  X(SSSP_RELAX, 4, "sssp.relax") /* relax a vertex's out-edges with amominu (Fig. 1, second loop) */
#define LOOPS_PR(X)                                                                                \
  X(PR_INIT, 5, "pr.init")       /* rank = 1/n */                                                  \
  X(PR_CONTRIB, 6, "pr.contrib") /* contrib = rank / out-degree */                                 \
  X(PR_PULL, 7, "pr.pull")       /* rank = base + d * sum of in-neighbour contribs; error by amoadd */
#define LOOPS_CC(X)                                                                                \
  X(CC_INIT, 8, "cc.init") /* label = id */                                                        \
  X(CC_PROP, 9, "cc.prop") /* push the label to neighbours with amominu */
#define LOOPS_DC(X)                                                                                \
  X(DC_INIT, 10, "dc.init")   /* in-degree = 0, out-degree from the offsets */                     \
  X(DC_COUNT, 11, "dc.count") /* amoadd 1 to the in-degree of every out-neighbour */
#define LOOPS_KCORE(X)                                                                             \
  X(KCORE_INIT, 12, "kcore.init") /* degree = out + in, core = INF */                              \
  X(KCORE_PEEL, 13, "kcore.peel") /* core = k for degree <= k, amoadd -1 to the live neighbours' degrees */
#define LOOPS_PRP(X)                                                                               \
  X(PRP_INIT, 14, "prp.init")   /* rank = 1/n, next = 0 */                                         \
  X(PRP_PUSH, 15, "prp.push")   /* amoadd rank / out-degree to every out-neighbour's next rank */  \
  X(PRP_APPLY, 16, "prp.apply") /* rank = base + d * next, next = 0; error by amoadd */

/* the id constants LOOP_BFS_INIT ... of every kernel's loops (int, as the
 * #defines they replace) */
#define LOOP_ENUM_(sym, id, name) LOOP_##sym = id,
#define LOOP_ENUM_KERNEL_(sym, id, name) LOOPS_##sym(LOOP_ENUM_)
enum { GRAPH_KERNELS(LOOP_ENUM_KERNEL_) };
#undef LOOP_ENUM_KERNEL_
#undef LOOP_ENUM_

#define LOOP_NAME_STR(id, name) #id ":" name
/* X for a kernel's start: LOOPS_DC(LOOP_REGISTER) registers dc's loops */
#define LOOP_REGISTER(sym, id, name) rt_loop_name(LOOP_NAME_STR(id, name));

#endif
