#!/usr/bin/env bash
# Runs lint and the tests of one tier of tb/tests.list (binaries already
# built by `make tests`).  Tests that link RTL run once per random-reset seed
# in RESET_SEEDS, so a register that reset does not reach shows up as a
# failure.  TIER=test (make test): lint, tier test under every seed and tier
# test1 under the first; TIER=long (make test-long): tier long under every
# seed and tier test1 under the others; TIER=all: everything.  SAN_TESTS
# (make test SAN=1) names its tests itself.  Prints one PASS/FAIL line per
# run and, last, "N passed, N failed".
set -u
BUILD=${BUILD:-build}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
RESET_SEEDS=${RESET_SEEDS:-"1 2 3"}
TIER=${TIER:-all}
case $TIER in test|long|all) ;; *) echo "run_tests: TIER=$TIER: not test, long or all" >&2; exit 2 ;; esac
first_seed=${RESET_SEEDS%% *}
other_seeds=${RESET_SEEDS#"$first_seed"}
TIMEOUT=${TEST_TIMEOUT:-1200}
logs=$BUILD/test-logs
rm -rf "$logs"; mkdir -p "$logs"

jobs=()   # "label<TAB>command"
if [[ -n "${SAN_TESTS:-}" ]]; then
  # make test SAN=1: the sanitizer build's C-only tests, and every kernel
  # under three policies on a small graph through the sanitized simulator
  export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0} UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}
  for k in $("$BUILD/copim-sim" --list-kernels); do
    for p in cpu-only pim-only copim; do
      jobs+=("san-$k-$p	$BUILD/copim-sim --kernel $k --graph kron:8:4 --policy $p --quiet")
    done
    # the PEs' tagged requests (pe.dmshrs > 1), which pim_dmshrs covers
    # unsanitized: too slow under ASan for its whole-system points
    jobs+=("san-$k-pim-only-dmshrs4	$BUILD/copim-sim --kernel $k --graph kron:8:4 --policy pim-only --set pe.dmshrs=4 --quiet")
    # the fast mode's windowed PE (its hook, the timed-only requests, the
    # fast HMC's out-of-order banks)
    jobs+=("san-$k-pim-only-window	$BUILD/copim-sim --kernel $k --graph kron:8:4 --policy pim-only --fast --set sim.pe_window=512 --quiet")
  done
elif [[ $TIER != long ]]; then
  jobs+=("lint	scripts/lint.sh $(ls rtl/*/files.f 2>/dev/null | cut -d/ -f2 | tr '\n' ' ')")
fi
while read -r name blocks tier args; do
  [[ -z "$name" || "$name" == \#* ]] && continue
  case $tier in test|test1|long) ;; *) echo "run_tests: tb/tests.list: $name: tier '$tier' is not test, test1 or long" >&2; exit 2 ;; esac
  seeds=$RESET_SEEDS
  if [[ -n "${SAN_TESTS:-}" ]]; then
    [[ " $SAN_TESTS " != *" $name "* ]] && continue
  elif [[ $TIER == test ]]; then
    [[ $tier == long ]] && continue
    [[ $tier == test1 ]] && seeds=$first_seed
  elif [[ $TIER == long ]]; then
    [[ $tier == test ]] && continue
    if [[ $tier == test1 ]]; then
      [[ "$blocks" == "-" || -z "${other_seeds// /}" ]] && continue
      seeds=$other_seeds
    fi
  fi
  if [[ "$blocks" == "-" ]]; then
    jobs+=("$name	$BUILD/tests/$name --quiet $args")
  else
    for rs in $seeds; do
      jobs+=("$name@reset$rs	$BUILD/tests/$name --quiet --reset-seed $rs $args")
    done
  fi
done < tb/tests.list

run_one() {  # label command...
  local label=$1; shift
  local t0=$SECONDS
  timeout "$TIMEOUT" "$@" >"$logs/$label.log" 2>&1
  local rc=$?
  local dt=$((SECONDS - t0))
  # a sanitizer report fails the run even where the exit status hides it
  if [[ $rc -eq 0 ]] && grep -qE 'Sanitizer|runtime error:' "$logs/$label.log"; then rc=99; fi
  if [[ $rc -eq 0 ]]; then
    echo "PASS $label (${dt}s)" >"$logs/$label.result"
  else
    { [[ $rc -eq 124 ]] && echo "FAIL $label (timeout after ${TIMEOUT}s)" || echo "FAIL $label (exit $rc, ${dt}s)"
      tail -15 "$logs/$label.log" | sed 's/^/    /'; } >"$logs/$label.result"
  fi
  cat "$logs/$label.result"
}

running=0
for j in "${jobs[@]}"; do
  label=${j%%	*}; cmd=${j#*	}
  # shellcheck disable=SC2086
  run_one "$label" $cmd &
  running=$((running + 1))
  if (( running >= JOBS )); then wait -n; running=$((running - 1)); fi
done
wait

pass=$(grep -l '^PASS' "$logs"/*.result 2>/dev/null | wc -l)
fail=$(grep -l '^FAIL' "$logs"/*.result 2>/dev/null | wc -l)
if (( fail > 0 )); then
  echo "failed:"; grep -h '^FAIL' "$logs"/*.result | sed 's/^/  /'
fi
echo "$pass passed, $fail failed"
[[ $fail -eq 0 ]]
