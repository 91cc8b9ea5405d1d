/* The kernel registry (kernels.h): each kernel's row, its reference and
 * verifier over the native kernels of kref.c. */
#include "kernels.h"

#include <stdio.h>
#include <string.h>

#include "kref.h"

#define WORD(field) ((uint32_t)(offsetof(struct graph_image, field) / 4))

static uint64_t checksum(const uint32_t *a, uint32_t n) {
  uint64_t h = 1469598103934665603ull;
  for (uint32_t i = 0; i < n; i++) h = (h ^ a[i]) * 1099511628211ull;
  return h;
}

static uint32_t reached(const uint32_t *a, uint32_t n) {
  uint32_t r = 0;
  for (uint32_t v = 0; v < n; v++) r += a[v] != GRAPH_INF;
  return r;
}

/* ---------------------------------------------------------------- bfs */

static uint32_t bfs_ref(const graph_t *g, const graph_kparams_t *kp, uint32_t *const ref[]) {
  return kref_bfs(g, kp->bfs_source, ref[0], ref[1]);
}

static int bfs_verify(const graph_t *g, const graph_kparams_t *kp, const uint32_t *const got[], uint32_t *const ref[],
                      uint32_t it, uint32_t ref_it, char *why, size_t cap) {
  (void)it, (void)ref_it;
  /* the tree check first (it does not trust the reference's parents),
   * then the exact parents: smallest-id parent in the previous level */
  return kref_bfs_verify(g, kp->bfs_source, got[0], got[1], ref[1], why, cap) ||
                 kref_compare("parent", g->n, got[0], ref[0], why, cap)
             ? -1
             : 0;
}

static int bfs_describe(const graph_t *g, const graph_kparams_t *kp, uint32_t *const ref[], uint32_t it, char *line,
                        size_t cap) {
  snprintf(line, cap, "bfs source %u: %u levels, %u reached, parent checksum %016llx", kp->bfs_source, it,
           reached(ref[1], g->n), (unsigned long long)checksum(ref[0], g->n));
  return 0;
}

/* ---------------------------------------------------------------- sssp */

static uint32_t sssp_ref(const graph_t *g, const graph_kparams_t *kp, uint32_t *const ref[]) {
  return kref_sssp_bf(g, kp->sssp_source, ref[0]);
}

static int sssp_verify(const graph_t *g, const graph_kparams_t *kp, const uint32_t *const got[], uint32_t *const ref[],
                       uint32_t it, uint32_t ref_it, char *why, size_t cap) {
  (void)kp, (void)it, (void)ref_it;
  return kref_compare("dist", g->n, got[0], ref[0], why, cap);
}

static int sssp_describe(const graph_t *g, const graph_kparams_t *kp, uint32_t *const ref[], uint32_t it, char *line,
                         size_t cap) {
  uint64_t sum = 0;
  for (uint32_t v = 0; v < g->n; v++)
    if (ref[0][v] != GRAPH_INF) sum += ref[0][v];
  snprintf(line, cap, "sssp source %u: %u passes, %u reached, distance sum %llu", kp->sssp_source, it,
           reached(ref[0], g->n), (unsigned long long)sum);
  return 0;
}

/* ---------------------------------------------------------------- pr */

static uint32_t pr_ref(const graph_t *g, const graph_kparams_t *kp, uint32_t *const ref[]) {
  return kref_pr(g, kp->pr_max_iters, kp->pr_tolerance, ref[0]);
}

static int pr_verify(const graph_t *g, const graph_kparams_t *kp, const uint32_t *const got[], uint32_t *const ref[],
                     uint32_t it, uint32_t ref_it, char *why, size_t cap) {
  (void)kp;
  if (kref_compare("rank", g->n, got[0], ref[0], why, cap)) return -1;
  if (it != ref_it) {
    snprintf(why, cap, "%u iterations, the reference ran %u", it, ref_it);
    return -1;
  }
  return 0;
}

