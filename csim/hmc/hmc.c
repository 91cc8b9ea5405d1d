/* HMC model: configuration, the packet pool, links (FLIT serialisation and
 * token flow control), PE ports, the crossbar in both directions, response
 * delivery and the API.  Vault controllers and banks are in hmc_vault.c,
 * atomics in hmc_atomic.c; docs/hmc.md describes the timing rules.
 *
 * Link time is kept in bit slots: one slot is the time one bit takes on a
 * link direction (all lanes together), 1e6 / rate ps with rate in bits per
 * microsecond.  Serialisation therefore never accumulates rounding; a slot
 * count becomes ps by rounding up. */
#include "hmc_int.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ rings */

int hmc_ring_init(hmc_ring_t *r, unsigned bound) {
  r->size = bound ? bound : 16;
  r->bound = bound;
  r->head = r->n = 0;
  r->buf = malloc(sizeof(int) * r->size);
  return r->buf != NULL;
}

void hmc_ring_free(hmc_ring_t *r) {
  free(r->buf);
  r->buf = NULL;
}

int hmc_ring_push_full(hmc_ring_t *r, int v) {
  if (r->bound) return 0;
  unsigned ns = r->size * 2;
  int *nb = malloc(sizeof(int) * ns);
  if (!nb) return -1;
  for (unsigned i = 0; i < r->n; i++) nb[i] = r->buf[(r->head + i) % r->size];
  free(r->buf);
  r->buf = nb;
  r->size = ns;
  r->head = 0;
  r->buf[r->n++] = v; /* head 0, n < the new size */
  return 1;
}

/* ------------------------------------------------------------ pool */

static int pkt_alloc(hmc_t *h) {
  if (h->free_head < 0) {
    unsigned nn = h->npkt ? h->npkt * 2 : 256;
    hmc_pkt_t *np = realloc(h->pkt, sizeof *np * nn);
    if (!np) return -1;
    h->pkt = np;
    for (unsigned i = h->npkt; i < nn; i++) np[i].next = i + 1 < nn ? (int)i + 1 : -1;
    h->free_head = (int)h->npkt;
    h->npkt = nn;
  }
  int i = h->free_head;
  h->free_head = h->pkt[i].next;
  return i;
}

static void pkt_free(hmc_t *h, int i) {
  h->pkt[i].next = h->free_head;
  h->free_head = i;
}

static void pkt_release(hmc_t *h, int i) {
  h->active--;
  pkt_free(h, i);
}

/* ------------------------------------------------------------ config */

static int is_pow2(uint64_t x) { return x && !(x & (x - 1)); }
static unsigned lg2(uint64_t x) {
  unsigned n = 0;
  while (x > 1) x >>= 1, n++;
  return n;
}
/* 64-bit: ps + tck - 1 wraps in 32 bits (4294967295 ps became 0 cycles) */
static unsigned to_cyc(uint32_t ps, uint32_t tck) { return (unsigned)(((uint64_t)ps + tck - 1) / tck); }

static int cfg_check(const hmc_cfg_t *c) {
#define BAD(cond, msg)                                  \
  if (cond) {                                           \
    fprintf(stderr, "hmc: bad configuration: %s\n", msg); \
    return 0;                                           \
  }
  BAD(c->tck_ps < 100 || c->tck_ps > 100000, "tck_ps must be 100..100000");
  BAD(c->links < 1 || c->links > HMC_MAX_LINKS, "links must be 1..8");
  BAD(c->lanes < 1 || c->lanes > 32, "lanes must be 1..32");
  BAD(c->lane_mbps < 12500 || c->lane_mbps > 30000, "lane_mbps must be 12500..30000 (SPEC: 12.5 to 30 Gb/s)");
  BAD(c->link_buf_flits < 9 || c->link_rsp_flits < 9 || c->link_buf_flits > 65536 || c->link_rsp_flits > 65536,
      "link buffers must hold 9..65536 FLITs (the largest packet is 9)");
  BAD(c->xbar_cycles < 1 || c->local_cycles < 1 || c->xbar_cycles > 1000 || c->local_cycles > 1000,
      "crossbar latencies must be 1..1000 cycles");
  BAD(c->pe_port_q < 1 || c->pe_port_q > 4096, "pe_port_q must be 1..4096");
  BAD(!is_pow2(c->vaults) || c->vaults > HMC_MAX_VAULTS, "vaults must be a power of two, 1..32");
  BAD(!is_pow2(c->banks) || c->banks > HMC_MAX_BANKS, "banks must be a power of two, 1..32");
  BAD(c->vault_q < 1 || c->vault_q > 4096 || c->vault_rsp_q < 1 || c->vault_rsp_q > 4096,
      "vault queues must be 1..4096 entries");
  BAD(!is_pow2(c->col_bytes) || c->col_bytes < 16 || c->col_bytes > 256, "col_bytes must be a power of two, 16..256");
  BAD(!is_pow2(c->block_bytes) || c->block_bytes < 16 || c->block_bytes > 256 || c->block_bytes < c->col_bytes,
      "block_bytes must be a power of two, 16..256, >= col_bytes");
  BAD(!is_pow2(c->row_bytes) || c->row_bytes < c->block_bytes || c->row_bytes > 65536,
      "row_bytes must be a power of two, block_bytes..65536");
  BAD(!is_pow2(c->capacity) || c->capacity < (uint64_t)c->vaults * c->banks * c->row_bytes ||
          c->capacity > (1ull << 40),
      "capacity must be a power of two, at least vaults*banks*row_bytes, at most 1 TiB");
  unsigned seen = 0;
  for (int i = 0; i < 4; i++) {
    BAD(c->map[i] > 3, "map entries must be HMC_F_VAULT/BANK/COL/ROW");
    seen |= 1u << c->map[i];
  }
  BAD(seen != 15, "map must name each of vault, bank, col, row once");
  BAD(c->atomic_cycles > 1000, "atomic_cycles must be 0..1000");
  BAD(!c->t_rcd_ps || !c->t_cl_ps || !c->t_rp_ps || !c->t_ras_ps || !c->t_ccd_ps || !c->t_rfc_ps,
      "DRAM timings must be > 0");
  BAD(c->refresh && c->t_refi_ps <= (uint64_t)c->t_rfc_ps + c->t_rp_ps, "t_refi_ps must exceed t_rfc_ps + t_rp_ps");
  BAD(c->t_faw_ps && c->t_faw_ps < c->t_rrd_ps, "t_faw_ps must be 0 (off) or at least t_rrd_ps");
  BAD(c->fast != 0 && c->fast != 1, "fast must be 0 or 1");
#undef BAD
  return 1;
}

