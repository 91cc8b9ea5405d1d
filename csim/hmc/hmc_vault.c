/* HMC vault controller: request queue, bank state machines, DRAM command
 * timing, refresh, and the functional side of every access.
 *
 * One DRAM command per vault per tCK, in this priority:
 *   1. a column command (the whole burst group of one request) for a request
 *      in service: oldest first among those whose bank allows it (tRCD),
 *      when the vault data bus is free (bursts are tCCD apart, so a request
 *      of n bursts holds the bus n * tCCD) and turned the right way (a read
 *      tCWL + n tCCD + tWTR after a write's column command, a write
 *      n tCCD + tRTW after a read's); so a younger request of the bus's
 *      current direction goes before an older one that waits to turn it;
 *   2. refresh when due: no new activations; open rows are precharged,
 *      then REF blocks all banks for tRFC;
 *   3. a new request (only with a free response-queue slot; while the
 *      oldest request in service waits only for the bus to turn, none of
 *      the other direction, so that it is passed by at most the requests
 *      already in service): open page
 *      first takes the oldest row hit (FR-FCFS, never past an older request
 *      to the same block; when it waits for the bus to turn, no younger
 *      row hit goes before it), then, per bank in arrival order, PRE of a wrong
 *      row or ACT.  Closed page: ACT on an idle bank, auto-precharge after
 *      the column group.
 * Functional effects happen when the column command issues, in one global
 * order (seq): reads copy, writes store, atomics read-modify-write while
 * they hold the bank, so they are atomic against every other requester. */
#include "hmc_int.h"

#include <stdlib.h>
#include <string.h>

int hmc_vault_init(hmc_t *h, hmc_release_fn release) {
  const hmc_cfg_t *c = &h->cfg;
  h->vault_release = release;
  for (unsigned v = 0; v < c->vaults; v++) {
    hmc_vault_t *V = &h->vault[v];
    V->rq = malloc(sizeof(int) * c->vault_q);
    V->rq_rdy = malloc(sizeof(uint64_t) * c->vault_q);
    V->rq_bk = malloc(c->vault_q);
    V->svc = malloc(sizeof(int) * c->banks);
    V->rsp = malloc(sizeof *V->rsp * (c->vault_rsp_q + c->banks));
    if (!V->rq || !V->rq_rdy || !V->rq_bk || !V->svc || !V->rsp) return 0;
    for (unsigned b = 0; b < c->banks; b++) V->bank[b].owner = -1;
    V->last_wr = -1;
    /* Refresh staggered over the vaults, the first after one tREFI. */
    V->next_ref = h->t_refi + (uint64_t)h->t_refi * v / c->vaults;
  }
  return 1;
}

void hmc_vault_free(hmc_t *h) {
  for (unsigned v = 0; v < HMC_MAX_VAULTS; v++) {
    free(h->vault[v].rq);
    free(h->vault[v].rq_rdy);
    free(h->vault[v].rq_bk);
    free(h->vault[v].svc);
    free(h->vault[v].rsp);
  }
}

static unsigned bursts(const hmc_t *h, const hmc_pkt_t *p) {
  if (hmc_atomic_bytes(p->cmd)) return 1;
  unsigned first = (unsigned)(p->addr % h->cfg.col_bytes);
  return (first + p->size + h->cfg.col_bytes - 1) / h->cfg.col_bytes;
}

/* The request's effect on the functional memory and its data or result:
 * where the vault's column command makes it (the fast mode's too). */
void hmc_functional(hmc_t *h, hmc_pkt_t *p) {
  p->seq = h->seq++;
  if (hmc_atomic_bytes(p->cmd)) {
    hmc_atomic_apply(p->cmd, h->mem + p->addr, p->op, p->ret, &p->flag);
    if (h->wr_hook) h->wr_hook(h->wr_ctx, p->addr, hmc_atomic_bytes(p->cmd));
  } else if (p->flags & HMC_REQ_DATA) {
    if (p->cmd == HMC_RD) memcpy(p->data, h->mem + p->addr, p->size);
    else {
      memcpy(h->mem + p->addr, p->data, p->size);
      if (h->wr_hook) h->wr_hook(h->wr_ctx, p->addr, p->size);
    }
  }
}

