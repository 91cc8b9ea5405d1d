/* The PMC's directed overlap scenarios with hand-computed counters, shared
 * by pmc_overlap (RTL) and fpga_postsynth (the synthesized netlist): the
 * same test against both.
 *
 * Each scenario is a short timeline of per-cycle LLC activity and MSHR
 * events; C model and the Verilated design run it in lockstep and both must
 * end with exactly the counters written here.  Cycle numbers below are
 * scenario-relative. */
#include "pmc_scenarios.h"

#include <string.h>

#define MAXC 160

typedef struct {
  pmc_in_t in[MAXC];
  unsigned len;
} scen_t;

static void scen_init(scen_t *s, unsigned len, uint64_t cores) {
  memset(s, 0, sizeof *s);
  s->len = len;
  for (unsigned t = 0; t < len; t++) s->in[t].enable = cores;
  s->in[0].clear = cores; /* every scenario starts from zero counters */
}
static void hit(scen_t *s, unsigned core, unsigned from, unsigned to) {
  for (unsigned t = from; t <= to; t++) s->in[t].hit_act |= 1ull << core;
}
static void miss(scen_t *s, unsigned core, unsigned from, unsigned to) {
  for (unsigned t = from; t <= to; t++) s->in[t].miss_act |= 1ull << core;
}
/* An MSHR entry outstanding in cycles [from, to]: alloc at from, free at to+1. */
static void mshr(scen_t *s, unsigned core, unsigned idx, unsigned from, unsigned to) {
  s->in[from].mshr_alloc = 1;
  s->in[from].mshr_alloc_idx = idx;
  s->in[from].mshr_alloc_core = core;
  s->in[to + 1].mshr_free = 1;
  s->in[to + 1].mshr_free_idx = idx;
}

static const char *sel_name[] = {"total", "hit", "miss", "pure", "misses", "pure_misses", "win_fill"};

/* want[sel] for sel 0..6 */
static void expect_core(tb_t *t, const char *scen, unsigned core, uint64_t v[][PMC_SEL_WIN_FILL + 1],
                        const uint64_t want[7]) {
  tb_log(t, "%-24s core %u  total %3llu  hit %3llu  miss %3llu  pure %3llu  misses %llu  pure-misses %llu  window %llu\n",
         scen, core, (unsigned long long)v[core][0], (unsigned long long)v[core][1], (unsigned long long)v[core][2],
         (unsigned long long)v[core][3], (unsigned long long)v[core][4], (unsigned long long)v[core][5],
         (unsigned long long)v[core][6]);
  for (unsigned s = 0; s <= PMC_SEL_WIN_FILL; s++) {
    char what[96];
    snprintf(what, sizeof what, "%s: core %u %s", scen, core, sel_name[s]);
    tb_expect_u64(t, what, v[core][s], want[s]);
  }
}

static int run(pmc_pair_t *pp, const scen_t *s, uint64_t v[][PMC_SEL_WIN_FILL + 1]) {
  pmc_out_t out;
  for (unsigned t = 0; t < s->len; t++)
    if (!pmc_pair_step(pp, &s->in[t], &out)) return 0;
  return pmc_pair_read_all(pp, v);
}

