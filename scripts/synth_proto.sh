#!/usr/bin/env bash
# make synth TARGET=ice40: the iCE40 prototype (fpga/ice40/proto_top.sv:
# PMC for one core + its IMU + one vault PE with its memory, behind a UART
# register interface) through Yosys synth_ice40, nextpnr-ice40 (hx8k ct256)
# and icepack, plus each block alone at the prototype's parameters.
#   1. proto_top with the PE: synthesis and a place-and-route attempt (the
#      utilisation nextpnr reports is the figure even when it does not fit);
#   2. proto_top without the PE (WithPe=0): the bitstream that fits;
#   3. pmc, imu, pe in their scan wrappers at the same parameters
#      (scripts/synth_ice40.sh): utilisation and Fmax per block.
# Figures: build/synth/proto/report.txt and figures.env (read by
# scripts/area_doc.sh).  Usage: synth_proto.sh '<pmc -G>' '<imu -G>' '<pe -G>' '<top -G>'
set -eu
pmc_p=$1 imu_p=$2 pe_p=$3 top_p=$4
out=build/synth/proto
mkdir -p "$out"
files="$(cat rtl/pmc/files.f rtl/imu/files.f rtl/pe/files.f | awk '!seen[$0]++' | tr '\n' ' ')"
files="$files fpga/ice40/proto_uart_rx.sv fpga/ice40/proto_uart_tx.sv fpga/ice40/proto_mem.sv fpga/ice40/proto_top.sv"
fig=$out/figures.env
: >"$fig"
put() { echo "$1=$2" >>"$fig"; }

chparam() {  # '-GA=1 -GB=2' module -> yosys chparam commands
  local c="" p kv
  for p in $1; do kv=${p#-G}; c="$c chparam -set ${kv%%=*} ${kv#*=} $2;"; done
  echo "$c"
}
cells() {  # yosys log -> "LUT FF BRAM CARRY" of the last stat
  awk '/^=== / {buf = ""} {buf = buf "\n" $0} END {print buf}' "$1" | awk '
    /SB_LUT4/ {lut += $2} /SB_DFF/ {ff += $2} /SB_RAM40_4K/ {ram += $2} /SB_CARRY/ {carry += $2}
    END {printf "%d %d %d %d\n", lut, ff, ram, carry}'
}
pnr() {  # name json -> 0 if it placed and routed; figures in $out/<name>.pnr.log
  nextpnr-ice40 --hx8k --package ct256 --pcf fpga/ice40/proto_top.pcf --seed 1 --json "$2" \
    --asc "$out/$1.asc" --freq 12 --log "$out/$1.pnr.log" -q >/dev/null 2>&1
}
lc()   { grep -oP 'ICESTORM_LC:\s+\K[0-9]+/\s*[0-9]+' "$1" | head -1 | tr -d ' '; }
ram()  { grep -oP 'ICESTORM_RAM:\s+\K[0-9]+/\s*[0-9]+' "$1" | head -1 | tr -d ' '; }
fmax() { grep -oP "Max frequency for clock '[^']*clk_i[^']*': \K[0-9.]+" "$1" | tail -1; }

{
  echo "iCE40 prototype, $(date -u +%Y-%m-%d), $(yosys -V | cut -d' ' -f1-2), $(nextpnr-ice40 --version 2>&1 | head -1)"
  echo "parameters: PMC $pmc_p | IMU $imu_p | PE $pe_p | top $top_p"
} | tee "$out/report.txt"
put date "$(date -u +%Y-%m-%d)"
put yosys "$(yosys -V | cut -d' ' -f2)"
put nextpnr "$(nextpnr-ice40 --version 2>&1 | grep -oP 'Version \K[^)]+' | head -1)"

for v in 1 0; do
  name=proto_pe$v
  echo "synth: proto_top WithPe=$v"
  yosys -q -l "$out/$name.log" -p "read_verilog -sv $files; $(chparam "$top_p -GWithPe=$v" proto_top) \
    synth_ice40 -top proto_top -json $out/$name.json; stat" >/dev/null 2>&1 \
    || { tail -20 "$out/$name.log"; exit 1; }
  read -r lut ff bram carry < <(cells "$out/$name.log")
  put "${name}_lut" "$lut"; put "${name}_ff" "$ff"; put "${name}_bram" "$bram"; put "${name}_carry" "$carry"
  if pnr "$name" "$out/$name.json"; then
    icepack "$out/$name.asc" "$out/$name.bin"
    put "${name}_lc" "$(lc "$out/$name.pnr.log")"; put "${name}_ram" "$(ram "$out/$name.pnr.log")"
    put "${name}_fmax" "$(fmax "$out/$name.pnr.log")"; put "${name}_fits" yes
    echo "proto_top WithPe=$v: LUT4 $lut FF $ff BRAM $bram carry $carry; placed $(lc "$out/$name.pnr.log") LCs," \
      "$(ram "$out/$name.pnr.log") BRAM, Fmax $(fmax "$out/$name.pnr.log") MHz; bitstream $out/$name.bin" | tee -a "$out/report.txt"
  else
    put "${name}_lc" "$(lc "$out/$name.pnr.log")"; put "${name}_ram" "$(ram "$out/$name.pnr.log")"; put "${name}_fits" no
    echo "proto_top WithPe=$v: LUT4 $lut FF $ff BRAM $bram carry $carry; does NOT fit the hx8k:" \
      "$(lc "$out/$name.pnr.log") logic cells ($(grep -m1 '^ERROR' "$out/$name.pnr.log" | cut -c1-90))" | tee -a "$out/report.txt"
  fi
done
# the bitstream users load: the largest configuration that fits
for v in 1 0; do
  if [[ -f $out/proto_pe$v.bin ]]; then cp "$out/proto_pe$v.bin" "$out/proto_top.bin"; put bin_with_pe "$v"; break; fi
done
[[ -f $out/proto_top.bin ]] || { echo "synth: no prototype configuration fits the hx8k" >&2; exit 1; }
echo "bitstream: $out/proto_top.bin (WithPe=$(grep -oP 'bin_with_pe=\K.*' "$fig"))" | tee -a "$out/report.txt"

for b in pmc imu pe; do
  p=${b}_p
  scripts/synth_ice40.sh "$b" "${!p}" "$out/$b" >/dev/null || true
  read -r lut ff bram carry < <(cells "$out/$b/block.log")
  put "${b}_lut" "$lut"; put "${b}_ff" "$ff"; put "${b}_bram" "$bram"; put "${b}_carry" "$carry"
  if [[ -f $out/$b/pnr.log ]]; then
    put "${b}_lc" "$(lc "$out/$b/pnr.log")"; put "${b}_fmax" "$(fmax "$out/$b/pnr.log")"
  fi
  echo "block $b (prototype parameters): LUT4 $lut FF $ff BRAM $bram carry $carry;" \
    "in its scan wrapper $(lc "$out/$b/pnr.log" 2>/dev/null) LCs, Fmax $(fmax "$out/$b/pnr.log" 2>/dev/null) MHz" | tee -a "$out/report.txt"
done
