/* Host cache hierarchy: private L1I/L1D/L2 per core, shared inclusive LLC
 * with a sharer directory, MSHRs at every level with same-line merging,
 * MESI-style invalidation coherence, misses to the HMC, and the LLC's PMC
 * ports (docs/host.md "Caches" and "PMC ports"). */
#include <stdlib.h>
#include <string.h>

#include "host_int.h"

/* Tags of HMC requests: kind in the high half. */
enum { TAG_FILL = 1, TAG_WB = 2, TAG_POSTED = 3, TAG_AMO = 4 /* core << 16 | rob slot */, TAG_PAMO = 5 /* same */,
       TAG_IFILL = 6 /* at-once timing: core << 16 | llc mshr */ };
/* A fillq entry of the at-once timing, FILLQ_IV | core << 8 | mshr: the
 * miss's MSHR frees and its core's miss count drops; nothing fills (the
 * line went in at the lookup). */
#define FILLQ_IV 0x8000u

#define HIT_CAL_MASK ((1u << HOST_HIT_CAL_BITS) - 1)

int host_mem_init(struct host *h, const host_mem_up_t *up) {
  const host_cfg_t *g = &h->cfg;
  h->up = *up;
  if (host_cache_init(&h->llc, g->llc.bytes, g->llc.ways)) return -1;
  h->llcq_cap = 1024;
  h->llcq = calloc(h->llcq_cap, sizeof *h->llcq);
  h->fillq = calloc(HOST_MAX_MSHR, sizeof *h->fillq);
  h->sendq_cap = 1024;
  h->sendq = calloc(h->sendq_cap, sizeof *h->sendq);
  h->invq_cap = 1024;
  h->invq = calloc(h->invq_cap, sizeof *h->invq);
  if (g->core_interval && !(h->hit_cal = calloc((size_t)g->cores << HOST_HIT_CAL_BITS, sizeof *h->hit_cal)))
    return -1;
  return h->llcq && h->fillq && h->sendq && h->invq ? 0 : -1;
}

void host_mem_fini(struct host *h) {
  host_cache_free(&h->llc);
  free(h->llcq);
  free(h->fillq);
  free(h->sendq);
  free(h->invq);
  free(h->hit_cal);
}

/* ---------------------------------------------------------------- memory */

static unsigned link_of(struct host *h, unsigned core) {
  return h->hmc ? core % hmc_cfg(h->hmc)->links : 0;
}

/* addr: byte address (a line for reads and writes, a word for an AMO). */
static void sent(struct host *h, uint64_t tag) {
  /* a posted AMO is complete for its core once the link has it */
  const unsigned v = (unsigned)(tag & 0xffffffffu);
  if ((tag >> 32) == TAG_PAMO && (v >> 16) < h->cfg.cores) h->up.load_done(&h->core[v >> 16], v & 0xffff, h->now + 1);
}

static int try_send(struct host *h, const host_send_t *q) {
  const hmc_cmd_t cmd = q->cmd;
  const uint32_t addr = q->addr;
  const uint64_t tag = q->tag;
  const unsigned core = q->core;
  if (!h->hmc) {
    /* stand-in: fixed latency; posted writes vanish */
    if (cmd == HMC_WR_POSTED) return HMC_OK;
    host_ev_push(h, h->now + h->cfg.mem_lat, EV_MEM_RESP, core, (unsigned)(tag >> 32), (uint32_t)tag);
    return HMC_OK;
  }
  /* an AMO executed in the vault (amo_site hook) already acted on the
   * functional memory at dispatch: it travels as an add of 0, which has the
   * packets, bank occupancy and energy of the real one and changes nothing */
  hmc_req_t r = {.port = hmc_port_link(link_of(h, core)), .cmd = cmd, .addr = addr, .size = 64, .tag = tag,
                 .flags = q->flags, .op = {q->operand, 0}};
  /* a stalled at-once read goes at its own cycle if that is still ahead:
   * sent earlier its response could come before the miss it answers
   * (EV_LLC_MISS) was counted, and the core's miss count would stick */
  int rc = hmc_send(h->hmc, &r, (q->at > h->now ? q->at : h->now) * h->cfg.clk_ps);
  if (rc == HMC_OK) sent(h, tag);
  if (rc == HMC_STALL) h->st.hmc_stalls++;
  else if (rc != HMC_OK) host_fail(h, "host: the HMC refused a request for 0x%08x at cycle %llu", addr,
                                   (unsigned long long)h->now);
  return rc;
}

static void mem_send_q(struct host *h, const host_send_t *q) {
  if (!h->sendq_n && try_send(h, q) != HMC_STALL) return;
  if (h->sendq_n == h->sendq_cap) {
    unsigned cap = h->sendq_cap * 2;
    void *q = malloc(cap * sizeof *h->sendq);
    if (!q) {
      host_fail(h, "host: out of memory");
      return;
    }
    for (unsigned i = 0; i < h->sendq_n; i++)
      memcpy((char *)q + i * sizeof *h->sendq, &h->sendq[(h->sendq_head + i) % h->sendq_cap], sizeof *h->sendq);
    free(h->sendq);
    h->sendq = q;
    h->sendq_cap = cap;
    h->sendq_head = 0;
  }
  h->sendq[(h->sendq_head + h->sendq_n++) % h->sendq_cap] = *q;
}

static void mem_send_at(struct host *h, hmc_cmd_t cmd, uint32_t addr, uint64_t tag, unsigned core) {
  const host_send_t q = {.cmd = cmd, .addr = addr, .tag = tag, .core = core};
  mem_send_q(h, &q);
}

static void mem_send(struct host *h, hmc_cmd_t cmd, uint32_t line, uint64_t tag, unsigned core) {
  if (cmd == HMC_RD) h->st.hmc_reads++;
  else h->st.hmc_writes++;
  mem_send_at(h, cmd, line << HOST_LINE_BITS, tag, core);
}

