/* dispatch_dynamic: the PIM dispatcher (csim/hmc/hmc_dispatch.c) with fake
 * PEs on a real HMC model.
 *
 * A fake PE (this file, not the PE model) runs at 500 MHz: started, it
 * grabs; a dynamic grab's work-counter fetch-and-add goes through its
 * vault port and the PE waits for the response; then it runs each
 * iteration of its chunk with a random latency (1..MaxLat PE cycles) and
 * grabs again; "nothing" makes it halt.  Checks:
 *  - the static split by hand ([100, 217) over 16 PEs);
 *  - one launch at a time (concurrent off): completion in ticket order;
 *  - random rounds: sched, place, concurrency and chunk drawn from the
 *    seed, up to 8 launches of random ranges arriving at random times and
 *    overlapping: every iteration of every launch runs exactly once, no
 *    launch completes before all its iterations ran, each exactly once;
 *    a dynamic round sends exactly one counter AMO per chunk through the
 *    HMC; vault placement gives each PE only its own vault's iterations
 *    unless it stole; static never steals;
 *  - errors: a full ring stalls, a descriptor outside memory, a grab or
 *    halt of an idle PE, counters that do not fit. */
#include <stdlib.h>
#include <string.h>

#include "hmc.h"
#include "hmc_dispatch.h"
#include "le.h"
#include "tb.h"
#include "tb_fst.h"

#define MEMSZ (0x10000000u) /* 256 MiB: the work counters live at 0x0F010000 */
#define NPE 16
#define PE_PS 2000 /* 500 MHz */
#define MAXL 8
#define ARR 0x04000000u /* launch k counts its iterations in words at ARR + 0x100000 k */

typedef struct {
  int running, waiting_ctr;
  hmc_grab_t g;
  uint32_t next;
  uint64_t ready; /* PE time the current iteration finishes */
} fpe_t;

typedef struct {
  tb_t *t;
  tb_rng_t *rng;
  hmc_t *h;
  hmc_dispatch_t *d;
  uint8_t *mem;
  fpe_t pe[NPE];
  unsigned max_lat;
  uint32_t first[MAXL + 1], end[MAXL + 1]; /* by ticket - base */
  uint32_t base;                          /* first ticket of the round */
  unsigned done_count[MAXL + 1];
  uint32_t done_order[MAXL + 1];
  unsigned ndone;
  uint64_t starts, ctr_resps;
  unsigned place;
} sys_t;

static unsigned vault_of(void *ctx, uint32_t addr) {
  sys_t *s = ctx;
  hmc_addr_t a;
  hmc_decode(s->h, addr, &a);
  return a.vault;
}

static void pe_start(void *ctx, unsigned pe, uint32_t boot_pc, uint64_t t_ps) {
  sys_t *s = ctx;
  (void)t_ps;
  tb_expect_u64(s->t, "boot pc", boot_pc, 0x1000);
  fpe_t *f = &s->pe[pe];
  if (f->running) tb_fail(s->t, "PE %u started while running\n", pe);
  memset(f, 0, sizeof *f);
  f->running = 1;
  s->starts++;
}

static void on_done(void *ctx, uint32_t ticket, uint64_t t_ps) {
  sys_t *s = ctx;
  (void)t_ps;
  const uint32_t k = ticket - s->base;
  if (k > MAXL) {
    tb_fail(s->t, "unknown ticket %u completed\n", ticket);
    return;
  }
  s->done_count[k]++;
  s->done_order[s->ndone++ % (MAXL + 1)] = ticket;
  for (uint32_t i = s->first[k]; i < s->end[k]; i++)
    if (le_ld32(s->mem + ARR + 0x100000 * k + 4 * i) != 1) {
      tb_fail(s->t, "ticket %u completed before its iteration %u ran\n", ticket, i);
      return;
    }
}

