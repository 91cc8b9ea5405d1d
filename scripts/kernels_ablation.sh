#!/usr/bin/env bash
# The reduced kernels (build/sw: executor-local reductions, flags and queue
# buffers, sw/rt/rt.h) against the naive ones (build/sw-naive, RT_NAIVE: one
# shared-word update per vertex) on p2p-Gnutella30, the real com-DBLP and
# the LJ/8 stand-in: BFS, SSSP and push PageRank to convergence, pull
# PageRank for 3 iterations, under cpu-only, pim-only, copim, pei and
# graphpim (docs/results.md "Kernels without hot spots").  Resumable: each
# point through scripts/sweep_point.sh.  The naive BFS, SSSP and push
# PageRank points are the paper set's (docs/figures/paper-serial-amo.csv): the same
# loaded bytes on the same models, so they are not run again unless
# NAIVE_ALL=1.
#   scripts/kernels_ablation.sh [OUT]            (default build/kernels; JOBS=2)
#   scripts/kernels_ablation.sh --gather [OUT]   the tables from the points run so far
# writes OUT/kernels.csv: build,kernel,graph,policy,kernel_cycles,
# hmc_requests,busiest_vault_share,vault_imbalance,top_addr_share,verified,
# and OUT/kernels.md, docs/results.md's tables (scripts/kernels_table.py)
set -uo pipefail
cd "$(dirname "$0")/.."
gather_only=0
[[ ${1:-} == --gather ]] && { gather_only=1; shift; }
OUT=${1:-build/kernels}
GDIR=${GRAPHS:-../shared/data/graphs}
JOBS=${JOBS:-2}
GRAPHS_L="rmatld:605946:8624222 $GDIR/com-dblp.ungraph.txt.gz $GDIR/p2p-Gnutella30.txt"
POLS="cpu-only pim-only copim pei graphpim"
mkdir -p "$OUT"
pts=$OUT/points.txt
if [[ $gather_only == 0 ]]; then
make -s build/copim-sim sw sw-naive >/dev/null || exit 2
: >"$pts"
for g in $GRAPHS_L; do
  for k in prp sssp bfs pr; do
    for p in $POLS; do
      for b in sw sw-naive; do
        [[ $b == sw-naive && $k != pr && ${NAIVE_ALL:-0} != 1 ]] && continue
        echo "$b $k $g $p" >>"$pts"
      done
    done
  done
done
run() { # build kernel graph policy
  local b=$1 k=$2 g=$3 p=$4 extra="--max-cycles 200000000000"
  [[ $k == pr ]] && extra+=" --pr-iters 3"
  COPIM_ELF_DIR=build/$b COPIM_SWEEP_ARGS="$extra" scripts/sweep_point.sh "$OUT/$b" "$k-${g##*/}-$p" "$k" "$g" "$p" 2000 -
}
export -f run
export OUT
xargs -P "$JOBS" -L 1 bash -c 'run "$@"' _ <"$pts"
fi
python3 - "$OUT" <<'PY'
import sys
sys.path.insert(0, "scripts")
from ablation_csv import gather


def row(b, j):
    h = j["hmc"]
    return ["reduced" if b == "sw" else "naive", j["run"]["kernel"], j["run"]["graph"], j["run"]["policy"],
            j["time"]["kernel_cycles"], h["requests"], h["busiest_vault_share"], h["vault_imbalance"],
            h["top_addr_share"], j["result"]["verified"]]


gather(sys.argv[1], ("sw", "sw-naive"), "kernels",
       ["build", "kernel", "graph", "policy", "kernel_cycles", "hmc_requests", "busiest_vault_share",
        "vault_imbalance", "top_addr_share", "verified"], row)
PY
scripts/kernels_table.py "$OUT/kernels.csv" docs/figures/paper-serial-amo.csv >"$OUT/kernels.md" && echo "kernels_ablation: tables in $OUT/kernels.md"
