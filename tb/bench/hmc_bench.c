/* hmc_bench: the HMC model's figures for `make bench` (scripts/bench_hmc.sh
 * plots them into docs/).  Not a test: it reports, it does not judge.
 *
 *   hmc_bench load   latency (average, p99) against offered load, random 64 B reads, 4 links
 *   hmc_bench mixload  the same for random 64 B reads and writes, half each
 *   hmc_bench mixload-off  the same without tCWL/tWTR/tRTW/tRRD/tFAW (tRTP = tCCD): the model before them
 *   hmc_bench sat    saturated bandwidth: reads, writes, sequential, 50/50, PE-local, beside the ceilings
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

/* HMC_BENCH_FAST=1: the fast timing (hmc.fast, issue 50), to measure its
 * error against the exact model on the same benchmarks. */
static hmc_cfg_t bench_cfg(void) {
  hmc_cfg_t c = HMC_CFG_DEFAULT;
  const char *f = getenv("HMC_BENCH_FAST");
  c.fast = f && *f == '1';
  return c;
}

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
  uint64_t *lat;    /* every latency, when lat_cap > 0 (percentiles) */
  uint64_t lat_n, lat_cap, rd_n, rd_sum;
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
  if (r->cmd == HMC_RD) a->rd_n++, a->rd_sum += lat;
  if (a->lat_n < a->lat_cap) a->lat[a->lat_n++] = lat;
}

static int cmp_u64(const void *x, const void *y) {
  uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
  return a < b ? -1 : a > b;
}

/* Open loop: each link generates 64 B requests at `load` x the ceiling,
 * evenly spaced; a request the link refuses waits in the host queue, and
 * its latency counts from its generation.  mix = 0: random reads (ceiling
 * 64/80 of the raw response bandwidth, 96 GB/s); mix = 1: random reads and
 * writes, half each (a pair moves 6 FLITs each way for 128 B: ceiling
 * 128/96 of raw per direction, 160 GB/s, which is also the vaults' bus
 * limit).  Steady state: the responses from 20% to 80%. */
static void bench_load(int mix, int off) {
  if (mix)
    printf("# offered_GBps achieved_GBps avg_ns p99_ns max_ns read_avg_ns (random 64 B, 50%% RD / 50%% WR, 4 links, "
           "ceiling 160 GB/s)\n");
  else
    printf("# offered_GBps achieved_GBps avg_ns p99_ns max_ns (random 64 B reads, 4 links, ceiling 96 GB/s)\n");
  static const double loads[] = {0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95, 0.98, 1.0, 1.05};
  for (unsigned li = 0; li < sizeof loads / sizeof loads[0]; li++) {
    hmc_cfg_t cfg = bench_cfg();
    if (off) { /* the timings of issue 22 off: the model as it was before them */
      cfg.t_cwl_ps = cfg.t_wtr_ps = cfg.t_rtw_ps = cfg.t_rrd_ps = cfg.t_faw_ps = 0;
      cfg.t_rtp_ps = cfg.t_ccd_ps;
    }
    hmc_t *h = hmc_new(&cfg, NULL, 0);
    const uint64_t per_link = 40000, warm = 8000;
    acc_t a = {0};
    hmc_set_callback(h, on_resp, &a);
    double raw = cfg.lanes * (double)cfg.lane_mbps / 8e3; /* GB/s = bytes/ns per link direction */
    double link_ceiling = mix ? raw * 128 / 96 : raw * 64 / 80;
    double gap_ps = 64.0 / (link_ceiling * loads[li]) * 1000.0; /* between requests of one link */
    double next[4];
    uint64_t gen[4] = {0};
    int has[4] = {0};
    hmc_req_t pend[4];
    for (int l = 0; l < 4; l++) next[l] = gap_ps * l / 4;
    uint64_t now = 0;
    acc_t snap = {0}, end = {0};
    int snapped = 0, ended = 0;
    while (a.n < 4 * per_link && now < 4000000000ull) {
      for (int l = 0; l < 4; l++)
        while (gen[l] < per_link && next[l] <= (double)now) {
          if (!has[l]) { /* a refused request waits as it was */
            pend[l] = (hmc_req_t){.port = hmc_port_link(l), .cmd = mix && rnd() % 2 ? HMC_WR : HMC_RD, .size = 64,
                                  .addr = rand_addr(h, 64), .tag = (uint64_t)next[l]};
            has[l] = 1;
          }
          if (hmc_send(h, &pend[l], now) != HMC_OK) break;
          has[l] = 0;
          gen[l]++;
          next[l] += gap_ps;
        }
      now += 800;
      hmc_advance(h, now);
      if (!snapped && a.n >= 4 * warm) {
        snap = a, snapped = 1;
        a.lat_cap = 4 * (per_link - 2 * warm);
        a.lat = malloc(sizeof(uint64_t) * a.lat_cap);
        if (!a.lat) abort();
      }
      if (!ended && a.n >= 4 * (per_link - warm)) end = a, ended = 1;
    }
    uint64_t n = end.n - snap.n;
    double bw = (double)(end.bytes - snap.bytes) / (end.last_t - snap.last_t); /* bytes/ps = TB/s */
    qsort(a.lat, end.lat_n, sizeof(uint64_t), cmp_u64);
    double p99 = end.lat_n ? a.lat[end.lat_n * 99 / 100] / 1000.0 : 0;
    printf("%.2f %.2f %.1f %.1f %.1f", 4 * link_ceiling * loads[li], bw * 1000, (end.lat_sum - snap.lat_sum) / 1000.0 / n,
           p99, a.lat_max / 1000.0);
    if (mix) printf(" %.1f", (end.rd_sum - snap.rd_sum) / 1000.0 / (end.rd_n - snap.rd_n));
    printf("\n");
    free(a.lat);
    hmc_free(h);
  }
}

