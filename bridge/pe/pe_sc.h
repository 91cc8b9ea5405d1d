// pe_sc: a vault PE, the C model (csim/pe/pe.h) as an sc_module whose ports
// have the names and SystemC types `verilator --sc` gives rtl/pe/pe.sv
// (class Vpe; mem_resp_data_i is sc_bv<LineBytes * 8>).
//
// Every output is a register (pe.h): they change on the rising edge of
// clk_i, so a memory model may read this cycle's request before choosing
// this cycle's ready/response, as the C harnesses do.  A platform that
// gates the PE's clock (the full system does for a halted PE) simply does
// not toggle clk_i.
#ifndef PE_SC_H
#define PE_SC_H

#include <stdexcept>

#include "copim_sc.h"

namespace copim {

template <unsigned LineBits = 512>
class pe_sc : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk_i;
  sc_core::sc_in<bool> rst_ni;
  sc_core::sc_in<bool> start_i;
  sc_core::sc_in<uint32_t> boot_pc_i;
  sc_core::sc_in<uint32_t> hart_id_i;
  sc_core::sc_out<bool> halted_o;
  sc_core::sc_out<bool> mem_req_valid_o;
  sc_core::sc_in<bool> mem_req_ready_i;
  sc_core::sc_out<uint32_t> mem_req_addr_o;
  sc_core::sc_out<uint32_t> mem_req_op_o;
  sc_core::sc_out<uint32_t> mem_req_amo_o;
  sc_core::sc_out<uint32_t> mem_req_wdata_o;
  sc_core::sc_out<uint32_t> mem_req_be_o;
  sc_core::sc_in<bool> mem_resp_valid_i;
  sc_core::sc_in<sc_dt::sc_bv<LineBits> > mem_resp_data_i;
  sc_core::sc_out<bool> ret_valid_o;
  sc_core::sc_out<uint32_t> ret_pc_o;
  sc_core::sc_out<uint32_t> ret_insn_o;
  sc_core::sc_out<uint32_t> ret_rd_o;
  sc_core::sc_out<uint32_t> ret_rd_value_o;

  SC_HAS_PROCESS(pe_sc);
  pe_sc(sc_core::sc_module_name nm, const pe_cfg_t &cfg) : sc_core::sc_module(nm) {
    if (cfg.line_bytes * 8 != LineBits) throw std::invalid_argument("pe_sc: LineBytes * 8 must equal the port width");
    m_ = pe_new(&cfg);
    if (!m_) throw std::invalid_argument("pe_sc: configuration out of range");
    SC_METHOD(seq);
    sensitive << clk_i.pos() << rst_ni.neg();
  }
  ~pe_sc() override { pe_free(m_); }

  const pe_t *model() const { return m_; }
  // The outputs of the current cycle as the C port struct (what the signals show).
  void outputs(pe_out_t *o) const { pe_outputs(m_, o); }

 private:
  pe_t *m_;

  void seq() {
    if (!rst_ni.read()) {
      pe_reset(m_);
    } else if (clk_i.posedge()) {
      pe_in_t in{};
      in.start = start_i.read();
      in.boot_pc = boot_pc_i.read();
      in.hart_id = hart_id_i.read();
      in.mem_req_ready = mem_req_ready_i.read();
      in.mem_resp_valid = mem_resp_valid_i.read();
      const sc_dt::sc_bv<LineBits> &d = mem_resp_data_i.read();
      for (unsigned k = 0; k < LineBits / 32; k++) in.mem_resp_data[k] = d.range(32 * k + 31, 32 * k).to_uint();
      pe_out_t out;
      pe_step(m_, &in, &out);
    }  // else: the initialisation run writes the reset-state outputs
    pe_out_t o;
    pe_outputs(m_, &o);
    halted_o.write(o.halted);
    mem_req_valid_o.write(o.mem_req_valid);
    mem_req_addr_o.write(o.mem_req_addr);
    mem_req_op_o.write(o.mem_req_op);
    mem_req_amo_o.write(o.mem_req_amo);
    mem_req_wdata_o.write(o.mem_req_wdata);
    mem_req_be_o.write(o.mem_req_be);
    ret_valid_o.write(o.ret_valid);
    ret_pc_o.write(o.ret_pc);
    ret_insn_o.write(o.ret_insn);
    ret_rd_o.write(o.ret_rd);
    ret_rd_value_o.write(o.ret_rd_value);
  }
};

}  // namespace copim

#endif
