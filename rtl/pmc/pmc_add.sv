// A CntW-bit counter's adder, q + a + cin modulo 2^CntW, with a small
// addend a (AW bits), cut into three carry chains so no carry ripples
// through all CntW bits: on the iCE40 a 48-bit chain alone is ~7 ns, most
// of a 100 MHz cycle.
//  * s0 = q[K-1:0] + a + cin, K = AW + 1 bits: a + cin < 2^K, so s0 carries
//    out at most once;
//  * s1 = q[M-1:K] + c0 (c0: s0's carry out);
//  * s2 = q[CntW-1:M] + (c0 & q[M-1:K] all ones), the carry s1 would pass
//    on, predicted from registers in parallel with s0.
// The longest chain is max(M, K + CntW - M) bits plus one LUT, about half
// of CntW.  The sum is exactly q + a + cin (the three segments are the
// ripple adder's carries regrouped), so the counts do not change.
module pmc_add #(
  parameter int unsigned CntW = pmc_pkg::DefaultCntW,
  parameter int unsigned AW   = 1
) (
  input  logic [CntW-1:0] q_i,
  input  logic [AW-1:0]   a_i,
  input  logic            cin_i,
  output logic [CntW-1:0] sum_o
);

  localparam int unsigned K = AW + 1;
  localparam int unsigned M = (CntW + K) / 2;

  if (CntW >= K + 4) begin : g_split
    logic [K:0]         s0;
    logic [M-K-1:0]     s1;
    logic [CntW-M-1:0]  s2;
    logic               c0, c1;
    assign s0 = {1'b0, q_i[K-1:0]} + {2'b00, a_i} + {{K{1'b0}}, cin_i};
    assign c0 = s0[K];
    assign c1 = c0 & (&q_i[M-1:K]);
    assign s1 = q_i[M-1:K] + {{(M - K - 1){1'b0}}, c0};
    assign s2 = q_i[CntW-1:M] + {{(CntW - M - 1){1'b0}}, c1};
    assign sum_o = {s2, s1, s0[K-1:0]};
  end else begin : g_plain
    // Too narrow to be worth cutting (and K + 4 > CntW leaves no room).
    assign sum_o = q_i + {{(CntW - AW){1'b0}}, a_i} + {{(CntW - 1){1'b0}}, cin_i};
  end

endmodule
