/* graph_readers: every input format on small hand-written files with their
 * exact CSR, the real SNAP graphs (com-DBLP's undirected file read both ways), the generators, the
 * memory image, and every bad-input case with its exact "file:line:" error.
 *
 * Files are written to a fresh directory under $TMPDIR (or /tmp).  The real
 * graphs come from $COPIM_GRAPHS (default ../shared/data/graphs).
 * Waveform: one step per case, `case` = its number, `ok` = it passed. */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zlib.h>

#include "graph.h"
#include "kernels.h"
#include "tb.h"
#include "tb_fst.h"

typedef struct {
  tb_t *t;
  char dir[256];
  tb_fst_t *w;
  int v_case, v_ok;
  unsigned ncase;
} ctx_t;

static void mark(ctx_t *c, unsigned long failures_before) {
  tb_fst_time(c->w, c->ncase);
  tb_fst_set(c->w, c->v_case, c->ncase);
  tb_fst_set(c->w, c->v_ok, c->t->failures == failures_before);
  c->ncase++;
}

static const char *path_of(ctx_t *c, const char *name, char *buf, size_t cap) {
  snprintf(buf, cap, "%s/%s", c->dir, name);
  return buf;
}

static const char *write_file(ctx_t *c, const char *name, const char *text, size_t len) {
  static char buf[512];
  path_of(c, name, buf, sizeof buf);
  FILE *f = fopen(buf, "wb");
  if (!f || fwrite(text, 1, len, f) != len || fclose(f)) tb_fail(c->t, "cannot write %s\n", buf);
  return buf;
}

static const char *write_text(ctx_t *c, const char *name, const char *text) {
  return write_file(c, name, text, strlen(text));
}

/* Writes text gzip-compressed; returns the compressed size. */
static long write_gz(ctx_t *c, const char *name, const char *text) {
  char buf[512];
  path_of(c, name, buf, sizeof buf);
  gzFile z = gzopen(buf, "wb");
  if (!z || gzwrite(z, text, (unsigned)strlen(text)) != (int)strlen(text) || gzclose(z) != Z_OK) {
    tb_fail(c->t, "cannot write %s\n", buf);
    return 0;
  }
  struct stat st;
  stat(buf, &st);
  return (long)st.st_size;
}

/* Expected CSR as "u>v:w u>v:w ..." (weights optional when check_w = 0). */
static void expect_csr(ctx_t *c, const char *what, const graph_t *g, uint32_t n, const char *want, int check_w) {
  char got[2048] = "";
  size_t at = 0;
  for (uint32_t u = 0; u < g->n; u++)
    for (uint32_t k = g->out_off[u]; k < g->out_off[u + 1] && at < sizeof got - 40; k++) {
      if (check_w) at += (size_t)snprintf(got + at, sizeof got - at, "%s%u>%u:%u", at ? " " : "", u, g->out_dst[k], g->out_w[k]);
      else at += (size_t)snprintf(got + at, sizeof got - at, "%s%u>%u", at ? " " : "", u, g->out_dst[k]);
    }
  c->t->checks++;
  if (g->n != n || strcmp(got, want)) tb_fail(c->t, "%s: n=%u csr '%s', expected n=%u '%s'\n", what, g->n, got, n, want);
}

static graph_t *load_ok(ctx_t *c, const char *path, graph_fmt_t fmt, const graph_opts_t *o) {
  graph_err_t err;
  graph_t *g = graph_load(path, fmt, o, &err);
  c->t->checks++;
  if (!g) tb_fail(c->t, "%s: unexpected error: %s\n", path, err.msg);
  return g;
}

/* write_text + load_ok: the file name, its text, the format and options */
static graph_t *text_graph(ctx_t *c, const char *name, const char *text, graph_fmt_t fmt, const graph_opts_t *o) {
  char p[512];
  write_text(c, name, text);
  return load_ok(c, path_of(c, name, p, sizeof p), fmt, o);
}

/* The error must be exactly "<path>:<suffix>" (suffix starts with the line). */
static void expect_err(ctx_t *c, const char *name, graph_fmt_t fmt, const char *want_suffix) {
  char path[512];
  path_of(c, name, path, sizeof path);
  graph_err_t err = {{0}};
  graph_opts_t o = {.max_vertices = 1000};
  unsigned long f0 = c->t->failures;
  graph_t *g = graph_load(path, fmt, &o, &err);
  c->t->checks++;
  char want[1024];
  snprintf(want, sizeof want, "%s:%s", path, want_suffix);
  if (g) tb_fail(c->t, "%s: accepted, expected error '%s'\n", name, want);
  else if (strcmp(err.msg, want)) tb_fail(c->t, "%s: error '%s', expected '%s'\n", name, err.msg, want);
  else if (strchr(err.msg, '\n')) tb_fail(c->t, "%s: error has a newline\n", name);
  graph_free(g);
  mark(c, f0);
}

static void bad(ctx_t *c, const char *name, const char *text, graph_fmt_t fmt, const char *want_suffix) {
  write_text(c, name, text);
  expect_err(c, name, fmt, want_suffix);
}

