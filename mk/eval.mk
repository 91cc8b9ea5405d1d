# Issue 9 evaluation: `make sweep` (kernels x graphs x policies, theta 1..10%,
# PEs at 500 MHz / 1 GHz; resumable; SLURM=1 for a Slurm array job) and
# `make figures` (gnuplot PNG + SVG into docs/figures/ from the sweep CSV).
# docs/results.md describes both.
#   make sweep [SWEEP_SET=default|quick|paper|online|tiny] [SWEEP_JOBS=2] [SLURM=1]
#   make figures [SWEEP_SET=...]   (or FIG_CSV=path/results.csv)
SWEEP_SET  ?= default
SWEEP_JOBS ?= 2
# MODE=fast: every point in the fast mode (--fast, docs/cosim.md "Exact or
# fast"), into its own directory so that the modes never mix (sweep_lib.sh
# refuses a result of the other mode); MODE=fastw: the fast mode with the
# windowed PE (--fast --set sim.pe_window=512, docs/pe.md), into
# build/sweep-fastw; MODE=fasti: every approximate model (the windowed PE,
# the at-once caches, the interval core, timed against
# host.coh_inflight=drop), into build/sweep-fasti; the CSV's mode column
# says which
# (checked by the sweep alone: a MODE in the environment for something
# else must not stop other targets)
MODE       ?= exact
SWEEP_OUT  ?= $(BUILD)/sweep$(if $(filter fast fastw fasti,$(MODE)),-$(MODE))
# make figures draws the paper set (issue 17) into docs/figures unless
# SWEEP_SET is given; another set's figures go to docs/figures/<set>/
FIG_SET    ?= $(if $(filter command line environment,$(origin SWEEP_SET)),$(SWEEP_SET),paper)
FIG_CSV    ?= $(SWEEP_OUT)/$(FIG_SET).csv
FIG_DIR    ?= docs/figures$(if $(filter paper,$(FIG_SET)),,/$(FIG_SET))
# issue 52: the claims table's "old model" column from this CSV (the paper
# set under the old atomics model), e.g. CLAIMS_OLD=docs/figures/paper-serial-amo.csv
CLAIMS_OLD ?=

.PHONY: sweep sweep-quick figures sensitivity crossover crossover-roi crossover-draw
sweep: $(COSIM_BIN) $(SW_ELFS) ## evaluation sweep (resumable): make sweep [SWEEP_SET=quick] [SLURM=1]
	@case "$(MODE)" in exact|fast|fastw|fasti) ;; *) echo "make sweep: MODE=$(MODE): exact, fast, fastw or fasti" >&2; exit 2 ;; esac
	COPIM_SWEEP_MODE=$(MODE) SWEEP_JOBS=$(SWEEP_JOBS) SLURM=$(SLURM) COPIM_SIM=$(COSIM_BIN) scripts/sweep.sh $(SWEEP_SET) $(SWEEP_OUT)

sweep-quick: ## the smaller sweep set (make sweep SWEEP_SET=quick)
	$(MAKE) sweep SWEEP_SET=quick

# Without a sweep of its own, a fresh clone redraws from the measured CSV
# committed beside the figures (docs/figures/<set>.csv).
figures: deps ## paper figures 5-9, all-policy comparison and the claims table from the paper set's CSV into docs/figures/
	@csv=$(FIG_CSV); if [ ! -s "$$csv" ] && [ -s docs/figures/$(FIG_SET).csv ]; then \
	  csv=docs/figures/$(FIG_SET).csv; echo "figures: no sweep in $(SWEEP_OUT); drawing from the committed $$csv"; fi; \
	  scripts/figures.sh $$csv $(FIG_DIR) && scripts/claims.sh $$csv $(FIG_DIR)/claims.md $(CLAIMS_OLD)

# Issue 17's sensitivity figures (BFS on the com-Youtube stand-in, one
# parameter moved at a time; PageRank on the com-DBLP stand-in for the PE
# side's parameters; shares build/sweep/runs with the paper set)
# the parameters of docs/figures/sensitivity.* (the script knows a few more:
# hmc.lane_mbps, hmc.open_page, llc.mshrs; SENS_BFS_PARAMS= runs them all)
SENS_BFS_PARAMS ?= pe.clk_ps pe.dcache_bytes pim.coherence imu.threshold_q16 llc.bytes hmc.link_lat_ps host.rob
sensitivity: deps $(COSIM_BIN) $(SW_ELFS) ## sensitivity of the paper set's BFS conclusion to each parameter (docs/figures/sensitivity.*)
	COPIM_SIM=$(COSIM_BIN) SENS_PARAMS="$(SENS_BFS_PARAMS)" scripts/sensitivity.sh run $(SWEEP_OUT)
	COPIM_SIM=$(COSIM_BIN) SENS_KERNEL=pr SENS_GRAPH=rmat:317080:1049866 SENS_NAME=sensitivity_pr \
	  SENS_PARAMS="pe.clk_ps pe.dcache_bytes pim.coherence" scripts/sensitivity.sh run $(SWEEP_OUT)

# the issue-9 tests run the simulator (and the sweep scripts)
$(BUILD)/tests/policies_smoke $(BUILD)/tests/sweep_resume $(BUILD)/tests/crossover_tiny $(BUILD)/tests/sensitivity_tiny $(BUILD)/tests/sweep_claim: $(COSIM_BIN) $(SW_ELFS)

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

# Issue 50: the fast mode's error on a sweep set, point by point: the set in
# both modes (each resumable, in build/sweep and build/sweep-fast), then
# scripts/fast_mode_table.py on the two run directories into
# $(BUILD)/fast-error/<set>.md and .csv.  The table's exit status (1: a point
# outside the issue's bounds) is reported, not fatal: the table is the result.
# FAST=fastw measures the fast mode with the windowed PE instead (its runs
# in build/sweep-fastw, its table build/fast-error/<set>-fastw.md);
# FAST=fasti every approximate model, against exact runs under the same
# host.coh_inflight=drop (build/sweep-drop; table <set>-fasti.md).
FAST ?= fast
FAST_EXACT_OUT = $(BUILD)/sweep$(if $(filter fasti,$(FAST)),-drop)
.PHONY: fast-error
fast-error: $(COSIM_BIN) $(SW_ELFS) deps ## the fast mode's error against the exact mode on a sweep set: make fast-error [SWEEP_SET=quick] [FAST=fastw|fasti]
	@case "$(FAST)" in fast|fastw|fasti) ;; *) echo "make fast-error: FAST=$(FAST): fast, fastw or fasti" >&2; exit 2 ;; esac
	$(if $(filter fasti,$(FAST)),COPIM_SWEEP_ARGS="--set host.coh_inflight=drop") $(MAKE) --no-print-directory sweep MODE=exact SWEEP_OUT=$(FAST_EXACT_OUT)
	$(MAKE) --no-print-directory sweep MODE=$(FAST) SWEEP_OUT=$(BUILD)/sweep-$(FAST)
	@mkdir -p $(BUILD)/fast-error
	@t=$(BUILD)/fast-error/$(SWEEP_SET)$(if $(filter fastw fasti,$(FAST)),-$(FAST)); \
	  scripts/fast_mode_table.py $(FAST_EXACT_OUT)/runs $(BUILD)/sweep-$(FAST)/runs --md $$t.md --csv $$t.csv; \
	  rc=$$?; [ $$rc -le 1 ] || exit $$rc; \
	  echo "fast-error: $$t.md ($$([ $$rc = 0 ] && echo 'every point within the bounds' || echo 'points outside the bounds: see the table'))"