hmc_t *hmc_new(const hmc_cfg_t *cfg, uint8_t *mem, size_t mem_bytes) {
  if (!cfg || !cfg_check(cfg)) return NULL;
  if (mem && mem_bytes == 0) {
    fprintf(stderr, "hmc: functional memory of 0 bytes\n");
    return NULL;
  }
  hmc_t *h = calloc(1, sizeof *h);
  if (!h) return NULL;
  h->cfg = *cfg;
  h->mem = mem;
  h->mem_bytes = mem ? mem_bytes : 0;
  h->rate = (uint64_t)cfg->lanes * cfg->lane_mbps;
  h->off_bits = lg2(cfg->block_bytes);
  unsigned w[4] = {lg2(cfg->vaults), lg2(cfg->banks), lg2(cfg->row_bytes / cfg->block_bytes), 0};
  w[HMC_F_ROW] = lg2(cfg->capacity) - h->off_bits - w[0] - w[1] - w[2];
  unsigned sh = h->off_bits;
  for (int i = 0; i < 4; i++) {
    unsigned f = cfg->map[i];
    h->fbits[f] = w[f];
    h->fshift[f] = sh;
    sh += w[f];
  }
  uint32_t t = cfg->tck_ps;
  h->t_rcd = to_cyc(cfg->t_rcd_ps, t);
  h->t_cl = to_cyc(cfg->t_cl_ps, t);
  h->t_rp = to_cyc(cfg->t_rp_ps, t);
  h->t_ras = to_cyc(cfg->t_ras_ps, t);
  h->t_wr = to_cyc(cfg->t_wr_ps, t);
  h->t_ccd = to_cyc(cfg->t_ccd_ps, t);
  h->t_rfc = to_cyc(cfg->t_rfc_ps, t);
  h->t_refi = to_cyc(cfg->t_refi_ps, t);
  h->t_cwl = to_cyc(cfg->t_cwl_ps, t);
  h->t_wtr = to_cyc(cfg->t_wtr_ps, t);
  h->t_rtw = to_cyc(cfg->t_rtw_ps, t);
  h->t_rtp = to_cyc(cfg->t_rtp_ps, t);
  h->t_rrd = to_cyc(cfg->t_rrd_ps, t);
  h->t_faw = to_cyc(cfg->t_faw_ps, t);
  h->free_head = -1;
  /* events: nothing queued; every vault looks at its state once at cycle 0 */
  h->xreq_next = h->xrsp_next = h->ltx_next = h->dlv_next = UINT64_MAX;
  int ok = 1;
  for (unsigned l = 0; l < cfg->links; l++) {
    for (unsigned v = 0; v < cfg->vaults; v++) ok &= hmc_ring_init(&h->link[l].voq[v], 0);
    ok &= hmc_ring_init(&h->link[l].pend, 0);
    ok &= hmc_ring_init(&h->link[l].wire, 0);
  }
  for (unsigned p = 0; p < cfg->vaults; p++)
    for (unsigned v = 0; v < cfg->vaults; v++) ok &= hmc_ring_init(&h->pe[p].voq[v], 0);
  for (unsigned p = 0; p < HMC_NUM_PORTS; p++) ok &= hmc_ring_init(&h->pollq[p], 0);
  ok &= hmc_vault_init(h, pkt_release);
  if (ok && cfg->fast) ok = hmc_fast_init(h);
  if (!ok) {
    fprintf(stderr, "hmc: out of memory\n");
    hmc_free(h);
    return NULL;
  }
  for (unsigned v = 0; v < cfg->vaults; v++) h->vault[v].rsp_at = UINT64_MAX;
  for (unsigned i = 1; i < 2 * HMC_MAX_VAULTS; i++) /* every vault at cycle 0, none beyond cfg->vaults */
    h->vwk[i] = i >= HMC_MAX_VAULTS && i - HMC_MAX_VAULTS >= cfg->vaults ? UINT64_MAX : 0;
  return h;
}

void hmc_free(hmc_t *h) {
  if (!h) return;
  for (unsigned l = 0; l < HMC_MAX_LINKS; l++) {
    for (unsigned v = 0; v < HMC_MAX_VAULTS; v++) hmc_ring_free(&h->link[l].voq[v]);
    hmc_ring_free(&h->link[l].pend);
    hmc_ring_free(&h->link[l].wire);
  }
  for (unsigned v = 0; v < HMC_MAX_VAULTS; v++) {
    for (unsigned w = 0; w < HMC_MAX_VAULTS; w++) hmc_ring_free(&h->pe[v].voq[w]);
    free(h->pe[v].ret);
  }
  for (unsigned p = 0; p < HMC_NUM_PORTS; p++) hmc_ring_free(&h->pollq[p]);
  hmc_vault_free(h);
  hmc_fast_free(h);
  free(h->pkt);
  free(h);
}

const hmc_cfg_t *hmc_cfg(const hmc_t *h) { return &h->cfg; }

/* ------------------------------------------------------------ addresses */

static uint64_t field(const hmc_t *h, uint64_t a, unsigned f) {
  return (a >> h->fshift[f]) & ((1ull << h->fbits[f]) - 1);
}

