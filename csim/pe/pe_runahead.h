/* Run-ahead vault PE (issue 34): a PE that the system does not step edge by
 * edge between two interactions at its port.
 *
 * Between two port interactions (a request presented, a response taken, a
 * start) a PE's inputs are quiet: no start, no response, no ready (there is
 * no request to accept).  Its future up to the next edge whose outputs
 * present a request or the halt then depends on its own state only, so
 * pe_runahead_run() computes those edges at once, right after the system's last
 * real step: how many there are, and what retired at each.  The system
 * counts them off as its clock passes them (one at a time, or many at once
 * in an idle-skipped span) without looking at the PE, and steps the PE for
 * real again at the edge that needs its inputs.
 *
 * The engine works on the RTL-mirroring model's own state (csim/pe/pe.c)
 * with the quiet inputs: pe_ri_run() (the instruction-level run-ahead,
 * csim/pe/pe_ri.c) takes the stretches in which every
 * instruction flows (no request, no miss, no trap, no CSR) an
 * instruction at a time, from the pipeline's timing rules, and rebuilds the
 * pipeline registers where the stretch ends; pe_step_quiet() (the quiet
 * edge, csim/pe/pe_quiet.c), a shortcut of the edge, takes the edge that
 * ends it when it can (a request it issues),
 * and pe_step() any other edge, so every edge must be the one the lockstep
 * reference computes (sim.pe_runahead=0: the system steps every edge with
 * pe_step(); pe_runahead_equiv compares the two every edge); what the
 * run-ahead saves is the system's per-edge work (the PE loop, the HMC and
 * dispatcher polls, the host cycle around each edge), and the idle-skip
 * spans it opens: a PE ahead no longer stops the system's skip at every
 * edge it works.  docs/performance.md "Run-ahead PEs" has the figures.
 *
 * pe_runahead_t is embedded in the system's per-PE state (no allocation; the
 * model stays owned by whoever made it). */
#ifndef PE_RUNAHEAD_H
#define PE_RUNAHEAD_H

#include <stdint.h>

#include "pe.h"

/* Edges one run-ahead covers at most (the window); a longer quiet stretch
 * is several windows, each after one real step. */
#define PE_RUNAHEAD_WINDOW 512u

/* One retirement inside the window: the ret_* outputs of its edge (edge:
 * its number inside the window, 0 = the first edge after the real step). */
typedef pe_ret_t pe_runahead_ret_t;

/* Retirements of a span of edges (what the system's statistics count). */
typedef struct {
  uint64_t retired, loads, stores;
} pe_runahead_count_t;

typedef struct {
  pe_t *pe;               /* the model (NULL: run-ahead off) */
  uint32_t hart_id;
  uint32_t edges;         /* edges computed ahead and not yet taken */
  uint32_t taken;         /* edges of the window taken */
  uint32_t nret, rhead;   /* ret[rhead..nret): retirements not yet taken */
  /* the window's loads and stores among its retirements, when its user
   * counted them as it went over them (counted: sys_pe.c's lazy window
   * does, filling its calendar), so that taking the whole window at once
   * needs no second pass (pe_runahead_take) */
  uint32_t tot_loads, tot_stores;
  int counted;
  uint64_t windows;       /* run-aheads that covered at least one edge */
  uint64_t ahead_edges;   /* edges they covered */
  pe_runahead_ret_t ret[PE_RUNAHEAD_WINDOW];
} pe_runahead_t;

/* 1 if the run-ahead covers a PE of this configuration (the system then
 * runs it ahead unless sim.pe_runahead=0), 0 if the system must step it every
 * edge.  Today: every configuration with one request in flight at the port
 * (pe.dmshrs = 1, so no prefetcher either).  A parameter that lets the
 * port hold a second request or a response arrive while quiet inputs are assumed must
 * make this 0 until the run-ahead's quiet-input rule covers it. */
int pe_runahead_supported(const pe_cfg_t *cfg);

/* Binds f to the model pe (NULL: off) with its hart id; the window is empty. */
void pe_runahead_init(pe_runahead_t *f, pe_t *pe, uint32_t hart_id);

/* Call right after a real step, when the next edge's inputs will be quiet
 * (no start, no response pending at the port; the system knows).  Steps the
 * model over the edges whose outputs present neither a request nor the halt,
 * up to PE_RUNAHEAD_WINDOW, with the quiet inputs, and returns how many (0: the
 * next edge already needs the system).  The window must be empty. */
uint32_t pe_runahead_run(pe_runahead_t *f);

/* Takes the next edge of the window (f->edges > 0): its retirement outputs
 * (ret_valid 0 when nothing retired; the other outputs are quiet). */
void pe_runahead_take1(pe_runahead_t *f, pe_out_t *ret);

/* Takes the next edge of the window (f->edges > 0) and returns what
 * retired at it, NULL if nothing did: pe_runahead_take1 without a pe_out_t to
 * fill and clear per edge (pe_runahead_take1 is built on it, so the shadow
 * check of sim.pe_runahead=2 covers it too). */
static inline const pe_runahead_ret_t *pe_runahead_next(pe_runahead_t *f) {
  const pe_runahead_ret_t *r = NULL;
  if (f->rhead < f->nret && f->ret[f->rhead].edge == f->taken) r = &f->ret[f->rhead++];
  f->taken++;
  f->edges--;
  return r;
}

/* Takes the next n edges of the window (n <= f->edges), adding their
 * retirements to c. */
void pe_runahead_take(pe_runahead_t *f, uint64_t n, pe_runahead_count_t *c);

#endif
