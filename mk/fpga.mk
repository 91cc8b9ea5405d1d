# Post-synthesis simulation (fpga_postsynth).  The PMC is mapped to iCE40
# cells by the same synth_ice40 as `make synth`, then Yosys flattens the
# mapped netlist through its own cell simulation models (cells_sim.v), so
# what runs is the LUT INIT values and SB_DFF* flavours the bitstream holds.
# Verilator cannot parse cells_sim.v itself (its BRAM models), hence the
# flattening.  The result is Verilated under the prefix Vpmc_net and driven
# by the PMC's own shim, so the directed test is literally the RTL's.
PS_DIR := $(BUILD)/postsynth
YOSYS_SHARE := /usr/share/yosys
pmc_chparam = $(foreach p,$(pmc_PARAMS),chparam -set $(subst =, ,$(patsubst -G%,%,$(p))) pmc;)

$(PS_DIR)/pmc_net.v: $(shell cat rtl/pmc/files.f) rtl/pmc/block.mk | deps
	@mkdir -p $(@D)
	yosys -q -l $(PS_DIR)/pmc_net.log -p "read_verilog -sv $(shell cat rtl/pmc/files.f); $(pmc_chparam) \
	  synth_ice40 -top pmc; read_verilog $(YOSYS_SHARE)/ice40/cells_sim.v; hierarchy -top pmc; \
	  proc; flatten; opt_clean; rename pmc pmc_net; write_verilog -noattr $@" >/dev/null 2>&1 \
	  || { tail -20 $(PS_DIR)/pmc_net.log; exit 1; }

# Only the top ports are traced: the flat netlist has 10^5 nets.
$(BUILD)/vl/pmc_net/stamp: $(PS_DIR)/pmc_net.v
	@mkdir -p $(@D)
	verilator --cc --trace-fst --trace-depth 1 --x-assign unique --x-initial unique -O3 -Wno-fatal -Wno-lint \
	  -Wno-style --no-timing -CFLAGS -O1 --prefix Vpmc_net --top-module pmc_net --Mdir $(@D) $< \
	  --build -j $(JOBS) >$(@D)/build.log 2>&1 || { tail -30 $(@D)/build.log; exit 1; }
	$(MAKE) -s -C $(@D) -f Vpmc_net.mk verilated.o verilated_fst_c.o verilated_threads.o >>$(@D)/build.log 2>&1
	cd $(@D) && rm -f libverilated.a && ar rcs libverilated.a verilated.o verilated_fst_c.o verilated_threads.o
	@touch $@

$(BUILD)/obj/shim/pmc_net_rtl.o: tb/shim/pmc_rtl.cpp tb/shim/pmc_rtl.h tb/shim/vl_util.h $(BUILD)/vl/pmc_net/stamp
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS) $(pmc_DEFS) -DPMC_VL_CLASS=Vpmc_net -DPMC_VL_HEADER='"Vpmc_net.h"' \
	  -I$(BUILD)/vl/pmc_net -I$(VL_INC) -I$(VL_INC)/vltstd -c $< -o $@
