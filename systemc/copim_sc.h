// SystemC side of CoPIM: common includes for the sc_module wrappers of the
// C reference models (docs/systemc.md).  The C models stay the single
// source of behaviour: every wrapper owns one model object and calls its
// _step/_read functions; nothing here re-implements a block.
#ifndef COPIM_SC_H
#define COPIM_SC_H

#include <stdint.h>

#include <systemc>
#include <tlm>

extern "C" {
#include "hmc.h"
#include "imu.h"
#include "pe.h"
#include "pmc.h"
}

namespace copim {

// Time helpers: the C models count picoseconds (hmc.h) or cycles.
inline uint64_t sc_to_ps(const sc_core::sc_time &t) { return (uint64_t)(t.to_seconds() * 1e12 + 0.5); }
inline sc_core::sc_time ps(uint64_t v) { return sc_core::sc_time((double)v, sc_core::SC_PS); }

// Bits [lsb, lsb+w) of a Verilator-style wide port value, w <= 64.
template <int N>
inline uint64_t bv_get(const sc_dt::sc_bv<N> &v, unsigned lsb, unsigned w) {
  uint64_t r = 0;
  for (unsigned b = 0; b < w; b += 32) {
    unsigned n = w - b < 32 ? w - b : 32;
    r |= (uint64_t)v.range(lsb + b + n - 1, lsb + b).to_uint() << b;
  }
  return r;
}

}  // namespace copim

#endif
