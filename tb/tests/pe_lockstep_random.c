/* pe_lockstep_random: constrained random RV32IMA programs on the RTL and C
 * model in lockstep (every port, every cycle) and against the rv32
 * reference interpreter (every retirement), under random memory latency
 * and back-pressure.
 *
 * A program: a preamble that sets mtvec to a handler which skips the
 * trapping instruction (mepc += 4), random registers, a data base in s0
 * (x8, 4 KiB of data around it); then blocks of random instructions, some
 * wrapped in a bounded loop counted in s1 (x9): ALU register/immediate
 * ops, lui/auipc, M ops, loads and stores of every width at s0+offset (some
 * misaligned, which trap), LR/SC and AMOs, forward branches and jumps (some
 * to misaligned targets, which trap), CSR reads/writes (mscratch, mcycle,
 * minstret, mhartid, an illegal one), ecall, ebreak, illegal words, fence,
 * fence.i, device loads (cycle counter) and console stores; it ends in wfi.
 * x8, x9 and x31 (the handler's scratch) are never written by the random
 * part.  Default: 5 seeds (seed .. seed+4), programs until each seed has
 * retired 210000 instructions; --cycles N sets that per-seed count.
 * Two programs of three also get random D-cache line invalidates (dinval_i),
 * which must change nothing but timing (the cache is write-through). */
#include <stdlib.h>
#include <string.h>

#include "pe_pair.h"

#ifndef TEST_NAME /* pe_proto_lockstep.c includes this file under its own name */
#define TEST_NAME "pe_lockstep_random"
#endif

#define CODE 0x1000u
#define DATA 0x00100800u
#define MAXW 8192

typedef struct {
  uint32_t w[MAXW];
  unsigned n;
  tb_rng_t *r;
} prog_t;

static void emit(prog_t *p, uint32_t x) { if (p->n < MAXW) p->w[p->n++] = x; }
static uint32_t R(unsigned f7, unsigned rs2, unsigned rs1, unsigned f3, unsigned rd, unsigned op) {
  return f7 << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | rd << 7 | op;
}
static uint32_t I(int imm, unsigned rs1, unsigned f3, unsigned rd, unsigned op) {
  return ((uint32_t)imm & 0xfff) << 20 | rs1 << 15 | f3 << 12 | rd << 7 | op;
}
static uint32_t S(int imm, unsigned rs2, unsigned rs1, unsigned f3) {
  const uint32_t u = (uint32_t)imm;
  return ((u >> 5) & 0x7f) << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | (u & 31) << 7 | 0x23;
}
static uint32_t B(int imm, unsigned rs2, unsigned rs1, unsigned f3) {
  const uint32_t u = (uint32_t)imm;
  return ((u >> 12) & 1) << 31 | ((u >> 5) & 0x3f) << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 |
         ((u >> 1) & 15) << 8 | ((u >> 11) & 1) << 7 | 0x63;
}
static uint32_t J(int imm, unsigned rd) {
  const uint32_t u = (uint32_t)imm;
  return ((u >> 20) & 1) << 31 | ((u >> 1) & 0x3ff) << 21 | ((u >> 11) & 1) << 20 | ((u >> 12) & 0xff) << 12 |
         rd << 7 | 0x6f;
}
static uint32_t U(uint32_t imm20, unsigned rd, unsigned op) { return imm20 << 12 | rd << 7 | op; }

static unsigned rnd(prog_t *p, unsigned n) { return (unsigned)tb_rng_below(p->r, n); }
/* destination: any register but s0, s1 and t6; x0 sometimes */
static unsigned rd_pick(prog_t *p) {
  for (;;) {
    unsigned r = rnd(p, 32);
    if (r != 8 && r != 9 && r != 31) return r;
  }
}
/* sources: biased to a few registers so dependencies are frequent */
static unsigned rs_pick(prog_t *p) { return rnd(p, 4) ? 10 + rnd(p, 6) : rnd(p, 32); }
static unsigned rdd(prog_t *p) { return rnd(p, 3) ? 10 + rnd(p, 6) : rd_pick(p); }

