/* Fast HMC timing (issue 50, hmc.fast=1): each request's completion is
 * computed once, when it is sent, from its vault's and bank's state, instead
 * of stepping the crossbar and every vault at every tCK.
 *
 * What stays exact: the request link serialisation (hmc.c does it as in the
 * exact mode), the crossbar latencies, the DRAM timings as hmc_vault.c
 * applies them to one request (tRCD, tCL, tCWL, tRP, tRAS, tWR, tRTP, tCCD
 * per burst, tRRD, tFAW, closed or open page, the atomic's read, ALU and
 * write halves), staggered refresh windows of tRFC every tREFI, and the
 * functional side (the same effects and results: hmc_atomic_apply).
 *
 * What is approximated (docs/hmc.md, "Fast mode"): requests are scheduled
 * in send order (FCFS per bank; a row hit is one only if the row is still
 * open when the request is scheduled, so FR-FCFS reordering is not modelled);
 * the vault data bus and each response link are reservation calendars
 * (a request may use an earlier free gap, as the exact model's oldest-first
 * among ready requests would let it); bus turnarounds apply only against
 * the latest column command scheduled; tRRD and one command per tCK are
 * calendars of the vault too; back-pressure is a chain of bounded queues
 * taken in send order: a vault's vault_q request slots, each held from the
 * crossbar's move to the request's first DRAM command, and vault_rsp_q
 * response slots, each held from that command until the response crosses
 * (to a link's output buffer once the FLITs booked ahead of it on the
 * response link fit in link_rsp_flits, the buffer drained at the link's
 * rate); a request leaves its port's input buffer when it gets a request
 * slot, and hmc_send refuses as the exact mode does while the buffer holds
 * pe_port_q requests or link_buf_flits FLITs not yet left by the last
 * hmc_advance (a slot goes to the request sent first, not the crossbar's
 * round-robin choice); the crossbar's one packet per vault and per source
 * per cycle is ignored; the functional access is made at the column
 * command the fast schedule places (an event on the heap), which differs
 * from the exact model's where the schedules differ. */
#include "hmc_int.h"

#include <stdlib.h>
#include <string.h>

/* The build's profile (scripts/pgo_train.sh) runs the exact mode only, so
 * nothing tells the compiler that these small helpers are a fast request's
 * inner steps: inlined by hand (a call each cost more than its body). */
#define FAST_AI static inline __attribute__((always_inline))

/* A reservation calendar: the units reserved, found from base on (units
 * before base are past and not reusable).  base follows the latest unit
 * found: it is at least u + n - CAL_W after a search returned u for n
 * units, so a deep queue's reservations far ahead retire the gaps more than
 * CAL_W units behind them.  The bits are kept in a ring of CAL_RW words,
 * each tagged with the absolute word (unit / 64) it holds: a word whose tag
 * is another is all free, so sliding the window clears nothing (clearing
 * the words it passed cost a third of a request's calendar time), and the
 * ring, twice the window, holds every word of the window at once. */
#define CAL_W 8192u
#define CAL_RW (2u * CAL_W / 64u)
typedef struct {
  uint64_t base;
  uint64_t w[CAL_RW], tag[CAL_RW];
} cal_t;

typedef struct {
  int open;
  uint64_t row, act_ok, col_ok, pre_ok, free; /* free: first cycle a new request may take the bank */
} fbank_t;

/* Out of order (hmc_fast_set_ooo): the vault's latest ACTs and column
 * commands as scheduled, whatever their times, so that a request scheduled
 * before the latest ones meets tFAW and the bus turnaround against those
 * before it in time */
#define OOO_H 16
typedef struct {
  uint64_t next_ref;
  uint64_t last_act, act_hist[4];
  unsigned act_n, act_head;
  uint64_t last_col, col_rd_ok, col_wr_ok;
  int last_wr;
  uint64_t o_act[OOO_H], o_col[OOO_H];
  uint32_t o_bus[OOO_H];
  uint8_t o_wr[OOO_H];
  unsigned o_act_n, o_col_n; /* entries written (the ring's next: n % OOO_H) */
  fbank_t bank[HMC_MAX_BANKS];
} fvault_t;

