# Build-time parameters of the vault PE.  The defaults are read from
# csim/pe/pe_sizes.h, which the C model's PE_CFG_DEFAULT (the simulator's
# PE) is built from too: one set of sizes feeds verilator (-G), the shim
# (-D), the xc7 and area flows (mk/fpga.mk) and the simulator.  Override on
# the make command line for the Verilated model only.
# Caches: sizes and ways powers of two, at least 2 sets; line 16, 32 or 64 B.
pe_SIZES_H := csim/pe/pe_sizes.h
pe_size = $(shell awk '$$2 == "PE_DEFAULT_$(1)" {print $$3}' $(pe_SIZES_H))
PE_ICACHE_BYTES ?= $(call pe_size,ICACHE_BYTES)
PE_ICACHE_WAYS  ?= $(call pe_size,ICACHE_WAYS)
PE_DCACHE_BYTES ?= $(call pe_size,DCACHE_BYTES)
PE_DCACHE_WAYS  ?= $(call pe_size,DCACHE_WAYS)
PE_LINE_BYTES   ?= $(call pe_size,LINE_BYTES)
PE_COUNTERS     ?= $(call pe_size,COUNTERS)
pe_PARAMS := -GICacheBytes=$(PE_ICACHE_BYTES) -GICacheWays=$(PE_ICACHE_WAYS) \
             -GDCacheBytes=$(PE_DCACHE_BYTES) -GDCacheWays=$(PE_DCACHE_WAYS) -GLineBytes=$(PE_LINE_BYTES) \
             -GCounters=$(PE_COUNTERS)
# The simulated PE's -G list, kept before `make synth BLOCK=pe` swaps
# pe_PARAMS for the iCE40 set below: the xc7 and area flows synthesise this.
PE_SIM_PARAMS := $(pe_PARAMS)
# Inputs that change the parameters (rebuild the Verilated model on change).
pe_PARAM_DEPS := $(pe_SIZES_H)
# The shim's -D names for a -G list, so the two cannot drift apart (also used
# for the prototype's PE, mk/fpga.mk).
pe_defs_of = $(subst -GICacheBytes=,-DPE_ICACHE_BYTES=,$(subst -GICacheWays=,-DPE_ICACHE_WAYS=,\
             $(subst -GDCacheBytes=,-DPE_DCACHE_BYTES=,$(subst -GDCacheWays=,-DPE_DCACHE_WAYS=,\
             $(subst -GLineBytes=,-DPE_LINE_BYTES=,$(subst -GCounters=,-DPE_COUNTERS=,$(1)))))))
pe_DEFS    = $(call pe_defs_of,$(pe_PARAMS))
# iCE40 hx8k prototype (make synth BLOCK=pe, fpga/ice40/pe_top.sv): caches
# shrunk to fit the 32 BRAMs and 7680 logic cells, 16 B lines, and no
# mcycle/minstret (Counters=0, ~290 logic cells: without that the prototype
# does not fit; docs/area.md).  pe_proto_lockstep checks this configuration
# against the C model.
PE_SYNTH_PARAMS := -GICacheBytes=256 -GICacheWays=1 -GDCacheBytes=256 -GDCacheWays=1 -GLineBytes=16 \
                   -GCounters=0
# `make synth BLOCK=pe` passes pe_PARAMS to scripts/synth_ice40.sh: for that
# goal they are the synthesis set (32 KB caches do not fit an hx8k).
ifneq ($(filter synth,$(MAKECMDGOALS)),)
ifeq ($(BLOCK),pe)
pe_PARAMS := $(PE_SYNTH_PARAMS)
endif
endif
