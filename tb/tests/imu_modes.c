/* imu_modes: every policy on the same marker streams, and nested loops.
 *
 *   HOST  never offloads and leaves the PMC alone.
 *   PIM   answers 1 at iteration 0: the whole trip is offloaded.
 *   THETA / MPKI  sample, then decide (both outcomes).
 *   PLAN  follows the plan bitmap written by software (ids alias modulo
 *         2^PlanW).
 *   modes 6..7 behave as HOST (5, AB, is imu_ab's); a mode written mid-loop applies from the next
 *   begin.
 *   Nesting: the outermost marked loop is managed; loops begun inside it are
 *   counted (depth) but not managed: their iters get 0 at once, they get no
 *   table entry and do not touch the PMC, and their cycles belong to the
 *   outer loop's sample. */
#include <string.h>

#include "imu_bench.h"

typedef struct {
  int pure;          /* every enabled cycle pure miss (1) or hit (0) */
  unsigned miss_every; /* an MSHR alloc every n enabled cycles (0: none) */
  unsigned ret;
} act_t;

static void act(void *ctx, int64_t en_idx, pmc_in_t *pin, unsigned *ret) {
  const act_t *a = ctx;
  if (a->pure) pin->miss_act = 1;
  else pin->hit_act = 1;
  if (en_idx >= 0 && a->miss_every && en_idx % a->miss_every == 0) {
    unsigned idx = (unsigned)(en_idx / a->miss_every) % 32;
    pin->mshr_alloc = pin->mshr_free = 1;
    pin->mshr_alloc_idx = pin->mshr_free_idx = idx;
  }
  *ret = a->ret;
}

