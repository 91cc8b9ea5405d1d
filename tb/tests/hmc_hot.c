/* hmc_hot: the HMC's hot-address summary (csim/hmc/hmc_hot.h) against a
 * naive Space-Saving written here, which scans the 64 slots on every
 * request.  hmc_hot_add keeps an index (hmc_hot_ix_t: a probe table of the
 * held addresses, the smallest count and the slots at it) that must change
 * no result, and the statistics and kernel_hotspots only see the top of the
 * summary, so a wrong replacement or an index out of step with its table
 * would otherwise go unnoticed.
 *
 * Random streams of four shapes (--seed N picks them):
 *  - few: 1..63 distinct addresses, so no slot is ever replaced;
 *  - zipf: thousands of distinct addresses with a Zipf-like skew;
 *  - ties: round-robin over 65..130 addresses, in a fixed order or a fresh
 *    one every round, so the smallest count is shared by many slots nearly
 *    always and only "the lowest slot at it" decides;
 *  - collide: round-robin over 65..130 or Zipf over hundreds of addresses
 *    that differ only in bits 40..63, in half of the streams chosen to share
 *    four home buckets across the probe table's wrap, so probe runs are long
 *    and a replacement's backward shift crosses the wrap.
 * After every request the table (n, every slot's addr, count and err) must
 * equal the reference's; the first difference ends its shape with the step,
 * the slot and both values.  At checkpoints the documented guarantees hold
 * against exact counts for N requests so far: every address seen more than
 * N / 64 times is held, a held one's count - err <= true <= count, err <=
 * N / 64; and hmc_hot_sorted returns the n held entries, count descending,
 * ties lower address first, writing nothing past them. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hmc_hot.h"
#include "tb.h"

#define K HMC_HOT_K
#define MAXD 8192

/* The specification, slot by slot: a held address is counted; else the
 * next free slot; else the lowest slot at the smallest count, at c + 1 with
 * err c.  Returns how many slots were at that count when one was replaced
 * (0 when none was), so that the streams can show they make ties. */
static unsigned ref_add(hmc_hot_t *r, uint64_t addr) {
  for (unsigned i = 0; i < r->n; i++)
    if (r->e[i].addr == addr) {
      r->e[i].count++;
      return 0;
    }
  if (r->n < K) {
    r->e[r->n++] = (hmc_hot_ent_t){addr, 1, 0};
    return 0;
  }
  unsigned m = 0, at_min = 1;
  for (unsigned i = 1; i < K; i++) {
    if (r->e[i].count < r->e[m].count) m = i, at_min = 0;
    at_min += r->e[i].count == r->e[m].count;
  }
  const uint64_t c = r->e[m].count;
  r->e[m] = (hmc_hot_ent_t){addr, c + 1, c};
  return at_min;
}

/* What a shape's streams exercised, for the log and the checks that they
 * did. */
typedef struct {
  uint64_t requests, replaced, tied, heavy;
  unsigned max_run;
} tally_t;

typedef enum { FEW, ZIPF, TIES, COLLIDE } shape_t;

typedef enum { PICK_UNIFORM, PICK_ZIPF, PICK_ROUND } pick_t;

typedef struct {
  uint64_t addr;
  unsigned k;
} addr_key_t;

typedef struct {
  unsigned d;             /* distinct addresses */
  uint64_t addr[MAXD];    /* address k */
  uint64_t truth[MAXD];   /* requests to address k so far */
  addr_key_t by_addr[MAXD]; /* addr[] sorted, to find a held address's k */
  double cdf[MAXD];       /* zipf: cumulative weight of ranks 0..k */
  unsigned order[MAXD];   /* round: this round's order */
  unsigned pos, reshuffle;
  pick_t pick;
  uint64_t n;             /* requests so far */
  hmc_hot_t t, ref;
  hmc_hot_ix_t ix;
  unsigned held_stamp[MAXD];
  unsigned max_run;       /* the index's longest probe run seen */
} stream_t;

static stream_t S;

static double unit(tb_rng_t *g) { return (double)(tb_rng_next(g) >> 11) * 0x1p-53; }

/* hmc_hot.c's home bucket, copied only to aim the collide shape's addresses;
 * the longest-run check below notices when the two part. */
static unsigned home_copy(uint64_t a) { return (unsigned)((a * 0x9E3779B97F4A7C15ull) >> 56) & (HMC_HOT_HASH - 1u); }

static int by_addr(const void *a, const void *b) {
  const addr_key_t *x = a, *y = b;
  return x->addr < y->addr ? -1 : x->addr > y->addr;
}

