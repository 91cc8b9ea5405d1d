/* hmc_dispatch: the PIM dispatcher with fake PEs on a real HMC model.
 *
 * A fake PE (this file, not the PE model) runs at 500 MHz: on start() it
 * reads its mailbox from the functional memory and, for each i in
 * [first, end), sends AMOADD.W +(ticket) to word i of the launch's array
 * (arg) through its vault's local port, up to 4 outstanding; when all are
 * answered it "executes wfi": hmc_dispatch_pe_halted().  Checks:
 *  - the split of [first, end) over 16 PEs, mailbox by mailbox (hand values
 *    for [100, 217): 117 = 16 x 7 + 5);
 *  - every iteration of every launch ran exactly once (array word == its
 *    ticket), nothing outside the ranges was touched;
 *  - empty and short ranges still start and halt every PE;
 *  - launches queue behind the running one, complete in ticket order, each
 *    exactly once and only after all 16 PEs halted;
 *  - errors: descriptor outside memory, halt of an idle PE, a full queue. */
#include <stdlib.h>
#include <string.h>

#include "hmc.h"
#include "hmc_dispatch.h"
#include "tb.h"
#include "tb_fst.h"

#define MEMSZ (0x10000000u) /* 256 MiB: the mailboxes live at 0x0F000000 */
#define NPE 16
#define PE_PS 2000 /* 500 MHz */

typedef struct {
  int running;
  uint32_t next, end, ticket, arg;
  unsigned outstanding;
} fpe_t;

typedef struct {
  tb_t *t;
  hmc_t *h;
  hmc_dispatch_t *d;
  uint8_t *mem;
  fpe_t pe[NPE];
  uint64_t starts[NPE];
  unsigned done_count[64];
  uint32_t done_order[64];
  unsigned ndone;
} sys_t;

