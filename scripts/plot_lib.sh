# Sourced by scripts/figures.sh and scripts/sensitivity.sh: one clustered
# histogram as PNG and SVG.
#   plot_hist OUTDIR NAME TITLE YLABEL DATA COLUMN_TITLE...
# DATA: a label column, then one column per COLUMN_TITLE.  Optional:
# PLOT_WIDTH (pixels, 1400), PLOT_XTICS (gnuplot xtics options), PLOT_EXTRA
# (more plot items, e.g. "1 with lines notitle" for a break-even line).
# An empty DATA is reported and skipped (a figure whose points did not run).
plot_hist() {
  local out=$1 name=$2 title=$3 ylab=$4 data=$5; shift 5
  if [ ! -s "$data" ]; then echo "figures: no data for $name (its sweep points are missing): skipped" >&2; return 0; fi
  [ $# -gt 0 ] || { echo "figures: no column for $name (no policy ran at every point): skipped" >&2; return 0; }
  local plot="" i=2 p w=${PLOT_WIDTH:-1400}
  for p in "$@"; do plot="$plot${plot:+, }'$data' using $i:xtic(1) title '$p'"; i=$((i + 1)); done
  [ -n "${PLOT_EXTRA:-}" ] && plot="$plot, $PLOT_EXTRA"
  plot_both "$out" "$name" "$w" <<EOG
set termoption noenhanced
set title "$title${FIG_TAG:-}"
set ylabel "$ylab"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set xtics ${PLOT_XTICS:-rotate by -40 font ',8'}
set key outside right top
set grid ytics
set yrange [0:*]
plot $plot
EOG
}

# plot_both OUTDIR NAME WIDTH: the gnuplot commands on stdin, drawn as
# OUTDIR/NAME.png and OUTDIR/NAME.svg (520 pixels high)
plot_both() {
  local out=$1 name=$2 w=$3 body term ext
  body=$(cat)
  for term in "pngcairo size $w,520 font ',10'" "svg size $w,520 font 'sans,10'"; do
    ext=png; case $term in svg*) ext=svg ;; esac
    printf 'set terminal %s\nset output "%s/%s.%s"\n%s\n' "$term" "$out" "$name" "$ext" "$body" | gnuplot
  done
}
