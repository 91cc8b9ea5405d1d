/* Instruction Management Unit: bit-accurate, cycle-accurate reference model
 * of rtl/imu/imu.sv.  Same parameters, same ports in the same order, one
 * imu_step() per host clock.  docs/imu.md has the FSM, the fixed-point
 * arithmetic, the decision table and the handshake timing both follow. */
#ifndef IMU_H
#define IMU_H

#include <stdint.h>

#define IMU_MAX_LOOPS 256

/* Marker operation (rtl/imu/imu_pkg.sv op_e): the funct3 of cp.loop.*. */
enum { IMU_OP_BEGIN = 0, IMU_OP_ITER = 1, IMU_OP_END = 2, IMU_OP_NONE = 3 };

/* Offload policy (mode_e); 5..7 behave as HOST. */
enum { IMU_MODE_HOST = 0, IMU_MODE_PIM = 1, IMU_MODE_THETA = 2, IMU_MODE_MPKI = 3, IMU_MODE_PLAN = 4 };

/* Configuration register addresses (cfg_e). */
enum {
  IMU_CFG_MODE = 0,      /* [2:0] IMU_MODE_* */
  IMU_CFG_FRACTION = 1,  /* Q0.16 in 17 bits: 0x10000 = 1.0, larger values saturate to it */
  IMU_CFG_THRESHOLD = 2, /* theta threshold, Q0.16 in 17 bits, same saturation */
  IMU_CFG_MIN_SAMPLE = 3,
  IMU_CFG_MPKI_THR = 4,  /* unsigned Q16.16 */
  IMU_CFG_PLAN = 5,      /* [31] site (1 = PIM) of plan entry [plan_w-1:0] */
  IMU_CFG_CTRL = 6,      /* [0] sticky decisions */
  IMU_CFG_TBL_CLEAR = 7  /* any value: invalidate the decision table */
};

/* Reset values of the configuration registers. */
#define IMU_FRACTION_DEFAULT 3276u      /* 0.049988: 5% rounded down */
#define IMU_THRESHOLD_DEFAULT 3277u     /* 0.0500031: 5% rounded up, so theta = 5% is not > it */
#define IMU_MIN_SAMPLE_DEFAULT 1u
#define IMU_MPKI_THR_DEFAULT 0x50000u   /* 5.0 */
#define IMU_Q_ONE 0x10000u

/* FSM states (state_e), for waveforms and tests. */
enum { IMU_ST_IDLE, IMU_ST_CALC_S, IMU_ST_FLUSH, IMU_ST_READ_NUM, IMU_ST_READ_DEN, IMU_ST_MUL, IMU_ST_DECIDE };

typedef struct {
  unsigned num_loops; /* NumLoops, 2..256 */
  unsigned id_w;      /* IdW, 1..32; loop ids are taken modulo 2^IdW */
  unsigned cnt_w;     /* CntW, 32..64, equal to the PMC's */
  unsigned ret_w;     /* RetW, 1..8 */
  unsigned plan_w;    /* PlanW, 1..16 and <= IdW */
  unsigned depth_w;   /* DepthW, 1..16 */
} imu_cfg_t;

#define IMU_CFG_DEFAULT \
  ((imu_cfg_t){.num_loops = 16, .id_w = 32, .cnt_w = 48, .ret_w = 3, .plan_w = 6, .depth_w = 4})

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
/* One clock: out = every output port before the edge, then the edge. */
void imu_step(imu_t *m, const imu_in_t *in, imu_out_t *out);
const imu_cfg_t *imu_cfg(const imu_t *m);
/* Entry idx (0..num_loops-1) of the decision table; returns its valid bit. */
int imu_table_get(const imu_t *m, unsigned idx, imu_entry_t *e);
/* Internal registers, for waveforms and tests. */
unsigned imu_state(const imu_t *m);
unsigned imu_depth(const imu_t *m);
uint32_t imu_sample_size(const imu_t *m);  /* S of the managed loop */

#endif