static void good_cases(ctx_t *c) {
  tb_t *t = c->t;
  unsigned long f0;
  char p[512];
  /* SNAP: comments, tabs, CRLF, sparse ids (remapped in id order), a
   * self-loop and a duplicate dropped, weights generated */
  const char *snap = "# Directed graph\r\n# FromNodeId\tToNodeId\r\n10\t2000000000\r\n2000000000\t5\r\n"
                     "  5   10  \r\n10\t10\r\n10\t2000000000\r\n\r\n";
  f0 = t->failures;
  write_text(c, "a.txt", snap);
  graph_t *g = load_ok(c, path_of(c, "a.txt", p, sizeof p), GRAPH_FMT_AUTO, NULL);
  if (g) {
    expect_csr(c, "snap", g, 3, "0>1:110 1>2:47 2>0:139", 1);
    tb_expect_u64(t, "snap: ids[1] (original id)", g->ids ? g->ids[1] : 0, 10);
    tb_expect_u64(t, "snap: ids[2]", g->ids ? g->ids[2] : 0, 2000000000);
    tb_expect_u64(t, "snap: weights are symmetric", graph_weight(0, 1, 2), graph_weight(0, 2, 1));
    tb_expect_u64(t, "snap: not symmetric", g->symmetric, 0);
    /* transpose: in-edges of 1 come from 0 */
    tb_expect_u64(t, "snap: in-degree of 1", g->in_off[2] - g->in_off[1], 1);
    tb_expect_u64(t, "snap: in-edge of 1", g->in_src[g->in_off[1]], 0);
  }
  graph_free(g);
  mark(c, f0);
  /* SNAP's signed / temporal networks: columns after the second ignored
   * (as SNAP's loader does), its .csv commas, KONECT's % comments */
  f0 = t->failures;
  g = text_graph(c, "s.csv", "% konect header\n7188,1,10,1407470400\n1 7188 -1 5\n1\t2\t0.5\n", GRAPH_FMT_AUTO, NULL);
  if (g) {
    expect_csr(c, "snap extra columns", g, 3, "0>1 0>2 2>0", 0);
    tb_expect_u64(t, "snap extra columns: generated weights", g->input_weighted, 0);
  }
  graph_free(g);
  mark(c, f0);
  /* the same, gzip-compressed, and symmetrised */
  f0 = t->failures;
  write_gz(c, "a.txt.gz", snap);
  graph_opts_t sym = {.symmetrize = 1};
  g = load_ok(c, path_of(c, "a.txt.gz", p, sizeof p), GRAPH_FMT_AUTO, &sym);
  if (g) expect_csr(c, "snap.gz symmetrised", g, 3, "0>1:110 0>2:139 1>0:110 1>2:47 2>0:139 2>1:47", 1);
  graph_free(g);
  mark(c, f0);
  /* SNAP's undirected files (com-*.ungraph.txt) list each pair once under
   * the header "# Undirected graph: ...": read symmetrised, and as stored
   * with --directed; "# Directed graph" above stays one-way, and a
   * "# Undirected graph" line after the first edge is no header */
  f0 = t->failures;
  const char *ung = "# Undirected graph: ../../data/output/x.ungraph.txt\n# X\n# Nodes: 3 Edges: 2\n"
                    "# FromNodeId\tToNodeId\n7\t9\n9\t4\n";
  g = text_graph(c, "u.ungraph.txt", ung, GRAPH_FMT_AUTO, NULL);
  if (g) {
    expect_csr(c, "snap undirected header", g, 3, "0>2 1>2 2>0 2>1", 0);
    tb_expect_u64(t, "snap undirected header: symmetric", g->symmetric, 1);
    tb_expect_u64(t, "snap undirected header: said so", g->undirected_input, 1);
  }
  graph_free(g);
  graph_opts_t dir = {.directed = 1};
  g = load_ok(c, path_of(c, "u.ungraph.txt", p, sizeof p), GRAPH_FMT_AUTO, &dir);
  if (g) {
    expect_csr(c, "snap undirected header, --directed", g, 3, "1>2 2>0", 0);
    tb_expect_u64(t, "snap undirected header, --directed: not symmetric", g->symmetric, 0);
    tb_expect_u64(t, "snap undirected header, --directed: said so", g->undirected_input, 1);
  }
  graph_free(g);
  g = text_graph(c, "u2.txt", "7 9\n# Undirected graph\n9 4\n", GRAPH_FMT_AUTO, NULL);
  if (g) tb_expect_u64(t, "undirected line after an edge: no header", g->symmetric || g->undirected_input, 0);
  graph_free(g);
  mark(c, f0);
  /* .el: dense ids, vertex 4 has no edges but exists (n = max id + 1) */
  f0 = t->failures;
  g = text_graph(c, "b.el", "0 1\n1 2\n# comment\n2 0\n4 1\n", GRAPH_FMT_AUTO, NULL);
  if (g) expect_csr(c, "el", g, 5, "0>1 1>2 2>0 4>1", 0);
  graph_free(g);
  mark(c, f0);
  /* .wel: input weights, duplicate keeps the smaller weight, symmetrised
   * pair keeps the smaller of both directions */
  f0 = t->failures;
  g = text_graph(c, "c.wel", "0 1 7\n0 1 3\n1 0 9\n1 2 255\n2 2 1\n", GRAPH_FMT_AUTO, &sym);
  if (g) {
    expect_csr(c, "wel", g, 3, "0>1:3 1>0:3 1>2:255 2>1:255", 1);
    tb_expect_u64(t, "wel: input weighted", g->input_weighted, 1);
  }
  graph_free(g);
  mark(c, f0);
  /* .mtx general integer (1-based), comments, format given explicitly */
  f0 = t->failures;
  write_text(c, "d.dat",
             "%%MatrixMarket matrix coordinate integer general\n% comment\n%\n4 4 3\n1 2 10\n2 3 20\n4 1 30\n");
  g = load_ok(c, path_of(c, "d.dat", p, sizeof p), GRAPH_FMT_MTX, NULL);
  if (g) expect_csr(c, "mtx integer", g, 4, "0>1:10 1>2:20 3>0:30", 1);
  graph_free(g);
  mark(c, f0);
  /* .mtx symmetric pattern: lower triangle given, both directions built */
  f0 = t->failures;
  g = text_graph(c, "e.mtx", "%%MatrixMarket matrix coordinate pattern symmetric\n3 3 2\n2 1\n3 2\n", GRAPH_FMT_AUTO,
                 NULL);
  if (g) {
    expect_csr(c, "mtx symmetric", g, 3, "0>1 1>0 1>2 2>1", 0);
    tb_expect_u64(t, "mtx symmetric flag", g->symmetric, 1);
  }
  graph_free(g);
  mark(c, f0);
  /* .mtx real: weights rounded */
  f0 = t->failures;
  g = text_graph(c, "f.mtx", "%%MatrixMarket matrix coordinate real general\n2 3 2\n1 3 2.6\n2 1 1e1\n", GRAPH_FMT_AUTO,
                 NULL);
  if (g) expect_csr(c, "mtx real", g, 3, "0>2:3 1>0:10", 1);
  graph_free(g);
  mark(c, f0);
  /* .mtx whose values are no weights (a negative one, one above 2^31-1):
   * read unweighted, weights generated as for a pattern file, the first
   * such line kept; only sssp refuses it (kern_graph_check) */
  f0 = t->failures;
  g = text_graph(c, "g.mtx", "%%MatrixMarket matrix coordinate integer general\n3 3 3\n1 2 5\n2 3 -4\n3 1 4294967296\n",
                 GRAPH_FMT_AUTO, NULL);
  if (g) {
    char want[64], why[512];
    snprintf(want, sizeof want, "0>1:%u 1>2:%u 2>0:%u", graph_weight(0, 0, 1), graph_weight(0, 1, 2),
             graph_weight(0, 2, 0));
    expect_csr(c, "mtx with values that are no weights", g, 3, want, 1);
    tb_expect_u64(t, "mtx negative value: not input-weighted", g->input_weighted, 0);
    tb_expect_u64(t, "mtx negative value: its line", g->nonweight_line, 4);
    tb_expect_u64(t, "bfs runs on it", kern_graph_check(kern_find("bfs"), g, "g.mtx", why, sizeof why), 0);
    const int sssp_rc = kern_graph_check(kern_find("sssp"), g, "g.mtx", why, sizeof why);
    tb_expect_u64(t, "sssp refuses it", sssp_rc == -1, 1);
    c->t->checks++;
    if (strncmp(why, "g.mtx:4: sssp needs edge weights", 32)) tb_fail(t, "sssp refusal: '%s'\n", why);
  }
  graph_free(g);
  g = text_graph(c, "h.mtx", "%%MatrixMarket matrix coordinate real symmetric\n2 2 1\n2 1 -0.25\n", GRAPH_FMT_AUTO,
                 NULL);
  if (g) {
    tb_expect_u64(t, "mtx negative real: its line", g->nonweight_line, 3);
    tb_expect_u64(t, "mtx negative real: weight generated", g->out_w[0], graph_weight(0, 0, 1));
  }
  graph_free(g);
  g = load_ok(c, path_of(c, "d.dat", p, sizeof p), GRAPH_FMT_MTX, NULL);
  if (g) tb_expect_u64(t, "mtx weights: no such line", g->nonweight_line, 0);
  graph_free(g);
  mark(c, f0);
  /* self-loops kept on request */
  f0 = t->failures;
  graph_opts_t keep = {.keep_self_loops = 1};
  g = load_ok(c, path_of(c, "c.wel", p, sizeof p), GRAPH_FMT_AUTO, &keep);
  if (g) expect_csr(c, "wel with self-loop", g, 3, "0>1:3 1>0:9 1>2:255 2>2:1", 1);
  graph_free(g);
  mark(c, f0);
}

