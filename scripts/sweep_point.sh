#!/usr/bin/env bash
# One sweep point (scripts/sweep.sh): OUT id kernel graph policy pe_clk_ps theta_q16|- [extra option]
# Skips a point whose JSON is a valid result of this point (sweep_lib.sh);
# a JSON that is not is moved aside (<id>.json.bad), said so, and the point
# rerun.  The result is written through a temporary file, validated, and
# renamed into place only then.
set -uo pipefail
OUT=$1 ID=$2 K=$3 G=$4 P=$5 CLK=$6 TH=$7 EXTRA=${8:-}
SIM=${COPIM_SIM:-build/copim-sim}
. "$(dirname "$0")/sweep_lib.sh"
f=$OUT/runs/$ID.json
if [ -e "$f" ]; then
  why=$(sweep_check "$f" "$K" "$G" "$P" "$CLK" "$TH" "$EXTRA") && exit 0
  to=$(sweep_move_aside "$f")
  echo "sweep: $f: $why; moved to $to, running the point again" >&2
fi
# Another sweep over the same OUT (a restart while the last one drains, a
# Slurm array beside a local run) may be running this point: its temporary
# file names its process and holds its host.  Leave the point to it while
# that process is alive on this host and is a sweep point; a claim from
# another host, or whose number now belongs to another process (a killed
# sweep's leftover), does not hold the point: at worst it runs twice, and
# the rename below keeps one result.
host=$(uname -n)
for o in "$OUT/runs/.$ID".*.tmp; do
  [ -e "$o" ] || continue
  op=${o%.tmp}; op=${op##*.}
  [ "$op" != $$ ] || continue
  [ "$(head -c 256 "$o" 2>/dev/null | head -1)" = "$host" ] || continue
  if kill -0 "$op" 2>/dev/null && tr '\0' ' ' < "/proc/$op/cmdline" 2>/dev/null | grep -q 'sweep_point\.sh'; then
    echo "sweep: $ID is running in process $op (another sweep over $OUT); left to it" >&2
    exit 0
  fi
done
mkdir -p "$OUT/runs" "$OUT/logs"
tmp=$OUT/runs/.$ID.$$.tmp
trap 'rm -f "$tmp" "$tmp.plan"' EXIT
# the claim other sweeps see (above) while the simulator runs: it writes
# its statistics only at the end
echo "$host" > "$tmp"
args=(--kernel "$K" --graph "$G" --policy "$P" --pe.clk_ps="$CLK" --quiet --stats "$tmp")
[ "$TH" != "-" ] && args+=(--imu.threshold_q16="$TH")
# make sweep MODE=fast: the fast mode (docs/cosim.md "Exact or fast"); the
# check above refuses a result of the other mode
[ "${COPIM_SWEEP_MODE:-exact}" = fast ] && args+=(--fast)
[ "${COPIM_SWEEP_MODE:-exact}" = fastw ] && args+=(--fast --set sim.pe_window=512) # the windowed PE too (docs/pe.md)
# every approximate model: the windowed PE, the at-once caches and the
# interval core (docs/host.md "The interval core"), timed against drop
[ "${COPIM_SWEEP_MODE:-exact}" = fasti ] &&
  args+=(--fast --set sim.pe_window=512 --set host.mem=atonce --set host.coh_inflight=drop --set host.core=interval)
[ -n "$EXTRA" ] && args+=("$EXTRA")
# shellcheck disable=SC2206
[ -n "${COPIM_SWEEP_ARGS:-}" ] && args+=($COPIM_SWEEP_ARGS)
# the point's cost beside its log (user, system and wall seconds), which the
# set's budget is measured from (docs/sweep.md)
TIMEFORMAT='%U %S %R'
if { time "$SIM" "${args[@]}" > "$OUT/logs/$ID.log" 2>&1; } 2> "$OUT/logs/$ID.time"; then
  if ! why=$(sweep_check "$tmp" "$K" "$G" "$P" "$CLK" "$TH" "$EXTRA"); then
    echo "sweep: $ID: the simulator exited 0 but its statistics are not a result: $why" >&2
    exit 1
  fi
  [ -e "$tmp.plan" ] && mv -f "$tmp.plan" "$OUT/runs/$ID.plan"
  mv -f "$tmp" "$f"
else
  rc=$?
  echo "sweep: $ID failed (exit $rc): $(tail -1 "$OUT/logs/$ID.log")" >&2
  exit 1
fi
