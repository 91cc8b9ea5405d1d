// The D-cache's miss status holding registers (DMshrs > 1, issue 32): a
// load miss in MEM takes a free MSHR and leaves MEM; its fill goes out with
// tag k + 1, and when the line comes back the MSHR keeps the load's value
// until the WB slot is free (the lowest ready one retires, when MEM does not
// use the slot).  The stream prefetcher (pe_prefetch) takes free MSHRs as
// well, for fills that retire nothing.  Split out of pe_lsu (issue 49), as
// ibex keeps its prefetch buffer apart from its LSU: pe_lsu decides when a
// load allocates and writes the line; this module holds what is in flight.
// With DMshrs = 1 (the blocking D-cache) every output is constant and the
// registers are removed by synthesis.
// csim/pe/pe.c pe_lsu() (the ms[] entries).
module pe_mshr #(
  parameter int LineBytes = 64,
  parameter int DMshrs    = 4,    // 1: blocking D-cache (no MSHR); 2..15
  parameter int DPrefetch = 0     // 0: no prefetcher
) (
  input  logic                   clk_i,
  input  logic                   rst_ni,
  // the MEM-stage load: its address, pc and instruction
  input  logic [31:0]            m_addr_i,
  input  logic [31:0]            m_pc_i,
  input  logic [31:0]            m_insn_i,
  output logic                   m_match_o,        // a fill of its line is in flight
  input  logic                   m_alloc_i,        // it takes MSHR free_k_o this cycle
  input  logic                   m_done_i,         // MEM completes (and takes the WB slot)
  // free MSHRs
  output logic                   free_o,           // one is free ...
  output logic [3:0]             free_k_o,         // ... the lowest
  output logic [3:0]             nfree_o,          // how many
  output logic                   busy_o,           // a fill in flight
  output logic                   pending_o,        // a fill in flight or a load waiting for WB
  // the prefetcher: its next line, whether a fill of it is in flight, and
  // its fill taking MSHR free_k_o
  input  logic [31-$clog2(LineBytes):0] pf_line_i,
  output logic                   pf_inflight_o,
  input  logic                   pf_alloc_i,
  input  logic [31:0]            pf_addr_i,
  // a fill's response (tag k + 1): the MSHR's address and funct3, and the
  // load's value (pe_lsu extends the word)
  input  logic                   resp_valid_i,
  input  logic [3:0]             resp_tag_i,
  output logic                   fill_o,
  output logic                   fill_busy_o,      // the tagged MSHR was waiting for it
  output logic                   fill_pf_o,        // ... for a prefetch
  output logic [31:0]            fill_addr_o,
  output logic [2:0]             fill_f3_o,
  input  logic [31:0]            fill_val_i,
  // the late retirement through WB (wb_o: this cycle)
  output logic                   wb_o,
  output logic [31:0]            wb_pc_o,
  output logic [31:0]            wb_insn_o,
  output logic [31:0]            wb_val_o,
  // the in-flight loads' destinations (bit 0 may be set)
  output logic [31:0]            sb_o
);
  localparam int OffW  = $clog2(LineBytes);
  localparam int LineW = 32 - OffW;
  localparam bit Mlp   = DMshrs > 1;
  localparam bit Pf    = Mlp && (DPrefetch > 0);

  // busy = its fill in flight, rdy = the line written and the load's value
  // waiting for the WB slot; the load's address, pc, instruction and
  // value; pf = holding a prefetch (no load behind it).  Flattened: no
  // arrays of structs.
  logic [DMshrs-1:0]    ms_busy_q, ms_busy_d, ms_rdy_q, ms_rdy_d, ms_pf_q, ms_pf_d, ms_match;
  logic [DMshrs*32-1:0] ms_addr_q, ms_addr_d, ms_pc_q, ms_pc_d, ms_insn_q, ms_insn_d, ms_val_q, ms_val_d;
  logic [3:0]  ms_fill_k, ms_wb_k;
  logic        ms_wb_pf;

  // From the registers and the response's tag only: pe_lsu's MEM stage and
  // the prefetcher decide with these.
  always_comb begin
    // a fill in flight for the MEM instruction's line, a free one (and how
    // many: the prefetcher leaves one to demand misses); one in flight for
    // the prefetcher's line
    ms_match = '0;
    free_o = 1'b0;
    free_k_o = 4'd0;
    nfree_o = 4'd0;
    pf_inflight_o = 1'b0;
    for (int k = DMshrs - 1; k >= 0; k--) begin
      ms_match[k] = Mlp && ms_busy_q[k] && (ms_addr_q[32*k+OffW +: 32-OffW] == m_addr_i[31:OffW]);
      if (Pf && ms_busy_q[k] && (ms_addr_q[32*k+OffW +: LineW] == pf_line_i)) pf_inflight_o = 1'b1;
      if (!ms_busy_q[k] && !ms_rdy_q[k]) begin
        free_o = 1'b1;
        free_k_o = k[3:0];
        nfree_o = nfree_o + 4'd1;
      end
    end
    m_match_o = |ms_match;
    busy_o = Mlp && (|ms_busy_q);
    pending_o = Mlp && ((|ms_busy_q) || (|ms_rdy_q));
    // the fill the response brings
    fill_o = Mlp && resp_valid_i && (resp_tag_i != 4'd0);
    ms_fill_k = resp_tag_i - 4'd1;
    fill_addr_o = 32'd0;
    fill_f3_o = 3'd0;
    fill_busy_o = 1'b0;
    fill_pf_o = 1'b0;
    for (int k = 0; k < DMshrs; k++) begin
      if (ms_fill_k == k[3:0]) begin
        fill_busy_o = ms_busy_q[k];
        fill_pf_o = Pf && ms_pf_q[k];
        fill_addr_o = ms_addr_q[32*k +: 32];
        fill_f3_o = ms_insn_q[32*k+12 +: 3];
      end
    end
    // the one to retire next: the lowest ready one
    ms_wb_k = 4'd0;
    for (int k = DMshrs - 1; k >= 0; k--) begin
      if (ms_rdy_q[k]) ms_wb_k = k[3:0];
    end
    ms_wb_pf = 1'b0;   // (the assertion a_pf_no_retire's)
    wb_pc_o = 32'd0;
    wb_insn_o = 32'd0;
    wb_val_o = 32'd0;
    for (int k = 0; k < DMshrs; k++) begin
      if (ms_wb_k == k[3:0]) begin
        ms_wb_pf = Pf && ms_pf_q[k];
        wb_pc_o = ms_pc_q[32*k +: 32];
        wb_insn_o = ms_insn_q[32*k +: 32];
        wb_val_o = (ms_insn_q[32*k+7 +: 5] != 5'd0) ? ms_val_q[32*k +: 32] : 32'd0;
      end
    end
    // the scoreboard's part: the in-flight loads' rd (insn 0 for a prefetch)
    sb_o = '0;
    if (Mlp) begin
      for (int k = 0; k < DMshrs; k++) begin
        if (ms_busy_q[k] || ms_rdy_q[k]) sb_o[ms_insn_q[32*k+7 +: 5]] = 1'b1;
      end
    end
  end

  // Allocate, fill, retire (when MEM leaves the WB slot free).
  always_comb begin
    ms_busy_d = ms_busy_q;
    ms_rdy_d = ms_rdy_q;
    ms_addr_d = ms_addr_q;
    ms_pc_d = ms_pc_q;
    ms_insn_d = ms_insn_q;
    ms_val_d = ms_val_q;
    ms_pf_d = ms_pf_q;
    wb_o = Mlp && (|ms_rdy_q) && !m_done_i;
    for (int k = 0; k < DMshrs; k++) begin
      if (fill_o && (ms_fill_k == k[3:0])) begin
        ms_busy_d[k] = 1'b0;
        ms_rdy_d[k] = !(Pf && ms_pf_q[k]);   // a prefetch's retires nothing
        ms_val_d[32*k +: 32] = fill_val_i;
      end
      if (wb_o && (ms_wb_k == k[3:0])) ms_rdy_d[k] = 1'b0;
      if (m_alloc_i && (free_k_o == k[3:0])) begin
        ms_busy_d[k] = 1'b1;
        ms_addr_d[32*k +: 32] = m_addr_i;
        ms_pc_d[32*k +: 32] = m_pc_i;
        ms_insn_d[32*k +: 32] = m_insn_i;
        ms_pf_d[k] = 1'b0;
      end else if (pf_alloc_i && (free_k_o == k[3:0])) begin
        // insn 0: rd x0, which the scoreboard ignores
        ms_busy_d[k] = 1'b1;
        ms_addr_d[32*k +: 32] = pf_addr_i;
        ms_pc_d[32*k +: 32] = 32'd0;
        ms_insn_d[32*k +: 32] = 32'd0;
        ms_pf_d[k] = 1'b1;
      end
    end
  end

`ifndef SYNTHESIS
  // A prefetch's MSHR holds no load: it never retires one.
  a_pf_no_retire: assert property (@(posedge clk_i) disable iff (!rst_ni)
      wb_o |-> !ms_wb_pf)
    else $error("pe: a prefetch's MSHR %0d retires a load", ms_wb_k);
`endif

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ms_busy_q <= '0; ms_rdy_q <= '0; ms_addr_q <= '0; ms_pc_q <= '0; ms_insn_q <= '0; ms_val_q <= '0;
      ms_pf_q <= '0;
    end else begin
      ms_busy_q <= ms_busy_d; ms_rdy_q <= ms_rdy_d; ms_addr_q <= ms_addr_d; ms_pc_q <= ms_pc_d;
      ms_insn_q <= ms_insn_d; ms_val_q <= ms_val_d; ms_pf_q <= ms_pf_d;
    end
  end
endmodule
