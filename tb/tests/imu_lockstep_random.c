/* imu_lockstep_random: RTL and C model of the IMU on the same random inputs,
 * every output port compared every cycle, stopping at the first difference.
 *
 * Four seeds per run (--seed N runs N..N+3, each printed; a failure
 * reproduces with --seed <that seed>), --cycles per seed (default 10^6).
 * The stimulus follows the marker handshake (a marker is held until
 * accepted) but is otherwise free: random op mix, so nesting depth wanders
 * and saturates; a loop-id pool larger than the table, so entries are
 * evicted; random configuration writes of every register (out-of-range
 * modes and fractions included, table clears); random PMC read data, half of
 * the denominators placed at the comparison boundary (num x 2^16 / thr
 * rounded +-1) so equality is hit; random instruction counts. */
#include <string.h>

#include "imu_pair.h"
#include "pmc.h"

typedef struct {
  uint64_t cycles, accepted[4], verdicts[2], decisions, boundary, cfg_writes, tbl_hits, max_depth;
  uint64_t state_cycles[8];
} stats_t;

static uint32_t pick_id(tb_rng_t *r) {
  if (tb_rng_chance(r, 1, 64)) return (uint32_t)tb_rng_next(r);
  return (uint32_t)tb_rng_below(r, 24); /* 24 ids for 16 entries */
}

