/* hmc_turnaround: the vault data bus turns around between reads and writes,
 * and writes and reads cost what docs/hmc.md says (issue 22).
 *
 *  (a) open page, refresh off, every row already open: a stream of
 *      alternating reads and writes to one vault, all row hits, sent at
 *      once, so the vault is the bottleneck and its column commands go in
 *      arrival order.  Each read-to-write step takes n_r x tCCD + tRTW,
 *      each write-to-read step tCWL + n_w x tCCD + tWTR, so consecutive
 *      reads (and consecutive writes) come back exactly
 *        n_r tCCD + tRTW + tCWL + n_w tCCD + tWTR
 *      tCK apart; the same stream with reads only comes back n_r tCCD
 *      apart.  Two size pairs (64/64 and 32/128 B) under the default
 *      timings, and 64/64 B under other ones.
 *  (b) closed page, idle, two requests to one bank (other rows): the second
 *      ACT waits for the first's precharge, which a read allows tRTP after
 *      its last burst command and a write tWR after its data (tCWL after
 *      the command), then tRP: 128 B reads max(tRAS, tRCD + 3 tCCD + tRTP)
 *      + tRP apart, 64 B writes max(tRAS, tRCD + tCWL + 2 tCCD + tWR) + tRP.
 * Response times on an idle link are exact in ps, so every spacing is
 * checked exactly. */
#include <stdlib.h>
#include <string.h>

#include "hmc.h"
#include "tb.h"
#include "tb_fst.h"

#define MAXR 256

typedef struct {
  uint64_t t[MAXR];
  unsigned n;
  tb_fst_t *w;
  int v_q, v_bank;
} sink_t;

static void on_resp(void *ctx, const hmc_resp_t *r) {
  sink_t *s = ctx;
  if (r->tag < MAXR) s->t[r->tag] = r->t_ps;
  s->n++;
}

/* Sends reqs[0..n) from link 0 at t0 (retrying while tokens run out) and
 * runs until every response is back; 0 on a hang. */
static int run(tb_t *t, hmc_t *h, sink_t *s, const hmc_req_t *reqs, unsigned n, uint64_t t0, unsigned vault) {
  s->n = 0;
  hmc_advance(h, t0 - 1);
  uint64_t now = t0;
  unsigned sent = 0;
  for (uint64_t guard = 0; s->n < n && guard < 1000000; guard++) {
    while (sent < n && hmc_send(h, &reqs[sent], now) == HMC_OK) sent++;
    hmc_advance(h, now);
    tb_fst_time(s->w, now);
    tb_fst_set(s->w, s->v_q, hmc_probe_vault_q(h, vault));
    tb_fst_set(s->w, s->v_bank, hmc_probe_bank(h, vault, 0));
    now += 800;
  }
  if (s->n < n) tb_fail(t, "only %u of %u responses\n", s->n, n);
  return s->n == n;
}

/* (a) for one configuration and one pair of sizes */
static void alternate(tb_t *t, sink_t *s, hmc_cfg_t cfg, unsigned sr, unsigned sw, const char *name) {
  cfg.open_page = 1;
  cfg.refresh = 0;
  hmc_t *h = hmc_new(&cfg, NULL, 0);
  if (!h) {
    tb_fail(t, "hmc_new failed (%s)\n", name);
    return;
  }
  hmc_set_callback(h, on_resp, s);
  hmc_timing_t T;
  hmc_timing(h, &T);
  const unsigned vault = 3, row = 5, pairs = 40;
  hmc_req_t rq[MAXR];
  /* open row 5 in every bank */
  for (unsigned b = 0; b < cfg.banks; b++)
    rq[b] = (hmc_req_t){.port = hmc_port_link(0), .cmd = HMC_RD, .addr = hmc_encode(h, vault, b, row, 0), .size = 32,
                        .tag = b};
  if (!run(t, h, s, rq, cfg.banks, 8000, vault)) goto out;
  for (int rd_only = 0; rd_only < 2; rd_only++) {
    for (unsigned k = 0; k < 2 * pairs; k++) {
      int wr = !rd_only && (k & 1);
      rq[k] = (hmc_req_t){.port = hmc_port_link(0), .cmd = wr ? HMC_WR : HMC_RD,
                          .addr = hmc_encode(h, vault, k % cfg.banks, row, (k / cfg.banks) & 1),
                          .size = wr ? sw : sr, .tag = k};
    }
    uint64_t t0 = (hmc_now(h) / 800 + 100) * 800;
    if (!run(t, h, s, rq, 2 * pairs, t0, vault)) goto out;
    const unsigned nr = (sr + cfg.col_bytes - 1) / cfg.col_bytes, nw = (sw + cfg.col_bytes - 1) / cfg.col_bytes;
    const uint64_t gap = rd_only ? 2ull * nr * T.ccd : (uint64_t)nr * T.ccd + T.rtw + T.cwl + nw * T.ccd + T.wtr;
    unsigned bad = 0;
    /* skip the first pair: the stream is still filling the vault queue */
    for (unsigned k = 2; k + 2 < 2 * pairs; k++) {
      uint64_t d = s->t[k + 2] - s->t[k];
      t->checks++;
      if (d != gap * cfg.tck_ps && bad++ < 3)
        tb_fail(t, "(a) %s, %s: responses %u and %u (%s) %llu ps apart, expected %llu (%llu tCK)\n", name,
                rd_only ? "reads only" : "alternating", k, k + 2, (k & 1) && !rd_only ? "writes" : "reads",
                (unsigned long long)d, (unsigned long long)(gap * cfg.tck_ps), (unsigned long long)gap);
    }
    if (rd_only)
      tb_log(t, "(a) %s: reads only, two reads = 2 x %u bursts x tCCD %u = %llu tCK\n", name, nr, T.ccd,
             (unsigned long long)gap);
    else
      tb_log(t,
             "(a) %s: %u B read + %u B write = %u x tCCD %u + tRTW %u + tCWL %u + %u x tCCD + tWTR %u = %llu tCK "
             "(%.1f GB/s for the vault)\n",
             name, sr, sw, nr, T.ccd, T.rtw, T.cwl, nw, T.wtr, (unsigned long long)gap,
             (double)(sr + sw) / (gap * cfg.tck_ps) * 1000.0);
    if (!rd_only) {
      hmc_stats_t st;
      hmc_stats(h, &st);
      tb_expect_u64(t, "(a) bus turns: one per request but the first", st.turns, 2 * pairs - 1);
      tb_expect_u64(t, "(a) turns at their limit, but for the first ones while the queue fills",
                    st.turn_limited + 2 >= st.turns, 1);
    }
  }
out:
  hmc_free(h);
}

