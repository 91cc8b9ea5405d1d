#!/usr/bin/env bash
# PE memory-level parallelism and warm caches, the ablation of issue 32
# item 3 (docs/results.md "PE memory parallelism and warm caches"): each
# kernel under cpu-only, and under pim-only and copim with each PE setting.
#
# usage: scripts/ablation_mlp.sh run DIR GRAPH ["KERNELS"]   runs every missing point
#        (KERNELS default "pr sssp bfs prp"; run "pr sssp" first for a useful partial table)
#        scripts/ablation_mlp.sh table DIR                   prints the markdown table
#
# run is resumable: a point whose DIR/<kernel>.<policy>.<setting>.json exists
# is skipped, so an interrupted run continues where it stopped.  Every run
# must verify against the native kernel (result.verified), else the script
# stops.  pr and prp run --pr-iters 2 (say so with the table).  Runs are
# one at a time under nice; COPIM_SIM names the binary (build/copim-sim).
#
# Settings (the table's rows):
#   paper     DMshrs 1, pim.pe_inval=all.  pim.inval_stats=1 only makes the
#             PE in-flight figures appear (same timing, same requests)
#   dmshrs2   --set pe.dmshrs=2
#   dmshrs4   --set pe.dmshrs=4
#   written   --set pim.pe_inval=written
#   dmshrs4pf2  --set pe.dmshrs=4 --set pe.dprefetch=2 (4 MSHRs and the
#             stream prefetcher 2 lines ahead, docs/pe.md "Stream prefetcher")
#   dmshrs4pf2+written  both mechanisms and warm caches (the invalidation
#             unit's directory then a superset with back-invalidations,
#             docs/cosim.md "PE caches across launches")
# ABL_SETTINGS="paper dmshrs2 ..." runs only those settings (a cheaper
# partial table on a large graph); the table lists the others as not run.
# ABL_POLICIES="copim" runs only those policies (default "copim pim-only").
set -euo pipefail
SIM=${COPIM_SIM:-build/copim-sim}
settings=(
  "paper|--set pim.inval_stats=1"
  "dmshrs4|--set pe.dmshrs=4"
  "written|--set pim.pe_inval=written"
  "dmshrs2|--set pe.dmshrs=2"
  "dmshrs4pf2|--set pe.dmshrs=4 --set pe.dprefetch=2"
  "dmshrs4pf2+written|--set pe.dmshrs=4 --set pe.dprefetch=2 --set pim.pe_inval=written"
)
# PE area, hx8k LUT4 / FF (docs/pe.md "Non-blocking loads": the prototype's
# caches, one run each on 82faa78; DMshrs 2 a run on ee4af1e, the same PE RTL)
area() {
  case $1 in
    dmshrs2) echo "4329 / 1267" ;;
    dmshrs4) echo "4834 / 1528" ;;
    dmshrs4pf2 | dmshrs4pf2+written) echo "5584 / 1582" ;;
    *) echo "3554 / 1005" ;;
  esac
}

num() { grep -o "\"$1\": [0-9.e+-]*" "$2" | head -1 | awk '{print $2}'; }

run_point() { # DIR GRAPH KERNEL POLICY SETTING ARGS
  local dir=$1 g=$2 k=$3 pol=$4 name=$5 args=$6 js extra=""
  js=$dir/$k.$pol.$name.json
  [ -s "$js" ] && return 0
  case $k in pr | prp) extra="--pr-iters 2" ;; esac
  echo "ablation_mlp: $k $pol $name ($(date -u +%H:%M:%S))" >&2
  # shellcheck disable=SC2086
  if ! nice "$SIM" --kernel "$k" --graph "$g" --policy "$pol" $extra $args --quiet --stats "$js.tmp" \
    >"$dir/$k.$pol.$name.out" 2>&1; then
    echo "ablation_mlp: $k $pol $name failed: $(tail -1 "$dir/$k.$pol.$name.out")" >&2
    rm -f "$js.tmp"
    exit 1
  fi
  grep -q '"verified": true' "$js.tmp" || { echo "ablation_mlp: $k $pol $name not verified" >&2; exit 1; }
  mv "$js.tmp" "$js"
}

cmd_run() {
  local dir=$1 g=$2 kernels=${3:-"pr sssp bfs prp"}
  mkdir -p "$dir"
  # the order a partial table is most useful in: the baselines, then per
  # kernel copim (the closing note's figures) before pim-only
  for k in $kernels; do run_point "$dir" "$g" "$k" cpu-only base ""; done
  for k in $kernels; do
    for pol in ${ABL_POLICIES:-copim pim-only}; do
      for s in "${settings[@]}"; do
        [ -z "${ABL_SETTINGS:-}" ] || [[ " $ABL_SETTINGS " == *" ${s%%|*} "* ]] || continue
        run_point "$dir" "$g" "$k" "$pol" "${s%%|*}" "${s#*|}"
      done
    done
  done
}

cmd_table() {
  local dir=$1
  echo "| kernel | policy | setting | time / cpu-only | HMC requests / edge | PE requests in flight (all PEs / per busy PE / most) | PE utilisation | un-core energy / cpu-only | PE area (hx8k LUT4 / FF) |"
  echo "|---|---|---|---|---|---|---|---|---|"
  for k in pr sssp bfs prp; do
    local base=$dir/$k.cpu-only.base.json
    [ -s "$base" ] || continue
    local bt be edges
    bt=$(num kernel_ps "$base"); be=$(num uncore "$base"); edges=$(num edges "$base")
    printf '| %s | cpu-only | - | 1 | %.2f | - | - | 1 | - |\n' "$k" \
      "$(awk -v r="$(grep -o '"hmc": {"requests": [0-9]*' "$base" | awk '{print $3}')" -v e="$edges" 'BEGIN {print r / e}')"
    for pol in pim-only copim; do
      for s in "${settings[@]}"; do
        local name=${s%%|*} js
        js=$dir/$k.$pol.$name.json
        if [ ! -s "$js" ]; then
          echo "| $k | $pol | $name | not run | | | | | |"
          continue
        fi
        local t e r
        t=$(num kernel_ps "$js"); e=$(num uncore "$js")
        r=$(grep -o '"hmc": {"requests": [0-9]*' "$js" | awk '{print $3}')
        printf '| %s | %s | %s | %.3f | %.2f | %.2f / %.3f / %s | %.3f | %.3f | %s |\n' "$k" "$pol" "$name" \
          "$(awk -v a="$t" -v b="$bt" 'BEGIN {print a / b}')" "$(awk -v a="$r" -v b="$edges" 'BEGIN {print a / b}')" \
          "$(num pe_inflight "$js")" "$(num pe_inflight_busy "$js")" "$(num pe_inflight_max "$js")" \
          "$(num pe_utilisation "$js")" "$(awk -v a="$e" -v b="$be" 'BEGIN {print a / b}')" "$(area "$name")"
      done
    done
  done
}

case ${1:-} in
  run) shift; [ $# -ge 2 ] || { echo "usage: $0 run DIR GRAPH [KERNELS]" >&2; exit 2; }; cmd_run "$@" ;;
  table) shift; [ $# -eq 1 ] || { echo "usage: $0 table DIR" >&2; exit 2; }; cmd_table "$1" ;;
  *) echo "usage: $0 run DIR GRAPH [\"KERNELS\"] | table DIR" >&2; exit 2 ;;
esac
