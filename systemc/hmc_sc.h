// hmc_sc: the HMC 2.1 C model (csim/hmc/hmc.h) as a TLM-2.0 target.
//
//   link_socket[l]  -> hmc_port_link(l)   (host links; bind 0..links-1 in order)
//   pe_socket[v]    -> hmc_port_pe(v)     (the local port of vault v's PE)
//
// Both are tlm_utils::multi_passthrough_target_sockets: the n-th binding is
// port n.  A generic payload without extension is a plain read or write of
// data_length bytes (16..128, a multiple of 16, inside one 128-byte block;
// byte enables are not supported).  hmc_ext selects any hmc_cmd_t (posted
// writes, RV32A and HMC 2.0 atomics with operands and returned values) and
// carries the model's exact send and response times back.
//
// Timing.  HMC time (ps) = SystemC time - origin.  The model is advanced
// by one process at origin + n * period (default: the logic clock, tCK =
// 800 ps) while requests are in flight, and each response is handed to its
// initiator at the first such point at or after the time it reaches its
// port (hmc_ext::t_resp_ps has the exact time).
//  - b_transport: the annotated delay is waited out first (the request is
//    sent at now + delay), then the call blocks until the response; delay
//    returns as zero.  Loosely timed initiators need nothing else.
//  - nb_transport_fw (approximately timed, base protocol): BEGIN_REQ is
//    sent at now + delay; END_REQ comes back at once (TLM_UPDATED) or, when
//    the cube pushes back (link tokens, PE port FIFO), on the backward path
//    once a retry at a later advance point succeeds; BEGIN_RESP follows on
//    the backward path.  A posted write completes at BEGIN_REQ
//    (TLM_COMPLETED).  The initiator ends with END_RESP or by returning
//    TLM_COMPLETED to BEGIN_RESP.
//  - transport_dbg reads/writes the functional memory without timing.
#ifndef HMC_SC_H
#define HMC_SC_H

#include <deque>
#include <map>

#include <tlm_utils/multi_passthrough_target_socket.h>

#include "copim_sc.h"

namespace copim {

struct hmc_ext : tlm::tlm_extension<hmc_ext> {
  hmc_cmd_t cmd = HMC_RD;
  bool timing_only = false;      // do not move data (the caller does it functionally)
  uint64_t op[2] = {0, 0};       // atomic operands
  uint64_t ret[2] = {0, 0};      // atomic old values (response)
  int flag = 0;                  // CAS swapped / EQ matched (response)
  uint64_t t_send_ps = 0, t_resp_ps = 0; // model times of the request and of its response

  tlm_extension_base *clone() const override { return new hmc_ext(*this); }
  void copy_from(const tlm_extension_base &e) override { *this = static_cast<const hmc_ext &>(e); }
};

class hmc_sc : public sc_core::sc_module {
 public:
  // Either socket may stay unbound (a host-only or PE-only platform).
  typedef tlm_utils::multi_passthrough_target_socket<hmc_sc, 32, tlm::tlm_base_protocol_types, 0,
                                                     sc_core::SC_ZERO_OR_MORE_BOUND>
      socket_t;
  socket_t link_socket;
  socket_t pe_socket;

  SC_HAS_PROCESS(hmc_sc);
  // mem: the functional memory shared with the rest of the platform (may be
  // NULL: timing only).  period zero = cfg.tck_ps.
  hmc_sc(sc_core::sc_module_name nm, const hmc_cfg_t &cfg, uint8_t *mem, size_t mem_bytes,
         sc_core::sc_time origin = sc_core::SC_ZERO_TIME, sc_core::sc_time period = sc_core::SC_ZERO_TIME);
  ~hmc_sc() override;

  hmc_t *model() { return h_; }
  uint64_t now_ps() const { return sc_to_ps(sc_core::sc_time_stamp() - origin_); }

 private:
  struct pending_t {
    tlm::tlm_generic_payload *gp;
    bool nb;                  // came by nb_transport_fw
    bool link;                // which socket
    int idx;                  // binding index
    hmc_req_t req;
    bool sent = false;
    sc_core::sc_event *done = nullptr; // b_transport waits on it
  };
  hmc_t *h_;
  uint8_t *mem_;
  size_t mem_bytes_;
  sc_core::sc_time origin_, period_;
  sc_core::sc_event kick_;
  uint64_t next_tag_ = 1;
  std::map<uint64_t, pending_t> pend_;   // by tag
  std::deque<uint64_t> stalled_;         // tags refused by back-pressure, oldest first

  tlm::tlm_sync_enum nb_link(int id, tlm::tlm_generic_payload &gp, tlm::tlm_phase &ph, sc_core::sc_time &d) {
    return nb_fw(id, gp, ph, d, true);
  }
  tlm::tlm_sync_enum nb_pe(int id, tlm::tlm_generic_payload &gp, tlm::tlm_phase &ph, sc_core::sc_time &d) {
    return nb_fw(id, gp, ph, d, false);
  }
  void b_link(int id, tlm::tlm_generic_payload &gp, sc_core::sc_time &d) { b_tr(id, gp, d, true); }
  void b_pe(int id, tlm::tlm_generic_payload &gp, sc_core::sc_time &d) { b_tr(id, gp, d, false); }
  tlm::tlm_sync_enum nb_fw(int id, tlm::tlm_generic_payload &gp, tlm::tlm_phase &ph, sc_core::sc_time &d, bool link);
  void b_tr(int id, tlm::tlm_generic_payload &gp, sc_core::sc_time &d, bool link);
  unsigned dbg(int id, tlm::tlm_generic_payload &gp);
  bool build(tlm::tlm_generic_payload &gp, bool link, int idx, hmc_req_t *r);
  int try_send(pending_t &p, uint64_t t_ps);
  void tick();
  void schedule();
  void deliver(const hmc_resp_t &r);
};

}  // namespace copim

#endif
