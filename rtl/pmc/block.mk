# Build-time parameters of the PMC: their defaults and named configurations
# are hw/pmc.desc's, in the generated rtl/pmc/params.mk; they feed verilator
# (-G), the shim (-D) and synthesis.  Override on the make command line.
include rtl/pmc/params.mk
pmc_PARAM_DEPS := rtl/pmc/params.mk
pmc_PARAMS := -GNumCores=$(PMC_NUM_CORES) -GNumMshr=$(PMC_NUM_MSHR) -GW=$(PMC_W) -GCntW=$(PMC_CNT_W)
pmc_DEFS   := -DPMC_NUM_CORES=$(PMC_NUM_CORES) -DPMC_NUM_MSHR=$(PMC_NUM_MSHR) -DPMC_W=$(PMC_W) -DPMC_CNT_W=$(PMC_CNT_W)
