/* Full-system co-simulation model (issue 8, SPEC sections 1, 2, 6 and 7):
 * the behavioural host (csim/host/host.h: 4 out-of-order cores, caches, LLC
 * driving the PMC ports), the Pure Miss Counter, one IMU per core, 16 vault
 * PEs, the HMC and the PIM dispatcher, running one RV32 ELF over a graph
 * image.  docs/cosim.md says how to run it, docs/stats.md what every
 * statistic means.
 *
 * Blocks.  PMC, IMU and PE are reached only through the port-level ops
 * below (the C port structs of csim/pmc/pmc.h, imu.h, pe.h).  sys_new() fills
 * them with the C models; an integrator replaces any of them (sys_set_*)
 * with a Verilated RTL block or an RTL + C lockstep pair (app/copim-sim/), so the
 * system model never links C++.
 *
 * Clocks.  One sys_step() is one host cycle (host.clk_ps, 500 ps = 2 GHz).
 * The host advances the HMC (time base ps); the PEs tick at pe.clk_ps
 * (2000 = 500 MHz, 1000 = 1 GHz) on the same ps time line, each PE edge at
 * or before the HMC's time being simulated after the host cycle that
 * reached it.  A PE that is halted with no start pending is clock gated
 * (not stepped), in every block mode alike.
 *
 * Per host cycle (host.h "Per-cycle wiring of a full system"):
 *   1. imu[c].moore -> host_imu_set (marker_ready, verdict)
 *   2. host_step (cores, caches, LLC, HMC advance, host-link responses)
 *   3. pmc.step(LLC ports + every IMU's clear/enable/flush/rd_sel)
 *   4. imu[c].step(markers, instr_ret, pmc rd_data, table read by loop id)
 *   5. PE edges up to the HMC time: memory ports <-> HMC PE ports,
 *      dispatcher activations, PE starts, work grabs (PE_GRAB) and halts,
 *      PE-written lines invalidated in the host caches when a launch
 *      completes.
 *
 * Policies (sys_policy_find, csim/policy/pol.h): a table of names, each an
 * IMU mode, an AMO placement rule and, for the offline ones, a planner
 * (csim/planner/pol_plan.h); PLAN mode reads a plan file "<loop id or
 * name> pim|host" per line.  Everything is
 * deterministic: the same inputs give the same statistics, byte for byte. */
#ifndef SYS_H
#define SYS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "graph.h"
#include "hmc.h"
#include "hmc_dispatch.h"
#include "host.h"
#include "imu.h"
#include "pe.h"
#include "pmc.h"
#include "pol.h" /* the policy table */

#define SYS_MAX_PES 32
#define SYS_MAX_LOOPS 64 /* loop ids 1..63 tracked one by one; larger ids count in entry 0 */

/* ---------------------------------------------------------------- configuration */

typedef enum { SYS_BLK_C = 0, SYS_BLK_RTL = 1, SYS_BLK_LOCKSTEP = 2 } sys_blk_mode_t;

