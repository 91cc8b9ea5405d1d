/* pmc_stream_equiv: the windowed HCT/MCT counters equal a plain per-cycle
 * count of the streaming definitions (SPEC section 3) at every flush.
 *
 * Stimulus looks like an LLC: per core, accesses start at random, each with
 * a HitLat-cycle hit phase; some are misses that then hold an MSHR entry for
 * a random latency (at most one alloc and one free per cycle, as in the
 * port contract).  hit_act/miss_act are derived from those accesses.  The
 * reference below counts per cycle with no windows at all.
 *
 * After a flush of core c in cycle t the C model is compared in full right
 * away, and the RTL through its read port in cycle t+1 (one counter,
 * rotating); every 8th flush the core pauses (enable low) for 7 cycles while
 * the RTL's every counter is read.  RTL and C are also in lockstep on every
 * port every cycle.  Several seeds, each for the full length. */
#include <string.h>

#include "pmc_pair.h"

#define HIT_LAT 3
#define NSEL 7

typedef struct {
  uint64_t v[NSEL]; /* indexed by PMC_SEL_* */
} ref_core_t;

typedef struct {
  unsigned nc, nm;
  ref_core_t core[PMC_MAX_CORES];
  uint8_t valid[PMC_MAX_MSHR], flag[PMC_MAX_MSHR];
  unsigned owner[PMC_MAX_MSHR];
} ref_t;

static unsigned bit(uint64_t v, unsigned i) { return (unsigned)(v >> i) & 1u; }

/* The streaming definition, one cycle. */
static void ref_step(ref_t *r, const pmc_in_t *in) {
  for (unsigned c = 0; c < r->nc; c++) {
    ref_core_t *k = &r->core[c];
    if (bit(in->clear, c)) memset(k, 0, sizeof *k);
    if (!bit(in->enable, c)) continue;
    unsigned h = bit(in->hit_act, c), m = bit(in->miss_act, c);
    k->v[PMC_SEL_TOTAL]++;
    k->v[PMC_SEL_HIT] += h;
    k->v[PMC_SEL_MISS] += m;
    k->v[PMC_SEL_PURE] += m && !h;
  }
  for (unsigned e = 0; e < r->nm; e++)
    if (bit(in->clear, r->owner[e])) r->flag[e] = 0;
  if (in->mshr_free && r->valid[in->mshr_free_idx]) {
    unsigned e = in->mshr_free_idx, o = r->owner[e];
    if (r->flag[e] && bit(in->enable, o)) r->core[o].v[PMC_SEL_PURE_MISSES]++;
    r->valid[e] = 0;
  }
  if (in->mshr_alloc) {
    unsigned e = in->mshr_alloc_idx, o = in->mshr_alloc_core;
    if (bit(in->enable, o)) r->core[o].v[PMC_SEL_MISSES]++;
    r->valid[e] = 1;
    r->owner[e] = o;
    r->flag[e] = 0;
  }
  /* A miss is pure if outstanding in a pure miss cycle of its core. */
  for (unsigned e = 0; e < r->nm; e++) {
    unsigned o = r->owner[e];
    if (r->valid[e] && bit(in->enable, o) && bit(in->miss_act, o) && !bit(in->hit_act, o)) r->flag[e] = 1;
  }
}

/* The LLC-like stimulus generator. */
typedef struct {
  unsigned nc, nm;
  uint64_t now;
  uint64_t hit_until[PMC_MAX_CORES];
  uint32_t p_acc[PMC_MAX_CORES], p_miss[PMC_MAX_CORES]; /* per 1024 */
  unsigned max_lat;
  /* misses waiting for an MSHR: core and the cycle their hit phase ends */
  unsigned pend_core[256];
  uint64_t pend_at[256];
  unsigned npend;
  uint8_t busy[PMC_MAX_MSHR];
  unsigned owner[PMC_MAX_MSHR];
  uint64_t done_at[PMC_MAX_MSHR];
} gen_t;

