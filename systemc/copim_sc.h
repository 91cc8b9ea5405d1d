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

}  // namespace copim

#endif