static void li(prog_t *p, unsigned rd, uint32_t v) {
  const uint32_t lo = v & 0xfff, hi = (v + 0x800) >> 12;
  emit(p, U(hi & 0xfffff, rd, 0x37));
  emit(p, I((int)(lo << 20) >> 20, rd, 0, rd, 0x13));
}

/* One random single-word ALU instruction (what forward jumps skip over). */
static void rand_alu(prog_t *p) {
  const unsigned rd = rdd(p), a = rs_pick(p), b = rs_pick(p);
  if (rnd(p, 2)) emit(p, R(rnd(p, 2) ? 0 : 1, b, a, rnd(p, 8), rd, 0x33));
  else emit(p, I((int)rnd(p, 4096) - 2048, a, 0, rd, 0x13));
}

/* One random instruction, or a short group (AMO with its address, a
 * forward branch or jump with the 1..3 words it skips). */
static void rand_insn(prog_t *p) {
  const unsigned k = rnd(p, 100);
  const unsigned rd = rdd(p), a = rs_pick(p), b = rs_pick(p);
  if (k < 22) { /* register-register ALU */
    static const unsigned f3f7[][2] = {{0, 0}, {0, 0x20}, {1, 0}, {2, 0}, {3, 0}, {4, 0}, {5, 0}, {5, 0x20}, {6, 0}, {7, 0}};
    const unsigned i = rnd(p, 10);
    emit(p, R(f3f7[i][1], b, a, f3f7[i][0], rd, 0x33));
  } else if (k < 40) { /* immediate ALU */
    const unsigned f3 = rnd(p, 8);
    int imm = (int)rnd(p, 4096) - 2048;
    if (f3 == 1) imm = (int)rnd(p, 32);
    if (f3 == 5) imm = (int)rnd(p, 32) | (rnd(p, 2) ? 0x400 : 0);
    emit(p, I(imm, a, f3, rd, 0x13));
  } else if (k < 43) {
    emit(p, U(rnd(p, 1u << 20), rd, rnd(p, 2) ? 0x37 : 0x17));
  } else if (k < 48) { /* M */
    emit(p, R(1, b, a, rnd(p, 8), rd, 0x33));
  } else if (k < 60) { /* load */
    static const unsigned f3s[] = {0, 1, 2, 4, 5};
    const unsigned f3 = f3s[rnd(p, 5)];
    int off = ((int)rnd(p, 1024) - 512) * 4;
    if (f3 == 0 || f3 == 4) off += (int)rnd(p, 4);
    else if (f3 != 2) off += 2 * (int)rnd(p, 2);
    if (!rnd(p, 25)) off += 1; /* misaligned sometimes */
    emit(p, I(off, 8, f3, rd, 0x03));
  } else if (k < 70) { /* store */
    const unsigned f3 = rnd(p, 3);
    int off = ((int)rnd(p, 1024) - 512) * 4 + (f3 == 0 ? (int)rnd(p, 4) : f3 == 1 ? 2 * (int)rnd(p, 2) : 0);
    if (!rnd(p, 25)) off += 1;
    emit(p, S(off, b, 8, f3));
  } else if (k < 75) { /* AMO / LR / SC through t2 (x7) = s0 + offset */
    int off = ((int)rnd(p, 256) - 128) * 4;
    if (!rnd(p, 30)) off += 2;
    emit(p, I(off, 8, 0, 7, 0x13));
    static const unsigned f5s[] = {0x00, 0x01, 0x04, 0x08, 0x0c, 0x10, 0x14, 0x18, 0x1c, 0x02, 0x03};
    const unsigned f5 = f5s[rnd(p, 11)];
    if (f5 == 0x02 && rnd(p, 2)) { /* an LR/SC pair */
      emit(p, R(0x02 << 2, 0, 7, 2, 10 + rnd(p, 6), 0x2f));
      emit(p, R(0x03 << 2 | rnd(p, 4), b, 7, 2, rdd(p), 0x2f));
    } else {
      emit(p, R(f5 << 2 | rnd(p, 4), f5 == 0x02 ? 0 : b, 7, 2, rd, 0x2f));
    }
  } else if (k < 83) { /* forward branch over 1..3 */
    const unsigned skip = 1 + rnd(p, 3);
    int off = 4 * (int)(skip + 1);
    if (!rnd(p, 40)) off += 2; /* misaligned target: traps only when taken */
    emit(p, B(off, b, a, (unsigned[]){0, 1, 4, 5, 6, 7}[rnd(p, 6)]));
    for (unsigned i = 0; i < skip; i++) rand_alu(p);
  } else if (k < 86) { /* jal / auipc+jalr forward */
    const unsigned skip = 1 + rnd(p, 3);
    if (rnd(p, 2)) {
      emit(p, J(4 * (int)(skip + 1) + (!rnd(p, 30) ? 2 : 0), rd));
    } else {
      emit(p, U(0, 7, 0x17));
      emit(p, I(4 * (int)(skip + 1) + (!rnd(p, 20) ? 2 : rnd(p, 2)), 7, 0, rd, 0x67));
    }
    for (unsigned i = 0; i < skip; i++) rand_alu(p);
  } else if (k < 92) { /* CSRs */
    static const unsigned csrs[] = {0x340, 0x340, 0xB00, 0xB02, 0xF14, 0x301, 0xC00, 0xC02, 0x300, 0x7C0};
    const unsigned c = csrs[rnd(p, 10)];
    unsigned f3 = 1 + rnd(p, 3) + (rnd(p, 2) ? 4 : 0);
    unsigned src = f3 & 4 ? rnd(p, 32) : a;
    if (c == 0x300) src = 0, f3 = 2;                  /* read mstatus only */
    if ((c == 0xB00 || c == 0xB02) && rnd(p, 4)) src = 0, f3 = 2; /* mostly read counters */
    emit(p, I((int)(c << 20) >> 20, src, f3, rd, 0x73));
  } else if (k < 94) {
    static const uint32_t sys[] = {0x00000073, 0x00100073, 0x00000000, 0x0000000f, 0x0ff0000f, 0x0000100f, 0x0020800b};
    emit(p, sys[rnd(p, 7)]);
  } else if (k < 96) { /* device space: cycle counter load, console store */
    emit(p, U(0xF0000, 7, 0x37));
    if (rnd(p, 2)) emit(p, I(0x10, 7, 2, rd, 0x03));
    else { li(p, 6, 'a' + rnd(p, 26)); emit(p, S(0, 6, 7, 0)); }
  } else {
    emit(p, I(0, 0, 0, 0, 0x13)); /* nop */
  }
}