static void gen_phase(gen_t *g, tb_rng_t *r) {
  for (unsigned c = 0; c < g->nc; c++) {
    g->p_acc[c] = (uint32_t)tb_rng_below(r, 1024);
    g->p_miss[c] = (uint32_t)tb_rng_below(r, 1024);
  }
  g->max_lat = 1 + (unsigned)tb_rng_below(r, 120);
}

static void gen_cycle(gen_t *g, tb_rng_t *r, pmc_in_t *in) {
  const uint64_t t = g->now;
  for (unsigned c = 0; c < g->nc; c++) {
    if (!tb_rng_chance(r, g->p_acc[c], 1024)) continue;
    if (g->hit_until[c] < t + HIT_LAT) g->hit_until[c] = t + HIT_LAT;
    if (tb_rng_chance(r, g->p_miss[c], 1024) && g->npend < 256) {
      g->pend_core[g->npend] = c;
      g->pend_at[g->npend++] = t + HIT_LAT;
    }
  }
  /* One free per cycle: the oldest finished entry. */
  int fe = -1;
  for (unsigned e = 0; e < g->nm; e++)
    if (g->busy[e] && g->done_at[e] <= t && (fe < 0 || g->done_at[e] < g->done_at[fe])) fe = (int)e;
  if (fe >= 0) {
    in->mshr_free = 1;
    in->mshr_free_idx = (unsigned)fe;
    g->busy[fe] = 0;
  }
  /* One alloc per cycle: the oldest miss whose hit phase is over; the entry
   * just freed may be reused in the same cycle. */
  if (g->npend && g->pend_at[0] <= t) {
    unsigned start = (unsigned)tb_rng_below(r, g->nm);
    for (unsigned n = 0; n < g->nm; n++) {
      unsigned e = (start + n) % g->nm;
      if (g->busy[e]) continue;
      in->mshr_alloc = 1;
      in->mshr_alloc_idx = e;
      in->mshr_alloc_core = g->pend_core[0];
      g->busy[e] = 1;
      g->owner[e] = g->pend_core[0];
      g->done_at[e] = t + 1 + tb_rng_below(r, g->max_lat);
      memmove(g->pend_core, g->pend_core + 1, --g->npend * sizeof g->pend_core[0]);
      memmove(g->pend_at, g->pend_at + 1, g->npend * sizeof g->pend_at[0]);
      break;
    }
  }
  for (unsigned c = 0; c < g->nc; c++)
    if (g->hit_until[c] > t) in->hit_act |= 1ull << c;
  for (unsigned e = 0; e < g->nm; e++)
    if (g->busy[e]) in->miss_act |= 1ull << g->owner[e];
  g->now++;
}

