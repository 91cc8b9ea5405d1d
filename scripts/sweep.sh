#!/usr/bin/env bash
# The issue-9 evaluation sweep: kernels x graphs x policies, theta 1..10%
# (copim), PEs at 500 MHz and 1 GHz, as independent copim-sim jobs.
#
#   scripts/sweep.sh [SET] [OUT]      SET = default | quick | paper | online | tiny (default: default); OUT = build/sweep
#   SWEEP_JOBS=2  SLURM=1  COPIM_SIM=build/copim-sim  COPIM_GRAPHS=../shared/data/graphs
#
# Each point writes OUT/runs/<id>.json through a temporary file and a
# rename, so a killed sweep loses nothing and leaves no half result; a
# point whose JSON exists is skipped (resume by running the same command
# again).  The sets share OUT/runs (a point is the same run in every set),
# so `make sweep` after `make sweep SWEEP_SET=quick` runs only the points
# quick does not have.  At the end the set's points are gathered into
# OUT/<set>.csv (scripts/sweep_gather.sh).  SLURM=1 writes
# OUT/<set>.sbatch, an array job of one 1-CPU task per point still without
# a result, and submits it with sbatch when sbatch exists; SLURM_PARTITION,
# SLURM_TIME, SLURM_MEM, SLURM_ACCOUNT, SLURM_ARRAY_MAX (tasks at a time)
# and SLURM_SBATCH_ARGS shape it, SLURM_WAIT=1 waits for it and gathers
# (otherwise gather afterwards with scripts/sweep_gather.sh OUT SET).
# docs/results.md describes the sets and the CSV, docs/sweep.md Slurm.
set -euo pipefail
SET=${1:-default}
OUT=${2:-build/sweep}
SIM=${COPIM_SIM:-build/copim-sim}
GDIR=${COPIM_GRAPHS:-../shared/data/graphs}
JOBS=${SWEEP_JOBS:-2}
HERE=$(cd "$(dirname "$0")" && pwd)

# the lists come from the simulator's registries (csim/graph/kernels.c, the policy table of csim/sys/sys_cfg.c)
POLICIES=$("$SIM" --list-policies | awk '$2 == "compared" { printf "%s%s", sep, $1; sep = " " }') ||
  { echo "sweep.sh: $SIM --list-policies failed (make build/copim-sim)" >&2; exit 2; }
KERNELS=$("$SIM" --list-kernels | tr '\n' ' ' | sed 's/ $//') ||
  { echo "sweep.sh: $SIM --list-kernels failed" >&2; exit 2; }
