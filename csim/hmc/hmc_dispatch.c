/* PIM dispatcher: see hmc_dispatch.h for the contract.  Launches wait in a
 * FIFO; the head runs on all PEs; completion is the last PE's halt. */
#include "hmc_dispatch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hmc.h"

typedef struct {
  hmc_desc_t desc;
  uint32_t ticket;
  uint64_t t_ready; /* earliest start */
} launch_t;

struct hmc_dispatch {
  hmc_dispatch_cfg_t cfg;
  hmc_dispatch_ops_t ops;
  uint8_t *mem;
  size_t mem_bytes;
  launch_t *q; /* ring of max_pending + 1 (the running one is q[head]) */
  unsigned qcap, head, n;
  int running;      /* q[head] has started */
  uint64_t pe_busy; /* PEs of the running launch not yet halted */
  uint64_t t_start;
  uint32_t next_ticket, last_done;
  hmc_dispatch_stats_t st;
};

static uint32_t ld32(const uint8_t *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static void st32(uint8_t *p, uint32_t v) {
  for (int i = 0; i < 4; i++, v >>= 8) p[i] = (uint8_t)v;
}

void hmc_dispatch_split(uint32_t first, uint32_t end, unsigned num_pes, unsigned pe, uint32_t *lo, uint32_t *hi) {
  uint32_t n = end > first ? end - first : 0, base = n / num_pes, rem = n % num_pes;
  *lo = first + pe * base + (pe < rem ? pe : rem);
  *hi = *lo + base + (pe < rem);
}

hmc_dispatch_t *hmc_dispatch_new(const hmc_dispatch_cfg_t *cfg, const hmc_dispatch_ops_t *ops, uint8_t *mem,
                                 size_t mem_bytes) {
  const char *why = NULL;
  if (!cfg || !ops || !ops->start) why = "configuration and a start() callback are required";
  else if (cfg->num_pes < 1 || cfg->num_pes > 32) why = "num_pes must be 1..32";
  else if (cfg->mailbox_stride < 32) why = "mailbox_stride must be >= 32";
  else if (cfg->max_pending < 1 || cfg->max_pending > 65536) why = "max_pending must be 1..65536";
  else if (!mem || (uint64_t)cfg->mailbox_base + (uint64_t)cfg->mailbox_stride * cfg->num_pes > mem_bytes)
    why = "the PE mailboxes do not fit in the functional memory";
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
  d->qcap = cfg->max_pending + 1;
  d->q = calloc(d->qcap, sizeof *d->q);
  if (!d->q) {
    free(d);
    return NULL;
  }
  d->next_ticket = 1;
  return d;
}

void hmc_dispatch_free(hmc_dispatch_t *d) {
  if (!d) return;
  free(d->q);
  free(d);
}

/* Starts the head launch if nothing runs and its time has come. */
static void try_start(hmc_dispatch_t *d, uint64_t now) {
  if (d->running || !d->n) return;
  launch_t *L = &d->q[d->head];
  if (now < L->t_ready) return;
  d->running = 1;
  d->t_start = now;
  unsigned P = d->cfg.num_pes;
  d->pe_busy = P == 64 ? ~0ull : (1ull << P) - 1;
  for (unsigned p = 0; p < P; p++) {
    uint32_t lo, hi, mb = d->cfg.mailbox_base + p * d->cfg.mailbox_stride;
    hmc_dispatch_split(L->desc.first, L->desc.end, P, p, &lo, &hi);
    uint32_t w[8] = {L->desc.entry, L->desc.arg, lo, hi, L->desc.loop_id, L->desc.flags, L->ticket, 0};
    for (int k = 0; k < 8; k++) st32(d->mem + mb + 4 * k, w[k]);
  }
  d->st.iterations += L->desc.end > L->desc.first ? L->desc.end - L->desc.first : 0;
  for (unsigned p = 0; p < P; p++) {
    d->st.pe_starts++;
    d->ops.start(d->ops.ctx, p, d->cfg.boot_pc, d->cfg.mailbox_base + p * d->cfg.mailbox_stride, now);
  }
}

int hmc_dispatch_launch_desc(hmc_dispatch_t *d, const hmc_desc_t *desc, uint64_t now_ps, uint32_t *ticket) {
  if (desc->end > desc->first && desc->end - desc->first > 0x80000000u) {
    fprintf(stderr, "hmc_dispatch: descriptor range [%u, %u) of loop %u too large\n", desc->first, desc->end,
            desc->loop_id);
    return HMC_EINVAL;
  }
  if (d->n >= d->qcap) return HMC_STALL;
  launch_t *L = &d->q[(d->head + d->n) % d->qcap];
  L->desc = *desc;
  L->ticket = d->next_ticket++;
  L->t_ready = now_ps + d->cfg.start_delay_ps;
  d->n++;
  d->st.launches++;
  *ticket = L->ticket;
  try_start(d, now_ps);
  return HMC_OK;
}

int hmc_dispatch_launch(hmc_dispatch_t *d, uint32_t desc_addr, uint64_t now_ps, uint32_t *ticket) {
  if ((uint64_t)desc_addr + 24 > d->mem_bytes || desc_addr % 4) {
    fprintf(stderr, "hmc_dispatch: descriptor address 0x%08x outside memory or misaligned\n", desc_addr);
    return HMC_EADDR;
  }
  const uint8_t *p = d->mem + desc_addr;
  hmc_desc_t desc = {ld32(p), ld32(p + 4), ld32(p + 8), ld32(p + 12), ld32(p + 16), ld32(p + 20)};
  return hmc_dispatch_launch_desc(d, &desc, now_ps, ticket);
}

void hmc_dispatch_advance(hmc_dispatch_t *d, uint64_t now_ps) { try_start(d, now_ps); }

int hmc_dispatch_pe_halted(hmc_dispatch_t *d, unsigned pe, uint64_t now_ps) {
  if (pe >= d->cfg.num_pes || !d->running || !(d->pe_busy >> pe & 1)) {
    fprintf(stderr, "hmc_dispatch: PE %u halted but was not running a launch\n", pe);
    return HMC_EINVAL;
  }
  d->pe_busy &= ~(1ull << pe);
  if (d->pe_busy) return HMC_OK;
  launch_t *L = &d->q[d->head];
  uint32_t t = L->ticket;
  d->last_done = t;
  d->running = 0;
  d->head = (d->head + 1) % d->qcap;
  d->n--;
  d->st.completed++;
  d->st.busy_ps += now_ps - d->t_start;
  if (d->n && d->q[d->head].t_ready < now_ps + d->cfg.start_delay_ps)
    d->q[d->head].t_ready = now_ps + d->cfg.start_delay_ps;
  if (d->ops.done) d->ops.done(d->ops.ctx, t, now_ps);
  try_start(d, now_ps);
  return HMC_OK;
}

int hmc_dispatch_done(const hmc_dispatch_t *d, uint32_t ticket) {
  if (ticket == 0 || ticket >= d->next_ticket) return -1;
  return ticket <= d->last_done;
}

uint64_t hmc_dispatch_running(const hmc_dispatch_t *d) { return d->running ? d->pe_busy : 0; }

void hmc_dispatch_stats(const hmc_dispatch_t *d, hmc_dispatch_stats_t *s) { *s = d->st; }
