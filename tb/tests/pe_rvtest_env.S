/* pe_rvtest_env: an ISA test in riscv-tests' form (tb/tests/pe/riscv_test.h
 * supplies its RVTEST_* environment), run by tb/tests/pe/asm_test.c on the
 * PE's RTL and C model in lockstep under four memory timings.  It shows
 * that a riscv-tests source assembles and runs here unchanged: the checks
 * below are written the way test_macros.h's TEST_CASE writes them (result
 * in x14, expected value in x7, TESTNUM set first), and it ends with
 * TEST_PASSFAIL's branch to RVTEST_PASS / RVTEST_FAIL; its mtvec_handler
 * takes the traps of check 17, as riscv-tests' machine-mode tests do. */
#include "riscv_test.h"

/* test_macros.h's TEST_CASE, as riscv-tests defines it */
#define TEST_CASE(testnum, testreg, correctval, code...) \
test_ ## testnum: \
    li TESTNUM, testnum; \
    code; \
    li x7, correctval; \
    bne testreg, x7, fail;

RVTEST_RV32U
RVTEST_CODE_BEGIN

  TEST_CASE(2, x14, 0x00000002, li x1, 1; li x2, 1; add x14, x1, x2)
  TEST_CASE(3, x14, 0xffff8000, li x1, 0xffff8000; li x2, 0; add x14, x1, x2)
  TEST_CASE(4, x14, 0x80000000, li x1, 0x7fffffff; addi x14, x1, 1)
  TEST_CASE(5, x14, 0xfffffffe, li x1, -1; li x2, 2; mul x14, x1, x2)
  TEST_CASE(6, x14, 0xfffffffe, li x1, -1; li x2, -1; mulhu x14, x1, x2)
  TEST_CASE(7, x14, 0xffffffff, li x1, 7; li x2, 0; divu x14, x1, x2)
  /* a load and a store through the data section */
  TEST_CASE(8, x14, 0x00ff00ff, la x1, tdat; lw x14, 0(x1))
  TEST_CASE(9, x14, 0x12345678, la x1, tdat; li x2, 0x12345678; sw x2, 4(x1); lw x14, 4(x1))
  TEST_CASE(10, x14, 0xffffffff, la x1, tdat; lb x14, 2(x1))
  /* an AMO returns the old value and writes the sum */
  TEST_CASE(11, x14, 0x12345678, la x1, tdat; addi x1, x1, 4; li x2, 8; amoadd.w x14, x2, (x1))
  TEST_CASE(12, x14, 0x12345680, la x1, tdat; lw x14, 4(x1))
  /* lr/sc: a reservation then a store-conditional that succeeds (0) */
  TEST_CASE(13, x14, 0, la x1, tdat; lr.w x2, (x1); addi x2, x2, 1; sc.w x14, x2, (x1))
  TEST_CASE(14, x14, 0x00ff0100, la x1, tdat; lw x14, 0(x1))
  /* an sc without a reservation fails (nonzero) and stores nothing */
  TEST_CASE(15, x14, 0x00ff0100, la x1, tdat; li x2, 5; sc.w x3, x2, (x1); beqz x3, fail; lw x14, 0(x1))
  /* Zicsr: mscratch reads back */
  TEST_CASE(16, x14, 0xa5a5a5a5, li x1, 0xa5a5a5a5; csrw mscratch, x1; csrr x14, mscratch)

  /* a trap reaches the test's mtvec_handler (riscv-tests' hook): an
   * illegal instruction, skipped by the handler, which counts it in x28 */
  TEST_CASE(17, x14, 2, li x28, 0; .word 0; .word 0; mv x14, x28)

  /* TEST_PASSFAIL */
  bne x0, TESTNUM, pass
fail:
  RVTEST_FAIL
pass:
  RVTEST_PASS

  /* riscv-tests' hook: only illegal instructions are expected here */
mtvec_handler:
  csrr t5, mcause
  li t6, 2
  bne t5, t6, fail
  addi x28, x28, 1
  csrr t5, mepc
  addi t5, t5, 4
  csrw mepc, t5
  mret

RVTEST_CODE_END

  .data
RVTEST_DATA_BEGIN
tdat:
  .word 0x00ff00ff
  .word 0x00000000
RVTEST_DATA_END
