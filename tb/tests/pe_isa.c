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
  pe_pair_run_elf_timings(&t, "isa.elf");
  return tb_finish(&t);
}
