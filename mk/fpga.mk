# Post-synthesis simulation (fpga_postsynth).  The PMC is mapped to iCE40
# cells by the same synth_ice40 as `make synth`, then turned into plain
# Verilog Verilator can build quickly, keeping the mapped netlist's
# semantics: every SB_LUT4 becomes one read of its LUT_INIT
# (fpga/ice40/lut_sim_map.v); SB_CARRY and the SB_DFF* flavours are Yosys's
# own models (the SB_CARRY/SB_DFF* modules of cells_sim.v, cut out because
# Verilator cannot parse that file's BRAM models); the result is flattened,
# internal names are hidden and `opt -purge` drops what nothing reads and
# merges identical cells (it does not re-synthesize: the LUTs, carries and
# flip-flops stay those of the bitstream).  Verilated under the prefix
# Vpmc_net and driven by the PMC's own shim, so the directed test is
# literally the RTL's.  About 1.1 MB of Verilog and 1.5 minutes to build,
# against 16 MB and >10 minutes through the whole cells_sim.v.
PS_DIR := $(BUILD)/postsynth
YOSYS_SHARE := /usr/share/yosys
pmc_chparam = $(foreach p,$(pmc_PARAMS),chparam -set $(subst =, ,$(patsubst -G%,%,$(p))) pmc;)
# PS_CORRUPT=<n> flips bit 0 of the LUT_INIT of the n-th LUT in the netlist
# (counting from 1): fpga_postsynth must then fail, the check that the test
# sees a wrong netlist.  Rebuilds when the value changes.
PS_CORRUPT ?=
$(PS_DIR)/corrupt.flag: ps-always
	@mkdir -p $(@D); echo '$(PS_CORRUPT)' | cmp -s - $@ || echo '$(PS_CORRUPT)' >$@
.PHONY: ps-always

$(PS_DIR)/ice40_ff_sim.v: $(YOSYS_SHARE)/ice40/cells_sim.v | deps
	@mkdir -p $(@D)
	{ awk '/^\/\/ SiliconBlue IO Cells/ {exit} {print}' $<; \
	  awk '/^module SB_(CARRY|DFF)/ {p = 1} p {print} /^endmodule/ {p = 0}' $<; } >$@

$(PS_DIR)/pmc_net.v: $(shell cat rtl/pmc/files.f) rtl/pmc/block.mk fpga/ice40/lut_sim_map.v \
    $(PS_DIR)/ice40_ff_sim.v $(PS_DIR)/corrupt.flag mk/fpga.mk | deps
	@mkdir -p $(@D)
	yosys -q -l $(PS_DIR)/pmc_net.log -p "read_verilog -sv $(shell cat rtl/pmc/files.f); $(pmc_chparam) \
	  synth_ice40 -top pmc; tee -q -o $(PS_DIR)/pmc_net.stat stat; \
	  techmap -map fpga/ice40/lut_sim_map.v; read_verilog $(PS_DIR)/ice40_ff_sim.v; hierarchy -top pmc; \
	  proc; flatten; rename -hide w:*; opt -purge; rename pmc pmc_net; write_verilog -noattr $@" >/dev/null 2>&1 \
	  || { tail -20 $(PS_DIR)/pmc_net.log; exit 1; }
	$(if $(PS_CORRUPT),awk -v n=$(PS_CORRUPT) '/= 16.h[0-9a-f]+;$$/ && ++k == n { \
	  print "corrupting LUT " n ": " $$0 >"/dev/stderr"; v = substr($$NF, 5, 4); \
	  d = index("0123456789abcdef", substr(v, 4, 1)) - 1; \
	  $$NF = "16'"'"'h" substr(v, 1, 3) substr("0123456789abcdef", d + (d % 2 ? 0 : 2), 1) ";" } {print}' \
	  $@ >$@.tmp && mv $@.tmp $@)

# Only the top ports are traced (the flat netlist has ~6,600 nets).  The
# model's C++ is compiled unoptimised (VL_NOOPT): its tests run in under a
# second, and at -O1/-Os its compile took 40-70 s of a fresh make test.
VL_NOOPT := -MAKEFLAGS "OPT_FAST=-O0 OPT_SLOW=-O0 OPT_GLOBAL=-O0" -CFLAGS -O0
$(BUILD)/vl/pmc_net/stamp: $(PS_DIR)/pmc_net.v
	@mkdir -p $(@D)
	verilator --cc --trace-fst --trace-depth 1 --x-assign unique --x-initial unique -O3 -Wno-fatal -Wno-lint \
	  -Wno-style --no-timing $(VL_NOOPT) --prefix Vpmc_net --top-module pmc_net --Mdir $(@D) $< \
	  --build -j $(JOBS) >$(@D)/build.log 2>&1 || { tail -30 $(@D)/build.log; exit 1; }
	@touch $@