void host_mem_hmc_resp(struct host *h, const hmc_resp_t *r) {
  unsigned kind = (unsigned)(r->tag >> 32), v = (unsigned)(r->tag & 0xffffffffu);
  if (kind == TAG_FILL) h->fillq[(h->fillq_head + h->fillq_n++) % HOST_MAX_MSHR] = (uint16_t)v;
  else if (kind == TAG_IFILL && h->fillq_n < HOST_MAX_MSHR)
    h->fillq[(h->fillq_head + h->fillq_n++) % HOST_MAX_MSHR] = (uint16_t)(FILLQ_IV | (v >> 16) << 8 | (v & 0xff));
  else if (kind == TAG_IFILL) {
    if (h->miss_cnt[v >> 16]) h->miss_cnt[v >> 16]--;
    h->iv_llc_busy &= ~(1ull << (v & 0xff));
  }
  else if (kind == TAG_WB && v < h->cfg.cores && h->core[v].wb_pending) h->core[v].wb_pending--;
  else if (kind == TAG_AMO && (v >> 16) < h->cfg.cores) h->up.load_done(&h->core[v >> 16], v & 0xffff, h->now + 1);
}

void host_mem_amo_far(host_core_t *c, uint32_t addr, unsigned slot) {
  struct host *h = c->h;
  /* the line leaves every cache first (its dirty data is already in the
   * functional memory; the write-back's traffic is not modelled) */
  host_mem_invalidate_line(h, addr >> HOST_LINE_BITS);
  h->st.hmc_amos++;
  mem_send_at(h, HMC_AMOADD_W, addr & ~3u, (uint64_t)TAG_AMO << 32 | (uint64_t)c->id << 16 | slot, c->id);
}

static hmc_cmd_t amo_cmd(unsigned funct5) {
  switch (funct5) {
    case RV32_AMO_SWAP: return HMC_AMOSWAP_W;
    case RV32_AMO_XOR: return HMC_AMOXOR_W;
    case RV32_AMO_OR: return HMC_AMOOR_W;
    case RV32_AMO_AND: return HMC_AMOAND_W;
    case RV32_AMO_MIN: return HMC_AMOMIN_W;
    case RV32_AMO_MAX: return HMC_AMOMAX_W;
    case RV32_AMO_MINU: return HMC_AMOMINU_W;
    case RV32_AMO_MAXU: return HMC_AMOMAXU_W;
    default: return HMC_AMOADD_W;
  }
}

void host_mem_amo_posted(host_core_t *c, uint32_t addr, unsigned funct5, uint32_t operand, unsigned slot) {
  struct host *h = c->h;
  host_mem_invalidate_line(h, addr >> HOST_LINE_BITS);
  h->st.hmc_amos++;
  c->posted_n++;
  const host_send_t q = {.cmd = amo_cmd(funct5), .addr = addr & ~3u,
                         .tag = (uint64_t)TAG_PAMO << 32 | (uint64_t)c->id << 16 | slot, .core = c->id,
                         .flags = HMC_REQ_POSTED, .operand = operand};
  mem_send_q(h, &q);
}

int host_mem_amo_timed(host_core_t *c, uint32_t addr, unsigned funct5, uint32_t operand, int posted, uint64_t t,
                       uint64_t *eta) {
  struct host *h = c->h;
  if (!h->hmc) { /* a vault AMO needs a vault (sys always has the HMC) */
    host_fail(h, "hart %u: a vault AMO for 0x%08x at cycle %llu, but the host has no HMC", c->id, addr,
              (unsigned long long)h->now);
    return HMC_EINVAL;
  }
  /* as host_mem_amo_far's (an add of 0 for the packets) and
   * host_mem_amo_posted's (the operation, no response) */
  hmc_req_t r = {.port = hmc_port_link(link_of(h, c->id)), .cmd = posted ? amo_cmd(funct5) : HMC_AMOADD_W,
                 .addr = addr & ~3u, .size = 64, .flags = HMC_REQ_TIMED | (posted ? HMC_REQ_POSTED : 0u),
                 .op = {posted ? operand : 0, 0}};
  /* timed requests leave no event, so nothing else advances the cube to
   * now: its link buffers must drain to now before it is asked */
  hmc_advance(h->hmc, h->now * h->cfg.clk_ps);
  const int rc = hmc_send(h->hmc, &r, t * h->cfg.clk_ps);
  if (rc == HMC_STALL) {
    h->st.hmc_stalls++;
    return rc;
  }
  if (rc != HMC_OK) {
    host_fail(h, "host: the HMC refused a vault AMO for 0x%08x at cycle %llu", addr, (unsigned long long)h->now);
    return rc;
  }
  /* the line leaves every cache, as host_mem_amo_far's does */
  host_mem_invalidate_line(h, addr >> HOST_LINE_BITS);
  h->st.hmc_amos++;
  *eta = (hmc_fast_eta_ps(h->hmc) + h->cfg.clk_ps - 1) / h->cfg.clk_ps;
  return HMC_OK;
}

void host_mem_posted_done(void *ctx, uint64_t tag, unsigned port, uint64_t done_ps) {
  struct host *h = ctx;
  (void)port;
  const unsigned core = (unsigned)(tag >> 16) & 0xffff;
  if ((tag >> 32) != TAG_PAMO || core >= h->cfg.cores || !h->core[core].posted_n) return;
  host_core_t *c = &h->core[core];
  c->posted_n--;
  const uint64_t t = (done_ps + h->cfg.clk_ps - 1) / h->cfg.clk_ps;
  if (t > c->posted_until) c->posted_until = t;
  h->gen++;
}

/* ---------------------------------------------------------------- coherence */

static int iv_window(const host_core_t *c, uint32_t line, uint64_t t);

/* coh_inflight=drop: core o's fills of line still in flight (its L1 and L2
 * MSHRs) were granted before a request that now takes the line from o (how
 * = COH_DROP) or shares it (COH_DG): each fill serves what waits on it (a
 * load its data; an AMO or a store performs: forward progress), then the
 * line leaves o's caches or stays read-only, as a protocol's transient
 * states that see an invalidation or a forwarded read before their data do
 * (docs/host.md "Coherence").  keep (0): the fill installs the line as it
 * was granted, a copy the LLC may no longer count.  1 when o has one. */
static int inflight_mark(host_core_t *o, uint32_t line, unsigned how) {
  const host_cfg_t *g = &o->h->cfg;
  int any = 0;
  for (unsigned i = 0; i < g->l1d.mshrs; i++)
    if (o->l1dm[i].busy && o->l1dm[i].line == line) {
      if (o->l1dm[i].coh < how) o->l1dm[i].coh = (uint8_t)how;
      any = 1;
    }
  for (unsigned i = 0; i < g->l1i.mshrs; i++)
    if (o->l1im[i].busy && o->l1im[i].line == line) {
      if (o->l1im[i].coh < how) o->l1im[i].coh = (uint8_t)how;
      any = 1;
    }
  for (unsigned i = 0; i < g->l2.mshrs; i++)
    if (o->l2m[i].busy && o->l2m[i].line == line) {
      if (o->l2m[i].coh < how) o->l2m[i].coh = (uint8_t)how;
      any = 1;
    }
  return any;
}