void hmc_decode(const hmc_t *h, uint64_t addr, hmc_addr_t *a) {
  a->vault = (unsigned)field(h, addr, HMC_F_VAULT);
  a->bank = (unsigned)field(h, addr, HMC_F_BANK);
  a->col = (unsigned)field(h, addr, HMC_F_COL);
  a->row = field(h, addr, HMC_F_ROW);
  a->offset = (unsigned)(addr & (h->cfg.block_bytes - 1));
}

uint64_t hmc_encode(const hmc_t *h, unsigned vault, unsigned bank, uint64_t row, unsigned col) {
  uint64_t v[4] = {vault, bank, col, row}, a = 0;
  for (unsigned f = 0; f < 4; f++) a |= (v[f] & ((1ull << h->fbits[f]) - 1)) << h->fshift[f];
  return a;
}

/* ------------------------------------------------------------ link time */

static uint64_t ps_to_slot(const hmc_t *h, uint64_t ps) { return (ps * h->rate + 999999) / 1000000; }
static uint64_t slot_to_ps(const hmc_t *h, uint64_t s) { return (s * 1000000 + h->rate - 1) / h->rate; }
static uint64_t ps_to_cyc(const hmc_t *h, uint64_t ps) { return (ps + h->cfg.tck_ps - 1) / h->cfg.tck_ps; }

/* ------------------------------------------------------------ events */

/* A packet joined source s's FIFO for vault v (source = link, or
 * links + PE port); when it is the head, the request crossbar may move it
 * from `ready` on. */
static void src_queued(hmc_t *h, unsigned s, unsigned v, uint64_t ready) {
  hmc_vault_t *V = &h->vault[v];
  if (V->srcmask >> s & 1) return; /* behind another packet: the head decides */
  V->srcmask |= 1ull << s;
  h->vmask_req |= 1u << v;
  h->xreq_next = hmc_min64(h->xreq_next, ready);
}

/* Smallest cycle c whose edge lies at or after link bit slot `slot`
 * (ps_to_slot(c * tck) >= slot), found with the model's own rounding. */
static uint64_t slot_cycle(const hmc_t *h, uint64_t slot) {
  uint64_t tck = h->cfg.tck_ps;
  uint64_t c = slot ? (slot - 1) * 1000000 / (tck * h->rate) + 1 : 0;
  while (c && ps_to_slot(h, (c - 1) * tck) >= slot) c--;
  while (ps_to_slot(h, c * tck) < slot) c++;
  return c;
}

/* ------------------------------------------------------------ send */

static int req_check(const hmc_t *h, const hmc_req_t *r) {
  const hmc_cfg_t *c = &h->cfg;
  const char *why = NULL;
  int rc = HMC_EINVAL;
  unsigned bytes = hmc_atomic_bytes(r->cmd);
  if (hmc_port_is_pe(r->port) ? r->port - HMC_MAX_LINKS >= c->vaults : r->port >= c->links)
    why = "no such port";
  else if ((unsigned)r->cmd >= HMC_CMD_COUNT)
    why = "unknown command";
  else if (!bytes && (r->size < 16 || r->size > HMC_MAX_BYTES || r->size % 16))
    why = "size must be 16..128, a multiple of 16";
  else if (!bytes && (r->addr % c->block_bytes) + r->size > c->block_bytes)
    why = "request crosses a block (max block size) boundary";
  else if (bytes && r->addr % bytes)
    why = "atomic not aligned to its size";
  else if ((r->flags & ~(HMC_REQ_DATA | HMC_REQ_POSTED | HMC_REQ_TIMED)) != 0)
    why = "unknown flags";
  else if ((r->flags & HMC_REQ_TIMED) &&
           (!h->fast || (r->flags & HMC_REQ_DATA) || (r->cmd != HMC_RD && r->cmd != HMC_WR_POSTED && !bytes)))
    why = "only a read, a posted write or an atomic (posted or not) in fast mode, without data, may be timed only";
  else if ((r->flags & HMC_REQ_POSTED) && !bytes)
    why = "only an atomic may be posted (a posted write is HMC_WR_POSTED)";
  else if (r->addr >= c->capacity || r->addr + (bytes ? bytes : r->size) > c->capacity)
    why = "address beyond the cube's capacity", rc = HMC_EADDR;
  else if ((bytes || (r->flags & HMC_REQ_DATA)) && !h->mem)
    why = "data access or atomic without a functional memory";
  else if ((bytes || (r->flags & HMC_REQ_DATA)) && r->addr + (bytes ? bytes : r->size) > h->mem_bytes)
    why = "address beyond the functional memory", rc = HMC_EADDR;
  else if (r->cmd != HMC_RD && !bytes && (r->flags & HMC_REQ_DATA) && !r->wdata)
    why = "write with HMC_REQ_DATA but no wdata";
  if (!why) return HMC_OK;
  fprintf(stderr, "hmc: bad request (port %u cmd %s addr 0x%llx size %u): %s\n", r->port, hmc_cmd_name(r->cmd),
          (unsigned long long)r->addr, r->size, why);
  return rc;
}

