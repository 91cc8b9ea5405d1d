/* Start-up for host harts (_start, the ELF entry) and vault PEs (_pe_start,
 * their boot pc), per docs/memory_map.md. */
#include "../include/copim_mmio.h"

  .section .text.init, "ax"
  .globl _start
_start:
  .option push
  .option norelax
  la gp, __global_pointer$
  .option pop
  la t0, rt_trap_entry
  csrw mtvec, t0
  csrr a0, mhartid
  /* sp = 0x0F00_0000 - hartid * 64 KiB */
  li t0, COPIM_HOST_STACK_TOP
  slli t1, a0, 16
  sub sp, t0, t1
#ifndef RT_NAIVE
  /* tp = the hart's executor context, rt_locals[32 + hartid] (128 bytes
   * each, rt.h): read through tp, since a CSR read serialises the core */
  la tp, rt_locals
  addi t1, a0, 32
  slli t1, t1, 7
  add tp, tp, t1
#endif
  bnez a0, 2f
  /* hart 0 clears .bss, then releases the others */
  la t0, __bss_start
  la t1, __bss_end
1:
  bgeu t0, t1, 3f
  sw zero, 0(t0)
  addi t0, t0, 4
  j 1b
3:
  fence rw, rw
  la t0, rt_bss_ready
  li t1, 1
  amoswap.w.rl zero, t1, (t0)
  j 5f
2:
  la t0, rt_bss_ready
4:
  lw t1, 0(t0)
  beqz t1, 4b
  fence rw, rw
5:
  call rt_host_main
6:
  wfi
  j 6b

/* A PE's start: gp, the trap vector, a0 = PE number and its stack, then
 * the runtime's PE loop (_pe_start and, for pim.pe_inval=written,
 * _pe_start_warm). */
  .macro PE_START main
  .option push
  .option norelax
  la gp, __global_pointer$
  .option pop
  la t0, rt_trap_entry
  csrw mtvec, t0
  csrr a0, mhartid
  addi a0, a0, -COPIM_PE_HARTID_BASE
  /* sp = 0x0E00_0000 - pe * 16 KiB */
  li t0, COPIM_PE_STACK_TOP
  slli t1, a0, 14
  sub sp, t0, t1
#ifndef RT_NAIVE
  /* and (31 - pe) * 128 bytes lower, so that the top 128 bytes of PE pe's
   * stack are in vault pe under the default 128-byte vault interleave (16
   * or 32 vaults): a PE's D-cache writes through, so every register a body
   * saves is a request to the vault of the stack's top, and at 0x0E00_0000
   * - pe * 16 KiB that top was one vault for every PE (docs/memory_map.md) */
  li t1, 31
  sub t1, t1, a0
  slli t1, t1, 7
  sub sp, sp, t1
  /* tp = the PE's executor context, rt_locals[pe] */
  la tp, rt_locals
  slli t1, a0, 7
  add tp, tp, t1
#endif
  call \main
  .endm

  .globl _pe_start
_pe_start:
  PE_START rt_pe_main
7:
  wfi
  j 7b

/* The PEs' boot pc under pim.pe_inval=written (docs/cosim.md "PE caches
 * across launches"): the same start, into rt_pe_main_warm.  In its own
 * section, which sw/rt/link.ld places after .bss, so that every address
 * of the image the default run uses stays where it was. */
  .section .pe_warm, "ax"
  .globl _pe_start_warm
_pe_start_warm:
  PE_START rt_pe_main_warm
9:
  wfi
  j 9b
  .section .text.init, "ax"

/* Any trap is a bug in the kernel: report it and end the simulation. */
  .align 2
rt_trap_entry:
  csrr a0, mcause
  csrr a1, mepc
  csrr a2, mtval
  call rt_trap
8:
  j 8b

  /* in .data, not .bss: hart 0 clears .bss while the others poll this */
  .section .data
  .align 2
  .globl rt_bss_ready
rt_bss_ready:
  .word 0
