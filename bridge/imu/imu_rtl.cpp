#include "imu_rtl.h"

#include <stdio.h>

#include "Vimu.h"
#include "vl_util.h"

#ifndef IMU_NUM_LOOPS
#error "build with -DIMU_NUM_LOOPS etc. matching the verilator -G parameters"
#endif

struct imu_rtl : vl_model<Vimu> {};

static const uint64_t kCntMask = (IMU_CNT_W >= 64) ? ~0ull : ((1ull << IMU_CNT_W) - 1);
static const uint32_t kIdMask = (IMU_ID_W >= 32) ? ~0u : ((1u << IMU_ID_W) - 1);

extern "C" imu_rtl_t *imu_rtl_new(unsigned reset_seed, const char *fst_path) {
  imu_rtl *h = new imu_rtl();
  if (!h->open(reset_seed, fst_path, "imu")) {
    imu_rtl_free(h);
    return NULL;
  }
  h->reset();
  return h;
}

extern "C" void imu_rtl_free(imu_rtl_t *h) {
  if (!h) return;
  h->close();
  delete h;
}

extern "C" imu_cfg_t imu_rtl_cfg(const imu_rtl_t *) {
  imu_cfg_t c = IMU_CFG_BUILD;
  return c;
}

extern "C" uint64_t imu_rtl_cycle(const imu_rtl_t *h) { return h->cycle; }

extern "C" void imu_rtl_moore(const imu_rtl_t *h, imu_out_t *out) {
  const Vimu *t = h->top;
  out->marker_ready = t->marker_ready_o;
  out->verdict_valid = t->verdict_valid_o;
  out->verdict = t->verdict_o;
  out->pmc_clear = t->pmc_clear_o;
  out->pmc_enable = t->pmc_enable_o;
  out->pmc_flush = t->pmc_flush_o;
  out->pmc_rd_sel = t->pmc_rd_sel_o;
}

extern "C" void imu_rtl_step(imu_rtl_t *h, const imu_in_t *in, imu_out_t *out) {
  Vimu *t = h->top;
  t->marker_valid_i = in->marker_valid ? 1 : 0;
  t->marker_op_i = in->marker_op & 3u;
  t->marker_id_i = in->marker_id & kIdMask;
  t->marker_trip_i = in->marker_trip;
  t->instr_ret_i = in->instr_ret & ((1u << IMU_RET_W) - 1);
  t->cfg_we_i = in->cfg_we ? 1 : 0;
  t->cfg_addr_i = in->cfg_addr & 7u;
  t->cfg_wdata_i = in->cfg_wdata;
  t->pmc_rd_data_i = in->pmc_rd_data & kCntMask;
  t->tbl_rd_id_i = in->tbl_rd_id & kIdMask;
  const uint64_t t0 = h->now();
  h->half(0, t0);
  imu_rtl_moore(h, out);
  out->tbl_rd_hit = t->tbl_rd_hit_o;
  out->tbl_rd_decided = t->tbl_rd_decided_o;
  out->tbl_rd_site = t->tbl_rd_site_o;
  out->tbl_rd_num = t->tbl_rd_num_o;
  out->tbl_rd_den = t->tbl_rd_den_o;
  out->tbl_rd_sampled = t->tbl_rd_sampled_o;
  out->tbl_rd_offloaded = t->tbl_rd_offloaded_o;
  h->half(1, t0 + VL_TICKS_PER_CYCLE / 2);
  h->cycle++;
}