int hmc_send(hmc_t *h, const hmc_req_t *r, uint64_t now_ps) {
  int rc = req_check(h, r);
  if (rc != HMC_OK) return rc;
  if (now_ps < h->now_ps) now_ps = h->now_ps;
  unsigned size = hmc_atomic_bytes(r->cmd) ? hmc_atomic_bytes(r->cmd) : r->size;
  unsigned rqf = hmc_req_flits(r->cmd, size), rsf = r->flags & HMC_REQ_POSTED ? 0 : hmc_rsp_flits(r->cmd, size);
  int pe = hmc_port_is_pe(r->port);
  /* fast mode: what its schedule's crossbar has moved by now leaves the
   * input buffer, which then has the exact mode's limits */
  if (h->fast) hmc_fast_leave(h, r->port);
  if (pe) {
    if (h->pe[r->port - HMC_MAX_LINKS].in_n >= h->cfg.pe_port_q) {
      h->st.stalls++;
      return HMC_STALL;
    }
  } else if (h->link[r->port].in_flits + rqf > h->cfg.link_buf_flits) {
    h->st.stalls++;
    return HMC_STALL;
  }
  int i = pkt_alloc(h);
  if (i < 0) {
    fprintf(stderr, "hmc: out of memory\n");
    return HMC_EINVAL;
  }
  hmc_pkt_t *p = &h->pkt[i];
  int next = p->next;
  memset(p, 0, offsetof(hmc_pkt_t, data));
  p->next = next;
  p->port = r->port;
  p->cmd = r->cmd;
  p->addr = r->addr;
  p->size = size;
  p->flags = r->flags;
  p->tag = r->tag;
  p->op[0] = r->op[0];
  p->op[1] = r->op[1];
  hmc_addr_t a;
  hmc_decode(h, r->addr, &a);
  p->vault = a.vault;
  p->bank = a.bank;
  p->row = a.row;
  p->req_flits = rqf;
  p->rsp_flits = rsf;
  p->t_send_ps = now_ps;
  if ((r->flags & HMC_REQ_DATA) && r->cmd != HMC_RD && !hmc_atomic_bytes(r->cmd)) memcpy(p->data, r->wdata, size);
  if (pe) {
    uint64_t c = ps_to_cyc(h, now_ps);
    p->ready = hmc_max64(c, h->cyc);
    if (h->fast) {
      if (!hmc_fast_issue(h, i)) goto oom;
    } else if (hmc_ring_push(&h->pe[r->port - HMC_MAX_LINKS].voq[a.vault], i) < 0) {
      pkt_free(h, i);
      fprintf(stderr, "hmc: out of memory\n");
      return HMC_EINVAL;
    } else {
      src_queued(h, h->cfg.links + (r->port - HMC_MAX_LINKS), a.vault, p->ready);
      h->pe[r->port - HMC_MAX_LINKS].in_n++;
    }
    if (a.vault == r->port - HMC_MAX_LINKS) h->st.local_reqs++;
    else h->st.remote_reqs++;
  } else {
    hmc_link_t *L = &h->link[r->port];
    uint64_t end;
    if (h->fast && hmc_fast_ooo_links(h)) { /* sends out of time order: the link's FLIT calendar */
      end = hmc_fast_req_link(h, r->port, ps_to_slot(h, now_ps), rqf);
      L->req_busy = hmc_max64(L->req_busy, end);
    } else {
      const uint64_t start = hmc_max64(L->req_busy, ps_to_slot(h, now_ps));
      end = L->req_busy = start + (uint64_t)rqf * HMC_FLIT_BYTES * 8;
    }
    uint64_t arrive_ps = slot_to_ps(h, end) + h->cfg.link_lat_ps;
    p->ready = hmc_max64(ps_to_cyc(h, arrive_ps), h->cyc);
    if (h->fast) {
      if (!hmc_fast_issue(h, i)) goto oom;
    } else if (hmc_ring_push(&L->voq[a.vault], i) < 0) {
      pkt_free(h, i);
      fprintf(stderr, "hmc: out of memory\n");
      return HMC_EINVAL;
    } else {
      src_queued(h, r->port, a.vault, p->ready);
      L->in_flits += rqf;
    }
    h->st.link_flits_req[r->port] += rqf;
    h->st.link_bits += (uint64_t)rqf * HMC_FLIT_BYTES * 8;
  }
  h->st.reqs[r->cmd]++;
  h->st.posted += (r->flags & HMC_REQ_POSTED) != 0;
  hmc_hot_add(&h->st.hot, &h->hot_ix, r->addr);
  if (hmc_atomic_bytes(r->cmd)) hmc_hot_add(&h->st.hot_amo, &h->hot_amo_ix, r->addr);
  if (r->flags & HMC_REQ_TIMED) { /* timed at send and gone (hmc.h): its response counted now */
    if (r->cmd != HMC_WR_POSTED && !(r->flags & HMC_REQ_POSTED)) {
      const uint64_t lat = p->t_ps - p->t_send_ps;
      h->st.resps++;
      h->st.lat_sum_ps += lat;
      if (lat > h->st.lat_max_ps) h->st.lat_max_ps = lat;
    }
    pkt_free(h, i);
    return HMC_OK;
  }
  h->active++;
  return HMC_OK;
oom: /* fast mode: its heap could not grow (the request is half scheduled) */
  fprintf(stderr, "hmc: out of memory\n");
  abort();
}

/* ------------------------------------------------------------ crossbar */

static unsigned nsrc(const hmc_t *h) { return h->cfg.links + h->cfg.vaults; }
static hmc_ring_t *src_ring(hmc_t *h, unsigned s, unsigned v) {
  return s < h->cfg.links ? &h->link[s].voq[v] : &h->pe[s - h->cfg.links].voq[v];
}
/* Latency through the crossbar between a port and a vault. */
static unsigned xbar_lat(const hmc_t *h, unsigned port, unsigned vault) {
  return hmc_port_is_pe(port) && port - HMC_MAX_LINKS == vault ? h->cfg.local_cycles : h->cfg.xbar_cycles;
}

/* Vaults of mask m in the order v0, v0 + 1, ..., wrapping: the set bits
 * at or above v0, then those below. */
#define FOR_ROTATED(v, m, v0)                                                          \
  for (uint32_t m_[2] = {(m) & ~((1u << (v0)) - 1), (m) & ((1u << (v0)) - 1)}, p_ = 0; p_ < 2; p_++) \
    for (unsigned v; m_[p_] && ((v = (unsigned)__builtin_ctz(m_[p_])), 1); m_[p_] &= m_[p_] - 1)

/* Request side: per vault, one packet per cycle, round robin over the
 * sources that hold a packet for it (each source buffer is split into one
 * FIFO per vault, so a full vault does not block the others); at most one
 * packet per source per cycle.  Only vaults with a waiting packet and
 * sources with one are visited (vmask_req, srcmask), in the same order as
 * a scan of all of them. */
/* Vault v may act from cycle t on (an arrival, a response slot freed): its
 * wake-up time and those of the subtrees above it are lowered to t (a node
 * already at or below t has every node above it there too, so the walk
 * stops; the root, vwk[1], is the stage's next cycle). */
