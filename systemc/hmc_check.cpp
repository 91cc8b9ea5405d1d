// hmc_check: the HMC TLM target against the C model driven directly (hmc_check.h).
#include "hmc_check.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

using namespace sc_core;

namespace copim {

static const unsigned kReqs = 80;              // per initiator
static const uint64_t kBase[3] = {0x100000, 0x200000, 0x300000};
static const uint64_t kSpan = 0x4000;          // bytes each initiator touches

static uint64_t mix(uint64_t &s) {  // splitmix64
  uint64_t z = (s += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

hmc_check::hmc_check(sc_module_name nm, copim_sc_hmc_check_t *res, uint64_t seed)
    : sc_module(nm), res_(res), seed_(seed), mem_(4u << 20), at0_("at0"), at1_("at1"), lt_("lt") {
  std::memset(res_, 0, sizeof *res_);
  hmc_cfg_t cfg = HMC_CFG_DEFAULT;
  hmc_ = std::make_unique<hmc_sc>("hmc", cfg, mem_.data(), mem_.size());
  at0_.bind(hmc_->pe_socket);
  at1_.bind(hmc_->pe_socket);
  lt_.bind(hmc_->link_socket);
  at0_.register_nb_transport_bw(this, &hmc_check::bw, 0);
  at1_.register_nb_transport_bw(this, &hmc_check::bw, 1);
  SC_THREAD(at_thread0);
  SC_THREAD(at_thread1);
  SC_THREAD(lt_thread);
}

hmc_check::~hmc_check() = default;

tlm::tlm_sync_enum hmc_check::bw(int who, tlm::tlm_generic_payload &, tlm::tlm_phase &ph, sc_time &) {
  if (ph == tlm::BEGIN_RESP) {
    resp_ev_[who].notify(SC_ZERO_TIME);
    return tlm::TLM_COMPLETED;
  }
  return tlm::TLM_ACCEPTED;  // END_REQ after back-pressure
}

void hmc_check::traffic(unsigned who) {
  uint64_t s = seed_ * 3 + who + 1;
  std::vector<uint8_t> shadow(kSpan, 0);
  uint8_t buf[64];
  hmc_ext *x = new hmc_ext;
  tlm::tlm_generic_payload gp;
  gp.set_extension(x);
  for (unsigned i = 0; i < kReqs; i++) {
    // the next send time: 1..799 ps past a logic-clock edge, never on one
    uint64_t now = sc_to_ps(sc_time_stamp());
    uint64_t t = (now / 800 + 1 + mix(s) % 3) * 800 + 1 + mix(s) % 799;
    unsigned kind = (unsigned)(mix(s) % 3);
    uint64_t off = (mix(s) % (kSpan / 64)) * 64;
    rec_t r{};
    r.port = who == 2 ? hmc_port_link(0) : hmc_port_pe(who);
    r.addr = kBase[who] + off;
    r.t_ps = t;
    gp.set_address(r.addr);
    gp.set_data_ptr(buf);
    gp.set_byte_enable_ptr(nullptr);
    gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    x->timing_only = false;
    if (kind == 0) {
      r.cmd = HMC_RD;
      gp.set_command(tlm::TLM_READ_COMMAND);
      gp.set_data_length(64);
    } else if (kind == 1) {
      r.cmd = HMC_WR;
      gp.set_command(tlm::TLM_WRITE_COMMAND);
      gp.set_data_length(64);
      for (unsigned k = 0; k < 64; k++) buf[k] = r.wdata[k] = (uint8_t)mix(s);
    } else {
      r.cmd = HMC_AMOADD_W;
      r.addr += 4 * (mix(s) % 16);
      gp.set_address(r.addr);
      gp.set_command(tlm::TLM_IGNORE_COMMAND);
      gp.set_data_length(4);
      r.op = mix(s) & 0xFFFFFFFFu;
      x->op[0] = r.op;
    }
    x->cmd = r.cmd;
    if (who == 2) {
      sc_time d = ps(t - now);  // loosely timed: the target waits out the delay
      lt_->b_transport(gp, d);
    } else {
      wait(ps(t - now));
      tlm::tlm_phase ph = tlm::BEGIN_REQ;
      sc_time d = SC_ZERO_TIME;
      tlm::tlm_sync_enum st = (who == 0 ? at0_ : at1_)->nb_transport_fw(gp, ph, d);
      if (st != tlm::TLM_COMPLETED) wait(resp_ev_[who]);
    }
    if (gp.get_response_status() != tlm::TLM_OK_RESPONSE) {
      res_->mismatches++;
      std::snprintf(res_->first, sizeof res_->first, "initiator %u request %u: TLM status %s", who, i,
                    gp.get_response_string().c_str());
    }
    r.t_resp = x->t_resp_ps;
    r.ret = x->ret[0];
    if (kind == 0) std::memcpy(r.rdata, buf, 64);
    // the shadow: what this initiator alone wrote to its range
    const uint64_t o = r.addr - kBase[who];
    res_->checks++;
    if (kind == 0 && std::memcmp(buf, &shadow[o], 64)) {
      res_->mismatches++;
      std::snprintf(res_->first, sizeof res_->first, "initiator %u: read of 0x%llx returned data never written", who,
                    (unsigned long long)r.addr);
    } else if (kind == 1) {
      std::memcpy(&shadow[o], r.wdata, 64);
    } else if (kind == 2) {
      uint32_t old;
      std::memcpy(&old, &shadow[o], 4);
      if (old != (uint32_t)r.ret) {
        res_->mismatches++;
        std::snprintf(res_->first, sizeof res_->first, "initiator %u: amoadd.w at 0x%llx returned %u, memory held %u",
                      who, (unsigned long long)r.addr, (unsigned)r.ret, old);
      }
      uint32_t nv = old + (uint32_t)r.op;
      std::memcpy(&shadow[o], &nv, 4);
    }
    recs_.push_back(r);
    res_->reqs++;
  }
  gp.clear_extension(x);
  delete x;
  if (++done_ == 3) {
    compare();
    finished.notify(SC_ZERO_TIME);
  }
}

// The reference: a fresh C model, the same sends at the same times, advanced
// where hmc_sc advances (each 800 ps edge after a send while anything is in
// flight), responses taken by polling.
void hmc_check::compare() {
  std::vector<uint8_t> mem(mem_.size(), 0);
  hmc_cfg_t cfg = HMC_CFG_DEFAULT;
  hmc_t *h = hmc_new(&cfg, mem.data(), mem.size());
  std::vector<size_t> order(recs_.size());
  for (size_t i = 0; i < order.size(); i++) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return recs_[a].t_ps < recs_[b].t_ps; });
  std::vector<hmc_resp_t> got(recs_.size());
  std::vector<int> have(recs_.size(), 0);
  uint64_t next_tick = 0;  // 0: none scheduled
  auto run_ticks = [&](uint64_t until) {  // ticks strictly before until
    while (next_tick && next_tick < until) {
      hmc_advance(h, next_tick);
      hmc_resp_t r;
      for (unsigned p = 0; p < HMC_NUM_PORTS; p++)
        while (hmc_poll(h, p, &r)) {
          got[r.tag] = r;
          have[r.tag] = 1;
        }
      next_tick = hmc_inflight(h) ? next_tick + 800 : 0;
    }
  };
  for (size_t i : order) {
    const rec_t &q = recs_[i];
    run_ticks(q.t_ps);
    hmc_req_t r{};
    r.port = q.port;
    r.cmd = q.cmd;
    r.addr = q.addr;
    r.tag = i;
    r.size = q.cmd == HMC_AMOADD_W ? 4 : 64;
    if (q.cmd == HMC_RD || q.cmd == HMC_WR) r.flags = HMC_REQ_DATA;
    r.wdata = q.cmd == HMC_WR ? q.wdata : nullptr;
    r.op[0] = q.op;
    if (hmc_send(h, &r, q.t_ps) != HMC_OK) {
      res_->mismatches++;
      std::snprintf(res_->first, sizeof res_->first, "reference refused request %zu", i);
    }
    uint64_t t = (q.t_ps / 800 + 1) * 800;
    if (!next_tick || t < next_tick) next_tick = t;
  }
  run_ticks(~0ull);
  for (size_t i = 0; i < recs_.size(); i++) {
    const rec_t &q = recs_[i];
    res_->checks++;
    bool ok = have[i] && got[i].t_ps == q.t_resp && (q.cmd != HMC_AMOADD_W || got[i].ret[0] == q.ret) &&
              (q.cmd != HMC_RD || !std::memcmp(got[i].data, q.rdata, 64));
    if (!ok) {
      if (!res_->mismatches)
        std::snprintf(res_->first, sizeof res_->first,
                      "request %zu (%s 0x%llx at %llu ps, port %u): TLM response at %llu ps, C model %s%llu ps", i,
                      hmc_cmd_name(q.cmd), (unsigned long long)q.addr, (unsigned long long)q.t_ps, q.port,
                      (unsigned long long)q.t_resp, have[i] ? "" : "none, ", (unsigned long long)got[i].t_ps);
      res_->mismatches++;
    }
  }
  hmc_free(h);
}

}  // namespace copim
