/* Internal state of the co-simulation system shared by sys.c (the cycle
 * loop, dispatcher), sys_skip.c (idle skipping), sys_pe.c (PE ports), sys_loops.c (loop
 * tracking), sys_stats.c (JSON, summary, energy),
 * sys_vcd.c (system waveform) and sys_watchdog.c.  Nothing outside
 * csim/sys/sys*.c includes it: others use sys.h.  Not an API. */
#ifndef SYS_INT_H
#define SYS_INT_H

#include "mmio.h"
#include "pe_fast.h"
#include "pol.h"
#include "sys.h"
#include "sys_inval.h"
#include "sys_skip.h"

/* Per-loop statistics, by loop id (docs/stats.md "loops"). */
typedef struct {
  char name[48];
  uint64_t execs;        /* top-level executions (cp.loop.begin at depth 0), all cores */
  uint64_t trip;         /* sum of their trip counts */
  uint64_t host_iters;   /* iterations answered 0 (ran on the host) */
  uint64_t pim_iters;    /* iterations handed to the PEs (trip - k at the verdict 1) */
  uint64_t sampled;      /* IMU table: iterations sampled, summed */
  uint64_t theta_num, theta_den; /* IMU table: pure miss cycles / cycles of the samples, summed */
  uint64_t dec_pim, dec_host;    /* executions that ended offloaded / on the host */
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

/* A PE port tag's request in flight (sys_pe.c): tag 0 the blocking
 * requests, k + 1 MSHR k's fill (pe.h, pe.dmshrs > 1). */
typedef struct {
  int wait;              /* sent to the HMC, its response not yet polled */
  unsigned kind;         /* PE_OP_* or SYS_REQ_GRAB */
  uint32_t addr, val;    /* READ: address; LR/SC and grabs: the value to return */
  uint64_t seq;          /* acceptance order (pes' out-of-order count) */
} sys_pe_slot_t;

/* A response waiting for the PE's port (taken one an edge, earliest time first). */
typedef struct {
  unsigned tag;
  int fill;              /* a fill's answer (pim.pe_inval=written follows their landing with MSHRs) */
  uint32_t addr;         /* a fill's address */
  uint64_t t_ps, seq;
  uint32_t data[PE_MAX_LINE_BYTES / 4];
} sys_pe_resp_t;

#define SYS_PE_TAGS (PE_MAX_MSHRS + 1)

typedef struct {
  int running;           /* started and not yet reported halted */
  int start_pending, seen_run;
  uint32_t boot_pc, loop_id;
  hmc_grab_t grab;       /* the dispatcher's last answer (the PE_* registers) */
  int grab_unsent;       /* its work-counter AMO waits for the HMC to accept it */
  unsigned grab_tag;     /* the port tag of its last work grab (held by the invalidation unit) */
  unsigned wait_resp;    /* requests waiting for their HMC response (slots with wait) */
  unsigned resp_ready;   /* responses queued for the port (resp[0..resp_ready)) */
  uint64_t resp_t_ps;    /* the earliest time among them (sys.c's idle skip reads it) */
  sys_pe_slot_t slot[SYS_PE_TAGS]; /* by port tag */
  sys_pe_resp_t resp[SYS_PE_TAGS];
  uint64_t req_seq;      /* requests accepted that wait for a response */
  /* requests in flight (accepted, response not yet at the port): now, the
   * most, their sum over PE cycles up to inflight_t (a PE cycle), responses
   * that overtook an older request of the PE */
  unsigned inflight, inflight_max;
  uint64_t inflight_sum, inflight_t, ooo_resps;
  uint64_t retired, loads, stores, run_cycles, starts, reqs, grabs;
  uint64_t owed;         /* idle edges counted here, not yet applied to the C model (pe_skip) */
  uint64_t run_cycles_wide; /* of run_cycles, those while a wide launch was active */
  int fast_set;          /* fast below is decided (at the PE's first edge) */
  pe_fast_t fast;        /* the run-ahead window (sys_pe.c; fast.pe NULL: stepped every edge) */
  pe_t *shadow;          /* sim.pe_fast=2: the reference stepped beside it, compared every edge */
  /* lazy counting (sys_pe.c "Lazy PEs"): SYS_LAZY_WINDOW running ahead,
   * SYS_LAZY_IDLE idle; the edges from `from` on are not counted yet
   * (wide_from: struct sys's wide_edges at from) */
  int lazy;
  uint64_t from, wide_from;
} sys_pe_t;

enum { SYS_LAZY_NONE, SYS_LAZY_WINDOW, SYS_LAZY_IDLE };
/* Retirement calendar of the lazy windows: PE edges ahead, a power of two
 * above a window (PE_FAST_WINDOW) and the edge it starts after. */
#define SYS_PE_CAL 1024u

/* What one core's launches cost in coherence so far (snapshots of its host
 * counters, charged to loops at its next launch and at the end). */
typedef struct {
  uint32_t last_loop;    /* loop of the core's last launch, 0: none yet */
  uint64_t wb_cycles, inv_cycles;
} sys_coh_t;

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
  uint64_t memw;                     /* memory writes by PEs and vaults (what sys_skip's host bound reads) */
  /* the wiring's port values: IMU Moore outputs, IMU outputs of the last step or read port, PMC read ports */
  imu_out_t mo[HOST_MAX_CORES], io[HOST_MAX_CORES];
  pmc_out_t po;
  /* PEs */
  sys_pe_t pes[SYS_MAX_PES];
  unsigned pe_active;    /* PEs running or with a start pending */
  uint64_t pe_t_ps;      /* time of the next PE edge */
  uint64_t pe_cycle;     /* PE edges so far */
  /* lazy PEs (sys_pe.c): the edge at which each must be visited next (0:
   * every edge), the edges so far during a wide launch, and the
   * retirements of the lazy windows by edge (ret_cal[edge % SYS_PE_CAL],
   * cal_n in all), which keep pe_insns counted at its edge */
  uint64_t pe_due[SYS_MAX_PES];
  uint64_t wide_edges, cal_n;
  uint32_t ret_cal[SYS_PE_CAL];
  uint64_t pe_resp_seen; /* hmc_delivered() when the PE ports were last polled */
  uint64_t link_seen;    /* hmc_delivered() when sys_pe_side last drained the host links */
  /* lines the PEs wrote during the running launch (dropped from host caches at its end) */
  uint64_t *wbits;
  uint32_t *wlist;
  size_t wn, wcap;
  uint64_t inv_lines;
  sys_inval_t *inval;       /* pim.pe_inval=written's unit (sys_inval.c), else NULL */
  uint32_t ticket_loop[64]; /* loop id of ticket t at [t % 64] (the dispatcher keeps <= 64 outstanding) */
  sys_coh_t coh[HOST_MAX_CORES];
  uint64_t wb_lines_seen;   /* host pim_wb_lines already charged to loops */
  /* loops */
  sys_loop_t loops[SYS_MAX_LOOPS];
  sys_track_t track[HOST_MAX_CORES];
  /* instruction counts */
  uint64_t pe_insns, pe_insns_k0, pe_insns_kernel;
  int kmark;             /* 0 before the kernel, 1 inside, 2 after */
  uint64_t launches, pe_amos;
  /* the PEs' MMIO page: console and exit (the host has its own, host.h) */
  mmio_t *pedev;
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
/* Charges a core's coherence cycles to loops at a launch of loop id (0: end of run). */
void sys_coh_charge(struct sys *s, unsigned core, uint32_t id);
/* Commits the table captures of unfinished tracks (end of run). */
void sys_loops_finish(struct sys *s);
/* sys_pe.c: the PE edges up to this host cycle's time (with the HMC and the
 * dispatcher advanced to it), and the HMC responses for PEs handed over
 * since the last poll. */
void sys_pe_side(struct sys *s);
/* sys_pe.c: makes s->pedev; 0, or -1 out of memory. */
int sys_pe_dev_new(struct sys *s);
void sys_pe_responses(struct sys *s);
/* sys_pe.c: how many edges from the next one PE pe (running) needs no step
 * for: idle (pe_idle) or run ahead (pe_fast.h); 0 none, UINT64_MAX until an
 * input changes.  The edge after them must be stepped. */
uint64_t sys_pe_quiet(const struct sys *s, unsigned pe);
/* sys_pe.c: counts n (<= sys_pe_quiet) such edges of PE pe, wide: a wide
 * launch is active. */
void sys_pe_count(struct sys *s, unsigned pe, uint64_t n, int wide);
/* sys_pe.c: n PE edges from pe_cycle on passed in a skip (wide: a wide
 * launch active): the lazy PEs' share of them (the calendar's retirements,
 * the wide edges).  Before pe_cycle moves. */
void sys_pe_skip_edges(struct sys *s, uint64_t n, int wide);
/* sys_pe.c: counts the lazy PEs' edges up to pe_cycle (before statistics are read). */
void sys_pe_settle_all(struct sys *s);
/* sys_pe.c: frees what sys_pe.c allocated for the PEs (sys_free). */
void sys_pe_free(struct sys *s);
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