static int priv_copies_inval(host_core_t *o, uint32_t line);
static int priv_downgrade(host_core_t *o, uint32_t line);

/* What a marked fill leaves (inflight_mark), once it served its waiters:
 * the line leaves or stays read-only, dirty data going back to the LLC. */
static void coh_apply(host_core_t *c, uint32_t line, unsigned how) {
  const int dirty = how == COH_DROP ? priv_copies_inval(c, line) : priv_downgrade(c, line);
  host_line_t *L = host_cache_find(&c->h->llc, line);
  if (dirty && L) L->dirty = 1;
}

/* Drops core o's private copies of line; 1 if one was dirty. */
static int priv_inval(host_core_t *o, uint32_t line) {
  /* At-once timing under coh_inflight=keep: a fill of o's still in flight
   * at the lookup that takes the line (iv_t) keeps it, as the event-driven
   * hierarchy's does (between the grant and the fill); under drop the line
   * goes at once, and o's access still completes when its data arrive */
  if (o->h->cfg.mem_atonce && !o->h->cfg.coh_inflight && o->h->iv_t && iv_window(o, line, o->h->iv_t)) return 0;
  if (o->h->cfg.coh_inflight) inflight_mark(o, line, COH_DROP);
  return priv_copies_inval(o, line);
}

/* The copies themselves (L1D, L1I, L2); 1 if one was dirty. */
static int priv_copies_inval(host_core_t *o, uint32_t line) {
  int dirty = 0;
  host_line_t *l;
  if ((l = host_cache_find(&o->l1d, line))) {
    dirty |= l->st == ST_M;
    host_cache_inval(&o->l1d, l);
  }
  if ((l = host_cache_find(&o->l1i, line))) host_cache_inval(&o->l1i, l);
  if ((l = host_cache_find(&o->l2, line))) {
    dirty |= l->st == ST_M;
    host_cache_inval(&o->l2, l);
  }
  return dirty;
}

void host_mem_store_done(host_core_t *c, uint32_t addr) {
  if (c->drop_line != (addr >> HOST_LINE_BITS) + 1) return;
  c->drop_line = 0;
  coh_apply(c, addr >> HOST_LINE_BITS, c->drop_how);
}

/* Core o keeps line read-only; 1 if it was dirty. */
static int priv_downgrade(host_core_t *o, uint32_t line) {
  int dirty = 0;
  host_line_t *l;
  if ((l = host_cache_find(&o->l1d, line))) {
    dirty |= l->st == ST_M;
    l->st = ST_S;
  }
  if ((l = host_cache_find(&o->l2, line))) {
    dirty |= l->st == ST_M;
    l->st = ST_S;
  }
  return dirty;
}

/* Access of core c to LLC line L: invalidate (excl) or downgrade the other
 * sharers; returns the private state granted, *extra the snoop latency. */
static unsigned llc_grant(struct host *h, unsigned c, host_line_t *L, int excl, unsigned *extra) {
  uint32_t others = L->sharers & ~(1u << c);
  for (unsigned o = 0; others; o++, others >>= 1) {
    if (!(others & 1)) continue;
    host_core_t *oc = &h->core[o];
    if (excl) {
      if (priv_inval(oc, L->tag)) {
        L->dirty = 1;
        *extra = h->cfg.snoop_lat;
      }
      oc->st.invalidations_recv++;
      h->st.coherence_invals++;
    } else {
      host_line_t *l2 = host_cache_find(&oc->l2, L->tag);
      /* a fill in flight (granted before) leaves the line read-only, and o
       * stays a sharer */
      const int fly = h->cfg.coh_inflight && inflight_mark(oc, L->tag, COH_DG);
      if (l2 && l2->st >= ST_E && priv_downgrade(oc, L->tag)) {
        L->dirty = 1;
        *extra = h->cfg.snoop_lat;
      } else if (l2 && l2->st >= ST_E) {
        priv_downgrade(oc, L->tag);
      } else if (!l2 && !fly) {
        L->sharers &= ~(1u << o); /* silently dropped (should not happen: inclusion) */
      }
    }
  }
  if (excl) {
    L->sharers = (uint16_t)(1u << c);
    return ST_E;
  }
  L->sharers |= (uint16_t)(1u << c);
  return (L->sharers & ~(1u << c)) ? ST_S : ST_E;
}

static void llc_evict(struct host *h, host_line_t *v, unsigned core) {
  if (v->st == ST_I) return;
  int dirty = v->dirty;
  uint32_t s = v->sharers;
  for (unsigned o = 0; s; o++, s >>= 1)
    if (s & 1) dirty |= priv_inval(&h->core[o], v->tag);
  if (dirty) {
    h->st.llc_writebacks++;
    mem_send(h, HMC_WR_POSTED, v->tag, (uint64_t)TAG_POSTED << 32, core);
  }
  host_cache_inval(&h->llc, v);
  v->sharers = 0;
  v->dirty = 0;
}

static void l2_evict(struct host *h, host_core_t *c, host_line_t *v) {
  if (v->st == ST_I) return;
  int dirty = v->st == ST_M;
  host_line_t *l;
  if ((l = host_cache_find(&c->l1d, v->tag))) {
    dirty |= l->st == ST_M;
    host_cache_inval(&c->l1d, l);
  }
  if ((l = host_cache_find(&c->l1i, v->tag))) host_cache_inval(&c->l1i, l);
  host_line_t *L = host_cache_find(&h->llc, v->tag);
  if (L) {
    L->sharers &= (uint16_t)~(1u << c->id);
    if (dirty) {
      L->dirty = 1;
      h->st.l2_writebacks++;
    }
  } else if (dirty) {
    mem_send(h, HMC_WR_POSTED, v->tag, (uint64_t)TAG_POSTED << 32, c->id);
  }
  host_cache_inval(&c->l2, v);
}

/* ---------------------------------------------------------------- L1 */

static host_l1m_t *l1m_find(host_l1m_t *m, unsigned n, uint32_t line) {
  for (unsigned i = 0; i < n; i++)
    if (m[i].busy && m[i].line == line) return &m[i];
  return NULL;
}

