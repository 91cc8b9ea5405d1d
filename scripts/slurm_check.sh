#!/usr/bin/env bash
# make slurm-check: the sweep's Slurm path end to end on the local Slurm
# (scripts/slurm_local.sh; docs/sweep.md).  Runs sweep set SET (tiny) once
# locally and once as an array job, requires the two CSVs to be identical,
# then deletes three results and requires the resubmitted array to hold
# exactly those three points and to give the same CSV again.  Brings Slurm
# down afterwards unless it was already up.  Not part of `make test`: it
# starts daemons, which CI should not depend on.
#
#   scripts/slurm_check.sh [SET] [OUT]        SET = tiny, OUT = build/slurm-check
set -euo pipefail
SET=${1:-tiny}
OUT=${2:-build/slurm-check}
HERE=$(cd "$(dirname "$0")" && pwd)
export COPIM_SIM=${COPIM_SIM:-build/copim-sim}

die() { echo "slurm-check: $*" >&2; exit 1; }

eval "$("$HERE/slurm_local.sh" env)"
was_up=0
"$HERE/slurm_local.sh" status >/dev/null 2>&1 && was_up=1
[ $was_up = 1 ] || trap '"$HERE/slurm_local.sh" down' EXIT
"$HERE/slurm_local.sh" up

rm -rf "$OUT"
t0=$(date +%s)
SLURM=0 SWEEP_JOBS=1 "$HERE/sweep.sh" "$SET" "$OUT/local"
t1=$(date +%s)
# one CPU a task (the sweep's default) and 256 MB: the tiny points need ~10 MB
export SLURM=1 SLURM_WAIT=1 SLURM_POLL=2 SLURM_MEM=${SLURM_MEM:-256M} SLURM_PARTITION=${SLURM_PARTITION:-local}
"$HERE/sweep.sh" "$SET" "$OUT/slurm" | tee "$OUT/slurm.log"
t2=$(date +%s)

# same CSV: the gather sorts by id, so byte-identical is the requirement
same() {
  cmp -s "$OUT/local/$SET.csv" "$OUT/slurm/$SET.csv" && return 0
  diff "$OUT/local/$SET.csv" "$OUT/slurm/$SET.csv" | head -4 >&2 || true
  die "$1: $OUT/slurm/$SET.csv differs from the local run's $OUT/local/$SET.csv"
}
same "first array"
n=$(($(wc -l < "$OUT/local/$SET.csv") - 1))

# resume: only the points without a result go into the second array
mapfile -t gone < <(cut -d' ' -f1 "$OUT/slurm/$SET.points" | sed -n '2p;5p;6p')
for id in "${gone[@]}"; do rm -f "$OUT/slurm/runs/$id.json"; done
"$HERE/sweep.sh" "$SET" "$OUT/slurm" | tee -a "$OUT/slurm.log"
arr=$(sed -n 's/^#SBATCH --array=//p' "$OUT/slurm/$SET.sbatch")
[ "$arr" = "2,5-6" ] || die "resume: the second array is '$arr', not the 3 deleted points 2,5-6"
same "resumed array"
t3=$(date +%s)

jobs=$(sed -n 's/.*submitted as Slurm array \([0-9]*\).*/\1/p' "$OUT/slurm.log" | paste -sd' ')
echo "slurm-check: PASS: set $SET, $n points; local $((t1 - t0)) s, Slurm array $((t2 - t1)) s, resumed array of 3 $((t3 - t2)) s (jobs $jobs); CSVs identical"
