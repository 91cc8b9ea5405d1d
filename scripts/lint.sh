#!/usr/bin/env bash
# make lint: every RTL module through `verilator --lint-only -Wall` (as its
# own top, inside its block's file list) and every block through a Yosys
# read + generic synth + check.  Waivers live only in rtl/lint.vlt.  First,
# the files generated from hw/*.desc and docs/stats.md's tables (from the
# statistics table) must not have drifted from their sources; no include
# cycle (scripts/check_includes.py), no function and no always block over
# 150 lines outside the tests (scripts/check_func_len.py), and README.md's
# hardware table equal to what docs/figures/synth_*.json give, each of
# them synthesised from the RTL as it stands (scripts/hw_table.py --check:
# hashes only, no synthesis).
set -u
fail=0
# the generated block files must equal what hw/*.desc says (scripts/gen_blocks.py)
if ! out=$(python3 scripts/gen_blocks.py --check 2>&1); then echo "lint: $out"; fail=1; fi
# the build graph reads no variable before it is defined (issue 33, item 7)
if ! out=$(scripts/build_graph_check.sh dry 2>&1); then echo "lint: $out"; fail=1; fi
# docs/stats.md's field tables must equal the statistics table (scripts/gen_stats_doc.py)
if ! out=$(python3 scripts/gen_stats_doc.py --check 2>&1); then echo "lint: $out"; fail=1; fi
# no include cycles between files or csim/ folders (known ones are notes), no function over 150 lines outside tests
if ! out=$(python3 scripts/check_includes.py 2>&1); then echo "lint: $out"; fail=1; elif [[ -n "$out" ]]; then echo "lint: note: $out"; fi
if ! out=$(python3 scripts/check_func_len.py 2>&1); then echo "lint: $out"; fail=1; fi
if ! out=$(python3 scripts/hw_table.py --check 2>&1); then echo "lint: $out"; fail=1; fi
for blk in "$@"; do
  files=$(tr "\n" " " < "rtl/$blk/files.f")
  for f in $files; do
    mod=$(sed -n 's/^[[:space:]]*module[[:space:]]\+\([A-Za-z0-9_]\+\).*/\1/p' "$f" | head -1)
    [[ -z "$mod" ]] && continue   # packages are checked inside their users
    out=$(verilator --lint-only -Wall rtl/lint.vlt $files --top-module "$mod" 2>&1)
    if [[ -n "$out" ]]; then echo "lint: verilator $f ($mod):"; echo "$out" | head -20; fail=1; fi
  done
  out=$(yosys -q -p "read_verilog -sv $files; synth -top $blk; check -assert" 2>&1)
  if [[ $? -ne 0 || -n "$out" ]]; then echo "lint: yosys $blk:"; echo "$out" | grep -v '^$' | head -20; fail=1; fi
done
if [[ $fail -eq 0 ]]; then echo "lint: clean ($* )"; fi
exit $fail
