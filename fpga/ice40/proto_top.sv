// iCE40 prototype of the offload hardware (make synth TARGET=ice40): the PMC
// for one core, that core's IMU and one vault PE with its memory
// (proto_mem), exercised from a host PC over a 115200 8N1 UART.
// docs/area.md gives the protocol, the register map and the parameters.
//
// UART protocol (bytes, words big-endian):
//   'W' a3 a2 a1 a0 d3 d2 d1 d0  -> 'K'     write word d at address a
//   'R' a3 a2 a1 a0              -> d3..d0  read word at address a
// Addresses below 0x8000_0000 are the PE's memory (proto_mem, wraps at
// MemWords words); 0x8000_00xx are the registers below.  Other command bytes
// are ignored, so a host can resynchronise by sending 9 zero bytes.
`include "rtl/pmc/pmc_params.svh"
`include "rtl/pe/pe_params.svh"
// The PMC's and the PE's parameters are hw/pmc.desc's and hw/pe.desc's
// lists (generated: rtl/<blk>/<blk>_params.svh), with the configuration
// 'proto''s values as defaults; mk/fpga.mk passes that configuration, so a
// parameter added to either description reaches this top with `make gen`.
// The PMC serves one core (NumCores = 1, checked below); the IMU's
// parameters are the top's own (its CntW the PMC's, RetW and DepthW fixed
// at the instance).  The PE's DMshrs stays 1 (checked below), the paper's
// PE: proto_mem answers every request with tag 0, so MSHRs, whose fills
// need their tags, are not for this memory (and so DPrefetch, which needs
// MSHRs, stays 0).
module proto_top #(
  parameter int unsigned WithPe    = 1,    // 0: PMC and IMU only
  parameter int unsigned ClkDiv    = 104,  // 12 MHz / 115200 baud
  `PMC_PARAM_DECL_PROTO,
  parameter int unsigned NumLoops  = 2,
  parameter int unsigned IdW       = 8,
  parameter int unsigned PlanW     = 3,
  `PE_PARAM_DECL_PROTO,
  parameter int unsigned MemWords    = 512
) (
  input  logic       clk_i,
  input  logic       rst_ni,     // optional button: pulled up on the board
  input  logic       uart_rx_i,
  output logic       uart_tx_o,
  output logic [7:0] led_o
);
  localparam int unsigned MshrW = $clog2(NumMshr);

