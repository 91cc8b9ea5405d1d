/* amo_order: the host orders AMOs as RVWMO asks (host.amo_model=rvwmo,
 * docs/host.md "AMOs"), not by draining the core.  Directed RV32 programs
 * on one core over cold caches and the HMC; each AMO misses every level,
 * so it takes a memory latency M (about 90 cycles).  After it comes a
 * dependent chain of CH = 60 ALU operations, the work that may or may not
 * overlap with the AMO.  Every time is one warm iteration's cycles (a
 * fence starts each; the run of two less the run of one), and each check
 * compares the same program under two settings.
 *
 *  1. ALU work past an .aqrl AMO: `amoadd.w.aqrl a1, t1, (s2)` then the
 *     chain on a0, independent of it.  Under rvwmo the chain runs while the
 *     AMO is out, so the run is shorter than under amo_model=serial, which
 *     drains and holds dispatch, by at least CH - CH / 4 - 10 cycles (the
 *     chain's instructions still commit after the AMO, 4 a cycle).
 *  2. A younger load waits for an .aq AMO: the AMO, then `lw t2, (s3)` of a
 *     line already in the L1D, then the chain on t2.  With .aq (and .aqrl)
 *     the load waits for the AMO, so the chain starts after it: the run is
 *     at least CH - CH / 4 - 10 cycles longer than with aq = rl = 0, and within 10
 *     cycles of the serial model's.
 *  3. A relaxed AMO lets the younger independent load complete first: with
 *     aq = rl = 0 (and with .rl alone, which orders only older operations)
 *     the load-and-chain overlaps the AMO: the run is at least CH - CH / 4 -
 *     10 cycles shorter than the serial model's, and the AMO's result is
 *     still right (the program exits with the old value plus the chain).
 * Every program's result is checked: the timing model must not change what
 * it computes. */
#include <stdio.h>

#include "host_util.h"

#define MEM (8u << 20)
#define A_ADDR 0x00400000u /* the AMO's word: cold */
#define B_ADDR 0x00500000u /* the load's line: warmed first */
#define CH 60
#define SLACK 10

enum { AQ = 2, RL = 1 }; /* the aq and rl bits: insn[26:25] */

/* amoadd.w{aq,rl} rd, rs2, (rs1) */
static void amoadd(hu_prog_t *p, unsigned rd, unsigned rs2, unsigned rs1, unsigned aqrl) {
  hu_emit(p, hu_r(aqrl & 3, rs2, rs1, 2, rd, 0x2f)); /* funct5 0 = add */
}

/* The program, iters times over fresh AMO words (A_ADDR + 4 KiB * i): kind
 * 1 = AMO + independent ALU chain, 2 = AMO + load + chain on the load.  A
 * fence starts every iteration, so iterations do not overlap. */
static int run_k(tb_t *t, int kind, unsigned aqrl, unsigned model, unsigned iters, uint64_t *cycles) {
  host_cfg_t cfg = HOST_CFG_DEFAULT;
  cfg.cores = 1;
  cfg.amo_model = model;
  hu_sys_t s;
  if (!hu_open(t, &s, &cfg, MEM, 1)) return 0;
  const uint32_t old = 1000, bval = 7;
  for (unsigned i = 0; i < iters; i++) memcpy(s.mem + A_ADDR + 4096 * i, &old, 4);
  memcpy(s.mem + B_ADDR, &bval, 4);
  static hu_prog_t p;
  hu_init(&p, 0x1000);
  hu_li(&p, S2, A_ADDR);
  hu_li(&p, S3, B_ADDR);
  hu_li(&p, T1, 5);
  hu_li(&p, S4, 0);
  hu_li(&p, 27, iters);
  hu_lw(&p, T2, S3, 0); /* warm B's line */
  const uint32_t loop = hu_here(&p);
  hu_emit(&p, 0x0ff0000fu); /* fence rw,rw */
  hu_li(&p, A0, 0);
  amoadd(&p, A1, T1, S2, aqrl); /* a1 = 1000, word = 1005 */
  if (kind == 2) hu_lw(&p, A0, S3, 0);
  for (int i = 0; i < CH; i++) hu_addi(&p, A0, A0, 1);
  hu_add(&p, S4, S4, A0);
  hu_add(&p, S4, S4, A1);
  hu_li(&p, T0, 4096);
  hu_add(&p, S2, S2, T0);
  hu_addi(&p, 27, 27, -1);
  hu_bne(&p, 27, ZERO, loop);
  hu_exit(&p, S4);
  hu_load(&s, &p);
  int rc = 0;
  while (!rc && host_cycle(s.h) < 1000000) rc = host_step(s.h);
  uint32_t code = 0;
  const uint32_t want = iters * ((kind == 2 ? bval : 0) + CH + old);
  int ok = rc == 1 && host_exited(s.h, &code) && code == want;
  for (unsigned i = 0; i < iters && ok; i++) {
    uint32_t w = 0;
    host_read(s.h, A_ADDR + 4096 * i, &w, 4);
    ok = w == old + 5;
  }
  if (!ok)
    tb_fail(t, "program %d aq=%u rl=%u model %u: exit %u (want %u) or an AMO word wrong: %s\n", kind, aqrl >> 1,
            aqrl & 1, model, code, want, host_error(s.h));
  t->checks++;
  *cycles = host_cycle(s.h);
  hu_close(&s);
  return ok;
}

