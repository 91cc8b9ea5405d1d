/* hmc_bandwidth: saturated throughput against the ceilings of docs/hmc.md.
 *
 *  (a) random S-byte reads from all 4 links, as fast as tokens allow: the
 *      response direction of every link is busy back to back, so in the
 *      steady state each link returns one (1 + S/16)-FLIT packet every
 *      (1 + S/16) x 128 bit times: S / (S + 16) of the raw link bandwidth
 *      (64 B: 24 GB/s per link, 96 GB/s for 4 links at 16 x 15 Gb/s).
 *  (b) 64-byte writes: the request direction is the bottleneck (5 FLITs a
 *      write), so write acknowledgements come back at the same rate.
 *  (c) 64-byte reads all to one vault, banks in turn: the vault's data bus
 *      is busy back to back, one 64 B read every 2 x tCCD = 6.4 ns: the
 *      per-vault ceiling of 10 GB/s, so responses arrive exactly 6400 ps
 *      apart.
 * The steady-state window is the middle 60% of each run; link times are
 * exact in bit slots and rounded up to ps once, so a spacing is checked to
 * within that 1 ps of rounding, and the vault case exactly. */
#include <stdlib.h>
#include <string.h>

#include "hmc.h"
#include "tb.h"
#include "tb_fst.h"

#define NL 4

typedef struct {
  uint64_t *t[NL];
  unsigned n[NL];
  uint64_t *all;
  unsigned nall;
} times_t;

static tb_fst_t *W;
/* (b): sends in the steady-state window that found a request serialiser idle */
static unsigned g_window_lo, g_window_hi, g_idle;
static int v_busy[NL], v_q[4];

/* Offers `per_link` requests on every link as fast as the links accept
 * them; gen() fills request k.  Returns 0 if the run did not finish. */
static int run(tb_t *t, hmc_t *h, unsigned per_link, void (*gen)(hmc_t *, tb_rng_t *, unsigned, hmc_req_t *),
               tb_rng_t *rng, times_t *tm) {
  unsigned sent[NL] = {0}, total = per_link * NL, got = 0;
  memset(tm, 0, sizeof *tm);
  for (int l = 0; l < NL; l++) tm->t[l] = malloc(sizeof(uint64_t) * per_link);
  tm->all = malloc(sizeof(uint64_t) * total);
  uint64_t now = hmc_now(h), limit = now + (uint64_t)total * 100000 + 10000000;
  hmc_req_t r;
  int pending[NL] = {0};
  hmc_req_t held[NL];
  while (got < total && now < limit) {
    for (int l = 0; l < NL; l++) {
      if (sent[l] >= g_window_lo && sent[l] < g_window_hi && hmc_probe_link_free_ps(h, l, 0) < now) g_idle++;
      while (sent[l] < per_link) {
        if (!pending[l]) {
          gen(h, rng, l * per_link + sent[l], &held[l]);
          held[l].port = hmc_port_link(l);
          held[l].tag = l * per_link + sent[l];
          pending[l] = 1;
        }
        int rc = hmc_send(h, &held[l], now);
        if (rc == HMC_STALL) break;
        if (rc != HMC_OK) {
          tb_fail(t, "send error %d\n", rc);
          return 0;
        }
        pending[l] = 0;
        sent[l]++;
      }
    }
    now += 800;
    hmc_advance(h, now);
    if (W && now < 4000000) {
      tb_fst_time(W, now);
      for (int l = 0; l < NL; l++) tb_fst_set(W, v_busy[l], hmc_probe_link_busy(h, l, 1));
      for (int v = 0; v < 4; v++) tb_fst_set(W, v_q[v], hmc_probe_vault_q(h, v));
    }
    hmc_resp_t rs;
    for (int l = 0; l < NL; l++)
      while (hmc_poll(h, hmc_port_link(l), &rs)) {
        tm->t[l][tm->n[l]++] = rs.t_ps;
        tm->all[tm->nall++] = rs.t_ps;
        got++;
      }
  }
  (void)r;
  if (got < total) tb_fail(t, "only %u of %u responses before the time limit\n", got, total);
  return got == total;
}

