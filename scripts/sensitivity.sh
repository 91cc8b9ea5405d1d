#!/usr/bin/env bash
# Issue 17's sensitivity figure: which parameter, moved off its Table I or
# cited value, would change the paper set's BFS conclusion on the
# com-Youtube stand-in (copim faster than cpu-only and PEI there)?
# One parameter at a time, values around the default (halved and doubled
# where that is meaningful); the default point is the paper set's
# own run (main-bfs-<graph>-<policy>-500), so run `make sweep
# SWEEP_SET=paper` first or let this script run those three points too.
#
#   scripts/sensitivity.sh run [OUT]    run the points (resumable), gather, draw
#   scripts/sensitivity.sh draw [OUT]   gather and draw only
# sensitivity.csv also has copim's un-core energy over cpu-only's.
#   SENS_JOBS=2  SENS_GRAPH=rmatl:1134890:2987624  SENS_KERNEL=bfs  SENS_FIG=docs/figures  COPIM_SIM=build/copim-sim
#   SENS_PARAMS="pe.clk_ps pe.dcache_bytes" (a subset of the rows below)
#   SENS_NAME=sensitivity (the CSV and figure names; another kernel or graph
#   needs another name, e.g. sensitivity_pr)
#
# Parameters that only the PEs or the IMU see (PE clock and D-cache,
# coherence, theta) leave cpu-only and pei unchanged, so those run copim
# alone and are compared with the default cpu-only and pei runs.
# Points go through scripts/sweep_point.sh (validated JSON, atomic,
# resumable) into OUT/runs, shared with the sweep.
set -euo pipefail
MODE=${1:-run}
OUT=${2:-build/sweep}
SIM=${COPIM_SIM:-build/copim-sim}
JOBS=${SENS_JOBS:-2}
G=${SENS_GRAPH:-rmatl:1134890:2987624}
K=${SENS_KERNEL:-bfs}
FIG=${SENS_FIG:-docs/figures}
NAME=${SENS_NAME:-sensitivity}
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/sweep_lib.sh"
gid=$(sweep_gid "$G")
case $MODE in run | draw) ;; *) echo "sensitivity.sh: unknown mode '$MODE' (run, draw)" >&2; exit 2 ;; esac
mkdir -p "$OUT/runs" "$OUT/logs" "$FIG"

# param  values  policies  (theta in Q0.16 goes through the theta column;
# a 2 MB PE D-cache holds the com-DBLP stand-in's whole property array)
SPEC="pe.clk_ps 4000,1000 copim
pe.dcache_bytes 8192,131072,2097152 copim
pim.coherence 1 copim
imu.threshold_q16 656,6554 copim
llc.bytes 2097152,33554432 cpu-only,pei,copim
hmc.link_lat_ps 1600,6400 cpu-only,pei,copim
hmc.lane_mbps 12500,30000 cpu-only,pei,copim
hmc.open_page 1 cpu-only,pei,copim
host.rob 96,384 cpu-only,pei,copim
llc.mshrs 16,64 cpu-only,pei,copim"

LIST=$OUT/$NAME.points
{
  for p in cpu-only pei copim; do echo "main-$K-$gid-$p-500 $K $G $p 2000 -"; done
  while read -r name vals pols; do
    [ -z "${SENS_PARAMS:-}" ] || case " $SENS_PARAMS " in *" $name "*) ;; *) continue ;; esac
    for v in ${vals//,/ }; do
      for p in ${pols//,/ }; do
        id=sens-$K-$gid-$name-$v-$p
        if [ "$name" = imu.threshold_q16 ]; then echo "$id $K $G $p 2000 $v"
        elif [ "$name" = pe.clk_ps ]; then echo "$id $K $G $p $v -"
        else echo "$id $K $G $p 2000 - --$name=$v"; fi
      done
    done
  done <<< "$SPEC"
} > "$LIST.tmp" && mv "$LIST.tmp" "$LIST"

if [ "$MODE" = run ]; then
  echo "sensitivity: $(wc -l < "$LIST") points ($K on $G) -> $OUT/runs"
  COPIM_SIM=$SIM parallel -j "$JOBS" --colsep ' ' --halt never "$HERE/sweep_point.sh" "$OUT" {1} {2} {3} {4} {5} {6} {7} :::: "$LIST" ||
    echo "sensitivity: some points failed (logs in $OUT/logs); run again to retry them" >&2
fi

# gather: param,value,policy,kernel_us (default rows: param "default")
csv=$FIG/$NAME.csv
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
missing=0
while read -r id k g p clk th x; do
  f=$OUT/runs/$id.json
  if ! sweep_check "$f" "$k" "$g" "$p" "$clk" "$th" "${x:-}" > /dev/null; then missing=$((missing + 1)); continue; fi
  case $id in
    main-*) name=default v=- ;;
    *) rest=${id#sens-"$K"-"$gid"-}; rest=${rest%-"$p"}; name=${rest%-*}; v=${rest##*-} ;;
  esac
  jq -r --arg n "$name" --arg v "$v" --arg p "$p" '[$n, $v, $p, (.time.kernel_ps / 1000000), (.energy_pj.uncore / 1e6)] | @csv' "$f" >> "$T/rows"
done < "$LIST"
[ -s "$T/rows" ] || { echo "sensitivity: no results in $OUT/runs (run scripts/sensitivity.sh run)" >&2; exit 1; }
# one row per (param, value): copim's speedup over cpu-only and over pei with the same parameter
# (for copim-only parameters the default cpu-only and pei runs)
tr -d '"' < "$T/rows" | awk -F, -v g="$G" -v k="$K" '
  { t[$1 "=" $2, $3] = $4; en[$1 "=" $2, $3] = $5; if (!(($1 "=" $2) in seen)) { seen[$1 "=" $2] = 1; order[++n] = $1 "=" $2 } }
  END {
    d = "default=-"
    print "# " k " on " g ": copim speedup over cpu-only and over pei, one parameter moved at a time"
    print "param,value,copim_us,cpu_only_us,pei_us,copim_vs_cpu,copim_vs_pei,uncore_copim_over_cpu"
    for (i = 1; i <= n; i++) {
      key = order[i]; if (!((key, "copim") in t)) continue
      ck = ((key, "cpu-only") in t) ? key : d
      c = t[ck, "cpu-only"]
      e = ((key, "pei") in t) ? t[key, "pei"] : t[d, "pei"]
      split(key, kv, "=")
      printf "%s,%s,%.1f,%.1f,%.1f,%.3f,%.3f,%.3f\n", kv[1], kv[2], t[key, "copim"], c, e, c / t[key, "copim"], e / t[key, "copim"], en[key, "copim"] / en[ck, "cpu-only"]
    }
  }' > "$csv.tmp" && mv "$csv.tmp" "$csv"
awk -F, 'NR > 2 { lab = ($1 == "default") ? "default" : $1 "=" $2; print "\"" lab "\"", $6, $7 }' "$csv" > "$T/plot"
. "$HERE/plot_lib.sh"
PLOT_WIDTH=1200 PLOT_XTICS="rotate by -35 font ',9'" PLOT_EXTRA="1 with lines lw 2 lc rgb 'black' notitle" \
  plot_hist "$FIG" "$NAME" "Sensitivity: $K on $G, copim speedup with one parameter moved (1 = break-even)" \
  "speedup of copim" "$T/plot" "over cpu-only" "over pei"
note=""; [ "$missing" = 0 ] || note=" ($missing points without a result: run again)"
echo "sensitivity: $(($(wc -l < "$csv") - 2)) settings in $csv and $FIG/$NAME.png/svg$note"
[ "$missing" = 0 ]