static void expect(tb_t *t, const char *what, uint64_t got, uint64_t want) { tb_expect_u64(t, what, got, want); }

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "imu_modes", 1);
  imu_bench_t b;
  if (!imu_bench_open(&b, &t)) return 2;
  act_t a = {1, 0, 2};
  imu_bench_set_act(&b, act, &a);
  imu_bench_cfg(&b, IMU_CFG_FRACTION, 0x2000); /* 1/8: trip 40 -> S = 5 */
  const uint32_t trip = 40, s = 5;
  uint64_t en0, cl0;
  int64_t at;

  /* HOST: pure-miss-bound loop, still no offload, PMC untouched. */
  imu_bench_cfg(&b, IMU_CFG_MODE, IMU_MODE_HOST);
  en0 = b.en_total;
  cl0 = b.clears;
  at = imu_bench_loop(&b, 1, trip, 3);
  expect(&t, "HOST: iterations on the host", (uint64_t)at, trip);
  expect(&t, "HOST: PMC enabled cycles", b.en_total - en0, 0);
  expect(&t, "HOST: PMC clears", b.clears - cl0, 0);
  imu_bench_expect_entry(&b, "HOST", 1, 1, 1, 0, 0, 0, 0, 0);

  /* PIM: offload from iteration 0. */
  imu_bench_cfg(&b, IMU_CFG_MODE, IMU_MODE_PIM);
  en0 = b.en_total;
  at = imu_bench_loop(&b, 2, trip, 3);
  expect(&t, "PIM: iteration of verdict 1", (uint64_t)at, 0);
  expect(&t, "PIM: PMC enabled cycles", b.en_total - en0, 0);
  imu_bench_expect_entry(&b, "PIM", 2, 1, 1, 1, 0, 0, 0, trip);

  /* THETA, pure-miss bound: PIM after the sample; hit bound: host. */
  imu_bench_cfg(&b, IMU_CFG_MODE, IMU_MODE_THETA);
  a = (act_t){1, 0, 2};
  at = imu_bench_loop(&b, 3, trip, 3);
  expect(&t, "THETA pure-bound: iteration of verdict 1", (uint64_t)at, s);
  imu_bench_expect_entry(&b, "THETA pure-bound", 3, 1, 1, 1, b.en_count, b.en_count, s, trip - s);
  a = (act_t){0, 0, 2};
  at = imu_bench_loop(&b, 4, trip, 3);
  expect(&t, "THETA hit-bound: iterations on the host", (uint64_t)at, trip);
  imu_bench_expect_entry(&b, "THETA hit-bound", 4, 1, 1, 0, 0, b.en_count, s, 0);

  /* MPKI 5: a miss every 4 cycles with 2 instructions a cycle is 125 MPKI
   * (PIM); one miss in the ~40-cycle sample at 7 instructions a cycle is
   * about 3.5 MPKI (host).  The sample is the enabled cycles from begin to
   * iter S, a miss in its first cycle: misses = ceil(cycles / n). */
  imu_bench_cfg(&b, IMU_CFG_MODE, IMU_MODE_MPKI);
  a = (act_t){0, 4, 2};
  at = imu_bench_loop(&b, 5, trip, 3);
  expect(&t, "MPKI high: iteration of verdict 1", (uint64_t)at, s);
  imu_bench_expect_entry(&b, "MPKI high", 5, 1, 1, 1, (b.en_count + 3) / 4, 2 * b.en_count, s, trip - s);
  a = (act_t){0, 200, 7};
  at = imu_bench_loop(&b, 6, trip, 3);
  expect(&t, "MPKI low: iterations on the host", (uint64_t)at, trip);
  expect(&t, "MPKI low: sample shorter than 200 cycles", b.en_count < 200, 1);
  imu_bench_expect_entry(&b, "MPKI low", 6, 1, 1, 0, 1, 7 * b.en_count, s, 0);

  /* PLAN: bitmap entries 3 -> PIM, 4 -> host; loop 67 aliases entry 3. */
  imu_bench_cfg(&b, IMU_CFG_MODE, IMU_MODE_PLAN);
  imu_bench_cfg(&b, IMU_CFG_PLAN, 0x80000000u | 3);
  imu_bench_cfg(&b, IMU_CFG_PLAN, 4);
  imu_bench_cfg(&b, IMU_CFG_TBL_CLEAR, 0);
  a = (act_t){1, 0, 2};
  en0 = b.en_total;
  at = imu_bench_loop(&b, 3, trip, 3);
  expect(&t, "PLAN loop 3: iteration of verdict 1", (uint64_t)at, 0);
  imu_bench_expect_entry(&b, "PLAN loop 3", 3, 1, 1, 1, 0, 0, 0, trip);
  at = imu_bench_loop(&b, 4, trip, 3);
  expect(&t, "PLAN loop 4: iterations on the host", (uint64_t)at, trip);
  imu_bench_expect_entry(&b, "PLAN loop 4", 4, 1, 1, 0, 0, 0, 0, 0);
  at = imu_bench_loop(&b, 67, trip, 3);
  expect(&t, "PLAN loop 67 (alias of 3): iteration of verdict 1", (uint64_t)at, 0);
  imu_bench_cfg(&b, IMU_CFG_PLAN, 3); /* entry 3 back to host */
  at = imu_bench_loop(&b, 3, trip, 3);
  expect(&t, "PLAN loop 3 replanned: iterations on the host", (uint64_t)at, trip);
  expect(&t, "PLAN: PMC enabled cycles", b.en_total - en0, 0);

  /* Modes 6..7 are HOST. */
  for (unsigned md = 6; md <= 7; md++) {
    imu_bench_cfg(&b, IMU_CFG_MODE, md);
    en0 = b.en_total;
    at = imu_bench_loop(&b, 10 + md, trip, 1);
    char w[64];
    snprintf(w, sizeof w, "mode %u: iterations on the host", md);
    expect(&t, w, (uint64_t)at, trip);
    snprintf(w, sizeof w, "mode %u: PMC enabled cycles", md);
    expect(&t, w, b.en_total - en0, 0);
  }

  /* A mode written during a THETA sample applies from the next begin. */
  imu_bench_cfg(&b, IMU_CFG_MODE, IMU_MODE_THETA);
  imu_bench_begin(&b, 20, trip);
  imu_bench_cfg(&b, IMU_CFG_MODE, IMU_MODE_HOST);
  int v = 0;
  unsigned i;
  for (i = 0; i < trip && b.ok && (v = imu_bench_iter(&b, NULL)) == 0; i++) imu_bench_idle(&b, 3);
  imu_bench_end(&b, 20);
  imu_bench_drain(&b);
  expect(&t, "mode change mid-loop: iteration of verdict 1", i, s);
  at = imu_bench_loop(&b, 21, trip, 1);
  expect(&t, "mode change: next loop is HOST", (uint64_t)at, trip);

  /* Nesting: outer loop 30 (THETA, pure-bound) runs an inner loop 31 of 3
   * iterations in each host iteration; inner iters answer 0 in one cycle. */
  imu_bench_cfg(&b, IMU_CFG_MODE, IMU_MODE_THETA);
  imu_bench_begin(&b, 30, trip);
  at = trip;
  unsigned inner_bad = 0, inner_lat_bad = 0;
  for (i = 0; i < trip && b.ok; i++) {
    v = imu_bench_iter(&b, NULL);
    if (v == 1) {
      at = i;
      break;
    }
    imu_bench_begin(&b, 31, 3);
    expect(&t, "nested: depth inside the inner loop", imu_depth(b.ip.c), 2);
    for (unsigned j = 0; j < 3; j++) {
      unsigned lat = 0;
      if (imu_bench_iter(&b, &lat) != 0) inner_bad++;
      if (lat != 1) inner_lat_bad++;
      imu_bench_idle(&b, 2);
    }
    imu_bench_end(&b, 31);
  }
  imu_bench_end(&b, 30);
  imu_bench_drain(&b);
  expect(&t, "nested: outer iteration of verdict 1", (uint64_t)at, s);
  expect(&t, "nested: inner verdicts that were not 0", inner_bad, 0);
  expect(&t, "nested: inner verdicts slower than one cycle", inner_lat_bad, 0);
  expect(&t, "nested: depth after the outer end", imu_depth(b.ip.c), 0);
  imu_bench_expect_entry(&b, "nested outer", 30, 1, 1, 1, b.en_count, b.en_count, s, trip - s);
  imu_bench_expect_entry(&b, "nested inner (unmanaged)", 31, 0, 0, 0, 0, 0, 0, 0);
  /* The same inner loop at top level is managed. */
  at = imu_bench_loop(&b, 31, trip, 1);
  expect(&t, "inner loop at top level: iteration of verdict 1", (uint64_t)at, s);

  /* Deepest nesting the depth counter holds (2^DepthW - 1 = 15): the
   * managed loop still decides at its end; markers with no loop open are
   * harmless (iter -> 0, end ignored). */
  const unsigned maxd = (1u << b.ip.cfg.depth_w) - 1;
  imu_bench_begin(&b, 40, 100);
  for (unsigned d = 1; d < maxd; d++) imu_bench_begin(&b, 41 + d, 5);
  expect(&t, "deep nesting: depth", imu_depth(b.ip.c), maxd);
  imu_bench_begin(&b, 99, 5); /* one more saturates */
  expect(&t, "deep nesting: saturated depth", imu_depth(b.ip.c), maxd);
  for (unsigned d = 1; d < maxd; d++) imu_bench_end(&b, 41 + d);
  expect(&t, "deep nesting: depth back at 1", imu_depth(b.ip.c), 1);
  imu_bench_end(&b, 40);
  imu_bench_drain(&b);
  imu_bench_expect_entry(&b, "deep nesting: managed loop decided at its end", 40, 1, 1, 1, b.en_count, b.en_count,
                         0, 0);
  expect(&t, "stray iter: verdict", (uint64_t)imu_bench_iter(&b, NULL), 0);
  imu_bench_end(&b, 7);
  expect(&t, "stray end: depth", imu_depth(b.ip.c), 0);

  imu_bench_close(&b);
  return tb_finish(&t);
}
