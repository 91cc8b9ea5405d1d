#include "imu_pair.h"

#include <string.h>

int imu_pair_open(imu_pair_t *pp, tb_t *t, unsigned reset_seed, const char *waves, const char *name) {
  memset(pp, 0, sizeof *pp);
  pp->t = t;
  pp->name = name ? name : "imu";
  pp->rtl = imu_rtl_new(reset_seed, waves);
  if (!pp->rtl) return 0;
  pp->cfg = imu_rtl_cfg(pp->rtl);
  pp->c = imu_new(&pp->cfg);
  return pp->c != NULL;
}

void imu_pair_moore(const imu_pair_t *pp, imu_out_t *out) { imu_rtl_moore(pp->rtl, out); }

int imu_compare(tb_t *t, uint64_t cycle, const char *name, const imu_out_t *r, const imu_out_t *c) {
  char port[64];
#define IMU_CMP(f)                                                                          \
  do {                                                                                      \
    snprintf(port, sizeof port, "%s.%s", name, #f);                                         \
    if (!tb_lockstep_u64(t, cycle, port, (uint64_t)r->f, (uint64_t)c->f)) return 0;         \
  } while (0)
  IMU_CMP(marker_ready);
  IMU_CMP(verdict_valid);
  IMU_CMP(verdict);
  IMU_CMP(pmc_clear);
  IMU_CMP(pmc_enable);
  IMU_CMP(pmc_flush);
  IMU_CMP(pmc_rd_sel);
  IMU_CMP(tbl_rd_hit);
  IMU_CMP(tbl_rd_decided);
  IMU_CMP(tbl_rd_site);
  IMU_CMP(tbl_rd_num);
  IMU_CMP(tbl_rd_den);
  IMU_CMP(tbl_rd_sampled);
  IMU_CMP(tbl_rd_offloaded);
#undef IMU_CMP
  return 1;
}

int imu_pair_step(imu_pair_t *pp, const imu_in_t *in, imu_out_t *out) {
  imu_out_t oc;
  imu_step(pp->c, in, &oc);
  imu_rtl_step(pp->rtl, in, out);
  int ok = 1;
  if (!pp->diverged) {
    ok = imu_compare(pp->t, pp->cycle, pp->name, out, &oc);
    if (!ok) pp->diverged = 1;
  }
  pp->cycle++;
  return ok;
}

void imu_pair_close(imu_pair_t *pp) {
  imu_rtl_free(pp->rtl);
  imu_free(pp->c);
  pp->rtl = NULL;
  pp->c = NULL;
}

uint32_t imu_pick_trip(tb_rng_t *r) {
  switch (tb_rng_below(r, 8)) {
  case 0: return 0;
  case 1: return (uint32_t)tb_rng_next(r);
  case 2: return (uint32_t)tb_rng_below(r, 100000);
  default: return (uint32_t)tb_rng_below(r, 60);
  }
}
