// The hand-written part of copim::imu_sc (the rest is generated from
// hw/imu.desc into build/gen/bridge/imu/imu_sc.h, which includes this at its
// end): the decision-table read port tbl_rd_*, the outputs that are not
// registers.  The OR over the valid entries whose id matches rid_, the id
// sampled at the last rising edge, from the table as it stands, as the RTL
// and imu_step() build it.
#ifndef IMU_SC_COMB_H
#define IMU_SC_COMB_H

namespace copim {

inline void imu_sc::comb() {
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

}  // namespace copim

#endif
