/* Behavioural host CPU (issue 6, SPEC sections 2, 4 and 6): N RV32IMA harts
 * (csim/rv32 executes them), one out-of-order timing model per core, private
 * L1I/L1D/L2 and a shared LLC with MSHRs, misses to the HMC model, and the
 * LLC driving the Pure Miss Counter's ports every host cycle.  docs/host.md
 * has the timing model, every parameter, what is not modelled and figures.
 *
 * Execution is functional-first: an instruction executes (on the one shared
 * functional memory) when it dispatches; the timing model then decides when
 * it issues, completes and commits.  There is no wrong path: a mispredicted
 * branch stalls dispatch until it resolves, plus the penalty.
 *
 * Clock: one host_step() is one host cycle (clk_ps, 500 ps = 2 GHz).  The
 * HMC is advanced to cycle * clk_ps by the host (hmc_advance) and the host
 * polls its link ports for responses (do not set an HMC callback, or forward
 * link-port responses with host_hmc_response()).
 *
 * Per cycle, a full system (csim/sys/sys.c, the only place that wires them)
 * does:
 *   1. for each core c: imu_moore(imu[c], &o); host_imu_set(h, c, &o-fields)
 *   2. host_step(h)               -- the host cycle: cores, caches, HMC
 *   3. pmc_step(pmc, in, &out), in = *host_pmc_ports(h) plus each IMU's
 *      clear/enable/flush/rd_sel   -- the LLC's activity of this cycle
 *   4. for each core c: imu_step(imu[c], marker/instr_ret from
 *      host_imu_get(h, c), pmc_rd_data = out.rd_data[c])
 * so an RTL PMC or IMU (tb/<blk>/<blk>_rtl.h) attaches through the same port structs.
 * The host alone steps neither: without host_imu_set on a core, its
 * markers are accepted at once and every verdict is 0.
 *
 * PIM: cp.pim.launch first writes every dirty line of every cache back to
 * the HMC (HMC_WR, waits for all responses), then calls hooks.pim_launch;
 * cp.pim.wait polls hooks.pim_done every cycle and completes when it says
 * done and the invalidations the integrator queued with host_invalidate()
 * (the lines the PEs wrote) have been applied, one line per cycle. */
#ifndef HOST_H
#define HOST_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "hmc.h"
#include "imu.h"
#include "pmc.h"
#include "resv.h"
#include "rv32.h"

#define HOST_MAX_CORES 16

typedef struct {
  uint32_t bytes; /* capacity (the LLC: total, shared) */
  unsigned ways;
  unsigned lat;   /* hit latency, cycles, added after the level above */
  unsigned mshrs; /* L1/L2: per core; LLC: total */
} host_cache_cfg_t;

