/* The RVTEST_* environment of riscv-tests (its env/p/riscv_test.h macros,
 * machine mode only) for the vault PE, so that an ISA test written against
 * riscv-tests' isa/macros/scalar/test_macros.h assembles unchanged as
 * tb/tests/<name>.S:
 *
 *   #include "riscv_test.h"
 *   #include "test_macros.h"     (riscv-tests' own, beside the test)
 *   RVTEST_RV32U
 *   RVTEST_CODE_BEGIN
 *     TEST_RR_OP(2, add, 0x00000002, 0x00000001, 0x00000001);
 *     TEST_PASSFAIL
 *   RVTEST_CODE_END
 *     .data
 *   RVTEST_DATA_BEGIN
 *     TEST_DATA
 *   RVTEST_DATA_END
 *
 * The PE has no tohost and no user mode: a pass writes EXIT = 0 to the MMIO
 * page (docs/memory_map.md) and a failure EXIT = TESTNUM << 1 | 1, the
 * value riscv-tests' tohost carries, so it is never 0; then wfi halts the
 * PE.  A trap goes to the test's own mtvec_handler when it defines one
 * (a weak symbol, as in riscv-tests' p environment); otherwise it is a
 * failure: the trap vector writes EXIT = 0x80000000 | mcause << 8 | 0xFF
 * (bit 0 set, never 0) -- rv32ui/um/ua tests take none.  RV64 tests do not apply: the PE is RV32IMA + Zicsr +
 * Zifencei, and riscv-tests' rv32* wrappers redefine RVTEST_RV64U as
 * RVTEST_RV32U themselves. */
#ifndef PE_RISCV_TEST_H
#define PE_RISCV_TEST_H

#define PE_MMIO_EXIT 0xF0000004

#define RVTEST_RV32U .macro init; .endm
#define RVTEST_RV64U .macro init; .endm
#define RVTEST_RV32M .macro init; .endm
#define RVTEST_RV64M .macro init; .endm

#define TESTNUM gp

/* Registers start at zero (as riscv-tests' INIT_XREG), TESTNUM at 0. */
#define RVTEST_CODE_BEGIN                                                      \
  .section .text.start, "ax";                                                  \
  .weak mtvec_handler;                                                         \
  .globl _start;                                                               \
_start:                                                                        \
  j reset_vector;                                                              \
  .align 2;                                                                    \
trap_vector:                                                                   \
  la t5, mtvec_handler;                                                        \
  beqz t5, 1f;                                                                 \
  jr t5;                                                                       \
1: csrr t5, mcause;                                                            \
  slli t5, t5, 8;                                                              \
  ori t5, t5, 0xFF;                                                            \
  li t6, 0x80000000;                                                           \
  or t5, t5, t6;                                                               \
  li t6, PE_MMIO_EXIT;                                                         \
  sw t5, 0(t6);                                                                \
  fence;                                                                       \
1: wfi;                                                                        \
  j 1b;                                                                        \
reset_vector:                                                                  \
  li x1, 0; li x2, 0; li x3, 0; li x4, 0; li x5, 0; li x6, 0; li x7, 0;        \
  li x8, 0; li x9, 0; li x10, 0; li x11, 0; li x12, 0; li x13, 0; li x14, 0;   \
  li x15, 0; li x16, 0; li x17, 0; li x18, 0; li x19, 0; li x20, 0; li x21, 0; \
  li x22, 0; li x23, 0; li x24, 0; li x25, 0; li x26, 0; li x27, 0; li x28, 0; \
  li x29, 0; li x30, 0; li x31, 0;                                             \
  la t0, trap_vector;                                                          \
  csrw mtvec, t0;                                                              \
  li TESTNUM, 0;                                                               \
  init;

#define RVTEST_CODE_END unimp

#define RVTEST_PASS                                                            \
  fence;                                                                       \
  li t6, PE_MMIO_EXIT;                                                         \
  sw zero, 0(t6);                                                              \
  fence;                                                                       \
1: wfi;                                                                        \
  j 1b

#define RVTEST_FAIL                                                            \
  fence;                                                                       \
  slli t5, TESTNUM, 1;                                                         \
  ori t5, t5, 1;                                                               \
  li t6, PE_MMIO_EXIT;                                                         \
  sw t5, 0(t6);                                                                \
  fence;                                                                       \
1: wfi;                                                                        \
  j 1b

#define EXTRA_DATA
#define RVTEST_DATA_BEGIN                                                      \
  EXTRA_DATA                                                                   \
  .align 4;                                                                    \
  .global begin_signature;                                                     \
begin_signature:
#define RVTEST_DATA_END                                                        \
  .align 4;                                                                    \
  .global end_signature;                                                       \
end_signature:

#endif
