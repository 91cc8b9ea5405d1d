/* hmc_bench: the HMC model's figures for `make bench` (scripts/bench_hmc.sh
 * plots them into docs/).  Not a test: it reports, it does not judge.
 *
 *   hmc_bench load   latency against offered load, random 64 B reads, 4 links
 *   hmc_bench size   saturated read / write bandwidth against request size
 *   hmc_bench local  PE ports: local against remote vault, by outstanding reads
 *   hmc_bench speed [n]  model speed (requests per second of host time), full load, n requests (10^6)
 *
 * Each prints a gnuplot-ready table on stdout. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hmc.h"

static uint64_t rs = 88172645463325252ull;
static uint64_t rnd(void) { /* xorshift64 */
  rs ^= rs << 13;
  rs ^= rs >> 7;
  rs ^= rs << 17;
  return rs;
}

static uint64_t rand_addr(hmc_t *h, unsigned size) {
  const hmc_cfg_t *c = hmc_cfg(h);
  uint64_t a = hmc_encode(h, rnd() % c->vaults, rnd() % c->banks, rnd() % (1 << 14), rnd() % (c->row_bytes / c->block_bytes));
  return a + (size < c->block_bytes ? (rnd() % (c->block_bytes / size)) * size : 0);
}

typedef struct {
  uint64_t n, lat_sum, lat_max, bytes, first_t, last_t;
} acc_t;
static void on_resp(void *ctx, const hmc_resp_t *r) {
  acc_t *a = ctx;
  /* tag = generation time (ps) for the load sweep */
  uint64_t lat = r->t_ps - r->tag;
  a->n++;
  a->lat_sum += lat;
  if (lat > a->lat_max) a->lat_max = lat;
  a->bytes += r->size;
  if (!a->first_t) a->first_t = r->t_ps;
  a->last_t = r->t_ps;
}

/* Open loop: each link generates 64 B reads at `load` x its ceiling
 * (64/80 of raw), evenly spaced; a request the link refuses waits in the
 * host queue, and its latency counts from its generation. */
static void bench_load(void) {
  printf("# offered_GBps achieved_GBps avg_latency_ns max_latency_ns (random 64 B reads, 4 links, ceiling 96 GB/s)\n");
  static const double loads[] = {0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95, 0.98, 1.0, 1.05};
  for (unsigned li = 0; li < sizeof loads / sizeof loads[0]; li++) {
    hmc_cfg_t cfg = HMC_CFG_DEFAULT;
    hmc_t *h = hmc_new(&cfg, NULL, 0);
    acc_t a = {0};
    hmc_set_callback(h, on_resp, &a);
    double link_ceiling = cfg.lanes * (double)cfg.lane_mbps / 8e3 * 64 / 80; /* GB/s = bytes/ns */
    double gap_ps = 64.0 / (link_ceiling * loads[li]) * 1000.0;               /* between requests of one link */
    const uint64_t per_link = 40000, warm = 8000;
    double next[4];
    uint64_t gen[4] = {0};
    for (int l = 0; l < 4; l++) next[l] = gap_ps * l / 4;
    uint64_t now = 0;
    acc_t snap = {0}, end = {0};
    int snapped = 0, ended = 0;
    while (a.n < 4 * per_link && now < 4000000000ull) {
      for (int l = 0; l < 4; l++)
        while (gen[l] < per_link && next[l] <= (double)now) {
          hmc_req_t r = {.port = hmc_port_link(l), .cmd = HMC_RD, .size = 64, .addr = rand_addr(h, 64),
                         .tag = (uint64_t)next[l]};
          if (hmc_send(h, &r, now) != HMC_OK) break;
          gen[l]++;
          next[l] += gap_ps;
        }
      now += 800;
      hmc_advance(h, now);
      if (!snapped && a.n >= 4 * warm) snap = a, snapped = 1;
      if (!ended && a.n >= 4 * (per_link - warm)) end = a, ended = 1;
    }
    /* steady state: responses 20% .. 80% */
    uint64_t n = end.n - snap.n;
    double bw = (double)(end.bytes - snap.bytes) / (end.last_t - snap.last_t); /* bytes/ps = TB/s */
    printf("%.2f %.2f %.1f %.1f\n", 4 * link_ceiling * loads[li], bw * 1000, (end.lat_sum - snap.lat_sum) / 1000.0 / n,
           a.lat_max / 1000.0);
    hmc_free(h);
  }
}