/* Opens a miss for line in a free L1 MSHR of the D side (dside) or the I
 * side and sends its L2 request after the L1 latency; NULL when all are
 * busy.  The caller marks what waits on it. */
static host_l1m_t *l1m_open(struct host *h, host_core_t *c, int dside, uint32_t line) {
  host_l1m_t *m = dside ? c->l1dm : c->l1im;
  const unsigned n = dside ? h->cfg.l1d.mshrs : h->cfg.l1i.mshrs;
  unsigned i = 0;
  while (i < n && m[i].busy) i++;
  if (i == n) return NULL;
  memset(&m[i], 0, sizeof m[i]);
  m[i].busy = 1;
  m[i].line = line;
  m[i].src = (uint8_t)dside;
  m[i].loads = HOST_NIL;
  m[i].amo_slot = HOST_NIL;
  if (dside) c->l1d_busy++;
  else c->l1i_busy++;
  host_ev_push(h, h->now + (dside ? h->cfg.l1d.lat : h->cfg.l1i.lat), EV_L2_REQ, c->id, i, dside);
  return &m[i];
}

int host_mem_load(host_core_t *c, unsigned slot, uint32_t addr) {
  struct host *h = c->h;
  const uint32_t line = addr >> HOST_LINE_BITS;
  host_line_t *l = host_cache_find(&c->l1d, line);
  if (l) {
    host_cache_touch(&c->l1d, l);
    c->st.l1d_hit++;
    h->up.load_done(c, slot, h->now + h->cfg.l1d.lat);
    return 1;
  }
  host_l1m_t *m = l1m_find(c->l1dm, h->cfg.l1d.mshrs, line);
  if (m) {
    c->rob[slot].wnext = m->loads;
    m->loads = (uint16_t)slot;
    c->st.l1d_merge++;
    return 0;
  }
  m = l1m_open(h, c, 1, line);
  if (!m) return -1;
  m->loads = (uint16_t)slot;
  c->rob[slot].wnext = HOST_NIL;
  c->st.l1d_miss++;
  return 0;
}

int host_mem_store(host_core_t *c, uint32_t addr, int amo, unsigned slot) {
  struct host *h = c->h;
  const uint32_t line = addr >> HOST_LINE_BITS;
  host_line_t *l = host_cache_find(&c->l1d, line);
  if (l && l->st >= ST_E) {
    host_cache_touch(&c->l1d, l);
    l->st = ST_M;
    return 1;
  }
  if (l) c->st.upgrades++;
  host_l1m_t *m = l1m_find(c->l1dm, h->cfg.l1d.mshrs, line);
  if (!m) {
    m = l1m_open(h, c, 1, line);
    if (!m) return -1;
    if (!l) c->st.l1d_miss++;
  } else {
    c->st.l1d_merge++;
  }
  m->excl = 1;
  if (amo) {
    m->amo = 1;
    m->amo_slot = (uint16_t)slot;
  } else {
    m->store = 1;
  }
  return 0;
}

int host_mem_fetch(host_core_t *c, uint32_t pc) {
  struct host *h = c->h;
  const uint32_t line = pc >> HOST_LINE_BITS;
  if (h->cfg.mem_atonce) {
    const uint64_t t = host_mem_atonce(c, 0, pc, 0, h->now);
    if (t <= h->now) return 1;
    h->up.fetch_done(c, t);
    return 2;
  }
  host_line_t *l = host_cache_find(&c->l1i, line);
  if (l) {
    host_cache_touch(&c->l1i, l);
    return 1;
  }
  host_l1m_t *m = l1m_find(c->l1im, h->cfg.l1i.mshrs, line);
  if (m) {
    m->fetch = 1;
    return 0;
  }
  m = l1m_open(h, c, 0, line);
  if (!m) return -1;
  m->fetch = 1;
  c->st.l1i_miss++;
  return 0;
}

static void l1_fill(struct host *h, host_core_t *c, unsigned mi, unsigned src, unsigned state) {
  host_l1m_t *m = src ? &c->l1dm[mi] : &c->l1im[mi];
  host_cache_t *cc = src ? &c->l1d : &c->l1i;
  host_line_t *l = host_cache_find(cc, m->line);
  if (!l) {
    l = host_cache_victim(cc, m->line);
    if (src && l->st == ST_M) {
      host_line_t *l2 = host_cache_find(&c->l2, l->tag);
      if (l2) l2->st = ST_M;
    }
    l->tag = m->line;
    l->st = ST_I;
  }
  unsigned ns = src ? (state >= ST_E ? ST_E : ST_S) : ST_S;
  if (l->st < ns || (l->st == ST_E && ns == ST_S) || l->st == ST_I) l->st = (uint8_t)ns;
  host_cache_sync(cc, l);
  host_cache_touch(cc, l);
  m->busy = 0;
  if (src) c->l1d_busy--;
  else c->l1i_busy--;
  const uint64_t t = h->now;
  for (uint16_t s = m->loads; s != HOST_NIL;) {
    uint16_t nx = c->rob[s].wnext;
    h->up.load_done(c, s, t);
    s = nx;
  }
  if (m->amo && m->amo_slot != HOST_NIL) {
    if (l->st >= ST_E) l->st = ST_M;
    h->up.load_done(c, m->amo_slot, t + 1);
  }
  if (m->coh && m->store) {
    c->drop_line = m->line + 1; /* the store waiting on it writes first (host_mem_store_done applies it) */
    c->drop_how = m->coh;
  } else if (m->coh) {
    coh_apply(c, m->line, m->coh);
  }
  if (m->store) h->up.store_wake(c);
  if (m->fetch) h->up.fetch_done(c, t);
  /* loads that found every L1D MSHR busy try again now */
  if (src && c->mshrq_n) {
    unsigned n = c->mshrq_n;
    for (unsigned k = 0; k < n; k++) {
      uint16_t s = c->mshrq[(c->mshrq_head + k) % 512];
      host_ev_push(h, t, EV_LOAD, c->id, s, (uint32_t)c->rob[s].seq);
    }
    c->mshrq_head = (c->mshrq_head + n) % 512;
    c->mshrq_n = 0;
  }
}

/* ---------------------------------------------------------------- L2 */

