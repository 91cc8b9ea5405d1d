/* host_events: the host's event queue (csim/host/host_ev.c), a wheel of
 * one-cycle buckets beside a heap, against a reference that keeps every
 * event in one array and takes the least by (time, push order).  Random
 * pushes fall where the wheel and the heap meet: at the current cycle
 * (also during a drain, as an event's handler does), a few cycles ahead,
 * across the wheel's edge, far ahead, and behind the wheel's window; the
 * clock moves by one cycle or jumps (the idle skip).  The push counter
 * starts near its wrap.  Each take and each next-event time must equal the
 * reference's; the first difference stops the test.  Waveform (one time
 * step a simulated cycle): the clock, the events in the wheel and in the
 * heap, the next event's time and the events taken in the cycle. */
#include <stdlib.h>

#include "host_int.h"
#include "tb.h"
#include "tb_fst.h"

typedef struct {
  uint64_t t;
  uint32_t seq, b;
} ref_ev_t;

/* The reference queue: every event pushed and not yet taken, unordered. */
typedef struct {
  ref_ev_t *ev;
  unsigned n;
} ref_t;

static int ref_less(const ref_ev_t *x, const ref_ev_t *y) {
  return x->t < y->t || (x->t == y->t && (int32_t)(x->seq - y->seq) < 0);
}

/* the reference's least event at or before limit (index), or -1 */
static int ref_min(const ref_t *q, uint64_t limit) {
  int m = -1;
  for (unsigned i = 0; i < q->n; i++)
    if (q->ev[i].t <= limit && (m < 0 || ref_less(&q->ev[i], &q->ev[m]))) m = (int)i;
  return m;
}

static void push(struct host *h, ref_t *q, uint64_t t, uint32_t *id) {
  q->ev[q->n++] = (ref_ev_t){t, h->ev_seq, *id};
  host_ev_push(h, t, EV_L2_REQ, 0, 0, (*id)++);
}

static uint64_t delta(tb_rng_t *r) {
  switch (tb_rng_below(r, 6)) {
    case 0: return 0;
    case 1: return tb_rng_below(r, 8);
    case 2: return tb_rng_below(r, 100);
    case 3: return HOST_WHEEL - 8 + tb_rng_below(r, 16); /* the wheel's edge */
    case 4: return tb_rng_below(r, 4 * HOST_WHEEL);
    default: return tb_rng_below(r, 3);
  }
}

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "host_events", 7);
  tb_rng_t r;
  tb_rng_seed(&r, t.seed);
  const uint64_t steps = tb_len(&t, 30000);
  struct host *h = calloc(1, sizeof *h);
  ref_t q = {malloc(sizeof *q.ev * 1000000), 0};
  if (!h || !q.ev) {
    tb_fail(&t, "out of memory\n");
    return tb_finish(&t);
  }
  h->ev_seq = UINT32_MAX - 5000; /* the push order's counter wraps early in the run */
  uint32_t id = 0;
  h->now = 1000;
  uint64_t taken = 0, via_heap_far = 0, behind = 0;
  tb_fst_t *w = tb_fst_open(t.waves, "host_events");
  const int v_now = tb_fst_var(w, "now", 64), v_wheel = tb_fst_var(w, "wheel_n", 32), v_heap = tb_fst_var(w, "heap_n", 32),
            v_next = tb_fst_var(w, "next_t", 64), v_took = tb_fst_var(w, "taken", 16);
  for (uint64_t s = 0; s < steps && !t.failures; s++) {
    const uint64_t taken0 = taken;
    /* the cycle's drain: every event due, in order; a handler may push */
    for (;;) {
      host_ev_t e;
      const int m = ref_min(&q, h->now);
      const int got = host_ev_take(h, h->now, &e);
      t.checks++;
      if (got != (m >= 0)) {
        tb_fail(&t, "step %llu (cycle %llu): take gave %s, the reference %s\n", (unsigned long long)s,
                (unsigned long long)h->now, got ? "an event" : "none", m >= 0 ? "an event" : "none");
        break;
      }
      if (!got) break;
      if (e.t != q.ev[m].t || e.seq != q.ev[m].seq || e.b != q.ev[m].b) {
        tb_fail(&t, "step %llu (cycle %llu): took event %u (t %llu, seq %u), the reference %u (t %llu, seq %u)\n",
                (unsigned long long)s, (unsigned long long)h->now, e.b, (unsigned long long)e.t, e.seq, q.ev[m].b,
                (unsigned long long)q.ev[m].t, q.ev[m].seq);
        break;
      }
      q.ev[m] = q.ev[--q.n];
      taken++;
      if (tb_rng_chance(&r, 1, 8) && q.n < 900000) push(h, &q, h->now + delta(&r), &id);
    }
    /* the cycle's own pushes (a core's load, a cache's latency), some behind the clock */
    const unsigned np = (unsigned)tb_rng_below(&r, 4);
    for (unsigned i = 0; i < np && q.n < 900000; i++) {
      uint64_t d = delta(&r);
      via_heap_far += d >= HOST_WHEEL;
      push(h, &q, h->now + d, &id);
    }
    if (tb_rng_chance(&r, 1, 50) && h->now > 10 && q.n < 900000) {
      push(h, &q, h->now - 1 - tb_rng_below(&r, 10), &id); /* behind: the heap must still order it first */
      behind++;
    }
    /* the next event's time, as the idle skip asks it */
    int m = ref_min(&q, UINT64_MAX);
    const uint64_t want = m >= 0 ? q.ev[m].t : HOST_INF, got = host_ev_next(h);
    t.checks++;
    if (got != want) {
      tb_fail(&t, "step %llu (cycle %llu): next event at %llu, the reference %llu\n", (unsigned long long)s,
              (unsigned long long)h->now, (unsigned long long)got, (unsigned long long)want);
      break;
    }
    tb_fst_time(w, s);
    tb_fst_set(w, v_now, h->now);
    tb_fst_set(w, v_wheel, h->wn);
    tb_fst_set(w, v_heap, h->ev_n);
    tb_fst_set(w, v_next, want == HOST_INF ? 0 : want);
    tb_fst_set(w, v_took, taken - taken0);
    /* the clock: a cycle, or a skip to the next event (or beyond a few) */
    if (tb_rng_chance(&r, 1, 20) && want != HOST_INF && want > h->now) h->now = want;
    else if (tb_rng_chance(&r, 1, 200)) h->now += tb_rng_below(&r, 3 * HOST_WHEEL);
    else h->now++;
  }
  tb_log(&t, "%llu events taken, %llu pushed beyond the wheel, %llu behind the clock, %u left\n",
         (unsigned long long)taken, (unsigned long long)via_heap_far, (unsigned long long)behind, q.n);
  tb_fst_close(w);
  if (!taken || !via_heap_far || !behind) tb_fail(&t, "the run did not reach every kind of push\n");
  host_ev_fini(h);
  free(h);
  free(q.ev);
  return tb_finish(&t);
}
