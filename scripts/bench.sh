#!/usr/bin/env bash
# make bench: runs every scripts/bench_<part>.sh in name order.  Benchmarks
# report figures (speed, CPI, bandwidth); they do not pass or fail on them.
set -u
rc=0
for b in scripts/bench_*.sh; do
  [[ -e "$b" ]] || continue
  echo "=== $(basename "$b" .sh | sed 's/^bench_//')"
  bash "$b" || { echo "bench: $b failed"; rc=1; }
done
exit $rc