static void times_free(times_t *tm) {
  for (int l = 0; l < NL; l++) free(tm->t[l]);
  free(tm->all);
}

static unsigned g_size;
static void gen_rand(hmc_t *h, tb_rng_t *rng, unsigned k, hmc_req_t *r) {
  (void)k;
  const hmc_cfg_t *c = hmc_cfg(h);
  *r = (hmc_req_t){.cmd = HMC_RD, .size = g_size};
  r->addr = hmc_encode(h, (unsigned)tb_rng_below(rng, c->vaults), (unsigned)tb_rng_below(rng, c->banks),
                       tb_rng_below(rng, 1 << 14), (unsigned)tb_rng_below(rng, c->row_bytes / c->block_bytes));
}
static void gen_wr(hmc_t *h, tb_rng_t *rng, unsigned k, hmc_req_t *r) {
  gen_rand(h, rng, k, r);
  r->cmd = HMC_WR;
}
static void gen_vault(hmc_t *h, tb_rng_t *rng, unsigned k, hmc_req_t *r) {
  (void)rng;
  *r = (hmc_req_t){.cmd = HMC_RD, .size = 64};
  /* link l's k-th request: bank k % 16, new row each round */
  r->addr = hmc_encode(h, 5, k % 16, k / 16 + 1, 0);
}

/* Steady-state check on one link: responses i..j of the middle 60% are
 * spaced by flits x 128 bit times each (to 1 ps). Returns GB/s of data. */
static double link_check(tb_t *t, const char *what, const uint64_t *tt, unsigned n, unsigned flits, unsigned bytes,
                         uint64_t rate) {
  unsigned i = n / 5, j = n - n / 5;
  uint64_t dt = tt[j] - tt[i];
  /* exact: dt * rate == (j - i) * flits * 128 * 1e6, up to one ps of rounding */
  __int128 lhs = (__int128)dt * rate, rhs = (__int128)(j - i) * flits * 128 * 1000000;
  __int128 diff = lhs > rhs ? lhs - rhs : rhs - lhs;
  t->checks++;
  if (diff >= (__int128)rate) {
    tb_fail(t, "%s: %u responses took %llu ps, expected %.1f ps\n", what, j - i, (unsigned long long)dt,
            (double)rhs / rate);
  }
  return (double)(j - i) * bytes / dt * 1000.0; /* bytes per ps * 1000 = GB/s */
}

