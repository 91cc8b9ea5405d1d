#!/usr/bin/env bash
# make bench (system part, issue 8): speed of the full-system co-simulator
# build/copim-sim, in simulated MIPS (host + PE instructions retired per CPU
# second of the simulator; CPU time because the machine is shared), on a
# Kronecker scale-16 graph under copim: all blocks as C models (whole run,
# result checked), and the first COSIM_BENCH_CYCLES host cycles with the
# PMC, the IMUs, the PEs, all blocks as Verilated RTL, and all in lockstep
# (the run is cut by the cycle limit there: the Verilated PE is ~25x slower
# than its C model), then whole runs on a smaller graph (COSIM_BENCH_SMALL,
# kron:12:8) in C mode, with the PEs, all blocks as RTL and all in lockstep.  The table goes to build/bench/cosim/speed.md and into
# docs/performance.md between the bench_cosim markers.
set -u
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
graph=${COSIM_BENCH_GRAPH:-kron:16:16}
kernel=${COSIM_BENCH_KERNEL:-bfs}
cycles=${COSIM_BENCH_CYCLES:-2000000}
small=${COSIM_BENCH_SMALL:-kron:12:8}
out=$BUILD/bench/cosim
mkdir -p "$out"
make -s --no-print-directory "$BUILD/copim-sim" "$BUILD/sw/$kernel.elf" >/dev/null || exit 1
# a private copy: a rebuild of build/copim-sim during the bench must not cut it
cp "$BUILD/copim-sim" "$out/copim-sim"
sim=$out/copim-sim

table=$out/speed.md
{
  echo "| blocks | what ran | host cycles | instructions (host + PE) | CPU s | simulated MIPS | M host cycles/s | result |"
  echo "|---|---|---|---|---|---|---|---|"
} >"$table"

run() { # label, what, extra args...
  local label=$1 what=$2
  shift 2
  "$sim" --kernel "$kernel" --graph "$graph" --policy copim "$@" >"$out/$label.out" 2>"$out/$label.err"
  report "$label" "$what" $?
}

run_small() { # the same, whole run on the small graph
  local label=$1 what=$2
  shift 2
  "$sim" --kernel "$kernel" --graph "$small" --policy copim "$@" >"$out/$label.out" 2>"$out/$label.err"
  report "$label" "$what" $?
}

report() {
  local label=$1 what=$2 rc=$3
  local line
  line=$(grep -E '^\[copim-sim\].*wall' "$out/$label.err" | tail -1)
  local cpu mips mcs ins cyc
  cpu=$(sed -E 's/.* ([0-9.]+) s CPU.*/\1/' <<<"$line")
  mips=$(sed -E 's/.*CPU: ([0-9.]+) MIPS.*/\1/' <<<"$line")
  mcs=$(sed -E 's/.*second\), ([0-9.]+) M host.*/\1/' <<<"$line")
  ins=$(sed -E 's/.* ([0-9]+) instructions.*/\1/' <<<"$line")
  cyc=$(sed -E 's/.* ([0-9]+) host cycles$/\1/' <<<"$line")
  local res
  if [[ $rc -eq 0 ]]; then res="PASS (whole run)"
  elif grep -q "cycle limit" "$out/$label.err"; then res="stopped at the cycle limit (as intended)"
  else res="FAIL: $(grep '^copim-sim:' "$out/$label.err" | head -1)"; fi
  echo "| $label | $what | $cyc | $ins | $cpu | **$mips** | $mcs | $res |" >>"$table"
  echo "cosim $label ($what): $mips MIPS, $mcs M host cycles/s, $cpu s CPU, $res"
}

run "c" "$kernel $graph, whole run"
run "c (first $cycles)" "$kernel $graph, first $cycles host cycles" --max-cycles "$cycles"
run "rtl=pmc" "first $cycles host cycles" --max-cycles "$cycles" --rtl pmc
run "rtl=imu" "first $cycles host cycles" --max-cycles "$cycles" --rtl imu
run "rtl=pe" "first $cycles host cycles" --max-cycles "$cycles" --rtl pe
run "rtl=all" "first $cycles host cycles" --max-cycles "$cycles" --rtl all
run "lockstep=all" "first $cycles host cycles" --max-cycles "$cycles" --lockstep all
run_small "c, $small" "$kernel $small, whole run"
run_small "rtl=pe, $small" "$kernel $small, whole run" --rtl pe
run_small "rtl=all, $small" "$kernel $small, whole run" --rtl all
run_small "lockstep=all, $small" "$kernel $small, whole run" --lockstep all

doc=docs/performance.md
[[ -f $doc ]] || printf '# Performance\n\nFigures measured by `make bench` on this machine (2 cores shared).\n' >"$doc"
block=$(mktemp)
{
  echo "<!-- bench_cosim begin: written by scripts/bench_cosim.sh, do not edit by hand -->"
  echo "## Full-system co-simulation speed (scripts/bench_cosim.sh)"
  echo
  echo "\`build/copim-sim --kernel $kernel --graph $graph --policy copim\`, measured $(date -u +%Y-%m-%d) on $(nproc) shared cores;"
  echo "MIPS = host + PE instructions retired per CPU second of the simulator (target: 10 in C mode)."
  echo
  cat "$table"
  echo "<!-- bench_cosim end -->"
} >"$block"
if grep -q '<!-- bench_cosim begin' "$doc"; then
  awk -v f="$block" '/<!-- bench_cosim begin/ {while ((getline l < f) > 0) print l; skip = 1; next}
                     /<!-- bench_cosim end/ {skip = 0; next} !skip' "$doc" >"$doc.tmp" && mv "$doc.tmp" "$doc"
else
  { echo; cat "$block"; } >>"$doc"
fi
rm -f "$block"
echo "cosim: table in $table and $doc"
