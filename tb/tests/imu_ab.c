/* imu_ab: the IMU's AB mode (docs/imu.md "AB"), RTL and C model in lockstep
 * on every port every cycle, in two parts.
 *
 * Directed, on the bench (PMC C model on core 0), against a reference that
 * does not read the IMU: the bench counts each PMC window (the enabled
 * cycles between two clears) itself, so Ch (the host sample's window) and
 * Cr (the window from the verdict to the end, the PEs' rest) are known, and
 * the reference decision is
 *     PIM  iff  min(Ch x (trip - S) >> 16, 2^(CntW+15) - 1)  >  Cr x S >> 16
 * (the host's cycles projected onto the rest against the rest's cycles).
 * Cases: a loop's first execution in a trip range runs on the host without
 * a sample (a visit), the next one measures: a rest cheaper than the
 * projection (PIM) and dearer (host); a later execution in the range
 * (floor(log2 trip) within one) reuses the decision without a sample (PIM:
 * verdict 1 at iteration 0; host: never), one out of it visits and then
 * measures again; a loop that ends inside its sample is decided host and
 * reused; an evicted entry forgets.
 *
 * Random: AB mode most of the time, random markers, trips (in and out of the
 * reuse range), configuration writes and PMC read data, as
 * imu_lockstep_random; the run must measure, decide both sites at ends and
 * reuse both sites, or it proves little. */
#include <stdio.h>
#include <string.h>

#include "imu_bench.h"

typedef struct {
  int64_t prev_idx;  /* en_idx of the last cycle (-1: disabled) */
  uint64_t win[8];   /* lengths of the windows closed, newest last */
  unsigned nwin;
  int64_t cur;       /* enabled cycles of the window open now */
} act_t;

/* Every enabled cycle a pure miss cycle (theta is not what AB decides on);
 * records each PMC window's length, a window ending where en_idx restarts
 * at 0 (a clear) or goes to -1 (disabled). */
static void act(void *ctx, int64_t en_idx, pmc_in_t *pin, unsigned *ret) {
  act_t *a = ctx;
  pin->miss_act = 1;
  *ret = 2;
  if (en_idx <= 0 && a->prev_idx >= 0) {
    if (a->nwin == 8) {
      memmove(a->win, a->win + 1, 7 * sizeof a->win[0]);
      a->nwin = 7;
    }
    a->win[a->nwin++] = (uint64_t)a->prev_idx + 1;
  }
  a->prev_idx = en_idx;
}

static uint64_t last_win(const act_t *a, unsigned back) { return a->nwin > back ? a->win[a->nwin - 1 - back] : 0; }

/* One execution as copim_for() with a PIM rest of rest_cycles: begin, an
 * iter per iteration (body_cycles apart), at verdict 1 the rest takes
 * rest_cycles, then end; GAP cycles later the core's next marker (a stray
 * end at depth 0, ignored) ends a measured span.  Returns the iteration of
 * verdict 1 (trip: none). */
#define GAP 40
static int64_t run(imu_bench_t *b, uint32_t id, uint32_t trip, unsigned body_cycles, unsigned rest_cycles) {
  const int64_t at = imu_bench_iters(b, id, trip, body_cycles, rest_cycles);
  if (at < 0) return -1;
  imu_bench_end(b, id);
  imu_bench_idle(b, GAP);
  imu_bench_end(b, 0xFFFFu);
  imu_bench_drain(b);
  imu_bench_idle(b, 2); /* the last window closes in the bench's record */
  return b->ok ? at : -1;
}

static int ref_site(const imu_cfg_t *c, uint64_t ch, uint64_t cr, uint32_t trip, uint32_t s) {
  const unsigned __int128 h = ((unsigned __int128)ch * (trip - s)) >> 16;
  const unsigned __int128 hmax = ((unsigned __int128)1 << (c->cnt_w + 15)) - 1;
  const unsigned __int128 p = ((unsigned __int128)cr * s) >> 16;
  return (h > hmax ? hmax : h) > p;
}

/* A measured execution: S on the host, verdict 1 at S, the rest, the
 * decision as the reference makes it, the entry's fields. */
