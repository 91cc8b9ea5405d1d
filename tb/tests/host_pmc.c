/* host_pmc: the host's LLC drives the real PMC C model (csim/pmc/pmc.h)
 * through host_pmc_ports() every cycle, as a full system does.  Each
 * program warms up, writes KERNEL_MARK 1, runs the measured loop, writes
 * KERNEL_MARK 2; the test enables the PMC for core 0 exactly between the
 * marks, then flushes and reads its counters, and checks them against an
 * independent per-cycle count of the same ports (SPEC section 3).
 *
 *  a. L1-resident loop (sum over 4 KiB): no LLC access at all in the
 *     measured part (the same code ran the warm-up): 0 hit, 0 miss, 0 pure
 *     miss cycles;
 *  b. pointer chase over 16 MiB: every load misses; its hit phase (LLC
 *     latency 35) hides nothing else, so pure / total = (memory latency -
 *     L1 - L2 - LLC) / memory latency = 87 / 136 = 0.64 within 0.03, and
 *     every miss is a pure miss;
 *  c. a stream (one new line per iteration) with four LLC hits per
 *     iteration to a 1 MiB table (larger than L2): the hits' hit phases
 *     cover most miss cycles, so the pure share lies strictly between
 *     (a) and (b): above 1% and below half of (b);
 *  d. two cores at once, chase on core 1 and the L1 loop on core 0: the
 *     counters are per core (core 0 stays at 0 pure cycles, core 1 as b). */
#include <stdio.h>

#include "host_util.h"

#define BIG 0x01000000u
#define BIG_BYTES (16u << 20)
#define TABLE 0x00400000u
#define MEM (BIG + BIG_BYTES + (1u << 20))

enum { SC_L1 = 0, SC_CHASE, SC_STREAM };

static void mark(hu_prog_t *p, int v) {
  hu_lui(p, T6, 0xF0000000u);
  hu_addi(p, T5, ZERO, v);
  hu_sw(p, T5, T6, 0x20);
}

/* marks: write KERNEL_MARK 1/2 around the measured loop. */
static void program(hu_prog_t *p, int sc, uint32_t iters, int marks) {
  if (sc == SC_L1) {
    /* the same loop twice (warm-up, then measured): same code, same lines */
    hu_li(p, S2, 0x00300000);
    hu_li(p, 26, 2);
    uint32_t outer = hu_here(p);
    hu_li(p, 27, iters);
    uint32_t top = hu_here(p);
    for (int i = 0; i < 64; i++) {
      hu_lw(p, T0, S2, 64 * (i % 32));
      hu_add(p, A0, A0, T0);
    }
    hu_addi(p, 27, 27, -1);
    hu_bne(p, 27, ZERO, top);
    hu_addi(p, 26, 26, -1);
    uint32_t fix = p->n;
    hu_emit(p, 0); /* beq s10, zero, end (patched) */
    if (marks) mark(p, 1);
    hu_beq(p, ZERO, ZERO, outer);
    uint32_t end = hu_here(p);
    p->w[fix] = hu_b((int32_t)(end - (p->base + 4 * fix)), ZERO, 26, 0);
  } else if (sc == SC_CHASE) {
    hu_li(p, 27, iters);
    hu_li(p, S2, BIG);
    if (marks) mark(p, 1);
    uint32_t top = hu_here(p);
    for (int i = 0; i < 8; i++) hu_lw(p, S2, S2, 0);
    hu_addi(p, 27, 27, -1);
    hu_bne(p, 27, ZERO, top);
  } else {
    /* warm: sweep the 1 MiB table twice (it ends in the LLC, not in L2) */
    hu_li(p, 27, iters);
    hu_li(p, S4, TABLE);
    hu_li(p, S5, 0);
    hu_lui(p, S3, 0x000FF000u);
    hu_addi(p, S3, S3, 0x7FF);
    hu_addi(p, S3, S3, 0x7C1); /* s3 = 0xFFFC0: table offset mask, 64-byte aligned */
    hu_li(p, 26, 2 * (1u << 20) / 256);
    uint32_t w = hu_here(p);
    hu_add(p, T2, S4, S5);
    for (int i = 0; i < 4; i++) hu_lw(p, T1, T2, 64 * i);
    hu_addi(p, S5, S5, 256);
    hu_and(p, S5, S5, S3);
    hu_addi(p, 26, 26, -1);
    hu_bne(p, 26, ZERO, w);
    hu_li(p, S2, BIG);
    if (marks) mark(p, 1);
    uint32_t top = hu_here(p);
    hu_lw(p, T0, S2, 0);
    hu_addi(p, S2, S2, 64);
    hu_add(p, T2, S4, S5);
    for (int i = 0; i < 4; i++) hu_lw(p, T1, T2, 64 * i);
    hu_addi(p, S5, S5, 256);
    hu_and(p, S5, S5, S3);
    hu_addi(p, 27, 27, -1);
    hu_bne(p, 27, ZERO, top);
  }
  if (marks) mark(p, 2);
  hu_exit(p, ZERO);
  if (!marks) { /* a program without marks must not end the run: sleep */
    p->n -= 4;
    uint32_t l = hu_here(p);
    hu_emit(p, 0x10500073u);
    hu_beq(p, ZERO, ZERO, l);
  }
}

