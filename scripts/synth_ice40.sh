#!/usr/bin/env bash
# make synth BLOCK=<blk>: Yosys synth_ice40 + nextpnr-ice40 (hx8k, ct256)
# + icepack.  Reports the block alone (synthesis cell counts) and the
# placed-and-routed measurement wrapper tb/<blk>/<blk>_top.sv (utilisation
# and Fmax).  Parameters come as verilator -G flags (rtl/<blk>/block.mk).
# Usage: synth_ice40.sh <blk> '<-GName=value ...>' [out-dir]
# SEEDS='1 2 3' (environment; make synth ... SEEDS='1 2 3') places and
# routes once per nextpnr seed and reports every Fmax with the min and the
# median; the bitstream and report.txt's utilisation are the first seed's.
# (out-dir defaults to build/synth/<blk>; synth_proto.sh passes another one
# for the prototype's parameter set.)  Besides report.txt it leaves
# figures.env (the figures, key=value) and rtl_hash.json (the hash of the
# RTL it read, taken before Yosys starts), which `make hw-table`
# (scripts/hw_table.py) turns into README.md's hardware table.
set -eu
blk=$1
params=${2:-}
out=${3:-build/synth/$blk}
mkdir -p "$out"
files=$(tr "\n" " " < "rtl/$blk/files.f")
top=$blk
[[ -f tb/${blk}/${blk}_top.sv ]] && { files="$files fpga/ice40/scan_io.sv tb/${blk}/${blk}_top.sv"; top=${blk}_top; }

python3 scripts/hw_table.py --hash "$blk" > "$out/rtl_hash.json"
rm -f "$out/figures.env"   # written last: no figures from a run that failed

chparam=""
for p in $params; do
  kv=${p#-G}
  chparam="$chparam chparam -set ${kv%%=*} ${kv#*=} $blk;"
  [[ $top != "$blk" ]] && chparam="$chparam chparam -set ${kv%%=*} ${kv#*=} $top;"
done

cells() {  # log -> "LUT FF BRAM CARRY", from the last stat in the log
  awk '/^=== / {buf = ""} {buf = buf "\n" $0} END {print buf}' "$1" | awk '
    /SB_LUT4/ {lut += $2} /SB_DFF/ {ff += $2} /SB_RAM40_4K/ {ram += $2} /SB_CARRY/ {carry += $2}
    END {printf "%d %d %d %d\n", lut, ff, ram, carry}'
}

echo "synth: $blk ($params)"
yosys -q -l "$out/block.log" -p "read_verilog -sv $files; $chparam synth_ice40 -top $blk; stat" >/dev/null
read -r lut ff ram carry < <(cells "$out/block.log")
echo "block $blk alone: LUT4 $lut  flip-flops $ff  BRAM $ram  carry $carry" > "$out/report.txt"

if [[ $top != "$blk" ]]; then
  yosys -q -l "$out/top.log" -p "read_verilog -sv $files; $chparam synth_ice40 -top $top -json $out/$top.json" >/dev/null
  seeds=${SEEDS:-1}
  fmaxes=""
  for s in $seeds; do
    log=$out/pnr.log; [[ $s != "${seeds%% *}" ]] && log=$out/pnr_seed$s.log
    nextpnr-ice40 --hx8k --package ct256 --seed "$s" --json "$out/$top.json" --asc "$out/$top.seed$s.asc" \
      --freq 12 --log "$log" -q >/dev/null 2>&1 || {
        cat "$out/report.txt"
        echo "synth: $top does not place and route on the hx8k (seed $s): $(grep -m1 '^ERROR' "$log")"; exit 1; }
    f=$(grep -oP "Max frequency for clock '[^']*clk_i[^']*': \K[0-9.]+" "$log" | tail -1)
    fmaxes="$fmaxes ${f:-0}"
  done
  mv "$out/$top.seed${seeds%% *}.asc" "$out/$top.asc"; rm -f "$out/$top".seed*.asc
  icepack "$out/$top.asc" "$out/$top.bin"
  fmax="${fmaxes# }"; fmax="${fmax%% *} MHz"
  # min and median over the seeds (the median of an even count is the lower middle)
  read -r fmin fmed < <(printf '%s\n' $fmaxes | sort -g | awk '{v[NR] = $1} END {print v[1], v[int((NR + 1) / 2)]}')
  lcs=$(grep -oP 'ICESTORM_LC:\s+\K[0-9]+/\s*[0-9]+' "$out/pnr.log" | tail -1 | tr -d ' ')
  brams=$(grep -oP 'ICESTORM_RAM:\s+\K[0-9]+/\s*[0-9]+' "$out/pnr.log" | tail -1 | tr -d ' ')
fi

{
  echo "block $blk alone (yosys synth_ice40, $(yosys -V | cut -d' ' -f2)):"
  echo "  LUT4 $lut  flip-flops $ff  BRAM $ram  carry $carry"
  if [[ $top != "$blk" ]]; then
    echo "placed and routed $top on iCE40 hx8k ct256 (nextpnr-ice40 $(nextpnr-ice40 --version 2>&1 | grep -oP '\(Version \K[^)]*' || echo '?'), seed ${seeds%% *}; includes the scan wrapper):"
    echo "  logic cells $lcs  BRAM $brams  Fmax ${fmax:-unknown}"
    [[ $seeds == *" "* ]] && echo "  Fmax over seeds $seeds:$fmaxes MHz; min $fmin MHz, median $fmed MHz"
    echo "  bitstream $out/$top.bin"
  fi
} | tee "$out/report.txt"
{
  echo "date=$(date -u +%Y-%m-%d)"
  echo "yosys=$(yosys -V | cut -d' ' -f2)"
  echo "nextpnr=$(nextpnr-ice40 --version 2>&1 | grep -oP '\(Version \K[^)]*' || echo '?')"
  echo "params=$params"
  echo "lut=$lut"; echo "ff=$ff"; echo "bram=$ram"; echo "carry=$carry"
  if [[ $top != "$blk" ]]; then echo "seeds=$seeds"; echo "lc=$lcs"; echo "fmax=${fmaxes# }"; fi
} > "$out/figures.env"
