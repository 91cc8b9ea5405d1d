/* The IMU C model and its Verilated RTL stepped together on the same inputs,
 * compared on every output port every cycle: the core of all IMU tests. */
#ifndef IMU_PAIR_H
#define IMU_PAIR_H

#include "imu.h"
#include "imu_rtl.h"
#include "tb.h"

typedef struct {
  tb_t *t;
  imu_t *c;
  imu_rtl_t *rtl;
  imu_cfg_t cfg;
  const char *name; /* prefix of port names in mismatch reports */
  uint64_t cycle;
  int diverged; /* set at the first mismatch; steps stop comparing */
} imu_pair_t;

/* Both models at the RTL's build parameters, reset.  waves: FST path of the
 * RTL or NULL.  Returns 0 on failure (message printed). */
int imu_pair_open(imu_pair_t *pp, tb_t *t, unsigned reset_seed, const char *waves, const char *name);
/* Register outputs of the RTL (valid before this cycle's inputs). */
void imu_pair_moore(const imu_pair_t *pp, imu_out_t *out);
/* One cycle of both; out gets the RTL's ports.  Returns 0 at a mismatch
 * (reported with cycle, port and both values). */
int imu_pair_step(imu_pair_t *pp, const imu_in_t *in, imu_out_t *out);
/* Compares two sets of output ports; 0 and a report at the first difference. */
int imu_compare(tb_t *t, uint64_t cycle, const char *name, const imu_out_t *rtl, const imu_out_t *c);
void imu_pair_close(imu_pair_t *pp);
/* A random marker trip for the random lockstep tests: mostly small (the
 * sample's minimum and S's rounding), some large, some zero or any 32-bit
 * value. */
uint32_t imu_pick_trip(tb_rng_t *r);

#endif