static int measured(imu_bench_t *b, act_t *a, const char *what, uint32_t id, uint32_t trip, uint32_t s,
                    unsigned body, unsigned rest) {
  char w[128];
  const int64_t at = run(b, id, trip, body, rest);
  snprintf(w, sizeof w, "%s: verdict 1 after the sample", what);
  tb_expect_u64(b->t, w, (uint64_t)at, s);
  const uint64_t ch = last_win(a, 1), cr = last_win(a, 0);
  const int site = ref_site(&b->ip.cfg, ch, cr, trip, s);
  tb_log(b->t, "%s: trip %u, S %u, Ch %llu, Cr %llu: %s\n", what, trip, s, (unsigned long long)ch,
         (unsigned long long)cr, site ? "PIM" : "host");
  imu_out_t o;
  imu_bench_read(b, id, &o);
  snprintf(w, sizeof w, "%s: decided", what);
  tb_expect_u64(b->t, w, (uint64_t)o.tbl_rd_decided, 1);
  snprintf(w, sizeof w, "%s: site", what);
  tb_expect_u64(b->t, w, (uint64_t)o.tbl_rd_site, (uint64_t)site);
  snprintf(w, sizeof w, "%s: den = the sample's cycles", what);
  tb_expect_u64(b->t, w, o.tbl_rd_den, ch);
  snprintf(w, sizeof w, "%s: sampled", what);
  tb_expect_u64(b->t, w, o.tbl_rd_sampled, s);
  snprintf(w, sizeof w, "%s: offloaded", what);
  tb_expect_u64(b->t, w, o.tbl_rd_offloaded, trip - s);
  return site;
}

/* An execution the entry decides without a sample. */
static void reused(imu_bench_t *b, const char *what, uint32_t id, uint32_t trip, int site) {
  char w[128];
  const uint64_t en0 = b->en_total;
  const int64_t at = run(b, id, trip, 1, 50);
  snprintf(w, sizeof w, "%s: iteration of verdict 1 (trip: none)", what);
  tb_expect_u64(b->t, w, (uint64_t)at, site ? 0 : trip);
  snprintf(w, sizeof w, "%s: PMC enabled only while S was computed", what);
  tb_expect_u64(b->t, w, b->en_total - en0, 17);
  /* no table write: the entry as the begin left it, offloaded at verdict 1 */
  imu_bench_expect_entry(b, what, id, 1, 0, 0, 0, 0, 0, site ? trip : 0);
}

