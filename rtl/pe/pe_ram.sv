// Simple dual-port RAM with a registered read and byte-enable writes: the
// shape of an iCE40 SB_RAM40_4K (and of most SRAM macros).  A read in the
// cycle of a write to the same address returns the old data; the pipeline
// never uses a read result from a cycle in which the array was written
// (see docs/pe.md, "cache read after write"), so either behaviour is fine,
// and no_rw_check tells Yosys so: without it, it emulates read-old-data
// around every BRAM with a registered copy of the write port and a compare
// (on the hx8k prototype 854 flip-flops and ~470 LUTs for the PE's six RAMs).
module pe_ram #(
  parameter int Width = 32,
  parameter int Depth = 64,
  parameter int AddrW = $clog2(Depth)
) (
  input  logic               clk_i,
  input  logic [AddrW-1:0]   raddr_i,
  output logic [Width-1:0]   rdata_o,
  input  logic               we_i,
  input  logic [AddrW-1:0]   waddr_i,
  input  logic [Width/8-1:0] wbe_i,
  input  logic [Width-1:0]   wdata_i
);
  (* no_rw_check *) logic [Width-1:0] mem_q [Depth];

  always_ff @(posedge clk_i) begin
    for (int b = 0; b < Width / 8; b++) begin
      if (we_i && wbe_i[b]) mem_q[waddr_i][8*b +: 8] <= wdata_i[8*b +: 8];
    end
    rdata_o <= mem_q[raddr_i];
  end
endmodule