/* A scheduled event of request idx: its functional access at its column
 * command (func), or its hand-over (a response, or a posted request's
 * completion) at the request's t_ps.  A request has one event in the heap
 * at a time: the hand-over goes in when the functional access comes out,
 * which keeps the heap half as deep and pops in the same order, since the
 * hand-over is never before it (not earlier, and its key is the next). */
typedef struct {
  uint64_t t_ps, key; /* key: the tie-break, port << EV_PORT | ord (lower port first, as deliver(), then send order) */
  int idx, func;
} fev_t;
#define EV_PORT 56 /* ord (two a request) stays below 2^56 */

/* A multiset of cycles, at most cap of them, kept sorted: the slots of a
 * bounded queue (each entry the cycle its holder leaves), or a port's
 * requests still in its input queue (each the cycle it leaves, packed with
 * its FLITs).  Only the least entry and the count are ever read, so any
 * order of equal entries does; sorted rather than a heap because entries
 * come mostly in increasing order (send order), so an insertion is at or
 * near the end and the least leaves from the front: t[lo .. lo + n) in an
 * array of 2 cap, moved back to the start when it reaches the end. */
typedef struct {
  uint64_t *t;
  unsigned lo, n, cap;
} tq_t;
#define TQ_FL 5 /* low bits of an input-queue entry: its FLITs (at most 17) */

struct hmc_fast {
  cal_t bus[HMC_MAX_VAULTS], acts[HMC_MAX_VAULTS], cmd[HMC_MAX_VAULTS], rsp[HMC_MAX_LINKS];
  /* out-of-order sends (hmc_fast_set_ooo; closed page only): each bank's
   * time held, ACT to the next ACT allowed, and its refresh windows, as a
   * calendar [vault * banks + bank], so that a request due earlier than one
   * already scheduled may use the bank before it; NULL: in-order, the
   * banks' busy-until state */
  cal_t *bank;
  /* out of order too: each link's request FLIT times, so that a request
   * sent for an earlier time than one already on the link may go before it
   * (the interval host core sends ahead of the system's cycle) */
  cal_t req[HMC_MAX_LINKS];
  int req_on; /* hmc_fast_set_ooo_links */
  fvault_t v[HMC_MAX_VAULTS];
  /* back-pressure: each vault's request and response queue slots, and each
   * port's requests not yet moved by the crossbar (its input buffer) */
  tq_t rq[HMC_MAX_VAULTS], rs[HMC_MAX_VAULTS], in[HMC_NUM_PORTS];
  fev_t *heap;
  unsigned n, cap;
  uint64_t ord;
  unsigned bias_pct;
};

static int tq_init(tq_t *q, unsigned cap) {
  q->t = malloc(sizeof *q->t * 2 * cap);
  q->lo = q->n = 0;
  q->cap = cap;
  return q->t != NULL;
}

FAST_AI void tq_push(tq_t *q, uint64_t x) { /* q->n < q->cap */
  if (q->lo + q->n == 2 * q->cap) {
    memmove(q->t, q->t + q->lo, sizeof *q->t * q->n);
    q->lo = 0;
  }
  uint64_t *t = q->t + q->lo;
  unsigned k = q->n++;
  for (; k && t[k - 1] > x; k--) t[k] = t[k - 1];
  t[k] = x;
}

FAST_AI uint64_t tq_min(const tq_t *q) { return q->t[q->lo]; } /* q->n > 0 */

FAST_AI uint64_t tq_pop(tq_t *q) {
  q->n--;
  return q->t[q->lo++];
}

/* A queue of cap slots: the first cycle one is free (a slot is held from
 * the cycle its holder enters to the cycle, kept in the heap, it leaves). */
FAST_AI uint64_t slot_free(const tq_t *q) { return q->n < q->cap ? 0 : tq_min(q); }

/* Takes the slot that frees first, held until cycle `until`. */
FAST_AI void slot_take(tq_t *q, uint64_t until) {
  if (q->n == q->cap) tq_pop(q);
  tq_push(q, until);
}

