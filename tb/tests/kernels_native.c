/* kernels_native: the native reference kernels on hand graphs with answers
 * worked out by hand (PageRank's fixed-point values from an independent
 * script, docs/workloads.md), cross-checks between independent algorithms
 * (Bellman-Ford vs Dijkstra, label propagation vs union-find) on generated
 * graphs and p2p-Gnutella30, and the verifiers rejecting wrong results.
 * DC and kCore (GraphPIM's) run through their registry rows
 * (csim/graph/kernels.h): hand graphs, in-degrees against the CSR's
 * in-offsets, core numbers against the k-core property.  Then every
 * registry kernel, a new one included without an edit here, on
 * p2p-Gnutella30: a deterministic reference, and a verifier that accepts it
 * and rejects each result array with one element changed.
 *
 * Waveform: BFS on p2p-Gnutella30, one time step per level: `level`,
 * `frontier` (vertices at that depth) and `reached` (so far). */
#include <stdlib.h>
#include <string.h>

#include "graph.h"
#include "kernels.h"
#include "kref.h"
#include "tb.h"
#include "tb_fst.h"

#define I GRAPH_INF

static graph_t *hand_graph(tb_t *t, uint32_t n, const uint32_t (*e)[3], int m, int weighted) {
  graph_el_t *el = graph_el_new();
  el->weighted = weighted;
  el->n = n;
  for (int i = 0; i < m; i++) graph_el_add(el, e[i][0], e[i][1], e[i][2]);
  graph_err_t err;
  graph_t *g = graph_build(el, NULL, "hand", &err);
  graph_el_free(el);
  if (!g) tb_fail(t, "hand graph: %s\n", err.msg);
  return g;
}

static void expect_array(tb_t *t, const char *what, uint32_t n, const uint32_t *got, const uint32_t *want) {
  char why[256];
  t->checks++;
  if (kref_compare(what, n, got, want, why, sizeof why)) tb_fail(t, "%s\n", why);
}

