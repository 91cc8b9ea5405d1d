#!/usr/bin/env bash
# The crossover map of a PE setting (issue 32 item 3) beside the paper's PE:
# copim and pim-only with PEs at 500 MHz and SETTING's options, at every
# point of scripts/crossover.sh's map (the same graphs, LLC sizes and
# footprints), as speedups over the cpu-only times of that map.
#
#   scripts/crossover_setting.sh run  OUT NAME "OPTIONS" [BASE_CSV]
#   scripts/crossover_setting.sh draw OUT NAME "OPTIONS" [BASE_CSV]
#
#   e.g. scripts/crossover_setting.sh run build/xo-pf dmshrs4pf2 "--set pe.dmshrs=4 --set pe.dprefetch=2"
#
# BASE_CSV (default docs/figures/crossover.csv) is the paper PE's map; its
# cpu-only, pei and graphpim columns do not depend on the PE, so only the
# PE policies run again.  The base must be of the same models: `run` first
# reruns the map's cheapest cpu-only and copim points and stops when either
# differs from the base by a picosecond.  Writes FIG/crossover_NAME.csv (the
# base's columns then copim_500_NAME, pim_only_500_NAME), the summary
# FIG/crossover_NAME_summary.md (where copim with NAME starts to beat
# cpu-only, pei, graphpim and the paper's copim) and the figures
# FIG/crossover_NAME_{bfs,pr}.{png,svg}.  Points go through sweep_point.sh
# (validated, resumable); XO_JOBS (1), COPIM_SIM, XO_FIG as crossover.sh.
# The two model-check runs are not points: they run every time, on purpose.
# Single figures are read with scripts/stat.py; the times file keeps jq's
# own division, so that it stays what it was byte for byte.
set -euo pipefail
MODE=${1:-}
OUT=${2:-}
NAME=${3:-}
OPTS=${4:-}
BASE=${5:-docs/figures/crossover.csv}
[[ $MODE =~ ^(run|draw)$ && -n $OUT && $NAME =~ ^[a-z0-9]+$ && -n $OPTS ]] || {
  echo "usage: crossover_setting.sh run|draw OUT NAME \"OPTIONS\" [BASE_CSV] (NAME: [a-z0-9]+)" >&2; exit 2; }
[ -s "$BASE" ] || { echo "crossover_setting: no base map $BASE" >&2; exit 2; }
SIM=${COPIM_SIM:-build/copim-sim}
JOBS=${XO_JOBS:-1}
FIG=${XO_FIG:-docs/figures}
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/sweep_lib.sh"
. "$HERE/crossover_lib.sh"
mkdir -p "$OUT/runs" "$OUT/logs"
gid() { echo "$1" | sed 's/:/_/g'; }

# the points: one per row of the base map, pim-only and copim at 500 MHz
awk -F, 'NR > 1 { print $1, $2, $3, $4 }' "$BASE" | while read -r k axis g llc; do
  x=""; tag=8m
  [ "$axis" = llc ] && { x="--llc.bytes=$llc"; tag=$((llc / 1024))k; }
  for p in pim-only copim; do
    echo "$NAME-$k-$(gid "$g")-$tag-$p-500 $k $g $p 2000 -${x:+ $x}"
  done
done | awk '!seen[$1]++' > "$OUT/points"

if [ "$MODE" = run ]; then
  # the base is of these models: its cheapest BFS point again, to the picosecond
  g0=$(awk -F, 'NR > 1 && $1 == "bfs" && $2 == "scale" { print $3; exit }' "$BASE")
  for p in cpu-only copim; do
    "$SIM" --kernel bfs --graph "$g0" --policy "$p" --quiet --stats "$OUT/check-$p.json" > /dev/null
  done
  awk -F, -v g="$g0" -v c="$("$HERE/stat.py" get "$OUT/check-cpu-only.json" time.kernel_ps)" \
      -v s="$("$HERE/stat.py" get "$OUT/check-copim.json" time.kernel_ps)" '
    NR > 1 && $1 == "bfs" && $2 == "scale" && $3 == g {
      us = sprintf("%.3f", c / 1e6); r = sprintf("%.4f", c / s)
      if (us != $8 || r != $9) { printf "crossover_setting: %s is not of these models: bfs %s cpu-only %s us (base %s), copim 500 MHz %s (base %s)\n", base, g, us, $8, r, $9 > "/dev/stderr"; exit 1 }
      found = 1 }
    END { if (!found) { print "crossover_setting: no bfs scale row for " g " in the base" > "/dev/stderr"; exit 1 } }' "$BASE"
  n=$(wc -l < "$OUT/points")
  echo "crossover_setting: $n points of $NAME ($OPTS) in $OUT/points, $JOBS jobs (done ones skipped)"
  # cheapest first (the graph's scale, then the LLC descending)
  awk '{ split($3, a, ":"); print a[2], $0 }' "$OUT/points" | sort -s -n -k1,1 | cut -d' ' -f2- > "$OUT/order"
  COPIM_SIM=$SIM COPIM_SWEEP_ARGS="$OPTS" parallel -j "$JOBS" --colsep ' ' --halt never \
    "$HERE/sweep_point.sh" "$OUT" {1} {2} {3} {4} {5} {6} {7} :::: "$OUT/order" || true
fi

