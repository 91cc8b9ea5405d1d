/* Memory model of a vault as seen by one PE's memory port (SPEC section 5),
 * for tests and benches: a sparse functional memory (4 KiB pages from
 * 0x1000 to 0x7FFF_FFFF, page 0 unmapped), the MMIO page of
 * docs/memory_map.md (CONSOLE, EXIT, NUM_HARTS, NUM_PES, CYCLE_LO/HI) and a
 * timing model: every request is accepted with probability ready_num /
 * ready_den per cycle (back-pressure), and answered lat_min..lat_max cycles
 * after acceptance (uniform, from the seed; lat_min >= 1), with the
 * request's tag; up to PE_MEM_SLOTS responses wait at once (a PE with
 * MSHRs keeps several requests in flight), and with random latencies they
 * come back out of order.  Writes have no response.  LR/SC: one reservation (the address of the last LR), cleared
 * by SC.  Deterministic from the seed.
 *
 * An access outside memory sets err (with a one-line message naming the
 * cycle and address) instead of crashing. */
#ifndef PE_MEM_H
#define PE_MEM_H

#include <stdint.h>

#include "pe.h"
#include "tb.h"

#define PE_MEM_SLOTS 16

typedef struct {
  unsigned lat_min, lat_max;     /* response latency after acceptance, cycles */
  unsigned ready_num, ready_den; /* acceptance probability per cycle */
  unsigned line_bytes;
} pe_mem_timing_t;

typedef struct pe_mem pe_mem_t;

pe_mem_t *pe_mem_new(const pe_mem_timing_t *tm, uint64_t seed);
void pe_mem_free(pe_mem_t *m);
/* Loads an RV32 little-endian executable; returns 0 and its entry, or -1
 * after printing a one-line reason (not ELF, not RV32, bad segment...). */
int pe_mem_load_elf(pe_mem_t *m, const char *path, uint32_t *entry);
/* Looks a symbol up in the last loaded ELF; returns 0 when found. */
int pe_mem_symbol(const pe_mem_t *m, const char *name, uint32_t *value);
/* Functional access (no timing, MMIO excluded); 0 on success. */
int pe_mem_read(pe_mem_t *m, uint32_t addr, unsigned size, uint32_t *v);
int pe_mem_write(pe_mem_t *m, uint32_t addr, unsigned size, uint32_t v);
/* One cycle of the port: from the PE's outputs of this cycle, fills the
 * ready/response inputs of in (other fields untouched) and performs the
 * functional effect of an accepted request. */
void pe_mem_cycle(pe_mem_t *m, const pe_out_t *o, pe_in_t *in, uint64_t cycle);
/* Status: exited (EXIT written) and its code, error flag, console text. */
int pe_mem_exited(const pe_mem_t *m, uint32_t *code);
int pe_mem_error(const pe_mem_t *m);
const char *pe_mem_console(const pe_mem_t *m);
/* rv32_bus_t callbacks over the functional memory (for the reference ISS):
 * MMIO reads return 0, MMIO writes are ignored. */
void pe_mem_bus(pe_mem_t *m, rv32_bus_t *bus);

#endif
