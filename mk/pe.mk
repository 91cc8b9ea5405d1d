# Vault PE area: RV32 test images for pe_isa, pe_traps and pe_programs.
# Sources in tb/tests/pe/: assembly tests (env.h, link.ld) and C programs
# built with picolibc (its hosted crt0, which calls exit(main()), picolibc.ld placed by --defsym).
PE_ELF_DIR := $(PLAIN_BUILD)/pe
PE_RV_CC      := riscv64-unknown-elf-gcc
PE_RV_ASFLAGS := -march=rv32ima_zicsr_zifencei -mabi=ilp32 -nostdlib -nostartfiles -Itb/tests/pe -T tb/tests/pe/link.ld -Wl,--no-warn-rwx-segments
PE_RV_CFLAGS  := -march=rv32ima -mabi=ilp32 --specs=picolibc.specs --crt0=hosted -O2 -g -Wall -Wextra -Werror -Itb/tests/pe \
              -T picolibc.ld -Wl,--defsym=__flash=0x00001000,--defsym=__flash_size=0x00100000 \
              -Wl,--defsym=__ram=0x00200000,--defsym=__ram_size=0x00400000,--defsym=__stack_size=0x4000
PE_ASM_ELFS  := $(PE_ELF_DIR)/isa.elf $(PE_ELF_DIR)/traps.elf
PE_PROG_ELFS := $(PE_ELF_DIR)/bfs.elf $(PE_ELF_DIR)/sort.elf $(PE_ELF_DIR)/checksum.elf

$(PE_ELF_DIR)/%.elf: tb/tests/pe/%.S tb/tests/pe/env.h tb/tests/pe/link.ld
	@mkdir -p $(@D)
	$(PE_RV_CC) $(PE_RV_ASFLAGS) $< -o $@
# ISA tests of the test list written as tb/tests/<name>.S (Makefile, TEST_BIN)
$(PE_ELF_DIR)/%.elf: tb/tests/%.S tb/tests/pe/env.h tb/tests/pe/riscv_test.h tb/tests/pe/link.ld
	@mkdir -p $(@D)
	$(PE_RV_CC) $(PE_RV_ASFLAGS) $< -o $@
$(PE_ELF_DIR)/%.elf: tb/tests/pe/%.c tb/tests/pe/pe_rt.c tb/tests/pe/progs.h
	@mkdir -p $(@D)
	$(PE_RV_CC) $(PE_RV_CFLAGS) $< tb/tests/pe/pe_rt.c -o $@

TEST_DEPS += $(PE_ASM_ELFS) $(PE_PROG_ELFS)
# `make sim TEST=pe_...` builds only the test binary: make it bring its images.
$(BUILD)/tests/pe_isa: $(PE_ELF_DIR)/isa.elf
$(BUILD)/tests/pe_traps: $(PE_ELF_DIR)/traps.elf
$(BUILD)/tests/pe_programs: $(PE_PROG_ELFS)

# PE benchmark binary (scripts/bench_pe.sh)
$(BUILD)/bench/pe_bench: tb/bench/pe_bench.c $(BUILD)/lib/libtb.a $(BUILD)/lib/libcsim.a $(BUILD)/obj/shim/pe_rtl.o \
    $(BUILD)/vl/pe/stamp $(VL_RT) $(PE_PROG_ELFS)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(TB_INC) -c $< -o $(BUILD)/obj/pe_bench.o
	$(CXX) -o $@ $(BUILD)/obj/pe_bench.o $(BUILD)/obj/shim/pe_rtl.o $(BUILD)/vl/pe/Vpe__ALL.a $(BUILD)/lib/libtb.a \
	  $(BUILD)/lib/libcsim.a $(VL_RT) $(LDLIBS)
