/* The PMC C model and its Verilated RTL stepped together on the same inputs,
 * compared on every read port every cycle: the core of all PMC tests. */
#ifndef PMC_PAIR_H
#define PMC_PAIR_H

#include "pmc.h"
#include "pmc_rtl.h"
#include "tb.h"

typedef struct {
  tb_t *t;
  pmc_t *c;
  pmc_rtl_t *rtl;
  pmc_cfg_t cfg;
  uint64_t cycle;
  int diverged; /* set at the first mismatch; steps stop comparing */
} pmc_pair_t;

/* Both models at the RTL's build parameters, reset; RTL reset seed and
 * waveform from the test options.  Returns 0 on failure. */
int pmc_pair_open(pmc_pair_t *pp, tb_t *t);
/* One cycle of both; out gets the RTL's ports.  Returns 0 at a mismatch
 * (reported with cycle, port and both values). */
int pmc_pair_step(pmc_pair_t *pp, const pmc_in_t *in, pmc_out_t *out);
/* Reads all counters of every core through the ports: one cycle per
 * select with every core disabled, so nothing counts meanwhile.
 * v[core][sel] for sel 0..PMC_SEL_WIN_FILL. */
int pmc_pair_read_all(pmc_pair_t *pp, uint64_t v[][PMC_SEL_WIN_FILL + 1]);
void pmc_pair_close(pmc_pair_t *pp);

#endif