/* What every CSR must be, checked edge by edge: each adjacency strictly
 * increasing (sorted, one edge per destination), the original ids of a
 * remapped file increasing, and the in-arrays the out-arrays transposed
 * (each in-list increasing too, as the scan of the out-lists makes it).
 * The sorts of graph_build and of the SNAP id remap must hold this on
 * lists of every length (graph.c sorts short and long ones differently). */
static void csr_invariants(ctx_t *c, const char *what, const graph_t *g) {
  tb_t *t = c->t;
  t->checks++;
  for (uint32_t u = 0; u < g->n; u++)
    for (uint32_t k = g->out_off[u] + 1; k < g->out_off[u + 1]; k++)
      if (g->out_dst[k - 1] >= g->out_dst[k]) {
        tb_fail(t, "%s: vertex %u's list not strictly increasing at edge %u (%u then %u)\n", what, u, k,
                g->out_dst[k - 1], g->out_dst[k]);
        return;
      }
  if (g->ids)
    for (uint32_t v = 1; v < g->n; v++)
      if (g->ids[v - 1] >= g->ids[v]) {
        tb_fail(t, "%s: ids not increasing at dense id %u (%u then %u)\n", what, v, g->ids[v - 1], g->ids[v]);
        return;
      }
  uint32_t *deg = calloc((size_t)g->n + 1, sizeof *deg);
  if (!deg) return;
  for (uint32_t k = 0; k < g->m; k++) deg[g->out_dst[k]]++;
  for (uint32_t v = 0; v < g->n; v++) {
    const uint32_t b = g->in_off[v], e = g->in_off[v + 1];
    int bad = e - b != deg[v];
    for (uint32_t k = b; k < e && !bad; k++) {
      const uint32_t u = g->in_src[k];
      bad = (k > b && g->in_src[k - 1] >= u) || u >= g->n;
      if (!bad) { /* u -> v in u's list, by bisection (it is sorted) */
        uint32_t lo = g->out_off[u], hi = g->out_off[u + 1];
        while (lo < hi) {
          const uint32_t mid = lo + (hi - lo) / 2;
          if (g->out_dst[mid] < v) lo = mid + 1;
          else hi = mid;
        }
        bad = lo == g->out_off[u + 1] || g->out_dst[lo] != v || g->out_w[lo] != g->in_w[k];
      }
    }
    if (bad) {
      tb_fail(t, "%s: vertex %u's in-list is not its in-edges\n", what, v);
      break;
    }
  }
  free(deg);
}

