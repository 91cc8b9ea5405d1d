/* Little-endian loads and stores of byte buffers (memory images, HMC
 * packets, ELF headers): the one copy every model and test uses. */
#ifndef LE_H
#define LE_H

#include <stdint.h>

static inline uint16_t le_ld16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }
static inline uint32_t le_ld32(const uint8_t *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static inline uint64_t le_ld64(const uint8_t *p) { return (uint64_t)le_ld32(p) | (uint64_t)le_ld32(p + 4) << 32; }
static inline void le_st16(uint8_t *p, uint16_t v) { p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8); }
static inline void le_st32(uint8_t *p, uint32_t v) {
  for (int i = 0; i < 4; i++, v >>= 8) p[i] = (uint8_t)v;
}
static inline void le_st64(uint8_t *p, uint64_t v) {
  for (int i = 0; i < 8; i++, v >>= 8) p[i] = (uint8_t)v;
}

#endif