# Issue 53's points (sets online and paper): the on-line policies and the
# oracle, with its dynamic estimate in its plan (COPIM_ORACLE_DYN=1), on
# p2p-Gnutella30, the soc-LiveJournal1 stand-in at 1/32 and com-DBLP, for
# BFS, SSSP and both PageRanks
ONLINE_GRAPHS="$GDIR/p2p-Gnutella30.txt rmatld:151487:2156055 $GDIR/com-dblp.ungraph.txt.gz"
ONLINE_KERNELS="bfs sssp prp pr"
ONLINE_POLICIES="cpu-only pim-only pei graphpim copim copim-ab oracle"
case $SET in
  default)
    # the three real graphs plus scaled stand-ins for the paper's com-DBLP
    # (kron:14:3) and soc-LiveJournal1 (kron:13:16); docs/results.md
    GRAPHS="$GDIR/p2p-Gnutella30.txt $GDIR/wiki-Vote.txt kron:14:3 $GDIR/email-Enron.txt.gz kron:13:16"
    THETA_GRAPHS="$GDIR/p2p-Gnutella30.txt kron:14:3"; THETA_KERNELS=$KERNELS
    FREQ_GRAPHS="$GDIR/p2p-Gnutella30.txt kron:14:3 $GDIR/wiki-Vote.txt"; FREQ_POLICIES="pim-only copim"
    # the graphs fit the 8 MB LLC; a 256 KB LLC (1/32) gives them the paper's graph-to-LLC ratio
    LLC_GRAPHS="$GDIR/p2p-Gnutella30.txt $GDIR/wiki-Vote.txt"; LLC_POLICIES="cpu-only pim-only pei graphpim copim mpki" ;;
  paper)
    # issue 17's paper set: BFS, SSSP and PR on p2p-Gnutella30 and R-MAT
    # stand-ins matched in vertices and edges (csim/graph/graph_gen.c
    # graph_gen_rmat) to com-DBLP (317,080 V, 1,049,866 undirected E),
    # com-Youtube (1,134,890 V, 2,987,624 undirected E), wiki-Talk
    # (2,394,385 V, 5,021,410 directed E) and soc-LiveJournal1 at 1/32
    # (151,487 V, 2,156,055 directed E; the whole graph is 4,847,571 V,
    # 68,993,773 E; the largest scale the 2.5-hour budget left, measured
    # on the other graphs' points): docs/results.md "The paper set"
    # issue 31: PageRank is push PageRank (prp, one amoadd.w per edge), the
    # workload of the paper's PEI and GraphPIM baselines; pull PageRank
    # (pr, no atomics) stays as the extra set "pull" on p2p-Gnutella30; on
    # the real com-DBLP its six points cost about 25 CPU minutes, cut for
    # the budget (docs/results.md "Cost"; the previous set has pull
    # PageRank on every graph: docs/figures/paper-issue17.csv)
    KERNELS="bfs sssp prp"
    # issue 53: copim-ab on every graph, and the ONLINE_* points (the
    # oracle on com-DBLP and LJ/32 as well, pull PageRank on them)
    POLICIES="cpu-only pim-only pei graphpim copim copim-ab mpki"
    ONLINE=1; export COPIM_ORACLE_DYN=1
    PULL_GRAPHS="$GDIR/p2p-Gnutella30.txt"
    # issue 31: com-DBLP is SNAP's file (read symmetrised from its
    # undirected header); the other stand-ins come from rmatl, the
    # generator with the smallest speedup error against the four real
    # graphs (docs/workloads.md "Stand-ins against the real graphs");
    # soc-LiveJournal1 at 1/8 of its vertices and edges, the largest
    # power-of-two scale the 2.5 hours leave (docs/results.md "Cost")
    GRAPHS="$GDIR/p2p-Gnutella30.txt $GDIR/com-dblp.ungraph.txt.gz rmatl:1134890:2987624 rmatld:2394385:5021410 rmatld:605946:8624222"
    # the offline policies (two or more profiling runs each) where affordable
    OFFLINE_GRAPHS="$GDIR/p2p-Gnutella30.txt"; OFFLINE_POLICIES="greedy pimprof a3pim oracle"
    # The 2.5-hour budget (docs/results.md "The paper set"): mpki on the
    # two smaller graphs only; theta on p2p-Gnutella30 at 1, 2, 3, 5, 7 and
    # 10 %, its 5 % point being the main copim run (the same run:
    # imu.threshold_q16 3277 is the default), and on the com-Youtube
    # stand-in's BFS in `make sensitivity`; 1 GHz PEs on p2p-Gnutella30
    # (the crossover map has them from 0.03x to 40x the LLC, and the
    # sensitivity figure on the com-Youtube stand-in); Fig. 8 divides by
    # the 500 MHz cpu-only run, so no cpu-only run at 1 GHz
    LARGE_GRAPHS="rmatl:1134890:2987624 rmatld:2394385:5021410 rmatld:605946:8624222"
    LARGE_POLICIES="cpu-only pim-only pei graphpim copim copim-ab"
    THETA_GRAPHS="$GDIR/p2p-Gnutella30.txt"; THETA_KERNELS="bfs sssp prp"
    THETA_VALUES="1 2 3 5 7 10"; THETA_MAIN=1
    FREQ_GRAPHS="$GDIR/p2p-Gnutella30.txt"; FREQ_POLICIES="pim-only copim"; FREQ_BASE=""
    export COPIM_SWEEP_ARGS="--max-cycles 200000000000" SLURM_TIME=${SLURM_TIME:-24:00:00} ;;
  online)
    # issue 53's measurement before the paper set (docs/results.md "An
    # on-line decision that discriminates"): the ONLINE_* points below
    # alone, under the paper set's ids and arguments (they are reused there)
    GRAPHS=""; THETA_GRAPHS=""; FREQ_GRAPHS=""; ONLINE=1
    export COPIM_ORACLE_DYN=1
    export COPIM_SWEEP_ARGS="--max-cycles 200000000000" SLURM_TIME=${SLURM_TIME:-24:00:00} ;;
  quick)
    GRAPHS="$GDIR/p2p-Gnutella30.txt $GDIR/wiki-Vote.txt kron:14:3"
    THETA_GRAPHS="$GDIR/p2p-Gnutella30.txt"; THETA_KERNELS=$KERNELS
    FREQ_GRAPHS="$GDIR/p2p-Gnutella30.txt kron:14:3"; FREQ_POLICIES="pim-only copim" ;;
  tiny)  # the sweep_resume test
    KERNELS="bfs cc"; POLICIES="cpu-only pim-only copim greedy"
    GRAPHS="kron:7:4"; THETA_GRAPHS="kron:7:4"; THETA_KERNELS="bfs"
    FREQ_GRAPHS="kron:7:4"; FREQ_POLICIES="copim" ;;
  *) echo "sweep.sh: unknown set '$SET' (default, quick, paper, online, tiny)" >&2; exit 2 ;;
