#!/usr/bin/env bash
# `make soak`: a benchmark, not a CI test (docs/performance.md).  Runs the
# PMC, IMU and PE lockstep tests for at least 10^8 compared cycles each,
# over several seeds and random-reset seeds, then the graph-reader fuzzer
# for SOAK_FUZZ_TIME seconds (one CPU-hour by default).  Each part prints
# its figures; the summary at the end quotes cycles, seeds and results.
#
#   SOAK_CYCLES=100000000  SOAK_SEEDS="1 2 3 4"  SOAK_FUZZ_TIME=3600 (0: no fuzzing)  SOAK_LOG=build/soak
set -uo pipefail
BUILD=${BUILD:-build}
CYC=${SOAK_CYCLES:-100000000}
SEEDS=${SOAK_SEEDS:-"1 2 3 4"}
FUZZ=${SOAK_FUZZ_TIME:-3600}
LOG=${SOAK_LOG:-$BUILD/soak}
mkdir -p "$LOG"
ns=$(wc -w <<<"$SEEDS")
per=$(( (CYC + ns - 1) / ns ))
fail=0

run() {  # label command...: runs, keeps the log, writes the result line to LOG/label.result
  local label=$1; shift
  local t0=$SECONDS
  echo "soak: $label: $*"
  "$@" >"$LOG/$label.log" 2>&1
  local rc=$?
  local line; line=$(grep -E '^(PASS|FAIL)' "$LOG/$label.log" | tail -1)
  [ $rc = 0 ] || line="FAIL (exit $rc): $(tail -1 "$LOG/$label.log")"
  echo "$label: $line ($((SECONDS - t0)) s)" > "$LOG/$label.result"
  cat "$LOG/$label.result"
}

rm -f "$LOG"/*.result
# the three blocks side by side (each is one process; PMC's seeds in turn)
(
  # PMC: one seed per run, every cycle compared
  for s in $SEEDS; do
    run "pmc-seed$s" "$BUILD/tests/pmc_lockstep_random" --seed "$s" --reset-seed "$s" --cycles "$per"
  done
) &
first=${SEEDS%% *}
# IMU: each run covers four seeds (seed .. seed+3) of --cycles each
run "imu-seed$first" "$BUILD/tests/imu_lockstep_random" --seed "$first" --reset-seed "$first" --cycles $(( (CYC + 3) / 4 )) &
# PE: each run covers five seeds (seed .. seed+4); --cycles is retired
# instructions per seed.  The random programs (traps, misses, back-pressure)
# take about 4.3 cycles per instruction, so CYC/20 per seed gives about
# 1.07 CYC compared cycles; the log's total line has the exact count.
run "pe-seed$first" "$BUILD/tests/pe_lockstep_random" --seed "$first" --reset-seed "$first" --cycles $(( (CYC + 19) / 20 )) &
wait
summary=()
for r in "$LOG"/*.result; do summary+=("$(cat "$r")"); done
grep -q FAIL "$LOG"/*.result && fail=1
grep -h "cycles compared\|^seed .*cycles\|total:" "$LOG"/pmc-seed*.log "$LOG"/imu-*.log "$LOG"/pe-*.log 2>/dev/null | sed 's/^/  /'

if [ "$FUZZ" != 0 ]; then
  t0=$SECONDS
  echo "soak: fuzz-graph for $FUZZ s"
  make --no-print-directory fuzz-graph FUZZ_TIME="$FUZZ" >"$LOG/fuzz.log" 2>&1
  rc=$?
  [ $rc = 0 ] || fail=1
  summary+=("fuzz-graph $FUZZ s: exit $rc, $(grep -E '^Done|^#[0-9]+.*(DONE|pulse)' "$LOG/fuzz.log" | tail -1) ($((SECONDS - t0)) s)")
fi
echo "soak summary ($CYC cycles per block, seeds $SEEDS):"
printf '  %s\n' "${summary[@]}"
exit $fail
