// Iterative multiply/divide unit of the PE (RV32M): one bit per cycle.
// start_i (one cycle) latches the operands; 32 cycles later done_o rises
// and stays with the result until kill_i or the next start_i.
// Multiply: shift-add of |a| * |b| (sign applied at the end for
// mulh/mulhsu).  Divide: restoring division of magnitudes with the
// RISC-V rules for division by zero (q = -1, r = a) and overflow
// (-2^31 / -1: q = -2^31, r = 0), which fall out of the magnitudes except
// the sign of a quotient by zero, handled explicitly.
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
  logic        busy_q, busy_d, done_q, done_d;
  logic [4:0]  cnt_q, cnt_d;
  logic [2:0]  f3_q, f3_d;
  logic        neg_q, neg_d;       // negate the final (64-bit product / quotient)
  logic        rneg_q, rneg_d;     // negate the remainder
  logic [31:0] b_q, b_d;           // multiplicand / divisor magnitude
  logic [63:0] p_q, p_d;           // mul: {hi, lo=multiplier}; div: {rem, quo}

  logic        is_div, a_sgn, b_sgn, a_neg, b_neg;
  logic [31:0] a_mag, b_mag;
  logic [32:0] sum;
  logic [31:0] diff;
  logic        fits;
  logic [63:0] prod;
  logic [31:0] quo, rem;

  always_comb begin
    is_div = funct3_i[2];
    // signed operand: mul/mulh/div/rem (a); mulh/div/rem (b); mulhsu: a only
    a_sgn = (funct3_i == 3'd1) || (funct3_i == 3'd2) || (funct3_i == 3'd4) || (funct3_i == 3'd6);
    b_sgn = (funct3_i == 3'd1) || (funct3_i == 3'd4) || (funct3_i == 3'd6);
    a_neg = a_sgn && a_i[31];
    b_neg = b_sgn && b_i[31];
    a_mag = a_neg ? (~a_i + 32'd1) : a_i;
    b_mag = b_neg ? (~b_i + 32'd1) : b_i;

    sum  = {1'b0, p_q[63:32]} + {1'b0, b_q};
    fits = (p_q[63:31] >= {1'b0, b_q});
    diff = p_q[62:31] - b_q;   // exact when it fits: the remainder < divisor

    busy_d = busy_q;
    done_d = done_q;
    cnt_d  = cnt_q;
    f3_d   = f3_q;
    neg_d  = neg_q;
    rneg_d = rneg_q;
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
      b_d    = b_mag;
      p_d    = {32'd0, a_mag};
      if (is_div) begin
        neg_d  = (a_neg ^ b_neg) && (b_i != 32'd0);
        rneg_d = a_neg;
      end else begin
        neg_d  = a_neg ^ b_neg;
        rneg_d = 1'b0;
        b_d    = a_mag;            // multiplicand
        p_d    = {32'd0, b_mag};   // multiplier in the low half
      end
    end else if (busy_q) begin
      if (f3_q[2]) begin
        // restoring division: shift {rem, quo} left, subtract if it fits
        if (fits) p_d = {diff[31:0], p_q[30:0], 1'b1};
        else           p_d = {p_q[62:0], 1'b0};
      end else begin
        p_d = p_q[0] ? {sum, p_q[31:1]} : {1'b0, p_q[63:1]};
      end
      cnt_d = cnt_q + 5'd1;
      if (cnt_q == 5'd31) begin
        busy_d = 1'b0;
        done_d = 1'b1;
      end
    end

    prod = neg_q ? (~p_q + 64'd1) : p_q;
    quo  = neg_q ? (~p_q[31:0] + 32'd1) : p_q[31:0];
    rem  = rneg_q ? (~p_q[63:32] + 32'd1) : p_q[63:32];
    unique case (f3_q)
      3'd0:    result_o = prod[31:0];
      3'd1, 3'd2, 3'd3: result_o = prod[63:32];
      3'd4, 3'd5: result_o = quo;
      default: result_o = rem;
    endcase
  end

  assign busy_o = busy_q;
  assign done_o = done_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      busy_q <= 1'b0;
      done_q <= 1'b0;
      cnt_q  <= 5'd0;
      f3_q   <= 3'd0;
      neg_q  <= 1'b0;
      rneg_q <= 1'b0;
      b_q    <= 32'd0;
      p_q    <= 64'd0;
    end else begin
      busy_q <= busy_d;
      done_q <= done_d;
      cnt_q  <= cnt_d;
      f3_q   <= f3_d;
      neg_q  <= neg_d;
      rneg_q <= rneg_d;
      b_q    <= b_d;
      p_q    <= p_d;
    end
  end
endmodule
