/* The vault PE's default sizes: the one place they are written down.
 * rtl/pe/block.mk reads these lines (for verilator -G, the shim's -D,
 * `make synth TARGET=xc7` and `make area`) and csim/pe/pe.h builds
 * PE_CFG_DEFAULT from them, so the simulated PE and the PE the area
 * figures describe cannot drift apart.  Keep one `#define NAME value` a
 * line: make parses them with awk. */
#ifndef PE_SIZES_H
#define PE_SIZES_H

#define PE_DEFAULT_ICACHE_BYTES 16384
#define PE_DEFAULT_ICACHE_WAYS 4
#define PE_DEFAULT_DCACHE_BYTES 32768
#define PE_DEFAULT_DCACHE_WAYS 4
#define PE_DEFAULT_LINE_BYTES 64
#define PE_DEFAULT_COUNTERS 1

#endif
