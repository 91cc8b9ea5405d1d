/* PIM dispatcher in the HMC logic layer (SPEC sections 4 and 6,
 * docs/memory_map.md "PE start and work grabs", docs/hmc.md "Dispatcher").
 *
 * cp.pim.launch hands it an offload descriptor {entry, arg, first, end,
 * loop_id, flags, prim_base, prim_stride}; it returns a ticket at once.  A
 * launch becomes active at its ready time (and, with concurrent = 0, only
 * once every older launch has completed); activating one starts every PE
 * that is not running through the owner's start() callback.
 *
 * A running PE asks for work with a grab (hmc_dispatch_grab, the PE
 * runtime's read of the GRAB register): the dispatcher finishes the PE's
 * previous chunk and hands it the next one, from the oldest active launch
 * that has work for it, or answers "nothing" (the PE then halts).
 *   - sched DYNAMIC: chunks of `chunk` iterations, but no more than
 *     ceil(left / P) of a range queue (a short range still reaches every
 *     PE), from a work counter per work queue.  Each such grab is one fetch-and-add in the logic layer on
 *     a counter word in DRAM (grab->ctr_addr): the owner sends it through
 *     the HMC so it costs the vault's real latency and bank occupancy.
 *   - sched STATIC: PE p takes the p-th contiguous share of the range
 *     (floor(n/P), one more for p < n mod P), no counter.
 *   - place RANGE: the queue is the iteration range (one queue in DYNAMIC,
 *     one share per PE in STATIC).
 *   - place VAULT: queue v holds the iterations whose primary element
 *     (prim_base + i * prim_stride) lies in vault v (vault_of() callback);
 *     PE v takes from its own queue, and in DYNAMIC steals from the queue
 *     with the most left when its own is empty.  A descriptor without a
 *     primary element (prim_stride 0) falls back to RANGE.
 * A launch completes when its queues are empty and every chunk handed out
 * is finished (its PE grabbed again or halted): done() callback.  Tickets
 * complete in any order; an empty range completes at activation.
 *
 * The dispatcher does not depend on the PE model.  Times are picoseconds. */
#ifndef HMC_DISPATCH_H
#define HMC_DISPATCH_H

#include <stddef.h>
#include <stdint.h>

#include "hmc.h"

enum { HMC_SCHED_STATIC = 0, HMC_SCHED_DYNAMIC = 1 };
enum { HMC_PLACE_RANGE = 0, HMC_PLACE_VAULT = 1 };

typedef struct {
  unsigned num_pes;        /* 1..32, 16 */
  uint32_t boot_pc;        /* address of _pe_start (from the ELF) */
  unsigned max_pending;    /* launches outstanding (active or waiting), 64 */
  uint64_t start_delay_ps; /* launch -> earliest activation, 0 */
  unsigned sched;          /* HMC_SCHED_*, DYNAMIC */
  unsigned chunk;          /* iterations per dynamic grab, 1..65536, 64 (docs/results.md) */
  unsigned concurrent;     /* 1: launches share the PEs; 0: one at a time, in ticket order */
  unsigned place;          /* HMC_PLACE_*, RANGE */
  uint32_t counter_base;   /* work counters, one 128-byte block per (launch slot, queue) */
  unsigned block_bytes;    /* HMC interleave granule: counter spacing, vault runs, 128 */
} hmc_dispatch_cfg_t;

#define HMC_DISPATCH_CFG_DEFAULT                                                                 \
  ((hmc_dispatch_cfg_t){.num_pes = HMC_VAULTS_DEFAULT, .boot_pc = 0x1000, .max_pending = 64, .start_delay_ps = 0, \
                        .sched = HMC_SCHED_DYNAMIC, .chunk = 64, .concurrent = 1, .place = HMC_PLACE_RANGE, \
                        .counter_base = 0x0F010000u, .block_bytes = 128})

/* Bytes of DRAM the work counters take from counter_base. */
#define HMC_DISPATCH_CTR_BYTES(cfg) ((uint64_t)(cfg)->max_pending * (cfg)->num_pes * (cfg)->block_bytes)

typedef struct {
  uint32_t entry, arg, first, end, loop_id, flags;
  uint32_t prim_base, prim_stride; /* primary element of iteration 0 and bytes per iteration (0: none) */
} hmc_desc_t;

