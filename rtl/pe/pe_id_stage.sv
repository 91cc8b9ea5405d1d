// ID stage of the vault PE: decode (pe_decode), the register file
// (pe_register_file) with the WB bypass, the load-use interlock (a load, AMO
// or CSR instruction in EX whose rd the ID instruction reads: its value comes
// from MEM) and the ID/EX register.  With DMshrs > 1 also the scoreboard:
// the ID instruction waits while it reads or writes a register a load in
// MEM or in flight will write, or writes the rd of a load in EX (a missed
// load writes its register late, so no younger writer may pass it).
// csim/pe/pe.c pe_id_stage().
module pe_id_stage #(
  parameter int DMshrs = 1
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  // IF/ID
  input  logic [31:0] id_pc_i,
  input  logic [31:0] id_insn_i,
  input  logic        id_ifault_i,
  input  logic [4:0]  rf_raddr_a_i,   // the instruction entering ID
  input  logic [4:0]  rf_raddr_b_i,
  // WB: the register write, also bypassed to ID
  input  logic        wb_valid_i,
  input  logic [4:0]  wb_rd_i,        // 0 when the instruction writes no register
  input  logic [31:0] wb_val_i,
  // EX's forwarded operands: a held instruction keeps what it forwarded
  input  logic [31:0] ex_op_a_i,
  input  logic [31:0] ex_op_b_i,
  // pipeline control (pe_controller)
  input  logic        d_advance_i,
  input  logic        e_advance_i,
  input  logic        e_redirect_i,
  input  logic        m_flush_i,
  input  logic [31:0] sb_i,           // pe_lsu's scoreboard (0 with DMshrs = 1)
  output logic        hazard_o,
  // ID/EX
  output logic        e_valid_o,
  output logic [31:0] e_pc_o,
  output logic [31:0] e_insn_o,
  output logic [31:0] e_imm_o,
  output logic [31:0] e_rs1v_o,
  output logic [31:0] e_rs2v_o,
  output logic        e_alu_o,
  output logic        e_alu_reg_o,
  output logic        e_jal_o,
  output logic        e_jalr_o,
  output logic        e_branch_o,
  output logic        e_load_o,
  output logic        e_store_o,
  output logic        e_amo_o,
  output logic        e_mdu_o,
  output logic        e_csr_o,
  output logic        e_fence_o,
  output logic        e_fence_i_o,
  output logic        e_mret_o,
  output logic        e_wfi_o,
  output logic        e_wr_o,
  output logic        e_u1_o,
  output logic        e_u2_o,
  output logic        e_trap_o,
  output logic [3:0]  e_cause_o
);
  logic        e_valid_q, e_valid_d;
  logic [31:0] e_pc_q, e_pc_d, e_insn_q, e_insn_d, e_imm_q, e_imm_d;
  logic [31:0] e_rs1v_q, e_rs1v_d, e_rs2v_q, e_rs2v_d;
  logic        e_alu_q, e_alu_d, e_alu_reg_q, e_alu_reg_d, e_jal_q, e_jal_d, e_jalr_q, e_jalr_d;
  logic        e_branch_q, e_branch_d, e_load_q, e_load_d, e_store_q, e_store_d, e_amo_q, e_amo_d;
  logic        e_mdu_q, e_mdu_d, e_csr_q, e_csr_d, e_fence_q, e_fence_d, e_fence_i_q, e_fence_i_d;
  logic        e_mret_q, e_mret_d, e_wfi_q, e_wfi_d, e_wr_q, e_wr_d, e_u1_q, e_u1_d, e_u2_q, e_u2_d;
  logic        e_trap_q, e_trap_d;
  logic [3:0]  e_cause_q, e_cause_d;

  logic dc_illegal, dc_alu, dc_alu_reg, dc_jal, dc_jalr, dc_branch, dc_load, dc_store, dc_amo, dc_mdu;
  logic dc_csr, dc_fence, dc_fence_i, dc_ecall, dc_ebreak, dc_mret, dc_wfi, dc_wr, dc_u1, dc_u2;
  logic [31:0] dc_imm, rf_rd1, rf_rd2, rs1v, rs2v;
  logic [4:0]  d_rs1, d_rs2;
  logic        d_trap, e_late;
  logic [3:0]  d_cause;

  pe_decode u_decode (
    .insn_i(id_insn_i), .illegal_o(dc_illegal), .alu_o(dc_alu), .alu_reg_o(dc_alu_reg), .jal_o(dc_jal),
    .jalr_o(dc_jalr), .branch_o(dc_branch), .load_o(dc_load), .store_o(dc_store), .amo_o(dc_amo),
    .mdu_o(dc_mdu), .csr_o(dc_csr), .fence_o(dc_fence), .fence_i_o(dc_fence_i), .ecall_o(dc_ecall),
    .ebreak_o(dc_ebreak), .mret_o(dc_mret), .wfi_o(dc_wfi), .writes_rd_o(dc_wr), .uses_rs1_o(dc_u1),
    .uses_rs2_o(dc_u2), .imm_o(dc_imm));

  assign d_rs1 = id_insn_i[19:15];
  assign d_rs2 = id_insn_i[24:20];

  pe_register_file u_rf (
    .clk_i, .rst_ni, .raddr_a_i(rf_raddr_a_i), .raddr_b_i(rf_raddr_b_i), .rs_a_i(d_rs1), .rs_b_i(d_rs2),
    .rdata_a_o(rf_rd1), .rdata_b_o(rf_rd2), .we_i(wb_valid_i && (wb_rd_i != 5'd0)), .waddr_i(wb_rd_i),
    .wdata_i(wb_val_i));

  // From registers, the decoder and the register file only (pe_controller
  // reads hazard_o).
  always_comb begin
    d_trap = id_ifault_i || dc_illegal || dc_ecall || dc_ebreak;
    d_cause = id_ifault_i ? pe_pkg::ExcIaccess : dc_illegal ? pe_pkg::ExcIllegal :
              dc_ecall ? pe_pkg::ExcEcallM : pe_pkg::ExcBreakpoint;
    e_late = e_load_q || e_amo_q || e_csr_q;
    hazard_o = e_valid_q && e_late && e_wr_q && (e_insn_q[11:7] != 5'd0) &&
               ((dc_u1 && (d_rs1 == e_insn_q[11:7])) || (dc_u2 && (d_rs2 == e_insn_q[11:7])));
    if (DMshrs > 1) begin
      hazard_o = hazard_o || (dc_u1 && sb_i[d_rs1]) || (dc_u2 && sb_i[d_rs2]) || (dc_wr && sb_i[id_insn_i[11:7]]) ||
                 (e_valid_q && e_load_q && dc_wr && (e_insn_q[11:7] != 5'd0) && (id_insn_i[11:7] == e_insn_q[11:7]));
    end
    if (d_rs1 == 5'd0) rs1v = 32'd0;
    else if (wb_valid_i && (wb_rd_i == d_rs1)) rs1v = wb_val_i;
    else rs1v = rf_rd1;
    if (d_rs2 == 5'd0) rs2v = 32'd0;
    else if (wb_valid_i && (wb_rd_i == d_rs2)) rs2v = wb_val_i;
    else rs2v = rf_rd2;
  end

  (* keep *) logic e_valid_seq;
  always_comb begin
    e_pc_d = e_pc_q; e_insn_d = e_insn_q; e_imm_d = e_imm_q;
    e_rs1v_d = ex_op_a_i; e_rs2v_d = ex_op_b_i;
    e_alu_d = e_alu_q; e_alu_reg_d = e_alu_reg_q; e_jal_d = e_jal_q; e_jalr_d = e_jalr_q;
    e_branch_d = e_branch_q; e_load_d = e_load_q; e_store_d = e_store_q; e_amo_d = e_amo_q;
    e_mdu_d = e_mdu_q; e_csr_d = e_csr_q; e_fence_d = e_fence_q; e_fence_i_d = e_fence_i_q;
    e_mret_d = e_mret_q; e_wfi_d = e_wfi_q; e_wr_d = e_wr_q; e_u1_d = e_u1_q; e_u2_d = e_u2_q;
    e_trap_d = e_trap_q; e_cause_d = e_cause_q;
    // As IF -> ID: the payload loads on d_advance, flushes clear e_valid
    // only.  A redirecting instruction advances (e_valid_q && !e_advance is
    // then 0), so the redirect clears e_valid whatever else happens: it is
    // the last choice, after the kept e_valid_seq (see pe_if_stage's npc).
    if (m_flush_i) e_valid_seq = 1'b0;
    else if (d_advance_i) e_valid_seq = 1'b1;
    else e_valid_seq = e_valid_q && !e_advance_i;
    e_valid_d = e_valid_seq && !e_redirect_i;
    if (d_advance_i) begin
      e_pc_d = id_pc_i; e_insn_d = id_insn_i; e_imm_d = dc_imm;
      e_rs1v_d = rs1v; e_rs2v_d = rs2v;
      e_alu_d = dc_alu; e_alu_reg_d = dc_alu_reg; e_jal_d = dc_jal; e_jalr_d = dc_jalr;
      e_branch_d = dc_branch; e_load_d = dc_load; e_store_d = dc_store; e_amo_d = dc_amo;
      e_mdu_d = dc_mdu; e_csr_d = dc_csr; e_fence_d = dc_fence; e_fence_i_d = dc_fence_i;
      e_mret_d = dc_mret; e_wfi_d = dc_wfi; e_wr_d = dc_wr; e_u1_d = dc_u1; e_u2_d = dc_u2;
      e_trap_d = d_trap; e_cause_d = d_cause;
    end
  end

  assign e_valid_o = e_valid_q;     assign e_pc_o = e_pc_q;           assign e_insn_o = e_insn_q;
  assign e_imm_o = e_imm_q;         assign e_rs1v_o = e_rs1v_q;       assign e_rs2v_o = e_rs2v_q;
  assign e_alu_o = e_alu_q;         assign e_alu_reg_o = e_alu_reg_q; assign e_jal_o = e_jal_q;
  assign e_jalr_o = e_jalr_q;       assign e_branch_o = e_branch_q;   assign e_load_o = e_load_q;
  assign e_store_o = e_store_q;     assign e_amo_o = e_amo_q;         assign e_mdu_o = e_mdu_q;
  assign e_csr_o = e_csr_q;         assign e_fence_o = e_fence_q;     assign e_fence_i_o = e_fence_i_q;
  assign e_mret_o = e_mret_q;       assign e_wfi_o = e_wfi_q;         assign e_wr_o = e_wr_q;
  assign e_u1_o = e_u1_q;           assign e_u2_o = e_u2_q;           assign e_trap_o = e_trap_q;
  assign e_cause_o = e_cause_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      e_valid_q <= 1'b0; e_pc_q <= 32'd0; e_insn_q <= 32'd0; e_imm_q <= 32'd0;
      e_rs1v_q <= 32'd0; e_rs2v_q <= 32'd0;
      e_alu_q <= 1'b0; e_alu_reg_q <= 1'b0; e_jal_q <= 1'b0; e_jalr_q <= 1'b0; e_branch_q <= 1'b0;
      e_load_q <= 1'b0; e_store_q <= 1'b0; e_amo_q <= 1'b0; e_mdu_q <= 1'b0; e_csr_q <= 1'b0;
      e_fence_q <= 1'b0; e_fence_i_q <= 1'b0; e_mret_q <= 1'b0; e_wfi_q <= 1'b0; e_wr_q <= 1'b0;
      e_u1_q <= 1'b0; e_u2_q <= 1'b0; e_trap_q <= 1'b0; e_cause_q <= 4'd0;
    end else begin
      e_valid_q <= e_valid_d; e_pc_q <= e_pc_d; e_insn_q <= e_insn_d; e_imm_q <= e_imm_d;
      e_rs1v_q <= e_rs1v_d; e_rs2v_q <= e_rs2v_d;
      e_alu_q <= e_alu_d; e_alu_reg_q <= e_alu_reg_d; e_jal_q <= e_jal_d; e_jalr_q <= e_jalr_d;
      e_branch_q <= e_branch_d; e_load_q <= e_load_d; e_store_q <= e_store_d; e_amo_q <= e_amo_d;
      e_mdu_q <= e_mdu_d; e_csr_q <= e_csr_d; e_fence_q <= e_fence_d; e_fence_i_q <= e_fence_i_d;
      e_mret_q <= e_mret_d; e_wfi_q <= e_wfi_d; e_wr_q <= e_wr_d; e_u1_q <= e_u1_d; e_u2_q <= e_u2_d;
      e_trap_q <= e_trap_d; e_cause_q <= e_cause_d;
    end
  end
endmodule
