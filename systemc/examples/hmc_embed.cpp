// docs/systemc.md "Embedding the HMC in your platform": built by mk/systemc.mk
// (build/systemc/hmc_embed) so the example in the documentation keeps compiling.
// Your platform: a loosely timed core sharing one HMC cube (here the only client).
#include <cstdio>
#include <vector>
#include <tlm_utils/simple_initiator_socket.h>
#include "hmc_sc.h"   // -I<copim>/systemc -I<copim>/csim

struct core : sc_core::sc_module {
  tlm_utils::simple_initiator_socket<core> mem;
  SC_HAS_PROCESS(core);
  core(sc_core::sc_module_name n) : sc_module(n), mem("mem") { SC_THREAD(run); }
  void run() {
    uint8_t line[64];
    for (int i = 0; i < 64; i++) line[i] = (uint8_t)i;
    tlm::tlm_generic_payload gp;
    sc_core::sc_time d = sc_core::sc_time(2, sc_core::SC_NS);   // local time offset of an LT core
    gp.set_command(tlm::TLM_WRITE_COMMAND);
    gp.set_address(0x1000);
    gp.set_data_ptr(line);
    gp.set_data_length(64);                                     // 16..128 B, one 128 B block
    mem->b_transport(gp, d);                                    // returns when the write response arrived
    std::printf("write done at %s\n", sc_core::sc_time_stamp().to_string().c_str());

    copim::hmc_ext x;                                           // an HMC atomic: amoadd.w
    x.cmd = HMC_AMOADD_W;
    x.op[0] = 5;
    uint32_t old = 0;
    gp.set_extension(&x);
    gp.set_command(tlm::TLM_IGNORE_COMMAND);
    gp.set_address(0x1004);
    gp.set_data_ptr((uint8_t *)&old);
    gp.set_data_length(4);
    mem->b_transport(gp, d);
    gp.clear_extension(&x);
    std::printf("amoadd.w: old %u, request at %llu ps, response at %llu ps\n", old,
                (unsigned long long)x.t_send_ps, (unsigned long long)x.t_resp_ps);
  }
};

int sc_main(int, char **) {
  std::vector<uint8_t> dram(64 << 20);                          // the functional memory (yours)
  hmc_cfg_t cfg = HMC_CFG_DEFAULT;                              // Table I / HMC 2.1 defaults
  cfg.links = 2;
  copim::hmc_sc hmc("hmc", cfg, dram.data(), dram.size());
  core cpu("cpu");
  cpu.mem.bind(hmc.link_socket);                                // first binding = link 0
  sc_core::sc_start();
  hmc_stats_t st;
  hmc_stats(hmc.model(), &st);
  std::printf("%llu requests, DRAM energy %.1f pJ\n", (unsigned long long)(st.reqs[HMC_WR] + st.reqs[HMC_AMOADD_W]),
              st.e_dram_pj);
  return 0;
}
