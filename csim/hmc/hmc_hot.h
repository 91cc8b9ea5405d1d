/* The HMC's hot addresses: which words and lines receive the most
 * requests, in bounded memory, so that a kernel's single-word hot spot (a
 * shared counter, flag or reduction word that every PE updates) shows in
 * the statistics without reading the kernel (docs/stats.md "hot_addrs").
 *
 * Metwally, Agrawal and El Abbadi's Space-Saving summary: HMC_HOT_K
 * counters; an address already held is counted; a new one takes the slot
 * of the smallest count c and starts at c + 1 with err = c.  For N
 * requests, every address seen more than N / HMC_HOT_K times is held, a
 * held count overestimates the truth by at most its err (<= N / HMC_HOT_K),
 * and count - err is a lower bound.  Deterministic: ties go to the lowest
 * slot. */
#ifndef HMC_HOT_H
#define HMC_HOT_H

#include <stdint.h>

#define HMC_HOT_K 64 /* error bound N / 64: a 5 % address is certain to be held, to within 1.6 % */

typedef struct {
  uint64_t addr;  /* request address as sent (a line's or a word's) */
  uint64_t count; /* requests counted to it (an overestimate by at most err) */
  uint64_t err;   /* the count of the address it replaced */
} hmc_hot_ent_t;

typedef struct {
  unsigned n; /* slots in use */
  hmc_hot_ent_t e[HMC_HOT_K];
} hmc_hot_t;

/* An index over an hmc_hot_t, kept beside it rather than in it so that the
 * statistics (hmc_stats_t, copied into every snapshot) keep their layout:
 * which slot holds an address, and the smallest count and the slots at it,
 * so that a request costs a probe or two instead of two scans of the 64
 * slots.  It changes no result: the slot replaced is still the lowest one at
 * the smallest count.  All zero is an empty index. */
#define HMC_HOT_HASH (4 * HMC_HOT_K) /* a power of two, a quarter full at most: short probe runs */
typedef struct {
  uint64_t minc;               /* smallest count, once all slots are in use */
  uint64_t minmask;            /* the slots at minc (bit i: slot i) */
  uint8_t slot[HMC_HOT_HASH];  /* slot + 1 holding an address, 0 empty; linear probing */
} hmc_hot_ix_t;

/* Counts one request to addr (ix: t's index, updated with it). */
void hmc_hot_add(hmc_hot_t *t, hmc_hot_ix_t *ix, uint64_t addr);
/* The held entries, largest count first (ties: lower address first), into
 * out[HMC_HOT_K]; returns how many. */
unsigned hmc_hot_sorted(const hmc_hot_t *t, hmc_hot_ent_t *out);

#endif
