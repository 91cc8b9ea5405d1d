/* hmc_equiv: the event-driven HMC model in lockstep with itself stepped at
 * every tCK.
 *
 * The model skips tCK edges, vaults and crossbar/serialiser stages when its
 * event times say they cannot act (docs/hmc.md, "Speed").  Its reference
 * mode (hmc_set_every_tck, csim/hmc/hmc_int.h) ignores those times: every stage
 * of every vault runs at every edge with full scans of every queue, as the
 * model did before the event scheme.  Skipping a stage that could act, or a
 * wrong event time, shows up here as a difference.
 *
 * Both instances get the same random traffic: every port, every command
 * (with and without data), hot blocks for bank conflicts and row hits,
 * bursts, idle gaps across refreshes, advances shorter than a tCK or to the
 * exact ps a response arrives, and sends stamped before the model's time; seven configurations (default, open
 * page, one-entry queues, odd clock/link/timing values, a small cube with
 * another address map, and two with the traffic on two vaults and odd
 * write/turnaround/tRTP/tRRD/tFAW values, closed and open page, where each
 * of those timings must be met at its limit more than 100 times),
 * callbacks or polling.  After every advance the
 * responses (every field, read data), the probes and the statistics are
 * compared; the first difference stops the run with the advance, the time,
 * what differs and both values.  The final functional memories must match.
 * --cycles N sets the advances per configuration (default 100000). */
#include <stdlib.h>
#include <string.h>

#include "hmc.h"
#include "hmc_int.h"
#include "tb.h"

#define MEMSZ (1u << 20)
#define NCFG 7
#define NHOT 32 /* hot blocks: bank conflicts, row hits, contended atomics */

typedef struct {
  hmc_resp_t *r;
  unsigned n, cap;
} rlist_t;

static void on_resp(void *ctx, const hmc_resp_t *r) {
  rlist_t *l = ctx;
  if (l->n == l->cap) {
    l->cap = l->cap ? l->cap * 2 : 64;
    l->r = realloc(l->r, sizeof *l->r * l->cap);
    if (!l->r) abort();
  }
  l->r[l->n++] = *r;
}

static hmc_cfg_t make_cfg(int k) {
  hmc_cfg_t c = HMC_CFG_DEFAULT;
  switch (k) {
  case 1: c.open_page = 1; break;
  case 2: c.vault_q = 1; c.vault_rsp_q = 1; c.link_buf_flits = 9; c.link_rsp_flits = 9; c.pe_port_q = 1; break;
  case 3:
    c.tck_ps = 1000, c.xbar_cycles = 1, c.local_cycles = 3, c.atomic_cycles = 0, c.lanes = 8;
    c.lane_mbps = 12500, c.link_lat_ps = 0, c.t_refi_ps = 300000, c.vault_rsp_q = 3, c.link_rsp_flits = 12;
    break;
  case 4:
    c.vaults = 8, c.banks = 4, c.links = 2, c.block_bytes = 64, c.col_bytes = 16, c.row_bytes = 1024;
    c.map[0] = HMC_F_ROW, c.map[1] = HMC_F_COL, c.map[2] = HMC_F_BANK, c.map[3] = HMC_F_VAULT;
    c.capacity = 64u << 20, c.open_page = 1, c.atomic_cycles = 5, c.lane_mbps = 30000, c.t_refi_ps = 500000;
    break;
  case 5: /* two vaults, closed page: every timing of issue 22 binds, with odd values */
    c.vaults = 2, c.t_cwl_ps = 4100, c.t_wtr_ps = 6300, c.t_rtw_ps = 3300, c.t_rtp_ps = 6100, c.t_rrd_ps = 2500;
    c.t_faw_ps = 16900, c.t_refi_ps = 400000, c.vault_rsp_q = 6;
    break;
  case 6: /* two vaults, open page, long turnarounds and a wide tFAW */
    c.vaults = 2, c.banks = 8, c.open_page = 1, c.t_cwl_ps = 12000, c.t_wtr_ps = 9000, c.t_rtw_ps = 5600;
    c.t_rtp_ps = 2000, c.t_rrd_ps = 4000, c.t_faw_ps = 40000, c.atomic_cycles = 3, c.t_refi_ps = 700000;
    break;
  default: break;
  }
  return c;
}