static void l2_req(struct host *h, host_core_t *c, unsigned mi, unsigned src) {
  host_l1m_t *m = src ? &c->l1dm[mi] : &c->l1im[mi];
  host_line_t *l = host_cache_find(&c->l2, m->line);
  if (l && (!m->excl || l->st >= ST_E)) {
    host_cache_touch(&c->l2, l);
    c->st.l2_hit++;
    host_ev_push(h, h->now + h->cfg.l2.lat, EV_L1_FILL, c->id, mi, src | (uint32_t)l->st << 4);
    return;
  }
  const unsigned n = h->cfg.l2.mshrs;
  for (unsigned j = 0; j < n; j++) {
    host_l2m_t *q = &c->l2m[j];
    if (q->busy && q->line == m->line && !q->wait[src]) {
      q->wait[src] = (uint8_t)(mi + 1);
      return;
    }
  }
  int j = -1;
  for (unsigned k = 0; k < n; k++)
    if (!c->l2m[k].busy) {
      j = (int)k;
      break;
    }
  if (j < 0) {
    c->l2q[(c->l2q_head + c->l2q_n++) % (2 * HOST_MAX_MSHR)] = (uint16_t)(src << 8 | mi);
    return;
  }
  host_l2m_t *q = &c->l2m[j];
  memset(q, 0, sizeof *q);
  q->busy = 1;
  q->line = m->line;
  q->excl = m->excl;
  q->wait[src] = (uint8_t)(mi + 1);
  c->l2_busy++;
  c->st.l2_miss++;
  if (h->llcq_n == h->llcq_cap) {
    unsigned cap = h->llcq_cap * 2;
    host_llcq_t *nq = malloc(cap * sizeof *nq);
    if (!nq) {
      host_fail(h, "host: out of memory");
      return;
    }
    for (unsigned i = 0; i < h->llcq_n; i++) nq[i] = h->llcq[(h->llcq_head + i) % h->llcq_cap];
    free(h->llcq);
    h->llcq = nq;
    h->llcq_cap = cap;
    h->llcq_head = 0;
  }
  host_llcq_t *e = &h->llcq[(h->llcq_head + h->llcq_n++) % h->llcq_cap];
  e->line = m->line;
  e->core = (uint8_t)c->id;
  e->l2m = (uint8_t)j;
  e->excl = m->excl;
  e->arrive = h->now + h->cfg.l2.lat;
}

static void l2_fill(struct host *h, host_core_t *c, unsigned j, unsigned state) {
  host_l2m_t *q = &c->l2m[j];
  host_line_t *l = host_cache_find(&c->l2, q->line);
  if (!l) {
    l = host_cache_victim(&c->l2, q->line);
    l2_evict(h, c, l);
    l->tag = q->line;
    l->st = (uint8_t)state;
    host_cache_sync(&c->l2, l);
  } else if (state > l->st) {
    l->st = (uint8_t)state;
  }
  host_cache_touch(&c->l2, l);
  q->busy = 0;
  c->l2_busy--;
  const unsigned lst = l->st;
  if (q->coh) {
    for (unsigned src = 0; src < 2; src++)
      if (q->wait[src]) {
        host_l1m_t *m = &(src ? c->l1dm : c->l1im)[q->wait[src] - 1u];
        if (m->coh < q->coh) m->coh = q->coh;
      }
    if (!q->wait[0] && !q->wait[1]) coh_apply(c, q->line, q->coh);
  }
  for (unsigned src = 0; src < 2; src++)
    if (q->wait[src]) l1_fill(h, c, q->wait[src] - 1u, src, lst);
  /* an L1 miss that found every L2 MSHR busy goes now */
  if (c->l2q_n) {
    uint16_t v = c->l2q[c->l2q_head];
    c->l2q_head = (c->l2q_head + 1) % (2 * HOST_MAX_MSHR);
    c->l2q_n--;
    l2_req(h, c, v & 0xff, v >> 8);
  }
}

/* ---------------------------------------------------------------- LLC */

static void llc_fill(struct host *h, unsigned mi) {
  if (mi & FILLQ_IV) { /* at-once timing: the line went in at its lookup */
    const unsigned core = (mi >> 8) & 0x3f;
    mi &= 0xff;
    h->pmc_in.mshr_free = 1;
    h->pmc_in.mshr_free_idx = mi;
    if (h->miss_cnt[core]) h->miss_cnt[core]--;
    h->iv_llc_busy &= ~(1ull << mi);
    return;
  }
  host_llcm_t *m = &h->llcm[mi];
  h->pmc_in.mshr_free = 1;
  h->pmc_in.mshr_free_idx = mi;
  if (h->miss_cnt[m->owner]) h->miss_cnt[m->owner]--;
  host_line_t *L = host_cache_find(&h->llc, m->line);
  if (!L) {
    L = host_cache_victim(&h->llc, m->line);
    llc_evict(h, L, m->owner);
    L->tag = m->line;
    L->st = ST_S;
    host_cache_sync(&h->llc, L);
    L->dirty = 0;
    L->sharers = 0;
  }
  host_cache_touch(&h->llc, L);
  m->busy = 0;
  h->llcm_busy--;
  for (unsigned c = 0; c < h->cfg.cores; c++) {
    if (!(m->waiters & (1u << c))) continue;
    unsigned extra = 0;
    unsigned st = llc_grant(h, c, L, m->excl[c], &extra);
    if (extra) host_ev_push(h, h->now + extra, EV_L2_FILL, c, m->l2m[c], st);
    else l2_fill(h, &h->core[c], m->l2m[c], st);
  }
}

void host_mem_cycle(struct host *h) {
  h->pmc_in.mshr_alloc = 0;
  h->pmc_in.mshr_free = 0;
  if (h->hmc && (hmc_inflight(h->hmc) || h->sendq_n)) {
    hmc_advance(h->hmc, h->now * h->cfg.clk_ps);
    /* a response reaches a link's queue only by a delivery, which counts:
     * nothing new to poll while the count stands where the last poll (which
     * emptied the queues) left it */
    const uint64_t dl = hmc_delivered(h->hmc);
    if (dl != h->resp_seen) {
      h->resp_seen = dl;
      hmc_resp_t r;
      const unsigned links = hmc_cfg(h->hmc)->links;
      for (unsigned l = 0; l < links && l < h->cfg.cores; l++)
        while (hmc_poll(h->hmc, hmc_port_link(l), &r)) host_mem_hmc_resp(h, &r);
    }
  }
  while (h->sendq_n) {
    host_send_t *s = &h->sendq[h->sendq_head];
    if (try_send(h, s) == HMC_STALL) break;
    h->sendq_head = (h->sendq_head + 1) % h->sendq_cap;
    h->sendq_n--;
  }
  if (h->fillq_n) {
    unsigned mi = h->fillq[h->fillq_head];
    h->fillq_head = (h->fillq_head + 1) % HOST_MAX_MSHR;
    h->fillq_n--;
    llc_fill(h, mi);
  }
}

