// hmc_check: exercises hmc_sc through its TLM sockets and compares every
// response with the HMC C model driven directly by the same requests at the
// same picosecond times and advanced at the same points (the wrapper must
// neither move a request in time nor change a result).  Three initiators,
// one outstanding request each, on disjoint address ranges:
//   pe0  approximately timed (nb_transport) on pe_socket[0]
//   pe1  approximately timed on pe_socket[1] (vault 1's PE port)
//   host loosely timed (b_transport with annotated delays) on link_socket[0]
// Reads, 64-byte writes and amoadd.w; read data and atomic old values are
// also checked against a shadow copy of memory.
#ifndef HMC_CHECK_H
#define HMC_CHECK_H

#include <memory>
#include <vector>

#include <tlm_utils/simple_initiator_socket.h>


#include "copim_sc_api.h"
#include "hmc_sc.h"

namespace copim {

class hmc_check : public sc_core::sc_module {
 public:
  SC_HAS_PROCESS(hmc_check);
  hmc_check(sc_core::sc_module_name nm, copim_sc_hmc_check_t *res, uint64_t seed);
  ~hmc_check() override;
  bool done() const { return done_ == 3; }
  sc_core::sc_event finished;

  struct rec_t {  // one request as issued, and what came back
    unsigned port;
    hmc_cmd_t cmd;
    uint64_t addr, t_ps, op;
    uint8_t wdata[64];
    uint64_t t_resp, ret;
    uint8_t rdata[64];
  };

 private:
  copim_sc_hmc_check_t *res_;
  uint64_t seed_;
  std::vector<uint8_t> mem_;
  std::unique_ptr<hmc_sc> hmc_;
  tlm_utils::simple_initiator_socket_tagged<hmc_check> at0_, at1_;
  tlm_utils::simple_initiator_socket<hmc_check> lt_;
  sc_core::sc_event resp_ev_[2];
  std::vector<rec_t> recs_;
  int done_ = 0;

  tlm::tlm_sync_enum bw(int who, tlm::tlm_generic_payload &gp, tlm::tlm_phase &ph, sc_core::sc_time &d);
  void at_thread0() { traffic(0); }
  void at_thread1() { traffic(1); }
  void lt_thread() { traffic(2); }
  void traffic(unsigned who);
  void compare();
};

}  // namespace copim

#endif
