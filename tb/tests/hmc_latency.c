/* hmc_latency: single requests on an idle cube, each latency checked
 * against the sum of its documented parts (docs/hmc.md "Latency"), computed
 * here independently of the model:
 *   request serialisation (FLITs x 128 bit times) + SerDes latency, rounded
 *   up to a tCK edge; crossbar; ACT -> tRCD -> column -> tCL + bursts x tCCD;
 *   crossbar; response serialisation + SerDes latency.
 * Then: closed-page bank conflicts, open-page row hit / row conflict
 * (+tRP +tRCD), refresh stalls (+tRFC), PE local and remote ports, writes
 * and atomics, and bad requests refused with an error code. */
#include <stdlib.h>
#include <string.h>

#include "hmc.h"
#include "tb.h"
#include "tb_fst.h"

typedef struct {
  tb_t *t;
  tb_fst_t *w;
  int v_q0, v_bank0, v_lbusy;
} ctx_t;

static hmc_cfg_t C;
static hmc_timing_t T;

static uint64_t rate(void) { return (uint64_t)C.lanes * C.lane_mbps; } /* bits per us */
static uint64_t slot(uint64_t ps) { return (ps * rate() + 999999) / 1000000; }
static uint64_t sps(uint64_t s) { return (s * 1000000 + rate() - 1) / rate(); }
static uint64_t cyc_up(uint64_t ps) { return (ps + C.tck_ps - 1) / C.tck_ps; }

/* Cycle at which a request sent on an idle link at t0 is in its vault queue. */
static uint64_t link_arrival(uint64_t t0, unsigned req_flits) {
  return cyc_up(sps(slot(t0) + 128ull * req_flits) + C.link_lat_ps) + C.xbar_cycles;
}
/* Time a response leaving the vault at cycle done reaches the host. */
static uint64_t link_return(uint64_t done, unsigned rsp_flits) {
  return sps(slot((done + C.xbar_cycles) * C.tck_ps) + 128ull * rsp_flits) + C.link_lat_ps;
}
/* Cycle the data of an access that got its ACT at cycle act is done. */
static uint64_t bank_done(uint64_t act, hmc_cmd_t cmd, unsigned size) {
  uint64_t col = act + T.rcd;
  unsigned n = (size + 31) / 32;
  if (cmd == HMC_RD) return col + T.cl + (uint64_t)n * T.ccd;
  if (cmd == HMC_WR) return col + T.cwl + (uint64_t)n * T.ccd;
  return col + T.cl + T.ccd + C.atomic_cycles; /* atomic: read, ALU, write */
}

static void wave(ctx_t *x, hmc_t *h) {
  tb_fst_time(x->w, hmc_now(h));
  tb_fst_set(x->w, x->v_q0, hmc_probe_vault_q(h, 0));
  tb_fst_set(x->w, x->v_bank0, hmc_probe_bank(h, 0, 0));
  tb_fst_set(x->w, x->v_lbusy, (uint64_t)hmc_probe_link_busy(h, 0, 1) << 1 | hmc_probe_link_busy(h, 0, 0));
}

/* Runs the model one tCK at a time until n responses are back on port. */
static int collect(ctx_t *x, hmc_t *h, unsigned port, hmc_resp_t *r, unsigned n) {
  unsigned got = 0;
  for (uint64_t guard = 0; got < n && guard < 1000000; guard++) {
    hmc_advance(h, hmc_now(h) + C.tck_ps);
    wave(x, h);
    while (got < n && hmc_poll(h, port, &r[got])) got++;
  }
  if (got < n) tb_fail(x->t, "only %u of %u responses on port %u\n", got, n, port);
  return got == n;
}

static hmc_t *mk(ctx_t *x, uint8_t *mem, int open_page) {
  hmc_cfg_t c = C;
  c.open_page = open_page;
  hmc_t *h = hmc_new(&c, mem, 1 << 20);
  if (!h) tb_fail(x->t, "hmc_new failed\n");
  return h;
}