typedef struct {
  unsigned cores;        /* harts = cores, 1..16, 4 */
  uint32_t hartid_base;  /* mhartid of core 0, 0 */
  uint32_t clk_ps;       /* host clock period, 500 (2 GHz) */
  /* out-of-order core */
  unsigned width;        /* dispatch and commit width, 4 */
  unsigned rob;          /* ROB entries, 192 */
  unsigned lq, sq;       /* load and store queue entries, 72 and 56 */
  unsigned alus;         /* integer ALUs (also branches), 4 */
  unsigned muls;         /* pipelined multipliers, 1 (one divider, unpipelined) */
  unsigned load_ports;   /* L1D loads per cycle, 2 (stores drain 1 per cycle) */
  unsigned lat_alu, lat_mul, lat_div; /* 1, 3, 20 */
  unsigned lat_fwd;      /* store-to-load forwarding, 2 */
  unsigned lat_csr;      /* CSR, fence, system (serialising), 1 */
  unsigned lat_mmio;     /* device-space access (serialising), 10 */
  unsigned mispredict_penalty; /* resolve -> first correct-path dispatch, 14 */
  unsigned bp_hist;      /* gshare: history bits = log2 counters, 12 */
  unsigned ras;          /* return address stack entries, 16 */
  unsigned itb_bits;     /* log2 entries of the indirect target table, 8 */
  /* caches, 64-byte lines */
  host_cache_cfg_t l1i, l1d, l2, llc;
  unsigned snoop_lat;    /* extra LLC latency when another core held the line dirty, 12 */
  unsigned mem_lat;      /* stand-in memory latency (cycles) when no HMC is given, 100 */
  unsigned num_pes;      /* NUM_PES register, 16 */
  uint64_t max_cycles;   /* host_run limit, 2e9 */
  uint64_t stall_limit;  /* cycles without a commit on any core before giving up, 2e6 */
  int echo_console;      /* copy CONSOLE bytes to stdout */
  unsigned wrs_sleep;    /* 1: wrs.nto sleeps while the hart's reservation holds (Zawrs); 0: a nop (spin) */
  unsigned coh_free;     /* 1: PIM write-back and invalidation cost nothing (an idealised simulator's view) */
  /* AMO ordering (docs/host.md "AMOs"): HOST_AMO_SERIAL, every AMO drains
   * the ROB and the store queue and holds dispatch until it commits;
   * HOST_AMO_RVWMO, .rl waits for older memory operations, .aq holds
   * younger ones, other work goes on around it */
  unsigned amo_model;
  /* 1: an AMO the amo_site hook sends to a vault does not serialise, and
   * with rd = x0 goes as a posted HMC atomic (no response; retired once the
   * link takes it; performed on memory by the vault); fences, the PIM
   * launch and .rl AMOs in the caches wait for the core's posted ones */
  unsigned amo_posted;
  unsigned posted_nowait; /* tests only: fences do not wait for posted AMOs (a planted fault) */
  /* 1: at-once memory timing (sim.mode=fast only; docs/host.md "At-once
   * memory"): a load, fetch, store drain or AMO looks the hierarchy up when
   * it issues and knows its completion then (a miss's from the fast HMC's
   * schedule, hmc_fast_eta_ps), instead of stepping MSHR events; needs the
   * fast HMC or no HMC */
  unsigned mem_atonce;
  /* A request that takes a line from a core whose fill of it is still in
   * flight (granted before): HOST_COH_KEEP, the fill installs the line
   * anyway, a copy no sharer bit records (two owners: the model before
   * 2026-11-29); HOST_COH_DROP, the fill serves its waiters and the line
   * leaves (docs/host.md "A fill in flight meets another core's request") */
  unsigned coh_inflight;
  /* 1: the interval core (sim.mode=fast with mem_atonce only; docs/host.md
   * "The interval core"): an ordinary instruction's dispatch, issue,
   * completion and commit cycles computed once, when it dispatches, from a
   * per-register ready table and rings of the ROB's, the load and store
   * queues' cycles, instead of an entry stepped through the dataflow
   * model; serialising instructions and vault AMOs go through the exact
   * core once the interval core has drained */
  unsigned core_interval;
  /* the interval core dispatches up to this many cycles ahead of the
   * system's cycle in one call (its functional execution that far ahead of
   * the other cores'); 1 = in the system's cycle only */
  unsigned ival_quantum;
} host_cfg_t;

enum { HOST_AMO_SERIAL = 0, HOST_AMO_RVWMO = 1 };
enum { HOST_COH_KEEP = 0, HOST_COH_DROP = 1 };

#define HOST_CFG_DEFAULT                                                                                          \
  ((host_cfg_t){.cores = 4, .hartid_base = 0, .clk_ps = 500, .width = 4, .rob = 192, .lq = 72, .sq = 56,          \
                .alus = 4, .muls = 1, .load_ports = 2, .lat_alu = 1, .lat_mul = 3, .lat_div = 20, .lat_fwd = 2,   \
                .lat_csr = 1, .lat_mmio = 10, .mispredict_penalty = 14, .bp_hist = 12, .ras = 16, .itb_bits = 8, \
                .l1i = {32768, 8, 2, 8}, .l1d = {32768, 8, 2, 8}, .l2 = {262144, 8, 12, 12},                     \
                .llc = {8u << 20, 32, 35, 32}, .snoop_lat = 12, .mem_lat = 100, .num_pes = HMC_VAULTS_DEFAULT,   \
                .max_cycles = 2000000000ull, .stall_limit = 2000000ull, .echo_console = 0,          \
                .wrs_sleep = 1, .coh_free = 0, .amo_model = HOST_AMO_RVWMO, .amo_posted = 1,       \
                .posted_nowait = 0, .mem_atonce = 0, .coh_inflight = HOST_COH_KEEP, .core_interval = 0, .ival_quantum = 1})