/* d distinct addresses from gen (the collide shape's few hundred from 2^18
 * draw a duplicate about every other stream: those are drawn again); 0 when
 * it cannot find them. */
static int fill_addrs(stream_t *s, tb_rng_t *g, uint64_t (*gen)(tb_rng_t *, uint64_t), uint64_t arg) {
  for (unsigned k = 0; k < s->d; k++) s->addr[k] = gen(g, arg);
  for (unsigned tries = 0; tries < 16; tries++) {
    for (unsigned k = 0; k < s->d; k++) s->by_addr[k] = (addr_key_t){s->addr[k], k};
    qsort(s->by_addr, s->d, sizeof s->by_addr[0], by_addr);
    unsigned dup = 0;
    for (unsigned k = 1; k < s->d; k++)
      if (s->by_addr[k].addr == s->by_addr[k - 1].addr) {
        s->addr[s->by_addr[k].k] = gen(g, arg);
        dup = 1;
      }
    if (!dup) return 1;
  }
  return 0;
}

static uint64_t gen_line(tb_rng_t *g, uint64_t words) { return tb_rng_below(g, 1ull << 26) * (words ? 8 : 64); }
static uint64_t gen_high(tb_rng_t *g, uint64_t low) { return low | tb_rng_below(g, 1ull << 24) << 40; }
/* Homes 254, 255, 0, 1: a run of 64 held addresses wraps the table. */
static uint64_t gen_collide(tb_rng_t *g, uint64_t low) {
  for (;;) {
    const uint64_t a = gen_high(g, low);
    if (((home_copy(a) + 2) & (HMC_HOT_HASH - 1u)) < 4) return a;
  }
}

static void shuffle(tb_rng_t *g, unsigned *v, unsigned n) {
  for (unsigned i = n; i > 1; i--) {
    const unsigned j = (unsigned)tb_rng_below(g, i), x = v[i - 1];
    v[i - 1] = v[j];
    v[j] = x;
  }
}

static void zipf_init(stream_t *s, tb_rng_t *g) {
  const double e = 0.8 + 0.5 * unit(g);
  double sum = 0;
  for (unsigned k = 0; k < s->d; k++) s->cdf[k] = sum += pow(k + 1.0, -e);
  for (unsigned k = 0; k < s->d; k++) s->cdf[k] /= sum;
  s->pick = PICK_ZIPF;
}

static void round_init(stream_t *s, tb_rng_t *g, unsigned reshuffle) {
  for (unsigned k = 0; k < s->d; k++) s->order[k] = k;
  s->reshuffle = reshuffle;
  if (reshuffle) shuffle(g, s->order, s->d);
  s->pick = PICK_ROUND;
}

