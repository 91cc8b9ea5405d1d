/* pmc_add_proof: proves with Yosys's SAT solver that rtl/pmc/pmc_add.sv, the
 * PMC's cut-carry counter adder, equals q + a + cin modulo 2^CntW for every
 * input, at the PMC's parameter corners (CntW 8..64, window adders AW 1..6,
 * ripple and carry-select).  The lockstep tests never count past 2^27, where
 * the top segment's predicted carry first matters; this covers every value.
 * A deliberately broken carry prediction (c1 = c0) must be refuted, so the
 * test cannot pass by proving nothing. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tb.h"

/* Runs one proof; returns 1 when Yosys reports SUCCESS, 0 when it finds a
 * counterexample, -1 when Yosys could not run. */
static int prove(const char *add_sv, unsigned cnt_w, unsigned aw, unsigned sel) {
  char cmd[1024];
  snprintf(cmd, sizeof cmd,
           "yosys -p 'read_verilog -sv rtl/pmc/pmc_pkg.sv %s tb/pmc/pmc_add_miter.sv; "
           "chparam -set CntW %u -set AW %u -set Sel %u pmc_add_miter; hierarchy -top pmc_add_miter; "
           "flatten; proc; opt; sat -prove ok 1' 2>&1",
           add_sv, cnt_w, aw, sel);
  FILE *p = popen(cmd, "r");
  if (!p) return -1;
  char line[512];
  int res = -1;
  while (fgets(line, sizeof line, p)) {
    if (strstr(line, "no model found: SUCCESS")) res = 1;
    if (strstr(line, "model found: FAIL")) res = 0;
  }
  pclose(p);
  return res;
}

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "pmc_add_proof", 1);
  static const unsigned cases[][3] = {
      {48, 1, 0}, {48, 6, 1}, {48, 6, 0}, {32, 4, 1}, {32, 1, 0}, {64, 6, 1}, {64, 1, 0}, {8, 6, 1},
      {8, 1, 0},  {9, 6, 1},  {10, 6, 1}, {33, 1, 0}, {48, 1, 1}, {32, 1, 1}, {8, 1, 1},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    char what[96];
    snprintf(what, sizeof what, "pmc_add CntW %u AW %u Select %u equals q + a + cin", cases[i][0], cases[i][1],
             cases[i][2]);
    tb_expect_u64(&t, what, (uint64_t)(int64_t)prove("rtl/pmc/pmc_add.sv", cases[i][0], cases[i][1], cases[i][2]),
                  1);
  }
  /* The planted fault: the top segment's carry without the middle's
   * all-ones test.  The proof must find the counterexample. */
  const char *bad = "build/pmc_add_fault.sv";
  char cmd[512];
  snprintf(cmd, sizeof cmd,
           "sed 's/assign c1    = .*/assign c1    = c0;/' rtl/pmc/pmc_add.sv > %s && grep -q 'c1    = c0;' %s", bad,
           bad);
  if (system(cmd) != 0) {
    tb_fail(&t, "could not plant the fault in %s", bad);
  } else {
    tb_expect_u64(&t, "a broken carry prediction is refuted", (uint64_t)(int64_t)prove(bad, 48, 6, 1), 0);
  }
  remove(bad);
  return tb_finish(&t);
}
