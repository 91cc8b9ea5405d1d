// The storage behind the IMU's two table macros (imu_ram's fields and
// imu_cam's tags): Depth words of Width bits, no reset (their owners never
// read a word they have not written), one write port with one enable per
// word (the word lines, one-hot or zero).  All words come out flat, each
// macro reads them its own way (a select, a compare).  Flat, not an
// unpacked array: Yosys would otherwise infer a memory and then split it
// into flip-flops anyway.
module imu_words #(
  parameter int Width = 32,
  parameter int Depth = 16
) (
  input  logic                   clk_i,
  input  logic [Depth-1:0]       we_i,     // one-hot or zero
  input  logic [Width-1:0]       wdata_i,
  output logic [Depth*Width-1:0] words_o
);
  always_ff @(posedge clk_i) begin
    for (int e = 0; e < Depth; e++) begin
      if (we_i[e]) words_o[Width*e +: Width] <= wdata_i;
    end
  end
endmodule
