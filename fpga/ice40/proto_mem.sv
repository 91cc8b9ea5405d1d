// The PE's "vault" in the iCE40 prototype: MemWords x 32 bits of block RAM
// (four byte lanes, so byte-enabled writes map onto SB_RAM40_4K) behind the
// PE memory port of docs/pe.md: line fills (one word a cycle), word writes
// with byte enables, uncached reads, AMOs executed here (LR/SC with one
// reservation), and one device word at 0xF000_0000 (written by the program,
// read by the host as its result).  The host side (UART bus) gets the RAM
// whenever no PE request is being served.  Addresses wrap at MemWords.
module proto_mem #(
  parameter int unsigned MemWords  = 512,
  parameter int unsigned LineBytes = 16
) (
  input  logic                   clk_i,
  input  logic                   rst_ni,
  // PE memory port
  input  logic                   req_valid_i,
  output logic                   req_ready_o,
  input  logic [31:0]            req_addr_i,
  input  logic [1:0]             req_op_i,      // 0 fill, 1 write, 2 amo, 3 read
  input  logic [4:0]             req_amo_i,
  input  logic [31:0]            req_wdata_i,
  input  logic [3:0]             req_be_i,
  output logic                   resp_valid_o,
  output logic [LineBytes*8-1:0] resp_data_o,
  // host port: a request held until host_gnt_o, then host_ack_o (with the
  // read data) a cycle (write) or two (read) later
  input  logic                   host_req_i,
  output logic                   host_gnt_o,
  input  logic                   host_we_i,
  input  logic [31:0]            host_addr_i,   // byte address
  input  logic [31:0]            host_wdata_i,
  output logic                   host_ack_o,
  output logic [31:0]            host_rdata_o,
  output logic [31:0]            tohost_o
);
  localparam int unsigned AW    = $clog2(MemWords);
  localparam int unsigned Words = LineBytes / 4;
  localparam int unsigned LineW = LineBytes * 8;

  typedef enum logic [2:0] {Idle, Fill, Rd, Amo, Resp, HostRd} state_e;

  state_e          state_q, state_d;
  logic [1:0]      op_q, op_d;
  logic [4:0]      amo_q, amo_d;
  logic [31:0]     addr_q, addr_d, wdata_q, wdata_d, tohost_q, tohost_d;
  logic [AW-1:0]   cnt_q, cnt_d, resv_q, resv_d;
  logic            resv_valid_q, resv_valid_d, ack_q, ack_d;
  logic [LineW-1:0] line_q, line_d;

  // RAM ports.  no_rw_check: no cycle reads the word written in it (the
  // host's and the PE's writes leave rdata unused; see pe_ram).
  logic [AW-1:0]   raddr, waddr;
  logic [3:0]      we;
  logic [31:0]     wdata, rdata;
  (* no_rw_check *) logic [7:0] ram0_q [MemWords];
  (* no_rw_check *) logic [7:0] ram1_q [MemWords];
  (* no_rw_check *) logic [7:0] ram2_q [MemWords];
  (* no_rw_check *) logic [7:0] ram3_q [MemWords];

  always_ff @(posedge clk_i) begin
    if (we[0]) ram0_q[waddr] <= wdata[7:0];
    if (we[1]) ram1_q[waddr] <= wdata[15:8];
    if (we[2]) ram2_q[waddr] <= wdata[23:16];
    if (we[3]) ram3_q[waddr] <= wdata[31:24];
    rdata <= {ram3_q[raddr], ram2_q[raddr], ram1_q[raddr], ram0_q[raddr]};
  end

  // AMO arithmetic on the old word (rdata) and the operand
  logic [31:0] amo_new;
  logic        lt_s, lt_u;
  assign lt_s = $signed(rdata) < $signed(wdata_q);
  assign lt_u = rdata < wdata_q;
  always_comb begin
    unique case (amo_q)
      5'h00:   amo_new = rdata + wdata_q;
      5'h01:   amo_new = wdata_q;
      5'h03:   amo_new = wdata_q;
      5'h04:   amo_new = rdata ^ wdata_q;
      5'h08:   amo_new = rdata | wdata_q;
      5'h0c:   amo_new = rdata & wdata_q;
      5'h10:   amo_new = lt_s ? rdata : wdata_q;
      5'h14:   amo_new = lt_s ? wdata_q : rdata;
      5'h18:   amo_new = lt_u ? rdata : wdata_q;
      5'h1c:   amo_new = lt_u ? wdata_q : rdata;
      default: amo_new = rdata;
    endcase
  end

  logic        sc_ok;
  logic [AW-1:0] word;
  assign word  = addr_q[AW+1:2];
  assign sc_ok = resv_valid_q && (resv_q == word);

  always_comb begin
    state_d      = state_q;
    op_d         = op_q;
    amo_d        = amo_q;
    addr_d       = addr_q;
    wdata_d      = wdata_q;
    tohost_d     = tohost_q;
    cnt_d        = cnt_q;
    resv_d       = resv_q;
    resv_valid_d = resv_valid_q;
    line_d       = line_q;
    ack_d        = 1'b0;
    req_ready_o  = 1'b0;
    raddr        = word;
    waddr        = word;
    we           = 4'b0;
    wdata        = wdata_q;
    unique case (state_q)
      Idle: begin
        if (host_req_i) begin
          raddr  = host_addr_i[AW+1:2];
          waddr  = host_addr_i[AW+1:2];
          wdata  = host_wdata_i;
          addr_d = host_addr_i;  // HostRd keeps reading this word
          if (host_we_i) begin
            we    = 4'hf;
            ack_d = 1'b1;
          end else begin
            state_d = HostRd;
          end
        end else if (req_valid_i) begin
          req_ready_o = 1'b1;
          op_d        = req_op_i;
          amo_d       = req_amo_i;
          addr_d      = req_addr_i;
          wdata_d     = req_wdata_i;
          raddr       = req_addr_i[AW+1:2];
          waddr       = req_addr_i[AW+1:2];
          wdata       = req_wdata_i;
          cnt_d       = '0;
          if (req_addr_i[31:28] == 4'hf) begin
            // device space: the result word; an uncached read returns it
            if (req_op_i == 2'd1) begin
              tohost_d = req_wdata_i;
            end else begin
              line_d  = {{(LineW - 32){1'b0}}, tohost_q};
              state_d = Resp;
            end
          end else begin
            unique case (req_op_i)
              2'd0:    state_d = Fill;
              2'd1: begin
                we = req_be_i;
                if (resv_q == req_addr_i[AW+1:2]) resv_valid_d = 1'b0;
              end
              2'd2:    state_d = Amo;
              default: state_d = Rd;
            endcase
          end
        end
      end
      Fill: begin
        line_d = {rdata, line_q[LineW-1:32]};
        cnt_d  = cnt_q + 1'b1;
        raddr  = word + cnt_q + 1'b1;
        if (cnt_q == AW'(Words - 1)) state_d = Resp;
      end
      Rd: begin
        line_d  = {{(LineW - 32){1'b0}}, rdata};
        state_d = Resp;
      end
      Amo: begin
        line_d  = {{(LineW - 32){1'b0}}, rdata};
        state_d = Resp;
        if (amo_q == 5'h02) begin
          resv_d       = word;
          resv_valid_d = 1'b1;
        end else if (amo_q == 5'h03) begin
          line_d       = {{(LineW - 1){1'b0}}, !sc_ok};
          we           = sc_ok ? 4'hf : 4'h0;
          resv_valid_d = 1'b0;
        end else begin
          wdata = amo_new;
          we    = 4'hf;
          if (resv_q == word) resv_valid_d = 1'b0;
        end
      end
      Resp: begin
        state_d = Idle;
      end
      HostRd: begin
        ack_d   = 1'b1;
        state_d = Idle;
      end
      default: state_d = Idle;
    endcase
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q      <= Idle;
      op_q         <= '0;
      amo_q        <= '0;
      addr_q       <= '0;
      wdata_q      <= '0;
      tohost_q     <= '0;
      cnt_q        <= '0;
      resv_q       <= '0;
      resv_valid_q <= 1'b0;
      line_q       <= '0;
      ack_q        <= 1'b0;
    end else begin
      state_q      <= state_d;
      op_q         <= op_d;
      amo_q        <= amo_d;
      addr_q       <= addr_d;
      wdata_q      <= wdata_d;
      tohost_q     <= tohost_d;
      cnt_q        <= cnt_d;
      resv_q       <= resv_d;
      resv_valid_q <= resv_valid_d;
      line_q       <= line_d;
      ack_q        <= ack_d;
    end
  end

  assign resp_valid_o = (state_q == Resp);
  assign resp_data_o  = line_q;
  assign host_gnt_o   = (state_q == Idle);
  assign host_ack_o   = ack_q;
  assign host_rdata_o = rdata;
  assign tohost_o     = tohost_q;
endmodule