static const char *cfg_name[NCFG] = {"default",     "open page",        "one-entry queues", "odd timings",
                                     "small cube",  "turns, closed",    "turns, open"};

/* The same request for both instances. */
static int make_req(tb_rng_t *g, const hmc_cfg_t *c, const uint64_t *hot, uint64_t tag, hmc_req_t *r, uint8_t *wbuf) {
  memset(r, 0, sizeof *r);
  unsigned np = c->links + c->vaults, pi = (unsigned)tb_rng_below(g, np);
  r->port = pi < c->links ? hmc_port_link(pi) : hmc_port_pe(pi - c->links);
  unsigned x = (unsigned)tb_rng_below(g, 100);
  if (c->vaults == 2 && x >= 75) x = (unsigned)tb_rng_below(g, 90); /* the turnaround configurations: fewer atomics */
  r->cmd = x < 45 ? HMC_RD : x < 70 ? HMC_WR : x < 75 ? HMC_WR_POSTED
                  : (hmc_cmd_t)(HMC_AMOSWAP_W + tb_rng_below(g, HMC_CMD_COUNT - HMC_AMOSWAP_W));
  uint64_t lim = c->capacity < MEMSZ ? c->capacity : MEMSZ;
  uint64_t base = tb_rng_chance(g, 1, 3) ? hot[tb_rng_below(g, NHOT)] : tb_rng_below(g, lim);
  unsigned ab = hmc_atomic_bytes(r->cmd);
  if (ab) {
    r->addr = base / ab * ab;
    r->op[0] = tb_rng_chance(g, 3, 4) ? tb_rng_below(g, 7) : tb_rng_next(g);
    r->op[1] = tb_rng_chance(g, 3, 4) ? tb_rng_below(g, 7) : tb_rng_next(g);
  } else {
    unsigned maxs = c->block_bytes < HMC_MAX_BYTES ? c->block_bytes : HMC_MAX_BYTES;
    r->size = 16 * (1 + (unsigned)tb_rng_below(g, maxs / 16));
    r->addr = base / c->block_bytes * c->block_bytes + 16 * tb_rng_below(g, (c->block_bytes - r->size) / 16 + 1);
    if (tb_rng_chance(g, 3, 4)) r->flags = HMC_REQ_DATA;
    if (r->flags && r->cmd != HMC_RD) {
      for (unsigned i = 0; i < r->size; i++) wbuf[i] = (uint8_t)tb_rng_next(g);
      r->wdata = wbuf;
    }
    if (!r->flags && tb_rng_chance(g, 1, 8)) /* timing only: anywhere in the cube */
      r->addr = tb_rng_below(g, c->capacity / c->block_bytes) * c->block_bytes;
  }
  r->tag = tag;
  return 0;
}

typedef struct {
  tb_t *t;
  uint64_t adv, now;
  const char *cfg;
  int ok;
} ctx_t;

static int same(ctx_t *x, const char *what, uint64_t ev, uint64_t ref) {
  if (ev == ref) return 1;
  tb_fail(x->t, "MISMATCH %s, advance %llu (t = %llu ps): %s: event-driven %llu, every tCK %llu\n", x->cfg,
          (unsigned long long)x->adv, (unsigned long long)x->now, what, (unsigned long long)ev,
          (unsigned long long)ref);
  x->ok = 0;
  return 0;
}

static int same_resp(ctx_t *x, const hmc_resp_t *a, const hmc_resp_t *b, const uint8_t *hasdata) {
  int ok = same(x, "response port", a->port, b->port) && same(x, "response tag", a->tag, b->tag) &&
           same(x, "response cmd", a->cmd, b->cmd) && same(x, "response addr", a->addr, b->addr) &&
           same(x, "response size", a->size, b->size) && same(x, "response t_send_ps", a->t_send_ps, b->t_send_ps) &&
           same(x, "response t_ps", a->t_ps, b->t_ps) && same(x, "response seq", a->seq, b->seq) &&
           same(x, "response ret[0]", a->ret[0], b->ret[0]) && same(x, "response ret[1]", a->ret[1], b->ret[1]) &&
           same(x, "response flag", (uint64_t)a->flag, (uint64_t)b->flag);
  if (ok && a->cmd == HMC_RD && hasdata[a->tag])
    ok = same(x, "read data equal", !memcmp(a->data, b->data, a->size), 1);
  return ok;
}

