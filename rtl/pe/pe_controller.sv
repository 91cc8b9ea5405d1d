// Pipeline control of the vault PE: the run state (start, wfi), the stage
// advances and stalls, the redirects from EX (taken branches and jumps) and
// MEM (traps, mret, fence.i, wfi) and the flushes they cause.  Every input
// comes from a stage's registers through logic that reads no output of this
// module.  csim/pe/pe.c pe_controller().
module pe_controller (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        start_i,
  output logic        run_o,
  output logic        halted_o,
  output logic        boot_o,         // a halted PE starts this cycle
  // stage state
  input  logic        d_valid_i,
  input  logic        d_hazard_i,
  input  logic        e_valid_i,
  input  logic        e_ready_i,
  input  logic        e_redirect_req_i,
  input  logic        m_valid_i,
  input  logic        m_hold_i,
  input  logic        m_done_i,         // pe_lsu's done_no_hit_o: a load hit neither flushes nor halts
  input  logic        m_exc_i,
  input  logic        m_fence_i_i,
  input  logic        m_mret_i,
  input  logic        m_wfi_i,
  input  logic [31:0] m_pc_i,
  input  logic [31:0] mtvec_i,
  input  logic [31:0] mepc_i,
  input  logic        w_valid_i,
  input  logic        port_idle_i,
  // control
  output logic        d_advance_o,
  output logic        d_can_accept_o,
  output logic        e_advance_o,
  output logic        e_redirect_o,
  output logic        m_flush_o,
  output logic [31:0] m_target_o,
  output logic        icache_inval_o
);
  logic run_q, run_d, halted, e_advance, e_can_accept, d_advance, m_flush, e_redirect;
  // EX may redirect: kept as a net so that e_redirect_req_i (the branch
  // compare, the latest signal here) is its LUT's input, not buried deeper
  (* keep *) logic e_redirect_ok;

  always_comb begin
    halted = !run_q && port_idle_i && !d_valid_i && !e_valid_i && !m_valid_i && !w_valid_i;
    run_d = run_q;
    if (halted && start_i) run_d = 1'b1;
    else if (m_done_i && m_wfi_i && !m_exc_i) run_d = 1'b0;

    m_flush = m_done_i && (m_exc_i || m_fence_i_i || m_mret_i || m_wfi_i);
    m_target_o = m_exc_i ? mtvec_i : m_mret_i ? mepc_i : (m_pc_i + 32'd4);
    e_advance = e_valid_i && e_ready_i && !m_hold_i;
    e_can_accept = !e_valid_i || e_advance;
    d_advance = d_valid_i && !d_hazard_i && e_can_accept;
    d_can_accept_o = !d_valid_i || d_advance;
    e_redirect_ok = e_advance && !m_flush;
    e_redirect = e_redirect_ok && e_redirect_req_i;
    icache_inval_o = m_done_i && m_fence_i_i && !m_exc_i;
  end

  assign run_o       = run_q;
  assign halted_o    = halted;
  assign boot_o      = halted && start_i;
  assign d_advance_o = d_advance;
  assign e_advance_o = e_advance;
  assign e_redirect_o = e_redirect;
  assign m_flush_o   = m_flush;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) run_q <= 1'b0;
    else run_q <= run_d;
  end
endmodule
