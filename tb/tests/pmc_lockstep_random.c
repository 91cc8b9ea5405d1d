/* pmc_lockstep_random: RTL and C model on the same random stimulus, every
 * read port compared every cycle; the first difference stops the test with
 * its cycle, port and both values.
 *
 * The stimulus changes character every few thousand cycles (activity
 * densities, how often control strobes fire), and mostly keeps MSHR events
 * legal, with a small share of illegal ones (free of an idle entry, alloc of
 * a busy one) whose behaviour both models define the same way. */
#include <string.h>

#include "pmc_pair.h"

typedef struct {
  uint32_t hit, miss, alloc, free, clear, enable_flip, flush, illegal; /* per 1024 */
} phase_t;

static void new_phase(tb_rng_t *r, phase_t *p) {
  p->hit = (uint32_t)tb_rng_below(r, 1025);
  p->miss = (uint32_t)tb_rng_below(r, 1025);
  p->alloc = (uint32_t)tb_rng_below(r, 700);
  p->free = (uint32_t)tb_rng_below(r, 700);
  p->clear = tb_rng_chance(r, 1, 2) ? (uint32_t)tb_rng_below(r, 8) : 0;
  p->enable_flip = tb_rng_chance(r, 1, 2) ? (uint32_t)tb_rng_below(r, 16) : 0;
  p->flush = tb_rng_chance(r, 1, 2) ? (uint32_t)tb_rng_below(r, 64) : 0;
  p->illegal = tb_rng_chance(r, 1, 4) ? 8 : 0;
}

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "pmc_lockstep_random", 0x5eed);
  const uint64_t cycles = tb_len(&t, 1000000);
  pmc_pair_t pp;
  if (!pmc_pair_open(&pp, &t)) return 2;
  const unsigned nc = pp.cfg.num_cores, nm = pp.cfg.num_mshr;
  tb_rng_t r;
  tb_rng_seed(&r, t.seed);

  uint8_t busy[PMC_MAX_MSHR] = {0};
  uint64_t enable = (1ull << nc) - 1;
  phase_t ph;
  new_phase(&r, &ph);
  pmc_in_t in;
  pmc_out_t out;
  for (uint64_t cyc = 0; cyc < cycles; cyc++) {
    if (cyc % 4096 == 0) new_phase(&r, &ph);
    memset(&in, 0, sizeof in);
    for (unsigned k = 0; k < nc; k++) {
      if (tb_rng_chance(&r, ph.hit, 1024)) in.hit_act |= 1ull << k;
      if (tb_rng_chance(&r, ph.miss, 1024)) in.miss_act |= 1ull << k;
      if (tb_rng_chance(&r, ph.clear, 1024)) in.clear |= 1ull << k;
      if (tb_rng_chance(&r, ph.flush, 1024)) in.flush |= 1ull << k;
      if (tb_rng_chance(&r, ph.enable_flip, 1024)) enable ^= 1ull << k;
      in.rd_sel[k] = (uint8_t)tb_rng_below(&r, 8);
    }
    in.enable = enable;
    if (tb_rng_chance(&r, ph.free, 1024)) {
      unsigned idx = (unsigned)tb_rng_below(&r, nm);
      int illegal = tb_rng_chance(&r, ph.illegal, 1024);
      for (unsigned n = 0; n < nm && !busy[idx] && !illegal; n++) idx = (idx + 1) % nm;
      in.mshr_free = 1;
      in.mshr_free_idx = idx;
      busy[idx] = 0;
    }
    if (tb_rng_chance(&r, ph.alloc, 1024)) {
      unsigned idx = (unsigned)tb_rng_below(&r, nm);
      int illegal = tb_rng_chance(&r, ph.illegal, 1024);
      for (unsigned n = 0; n < nm && busy[idx] && !illegal; n++) idx = (idx + 1) % nm;
      in.mshr_alloc = 1;
      in.mshr_alloc_idx = idx;
      in.mshr_alloc_core = (unsigned)tb_rng_below(&r, nc);
      busy[idx] = 1;
    }
    if (!pmc_pair_step(&pp, &in, &out)) break;
  }
  tb_log(&t, "%llu cycles compared\n", (unsigned long long)pp.cycle);
  pmc_pair_close(&pp);
  return tb_finish(&t);
}
