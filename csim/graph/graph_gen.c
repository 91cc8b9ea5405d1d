/* Graph generators, GAP benchmark suite style (see graph.h).  Integer
 * arithmetic only, one seeded xoshiro256** stream, so a (kind, scale,
 * degree, seed) names one edge list on every machine. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "graph.h"
#include "xoshiro.h"

/* Uniform in [0, n), n <= 2^32, without modulo bias (Lemire). */
static uint32_t gen_below(xoshiro_t *r, uint64_t n) {
  uint64_t x = xoshiro_next(r) >> 32;
  uint64_t m = x * n;
  uint32_t lo = (uint32_t)m;
  if (lo < n) {
    uint32_t t = (uint32_t)((0x100000000ull - n) % n);
    while (lo < t) {
      x = xoshiro_next(r) >> 32;
      m = x * n;
      lo = (uint32_t)m;
    }
  }
  return (uint32_t)(m >> 32);
}

/* 0 when kind:scale:degree is in range, else -1 with the message (the
 * spec's parser calls it before narrowing, so kron:99:8 is named too). */
static int gen_range(const char *kind, uint64_t scale, uint64_t degree, graph_err_t *err) {
  if (scale < 1 || scale > 30) {
    if (err) snprintf(err->msg, sizeof err->msg, "%s:0: scale %llu out of range (1..30)", kind, (unsigned long long)scale);
    return -1;
  }
  if (degree < 1 || degree > 0x7FFFFFF0ull || (degree << scale) > 0x7FFFFFF0ull) {
    if (err)
      snprintf(err->msg, sizeof err->msg, "%s:0: degree %llu out of range (1.., 2^scale * degree < 2^31)", kind,
               (unsigned long long)degree);
    return -1;
  }
  return 0;
}

static graph_el_t *gen_alloc(const char *kind, unsigned scale, unsigned degree, graph_err_t *err) {
  if (gen_range(kind, scale, degree, err)) return NULL;
  uint64_t m = ((uint64_t)1 << scale) * degree;
  graph_el_t *el = graph_el_new();
  if (el) {
    el->src = malloc(m * sizeof *el->src);
    el->dst = malloc(m * sizeof *el->dst);
    el->cap = m;
  }
  if (!el || !el->src || !el->dst) {
    graph_el_free(el);
    if (err) snprintf(err->msg, sizeof err->msg, "%s:0: out of memory for %llu edges", kind, (unsigned long long)m);
    return NULL;
  }
  el->n = 1u << scale;
  return el;
}

graph_el_t *graph_gen_uniform(unsigned scale, unsigned degree, uint64_t seed, graph_err_t *err) {
  graph_el_t *el = gen_alloc("uniform", scale, degree, err);
  if (!el) return NULL;
  xoshiro_t r;
  xoshiro_seed(&r, seed);
  for (size_t i = 0; i < el->cap; i++) {
    el->src[i] = gen_below(&r, el->n);
    el->dst[i] = gen_below(&r, el->n);
  }
  el->m = el->cap;
  return el;
}

/* One R-MAT draw on 2^scale vertices, quadrant thresholds on a 32-bit draw:
 * A = 0.57, A+B = 0.76, A+B+C = 0.95 (GAP's Kronecker parameters). */
static void gen_rmat_edge(xoshiro_t *r, unsigned scale, uint32_t *uo, uint32_t *vo) {
  const uint64_t ta = (57ull << 32) / 100, tab = (76ull << 32) / 100, tabc = (95ull << 32) / 100;
  uint32_t u = 0, v = 0;
  for (unsigned d = 0; d < scale; d++) {
    uint64_t x = xoshiro_next(r) >> 32;
    u <<= 1;
    v <<= 1;
    if (x < ta) continue;
    if (x < tab) v |= 1;
    else if (x < tabc) u |= 1;
    else u |= 1, v |= 1;
  }
  *uo = u;
  *vo = v;
}

/* A seeded permutation of el's ids, so vertex 0 is not always the hub;
 * frees el and returns -1 when out of memory. */
