# pe_isa: self-checking test of every RV32IMA instruction (plus Zicsr,
# Zifencei, fence), including forwarding and load-use cases.  Expected
# values are written by hand from the RISC-V specification.
#include "env.h"
  .section .text.start
  .globl _start
_start:
  la t0, trap
  csrw mtvec, t0

  # ---- lui / auipc
  lui x14, 0x12345
  CHECK(1, x14, 0x12345000)
  lui x14, 0xfffff
  CHECK(2, x14, 0xfffff000)
1: auipc x14, 0x1
  la x15, 1b
  sub x14, x14, x15
  CHECK(3, x14, 0x1000)

  # ---- register-immediate
  TEST_RI(10, addi, 0x00000000, 0x00000001, -1)
  TEST_RI(11, addi, 0x80000000, 0x7fffffff, 1)
  TEST_RI(12, addi, 0xfffff800, 0x00000000, -2048)
  TEST_RI(13, slti, 1, 0xffffffff, 0)
  TEST_RI(14, slti, 0, 0x00000001, -1)
  TEST_RI(15, sltiu, 0, 0xffffffff, 0)
  TEST_RI(16, sltiu, 1, 0x00000001, -1)
  TEST_RI(17, xori, 0xff00f00f, 0x00ff0f00, -241)
  TEST_RI(18, ori, 0xffffff0f, 0xff00ff00, -241)
  TEST_RI(19, andi, 0xff00ff00, 0xff00ff00, -241)
  TEST_RI(20, slli, 0x80000000, 0x00000001, 31)
  TEST_RI(21, slli, 0x42424242, 0x21212121, 1)
  TEST_RI(22, srli, 0x00000001, 0x80000000, 31)
  TEST_RI(23, srli, 0x01000000, 0x80000000, 7)
  TEST_RI(24, srai, 0xffffffff, 0x80000000, 31)
  TEST_RI(25, srai, 0xff000000, 0x80000000, 7)
  TEST_RI(26, srai, 0x00212121, 0x21212121, 8)

  # ---- register-register
  TEST_RR(30, add, 0x80000000, 0x7fffffff, 0x00000001)
  TEST_RR(31, add, 0x00000000, 0xffffffff, 0x00000001)
  TEST_RR(32, sub, 0xffffffff, 0x00000000, 0x00000001)
  TEST_RR(33, sub, 0x80000001, 0x00000000, 0x7fffffff)
  TEST_RR(34, sll, 0x80000000, 0x00000001, 0xffffffdf)
  TEST_RR(35, srl, 0x00000001, 0x80000000, 0x0000003f)
  TEST_RR(36, sra, 0xffffffff, 0x80000000, 31)
  TEST_RR(37, sra, 0x7fffffff, 0x7fffffff, 0)
  TEST_RR(38, slt, 1, 0x80000000, 0x7fffffff)
  TEST_RR(39, slt, 0, 0x7fffffff, 0x80000000)
  TEST_RR(40, sltu, 0, 0x80000000, 0x7fffffff)
  TEST_RR(41, sltu, 1, 0x7fffffff, 0x80000000)
  TEST_RR(42, xor, 0xf00ff00f, 0xff00ff00, 0x0f0f0f0f)
  TEST_RR(43, or, 0xff0fff0f, 0xff00ff00, 0x0f0f0f0f)
  TEST_RR(44, and, 0x0f000f00, 0xff00ff00, 0x0f0f0f0f)
  # x0 stays zero
  li x1, 5
  add x0, x1, x1
  CHECK(45, x0, 0)

  # ---- forwarding: EX->EX, MEM->EX, WB->ID, chains
  li x1, 1
  addi x2, x1, 1
  addi x3, x2, 1
  add x4, x3, x2
  add x5, x4, x1
  CHECK(50, x5, 6)
  li x1, 10
  nop
  addi x2, x1, 5
  nop
  nop
  add x5, x2, x1
  CHECK(51, x5, 25)

  # ---- loads (little endian, sign/zero extension), load-use
  la x10, tdata
  lb x14, 0(x10)
  CHECK(60, x14, 0xffffffff)
  lbu x14, 0(x10)
  CHECK(61, x14, 0x000000ff)
  lb x14, 1(x10)
  CHECK(62, x14, 0x00000000)
  lh x14, 2(x10)
  CHECK(63, x14, 0xfffff00f)
  lhu x14, 2(x10)
  CHECK(64, x14, 0x0000f00f)
  lw x14, 4(x10)
  CHECK(65, x14, 0x0ff00ff0)
  lw x14, 0(x10)
  CHECK(66, x14, 0xf00f00ff)
  lh x14, 6(x10)
  CHECK(67, x14, 0x00000ff0)
  lbu x14, 7(x10)
  CHECK(68, x14, 0x0000000f)
  lw x1, 4(x10)
  addi x14, x1, 1          # load-use
  CHECK(69, x14, 0x0ff00ff1)
  addi x11, x10, 8
  sw x11, 32(x10)
  lw x12, 32(x10)
  lw x14, 0(x12)           # pointer chase: load-use into an address
  CHECK(70, x14, 0x12345678)

  # ---- stores
  la x10, sdata
  li x1, 0xaabbccdd
  sw x1, 0(x10)
  lw x14, 0(x10)
  CHECK(80, x14, 0xaabbccdd)
  li x1, 0x11
  sb x1, 1(x10)
  lw x14, 0(x10)
  CHECK(81, x14, 0xaabb11dd)
  li x1, 0x2233
  sh x1, 2(x10)
  lw x14, 0(x10)
  CHECK(82, x14, 0x223311dd)
  li x1, 0x7f
  sb x1, 3(x10)
  lb x14, 3(x10)
  CHECK(83, x14, 0x7f)
  li x1, 0xfffffe01
  sw x1, 4(x10)
  lh x14, 4(x10)
  CHECK(84, x14, 0xfffffe01)
  # store then dependent load of the same byte, back to back
  li x1, 0x5a
  sb x1, 8(x10)
  lbu x14, 8(x10)
  CHECK(85, x14, 0x5a)

  # ---- branches: taken and not taken, both signs
  li x1, 1
  li x2, 2
  li x7, -1
  li gp, 90
  beq x1, x1, 3f
  j fail
