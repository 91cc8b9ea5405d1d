/* hmc_faw: an activate burst across the banks of one vault is throttled
 * exactly by tRRD and tFAW (issue 22).
 *
 * Closed page, refresh off: 16 reads of one 32 B burst to the 16 banks of
 * one vault, sent at once.  Every read needs its own ACT; the vault issues
 * them in arrival order, each as early as the rules allow:
 *   act[k] = max(act[k-1] + tRRD, act[k-4] + tFAW)
 * and each read's data, hence its response on an otherwise idle link, then
 * follows its ACT by the same tRCD + tCL + tCCD + crossbar, so consecutive
 * responses are exactly act[k+1] - act[k] tCK apart.  Checked for the
 * default timings (tRRD 4, tFAW 24 tCK: gaps 4 4 4 12 ...), for another pair
 * (tRRD 3, tFAW 20 tCK, with a 2 tCK burst so that the data bus never
 * binds), and with tFAW off (every gap tRRD); the counters of ACTs at their
 * tRRD / tFAW limit must match the recurrence too. */
#include <stdlib.h>
#include <string.h>

#include "hmc.h"
#include "tb.h"
#include "tb_fst.h"

#define NB 16

typedef struct {
  uint64_t t[NB];
  unsigned n;
} sink_t;

static void on_resp(void *ctx, const hmc_resp_t *r) {
  sink_t *s = ctx;
  if (r->tag < NB) s->t[r->tag] = r->t_ps;
  s->n++;
}

static void burst(tb_t *t, tb_fst_t *w, int v_q, hmc_cfg_t cfg, const char *name) {
  cfg.refresh = 0;
  hmc_t *h = hmc_new(&cfg, NULL, 0);
  if (!h) {
    tb_fail(t, "hmc_new failed (%s)\n", name);
    return;
  }
  sink_t s = {0};
  hmc_set_callback(h, on_resp, &s);
  hmc_timing_t T;
  hmc_timing(h, &T);
  const unsigned vault = 6;
  hmc_req_t rq[NB];
  for (unsigned b = 0; b < NB; b++)
    rq[b] = (hmc_req_t){.port = hmc_port_link(0), .cmd = HMC_RD, .addr = hmc_encode(h, vault, b, 3, 0), .size = 32,
                        .tag = b};
  uint64_t now = 8000;
  hmc_advance(h, now - 1);
  unsigned sent = 0;
  for (uint64_t guard = 0; s.n < NB && guard < 100000; guard++) {
    while (sent < NB && hmc_send(h, &rq[sent], now) == HMC_OK) sent++;
    hmc_advance(h, now);
    tb_fst_time(w, now);
    tb_fst_set(w, v_q, hmc_probe_vault_q(h, vault));
    now += 800;
  }
  if (s.n < NB) {
    tb_fail(t, "%s: only %u of %u responses\n", name, s.n, NB);
    hmc_free(h);
    return;
  }
  uint64_t act[NB] = {0};
  unsigned want_rrd = 0, want_faw = 0;
  char gaps[128] = "", *p = gaps;
  for (unsigned k = 1; k < NB; k++) {
    uint64_t rrd = act[k - 1] + T.rrd, faw = k >= 4 && T.faw ? act[k - 4] + T.faw : 0;
    act[k] = rrd > faw ? rrd : faw;
    if (faw > rrd) want_faw++;
    else want_rrd++;
    uint64_t got = s.t[k] - s.t[k - 1], want = (act[k] - act[k - 1]) * cfg.tck_ps;
    t->checks++;
    if (got != want)
      tb_fail(t, "%s: ACT %u: responses %u and %u are %llu ps apart, expected %llu (%s)\n", name, k, k - 1, k,
              (unsigned long long)got, (unsigned long long)want, faw > rrd ? "tFAW" : "tRRD");
    p += snprintf(p, gaps + sizeof gaps - p, " %llu", (unsigned long long)(got / cfg.tck_ps));
  }
  hmc_stats_t st;
  hmc_stats(h, &st);
  char what[96];
  snprintf(what, sizeof what, "%s: ACTs at the tRRD limit", name);
  tb_expect_u64(t, what, st.act_rrd_limited, want_rrd);
  snprintf(what, sizeof what, "%s: ACTs at the tFAW limit", name);
  tb_expect_u64(t, what, st.act_faw_limited, want_faw);
  tb_log(t, "%s (tRRD %u, tFAW %u tCK): 16 ACTs in %llu tCK, gaps%s\n", name, T.rrd, T.faw,
         (unsigned long long)(s.t[NB - 1] - s.t[0]) / cfg.tck_ps, gaps);
  hmc_free(h);
}

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "hmc_faw", 1);
  tb_fst_t *w = tb_fst_open(t.waves, "hmc");
  int v_q = tb_fst_var(w, "vault6.req_q", 8);

  hmc_cfg_t d = HMC_CFG_DEFAULT;
  burst(&t, w, v_q, d, "default");

  hmc_cfg_t o = HMC_CFG_DEFAULT;
  o.t_rrd_ps = 2400, o.t_faw_ps = 16000, o.t_ccd_ps = 1600;
  burst(&t, w, v_q, o, "other");

  hmc_cfg_t off = HMC_CFG_DEFAULT;
  off.t_faw_ps = 0;
  burst(&t, w, v_q, off, "tFAW off");

  tb_fst_close(w);
  return tb_finish(&t);
}