static int gen_permute(xoshiro_t *r, graph_el_t *el, const char *kind, graph_err_t *err) {
  uint32_t *perm = malloc((size_t)el->n * sizeof *perm);
  if (!perm) {
    graph_el_free(el);
    if (err) snprintf(err->msg, sizeof err->msg, "%s:0: out of memory", kind);
    return -1;
  }
  for (uint32_t i = 0; i < el->n; i++) perm[i] = i;
  for (uint32_t i = el->n - 1; i > 0; i--) {
    uint32_t j = gen_below(r, (uint64_t)i + 1), t = perm[i];
    perm[i] = perm[j];
    perm[j] = t;
  }
  for (size_t i = 0; i < el->m; i++) {
    el->src[i] = perm[el->src[i]];
    el->dst[i] = perm[el->dst[i]];
  }
  free(perm);
  return 0;
}

graph_el_t *graph_gen_kron(unsigned scale, unsigned degree, uint64_t seed, graph_err_t *err) {
  graph_el_t *el = gen_alloc("kron", scale, degree, err);
  if (!el) return NULL;
  xoshiro_t r;
  xoshiro_seed(&r, seed);
  for (size_t i = 0; i < el->cap; i++) gen_rmat_edge(&r, scale, &el->src[i], &el->dst[i]);
  el->m = el->cap;
  return gen_permute(&r, el, "kron", err) ? NULL : el;
}

/* A stand-in matched to a real graph's vertex and edge counts: exactly m
 * distinct edges (unordered pairs when symmetric, ordered ones otherwise),
 * no self loops, over exactly n vertices, none of them isolated (SNAP
 * counts only vertices with edges): a random recursive tree first (vertex
 * i joins a uniform earlier vertex, in a random direction when directed),
 * then R-MAT edges with kron's quadrants on the next power of two, draws
 * outside [0, n) rejected, then a seeded permutation of the ids.
 * Distinctness by an open-addressing set of the pairs. */
/* Adds the edge (u, v) to el unless the set holds it: 1 added, 0 not. */
static int gen_add_distinct(graph_el_t *el, uint64_t *set, uint64_t hcap, int directed, uint32_t u, uint32_t v) {
  uint64_t key = directed || u < v ? (uint64_t)u << 32 | v : (uint64_t)v << 32 | u;
  /* the product's top bits, which every bit of the key reaches (its low
   * bits see only the key's low bits: v and three of u's, so the pairs of
   * one destination, R-MAT's hubs, probed one long run); the slot decides
   * speed only, never which pairs are added */
  const unsigned bits = (unsigned)__builtin_ctzll(hcap);
  for (uint64_t h = bits ? (key * 0x9e3779b97f4a7c15ull) >> (64 - bits) : 0;; h++) {
    uint64_t *slot = &set[h & (hcap - 1)];
    if (*slot == key + 1) return 0;
    if (!*slot) {
      *slot = key + 1;
      el->src[el->m] = u;
      el->dst[el->m] = v;
      el->m++;
      return 1;
    }
  }
}

/* A stand-in's edge list for m edges over n vertices and its pair set
 * (pair + 1, 0 = empty, a power of two >= 2m slots); NULL when out of memory. */
static graph_el_t *gen_standin_alloc(const char *kind, uint32_t n, uint64_t m, uint64_t **set, uint64_t *hcap,
                                     graph_err_t *err) {
  *hcap = 1;
  while (*hcap < 2 * m) *hcap <<= 1;
  graph_el_t *el = graph_el_new();
  *set = calloc(*hcap, sizeof **set);
  if (el) {
    el->src = malloc(m * sizeof *el->src);
    el->dst = malloc(m * sizeof *el->dst);
    el->cap = m;
  }
  if (!el || !el->src || !el->dst || !*set) {
    graph_el_free(el);
    free(*set);
    if (err) snprintf(err->msg, sizeof err->msg, "%s:0: out of memory for %llu edges", kind, (unsigned long long)m);
    return NULL;
  }
  el->n = n;
  return el;
}

/* R-MAT draws on the next power of two above n until el holds m distinct
 * edges; frees el and set.  A dense request may not be reachable through
 * R-MAT's skew: it gives up after a bounded number of draws rather than
 * loop.  0, or -1 and err. */
