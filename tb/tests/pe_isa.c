/* pe_isa: tb/tests/pe/isa.S (every RV32IMA instruction, Zicsr, Zifencei,
 * forwarding and load-use cases, self-checking with hand-written expected
 * values) on the RTL and the C model in lockstep, checked against the rv32
 * reference interpreter, under four memory timings: ideal (1 cycle, always
 * ready), fixed 15 cycles, random 1..40 cycles with 50% back-pressure, and
 * random 1..4 cycles with 10% acceptance.  The program must end with
 * EXIT = 0 (else the number of the failing check). */
#include "pe_pair.h"

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "pe_isa", 1);
  const pe_mem_timing_t tm[] = {{1, 1, 1, 1, 0}, {15, 15, 1, 1, 0}, {1, 40, 1, 2, 0}, {1, 4, 1, 10, 0}};
  const char *name[] = {"ideal memory", "fixed 15-cycle memory", "random 1..40, 50% ready", "random 1..4, 10% ready"};
  for (unsigned i = 0; i < sizeof tm / sizeof tm[0]; i++)
    if (!pe_pair_run_elf(&t, "isa.elf", &tm[i], t.seed + i, i == 0 ? t.waves : NULL, 2000000, 0, name[i], NULL, 0)) break;
  return tb_finish(&t);
}
