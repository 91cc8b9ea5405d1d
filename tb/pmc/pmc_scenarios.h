/* The PMC's directed overlap scenarios (docs/pmc.md, Tests), run on a
 * C-model/Verilated pair; failures are recorded in pp->t. */
#ifndef PMC_SCENARIOS_H
#define PMC_SCENARIOS_H

#include "pmc_pair.h"

void pmc_scenarios_run(pmc_pair_t *pp);

#endif
