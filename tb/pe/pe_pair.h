/* The vault PE in lockstep: Verilated RTL and C model stepped together on
 * the inputs of one memory model (tb/pe/pe_mem.h), every output port
 * compared every cycle (the memory request fields and the retirement fields
 * when their valid is set), plus a reference check of the retirement
 * stream against the plain rv32 interpreter (csim/rv32/rv32.h) on its own copy
 * of memory: the first difference is reported with cycle, port and both
 * values.  With rtl = 0 only the C model runs (benchmarks). */
#ifndef PE_PAIR_H
#define PE_PAIR_H

#include "pe.h"
#include "pe_mem.h"
#include "pe_rtl.h"
#include "tb.h"

#define PE_PAIR_ISS_Q 512

typedef struct {
  tb_t *t;
  pe_t *c;
  pe_rtl_t *rtl;    /* NULL: C model only */
  pe_mem_t *mem;    /* the memory both PEs see */
  pe_mem_t *iss_mem; /* the reference interpreter's copy (NULL: no reference) */
  rv32_hart_t iss;
  rv32_bus_t iss_bus;
  /* the reference's retirements the PE has not retired yet: a load that
   * missed under dmshrs > 1 retires late, so the PE's younger
   * instructions are matched past it (oldest first) */
  struct { uint32_t pc, insn, rd_val, mem_addr; unsigned rd; int load; } iss_q[PE_PAIR_ISS_Q];
  unsigned iss_n;
  pe_cfg_t cfg;
  uint32_t hart_id;
  uint64_t cycle, retired;
  int diverged;
  /* random line invalidates (dinval_i): each cycle with probability
   * inval_pml / 1000, of an address in [inval_lo, inval_lo + inval_span)
   * or (one in four) anywhere; 0 = never.  Set after pe_pair_open. */
  unsigned inval_pml;
  uint32_t inval_lo, inval_span;
  tb_rng_t inval_rng;
  uint64_t invals;
} pe_pair_t;

/* Opens RTL (if rtl) and C model at the RTL's build parameters (C only:
 * PE_CFG_DEFAULT), a memory with the timing and seed given, and (if iss)
 * the reference interpreter.  waves: FST path or NULL.  0 on failure. */
int pe_pair_open(pe_pair_t *pp, tb_t *t, int rtl, int iss, const pe_mem_timing_t *tm, uint64_t mem_seed,
                 const char *waves);
/* Loads an ELF into both memories; 0 on success. */
int pe_pair_load_elf(pe_pair_t *pp, const char *path, uint32_t *entry);
/* Writes a word into both memories. */
void pe_pair_poke(pe_pair_t *pp, uint32_t addr, uint32_t v);
/* One cycle; start pulses start_i with boot_pc.  Returns 0 at a mismatch. */
int pe_pair_step(pe_pair_t *pp, int start, uint32_t boot_pc);
/* Starts the PE at boot_pc and runs until it halts again.  Returns 1 when
 * halted, 0 on a mismatch, a memory error or the cycle limit (reported). */
int pe_pair_run(pe_pair_t *pp, uint32_t boot_pc, uint64_t max_cycles);
void pe_pair_close(pe_pair_t *pp);



/* Directory of the RV32 test images built by mk/pe.mk (env PE_ELF_DIR
 * overrides build/pe). */
const char *pe_elf_dir(void);
/* Runs one ELF from its entry on RTL + C (+ reference) in lockstep under a
 * timing, until the PE halts; checks the program wrote EXIT = want_exit.
 * Prints a line with cycles, retired, CPI; copies the console text into
 * console (if not NULL).  Returns 1 on success. */
int pe_pair_run_elf(tb_t *t, const char *elf, const pe_mem_timing_t *tm, uint64_t seed, const char *waves,
                    uint64_t max_cycles, uint32_t want_exit, const char *label, char *console, size_t console_len);
/* The self-checking assembly tests' run (pe_isa, pe_traps, every
 * tb/tests/<name>.S): pe_pair_run_elf under four memory timings -- ideal
 * (1 cycle, always ready), fixed 15 cycles, random 1..40 with 50%
 * back-pressure, random 1..4 with 10% acceptance -- seeds t->seed + i,
 * waves of the first, 2 M cycles each, EXIT 0 expected; stops at the first
 * failing timing.  Returns 1 when all pass. */
int pe_pair_run_elf_timings(tb_t *t, const char *elf);

#endif
