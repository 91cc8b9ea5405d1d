/* Set-associative tag arrays with true LRU (host_int.h). */
#include <stdlib.h>

#include "host_int.h"

int host_cache_init(host_cache_t *c, uint32_t bytes, unsigned ways) {
  uint32_t lines = bytes >> HOST_LINE_BITS;
  if (!ways || lines < ways || lines % ways) return -1;
  uint32_t sets = lines / ways;
  if (sets & (sets - 1)) return -1;
  c->l = calloc(lines, sizeof *c->l);
  if (!c->l) return -1;
  c->sets = sets;
  c->ways = ways;
  c->set_mask = sets - 1;
  c->tick = 0;
  return 0;
}

void host_cache_free(host_cache_t *c) {
  free(c->l);
  c->l = NULL;
}

host_line_t *host_cache_find(host_cache_t *c, uint32_t tag) {
  host_line_t *s = c->l + (size_t)(tag & c->set_mask) * c->ways;
  for (unsigned w = 0; w < c->ways; w++)
    if (s[w].tag == tag && s[w].st != ST_I) return &s[w];
  return NULL;
}

host_line_t *host_cache_victim(host_cache_t *c, uint32_t tag) {
  host_line_t *s = c->l + (size_t)(tag & c->set_mask) * c->ways, *v = s;
  for (unsigned w = 0; w < c->ways; w++) {
    if (s[w].st == ST_I) return &s[w];
    /* stamps wrap: compare by age relative to the current tick */
    if ((uint32_t)(c->tick - s[w].stamp) > (uint32_t)(c->tick - v->stamp)) v = &s[w];
  }
  return v;
}
