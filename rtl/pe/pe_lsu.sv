// MEM stage of the vault PE: the write-through, no-write-allocate D-cache
// (RAMs read with the EX address, so a hit is ready when the instruction is
// in MEM), loads (a fill on a miss, then a re-read), uncached device loads,
// stores (one word write each), AMOs/LR/SC at the port, and the one memory
// port toward the vault (SPEC section 5), which also carries the I-cache's
// fills; then the MEM/WB register, which is the retirement port.
// With DMshrs > 1 (issue 32) the D-cache is non-blocking: a load miss takes
// an MSHR, sends its fill with the MSHR's tag and leaves MEM; the fill's
// return writes the line, and the load retires through WB when MEM leaves
// the slot free (docs/pe.md "Non-blocking loads").
// With DPrefetch = N > 0 as well (issue 32 item 1b) a stream prefetcher
// sends fills of the N lines after a load's first hit on a line a prefetch
// brought, or after a load miss whose previous line is cached, into free
// MSHRs (docs/pe.md "Stream prefetcher").
// The MSHRs are pe_mshr, the prefetcher pe_prefetch (issue 49: as ibex
// keeps its prefetch buffer apart from its LSU); this module keeps the
// RAMs, the MEM stage, the port and the MEM/WB register.
// csim/pe/pe.c pe_lsu().
module pe_lsu #(
  parameter int DCacheBytes = 512,
  parameter int DCacheWays  = 2,
  parameter int LineBytes   = 64,
  parameter int DMshrs      = 1,    // 1: blocking D-cache; 2..15: MSHRs
  parameter int DPrefetch   = 0     // 0: no prefetcher; N: lines ahead (DMshrs > 1)
) (
  input  logic                   clk_i,
  input  logic                   rst_ni,
  // EX/MEM
  input  logic                   m_valid_i,
  input  logic [31:0]            m_pc_i,
  input  logic [31:0]            m_insn_i,
  input  logic [31:0]            m_res_i,
  input  logic [31:0]            m_wdata_i,
  input  logic                   m_load_i,
  input  logic                   m_store_i,
  input  logic                   m_amo_i,
  input  logic                   m_csr_i,
  input  logic                   m_fence_i,
  input  logic                   m_fence_i_i,
  input  logic                   m_wr_i,
  input  logic                   m_trap_i,
  input  logic [31:0]            e_addr_i,         // the next load/store address (EX)
  input  logic                   e_mem_i,          // EX holds a load or store (the prefetcher's probe waits)
  input  logic                   run_i,            // the PE runs (a stopped one drops its prefetches)
  // CSR read (pe_cs_registers)
  input  logic [31:0]            csr_rdata_i,
  input  logic                   csr_illegal_i,
  // MEM state (pe_controller, pe_cs_registers)
  output logic                   done_o,           // the MEM instruction completes this cycle
  output logic                   done_no_hit_o,    // ... unless it is a cacheable load that hits
  output logic                   exc_o,            // ... with a trap
  output logic                   hold_o,           // it stays in MEM
  output logic                   port_idle_o,      // and no load miss in flight
  // registers the ID instruction must not read or write (DMshrs > 1): the
  // destinations of the MEM-stage load and of the loads in flight
  output logic [31:0]            sb_o,
  // I-cache fills (pe_if_stage)
  input  logic                   imiss_i,
  input  logic [31:0]            ipc_i,
  output logic                   ifill_we_o,
  output logic [31:0]            fill_addr_o,
  // memory port
  output logic                   mem_req_valid_o,
  input  logic                   mem_req_ready_i,
  output logic [31:0]            mem_req_addr_o,
  output logic [1:0]             mem_req_op_o,
  output logic [4:0]             mem_req_amo_o,
  output logic [31:0]            mem_req_wdata_o,
  output logic [3:0]             mem_req_be_o,
  output logic [3:0]             mem_req_tag_o,
  input  logic                   mem_resp_valid_i,
  input  logic [3:0]             mem_resp_tag_i,
  input  logic [LineBytes*8-1:0] mem_resp_data_i,
  // line invalidate (pe.sv)
  input  logic                   dinval_i,
  input  logic [31:0]            dinval_addr_i,
  // MEM/WB (the retirement port)
  output logic                   w_valid_o,
  output logic [31:0]            w_pc_o,
  output logic [31:0]            w_insn_o,
  output logic [4:0]             w_rd_o,
  output logic [31:0]            w_val_o
);
  localparam int LineBits = LineBytes * 8;
  localparam int OffW     = $clog2(LineBytes);
  // the geometry's formulas are pe_pkg's, shared with pe_if_stage
  localparam int DSets    = pe_pkg::CacheSets(DCacheBytes, DCacheWays, LineBytes);
  localparam int DIdxW    = pe_pkg::CacheIdxW(DCacheBytes, DCacheWays, LineBytes);
  localparam int DTagW    = pe_pkg::CacheTagW(DCacheBytes, DCacheWays, LineBytes);
  localparam int DTagRamW = pe_pkg::CacheTagRamW(DCacheBytes, DCacheWays, LineBytes);
  localparam int DWayW    = pe_pkg::CacheWayW(DCacheWays);

  localparam bit Mlp      = DMshrs > 1;
  localparam bit Pf       = Mlp && (DPrefetch > 0);
  localparam int LineW    = 32 - OffW;   // a line number: the address without the offset

  typedef enum logic [1:0] {PIdle = 2'd0, PReq = 2'd1, PResp = 2'd2} pstate_e;

  // A load's value from its word: funct3 (size, zero-extend) and the byte offset.
  function automatic logic [31:0] load_ext(logic [2:0] f3, logic [31:0] word, logic [1:0] off);
    unique case (f3)
      pe_pkg::F3Lb:  load_ext = {{24{word[8*off + 7]}}, word[8*off +: 8]};
      pe_pkg::F3Lh:  load_ext = {{16{word[16*off[1] + 15]}}, word[16*off[1] +: 16]};
      pe_pkg::F3Lbu: load_ext = {24'd0, word[8*off +: 8]};
      pe_pkg::F3Lhu: load_ext = {16'd0, word[16*off[1] +: 16]};
      default:       load_ext = word;
    endcase
  endfunction

  logic        d_rd_ok_q, d_rd_ok_d;
  logic [DCacheWays*DSets-1:0] dvalid_q, dvalid_d;
  logic [DWayW-1:0] drr_q, drr_d;
  pstate_e     p_state_q, p_state_d;
  logic        p_src_q, p_src_d;       // 1: MEM stage (D side), 0: fetch (I side)
  logic [31:0] p_addr_q, p_addr_d, p_wdata_q, p_wdata_d;
  logic [1:0]  p_op_q, p_op_d;
  logic [4:0]  p_amo_q, p_amo_d;
  logic [3:0]  p_be_q, p_be_d;
  logic [3:0]  p_tag_q, p_tag_d;      // 0, or k + 1 for MSHR k's fill
  logic        w_valid_q, w_valid_d;
  logic [31:0] w_pc_q, w_pc_d, w_insn_q, w_insn_d, w_val_q, w_val_d;
  logic [4:0]  w_rd_q, w_rd_d;
  // line invalidate: dinval_i reads the tag RAMs at its set (taking the
  // read port for a cycle, so the MEM stage re-reads), the next cycle
  // clears the ways whose tag matches (all of the set's when a fill wrote
  // the tags in between: the RAMs then returned the old ones)
  logic        inv_q, inv_all_q, inv_all_d;
  logic [DIdxW-1:0] inv_idx_q;
  logic [DTagW-1:0] inv_tag_q;
  // MSHRs (pe_mshr, DMshrs > 1): a fill in flight for the MEM line, a free
  // one, the fill a response brings, the one retiring through WB
  logic [3:0]  ms_free_k, ms_nfree;
  logic        ms_match, ms_free, ms_any_busy, ms_pending, ms_fill, ms_fill_busy, ms_fill_pf, ms_wb, alloc_ok, m_alloc,
               resp0;
  logic [31:0] fl_addr, ms_fill_addr, ms_fill_word, ms_fill_val, ms_wb_pc, ms_wb_insn, ms_wb_val, ms_sb;
  logic [2:0]  ms_fill_f3;
  logic [31:0] sb;
  // stream prefetcher (pe_prefetch, DPrefetch > 0): a tag probe this cycle
  // (the RAMs read at pf_idx), a fill to send, the line it tries next, a
  // probe's answer due
  logic        pf_probe, pf_go, pf_inflight, pf_chk, mem_near;
  logic [31:0] pf_addr;
  logic [LineW-1:0] pf_line;
  logic [DIdxW-1:0] pf_idx;

  logic [DIdxW-1:0] d_raddr, d_widx, m_idx, p_didx;
  logic [DTagW-1:0] m_tag;
  logic [DCacheWays*LineBits-1:0] d_rline;
  logic [DCacheWays*DTagRamW-1:0] d_rtag;
  logic [DCacheWays-1:0] d_way_we, d_hitw;
  logic [LineBytes-1:0] d_wbe;
  logic [LineBits-1:0] d_wline, d_hline;
  logic [DTagRamW-1:0] d_wtag;
  logic [DWayW-1:0] d_victim;
  logic        d_fill_we, d_store_we, d_tag_we, d_amo_inval, d_st_inval, d_hit, m_cacheable, port_idle;
  logic        m_done, m_done_nh, m_exc, m_hold, m_issue, f_issue;
  // The D-cache hit (RAM output, tag compare) is MEM's latest signal and it
  // decides the stalls: what MEM does without it is kept as nets, so the
  // hit enters the hold one LUT from its compare (issue 18's critical path)
  (* keep *) logic ld_hit_ok, hold_nh;
  logic [4:0]  m_rd;
  logic [31:0] d_hword, m_wval, st_wdata, resp_word, m_word, m_iss_addr;
  logic [3:0]  st_be;
  logic [1:0]  m_iss_op;
  logic [3:0]  m_iss_tag;

  for (genvar w = 0; w < DCacheWays; w++) begin : g_dway
    pe_ram #(.Width(LineBits), .Depth(DSets)) u_data (
      .clk_i, .raddr_i(d_raddr), .rdata_o(d_rline[LineBits*w +: LineBits]),
      .we_i(d_way_we[w]), .waddr_i(d_widx), .wbe_i(d_wbe), .wdata_i(d_wline));
    pe_ram #(.Width(DTagRamW), .Depth(DSets)) u_tag (
      .clk_i, .raddr_i(d_raddr), .rdata_o(d_rtag[DTagRamW*w +: DTagRamW]),
      .we_i(d_way_we[w] && d_tag_we), .waddr_i(d_widx), .wbe_i({(DTagRamW/8){1'b1}}), .wdata_i(d_wtag));
  end

  // The MEM instruction's progress: from registers, RAM outputs and the CSR
  // read only (pe_controller reads done/exc/hold).
  always_comb begin
    port_idle = (p_state_q == PIdle);
    // the port's tag-0 request's response (with DMshrs = 1 every response)
    resp0 = mem_resp_valid_i && (!Mlp || (mem_resp_tag_i == 4'd0));
    m_rd = m_insn_i[11:7];
    m_idx = m_res_i[OffW +: DIdxW];
    m_tag = m_res_i[31 -: DTagW];
    m_cacheable = (m_res_i[31:28] != pe_pkg::DevNibble);
    d_hitw = '0;
    d_hline = '0;
    for (int w = 0; w < DCacheWays; w++) begin
      d_hitw[w] = dvalid_q[{w[DWayW-1:0], m_idx}] && (d_rtag[DTagRamW*w +: DTagW] == m_tag);
      if (d_hitw[w]) d_hline = d_hline | d_rline[LineBits*w +: LineBits];
    end
    d_hit = m_cacheable && (|d_hitw);
    // a load miss may take an MSHR (and leave MEM) this cycle
    alloc_ok = Mlp && m_cacheable && !ms_match && ms_free && port_idle;
    d_hword = d_hline[32*m_res_i[OffW-1:2] +: 32];
    resp_word = mem_resp_data_i[31:0];
    st_wdata = m_wdata_i << {m_res_i[1:0], 3'b000};
    st_be = ((m_insn_i[13:12] == pe_pkg::SizeB) ? 4'b0001 : (m_insn_i[13:12] == pe_pkg::SizeH) ? 4'b0011 : 4'b1111)
            << m_res_i[1:0];

    m_done_nh = 1'b0;
    m_exc = 1'b0;
    m_issue = 1'b0;
    m_iss_op = pe_pkg::MemOpFill;
    m_iss_addr = 32'd0;
    m_iss_tag = 4'd0;
    m_wval = m_res_i;
    d_store_we = 1'b0;
    d_st_inval = 1'b0;
    d_amo_inval = 1'b0;
    m_word = d_hword;
    if (m_valid_i) begin
      if (m_trap_i) begin
        m_done_nh = 1'b1;
        m_exc = 1'b1;
      end else if (m_load_i) begin
        if (m_cacheable) begin
          if (!d_rd_ok_q || d_hit) begin
            m_done_nh = 1'b0;   // a hit completes through ld_hit_ok below
          end else if (Mlp ? alloc_ok : port_idle) begin
            // (with an MSHR it completes through ld_hit_ok too)
            m_issue = 1'b1;
            m_iss_op = pe_pkg::MemOpFill;
            m_iss_addr = {m_res_i[31:OffW], {OffW{1'b0}}};
            m_iss_tag = Mlp ? ms_free_k + 4'd1 : 4'd0;
          end
        end else if (port_idle) begin
          m_issue = 1'b1;
          m_iss_op = pe_pkg::MemOpRead;
          m_iss_addr = {m_res_i[31:2], 2'b00};
        end else if (p_state_q == PResp && p_src_q && resp0) begin
          m_done_nh = 1'b1;
          m_word = resp_word;
        end
        m_wval = load_ext(m_insn_i[14:12], m_word, m_res_i[1:0]);
      end else if (m_store_i) begin
        // (a store or AMO waits while a fill of its line is in flight: the
        // fill's data may predate it)
        if (port_idle && !ms_match) begin
          m_issue = 1'b1;
          m_iss_op = pe_pkg::MemOpWrite;
          m_iss_addr = {m_res_i[31:2], 2'b00};
        end else if (p_state_q == PReq && p_src_q && (p_tag_q == 4'd0) && mem_req_ready_i) begin  // its own, not a fill
          m_done_nh = 1'b1;
          d_store_we = d_rd_ok_q && d_hit && !ms_fill;
          // the RAMs were read elsewhere (after a line invalidate took the
          // port, or a fill wrote them) or a fill writes them now: the line
          // may be cached, so the set goes
          d_st_inval = !d_rd_ok_q || ms_fill;
        end
      end else if (m_amo_i) begin
        if (port_idle && !ms_match) begin
          m_issue = 1'b1;
          m_iss_op = pe_pkg::MemOpAmo;
          m_iss_addr = m_res_i;
        end else if (p_state_q == PResp && p_src_q && resp0) begin
          m_done_nh = 1'b1;
          m_wval = resp_word;
          d_amo_inval = 1'b1;
        end
      end else if (m_csr_i) begin
        m_done_nh = 1'b1;
        m_exc = csr_illegal_i;
        m_wval = csr_rdata_i;
      end else if (m_fence_i_i) begin
        m_done_nh = port_idle && !ms_any_busy;
      end else if (m_fence_i) begin
        m_done_nh = !ms_any_busy;   // no fill lands after it invalidates
      end else begin
        m_done_nh = 1'b1;   // alu, branch, jump, M unit, fence, mret, wfi
      end
    end
    // m_done_nh: done but for a cacheable load that hits, which completes
    // without a trap, flush, halt or invalidation (pe_controller reads it
    // for those)
    ld_hit_ok = m_valid_i && !m_trap_i && m_load_i && m_cacheable && d_rd_ok_q;
    m_done = m_done_nh || (ld_hit_ok && (d_hit || alloc_ok));
    m_alloc = ld_hit_ok && !d_hit && alloc_ok;
    hold_nh = m_valid_i && !m_done_nh;
    m_hold = hold_nh && !(ld_hit_ok && (d_hit || alloc_ok));
  end

  // The MSHRs hold the loads in flight (and the prefetches).
  pe_mshr #(.LineBytes(LineBytes), .DMshrs(DMshrs), .DPrefetch(DPrefetch)) u_mshr (
    .clk_i, .rst_ni,
    .m_addr_i(m_res_i), .m_pc_i, .m_insn_i, .m_match_o(ms_match), .m_alloc_i(m_alloc), .m_done_i(m_done),
    .free_o(ms_free), .free_k_o(ms_free_k), .nfree_o(ms_nfree), .busy_o(ms_any_busy), .pending_o(ms_pending),
    .pf_line_i(pf_line), .pf_inflight_o(pf_inflight), .pf_alloc_i(pf_go), .pf_addr_i(pf_addr),
    .resp_valid_i(mem_resp_valid_i), .resp_tag_i(mem_resp_tag_i), .fill_o(ms_fill), .fill_busy_o(ms_fill_busy),
    .fill_pf_o(ms_fill_pf), .fill_addr_o(ms_fill_addr), .fill_f3_o(ms_fill_f3), .fill_val_i(ms_fill_val),
    .wb_o(ms_wb), .wb_pc_o(ms_wb_pc), .wb_insn_o(ms_wb_insn), .wb_val_o(ms_wb_val), .sb_o(ms_sb));

  // The stream prefetcher probes through the tag RAMs' read port and sends
  // its fills through the port, into free MSHRs.
  pe_prefetch #(.DCacheBytes(DCacheBytes), .DCacheWays(DCacheWays), .LineBytes(LineBytes), .DMshrs(DMshrs),
                .DPrefetch(DPrefetch)) u_prefetch (
    .clk_i, .rst_ni, .run_i,
    .mem_near_i(mem_near), .dinval_i, .dvalid_i(dvalid_q), .rtag_i(d_rtag),
    .ld_hit_i(ld_hit_ok && d_hit), .hitw_i(d_hitw), .m_idx_i(m_idx), .m_alloc_i(m_alloc),
    .m_line_i(m_res_i[31:OffW]),
    .fill_we_i(d_fill_we), .fill_way_i(d_victim), .fill_idx_i(p_didx), .fill_pf_i(ms_fill && ms_fill_pf),
    .inflight_i(pf_inflight), .nfree_i(ms_nfree), .port_idle_i(port_idle), .m_issue_i(m_issue), .imiss_i,
    .probe_o(pf_probe), .idx_o(pf_idx), .go_o(pf_go), .addr_o(pf_addr), .line_o(pf_line), .chk_o(pf_chk));

  // ---------------- memory port: MEM's request, else a fetch's fill, else
  // a prefetch
  always_comb begin
    // A fill is issued even in a cycle that redirects fetch: the line of the
    // abandoned pc is fetched anyway, as a prefetch.  Waiting for the
    // redirect put the branch compare, the adder and the whole stall chain
    // in front of the port registers' enables (the critical path of issue
    // 18: 36.5 MHz); the cost is an occasional wrong-path fill.
    f_issue = imiss_i && port_idle && !m_issue;
    p_state_d = p_state_q;
    p_src_d = p_src_q;
    p_addr_d = p_addr_q;
    p_op_d = p_op_q;
    p_amo_d = p_amo_q;
    p_wdata_d = p_wdata_q;
    p_be_d = p_be_q;
    p_tag_d = p_tag_q;
    unique case (p_state_q)
      PIdle: begin
        if (m_issue) begin
          p_state_d = PReq;
          p_src_d = 1'b1;
          p_addr_d = m_iss_addr;
          p_op_d = m_iss_op;
          p_amo_d = (m_iss_op == pe_pkg::MemOpAmo) ? m_insn_i[31:27] : 5'd0;
          p_wdata_d = (m_iss_op == pe_pkg::MemOpWrite) ? st_wdata : (m_iss_op == pe_pkg::MemOpAmo) ? m_wdata_i : 32'd0;
          p_be_d = (m_iss_op == pe_pkg::MemOpWrite) ? st_be : (m_iss_op == pe_pkg::MemOpFill) ? 4'd0 : 4'hF;
          p_tag_d = m_iss_tag;
        end else if (f_issue) begin
          p_state_d = PReq;
          p_src_d = 1'b0;
          p_addr_d = {ipc_i[31:OffW], {OffW{1'b0}}};
          p_op_d = pe_pkg::MemOpFill;
          p_amo_d = 5'd0;
          p_wdata_d = 32'd0;
          p_be_d = 4'd0;
          p_tag_d = 4'd0;
        end else if (pf_go) begin
          p_state_d = PReq;
          p_src_d = 1'b1;
          p_addr_d = pf_addr;
          p_op_d = pe_pkg::MemOpFill;
          p_amo_d = 5'd0;
          p_wdata_d = 32'd0;
          p_be_d = 4'd0;
          p_tag_d = ms_free_k + 4'd1;
        end
      end
      // a write has no response; an MSHR's fill is the MSHR's to wait for
      PReq: if (mem_req_ready_i) p_state_d = ((p_op_q == pe_pkg::MemOpWrite) || (p_tag_q != 4'd0)) ? PIdle : PResp;
      PResp: if (resp0) p_state_d = PIdle;
      default: p_state_d = PIdle;
    endcase
    ifill_we_o = (p_state_q == PResp) && !p_src_q && resp0;
  end

  // ---------------- D-cache writes, valid bits, replacement
  always_comb begin
    // a D fill: the blocking one (DMshrs = 1) or an MSHR's
    ms_fill_word = mem_resp_data_i[32*ms_fill_addr[OffW-1:2] +: 32];
    ms_fill_val = load_ext(ms_fill_f3, ms_fill_word, ms_fill_addr[1:0]);
    d_fill_we = ((p_state_q == PResp) && p_src_q && (p_op_q == pe_pkg::MemOpFill) && resp0) || ms_fill;
    fl_addr = ms_fill ? ms_fill_addr : p_addr_q;
    p_didx = fl_addr[OffW +: DIdxW];
    d_victim = drr_q;
    for (int w = DCacheWays - 1; w >= 0; w--) begin
      if (!dvalid_q[{w[DWayW-1:0], p_didx}]) d_victim = w[DWayW-1:0];
    end
    d_wtag = '0;
    d_wtag[DTagW-1:0] = fl_addr[31 -: DTagW];
    d_tag_we = d_fill_we;
    if (d_fill_we) begin
      d_widx = p_didx;
      d_wbe = {LineBytes{1'b1}};
      d_wline = mem_resp_data_i;
      for (int w = 0; w < DCacheWays; w++) d_way_we[w] = (d_victim == w[DWayW-1:0]);
    end else begin
      d_widx = m_idx;
      d_wbe = {{(LineBytes-4){1'b0}}, st_be} << {m_res_i[OffW-1:2], 2'b00};
      d_wline = {(LineBytes/4){st_wdata}};
      for (int w = 0; w < DCacheWays; w++) d_way_we[w] = d_store_we && d_hitw[w];
    end
    mem_near = (m_valid_i && (m_load_i || m_store_i)) || e_mem_i;
    inv_all_d = dinval_i && d_fill_we;
    drr_d = (DCacheWays > 1) ? drr_q + {{(DWayW-1){1'b0}}, d_fill_we} : '0;
    dvalid_d = dvalid_q;
    if (inv_q) begin
      for (int w = 0; w < DCacheWays; w++) begin
        if (inv_all_q || (d_rtag[DTagRamW*w +: DTagW] == inv_tag_q)) dvalid_d[{w[DWayW-1:0], inv_idx_q}] = 1'b0;
      end
    end
    // (a fill coincides with neither a fence nor an AMO's completion, only
    // with a store's, whose clear it follows: the filled line is current)
    if (m_done && m_fence_i && !m_exc) dvalid_d = '0;
    else if (d_amo_inval || d_st_inval) begin
      for (int w = 0; w < DCacheWays; w++) dvalid_d[{w[DWayW-1:0], m_idx}] = 1'b0;
    end
    if (d_fill_we) dvalid_d[{d_victim, p_didx}] = 1'b1;
  end

  // The RAMs' read port: a line invalidate, else a prefetcher's probe, else
  // the held MEM instruction's set, else EX's; a read is usable next cycle
  // unless the RAMs are written now or read for another reason.
  assign d_rd_ok_d = !(d_fill_we || d_store_we || dinval_i || pf_probe);
  assign d_raddr = dinval_i ? dinval_addr_i[OffW +: DIdxW] : pf_probe ? pf_idx : m_hold ? m_idx :
                   e_addr_i[OffW +: DIdxW];

  // ---------------- MEM -> WB (or a missed load's late retirement)
  always_comb begin
    // the scoreboard: the MEM-stage load's rd unless it completes with its
    // value now (WB forwards it), and the in-flight loads' (rd 0 never
    // stalls).  The hit is in it: with MSHRs the ID stall waits for it.
    sb = '0;
    if (Mlp) begin
      if (m_valid_i && m_load_i && !(m_done && !m_alloc)) sb[m_rd] = 1'b1;
      sb = sb | ms_sb;
    end
    sb[0] = 1'b0;
    w_valid_d = (m_done && !m_exc && !m_alloc) || ms_wb;
    w_pc_d = m_pc_i;
    w_insn_d = m_insn_i;
    w_rd_d = (m_wr_i && (m_rd != 5'd0)) ? m_rd : 5'd0;
    w_val_d = (m_wr_i && (m_rd != 5'd0)) ? m_wval : 32'd0;
    if (ms_wb) begin
      w_pc_d = ms_wb_pc;
      w_insn_d = ms_wb_insn;
      w_rd_d = ms_wb_insn[11:7];
      w_val_d = ms_wb_val;
    end
  end

  // the RAMs read only the next address's index; a fill takes ipc_i's line
  logic unused_addr_bits;
  assign unused_addr_bits = ^{e_addr_i[31:OffW+DIdxW], e_addr_i[OffW-1:0], ipc_i[OffW-1:0], dinval_addr_i[OffW-1:0],
                             fl_addr[OffW-1:0]};

  assign done_o          = m_done;
  assign done_no_hit_o   = m_done_nh;
  assign exc_o           = m_exc;
  assign hold_o          = m_hold;
  assign port_idle_o     = port_idle && !ms_pending && !(Pf && pf_chk);
  assign sb_o            = sb;
  assign fill_addr_o     = p_addr_q;
  assign mem_req_valid_o = (p_state_q == PReq);
  assign mem_req_addr_o  = p_addr_q;
  assign mem_req_op_o    = p_op_q;
  assign mem_req_amo_o   = p_amo_q;
  assign mem_req_wdata_o = p_wdata_q;
  assign mem_req_be_o    = p_be_q;
  assign mem_req_tag_o   = p_tag_q;
  assign w_valid_o       = w_valid_q;
  assign w_pc_o          = w_pc_q;
  assign w_insn_o        = w_insn_q;
  assign w_rd_o          = w_rd_q;
  assign w_val_o         = w_val_q;

`ifndef SYNTHESIS
  // Invariants, checked by Verilator (--assert) in every RTL test; Yosys
  // defines SYNTHESIS and never sees them.
  // A line is in at most one way of its set, so the hit selects are one-hot
  // or zero (the OR-mux relies on it), where the hit is used: the RAM read
  // usable and a load or store in MEM (else the RAMs were read at another
  // instruction's address than m_res_i's).
  a_dhit_onehot: assert property (@(posedge clk_i) disable iff (!rst_ni)
      (m_valid_i && (m_load_i || m_store_i) && d_rd_ok_q) |-> $onehot0(d_hitw))
    else $error("pe: D-cache hit in more than one way: %b (addr %h)", d_hitw, m_res_i);
  // A cache write goes to one way; a fill and a store hit never coincide.
  a_way_we_onehot: assert property (@(posedge clk_i) disable iff (!rst_ni)
      $onehot0(d_way_we) && !(d_fill_we && d_store_we))
    else $error("pe: D-cache write enables not one-hot (%b fill %b store %b)", d_way_we, d_fill_we, d_store_we);
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
  // Port protocol: a response comes only for a request in flight: tag 0
  // the port's, k + 1 MSHR k's.
  a_resp_expected: assert property (@(posedge clk_i) disable iff (!rst_ni) mem_resp_valid_i |->
      ((Mlp && (mem_resp_tag_i != 4'd0)) ? ms_fill_busy :
       (p_state_q == PResp)))
    else $error("pe: memory response with no request in flight (tag %0d, port state %0d)", mem_resp_tag_i, p_state_q);
  // Retirement: a retired instruction that writes no register reports 0.
  a_ret_rd_zero: assert property (@(posedge clk_i) disable iff (!rst_ni)
      (w_valid_o && (w_rd_o == 5'd0)) |-> (w_val_o == 32'd0))
    else $error("pe: retirement without rd reports value %h", w_val_o);
`endif

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      d_rd_ok_q <= 1'b0; dvalid_q <= '0; drr_q <= '0;
      inv_q <= 1'b0; inv_all_q <= 1'b0; inv_idx_q <= '0; inv_tag_q <= '0;
      p_state_q <= PIdle; p_src_q <= 1'b0; p_addr_q <= 32'd0; p_op_q <= 2'd0; p_amo_q <= 5'd0;
      p_wdata_q <= 32'd0; p_be_q <= 4'd0; p_tag_q <= 4'd0;
      w_valid_q <= 1'b0; w_pc_q <= 32'd0; w_insn_q <= 32'd0; w_rd_q <= 5'd0; w_val_q <= 32'd0;
    end else begin
      d_rd_ok_q <= d_rd_ok_d; dvalid_q <= dvalid_d; drr_q <= drr_d;
      inv_q <= dinval_i; inv_all_q <= inv_all_d;
      if (dinval_i) begin
        inv_idx_q <= dinval_addr_i[OffW +: DIdxW]; inv_tag_q <= dinval_addr_i[31 -: DTagW];
      end
      p_state_q <= p_state_d; p_src_q <= p_src_d; p_addr_q <= p_addr_d; p_op_q <= p_op_d;
      p_amo_q <= p_amo_d; p_wdata_q <= p_wdata_d; p_be_q <= p_be_d; p_tag_q <= p_tag_d;
      w_valid_q <= w_valid_d; w_pc_q <= w_pc_d; w_insn_q <= w_insn_d; w_rd_q <= w_rd_d; w_val_q <= w_val_d;
    end
  end
endmodule
