# The sweep's Slurm path on a real single-node Slurm (scripts/slurm_local.sh,
# docs/sweep.md).  Not in `make test`: it starts daemons as root.
#   make slurm-check [SLURM_CHECK_SET=tiny]
SLURM_CHECK_SET ?= tiny

.PHONY: slurm-check
slurm-check: $(COSIM_BIN) $(SW_ELFS) ## local Slurm up, sweep set tiny as an array job and locally, CSVs identical (also after a resume), down
	COPIM_SIM=$(COSIM_BIN) scripts/slurm_check.sh $(SLURM_CHECK_SET) $(BUILD)/slurm-check
