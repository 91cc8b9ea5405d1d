# The Verilator runtime every C++-mode model links (verilated.o,
# verilated_fst_c.o, verilated_threads.o), built once into
# build/vl/rt/libverilated.a instead of once per Verilated model: it does
# not depend on the model, only on the defines below, which every model of
# this tree shares (--cc --trace-fst, no coverage); nine copies of it were
# about 130 CPU seconds of a fresh clone's `make test`.  The SystemC model
# (VM_SC=1, no trace) keeps its own.  Run as
#   make -C build/vl/rt -f <this file> VERILATOR_ROOT=... libverilated.a
VERILATOR_ROOT ?= /usr/share/verilator
VM_SC = 0
VM_SP_OR_SC = 0
VM_COVERAGE = 0
VM_TRACE = 1
VM_TRACE_FST = 1
VM_TRACE_VCD = 0
VM_USER_CFLAGS = -O2 -fPIC
include $(VERILATOR_ROOT)/include/verilated.mk

libverilated.a: verilated.o verilated_fst_c.o verilated_threads.o
	rm -f $@ && $(AR) rcs $@ $^