static void vault_wake(hmc_t *h, unsigned v, uint64_t t) {
  for (unsigned i = HMC_MAX_VAULTS + v; i && h->vwk[i] > t; i >>= 1) h->vwk[i] = t;
}

/* Every inner node of the tree from the leaves (after the reference mode,
 * which updates the leaves only). */
static void vault_tree_rebuild(hmc_t *h) {
  for (unsigned i = HMC_MAX_VAULTS - 1; i >= 1; i--) h->vwk[i] = hmc_min64(h->vwk[2 * i], h->vwk[2 * i + 1]);
}

/* One logic cycle of vault v at c; its wake-up time after it (the tree's
 * leaf only: vault_steps recomputes the nodes above). */
static void vault_step1(hmc_t *h, unsigned v, uint64_t c) {
  hmc_vault_t *V = &h->vault[v];
  unsigned full = V->rq_n >= h->cfg.vault_q;
  if (hmc_vault_step(h, v, c)) {
    h->vwk[HMC_MAX_VAULTS + v] = c + 1;
    /* room in a full request queue: the crossbar may fill it */
    if (full && V->rq_n < h->cfg.vault_q) h->xreq_next = hmc_min64(h->xreq_next, c + 1);
  } else {
    h->vwk[HMC_MAX_VAULTS + v] = hmc_vault_next(h, v, c);
  }
}

/* One logic cycle of the vaults due at c, in ascending order, as a scan of
 * all: the due leaves found by one branch-free pass over them (the tree
 * walk's data-dependent branches were a third of hmc_advance), then the
 * nodes above each stepped leaf recomputed.  A vault's step changes no
 * other vault's wake-up time.  A root at or below c with no leaf due (the
 * inner nodes start at 0, a lower bound) has the whole tree rebuilt. */
static void vault_steps(hmc_t *h, uint64_t c) {
  uint64_t *t = h->vwk;
  if (t[1] > c) return;
  const uint64_t *leaf = t + HMC_MAX_VAULTS;
  uint32_t due = 0;
  for (unsigned v = 0; v < h->cfg.vaults; v++) due |= (uint32_t)(leaf[v] <= c) << v;
  if (!due) {
    vault_tree_rebuild(h);
    return;
  }
  for (uint32_t m = due; m; m &= m - 1) vault_step1(h, (unsigned)__builtin_ctz(m), c);
  for (uint32_t m = due; m; m &= m - 1)
    for (unsigned i = (HMC_MAX_VAULTS + (unsigned)__builtin_ctz(m)) >> 1; i; i >>= 1)
      t[i] = hmc_min64(t[2 * i], t[2 * i + 1]);
}

static uint32_t all_vaults(const hmc_t *h) { return (uint32_t)((1ull << h->cfg.vaults) - 1); }

static void xbar_req(hmc_t *h, uint64_t c) {
  const unsigned S = nsrc(h), links = h->cfg.links;
  uint64_t used = 0; /* sources that moved this cycle (<= 40 sources) */
  uint64_t next = UINT64_MAX;
  const uint32_t vm = h->every_tck ? all_vaults(h) : h->vmask_req;
  /* The vault served first rotates every cycle, so no vault is favoured. */
  const unsigned v0 = (unsigned)(c & (h->cfg.vaults - 1));
  FOR_ROTATED(v, vm, v0) {
    hmc_vault_t *V = &h->vault[v];
    /* A full vault is looked at again after its next command (which wakes
     * the crossbar for the following cycle). */
    if (V->rq_n >= h->cfg.vault_q) continue;
    const uint64_t sm = h->every_tck ? (1ull << S) - 1 : V->srcmask, below = (1ull << V->rr) - 1;
    int moved = 0;
    for (uint64_t m2[2] = {sm & ~below, sm & below}, *mp = m2; !moved && mp < m2 + 2; mp++)
      for (uint64_t m = *mp; m; m &= m - 1) {
        unsigned s = (unsigned)__builtin_ctzll(m);
        if (used >> s & 1) continue;
        hmc_ring_t *q = src_ring(h, s, v);
        if (!q->n) continue;
        int i = hmc_ring_head(q);
        hmc_pkt_t *p = &h->pkt[i];
        if (p->ready > c) continue;
        hmc_ring_pop(q);
        if (!q->n) V->srcmask &= ~(1ull << s);
        if (s < links) h->link[s].in_flits -= p->req_flits;
        else h->pe[s - links].in_n--;
        used |= 1ull << s;
        p->ready = c + xbar_lat(h, p->port, v);
        p->age = h->age++;
        V->rq[V->rq_n] = i;
        V->rq_rdy[V->rq_n] = p->ready;
        V->rq_bk[V->rq_n++] = (uint8_t)p->bank;
        vault_wake(h, v, p->ready);
        h->st.vault_reqs[v]++;
        h->st.logic_bits += (uint64_t)p->req_flits * HMC_FLIT_BYTES * 8;
        V->rr = (s + 1) % S;
        moved = 1;
        break;
      }
    if (!V->srcmask) {
      h->vmask_req &= ~(1u << v);
      continue;
    }
    /* the earliest head that could move from the next cycle on */
    for (uint64_t m = V->srcmask; m; m &= m - 1) {
      const hmc_pkt_t *p = &h->pkt[hmc_ring_head(src_ring(h, (unsigned)__builtin_ctzll(m), v))];
      next = hmc_min64(next, hmc_max64(p->ready, c + 1));
    }
  }
  h->xreq_next = next;
}

static void pe_ret_insert(hmc_t *h, unsigned v, int i) {
  hmc_peport_t *P = &h->pe[v];
  if (P->ret_n == P->ret_cap) {
    unsigned nc = P->ret_cap ? P->ret_cap * 2 : 16;
    int *nb = realloc(P->ret, sizeof(int) * nc);
    if (!nb) {
      fprintf(stderr, "hmc: out of memory\n");
      abort();
    }
    P->ret = nb;
    P->ret_cap = nc;
  }
  unsigned k = P->ret_n;
  while (k > 0 && h->pkt[P->ret[k - 1]].t_ps > h->pkt[i].t_ps) {
    P->ret[k] = P->ret[k - 1];
    k--;
  }
  P->ret[k] = i;
  P->ret_n++;
  h->pe_retm |= 1u << v;
}

