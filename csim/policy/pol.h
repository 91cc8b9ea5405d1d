/* Offload policies of issue 9 that need more than an IMU mode (SPEC
 * section 7, docs/policies.md):
 *
 *  - PEI's locality monitor (pol_pei_*): a partial-tag mirror of the LLC
 *    behind the host's amo_site hook (SYS_AMO_LOCALITY).  Each host AMO runs
 *    in the HMC vault unless the monitor predicts an LLC hit.
 *  - The offline policies greedy, pimprof, a3pim and oracle (pol_make_plan):
 *    they profile with the same simulator (C blocks) or read the loop
 *    bodies' RV32 code, and produce a per-loop plan that IMU PLAN mode
 *    follows in the final run.
 *
 * Prefix pol_; opaque state; no globals except constants. */
#ifndef POL_H
#define POL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "graph.h"
#include "sys.h"

/* ---------------------------------------------------------------- PEI locality monitor */

typedef struct pol_pei pol_pei_t;

/* A mirror of an LLC of llc_bytes, ways, line_bytes: same sets and ways,
 * tag_bits-bit partial tags (PEI: 10), LRU.  NULL if the geometry is bad. */
pol_pei_t *pol_pei_new(uint32_t llc_bytes, unsigned ways, unsigned line_bytes, unsigned tag_bits);
void pol_pei_free(pol_pei_t *m);
/* A host load or store to addr: its line is (re)installed as most recent. */
void pol_pei_access(pol_pei_t *m, uint32_t addr);
/* A host AMO to addr: 1 = run it in memory (predicted LLC miss; the line
 * leaves the mirror as it leaves the caches), 0 = in the caches (predicted
 * hit; the line becomes most recent). */
int pol_pei_amo(pol_pei_t *m, uint32_t addr);
/* Monitor size in bits (entries x (partial tag + valid + LRU bits)) and
 * the AMO predictions so far. */
uint64_t pol_pei_bits(const pol_pei_t *m);
void pol_pei_counts(const pol_pei_t *m, uint64_t *hits, uint64_t *misses);

/* ---------------------------------------------------------------- offline policies */

typedef struct {
  const sys_cfg_t *cfg;        /* the run's configuration (profiles use it with C blocks) */
  const char *elf;             /* kernel ELF */
  const char *kernel;          /* a registry name (csim/graph/kernels.h) */
  const graph_t *g;
  const graph_kparams_t *kp;
  unsigned oracle_max_runs;    /* oracle: simulate every placement if 2^loops <= this (0: 64) */
  FILE *log;                   /* progress and the solver's reasoning, or NULL */
} pol_ctx_t;

/* Computes the plan of an offline policy (pol->planner is not SYS_PLANNER_NONE).  plan: the sites (every loop of
 * the kernel listed); text: the plan file (docs/policies.md format, with
 * '#' comment lines giving the solver's figures); summary: one line for
 * the JSON's run.plan ("oracle: bfs.init=host bfs.frontier=pim; searched
 * 4/4").  0, or -1 and err. */
int pol_make_plan(const pol_ctx_t *c, const sys_policy_t *pol, sys_plan_t *plan, char *text, size_t tcap, char *summary,
                  size_t scap, char *err, size_t cap);

#endif