static unsigned next_k(stream_t *s, tb_rng_t *g) {
  if (s->pick == PICK_ZIPF) {
    const double u = unit(g);
    unsigned lo = 0, hi = s->d - 1;
    while (lo < hi) {
      const unsigned mid = (lo + hi) / 2;
      if (s->cdf[mid] > u) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
  if (s->pick == PICK_UNIFORM) return (unsigned)tb_rng_below(g, s->d);
  if (s->pos == s->d) {
    s->pos = 0;
    if (s->reshuffle) shuffle(g, s->order, s->d);
  }
  return s->order[s->pos++];
}

/* Sets up stream i of a shape; returns its length. */
static uint64_t stream_init(stream_t *s, tb_rng_t *g, shape_t shape, unsigned i) {
  memset(s, 0, sizeof *s);
  uint64_t len = 20000;
  int ok = 1;
  switch (shape) {
  case FEW:
    s->d = i == 0 ? 1 : i == 1 ? K - 1 : 1 + (unsigned)tb_rng_below(g, K - 1);
    ok = fill_addrs(s, g, gen_line, i & 1);
    if (i & 2) zipf_init(s, g);
    break;
  case ZIPF:
    s->d = 1000 + (unsigned)tb_rng_below(g, MAXD - 1000 + 1);
    ok = fill_addrs(s, g, gen_line, i & 1);
    zipf_init(s, g);
    len = 100000;
    break;
  case TIES:
    s->d = i == 0 ? K + 1 : i == 1 ? 2 * K + 2 : K + 1 + (unsigned)tb_rng_below(g, K + 2);
    ok = fill_addrs(s, g, gen_line, i & 1);
    round_init(s, g, i >= 2 && (i & 2));
    break;
  case COLLIDE: {
    const uint64_t low = tb_rng_below(g, 1ull << 34) * 64;
    if (i & 2) {
      s->d = 200 + (unsigned)tb_rng_below(g, 800);
      ok = fill_addrs(s, g, i & 1 ? gen_collide : gen_high, low);
      zipf_init(s, g);
      len = 50000;
    } else {
      s->d = K + 1 + (unsigned)tb_rng_below(g, K + 2);
      ok = fill_addrs(s, g, i & 1 ? gen_collide : gen_high, low);
      round_init(s, g, 1);
    }
    break;
  }
  default:
    break;
  }
  return ok ? len : 0;
}

/* 1 + the first slot that differs, K + 1 when n does, 0 when the tables are equal. */
static unsigned table_diff(const hmc_hot_t *a, const hmc_hot_t *b) {
  if (a->n != b->n) return K + 1;
  for (unsigned i = 0; i < K; i++)
    if (a->e[i].addr != b->e[i].addr || a->e[i].count != b->e[i].count || a->e[i].err != b->e[i].err) return i + 1;
  return 0;
}

static unsigned longest_run(const hmc_hot_ix_t *ix) {
  unsigned best = 0, run = 0;
  for (unsigned i = 0; i < 2 * HMC_HOT_HASH; i++) { /* twice round: a run may wrap */
    run = ix->slot[i % HMC_HOT_HASH] ? run + 1 : 0;
    best = run > best ? run : best;
  }
  return best > HMC_HOT_HASH ? HMC_HOT_HASH : best;
}

/* The documented guarantees and hmc_hot_sorted at N = s->n; 0 on failure. */
static int check_guarantees(tb_t *t, stream_t *s, const char *what, tally_t *y) {
  const hmc_hot_t *h = &s->t;
  const uint64_t n = s->n;
  const unsigned stamp = (unsigned)n;
  for (unsigned i = 0; i < h->n; i++) {
    const hmc_hot_ent_t *e = &h->e[i];
    const addr_key_t key = {e->addr, 0}, *f = bsearch(&key, s->by_addr, s->d, sizeof key, by_addr);
    t->checks++;
    if (!f) {
      tb_fail(t, "%s N %llu: slot %u holds 0x%llx, never requested\n", what, (unsigned long long)n, i,
              (unsigned long long)e->addr);
      return 0;
    }
    const uint64_t tr = s->truth[f->k];
    s->held_stamp[f->k] = stamp;
    if (e->err > e->count || e->count - e->err > tr || tr > e->count || e->err * K > n) {
      tb_fail(t,
              "%s N %llu: slot %u 0x%llx count %llu err %llu, true count %llu: "
              "want count - err <= true <= count, err <= N/%u\n",
              what, (unsigned long long)n, i, (unsigned long long)e->addr, (unsigned long long)e->count,
              (unsigned long long)e->err, (unsigned long long)tr, K);
      return 0;
    }
  }
  for (unsigned k = 0; k < s->d; k++) {
    if (s->truth[k] * K <= n) continue;
    t->checks++;
    y->heavy++;
    if (s->held_stamp[k] != stamp) {
      tb_fail(t, "%s N %llu: 0x%llx requested %llu times (> N/%u) is not held\n", what, (unsigned long long)n,
              (unsigned long long)s->addr[k], (unsigned long long)s->truth[k], K);
      return 0;
    }
  }

  hmc_hot_ent_t out[K];
  memset(out, 0xa5, sizeof out);
  const unsigned r = hmc_hot_sorted(h, out);
  t->checks++;
  if (r != h->n) {
    tb_fail(t, "%s N %llu: hmc_hot_sorted returned %u entries, %u held\n", what, (unsigned long long)n, r, h->n);
    return 0;
  }
  for (unsigned i = 0; i < K; i++) {
    t->checks++;
    if (i >= r) {
      hmc_hot_ent_t canary;
      memset(&canary, 0xa5, sizeof canary);
      if (memcmp(&out[i], &canary, sizeof canary)) {
        tb_fail(t, "%s N %llu: hmc_hot_sorted wrote out[%u], past its %u entries\n", what, (unsigned long long)n, i, r);
        return 0;
      }
      continue;
    }
    unsigned j = 0;
    while (j < h->n && memcmp(&h->e[j], &out[i], sizeof out[i])) j++;
    if (j == h->n) {
      tb_fail(t, "%s N %llu: sorted[%u] 0x%llx count %llu err %llu is no held entry\n", what, (unsigned long long)n, i,
              (unsigned long long)out[i].addr, (unsigned long long)out[i].count, (unsigned long long)out[i].err);
      return 0;
    }
    if (i && !(out[i - 1].count > out[i].count || (out[i - 1].count == out[i].count && out[i - 1].addr < out[i].addr))) {
      tb_fail(t, "%s N %llu: sorted[%u] 0x%llx count %llu before sorted[%u] 0x%llx count %llu\n", what,
              (unsigned long long)n, i - 1, (unsigned long long)out[i - 1].addr, (unsigned long long)out[i - 1].count, i,
              (unsigned long long)out[i].addr, (unsigned long long)out[i].count);
      return 0;
    }
  }
  return 1;
}

/* One stream; 0 at its first failure. */
static int run_stream(tb_t *t, tb_rng_t *g, shape_t shape, const char *name, unsigned i, tally_t *y) {
  stream_t *s = &S;
  const uint64_t len = stream_init(s, g, shape, i);
  char what[64];
  snprintf(what, sizeof what, "%s stream %u (%u addresses)", name, i, s->d);
  t->checks++;
  if (!len) {
    tb_fail(t, "%s: could not draw distinct addresses\n", what);
    return 0;
  }
  for (uint64_t step = 1; step <= len; step++) {
    const unsigned k = next_k(s, g);
    s->truth[k]++;
    s->n++;
    y->requests++;
    hmc_hot_add(&s->t, &s->ix, s->addr[k]);
    const unsigned at_min = ref_add(&s->ref, s->addr[k]);
    y->replaced += at_min > 0;
    y->tied += at_min > 1;
    t->checks++;
    const unsigned d = table_diff(&s->t, &s->ref);
    if (d == K + 1) {
      tb_fail(t, "%s step %llu (0x%llx): n = %u, reference %u\n", what, (unsigned long long)step,
              (unsigned long long)s->addr[k], s->t.n, s->ref.n);
      return 0;
    }
    if (d) {
      const hmc_hot_ent_t *a = &s->t.e[d - 1], *b = &s->ref.e[d - 1];
      tb_fail(t,
              "%s step %llu (0x%llx): slot %u addr 0x%llx count %llu err %llu, "
              "reference addr 0x%llx count %llu err %llu\n",
              what, (unsigned long long)step, (unsigned long long)s->addr[k], d - 1, (unsigned long long)a->addr,
              (unsigned long long)a->count, (unsigned long long)a->err, (unsigned long long)b->addr,
              (unsigned long long)b->count, (unsigned long long)b->err);
      return 0;
    }
    if (s->t.n == K && (step & 255) == 0) {
      const unsigned r = longest_run(&s->ix);
      s->max_run = r > s->max_run ? r : s->max_run;
    }
    if ((step < 4 * K || step % 1024 == 0 || step == len) && !check_guarantees(t, s, what, y)) return 0;
  }
  y->max_run = s->max_run > y->max_run ? s->max_run : y->max_run;
  /* Aimed at four buckets, the 64 held addresses fill one run of about 64
   * across the wrap; shorter, and the aim (home_copy) has gone stale. */
  if (shape == COLLIDE && (i & 1)) {
    char w[128];
    snprintf(w, sizeof w, "%s: the index's longest probe run (%u buckets) reaches 48", what, s->max_run);
    tb_expect_u64(t, w, s->max_run >= 48, 1);
  }
  return 1;
}

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "hmc_hot", 1);
  tb_rng_t g;
  tb_rng_seed(&g, t.seed);
  static const struct {
    shape_t shape;
    const char *name;
    unsigned streams;
  } shapes[] = {{FEW, "few", 8}, {ZIPF, "zipf", 4}, {TIES, "ties", 8}, {COLLIDE, "collide", 8}};
  for (unsigned j = 0; j < sizeof shapes / sizeof shapes[0]; j++) {
    tally_t y = {0};
    unsigned i = 0;
    while (i < shapes[j].streams && run_stream(&t, &g, shapes[j].shape, shapes[j].name, i, &y)) i++;
    tb_log(&t,
           "%-8s %u of %u streams equal to the reference after every request: %llu requests, %llu replacements "
           "(%llu with the smallest count shared), %llu checks of an address above N/%u, longest probe run %u\n",
           shapes[j].name, i, shapes[j].streams, (unsigned long long)y.requests, (unsigned long long)y.replaced,
           (unsigned long long)y.tied, (unsigned long long)y.heavy, K, y.max_run);
    if (i < shapes[j].streams) continue;
    /* what each shape is there for, so that a change to the streams cannot
     * quietly leave it out */
    if (shapes[j].shape == FEW) tb_expect_u64(&t, "few: no replacement", y.replaced, 0);
    if (shapes[j].shape == ZIPF) tb_expect_u64(&t, "zipf: addresses above N/64 checked", y.heavy > 0, 1);
    if (shapes[j].shape != FEW)
      tb_expect_u64(&t, "ties, zipf, collide: most replacements among tied slots", 2 * y.tied > y.replaced, 1);
  }
  return tb_finish(&t);
}
