#!/usr/bin/env bash
# Draws the crossover map from scripts/crossover.sh's CSV:
#   scripts/crossover_draw.sh CSV FIGDIR
# writes FIGDIR/crossover.csv (the data table: one row per kernel, axis and
# point, speedups over cpu-only), FIGDIR/crossover_<kernel>.png/.svg and
# FIGDIR/crossover_summary.md (where copim starts to beat each competitor).
# Speedup = cpu-only kernel time / the policy's, at the same point.
set -euo pipefail
CSV=${1:?usage: crossover_draw.sh CSV FIGDIR}
FIG=${2:-docs/figures}
[ -s "$CSV" ] || { echo "crossover: no CSV at $CSV (run scripts/crossover.sh run first)" >&2; exit 2; }
mkdir -p "$FIG"
. "$(dirname "$0")/crossover_lib.sh"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# footprint (bytes the kernel touches, scripts/crossover.sh) and the table
awk -F, -v sp=256 '
  NR == 1 { next }
  $10 != "true" { print "crossover: " $1 " is not verified" > "/dev/stderr"; bad = 1; next }
  {
    axis = substr($1, 1, 2) == "xs" ? "scale" : "llc"
    n = $4; m = $5
    fp = $2 == "bfs" ? 4 * (n + 1 + m + 2 * n + 2 * (n + int(m / sp) + 1)) : 4 * (n + 1 + m + 2 * n)
    key = $2 "," axis "," $3 "," $8
    FP[key] = fp; K[key] = 1
    col = $6 ($6 == "pim-only" || $6 == "copim" ? "_" $7 : "")
    t[key, col] = $12; it[key] = $9
  }
  END {
    print "kernel,axis,graph,llc_bytes,footprint_bytes,footprint_over_llc,pr_iters,cpu_only_us,copim_500,copim_1000,pim_only_500,pim_only_1000,pei,graphpim"
    nc = split("copim_500 copim_1000 pim-only_500 pim-only_1000 pei graphpim", C, " ")
    for (k in K) {
      if (!((k, "cpu-only") in t)) continue
      split(k, a, ",")
      line = sprintf("%s,%s,%s,%d,%d,%.6g,%s,%.3f", a[1], a[2], a[3], a[4], FP[k], FP[k] / a[4], a[1] == "pr" ? it[k] : "", t[k, "cpu-only"])
      for (i = 1; i <= nc; i++) line = line "," ((k, C[i]) in t ? sprintf("%.4f", t[k, "cpu-only"] / t[k, C[i]]) : "")
      print line
    }
    exit bad
  }' "$CSV" | { IFS= read -r h; echo "$h"; sort -t, -k1,1 -k2,2 -k6,6g; } > "$T/table.csv"
mv -f "$T/table.csv" "$FIG/crossover.csv"

# where copim (at each PE clock) starts to beat cpu-only, pei and graphpim
# for good on each axis: the smallest footprint/LLC from which copim is
# faster at every larger point of that axis
awk -F, "$XO_CROSS_AWK"'
  NR == 1 { next }
  { k = $1 "," $2; n[k]++; r[k, n[k]] = $6; v[k, n[k], "cpu"] = 1
    v[k, n[k], "c500"] = $9; v[k, n[k], "c1000"] = $10; v[k, n[k], "pei"] = $13; v[k, n[k], "gp"] = $14 }
  END {
    print "| kernel | axis | copim PE clock | beats cpu-only | beats pei | beats graphpim |"
    print "|---|---|---|---|---|---|"
    for (k in n) {
      split(k, a, ",")
      for (c = 500; c <= 1000; c += 500)
        printf "| %s | %s | %d MHz | %s | %s | %s |\n", a[1], a[2], c, cross(k, "c" c, "cpu"), cross(k, "c" c, "pei"), cross(k, "c" c, "gp")
    }
  }' "$FIG/crossover.csv" | { IFS= read -r h; IFS= read -r s; echo "$h"; echo "$s"; sort; } > "$FIG/crossover_summary.md"

for k in bfs pr; do
  for a in scale llc; do
    awk -F, -v k=$k -v a=$a 'NR > 1 && $1 == k && $2 == a { print $6, $9, $10, $11, $12, $13, $14 }' "$FIG/crossover.csv" > "$T/$k-$a.dat"
  done
  [ -s "$T/$k-scale.dat" ] || [ -s "$T/$k-llc.dat" ] || continue
  name=$([ $k = bfs ] && echo BFS || echo "PageRank")
  for term in png svg; do
    gnuplot <<EOF
$(xo_head $term "$FIG/crossover_$k.$term" "$name: speedup over cpu-only against footprint / LLC (solid: kron:S:8 at the 8 MB LLC; dashed: kron:17:8 with the LLC varied)")
do for [c in "500 1000"] {
  set title sprintf("copim and pim-only PEs at %s MHz", c)
  col_c = (c eq "500") ? 2 : 3
  col_p = (c eq "500") ? 4 : 5
  plot "$T/$k-scale.dat" u 1:col_c w lp lc rgb "#d62728" pt 7 lw 2 t "copim", \
       "$T/$k-scale.dat" u 1:col_p w lp lc rgb "#1f77b4" pt 5 lw 2 t "pim-only", \
       "$T/$k-scale.dat" u 1:6 w lp lc rgb "#2ca02c" pt 9 lw 2 t "pei", \
       "$T/$k-scale.dat" u 1:7 w lp lc rgb "#9467bd" pt 11 lw 2 t "graphpim", \
       "$T/$k-llc.dat" u 1:col_c w lp lc rgb "#d62728" pt 6 dt 2 t "", \
       "$T/$k-llc.dat" u 1:col_p w lp lc rgb "#1f77b4" pt 4 dt 2 t "", \
       "$T/$k-llc.dat" u 1:6 w lp lc rgb "#2ca02c" pt 8 dt 2 t "", \
       "$T/$k-llc.dat" u 1:7 w lp lc rgb "#9467bd" pt 10 dt 2 t "", \
       f(x) w l lc rgb "black" dt 3 t "cpu-only"
}
unset multiplot
EOF
  done
done
echo "crossover: $FIG/crossover.csv, $FIG/crossover_summary.md, $FIG/crossover_{bfs,pr}.{png,svg}"
