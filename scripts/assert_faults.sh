#!/usr/bin/env bash
# Shows that every RTL assertion can fire: for each assertion, plant one
# deliberate fault in a scratch copy of the sources (build/faults/tree, the
# worktree itself is never touched), build the test that exercises it with
# the usual --assert Verilator flags, run it and require a non-zero exit
# with that assertion's name in the output.  The first fault builds the
# copy's libraries (a few minutes); later ones rebuild only one block.
# Usage: scripts/assert_faults.sh [assertion-name ...]   (default: all)
# Prints one line per fault: FIRED/MISSED, the assertion, the failure line.
set -u
root=$(pwd)
tree=$root/build/faults/tree
mkdir -p "$tree"

# assertion | file | perl substitution (the fault) | test
faults=$(cat <<'EOF'
a_flag_in_flight|rtl/pmc/pmc.sv|s/(      valid_d\[mshr_free_idx_i\] = 1'b0;\n)      flag_d\[mshr_free_idx_i\]  = 1'b0;/$1/|pmc_lockstep_random
a_one_pure_miss|rtl/pmc/pmc.sv|s/pure_miss_inc\[c\] = mshr_free_i && own_pure_c\[mshr_free_idx_i\] && !clear_i\[c\];/pure_miss_inc[c] = mshr_free_i;/|pmc_lockstep_random
a_window_fill|rtl/pmc/pmc_core.sv|s/(      pos_d  = '0;\n)      hwin_d = '0;/$1/|pmc_overlap
a_no_wrap|rtl/pmc/pmc_core.sv|s/: total_sum;/: total_q - {{(CntW - 1){1'b0}}, enable_i};/|pmc_overlap
a_tag_onehot|rtl/imu/imu.sv|s/assign b_miss  = w_begin && \(&\(~bhit\)\);/assign b_miss  = w_begin;/; s/assign idx_d       = \(w_begin && bany\) \? bidx : idx_n;/assign idx_d       = idx_n;/|imu_table
a_stk|rtl/imu/imu.sv|s/assign stk_d       = tv_d & \(tdec_v \x7c wdec_i\) &/assign stk_d       = tv_d & tdec_v &/|imu_lockstep_random
a_rhit|rtl/imu/imu.sv|s/rh_d\[e\] = \(b_miss && ptr_oh_q\[e\]\) \? \(!tbl_clear && rd_new_eq\) : /rh_d[e] = /|imu_lockstep_random
a_aptr|rtl/imu/imu.sv|s/aptr_q      <= ptr_oh_q;/aptr_q      <= ptr_oh_d;/|imu_table
a_ptr_oh|rtl/imu/imu.sv|s/ptr_oh_d = tbl_clear \? \{\{\(NumLoops - 1\)\{1'b0\}\}, 1'b1\}/ptr_oh_d = tbl_clear ? {NumLoops{1'b0}}/|imu_table
a_trip_left|rtl/imu/imu.sv|s/trip_left_q <= trip_left;/trip_left_q <= trip_q;/|imu_ab
a_lhs_one_load|rtl/imu/imu.sv|s/imu_pkg::StReadNum: lhs_load = !abx_q;/imu_pkg::StReadNum: begin lhs_load = !abx_q; lhs_acc = 1'b1; end/|imu_threshold
a_kls|rtl/imu/imu.sv|s/kls_d = .rem_q\[31:1\];/kls_d = 1'b1;/|imu_sampling
a_meas_hidden|rtl/imu/imu.sv|s/wen_meas = \(\(state_q == imu_pkg::StReadDen\)/wen_meas = ((state_q == imu_pkg::StIdle)/|imu_lockstep_random
a_calc|rtl/imu/imu.sv|s/calc_q      <= \(state_d == imu_pkg::StCalcS\);/calc_q      <= (state_d == imu_pkg::StMul);/|imu_threshold
a_state_legal|rtl/imu/imu.sv|s/(imu_pkg::StDecide: begin\n        state_n = )imu_pkg::StIdle;/$1imu_pkg::state_e'(3'd7);/|imu_threshold
a_ins_no_wrap|rtl/imu/imu.sv|s/ins_q\) \+ \(enable_q/ins_q) - (enable_q/|imu_sampling
a_pmc_cmd_onehot|rtl/imu/imu.sv|s/(if \(ev_begin && mode_sample\) begin\n          clear_n  = 1'b1;)/$1 flush_d = 1'b1;/|imu_threshold
a_ihit_onehot|rtl/pe/pe_if_stage.sv|s/\.we_i\(i_way_we\[w\]\), (\.waddr_i\(i_widx\), \.wbe_i\(\{\(ITagRamW)/.we_i(fill_we_i), $1/|pe_programs
a_iway_we_onehot|rtl/pe/pe_if_stage.sv|s/i_way_we\[w\] = fill_we_i && \(i_victim == w\[IWayW-1:0\]\);/i_way_we[w] = fill_we_i;/|pe_isa
a_dhit_onehot|rtl/pe/pe_lsu.sv|s/\.we_i\(d_way_we\[w\] && d_tag_we\)/.we_i(d_tag_we)/|pe_programs
a_way_we_onehot|rtl/pe/pe_lsu.sv|s/d_way_we\[w\] = \(d_victim == w\[DWayW-1:0\]\);/d_way_we[w] = 1'b1;/|pe_isa
a_req_stable|rtl/pe/pe_lsu.sv|s/(PReq: if \(mem_req_ready_i\) p_state_d = \(\(p_op_q == pe_pkg::MemOpWrite\) \x7c\x7c \(p_tag_q != 4'd0\)\) \? PIdle : PResp;)/$1\n      else p_wdata_d = ~p_wdata_q;/|pe_lockstep_random
a_req_shape|rtl/pe/pe_lsu.sv|s/p_addr_d = \{ipc_i\[31:OffW\], \{OffW\{1'b0\}\}\};/p_addr_d = ipc_i;/|pe_isa
a_resp_expected|rtl/pe/pe_lsu.sv|s/\(\(p_op_q == pe_pkg::MemOpWrite\) \x7c\x7c \(p_tag_q != 4'd0\)\) \? PIdle : PResp;/PIdle;/|pe_isa
a_ret_rd_zero|rtl/pe/pe_lsu.sv|s/w_val_d = \(m_wr_i && \(m_rd != 5'd0\)\) \? m_wval : 32'd0;/w_val_d = m_wval;/|pe_isa
a_pf_no_retire|rtl/pe/pe_mshr.sv|s/ms_rdy_d\[k\] = !\(Pf && ms_pf_q\[k\]\);/ms_rdy_d[k] = 1'b1;/|pe_pf_lockstep
a_cnt_no_wrap|rtl/pe/pe_mdu.sv|s/if \(cnt_q == LastStep\) begin/if ((cnt_q == LastStep) \&\& 1'b0) begin/|pe_isa
EOF
)

# The copy: tracked and new source files, not build/.
git ls-files -co --exclude-standard | grep -v '^build/' | tar -cf - -T - | tar -xf - -C "$tree"
# Reuse the worktree's build (libraries, models, RV32 test programs) when
# there is one: sources and products keep their times, so only the block a
# fault touches is rebuilt.
for d in obj lib pe vl/pmc vl/imu vl/pe; do
  [[ -d build/$d ]] && { mkdir -p "$tree/build/$(dirname "$d")"; cp -a "build/$d" "$tree/build/$(dirname "$d")/"; }
done
[[ -e $tree/../shared ]] || ln -sfn "$root/../shared" "$tree/../shared" 2>/dev/null || true
fail=0
while IFS='|' read -r name file subst test; do
  [[ -z $name ]] && continue
  if [[ $# -gt 0 ]] && [[ " $* " != *" $name "* ]]; then continue; fi
  cp "$root/$file" "$tree/$file"
  perl -0pi -e "$subst" "$tree/$file"
  if cmp -s "$root/$file" "$tree/$file"; then echo "MISSED $name: the fault did not apply to $file"; fail=1; continue; fi
  args=$(awk -v t="$test" '$1 == t {for (i = 4; i <= NF; i++) printf "%s ", $i}' tb/tests.list)
  log=$root/build/faults/$name.log
  if ! (cd "$tree" && make -s -j2 "build/tests/$test" >"$log.build" 2>&1); then
    echo "MISSED $name: the faulted copy does not build (see $log.build)"; fail=1
  else
    (cd "$tree" && timeout 900 "build/tests/$test" $args --quiet --reset-seed 1) >"$log" 2>&1
    rc=$?
    line=$(grep -m1 "$name" "$log")
    if [[ $rc -ne 0 && -n $line ]]; then echo "FIRED  $name ($test, exit $rc): $line"
    else echo "MISSED $name ($test, exit $rc): $(tail -1 "$log")"; fail=1; fi
  fi
  cp -p "$root/$file" "$tree/$file"   # undo (old time: the next fault rebuilds what it touches)
done <<<"$faults"
exit $fail