/* The request leaves service: auto-precharge (closed page), response. */
static void finish(hmc_t *h, hmc_vault_t *V, int i, uint64_t c, uint64_t done) {
  hmc_pkt_t *p = &h->pkt[i];
  hmc_bank_t *B = &V->bank[p->bank];
  B->owner = -1;
  V->owned &= ~(1u << p->bank);
  if (!h->cfg.open_page) {
    uint64_t pre = hmc_max64(B->pre_ok, c);
    B->open = 0;
    B->act_ok = pre + h->t_rp;
    h->st.pres++;
  }
  for (unsigned k = 0; k < V->svc_n; k++)
    if (V->svc[k] == i) {
      memmove(&V->svc[k], &V->svc[k + 1], sizeof(int) * (V->svc_n - k - 1));
      V->svc_n--;
      break;
    }
  if (p->cmd == HMC_WR_POSTED || (p->flags & HMC_REQ_POSTED)) {
    if ((p->flags & HMC_REQ_POSTED) && h->posted_hook)
      h->posted_hook(h->posted_ctx, p->tag, p->port, done * h->cfg.tck_ps);
    h->vault_release(h, i);
    return;
  }
  p->ready = done;
  /* sorted insert: the crossbar takes the oldest finished response first */
  unsigned k = V->rsp_n++;
  while (k && (V->rsp[k - 1].ready > done || (V->rsp[k - 1].ready == done && V->rsp[k - 1].age > p->age))) {
    V->rsp[k] = V->rsp[k - 1];
    k--;
  }
  V->rsp[k] = (hmc_rspe_t){.ready = done, .age = p->age, .idx = i, .port = p->port, .flits = p->rsp_flits};
  /* the response crossbar may move it from `done` on */
  h->vmask_rsp |= 1u << (unsigned)(V - h->vault);
  V->rsp_at = hmc_min64(V->rsp_at, done);
  h->xrsp_next = hmc_min64(h->xrsp_next, done);
}

/* Whether the next column command of request p writes: a write, or the
 * write half of an atomic. */
static int col_writes(const hmc_pkt_t *p) {
  return hmc_atomic_bytes(p->cmd) ? p->state == 2 : p->cmd != HMC_RD;
}

/* First cycle at which the next column command of p may issue, but for the
 * data bus being busy: its bank (tRCD, or an atomic's ALU) and the bus
 * turnaround. */
static uint64_t col_ready(const hmc_vault_t *V, const hmc_pkt_t *p) {
  uint64_t ok = p->state == 2 ? p->wr_ok : V->bank[p->bank].col_ok;
  return hmc_max64(ok, col_writes(p) ? V->col_wr_ok : V->col_rd_ok);
}

/* Issues the column command(s) of request i in cycle c.  Writes put their
 * data on the bus tCWL after the command; a read may follow tWTR after the
 * write data ends, a write tRTW after a read's last burst; precharge comes
 * tRTP after a read's last burst command, tWR after a write's data. */
static void column(hmc_t *h, hmc_vault_t *V, unsigned v, int i, uint64_t c) {
  hmc_pkt_t *p = &h->pkt[i];
  hmc_bank_t *B = &V->bank[p->bank];
  unsigned n = bursts(h, p), ccd = h->t_ccd;
  uint64_t bus = (uint64_t)n * ccd;
  const int wr = col_writes(p);
  if (V->last_wr >= 0 && wr != V->last_wr) {
    h->st.turns++;
    if (c == (wr ? V->col_wr_ok : V->col_rd_ok) && c > V->bus_ok) h->st.turn_limited++;
  }
  V->last_wr = wr;
  V->bus_ok = c + bus;
  if (wr) V->col_rd_ok = hmc_max64(V->col_rd_ok, c + h->t_cwl + bus + h->t_wtr);
  else V->col_wr_ok = hmc_max64(V->col_wr_ok, c + bus + h->t_rtw);
  h->st.vault_bus_cycles[v] += bus;
  h->st.dram_bits += (uint64_t)n * h->cfg.col_bytes * 8;
  const uint64_t rd_pre = c + bus - ccd + h->t_rtp, wr_pre = c + h->t_cwl + bus + h->t_wr;
  if (hmc_atomic_bytes(p->cmd)) {
    if (p->state != 2) { /* the read half: the value is modified in the vault ALU */
      hmc_functional(h, p);
      p->state = 2;
      p->wr_ok = c + h->t_cl + bus + h->cfg.atomic_cycles;
      B->pre_ok = hmc_max64(B->pre_ok, rd_pre);
      return;
    }
    B->pre_ok = hmc_max64(B->pre_ok, wr_pre);
    finish(h, V, i, c, c);
    return;
  }
  hmc_functional(h, p);
  if (p->cmd == HMC_RD) {
    B->pre_ok = hmc_max64(B->pre_ok, rd_pre);
    finish(h, V, i, c, c + h->t_cl + bus);
  } else {
    B->pre_ok = hmc_max64(B->pre_ok, wr_pre);
    finish(h, V, i, c, c + h->t_cwl + bus);
  }
}

