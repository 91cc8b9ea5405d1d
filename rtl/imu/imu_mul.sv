// The IMU's arithmetic: the shared serial shift-add multiplier that forms
// the sample size (trip x fraction, StCalcS) and the decision's right side
// (threshold or MPKI threshold x denominator, StMul), the sample size's
// rounding and minimum, and the theta/MPKI compare.  The FSM in imu.sv
// sequences it with one strobe per operation and a cycle count of its own;
// this module holds only the datapath registers, so the FSM and the
// arithmetic read apart (ibex keeps its multiplier and divider out of the
// controller the same way).  docs/imu.md "Sample size and the fixed-point
// formats" and "The decision" derive every width below.
//
// At most one of load_i, step_i and round_i is set in a cycle; with none
// the accumulator and the multiplier hold.  Nothing here is reset: the FSM
// loads every register before it reads it (load_i in each idle cycle and in
// StReadDen, lhs_load_i in StReadNum).
module imu_mul #(
  parameter int unsigned CntW = 48,        // PMC counter width, 32..64
  localparam int unsigned AccW = CntW + 32 // threshold x denominator, 32 x CntW bits
) (
  input  logic            clk_i,
  // accumulator and multiplier
  input  logic            load_i,     // step 0 on an empty accumulator
  input  logic [CntW-1:0] load_a_i,   // its multiplicand
  input  logic [31:0]     load_b_i,   // the multiplier, all 32 bits
  input  logic            step_i,     // one shift-add step
  input  logic            calc_i,     // the steps' multiplicand: trip_i, else den_i
  input  logic [31:0]     trip_i,
  input  logic [CntW-1:0] den_i,
  input  logic            round_i,    // sample size: round and compare the product
  // sample size, from the registers after the round
  input  logic [31:0]     min_i,      // the minimum of the next cycle (min_d)
  output logic [31:0]     s_ceil_o,   // ceil(trip x fraction / 2^16)
  output logic            s_gt_min_o, // s_ceil_o > the minimum
  output logic            s_nz_o,     // s_ceil_o != 0
  // the decision's compare
  input  logic            lhs_load_i, // lhs = num x 2^15
  input  logic [CntW-1:0] num_i,
  input  logic            lhs_scale_i,// lhs = lhs x 5 / 16 (MPKI), in two cycles:
  input  logic            lhs_hi_i,   // ... the low half (0), then the high half (1)
  input  logic            lhs_acc_i,  // lhs = acc >> 16, saturated (AB: the host's projection)
  input  logic            cmp_i,      // register the compare
  output logic [CntW-1:0] num_o,      // num, while lhs holds num x 2^15
  output logic            offload_o   // the registered compare: num side greater
);

  logic [AccW-1:0]  acc_q, acc_d;
  logic [31:0]      mplier_q, mplier_d;
  localparam int unsigned LhsW = CntW + 15;
  localparam int unsigned LoW  = LhsW / 2;
  logic [LhsW-1:0]  lhs_q, lhs_d;      // num x 2^15, then the compare's left side
  logic             sc_c_q, sc_c_d;    // the scale's carry from the low half into the high
  logic             offload_q, offload_d;

  // One shift-add step, multiplier LSB first: the multiplicand is added to
  // the top CntW bits and the accumulator shifts right, so the adder is
  // CntW + 1 bits wide, not AccW.  After n steps acc = a x b x 2^(32 - n)
  // exactly (n <= 32: no set bit shifts out).
  // calc_i is a flip-flop of its own in imu.sv (state_q == StCalcS), so the
  // operand is one LUT (calc_i, the multiplier bit and the two operand
  // bits) in front of the carry chain, not the state decode and then that.
  logic [CntW-1:0] addend;
  logic [CntW:0]   acc_sum;
  logic [AccW-1:0] acc_step;
  assign addend   = calc_i ? {{(CntW - 32){1'b0}}, trip_i} : den_i;
  assign acc_sum  = {1'b0, acc_q[AccW-1:32]} + (mplier_q[0] ? {1'b0, addend} : '0);
  assign acc_step = {acc_sum, acc_q[31:1]};

  // ceil(trip x fraction / 2^16) = prod[63:32] rounded up by prod[31:0]:
  // below 2^32, so rounding up cannot carry out.  It exceeds the minimum
  // exactly when {prod[63:32], any low bit} > {min, 0}: one compare beside
  // the rounding adder instead of after it.  The round cycle rounds and
  // compares into registers (s_ceil_q, s_gt_q, s_nz_q), against the
  // minimum the next cycle reads (min_i is min_d), and the next cycle takes
  // S from them: with the adder and the compare in the next cycle, the
  // compare's carry chain and S's multiplexer behind it were the critical
  // path (docs/imu.md).  fraction[16] is set only for 0x10000 (1.0),
  // whose product is trip x 2^16 exactly: the multiplier's last bit.
  // acc[15:0] is zero throughout StCalcS (step 0 leaves acc[30:0] zero and
  // 15 right shifts follow), and so is prod[31:16] of trip x 1.0; the
  // decision compare reads acc[AccW-1:16] only, so acc[15:0] has no reader
  // and synthesis drops its 16 flip-flops.
  logic [63:16] prod;
  logic        s_low;
  logic [31:0] s_ceil_q, s_ceil_d;
  logic        s_gt_q, s_gt_d, s_nz_q, s_nz_d;
  assign prod       = mplier_q[0] ? {trip_i, 16'd0} : acc_q[63:16];
  assign s_low      = |prod[31:16];
  assign s_ceil_o   = s_ceil_q;
  assign s_gt_min_o = s_gt_q;
  assign s_nz_o     = s_nz_q;

  always_comb begin
    acc_d    = acc_q;
    mplier_d = mplier_q;
    s_ceil_d = s_ceil_q;
    s_gt_d   = s_gt_q;
    s_nz_d   = s_nz_q;
    if (load_i) begin
      // step 0: acc = 0 + (b[0] ? a : 0), shifted right once
      acc_d    = {1'b0, load_b_i[0] ? load_a_i : {CntW{1'b0}}, 31'd0};
      mplier_d = {1'b0, load_b_i[31:1]};
    end else if (step_i) begin
      acc_d    = acc_step;
      mplier_d = {1'b0, mplier_q[31:1]};
    end else if (round_i) begin
      // (acc is not read again before the next load: it keeps its steps)
      s_ceil_d = prod[63:32] + {31'd0, s_low};
      s_gt_d   = {prod[63:32], s_low} > {min_i, 1'b0};
      s_nz_d   = (prod[63:32] != '0) || s_low;
    end
  end

  // Theta: num x 2^16 > thr x den = acc / 2^15, i.e. num x 2^15 > acc >> 16.
  // MPKI: num x 1000 x 2^16 > mpki x ins = acc, i.e. num x 1000 > acc >> 16.
  // (x > floor(y / 2^k) is x > y / 2^k for an integer x.)  lhs_q holds
  // num x 2^15 or num x 1000, so both modes compare with the same
  // accumulator bits (no multiplexer).  MPKI: num x 1000 = (num x 2^15) x
  // 5^3 / 2^12, three steps of y x 5 / 2^4 = y / 4 + y / 16, each exact (y
  // has 15, 11, then 7 zero low bits): one adder on lhs_q alone.
  // The scale's adder is cut in two halves a cycle apart (the low half's
  // carry in sc_c_q): a whole LhsW-bit carry chain was the critical path
  // (docs/imu.md).  The high half reads only bits the low half's write
  // left alone (LoW + 2 and up), so the two cycles give the one sum.
  logic [LhsW-1:0]      sc_a, sc_b;
  logic [LoW:0]         sc_lo;
  logic [LhsW-LoW-1:0]  sc_hi;
  assign sc_a  = lhs_q >> 2;
  assign sc_b  = lhs_q >> 4;
  assign sc_lo = {1'b0, sc_a[LoW-1:0]} + {1'b0, sc_b[LoW-1:0]};
  assign sc_hi = sc_a[LhsW-1:LoW] + sc_b[LhsW-1:LoW] + {{(LhsW - LoW - 1){1'b0}}, sc_c_q};

  // The compare runs in CmpSeg-bit segments side by side, their greater
  // and less flags combined after: one short carry chain deep instead of
  // one CntW + 16 bits long.  Both flags are borrows of a subtraction (a
  // carry chain each), so a segment is equal when neither is set: an
  // equality tree of its own was three LUT levels behind the operands and
  // two in front of the combining, the critical path (docs/imu.md).
  localparam int unsigned CmpW   = CntW + 16;
  localparam int unsigned CmpSeg = 16;
  localparam int unsigned CmpN   = (CmpW + CmpSeg - 1) / CmpSeg;
  logic [CmpN*CmpSeg-1:0] cmp_a, cmp_b;
  logic [CmpSeg:0]        seg_ab, seg_ba;
  logic [CmpN-1:0]        seg_gt, seg_lt;
  logic                   offload;
  always_comb begin
    cmp_a   = '0;
    cmp_b   = '0;
    cmp_a[CmpW-1:0] = {1'b0, lhs_q};
    cmp_b[CmpW-1:0] = acc_q[AccW-1:16];
    offload = 1'b0;
    for (int unsigned i = 0; i < CmpN; i++) begin
      seg_ab    = {1'b0, cmp_a[CmpSeg*i +: CmpSeg]} - {1'b0, cmp_b[CmpSeg*i +: CmpSeg]};
      seg_ba    = {1'b0, cmp_b[CmpSeg*i +: CmpSeg]} - {1'b0, cmp_a[CmpSeg*i +: CmpSeg]};
      seg_lt[i] = seg_ab[CmpSeg];
      seg_gt[i] = seg_ba[CmpSeg];
      offload   = seg_gt[i] | (!seg_lt[i] & offload);
    end
  end

  always_comb begin
    lhs_d     = lhs_q;
    sc_c_d    = sc_c_q;
    offload_d = offload_q;
    // The three loads never come together (StReadNum, StMul, StDecide);
    // the scale's adder is tested last so that its carry chain meets only
    // the flip-flop's last LUT (with the AB load after it, the chain and
    // two LUTs were the critical path)
    if (lhs_load_i) begin
      lhs_d = {num_i, 15'd0};
    end else if (lhs_acc_i) begin
      // AB: Ch x (trip - S), kept until the loop's end as acc >> 16 (the
      // compare's right side is acc >> 16 too); its top bit saturates
      lhs_d = acc_q[AccW-1] ? {(CntW + 15){1'b1}} : acc_q[AccW-2:16];
    end
    if (lhs_scale_i && lhs_hi_i) begin
      lhs_d[LhsW-1:LoW] = sc_hi;
    end else if (lhs_scale_i) begin
      lhs_d[LoW-1:0] = sc_lo[LoW-1:0];
      sc_c_d         = sc_lo[LoW];
    end
    if (cmp_i) begin
      offload_d = offload;
    end
  end

  assign num_o     = lhs_q[LhsW-1:15];
  assign offload_o = offload_q;

  always_ff @(posedge clk_i) begin
    acc_q     <= acc_d;
    mplier_q  <= mplier_d;
    s_ceil_q  <= s_ceil_d;
    s_gt_q    <= s_gt_d;
    s_nz_q    <= s_nz_d;
    lhs_q     <= lhs_d;
    sc_c_q    <= sc_c_d;
    offload_q <= offload_d;
  end

`ifndef SYNTHESIS
  // lhs_d's priority order relies on it
  a_lhs_one_load: assert property (@(posedge clk_i) $onehot0({lhs_load_i, lhs_scale_i, lhs_acc_i}))
    else $error("imu_mul: two lhs loads at once (load %0d scale %0d acc %0d)", lhs_load_i, lhs_scale_i, lhs_acc_i);
`endif

endmodule
