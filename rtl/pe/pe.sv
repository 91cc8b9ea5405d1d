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
module pe #(
  parameter int ICacheBytes = 512,   // block.mk passes the real sizes
  parameter int ICacheWays  = 2,
  parameter int DCacheBytes = 512,
  parameter int DCacheWays  = 2,
  parameter int LineBytes   = 64,
  // 1: mcycle/minstret (and cycle/instret) count, 64 bits; 0: they read 0
  // and ignore writes, as Zicntr-less cores do (picorv32's ENABLE_COUNTERS):
  // the iCE40 prototype's choice, ~290 logic cells
  parameter int Counters    = 1
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
  input  logic                   mem_resp_valid_i,
  input  logic [LineBytes*8-1:0] mem_resp_data_i,
  // retirement
  output logic                   ret_valid_o,
  output logic [31:0]            ret_pc_o,
  output logic [31:0]            ret_insn_o,
  output logic [4:0]             ret_rd_o,
  output logic [31:0]            ret_rd_value_o
);
  localparam int LineBits = LineBytes * 8;
  localparam int OffW     = $clog2(LineBytes);
  localparam int ISets    = ICacheBytes / (ICacheWays * LineBytes);
  localparam int IIdxW    = $clog2(ISets);
  localparam int ITagW    = 32 - IIdxW - OffW;
  localparam int ITagRamW = ((ITagW + 7) / 8) * 8;
  localparam int IWayW    = (ICacheWays > 1) ? $clog2(ICacheWays) : 1;
  localparam int DSets    = DCacheBytes / (DCacheWays * LineBytes);
  localparam int DIdxW    = $clog2(DSets);
  localparam int DTagW    = 32 - DIdxW - OffW;
  localparam int DTagRamW = ((DTagW + 7) / 8) * 8;
  localparam int DWayW    = (DCacheWays > 1) ? $clog2(DCacheWays) : 1;

  typedef enum logic [1:0] {PIdle = 2'd0, PReq = 2'd1, PResp = 2'd2} pstate_e;

  // ------------------------------------------------------------ state
  logic        run_q, run_d;
  logic [31:0] f_pc_q, f_pc_d;
  logic        i_rd_ok_q, i_rd_ok_d, d_rd_ok_q, d_rd_ok_d;
  logic [ICacheWays*ISets-1:0] ivalid_q, ivalid_d;
  logic [DCacheWays*DSets-1:0] dvalid_q, dvalid_d;
  logic [IWayW-1:0] irr_q, irr_d;
  logic [DWayW-1:0] drr_q, drr_d;

  logic        d_valid_q, d_valid_d, d_ifault_q, d_ifault_d;
  logic [31:0] d_pc_q, d_pc_d, d_insn_q, d_insn_d;

  logic        e_valid_q, e_valid_d;
  logic [31:0] e_pc_q, e_pc_d, e_insn_q, e_insn_d, e_imm_q, e_imm_d;
  logic [31:0] e_rs1v_q, e_rs1v_d, e_rs2v_q, e_rs2v_d;
  logic        e_alu_q, e_alu_d, e_alu_reg_q, e_alu_reg_d, e_jal_q, e_jal_d, e_jalr_q, e_jalr_d;
  logic        e_branch_q, e_branch_d, e_load_q, e_load_d, e_store_q, e_store_d, e_amo_q, e_amo_d;
  logic        e_mdu_q, e_mdu_d, e_csr_q, e_csr_d, e_fence_q, e_fence_d, e_fence_i_q, e_fence_i_d;
  logic        e_mret_q, e_mret_d, e_wfi_q, e_wfi_d, e_wr_q, e_wr_d, e_u1_q, e_u1_d, e_u2_q, e_u2_d;
  logic        e_trap_q, e_trap_d;
  logic [3:0]  e_cause_q, e_cause_d;

  logic        m_valid_q, m_valid_d;
  logic [31:0] m_pc_q, m_pc_d, m_insn_q, m_insn_d, m_res_q, m_res_d, m_wdata_q, m_wdata_d;
  logic        m_load_q, m_load_d, m_store_q, m_store_d, m_amo_q, m_amo_d, m_csr_q, m_csr_d;
  logic        m_fence_q, m_fence_d, m_fence_i_q, m_fence_i_d, m_mret_q, m_mret_d, m_wfi_q, m_wfi_d;
  logic        m_wr_q, m_wr_d, m_trap_q, m_trap_d;
  logic [3:0]  m_cause_q, m_cause_d;

  logic        w_valid_q, w_valid_d;
  logic [31:0] w_pc_q, w_pc_d, w_insn_q, w_insn_d, w_val_q, w_val_d;
  logic [4:0]  w_rd_q, w_rd_d;

  // Register file: two BRAM-shaped RAMs (one per read port) read with the
  // rs fields of the instruction entering ID, so the values are at the RAM
  // outputs when it is in ID.  rf_set_q marks registers written since reset
  // (others read 0, as after a reset); byp*_q cover a WB write at the edge of
  // the read, which the RAM read does not see.
  logic [31:0] rf_set_q, rf_rd1, rf_rd2, byp_val_q;
  logic        byp1_q, byp2_q;
  logic [4:0]  rf_ra1, rf_ra2;

  logic        mie_q, mie_d, mpie_q, mpie_d;
  logic [31:0] mtvec_q, mtvec_d, mscratch_q, mscratch_d, mepc_q, mepc_d, mcause_q, mcause_d;
  logic [31:0] mtval_q, mtval_d;
  logic [63:0] mcycle_q, mcycle_d, minstret_q, minstret_d;

  pstate_e     p_state_q, p_state_d;
  logic        p_src_q, p_src_d;       // 1: MEM stage (D side), 0: fetch (I side)
  logic [31:0] p_addr_q, p_addr_d, p_wdata_q, p_wdata_d;
  logic [1:0]  p_op_q, p_op_d;
  logic [4:0]  p_amo_q, p_amo_d;
  logic [3:0]  p_be_q, p_be_d;

  // ------------------------------------------------------------ caches
  logic [IIdxW-1:0] i_raddr, i_widx;
  logic [ICacheWays*LineBits-1:0] i_rline;
  logic [ICacheWays*ITagRamW-1:0] i_rtag;
  logic [ICacheWays-1:0] i_way_we;
  logic i_fill_we;
  logic [DIdxW-1:0] d_raddr, d_widx;
  logic [DCacheWays*LineBits-1:0] d_rline;
  logic [DCacheWays*DTagRamW-1:0] d_rtag;
  logic [DCacheWays-1:0] d_way_we;
  logic [LineBytes-1:0] d_wbe;
  logic [LineBits-1:0] d_wline;
  logic d_fill_we, d_store_we, d_tag_we;
  logic [ITagRamW-1:0] i_wtag;
  logic [DTagRamW-1:0] d_wtag;

  for (genvar w = 0; w < ICacheWays; w++) begin : g_iway
    pe_ram #(.Width(LineBits), .Depth(ISets)) u_data (
      .clk_i, .raddr_i(i_raddr), .rdata_o(i_rline[LineBits*w +: LineBits]),
      .we_i(i_way_we[w]), .waddr_i(i_widx), .wbe_i({LineBytes{1'b1}}), .wdata_i(mem_resp_data_i));
    pe_ram #(.Width(ITagRamW), .Depth(ISets)) u_tag (
      .clk_i, .raddr_i(i_raddr), .rdata_o(i_rtag[ITagRamW*w +: ITagRamW]),
      .we_i(i_way_we[w]), .waddr_i(i_widx), .wbe_i({(ITagRamW/8){1'b1}}), .wdata_i(i_wtag));
  end
  for (genvar w = 0; w < DCacheWays; w++) begin : g_dway
    pe_ram #(.Width(LineBits), .Depth(DSets)) u_data (
      .clk_i, .raddr_i(d_raddr), .rdata_o(d_rline[LineBits*w +: LineBits]),
      .we_i(d_way_we[w]), .waddr_i(d_widx), .wbe_i(d_wbe), .wdata_i(d_wline));
    pe_ram #(.Width(DTagRamW), .Depth(DSets)) u_tag (
      .clk_i, .raddr_i(d_raddr), .rdata_o(d_rtag[DTagRamW*w +: DTagRamW]),
      .we_i(d_way_we[w] && d_tag_we), .waddr_i(d_widx), .wbe_i({(DTagRamW/8){1'b1}}), .wdata_i(d_wtag));
  end

  // ------------------------------------------------------------ decode (ID)
  logic dc_illegal, dc_alu, dc_alu_reg, dc_jal, dc_jalr, dc_branch, dc_load, dc_store, dc_amo, dc_mdu;
  logic dc_csr, dc_fence, dc_fence_i, dc_ecall, dc_ebreak, dc_mret, dc_wfi, dc_wr, dc_u1, dc_u2;
  logic [31:0] dc_imm;
  pe_decode u_decode (
    .insn_i(d_insn_q), .illegal_o(dc_illegal), .alu_o(dc_alu), .alu_reg_o(dc_alu_reg), .jal_o(dc_jal),
    .jalr_o(dc_jalr), .branch_o(dc_branch), .load_o(dc_load), .store_o(dc_store), .amo_o(dc_amo),
    .mdu_o(dc_mdu), .csr_o(dc_csr), .fence_o(dc_fence), .fence_i_o(dc_fence_i), .ecall_o(dc_ecall),
    .ebreak_o(dc_ebreak), .mret_o(dc_mret), .wfi_o(dc_wfi), .writes_rd_o(dc_wr), .uses_rs1_o(dc_u1),
    .uses_rs2_o(dc_u2), .imm_o(dc_imm));

  // ------------------------------------------------------------ M unit
  logic mdu_start, mdu_kill, mdu_busy, mdu_done;
  logic [31:0] mdu_res, fa, fb;
  pe_mdu u_mdu (
    .clk_i, .rst_ni, .start_i(mdu_start), .kill_i(mdu_kill), .funct3_i(e_insn_q[14:12]),
    .a_i(fa), .b_i(fb), .busy_o(mdu_busy), .done_o(mdu_done), .result_o(mdu_res));

  // ------------------------------------------------------------ next state
  logic        port_idle, f_fault, f_ready, f_advance, f_issue, i_hit;
  logic [31:0] i_word, npc;
  logic [ICacheWays-1:0] i_hitw;
  logic [LineBits-1:0] i_hline;
  logic        d_hazard, d_advance, d_can_accept, e_can_accept, e_advance, e_ready, e_dep_m, e_late;
  logic        m_late, m_hold, m_done, m_exc, m_flush, e_redirect, flush_any, halted;
  logic [2:0]  f3;
  logic        cmp_sgn, add_sub;
  logic [31:0] cmp_b, sh_in, sh_rev;
  logic [32:0] add_res, sh_out;
  logic [31:0] e_target, m_target, e_addr, e_res, alu_b, alu_res, rs1v, rs2v;
  logic        e_taken, e_mis_target;
  logic [4:0]  d_rs1, d_rs2, e_rs1, e_rs2, m_rd;
  logic [3:0]  d_cause;
  logic [31:0] m_tval;
  logic        d_trap;
  logic        m_cacheable, d_hit, m_issue, d_amo_inval;
  logic [DCacheWays-1:0] d_hitw;
  logic [LineBits-1:0] d_hline;
  logic [31:0] d_hword, m_wval, st_wdata, resp_word, m_word;
  logic [3:0]  st_be;
  logic [1:0]  m_iss_op;
  logic [31:0] m_iss_addr;
  logic [IWayW-1:0] i_victim;
  logic [DWayW-1:0] d_victim;
  // CSR
  logic [11:0] csr_addr;
  logic        csr_wr, csr_exists, csr_illegal, csr_do_write;
  logic [31:0] csr_old, csr_new, csr_src;
  logic [IIdxW-1:0] f_idx;
  logic [ITagW-1:0] f_tag;
  logic [DIdxW-1:0] m_idx, p_didx;
  logic [DTagW-1:0] m_tag;

  always_comb begin
    port_idle = (p_state_q == PIdle);
    halted = !run_q && port_idle && !d_valid_q && !e_valid_q && !m_valid_q && !w_valid_q;

    // ---------------- IF: tag compare on the RAM output of last cycle's npc
    f_idx = f_pc_q[OffW +: IIdxW];
    f_tag = f_pc_q[31 -: ITagW];
    i_hitw = '0;
    i_hline = '0;
    for (int w = 0; w < ICacheWays; w++) begin
      i_hitw[w] = ivalid_q[{w[IWayW-1:0], f_idx}] && (i_rtag[ITagRamW*w +: ITagW] == f_tag);
      if (i_hitw[w]) i_hline = i_hline | i_rline[LineBits*w +: LineBits];
    end
    i_hit = |i_hitw;
    i_word = i_hline[32*f_pc_q[OffW-1:2] +: 32];
    f_fault = (f_pc_q[31:28] == pe_pkg::DevNibble);
    f_ready = run_q && (f_fault || (i_rd_ok_q && i_hit));

    // ---------------- ID
    d_rs1 = d_insn_q[19:15];
    d_rs2 = d_insn_q[24:20];
    d_trap = d_ifault_q || dc_illegal || dc_ecall || dc_ebreak;
    d_cause = d_ifault_q ? pe_pkg::ExcIaccess : dc_illegal ? pe_pkg::ExcIllegal :
              dc_ecall ? pe_pkg::ExcEcallM : pe_pkg::ExcBreakpoint;
    e_late = e_load_q || e_amo_q || e_csr_q;
    d_hazard = e_valid_q && e_late && e_wr_q && (e_insn_q[11:7] != 5'd0) &&
               ((dc_u1 && (d_rs1 == e_insn_q[11:7])) || (dc_u2 && (d_rs2 == e_insn_q[11:7])));
    if (d_rs1 == 5'd0) rs1v = 32'd0;
    else if (w_valid_q && (w_rd_q == d_rs1)) rs1v = w_val_q;
    else if (!rf_set_q[d_rs1]) rs1v = 32'd0;
    else if (byp1_q) rs1v = byp_val_q;
    else rs1v = rf_rd1;
    if (d_rs2 == 5'd0) rs2v = 32'd0;
    else if (w_valid_q && (w_rd_q == d_rs2)) rs2v = w_val_q;
    else if (!rf_set_q[d_rs2]) rs2v = 32'd0;
    else if (byp2_q) rs2v = byp_val_q;
    else rs2v = rf_rd2;

    // ---------------- EX
    e_rs1 = e_insn_q[19:15];
    e_rs2 = e_insn_q[24:20];
    m_rd = m_insn_q[11:7];
    if (e_rs1 == 5'd0) fa = 32'd0;
    else if (m_valid_q && m_wr_q && (m_rd == e_rs1)) fa = m_res_q;
    else if (w_valid_q && (w_rd_q == e_rs1)) fa = w_val_q;
    else fa = e_rs1v_q;
    if (e_rs2 == 5'd0) fb = 32'd0;
    else if (m_valid_q && m_wr_q && (m_rd == e_rs2)) fb = m_res_q;
    else if (w_valid_q && (w_rd_q == e_rs2)) fb = w_val_q;
    else fb = e_rs2v_q;
    m_late = m_load_q || m_amo_q || m_csr_q;
    e_dep_m = m_valid_q && m_late && m_wr_q && (m_rd != 5'd0) &&
              ((e_u1_q && (e_rs1 == m_rd)) || (e_u2_q && (e_rs2 == m_rd)));
    alu_b = e_alu_reg_q ? fb : e_imm_q;
    // One 33-bit adder serves add/sub, slt/sltu, the branch compares and the
    // load/store/jalr address (alu_b is the immediate for those), one right
    // shifter all three shifts (sll on the bit-reversed operand): the PE has
    // to fit an iCE40 beside the PMC and the IMU.
    f3 = e_insn_q[14:12];
    cmp_b = e_branch_q ? fb : alu_b;
    cmp_sgn = e_branch_q ? !f3[1] : !f3[0];
    add_sub = e_branch_q || (e_alu_q && ((f3 == pe_pkg::F3Slt) || (f3 == pe_pkg::F3Sltu) ||
                                         ((f3 == pe_pkg::F3Add) && e_alu_reg_q && e_insn_q[30])));
    add_res = {cmp_sgn && fa[31], fa} + ({cmp_sgn && cmp_b[31], cmp_b} ^ {33{add_sub}}) +
              {32'd0, add_sub};
    for (int i = 0; i < 32; i++) sh_in[i] = (f3 == pe_pkg::F3Sll) ? fa[31 - i] : fa[i];
    sh_out = $signed({(f3 == pe_pkg::F3Sr) && e_insn_q[30] && fa[31], sh_in}) >>> alu_b[4:0];
    for (int i = 0; i < 32; i++) sh_rev[i] = sh_out[31 - i];
    unique case (f3)
      pe_pkg::F3Add:  alu_res = add_res[31:0];
      pe_pkg::F3Sll:  alu_res = sh_rev;
      pe_pkg::F3Slt, pe_pkg::F3Sltu: alu_res = {31'd0, add_res[32]};
      pe_pkg::F3Xor:  alu_res = fa ^ alu_b;
      pe_pkg::F3Sr:   alu_res = sh_out[31:0];
      pe_pkg::F3Or:   alu_res = fa | alu_b;
      default:        alu_res = fa & alu_b;
    endcase
    if (e_insn_q[6:0] == pe_pkg::OpcLui) alu_res = e_imm_q;
    if (e_insn_q[6:0] == pe_pkg::OpcAuipc) alu_res = e_pc_q + e_imm_q;
    e_addr = add_res[31:0];
    // beq/bne from an equality compare (off the adder's carry chain);
    // blt/bge/bltu/bgeu from the adder's sign
    e_taken = f3[2] ? (add_res[32] ^ f3[0]) : ((fa == fb) ^ f3[0]);
    e_taken = e_jal_q || e_jalr_q || (e_branch_q && e_taken);
    e_target = e_jalr_q ? {e_addr[31:1], 1'b0} : (e_pc_q + e_imm_q);
    e_mis_target = e_taken && e_target[1];
    if (e_alu_q) e_res = alu_res;
    else if (e_jal_q || e_jalr_q) e_res = e_pc_q + 32'd4;
    else if (e_mdu_q) e_res = mdu_res;
    else if (e_load_q || e_store_q || e_amo_q) e_res = e_addr;
    else if (e_csr_q) e_res = e_insn_q[14] ? {27'd0, e_rs1} : fa;
    else e_res = 32'd0;
    e_ready = (!e_mdu_q || mdu_done) && !e_dep_m;

    // ---------------- MEM
    m_idx = m_res_q[OffW +: DIdxW];
    m_tag = m_res_q[31 -: DTagW];
    m_cacheable = (m_res_q[31:28] != pe_pkg::DevNibble);
    d_hitw = '0;
    d_hline = '0;
    for (int w = 0; w < DCacheWays; w++) begin
      d_hitw[w] = dvalid_q[{w[DWayW-1:0], m_idx}] && (d_rtag[DTagRamW*w +: DTagW] == m_tag);
      if (d_hitw[w]) d_hline = d_hline | d_rline[LineBits*w +: LineBits];
    end
    d_hit = m_cacheable && (|d_hitw);
    d_hword = d_hline[32*m_res_q[OffW-1:2] +: 32];
    resp_word = mem_resp_data_i[31:0];
    st_wdata = m_wdata_q << {m_res_q[1:0], 3'b000};
    st_be = ((m_insn_q[13:12] == pe_pkg::SizeB) ? 4'b0001 : (m_insn_q[13:12] == pe_pkg::SizeH) ? 4'b0011 : 4'b1111)
            << m_res_q[1:0];

    // CSR file read (MEM stage)
    csr_addr = m_insn_q[31:20];
    csr_src = m_res_q;
    csr_wr = (m_insn_q[13:12] == pe_pkg::CsrRw) || (m_insn_q[19:15] != 5'd0);
    csr_exists = 1'b1;
    csr_old = 32'd0;
    unique case (csr_addr)
      pe_pkg::CsrMstatus: begin
        csr_old = 32'd0;
        csr_old[12:11] = pe_pkg::MstatusMppM;
        csr_old[pe_pkg::MstatusMpie] = mpie_q;
        csr_old[pe_pkg::MstatusMie] = mie_q;
      end
      pe_pkg::CsrMisa: csr_old = pe_pkg::MisaValue;
      pe_pkg::CsrMie, pe_pkg::CsrMip, pe_pkg::CsrMstatush, pe_pkg::CsrMcountinhibit, pe_pkg::CsrMvendorid,
      pe_pkg::CsrMarchid, pe_pkg::CsrMimpid, pe_pkg::CsrMconfigptr: csr_old = 32'd0;
      pe_pkg::CsrMtvec: csr_old = mtvec_q;
      pe_pkg::CsrMscratch: csr_old = mscratch_q;
      pe_pkg::CsrMepc: csr_old = mepc_q;
      pe_pkg::CsrMcause: csr_old = mcause_q;
      pe_pkg::CsrMtval: csr_old = mtval_q;
      pe_pkg::CsrMcycle, pe_pkg::CsrCycle: csr_old = mcycle_q[31:0];
      pe_pkg::CsrMcycleh, pe_pkg::CsrCycleh: csr_old = mcycle_q[63:32];
      pe_pkg::CsrMinstret, pe_pkg::CsrInstret: csr_old = minstret_q[31:0];
      pe_pkg::CsrMinstreth, pe_pkg::CsrInstreth: csr_old = minstret_q[63:32];
      pe_pkg::CsrMhartid: csr_old = hart_id_i;
      default: csr_exists = ((csr_addr >= pe_pkg::CsrMhpmcounter3) && (csr_addr <= pe_pkg::CsrMhpmcounter31)) ||
                            ((csr_addr >= pe_pkg::CsrMhpmcounter3h) && (csr_addr <= pe_pkg::CsrMhpmcounter31h)) ||
                            ((csr_addr >= pe_pkg::CsrMhpmevent3) && (csr_addr <= pe_pkg::CsrMhpmevent31)) ||
                            ((csr_addr >= pe_pkg::CsrHpmcounter3) && (csr_addr <= pe_pkg::CsrHpmcounter31)) ||
                            ((csr_addr >= pe_pkg::CsrHpmcounter3h) && (csr_addr <= pe_pkg::CsrHpmcounter31h));
    endcase
    csr_illegal = !csr_exists || (csr_wr && (csr_addr[11:10] == pe_pkg::CsrReadOnly));
    unique case (m_insn_q[13:12])
      pe_pkg::CsrRw: csr_new = csr_src;
      pe_pkg::CsrRs: csr_new = csr_old | csr_src;
      default: csr_new = csr_old & ~csr_src;
    endcase

    m_done = 1'b0;
    m_exc = 1'b0;
    m_issue = 1'b0;
    m_iss_op = pe_pkg::MemOpFill;
    m_iss_addr = 32'd0;
    m_wval = m_res_q;
    d_store_we = 1'b0;
    d_amo_inval = 1'b0;
    m_word = d_hword;
    if (m_valid_q) begin
      if (m_trap_q) begin
        m_done = 1'b1;
        m_exc = 1'b1;
      end else if (m_load_q) begin
        if (m_cacheable) begin
          if (!d_rd_ok_q) begin
            m_done = 1'b0;
          end else if (d_hit) begin
            m_done = 1'b1;
          end else if (port_idle) begin
            m_issue = 1'b1;
            m_iss_op = pe_pkg::MemOpFill;
            m_iss_addr = {m_res_q[31:OffW], {OffW{1'b0}}};
          end
        end else if (port_idle) begin
          m_issue = 1'b1;
          m_iss_op = pe_pkg::MemOpRead;
          m_iss_addr = {m_res_q[31:2], 2'b00};
        end else if (p_state_q == PResp && p_src_q && mem_resp_valid_i) begin
          m_done = 1'b1;
          m_word = resp_word;
        end
        unique case (m_insn_q[14:12])
          pe_pkg::F3Lb:  m_wval = {{24{m_word[8*m_res_q[1:0] + 7]}}, m_word[8*m_res_q[1:0] +: 8]};
          pe_pkg::F3Lh:  m_wval = {{16{m_word[16*m_res_q[1] + 15]}}, m_word[16*m_res_q[1] +: 16]};
          pe_pkg::F3Lbu: m_wval = {24'd0, m_word[8*m_res_q[1:0] +: 8]};
          pe_pkg::F3Lhu: m_wval = {16'd0, m_word[16*m_res_q[1] +: 16]};
          default:       m_wval = m_word;
        endcase
      end else if (m_store_q) begin
        if (port_idle) begin
          m_issue = 1'b1;
          m_iss_op = pe_pkg::MemOpWrite;
          m_iss_addr = {m_res_q[31:2], 2'b00};
        end else if (p_state_q == PReq && p_src_q && mem_req_ready_i) begin
          m_done = 1'b1;
          d_store_we = d_rd_ok_q && d_hit;
        end
      end else if (m_amo_q) begin
        if (port_idle) begin
          m_issue = 1'b1;
          m_iss_op = pe_pkg::MemOpAmo;
          m_iss_addr = m_res_q;
        end else if (p_state_q == PResp && p_src_q && mem_resp_valid_i) begin
          m_done = 1'b1;
          m_wval = resp_word;
          d_amo_inval = 1'b1;
        end
      end else if (m_csr_q) begin
        m_done = 1'b1;
        m_exc = csr_illegal;
        m_wval = csr_old;
      end else if (m_fence_i_q) begin
        m_done = port_idle;
      end else begin
        m_done = 1'b1;   // alu, branch, jump, M unit, fence, mret, wfi
      end
    end
    csr_do_write = m_done && m_csr_q && !m_exc && csr_wr;
    m_hold = m_valid_q && !m_done;
    m_flush = m_done && (m_exc || m_fence_i_q || m_mret_q || m_wfi_q);
    m_target = m_exc ? mtvec_q : m_mret_q ? mepc_q : (m_pc_q + 32'd4);
    // mtval is rebuilt from what MEM holds instead of carried down the
    // pipeline: the instruction (illegal, or an illegal CSR access), the pc
    // (fetch fault, ebreak), 0 (ecall), or m_res_q, which holds the address
    // of a misaligned access and the target of a misaligned jump.
    if (!m_trap_q || (m_cause_q == pe_pkg::ExcIllegal)) m_tval = m_insn_q;
    else if (m_cause_q == pe_pkg::ExcEcallM) m_tval = 32'd0;
    else if ((m_cause_q == pe_pkg::ExcIaccess) || (m_cause_q == pe_pkg::ExcBreakpoint)) m_tval = m_pc_q;
    else m_tval = m_res_q;

    // ---------------- pipeline control
    e_advance = e_valid_q && e_ready && !m_hold;
    e_can_accept = !e_valid_q || e_advance;
    d_advance = d_valid_q && !d_hazard && e_can_accept;
    d_can_accept = !d_valid_q || d_advance;
    f_advance = f_ready && d_can_accept;
    e_redirect = e_advance && e_taken && !e_mis_target && !e_trap_q && !m_flush;
    flush_any = m_flush || e_redirect;
    // A fill is issued even in a cycle that redirects fetch (flush_any): the
    // line of the abandoned pc is fetched anyway, as a prefetch.  Waiting for
    // the redirect put the branch compare, the adder and the whole stall
    // chain in front of the port registers' enables (the critical path of
    // issue 18: 36.5 MHz); the cost is an occasional wrong-path fill.
    f_issue = run_q && !f_fault && i_rd_ok_q && !i_hit && port_idle && !m_issue;
    mdu_kill = m_flush || (e_advance && e_mdu_q);
    mdu_start = e_valid_q && e_mdu_q && !mdu_busy && !mdu_done && !e_dep_m;

    // ---------------- memory port
    p_state_d = p_state_q;
    p_src_d = p_src_q;
    p_addr_d = p_addr_q;
    p_op_d = p_op_q;
    p_amo_d = p_amo_q;
    p_wdata_d = p_wdata_q;
    p_be_d = p_be_q;
    unique case (p_state_q)
      PIdle: begin
        if (m_issue) begin
          p_state_d = PReq;
          p_src_d = 1'b1;
          p_addr_d = m_iss_addr;
          p_op_d = m_iss_op;
          p_amo_d = (m_iss_op == pe_pkg::MemOpAmo) ? m_insn_q[31:27] : 5'd0;
          p_wdata_d = (m_iss_op == pe_pkg::MemOpWrite) ? st_wdata : (m_iss_op == pe_pkg::MemOpAmo) ? m_wdata_q : 32'd0;
          p_be_d = (m_iss_op == pe_pkg::MemOpWrite) ? st_be : (m_iss_op == pe_pkg::MemOpFill) ? 4'd0 : 4'hF;
        end else if (f_issue) begin
          p_state_d = PReq;
          p_src_d = 1'b0;
          p_addr_d = {f_pc_q[31:OffW], {OffW{1'b0}}};
          p_op_d = pe_pkg::MemOpFill;
          p_amo_d = 5'd0;
          p_wdata_d = 32'd0;
          p_be_d = 4'd0;
        end
      end
      PReq: if (mem_req_ready_i) p_state_d = (p_op_q == pe_pkg::MemOpWrite) ? PIdle : PResp;
      PResp: if (mem_resp_valid_i) p_state_d = PIdle;
      default: p_state_d = PIdle;
    endcase
    i_fill_we = (p_state_q == PResp) && !p_src_q && mem_resp_valid_i;
    d_fill_we = (p_state_q == PResp) && p_src_q && (p_op_q == pe_pkg::MemOpFill) && mem_resp_valid_i;

    // ---------------- cache writes, valid bits, replacement
    i_widx = p_addr_q[OffW +: IIdxW];
    i_wtag = '0;
    i_wtag[ITagW-1:0] = p_addr_q[31 -: ITagW];
    i_victim = irr_q;
    for (int w = ICacheWays - 1; w >= 0; w--) begin
      if (!ivalid_q[{w[IWayW-1:0], i_widx}]) i_victim = w[IWayW-1:0];
    end
    for (int w = 0; w < ICacheWays; w++) i_way_we[w] = i_fill_we && (i_victim == w[IWayW-1:0]);
    p_didx = p_addr_q[OffW +: DIdxW];
    d_victim = drr_q;
    for (int w = DCacheWays - 1; w >= 0; w--) begin
      if (!dvalid_q[{w[DWayW-1:0], p_didx}]) d_victim = w[DWayW-1:0];
    end
    d_wtag = '0;
    d_wtag[DTagW-1:0] = p_addr_q[31 -: DTagW];
    d_tag_we = d_fill_we;
    if (d_fill_we) begin
      d_widx = p_didx;
      d_wbe = {LineBytes{1'b1}};
      d_wline = mem_resp_data_i;
      for (int w = 0; w < DCacheWays; w++) d_way_we[w] = (d_victim == w[DWayW-1:0]);
    end else begin
      d_widx = m_idx;
      d_wbe = {{(LineBytes-4){1'b0}}, st_be} << {m_res_q[OffW-1:2], 2'b00};
      d_wline = {(LineBytes/4){st_wdata}};
      for (int w = 0; w < DCacheWays; w++) d_way_we[w] = d_store_we && d_hitw[w];
    end
    i_rd_ok_d = !i_fill_we;
    d_rd_ok_d = !(d_fill_we || d_store_we);
    // round-robin pointer over ways (a power of two); stays 0 when direct mapped
    irr_d = (ICacheWays > 1) ? irr_q + {{(IWayW-1){1'b0}}, i_fill_we} : '0;
    drr_d = (DCacheWays > 1) ? drr_q + {{(DWayW-1){1'b0}}, d_fill_we} : '0;
    ivalid_d = ivalid_q;
    if (m_done && m_fence_i_q && !m_exc) ivalid_d = '0;
    else if (i_fill_we) ivalid_d[{i_victim, i_widx}] = 1'b1;
    dvalid_d = dvalid_q;
    if (m_done && m_fence_q && !m_exc) dvalid_d = '0;
    else if (d_amo_inval) begin
      for (int w = 0; w < DCacheWays; w++) dvalid_d[{w[DWayW-1:0], m_idx}] = 1'b0;
    end else if (d_fill_we) dvalid_d[{d_victim, p_didx}] = 1'b1;

    // ---------------- fetch pc, run state
    run_d = run_q;
    if (halted && start_i) run_d = 1'b1;
    else if (m_done && m_wfi_q && !m_exc) run_d = 1'b0;
    if (halted && start_i) npc = boot_pc_i;
    else if (m_flush) npc = m_target;
    else if (e_redirect) npc = e_target;
    else if (f_advance) npc = f_pc_q + 32'd4;
    else npc = f_pc_q;
    f_pc_d = npc;
    i_raddr = npc[OffW +: IIdxW];
    d_raddr = m_hold ? m_idx : e_addr[OffW +: DIdxW];

    // ---------------- IF -> ID
    d_valid_d = d_valid_q && !d_advance;
    d_pc_d = d_pc_q;
    d_insn_d = d_insn_q;
    d_ifault_d = d_ifault_q;
    // The payload registers load on f_advance alone, a flush clears only the
    // valid bit: keeping the branch compare (e_redirect) out of the enables
    // of some hundred flip-flops, and of the register-file read address, cut
    // the PE's critical path (issue 18).  A flushed payload is never read.
    if (f_advance) begin
      d_pc_d = f_pc_q;
      d_insn_d = f_fault ? 32'd0 : i_word;
      d_ifault_d = f_fault;
    end
    if (flush_any) d_valid_d = 1'b0;
    else if (f_advance) d_valid_d = 1'b1;

    // ---------------- ID -> EX
    e_valid_d = e_valid_q && !e_advance;
    e_pc_d = e_pc_q; e_insn_d = e_insn_q; e_imm_d = e_imm_q;
    e_rs1v_d = fa; e_rs2v_d = fb;    // a held instruction keeps what it forwarded
    e_alu_d = e_alu_q; e_alu_reg_d = e_alu_reg_q; e_jal_d = e_jal_q; e_jalr_d = e_jalr_q;
    e_branch_d = e_branch_q; e_load_d = e_load_q; e_store_d = e_store_q; e_amo_d = e_amo_q;
    e_mdu_d = e_mdu_q; e_csr_d = e_csr_q; e_fence_d = e_fence_q; e_fence_i_d = e_fence_i_q;
    e_mret_d = e_mret_q; e_wfi_d = e_wfi_q; e_wr_d = e_wr_q; e_u1_d = e_u1_q; e_u2_d = e_u2_q;
    e_trap_d = e_trap_q; e_cause_d = e_cause_q;
    // As IF -> ID: the payload loads on d_advance, flushes clear e_valid only
    // (a redirecting instruction advances, so e_valid_q && !e_advance is 0).
    if (m_flush) e_valid_d = 1'b0;
    else if (d_advance && !e_redirect) e_valid_d = 1'b1;
    if (d_advance) begin
      e_pc_d = d_pc_q; e_insn_d = d_insn_q; e_imm_d = dc_imm;
      e_rs1v_d = rs1v; e_rs2v_d = rs2v;
      e_alu_d = dc_alu; e_alu_reg_d = dc_alu_reg; e_jal_d = dc_jal; e_jalr_d = dc_jalr;
      e_branch_d = dc_branch; e_load_d = dc_load; e_store_d = dc_store; e_amo_d = dc_amo;
      e_mdu_d = dc_mdu; e_csr_d = dc_csr; e_fence_d = dc_fence; e_fence_i_d = dc_fence_i;
      e_mret_d = dc_mret; e_wfi_d = dc_wfi; e_wr_d = dc_wr; e_u1_d = dc_u1; e_u2_d = dc_u2;
      e_trap_d = d_trap; e_cause_d = d_cause;
    end

    // ---------------- EX -> MEM
    m_valid_d = m_hold;
    m_pc_d = m_pc_q; m_insn_d = m_insn_q; m_res_d = m_res_q; m_wdata_d = m_wdata_q;
    m_load_d = m_load_q; m_store_d = m_store_q; m_amo_d = m_amo_q; m_csr_d = m_csr_q;
    m_fence_d = m_fence_q; m_fence_i_d = m_fence_i_q; m_mret_d = m_mret_q; m_wfi_d = m_wfi_q;
    m_wr_d = m_wr_q; m_trap_d = m_trap_q; m_cause_d = m_cause_q;
    if (!m_hold && e_advance && !m_flush) begin
      m_valid_d = 1'b1;
      m_pc_d = e_pc_q; m_insn_d = e_insn_q; m_res_d = e_res; m_wdata_d = fb;
      m_load_d = e_load_q; m_store_d = e_store_q; m_amo_d = e_amo_q; m_csr_d = e_csr_q;
      m_fence_d = e_fence_q; m_fence_i_d = e_fence_i_q; m_mret_d = e_mret_q; m_wfi_d = e_wfi_q;
      m_wr_d = e_wr_q;
      m_trap_d = 1'b1;
      if (e_trap_q) begin
        m_cause_d = e_cause_q;
      end else if (e_mis_target) begin
        m_cause_d = pe_pkg::ExcIaddrMisaligned;
        m_res_d = e_target;   // for mtval: nothing reads a trapping result
      end else if (e_load_q && ((e_insn_q[13:12] == pe_pkg::SizeH && e_addr[0]) ||
                                (e_insn_q[13:12] == pe_pkg::SizeW && e_addr[1:0] != 2'd0))) begin
        m_cause_d = pe_pkg::ExcLaddrMisaligned;
      end else if (e_store_q && ((e_insn_q[13:12] == pe_pkg::SizeH && e_addr[0]) ||
                                 (e_insn_q[13:12] == pe_pkg::SizeW && e_addr[1:0] != 2'd0))) begin
        m_cause_d = pe_pkg::ExcSaddrMisaligned;
      end else if (e_amo_q && (e_addr[1:0] != 2'd0)) begin
        m_cause_d = (e_insn_q[31:27] == pe_pkg::AmoLr) ? pe_pkg::ExcLaddrMisaligned : pe_pkg::ExcSaddrMisaligned;
      end else begin
        m_trap_d = 1'b0; m_cause_d = pe_pkg::ExcIaddrMisaligned;
      end
    end

    // ---------------- MEM -> WB
    w_valid_d = m_done && !m_exc;
    w_pc_d = m_pc_q;
    w_insn_d = m_insn_q;
    w_rd_d = (m_wr_q && (m_rd != 5'd0)) ? m_rd : 5'd0;
    w_val_d = (m_wr_q && (m_rd != 5'd0)) ? m_wval : 32'd0;

    // ---------------- CSRs
    mie_d = mie_q; mpie_d = mpie_q; mtvec_d = mtvec_q; mscratch_d = mscratch_q; mepc_d = mepc_q;
    mcause_d = mcause_q; mtval_d = mtval_q;
    mcycle_d = mcycle_q + 64'd1;
    minstret_d = minstret_q + {63'd0, (m_done && !m_exc)};
    if (csr_do_write) begin
      unique case (csr_addr)
        pe_pkg::CsrMstatus: begin
          mie_d = csr_new[pe_pkg::MstatusMie];
          mpie_d = csr_new[pe_pkg::MstatusMpie];
        end
        pe_pkg::CsrMtvec: mtvec_d = {csr_new[31:2], 2'b00};
        pe_pkg::CsrMscratch: mscratch_d = csr_new;
        pe_pkg::CsrMepc: mepc_d = {csr_new[31:2], 2'b00};
        pe_pkg::CsrMcause: mcause_d = csr_new;
        pe_pkg::CsrMtval: mtval_d = csr_new;
        pe_pkg::CsrMcycle: mcycle_d = {mcycle_q[63:32], csr_new};
        pe_pkg::CsrMcycleh: mcycle_d = {csr_new, mcycle_q[31:0]};
        pe_pkg::CsrMinstret: minstret_d = {minstret_q[63:32], csr_new};
        pe_pkg::CsrMinstreth: minstret_d = {csr_new, minstret_q[31:0]};
        default: ;
      endcase
    end
    if (Counters == 0) begin
      mcycle_d = 64'd0;
      minstret_d = 64'd0;
    end
    if (m_done && m_exc) begin
      mepc_d = {m_pc_q[31:2], 2'b00};
      mcause_d = {28'd0, m_trap_q ? m_cause_q : pe_pkg::ExcIllegal};
      mtval_d = m_tval;
      mpie_d = mie_q;
      mie_d = 1'b0;
    end else if (m_done && m_mret_q) begin
      mie_d = mpie_q;
      mpie_d = 1'b1;
    end
  end

`ifndef SYNTHESIS
  // Invariants, checked by Verilator (--assert) in every RTL test; Yosys
  // defines SYNTHESIS and never sees them.
  // A line is in at most one way of its set (fills go to a missing line
  // only), so the hit selects are one-hot or zero; the OR-mux relies on it.
  // Only where the hit is used: the RAM read usable (rd_ok: the read in a
  // fill's cycle returns the way's old tag, which may name a line another
  // way now holds) and, for the D-cache, a load or store in MEM (else the
  // RAMs were read at another instruction's address than m_res_q's).
  a_ihit_onehot: assert property (@(posedge clk_i) disable iff (!rst_ni)
      (run_q && i_rd_ok_q) |-> $onehot0(i_hitw))
    else $error("pe: I-cache hit in more than one way: %b (pc %h)", i_hitw, f_pc_q);
  a_dhit_onehot: assert property (@(posedge clk_i) disable iff (!rst_ni)
      (m_valid_q && (m_load_q || m_store_q) && d_rd_ok_q) |-> $onehot0(d_hitw))
    else $error("pe: D-cache hit in more than one way: %b (addr %h)", d_hitw, m_res_q);
  // A cache write goes to one way; a fill and a store hit never coincide.
  a_way_we_onehot: assert property (@(posedge clk_i) disable iff (!rst_ni)
      $onehot0(i_way_we) && $onehot0(d_way_we) && !(d_fill_we && d_store_we))
    else $error("pe: cache write enables not one-hot (I %b D %b fill %b store %b)", i_way_we, d_way_we,
                d_fill_we, d_store_we);
  // Port protocol (csim/pe/pe.h): a request is held, unchanged, until ready.
  a_req_stable: assert property (@(posedge clk_i) disable iff (!rst_ni)
      $past(mem_req_valid_o && !mem_req_ready_i) |-> (mem_req_valid_o && $stable(mem_req_addr_o) &&
      $stable(mem_req_op_o) && $stable(mem_req_amo_o) && $stable(mem_req_wdata_o) && $stable(mem_req_be_o)))
    else $error("pe: request dropped or changed before ready (addr %h op %0d)", mem_req_addr_o, mem_req_op_o);
  // Port protocol: a fill is line aligned with no byte enables, a read or
  // AMO word aligned with all four, a write word aligned with at least one.
  a_req_shape: assert property (@(posedge clk_i) disable iff (!rst_ni) mem_req_valid_o |->
      ((mem_req_op_o == pe_pkg::MemOpFill) ? ((mem_req_addr_o[OffW-1:0] == '0) && (mem_req_be_o == 4'd0)) :
       (mem_req_op_o == pe_pkg::MemOpWrite) ? ((mem_req_addr_o[1:0] == 2'd0) && (mem_req_be_o != 4'd0)) :
       ((mem_req_addr_o[1:0] == 2'd0) && (mem_req_be_o == 4'hF))))
    else $error("pe: malformed request op %0d addr %h be %b", mem_req_op_o, mem_req_addr_o, mem_req_be_o);
  // Port protocol: a response comes only for a request in flight.
  a_resp_expected: assert property (@(posedge clk_i) disable iff (!rst_ni) mem_resp_valid_i |-> (p_state_q == PResp))
    else $error("pe: memory response with no request in flight (port state %0d)", p_state_q);
  // Retirement: a retired instruction that writes no register reports 0.
  a_ret_rd_zero: assert property (@(posedge clk_i) disable iff (!rst_ni)
      (ret_valid_o && (ret_rd_o == 5'd0)) |-> (ret_rd_value_o == 32'd0))
    else $error("pe: retirement without rd reports value %h", ret_rd_value_o);
`endif

  assign halted_o        = halted;
  assign mem_req_valid_o = (p_state_q == PReq);
  assign mem_req_addr_o  = p_addr_q;
  assign mem_req_op_o    = p_op_q;
  assign mem_req_amo_o   = p_amo_q;
  assign mem_req_wdata_o = p_wdata_q;
  assign mem_req_be_o    = p_be_q;
  assign ret_valid_o     = w_valid_q;
  assign ret_pc_o        = w_pc_q;
  assign ret_insn_o      = w_insn_q;
  assign ret_rd_o        = w_rd_q;
  assign ret_rd_value_o  = w_val_q;

  // ------------------------------------------------------------ registers
  assign rf_ra1 = d_insn_d[19:15];
  assign rf_ra2 = d_insn_d[24:20];
  pe_ram #(.Width(32), .Depth(32)) u_rf1 (
    .clk_i, .raddr_i(rf_ra1), .rdata_o(rf_rd1), .we_i(w_valid_q && (w_rd_q != 5'd0)), .waddr_i(w_rd_q),
    .wbe_i(4'hF), .wdata_i(w_val_q));
  pe_ram #(.Width(32), .Depth(32)) u_rf2 (
    .clk_i, .raddr_i(rf_ra2), .rdata_o(rf_rd2), .we_i(w_valid_q && (w_rd_q != 5'd0)), .waddr_i(w_rd_q),
    .wbe_i(4'hF), .wdata_i(w_val_q));

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rf_set_q  <= '0;
      byp1_q    <= 1'b0;
      byp2_q    <= 1'b0;
      byp_val_q <= 32'd0;
    end else begin
      if (w_valid_q && (w_rd_q != 5'd0)) rf_set_q[w_rd_q] <= 1'b1;
      byp1_q    <= w_valid_q && (w_rd_q != 5'd0) && (w_rd_q == rf_ra1);
      byp2_q    <= w_valid_q && (w_rd_q != 5'd0) && (w_rd_q == rf_ra2);
      byp_val_q <= w_val_q;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      run_q <= 1'b0; f_pc_q <= 32'd0; i_rd_ok_q <= 1'b0; d_rd_ok_q <= 1'b0;
      ivalid_q <= '0; dvalid_q <= '0; irr_q <= '0; drr_q <= '0;
      d_valid_q <= 1'b0; d_pc_q <= 32'd0; d_insn_q <= 32'd0; d_ifault_q <= 1'b0;
      e_valid_q <= 1'b0; e_pc_q <= 32'd0; e_insn_q <= 32'd0; e_imm_q <= 32'd0;
      e_rs1v_q <= 32'd0; e_rs2v_q <= 32'd0;
      e_alu_q <= 1'b0; e_alu_reg_q <= 1'b0; e_jal_q <= 1'b0; e_jalr_q <= 1'b0; e_branch_q <= 1'b0;
      e_load_q <= 1'b0; e_store_q <= 1'b0; e_amo_q <= 1'b0; e_mdu_q <= 1'b0; e_csr_q <= 1'b0;
      e_fence_q <= 1'b0; e_fence_i_q <= 1'b0; e_mret_q <= 1'b0; e_wfi_q <= 1'b0; e_wr_q <= 1'b0;
      e_u1_q <= 1'b0; e_u2_q <= 1'b0; e_trap_q <= 1'b0; e_cause_q <= 4'd0;
      m_valid_q <= 1'b0; m_pc_q <= 32'd0; m_insn_q <= 32'd0; m_res_q <= 32'd0; m_wdata_q <= 32'd0;
      m_load_q <= 1'b0; m_store_q <= 1'b0; m_amo_q <= 1'b0; m_csr_q <= 1'b0; m_fence_q <= 1'b0;
      m_fence_i_q <= 1'b0; m_mret_q <= 1'b0; m_wfi_q <= 1'b0; m_wr_q <= 1'b0; m_trap_q <= 1'b0;
      m_cause_q <= 4'd0;
      w_valid_q <= 1'b0; w_pc_q <= 32'd0; w_insn_q <= 32'd0; w_rd_q <= 5'd0; w_val_q <= 32'd0;
      mie_q <= 1'b0; mpie_q <= 1'b0; mtvec_q <= 32'd0; mscratch_q <= 32'd0; mepc_q <= 32'd0;
      mcause_q <= 32'd0; mtval_q <= 32'd0; mcycle_q <= 64'd0; minstret_q <= 64'd0;
      p_state_q <= PIdle; p_src_q <= 1'b0; p_addr_q <= 32'd0; p_op_q <= 2'd0; p_amo_q <= 5'd0;
      p_wdata_q <= 32'd0; p_be_q <= 4'd0;
    end else begin
      run_q <= run_d; f_pc_q <= f_pc_d; i_rd_ok_q <= i_rd_ok_d; d_rd_ok_q <= d_rd_ok_d;
      ivalid_q <= ivalid_d; dvalid_q <= dvalid_d; irr_q <= irr_d; drr_q <= drr_d;
      d_valid_q <= d_valid_d; d_pc_q <= d_pc_d; d_insn_q <= d_insn_d; d_ifault_q <= d_ifault_d;
      e_valid_q <= e_valid_d; e_pc_q <= e_pc_d; e_insn_q <= e_insn_d; e_imm_q <= e_imm_d;
      e_rs1v_q <= e_rs1v_d; e_rs2v_q <= e_rs2v_d;
      e_alu_q <= e_alu_d; e_alu_reg_q <= e_alu_reg_d; e_jal_q <= e_jal_d; e_jalr_q <= e_jalr_d;
      e_branch_q <= e_branch_d; e_load_q <= e_load_d; e_store_q <= e_store_d; e_amo_q <= e_amo_d;
      e_mdu_q <= e_mdu_d; e_csr_q <= e_csr_d; e_fence_q <= e_fence_d; e_fence_i_q <= e_fence_i_d;
      e_mret_q <= e_mret_d; e_wfi_q <= e_wfi_d; e_wr_q <= e_wr_d; e_u1_q <= e_u1_d; e_u2_q <= e_u2_d;
      e_trap_q <= e_trap_d; e_cause_q <= e_cause_d;
      m_valid_q <= m_valid_d; m_pc_q <= m_pc_d; m_insn_q <= m_insn_d; m_res_q <= m_res_d;
      m_wdata_q <= m_wdata_d; m_load_q <= m_load_d; m_store_q <= m_store_d; m_amo_q <= m_amo_d;
      m_csr_q <= m_csr_d; m_fence_q <= m_fence_d; m_fence_i_q <= m_fence_i_d; m_mret_q <= m_mret_d;
      m_wfi_q <= m_wfi_d; m_wr_q <= m_wr_d; m_trap_q <= m_trap_d; m_cause_q <= m_cause_d;
      w_valid_q <= w_valid_d; w_pc_q <= w_pc_d; w_insn_q <= w_insn_d; w_rd_q <= w_rd_d; w_val_q <= w_val_d;
      mie_q <= mie_d; mpie_q <= mpie_d; mtvec_q <= mtvec_d; mscratch_q <= mscratch_d; mepc_q <= mepc_d;
      mcause_q <= mcause_d; mtval_q <= mtval_d; mcycle_q <= mcycle_d; minstret_q <= minstret_d;
      p_state_q <= p_state_d; p_src_q <= p_src_d; p_addr_q <= p_addr_d; p_op_q <= p_op_d;
      p_amo_q <= p_amo_d; p_wdata_q <= p_wdata_d; p_be_q <= p_be_d;
    end
  end
endmodule
