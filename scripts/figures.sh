#!/usr/bin/env bash
# make figures: the CoPIM paper's Fig. 5-9 and a comparison of all ten
# policies, as gnuplot PNG and SVG, from a sweep CSV (scripts/sweep.sh).
#   scripts/figures.sh CSV OUTDIR
# Normalisations (SPEC section 3): execution time = kernel time / the
# cpu-only run of the same kernel, graph and PE clock; geometric means over
# the kernel x graph points present for every plotted policy.
set -euo pipefail
CSV=${1:?usage: figures.sh CSV OUTDIR}
OUT=${2:-docs/figures}
[ -s "$CSV" ] || { echo "figures: no CSV at $CSV (run make sweep first)" >&2; exit 2; }
# issue 50: a CSV of fast-mode runs (its mode column) says so in every
# figure's title; one that mixes the modes is refused (its ratios would
# divide one mode's time by the other's)
MODES=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "mode") c = i; next }
  { m = c ? $c : "exact"; gsub(/"/, "", m); print m }' "$CSV" | sort -u | tr '\n' ' ')
case "$MODES" in
  "fast ") export FIG_TAG=" [fast mode: approximate timing, docs/performance.md]" ;;
  fast+*" ") [[ $MODES == *" "*" "* ]] && { echo "figures: $CSV mixes modes (mode column: $MODES); draw one mode's runs" >&2; exit 2; }
    m=${MODES% }
    # every approximate model (make sweep MODE=fasti): named short, the title would not fit
    [[ $m == *host.core=interval* ]] && m="every approximate model"
    export FIG_TAG=" [fast mode (${m//_/-}): approximate timing, docs/performance.md]" ;; # (gnuplot reads _ as a subscript)
  "exact " | "") export FIG_TAG="" ;;
  exact+*" ") [[ $MODES == *" "*" "* ]] && { echo "figures: $CSV mixes modes (mode column: $MODES); draw one mode's runs" >&2; exit 2; }
    m=${MODES% }; export FIG_TAG=" [${m//_/-}]" ;; # the exact mode with a setting the CSV names (coh_inflight=drop)
  *) echo "figures: $CSV mixes the exact and the fast mode (mode column: $MODES); draw one mode's runs" >&2; exit 2 ;;
esac
mkdir -p "$OUT"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
# plain whitespace table: set kernel graph policy mhz theta verified cycles share l1 l2 llc link dram logic uncore
awk -F, 'NR > 1 { for (i = 1; i <= NF; i++) gsub(/"/, "", $i); g = $4; sub(/\.txt(\.gz)?$/, "", g);
  print $2, $3, g, $5, $6, $7, $8, $9, $13, $15, $16, $17, $18, $19, $20, $21 }' "$CSV" > "$T/all"

# the compared policies from the simulator's policy table (csim/sys/sys_cfg.c)
SIM=${COPIM_SIM:-build/copim-sim}
POLS_ALL=$("$SIM" --list-policies | awk '$2 == "compared" { printf "%s%s", sep, $1; sep = " " }') ||
  { echo "figures: $SIM --list-policies failed (make build/copim-sim)" >&2; exit 2; }
# per main point: speedup/normalised time and share for a list of policies
table() { # $1 = field (time|share|energy) $2.. = policies
  local what=$1; shift
  awk -v what="$what" -v pols="$*" -v setp="${SETP:-main}" '
    BEGIN { np = split(pols, P, " ") }
    $1 == setp { key = $2 "/" $3; t[key, $4] = $8; s[key, $4] = $9; e[key, $4] = $16; keys[key] = 1 }
    END {
      n = 0
      for (k in keys) {
        ok = (k, "cpu-only") in t
        for (i = 1; i <= np; i++) ok = ok && ((k, P[i]) in t)
        if (!ok) continue
        line = k
        for (i = 1; i <= np; i++) {
          v = what == "time" ? t[k, P[i]] / t[k, "cpu-only"] : what == "share" ? 100 * s[k, P[i]] : e[k, P[i]] / e[k, "cpu-only"]
          line = line " " v; lg[i] += log(v > 0 ? v : 1e-9)
        }
        print line; n++
      }
      if (n && what != "share") { line = "GM"; for (i = 1; i <= np; i++) line = line " " exp(lg[i] / n); print line }
    }' "$T/all" | sort -t/ -k1,1 -k2,2 | awk '$1 != "GM" { print } $1 == "GM" { gm = $0 } END { if (gm != "") print gm }'
}

