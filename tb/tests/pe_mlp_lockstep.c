/* pe_mlp_lockstep: the PE's memory-level parallelism (issue 32) on the RTL
 * and the C model in lockstep, checked against the rv32 reference: the PE
 * built with hw/pe.desc's configuration 'mlp' (mk/pe_mlp.mk: non-blocking
 * loads, DMshrs = 4 MSHRs with the scoreboard, tagged fills that come back
 * out of order).  It runs
 *  - pe_lockstep_random's random programs (five seeds, random latency and
 *    back-pressure, random line invalidates) and checks that misses
 *    overlapped;
 *  - pe_isa's, pe_traps's and pe_rvtest_env's self-checking assembly tests under the four
 *    memory timings of pe_pair_run_elf_timings();
 *  - pe_programs's C programs (bfs, sort, checksum) with 15-cycle memory
 *    and with random 1..40-cycle latency and 50% back-pressure, checked
 *    against their native results.
 * pe_pf_lockstep is this test on the PE built with configuration 'pf'
 * (mk/pe_pf.mk: the same MSHRs and the D-cache stream prefetcher, DPrefetch
 * = 2): the same runs, and the checksum program's prefetches must be sent
 * and hit.
 * Options as pe_lockstep_random (--cycles: retired instructions per seed). */
#ifndef TEST_NAME
#define TEST_NAME "pe_mlp_lockstep"
#endif
#define PE_LOCKSTEP_NO_MAIN
#define PE_PROGRAMS_NO_MAIN
#include "pe_lockstep_random.c"
#include "pe_programs.c"

/* The stream prefetcher at work (dprefetch > 0): the checksum program,
 * which walks a buffer, in lockstep under 15-cycle memory; its prefetch
 * fills must be sent and their lines hit by loads. */
static void pf_check(tb_t *t) {
  static const pe_mem_timing_t tm = {15, 15, 1, 1, 0};
  pe_pair_t pp;
  char path[512];
  uint32_t entry;
  snprintf(path, sizeof path, "%s/checksum.elf", pe_elf_dir());
  if (!pe_pair_open(&pp, t, 1, 1, &tm, t->seed, NULL) || pe_pair_load_elf(&pp, path, &entry)) {
    tb_fail(t, "prefetcher check: cannot run %s\n", path);
    pe_pair_close(&pp);
    return;
  }
  pp.iss.pc = entry;
  if (pe_pair_run(&pp, entry, 20000000)) {
    const pe_stats_t *st = pe_stats(pp.c);
    tb_log(t, "  checksum, prefetch distance %u: %llu demand fills, %llu prefetches, %llu of their lines hit\n",
           pp.cfg.dprefetch, (unsigned long long)st->dfills, (unsigned long long)st->pf_issued,
           (unsigned long long)st->pf_useful);
    tb_expect_u64(t, "prefetch fills sent", st->pf_issued > 0, 1);
    tb_expect_u64(t, "prefetched lines hit by loads", st->pf_useful > 0, 1);
  }
  pe_pair_close(&pp);
}

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, TEST_NAME, 1);
  pe_rtl_t *r = pe_rtl_new(0, NULL);
  const unsigned dmshrs = r ? pe_rtl_cfg(r).dmshrs : 0, dprefetch = r ? pe_rtl_cfg(r).dprefetch : 0;
  pe_rtl_free(r);
  if (!tb_expect_u64(&t, "the RTL under test has MSHRs (DMshrs > 1)", dmshrs > 1, 1)) return tb_finish(&t);
  tb_log(&t, "  PE with %u MSHRs, prefetch distance %u\n", dmshrs, dprefetch);
  lockstep_random(&t);
  if (t.failures) return tb_finish(&t);
  if (dprefetch) {
    pf_check(&t);
    if (t.failures) return tb_finish(&t);
  }
  if (!pe_pair_run_elf_timings(&t, "isa.elf") || !pe_pair_run_elf_timings(&t, "traps.elf") ||
      !pe_pair_run_elf_timings(&t, "pe_rvtest_env.elf"))
    return tb_finish(&t);
  static const pe_mem_timing_t tm[2] = {{15, 15, 1, 1, 0}, {1, 40, 1, 2, 0}};
  static const char *const name[2] = {"15-cycle memory", "random 1..40, 50% ready"};
  pe_programs_run(&t, tm, name, 2);
  return tb_finish(&t);
}
