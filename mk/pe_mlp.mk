# ---------------------------------------------------------------- pe_mlp
# The PE with memory-level parallelism (issue 32): hw/pe.desc's
# configuration 'mlp' (non-blocking loads, DMshrs = 4 MSHRs) Verilated under
# the prefix Vpe_mlp, with the PE shim compiled to match, for
# pe_mlp_lockstep (RTL against the C model in that configuration).
$(eval $(call VL_MODEL,pe_mlp,pe,$(pe_CONFIG_mlp),$(call pe_defs_of,$(pe_CONFIG_mlp)) \
  -DPE_VL_CLASS=Vpe_mlp -DPE_VL_HEADER='"Vpe_mlp.h"',mk/pe_mlp.mk))
$(BUILD)/tests/pe_mlp_lockstep: $(PE_ASM_ELFS) $(PE_PROG_ELFS) $(PE_ELF_DIR)/pe_rvtest_env.elf
