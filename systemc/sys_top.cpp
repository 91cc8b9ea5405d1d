// The SystemC top: a full CoPIM system (csim/sys/sys.h: host, HMC, PIM
// dispatcher and the per-cycle wiring) whose PMC, four IMUs and sixteen
// PEs are sc_modules with signal ports, clocked by SystemC (docs/systemc.md).
//
// Time line (1 ps resolution).  clk is the host clock (500 ps).  Host cycle
// k begins at the falling edge at 500k + 500*N0 (N0 = the reset and IMU
// programming cycles before it); there the driver thread runs sys_step(),
// which evaluates the host and hands each block its inputs through the
// block's port adapter (sys_set_pmc/imu/pe ops).  The adapters write the
// inputs onto the modules' signals and read back what the modules show in
// that cycle, after the deltas their combinational read ports need.  At the
// rising edge 250 ps later the PMC and IMUs clock; the PEs sys stepped in
// that host cycle get an edge of their (gated) clock at the same instant.
// So the modules hold the state and make the transitions, the C system
// decides only what it decides in the C harness (host, HMC, dispatcher),
// and both see the same values in the same cycles.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <vector>

#include "Vpmc.h"
#include "copim_sc.h"
#include "copim_sc_api.h"
#include "hmc_check.h"
#include "imu_sc.h"
#include "pe_sc.h"
#include "pmc_sc.h"

extern "C" {
#include "../sw/include/copim_mmio.h"
}

using namespace sc_core;