/* Integrator hooks (any may be NULL). */
typedef struct {
  void *ctx;
  /* cp.pim.launch on core, after the dirty write-back: 0 and *ticket,
   * 1 = busy (asked again next cycle), < 0 = error (the run fails). */
  int (*pim_launch)(void *ctx, unsigned core, uint32_t desc_addr, uint64_t now_ps, uint32_t *ticket);
  /* cp.pim.wait: 1 done, 0 pending, < 0 unknown ticket (the run fails). */
  int (*pim_done)(void *ctx, unsigned core, uint32_t ticket, uint64_t now_ps);
  /* Every instruction as it executes (dispatch, program order per core). */
  void (*retire)(void *ctx, unsigned core, const rv32_result_t *r);
  /* Optional per-AMO placement (PEI, GraphPIM; SPEC section 7): called for
   * each AMO (not LR/SC) of a core; 1 = execute it in the HMC vault (the
   * line leaves every cache, the AMO travels over the core's link and
   * completes with its response), 0 = in the caches as usual.  NULL = 0. */
  int (*amo_site)(void *ctx, unsigned core, uint32_t addr, unsigned funct5);
} host_hooks_t;

/* IMU ports of one core.  Host -> IMU (imu_in_t fields), valid after host_step: */
typedef struct {
  int marker_valid;
  unsigned marker_op; /* IMU_OP_* */
  uint32_t marker_id, marker_trip;
  unsigned instr_ret; /* instructions committed this cycle */
} host_imu_out_t;
/* IMU -> host (its Moore outputs), set before host_step: */
typedef struct {
  int marker_ready, verdict_valid, verdict;
} host_imu_in_t;

/* Per-core statistics. */
typedef struct {
  uint64_t insns, cycles_active; /* committed; cycles until the hart halted */
  uint64_t loads, stores, amos, branches, mispredicts, fwd_loads;
  uint64_t l1i_miss, l1d_hit, l1d_miss, l1d_merge, l2_hit, l2_miss, llc_hit, llc_miss, llc_merge;
  uint64_t stall_rob, stall_lsq, stall_mshr, stall_fetch, stall_serial;
  uint64_t upgrades, invalidations_recv;
  uint64_t markers, pim_launches, pim_wait_cycles, pim_wb_cycles;
  uint64_t pim_inv_cycles;     /* of pim_wait_cycles: the launch was done, its invalidations were not */
  uint64_t barrier_wait_cycles; /* asleep in wrs.nto (the runtime's barrier) */
  uint64_t amos_far; /* AMOs executed in the HMC vault (hooks.amo_site) */
  uint64_t amos_posted;        /* of them, sent posted (no response) */
  uint64_t posted_wait_cycles; /* dispatch held until the core's posted AMOs were performed */
} host_core_stats_t;

typedef struct {
  uint64_t cycles;
  host_core_stats_t core[HOST_MAX_CORES];
  uint64_t llc_lookups, llc_stall_cycles, llc_writebacks, l2_writebacks;
  uint64_t hmc_reads, hmc_writes, hmc_stalls, hmc_amos;
  uint64_t pim_wb_lines, pim_inv_lines, coherence_invals;
  uint64_t kernel_start, kernel_end; /* cycles at KERNEL_MARK 1 and 2 (0: not seen) */
  uint64_t kernel_insns;             /* committed between them */
  uint32_t pim_region_base, pim_region_end;
} host_stats_t;

/* Probes for waveforms and tests (one cycle's view). */
typedef struct {
  unsigned rob, lq, sq;       /* occupancy */
  unsigned l1d_mshr, l2_mshr; /* busy MSHRs */
  unsigned committed;         /* this cycle */
  int halted;
  uint32_t pc;                /* next pc to dispatch */
} host_probe_t;

typedef struct host host_t;

/* mem: the functional memory (address 0 at mem[0]), shared with the HMC and
 * the PEs; hmc: the HMC (its links 0..links-1 carry core c on link
 * c % links), or NULL for a fixed mem_lat stand-in.  NULL and one line in
 * err for a bad configuration. */
host_t *host_new(const host_cfg_t *cfg, uint8_t *mem, size_t mem_bytes, hmc_t *hmc, char *err, size_t cap);
void host_free(host_t *h);
void host_set_hooks(host_t *h, const host_hooks_t *hooks);

/* Loads an RV32 little-endian executable ELF into mem (PT_LOAD segments);
 * every hart starts at its entry.  -1 and "file:0: why" in err otherwise. */
int host_load_elf(host_t *h, const char *path, char *err, size_t cap);
/* Sets every hart to start at pc (instead of the ELF entry). */
void host_set_entry(host_t *h, uint32_t pc);

/* One host cycle.  Returns 0 while running, 1 when a hart wrote EXIT or
 * every hart halted (wfi), -1 on an error (host_error() has the line). */
