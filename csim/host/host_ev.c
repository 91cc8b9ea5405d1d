/* The host's shared services, below the cores (host_core.c) and the
 * memory system (host_mem.c): the failure latch and the event queue.
 * Everything here calls nothing of the host's, so the cores and the memory
 * system use it without calling up into host.c. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "host_int.h"

void host_fail(struct host *h, const char *fmt, ...) {
  if (h->failed) return;
  h->failed = 1;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(h->err, sizeof h->err, fmt, ap);
  va_end(ap);
}

/* ---------------------------------------------------------------- events */

/* Most events fall a few cycles ahead (cache latencies, a load's issue),
 * where a heap paid log n compares per push and per pop; the wheel takes
 * them in O(1).  The order is the heap's, (time, push order), exactly: a
 * bucket holds one time's events in push order, and an event outside the
 * wheel's window (far ahead, or behind wcur) goes to the heap, which
 * host_ev_take merges by the same key. */

static int ev_less(const host_ev_t *a, const host_ev_t *b) {
  return a->t < b->t || (a->t == b->t && (int32_t)(a->seq - b->seq) < 0);
}

static void heap_push(struct host *h, const host_ev_t *e) {
  if (h->ev_n == h->ev_cap) {
    unsigned cap = h->ev_cap ? h->ev_cap * 2 : 1024;
    host_ev_t *n = realloc(h->ev, cap * sizeof *n);
    if (!n) {
      host_fail(h, "host: out of memory");
      return;
    }
    h->ev = n;
    h->ev_cap = cap;
  }
  unsigned i = h->ev_n++;
  while (i) {
    unsigned p = (i - 1) / 2;
    if (!ev_less(e, &h->ev[p])) break;
    h->ev[i] = h->ev[p];
    i = p;
  }
  h->ev[i] = *e;
}

static void heap_pop(struct host *h) {
  host_ev_t last = h->ev[--h->ev_n];
  unsigned i = 0, n = h->ev_n;
  for (;;) {
    unsigned l = 2 * i + 1;
    if (l >= n) break;
    if (l + 1 < n && ev_less(&h->ev[l + 1], &h->ev[l])) l++;
    if (!ev_less(&h->ev[l], &last)) break;
    h->ev[i] = h->ev[l];
    i = l;
  }
  if (n) h->ev[i] = last;
}

/* The first non-empty bucket's time (the wheel is not empty). */
static uint64_t wheel_first(const struct host *h) {
  const unsigned W = HOST_WHEEL / 64, b0 = (unsigned)(h->wcur & (HOST_WHEEL - 1));
  /* the bucket's own word from its bit on, the other words, then that word's bits below it */
  uint64_t m = h->wbits[b0 / 64] & (~0ull << (b0 % 64));
  unsigned w = b0 / 64;
  for (unsigned k = 0; !m && k < W; k++) {
    w = (w + 1) % W;
    m = h->wbits[w];
    if (k + 1 == W) m &= (1ull << (b0 % 64)) - 1; /* back at the first word: its bits below b0 */
  }
  const unsigned b = w * 64 + (unsigned)__builtin_ctzll(m);
  return h->wcur + ((b - b0) & (HOST_WHEEL - 1));
}

void host_ev_push(struct host *h, uint64_t t, unsigned type, unsigned core, unsigned a, uint32_t b) {
  const host_ev_t e = {.t = t, .seq = h->ev_seq++, .type = (uint8_t)type, .core = (uint8_t)core, .a = (uint16_t)a, .b = b};
  if (!h->wn && t >= h->now) h->wcur = h->now; /* an empty wheel's window moves freely */
  if (t < h->wcur || t - h->wcur >= HOST_WHEEL) {
    heap_push(h, &e);
    return;
  }
  if (h->wfree >= h->wcap) { /* none free (the list ends at UINT32_MAX; a new host has no pool) */
    const uint32_t cap = h->wcap ? h->wcap * 2 : 1024;
    host_wev_t *n = realloc(h->wpool, cap * sizeof *n);
    if (!n) {
      host_fail(h, "host: out of memory");
      return;
    }
    for (uint32_t i = h->wcap; i < cap; i++) n[i].next = i + 1 < cap ? i + 1 : UINT32_MAX;
    h->wpool = n;
    h->wfree = h->wcap;
    h->wcap = cap;
  }
  const uint32_t i = h->wfree;
  h->wfree = h->wpool[i].next;
  h->wpool[i].e = e;
  h->wpool[i].next = UINT32_MAX;
  const unsigned k = (unsigned)(t & (HOST_WHEEL - 1));
  if (h->wbits[k / 64] & (1ull << (k % 64))) h->wpool[h->wtail[k]].next = i;
  else {
    h->whead[k] = i;
    h->wbits[k / 64] |= 1ull << (k % 64);
  }
  h->wtail[k] = i;
  h->wn++;
}

int host_ev_take(struct host *h, uint64_t limit, host_ev_t *e) {
  if (h->wn) {
    const uint64_t tw = wheel_first(h);
    const unsigned k = (unsigned)(tw & (HOST_WHEEL - 1));
    const uint32_t i = h->whead[k];
    if (!h->ev_n || ev_less(&h->wpool[i].e, &h->ev[0])) {
      if (tw > limit) {
        h->wcur = limit > h->wcur ? limit : h->wcur; /* the buckets before limit are empty */
        return 0;
      }
      *e = h->wpool[i].e;
      h->wcur = tw;
      h->whead[k] = h->wpool[i].next;
      if (h->whead[k] == UINT32_MAX) h->wbits[k / 64] &= ~(1ull << (k % 64));
      h->wpool[i].next = h->wfree;
      h->wfree = i;
      h->wn--;
      return 1;
    }
  }
  if (!h->ev_n || h->ev[0].t > limit) return 0;
  *e = h->ev[0];
  heap_pop(h);
  return 1;
}

uint64_t host_ev_next(struct host *h) {
  uint64_t t = h->ev_n ? h->ev[0].t : HOST_INF;
  if (h->wn) {
    const uint64_t tw = wheel_first(h);
    if (tw < t) t = tw;
  }
  return t;
}

void host_ev_fini(struct host *h) {
  free(h->ev);
  free(h->wpool);
}
