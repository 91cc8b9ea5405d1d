/* The kernel registry: one row per graph kernel, the single place that
 * knows a kernel's name, image id (GRAPH_K_*), marked loops, result
 * arrays, native reference and verifier.  The name, id and loops come
 * from the kernel's row in the kernel table both sides read
 * (sw/kernels/loops.h GRAPH_KERNELS); kernels.c adds the rest.  workload (verification),
 * sys_cfg (plan files), pol_plan (offline policies), copim-sim
 * (--kernel, --list-kernels, --help) and graphtool read it; the
 * sweep scripts read it through `copim-sim --list-kernels`.
 * docs/extending.md walks through adding a row.
 *
 * Prefix kern_; the table is a constant. */
#ifndef KERNELS_H
#define KERNELS_H

#include <stddef.h>
#include <stdint.h>

#include "graph.h"

#define KERN_MAX_LOOPS 4
#define KERN_MAX_RESULTS 2

typedef struct {
  uint32_t id;      /* sw/kernels/loops.h LOOP_* */
  const char *name; /* "<kernel>.<loop>": what the kernel registers with LOOP_NAME; the body function is <kernel>_<loop> */
} kern_loop_t;

typedef struct {
  const char *name;   /* the header word holding the array's RV32 address, by its name in docs/workloads.md */
  uint32_t word;      /* index of that word in struct graph_image */
} kern_result_t;

typedef struct kern kern_t;
struct kern {
  const char *name; /* --kernel name, the ELF is build/sw/<name>.elf */
  uint32_t id;      /* GRAPH_K_* */
  const char *what; /* one line for --help */
  unsigned nloops;
  kern_loop_t loops[KERN_MAX_LOOPS];
  unsigned nresults;
  kern_result_t results[KERN_MAX_RESULTS];
  /* The native reference: fills ref[0..KERN_MAX_RESULTS-1] (n + 1 words
   * each; the first nresults are the expected result arrays, the others
   * scratch) and returns its iteration count (levels, passes, rounds). */
  uint32_t (*reference)(const graph_t *g, const graph_kparams_t *kp, uint32_t *const ref[KERN_MAX_RESULTS]);
  /* 0 when got (the kernel's result arrays, iterations as it wrote them)
   * is right against ref, else -1 and one line in why. */
  int (*verify)(const graph_t *g, const graph_kparams_t *kp, const uint32_t *const got[KERN_MAX_RESULTS],
                uint32_t *const ref[KERN_MAX_RESULTS], uint32_t iterations, uint32_t ref_iterations, char *why,
                size_t cap);
  /* graphtool run's one line about the reference's result (no newline);
   * -1 with the line saying why when the reference disagrees with itself. */
  int (*describe)(const graph_t *g, const graph_kparams_t *kp, uint32_t *const ref[KERN_MAX_RESULTS],
                  uint32_t ref_iterations, char *line, size_t cap);
};

/* Table order is the --list-kernels and --help order. */
const kern_t *kern_at(unsigned i); /* NULL past the end */
const kern_t *kern_find(const char *name);
const kern_t *kern_by_id(uint32_t id);
/* 0 when kernel k can run on g, read from path; else -1 and one line in
 * why ("path:line: ...").  Only sssp reads weights, so only it refuses a
 * Matrix Market file whose values are no weights (graph_t.nonweight_line):
 * the other kernels read its structure, and generated weights in place of
 * the file's values would be a silently different problem. */
int kern_graph_check(const kern_t *k, const graph_t *g, const char *path, char *why, size_t cap);
/* "bfs, sssp, pr, cc, ..." into buf, for messages; returns buf. */
const char *kern_names(char *buf, size_t cap);
/* A loop by "<kernel>.<loop>" name or by id, with the kernel it belongs to
 * (owner may be NULL); NULL when no kernel has it. */
const kern_loop_t *kern_loop_find(const char *name, const kern_t **owner);
const kern_loop_t *kern_loop_by_id(uint32_t id, const kern_t **owner);

#endif
