// Post-synthesis simulation only (mk/fpga.mk): replaces each mapped SB_LUT4
// by one indexed read of its LUT_INIT, the lookup the cell performs.  Yosys's
// cells_sim.v describes the same lookup as a 15-mux tree; flattened and
// constant-folded that is ~14,000 one-bit muxes for the PMC, which took
// Verilator and g++ more than ten minutes and 7 GB.  One expression per LUT
// keeps the netlist's semantics (bit {I3,I2,I1,I0} of LUT_INIT, as in
// cells_sim.v: I3 picks the byte, I2 the nibble, I1 the pair, I0 the bit).
module SB_LUT4 (
  output O,
  input  I0,
  input  I1,
  input  I2,
  input  I3
);
  parameter [15:0] LUT_INIT = 0;
  assign O = LUT_INIT[{I3, I2, I1, I0}];
endmodule
