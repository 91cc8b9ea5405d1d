// EX stage of the vault PE: forwarding from MEM and WB, the ALU, branches
// and jumps resolved (static not-taken: a taken one redirects fetch, 2
// bubbles), the iterative M unit (pe_mdu, 34 cycles in EX), load/store/AMO
// addresses and misalignment, and the EX/MEM register.
// csim/pe/pe.c pe_ex_block().
module pe_ex_block (
  input  logic        clk_i,
  input  logic        rst_ni,
  // ID/EX
  input  logic        e_valid_i,
  input  logic [31:0] e_pc_i,
  input  logic [31:0] e_insn_i,
  input  logic [31:0] e_imm_i,
  input  logic [31:0] e_rs1v_i,
  input  logic [31:0] e_rs2v_i,
  input  logic        e_alu_i,
  input  logic        e_alu_reg_i,
  input  logic        e_jal_i,
  input  logic        e_jalr_i,
  input  logic        e_branch_i,
  input  logic        e_load_i,
  input  logic        e_store_i,
  input  logic        e_amo_i,
  input  logic        e_mdu_i,
  input  logic        e_csr_i,
  input  logic        e_fence_i,
  input  logic        e_fence_i_i,
  input  logic        e_mret_i,
  input  logic        e_wfi_i,
  input  logic        e_wr_i,
  input  logic        e_u1_i,
  input  logic        e_u2_i,
  input  logic        e_trap_i,
  input  logic [3:0]  e_cause_i,
  // the rs fields of the instruction in ID (the next EX instruction's, when
  // it advances): the forwarding selects are computed a cycle early
  input  logic [4:0]  id_rs1_i,
  input  logic [4:0]  id_rs2_i,
  // WB forwarding (the select is fwd_w_q)
  input  logic [31:0] wb_val_i,
  // pipeline control (pe_controller, pe_lsu)
  input  logic        e_advance_i,
  input  logic        m_hold_i,
  input  logic        m_flush_i,
  input  logic        m_done_i,        // the MEM instruction completes (pe_lsu) ...
  input  logic        m_exc_i,         // ... with a trap: it does not reach WB
  output logic        ready_o,         // the instruction can leave EX (M unit done, no MEM load-use)
  output logic        redirect_o,      // a taken branch or jump to an aligned target, no trap
  output logic [31:0] target_o,
  output logic [31:0] addr_o,          // load/store address (the D-cache RAMs' read)
  output logic [31:0] op_a_o,          // the forwarded operands (ID keeps them for a held instruction)
  output logic [31:0] op_b_o,
  // EX/MEM
  output logic        m_valid_o,
  output logic [31:0] m_pc_o,
  output logic [31:0] m_insn_o,
  output logic [31:0] m_res_o,         // result, address, or the target of a misaligned jump
  output logic [31:0] m_wdata_o,
  output logic        m_load_o,
  output logic        m_store_o,
  output logic        m_amo_o,
  output logic        m_csr_o,
  output logic        m_fence_o,
  output logic        m_fence_i_o,
  output logic        m_mret_o,
  output logic        m_wfi_o,
  output logic        m_wr_o,
  output logic        m_trap_o,
  output logic [3:0]  m_cause_o
);
  logic        m_valid_q, m_valid_d;
  logic [31:0] m_pc_q, m_pc_d, m_insn_q, m_insn_d, m_res_q, m_res_d, m_wdata_q, m_wdata_d;
  logic        m_load_q, m_load_d, m_store_q, m_store_d, m_amo_q, m_amo_d, m_csr_q, m_csr_d;
  logic        m_fence_q, m_fence_d, m_fence_i_q, m_fence_i_d, m_mret_q, m_mret_d, m_wfi_q, m_wfi_d;
  logic        m_wr_q, m_wr_d, m_trap_q, m_trap_d;
  logic [3:0]  m_cause_q, m_cause_d;
  // forwarding selects, bit 0 for rs1 and bit 1 for rs2: the EX operand comes
  // from MEM's result (fwd_m) or else WB's (fwd_w)
  logic [1:0]  fwd_m_q, fwd_m_d, fwd_w_q, fwd_w_d;

  logic        mdu_start, mdu_kill, mdu_busy, mdu_done;
  logic [31:0] mdu_res, fa, fb;
  logic [4:0]  e_rs1, e_rs2, m_rd, e_rd;
  logic [1:0]  fwd_id_e, fwd_e_m, fwd_id_m;
  logic [2:0]  f3;
  logic        m_late, e_dep_m, cmp_sgn, add_sub, e_taken, e_mis_target, e_eq, e_lt;
  // The redirect for either value of the adder's sign, which comes off the
  // end of the carry chain last: kept as nets, so that the synthesis's LUT
  // mapping (which takes a carry output for an early input) cannot bury the
  // sign under the branch decode; the sign then selects between them in one
  // LUT (issue 18's critical path).
  (* keep *) logic redirect_lt, redirect_ge;
  logic [31:0] cmp_b, sh_in, sh_rev, alu_b, alu_res, e_res, e_addr;
  // the jump/branch target, kept as a net: the jalr target comes off the
  // shared adder's carry chain, so one LUT (this mux) and the fetch pc's
  // choice should follow it, not four (issue 18)
  (* keep *) logic [31:0] e_target;
  // EX's result but for the adder's (the sum, or slt's sign), and which of
  // the three it is, kept as nets for the same reason: the adder's sum then
  // reaches EX/MEM through one LUT, not four (issue 18)
  (* keep *) logic [31:0] e_res_na;
  (* keep *) logic        e_res_sum, e_res_slt;
  logic [32:0] add_res, sh_out;

  pe_mdu u_mdu (
    .clk_i, .rst_ni, .start_i(mdu_start), .kill_i(mdu_kill), .funct3_i(e_insn_i[14:12]),
    .a_i(fa), .b_i(fb), .busy_o(mdu_busy), .done_o(mdu_done), .result_o(mdu_res));

  // From registers only (pe_controller reads ready_o and redirect_o).
  always_comb begin
    e_rs1 = e_insn_i[19:15];
    e_rs2 = e_insn_i[24:20];
    m_rd = m_insn_q[11:7];
    // The selects were registered a cycle early (fwd_m_q, fwd_w_q, below):
    // the rd/rs compares in front of this mux were the head of the PE's
    // critical path (issue 18).  A register x0 operand selects neither and
    // reads e_rs1v_i/e_rs2v_i, which hold 0 for it (ID reads x0 as 0, a held
    // instruction keeps what it forwarded).
    fa = fwd_m_q[0] ? m_res_q : fwd_w_q[0] ? wb_val_i : e_rs1v_i;
    fb = fwd_m_q[1] ? m_res_q : fwd_w_q[1] ? wb_val_i : e_rs2v_i;
    // a load, AMO or CSR instruction in MEM has no result yet
    m_late = m_load_q || m_amo_q || m_csr_q;
    e_dep_m = m_late && ((e_u1_i && fwd_m_q[0]) || (e_u2_i && fwd_m_q[1]));
    alu_b = e_alu_reg_i ? fb : e_imm_i;
    // One 33-bit adder serves add/sub, slt/sltu and the
    // load/store/jalr address (alu_b is the immediate for those), one right
    // shifter all three shifts (sll on the bit-reversed operand): the PE has
    // to fit an iCE40 beside the PMC and the IMU.
    f3 = e_insn_i[14:12];
    cmp_b = alu_b;
    cmp_sgn = !f3[0];
    add_sub = e_alu_i && ((f3 == pe_pkg::F3Slt) || (f3 == pe_pkg::F3Sltu) ||
                          ((f3 == pe_pkg::F3Add) && e_alu_reg_i && e_insn_i[30]));
    add_res = {cmp_sgn && fa[31], fa} + ({cmp_sgn && cmp_b[31], cmp_b} ^ {33{add_sub}}) +
              {32'd0, add_sub};
    for (int i = 0; i < 32; i++) sh_in[i] = (f3 == pe_pkg::F3Sll) ? fa[31 - i] : fa[i];
    sh_out = $signed({(f3 == pe_pkg::F3Sr) && e_insn_i[30] && fa[31], sh_in}) >>> alu_b[4:0];
    for (int i = 0; i < 32; i++) sh_rev[i] = sh_out[31 - i];
    // alu_res and e_res leave the adder's results out (e_res_na); they join
    // in the last LUT before EX/MEM (e_res, below)
    unique case (f3)
      pe_pkg::F3Add:  alu_res = 32'd0;
      pe_pkg::F3Sll:  alu_res = sh_rev;
      pe_pkg::F3Slt, pe_pkg::F3Sltu: alu_res = 32'd0;
      pe_pkg::F3Xor:  alu_res = fa ^ alu_b;
      pe_pkg::F3Sr:   alu_res = sh_out[31:0];
      pe_pkg::F3Or:   alu_res = fa | alu_b;
      default:        alu_res = fa & alu_b;
    endcase
    if (e_insn_i[6:0] == pe_pkg::OpcLui) alu_res = e_imm_i;
    if (e_insn_i[6:0] == pe_pkg::OpcAuipc) alu_res = e_pc_i + e_imm_i;
    e_addr = add_res[31:0];
    // beq/bne from an equality compare; blt/bge/bltu/bgeu from a comparator
    // of their own (a 33-bit carry chain fed by the forwarded operands
    // directly, not through the shared adder's operand mux: issue 18's
    // critical path)
    e_eq = (fa == fb);
    // (signed: the 33-bit sign-extended operands, compared unsigned with
    // their sign bits inverted)
    e_lt = {!(!f3[1] && fa[31]), fa} < {!(!f3[1] && fb[31]), fb};
    e_taken = e_jal_i || e_jalr_i || (e_branch_i && ((f3[2] ? e_lt : e_eq) ^ f3[0]));
    e_target = e_jalr_i ? {e_addr[31:1], 1'b0} : (e_pc_i + e_imm_i);
    e_mis_target = e_taken && e_target[1];
    redirect_lt = (e_jal_i || e_jalr_i || (e_branch_i && ((f3[2] || e_eq) ^ f3[0]))) &&
                  !e_target[1] && !e_trap_i;
    redirect_ge = (e_jal_i || e_jalr_i || (e_branch_i && ((!f3[2] && e_eq) ^ f3[0]))) &&
                  !e_target[1] && !e_trap_i;
    if (e_alu_i) e_res_na = alu_res;
    else if (e_jal_i || e_jalr_i) e_res_na = e_pc_i + 32'd4;
    else if (e_mdu_i) e_res_na = mdu_res;
    else if (e_csr_i) e_res_na = e_insn_i[14] ? {27'd0, e_rs1} : fa;
    else e_res_na = 32'd0;
    e_res_sum = (e_alu_i && (f3 == pe_pkg::F3Add) && (e_insn_i[6:0] != pe_pkg::OpcLui) &&
                 (e_insn_i[6:0] != pe_pkg::OpcAuipc)) || e_load_i || e_store_i || e_amo_i;
    e_res_slt = e_alu_i && ((f3 == pe_pkg::F3Slt) || (f3 == pe_pkg::F3Sltu)) &&
                (e_insn_i[6:0] != pe_pkg::OpcLui) && (e_insn_i[6:0] != pe_pkg::OpcAuipc);
    e_res = e_res_sum ? add_res[31:0] : e_res_slt ? {31'd0, add_res[32]} : e_res_na;
    ready_o = (!e_mdu_i || mdu_done) && !e_dep_m;
    // = e_taken && !e_mis_target && !e_trap_i
    redirect_o = e_lt ? redirect_lt : redirect_ge;
    mdu_start = e_valid_i && e_mdu_i && !mdu_busy && !mdu_done && !e_dep_m;
  end

  // The next cycle's forwarding selects, from the three pairs of stages the
  // next EX operand and the next MEM or WB instruction can come from.  Which
  // pair applies is a late decision (the stalls), so only that choice is
  // left in front of the flip-flops.  Where the next EX stage holds no
  // instruction (flushed, or nothing entered), the select is unused: the
  // next instruction to enter EX loads its operands from ID.
  always_comb begin
    e_rd = e_insn_i[11:7];
    for (int k = 0; k < 2; k++) begin
      // ID's operand against EX's rd (both advance), EX's against MEM's rd
      // (EX held), ID's against MEM's rd (EX empty or leaving)
      fwd_id_e[k] = e_wr_i && (e_rd != 5'd0) && (e_rd == ((k == 0) ? id_rs1_i : id_rs2_i));
      fwd_e_m[k]  = m_wr_q && (m_rd != 5'd0) && (m_rd == ((k == 0) ? e_rs1 : e_rs2));
      fwd_id_m[k] = m_wr_q && (m_rd != 5'd0) && (m_rd == ((k == 0) ? id_rs1_i : id_rs2_i));
    end
    // MEM next holds EX's instruction (EX then holds ID's or none), or keeps
    // its own (EX is then held, or empty and takes ID's), or is empty
    if (e_advance_i && !m_flush_i) fwd_m_d = fwd_id_e;
    else if (m_hold_i) fwd_m_d = e_valid_i ? fwd_e_m : fwd_id_m;
    else fwd_m_d = 2'b00;
    // WB next holds MEM's instruction if it completes without a trap
    // (pe_lsu's w_valid_d); EX then holds its own or takes ID's
    if (m_done_i && !m_exc_i) fwd_w_d = (e_valid_i && !e_advance_i) ? fwd_e_m : fwd_id_m;
    else fwd_w_d = 2'b00;
  end

  always_comb begin
    mdu_kill = m_flush_i || (e_advance_i && e_mdu_i);
    m_valid_d = m_hold_i;
    m_pc_d = m_pc_q; m_insn_d = m_insn_q; m_res_d = m_res_q; m_wdata_d = m_wdata_q;
    m_load_d = m_load_q; m_store_d = m_store_q; m_amo_d = m_amo_q; m_csr_d = m_csr_q;
    m_fence_d = m_fence_q; m_fence_i_d = m_fence_i_q; m_mret_d = m_mret_q; m_wfi_d = m_wfi_q;
    m_wr_d = m_wr_q; m_trap_d = m_trap_q; m_cause_d = m_cause_q;
    if (!m_hold_i && e_advance_i && !m_flush_i) begin
      m_valid_d = 1'b1;
      m_pc_d = e_pc_i; m_insn_d = e_insn_i; m_res_d = e_res; m_wdata_d = fb;
      m_load_d = e_load_i; m_store_d = e_store_i; m_amo_d = e_amo_i; m_csr_d = e_csr_i;
      m_fence_d = e_fence_i; m_fence_i_d = e_fence_i_i; m_mret_d = e_mret_i; m_wfi_d = e_wfi_i;
      m_wr_d = e_wr_i;
      m_trap_d = 1'b1;
      if (e_trap_i) begin
        m_cause_d = e_cause_i;
      end else if (e_mis_target) begin
        m_cause_d = pe_pkg::ExcIaddrMisaligned;
        m_res_d = e_target;   // for mtval: nothing reads a trapping result
      end else if (e_load_i && ((e_insn_i[13:12] == pe_pkg::SizeH && e_addr[0]) ||
                                (e_insn_i[13:12] == pe_pkg::SizeW && e_addr[1:0] != 2'd0))) begin
        m_cause_d = pe_pkg::ExcLaddrMisaligned;
      end else if (e_store_i && ((e_insn_i[13:12] == pe_pkg::SizeH && e_addr[0]) ||
                                 (e_insn_i[13:12] == pe_pkg::SizeW && e_addr[1:0] != 2'd0))) begin
        m_cause_d = pe_pkg::ExcSaddrMisaligned;
      end else if (e_amo_i && (e_addr[1:0] != 2'd0)) begin
        m_cause_d = (e_insn_i[31:27] == pe_pkg::AmoLr) ? pe_pkg::ExcLaddrMisaligned : pe_pkg::ExcSaddrMisaligned;
      end else begin
        m_trap_d = 1'b0; m_cause_d = pe_pkg::ExcIaddrMisaligned;
      end
    end
  end

  assign target_o = e_target;
  assign addr_o   = e_addr;
  assign op_a_o   = fa;
  assign op_b_o   = fb;
  assign m_valid_o = m_valid_q;     assign m_pc_o = m_pc_q;           assign m_insn_o = m_insn_q;
  assign m_res_o = m_res_q;         assign m_wdata_o = m_wdata_q;     assign m_load_o = m_load_q;
  assign m_store_o = m_store_q;     assign m_amo_o = m_amo_q;         assign m_csr_o = m_csr_q;
  assign m_fence_o = m_fence_q;     assign m_fence_i_o = m_fence_i_q; assign m_mret_o = m_mret_q;
  assign m_wfi_o = m_wfi_q;         assign m_wr_o = m_wr_q;           assign m_trap_o = m_trap_q;
  assign m_cause_o = m_cause_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      m_valid_q <= 1'b0; m_pc_q <= 32'd0; m_insn_q <= 32'd0; m_res_q <= 32'd0; m_wdata_q <= 32'd0;
      m_load_q <= 1'b0; m_store_q <= 1'b0; m_amo_q <= 1'b0; m_csr_q <= 1'b0; m_fence_q <= 1'b0;
      m_fence_i_q <= 1'b0; m_mret_q <= 1'b0; m_wfi_q <= 1'b0; m_wr_q <= 1'b0; m_trap_q <= 1'b0;
      m_cause_q <= 4'd0; fwd_m_q <= 2'b00; fwd_w_q <= 2'b00;
    end else begin
      m_valid_q <= m_valid_d; m_pc_q <= m_pc_d; m_insn_q <= m_insn_d; m_res_q <= m_res_d;
      m_wdata_q <= m_wdata_d; m_load_q <= m_load_d; m_store_q <= m_store_d; m_amo_q <= m_amo_d;
      m_csr_q <= m_csr_d; m_fence_q <= m_fence_d; m_fence_i_q <= m_fence_i_d; m_mret_q <= m_mret_d;
      m_wfi_q <= m_wfi_d; m_wr_q <= m_wr_d; m_trap_q <= m_trap_d; m_cause_q <= m_cause_d;
      fwd_m_q <= fwd_m_d; fwd_w_q <= fwd_w_d;
    end
  end
endmodule
