/* Graph inputs for the workloads: readers (SNAP edge lists plain or gzip,
 * GAP .el/.wel, Matrix Market .mtx), generators (csim/graph/graph_gen.c), the CSR
 * built from an edge list, and the memory image the RV32 kernels read
 * (sw/include/graph_image.h).  docs/workloads.md describes the formats.
 *
 * Errors: every function that can fail takes a graph_err_t and, on failure,
 * fills it with one line "file:line: what" (no trailing newline) and returns
 * NULL / -1.  Nothing here prints or exits; tools do (exit code 2). */
#ifndef GRAPH_H
#define GRAPH_H

#include <stddef.h>
#include <stdint.h>

#include "../../sw/include/graph_image.h"

typedef enum {
  GRAPH_FMT_AUTO = 0, /* from the file name: .el .wel .mtx, anything else SNAP; a .gz suffix is stripped first */
  GRAPH_FMT_SNAP,     /* "u<ws>v" per line, '#' comments, sparse ids remapped to dense */
  GRAPH_FMT_EL,       /* "u v", dense 0-based ids */
  GRAPH_FMT_WEL,      /* "u v w" */
  GRAPH_FMT_MTX       /* Matrix Market coordinate, 1-based */
} graph_fmt_t;

#define GRAPH_ID_LIMIT 0x80000000u        /* ids must be below 2^31 */
#define GRAPH_MAX_VERTICES_DEFAULT (1u << 27)
#define GRAPH_WEIGHT_MAX 0x7FFFFFFFu

typedef struct {
  char msg[512];
} graph_err_t;

typedef struct {
  int symmetrize;            /* add v->u for every u->v */
  int directed;              /* keep a SNAP file whose header says undirected as stored (one direction a pair) */
  int keep_self_loops;       /* default: dropped */
  uint64_t weight_seed;      /* weights 1..255 from a hash of the (unordered) pair and this seed */
  uint32_t max_vertices;     /* 0: GRAPH_MAX_VERTICES_DEFAULT; more is an error, not an allocation */
} graph_opts_t;

/* An edge list as read (before CSR): n vertices, m edges src[i] -> dst[i]. */
typedef struct {
  uint32_t n;
  size_t m, cap;
  uint32_t *src, *dst;
  uint32_t *w;           /* weights when `weighted` */
  int weighted;          /* set before the first graph_el_add */
  int symmetric;         /* the input says so (Matrix Market "symmetric") */
  int undirected;        /* a SNAP header line "# Undirected graph": symmetrised unless opts->directed */
  uint32_t *ids;         /* SNAP: dense id -> original id (n entries); NULL for identity */
  /* Matrix Market: the first line whose value is no edge weight (negative
   * or above 2^31-1), 0 if none.  A matrix's values need not be weights
   * (SuiteSparse matrices carry negative ones), so such a file is read as
   * unweighted (graph_build generates the weights) and only a kernel that
   * needs weights refuses it (kern_graph_check). */
  unsigned long nonweight_line;
} graph_el_t;

/* CSR.  For a symmetric graph the in-arrays are the out-arrays. */
typedef struct {
  uint32_t n;
  uint32_t m;                    /* directed edges in the CSR */
  uint32_t *out_off, *out_dst, *out_w;
  uint32_t *in_off, *in_src, *in_w;
  int symmetric;
  int undirected_input;          /* the SNAP header said undirected (symmetric unless read --directed) */
  uint32_t *ids;                 /* dense -> original id, NULL for identity */
  int input_weighted;            /* weights came from the input */
  unsigned long nonweight_line;  /* graph_el_t's: the input had values that are no weights */
} graph_t;

/* "snap", "el", "wel", "mtx", "auto" -> format; -1 if unknown. */
int graph_fmt_parse(const char *s);
graph_fmt_t graph_fmt_guess(const char *path);

graph_el_t *graph_el_new(void);
void graph_el_free(graph_el_t *el);
/* Appends one edge; returns -1 when out of memory. */
int graph_el_add(graph_el_t *el, uint32_t u, uint32_t v, uint32_t w);

/* Reads a file (gzip or plain, detected by content) in format fmt. */
graph_el_t *graph_read(const char *path, graph_fmt_t fmt, const graph_opts_t *opts, graph_err_t *err);
/* Edge list -> CSR: self-loops dropped (unless kept), symmetrised if asked or
 * the input is symmetric (or says undirected, unless opts->directed), duplicates dropped (the smallest weight stays),
 * adjacency sorted by destination, weights 1..255 if the input had none.
 * `what` names the source in errors. */
