#!/usr/bin/env bash
# Offload-path ablation (docs/results.md "Offload path"): each mechanism of
# the dispatcher and the host switched against the defaults, one at a time.
# usage: scripts/ablation.sh OUT.csv "KERNEL@GRAPH[@extra,args] ..." [POLICIES]
# Prints one CSV row per (point, policy, variant) with the kernel time, PE
# utilisation, locality share and coherence cycles; every run must verify.
set -euo pipefail
out=$1; points=$2; policies=${3:-"pim-only copim"}
SIM=${COPIM_SIM:-build/copim-sim}
variants=(
  "default|"
  "sched=static|--set pim.sched=static"
  "concurrent=off|--set pim.concurrent=off"
  "sleep=off|--set host.sleep=off"
  "place=vault|--set pim.place=vault"
  "coherence=free|--set pim.coherence=free"
  "old dispatcher|--set pim.sched=static --set pim.concurrent=off --set host.sleep=off"
)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
echo "kernel,graph,policy,variant,kernel_us,pe_utilisation,pe_utilisation_wide,locality_share,wb_cycles,inv_cycles,launch_wait_cycles,barrier_wait_cycles,kernel_host_sync,verified" >"$out.tmp"
num() { grep -o "\"$1\": [0-9.e+-]*" "$2" | head -1 | awk '{print $2}'; }
sum() { grep -o "\"$1\": [0-9]*" "$2" | awk '{s += $2} END {print s + 0}'; }
for pt in $points; do
  IFS=@ read -r k g extra <<<"$pt"
  for pol in $policies; do
    for v in "${variants[@]}"; do
      name=${v%%|*}; args=${v#*|}
      js=$tmp/run.json
      # shellcheck disable=SC2086
      if ! "$SIM" --kernel "$k" --graph "$g" --policy "$pol" $args ${extra//,/ } --quiet --stats "$js" >/dev/null; then
        echo "ablation: $k $g $pol $name failed" >&2; exit 1
      fi
      grep -q '"verified": true' "$js" || { echo "ablation: $k $g $pol $name not verified" >&2; exit 1; }
      kps=$(num kernel_ps "$js")
      wb=$(grep -o '"wb_cycles": [0-9]*' "$js" | awk '{s += $2} END {print s + 0}')
      inv=$(grep -o '"inv_cycles": [0-9]*' "$js" | awk '{s += $2} END {print s + 0}')
      printf '%s,%s,%s,%s,%.3f,%s,%s,%s,%s,%s,%s,%s,%s,true\n' "$k" "$(basename "$g")" "$pol" "$name" \
        "$(awk -v p="$kps" 'BEGIN {print p / 1e6}')" "$(num pe_utilisation "$js")" "$(num pe_utilisation_wide "$js")" \
        "$(num locality_share "$js")" "$wb" "$inv" \
        "$(sum pim_wait_cycles "$js")" "$(sum barrier_wait_cycles "$js")" "$(num kernel_host_sync "$js")" >>"$out.tmp"
      tail -1 "$out.tmp"
    done
  done
done
mv "$out.tmp" "$out"
