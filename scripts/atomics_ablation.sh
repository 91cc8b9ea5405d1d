#!/usr/bin/env bash
# The atomics models (docs/host.md "AMOs"), each change alone and all
# together: the host's AMO ordering (host.amo_model=serial|rvwmo), posted
# vault atomics (pim.amo_posted=0|1) and the relaxed kernels (build/sw-relaxed,
# per-edge AMOs with aq = rl = 0).  BFS, SSSP and push PageRank under
# cpu-only, pei, graphpim and copim (docs/results.md "Atomics as each design
# had them").  Resumable: each point through scripts/sweep_point.sh.
#
#   config   kernels      host.amo_model  pim.amo_posted
#   old      build/sw     serial          0     main's model before the change
#   order    build/sw     rvwmo           0     the host ordering alone
#   posted   build/sw     serial          1     posted vault atomics alone
#   new      build/sw     rvwmo           1     the default, faithful setting
#   relaxed  sw-relaxed   rvwmo           0     relaxed kernels (under serial
#                                               they change nothing: drained)
#   all      sw-relaxed   rvwmo           1     all three
#
# The new setting runs on LJ/8 (rmatld:605946:8624222), com-DBLP and
# p2p-Gnutella30; the others on com-DBLP and p2p-Gnutella30, each only
# where it can change something: posted only for pei and graphpim (copim
# and cpu-only send no AMO to a vault).  The old model is not run: its
# points are build/kernels's (scripts/kernels_ablation.sh: the same models
# on the same kernels but for rd = x0, which the serial model ignores);
# OLD_ALL=1 runs them here too.
#   scripts/atomics_ablation.sh [OUT]            (default build/atomics; JOBS=2)
#   scripts/atomics_ablation.sh --gather [OUT]   OUT/atomics.csv from the points run so far
# COPIM_SIM and ELF_ROOT (default build: ELF_ROOT/sw, ELF_ROOT/sw-relaxed)
# run a copy, so that the tree may be rebuilt meanwhile.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
gather_only=0
[[ ${1:-} == --gather ]] && { gather_only=1; shift; }
OUT=${1:-build/atomics}
GDIR=${GRAPHS:-../shared/data/graphs}
JOBS=${JOBS:-2}
LJ8=rmatld:605946:8624222
DBLP=$GDIR/com-dblp.ungraph.txt.gz
P2P=$GDIR/p2p-Gnutella30.txt
mkdir -p "$OUT"
pts=$OUT/points.txt
args_of() { # config -> "elfdir args"
  case $1 in
    old) echo "sw --set host.amo_model=serial --set pim.amo_posted=0" ;;
    order) echo "sw --set host.amo_model=rvwmo --set pim.amo_posted=0" ;;
    posted) echo "sw --set host.amo_model=serial --set pim.amo_posted=1" ;;
    new) echo "sw --set host.amo_model=rvwmo --set pim.amo_posted=1" ;;
    relaxed) echo "sw-relaxed --set host.amo_model=rvwmo --set pim.amo_posted=0" ;;
    all) echo "sw-relaxed --set host.amo_model=rvwmo --set pim.amo_posted=1" ;;
  esac
}
if [[ $gather_only == 0 ]]; then
  make -s build/copim-sim sw sw-relaxed >/dev/null || exit 2
  : >"$pts"
  # cheapest first: the small graph's points, com-DBLP's new and order,
  # LJ/8's new, then the rest of com-DBLP's ablation
  # (a graph's spec may hold colons: "|" separates it from its settings)
  for gc in "$P2P|new order posted relaxed all old" "$DBLP|new order posted" "$LJ8|new" "$DBLP|relaxed all old"; do
    g=${gc%%|*}
    for cfg in ${gc#*|}; do
      for k in prp sssp bfs; do
        for p in cpu-only pei graphpim copim; do
          [[ $cfg == posted || $cfg == all ]] && [[ $p == cpu-only || $p == copim ]] && continue
          [[ $cfg == old && ${OLD_ALL:-0} != 1 ]] && continue
          echo "$cfg $k $g $p" >>"$pts"
        done
      done
    done
  done
  run() { # config kernel graph policy
    local cfg=$1 k=$2 g=$3 p=$4 a
    a=$(args_of "$cfg")
    COPIM_ELF_DIR=${ELF_ROOT:-build}/${a%% *} COPIM_SWEEP_ARGS="--max-cycles 200000000000 ${a#* }" \
      scripts/sweep_point.sh "$OUT/$cfg" "$k-${g##*/}-$p" "$k" "$g" "$p" 2000 -
  }
  export -f run args_of
  export OUT
  xargs -P "$JOBS" -L 1 bash -c 'run "$@"' _ <"$pts"
fi
python3 - "$OUT" <<'PY'
import sys
sys.path.insert(0, "scripts")
from ablation_csv import gather


def row(cfg, j):
    h, cores = j["hmc"], j["host"]["cores"]
    return [cfg, j["run"]["kernel"], j["run"]["graph"], j["run"]["policy"], j["time"]["kernel_cycles"],
            h["requests"], h.get("posted", 0), sum(c.get("amos_far", 0) for c in cores),
            sum(c.get("posted_wait_cycles", 0) for c in cores), j["result"]["verified"]]


gather(sys.argv[1], ("old", "order", "posted", "new", "relaxed", "all"), "atomics",
       ["config", "kernel", "graph", "policy", "kernel_cycles", "hmc_requests", "hmc_posted", "amos_far",
        "posted_wait_cycles", "verified"], row)
PY