namespace copim {

constexpr unsigned kRdW = PMC_NUM_CORES * PMC_CNT_W;
constexpr unsigned kLineBits = 512;

// Signals of one PMC (C model or Verilated: same ports).
struct pmc_sigs {
  sc_signal<uint32_t> hit_act, miss_act, alloc_idx, alloc_core, free_idx, clear, enable, flush, rd_sel;
  sc_signal<bool> alloc, free_;
  sc_signal<sc_dt::sc_bv<kRdW> > rd_data;
  template <class P>
  void bind(P &p, sc_clock &clk, sc_signal<bool> &rst) {
    p.clk_i(clk);
    p.rst_ni(rst);
    p.hit_act_i(hit_act);
    p.miss_act_i(miss_act);
    p.mshr_alloc_i(alloc);
    p.mshr_alloc_idx_i(alloc_idx);
    p.mshr_alloc_core_i(alloc_core);
    p.mshr_free_i(free_);
    p.mshr_free_idx_i(free_idx);
    p.clear_i(clear);
    p.enable_i(enable);
    p.flush_i(flush);
    p.rd_sel_i(rd_sel);
    p.rd_data_o(rd_data);
  }
};

struct imu_sigs {
  sc_signal<bool> marker_valid, marker_ready, verdict_valid, verdict, cfg_we, pmc_clear, pmc_enable, pmc_flush;
  sc_signal<uint32_t> marker_op, marker_id, marker_trip, instr_ret, cfg_addr, cfg_wdata, pmc_rd_sel, tbl_rd_id;
  sc_signal<uint64_t> pmc_rd_data, tbl_rd_num, tbl_rd_den;
  sc_signal<bool> tbl_rd_hit, tbl_rd_decided, tbl_rd_site;
  sc_signal<uint32_t> tbl_rd_sampled, tbl_rd_offloaded;
  void bind(imu_sc &m, sc_clock &clk, sc_signal<bool> &rst) {
    m.clk_i(clk);
    m.rst_ni(rst);
    m.marker_valid_i(marker_valid);
    m.marker_ready_o(marker_ready);
    m.marker_op_i(marker_op);
    m.marker_id_i(marker_id);
    m.marker_trip_i(marker_trip);
    m.instr_ret_i(instr_ret);
    m.verdict_valid_o(verdict_valid);
    m.verdict_o(verdict);
    m.cfg_we_i(cfg_we);
    m.cfg_addr_i(cfg_addr);
    m.cfg_wdata_i(cfg_wdata);
    m.pmc_clear_o(pmc_clear);
    m.pmc_enable_o(pmc_enable);
    m.pmc_flush_o(pmc_flush);
    m.pmc_rd_sel_o(pmc_rd_sel);
    m.pmc_rd_data_i(pmc_rd_data);
    m.tbl_rd_id_i(tbl_rd_id);
    m.tbl_rd_hit_o(tbl_rd_hit);
    m.tbl_rd_decided_o(tbl_rd_decided);
    m.tbl_rd_site_o(tbl_rd_site);
    m.tbl_rd_num_o(tbl_rd_num);
    m.tbl_rd_den_o(tbl_rd_den);
    m.tbl_rd_sampled_o(tbl_rd_sampled);
    m.tbl_rd_offloaded_o(tbl_rd_offloaded);
  }
};

struct pe_sigs {
  sc_signal<bool> clk, start, halted, req_valid, req_ready, resp_valid, ret_valid, dinval;
  sc_signal<uint32_t> boot_pc, hart_id, req_addr, req_op, req_amo, req_wdata, req_be, req_tag, resp_tag, ret_pc,
      ret_insn, ret_rd, ret_rd_value, dinval_addr;
  sc_signal<sc_dt::sc_bv<kLineBits> > resp_data;
  bool edge = false;  // sys stepped it this host cycle: clock it at the next rising edge
  void bind(pe_sc<kLineBits> &m, sc_signal<bool> &rst) {
    m.clk_i(clk);
    m.rst_ni(rst);
    m.start_i(start);
    m.boot_pc_i(boot_pc);
    m.hart_id_i(hart_id);
    m.halted_o(halted);
    m.mem_req_valid_o(req_valid);
    m.mem_req_ready_i(req_ready);
    m.mem_req_addr_o(req_addr);
    m.mem_req_op_o(req_op);
    m.mem_req_amo_o(req_amo);
    m.mem_req_wdata_o(req_wdata);
    m.mem_req_be_o(req_be);
    m.mem_req_tag_o(req_tag);
    m.mem_resp_valid_i(resp_valid);
    m.mem_resp_tag_i(resp_tag);
    m.mem_resp_data_i(resp_data);
    m.ret_valid_o(ret_valid);
    m.ret_pc_o(ret_pc);
    m.ret_insn_o(ret_insn);
    m.ret_rd_o(ret_rd);
    m.ret_rd_value_o(ret_rd_value);
    m.dinval_i(dinval);
    m.dinval_addr_i(dinval_addr);
  }
  void outputs(pe_out_t *o) const {
    std::memset(o, 0, sizeof *o);
    o->halted = halted.read();
    o->mem_req_valid = req_valid.read();
    o->mem_req_addr = req_addr.read();
    o->mem_req_op = req_op.read();
    o->mem_req_amo = req_amo.read();
    o->mem_req_wdata = req_wdata.read();
    o->mem_req_be = req_be.read();
    o->mem_req_tag = req_tag.read();
    o->ret_valid = ret_valid.read();
    o->ret_pc = ret_pc.read();
    o->ret_insn = ret_insn.read();
    o->ret_rd = ret_rd.read();
    o->ret_rd_value = ret_rd_value.read();
  }
};

// Combinational outputs settle within two deltas of an input change (the
// module's method runs in the next delta, its write lands in the one after).
static void settle() {
  wait(SC_ZERO_TIME);
  wait(SC_ZERO_TIME);
}

class sys_sc : public sc_module {
 public:
  SC_HAS_PROCESS(sys_sc);
  sys_sc(sc_module_name nm, copim_sc_sys_run_t *run, sc_clock &clk) : sc_module(nm), run_(run), clk_(clk) {
    run_->rc = -1;
    s_ = sys_new(run->cfg, run->elf, run->g, run->kp, run->pol, nullptr, run->err, sizeof run->err);
    if (!s_) return;
    const sys_cfg_t *c = sys_config(s_);
    if (c->pmc.num_cores * c->pmc.cnt_w != kRdW || c->host.cores != c->pmc.num_cores ||
        c->pe.line_bytes * 8 != kLineBits) {
      std::snprintf(run->err, sizeof run->err, "SystemC top: built for %u cores x %u-bit PMC counters and %u-bit lines",
                    PMC_NUM_CORES, PMC_CNT_W, kLineBits);
      sys_free(s_);
      s_ = nullptr;
      return;
    }
    if (run->pmc_rtl) {
      // Verilator's random reset (--x-initial unique): registers start
      // random, so the run shows the reset reaches all of them.
      vpmc_ = std::make_unique<Vpmc>("pmc_rtl");
      pmcs_.bind(*vpmc_, clk_, rst_);
    } else {
      cpmc_ = std::make_unique<pmc_sc<kRdW> >("pmc", c->pmc);
      pmcs_.bind(*cpmc_, clk_, rst_);
    }
    sys_pmc_ops_t po = {this, pmc_step, error, nullptr, nullptr, nullptr};  // never idle: stepped every cycle
    sys_set_pmc(s_, &po);
    ncores_ = c->host.cores;
    imus_ = std::vector<imu_sigs>(ncores_);
    imu_ctx_.reserve(ncores_);  // the ops keep pointers into it
    for (unsigned k = 0; k < ncores_; k++) {
      char n[16];
      std::snprintf(n, sizeof n, "imu%u", k);
      imu_.emplace_back(new imu_sc(n, c->imu));
      imus_[k].bind(*imu_[k], clk_, rst_);
      imu_ctx_.push_back({this, k});
      sys_imu_ops_t io = {&imu_ctx_[k], imu_moore, imu_step, error, nullptr, nullptr, nullptr};
      sys_set_imu(s_, k, &io);
    }
    npes_ = c->num_pes;
    pes_ = std::vector<pe_sigs>(npes_);
    pe_ctx_.reserve(npes_);
    for (unsigned p = 0; p < npes_; p++) {
      char n[16];
      std::snprintf(n, sizeof n, "pe%u", p);
      pe_.emplace_back(new pe_sc<kLineBits>(n, c->pe));
      pes_[p].bind(*pe_[p], rst_);
      pe_ctx_.push_back({this, p});
      sys_pe_ops_t eo = {&pe_ctx_[p], pe_outputs, pe_step, error, nullptr};
      sys_set_pe(s_, p, &eo);
    }
    SC_THREAD(driver);
  }
  ~sys_sc() override {
    if (s_) sys_free(s_);
  }
  bool done() const { return done_; }
  sc_event finished;

