// hmc_sc: TLM-2.0 target around the HMC C model (see hmc_sc.h).
#include "hmc_sc.h"

#include <cstdio>
#include <cstring>
#include <stdexcept>

using namespace sc_core;

namespace copim {

hmc_sc::hmc_sc(sc_module_name nm, const hmc_cfg_t &cfg, uint8_t *mem, size_t mem_bytes, sc_time origin, sc_time period)
    : sc_module(nm), link_socket("link_socket"), pe_socket("pe_socket"), mem_(mem), mem_bytes_(mem_bytes),
      origin_(origin), period_(period) {
  h_ = hmc_new(&cfg, mem, mem_bytes);
  if (!h_) throw std::invalid_argument("hmc_sc: configuration out of range");
  if (period_ == SC_ZERO_TIME) period_ = ps(cfg.tck_ps);
  link_socket.register_nb_transport_fw(this, &hmc_sc::nb_link);
  link_socket.register_b_transport(this, &hmc_sc::b_link);
  link_socket.register_transport_dbg(this, &hmc_sc::dbg);
  pe_socket.register_nb_transport_fw(this, &hmc_sc::nb_pe);
  pe_socket.register_b_transport(this, &hmc_sc::b_pe);
  pe_socket.register_transport_dbg(this, &hmc_sc::dbg);
  SC_METHOD(tick);
  sensitive << kick_;
  dont_initialize();
}

hmc_sc::~hmc_sc() { hmc_free(h_); }

// Generic payload (+ extension) -> hmc_req_t.  false (and the payload's
// response status set) for what the cube cannot do.
bool hmc_sc::build(tlm::tlm_generic_payload &gp, bool link, int idx, hmc_req_t *r) {
  std::memset(r, 0, sizeof *r);
  hmc_ext *x = nullptr;
  gp.get_extension(x);
  r->port = link ? hmc_port_link((unsigned)idx) : hmc_port_pe((unsigned)idx);
  r->addr = gp.get_address();
  r->size = gp.get_data_length();
  if (gp.get_byte_enable_ptr()) {
    gp.set_response_status(tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE);
    return false;
  }
  if (x) {
    r->cmd = x->cmd;
    r->op[0] = x->op[0];
    r->op[1] = x->op[1];
  } else if (gp.is_read()) {
    r->cmd = HMC_RD;
  } else if (gp.is_write()) {
    r->cmd = HMC_WR;
  } else {
    gp.set_response_status(tlm::TLM_COMMAND_ERROR_RESPONSE);
    return false;
  }
  const bool data = mem_ && !(x && x->timing_only);
  if (data && (r->cmd == HMC_RD || r->cmd == HMC_WR || r->cmd == HMC_WR_POSTED)) {
    r->flags = HMC_REQ_DATA;
    r->wdata = r->cmd == HMC_RD ? nullptr : gp.get_data_ptr();
  }
  return true;
}

int hmc_sc::try_send(pending_t &p, uint64_t t_ps) {
  int rc = hmc_send(h_, &p.req, t_ps);
  if (rc == HMC_OK) {
    p.sent = true;
    hmc_ext *x = nullptr;
    p.gp->get_extension(x);
    if (x) x->t_send_ps = t_ps > hmc_now(h_) ? t_ps : hmc_now(h_);
  }
  return rc;
}

tlm::tlm_sync_enum hmc_sc::nb_fw(int id, tlm::tlm_generic_payload &gp, tlm::tlm_phase &ph, sc_time &d, bool link) {
  if (ph == tlm::END_RESP) return tlm::TLM_COMPLETED;
  if (ph != tlm::BEGIN_REQ) {
    SC_REPORT_ERROR(name(), "nb_transport_fw: unexpected phase");
    return tlm::TLM_COMPLETED;
  }
  pending_t p{&gp, true, link, id, {}};
  if (!build(gp, link, id, &p.req)) return tlm::TLM_COMPLETED;
  uint64_t tag = next_tag_++;
  p.req.tag = tag;
  int rc = try_send(p, sc_to_ps(sc_time_stamp() + d - origin_));
  if (rc < 0) {
    gp.set_response_status(rc == HMC_EADDR ? tlm::TLM_ADDRESS_ERROR_RESPONSE : tlm::TLM_GENERIC_ERROR_RESPONSE);
    return tlm::TLM_COMPLETED;
  }
  if (rc == HMC_OK && p.req.cmd == HMC_WR_POSTED) {
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
    schedule();
    return tlm::TLM_COMPLETED;
  }
  pend_.emplace(tag, p);
  if (rc == HMC_STALL) stalled_.push_back(tag);
  schedule();
  if (rc == HMC_STALL) return tlm::TLM_ACCEPTED;
  ph = tlm::END_REQ;
  return tlm::TLM_UPDATED;
}

void hmc_sc::b_tr(int id, tlm::tlm_generic_payload &gp, sc_time &d, bool link) {
  if (d > SC_ZERO_TIME) wait(d);
  d = SC_ZERO_TIME;
  pending_t p{&gp, false, link, id, {}};
  if (!build(gp, link, id, &p.req)) return;
  uint64_t tag = next_tag_++;
  p.req.tag = tag;
  int rc;
  while ((rc = try_send(p, now_ps())) == HMC_STALL) {
    schedule();
    wait(period_);
  }
  if (rc < 0) {
    gp.set_response_status(rc == HMC_EADDR ? tlm::TLM_ADDRESS_ERROR_RESPONSE : tlm::TLM_GENERIC_ERROR_RESPONSE);
    return;
  }
  if (p.req.cmd == HMC_WR_POSTED) {
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
    schedule();
    return;
  }
  sc_event done;
  p.done = &done;
  pend_.emplace(tag, p);
  schedule();
  wait(done);
}

unsigned hmc_sc::dbg(int, tlm::tlm_generic_payload &gp) {
  uint64_t a = gp.get_address();
  unsigned n = gp.get_data_length();
  if (!mem_ || a >= mem_bytes_) return 0;
  if (n > mem_bytes_ - a) n = (unsigned)(mem_bytes_ - a);
  if (gp.is_read()) std::memcpy(gp.get_data_ptr(), mem_ + a, n);
  else if (gp.is_write()) std::memcpy(mem_ + a, gp.get_data_ptr(), n);
  else return 0;
  return n;
}

// The next advance point strictly after now.
void hmc_sc::schedule() {
  sc_time now = sc_time_stamp();
  sc_time rel = now > origin_ ? now - origin_ : SC_ZERO_TIME;
  uint64_t n = (uint64_t)(rel / period_) + 1;
  sc_time at = origin_ + period_ * (double)n;
  kick_.notify(at - now);
}

void hmc_sc::deliver(const hmc_resp_t &r) {
  auto it = pend_.find(r.tag);
  if (it == pend_.end()) return;  // not one of ours (a C client sharing the port)
  pending_t p = it->second;
  pend_.erase(it);
  tlm::tlm_generic_payload &gp = *p.gp;
  hmc_ext *x = nullptr;
  gp.get_extension(x);
  if (x) {
    x->ret[0] = r.ret[0];
    x->ret[1] = r.ret[1];
    x->flag = r.flag;
    x->t_send_ps = r.t_send_ps;
    x->t_resp_ps = r.t_ps;
  }
  if (r.cmd == HMC_RD && (p.req.flags & HMC_REQ_DATA)) std::memcpy(gp.get_data_ptr(), r.data, r.size);
  else if (hmc_atomic_bytes(r.cmd) && gp.get_data_ptr() && gp.get_data_length()) {
    unsigned n = gp.get_data_length() < 16 ? gp.get_data_length() : 16;
    uint8_t b[16];
    for (unsigned i = 0; i < 16; i++) b[i] = (uint8_t)(r.ret[i / 8] >> (8 * (i % 8)));
    std::memcpy(gp.get_data_ptr(), b, n);
  }
  gp.set_response_status(tlm::TLM_OK_RESPONSE);
  if (!p.nb) {
    p.done->notify(SC_ZERO_TIME);
    return;
  }
  tlm::tlm_phase ph = tlm::BEGIN_RESP;
  sc_time d = SC_ZERO_TIME;
  if (p.link) link_socket[p.idx]->nb_transport_bw(gp, ph, d);
  else pe_socket[p.idx]->nb_transport_bw(gp, ph, d);
}

void hmc_sc::tick() {
  const uint64_t now = now_ps();
  hmc_advance(h_, now);
  hmc_resp_t r;
  for (unsigned l = 0; l < (unsigned)link_socket.size(); l++)
    while (hmc_poll(h_, hmc_port_link(l), &r)) deliver(r);
  for (unsigned v = 0; v < (unsigned)pe_socket.size(); v++)
    while (hmc_poll(h_, hmc_port_pe(v), &r)) deliver(r);
  // retry what the cube refused, oldest first; stop at the first refusal
  while (!stalled_.empty()) {
    auto it = pend_.find(stalled_.front());
    pending_t &p = it->second;
    if (try_send(p, now) == HMC_STALL) break;
    stalled_.pop_front();
    tlm::tlm_phase ph = tlm::END_REQ;
    sc_time d = SC_ZERO_TIME;
    if (p.link) link_socket[p.idx]->nb_transport_bw(*p.gp, ph, d);
    else pe_socket[p.idx]->nb_transport_bw(*p.gp, ph, d);
    if (p.req.cmd == HMC_WR_POSTED) {  // posted: no response packet comes; complete the protocol now
      tlm::tlm_generic_payload *gp = p.gp;
      bool link = p.link;
      int idx = p.idx;
      pend_.erase(it);
      gp->set_response_status(tlm::TLM_OK_RESPONSE);
      ph = tlm::BEGIN_RESP;
      d = SC_ZERO_TIME;
      if (link) link_socket[idx]->nb_transport_bw(*gp, ph, d);
      else pe_socket[idx]->nb_transport_bw(*gp, ph, d);
    }
  }
  if (hmc_inflight(h_) || !stalled_.empty()) schedule();
}

}  // namespace copim
