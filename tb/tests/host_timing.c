/* host_timing: micro-benchmarks of the host timing model with exact or
 * tightly bounded expectations.  Each generated loop runs K and 2K
 * iterations; the difference divided by K is the steady-state cost of one
 * iteration, free of warm-up and of the serialising EXIT.
 *
 *  1. dependent ALU chain (200 addi a0, a0, 1 + counter + bne): 200 cycles
 *     per iteration exactly, IPC = 202/200;
 *  2. independent ALU ops (400 addi into rotating registers): within 1% of
 *     width-limited dispatch (4 per cycle; the taken bne ends a group);
 *  3. pointer chase over a random cycle of 64-byte lines spanning 16 MiB
 *     (twice the LLC): every load misses every level and costs one memory
 *     latency = L1 + L2 + LLC hit latencies + the HMC's idle 64 B read
 *     (43 467 ps = 87 host cycles, docs/hmc.md), within 2 cycles;
 *  4. independent misses (16 loads to distinct 128-byte blocks per
 *     iteration): with m L1D MSHRs, m in {1, 2, 4, 8}, one load costs the
 *     memory latency / m within 10%;
 *  5. a branch on xorshift bits: the extra cycles per mispredict against
 *     the same loop with a constant condition grow exactly with the
 *     configured penalty (14 and 24: difference 10 +- 0.25 cycles), and
 *     equal penalty + 4 +- 0.5: the condition is ready at X, andi and the
 *     branch resolve it at X + 2, the next iteration dispatches at
 *     X + 2 + penalty and issues a cycle later, where a predicted branch
 *     would have let it issue at X (plus one cycle of lost overlap).
 * All five again with the at-once caches and the fast HMC (the chase's
 * latency may end 1.5 cycles later: the fast HMC's idle 64 B read takes
 * 43,734 ps, 88 host cycles, the exact one 43,467 ps, 87), and with the
 * interval core over them (host.core=interval): the same first
 * principles, and each figure within 0.25 cycles
 * of the at-once exact core's (COPIM_HOST_IVAL_BIAS_PCT=10, a planted
 * fault, makes it FAIL: the chase 151.57 against 138.50). */
#include <stdio.h>

#include "host_util.h"

#define CHASE_BASE 0x01000000u
#define CHASE_BYTES (16u << 20)
#define MEM (CHASE_BASE + CHASE_BYTES + (1u << 20))

typedef void (*body_fn)(hu_prog_t *p, void *arg);

typedef struct {
  uint64_t cycles;
  host_stats_t st;
  int ok;
} run_t;

static uint32_t *chase_img;

static run_t run_loop(tb_t *t, const host_cfg_t *cfg, body_fn body, void *arg, uint32_t iters, int with_hmc,
                      const char *waves) {
  run_t r = {0};
  hu_sys_t s;
  if (!hu_open(t, &s, cfg, MEM, with_hmc)) return r;
  if (chase_img) memcpy(s.mem + CHASE_BASE, chase_img, CHASE_BYTES);
  static hu_prog_t p;
  hu_init(&p, 0x1000);
  hu_li(&p, S2, CHASE_BASE); /* chase pointer / stream base */
  hu_li(&p, S3, 0x12345679); /* xorshift state */
  hu_li(&p, 27, iters);      /* s11 */
  uint32_t loop = hu_here(&p);
  body(&p, arg);
  hu_addi(&p, 27, 27, -1);
  hu_bne(&p, 27, ZERO, loop);
  hu_exit(&p, ZERO);
  hu_load(&s, &p);
  tb_fst_t *w = tb_fst_open(waves, "host");
  int vrob = tb_fst_var(w, "core0.rob", 8), vm = tb_fst_var(w, "core0.l1d_mshr", 6),
      vc = tb_fst_var(w, "core0.committed", 3), vh = tb_fst_var(w, "llc.hit_act", 1),
      vmi = tb_fst_var(w, "llc.miss_act", 1);
  int rc = 0;
  while (!rc && host_cycle(s.h) < 50000000) {
    rc = host_step(s.h);
    if (w) {
      host_probe_t pr;
      host_probe(s.h, 0, &pr);
      const pmc_in_t *pm = host_pmc_ports(s.h);
      tb_fst_time(w, host_cycle(s.h));
      tb_fst_set(w, vrob, pr.rob);
      tb_fst_set(w, vm, pr.l1d_mshr);
      tb_fst_set(w, vc, pr.committed);
      tb_fst_set(w, vh, pm->hit_act & 1);
      tb_fst_set(w, vmi, pm->miss_act & 1);
    }
  }
  tb_fst_close(w);
  uint32_t code = 1;
  if (rc != 1 || !host_exited(s.h, &code) || code) {
    tb_fail(t, "loop did not finish: %s\n", host_error(s.h));
  } else {
    r.ok = 1;
    r.cycles = host_cycle(s.h);
    host_stats(s.h, &r.st);
  }
  hu_close(&s);
  return r;
}