/* The name of what differs is formatted only when it differs. */
#define SAME(x, ev, ref, ...)                 \
  ((ev) == (ref) || (snprintf(w, sizeof w, __VA_ARGS__), same(x, w, ev, ref)))

static int same_state(ctx_t *x, hmc_t *e, hmc_t *r, const hmc_cfg_t *c) {
  char w[64];
  if (!same(x, "hmc_now", hmc_now(e), hmc_now(r)) || !same(x, "in flight", hmc_inflight(e), hmc_inflight(r)))
    return 0;
  for (unsigned v = 0; v < c->vaults; v++) {
    if (!SAME(x, hmc_probe_vault_q(e, v), hmc_probe_vault_q(r, v), "vault %u request queue", v)) return 0;
    if (!SAME(x, hmc_probe_next_refresh(e, v), hmc_probe_next_refresh(r, v), "vault %u next refresh", v)) return 0;
    for (unsigned b = 0; b < c->banks; b++)
      if (!SAME(x, hmc_probe_bank(e, v, b), hmc_probe_bank(r, v, b), "vault %u bank %u state", v, b)) return 0;
  }
  for (unsigned l = 0; l < c->links; l++) {
    if (!SAME(x, hmc_probe_link_buf(e, l), hmc_probe_link_buf(r, l), "link %u input buffer", l)) return 0;
    for (int d = 0; d < 2; d++)
      if (!SAME(x, hmc_probe_link_free_ps(e, l, d), hmc_probe_link_free_ps(r, l, d), "link %u %s serialiser free at",
                l, d ? "response" : "request"))
        return 0;
  }
  hmc_stats_t a, b;
  hmc_stats(e, &a);
  hmc_stats(r, &b);
  /* every counter (the struct is all uint64_t and doubles) */
  const uint64_t *pa = (const uint64_t *)&a, *pb = (const uint64_t *)&b;
  for (size_t i = 0; i < sizeof a / 8; i++)
    if (!SAME(x, pa[i], pb[i], "hmc_stats word %zu", i)) return 0;
  return 1;
}

