/* Verilated rtl/pe/pe.sv behind a flat C interface, driven with the same
 * port structs as the C model (csim/pe/pe.h) so a test can feed both. */
#ifndef PE_RTL_H
#define PE_RTL_H

#include <stdint.h>

#include "pe.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pe_rtl pe_rtl_t;

/* Builds the model and applies reset for two cycles (rst_ni low), so the
 * first pe_rtl_step() is cycle 0 of normal operation.
 * reset_seed: 0 = registers and RAMs start at zero before reset; N > 0 =
 * random values from seed N.  fst_path: NULL for no waveform, else an FST
 * file written until pe_rtl_free().  Returns NULL on failure. */
pe_rtl_t *pe_rtl_new(unsigned reset_seed, const char *fst_path);

/* Closes the waveform and frees the model.  NULL is fine. */
void pe_rtl_free(pe_rtl_t *h);

/* The parameters the RTL was built with (rtl/pe/block.mk PE_* variables). */
pe_cfg_t pe_rtl_cfg(const pe_rtl_t *h);

/* The outputs of the current cycle, as pe_outputs(): all outputs are
 * registers, so they do not depend on this cycle's inputs. */
void pe_rtl_outputs(const pe_rtl_t *h, pe_out_t *out);

/* One clock, exactly as pe_step(): applies in, evaluates, fills out with
 * the outputs before the rising edge, then clocks the edge.  Response data
 * words beyond the built line size are ignored. */
void pe_rtl_step(pe_rtl_t *h, const pe_in_t *in, pe_out_t *out);

/* Cycles stepped since reset. */
uint64_t pe_rtl_cycle(const pe_rtl_t *h);

#ifdef __cplusplus
}
#endif

#endif
