/* pe_pf_lockstep: pe_mlp_lockstep (random programs, random latency and
 * back-pressure and line invalidates, the ISA tests, the C programs) on the
 * PE with the D-cache stream prefetcher (issue 32 item 1b): hw/pe.desc's
 * configuration 'pf' (DMshrs = 4, DPrefetch = 2) Verilated by mk/pe_pf.mk,
 * RTL against the C model every cycle; plus the checksum program's
 * prefetches sent and hit (pe_mlp_lockstep.c pf_check). */
#define TEST_NAME "pe_pf_lockstep"
#include "pe_mlp_lockstep.c"
