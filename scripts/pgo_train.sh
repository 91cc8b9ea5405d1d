#!/usr/bin/env bash
# The training runs of the profile-guided build of build/copim-sim
# (mk/cosim.mk, PGO=1; docs/performance.md "Profile-guided build").
#   scripts/pgo_train.sh SIM ELF_DIR PROFILE_DIR
# SIM is the instrumented simulator; each run adds its counts to the .gcda
# files in PROFILE_DIR.  The runs are small (a few seconds in all) but take
# every hot path the bench points take: the host alone (BFS, cpu-only), the
# host with PEs (BFS, Bellman-Ford and pull PageRank, copim), the PEs alone
# (pull and push PageRank, pim-only), on generated graphs only, so the build
# needs no input files.  The profile only steers the compiler's layout and inlining: the
# simulator computes the same statistics with or without it (stats_equiv).
set -u
[ $# -eq 3 ] || { echo "usage: $0 SIM ELF_DIR PROFILE_DIR" >&2; exit 2; }
sim=$1 elf=$2 dir=$3
run() {
  if ! "$sim" --elf "$elf/$1.elf" --kernel "$1" --graph "$2" --policy "$3" "${@:4}" >/dev/null 2>"$dir/train.err"; then
    echo "pgo_train: training run failed: $sim --kernel $1 --graph $2 --policy $3 ${*:4} ($(tail -1 "$dir/train.err")); make PGO=0 builds without training" >&2
    exit 1
  fi
}
run bfs kron:13:16 cpu-only
run bfs kron:13:8 copim
run sssp kron:11:8 copim
run pr kron:13:8 pim-only --pr-iters 1
run prp kron:11:8 pim-only --pr-iters 1
run pr kron:11:8 copim --pr-iters 1
rm -f "$dir/train.err"