int hmc_fast_init(hmc_t *h) {
  hmc_fast_t *F = calloc(1, sizeof *F);
  if (!F) return 0;
  h->fast = F;
  int ok = 1;
  for (unsigned v = 0; v < h->cfg.vaults; v++) {
    ok &= tq_init(&F->rq[v], h->cfg.vault_q);
    ok &= tq_init(&F->rs[v], h->cfg.vault_rsp_q);
    ok &= tq_init(&F->in[hmc_port_pe(v)], h->cfg.pe_port_q);
  }
  for (unsigned l = 0; l < h->cfg.links; l++) ok &= tq_init(&F->in[l], h->cfg.link_buf_flits); /* >= 1 FLIT each */
  if (!ok) return 0; /* hmc_free frees what was allocated */
  for (unsigned v = 0; v < h->cfg.vaults; v++) {
    /* the exact model's stagger: the first refresh after one tREFI */
    F->v[v].next_ref = h->t_refi + (uint64_t)h->t_refi * v / h->cfg.vaults;
    F->v[v].last_wr = -1;
  }
  h->fast_next_ps = UINT64_MAX;
  const char *b = getenv("COPIM_HMC_FAST_BIAS_PCT"); /* planted fault, tests only */
  F->bias_pct = b ? (unsigned)strtoul(b, NULL, 10) : 0;
  return 1;
}

void hmc_fast_free(hmc_t *h) {
  if (!h->fast) return;
  for (unsigned v = 0; v < HMC_MAX_VAULTS; v++) free(h->fast->rq[v].t), free(h->fast->rs[v].t);
  for (unsigned p = 0; p < HMC_NUM_PORTS; p++) free(h->fast->in[p].t);
  free(h->fast->heap);
  free(h->fast->bank);
  free(h->fast);
  h->fast = NULL;
}

/* Absolute word aw's bits (bit i: unit aw * 64 + i). */
FAST_AI uint64_t cal_word(const cal_t *C, uint64_t aw) {
  const unsigned wi = (unsigned)(aw % CAL_RW);
  return C->tag[wi] == aw ? C->w[wi] : 0;
}

/* Units u .. u + 63 as bits (bit i: unit u + i). */
FAST_AI uint64_t cal_bits(const cal_t *C, uint64_t u) {
  const uint64_t aw = u / 64;
  const unsigned off = (unsigned)(u % 64);
  uint64_t x = cal_word(C, aw) >> off;
  if (off) x |= cal_word(C, aw + 1) << (64 - off);
  return x;
}

/* The first u' >= u with n free units (not reserved).  The window slides
 * once, to the unit found: the bits read do not depend on base, and the
 * unit found is the largest the search reaches, so sliding at each step as
 * it goes leaves the same base. */
static uint64_t cal_find(cal_t *C, uint64_t u, unsigned n) {
  if (u < C->base) u = C->base;
  if (n > 64) { /* (no request holds a unit this long; kept general) */
    for (unsigned k = 0; k < n;) {
      if (cal_bits(C, u + k) & 1) u += k + 1, k = 0;
      else
        k++;
    }
  } else {
    const uint64_t m = n == 64 ? ~0ull : (1ull << n) - 1;
    for (;;) {
      const uint64_t x = cal_bits(C, u);
      if (x & 1) { /* busy at u: on to the first free unit */
        u += ~x ? (uint64_t)__builtin_ctzll(~x) : 64;
        continue;
      }
      const uint64_t b = x & m;
      if (!b) break;
      u += 64 - (uint64_t)__builtin_clzll(b); /* past the last busy unit of the n */
    }
  }
  if (u + n > C->base + CAL_W) C->base = u + n - CAL_W; /* what falls out is past */
  return u;
}

/* cal_find for one unit, the command calendar's case. */
FAST_AI uint64_t cal_find1(cal_t *C, uint64_t u) {
  if (u < C->base) u = C->base;
  for (uint64_t x; (x = cal_bits(C, u)) & 1;) u += ~x ? (uint64_t)__builtin_ctzll(~x) : 64;
  if (u + 1 > C->base + CAL_W) C->base = u + 1 - CAL_W;
  return u;
}

