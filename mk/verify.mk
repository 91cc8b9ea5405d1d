# Verification against outside references (issue 21): the LR/SC contention
# program for lrsc_concurrent, and the differential test against QEMU.
# After mk/sw.mk (alphabetical), whose RV32 flags and runtime it reuses.

$(BUILD)/sw/obj/t_%.o: sw/tests/%.c $(SW_HDRS) mk/sw.mk
	@mkdir -p $(@D)
	$(RV_CC) $(RV_CFLAGS) -c $< -o $@
$(BUILD)/sw/lrsc.elf: $(BUILD)/sw/obj/t_lrsc.o $(SW_RT_OBJ) sw/rt/link.ld
	$(RV_CC) $(RV_LDFLAGS) -o $@ $(SW_RT_OBJ) $< -lgcc
	riscv64-unknown-elf-objdump -d $@ >$(@:.elf=.dis)
TEST_DEPS += $(BUILD)/sw/lrsc.elf
$(BUILD)/tests/lrsc_concurrent: $(BUILD)/sw/lrsc.elf