/* A hub with long lists of repeated destinations in random order, each
 * (u, v) kept once with the weight of its first line after sorting by
 * (destination, weight): the least; against a brute-force reference. */
static void hub_lists(ctx_t *c) {
  tb_t *t = c->t;
  unsigned long f0 = t->failures;
  enum { V = 300, L = 6000 };
  static uint32_t want[V][V]; /* least weight of u -> v, 0: none */
  memset(want, 0, sizeof want);
  char *text = malloc((size_t)L * 32);
  if (!text) return;
  size_t at = 0;
  uint64_t x = 0x243f6a8885a308d3ull;
  for (unsigned i = 0; i < L; i++) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    const uint32_t u = (x >> 60) < 12 ? (uint32_t)(x >> 56) % 3 : (uint32_t)(x >> 20) % V; /* most lines from 3 hubs */
    const uint32_t v = (uint32_t)(x >> 8) % V, w = 1 + (uint32_t)(x >> 32) % 100000;
    if (u == v) continue;
    at += (size_t)snprintf(text + at, 32, "%u %u %u\n", u, v, w);
    if (!want[u][v] || w < want[u][v]) want[u][v] = w;
  }
  text[at] = 0;
  graph_opts_t o = {.directed = 1};
  graph_t *g = text_graph(c, "hubs.wel", text, GRAPH_FMT_WEL, &o);
  free(text);
  if (g) {
    csr_invariants(c, "hubs.wel", g);
    t->checks++;
    uint32_t m = 0, bad = 0, maxdeg = 0;
    for (uint32_t u = 0; u < V && u < g->n; u++) {
      if (g->out_off[u + 1] - g->out_off[u] > maxdeg) maxdeg = g->out_off[u + 1] - g->out_off[u];
      for (uint32_t v = 0, k = g->out_off[u]; v < V; v++) {
        if (!want[u][v]) continue;
        m++;
        if (k == g->out_off[u + 1] || g->out_dst[k] != v || g->out_w[k] != want[u][v]) bad++;
        else k++;
      }
    }
    tb_log(t, "hubs.wel: %u edges, longest list %u\n", g->m, maxdeg);
    tb_expect_u64(t, "hubs.wel: a list longer than the insertion sort's", maxdeg > 64, 1);
    tb_expect_u64(t, "hubs.wel: edges", g->m, m);
    tb_expect_u64(t, "hubs.wel: edges unlike the reference", bad, 0);
  }
  graph_free(g);
  mark(c, f0);
}

/* One real SNAP graph of $COPIM_GRAPHS: its CSR's vertices and edges, and
 * whether it is symmetric and read so because its header says undirected. */
static void real_graph(ctx_t *c, const char *file, uint32_t n, uint32_t m, int sym, int undirected) {
  tb_t *t = c->t;
  const char *dir = getenv("COPIM_GRAPHS") ? getenv("COPIM_GRAPHS") : "../shared/data/graphs";
  char p[512];
  unsigned long f0 = t->failures;
  snprintf(p, sizeof p, "%s/%s", dir, file);
  graph_t *g = load_ok(c, p, GRAPH_FMT_AUTO, NULL);
  if (g) {
    tb_log(t, "%s: %u vertices, %u edges\n", file, g->n, g->m);
    t->checks++;
    if (g->n != n || g->m != m || g->symmetric != sym || g->undirected_input != undirected)
      tb_fail(t, "%s: %u vertices, %u edges, symmetric %d, undirected header %d; expected %u, %u, %d, %d\n", file, g->n,
              g->m, g->symmetric, g->undirected_input, n, m, sym, undirected);
    csr_invariants(c, file, g);
  }
  graph_free(g);
  mark(c, f0);
}

static void real_graphs(ctx_t *c) {
  real_graph(c, "p2p-Gnutella30.txt", 36682, 88328, 0, 0);
  /* gzip; its header says directed although it lists each pair both ways */
  real_graph(c, "email-Enron.txt.gz", 36692, 367662, 0, 0);
  /* SNAP's undirected file: 1,049,866 pairs, read both ways */
  real_graph(c, "com-dblp.ungraph.txt.gz", 317080, 2 * 1049866, 1, 1);
}

static uint64_t csr_hash(const graph_t *g) {
  uint64_t h = 1469598103934665603ull;
  for (uint32_t u = 0; u <= g->n; u++) h = (h ^ g->out_off[u]) * 1099511628211ull;
  for (uint32_t k = 0; k < g->m; k++) h = (h ^ g->out_dst[k] ^ ((uint64_t)g->out_w[k] << 32)) * 1099511628211ull;
  return h;
}

static int cmp_u32(const void *x, const void *y) {
  uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;
  return a < b ? -1 : a > b;
}

/* Undirected pairs {u, v} of g at id distance 1..3. */
static uint32_t near_pairs(const graph_t *g) {
  uint32_t k = 0;
  for (uint32_t u = 0; u < g->n; u++)
    for (uint32_t e = g->out_off[u]; e < g->out_off[u + 1]; e++) k += g->out_dst[e] > u && g->out_dst[e] - u <= 3;
  return k;
}