/* Closed loop, saturating: every link keeps its buffer full. */
static double saturate(hmc_cmd_t cmd, unsigned size, uint64_t nreq, double *secs) {
  hmc_cfg_t cfg = HMC_CFG_DEFAULT;
  uint8_t *mem = calloc(1, 1 << 20);
  hmc_t *h = hmc_new(&cfg, mem, 1 << 20);
  acc_t a = {0};
  hmc_set_callback(h, on_resp, &a);
  uint64_t now = 0, sent = 0, warm = nreq / 5, stop = nreq - nreq / 5;
  acc_t snap = {0}, end = {0};
  int snapped = 0, ended = 0;
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  while (a.n < nreq) {
    for (int l = 0; l < 4 && sent < nreq; l++)
      for (;;) {
        hmc_req_t r = {.port = hmc_port_link(l), .cmd = cmd, .size = size, .addr = rand_addr(h, size), .tag = now};
        if (cmd == (hmc_cmd_t)-1) { /* the stress mix: reads, writes, atomics */
          unsigned k = rnd() % 10;
          r.cmd = k < 5 ? HMC_RD : k < 8 ? HMC_WR : HMC_AMOADD_W;
          r.size = 64;
          r.addr = rand_addr(h, 64) % (1 << 20);
        }
        if (sent >= nreq || hmc_send(h, &r, now) != HMC_OK) break;
        sent++;
      }
    now += 800;
    hmc_advance(h, now);
    if (!snapped && a.n >= warm) snap = a, snapped = 1;
    if (!ended && a.n >= stop) end = a, ended = 1;
  }
  clock_gettime(CLOCK_MONOTONIC, &t1);
  if (secs) *secs = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
  /* steady state only: from 20% to 80% of the responses */
  double bw = (double)(end.bytes - snap.bytes) / (end.last_t - snap.last_t) * 1000;
  hmc_free(h);
  free(mem);
  return bw;
}

static void bench_size(void) {
  printf("# size_B read_GBps write_GBps read_ceiling write_ceiling (4 links, data bytes)\n");
  hmc_cfg_t c = HMC_CFG_DEFAULT;
  double raw = 4 * c.lanes * (double)c.lane_mbps / 8e3;
  for (unsigned s = 16; s <= 128; s += 16) {
    double rd = saturate(HMC_RD, s, 60000, NULL), wr = saturate(HMC_WR, s, 60000, NULL);
    printf("%u %.2f %.2f %.2f %.2f\n", s, rd, wr, raw * s / (s + 16), raw * s / (s + 16));
  }
}

/* 16 PE ports, each keeps `outs` 64 B reads outstanding, all to its own
 * vault (local) or all to the vault p + 8 mod 16 (remote). */
typedef struct {
  hmc_t *h;
  unsigned out[16];
  acc_t a;
} loc_t;
static void on_loc(void *ctx, const hmc_resp_t *r) {
  loc_t *L = ctx;
  L->out[r->port - hmc_port_pe(0)]--;
  on_resp(&L->a, r);
}
static void bench_local(void) {
  printf("# outstanding_per_PE local_GBps local_lat_ns remote_GBps remote_lat_ns (16 PEs, 64 B reads)\n");
  for (unsigned outs = 1; outs <= 32; outs *= 2) {
    double bw[2], lat[2];
    for (int remote = 0; remote < 2; remote++) {
      hmc_cfg_t cfg = HMC_CFG_DEFAULT;
      cfg.pe_port_q = 64;
      loc_t L = {0};
      L.h = hmc_new(&cfg, NULL, 0);
      hmc_set_callback(L.h, on_loc, &L);
      uint64_t now = 0;
      acc_t snap = {0};
      while (L.a.n < 200000) {
        for (unsigned p = 0; p < 16; p++)
          while (L.out[p] < outs) {
            unsigned v = remote ? (p + 8) % 16 : p;
            hmc_req_t r = {.port = hmc_port_pe(p), .cmd = HMC_RD, .size = 64,
                           .addr = hmc_encode(L.h, v, rnd() % 16, rnd() % 4096, rnd() % 2), .tag = now};
            if (hmc_send(L.h, &r, now) != HMC_OK) break;
            L.out[p]++;
          }
        now += 800;
        hmc_advance(L.h, now);
        if (L.a.n < 20000) snap = L.a;
      }
      bw[remote] = (double)(L.a.bytes - snap.bytes) / (L.a.last_t - snap.last_t) * 1000;
      lat[remote] = (L.a.lat_sum - snap.lat_sum) / 1000.0 / (L.a.n - snap.n);
      hmc_free(L.h);
    }
    printf("%u %.2f %.1f %.2f %.1f\n", outs, bw[0], lat[0], bw[1], lat[1]);
  }
}

static void bench_speed(uint64_t n) {
  double secs;
  double bw = saturate((hmc_cmd_t)-1, 64, n, &secs);
  printf("# requests seconds requests_per_second data_GBps (random mix 50%% RD / 30%% WR / 20%% AMO, full load)\n");
  printf("%llu %.3f %.0f %.2f\n", (unsigned long long)n, secs, n / secs, bw);
}

int main(int argc, char **argv) {
  if (argc < 2 || argc > 3 || (argc == 3 && strcmp(argv[1], "speed"))) {
    fprintf(stderr, "usage: hmc_bench load|size|local|speed [requests]\n");
    return 2;
  }
  if (!strcmp(argv[1], "load")) bench_load();
  else if (!strcmp(argv[1], "size")) bench_size();
  else if (!strcmp(argv[1], "local")) bench_local();
  else if (!strcmp(argv[1], "speed")) bench_speed(argc == 3 ? strtoull(argv[2], NULL, 0) : 1000000);
  else {
    fprintf(stderr, "hmc_bench: unknown mode '%s' (load, size, local, speed)\n", argv[1]);
    return 2;
  }
  return 0;
}
