// The hand-written part of copim::pmc_sc (the rest is generated from
// hw/pmc.desc into build/gen/bridge/pmc/pmc_sc.h, which includes this at its
// end): rd_data_o, combinational from the counters and rd_sel_i, the one
// output that is not a register.  Each core's field is pmc_read() of the
// counter its 3-bit select names.
#ifndef PMC_SC_COMB_H
#define PMC_SC_COMB_H

namespace copim {

template <unsigned RdW>
void pmc_sc<RdW>::comb() {
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

}  // namespace copim

#endif