/* Absolute word aw, to be written: a word of an earlier lap is all free. */
FAST_AI uint64_t *cal_wr(cal_t *C, uint64_t aw) {
  const unsigned wi = (unsigned)(aw % CAL_RW);
  if (C->tag[wi] != aw) {
    C->tag[wi] = aw;
    C->w[wi] = 0;
  }
  return &C->w[wi];
}

/* Units u .. u + n - 1 reserved (found free by cal_find, so in the window):
 * at most two words for n <= 64, the case of every request. */
FAST_AI void cal_mark64(cal_t *C, uint64_t u, unsigned n) {
  const uint64_t aw = u / 64, m = n == 64 ? ~0ull : (1ull << n) - 1;
  const unsigned off = (unsigned)(u % 64);
  *cal_wr(C, aw) |= m << off;
  if (off + n > 64) *cal_wr(C, aw + 1) |= m >> (64 - off);
}

FAST_AI void cal_mark(cal_t *C, uint64_t u, unsigned n) {
  for (; n > 64; u += 64, n -= 64) cal_mark64(C, u, 64);
  cal_mark64(C, u, n);
}

static uint64_t cal_reserve(cal_t *C, uint64_t u, unsigned n) {
  u = cal_find(C, u, n);
  cal_mark(C, u, n);
  return u;
}

/* The first u' >= u with n free units of A and the command slot u' free in
 * the vault's command calendar K (one command per tCK, as the exact vault
 * issues), both reserved. */
FAST_AI uint64_t cal_reserve_cmd(cal_t *A, unsigned n, cal_t *K, uint64_t u) {
  const uint64_t m = n >= 64 ? ~0ull : (1ull << n) - 1;
  if (n <= 64 && u >= A->base && u >= K->base && !(cal_bits(A, u) & m) && !(cal_bits(K, u) & 1)) {
    /* both free at u, the common case: what the searches below would find
     * at once, with the same slides */
    if (n && u + n > A->base + CAL_W) A->base = u + n - CAL_W;
    if (u + 1 > K->base + CAL_W) K->base = u + 1 - CAL_W;
  } else {
    for (;;) {
      u = n ? cal_find(A, u, n) : u;
      uint64_t k = cal_find1(K, u);
      if (k == u) break;
      u = k;
    }
  }
  if (n) cal_mark(A, u, n);
  *cal_wr(K, u / 64) |= 1ull << (u % 64);
  return u;
}

FAST_AI int ev_before(const fev_t *a, const fev_t *b) {
  return a->t_ps < b->t_ps || (a->t_ps == b->t_ps && a->key < b->key);
}

static __attribute__((noinline)) int heap_grow(hmc_fast_t *F) {
  unsigned nc = F->cap ? F->cap * 2 : 256;
  fev_t *nh = realloc(F->heap, sizeof *nh * nc);
  if (!nh) return 0;
  F->heap = nh;
  F->cap = nc;
  return 1;
}

FAST_AI int heap_push(hmc_fast_t *F, fev_t e) {
  if (F->n == F->cap && !heap_grow(F)) return 0;
  unsigned k = F->n++;
  while (k && ev_before(&e, &F->heap[(k - 1) / 2])) {
    F->heap[k] = F->heap[(k - 1) / 2];
    k = (k - 1) / 2;
  }
  F->heap[k] = e;
  return 1;
}

/* The hole left by the top goes down to a leaf along the lesser children,
 * and the last event rises from there: it came from the bottom, so it
 * seldom rises far, and the way down costs one comparison a level, not two.
 * Keys are unique (ord), so the events come out in the same order. */
FAST_AI fev_t heap_pop(hmc_fast_t *F) {
  fev_t *H = F->heap, top = H[0], last = H[--F->n];
  const unsigned n = F->n;
  if (!n) return top;
  unsigned k = 0;
  for (unsigned c; (c = 2 * k + 1) < n; k = c) {
    if (c + 1 < n && ev_before(&H[c + 1], &H[c])) c++;
    H[k] = H[c];
  }
  while (k && ev_before(&last, &H[(k - 1) / 2])) {
    H[k] = H[(k - 1) / 2];
    k = (k - 1) / 2;
  }
  H[k] = last;
  return top;
}

