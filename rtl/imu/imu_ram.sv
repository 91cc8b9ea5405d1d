// The decision table's data fields (theta numerator and denominator,
// sampled and offloaded iterations): a register file with one write port
// and one asynchronous read port, the shape of a latch or SRAM register
// file macro.  The FSM never reads these fields, only the table read port
// does, so they need neither a reset (an entry is read only while valid,
// and every field is written when an entry is allocated) nor a second
// read port.  The read port takes the tag match lines as a one-hot word
// select, as a CAM-addressed array does: no encoder, and a miss (no line
// set) reads zero; the write port takes one write enable per word (one-hot
// or zero): the word lines themselves.  make area counts the bits apart (scripts/area.sh).
module imu_ram #(
  parameter int Width = 32,
  parameter int Depth = 16
) (
  input  logic             clk_i,
  input  logic [Depth-1:0] we_i,     // one-hot or zero
  input  logic [Width-1:0] wdata_i,
  input  logic [Depth-1:0] rsel_i,   // one-hot or zero
  output logic [Width-1:0] rdata_o
);
  logic [Depth*Width-1:0] mem_q;

  imu_words #(.Width(Width), .Depth(Depth)) u_words (.clk_i, .we_i, .wdata_i, .words_o(mem_q));

  always_comb begin
    rdata_o = '0;
    for (int e = 0; e < Depth; e++) begin
      if (rsel_i[e]) rdata_o = rdata_o | mem_q[Width*e +: Width];
    end
  end
endmodule
