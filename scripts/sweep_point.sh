#!/usr/bin/env bash
# One sweep point (scripts/sweep.sh): OUT id kernel graph policy pe_clk_ps theta_q16|- [extra option]
# Skips a point whose JSON exists; writes it atomically (temporary + rename).
set -uo pipefail
OUT=$1 ID=$2 K=$3 G=$4 P=$5 CLK=$6 TH=$7 EXTRA=${8:-}
SIM=${COPIM_SIM:-build/copim-sim}
[ -e "$OUT/runs/$ID.json" ] && exit 0
tmp=$OUT/runs/.$ID.$$.tmp
args=(--kernel "$K" --graph "$G" --policy "$P" --pe.clk_ps="$CLK" --quiet --stats "$tmp")
[ "$TH" != "-" ] && args+=(--imu.threshold_q16="$TH")
[ -n "$EXTRA" ] && args+=("$EXTRA")
# shellcheck disable=SC2206
[ -n "${COPIM_SWEEP_ARGS:-}" ] && args+=($COPIM_SWEEP_ARGS)
if "$SIM" "${args[@]}" > "$OUT/logs/$ID.log" 2>&1; then
  [ -e "$tmp.plan" ] && mv -f "$tmp.plan" "$OUT/runs/$ID.plan"
  mv -f "$tmp" "$OUT/runs/$ID.json"
else
  rc=$?
  rm -f "$tmp" "$tmp.plan"
  echo "sweep: $ID failed (exit $rc): $(tail -1 "$OUT/logs/$ID.log")" >&2
  exit 1
fi
