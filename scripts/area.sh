#!/usr/bin/env bash
# make area: technology-neutral area of the offload hardware at the paper's
# parameters.  Each block goes through Yosys's generic `synth` (internal
# gate library), `dffunmap` (clock enables become muxes) and
# `stat -tech cmos` (Yosys's transistor count per gate).  The PE's RAMs
# (caches, register file) are read as black boxes (`read_verilog -lib`) and
# counted as 6T SRAM bits, so its logic and its storage are reported apart.
# Yosys 0.23 gives no transistor cost for flip-flops with asynchronous reset
# ($_DFF_PN0_/PN1_); we count them at 20 (its 16 for $_DFF_P_ plus a NOR for
# an inverter in each latch) and say so in the report.
# Usage: area.sh '<pmc -G>' '<imu -G>' '<pe -G>'.  Output: build/area/.
set -eu
out=build/area
mkdir -p "$out"
declare -A params=([pmc]=$1 [imu]=$2 [pe]=$3)
# RAM modules read as black boxes, and the transistors a bit they are
# counted at: the PE's caches and register file as 6T SRAM; the IMU's
# decision-table fields (imu_ram: one write port and one asynchronous read
# port, used in the same cycle) as a two-port register-file cell, 6T plus
# a 2T read port; the IMU's tags (imu_cam: one write port, two search
# ports) as a NOR-type CAM cell, 6T plus a 4T compare stack per search port.
declare -A rams=([pe]=pe_ram [imu]="imu_ram imu_cam")
declare -A ram_t=([pe_ram]=6 [imu_ram]=8 [imu_cam]=14)
fig=$out/figures.env
: >"$fig"
put() { echo "$1=$2" >>"$fig"; }
put date "$(date -u +%Y-%m-%d)"
put yosys "$(yosys -V | cut -d' ' -f2)"
ARFF_T=20
put arff_t "$ARFF_T"

# measure <block> <figure name> <black-box modules...>: one Yosys run,
# figures <name>_cells, _ff, _trans, _arff in figures.env.
measure() {
  local b=$1 name=$2 ram files lib="" ch="" p kv cells ff tr arff trans
  shift 2
  files=$(tr '\n' ' ' < "rtl/$b/files.f")
  for ram in "$@"; do
    files=$(echo "$files" | sed "s|rtl/$b/$ram.sv||")
    lib="$lib read_verilog -sv -lib rtl/$b/$ram.sv;"
  done
  for p in ${params[$b]}; do kv=${p#-G}; ch="$ch chparam -set ${kv%%=*} ${kv#*=} $b;"; done
  yosys -q -l "$out/$name.log" -p "$lib read_verilog -sv $files; $ch synth -top $b -flatten; dffunmap; \
    tee -o $out/$name.stat stat -tech cmos; write_rtlil $out/$name.il" >/dev/null 2>&1 \
    || { tail -20 "$out/$name.log"; exit 1; }
  # cells, flip-flops, Yosys's transistor estimate, async-reset flip-flops it left out
  read -r cells ff tr arff < <(awk '
    /Number of cells:/ {cells = $4}
    $1 ~ /^\$_DFF/ {ff += $2} $1 ~ /^\$_DFF_P[NP][01]_$/ {arff += $2}
    /Estimated number of transistors:/ {t = $5; sub(/\+$/, "", t)}
    END {printf "%d %d %d %d\n", cells, ff, t, arff}' "$out/$name.stat")
  trans=$((tr + ARFF_T * arff))
  put "${name}_cells" "$cells"; put "${name}_ff" "$ff"; put "${name}_trans" "$trans"; put "${name}_arff" "$arff"
  echo "$name: $cells cells, $ff flip-flops ($arff with async reset), $trans transistors"
}

for b in pmc imu pe; do
  # shellcheck disable=SC2086
  measure "$b" "$b" ${rams[$b]:-}
done
# The IMU once more with its tags as what the FPGA builds (imu_cam's
# behavioural model: flip-flops and compares as gates), so the CAM count
# can be judged against it (figure imu_flop_trans).
measure imu imu_flop imu_ram

# RAM bits: every black-box RAM instance's Width x Depth (figures.env
# names them by module: pe_ram_bits, imu_ram_bits, imu_cam_bits).
for r in pe_ram imu_ram imu_cam; do
  b=${r%%_*}
  bits=$(awk -v r="$r" '
    $1 == "cell" && ($2 == "\\" r || $2 ~ ("^\\$paramod.*" r)) {inc = 1; w = 0; d = 0; next}
    inc && /parameter.*\\Width/ {w = $NF} inc && /parameter.*\\Depth/ {d = $NF}
    inc && /^  end/ {bits += w * d; inc = 0}
    END {print bits + 0}' "$out/$b.il")
  put "${r}_bits" "$bits"; put "${r}_t" "${ram_t[$r]}"
  echo "$b: $r $bits bits = $((${ram_t[$r]} * bits)) transistors at ${ram_t[$r]}T a bit"
done
