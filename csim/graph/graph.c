/* Graph readers, CSR builder and memory image (see graph.h). */
#include "graph.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <zlib.h>

#define LINE_MAX_BYTES 4096
#define CHUNK_BYTES 4096 /* small, so a gzip error is reported near its line */

static void seterr(graph_err_t *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void seterr(graph_err_t *err, const char *fmt, ...) {
  if (!err) return;
  char raw[sizeof err->msg];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(raw, sizeof raw, fmt, ap);
  va_end(ap);
  /* the message quotes bytes of the file: a binary one must not write raw
   * bytes (control characters, a newline) to the user's terminal */
  size_t k = 0;
  for (const unsigned char *p = (const unsigned char *)raw; *p && k + 5 < sizeof err->msg; p++) {
    if (*p >= 0x20 && *p < 0x7f) err->msg[k++] = (char)*p;
    else k += (size_t)snprintf(err->msg + k, sizeof err->msg - k, "\\x%02x", *p);
  }
  err->msg[k] = 0;
}

int graph_fmt_parse(const char *s) {
  static const char *names[] = {"auto", "snap", "el", "wel", "mtx"};
  for (int i = 0; i < 5; i++)
    if (!strcmp(s, names[i])) return i;
  return -1;
}

static int ends_with(const char *s, size_t len, const char *suf) {
  size_t k = strlen(suf);
  return len >= k && !strncasecmp(s + len - k, suf, k);
}

graph_fmt_t graph_fmt_guess(const char *path) {
  size_t len = strlen(path);
  if (ends_with(path, len, ".gz")) len -= 3;
  if (ends_with(path, len, ".wel")) return GRAPH_FMT_WEL;
  if (ends_with(path, len, ".el")) return GRAPH_FMT_EL;
  if (ends_with(path, len, ".mtx")) return GRAPH_FMT_MTX;
  return GRAPH_FMT_SNAP;
}

/* ------------------------------------------------------------ edge lists */

graph_el_t *graph_el_new(void) { return calloc(1, sizeof(graph_el_t)); }

void graph_el_free(graph_el_t *el) {
  if (!el) return;
  free(el->src);
  free(el->dst);
  free(el->w);
  free(el->ids);
  free(el);
}

int graph_el_add(graph_el_t *el, uint32_t u, uint32_t v, uint32_t w) {
  if (el->m == el->cap) {
    size_t cap = el->cap ? el->cap * 2 : 1024;
    uint32_t *s = realloc(el->src, cap * sizeof *s);
    if (!s) return -1;
    el->src = s;
    uint32_t *d = realloc(el->dst, cap * sizeof *d);
    if (!d) return -1;
    el->dst = d;
    if (el->weighted) {
      uint32_t *x = realloc(el->w, cap * sizeof *x);
      if (!x) return -1;
      el->w = x;
    }
    el->cap = cap;
  }
  el->src[el->m] = u;
  el->dst[el->m] = v;
  if (el->weighted) el->w[el->m] = w;
  el->m++;
  return 0;
}

/* ------------------------------------------------------------ line reader */

/* Lines from a gzip or plain file (zlib reads plain files transparently).
 * A line longer than LINE_MAX_BYTES, a NUL byte or a gzip stream that ends
 * early is an error naming the line. */
typedef struct {
  gzFile gz;
  const char *path;
  unsigned long line; /* number of the line in buf */
  unsigned char chunk[CHUNK_BYTES];
  size_t pos, len;
  int eof;
  uint64_t bytes;     /* uncompressed bytes seen */
  char buf[LINE_MAX_BYTES + 1];
} lr_t;

static int lr_fill(lr_t *r, graph_err_t *err) {
  int k = gzread(r->gz, r->chunk, CHUNK_BYTES);
  int zerr;
  const char *zmsg = gzerror(r->gz, &zerr);
  unsigned long line = r->line ? r->line : 1;
  if (k < 0 || (zerr != Z_OK && zerr != Z_BUF_ERROR)) {
    if (zerr == Z_ERRNO) seterr(err, "%s:%lu: read error: %s", r->path, line, strerror(errno));
    else {
      /* zlib prefixes its message with the path */
      size_t pl = strlen(r->path);
      if (zmsg && !strncmp(zmsg, r->path, pl) && !strncmp(zmsg + pl, ": ", 2)) zmsg += pl + 2;
      seterr(err, "%s:%lu: corrupt gzip data (%s)", r->path, line, zmsg && *zmsg ? zmsg : "zlib error");
    }
    return -1;
  }
  if (k == 0) {
    if (zerr == Z_BUF_ERROR) {
      seterr(err, "%s:%lu: truncated gzip stream (unexpected end of file)", r->path, line);
      return -1;
    }
    r->eof = 1;
  }
  r->pos = 0;
  r->len = (size_t)k;
  r->bytes += (uint64_t)k;
  return 0;
}

/* 1: a line in r->buf (without its newline, '\r' stripped); 0: end; -1: error. */
static int lr_next(lr_t *r, graph_err_t *err) {
  size_t n = 0;
  int any = 0;
  r->line++;
  for (;;) {
    if (r->pos == r->len) {
      if (r->eof) break;
      if (lr_fill(r, err)) return -1;
      if (r->eof) break;
    }
    unsigned char c = r->chunk[r->pos++];
    any = 1;
    if (c == '\n') break;
    if (c == 0) {
      seterr(err, "%s:%lu: NUL byte in a text file", r->path, r->line);
      return -1;
    }
    if (n == LINE_MAX_BYTES) {
      seterr(err, "%s:%lu: line longer than %d bytes", r->path, r->line, LINE_MAX_BYTES);
      return -1;
    }
    r->buf[n++] = (char)c;
  }
  if (!any) return 0;
  if (n && r->buf[n - 1] == '\r') n--;
  r->buf[n] = 0;
  return 1;
}

static lr_t *lr_open(const char *path, graph_err_t *err) {
  /* a directory would read as an empty graph, a FIFO block forever */
  struct stat st;
  if (stat(path, &st)) {
    seterr(err, "%s:0: cannot open: %s", path, strerror(errno));
    return NULL;
  }
  if (!S_ISREG(st.st_mode)) {
    seterr(err, "%s:0: not a regular file", path);
    return NULL;
  }
  FILE *f = fopen(path, "rb");
  if (!f) {
    seterr(err, "%s:0: cannot open: %s", path, strerror(errno));
    return NULL;
  }
  fclose(f);
  lr_t *r = calloc(1, sizeof *r);
  if (!r) {
    seterr(err, "%s:0: out of memory", path);
    return NULL;
  }
  r->gz = gzopen(path, "rb");
  if (!r->gz) {
    seterr(err, "%s:0: cannot open: %s", path, strerror(errno));
    free(r);
    return NULL;
  }
  r->path = path;
  return r;
}

static void lr_close(lr_t *r) {
  if (!r) return;
  gzclose(r->gz);
  free(r);
}

/* ------------------------------------------------------------ tokens */

static const char *skip_ws(const char *p) {
  while (*p == ' ' || *p == '\t') p++;
  return p;
}

/* Copies the token at p (for messages), at most 24 characters. */
static const char *tok_str(const char *p, char *out, size_t cap) {
  size_t k = 0;
  while (p[k] && p[k] != ' ' && p[k] != '\t' && k + 1 < cap && k < 24) {
    out[k] = p[k];
    k++;
  }
  out[k] = 0;
  return out;
}

/* Unsigned decimal token.  0: ok; -1: not a number; -2: >= limit. */
static int parse_uint(const char **pp, uint64_t limit, uint64_t *v) {
  const char *p = *pp;
  if (*p < '0' || *p > '9') return -1;
  uint64_t x = 0;
  int big = 0;
  while (*p >= '0' && *p <= '9') {
    if (x > (UINT64_MAX - 9) / 10) big = 1;
    else x = x * 10 + (uint64_t)(*p - '0');
    p++;
  }
  if (*p && *p != ' ' && *p != '\t') return -1;
  if (big || x >= limit) return -2;
  *pp = p;
  *v = x;
  return 0;
}

typedef struct {
  lr_t *r;
  graph_err_t *err;
} ctx_t;

/* Reads one unsigned field; on failure sets a message naming `what`. */
static int field(ctx_t *c, const char **pp, const char *what, uint64_t limit, const char *limit_text, uint64_t *v) {
  *pp = skip_ws(*pp);
  char t[32];
  if (!**pp) {
    seterr(c->err, "%s:%lu: missing %s", c->r->path, c->r->line, what);
    return -1;
  }
  int rc = parse_uint(pp, limit, v);
  if (rc == -1) {
    seterr(c->err, "%s:%lu: bad %s '%s'", c->r->path, c->r->line, what, tok_str(*pp, t, sizeof t));
    return -1;
  }
  if (rc == -2) {
    seterr(c->err, "%s:%lu: %s '%s' out of range (%s)", c->r->path, c->r->line, what, tok_str(*pp, t, sizeof t),
           limit_text);
    return -1;
  }
  return 0;
}

static int line_end(ctx_t *c, const char *p, const char *fmt_text) {
  p = skip_ws(p);
  if (*p) {
    char t[32];
    seterr(c->err, "%s:%lu: unexpected '%s' after the fields of a %s line", c->r->path, c->r->line,
           tok_str(p, t, sizeof t), fmt_text);
    return -1;
  }
  return 0;
}

static int oom(ctx_t *c) {
  seterr(c->err, "%s:%lu: out of memory", c->r->path, c->r->line);
  return -1;
}

static uint32_t max_vertices(const graph_opts_t *o) {
  return o && o->max_vertices ? o->max_vertices : GRAPH_MAX_VERTICES_DEFAULT;
}

/* ------------------------------------------------------------ SNAP / el / wel */

/* Sorting.  Keys are plain unsigned integers, so any correct sort gives the
 * same array: these replace qsort, whose comparator call per comparison
 * made it a tenth of the loading of a SNAP graph (p2p-Gnutella30, callgrind)
 * and minutes of the full-size LiveJournal stand-in.  Short runs (most
 * adjacency lists) by insertion, longer ones by least-significant-digit
 * radix on 8-bit digits through tmp (n entries), skipping the digits every
 * key shares. */
#define SORT_SHORT 32

/* NAME(a, n, tmp): sorts n keys of type T (DIGITS bytes) in place. */
#define GRAPH_SORT(NAME, T, DIGITS)                                                 \
  static void NAME(T *a, size_t n, T *tmp) {                                        \
    if (n <= SORT_SHORT) {                                                          \
      for (size_t i = 1; i < n; i++) {                                              \
        const T x = a[i];                                                           \
        size_t j = i;                                                               \
        for (; j && a[j - 1] > x; j--) a[j] = a[j - 1];                             \
        a[j] = x;                                                                   \
      }                                                                             \
      return;                                                                       \
    }                                                                               \
    size_t cnt[DIGITS][256];                                                        \
    memset(cnt, 0, sizeof cnt);                                                     \
    for (size_t i = 0; i < n; i++)                                                  \
      for (unsigned d = 0; d < (DIGITS); d++) cnt[d][(a[i] >> (8 * d)) & 255]++;    \
    T *src = a, *dst = tmp;                                                         \
    for (unsigned d = 0; d < (DIGITS); d++) {                                       \
      if (cnt[d][(a[0] >> (8 * d)) & 255] == n) continue; /* one value here */      \
      size_t sum = 0;                                                               \
      for (unsigned b = 0; b < 256; b++) {                                          \
        const size_t c = cnt[d][b];                                                 \
        cnt[d][b] = sum;                                                            \
        sum += c;                                                                   \
      }                                                                             \
      for (size_t i = 0; i < n; i++) dst[cnt[d][(src[i] >> (8 * d)) & 255]++] = src[i]; \
      T *t = src;                                                                   \
      src = dst;                                                                    \
      dst = t;                                                                      \
    }                                                                               \
    if (src != a) memcpy(a, src, n * sizeof *a);                                    \
  }
GRAPH_SORT(sort_u64, uint64_t, 8)
GRAPH_SORT(sort_u32_in, uint32_t, 4)

static int cmp_u32(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return x < y ? -1 : x > y;
}

/* 32-bit keys, tmp allocated here; qsort when there is no room for it */
static void sort_u32(uint32_t *a, size_t n) {
  uint32_t *tmp = n > SORT_SHORT ? malloc(n * sizeof *tmp) : NULL;
  if (n > SORT_SHORT && !tmp) qsort(a, n, sizeof *a, cmp_u32);
  else sort_u32_in(a, n, tmp);
  free(tmp);
}

static uint32_t find_id(const uint32_t *ids, uint32_t n, uint32_t id) {
  uint32_t lo = 0, hi = n;
  while (lo < hi) {
    uint32_t mid = lo + (hi - lo) / 2;
    if (ids[mid] < id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/* Remaps sparse ids to 0..n-1 in increasing order of the original id. */
static int snap_remap(graph_el_t *el) {
  size_t k = el->m * 2;
  uint32_t *ids = malloc((k ? k : 1) * sizeof *ids);
  if (!ids) return -1;
  memcpy(ids, el->src, el->m * sizeof *ids);
  memcpy(ids + el->m, el->dst, el->m * sizeof *ids);
  sort_u32(ids, k);
  size_t n = 0;
  for (size_t i = 0; i < k; i++)
    if (!n || ids[n - 1] != ids[i]) ids[n++] = ids[i];
  for (size_t i = 0; i < el->m; i++) {
    el->src[i] = find_id(ids, (uint32_t)n, el->src[i]);
    el->dst[i] = find_id(ids, (uint32_t)n, el->dst[i]);
  }
  uint32_t *shrunk = realloc(ids, (n ? n : 1) * sizeof *ids);
  el->ids = shrunk ? shrunk : ids;
  el->n = (uint32_t)n;
  return 0;
}

static int read_pairs(ctx_t *c, graph_el_t *el, graph_fmt_t fmt, const graph_opts_t *opts) {
  const char *name = fmt == GRAPH_FMT_SNAP ? "SNAP" : fmt == GRAPH_FMT_EL ? ".el" : ".wel";
  uint64_t idmax = fmt == GRAPH_FMT_SNAP ? GRAPH_ID_LIMIT : max_vertices(opts);
  char lim[64];
  if (fmt == GRAPH_FMT_SNAP) snprintf(lim, sizeof lim, "ids must be below 2^31");
  else snprintf(lim, sizeof lim, "dense ids must be below %llu", (unsigned long long)idmax);
  uint64_t maxid = 0;
  int rc;
  el->weighted = fmt == GRAPH_FMT_WEL;
  while ((rc = lr_next(c->r, c->err)) == 1) {
    if (fmt == GRAPH_FMT_SNAP) {
      /* SNAP's own loader (TSnap::LoadEdgeList) reads the first two columns
       * and ignores the rest: the signs, timestamps and ratings of SNAP's
       * signed and temporal networks; its .csv files separate by commas */
      for (char *q = c->r->buf; *q; q++)
        if (*q == ',') *q = ' ';
    }
    const char *p = skip_ws(c->r->buf);
    /* SNAP's undirected files (the com-* graphs: "# Undirected graph:
     * ../../data/output/dblp.ungraph.txt") list each pair once, meant to
     * be read both ways; its directed ones say "# Directed graph" */
    if (fmt == GRAPH_FMT_SNAP && *p == '#' && !el->m && !strncasecmp(skip_ws(p + 1), "undirected graph", 16))
      el->undirected = 1;
    if (!*p || *p == '#' || *p == '%') continue;
    uint64_t u, v, w = 0;
    if (field(c, &p, "source id", idmax, lim, &u) || field(c, &p, "destination id", idmax, lim, &v)) return -1;
    if (fmt == GRAPH_FMT_WEL && field(c, &p, "weight", (uint64_t)GRAPH_WEIGHT_MAX + 1, "at most 2^31-1", &w))
      return -1;
    if (fmt != GRAPH_FMT_SNAP && line_end(c, p, name)) return -1;
    if (u > maxid) maxid = u;
    if (v > maxid) maxid = v;
    if (graph_el_add(el, (uint32_t)u, (uint32_t)v, (uint32_t)w)) return oom(c);
  }
  if (rc < 0) return -1;
  if (c->r->bytes == 0) {
    seterr(c->err, "%s:1: empty file", c->r->path);
    return -1;
  }
  if (el->m == 0) {
    seterr(c->err, "%s:%lu: no edges in the file", c->r->path, c->r->line - 1);
    return -1;
  }
  if (fmt == GRAPH_FMT_SNAP) {
    if (snap_remap(el)) return oom(c);
    if (el->n > max_vertices(opts)) {
      seterr(c->err, "%s:%lu: %u vertices, more than the limit %u", c->r->path, c->r->line - 1, el->n,
             max_vertices(opts));
      return -1;
    }
  } else {
    el->n = (uint32_t)(maxid + 1);
  }
  return 0;
}

/* ------------------------------------------------------------ Matrix Market */

static int read_mtx(ctx_t *c, graph_el_t *el, const graph_opts_t *opts) {
  int rc = lr_next(c->r, c->err);
  if (rc < 0) return -1;
  if (rc == 0) {
    seterr(c->err, "%s:1: empty file", c->r->path);
    return -1;
  }
  char banner[32], object[32], format[32], field_s[32], sym[32], extra[8];
  int k = sscanf(c->r->buf, "%31s %31s %31s %31s %31s %7s", banner, object, format, field_s, sym, extra);
  if (k < 5 || strcasecmp(banner, "%%MatrixMarket")) {
    seterr(c->err, "%s:1: not a Matrix Market file (expected '%%%%MatrixMarket matrix coordinate <field> <symmetry>')",
           c->r->path);
    return -1;
  }
  if (k > 5) {
    seterr(c->err, "%s:1: unexpected '%s' after the Matrix Market banner", c->r->path, extra);
    return -1;
  }
  if (strcasecmp(object, "matrix") || strcasecmp(format, "coordinate")) {
    seterr(c->err, "%s:1: only 'matrix coordinate' Matrix Market files are graphs (got '%s %s')", c->r->path, object,
           format);
    return -1;
  }
  int pattern = !strcasecmp(field_s, "pattern"), integer = !strcasecmp(field_s, "integer"),
      real = !strcasecmp(field_s, "real") || !strcasecmp(field_s, "double");
  if (!pattern && !integer && !real) {
    seterr(c->err, "%s:1: unsupported Matrix Market field '%s' (pattern, integer or real)", c->r->path, field_s);
    return -1;
  }
  if (!strcasecmp(sym, "symmetric")) el->symmetric = 1;
  else if (strcasecmp(sym, "general")) {
    seterr(c->err, "%s:1: unsupported Matrix Market symmetry '%s' (general or symmetric)", c->r->path, sym);
    return -1;
  }
  el->weighted = !pattern;
  /* size line */
  uint64_t rows = 0, cols = 0, nnz = 0;
  uint32_t lim = max_vertices(opts);
  char limtext[48];
  snprintf(limtext, sizeof limtext, "at most %u", lim);
  for (;;) {
    rc = lr_next(c->r, c->err);
    if (rc < 0) return -1;
    if (rc == 0) {
      seterr(c->err, "%s:%lu: missing the size line 'rows cols entries'", c->r->path, c->r->line - 1);
      return -1;
    }
    const char *p = skip_ws(c->r->buf);
    if (!*p || *p == '%') continue;
    if (field(c, &p, "row count", (uint64_t)lim + 1, limtext, &rows) ||
        field(c, &p, "column count", (uint64_t)lim + 1, limtext, &cols) ||
        field(c, &p, "entry count", UINT64_MAX, "too many", &nnz) || line_end(c, p, "Matrix Market size"))
      return -1;
    break;
  }
  uint64_t seen = 0;
  while ((rc = lr_next(c->r, c->err)) == 1) {
    const char *p = skip_ws(c->r->buf);
    if (!*p || *p == '%') continue;
    uint64_t i, j, w = 0;
    char rl[48], cl[48];
    snprintf(rl, sizeof rl, "rows are 1..%llu", (unsigned long long)rows);
    snprintf(cl, sizeof cl, "columns are 1..%llu", (unsigned long long)cols);
    if (seen == nnz) {
      seterr(c->err, "%s:%lu: more entries than the %llu the size line declares", c->r->path, c->r->line,
             (unsigned long long)nnz);
      return -1;
    }
    if (field(c, &p, "row", rows + 1, rl, &i) || field(c, &p, "column", cols + 1, cl, &j)) return -1;
    if (i == 0 || j == 0) {
      seterr(c->err, "%s:%lu: Matrix Market indices are 1-based, got 0", c->r->path, c->r->line);
      return -1;
    }
    if (integer) {
      p = skip_ws(p);
      /* a negative value or one above 2^31-1 is a matrix entry, not a
       * weight: the file counts as unweighted (graph_el_t) */
      const int neg = *p == '-';
      if (*p == '-' || *p == '+') {
        p++;
        if (!isdigit((unsigned char)*p)) {
          char t[32];
          seterr(c->err, "%s:%lu: bad value '%s'", c->r->path, c->r->line, tok_str(p - 1, t, sizeof t));
          return -1;
        }
      }
      if (field(c, &p, "value", UINT64_MAX, "below 2^64 - 1", &w)) return -1;
      if ((neg && w) || w > GRAPH_WEIGHT_MAX) {
        if (!el->nonweight_line) el->nonweight_line = c->r->line;
        w = 0;
      }
    } else if (real) {
      p = skip_ws(p);
      char t[32];
      if (!*p) {
        seterr(c->err, "%s:%lu: missing weight", c->r->path, c->r->line);
        return -1;
      }
      char *end;
      errno = 0;
      double x = strtod(p, &end);
      if (end == p || (*end && *end != ' ' && *end != '\t') || errno || !isfinite(x)) {
        seterr(c->err, "%s:%lu: bad weight '%s'", c->r->path, c->r->line, tok_str(p, t, sizeof t));
        return -1;
      }
      if (x < 0 || x > (double)GRAPH_WEIGHT_MAX) {
        if (!el->nonweight_line) el->nonweight_line = c->r->line;
        x = 0;
      }
      w = (uint64_t)llround(x);
      p = end;
    }
    if (line_end(c, p, "Matrix Market entry")) return -1;
    if (graph_el_add(el, (uint32_t)(i - 1), (uint32_t)(j - 1), (uint32_t)w)) return oom(c);
    seen++;
  }
  if (rc < 0) return -1;
  if (seen < nnz) {
    seterr(c->err, "%s:%lu: %llu entries, the size line declares %llu", c->r->path, c->r->line - 1,
           (unsigned long long)seen, (unsigned long long)nnz);
    return -1;
  }
  if (el->m == 0) {
    seterr(c->err, "%s:%lu: no edges in the file", c->r->path, c->r->line - 1);
    return -1;
  }
  el->n = (uint32_t)(rows > cols ? rows : cols);
  return 0;
}

graph_el_t *graph_read(const char *path, graph_fmt_t fmt, const graph_opts_t *opts, graph_err_t *err) {
  if (fmt == GRAPH_FMT_AUTO) fmt = graph_fmt_guess(path);
  lr_t *r = lr_open(path, err);
  if (!r) return NULL;
  graph_el_t *el = graph_el_new();
  if (!el) {
    seterr(err, "%s:0: out of memory", path);
    lr_close(r);
    return NULL;
  }
  ctx_t c = {r, err};
  int rc = fmt == GRAPH_FMT_MTX ? read_mtx(&c, el, opts) : read_pairs(&c, el, fmt, opts);
  lr_close(r);
  if (rc) {
    graph_el_free(el);
    return NULL;
  }
  return el;
}

/* ------------------------------------------------------------ CSR */

static uint64_t mix64(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

uint32_t graph_weight(uint64_t seed, uint32_t u, uint32_t v) {
  uint32_t lo = u < v ? u : v, hi = u < v ? v : u;
  uint64_t h = mix64(seed * 0x9e3779b97f4a7c15ull + (((uint64_t)lo << 32) | hi) + 0x632be59bd9b4e019ull);
  return 1 + (uint32_t)(h % 255);
}

void graph_free(graph_t *g) {
  if (!g) return;
  if (g->in_off != g->out_off) {
    free(g->in_off);
    free(g->in_src);
    free(g->in_w);
  }
  free(g->out_off);
  free(g->out_dst);
  free(g->out_w);
  free(g->ids);
  free(g);
}

graph_t *graph_build(const graph_el_t *el, const graph_opts_t *opts, const char *what, graph_err_t *err) {
  static const graph_opts_t dflt;
  if (!opts) opts = &dflt;
  uint32_t n = el->n;
  int sym = opts->symmetrize || el->symmetric || (el->undirected && !opts->directed);
  graph_t *g = calloc(1, sizeof *g);
  uint64_t *packed = NULL, *tmp = NULL;
  uint32_t *pos = NULL;
  if (!g) goto nomem;
  g->n = n;
  g->symmetric = sym;
  g->undirected_input = el->undirected;
  const int use_w = el->weighted && !el->nonweight_line;
  g->input_weighted = use_w;
  g->nonweight_line = el->nonweight_line;
  if (n > max_vertices(opts)) {
    seterr(err, "%s:0: %u vertices, more than the limit %u", what, n, max_vertices(opts));
    goto fail;
  }
  for (size_t i = 0; i < el->m; i++)
    if (el->src[i] >= n || el->dst[i] >= n) {
      seterr(err, "%s:0: edge %zu (%u -> %u) names a vertex >= %u", what, i, el->src[i], el->dst[i], n);
      goto fail;
    }
  uint64_t cnt = 0;
  for (size_t i = 0; i < el->m; i++)
    if (opts->keep_self_loops || el->src[i] != el->dst[i]) cnt += sym && el->src[i] != el->dst[i] ? 2 : 1;
  if (cnt > 0xFFFFFFF0ull) {
    seterr(err, "%s:0: %llu edges after symmetrising, more than the 32-bit image holds", what,
           (unsigned long long)cnt);
    goto fail;
  }
  g->out_off = calloc((size_t)n + 1, sizeof *g->out_off);
  pos = malloc(((size_t)n + 1) * sizeof *pos);
  packed = malloc((cnt ? cnt : 1) * sizeof *packed);
  if (!g->out_off || !pos || !packed) goto nomem;
  for (size_t i = 0; i < el->m; i++) {
    uint32_t u = el->src[i], v = el->dst[i];
    if (u == v && !opts->keep_self_loops) continue;
    g->out_off[u + 1]++;
    if (sym && u != v) g->out_off[v + 1]++;
  }
  for (uint32_t u = 0; u < n; u++) g->out_off[u + 1] += g->out_off[u];
  memcpy(pos, g->out_off, ((size_t)n + 1) * sizeof *pos);
  for (size_t i = 0; i < el->m; i++) {
    uint32_t u = el->src[i], v = el->dst[i];
    if (u == v && !opts->keep_self_loops) continue;
    uint32_t w = use_w ? el->w[i] : graph_weight(opts->weight_seed, u, v);
    packed[pos[u]++] = ((uint64_t)v << 32) | w;
    if (sym && u != v) packed[pos[v]++] = ((uint64_t)u << 32) | w;
  }
  /* sort each adjacency by (destination, weight), keep the first of each destination */
  uint32_t out = 0, maxdeg = 0;
  for (uint32_t u = 0; u < n; u++)
    if (g->out_off[u + 1] - g->out_off[u] > maxdeg) maxdeg = g->out_off[u + 1] - g->out_off[u];
  tmp = malloc(((size_t)maxdeg + 1) * sizeof *tmp);
  if (!tmp) goto nomem;
  for (uint32_t u = 0; u < n; u++) {
    uint32_t b = g->out_off[u], e = g->out_off[u + 1];
    sort_u64(packed + b, e - b, tmp);
    g->out_off[u] = out;
    for (uint32_t k = b; k < e; k++)
      if (k == b || (packed[k] >> 32) != (packed[k - 1] >> 32)) packed[out++] = packed[k];
  }
  g->out_off[n] = out;
  g->m = out;
  g->out_dst = malloc((out ? out : 1) * sizeof *g->out_dst);
  g->out_w = malloc((out ? out : 1) * sizeof *g->out_w);
  if (!g->out_dst || !g->out_w) goto nomem;
  for (uint32_t k = 0; k < out; k++) {
    g->out_dst[k] = (uint32_t)(packed[k] >> 32);
    g->out_w[k] = (uint32_t)packed[k];
  }
  free(packed);
  packed = NULL;
  free(tmp);
  tmp = NULL;
  if (sym) {
    g->in_off = g->out_off;
    g->in_src = g->out_dst;
    g->in_w = g->out_w;
  } else {
    g->in_off = calloc((size_t)n + 1, sizeof *g->in_off);
    g->in_src = malloc((out ? out : 1) * sizeof *g->in_src);
    g->in_w = malloc((out ? out : 1) * sizeof *g->in_w);
    if (!g->in_off || !g->in_src || !g->in_w) goto nomem;
    for (uint32_t k = 0; k < out; k++) g->in_off[g->out_dst[k] + 1]++;
    for (uint32_t v = 0; v < n; v++) g->in_off[v + 1] += g->in_off[v];
    memcpy(pos, g->in_off, ((size_t)n + 1) * sizeof *pos);
    for (uint32_t u = 0; u < n; u++)
      for (uint32_t k = g->out_off[u]; k < g->out_off[u + 1]; k++) {
        uint32_t v = g->out_dst[k];
        g->in_src[pos[v]] = u;
        g->in_w[pos[v]++] = g->out_w[k];
      }
  }
  free(pos);
  if (el->ids) {
    g->ids = malloc(((size_t)n ? n : 1) * sizeof *g->ids);
    if (!g->ids) goto nomem;
    memcpy(g->ids, el->ids, (size_t)n * sizeof *g->ids);
  }
  return g;
nomem:
  seterr(err, "%s:0: out of memory building the CSR", what);
fail:
  free(packed);
  free(tmp);
  free(pos);
  graph_free(g);
  return NULL;
}

graph_t *graph_load(const char *path, graph_fmt_t fmt, const graph_opts_t *opts, graph_err_t *err) {
  graph_el_t *el = graph_read(path, fmt, opts, err);
  if (!el) return NULL;
  graph_t *g = graph_build(el, opts, path, err);
  graph_el_free(el);
  return g;
}

/* ------------------------------------------------------------ memory image */

void graph_kparams_default(graph_kparams_t *p, const graph_t *g) {
  memset(p, 0, sizeof *p);
  p->kernel = GRAPH_K_BFS;
  /* source: the vertex of largest out-degree (smallest id on ties), so BFS
   * and SSSP reach a large part of the graph */
  uint32_t best = 0, bestdeg = 0;
  for (uint32_t u = 0; u < g->n; u++) {
    uint32_t d = g->out_off[u + 1] - g->out_off[u];
    if (d > bestdeg) bestdeg = d, best = u;
  }
  p->bfs_source = p->sssp_source = best;
  p->pr_max_iters = 20;
  p->pr_tolerance = 107374; /* 1e-4 * 2^30 */
  p->cc_max_iters = g->n < 0xFFFFFFFEu ? g->n + 1 : g->n;
  /* task words keep the vertex in 24 bits: larger graphs run a task per vertex */
  p->bfs_split = g->n <= GRAPH_BFS_MAX_N ? GRAPH_BFS_SPLIT_DEFAULT : 0;
}

static uint64_t align64(uint64_t x) { return (x + 63) & ~(uint64_t)63; }

static void put_words(uint8_t *dst, const uint32_t *src, size_t words) {
  for (size_t i = 0; i < words; i++) {
    uint32_t x = src[i];
    dst[4 * i] = (uint8_t)x;
    dst[4 * i + 1] = (uint8_t)(x >> 8);
    dst[4 * i + 2] = (uint8_t)(x >> 16);
    dst[4 * i + 3] = (uint8_t)(x >> 24);
  }
}

int graph_image_build(const graph_t *g, const graph_kparams_t *p, uint32_t base, graph_mem_t *out, graph_err_t *err) {
  memset(out, 0, sizeof *out);
  if (g->n == 0) {
    seterr(err, "graph image:0: a graph without vertices");
    return -1;
  }
  if (p->bfs_source >= g->n || p->sssp_source >= g->n) {
    seterr(err, "graph image:0: source vertex %u out of range (n = %u)",
           p->bfs_source >= g->n ? p->bfs_source : p->sssp_source, g->n);
    return -1;
  }
  if (p->kernel < GRAPH_K_BFS || p->kernel > GRAPH_K_LAST) {
    seterr(err, "graph image:0: unknown kernel %u", p->kernel);
    return -1;
  }
  if (p->bfs_split && g->n > GRAPH_BFS_MAX_N) {
    seterr(err, "graph image:0: BFS task splitting needs at most %u vertices (n = %u): use a split of 0",
           GRAPH_BFS_MAX_N, g->n);
    return -1;
  }
  struct graph_image h;
  memset(&h, 0, sizeof h);
  uint64_t n = g->n, m = g->m, at = 0;
  /* BFS's two task queues hold at most n + m / split tasks each; the
   * other kernels' heaps need nothing for them */
  uint64_t bfs_extra = p->kernel == GRAPH_K_BFS && p->bfs_split ? 2 * (m / p->bfs_split + 1) : 0;
#define PLACE(field, words)       \
  do {                            \
    at = align64(at);             \
    h.field = (uint32_t)(base + at); \
    at += 4 * (uint64_t)(words);  \
  } while (0)
  at = sizeof h;
  PLACE(out_offsets, n + 1);
  PLACE(out_edges, m);
  PLACE(out_weights, m);
  if (g->symmetric) {
    h.in_offsets = h.out_offsets;
    h.in_edges = h.out_edges;
    h.in_weights = h.out_weights;
  } else {
    PLACE(in_offsets, n + 1);
    PLACE(in_edges, m);
    PLACE(in_weights, m);
  }
  PLACE(bfs_parent, n);
  h.prop_base = h.bfs_parent;
  PLACE(bfs_depth, n);
  PLACE(sssp_dist, n);
  PLACE(pr_rank, n);
  PLACE(cc_label, n);
  if (p->kernel >= GRAPH_K_GENERIC_RESULTS) {
    PLACE(result[0], n);
    PLACE(result[1], n);
  }
  PLACE(heap_base, 3 * n + 1024 + bfs_extra);
  at = align64(at);
#undef PLACE
  if ((uint64_t)base + at > 0xF0000000ull) {
    seterr(err, "graph image:0: %llu bytes at 0x%08x run into device space at 0xF000_0000", (unsigned long long)at,
           base);
    return -1;
  }
  h.heap_end = (uint32_t)(base + at);
  h.magic = GRAPH_IMAGE_MAGIC;
  h.version = GRAPH_IMAGE_VERSION;
  h.header_bytes = sizeof h;
  h.image_bytes = (uint32_t)at;
  h.num_vertices = g->n;
  h.num_edges = g->m;
  h.flags = g->symmetric ? GRAPH_F_SYMMETRIC : 0;
  h.kernel = p->kernel;
  h.bfs_source = p->bfs_source;
  h.sssp_source = p->sssp_source;
  h.pr_max_iters = p->pr_max_iters;
  h.pr_tolerance = p->pr_tolerance;
  h.cc_max_iters = p->cc_max_iters;
  h.bfs_split = p->bfs_split;
  uint8_t *b = calloc(1, (size_t)at);
  if (!b) {
    seterr(err, "graph image:0: out of memory (%llu bytes)", (unsigned long long)at);
    return -1;
  }
  put_words(b, (const uint32_t *)&h, sizeof h / 4);
  put_words(b + (h.out_offsets - base), g->out_off, n + 1);
  put_words(b + (h.out_edges - base), g->out_dst, m);
  put_words(b + (h.out_weights - base), g->out_w, m);
  if (!g->symmetric) {
    put_words(b + (h.in_offsets - base), g->in_off, n + 1);
    put_words(b + (h.in_edges - base), g->in_src, m);
    put_words(b + (h.in_weights - base), g->in_w, m);
  }
  /* results start as "unwritten" so a kernel that skips a vertex shows */
  memset(b + (h.bfs_parent - base), 0xFF, (size_t)(h.heap_base - h.bfs_parent));
  out->base = base;
  out->bytes = b;
  out->len = (size_t)at;
  return 0;
}

void graph_mem_free(graph_mem_t *m) {
  free(m->bytes);
  memset(m, 0, sizeof *m);
}

struct graph_image graph_image_header(const graph_mem_t *m) {
  struct graph_image h;
  memset(&h, 0, sizeof h);
  if (m->len >= sizeof h) {
    uint32_t *w = (uint32_t *)&h;
    for (size_t i = 0; i < sizeof h / 4; i++)
      w[i] = (uint32_t)m->bytes[4 * i] | (uint32_t)m->bytes[4 * i + 1] << 8 | (uint32_t)m->bytes[4 * i + 2] << 16 |
             (uint32_t)m->bytes[4 * i + 3] << 24;
  }
  return h;
}

uint32_t *graph_image_words(const graph_mem_t *m, uint32_t addr, uint32_t words) {
  if (addr < m->base || (addr & 3)) return NULL;
  uint64_t off = addr - m->base;
  if (off + 4 * (uint64_t)words > m->len) return NULL;
  return (uint32_t *)(void *)(m->bytes + off);
}
