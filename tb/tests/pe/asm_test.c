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
  pe_pair_run_elf_timings(&t, ASM_TEST_NAME ".elf");
  return tb_finish(&t);
}