static void generators(ctx_t *c) {
  tb_t *t = c->t;
  unsigned long f0 = t->failures;
  graph_err_t err;
  const char *specs[] = {"kron:10:8:1", "kron:10:8:1", "kron:10:8:2", "uniform:10:8:1"};
  uint64_t h[4] = {0};
  for (int i = 0; i < 4; i++) {
    graph_t *g = graph_open(specs[i], GRAPH_FMT_AUTO, NULL, &err);
    t->checks++;
    if (!g) {
      tb_fail(t, "%s: %s\n", specs[i], err.msg);
      continue;
    }
    h[i] = csr_hash(g);
    tb_expect_u64(t, "generated vertices", g->n, 1024);
    tb_expect_u64(t, "generated graph symmetric", g->symmetric, 1);
    /* symmetric, sorted, no self-loops, no duplicates, weights 1..255 */
    int okk = 1;
    for (uint32_t u = 0; u < g->n && okk; u++)
      for (uint32_t k = g->out_off[u]; k < g->out_off[u + 1]; k++) {
        uint32_t v = g->out_dst[k];
        if (v == u || (k > g->out_off[u] && g->out_dst[k - 1] >= v) || g->out_w[k] < 1 || g->out_w[k] > 255 ||
            g->out_w[k] != graph_weight(0, u, v)) {
          tb_fail(t, "%s: bad edge %u -> %u w %u\n", specs[i], u, v, g->out_w[k]);
          okk = 0;
          break;
        }
      }
    t->checks++;
    tb_log(t, "%s: %u edges, hash %016llx\n", specs[i], g->m, (unsigned long long)h[i]);
    /* measured once, pinned: a change here changes every generated workload */
    if (i == 0) tb_expect_u64(t, "kron:10:8:1 edges", g->m, 12108);
    if (i == 3) tb_expect_u64(t, "uniform:10:8:1 edges", g->m, 16234);
    graph_free(g);
  }
  tb_expect_u64(t, "same seed, same graph", h[0] == h[1], 1);
  tb_expect_u64(t, "other seed, other graph", h[0] != h[2], 1);
  const char *badspecs[][2] = {{"kron:0:8", "kron:0: scale 0 out of range (1..30)"},
                               {"kron:31:1", "kron:0: scale 31 out of range (1..30)"},
                               {"kron:99:8", "kron:0: scale 99 out of range (1..30)"},
                               {"uniform:4:99999999999", "uniform:0: degree 99999999999 out of range (1.., 2^scale * degree < 2^31)"},
                               {"uniform:4:0", "uniform:0: degree 0 out of range (1.., 2^scale * degree < 2^31)"},
                               {"kron:4", "kron:4:0: generator spec is kron:SCALE:DEGREE[:SEED]"},
                               {"uniform:4:4:x", "uniform:4:4:x:0: generator spec is uniform:SCALE:DEGREE[:SEED]"},
                               {"rmat:1000:998", "rmat:0: 1000 vertices and 998 edges out of range (2..134217728 "
                                                 "vertices, n-1..min(n(n-1)/2, 2^30) edges)"},
                               {"rmatd:3:7", "rmatd:0: 3 vertices and 7 edges out of range (2..134217728 vertices, "
                                             "n-1..min(n(n-1), 2^31) edges)"},
                               {"rmat:10", "rmat:10:0: generator spec is rmat:VERTICES:EDGES[:SEED]"},
                               {"swr:1000:3000", "swr:1000:3000:0: generator spec is swr:VERTICES:EDGES:CLUSTERING[:SEED]"},
                               {"swrd:1000:3000:1.5", "swrd:1000:3000:1.5:0: generator spec is swrd:VERTICES:EDGES:CLUSTERING[:SEED]"},
                               {"swr:10:40:0.5", "swr:0: 10 vertices, 40 edges, clustering 5000/10000 out of range (2..134217728 "
                                                 "vertices, n-1..min(n(n-1)/2 / 2, 2^30) edges, clustering 0..1)"}};
  for (unsigned i = 0; i < sizeof badspecs / sizeof badspecs[0]; i++) {
    graph_t *g = graph_open(badspecs[i][0], GRAPH_FMT_AUTO, NULL, &err);
    t->checks++;
    if (g || strcmp(err.msg, badspecs[i][1]))
      tb_fail(t, "%s: got '%s', expected '%s'\n", badspecs[i][0], g ? "a graph" : err.msg, badspecs[i][1]);
    graph_free(g);
  }
  /* stand-ins matched in counts: exactly n vertices (none isolated) and m
   * distinct edges, undirected (rmat: 2m CSR edges) or directed (rmatd) */
  const struct {
    const char *spec;
    uint32_t n, m, sym;
  } rm[] = {{"rmat:1000:3000", 1000, 6000, 1}, {"rmat:1000:999:7", 1000, 1998, 1},
            {"rmatd:1000:5000", 1000, 5000, 0}, {"rmatd:3:6", 3, 6, 0}, {"rmat:3:3", 3, 6, 1},
            {"rmatl:1000:3000", 1000, 6000, 1}, {"rmatld:1000:5000", 1000, 5000, 0},
            {"swr:1000:3000:0.6", 1000, 6000, 1}, {"swrd:1000:5000:0.1", 1000, 5000, 0},
            {"swr:1000:999:0", 1000, 1998, 1}, {"rmatd:20000:400000", 20000, 400000, 0},
            {"rmat:20000:200000", 20000, 400000, 1}};
  for (unsigned i = 0; i < sizeof rm / sizeof rm[0]; i++) {
    graph_t *g = graph_open(rm[i].spec, GRAPH_FMT_AUTO, NULL, &err);
    t->checks++;
    if (!g) {
      tb_fail(t, "%s: %s\n", rm[i].spec, err.msg);
      continue;
    }
    uint32_t isolated = 0, bad = 0;
    for (uint32_t u = 0; u < g->n; u++) {
      isolated += g->out_off[u] == g->out_off[u + 1] && g->in_off[u] == g->in_off[u + 1];
      for (uint32_t k = g->out_off[u]; k < g->out_off[u + 1]; k++)
        bad += g->out_dst[k] == u || (k > g->out_off[u] && g->out_dst[k - 1] >= g->out_dst[k]);
    }
    tb_log(t, "%s: %u vertices, %u edges, %u isolated\n", rm[i].spec, g->n, g->m, isolated);
    tb_expect_u64(t, "rmat vertices", g->n, rm[i].n);
    tb_expect_u64(t, "rmat CSR edges", g->m, rm[i].m);
    tb_expect_u64(t, "rmat symmetric", (uint64_t)g->symmetric, rm[i].sym);
    tb_expect_u64(t, "rmat isolated vertices", isolated, 0);
    tb_expect_u64(t, "rmat self loops or duplicates", bad, 0);
    csr_invariants(c, rm[i].spec, g);
    graph_free(g);
  }
  /* rmatl is rmat's graph relabelled (the same sorted degrees), its hub
   * first; swr's lattice: at least m x sqrt(0.6 / 0.75) = 2683 of its
   * 3000 pairs at id distance <= 3 (rmat's: a handful) */
  graph_t *a = graph_open("rmat:1000:3000", GRAPH_FMT_AUTO, NULL, &err), *b = graph_open("rmatl:1000:3000", GRAPH_FMT_AUTO, NULL, &err),
          *w = graph_open("swr:1000:3000:0.6", GRAPH_FMT_AUTO, NULL, &err);
  t->checks++;
  if (a && b && w) {
    uint32_t da[1000], db[1000], top = 0;
    for (uint32_t u = 0; u < 1000; u++) {
      da[u] = a->out_off[u + 1] - a->out_off[u], db[u] = b->out_off[u + 1] - b->out_off[u];
      if (db[u] > db[top]) top = u;
    }
    tb_expect_u64(t, "rmatl: the hub is vertex 0", top, 0);
    qsort(da, 1000, sizeof da[0], cmp_u32);
    qsort(db, 1000, sizeof db[0], cmp_u32);
    tb_expect_u64(t, "rmatl: rmat's degrees", memcmp(da, db, sizeof da), 0);
    const uint32_t near_w = near_pairs(w), near_a = near_pairs(a);
    tb_log(t, "pairs at id distance <= 3: swr %u, rmat %u of 3000\n", near_w, near_a);
    tb_expect_u64(t, "swr: its lattice", near_w >= 2683, 1);
    tb_expect_u64(t, "rmat: no lattice", near_a < 100, 1);
  } else {
    tb_fail(t, "rmat/rmatl/swr:1000:3000: %s\n", err.msg);
  }
  graph_free(a);
  graph_free(b);
  graph_free(w);
  mark(c, f0);
}

