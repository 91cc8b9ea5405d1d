# pe_traps: every exception the PE raises, with the exact mepc, mcause,
# mtval and mstatus the privileged specification asks for.  The handler
# records them (s2 = mcause, s3 = mepc, s4 = mtval, s6 = mstatus, s7 =
# trap count) and returns to s5 if set (fetch faults) else to mepc + 4.
#include "env.h"

# EXPECT(n, cause, epc_label, tval): checks the last trap
#define EXPECT(n, cause, epc, tval) \
  CHECK(n, s2, cause);              \
  la t5, epc;                       \
  li gp, n + 1000;                  \
  bne s3, t5, fail;                 \
  CHECK(n + 2000, s4, tval)

  .section .text.start
  .globl _start
_start:
  la t0, handler
  csrw mtvec, t0
  li s7, 0
  li s5, 0
  la s0, buf

  # ---- illegal instructions (mtval = the instruction bits)
t1: .word 0x00000000
  EXPECT(1, 2, t1, 0x00000000)
t2: .word 0xffffffff
  EXPECT(2, 2, t2, 0xffffffff)
t3: .insn r 0x0b, 0, 0, x0, x1, x2          # cp.loop.begin: illegal on a PE
  EXPECT(3, 2, t3, 0x0020800b)
t4: .insn r 0x0b, 3, 0, x5, x6, x0          # cp.pim.launch
  EXPECT(4, 2, t4, 0x0003328b)
t5: csrw mhartid, x1                        # write to a read-only CSR
  EXPECT(5, 2, t5, 0xf1409073)
t6: csrr x14, 0x7c0                         # no such CSR
  EXPECT(6, 2, t6, 0x7c002773)
t7: csrr x14, time                          # time is not implemented
  EXPECT(7, 2, t7, 0xc0102773)
t8: .word 0x00200073                        # uret: not in M-only
  EXPECT(8, 2, t8, 0x00200073)
  # csrr of a read-only CSR with rs1 = x0 is legal
  csrrs x14, mhartid, x0
  CHECK(9, x14, 0x100)
  CHECK(10, s7, 8)

  # ---- misaligned loads (cause 4) and stores/AMOs (cause 6), mtval = address
  li x14, 0x5555
t11: lw x14, 1(s0)
  CHECK(11, s2, 4)
  la t5, buf + 1
  li gp, 3011
  bne s4, t5, fail
  CHECK(12, x14, 0x5555)                     # rd not written
t13: lh x14, 3(s0)
  la t5, buf + 3
  li gp, 13
  bne s4, t5, fail
  CHECK(14, s2, 4)
t15: lhu x14, 5(s0)
  CHECK(15, s2, 4)
  lb x14, 3(s0)                              # bytes are never misaligned
  lh x14, 2(s0)
  CHECK(16, s7, 11)
t17: sw x14, 2(s0)
  la t5, buf + 2
  li gp, 17
  bne s4, t5, fail
  CHECK(18, s2, 6)
t19: sh x14, 1(s0)
  CHECK(19, s2, 6)
  addi t0, s0, 2
t20: amoadd.w x14, x1, (t0)
  CHECK(20, s2, 6)
  li gp, 21
  bne s4, t0, fail
t22: lr.w x14, (t0)
  CHECK(22, s2, 4)
  addi t0, s0, 1
t23: sc.w x14, x1, (t0)
  CHECK(23, s2, 6)

  # ---- ecall / ebreak
t24: ecall
  EXPECT(24, 11, t24, 0)
t25: ebreak
  CHECK(25, s2, 3)
  la t5, t25
  li gp, 26
  bne s4, t5, fail                           # mtval = pc for ebreak

  # ---- instruction address misaligned (on the jump/branch, mtval = target)
  li x14, 0x77
  la t0, buf
t27: jalr x14, 2(t0)
  CHECK(27, s2, 0)
  CHECK(28, x14, 0x77)                       # rd not written
  la t5, t27
  li gp, 29
  bne s3, t5, fail
  addi t5, t0, 2
  li gp, 30
  bne s4, t5, fail
t31: .word 0x00000163                         # beq x0, x0, .+2
  la t5, t31 + 2
  li gp, 31
  bne s4, t5, fail
  CHECK(32, s2, 0)
  .word 0x00001163                            # bne x0, x0, .+2: not taken, no trap
t33: .word 0x0020006f                         # jal x0, .+2
  la t5, t33 + 2
  li gp, 33
  bne s4, t5, fail
  CHECK(34, s7, 21)

  # ---- instruction access fault: fetch from device space
  la s5, 35f
  li t0, 0xf0000100
t35: jalr ra, 0(t0)
35:
  CHECK(35, s2, 1)
  CHECK(36, s3, 0xf0000100)
  CHECK(37, s4, 0xf0000100)
  la t5, 35b
  li gp, 38
  bne ra, t5, fail                           # the jalr itself retired

  # ---- mstatus on trap and mret: MPIE <- MIE, MIE <- 0, MPP = M
  csrsi mstatus, 8
t39: ecall
  CHECK(39, s6, 0x1880)
  csrr x14, mstatus
  CHECK(40, x14, 0x1888)                     # mret: MIE <- MPIE, MPIE <- 1
  csrci mstatus, 8
t41: ecall
  CHECK(41, s6, 0x1800)                      # MPIE <- MIE (0)
  csrr x14, mstatus
  CHECK(42, x14, 0x1880)                     # mret: MIE <- 0, MPIE <- 1
  csrci mstatus, 8
  csrr x14, mstatus
  CHECK(43, x14, 0x1880)

  # ---- wrong-path instructions never trap
  li t1, 1
  beq t1, t1, 44f
  .word 0x00000000
  ecall
44: jal x0, 45f
  ebreak
45:
  CHECK(44, s7, 24)
  # a trap in the shadow of a load miss and a store
  la t0, buf2
  lw x14, 0(t0)
t46: ecall
  sw x14, 4(t0)
  CHECK(46, s7, 25)

  # ---- mcause/mtval/mepc are writable
  li t0, 0x12345678
  csrw mtval, t0
  csrr x14, mtval
  CHECK(47, x14, 0x12345678)
  csrw mcause, t0
  csrr x14, mcause
  CHECK(48, x14, 0x12345678)
  j pass

handler:
  csrr s2, mcause
  csrr s3, mepc
  csrr s4, mtval
  csrr s6, mstatus
  addi s7, s7, 1
  beqz s5, 1f
  csrw mepc, s5
  li s5, 0
  mret
1: addi s3, s3, 4
  csrw mepc, s3
  addi s3, s3, -4
  mret

  PASS_FAIL

  .data
  .align 6
buf:
  .space 64
buf2:
  .space 64