void pmc_scenarios_run(pmc_pair_t *pp) {
  tb_t *tp = pp->t;
  static scen_t s;
  uint64_t v[PMC_MAX_CORES][PMC_SEL_WIN_FILL + 1];

  /* (a) The C-AMAT worked example, core 0: five accesses with 3-cycle hit
   * phases.  A1 hit 0-2, A2 hit 1-3, A3 miss: hit 2-4 then miss 5-7, A4 hit
   * 3-5, A5 miss: hit 0-2 then miss 3.  A3's miss cycle 5 overlaps A4's hit
   * phase, 6 and 7 are pure; A5's only miss cycle 3 overlaps A2-A4's hits.
   * Hit cycles 0-5 = 6, miss cycles {3,5,6,7} = 4, pure {6,7} = 2; misses 2,
   * pure misses 1 (A3): pure miss rate 1/5 = 0.2, miss rate 2/5 = 0.4.
   * The flush at cycle 8 (A3's free) makes 9 counted cycles. */
  scen_init(&s, 9, 1);
  hit(&s, 0, 0, 5);
  miss(&s, 0, 3, 3);
  miss(&s, 0, 5, 7);
  mshr(&s, 0, 0, 3, 3); /* A5 */
  mshr(&s, 0, 1, 5, 7); /* A3 */
  s.in[8].flush = 1;
  if (run(pp, &s, v)) {
    expect_core(tp, "(a) C-AMAT example", 0, v, (const uint64_t[]){9, 6, 4, 2, 2, 1, 0});
    const unsigned accesses = 5;
    tb_log(tp, "(a) pure miss rate %u/%u = %.1f, miss rate %u/%u = %.1f\n", (unsigned)v[0][PMC_SEL_PURE_MISSES],
           accesses, (double)v[0][PMC_SEL_PURE_MISSES] / accesses, (unsigned)v[0][PMC_SEL_MISSES], accesses,
           (double)v[0][PMC_SEL_MISSES] / accesses);
  }

  /* (b) A miss fully overlapped by hits: 4 miss cycles, none pure. */
  scen_init(&s, 10, 1);
  hit(&s, 0, 0, 9);
  miss(&s, 0, 3, 6);
  mshr(&s, 0, 5, 3, 6);
  s.in[9].flush = 1;
  if (run(pp, &s, v)) expect_core(tp, "(b) hidden miss", 0, v, (const uint64_t[]){10, 10, 4, 0, 1, 0, 0});

  /* (c) A miss with no hits at all: every miss cycle is pure. */
  scen_init(&s, 7, 1);
  miss(&s, 0, 1, 5);
  mshr(&s, 0, 31, 1, 5);
  s.in[6].flush = 1;
  if (run(pp, &s, v)) expect_core(tp, "(c) exposed miss", 0, v, (const uint64_t[]){7, 0, 5, 5, 1, 1, 0});

  /* (d) Two cores: core 0 hits through cycles 0-7 while core 1's miss is
   * outstanding 2-5 with no hits of its own.  Core 0's hits must not hide
   * core 1's miss: 4 pure cycles and one pure miss for core 1. */
  scen_init(&s, 8, 3);
  hit(&s, 0, 0, 7);
  miss(&s, 1, 2, 5);
  mshr(&s, 1, 3, 2, 5);
  s.in[7].flush = 3;
  if (run(pp, &s, v)) {
    expect_core(tp, "(d) core 0", 0, v, (const uint64_t[]){8, 8, 0, 0, 0, 0, 0});
    expect_core(tp, "(d) core 1", 1, v, (const uint64_t[]){8, 0, 4, 4, 1, 1, 0});
  }

  /* (e) Window rollover and a mid-window flush, core 2: miss activity every
   * cycle, hit activity on cycles divisible by 3.  After 100 cycles only the
   * first window (cycles 0-63) is folded: 22 hit, 64 miss, 42 pure cycles,
   * and 36 cycles sit in the open window.  Then cycles 100-129 with a flush
   * at 129 (the second window folded at 127 by itself): 44 hit cycles of
   * 130, 130 miss, 86 pure. */
  scen_init(&s, 100, 4);
  miss(&s, 2, 0, 99);
  for (unsigned c = 0; c < 100; c += 3) hit(&s, 2, c, c);
  if (run(pp, &s, v)) expect_core(tp, "(e) after 100 cycles", 2, v, (const uint64_t[]){100, 22, 64, 42, 0, 0, 36});
  memset(&s, 0, sizeof s);
  s.len = 30;
  for (unsigned c = 0; c < 30; c++) {
    s.in[c].enable = 4;
    s.in[c].miss_act = 4;
    if ((c + 100) % 3 == 0) s.in[c].hit_act = 4;
  }
  s.in[29].flush = 4;
  if (run(pp, &s, v)) expect_core(tp, "(e) after flush at 129", 2, v, (const uint64_t[]){130, 44, 130, 86, 0, 0, 0});

  /* (f) Disabled cycles count nothing, and a clear restarts from zero in
   * the clearing cycle: core 3 exposed miss for 6 cycles of which only the
   * last 3 are enabled, then flush. */
  memset(&s, 0, sizeof s);
  s.len = 7;
  s.in[0].clear = 8;
  miss(&s, 3, 0, 5);
  for (unsigned c = 3; c < 7; c++) s.in[c].enable = 8;
  s.in[6].flush = 8;
  if (run(pp, &s, v)) expect_core(tp, "(f) enable gating", 3, v, (const uint64_t[]){4, 0, 3, 3, 0, 0, 0});

}