/* (b) two requests to one bank, closed page: spacing of their responses */
static void same_bank(tb_t *t, sink_t *s, hmc_cmd_t cmd, unsigned size) {
  hmc_cfg_t cfg = HMC_CFG_DEFAULT;
  cfg.refresh = 0;
  hmc_t *h = hmc_new(&cfg, NULL, 0);
  hmc_set_callback(h, on_resp, s);
  hmc_timing_t T;
  hmc_timing(h, &T);
  hmc_req_t rq[2];
  for (unsigned k = 0; k < 2; k++)
    rq[k] = (hmc_req_t){.port = hmc_port_link(0), .cmd = cmd, .addr = hmc_encode(h, 9, 2, 1 + k, 0), .size = size,
                        .tag = k};
  if (run(t, h, s, rq, 2, 8000, 9)) {
    const uint64_t n = size / cfg.col_bytes;
    uint64_t busy = cmd == HMC_RD ? T.rcd + (n - 1) * T.ccd + T.rtp : T.rcd + T.cwl + n * T.ccd + T.wr;
    uint64_t want = ((busy > T.ras ? busy : T.ras) + T.rp) * cfg.tck_ps;
    char what[96];
    snprintf(what, sizeof what, "(b) two %u B %s to one bank, ps apart", size, cmd == HMC_RD ? "reads" : "writes");
    tb_expect_u64(t, what, s->t[1] - s->t[0], want);
    tb_log(t, "(b) two %u B %s to one bank: %llu ps = (max(tRAS %u, %s %llu) + tRP %u) tCK\n", size,
           cmd == HMC_RD ? "reads" : "writes", (unsigned long long)(s->t[1] - s->t[0]), T.ras,
           cmd == HMC_RD ? "tRCD + (n-1) tCCD + tRTP" : "tRCD + tCWL + n tCCD + tWR", (unsigned long long)busy,
           T.rp);
  }
  hmc_free(h);
}

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "hmc_turnaround", 1);
  sink_t s = {0};
  s.w = tb_fst_open(t.waves, "hmc");
  s.v_q = tb_fst_var(s.w, "vault.req_q", 8);
  s.v_bank = tb_fst_var(s.w, "vault.bank0_state", 2);

  hmc_cfg_t d = HMC_CFG_DEFAULT, o = HMC_CFG_DEFAULT;
  o.t_cwl_ps = 4000, o.t_wtr_ps = 3100, o.t_rtw_ps = 1700;
  alternate(&t, &s, d, 64, 64, "default timings");
  alternate(&t, &s, d, 32, 128, "default timings");
  alternate(&t, &s, o, 64, 64, "tCWL 5, tWTR 4, tRTW 3 tCK");

  same_bank(&t, &s, HMC_RD, 128);
  same_bank(&t, &s, HMC_RD, 64);
  same_bank(&t, &s, HMC_WR, 64);
  tb_fst_close(s.w);
  return tb_finish(&t);
}
