/* pe_traps: tb/tests/pe/traps.S on RTL and C model in lockstep, checked
 * against the rv32 reference interpreter: illegal instructions (incl. the
 * custom-0 cp.* opcodes, which trap on a PE, and illegal CSR accesses),
 * misaligned loads, stores, LR/SC and AMOs, ecall, ebreak, misaligned jump
 * and branch targets, a fetch from device space, mstatus across trap and
 * mret, and wrong-path instructions that must not trap.  The program checks
 * mepc, mcause and mtval itself and exits 0, else with the failing check
 * number; run under four memory timings. */
#include "pe_pair.h"

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "pe_traps", 1);
  pe_pair_run_elf_timings(&t, "traps.elf");
  return tb_finish(&t);
}
