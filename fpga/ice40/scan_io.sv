// Scan chains of the iCE40 measurement wrappers (tb/<blk>/<blk>_top.sv).
// A block's ports are wider than the hx8k's pins, so its inputs shift in
// through in_o while scan_en_i is high (held otherwise) and its outputs are
// captured from out_i every cycle and shift out under scan_en_i.  Both
// chains are registers, so every path of the block is register to register
// and the Fmax nextpnr reports is the block's own.
module scan_io #(
  parameter int unsigned InW  = 8,
  parameter int unsigned OutW = 8
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  input  logic            scan_en_i,
  input  logic            scan_in_i,
  output logic            scan_out_o,
  output logic [InW-1:0]  in_o,
  input  logic [OutW-1:0] out_i
);

  logic [InW-1:0]  in_q;
  logic [OutW-1:0] out_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      in_q  <= '0;
      out_q <= '0;
    end else begin
      if (scan_en_i) begin
        in_q <= {in_q[InW-2:0], scan_in_i};
      end
      out_q <= scan_en_i ? {out_q[OutW-2:0], 1'b0} : out_i;
    end
  end

  assign in_o       = in_q;
  assign scan_out_o = out_q[OutW-1];

endmodule
