/* pe_proto_lockstep: pe_lockstep_random's programs, checks and options, on
 * the PE as the iCE40 prototype carries it (rtl/pe/block.mk PE_SYNTH_PARAMS:
 * 256 B direct-mapped I- and D-caches, 16 B lines, Counters=0, so mcycle and
 * minstret read 0).  The test binary links the pe_proto shim (mk/fpga.mk),
 * whose pe_rtl_cfg() gives the C model the same configuration. */
#define TEST_NAME "pe_proto_lockstep"
#include "pe_lockstep_random.c"
