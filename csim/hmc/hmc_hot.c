/* Space-Saving hot-address summary (hmc_hot.h). */
#include "hmc_hot.h"

#include <stdlib.h>
#include <string.h>

#define HMASK (HMC_HOT_HASH - 1u)

/* Fibonacci hashing: request addresses are line or word aligned, so the
 * low bits alone would crowd a few buckets. */
_Static_assert(HMC_HOT_HASH == 256, "home() takes the hash's top 8 bits");
static unsigned home(uint64_t addr) { return (unsigned)((addr * 0x9E3779B97F4A7C15ull) >> 56) & HMASK; }

/* The slots at count m: the smallest once the previous smallest is gone
 * (counts only grow by one, so nothing lies between). */
static void min_scan(const hmc_hot_t *t, hmc_hot_ix_t *ix, uint64_t m) {
  uint64_t mask = 0;
  for (unsigned i = 0; i < HMC_HOT_K; i++) mask |= (uint64_t)(t->e[i].count == m) << i;
  ix->minc = m;
  ix->minmask = mask;
}

/* Slot s's count went from c to c + 1. */
static void counted(const hmc_hot_t *t, hmc_hot_ix_t *ix, unsigned s, uint64_t c) {
  if (t->n < HMC_HOT_K || c != ix->minc) return;
  ix->minmask &= ~(1ull << s);
  if (!ix->minmask) min_scan(t, ix, c + 1);
}

/* Removes slot s's address from the probe table, shifting back the entries
 * behind it so that every probe sequence stays unbroken. */
static void unindex(const hmc_hot_t *t, hmc_hot_ix_t *ix, unsigned s) {
  unsigned i = home(t->e[s].addr);
  while (ix->slot[i] != s + 1) i = (i + 1) & HMASK;
  for (unsigned j = i;;) {
    j = (j + 1) & HMASK;
    if (!ix->slot[j]) break;
    const unsigned k = home(t->e[ix->slot[j] - 1].addr);
    /* the entry at j may move to i unless its home lies cyclically in (i, j] */
    if (((j - k) & HMASK) >= ((j - i) & HMASK)) {
      ix->slot[i] = ix->slot[j];
      i = j;
    }
  }
  ix->slot[i] = 0;
}

void hmc_hot_add(hmc_hot_t *t, hmc_hot_ix_t *ix, uint64_t addr) {
  unsigned j = home(addr);
  for (; ix->slot[j]; j = (j + 1) & HMASK) {
    const unsigned s = ix->slot[j] - 1u;
    if (t->e[s].addr == addr) {
      counted(t, ix, s, t->e[s].count++);
      return;
    }
  }
  if (t->n < HMC_HOT_K) {
    const unsigned s = t->n++;
    t->e[s] = (hmc_hot_ent_t){addr, 1, 0};
    ix->slot[j] = (uint8_t)(s + 1);
    if (t->n == HMC_HOT_K) {
      uint64_t m = UINT64_MAX;
      for (unsigned i = 0; i < HMC_HOT_K; i++) m = t->e[i].count < m ? t->e[i].count : m;
      min_scan(t, ix, m);
    }
    return;
  }
  /* the lowest slot at the smallest count c: it starts at c + 1, err c */
  const unsigned m = (unsigned)__builtin_ctzll(ix->minmask);
  const uint64_t c = t->e[m].count;
  unindex(t, ix, m);
  t->e[m] = (hmc_hot_ent_t){addr, c + 1, c};
  for (j = home(addr); ix->slot[j]; j = (j + 1) & HMASK) {} /* the shift may have freed an earlier bucket */
  ix->slot[j] = (uint8_t)(m + 1);
  counted(t, ix, m, c);
}

static int by_count(const void *a, const void *b) {
  const hmc_hot_ent_t *x = a, *y = b;
  if (x->count != y->count) return x->count > y->count ? -1 : 1;
  return x->addr < y->addr ? -1 : x->addr > y->addr;
}

unsigned hmc_hot_sorted(const hmc_hot_t *t, hmc_hot_ent_t *out) {
  memcpy(out, t->e, t->n * sizeof *out);
  qsort(out, t->n, sizeof *out, by_count);
  return t->n;
}
