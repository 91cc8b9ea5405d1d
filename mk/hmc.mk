# HMC area (issue 5): the benchmark driver used by scripts/bench_hmc.sh.
$(BUILD)/bench/hmc_bench: tb/bench/hmc_bench.c $(BUILD)/lib/libcsim.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $< -o $@ $(BUILD)/lib/libcsim.a $(LDLIBS)