static void gen(prog_t *p, unsigned blocks) {
  p->n = 0;
  /* preamble: mtvec = handler (placed after the body), registers, s0 */
  const unsigned mtvec_fix = p->n;
  emit(p, 0); /* lui t6, %hi(handler) (patched) */
  emit(p, 0); /* addi t6, t6, %lo(handler) (patched) */
  emit(p, I(0x305, 31, 1, 0, 0x73)); /* csrw mtvec, t6 */
  li(p, 8, DATA);
  for (unsigned r = 1; r < 31; r++)
    if (r != 8 && r != 9) li(p, r, (uint32_t)tb_rng_next(p->r));
  for (unsigned b = 0; b < blocks; b++) {
    const unsigned len = 4 + rnd(p, 24);
    const int loop = rnd(p, 3) != 0;
    if (loop) li(p, 9, 1 + rnd(p, 12));
    const unsigned start = p->n;
    for (unsigned i = 0; i < len; i++) rand_insn(p);
    if (loop) {
      emit(p, I(-1, 9, 0, 9, 0x13));                       /* addi s1, s1, -1 */
      emit(p, B(-(int)(4 * (p->n - start)), 0, 9, 1));     /* bnez s1, start */
    }
  }
  emit(p, 0x10500073); /* wfi */
  emit(p, J(-4, 0)); /* j .-4 (never reached) */
  const unsigned handler = p->n;
  emit(p, I(0x341, 0, 2, 31, 0x73));  /* csrr t6, mepc */
  emit(p, I(4, 31, 0, 31, 0x13));     /* addi t6, t6, 4 */
  emit(p, I(0x341, 31, 1, 0, 0x73));  /* csrw mepc, t6 */
  emit(p, 0x30200073);                /* mret */
  const uint32_t h = CODE + 4 * handler;
  p->w[mtvec_fix] = U(((h + 0x800) >> 12) & 0xfffff, 31, 0x37);
  p->w[mtvec_fix + 1] = I((int)((h & 0xfff) << 20) >> 20, 31, 0, 31, 0x13);
}

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, TEST_NAME, 1);
  const uint64_t per_seed = tb_len(&t, 210000);
  static prog_t prog;
  uint64_t total = 0, cycles = 0, programs = 0, invals = 0;
  int ok = 1;
  for (unsigned s = 0; s < 5 && ok; s++) {
    const uint64_t seed = t.seed + s;
    tb_rng_t rng;
    tb_rng_seed(&rng, seed);
    prog.r = &rng;
    uint64_t done = 0;
    while (done < per_seed && ok) {
      gen(&prog, 40 + (unsigned)tb_rng_below(&rng, 60));
      pe_mem_timing_t tm = {1, 1, 1, 1, 0};
      switch (tb_rng_below(&rng, 4)) {
        case 0: break;
        case 1: tm.lat_min = 1; tm.lat_max = 40; tm.ready_num = 1; tm.ready_den = 2; break;
        case 2: tm.lat_min = 1; tm.lat_max = 6; tm.ready_num = 1; tm.ready_den = 5; break;
        default: tm.lat_min = tm.lat_max = 15; break;
      }
      pe_pair_t pp;
      if (!pe_pair_open(&pp, &t, 1, 1, &tm, tb_rng_next(&rng), programs == 0 ? t.waves : NULL)) {
        tb_fail(&t, "cannot build the models\n");
        return tb_finish(&t);
      }
      /* line invalidates in two programs of three, 0..10% of cycles, mostly
       * in the data window (their own generator: the programs stay those of
       * the seed) */
      if (tb_rng_below(&pp.inval_rng, 3)) {
        pp.inval_pml = (unsigned)tb_rng_below(&pp.inval_rng, 101);
        pp.inval_lo = DATA - 4096;
        pp.inval_span = 8192;
      }
      for (unsigned i = 0; i < prog.n; i++) pe_pair_poke(&pp, CODE + 4 * i, prog.w[i]);
      pp.iss.pc = CODE;
      if (!pe_pair_run(&pp, CODE, 4000000)) {
        printf("  seed %llu, program %llu (%u words) failed; rerun with --seed %llu\n", (unsigned long long)seed,
               (unsigned long long)programs, prog.n, (unsigned long long)t.seed);
        ok = 0;
      } else if (pe_mem_error(pp.mem)) {
        tb_fail(&t, "memory error in seed %llu program %llu\n", (unsigned long long)seed, (unsigned long long)programs);
        ok = 0;
      }
      done += pp.retired;
      invals += pp.invals;
      cycles += pp.cycle;
      programs++;
      pe_pair_close(&pp);
    }
    tb_log(&t, "  seed %llu: %llu instructions retired in lockstep\n", (unsigned long long)seed, (unsigned long long)done);
    total += done;
  }
  tb_log(&t, "  total: %llu programs, %llu retired instructions, %llu cycles, %llu line invalidates, 0 mismatches%s\n",
         (unsigned long long)programs, (unsigned long long)total, (unsigned long long)cycles,
         (unsigned long long)invals, ok ? "" : " (stopped)");
  if (ok) tb_expect_u64(&t, "retired instructions >= 5 x per-seed count", total >= 5 * per_seed, 1);
  return tb_finish(&t);
}