static uint32_t ld32(const uint8_t *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static void st32(uint8_t *p, uint32_t v) {
  for (int i = 0; i < 4; i++, v >>= 8) p[i] = (uint8_t)v;
}

static void pe_start(void *ctx, unsigned pe, uint32_t boot_pc, uint32_t mb, uint64_t t_ps) {
  sys_t *s = ctx;
  (void)t_ps;
  tb_expect_u64(s->t, "boot pc", boot_pc, 0x1000);
  tb_expect_u64(s->t, "mailbox address", mb, 0x0F000000u + 32 * pe);
  fpe_t *f = &s->pe[pe];
  if (f->running) tb_fail(s->t, "PE %u started while running\n", pe);
  f->running = 1;
  f->arg = ld32(s->mem + mb + 4);
  f->next = ld32(s->mem + mb + 8);
  f->end = ld32(s->mem + mb + 12);
  f->ticket = ld32(s->mem + mb + 24);
  f->outstanding = 0;
  s->starts[pe]++;
}

static void on_done(void *ctx, uint32_t ticket, uint64_t t_ps) {
  sys_t *s = ctx;
  (void)t_ps;
  for (unsigned p = 0; p < NPE; p++)
    if (s->pe[p].running) tb_fail(s->t, "ticket %u done while PE %u still runs\n", ticket, p);
  if (ticket < 64) s->done_count[ticket]++;
  if (s->ndone < 64) s->done_order[s->ndone++] = ticket;
}

static void on_resp(void *ctx, const hmc_resp_t *r) {
  sys_t *s = ctx;
  unsigned pe = r->port - hmc_port_pe(0);
  if (!hmc_port_is_pe(r->port) || pe >= NPE || !s->pe[pe].outstanding) {
    tb_fail(s->t, "unexpected response on port %u\n", r->port);
    return;
  }
  s->pe[pe].outstanding--;
}

/* One PE clock: each running fake PE issues its next iteration's AMO. */
static void pe_tick(sys_t *s, uint64_t now) {
  for (unsigned p = 0; p < NPE; p++) {
    fpe_t *f = &s->pe[p];
    if (!f->running) continue;
    if (f->next < f->end && f->outstanding < 4) {
      hmc_req_t rq = {.port = hmc_port_pe(p), .cmd = HMC_AMOADD_W, .addr = f->arg + 4ull * f->next, .tag = f->next,
                      .op = {f->ticket}};
      if (hmc_send(s->h, &rq, now) == HMC_OK) {
        f->next++;
        f->outstanding++;
      }
    } else if (f->next >= f->end && !f->outstanding) {
      f->running = 0; /* wfi */
      hmc_dispatch_pe_halted(s->d, p, now);
    }
  }
}

static int run_until_idle(sys_t *s, uint64_t *now, tb_fst_t *w, int *wv) {
  for (uint64_t g = 0; g < 5000000; g++) {
    *now += PE_PS;
    hmc_advance(s->h, *now);
    hmc_dispatch_advance(s->d, *now);
    pe_tick(s, *now);
    tb_fst_time(w, *now);
    tb_fst_set(w, wv[0], hmc_dispatch_running(s->d));
    tb_fst_set(w, wv[1], s->ndone);
    tb_fst_set(w, wv[2], hmc_inflight(s->h));
    if (!hmc_dispatch_running(s->d) && !hmc_inflight(s->h)) {
      int any = 0;
      for (unsigned p = 0; p < NPE; p++) any |= s->pe[p].running;
      if (!any) return 1;
    }
  }
  tb_fail(s->t, "dispatcher did not become idle within the cycle limit\n");
  return 0;
}

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "hmc_dispatch", 1);
  tb_rng_t rng;
  tb_rng_seed(&rng, t.seed);
  tb_fst_t *w = tb_fst_open(t.waves, "hmc_dispatch");
  int wv[3] = {tb_fst_var(w, "pe_running", 16), tb_fst_var(w, "tickets_done", 8), tb_fst_var(w, "hmc_inflight", 16)};
  static sys_t s;
  s.t = &t;
  s.mem = calloc(1, MEMSZ);
  hmc_cfg_t hc = HMC_CFG_DEFAULT;
  s.h = hmc_new(&hc, s.mem, MEMSZ);
  hmc_set_callback(s.h, on_resp, &s);
  hmc_dispatch_cfg_t dc = HMC_DISPATCH_CFG_DEFAULT;
  dc.max_pending = 4;
  hmc_dispatch_ops_t ops = {pe_start, on_done, &s};
  s.d = hmc_dispatch_new(&dc, &ops, s.mem, MEMSZ);
  if (!s.h || !s.d) {
    tb_fail(&t, "construction failed\n");
    return tb_finish(&t);
  }
  uint64_t now = 0;
  char what[128];

  /* the split itself, by hand: [100, 217) = 117 iterations over 16 PEs */
  static const uint32_t lo_want[16] = {100, 108, 116, 124, 132, 140, 147, 154, 161, 168, 175, 182, 189, 196, 203, 210};
  for (unsigned p = 0; p < 16; p++) {
    uint32_t lo, hi;
    hmc_dispatch_split(100, 217, 16, p, &lo, &hi);
    snprintf(what, sizeof what, "split [100,217) PE %u first", p);
    tb_expect_u64(&t, what, lo, lo_want[p]);
    snprintf(what, sizeof what, "split [100,217) PE %u end", p);
    tb_expect_u64(&t, what, hi, p == 15 ? 217 : lo_want[p + 1]);
  }

  /* launches: descriptors in memory at 0x100000 + 32 k, arrays at 0x200000 + 0x10000 k */
  typedef struct {
    uint32_t first, end;
  } rng_t;
  rng_t R[6] = {{100, 217}, {0, 0}, {3, 10}, {0, 1000}, {50, 40}, {0, 0}};
  R[5].first = (uint32_t)tb_rng_below(&rng, 500);
  R[5].end = R[5].first + (uint32_t)tb_rng_below(&rng, 3000);
  tb_log(&t, "random launch: [%u, %u)\n", R[5].first, R[5].end);
  uint32_t tickets[6];
  /* first: one launch alone, mailboxes checked while it runs */
  for (unsigned k = 0; k < 6; k++) {
    uint32_t da = 0x100000 + 32 * k, arr = 0x200000 + 0x10000 * k;
    uint32_t dw[6] = {0x2000 + k, arr, R[k].first, R[k].end, 7 + k, 0};
    for (int j = 0; j < 6; j++) st32(s.mem + da + 4 * j, dw[j]);
  }
  int rc = hmc_dispatch_launch(s.d, 0x100000, now, &tickets[0]);
  tb_expect_u64(&t, "launch 0 accepted", rc == HMC_OK, 1);
  tb_expect_u64(&t, "first ticket", tickets[0], 1);
  tb_expect_u64(&t, "all 16 PEs running", hmc_dispatch_running(s.d), 0xFFFF);
  for (unsigned p = 0; p < 16; p++) {
    const uint8_t *mb = s.mem + 0x0F000000 + 32 * p;
    uint32_t want[8] = {0x2000, 0x200000, lo_want[p], p == 15 ? 217 : lo_want[p + 1], 7, 0, 1, 0};
    for (int j = 0; j < 8; j++) {
      snprintf(what, sizeof what, "launch 0 PE %u mailbox word %d", p, j);
      tb_expect_u64(&t, what, ld32(mb + 4 * j), want[j]);
    }
  }
  tb_expect_u64(&t, "ticket 1 pending", hmc_dispatch_done(s.d, 1), 0);
  /* the rest queue behind it (4 may wait: the 5th stalls until room) */
  for (unsigned k = 1; k < 5; k++) {
    rc = hmc_dispatch_launch(s.d, 0x100000 + 32 * k, now, &tickets[k]);
    snprintf(what, sizeof what, "launch %u queued", k);
    tb_expect_u64(&t, what, rc == HMC_OK, 1);
  }
  uint32_t tk;
  tb_expect_u64(&t, "5th waiting launch stalls", hmc_dispatch_launch(s.d, 0x100000 + 32 * 5, now, &tk), HMC_STALL);
  tb_expect_u64(&t, "descriptor outside memory", hmc_dispatch_launch(s.d, MEMSZ - 8, now, &tk), (uint64_t)HMC_EADDR);
  run_until_idle(&s, &now, w, wv);
  rc = hmc_dispatch_launch(s.d, 0x100000 + 32 * 5, now, &tickets[5]);
  tb_expect_u64(&t, "random launch accepted", rc == HMC_OK, 1);
  run_until_idle(&s, &now, w, wv);
  tb_expect_u64(&t, "halt of an idle PE refused", hmc_dispatch_pe_halted(s.d, 3, now) == HMC_EINVAL, 1);

  for (unsigned k = 0; k < 6; k++) {
    snprintf(what, sizeof what, "ticket of launch %u", k);
    tb_expect_u64(&t, what, tickets[k], k + 1);
    snprintf(what, sizeof what, "ticket %u completed exactly once", k + 1);
    tb_expect_u64(&t, what, s.done_count[k + 1], 1);
    snprintf(what, sizeof what, "ticket %u done", k + 1);
    tb_expect_u64(&t, what, hmc_dispatch_done(s.d, k + 1), 1);
    snprintf(what, sizeof what, "completion %u in ticket order", k);
    tb_expect_u64(&t, what, s.done_order[k], k + 1);
    /* every iteration ran once: word i == ticket for i in range, 0 around */
    uint32_t arr = 0x200000 + 0x10000 * k, bad = 0;
    for (uint32_t i = 0; i < 0x4000; i++) {
      uint32_t want = (i >= R[k].first && i < R[k].end) ? k + 1 : 0;
      if (ld32(s.mem + arr + 4 * i) != want && bad++ < 3)
        tb_fail(&t, "launch %u word %u = %u, expected %u\n", k, i, ld32(s.mem + arr + 4 * i), want);
    }
    t.checks++;
  }
  tb_expect_u64(&t, "unknown ticket", (uint64_t)(int64_t)hmc_dispatch_done(s.d, 99), (uint64_t)(int64_t)-1);
  for (unsigned p = 0; p < NPE; p++) {
    snprintf(what, sizeof what, "PE %u starts", p);
    tb_expect_u64(&t, what, s.starts[p], 6);
  }
  hmc_dispatch_stats_t ds;
  hmc_dispatch_stats(s.d, &ds);
  uint64_t iters = 0;
  for (unsigned k = 0; k < 6; k++) iters += R[k].end > R[k].first ? R[k].end - R[k].first : 0;
  tb_expect_u64(&t, "iterations", ds.iterations, iters);
  tb_expect_u64(&t, "completed", ds.completed, 6);
  hmc_stats_t hs;
  hmc_stats(s.h, &hs);
  tb_expect_u64(&t, "AMOs through the local ports", hs.reqs[HMC_AMOADD_W], iters);
  tb_log(&t, "%llu iterations on 16 fake PEs: %llu local, %llu remote vault AMOs, %.1f us\n",
         (unsigned long long)iters, (unsigned long long)hs.local_reqs, (unsigned long long)hs.remote_reqs, now / 1e6);

  /* a bad configuration: mailboxes beyond memory */
  hmc_dispatch_cfg_t bad = HMC_DISPATCH_CFG_DEFAULT;
  tb_expect_u64(&t, "mailboxes beyond memory refused", hmc_dispatch_new(&bad, &ops, s.mem, 0x1000000) == NULL, 1);

  hmc_dispatch_free(s.d);
  hmc_free(s.h);
  free(s.mem);
  tb_fst_close(w);
  return tb_finish(&t);
}
