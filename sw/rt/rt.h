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
/* The same with the old value unused: rd = x0, as GCC emits an unused
 * __atomic_fetch_add.  A vault may take it as a posted atomic (no response
 * to wait for: docs/host.md "AMOs"). */
static inline void rt_amoadd_nr(volatile uint32_t *p, uint32_t v) {
  __asm__ volatile("amoadd.w.aqrl zero, %1, %0" : "+A"(*p) : "r"(v) : "memory");
}
static inline void rt_amominu_nr(volatile uint32_t *p, uint32_t v) {
  __asm__ volatile("amominu.w.aqrl zero, %1, %0" : "+A"(*p) : "r"(v) : "memory");
}
/* The kernels' per-edge updates.  .aqrl, what GraphBIG's __sync_* calls
 * compile to; the relaxed build (`make sw-relaxed`, RT_AMO_RELAXED) gives
 * them aq = rl = 0: the barrier that ends the pass orders them, an
 * ablation of the host's AMO ordering.  The naive build keeps its old
 * bytes (rd used, .aqrl). */
#ifdef RT_AMO_RELAXED
#define RT_EDGE_ORD ""
#else
#define RT_EDGE_ORD ".aqrl"
#endif
static inline void rt_edge_add(volatile uint32_t *p, uint32_t v) {
#ifdef RT_NAIVE
  rt_amoadd(p, v);
#else
  __asm__ volatile("amoadd.w" RT_EDGE_ORD " zero, %1, %0" : "+A"(*p) : "r"(v) : "memory");
#endif
}
static inline uint32_t rt_edge_minu(volatile uint32_t *p, uint32_t v) {
  uint32_t old;
  __asm__ volatile("amominu.w" RT_EDGE_ORD " %0, %2, %1" : "=r"(old), "+A"(*p) : "r"(v) : "memory");
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

/* Executor-local reductions, flags and queue buffers, as GAP writes its
 * kernels (OpenMP reduction(+:error), QueueBuffer): a per-vertex update of
 * one shared word (an error sum, a "something changed" flag, a queue's
 * size) is made to the executor's own context instead, and the runtime
 * applies the context to the shared words once per chunk: at the end of a
 * host hart's share of rt_parallel_for, and after each chunk a PE grabs.
 * Otherwise every PE's update queues at the one vault that holds the word,
 * and every host update is a serialising AMO on one contended line
 * (docs/workloads.md "Reductions and queues").
 *
 * An executor is a host hart or a PE; its context is one 128-byte block of
 * rt_locals: PE p's is block p (the 4 KiB-aligned array puts it in vault p
 * under the default 128-byte vault interleave, so its write-through stores
 * stay local), host hart h's is block RT_MAX_PES + h.  A shared word is
 * only final after the rt_parallel_for that updates it has returned.
 *
 * `make sw KERNELS=naive` (RT_NAIVE, build/sw-naive/) builds the kernels
 * as they were, one shared-word update per vertex, for the ablation; the
 * RT_* macros below are the two builds' one spelling. */
#define RT_MAX_PES 32 /* PE contexts: HMC_MAX_VAULTS */
#define RT_LOCAL_RED 4 /* reductions one executor holds at once (a power of two) */
#define RT_QBUF 16    /* queue buffer entries (task words) */
enum { RT_RED_ADD = 0, RT_RED_MIN = 1, RT_RED_FLAG = 2 }; /* the key's low bits */

#ifndef RT_NAIVE
struct rt_local {
  uint32_t red_key[RT_LOCAL_RED]; /* shared word address | RT_RED_*; 0: free */
  uint32_t red_val[RT_LOCAL_RED]; /* the partial value */
  uint32_t *q_base;               /* queue buffer: its queue, */
  volatile uint32_t *q_cnt;       /* the queue's size word, */
  uint32_t q_len;                 /* entries held */
  uint32_t q[RT_QBUF];
  uint32_t pad[32 - 2 * RT_LOCAL_RED - 3 - RT_QBUF];
};
extern struct rt_local rt_locals[RT_MAX_PES + RT_MAX_HARTS];

/* The executor's context: crt0 keeps it in tp (the psABI's thread pointer),
 * since reading mhartid is a CSR access, which serialises a host core. */
static inline struct rt_local *rt_local(void) {
  struct rt_local *l;
  __asm__("mv %0, tp" : "=r"(l));
  return l;
}

/* Applies this executor's partial values and queue buffer to their shared
 * words and empties the context.  The runtime calls it at the end of every
 * chunk; a kernel calls it only after updates outside rt_parallel_for. */
void rt_local_flush(void);

/* Combines v into the executor's partial value for the shared word *p
 * (op RT_RED_*).  The word's slot is fixed by its address (bits 2-3), so a
 * lookup is one load and a compare; a slot that holds another word's
 * pending value leaves v to be applied to *p at once (words adjacent in
 * memory, as a kernel's shared words are, take different slots).  No call,
 * and a store only on a change: a body that reduces stays a leaf (a call
 * would make it save its registers on every iteration), and a PE's stores
 * write through to its vault. */
static inline __attribute__((always_inline)) void rt_reduce_(volatile uint32_t *p, uint32_t op, uint32_t v) {
  struct rt_local *l = rt_local();
  const uint32_t key = (uint32_t)(uintptr_t)p | op, i = ((uint32_t)(uintptr_t)p >> 2) & (RT_LOCAL_RED - 1);
  const uint32_t k = l->red_key[i];
  if (k == key) {
    if (op == RT_RED_ADD) l->red_val[i] += v;
    else if (op == RT_RED_MIN && v < l->red_val[i]) l->red_val[i] = v;
  } else if (!k) {
    l->red_key[i] = key;
    l->red_val[i] = v;
  } else if (op == RT_RED_ADD) {
    rt_amoadd_nr(p, v);
  } else if (op == RT_RED_MIN) {
    rt_amominu_nr(p, v);
  } else {
    *p = 1;
  }
}
/* *p += v (mod 2^32), applied with one amoadd per chunk */
static inline void rt_reduce_add(volatile uint32_t *p, uint32_t v) { rt_reduce_(p, RT_RED_ADD, v); }
/* *p = min(*p, v) (unsigned), applied with one amominu per chunk */
static inline void rt_reduce_min(volatile uint32_t *p, uint32_t v) { rt_reduce_(p, RT_RED_MIN, v); }
/* *p = 1, stored once per chunk */
static inline void rt_flag_set(volatile uint32_t *p) { rt_reduce_(p, RT_RED_FLAG, 1); }

/* Appends task word w to queue q whose size word is *cnt, through the
 * executor's buffer (GAP's QueueBuffer): the chunk's end takes room for
 * the buffered words with one amoadd on *cnt and copies them there.  All
 * the pushes of one chunk go to one queue (the runtime flushes between
 * chunks).  When the buffer is full, w is appended at once (one amoadd):
 * flushing from here would take a call, and a body that calls saves its
 * registers on the stack on every iteration. */
void rt_qbuf_flush(struct rt_local *l);
static inline __attribute__((always_inline)) void rt_qbuf_push(uint32_t *q, volatile uint32_t *cnt, uint32_t w) {
  struct rt_local *l = rt_local();
  const uint32_t n = l->q_len;
  if (n == RT_QBUF) {
    q[rt_amoadd(cnt, 1)] = w;
    return;
  }
  if (!n) {
    l->q_base = q;
    l->q_cnt = cnt;
  }
  l->q[n] = w;
  l->q_len = n + 1;
}
#define RT_REDUCE_ADD(p, v) rt_reduce_add((p), (v))
#define RT_FLAG_SET(p) rt_flag_set(p)
/* On a kernel's shared words (and on the member after them): a line of
 * their own.  An AMO drops the line from the PE's D-cache and a host store
 * takes it from the other cores, so read-mostly fields in the same line
 * (the kernel's array pointers) were fetched again after every update. */
#define RT_OWN_LINE __attribute__((aligned(64)))
#else
/* the naive kernels: one AMO or store to the shared word per update */
#define RT_REDUCE_ADD(p, v) rt_amoadd((p), (v))
#define RT_FLAG_SET(p) (*(p) = 1)
#define RT_OWN_LINE
#endif

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
