// Register file of the vault PE: two BRAM-shaped RAMs (one per read port),
// read with the rs fields of the instruction entering ID (raddr_*_i), so the
// values are at the outputs while it is in ID.  set_q marks registers written
// since reset (the others read 0, as after a reset); byp_*_q cover a write at
// the edge of the read, which the RAM read does not see.  The ID stage's own
// WB bypass (a write in the cycle the instruction is in ID) is in pe_id_stage.
module pe_register_file (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic [4:0]  raddr_a_i,   // read next cycle
  input  logic [4:0]  raddr_b_i,
  input  logic [4:0]  rs_a_i,      // last cycle's raddr_a_i (the ID instruction's rs1)
  input  logic [4:0]  rs_b_i,
  output logic [31:0] rdata_a_o,
  output logic [31:0] rdata_b_o,
  input  logic        we_i,        // never for x0
  input  logic [4:0]  waddr_i,
  input  logic [31:0] wdata_i
);
  logic [31:0] set_q, ram_a, ram_b, byp_val_q;
  logic        byp_a_q, byp_b_q;

  pe_ram #(.Width(32), .Depth(32)) u_ram_a (
    .clk_i, .raddr_i(raddr_a_i), .rdata_o(ram_a), .we_i, .waddr_i, .wbe_i(4'hF), .wdata_i);
  pe_ram #(.Width(32), .Depth(32)) u_ram_b (
    .clk_i, .raddr_i(raddr_b_i), .rdata_o(ram_b), .we_i, .waddr_i, .wbe_i(4'hF), .wdata_i);

  always_comb begin
    if (!set_q[rs_a_i]) rdata_a_o = 32'd0;
    else if (byp_a_q) rdata_a_o = byp_val_q;
    else rdata_a_o = ram_a;
    if (!set_q[rs_b_i]) rdata_b_o = 32'd0;
    else if (byp_b_q) rdata_b_o = byp_val_q;
    else rdata_b_o = ram_b;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      set_q     <= '0;
      byp_a_q   <= 1'b0;
      byp_b_q   <= 1'b0;
      byp_val_q <= 32'd0;
    end else begin
      if (we_i) set_q[waddr_i] <= 1'b1;
      byp_a_q   <= we_i && (waddr_i == raddr_a_i);
      byp_b_q   <= we_i && (waddr_i == raddr_b_i);
      byp_val_q <= wdata_i;
    end
  end
endmodule
