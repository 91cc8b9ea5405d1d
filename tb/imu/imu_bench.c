#include "imu_bench.h"

#include <string.h>

int imu_bench_open(imu_bench_t *b, tb_t *t) {
  memset(b, 0, sizeof *b);
  b->t = t;
  b->ok = 1;
  if (!imu_pair_open(&b->ip, t, t->reset_seed, t->waves, "imu")) return 0;
  pmc_cfg_t pc = PMC_CFG_DEFAULT;
  pc.cnt_w = b->ip.cfg.cnt_w;
  b->pmc = pmc_new(&pc);
  return b->pmc != NULL;
}

void imu_bench_close(imu_bench_t *b) {
  imu_pair_close(&b->ip);
  pmc_free(b->pmc);
  b->pmc = NULL;
}

void imu_bench_set_act(imu_bench_t *b, imu_act_fn fn, void *ctx) {
  b->act = fn;
  b->act_ctx = ctx;
}

int imu_bench_cycle(imu_bench_t *b, imu_in_t *in) {
  if (!b->ok) return 0;
  imu_out_t m;
  imu_pair_moore(&b->ip, &m);
  pmc_in_t pin;
  memset(&pin, 0, sizeof pin);
  if (m.pmc_clear) {
    b->en_count = 0;
    b->clears++;
  }
  int64_t en_idx = m.pmc_enable ? (int64_t)b->en_count : -1;
  unsigned ret = 0;
  if (b->act) b->act(b->act_ctx, en_idx, &pin, &ret);
  pin.clear = (uint64_t)m.pmc_clear;
  pin.enable = (uint64_t)m.pmc_enable;
  pin.flush = (uint64_t)m.pmc_flush;
  pin.rd_sel[0] = (uint8_t)m.pmc_rd_sel;
  if (pin.mshr_alloc && m.pmc_enable && pin.mshr_alloc_core == 0) b->mshr_allocs++;
  pmc_out_t pout;
  pmc_step(b->pmc, &pin, &pout);
  in->pmc_rd_data = pout.rd_data[0];
  in->instr_ret = ret;
  if (m.pmc_enable) {
    b->en_count++;
    b->en_total++;
  }
  if (!imu_pair_step(&b->ip, in, &b->last)) b->ok = 0;
  b->cycle++;
  return b->ok;
}

void imu_bench_idle(imu_bench_t *b, unsigned n) {
  for (unsigned i = 0; i < n && b->ok; i++) {
    imu_in_t in;
    memset(&in, 0, sizeof in);
    imu_bench_cycle(b, &in);
  }
}

void imu_bench_wait_en(imu_bench_t *b, uint64_t n) {
  uint64_t limit = (uint64_t)IMU_BENCH_TIMEOUT * 1000;
  while (b->ok && b->en_count < n) {
    if (limit-- == 0) {
      tb_fail(b->t, "cycle %llu: enabled-cycle count stuck at %llu (waiting for %llu)\n",
              (unsigned long long)b->cycle, (unsigned long long)b->en_count, (unsigned long long)n);
      b->ok = 0;
      return;
    }
    imu_bench_idle(b, 1);
  }
}

void imu_bench_cfg(imu_bench_t *b, unsigned addr, uint32_t data) {
  imu_in_t in;
  memset(&in, 0, sizeof in);
  in.cfg_we = 1;
  in.cfg_addr = addr;
  in.cfg_wdata = data;
  imu_bench_cycle(b, &in);
}

/* Holds a marker until the cycle that accepts it (ready was 1 in it). */
static void send(imu_bench_t *b, unsigned op, uint32_t id, uint32_t trip) {
  for (unsigned n = 0; b->ok; n++) {
    if (n == IMU_BENCH_TIMEOUT) {
      tb_fail(b->t, "cycle %llu: marker op %u not accepted in %u cycles\n", (unsigned long long)b->cycle, op,
              IMU_BENCH_TIMEOUT);
      b->ok = 0;
      return;
    }
    imu_in_t in;
    memset(&in, 0, sizeof in);
    in.marker_valid = 1;
    in.marker_op = op;
    in.marker_id = id;
    in.marker_trip = trip;
    imu_bench_cycle(b, &in);
    if (b->last.marker_ready) return;
  }
}