void host_mem_event(struct host *h, const host_ev_t *e) {
  host_core_t *c = &h->core[e->core];
  switch (e->type) {
    case EV_L2_REQ: l2_req(h, c, e->a, e->b); break;
    case EV_L1_FILL: l1_fill(h, c, e->a, e->b & 15, e->b >> 4); break;
    case EV_L2_FILL: l2_fill(h, c, e->a, e->b); break;
    case EV_LLC_MISS: {
      host_llcm_t *m = &h->llcm[e->a];
      if (e->b) { /* at-once timing: sent at the lookup; the MSHR may have a later owner by now */
        h->miss_cnt[e->core]++;
        break;
      }
      h->miss_cnt[m->owner]++;
      mem_send(h, HMC_RD, m->line, (uint64_t)TAG_FILL << 32 | e->a, m->owner);
      break;
    }
    case EV_IV_ALLOC:
      h->pmc_in.mshr_alloc = 1;
      h->pmc_in.mshr_alloc_idx = e->a;
      h->pmc_in.mshr_alloc_core = e->core;
      break;
    case EV_MEM_RESP: {
      hmc_resp_t r;
      memset(&r, 0, sizeof r);
      r.tag = (uint64_t)e->a << 32 | e->b;
      host_mem_hmc_resp(h, &r);
      break;
    }
    default: break;
  }
}

void host_mem_llc(struct host *h) {
  if (h->invq_n) {
    host_mem_invalidate_line(h, h->invq[h->invq_head]);
    h->invq_head = (h->invq_head + 1) % h->invq_cap;
    h->invq_n--;
    h->st.pim_inv_lines++;
    return; /* the tag port is busy this cycle */
  }
  if (!h->llcq_n) return;
  host_llcq_t *q = &h->llcq[h->llcq_head];
  if (q->arrive > h->now) return;
  const unsigned c = q->core, lat = h->cfg.llc.lat;
  host_core_t *core = &h->core[c];
  host_line_t *L = host_cache_find(&h->llc, q->line);
  if (L) {
    host_cache_touch(&h->llc, L);
    unsigned extra = 0;
    unsigned st = llc_grant(h, c, L, q->excl, &extra);
    host_ev_push(h, h->now + lat + extra, EV_L2_FILL, c, q->l2m, st);
    core->st.llc_hit++;
  } else {
    int mi = -1;
    for (unsigned i = 0; i < h->cfg.llc.mshrs; i++)
      if (h->llcm[i].busy && h->llcm[i].line == q->line) {
        mi = (int)i;
        break;
      }
    if (mi >= 0 && !(h->llcm[mi].waiters & (1u << c))) {
      host_llcm_t *m = &h->llcm[mi];
      m->waiters |= (uint16_t)(1u << c);
      m->l2m[c] = q->l2m;
      m->excl[c] = q->excl;
      core->st.llc_merge++;
    } else {
      if (h->llcm_busy == h->cfg.llc.mshrs || mi >= 0) {
        h->st.llc_stall_cycles++;
        return; /* head of line waits for an MSHR */
      }
      for (unsigned i = 0; i < h->cfg.llc.mshrs; i++)
        if (!h->llcm[i].busy) {
          mi = (int)i;
          break;
        }
      host_llcm_t *m = &h->llcm[mi];
      memset(m, 0, sizeof *m);
      m->busy = 1;
      m->line = q->line;
      m->owner = (uint8_t)c;
      m->waiters = (uint16_t)(1u << c);
      m->l2m[c] = q->l2m;
      m->excl[c] = q->excl;
      h->llcm_busy++;
      h->pmc_in.mshr_alloc = 1;
      h->pmc_in.mshr_alloc_idx = (unsigned)mi;
      h->pmc_in.mshr_alloc_core = c;
      host_ev_push(h, h->now + lat, EV_LLC_MISS, c, (unsigned)mi, 0);
      core->st.llc_miss++;
    }
  }
  h->st.llc_lookups++;
  if (h->hit_until[c] < h->now + lat) h->hit_until[c] = h->now + lat;
  h->llcq_head = (h->llcq_head + 1) % h->llcq_cap;
  h->llcq_n--;
}

void host_mem_pmc(struct host *h) {
  uint64_t hit = 0, miss = 0;
  h->pmc_stale = 0;
  for (unsigned c = 0; c < h->cfg.cores; c++) {
    if (h->pmc_at < h->hit_until[c]) hit |= 1ull << c;
    if (h->hit_cal && h->hit_cal[(size_t)c << HOST_HIT_CAL_BITS | (h->pmc_at & HIT_CAL_MASK)] == (uint32_t)h->pmc_at + 1)
      hit |= 1ull << c;
    if (h->miss_cnt[c]) miss |= 1ull << c;
  }
  h->pmc_in.hit_act = hit;
  h->pmc_in.miss_act = miss;
}

/* ---------------------------------------------------------------- PIM */

void host_mem_flush_dirty(struct host *h, host_core_t *c) {
  /* L1D dirty lines into L2, L2 dirty lines into the LLC, then every dirty
   * LLC line to memory; lines stay valid and clean (owned ones stay E). */
  for (unsigned k = 0; k < h->cfg.cores; k++) {
    host_core_t *o = &h->core[k];
    const uint32_t n1 = o->l1d.sets * o->l1d.ways, n2 = o->l2.sets * o->l2.ways;
    for (uint32_t i = 0; i < n1; i++) {
      host_line_t *l = &o->l1d.l[i];
      if (l->st != ST_M) continue;
      host_line_t *l2 = host_cache_find(&o->l2, l->tag);
      if (l2) l2->st = ST_M;
      l->st = ST_E;
    }
    for (uint32_t i = 0; i < n2; i++) {
      host_line_t *l = &o->l2.l[i];
      if (l->st != ST_M) continue;
      host_line_t *L = host_cache_find(&h->llc, l->tag);
      if (L) L->dirty = 1;
      else {
        h->st.pim_wb_lines++;
        if (!h->cfg.coh_free) {
          mem_send(h, HMC_WR, l->tag, (uint64_t)TAG_WB << 32 | c->id, c->id);
          c->wb_pending++;
        }
      }
      l->st = ST_E;
    }
  }
  const uint32_t n = h->llc.sets * h->llc.ways;
  for (uint32_t i = 0; i < n; i++) {
    host_line_t *L = &h->llc.l[i];
    if (L->st == ST_I || !L->dirty) continue;
    L->dirty = 0;
    h->st.pim_wb_lines++;
    if (h->cfg.coh_free) continue; /* an idealised simulator's coherence: no traffic, no time */
    mem_send(h, HMC_WR, L->tag, (uint64_t)TAG_WB << 32 | c->id, c->id);
    c->wb_pending++;
  }
}

