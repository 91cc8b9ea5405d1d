/* The MMIO page of docs/memory_map.md (sw/include/copim_mmio.h) as one
 * device model, shared by every simulator that runs the RV32 runtime: the
 * timed host (csim/host), the functional simulator (csim/rv32/fsim.c) and
 * the system's PE memory ports (csim/sys/sys_pe.c).
 *
 * The device decodes the page, keeps the console and the exit, and answers
 * the identity and clock registers.  What only the embedding simulator can
 * do goes to its hooks: the clock, the simulator registers the runtime
 * writes (KERNEL_MARK, PIM_REGION_BASE/END, LOOP_NAME) and the PE view's
 * work registers (PE_GRAB..PE_TICKET).
 *
 * Semantics, for every agent: 32-bit accesses only (anything else faults);
 * an offset that is not a register, or one the agent may not access in that
 * direction, faults; CYCLE_LO latches the clock's upper half for CYCLE_HI
 * (a torn-free 64-bit read); the first EXIT write wins (code and agent),
 * later ones are taken and ignored.  Prefix mmio_; opaque state. */
#ifndef MMIO_H
#define MMIO_H

#include <stddef.h>
#include <stdint.h>

/* The agent of a host hart; a PE is its vault number (0..). */
#define MMIO_HOST (-1)

typedef struct mmio mmio_t;

typedef struct {
  void *ctx;
  /* CYCLE_LO/HI: the embedding simulator's clock (host cycles; fsim:
   * instructions retired). */
  uint64_t (*clock)(void *ctx);
  /* A store to KERNEL_MARK, PIM_REGION_BASE, PIM_REGION_END or LOOP_NAME:
   * 0 taken, nonzero an access fault.  NULL: taken and ignored. */
  int (*store)(void *ctx, int agent, uint32_t off, uint32_t v);
  /* A load of a PE work register (PE_GRAB..PE_TICKET) by PE pe: 0 and *v,
   * nonzero an access fault.  NULL: they fault. */
  int (*pe_load)(void *ctx, unsigned pe, uint32_t off, uint32_t *v);
} mmio_hooks_t;

typedef struct {
  unsigned harts, pes; /* NUM_HARTS, NUM_PES */
  int echo;            /* copy console bytes to stdout as they come */
} mmio_cfg_t;

/* NULL when out of memory. */
mmio_t *mmio_new(const mmio_cfg_t *cfg, const mmio_hooks_t *hooks);
void mmio_free(mmio_t *m);
/* addr lies in the page (COPIM_MMIO_BASE, 4 KiB). */
int mmio_is_page(uint32_t addr);
/* An access at offset off (addr - COPIM_MMIO_BASE) of size bytes by agent
 * (MMIO_HOST or a PE): 0, or nonzero for an access fault. */
int mmio_read(mmio_t *m, int agent, uint32_t off, unsigned size, uint32_t *v);
int mmio_write(mmio_t *m, int agent, uint32_t off, unsigned size, uint32_t v);
/* The simulator registers, decoded once for every simulator that keeps
 * their effect (the system at a store's retirement, csim/sys/sys.c; the
 * functional simulator in its store hook, fsim.c). */
/* KERNEL_MARK: the kernel's state after a write of v to it in state k (0
 * before the kernel, 1 inside, 2 after): KERNEL_START moves 0 to 1,
 * KERNEL_END 1 to 2, anything else leaves k (a second START does not
 * restart the measurement). */
int mmio_kernel_mark(int k, uint32_t v);
/* LOOP_NAME's string, "<id>:<name>" (LOOP_NAME_STR): 0 with *id and *name
 * (pointing into text), or -1 when it has no ':'.  Such a name registers
 * nothing and is no fault in any simulator: the timed host takes the store
 * before the system reads the string at retirement.  An id too large for
 * unsigned comes back as UINT_MAX (beyond every simulator's loop table). */
int mmio_loop_name(const char *text, unsigned *id, const char **name);
/* Everything written to CONSOLE, NUL-terminated (at most 64 MiB kept). */
const char *mmio_console(const mmio_t *m);
/* 1 once EXIT was written, with the first write's code and agent (either may be NULL). */
int mmio_exited(const mmio_t *m, uint32_t *code, int *agent);

#endif