static int pr_describe(const graph_t *g, const graph_kparams_t *kp, uint32_t *const ref[], uint32_t it, char *line,
                       size_t cap) {
  (void)kp;
  uint32_t top = 0;
  for (uint32_t v = 1; v < g->n; v++)
    if (ref[0][v] > ref[0][top]) top = v;
  snprintf(line, cap, "pr: %u iterations, top vertex %u rank %.6f, rank checksum %016llx", it, top,
           ref[0][top] / (double)GRAPH_PR_ONE, (unsigned long long)checksum(ref[0], g->n));
  return 0;
}

/* ---------------------------------------------------------------- prp */

/* ref[0]: the ranks, ref[1]: the next-rank scratch; the verifier and the
 * summary are pull PageRank's (same result array, same rule) */
static uint32_t prp_ref(const graph_t *g, const graph_kparams_t *kp, uint32_t *const ref[]) {
  return kref_prp(g, kp->pr_max_iters, kp->pr_tolerance, ref[0], ref[1]);
}

/* ---------------------------------------------------------------- cc */

/* ref[0]: union-find labels (the expected result), ref[1]: label
 * propagation as the RV32 kernel runs it (its rounds are the iterations) */
static uint32_t cc_ref(const graph_t *g, const graph_kparams_t *kp, uint32_t *const ref[]) {
  kref_cc(g, ref[0]);
  return kref_cc_lp(g, kp->cc_max_iters, ref[1]);
}

static int cc_verify(const graph_t *g, const graph_kparams_t *kp, const uint32_t *const got[], uint32_t *const ref[],
                     uint32_t it, uint32_t ref_it, char *why, size_t cap) {
  (void)kp, (void)it, (void)ref_it;
  return kref_cc_same_partition(g->n, got[0], ref[0], why, cap) || kref_compare("label", g->n, got[0], ref[0], why, cap)
             ? -1
             : 0;
}

static int cc_describe(const graph_t *g, const graph_kparams_t *kp, uint32_t *const ref[], uint32_t it, char *line,
                       size_t cap) {
  (void)kp;
  uint32_t comps = 0;
  for (uint32_t v = 0; v < g->n; v++) comps += ref[0][v] == v;
  snprintf(line, cap, "cc: %u components, %u label-propagation rounds", comps, it);
  char why[256];
  if (!kref_compare("label", g->n, ref[1], ref[0], why, sizeof why)) return 0;
  snprintf(line, cap, "label propagation disagrees with union-find: %s", why);
  return -1;
}

/* ---------------------------------------------------------------- dc */

/* ref[0]: in-degrees counted edge by edge as the kernel's amoadds do,
 * ref[1]: out-degrees */
static uint32_t dc_ref(const graph_t *g, const graph_kparams_t *kp, uint32_t *const ref[]) {
  (void)kp;
  for (uint32_t v = 0; v < g->n; v++) ref[0][v] = 0, ref[1][v] = g->out_off[v + 1] - g->out_off[v];
  for (uint32_t k = 0; k < g->m; k++) ref[0][g->out_dst[k]]++;
  return 1;
}

static int dc_verify(const graph_t *g, const graph_kparams_t *kp, const uint32_t *const got[], uint32_t *const ref[],
                     uint32_t it, uint32_t ref_it, char *why, size_t cap) {
  (void)kp, (void)it, (void)ref_it;
  return kref_compare("in_degree", g->n, got[0], ref[0], why, cap) ||
                 kref_compare("out_degree", g->n, got[1], ref[1], why, cap)
             ? -1
             : 0;
}

static int dc_describe(const graph_t *g, const graph_kparams_t *kp, uint32_t *const ref[], uint32_t it, char *line,
                       size_t cap) {
  (void)kp, (void)it;
  uint32_t ti = 0, to = 0;
  for (uint32_t v = 1; v < g->n; v++) {
    if (ref[0][v] > ref[0][ti]) ti = v;
    if (ref[1][v] > ref[1][to]) to = v;
  }
  snprintf(line, cap, "dc: largest in-degree %u at vertex %u, largest out-degree %u at vertex %u, checksum %016llx",
           ref[0][ti], ti, ref[1][to], to, (unsigned long long)checksum(ref[0], g->n));
  return 0;
}

/* ---------------------------------------------------------------- kcore */

static void kcore_drop(const uint32_t *adj, uint32_t b, uint32_t e, const uint32_t *core, uint32_t *deg) {
  for (uint32_t k = b; k < e; k++)
    if (core[adj[k]] == GRAPH_INF) deg[adj[k]]--;
}

