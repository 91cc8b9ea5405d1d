# CoPIM co-simulation platform: the one top-level Makefile.
# `make help` lists the targets.  Build products go under build/ only.

SHELL  := /bin/bash
BUILD  := build
# The plain build's directory, whatever SAN says.  The RV32 images (kernels,
# PE and ISA test programs) are the same bytes with or without the
# sanitizers, and the simulator (its default --elf is build/sw/<kernel>.elf)
# and the tests load them, and build/tools/graphtool, from build/ by name:
# every build makes and uses that one copy (mk/sw.mk, mk/pe.mk, mk/verify.mk).
PLAIN_BUILD := $(BUILD)
# make test SAN=1 (issue 20): the C models, the simulator and the C-only
# tests built with ASan + UBSan under build/san (the Verilated models are
# shared with build/, uninstrumented), then run: every C-only test and a
# cosim matrix (scripts/run_tests.sh).  Any sanitizer report fails the run.
SAN ?=
SAN_FLAGS :=
# the user-facing options of make sim / synth / sweep, empty unless given
# (so `make --warn-undefined-variables` reads only real mistakes)
TEST ?=
SEED ?=
RESET_SEED ?=
BLOCK ?=
TARGET ?=
SLURM ?=
ifeq ($(SAN),1)
BUILD     := build/san
SAN_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
endif
DEPS   := scripts/deps.sh
JOBS   ?= $(shell nproc 2>/dev/null || echo 2)

CC       := gcc
CXX      := g++
CSTD     := -std=c11
WARN     := -Wall -Wextra -Werror
OPT      ?= -O2
# csim/ has one folder per subsystem, named as in rtl/; every folder is on
# the include path, so a unit names a header by its file name alone.
CSIM_DIRS := $(patsubst %/,%,$(wildcard csim/*/))
CSIM_INC  := $(addprefix -I,$(CSIM_DIRS))
# Each RTL block's product adapters, its Verilator shim <blk>_rtl.{h,cpp}
# and its SystemC module <blk>_sc.h, are generated from hw/<blk>.desc's
# ports into build/gen/bridge/<blk>/ (BRIDGE_GEN below); what is genuinely
# the block's own (a combinational output's SystemC process) is
# hand-written in bridge/<blk>/, beside the shims' shared bridge/vl_util.h.
# Every compile has those folders on its include path.
BRIDGE_BLOCKS := $(patsubst rtl/%/files.f,%,$(wildcard rtl/*/files.f))
BRIDGE_GEN  := $(BUILD)/gen/bridge
BRIDGE_DIRS := bridge $(wildcard $(addprefix bridge/,$(BRIDGE_BLOCKS))) $(addprefix $(BRIDGE_GEN)/,$(BRIDGE_BLOCKS))
BRIDGE_INC  := $(addprefix -I,$(BRIDGE_DIRS))
# what a compile that may include a generated header waits for (order
# only: its .d file names the headers it really read)
# (a SystemC module only for a block whose .desc has an 'sc' entry)
BRIDGE_SC   := $(patsubst hw/%.desc,%,$(shell grep -l "^ *'sc':" $(addprefix hw/,$(addsuffix .desc,$(BRIDGE_BLOCKS)))))
BRIDGE_HDRS := $(foreach b,$(BRIDGE_BLOCKS),$(BRIDGE_GEN)/$(b)/$(b)_rtl.h) \
               $(foreach b,$(BRIDGE_SC),$(BRIDGE_GEN)/$(b)/$(b)_sc.h)
