/* The statistics table: every figure of a run's JSON record (docs/stats.md)
 * as one row of (path, unit, description, where the value lives), after
 * gem5's ADD_STAT.  sys_write_json() walks the rows; the printed summary and
 * sys_summary() read their figures through sys_stat_get() by path; the field
 * tables of docs/stats.md are generated from the rows
 * (scripts/gen_stats_doc.py, checked by `make lint`).
 *
 * Adding a statistic: one row in sys_stat_table.c (and, when the value is
 * not yet in a struct the snapshot holds, the counter in its model), then
 * `scripts/gen_stats_doc.py` rewrites docs/stats.md.
 *
 * A path names the value in the JSON object: "time.host_cycles",
 * "run.blocks.pmc"; a segment ending in "[]" is an array with one object per
 * core ("host.cores[]"), per PE ("pes[]"), per loop seen ("loops[]"), per
 * HMC vault ("vaults[]") or per hot address ("hot_addrs[]").
 * Rows of one object are adjacent, in the file's order. */
#ifndef SYS_STAT_TABLE_H
#define SYS_STAT_TABLE_H

#include <stddef.h>
#include <stdint.h>

#include "sys_int.h"

/* Energy of a run, picojoules (docs/stats.md "energy_pj"). */
typedef struct {
  uint64_t l1_acc, l2_acc, llc_acc, pe_cache_acc;
  double l1, l2, llc, pe_cache, link, dram, logic, total, uncore;
} sys_energy_t;

/* Everything the rows read, taken at one moment (JSON and summary alike). */
typedef struct {
  const struct sys *s;
  host_stats_t hs;
  hmc_stats_t ms;
  hmc_dispatch_stats_t ds;
  sys_energy_t e;
  const char *kernel, *graph, *policy, *plan, *mode_pmc, *mode_imu, *mode_pe;
  uint32_t vertices, edges, source, pr_max_iters, bfs_split;
  int symmetric, undirected_input, finished, verified;
  const char *why;
  uint32_t exit_code, iterations, ref_iterations, host_clk_ps, pe_clk_ps;
  uint64_t seed, sim_ps, pe_cycles, kernel_cycles, kernel_ps;
  uint64_t host_insns, pe_insns, kernel_pe, kernel_total, host_sync, kernel_host_sync, pe_amos;
  uint64_t pe_window_reqs;
  double offloaded_share, offloaded_share_nosync, pe_util, pe_util_wide, locality;
  unsigned present; /* SYS_ONLY_* conditions this run meets */
  uint64_t pei_bits, pei_hits, pei_misses;
  uint64_t hmc_requests, hmc_lat_avg_ps;
  double pe_inflight, pe_inflight_busy; /* PE requests in flight (SYS_ONLY_MLP) */
  uint32_t pe_inflight_max;
  uint64_t pe_ooo_resps;
  /* hot spots: the vaults' loads and the most requested addresses */
  uint32_t busiest_vault;
  double busiest_vault_share, vault_imbalance, top_addr_share;
  uint64_t top_addr;
  unsigned hot_n, hot_amo_n; /* entries printed (at most SYS_HOT_PRINT) */
  hmc_hot_ent_t hot[HMC_HOT_K], hot_amo[HMC_HOT_K];
  char why_buf[256];
} sys_snap_t;

/* Where a row's value lives. */
enum {
  SYS_SRC_SNAP, /* off into sys_snap_t */
  SYS_SRC_CORE, /* off into host_core_stats_t, one per core */
  SYS_SRC_PE,   /* off into sys_pe_t, one per PE */
  SYS_SRC_LOOP, /* off into sys_loop_t, one per loop seen */
  SYS_SRC_FN,   /* computed by fn */
  SYS_SRC_PARAMS, /* the parameter table (sys_param_at), printed whole */
  SYS_SRC_INVAL,  /* the PE cache invalidation unit's object (sys_inval_json), printed whole */
  SYS_SRC_VAULT,  /* computed by fn, one per HMC vault */
  SYS_SRC_HOT,    /* computed by fn, one per printed hot address (all requests) */
  SYS_SRC_HOT_AMO /* the same, atomics only */
};
/* Hot addresses printed per list (of the HMC_HOT_K the summary holds). */
#define SYS_HOT_PRINT 16
/* Rows written only in some runs, so that every other run's file stays as it was. */
enum {
  SYS_ONLY_PEI = 1,       /* --policy pei */
  SYS_ONLY_UNDIRECTED = 2, /* a SNAP file whose header says undirected */
  SYS_ONLY_INVAL = 4,      /* pim.pe_inval=written or pim.inval_stats=1 */
  SYS_ONLY_MLP = 8         /* pe.dmshrs > 1, or as SYS_ONLY_INVAL */
};
/* Its type. */
enum { SYS_ST_U64, SYS_ST_U32, SYS_ST_BOOL, SYS_ST_REAL, SYS_ST_STR, SYS_ST_CHARS };

typedef struct {
  int type;
  uint64_t u; /* U64, U32, BOOL */
  double r;
  const char *str;
} sys_stat_val_t;

typedef struct sys_stat {
  const char *path, *unit;
  const char *desc; /* docs/stats.md's text; "" = described together with the row before */
  int src, type;
  size_t off;
  void (*fn)(const sys_snap_t *sn, unsigned idx, sys_stat_val_t *v);
  unsigned only; /* SYS_ONLY_* mask: written only when the run meets all of them (0: always) */
} sys_stat_t;

unsigned sys_stat_count(void);
const sys_stat_t *sys_stat_at(unsigned i);
/* The row of a path (NULL: none). */
const sys_stat_t *sys_stat_find(const char *path);
/* Snapshot of s; verify: settle result.verified through sys_verify() as the
 * JSON record does (only for a finished run that did not fail). */
void sys_stat_snap(sys_t *s, const sys_run_info_t *info, int verify, sys_snap_t *sn);
/* The value of row st for item idx (core, PE or loop id; else 0). */
void sys_stat_value(const sys_snap_t *sn, const sys_stat_t *st, unsigned idx, sys_stat_val_t *v);
/* Shorthands by path; the path must exist (abort otherwise: a typo is a bug). */
uint64_t sys_stat_u64(const sys_snap_t *sn, const char *path, unsigned idx);
double sys_stat_real(const sys_snap_t *sn, const char *path, unsigned idx);
/* Items of an array row (cores, PEs, loop ids) and whether item idx is written. */
unsigned sys_stat_items(const sys_snap_t *sn, int src);
int sys_stat_item_on(const sys_snap_t *sn, int src, unsigned idx);

#endif