static void hand(tb_t *t) {
  /* 0 -4-> 1, 0 -1-> 2, 2 -2-> 1, 1 -1-> 3, 2 -5-> 3, 3 -3-> 4, 4 -1-> 0, 5 -1-> 6 */
  static const uint32_t e[][3] = {{0, 1, 4}, {0, 2, 1}, {2, 1, 2}, {1, 3, 1}, {2, 3, 5}, {3, 4, 3}, {4, 0, 1}, {5, 6, 1}};
  graph_t *g = hand_graph(t, 7, e, 8, 1);
  if (!g) return;
  uint32_t a[7], b[7], c[7];
  char why[256];
  /* BFS from 0: 3 has two parents at level 1 (1 and 2): the smaller wins */
  tb_expect_u64(t, "bfs levels", kref_bfs(g, 0, a, b), 4);
  expect_array(t, "bfs parent", 7, a, (const uint32_t[]){0, 0, 0, 1, 3, I, I});
  expect_array(t, "bfs depth", 7, b, (const uint32_t[]){0, 1, 1, 2, 3, I, I});
  tb_expect_u64(t, "bfs verify accepts the reference", kref_bfs_verify(g, 0, a, b, b, why, sizeof why), 0);
  /* the verifier must reject: a parent at the same depth, a non-edge, a wrong depth */
  memcpy(c, a, sizeof c);
  c[3] = 2; /* 2 -> 3 is an edge at depth 1: still valid */
  tb_expect_u64(t, "bfs verify accepts another valid parent", kref_bfs_verify(g, 0, c, b, b, why, sizeof why), 0);
  c[3] = 4; /* 4 -> 3 is not an edge */
  tb_expect_u64(t, "bfs verify rejects a non-edge parent", kref_bfs_verify(g, 0, c, b, b, why, sizeof why), (uint64_t)-1);
  tb_log(t, "  rejected: %s\n", why);
  c[3] = 1;
  c[4] = 1; /* 1 -> 4 not an edge either */
  tb_expect_u64(t, "bfs verify rejects a wrong parent", kref_bfs_verify(g, 0, c, b, b, why, sizeof why), (uint64_t)-1);
  memcpy(c, b, sizeof c);
  c[5] = 4;
  tb_expect_u64(t, "bfs verify rejects a wrong depth", kref_bfs_verify(g, 0, a, c, b, why, sizeof why), (uint64_t)-1);
  /* SSSP from 0 */
  tb_expect_u64(t, "sssp passes (2 changing + 1 quiet)", kref_sssp_bf(g, 0, a), 3);
  expect_array(t, "sssp dist (bellman-ford)", 7, a, (const uint32_t[]){0, 3, 1, 4, 7, I, I});
  tb_expect_u64(t, "dijkstra runs", kref_sssp_dijkstra(g, 0, b), 0);
  expect_array(t, "sssp dist (dijkstra)", 7, b, (const uint32_t[]){0, 3, 1, 4, 7, I, I});
  tb_expect_u64(t, "sssp from 5", kref_sssp_bf(g, 5, a), 2);
  expect_array(t, "sssp dist from 5", 7, a, (const uint32_t[]){I, I, I, I, I, 0, 1});
  /* CC: {0..4} and {5, 6}, weakly connected */
  tb_expect_u64(t, "cc components", kref_cc(g, a), 2);
  expect_array(t, "cc label", 7, a, (const uint32_t[]){0, 0, 0, 0, 0, 5, 5});
  kref_cc_lp(g, 8, b);
  expect_array(t, "cc label propagation", 7, b, (const uint32_t[]){0, 0, 0, 0, 0, 5, 5});
  uint32_t other[7] = {3, 3, 3, 3, 3, 6, 6}, wrong[7] = {0, 0, 0, 0, 5, 5, 5};
  tb_expect_u64(t, "cc same partition, other labels", kref_cc_same_partition(7, a, other, why, sizeof why), 0);
  tb_expect_u64(t, "cc partition differs", kref_cc_same_partition(7, a, wrong, why, sizeof why), (uint64_t)-1);
  graph_free(g);

  /* saturating distances: a chain of three 2^31-1 weights */
  static const uint32_t heavy[][3] = {{0, 1, 0x7FFFFFFF}, {1, 2, 0x7FFFFFFF}, {2, 3, 0x7FFFFFFF}};
  g = hand_graph(t, 4, heavy, 3, 1);
  if (g) {
    kref_sssp_bf(g, 0, a);
    expect_array(t, "sssp saturates", 4, a, (const uint32_t[]){0, 0x7FFFFFFF, 0xFFFFFFFE, 0xFFFFFFFE});
    graph_free(g);
  }

  /* PageRank: a directed 4-cycle is at its fixed point from the start:
   * base + (2^28 * 55706) >> 16 = 40263680 + 228171776 = 2^28, error 0 */
  static const uint32_t cyc[][3] = {{0, 1, 0}, {1, 2, 0}, {2, 3, 0}, {3, 0, 0}};
  g = hand_graph(t, 4, cyc, 4, 0);
  if (g) {
    tb_expect_u64(t, "pr base for n=4", kref_pr_base(4), 40263680);
    tb_expect_u64(t, "pr cycle iterations", kref_pr(g, 20, 1, a), 1);
    expect_array(t, "pr cycle rank", 4, a, (const uint32_t[]){1u << 28, 1u << 28, 1u << 28, 1u << 28});
    graph_free(g);
  }
  /* 0 <-> 1, 2 -> 0: periodic, so the iteration limit or the tolerance stops it */
  static const uint32_t tri[][3] = {{0, 1, 0}, {1, 0, 0}, {2, 0, 0}};
  g = hand_graph(t, 3, tri, 3, 0);
  if (g) {
    tb_expect_u64(t, "pr 2 iterations", kref_pr(g, 2, 107374, a), 2);
    expect_array(t, "pr rank after 2", 3, a, (const uint32_t[]){403546437, 616510475, 53684906});
    tb_expect_u64(t, "pr 20 iterations", kref_pr(g, 20, 107374, a), 20);
    expect_array(t, "pr rank after 20", 3, a, (const uint32_t[]){515986690, 504070209, 53684906});
    /* errors: 608458069, 517193072, 439617268: tolerance 450000000 stops after 3 */
    tb_expect_u64(t, "pr stops on tolerance", kref_pr(g, 20, 450000000, a), 3);
    expect_array(t, "pr rank after 3", 3, a, (const uint32_t[]){623355070, 396701840, 53684906});
    /* push PageRank by hand, iteration 1 from 1/3 = 357913941 each: 1 and
     * 2 push 357913941 to 0's next, 0 pushes it to 1's, 2 gets nothing:
     * next = {715827882, 357913941, 0}, rank = base + (next * 55706) >> 16
     * with base = 53684906; after 3 iterations pull's ranks */
    uint32_t nx[4];
    tb_expect_u64(t, "prp 1 iteration", kref_prp(g, 1, 107374, a, nx), 1);
    expect_array(t, "prp rank after 1", 3, a,
                 (const uint32_t[]){53684906 + (uint32_t)((715827882ull * 55706) >> 16),
                                    53684906 + (uint32_t)((357913941ull * 55706) >> 16), 53684906});
    tb_expect_u64(t, "prp stops on tolerance as pr", kref_prp(g, 20, 450000000, a, nx), 3);
    expect_array(t, "prp rank after 3", 3, a, (const uint32_t[]){623355070, 396701840, 53684906});
    expect_array(t, "prp leaves next cleared", 3, nx, (const uint32_t[]){0, 0, 0});
    graph_free(g);
  }
}