 private:
  struct blk_ctx {
    sys_sc *top;
    unsigned idx;
  };
  copim_sc_sys_run_t *run_;
  sc_clock &clk_;
  sys_t *s_ = nullptr;
  sc_signal<bool> rst_{"rst_n", false};
  pmc_sigs pmcs_;
  std::unique_ptr<Vpmc> vpmc_;
  std::unique_ptr<pmc_sc<kRdW> > cpmc_;
  unsigned ncores_ = 0, npes_ = 0;
  std::vector<imu_sigs> imus_;
  std::vector<std::unique_ptr<imu_sc> > imu_;
  std::vector<blk_ctx> imu_ctx_;
  std::vector<pe_sigs> pes_;
  std::vector<std::unique_ptr<pe_sc<kLineBits> > > pe_;
  std::vector<blk_ctx> pe_ctx_;
  bool done_ = false;

  static const char *error(void *) { return ""; }

  // ---- PMC adapter: inputs onto the signals, read ports back before the edge
  static int pmc_step(void *ctx, const pmc_in_t *in, pmc_out_t *out) {
    sys_sc *t = static_cast<sys_sc *>(ctx);
    pmc_sigs &g = t->pmcs_;
    g.hit_act.write((uint32_t)in->hit_act);
    g.miss_act.write((uint32_t)in->miss_act);
    g.alloc.write(in->mshr_alloc != 0);
    g.alloc_idx.write(in->mshr_alloc_idx);
    g.alloc_core.write(in->mshr_alloc_core);
    g.free_.write(in->mshr_free != 0);
    g.free_idx.write(in->mshr_free_idx);
    g.clear.write((uint32_t)in->clear);
    g.enable.write((uint32_t)in->enable);
    g.flush.write((uint32_t)in->flush);
    uint32_t sel = 0;
    for (unsigned k = 0; k < PMC_NUM_CORES; k++) sel |= (uint32_t)(in->rd_sel[k] & 7u) << (3 * k);
    g.rd_sel.write(sel);
    settle();
    std::memset(out, 0, sizeof *out);
    const sc_dt::sc_bv<kRdW> v = g.rd_data.read();
    for (unsigned k = 0; k < PMC_NUM_CORES; k++) out->rd_data[k] = bv_get(v, k * PMC_CNT_W, PMC_CNT_W);
    return 0;
  }

