/* Verilated rtl/pmc/pmc.sv behind a flat C interface, driven with the same
 * port structs as the C model (csim/pmc/pmc.h) so a test can feed both. */
#ifndef PMC_RTL_H
#define PMC_RTL_H

#include <stdint.h>

#include "pmc.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pmc_rtl pmc_rtl_t;

/* Builds the model and applies reset for two cycles (rst_ni low), so the
 * first pmc_rtl_step() is cycle 0 of normal operation.
 * reset_seed: 0 = registers start at zero before reset; N > 0 = random
 * values from seed N.  fst_path: NULL for no waveform, else an FST file
 * written until pmc_rtl_free().  Returns NULL on failure. */
pmc_rtl_t *pmc_rtl_new(unsigned reset_seed, const char *fst_path);

/* Closes the waveform and frees the model.  NULL is fine. */
void pmc_rtl_free(pmc_rtl_t *h);

/* The parameters the RTL was built with (Makefile PMC_* variables). */
pmc_cfg_t pmc_rtl_cfg(const pmc_rtl_t *h);

/* One clock, exactly as pmc_step(): applies in, evaluates, fills out with the
 * read ports as they are before the rising edge, then clocks the edge.
 * Fields beyond the built NumCores are ignored / left untouched. */
void pmc_rtl_step(pmc_rtl_t *h, const pmc_in_t *in, pmc_out_t *out);

/* Cycles stepped since reset. */
uint64_t pmc_rtl_cycle(const pmc_rtl_t *h);

#ifdef __cplusplus
}
#endif

#endif
