/* imu_table: the decision table.
 *
 *   replacement  NumLoops entries, allocated in FIFO order (a pointer that
 *                advances on every allocation; re-entering a present loop
 *                does not refresh it): loop NumLoops evicts the first loop.
 *   re-entry     re-samples by default: the new behaviour gives a new
 *                decision and new numbers.
 *   sticky       with CTRL[0] set, re-entering a decided loop reuses its
 *                decision with no sample (PMC untouched; sampled = 0,
 *                num/den kept); an evicted or unknown loop samples.
 *   clear        invalidates every entry and restarts the pointer. */
#include <string.h>

#include "imu_bench.h"

static void act(void *ctx, int64_t en_idx, pmc_in_t *pin, unsigned *ret) {
  const int *pure = ctx;
  (void)en_idx;
  if (*pure) pin->miss_act = 1;
  else pin->hit_act = 1;
  *ret = 1;
}

static void expect(tb_t *t, const char *what, uint64_t got, uint64_t want) { tb_expect_u64(t, what, got, want); }

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "imu_table", 1);
  imu_bench_t b;
  if (!imu_bench_open(&b, &t)) return 2;
  int pure = 1;
  imu_bench_set_act(&b, act, &pure);
  const unsigned n = b.ip.cfg.num_loops;
  const uint32_t trip = 40, s = 5;
  imu_bench_cfg(&b, IMU_CFG_FRACTION, 0x2000); /* 1/8 of 40 = 5 */
  char w[128];
  imu_out_t o;

  /* Replacement: fill with loops 1000.. in PIM mode (offloaded = trip). */
  imu_bench_cfg(&b, IMU_CFG_MODE, IMU_MODE_PIM);
  for (unsigned i = 0; i < n; i++) imu_bench_loop(&b, 1000 + i, trip + i, 0);
  for (unsigned i = 0; i < n; i++) {
    snprintf(w, sizeof w, "full table: loop %u present", 1000 + i);
    expect(&t, w, (uint64_t)imu_bench_read(&b, 1000 + i, &o), 1);
    snprintf(w, sizeof w, "full table: loop %u offloaded", 1000 + i);
    expect(&t, w, o.tbl_rd_offloaded, trip + i);
  }
  imu_bench_loop(&b, 1000 + 3, trip, 0);   /* re-entry: no allocation */
  imu_bench_loop(&b, 2000, trip, 0);       /* evicts the oldest allocation, 1000 */
  expect(&t, "after loop 2000: loop 1000 evicted", (uint64_t)imu_bench_read(&b, 1000, &o), 0);
  expect(&t, "after loop 2000: evicted entry reads zero", o.tbl_rd_offloaded | o.tbl_rd_decided, 0);
  expect(&t, "after loop 2000: loop 1001 present", (uint64_t)imu_bench_read(&b, 1001, &o), 1);
  expect(&t, "after loop 2000: loop 2000 present", (uint64_t)imu_bench_read(&b, 2000, &o), 1);
  imu_entry_t e;
  imu_table_get(b.ip.c, 0, &e);
  expect(&t, "loop 2000 took entry 0", e.id, 2000);
  imu_bench_loop(&b, 2001, trip, 0);       /* FIFO, not LRU: 1001 goes though used earlier than 1003 */
  expect(&t, "after loop 2001: loop 1001 evicted", (uint64_t)imu_bench_read(&b, 1001, &o), 0);
  imu_bench_loop(&b, 2002, trip, 0);
  expect(&t, "after loop 2002: loop 1002 evicted", (uint64_t)imu_bench_read(&b, 1002, &o), 0);
  imu_bench_loop(&b, 2003, trip, 0);
  expect(&t, "after loop 2003: loop 1003 (re-entered) evicted", (uint64_t)imu_bench_read(&b, 1003, &o), 0);
  expect(&t, "after loop 2003: loop 1004 present", (uint64_t)imu_bench_read(&b, 1004, &o), 1);

  /* Clear: every loop gone, allocation restarts at entry 0. */
  imu_bench_cfg(&b, IMU_CFG_TBL_CLEAR, 1);
  unsigned present = 0;
  for (unsigned i = 0; i < n; i++) present += imu_bench_read(&b, 1000 + i, &o);
  for (unsigned i = 0; i < 4; i++) present += imu_bench_read(&b, 2000 + i, &o);
  expect(&t, "after clear: loops present", present, 0);
  imu_bench_cfg(&b, IMU_CFG_MODE, IMU_MODE_THETA);
  int64_t at = imu_bench_loop(&b, 7, trip, 2);
  imu_table_get(b.ip.c, 0, &e);
  expect(&t, "after clear: loop 7 took entry 0", e.id, 7);
  expect(&t, "after clear: entry 1 invalid", (uint64_t)imu_table_get(b.ip.c, 1, &e), 0);

  /* Re-entry re-samples: loop 7 was pure-bound (PIM at S); now hit-bound. */
  expect(&t, "loop 7 first run: iteration of verdict 1", (uint64_t)at, s);
  const uint64_t cyc7 = b.en_count;
  imu_bench_expect_entry(&b, "loop 7 first run", 7, 1, 1, 1, cyc7, cyc7, s, trip - s);
  pure = 0;
  at = imu_bench_loop(&b, 7, trip + 10, 2);
  expect(&t, "loop 7 re-entered hit-bound: iterations on the host", (uint64_t)at, trip + 10);
  const uint64_t cyc7b = b.en_count;
  /* 1/8 of 50 = 6.25 -> 7 */
  imu_bench_expect_entry(&b, "loop 7 re-sampled", 7, 1, 1, 0, 0, cyc7b, 7, 0);
  /* and back: pure-bound again decides PIM again. */
  pure = 1;
  at = imu_bench_loop(&b, 7, trip, 2);
  expect(&t, "loop 7 third run: iteration of verdict 1", (uint64_t)at, s);

  /* Sticky: loop 8 decided host (hit-bound), loop 9 PIM (pure-bound). */
  pure = 0;
  imu_bench_loop(&b, 8, trip, 2);
  const uint64_t cyc8 = b.en_count;
  pure = 1;
  imu_bench_loop(&b, 9, trip, 2);
  const uint64_t cyc9 = b.en_count;
  imu_bench_cfg(&b, IMU_CFG_CTRL, 1);
  uint64_t en0 = b.en_total, cl0 = b.clears;
  at = imu_bench_loop(&b, 8, trip, 2); /* now pure-bound, but sticky: host */
  expect(&t, "sticky loop 8: iterations on the host", (uint64_t)at, trip);
  imu_bench_expect_entry(&b, "sticky loop 8", 8, 1, 1, 0, 0, cyc8, 0, 0);
  pure = 0;
  at = imu_bench_loop(&b, 9, trip + 5, 2); /* hit-bound, but sticky: PIM at once */
  expect(&t, "sticky loop 9: iteration of verdict 1", (uint64_t)at, 0);
  imu_bench_expect_entry(&b, "sticky loop 9", 9, 1, 1, 1, cyc9, cyc9, 0, trip + 5);
  expect(&t, "sticky re-entries: PMC enabled cycles", b.en_total - en0, 0);
  expect(&t, "sticky re-entries: PMC clears", b.clears - cl0, 0);
  /* A loop unknown to the table samples even when sticky. */
  pure = 1;
  at = imu_bench_loop(&b, 10, trip, 2);
  expect(&t, "sticky, new loop 10: iteration of verdict 1", (uint64_t)at, s);
  expect(&t, "sticky, new loop 10: PMC cleared", b.clears - cl0, 1);
  /* A decision taken at a loop's end (trip inside the sample) is sticky too. */
  imu_bench_cfg(&b, IMU_CFG_CTRL, 0);
  at = imu_bench_loop(&b, 11, 3, 2); /* S = max(1, ceil(3/8)) = 1: decided at iter 1 */
  expect(&t, "loop 11 trip 3: iteration of verdict 1", (uint64_t)at, 1);
  imu_bench_cfg(&b, IMU_CFG_MIN_SAMPLE, 10);
  at = imu_bench_loop(&b, 12, 3, 2); /* S = 10 > trip: decided at the end */
  expect(&t, "loop 12 trip 3, S 10: iterations on the host", (uint64_t)at, 3);
  imu_bench_expect_entry(&b, "loop 12 decided at end", 12, 1, 1, 1, b.en_count, b.en_count, 3, 0);
  imu_bench_cfg(&b, IMU_CFG_CTRL, 1);
  at = imu_bench_loop(&b, 12, 30, 2);
  expect(&t, "sticky loop 12: iteration of verdict 1", (uint64_t)at, 0);
  /* Sticky and evicted: fill the table with other loops, then 8 samples again. */
  imu_bench_cfg(&b, IMU_CFG_MIN_SAMPLE, 1);
  imu_bench_cfg(&b, IMU_CFG_MODE, IMU_MODE_HOST);
  for (unsigned i = 0; i < n; i++) imu_bench_loop(&b, 3000 + i, 2, 0);
  expect(&t, "loop 8 evicted", (uint64_t)imu_bench_read(&b, 8, &o), 0);
  imu_bench_cfg(&b, IMU_CFG_MODE, IMU_MODE_THETA);
  cl0 = b.clears;
  at = imu_bench_loop(&b, 8, trip, 2);
  expect(&t, "sticky, evicted loop 8: samples again (PIM at S)", (uint64_t)at, s);
  expect(&t, "sticky, evicted loop 8: PMC cleared", b.clears - cl0, 1);
  /* An unknown id reads as zero. */
  imu_bench_expect_entry(&b, "unknown loop", 0xDEADBEEF, 0, 0, 0, 0, 0, 0, 0);

  imu_bench_close(&b);
  return tb_finish(&t);
}
