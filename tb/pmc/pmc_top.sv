// iCE40 measurement wrapper for the PMC.  Its ports (46 inputs, 192 output
// bits at the defaults) exceed the hx8k's pins, so they go through scan
// chains: inputs shift in while scan_en_i is high and hold otherwise,
// outputs are captured every cycle and shift out under scan_en_i.  Both
// chains are registers, so every PMC path is register to register and the
// reported Fmax is the block's own.
`include "rtl/pmc/pmc_params.svh"  // the parameter list of hw/pmc.desc (generated)
module pmc_top #(
  `PMC_PARAM_DECL
) (
  input  logic clk_i,
  input  logic rst_ni,
  input  logic scan_en_i,
  input  logic scan_in_i,
  output logic scan_out_o
);

  localparam int unsigned MshrW = $clog2(NumMshr);
  localparam int unsigned CoreW = (NumCores > 1) ? $clog2(NumCores) : 1;
  localparam int unsigned InW   = 8 * NumCores + 2 + 2 * MshrW + CoreW;
  localparam int unsigned OutW  = NumCores * CntW;

  logic [InW-1:0]  in_q;
  logic [OutW-1:0] rd_data;

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
    .out_i(rd_data)
  );

  pmc #(`PMC_PARAM_PASS) u_pmc (
    .clk_i,
    .rst_ni,
    .hit_act_i        (in_q[0 +: NumCores]),
    .miss_act_i       (in_q[NumCores +: NumCores]),
    .mshr_alloc_i     (in_q[2 * NumCores]),
    .mshr_alloc_idx_i (in_q[2 * NumCores + 1 +: MshrW]),
    .mshr_alloc_core_i(in_q[2 * NumCores + 1 + MshrW +: CoreW]),
    .mshr_free_i      (in_q[2 * NumCores + 1 + MshrW + CoreW]),
    .mshr_free_idx_i  (in_q[2 * NumCores + 2 + MshrW + CoreW +: MshrW]),
    .clear_i          (in_q[2 * NumCores + 2 + 2 * MshrW + CoreW +: NumCores]),
    .enable_i         (in_q[3 * NumCores + 2 + 2 * MshrW + CoreW +: NumCores]),
    .flush_i          (in_q[4 * NumCores + 2 + 2 * MshrW + CoreW +: NumCores]),
    .rd_sel_i         (in_q[5 * NumCores + 2 + 2 * MshrW + CoreW +: 3 * NumCores]),
    .rd_data_o        (rd_data)
  );

endmodule
