/* PEI's locality monitor (Ahn et al., ISCA 2015, "PIM-enabled
 * instructions"): a tag array with the LLC's sets and ways holding partial
 * tags, consulted per PIM-enabled instruction (here: every host AMO).  A
 * predicted hit executes the AMO in the host caches, a predicted miss in the
 * HMC vault.
 *
 * What feeds it.  The host model exposes no LLC fill/evict port, so the
 * monitor is fed by the host's own access stream (every load and store at
 * dispatch, through sys.c's retire hook) and by the AMOs it places: an
 * access installs its line as most recent (the line is in the LLC after any
 * access in an inclusive-enough hierarchy), LRU replacement evicts as the
 * LLC would, an AMO sent to memory removes the line (the vault AMO drops it
 * from every cache).  Partial tags may alias (a false hit keeps an AMO on
 * the host), as in PEI.  docs/policies.md gives the size. */
#include <stdlib.h>
#include <string.h>

#include "pol.h"

struct pol_pei {
  unsigned sets, ways, line_shift, tag_bits;
  uint16_t *tag;   /* sets x ways partial tags; valid bit = bit 15 */
  uint32_t *stamp; /* LRU stamps */
  uint32_t now;
  uint64_t hits, misses;
};

static unsigned ilog2(uint32_t v) {
  unsigned r = 0;
  while (v > 1) v >>= 1, r++;
  return r;
}

pol_pei_t *pol_pei_new(uint32_t llc_bytes, unsigned ways, unsigned line_bytes, unsigned tag_bits) {
  if (!ways || !line_bytes || (line_bytes & (line_bytes - 1)) || tag_bits < 1 || tag_bits > 15) return NULL;
  const uint32_t lines = llc_bytes / line_bytes;
  if (!lines || lines % ways) return NULL;
  const uint32_t sets = lines / ways;
  if (sets & (sets - 1)) return NULL;
  pol_pei_t *m = calloc(1, sizeof *m);
  if (!m) return NULL;
  m->sets = sets;
  m->ways = ways;
  m->line_shift = ilog2(line_bytes);
  m->tag_bits = tag_bits;
  m->tag = calloc((size_t)sets * ways, sizeof *m->tag);
  m->stamp = calloc((size_t)sets * ways, sizeof *m->stamp);
  if (!m->tag || !m->stamp) {
    pol_pei_free(m);
    return NULL;
  }
  return m;
}

void pol_pei_free(pol_pei_t *m) {
  if (!m) return;
  free(m->tag);
  free(m->stamp);
  free(m);
}

/* The way holding addr's partial tag in its set, or -1; *set_out = the set. */
static int lookup(const pol_pei_t *m, uint32_t addr, uint32_t *set_out, uint16_t *ptag) {
  const uint32_t line = addr >> m->line_shift;
  const uint32_t set = line & (m->sets - 1);
  const uint16_t t = (uint16_t)(0x8000u | ((line / m->sets) & ((1u << m->tag_bits) - 1)));
  *set_out = set;
  *ptag = t;
  const uint16_t *row = m->tag + (size_t)set * m->ways;
  for (unsigned w = 0; w < m->ways; w++)
    if (row[w] == t) return (int)w;
  return -1;
}

void pol_pei_access(pol_pei_t *m, uint32_t addr) {
  uint32_t set;
  uint16_t t;
  int w = lookup(m, addr, &set, &t);
  uint16_t *row = m->tag + (size_t)set * m->ways;
  uint32_t *st = m->stamp + (size_t)set * m->ways;
  if (w < 0) {
    /* an invalid way, else the least recent */
    unsigned v = 0;
    for (unsigned k = 0; k < m->ways; k++) {
      if (!(row[k] & 0x8000u)) {
        v = k;
        break;
      }
      if (st[k] < st[v]) v = k;
    }
    row[v] = t;
    w = (int)v;
  }
  st[w] = ++m->now;
}

int pol_pei_amo(pol_pei_t *m, uint32_t addr) {
  uint32_t set;
  uint16_t t;
  const int w = lookup(m, addr, &set, &t);
  if (w >= 0) {
    m->hits++;
    m->stamp[(size_t)set * m->ways + (unsigned)w] = ++m->now;
    return 0;
  }
  m->misses++;
  return 1;
}

uint64_t pol_pei_bits(const pol_pei_t *m) {
  /* per entry: partial tag + valid + log2(ways) LRU bits (a true-LRU rank) */
  return (uint64_t)m->sets * m->ways * (m->tag_bits + 1 + ilog2(m->ways));
}

void pol_pei_counts(const pol_pei_t *m, uint64_t *hits, uint64_t *misses) {
  *hits = m->hits;
  *misses = m->misses;
}