void host_mem_invalidate_line(struct host *h, uint32_t line) {
  host_line_t *L = host_cache_find(&h->llc, line);
  if (L) {
    uint32_t s = L->sharers;
    for (unsigned o = 0; s; o++, s >>= 1)
      if (s & 1) priv_inval(&h->core[o], line);
    host_cache_inval(&h->llc, L);
    L->sharers = 0;
    L->dirty = 0;
  }
  for (unsigned o = 0; o < h->cfg.cores; o++) priv_inval(&h->core[o], line);
}

int host_mem_llc_head_waits(struct host *h) {
  const host_llcq_t *q = &h->llcq[h->llcq_head];
  if (host_cache_find(&h->llc, q->line)) return 0;
  int mi = -1;
  for (unsigned i = 0; i < h->cfg.llc.mshrs; i++)
    if (h->llcm[i].busy && h->llcm[i].line == q->line) {
      mi = (int)i;
      break;
    }
  if (mi >= 0 && !(h->llcm[mi].waiters & (1u << q->core))) return 0;
  return h->llcm_busy == h->cfg.llc.mshrs || mi >= 0;
}

int host_mem_amo_busy(host_core_t *c, uint32_t addr) {
  const host_l1m_t *m = l1m_find(c->l1dm, c->h->cfg.l1d.mshrs, addr >> HOST_LINE_BITS);
  return m && m->amo && m->amo_slot != HOST_NIL;
}

/* ---------------------------------------------------------------- at-once timing */

/* What is approximated against the event-driven hierarchy above (docs/host.md
 * "At-once memory"): an access changes every tag and state when it issues,
 * not when each level's fill arrives (an access in between sees the line
 * and waits for its data); the L2's MSHRs and the LLC's queue ahead of its
 * tag port are not modelled (the port's one lookup a cycle is); a miss is
 * sent to memory at its time even when that is after the HMC's now, and
 * when the HMC refuses it (its input buffer full), it waits in the send
 * queue and is timed with the last latency seen. */

/* The cycle line's data arrives if an L1 fill of it is in flight after t, else 0. */
static uint64_t iv_pending(const host_core_t *c, int side, uint32_t line, uint64_t t, unsigned n) {
  if (c->iv_max[side] <= t) return 0;
  for (unsigned i = 0; i < n; i++)
    if (c->iv_line[side][i] == line && c->iv_ready[side][i] > t) return c->iv_ready[side][i];
  return 0;
}

/* 1 when t falls in the window of an L1D fill of line in flight: granted by
 * its L2 or LLC lookup, not yet arrived. */
static int iv_window(const host_core_t *c, uint32_t line, uint64_t t) {
  if (c->iv_max[1] <= t) return 0;
  for (unsigned i = 0; i < c->h->cfg.l1d.mshrs; i++)
    if (c->iv_line[1][i] == line && c->iv_grant[i] <= t && c->iv_ready[1][i] > t) return 1;
  return 0;
}

/* The first cycle >= *t with an L1 MSHR free on side; its index. */
static unsigned iv_mshr(host_core_t *c, int side, uint64_t *t, unsigned n) {
  unsigned best = 0;
  for (unsigned i = 0; i < n; i++) {
    if (c->iv_ready[side][i] <= *t) return i;
    if (c->iv_ready[side][i] < c->iv_ready[side][best]) best = i;
  }
  if (side) c->st.stall_mshr += c->iv_ready[side][best] - *t;
  *t = c->iv_ready[side][best];
  return best;
}

/* A miss of core c for line at the LLC's tag port at t3 (taken): the cycle
 * the data reaches the L2. */
static uint64_t iv_memory(struct host *h, host_core_t *c, uint32_t line, uint64_t t3) {
  const host_cfg_t *g = &h->cfg;
  const unsigned n = g->llc.mshrs;
  /* an MSHR free at t3 whose last fill came back (the PMC must see its
   * free before the next alloc), else the one that frees first */
  unsigned mi = n, first = 0;
  for (unsigned i = 0; i < n; i++) {
    if (h->iv_llc_free[i] < h->iv_llc_free[first]) first = i;
    if (h->iv_llc_free[i] <= t3 && !(h->iv_llc_busy >> i & 1)) {
      mi = i;
      break;
    }
  }
  if (mi == n) {
    mi = first;
    if (h->iv_llc_free[mi] > t3) {
      h->st.llc_stall_cycles += h->iv_llc_free[mi] - t3;
      t3 = h->iv_llc_free[mi];
    }
  }
  h->iv_llc_busy |= 1ull << mi;
  host_llcm_t *m = &h->llcm[mi];
  m->owner = (uint8_t)c->id;
  m->line = line;
  host_ev_push(h, t3, EV_IV_ALLOC, c->id, mi, 0);
  host_ev_push(h, t3 + g->llc.lat, EV_LLC_MISS, c->id, mi, 1);
  const uint64_t ts = t3 + g->llc.lat, tag = (uint64_t)TAG_IFILL << 32 | (uint64_t)c->id << 16 | mi;
  h->st.hmc_reads++;
  uint64_t done;
  if (!h->hmc) {
    done = ts + g->mem_lat;
    host_ev_push(h, done, EV_MEM_RESP, c->id, TAG_IFILL, c->id << 16 | mi);
  } else {
    hmc_req_t r = {.port = hmc_port_link(link_of(h, c->id)), .cmd = HMC_RD, .addr = line << HOST_LINE_BITS,
                   .size = 64, .tag = tag};
    const int rc = h->sendq_n ? HMC_STALL : hmc_send(h->hmc, &r, ts * g->clk_ps);
    if (rc == HMC_OK) {
      done = (hmc_fast_eta_ps(h->hmc) + g->clk_ps - 1) / g->clk_ps;
      h->iv_lat = done - ts;
    } else {
      if (rc == HMC_STALL) h->st.hmc_stalls++;
      const host_send_t q = {.cmd = HMC_RD, .addr = line << HOST_LINE_BITS, .tag = tag, .core = c->id, .at = ts};
      mem_send_q(h, &q);
      done = ts + (h->iv_lat ? h->iv_lat : g->mem_lat);
    }
  }
  h->iv_llc_line[mi] = line;
  h->iv_llc_ready[mi] = done;
  h->iv_llc_free[mi] = done + 1;
  return done;
}

