// The decision table's loop-id tags: a small content-addressable memory
// with one write port and two search ports (the marker's id and the table
// read port's), the shape of a NOR-type CAM macro: each bit cell is a 6T
// storage cell with a 4T compare stack per search port on its entry's
// precharged match line, so a search costs no XOR gate and no OR tree.  The
// write port takes one write enable per word (the word lines, one-hot or
// zero); each search returns one match line per word (validity is the
// caller's: an unwritten word holds any value).  make area counts its bits
// apart (scripts/area.sh), like imu_ram's.
module imu_cam #(
  parameter int Width = 32,
  parameter int Depth = 16
) (
  input  logic             clk_i,
  input  logic [Depth-1:0] we_i,       // one-hot or zero
  input  logic [Width-1:0] wdata_i,
  input  logic [Width-1:0] key_a_i,
  input  logic [Width-1:0] key_b_i,
  output logic [Depth-1:0] match_a_o,
  output logic [Depth-1:0] match_b_o
);
  logic [Depth*Width-1:0] mem_q;

  imu_words #(.Width(Width), .Depth(Depth)) u_words (.clk_i, .we_i, .wdata_i, .words_o(mem_q));

  always_comb begin
    for (int e = 0; e < Depth; e++) begin
      match_a_o[e] = (mem_q[Width*e +: Width] == key_a_i);
      match_b_o[e] = (mem_q[Width*e +: Width] == key_b_i);
    end
  end
endmodule