/* A registry kernel's reference: iterations, ref[0..1] (n + 1 words each, caller frees ref[0]). */
static uint32_t run_ref(const char *kernel, const graph_t *g, uint32_t *ref[KERN_MAX_RESULTS]) {
  const kern_t *k = kern_find(kernel);
  graph_kparams_t kp;
  graph_kparams_default(&kp, g);
  ref[0] = malloc(KERN_MAX_RESULTS * ((size_t)g->n + 1) * sizeof *ref[0]);
  for (unsigned i = 1; i < KERN_MAX_RESULTS; i++) ref[i] = ref[0] + i * ((size_t)g->n + 1);
  return k->reference(g, &kp, ref);
}

/* The verifier of a registry kernel on got[] against its reference. */
static int verify(const char *kernel, const graph_t *g, const uint32_t *const got[], char *why, size_t cap) {
  const kern_t *k = kern_find(kernel);
  graph_kparams_t kp;
  graph_kparams_default(&kp, g);
  uint32_t *ref[KERN_MAX_RESULTS];
  const uint32_t it = run_ref(kernel, g, ref);
  const int rc = k->verify(g, &kp, got, ref, it, it, why, cap);
  free(ref[0]);
  return rc;
}

static void graphpim_hand(tb_t *t) {
  char why[256];
  /* undirected: K4 on 0..3, 4 - 0, 4 - 1, 5 - 4, 6 alone: cores 3 3 3 3 2 1 0;
   * peeling: k=0 removes 6, a quiet round raises k to 1, 5 goes (4 drops
   * to 2), quiet, k=2: 4 goes, quiet, k=3: the K4 in one round: 7 rounds */
  static const uint32_t e[][3] = {{0, 1, 1}, {0, 2, 1}, {0, 3, 1}, {1, 2, 1}, {1, 3, 1},
                                  {2, 3, 1}, {4, 0, 1}, {4, 1, 1}, {5, 4, 1}};
  graph_el_t *el = graph_el_new();
  el->n = 7;
  for (int i = 0; i < 9; i++) graph_el_add(el, e[i][0], e[i][1], e[i][2]);
  graph_err_t err;
  graph_opts_t o = {.symmetrize = 1};
  graph_t *g = graph_build(el, &o, "hand", &err);
  graph_el_free(el);
  t->checks++;
  if (!g) {
    tb_fail(t, "hand graph: %s\n", err.msg);
    return;
  }
  uint32_t *r[KERN_MAX_RESULTS];
  tb_expect_u64(t, "dc iterations", run_ref("dc", g, r), 1);
  expect_array(t, "dc in-degree", 7, r[0], (const uint32_t[]){4, 4, 3, 3, 3, 1, 0});
  expect_array(t, "dc out-degree", 7, r[1], (const uint32_t[]){4, 4, 3, 3, 3, 1, 0});
  r[0][4]++;
  tb_expect_u64(t, "dc verify rejects a wrong in-degree", verify("dc", g, (const uint32_t *const *)r, why, sizeof why),
                (uint64_t)-1);
  free(r[0]);
  tb_expect_u64(t, "kcore rounds", run_ref("kcore", g, r), 7);
  expect_array(t, "kcore core", 7, r[0], (const uint32_t[]){3, 3, 3, 3, 2, 1, 0});
  tb_expect_u64(t, "kcore verify accepts the reference", verify("kcore", g, (const uint32_t *const *)r, why, sizeof why),
                0);
  r[0][4] = 3;
  tb_expect_u64(t, "kcore verify rejects a wrong core", verify("kcore", g, (const uint32_t *const *)r, why, sizeof why),
                (uint64_t)-1);
  free(r[0]);
  graph_free(g);
  /* directed, a reciprocal pair counting twice: 0 <-> 1, 1 -> 2: degrees
   * 2 3 1; k=1 removes 2 (1 drops to 2), quiet, k=2 removes 0 and 1: cores 2 2 1 */
  static const uint32_t d[][3] = {{0, 1, 1}, {1, 0, 1}, {1, 2, 1}};
  g = hand_graph(t, 3, d, 3, 0);
  if (!g) return;
  run_ref("dc", g, r);
  expect_array(t, "dc directed in-degree", 3, r[0], (const uint32_t[]){1, 1, 1});
  expect_array(t, "dc directed out-degree", 3, r[1], (const uint32_t[]){1, 2, 0});
  free(r[0]);
  tb_expect_u64(t, "kcore directed rounds", run_ref("kcore", g, r), 4);
  expect_array(t, "kcore directed core", 3, r[0], (const uint32_t[]){2, 2, 1});
  free(r[0]);
  graph_free(g);
}