static const char *sel_name[NSEL] = {"total", "hit", "miss", "pure", "misses", "pure_misses", "win_fill"};

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "pmc_stream_equiv", 42);
  const uint64_t cycles = tb_len(&t, 1000000);
  const unsigned nseeds = 4;
  pmc_pair_t pp;
  if (!pmc_pair_open(&pp, &t)) return 2;
  const unsigned nc = pp.cfg.num_cores, nm = pp.cfg.num_mshr;
  unsigned long flushes = 0, pure_total = 0;

  for (unsigned s = 0; s < nseeds && !pp.diverged; s++) {
    const uint64_t seed = t.seed + s;
    tb_rng_t r;
    tb_rng_seed(&r, seed);
    static gen_t g;
    static ref_t ref;
    memset(&g, 0, sizeof g);
    memset(&ref, 0, sizeof ref);
    g.nc = ref.nc = nc;
    g.nm = ref.nm = nm;
    gen_phase(&g, &r);
    /* Per core: next flush, pause-read countdown, rotating read select. */
    uint64_t next_flush[PMC_MAX_CORES], enable = 0;
    unsigned pause[PMC_MAX_CORES] = {0}, rot[PMC_MAX_CORES] = {0}, nflush[PMC_MAX_CORES] = {0};
    int check_next[PMC_MAX_CORES] = {0};
    ref_core_t snap[PMC_MAX_CORES];
    for (unsigned c = 0; c < nc; c++) next_flush[c] = 50 + tb_rng_below(&r, 3000);
    pmc_in_t in;
    pmc_out_t out;
    for (uint64_t cyc = 0; cyc < cycles; cyc++) {
      if (cyc % 20000 == 0) gen_phase(&g, &r);
      memset(&in, 0, sizeof in);
      gen_cycle(&g, &r, &in);
      if (cyc == 0) in.clear = (1ull << nc) - 1, enable = in.clear;
      for (unsigned c = 0; c < nc; c++) {
        in.rd_sel[c] = (uint8_t)tb_rng_below(&r, 8);
        if (pause[c]) continue;
        if (tb_rng_chance(&r, 1, 50000)) in.clear |= 1ull << c;
        if (tb_rng_chance(&r, 1, 20000)) enable ^= 1ull << c;
        if (cyc >= next_flush[c]) {
          in.flush |= 1ull << c;
          next_flush[c] = cyc + 1 + tb_rng_below(&r, 3000);
        }
      }
      /* Read-backs of the RTL after a flush (state after the flush edge). */
      uint64_t en = enable;
      for (unsigned c = 0; c < nc; c++) {
        if (pause[c]) {
          en &= ~(1ull << c);
          in.rd_sel[c] = (uint8_t)(NSEL - pause[c]);
        } else if (check_next[c]) {
          in.rd_sel[c] = (uint8_t)(rot[c]++ % NSEL);
        }
      }
      in.enable = en;
      if (!pmc_pair_step(&pp, &in, &out)) break;
      for (unsigned c = 0; c < nc; c++) {
        if (pause[c] || check_next[c]) {
          unsigned sel = in.rd_sel[c];
          char what[80];
          snprintf(what, sizeof what, "seed %llu cycle %llu core %u rtl %s", (unsigned long long)seed,
                   (unsigned long long)cyc, c, sel_name[sel]);
          tb_expect_u64(&t, what, out.rd_data[c], snap[c].v[sel]);
          check_next[c] = 0;
          if (pause[c]) pause[c]--;
        }
      }
      ref_step(&ref, &in);
      for (unsigned c = 0; c < nc; c++) {
        if (!bit(in.flush, c)) continue;
        flushes++;
        snap[c] = ref.core[c];
        snap[c].v[PMC_SEL_WIN_FILL] = 0;
        for (unsigned sel = 0; sel < NSEL; sel++) {
          char what[80];
          snprintf(what, sizeof what, "seed %llu cycle %llu core %u c-model %s", (unsigned long long)seed,
                   (unsigned long long)cyc, c, sel_name[sel]);
          tb_expect_u64(&t, what, pmc_read(pp.c, c, sel), snap[c].v[sel]);
        }
        if (++nflush[c] % 8 == 0) pause[c] = NSEL;
        else check_next[c] = 1;
      }
      if (t.failures > 10) break;
    }
    for (unsigned c = 0; c < nc; c++) pure_total += (unsigned long)ref.core[c].v[PMC_SEL_PURE];
    tb_log(&t, "seed %llu: %llu cycles, core 0 total %llu hit %llu miss %llu pure %llu misses %llu pure-misses %llu\n",
           (unsigned long long)seed, (unsigned long long)cycles, (unsigned long long)ref.core[0].v[0],
           (unsigned long long)ref.core[0].v[1], (unsigned long long)ref.core[0].v[2],
           (unsigned long long)ref.core[0].v[3], (unsigned long long)ref.core[0].v[4],
           (unsigned long long)ref.core[0].v[5]);
  }
  /* A stimulus with no pure cycles would prove nothing. */
  if (pure_total == 0) tb_fail(&t, "stimulus produced no pure miss cycles\n");
  tb_log(&t, "%lu flushes checked\n", flushes);
  pmc_pair_close(&pp);
  return tb_finish(&t);
}
