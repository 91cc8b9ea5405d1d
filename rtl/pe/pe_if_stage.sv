// IF stage of the vault PE: the fetch pc, the I-cache (RAMs read with the
// next pc, a registered read, so a hit delivers one instruction a cycle), its
// valid bits and round-robin replacement, and the IF/ID register.  A miss
// asks pe_lsu's port for a line fill (miss_o); after the fill writes the
// RAMs the fetch reads them again (two more cycles).  Fetch from device
// space gives an instruction access fault.  csim/pe/pe.c pe_if_stage().
module pe_if_stage #(
  parameter int ICacheBytes = 512,
  parameter int ICacheWays  = 2,
  parameter int LineBytes   = 64
) (
  input  logic                   clk_i,
  input  logic                   rst_ni,
  input  logic                   run_i,            // fetching (pe_controller)
  input  logic                   boot_i,           // start a halted PE at boot_pc_i
  input  logic [31:0]            boot_pc_i,
  input  logic                   m_flush_i,        // MEM redirects (trap, mret, fence.i, wfi)
  input  logic [31:0]            m_target_i,
  input  logic                   e_redirect_i,     // EX redirects (taken branch, jump)
  input  logic [31:0]            e_target_i,
  input  logic                   id_ready_i,       // ID takes an instruction this cycle
  input  logic                   inval_i,          // fence.i retires: every line invalid
  // line fill through pe_lsu's port
  output logic                   miss_o,           // the fetch wants pc_o's line
  output logic [31:0]            pc_o,
  input  logic                   fill_we_i,
  input  logic [31:0]            fill_addr_i,
  input  logic [LineBytes*8-1:0] fill_data_i,
  // IF/ID
  output logic                   id_valid_o,
  output logic [31:0]            id_pc_o,
  output logic [31:0]            id_insn_o,
  output logic                   id_ifault_o,
  // the rs fields of the instruction entering ID (the register file's read)
  output logic [4:0]             rf_raddr_a_o,
  output logic [4:0]             rf_raddr_b_o
);
  localparam int LineBits = LineBytes * 8;
  localparam int OffW     = $clog2(LineBytes);
  // the geometry's formulas are pe_pkg's, shared with pe_lsu
  localparam int ISets    = pe_pkg::CacheSets(ICacheBytes, ICacheWays, LineBytes);
  localparam int IIdxW    = pe_pkg::CacheIdxW(ICacheBytes, ICacheWays, LineBytes);
  localparam int ITagW    = pe_pkg::CacheTagW(ICacheBytes, ICacheWays, LineBytes);
  localparam int ITagRamW = pe_pkg::CacheTagRamW(ICacheBytes, ICacheWays, LineBytes);
  localparam int IWayW    = pe_pkg::CacheWayW(ICacheWays);

  logic [31:0] f_pc_q, f_pc_d;
  logic        i_rd_ok_q, i_rd_ok_d;
  logic [ICacheWays*ISets-1:0] ivalid_q, ivalid_d;
  logic [IWayW-1:0] irr_q, irr_d;
  logic        d_valid_q, d_valid_d, d_ifault_q, d_ifault_d;
  logic [31:0] d_pc_q, d_pc_d, d_insn_q, d_insn_d;

  logic [IIdxW-1:0] i_raddr, i_widx, f_idx;
  logic [ITagW-1:0] f_tag;
  logic [ICacheWays*LineBits-1:0] i_rline;
  logic [ICacheWays*ITagRamW-1:0] i_rtag;
  logic [ICacheWays-1:0] i_way_we, i_hitw;
  logic [ITagRamW-1:0] i_wtag;
  logic [LineBits-1:0] i_hline;
  logic [IWayW-1:0] i_victim;
  logic        i_hit, f_fault, f_ready, f_advance;
  logic [31:0] i_word, npc;

  for (genvar w = 0; w < ICacheWays; w++) begin : g_iway
    pe_ram #(.Width(LineBits), .Depth(ISets)) u_data (
      .clk_i, .raddr_i(i_raddr), .rdata_o(i_rline[LineBits*w +: LineBits]),
      .we_i(i_way_we[w]), .waddr_i(i_widx), .wbe_i({LineBytes{1'b1}}), .wdata_i(fill_data_i));
    pe_ram #(.Width(ITagRamW), .Depth(ISets)) u_tag (
      .clk_i, .raddr_i(i_raddr), .rdata_o(i_rtag[ITagRamW*w +: ITagRamW]),
      .we_i(i_way_we[w]), .waddr_i(i_widx), .wbe_i({(ITagRamW/8){1'b1}}), .wdata_i(i_wtag));
  end

  // Tag compare on the RAM output of last cycle's npc.  This block reads
  // registers and RAM outputs only (pe_controller's inputs come from here).
  always_comb begin
    f_idx = f_pc_q[OffW +: IIdxW];
    f_tag = f_pc_q[31 -: ITagW];
    i_hitw = '0;
    i_hline = '0;
    for (int w = 0; w < ICacheWays; w++) begin
      i_hitw[w] = ivalid_q[{w[IWayW-1:0], f_idx}] && (i_rtag[ITagRamW*w +: ITagW] == f_tag);
      if (i_hitw[w]) i_hline = i_hline | i_rline[LineBits*w +: LineBits];
    end
    i_hit = |i_hitw;
    i_word = i_hline[32*f_pc_q[OffW-1:2] +: 32];
    f_fault = (f_pc_q[31:28] == pe_pkg::DevNibble);
    f_ready = run_i && (f_fault || (i_rd_ok_q && i_hit));
    miss_o = run_i && !f_fault && i_rd_ok_q && !i_hit;
  end

  // The EX redirect (the branch compare, the latest signal in the PE) is
  // the last choice for the fetch pc and the IF/ID valid bit: what they
  // would be without it is kept as nets (npc_seq, d_valid_seq), so the
  // synthesis's LUT mapping leaves one LUT between the redirect and each
  // flip-flop (issue 18's critical path).  A redirect excludes boot (EX is
  // empty while halted) and a MEM flush (pe_controller).
  (* keep *) logic [31:0] npc_seq;
  (* keep *) logic        d_valid_seq;
  always_comb begin
    f_advance = f_ready && id_ready_i;
    if (boot_i) npc_seq = boot_pc_i;
    else if (m_flush_i) npc_seq = m_target_i;
    else if (f_advance) npc_seq = f_pc_q + 32'd4;
    else npc_seq = f_pc_q;
    npc = e_redirect_i ? e_target_i : npc_seq;
    f_pc_d = npc;
    i_raddr = npc[OffW +: IIdxW];

    // IF -> ID.  The payload registers load on f_advance alone, a flush
    // clears only the valid bit: keeping the branch compare (e_redirect) out
    // of the enables of some hundred flip-flops, and of the register-file
    // read address, cut the PE's critical path (issue 18).  A flushed
    // payload is never read.
    d_pc_d = d_pc_q;
    d_insn_d = d_insn_q;
    d_ifault_d = d_ifault_q;
    if (f_advance) begin
      d_pc_d = f_pc_q;
      d_insn_d = f_fault ? 32'd0 : i_word;
      d_ifault_d = f_fault;
    end
    if (m_flush_i) d_valid_seq = 1'b0;
    else if (f_advance) d_valid_seq = 1'b1;
    else d_valid_seq = d_valid_q && !id_ready_i;
    d_valid_d = d_valid_seq && !e_redirect_i;

    // line fill into the victim way (an invalid way first, else round robin)
    i_widx = fill_addr_i[OffW +: IIdxW];
    i_wtag = '0;
    i_wtag[ITagW-1:0] = fill_addr_i[31 -: ITagW];
    i_victim = irr_q;
    for (int w = ICacheWays - 1; w >= 0; w--) begin
      if (!ivalid_q[{w[IWayW-1:0], i_widx}]) i_victim = w[IWayW-1:0];
    end
    for (int w = 0; w < ICacheWays; w++) i_way_we[w] = fill_we_i && (i_victim == w[IWayW-1:0]);
    i_rd_ok_d = !fill_we_i;
    // round-robin pointer over ways (a power of two); stays 0 when direct mapped
    irr_d = (ICacheWays > 1) ? irr_q + {{(IWayW-1){1'b0}}, fill_we_i} : '0;
    ivalid_d = ivalid_q;
    if (inval_i) ivalid_d = '0;
    else if (fill_we_i) ivalid_d[{i_victim, i_widx}] = 1'b1;
  end

  // a fill is line aligned: the offset bits are 0
  logic unused_fill_off;
  assign unused_fill_off = ^fill_addr_i[OffW-1:0];

  assign pc_o         = f_pc_q;
  assign id_valid_o   = d_valid_q;
  assign id_pc_o      = d_pc_q;
  assign id_insn_o    = d_insn_q;
  assign id_ifault_o  = d_ifault_q;
  assign rf_raddr_a_o = d_insn_d[19:15];
  assign rf_raddr_b_o = d_insn_d[24:20];

`ifndef SYNTHESIS
  // A line is in at most one way of its set (fills go to a missing line
  // only), so the hit selects are one-hot or zero; the OR-mux relies on it.
  // Only where the hit is used: the RAM read usable (rd_ok: the read in a
  // fill's cycle returns the way's old tag, which may name a line another
  // way now holds).
  a_ihit_onehot: assert property (@(posedge clk_i) disable iff (!rst_ni)
      (run_i && i_rd_ok_q) |-> $onehot0(i_hitw))
    else $error("pe: I-cache hit in more than one way: %b (pc %h)", i_hitw, f_pc_q);
  // A fill writes one way.
  a_iway_we_onehot: assert property (@(posedge clk_i) disable iff (!rst_ni) $onehot0(i_way_we))
    else $error("pe: I-cache write enables not one-hot (%b)", i_way_we);
`endif

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      f_pc_q <= 32'd0; i_rd_ok_q <= 1'b0; ivalid_q <= '0; irr_q <= '0;
      d_valid_q <= 1'b0; d_pc_q <= 32'd0; d_insn_q <= 32'd0; d_ifault_q <= 1'b0;
    end else begin
      f_pc_q <= f_pc_d; i_rd_ok_q <= i_rd_ok_d; ivalid_q <= ivalid_d; irr_q <= irr_d;
      d_valid_q <= d_valid_d; d_pc_q <= d_pc_d; d_insn_q <= d_insn_d; d_ifault_q <= d_ifault_d;
    end
  end
endmodule