static void on_resp(void *ctx, const hmc_resp_t *r) {
  sys_t *s = ctx;
  unsigned pe = r->port - hmc_port_pe(0);
  if (!hmc_port_is_pe(r->port) || pe >= NPE || !s->pe[pe].waiting_ctr) {
    tb_fail(s->t, "unexpected response on port %u\n", r->port);
    return;
  }
  s->pe[pe].waiting_ctr = 0;
  s->ctr_resps++;
}

/* One PE clock for every running fake PE. */
static void pe_tick(sys_t *s, uint64_t now) {
  for (unsigned p = 0; p < NPE; p++) {
    fpe_t *f = &s->pe[p];
    if (!f->running || f->waiting_ctr || f->ready > now) continue;
    if (f->g.got && f->next < f->g.hi) {
      const uint32_t k = f->g.ticket - s->base, i = f->next++;
      uint8_t *w = s->mem + ARR + 0x100000 * k + 4 * i;
      le_st32(w, le_ld32(w) + 1);
      if (s->place == HMC_PLACE_VAULT && !f->g.stolen && vault_of(s, f->g.arg + 4 * i) % NPE != p)
        tb_fail(s->t, "PE %u ran iteration %u of ticket %u from another vault without stealing\n", p, i, f->g.ticket);
      f->ready = now + PE_PS * (1 + tb_rng_below(s->rng, s->max_lat));
      continue;
    }
    if (hmc_dispatch_grab(s->d, p, now, &f->g)) tb_fail(s->t, "grab of running PE %u refused\n", p);
    f->next = f->g.lo;
    if (!f->g.got) {
      f->running = 0; /* wfi */
      hmc_dispatch_pe_halted(s->d, p, now);
      continue;
    }
    if (f->g.ctr_addr) {
      hmc_req_t rq = {.port = hmc_port_pe(p), .cmd = HMC_AMOADD_W, .addr = f->g.ctr_addr, .tag = p,
                      .op = {f->g.hi - f->g.lo}};
      if (hmc_send(s->h, &rq, now) != HMC_OK) tb_fail(s->t, "counter AMO of PE %u refused\n", p);
      f->waiting_ctr = 1;
    }
  }
}

static int idle(const sys_t *s) {
  if (hmc_dispatch_pending(s->d) || hmc_inflight(s->h)) return 0;
  for (unsigned p = 0; p < NPE; p++)
    if (s->pe[p].running) return 0;
  return 1;
}

static void step(sys_t *s, uint64_t *now, tb_fst_t *w, const int *wv) {
  *now += PE_PS;
  hmc_advance(s->h, *now);
  hmc_dispatch_advance(s->d, *now);
  pe_tick(s, *now);
  unsigned run = 0;
  for (unsigned p = 0; p < NPE; p++) run |= (unsigned)s->pe[p].running << p;
  tb_fst_time(w, *now);
  tb_fst_set(w, wv[0], run);
  tb_fst_set(w, wv[1], hmc_dispatch_active(s->d));
  tb_fst_set(w, wv[2], s->ndone);
}

static sys_t *sys_make(tb_t *t, tb_rng_t *rng, uint8_t *mem, const hmc_dispatch_cfg_t *dc) {
  static sys_t s;
  memset(&s, 0, sizeof s);
  s.t = t;
  s.rng = rng;
  s.mem = mem;
  s.place = dc->place;
  hmc_cfg_t hc = HMC_CFG_DEFAULT;
  s.h = hmc_new(&hc, mem, MEMSZ);
  hmc_set_callback(s.h, on_resp, &s);
  hmc_dispatch_ops_t ops = {pe_start, on_done, vault_of, &s};
  s.d = hmc_dispatch_new(dc, &ops, mem, MEMSZ);
  s.base = 1;
  return &s;
}