# gather: kernel,axis,graph,llc -> time; each JSON must carry the setting's
# options (sweep_point.sh checks the point itself)
want=$(echo "$OPTS" | grep -o -- '--set [^ ]*\|--[a-z_]*\.[a-z_]*=[^ ]*' | sed 's/^--set //; s/^--//' | tr '\n' ' ')
: > "$OUT/times.csv"
miss=0
while read -r id k g p c t x; do
  f=$OUT/runs/$id.json
  if ! why=$(sweep_check "$f" "$k" "$g" "$p" "$c" "$t" "$x"); then
    echo "crossover_setting: $id: $why" >&2; miss=$((miss + 1)); continue
  fi
  for kv in $want; do
    [ "$("$HERE/stat.py" get "$f" "params.${kv%%=*}")" = "${kv#*=}" ] || {
      echo "crossover_setting: $f does not have ${kv}" >&2; exit 1; }
  done
  axis=$([ -z "$x" ] && echo scale || echo llc)
  llc=$("$HERE/stat.py" get "$f" params.llc.bytes)
  echo "$k,$axis,$g,$llc,$p,$(jq '.time.kernel_ps / 1000000' "$f")" >> "$OUT/times.csv"
done < "$OUT/points"
echo "crossover_setting: $(wc -l < "$OUT/times.csv") results, $miss missing or bad"

mkdir -p "$FIG"
awk -F, -v name="$NAME" '
  FNR == NR { t[$1 "," $2 "," $3 "," $4, $5] = $6; next }
  FNR == 1 { print $0 ",copim_500_" name ",pim_only_500_" name; next }
  { k = $1 "," $2 "," $3 "," $4
    c = (k, "copim") in t ? sprintf("%.4f", $8 / t[k, "copim"]) : ""
    p = (k, "pim-only") in t ? sprintf("%.4f", $8 / t[k, "pim-only"]) : ""
    print $0 "," c "," p }' "$OUT/times.csv" "$BASE" > "$FIG/crossover_$NAME.csv"

# where copim with the setting starts to beat each competitor for good on an
# axis (the smallest footprint/LLC from which it is faster at every larger
# point), as crossover_draw.sh's summary does for the paper's PE
awk -F, -v name="$NAME" "$XO_CROSS_AWK"'
  NR == 1 { next }
  $15 == "" { next }
  { k = $1 "," $2; n[k]++; r[k, n[k]] = $6; v[k, n[k], "cpu"] = 1; v[k, n[k], "s"] = $15
    v[k, n[k], "c500"] = $9; v[k, n[k], "pei"] = $13; v[k, n[k], "gp"] = $14 }
  END {
    print "| kernel | axis | copim " name " beats cpu-only | beats pei | beats graphpim | beats the paper PE'"'"'s copim |"
    print "|---|---|---|---|---|---|"
    for (k in n) {
      split(k, a, ",")
      printf "| %s | %s | %s | %s | %s | %s |\n", a[1], a[2], cross(k, "s", "cpu"), cross(k, "s", "pei"), cross(k, "s", "gp"), cross(k, "s", "c500")
    }
  }' "$FIG/crossover_$NAME.csv" | { IFS= read -r h; IFS= read -r s; echo "$h"; echo "$s"; sort; } > "$FIG/crossover_${NAME}_summary.md"

T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
for k in bfs pr; do
  for a in scale llc; do
    awk -F, -v k=$k -v a=$a 'NR > 1 && $1 == k && $2 == a && $15 != "" { print $6, $9, $11, $15, $16, $13, $14 }' \
      "$FIG/crossover_$NAME.csv" > "$T/$k-$a.dat"
  done
  [ -s "$T/$k-scale.dat" ] || [ -s "$T/$k-llc.dat" ] || continue
  title=$([ $k = bfs ] && echo BFS || echo PageRank)
  for term in png svg; do
    gnuplot <<EOF
$(xo_head $term "$FIG/crossover_${NAME}_$k.$term" "$title, PEs at 500 MHz: the paper's PE (thin, dashed) and $NAME (thick) against cpu-only; speedup over footprint / LLC")
set yrange [0.1:3]
set key bottom right
do for [a in "scale llc"] {
  set title (a eq "scale") ? "kron:S:8 at the 8 MB LLC" : "kron:17:8, LLC varied"
  file = sprintf("$T/$k-%s.dat", a)
  plot file u 1:4 w lp lc rgb "#d62728" pt 7 lw 3 t "copim $NAME", \
       file u 1:2 w lp lc rgb "#d62728" pt 6 lw 1 dt 2 t "copim paper PE", \
       file u 1:5 w lp lc rgb "#1f77b4" pt 5 lw 3 t "pim-only $NAME", \
       file u 1:3 w lp lc rgb "#1f77b4" pt 4 lw 1 dt 2 t "pim-only paper PE", \
       file u 1:6 w lp lc rgb "#2ca02c" pt 9 lw 1 t "pei", \
       file u 1:7 w lp lc rgb "#9467bd" pt 11 lw 1 t "graphpim", \
       f(x) w l lc rgb "black" dt 3 t "cpu-only"
}
unset multiplot
EOF
  done
done
echo "crossover_setting: $FIG/crossover_$NAME.csv, $FIG/crossover_${NAME}_summary.md, $FIG/crossover_${NAME}_{bfs,pr}.{png,svg}"
