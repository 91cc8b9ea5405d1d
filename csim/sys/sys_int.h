/* Internal state of the co-simulation system: struct sys holds the wiring
 * (configuration, blocks, memory, run state) shared by sys.c (the cycle
 * loop, dispatcher), sys_loops.c (loop tracking), sys_stats.c (JSON,
 * summary, energy), sys_vcd.c (system waveform) and sys_watchdog.c, and
 * the state that one file owns, each its own struct: skip (sys_skip.h,
 * sys_skip.c's idle skipping), pes (sys_pe.h, sys_pe.c's PE side) and coh
 * (sys_inval.h, sys_inval.c's coherence around launches).  The others read
 * an owned struct and change it only through its owner's functions.
 * Nothing outside csim/sys/sys*.c includes it: others use sys.h.  Not an
 * API. */
#ifndef SYS_INT_H
#define SYS_INT_H

#include "mmio.h"
#include "pol.h"
#include "sys.h"
#include "sys_inval.h"
#include "sys_pe.h"
#include "sys_skip.h"

/* Characters of a loop's dec_seq at most (2 per execution). */
#define SYS_DEC_SEQ_MAX (1u << 20)

/* Per-loop statistics, by loop id (docs/stats.md "loops"). */
typedef struct {
  char name[48];
  uint64_t execs;        /* top-level executions (cp.loop.begin at depth 0), all cores */
  uint64_t trip;         /* sum of their trip counts */
  uint64_t host_iters;   /* iterations answered 0 (ran on the host) */
  uint64_t pim_iters;    /* iterations handed to the PEs (trip - k at the verdict 1) */
  uint64_t sampled;      /* IMU table: iterations sampled, summed */
  uint64_t theta_num, theta_den; /* IMU table: pure miss cycles / cycles of the samples, summed */
  uint64_t samples;              /* executions with a sample (sampled > 0) */
  uint64_t theta_num_first, theta_den_first; /* the same of each core's first execution of the loop (cold caches) */
  uint32_t cores_seen;           /* cores whose first execution was committed */
  uint64_t dec_pim, dec_host;    /* executions that ended offloaded / on the host */
  /* the same, each in the order it ended: the core's digit and 'p' or 'h'
   * (NUL-terminated; a fast run's decisions compare with an exact run's
   * core by core, as the cores' interleaving is timing) */
  char *dec_seq;
  size_t dec_seq_n, dec_seq_cap;
  int dec_seq_cut; /* SYS_DEC_SEQ_MAX reached: later decisions not recorded */
  uint64_t pe_insns;     /* PE retirements of launches of this loop */
  uint64_t launches;
  /* coherence around its launches (docs/stats.md "loops") */
  uint64_t wb_lines, wb_cycles;   /* dirty lines written back before them, cycles the launching core waited */
  uint64_t inv_lines, inv_cycles; /* lines PEs wrote dropped after them, cycles the waiting core waited */
} sys_loop_t;

/* What the system follows of one core's marker stream. */
typedef struct {
  unsigned depth;
  uint32_t id, trip, k;
  int active, off;
  int cap_valid;         /* the IMU table entry of id was read since its begin */
  uint64_t cap_num, cap_den, cap_sampled;
} sys_track_t;

struct sys {
  sys_cfg_t cfg;
  const sys_policy_t *pol;
  sys_plan_t plan;
  const graph_t *g;
  graph_kparams_t kp;
  uint8_t *mem;
  size_t mem_bytes;
  hmc_t *hmc;
  host_t *host;
  hmc_dispatch_t *disp;
  uint32_t pe_start;
  int have_pe_start;
  uint32_t sync_lo, sync_hi; /* rt_barrier's code */
  uint32_t pim_lo, pim_hi;   /* the property region the kernel registered (GraphPIM) */
  pol_pei_t *pei;            /* PEI's locality monitor (SYS_AMO_LOCALITY), else NULL */
  uint64_t sync_insns, sync_insns_kernel; /* host instructions executed in it */
  /* blocks */
  sys_pmc_ops_t pmc;
  sys_imu_ops_t imu[HOST_MAX_CORES];
  sys_pe_ops_t pe[SYS_MAX_PES];
  sys_blk_mode_t mode_pmc, mode_imu, mode_pe;
  int pe_c[SYS_MAX_PES];             /* the PE is the C model: its idle edges may be skipped (pe_idle) */
  int wd_iter;                       /* this cycle a core's cp.loop.iter was accepted (sys_watchdog) */
  sys_skip_t skip;                   /* idle skipping's caches (sys_skip.h) */
  sys_pes_t pes;                     /* the PE side: ports, clock, lazy PEs (sys_pe.h) */
  sys_coh_t coh;                     /* coherence around launches (sys_inval.h) */
  uint64_t memw;                     /* memory writes by PEs and vaults (what sys_skip's host bound reads) */
  /* the wiring's port values: IMU Moore outputs, IMU outputs of the last step or read port, PMC read ports */
  imu_out_t mo[HOST_MAX_CORES], io[HOST_MAX_CORES];
  pmc_out_t po;
  sys_inval_t *inval;       /* pim.pe_inval=written's unit (sys_inval.c), else NULL */
  /* loops */
  sys_loop_t loops[SYS_MAX_LOOPS];
  sys_track_t track[HOST_MAX_CORES];
  /* instruction counts */
  uint64_t pe_insns, pe_insns_k0, pe_insns_kernel;
  int kmark;             /* 0 before the kernel, 1 inside, 2 after */
  uint64_t launches;
  /* run state */
  int failed, finished, programmed;
  uint32_t exit_code;
  char err[768];
  /* verification (sys_verify) */
  int verified_done, verified;
  char why[256];
  uint32_t iterations, ref_iterations;
  /* progress watchdog (sys_watchdog.c): the last cycle with progress and the counts then */
  uint64_t wd_cycle, wd_pe_insns, wd_completed;
  /* waveform */
  FILE *vcd;
  uint64_t vcd_last[96];
  int vcd_started;
};

/* req_kind of a PE_GRAB read waiting for its work counter (not a PE_OP_*) */
#define SYS_REQ_GRAB 0x100u

void sys_fail(struct sys *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A write executed in a vault (an atomic, a write with data; ctx the
 * system): it clears reservations, and sys_skip's cached host bound must
 * look again (the word at a hart's pc may have changed).  The HMC's write
 * hook, and the windowed PE's atomics (made at send, sys_pe.c). */
void sys_vault_write(void *ctx, uint64_t addr, unsigned n);
/* Commits the table captures of unfinished tracks (end of run). */
void sys_loops_finish(struct sys *s);
/* Frees what the loop statistics allocated (their dec_seq). */
void sys_loops_free(struct sys *s);
/* sys_loops.c: follows core c's markers and IMU verdicts of this cycle. */
/* Whether this cycle's accepted marker starts a tracked loop (a begin at
 * depth 0): sys_track then moves the tracked id, and the host cycle
 * presents the IMU's table read port that id a cycle ahead. */
int sys_track_starts(const struct sys *s, unsigned c, const host_imu_out_t *hm);
void sys_track(struct sys *s, unsigned c, const host_imu_out_t *hm);
/* One VCD sample for the current host cycle (sys_vcd.c). */
void sys_vcd_sample(struct sys *s);
void sys_vcd_close(struct sys *s);
/* Once per host cycle: 0, or -1 (run failed) after sim.watchdog cycles without progress. */
int sys_watchdog(struct sys *s);

#endif
