/* PIM dispatcher: see hmc_dispatch.h for the contract.  Launches live in a
 * ring of max_pending slots in ticket order; each active launch has work
 * queues with a cursor each; PEs grab chunks from the oldest active launch
 * that has work for them. */
#include "hmc_dispatch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hmc.h"
#include "le.h"

#define MAXQ 32

enum { L_FREE = 0, L_WAITING, L_ACTIVE, L_DONE };
enum { PE_IDLE = 0, PE_RUN, PE_DRAIN };

typedef struct {
  hmc_desc_t desc;
  uint32_t ticket;
  int state;
  uint64_t t_ready, t_start;
  unsigned nq;   /* work queues */
  int vault;     /* queues are vaults (place VAULT with a primary element) */
  int wide;      /* enough iterations to give every PE a full chunk */
  uint32_t cur[MAXQ], lim[MAXQ];
  unsigned inflight; /* chunks handed out and not finished */
} launch_t;

struct hmc_dispatch {
  hmc_dispatch_cfg_t cfg;
  hmc_dispatch_ops_t ops;
  uint8_t *mem;
  size_t mem_bytes;
  launch_t *q;        /* ring: ticket t in slot (t - 1) % max_pending */
  uint32_t head;      /* oldest ticket not yet retired from the ring */
  uint32_t next_ticket;
  unsigned active;    /* launches in L_ACTIVE */
  uint64_t t_active0; /* when active last went 0 -> 1 */
  unsigned wide;      /* active launches with at least P x chunk iterations */
  uint64_t t_wide0;
  int pe_state[MAXQ];
  uint32_t pe_ticket[MAXQ]; /* launch of the PE's chunk in flight, 0: none */
  hmc_dispatch_stats_t st;
};

void hmc_dispatch_split(uint32_t first, uint32_t end, unsigned num_pes, unsigned pe, uint32_t *lo, uint32_t *hi) {
  uint32_t n = end > first ? end - first : 0, base = n / num_pes, rem = n % num_pes;
  *lo = first + pe * base + (pe < rem ? pe : rem);
  *hi = *lo + base + (pe < rem);
}

hmc_dispatch_t *hmc_dispatch_new(const hmc_dispatch_cfg_t *cfg, const hmc_dispatch_ops_t *ops, uint8_t *mem,
                                 size_t mem_bytes) {
  const char *why = NULL;
  if (!cfg || !ops || !ops->start) why = "configuration and a start() callback are required";
  else if (cfg->num_pes < 1 || cfg->num_pes > MAXQ) why = "num_pes must be 1..32";
  else if (cfg->max_pending < 1 || cfg->max_pending > 65536) why = "max_pending must be 1..65536";
  else if (cfg->sched > HMC_SCHED_DYNAMIC) why = "sched must be static (0) or dynamic (1)";
  else if (cfg->chunk < 1 || cfg->chunk > 65536) why = "chunk must be 1..65536";
  else if (cfg->place > HMC_PLACE_VAULT) why = "place must be range (0) or vault (1)";
  else if (cfg->place == HMC_PLACE_VAULT && !ops->vault_of) why = "place vault needs a vault_of() callback";
  else if (cfg->block_bytes < 16 || (cfg->block_bytes & (cfg->block_bytes - 1))) why = "block_bytes must be a power of two >= 16";
  else if (!mem || cfg->counter_base % cfg->block_bytes ||
           (uint64_t)cfg->counter_base + HMC_DISPATCH_CTR_BYTES(cfg) > mem_bytes)
    why = "the work counters do not fit in the functional memory";
  if (why) {
    fprintf(stderr, "hmc_dispatch: bad configuration: %s\n", why);
    return NULL;
  }
  hmc_dispatch_t *d = calloc(1, sizeof *d);
  if (!d) return NULL;
  d->cfg = *cfg;
  d->ops = *ops;
  d->mem = mem;
  d->mem_bytes = mem_bytes;
  d->q = calloc(cfg->max_pending, sizeof *d->q);
  if (!d->q) {
    free(d);
    return NULL;
  }
  d->next_ticket = 1;
  d->head = 1;
  return d;
}

