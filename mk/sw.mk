# Workloads area (issue 7): native graph tool, RV32 runtime and kernels,
# fuzz target for the graph readers.  Included by the top Makefile.

# ---------------------------------------------------------------- native tool
$(BUILD)/tools/graphtool: app/tools/graphtool.c $(BUILD)/lib/libcsim.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -o $@ $< $(BUILD)/lib/libcsim.a $(LDLIBS)

.PHONY: graphtool
graphtool: $(BUILD)/tools/graphtool ## native graph tool: build/tools/graphtool info|write|image|run
TEST_DEPS += $(PLAIN_BUILD)/tools/graphtool
ifeq ($(SAN),1)
# The tests run build/tools/graphtool by name, the plain build's: under SAN=1
# a plain make brings it (and does nothing when it is up to date).
.PHONY: plain-graphtool
plain-graphtool:
	@$(MAKE) --no-print-directory SAN= $(PLAIN_BUILD)/tools/graphtool
$(PLAIN_BUILD)/tools/graphtool: plain-graphtool
endif

# ---------------------------------------------------------------- RV32 software
# One ELF per kernel: crt0 + runtime + kernel, .text at 0x1000 (sw/rt/link.ld).
# Objects are compiled for rv32ima_zicsr_zifencei (binutils wants the CSR
# extension named); the link says rv32ima so gcc picks the rv32ia/ilp32
# picolibc + libgcc multilib.
RV_CC     := riscv64-unknown-elf-gcc
RV_CFLAGS := -march=rv32ima_zicsr_zifencei -mabi=ilp32 -O2 -g -std=c11 -Wall -Wextra -Werror \
             -ffreestanding -fno-common -msmall-data-limit=8 -Isw/include -Isw/rt
