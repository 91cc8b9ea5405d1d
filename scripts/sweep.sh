#!/usr/bin/env bash
# The issue-9 evaluation sweep: kernels x graphs x policies, theta 1..10%
# (copim), PEs at 500 MHz and 1 GHz, as independent copim-sim jobs.
#
#   scripts/sweep.sh [SET] [OUT]      SET = default | quick | tiny (default: default)
#   SWEEP_JOBS=2  SLURM=1  COPIM_SIM=build/copim-sim  COPIM_GRAPHS=../shared/data/graphs
#
# Each point writes OUT/runs/<id>.json through a temporary file and a
# rename, so a killed sweep loses nothing and leaves no half result; a
# point whose JSON exists is skipped (resume by running the same command
# again).  At the end every JSON is gathered into OUT/results.csv
# (scripts/sweep_gather.sh).  SLURM=1 writes OUT/sweep.sbatch, an array job
# of one task per point, and submits it with sbatch when sbatch exists
# (gather afterwards with scripts/sweep_gather.sh OUT).  docs/results.md
# describes the sets and the CSV.
set -euo pipefail
SET=${1:-default}
OUT=${2:-build/sweep/$SET}
SIM=${COPIM_SIM:-build/copim-sim}
GDIR=${COPIM_GRAPHS:-../shared/data/graphs}
JOBS=${SWEEP_JOBS:-2}
HERE=$(cd "$(dirname "$0")" && pwd)

POLICIES="cpu-only pim-only pei graphpim copim mpki greedy pimprof a3pim oracle"
KERNELS="bfs sssp pr cc"
case $SET in
  default)
    # real graphs plus two stand-ins for the paper's larger graphs (docs/results.md)
    GRAPHS="$GDIR/p2p-Gnutella30.txt $GDIR/wiki-Vote.txt $GDIR/email-Enron.txt.gz kron:15:3 kron:15:14"
    THETA_GRAPHS="$GDIR/p2p-Gnutella30.txt kron:15:3"; THETA_KERNELS="bfs sssp pr cc"
    FREQ_GRAPHS="$GDIR/p2p-Gnutella30.txt $GDIR/wiki-Vote.txt kron:15:3"; FREQ_POLICIES="pim-only copim" ;;
  quick)
    GRAPHS="$GDIR/p2p-Gnutella30.txt $GDIR/wiki-Vote.txt kron:14:3"
    THETA_GRAPHS="$GDIR/p2p-Gnutella30.txt"; THETA_KERNELS="bfs sssp pr cc"
    FREQ_GRAPHS="$GDIR/p2p-Gnutella30.txt kron:14:3"; FREQ_POLICIES="pim-only copim" ;;
  tiny)  # the sweep_resume test
    KERNELS="bfs cc"; POLICIES="cpu-only pim-only copim greedy"
    GRAPHS="kron:7:4"; THETA_GRAPHS="kron:7:4"; THETA_KERNELS="bfs"
    FREQ_GRAPHS="kron:7:4"; FREQ_POLICIES="copim" ;;
  *) echo "sweep.sh: unknown set '$SET' (default, quick, tiny)" >&2; exit 2 ;;
esac

mkdir -p "$OUT/runs" "$OUT/logs"
LIST=$OUT/points.txt
# one point a line: id kernel graph policy pe_clk_ps theta_q16 ("-" = default)
gid() { basename "$1" | sed 's/\.txt\.gz$//; s/\.txt$//; s/:/_/g'; }
{
  for g in $GRAPHS; do for k in $KERNELS; do for p in $POLICIES; do
    echo "main-$k-$(gid "$g")-$p-500 $k $g $p 2000 -"
  done; done; done
  for g in $THETA_GRAPHS; do for k in $THETA_KERNELS; do for t in 1 2 3 4 5 6 7 8 9 10; do
    # theta t% in Q0.16, rounded up as the default 3277 is for 5%
    q=$(( (t * 65536 + 99) / 100 ))
    echo "theta-$k-$(gid "$g")-copim-t$t $k $g copim 2000 $q"
  done; done; done
  for g in $FREQ_GRAPHS; do for k in $KERNELS; do for p in cpu-only $FREQ_POLICIES; do
    echo "freq-$k-$(gid "$g")-$p-1000 $k $g $p 1000 -"
  done; done; done
} | awk '!seen[$1]++' > "$LIST.tmp" && mv "$LIST.tmp" "$LIST"
N=$(wc -l < "$LIST")

if [ "${SLURM:-0}" = 1 ]; then
  SB=$OUT/sweep.sbatch
  cat > "$SB" <<EOS
#!/bin/bash
#SBATCH --job-name=copim-sweep
#SBATCH --array=1-$N
#SBATCH --cpus-per-task=1
#SBATCH --time=02:00:00
#SBATCH --output=$OUT/logs/slurm-%A_%a.out
cd $(pwd)
line=\$(sed -n "\${SLURM_ARRAY_TASK_ID}p" $LIST)
COPIM_SIM=$SIM exec $HERE/sweep_point.sh $OUT \$line
EOS
  chmod +x "$SB"
  if command -v sbatch >/dev/null 2>&1; then
    sbatch "$SB"
    echo "sweep: submitted $N points as a Slurm array ($SB); when it is done: scripts/sweep_gather.sh $OUT"
  else
    echo "sweep: sbatch not found: wrote $SB ($N array tasks) without submitting it; on a cluster: sbatch $SB, then scripts/sweep_gather.sh $OUT"
  fi
  exit 0
fi

todo=0
for id in $(cut -d' ' -f1 "$LIST"); do [ -e "$OUT/runs/$id.json" ] || todo=$((todo + 1)); done
echo "sweep $SET: $N points, $((N - todo)) already done, $todo to run with $JOBS jobs -> $OUT"
rc=0
if [ "$todo" -gt 0 ]; then
  COPIM_SIM=$SIM parallel -j "$JOBS" --colsep ' ' --halt never "$HERE/sweep_point.sh" "$OUT" {1} {2} {3} {4} {5} {6} \
    :::: "$LIST" || rc=$?
fi
"$HERE/sweep_gather.sh" "$OUT"
[ $rc = 0 ] || echo "sweep: $rc point(s) failed (logs in $OUT/logs); run the same command again to retry them" >&2
exit $rc
