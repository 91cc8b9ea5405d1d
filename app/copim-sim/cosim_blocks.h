/* Verilated-block adapters of the co-simulator: the PMC, the IMUs and the
 * PEs as RTL (tb/<blk>/<blk>_rtl.h) or as RTL + C model in lockstep, behind
 * the sys_*_ops of csim/sys/sys.h.  A lockstep step compares every output port of the two and
 * fails at the first difference with one line naming block, cycle, port and
 * both values. */
#ifndef COSIM_BLOCKS_H
#define COSIM_BLOCKS_H

#include "sys.h"

/* Replaces the system's PMC / IMUs / PEs.  mode: SYS_BLK_RTL or
 * SYS_BLK_LOCKSTEP.  reset_seed: Verilator random-reset seed (0 = zeros).
 * waves: file prefix for one FST per Verilated instance, or NULL.
 * 0, or -1 and one line in err (e.g. the RTL was built with other
 * parameters than the run asks for). */
int cosim_use_pmc(sys_t *s, sys_blk_mode_t mode, unsigned reset_seed, const char *waves, char *err, size_t cap);
int cosim_use_imu(sys_t *s, sys_blk_mode_t mode, unsigned reset_seed, const char *waves, char *err, size_t cap);
int cosim_use_pe(sys_t *s, sys_blk_mode_t mode, unsigned reset_seed, const char *waves, char *err, size_t cap);

#endif
