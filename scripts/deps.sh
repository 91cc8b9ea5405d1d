#!/bin/sh
# Installs the Debian packages the platform needs; a no-op (well under a
# second) when they are all present.  Every make target that runs a tool
# calls this first, so a fresh Debian machine needs nothing but make and this.
set -eu

# package:command-or-file that proves it is installed.  Checking commands
# rather than asking dpkg keeps the no-op path fast.
pkgs="
verilator:verilator
yosys:yosys
nextpnr-ice40:nextpnr-ice40
fpga-icestorm:icepack
gtkwave:gtkwave
libsystemc-dev:/usr/include/systemc.h
gcc-riscv64-unknown-elf:riscv64-unknown-elf-gcc
picolibc-riscv64-unknown-elf:/usr/lib/picolibc/riscv64-unknown-elf/picolibc.specs
gnuplot-nox:gnuplot
iverilog:iverilog
parallel:parallel
jq:jq
zlib1g-dev:/usr/include/zlib.h
g++:g++
make:make
python3-minimal:python3
xvfb:xvfb-run
qemu-user:qemu-riscv32
"

missing=""
for p in $pkgs; do
  name=${p%%:*}
  probe=${p#*:}
  case "$probe" in
    /*) [ -e "$probe" ] || missing="$missing $name" ;;
    *) command -v "$probe" >/dev/null 2>&1 || missing="$missing $name" ;;
  esac
done

[ -z "$missing" ] && exit 0

echo "deps: installing:$missing" >&2
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null 2>&1 || { echo "deps: not root and no sudo; install:$missing" >&2; exit 1; }
  SUDO=sudo
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
# shellcheck disable=SC2086
$SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null
echo "deps: done" >&2
