#!/usr/bin/env bash
# The crossover map (issue 17): kernel time of copim, pim-only, pei and
# graphpim against cpu-only, over the ratio of the kernel's memory
# footprint to the LLC, for BFS and PageRank, with PEs at 500 MHz and 1 GHz.
#
#   scripts/crossover.sh run [OUT]     run the points (resumable), gather, draw
#   scripts/crossover.sh roi [OUT]     the PageRank region-of-interest check
#   scripts/crossover.sh draw [OUT]    gather and draw only
#
# Two axes, both on the default system (docs/cosim.md, Table I):
#   scale: kron:S:8 graphs, S = XO_SCALES, at the 8 MB LLC;
#   llc:   one graph (XO_LLC_GRAPH, kron:17:8) with the LLC at XO_LLCS bytes
#          (XO_PR_LLCS for PageRank; everything else, the L1s and L2s
#          included, unchanged).
# pei and graphpim execute their atomics in the vault logic, not on the
# PEs, so their time does not depend on the PE clock (checked: identical
# cycles at 500 MHz and 1 GHz); they run once per point, copim and pim-only
# at both clocks.  PageRank runs to convergence (tolerance 1e-4, at most 20
# iterations): the region of interest `roi` checks, the first
# XO_PR_ITERS (3) iterations, failed the 2 % rule (docs/results.md
# "Crossover map"), so `run` uses an ROI only when XO_PR_ITERS is set.
#
# Footprint = bytes of the arrays the kernel reads or writes (graphs are
# symmetric, so in- and out-CSR are one):
#   bfs: offsets 4(n+1), edges 4m, parent and depth 8n, two task queues
#        2 x 4(n + m/256 + 1) (docs/workloads.md: BFS task splitting);
#   pr:  offsets 4(n+1), edges 4m, rank and contrib 8n.
# Points go through scripts/sweep_point.sh (validated JSON, atomic, resumable).
#   XO_JOBS=2  COPIM_SIM=build/copim-sim  XO_FIG=docs/figures
set -euo pipefail
MODE=${1:-run}
OUT=${2:-build/crossover}
SIM=${COPIM_SIM:-build/copim-sim}
JOBS=${XO_JOBS:-2}
FIG=${XO_FIG:-docs/figures}
HERE=$(cd "$(dirname "$0")" && pwd)
SCALES=${XO_SCALES:-12 13 14 15 16 17 18 19}
PR_SCALES=${XO_PR_SCALES:-12 13 14 15 16 17}
LLC_GRAPH=${XO_LLC_GRAPH:-kron:17:8}
# 128 MB down to 256 KB: with the 8 MB point the scale axis's point of the same graph
LLCS=${XO_LLCS:-134217728 33554432 16777216 4194304 2097152 1048576 524288 262144}
# PageRank to convergence costs 5-10x a BFS of the same graph: fewer LLC points
PR_LLCS=${XO_PR_LLCS:-134217728 33554432 2097152 262144}
PR_ITERS=${XO_PR_ITERS:-}
ROI_GRAPH=${XO_ROI_GRAPH:-kron:15:8}

mkdir -p "$OUT/runs" "$OUT/logs"
gid() { echo "$1" | sed 's/:/_/g'; }
# points of kernel $1 on graph $2 with LLC $3 bytes ("-" = default) and id prefix $4
points() {
  local k=$1 g=$2 llc=$3 pre=$4 x="" tag=8m
  [ "$llc" != "-" ] && { x="--llc.bytes=$llc"; tag=$((llc / 1024))k; }
  for p in cpu-only pei graphpim; do echo "$pre-$k-$(gid "$g")-$tag-$p-500 $k $g $p 2000 - $x"; done
  for p in pim-only copim; do for c in 2000 1000; do
    echo "$pre-$k-$(gid "$g")-$tag-$p-$((1000000 / c)) $k $g $p $c - $x"
  done; done
}

run_list() { # $1 = list file, $2 = extra simulator arguments
  local n
  n=$(wc -l < "$1")
  echo "crossover: $n points in $1 (done ones are skipped) with $JOBS jobs -> $OUT"
  COPIM_SIM=$SIM COPIM_SWEEP_ARGS="$2" parallel -j "$JOBS" --colsep ' ' --halt never \
    "$HERE/sweep_point.sh" "$OUT" {1} {2} {3} {4} {5} {6} {7} :::: "$1"
}

