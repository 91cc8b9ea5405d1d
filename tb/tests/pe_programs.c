/* pe_programs: C programs compiled with picolibc (tb/tests/pe/bfs.c,
 * sort.c, checksum.c over tb/tests/pe/progs.h) on the RTL and the C model
 * in lockstep, checked against the rv32 reference, with ideal memory and
 * with 15-cycle memory (30 ns at 500 MHz).  Each program prints
 * "<name> result=0x........" on the console and exits 0; the test computes
 * the same result natively from progs.h and compares. */
#include <stdlib.h>
#include <string.h>

#include "pe_pair.h"
#include "pe/progs.h"

static uint8_t ck_buf[CK_LEN];
static uint32_t sort_buf[SORT_N];
static progs_bfs_t bfs_g;

/* Each program under each timing (label: its name), in lockstep, checked
 * against the native result; waves of the first run.  pe_mlp_lockstep
 * runs it too. */
static void pe_programs_run(tb_t *t, const pe_mem_timing_t *tm, const char *const *tm_name, unsigned ntm) {
  struct { const char *name; uint32_t want; } prog[3] = {
      {"bfs", progs_bfs(&bfs_g)}, {"sort", progs_sort(sort_buf)}, {"checksum", progs_checksum(ck_buf)}};
  int first = 1;
  for (unsigned i = 0; i < 3; i++) {
    for (unsigned k = 0; k < ntm; k++) {
      char elf[64], label[64], con[256], want[96];
      snprintf(elf, sizeof elf, "%s.elf", prog[i].name);
      snprintf(label, sizeof label, "%s, %s", prog[i].name, tm_name[k]);
      if (!pe_pair_run_elf(t, elf, &tm[k], t->seed, first ? t->waves : NULL, 20000000, 0, label, con, sizeof con))
        return;
      first = 0;
      snprintf(want, sizeof want, "%s result=0x%08x\n", prog[i].name, prog[i].want);
      t->checks++;
      if (strcmp(con, want)) tb_fail(t, "%s: console '%s', expected '%s'\n", label, con, want);
    }
  }
}

#ifndef PE_PROGRAMS_NO_MAIN
int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "pe_programs", 1);
  static const pe_mem_timing_t tm[2] = {{1, 1, 1, 1, 0}, {15, 15, 1, 1, 0}};
  static const char *const name[2] = {"ideal memory", "15-cycle memory"};
  pe_programs_run(&t, tm, name, 2);
  return tb_finish(&t);
}
#endif
