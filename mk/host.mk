# Host area (issue 6): the behavioural host's tests load the PE ISA image
# and the RV32 kernels; the bench driver for scripts/bench_host.sh.
$(BUILD)/tests/host_isa: $(PLAIN_BUILD)/pe/isa.elf $(SW_ELFS) $(PLAIN_BUILD)/tools/graphtool

$(BUILD)/bench/host_bench: tb/bench/host_bench.c $(BUILD)/lib/libcsim.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $< -o $@ $(BUILD)/lib/libcsim.a $(LDLIBS)