# OUT/<name>.csv from the JSONs of list $1: one row a point
gather() { # $1 = list, $2 = csv
  echo "id,kernel,graph,vertices,edges,policy,pe_mhz,llc_bytes,pr_iters,verified,kernel_cycles,kernel_us" > "$2.tmp"
  local miss=0
  while read -r id k g p c t x; do
    f=$OUT/runs/$id.json
    if ! why=$(sweep_check "$f" "$k" "$g" "$p" "$c" "$t" "$x"); then
      echo "crossover: $id: $why" >&2; miss=$((miss + 1)); continue
    fi
    jq -r --arg id "$id" '[$id, .run.kernel, .run.graph, .graph.vertices, .graph.edges, .run.policy,
        (1000000 / .params["pe.clk_ps"] | round), .params["llc.bytes"], .result.iterations,
        .result.verified, .time.kernel_cycles, (.time.kernel_ps / 1000000)] | @csv' "$f" | tr -d '"' >> "$2.tmp"
  done < "$1"
  mv -f "$2.tmp" "$2"
  echo "crossover: $(($(wc -l < "$2") - 1)) results in $2, $miss missing or bad"
}

. "$HERE/sweep_lib.sh"
case $MODE in
  run | draw)
    {
      for s in $SCALES; do points bfs "kron:$s:8" - xs; done
      for s in $PR_SCALES; do points pr "kron:$s:8" - xs; done
      for l in $LLCS; do points bfs "$LLC_GRAPH" "$l" xl; done
      for l in $PR_LLCS; do points pr "$LLC_GRAPH" "$l" xl; done
    } > "$OUT/crossover.points"
    # cheapest first, so a short run already covers the map's both ends
    if [ "$MODE" = run ]; then
      awk '{ split($3, a, ":"); print a[2], $0 }' "$OUT/crossover.points" | sort -s -n -k1,1 | cut -d' ' -f2- > "$OUT/order.points"
      run_list "$OUT/order.points" "${PR_ITERS:+--pr-iters $PR_ITERS}" || true
    fi
    gather "$OUT/crossover.points" "$OUT/crossover.csv"
    "$HERE/crossover_draw.sh" "$OUT/crossover.csv" "$FIG"
    ;;
  roi)
    PR_ITERS=${PR_ITERS:-3}
    # PageRank to convergence (at most 20 iterations) against its first
    # PR_ITERS iterations, every policy of the map, on a graph where both
    # are affordable; the ROI is valid when every policy's time ratio to
    # cpu-only moves by less than 2 %.
    points pr "$ROI_GRAPH" - roifull > "$OUT/roi-full.points"
    points pr "$ROI_GRAPH" - "roi$PR_ITERS" > "$OUT/roi-part.points"
    run_list "$OUT/roi-full.points" ""
    run_list "$OUT/roi-part.points" "--pr-iters $PR_ITERS"
    gather "$OUT/roi-full.points" "$OUT/roi-full.csv"
    gather "$OUT/roi-part.points" "$OUT/roi-part.csv"
    awk -F, 'FNR == 1 { f++; next }
      { key = $6 "@" $7; t[f, key] = $12; it[f] = $9; if ($6 == "cpu-only") base[f] = $12; keys[key] = 1 }
      END {
        printf "| policy | PE MHz | full run (%d iterations): time / cpu-only | ROI (%d iterations): time / cpu-only | difference |\n", it[1], it[2]
        print "|---|---|---|---|---|"
        bad = 0
        for (k in keys) {
          split(k, a, "@"); r1 = t[1, k] / base[1]; r2 = t[2, k] / base[2]; d = 100 * (r2 - r1) / r1
          printf "| %s | %s | %.4f | %.4f | %+.2f %% |\n", a[1], a[2], r1, r2, d
          if (d > 2 || d < -2) bad = 1
        }
        exit bad
      }' "$OUT/roi-full.csv" "$OUT/roi-part.csv" > "$OUT/roi.md" || rc=$?
    cat "$OUT/roi.md"
    exit "${rc:-0}"
    ;;
  *) echo "crossover.sh: unknown mode '$MODE' (run, roi, draw)" >&2; exit 2 ;;
esac