static void image(ctx_t *c) {
  tb_t *t = c->t;
  unsigned long f0 = t->failures;
  char p[512];
  graph_t *g = load_ok(c, path_of(c, "d.dat", p, sizeof p), GRAPH_FMT_MTX, NULL);
  if (!g) return;
  graph_kparams_t kp;
  graph_kparams_default(&kp, g);
  kp.kernel = GRAPH_K_SSSP;
  graph_mem_t m;
  graph_err_t err;
  if (graph_image_build(g, &kp, GRAPH_IMAGE_BASE, &m, &err)) {
    tb_fail(t, "image: %s\n", err.msg);
    graph_free(g);
    return;
  }
  struct graph_image h = graph_image_header(&m);
  tb_expect_u64(t, "image magic", h.magic, GRAPH_IMAGE_MAGIC);
  tb_expect_u64(t, "image n", h.num_vertices, 4);
  tb_expect_u64(t, "image m", h.num_edges, 3);
  tb_expect_u64(t, "image kernel", h.kernel, GRAPH_K_SSSP);
  tb_expect_u64(t, "image source (largest out-degree, smallest id)", h.sssp_source, 0);
  tb_expect_u64(t, "image offsets right after the 64-byte aligned header", h.out_offsets,
                GRAPH_IMAGE_BASE + ((sizeof h + 63) & ~63u));
  tb_expect_u64(t, "image directed: separate transpose", h.in_offsets != h.out_offsets, 1);
  tb_expect_u64(t, "image property region starts at bfs_parent", h.prop_base, h.bfs_parent);
  tb_expect_u64(t, "image ends at heap_end", h.heap_end, GRAPH_IMAGE_BASE + m.len);
  const uint32_t want_off[5] = {0, 1, 2, 2, 3}, want_in_src[3] = {3, 0, 1}, want_w[3] = {10, 20, 30};
  uint32_t *off = graph_image_words(&m, h.out_offsets, 5), *ins = graph_image_words(&m, h.in_edges, 3),
           *w = graph_image_words(&m, h.out_weights, 3), *res = graph_image_words(&m, h.sssp_dist, 4);
  t->checks++;
  if (!off || !ins || !w || !res) tb_fail(t, "image: arrays outside the image\n");
  else
    for (int i = 0; i < 5; i++) {
      tb_expect_u64(t, "image out_offsets[i]", off[i], want_off[i]);
      if (i < 3) tb_expect_u64(t, "image in_edges[i]", ins[i], want_in_src[i]);
      if (i < 3) tb_expect_u64(t, "image out_weights[i]", w[i], want_w[i]);
      if (i < 4) tb_expect_u64(t, "image results start unwritten", res[i], GRAPH_INF);
    }
  tb_expect_u64(t, "image word lookup past the end", graph_image_words(&m, h.heap_end, 1) == NULL, 1);
  graph_mem_free(&m);
  kp.bfs_source = 4;
  t->checks++;
  if (!graph_image_build(g, &kp, GRAPH_IMAGE_BASE, &m, &err) ||
      strcmp(err.msg, "graph image:0: source vertex 4 out of range (n = 4)")) {
    tb_fail(t, "image: bad source accepted or wrong message '%s'\n", err.msg);
    graph_mem_free(&m);
  }
  kp.bfs_source = 0;
  t->checks++;
  if (!graph_image_build(g, &kp, 0xEFFFFF00u, &m, &err) || !strstr(err.msg, "run into device space")) {
    tb_fail(t, "image: overflow into device space accepted ('%s')\n", err.msg);
    graph_mem_free(&m);
  }
  graph_free(g);
  mark(c, f0);
}

