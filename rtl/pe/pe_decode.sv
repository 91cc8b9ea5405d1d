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
      7'h37, 7'h17: begin
        ok = 1'b1; alu_o = 1'b1; writes_rd_o = 1'b1; imm_o = imm_u;
      end
      7'h6f: begin
        ok = 1'b1; jal_o = 1'b1; writes_rd_o = 1'b1; imm_o = imm_j;
      end
      7'h67: begin
        ok = (f3 == 3'd0); jalr_o = 1'b1; writes_rd_o = 1'b1; uses_rs1_o = 1'b1; imm_o = imm_i;
      end
      7'h63: begin
        ok = (f3 != 3'd2) && (f3 != 3'd3); branch_o = 1'b1; uses_rs1_o = 1'b1; uses_rs2_o = 1'b1;
        imm_o = imm_b;
      end
      7'h03: begin
        ok = (f3 != 3'd3) && (f3 != 3'd6) && (f3 != 3'd7); load_o = 1'b1; writes_rd_o = 1'b1;
        uses_rs1_o = 1'b1; imm_o = imm_i;
      end
      7'h23: begin
        ok = (f3 <= 3'd2); store_o = 1'b1; uses_rs1_o = 1'b1; uses_rs2_o = 1'b1; imm_o = imm_s;
      end
      7'h13: begin
        if (f3 == 3'd1) ok = (f7 == 7'h00);
        else if (f3 == 3'd5) ok = (f7 == 7'h00) || (f7 == 7'h20);
        else ok = 1'b1;
        alu_o = 1'b1; writes_rd_o = 1'b1; uses_rs1_o = 1'b1;
        imm_o = ((f3 == 3'd1) || (f3 == 3'd5)) ? {27'd0, rs2} : imm_i;
      end
      7'h33: begin
        if (f7 == 7'h01) begin
          ok = 1'b1; mdu_o = 1'b1;
        end else begin
          ok = (f7 == 7'h00) || ((f7 == 7'h20) && ((f3 == 3'd0) || (f3 == 3'd5)));
          alu_o = 1'b1; alu_reg_o = 1'b1;
        end
        writes_rd_o = 1'b1; uses_rs1_o = 1'b1; uses_rs2_o = 1'b1;
      end
      7'h0f: begin
        ok = (f3 <= 3'd1); fence_o = (f3 == 3'd0); fence_i_o = (f3 == 3'd1);
      end
      7'h73: begin
        if (f3 == 3'd0) begin
          ecall_o  = (insn_i == 32'h0000_0073);
          ebreak_o = (insn_i == 32'h0010_0073);
          mret_o   = (insn_i == 32'h3020_0073);
          wfi_o    = (insn_i == 32'h1050_0073);
          ok = ecall_o || ebreak_o || mret_o || wfi_o;
        end else begin
          ok = (f3 != 3'd4); csr_o = 1'b1; writes_rd_o = 1'b1; uses_rs1_o = !f3[2];
        end
      end
      7'h2f: begin
        ok = (f3 == 3'd2) && ((f5 == 5'h00) || (f5 == 5'h01) || ((f5 == 5'h02) && (rs2 == 5'd0)) ||
             (f5 == 5'h03) || (f5 == 5'h04) || (f5 == 5'h08) || (f5 == 5'h0c) || (f5 == 5'h10) ||
             (f5 == 5'h14) || (f5 == 5'h18) || (f5 == 5'h1c));
        amo_o = 1'b1; writes_rd_o = 1'b1; uses_rs1_o = 1'b1; uses_rs2_o = (f5 != 5'h02);
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
