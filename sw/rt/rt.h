/* RV32 runtime for the kernels: hart identity, barrier, the parallel-for
 * over host harts whose chunks are CoPIM-marked loops, console and exit
 * through the MMIO page, the property-array allocator that records
 * GraphPIM's PIM region, and loop-name registration (docs/workloads.md).
 *
 * Programs are SPMD: every host hart runs main(); serial parts are done by
 * hart 0 between barriers.  main's return value (hart 0) is the exit code. */
#ifndef RT_H
#define RT_H

#include <stdint.h>

#include "../include/copim.h"
#include "../include/copim_mmio.h"
#include "../include/graph_image.h"

#define RT_MAX_HARTS 64

static inline uint32_t rt_hartid(void) {
  uint32_t h;
  __asm__ volatile("csrr %0, mhartid" : "=r"(h));
  return h;
}
static inline volatile uint32_t *rt_mmio(uint32_t off) { return (volatile uint32_t *)(COPIM_MMIO_BASE + off); }
uint32_t rt_nharts(void);

/* Word atomics: return the old value (RV32A, aq+rl). */
static inline uint32_t rt_amominu(volatile uint32_t *p, uint32_t v) {
  uint32_t old;
  __asm__ volatile("amominu.w.aqrl %0, %2, %1" : "=r"(old), "+A"(*p) : "r"(v) : "memory");
  return old;
}
static inline uint32_t rt_amoadd(volatile uint32_t *p, uint32_t v) {
  uint32_t old;
  __asm__ volatile("amoadd.w.aqrl %0, %2, %1" : "=r"(old), "+A"(*p) : "r"(v) : "memory");
  return old;
}
static inline uint32_t rt_amoswap(volatile uint32_t *p, uint32_t v) {
  uint32_t old;
  __asm__ volatile("amoswap.w.aqrl %0, %2, %1" : "=r"(old), "+A"(*p) : "r"(v) : "memory");
  return old;
}
static inline uint32_t rt_amoor(volatile uint32_t *p, uint32_t v) {
  uint32_t old;
  __asm__ volatile("amoor.w.aqrl %0, %2, %1" : "=r"(old), "+A"(*p) : "r"(v) : "memory");
  return old;
}
/* lr.w: load and reserve the word (the reservation Zawrs waits on). */
static inline uint32_t rt_lr(volatile uint32_t *p) {
  uint32_t r;
  __asm__ volatile("lr.w %0, (%1)" : "=r"(r) : "r"(p) : "memory");
  return r;
}
/* wrs.nto (Zawrs, 0x00d00073): stall while the reservation set is valid.
 * A hint: an implementation may return at once, so callers loop. */
static inline void rt_wrs_nto(void) { __asm__ volatile(".insn i 0x73, 0, x0, x0, 0x00d" ::: "memory"); }

/* Sense-reversing barrier over all host harts (AMOs only). */
void rt_barrier(void);

/* for (i = lo; i < hi; i++) body(i, arg) over all host harts: hart h takes
 * the h-th contiguous chunk as one CoPIM-marked loop (COPIM_FOR), so each
 * core's IMU samples and offloads its own chunk; then a barrier.  Every host
 * hart must call it with the same arguments.  prim: the loop's primary array
 * (4-byte element i for iteration i), the dispatcher's vault placement hint;
 * NULL if there is none. */
void rt_parallel_for(uint32_t loop_id, uint32_t lo, uint32_t hi, copim_body_fn body, void *arg,
                     const volatile void *prim);

/* Console (one byte per MMIO write) and exit. */
void rt_putc(char c);
void rt_puts(const char *s);
void rt_putu(uint32_t v);
void rt_puthex(uint32_t v);
__attribute__((noreturn)) void rt_exit(uint32_t code);
void rt_kernel_mark(uint32_t what); /* COPIM_KERNEL_START / _END */

/* Property arrays: the image's result arrays and its heap form the
 * property region [prop_base, heap top); every allocation extends it and
 * re-reports it through PIM_REGION_BASE/END.  Hart 0, serial part. */
void rt_prop_init(const struct graph_image *g);
/* 64-byte aligned; exits with code 3 if the heap is exhausted. */
void *rt_prop_alloc(uint32_t bytes);

/* Registers "<id>:<name>" for statistics; s must stay valid (a literal). */
void rt_loop_name(const char *s);

/* Checks the image header (magic, version, kernel id); prints and exits 2
 * on a mismatch.  Hart 0. */
struct graph_image *rt_graph(uint32_t kernel);

#endif