/* Response side: per vault, the oldest finished response whose port has
 * room moves, one per vault per cycle.  Only vaults with a response are
 * visited (vmask_rsp).  A response waiting for link room is looked at again
 * when the link frees FLITs (link_tx wakes this stage). */
static void rsp_move(hmc_t *h, unsigned v, unsigned best, uint64_t c);
static void xbar_rsp(hmc_t *h, uint64_t c) {
  uint64_t next = UINT64_MAX;
  const uint32_t vm = h->every_tck ? all_vaults(h) : h->vmask_rsp;
  /* Rotating start: vaults take turns at the link output buffers' room. */
  const unsigned v0 = (unsigned)(c & (h->cfg.vaults - 1));
  FOR_ROTATED(v, vm, v0) {
    hmc_vault_t *V = &h->vault[v];
    if (h->every_tck) { /* reference: the oldest finished response with room, by a full scan */
      int best = -1;
      for (unsigned k = 0; k < V->rsp_n; k++) {
        const hmc_rspe_t *e = &V->rsp[k], *b = best >= 0 ? &V->rsp[best] : NULL;
        if (e->ready > c) continue;
        if (!hmc_port_is_pe(e->port) && h->link[e->port].rsp_flits + e->flits > h->cfg.link_rsp_flits) continue;
        if (!b || e->ready < b->ready || (e->ready == b->ready && e->age < b->age)) best = (int)k;
      }
      if (best >= 0) rsp_move(h, v, (unsigned)best, c);
      continue;
    }
    /* Nothing became ready since the vault was last looked at, and no link
     * it waits for gained room enough for its smallest blocked response:
     * it has nothing that may move. */
    if (V->rsp_at > c) {
      int fits = 0;
      for (uint32_t m = V->rsp_blk & h->lfreed; m && !fits; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctz(m);
        fits = h->link[l].rsp_flits + V->rsp_minfl[l] <= h->cfg.link_rsp_flits;
      }
      if (!fits) {
        next = hmc_min64(next, V->rsp_at);
        continue;
      }
    }
    /* The queue is sorted by (ready, age), so the first response that is
     * ready and has room is the oldest finished one. */
    int best = -1;
    uint64_t at = UINT64_MAX;
    uint32_t blk = 0;
    for (unsigned k = 0; k < V->rsp_n; k++) {
      const hmc_rspe_t *e = &V->rsp[k];
      if (e->ready > c) {
        at = e->ready; /* and every later one */
        break;
      }
      if (!hmc_port_is_pe(e->port) && h->link[e->port].rsp_flits + e->flits > h->cfg.link_rsp_flits) {
        if (!(blk >> e->port & 1) || e->flits < V->rsp_minfl[e->port]) V->rsp_minfl[e->port] = (uint8_t)e->flits;
        blk |= 1u << e->port;
        continue;
      }
      if (best >= 0) { /* a second one may move next cycle (blk need not be complete then) */
        at = c + 1;
        break;
      }
      best = (int)k;
    }
    V->rsp_at = at;
    V->rsp_blk = blk;
    next = hmc_min64(next, at);
    if (best >= 0) rsp_move(h, v, (unsigned)best, c);
  }
  h->lfreed = 0;
  h->xrsp_next = next;
}

/* Response rsp[best] of vault v crosses to its port in cycle c. */
static void rsp_move(hmc_t *h, unsigned v, unsigned best, uint64_t c) {
  hmc_vault_t *V = &h->vault[v];
  int i = V->rsp[best].idx;
  memmove(&V->rsp[best], &V->rsp[best + 1], sizeof *V->rsp * (V->rsp_n - best - 1));
  V->rsp_n--;
  if (!V->rsp_n) h->vmask_rsp &= ~(1u << v);
  /* a full response queue held new requests back: the vault may start one */
  if (V->rsp_reserved-- >= h->cfg.vault_rsp_q) {
    vault_wake(h, v, c + 1);
  }
  hmc_pkt_t *p = &h->pkt[i];
  h->st.logic_bits += (uint64_t)p->rsp_flits * HMC_FLIT_BYTES * 8;
  p->ready = c + xbar_lat(h, p->port, v);
  if (hmc_port_is_pe(p->port)) {
    p->t_ps = p->ready * h->cfg.tck_ps;
    pe_ret_insert(h, p->port - HMC_MAX_LINKS, i);
    h->dlv_next = hmc_min64(h->dlv_next, p->t_ps);
  } else {
    hmc_link_t *L = &h->link[p->port];
    L->rsp_flits += p->rsp_flits;
    if (hmc_ring_push(&L->pend, i) < 0) {
      fprintf(stderr, "hmc: out of memory\n");
      abort();
    }
    h->ltx_next = hmc_min64(h->ltx_next, p->ready);
  }
}

/* Output serialisers: packets that crossed the crossbar start in FIFO order
 * as soon as the link direction is free; a packet leaves the output buffer
 * (frees its FLITs) when its first bit goes out. */