typedef struct {
  uint64_t pmc[6];  /* total, hit, miss, pure, misses, pure misses */
  uint64_t ref[4];  /* independent: total, hit, miss, pure cycles */
  int ok;
} res_t;

static uint32_t *chain;

/* Runs programs (one per core; NULL: the core sleeps), measuring core c
 * between its kernel marks (marks come from any core: core 0's program
 * marks when there is one core, else the measured core's). */
static void run(tb_t *t, const hu_prog_t *const *progs, unsigned cores, res_t *res, const char *waves) {
  host_cfg_t cfg = HOST_CFG_DEFAULT;
  cfg.cores = cores;
  hu_sys_t s;
  memset(res, 0, cores * sizeof *res);
  if (!hu_open(t, &s, &cfg, MEM, 1)) return;
  memcpy(s.mem + BIG, chain, BIG_BYTES);
  /* each core's program at its own address, started through a jump table:
   * core c starts at 0x1000 and jumps by mhartid */
  hu_prog_t boot;
  hu_init(&boot, 0x1000);
  hu_csrr(&boot, T0, RV32_CSR_MHARTID);
  hu_slli(&boot, T0, T0, 16);
  hu_li(&boot, T1, 0x10000);
  hu_add(&boot, T0, T0, T1);
  hu_emit(&boot, hu_i(0, T0, 0, 0, 0x67)); /* jr t0 */
  memcpy(s.mem + boot.base, boot.w, 4 * boot.n);
  for (unsigned c = 0; c < cores; c++) {
    hu_prog_t q;
    if (progs[c]) memcpy(s.mem + progs[c]->base, progs[c]->w, 4 * progs[c]->n);
    else {
      hu_init(&q, 0x10000 + 0x10000 * c);
      hu_emit(&q, 0x10500073u);
      memcpy(s.mem + q.base, q.w, 4 * q.n);
    }
  }
  host_set_entry(s.h, 0x1000);
  pmc_cfg_t pc = PMC_CFG_DEFAULT;
  pc.num_cores = cores;
  pmc_t *pmc = pmc_new(&pc);
  tb_fst_t *w = tb_fst_open(waves, "host_pmc");
  int vh = tb_fst_var(w, "llc.hit_act", 4), vm = tb_fst_var(w, "llc.miss_act", 4), va = tb_fst_var(w, "llc.mshr_alloc", 1),
      vf = tb_fst_var(w, "llc.mshr_free", 1), ve = tb_fst_var(w, "pmc.enable", 4),
      vp = tb_fst_var(w, "pmc.core0_pure", 48), vr = tb_fst_var(w, "core0.rob", 8);
  uint64_t en = 0;
  int rc = 0, done = 0;
  while (!rc && host_cycle(s.h) < 20000000) {
    rc = host_step(s.h);
    host_stats_t st;
    host_stats(s.h, &st);
    /* the mark's store executed in this cycle: enable from the next one */
    pmc_in_t in = *host_pmc_ports(s.h);
    in.enable = en;
    for (unsigned c = 0; c < PMC_MAX_CORES; c++) in.rd_sel[c] = PMC_SEL_NONE;
    if (en && st.kernel_end) {
      in.flush = en;
      done = 1;
    }
    for (unsigned c = 0; c < cores; c++)
      if (en & (1ull << c)) {
        const int hit = (in.hit_act >> c) & 1, miss = (in.miss_act >> c) & 1;
        res[c].ref[0]++;
        res[c].ref[1] += hit;
        res[c].ref[2] += miss;
        res[c].ref[3] += miss && !hit;
      }
    pmc_out_t out;
    pmc_step(pmc, &in, &out);
    if (w) {
      tb_fst_time(w, host_cycle(s.h));
      tb_fst_set(w, vh, in.hit_act);
      tb_fst_set(w, vm, in.miss_act);
      tb_fst_set(w, va, (uint64_t)in.mshr_alloc);
      tb_fst_set(w, vf, (uint64_t)in.mshr_free);
      tb_fst_set(w, ve, in.enable);
      tb_fst_set(w, vp, pmc_read(pmc, 0, PMC_SEL_PURE));
      host_probe_t pr;
      host_probe(s.h, 0, &pr);
      tb_fst_set(w, vr, pr.rob);
    }
    if (done) en = 0;
    else if (st.kernel_start && !st.kernel_end) en = (1ull << cores) - 1;
  }
  tb_fst_close(w);
  uint32_t code = 1;
  if (rc != 1 || !host_exited(s.h, &code) || code || !done) {
    tb_fail(t, "program did not finish: %s\n", host_error(s.h));
  } else {
    for (unsigned c = 0; c < cores; c++) {
      for (unsigned k = 0; k < 6; k++) res[c].pmc[k] = pmc_read(pmc, c, k);
      res[c].ok = 1;
    }
  }
  pmc_free(pmc);
  hu_close(&s);
}