  // ---- IMU adapter
  static void imu_moore(void *ctx, imu_out_t *o) {
    blk_ctx *b = static_cast<blk_ctx *>(ctx);
    const imu_sigs &g = b->top->imus_[b->idx];
    std::memset(o, 0, sizeof *o);
    o->marker_ready = g.marker_ready.read();
    o->verdict_valid = g.verdict_valid.read();
    o->verdict = g.verdict.read();
    o->pmc_clear = g.pmc_clear.read();
    o->pmc_enable = g.pmc_enable.read();
    o->pmc_flush = g.pmc_flush.read();
    o->pmc_rd_sel = g.pmc_rd_sel.read();
  }
  static void imu_drive(imu_sigs &g, const imu_in_t *in) {
    g.marker_valid.write(in->marker_valid != 0);
    g.marker_op.write(in->marker_op);
    g.marker_id.write(in->marker_id);
    g.marker_trip.write(in->marker_trip);
    g.instr_ret.write(in->instr_ret);
    g.cfg_we.write(in->cfg_we != 0);
    g.cfg_addr.write(in->cfg_addr);
    g.cfg_wdata.write(in->cfg_wdata);
    g.pmc_rd_data.write(in->pmc_rd_data);
    g.tbl_rd_id.write(in->tbl_rd_id);
  }
  static int imu_step(void *ctx, const imu_in_t *in, imu_out_t *o) {
    blk_ctx *b = static_cast<blk_ctx *>(ctx);
    imu_sigs &g = b->top->imus_[b->idx];
    imu_drive(g, in);
    settle();
    imu_moore(ctx, o);
    o->tbl_rd_hit = g.tbl_rd_hit.read();
    o->tbl_rd_decided = g.tbl_rd_decided.read();
    o->tbl_rd_site = g.tbl_rd_site.read();
    o->tbl_rd_num = g.tbl_rd_num.read();
    o->tbl_rd_den = g.tbl_rd_den.read();
    o->tbl_rd_sampled = g.tbl_rd_sampled.read();
    o->tbl_rd_offloaded = g.tbl_rd_offloaded.read();
    return 0;
  }

  // ---- PE adapter: registered outputs only, so no settling is needed
  static void pe_outputs(void *ctx, pe_out_t *o) {
    blk_ctx *b = static_cast<blk_ctx *>(ctx);
    b->top->pes_[b->idx].outputs(o);
  }
  static int pe_step(void *ctx, const pe_in_t *in, pe_out_t *o) {
    blk_ctx *b = static_cast<blk_ctx *>(ctx);
    sys_sc *t = b->top;
    pe_sigs &g = t->pes_[b->idx];
    if (g.edge) {
      std::snprintf(t->run_->err, sizeof t->run_->err,
                    "SystemC top: PE %u stepped twice in one host cycle (PE clock faster than the host's)", b->idx);
      return -1;
    }
    g.outputs(o);
    g.start.write(in->start != 0);
    g.boot_pc.write(in->boot_pc);
    g.hart_id.write(in->hart_id);
    g.req_ready.write(in->mem_req_ready != 0);
    g.resp_valid.write(in->mem_resp_valid != 0);
    g.resp_tag.write(in->mem_resp_tag);
    g.dinval.write(in->dinval != 0);
    g.dinval_addr.write(in->dinval_addr);
    sc_dt::sc_bv<kLineBits> d;
    for (unsigned k = 0; k < kLineBits / 32; k++) d.range(32 * k + 31, 32 * k) = in->mem_resp_data[k];
    g.resp_data.write(d);
    g.edge = true;
    return 0;
  }

  // Programs the IMUs through their configuration port as sys_new() does
  // for its C models (same registers, same order, then one idle cycle).
  void imu_cfg_cycle(int we, unsigned addr, uint32_t data) {
    imu_in_t in;
    std::memset(&in, 0, sizeof in);
    in.marker_op = IMU_OP_NONE;
    in.cfg_we = we;
    in.cfg_addr = addr;
    in.cfg_wdata = data;
    for (unsigned k = 0; k < ncores_; k++) imu_drive(imus_[k], &in);
    wait(clk_.posedge_event());
    wait(clk_.negedge_event());
  }

