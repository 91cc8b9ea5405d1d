#!/usr/bin/env bash
# make bench (PE part): CPI of the pe_programs images with ideal memory and
# with 30 ns miss latency at 500 MHz (15 PE cycles), and simulation speed of
# the Verilated PE and the C model alone, in PE cycles per second.
set -eu
make -s --no-print-directory build/bench/pe_bench >/dev/null
build/bench/pe_bench