RV_LDFLAGS := -march=rv32ima -mabi=ilp32 --specs=picolibc.specs -nostartfiles -T sw/rt/link.ld -Wl,--no-warn-rwx-segments
# every sw/kernels/*.c is a kernel (its registry row: csim/graph/kernels.c)
SW_KERNELS := $(basename $(notdir $(wildcard sw/kernels/*.c)))
SW_HDRS    := sw/rt/rt.h sw/include/copim.h sw/include/copim_mmio.h sw/include/graph_image.h sw/kernels/loops.h sw/kernels/pr_loop.h
SW_RT_OBJ  := $(PLAIN_BUILD)/sw/obj/crt0.o $(PLAIN_BUILD)/sw/obj/rt.o
SW_ELFS    := $(patsubst %,$(PLAIN_BUILD)/sw/%.elf,$(SW_KERNELS))

$(PLAIN_BUILD)/sw/obj/crt0.o: sw/rt/crt0.S sw/include/copim_mmio.h mk/sw.mk
	@mkdir -p $(@D)
	$(RV_CC) $(RV_CFLAGS) -c $< -o $@
$(PLAIN_BUILD)/sw/obj/%.o: sw/rt/%.c $(SW_HDRS) mk/sw.mk
	@mkdir -p $(@D)
	$(RV_CC) $(RV_CFLAGS) -c $< -o $@
$(PLAIN_BUILD)/sw/obj/k_%.o: sw/kernels/%.c $(SW_HDRS) mk/sw.mk
	@mkdir -p $(@D)
	$(RV_CC) $(RV_CFLAGS) -c $< -o $@
$(PLAIN_BUILD)/sw/%.elf: $(PLAIN_BUILD)/sw/obj/k_%.o $(SW_RT_OBJ) sw/rt/link.ld
	$(RV_CC) $(RV_LDFLAGS) -o $@ $(SW_RT_OBJ) $< -lgcc
	riscv64-unknown-elf-objdump -d $@ >$(@:.elf=.dis)

.PHONY: sw
sw: $(SW_ELFS) $(BUILD)/tools/graphtool ## RV32 kernels (build/sw/*.elf) and the native graph tool
TEST_DEPS += $(SW_ELFS)

$(BUILD)/tools/graphrun: app/tools/graphrun.c $(BUILD)/lib/libcsim.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -o $@ $< $(BUILD)/lib/libcsim.a $(LDLIBS)
TEST_DEPS += $(BUILD)/tools/graphrun
sw: $(BUILD)/tools/graphrun

# ---------------------------------------------------------------- fuzzing
# libFuzzer (clang) with ASan + UBSan over the graph readers.  The seed
# corpus tb/fuzz/graph_corpus is copied to build/fuzz/corpus, where the
# fuzzer adds what it finds; crashes land in build/fuzz/.
FUZZ_TIME ?= 60
$(BUILD)/fuzz/graph_fuzz: tb/fuzz/graph_fuzz.c csim/graph/graph.c csim/graph/graph_gen.c csim/graph/graph.h sw/include/graph_image.h \
                        sw/kernels/loops.h csim/util/xoshiro.h
	@mkdir -p $(@D)
	clang -g -O1 -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Werror -fsanitize=fuzzer,address,undefined \
	  -fno-sanitize-recover=all -Icsim/graph -Icsim/util -o $@ tb/fuzz/graph_fuzz.c csim/graph/graph.c csim/graph/graph_gen.c -lz -lm

.PHONY: fuzz-graph
fuzz-graph: $(BUILD)/fuzz/graph_fuzz ## fuzz the graph readers for FUZZ_TIME seconds (default 60)
	@mkdir -p $(BUILD)/fuzz/corpus
	cp -n tb/fuzz/graph_corpus/* $(BUILD)/fuzz/corpus/ 2>/dev/null || true
	cd $(BUILD)/fuzz && timeout $$(( $(FUZZ_TIME) + 30 )) ./graph_fuzz -max_total_time=$(FUZZ_TIME) -max_len=4096 \
	  -rss_limit_mb=1024 -timeout=10 corpus

# what the workload tests load at run time, so `make sim TEST=...` builds it too
$(BUILD)/tests/graph_readers: $(PLAIN_BUILD)/tools/graphtool
$(BUILD)/tests/kernels_sim: $(SW_ELFS) $(PLAIN_BUILD)/tools/graphtool

# The same kernels with the edge-balanced host partition (sw/rt/rt.c
# RT_BALANCE_EDGES): `copim-sim --elf build/sw-balanced/<kernel>.elf`.  An
# ablation of the host baseline (docs/results.md "The host's partition"),
# kept out of build/sw so the default kernels stay cycle for cycle.
SW_BAL_ELFS := $(patsubst %,$(PLAIN_BUILD)/sw-balanced/%.elf,$(SW_KERNELS))
$(PLAIN_BUILD)/sw-balanced/obj/%.o: sw/rt/%.c $(SW_HDRS) mk/sw.mk
	@mkdir -p $(@D)
	$(RV_CC) $(RV_CFLAGS) -DRT_BALANCE_EDGES -c $< -o $@
$(PLAIN_BUILD)/sw-balanced/%.elf: $(PLAIN_BUILD)/sw/obj/k_%.o $(PLAIN_BUILD)/sw/obj/crt0.o $(PLAIN_BUILD)/sw-balanced/obj/rt.o sw/rt/link.ld
	$(RV_CC) $(RV_LDFLAGS) -o $@ $(PLAIN_BUILD)/sw/obj/crt0.o $(PLAIN_BUILD)/sw-balanced/obj/rt.o $< -lgcc

.PHONY: sw-balanced
sw-balanced: $(SW_BAL_ELFS) ## the kernels with an edge-balanced host partition (build/sw-balanced/*.elf)
$(BUILD)/tests/host_balance: $(BUILD)/copim-sim $(SW_ELFS) $(SW_BAL_ELFS)

# A build of every kernel with one more define: $(call SW_VARIANT,dir,DEFINE)
# gives build/dir/<kernel>.elf (and its .dis).
define SW_VARIANT
$$(PLAIN_BUILD)/$(1)/obj/%.o: sw/rt/%.c $$(SW_HDRS) mk/sw.mk
	@mkdir -p $$(@D)
	$$(RV_CC) $$(RV_CFLAGS) -D$(2) -c $$< -o $$@
$$(PLAIN_BUILD)/$(1)/obj/k_%.o: sw/kernels/%.c $$(SW_HDRS) mk/sw.mk
	@mkdir -p $$(@D)
	$$(RV_CC) $$(RV_CFLAGS) -D$(2) -c $$< -o $$@
$$(PLAIN_BUILD)/$(1)/obj/crt0.o: sw/rt/crt0.S sw/include/copim_mmio.h mk/sw.mk
	@mkdir -p $$(@D)
	$$(RV_CC) $$(RV_CFLAGS) -D$(2) -c $$< -o $$@
$$(PLAIN_BUILD)/$(1)/%.elf: $$(PLAIN_BUILD)/$(1)/obj/k_%.o $$(PLAIN_BUILD)/$(1)/obj/crt0.o $$(PLAIN_BUILD)/$(1)/obj/rt.o sw/rt/link.ld
	$$(RV_CC) $$(RV_LDFLAGS) -o $$@ $$(PLAIN_BUILD)/$(1)/obj/crt0.o $$(PLAIN_BUILD)/$(1)/obj/rt.o $$< -lgcc
	riscv64-unknown-elf-objdump -d $$@ >$$(@:.elf=.dis)
endef

# The naive kernels (RT_NAIVE; docs/workloads.md "Reductions and queues"):
# every per-vertex update of a shared word (an error sum, a flag, a queue's
# size) is one AMO or store to that word, as before the executor-local
# reductions; byte for byte the kernels of main before them.  The ablation:
# `COPIM_ELF_DIR=build/sw-naive copim-sim ...`, or `make sw KERNELS=naive`.
SW_NAIVE_ELFS := $(patsubst %,$(PLAIN_BUILD)/sw-naive/%.elf,$(SW_KERNELS))
$(eval $(call SW_VARIANT,sw-naive,RT_NAIVE))

.PHONY: sw-naive
sw-naive: $(SW_NAIVE_ELFS) ## the kernels with one shared-word update per vertex (build/sw-naive/*.elf), the ablation of the reductions
TEST_DEPS += $(SW_NAIVE_ELFS)
$(BUILD)/tests/kernel_hotspots: $(BUILD)/copim-sim $(SW_ELFS) $(SW_NAIVE_ELFS)
# The relaxed kernels (RT_AMO_RELAXED; docs/host.md "AMOs"): every per-edge
# AMO with aq = rl = 0, ordered by the barrier that ends the pass; the
# runtime's own AMOs stay .aqrl.  The ablation of the host's AMO ordering:
# `COPIM_ELF_DIR=build/sw-relaxed copim-sim ...`, or `make sw AMO_ORDER=relaxed`.
SW_RELAXED_ELFS := $(patsubst %,$(PLAIN_BUILD)/sw-relaxed/%.elf,$(SW_KERNELS))
$(eval $(call SW_VARIANT,sw-relaxed,RT_AMO_RELAXED))

.PHONY: sw-relaxed
sw-relaxed: $(SW_RELAXED_ELFS) ## the kernels with relaxed (aq = rl = 0) per-edge AMOs (build/sw-relaxed/*.elf), the ablation of AMO ordering
TEST_DEPS += $(SW_RELAXED_ELFS)
$(BUILD)/tests/amo_posted: $(BUILD)/copim-sim $(SW_ELFS) $(SW_RELAXED_ELFS)
AMO_ORDER ?= aqrl
ifeq ($(AMO_ORDER),relaxed)
sw: sw-relaxed
endif

# `make sw KERNELS=naive` builds them too (the default, reduced, is build/sw)
KERNELS ?= reduced
ifeq ($(KERNELS),naive)
sw: sw-naive
endif