/* Refresh windows of vault V up to cycle t: each closes every row and holds
 * activations until its tRFC ends (the exact model also waits for requests
 * in service and precharges first; here the window starts when due).  Out
 * of order, the window is held in each bank's calendar instead (a request
 * due before it may still use the bank). */
static void refresh_to(hmc_t *h, fvault_t *V, uint64_t t) {
  if (!h->cfg.refresh) return;
  while (t >= V->next_ref) {
    uint64_t end = V->next_ref + h->t_rfc;
    for (unsigned b = 0; b < h->cfg.banks; b++) {
      fbank_t *B = &V->bank[b];
      if (B->open && B->free <= V->next_ref) {
        B->open = 0;
        h->st.pres++;
      }
      if (h->fast->bank) {
        cal_t *C = &h->fast->bank[(unsigned)(V - h->fast->v) * h->cfg.banks + b];
        if (V->next_ref >= C->base) cal_mark(C, V->next_ref, (unsigned)h->t_rfc);
      } else {
        B->act_ok = hmc_max64(B->act_ok, end);
      }
    }
    V->next_ref += h->t_refi;
    h->st.refreshes++;
  }
}

/* Out of order: tFAW against the four ACTs at or before c in time (of the
 * vault's latest OOO_H): c, or the fourth's time + tFAW. */
static uint64_t faw_before(const fvault_t *V, uint64_t c, uint64_t faw) {
  const unsigned n = V->o_act_n < OOO_H ? V->o_act_n : OOO_H;
  for (unsigned pass = 0; pass < 4; pass++) {
    uint64_t top[4] = {0, 0, 0, 0}; /* the four latest at or before c, top[3] the earliest of them */
    unsigned k = 0;
    for (unsigned i = 0; i < n; i++) {
      const uint64_t a = V->o_act[i];
      if (a > c) continue;
      unsigned j = k < 4 ? k++ : 4;
      while (j > 0 && top[j - 1] < a) {
        if (j < 4) top[j] = top[j - 1];
        j--;
      }
      if (j < 4) top[j] = a;
    }
    if (k < 4 || top[3] + faw <= c) return c;
    c = top[3] + faw;
  }
  return c;
}

/* Out of order: the bus turnaround after the column command at or before
 * t in time (of the vault's latest OOO_H) when it went the other way. */
static uint64_t turn_before(const hmc_t *h, const fvault_t *V, int wr, uint64_t t) {
  const unsigned n = V->o_col_n < OOO_H ? V->o_col_n : OOO_H;
  int best = -1;
  for (unsigned i = 0; i < n; i++)
    if (V->o_col[i] <= t && (best < 0 || V->o_col[i] > V->o_col[best])) best = (int)i;
  if (best < 0 || V->o_wr[best] == wr) return t;
  const uint64_t c = V->o_col[best], bus = V->o_bus[best];
  return hmc_max64(t, V->o_wr[best] ? c + h->t_cwl + bus + h->t_wtr : c + bus + h->t_rtw);
}

/* ACTs of a vault are tRRD apart: each holds tRRD units of the vault's ACT
 * calendar, so a request sent later but due earlier (another bank) may
 * activate before one that waits for its busy bank, as in the exact model.
 * tFAW is applied against the four latest ACTs only for an ACT scheduled
 * after all of them. */