/* The RV32 kernel's level-synchronous peeling on one hart: ref[0] core
 * numbers, ref[1] the degrees left; returns the rounds. */
static uint32_t kcore_ref(const graph_t *g, const graph_kparams_t *kp, uint32_t *const ref[]) {
  (void)kp;
  uint32_t *core = ref[0], *deg = ref[1], k = 0, rounds = 0;
  for (uint32_t v = 0; v < g->n; v++) {
    deg[v] = g->out_off[v + 1] - g->out_off[v] + (g->symmetric ? 0 : g->in_off[v + 1] - g->in_off[v]);
    core[v] = GRAPH_INF;
  }
  for (;;) {
    int removed = 0, live = 0;
    uint32_t mindeg = GRAPH_INF;
    rounds++;
    for (uint32_t v = 0; v < g->n; v++) {
      if (core[v] != GRAPH_INF) continue;
      if (deg[v] > k) {
        live = 1;
        if (deg[v] < mindeg) mindeg = deg[v];
        continue;
      }
      core[v] = k;
      removed = 1;
      kcore_drop(g->out_dst, g->out_off[v], g->out_off[v + 1], core, deg);
      if (!g->symmetric) kcore_drop(g->in_src, g->in_off[v], g->in_off[v + 1], core, deg);
    }
    /* the kernel's bound: every round removes a vertex or raises k to a degree some vertex has */
    if (!live || rounds > 2 * g->n + 1) return rounds;
    if (!removed) k = mindeg;
  }
}

static int kcore_verify(const graph_t *g, const graph_kparams_t *kp, const uint32_t *const got[],
                        uint32_t *const ref[], uint32_t it, uint32_t ref_it, char *why, size_t cap) {
  (void)kp, (void)it, (void)ref_it;
  return kref_compare("core", g->n, got[0], ref[0], why, cap);
}

static int kcore_describe(const graph_t *g, const graph_kparams_t *kp, uint32_t *const ref[], uint32_t it,
                          char *line, size_t cap) {
  (void)kp;
  uint32_t top = 0, in_top = 0;
  for (uint32_t v = 0; v < g->n; v++)
    if (ref[0][v] > top) top = ref[0][v];
  for (uint32_t v = 0; v < g->n; v++) in_top += ref[0][v] == top;
  snprintf(line, cap, "kcore: largest core %u (%u vertices), %u peel rounds, core checksum %016llx", top, in_top, it,
           (unsigned long long)checksum(ref[0], g->n));
  return 0;
}

/* ---------------------------------------------------------------- the table */

/* A registry row's name, id and loops come from the kernel's row in the
 * kernel table (sw/kernels/loops.h GRAPH_KERNELS, the one the RV32 kernel
 * takes its id and registers its loop names from); the rest is
 * KERN_<SYM> below: the --help line, the result arrays the verifier reads
 * (by their header words) and the three functions.  A kernel in the table
 * without its KERN_<SYM> does not compile. */
#define KERN_BFS                                                                                                   \
  .what = "breadth-first search from --source, top-down, parents claimed with amominu", .nresults = 2,              \
  .results = {{"bfs_parent", WORD(bfs_parent)}, {"bfs_depth", WORD(bfs_depth)}}, .reference = bfs_ref,             \
  .verify = bfs_verify, .describe = bfs_describe
#define KERN_SSSP                                                                                                  \
  .what = "Bellman-Ford shortest paths from --source, relaxed with amominu", .nresults = 1,                         \
  .results = {{"sssp_dist", WORD(sssp_dist)}}, .reference = sssp_ref, .verify = sssp_verify,                       \
  .describe = sssp_describe
#define KERN_PR                                                                                                    \
  .what = "PageRank, pull, Q2.30 fixed point, --pr-iters at most", .nresults = 1,                                   \
  .results = {{"pr_rank", WORD(pr_rank)}}, .reference = pr_ref, .verify = pr_verify, .describe = pr_describe