void hmc_dispatch_free(hmc_dispatch_t *d) {
  if (!d) return;
  free(d->q);
  free(d);
}

static launch_t *slot_of(const hmc_dispatch_t *d, uint32_t ticket) { return &d->q[(ticket - 1) % d->cfg.max_pending]; }

/* ---------------------------------------------------------------- vault queues */

static uint32_t prim_addr(const launch_t *L, uint32_t i) {
  return (uint32_t)(L->desc.prim_base + (uint64_t)i * L->desc.prim_stride);
}

/* End of the run of iterations from i whose primary elements share i's
 * interleave block (and so its vault). */
static uint32_t run_end(const hmc_dispatch_t *d, const launch_t *L, uint32_t i) {
  const uint32_t B = d->cfg.block_bytes, a = prim_addr(L, i), left = B - a % B;
  const uint64_t e = (uint64_t)i + (left + L->desc.prim_stride - 1) / L->desc.prim_stride;
  return e < L->desc.end ? (uint32_t)e : L->desc.end;
}

/* Moves queue v's cursor to its next iteration in vault v (or the end). */
static void vault_seek(hmc_dispatch_t *d, launch_t *L, unsigned v) {
  uint32_t i = L->cur[v];
  while (i < L->desc.end && d->ops.vault_of(d->ops.ctx, prim_addr(L, i)) % d->cfg.num_pes != v) i = run_end(d, L, i);
  L->cur[v] = i;
}

/* ---------------------------------------------------------------- launches */

static void retire_done(hmc_dispatch_t *d) {
  while (d->head < d->next_ticket && slot_of(d, d->head)->state == L_DONE) {
    slot_of(d, d->head)->state = L_FREE;
    d->head++;
  }
}

static void complete(hmc_dispatch_t *d, launch_t *L, uint64_t now) {
  L->state = L_DONE;
  d->st.completed++;
  d->st.busy_ps += now - L->t_start;
  if (--d->active == 0) d->st.active_ps += now - d->t_active0;
  if (L->wide && --d->wide == 0) d->st.wide_ps += now - d->t_wide0;
  const uint32_t t = L->ticket;
  retire_done(d);
  if (d->ops.done) d->ops.done(d->ops.ctx, t, now);
}

static int queues_empty(const launch_t *L) {
  for (unsigned k = 0; k < L->nq; k++)
    if (L->cur[k] < L->lim[k]) return 0;
  return 1;
}

static void maybe_complete(hmc_dispatch_t *d, launch_t *L, uint64_t now) {
  if (L->state == L_ACTIVE && !L->inflight && queues_empty(L)) complete(d, L, now);
}

static void activate(hmc_dispatch_t *d, launch_t *L, uint64_t now) {
  const unsigned P = d->cfg.num_pes;
  const hmc_desc_t *x = &L->desc;
  L->state = L_ACTIVE;
  L->t_start = now;
  L->inflight = 0;
  if (d->active++ == 0) d->t_active0 = now;
  if (d->active > d->st.max_active) d->st.max_active = d->active;
  d->st.iterations += x->end > x->first ? x->end - x->first : 0;
  L->wide = x->end > x->first && (uint64_t)(x->end - x->first) >= (uint64_t)P * d->cfg.chunk;
  if (L->wide && d->wide++ == 0) d->t_wide0 = now;
  L->vault = d->cfg.place == HMC_PLACE_VAULT && x->prim_stride;
  if (L->vault) {
    L->nq = P;
    for (unsigned v = 0; v < P; v++) {
      L->cur[v] = x->first;
      L->lim[v] = x->end > x->first ? x->end : x->first;
      vault_seek(d, L, v);
    }
  } else if (d->cfg.sched == HMC_SCHED_STATIC) {
    L->nq = P;
    for (unsigned p = 0; p < P; p++) hmc_dispatch_split(x->first, x->end, P, p, &L->cur[p], &L->lim[p]);
  } else {
    L->nq = 1;
    L->cur[0] = x->first;
    L->lim[0] = x->end > x->first ? x->end : x->first;
  }
  if (queues_empty(L)) {
    complete(d, L, now);
    return;
  }
  for (unsigned p = 0; p < P; p++) {
    if (d->pe_state[p] == PE_RUN) continue;
    d->pe_state[p] = PE_RUN;
    d->st.pe_starts++;
    d->ops.start(d->ops.ctx, p, d->cfg.boot_pc, now);
  }
}

