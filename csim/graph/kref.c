/* Native reference kernels and verifiers (see kref.h). */
#include "kref.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define INF GRAPH_INF

uint32_t kref_bfs(const graph_t *g, uint32_t src, uint32_t *parent, uint32_t *depth) {
  uint32_t n = g->n;
  for (uint32_t v = 0; v < n; v++) parent[v] = depth[v] = INF;
  uint32_t *cur = malloc(((size_t)n + 1) * sizeof *cur), *next = malloc(((size_t)n + 1) * sizeof *next);
  if (!cur || !next) {
    free(cur);
    free(next);
    return 0;
  }
  parent[src] = src;
  depth[src] = 0;
  cur[0] = src;
  uint32_t ncur = 1, level = 0;
  while (ncur) {
    uint32_t nnext = 0;
    for (uint32_t i = 0; i < ncur; i++) {
      uint32_t u = cur[i];
      for (uint32_t k = g->out_off[u]; k < g->out_off[u + 1]; k++) {
        uint32_t v = g->out_dst[k];
        if (depth[v] != INF && depth[v] <= level) continue;
        if (u < parent[v]) {
          if (parent[v] == INF) {
            depth[v] = level + 1;
            next[nnext++] = v;
          }
          parent[v] = u;
        }
      }
    }
    uint32_t *t = cur;
    cur = next;
    next = t;
    ncur = nnext;
    level++;
  }
  free(cur);
  free(next);
  return level;
}

static int has_edge(const graph_t *g, uint32_t u, uint32_t v) {
  uint32_t lo = g->out_off[u], hi = g->out_off[u + 1];
  while (lo < hi) {
    uint32_t mid = lo + (hi - lo) / 2;
    if (g->out_dst[mid] < v) lo = mid + 1;
    else hi = mid;
  }
  return lo < g->out_off[u + 1] && g->out_dst[lo] == v;
}

int kref_bfs_verify(const graph_t *g, uint32_t src, const uint32_t *parent, const uint32_t *depth,
                    const uint32_t *ref_depth, char *why, size_t cap) {
  if (parent[src] != src || depth[src] != 0) {
    snprintf(why, cap, "source %u: parent %u depth %u, expected itself at depth 0", src, parent[src], depth[src]);
    return -1;
  }
  for (uint32_t v = 0; v < g->n; v++) {
    if (depth[v] != ref_depth[v]) {
      snprintf(why, cap, "vertex %u: depth %u, expected %u", v, depth[v], ref_depth[v]);
      return -1;
    }
    if (v == src) continue;
    uint32_t p = parent[v];
    if (depth[v] == INF) {
      if (p != INF) {
        snprintf(why, cap, "vertex %u: unreached but has parent %u", v, p);
        return -1;
      }
      continue;
    }
    if (p >= g->n || !has_edge(g, p, v)) {
      snprintf(why, cap, "vertex %u: parent %u is not an in-neighbour", v, p);
      return -1;
    }
    if (depth[p] + 1 != depth[v]) {
      snprintf(why, cap, "vertex %u at depth %u: parent %u at depth %u", v, depth[v], p, depth[p]);
      return -1;
    }
  }
  return 0;
}

uint32_t kref_sssp_bf(const graph_t *g, uint32_t src, uint32_t *dist) {
  uint32_t n = g->n, passes = 0;
  for (uint32_t v = 0; v < n; v++) dist[v] = INF;
  dist[src] = 0;
  int changed;
  do {
    changed = 0;
    passes++;
    for (uint32_t u = 0; u < n; u++) {
      uint32_t du = dist[u];
      if (du == INF) continue;
      for (uint32_t k = g->out_off[u]; k < g->out_off[u + 1]; k++) {
        uint32_t v = g->out_dst[k], nd = kref_dist_add(du, g->out_w[k]);
        if (nd < dist[v]) {
          dist[v] = nd;
          changed = 1;
        }
      }
    }
  } while (changed && passes <= n);
  return passes;
}

