#include "pmc_rtl.h"

#include <stdio.h>

// The same shim drives the RTL (Vpmc) and, for post-synthesis simulation,
// the synthesized netlist Verilated under another prefix (mk/fpga.mk).
#ifndef PMC_VL_CLASS
#define PMC_VL_CLASS Vpmc
#define PMC_VL_HEADER "Vpmc.h"
#endif
#include PMC_VL_HEADER
#include "vl_util.h"

#ifndef PMC_NUM_CORES
#error "build with -DPMC_NUM_CORES etc. matching the verilator -G parameters"
#endif

struct pmc_rtl : vl_model<PMC_VL_CLASS> {};

extern "C" pmc_rtl_t *pmc_rtl_new(unsigned reset_seed, const char *fst_path) {
  pmc_rtl *h = new pmc_rtl();
  if (!h->open(reset_seed, fst_path, "pmc")) {
    pmc_rtl_free(h);
    return NULL;
  }
  h->reset();
  return h;
}

extern "C" void pmc_rtl_free(pmc_rtl_t *h) {
  if (!h) return;
  h->close();
  delete h;
}

extern "C" pmc_cfg_t pmc_rtl_cfg(const pmc_rtl_t *) {
  pmc_cfg_t c = PMC_CFG_BUILD;
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
  const uint64_t t0 = h->now();
  h->half(0, t0);
  for (unsigned c = 0; c < PMC_NUM_CORES; c++) out->rd_data[c] = vl_get_bits(t->rd_data_o.data(), PMC_CNT_W * c, PMC_CNT_W);
  h->half(1, t0 + VL_TICKS_PER_CYCLE / 2);
  h->cycle++;
}
