// Pure Miss Counter (CoPIM): sits beside the shared LLC and its MSHRs and
// counts, per core, hit cycles, miss cycles and pure miss cycles (C-AMAT),
// plus misses and pure misses.  The LLC model drives hit_act_i/miss_act_i
// every cycle; the MSHR event ports let the block tag each outstanding miss
// with a pure flag, which is how a *pure miss* is told from a hidden one.
//
// MSHR rules (shared with csim/pmc/pmc.c):
//  * an entry is outstanding from the cycle of its alloc up to, not
//    including, the cycle of its free; a free and an alloc of the same index
//    in one cycle retire the old miss and start a new one.
//  * an outstanding entry's flag is set in every cycle that is a pure miss
//    cycle of its owner core (enabled, miss activity, no hit activity).
//  * a miss counts at alloc, a pure miss at free (flag set), both only while
//    the owner core is enabled; clear_i of a core drops its entries' flags.
module pmc #(
  parameter int unsigned NumCores = pmc_pkg::DefaultNumCores,
  parameter int unsigned NumMshr  = pmc_pkg::DefaultNumMshr,
  parameter int unsigned W        = pmc_pkg::DefaultW,
  parameter int unsigned CntW     = pmc_pkg::DefaultCntW,
  localparam int unsigned MshrW   = $clog2(NumMshr),
  localparam int unsigned CoreW   = (NumCores > 1) ? $clog2(NumCores) : 1
) (
  input  logic                           clk_i,
  input  logic                           rst_ni,
  input  logic [NumCores-1:0]            hit_act_i,
  input  logic [NumCores-1:0]            miss_act_i,
  input  logic                           mshr_alloc_i,
  input  logic [MshrW-1:0]               mshr_alloc_idx_i,
  input  logic [CoreW-1:0]               mshr_alloc_core_i,
  input  logic                           mshr_free_i,
  input  logic [MshrW-1:0]               mshr_free_idx_i,
  input  logic [NumCores-1:0]            clear_i,
  input  logic [NumCores-1:0]            enable_i,
  input  logic [NumCores-1:0]            flush_i,
  input  logic [NumCores*3-1:0]          rd_sel_i,    // core c: [3c+2:3c], pmc_pkg::sel_e
  output logic [NumCores*CntW-1:0]       rd_data_o    // core c: [CntW(c+1)-1:CntW c]
);

  logic [NumMshr-1:0]            valid_q, valid_d, flag_q, flag_d;
  // Yosys 0.23 has no packed 2-D arrays: owner of entry e is [CoreW e +: CoreW].
  logic [NumMshr*CoreW-1:0]      owner_q, owner_d;
  logic [NumCores-1:0]           pure_cycle, pure_miss_inc;
  // own_pure[NumMshr c + e]: entry e is in flight, flagged and core c's
  logic [NumCores*NumMshr-1:0]   own_pure;
  logic [NumMshr-1:0]            own_pure_c;

  // A pure miss cycle of core c: what the per-entry flags listen to.
  assign pure_cycle = enable_i & miss_act_i & ~hit_act_i;

  // The MSHR events, decoded once: which entry allocates and which frees,
  // and which core allocates.  Written as a variable part-select
  // (owner_d[CoreW*idx +: CoreW]) the decode became shifts and an adder
  // chain; Yosys built the owner and flag updates from them through eight
  // LUT levels.  miss_inc is kept as a net so ABC does not fold the alloc
  // core's decode into the misses counters' clock enables (pmc_core).
  logic [NumMshr-1:0]        alloc_e, free_e;
  (* keep *) logic [NumCores-1:0] miss_inc;
  // pure_cycle of the allocating core, and of each entry's present owner
  logic                      pure_alloc;
  logic [NumMshr-1:0]        pure_own, clear_own;

  always_comb begin
    for (int unsigned e = 0; e < NumMshr; e++) begin
      alloc_e[e] = mshr_alloc_i && (mshr_alloc_idx_i == e[MshrW-1:0]);
      free_e[e]  = mshr_free_i && (mshr_free_idx_i == e[MshrW-1:0]);
    end
    for (int unsigned c = 0; c < NumCores; c++) begin
      miss_inc[c] = mshr_alloc_i && (mshr_alloc_core_i == c[CoreW-1:0]);
    end
  end

  // A freed entry's pure miss counts for its owner.  The freed index comes
  // late, so each core gets its own one-bit 32:1 read of a word made from
  // registers (valid, flag, owner == c): the index selects once, instead
  // of selecting the owner and the flag and then decoding the owner and
  // selecting its clear.
  always_comb begin
    pure_miss_inc = '0;
    for (int unsigned c = 0; c < NumCores; c++) begin
      for (int unsigned e = 0; e < NumMshr; e++) begin
        own_pure[NumMshr*c + e] = valid_q[e] && flag_q[e] && (owner_q[CoreW*e +: CoreW] == c[CoreW-1:0]);
      end
      // A clear in this cycle has already dropped the flag.
      own_pure_c       = own_pure[NumMshr*c +: NumMshr];
      pure_miss_inc[c] = mshr_free_i && own_pure_c[mshr_free_idx_i] && !clear_i[c];
    end
  end

  // Per entry, in the order of the rules above: a clear of the owner drops
  // the flag, a free ends the entry, an alloc starts it (flag clear), and a
  // pure miss cycle of the (new) owner sets the flag of an entry in flight.
  // The owner's pure_cycle is chosen between the allocating core's and the
  // registered owner's, so the alloc index's decode is the last choice.
  always_comb begin
    pure_alloc = pure_cycle[mshr_alloc_core_i];
    for (int unsigned e = 0; e < NumMshr; e++) begin
      pure_own[e]  = pure_cycle[owner_q[CoreW*e +: CoreW]];
      clear_own[e] = clear_i[owner_q[CoreW*e +: CoreW]];
      valid_d[e] = alloc_e[e] || (valid_q[e] && !free_e[e]);
      owner_d[CoreW*e +: CoreW] = alloc_e[e] ? mshr_alloc_core_i : owner_q[CoreW*e +: CoreW];
      flag_d[e]  = (alloc_e[e] ? pure_alloc : (valid_d[e] && pure_own[e]))
                || (flag_q[e] && !clear_own[e] && !free_e[e] && !alloc_e[e]);
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      valid_q <= '0;
      flag_q  <= '0;
      owner_q <= '0;
    end else begin
      valid_q <= valid_d;
      flag_q  <= flag_d;
      owner_q <= owner_d;
    end
  end

