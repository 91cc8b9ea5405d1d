// Helpers shared by the Verilator shims (C++ only; never included from C).
#ifndef VL_UTIL_H
#define VL_UTIL_H

#include <stdint.h>

#include "verilated.h"

// Reads bits [lsb, lsb+width) (width <= 64) of a Verilated wide signal.
static inline uint64_t vl_get_bits(const EData *w, unsigned lsb, unsigned width) {
  uint64_t v = 0;
  for (unsigned i = 0; i < width; i++) {
    unsigned b = lsb + i;
    v |= (uint64_t)((w[b / 32] >> (b % 32)) & 1u) << i;
  }
  return v;
}

// Writes bits [lsb, lsb+width) (width <= 64) of a Verilated wide signal.
static inline void vl_set_bits(EData *w, unsigned lsb, unsigned width, uint64_t v) {
  for (unsigned i = 0; i < width; i++) {
    unsigned b = lsb + i;
    EData m = (EData)1u << (b % 32);
    w[b / 32] = ((v >> i) & 1u) ? (w[b / 32] | m) : (w[b / 32] & ~m);
  }
}

// A context per model, so each model has its own random-reset seed and time.
// reset_seed 0: registers start at zero; otherwise at random values from
// that seed (with --x-initial unique at build time), which shows whether the
// reset really reaches every register.
static inline VerilatedContext *vl_context(unsigned reset_seed) {
  VerilatedContext *ctx = new VerilatedContext;
  ctx->randReset(reset_seed ? 2 : 0);
  if (reset_seed) ctx->randSeed((int)reset_seed);
  ctx->traceEverOn(true);
  return ctx;
}

// Time stamps in waveforms: 10 units per clock, inputs at 10c, edge at 10c+5;
// the reset cycles come first, so cycle c of a test is at 10 (c + 2).
#define VL_TICKS_PER_CYCLE 10
#define VL_RESET_CYCLES 2

#endif