FAST_AI uint64_t act(hmc_t *h, unsigned v, fbank_t *B, uint64_t row, uint64_t t) {
  fvault_t *V = &h->fast->v[v];
  uint64_t c = hmc_max64(t, B->act_ok);
  if (h->t_faw && V->act_n == 4 && c >= V->last_act) c = hmc_max64(c, V->act_hist[V->act_head] + h->t_faw);
  else if (h->t_faw && h->fast->bank) c = faw_before(V, c, h->t_faw);
  c = cal_reserve_cmd(&h->fast->acts[v], h->t_rrd, &h->fast->cmd[v], c);
  if (h->fast->bank) V->o_act[V->o_act_n++ % OOO_H] = c;
  if (c >= V->last_act) {
    V->act_hist[(V->act_head + V->act_n) % 4] = c;
    if (V->act_n < 4) V->act_n++;
    else V->act_head = (V->act_head + 1) % 4;
    V->last_act = c;
  }
  B->open = 1;
  B->row = row;
  B->col_ok = c + h->t_rcd;
  B->pre_ok = c + h->t_ras;
  h->st.acts++;
  h->st.row_misses++;
  return c;
}

/* One column group of n bursts from cycle t on: the data bus calendar and
 * the turnaround after the latest column command. */
FAST_AI uint64_t column(hmc_t *h, unsigned v, int wr, unsigned n, uint64_t t) {
  fvault_t *V = &h->fast->v[v];
  uint64_t bus = (uint64_t)n * h->t_ccd;
  if (t >= V->last_col) t = hmc_max64(t, wr ? V->col_wr_ok : V->col_rd_ok);
  else if (h->fast->bank) t = turn_before(h, V, wr, t);
  uint64_t c = cal_reserve_cmd(&h->fast->bus[v], (unsigned)bus, &h->fast->cmd[v], t);
  if (h->fast->bank) {
    const unsigned i = V->o_col_n++ % OOO_H;
    V->o_col[i] = c;
    V->o_bus[i] = (uint32_t)bus;
    V->o_wr[i] = (uint8_t)wr;
  }
  if (c >= V->last_col) {
    if (V->last_wr >= 0 && wr != V->last_wr) h->st.turns++;
    V->last_wr = wr;
    V->last_col = c;
    if (wr) V->col_rd_ok = hmc_max64(V->col_rd_ok, c + h->t_cwl + bus + h->t_wtr);
    else V->col_wr_ok = hmc_max64(V->col_wr_ok, c + bus + h->t_rtw);
  }
  h->st.vault_bus_cycles[v] += bus;
  h->st.dram_bits += (uint64_t)n * h->cfg.col_bytes * 8;
  return c;
}

static uint64_t ps_to_slot(const hmc_t *h, uint64_t ps) { return (ps * h->rate + 999999) / 1000000; }
static uint64_t slot_to_ps(const hmc_t *h, uint64_t s) { return (s * 1000000 + h->rate - 1) / h->rate; }
static uint64_t ps_to_cyc(const hmc_t *h, uint64_t ps) { return (ps + h->cfg.tck_ps - 1) / h->cfg.tck_ps; }

/* h->fast_next_ps after the heap changed: each call that changes it ends
 * with this, so hmc.c's reads between them see the heap's top. */
static void next_sync(hmc_t *h) { h->fast_next_ps = h->fast->n ? h->fast->heap[0].t_ps : UINT64_MAX; }

int hmc_fast_set_ooo(hmc_t *h) {
  hmc_fast_t *F = h->fast;
  if (!F || h->cfg.open_page) return -1;
  if (F->bank) return 0;
  F->bank = calloc((size_t)h->cfg.vaults * h->cfg.banks, sizeof *F->bank);
  return F->bank ? 0 : -1;
}

int hmc_fast_ooo_links(const hmc_t *h) { return h->fast && h->fast->req_on; }

int hmc_fast_set_ooo_links(hmc_t *h) {
  if (hmc_fast_set_ooo(h)) return -1;
  h->fast->req_on = 1;
  return 0;
}

uint64_t hmc_fast_req_link(hmc_t *h, unsigned port, uint64_t s, unsigned flits) {
  const uint64_t fb = HMC_FLIT_BYTES * 8;
  const uint64_t u = cal_reserve(&h->fast->req[port], (s + fb - 1) / fb, flits);
  return (u + flits) * fb;
}

