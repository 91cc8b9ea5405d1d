#!/usr/bin/env bash
# Gathers the points of sweep set SET (OUT/SET.points) from OUT/runs/*.json
# into OUT/SET.csv (sorted by id, written atomically); points without a
# result are counted and named.  Columns: docs/results.md.
set -euo pipefail
OUT=${1:?usage: sweep_gather.sh OUT SET}
SET=${2:?usage: sweep_gather.sh OUT SET}
csv=$OUT/$SET.csv
tmp=$OUT/.results.csv.$$
echo "id,set,kernel,graph,policy,pe_mhz,theta_pct,verified,kernel_cycles,kernel_us,host_insns,pe_insns,offloaded_share,offloaded_share_nosync,e_l1_uj,e_l2_uj,e_llc_uj,e_link_uj,e_dram_uj,e_logic_uj,e_uncore_uj,e_pe_cache_uj,hmc_amos,launches,llc_kb,plan" > "$tmp"
missing=0
for id in $(cut -d' ' -f1 "$OUT/$SET.points" | LC_ALL=C sort); do
  f=$OUT/runs/$id.json
  if [ ! -e "$f" ]; then missing=$((missing + 1)); echo "sweep: no result yet for $id" >&2; continue; fi
  jq -r --arg id "$id" '[ $id, ($id | split("-")[0]), .run.kernel, .run.graph, .run.policy,
      (1000000 / .params["pe.clk_ps"] | round), (.params["imu.threshold_q16"] * 100 / 65536 | round),
      .result.verified, .time.kernel_cycles, (.time.kernel_ps / 1000000),
      .insns.kernel_host, .insns.kernel_pe, .insns.offloaded_share, .insns.offloaded_share_nosync,
      (.energy_pj.l1 / 1e6), (.energy_pj.l2 / 1e6), (.energy_pj.llc / 1e6), (.energy_pj.hmc_link / 1e6),
      (.energy_pj.hmc_dram / 1e6), (.energy_pj.hmc_logic / 1e6), (.energy_pj.uncore / 1e6), (.energy_pj.pe_cache / 1e6),
      .host.hmc_amos, .pim.launches, (.params["llc.bytes"] / 1024), (.run.plan | gsub(","; ";")) ] | @csv' "$f"
done >> "$tmp"
mv -f "$tmp" "$csv"
echo "sweep: $(($(wc -l < "$csv") - 1)) results in $csv${missing:+ }$([ $missing = 0 ] || echo "($missing points without a result)")"