static void directed(tb_t *t) {
  imu_bench_t b;
  if (!imu_bench_open(&b, t)) return;
  act_t a;
  memset(&a, 0, sizeof a);
  a.prev_idx = -1;
  imu_bench_set_act(&b, act, &a);
  imu_bench_cfg(&b, IMU_CFG_MODE, IMU_MODE_AB);
  imu_bench_cfg(&b, IMU_CFG_FRACTION, 0x2000); /* 1/8 */

  /* A loop's first execution in a trip range runs on the host and records
   * the range (no sample: as a reuse of a host decision); the next one in
   * the range measures.  trip 4000, S 500, ~5 cycles an iteration: the
   * rest's projection is ~17 500 cycles; a rest of 2 000 goes to the PEs,
   * one of 40 000 not. */
  reused(&b, "loop 1 first visit", 1, 4000, 0);
  tb_expect_u64(t, "PIM-cheap loop decided PIM", (uint64_t)measured(&b, &a, "loop 1", 1, 4000, 500, 3, 2000), 1);
  reused(&b, "loop 2 first visit", 2, 4000, 0);
  tb_expect_u64(t, "PIM-dear loop decided host", (uint64_t)measured(&b, &a, "loop 2", 2, 4000, 500, 3, 40000), 0);
  /* within the range (floor(log2) 11 -> 12, 11, 12, 10): reused */
  reused(&b, "loop 1 reused at trip 5000", 1, 5000, 1);
  reused(&b, "loop 2 reused at trip 2048", 2, 2048, 0);
  reused(&b, "loop 2 reused at trip 8191", 2, 8191, 0);
  reused(&b, "loop 2 reused at trip 1024", 2, 1024, 0);
  /* out of range (floor(log2) 9 and 13): a host visit, then measured
   * again, now the other way */
  reused(&b, "loop 1 visit at trip 1000", 1, 1000, 0);
  measured(&b, &a, "loop 1 at trip 1000", 1, 1000, 125, 3, 20000);
  reused(&b, "loop 2 visit at trip 8192", 2, 8192, 0);
  measured(&b, &a, "loop 2 at trip 8192", 2, 8192, 1024, 3, 100);
  /* the new decisions hold for the new range */
  reused(&b, "loop 2 reused at trip 16000", 2, 16000, 1);
  reused(&b, "loop 1 reused at trip 700", 1, 700, 0);

  /* A loop that ends inside its sample: decided host, and reused. */
  reused(&b, "loop 3 first visit", 3, 5, 0);
  imu_bench_cfg(&b, IMU_CFG_MIN_SAMPLE, 8);
  int64_t at = run(&b, 3, 5, 2, 0);
  tb_expect_u64(t, "loop 3 (trip 5 < S 8): on the host", (uint64_t)at, 5);
  imu_bench_expect_entry(&b, "loop 3 ended in its sample", 3, 1, 1, 0, a.win[a.nwin - 1], a.win[a.nwin - 1], 5, 0);
  imu_bench_cfg(&b, IMU_CFG_MIN_SAMPLE, 1);
  reused(&b, "loop 3 reused at trip 7", 3, 7, 0);

  /* Eviction: fill the table with other loops (HOST mode, no AB record),
   * then loop 1 allocates afresh: a visit, then a measurement. */
  imu_bench_cfg(&b, IMU_CFG_MODE, IMU_MODE_HOST);
  for (uint32_t i = 0; i < b.ip.cfg.num_loops; i++) run(&b, 100 + i, 2, 0, 0);
  imu_bench_cfg(&b, IMU_CFG_MODE, IMU_MODE_AB);
  reused(&b, "loop 1 visit after eviction", 1, 1000, 0);
  measured(&b, &a, "loop 1 after eviction", 1, 1000, 125, 3, 100);
  imu_bench_close(&b);
}

typedef struct {
  uint64_t measures, ends[2], reuses[2], verdicts[2];
} ab_stats_t;

