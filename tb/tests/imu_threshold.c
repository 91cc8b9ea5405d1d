/* imu_threshold: the offload comparison at, just below and just above the
 * threshold, THETA and MPKI, with exact hand-computed numbers.
 *
 * Each case runs one marked loop with a sample of one iteration (fraction
 * 0, minimum 1): iter 0 starts the sample, iter 1 is held back until the
 * PMC has counted exactly `total` enabled cycles, so the decision sees
 * num/den exactly as written below.  Activity: the first `pure` enabled
 * cycles are pure miss cycles (miss activity, no hit), the rest hit
 * cycles; the first `misses` enabled cycles allocate an MSHR; every
 * enabled cycle retires `ret` instructions.  Rule (docs/imu.md):
 *   THETA: offload  <=>  pure x 2^16 > thr x total
 *   MPKI:  offload  <=>  misses x 1000 x 2^16 > mpki_thr x instructions */
#include <string.h>

#include "imu_bench.h"

typedef struct {
  uint64_t pure, misses;
  unsigned ret;
} act_t;

static void act(void *ctx, int64_t en_idx, pmc_in_t *pin, unsigned *ret) {
  const act_t *a = ctx;
  if (en_idx < 0) return;
  if ((uint64_t)en_idx < a->pure) pin->miss_act = 1;
  else pin->hit_act = 1;
  if ((uint64_t)en_idx < a->misses) {
    pin->mshr_alloc = 1;
    pin->mshr_alloc_idx = (unsigned)en_idx % 32;
    pin->mshr_alloc_core = 0;
    pin->mshr_free = 1; /* retire the old miss in that slot */
    pin->mshr_free_idx = (unsigned)en_idx % 32;
  }
  *ret = a->ret;
}

typedef struct {
  const char *what;
  unsigned mode;
  uint32_t thr;    /* THETA: Q0.16 threshold; MPKI: Q16.16 */
  uint64_t total;  /* enabled cycles of the sample */
  uint64_t pure, misses;
  unsigned ret;
  int want;        /* expected verdict */
} case_t;