static void sys_drop(sys_t *s) {
  hmc_dispatch_free(s->d);
  hmc_free(s->h);
}

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "dispatch_dynamic", 1);
  tb_rng_t rng;
  tb_rng_seed(&rng, t.seed);
  tb_fst_t *w = tb_fst_open(t.waves, "dispatch_dynamic");
  const int wv[3] = {tb_fst_var(w, "pe_running", 16), tb_fst_var(w, "launches_active", 8), tb_fst_var(w, "done", 8)};
  uint8_t *mem = calloc(1, MEMSZ);
  char what[160];
  uint64_t now = 0;

  /* the static split by hand: [100, 217) = 117 iterations over 16 PEs */
  static const uint32_t lo_want[16] = {100, 108, 116, 124, 132, 140, 147, 154, 161, 168, 175, 182, 189, 196, 203, 210};
  for (unsigned p = 0; p < 16; p++) {
    uint32_t lo, hi;
    hmc_dispatch_split(100, 217, 16, p, &lo, &hi);
    snprintf(what, sizeof what, "split [100,217) PE %u", p);
    tb_expect_u64(&t, what, (uint64_t)lo << 32 | hi, (uint64_t)lo_want[p] << 32 | (p == 15 ? 217 : lo_want[p + 1]));
  }

  const unsigned rounds = (unsigned)tb_len(&t, 24);
  uint64_t total_iters = 0, total_chunks = 0;
  for (unsigned round = 0; round <= rounds; round++) {
    hmc_dispatch_cfg_t dc = HMC_DISPATCH_CFG_DEFAULT;
    /* round 0: static, one launch at a time (ticket-order completion) */
    dc.sched = round ? (unsigned)tb_rng_below(&rng, 2) : HMC_SCHED_STATIC;
    dc.concurrent = round ? (unsigned)tb_rng_below(&rng, 2) : 0;
    dc.place = round ? (unsigned)tb_rng_below(&rng, 2) : HMC_PLACE_RANGE;
    dc.chunk = 1 + (unsigned)tb_rng_below(&rng, 40);
    dc.max_pending = MAXL;
    dc.start_delay_ps = tb_rng_below(&rng, 3) * 10000;
    memset(mem + ARR, 0, 0x100000 * (MAXL + 1));
    sys_t *s = sys_make(&t, &rng, mem, &dc);
    if (!s->h || !s->d) {
      tb_fail(&t, "construction failed\n");
      break;
    }
    s->max_lat = 1 + (unsigned)tb_rng_below(&rng, 60);
    const unsigned nl = 1 + (unsigned)tb_rng_below(&rng, MAXL);
    uint64_t iters = 0;
    for (unsigned k = 0; k < nl; k++) {
      const int small = tb_rng_chance(&rng, 1, 4);
      s->first[k] = (uint32_t)tb_rng_below(&rng, 200);
      s->end[k] = s->first[k] + (uint32_t)tb_rng_below(&rng, small ? 20 : 3000);
      iters += s->end[k] - s->first[k];
      /* the descriptor: entry, arg (= the launch's array: the primary element), range, loop, flags, prim */
      const uint32_t da = 0x100000 + 32 * k, arr = ARR + 0x100000 * k;
      const uint32_t dw[8] = {0x2000 + k, arr, s->first[k], s->end[k], 7 + k, 0, arr, 4};
      for (int j = 0; j < 8; j++) le_st32(mem + da + 4 * j, dw[j]);
    }
    tb_log(&t, "round %u: sched %u concurrent %u place %u chunk %u lat 1..%u: %u launches, %llu iterations\n", round,
           dc.sched, dc.concurrent, dc.place, dc.chunk, s->max_lat, nl, (unsigned long long)iters);
    /* launches arrive at random times while earlier ones run */
    unsigned launched = 0;
    for (uint64_t g = 0; g < 20000000 && !(launched == nl && idle(s)); g++) {
      if (launched < nl && tb_rng_chance(&rng, 1, 200)) {
        uint32_t tk;
        if (hmc_dispatch_launch(s->d, 0x100000 + 32 * launched, now, &tk) != HMC_OK)
          tb_fail(&t, "round %u: launch %u refused\n", round, launched);
        tb_expect_u64(&t, "ticket", tk, s->base + launched);
        launched++;
      }
      step(s, &now, w, wv);
    }
    if (!idle(s)) tb_fail(&t, "round %u: the dispatcher did not become idle\n", round);
    hmc_dispatch_stats_t ds;
    hmc_dispatch_stats(s->d, &ds);
    for (unsigned k = 0; k < nl; k++) {
      snprintf(what, sizeof what, "round %u: ticket %u completed exactly once", round, s->base + k);
      tb_expect_u64(&t, what, s->done_count[k], 1);
      unsigned bad = 0;
      for (uint32_t i = 0; i < s->end[k] + 64; i++) {
        const uint32_t want = i >= s->first[k] && i < s->end[k], got = le_ld32(mem + ARR + 0x100000 * k + 4 * i);
        if (got != want && bad++ < 3)
          tb_fail(&t, "round %u: launch %u iteration %u ran %u times, expected %u\n", round, k, i, got, want);
      }
      t.checks++;
    }
    if (!dc.concurrent)
      for (unsigned k = 0; k < nl; k++) {
        snprintf(what, sizeof what, "round %u: one at a time: completion %u in ticket order", round, k);
        tb_expect_u64(&t, what, s->done_order[k], s->base + k);
      }
    if (!dc.concurrent) tb_expect_u64(&t, "one launch active at a time", ds.max_active <= 1, 1);
    tb_expect_u64(&t, "iterations counted", ds.iterations, iters);
    tb_expect_u64(&t, "completed", ds.completed, nl);
    if (dc.sched == HMC_SCHED_DYNAMIC) {
      tb_expect_u64(&t, "counter AMOs answered by the HMC", s->ctr_resps, ds.chunks);
    } else {
      tb_expect_u64(&t, "static: no counter AMO", s->ctr_resps, 0);
      tb_expect_u64(&t, "static: no steal", ds.steals, 0);
    }
    total_iters += iters;
    total_chunks += ds.chunks;
    if (round == rounds) {
      /* errors, on the last round's dispatcher */
      uint32_t tk;
      unsigned n = 0;
      while (hmc_dispatch_launch(s->d, 0x100000, now, &tk) == HMC_OK) n++;
      tb_expect_u64(&t, "a full ring stalls after max_pending launches", n, MAXL);
      tb_expect_u64(&t, "descriptor outside memory", hmc_dispatch_launch(s->d, MEMSZ - 8, now, &tk),
                    (uint64_t)HMC_EADDR);
      hmc_grab_t g;
      tb_expect_u64(&t, "grab of an idle PE refused", hmc_dispatch_grab(s->d, 3, now, &g) == HMC_EINVAL, 1);
      tb_expect_u64(&t, "halt of an idle PE refused", hmc_dispatch_pe_halted(s->d, 3, now) == HMC_EINVAL, 1);
      tb_expect_u64(&t, "unknown ticket", (uint64_t)(int64_t)hmc_dispatch_done(s->d, 999), (uint64_t)(int64_t)-1);
    }
    sys_drop(s);
  }
  tb_log(&t, "%u rounds, %llu iterations in %llu chunks, %.1f us simulated\n", rounds + 1,
         (unsigned long long)total_iters, (unsigned long long)total_chunks, now / 1e6);

  hmc_dispatch_cfg_t bad = HMC_DISPATCH_CFG_DEFAULT;
  hmc_dispatch_ops_t ops = {pe_start, on_done, vault_of, NULL};
  tb_expect_u64(&t, "counters beyond memory refused", hmc_dispatch_new(&bad, &ops, mem, 0x1000000) == NULL, 1);
  bad.chunk = 0;
  tb_expect_u64(&t, "chunk 0 refused", hmc_dispatch_new(&bad, &ops, mem, MEMSZ) == NULL, 1);
  free(mem);
  tb_fst_close(w);
  return tb_finish(&t);
}