static int gen_rmat_fill(graph_el_t *el, uint64_t *set, uint64_t hcap, int directed, uint64_t m, xoshiro_t *r,
                         const char *kind, graph_err_t *err) {
  unsigned scale = 1;
  while (((uint64_t)1 << scale) < el->n) scale++;
  uint64_t draws = 0, limit = 64 * m + 1000000;
  while (el->m < m) {
    if (draws++ == limit) {
      if (err)
        snprintf(err->msg, sizeof err->msg, "%s:0: %llu distinct edges not reached in %llu draws (%zu found)", kind,
                 (unsigned long long)m, (unsigned long long)limit, el->m);
      graph_el_free(el);
      free(set);
      return -1;
    }
    uint32_t u, v;
    gen_rmat_edge(r, scale, &u, &v);
    if (u < el->n && v < el->n && u != v) gen_add_distinct(el, set, hcap, directed, u, v);
  }
  free(set);
  return 0;
}

/* kind: the spec's generator name, which every error message starts with */
static graph_el_t *gen_rmat_named(const char *kind, uint32_t n, uint64_t m, int directed, uint64_t seed, graph_err_t *err) {
  const uint64_t pairs = directed ? (uint64_t)n * (n - 1) : (uint64_t)n * (n - 1) / 2;
  if (n < 2 || n > GRAPH_MAX_VERTICES_DEFAULT || m < n - 1 || m > pairs || m > (directed ? 0x7FFFFFF0ull : 0x3FFFFFF8ull)) {
    if (err)
      snprintf(err->msg, sizeof err->msg,
               "%s:0: %u vertices and %llu edges out of range (2..%u vertices, n-1..min(%s, 2^%d) edges)", kind, n,
               (unsigned long long)m, GRAPH_MAX_VERTICES_DEFAULT, directed ? "n(n-1)" : "n(n-1)/2", directed ? 31 : 30);
    return NULL;
  }
  uint64_t *set, hcap;
  graph_el_t *el = gen_standin_alloc(kind, n, m, &set, &hcap, err);
  if (!el) return NULL;
  xoshiro_t r;
  xoshiro_seed(&r, seed);
  for (uint32_t i = 1; i < n; i++) {
    uint32_t j = gen_below(&r, i);
    int flip = directed && (xoshiro_next(&r) >> 63);
    gen_add_distinct(el, set, hcap, directed, flip ? i : j, flip ? j : i); /* tree edges are distinct */
  }
  if (gen_rmat_fill(el, set, hcap, directed, m, &r, kind, err)) return NULL;
  return gen_permute(&r, el, kind, err) ? NULL : el;
}

graph_el_t *graph_gen_rmat(uint32_t n, uint64_t m, int directed, uint64_t seed, graph_err_t *err) {
  return gen_rmat_named(directed ? "rmatd" : "rmat", n, m, directed, seed, err);
}

/* ---------------------------------------------------------------- locality-keeping stand-ins */

/* Relabels el's vertices in breadth-first order over the undirected view,
 * from the vertex of largest degree (smallest id on ties), then from each
 * vertex not reached yet in id order, neighbours in edge-list order: the
 * order a crawler assigns ids in, so neighbours get nearby ids, as in real
 * SNAP files.  Frees el and returns -1 when out of memory. */
static int gen_bfs_relabel(graph_el_t *el, const char *kind, graph_err_t *err) {
  const uint32_t n = el->n;
  uint32_t *off = calloc((size_t)n + 2, sizeof *off), *adj = malloc((2 * el->m + 1) * sizeof *adj);
  uint32_t *order = malloc((size_t)n * sizeof *order), *label = malloc((size_t)n * sizeof *label);
  if (!off || !adj || !order || !label) {
    free(off), free(adj), free(order), free(label);
    graph_el_free(el);
    if (err) snprintf(err->msg, sizeof err->msg, "%s:0: out of memory", kind);
    return -1;
  }
  for (size_t i = 0; i < el->m; i++) off[el->src[i] + 2]++, off[el->dst[i] + 2]++;
  for (uint32_t v = 0; v < n; v++) off[v + 2] += off[v + 1];
  for (size_t i = 0; i < el->m; i++) adj[off[el->src[i] + 1]++] = el->dst[i], adj[off[el->dst[i] + 1]++] = el->src[i];
  uint32_t hub = 0;
  for (uint32_t v = 1; v < n; v++)
    if (off[v + 1] - off[v] > off[hub + 1] - off[hub]) hub = v;
  for (uint32_t v = 0; v < n; v++) label[v] = UINT32_MAX;
  uint32_t head = 0, tail = 0, next = 0;
  for (uint32_t s = hub;; s = next) {
    label[s] = tail;
    order[tail++] = s;
    while (head < tail) {
      const uint32_t u = order[head++];
      for (uint32_t k = off[u]; k < off[u + 1]; k++)
        if (label[adj[k]] == UINT32_MAX) label[adj[k]] = tail, order[tail++] = adj[k];
    }
    while (next < n && label[next] != UINT32_MAX) next++;
    if (next == n) break;
  }
  for (size_t i = 0; i < el->m; i++) el->src[i] = label[el->src[i]], el->dst[i] = label[el->dst[i]];
  free(off), free(adj), free(order), free(label);
  return 0;
}