/* Cycles of one warm iteration: the second one's (caches and predictor
 * warm for the code, the AMO's word still cold). */
static int run(tb_t *t, int kind, unsigned aqrl, unsigned model, uint64_t *cycles) {
  uint64_t c1 = 0, c2 = 0;
  if (!run_k(t, kind, aqrl, model, 1, &c1) || !run_k(t, kind, aqrl, model, 2, &c2)) return 0;
  *cycles = c2 - c1;
  return 1;
}

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "amo_order", 1);
  uint64_t c[3][4][2]; /* [kind][aqrl][model] */
  for (int kind = 1; kind <= 2; kind++)
    for (unsigned q = 0; q < 4; q++)
      for (unsigned m = 0; m < 2; m++)
        if (!run(&t, kind, q, m, &c[kind][q][m])) return tb_finish(&t);
  for (int kind = 1; kind <= 2; kind++)
    for (unsigned q = 0; q < 4; q++)
      tb_log(&t, "program %d %-7s: one iteration, rvwmo %4llu cycles, serial %4llu\n", kind,
             q == 3 ? ".aqrl" : q == 2 ? ".aq" : q == 1 ? ".rl" : "relaxed",
             (unsigned long long)c[kind][q][HOST_AMO_RVWMO], (unsigned long long)c[kind][q][HOST_AMO_SERIAL]);
  /* overlapped, the chain still commits after the AMO, CH / width cycles */
  const uint64_t need = CH - CH / HOST_CFG_DEFAULT.width - SLACK;
  /* 1 */
  const uint64_t s1 = c[1][AQ | RL][HOST_AMO_SERIAL], r1 = c[1][AQ | RL][HOST_AMO_RVWMO];
  if (r1 + need > s1)
    tb_fail(&t, "1: independent ALU work does not pass an .aqrl AMO: rvwmo %llu cycles, serial %llu (want <= %llu)\n",
            (unsigned long long)r1, (unsigned long long)s1, (unsigned long long)(s1 - need));
  t.checks++;
  /* 2 */
  const uint64_t relaxed = c[2][0][HOST_AMO_RVWMO], ser = c[2][0][HOST_AMO_SERIAL];
  for (unsigned q = AQ; q <= (AQ | RL); q++) {
    const uint64_t r = c[2][q][HOST_AMO_RVWMO];
    if (r < relaxed + need)
      tb_fail(&t, "2: a younger load does not wait for an %s AMO: %llu cycles, relaxed %llu (want >= %llu)\n",
              q == AQ ? ".aq" : ".aqrl", (unsigned long long)r, (unsigned long long)relaxed,
              (unsigned long long)(relaxed + need));
    if (r + SLACK < ser || r > ser + SLACK)
      tb_fail(&t, "2: an %s AMO then a load: %llu cycles, the serial model %llu (want within %d)\n",
              q == AQ ? ".aq" : ".aqrl", (unsigned long long)r, (unsigned long long)ser, SLACK);
    t.checks += 2;
  }
  /* 3 */
  for (unsigned q = 0; q <= RL; q++) {
    const uint64_t r = c[2][q][HOST_AMO_RVWMO];
    if (r + need > ser)
      tb_fail(&t, "3: a younger independent load does not complete before a%s AMO: %llu cycles, serial %llu (want <= %llu)\n",
              q ? "n .rl" : " relaxed", (unsigned long long)r, (unsigned long long)ser,
              (unsigned long long)(ser - need));
    t.checks++;
  }
  return tb_finish(&t);
}