static void link_tx(hmc_t *h, uint64_t c) {
  uint64_t now_slot = ps_to_slot(h, c * h->cfg.tck_ps), next = UINT64_MAX;
  for (unsigned l = 0; l < h->cfg.links; l++) {
    hmc_link_t *L = &h->link[l];
    while (L->pend.n) {
      int i = hmc_ring_head(&L->pend);
      hmc_pkt_t *p = &h->pkt[i];
      if (p->ready > c) {
        next = hmc_min64(next, p->ready);
        break;
      }
      hmc_ring_pop(&L->pend);
      p->start = hmc_max64(L->rsp_busy, ps_to_slot(h, p->ready * h->cfg.tck_ps));
      L->rsp_busy = p->start + (uint64_t)p->rsp_flits * HMC_FLIT_BYTES * 8;
      p->t_ps = slot_to_ps(h, L->rsp_busy) + h->cfg.link_lat_ps;
      h->st.link_flits_rsp[l] += p->rsp_flits;
      h->st.link_bits += (uint64_t)p->rsp_flits * HMC_FLIT_BYTES * 8;
      if (hmc_ring_push(&L->wire, i) < 0) {
        fprintf(stderr, "hmc: out of memory\n");
        abort();
      }
      L->unstarted++;
      h->dlv_next = hmc_min64(h->dlv_next, p->t_ps);
    }
    int freed = 0;
    while (L->unstarted) {
      hmc_pkt_t *p = &h->pkt[hmc_ring_at(&L->wire, L->wire.n - L->unstarted)];
      if (p->start > now_slot) {
        next = hmc_min64(next, slot_cycle(h, p->start));
        break;
      }
      L->rsp_flits -= p->rsp_flits;
      L->unstarted--;
      freed = 1;
    }
    /* output buffer room: a response held in its vault may cross now */
    if (freed) {
      h->lfreed |= 1u << l;
      h->xrsp_next = hmc_min64(h->xrsp_next, c + 1);
    }
  }
  h->ltx_next = next;
}

/* One tCK edge.  Each stage runs only from the cycle its event time says
 * it may act; the others would do nothing (docs/hmc.md, "Speed"). */
static void step(hmc_t *h, uint64_t c) {
  const int all = h->every_tck;
  if (all || h->xreq_next <= c) xbar_req(h, c);
  if (all) { /* reference: every vault; the tree's inner nodes are not used */
    for (unsigned v = 0; v < h->cfg.vaults; v++) vault_step1(h, v, c);
  } else {
    vault_steps(h, c); /* returns at once when no vault is due (vwk[1] > c) */
  }
  if (all || h->xrsp_next <= c) xbar_rsp(h, c);
  if (all || h->ltx_next <= c) link_tx(h, c);
  h->st.cycles++;
}

static uint64_t next_event(const hmc_t *h) {
  return hmc_min64(hmc_min64(h->xreq_next, h->vwk[1]), hmc_min64(h->xrsp_next, h->ltx_next));
}

/* ------------------------------------------------------------ delivery */

static void fill_resp(const hmc_t *h, const hmc_pkt_t *p, hmc_resp_t *r) {
  r->port = p->port;
  r->cmd = p->cmd;
  r->addr = p->addr;
  r->size = p->size;
  r->tag = p->tag;
  r->t_send_ps = p->t_send_ps;
  r->t_ps = p->t_ps;
  r->seq = p->seq;
  r->ret[0] = p->ret[0];
  r->ret[1] = p->ret[1];
  r->flag = p->flag;
  if (p->cmd == HMC_RD && (p->flags & HMC_REQ_DATA)) memcpy(r->data, p->data, p->size);
  (void)h;
}

/* Response packet i reaches its requester: the callback or its poll queue. */
static void hand_over(hmc_t *h, int i) {
  hmc_pkt_t *p = &h->pkt[i];
  uint64_t lat = p->t_ps - p->t_send_ps;
  h->st.resps++;
  h->st.lat_sum_ps += lat;
  if (lat > h->st.lat_max_ps) h->st.lat_max_ps = lat;
  h->active--;
  if (h->cb) {
    hmc_resp_t r;
    fill_resp(h, p, &r);
    pkt_free(h, i);
    h->cb(h->cb_ctx, &r);
  } else if (hmc_ring_push(&h->pollq[p->port], i) < 0) {
    fprintf(stderr, "hmc: out of memory\n");
    abort();
  }
}

/* Hands over responses with t_ps <= t in time order, ties to the lower port. */
static void deliver(hmc_t *h, uint64_t t) {
  for (;;) {
    int best = -1;
    unsigned bport = 0;
    uint64_t bt = 0;
    for (unsigned l = 0; l < h->cfg.links; l++) {
      hmc_link_t *L = &h->link[l];
      if (L->wire.n == L->unstarted) continue; /* all unstarted: none finished */
      hmc_pkt_t *p = &h->pkt[hmc_ring_head(&L->wire)];
      if (p->t_ps <= t && (best < 0 || p->t_ps < bt)) best = hmc_ring_head(&L->wire), bport = l, bt = p->t_ps;
    }
    for (uint32_t m = h->pe_retm; m; m &= m - 1) { /* ascending v, as a scan of all */
      const unsigned v = (unsigned)__builtin_ctz(m);
      hmc_peport_t *P = &h->pe[v];
      hmc_pkt_t *p = &h->pkt[P->ret[0]];
      if (p->t_ps <= t && (best < 0 || p->t_ps < bt)) best = P->ret[0], bport = hmc_port_pe(v), bt = p->t_ps;
    }
    if (best < 0) break;
    if (hmc_port_is_pe(bport)) {
      hmc_peport_t *P = &h->pe[bport - HMC_MAX_LINKS];
      memmove(&P->ret[0], &P->ret[1], sizeof(int) * (P->ret_n - 1));
      if (!--P->ret_n) h->pe_retm &= ~(1u << (bport - HMC_MAX_LINKS));
    } else {
      hmc_ring_pop(&h->link[bport].wire);
    }
    hand_over(h, best);
  }
  /* the earliest response still to hand over (a lower bound: a link's head
   * may not have started serialising yet) */
  uint64_t n = UINT64_MAX;
  for (unsigned l = 0; l < h->cfg.links; l++)
    if (h->link[l].wire.n) n = hmc_min64(n, h->pkt[hmc_ring_head(&h->link[l].wire)].t_ps);
  for (uint32_t m = h->pe_retm; m; m &= m - 1) n = hmc_min64(n, h->pkt[h->pe[__builtin_ctz(m)].ret[0]].t_ps);
  h->dlv_next = n;
}

uint64_t hmc_probe_next_refresh(const hmc_t *h, unsigned v) { return h->vault[v].next_ref; }

