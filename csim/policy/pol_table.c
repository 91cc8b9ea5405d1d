/* The policy table (pol.h): every offload policy as one row. */
#include <string.h>

#include "imu.h"
#include "pol.h"

/* PEI's locality monitor is csim/policy/pol_pei.c behind the amo_site hook; the
 * offline policies (greedy, pimprof, a3pim, oracle) get their plan from
 * csim/planner/pol_plan.c (copim-sim computes it before the run) and run in PLAN
 * mode (docs/policies.md). */
static const sys_policy_t policies[] = {
    {"cpu-only", IMU_MODE_HOST, SYS_AMO_CACHE, 0, SYS_PLANNER_NONE, 1, "every loop on the host (IMU HOST mode)", 0},
    {"pim-only", IMU_MODE_PIM, SYS_AMO_CACHE, 0, SYS_PLANNER_NONE, 1,
     "every marked loop offloaded from its first iteration (IMU PIM mode)", 0},
    {"pei", IMU_MODE_HOST, SYS_AMO_LOCALITY, 0, SYS_PLANNER_NONE, 1,
     "PEI: loops on the host, each AMO in the HMC vault unless an LLC-tag locality monitor predicts a hit", 0},
    {"graphpim", IMU_MODE_HOST, SYS_AMO_PIM_REGION, 0, SYS_PLANNER_NONE, 1,
     "GraphPIM: loops on the host, every AMO on the property region in the HMC vault", 0},
    {"copim", IMU_MODE_THETA, SYS_AMO_CACHE, 0, SYS_PLANNER_NONE, 1,
     "CoPIM: sample 5% on the host, offload if theta > 5% (IMU THETA mode)", 0},
    {"mpki", IMU_MODE_MPKI, SYS_AMO_CACHE, 0, SYS_PLANNER_NONE, 1,
     "offload if LLC misses per kilo-instruction of the sample > 5 (IMU MPKI)", 0},
    {"greedy", IMU_MODE_PLAN, SYS_AMO_CACHE, 1, SYS_PLANNER_GREEDY, 1,
     "per loop, the faster site from two profiling runs (plan, PLAN mode)", 0},
    {"pimprof", IMU_MODE_PLAN, SYS_AMO_CACHE, 1, SYS_PLANNER_PIMPROF, 1,
     "PIMProf cost model over two profiling runs (plan, PLAN mode)", 0},
    {"a3pim", IMU_MODE_PLAN, SYS_AMO_CACHE, 1, SYS_PLANNER_A3PIM, 1,
     "A3PIM static metrics of the loop bodies' RV32 code (plan, PLAN mode)", 0},
    {"oracle", IMU_MODE_PLAN, SYS_AMO_CACHE, 1, SYS_PLANNER_ORACLE, 1,
     "every per-loop placement simulated, the fastest kept (plan, PLAN mode)", 0},
    {"copim-ab", IMU_MODE_AB, SYS_AMO_CACHE, 0, SYS_PLANNER_NONE, 0,
     "measured A/B (IMU AB mode): a loop's first execution in a trip range on the host; the next runs half on the "
     "host, the rest on the PEs, both timed; the faster side kept while the trip stays in range", 32768},
    {"plan", IMU_MODE_PLAN, SYS_AMO_CACHE, 1, SYS_PLANNER_NONE, 0,
     "per-loop sites from --plan FILE (IMU PLAN mode; offline solvers)", 0},
    {"pim-amo", IMU_MODE_HOST, SYS_AMO_MEMORY, 0, SYS_PLANNER_NONE, 0,
     "loops on the host, every AMO in the HMC vault (a bound for PEI)", 0},
};

const sys_policy_t *sys_policy_find(const char *name) {
  for (unsigned i = 0; i < sizeof policies / sizeof policies[0]; i++)
    if (!strcmp(policies[i].name, name)) return &policies[i];
  return NULL;
}

const sys_policy_t *sys_policy_at(unsigned i) {
  return i < sizeof policies / sizeof policies[0] ? &policies[i] : NULL;
}
