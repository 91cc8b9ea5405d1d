// Helpers shared by the Verilator shims (C++ only; never included from C).
#ifndef VL_UTIL_H
#define VL_UTIL_H

#include <stdint.h>
#include <stdio.h>

#include "verilated.h"
#include "verilated_fst_c.h"

// The low w bits set (w <= 64): the generated shims mask an input to its port's width.
static inline uint64_t vl_mask(unsigned w) { return w >= 64 ? ~0ull : (1ull << w) - 1; }

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

// What every shim holds and does, whatever the block: the context, the
// model, an optional FST, the reset sequence and the two clock levels.  A
// shim's handle derives from it: struct pmc_rtl : vl_model<Vpmc> {}.
template <class V> struct vl_model {
  VerilatedContext *ctx = nullptr;
  V *top = nullptr;
  VerilatedFstC *tfp = nullptr;
  uint64_t cycle = 0;  // cycles stepped since reset

  // Builds the model; false, having said why on stderr, when the waveform
  // cannot be written.
  bool open(unsigned reset_seed, const char *fst_path, const char *name) {
    ctx = vl_context(reset_seed);
    top = new V(ctx, name);
    if (!fst_path) return true;
    tfp = new VerilatedFstC;
    top->trace(tfp, 99);
    tfp->open(fst_path);
    if (tfp->isOpen()) return true;
    fprintf(stderr, "%s_rtl: cannot open waveform '%s'\n", name, fst_path);
    return false;
  }

  // The asynchronous reset: a falling rst_ni, held low for the first
  // VL_RESET_CYCLES clocks of the waveform, released with the clock low.
  // Inputs should be set to their idle values before.
  void reset() {
    top->rst_ni = 0;
    top->clk_i = 0;
    top->eval();
    top->rst_ni = 1;
    top->eval();
    top->rst_ni = 0;
    for (uint64_t i = 0; i < VL_RESET_CYCLES; i++) {
      half(0, i * VL_TICKS_PER_CYCLE);
      half(1, i * VL_TICKS_PER_CYCLE + VL_TICKS_PER_CYCLE / 2);
    }
    top->clk_i = 0;
    top->rst_ni = 1;
    top->eval();
  }

  // One clock level, evaluated and dumped at waveform time t.
  void half(int clk, uint64_t t) {
    top->clk_i = clk;
    top->eval();
    if (tfp) tfp->dump(t);
  }

  // Waveform time of the low phase of the current cycle.
  uint64_t now() const { return (cycle + VL_RESET_CYCLES) * VL_TICKS_PER_CYCLE; }

  void close() {
    // Verilator 5.006's ~VerilatedScope (models built with --assert have
    // scopes) erases itself from Verilated::threadContextp(), the context
    // this thread last evaluated, not from its model's: with two models in
    // one binary that is the other model's, possibly already deleted (a
    // hang in scopeErase).  Make it this model's own.
    Verilated::threadContextp(ctx);
    if (tfp) {
      tfp->close();
      delete tfp;
    }
    if (top) {
      top->final();
      delete top;
    }
    delete ctx;
  }
};

#endif
