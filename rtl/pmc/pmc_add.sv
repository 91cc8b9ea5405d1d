// A CntW-bit counter's adder, q + a + cin modulo 2^CntW, with a small
// addend a (AW bits), cut into three carry chains so no carry ripples
// through all CntW bits: on the iCE40 a 48-bit chain alone is ~7 ns, most
// of a 100 MHz cycle.  cin is the late input (this cycle's activity bit,
// an enable, or the pure-miss count's pending bit, a register whose
// increment it adds), so every carry it can start is predicted from q and a:
//  * p0 = q[K-1:0] + a, K = AW + 1 bits, from registers only; a < 2^AW,
//    so p0 < 2^(K+1) and s0 = p0 + cin carries out at most once;
//  * c0 = s0's carry out = p0[K] | (p0[K-1:0] all ones & cin);
//  * s1 = q[M-1:K] + c0;
//  * s2 = q[CntW-1:M] + c1, c1 = c0 & q[M-1:K] all ones, the carry s1
//    passes on, again generate | propagate & cin.
// cin reaches the chains through one LUT, and the longest chain is
// max(M - K, CntW - M) bits, about half of CntW.  With Select = 1 (the fold
// adders, whose c0 waits for p0's chain) s1 and s2 are carry-select: both
// +1 chains start from registers and c0, c1 only pick (a multiplexer a bit
// in place of the half adders' carry logic: the PMC's generic area moved by
// less than 0.1 %, its hx8k Fmax by +7 %).  The sum is exactly
// q + a + cin (the ripple adder's carries regrouped; the pmc_add_proof test
// proves it with yosys sat for CntW 8..64), so the counts do not change.
module pmc_add #(
  parameter int unsigned CntW = pmc_pkg::DefaultCntW,
  parameter int unsigned AW   = 1,
  parameter bit          Select = 1'b0
) (
  input  logic [CntW-1:0] q_i,
  input  logic [AW-1:0]   a_i,
  input  logic            cin_i,
  output logic [CntW-1:0] sum_o
);

  localparam int unsigned K = AW + 1;
  localparam int unsigned M = (CntW + K) / 2;

  if (CntW >= K + 4) begin : g_split
    logic [K:0]         p0;
    logic [K-1:0]       s0;
    logic [M-K-1:0]     s1;
    logic [CntW-M-1:0]  s2;
    logic               ones0, ones1, c0, c1;
    assign p0    = {1'b0, q_i[K-1:0]} + {2'b00, a_i};
    assign ones0 = &p0[K-1:0];
    assign ones1 = &q_i[M-1:K];
    assign s0    = p0[K-1:0] + {{(K - 1){1'b0}}, cin_i};
    assign c0    = p0[K] | (ones0 & cin_i);
    assign c1    = (p0[K] & ones1) | (ones0 & ones1 & cin_i);
    if (Select) begin : g_select
      logic [M-K-1:0]    s1_inc;
      logic [CntW-M-1:0] s2_inc;
      assign s1_inc = q_i[M-1:K] + {{(M - K - 1){1'b0}}, 1'b1};
      assign s2_inc = q_i[CntW-1:M] + {{(CntW - M - 1){1'b0}}, 1'b1};
      // AND-OR, not ?: -- a multiplexer back to q is what Yosys's opt_dff
      // turns into a clock enable, and it did: c0 and c1, the adder's latest
      // signals, became the enables of the upper bits, through a global
      // buffer (the PMC's hx8k critical path on two seeds of three).
      assign s1     = (s1_inc & {(M - K){c0}}) | (q_i[M-1:K] & {(M - K){~c0}});
      assign s2     = (s2_inc & {(CntW - M){c1}}) | (q_i[CntW-1:M] & {(CntW - M){~c1}});
    end else begin : g_ripple
      assign s1 = q_i[M-1:K] + {{(M - K - 1){1'b0}}, c0};
      assign s2 = q_i[CntW-1:M] + {{(CntW - M - 1){1'b0}}, c1};
    end
    assign sum_o = {s2, s1, s0};
  end else begin : g_plain
    // Too narrow to be worth cutting (and K + 4 > CntW leaves no room).
    assign sum_o = q_i + {{(CntW - AW){1'b0}}, a_i} + {{(CntW - 1){1'b0}}, cin_i};
  end

endmodule