/* One request at t0, returns its latency (0 on failure). */
static uint64_t one(ctx_t *x, hmc_t *h, hmc_req_t *rq, uint64_t t0) {
  hmc_advance(h, t0 - 1); /* the tCK edge at t0 is not simulated yet: the request makes it */
  if (hmc_send(h, rq, t0) != HMC_OK) {
    tb_fail(x->t, "send refused\n");
    return 0;
  }
  hmc_resp_t r;
  if (!collect(x, h, rq->port, &r, 1)) return 0;
  tb_expect_u64(x->t, "tag back", r.tag, rq->tag);
  return r.t_ps - r.t_send_ps;
}

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "hmc_latency", 1);
  ctx_t x = {.t = &t};
  x.w = tb_fst_open(t.waves, "hmc");
  x.v_q0 = tb_fst_var(x.w, "vault0.req_q", 8);
  x.v_bank0 = tb_fst_var(x.w, "vault0.bank0_state", 2);
  x.v_lbusy = tb_fst_var(x.w, "link0.busy_rsp_req", 2);
  C = HMC_CFG_DEFAULT;
  uint8_t *mem = calloc(1, 1 << 20);
  char what[160];

  /* (a) idle 64-byte read on link 0, and every size 16..128 */
  hmc_t *h = mk(&x, mem, 0);
  if (!h) return tb_finish(&t);
  hmc_timing(h, &T);
  tb_expect_u64(&t, "tRCD cycles", T.rcd, 13);
  tb_expect_u64(&t, "tCL cycles", T.cl, 13);
  tb_expect_u64(&t, "tRP cycles", T.rp, 10);
  tb_expect_u64(&t, "tRAS cycles", T.ras, 27);
  tb_expect_u64(&t, "tWR cycles", T.wr, 10);
  tb_expect_u64(&t, "tCCD cycles", T.ccd, 4);
  tb_expect_u64(&t, "tRFC cycles", T.rfc, 74);
  tb_expect_u64(&t, "tREFI cycles", T.refi, 4875);
  tb_expect_u64(&t, "tCWL cycles", T.cwl, 13);
  tb_expect_u64(&t, "tWTR cycles", T.wtr, 10);
  tb_expect_u64(&t, "tRTW cycles", T.rtw, 4);
  tb_expect_u64(&t, "tRTP cycles", T.rtp, 7);
  tb_expect_u64(&t, "tRRD cycles", T.rrd, 4);
  tb_expect_u64(&t, "tFAW cycles", T.faw, 24);
  uint64_t a0 = hmc_encode(h, 3, 5, 7, 0);
  hmc_req_t rq = {.port = hmc_port_link(0), .cmd = HMC_RD, .addr = a0, .size = 64, .tag = 11};
  uint64_t t0 = 8000;
  uint64_t arr = link_arrival(t0, 1), want = link_return(bank_done(arr, HMC_RD, 64), 5) - t0;
  uint64_t lat = one(&x, h, &rq, t0);
  tb_expect_u64(&t, "(a) idle 64 B read latency ps", lat, want);
  tb_expect_u64(&t, "(a) idle 64 B read latency ps, literal", lat, 43467);
  tb_log(&t, "(a) idle 64 B read: %llu ps = req ser %llu + SerDes %u -> edge, xbar %u, tRCD %u, tCL %u, 2 bursts %u, "
         "xbar %u cycles, rsp ser 5 FLITs + SerDes %u\n",
         (unsigned long long)lat, (unsigned long long)sps(128), C.link_lat_ps, C.xbar_cycles, T.rcd, T.cl, 2 * T.ccd,
         C.xbar_cycles, C.link_lat_ps);
  for (unsigned s = 16; s <= 128; s += 16) {
    t0 += 400000;
    rq.size = s;
    rq.tag = s;
    arr = link_arrival(t0, 1);
    want = link_return(bank_done(arr, HMC_RD, s), 1 + s / 16) - t0;
    snprintf(what, sizeof what, "(a) idle %u B read latency ps", s);
    tb_expect_u64(&t, what, one(&x, h, &rq, t0), want);
  }
  /* (b) idle 64-byte write (5-FLIT request, 1-FLIT response) */
  t0 += 400000;
  uint8_t wd[128];
  for (int i = 0; i < 128; i++) wd[i] = (uint8_t)(i * 7 + 1);
  rq = (hmc_req_t){.port = hmc_port_link(1), .cmd = HMC_WR, .addr = a0, .size = 64, .tag = 2, .flags = HMC_REQ_DATA,
                   .wdata = wd};
  want = link_return(bank_done(link_arrival(t0, 5), HMC_WR, 64), 1) - t0;
  tb_expect_u64(&t, "(b) idle 64 B write latency ps", one(&x, h, &rq, t0), want);
  tb_expect_u64(&t, "(b) write reached memory", memcmp(mem + a0, wd, 64) == 0, 1);
  /* (c) idle atomic (2-FLIT request and response) */
  t0 += 400000;
  rq = (hmc_req_t){.port = hmc_port_link(2), .cmd = HMC_AMOADD_W, .addr = a0, .tag = 3, .op = {5}};
  want = link_return(bank_done(link_arrival(t0, 2), HMC_AMOADD_W, 4), 2) - t0;
  tb_expect_u64(&t, "(c) idle AMOADD.W latency ps", one(&x, h, &rq, t0), want);

  /* (d) closed-page bank conflict: A and B to bank 5 of vault 3, other rows,
   * sent together.  B's ACT waits for A's precharge: A's ACT + tRAS + tRP,
   * so B completes exactly (tRAS + tRP) tCK after A. */
  hmc_free(h);
  h = mk(&x, mem, 0);
  t0 = 2400000; /* well before vault 3's first refresh (cycle 5789) */
  hmc_advance(h, t0 - 1);
  hmc_req_t ra = {.port = hmc_port_link(0), .cmd = HMC_RD, .addr = hmc_encode(h, 3, 5, 100, 0), .size = 64, .tag = 1};
  hmc_req_t rb = ra;
  rb.addr = hmc_encode(h, 3, 5, 200, 1);
  rb.tag = 2;
  hmc_send(h, &ra, t0);
  hmc_send(h, &rb, t0);
  hmc_resp_t r2[2];
  if (collect(&x, h, 0, r2, 2)) {
    tb_expect_u64(&t, "(d) conflict: first latency = idle", r2[0].t_ps - t0,
                  link_return(bank_done(link_arrival(t0, 1), HMC_RD, 64), 5) - t0);
    tb_expect_u64(&t, "(d) conflict: second - first ps", r2[1].t_ps - r2[0].t_ps, (uint64_t)(T.ras + T.rp) * 800);
  }
  /* (e) closed page: C reaches the bank exactly when A's auto-precharge
   * starts (A's ACT + tRAS): it pays tRP on top of the idle latency. */
  t0 = 2800000;
  hmc_advance(h, t0 - 1);
  uint64_t actA = link_arrival(t0, 1);
  hmc_send(h, &ra, t0);
  uint64_t tc = (actA + T.ras - (link_arrival(0, 1))) * 800; /* arrival = send cycle + link_arrival(0) */
  hmc_advance(h, tc - 1);
  rb.tag = 3;
  hmc_send(h, &rb, tc);
  if (collect(&x, h, 0, r2, 2))
    tb_expect_u64(&t, "(e) conflict during precharge: latency = idle + tRP", r2[1].t_ps - tc,
                  link_return(bank_done(link_arrival(tc, 1), HMC_RD, 64), 5) - tc + (uint64_t)T.rp * 800);
  hmc_free(h);

  /* (f) open page: a row hit skips tRCD; a row conflict adds tRP + tRCD. */
  h = mk(&x, mem, 1);
  t0 = 8000;
  uint64_t idle = one(&x, h, &ra, t0);
  tb_expect_u64(&t, "(f) open page, first access = closed-page idle", idle,
                link_return(bank_done(link_arrival(t0, 1), HMC_RD, 64), 5) - t0);
  t0 += 400000;
  ra.addr += 64; /* same row, same block */
  uint64_t hit = one(&x, h, &ra, t0);
  tb_expect_u64(&t, "(f) open page row hit = idle - tRCD", hit, idle - (uint64_t)T.rcd * 800);
  t0 += 400000;
  uint64_t miss = one(&x, h, &rb, t0);
  tb_expect_u64(&t, "(f) open page row conflict = hit + tRP + tRCD", miss, hit + (uint64_t)(T.rp + T.rcd) * 800);
  hmc_stats_t st;
  hmc_stats(h, &st);
  tb_expect_u64(&t, "(f) row hits", st.row_hits, 1);
  tb_expect_u64(&t, "(f) row misses", st.row_misses, 2);
  hmc_free(h);

  /* (g) refresh: vault 0 refreshes at tREFI (cycle 4875); a read reaching
   * it that cycle waits tRFC, one arriving 20 cycles later tRFC - 20; vault 1
   * (refresh staggered by tREFI/16) is unaffected. */
  h = mk(&x, mem, 0);
  tb_expect_u64(&t, "(g) vault 0 first refresh cycle", hmc_probe_next_refresh(h, 0), T.refi);
  tb_expect_u64(&t, "(g) vault 1 first refresh cycle", hmc_probe_next_refresh(h, 1), T.refi + T.refi / 16);
  uint64_t base = link_arrival(0, 1);
  rq = (hmc_req_t){.port = hmc_port_link(0), .cmd = HMC_RD, .addr = hmc_encode(h, 0, 2, 9, 0), .size = 64, .tag = 4};
  t0 = (T.refi - base) * 800;
  tb_expect_u64(&t, "(g) read meeting the refresh = idle + tRFC", one(&x, h, &rq, t0),
                link_return(bank_done(link_arrival(t0, 1), HMC_RD, 64), 5) - t0 + (uint64_t)T.rfc * 800);
  hmc_free(h);
  h = mk(&x, mem, 0);
  t0 = (T.refi + 20 - base) * 800;
  hmc_advance(h, t0 - 1);
  hmc_send(h, &rq, t0);
  hmc_req_t rq1 = rq;
  rq1.port = hmc_port_link(1);
  rq1.addr = hmc_encode(h, 1, 2, 9, 0);
  hmc_send(h, &rq1, t0);
  if (collect(&x, h, 0, r2, 1) && collect(&x, h, 1, r2 + 1, 1)) {
    tb_expect_u64(&t, "(g) read 20 cycles into the refresh = idle + tRFC - 20", r2[0].t_ps - t0,
                  link_return(bank_done(link_arrival(t0, 1), HMC_RD, 64), 5) - t0 + (uint64_t)(T.rfc - 20) * 800);
    tb_expect_u64(&t, "(g) vault 1 read during vault 0's refresh = idle", r2[1].t_ps - t0,
                  link_return(bank_done(link_arrival(t0, 1), HMC_RD, 64), 5) - t0);
  }
  hmc_stats(h, &st);
  tb_expect_u64(&t, "(g) refreshes so far", st.refreshes, 1);

  /* (h) PE ports: local vault = local_cycles each way, remote = xbar_cycles;
   * no SerDes.  Latency = ceil to tCK + path + bank + path. */
  t0 = 16000 * 800;
  rq = (hmc_req_t){.port = hmc_port_pe(6), .cmd = HMC_RD, .addr = hmc_encode(h, 6, 1, 3, 0), .size = 64, .tag = 5};
  uint64_t c0 = t0 / 800;
  uint64_t local = one(&x, h, &rq, t0);
  tb_expect_u64(&t, "(h) PE local 64 B read ps", local,
                (bank_done(c0 + C.local_cycles, HMC_RD, 64) + C.local_cycles) * 800 - t0);
  t0 += 400000;
  c0 = t0 / 800;
  rq.addr = hmc_encode(h, 9, 1, 3, 0);
  uint64_t remote = one(&x, h, &rq, t0);
  tb_expect_u64(&t, "(h) PE remote 64 B read ps", remote,
                (bank_done(c0 + C.xbar_cycles, HMC_RD, 64) + C.xbar_cycles) * 800 - t0);
  tb_expect_u64(&t, "(h) remote - local ps", remote - local, 2ull * (C.xbar_cycles - C.local_cycles) * 800);
  tb_log(&t, "(h) PE read: local %llu ps, remote %llu ps\n", (unsigned long long)local, (unsigned long long)remote);
  hmc_stats(h, &st);
  tb_expect_u64(&t, "(h) local requests", st.local_reqs, 1);
  tb_expect_u64(&t, "(h) remote requests", st.remote_reqs, 1);
  /* energy of the two PE reads: no link bits; logic bits = (1 + 5) FLITs
   * each; DRAM = 2 bursts of 32 B each; plus the two link reads of (g). */
  tb_expect_u64(&t, "(h) link bits (2 link reads)", st.link_bits, 2 * 6 * 128);
  tb_expect_u64(&t, "(h) logic bits", st.logic_bits, 4 * 6 * 128);
  tb_expect_u64(&t, "(h) DRAM bits", st.dram_bits, 4 * 64 * 8);
  tb_expect_u64(&t, "(h) link energy fJ", (uint64_t)(st.e_link_pj * 1000 + 0.5), 2 * 6 * 128 * 13700ull);
  tb_expect_u64(&t, "(h) DRAM energy fJ", (uint64_t)(st.e_dram_pj * 1000 + 0.5), 4 * 64 * 8 * 3700ull);
  tb_expect_u64(&t, "(h) logic energy fJ", (uint64_t)(st.e_logic_pj * 1000 + 0.5), 4 * 6 * 128 * 6780ull);

  /* (i) bad requests: one line and an error code, nothing accepted */
  hmc_req_t bad = {.port = hmc_port_link(0), .cmd = HMC_RD, .addr = 0, .size = 24};
  tb_expect_u64(&t, "(i) size 24 refused", hmc_send(h, &bad, hmc_now(h)) == HMC_EINVAL, 1);
  bad.size = 64;
  bad.addr = 96;
  tb_expect_u64(&t, "(i) crossing a block refused", hmc_send(h, &bad, hmc_now(h)) == HMC_EINVAL, 1);
  bad.addr = 5ull << 30;
  tb_expect_u64(&t, "(i) beyond capacity refused", hmc_send(h, &bad, hmc_now(h)) == HMC_EADDR, 1);
  bad.addr = 2 << 20;
  bad.flags = HMC_REQ_DATA;
  tb_expect_u64(&t, "(i) data beyond memory refused", hmc_send(h, &bad, hmc_now(h)) == HMC_EADDR, 1);
  bad = (hmc_req_t){.port = hmc_port_link(4), .cmd = HMC_RD, .size = 64};
  tb_expect_u64(&t, "(i) link 4 of 4 refused", hmc_send(h, &bad, hmc_now(h)) == HMC_EINVAL, 1);
  bad = (hmc_req_t){.port = hmc_port_link(0), .cmd = HMC_AMOADD_W, .addr = 2};
  tb_expect_u64(&t, "(i) misaligned atomic refused", hmc_send(h, &bad, hmc_now(h)) == HMC_EINVAL, 1);
  tb_expect_u64(&t, "(i) nothing in flight", hmc_inflight(h), 0);
  hmc_free(h);
  hmc_cfg_t bc = HMC_CFG_DEFAULT;
  bc.vaults = 12;
  tb_expect_u64(&t, "(i) 12 vaults refused", hmc_new(&bc, mem, 1 << 20) == NULL, 1);
  bc = HMC_CFG_DEFAULT;
  bc.lane_mbps = 40000;
  tb_expect_u64(&t, "(i) 40 Gb/s lanes refused", hmc_new(&bc, mem, 1 << 20) == NULL, 1);
  bc = HMC_CFG_DEFAULT;
  bc.t_faw_ps = bc.t_rrd_ps - 1; /* four ACTs cannot take less than one tRRD */
  tb_expect_u64(&t, "(i) tFAW below tRRD refused", hmc_new(&bc, mem, 1 << 20) == NULL, 1);
  /* (j) the largest timings convert to cycles without a 32-bit wrap (issue
   * 20: 4294967295 ps was 0 cycles, a faster and wrong memory) */
  bc = HMC_CFG_DEFAULT;
  bc.t_cl_ps = bc.t_refi_ps = 0xFFFFFFFFu;
  h = hmc_new(&bc, mem, 1 << 20);
  if (h) {
    hmc_timing(h, &T);
    tb_expect_u64(&t, "(j) tCL of 2^32-1 ps in cycles", T.cl, (0xFFFFFFFFull + bc.tck_ps - 1) / bc.tck_ps);
    tb_expect_u64(&t, "(j) tREFI of 2^32-1 ps in cycles", T.refi, (0xFFFFFFFFull + bc.tck_ps - 1) / bc.tck_ps);
    hmc_free(h);
  } else {
    tb_fail(&t, "(j) the largest timings refused\n");
  }

  tb_fst_close(x.w);
  free(mem);
  return tb_finish(&t);
}
