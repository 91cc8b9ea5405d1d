#!/usr/bin/env bash
# Host model speed (issue 6, docs/host.md "Speed"): simulated RV32
# instructions per second of the behavioural host (4 harts in one thread,
# Table I caches) running graph kernels, with the HMC model behind the LLC
# and with the fixed-latency stand-in (the host model alone), then where
# the time goes (callgrind, inclusive share of the top functions).
# Tables go to build/bench/host/.
set -eu
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
out=$BUILD/bench/host
mkdir -p "$out"
make -s --no-print-directory "$BUILD/bench/host_bench" "$BUILD/sw/bfs.elf" "$BUILD/sw/pr.elf" >/dev/null
bin=$BUILD/bench/host_bench
graph=${HOST_BENCH_GRAPH:-kron:14:8}
echo "# kernel graph harts cycles instructions seconds MIPS IPC llc_misses Mcycles/s memory" >"$out/speed.dat"
for mem in hmc standin; do
  for k in bfs pr; do
    line=$(HOST_BENCH_STANDIN=$([[ $mem == standin ]] && echo 1 || echo 0) "$bin" "$k" "$graph" 4)
    echo "$line $mem" >>"$out/speed.dat"
    read -r kk gg hh cyc ins secs mips ipc llc mcs <<<"$line"
    echo "host $kk on $gg, $hh harts, memory=$mem: $mips M instructions/s ($ins instructions, $cyc cycles, IPC $ipc, ${secs}s, $mcs M cycles/s)"
  done
done
if command -v valgrind >/dev/null; then
  valgrind --tool=callgrind --callgrind-out-file="$out/callgrind.out" "$bin" pr kron:10:8 4 >/dev/null 2>"$out/callgrind.log" || true
  if [[ -s "$out/callgrind.out" ]]; then
    callgrind_annotate --inclusive=no "$out/callgrind.out" 2>/dev/null | grep -E '^ *[0-9,]+ +\(' | head -12 >"$out/profile.txt" || true
    echo "host profile (callgrind, pr kron:10:8 with the HMC, self cost):"
    sed 's/^/  /' "$out/profile.txt"
  fi
fi