. "$(dirname "$0")/plot_lib.sh"
hist() { plot_hist "$OUT" "$@"; }  # name title ylabel data policies...

# the policies of a list that ran at every main point (the paper set runs
# the offline policies on p2p-Gnutella30 only; a figure then shows all points
# without them rather than one graph with them)
present() {
  awk -v pols="$*" 'BEGIN { np = split(pols, P, " ") }
    $1 == "main" { keys[$2 "/" $3] = 1; has[$2 "/" $3, $4] = 1 }
    END { for (i = 1; i <= np; i++) { ok = 1; for (k in keys) if (!((k, P[i]) in has)) ok = 0; if (ok) printf "%s%s", sep, P[i]; if (ok) sep = " " } }' "$T/all"
}
# Fig. 5: offloaded instruction share
P5=$(present pim-only copim copim-ab mpki greedy pimprof a3pim oracle)
table share $P5 > "$T/f5"
hist fig5_offload_share "Fig. 5: offloaded instruction share (PE instructions / all kernel instructions)" "% of kernel instructions on PEs" "$T/f5" $P5
# Fig. 6: execution time normalised to cpu-only, with the geometric mean
# (and issue 53's on-line decision, copim-ab, where it ran at every point)
P6="pim-only pei graphpim copim $(present copim-ab)"
table time $P6 > "$T/f6"
hist fig6_exec_time "Fig. 6: kernel execution time normalised to cpu-only (last group: geometric mean)" "time / cpu-only" "$T/f6" $P6
# Fig. 6 again with a 256 KB LLC (the graphs' ratio to the LLC of the paper's larger graphs), when swept
SETP=llc table time pim-only pei graphpim copim mpki > "$T/f6b"
hist fig6b_exec_time_llc256k "Fig. 6 with a 256 KB LLC: kernel time normalised to cpu-only with the same LLC (last group: GM)" "time / cpu-only" "$T/f6b" pim-only pei graphpim copim mpki
SETP=llc table share pim-only copim mpki > "$T/f5b"
# Fig. 7: un-core energy breakdown, per policy: mean over the points of each component / cpu-only un-core
awk -v pols="cpu-only pim-only pei graphpim copim" '
  BEGIN { np = split(pols, P, " ") }
  $1 == "main" { k = $2 "/" $3; for (c = 10; c <= 15; c++) e[k, $4, c] = $c; u[k, $4] = $16; keys[k] = 1 }
  END {
    for (k in keys) { ok = (k, "cpu-only") in u; for (i = 1; i <= np; i++) ok = ok && ((k, P[i]) in u); if (!ok) continue; n++
      for (i = 1; i <= np; i++) for (c = 10; c <= 15; c++) m[i, c] += e[k, P[i], c] / u[k, "cpu-only"] }
    for (i = 1; i <= np; i++) { line = P[i]; for (c = 10; c <= 15; c++) line = line " " (n ? m[i, c] / n : 0); print line }
  }' "$T/all" > "$T/f7"
[ -s "$T/f7" ] && plot_both "$OUT" fig7_uncore_energy 900 <<EOG
set title "Fig. 7: un-core energy breakdown, normalised to cpu-only (mean over kernels x graphs)$FIG_TAG"
set ylabel "energy / cpu-only un-core"
set style data histograms
set style histogram rowstacked
set style fill solid 0.85 border -1
set boxwidth 0.6
set key outside right top
set grid ytics
plot '$T/f7' using 2:xtic(1) title 'L1', '' using 3 title 'L2', '' using 4 title 'LLC', '' using 5 title 'HMC link', '' using 6 title 'HMC DRAM', '' using 7 title 'HMC logic'
EOG
# Fig. 8: PE frequency: speedup over cpu-only of pim-only and copim, PEs at 500 MHz and 1 GHz
awk '
  ($1 == "main" || $1 == "freq") { k = $2 "/" $3; t[k, $4, $5] = $8; keys[k] = 1 }
  END { for (k in keys) if ((k, "copim", 1000) in t && (k, "cpu-only", 500) in t && (k, "pim-only", 1000) in t) {
      b = t[k, "cpu-only", 500]
      print k, b / t[k, "pim-only", 500], b / t[k, "pim-only", 1000], b / t[k, "copim", 500], b / t[k, "copim", 1000] } }' \
  "$T/all" | sort > "$T/f8"
