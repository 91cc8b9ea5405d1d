/* C entry to the SystemC platform (systemc/, docs/systemc.md), so a C
 * test or tool can run it.  C-compatible; implemented in C++.
 *
 * SystemC elaborates once per process, so one call builds every system
 * asked for, runs them side by side in one simulation and fills the
 * results. */
#ifndef COPIM_SC_API_H
#define COPIM_SC_API_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#include "sys.h"

/* One full system (csim/sys/sys.h) whose PMC, IMUs and PEs are sc_modules. */
typedef struct {
  /* inputs */
  const char *elf;
  const graph_t *g;
  const graph_kparams_t *kp;
  const sys_cfg_t *cfg;
  const sys_policy_t *pol;
  int pmc_rtl;            /* 0: pmc_sc (C model); 1: Vpmc, the RTL through verilator --sc */
  /* results */
  int rc;                 /* 0 ran to EXIT 0; -1 failed (err) */
  char err[320];
  uint64_t cycles, pe_cycles, insns, sc_end_ps;
  int verified;
  char why[256];
  char *json;             /* sys_write_json output (malloc'd; free it) */
} copim_sc_sys_run_t;

/* The HMC TLM target checked against the C model driven directly. */
typedef struct {
  unsigned reqs;          /* requests issued (b_transport and nb_transport) */
  unsigned checks, mismatches;
  char first[256];        /* first mismatch */
} copim_sc_hmc_check_t;

/* Runs everything in one SystemC simulation.  reset_seed: Verilator random
 * reset seed (0 = zero state).  hc may be NULL.  0, or -1 if SystemC
 * itself failed (message in runs[0].err). */
int copim_sc_simulate(copim_sc_sys_run_t *runs, unsigned n, unsigned reset_seed, copim_sc_hmc_check_t *hc,
                      uint64_t seed);

#ifdef __cplusplus
}
#endif

#endif