static const case_t cases[] = {
    /* THETA, default threshold 3277 (0.0500031): theta = 5% exactly is not above it. */
    {"theta 4/100 below 5%", IMU_MODE_THETA, IMU_THRESHOLD_DEFAULT, 100, 4, 0, 1, 0},
    {"theta 5/100 at 5%", IMU_MODE_THETA, IMU_THRESHOLD_DEFAULT, 100, 5, 0, 1, 0},
    {"theta 6/100 above 5%", IMU_MODE_THETA, IMU_THRESHOLD_DEFAULT, 100, 6, 0, 1, 1},
    {"theta 1000/20000 at 5%", IMU_MODE_THETA, IMU_THRESHOLD_DEFAULT, 20000, 1000, 0, 1, 0},
    {"theta 1001/20000 just above 5%", IMU_MODE_THETA, IMU_THRESHOLD_DEFAULT, 20000, 1001, 0, 1, 1},
    /* thr = 1/16 is exact in Q0.16: 10 x 2^16 = 4096 x 160 is equality -> host. */
    {"theta 9/160 below 1/16", IMU_MODE_THETA, 0x1000, 160, 9, 0, 1, 0},
    {"theta 10/160 at 1/16", IMU_MODE_THETA, 0x1000, 160, 10, 0, 1, 0},
    {"theta 11/160 above 1/16", IMU_MODE_THETA, 0x1000, 160, 11, 0, 1, 1},
    /* Extremes: threshold 0 offloads on any pure cycle, 1.0 never. */
    {"theta 0/200 thr 0", IMU_MODE_THETA, 0, 200, 0, 0, 1, 0},
    {"theta 1/200 thr 0", IMU_MODE_THETA, 0, 200, 1, 0, 1, 1},
    {"theta 200/200 thr 1.0", IMU_MODE_THETA, 0x10000, 200, 200, 0, 1, 0},
    {"theta 200/200 thr 0xFFFF", IMU_MODE_THETA, 0xFFFF, 200, 200, 0, 1, 1},
    {"theta 200/200 thr 0x12345 saturates to 1.0", IMU_MODE_THETA, 0x12345, 200, 200, 0, 1, 0},
    /* MPKI 5.0: 1000 instructions (250 cycles x 4), 5 misses is exactly 5 MPKI. */
    {"mpki 4/1000 below 5", IMU_MODE_MPKI, 0x50000, 250, 0, 4, 4, 0},
    {"mpki 5/1000 at 5", IMU_MODE_MPKI, 0x50000, 250, 0, 5, 4, 0},
    {"mpki 6/1000 above 5", IMU_MODE_MPKI, 0x50000, 250, 0, 6, 4, 1},
    /* MPKI 2.5 (Q16.16 0x28000) over 2000 instructions: 5 misses is equality. */
    {"mpki 5/2000 at 2.5", IMU_MODE_MPKI, 0x28000, 500, 0, 5, 4, 0},
    {"mpki 6/2000 above 2.5", IMU_MODE_MPKI, 0x28000, 500, 0, 6, 4, 1},
    /* Just above and below by one Q16.16 step: 5 MPKI vs 5 +- 2^-16. */
    {"mpki 5/1000 thr 5-2^-16", IMU_MODE_MPKI, 0x4FFFF, 250, 0, 5, 4, 1},
    {"mpki 5/1000 thr 5+2^-16", IMU_MODE_MPKI, 0x50001, 250, 0, 5, 4, 0},
    /* No instruction retired: any miss is an infinite MPKI. */
    {"mpki 1/0 instructions", IMU_MODE_MPKI, 0x50000, 100, 0, 1, 0, 1},
};

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "imu_threshold", 1);
  imu_bench_t b;
  if (!imu_bench_open(&b, &t)) return 2;
  act_t a;
  imu_bench_set_act(&b, act, &a);
  imu_bench_cfg(&b, IMU_CFG_FRACTION, 0);
  imu_bench_cfg(&b, IMU_CFG_MIN_SAMPLE, 1);

  const uint32_t trip = 1000;
  for (unsigned i = 0; i < sizeof cases / sizeof cases[0] && b.ok; i++) {
    const case_t *c = &cases[i];
    const uint32_t id = 100 + i;
    a = (act_t){c->pure, c->misses, c->ret};
    imu_bench_cfg(&b, IMU_CFG_MODE, c->mode);
    imu_bench_cfg(&b, c->mode == IMU_MODE_MPKI ? IMU_CFG_MPKI_THR : IMU_CFG_THRESHOLD, c->thr);
    imu_bench_begin(&b, id, trip);
    unsigned lat0 = 0, lat1 = 0;
    int v0 = imu_bench_iter(&b, &lat0);
    imu_bench_wait_en(&b, c->total - 1);
    int v1 = imu_bench_iter(&b, &lat1);
    imu_bench_end(&b, id);
    imu_bench_drain(&b);
    char w[160];
    snprintf(w, sizeof w, "%s: verdict of iter 0", c->what);
    tb_expect_u64(&t, w, (uint64_t)v0, 0);
    snprintf(w, sizeof w, "%s: verdict of iter 1 (end of sample)", c->what);
    tb_expect_u64(&t, w, (uint64_t)v1, (uint64_t)c->want);
    /* Latency: flush, two reads, 17 (THETA) or 32 (MPKI) multiply steps,
     * decide, then the registered verdict. */
    snprintf(w, sizeof w, "%s: decision latency", c->what);
    tb_expect_u64(&t, w, lat1, c->mode == IMU_MODE_MPKI ? 37 : 22);
    snprintf(w, sizeof w, "%s: iter 0 latency", c->what);
    tb_expect_u64(&t, w, lat0, 1);
    const uint64_t num = c->mode == IMU_MODE_MPKI ? c->misses : c->pure;
    const uint64_t den = c->mode == IMU_MODE_MPKI ? c->total * c->ret : c->total;
    imu_bench_expect_entry(&b, c->what, id, 1, 1, c->want, num, den, 1, c->want ? trip - 1 : 0);
    tb_log(&t, "%-44s num %6llu den %6llu -> %s\n", c->what, (unsigned long long)num, (unsigned long long)den,
           v1 == 1 ? "PIM" : "host");
  }
  imu_bench_close(&b);
  return tb_finish(&t);
}
