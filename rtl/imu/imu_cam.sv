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

  // The behavioural model's compare (what the FPGA builds; make area
  // counts the macro's cells instead) as a fixed tree of 4-input LUTs: a
  // mismatch flag per bit pair, an OR per four flags, the match the NOR of
  // those (three levels for Width 32).  The flags are kept nets: mapped as
  // one function ABC gave the 32-bit compare four LUT levels, and it is
  // the start of the IMU's critical path (the begin's tag search).
  localparam int PairN = (Width + 1) / 2;
  localparam int QuadN = (PairN + 3) / 4;
  logic [2*PairN-1:0] key_a, key_b, word;
  (* keep *) logic [Depth*PairN-1:0] mis_a, mis_b;
  (* keep *) logic [Depth*QuadN-1:0] quad_a, quad_b;
  logic [4*QuadN-1:0] ma, mb;
  always_comb begin
    key_a = '0;
    key_b = '0;
    key_a[Width-1:0] = key_a_i;
    key_b[Width-1:0] = key_b_i;
    for (int e = 0; e < Depth; e++) begin
      word = '0;
      word[Width-1:0] = mem_q[Width*e +: Width];
      for (int j = 0; j < PairN; j++) begin
        mis_a[PairN*e + j] = |(word[2*j +: 2] ^ key_a[2*j +: 2]);
        mis_b[PairN*e + j] = |(word[2*j +: 2] ^ key_b[2*j +: 2]);
      end
      ma = '0;
      mb = '0;
      ma[PairN-1:0] = mis_a[PairN*e +: PairN];
      mb[PairN-1:0] = mis_b[PairN*e +: PairN];
      for (int g = 0; g < QuadN; g++) begin
        quad_a[QuadN*e + g] = |ma[4*g +: 4];
        quad_b[QuadN*e + g] = |mb[4*g +: 4];
      end
      match_a_o[e] = !(|quad_a[QuadN*e +: QuadN]);
      match_b_o[e] = !(|quad_b[QuadN*e +: QuadN]);
    end
  end
endmodule
