/* Instruction Management Unit: bit-accurate, cycle-accurate reference model
 * of rtl/imu/imu.sv.  Same parameters, same ports in the same order, one
 * imu_step() per host clock.  docs/imu.md has the FSM, the fixed-point
 * arithmetic, the decision table and the handshake timing both follow. */
#ifndef IMU_H
#define IMU_H

#include <stdint.h>

#define IMU_MAX_LOOPS 256

/* IMU_OP_*, IMU_MODE_*, IMU_CFG_*, IMU_ST_*, the configuration registers'
 * reset values (IMU_*_DEFAULT, IMU_Q_ONE), the parameters (imu_cfg_t; loop
 * ids are taken modulo 2^IdW), their defaults and IMU_CFG_DEFAULT: generated
 * from hw/imu.desc (rtl/imu/imu_pkg.sv has the same names). */
#include "imu_desc.h"

/* Ports in RTL order. */
typedef struct {
  int marker_valid;
  unsigned marker_op; /* IMU_OP_* */
  uint32_t marker_id;
  uint32_t marker_trip;
  unsigned instr_ret;
  int cfg_we;
  unsigned cfg_addr;  /* IMU_CFG_* */
  uint32_t cfg_wdata;
  uint64_t pmc_rd_data;
  uint32_t tbl_rd_id;
} imu_in_t;

typedef struct {
  int marker_ready;
  int verdict_valid;
  int verdict;
  int pmc_clear;
  int pmc_enable;
  int pmc_flush;
  unsigned pmc_rd_sel; /* PMC_SEL_* */
  int tbl_rd_hit;
  int tbl_rd_decided;
  int tbl_rd_site;
  uint64_t tbl_rd_num;
  uint64_t tbl_rd_den;
  uint32_t tbl_rd_sampled;
  uint32_t tbl_rd_offloaded;
} imu_out_t;

/* One decision-table entry (imu_table_get). */
typedef struct {
  int valid;
  uint32_t id;
  int decided, site;
  uint64_t num, den;
  uint32_t sampled, offloaded;
} imu_entry_t;

typedef struct imu imu_t;

/* Returns NULL (and prints why) for a configuration out of range. */
imu_t *imu_new(const imu_cfg_t *cfg);
void imu_free(imu_t *m);
/* The asynchronous reset: registers to their reset values. */
void imu_reset(imu_t *m);
/* The outputs that are registers (all but the tbl_rd_* read port): valid
 * before any input of the cycle is known, which is how a caller feeds the
 * PMC's combinational read data back in the same cycle. */
void imu_moore(const imu_t *m, imu_out_t *out);
/* One clock: out = every output port before the edge, then the edge.  The
 * table read port (tbl_rd_*) answers for the tbl_rd_id of the previous
 * step, from the table as it stands before this edge (docs/imu.md). */
void imu_step(imu_t *m, const imu_in_t *in, imu_out_t *out);
/* The table read port (the tbl_rd_* fields of out, the others untouched)
 * as the next step drives it: the entry of the tbl_rd_id presented at the
 * last step, from the table as it stands now; zeros and tbl_rd_hit 0 when
 * no valid entry has that id.  Like the RTL's port (rtl/imu/imu.sv), it is
 * an OR over the matching valid entries: tags of valid entries are unique
 * (an entry is allocated only on a miss), so that is the match itself. */
void imu_read_port(const imu_t *m, imu_out_t *out);
/* 1 when the IMU is idle: a step with no marker, no configuration write
 * and the tbl_rd_id of its last step would change no register and drive
 * the outputs it drives now (FSM in IDLE, no verdict, no PMC clear, enable
 * or flush pending).  A caller may then leave it unstepped and take its
 * outputs from imu_moore and imu_read_port (csim/sys/sys_skip.h). */
int imu_idle(const imu_t *m);
const imu_cfg_t *imu_cfg(const imu_t *m);
/* Entry idx (0..num_loops-1) of the decision table; returns its valid bit. */
int imu_table_get(const imu_t *m, unsigned idx, imu_entry_t *e);
/* Internal registers, for waveforms and tests. */
unsigned imu_state(const imu_t *m);
unsigned imu_depth(const imu_t *m);
uint32_t imu_sample_size(const imu_t *m);  /* S of the managed loop */
int imu_sampling(const imu_t *m);          /* the managed loop runs its sample */
int imu_site(const imu_t *m);              /* the managed loop's site, once decided (1 = PIM) */
int imu_ab_measuring(const imu_t *m);      /* AB: the managed loop's rest runs on the PEs, measured */

#endif
