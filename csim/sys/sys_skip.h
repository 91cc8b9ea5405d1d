/* Idle skipping of the co-simulation system (docs/performance.md "Idle
 * skipping"): the shortcuts of sys_step, and the caches they keep.
 * Statistics are the same with sim.skip=0 and 1, byte for byte
 * (sim_skip_equiv, stats_equiv): nothing here moves a simulated cycle.
 *
 * Three shortcuts, each behind one call of sys.c's cycle:
 *   - sys_skip_host(): jumps over host cycles in which nothing but
 *     per-cycle counters would change (the host idle, every IMU and the
 *     PMC idle, every running PE idle or running ahead, no launch to
 *     activate, no HMC response handed over), and steps a last idle host
 *     cycle's PE side only;
 *   - the wiring's block steps: a block whose ops say it is idle
 *     (sys_pmc_ops_t / sys_imu_ops_t idle) is not stepped, only its read
 *     ports are refreshed when they may have changed;
 *   - sys_skip_wiring_repeats(): a wiring pass that stepped nothing repeats
 *     itself while no marker and no MSHR event come.
 * Whether a block is idle is the block's answer (its ops), not the
 * system's guess: the C models answer from their state, the RTL and
 * lockstep adapters "never" (their clocks and comparisons run every cycle).
 *
 * State of struct sys (sys_int.h: s->skip), used by sys.c and sys_skip.c
 * only.  Not an API. */
#ifndef SYS_SKIP_H
#define SYS_SKIP_H

#include <stdint.h>

#include "host.h"
#include "imu.h"
#include "pmc.h"

typedef struct {
  /* the last host_idle_until() answer and what it depended on (hb_val <= now: nothing kept) */
  uint64_t hb_val, hb_gen, hb_kills, hb_done, hb_memw;
  int wire_idle;                /* the last IMU/PMC wiring pass stepped nothing and would repeat
                                  * itself while no marker and no MSHR event come */
  int pass_idle;                /* the running wiring pass has stepped nothing so far */
  int mo_ok[HOST_MAX_CORES];     /* mo[c] is IMU c's Moore output (it has not stepped since mo[c] was read) */
  int imu_fresh[HOST_MAX_CORES]; /* io[c]'s table read port rebuilt since IMU c's last step */
  int po_ok[HOST_MAX_CORES];     /* po.rd_data[c] is the PMC's read port for po_sel[c] (no PMC step since) */
  unsigned po_sel[HOST_MAX_CORES];
} sys_skip_t;

struct sys;

/* The idle-skip shortcut of one host cycle (sim.skip=1): jumps over the
 * idle cycles from now on, counting what they would have added.  1 when
 * the host side of the current cycle is idle as well and was done here
 * (only its PE side is left to step); 0: the caller steps the host side. */
int sys_skip_host(struct sys *s);

/* The blocks were replaced or stepped outside the wiring (configuration
 * writes, sys_set_*): forget what was cached about them. */
void sys_skip_pmc_changed(struct sys *s);
void sys_skip_imu_changed(struct sys *s, unsigned c);

/* Step 1 of the wiring: whether mo[c] still holds IMU c's Moore outputs
 * (and the host its IMU inputs), so that they need not be read again. */
static inline int sys_skip_moore_held(const sys_skip_t *k, unsigned c) { return k->mo_ok[c]; }
/* mo[c] was just read. */
static inline void sys_skip_moore_read(sys_skip_t *k, unsigned c) { k->mo_ok[c] = 1; }

/* After host_step: 1 when the IMU/PMC pass would repeat the last one
 * (nothing stepped then, and no MSHR event and no marker now): skip it. */
int sys_skip_wiring_repeats(struct sys *s, const pmc_in_t *events);

/* Step 3: 1 when the PMC is idle under in (its step would change no
 * register): its read ports are then in s->po for in's selects and it is
 * not stepped.  0: the caller steps it and calls sys_skip_pmc_stepped. */
int sys_skip_pmc_idle(struct sys *s, const pmc_in_t *in);
void sys_skip_pmc_stepped(struct sys *s);

/* Step 4: 1 when IMU c is idle with no marker (hm): its step would change
 * no register, and s->io[c]'s table read port is what it would answer.
 * 0: the caller steps it and calls sys_skip_imu_stepped. */
int sys_skip_imu_idle(struct sys *s, unsigned c, const host_imu_out_t *hm);
void sys_skip_imu_stepped(struct sys *s, unsigned c);

/* The wiring pass: begins after host_step, ends after step 4. */
static inline void sys_skip_pass_begin(sys_skip_t *k) { k->pass_idle = 1; }
static inline void sys_skip_pass_end(sys_skip_t *k) { k->wire_idle = k->pass_idle; }

#endif
