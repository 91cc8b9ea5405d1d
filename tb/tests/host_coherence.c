/* host_coherence: one owner per line (host.coh_inflight, docs/host.md
 * "Coherence").  Four cores run the same loop on a few shared lines: an
 * amoadd to one of four words (each in its own line), a load of another of
 * them, a store to a fifth line, a little ALU work; the words each core
 * picks follow its own LCG, so every line is fought over.  Then
 * host_check_coherence scans every private cache after every cycle: no line may be owned (E
 * or M) in one core while another holds it.
 *
 *  1. coh_inflight=drop: no violation in the whole run, and the AMOs'
 *     results are right (every word ends at the sum of what was added).
 *  2. coh_inflight=keep, the model before 2026-11-29: the same program
 *     must show a violation.  A fill granted before another core's request
 *     took the line installs it anyway, and two cores then own the line.
 *     This shows that the checker and the program reach the race.
 * The waveform (build/waves/host_coherence.fst) is the drop run: each
 * core's ROB, busy L1D MSHRs and commits, and two_owners (always 0).
 *  3. The cost, printed: the cycles per iteration under each setting.
 *     Under keep, a core whose stale copy survived keeps writing its line
 *     as if it owned it, so keep's contended loop is the cheaper one. */
#include <stdio.h>

#include "host_util.h"

#define MEM (8u << 20)
#define SH 0x00400000u /* the shared lines: SH + 64 * k, k = 0..4 */
#define ITERS 400u
#define CORES 4u

static int run(tb_t *t, unsigned mode, uint64_t *viol_cycle, uint64_t *cycles, char *why, size_t cap, const char *waves) {
  host_cfg_t cfg = HOST_CFG_DEFAULT;
  cfg.cores = CORES;
  cfg.coh_inflight = mode;
  hu_sys_t s;
  if (!hu_open(t, &s, &cfg, MEM, 1)) return 0;
  static hu_prog_t p;
  hu_init(&p, 0x1000);
  hu_csrr(&p, S5, 0xF14); /* mhartid: the LCG's seed */
  hu_addi(&p, S5, S5, 7);
  hu_li(&p, S2, SH);
  hu_li(&p, 27, ITERS);
  hu_li(&p, S4, 0);
  hu_li(&p, T1, 1);
  const uint32_t loop = hu_here(&p);
  /* s5 = s5 * 1103515245 + 12345 */
  hu_li(&p, T3, 1103515245u);
  hu_mul(&p, S5, S5, T3);
  hu_li(&p, T3, 12345);
  hu_add(&p, S5, S5, T3);
  hu_srli(&p, T0, S5, 16);
  hu_andi(&p, T0, T0, 3);
  hu_slli(&p, T0, T0, 6);
  hu_add(&p, T0, T0, S2);
  hu_emit(&p, hu_r(0, T1, T0, 2, A1, 0x2f)); /* amoadd.w a1, t1, (t0) */
  hu_srli(&p, T2, S5, 20);
  hu_andi(&p, T2, T2, 3);
  hu_slli(&p, T2, T2, 6);
  hu_add(&p, T2, T2, S2);
  hu_lw(&p, A2, T2, 0);
  hu_add(&p, S4, S4, A2);
  hu_sw(&p, S4, S2, 256); /* the fifth line */
  for (int i = 0; i < 8; i++) hu_addi(&p, A0, A0, 1);
  hu_addi(&p, 27, 27, -1);
  hu_bne(&p, 27, ZERO, loop);
  /* done: count in, then core 0 waits for all and exits */
  hu_li(&p, T0, SH + 512);
  hu_emit(&p, hu_r(0, T1, T0, 2, ZERO, 0x2f));
  const uint32_t park = hu_here(&p);
  hu_csrr(&p, T2, 0xF14);
  hu_bne(&p, T2, ZERO, park);
  const uint32_t wait = hu_here(&p);
  hu_lw(&p, T3, T0, 0);
  hu_li(&p, T4, CORES);
  hu_bne(&p, T3, T4, wait);
  hu_exit(&p, ZERO);
  hu_load(&s, &p);
  /* waveform: each core's ROB, busy L1D MSHRs and commits, and whether a
   * line has two owners this cycle */
  tb_fst_t *w = tb_fst_open(waves, "host_coherence");
  int vr[CORES], vm[CORES], vc[CORES];
  for (unsigned c = 0; c < CORES; c++) {
    char n[32];
    snprintf(n, sizeof n, "core%u.rob", c);
    vr[c] = tb_fst_var(w, n, 8);
    snprintf(n, sizeof n, "core%u.l1d_mshr", c);
    vm[c] = tb_fst_var(w, n, 8);
    snprintf(n, sizeof n, "core%u.committed", c);
    vc[c] = tb_fst_var(w, n, 4);
  }
  const int vv = tb_fst_var(w, "two_owners", 1);
  int rc = 0;
  *viol_cycle = 0;
  while (!rc && host_cycle(s.h) < 3000000) {
    rc = host_step(s.h);
    char e[256];
    const int bad = host_check_coherence(s.h, e, sizeof e) != 0;
    if (bad && !*viol_cycle) {
      *viol_cycle = host_cycle(s.h);
      snprintf(why, cap, "%s", e);
    }
    if (w) {
      tb_fst_time(w, host_cycle(s.h));
      for (unsigned c = 0; c < CORES; c++) {
        host_probe_t pr;
        host_probe(s.h, c, &pr);
        tb_fst_set(w, vr[c], pr.rob);
        tb_fst_set(w, vm[c], pr.l1d_mshr);
        tb_fst_set(w, vc[c], pr.committed);
      }
      tb_fst_set(w, vv, (uint64_t)bad);
    }
  }
  tb_fst_close(w);
  *cycles = host_cycle(s.h);
  int ok = rc == 1;
  if (!ok) tb_fail(t, "coh_inflight=%s: the run did not end (rc %d, cycle %llu): %s\n", mode ? "drop" : "keep", rc,
                   (unsigned long long)*cycles, host_error(s.h));
  uint32_t sum = 0;
  for (unsigned k = 0; k < 4; k++) {
    uint32_t v;
    memcpy(&v, s.mem + SH + 64 * k, 4);
    sum += v;
  }
  if (ok && sum != ITERS * CORES) {
    tb_fail(t, "coh_inflight=%s: the AMOs added %u, not %u\n", mode ? "drop" : "keep", sum, ITERS * CORES);
    ok = 0;
  }
  hu_close(&s);
  return ok;
}

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "host_coherence", 0);
  uint64_t vd = 0, vk = 0, cd = 0, ck = 0;
  char wd[256] = "", wk[256] = "";
  if (run(&t, HOST_COH_DROP, &vd, &cd, wd, sizeof wd, t.waves) && vd) tb_fail(&t, "coh_inflight=drop: %s\n", wd);
  t.checks += 2;
  if (run(&t, HOST_COH_KEEP, &vk, &ck, wk, sizeof wk, NULL) && !vk)
    tb_fail(&t, "coh_inflight=keep: no line ever had two owners: the program no longer reaches the race\n");
  t.checks += 2;
  if (vk) tb_log(&t, "keep (the old model), as expected: %s\n", wk);
  tb_log(&t, "  %u iterations on %u cores: drop %llu cycles, keep %llu (%.2fx)\n", ITERS, CORES, (unsigned long long)cd,
         (unsigned long long)ck, ck ? (double)cd / (double)ck : 0.0);
  return tb_finish(&t);
}
