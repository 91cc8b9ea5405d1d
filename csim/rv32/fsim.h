/* Functional system: N host harts and P vault PEs executing one RV32 ELF
 * over a sparse flat memory with the MMIO page, the PEs' work grabs and the CoPIM
 * custom-0 instructions of docs/memory_map.md, without any timing.  It is
 * what runs the kernels before (and beside) the timed host/HMC models:
 * results and instruction counts, not cycles.
 *
 *  - host harts are interleaved round-robin, `quantum` instructions each;
 *  - cp.loop.iter answers by `verdict` (HOST: 0; PIM: 1 from the first
 *    iteration; SAMPLE: 1 once ceil(trip * 5%) iterations of that loop
 *    instance ran on the host, CoPIM's sampling without a decision);
 *  - cp.pim.launch splits [first, end) over the PEs like the dispatcher
 *    (contiguous, equal shares), answers each PE's first PE_GRAB with its
 *    share and the next with "no work", and runs the PEs from _pe_start
 *    round-robin until each executes wfi; cp.pim.wait then
 *    returns at once.  A PE executing custom-0 traps (as the PE model does);
 *  - a trap on any hart, an access outside memory or MMIO page, the
 *    instruction limit, or every host hart asleep without EXIT ends the run
 *    with one line naming the hart, pc and instruction count.
 *
 * mcycle is advanced by one per retired instruction (a functional "cycle"). */
#ifndef FSIM_H
#define FSIM_H

#include <stddef.h>
#include <stdint.h>

#define FSIM_MAX_HARTS 64
#define FSIM_MAX_PES 64
#define FSIM_MAX_LOOPS 64

typedef enum { FSIM_VERDICT_HOST = 0, FSIM_VERDICT_PIM = 1, FSIM_VERDICT_SAMPLE = 2 } fsim_verdict_t;

typedef struct {
  unsigned harts;       /* host harts, 1..64 (default 4) */
  unsigned pes;         /* vault PEs, 1..64 (default 16) */
  unsigned quantum;     /* instructions per hart turn (default 64) */
  uint64_t max_insns;   /* all harts together; 0 = 4e9 */
  fsim_verdict_t verdict;
  int echo_console;     /* copy console bytes to stdout as they come */
} fsim_cfg_t;

#define FSIM_CFG_DEFAULT ((fsim_cfg_t){.harts = 4, .pes = 16, .quantum = 64, .max_insns = 0, .verdict = FSIM_VERDICT_HOST})

typedef struct {
  char name[48];        /* registered through LOOP_NAME, or "" */
  uint64_t begins;      /* cp.loop.begin executed */
  uint64_t host_iters;  /* iterations started on a host hart (cp.loop.iter answered 0) */
  uint64_t pim_iters;   /* iterations handed to PEs by cp.pim.launch */
  uint64_t launches;
  uint64_t pe_insns;    /* instructions retired on PEs for this loop */
} fsim_loop_t;

typedef struct {
  uint64_t host_insns, pe_insns;            /* whole run */
  uint64_t kernel_host_insns, kernel_pe_insns; /* between KERNEL_MARK 1 and 2 */
  uint64_t launches;
  uint32_t pim_region_base, pim_region_end;
  int kernel_marked;                        /* 1 start seen, 2 end seen */
  fsim_loop_t loop[FSIM_MAX_LOOPS];         /* by loop id (ids >= 64 count in loop[0]) */
} fsim_stats_t;

typedef struct fsim fsim_t;

/* NULL (and msg in err) for a configuration out of range. */
fsim_t *fsim_new(const fsim_cfg_t *cfg, char *err, size_t cap);
void fsim_free(fsim_t *s);
/* Loads an RV32 little-endian executable ELF: PT_LOAD segments, entry,
 * _pe_start.  -1 with "file:0: why" on anything else. */
int fsim_load_elf(fsim_t *s, const char *path, char *err, size_t cap);
/* Copies bytes into memory (the graph image); -1 if it touches device space or page 0. */
int fsim_write(fsim_t *s, uint32_t addr, const void *p, size_t n);
/* Reads memory (unwritten memory reads as zero). */
void fsim_read(const fsim_t *s, uint32_t addr, void *p, size_t n);
/* Runs until EXIT: 0 and the exit code in *code; -1 with one line in err. */
int fsim_run(fsim_t *s, uint32_t *code, char *err, size_t cap);
const fsim_stats_t *fsim_stats(const fsim_t *s);
/* Everything the program wrote to CONSOLE, NUL-terminated. */
const char *fsim_console(const fsim_t *s);

#endif
