# Build-time parameters of the vault PE.  The defaults are hw/pe.desc's,
# in the generated rtl/pe/params.mk, from which the C model's PE_CFG_DEFAULT
# (the simulator's PE, csim/pe/pe_desc.h) is generated too: one set of sizes
# feeds verilator (-G), the shim (-D), the xc7 and area flows (mk/fpga.mk)
# and the simulator.  Override on the make command line for the Verilated
# model only.
# Caches: sizes and ways powers of two, at least 2 sets; line 16, 32 or 64 B.
include rtl/pe/params.mk
pe_PARAMS := -GICacheBytes=$(PE_ICACHE_BYTES) -GICacheWays=$(PE_ICACHE_WAYS) \
             -GDCacheBytes=$(PE_DCACHE_BYTES) -GDCacheWays=$(PE_DCACHE_WAYS) -GLineBytes=$(PE_LINE_BYTES) \
             -GCounters=$(PE_COUNTERS) -GDMshrs=$(PE_DMSHRS)
# The simulated PE's -G list, kept before `make synth BLOCK=pe` swaps
# pe_PARAMS for the iCE40 set below: the xc7 and area flows synthesise this.
PE_SIM_PARAMS := $(pe_PARAMS)
# Inputs that change the parameters (rebuild the Verilated model on change).
pe_PARAM_DEPS := rtl/pe/params.mk
# The shim's -D names for a -G list, so the two cannot drift apart (also used
# for the prototype's PE, mk/fpga.mk).
pe_defs_of = $(subst -GICacheBytes=,-DPE_ICACHE_BYTES=,$(subst -GICacheWays=,-DPE_ICACHE_WAYS=,\
             $(subst -GDCacheBytes=,-DPE_DCACHE_BYTES=,$(subst -GDCacheWays=,-DPE_DCACHE_WAYS=,\
             $(subst -GLineBytes=,-DPE_LINE_BYTES=,$(subst -GCounters=,-DPE_COUNTERS=,\
             $(subst -GDMshrs=,-DPE_DMSHRS=,$(1))))))))
pe_DEFS    = $(call pe_defs_of,$(pe_PARAMS))
# iCE40 hx8k prototype (make synth BLOCK=pe, fpga/ice40/pe_top.sv): the
# configuration 'proto' of hw/pe.desc (why those sizes: there).
# pe_proto_lockstep checks it against the C model.
PE_SYNTH_PARAMS := $(pe_CONFIG_proto)
# `make synth BLOCK=pe` passes pe_PARAMS to scripts/synth_ice40.sh: for that
# goal they are the synthesis set (32 KB caches do not fit an hx8k).
ifneq ($(filter synth,$(MAKECMDGOALS)),)
ifeq ($(BLOCK),pe)
pe_PARAMS := $(PE_SYNTH_PARAMS)
endif
endif
