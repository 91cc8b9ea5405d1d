/* One graph kernel run end to end in the functional system (csim/rv32/fsim.h):
 * lay the graph image, load the kernel's ELF, run, read the results back
 * and check them against the native reference (csim/graph/kref.h). */
#ifndef WORKLOAD_H
#define WORKLOAD_H

#include <stddef.h>
#include <stdint.h>

#include "fsim.h"
#include "graph.h"

typedef struct {
  uint32_t exit_code;
  uint32_t iterations;       /* as the kernel wrote it to the header */
  uint32_t ref_iterations;   /* the native reference's (comparable on 1 hart) */
  int verified;              /* 1: results equal the reference */
  char why[256];             /* when not verified */
  fsim_stats_t stats;
  char console[512];         /* the first bytes of the console */
} workload_result_t;

/* "bfs" -> GRAPH_K_BFS ...; 0 when unknown. */
uint32_t workload_kernel(const char *name);
const char *workload_kernel_name(uint32_t k);

/* Runs elf (the kernel kp->kernel) on g.  Returns 0 when the run finished
 * (whether or not it verified: see res->verified), -1 with one line in err
 * when it could not run (bad ELF, trap, limit, exit code != 0). */
int workload_run(const char *elf, const graph_t *g, const graph_kparams_t *kp, const fsim_cfg_t *cfg,
                 workload_result_t *res, char *err, size_t cap);

/* Reads n bytes of the simulated memory at addr into p. */
typedef void (*workload_read_fn)(void *ctx, uint32_t addr, void *p, size_t n);
/* Checks the results a system left in memory (image header at
 * GRAPH_IMAGE_BASE) against the native reference: fills res->verified,
 * why, iterations, ref_iterations and returns res->verified.  For system
 * models other than fsim (the co-simulation). */
int workload_verify(const graph_t *g, const graph_kparams_t *kp, workload_read_fn rd, void *ctx,
                    workload_result_t *res);

#endif
