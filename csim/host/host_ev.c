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

static int ev_less(const host_ev_t *a, const host_ev_t *b) {
  return a->t < b->t || (a->t == b->t && (int32_t)(a->seq - b->seq) < 0);
}

void host_ev_push(struct host *h, uint64_t t, unsigned type, unsigned core, unsigned a, uint32_t b) {
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
  host_ev_t e = {.t = t, .seq = h->ev_seq++, .type = (uint8_t)type, .core = (uint8_t)core, .a = (uint16_t)a, .b = b};
  unsigned i = h->ev_n++;
  while (i) {
    unsigned p = (i - 1) / 2;
    if (!ev_less(&e, &h->ev[p])) break;
    h->ev[i] = h->ev[p];
    i = p;
  }
  h->ev[i] = e;
}

void host_ev_pop(struct host *h) {
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
