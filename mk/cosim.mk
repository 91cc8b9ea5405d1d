# Full-system co-simulation (issue 8): the simulator binary build/copim-sim
# (C system model csim/sys/*.c + the Verilated PMC, IMU and PE behind
# tb/cosim adapters), `make cosim`, and what the cosim tests load.
# docs/cosim.md is the guide.

COSIM_BIN    := $(BUILD)/copim-sim
COSIM_OBJ    := $(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard tb/cosim/*.c))
COSIM_BLOCKS := pmc imu pe

$(BUILD)/obj/tb/cosim/%.o: CFLAGS += -Itb/cosim

$(COSIM_BIN): $(COSIM_OBJ) $(BUILD)/lib/libcsim.a \
    $(foreach b,$(COSIM_BLOCKS),$(BUILD)/obj/shim/$(b)_rtl.o $(BUILD)/vl/$(b)/stamp)
	@mkdir -p $(@D)
	$(CXX) -o $@ $(COSIM_OBJ) $(foreach b,$(COSIM_BLOCKS),$(BUILD)/obj/shim/$(b)_rtl.o $(BUILD)/vl/$(b)/V$(b)__ALL.a) \
	  $(BUILD)/lib/libcsim.a $(BUILD)/vl/pmc/libverilated.a $(LDLIBS)

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

.PHONY: cosim cosim-args
# before anything is built: an empty KERNEL= would shift every option by one
cosim-args:
	@for v in KERNEL='$(strip $(KERNEL))' GRAPH='$(strip $(GRAPH))' POLICY='$(strip $(POLICY))'; do \
	  [ -n "$${v#*=}" ] || { echo "make cosim: $${v%%=*} is empty (e.g. KERNEL=bfs GRAPH=kron:12:8 POLICY=copim)" >&2; exit 2; }; done
cosim: cosim-args deps $(COSIM_BIN) $(SW_ELFS) ## full-system run: make cosim KERNEL=bfs GRAPH=<file|kron:S:D> POLICY=copim [RTL=all] [LOCKSTEP=..] [COSIM_ARGS=..]
	@mkdir -p $(dir $(COSIM_STATS))
	$(COSIM_BIN) --kernel $(KERNEL) --graph $(GRAPH) --policy $(POLICY) --rtl $(RTL) --lockstep $(LOCKSTEP) \
	  --stats $(COSIM_STATS) $(if $(COSIM_WAVES),--waves $(COSIM_WAVES)) $(COSIM_ARGS)

# the cosim tests run the simulator binary
TEST_DEPS += $(COSIM_BIN)
$(foreach t,$(filter cosim_% sim_skip_equiv,$(TESTS)),$(eval $(BUILD)/tests/$(t): $(COSIM_BIN) $(SW_ELFS)))
# tb/tests/bad_inputs.cases runs the simulator, the sweep scripts and make
$(BUILD)/tests/bad_inputs: $(COSIM_BIN) $(SW_ELFS) tb/tests/bad_inputs.cases