# Its test adapters (lockstep pair, test helpers, FPGA top, wave layout)
# live in tb/<blk>/, beside the shared testbench library tb/lib.  Only the
# compiles of tb/ sources get those folders (TB_INC: the pattern rule below,
# the test binaries, the benches): product code cannot reach a test header
# (scripts/build_graph_check.sh and scripts/check_includes.py check both).
TB_BLK_DIRS := $(patsubst rtl/%/files.f,tb/%,$(wildcard rtl/*/files.f))
TB_INC    := -Itb/lib $(addprefix -I,$(TB_BLK_DIRS))
CFLAGS   += $(CSTD) $(WARN) $(OPT) -g -D_POSIX_C_SOURCE=200809L $(CSIM_INC) $(BRIDGE_INC) $(SAN_FLAGS)
CXXFLAGS += -std=c++17 -Wall -Wextra -Wno-unused-parameter $(OPT) -g $(CSIM_INC) $(BRIDGE_INC) $(SAN_FLAGS)
LDLIBS   += -lz -lpthread -lm $(SAN_FLAGS)

VL_INC   := /usr/share/verilator/include
# Every block is built for lockstep and reset checks: X values become
# per-seed random ones and registers start random (see tb/lib/vl_util.h).
VLFLAGS  := --cc --trace-fst --assert --x-assign unique --x-initial unique -O3 \
            -Wno-fatal --no-timing -CFLAGS -O2 -CFLAGS -fPIC

# ---------------------------------------------------------------- blocks
# An RTL block is a directory rtl/<blk>/ with files.f (its file list, in
# compile order, top module <blk>) and block.mk (its build-time parameters:
# <blk>_PARAMS for verilator, <blk>_DEFS for the shim).
BLOCKS := $(patsubst rtl/%/files.f,%,$(wildcard rtl/*/files.f))
# Each block's generated rtl/<blk>/params.mk (hw/<blk>.desc) lists its
# defaults as NAME=value words; this sets each with ?=.
blk_defaults = $(foreach d,$(1),$(eval $(subst =, ?= ,$(d))))
include $(wildcard rtl/*/block.mk)
RTL_FILES := $(sort $(foreach b,$(BLOCKS),$(shell cat rtl/$(b)/files.f)))

# ---------------------------------------------------------------- libraries
CSIM_SRC := $(wildcard csim/*/*.c)
CSIM_OBJ := $(patsubst %.c,$(BUILD)/obj/%.o,$(CSIM_SRC))
# libtb.a: the shared library and every block's C adapters (pairs, helpers)
TBLIB_SRC := $(wildcard tb/lib/*.c $(addsuffix /*.c,$(TB_BLK_DIRS)))
TBLIB_OBJ := $(patsubst %.c,$(BUILD)/obj/%.o,$(TBLIB_SRC))
FST_OBJ  := $(BUILD)/obj/fst/fstapi.o $(BUILD)/obj/fst/lz4.o $(BUILD)/obj/fst/fastlz.o

$(BUILD)/lib/libcsim.a: $(CSIM_OBJ)
	@mkdir -p $(@D); rm -f $@; ar rcs $@ $^
$(BUILD)/lib/libtb.a: $(TBLIB_OBJ)
	@mkdir -p $(@D); rm -f $@; ar rcs $@ $^
# GTKWave's FST writer for C-only tests; when a Verilated block is linked,
# libverilated already carries it and this archive adds nothing.
$(BUILD)/lib/libtbfst.a: $(FST_OBJ)
	@mkdir -p $(@D); rm -f $@; ar rcs $@ $^

$(BUILD)/obj/%.o: %.c | deps $(BRIDGE_HDRS)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -MMD -MP -c $< -o $@
$(BUILD)/obj/fst/%.o: $(VL_INC)/gtkwave/%.c | deps
	@mkdir -p $(@D)
	$(CC) -O2 -w -DFST_CONFIG_INCLUDE='"fst_config.h"' -I$(VL_INC)/gtkwave -c $< -o $@
$(BUILD)/obj/tb/%.o: CFLAGS += $(TB_INC)
$(BUILD)/obj/tb/lib/tb_fst.o: CFLAGS += -I$(VL_INC)/gtkwave

# The shim and SystemC module of block <blk>, written from hw/<blk>.desc
# (its 'ports', 'shim' and 'sc') by scripts/gen_blocks.py, which checks the
# ports against rtl/<blk>/<blk>.sv.  It rewrites only the files whose text
# changed, so an edit of the script that changes no output rebuilds nothing.
define BRIDGE_SHIM
$(BRIDGE_GEN)/$(1)/stamp: hw/$(1).desc scripts/gen_blocks.py rtl/$(1)/$(1).sv
	python3 scripts/gen_blocks.py --bridge $(BRIDGE_GEN) $(1)
	@touch $$@
$(BRIDGE_GEN)/$(1)/$(1)_rtl.h $(BRIDGE_GEN)/$(1)/$(1)_rtl.cpp $(if $(filter $(1),$(BRIDGE_SC)),$(BRIDGE_GEN)/$(1)/$(1)_sc.h): \
    $(BRIDGE_GEN)/$(1)/stamp ;
endef
$(foreach b,$(BRIDGE_BLOCKS),$(eval $(call BRIDGE_SHIM,$(b))))

# The Verilator runtime, once for every C++-mode model (bridge/vlrt.mk).
# One recipe line: a dry run (make -n, scripts/build_graph_check.sh) runs
# the lines that name $(MAKE), and this one's log needs the folder.
VL_RT := $(BUILD)/vl/rt/libverilated.a
$(VL_RT): bridge/vlrt.mk | deps
	mkdir -p $(@D) && $(MAKE) -s -C $(@D) -f $(CURDIR)/bridge/vlrt.mk VERILATOR_ROOT=$(VL_INC:/include=) libverilated.a >$(@D)/build.log 2>&1 \
	  || { tail -30 $(@D)/build.log; exit 1; }

# Verilated model <name> of block <blk>: build/vl/<name>/V<name>__ALL.a,
# and the block's shim compiled against it.
# $(call VL_MODEL,<name>,<blk>,<-G parameters>,<shim -D flags>,<extra prerequisites>)
# Each block is the model of its own name; other models of a block (the
# iCE40 prototype's PE, mk/fpga.mk) use the same rule under another prefix.
define VL_MODEL
$(BUILD)/vl/$(1)/stamp: rtl/$(2)/files.f rtl/$(2)/block.mk $$(shell cat rtl/$(2)/files.f) rtl/lint.vlt \
    $$($(2)_PARAM_DEPS) $(5) | deps
	@mkdir -p $$(@D)
	verilator $(VLFLAGS) --Mdir $(BUILD)/vl/$(1) --prefix V$(1) --top-module $(2) $(3) \
	  rtl/lint.vlt -f rtl/$(2)/files.f --build -j $(JOBS) >$(BUILD)/vl/$(1)/build.log 2>&1 \
	  || { tail -30 $(BUILD)/vl/$(1)/build.log; exit 1; }
	@touch $$@
$(BUILD)/obj/shim/$(1)_rtl.o: $(BRIDGE_GEN)/$(2)/$(2)_rtl.cpp $(BRIDGE_GEN)/$(2)/$(2)_rtl.h bridge/vl_util.h csim/$(2)/$(2)_desc.h \
    $(BUILD)/vl/$(1)/stamp
	@mkdir -p $$(@D)
	$(CXX) $(CXXFLAGS) $(4) -I$(BUILD)/vl/$(1) -I$(VL_INC) -I$(VL_INC)/vltstd -c $$< -o $$@
endef
$(foreach b,$(BLOCKS),$(eval $(call VL_MODEL,$(b),$(b),$$($(b)_PARAMS),$$($(b)_DEFS),)))

# ---------------------------------------------------------------- tests
# tb/tests.list: one test a line: name, the RTL blocks it links (comma
# list or -), its tier (test, test1, long: scripts/run_tests.sh), then extra
# arguments.  tb/tests/<name>.c is its source, or
# tb/tests/<name>.S for an ISA test (below).
TESTS := $(shell awk '!/^\#/ && NF {print $$1}' tb/tests.list)
test_blocks = $(subst $(comma), ,$(filter-out -,$(shell awk '$$1=="$(1)" {print $$2}' tb/tests.list)))
test_args   = $(shell awk '$$1=="$(1)" {for (i = 4; i <= NF; i++) printf "%s ", $$i}' tb/tests.list)
comma := ,

# An ISA test is tb/tests/<name>.S instead (block pe): the RV32 image
# build/pe/<name>.elf (mk/pe.mk's assembler flags, tb/tests/pe/env.h and
# riscv_test.h) run by tb/tests/pe/asm_test.c, compiled for it by name.
test_asm = $(if $(wildcard tb/tests/$(1).c),,$(wildcard tb/tests/$(1).S))
test_src = $(if $(call test_asm,$(1)),tb/tests/pe/asm_test.c,tb/tests/$(1).c)

define TEST_BIN
$(BUILD)/tests/$(1): $(call test_src,$(1)) $(if $(call test_asm,$(1)),$(PLAIN_BUILD)/pe/$(1).elf) $(BUILD)/lib/libtb.a $(BUILD)/lib/libcsim.a $(BUILD)/lib/libtbfst.a $(BRIDGE_HDRS) \
    $(foreach b,$(call test_blocks,$(1)),$(BUILD)/obj/shim/$(b)_rtl.o $(BUILD)/vl/$(b)/stamp) $(if $(call test_blocks,$(1)),$(VL_RT))
	@mkdir -p $$(@D) $(BUILD)/obj/tests
	$(CC) $$(CFLAGS) $(TB_INC) $(if $(call test_asm,$(1)),-DASM_TEST_NAME='"$(1)"') -MMD -MP -c $$< -o $(BUILD)/obj/tests/$(1).o
	$(CXX) -o $$@ $(BUILD)/obj/tests/$(1).o \
	  $(foreach b,$(call test_blocks,$(1)),$(BUILD)/obj/shim/$(b)_rtl.o $(BUILD)/vl/$(b)/V$(b)__ALL.a) \
	  $(BUILD)/lib/libtb.a $(BUILD)/lib/libcsim.a \
	  $(if $(call test_blocks,$(1)),$(VL_RT)) \
	  $(BUILD)/lib/libtbfst.a $$(LDLIBS)
endef
$(foreach t,$(TESTS),$(eval $(call TEST_BIN,$(t))))

# Area fragments (mk/<area>.mk): RV32 software, benches, synthesis flows.
# A fragment may add to TEST_DEPS what tests need at run time (ELF files...).
# mk/sw.mk comes first: the other fragments name its $(SW_ELFS) as a
# prerequisite, which make expands as it reads them (included in
# alphabetical order, cosim.mk saw it empty and `make cosim` on a fresh
# clone did not build the kernels).  scripts/build_graph_check.sh keeps
# every fragment free of such forward references.
TEST_DEPS :=
include mk/sw.mk
include $(filter-out mk/sw.mk,$(wildcard mk/*.mk))

-include $(shell find $(BUILD)/obj -name '*.d' 2>/dev/null)

.PHONY: help deps demo test tests tests-san sim wave lint gen synth bench soak clean
.DEFAULT_GOAL := help

help: ## this list
	@awk 'BEGIN {FS = ":.*## "} /^[a-z-]+:.*## / {printf "  make %-10s %s\n", $$1, $$2}' $(MAKEFILE_LIST)
	@echo "  variables: TEST=<name> SEED=<n> BLOCK=<blk> RESET_SEED=<n> (blocks: $(BLOCKS))"

deps: ## install missing Debian packages (idempotent, no-op when present)
	@./$(DEPS)

demo: deps ## main demo: BFS on a generated graph (kron:12:8), whole CoPIM system, cpu-only vs copim vs copim-ab compared
	@$(MAKE) --no-print-directory $(BUILD)/copim-sim $(SW_ELFS) >/dev/null
	@$(BUILD)/copim-sim --kernel bfs --graph kron:12:8 --compare cpu-only,copim,copim-ab

# The two longest chains first (make -j starts prerequisites left to
# right; last, they ran alone on a fresh clone for about two minutes): the
# PMC's Yosys netlist then its Verilated model, and the profile-guided
# simulator (its training build, the training, the final build).
tests: $(BUILD)/vl/pmc_net/stamp $(BUILD)/copim-sim $(addprefix $(BUILD)/tests/,$(TESTS)) $(TEST_DEPS) ## build every test binary and what tests load

# SAN=1: the C-only tests of make test's tiers (test, test1; so not
# pim_dmshrs, 28 whole-system runs past the 20-minute test timeout under
# ASan: run_tests.sh's sanitized matrix runs the same tagged-request code at
# pe.dmshrs=4 instead) but systemc_top (SystemC's coroutines switch stacks
# under ASan's feet) and build_graph (it checks the build, not the code),
# the simulator and what they load
SAN_TESTS := $(filter-out systemc_top build_graph,$(shell awk '!/^\#/ && NF && $$2 == "-" && $$3 != "long" {print $$1}' tb/tests.list))
tests-san: $(addprefix $(BUILD)/tests/,$(SAN_TESTS)) $(filter-out $(BUILD)/systemc/%,$(TEST_DEPS))

test: deps ## lint plus every test in tb/tests.list; last line "N passed, N failed".  SAN=1: ASan+UBSan build, C-only tests + a copim-sim matrix
	@mkdir -p $(BUILD)
ifeq ($(SAN),1)
	@mkdir -p build/vl && ln -sfn ../vl $(BUILD)/vl
	@# tests-san's graph holds everything the tests load, build/'s ELFs and
	@# tools included (PLAIN_BUILD); scripts/build_graph_check.sh keeps it so
	@$(MAKE) --no-print-directory -j$(JOBS) SAN=1 tests-san >$(BUILD)/tests-build.log 2>&1 \
	  || { tail -40 $(BUILD)/tests-build.log; echo "0 passed, 1 failed"; exit 1; }
	@BUILD=$(BUILD) SAN_TESTS="$(SAN_TESTS)" COPIM_SIM=$(BUILD)/copim-sim scripts/run_tests.sh
else
	@$(MAKE) --no-print-directory -j$(JOBS) tests >$(BUILD)/tests-build.log 2>&1 \
	  || { tail -40 $(BUILD)/tests-build.log; echo "0 passed, 1 failed"; exit 1; }
	@TIER=test scripts/run_tests.sh
endif

test-long: deps ## the long tier of tb/tests.list: tier long, and tier test1 under reset seeds 2 and 3 (CI runs it after make test)
	@mkdir -p $(BUILD)
	@$(MAKE) --no-print-directory -j$(JOBS) tests >$(BUILD)/tests-build.log 2>&1 \
	  || { tail -40 $(BUILD)/tests-build.log; echo "0 passed, 1 failed"; exit 1; }
	@TIER=long scripts/run_tests.sh

sim: deps ## build and run one test: make sim TEST=<name> [SEED=n] [RESET_SEED=n]; waves in build/waves/<name>.fst
	@test -n "$(TEST)" || { echo "make sim: say which test, e.g. make sim TEST=pmc_overlap" >&2; exit 2; }
	@awk -v t='$(TEST)' '$$1 == t {f = 1} END {exit !f}' tb/tests.list || { echo "make sim: no test '$(TEST)' in tb/tests.list (make help, or the first column of tb/tests.list)" >&2; exit 2; }
	@$(MAKE) --no-print-directory $(BUILD)/tests/$(TEST)
	@mkdir -p $(BUILD)/waves
	COPIM_SIM=$(COSIM_BIN) $(BUILD)/tests/$(TEST) $(call test_args,$(TEST)) --waves $(BUILD)/waves/$(TEST).fst \
	  $(if $(SEED),--seed $(SEED)) $(if $(RESET_SEED),--reset-seed $(RESET_SEED))

# A test's saved GTKWave layout: its own (fpga/sim/<test>.gtkw, or
# <test>.gtkw in a block's folder) or else its block's, tb/<blk>/<blk>.gtkw,
# the block being the test name's first word (pmc_overlap: tb/pmc/pmc.gtkw).
WAVE_BLK    = $(firstword $(subst _, ,$(TEST)))
WAVE_LAYOUT = $(firstword $(wildcard fpga/sim/$(TEST).gtkw tb/*/$(TEST).gtkw tb/$(WAVE_BLK)/$(WAVE_BLK).gtkw))