/* Undirected-view neighbours of v (with multiplicity) whose core is at least c. */
static uint32_t at_least(const graph_t *g, const uint32_t *core, uint32_t v, uint32_t c) {
  uint32_t k = 0;
  for (uint32_t i = g->out_off[v]; i < g->out_off[v + 1]; i++) k += core[g->out_dst[i]] >= c;
  if (!g->symmetric)
    for (uint32_t i = g->in_off[v]; i < g->in_off[v + 1]; i++) k += core[g->in_src[i]] >= c;
  return k;
}

/* DC against the CSR's in-offsets; kCore against the k-core property: a
 * vertex of core c has c neighbours of core >= c, and not c + 1 neighbours
 * of core >= c + 1 (else it would be in the (c+1)-core). */
static void graphpim_cross(tb_t *t, const graph_t *g, const char *spec, uint32_t *top_core, uint32_t *rounds) {
  uint32_t *r[KERN_MAX_RESULTS];
  char why[256];
  run_ref("dc", g, r);
  for (uint32_t v = 0; v < g->n; v++) r[1][v] = g->in_off[v + 1] - g->in_off[v];
  t->checks++;
  if (kref_compare("dc in-degree vs in-offsets", g->n, r[0], r[1], why, sizeof why)) tb_fail(t, "%s: %s\n", spec, why);
  free(r[0]);
  *rounds = run_ref("kcore", g, r);
  *top_core = 0;
  uint32_t bad = g->n;
  for (uint32_t v = 0; v < g->n && bad == g->n; v++) {
    const uint32_t c = r[0][v];
    if (c > *top_core) *top_core = c;
    if (c == GRAPH_INF || at_least(g, r[0], v, c) < c || at_least(g, r[0], v, c + 1) >= c + 1) bad = v;
  }
  t->checks++;
  if (bad < g->n) tb_fail(t, "%s: kcore: vertex %u core %u breaks the k-core property\n", spec, bad, r[0][bad]);
  free(r[0]);
}

