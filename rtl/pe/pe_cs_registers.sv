// CSRs and traps of the vault PE (machine mode only), used in MEM: the CSR
// read and its legality for the instruction in MEM, the write when it
// completes, trap entry (mepc, mcause, mtval, mstatus.MIE/MPIE) and mret.
// csim/pe/pe.c pe_cs_registers().
module pe_cs_registers #(
  // 1: mcycle/minstret (and cycle/instret) count, 64 bits; 0: they read 0
  // and ignore writes, as Zicntr-less cores do (picorv32's ENABLE_COUNTERS):
  // the iCE40 prototype's choice, ~290 logic cells
  parameter int Counters = 1
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic [31:0] hart_id_i,
  // the instruction in MEM
  input  logic [31:0] m_pc_i,
  input  logic [31:0] m_insn_i,
  input  logic [31:0] m_res_i,        // CSR source operand, or what mtval reports
  input  logic        m_csr_i,
  input  logic        m_mret_i,
  input  logic        m_trap_i,
  input  logic [3:0]  m_cause_i,
  input  logic        done_i,         // completes this cycle (pe_lsu)
  input  logic        exc_i,          // ... with a trap
  output logic [31:0] csr_rdata_o,
  output logic        csr_illegal_o,
  output logic [31:0] mtvec_o,
  output logic [31:0] mepc_o
);
  logic        mie_q, mie_d, mpie_q, mpie_d;
  logic [31:0] mtvec_q, mtvec_d, mscratch_q, mscratch_d, mepc_q, mepc_d, mcause_q, mcause_d;
  logic [31:0] mtval_q, mtval_d;
  logic [63:0] mcycle_q, mcycle_d, minstret_q, minstret_d;

  logic [11:0] csr_addr;
  logic        csr_wr, csr_exists, csr_do_write;
  logic [31:0] csr_old, csr_new, m_tval;

  // The read, from registers only (pe_lsu's done/exc depend on it).
  always_comb begin
    csr_addr = m_insn_i[31:20];
    csr_wr = (m_insn_i[13:12] == pe_pkg::CsrRw) || (m_insn_i[19:15] != 5'd0);
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
    csr_illegal_o = !csr_exists || (csr_wr && (csr_addr[11:10] == pe_pkg::CsrReadOnly));
    unique case (m_insn_i[13:12])
      pe_pkg::CsrRw: csr_new = m_res_i;
      pe_pkg::CsrRs: csr_new = csr_old | m_res_i;
      default: csr_new = csr_old & ~m_res_i;
    endcase
  end

  always_comb begin
    csr_do_write = done_i && m_csr_i && !exc_i && csr_wr;
    // mtval is rebuilt from what MEM holds instead of carried down the
    // pipeline: the instruction (illegal, or an illegal CSR access), the pc
    // (fetch fault, ebreak), 0 (ecall), or m_res_i, which holds the address
    // of a misaligned access and the target of a misaligned jump.
    if (!m_trap_i || (m_cause_i == pe_pkg::ExcIllegal)) m_tval = m_insn_i;
    else if (m_cause_i == pe_pkg::ExcEcallM) m_tval = 32'd0;
    else if ((m_cause_i == pe_pkg::ExcIaccess) || (m_cause_i == pe_pkg::ExcBreakpoint)) m_tval = m_pc_i;
    else m_tval = m_res_i;

    mie_d = mie_q; mpie_d = mpie_q; mtvec_d = mtvec_q; mscratch_d = mscratch_q; mepc_d = mepc_q;
    mcause_d = mcause_q; mtval_d = mtval_q;
    mcycle_d = mcycle_q + 64'd1;
    minstret_d = minstret_q + {63'd0, (done_i && !exc_i)};
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
    if (done_i && exc_i) begin
      mepc_d = {m_pc_i[31:2], 2'b00};
      mcause_d = {28'd0, m_trap_i ? m_cause_i : pe_pkg::ExcIllegal};
      mtval_d = m_tval;
      mpie_d = mie_q;
      mie_d = 1'b0;
    end else if (done_i && m_mret_i) begin
      mie_d = mpie_q;
      mpie_d = 1'b1;
    end
  end

  assign csr_rdata_o = csr_old;
  assign mtvec_o     = mtvec_q;
  assign mepc_o      = mepc_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      mie_q <= 1'b0; mpie_q <= 1'b0; mtvec_q <= 32'd0; mscratch_q <= 32'd0; mepc_q <= 32'd0;
      mcause_q <= 32'd0; mtval_q <= 32'd0; mcycle_q <= 64'd0; minstret_q <= 64'd0;
    end else begin
      mie_q <= mie_d; mpie_q <= mpie_d; mtvec_q <= mtvec_d; mscratch_q <= mscratch_d; mepc_q <= mepc_d;
      mcause_q <= mcause_d; mtval_q <= mtval_d; mcycle_q <= mcycle_d; minstret_q <= minstret_d;
    end
  end
endmodule