static void check_ref(tb_t *t, const char *name, const res_t *r) {
  const char *nm[4] = {"total", "hit", "miss", "pure"};
  for (unsigned k = 0; k < 4; k++) {
    char what[96];
    snprintf(what, sizeof what, "%s: PMC %s cycles = per-cycle count of the ports", name, nm[k]);
    tb_expect_u64(t, what, r->pmc[k], r->ref[k]);
  }
}

static void show(tb_t *t, const char *name, const res_t *r) {
  tb_log(t, "%s: %llu cycles, hit %llu, miss %llu, pure %llu (%.3f), misses %llu, pure misses %llu\n", name,
         (unsigned long long)r->pmc[0], (unsigned long long)r->pmc[1], (unsigned long long)r->pmc[2],
         (unsigned long long)r->pmc[3], r->pmc[0] ? (double)r->pmc[3] / (double)r->pmc[0] : 0.0,
         (unsigned long long)r->pmc[4], (unsigned long long)r->pmc[5]);
}

static double frac(const res_t *r) { return r->pmc[0] ? (double)r->pmc[3] / (double)r->pmc[0] : 0; }

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "host_pmc", 1);
  tb_rng_t rng;
  tb_rng_seed(&rng, t.seed);
  const uint32_t lines = BIG_BYTES / 64;
  uint32_t *perm = malloc(lines * sizeof *perm);
  chain = calloc(1, BIG_BYTES);
  for (uint32_t i = 0; i < lines; i++) perm[i] = i;
  for (uint32_t i = lines - 1; i > 0; i--) {
    uint32_t j = (uint32_t)tb_rng_below(&rng, i + 1), x = perm[i];
    perm[i] = perm[j];
    perm[j] = x;
  }
  for (uint32_t i = 0; i < lines; i++) chain[perm[i] * 16] = BIG + perm[(i + 1) % lines] * 64;
  free(perm);

  static hu_prog_t pa, pb, pc;
  hu_init(&pa, 0x10000);
  program(&pa, SC_L1, 200, 1);
  hu_init(&pb, 0x10000);
  program(&pb, SC_CHASE, 500, 1);
  hu_init(&pc, 0x10000);
  program(&pc, SC_STREAM, 4000, 1);
  res_t a, b, c, d[2];
  const hu_prog_t *one[1];

  one[0] = &pa;
  run(&t, one, 1, &a, NULL);
  if (a.ok) {
    show(&t, "a. L1-resident loop", &a);
    check_ref(&t, "a", &a);
    tb_expect_u64(&t, "a: pure miss cycles", a.pmc[3], 0);
    tb_expect_u64(&t, "a: hit cycles", a.pmc[1], 0);
    tb_expect_u64(&t, "a: measured cycles > 1000", a.pmc[0] > 1000, 1);
  }
  one[0] = &pb;
  run(&t, one, 1, &b, t.waves);
  if (b.ok) {
    show(&t, "b. pointer chase", &b);
    check_ref(&t, "b", &b);
    t.checks++;
    if (frac(&b) < 0.64 - 0.03 || frac(&b) > 0.64 + 0.03) tb_fail(&t, "b: pure share %.3f, expected 0.64 +- 0.03\n", frac(&b));
    t.checks++;
    if (b.pmc[4] < 4000 || b.pmc[4] > 4001) /* + the line holding the end mark's code */
      tb_fail(&t, "b: %llu misses for 4000 loads\n", (unsigned long long)b.pmc[4]);
    tb_expect_u64(&t, "b: every miss is a pure miss", b.pmc[5], b.pmc[4]);
  }
  one[0] = &pc;
  run(&t, one, 1, &c, NULL);
  if (c.ok) {
    show(&t, "c. stream + LLC hits", &c);
    check_ref(&t, "c", &c);
    t.checks++;
    if (!(frac(&c) > 0.01 && frac(&c) < 0.5 * frac(&b)))
      tb_fail(&t, "c: pure share %.3f, expected in (0.01, %.3f)\n", frac(&c), 0.5 * frac(&b));
    t.checks++;
    if (c.pmc[4] < 4000 || c.pmc[4] > 4001) tb_fail(&t, "c: %llu misses for 4000 stream lines\n", (unsigned long long)c.pmc[4]);
    t.checks++;
    if (!(c.pmc[5] < c.pmc[4])) tb_fail(&t, "c: every miss pure\n");
  }
  const hu_prog_t *two[2] = {&pa, NULL};
  static hu_prog_t pb1;
  hu_init(&pb1, 0x20000);
  program(&pb1, SC_CHASE, 5000, 0);
  /* core 1 runs the chase without marks: core 0's marks bracket the measurement */
  two[1] = &pb1;
  run(&t, two, 2, d, NULL);
  if (d[0].ok) {
    show(&t, "d. core 0: L1 loop beside a chase", &d[0]);
    show(&t, "d. core 1: chase beside an L1 loop", &d[1]);
    check_ref(&t, "d core 0", &d[0]);
    check_ref(&t, "d core 1", &d[1]);
    tb_expect_u64(&t, "d: core 0 pure miss cycles", d[0].pmc[3], 0);
    t.checks++;
    if (frac(&d[1]) < 0.5) tb_fail(&t, "d: core 1 pure share %.3f, expected > 0.5\n", frac(&d[1]));
  }
  free(chain);
  return tb_finish(&t);
}