/* Independent algorithms agree on bigger graphs. */
static void cross(tb_t *t, const char *spec, tb_fst_t *w) {
  graph_err_t err;
  graph_t *g = graph_open(spec, GRAPH_FMT_AUTO, NULL, &err);
  t->checks++;
  if (!g) {
    tb_fail(t, "%s: %s\n", spec, err.msg);
    return;
  }
  graph_kparams_t kp;
  graph_kparams_default(&kp, g);
  uint32_t n = g->n;
  uint32_t *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b), *c = malloc(n * sizeof *c);
  char why[256];
  uint32_t levels = kref_bfs(g, kp.bfs_source, a, b), reached = 0;
  for (uint32_t v = 0; v < n; v++) reached += b[v] != I;
  t->checks++;
  if (kref_bfs_verify(g, kp.bfs_source, a, b, b, why, sizeof why)) tb_fail(t, "%s: bfs: %s\n", spec, why);
  if (w) {
    int vl = tb_fst_var(w, "bfs.level", 16), vf = tb_fst_var(w, "bfs.frontier", 32), vr = tb_fst_var(w, "bfs.reached", 32);
    uint32_t sofar = 0;
    for (uint32_t l = 0; l < levels; l++) {
      uint32_t f = 0;
      for (uint32_t v = 0; v < n; v++) f += b[v] == l;
      sofar += f;
      tb_fst_time(w, l);
      tb_fst_set(w, vl, l);
      tb_fst_set(w, vf, f);
      tb_fst_set(w, vr, sofar);
    }
    tb_fst_time(w, levels);
  }
  uint32_t passes = kref_sssp_bf(g, kp.sssp_source, a);
  kref_sssp_dijkstra(g, kp.sssp_source, b);
  t->checks++;
  if (kref_compare("bellman-ford vs dijkstra dist", n, a, b, why, sizeof why)) tb_fail(t, "%s: %s\n", spec, why);
  uint32_t comps = kref_cc(g, a), rounds = kref_cc_lp(g, kp.cc_max_iters, b);
  t->checks++;
  if (kref_compare("label propagation vs union-find", n, b, a, why, sizeof why)) tb_fail(t, "%s: %s\n", spec, why);
  uint32_t it = kref_pr(g, kp.pr_max_iters, kp.pr_tolerance, c);
  /* push PageRank adds the same contributions in 32 bits (the sums stay
   * below 2^32): the same ranks and iterations as pull, and prp's verifier
   * rejects a rank one off */
  {
    uint32_t *r[KERN_MAX_RESULTS];
    const uint32_t pit = run_ref("prp", g, r);
    tb_expect_u64(t, "prp iterations equal pr's", pit, it);
    t->checks++;
    if (kref_compare("prp rank vs pr rank", n, r[0], c, why, sizeof why)) tb_fail(t, "%s: %s\n", spec, why);
    r[0][n / 2]++;
    tb_expect_u64(t, "prp verify rejects a wrong rank", verify("prp", g, (const uint32_t *const *)r, why, sizeof why) == -1, 1);
    free(r[0]);
  }
  uint64_t sum = 0;
  for (uint32_t v = 0; v < n; v++) sum += c[v];
  uint32_t top_core, peel;
  graphpim_cross(t, g, spec, &top_core, &peel);
  tb_log(t, "%s: n=%u m=%u bfs %u levels %u reached; sssp %u passes; cc %u components in %u rounds; pr %u it, sum %.4f; "
         "kcore largest %u in %u rounds\n",
         spec, n, g->m, levels, reached, passes, comps, rounds, it, sum / (double)GRAPH_PR_ONE, top_core, peel);
  /* ranks sum to at most 1 (dangling vertices leak rank), at least the teleport terms */
  t->checks++;
  if (sum > GRAPH_PR_ONE + n || sum < (uint64_t)kref_pr_base(n) * n) tb_fail(t, "%s: rank sum %llu\n", spec, (unsigned long long)sum);
  /* a spec shorter than the name is no such path (ASan found the read before spec) */
  if (strlen(spec) >= 18 && !strcmp(spec + strlen(spec) - 18, "p2p-Gnutella30.txt")) {
    /* measured once with these algorithms (graphtool run ...), pinned */
    tb_expect_u64(t, "gnutella bfs levels", levels, 19);
    tb_expect_u64(t, "gnutella bfs reached", reached, 35569);
    tb_expect_u64(t, "gnutella cc components", comps, 12);
    tb_expect_u64(t, "gnutella pr iterations", it, 9);
    tb_expect_u64(t, "gnutella largest core", top_core, 7);
    tb_expect_u64(t, "gnutella kcore rounds", peel, 43);
  }
  free(a);
  free(b);
  free(c);
  graph_free(g);
}