/* Closed loop, saturating: every link keeps its buffer full.  cmd -1: the
 * stress mix; -2: reads and writes, half each; -3: sequential reads
 * (consecutive addresses from 0). */
#define SAT_STRESS ((hmc_cmd_t)-1)
#define SAT_MIX ((hmc_cmd_t)-2)
#define SAT_SEQ ((hmc_cmd_t)-3)
static double saturate(hmc_cmd_t cmd, unsigned size, uint64_t nreq, double *secs, double *stalls) {
  hmc_cfg_t cfg = bench_cfg();
  uint8_t *mem = calloc(1, 1 << 20);
  hmc_t *h = hmc_new(&cfg, mem, 1 << 20);
  acc_t a = {0};
  hmc_set_callback(h, on_resp, &a);
  uint64_t now = 0, sent = 0, warm = nreq / 5, stop = nreq - nreq / 5;
  acc_t snap = {0}, end = {0};
  int snapped = 0, ended = 0, has[4] = {0};
  hmc_req_t pend[4];
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  while (a.n < nreq) {
    for (int l = 0; l < 4 && sent < nreq; l++)
      for (;;) {
        /* a refused request is offered again as it was (a new draw would
         * favour the smaller packets: reads over writes) */
        if (has[l]) {
          if (sent >= nreq || hmc_send(h, &pend[l], now) != HMC_OK) break;
          has[l] = 0;
          sent++;
          continue;
        }
        hmc_req_t r = {.port = hmc_port_link(l), .cmd = cmd, .size = size, .addr = rand_addr(h, size), .tag = now};
        if (cmd == SAT_STRESS) { /* the stress mix: reads, writes, atomics */
          unsigned k = rnd() % 10;
          r.cmd = k < 5 ? HMC_RD : k < 8 ? HMC_WR : HMC_AMOADD_W;
          r.size = 64;
          r.addr = rand_addr(h, 64) % (1 << 20);
        } else if (cmd == SAT_MIX) {
          r.cmd = rnd() % 2 ? HMC_WR : HMC_RD;
        } else if (cmd == SAT_SEQ) {
          r.cmd = HMC_RD;
          r.addr = sent * size % cfg.capacity;
        }
        if (sent >= nreq) break;
        pend[l] = r, has[l] = 1;
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
  hmc_stats_t st;
  hmc_stats(h, &st);
  if (stalls) *stalls = (double)st.stalls / nreq;
  hmc_free(h);
  free(mem);
  return bw;
}

static void bench_size(void) {
  printf("# size_B read_GBps write_GBps read_ceiling write_ceiling (4 links, data bytes)\n");
  hmc_cfg_t c = bench_cfg();
  double raw = 4 * c.lanes * (double)c.lane_mbps / 8e3;
  for (unsigned s = 16; s <= 128; s += 16) {
    double rd = saturate(HMC_RD, s, 60000, NULL, NULL), wr = saturate(HMC_WR, s, 60000, NULL, NULL);
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
      hmc_cfg_t cfg = bench_cfg();
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

/* 16 PEs keep their port full with 64 B requests to their own vault
 * (reads, or reads and writes half each): the vaults' own limit. */
static double pe_saturate(int mix, double *stalls) {
  hmc_cfg_t cfg = bench_cfg();
  hmc_t *h = hmc_new(&cfg, NULL, 0);
  acc_t a = {0};
  hmc_set_callback(h, on_resp, &a);
  uint64_t now = 0;
  acc_t snap = {0};
  int has[16] = {0};
  hmc_req_t pend[16];
  while (a.n < 200000) {
    for (unsigned p = 0; p < 16; p++)
      for (;;) {
        if (!has[p]) {
          pend[p] = (hmc_req_t){.port = hmc_port_pe(p), .cmd = mix && rnd() % 2 ? HMC_WR : HMC_RD, .size = 64,
                                .addr = hmc_encode(h, p, rnd() % 16, rnd() % 4096, rnd() % 2), .tag = now};
          has[p] = 1;
        }
        if (hmc_send(h, &pend[p], now) != HMC_OK) break;
        has[p] = 0;
      }
    now += 800;
    hmc_advance(h, now);
    if (a.n < 40000) snap = a;
  }
  double bw = (double)(a.bytes - snap.bytes) / (a.last_t - snap.last_t) * 1000;
  hmc_stats_t st;
  hmc_stats(h, &st);
  *stalls = (double)st.stalls / a.n;
  hmc_free(h);
  return bw;
}

/* Saturated bandwidth of each traffic kind beside its analytic ceiling. */
static void bench_sat(void) {
  hmc_cfg_t c = bench_cfg();
  hmc_t *h = hmc_new(&c, NULL, 0);
  hmc_timing_t T;
  hmc_timing(h, &T);
  hmc_free(h);
  double raw = 4 * c.lanes * (double)c.lane_mbps / 8e3; /* GB/s per direction, 4 links */
  double bus = c.vaults * c.col_bytes / (T.ccd * c.tck_ps / 1000.0);           /* 16 x 32 B / tCCD */
  double ref = 1.0 - (double)T.rfc / T.refi;                                    /* refresh's share */
  /* every request turning the bus: a 64 B read + a 64 B write per
   * 2 tCCD + tRTW + tCWL + 2 tCCD + tWTR */
  double turn = c.vaults * 128.0 / ((4 * T.ccd + T.rtw + T.cwl + T.wtr) * c.tck_ps / 1000.0);
  /* stalls: sends the cube refused (HMC_STALL, each retry counted) per request */
  printf("# kind measured_GBps ceiling_GBps what_bounds stalls_per_request (64 B requests, data bytes)\n");
  double st, bw;
  bw = saturate(HMC_RD, 64, 200000, NULL, &st);
  printf("reads %.2f %.2f links:64/80_of_raw %.2f\n", bw, raw * 64 / 80, st);
  bw = saturate(HMC_WR, 64, 200000, NULL, &st);
  printf("writes %.2f %.2f links:64/80_of_raw %.2f\n", bw, raw * 64 / 80, st);
  bw = saturate(SAT_SEQ, 64, 200000, NULL, &st);
  printf("sequential_reads %.2f %.2f links:64/80_of_raw %.2f\n", bw, raw * 64 / 80, st);
  bw = saturate(SAT_MIX, 64, 200000, NULL, &st);
  printf("mix_50_50 %.2f %.2f vault_buses_with_refresh(links_160,_every_request_turning_%.1f) %.2f\n", bw, bus * ref,
         turn, st);
  bw = pe_saturate(0, &st);
  printf("pe_local_reads %.2f %.2f vault_buses_with_refresh %.2f\n", bw, bus * ref, st);
  bw = pe_saturate(1, &st);
  printf("pe_local_mix_50_50 %.2f %.2f vault_buses_with_refresh(every_request_turning_%.1f) %.2f\n", bw, bus * ref,
         turn, st);
}

static void bench_speed(uint64_t n) {
  double secs;
  double bw = saturate(SAT_STRESS, 64, n, &secs, NULL);
  printf("# requests seconds requests_per_second data_GBps (random mix 50%% RD / 30%% WR / 20%% AMO, full load)\n");
  printf("%llu %.3f %.0f %.2f\n", (unsigned long long)n, secs, n / secs, bw);
}

int main(int argc, char **argv) {
  if (argc < 2 || argc > 3 || (argc == 3 && strcmp(argv[1], "speed"))) {
    fprintf(stderr, "usage: hmc_bench load|mixload|mixload-off|sat|size|local|speed [requests]\n");
    return 2;
  }
  if (!strcmp(argv[1], "load")) bench_load(0, 0);
  else if (!strcmp(argv[1], "mixload")) bench_load(1, 0);
  else if (!strcmp(argv[1], "mixload-off")) bench_load(1, 1);
  else if (!strcmp(argv[1], "sat")) bench_sat();
  else if (!strcmp(argv[1], "size")) bench_size();
  else if (!strcmp(argv[1], "local")) bench_local();
  else if (!strcmp(argv[1], "speed")) bench_speed(argc == 3 ? strtoull(argv[2], NULL, 0) : 1000000);
  else {
    fprintf(stderr, "hmc_bench: unknown mode '%s' (load, mixload, mixload-off, sat, size, local, speed)\n", argv[1]);
    return 2;
  }
  return 0;
}
