# SystemC area (issue 11): sc_module / TLM-2.0 wrappers of the C models
# (each block's <blk>_sc.h, generated into build/gen/bridge/<blk>/ with its
# hand-written part in bridge/<blk>/, found on CXXFLAGS' include path; the
# shared headers, the HMC's target and the top in systemc/), the PMC's RTL
# through `verilator --sc`, and the test systemc_top.  docs/systemc.md
# describes all of it.
#
# Linking: see the test binary below.

SC_BUILD   := $(BUILD)/systemc
SC_INC     := /usr/include
SC_LIBDIR  := /usr/lib/x86_64-linux-gnu
SC_VL_DIR  := $(BUILD)/vl_sc/pmc
SC_SRC     := $(wildcard systemc/*.cpp)
SC_OBJ     := $(patsubst systemc/%.cpp,$(SC_BUILD)/obj/%.o,$(SC_SRC))
SC_CXXFLAGS := $(CXXFLAGS) -Isystemc -I$(SC_INC) $(pmc_DEFS) -I$(SC_VL_DIR) -I$(VL_INC) -I$(VL_INC)/vltstd -DVM_SC=1

# The PMC Verilated for SystemC (class Vpmc with sc_in/sc_out ports), built
# with the same parameters and X handling as the --cc model in build/vl/pmc.
$(SC_VL_DIR)/stamp: rtl/pmc/files.f rtl/pmc/block.mk $(shell cat rtl/pmc/files.f) rtl/lint.vlt mk/systemc.mk | deps
	@mkdir -p $(@D)
	SYSTEMC_INCLUDE=$(SC_INC) SYSTEMC_LIBDIR=$(SC_LIBDIR) verilator --sc --x-assign unique --x-initial unique -O3 \
	  -Wno-fatal --no-timing -CFLAGS -O2 -CFLAGS -fPIC --Mdir $(SC_VL_DIR) --top-module pmc $(pmc_PARAMS) \
	  rtl/lint.vlt -f rtl/pmc/files.f --build -j 2 >$(SC_VL_DIR)/build.log 2>&1 \
	  || { tail -30 $(SC_VL_DIR)/build.log; exit 1; }
	SYSTEMC_INCLUDE=$(SC_INC) $(MAKE) -s -C $(SC_VL_DIR) -f Vpmc.mk verilated.o verilated_threads.o >>$(SC_VL_DIR)/build.log 2>&1
	cd $(SC_VL_DIR) && rm -f libverilated_sc.a && ar rcs libverilated_sc.a verilated.o verilated_threads.o
	@touch $@

$(SC_BUILD)/obj/%.o: systemc/%.cpp $(SC_VL_DIR)/stamp | deps $(BRIDGE_HDRS)
	@mkdir -p $(@D)
	$(CXX) $(SC_CXXFLAGS) -MMD -MP -c $< -o $@

$(SC_BUILD)/libcopim_sc.a: $(SC_OBJ)
	@mkdir -p $(@D); rm -f $@; ar rcs $@ $^

# The test binary.  tb/tests/systemc_top.c (built by the generic rule into
# build/tests/systemc_top, where the runner looks) only execs this one.
$(SC_BUILD)/systemc_top: tb/tests/systemc_top_main.c $(SC_BUILD)/libcopim_sc.a $(SC_VL_DIR)/stamp \
    $(BUILD)/lib/libtb.a $(BUILD)/lib/libcsim.a $(BUILD)/lib/libtbfst.a
	@mkdir -p $(@D)/obj
	$(CC) $(CFLAGS) $(TB_INC) -Isystemc -MMD -MP -c $< -o $(@D)/obj/systemc_top_main.o
	$(CXX) -o $@ $(@D)/obj/systemc_top_main.o $(SC_BUILD)/libcopim_sc.a $(SC_VL_DIR)/Vpmc__ALL.a \
	  $(SC_VL_DIR)/libverilated_sc.a $(BUILD)/lib/libtb.a $(BUILD)/lib/libcsim.a $(BUILD)/lib/libtbfst.a \
	  -L$(SC_LIBDIR) -lsystemc $(LDLIBS)

$(BUILD)/tests/systemc_top: $(SC_BUILD)/systemc_top $(SW_ELFS)
TEST_DEPS += $(SC_BUILD)/systemc_top

.PHONY: systemc
systemc: $(BUILD)/tests/systemc_top ## SystemC wrappers, the Verilated --sc PMC and the systemc_top test

-include $(wildcard $(SC_BUILD)/obj/*.d)

# The embedding example of docs/systemc.md, built with the tests so it keeps compiling.
$(SC_BUILD)/hmc_embed: systemc/examples/hmc_embed.cpp $(SC_BUILD)/obj/hmc_sc.o $(BUILD)/lib/libcsim.a
	@mkdir -p $(@D)
	$(CXX) $(SC_CXXFLAGS) -o $@ $< $(SC_BUILD)/obj/hmc_sc.o $(BUILD)/lib/libcsim.a -L$(SC_LIBDIR) -lsystemc $(LDLIBS)
TEST_DEPS += $(SC_BUILD)/hmc_embed
