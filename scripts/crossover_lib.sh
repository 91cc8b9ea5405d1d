# shellcheck shell=bash
# Shared by crossover_draw.sh and crossover_setting.sh: the crossover
# figures' frame, so the paper PE's map and a setting's read on the same axes.
#   xo_terminal png|svg   gnuplot's terminal line for the two-panel figure
#   xo_axes               log-log axes, labels, grid, key, the x range of
#                         the map (footprint / LLC 0.02..60) and f(x) = 1
xo_terminal() {
  if [ "$1" = png ]; then echo "set terminal pngcairo size 1300,520 font ',10'"; else echo "set terminal svg size 1300,520 font ',10'"; fi
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
