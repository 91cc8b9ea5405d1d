// Miter for tb/tests/pmc_add_proof.c: ok is 1 exactly when pmc_add's sum
// equals the plain q + a + cin; Yosys's `sat -prove ok 1` checks every input.
module pmc_add_miter #(
  parameter int unsigned CntW = 48,
  parameter int unsigned AW   = 6,
  parameter bit          Sel  = 1'b0
) (
  input  logic [CntW-1:0] q,
  input  logic [AW-1:0]   a,
  input  logic            cin,
  output logic            ok
);
  logic [CntW-1:0] s;
  pmc_add #(.CntW(CntW), .AW(AW), .Select(Sel)) u_add (.q_i(q), .a_i(a), .cin_i(cin), .sum_o(s));
  assign ok = (s == q + {{(CntW - AW){1'b0}}, a} + {{(CntW - 1){1'b0}}, cin});
endmodule