$(BUILD)/obj/shim/pmc_net_rtl.o: $(BRIDGE_GEN)/pmc/pmc_rtl.cpp $(BRIDGE_GEN)/pmc/pmc_rtl.h bridge/vl_util.h csim/pmc/pmc_desc.h $(BUILD)/vl/pmc_net/stamp
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS) $(pmc_DEFS) -DPMC_VL_CLASS=Vpmc_net -DPMC_VL_HEADER='"Vpmc_net.h"' \
	  -I$(BUILD)/vl/pmc_net -I$(VL_INC) -I$(VL_INC)/vltstd -c $< -o $@

# ---------------------------------------------------------------- prototype
# iCE40 hx8k prototype (make synth TARGET=ice40, scripts/synth_proto.sh):
# PMC for one core, one IMU, one PE; parameters chosen in docs/area.md.
# CntW 32 is the IMU's minimum (and wraps after 358 s at 12 MHz); W 16 is
# the PMC's smallest window with a 4-level popcount; 8 MSHRs, 2 loop-table
# entries with 8-bit loop ids, 256 B direct-mapped PE caches with 16 B lines
# (PE_SYNTH_PARAMS: 24 of the 32 BRAMs), 2 KB of PE memory (4 BRAMs).
# The blocks' sets are the configurations 'proto' of hw/*.desc; the top takes
# the PMC's and the IMU's (one core, so no NumCores; RetW and DepthW at the
# top's own) and 512 words of memory.
PROTO_PMC_PARAMS := $(pmc_CONFIG_proto)
PROTO_IMU_PARAMS := $(imu_CONFIG_proto)
PROTO_PE_PARAMS  := $(PE_SYNTH_PARAMS)
PROTO_TOP_PARAMS := $(filter-out -GNumCores=%,$(pmc_CONFIG_proto)) \
                    $(filter -GNumLoops=% -GIdW=% -GPlanW=%,$(imu_CONFIG_proto)) -GMemWords=512 $(PE_SYNTH_PARAMS)

synth-proto: deps
	@scripts/synth_proto.sh '$(PROTO_PMC_PARAMS)' '$(PROTO_IMU_PARAMS)' '$(PROTO_PE_PARAMS)' '$(PROTO_TOP_PARAMS)'

.PHONY: synth-proto

# ---------------------------------------------------------------- xc7
# make synth TARGET=xc7: the full complex at the paper's parameters (SPEC.md
# Table I) and the PE the simulator runs: PE_SIM_PARAMS, the sizes of
# hw/pe.desc through rtl/pe/params.mk and block.mk; scripts/synth_xc7.sh.
XC7_PMC_PARAMS := $(pmc_CONFIG_xc7)
XC7_IMU_PARAMS := $(imu_CONFIG_xc7)
XC7_PE_PARAMS  := $(PE_SIM_PARAMS)

synth-xc7: deps
	@scripts/synth_xc7.sh '$(XC7_PMC_PARAMS)' '$(XC7_IMU_PARAMS)' '$(XC7_PE_PARAMS)'

.PHONY: synth-xc7

# ---------------------------------------------------------------- fpga_proto
# The prototype top with its PE, Verilated whole and driven through its pins
# (tb/tests/fpga_proto.c, shim fpga/sim/proto_rtl.cpp).  The UART runs at 8
# clocks a bit instead of 104 so the test takes seconds; nothing else differs
# from what `make synth TARGET=ice40` reads.
PROTO_SIM_CLKDIV := 8
PROTO_FILES := $(shell cat rtl/pmc/files.f rtl/imu/files.f rtl/pe/files.f | awk '!seen[$$0]++') \
               fpga/ice40/proto_uart_rx.sv fpga/ice40/proto_uart_tx.sv fpga/ice40/proto_mem.sv fpga/ice40/proto_top.sv