graph_el_t *graph_gen_rmat_local(uint32_t n, uint64_t m, int directed, uint64_t seed, graph_err_t *err) {
  const char *kind = directed ? "rmatld" : "rmatl";
  graph_el_t *el = gen_rmat_named(kind, n, m, directed, seed, err);
  if (el && gen_bfs_relabel(el, kind, err)) return NULL;
  return el;
}

graph_el_t *graph_gen_swr(uint32_t n, uint64_t m, int directed, uint32_t cc4, uint64_t seed, graph_err_t *err) {
  const char *kind = directed ? "swrd" : "swr";
  const uint64_t pairs = directed ? (uint64_t)n * (n - 1) : (uint64_t)n * (n - 1) / 2;
  if (n < 2 || n > GRAPH_MAX_VERTICES_DEFAULT || m < n - 1 || m > pairs / 2 || m > (directed ? 0x7FFFFFF0ull : 0x3FFFFFF8ull) ||
      cc4 > 10000) {
    if (err)
      snprintf(err->msg, sizeof err->msg,
               "%s:0: %u vertices, %llu edges, clustering %u/10000 out of range (2..%u vertices, n-1..min(%s / 2, 2^%d) "
               "edges, clustering 0..1)",
               kind, n, (unsigned long long)m, cc4, GRAPH_MAX_VERTICES_DEFAULT, directed ? "n(n-1)" : "n(n-1)/2",
               directed ? 31 : 30);
    return NULL;
  }
  /* a vertex's clustering is about C_lattice x (local share of its
   * neighbours)^2 with C_lattice = 3/4 for a ring lattice: the local share
   * f = sqrt(cc / 0.75), at least the path that keeps every vertex in */
  uint64_t local = (uint64_t)llround((double)m * sqrt((double)cc4 / 7500.0));
  if (local < n - 1) local = n - 1;
  if (local > m) local = m;
  uint64_t *set, hcap;
  graph_el_t *el = gen_standin_alloc(kind, n, m, &set, &hcap, err);
  if (!el) return NULL;
  xoshiro_t r;
  xoshiro_seed(&r, seed);
  /* the ring lattice: every pair at distance 1, then 2, ..., the last
   * distance a uniform subset (selection sampling) */
  for (uint32_t d = 1; el->m < local && d < n; d++) {
    uint64_t want = local - el->m, left = n - d;
    for (uint32_t u = 0; u + d < n && want; u++, left--) {
      if (want < left && gen_below(&r, left) >= want) continue;
      int flip = directed && (xoshiro_next(&r) >> 63);
      gen_add_distinct(el, set, hcap, directed, flip ? u + d : u, flip ? u : u + d);
      want--;
    }
  }
  /* the long-range edges: R-MAT draws on the lattice's ids, unpermuted */
  return gen_rmat_fill(el, set, hcap, directed, m, &r, kind, err) ? NULL : el;
}

static int spec_num(const char **pp, uint64_t *v) {
  const char *p = *pp;
  if (*p < '0' || *p > '9') return -1;
  uint64_t x = 0;
  while (*p >= '0' && *p <= '9') {
    if (x > 0xFFFFFFFFFFull) return -1;
    x = x * 10 + (uint64_t)(*p++ - '0');
  }
  *v = x;
  *pp = p;
  return 0;
}