/* Steady-state cycles per iteration, from K and 2K iterations. */
static double per_iter(tb_t *t, const host_cfg_t *cfg, body_fn body, void *arg, uint32_t k, int with_hmc, run_t *r1,
                       run_t *r2, const char *waves) {
  *r1 = run_loop(t, cfg, body, arg, k, with_hmc, NULL);
  *r2 = run_loop(t, cfg, body, arg, 2 * k, with_hmc, waves);
  return (double)(r2->cycles - r1->cycles) / k;
}

static void b_chain(hu_prog_t *p, void *a) {
  (void)a;
  for (int i = 0; i < 200; i++) hu_addi(p, A0, A0, 1);
}
static void b_indep(hu_prog_t *p, void *a) {
  (void)a;
  for (int i = 0; i < 400; i++) hu_addi(p, 5 + i % 20, ZERO, i); /* t0.. a5.. rotating, no dependences */
}
static void b_chase(hu_prog_t *p, void *a) {
  (void)a;
  for (int i = 0; i < 8; i++) hu_lw(p, S2, S2, 0);
}
static void b_mlp(hu_prog_t *p, void *a) {
  (void)a;
  for (int i = 0; i < 16; i++) hu_lw(p, 5 + i % 8, S2, 128 * i);
  hu_addi(p, S2, S2, 2047);
  hu_addi(p, S2, S2, 1);
}
static void b_branch(hu_prog_t *p, void *a) {
  const int random = *(const int *)a;
  hu_slli(p, T0, S3, 13);
  hu_xor(p, S3, S3, T0);
  hu_srli(p, T0, S3, 17);
  hu_xor(p, S3, S3, T0);
  hu_slli(p, T0, S3, 5);
  hu_xor(p, S3, S3, T0);
  hu_andi(p, T1, S3, random ? 1 : 0);
  uint32_t skip = hu_here(p) + 8;
  hu_beq(p, T1, ZERO, skip);
  hu_addi(p, A1, A1, 1);
}

static int within(tb_t *t, const char *what, double got, double lo, double hi) {
  t->checks++;
  if (got < lo || got > hi) {
    tb_fail(t, "%s: %.3f, expected in [%.3f, %.3f]\n", what, got, lo, hi);
    return 0;
  }
  return 1;
}

/* The five micro-benchmarks under cfg, their figures into got[0..8]
 * (chain, independent, chase, the four MLP points, the two mispredict
 * costs); the waveform from the exact core's.  slack: cycles the memory
 * latency may exceed its idle sum by (the fast HMC's idle 64 B read ends
 * at 43,734 ps, 88 host cycles, where the exact HMC's ends at 43,467 ps,
 * 87). */