static void bad_cases(ctx_t *c) {
  tb_t *t = c->t;
  char p[512];
  bad(c, "m1.txt", "# c\n1 2\n3 x\n", GRAPH_FMT_AUTO, "3: bad destination id 'x'");
  bad(c, "m2.txt", "1 2\n5\n", GRAPH_FMT_AUTO, "2: missing destination id");
  bad(c, "m3.el", "1 2 3\n", GRAPH_FMT_AUTO, "1: unexpected '3' after the fields of a .el line");
  bad(c, "m4.txt", "1 2\n2147483648 1\n", GRAPH_FMT_AUTO,
      "2: source id '2147483648' out of range (ids must be below 2^31)");
  bad(c, "m5.txt", "2147483647 1\n1 99999999999999999999999\n", GRAPH_FMT_AUTO,
      "2: destination id '99999999999999999999999' out of range (ids must be below 2^31)");
  bad(c, "m6.txt", "-1 2\n", GRAPH_FMT_AUTO, "1: bad source id '-1'");
  bad(c, "m7.txt", "1 2x\n", GRAPH_FMT_AUTO, "1: bad destination id '2x'");
  bad(c, "m8.txt", "", GRAPH_FMT_AUTO, "1: empty file");
  bad(c, "m9.txt", "# only\n# comments\n\n", GRAPH_FMT_AUTO, "3: no edges in the file");
  expect_err(c, "does-not-exist.txt", GRAPH_FMT_AUTO, "0: cannot open: No such file or directory");
  write_file(c, "m10.txt", "1 2\n3\0 4\n", 9);
  expect_err(c, "m10.txt", GRAPH_FMT_AUTO, "2: NUL byte in a text file");
  {
    char *longl = malloc(5000);
    memset(longl, '1', 4999);
    longl[4999] = 0;
    bad(c, "m11.txt", longl, GRAPH_FMT_AUTO, "1: line longer than 4096 bytes");
    free(longl);
  }
  /* too many SNAP vertices for the limit of 1000 used here */
  {
    char *txt = malloc(16 * 1024);
    size_t at = 0;
    for (int i = 0; i < 600; i++) at += (size_t)sprintf(txt + at, "%d %d\n", 2 * i, 2 * i + 1);
    bad(c, "m12.txt", txt, GRAPH_FMT_AUTO, "600: 1200 vertices, more than the limit 1000");
    free(txt);
  }
  /* gzip: truncated, corrupt */
  {
    char big[8192];
    size_t at = 0;
    for (int i = 0; at < sizeof big - 32; i++) at += (size_t)snprintf(big + at, sizeof big - at, "%d %d\n", i, i + 1);
    long len = write_gz(c, "g1.txt.gz", big);
    char *raw = malloc((size_t)len);
    FILE *f = fopen(path_of(c, "g1.txt.gz", p, sizeof p), "rb");
    if (!f || fread(raw, 1, (size_t)len, f) != (size_t)len) tb_fail(t, "cannot read back g1.txt.gz\n");
    if (f) fclose(f);
    write_file(c, "g2.txt.gz", raw, (size_t)len / 2);
    graph_err_t err;
    graph_t *g = graph_load(path_of(c, "g2.txt.gz", p, sizeof p), GRAPH_FMT_AUTO, NULL, &err);
    t->checks++;
    /* the line where the data stops depends on zlib's block layout: check the shape */
    unsigned long line = 0;
    if (g || sscanf(err.msg + strlen(p) + 1, "%lu", &line) != 1 || line < 2 ||
        !strstr(err.msg, ": truncated gzip stream (unexpected end of file)") || strncmp(err.msg, p, strlen(p)))
      tb_fail(t, "truncated gzip: '%s'\n", g ? "accepted" : err.msg);
    graph_free(g);
    write_file(c, "g3.txt.gz", raw, 12); /* header only */
    expect_err(c, "g3.txt.gz", GRAPH_FMT_AUTO, "1: truncated gzip stream (unexpected end of file)");
    raw[len - 8] ^= 0x55; /* CRC of the data */
    write_file(c, "g4.txt.gz", raw, (size_t)len);
    g = graph_load(path_of(c, "g4.txt.gz", p, sizeof p), GRAPH_FMT_AUTO, NULL, &err);
    t->checks++;
    if (g || !strstr(err.msg, ": corrupt gzip data (incorrect data check)"))
      tb_fail(t, "corrupt gzip: '%s'\n", g ? "accepted" : err.msg);
    graph_free(g);
    free(raw);
  }
  /* .el / .wel */
  bad(c, "e1.el", "0 1\n1 1000\n", GRAPH_FMT_AUTO,
      "2: destination id '1000' out of range (dense ids must be below 1000)");
  bad(c, "e2.wel", "0 1 5\n1 2\n", GRAPH_FMT_AUTO, "2: missing weight");
  bad(c, "e3.wel", "0 1 2147483648\n", GRAPH_FMT_AUTO, "1: weight '2147483648' out of range (at most 2^31-1)");
  bad(c, "e4.el", "0 1 5\n", GRAPH_FMT_AUTO, "1: unexpected '5' after the fields of a .el line");
  bad(c, "e5.wel", "0 1 -5\n", GRAPH_FMT_AUTO, "1: bad weight '-5'");
  /* Matrix Market */
  bad(c, "x1.mtx", "%%MatrixMarket matrix array real general\n2 2\n1\n2\n3\n4\n", GRAPH_FMT_AUTO,
      "1: only 'matrix coordinate' Matrix Market files are graphs (got 'matrix array')");
  bad(c, "x2.mtx", "1 2\n", GRAPH_FMT_AUTO,
      "1: not a Matrix Market file (expected '%%MatrixMarket matrix coordinate <field> <symmetry>')");
  bad(c, "x3.mtx", "%%MatrixMarket matrix coordinate complex general\n1 1 1\n1 1 1 1\n", GRAPH_FMT_AUTO,
      "1: unsupported Matrix Market field 'complex' (pattern, integer or real)");
  bad(c, "x4.mtx", "%%MatrixMarket matrix coordinate pattern skew-symmetric\n", GRAPH_FMT_AUTO,
      "1: unsupported Matrix Market symmetry 'skew-symmetric' (general or symmetric)");
  bad(c, "x5.mtx", "%%MatrixMarket matrix coordinate pattern general\n% c\n", GRAPH_FMT_AUTO,
      "2: missing the size line 'rows cols entries'");
  bad(c, "x6.mtx", "%%MatrixMarket matrix coordinate pattern general\n3 3 3\n1 2\n2 3\n", GRAPH_FMT_AUTO,
      "4: 2 entries, the size line declares 3");
  bad(c, "x7.mtx", "%%MatrixMarket matrix coordinate pattern general\n3 3 1\n1 2\n2 3\n", GRAPH_FMT_AUTO,
      "4: more entries than the 1 the size line declares");
  bad(c, "x8.mtx", "%%MatrixMarket matrix coordinate pattern general\n3 3 1\n0 2\n", GRAPH_FMT_AUTO,
      "3: Matrix Market indices are 1-based, got 0");
  bad(c, "x9.mtx", "%%MatrixMarket matrix coordinate pattern general\n3 3 1\n4 2\n", GRAPH_FMT_AUTO,
      "3: row '4' out of range (rows are 1..3)");
  bad(c, "x10.mtx", "%%MatrixMarket matrix coordinate integer general\n3 3 1\n1 2 - 4\n", GRAPH_FMT_AUTO,
      "3: bad value '-'");
  bad(c, "x11.mtx", "%%MatrixMarket matrix coordinate real general\n3 3 1\n1 2 nan\n", GRAPH_FMT_AUTO,
      "3: bad weight 'nan'");
  bad(c, "x12.mtx", "%%MatrixMarket matrix coordinate pattern general\n5000 5000 1\n1 2\n", GRAPH_FMT_AUTO,
      "2: row count '5000' out of range (at most 1000)");
  bad(c, "x13.mtx", "%%MatrixMarket matrix coordinate pattern general\n3 3 1\n1 2 7\n", GRAPH_FMT_AUTO,
      "3: unexpected '7' after the fields of a Matrix Market entry line");
  bad(c, "x14.mtx", "", GRAPH_FMT_AUTO, "1: empty file");
}

