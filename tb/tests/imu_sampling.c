/* imu_sampling: sample size = max(minimum, ceil(trip x fraction / 2^16))
 * for trips 0, 1, 19, 20, 21 and 10^6, fractions 0, 5% (the default 3276),
 * 0.5 and 1.0, and minimums 0, 1 and above the trip.
 *
 * Every enabled cycle is a pure miss cycle, so every decision is PIM (theta
 * = 1): a loop run as copim_for() does gets verdict 1 at iteration S exactly
 * (S < trip), or runs to its end, where the IMU decides on the whole loop
 * (sampled = trip, nothing offloaded).  The table entry must then hold
 * sampled = S, offloaded = trip - S, num = den = the enabled cycles the bench
 * counted.  Huge trips are checked on the model's S register after begin. */
#include <string.h>

#include "imu_bench.h"

static void all_pure(void *ctx, int64_t en_idx, pmc_in_t *pin, unsigned *ret) {
  (void)ctx;
  if (en_idx >= 0) pin->miss_act = 1;
  *ret = 1;
}

typedef struct {
  uint32_t trip, frac, min, want_s;
} case_t;

static const case_t cases[] = {
    /* default fraction 3276 (0.049988), minimum 1 */
    {0, IMU_FRACTION_DEFAULT, 1, 1},
    {1, IMU_FRACTION_DEFAULT, 1, 1},
    {19, IMU_FRACTION_DEFAULT, 1, 1},       /* 0.9497 -> 1 */
    {20, IMU_FRACTION_DEFAULT, 1, 1},       /* 0.99976 -> 1 */
    {21, IMU_FRACTION_DEFAULT, 1, 2},       /* 1.0497 -> 2 */
    {1000000, IMU_FRACTION_DEFAULT, 1, 49988}, /* 49987.79 -> 49988 (exact 5%: 50000) */
    /* minimum 0: a zero sample decides at iter 0 */
    {0, IMU_FRACTION_DEFAULT, 0, 0},
    {19, IMU_FRACTION_DEFAULT, 0, 1},
    {20, 0, 0, 0},
    {1000000, 0, 0, 0},
    /* fraction 0: the minimum alone */
    {20, 0, 1, 1},
    {1000000, 0, 1, 1},
    {21, 0, 7, 7},
    /* fraction 0.5 */
    {21, 0x8000, 1, 11},
    {20, 0x8000, 1, 10},
    /* fraction 1.0 (0x10000): the whole loop is the sample */
    {0, 0x10000, 0, 0},
    {1, 0x10000, 0, 1},
    {20, 0x10000, 1, 20},
    {21, 0x10000, 1, 21},
    {1000000, 0x10000, 1, 1000000},
    /* writes above 1.0 saturate */
    {7, 0xFFFFFFFFu, 1, 7},
    /* minimum above the trip */
    {21, IMU_FRACTION_DEFAULT, 50, 50},
};

typedef struct {
  uint32_t trip, frac, want_s;
} big_t;

static const big_t bigs[] = {
    {0xFFFFFFFFu, 0x10000, 0xFFFFFFFFu},
    {0xFFFFFFFFu, IMU_FRACTION_DEFAULT, 214695936u},
    {0xFFFFFFFFu, 1, 65536u},
    {0xFFFFFFFFu, 0, 1u},
};

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "imu_sampling", 1);
  imu_bench_t b;
  if (!imu_bench_open(&b, &t)) return 2;
  imu_bench_set_act(&b, all_pure, NULL);
  /* The default fraction is the reset value: no write for those cases. */
  uint32_t cur_frac = IMU_FRACTION_DEFAULT;
  for (unsigned i = 0; i < sizeof cases / sizeof cases[0] && b.ok; i++) {
    const case_t *c = &cases[i];
    char what[96];
    snprintf(what, sizeof what, "trip %u fraction 0x%x min %u", c->trip, c->frac, c->min);
    if (c->frac != cur_frac) imu_bench_cfg(&b, IMU_CFG_FRACTION, c->frac);
    cur_frac = c->frac;
    imu_bench_cfg(&b, IMU_CFG_MIN_SAMPLE, c->min);
    const uint32_t id = i;
    const int64_t at = imu_bench_loop(&b, id, c->trip, 0);
    const int decided_by_iter = c->want_s < c->trip;
    char w[160];
    snprintf(w, sizeof w, "%s: iteration of verdict 1 (trip = none)", what);
    tb_expect_u64(&t, w, (uint64_t)at, decided_by_iter ? c->want_s : c->trip);
    const uint32_t sampled = decided_by_iter ? c->want_s : c->trip;
    const uint32_t off = decided_by_iter ? c->trip - c->want_s : 0;
    /* theta = 1 > threshold: PIM, whether decided at an iter or at the end. */
    imu_bench_expect_entry(&b, what, id, 1, 1, 1, b.en_count, b.en_count, sampled, off);
    tb_log(&t, "%-40s S %7u, iterations on the host %7lld, sample %llu cycles\n", what, c->want_s, (long long)at,
           (unsigned long long)b.en_count);
  }
  /* Trips too long to run: the sample size register after begin. */
  imu_bench_cfg(&b, IMU_CFG_MIN_SAMPLE, 1);
  for (unsigned i = 0; i < sizeof bigs / sizeof bigs[0] && b.ok; i++) {
    const big_t *g = &bigs[i];
    imu_bench_cfg(&b, IMU_CFG_FRACTION, g->frac);
    imu_bench_begin(&b, 1000 + i, g->trip);
    imu_bench_drain(&b);
    char w[96];
    snprintf(w, sizeof w, "trip 0x%x fraction 0x%x: sample size", g->trip, g->frac);
    tb_expect_u64(&t, w, imu_sample_size(b.ip.c), g->want_s);
    imu_bench_end(&b, 1000 + i);
    imu_bench_drain(&b);
  }
  imu_bench_close(&b);
  return tb_finish(&t);
}
