// pmc_sc: the Pure Miss Counter's C model (csim/pmc/pmc.h) as an sc_module with
// signal ports.  The ports have the names, order and SystemC types that
// `verilator --sc` gives rtl/pmc/pmc.sv (class Vpmc), so a platform swaps
// the C model for the Verilated RTL by changing one type (docs/systemc.md).
//
// Timing is the RTL's: registers change on the rising edge of clk_i;
// rst_ni is asynchronous and active low; rd_data_o is combinational from
// the registers and rd_sel_i (in cycle t it shows the state left by the
// edge of cycle t-1), recomputed in the delta after either changes.
// RdW = NumCores * CntW is the width of rd_data_o, a template parameter
// because it is one in the Verilated class (sc_bv<192> by default).
#ifndef PMC_SC_H
#define PMC_SC_H

#include <cstdio>
#include <stdexcept>

#include "copim_sc.h"

namespace copim {

template <unsigned RdW>
class pmc_sc : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk_i;
  sc_core::sc_in<bool> rst_ni;
  sc_core::sc_in<uint32_t> hit_act_i;
  sc_core::sc_in<uint32_t> miss_act_i;
  sc_core::sc_in<bool> mshr_alloc_i;
  sc_core::sc_in<uint32_t> mshr_alloc_idx_i;
  sc_core::sc_in<uint32_t> mshr_alloc_core_i;
  sc_core::sc_in<bool> mshr_free_i;
  sc_core::sc_in<uint32_t> mshr_free_idx_i;
  sc_core::sc_in<uint32_t> clear_i;
  sc_core::sc_in<uint32_t> enable_i;
  sc_core::sc_in<uint32_t> flush_i;
  sc_core::sc_in<uint32_t> rd_sel_i;
  sc_core::sc_out<sc_dt::sc_bv<RdW> > rd_data_o;

  SC_HAS_PROCESS(pmc_sc);
  pmc_sc(sc_core::sc_module_name nm, const pmc_cfg_t &cfg) : sc_core::sc_module(nm) {
    if (cfg.num_cores * cfg.cnt_w != RdW || cfg.num_cores * 3 > 32)
      throw std::invalid_argument("pmc_sc: NumCores * CntW must equal the port width and NumCores <= 10");
    m_ = pmc_new(&cfg);
    if (!m_) throw std::invalid_argument("pmc_sc: configuration out of range");
    SC_METHOD(seq);
    sensitive << clk_i.pos() << rst_ni.neg();
    SC_METHOD(comb);
    sensitive << rd_sel_i << changed_;
  }
  ~pmc_sc() override { pmc_free(m_); }

  // The model, for statistics and debugging (read only).
  const pmc_t *model() const { return m_; }

 private:
  pmc_t *m_;
  sc_core::sc_event changed_;

  void seq() {
    if (!rst_ni.read()) {
      pmc_reset(m_);
    } else if (clk_i.posedge()) {
      const pmc_cfg_t *c = pmc_cfg(m_);
      pmc_in_t in{};
      in.hit_act = hit_act_i.read();
      in.miss_act = miss_act_i.read();
      in.mshr_alloc = mshr_alloc_i.read();
      in.mshr_alloc_idx = mshr_alloc_idx_i.read();
      in.mshr_alloc_core = mshr_alloc_core_i.read();
      in.mshr_free = mshr_free_i.read();
      in.mshr_free_idx = mshr_free_idx_i.read();
      in.clear = clear_i.read();
      in.enable = enable_i.read();
      in.flush = flush_i.read();
      uint32_t sel = rd_sel_i.read();
      for (unsigned k = 0; k < c->num_cores; k++) in.rd_sel[k] = (uint8_t)((sel >> (3 * k)) & 7u);
      pmc_out_t out;
      pmc_step(m_, &in, &out);
    }  // else: the initialisation run writes the reset-state outputs
    changed_.notify(sc_core::SC_ZERO_TIME);
  }

  void comb() {
    const pmc_cfg_t *c = pmc_cfg(m_);
    sc_dt::sc_bv<RdW> v;
    uint32_t sel = rd_sel_i.read();
    for (unsigned k = 0; k < c->num_cores; k++) {
      uint64_t d = pmc_read(m_, k, (sel >> (3 * k)) & 7u);
      for (unsigned b = 0; b < c->cnt_w; b += 32) {
        unsigned w = c->cnt_w - b < 32 ? c->cnt_w - b : 32;
        v.range(k * c->cnt_w + b + w - 1, k * c->cnt_w + b) = (uint32_t)(d >> b);
      }
    }
    rd_data_o.write(v);
  }
};

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