static void run(tb_t *t, tb_rng_t *g, int k, uint64_t nadv) {
  hmc_cfg_t cfg = make_cfg(k);
  uint8_t *mem[2] = {malloc(MEMSZ), malloc(MEMSZ)};
  uint8_t *hasdata = calloc(nadv * 24 + 16, 1);
  if (!mem[0] || !mem[1] || !hasdata) abort();
  for (unsigned i = 0; i < MEMSZ; i++) mem[0][i] = (uint8_t)tb_rng_next(g);
  memcpy(mem[1], mem[0], MEMSZ);
  hmc_t *h[2] = {hmc_new(&cfg, mem[0], MEMSZ), hmc_new(&cfg, mem[1], MEMSZ)};
  if (!h[0] || !h[1]) abort();
  hmc_set_every_tck(h[1], 1);
  rlist_t rl[2] = {{0}, {0}};
  const int poll = k & 1;
  if (!poll)
    for (int i = 0; i < 2; i++) hmc_set_callback(h[i], on_resp, &rl[i]);
  uint64_t hot[NHOT], lim = cfg.capacity < MEMSZ ? cfg.capacity : MEMSZ;
  for (int i = 0; i < NHOT; i++) hot[i] = tb_rng_below(g, lim) / 256 * 256;
  ctx_t x = {.t = t, .cfg = cfg_name[k], .ok = 1};
  uint64_t tag = 0, resps = 0, phase_left = 0;
  unsigned step = 500, sendp = 0, burst = 4;
  uint8_t wbuf[HMC_MAX_BYTES];
  for (x.adv = 0; x.adv < nadv && x.ok; x.adv++) {
    if (!phase_left) { /* host-like, PE-like, sub-tCK, bursts, same time, idle gaps */
      static const unsigned steps[] = {500, 2000, 800, 1000, 333, 0, 7, 100000, 2000000};
      unsigned ph = (unsigned)tb_rng_below(g, 9);
      step = steps[ph];
      phase_left = ph >= 7 ? 1 + tb_rng_below(g, 4) : 50 + tb_rng_below(g, 2000);
      unsigned u = (unsigned)tb_rng_below(g, 100);
      sendp = ph >= 7 ? 0 : u * u * u / 10000;
      burst = ph == 2 ? 24 : 4;
    }
    phase_left--;
    unsigned nsend = tb_rng_below(g, 100) < sendp ? 1 + (unsigned)tb_rng_below(g, burst) : 0;
    for (unsigned s = 0; s < nsend; s++) {
      hmc_req_t r;
      make_req(g, &cfg, hot, tag, &r, wbuf);
      hasdata[tag] = r.cmd == HMC_RD && r.flags;
      uint64_t when = x.now;
      if (tb_rng_chance(g, 1, 10)) when -= when > 5000 ? tb_rng_below(g, 5000) : 0; /* before the model's time */
      else if (tb_rng_chance(g, 1, 10)) when += tb_rng_below(g, 1500);
      tag++;
      if (!same(&x, "hmc_send result", (uint64_t)hmc_send(h[0], &r, when), (uint64_t)hmc_send(h[1], &r, when))) break;
    }
    uint64_t to = x.now + step;
    if (tb_rng_chance(g, 1, 8)) { /* exactly when the last response sent on a link arrives */
      uint64_t t = hmc_probe_link_free_ps(h[0], (unsigned)tb_rng_below(g, cfg.links), 1) + cfg.link_lat_ps;
      if (t > x.now && t < to + 100000) to = t;
    }
    x.now = to;
    for (int i = 0; i < 2; i++) hmc_advance(h[i], x.now);
    if (poll) {
      for (unsigned p = 0; p < HMC_NUM_PORTS; p++) {
        if (tb_rng_chance(g, 1, 4)) continue; /* some responses wait in the poll queues */
        hmc_resp_t r;
        for (int i = 0; i < 2; i++)
          while (hmc_poll(h[i], p, &r)) on_resp(&rl[i], &r);
      }
    }
    if (!same(&x, "responses handed over", rl[0].n, rl[1].n)) break;
    for (unsigned i = 0; i < rl[0].n && x.ok; i++) same_resp(&x, &rl[0].r[i], &rl[1].r[i], hasdata);
    resps += rl[0].n;
    rl[0].n = rl[1].n = 0;
    if (x.ok) same_state(&x, h[0], h[1], &cfg);
  }
  if (x.ok) same(&x, "final functional memory equal", !memcmp(mem[0], mem[1], MEMSZ), 1);
  tb_expect_u64(t, cfg_name[k], x.ok, 1);
  hmc_stats_t st;
  hmc_stats(h[0], &st);
  tb_log(t, "%-16s %llu advances to %.1f us, %llu requests sent, %llu responses compared, %llu stalls, %llu refreshes\n",
         cfg_name[k], (unsigned long long)x.adv, x.now / 1e6, (unsigned long long)tag, (unsigned long long)resps,
         (unsigned long long)st.stalls, (unsigned long long)st.refreshes);
  /* what the new timings' decisions met: each one must have bound */
  tb_log(t, "%-16s %llu bus turns (%llu at their tWTR/tRTW limit), ACTs at the tRRD limit %llu, at the tFAW limit %llu\n",
         "", (unsigned long long)st.turns, (unsigned long long)st.turn_limited, (unsigned long long)st.act_rrd_limited,
         (unsigned long long)st.act_faw_limited);
  if (k >= 5 && nadv >= 20000) {
    const char *what[3] = {"bus turns at their limit", "ACTs at the tRRD limit", "ACTs at the tFAW limit"};
    const uint64_t got[3] = {st.turn_limited, st.act_rrd_limited, st.act_faw_limited};
    for (int i = 0; i < 3; i++) {
      t->checks++;
      if (got[i] <= 100) tb_fail(t, "%s: only %llu %s (traffic too weak)\n", cfg_name[k], (unsigned long long)got[i], what[i]);
    }
  }
  for (int i = 0; i < 2; i++) {
    hmc_free(h[i]);
    free(mem[i]);
    free(rl[i].r);
  }
  free(hasdata);
}

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "hmc_equiv", 1);
  uint64_t n = tb_len(&t, 100000);
  tb_rng_t g;
  tb_rng_seed(&g, t.seed);
  for (int k = 0; k < NCFG; k++) run(&t, &g, k, n);
  return tb_finish(&t);
}