static int run_seed(tb_t *t, uint64_t seed, uint64_t ncycles, const char *waves, stats_t *st) {
  imu_pair_t pp;
  if (!imu_pair_open(&pp, t, t->reset_seed, waves, "imu")) return 0;
  tb_rng_t r;
  tb_rng_seed(&r, seed);
  const uint64_t cnt_mask = pp.cfg.cnt_w == 64 ? ~0ull : (1ull << pp.cfg.cnt_w) - 1;
  imu_in_t in;
  memset(&in, 0, sizeof in);
  int holding = 0;
  uint32_t thr = IMU_THRESHOLD_DEFAULT, mpki = IMU_MPKI_THR_DEFAULT;
  uint64_t last_num = 0;
  int ok = 1;
  for (uint64_t cyc = 0; cyc < ncycles && ok; cyc++) {
    imu_out_t m, out;
    imu_pair_moore(&pp, &m);
    /* Marker: a new one when not holding one. */
    if (!holding && tb_rng_chance(&r, 1, 3)) {
      holding = 1;
      uint64_t x = tb_rng_below(&r, 100);
      in.marker_op = x < 15 ? IMU_OP_BEGIN : x < 80 ? IMU_OP_ITER : x < 96 ? IMU_OP_END : IMU_OP_NONE;
      in.marker_id = pick_id(&r);
      in.marker_trip = imu_pick_trip(&r);
    }
    in.marker_valid = holding;
    /* Configuration. */
    in.cfg_we = tb_rng_chance(&r, 1, 150);
    if (in.cfg_we) {
      st->cfg_writes++;
      in.cfg_addr = (unsigned)tb_rng_below(&r, 8);
      uint32_t v = (uint32_t)tb_rng_next(&r);
      switch (in.cfg_addr) {
      case IMU_CFG_MODE: v = tb_rng_chance(&r, 3, 4) ? IMU_MODE_THETA + (v & 1) : v & 7; break;
      case IMU_CFG_FRACTION:
      case IMU_CFG_THRESHOLD:
        v = tb_rng_chance(&r, 1, 8) ? (tb_rng_chance(&r, 1, 2) ? 0x10000 : v) : v & 0x3FFF;
        if (in.cfg_addr == IMU_CFG_THRESHOLD) thr = v > 0x10000 ? 0x10000 : v;
        break;
      case IMU_CFG_MIN_SAMPLE: v = tb_rng_chance(&r, 1, 16) ? v : v & 15; break;
      case IMU_CFG_MPKI_THR:
        v = tb_rng_chance(&r, 1, 8) ? v : v & 0xFFFFF;
        mpki = v;
        break;
      case IMU_CFG_TBL_CLEAR:
        if (!tb_rng_chance(&r, 1, 8)) in.cfg_we = 0; /* rarer than the others */
        break;
      default: break;
      }
      in.cfg_wdata = v;
    }
    /* PMC read data: the IMU reads num (sel pure/misses) then den (total). */
    uint64_t d;
    switch (tb_rng_below(&r, 4)) {
    case 0: d = tb_rng_next(&r) & cnt_mask; break;
    case 1: d = tb_rng_below(&r, 1u << 20); break;
    default: d = tb_rng_below(&r, 4096); break;
    }
    if (m.pmc_rd_sel == PMC_SEL_PURE || m.pmc_rd_sel == PMC_SEL_MISSES) last_num = d;
    if (m.pmc_rd_sel == PMC_SEL_TOTAL && tb_rng_chance(&r, 1, 2)) {
      /* THETA boundary: den = num x 2^16 / thr (+-1).  In MPKI mode the IMU
       * ignores this read and uses its own instruction count. */
      if (thr) {
        unsigned __int128 q = ((unsigned __int128)last_num << 16) / thr;
        d = (uint64_t)q + tb_rng_below(&r, 3) - 1;
        d &= cnt_mask;
        st->boundary++;
      }
    }
    (void)mpki;
    in.pmc_rd_data = d;
    in.instr_ret = (unsigned)tb_rng_below(&r, 8);
    in.tbl_rd_id = pick_id(&r);
    st->state_cycles[imu_state(pp.c) & 7]++;
    if (imu_depth(pp.c) > st->max_depth) st->max_depth = imu_depth(pp.c);
    ok = imu_pair_step(&pp, &in, &out);
    if (holding && out.marker_ready) {
      st->accepted[in.marker_op & 3]++;
      holding = 0;
    }
    if (out.verdict_valid) st->verdicts[out.verdict & 1]++;
    if (imu_state(pp.c) == IMU_ST_DECIDE) st->decisions++;
    st->tbl_hits += (uint64_t)out.tbl_rd_hit;
    st->cycles++;
  }
  imu_pair_close(&pp);
  return ok;
}

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "imu_lockstep_random", 1);
  const uint64_t n = tb_len(&t, 1000000);
  for (uint64_t k = 0; k < 4; k++) {
    const uint64_t seed = t.seed + k;
    stats_t st;
    memset(&st, 0, sizeof st);
    /* Waveform of the first seed only. */
    int ok = run_seed(&t, seed, n, k == 0 ? t.waves : NULL, &st);
    tb_log(&t,
           "seed %llu: %llu cycles, markers begin %llu iter %llu end %llu none %llu, verdicts 0:%llu 1:%llu, "
           "decisions %llu (%llu at the boundary draw), cfg writes %llu, table hits %llu, max depth %llu\n",
           (unsigned long long)seed, (unsigned long long)st.cycles, (unsigned long long)st.accepted[0],
           (unsigned long long)st.accepted[1], (unsigned long long)st.accepted[2],
           (unsigned long long)st.accepted[3], (unsigned long long)st.verdicts[0],
           (unsigned long long)st.verdicts[1], (unsigned long long)st.decisions, (unsigned long long)st.boundary,
           (unsigned long long)st.cfg_writes, (unsigned long long)st.tbl_hits, (unsigned long long)st.max_depth);
    if (!ok) {
      tb_fail(&t, "lockstep mismatch under seed %llu (rerun with --seed %llu)\n", (unsigned long long)seed,
              (unsigned long long)seed);
      break;
    }
    /* A run that never decides or never offloads proves little. */
    if (n >= 100000) {
      tb_expect_u64(&t, "decisions > 100", st.decisions > 100, 1);
      tb_expect_u64(&t, "verdicts 1 > 100", st.verdicts[1] > 100, 1);
      tb_expect_u64(&t, "depth reached saturation", st.max_depth == (1u << IMU_CFG_DEFAULT.depth_w) - 1, 1);
    }
  }
  return tb_finish(&t);
}
