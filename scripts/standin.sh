#!/usr/bin/env bash
# The stand-in study (issue 31, docs/workloads.md "Stand-ins against the
# real graphs"): each real SNAP graph of ../shared/data/graphs beside
# generated stand-ins with its vertex and edge counts, every point under the
# five main policies, and how far each stand-in's speedups over cpu-only are
# from the real graph's.
#
#   scripts/standin.sh run OUT GRAPH KERNEL [copim-sim args]
#       one point: the five policies, each a run of scripts/sweep_point.sh
#       (validated, atomic, resumed like the sweep's), statistics in
#       OUT/runs/<gid>.<kernel>.<policy>.json (gid: sweep_gid); a policy
#       whose result is there is not run again (resumes after a kill).  A
#       result of the older layout (OUT/<id>.json, one copim-sim --compare
#       of the five) is moved there and checked.  The graph is read once per
#       policy, not once per point as --compare did: a few seconds against
#       the minutes of a run.
#   scripts/standin.sh table OUT REAL=STANDIN... [KERNELS]
#       the table (CSV on stdout): per real graph, stand-in, kernel and policy
#       the speedup over cpu-only on both and the error (stand-in - real);
#       REAL and STANDIN are gids.  Points missing on either side are left out.
#   scripts/standin.sh mae CSV
#       mean absolute error per generator (the stand-in's gid up to its first
#       '_', a final 'd' dropped: rmatd counts as rmat) over the points that
#       every generator has
#
# COPIM_SIM (default build/copim-sim); run it under nice.  Figures are read
# with scripts/stat.py.
set -u
cd "$(dirname "$0")/.."
. scripts/sweep_lib.sh
POLS="cpu-only pim-only pei graphpim copim"
# a result's file: OUT/runs/<id>.json, or the older layout's OUT/<id>.json
result() { if [[ -e $1/runs/$2.json || ! -e $1/$2.json ]]; then echo "$1/runs/$2.json"; else echo "$1/$2.json"; fi; }
verified() { [[ $(scripts/stat.py get "$1" result.verified 2>/dev/null) == true ]]; }

case ${1:-} in
  run)
    [[ $# -ge 4 ]] || { echo "usage: $0 run OUT GRAPH KERNEL [args]" >&2; exit 2; }
    out=$2 g=$3 k=$4
    shift 4
    mkdir -p "$out"
    gid=$(sweep_gid "$g")
    sweep_split "$@"
    rc=0 ran=0
    for p in $POLS; do
      id=$gid.$k.$p
      if [[ -s $out/$id.json && ! -e $out/runs/$id.json ]]; then mkdir -p "$out/runs" && mv "$out/$id.json" "$out/runs/$id.json"; fi
      sweep_check "$out/runs/$id.json" "$k" "$g" "$p" "$SWEEP_CLK" "$SWEEP_TH" "$SWEEP_X" >/dev/null && continue
      ran=1
      COPIM_SWEEP_ARGS=$SWEEP_REST scripts/sweep_point.sh "$out" "$id" "$k" "$g" "$p" "$SWEEP_CLK" "$SWEEP_TH" "$SWEEP_X" || rc=1
    done
    [[ $ran == 0 ]] && { echo "standin: $gid $k done"; exit 0; }
    # the CPU time of the five runs (user + system, sweep_point.sh's .time files)
    echo "standin: $gid $k rc=$rc $(cat "$out/logs/$gid.$k".*.time 2>/dev/null | awk '{s += $1 + $2} END {print s " s CPU"}')"
    exit $rc ;;
  table)
    [[ $# -ge 3 ]] || { echo "usage: $0 table OUT REAL=STANDIN... [KERNELS]" >&2; exit 2; }
    out=$2
    shift 2
    kernels="bfs sssp prp"
    pairs=()
    for a in "$@"; do
      if [[ $a == *=* ]]; then pairs+=("$a"); else kernels=$a; fi
    done
    echo "real,standin,kernel,policy,speedup_real,speedup_standin,error"
    for pr in "${pairs[@]}"; do
      r=${pr%%=*} s=${pr#*=}
      for k in $kernels; do
        for p in $POLS; do
          [[ $p == cpu-only ]] && continue
          f=("$(result "$out" "$r.$k.cpu-only")" "$(result "$out" "$r.$k.$p")" "$(result "$out" "$s.$k.cpu-only")" "$(result "$out" "$s.$k.$p")")
          ok=1
          for x in "${f[@]}"; do verified "$x" || ok=0; done
          [[ $ok == 1 ]] || continue
          jq -r -s --arg r "$r" --arg s "$s" --arg k "$k" --arg p "$p" '
            (.[0].time.kernel_ps / .[1].time.kernel_ps) as $a | (.[2].time.kernel_ps / .[3].time.kernel_ps) as $b |
            "\($r),\($s),\($k),\($p),\($a * 1000 | round / 1000),\($b * 1000 | round / 1000),\(($b - $a) * 1000 | round / 1000)"' "${f[@]}"
        done
      done
    done ;;
  mae)
    [[ $# -eq 2 ]] || { echo "usage: $0 mae CSV" >&2; exit 2; }
    # Over the points (real graph, kernel, policy) every generator has, so
    # the generators are compared on the same points.  pei equals cpu-only
    # on every graph that fits the LLC (its monitor predicts hits): its zero
    # errors are counted in mae and left out of mae_no_pei.
    awk -F, 'function gen(x) { sub(/_.*/, "", x); sub(/d$/, "", x); return x }
      NR == FNR { if (FNR > 1) { g = gen($2); gens[g] = 1; have[$1 "," $3 "," $4 "," g] = 1; key[$1 "," $3 "," $4] = 1 }; next }
      FNR == 1 { for (k in key) { ok = 1; for (g in gens) if (!((k "," g) in have)) ok = 0; if (ok) common[k] = 1 }; next }
      ($1 "," $3 "," $4) in common { g = gen($2); e = $7 < 0 ? -$7 : $7; s[g] += e; n[g]++
                      if (e > mx[g]) mx[g] = e; if ($4 != "pei") { s2[g] += e; n2[g]++ } }
      END { print "generator,points,mae,max_abs_error,points_no_pei,mae_no_pei"
            for (g in s) printf "%s,%d,%.3f,%.3f,%d,%.3f\n", g, n[g], s[g] / n[g], mx[g], n2[g], n2[g] ? s2[g] / n2[g] : 0 }' "$2" "$2" ;;
  *) echo "usage: $0 run|table|mae ..." >&2; exit 2 ;;
esac