void hmc_dispatch_advance(hmc_dispatch_t *d, uint64_t now_ps) {
  for (uint32_t t = d->head; t < d->next_ticket; t++) {
    launch_t *L = slot_of(d, t);
    if (L->state != L_WAITING) continue;
    if (!d->cfg.concurrent && (t != d->head || d->active)) break; /* one at a time, in ticket order */
    if (now_ps < L->t_ready) break; /* later launches are not ready earlier */
    activate(d, L, now_ps);
  }
}

int hmc_dispatch_launch_desc(hmc_dispatch_t *d, const hmc_desc_t *desc, uint64_t now_ps, uint32_t *ticket) {
  if (desc->end > desc->first && desc->end - desc->first > 0x80000000u) {
    fprintf(stderr, "hmc_dispatch: descriptor range [%u, %u) of loop %u too large\n", desc->first, desc->end,
            desc->loop_id);
    return HMC_EINVAL;
  }
  if (d->next_ticket - d->head >= d->cfg.max_pending) return HMC_STALL;
  launch_t *L = slot_of(d, d->next_ticket);
  memset(L, 0, sizeof *L);
  L->desc = *desc;
  L->ticket = d->next_ticket++;
  L->t_ready = now_ps + d->cfg.start_delay_ps;
  L->state = L_WAITING;
  d->st.launches++;
  *ticket = L->ticket;
  return HMC_OK;
}

int hmc_dispatch_launch(hmc_dispatch_t *d, uint32_t desc_addr, uint64_t now_ps, uint32_t *ticket) {
  if ((uint64_t)desc_addr + 32 > d->mem_bytes || desc_addr % 4) {
    fprintf(stderr, "hmc_dispatch: descriptor address 0x%08x outside memory or misaligned\n", desc_addr);
    return HMC_EADDR;
  }
  const uint8_t *p = d->mem + desc_addr;
  hmc_desc_t desc = {le_ld32(p),      le_ld32(p + 4),  le_ld32(p + 8),  le_ld32(p + 12),
                     le_ld32(p + 16), le_ld32(p + 20), le_ld32(p + 24), le_ld32(p + 28)};
  return hmc_dispatch_launch_desc(d, &desc, now_ps, ticket);
}

/* ---------------------------------------------------------------- PEs */

static void finish_chunk(hmc_dispatch_t *d, unsigned pe, uint64_t now) {
  const uint32_t t = d->pe_ticket[pe];
  if (!t) return;
  d->pe_ticket[pe] = 0;
  launch_t *L = slot_of(d, t);
  if (L->state != L_ACTIVE || L->ticket != t || !L->inflight) return;
  L->inflight--;
  maybe_complete(d, L, now);
}

/* The queue PE pe takes from in launch L, or -1. */
static int pick_queue(const hmc_dispatch_t *d, const launch_t *L, unsigned pe, int *stolen) {
  *stolen = 0;
  if (L->nq == 1) return L->cur[0] < L->lim[0] ? 0 : -1;
  if (L->cur[pe] < L->lim[pe]) return (int)pe;
  if (d->cfg.sched != HMC_SCHED_DYNAMIC) return -1;
  int best = -1;
  uint32_t most = 0;
  for (unsigned k = 0; k < L->nq; k++) {
    const uint32_t left = L->lim[k] > L->cur[k] ? L->lim[k] - L->cur[k] : 0;
    if (left > most) most = left, best = (int)k;
  }
  *stolen = best >= 0;
  return best;
}

