// iCE40 measurement wrapper for the vault PE.  Its ports (104 + LineBytes*8
// input bits, 183 output bits) exceed the hx8k's pins, so they go through
// scan chains: inputs shift in while scan_en_i is high and hold otherwise,
// outputs are captured every cycle and shift out under scan_en_i.  Both
// chains are registers, so every PE path is register to register and the
// reported Fmax is the PE's own.  Caches are shrunk by parameter
// (PE_SYNTH_PARAMS in rtl/pe/block.mk).
`include "rtl/pe/pe_params.svh"  // the parameter list of hw/pe.desc (generated)
module pe_top #(
  `PE_PARAM_DECL_PROTO
) (
  input  logic clk_i,
  input  logic rst_ni,
  input  logic scan_en_i,
  input  logic scan_in_i,
  output logic scan_out_o
);
  localparam int InW  = 104 + LineBytes * 8;
  localparam int OutW = 183;

  logic [InW-1:0]  in_q;
  logic [OutW-1:0] outs;

  scan_io #(
    .InW (InW),
    .OutW(OutW)
  ) u_scan (
    .clk_i,
    .rst_ni,
    .scan_en_i,
    .scan_in_i,
    .scan_out_o,
    .in_o (in_q),
    .out_i(outs)
  );

  pe #(`PE_PARAM_PASS) u_pe (
    .clk_i,
    .rst_ni,
    .start_i         (in_q[0]),
    .boot_pc_i       (in_q[1 +: 32]),
    .hart_id_i       (in_q[33 +: 32]),
    .halted_o        (outs[0]),
    .mem_req_valid_o (outs[1]),
    .mem_req_ready_i (in_q[65]),
    .mem_req_addr_o  (outs[2 +: 32]),
    .mem_req_op_o    (outs[34 +: 2]),
    .mem_req_amo_o   (outs[36 +: 5]),
    .mem_req_wdata_o (outs[41 +: 32]),
    .mem_req_be_o    (outs[73 +: 4]),
    .mem_resp_valid_i(in_q[66]),
    .mem_req_tag_o   (outs[179 +: 4]),
    .mem_resp_tag_i  (in_q[67 + LineBytes * 8 +: 4]),
    .mem_resp_data_i (in_q[67 +: LineBytes * 8]),
    .dinval_i        (in_q[71 + LineBytes * 8]),
    .dinval_addr_i   (in_q[72 + LineBytes * 8 +: 32]),
    .ret_valid_o     (outs[77]),
    .ret_pc_o        (outs[78 +: 32]),
    .ret_insn_o      (outs[110 +: 32]),
    .ret_rd_o        (outs[142 +: 5]),
    .ret_rd_value_o  (outs[147 +: 32])
  );
endmodule