/* Out of line: most advances find nothing due, and the pop loop's registers
 * would be saved and restored on each of them. */
static __attribute__((noinline)) void fast_hand_over(hmc_t *h, uint64_t now_ps) {
  for (int i; (i = hmc_fast_pop(h, now_ps)) >= 0;) hand_over(h, i);
}

/* The exact mode's cycle loop, out of line so that the fast mode's advance
 * stays small. */
static __attribute__((noinline)) void exact_advance(hmc_t *h, uint64_t now_ps) {
  uint64_t last = now_ps / h->cfg.tck_ps; /* last cycle edge <= now_ps */
  while (h->cyc <= last) {
    /* Jump over edges at which no stage can act (idle time, waits for
     * bank timings, serialisers, refresh): they would change nothing. */
    uint64_t next = h->every_tck ? h->cyc : next_event(h);
    if (next > h->cyc) {
      uint64_t to = next < last + 1 ? next : last + 1;
      h->st.cycles += to - h->cyc;
      h->cyc = to;
      continue;
    }
    step(h, h->cyc);
    h->cyc++;
  }
  h->now_ps = now_ps;
  if (h->every_tck || now_ps >= h->dlv_next) deliver(h, now_ps);
}

void hmc_advance(hmc_t *h, uint64_t now_ps) {
  if (now_ps < h->now_ps) now_ps = h->now_ps;
  if (!h->fast) {
    exact_advance(h, now_ps);
    return;
  }
  /* fast mode: every time was computed at send; hand over what is due */
  h->now_ps = now_ps;
  h->cyc = now_ps / h->cfg.tck_ps + 1;
  h->st.cycles = h->cyc;
  if (hmc_fast_next_ps(h) <= now_ps) fast_hand_over(h, now_ps);
}

void hmc_set_every_tck(hmc_t *h, int on) {
  if (h->every_tck && !on) vault_tree_rebuild(h);
  h->every_tck = on;
}

void hmc_set_callback(hmc_t *h, hmc_resp_fn fn, void *ctx) {
  h->cb = fn;
  h->cb_ctx = ctx;
}

void hmc_set_posted_hook(hmc_t *h, hmc_posted_fn fn, void *ctx) {
  h->posted_hook = fn;
  h->posted_ctx = ctx;
}

void hmc_set_write_hook(hmc_t *h, hmc_write_fn fn, void *ctx) {
  h->wr_hook = fn;
  h->wr_ctx = ctx;
}

/* Out of line for the same reason as fast_hand_over: most polls find their
 * queue empty. */
static __attribute__((noinline)) int poll_one(hmc_t *h, unsigned port, hmc_resp_t *r) {
  int i = hmc_ring_head(&h->pollq[port]);
  hmc_ring_pop(&h->pollq[port]);
  fill_resp(h, &h->pkt[i], r);
  pkt_free(h, i);
  return 1;
}

int hmc_poll(hmc_t *h, unsigned port, hmc_resp_t *r) {
  if (port >= HMC_NUM_PORTS || !h->pollq[port].n) return 0;
  return poll_one(h, port, r);
}

uint64_t hmc_now(const hmc_t *h) { return h->now_ps; }
uint64_t hmc_inflight(const hmc_t *h) { return h->active; }

uint64_t hmc_delivered(const hmc_t *h) { return h->st.resps; }
uint64_t hmc_fast_eta_ps(const hmc_t *h) { return h->fast ? h->fast_eta_ps : 0; }

uint64_t hmc_next_event_ps(const hmc_t *h) {
  if (h->fast) return hmc_fast_next_ps(h);
  const uint64_t c = h->every_tck ? h->cyc : next_event(h);
  const uint64_t t = c >= UINT64_MAX / h->cfg.tck_ps ? UINT64_MAX : c * h->cfg.tck_ps;
  return hmc_min64(t, h->dlv_next);
}

void hmc_stats(const hmc_t *h, hmc_stats_t *s) {
  *s = h->st;
  s->e_link_pj = (double)s->link_bits * h->cfg.e_link_fj / 1000.0;
  s->e_dram_pj = (double)s->dram_bits * h->cfg.e_dram_fj / 1000.0;
  s->e_logic_pj = (double)s->logic_bits * h->cfg.e_logic_fj / 1000.0;
}

/* ------------------------------------------------------------ probes */

unsigned hmc_probe_vault_q(const hmc_t *h, unsigned v) { return v < h->cfg.vaults ? h->vault[v].rq_n : 0; }
unsigned hmc_probe_link_buf(const hmc_t *h, unsigned l) { return l < h->cfg.links ? h->link[l].in_flits : 0; }
int hmc_probe_link_busy(const hmc_t *h, unsigned l, int rsp) {
  if (l >= h->cfg.links) return 0;
  uint64_t s = ps_to_slot(h, h->now_ps);
  return (rsp ? h->link[l].rsp_busy : h->link[l].req_busy) > s;
}
uint64_t hmc_probe_link_free_ps(const hmc_t *h, unsigned l, int rsp) {
  if (l >= h->cfg.links) return 0;
  return slot_to_ps(h, rsp ? h->link[l].rsp_busy : h->link[l].req_busy);
}
unsigned hmc_probe_bank(const hmc_t *h, unsigned v, unsigned b) {
  if (v >= h->cfg.vaults || b >= h->cfg.banks) return 0;
  const hmc_bank_t *B = &h->vault[v].bank[b];
  uint64_t c = h->cyc ? h->cyc - 1 : 0;
  if (B->ref_until > c) return 2;
  return B->open || B->owner >= 0 ? 1 : 0;
}
void hmc_timing(const hmc_t *h, hmc_timing_t *t) {
  *t = (hmc_timing_t){h->t_rcd, h->t_cl, h->t_rp, h->t_ras, h->t_wr, h->t_ccd, h->t_rfc,
                      h->t_refi, h->t_cwl, h->t_wtr, h->t_rtw, h->t_rtp, h->t_rrd, h->t_faw};
}
