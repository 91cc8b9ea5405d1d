/* LR/SC reservation set (see resv.h). */
#include "resv.h"

#include <string.h>

void resv_init(resv_t *r) { memset(r, 0, sizeof *r); }

void resv_drop(resv_t *r, unsigned agent) {
  if (agent < RESV_MAX_AGENTS && r->valid[agent]) {
    r->valid[agent] = 0;
    r->live--;
  }
}

void resv_lr(resv_t *r, unsigned agent, uint32_t addr) {
  if (agent >= RESV_MAX_AGENTS) return; /* never reserved: its SCs fail */
  r->lrs++;
  if (!r->valid[agent]) r->live++;
  r->valid[agent] = 1;
  r->word[agent] = addr >> 2;
  if (agent >= r->top) r->top = agent + 1;
}

int resv_sc(resv_t *r, unsigned agent, uint32_t addr) {
  const int ok = agent < RESV_MAX_AGENTS && r->valid[agent] && r->word[agent] == addr >> 2;
  resv_drop(r, agent);
  if (ok) r->sc_ok++;
  else r->sc_fail++;
  return ok;
}

void resv_write(resv_t *r, uint64_t addr, unsigned n) {
  if (r->on_write) r->on_write(r->on_write_ctx, addr, n);
  if (!r->live || !n) return;
  const uint64_t lo = addr >> 2, hi = (addr + n - 1) >> 2;
  for (unsigned a = 0; a < r->top && r->live; a++)
    if (r->valid[a] && r->word[a] >= lo && r->word[a] <= hi) {
      r->valid[a] = 0;
      r->live--;
      r->kills++;
    }
}