void hmc_fast_leave(hmc_t *h, unsigned port) {
  tq_t *q = &h->fast->in[port];
  while (q->n && tq_min(q) >> TQ_FL < h->cyc) {
    const unsigned fl = (unsigned)(tq_pop(q) & ((1u << TQ_FL) - 1));
    if (hmc_port_is_pe(port)) h->pe[port - HMC_MAX_LINKS].in_n--;
    else h->link[port].in_flits -= fl;
  }
}

int hmc_fast_issue(hmc_t *h, int i) {
  hmc_fast_t *F = h->fast;
  hmc_pkt_t *p = &h->pkt[i];
  const unsigned v = p->vault;
  fvault_t *V = &F->v[v];
  fbank_t *B = &V->bank[p->bank];
  const int local = hmc_port_is_pe(p->port) && p->port - HMC_MAX_LINKS == v;
  const unsigned xl = local ? h->cfg.local_cycles : h->cfg.xbar_cycles;
  /* The crossbar moves it once the vault's request queue has a free slot;
   * until then it holds its place in its port's input buffer. */
  const uint64_t x = hmc_max64(p->ready, slot_free(&F->rq[v]));
  tq_push(&F->in[p->port], x << TQ_FL | p->req_flits);
  if (hmc_port_is_pe(p->port)) h->pe[p->port - HMC_MAX_LINKS].in_n++;
  else h->link[p->port].in_flits += p->req_flits;
  const uint64_t t = x + xl; /* in the vault's queue */
  h->st.vault_reqs[v]++;
  h->st.logic_bits += (uint64_t)p->req_flits * HMC_FLIT_BYTES * 8;
  refresh_to(h, V, t);
  cal_t *BC = F->bank ? &F->bank[v * h->cfg.banks + p->bank] : NULL;
  if (BC) { /* out of order: the bank as its calendar has it, free from its first gap long enough */
    const uint64_t s0 = cal_find(BC, hmc_max64(t, slot_free(&F->rs[v])), (unsigned)(h->t_ras + h->t_rp));
    B->free = B->pre_ok = 0;
    B->act_ok = s0;
  }
  /* a request starts (ACT, or a row hit's column) only with a slot of the
   * vault's response queue free, as the exact vault */
  uint64_t start = hmc_max64(hmc_max64(t, B->free), slot_free(&F->rs[v])), colb, svc = 0;
  const int hit = h->cfg.open_page && B->open && B->row == p->row;
  if (hit) {
    h->st.row_hits++;
    colb = hmc_max64(start, B->col_ok);
  } else {
    if (B->open) { /* open page, another row: precharge first */
      start = hmc_max64(start, B->pre_ok) + h->t_rp;
      B->open = 0;
      h->st.pres++;
    }
    svc = act(h, v, B, p->row, start);
    colb = svc + h->t_rcd;
  }
  const unsigned ab = hmc_atomic_bytes(p->cmd);
  unsigned n = ab ? 1 : (unsigned)((p->addr % h->cfg.col_bytes + p->size + h->cfg.col_bytes - 1) / h->cfg.col_bytes);
  const uint64_t bus = (uint64_t)n * h->t_ccd;
  uint64_t fin, done, col;
  if (ab) { /* read, ALU, write back while holding the bank */
    uint64_t c1 = column(h, v, 0, n, colb);
    B->pre_ok = hmc_max64(B->pre_ok, c1 + bus - h->t_ccd + h->t_rtp);
    uint64_t c2 = column(h, v, 1, n, c1 + h->t_cl + bus + h->cfg.atomic_cycles);
    B->pre_ok = hmc_max64(B->pre_ok, c2 + h->t_cwl + bus + h->t_wr);
    fin = done = c2;
    col = c1;
  } else if (p->cmd == HMC_RD) {
    fin = col = column(h, v, 0, n, colb);
    B->pre_ok = hmc_max64(B->pre_ok, fin + bus - h->t_ccd + h->t_rtp);
    done = fin + h->t_cl + bus;
  } else {
    fin = col = column(h, v, 1, n, colb);
    B->pre_ok = hmc_max64(B->pre_ok, fin + h->t_cwl + bus + h->t_wr);
    done = fin + h->t_cwl + bus;
  }
  if (!h->cfg.open_page) { /* auto-precharge */
    B->open = 0;
    B->act_ok = hmc_max64(B->pre_ok, fin) + h->t_rp;
    h->st.pres++;
  }
  B->free = fin + 1;
  if (BC && B->act_ok > svc) cal_mark(BC, svc, (unsigned)(B->act_ok - svc)); /* held: ACT to the next ACT allowed */
  slot_take(&F->rq[v], hit ? col : svc); /* it leaves the request queue at its first command */
  if (F->bias_pct) done += (done - t) * F->bias_pct / 100;
  /* the functional access when the exact vault makes it (its column
   * command): which update a concurrent reader sees is timing, and a kernel
   * such as asynchronous SSSP converges in more or fewer rounds with it */
  if (!(p->flags & HMC_REQ_TIMED)) { /* a timed request has no events: the caller made its access */
    fev_t fe = {.t_ps = col * h->cfg.tck_ps, .key = (uint64_t)p->port << EV_PORT | F->ord, .idx = i, .func = 1};
    F->ord += 2; /* the hand-over's is the next */
    if (!heap_push(F, fe)) return 0;
    next_sync(h);
  }
  if (p->cmd == HMC_WR_POSTED || (p->flags & HMC_REQ_POSTED)) {
    p->t_ps = done * h->cfg.tck_ps;
    h->fast_eta_ps = p->t_ps;
    return 1;
  }
  h->st.logic_bits += (uint64_t)p->rsp_flits * HMC_FLIT_BYTES * 8;
  uint64_t rdy = done + xl;
  if (local || hmc_port_is_pe(p->port)) {
    p->t_ps = rdy * h->cfg.tck_ps;
    slot_take(&F->rs[v], done + 1); /* the crossbar takes it at done; the vault may start another after */
  } else {
    /* the response link, in whole FLITs (128 bit times) */
    const uint64_t fb = HMC_FLIT_BYTES * 8;
    uint64_t u = cal_reserve(&F->rsp[p->port], (ps_to_slot(h, rdy * h->cfg.tck_ps) + fb - 1) / fb, p->rsp_flits);
    /* It crosses to the link's output buffer once the FLITs ahead of it
     * there leave room (a buffer drained at the link's rate: those ahead are
     * the ones serialised before u); its response slot frees then. */
    const uint64_t room = h->cfg.link_rsp_flits - p->rsp_flits;
    const uint64_t cross = u > room ? hmc_max64(done, ps_to_cyc(h, slot_to_ps(h, (u - room) * fb))) : done;
    slot_take(&F->rs[v], cross + 1);
    p->t_ps = slot_to_ps(h, (u + p->rsp_flits) * fb) + h->cfg.link_lat_ps;
    h->link[p->port].rsp_busy = hmc_max64(h->link[p->port].rsp_busy, (u + p->rsp_flits) * fb);
    h->st.link_flits_rsp[p->port] += p->rsp_flits;
    h->st.link_bits += (uint64_t)p->rsp_flits * fb;
  }
  h->fast_eta_ps = p->t_ps;
  return 1;
}

int hmc_fast_pop(hmc_t *h, uint64_t now_ps) {
  hmc_fast_t *F = h->fast;
  int r = -1;
  while (F->n && F->heap[0].t_ps <= now_ps) {
    fev_t e = heap_pop(F);
    hmc_pkt_t *p = &h->pkt[e.idx];
    if (e.func) {
      hmc_functional(h, p);
      /* its hand-over (one popped, so the heap has room) */
      heap_push(F, (fev_t){.t_ps = p->t_ps, .key = e.key + 1, .idx = e.idx});
      continue;
    }
    if (p->cmd != HMC_WR_POSTED && !(p->flags & HMC_REQ_POSTED)) {
      r = e.idx;
      break;
    }
    next_sync(h); /* (the posted hook may send) */
    if ((p->flags & HMC_REQ_POSTED) && h->posted_hook) h->posted_hook(h->posted_ctx, p->tag, p->port, e.t_ps);
    h->vault_release(h, e.idx);
  }
  next_sync(h);
  return r;
}


