/* Set-associative tag arrays with true LRU (host_int.h). */
#include <stdlib.h>

#include "host_int.h"

int host_cache_init(host_cache_t *c, uint32_t bytes, unsigned ways) {
  uint32_t lines = bytes >> HOST_LINE_BITS;
  if (!ways || lines < ways || lines % ways) return -1;
  uint32_t sets = lines / ways;
  if (sets & (sets - 1)) return -1;
  c->l = calloc(lines, sizeof *c->l);
  c->key = malloc(lines * sizeof *c->key);
  if (!c->l || !c->key) return -1;
  for (uint32_t i = 0; i < lines; i++) c->key[i] = HOST_KEY_INV;
  c->sets = sets;
  c->ways = ways;
  c->set_mask = sets - 1;
  c->tick = 0;
  return 0;
}

void host_cache_free(host_cache_t *c) {
  free(c->l);
  free(c->key);
  c->l = NULL;
  c->key = NULL;
}

host_line_t *host_cache_victim(host_cache_t *c, uint32_t tag) {
  const size_t base = (size_t)(tag & c->set_mask) * c->ways;
  host_line_t *s = c->l + base, *v = s;
  const uint32_t *k = c->key + base;
  for (unsigned w = 0; w < c->ways; w++) {
    if (k[w] == HOST_KEY_INV) return &s[w];
    /* stamps wrap: compare by age relative to the current tick */
    if ((uint32_t)(c->tick - s[w].stamp) > (uint32_t)(c->tick - v->stamp)) v = &s[w];
  }
  return v;
}
