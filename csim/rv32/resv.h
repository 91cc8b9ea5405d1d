/* LR/SC reservation set shared by every agent that writes one functional
 * memory (host harts, vault PEs, vault atomics), after the RISC-V
 * unprivileged ISA's rules for LR.W/SC.W:
 *   - an LR reserves the naturally aligned word it read (the reservation
 *     granule here is exactly that word); a second LR replaces the first;
 *   - an SC succeeds only while its agent's reservation is valid and covers
 *     the SC's word; every SC, successful or not, drops that reservation;
 *   - any write to a reserved word clears every reservation on it: a store,
 *     a successful SC or an AMO by any agent (the agent's own plain store
 *     too: the spec leaves that case open, and failing is always legal),
 *     and an atomic executed in a vault.
 * Whoever changes memory calls resv_write() for the bytes it changed, so the
 * rule lives here once instead of in each model.  Agents are numbered by the
 * owner (fsim: harts then PEs; full system: host cores then
 * HOST_MAX_CORES + PE).  resv_write() costs one compare while nobody holds
 * a reservation, which is the common case (today's kernels use AMOs only). */
#ifndef RESV_H
#define RESV_H

#include <stdint.h>

#define RESV_MAX_AGENTS 128

typedef struct {
  uint32_t word[RESV_MAX_AGENTS]; /* reserved address >> 2 */
  uint8_t valid[RESV_MAX_AGENTS];
  unsigned live;                  /* valid reservations */
  unsigned top;                   /* 1 + highest agent that ever reserved */
  uint64_t lrs, sc_ok, sc_fail, kills; /* kills: reservations cleared by a write */
  /* NULL, or told of every write (the full system's PE cache invalidation
   * unit, csim/sys/sys_inval.c, under pim.pe_inval=written) */
  void (*on_write)(void *ctx, uint64_t addr, unsigned n);
  void *on_write_ctx;
} resv_t;

/* No reservations, counters zero. */
void resv_init(resv_t *r);
/* LR.W by agent at addr (aligned: the caller traps misaligned LRs). */
void resv_lr(resv_t *r, unsigned agent, uint32_t addr);
/* SC.W by agent at addr: 1 if it may store (the caller then writes memory
 * and calls resv_write), 0 if it fails.  Drops agent's reservation. */
int resv_sc(resv_t *r, unsigned agent, uint32_t addr);
/* n bytes at addr changed: clears every reservation on the words touched. */
void resv_write(resv_t *r, uint64_t addr, unsigned n);
/* Drops agent's reservation (reset, trap). */
void resv_drop(resv_t *r, unsigned agent);
/* 1 while agent holds a reservation (Zawrs: wrs.nto sleeps on it). */
static inline int resv_held(const resv_t *r, unsigned agent) { return agent < RESV_MAX_AGENTS && r->valid[agent]; }

#endif