typedef struct {
  host_cfg_t host;
  hmc_cfg_t hmc;
  pe_cfg_t pe;
  pmc_cfg_t pmc;
  imu_cfg_t imu;
  unsigned num_pes;        /* vault PEs, = hmc.vaults, 16 */
  uint32_t pe_clk_ps;      /* 2000 (500 MHz); 1000 = 1 GHz */
  /* IMU configuration registers (docs/imu.md), written before cycle 0 */
  uint32_t imu_fraction;   /* Q0.16, 3276 (5% rounded down) */
  uint32_t imu_threshold;  /* Q0.16, 3277 (5% rounded up: offload if theta > 5%) */
  uint32_t imu_min_sample; /* 1 */
  uint32_t imu_mpki_thr;   /* Q16.16, 0x50000 = 5.0 */
  uint32_t imu_sticky;     /* CTRL[0], 0 */
  /* cache energy per access, picojoules x 1000 (docs/stats.md names the source) */
  uint32_t e_l1_fj, e_l2_fj, e_llc_fj, e_pe_cache_fj;
  uint32_t pe_mmio_lat;    /* PE device-space read latency, PE cycles, 2 */
  /* offload path (docs/cosim.md "Offload path") */
  uint32_t pim_sched;      /* HMC_SCHED_*: 0 static, 1 dynamic (default) */
  uint32_t pim_chunk;      /* iterations per dynamic grab, 64 */
  uint32_t pim_concurrent; /* 1: launches of several cores share the PEs; 0: one launch at a time */
  uint32_t pim_place;      /* HMC_PLACE_*: 0 range (default), 1 vault */
  uint32_t pim_coherence;  /* 0 model (default), 1 free: write-back and invalidation cost nothing */
  /* PE caches across launches (csim/sys/sys_inval.h, docs/cosim.md) */
  uint32_t pim_pe_inval;       /* 0 all: every launch empties the PE D-caches (default); 1 written */
  uint32_t pim_inval_sig_bits; /* write signature bits per PE, 4096 */
  uint32_t pim_inval_hashes;   /* its hash functions, 2 */
  uint32_t pim_inval_stats;    /* 1: the pe_inval statistics under all too (D-cache fills) */
  uint64_t pim_inval_drop;     /* tests only: drop the N-th invalidation message (0 none) */
  uint64_t pim_inval_drop_back; /* tests only: with MSHRs, drop the back-invalidations from the N-th on (0 none) */
  uint32_t e_inval_fj;         /* energy per access of the unit's directory and signature arrays, fJ */
  uint64_t max_cycles;     /* host cycles; the run fails beyond, 2e9.  The default is a soft
                              limit while the progress watchdog is on: a run still making
                              progress goes on past it (sys_max_cycles_soft) */
  uint64_t seed;           /* reserved for randomised inputs; part of the statistics */
  uint32_t mode;           /* sim.mode: 0 exact (default), 1 fast: the approximate models where they
                              exist, today the HMC's (hmc.fast; docs/cosim.md "Exact or fast") */
  uint32_t skip;           /* 1: jump over idle cycles (default); 0: step every cycle, the reference.
                              Not a model parameter: the statistics are the same either way */
  uint64_t watchdog;       /* host cycles without kernel progress before the run fails (0 = off), 2e8 */
  uint64_t coh_check;      /* tests: every stepped host cycle that is a multiple of it, one owner per line
                            * (host_check_coherence) or the run fails; 0 = off */
  uint32_t pe_runahead;    /* 1: C PEs run ahead to their next port request (default); 0: stepped every
                              edge, the reference; 2: 1 with 0 beside it, compared every edge.  Not a
                              model parameter: same statistics either way (sim.pe_runahead, formerly
                              sim.pe_fast) */
  uint32_t pe_window;      /* N > 0: the C PEs' run-ahead goes on through a D-cache miss, a store or an
                              AMO sent at most N PE edges ahead of the system's time, timed by the fast
                              HMC at send (sim.pe_window; needs the fast HMC; approximate, docs/pe.md
                              "The windowed PE"); 0 off */
  /* not a parameter: sim.max_cycles was given (sys_param_set), so it is a hard limit */
  uint32_t max_cycles_set;
} sys_cfg_t;

#ifndef SYS_MAX_CYCLES_DEFAULT /* overridden only to test the soft default on a short run */
#define SYS_MAX_CYCLES_DEFAULT 2000000000ull
#endif

/* 1 when max_cycles is the default, not given, and the progress watchdog is
 * on: the run does not stop there while it makes progress (the watchdog
 * still ends a run that hangs, the host's stall limit one that stops
 * committing) but only at SYS_MAX_CYCLES_BACKSTOP x the default, a bound
 * for a run that loops forever yet counts as progress.  Any other limit,
 * or the default with sim.watchdog = 0, is hard. */
#define SYS_MAX_CYCLES_BACKSTOP 100
static inline int sys_max_cycles_soft(const sys_cfg_t *c) {
  return !c->max_cycles_set && c->max_cycles == SYS_MAX_CYCLES_DEFAULT && c->watchdog;
}

/* The defaults: SPEC section 2 (Table I) everywhere. */
void sys_cfg_default(sys_cfg_t *c);

/* One named parameter of sys_cfg_t ("llc.lat", "hmc.t_rcd_ps", ...). */
typedef struct {
  const char *name;
  unsigned off;   /* offsetof in sys_cfg_t */
  unsigned size;  /* 4 or 8 bytes (unsigned, uint32_t, int, uint64_t) */
  const char *what;
  const char *names; /* NULL, or the value names "a|b|c" for 0, 1, 2 (accepted besides the numbers) */
} sys_param_t;