esac

mkdir -p "$OUT/runs" "$OUT/logs"
LIST=$OUT/$SET.points
# one point a line: id kernel graph policy pe_clk_ps theta_q16 ("-" = default)
. "$HERE/sweep_lib.sh"
{
  for g in $GRAPHS; do
    pols=$POLICIES
    case " ${LARGE_GRAPHS:-} " in *" $g "*) pols=$LARGE_POLICIES ;; esac
    for k in $KERNELS; do for p in $pols; do
      echo "main-$k-$(sweep_gid "$g")-$p-500 $k $g $p 2000 -"
    done; done
  done
  if [ "${ONLINE:-0}" = 1 ]; then
    for g in $ONLINE_GRAPHS; do for k in $ONLINE_KERNELS; do for p in $ONLINE_POLICIES; do
      echo "main-$k-$(sweep_gid "$g")-$p-500 $k $g $p 2000 -"
    done; done; done
  fi
  for g in ${OFFLINE_GRAPHS:-}; do for k in $KERNELS; do for p in $OFFLINE_POLICIES; do
    echo "main-$k-$(sweep_gid "$g")-$p-500 $k $g $p 2000 -"
  done; done; done
  for g in $THETA_GRAPHS; do for k in $THETA_KERNELS; do for t in ${THETA_VALUES:-1 2 3 4 5 6 7 8 9 10}; do
    # theta t% in Q0.16, rounded up as the default 3277 is for 5%
    q=$(( (t * 65536 + 99) / 100 ))
    if [ "${THETA_MAIN:-0}" = 1 ] && [ "$q" = "$SWEEP_DEFAULT_THETA" ]; then
      echo "main-$k-$(sweep_gid "$g")-copim-500 $k $g copim 2000 -"   # the same run (figures.sh: Fig. 9)
    else
      echo "theta-$k-$(sweep_gid "$g")-copim-t$t $k $g copim 2000 $q"
    fi
  done; done; done
  for g in $FREQ_GRAPHS; do for k in $KERNELS; do for p in ${FREQ_BASE-cpu-only} $FREQ_POLICIES; do
    echo "freq-$k-$(sweep_gid "$g")-$p-1000 $k $g $p 1000 -"
  done; done; done
  for g in ${PULL_GRAPHS:-}; do for p in $POLICIES; do
    echo "pull-pr-$(sweep_gid "$g")-$p-500 pr $g $p 2000 -"
  done; done
  for g in ${LLC_GRAPHS:-}; do for k in $KERNELS; do for p in $LLC_POLICIES; do
    echo "llc-$k-$(sweep_gid "$g")-$p-256k $k $g $p 2000 - --llc.bytes=262144"
  done; done; done
} | awk '!seen[$1]++' > "$LIST.tmp" && mv "$LIST.tmp" "$LIST"
N=$(wc -l < "$LIST")