wave: ## open build/waves/<TEST>.fst in GTKWave with the block's saved layout (tb/<blk>/<blk>.gtkw)
	@test -n "$(TEST)" || { echo "make wave: say which test, e.g. make wave TEST=pmc_overlap" >&2; exit 2; }
	@test -f $(BUILD)/waves/$(TEST).fst || { echo "make wave: no $(BUILD)/waves/$(TEST).fst; run make sim TEST=$(TEST) first" >&2; exit 2; }
	@test -n "$$DISPLAY" || { echo "make wave: no display (DISPLAY is not set); copy $(BUILD)/waves/$(TEST).fst to a machine with one and open it with gtkwave $(if $(WAVE_LAYOUT),-a $(WAVE_LAYOUT),(no saved layout for $(TEST)))" >&2; exit 1; }
	@./$(DEPS)
	@# gtkwave exits 0 when GTK cannot open the display: its log says so
	@log=$$(mktemp); gtkwave $(BUILD)/waves/$(TEST).fst $(WAVE_LAYOUT) >$$log 2>&1; rc=$$?; \
	  if grep -q 'Could not initialize GTK' $$log; then rm -f $$log; \
	    echo "make wave: gtkwave cannot open the display '$$DISPLAY'; copy $(BUILD)/waves/$(TEST).fst to a machine with one" >&2; exit 1; fi; \
	  cat $$log; rm -f $$log; exit $$rc