/* Every registry kernel, with no edit here for a new one: its reference is
 * deterministic, its verifier accepts the reference's own arrays, and
 * rejects each result array with one element changed (a value one up, at
 * vertices spread over the graph: a verifier that takes any tie, such as
 * BFS's parents, must still reject most of them). */
static void registry(tb_t *t, const graph_t *g, const char *spec) {
  const uint32_t n = g->n;
  for (unsigned i = 0; kern_at(i); i++) {
    const kern_t *k = kern_at(i);
    uint32_t *a[KERN_MAX_RESULTS], *b[KERN_MAX_RESULTS];
    const uint32_t ia = run_ref(k->name, g, a), ib = run_ref(k->name, g, b);
    graph_kparams_t kp;
    graph_kparams_default(&kp, g);
    char why[256];
    tb_expect_u64(t, "reference iterations repeat", ia, ib);
    t->checks++;
    for (unsigned r = 0; r < k->nresults; r++)
      if (memcmp(a[r], b[r], n * sizeof *a[r])) tb_fail(t, "%s: %s: reference result %u differs between two runs\n", spec, k->name, r);
    t->checks++;
    if (k->verify(g, &kp, (const uint32_t *const *)b, a, ib, ia, why, sizeof why))
      tb_fail(t, "%s: %s: verifier rejects the reference: %s\n", spec, k->name, why);
    for (unsigned r = 0; r < k->nresults; r++) {
      unsigned tried = 0, rejected = 0;
      for (uint32_t j = 1; j <= 16; j++) {
        const uint32_t v = (uint32_t)((uint64_t)n * j / 17);
        b[r][v]++;
        rejected += k->verify(g, &kp, (const uint32_t *const *)b, a, ib, ia, why, sizeof why) == -1;
        tried++;
        b[r][v]--;
      }
      tb_log(t, "%s: %s result %u (%s): %u of %u one-up changes rejected\n", spec, k->name, r, k->results[r].name, rejected, tried);
      t->checks++;
      if (rejected != tried) tb_fail(t, "%s: %s: verifier rejects only %u of %u changed %s arrays\n", spec, k->name, rejected, tried, k->results[r].name);
    }
    free(a[0]);
    free(b[0]);
  }
}

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "kernels_native", 1);
  tb_fst_t *w = tb_fst_open(t.waves, "kernels_native");
  hand(&t);
  graphpim_hand(&t);
  char spec[64];
  snprintf(spec, sizeof spec, "kron:12:8:%llu", (unsigned long long)t.seed);
  cross(&t, spec, NULL);
  snprintf(spec, sizeof spec, "uniform:12:4:%llu", (unsigned long long)t.seed);
  cross(&t, spec, NULL);
  const char *dir = getenv("COPIM_GRAPHS") ? getenv("COPIM_GRAPHS") : "../shared/data/graphs";
  char p[512];
  snprintf(p, sizeof p, "%s/p2p-Gnutella30.txt", dir);
  cross(&t, p, w);
  tb_fst_close(w);
  {
    graph_err_t err;
    graph_t *g = graph_open(p, GRAPH_FMT_AUTO, NULL, &err);
    t.checks++;
    if (!g) tb_fail(&t, "%s: %s\n", p, err.msg);
    else {
      registry(&t, g, p);
      graph_free(g);
    }
  }
  return tb_finish(&t);
}
