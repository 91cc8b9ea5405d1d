/* Offload policies (SPEC section 7, docs/policies.md):
 *
 *  - the POLICY TABLE (sys_policy_find, pol_table.c): what each policy is,
 *    one row, nothing keyed on its name;
 *  - PEI's locality monitor (pol_pei_*): a partial-tag mirror of the LLC
 *    behind the host's amo_site hook (SYS_AMO_LOCALITY).  Each host AMO runs
 *    in the HMC vault unless the monitor predicts an LLC hit.
 *
 * The system (csim/sys) uses this folder; the offline planners, which run
 * the system to profile, are above it (csim/planner/pol_plan.h).  So this
 * header includes nothing of csim/sys (scripts/check_includes.py).
 *
 * Prefix pol_ (the table keeps its sys_ names: the system's API takes its
 * rows); opaque state; no globals except constants. */
#ifndef POL_H
#define POL_H

#include <stdint.h>

/* ---------------------------------------------------------------- the policy table */

/* Where an RV32A AMO of the host executes (SPEC section 7: PEI, GraphPIM). */
enum { SYS_AMO_CACHE = 0, SYS_AMO_MEMORY = 1, SYS_AMO_PIM_REGION = 2, SYS_AMO_LOCALITY = 3 };

/* Who computes an IMU PLAN mode policy's plan before the run
 * (csim/planner/pol_plan.c): nobody (--plan FILE) or one of the offline solvers. */
typedef enum {
  SYS_PLANNER_NONE = 0,
  SYS_PLANNER_GREEDY,
  SYS_PLANNER_PIMPROF,
  SYS_PLANNER_A3PIM,
  SYS_PLANNER_ORACLE
} sys_planner_t;

/* Everything a policy is: a row of this table, no code keyed on its name. */
typedef struct {
  const char *name;
  int imu_mode;          /* IMU_MODE_* written into every IMU; -1: not implemented yet */
  int amo_site;          /* SYS_AMO_*: host AMO placement through host.h's amo_site hook (LOCALITY: issue 9) */
  int needs_plan;        /* 1: IMU PLAN mode from a plan (--plan FILE, or the planner's) */
  sys_planner_t planner; /* offline solver that makes the plan, SYS_PLANNER_NONE for --plan FILE */
  int compared;          /* 1: one of the policies the sweeps and figures compare (copim-sim --list-policies) */
  const char *what;      /* one line for --help */
  uint32_t imu_fraction; /* the IMU's sample fraction (Q0.16) when imu.fraction_q16 is left at its default; 0: that default */
} sys_policy_t;

/* The policy of that name, or NULL.  Table order is the --help and
 * --list-policies order: the compared policies first, in the paper's order. */
const sys_policy_t *sys_policy_find(const char *name);
const sys_policy_t *sys_policy_at(unsigned i); /* NULL past the end */

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

#endif
