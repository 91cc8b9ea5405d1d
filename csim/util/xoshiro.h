/* xoshiro256** seeded through splitmix64 (Blackman and Vigna): fast, good,
 * and the same stream on every machine.  The one copy behind the graph
 * generators (csim/graph/graph_gen.c) and the testbenches' RNG (tb/lib). */
#ifndef XOSHIRO_H
#define XOSHIRO_H

#include <stdint.h>

typedef struct {
  uint64_t s[4];
} xoshiro_t;

static inline uint64_t xoshiro_splitmix(uint64_t *x) {
  uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

static inline void xoshiro_seed(xoshiro_t *r, uint64_t seed) {
  for (int i = 0; i < 4; i++) r->s[i] = xoshiro_splitmix(&seed);
}

static inline uint64_t xoshiro_rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static inline uint64_t xoshiro_next(xoshiro_t *r) {
  uint64_t *s = r->s, res = xoshiro_rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = xoshiro_rotl(s[3], 45);
  return res;
}

#endif