/* min-heap of (dist, vertex) packed in 64 bits, lazy deletion */
int kref_sssp_dijkstra(const graph_t *g, uint32_t src, uint32_t *dist) {
  uint32_t n = g->n;
  size_t cap = (size_t)g->m + 2, len = 0;
  uint64_t *h = malloc(cap * sizeof *h);
  if (!h) return -1;
  for (uint32_t v = 0; v < n; v++) dist[v] = INF;
  dist[src] = 0;
  h[len++] = src;
  while (len) {
    uint64_t top = h[0];
    h[0] = h[--len];
    for (size_t i = 0;;) {
      size_t l = 2 * i + 1, r = l + 1, s = i;
      if (l < len && h[l] < h[s]) s = l;
      if (r < len && h[r] < h[s]) s = r;
      if (s == i) break;
      uint64_t t = h[i];
      h[i] = h[s];
      h[s] = t;
      i = s;
    }
    uint32_t u = (uint32_t)top, du = (uint32_t)(top >> 32);
    if (du != dist[u]) continue;
    for (uint32_t k = g->out_off[u]; k < g->out_off[u + 1]; k++) {
      uint32_t v = g->out_dst[k], nd = kref_dist_add(du, g->out_w[k]);
      if (nd < dist[v]) {
        dist[v] = nd;
        if (len == cap) {
          uint64_t *x = realloc(h, 2 * cap * sizeof *h);
          if (!x) {
            free(h);
            return -1;
          }
          h = x;
          cap *= 2;
        }
        size_t i = len++;
        h[i] = ((uint64_t)nd << 32) | v;
        while (i && h[(i - 1) / 2] > h[i]) {
          uint64_t t = h[i];
          h[i] = h[(i - 1) / 2];
          h[(i - 1) / 2] = t;
          i = (i - 1) / 2;
        }
      }
    }
  }
  free(h);
  return 0;
}

uint32_t kref_pr_base(uint32_t n) {
  return (uint32_t)((((uint64_t)(65536u - GRAPH_PR_DAMP_Q16)) << 14) / n);
}

uint32_t kref_pr(const graph_t *g, uint32_t max_iters, uint32_t tolerance, uint32_t *rank) {
  uint32_t n = g->n, base = kref_pr_base(n), it = 0;
  uint32_t *contrib = malloc(((size_t)n + 1) * sizeof *contrib);
  if (!contrib) return 0;
  for (uint32_t v = 0; v < n; v++) rank[v] = GRAPH_PR_ONE / n;
  while (it < max_iters) {
    it++;
    for (uint32_t u = 0; u < n; u++) {
      uint32_t deg = g->out_off[u + 1] - g->out_off[u];
      contrib[u] = deg ? rank[u] / deg : 0;
    }
    uint32_t err = 0;
    for (uint32_t v = 0; v < n; v++) {
      uint64_t sum = 0;
      for (uint32_t k = g->in_off[v]; k < g->in_off[v + 1]; k++) sum += contrib[g->in_src[k]];
      uint32_t nr = base + (uint32_t)((sum * GRAPH_PR_DAMP_Q16) >> 16);
      err += nr > rank[v] ? nr - rank[v] : rank[v] - nr;
      rank[v] = nr;
    }
    if (err < tolerance) break;
  }
  free(contrib);
  return it;
}

uint32_t kref_prp(const graph_t *g, uint32_t max_iters, uint32_t tolerance, uint32_t *rank, uint32_t *next) {
  uint32_t n = g->n, base = kref_pr_base(n), it = 0;
  for (uint32_t v = 0; v < n; v++) rank[v] = GRAPH_PR_ONE / n, next[v] = 0;
  while (it < max_iters) {
    it++;
    for (uint32_t u = 0; u < n; u++) {
      uint32_t b = g->out_off[u], e = g->out_off[u + 1];
      if (b == e) continue;
      uint32_t c = rank[u] / (e - b);
      for (uint32_t k = b; k < e; k++) next[g->out_dst[k]] += c;
    }
    uint32_t err = 0;
    for (uint32_t v = 0; v < n; v++) {
      uint32_t nr = base + (uint32_t)(((uint64_t)next[v] * GRAPH_PR_DAMP_Q16) >> 16);
      err += nr > rank[v] ? nr - rank[v] : rank[v] - nr;
      rank[v] = nr;
      next[v] = 0;
    }
    if (err < tolerance) break;
  }
  return it;
}

