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
 * Options as pe_lockstep_random (--cycles: retired instructions per seed). */
#define TEST_NAME "pe_mlp_lockstep"
#define PE_LOCKSTEP_NO_MAIN
#define PE_PROGRAMS_NO_MAIN
#include "pe_lockstep_random.c"
#include "pe_programs.c"

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, TEST_NAME, 1);
  pe_rtl_t *r = pe_rtl_new(0, NULL);
  const unsigned dmshrs = r ? pe_rtl_cfg(r).dmshrs : 0;
  pe_rtl_free(r);
  if (!tb_expect_u64(&t, "the RTL under test has MSHRs (DMshrs > 1)", dmshrs > 1, 1)) return tb_finish(&t);
  tb_log(&t, "  PE with %u MSHRs\n", dmshrs);
  lockstep_random(&t);
  if (t.failures) return tb_finish(&t);
  if (!pe_pair_run_elf_timings(&t, "isa.elf") || !pe_pair_run_elf_timings(&t, "traps.elf") ||
      !pe_pair_run_elf_timings(&t, "pe_rvtest_env.elf"))
    return tb_finish(&t);
  static const pe_mem_timing_t tm[2] = {{15, 15, 1, 1, 0}, {1, 40, 1, 2, 0}};
  static const char *const name[2] = {"15-cycle memory", "random 1..40, 50% ready"};
  pe_programs_run(&t, tm, name, 2);
  return tb_finish(&t);
}
