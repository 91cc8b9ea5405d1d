/* The iteration loop, stop rule and ending of both PageRanks (pr.c pull,
 * prp.c push), written once.  err is the kernel's err[3]: iteration it adds
 * to err[it % 3]; err[(it+1) % 3] was read two iterations ago and is next
 * added to in it + 1, so hart 0 clears it while the others may still read
 * err[(it-1) % 3].  STEP runs one iteration's marked loops.  Macros, not
 * functions, so pr.c compiles to the code it had before prp.c shared it. */
#ifndef PR_LOOP_H
#define PR_LOOP_H

/* Hart 0 at start: every rank's first value and the teleport term. */
#define PR_SET_INIT(S, g)                                                                   \
  S.init = GRAPH_PR_ONE / g->num_vertices;                                                  \
  S.base = (uint32_t)(((uint64_t)(65536u - GRAPH_PR_DAMP_Q16) << 14) / g->num_vertices)

/* rank[v] = base + (sum x d) >> 16 (sum a uint64_t expression), AFTER (a
 * statement or nothing), then |new - old| added to *err: to the executor's
 * partial sum, which the runtime adds to *err once per chunk (rt.h; one
 * amoadd per vertex in the naive build). */
#define PR_SET_RANK(S, v, sum, err, AFTER)                                           \
  uint32_t nr = S.base + (uint32_t)((sum * GRAPH_PR_DAMP_Q16) >> 16), old = S.rank[v]; \
  S.rank[v] = nr;                                                                    \
  AFTER;                                                                             \
  uint32_t d = nr > old ? nr - old : old - nr;                                       \
  if (d) RT_REDUCE_ADD(err, d)

#define PR_ITERATE(g, h, err, it, STEP)          \
  while (it < g->pr_max_iters) {                 \
    it++;                                        \
    if (h == 0) err[(it + 1) % 3] = 0;           \
    STEP;                                        \
    if (err[it % 3] < g->pr_tolerance) break;    \
  }

/* Hart 0: the end marker, the iteration count, done = kernel id, a line. */
#define PR_FINISH(g, h, err, it, kid, label) \
  if (h == 0) {                              \
    rt_kernel_mark(COPIM_KERNEL_END);        \
    g->iterations = it;                      \
    g->done = kid;                           \
    rt_puts(label ": ");                     \
    rt_putu(it);                             \
    rt_puts(" iterations, last error ");     \
    rt_putu(err[it % 3]);                    \
    rt_puts("\n");                           \
  }

#endif