static uint32_t uf_find(uint32_t *p, uint32_t x) {
  while (p[x] != x) {
    p[x] = p[p[x]];
    x = p[x];
  }
  return x;
}

uint32_t kref_cc(const graph_t *g, uint32_t *label) {
  uint32_t n = g->n, comps = 0;
  for (uint32_t v = 0; v < n; v++) label[v] = v;
  /* union by smaller root id: every root is its component's smallest id */
  for (uint32_t u = 0; u < n; u++)
    for (uint32_t k = g->out_off[u]; k < g->out_off[u + 1]; k++) {
      uint32_t a = uf_find(label, u), b = uf_find(label, g->out_dst[k]);
      if (a < b) label[b] = a;
      else if (b < a) label[a] = b;
    }
  for (uint32_t v = 0; v < n; v++) {
    label[v] = uf_find(label, v);
    comps += label[v] == v;
  }
  return comps;
}

uint32_t kref_cc_lp(const graph_t *g, uint32_t max_rounds, uint32_t *label) {
  uint32_t n = g->n, rounds = 0;
  for (uint32_t v = 0; v < n; v++) label[v] = v;
  int changed;
  do {
    changed = 0;
    rounds++;
    for (uint32_t u = 0; u < n; u++) {
      for (uint32_t k = g->out_off[u]; k < g->out_off[u + 1]; k++) {
        uint32_t v = g->out_dst[k];
        if (label[u] < label[v]) label[v] = label[u], changed = 1;
      }
      if (!g->symmetric)
        for (uint32_t k = g->in_off[u]; k < g->in_off[u + 1]; k++) {
          uint32_t v = g->in_src[k];
          if (label[u] < label[v]) label[v] = label[u], changed = 1;
        }
    }
  } while (changed && rounds < max_rounds);
  return rounds;
}

int kref_cc_same_partition(uint32_t n, const uint32_t *a, const uint32_t *b, char *why, size_t cap) {
  /* a -> b must be a function and b -> a too; label spaces are 32-bit, so
   * map through the first vertex seen with each label */
  uint32_t *fa = malloc(((size_t)n + 1) * sizeof *fa), *fb = malloc(((size_t)n + 1) * sizeof *fb);
  uint32_t *ia = calloc((size_t)n + 1, sizeof *ia), *ib = calloc((size_t)n + 1, sizeof *ib);
  int rc = 0;
  if (!fa || !fb || !ia || !ib) {
    snprintf(why, cap, "out of memory");
    rc = -1;
    goto out;
  }
  /* labels outside 0..n-1 are an error here: every kernel labels by vertex id */
  for (uint32_t v = 0; v < n && !rc; v++) {
    if (a[v] >= n || b[v] >= n) {
      snprintf(why, cap, "vertex %u: label %u / %u not a vertex id", v, a[v], b[v]);
      rc = -1;
      break;
    }
    if (!ia[a[v]]) ia[a[v]] = 1, fa[a[v]] = b[v];
    if (!ib[b[v]]) ib[b[v]] = 1, fb[b[v]] = a[v];
    if (fa[a[v]] != b[v] || fb[b[v]] != a[v]) {
      snprintf(why, cap, "vertex %u: components differ (labels %u and %u)", v, a[v], b[v]);
      rc = -1;
    }
  }
out:
  free(fa);
  free(fb);
  free(ia);
  free(ib);
  return rc;
}

int kref_compare(const char *what, uint32_t n, const uint32_t *got, const uint32_t *want, char *why, size_t cap) {
  for (uint32_t v = 0; v < n; v++)
    if (got[v] != want[v]) {
      snprintf(why, cap, "%s[%u] = %u, expected %u", what, v, got[v], want[v]);
      return -1;
    }
  return 0;
}