  void driver() {
    if (!s_) {
      done_ = true;
      finished.notify(SC_ZERO_TIME);
      return;
    }
    // reset: two rising edges with rst_n low, released on a falling edge
    wait(clk_.posedge_event());
    wait(clk_.posedge_event());
    wait(clk_.negedge_event());
    rst_.write(true);
    for (unsigned p = 0; p < npes_; p++) pes_[p].hart_id.write(COPIM_PE_HARTID_BASE + p);
    const sys_cfg_t *c = sys_config(s_);
    imu_cfg_cycle(1, IMU_CFG_MODE, (uint32_t)run_->pol->imu_mode);
    imu_cfg_cycle(1, IMU_CFG_FRACTION, c->imu_fraction);
    imu_cfg_cycle(1, IMU_CFG_THRESHOLD, c->imu_threshold);
    imu_cfg_cycle(1, IMU_CFG_MIN_SAMPLE, c->imu_min_sample);
    imu_cfg_cycle(1, IMU_CFG_MPKI_THR, c->imu_mpki_thr);
    imu_cfg_cycle(1, IMU_CFG_CTRL, c->imu_sticky & 1);
    imu_cfg_cycle(0, 0, 0);
    int rc = 0;
    while (!rc) {
      rc = sys_step(s_);
      wait(clk_.posedge_event());  // PMC and IMUs clock here
      for (unsigned p = 0; p < npes_; p++)
        if (pes_[p].edge) pes_[p].clk.write(true);
      wait(clk_.negedge_event());
      for (unsigned p = 0; p < npes_; p++)
        if (pes_[p].edge) {
          pes_[p].clk.write(false);
          pes_[p].edge = false;
        }
    }
    run_->sc_end_ps = sc_to_ps(sc_time_stamp());
    run_->cycles = sys_cycle(s_);
    run_->pe_cycles = sys_pe_cycle(s_);
    run_->insns = sys_insns(s_);
    if (rc < 0) {
      if (!run_->err[0]) std::snprintf(run_->err, sizeof run_->err, "%s", sys_error(s_));
    } else {
      run_->verified = sys_verify(s_, run_->why, sizeof run_->why);
      run_->rc = 0;
    }
    size_t len = 0;
    FILE *f = open_memstream(&run_->json, &len);
    if (f) {
      sys_run_info_t info = {"", "", run_->pol->name, "", "", ""};
      sys_write_json(s_, &info, f);
      std::fclose(f);
    }
    done_ = true;
    finished.notify(SC_ZERO_TIME);
  }
};

// Stops the simulation when every system and the HMC check are done.
class stopper : public sc_module {
 public:
  SC_HAS_PROCESS(stopper);
  stopper(sc_module_name nm, std::vector<sys_sc *> s, hmc_check *h) : sc_module(nm), sys_(std::move(s)), h_(h) {
    SC_THREAD(run);
  }

 private:
  std::vector<sys_sc *> sys_;
  hmc_check *h_;
  void run() {
    for (;;) {
      bool all = !h_ || h_->done();
      for (sys_sc *s : sys_) all = all && s->done();
      if (all) break;
      sc_event_or_list l;
      for (sys_sc *s : sys_) l |= s->finished;
      if (h_) l |= h_->finished;
      wait(l);
    }
    sc_stop();
  }
};

}  // namespace copim

// Set by copim_sc_simulate for sc_main (SystemC calls it with argc/argv only).
static struct {
  copim_sc_sys_run_t *runs;
  unsigned n;
  unsigned reset_seed;
  copim_sc_hmc_check_t *hc;
  uint64_t seed;
} g_args;

int sc_main(int, char **) {
  using namespace copim;
  if (g_args.reset_seed) {
    Verilated::randReset(2);
    Verilated::randSeed((int)g_args.reset_seed);
  }
  sc_clock clk("clk", sc_time(500, SC_PS), 0.5, sc_time(250, SC_PS), true);
  std::vector<std::unique_ptr<sys_sc> > systems;
  std::vector<sys_sc *> raw;
  for (unsigned i = 0; i < g_args.n; i++) {
    char n[16];
    std::snprintf(n, sizeof n, "sys%u", i);
    systems.emplace_back(new sys_sc(n, &g_args.runs[i], clk));
    raw.push_back(systems.back().get());
  }
  std::unique_ptr<hmc_check> hc;
  if (g_args.hc) hc = std::make_unique<hmc_check>("hmc_check", g_args.hc, g_args.seed);
  stopper stop("stop", raw, hc.get());
  sc_start();
  return 0;
}

extern "C" int copim_sc_simulate(copim_sc_sys_run_t *runs, unsigned n, unsigned reset_seed, copim_sc_hmc_check_t *hc,
                                 uint64_t seed) {
  g_args = {runs, n, reset_seed, hc, seed};
  sc_core::sc_report_handler::set_actions("/IEEE_Std_1666/deprecated", sc_core::SC_DO_NOTHING);
  sc_core::sc_report_handler::set_actions(sc_core::SC_INFO, sc_core::SC_DO_NOTHING);  // "stopped by user"
  setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 1);  // keep the test's output to its own lines
  static char arg0[] = "systemc_top";
  char *argv[] = {arg0, nullptr};
  int rc;
  try {
    rc = sc_core::sc_elab_and_sim(1, argv);
  } catch (const std::exception &e) {
    if (n) std::snprintf(runs[0].err, sizeof runs[0].err, "SystemC: %s", e.what());
    return -1;
  }
  return rc ? -1 : 0;
}
