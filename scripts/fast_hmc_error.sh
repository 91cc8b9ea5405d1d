#!/usr/bin/env bash
# Fast HMC (issue 50, first part): kernel-cycle error of hmc.fast=1 against
# the exact HMC model, and the simulator's CPU time in each mode, on small
# whole-system points.  Prints one row a point and the max / mean |error|
# (docs/performance.md "Fast HMC").
#   scripts/fast_hmc_error.sh [graph] [kernels] [policies]
set -u
cd "$(dirname "$0")/.."
sim=${COPIM_SIM:-build/copim-sim}
graph=${1:-kron:12:8}
kernels=${2:-bfs sssp prp pr}
policies=${3:-cpu-only pim-only graphpim copim}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
kc() { grep -o '"kernel_cycles": [0-9]*' "$1" | head -1 | grep -o '[0-9]*$'; }
printf '%-6s %-9s %12s %12s %8s %9s %9s\n' kernel policy exact fast err% cpu_exact cpu_fast
for k in $kernels; do
  for p in $policies; do
    a=$( { /usr/bin/time -f %U+%S "$sim" --kernel "$k" --graph "$graph" --policy "$p" --quiet --stats "$tmp/e.json" >/dev/null; } 2>&1 | tail -1)
    b=$( { /usr/bin/time -f %U+%S "$sim" --kernel "$k" --graph "$graph" --policy "$p" --quiet --stats "$tmp/f.json" --set hmc.fast=1 >/dev/null; } 2>&1 | tail -1)
    e=$(kc "$tmp/e.json"); f=$(kc "$tmp/f.json")
    printf '%-6s %-9s %12s %12s %8s %9s %9s\n' "$k" "$p" "$e" "$f" \
      "$(awk -v e="$e" -v f="$f" 'BEGIN{printf "%+.2f", 100*(f-e)/e}')" \
      "$(awk "BEGIN { print $a }")" "$(awk "BEGIN { print $b }")"
  done
done | tee "$tmp/t"
awk '{e=$5<0?-$5:$5; s+=e; n++; if(e>m){m=e;w=$1" "$2}; ce+=$6; cf+=$7}
     END{printf "max |err| %.2f %% (%s), mean |err| %.2f %%, cpu exact %.1f s, fast %.1f s (%.0f %% saved)\n", m, w, s/n, ce, cf, 100*(ce-cf)/ce}' "$tmp/t"
