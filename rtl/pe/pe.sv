// Vault PE: an in-order five-stage RV32IMA pipeline (IF ID EX MEM WB) with a
// private I-cache and a write-through, no-write-allocate D-cache, one memory
// port toward its vault (SPEC section 5) and a retirement port.
// csim/pe/pe.c is its cycle-exact model; docs/pe.md is the micro-architecture.
//
// Summary of the timing rules both follow:
//  - IF: the I-cache RAMs are read with the next pc (registered read), so a
//    fetch that hits delivers one instruction per cycle.  A miss sends a
//    line fill; after the fill writes the RAMs the fetch reads them again
//    (two more cycles).  Fetch from device space (>= 0xF000_0000) gives an
//    instruction access fault.
//  - ID: decode, register read with WB bypass, load-use interlock (a
//    load/AMO/CSR instruction in EX whose rd the ID instruction reads).
//  - EX: ALU, forwarding from MEM and WB, branches and jumps resolved
//    (static not-taken: a taken one flushes IF and ID, 2 bubbles), the
//    iterative M unit (34 cycles in EX), addresses, misalignment.
//  - MEM: D-cache (RAMs read with the EX address), loads (fill on a miss,
//    then re-read), uncached device loads, stores (one word write each),
//    AMOs/LR/SC at the port, CSRs, fences, mret, wfi, and every trap.
//  - WB: register write and the retirement port.
//
// One module per stage or function, in ibex's shape (docs/pe.md has the
// diagram): u_if_stage (fetch, I-cache, IF/ID), u_id_stage (decode, register
// file, interlock, ID/EX), u_ex_block (ALU, M unit, branches, EX/MEM), u_lsu
// (D-cache, memory port, MEM/WB = retirement; its MSHRs u_mshr and its
// prefetcher u_prefetch are modules of their own), u_cs_registers (CSRs, traps)
// and u_controller (run state, stalls, redirects, flushes).  Each stage owns
// the pipeline register at its output; each keeps the logic that feeds the
// controller in an always_comb apart from the one that reads its decisions,
// so no block-level combinational loop exists.  csim/pe/pe.c has one function
// per module, of the same name.
module pe #(
  parameter int ICacheBytes = 512,   // block.mk passes the real sizes
  parameter int ICacheWays  = 2,
  parameter int DCacheBytes = 512,
  parameter int DCacheWays  = 2,
  parameter int LineBytes   = 64,
  // 1: mcycle/minstret (and cycle/instret) count, 64 bits; 0: they read 0
  // and ignore writes, as Zicntr-less cores do (picorv32's ENABLE_COUNTERS):
  // the iCE40 prototype's choice, ~290 logic cells
  parameter int Counters    = 1,
  // D-cache misses in flight: 1 the paper's blocking D-cache; 2..15 a
  // non-blocking one with that many MSHRs and a scoreboard (issue 32)
  parameter int DMshrs      = 1,
  // D-cache stream prefetcher: 0 none (the paper's PE); N > 0 (needs
  // DMshrs > 1) fills the next N lines after a load miss or a first hit on a
  // prefetched line, into free MSHRs (issue 32 item 1b)
  parameter int DPrefetch   = 0
) (
  input  logic                   clk_i,
  input  logic                   rst_ni,
  // start / halt (docs/memory_map.md, PE start contract)
  input  logic                   start_i,
  input  logic [31:0]            boot_pc_i,
  input  logic [31:0]            hart_id_i,
  output logic                   halted_o,
  // memory port
  output logic                   mem_req_valid_o,
  input  logic                   mem_req_ready_i,
  output logic [31:0]            mem_req_addr_o,
  output logic [1:0]             mem_req_op_o,     // 0 fill, 1 write, 2 amo, 3 read
  output logic [4:0]             mem_req_amo_o,    // AMO funct5
  output logic [31:0]            mem_req_wdata_o,
  output logic [3:0]             mem_req_be_o,
  output logic [3:0]             mem_req_tag_o,    // 0, or k + 1 for MSHR k's fill
  input  logic                   mem_resp_valid_i,
  input  logic [3:0]             mem_resp_tag_i,   // the answered request's tag
  input  logic [LineBytes*8-1:0] mem_resp_data_i,
  // D-cache line invalidate: the line holding dinval_addr_i leaves the
  // D-cache (one a cycle, any time; for the logic layer's coherence, issue 32)
  input  logic                   dinval_i,
  input  logic [31:0]            dinval_addr_i,
  // retirement
  output logic                   ret_valid_o,
  output logic [31:0]            ret_pc_o,
  output logic [31:0]            ret_insn_o,
  output logic [4:0]             ret_rd_o,
  output logic [31:0]            ret_rd_value_o
);
  // ------------------------------------------------------------ wires
  // controller
  logic        run, boot, d_advance, d_can_accept, e_advance, e_redirect, m_flush, icache_inval;
  logic [31:0] m_target;
  // IF -> ID
  logic        d_valid, d_ifault, imiss, ifill_we;
  logic [31:0] d_pc, d_insn, f_pc, fill_addr;
  logic [4:0]  rf_raddr_a, rf_raddr_b;
  // ID -> EX
  logic        d_hazard;
  logic        e_valid, e_alu, e_alu_reg, e_jal, e_jalr, e_branch, e_load, e_store, e_amo, e_mdu, e_csr;
  logic        e_fence, e_fence_i, e_mret, e_wfi, e_wr, e_u1, e_u2, e_trap;
  logic [3:0]  e_cause;
  logic [31:0] e_pc, e_insn, e_imm, e_rs1v, e_rs2v;
  // EX -> MEM
  logic        e_ready, e_redirect_req;
  logic [31:0] e_target, e_addr, fa, fb;
  logic        m_valid, m_load, m_store, m_amo, m_csr, m_fence, m_fence_i, m_mret, m_wfi, m_wr, m_trap;
  logic [3:0]  m_cause;
  logic [31:0] m_pc, m_insn, m_res, m_wdata;
  // MEM, CSRs, WB
  logic        m_done, m_done_nh, m_exc, m_hold, port_idle, csr_illegal, e_mem;
  logic [31:0] csr_rdata, mtvec, mepc, sb;
  logic        w_valid;
  logic [4:0]  w_rd;
  logic [31:0] w_val;

  pe_controller u_controller (
    .clk_i, .rst_ni, .start_i, .run_o(run), .halted_o, .boot_o(boot),
    .d_valid_i(d_valid), .d_hazard_i(d_hazard), .e_valid_i(e_valid), .e_ready_i(e_ready),
    .e_redirect_req_i(e_redirect_req), .m_valid_i(m_valid), .m_hold_i(m_hold), .m_done_i(m_done_nh),
    .m_exc_i(m_exc), .m_fence_i_i(m_fence_i), .m_mret_i(m_mret), .m_wfi_i(m_wfi), .m_pc_i(m_pc),
    .mtvec_i(mtvec), .mepc_i(mepc), .w_valid_i(w_valid), .port_idle_i(port_idle),
    .d_advance_o(d_advance), .d_can_accept_o(d_can_accept), .e_advance_o(e_advance),
    .e_redirect_o(e_redirect), .m_flush_o(m_flush), .m_target_o(m_target),
    .icache_inval_o(icache_inval));

  pe_if_stage #(.ICacheBytes(ICacheBytes), .ICacheWays(ICacheWays), .LineBytes(LineBytes)) u_if_stage (
    .clk_i, .rst_ni, .run_i(run), .boot_i(boot), .boot_pc_i, .m_flush_i(m_flush), .m_target_i(m_target),
    .e_redirect_i(e_redirect), .e_target_i(e_target), .id_ready_i(d_can_accept),
    .inval_i(icache_inval), .miss_o(imiss), .pc_o(f_pc), .fill_we_i(ifill_we), .fill_addr_i(fill_addr),
    .fill_data_i(mem_resp_data_i), .id_valid_o(d_valid), .id_pc_o(d_pc), .id_insn_o(d_insn),
    .id_ifault_o(d_ifault), .rf_raddr_a_o(rf_raddr_a), .rf_raddr_b_o(rf_raddr_b));

  pe_id_stage #(.DMshrs(DMshrs)) u_id_stage (
    .clk_i, .rst_ni, .id_pc_i(d_pc), .id_insn_i(d_insn), .id_ifault_i(d_ifault),
    .rf_raddr_a_i(rf_raddr_a), .rf_raddr_b_i(rf_raddr_b), .wb_valid_i(w_valid), .wb_rd_i(w_rd),
    .wb_val_i(w_val), .ex_op_a_i(fa), .ex_op_b_i(fb), .d_advance_i(d_advance), .e_advance_i(e_advance),
    .e_redirect_i(e_redirect), .m_flush_i(m_flush), .sb_i(sb), .hazard_o(d_hazard),
    .e_valid_o(e_valid), .e_pc_o(e_pc), .e_insn_o(e_insn), .e_imm_o(e_imm), .e_rs1v_o(e_rs1v),
    .e_rs2v_o(e_rs2v), .e_alu_o(e_alu), .e_alu_reg_o(e_alu_reg), .e_jal_o(e_jal), .e_jalr_o(e_jalr),
    .e_branch_o(e_branch), .e_load_o(e_load), .e_store_o(e_store), .e_amo_o(e_amo), .e_mdu_o(e_mdu),
    .e_csr_o(e_csr), .e_fence_o(e_fence), .e_fence_i_o(e_fence_i), .e_mret_o(e_mret), .e_wfi_o(e_wfi),
    .e_wr_o(e_wr), .e_u1_o(e_u1), .e_u2_o(e_u2), .e_trap_o(e_trap), .e_cause_o(e_cause));

  pe_ex_block u_ex_block (
    .clk_i, .rst_ni, .e_valid_i(e_valid), .e_pc_i(e_pc), .e_insn_i(e_insn), .e_imm_i(e_imm),
    .e_rs1v_i(e_rs1v), .e_rs2v_i(e_rs2v), .e_alu_i(e_alu), .e_alu_reg_i(e_alu_reg), .e_jal_i(e_jal),
    .e_jalr_i(e_jalr), .e_branch_i(e_branch), .e_load_i(e_load), .e_store_i(e_store), .e_amo_i(e_amo),
    .e_mdu_i(e_mdu), .e_csr_i(e_csr), .e_fence_i(e_fence), .e_fence_i_i(e_fence_i), .e_mret_i(e_mret),
    .e_wfi_i(e_wfi), .e_wr_i(e_wr), .e_u1_i(e_u1), .e_u2_i(e_u2), .e_trap_i(e_trap), .e_cause_i(e_cause),
    .id_rs1_i(d_insn[19:15]), .id_rs2_i(d_insn[24:20]), .wb_val_i(w_val), .e_advance_i(e_advance),
    .m_hold_i(m_hold),
    .m_flush_i(m_flush), .m_done_i(m_done), .m_exc_i(m_exc), .ready_o(e_ready), .redirect_o(e_redirect_req),
    .target_o(e_target),
    .addr_o(e_addr), .op_a_o(fa), .op_b_o(fb),
    .m_valid_o(m_valid), .m_pc_o(m_pc), .m_insn_o(m_insn), .m_res_o(m_res), .m_wdata_o(m_wdata),
    .m_load_o(m_load), .m_store_o(m_store), .m_amo_o(m_amo), .m_csr_o(m_csr), .m_fence_o(m_fence),
    .m_fence_i_o(m_fence_i), .m_mret_o(m_mret), .m_wfi_o(m_wfi), .m_wr_o(m_wr), .m_trap_o(m_trap),
    .m_cause_o(m_cause));

  // the D-cache prefetcher probes the tags only when EX's instruction will
  // not read them in MEM
  assign e_mem = e_valid && (e_load || e_store);

