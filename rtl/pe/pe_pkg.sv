// Vault PE: the encodings rtl/pe/*.sv use, by name.  Trap causes, CSR
// addresses, AMO codes and the misa value are the UpperCamelCase forms of
// csim/rv32/rv32.h's RV32_EXC_*, RV32_CSR_*, RV32_AMO_*, RV32_MISA_VALUE and
// the port operations those of csim/pe/pe.h's PE_OP_* (MemOp*), which the C
// model (csim/pe/pe.c) uses, so the two read side by side.  Opcodes and
// funct fields carry the RISC-V spec's names (the C model decodes through
// rv32_decode()).
package pe_pkg;

  // Major opcodes (insn[6:0]).
  localparam logic [6:0] OpcLoad    = 7'h03;
  localparam logic [6:0] OpcMiscMem = 7'h0f;   // fence, fence.i
  localparam logic [6:0] OpcOpImm   = 7'h13;
  localparam logic [6:0] OpcAuipc   = 7'h17;
  localparam logic [6:0] OpcStore   = 7'h23;
  localparam logic [6:0] OpcAmo     = 7'h2f;
  localparam logic [6:0] OpcOp      = 7'h33;
  localparam logic [6:0] OpcLui     = 7'h37;
  localparam logic [6:0] OpcBranch  = 7'h63;
  localparam logic [6:0] OpcJalr    = 7'h67;
  localparam logic [6:0] OpcJal     = 7'h6f;
  localparam logic [6:0] OpcSystem  = 7'h73;

  // funct7 of OP / OP-IMM shifts.
  localparam logic [6:0] F7Base   = 7'h00;
  localparam logic [6:0] F7Alt    = 7'h20;   // sub, sra(i)
  localparam logic [6:0] F7MulDiv = 7'h01;

  // funct3 of OP / OP-IMM.
  localparam logic [2:0] F3Add  = 3'd0;
  localparam logic [2:0] F3Sll  = 3'd1;
  localparam logic [2:0] F3Slt  = 3'd2;
  localparam logic [2:0] F3Sltu = 3'd3;
  localparam logic [2:0] F3Xor  = 3'd4;
  localparam logic [2:0] F3Sr   = 3'd5;      // srl / sra
  localparam logic [2:0] F3Or   = 3'd6;
  localparam logic [2:0] F3And  = 3'd7;
  // funct3 of loads and stores: [1:0] the size, [2] zero-extend.
  localparam logic [2:0] F3Lb   = 3'd0;
  localparam logic [2:0] F3Lh   = 3'd1;
  localparam logic [2:0] F3Lw   = 3'd2;
  localparam logic [2:0] F3Lbu  = 3'd4;
  localparam logic [2:0] F3Lhu  = 3'd5;
  localparam logic [1:0] SizeB  = 2'd0;
  localparam logic [1:0] SizeH  = 2'd1;
  localparam logic [1:0] SizeW  = 2'd2;
  // funct3 of branches: [2] the magnitude compares, [1] unsigned, [0] negate.
  localparam logic [2:0] F3Beq  = 3'd0;
  localparam logic [2:0] F3Bne  = 3'd1;
  localparam logic [2:0] F3Jalr = 3'd0;
  // funct3 of MISC-MEM and SYSTEM; [1:0] of a CSR instruction is its kind.
  localparam logic [2:0] F3Fence  = 3'd0;
  localparam logic [2:0] F3FenceI = 3'd1;
  localparam logic [2:0] F3Priv   = 3'd0;    // ecall ebreak mret wfi
  localparam logic [2:0] F3CsrBad = 3'd4;
  localparam logic [2:0] F3Amo    = 3'd2;    // .w only
  localparam logic [1:0] CsrRw    = 2'b01;
  localparam logic [1:0] CsrRs    = 2'b10;
  // funct3 of the M extension: mul* [2] = 0, div/rem [2] = 1.
  localparam logic [2:0] F3Mulh   = 3'd1;
  localparam logic [2:0] F3Mulhsu = 3'd2;
  localparam logic [2:0] F3Div    = 3'd4;
  localparam logic [2:0] F3Rem    = 3'd6;

  // The whole SYSTEM/PRIV instructions.
  localparam logic [31:0] InsnEcall  = 32'h0000_0073;
  localparam logic [31:0] InsnEbreak = 32'h0010_0073;
  localparam logic [31:0] InsnMret   = 32'h3020_0073;
  localparam logic [31:0] InsnWfi    = 32'h1050_0073;

  // AMO funct5 (also the memory port's amo field).
  localparam logic [4:0] AmoAdd  = 5'h00;
  localparam logic [4:0] AmoSwap = 5'h01;
  localparam logic [4:0] AmoLr   = 5'h02;
  localparam logic [4:0] AmoSc   = 5'h03;
  localparam logic [4:0] AmoXor  = 5'h04;
  localparam logic [4:0] AmoOr   = 5'h08;
  localparam logic [4:0] AmoAnd  = 5'h0c;
  localparam logic [4:0] AmoMin  = 5'h10;
  localparam logic [4:0] AmoMax  = 5'h14;
  localparam logic [4:0] AmoMinu = 5'h18;
  localparam logic [4:0] AmoMaxu = 5'h1c;

  // Trap causes (mcause, exceptions only), RV32_EXC_*.
  localparam logic [3:0] ExcIaddrMisaligned = 4'd0;
  localparam logic [3:0] ExcIaccess         = 4'd1;
  localparam logic [3:0] ExcIllegal         = 4'd2;
  localparam logic [3:0] ExcBreakpoint      = 4'd3;
  localparam logic [3:0] ExcLaddrMisaligned = 4'd4;
  localparam logic [3:0] ExcLaccess         = 4'd5;
  localparam logic [3:0] ExcSaddrMisaligned = 4'd6;
  localparam logic [3:0] ExcSaccess         = 4'd7;
  localparam logic [3:0] ExcEcallM          = 4'd11;

  // CSR addresses, RV32_CSR_*.
  localparam logic [11:0] CsrMstatus       = 12'h300;
  localparam logic [11:0] CsrMisa          = 12'h301;
  localparam logic [11:0] CsrMie           = 12'h304;
  localparam logic [11:0] CsrMtvec         = 12'h305;
  localparam logic [11:0] CsrMstatush      = 12'h310;
  localparam logic [11:0] CsrMcountinhibit = 12'h320;
  localparam logic [11:0] CsrMscratch      = 12'h340;
  localparam logic [11:0] CsrMepc          = 12'h341;
  localparam logic [11:0] CsrMcause        = 12'h342;
  localparam logic [11:0] CsrMtval         = 12'h343;
  localparam logic [11:0] CsrMip           = 12'h344;
  localparam logic [11:0] CsrMcycle        = 12'hB00;
  localparam logic [11:0] CsrMinstret      = 12'hB02;
  localparam logic [11:0] CsrMcycleh       = 12'hB80;
  localparam logic [11:0] CsrMinstreth     = 12'hB82;
  localparam logic [11:0] CsrCycle         = 12'hC00;
  localparam logic [11:0] CsrInstret       = 12'hC02;
  localparam logic [11:0] CsrCycleh        = 12'hC80;
  localparam logic [11:0] CsrInstreth      = 12'hC82;
  localparam logic [11:0] CsrMvendorid     = 12'hF11;
  localparam logic [11:0] CsrMarchid       = 12'hF12;
  localparam logic [11:0] CsrMimpid        = 12'hF13;
  localparam logic [11:0] CsrMhartid       = 12'hF14;
  localparam logic [11:0] CsrMconfigptr    = 12'hF15;
  // The hpm counters and events that exist and read 0 (first, last).
  localparam logic [11:0] CsrMhpmcounter3  = 12'hB03;
  localparam logic [11:0] CsrMhpmcounter31 = 12'hB1F;
  localparam logic [11:0] CsrMhpmcounter3h = 12'hB83;
  localparam logic [11:0] CsrMhpmcounter31h = 12'hB9F;
  localparam logic [11:0] CsrMhpmevent3    = 12'h323;
  localparam logic [11:0] CsrMhpmevent31   = 12'h33F;
  localparam logic [11:0] CsrHpmcounter3   = 12'hC03;
  localparam logic [11:0] CsrHpmcounter31  = 12'hC1F;
  localparam logic [11:0] CsrHpmcounter3h  = 12'hC83;
  localparam logic [11:0] CsrHpmcounter31h = 12'hC9F;
  localparam logic [1:0]  CsrReadOnly      = 2'b11;   // csr[11:10]
  localparam logic [31:0] MisaValue        = 32'h4000_1101;   // RV32_MISA_VALUE: MXL 1, A, I, M
  localparam int          MstatusMie       = 3;               // bit numbers, RV32_MSTATUS_*
  localparam int          MstatusMpie      = 7;
  localparam logic [1:0]  MstatusMppM      = 2'b11;           // mstatus[12:11], hard-wired M

  // Device space (uncached, no fetch): addr[31:28] == DevNibble.
  localparam logic [3:0] DevNibble = 4'hF;

  // Memory-port operations, PE_OP_*.
  localparam logic [1:0] MemOpFill  = 2'd0;
  localparam logic [1:0] MemOpWrite = 2'd1;
  localparam logic [1:0] MemOpAmo   = 2'd2;
  localparam logic [1:0] MemOpRead  = 2'd3;

endpackage
