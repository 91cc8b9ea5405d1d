# ---------------------------------------------------------------- pe_pf
# The PE with the D-cache stream prefetcher (issue 32 item 1b): hw/pe.desc's
# configuration 'pf' (DMshrs = 4 MSHRs, DPrefetch = 2 lines ahead)
# Verilated under the prefix Vpe_pf, with the PE shim compiled to match, for
# pe_pf_lockstep (pe_mlp_lockstep's runs, RTL against the C model).
$(eval $(call VL_MODEL,pe_pf,pe,$(pe_CONFIG_pf),$(call pe_defs_of,$(pe_CONFIG_pf)) \
  -DPE_VL_CLASS=Vpe_pf -DPE_VL_HEADER='"Vpe_pf.h"',mk/pe_pf.mk))
$(BUILD)/tests/pe_pf_lockstep: $(PE_ASM_ELFS) $(PE_PROG_ELFS) $(PE_ELF_DIR)/pe_rvtest_env.elf