static int random_seed(tb_t *t, uint64_t seed, uint64_t ncycles, const char *waves, ab_stats_t *st) {
  imu_pair_t pp;
  if (!imu_pair_open(&pp, t, t->reset_seed, waves, "imu")) return 0;
  tb_rng_t r;
  tb_rng_seed(&r, seed);
  const uint64_t cnt_mask = pp.cfg.cnt_w == 64 ? ~0ull : (1ull << pp.cfg.cnt_w) - 1;
  imu_in_t in;
  memset(&in, 0, sizeof in);
  in.cfg_we = 1;
  in.cfg_addr = IMU_CFG_MODE;
  in.cfg_wdata = IMU_MODE_AB;
  imu_out_t out;
  int ok = imu_pair_step(&pp, &in, &out), holding = 0;
  unsigned prev_state = IMU_ST_IDLE;
  int prev_meas = 0;
  uint32_t managed = 0; /* the id of the managed loop (the last begin at depth 0) */
  for (uint64_t cyc = 0; cyc < ncycles && ok; cyc++) {
    if (!holding && tb_rng_chance(&r, 1, 3)) {
      holding = 1;
      uint64_t x = tb_rng_below(&r, 100);
      in.marker_op = x < 12 ? IMU_OP_BEGIN : x < 80 ? IMU_OP_ITER : x < 97 ? IMU_OP_END : IMU_OP_NONE;
      in.marker_id = (uint32_t)tb_rng_below(&r, 20); /* 20 ids for 16 entries */
      in.marker_trip = imu_pick_trip(&r);
    }
    in.marker_valid = holding;
    in.cfg_we = tb_rng_chance(&r, 1, 400);
    if (in.cfg_we) {
      in.cfg_addr = (unsigned)tb_rng_below(&r, 8);
      uint32_t v = (uint32_t)tb_rng_next(&r);
      switch (in.cfg_addr) {
      case IMU_CFG_MODE: v = tb_rng_chance(&r, 7, 8) ? IMU_MODE_AB : v & 7; break;
      case IMU_CFG_FRACTION: v &= 0x7FFF; break;
      case IMU_CFG_MIN_SAMPLE: v &= 7; break;
      case IMU_CFG_CTRL: v &= tb_rng_chance(&r, 1, 4); break; /* sticky now and then */
      case IMU_CFG_TBL_CLEAR:
        if (!tb_rng_chance(&r, 1, 8)) in.cfg_we = 0;
        break;
      default: break;
      }
      in.cfg_wdata = v;
    }
    switch (tb_rng_below(&r, 4)) {
    case 0: in.pmc_rd_data = tb_rng_next(&r) & cnt_mask; break;
    case 1: in.pmc_rd_data = tb_rng_below(&r, 1u << 24); break;
    default: in.pmc_rd_data = tb_rng_below(&r, 1u << 16); break;
    }
    in.instr_ret = (unsigned)tb_rng_below(&r, 8);
    in.tbl_rd_id = (uint32_t)tb_rng_below(&r, 20);
    const unsigned depth = imu_depth(pp.c);
    ok = imu_pair_step(&pp, &in, &out);
    if (holding && out.marker_ready) {
      holding = 0;
      if (in.marker_op == IMU_OP_BEGIN && depth == 0) managed = in.marker_id;
    }
    if (out.verdict_valid) st->verdicts[out.verdict & 1]++;
    const unsigned state = imu_state(pp.c);
    const int meas = imu_ab_measuring(pp.c);
    if (meas && !prev_meas) st->measures++;
    if (!meas && prev_meas) {
      imu_entry_t e;
      /* the decision at the end: the managed entry's site */
      for (unsigned i = 0; i < pp.cfg.num_loops; i++)
        if (imu_table_get(pp.c, i, &e) && e.id == managed) st->ends[e.site & 1]++;
    }
    if (prev_state == IMU_ST_CALC_S && state == IMU_ST_IDLE && !imu_sampling(pp.c)) st->reuses[imu_site(pp.c) & 1]++;
    prev_state = state;
    prev_meas = meas;
  }
  imu_pair_close(&pp);
  return ok;
}

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "imu_ab", 1);
  directed(&t);
  const uint64_t n = tb_len(&t, 1000000);
  for (uint64_t k = 0; k < 2 && t.failures == 0; k++) {
    const uint64_t seed = t.seed + k;
    ab_stats_t st;
    memset(&st, 0, sizeof st);
    const int ok = random_seed(&t, seed, n, k == 0 ? t.waves : NULL, &st);
    tb_log(&t,
           "random seed %llu: %llu cycles, %llu rests measured, decided at the end host %llu PIM %llu, reused host "
           "%llu PIM %llu, verdicts 0:%llu 1:%llu\n",
           (unsigned long long)seed, (unsigned long long)n, (unsigned long long)st.measures,
           (unsigned long long)st.ends[0], (unsigned long long)st.ends[1], (unsigned long long)st.reuses[0],
           (unsigned long long)st.reuses[1], (unsigned long long)st.verdicts[0], (unsigned long long)st.verdicts[1]);
    if (!ok) {
      tb_fail(&t, "lockstep mismatch under seed %llu (rerun with --seed %llu)\n", (unsigned long long)seed,
              (unsigned long long)seed);
      break;
    }
    if (n >= 100000) {
      tb_expect_u64(&t, "rests measured > 100", st.measures > 100, 1);
      tb_expect_u64(&t, "ends decided host > 10", st.ends[0] > 10, 1);
      tb_expect_u64(&t, "ends decided PIM > 10", st.ends[1] > 10, 1);
      tb_expect_u64(&t, "reuses host > 10", st.reuses[0] > 10, 1);
      tb_expect_u64(&t, "reuses PIM > 10", st.reuses[1] > 10, 1);
    }
  }
  return tb_finish(&t);
}
