// 8N1 UART receiver for the iCE40 prototype (fpga/ice40/proto_top.sv).
// The line is synchronised, a start bit is confirmed at its middle, then
// each bit is sampled in its middle; a byte is offered for one cycle.
module proto_uart_rx #(
  parameter int unsigned ClkDiv = 104  // clock cycles per bit (12 MHz / 115200)
) (
  input  logic       clk_i,
  input  logic       rst_ni,
  input  logic       rx_i,
  output logic       valid_o,
  output logic [7:0] data_o
);
  localparam int unsigned DivW = $clog2(ClkDiv + 1);
  localparam int unsigned HalfI = ClkDiv / 2;
  localparam int unsigned LastI = ClkDiv - 1;
  localparam logic [DivW-1:0] DivHalf = HalfI[DivW-1:0];  // mid-bit sample point
  localparam logic [DivW-1:0] DivLast = LastI[DivW-1:0];

  logic [2:0]      sync_q;
  logic            busy_q, busy_d;
  logic [DivW-1:0] div_q, div_d;
  logic [3:0]      bit_q, bit_d;
  logic [8:0]      shift_q, shift_d;
  logic            valid_q, valid_d;
  logic            rx;

  assign rx = sync_q[2];

  always_comb begin
    busy_d  = busy_q;
    div_d   = div_q;
    bit_d   = bit_q;
    shift_d = shift_q;
    valid_d = 1'b0;
    if (!busy_q) begin
      if (!rx) begin
        busy_d = 1'b1;
        div_d  = DivHalf;
        bit_d  = '0;
      end
    end else if (div_q != '0) begin
      div_d = div_q - 1'b1;
    end else begin
      div_d   = DivLast;
      shift_d = {rx, shift_q[8:1]};
      bit_d   = bit_q + 1'b1;
      if (bit_q == 4'd0 && rx) begin
        busy_d = 1'b0;  // glitch, not a start bit
      end else if (bit_q == 4'd9) begin
        busy_d  = 1'b0;
        valid_d = rx;   // stop bit must be high
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      sync_q  <= '1;
      busy_q  <= 1'b0;
      div_q   <= '0;
      bit_q   <= '0;
      shift_q <= '0;
      valid_q <= 1'b0;
    end else begin
      sync_q  <= {sync_q[1:0], rx_i};
      busy_q  <= busy_d;
      div_q   <= div_d;
      bit_q   <= bit_d;
      shift_q <= shift_d;
      valid_q <= valid_d;
    end
  end

  assign valid_o = valid_q;
  assign data_o  = shift_q[7:0];
endmodule