#define NFIG 9
static void suite(tb_t *tp, host_cfg_t cfg, double slack, double *got) {
  tb_t t = *tp; /* checks and failures counted here, handed back at the end */
  run_t a, b;

  /* 1. dependent chain */
  double c1 = per_iter(&t, &cfg, b_chain, NULL, 200, 0, &a, &b, NULL);
  within(&t, "dependent chain: cycles per iteration (200 addi)", c1, 200.0, 200.0);
  got[0] = c1;
  tb_log(&t, "1. dependent ALU chain: %.2f cycles per iteration of 202 instructions: IPC %.3f\n", c1, 202.0 / c1);

  /* 2. independent ops */
  double c2 = per_iter(&t, &cfg, b_indep, NULL, 200, 0, &a, &b, NULL);
  within(&t, "independent ops: cycles per iteration (402 instructions, 101 dispatch groups)", c2, 101.0, 102.0);
  got[1] = c2;
  tb_log(&t, "2. independent ALU ops: %.2f cycles per iteration of 402 instructions: IPC %.3f (width %u)\n", c2,
         402.0 / c2, cfg.width);

  /* 3. pointer chase: a random cyclic permutation of the 16 MiB region's lines */
  tb_rng_t rng;
  tb_rng_seed(&rng, t.seed);
  const uint32_t lines = CHASE_BYTES / 64;
  uint32_t *perm = malloc(lines * sizeof *perm);
  chase_img = calloc(1, CHASE_BYTES);
  for (uint32_t i = 0; i < lines; i++) perm[i] = i;
  for (uint32_t i = lines - 1; i > 0; i--) {
    uint32_t j = (uint32_t)tb_rng_below(&rng, i + 1), x = perm[i];
    perm[i] = perm[j];
    perm[j] = x;
  }
  for (uint32_t i = 0; i < lines; i++) chase_img[perm[i] * 16] = CHASE_BASE + perm[(i + 1) % lines] * 64;
  const unsigned mem_lat = cfg.l1d.lat + cfg.l2.lat + cfg.llc.lat + 87;
  double c3 = per_iter(&t, &cfg, b_chase, NULL, 1000, 1, &a, &b, NULL) / 8.0;
  within(&t, "pointer chase: cycles per load", c3, mem_lat - 2.0, mem_lat + 2.0 + slack);
  got[2] = c3;
  t.checks++;
  if (b.st.core[0].llc_miss < 16000) tb_fail(&t, "pointer chase: %llu LLC misses for 16000 loads\n", (unsigned long long)b.st.core[0].llc_miss);
  tb_log(&t, "3. pointer chase over 16 MiB: %.2f cycles per load; L1 %u + L2 %u + LLC %u + HMC idle read 87 = %u; "
             "LLC misses %llu of %u loads\n", c3, cfg.l1d.lat, cfg.l2.lat, cfg.llc.lat, mem_lat,
         (unsigned long long)b.st.core[0].llc_miss, 16000u);
  free(chase_img);
  chase_img = NULL;
  free(perm);

  /* 4. memory-level parallelism bounded by the L1D MSHRs */
  const unsigned ms[4] = {1, 2, 4, 8};
  for (unsigned i = 0; i < 4; i++) {
    host_cfg_t c = cfg;
    c.l1d.mshrs = ms[i];
    double c4 = per_iter(&t, &c, b_mlp, NULL, 300, 1, &a, &b, i == 3 && !cfg.core_interval ? t.waves : NULL) / 16.0;
    char what[96];
    snprintf(what, sizeof what, "independent misses, %u L1D MSHRs: cycles per load", ms[i]);
    within(&t, what, c4, 0.9 * mem_lat / ms[i], 1.1 * mem_lat / ms[i]);
    got[3 + i] = c4;
    tb_log(&t, "4. independent misses with %u L1D MSHRs: %.2f cycles per load (memory latency / %u = %.2f)\n", ms[i],
           c4, ms[i], (double)mem_lat / ms[i]);
  }

  /* 5. mispredict penalty */
  double per_mp[2];
  const unsigned pen[2] = {14, 24};
  for (unsigned i = 0; i < 2; i++) {
    host_cfg_t c = cfg;
    c.mispredict_penalty = pen[i];
    int rnd = 1, fixed = 0;
    run_t r1, r2, f1, f2;
    double cr = per_iter(&t, &c, b_branch, &rnd, 2000, 0, &r1, &r2, NULL);
    double cf = per_iter(&t, &c, b_branch, &fixed, 2000, 0, &f1, &f2, NULL);
    double mr = (double)(r2.st.core[0].mispredicts - r1.st.core[0].mispredicts) / 2000.0;
    double mf = (double)(f2.st.core[0].mispredicts - f1.st.core[0].mispredicts) / 2000.0;
    per_mp[i] = (cr - cf) / (mr - mf);
    char what[96];
    snprintf(what, sizeof what, "penalty %u: extra cycles per mispredict", pen[i]);
    within(&t, what, per_mp[i], pen[i] + 3.5, pen[i] + 4.5);
    got[7 + i] = per_mp[i];
    tb_log(&t, "5. penalty %u: random branch %.2f cycles/iteration (%.3f mispredicts), constant %.2f (%.3f): %.2f "
               "cycles per mispredict\n", pen[i], cr, mr, cf, mf, per_mp[i]);
  }
  within(&t, "mispredict cost grows with the penalty (24 - 14)", per_mp[1] - per_mp[0], 9.75, 10.25);
  *tp = t;
}

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "host_timing", 1);
  host_cfg_t cfg = HOST_CFG_DEFAULT;
  cfg.cores = 1;
  double ex[NFIG], at[NFIG], iv[NFIG], iq[NFIG];
  tb_log(&t, "the exact core\n");
  suite(&t, cfg, 0.0, ex);
  /* the at-once caches and the fast HMC (hu_open), then the interval core
   * over them (docs/host.md "The interval core"): the same first
   * principles; the fast HMC's idle 64 B read takes 43,734 ps, one host
   * cycle more than the exact HMC's 43,467 ps once rounded up */
  cfg.mem_atonce = 1;
  tb_log(&t, "the exact core with the at-once caches and the fast HMC\n");
  suite(&t, cfg, 1.5, at);
  cfg.core_interval = 1;
  tb_log(&t, "the interval core (host.core=interval) over them\n");
  suite(&t, cfg, 1.5, iv);
  cfg.ival_quantum = 16;
  tb_log(&t, "the interval core dispatching up to 16 cycles ahead (host.ival_quantum=16)\n");
  suite(&t, cfg, 1.5, iq);
  /* one instruction a pass over the same memory model: each figure the
   * at-once exact core's, with the quantum too (one core: no other core
   * to run ahead of) */
  static const char *fig[NFIG] = {"chain", "independent", "chase", "MLP 1", "MLP 2", "MLP 4", "MLP 8", "penalty 14",
                                  "penalty 24"};
  for (unsigned i = 0; i < NFIG; i++) {
    char what[96];
    snprintf(what, sizeof what, "interval core against the at-once exact core: %s", fig[i]);
    within(&t, what, iv[i], at[i] - 0.25, at[i] + 0.25);
    snprintf(what, sizeof what, "interval core, quantum 16, against the at-once exact core: %s", fig[i]);
    within(&t, what, iq[i], at[i] - 0.25, at[i] + 0.25);
  }
  /* what no memory access times (the chain, the independent operations,
   * the mispredict costs) the at-once caches and the fast HMC leave as the
   * exact core has it */
  static const unsigned nomem[4] = {0, 1, 7, 8};
  for (unsigned k = 0; k < 4; k++) {
    char what[96];
    snprintf(what, sizeof what, "at-once caches against the exact core: %s", fig[nomem[k]]);
    within(&t, what, at[nomem[k]], ex[nomem[k]], ex[nomem[k]]);
  }
  return tb_finish(&t);
}