int hmc_dispatch_grab(hmc_dispatch_t *d, unsigned pe, uint64_t now_ps, hmc_grab_t *g) {
  memset(g, 0, sizeof *g);
  if (pe >= d->cfg.num_pes || d->pe_state[pe] != PE_RUN) {
    fprintf(stderr, "hmc_dispatch: PE %u grabbed work but was not started\n", pe);
    return HMC_EINVAL;
  }
  d->st.grabs++;
  finish_chunk(d, pe, now_ps);
  for (uint32_t t = d->head; t < d->next_ticket; t++) {
    launch_t *L = slot_of(d, t);
    if (L->state != L_ACTIVE) continue;
    int stolen;
    const int q = pick_queue(d, L, pe, &stolen);
    if (q < 0) continue;
    uint32_t lo = L->cur[q], hi = L->vault ? run_end(d, L, lo) : L->lim[q];
    if (d->cfg.sched == HMC_SCHED_DYNAMIC) {
      /* at most `chunk`, and no more than a P-th of what is left, so a
       * short range still spreads over every PE */
      uint32_t n = d->cfg.chunk;
      if (L->nq == 1) {
        const uint32_t fair = (L->lim[0] - lo + d->cfg.num_pes - 1) / d->cfg.num_pes;
        if (fair < n) n = fair;
      }
      if (hi - lo > n) hi = lo + n;
    }
    L->cur[q] = hi;
    if (L->vault) vault_seek(d, L, (unsigned)q);
    L->inflight++;
    d->pe_ticket[pe] = t;
    d->st.chunks++;
    d->st.steals += (uint64_t)stolen;
    *g = (hmc_grab_t){.got = 1, .entry = L->desc.entry, .arg = L->desc.arg, .lo = lo, .hi = hi,
                      .loop_id = L->desc.loop_id, .flags = L->desc.flags, .ticket = t, .stolen = stolen};
    if (d->cfg.sched == HMC_SCHED_DYNAMIC) {
      /* one counter per (slot, queue); a single range queue sits in vault slot % P */
      const unsigned P = d->cfg.num_pes, slot = (t - 1) % d->cfg.max_pending;
      const unsigned qi = L->nq == 1 ? slot % P : (unsigned)q;
      g->ctr_addr = d->cfg.counter_base + ((uint32_t)slot * P + qi) * d->cfg.block_bytes;
    }
    return HMC_OK;
  }
  d->pe_state[pe] = PE_DRAIN;
  return HMC_OK;
}

int hmc_dispatch_pe_halted(hmc_dispatch_t *d, unsigned pe, uint64_t now_ps) {
  if (pe >= d->cfg.num_pes || d->pe_state[pe] == PE_IDLE) {
    fprintf(stderr, "hmc_dispatch: PE %u halted but was not running\n", pe);
    return HMC_EINVAL;
  }
  d->pe_state[pe] = PE_IDLE;
  finish_chunk(d, pe, now_ps);
  return HMC_OK;
}

int hmc_dispatch_done(const hmc_dispatch_t *d, uint32_t ticket) {
  if (ticket == 0 || ticket >= d->next_ticket) return -1;
  if (ticket < d->head) return 1;
  return slot_of(d, ticket)->state == L_DONE;
}

unsigned hmc_dispatch_active(const hmc_dispatch_t *d) { return d->active; }

unsigned hmc_dispatch_wide(const hmc_dispatch_t *d) { return d->wide; }

uint64_t hmc_dispatch_completed(const hmc_dispatch_t *d) { return d->st.completed; }

uint64_t hmc_dispatch_next_ps(const hmc_dispatch_t *d) {
  uint64_t t = UINT64_MAX;
  for (uint32_t k = d->head; k < d->next_ticket; k++) {
    const launch_t *L = slot_of(d, k);
    if (L->state == L_WAITING && L->t_ready < t) t = L->t_ready;
  }
  return t;
}

unsigned hmc_dispatch_pending(const hmc_dispatch_t *d) {
  unsigned n = 0;
  for (uint32_t t = d->head; t < d->next_ticket; t++) n += slot_of(d, t)->state != L_DONE;
  return n;
}

void hmc_dispatch_stats(const hmc_dispatch_t *d, hmc_dispatch_stats_t *s) { *s = d->st; }