/* The cycle line's memory data reaches the LLC if a miss of it is in flight after t, else 0. */
static uint64_t iv_llc_pending(const struct host *h, uint32_t line, uint64_t t) {
  for (unsigned i = 0; i < h->cfg.llc.mshrs; i++)
    if (h->iv_llc_line[i] == line && h->iv_llc_ready[i] > t) return h->iv_llc_ready[i];
  return 0;
}

/* The interval core's LLC lookups are made ahead of their cycle: core c's
 * hit activity (the PMC's hit_act) marked in [t0, t1) of its calendar,
 * each cycle stamped with itself + 1, instead of hit_until (which would
 * mark every cycle from now on).  Cycles beyond the calendar's reach are
 * not marked. */
static void hit_mark(struct host *h, unsigned c, uint64_t t0, uint64_t t1) {
  if (t1 > h->now + HIT_CAL_MASK) t1 = h->now + HIT_CAL_MASK;
  uint32_t *cal = h->hit_cal + ((size_t)c << HOST_HIT_CAL_BITS);
  for (uint64_t t = t0; t < t1; t++) cal[t & HIT_CAL_MASK] = (uint32_t)t + 1;
}

uint64_t host_mem_atonce(host_core_t *c, int dside, uint32_t addr, int excl, uint64_t t) {
  struct host *h = c->h;
  const host_cfg_t *g = &h->cfg;
  const uint32_t line = addr >> HOST_LINE_BITS;
  host_cache_t *l1 = dside ? &c->l1d : &c->l1i;
  const host_cache_cfg_t *g1 = dside ? &g->l1d : &g->l1i;
  host_line_t *l = host_cache_find(l1, line);
  if (l && (!excl || l->st >= ST_E)) {
    host_cache_touch(l1, l);
    const uint64_t f = iv_pending(c, dside, line, t, g1->mshrs);
    if (f) {
      if (dside) c->st.l1d_merge++;
      return f;
    }
    if (!dside || excl) return t;
    c->st.l1d_hit++;
    return t + g1->lat;
  }
  if (l) c->st.upgrades++;
  else if (dside) c->st.l1d_miss++;
  else c->st.l1i_miss++;
  const unsigned slot = iv_mshr(c, dside, &t, g1->mshrs);
  const uint64_t t2 = t + g1->lat; /* the L2's lookup */
  uint64_t done, grant = t2;
  unsigned st;
  host_line_t *l2 = host_cache_find(&c->l2, line);
  if (l2 && (!excl || l2->st >= ST_E)) {
    host_cache_touch(&c->l2, l2);
    c->st.l2_hit++;
    done = t2 + g->l2.lat;
    st = l2->st;
  } else {
    c->st.l2_miss++;
    const uint64_t t3 = host_port_slot(h->iv_port, 1, t2 + g->l2.lat, h->now); /* at the LLC, one lookup a cycle */
    h->st.llc_lookups++;
    if (h->hit_cal) hit_mark(h, c->id, t3, t3 + g->llc.lat);
    else if (h->hit_until[c->id] < t3 + g->llc.lat) h->hit_until[c->id] = t3 + g->llc.lat;
    host_line_t *L = host_cache_find(&h->llc, line);
    unsigned extra = 0;
    h->iv_t = t3;
    grant = t3;
    if (L) {
      host_cache_touch(&h->llc, L);
      const uint64_t f = iv_llc_pending(h, line, t3);
      st = llc_grant(h, c->id, L, excl, &extra);
      done = t3 + g->llc.lat + extra;
      if (f) {
        c->st.llc_merge++;
        if (done < f + extra) done = f + extra;
      } else {
        c->st.llc_hit++;
      }
    } else {
      c->st.llc_miss++;
      done = iv_memory(h, c, line, t3);
      L = host_cache_victim(&h->llc, line);
      llc_evict(h, L, c->id);
      L->tag = line;
      L->st = ST_S;
      host_cache_sync(&h->llc, L);
      L->dirty = 0;
      L->sharers = 0;
      host_cache_touch(&h->llc, L);
      h->iv_t = done; /* granted when the data comes back, as the MSHR's waiters are */
      st = llc_grant(h, c->id, L, excl, &extra);
      grant = done;
      done += extra;
    }
    h->iv_t = 0;
    if (!l2) {
      l2 = host_cache_victim(&c->l2, line);
      l2_evict(h, c, l2);
      l2->tag = line;
      l2->st = (uint8_t)st;
      host_cache_sync(&c->l2, l2);
      l = host_cache_find(l1, line); /* the L2's victim may have been in the L1 set too */
    } else if (st > l2->st) {
      l2->st = (uint8_t)st;
    }
    host_cache_touch(&c->l2, l2);
    st = l2->st;
  }
  if (!l) {
    l = host_cache_victim(l1, line);
    if (dside && l->st == ST_M) {
      host_line_t *v = host_cache_find(&c->l2, l->tag);
      if (v) v->st = ST_M;
    }
    l->tag = line;
    l->st = ST_I;
  }
  const unsigned ns = dside ? (st >= ST_E ? ST_E : ST_S) : ST_S;
  if (l->st < ns || (l->st == ST_E && ns == ST_S) || l->st == ST_I) l->st = (uint8_t)ns;
  host_cache_sync(l1, l);
  host_cache_touch(l1, l);
  if (h->iv_bias_pct) done += (done - t) * h->iv_bias_pct / 100;
  c->iv_line[dside][slot] = line;
  c->iv_ready[dside][slot] = done;
  if (dside) c->iv_grant[slot] = grant;
  if (c->iv_max[dside] < done) c->iv_max[dside] = done;
  return done;
}

int host_mem_atonce_hit(host_core_t *c, uint32_t addr, uint64_t t) {
  const uint32_t line = addr >> HOST_LINE_BITS;
  return host_cache_find(&c->l1d, line) && !iv_pending(c, 1, line, t, c->h->cfg.l1d.mshrs);
}
