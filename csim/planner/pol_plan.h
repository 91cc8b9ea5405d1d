/* The offline policies greedy, pimprof, a3pim and oracle (issue 9, SPEC
 * section 7, docs/policies.md): they profile with the same simulator (C
 * blocks) or read the loop bodies' RV32 code, and produce a per-loop plan
 * that IMU PLAN mode follows in the final run.
 *
 * They drive the system (sys.h), so they sit above csim/sys, which uses
 * csim/policy (the policy table, PEI): no folder includes back
 * (scripts/check_includes.py).  Prefix pol_. */
#ifndef POL_PLAN_H
#define POL_PLAN_H

#include <stddef.h>
#include <stdio.h>

#include "graph.h"
#include "pol.h"
#include "sys.h"

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
