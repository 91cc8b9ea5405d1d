# Verification against outside references (issue 21): the LR/SC contention
# program for lrsc_concurrent, and the differential test against QEMU.
# After mk/sw.mk (alphabetical), whose RV32 flags and runtime it reuses.

$(PLAIN_BUILD)/sw/obj/t_%.o: sw/tests/%.c $(SW_HDRS) mk/sw.mk
	@mkdir -p $(@D)
	$(RV_CC) $(RV_CFLAGS) -c $< -o $@
$(PLAIN_BUILD)/sw/lrsc.elf: $(PLAIN_BUILD)/sw/obj/t_lrsc.o $(SW_RT_OBJ) sw/rt/link.ld
	$(RV_CC) $(RV_LDFLAGS) -o $@ $(SW_RT_OBJ) $< -lgcc
	riscv64-unknown-elf-objdump -d $@ >$(@:.elf=.dis)
TEST_DEPS += $(PLAIN_BUILD)/sw/lrsc.elf
$(BUILD)/tests/lrsc_concurrent: $(PLAIN_BUILD)/sw/lrsc.elf
# harts asleep on a word only vault atomics change, for sim_skip_wake (issue 16)
$(PLAIN_BUILD)/sw/wake.elf: $(PLAIN_BUILD)/sw/obj/t_wake.o $(SW_RT_OBJ) sw/rt/link.ld
	$(RV_CC) $(RV_LDFLAGS) -o $@ $(SW_RT_OBJ) $< -lgcc
	riscv64-unknown-elf-objdump -d $@ >$(@:.elf=.dis)
TEST_DEPS += $(PLAIN_BUILD)/sw/wake.elf
$(BUILD)/tests/sim_skip_wake: $(PLAIN_BUILD)/sw/wake.elf

# difftest: random RV32IMA programs on QEMU vs the ISS, the PE C model and
# RTL, the host and the functional system (tb/tests/difftest.c).  make test
# runs 200 programs; the soak runs DIFFTEST_SOAK (10,000) from seed 1000.
DIFFTEST_SOAK ?= 10000
.PHONY: soak-difftest
soak-difftest: deps $(BUILD)/tests/difftest ## QEMU differential soak: DIFFTEST_SOAK (10000) random RV32IMA programs
	$(BUILD)/tests/difftest --seed 1000 --cycles $(DIFFTEST_SOAK) --reset-seed 1
