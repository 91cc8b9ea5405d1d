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
  const pe_mem_timing_t tm[] = {{1, 1, 1, 1, 0}, {15, 15, 1, 1, 0}, {1, 40, 1, 2, 0}, {1, 4, 1, 10, 0}};
  const char *name[] = {"ideal memory", "fixed 15-cycle memory", "random 1..40, 50% ready", "random 1..4, 10% ready"};
  for (unsigned i = 0; i < sizeof tm / sizeof tm[0]; i++)
    if (!pe_pair_run_elf(&t, "traps.elf", &tm[i], t.seed + i, i == 0 ? t.waves : NULL, 2000000, 0, name[i], NULL, 0)) break;
  return tb_finish(&t);
}
