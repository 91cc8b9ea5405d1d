# Build-time parameters of the vault PE.  The defaults, named
# configurations, verilator -G list (pe_PARAMS), the shim's -D flags
# (pe_DEFS, and pe_defs_of for another -G list, as the prototype's PE in
# mk/fpga.mk) are hw/pe.desc's, in the generated rtl/pe/params.mk, from
# which the C model's PE_CFG_DEFAULT (the simulator's PE, csim/pe/pe_desc.h)
# is generated too: one set of sizes feeds verilator, the shim, the xc7 and
# area flows (mk/fpga.mk) and the simulator.  Override on the make command
# line for the Verilated model only.
# Caches: sizes and ways powers of two, at least 2 sets; line 16, 32 or 64 B.
include rtl/pe/params.mk
# The simulated PE's -G list, kept before `make synth BLOCK=pe` swaps
# pe_PARAMS for the iCE40 set below: the xc7 and area flows synthesise this.
PE_SIM_PARAMS := $(pe_PARAMS)
# iCE40 hx8k prototype (make synth BLOCK=pe, tb/pe/pe_top.sv): the
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
