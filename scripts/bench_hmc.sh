#!/usr/bin/env bash
# HMC benchmarks (issues 5 and 22): latency (average, p99) against offered
# load for random reads and a 50/50 read/write mix, saturated bandwidth of
# each traffic kind beside its ceiling, bandwidth against request size, PE
# local against remote vault, and the model speed.  Tables
# go to build/bench/hmc/, plots to docs/hmc_*.png (see docs/hmc.md).
set -eu
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
out=$BUILD/bench/hmc
mkdir -p "$out"
make -s --no-print-directory BUILD="$BUILD" "$BUILD/bench/hmc_bench" >/dev/null
bin=$BUILD/bench/hmc_bench
for m in load mixload mixload-off sat size local speed; do
  "$bin" $m >"$out/$m.dat"
done
read -r n secs rps gbps < <(grep -v '^#' "$out/speed.dat")
echo "hmc model speed: $rps requests/s ($n requests of a random RD/WR/AMO mix at full load in ${secs}s, $gbps GB/s simulated)"
awk '!/^#/ && $1 == 64 {printf "hmc saturated 64 B: reads %s GB/s, writes %s GB/s (ceiling %s)\n", $2, $3, $4}' "$out/size.dat"
awk '!/^#/ && NR == 2 {printf "hmc lowest load: %s GB/s offered, average read latency %s ns\n", $1, $3}' "$out/load.dat"
awk '!/^#/ {printf "hmc saturated %s: %s GB/s (ceiling %s, %s)\n", $1, $2, $3, $4}' "$out/sat.dat"
awk '!/^#/ && $1 == 1 {printf "hmc PE 1 outstanding: local %s ns, remote %s ns\n", $3, $5}' "$out/local.dat"

gnuplot <<GP
set terminal pngcairo size 800,520 font ",11"
set grid
set key top left
set output "docs/hmc_latency_load.png"
set title "HMC: random 64 B requests on 4 links, latency against offered load"
set xlabel "offered load (GB/s of data)"
set ylabel "latency (ns)"
set logscale y
set yrange [30:20000]
set arrow from 96, graph 0 to 96, graph 1 nohead dt 2
set key top left font ",9"
set label "read ceiling 96" at 96, graph 0.45 right offset -1,0
set arrow from 157.6, graph 0 to 157.6, graph 1 nohead dt 2
set label "vault ceiling 157.6" at 157.6, graph 0.38 right offset -1,0
plot "$out/load.dat" using 1:3 with linespoints lw 2 title "reads: average", \
     "$out/load.dat" using 1:4 with linespoints lw 1 dt 2 title "reads: p99", \
     "$out/mixload.dat" using 1:3 with linespoints lw 2 title "50/50 mix: average", \
     "$out/mixload.dat" using 1:4 with linespoints lw 1 dt 2 title "50/50 mix: p99", \
     "$out/mixload-off.dat" using 1:3 with linespoints lw 1 title "50/50 mix, no turnarounds (before issue 22): average"
unset logscale y
set yrange [*:*]
set key default
set key top left
unset arrow
unset label
set output "docs/hmc_bw_size.png"
set title "HMC: saturated bandwidth against request size (4 links x 16 lanes x 15 Gb/s)"
set xlabel "request size (bytes)"
set ylabel "data bandwidth (GB/s)"
set key bottom right
set yrange [0:*]
plot "$out/size.dat" using 1:2 with linespoints lw 2 title "reads", \
     "$out/size.dat" using 1:3 with linespoints lw 2 title "writes", \
     "$out/size.dat" using 1:4 with lines dt 2 lw 1 title "ceiling S/(S+16) x 120 GB/s"
set output "docs/hmc_local_remote.png"
set title "HMC: 16 PEs reading 64 B from their own vault or a remote one"
set xlabel "outstanding reads per PE"
set ylabel "bandwidth (GB/s)"
set y2label "average latency (ns)"
set y2tics
set logscale x 2
set key top left
plot "$out/local.dat" using 1:2 with linespoints lw 2 title "local bandwidth", \
     "$out/local.dat" using 1:4 with linespoints lw 2 title "remote bandwidth", \
     "$out/local.dat" using 1:3 axes x1y2 with linespoints dt 2 title "local latency", \
     "$out/local.dat" using 1:5 axes x1y2 with linespoints dt 2 title "remote latency"
GP
echo "hmc plots: docs/hmc_latency_load.png docs/hmc_bw_size.png docs/hmc_local_remote.png"
