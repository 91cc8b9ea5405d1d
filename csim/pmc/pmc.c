#include "pmc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  uint64_t hct, mct;
  unsigned pos;
  uint64_t total, hit, miss, pure, misses, pmisses;
} pmc_core_t;

struct pmc {
  pmc_cfg_t cfg;
  uint64_t cnt_mask, win_mask;
  pmc_core_t *core;
  uint8_t *flag;
  uint16_t *owner;
  /* the entries' valid bits, a bitmap: the per-entry loops of a step visit
   * only valid entries (a flag is only ever set on a valid entry, so the
   * clear loop has nothing to do on the others), and none at all while
   * their condition (a clear, a pure-miss cycle) is absent */
  uint64_t vmap[PMC_MAX_MSHR / 64];
};

pmc_t *pmc_new(const pmc_cfg_t *cfg) {
  const pmc_cfg_t *c = cfg;
  if (c->num_cores < 1 || c->num_cores > PMC_MAX_CORES || c->num_mshr < 2 || c->num_mshr > PMC_MAX_MSHR ||
      (c->num_mshr & (c->num_mshr - 1)) || c->w < 2 || c->w > PMC_MAX_W || c->cnt_w < 8 || c->cnt_w > 64) {
    fprintf(stderr, "pmc: configuration out of range (cores %u, mshr %u, W %u, CntW %u)\n", c->num_cores,
            c->num_mshr, c->w, c->cnt_w);
    return NULL;
  }
  pmc_t *p = calloc(1, sizeof *p);
  if (!p) return NULL;
  p->cfg = *c;
  p->cnt_mask = c->cnt_w == 64 ? ~0ull : (1ull << c->cnt_w) - 1;
  p->win_mask = c->w == 64 ? ~0ull : (1ull << c->w) - 1;
  p->core = calloc(c->num_cores, sizeof *p->core);
  p->flag = calloc(c->num_mshr, 1);
  p->owner = calloc(c->num_mshr, sizeof *p->owner);
  if (!p->core || !p->flag || !p->owner) {
    pmc_free(p);
    return NULL;
  }
  return p;
}

void pmc_free(pmc_t *p) {
  if (!p) return;
  free(p->core);
  free(p->flag);
  free(p->owner);
  free(p);
}

void pmc_reset(pmc_t *p) {
  memset(p->core, 0, p->cfg.num_cores * sizeof *p->core);
  memset(p->flag, 0, p->cfg.num_mshr);
  memset(p->owner, 0, p->cfg.num_mshr * sizeof *p->owner);
  memset(p->vmap, 0, sizeof p->vmap);
}

const pmc_cfg_t *pmc_cfg(const pmc_t *p) { return &p->cfg; }
uint64_t pmc_hct(const pmc_t *p, unsigned core) { return p->core[core].hct; }
uint64_t pmc_mct(const pmc_t *p, unsigned core) { return p->core[core].mct; }

uint64_t pmc_read(const pmc_t *p, unsigned core, unsigned sel) {
  const pmc_core_t *k = &p->core[core];
  switch (sel & 7) {
  case PMC_SEL_TOTAL: return k->total;
  case PMC_SEL_HIT: return k->hit;
  case PMC_SEL_MISS: return k->miss;
  case PMC_SEL_PURE: return k->pure;
  case PMC_SEL_MISSES: return k->misses;
  case PMC_SEL_PURE_MISSES: return k->pmisses;
  case PMC_SEL_WIN_FILL: return k->pos;
  default: return 0;
  }
}

static unsigned bit(uint64_t v, unsigned i) { return (unsigned)(v >> i) & 1u; }

void pmc_step(pmc_t *p, const pmc_in_t *in, pmc_out_t *out) {
  const pmc_cfg_t *c = &p->cfg;
  const unsigned nm = c->num_mshr, mi = nm - 1;
  /* Indices wrap at the port width, as the RTL's do. */
  const unsigned ai = in->mshr_alloc_idx & mi, fi = in->mshr_free_idx & mi;
  /* NumCores a power of two or not, the RTL's core index has CoreW bits;
   * an owner >= NumCores addresses no core (its bit reads as 0). */
  unsigned core_w = 1;
  while ((1u << core_w) < c->num_cores) core_w++;
  const unsigned ac = in->mshr_alloc_core & ((1u << core_w) - 1);
  const uint64_t pure_cycle = in->enable & in->miss_act & ~in->hit_act;

  for (unsigned k = 0; k < c->num_cores; k++) out->rd_data[k] = pmc_read(p, k, in->rd_sel[k]);

  /* MSHR events -> per-core increments (from state before the edge). */
  uint64_t miss_inc = 0, pure_miss_inc = 0;
  if (in->mshr_alloc) miss_inc |= 1ull << ac;
  if (in->mshr_free && (p->vmap[fi / 64] >> (fi % 64) & 1) && p->flag[fi] && !bit(in->clear, p->owner[fi]))
    pure_miss_inc |= 1ull << p->owner[fi];

  /* Per-entry flags: clear, free, alloc, then this cycle's pure condition. */
  const unsigned nw = (nm + 63) / 64;
  if (in->clear)
    for (unsigned w = 0; w < nw; w++)
      for (uint64_t m = p->vmap[w]; m; m &= m - 1) {
        const unsigned e = w * 64 + (unsigned)__builtin_ctzll(m);
        if (bit(in->clear, p->owner[e])) p->flag[e] = 0;
      }
  if (in->mshr_free) {
    p->flag[fi] = 0;
    p->vmap[fi / 64] &= ~(1ull << (fi % 64));
  }
  if (in->mshr_alloc) {
    p->vmap[ai / 64] |= 1ull << (ai % 64);
    p->owner[ai] = (uint16_t)ac;
    p->flag[ai] = 0;
  }
  if (pure_cycle)
    for (unsigned w = 0; w < nw; w++)
      for (uint64_t m = p->vmap[w]; m; m &= m - 1) {
        const unsigned e = w * 64 + (unsigned)__builtin_ctzll(m);
        if (bit(pure_cycle, p->owner[e])) p->flag[e] = 1;
      }

  for (unsigned k = 0; k < c->num_cores; k++) {
    pmc_core_t *q = &p->core[k];
    const unsigned en = bit(in->enable, k);
    if (bit(in->clear, k)) memset(q, 0, sizeof *q);
    const unsigned h = en & bit(in->hit_act, k), m = en & bit(in->miss_act, k);
    if (en) {
      q->total = (q->total + 1) & p->cnt_mask;
      q->misses = (q->misses + bit(miss_inc, k)) & p->cnt_mask;
      q->pmisses = (q->pmisses + bit(pure_miss_inc, k)) & p->cnt_mask;
    }
    if (bit(in->flush, k) || (en && q->pos == c->w - 1)) {
      /* The registered window's popcount plus this cycle's bit. */
      q->hit = (q->hit + (uint64_t)__builtin_popcountll(q->hct) + h) & p->cnt_mask;
      q->miss = (q->miss + (uint64_t)__builtin_popcountll(q->mct) + m) & p->cnt_mask;
      q->pure = (q->pure + (uint64_t)__builtin_popcountll(q->mct & ~q->hct) + (m && !h)) & p->cnt_mask;
      q->hct = q->mct = 0;
      q->pos = 0;
    } else if (en) {
      /* Shift registers of W bits: this cycle enters at bit 0. */
      q->hct = ((q->hct << 1) | h) & p->win_mask;
      q->mct = ((q->mct << 1) | m) & p->win_mask;
      q->pos++;
    }
  }
}
