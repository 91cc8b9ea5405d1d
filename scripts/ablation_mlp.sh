#!/usr/bin/env bash
# PE memory-level parallelism and warm caches, the ablation of issue 32
# item 3 (docs/results.md "PE memory parallelism and warm caches"): each
# kernel under cpu-only, and under pim-only and copim with each PE setting.
#
# usage: scripts/ablation_mlp.sh run DIR GRAPH ["KERNELS"]   runs every missing point
#        (KERNELS default "pr sssp bfs prp"; run "pr sssp" first for a useful partial table)
#        scripts/ablation_mlp.sh table DIR                   prints the markdown table
#
# run is resumable: each point goes through scripts/sweep_point.sh into
# DIR/runs/<kernel>.<policy>.<setting>.json (validated, atomic, resumed like
# the sweep's; a result of the older layout, DIR/<id>.json, is moved there
# and checked), so an interrupted run continues where it stopped.  Every run
# must verify against the native kernel (result.verified), else the script
# stops.  pr and prp run --pr-iters 2 (say so with the table).  Runs are
# one at a time under nice; COPIM_SIM names the binary (build/copim-sim).
# The table's figures come from scripts/stat.py.
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
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/sweep_lib.sh"
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

st() { "$HERE/stat.py" get "$@"; }

run_point() { # DIR GRAPH KERNEL POLICY SETTING ARGS
  local dir=$1 g=$2 k=$3 pol=$4 name=$5 args=$6 id extra=""
  id=$k.$pol.$name
  if [ -s "$dir/$id.json" ] && [ ! -e "$dir/runs/$id.json" ]; then
    mkdir -p "$dir/runs" && mv "$dir/$id.json" "$dir/runs/$id.json"
  fi
  sweep_check "$dir/runs/$id.json" "$k" "$g" "$pol" 2000 - >/dev/null && return 0
  case $k in pr | prp) extra="--pr-iters 2" ;; esac
  echo "ablation_mlp: $k $pol $name ($(date -u +%H:%M:%S))" >&2
  # sweep_point.sh runs the default PE clock and threshold, which it checks
  if ! COPIM_SWEEP_ARGS="$extra $args" nice "$HERE/sweep_point.sh" "$dir" "$id" "$k" "$g" "$pol" 2000 -; then
    echo "ablation_mlp: $k $pol $name failed or not verified ($dir/logs/$id.log)" >&2
    exit 1
  fi
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
    local base=$dir/runs/$k.cpu-only.base.json
    [ -s "$base" ] || base=$dir/$k.cpu-only.base.json
    [ -s "$base" ] || continue
    local bt be edges br
    { read -r bt; read -r be; read -r edges; read -r br; } < <(st "$base" time.kernel_ps energy_pj.uncore graph.edges hmc.requests)
    printf '| %s | cpu-only | - | 1 | %.2f | - | - | 1 | - |\n' "$k" \
      "$(awk -v r="$br" -v e="$edges" 'BEGIN {print r / e}')"
    for pol in pim-only copim; do
      for s in "${settings[@]}"; do
        local name=${s%%|*} js
        js=$dir/runs/$k.$pol.$name.json
        [ -s "$js" ] || js=$dir/$k.$pol.$name.json
        if [ ! -s "$js" ]; then
          echo "| $k | $pol | $name | not run | | | | | |"
          continue
        fi
        local t e r fa fb fm u
        { read -r t; read -r e; read -r r; read -r fa; read -r fb; read -r fm; read -r u; } < <(st "$js" time.kernel_ps \
          energy_pj.uncore hmc.requests pim.pe_inflight pim.pe_inflight_busy pim.pe_inflight_max pim.pe_utilisation)
        printf '| %s | %s | %s | %.3f | %.2f | %.2f / %.3f / %s | %.3f | %.3f | %s |\n' "$k" "$pol" "$name" \
          "$(awk -v a="$t" -v b="$bt" 'BEGIN {print a / b}')" "$(awk -v a="$r" -v b="$edges" 'BEGIN {print a / b}')" \
          "$fa" "$fb" "$fm" "$u" "$(awk -v a="$e" -v b="$be" 'BEGIN {print a / b}')" "$(area "$name")"
      done
    done
  done
}

case ${1:-} in
  run) shift; [ $# -ge 2 ] || { echo "usage: $0 run DIR GRAPH [KERNELS]" >&2; exit 2; }; cmd_run "$@" ;;
  table) shift; [ $# -eq 1 ] || { echo "usage: $0 table DIR" >&2; exit 2; }; cmd_table "$1" ;;
  *) echo "usage: $0 run DIR GRAPH [\"KERNELS\"] | table DIR" >&2; exit 2 ;;
esac
