#include "pmc_rtl.h"

#include <stdio.h>

// The same shim drives the RTL (Vpmc) and, for post-synthesis simulation,
// the synthesized netlist Verilated under another prefix (mk/fpga.mk).
#ifndef PMC_VL_CLASS
#define PMC_VL_CLASS Vpmc
#define PMC_VL_HEADER "Vpmc.h"
#endif
#include PMC_VL_HEADER
#include "verilated_fst_c.h"
#include "vl_util.h"

#ifndef PMC_NUM_CORES
#error "build with -DPMC_NUM_CORES etc. matching the verilator -G parameters"
#endif

struct pmc_rtl {
  VerilatedContext *ctx;
  PMC_VL_CLASS *top;
  VerilatedFstC *tfp;
  uint64_t cycle;
};

static void tick_half(pmc_rtl *h, int clk, uint64_t t) {
  h->top->clk_i = clk;
  h->top->eval();
  if (h->tfp) h->tfp->dump(t);
}

extern "C" pmc_rtl_t *pmc_rtl_new(unsigned reset_seed, const char *fst_path) {
  pmc_rtl *h = new pmc_rtl();
  h->ctx = vl_context(reset_seed);
  h->top = new PMC_VL_CLASS(h->ctx, "pmc");
  if (fst_path) {
    h->tfp = new VerilatedFstC;
    h->top->trace(h->tfp, 99);
    h->tfp->open(fst_path);
    if (!h->tfp->isOpen()) {
      fprintf(stderr, "pmc_rtl: cannot open waveform '%s'\n", fst_path);
      pmc_rtl_free(h);
      return NULL;
    }
  }
  // Reset takes the first two cycles of the waveform; cycle 0 follows.
  h->top->rst_ni = 0;
  h->top->clk_i = 0;
  h->top->eval();
  h->top->rst_ni = 1;
  h->top->eval();
  h->top->rst_ni = 0;
  for (uint64_t i = 0; i < VL_RESET_CYCLES; i++) {
    tick_half(h, 0, i * VL_TICKS_PER_CYCLE);
    tick_half(h, 1, i * VL_TICKS_PER_CYCLE + VL_TICKS_PER_CYCLE / 2);
  }
  h->top->clk_i = 0;
  h->top->rst_ni = 1;
  h->top->eval();
  return h;
}

extern "C" void pmc_rtl_free(pmc_rtl_t *h) {
  if (!h) return;
  if (h->tfp) {
    h->tfp->close();
    delete h->tfp;
  }
  h->top->final();
  delete h->top;
  delete h->ctx;
  delete h;
}

extern "C" pmc_cfg_t pmc_rtl_cfg(const pmc_rtl_t *) {
  pmc_cfg_t c = {PMC_NUM_CORES, PMC_NUM_MSHR, PMC_W, PMC_CNT_W};
  return c;
}

extern "C" uint64_t pmc_rtl_cycle(const pmc_rtl_t *h) { return h->cycle; }

extern "C" void pmc_rtl_step(pmc_rtl_t *h, const pmc_in_t *in, pmc_out_t *out) {
  PMC_VL_CLASS *t = h->top;
  const uint64_t cores = (PMC_NUM_CORES >= 64) ? ~0ull : ((1ull << PMC_NUM_CORES) - 1);
  t->hit_act_i = in->hit_act & cores;
  t->miss_act_i = in->miss_act & cores;
  t->mshr_alloc_i = in->mshr_alloc ? 1 : 0;
  t->mshr_alloc_idx_i = in->mshr_alloc_idx & (PMC_NUM_MSHR - 1);
  t->mshr_alloc_core_i = in->mshr_alloc_core;
  t->mshr_free_i = in->mshr_free ? 1 : 0;
  t->mshr_free_idx_i = in->mshr_free_idx & (PMC_NUM_MSHR - 1);
  t->clear_i = in->clear & cores;
  t->enable_i = in->enable & cores;
  t->flush_i = in->flush & cores;
  uint64_t sel = 0;
  for (unsigned c = 0; c < PMC_NUM_CORES; c++) sel |= (uint64_t)(in->rd_sel[c] & 7u) << (3 * c);
  t->rd_sel_i = sel;
  const uint64_t t0 = (h->cycle + VL_RESET_CYCLES) * VL_TICKS_PER_CYCLE;
  tick_half(h, 0, t0);
  for (unsigned c = 0; c < PMC_NUM_CORES; c++) out->rd_data[c] = vl_get_bits(t->rd_data_o.data(), PMC_CNT_W * c, PMC_CNT_W);
  tick_half(h, 1, t0 + VL_TICKS_PER_CYCLE / 2);
  h->cycle++;
}
