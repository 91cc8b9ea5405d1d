/* The runner of every ISA test written as tb/tests/<name>.S (the Makefile
 * compiles this file once per such test with ASM_TEST_NAME = "<name>"):
 * build/pe/<name>.elf on the PE's RTL and C model in lockstep, checked
 * against the rv32 reference interpreter, under the four memory timings
 * pe_isa uses.  The program passes by writing EXIT = 0 (env.h's
 * PASS_FAIL, riscv_test.h's RVTEST_PASS); any other value is the failing
 * check's number (riscv_test.h's RVTEST_FAIL writes TESTNUM << 1 | 1, as
 * riscv-tests' tohost does). */
#include "pe_pair.h"

#ifndef ASM_TEST_NAME
#error "asm_test.c is compiled with -DASM_TEST_NAME=\"<name>\" (Makefile, TEST_BIN)"
#endif

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, ASM_TEST_NAME, 1);
  const pe_mem_timing_t tm[] = {{1, 1, 1, 1, 0}, {15, 15, 1, 1, 0}, {1, 40, 1, 2, 0}, {1, 4, 1, 10, 0}};
  const char *name[] = {"ideal memory", "fixed 15-cycle memory", "random 1..40, 50% ready", "random 1..4, 10% ready"};
  for (unsigned i = 0; i < sizeof tm / sizeof tm[0]; i++)
    if (!pe_pair_run_elf(&t, ASM_TEST_NAME ".elf", &tm[i], t.seed + i, i == 0 ? t.waves : NULL, 2000000, 0, name[i], NULL,
                         0))
      break;
  return tb_finish(&t);
}
