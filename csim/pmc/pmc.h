/* Pure Miss Counter: bit-accurate, cycle-accurate reference model of
 * rtl/pmc/pmc.sv.  Same parameters, same ports in the same order, one
 * pmc_step() per host clock.  docs/pmc.md has the definitions and the
 * cycle rules both follow. */
#ifndef PMC_H
#define PMC_H

#include <stdint.h>

#define PMC_MAX_CORES 64  /* bitmaps below are uint64_t */
#define PMC_MAX_MSHR 1024
#define PMC_MAX_W 64      /* HCT/MCT are uint64_t */

/* PMC_SEL_* (the read port's counter select), the parameters (pmc_cfg_t:
 * NumCores, NumMshr a power of two, W, CntW; counters wrap modulo 2^CntW),
 * the defaults of SPEC section 5 / issue 2 and PMC_CFG_DEFAULT: generated
 * from hw/pmc.desc. */
#include "pmc_desc.h"

/* Ports in RTL order; bit c of a core bitmap is core c. */
typedef struct {
  uint64_t hit_act;
  uint64_t miss_act;
  int mshr_alloc;
  unsigned mshr_alloc_idx;
  unsigned mshr_alloc_core;
  int mshr_free;
  unsigned mshr_free_idx;
  uint64_t clear;
  uint64_t enable;
  uint64_t flush;
  uint8_t rd_sel[PMC_MAX_CORES];
} pmc_in_t;

typedef struct {
  uint64_t rd_data[PMC_MAX_CORES];
} pmc_out_t;

typedef struct pmc pmc_t;

/* Returns NULL (and prints why) for a configuration out of range. */
pmc_t *pmc_new(const pmc_cfg_t *cfg);
void pmc_free(pmc_t *p);
/* The asynchronous reset: every register to zero. */
void pmc_reset(pmc_t *p);
/* One clock: out = the read ports before the edge, then the edge. */
void pmc_step(pmc_t *p, const pmc_in_t *in, pmc_out_t *out);
/* The read port of one core as a pure function of state (combinational). */
uint64_t pmc_read(const pmc_t *p, unsigned core, unsigned sel);
const pmc_cfg_t *pmc_cfg(const pmc_t *p);
/* Open-window tables of a core, for waveforms and debugging. */
uint64_t pmc_hct(const pmc_t *p, unsigned core);
uint64_t pmc_mct(const pmc_t *p, unsigned core);

#endif