static void rq_remove(hmc_vault_t *V, unsigned k) {
  memmove(&V->rq[k], &V->rq[k + 1], sizeof(int) * (V->rq_n - k - 1));
  memmove(&V->rq_rdy[k], &V->rq_rdy[k + 1], sizeof(uint64_t) * (V->rq_n - k - 1));
  memmove(&V->rq_bk[k], &V->rq_bk[k + 1], V->rq_n - k - 1);
  V->rq_n--;
}

static int needs_rsp(const hmc_pkt_t *p) { return p->cmd != HMC_WR_POSTED && !(p->flags & HMC_REQ_POSTED); }

/* Starts request rq[k] in service (bank owned). */
static void enter_service(hmc_t *h, hmc_vault_t *V, unsigned k) {
  int i = V->rq[k];
  rq_remove(V, k);
  V->svc[V->svc_n++] = i;
  if (needs_rsp(&h->pkt[i])) V->rsp_reserved++;
  h->pkt[i].state = 1;
  V->bank[h->pkt[i].bank].owner = i;
  V->owned |= 1u << h->pkt[i].bank;
}

static void activate(hmc_t *h, hmc_vault_t *V, unsigned k, uint64_t c) {
  hmc_pkt_t *p = &h->pkt[V->rq[k]];
  hmc_bank_t *B = &V->bank[p->bank];
  B->open = 1;
  B->row = p->row;
  B->col_ok = c + h->t_rcd;
  B->pre_ok = c + h->t_ras;
  /* tRRD after this ACT; with four in the window, tFAW after the oldest */
  if (V->act_n && c == V->faw_ok && V->faw_ok > V->rrd_ok) h->st.act_faw_limited++;
  else if (V->act_n && c == V->rrd_ok) h->st.act_rrd_limited++;
  V->act_hist[(V->act_head + V->act_n) % 4] = c;
  if (V->act_n < 4) V->act_n++;
  else V->act_head = (V->act_head + 1) % 4;
  V->rrd_ok = c + h->t_rrd;
  if (h->t_faw && V->act_n == 4) V->faw_ok = V->act_hist[V->act_head] + h->t_faw;
  h->st.acts++;
  h->st.row_misses++;
  enter_service(h, V, k);
}

static int try_refresh(hmc_t *h, hmc_vault_t *V, uint64_t c) {
  unsigned nb = h->cfg.banks;
  if (V->svc_n) return 0; /* requests in service finish first */
  for (unsigned b = 0; b < nb; b++) {
    hmc_bank_t *B = &V->bank[b];
    if (B->open) {
      if (c < B->pre_ok) return 0;
      B->open = 0;
      B->act_ok = hmc_max64(B->act_ok, c + h->t_rp);
      h->st.pres++;
      return 1; /* one command this cycle */
    }
  }
  for (unsigned b = 0; b < nb; b++)
    if (V->bank[b].act_ok > c) return 0;
  for (unsigned b = 0; b < nb; b++) {
    V->bank[b].act_ok = c + h->t_rfc;
    V->bank[b].ref_until = c + h->t_rfc;
  }
  V->ref_pending = 0;
  V->next_ref += h->t_refi;
  h->st.refreshes++;
  return 1;
}

