#!/usr/bin/env bash
# make synth TARGET=xc7: Yosys synth_xilinx (7-series) resource estimates of
# the full offload complex at the paper's parameters (SPEC.md Table I):
# one PMC for 4 cores, 4 IMUs, 16 PEs.  Each block is synthesised once and
# multiplied by its instance count (the blocks share nothing but wires, so
# the sum is what a flat synthesis would give, up to cross-block
# optimisation, which the ports do not allow).  No place and route: these
# are synthesis estimates, LUTs before packing.
# Usage: synth_xc7.sh '<pmc -G>' '<imu -G>' '<pe -G>'
# Figures: build/synth/xc7/report.txt and figures.env.
set -eu
out=build/synth/xc7
mkdir -p "$out"
declare -A params=([pmc]=$1 [imu]=$2 [pe]=$3)
declare -A count=([pmc]=1 [imu]=4 [pe]=16)
fig=$out/figures.env
: >"$fig"
put() { echo "$1=$2" >>"$fig"; }
put date "$(date -u +%Y-%m-%d)"
put yosys "$(yosys -V | cut -d' ' -f2)"

# Xilinx primitive counts from the last stat of a log.  LUTs as memory:
# RAM32M/RAM64M 4 LUTs, RAM32X1D/RAM64X1D 2, RAM128X1D 4, others 1 per LUT.
# INV cells (Yosys leaves inverters, mostly on flip-flop enables, as INV;
# Vivado would fold most into the driving LUT) are counted apart.
xcells() {
  awk '/^=== / {buf = ""} {buf = buf "\n" $0} END {print buf}' "$1" | awk '
    $1 ~ /^LUT[1-6]$/ {lut += $2} $1 == "INV" {inv += $2}
    $1 ~ /^(RAM32M|RAM64M|RAM128X1D)$/ {lram += 4 * $2}
    $1 ~ /^(RAM32X1D|RAM64X1D)$/ {lram += 2 * $2}
    $1 ~ /^(RAM32X1S|RAM64X1S|RAM128X1S|RAM256X1S|SRL16E|SRLC32E)$/ {lram += $2}
    $1 ~ /^FD[CPRS]E$/ {ff += $2}
    $1 == "RAMB36E1" {b36 += $2} $1 == "RAMB18E1" {b18 += $2}
    $1 ~ /^DSP48E1$/ {dsp += $2} $1 == "CARRY4" {c4 += $2}
    END {printf "%d %d %d %d %d %d %d %d\n", lut, inv, lram, ff, b36, b18, dsp, c4}'
}

echo "Yosys $(yosys -V | cut -d' ' -f2) synth_xilinx (xc7), $(date -u +%Y-%m-%d)" | tee "$out/report.txt"
printf '%-5s %3s %9s %7s %9s %9s %6s %6s %5s %7s\n' block n LUT INV LUTRAM FF RAMB36 RAMB18 DSP CARRY4 | tee -a "$out/report.txt"
tl=0 ti=0 tm=0 tf=0 t36=0 t18=0 td=0
for b in pmc imu pe; do
  files=$(tr '\n' ' ' < "rtl/$b/files.f")
  ch=""
  for p in ${params[$b]}; do
    kv=${p#-G}; ch="$ch chparam -set ${kv%%=*} ${kv#*=} $b;"
    put "${b}_p_${kv%%=*}" "${kv#*=}"   # the parameters, for docs/area.md's text
  done
  yosys -q -l "$out/$b.log" -p "read_verilog -sv $files; $ch synth_xilinx -top $b -flatten -noiopad; stat" >/dev/null 2>&1 \
    || { tail -20 "$out/$b.log"; exit 1; }
  read -r lut inv lram ff b36 b18 dsp c4 < <(xcells "$out/$b.log")
  n=${count[$b]}
  for k in lut inv lram ff b36 b18 dsp c4; do put "${b}_$k" "${!k}"; done
  put "${b}_n" "$n"
  printf '%-5s %3d %9d %7d %9d %9d %6d %6d %5d %7d\n' "$b" 1 "$lut" "$inv" "$lram" "$ff" "$b36" "$b18" "$dsp" "$c4" | tee -a "$out/report.txt"
  tl=$((tl + n * lut)); ti=$((ti + n * inv)); tm=$((tm + n * lram)); tf=$((tf + n * ff))
  t36=$((t36 + n * b36)); t18=$((t18 + n * b18)); td=$((td + n * dsp))
done
for k in tl ti tm tf t36 t18 td; do put "total_$k" "${!k}"; done
printf '%-9s %9d %7d %9d %9d %6d %6d %5d   (1 PMC + 4 IMU + 16 PE; BRAM36 equivalent %s)\n' total "$tl" "$ti" "$tm" "$tf" "$t36" "$t18" "$td" \
  "$(awk -v a="$t36" -v b="$t18" 'BEGIN {print a + b / 2}')" | tee -a "$out/report.txt"
echo "parameters: pmc ${params[pmc]} | imu ${params[imu]} | pe ${params[pe]}" | tee -a "$out/report.txt"