int host_step(host_t *h);
/* Idle skipping (docs/performance.md).  host_idle_until() returns the
 * first cycle >= host_cycle() at which host_step() could change more than
 * its per-cycle wait counters (stall_*, *_wait_cycles, cycles_active, the
 * LLC's MSHR-full cycles): host_cycle() itself when this cycle does work,
 * UINT64_MAX when only an outside event (an HMC response, a PIM launch
 * finishing) can end the wait.  It does not look at the HMC: the caller
 * stops at the first cycle an HMC response comes out.  host_idle_skip(h,
 * to) then jumps to cycle to (no later than that bound), adding what each
 * skipped cycle would have added; nothing may happen in between. */
uint64_t host_idle_until(host_t *h);
/* 1 if a core committed in the last cycle (the next one is then seldom
 * idle: a cheap hint for when to ask host_idle_until). */
int host_committed(const host_t *h);
/* 1 if a core's IMU marker port was valid in the last cycle (host_imu_get's marker_valid of any core). */
int host_marker_any(const host_t *h);
void host_idle_skip(host_t *h, uint64_t to);
/* Changes whenever anything host_idle_until() reads from the host may have
 * changed: every host_step, response, invalidation, write, IMU input or
 * hook (not host_idle_skip, which only counts).  What it reads from
 * outside is the caller's to watch: the reservation set (a write by
 * another agent), the PIM dispatcher (pim_done) and the memory words at
 * the harts' pcs. */
uint64_t host_gen(const host_t *h);
/* Steps until EXIT/all halted, an error, or max_cycles (0 = cfg.max_cycles).
 * 0 and *code (EXIT value, 0 if every hart halted) or -1 and err. */
int host_run(host_t *h, uint64_t max_cycles, uint32_t *code, char *err, size_t cap);
const char *host_error(const host_t *h);
uint64_t host_cycle(const host_t *h);
int host_exited(const host_t *h, uint32_t *code);

/* IMU outputs of this cycle (switches the core to cp.loop.* handshakes;
 * without it markers are accepted at once and the verdict is 0). */
void host_imu_set(host_t *h, unsigned core, const host_imu_in_t *in);
const host_imu_out_t *host_imu_get(const host_t *h, unsigned core);
/* The LLC's PMC inputs of the last cycle: hit_act, miss_act and the MSHR
 * events (clear/enable/flush/rd_sel are zero: they are the IMUs'). */
const pmc_in_t *host_pmc_ports(const host_t *h);
/* The same ports with only the MSHR events (mshr_*) sure to be current: the
 * activity bitmaps hit_act and miss_act may be stale (host_pmc_ports
 * computes them), for a caller that needs them only on an event. */
const pmc_in_t *host_pmc_events(const host_t *h);

/* Drops [addr, addr + bytes) from every cache (the lines PEs wrote); the
 * LLC applies one line per cycle and cp.pim.wait waits for the queue. */
void host_invalidate(host_t *h, uint32_t addr, uint32_t bytes);
/* For integrators that own the HMC callback: a response of a host link. */
void host_hmc_response(host_t *h, const hmc_resp_t *r);

void host_stats(const host_t *h, host_stats_t *s);
void host_print_stats(const host_t *h, FILE *f);
void host_probe(const host_t *h, unsigned core, host_probe_t *p);
/* Single writer: 0 when no line is owned (E or M) in one core's L1D or L2
 * while another core holds it valid; else -1 and the first such line in err
 * (a line whose waiting store is about to write it and leave, coh_inflight
 * = drop, is not counted).  Scans every private line: for tests. */
int host_check_coherence(const host_t *h, char *err, size_t cap);
/* Architectural state of a hart (read only). */
const rv32_hart_t *host_hart(const host_t *h, unsigned core);
/* Console bytes so far (NUL-terminated). */
const char *host_console(const host_t *h);
/* Reads functional memory (out-of-range bytes read as zero). */
void host_read(const host_t *h, uint32_t addr, void *p, size_t n);
/* Writes functional memory; -1 outside [0x1000, mem_bytes). */
int host_write(host_t *h, uint32_t addr, const void *p, size_t n);
/* The LR/SC reservation set of the cores (agent = core id).  Anything else
 * that writes the functional memory (the full system's PEs, vault atomics)
 * calls resv_write() on it, so a core's reservation sees every agent. */
resv_t *host_resv(host_t *h);

#endif