/* Runs "build/tools/graphtool info ARGS" (stderr too): its exit status, its output in out. */
static int tool_info(const char *args, char *out, size_t cap) {
  char cmd[1200];
  snprintf(cmd, sizeof cmd, "build/tools/graphtool info %s 2>&1", args);
  FILE *f = popen(cmd, "r");
  size_t k = f ? fread(out, 1, cap - 1, f) : 0;
  out[k] = 0;
  int st = f ? pclose(f) : -1;
  return WIFEXITED(st) ? WEXITSTATUS(st) : 999;
}

/* The tool prints the same line on stderr and exits 2. */
static void tool(ctx_t *c) {
  tb_t *t = c->t;
  unsigned long f0 = t->failures;
  char p[512], a[600], out[1024] = "";
  if (access("build/tools/graphtool", X_OK)) {
    tb_fail(t, "build/tools/graphtool missing (make build/tools/graphtool)\n");
    return;
  }
  int st = tool_info(path_of(c, "m1.txt", p, sizeof p), out, sizeof out);
  char want[600];
  snprintf(want, sizeof want, "%s:3: bad destination id 'x'\n", p);
  tb_expect_u64(t, "graphtool exit code on bad input", st, 2);
  t->checks++;
  if (strcmp(out, want)) tb_fail(t, "graphtool printed '%s', expected '%s'\n", out, want);
  st = tool_info(path_of(c, "b.el", p, sizeof p), out, sizeof out);
  tb_expect_u64(t, "graphtool exit code on good input", st, 0);
  t->checks++;
  if (!strstr(out, ": 5 vertices, 4 edges (directed, generated weights)")) tb_fail(t, "graphtool info: '%s'\n", out);
  snprintf(a, sizeof a, "%s --directed", path_of(c, "u.ungraph.txt", p, sizeof p));
  st = tool_info(a, out, sizeof out);
  tb_expect_u64(t, "graphtool --directed exit code", st, 0);
  t->checks++;
  if (!strstr(out, ": 3 vertices, 2 edges (directed, undirected header: kept as stored, generated weights)"))
    tb_fail(t, "graphtool info --directed: '%s'\n", out);
  mark(c, f0);
}

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "graph_readers", 1);
  ctx_t c = {.t = &t};
  const char *tmp = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
  snprintf(c.dir, sizeof c.dir, "%s/graph_readers.XXXXXX", tmp);
  if (!mkdtemp(c.dir)) {
    fprintf(stderr, "graph_readers: cannot create a directory under %s\n", tmp);
    return 2;
  }
  c.w = tb_fst_open(t.waves, "graph_readers");
  c.v_case = tb_fst_var(c.w, "case", 16);
  c.v_ok = tb_fst_var(c.w, "ok", 1);
  good_cases(&c);
  real_graphs(&c);
  hub_lists(&c);
  generators(&c);
  image(&c);
  bad_cases(&c);
  tool(&c);
  tb_fst_time(c.w, c.ncase);
  tb_fst_close(c.w);
  char cmd[300];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", c.dir);
  if (system(cmd)) tb_log(&t, "could not remove %s\n", c.dir);
  return tb_finish(&t);
}
