// The PE's "vault" in the iCE40 prototype: MemWords x 32 bits of block RAM
// (four byte lanes, so byte-enabled writes map onto SB_RAM40_4K) behind the
// PE memory port of docs/pe.md: line fills (one word a cycle), word writes
// with byte enables, uncached reads, AMOs executed here (LR/SC with one
// reservation), and one device word at 0xF000_0000 (written by the program,
// read by the host as its result).  The host side (UART bus) gets the RAM
// whenever no PE request is being served.  Addresses wrap at MemWords.
//
// Built for area (every flip-flop without a LUT in front costs a logic cell):
// - The PE holds a request stable until it is accepted (docs/pe.md), so a
//   fill or an AMO is worked on before req_ready_o rises and no address,
//   operand or op is copied here.
// - The RAM's output register has a read enable: it holds a word read until
//   the next read, so an uncached read's or an AMO's old value is answered
//   straight from it, and a fill reads words 1..Words-1 into line_q and word 0
//   last, answered from the RAM (line_q is one word short of a line).
// - One 32-bit datapath makes every RAM write: the operand (the host's word,
//   or the PE's store data or AMO operand, inverted for min/max) goes through
//   one adder (add, and the comparison of min/max) and one logic unit
//   (xor/or/and, or the operand itself).  min/max write the operand when it
//   wins and nothing when the old word does.
// Timing (cycles from a request in Idle): write, accepted at once; read,
// accepted at once, answered the next cycle; AMO, accepted a cycle later,
// answered the cycle after; fill, Words cycles to acceptance, then answered.
// Host: a read granted in one cycle has its word on host_rdata_o the next
// (only that cycle: a PE request may read the RAM after it); a write is done
// when granted.  LineBytes is a power of two, at least 16 (as the PE's lines).
module proto_mem #(
  parameter int unsigned MemWords  = 512,
  parameter int unsigned LineBytes = 16
) (
  input  logic                   clk_i,
  input  logic                   rst_ni,
  // PE memory port
  input  logic                   req_valid_i,
  output logic                   req_ready_o,
  /* verilator lint_off UNUSEDSIGNAL */
  input  logic [31:0]            req_addr_i,    // the word and the device nibble are read
  /* verilator lint_on UNUSEDSIGNAL */
  input  logic [1:0]             req_op_i,      // 0 fill, 1 write, 2 amo, 3 read
  input  logic [4:0]             req_amo_i,
  input  logic [31:0]            req_wdata_i,
  input  logic [3:0]             req_be_i,
  output logic                   resp_valid_o,
  output logic [LineBytes*8-1:0] resp_data_o,
  // host port: a request is served in the cycle host_gnt_o is high
  input  logic                   host_req_i,
  output logic                   host_gnt_o,
  input  logic                   host_we_i,
  input  logic [$clog2(MemWords)-1:0] host_addr_i, // word address
  input  logic [31:0]            host_wdata_i,
  output logic [31:0]            host_rdata_o,
  output logic [31:0]            tohost_o
);
  localparam int unsigned AW    = $clog2(MemWords);
  localparam int unsigned Words = LineBytes / 4;
  localparam int unsigned CW    = $clog2(Words);
  localparam int unsigned LineW = LineBytes * 8;

  // Resp answers from the RAM, RespDev with the device word, RespSc with
  // the SC flag
  typedef enum logic [2:0] {Idle, Fill, Amo, Resp, RespDev, RespSc} state_e;

  state_e              state_q, state_d;
  logic [CW-1:0]       cnt_q, cnt_d;      // fill: the word being read
  logic [LineW-33:0]   line_q, line_d;    // fill: words Words-1..1
  logic [31:0]         tohost_q, tohost_d;
  logic [AW-1:0]       resv_q, resv_d;
  logic                resv_valid_q, resv_valid_d, sc_fail_q, sc_fail_d;

  // RAM ports.  no_rw_check: no cycle reads the word written in it (the
  // cycles that write leave rdata unused; see pe_ram).
  logic [AW-1:0] maddr;
  logic          re;
  logic [3:0]    we;
  logic [31:0]   wdata, rdata;
  (* no_rw_check *) logic [7:0] ram0_q [MemWords];
  (* no_rw_check *) logic [7:0] ram1_q [MemWords];
  (* no_rw_check *) logic [7:0] ram2_q [MemWords];
  (* no_rw_check *) logic [7:0] ram3_q [MemWords];

  always_ff @(posedge clk_i) begin
    if (we[0]) ram0_q[maddr] <= wdata[7:0];
    if (we[1]) ram1_q[maddr] <= wdata[15:8];
    if (we[2]) ram2_q[maddr] <= wdata[23:16];
    if (we[3]) ram3_q[maddr] <= wdata[31:24];
    if (re)    rdata <= {ram3_q[maddr], ram2_q[maddr], ram1_q[maddr], ram0_q[maddr]};
  end

  // Request decode (valid in Idle; in Fill and Amo the request is still held)
  logic host, pe, dev, fill_go;
  assign host    = (state_q == Idle) && host_req_i;
  assign pe      = (state_q == Idle) && !host_req_i && req_valid_i;
  assign dev     = (req_addr_i[31:28] == 4'hf);
  assign fill_go = pe && !dev && (req_op_i == 2'd0);

  always_comb begin
    maddr = req_addr_i[AW+1:2];
    if (host) begin
      maddr = host_addr_i;
    end else if (fill_go || state_q == Fill) begin
      maddr[CW-1:0] = cnt_q;
    end
  end

  // The write datapath.  amo: the AMO's funct5 while in Amo, else 0 (pass
  // the operand).  cmp (min/max): the operand is inverted, the adder
  // subtracts, and the logic unit passes the inverted operand back inverted.
  logic        in_amo, cmp, sel_sum, lt_u, lt_s, lt;
  logic [1:0]  lsel;
  logic [31:0] opb, logic_res;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [33:0] sum;                               // bit 0 only carries cmp in
  /* verilator lint_on UNUSEDSIGNAL */
  assign in_amo  = (state_q == Amo);
  assign cmp     = in_amo && req_amo_i[4];
  assign sel_sum = in_amo && (req_amo_i == 5'h00);
  assign lsel    = (in_amo && !req_amo_i[4]) ? req_amo_i[3:2] : 2'b00;
  assign opb     = (host ? host_wdata_i : req_wdata_i) ^ {32{cmp}};
  // rdata + opb + cmp, the carry in riding on bit 0
  assign sum     = {1'b0, rdata, 1'b1} + {1'b0, opb, cmp};
  assign lt_u    = !sum[33];                      // old <u operand
  assign lt_s    = lt_u ^ rdata[31] ^ !opb[31];   // old <s operand
  assign lt      = req_amo_i[3] ? lt_u : lt_s;
  always_comb begin
    unique case (lsel)
      2'b01:   logic_res = rdata ^ opb;
      2'b10:   logic_res = rdata | opb;
      2'b11:   logic_res = rdata & opb;
      default: logic_res = opb;
    endcase
  end
  assign wdata = sel_sum ? sum[32:1] : (logic_res ^ {32{cmp}});

  logic sc_ok, resv_hit;
  assign resv_hit = (resv_q == maddr);
  assign sc_ok    = resv_valid_q && resv_hit;

  always_comb begin
    state_d      = state_q;
    cnt_d        = cnt_q;
    line_d       = line_q;
    tohost_d     = tohost_q;
    resv_d       = resv_q;
    resv_valid_d = resv_valid_q;
    sc_fail_d    = sc_fail_q;
    req_ready_o  = 1'b0;
    we           = 4'h0;
    re           = 1'b1;
    unique case (state_q)
      Idle: begin
        if (host) begin
          if (host_we_i) we = 4'hf;
        end else if (pe) begin
          if (dev) begin
            // device space: the result word; anything but a write reads it
            req_ready_o = 1'b1;
            if (req_op_i == 2'd1) begin
              tohost_d = req_wdata_i;
            end else begin
              state_d = RespDev;
            end
          end else begin
            unique case (req_op_i)
              2'd0: begin
                cnt_d   = cnt_q + 1'b1;
                state_d = Fill;
              end
              2'd1: begin
                req_ready_o = 1'b1;
                we          = req_be_i;
                if (resv_hit) resv_valid_d = 1'b0;
              end
              2'd2:    state_d = Amo;
              default: begin
                req_ready_o = 1'b1;
                state_d     = Resp;
              end
            endcase
          end
        end
      end
      Fill: begin
        line_d = {rdata, line_q[LineW-33:32]};
        cnt_d  = cnt_q + 1'b1;
        if (cnt_q == '0) begin
          // word 0 read now, answered from the RAM; cnt_q wraps back to 1
          req_ready_o = 1'b1;
          state_d     = Resp;
        end
      end
      Amo: begin
        // rdata is the old word; keep it for the answer
        re          = 1'b0;
        req_ready_o = 1'b1;
        state_d     = Resp;
        if (req_amo_i == 5'h02) begin
          resv_d       = maddr;
          resv_valid_d = 1'b1;
        end else if (req_amo_i == 5'h03) begin
          we           = sc_ok ? 4'hf : 4'h0;
          resv_valid_d = 1'b0;
          sc_fail_d    = !sc_ok;
          state_d      = RespSc;
        end else begin
          // min/max: write the operand only when it wins
          we = (!req_amo_i[4] || (req_amo_i[2] == lt)) ? 4'hf : 4'h0;
          if (resv_hit) resv_valid_d = 1'b0;
        end
      end
      Resp, RespDev, RespSc: begin
        re      = 1'b0;
        state_d = Idle;
      end
      default: state_d = Idle;
    endcase
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q      <= Idle;
      cnt_q        <= {{(CW - 1){1'b0}}, 1'b1};
      line_q       <= '0;
      tohost_q     <= '0;
      resv_q       <= '0;
      resv_valid_q <= 1'b0;
      sc_fail_q    <= 1'b0;
    end else begin
      state_q      <= state_d;
      cnt_q        <= cnt_d;
      line_q       <= line_d;
      tohost_q     <= tohost_d;
      resv_q       <= resv_d;
      resv_valid_q <= resv_valid_d;
      sc_fail_q    <= sc_fail_d;
    end
  end

  // The PE reads bits 31:0 of an answer to a read or an AMO, all of a fill's
  logic [31:0] resp_word;
  always_comb begin
    resp_word = rdata;
    if (state_q == RespDev) begin
      resp_word = tohost_q;
    end else if (state_q == RespSc) begin
      resp_word = {31'd0, sc_fail_q};
    end
  end
  assign resp_valid_o = (state_q == Resp) || (state_q == RespDev) || (state_q == RespSc);
  assign resp_data_o  = {line_q, resp_word};
  assign host_gnt_o   = (state_q == Idle);
  assign host_rdata_o = rdata;
  assign tohost_o     = tohost_q;
endmodule