/* "0.6324" (at most four decimals, at most 1) -> 6324; -1 if malformed. */
static int spec_frac4(const char **pp, uint32_t *v) {
  const char *p = *pp;
  if (*p != '0' && *p != '1') return -1;
  uint32_t x = (uint32_t)(*p++ - '0') * 10000, scale = 1000;
  if (*p == '.') {
    p++;
    if (*p < '0' || *p > '9') return -1;
    for (; *p >= '0' && *p <= '9'; p++) {
      if (!scale) return -1;
      x += (uint32_t)(*p - '0') * scale;
      scale /= 10;
    }
  }
  if (x > 10000) return -1;
  *v = x;
  *pp = p;
  return 0;
}

/* The count-matched stand-ins: NAME:VERTICES:EDGES[:CC][:SEED]. */
static const struct {
  const char *name;
  int directed, local, cc; /* local: BFS-order relabelling; cc: swr's clustering coefficient */
} gen_standins[] = {{"rmat", 0, 0, 0},  {"rmatd", 1, 0, 0}, {"rmatl", 0, 1, 0},
                    {"rmatld", 1, 1, 0}, {"swr", 0, 0, 1},  {"swrd", 1, 0, 1}};

graph_t *graph_open(const char *spec, graph_fmt_t fmt, const graph_opts_t *opts, graph_err_t *err) {
  int gi = -1;
  for (int i = 0; i < (int)(sizeof gen_standins / sizeof gen_standins[0]); i++) {
    size_t k = strlen(gen_standins[i].name);
    if (!strncmp(spec, gen_standins[i].name, k) && spec[k] == ':') gi = i;
  }
  if (gi >= 0) {
    const int rmatd = gen_standins[gi].directed, rmat = !rmatd, cc = gen_standins[gi].cc;
    const char *p = spec + strlen(gen_standins[gi].name) + 1;
    uint64_t n, m, seed = 1;
    uint32_t cc4 = 0;
    if (spec_num(&p, &n) || *p++ != ':' || spec_num(&p, &m) || (cc && (*p++ != ':' || spec_frac4(&p, &cc4))) ||
        (*p == ':' && (p++, spec_num(&p, &seed))) || *p || n > 0xFFFFFFFFu) {
      if (err)
        snprintf(err->msg, sizeof err->msg, "%s:0: generator spec is %s:VERTICES:EDGES%s[:SEED]", spec,
                 gen_standins[gi].name, cc ? ":CLUSTERING" : "");
      return NULL;
    }
    graph_el_t *el = cc ? graph_gen_swr((uint32_t)n, m, rmatd, cc4, seed, err)
                     : gen_standins[gi].local ? graph_gen_rmat_local((uint32_t)n, m, rmatd, seed, err)
                                              : graph_gen_rmat((uint32_t)n, m, rmatd, seed, err);
    if (!el) return NULL;
    graph_opts_t o = opts ? *opts : (graph_opts_t){0};
    o.symmetrize = rmat;
    graph_t *g = graph_build(el, &o, spec, err);
    graph_el_free(el);
    return g;
  }
  int kron = !strncmp(spec, "kron:", 5), uni = !strncmp(spec, "uniform:", 8);
  if (!kron && !uni) return graph_load(spec, fmt, opts, err);
  const char *p = spec + (kron ? 5 : 8);
  uint64_t scale, degree, seed = 1;
  if (spec_num(&p, &scale) || *p++ != ':' || spec_num(&p, &degree) || (*p == ':' && (p++, spec_num(&p, &seed))) ||
      *p) {
    if (err)
      snprintf(err->msg, sizeof err->msg, "%s:0: generator spec is %s:SCALE:DEGREE[:SEED]", spec,
               kron ? "kron" : "uniform");
    return NULL;
  }
  if (gen_range(kron ? "kron" : "uniform", scale, degree, err)) return NULL;
  graph_el_t *el = kron ? graph_gen_kron((unsigned)scale, (unsigned)degree, seed, err)
                        : graph_gen_uniform((unsigned)scale, (unsigned)degree, seed, err);
  if (!el) return NULL;
  graph_opts_t o = opts ? *opts : (graph_opts_t){0};
  o.symmetrize = 1;
  graph_t *g = graph_build(el, &o, spec, err);
  graph_el_free(el);
  return g;
}