`ifndef SYNTHESIS
  // Invariants, checked by Verilator (--assert) in every RTL test; Yosys
  // defines SYNTHESIS and never sees them.  The LLC may misbehave (free an
  // idle MSHR, allocate a busy one: pmc_lockstep_random drives both, and
  // csim/pmc defines the result), so these constrain the PMC's own state.
  // A pure-miss flag only ever marks an MSHR in flight.
  a_flag_in_flight: assert property (@(posedge clk_i) disable iff (!rst_ni) (flag_q & ~valid_q) == '0)
    else $error("pmc: pure-miss flag set on a free MSHR (flag %h valid %h)", flag_q, valid_q);
  // At most one core's pure-miss count moves per cycle (one MSHR frees).
  a_one_pure_miss: assert property (@(posedge clk_i) disable iff (!rst_ni) $onehot0(pure_miss_inc))
    else $error("pmc: pure_miss_inc not one-hot: %b", pure_miss_inc);
`endif

  for (genvar c = 0; c < NumCores; c++) begin : g_core
    pmc_core #(
      .W   (W),
      .CntW(CntW)
    ) u_core (
      .clk_i,
      .rst_ni,
      .hit_act_i      (hit_act_i[c]),
      .miss_act_i     (miss_act_i[c]),
      .clear_i        (clear_i[c]),
      .enable_i       (enable_i[c]),
      .flush_i        (flush_i[c]),
      .miss_inc_i     (miss_inc[c]),
      .pure_miss_inc_i(pure_miss_inc[c]),
      .rd_sel_i       (rd_sel_i[3*c +: 3]),
      .rd_data_o      (rd_data_o[CntW*c +: CntW])
    );
  end

endmodule