#define KERN_CC                                                                                                    \
  .what = "weakly connected components by label propagation with amominu", .nresults = 1,                          \
  .results = {{"cc_label", WORD(cc_label)}}, .reference = cc_ref, .verify = cc_verify, .describe = cc_describe
#define KERN_DC                                                                                                    \
  .what = "degree centrality (GraphPIM's DC): in-degrees by amoadd on the property array", .nresults = 2,           \
  .results = {{"result[0] (in-degree)", WORD(result[0])}, {"result[1] (out-degree)", WORD(result[1])}},            \
  .reference = dc_ref, .verify = dc_verify, .describe = dc_describe
/* result[1] holds the kernel's live degrees: scratch, not compared */
#define KERN_KCORE                                                                                                 \
  .what = "k-core decomposition (GraphPIM's kCore): peeling, degrees lowered by amoadd -1", .nresults = 1,          \
  .results = {{"result[0] (core)", WORD(result[0])}}, .reference = kcore_ref, .verify = kcore_verify,              \
  .describe = kcore_describe
/* result[0] holds the next ranks the pushes add to: scratch, not compared */
#define KERN_PRP                                                                                                   \
  .what = "PageRank, push (GraphBIG's): one amoadd.w per edge on Q2.30 next ranks, pull's stop rule, --pr-iters "   \
          "at most",                                                                                               \
  .nresults = 1, .results = {{"pr_rank", WORD(pr_rank)}}, .reference = prp_ref, .verify = pr_verify,               \
  .describe = pr_describe

#define KERN_LOOP_ONE(lsym, lid, lname) +1
#define KERN_LOOP_ROW(lsym, lid, lname) {LOOP_##lsym, lname},
#define KERN_ROW(ksym, kid, kname)                                                                                 \
  {.name = kname, .id = GRAPH_K_##ksym, .nloops = 0 LOOPS_##ksym(KERN_LOOP_ONE),                                  \
   .loops = {LOOPS_##ksym(KERN_LOOP_ROW)}, KERN_##ksym},

/* table order, the kernel table's, is the --list-kernels and --help order */
static const kern_t kernels[] = {GRAPH_KERNELS(KERN_ROW)};

#define NKERNELS (sizeof kernels / sizeof kernels[0])

const kern_t *kern_at(unsigned i) { return i < NKERNELS ? &kernels[i] : NULL; }

const kern_t *kern_find(const char *name) {
  for (unsigned i = 0; i < NKERNELS; i++)
    if (!strcmp(kernels[i].name, name)) return &kernels[i];
  return NULL;
}

const kern_t *kern_by_id(uint32_t id) {
  for (unsigned i = 0; i < NKERNELS; i++)
    if (kernels[i].id == id) return &kernels[i];
  return NULL;
}

int kern_graph_check(const kern_t *k, const graph_t *g, const char *path, char *why, size_t cap) {
  if (k->id == GRAPH_K_SSSP && g->nonweight_line) {
    snprintf(why, cap,
             "%s:%lu: sssp needs edge weights and this Matrix Market value is none (negative or above 2^31-1); "
             "the other kernels read the file unweighted",
             path, g->nonweight_line);
    return -1;
  }
  return 0;
}

const char *kern_names(char *buf, size_t cap) {
  size_t o = 0;
  buf[0] = 0;
  for (unsigned i = 0; i < NKERNELS && o < cap; i++)
    o += (size_t)snprintf(buf + o, cap - o, "%s%s", i ? ", " : "", kernels[i].name);
  return buf;
}

const kern_loop_t *kern_loop_find(const char *name, const kern_t **owner) {
  for (unsigned i = 0; i < NKERNELS; i++)
    for (unsigned j = 0; j < kernels[i].nloops; j++)
      if (!strcmp(kernels[i].loops[j].name, name)) {
        if (owner) *owner = &kernels[i];
        return &kernels[i].loops[j];
      }
  return NULL;
}

const kern_loop_t *kern_loop_by_id(uint32_t id, const kern_t **owner) {
  for (unsigned i = 0; i < NKERNELS; i++)
    for (unsigned j = 0; j < kernels[i].nloops; j++)
      if (kernels[i].loops[j].id == id) {
        if (owner) *owner = &kernels[i];
        return &kernels[i].loops[j];
      }
  return NULL;
}
