// Instruction Management Unit (CoPIM), one per host core.  It sees the loop
// markers the core decodes (cp.loop.begin/iter/end), samples the first
// iterations of a marked loop on the host while its core's slice of the Pure
// Miss Counter counts, and answers cp.loop.iter with the offload verdict.
// docs/imu.md has the FSM diagram, the arithmetic and the cycle rules that
// csim/imu/imu.c follows too.
//
// Handshakes (all outputs are registers or, the decision-table read port,
// a selection by registers, so nothing here is combinational from an
// input):
//  * marker: valid/ready; the core holds marker_valid_i, op, id and trip
//    until a cycle with marker_ready_o = 1, which accepts it.
//  * verdict: an accepted iter is answered by verdict_valid_o = 1 for one
//    cycle, at the earliest the cycle after acceptance; the core stalls the
//    iter (and sends no other marker) until then.
//  * PMC: pmc_clear_o/enable_o/flush_o/rd_sel_o are registers, so the PMC's
//    combinational read port (pmc_rd_data_i) never loops back into them.
//    A flush in cycle t is seen by a read in cycle t+1.
//  * table read port: answers in cycle t+1 for the tbl_rd_id_i of cycle t,
//    from the table as it stands in cycle t+1.
//
// One loop is managed at a time (depth 1); markers of loops nested inside it
// only move the depth counter and their iters are answered 0 at once.
module imu #(
  parameter int unsigned NumLoops = imu_pkg::DefaultNumLoops,  // decision-table entries, >= 2
  parameter int unsigned IdW      = imu_pkg::DefaultIdW,     // loop id bits kept (tags, read port)
  parameter int unsigned CntW     = imu_pkg::DefaultCntW,    // PMC counter width, 32..64
  parameter int unsigned RetW     = imu_pkg::DefaultRetW,    // instructions retired per cycle, width
  parameter int unsigned PlanW    = imu_pkg::DefaultPlanW,   // plan bitmap has 2^PlanW entries, <= IdW
  parameter int unsigned DepthW   = imu_pkg::DefaultDepthW,  // nesting depth counter (saturates)
  localparam int unsigned IdxW    = $clog2(NumLoops)
) (
  input  logic                clk_i,
  input  logic                rst_ni,
  // loop markers from the core's decode
  input  logic                marker_valid_i,
  output logic                marker_ready_o,
  input  logic [1:0]          marker_op_i,      // imu_pkg::op_e
  input  logic [IdW-1:0]      marker_id_i,
  input  logic [31:0]         marker_trip_i,
  input  logic [RetW-1:0]     instr_ret_i,      // instructions retired this cycle
  output logic                verdict_valid_o,
  output logic                verdict_o,        // 1: run the remaining iterations in memory
  // configuration writes (imu_pkg::cfg_e)
  input  logic                cfg_we_i,
  input  logic [2:0]          cfg_addr_i,
  input  logic [31:0]         cfg_wdata_i,
  // this core's slice of the PMC
  output logic                pmc_clear_o,
  output logic                pmc_enable_o,
  output logic                pmc_flush_o,
  output logic [2:0]          pmc_rd_sel_o,     // pmc_pkg::sel_e
  input  logic [CntW-1:0]     pmc_rd_data_i,
  // decision table read port, by loop id (the answer a cycle after the id)
  input  logic [IdW-1:0]      tbl_rd_id_i,
  output logic                tbl_rd_hit_o,
  output logic                tbl_rd_decided_o,
  output logic                tbl_rd_site_o,    // 1: PIM
  output logic [CntW-1:0]     tbl_rd_num_o,     // theta numerator (pure cycles or misses)
  output logic [CntW-1:0]     tbl_rd_den_o,     // theta denominator (cycles or instructions)
  output logic [31:0]         tbl_rd_sampled_o,
  output logic [31:0]         tbl_rd_offloaded_o
);

  localparam int unsigned PlanN    = 1 << PlanW;
  localparam int unsigned LastIdxI = NumLoops - 1;
  localparam logic [IdxW-1:0]   LastIdx = LastIdxI[IdxW-1:0];
  localparam logic [DepthW-1:0] DepthMax = {DepthW{1'b1}};
  localparam logic [DepthW-1:0] DepthOne = {{(DepthW - 1){1'b0}}, 1'b1};
  // 1.0 in Q0.16 and the configuration registers' reset values: imu_pkg
  // (hw/imu.desc)
  localparam logic [16:0] QOne        = imu_pkg::QOne;

  // ---------------------------------------------------------------- state
  // The state keeps its encoding (imu_pkg): Yosys's FSM recoding merged the
  // begin's tag search into the next-state table and ABC then shared that
  // logic with the enables of k, S - k and kls, putting the search in
  // front of them (hx8k seed 1: 64.36 -> 68.48 MHz without the recoding).
  (* fsm_encoding = "none" *) imu_pkg::state_e state_q;
  imu_pkg::state_e            state_d;
  // configuration
  logic [2:0]                 mode_q, mode_d;
  logic [16:0]                frac_q, frac_d, thr_q, thr_d;
  logic [31:0]                min_q, min_d, mpki_q, mpki_d;
  logic                       sticky_q, sticky_d;
  logic [PlanN-1:0]           plan_q, plan_d;
  // the managed loop
  logic [DepthW-1:0]          depth_q, depth_d;
  logic                       sampling_q, sampling_d;  // else decided
  logic                       mpki_mode_q, mpki_mode_d;
  // AB (docs/imu.md "AB"): the managed loop is in AB mode; abx: its rest
  // runs on the PEs and is measured (rem_q holds S then, lhs_q the host's
  // projection)
  logic                       ab_mode_q, ab_mode_d, abx_q, abx_d;
  logic                       site_q, site_d;
  logic                       off_done_q, off_done_d;  // offloaded count written
  logic                       via_iter_q, via_iter_d;  // decision answers an iter
  logic [IdxW-1:0]            idx_q, idx_d;
  logic [31:0]                trip_q, trip_d, k_q, k_d;
  logic [31:0]                rem_q, rem_d;  // S - k while a loop samples
  // measurement and the serial multiplier's operand and step count (its
  // accumulator is imu_mul's)
  logic [CntW-1:0]            ins_q, ins_d, den_q, den_d;
  logic [4:0]                 cnt_q, cnt_d;
  // outputs
  logic                       vvalid_q, vvalid_d, verdict_q, verdict_d;
  logic                       clear_q, clear_d, enable_q, enable_d, flush_q, flush_d;
  logic [2:0]                 sel_q, sel_d;
  // decision table: what the FSM reads (valid, decided, site) in flops, the
  // tags in imu_cam and the measurement fields only the read port reads in
  // imu_ram below
  logic [NumLoops-1:0]        tv_q, tv_d, tdec_q, tdec_d, tsite_q, tsite_d;
  logic [IdxW-1:0]            ptr_q;
  // ptr_q as a one-hot register: a begin's allocation enable is then the
  // "no match" line and one flop, not a decode of ptr_q behind the tag
  // search (the critical path: docs/imu.md "AB (issue 53): what it cost")
  logic [NumLoops-1:0]        ptr_oh_q, ptr_oh_d;
  // A begin that allocates writes nothing in its own cycle; the entry's
  // tag, valid bit and other fields take the begin's values in the next
  // cycle (alloc: miss_q, the last cycle's
  // begin missed), at aptr_q, the pointer of the begin's cycle (and idx_q
  // then: a_aptr).
  // Until they do, every reader sees them through the _v views below,
  // which already hold the begin's values: so the begin's tag search
  // drives no table enable (the critical path: docs/imu.md "The
  // allocation's writes a cycle later").  No begin's search reads the
  // table in that cycle: the begin set depth_q to one, so a begin marker
  // there is a nested one (ev_begin needs depth 0); so bhit reads tv_q
  // and the tags as they were before the begin.
  logic                       miss_q, alloc;
  logic                       adec_q, asite_q;  // the decided bit and site the begin wrote
  logic                       tclr_q;           // ... and a table clear came with it: no valid bit
  logic [NumLoops-1:0]        aptr_q;           // ptr_oh_q of the begin's cycle: the entry it allocated
  logic [IdW-1:0]             aid_q;            // marker_id_i of the begin's cycle: the tag it writes
  logic [NumLoops-1:0]        a_clr, a_set, tv_v, tdec_v, tsite_v;
  logic [NumLoops-1:0]        mv_q, mv_d, sv_q, sv_d, ov_q, ov_d, mv_v, sv_v, ov_v;

  // ---------------------------------------------------------------- lookups
  logic [NumLoops-1:0] bhit, rhit, rmatch;
  logic [NumLoops-1:0] rm_q, rm_d;  // the read port's registered match lines, below
  logic [IdxW-1:0]     bidx;
  // The begin's tag search is the late signal of the cycle that accepts a
  // begin (the marker id through a 32-bit compare): its match lines and
  // their OR are kept as nets so that they reach each flip-flop through
  // the last LUT only, instead of ABC folding them into the enables and the
  // FSM's control terms (which share the marker's op and valid).
  (* keep *) logic [NumLoops-1:0] bmatch;
  (* keep *) logic     bany, bstk, bsite;
  // a begin that misses (allocates): a kept net too, so that each entry's
  // allocation enable takes it rather than a copy of bany's OR tree
  (* keep *) logic     b_miss;

  // Tags of valid entries are unique (allocation only on a miss), so an OR
  // over the matching entries is the match itself.
  always_comb begin
    bidx = '0;
    for (int unsigned e = 0; e < NumLoops; e++) begin
      bhit[e] = tv_q[e] && bmatch[e];
      if (bhit[e]) begin
        bidx = bidx | e[IdxW-1:0];
      end
    end
    bany = |bhit;
  end

  // The read port answers a cycle after the id is presented (docs/imu.md):
  // the match lines of tbl_rd_id_i against the tags as they stand after
  // this cycle's write are registered (rm_q), so the answer is the table of
  // the answering cycle for the id of the cycle before, selected from
  // registers only.  An entry a begin allocates holds marker_id_i from the
  // next cycle on, but its tag is written only at the end of that cycle
  // (aid_q), hence the second compare in the begin's cycle (rd_new_eq, for
  // rh_d) and the third in the next (rd_aid_eq, for rm_d).
  logic                rd_new_eq, rd_aid_eq;
  assign rd_new_eq = (marker_id_i == tbl_rd_id_i);
  assign rd_aid_eq = (aid_q == tbl_rd_id_i);
  // rhit is a flop loaded with the next cycle's hit lines (rh_d, below
  // the table's next state): the read port's selects then start from
  // flops, not from the allocation views' multiplexers (the read path was
  // a critical path: docs/imu.md).  a_rhit checks it against the valid
  // bits and the registered match lines.
  logic [NumLoops-1:0] rh_q, rh_d;
  assign rhit      = rh_q;

  // The measurement fields come from imu_ram, selected by the match lines
  // (a miss reads zeros there).
  logic [2*CntW-1:0] rd_meas;
  assign tbl_rd_hit_o     = |rhit;
  assign tbl_rd_decided_o = |(rhit & tdec_v);
  assign tbl_rd_site_o    = |(rhit & tsite_v);
  assign tbl_rd_num_o     = rd_meas[CntW-1:0];
  assign tbl_rd_den_o     = rd_meas[2*CntW-1:CntW];

  // ---------------------------------------------------------------- arithmetic
  // The serial multiplier, the sample size's rounding and the decision's
  // compare are imu_mul's; this module sequences them (the strobes below)
  // and keeps the step count cnt_q.  trip x fraction in StCalcS: step 0 in
  // every idle cycle (so in the cycle that accepts the begin), on an empty
  // accumulator (the marker's trip or zero, no adder), steps 1..15 in
  // StCalcS, whose last two cycles round (fraction[16] is set only for
  // 1.0, whose product is trip x 2^16 exactly).  Threshold (or MPKI
  // threshold) x denominator in StMul: StReadDen takes step 0, so the last
  // StMul cycle is free to register the compare and StDecide, which writes
  // the table and answers the iter, starts from a flop instead of the
  // compare's carry chains.  The cycle count is the same.
  logic [CntW-1:0]   den_new, mul_load_a, mul_num;
  logic [31:0]       mul_b, mul_load_b, s_ceil, trip_left;
  logic              mul_load, mul_step, mul_round, lhs_load, lhs_scale, lhs_hi, lhs_acc, mul_cmp;
  logic              s_gt_min, s_nz, offload_q;
  logic [32:0]       trip_diff;
  // calc_q is state_q == StCalcS as a flip-flop of its own: the
  // multiplicand select in front of imu_mul's carry chain
  logic calc_q;
  assign den_new  = mpki_mode_q ? ins_q : pmc_rd_data_i;
  // AB multiplies the cycles read in StReadDen by trip - S (the host
  // sample's, projected onto the rest) or by S (the PEs' rest, at the end)
  // (trip - k from a register: the subtractor's carry chain in front of
  // the multiplier's load was seed 2's critical path; trip and k do not
  // change in StFlush and StReadNum, so the register holds it in StReadDen)
  logic [31:0] trip_left_q;
  assign mul_b    = ab_mode_q ? (abx_q ? rem_q : trip_left_q) : mpki_mode_q ? mpki_q : {15'd0, thr_q};

  always_comb begin
    mul_load   = 1'b0;
    mul_load_a = den_new;
    mul_load_b = mul_b;
    mul_step   = 1'b0;
    mul_round  = 1'b0;
    lhs_load   = 1'b0;
    lhs_scale  = 1'b0;
    lhs_hi     = 1'b0;
    lhs_acc    = 1'b0;
    mul_cmp    = 1'b0;
    unique case (state_q)
      imu_pkg::StIdle: begin
        // StCalcS's start values, after its step 0, loaded in every idle
        // cycle: nothing reads them before StCalcS, and a load that does
        // not wait for the begin's tag search keeps that search off these
        // 117 flops.
        mul_load   = 1'b1;
        mul_load_a = {{(CntW - 32){1'b0}}, marker_trip_i};
        mul_load_b = {15'd0, frac_q};
      end
      imu_pkg::StCalcS: begin
        mul_step  = (cnt_q > 5'd1);
        mul_round = (cnt_q == 5'd1);
      end
      // num is kept as the compare's left side of THETA, num x 2^15; the
      // table's num field is written from it in StReadDen
      // (AB's end keeps lhs: the host's projection)
      imu_pkg::StReadNum: lhs_load = !abx_q;
      imu_pkg::StReadDen: mul_load = 1'b1;
      imu_pkg::StMul: begin
        // steps 1 .. 16 (THETA) or 1 .. 31 (MPKI), then the compare; MPKI
        // scales num x 2^15 to num x 1000 in the first six cycles (three
        // steps of two halves each, the low half first: cnt odd)
        mul_step  = (cnt_q != '0);
        lhs_scale = mpki_mode_q && (cnt_q >= 5'd26);
        lhs_hi    = !cnt_q[0];
        mul_cmp   = (cnt_q == '0);
      end
      // AB's sample decided: Ch x (trip - S) waits in lhs for the end
      imu_pkg::StDecide: lhs_acc = ab_mode_q && via_iter_q;
      default: ;
    endcase
  end

  imu_mul #(
    .CntW(CntW)
  ) u_mul (
    .clk_i,
    .load_i     (mul_load),
    .load_a_i   (mul_load_a),
    .load_b_i   (mul_load_b),
    .step_i     (mul_step),
    .calc_i     (calc_q),
    .trip_i     (trip_q),
    .den_i      (den_q),
    .round_i    (mul_round),
    .min_i      (min_d),
    .s_ceil_o   (s_ceil),
    .s_gt_min_o (s_gt_min),
    .s_nz_o     (s_nz),
    .lhs_load_i (lhs_load),
    .num_i      (pmc_rd_data_i),
    .lhs_scale_i(lhs_scale),
    .lhs_hi_i   (lhs_hi),
    .lhs_acc_i  (lhs_acc),
    .cmp_i      (mul_cmp),
    .num_o      (mul_num),
    .offload_o  (offload_q)
  );

  // k < S, the test an iter of a sampling loop makes, is a register
  // (kls_q): set where S is computed (k is 0 then) and, at each sampled
  // iter, to k + 1 < S.  S itself is not kept: rem_q counts S - k down
  // (S where it is computed, minus one at each sampled iter, so never
  // below zero), and k + 1 < S is rem > 1, an OR of its upper 31 bits: no
  // subtractor, and an iter's decision does not wait for a 32-bit compare.
  // Only sampling iters read them.
  logic        kls_q, kls_d;
  // max(trip - k, 0) from one subtractor: its borrow is trip < k
  assign trip_diff = {1'b0, trip_q} - {1'b0, k_q};
  assign trip_left = trip_diff[32] ? 32'd0 : trip_diff[31:0];

  // Instructions of the sample: the cycles the PMC counts.
  assign ins_d = (clear_q ? '0 : ins_q) + (enable_q ? {{(CntW - RetW){1'b0}}, instr_ret_i} : '0);

  // ---------------------------------------------------------------- marker decode
  // What the marker accepted this cycle means for the managed loop (the
  // table in docs/imu.md "FSM"); the next state, the outputs and the table
  // write below read these events rather than the marker.
  logic accept;
  logic ev_begin;       // a begin at depth 0: it becomes the managed loop
  logic ev_nest_begin;  // a begin inside the managed loop: only counted
  logic ev_iter;        // any iter
  logic ev_it_sample;   // an iter of the managed loop inside its sample
  logic ev_it_done;     // the iter that completes the sample: waits for the decision
  logic ev_it_dec;      // an iter of the managed, decided loop
  logic ev_end;         // any end
  logic ev_end_sample;  // the managed loop ends inside its sample
  logic ev_end_abx;     // AB: the managed loop's measured rest ends
  logic mode_sample;    // the begin's mode samples (THETA, MPKI)
  logic new_site;       // else the site it decides at once (HOST, PIM, PLAN)
  logic begin_decided;  // a begin decided at once

  assign accept = marker_valid_i && (state_q == imu_pkg::StIdle);

  always_comb begin
    ev_begin      = 1'b0;
    ev_nest_begin = 1'b0;
    ev_iter       = 1'b0;
    ev_it_sample  = 1'b0;
    ev_it_done    = 1'b0;
    ev_it_dec     = 1'b0;
    ev_end        = 1'b0;
    ev_end_sample = 1'b0;
    ev_end_abx    = 1'b0;
    if (accept) begin
      unique case (marker_op_i)
        imu_pkg::OpBegin: begin
          ev_begin      = (depth_q == '0);
          ev_nest_begin = (depth_q != '0);
        end
        imu_pkg::OpIter: begin
          // The loop id of iter and end markers is not checked: the
          // core's marking is properly nested.
          ev_iter      = 1'b1;
          ev_it_sample = (depth_q == DepthOne) && sampling_q && kls_q;
          ev_it_done   = (depth_q == DepthOne) && sampling_q && !kls_q;
          ev_it_dec    = (depth_q == DepthOne) && !sampling_q;
        end
        imu_pkg::OpEnd: begin
          ev_end        = 1'b1;
          ev_end_sample = (depth_q == DepthOne) && sampling_q;
          // AB's measured rest on the PEs ends: the PMC counts on
          ev_end_abx    = (depth_q == DepthOne) && !sampling_q && abx_q;
        end
        default: ;
      endcase
    end
  end

  always_comb begin
    mode_sample = 1'b0;
    new_site    = 1'b0;
    unique case (mode_q)
      imu_pkg::ModeTheta, imu_pkg::ModeMpki, imu_pkg::ModeAb: mode_sample = 1'b1;
      imu_pkg::ModePim:                      new_site    = 1'b1;
      imu_pkg::ModePlan:                     new_site    = plan_q[marker_id_i[PlanW-1:0]];
      default: ;
    endcase
  end
  assign begin_decided = ev_begin && !mode_sample;

  // ---------------------------------------------------------------- next state
  // the next state as if no begin re-entered a sticky decided entry, and
  // the table pointers as if the begin missed: a hit overrides them below
  // (idx_d, ptr_next), and so does a sticky re-entry the outcome that
  // follows (stk_sel), so the tag search chooses in the last LUT before
  // each flip-flop.
  imu_pkg::state_e  state_n;
  logic             sampling_n, site_n, mpki_mode_n, ab_mode_n, clear_n, enable_n;
  logic             ab_in_q, ab_hit_q, ab_site_q;  // AB: the managed entry's range holds this trip; decided (below)
  logic             dec_site;             // the site StDecide writes
  logic [IdxW-1:0]  idx_n, ptr_n;
  logic             w_begin;  // a begin allocates or re-enters: write where the tag search says
  assign w_begin = ev_begin;
  // written from the match lines rather than from bany (the same value):
  // ABC may then build it from the lines' partial ORs instead of only after
  // bany; measured, seeds 1-3, 59.39 / 60.83 MHz min / median against
  // 55.86 / 59.40 from bany (docs/imu.md "AB (issue 53): what it cost")
  assign b_miss  = w_begin && (&(~bhit));

  always_comb begin
    state_n     = state_q;
    depth_d     = depth_q;
    sampling_n  = sampling_q;
    mpki_mode_n = mpki_mode_q;
    ab_mode_n   = ab_mode_q;
    abx_d       = abx_q;
    site_n      = site_q;
    off_done_d  = off_done_q;
    via_iter_d  = via_iter_q;
    idx_n       = idx_q;
    ptr_n       = ptr_q;
    trip_d      = trip_q;
    k_d         = k_q;
    rem_d       = rem_q;
    kls_d       = kls_q;
    cnt_d       = cnt_q;
    den_d       = den_q;
    unique case (state_q)
      imu_pkg::StIdle: begin
        cnt_d = 5'd16;
        if (ev_nest_begin) begin
          depth_d = (depth_q == DepthMax) ? depth_q : depth_q + DepthOne;
        end
        if (ev_begin) begin
          depth_d    = DepthOne;
          trip_d     = marker_trip_i;
          k_d        = '0;
          off_done_d = 1'b0;
          idx_n      = ptr_q;
          ptr_n      = (ptr_q == LastIdx) ? '0 : ptr_q + {{(IdxW - 1){1'b0}}, 1'b1};
          if (mode_sample) begin
            sampling_n  = 1'b1;
            site_n      = 1'b0;
            mpki_mode_n = (mode_q == imu_pkg::ModeMpki);
            ab_mode_n   = (mode_q == imu_pkg::ModeAb);
            state_n     = imu_pkg::StCalcS;
          end else begin
            sampling_n  = 1'b0;
            site_n      = new_site;
          end
        end
        if (ev_it_sample) begin
          k_d   = k_q + 32'd1;
          rem_d = rem_q - 32'd1;
          kls_d = |rem_q[31:1];
        end
        if (ev_it_dec) begin
          k_d = k_q + 32'd1;
          if (site_q && !off_done_q) begin
            off_done_d = 1'b1;
          end
        end
        if (ev_it_done || ev_end_sample) begin
          // decide on the sample, or on all of a loop that ended inside it
          via_iter_d = ev_it_done;
          state_n    = imu_pkg::StFlush;
        end
        if (ev_end_abx) begin
          state_n = imu_pkg::StAbWait;
        end
        if (ev_end && (depth_q != '0)) begin
          depth_d = depth_q - DepthOne;
        end
      end
      // AB: the span measured ends when the core presents its next marker
      // (after the barrier and the code between the loops); that marker
      // waits for the decision (ready is 0 outside StIdle)
      imu_pkg::StAbWait: begin
        if (marker_valid_i) begin
          via_iter_d = 1'b0;
          state_n    = imu_pkg::StFlush;
        end
      end
      imu_pkg::StCalcS: begin
        cnt_d = cnt_q - 5'd1;
        if (cnt_q == '0) begin
          rem_d   = s_gt_min ? s_ceil : min_q;
          // k = 0 < S.  S = max(s_ceil, min) is nonzero exactly when one
          // of the two is, so the test needs no s_gt_min (whose carry chain,
          // then an OR tree behind it, was a critical path: docs/imu.md);
          // s_ceil is nonzero exactly when its inputs are (s_nz)
          kls_d   = s_nz || (min_q != '0);
          state_n = imu_pkg::StIdle;
          if (ab_mode_q && !(ab_in_q && !ab_hit_q)) begin
            // AB: a decided range reuses its site, a new range runs on
            // the host (recorded below: its next execution measures); no
            // sample
            sampling_n = 1'b0;
            site_n     = ab_hit_q && ab_site_q;
          end
        end
      end
      imu_pkg::StFlush:   state_n = imu_pkg::StReadNum;
      imu_pkg::StReadNum: state_n = imu_pkg::StReadDen;
      imu_pkg::StReadDen: begin
        den_d   = den_new;
        cnt_d   = (mpki_mode_q || ab_mode_q) ? 5'd31 : 5'd16;
        state_n = imu_pkg::StMul;
      end
      imu_pkg::StMul: begin
        cnt_d = cnt_q - 5'd1;
        if (cnt_q == '0) begin
          state_n = imu_pkg::StDecide;
        end
      end
      imu_pkg::StDecide: begin
        state_n = imu_pkg::StIdle;
        if (via_iter_q) begin
          sampling_n = 1'b0;
          site_n     = dec_site;
          off_done_d = dec_site;
          k_d        = k_q + 32'd1;
        end
        // AB: after the sample the rest runs on the PEs, measured (rem_q
        // keeps S for the end's product); the end's decision closes it
        abx_d = ab_mode_q && via_iter_q;
        if (ab_mode_q && via_iter_q) begin
          rem_d = k_q;
        end
      end
      default: state_n = imu_pkg::StIdle;
    endcase
  end

  // ---------------------------------------------------------------- outputs
  // verdict and PMC control, all registers (Moore)
  always_comb begin
    vvalid_d  = 1'b0;
    verdict_d = verdict_q;
    clear_n   = 1'b0;
    enable_n  = enable_q;
    flush_d   = 1'b0;
    sel_d     = sel_q;
    unique case (state_q)
      imu_pkg::StIdle: begin
        if (ev_iter) begin
          // answered at once with 0 (nested, sampling, no loop) or the
          // site, except the iter that completes the sample
          vvalid_d  = !ev_it_done;
          verdict_d = ev_it_dec && site_q;
        end
        if (ev_begin && mode_sample) begin
          clear_n  = 1'b1;
          enable_n = 1'b1;
        end
        if (ev_it_done || ev_end_sample) begin
          enable_n = 1'b0;
          flush_d  = 1'b1;
          sel_d    = mpki_mode_q ? pmc_pkg::SelMisses : pmc_pkg::SelPure;
        end
      end
      imu_pkg::StCalcS: begin
        if ((cnt_q == '0) && ab_mode_q && !(ab_in_q && !ab_hit_q)) begin
          enable_n = 1'b0;
        end
      end
      imu_pkg::StAbWait: begin
        if (marker_valid_i) begin
          enable_n = 1'b0;
          flush_d  = 1'b1;
          sel_d    = pmc_pkg::SelPure;
        end
      end
      imu_pkg::StReadNum: sel_d = pmc_pkg::SelTotal;
      imu_pkg::StReadDen: sel_d = pmc_pkg::SelNone;
      imu_pkg::StDecide: begin
        if (via_iter_q) begin
          vvalid_d  = 1'b1;
          verdict_d = dec_site;
        end
        // AB: the PMC counts the PEs' rest from the verdict to the end
        if (ab_mode_q && via_iter_q) begin
          clear_n  = 1'b1;
          enable_n = 1'b1;
        end
      end
      default: ;
    endcase
  end

  // AB decides the iter after its sample for the PEs (they are measured
  // next), and at the end for the faster side; a loop that ended inside
  // its sample stays on the host.
  assign dec_site = ab_mode_q ? (via_iter_q || (abx_q && offload_q)) : offload_q;

  // ---------------------------------------------------------------- table write data
  // which fields of the managed loop's entry (idx_q) are written, and with
  // what; a begin's writes are per entry, below
  logic             we_dec, we_sam, we_off;
  logic             w_dec, w_site;
  logic [31:0]      w_sam, w_off;
  always_comb begin
    we_dec = 1'b0;
    we_sam = 1'b0;
    we_off = 1'b0;
    w_dec  = 1'b0;
    w_site = 1'b0;
    // The write data need no zeros where nothing is written.
    w_sam  = k_q;
    w_off  = trip_left;
    if (begin_decided) begin
      // HOST, PIM, PLAN: decided at begin.  The decision written at a
      // begin needs no override: a sticky re-entry writes no entry.
      w_dec  = 1'b1;
      w_site = new_site;
    end
    if (ev_it_dec && site_q && !off_done_q) begin
      // the first verdict 1 records the iterations offloaded
      we_off = 1'b1;
    end
    if (state_q == imu_pkg::StDecide) begin
      // (AB's end keeps the sample's sampled and offloaded counts)
      we_dec = 1'b1;
      we_sam = !abx_q;
      we_off = !abx_q;
      w_dec  = 1'b1;
      w_site = dec_site;
      w_off  = (via_iter_q && dec_site) ? trip_left : 32'd0;
    end
  end

  // ---------------------------------------------------------------- configuration
  // Configuration writes take effect in the next cycle; the FSM reads mode
  // at begin, fraction and minimum during StCalcS, thresholds when the
  // multiply starts.
  always_comb begin
    mode_d   = mode_q;
    frac_d   = frac_q;
    thr_d    = thr_q;
    min_d    = min_q;
    mpki_d   = mpki_q;
    sticky_d = sticky_q;
    plan_d   = plan_q;
    if (cfg_we_i) begin
      unique case (cfg_addr_i)
        imu_pkg::CfgMode:      mode_d = cfg_wdata_i[2:0];
        imu_pkg::CfgFraction:  frac_d = (cfg_wdata_i > {15'd0, QOne}) ? QOne : cfg_wdata_i[16:0];
        imu_pkg::CfgThreshold: thr_d = (cfg_wdata_i > {15'd0, QOne}) ? QOne : cfg_wdata_i[16:0];
        imu_pkg::CfgMinSample: min_d = cfg_wdata_i;
        imu_pkg::CfgMpkiThr:   mpki_d = cfg_wdata_i;
        imu_pkg::CfgPlan: begin
          // one decoded write enable a bit (an indexed write would build a
          // shifter and a mask)
          for (int unsigned e = 0; e < PlanN; e++) begin
            if (cfg_wdata_i[PlanW-1:0] == e[PlanW-1:0]) plan_d[e] = cfg_wdata_i[31];
          end
        end
        imu_pkg::CfgCtrl:      sticky_d = cfg_wdata_i[0];
        default: ;
      endcase
    end
  end

  // ---------------------------------------------------------------- table write
  // One write enable per entry and field.  A begin writes where its tag
  // search says (the matching entry, else the allocation pointer's), the
  // other writes at idx_q.  Valid tags are unique (a_tag_onehot), so a
  // begin's "sticky and the match is decided" test is, for the matching
  // entry e, sticky_q & tdec_q[e]: each entry's enable needs only its own
  // match line and the "no match" line, not an encoder and a mux of the
  // whole match word; the same enables as one select and one we.
  // A begin writes zeros into the data fields of its entry (all of them,
  // or sampled and offloaded only on a sticky re-entry); it does so by
  // clearing a bit per field (mv: num and den, sv: sampled, ov: offloaded)
  // that gates the field's read select, so a re-entry's match line drives
  // 5 flops an entry instead of the 160 bits of the register file, and an
  // allocation's "no match" line none (a_clr, a cycle later).  The
  // register file is written only at idx_q, from registers, setting the
  // bit.
  logic [NumLoops-1:0] idx_oh, b_hit, b_renew;
  logic [NumLoops-1:0] wen_tag, wen_dec, wen_sam, wen_off, wen_meas, wen_samr, wen_offr, wdec_i;
  assign alloc = miss_q;
  always_comb begin
    for (int unsigned e = 0; e < NumLoops; e++) begin
      idx_oh[e] = (idx_q == e[IdxW-1:0]);
    end
    // the fields as the last cycle's allocation left them (see alloc)
    a_clr   = alloc ? aptr_q : '0;
    tdec_v  = (tdec_q & ~a_clr) | (a_clr & {NumLoops{adec_q}});
    tsite_v = (tsite_q & ~a_clr) | (a_clr & {NumLoops{asite_q}});
    a_set   = tclr_q ? '0 : a_clr;
    tv_v    = tv_q | a_set;
    mv_v    = mv_q & ~a_clr;
    sv_v    = sv_q & ~a_clr;
    ov_v    = ov_q & ~a_clr;
    // The tag search's results are the late signals (the marker id
    // through the compares): each entry's field enables below take its
    // own match line (b_hit, b_renew); the "no match" line drives only
    // miss_q, and every allocation write is a cycle later (a_clr), its
    // data from registers.
    b_hit   = w_begin ? bhit : '0;                                   // re-entered here
    b_renew = b_hit & ~(tdec_v & {NumLoops{sticky_q}});              // ... and not sticky
    wen_tag = a_clr;                                                 // a match keeps its tag
    // the register file: never at a begin (w_begin and we_* never together).
    // num and den are written in StReadDen, where den arrives and imu_mul
    // still holds num x 2^15 in either mode; mv[idx] is clear from the
    // sampling begin until StDecide sets it, so the read port sees the
    // same zeros until then (a_meas_hidden).
    wen_meas = ((state_q == imu_pkg::StReadDen) && !abx_q) ? idx_oh : '0;
    wen_samr = we_sam ? idx_oh : '0;
    wen_offr = we_off ? idx_oh : '0;
    wdec_i   = we_dec ? idx_oh : '0;
    // (the allocation's writes are a cycle later, through a_clr)
    wen_dec  = b_renew | wdec_i;
    wen_sam  = b_hit | wen_samr;
    wen_off  = b_hit | wen_offr;
    // a begin clears the gates, a field write sets its own
    for (int unsigned e = 0; e < NumLoops; e++) begin
      mv_d[e] = wen_dec[e] ? wdec_i[e] : mv_v[e];
      sv_d[e] = wen_sam[e] ? wen_samr[e] : sv_v[e];
      ov_d[e] = wen_off[e] ? wen_offr[e] : ov_v[e];
    end
  end

  // the read port's registered match lines (against the tags after this
  // cycle's write: at an allocated entry aid_q, not yet in u_tag)
  assign rm_d = (rmatch & ~a_clr) | (a_clr & {NumLoops{rd_aid_eq}});

  // Read only through a valid entry's match line, and cleared (a_clr)
  // in the cycle after the begin that allocates it, readers masking them
  // in that cycle, so no reset.  rm_q is read only through a valid bit too: every valid bit is
  // clear until a clock edge after reset, and that edge loads rm_q.
  always_ff @(posedge clk_i) begin
    rm_q <= rm_d;
    mv_q <= mv_d;
    sv_q <= sv_d;
    ov_q <= ov_d;
  end

  // Constant-index writes per entry: a dynamic part-select on the left-hand
  // side would synthesize to a shifter per field.
  logic tbl_clear;
  assign tbl_clear = cfg_we_i && (cfg_addr_i == imu_pkg::CfgTblClear);

  always_comb begin
    tv_d    = tv_v;
    tdec_d  = tdec_v;
    tsite_d = tsite_v;
    for (int unsigned e = 0; e < NumLoops; e++) begin
      if (wen_dec[e]) begin
        tdec_d[e]  = w_dec;
        tsite_d[e] = w_site;
      end
    end
    // A clear wins over a write in the same cycle (the entry stays invalid).
    if (tbl_clear) begin
      tv_d = '0;
    end
  end

  // The tags: written in the cycle after the begin that allocates an
  // entry (a match keeps its tag), searched by the marker and by the read
  // port.
  imu_cam #(
    .Width(IdW),
    .Depth(NumLoops)
  ) u_tag (
    .clk_i,
    .we_i     (wen_tag),
    .wdata_i  (aid_q),
    .key_a_i  (marker_id_i),
    .key_b_i  (tbl_rd_id_i),
    .match_a_o(bmatch),
    .match_b_o(rmatch)
  );

  // The measurement fields: written with the decision (a table clear
  // only drops the valid bits, so it needs no port here).
  imu_ram #(
    .Width(2 * CntW),
    .Depth(NumLoops)
  ) u_meas (
    .clk_i,
    .we_i   (wen_meas),
    .wdata_i({den_new, mul_num}),
    .rsel_i (rhit & mv_v),
    .rdata_o(rd_meas)
  );
  imu_ram #(
    .Width(32),
    .Depth(NumLoops)
  ) u_sam (
    .clk_i,
    .we_i   (wen_samr),
    .wdata_i(w_sam),
    .rsel_i (rhit & sv_v),
    .rdata_o(tbl_rd_sampled_o)
  );
  // The offloaded count is written a cycle late (offw_q, offd_q): its
  // data, trip - k saturated, is a carry chain from flops, and behind it
  // the write multiplexer was the critical path (docs/imu.md "The
  // allocation's writes a cycle later").  In that cycle the read port
  // takes the pending word instead of the entry's.  offw_q has no reset:
  // a power-up write lands in an entry that is not valid, and the begin
  // that allocates it clears its gate (ov) before anything reads it.
  logic [NumLoops-1:0] offw_q, off_rsel;
  logic [31:0]         offd_q, off_rd;
  assign off_rsel = rhit & ov_v;
  imu_ram #(
    .Width(32),
    .Depth(NumLoops)
  ) u_off (
    .clk_i,
    .we_i   (offw_q),
    .wdata_i(offd_q),
    .rsel_i (off_rsel & ~offw_q),
    .rdata_o(off_rd)
  );
  assign tbl_rd_offloaded_o = off_rd | ((|(off_rsel & offw_q)) ? offd_q : 32'd0);
  always_ff @(posedge clk_i) begin
    offw_q <= wen_offr;
    offd_q <= w_off;
  end

  // ---------------------------------------------------------------- AB memory
  // Per entry: a decision valid (abv), its site and floor(log2 trip) of
  // the execution that measured it (abt).  Written at idx_q by the decision
  // at a loop's end, cleared at idx_q in the cycle after the begin that
  // allocated that entry (alloc: a clear in the begin's own cycle would
  // put its tag search in front of abv's clock enables; nothing reads abv
  // in that cycle, and no decision writes it then).  A table clear leaves
  // them: an entry is read only after a begin allocated or hit it.  An
  // execution that reuses a decision writes no table field: its entry
  // reads as the begin left it (decided 0, zeros; offloaded at its first
  // verdict 1).
  // The managed entry's are read from registers into ab_hit_q and
  // ab_site_q in every cycle (StCalcS's last cycle reads them: 16 cycles
  // after the begin set idx_q and trip_q, tlog_q a cycle behind trip_q).
  logic [NumLoops-1:0]   abv_q, abv_d, absite_q, absite_d, abn_q, abn_d;
  // (alloc, the last cycle's begin allocated, is declared with the table)
  logic [5*NumLoops-1:0] abt_q, abt_d;
  logic [4:0]            tlog_q, tlog_d, abt_sel;
  logic [5:0]            ab_diff;
  logic                  abv_sel, abn_sel, ab_site_sel, ab_in_d, ab_hit_d, ab_we, ab_visit;
  always_comb begin
    tlog_d = '0;
    for (int unsigned i = 1; i < 32; i++) begin
      if (trip_q[i]) tlog_d = i[4:0];
    end
  end
  always_comb begin
    abt_sel     = '0;
    abv_sel     = 1'b0;
    abn_sel     = 1'b0;
    ab_site_sel = 1'b0;
    for (int unsigned e = 0; e < NumLoops; e++) begin
      if (idx_oh[e]) begin
        abt_sel     = abt_sel | abt_q[5*e +: 5];
        abv_sel     = abv_sel | abv_q[e];
        abn_sel     = abn_sel | abn_q[e];
        ab_site_sel = ab_site_sel | absite_q[e];
      end
    end
    // within a factor of two of the measured range: log2 differs by <= 1
    ab_diff  = {1'b0, tlog_q} - {1'b0, abt_sel};
    ab_in_d  = abn_sel && ((ab_diff == 6'd0) || (ab_diff == 6'd1) || (ab_diff == 6'h3f));
    ab_hit_d = ab_in_d && abv_sel;
  end
  assign ab_we    = (state_q == imu_pkg::StDecide) && ab_mode_q && !via_iter_q;
  assign ab_visit = (state_q == imu_pkg::StCalcS) && (cnt_q == '0) && ab_mode_q && !ab_in_q;
  always_comb begin
    abv_d    = abv_q;
    abn_d    = abn_q;
    absite_d = absite_q;
    abt_d    = abt_q;
    for (int unsigned e = 0; e < NumLoops; e++) begin
      if (ab_visit && idx_oh[e]) begin
        abv_d[e]         = 1'b0;
        abn_d[e]         = 1'b1;
        abt_d[5*e +: 5]  = tlog_q;
      end
      if (ab_we && idx_oh[e]) begin
        abv_d[e]         = 1'b1;
        abn_d[e]         = 1'b1;
        absite_d[e]      = dec_site;
        abt_d[5*e +: 5]  = tlog_q;
      end
      if (alloc && idx_oh[e]) begin
        abv_d[e] = 1'b0;
        abn_d[e] = 1'b0;
      end
    end
  end

  // A sticky re-entry (the matching entry is decided and decisions are
  // sticky: valid tags are unique, so it is the OR over the entries of
  // match and a registered per-entry flag) takes the recorded decision
  // without a sample; a hit re-enters its entry and leaves the pointer.
  // The per-entry flags are flops (stk_q, stks_q), and the tag search
  // meets them in the OR's first LUT (the critical path: docs/imu.md "The
  // allocation's writes a cycle later").  They are loaded from the next
  // state without a begin's own writes (a re-entry's decided bit and site:
  // the tag search again, behind the search's enables), so they are stale
  // in the cycle after a begin, and right again from the next: no begin
  // comes in the cycle after a begin (see alloc), and in every begin's
  // cycle they equal tv_q & tdec_q & sticky_q (a_stk).
  logic [NumLoops-1:0] stk_q, stk_d, stks_q, stks_d;
  logic                stk_sel;
  assign stk_d       = tv_d & (tdec_v | wdec_i) & {NumLoops{sticky_d}};
  assign stks_d      = stk_d & ((tsite_v & ~wdec_i) | (wdec_i & {NumLoops{w_site}}));
  assign bstk        = |(bmatch & stk_q);
  assign bsite       = |(bmatch & stks_q);
  assign stk_sel     = w_begin && bstk;
  assign state_d     = stk_sel ? imu_pkg::StIdle : state_n;
  assign sampling_d  = stk_sel ? 1'b0 : sampling_n;
  assign site_d      = stk_sel ? bsite : site_n;
  assign mpki_mode_d = stk_sel ? mpki_mode_q : mpki_mode_n;
  assign ab_mode_d   = stk_sel ? ab_mode_q : ab_mode_n;
  assign clear_d     = stk_sel ? 1'b0 : clear_n;
  assign enable_d    = stk_sel ? enable_q : enable_n;
  assign idx_d       = (w_begin && bany) ? bidx : idx_n;

  // The read port's hit lines of the next cycle: an entry this cycle's
  // begin allocates is valid then unless a table clear came with it, and
  // matches when the read id equals the begin's; any other entry as the
  // table and the match lines are written now.
  always_comb begin
    for (int unsigned e = 0; e < NumLoops; e++) begin
      rh_d[e] = (b_miss && ptr_oh_q[e]) ? (!tbl_clear && rd_new_eq) : (tv_d[e] && rm_d[e]);
    end
  end

  // The allocation pointer restarts with the table.
  logic [IdxW-1:0] ptr_next;
  assign ptr_next = tbl_clear ? '0 : (bany ? ptr_q : ptr_n);
  // the same choice one-hot, decoded from ptr_n before the late bany
  logic [NumLoops-1:0] ptr_n_oh;
  always_comb begin
    for (int unsigned e = 0; e < NumLoops; e++) begin
      ptr_n_oh[e] = (ptr_n == e[IdxW-1:0]);
    end
    ptr_oh_d = tbl_clear ? {{(NumLoops - 1){1'b0}}, 1'b1} : (bany ? ptr_oh_q : ptr_n_oh);
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q     <= imu_pkg::StIdle;
      calc_q      <= 1'b0;
      mode_q      <= imu_pkg::ModeTheta;
      frac_q      <= imu_pkg::FracDefault;
      thr_q       <= imu_pkg::ThrDefault;
      min_q       <= imu_pkg::MinSampleDefault;
      mpki_q      <= imu_pkg::MpkiDefault;
      sticky_q    <= 1'b0;
      plan_q      <= '0;
      depth_q     <= '0;
      sampling_q  <= 1'b0;
      mpki_mode_q <= 1'b0;
      ab_mode_q   <= 1'b0;
      abx_q       <= 1'b0;
      abv_q       <= '0;
      abn_q       <= '0;
      miss_q      <= 1'b0;
      site_q      <= 1'b0;
      off_done_q  <= 1'b0;
      via_iter_q  <= 1'b0;
      idx_q       <= '0;
      vvalid_q    <= 1'b0;
      verdict_q   <= 1'b0;
      clear_q     <= 1'b0;
      enable_q    <= 1'b0;
      flush_q     <= 1'b0;
      sel_q       <= pmc_pkg::SelNone;
      tv_q        <= '0;
      tdec_q      <= '0;
      tsite_q     <= '0;
      ptr_q       <= '0;
      ptr_oh_q    <= {{(NumLoops - 1){1'b0}}, 1'b1};
      stk_q       <= '0;
      stks_q      <= '0;
      rh_q        <= '0;
    end else begin
      state_q     <= state_d;
      calc_q      <= (state_d == imu_pkg::StCalcS);
      mode_q      <= mode_d;
      frac_q      <= frac_d;
      thr_q       <= thr_d;
      min_q       <= min_d;
      mpki_q      <= mpki_d;
      sticky_q    <= sticky_d;
      plan_q      <= plan_d;
      depth_q     <= depth_d;
      sampling_q  <= sampling_d;
      mpki_mode_q <= mpki_mode_d;
      ab_mode_q   <= ab_mode_d;
      abx_q       <= abx_d;
      abv_q       <= abv_d;
      abn_q       <= abn_d;
      miss_q      <= b_miss;
      site_q      <= site_d;
      off_done_q  <= off_done_d;
      via_iter_q  <= via_iter_d;
      idx_q       <= idx_d;
      vvalid_q    <= vvalid_d;
      verdict_q   <= verdict_d;
      clear_q     <= clear_d;
      enable_q    <= enable_d;
      flush_q     <= flush_d;
      sel_q       <= sel_d;
      tv_q        <= tv_d;
      tdec_q      <= tdec_d;
      tsite_q     <= tsite_d;
      ptr_q       <= ptr_next;
      ptr_oh_q    <= ptr_oh_d;
      stk_q       <= stk_d;
      stks_q      <= stks_d;
      rh_q        <= rh_d;
    end
  end

  // The datapath has no reset, nor have the tags (imu_cam) and imu_mul: each is written
  // before it is read (the tags are read only through a valid bit, the sample's
  // registers from the begin on, the multiplier's from StReadDen on), so a
  // reset would only cost area (an asynchronous-reset flop is counted at 20
  // transistors, a plain one at 16: docs/area.md).  The reset-seed runs of
  // every IMU test show that no port depends on their power-up values.
  always_ff @(posedge clk_i) begin
    trip_q      <= trip_d;
    k_q         <= k_d;
    rem_q       <= rem_d;
    ins_q       <= ins_d;
    den_q       <= den_d;
    kls_q       <= kls_d;
    cnt_q       <= cnt_d;
    adec_q      <= w_dec;
    tclr_q      <= tbl_clear;
    aptr_q      <= ptr_oh_q;
    aid_q       <= marker_id_i;
    asite_q     <= w_site;
    trip_left_q <= trip_left;
    tlog_q      <= tlog_d;
    ab_in_q     <= ab_in_d;
    ab_hit_q    <= ab_hit_d;
    ab_site_q   <= ab_site_sel;
    absite_q    <= absite_d;
    abt_q       <= abt_d;
  end

`ifndef SYNTHESIS
  // Invariants, checked by Verilator (--assert) in every RTL test; Yosys
  // defines SYNTHESIS and never sees them.
  // Valid tags are unique (an entry is allocated only on a miss), so the
  // marker and read-port matches select at most one entry: the OR-mux
  // above relies on it.
  a_trip_left: assert property (@(posedge clk_i) disable iff (!rst_ni)
      (state_q != imu_pkg::StReadDen) || (trip_left_q == trip_left))
    else $error("imu: trip - k registered %0d, now %0d", trip_left_q, trip_left);
  a_stk: assert property (@(posedge clk_i) disable iff (!rst_ni) !w_begin ||
      ((stk_q == (tv_q & tdec_q & {NumLoops{sticky_q}})) && (stks_q == (stk_q & tsite_q))))
    else $error("imu: sticky flags %0h %0h, table %0h %0h", stk_q, stks_q,
                tv_q & tdec_q & {NumLoops{sticky_q}}, tv_q & tdec_q & tsite_q & {NumLoops{sticky_q}});
  a_aptr: assert property (@(posedge clk_i) disable iff (!rst_ni) !alloc || (aptr_q == idx_oh))
    else $error("imu: allocated entry %0h, managed entry %0d", aptr_q, idx_q);
  a_ptr_oh: assert property (@(posedge clk_i) disable iff (!rst_ni) ptr_oh_q == (1 << ptr_q))
    else $error("imu: one-hot pointer %0h, pointer %0d", ptr_oh_q, ptr_q);
  // rh_q against the hit lines from the valid bits and the registered
  // match lines, the begin's new entry matching when the read id was the
  // begin's (rd_new_q, kept for this check only)
  logic                rd_new_q;
  logic [NumLoops-1:0] rm_v;
  always_ff @(posedge clk_i) rd_new_q <= rd_new_eq;
  assign rm_v = (rm_q & ~a_clr) | (a_clr & {NumLoops{rd_new_q}});
  a_rhit: assert property (@(posedge clk_i) disable iff (!rst_ni) rh_q == (tv_v & rm_v))
    else $error("imu: read-port hit lines %0h, table %0h", rh_q, tv_v & rm_v);
  a_tag_onehot: assert property (@(posedge clk_i) disable iff (!rst_ni) $onehot0(bhit) && $onehot0(rhit))
    else $error("imu: loop id in more than one table entry (marker %b read %b)", bhit, rhit);
  // The registered k < S test equals the count of iterations left in the
  // sample while a loop samples.
  a_kls: assert property (@(posedge clk_i) disable iff (!rst_ni)
      !(sampling_q && (state_q == imu_pkg::StIdle)) || (kls_q == (rem_q != '0)))
    else $error("imu: kls_q %0d but k %0d, S - k %0d", kls_q, k_q, rem_q);
  // The measurement fields are written two states before their entry's mv
  // bit is set, so that bit must be clear then.
  a_meas_hidden: assert property (@(posedge clk_i) disable iff (!rst_ni)
      !(|wen_meas) || !(|(wen_meas & mv_v)))
    else $error("imu: measurement fields written while readable (entry %0d)", idx_q);
  a_calc: assert property (@(posedge clk_i) disable iff (!rst_ni) calc_q == (state_q == imu_pkg::StCalcS))
    else $error("imu: calc_q %0d in state %0d", calc_q, state_q);
  a_state_legal: assert property (@(posedge clk_i) disable iff (!rst_ni)
      (state_q <= imu_pkg::StDecide) || ((state_q == imu_pkg::StAbWait) && abx_q))
    else $error("imu: illegal FSM state %0d", state_q);
  // The sample's instruction count never wraps inside a sample window.
  a_ins_no_wrap: assert property (@(posedge clk_i) disable iff (!rst_ni) clear_q || (ins_d >= ins_q))
    else $error("imu: instruction count wrapped (%0d -> %0d)", ins_q, ins_d);
  // The PMC gets one command at a time: clear starts a sample, flush ends it.
  a_pmc_cmd_onehot: assert property (@(posedge clk_i) disable iff (!rst_ni) $onehot0({clear_q, flush_q}))
    else $error("imu: PMC clear and flush in the same cycle");
`endif

  assign marker_ready_o  = (state_q == imu_pkg::StIdle);
  assign verdict_valid_o = vvalid_q;
  assign verdict_o       = verdict_q;
  assign pmc_clear_o     = clear_q;
  assign pmc_enable_o    = enable_q;
  assign pmc_flush_o     = flush_q;
  assign pmc_rd_sel_o    = sel_q;

endmodule