$(BUILD)/vl/proto/stamp: $(PROTO_FILES) mk/fpga.mk rtl/pe/block.mk rtl/pmc/params.mk rtl/imu/params.mk rtl/pe/params.mk | deps
	@mkdir -p $(@D)
	verilator $(VLFLAGS) $(VL_NOOPT) --Mdir $(@D) --prefix Vproto --top-module proto_top $(PROTO_TOP_PARAMS) -GWithPe=1 \
	  -GClkDiv=$(PROTO_SIM_CLKDIV) rtl/lint.vlt $(PROTO_FILES) --build -j $(JOBS) >$(@D)/build.log 2>&1 \
	  || { tail -30 $(@D)/build.log; exit 1; }
	@touch $@

$(BUILD)/obj/shim/proto_rtl.o: fpga/sim/proto_rtl.cpp fpga/sim/proto_rtl.h bridge/vl_util.h $(BUILD)/vl/proto/stamp
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS) -Ifpga/sim -DPROTO_CLKDIV=$(PROTO_SIM_CLKDIV) -I$(BUILD)/vl/proto -I$(VL_INC) \
	  -I$(VL_INC)/vltstd -c $< -o $@

$(BUILD)/tests/fpga_proto $(BUILD)/tests/fpga_proto_mem: CFLAGS += -Ifpga/sim

# ---------------------------------------------------------------- area
# make area: technology-neutral area (scripts/area.sh) and docs/area.md,
# regenerated from the figures of all three flows; a flow reruns only when
# its inputs changed since its figures were written.
SYNTH_BLOCK_TOPS := fpga/ice40/scan_io.sv $(foreach b,$(BLOCKS),$(wildcard tb/$(b)/$(b)_top.sv))
$(BUILD)/synth/proto/figures.env: $(PROTO_FILES) $(SYNTH_BLOCK_TOPS) fpga/ice40/proto_top.pcf \
    scripts/synth_proto.sh scripts/synth_ice40.sh | deps
	@$(MAKE) --no-print-directory synth-proto
$(BUILD)/synth/xc7/figures.env: $(PROTO_FILES) scripts/synth_xc7.sh rtl/pe/block.mk $(pe_PARAM_DEPS) | deps
	@$(MAKE) --no-print-directory synth-xc7
$(BUILD)/area/figures.env: $(PROTO_FILES) scripts/area.sh rtl/pe/block.mk $(pe_PARAM_DEPS) | deps
	@scripts/area.sh '$(XC7_PMC_PARAMS)' '$(XC7_IMU_PARAMS)' '$(XC7_PE_PARAMS)'

area: $(BUILD)/synth/proto/figures.env $(BUILD)/synth/xc7/figures.env $(BUILD)/area/figures.env ## area of PMC+IMUs against the LLC, PE against small cores; regenerates docs/area.md (and the synth figures when stale)
	@scripts/area_doc.sh >docs/area.md.tmp && mv docs/area.md.tmp docs/area.md
	@echo "area: docs/area.md regenerated"; grep -m1 -A0 'PMC + 4 IMUs = ' docs/area.md

.PHONY: area

# make hw-table: README.md's hardware table from each block's last `make
# synth BLOCK=<blk> SEEDS='1 2 3'` (build/synth/<blk>/figures.env and
# rtl_hash.json), through docs/figures/synth_<blk>.json, which is committed
# and which `make lint` checks against the README and against the RTL's
# hash (scripts/hw_table.py).  The parameters are make synth's for each block.
hw-table: ## README.md's hardware table from the blocks' last make synth BLOCK=<blk> SEEDS='1 2 3' (docs/figures/synth_*.json)
	@python3 scripts/hw_table.py --collect pmc='$(pmc_PARAMS)' imu='$(imu_SYNTH_PARAMS)' pe='$(PE_SYNTH_PARAMS)' --write

.PHONY: hw-table

# ---------------------------------------------------------------- pe_proto
# The prototype's PE configuration (PE_SYNTH_PARAMS: 256 B direct-mapped
# caches, 16 B lines, Counters=0) Verilated under the prefix Vpe_proto, with
# the PE shim compiled to match: pe_proto_lockstep runs the random lockstep
# programs of pe_lockstep_random against the C model in that configuration,
# the one the bitstream carries.
$(eval $(call VL_MODEL,pe_proto,pe,$(PE_SYNTH_PARAMS),$(call pe_defs_of,$(PE_SYNTH_PARAMS)) \
  -DPE_VL_CLASS=Vpe_proto -DPE_VL_HEADER='"Vpe_proto.h"',mk/fpga.mk))
