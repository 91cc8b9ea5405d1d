// One core's slice of the Pure Miss Counter: the Hit Cycle Table and Miss
// Cycle Table of the open window, and the six counters.
//
// Cycle rules (shared with csim/pmc/pmc.c, see docs/pmc.md):
//  * clear_i zeroes counters and window before this cycle is recorded, so the
//    cycle that clears is the first cycle of the new measurement.
//  * an enabled cycle shifts hit_act_i/miss_act_i into bit 0 of HCT/MCT.
//  * the window folds (popcounts added, tables emptied) when the cycle just
//    recorded is its W-th, or on flush_i; the fold includes this cycle.
module pmc_core #(
  parameter int unsigned W    = 64,
  parameter int unsigned CntW = 48
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  input  logic            hit_act_i,
  input  logic            miss_act_i,
  input  logic            clear_i,
  input  logic            enable_i,
  input  logic            flush_i,
  input  logic            miss_inc_i,       // an MSHR of this core was allocated
  input  logic            pure_miss_inc_i,  // a flagged MSHR of this core was freed
  input  logic [2:0]      rd_sel_i,
  output logic [CntW-1:0] rd_data_o
);

  localparam int unsigned PosW = $clog2(W);
  localparam int unsigned PopW = $clog2(W + 1);
  localparam int unsigned LastPosI = W - 1;
  localparam logic [PosW-1:0] LastPos = LastPosI[PosW-1:0];

  logic [W-1:0]    hct_q, hct_d, mct_q, mct_d, hct_base, mct_base;
  logic [PosW-1:0] pos_q, pos_d, pos_base;
  logic [CntW-1:0] total_q, total_d, hit_q, hit_d, miss_q, miss_d, pure_q, pure_d;
  logic [CntW-1:0] misses_q, misses_d, pmisses_q, pmisses_d;
  logic [PopW-1:0] hit_pop_q, miss_pop_q, pure_pop_q, hit_pop, miss_pop, pure_pop;
  logic            hit_now, miss_now, fold;

  // Popcounts of the registered window only, so neither clear_i nor this
  // cycle's activity sits in front of the adder trees (the long path).
  always_comb begin
    hit_pop_q  = '0;
    miss_pop_q = '0;
    pure_pop_q = '0;
    for (int unsigned i = 0; i < W; i++) begin
      hit_pop_q  = hit_pop_q  + {{(PopW - 1){1'b0}}, hct_q[i]};
      miss_pop_q = miss_pop_q + {{(PopW - 1){1'b0}}, mct_q[i]};
      pure_pop_q = pure_pop_q + {{(PopW - 1){1'b0}}, mct_q[i] & ~hct_q[i]};
    end
  end

  // Clear acts first, so the clearing cycle is recorded into a fresh window.
  // The tables are shift registers: this cycle's bits enter at bit 0.
  always_comb begin
    hct_base = clear_i ? '0 : hct_q;
    mct_base = clear_i ? '0 : mct_q;
    pos_base = clear_i ? '0 : pos_q;
    hit_now  = enable_i & hit_act_i;
    miss_now = enable_i & miss_act_i;
    hit_pop  = (clear_i ? '0 : hit_pop_q)  + {{(PopW - 1){1'b0}}, hit_now};
    miss_pop = (clear_i ? '0 : miss_pop_q) + {{(PopW - 1){1'b0}}, miss_now};
    pure_pop = (clear_i ? '0 : pure_pop_q) + {{(PopW - 1){1'b0}}, miss_now & ~hit_now};
  end

  always_comb begin
    total_d   = clear_i ? '0 : total_q;
    hit_d     = clear_i ? '0 : hit_q;
    miss_d    = clear_i ? '0 : miss_q;
    pure_d    = clear_i ? '0 : pure_q;
    misses_d  = clear_i ? '0 : misses_q;
    pmisses_d = clear_i ? '0 : pmisses_q;
    if (enable_i) begin
      total_d   = total_d + {{(CntW - 1){1'b0}}, 1'b1};
      misses_d  = misses_d + {{(CntW - 1){1'b0}}, miss_inc_i};
      pmisses_d = pmisses_d + {{(CntW - 1){1'b0}}, pure_miss_inc_i};
    end

    fold = flush_i || (enable_i && (pos_base == LastPos));
    if (fold) begin
      hit_d  = hit_d  + {{(CntW - PopW){1'b0}}, hit_pop};
      miss_d = miss_d + {{(CntW - PopW){1'b0}}, miss_pop};
      pure_d = pure_d + {{(CntW - PopW){1'b0}}, pure_pop};
      hct_d  = '0;
      mct_d  = '0;
      pos_d  = '0;
    end else if (enable_i) begin
      hct_d  = {hct_base[W-2:0], hit_act_i};
      mct_d  = {mct_base[W-2:0], miss_act_i};
      pos_d  = pos_base + {{(PosW - 1){1'b0}}, 1'b1};
    end else begin
      hct_d  = hct_base;
      mct_d  = mct_base;
      pos_d  = pos_base;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      hct_q     <= '0;
      mct_q     <= '0;
      pos_q     <= '0;
      total_q   <= '0;
      hit_q     <= '0;
      miss_q    <= '0;
      pure_q    <= '0;
      misses_q  <= '0;
      pmisses_q <= '0;
    end else begin
      hct_q     <= hct_d;
      mct_q     <= mct_d;
      pos_q     <= pos_d;
      total_q   <= total_d;
      hit_q     <= hit_d;
      miss_q    <= miss_d;
      pure_q    <= pure_d;
      misses_q  <= misses_d;
      pmisses_q <= pmisses_d;
    end
  end

`ifndef SYNTHESIS
  // Invariants (Verilator --assert in every RTL test; not seen by Yosys).
  // The window registers hold only the pos_q cycles shifted in since the
  // last fold or clear: nothing at or above the position.
  a_window_fill: assert property (@(posedge clk_i) disable iff (!rst_ni)
      ((hct_q >> pos_q) == '0) && ((mct_q >> pos_q) == '0))
    else $error("pmc_core: window bits beyond position %0d (hct %h mct %h)", pos_q, hct_q, mct_q);
  // No accumulated count wraps between two clears (CntW is wide enough for
  // every run the tests make; a wrap would corrupt theta silently).
  a_no_wrap: assert property (@(posedge clk_i) disable iff (!rst_ni)
      clear_i || ((total_d >= total_q) && (hit_d >= hit_q) && (miss_d >= miss_q) && (pure_d >= pure_q) &&
                  (misses_d >= misses_q) && (pmisses_d >= pmisses_q)))
    else $error("pmc_core: a counter wrapped (total %0d -> %0d)", total_q, total_d);
`endif

  always_comb begin
    rd_data_o = '0;
    unique case (rd_sel_i)
      pmc_pkg::SelTotal:      rd_data_o = total_q;
      pmc_pkg::SelHit:        rd_data_o = hit_q;
      pmc_pkg::SelMiss:       rd_data_o = miss_q;
      pmc_pkg::SelPure:       rd_data_o = pure_q;
      pmc_pkg::SelMisses:     rd_data_o = misses_q;
      pmc_pkg::SelPureMisses: rd_data_o = pmisses_q;
      pmc_pkg::SelWinFill:    rd_data_o = {{(CntW - PosW){1'b0}}, pos_q};
      default:                rd_data_o = '0;
    endcase
  end

endmodule