`ifndef SYNTHESIS
  if (DPrefetch > 0 && DMshrs < 2) begin : g_bad_prefetch
    $error("pe: DPrefetch = %0d needs MSHRs (DMshrs > 1; it is %0d)", DPrefetch, DMshrs);
  end
`endif

  pe_lsu #(.DCacheBytes(DCacheBytes), .DCacheWays(DCacheWays), .LineBytes(LineBytes), .DMshrs(DMshrs),
           .DPrefetch(DPrefetch)) u_lsu (
    .clk_i, .rst_ni, .m_valid_i(m_valid), .m_pc_i(m_pc), .m_insn_i(m_insn), .m_res_i(m_res),
    .m_wdata_i(m_wdata), .m_load_i(m_load), .m_store_i(m_store), .m_amo_i(m_amo), .m_csr_i(m_csr),
    .m_fence_i(m_fence), .m_fence_i_i(m_fence_i), .m_wr_i(m_wr), .m_trap_i(m_trap), .e_addr_i(e_addr),
    .e_mem_i(e_mem), .run_i(run), .csr_rdata_i(csr_rdata), .csr_illegal_i(csr_illegal), .done_o(m_done), .done_no_hit_o(m_done_nh),
    .exc_o(m_exc), .hold_o(m_hold),
    .port_idle_o(port_idle), .sb_o(sb), .imiss_i(imiss), .ipc_i(f_pc), .ifill_we_o(ifill_we), .fill_addr_o(fill_addr),
    .mem_req_valid_o, .mem_req_ready_i, .mem_req_addr_o, .mem_req_op_o, .mem_req_amo_o, .mem_req_wdata_o,
    .mem_req_be_o, .mem_req_tag_o, .mem_resp_valid_i, .mem_resp_tag_i, .mem_resp_data_i, .dinval_i, .dinval_addr_i,
    .w_valid_o(w_valid), .w_pc_o(ret_pc_o), .w_insn_o(ret_insn_o), .w_rd_o(w_rd), .w_val_o(w_val));

  pe_cs_registers #(.Counters(Counters)) u_cs_registers (
    .clk_i, .rst_ni, .hart_id_i, .m_pc_i(m_pc), .m_insn_i(m_insn), .m_res_i(m_res), .m_csr_i(m_csr),
    .m_mret_i(m_mret), .m_trap_i(m_trap), .m_cause_i(m_cause), .done_i(m_done), .exc_i(m_exc),
    .csr_rdata_o(csr_rdata), .csr_illegal_o(csr_illegal), .mtvec_o(mtvec), .mepc_o(mepc));

  assign ret_valid_o    = w_valid;
  assign ret_rd_o       = w_rd;
  assign ret_rd_value_o = w_val;
endmodule
