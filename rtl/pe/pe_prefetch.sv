// The D-cache's stream prefetcher (DPrefetch = N > 0 with DMshrs > 1, issue
// 32 item 1b; docs/pe.md "Stream prefetcher").  A load's first hit on a
// line a prefetch brought points it at the N lines after the load's; a load
// miss that takes an MSHR, when it is not busy with such a stream, first at
// the line before the miss's, and on at the N lines after it only if that
// one is cached or in flight (a stream, not a random miss).  It probes the
// tags of a line (the RAMs' read port, as a line invalidate does) when no
// load or store in EX or MEM wants that read, and the next cycle (no load in
// MEM then: no trigger) skips the line if it is cached, in flight or device
// space, else sends its fill with a free MSHR's tag when the port is idle,
// neither MEM nor the fetch asks for it and another MSHR stays free for a
// demand miss; else it probes again.  Split out of pe_lsu (issue 49), which
// owns the RAMs and the port: this module says when to probe and what to
// send, and keeps the per-line prefetch marks.  With DPrefetch = 0 every
// output is constant and the registers are removed by synthesis.
// csim/pe/pe.c pe_lsu() (the pf_* state).
module pe_prefetch #(
  parameter int DCacheBytes = 512,
  parameter int DCacheWays  = 2,
  parameter int LineBytes   = 64,
  parameter int DMshrs      = 4,
  parameter int DPrefetch   = 2     // 0: no prefetcher; N: lines ahead (DMshrs > 1)
) (
  input  logic                   clk_i,
  input  logic                   rst_ni,
  input  logic                   run_i,            // the PE runs (a stopped one drops its prefetches)
  // the D-cache's read port and what else wants it this cycle
  input  logic                   mem_near_i,       // a load or store in EX or MEM
  input  logic                   dinval_i,         // a line invalidate
  input  logic [DCacheWays*pe_pkg::CacheSets(DCacheBytes, DCacheWays, LineBytes)-1:0] dvalid_i,
  input  logic [DCacheWays*pe_pkg::CacheTagRamW(DCacheBytes, DCacheWays, LineBytes)-1:0] rtag_i,
  // the MEM-stage load: a hit (in ways hitw_i of set m_idx_i), a miss that
  // takes an MSHR, and its line
  input  logic                   ld_hit_i,
  input  logic [DCacheWays-1:0]  hitw_i,
  input  logic [pe_pkg::CacheIdxW(DCacheBytes, DCacheWays, LineBytes)-1:0] m_idx_i,
  input  logic                   m_alloc_i,
  input  logic [31-$clog2(LineBytes):0] m_line_i,
  // a line fill into way fill_way_i of set fill_idx_i, brought by a prefetch
  input  logic                   fill_we_i,
  input  logic [pe_pkg::CacheWayW(DCacheWays)-1:0] fill_way_i,
  input  logic [pe_pkg::CacheIdxW(DCacheBytes, DCacheWays, LineBytes)-1:0] fill_idx_i,
  input  logic                   fill_pf_i,
  // the MSHRs (pe_mshr) and the port
  input  logic                   inflight_i,       // a fill of line_o in flight
  input  logic [3:0]             nfree_i,          // free MSHRs
  input  logic                   port_idle_i,
  input  logic                   m_issue_i,        // MEM sends a request
  input  logic                   imiss_i,          // the fetch wants a fill
  // the probe (the tag RAMs read at idx_o this cycle) and the fill to send
  output logic                   probe_o,
  output logic [pe_pkg::CacheIdxW(DCacheBytes, DCacheWays, LineBytes)-1:0] idx_o,
  output logic                   go_o,
  output logic [31:0]            addr_o,
  output logic [31-$clog2(LineBytes):0] line_o,
  output logic                   chk_o             // a probe's answer is due (the port is not idle)
);
  localparam int OffW     = $clog2(LineBytes);
  localparam int DSets    = pe_pkg::CacheSets(DCacheBytes, DCacheWays, LineBytes);
  localparam int DIdxW    = pe_pkg::CacheIdxW(DCacheBytes, DCacheWays, LineBytes);
  localparam int DTagW    = pe_pkg::CacheTagW(DCacheBytes, DCacheWays, LineBytes);
  localparam int DTagRamW = pe_pkg::CacheTagRamW(DCacheBytes, DCacheWays, LineBytes);
  localparam int DWayW    = pe_pkg::CacheWayW(DCacheWays);
  localparam int LineW    = 32 - OffW;
  localparam bit Pf       = (DMshrs > 1) && (DPrefetch > 0);

  // the next line to try and how many are left, a tag probe of it read last
  // cycle (chk), that line being the one before a missed load's (cfm: the
  // stream to confirm); per cache line, brought by a prefetch and not yet
  // hit (dpf, as pe_lsu's valid bits)
  logic [LineW-1:0] pf_line_q, pf_line_d;
  logic [3:0]  pf_cnt_q, pf_cnt_d;
  logic        pf_chk_q, pf_chk_d, pf_cfm_q, pf_cfm_d;
  logic [DCacheWays*DSets-1:0] dpf_q, dpf_d;
  logic        pf_hit, pf_trig, pf_present, pf_known, pf_dev, pf_cfm_ok, pf_cfm_no, pf_skip;
  logic [DTagW-1:0] pf_tag;

  assign line_o = pf_line_q;
  assign addr_o = {pf_line_q, {OffW{1'b0}}};
  assign idx_o  = addr_o[OffW +: DIdxW];
  assign pf_tag = addr_o[31 -: DTagW];
  assign chk_o  = pf_chk_q;

  always_comb begin
    pf_hit = 1'b0;
    for (int w = 0; w < DCacheWays; w++) begin
      if (hitw_i[w] && dpf_q[{w[DWayW-1:0], m_idx_i}]) pf_hit = Pf && ld_hit_i;
    end
    pf_trig = Pf && m_alloc_i && !((pf_cnt_q != 4'd0) && !pf_cfm_q);
    pf_present = 1'b0;
    for (int w = 0; w < DCacheWays; w++) begin
      if (dvalid_i[{w[DWayW-1:0], idx_o}] && (rtag_i[DTagRamW*w +: DTagW] == pf_tag)) pf_present = 1'b1;
    end
    pf_dev = (addr_o[31:28] == pe_pkg::DevNibble);
    pf_known = pf_present || inflight_i;
    pf_cfm_ok = Pf && pf_chk_q && pf_cfm_q && pf_known;
    pf_cfm_no = Pf && pf_chk_q && pf_cfm_q && !pf_known;
    pf_skip = Pf && pf_chk_q && !pf_cfm_q && (pf_known || pf_dev);
    go_o = Pf && pf_chk_q && !pf_cfm_q && !(pf_known || pf_dev) && run_i && (nfree_i >= 4'd2) && port_idle_i &&
           !m_issue_i && !imiss_i;
    probe_o = Pf && run_i && (pf_cnt_q != 4'd0) && !pf_chk_q && !mem_near_i && !dinval_i && !fill_we_i;
  end

  always_comb begin
    // a filled line's prefetch mark; a trigger's hit clears it (one a line)
    dpf_d = dpf_q;
    if (Pf && fill_we_i) dpf_d[{fill_way_i, fill_idx_i}] = fill_pf_i;
    if (pf_hit) begin
      for (int w = 0; w < DCacheWays; w++) begin
        if (hitw_i[w]) dpf_d[{w[DWayW-1:0], m_idx_i}] = 1'b0;
      end
    end
    // the next line: a first hit on a prefetched line restarts it after the
    // MEM load's, a load miss at the line before its own, to confirm; a
    // confirmed stream moves on past the missed line, an unconfirmed one
    // stops; a probed line skipped or sent moves it on; a stopped PE drops
    // what is left
    pf_chk_d = probe_o;
    pf_line_d = pf_line_q;
    pf_cnt_d = pf_cnt_q;
    pf_cfm_d = pf_cfm_q;
    if (pf_hit) begin
      pf_line_d = m_line_i + 1'b1;
      pf_cnt_d = DPrefetch[3:0];
      pf_cfm_d = 1'b0;
    end else if (pf_trig) begin
      pf_line_d = m_line_i - 1'b1;
      pf_cnt_d = DPrefetch[3:0];
      pf_cfm_d = 1'b1;
    end else if (pf_cfm_ok) begin
      pf_line_d = pf_line_q + {{(LineW-2){1'b0}}, 2'd2};
      pf_cfm_d = 1'b0;
    end else if (pf_cfm_no) begin
      pf_cnt_d = 4'd0;
      pf_cfm_d = 1'b0;
    end else if (pf_skip || go_o) begin
      pf_line_d = pf_line_q + 1'b1;
      pf_cnt_d = pf_cnt_q - 4'd1;
    end
    if (!run_i) pf_cnt_d = 4'd0;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      dpf_q <= '0; pf_line_q <= '0; pf_cnt_q <= 4'd0; pf_chk_q <= 1'b0; pf_cfm_q <= 1'b0;
    end else begin
      dpf_q <= dpf_d; pf_line_q <= pf_line_d; pf_cnt_q <= pf_cnt_d; pf_chk_q <= pf_chk_d; pf_cfm_q <= pf_cfm_d;
    end
  end
endmodule
