// One core's slice of the Pure Miss Counter: the open window (the paper's
// Hit and Miss Cycle Tables, held as their popcounts) and the six counters.
//
// Cycle rules (shared with csim/pmc/pmc.c, see docs/pmc.md):
//  * clear_i zeroes counters and window before this cycle is recorded, so the
//    cycle that clears is the first cycle of the new measurement.
//  * an enabled cycle records hit_act_i/miss_act_i into the window (the C
//    model shifts them into bit 0 of its HCT/MCT bitmaps; here they count).
//  * the window folds (its counts added, then emptied) when the cycle just
//    recorded is its W-th, or on flush_i; the fold includes this cycle.
module pmc_core #(
  parameter int unsigned W    = pmc_pkg::DefaultW,
  parameter int unsigned CntW = pmc_pkg::DefaultCntW
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
  localparam int unsigned LastPosI = W - 1;
  localparam logic [PosW-1:0] LastPos = LastPosI[PosW-1:0];
  localparam logic [PosW-1:0] PosOne  = {{(PosW - 1){1'b0}}, 1'b1};

  // The window is held as three counts, not as the HCT/MCT bitmaps: the
  // bitmaps were only ever read through their popcounts, and the number of
  // ones shifted into a table since the last fold is its popcount.  A count
  // never exceeds the position (at most W - 1 cycles are held: the W-th
  // folds), so PosW bits hold it.  docs/pmc.md has the equivalence.
  logic [PosW-1:0] pos_q, pos_d, hwin_q, hwin_d, mwin_q, mwin_d, pwin_q, pwin_d;
  logic            last_q, last_d;  // pos_q == W - 1, registered off the fold path
  logic [CntW-1:0] total_q, total_d, hit_q, hit_d, miss_q, miss_d, pure_q, pure_d;
  logic [CntW-1:0] misses_q, misses_d, pmisses_q, pmisses_d;
  logic [CntW-1:0] pmisses, hit_sum, miss_sum, pure_sum;
  // The pure-miss count is held as pmisses_q + ppend_q.  Its increment is
  // the PMC's latest signal (the freed MSHR index, then a 32:1 read of the
  // flags), and as a clock enable it fanned out to all CntW flip-flops
  // through a global buffer: 12.6 ns on the hx8k.  Now it lands in the one
  // flip-flop ppend_q, and the next cycle adds it in through an adder
  // whose inputs are registers; that sum is also what the read port
  // shows, so the count is cycle for cycle the old counter's.
  logic            ppend_q, ppend_d;
  logic            hit_now, miss_now, pure_now, fold;

  assign hit_now  = enable_i & hit_act_i;
  assign miss_now = enable_i & miss_act_i;
  assign pure_now = miss_now & ~hit_now;
  // clear_i empties the window first, and W >= 2, so a clearing cycle never
  // fills one; otherwise the W-th enabled cycle folds.
  assign fold     = flush_i || (enable_i && !clear_i && last_q);

  // The fold adders read registers only (this cycle's bit enters as a carry
  // in).  The miss increment comes late (through the alloc core's decode),
  // so it only picks the result of an adder that adds one to the register.
  // total takes enable as its carry in.  Every adder is a pmc_add, cut
  // into short carry chains.
  logic [CntW-1:0] total_sum, misses_inc;
  pmc_add #(.CntW(CntW), .AW(1)) u_add_total (
    .q_i(total_q), .a_i(1'b0), .cin_i(enable_i), .sum_o(total_sum));
  pmc_add #(.CntW(CntW), .AW(1)) u_add_misses (
    .q_i(misses_q), .a_i(1'b0), .cin_i(1'b1), .sum_o(misses_inc));
  // Carry-select costs a LUT a bit on the iCE40; it pays only where the
  // split chains are long (CntW 48: 23 bits).  At CntW 32 (the prototype's
  // PMC, 93 MHz in its wrapper, in a prototype the PE fills to 96 %) the
  // ripple chains are 13-15 bits, and the selects of the pure-miss and the
  // three fold adders would cost 69 LUT4: the prototype's PE then routed
  // at 45.8 MHz instead of 51.5.
  localparam bit CarrySelect = (CntW > 32);
  pmc_add #(.CntW(CntW), .AW(1), .Select(CarrySelect)) u_add_pmisses (
    .q_i(pmisses_q), .a_i(1'b0), .cin_i(ppend_q), .sum_o(pmisses));
  pmc_add #(.CntW(CntW), .AW(PosW), .Select(CarrySelect)) u_add_hit (
    .q_i(hit_q), .a_i(hwin_q), .cin_i(hit_now), .sum_o(hit_sum));
  pmc_add #(.CntW(CntW), .AW(PosW), .Select(CarrySelect)) u_add_miss (
    .q_i(miss_q), .a_i(mwin_q), .cin_i(miss_now), .sum_o(miss_sum));
  pmc_add #(.CntW(CntW), .AW(PosW), .Select(CarrySelect)) u_add_pure (
    .q_i(pure_q), .a_i(pwin_q), .cin_i(pure_now), .sum_o(pure_sum));

  // The counters' clock enables, each its own net.  Left to Yosys, opt_dff
  // built every enable from the whole multiplexer tree of the register's
  // next value and ABC merged it with the datapath: the alloc core's
  // decode reached the misses counter's enable through five LUTs and a
  // carry.  Kept, each is one or two LUTs from registers and inputs before
  // its global buffer.
  (* keep *) logic fold_ce, misses_ce;
  assign fold_ce   = fold || clear_i;
  assign misses_ce = clear_i || (enable_i && miss_inc_i);

  // Clear acts first, so the clearing cycle is recorded into a fresh window
  // and fresh counters.
  always_comb begin
    total_d   = clear_i ? {{(CntW - 1){1'b0}}, enable_i} : total_sum;
    misses_d  = misses_q;
    if (misses_ce) begin
      misses_d = clear_i ? {{(CntW - 1){1'b0}}, enable_i && miss_inc_i} : misses_inc;
    end
    // pmc.sv never frees a pure miss into a clearing cycle; the !clear_i
    // keeps the clear's 0 exact regardless.
    pmisses_d = clear_i ? '0 : pmisses;
    ppend_d   = enable_i && pure_miss_inc_i && !clear_i;

    // The fold adds the open window and this cycle's bits; a clear with
    // flush_i folds a window of this cycle alone, a clear without it zeroes.
    hit_d  = hit_q;
    miss_d = miss_q;
    pure_d = pure_q;
    if (fold_ce) begin
      hit_d  = clear_i ? {{(CntW - 1){1'b0}}, fold && hit_now}  : hit_sum;
      miss_d = clear_i ? {{(CntW - 1){1'b0}}, fold && miss_now} : miss_sum;
      pure_d = clear_i ? {{(CntW - 1){1'b0}}, fold && pure_now} : pure_sum;
    end
    pos_d  = clear_i ? '0 : pos_q;
    hwin_d = clear_i ? '0 : hwin_q;
    mwin_d = clear_i ? '0 : mwin_q;
    pwin_d = clear_i ? '0 : pwin_q;
    if (fold) begin
      pos_d  = '0;
      hwin_d = '0;
      mwin_d = '0;
      pwin_d = '0;
    end else if (enable_i) begin
      pos_d  = pos_d  + PosOne;
      hwin_d = hwin_d + {{(PosW - 1){1'b0}}, hit_now};
      mwin_d = mwin_d + {{(PosW - 1){1'b0}}, miss_now};
      pwin_d = pwin_d + {{(PosW - 1){1'b0}}, pure_now};
    end
    last_d = (pos_d == LastPos);
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      pos_q     <= '0;
      last_q    <= 1'b0;
      hwin_q    <= '0;
      mwin_q    <= '0;
      pwin_q    <= '0;
      total_q   <= '0;
      hit_q     <= '0;
      miss_q    <= '0;
      pure_q    <= '0;
      misses_q  <= '0;
      pmisses_q <= '0;
      ppend_q   <= 1'b0;
    end else begin
      pos_q     <= pos_d;
      last_q    <= last_d;
      hwin_q    <= hwin_d;
      mwin_q    <= mwin_d;
      pwin_q    <= pwin_d;
      total_q   <= total_d;
      hit_q     <= hit_d;
      miss_q    <= miss_d;
      pure_q    <= pure_d;
      misses_q  <= misses_d;
      pmisses_q <= pmisses_d;
      ppend_q   <= ppend_d;
    end
  end

`ifndef SYNTHESIS
  // Invariants (Verilator --assert in every RTL test; not seen by Yosys).
  // The window counts only the pos_q cycles recorded since the last fold or
  // clear: no count above the position, no pure cycle that is not a miss
  // cycle, and last_q tracks the position.
  a_window_fill: assert property (@(posedge clk_i) disable iff (!rst_ni)
      (hwin_q <= pos_q) && (mwin_q <= pos_q) && (pwin_q <= mwin_q) && (last_q == (pos_q == LastPos)))
    else $error("pmc_core: window counts beyond position %0d (hit %0d miss %0d pure %0d)", pos_q, hwin_q,
                mwin_q, pwin_q);
  // No accumulated count wraps between two clears (CntW is wide enough for
  // every run the tests make; a wrap would corrupt theta silently).
  a_no_wrap: assert property (@(posedge clk_i) disable iff (!rst_ni)
      clear_i || ((total_d >= total_q) && (hit_d >= hit_q) && (miss_d >= miss_q) && (pure_d >= pure_q) &&
                  (misses_d >= misses_q) && (pmisses_d + {{(CntW - 1){1'b0}}, ppend_d} >= pmisses)))
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
      pmc_pkg::SelPureMisses: rd_data_o = pmisses;
      pmc_pkg::SelWinFill:    rd_data_o = {{(CntW - PosW){1'b0}}, pos_q};
      default:                rd_data_o = '0;
    endcase
  end

endmodule
