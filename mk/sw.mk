# Workloads area (issue 7): native graph tool, RV32 runtime and kernels,
# fuzz target for the graph readers.  Included by the top Makefile.

# ---------------------------------------------------------------- native tool
$(BUILD)/tools/graphtool: sw/tools/graphtool.c $(BUILD)/lib/libcsim.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -o $@ $< $(BUILD)/lib/libcsim.a $(LDLIBS)

.PHONY: graphtool
graphtool: $(BUILD)/tools/graphtool ## native graph tool: build/tools/graphtool info|write|image|run
TEST_DEPS += $(BUILD)/tools/graphtool