hist fig8_pe_freq "Fig. 8: speedup over cpu-only with PEs at 500 MHz and 1 GHz" "speedup (cpu-only time / time)" "$T/f8" \
  "pim-only 500 MHz" "pim-only 1 GHz" "copim 500 MHz" "copim 1 GHz"
# Fig. 9: theta sensitivity: copim time normalised to cpu-only vs the threshold
# (the paper set's 5 % point is its main copim run: same parameters, one run)
awk '$1 == "main" && $4 == "cpu-only" && $5 == 500 { base[$2 "/" $3] = $8 }
     $1 == "main" && $4 == "copim" && $5 == 500 && $6 == 5 { main5[$2 "/" $3] = $8 }
     $1 == "theta" { k = $2 "/" $3; v[k, $6] = $8; keys[k] = 1 }
     END { for (k in keys) if (!((k, 5) in v) && (k in main5)) v[k, 5] = main5[k]
           for (th = 1; th <= 10; th++) { n = 0; line = th
             for (k in keys) if (k in base) { if ((k, th) in v) { line = line " " v[k, th] / base[k]; n++ } else line = line " NaN" }
             if (n) print line }
           for (k in keys) if (k in base) printf "%s ", k > "/dev/stderr" }' "$T/all" > "$T/f9" 2> "$T/f9keys"
read -r -a K9 < "$T/f9keys" || true
plot9=""; i=2
for k in "${K9[@]}"; do plot9="$plot9${plot9:+, }'$T/f9' using 1:$i with linespoints lw 2 title '$k'"; i=$((i + 1)); done
if [ -n "$plot9" ]; then
  plot_both "$OUT" fig9_theta 900 <<EOG
set title "Fig. 9: CoPIM sensitivity to the offload threshold theta$FIG_TAG"
set xlabel "theta threshold (%)"
set ylabel "kernel time / cpu-only"
set xtics 1
set key outside right top
set grid
plot $plot9
EOG
fi
# all ten policies: geometric-mean speedup over cpu-only and mean offloaded share
table time $POLS_ALL | awk '$1 == "GM"' > "$T/gm"
table share $POLS_ALL > "$T/sh"
awk -v pols="$POLS_ALL" 'BEGIN { np = split(pols, P, " ") }
  FNR == NR { for (i = 2; i <= NF; i++) gm[i - 1] = $i; next }
  { n++; for (i = 2; i <= NF; i++) sh[i - 1] += $i }
  END { for (i = 1; i <= np; i++) print P[i], 1 / gm[i], sh[i] / n }' "$T/gm" "$T/sh" > "$T/summary"
# only points where all ten ran (the paper set: p2p-Gnutella30); none: no figure, no table
if [ -s "$T/gm" ]; then mv -f "$T/summary" "$OUT/policies_summary.txt"
else echo "figures: no point has all of $POLS_ALL: fig10_all_policies skipped" >&2; fi
[ -s "$T/gm" ] && plot_both "$OUT" fig10_all_policies 1000 <<EOG
set title "All ten policies: geometric-mean speedup over cpu-only (bars) and mean offloaded share (points)$FIG_TAG"
set ylabel "speedup (GM)"
set y2label "offloaded share (%)"
set y2tics
set ytics nomirror
set style fill solid 0.85 border -1
set boxwidth 0.6
set xtics rotate by -30
set yrange [0:*]
set y2range [0:100]
set grid ytics
plot '$OUT/policies_summary.txt' using 0:2:xtic(1) with boxes title 'GM speedup', '' using 0:3 axes x1y2 with points pt 7 ps 1.5 title 'offloaded share'
EOG
cp "$T/f6b" "$OUT/fig6b_data.txt"; cp "$T/f5b" "$OUT/fig5b_data.txt"; cp "$T/f6" "$OUT/fig6_data.txt"; cp "$T/f5" "$OUT/fig5_data.txt"; cp "$T/f7" "$OUT/fig7_data.txt"; cp "$T/f8" "$OUT/fig8_data.txt"; cp "$T/f9" "$OUT/fig9_data.txt"
echo "figures: $(ls "$OUT"/*.png | wc -l) PNG + SVG in $OUT (data tables *_data.txt, policies_summary.txt)"