/* Number of parameters and the i-th (table order = --help order). */
unsigned sys_param_count(void);
const sys_param_t *sys_param_at(unsigned i);
/* Sets a parameter from text (decimal, 0x hex, K/M/G suffix = x1024^n).
 * 0, or -1 and one line in err ("unknown parameter", "bad value"). */
int sys_param_set(sys_cfg_t *c, const char *name, const char *value, char *err, size_t cap);
uint64_t sys_param_get(const sys_cfg_t *c, const sys_param_t *p);
/* Reads "name = value" lines ('#' comments).  0, or -1 and "file:line: why". */
int sys_cfg_read(sys_cfg_t *c, const char *path, char *err, size_t cap);
/* Every parameter in its range and the combinations the models accept
 * (cache geometry, PEs vs vaults, DRAM timings).  0 or -1 and one line in err. */
int sys_cfg_check(const sys_cfg_t *c, char *err, size_t cap);

/* Plan for IMU PLAN mode: site per loop id (1 = PIM). */
typedef struct {
  int n;
  uint32_t id[256];
  uint8_t site[256];
} sys_plan_t;
/* Reads "<loop id | loop name> pim|host" lines; every loop must be one of
 * kernel's ("bfs", ...; NULL: of any kernel).  0, or -1 and "file:line: why". */
int sys_plan_read(sys_plan_t *p, const char *path, const char *kernel, char *err, size_t cap);

/* ---------------------------------------------------------------- block ports */

/* Each op returns 0, or -1 at a lockstep mismatch or a block failure, with
 * one line from error(): "lockstep mismatch: <block> cycle <n> port <p>:
 * rtl=0x.. c=0x..".
 *
 * Idle blocks (idle, read, read_port; csim/sys/sys_skip.h): a block whose
 * idle op answers 1 is not stepped in that cycle, and the system takes its
 * outputs from its read ops instead; a block without an idle op (NULL) or
 * answering 0 is stepped every cycle.  The C models answer from their
 * state; the RTL and lockstep adapters answer 0, since their clocks,
 * waveforms and comparisons run every cycle.  Statistics are the same
 * either way: only the speed differs. */
typedef struct {
  void *ctx;
  int (*step)(void *ctx, const pmc_in_t *in, pmc_out_t *out);
  const char *(*error)(void *ctx);
  void (*free)(void *ctx);
  /* 1: a step with in would change no register (in's hit_act and miss_act
   * are not filled: they count for enabled cores only) */
  int (*idle)(void *ctx, const pmc_in_t *in);
  /* after idle answered 1: core's read port for sel (combinational) */
  uint64_t (*read)(void *ctx, unsigned core, unsigned sel);
} sys_pmc_ops_t;

typedef struct {
  void *ctx;
  void (*moore)(void *ctx, imu_out_t *out);
  int (*step)(void *ctx, const imu_in_t *in, imu_out_t *out);
  const char *(*error)(void *ctx);
  void (*free)(void *ctx);
  /* 1: a step with no marker, no configuration write and the tbl_rd_id of
   * its last step would change no register and drive the same outputs
   * (imu_idle) */
  int (*idle)(void *ctx);
  /* after idle answered 1: the table read port (tbl_rd_* of out) such a
   * step would drive (imu_read_port) */
  void (*read_port)(void *ctx, imu_out_t *out);
} sys_imu_ops_t;

typedef struct {
  void *ctx;
  void (*outputs)(void *ctx, pe_out_t *out);
  int (*step)(void *ctx, const pe_in_t *in, pe_out_t *out);
  const char *(*error)(void *ctx);
  void (*free)(void *ctx);
} sys_pe_ops_t;

/* ---------------------------------------------------------------- system */

typedef struct sys sys_t;

/* Builds the system for graph g and kernel kp (image laid at
 * GRAPH_IMAGE_BASE), loads the ELF, programs the IMUs for the policy (plan
 * may be NULL unless the policy needs one).  NULL and one line in err. */
sys_t *sys_new(const sys_cfg_t *cfg, const char *elf, const graph_t *g, const graph_kparams_t *kp,
               const sys_policy_t *pol, const sys_plan_t *plan, char *err, size_t cap);
void sys_free(sys_t *s);

/* Replace a block by other ops (RTL or lockstep).  The system frees the ops
 * with their free() (the C model it had is freed at once).  Call before the
 * first sys_step(). */
