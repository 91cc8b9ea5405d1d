# Build-time parameters of the PMC: their defaults, named configurations,
# verilator -G list (pmc_PARAMS) and the shim's -D flags (pmc_DEFS) are
# hw/pmc.desc's, in the generated rtl/pmc/params.mk; they feed verilator,
# the shim and synthesis.  Override on the make command line.
include rtl/pmc/params.mk