typedef struct {
  /* Start PE pe at boot_pc (it is halted, or halts soon and must restart). */
  void (*start)(void *ctx, unsigned pe, uint32_t boot_pc, uint64_t t_ps);
  /* Optional: ticket completed at t_ps. */
  void (*done)(void *ctx, uint32_t ticket, uint64_t t_ps);
  /* Vault of an address (place VAULT); may be NULL when place is RANGE. */
  unsigned (*vault_of)(void *ctx, uint32_t addr);
  void *ctx;
} hmc_dispatch_ops_t;

/* The answer to one grab. */
typedef struct {
  int got;           /* 1: chunk [lo, hi) of ticket; 0: nothing left, halt */
  uint32_t entry, arg, lo, hi, loop_id, flags, ticket;
  uint32_t ctr_addr; /* DYNAMIC: the counter word fetched-and-added (send it); 0: no counter access */
  int stolen;        /* taken from another vault's queue (place VAULT) */
} hmc_grab_t;

typedef struct {
  uint64_t launches, completed, iterations, pe_starts;
  uint64_t grabs, chunks, steals; /* a dynamic chunk is one work-counter fetch-and-add */
  uint64_t busy_ps;   /* sum over launches of activation -> completion */
  uint64_t active_ps; /* time at least one launch was active (the union of those spans) */
  unsigned max_active; /* most launches active at once */
  uint64_t wide_ps;   /* time at least one launch of >= P x chunk iterations was active */
} hmc_dispatch_stats_t;

typedef struct hmc_dispatch hmc_dispatch_t;

/* NULL and one line on stderr if cfg is out of range or the counters do not
 * fit in mem. */
hmc_dispatch_t *hmc_dispatch_new(const hmc_dispatch_cfg_t *cfg, const hmc_dispatch_ops_t *ops, uint8_t *mem,
                                 size_t mem_bytes);
void hmc_dispatch_free(hmc_dispatch_t *d);

/* cp.pim.launch: reads the descriptor at desc_addr (8 words) from the
 * functional memory.  Returns HMC_OK (0) and *ticket (1, 2, 3...), HMC_STALL
 * (1) when max_pending launches are outstanding, HMC_EADDR (-2) for a
 * descriptor outside memory, HMC_EINVAL (-1) for end - first > 2^31. */
int hmc_dispatch_launch(hmc_dispatch_t *d, uint32_t desc_addr, uint64_t now_ps, uint32_t *ticket);
/* The same with the descriptor given directly. */
int hmc_dispatch_launch_desc(hmc_dispatch_t *d, const hmc_desc_t *desc, uint64_t now_ps, uint32_t *ticket);
/* Activates launches whose time has come (call once per owner cycle). */
void hmc_dispatch_advance(hmc_dispatch_t *d, uint64_t now_ps);
/* PE pe asks for work (see above).  HMC_EINVAL (and one line) if it was not started. */
int hmc_dispatch_grab(hmc_dispatch_t *d, unsigned pe, uint64_t now_ps, hmc_grab_t *g);
/* PE pe executed wfi and is idle.  HMC_EINVAL (and one line) if it was not running. */
int hmc_dispatch_pe_halted(hmc_dispatch_t *d, unsigned pe, uint64_t now_ps);
/* cp.pim.wait: 1 when ticket has completed, 0 while pending, -1 unknown. */
int hmc_dispatch_done(const hmc_dispatch_t *d, uint32_t ticket);
/* The earliest time (ps) at which hmc_dispatch_advance() could activate a
 * waiting launch (UINT64_MAX: none waits); before it, advancing is a no-op. */
uint64_t hmc_dispatch_next_ps(const hmc_dispatch_t *d);
/* Launches active now (activated, not completed). */
unsigned hmc_dispatch_active(const hmc_dispatch_t *d);
/* Active launches with at least P x chunk iterations (enough to give every
 * PE a full chunk): the spans in which the PEs could all be busy. */
unsigned hmc_dispatch_wide(const hmc_dispatch_t *d);
/* Launches completed so far (what hmc_dispatch_done() answers changes only
 * when this does). */
uint64_t hmc_dispatch_completed(const hmc_dispatch_t *d);
/* Launches outstanding: accepted and not completed (active or waiting). */
unsigned hmc_dispatch_pending(const hmc_dispatch_t *d);
void hmc_dispatch_stats(const hmc_dispatch_t *d, hmc_dispatch_stats_t *s);
/* The static share: PE pe's [*lo, *hi) of [first, end) over num_pes. */
void hmc_dispatch_split(uint32_t first, uint32_t end, unsigned num_pes, unsigned pe, uint32_t *lo, uint32_t *hi);

#endif
