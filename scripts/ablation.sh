#!/usr/bin/env bash
# Offload-path ablation (docs/results.md "Offload path"): each mechanism of
# the dispatcher and the host switched against the defaults, one at a time.
# usage: scripts/ablation.sh OUT.csv "KERNEL@GRAPH[@extra,args] ..." [POLICIES]
# Prints one CSV row per (point, policy, variant) with the kernel time, PE
# utilisation, locality share and coherence cycles; every run must verify.
# Each run is a point of scripts/sweep_point.sh in ABL_RUNS (default
# OUT.csv's name without .csv, then .runs/): validated, atomic and resumed
# like the sweep's, so a killed ablation runs only what is missing.  The
# figures come from scripts/stat.py.  COPIM_SIM (build/copim-sim).
set -euo pipefail
out=$1; points=$2; policies=${3:-"pim-only copim"}
HERE=$(cd "$(dirname "$0")" && pwd)
runs=${ABL_RUNS:-${out%.csv}.runs}
. "$HERE/sweep_lib.sh"
variants=(
  "default|"
  "sched=static|--set pim.sched=static"
  "concurrent=off|--set pim.concurrent=off"
  "sleep=off|--set host.sleep=off"
  "place=vault|--set pim.place=vault"
  "coherence=free|--set pim.coherence=free"
  "old dispatcher|--set pim.sched=static --set pim.concurrent=off --set host.sleep=off"
)
echo "kernel,graph,policy,variant,kernel_us,pe_utilisation,pe_utilisation_wide,locality_share,wb_cycles,inv_cycles,launch_wait_cycles,barrier_wait_cycles,kernel_host_sync,verified" >"$out.tmp"
for pt in $points; do
  IFS=@ read -r k g extra <<<"$pt"
  for pol in $policies; do
    for v in "${variants[@]}"; do
      name=${v%%|*}; args=${v#*|}
      # the point's id: its kernel, graph, extra arguments, policy and variant
      id=$(echo "$k-$(sweep_gid "$g")${extra:+-$extra}-$pol-$name" | tr ' ,=/' '_+:_')
      # shellcheck disable=SC2086
      sweep_split ${extra//,/ }
      if ! COPIM_SWEEP_ARGS="$args${SWEEP_REST:+ $SWEEP_REST}" "$HERE/sweep_point.sh" "$runs" "$id" "$k" "$g" "$pol" \
          "$SWEEP_CLK" "$SWEEP_TH" "$SWEEP_X"; then
        echo "ablation: $k $g $pol $name failed (or not verified; $runs/logs/$id.log)" >&2; exit 1
      fi
      js=$runs/runs/$id.json
      [ "$("$HERE/stat.py" get "$js" result.verified)" = true ] || { echo "ablation: $k $g $pol $name not verified" >&2; exit 1; }
      { read -r kps; read -r util; read -r wide; read -r loc; read -r sync; } < <("$HERE/stat.py" get "$js" \
        time.kernel_ps pim.pe_utilisation pim.pe_utilisation_wide pim.locality_share insns.kernel_host_sync)
      { read -r wb; read -r inv; read -r lw; read -r bw; } < <("$HERE/stat.py" sum "$js" \
        'loops[*].wb_cycles' 'loops[*].inv_cycles' 'host.cores[*].pim_wait_cycles' 'host.cores[*].barrier_wait_cycles')
      printf '%s,%s,%s,%s,%.3f,%s,%s,%s,%s,%s,%s,%s,%s,true\n' "$k" "$(basename "$g")" "$pol" "$name" \
        "$(awk -v p="$kps" 'BEGIN {print p / 1e6}')" "$util" "$wide" "$loc" "$wb" "$inv" "$lw" "$bw" "$sync" >>"$out.tmp"
      tail -1 "$out.tmp"
    done
  done
done
mv "$out.tmp" "$out"
