# Build-time parameters of the PMC: one place feeds verilator (-G), the
# shim (-D), synthesis and docs.  Override on the make command line.
PMC_NUM_CORES ?= 4
PMC_NUM_MSHR  ?= 32
PMC_W         ?= 64
PMC_CNT_W     ?= 48
pmc_PARAMS := -GNumCores=$(PMC_NUM_CORES) -GNumMshr=$(PMC_NUM_MSHR) -GW=$(PMC_W) -GCntW=$(PMC_CNT_W)
pmc_DEFS   := -DPMC_NUM_CORES=$(PMC_NUM_CORES) -DPMC_NUM_MSHR=$(PMC_NUM_MSHR) -DPMC_W=$(PMC_W) -DPMC_CNT_W=$(PMC_CNT_W)
