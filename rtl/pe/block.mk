# Build-time parameters of the vault PE: one place feeds verilator (-G), the
# shim (-D), synthesis and docs.  Override on the make command line.
# Caches: sizes and ways powers of two, at least 2 sets; line 16, 32 or 64 B.
PE_ICACHE_BYTES ?= 16384
PE_ICACHE_WAYS  ?= 4
PE_DCACHE_BYTES ?= 32768
PE_DCACHE_WAYS  ?= 4
PE_LINE_BYTES   ?= 64
PE_COUNTERS     ?= 1
pe_PARAMS := -GICacheBytes=$(PE_ICACHE_BYTES) -GICacheWays=$(PE_ICACHE_WAYS) \
             -GDCacheBytes=$(PE_DCACHE_BYTES) -GDCacheWays=$(PE_DCACHE_WAYS) -GLineBytes=$(PE_LINE_BYTES) \
             -GCounters=$(PE_COUNTERS)
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