3: bne x1, x1, fail
  bne x1, x2, 4f
  j fail
4: beq x1, x2, fail
  blt x7, x1, 5f
  j fail
5: blt x1, x7, fail
  bge x1, x7, 6f
  j fail
6: bge x7, x1, fail
  bge x1, x1, 7f
  j fail
7: bltu x1, x7, 8f
  j fail
8: bltu x7, x1, fail
  bgeu x7, x1, 9f
  j fail
9: bgeu x1, x7, fail
  # a loop: sum 1..10
  li x1, 0
  li x2, 10
10: add x1, x1, x2
  addi x2, x2, -1
  bnez x2, 10b
  CHECK(91, x1, 55)

  # ---- jal / jalr
  jal x1, 11f
12: j fail
11: la x2, 12b
  li gp, 100
  bne x1, x2, fail
  la x5, 13f
  jalr x6, 0(x5)
14: j fail
13: la x7, 14b
  li gp, 101
  bne x6, x7, fail
  la x5, 15f
  jalr x5, 1(x5)           # bit 0 of the target is cleared; rd == rs1
16: j fail
15: la x7, 16b
  li gp, 102
  bne x5, x7, fail
  la x5, 17f - 4
  jalr x0, 4(x5)
  j fail
17:

  # ---- M extension
  TEST_RR(110, mul, 0x00001200, 0x00007e00, 0xb6db6db7)
  TEST_RR(111, mul, 0x00000001, 0xffffffff, 0xffffffff)
  TEST_RR(112, mulh, 0xffffff81, 0xff000000, 0x00007f00)
  TEST_RR(113, mulh, 0x00000000, 0xffffffff, 0xffffffff)
  TEST_RR(114, mulhu, 0xfffffffe, 0xffffffff, 0xffffffff)
  TEST_RR(115, mulhu, 0x00000000, 0x00007e00, 0x00000002)
  TEST_RR(116, mulhsu, 0xffffffff, 0xffffffff, 0xffffffff)
  TEST_RR(117, mulhsu, 0x7ffffffe, 0x7fffffff, 0xffffffff)
  TEST_RR(118, mulh, 0x40000000, 0x80000000, 0x80000000)
  TEST_RR(120, div, 0xfffffffd, 20, -6)
  TEST_RR(121, div, 3, -20, -6)
  TEST_RR(122, div, 0xffffffff, 7, 0)
  TEST_RR(123, div, 0x80000000, 0x80000000, -1)
  TEST_RR(124, divu, 0x2aaaaaa7, -20, 6)
  TEST_RR(125, divu, 0xffffffff, 7, 0)
  TEST_RR(126, rem, 2, 20, -6)
  TEST_RR(127, rem, 0xfffffffe, -20, 6)
  TEST_RR(128, rem, 0xffffffec, -20, 0)
  TEST_RR(129, rem, 0, 0x80000000, -1)
  TEST_RR(130, remu, 2, -20, 6)
  TEST_RR(131, remu, 7, 7, 0)
  TEST_RR(132, divu, 1, 0xffffffff, 0xfffffffe)
  TEST_RR(133, remu, 1, 0xffffffff, 0xfffffffe)
  # M result forwarded at once
  li x1, 6
  li x2, 7
  mul x3, x1, x2
  addi x14, x3, 0
  CHECK(134, x14, 42)

  # ---- A extension
  la x10, adata
  li x1, 100
  sw x1, 0(x10)
  lw x0, 0(x10)             # bring the line into the D-cache
  li x2, 5
  amoadd.w x14, x2, (x10)
  CHECK(140, x14, 100)
  lw x14, 0(x10)            # the cached copy must not be stale
  CHECK(141, x14, 105)
  li x2, 0xf0
  amoswap.w x14, x2, (x10)
  CHECK(142, x14, 105)
  li x2, 0x0f
  amoor.w x14, x2, (x10)
  CHECK(143, x14, 0xf0)
  li x2, 0x3c
  amoand.w x14, x2, (x10)
  CHECK(144, x14, 0xff)
  li x2, 0xff
  amoxor.w x14, x2, (x10)
  CHECK(145, x14, 0x3c)
  lw x14, 0(x10)
  CHECK(146, x14, 0xc3)
  li x2, -5
  amomin.w x14, x2, (x10)
  CHECK(147, x14, 0xc3)
  lw x14, 0(x10)
  CHECK(148, x14, -5)
  li x2, 3
  amomax.w x14, x2, (x10)
  lw x14, 0(x10)
  CHECK(149, x14, 3)
  li x2, -1
  amominu.w x14, x2, (x10)
  lw x14, 0(x10)
  CHECK(150, x14, 3)
  amomaxu.w x14, x2, (x10)
  lw x14, 0(x10)
  CHECK(151, x14, -1)
  # lr/sc: success, then failure without a reservation
  lr.w x14, (x10)
  CHECK(152, x14, -1)
  li x2, 77
  sc.w x14, x2, (x10)
  CHECK(153, x14, 0)
  lw x14, 0(x10)
  CHECK(154, x14, 77)
  li x2, 88
  sc.w x14, x2, (x10)
  CHECK(155, x14, 1)
  lw x14, 0(x10)
  CHECK(156, x14, 77)
  addi x11, x10, 4
  lr.w x14, (x10)
  sc.w x14, x2, (x11)       # other address: fails
  CHECK(157, x14, 1)

  # ---- CSRs
  li x1, 0x1234
  csrw mscratch, x1
  csrrw x14, mscratch, x0
  CHECK(160, x14, 0x1234)
  csrrsi x14, mscratch, 5
  CHECK(161, x14, 0)
  csrrci x14, mscratch, 4
  CHECK(162, x14, 5)
  csrr x14, mscratch
  CHECK(163, x14, 1)
  csrr x14, misa
  CHECK(164, x14, 0x40001101)
  csrr x14, mhartid
  CHECK(165, x14, 0x100)
  csrr x14, mstatus
  CHECK(166, x14, 0x1800)
  csrsi mstatus, 8
  csrr x14, mstatus
  CHECK(167, x14, 0x1808)
  csrci mstatus, 8
  csrr x1, minstret
  nop
  csrr x2, minstret
  sub x14, x2, x1
  CHECK(168, x14, 2)
  csrr x1, mcycle
  csrr x2, mcycle
  li gp, 169
  bgeu x1, x2, fail
  csrr x1, cycle
  csrr x2, instret
  csrr x14, mvendorid
  CHECK(170, x14, 0)
  csrr x14, mhpmcounter3
  CHECK(171, x14, 0)
  li x1, 0x10
  csrw minstret, x1
  csrr x14, minstret
  CHECK(172, x14, 0x10)
  csrw minstreth, x0
  csrr x14, minstreth
  CHECK(173, x14, 0)
  csrr x14, mtvec
  la x1, trap
  li gp, 174
  bne x14, x1, fail
  li x1, 0x1003
  csrw mepc, x1
  csrr x14, mepc
  CHECK(175, x14, 0x1000)

  # ---- fence / fence.i: self-modifying code
  fence
  la x10, smc
  li x1, 0x00700713         # addi x14, x0, 7
  sw x1, 0(x10)
  fence.i
  jal x0, smc
smc_ret:
  CHECK(180, x14, 7)
  li x1, 0x02a00713         # addi x14, x0, 42
  sw x1, 0(x10)
  fence.i
  jal x0, smc
smc_ret2:
  CHECK(181, x14, 42)

  j pass

smc:
  addi x14, x0, 1
  la x1, smc_flag
  lw x2, 0(x1)
  addi x3, x2, 1
  sw x3, 0(x1)
  beqz x2, smc_ret
  j smc_ret2

trap:
  csrr gp, mcause
  li t0, 0x1000
  add gp, gp, t0
  j fail

  PASS_FAIL

  .data
  .align 6
tdata:
  .word 0xf00f00ff
  .word 0x0ff00ff0
  .word 0x12345678
  .space 64
sdata:
  .space 64
adata:
  .space 64
smc_flag:
  .word 0
