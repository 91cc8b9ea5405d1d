/* fpga_postsynth: the PMC's directed scenarios (the very ones pmc_overlap
 * runs on the RTL) against the netlist synth_ice40 produces, flattened
 * through the iCE40 cell models and Verilated (mk/fpga.mk), in lockstep
 * with the C model.  A synthesis/simulation mismatch, a wrong LUT INIT or a
 * reset the mapping lost shows up here as a counter or a port difference. */
#include "pmc_scenarios.h"

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "fpga_postsynth", 1);
  pmc_pair_t pp;
  if (!pmc_pair_open(&pp, &t)) return 2;
  pmc_scenarios_run(&pp);
  pmc_pair_close(&pp);
  return tb_finish(&t);
}
