// Iterative multiply/divide unit of the PE (RV32M): one bit per cycle.
// start_i (one cycle) latches the operands; 32 cycles later done_o rises
// and stays with the result until kill_i or the next start_i.
//
// One 34-bit adder/subtractor serves both operations, so the unit is small
// (the iCE40 prototype has to hold it beside the PMC and the IMU):
//  - Multiply: signed shift-add, multiplier LSB first.  The multiplicand is
//    kept sign- or zero-extended to 33 bits, the partial product's upper half
//    is a 33-bit two's-complement value shifted right each step, and the last
//    step subtracts when the multiplier is signed (its bit 31 weighs -2^31).
//    The 64-bit product comes out signed as the operation wants: no operand
//    or result negation.
//  - Divide: restoring division of magnitudes (the dividend's taken at
//    start; a negative divisor is added instead of subtracted); the quotient
//    or remainder is negated at the end when the RISC-V rules say so.
//    Division by zero (q = -1, r = a) and overflow (-2^31 / -1: q = -2^31,
//    r = 0) fall out of the magnitudes, except the sign of a quotient by
//    zero, handled at start.
module pe_mdu (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        start_i,
  input  logic        kill_i,
  input  logic [2:0]  funct3_i,   // M-extension funct3
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  output logic        busy_o,
  output logic        done_o,
  output logic [31:0] result_o
);
  localparam logic [4:0] LastStep = 5'd31;   // 32 steps, one bit each
  logic        busy_q, busy_d, done_q, done_d;
  logic [4:0]  cnt_q, cnt_d;
  logic [2:0]  f3_q, f3_d;
  // mul: the multiplier is signed (last step subtracts); div: negate the result
  logic        sgn_q, sgn_d;
  logic [32:0] b_q, b_d;           // the multiplicand or divisor, sign- or zero-extended
  // mul: {partial product (33-bit signed), multiplier bits not yet used};
  // div: {unused, remainder, quotient}
  logic [64:0] p_q, p_d;

  logic        is_div, a_sgn, b_sgn, a_neg, b_neg, sub, sel_hi, res_neg;
  logic [31:0] a_mag, x;
  logic [33:0] add_a, add_b, s;

  always_comb begin
    is_div = funct3_i[2];
    // signed operand: mul/mulh/div/rem (a); mulh/div/rem (b); mulhsu: a only
    a_sgn = (funct3_i == pe_pkg::F3Mulh) || (funct3_i == pe_pkg::F3Mulhsu) || (funct3_i == pe_pkg::F3Div) ||
            (funct3_i == pe_pkg::F3Rem);
    b_sgn = (funct3_i == pe_pkg::F3Mulh) || (funct3_i == pe_pkg::F3Div) || (funct3_i == pe_pkg::F3Rem);
    a_neg = a_sgn && a_i[31];
    b_neg = b_sgn && b_i[31];
    a_mag = a_neg ? (~a_i + 32'd1) : a_i;

    // div: {remainder, next quotient bit} - |divisor| (a negative divisor is
    // added); mul: partial product + the multiplicand when the multiplier
    // bit is set (- on the last step of a signed multiplier)
    add_a = f3_q[2] ? {1'b0, p_q[63:31]} : {p_q[64], p_q[64:32]};
    add_b = (f3_q[2] || p_q[0]) ? {b_q[32], b_q} : 34'd0;
    sub   = f3_q[2] ? !b_q[32] : (sgn_q && (cnt_q == LastStep));
    s     = add_a + (sub ? ~add_b : add_b) + {33'd0, sub};

    busy_d = busy_q;
    done_d = done_q;
    cnt_d  = cnt_q;
    f3_d   = f3_q;
    sgn_d  = sgn_q;
    b_d    = b_q;
    p_d    = p_q;
    if (kill_i) begin
      busy_d = 1'b0;
      done_d = 1'b0;
    end else if (start_i) begin
      busy_d = 1'b1;
      done_d = 1'b0;
      cnt_d  = 5'd0;
      f3_d   = funct3_i;
      if (is_div) begin
        // rem takes the dividend's sign; div the operands' unless b = 0
        sgn_d = funct3_i[1] ? a_neg : ((a_neg ^ b_neg) && (b_i != 32'd0));
        b_d   = {b_neg, b_i};
        p_d   = {33'd0, a_mag};
      end else begin
        sgn_d = b_sgn;
        b_d   = {a_sgn && a_i[31], a_i};
        p_d   = {33'd0, b_i};
      end
    end else if (busy_q) begin
      if (f3_q[2]) begin
        // restoring division: shift {rem, quo} left, subtract if it fits
        if (!s[33]) p_d = {1'b0, s[31:0], p_q[30:0], 1'b1};
        else        p_d = {1'b0, p_q[62:0], 1'b0};
      end else begin
        p_d = {s, p_q[31:1]};
      end
      cnt_d = cnt_q + 5'd1;
      if (cnt_q == LastStep) begin
        busy_d = 1'b0;
        done_d = 1'b1;
      end
    end

    // mulh/mulhsu/mulhu/rem/remu read the upper word, mul/div/divu the lower
    sel_hi   = f3_q[1] || (!f3_q[2] && f3_q[0]);
    res_neg  = f3_q[2] && sgn_q;
    x        = sel_hi ? p_q[63:32] : p_q[31:0];
    result_o = (x ^ {32{res_neg}}) + {31'd0, res_neg};
  end

  assign busy_o = busy_q;
  assign done_o = done_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      busy_q <= 1'b0;
      done_q <= 1'b0;
      cnt_q  <= 5'd0;
      f3_q   <= 3'd0;
      sgn_q  <= 1'b0;
      b_q    <= 33'd0;
      p_q    <= 65'd0;
    end else begin
      busy_q <= busy_d;
      done_q <= done_d;
      cnt_q  <= cnt_d;
      f3_q   <= f3_d;
      sgn_q  <= sgn_d;
      b_q    <= b_d;
      p_q    <= p_d;
    end
  end
`ifndef SYNTHESIS
  // The step counter never wraps while busy: the last step ends the run
  // (Verilator --assert; Yosys defines SYNTHESIS).
  a_cnt_no_wrap: assert property (@(posedge clk_i) disable iff (!rst_ni)
      (busy_q && !kill_i && (cnt_q == LastStep)) |-> (!busy_d && done_d))
    else $error("pe_mdu: step counter wrapped while busy");
`endif
endmodule
