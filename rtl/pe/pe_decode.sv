// RV32IMA decoder of the PE (ID stage), combinational.  Legality and the
// register-use bits follow csim/rv32/rv32.c rv32_decode() exactly, because the
// load-use interlock depends on them and the C model must stall alike.
// custom-0 (cp.*) is illegal on a PE: loops never nest an offload there.
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

    ok = 1'b0;
    alu_o = 1'b0; alu_reg_o = 1'b0; jal_o = 1'b0; jalr_o = 1'b0; branch_o = 1'b0;
    load_o = 1'b0; store_o = 1'b0; amo_o = 1'b0; mdu_o = 1'b0; csr_o = 1'b0;
    fence_o = 1'b0; fence_i_o = 1'b0; ecall_o = 1'b0; ebreak_o = 1'b0; mret_o = 1'b0; wfi_o = 1'b0;
    writes_rd_o = 1'b0; uses_rs1_o = 1'b0; uses_rs2_o = 1'b0;
    imm_o = 32'd0;
    unique case (opc)
      pe_pkg::OpcLui, pe_pkg::OpcAuipc: begin
        ok = 1'b1; alu_o = 1'b1; writes_rd_o = 1'b1; imm_o = imm_u;
      end
      pe_pkg::OpcJal: begin
        ok = 1'b1; jal_o = 1'b1; writes_rd_o = 1'b1; imm_o = imm_j;
      end
      pe_pkg::OpcJalr: begin
        ok = (f3 == pe_pkg::F3Jalr); jalr_o = 1'b1; writes_rd_o = 1'b1; uses_rs1_o = 1'b1; imm_o = imm_i;
      end
      pe_pkg::OpcBranch: begin
        ok = (f3[2:1] != 2'b01); branch_o = 1'b1; uses_rs1_o = 1'b1; uses_rs2_o = 1'b1;
        imm_o = imm_b;
      end
      pe_pkg::OpcLoad: begin
        ok = (f3 == pe_pkg::F3Lb) || (f3 == pe_pkg::F3Lh) || (f3 == pe_pkg::F3Lw) || (f3 == pe_pkg::F3Lbu) ||
             (f3 == pe_pkg::F3Lhu); load_o = 1'b1; writes_rd_o = 1'b1;
        uses_rs1_o = 1'b1; imm_o = imm_i;
      end
      pe_pkg::OpcStore: begin
        ok = (f3 <= {1'b0, pe_pkg::SizeW}); store_o = 1'b1; uses_rs1_o = 1'b1; uses_rs2_o = 1'b1; imm_o = imm_s;
      end
      pe_pkg::OpcOpImm: begin
        if (f3 == pe_pkg::F3Sll) ok = (f7 == pe_pkg::F7Base);
        else if (f3 == pe_pkg::F3Sr) ok = (f7 == pe_pkg::F7Base) || (f7 == pe_pkg::F7Alt);
        else ok = 1'b1;
        alu_o = 1'b1; writes_rd_o = 1'b1; uses_rs1_o = 1'b1;
        imm_o = ((f3 == pe_pkg::F3Sll) || (f3 == pe_pkg::F3Sr)) ? {27'd0, rs2} : imm_i;
      end
      pe_pkg::OpcOp: begin
        if (f7 == pe_pkg::F7MulDiv) begin
          ok = 1'b1; mdu_o = 1'b1;
        end else begin
          ok = (f7 == pe_pkg::F7Base) || ((f7 == pe_pkg::F7Alt) && ((f3 == pe_pkg::F3Add) || (f3 == pe_pkg::F3Sr)));
          alu_o = 1'b1; alu_reg_o = 1'b1;
        end
        writes_rd_o = 1'b1; uses_rs1_o = 1'b1; uses_rs2_o = 1'b1;
      end
      pe_pkg::OpcMiscMem: begin
        fence_o = (f3 == pe_pkg::F3Fence); fence_i_o = (f3 == pe_pkg::F3FenceI); ok = fence_o || fence_i_o;
      end
      pe_pkg::OpcSystem: begin
        if (f3 == pe_pkg::F3Priv) begin
          ecall_o  = (insn_i == pe_pkg::InsnEcall);
          ebreak_o = (insn_i == pe_pkg::InsnEbreak);
          mret_o   = (insn_i == pe_pkg::InsnMret);
          wfi_o    = (insn_i == pe_pkg::InsnWfi);
          ok = ecall_o || ebreak_o || mret_o || wfi_o;
        end else begin
          ok = (f3 != pe_pkg::F3CsrBad); csr_o = 1'b1; writes_rd_o = 1'b1; uses_rs1_o = !f3[2];
        end
      end
      pe_pkg::OpcAmo: begin
        ok = (f3 == pe_pkg::F3Amo) &&
             ((f5 == pe_pkg::AmoAdd) || (f5 == pe_pkg::AmoSwap) || ((f5 == pe_pkg::AmoLr) && (rs2 == 5'd0)) ||
              (f5 == pe_pkg::AmoSc) || (f5 == pe_pkg::AmoXor) || (f5 == pe_pkg::AmoOr) || (f5 == pe_pkg::AmoAnd) ||
              (f5 == pe_pkg::AmoMin) || (f5 == pe_pkg::AmoMax) || (f5 == pe_pkg::AmoMinu) || (f5 == pe_pkg::AmoMaxu));
        amo_o = 1'b1; writes_rd_o = 1'b1; uses_rs1_o = 1'b1; uses_rs2_o = (f5 != pe_pkg::AmoLr);
      end
      default: ok = 1'b0;
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
