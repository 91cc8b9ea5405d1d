// iCE40 measurement wrapper for the IMU.  Its ports (186 input and 172
// output bits at the defaults) exceed the hx8k's pins, so they go through
// scan chains, as in pmc_top: inputs shift in while scan_en_i is high and
// hold otherwise, outputs are captured every cycle and shift out under
// scan_en_i.  Both chains are registers, so every IMU path, the
// combinational table read port included, is register to register and the
// reported Fmax is the block's own.
`include "rtl/imu/imu_params.svh"  // the parameter list of hw/imu.desc (generated)
module imu_top #(
  `IMU_PARAM_DECL
) (
  input  logic clk_i,
  input  logic rst_ni,
  input  logic scan_en_i,
  input  logic scan_in_i,
  output logic scan_out_o
);

  // input chain: valid, op, id, trip, ret, cfg we/addr/wdata, rd data, table id
  localparam int unsigned InW  = 1 + 2 + IdW + 32 + RetW + 1 + 3 + 32 + CntW + IdW;
  // output chain: ready, verdict valid/value, clear/enable/flush, sel, table
  localparam int unsigned OutW = 1 + 2 + 3 + 3 + 3 + 2 * CntW + 64;
  localparam int unsigned OId    = 3;
  localparam int unsigned OTrip  = OId + IdW;
  localparam int unsigned ORet   = OTrip + 32;
  localparam int unsigned OCfg   = ORet + RetW;
  localparam int unsigned OData  = OCfg + 1 + 3 + 32;
  localparam int unsigned OTblId = OData + CntW;

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

  imu #(`IMU_PARAM_PASS) u_imu (
    .clk_i,
    .rst_ni,
    .marker_valid_i    (in_q[0]),
    .marker_ready_o    (outs[0]),
    .marker_op_i       (in_q[1 +: 2]),
    .marker_id_i       (in_q[OId +: IdW]),
    .marker_trip_i     (in_q[OTrip +: 32]),
    .instr_ret_i       (in_q[ORet +: RetW]),
    .verdict_valid_o   (outs[1]),
    .verdict_o         (outs[2]),
    .cfg_we_i          (in_q[OCfg]),
    .cfg_addr_i        (in_q[OCfg + 1 +: 3]),
    .cfg_wdata_i       (in_q[OCfg + 4 +: 32]),
    .pmc_clear_o       (outs[3]),
    .pmc_enable_o      (outs[4]),
    .pmc_flush_o       (outs[5]),
    .pmc_rd_sel_o      (outs[6 +: 3]),
    .pmc_rd_data_i     (in_q[OData +: CntW]),
    .tbl_rd_id_i       (in_q[OTblId +: IdW]),
    .tbl_rd_hit_o      (outs[9]),
    .tbl_rd_decided_o  (outs[10]),
    .tbl_rd_site_o     (outs[11]),
    .tbl_rd_num_o      (outs[12 +: CntW]),
    .tbl_rd_den_o      (outs[12 + CntW +: CntW]),
    .tbl_rd_sampled_o  (outs[12 + 2 * CntW +: 32]),
    .tbl_rd_offloaded_o(outs[44 + 2 * CntW +: 32])
  );

endmodule
