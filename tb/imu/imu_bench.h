/* Directed-test bench for the IMU: the IMU pair (RTL and C in lockstep) on
 * core 0 of a PMC C model, a host-side driver that performs the marker
 * handshakes, and a per-cycle LLC-activity hook.  Every driver call steps
 * whole cycles and stops with a failure at a lockstep mismatch or when a
 * handshake does not complete within IMU_BENCH_TIMEOUT cycles. */
#ifndef IMU_BENCH_H
#define IMU_BENCH_H

#include "imu_pair.h"
#include "pmc.h"

#define IMU_BENCH_TIMEOUT 1000

/* Called every cycle before the PMC steps: set core 0's hit/miss activity,
 * MSHR events and *instr_ret.  en_idx is the index of this cycle among the
 * enabled cycles since the IMU's last PMC clear, or -1 when the IMU has the
 * PMC disabled in this cycle. */
typedef void (*imu_act_fn)(void *ctx, int64_t en_idx, pmc_in_t *pin, unsigned *instr_ret);

typedef struct {
  tb_t *t;
  imu_pair_t ip;
  pmc_t *pmc;
  imu_act_fn act;
  void *act_ctx;
  uint64_t cycle;
  uint64_t en_count;   /* enabled cycles since the last clear */
  uint64_t en_total;   /* enabled cycles since the bench opened */
  uint64_t clears;     /* PMC clears seen */
  uint64_t mshr_allocs;
  int ok;              /* 0 after the first failure: every call then returns at once */
  imu_out_t last;      /* ports of the last cycle */
} imu_bench_t;

/* Opens the pair with the test's reset seed and waveform. */
int imu_bench_open(imu_bench_t *b, tb_t *t);
void imu_bench_close(imu_bench_t *b);
void imu_bench_set_act(imu_bench_t *b, imu_act_fn fn, void *ctx);

/* One cycle with the given IMU inputs (pmc_rd_data is filled in). */
int imu_bench_cycle(imu_bench_t *b, imu_in_t *in);
void imu_bench_idle(imu_bench_t *b, unsigned n);
/* Idle until en_count == n (at most IMU_BENCH_TIMEOUT x 1000 cycles). */
void imu_bench_wait_en(imu_bench_t *b, uint64_t n);
void imu_bench_cfg(imu_bench_t *b, unsigned addr, uint32_t data);
void imu_bench_begin(imu_bench_t *b, uint32_t id, uint32_t trip);
/* Returns the verdict (0/1) or -1 on failure; *latency (may be NULL) gets
 * the cycles from acceptance to verdict_valid. */
int imu_bench_iter(imu_bench_t *b, unsigned *latency);
void imu_bench_end(imu_bench_t *b, uint32_t id);
/* Waits until the IMU is ready again (after an end that decides). */
void imu_bench_drain(imu_bench_t *b);
/* Reads the table through the port (two cycles: the id, then the answer);
 * returns tbl_rd_hit. */
int imu_bench_read(imu_bench_t *b, uint32_t id, imu_out_t *out);
/* Checks a table entry read through the port. */
void imu_bench_expect_entry(imu_bench_t *b, const char *what, uint32_t id, int hit, int decided, int site,
                            uint64_t num, uint64_t den, uint32_t sampled, uint32_t offloaded);

/* Runs a whole marked loop as copim_for() does: begin, iter per iteration
 * (between iters body_cycles idle cycles), break at verdict 1, end.
 * Returns the iteration at which verdict 1 came, or trip if none (-1 on
 * failure). */
int64_t imu_bench_loop(imu_bench_t *b, uint32_t id, uint32_t trip, unsigned body_cycles);
/* The begin and iters of such a loop, with rest_cycles idle cycles after
 * verdict 1 (the rest on the PEs); the caller ends it.  Returns as
 * imu_bench_loop. */
int64_t imu_bench_iters(imu_bench_t *b, uint32_t id, uint32_t trip, unsigned body_cycles, unsigned rest_cycles);

#endif
