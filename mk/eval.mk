# Issue 9 evaluation: `make sweep` (kernels x graphs x policies, theta 1..10%,
# PEs at 500 MHz / 1 GHz; resumable; SLURM=1 for a Slurm array job) and
# `make figures` (gnuplot PNG + SVG into docs/figures/ from the sweep CSV).
# docs/results.md describes both.
#   make sweep [SWEEP_SET=default|quick|tiny] [SWEEP_JOBS=2] [SLURM=1]
#   make figures [SWEEP_SET=...]   (or FIG_CSV=path/results.csv)
SWEEP_SET  ?= default
SWEEP_JOBS ?= 2
SWEEP_OUT  ?= $(BUILD)/sweep
FIG_CSV    ?= $(SWEEP_OUT)/$(SWEEP_SET).csv
FIG_DIR    ?= docs/figures

.PHONY: sweep sweep-quick figures crossover crossover-roi crossover-draw
sweep: $(COSIM_BIN) $(SW_ELFS) ## evaluation sweep (resumable): make sweep [SWEEP_SET=quick] [SLURM=1]
	SWEEP_JOBS=$(SWEEP_JOBS) SLURM=$(SLURM) COPIM_SIM=$(COSIM_BIN) scripts/sweep.sh $(SWEEP_SET) $(SWEEP_OUT)

sweep-quick: ## the smaller sweep set (make sweep SWEEP_SET=quick)
	$(MAKE) sweep SWEEP_SET=quick

# Without a sweep of its own, a fresh clone redraws from the measured CSV
# committed beside the figures (docs/figures/<set>.csv).
figures: deps ## paper figures 5-9 + all-policy comparison from the sweep CSV into docs/figures/
	@csv=$(FIG_CSV); if [ ! -s "$$csv" ] && [ -s $(FIG_DIR)/$(SWEEP_SET).csv ]; then \
	  csv=$(FIG_DIR)/$(SWEEP_SET).csv; echo "figures: no sweep in $(SWEEP_OUT); drawing from the committed $$csv"; fi; \
	  scripts/figures.sh $$csv $(FIG_DIR)

# the issue-9 tests run the simulator (and the sweep scripts)
$(BUILD)/tests/policies_smoke $(BUILD)/tests/sweep_resume: $(COSIM_BIN) $(SW_ELFS)

# Issue 17's crossover map: speedups over cpu-only against footprint / LLC
# (scripts/crossover.sh; resumable; docs/results.md "Crossover map")
XO_OUT ?= $(BUILD)/crossover
crossover: deps $(COSIM_BIN) $(SW_ELFS) ## crossover map: BFS and PR, kron:12..21 at 8 MB and kron:17:8 at 128 MB..256 KB LLC
	COPIM_SIM=$(COSIM_BIN) scripts/crossover.sh run $(XO_OUT)

crossover-roi: deps $(COSIM_BIN) $(SW_ELFS) ## the PageRank region-of-interest check of the crossover map
	COPIM_SIM=$(COSIM_BIN) scripts/crossover.sh roi $(XO_OUT)

crossover-draw: deps ## redraw the crossover figures from $(XO_OUT) (or the committed docs/figures/crossover.csv)
	@if [ -s $(XO_OUT)/crossover.points ]; then scripts/crossover.sh draw $(XO_OUT); \
	  else echo "crossover: no runs in $(XO_OUT); the committed table is docs/figures/crossover.csv"; fi
