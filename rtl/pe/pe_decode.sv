// RV32IMA decoder of the PE (ID stage), combinational.  Legality comes from
// the instruction table hw/rv32.isa (rv32_isa_pkg::PeLegal, generated, the
// same rows csim/rv32/rv32.c rv32_decode() matches); the register-use bits
// follow rv32_decode() exactly, because the load-use interlock depends on
// them and the C model must stall alike.  custom-0 (cp.*) and wrs.nto are
// illegal on a PE: loops never nest an offload there.
module pe_decode (
  input  logic [31:0] insn_i,
  output logic        illegal_o,
  output logic        alu_o,       // lui auipc op-imm op (not M)
  output logic        alu_reg_o,   // second operand is rs2 (op), else imm
  output logic        jal_o,
  output logic        jalr_o,
  output logic        branch_o,
  output logic        load_o,
  output logic        store_o,
  output logic        amo_o,       // lr/sc/amo*
  output logic        mdu_o,
  output logic        csr_o,
  output logic        fence_o,
  output logic        fence_i_o,
  output logic        ecall_o,
  output logic        ebreak_o,
  output logic        mret_o,
  output logic        wfi_o,
  output logic        writes_rd_o,
  output logic        uses_rs1_o,
  output logic        uses_rs2_o,
  output logic [31:0] imm_o
);
  logic [6:0] opc, f7;
  logic [2:0] f3;
  logic [4:0] f5, rs2;
  logic [31:0] imm_i, imm_s, imm_b, imm_u, imm_j;
  logic ok;

  always_comb begin
    opc = insn_i[6:0];
    f3  = insn_i[14:12];
    f7  = insn_i[31:25];
    f5  = insn_i[31:27];
    rs2 = insn_i[24:20];
    imm_i = {{20{insn_i[31]}}, insn_i[31:20]};
    imm_s = {{20{insn_i[31]}}, insn_i[31:25], insn_i[11:7]};
    imm_b = {{19{insn_i[31]}}, insn_i[31], insn_i[7], insn_i[30:25], insn_i[11:8], 1'b0};
    imm_u = {insn_i[31:12], 12'd0};
    imm_j = {{11{insn_i[31]}}, insn_i[31], insn_i[19:12], insn_i[20], insn_i[30:21], 1'b0};

    ok = rv32_isa_pkg::PeLegal(insn_i);
    alu_o = 1'b0; alu_reg_o = 1'b0; jal_o = 1'b0; jalr_o = 1'b0; branch_o = 1'b0;
    load_o = 1'b0; store_o = 1'b0; amo_o = 1'b0; mdu_o = 1'b0; csr_o = 1'b0;
    fence_o = 1'b0; fence_i_o = 1'b0; ecall_o = 1'b0; ebreak_o = 1'b0; mret_o = 1'b0; wfi_o = 1'b0;
    writes_rd_o = 1'b0; uses_rs1_o = 1'b0; uses_rs2_o = 1'b0;
    imm_o = 32'd0;
    unique case (opc)
      pe_pkg::OpcLui, pe_pkg::OpcAuipc: begin
        alu_o = 1'b1; writes_rd_o = 1'b1; imm_o = imm_u;
      end
      pe_pkg::OpcJal: begin
        jal_o = 1'b1; writes_rd_o = 1'b1; imm_o = imm_j;
      end
      pe_pkg::OpcJalr: begin
        jalr_o = 1'b1; writes_rd_o = 1'b1; uses_rs1_o = 1'b1; imm_o = imm_i;
      end
      pe_pkg::OpcBranch: begin
        branch_o = 1'b1; uses_rs1_o = 1'b1; uses_rs2_o = 1'b1;
        imm_o = imm_b;
      end
      pe_pkg::OpcLoad: begin
        load_o = 1'b1; writes_rd_o = 1'b1; uses_rs1_o = 1'b1; imm_o = imm_i;
      end
      pe_pkg::OpcStore: begin
        store_o = 1'b1; uses_rs1_o = 1'b1; uses_rs2_o = 1'b1; imm_o = imm_s;
      end
      pe_pkg::OpcOpImm: begin
        alu_o = 1'b1; writes_rd_o = 1'b1; uses_rs1_o = 1'b1;
        imm_o = ((f3 == pe_pkg::F3Sll) || (f3 == pe_pkg::F3Sr)) ? {27'd0, rs2} : imm_i;
      end
      pe_pkg::OpcOp: begin
        if (f7 == pe_pkg::F7MulDiv) begin
          mdu_o = 1'b1;
        end else begin
          alu_o = 1'b1; alu_reg_o = 1'b1;
        end
        writes_rd_o = 1'b1; uses_rs1_o = 1'b1; uses_rs2_o = 1'b1;
      end
      pe_pkg::OpcMiscMem: begin
        fence_o = (f3 == pe_pkg::F3Fence); fence_i_o = (f3 == pe_pkg::F3FenceI);
      end
      pe_pkg::OpcSystem: begin
        if (f3 == pe_pkg::F3Priv) begin
          ecall_o  = (insn_i == pe_pkg::InsnEcall);
          ebreak_o = (insn_i == pe_pkg::InsnEbreak);
          mret_o   = (insn_i == pe_pkg::InsnMret);
          wfi_o    = (insn_i == pe_pkg::InsnWfi);
        end else begin
          csr_o = 1'b1; writes_rd_o = 1'b1; uses_rs1_o = !f3[2];
        end
      end
      pe_pkg::OpcAmo: begin
        amo_o = 1'b1; writes_rd_o = 1'b1; uses_rs1_o = 1'b1; uses_rs2_o = (f5 != pe_pkg::AmoLr);
      end
      default: imm_o = 32'd0; // no such opcode: PeLegal is 0
    endcase
    illegal_o = !ok;
    if (!ok) begin
      alu_o = 1'b0; alu_reg_o = 1'b0; jal_o = 1'b0; jalr_o = 1'b0; branch_o = 1'b0;
      load_o = 1'b0; store_o = 1'b0; amo_o = 1'b0; mdu_o = 1'b0; csr_o = 1'b0;
      fence_o = 1'b0; fence_i_o = 1'b0; ecall_o = 1'b0; ebreak_o = 1'b0; mret_o = 1'b0; wfi_o = 1'b0;
      writes_rd_o = 1'b0; uses_rs1_o = 1'b0; uses_rs2_o = 1'b0;
    end
  end
endmodule
