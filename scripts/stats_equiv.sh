#!/usr/bin/env bash
# A refactor must not move a simulated cycle: record the statistics JSON and
# the output of a fixed set of runs before it, and compare them byte for
# byte after it.
#
#   scripts/stats_equiv.sh save DIR      run the points, write DIR/<point>.{json,out}
#   scripts/stats_equiv.sh compare DIR   run them again into DIR.new and cmp every file
#                                        (a JSON file may add fields: old fields only)
#
# The points (12 a kernel and 10 more: 94 with 7 kernels): every kernel of
# --list-kernels under cpu-only, pim-only,
# copim, pei, graphpim, mpki and pim-amo on kron:10:8, under cpu-only,
# pim-only, copim and pei on p2p-Gnutella30, and under a3pim; greedy,
# pimprof, oracle (the profiling solvers); copim with the PMC and IMU as
# RTL, with every block as RTL, and in PMC+IMU lockstep; and three reference
# mode twins (sim.pe_runahead=0, once with sim.skip=0 too), each compared with
# the default point it repeats, in save's run as in compare's.  About a
# minute on one core.  COPIM_SIM (default build/copim-sim) and GRAPHS (default
# ../shared/data/graphs) as usual; COPIM_EQUIV_ARGS adds arguments to every
# run (a model changed on purpose compared in its old setting, for example
# COPIM_EQUIV_ARGS='--set host.amo_model=serial --set pim.amo_posted=0'
# with COPIM_ELF_DIR=<the old kernels>).
set -u
cd "$(dirname "$0")/.."
sim=${COPIM_SIM:-build/copim-sim}
p2p=${GRAPHS:-../shared/data/graphs}/p2p-Gnutella30.txt
[[ $# -eq 2 && ( $1 == save || $1 == compare ) ]] || { echo "usage: $0 save|compare DIR" >&2; exit 2; }
[[ -x $sim ]] || { echo "stats_equiv: no $sim (make build/copim-sim)" >&2; exit 2; }
[[ -f $p2p ]] || { echo "stats_equiv: no $p2p" >&2; exit 2; }
out=$2
[[ $1 == compare ]] && { [[ -d $out ]] || { echo "stats_equiv: no saved run in $out" >&2; exit 2; }; out=$2.new; }
mkdir -p "$out"

point() { # name graph kernel policy [extra args]
  local n=$1 g=$2 k=$3 p=$4
  shift 4
  # shellcheck disable=SC2086 # COPIM_EQUIV_ARGS is a word list
  "$sim" --kernel "$k" --graph "$g" --policy "$p" --quiet --stats "$out/$n.json" "$@" ${COPIM_EQUIV_ARGS:-} >"$out/$n.out" 2>&1
  echo "rc=$?" >>"$out/$n.out"
}

for k in $("$sim" --list-kernels); do
  for p in cpu-only pim-only copim pei graphpim mpki pim-amo; do point "kron-$k-$p" kron:10:8 "$k" "$p"; done
  for p in cpu-only pim-only copim pei; do point "p2p-$k-$p" "$p2p" "$k" "$p"; done
  point "kron-$k-a3pim" kron:10:8 "$k" a3pim
done
point kron-bfs-greedy kron:10:8 bfs greedy
point kron-sssp-pimprof kron:10:8 sssp pimprof
point kron-cc-oracle kron:10:8 cc oracle
point kron-dc-greedy kron:10:8 dc greedy
point kron-bfs-copim-rtl kron:10:8 bfs copim --rtl=pmc,imu
point kron-kcore-copim-rtlall kron:9:8 kcore copim --rtl=all
point kron-pr-copim-lockstep kron:9:8 pr copim --lockstep=pmc,imu
# the reference modes: each must give its twin's files byte for byte (the
# names keep sim.pe_runahead's old name, pe_fast, so that a directory saved
# before the rename still compares)
twins=()
twin() { # name twin-of graph kernel policy [extra args]
  local n=$1 of=$2
  shift 2
  point "$n" "$@"
  twins+=("$n:$of")
}
twin p2p-pr-pim-only-pefast0 p2p-pr-pim-only "$p2p" pr pim-only --set sim.pe_runahead=0
twin kron-bfs-copim-pefast0 kron-bfs-copim kron:10:8 bfs copim --set sim.pe_runahead=0
twin kron-sssp-pim-only-pefast0-skip0 kron-sssp-pim-only kron:10:8 sssp pim-only --set sim.pe_runahead=0 --set sim.skip=0

n=0 bad=0
for tw in "${twins[@]}"; do
  for x in json out; do
    n=$((n + 1))
    cmp -s "$out/${tw%%:*}.$x" "$out/${tw#*:}.$x" || { echo "stats_equiv: ${tw%%:*}.$x differs from ${tw#*:}.$x"; bad=$((bad + 1)); }
  done
done
[[ $1 == save ]] && { echo "stats_equiv: $(ls "$out" | wc -l) files in $out, $bad of $n twin files differ"; [[ $bad -eq 0 ]]; exit; }
# "byte-identical" is against the saved run's fields: a statistic added
# since is no difference (scripts/stat.py subset)
for f in "$2"/*; do
  n=$((n + 1))
  g=$out/$(basename "$f")
  cmp -s "$f" "$g" && continue
  [[ $f == *.json && -f $g ]] && python3 scripts/stat.py subset "$f" "$g" >/dev/null && continue
  echo "stats_equiv: $(basename "$f") differs"
  bad=$((bad + 1))
done
echo "stats_equiv: $n files compared, $bad differ"
[[ $bad -eq 0 ]]