graph_t *graph_build(const graph_el_t *el, const graph_opts_t *opts, const char *what, graph_err_t *err);
/* graph_read + graph_build. */
graph_t *graph_load(const char *path, graph_fmt_t fmt, const graph_opts_t *opts, graph_err_t *err);
void graph_free(graph_t *g);

/* The deterministic weight of edge {u, v} (1..255), the same both ways. */
uint32_t graph_weight(uint64_t seed, uint32_t u, uint32_t v);

/* Generators (csim/graph/graph_gen.c), GAP style: 2^scale vertices, degree *
 * 2^scale edges drawn; deterministic by seed.  Kronecker (R-MAT) uses
 * A = 0.57, B = C = 0.19 and a seeded vertex permutation. */
graph_el_t *graph_gen_kron(unsigned scale, unsigned degree, uint64_t seed, graph_err_t *err);
graph_el_t *graph_gen_uniform(unsigned scale, unsigned degree, uint64_t seed, graph_err_t *err);
/* Exactly n vertices and m distinct edges (unordered pairs unless directed),
 * R-MAT skew: stand-ins matched to a real graph's counts. */
graph_el_t *graph_gen_rmat(uint32_t n, uint64_t m, int directed, uint64_t seed, graph_err_t *err);
/* graph_gen_rmat's graph with its ids relabelled in breadth-first order from
 * its largest-degree vertex: the id locality of a crawled graph's file. */
graph_el_t *graph_gen_rmat_local(uint32_t n, uint64_t m, int directed, uint64_t seed, graph_err_t *err);
/* Small-world R-MAT, fitted to a clustering coefficient cc4 / 10^4 (SNAP's
 * published average): a ring lattice on ids 0..n-1 (pairs at distance 1, 2,
 * ..., so neighbours have nearby ids and share neighbours) holding
 * m x sqrt(cc / 0.75) of the edges (at least the n-1 of the path), the rest
 * R-MAT draws on the same ids (unpermuted), all distinct, no self-loops. */
graph_el_t *graph_gen_swr(uint32_t n, uint64_t m, int directed, uint32_t cc4, uint64_t seed, graph_err_t *err);

/* A graph by name: a file path (format from fmt or the name), or a
 * generator "kron:SCALE:DEGREE[:SEED]" / "uniform:SCALE:DEGREE[:SEED]", or
 * "rmat:VERTICES:EDGES[:SEED]" (EDGES undirected) / "rmatd:VERTICES:EDGES[:SEED]" (directed),
 * "rmatl:" / "rmatld:" the same relabelled in BFS order (graph_gen_rmat_local),
 * "swr:VERTICES:EDGES:CC[:SEED]" / "swrd:..." (graph_gen_swr, CC a decimal
 * such as 0.6324) (seed default 1).  Generated graphs are symmetrised, as
 * GAP's are, except the directed stand-ins (rmatd, rmatld, swrd). */
graph_t *graph_open(const char *spec, graph_fmt_t fmt, const graph_opts_t *opts, graph_err_t *err);

/* BFS task size by default (edges per task, issue 15's measurement in
 * docs/results.md "Offload path"). */
#define GRAPH_BFS_SPLIT_DEFAULT 256

/* Kernel parameters laid into the image header. */
typedef struct {
  uint32_t kernel;       /* GRAPH_K_* */
  uint32_t bfs_source;
  uint32_t sssp_source;
  uint32_t pr_max_iters; /* default 20 */
  uint32_t pr_tolerance; /* default 1e-4 in Q2.30 = 107374 */
  uint32_t cc_max_iters; /* default n */
  uint32_t bfs_split;    /* BFS task size in edges, 0 = a task per vertex (default GRAPH_BFS_SPLIT_DEFAULT) */
} graph_kparams_t;

void graph_kparams_default(graph_kparams_t *p, const graph_t *g);

/* A memory image: len bytes meant to be placed at RV32 address base. */
typedef struct {
  uint32_t base;
  uint8_t *bytes;
  size_t len;
} graph_mem_t;

/* Lays the CSR, header, result arrays and heap at base (normally
 * GRAPH_IMAGE_BASE).  Fails if the image would pass 0xF000_0000 (device
 * space) or a parameter is out of range.  Free bytes with graph_mem_free. */
int graph_image_build(const graph_t *g, const graph_kparams_t *p, uint32_t base, graph_mem_t *out, graph_err_t *err);
void graph_mem_free(graph_mem_t *m);
/* Header of a built image (a copy), and a pointer into it by RV32 address
 * (NULL when [addr, addr + words*4) is not inside the image). */
struct graph_image graph_image_header(const graph_mem_t *m);
uint32_t *graph_image_words(const graph_mem_t *m, uint32_t addr, uint32_t words);

#endif
