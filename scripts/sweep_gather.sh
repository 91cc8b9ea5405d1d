#!/usr/bin/env bash
# Gathers the points of sweep set SET (OUT/SET.points) from OUT/runs/*.json
# into OUT/SET.csv (sorted by id, written atomically).  Each JSON is
# validated first (sweep_lib.sh): a bad one is moved aside (<id>.json.bad)
# so the next sweep runs the point again.  When a point is missing or bad
# the CSV holds the others, and one line on stderr names every such point
# (with the file and why), and the exit status is 1.  No temporary file is
# left behind, whatever happens.  Columns: docs/results.md.
set -uo pipefail
OUT=${1:?usage: sweep_gather.sh OUT SET}
SET=${2:?usage: sweep_gather.sh OUT SET}
. "$(dirname "$0")/sweep_lib.sh"
[ -f "$OUT/$SET.points" ] || { echo "sweep: $OUT/$SET.points: no such points list (run scripts/sweep.sh $SET $OUT)" >&2; exit 2; }
csv=$OUT/$SET.csv
tmp=$OUT/.results.csv.$$
trap 'rm -f "$tmp"' EXIT
echo "id,set,kernel,graph,policy,pe_mhz,theta_pct,verified,kernel_cycles,kernel_us,host_insns,pe_insns,offloaded_share,offloaded_share_nosync,e_l1_uj,e_l2_uj,e_llc_uj,e_link_uj,e_dram_uj,e_logic_uj,e_uncore_uj,e_pe_cache_uj,hmc_amos,launches,llc_kb,plan,hmc_requests,hmc_lat_avg_ps,mode" > "$tmp" || exit 2
problems=()
total=0
while read -r id k g p clk th extra; do
  [ -n "$id" ] || continue
  total=$((total + 1))
  f=$OUT/runs/$id.json
  if [ ! -e "$f" ]; then problems+=("$id (no result)"); continue; fi
  if ! why=$(sweep_check "$f" "$k" "$g" "$p" "$clk" "$th" "$extra"); then
    to=$(sweep_move_aside "$f")
    problems+=("$id ($f: $why; moved to $to)")
    continue
  fi
  jq -r --arg id "$id" '[ $id, ($id | split("-")[0]), .run.kernel, .run.graph, .run.policy,
      (1000000 / .params["pe.clk_ps"] | round), (.params["imu.threshold_q16"] * 100 / 65536 | round),
      .result.verified, .time.kernel_cycles, (.time.kernel_ps / 1000000),
      .insns.kernel_host, .insns.kernel_pe, .insns.offloaded_share, .insns.offloaded_share_nosync,
      (.energy_pj.l1 / 1e6), (.energy_pj.l2 / 1e6), (.energy_pj.llc / 1e6), (.energy_pj.hmc_link / 1e6),
      (.energy_pj.hmc_dram / 1e6), (.energy_pj.hmc_logic / 1e6), (.energy_pj.uncore / 1e6), (.energy_pj.pe_cache / 1e6),
      .host.hmc_amos, .pim.launches, (.params["llc.bytes"] / 1024), (.run.plan | gsub(","; ";")),
      .hmc.requests, .hmc.lat_avg_ps,
      (if (.params["hmc.fast"] // 0) == 1 then "fast"
         + (if (.params["sim.pe_window"] // 0) > 0 then "+pe_window=\(.params["sim.pe_window"])" else "" end)
         + (if (.params["host.mem"] // 0) == 1 then "+host.mem=atonce" else "" end)
         + (if (.params["host.core"] // 0) == 1 then "+host.core=interval" else "" end)
       else "exact" end)
      + (if (.params["host.coh_inflight"] // 0) == 1 then "+coh_inflight=drop" else "" end) ] | @csv' "$f" >> "$tmp" \
    || { echo "sweep: $f: cannot turn it into a CSV row" >&2; exit 2; }
done < <(LC_ALL=C sort "$OUT/$SET.points")
mv -f "$tmp" "$csv" || exit 2
echo "sweep: $(($(wc -l < "$csv") - 1)) of $total results in $csv"
if [ ${#problems[@]} -gt 0 ]; then
  ( IFS=','; echo "sweep: $SET: ${#problems[@]} of $total point(s) missing or bad:${problems[*]/#/ }; run scripts/sweep.sh $SET $OUT again to (re)run them" ) >&2
  exit 1
fi
