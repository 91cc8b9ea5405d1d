#include "pe_rtl.h"

#include <stdio.h>

#include "vl_util.h"

// The prototype's PE (mk/fpga.mk) is the same shim over a Verilated model
// built with other parameters under another prefix.
#ifndef PE_VL_CLASS
#define PE_VL_CLASS Vpe
#define PE_VL_HEADER "Vpe.h"
#endif
#include PE_VL_HEADER
#ifndef PE_LINE_BYTES
#error "build with -DPE_LINE_BYTES etc. matching the verilator -G parameters"
#endif

struct pe_rtl : vl_model<PE_VL_CLASS> {};

extern "C" pe_rtl_t *pe_rtl_new(unsigned reset_seed, const char *fst_path) {
  pe_rtl *h = new pe_rtl();
  if (!h->open(reset_seed, fst_path, "pe")) {
    pe_rtl_free(h);
    return NULL;
  }
  PE_VL_CLASS *t = h->top;
  t->start_i = 0;
  t->boot_pc_i = 0;
  t->hart_id_i = 0;
  t->mem_req_ready_i = 0;
  t->mem_resp_valid_i = 0;
  t->mem_resp_tag_i = 0;
  t->dinval_i = 0;
  t->dinval_addr_i = 0;
  h->reset();
  return h;
}

extern "C" void pe_rtl_free(pe_rtl_t *h) {
  if (!h) return;
  h->close();
  delete h;
}

extern "C" pe_cfg_t pe_rtl_cfg(const pe_rtl_t *) {
  pe_cfg_t c = PE_CFG_BUILD;
  return c;
}

extern "C" uint64_t pe_rtl_cycle(const pe_rtl_t *h) { return h->cycle; }

extern "C" void pe_rtl_outputs(const pe_rtl_t *h, pe_out_t *o) {
  const PE_VL_CLASS *t = h->top;
  o->halted = t->halted_o;
  o->mem_req_valid = t->mem_req_valid_o;
  o->mem_req_addr = t->mem_req_addr_o;
  o->mem_req_op = t->mem_req_op_o;
  o->mem_req_amo = t->mem_req_amo_o;
  o->mem_req_wdata = t->mem_req_wdata_o;
  o->mem_req_be = t->mem_req_be_o;
  o->mem_req_tag = t->mem_req_tag_o;
  o->ret_valid = t->ret_valid_o;
  o->ret_pc = t->ret_pc_o;
  o->ret_insn = t->ret_insn_o;
  o->ret_rd = t->ret_rd_o;
  o->ret_rd_value = t->ret_rd_value_o;
}

extern "C" void pe_rtl_step(pe_rtl_t *h, const pe_in_t *in, pe_out_t *out) {
  PE_VL_CLASS *t = h->top;
  t->start_i = in->start ? 1 : 0;
  t->boot_pc_i = in->boot_pc;
  t->hart_id_i = in->hart_id;
  t->mem_req_ready_i = in->mem_req_ready ? 1 : 0;
  t->mem_resp_valid_i = in->mem_resp_valid ? 1 : 0;
  t->mem_resp_tag_i = in->mem_resp_tag & 15u;
#if PE_LINE_BYTES > 8
  for (unsigned k = 0; k < PE_LINE_BYTES / 4; k++) t->mem_resp_data_i[k] = in->mem_resp_data[k];
#else
#error "PE_LINE_BYTES must be 16, 32 or 64"
#endif
  t->dinval_i = in->dinval ? 1 : 0;
  t->dinval_addr_i = in->dinval_addr;
  const uint64_t t0 = h->now();
  h->half(0, t0);
  if (out) pe_rtl_outputs(h, out);
  h->half(1, t0 + VL_TICKS_PER_CYCLE / 2);
  h->cycle++;
}
