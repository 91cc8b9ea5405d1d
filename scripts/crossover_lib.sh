# shellcheck shell=bash
# Shared by crossover_draw.sh and crossover_setting.sh: the crossover
# figures' frame, so the paper PE's map and a setting's read on the same axes.
#   xo_terminal png|svg   gnuplot's terminal line for the two-panel figure
#   xo_axes               log-log axes, labels, grid, key, the x range of
#                         the map (footprint / LLC 0.02..60) and f(x) = 1
xo_terminal() {
  if [ "$1" = png ]; then echo "set terminal pngcairo size 1300,520 font ',10'"; else echo "set terminal svg size 1300,520 font ',10'"; fi
}
# xo_head png|svg OUTPUT TITLE: terminal, output, the two-panel layout, axes
xo_head() {
  xo_terminal "$1"
  echo "set output \"$2\""
  echo "set multiplot layout 1,2 title \"$3\""
  xo_axes
}
xo_axes() {
  cat <<'G'
set logscale xy
set xlabel "kernel footprint / LLC size"
set ylabel "speedup over cpu-only (kernel time)"
set grid
set key top left
set xrange [0.02:60]
f(x) = 1
G
}
# awk: cross(k, c, o), the smallest footprint / LLC of axis k from which
# column c beats column o at every larger point ("never (up to X)",
# "everywhere (from X)" or "from X"); the caller fills n[k] (points of the
# axis, in rising footprint), r[k, i] (footprint / LLC) and v[k, i, col]
# (speedups, "" when missing)
XO_CROSS_AWK='
function cross(k, c, o,   i, from) {
  from = ""
  for (i = n[k]; i >= 1; i--) {
    if (v[k, i, c] == "" || v[k, i, o] == "") continue
    if (v[k, i, c] > v[k, i, o]) from = r[k, i]; else break
  }
  return from == "" ? "never (up to " r[k, n[k]] ")" : (from == r[k, 1] ? "everywhere (from " from ")" : "from " from)
}
'
