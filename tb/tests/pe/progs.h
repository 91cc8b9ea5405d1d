/* The algorithms of the pe_programs C programs, shared by the RV32 builds
 * (bfs.c, sort.c, checksum.c) and the native expected values computed by
 * tb/tests/pe_programs.c.  Inputs come from a fixed LCG, so both sides see
 * the same data.  Each returns the 32-bit result the program prints. */
#ifndef PE_PROGS_H
#define PE_PROGS_H

#include <stdint.h>

static inline uint32_t progs_lcg(uint32_t *s) { return *s = *s * 1664525u + 1013904223u; }

/* CRC-32 (IEEE, reflected) of 4 KiB of LCG bytes. */
#define CK_LEN 4096
static inline uint32_t progs_checksum(uint8_t *buf) {
  uint32_t s = 7;
  for (unsigned i = 0; i < CK_LEN; i++) buf[i] = (uint8_t)(progs_lcg(&s) >> 24);
  uint32_t crc = 0xffffffffu;
  for (unsigned i = 0; i < CK_LEN; i++) {
    crc ^= buf[i];
    for (int k = 0; k < 8; k++) crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1)));
  }
  return ~crc;
}

/* Quicksort of 1024 LCG words, then sum of (i+1) * a[i]; 0 if unsorted. */
#define SORT_N 1024
static inline void progs_qsort(uint32_t *a, int lo, int hi) {
  while (lo < hi) {
    uint32_t pv = a[(lo + hi) / 2];
    int i = lo, j = hi;
    while (i <= j) {
      while (a[i] < pv) i++;
      while (a[j] > pv) j--;
      if (i <= j) { uint32_t t = a[i]; a[i] = a[j]; a[j] = t; i++; j--; }
    }
    if (j - lo < hi - i) { progs_qsort(a, lo, j); lo = i; }
    else { progs_qsort(a, i, hi); hi = j; }
  }
}
static inline uint32_t progs_sort(uint32_t *a) {
  uint32_t s = 11, sum = 0;
  for (unsigned i = 0; i < SORT_N; i++) a[i] = progs_lcg(&s) >> 8;
  progs_qsort(a, 0, SORT_N - 1);
  for (unsigned i = 0; i < SORT_N; i++) {
    if (i && a[i - 1] > a[i]) return 0;
    sum += (i + 1) * a[i];
  }
  return sum;
}

/* BFS on a CSR graph: 512 vertices, 4096 random directed edges (LCG),
 * from vertex 0; result = reached * 65536 + sum of levels (mod 2^32)
 * + max level * 7919. */
#define BFS_V 512
#define BFS_E 4096
typedef struct {
  uint32_t row[BFS_V + 1], col[BFS_E], src[BFS_E], dst[BFS_E];
  int32_t level[BFS_V];
  uint32_t queue[BFS_V];
} progs_bfs_t;
static inline uint32_t progs_bfs(progs_bfs_t *g) {
  uint32_t s = 3;
  for (unsigned v = 0; v <= BFS_V; v++) g->row[v] = 0;
  for (unsigned e = 0; e < BFS_E; e++) {
    g->src[e] = (progs_lcg(&s) >> 8) % BFS_V;
    g->dst[e] = (progs_lcg(&s) >> 8) % BFS_V;
    g->row[g->src[e] + 1]++;
  }
  for (unsigned v = 0; v < BFS_V; v++) g->row[v + 1] += g->row[v];
  for (unsigned e = 0; e < BFS_E; e++) g->col[--g->row[g->src[e] + 1] + 0] = g->dst[e];
  /* row[v+1] was decremented back to row[v]'s end: rebuild the offsets */
  for (unsigned v = 0; v <= BFS_V; v++) g->row[v] = 0;
  for (unsigned e = 0; e < BFS_E; e++) g->row[g->src[e] + 1]++;
  for (unsigned v = 0; v < BFS_V; v++) g->row[v + 1] += g->row[v];
  for (unsigned v = 0; v < BFS_V; v++) g->level[v] = -1;
  unsigned head = 0, tail = 0;
  g->level[0] = 0;
  g->queue[tail++] = 0;
  uint32_t reached = 0, sum = 0, maxl = 0;
  while (head < tail) {
    const uint32_t u = g->queue[head++];
    reached++;
    sum += (uint32_t)g->level[u];
    if ((uint32_t)g->level[u] > maxl) maxl = (uint32_t)g->level[u];
    for (uint32_t k = g->row[u]; k < g->row[u + 1]; k++) {
      const uint32_t w = g->col[k];
      if (g->level[w] < 0) {
        g->level[w] = g->level[u] + 1;
        g->queue[tail++] = w;
      }
    }
  }
  return reached * 65536u + sum + maxl * 7919u;
}

#endif