void imu_bench_begin(imu_bench_t *b, uint32_t id, uint32_t trip) { send(b, IMU_OP_BEGIN, id, trip); }
void imu_bench_end(imu_bench_t *b, uint32_t id) { send(b, IMU_OP_END, id, 0); }

int imu_bench_iter(imu_bench_t *b, unsigned *latency) {
  send(b, IMU_OP_ITER, 0, 0);
  for (unsigned n = 1; b->ok; n++) {
    if (n > IMU_BENCH_TIMEOUT) {
      tb_fail(b->t, "cycle %llu: no verdict in %u cycles\n", (unsigned long long)b->cycle, IMU_BENCH_TIMEOUT);
      b->ok = 0;
      break;
    }
    imu_bench_idle(b, 1);
    if (b->last.verdict_valid) {
      if (latency) *latency = n;
      return b->last.verdict;
    }
  }
  return -1;
}

void imu_bench_drain(imu_bench_t *b) {
  for (unsigned n = 0; b->ok; n++) {
    if (n == IMU_BENCH_TIMEOUT) {
      tb_fail(b->t, "cycle %llu: IMU busy for %u cycles\n", (unsigned long long)b->cycle, IMU_BENCH_TIMEOUT);
      b->ok = 0;
      return;
    }
    imu_out_t m;
    imu_pair_moore(&b->ip, &m);
    if (m.marker_ready) return;
    imu_bench_idle(b, 1);
  }
}

int imu_bench_read(imu_bench_t *b, uint32_t id, imu_out_t *out) {
  imu_in_t in;
  memset(&in, 0, sizeof in);
  in.tbl_rd_id = id;
  imu_bench_cycle(b, &in); /* the port answers a cycle after the id */
  imu_bench_cycle(b, &in);
  *out = b->last;
  return out->tbl_rd_hit;
}

void imu_bench_expect_entry(imu_bench_t *b, const char *what, uint32_t id, int hit, int decided, int site,
                            uint64_t num, uint64_t den, uint32_t sampled, uint32_t offloaded) {
  if (!b->ok) {
    tb_fail(b->t, "%s: not checked (bench stopped earlier)\n", what);
    return;
  }
  imu_out_t o;
  imu_bench_read(b, id, &o);
  char w[160];
#define EXP(field, want)                                          \
  do {                                                            \
    snprintf(w, sizeof w, "%s: loop %u " #field, what, id);       \
    tb_expect_u64(b->t, w, (uint64_t)o.tbl_rd_##field, (want));  \
  } while (0)
  EXP(hit, (uint64_t)hit);
  EXP(decided, (uint64_t)decided);
  EXP(site, (uint64_t)site);
  EXP(num, num);
  EXP(den, den);
  EXP(sampled, sampled);
  EXP(offloaded, offloaded);
#undef EXP
}

int64_t imu_bench_iters(imu_bench_t *b, uint32_t id, uint32_t trip, unsigned body_cycles, unsigned rest_cycles) {
  imu_bench_begin(b, id, trip);
  for (uint32_t i = 0; i < trip && b->ok; i++) {
    int v = imu_bench_iter(b, NULL);
    if (v < 0) return -1;
    if (v == 1) {
      imu_bench_idle(b, rest_cycles);
      return i;
    }
    imu_bench_idle(b, body_cycles);
  }
  return trip;
}

int64_t imu_bench_loop(imu_bench_t *b, uint32_t id, uint32_t trip, unsigned body_cycles) {
  const int64_t at = imu_bench_iters(b, id, trip, body_cycles, 0);
  if (at < 0) return -1;
  imu_bench_end(b, id);
  imu_bench_drain(b);
  return b->ok ? at : -1;
}
