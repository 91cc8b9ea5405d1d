/* Verilated rtl/imu/imu.sv behind a flat C interface, driven with the same
 * port structs as the C model (csim/imu/imu.h) so a test can feed both. */
#ifndef IMU_RTL_H
#define IMU_RTL_H

#include <stdint.h>

#include "imu.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct imu_rtl imu_rtl_t;

/* Builds the model and applies reset for two cycles (rst_ni low), so the
 * first imu_rtl_step() is cycle 0 of normal operation.
 * reset_seed: 0 = registers start at zero before reset; N > 0 = random
 * values from seed N.  fst_path: NULL for no waveform, else an FST file
 * written until imu_rtl_free().  Several instances may live in one process
 * (each has its own Verilator context).  Returns NULL on failure. */
imu_rtl_t *imu_rtl_new(unsigned reset_seed, const char *fst_path);

/* Closes the waveform and frees the model.  NULL is fine. */
void imu_rtl_free(imu_rtl_t *h);

/* The parameters the RTL was built with (Makefile IMU_* variables). */
imu_cfg_t imu_rtl_cfg(const imu_rtl_t *h);

/* The register outputs (all but tbl_rd_*) as they stand since the last
 * edge, exactly as imu_moore(): what a caller needs to drive the PMC before
 * it knows pmc_rd_data for this cycle.  Leaves the tbl_rd_* fields alone. */
void imu_rtl_moore(const imu_rtl_t *h, imu_out_t *out);

/* One clock, exactly as imu_step(): applies in, evaluates, fills out with
 * every output port as it is before the rising edge, then clocks the edge. */
void imu_rtl_step(imu_rtl_t *h, const imu_in_t *in, imu_out_t *out);

/* Cycles stepped since reset. */
uint64_t imu_rtl_cycle(const imu_rtl_t *h);

#ifdef __cplusplus
}
#endif

#endif