int hmc_vault_step(hmc_t *h, unsigned v, uint64_t c) {
  hmc_vault_t *V = &h->vault[v];
  const hmc_cfg_t *cfg = &h->cfg;
  int acted = 0;
  if (cfg->refresh && !V->ref_pending && c >= V->next_ref) V->ref_pending = acted = 1;

  /* 1. column commands of requests in service */
  if (c >= V->bus_ok) {
    int best = -1;
    for (unsigned k = 0; k < V->svc_n; k++) {
      hmc_pkt_t *p = &h->pkt[V->svc[k]];
      if (c >= col_ready(V, p) && (best < 0 || p->age < h->pkt[best].age)) best = V->svc[k];
    }
    if (best >= 0) {
      column(h, V, v, best, c);
      return 1;
    }
  }

  /* 2. refresh */
  if (V->ref_pending) return try_refresh(h, V, c) | acted;
  if (!V->rq_n || V->rsp_reserved >= cfg->vault_rsp_q) return acted;

  /* The oldest request in service, ready but for the bus turnaround, holds
   * back new requests of the other direction (hold: 1 reads, 2 writes). */
  int hold = 0;
  {
    const hmc_pkt_t *o = NULL;
    for (unsigned k = 0; k < V->svc_n; k++)
      if (!o || h->pkt[V->svc[k]].age < o->age) o = &h->pkt[V->svc[k]];
    if (o && c >= (o->state == 2 ? o->wr_ok : V->bank[o->bank].col_ok) && c < col_ready(V, o))
      hold = col_writes(o) ? 1 : 2;
  }

  /* 3a. open page: oldest row hit that passes no older request to its block */
  if (cfg->open_page && c >= V->bus_ok) {
    for (unsigned k = 0; k < V->rq_n; k++) {
      if (V->rq_rdy[k] > c) continue;
      hmc_bank_t *B = &V->bank[V->rq_bk[k]];
      if (!B->open || B->owner >= 0 || c < B->col_ok) continue;
      hmc_pkt_t *p = &h->pkt[V->rq[k]];
      if (B->row != p->row) continue;
      int hazard = 0;
      for (unsigned j = 0; j < k && !hazard; j++) {
        if (V->rq_bk[j] != V->rq_bk[k]) continue;
        hazard = h->pkt[V->rq[j]].addr / cfg->block_bytes == p->addr / cfg->block_bytes;
      }
      if (hazard) continue;
      /* The oldest row hit waits for the bus to turn rather than be passed
       * by younger ones (which could starve it). */
      if (c < col_ready(V, p) || hold == 1 + col_writes(p)) break;
      int i = V->rq[k];
      h->st.row_hits++;
      enter_service(h, V, k);
      column(h, V, v, i, c);
      return 1;
    }
  }

  /* 3b. per bank in arrival order: PRE of a wrong row, or ACT */
  uint32_t seen = 0;
  for (unsigned k = 0; k < V->rq_n; k++) {
    if (V->rq_rdy[k] > c) continue;
    uint32_t bit = 1u << V->rq_bk[k];
    if (seen & bit) continue;
    seen |= bit;
    if ((V->owned & bit) || hold == 1 + col_writes(&h->pkt[V->rq[k]])) continue;
    hmc_bank_t *B = &V->bank[V->rq_bk[k]];
    if (B->open) {
      if (B->row == h->pkt[V->rq[k]].row || c < B->pre_ok) continue; /* row hit waits for 3a */
      B->open = 0;
      B->act_ok = hmc_max64(B->act_ok, c + h->t_rp);
      h->st.pres++;
      return 1;
    }
    if (c < B->act_ok || c < V->rrd_ok || c < V->faw_ok) continue;
    activate(h, V, k, c);
    return 1;
  }
  return acted;
}

/* Every decision of hmc_vault_step() compares the cycle with a time kept
 * in the vault's state (c >= X), so once a step has done nothing, the next
 * one that can act is at the first such X above c that a pending decision
 * looks at.  Changes from outside (a request arriving, a response slot
 * freed) lower the vault's wake-up time where they happen (hmc.c). */
uint64_t hmc_vault_next(const hmc_t *h, unsigned v, uint64_t c) {
  const hmc_vault_t *V = &h->vault[v];
  uint64_t n = UINT64_MAX;
#define AT(x)                         \
  do {                                \
    uint64_t t_ = (x);                \
    if (t_ > c && t_ < n) n = t_;     \
  } while (0)
  if (h->cfg.refresh && !V->ref_pending) AT(V->next_ref);
  if (V->svc_n) { /* 1. column commands (and 3's hold, which looks at the same times) */
    AT(V->bus_ok);
    AT(V->col_rd_ok);
    AT(V->col_wr_ok);
    for (unsigned k = 0; k < V->svc_n; k++) {
      const hmc_pkt_t *p = &h->pkt[V->svc[k]];
      AT(p->state == 2 ? p->wr_ok : V->bank[p->bank].col_ok);
    }
  }
  if (V->ref_pending) { /* 2. precharges, then REF when every bank allows */
    for (unsigned b = 0; b < h->cfg.banks; b++) {
      AT(V->bank[b].pre_ok);
      AT(V->bank[b].act_ok);
    }
  } else if (V->rq_n && V->rsp_reserved < h->cfg.vault_rsp_q) {
    /* 3. new requests: arrival, their banks' timings, the bus for row hits.
     * (A full response queue holds them all back until a response leaves,
     * which wakes the vault.) */
    if (h->cfg.open_page) {
      AT(V->bus_ok);
      AT(V->col_rd_ok);
      AT(V->col_wr_ok);
    }
    AT(V->rrd_ok);
    AT(V->faw_ok);
    uint32_t banks = 0;
    for (unsigned k = 0; k < V->rq_n; k++) {
      AT(V->rq_rdy[k]);
      banks |= 1u << V->rq_bk[k];
    }
    /* a bank in service is freed by its column command, which is a step
     * that acts (the vault looks again the cycle after) */
    banks &= ~V->owned;
    for (; banks; banks &= banks - 1) {
      const hmc_bank_t *B = &V->bank[__builtin_ctz(banks)];
      AT(B->col_ok);
      AT(B->pre_ok);
      AT(B->act_ok);
    }
  }
#undef AT
  return n;
}
