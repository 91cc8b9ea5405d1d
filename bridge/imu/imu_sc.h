// imu_sc: one core's Instruction Management Unit, the C model (csim/imu/imu.h)
// as an sc_module whose ports have the names and SystemC types that
// `verilator --sc` gives rtl/imu/imu.sv (class Vimu, default parameters:
// IdW 32, CntW 48, RetW 3).
//
// Every output except the decision-table read port is a register and
// changes on the rising edge of clk_i (rst_ni asynchronous, active low).
// tbl_rd_* answers a cycle after tbl_rd_id_i: the OR over the valid
// entries whose id matches the id sampled at the last rising edge, from the
// table as it stands, as the RTL and imu_step() build it.
#ifndef IMU_SC_H
#define IMU_SC_H

#include <stdexcept>

#include "copim_sc.h"

namespace copim {

class imu_sc : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk_i;
  sc_core::sc_in<bool> rst_ni;
  sc_core::sc_in<bool> marker_valid_i;
  sc_core::sc_out<bool> marker_ready_o;
  sc_core::sc_in<uint32_t> marker_op_i;
  sc_core::sc_in<uint32_t> marker_id_i;
  sc_core::sc_in<uint32_t> marker_trip_i;
  sc_core::sc_in<uint32_t> instr_ret_i;
  sc_core::sc_out<bool> verdict_valid_o;
  sc_core::sc_out<bool> verdict_o;
  sc_core::sc_in<bool> cfg_we_i;
  sc_core::sc_in<uint32_t> cfg_addr_i;
  sc_core::sc_in<uint32_t> cfg_wdata_i;
  sc_core::sc_out<bool> pmc_clear_o;
  sc_core::sc_out<bool> pmc_enable_o;
  sc_core::sc_out<bool> pmc_flush_o;
  sc_core::sc_out<uint32_t> pmc_rd_sel_o;
  sc_core::sc_in<uint64_t> pmc_rd_data_i;
  sc_core::sc_in<uint32_t> tbl_rd_id_i;
  sc_core::sc_out<bool> tbl_rd_hit_o;
  sc_core::sc_out<bool> tbl_rd_decided_o;
  sc_core::sc_out<bool> tbl_rd_site_o;
  sc_core::sc_out<uint64_t> tbl_rd_num_o;
  sc_core::sc_out<uint64_t> tbl_rd_den_o;
  sc_core::sc_out<uint32_t> tbl_rd_sampled_o;
  sc_core::sc_out<uint32_t> tbl_rd_offloaded_o;

  SC_HAS_PROCESS(imu_sc);
  imu_sc(sc_core::sc_module_name nm, const imu_cfg_t &cfg) : sc_core::sc_module(nm) {
    m_ = imu_new(&cfg);
    if (!m_) throw std::invalid_argument("imu_sc: configuration out of range");
    SC_METHOD(seq);
    sensitive << clk_i.pos() << rst_ni.neg();
    SC_METHOD(comb);
    sensitive << changed_;
  }
  ~imu_sc() override { imu_free(m_); }

  const imu_t *model() const { return m_; }

 private:
  imu_t *m_;
  uint32_t rid_ = 0;  // the read port's id, sampled at the last edge (reset: 0)
  sc_core::sc_event changed_;

  void seq() {
    if (!rst_ni.read()) {
      imu_reset(m_);
      rid_ = 0;
    } else if (clk_i.posedge()) {
      imu_in_t in{};
      in.marker_valid = marker_valid_i.read();
      in.marker_op = marker_op_i.read();
      in.marker_id = marker_id_i.read();
      in.marker_trip = marker_trip_i.read();
      in.instr_ret = instr_ret_i.read();
      in.cfg_we = cfg_we_i.read();
      in.cfg_addr = cfg_addr_i.read();
      in.cfg_wdata = cfg_wdata_i.read();
      in.pmc_rd_data = pmc_rd_data_i.read();
      in.tbl_rd_id = tbl_rd_id_i.read();
      imu_out_t out;
      imu_step(m_, &in, &out);
      rid_ = in.tbl_rd_id;
    }  // else: the initialisation run writes the reset-state outputs
    imu_out_t o;
    imu_moore(m_, &o);
    marker_ready_o.write(o.marker_ready);
    verdict_valid_o.write(o.verdict_valid);
    verdict_o.write(o.verdict);
    pmc_clear_o.write(o.pmc_clear);
    pmc_enable_o.write(o.pmc_enable);
    pmc_flush_o.write(o.pmc_flush);
    pmc_rd_sel_o.write(o.pmc_rd_sel);
    changed_.notify(sc_core::SC_ZERO_TIME);
  }

  void comb() {
    const imu_cfg_t *c = imu_cfg(m_);
    const uint32_t mask = c->id_w >= 32 ? 0xFFFFFFFFu : (1u << c->id_w) - 1u;
    const uint32_t rid = rid_ & mask;
    bool hit = false, dec = false, site = false;
    uint64_t num = 0, den = 0;
    uint32_t smp = 0, off = 0;
    for (unsigned i = 0; i < c->num_loops; i++) {
      imu_entry_t e;
      if (!imu_table_get(m_, i, &e) || e.id != rid) continue;
      hit = true;
      dec |= e.decided != 0;
      site |= e.site != 0;
      num |= e.num;
      den |= e.den;
      smp |= e.sampled;
      off |= e.offloaded;
    }
    tbl_rd_hit_o.write(hit);
    tbl_rd_decided_o.write(dec);
    tbl_rd_site_o.write(site);
    tbl_rd_num_o.write(num);
    tbl_rd_den_o.write(den);
    tbl_rd_sampled_o.write(smp);
    tbl_rd_offloaded_o.write(off);
  }
};

}  // namespace copim

#endif
