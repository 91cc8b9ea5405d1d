/* pmc_overlap: the PMC's directed scenarios (tb/pmc/pmc_scenarios.c) on the
 * RTL and the C model in lockstep, each with hand-computed counters: the
 * C-AMAT worked example, a hidden miss, an exposed miss, two cores, window
 * rollover with a mid-window flush, enable gating. */
#include "pmc_scenarios.h"

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "pmc_overlap", 1);
  pmc_pair_t pp;
  if (!pmc_pair_open(&pp, &t)) return 2;
  pmc_scenarios_run(&pp);
  pmc_pair_close(&pp);
  return tb_finish(&t);
}