lint: deps ## generated files equal hw/*.desc, the build graph complete (scripts/build_graph_check.sh), verilator --lint-only -Wall and Yosys read+synth of every RTL file
	@scripts/lint.sh $(BLOCKS)

gen: ## regenerate the block packages, C headers and params.mk from hw/*.desc (docs/extending.md)
	@python3 scripts/gen_blocks.py

synth: deps ## FPGA: make synth [TARGET=ice40] (prototype bitstream; BLOCK=<blk>: one block) | TARGET=xc7 (full complex estimates)
	@case "$(or $(TARGET),ice40)" in \
	  ice40) if [ -n "$(BLOCK)" ]; then \
	           test -f rtl/$(BLOCK)/files.f || { echo "make synth: no block '$(BLOCK)' (blocks: $(BLOCKS))" >&2; exit 2; }; \
	           scripts/synth_ice40.sh $(BLOCK) '$(if $(BLOCK),$(or $($(BLOCK)_SYNTH_PARAMS),$($(BLOCK)_PARAMS)))'; \
	         else $(MAKE) --no-print-directory synth-proto; fi ;; \
	  xc7) $(MAKE) --no-print-directory synth-xc7 ;; \
	  *) echo "make synth: TARGET is ice40 or xc7, not '$(TARGET)'" >&2; exit 2 ;; \
	esac

bench: deps ## benchmarks: speed and figures (not pass/fail)
	@scripts/bench.sh

SOAK_BINS := $(addprefix $(BUILD)/tests/,pmc_lockstep_random imu_lockstep_random pe_lockstep_random)
soak: deps $(SOAK_BINS) ## long run (hours): PMC/IMU/PE lockstep >= 10^8 cycles each over seeds, 1 CPU-hour graph fuzzing, QEMU difftest
	@scripts/soak.sh
	@$(MAKE) --no-print-directory soak-difftest

clean: ## remove build/
	rm -rf $(BUILD)