`ifndef SYNTHESIS
  // the ports below are one core's, and proto_mem's responses carry tag 0
  if (NumCores != 1 || DMshrs != 1) begin : g_bad_params
    $error("proto_top: NumCores = %0d and DMshrs = %0d; the prototype needs 1 and 1", NumCores, DMshrs);
  end
`endif

  // ------------------------------------------------------------ reset
  // iCE40 flip-flops power up at 0: the blocks stay in reset for 8 cycles
  // after configuration, and while rst_ni is low (simulation drives it;
  // the board leaves it to its pull-up).  Released synchronously.
  logic [3:0] por_q;
  logic [1:0] rst_sync_q;
  logic       rst_n;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      por_q      <= '0;
      rst_sync_q <= '0;
    end else begin
      if (!por_q[3]) por_q <= por_q + 1'b1;
      rst_sync_q <= {rst_sync_q[0], por_q[3]};
    end
  end
  assign rst_n = rst_sync_q[1];

  // ------------------------------------------------------------ UART
  logic       rx_valid, tx_valid, tx_ready;
  logic [7:0] rx_data, tx_data;

  proto_uart_rx #(.ClkDiv(ClkDiv)) u_rx (
    .clk_i, .rst_ni(rst_n), .rx_i(uart_rx_i), .valid_o(rx_valid), .data_o(rx_data)
  );
  proto_uart_tx #(.ClkDiv(ClkDiv)) u_tx (
    .clk_i, .rst_ni(rst_n), .valid_i(tx_valid), .data_i(tx_data), .ready_o(tx_ready),
    .tx_o(uart_tx_o)
  );

  // ------------------------------------------------------------ bus FSM
  // A reply is the word in rdata_q ('K' in its top byte for a write), sent
  // from its top byte down; cnt_q counts the address, data and reply bytes.
  typedef enum logic [2:0] {Cmd, Addr, Data, Exec, MemReq, MemWait, Reply} bus_e;
  bus_e        bus_q, bus_d;
  logic        wr_q, wr_d;
  logic [1:0]  cnt_q, cnt_d;
  logic [31:0] addr_q, addr_d, wdata_q, wdata_d, rdata_q, rdata_d;

  // memory side: a read's word comes the cycle after its grant
  logic        mem_gnt;
  logic [31:0] mem_rdata, tohost;

  // register side
  logic [31:0] reg_rdata;
  logic        reg_we;
  logic [5:0]  reg_idx;
  assign reg_idx = addr_q[7:2];
  assign reg_we  = (bus_q == Exec) && addr_q[31] && wr_q;

  always_comb begin
    bus_d   = bus_q;
    wr_d    = wr_q;
    cnt_d   = cnt_q;
    addr_d  = addr_q;
    wdata_d = wdata_q;
    rdata_d = rdata_q;
    tx_valid = 1'b0;
    unique case (cnt_q)
      2'd0:    tx_data = rdata_q[31:24];
      2'd1:    tx_data = rdata_q[23:16];
      2'd2:    tx_data = rdata_q[15:8];
      default: tx_data = rdata_q[7:0];
    endcase
    unique case (bus_q)
      Cmd: begin
        if (rx_valid && (rx_data == 8'h57 || rx_data == 8'h52)) begin
          wr_d  = (rx_data == 8'h57);
          bus_d = Addr;
        end
      end
      Addr: begin
        if (rx_valid) begin
          addr_d = {addr_q[23:0], rx_data};
          cnt_d  = cnt_q + 1'b1;
          if (cnt_q == 2'd3) bus_d = wr_q ? Data : Exec;
        end
      end
      Data: begin
        if (rx_valid) begin
          wdata_d = {wdata_q[23:0], rx_data};
          cnt_d   = cnt_q + 1'b1;
          if (cnt_q == 2'd3) bus_d = Exec;
        end
      end
      Exec: begin
        rdata_d = wr_q ? 32'h4b00_0000 : reg_rdata;
        bus_d   = addr_q[31] ? Reply : MemReq;
      end
      MemReq: begin
        if (mem_gnt) bus_d = wr_q ? Reply : MemWait;
      end
      MemWait: begin
        rdata_d = mem_rdata;
        bus_d   = Reply;
      end
      Reply: begin
        tx_valid = 1'b1;
        if (tx_ready) begin
          cnt_d = cnt_q + 1'b1;
          if (wr_q || cnt_q == 2'd3) begin
            cnt_d = '0;
            bus_d = Cmd;
          end
        end
      end
      default: bus_d = Cmd;
    endcase
  end

  always_ff @(posedge clk_i or negedge rst_n) begin
    if (!rst_n) begin
      bus_q   <= Cmd;
      wr_q    <= 1'b0;
      cnt_q   <= '0;
      addr_q  <= '0;
      wdata_q <= '0;
      rdata_q <= '0;
    end else begin
      bus_q   <= bus_d;
      wr_q    <= wr_d;
      cnt_q   <= cnt_d;
      addr_q  <= addr_d;
      wdata_q <= wdata_d;
      rdata_q <= rdata_d;
    end
  end

  // ------------------------------------------------------------ registers
  logic             pe_start_q, pmc_en_q, pmc_clr_q, pmc_fl_q;
  logic [31:0]      boot_pc_q, trip_q, cycles_q;
  logic             mk_valid_q, verdict_seen_q, verdict_q;
  logic [1:0]       mk_op_q;
  logic [IdW-1:0]   mk_id_q, tbl_id_q;
  logic [2:0]       dbg_sel_q;
  logic [15:0]      stim_cnt_q;
  logic [1:0]       stim_act_q;   // {miss, hit} while stim_cnt_q runs
  logic [2:0]       stim_ret_q;
  logic             alloc_q, free_q;
  logic [MshrW-1:0] alloc_idx_q, free_idx_q;

  // block wires
  logic             mk_ready, vd_valid, vd;
  logic             imu_clear, imu_enable, imu_flush;
  logic [2:0]       imu_sel, pmc_sel;
  logic [CntW-1:0]  pmc_data, tbl_num, tbl_den;
  logic             tbl_hit, tbl_decided, tbl_site;
  logic [31:0]      tbl_sampled, tbl_offloaded;
  logic             pe_halted;
  logic [31:0]      pe_retired, pe_last_pc;

  always_ff @(posedge clk_i or negedge rst_n) begin
    if (!rst_n) begin
      pe_start_q     <= 1'b0;
      pmc_en_q       <= 1'b0;
      pmc_clr_q      <= 1'b0;
      pmc_fl_q       <= 1'b0;
      boot_pc_q      <= '0;
      trip_q         <= '0;
      cycles_q       <= '0;
      mk_valid_q     <= 1'b0;
      verdict_seen_q <= 1'b0;
      verdict_q      <= 1'b0;
      mk_op_q        <= '0;
      mk_id_q        <= '0;
      tbl_id_q       <= '0;
      dbg_sel_q      <= 3'd7;
      stim_cnt_q     <= '0;
      stim_act_q     <= '0;
      stim_ret_q     <= '0;
      alloc_q        <= 1'b0;
      free_q         <= 1'b0;
      alloc_idx_q    <= '0;
      free_idx_q     <= '0;
    end else begin
      cycles_q   <= cycles_q + 1'b1;
      pe_start_q <= 1'b0;
      pmc_clr_q  <= 1'b0;
      pmc_fl_q   <= 1'b0;
      alloc_q    <= 1'b0;
      free_q     <= 1'b0;
      if (stim_cnt_q != '0) begin
        stim_cnt_q <= stim_cnt_q - 1'b1;
      end else begin
        stim_act_q <= '0;
        stim_ret_q <= '0;
      end
      if (mk_valid_q && mk_ready) mk_valid_q <= 1'b0;
      if (vd_valid) begin
        verdict_seen_q <= 1'b1;
        verdict_q      <= vd;
      end
      if (reg_we) begin
        unique case (reg_idx)
          6'h00: begin
            pe_start_q <= wdata_q[0];
            pmc_en_q   <= wdata_q[1];
            pmc_clr_q  <= wdata_q[2];
            pmc_fl_q   <= wdata_q[3];
          end
          6'h01: boot_pc_q <= wdata_q;
          6'h05: begin
            stim_act_q  <= wdata_q[1:0];
            alloc_q     <= wdata_q[2];
            free_q      <= wdata_q[3];
            alloc_idx_q <= wdata_q[4 +: MshrW];
            free_idx_q  <= wdata_q[8 +: MshrW];
            stim_ret_q  <= wdata_q[14:12];
            stim_cnt_q  <= wdata_q[31:16];
          end
          6'h06: begin
            mk_valid_q     <= 1'b1;
            mk_op_q        <= wdata_q[1:0];
            mk_id_q        <= wdata_q[8 +: IdW];
            verdict_seen_q <= 1'b0;
          end
          6'h07: trip_q    <= wdata_q;
          6'h10: tbl_id_q  <= wdata_q[IdW-1:0];
          6'h16: dbg_sel_q <= wdata_q[2:0];
          default: ;
        endcase
      end
    end
  end

  // Write-only registers (BOOT_PC, TRIP, TBL_ID, PMC_SEL) read as 0: every
  // 32-bit source of this multiplexer costs about 40 LUT4s.
  always_comb begin
    unique case (reg_idx)
      6'h00:   reg_rdata = {28'd0, verdict_q, verdict_seen_q, mk_valid_q, pe_halted};
      6'h02:   reg_rdata = pe_retired;
      6'h03:   reg_rdata = pe_last_pc;
      6'h04:   reg_rdata = tohost;
      6'h11:   reg_rdata = {29'd0, tbl_site, tbl_decided, tbl_hit};
      6'h12:   reg_rdata = tbl_num[31:0];
      6'h13:   reg_rdata = tbl_den[31:0];
      6'h14:   reg_rdata = tbl_sampled;
      6'h15:   reg_rdata = tbl_offloaded;
      6'h17:   reg_rdata = pmc_data[31:0];
      6'h19:   reg_rdata = cycles_q;
      6'h1a:   reg_rdata = 32'hc0b1_0002;  // identifies this bitstream's map
      default: reg_rdata = '0;
    endcase
  end

  // ------------------------------------------------------------ PMC + IMU
  // The IMU owns the read port; the host reads through it while the IMU's
  // select is NONE (it is, except during the few cycles of a decision).
  assign pmc_sel = (imu_sel == 3'd7) ? dbg_sel_q : imu_sel;

  pmc #(`PMC_PARAM_PASS) u_pmc (
    .clk_i,
    .rst_ni           (rst_n),
    .hit_act_i        (stim_act_q[0]),
    .miss_act_i       (stim_act_q[1]),
    .mshr_alloc_i     (alloc_q),
    .mshr_alloc_idx_i (alloc_idx_q),
    .mshr_alloc_core_i(1'b0),
    .mshr_free_i      (free_q),
    .mshr_free_idx_i  (free_idx_q),
    .clear_i          (imu_clear | pmc_clr_q),
    .enable_i         (imu_enable | pmc_en_q),
    .flush_i          (imu_flush | pmc_fl_q),
    .rd_sel_i         (pmc_sel),
    .rd_data_o        (pmc_data)
  );

  imu #(
    .NumLoops(NumLoops),
    .IdW     (IdW),
    .CntW    (CntW),
    .RetW    (3),
    .PlanW   (PlanW),
    .DepthW  (4)
  ) u_imu (
    .clk_i,
    .rst_ni            (rst_n),
    .marker_valid_i    (mk_valid_q),
    .marker_ready_o    (mk_ready),
    .marker_op_i       (mk_op_q),
    .marker_id_i       (mk_id_q),
    .marker_trip_i     (trip_q),
    .instr_ret_i       (stim_ret_q),
    .verdict_valid_o   (vd_valid),
    .verdict_o         (vd),
    .cfg_we_i          (reg_we && reg_idx[5:3] == 3'b001),
    .cfg_addr_i        (reg_idx[2:0]),
    .cfg_wdata_i       (wdata_q),
    .pmc_clear_o       (imu_clear),
    .pmc_enable_o      (imu_enable),
    .pmc_flush_o       (imu_flush),
    .pmc_rd_sel_o      (imu_sel),
    .pmc_rd_data_i     (pmc_data),
    .tbl_rd_id_i       (tbl_id_q),
    .tbl_rd_hit_o      (tbl_hit),
    .tbl_rd_decided_o  (tbl_decided),
    .tbl_rd_site_o     (tbl_site),
    .tbl_rd_num_o      (tbl_num),
    .tbl_rd_den_o      (tbl_den),
    .tbl_rd_sampled_o  (tbl_sampled),
    .tbl_rd_offloaded_o(tbl_offloaded)
  );

  // ------------------------------------------------------------ PE + memory
  if (WithPe != 0) begin : g_pe
    logic                   req_valid, req_ready, resp_valid, ret_valid;
    logic [31:0]            req_addr, req_wdata, ret_pc;
    logic [1:0]             req_op;
    logic [4:0]             req_amo;
    // the host reads the pc of the last retirement; insn, rd and its value
    // are left to the waveform (a register for the value cost ~50 LCs)
    /* verilator lint_off UNUSEDSIGNAL */
    logic [31:0]            ret_insn, ret_val;
    logic [4:0]             ret_rd;
    /* verilator lint_on UNUSEDSIGNAL */
    logic [3:0]             req_be;
    logic [LineBytes*8-1:0] resp_data;
    logic [31:0]            retired_q, last_pc_q;

    pe #(`PE_PARAM_PASS) u_pe (
      .clk_i,
      .rst_ni          (rst_n),
      .start_i         (pe_start_q),
      .boot_pc_i       (boot_pc_q),
      .hart_id_i       (32'd0),
      .halted_o        (pe_halted),
      .mem_req_valid_o (req_valid),
      .mem_req_ready_i (req_ready),
      .mem_req_addr_o  (req_addr),
      .mem_req_op_o    (req_op),
      .mem_req_amo_o   (req_amo),
      .mem_req_wdata_o (req_wdata),
      .mem_req_be_o    (req_be),
      .mem_resp_valid_i(resp_valid),
      .mem_req_tag_o   (),
      .mem_resp_tag_i  (4'd0),
      .mem_resp_data_i (resp_data),
      .dinval_i        (1'b0),
      .dinval_addr_i   (32'd0),
      .ret_valid_o     (ret_valid),
      .ret_pc_o        (ret_pc),
      .ret_insn_o      (ret_insn),
      .ret_rd_o        (ret_rd),
      .ret_rd_value_o  (ret_val)
    );

    proto_mem #(
      .MemWords (MemWords),
      .LineBytes(LineBytes)
    ) u_mem (
      .clk_i,
      .rst_ni      (rst_n),
      .req_valid_i (req_valid),
      .req_ready_o (req_ready),
      .req_addr_i  (req_addr),
      .req_op_i    (req_op),
      .req_amo_i   (req_amo),
      .req_wdata_i (req_wdata),
      .req_be_i    (req_be),
      .resp_valid_o(resp_valid),
      .resp_data_o (resp_data),
      .host_req_i  (bus_q == MemReq),
      .host_gnt_o  (mem_gnt),
      .host_we_i   (wr_q),
      .host_addr_i (addr_q[$clog2(MemWords)+1:2]),
      .host_wdata_i(wdata_q),
      .host_rdata_o(mem_rdata),
      .tohost_o    (tohost)
    );

    always_ff @(posedge clk_i or negedge rst_n) begin
      if (!rst_n) begin
        retired_q  <= '0;
        last_pc_q  <= '0;
      end else if (ret_valid) begin
        retired_q  <= retired_q + 1'b1;
        last_pc_q  <= ret_pc;
      end
    end
    assign pe_retired  = retired_q;
    assign pe_last_pc  = last_pc_q;
  end else begin : g_no_pe
    assign pe_halted   = 1'b1;
    assign pe_retired  = '0;
    assign pe_last_pc  = '0;
    assign mem_gnt     = 1'b1;
    assign mem_rdata   = '0;
    assign tohost      = '0;
  end

  assign led_o = {tohost[3:0], verdict_q, verdict_seen_q, pmc_en_q | imu_enable, pe_halted};
endmodule
