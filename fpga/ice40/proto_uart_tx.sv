// 8N1 UART transmitter for the iCE40 prototype: takes a byte when ready_o.
module proto_uart_tx #(
  parameter int unsigned ClkDiv = 104
) (
  input  logic       clk_i,
  input  logic       rst_ni,
  input  logic       valid_i,
  input  logic [7:0] data_i,
  output logic       ready_o,
  output logic       tx_o
);
  localparam int unsigned DivW = $clog2(ClkDiv + 1);
  localparam int unsigned LastI = ClkDiv - 1;
  localparam logic [DivW-1:0] DivLast = LastI[DivW-1:0];

  logic [DivW-1:0] div_q, div_d;
  logic [3:0]      bit_q, bit_d;
  logic [9:0]      shift_q, shift_d;

  assign ready_o = (bit_q == 4'd0);
  assign tx_o    = shift_q[0];

  always_comb begin
    div_d   = div_q;
    bit_d   = bit_q;
    shift_d = shift_q;
    if (bit_q == 4'd0) begin
      if (valid_i) begin
        shift_d = {1'b1, data_i, 1'b0};
        bit_d   = 4'd10;
        div_d   = DivLast;
      end
    end else if (div_q != '0) begin
      div_d = div_q - 1'b1;
    end else begin
      div_d   = DivLast;
      shift_d = {1'b1, shift_q[9:1]};
      bit_d   = bit_q - 1'b1;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      div_q   <= '0;
      bit_q   <= '0;
      shift_q <= '1;
    end else begin
      div_q   <= div_d;
      bit_q   <= bit_d;
      shift_q <= shift_d;
    end
  end
endmodule