void sys_set_pmc(sys_t *s, const sys_pmc_ops_t *ops);
void sys_set_imu(sys_t *s, unsigned core, const sys_imu_ops_t *ops);
void sys_set_pe(sys_t *s, unsigned pe, const sys_pe_ops_t *ops);
/* Records how blocks run, for the statistics ("c", "rtl", "lockstep"). */
void sys_set_block_modes(sys_t *s, sys_blk_mode_t pmc, sys_blk_mode_t imu, sys_blk_mode_t pe);

/* One host cycle.  0 running, 1 finished (EXIT written or all harts
 * halted), -1 failed (sys_error()). */
int sys_step(sys_t *s);
/* Steps to the end, the error or max_cycles.  progress (may be NULL) is
 * called about every 2^20 host cycles.  0 when the program exited with 0;
 * -1 and sys_error() otherwise. */
int sys_run(sys_t *s, void (*progress)(void *ctx, const sys_t *s), void *ctx);
const char *sys_error(const sys_t *s);

uint64_t sys_cycle(const sys_t *s);      /* host cycles so far */
uint64_t sys_pe_cycle(const sys_t *s);   /* PE clock edges so far (gated or not) */
uint64_t sys_insns(const sys_t *s);      /* instructions retired, host + PEs */
const sys_cfg_t *sys_config(const sys_t *s);
/* The loop nesting depth of core's marker stream (0: outside every marked
 * loop) and, inside one, its loop id in *id: what the offline planners
 * (csim/planner/pol_plan.c) account cycles to, without reaching into sys_t. */
unsigned sys_loop_depth(const sys_t *s, unsigned core, uint32_t *id);
/* Loop id's decisions so far as the JSON's loops[].dec_seq has them (the
 * core's digit and 'p' or 'h' per execution, in the order they ended; "+"
 * when cut, "" for none or an id beyond the tracked ones): what a fast run's
 * decisions compare against an exact run's with. */
const char *sys_loop_dec_seq(const sys_t *s, unsigned id);
/* Loop id's theta over its samples (loops[].theta: pure-miss cycles over
 * sample cycles, summed), -1 when it has no sample. */
double sys_loop_theta(const sys_t *s, unsigned id);
/* Coherence so far, in lines: dirty host lines written back before launches
 * (host pim_wb_lines) and lines the PEs wrote, dropped from the host caches. */
void sys_coh_lines(const sys_t *s, uint64_t *wb_lines, uint64_t *inv_lines);
host_t *sys_host(sys_t *s);

/* Verifies the kernel's results against the native reference (csim/kref).
 * 1 verified, 0 not (why filled). */
int sys_verify(sys_t *s, char *why, size_t cap);

/* The headline figures of a run (what --compare tabulates). */
typedef struct {
  uint64_t host_cycles, kernel_cycles, kernel_ps;
  uint64_t host_insns, pe_insns, kernel_host_insns, kernel_pe_insns, kernel_sync_insns;
  double offloaded_share, offloaded_share_nosync; /* of the kernel's instructions */
  double energy_uncore_pj, energy_pe_cache_pj;
  uint64_t launches;
  double pe_util, locality; /* PE busy / (PEs x launch-active time); PE requests to the own vault */
} sys_summary_t;
void sys_summary(sys_t *s, sys_summary_t *sum);

/* Statistics. */
typedef struct {
  const char *kernel, *graph, *policy, *plan, *rtl, *lockstep; /* as given on the command line */
} sys_run_info_t;
/* One JSON object (docs/stats.md), no host-dependent values (no wall time). */
void sys_write_json(sys_t *s, const sys_run_info_t *info, FILE *f);
/* The human summary of make cosim: time, instructions, offloaded share,
 * per-loop table, energy, PASS/FAIL (verified as given). */
void sys_print_summary(sys_t *s, const sys_run_info_t *info, FILE *f);

/* System-level VCD (per-core theta, IMU state and verdicts, launches, PE
 * busy bitmap), one sample per host cycle in which something changed.
 * NULL path: none.  0, or -1 and err. */
int sys_vcd_open(sys_t *s, const char *path, char *err, size_t cap);
/* Ends and closes the VCD: 0, or the errno of a failed write (full disk). */
int sys_vcd_finish(sys_t *s);

#endif
