/* Space-Saving hot-address summary (hmc_hot.h). */
#include "hmc_hot.h"

#include <stdlib.h>
#include <string.h>

void hmc_hot_add(hmc_hot_t *t, uint64_t addr) {
  for (unsigned i = 0; i < t->n; i++)
    if (t->e[i].addr == addr) {
      t->e[i].count++;
      return;
    }
  if (t->n < HMC_HOT_K) {
    t->e[t->n++] = (hmc_hot_ent_t){addr, 1, 0};
    return;
  }
  unsigned m = 0;
  for (unsigned i = 1; i < HMC_HOT_K; i++)
    if (t->e[i].count < t->e[m].count) m = i;
  const uint64_t c = t->e[m].count;
  t->e[m] = (hmc_hot_ent_t){addr, c + 1, c};
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