static int cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "hmc_bandwidth", 1);
  W = tb_fst_open(t.waves, "hmc");
  char nm[64];
  for (int l = 0; l < NL; l++) {
    snprintf(nm, sizeof nm, "link%d.rsp_busy", l);
    v_busy[l] = tb_fst_var(W, nm, 1);
  }
  for (int v = 0; v < 4; v++) {
    snprintf(nm, sizeof nm, "vault%d.req_q", v);
    v_q[v] = tb_fst_var(W, nm, 8);
  }
  tb_rng_t rng;
  tb_rng_seed(&rng, t.seed);
  hmc_cfg_t cfg = HMC_CFG_DEFAULT;
  uint64_t rate = (uint64_t)cfg.lanes * cfg.lane_mbps;
  double raw = rate / 8.0 / 1000.0; /* GB/s per link direction */
  unsigned per_link = (unsigned)tb_len(&t, 6000);
  times_t tm;
  char what[96];

  /* (a) reads of 32, 64 and 128 bytes */
  static const unsigned sizes[] = {32, 64, 128};
  for (unsigned si = 0; si < 3; si++) {
    hmc_t *h = hmc_new(&cfg, NULL, 0);
    g_size = sizes[si];
    if (run(&t, h, per_link, gen_rand, &rng, &tm)) {
      double sum = 0;
      for (int l = 0; l < NL; l++) {
        snprintf(what, sizeof what, "(a) %u B reads, link %d", g_size, l);
        sum += link_check(&t, what, tm.t[l], tm.n[l], 1 + g_size / 16, g_size, rate);
      }
      double want = NL * raw * g_size / (g_size + 16);
      tb_log(&t, "(a) %3u B reads: %.2f GB/s data over %d links (ceiling %u/%u x %.1f GB/s raw = %.2f)\n", g_size, sum,
             NL, g_size, g_size + 16, NL * raw, want);
      hmc_stats_t st;
      hmc_stats(h, &st);
      tb_expect_u64(&t, "(a) responses", st.resps, (uint64_t)per_link * NL);
    }
    times_free(&tm);
    hmc_free(h);
  }

  /* (b) 64-byte writes: in the steady state no send finds its link's
   * request serialiser idle (5-FLIT packets back to back: 64/80 of raw);
   * the acknowledgements, from 16 vaults, follow at that rate give or
   * take a few ns of vault jitter (checked to 0.2% over the window). */
  {
    hmc_t *h = hmc_new(&cfg, NULL, 0);
    g_size = 64;
    g_window_lo = per_link / 5;
    g_window_hi = per_link - per_link / 5;
    g_idle = 0;
    if (run(&t, h, per_link, gen_wr, &rng, &tm)) {
      tb_expect_u64(&t, "(b) sends in the window that found the request link idle", g_idle, 0);
      double sum = 0;
      for (int l = 0; l < NL; l++) {
        unsigned i = tm.n[l] / 5, j = tm.n[l] - tm.n[l] / 5;
        double bw = (double)(j - i) * 64 / (tm.t[l][j] - tm.t[l][i]) * 1000.0, want = raw * 0.8;
        t.checks++;
        if (bw < want * 0.998 || bw > want * 1.002) tb_fail(&t, "(b) link %d write acks %.3f GB/s, expected %.3f\n", l, bw, want);
        sum += bw;
      }
      tb_log(&t, "(b)  64 B writes: %.2f GB/s data over %d links (ceiling 64/80 x %.1f GB/s = %.2f)\n", sum, NL,
             NL * raw, NL * raw * 0.8);
    }
    g_window_lo = g_window_hi = 0;
    times_free(&tm);
    hmc_free(h);
  }

  /* (c) one vault, refresh off (refresh takes 74 of every 4875 tCK from
   * a vault: reported, not part of the exact spacing) */
  for (int refresh = 0; refresh < 2; refresh++) {
    hmc_cfg_t c1 = cfg;
    c1.refresh = refresh;
    hmc_t *h = hmc_new(&c1, NULL, 0);
    unsigned pl = per_link / 4;
    if (run(&t, h, pl, gen_vault, &rng, &tm)) {
      qsort(tm.all, tm.nall, sizeof(uint64_t), cmp_u64);
      unsigned i = tm.nall / 5, j = tm.nall - tm.nall / 5, bad = 0;
      for (unsigned k = i; k < j && !refresh; k++)
        if (tm.all[k + 1] - tm.all[k] != 6400 && bad++ < 3)
          tb_fail(&t, "(c) one vault: responses %u and %u are %llu ps apart, expected 6400\n", k, k + 1,
                  (unsigned long long)(tm.all[k + 1] - tm.all[k]));
      t.checks++;
      double bw = (double)(j - i) * 64 / (tm.all[j] - tm.all[i]) * 1000.0;
      tb_log(&t, "(c) one vault, 64 B reads, refresh %s: %.3f GB/s (ceiling 32 B / tCCD 3.2 ns = 10 GB/s)\n",
             refresh ? "on " : "off", bw);
      hmc_stats_t st;
      hmc_stats(h, &st);
      tb_expect_u64(&t, "(c) vault 5 requests", st.vault_reqs[5], (uint64_t)pl * NL);
      tb_expect_u64(&t, "(c) vault 5 bus cycles", st.vault_bus_cycles[5], (uint64_t)pl * NL * 8);
      tb_expect_u64(&t, "(c) activates = requests (closed page)", st.acts, (uint64_t)pl * NL);
    }
    times_free(&tm);
    hmc_free(h);
  }
  tb_fst_close(W);
  return tb_finish(&t);
}