# a point is done when its JSON is a valid result of that point (sweep_lib.sh);
# a bad file counts as to do, and the point moves it aside when it runs
pdone() { sweep_check "$OUT/runs/$1.json" "$2" "$3" "$4" "$5" "$6" "${7:-}" >/dev/null; }

if [ "${SLURM:-0}" = 1 ]; then
  # Absolute paths and --chdir: sbatch resolves a relative --output against
  # the directory it is run from, and a task whose output file cannot be
  # opened fails before it starts, without a log ("IO setup failed").
  ROOT=$(pwd)
  AOUT=$(cd "$OUT" && pwd)
  case $SIM in /*) ASIM=$SIM ;; *) ASIM=$ROOT/$SIM ;; esac
  SB=$OUT/$SET.sbatch
  NAME=copim-sweep-$SET
  # A second array over the same OUT while one is queued would run its
  # points twice; its comment is the OUT it writes.
  if command -v squeue >/dev/null 2>&1; then
    # (|| true: with no controller to ask, set -e ended the sweep here silently)
    busy=$(squeue -h -u "$(id -un)" -n "$NAME" -o '%F %k' 2>/dev/null | awk -v o="$AOUT" '$2 == o { print $1; exit }' || true)
    if [ -n "$busy" ]; then
      echo "sweep: Slurm array $busy ($NAME for $AOUT) is still queued or running; wait for it (squeue -j $busy) or scancel $busy, then run this again" >&2
      exit 1
    fi
  fi
  # Resume: the array holds only the points without a result (task index =
  # line of the point in the list below), as ranges: 1-5,8,10-22
  idx=$(n=0; while read -r id k g p c t x; do n=$((n + 1)); pdone "$id" "$k" "$g" "$p" "$c" "$t" "$x" || echo $n; done < "$LIST" |
    awk 'NR == 1 { s = p = $1; next }
         $1 == p + 1 { p = $1; next }
         { printf "%s%s,", s, (p > s ? "-" p : ""); s = p = $1 }
         END { if (NR) printf "%s%s\n", s, (p > s ? "-" p : "") }')
  todo=$(n=0; while read -r id k g p c t x; do pdone "$id" "$k" "$g" "$p" "$c" "$t" "$x" || n=$((n + 1)); done < "$LIST"; echo $n)
  if [ "$todo" = 0 ]; then
    echo "sweep $SET: all $N points already done; nothing to submit"
    exec "$HERE/sweep_gather.sh" "$OUT" "$SET"
  fi
  # The point list is written into the script, so a submitted script runs
  # exactly the points it was written for whatever happens to OUT/<set>.points.
  {
    echo "#!/bin/bash"
    echo "# $N points of sweep set $SET, $todo of them without a result; written by scripts/sweep.sh"
    echo "#SBATCH --job-name=$NAME"
    echo "#SBATCH --comment=$AOUT"
    echo "#SBATCH --array=$idx${SLURM_ARRAY_MAX:+%$SLURM_ARRAY_MAX}"
    echo "#SBATCH --ntasks=1"
    echo "#SBATCH --cpus-per-task=1"
    echo "#SBATCH --time=${SLURM_TIME:-04:00:00}"
    [ -z "${SLURM_MEM:-}" ] || echo "#SBATCH --mem=$SLURM_MEM"
    [ -z "${SLURM_PARTITION:-}" ] || echo "#SBATCH --partition=$SLURM_PARTITION"
    [ -z "${SLURM_ACCOUNT:-}" ] || echo "#SBATCH --account=$SLURM_ACCOUNT"
    echo "#SBATCH --chdir=$ROOT"
    echo "#SBATCH --output=$AOUT/logs/slurm-%A_%a.out"
    cat <<EOS
line=\$(awk -v n="\$SLURM_ARRAY_TASK_ID" 'NR == n' <<'POINTS'
$(cat "$LIST")
POINTS
)
[ -n "\$line" ] || { echo "sweep: no point \$SLURM_ARRAY_TASK_ID among the $N of this script" >&2; exit 1; }
# shellcheck disable=SC2086
COPIM_SIM="$ASIM" COPIM_SWEEP_ARGS="${COPIM_SWEEP_ARGS:-}" exec "$HERE/sweep_point.sh" "$AOUT" \$line
EOS
  } > "$SB.tmp"
  chmod +x "$SB.tmp"
  mv -f "$SB.tmp" "$SB"
  if ! command -v sbatch >/dev/null 2>&1; then
    echo "sweep: sbatch not found: wrote $SB ($todo array tasks) without submitting it; on a cluster: sbatch $SB, then scripts/sweep_gather.sh $OUT $SET"
    exit 0
  fi
  # shellcheck disable=SC2086
  jid=$(sbatch --parsable ${SLURM_SBATCH_ARGS:-} "$SB") || { echo "sweep: sbatch refused $SB" >&2; exit 1; }
  jid=${jid%%;*}
  echo "sweep $SET: $N points, $((N - todo)) already done, $todo submitted as Slurm array $jid ($SB; task logs $OUT/logs/slurm-${jid}_<task>.out)"
  if [ "${SLURM_WAIT:-0}" != 1 ]; then
    echo "sweep: when squeue -j $jid is empty: scripts/sweep_gather.sh $OUT $SET (or run this again: it submits only what is still missing)"
    exit 0
  fi
  # squeue rather than sacct: a cluster without slurmdbd (or the local one)
  # has no accounting to ask; squeue forgets a finished job (Invalid job id)
  # after MinJobAge, and an unreachable slurmctld is waited out, not taken
  # for the end of the array
  while :; do
    q=$(squeue -h -j "$jid" -o %i 2>&1) || { case $q in *"Invalid job id"*) break ;; esac; q=retry; }
    [ -n "$q" ] || break
    sleep "${SLURM_POLL:-10}"
  done
  miss=$(n=0; while read -r id k g p c t x; do pdone "$id" "$k" "$g" "$p" "$c" "$t" "$x" || n=$((n + 1)); done < "$LIST"; echo $n)
  echo "sweep: Slurm array $jid finished"
  "$HERE/sweep_gather.sh" "$OUT" "$SET" || exit $?
  if [ "$miss" != 0 ]; then
    echo "sweep: $miss point(s) failed (logs in $OUT/logs/slurm-${jid}_*.out); run the same command again to resubmit them" >&2
    exit 1
  fi
  exit 0
fi

todo=0
while read -r id k g p c t x; do pdone "$id" "$k" "$g" "$p" "$c" "$t" "$x" || todo=$((todo + 1)); done < "$LIST"
echo "sweep $SET: $N points, $((N - todo)) already done, $todo to run with $JOBS jobs -> $OUT"
# Ctrl-C: GNU parallel stops its jobs; say where the sweep stands, not
# parallel's exit status
trap 'trap - INT; echo "sweep: interrupted; run the same command again to resume" >&2; exit 130' INT
prc=0
if [ "$todo" -gt 0 ]; then
  # the large graphs' points first: they are the longest, and started last
  # they would leave one core working alone at the end (the CSV is gathered
  # in sorted order, so the order of the runs changes nothing in it)
  awk -v large=" ${LARGE_GRAPHS:-} " 'index(large, " " $3 " ") { print; next } { rest[++n] = $0 }
       END { for (i = 1; i <= n; i++) print rest[i] }' "$LIST" > "$LIST.order"
  COPIM_SIM=$SIM parallel -j "$JOBS" --colsep ' ' --halt never "$HERE/sweep_point.sh" "$OUT" {1} {2} {3} {4} {5} {6} {7} \
    :::: "$LIST.order" || prc=$?
  rm -f "$LIST.order"
fi
trap - INT
# the gather names every point that is missing or bad in one line
grc=0
"$HERE/sweep_gather.sh" "$OUT" "$SET" || grc=$?
if [ $prc -ne 0 ] && [ $grc -eq 0 ]; then
  echo "sweep: GNU parallel failed (exit $prc) although every point has a result" >&2
  exit 1
fi
exit $grc
