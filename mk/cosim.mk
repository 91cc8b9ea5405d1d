# Full-system co-simulation (issue 8): the simulator binary build/copim-sim
# (C system model csim/sys/*.c + the Verilated PMC, IMU and PE behind
# app/copim-sim adapters), `make cosim`, and what the cosim tests load.
# docs/cosim.md is the guide.

COSIM_BIN    := $(BUILD)/copim-sim
COSIM_OBJ    := $(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard app/copim-sim/*.c))
COSIM_BLOCKS := pmc imu pe

$(BUILD)/obj/app/copim-sim/%.o: CFLAGS += -Iapp/copim-sim

# The simulator's C (the system models and app/copim-sim) is built a second time
# with link-time optimisation (issue 16): the cycle loop crosses many small
# functions of host/, sys/, hmc/ and pe/, and inlining across those units
# takes 5-15 % off a run; the statistics are the same byte for byte
# (sim_skip_equiv, stats_equiv).  Tests and tools keep libcsim.a (no LTO:
# each of their links would redo it).  SAN=1 builds without LTO.
#
# Profile-guided (PGO=1, the default; docs/performance.md "Profile-guided
# build"): the same C is first built instrumented (obj-pgo/, linked as
# copim-sim-train), scripts/pgo_train.sh runs it on small generated graphs,
# and the LTO objects are compiled with those counts, which steer inlining
# and code layout only.  Any change of the simulator's C retrains and
# rebuilds every LTO object (about 13 s more than without, on two cores): PGO=0 while
# iterating on the models.  Both compiles of a file name the LTO object as
# its dump base: the counts file's name and the ids of its static functions
# come from it, so the counts of the obj-pgo object fit the obj-lto one.
PGO ?= 1
COSIM_SRCS := $(wildcard app/copim-sim/*.c) $(CSIM_SRC)
COSIM_VL   := $(foreach b,$(COSIM_BLOCKS),$(BUILD)/obj/shim/$(b)_rtl.o $(BUILD)/vl/$(b)/V$(b)__ALL.a)
ifeq ($(SAN),1)
COSIM_C_OBJ := $(COSIM_OBJ)
COSIM_C_LIB := $(BUILD)/lib/libcsim.a
COSIM_LTO   :=
else
COSIM_LTO   := -flto=auto
COSIM_C_LIB :=
COSIM_C_OBJ := $(patsubst %.c,$(BUILD)/obj-lto/%.o,$(COSIM_SRCS))
ifeq ($(PGO),1)
COSIM_PGO     := $(abspath $(BUILD)/pgo)
COSIM_PGO_OBJ := $(patsubst %.c,$(BUILD)/obj-pgo/%.o,$(COSIM_SRCS))
COSIM_PGO_USE := -fprofile-use=$(COSIM_PGO) -fprofile-partial-training -Wno-missing-profile
$(BUILD)/obj-pgo/%.o: %.c | deps $(BRIDGE_HDRS)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -Iapp/copim-sim $(COSIM_LTO) -fprofile-generate=$(COSIM_PGO) -dumpbase $(BUILD)/obj-lto/$* -MMD -MP -c $< -o $@
$(BUILD)/copim-sim-train: $(COSIM_PGO_OBJ) $(foreach b,$(COSIM_BLOCKS),$(BUILD)/obj/shim/$(b)_rtl.o $(BUILD)/vl/$(b)/stamp) $(VL_RT)
	$(CXX) $(OPT) $(COSIM_LTO) -fprofile-generate -o $@ $(COSIM_PGO_OBJ) $(COSIM_VL) $(VL_RT) $(LDLIBS)
$(BUILD)/pgo/stamp: $(BUILD)/copim-sim-train $(SW_ELFS) scripts/pgo_train.sh
	@rm -rf $(COSIM_PGO); mkdir -p $(COSIM_PGO)
	scripts/pgo_train.sh $(BUILD)/copim-sim-train $(PLAIN_BUILD)/sw $(COSIM_PGO)
	@touch $@
-include $(COSIM_PGO_OBJ:.o=.d)
else
COSIM_PGO_USE :=
endif
# the objects remember which way they were built: switching PGO rebuilds them
COSIM_MODE := $(BUILD)/obj-lto/pgo-mode
$(shell mkdir -p $(BUILD)/obj-lto; [ "$$(cat $(COSIM_MODE) 2>/dev/null)" = "PGO=$(PGO)" ] || echo "PGO=$(PGO)" >$(COSIM_MODE))
$(BUILD)/obj-lto/%.o: %.c $(COSIM_MODE) $(if $(COSIM_PGO_USE),$(BUILD)/pgo/stamp) | deps $(BRIDGE_HDRS)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -Iapp/copim-sim $(COSIM_LTO) $(COSIM_PGO_USE) -dumpbase $(BUILD)/obj-lto/$* -MMD -MP -c $< -o $@
-include $(COSIM_C_OBJ:.o=.d)
endif

$(COSIM_BIN): $(COSIM_C_OBJ) $(COSIM_C_LIB) \
    $(foreach b,$(COSIM_BLOCKS),$(BUILD)/obj/shim/$(b)_rtl.o $(BUILD)/vl/$(b)/stamp) $(VL_RT)
	@mkdir -p $(@D)
	$(CXX) $(OPT) $(COSIM_LTO) -o $@ $(COSIM_C_OBJ) $(COSIM_VL) $(COSIM_C_LIB) $(VL_RT) $(LDLIBS)

# make cosim KERNEL=bfs GRAPH=... POLICY=copim RTL=pmc,imu,pe LOCKSTEP=... COSIM_STATS=... COSIM_WAVES=prefix
#   COSIM_ARGS='--llc.lat=40 --pe-1ghz'  (the first five are the issue's user-facing names)
KERNEL   ?= bfs
GRAPH    ?= ../shared/data/graphs/p2p-Gnutella30.txt
POLICY   ?= copim
RTL      ?= none
LOCKSTEP ?= none
COSIM_STATS ?= $(BUILD)/cosim/$(KERNEL)-$(POLICY).json
COSIM_WAVES ?=
COSIM_ARGS  ?=

.PHONY: copim-sim cosim cosim-args
copim-sim: $(COSIM_BIN) ## build the simulator, build/copim-sim (docs/architecture.md "Names")
# before anything is built: an empty KERNEL= would shift every option by one
cosim-args:
	@for v in KERNEL='$(strip $(KERNEL))' GRAPH='$(strip $(GRAPH))' POLICY='$(strip $(POLICY))'; do \
	  [ -n "$${v#*=}" ] || { echo "make cosim: $${v%%=*} is empty (e.g. KERNEL=bfs GRAPH=kron:12:8 POLICY=copim)" >&2; exit 2; }; done
cosim: cosim-args deps $(COSIM_BIN) $(SW_ELFS) ## one copim-sim run of the whole system (co-simulation): make cosim KERNEL=bfs GRAPH=<file|kron:S:D> POLICY=copim [RTL=all] [LOCKSTEP=..] [COSIM_ARGS=..]
	@mkdir -p $(dir $(COSIM_STATS))
	$(COSIM_BIN) --kernel $(KERNEL) --graph $(GRAPH) --policy $(POLICY) --rtl $(RTL) --lockstep $(LOCKSTEP) \
	  --stats $(COSIM_STATS) $(if $(COSIM_WAVES),--waves $(COSIM_WAVES)) $(COSIM_ARGS)

# the cosim tests run the simulator binary
TEST_DEPS += $(COSIM_BIN)
$(foreach t,$(filter cosim_% sim_skip_equiv,$(TESTS)),$(eval $(BUILD)/tests/$(t): $(COSIM_BIN) $(SW_ELFS)))
# fast_mode_error runs the kernels' ELFs in-process (sys_new), in both HMC modes
$(BUILD)/tests/fast_mode_error: $(SW_ELFS)
# tb/tests/bad_inputs.cases runs the simulator, the sweep scripts and make
$(BUILD)/tests/bad_inputs: $(COSIM_BIN) $(SW_ELFS) tb/tests/bad_inputs.cases
# cosim_bad_input hands the simulator build/tools/graphtool as a non-RV32 ELF
$(BUILD)/tests/cosim_bad_input: $(PLAIN_BUILD)/tools/graphtool

# A refactor must not move a simulated cycle (docs/extending.md): record
# scripts/stats_equiv.sh's fixed runs before it, compare after it.
EQUIV_DIR ?= $(BUILD)/equiv-ref
.PHONY: equiv-save equiv
equiv-save: deps $(COSIM_BIN) $(SW_ELFS) ## before a refactor: scripts/stats_equiv.sh's runs into EQUIV_DIR (default build/equiv-ref)
	COPIM_SIM=$(COSIM_BIN) scripts/stats_equiv.sh save $(EQUIV_DIR)

equiv: deps $(COSIM_BIN) $(SW_ELFS) ## after it: the same runs compared with EQUIV_DIR byte for byte (old fields only)
	COPIM_SIM=$(COSIM_BIN) scripts/stats_equiv.sh compare $(EQUIV_DIR)
