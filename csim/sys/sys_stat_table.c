/* The statistics table (sys_stat_table.h): one row per figure of the JSON
 * record, in the record's order.  docs/stats.md's field tables are
 * generated from the rows below (scripts/gen_stats_doc.py reads this file:
 * keep one row per line, in the macros' shapes). */
#include "sys_stat_table.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sys_inval.h"
#include "workload.h"

#define SNAP(path, unit, type, field, desc) {path, unit, desc, SYS_SRC_SNAP, type, offsetof(sys_snap_t, field), NULL, 0}
#define CORE(path, unit, field, desc) {path, unit, desc, SYS_SRC_CORE, SYS_ST_U64, offsetof(host_core_stats_t, field), NULL, 0}
#define PE(path, unit, field, desc) {path, unit, desc, SYS_SRC_PE, SYS_ST_U64, offsetof(sys_pe_t, field), NULL, 0}
#define LOOP(path, unit, type, field, desc) {path, unit, desc, SYS_SRC_LOOP, type, offsetof(sys_loop_t, field), NULL, 0}
#define FN(path, unit, type, src, fn, desc) {path, unit, desc, src, type, 0, fn, 0}
#define PEI(path, unit, field, desc) {path, unit, desc, SYS_SRC_SNAP, SYS_ST_U64, offsetof(sys_snap_t, field), NULL, SYS_ONLY_PEI}
#define OBJ(path, unit, src, only, desc) {path, unit, desc, src, SYS_ST_U64, 0, NULL, only}
#define WHEN(only, path, unit, type, field, desc) {path, unit, desc, SYS_SRC_SNAP, type, offsetof(sys_snap_t, field), NULL, only}

static void v_format(const sys_snap_t *sn, unsigned i, sys_stat_val_t *v) { (void)sn, (void)i, v->str = "copim-sim-stats"; }
static void v_version(const sys_snap_t *sn, unsigned i, sys_stat_val_t *v) { (void)sn, (void)i, v->u = 1; }
static void v_loop_id(const sys_snap_t *sn, unsigned i, sys_stat_val_t *v) { (void)sn, v->u = i; }
static double theta(const sys_loop_t *l) { return l->theta_den ? (double)l->theta_num / (double)l->theta_den : 0.0; }
static void v_theta(const sys_snap_t *sn, unsigned i, sys_stat_val_t *v) { v->r = theta(&sn->s->loops[i]); }
static void v_decision(const sys_snap_t *sn, unsigned i, sys_stat_val_t *v) {
  const sys_loop_t *l = &sn->s->loops[i];
  v->str = !l->execs ? "-" : l->dec_pim && !l->dec_host ? "pim" : !l->dec_pim ? "host" : "mixed";
}

static void v_dec_seq(const sys_snap_t *sn, unsigned i, sys_stat_val_t *v) { v->str = sys_loop_dec_seq(sn->s, i); }

static void v_vault_reqs(const sys_snap_t *sn, unsigned i, sys_stat_val_t *v) { v->u = sn->ms.vault_reqs[i]; }
static void v_vault_bus(const sys_snap_t *sn, unsigned i, sys_stat_val_t *v) { v->u = sn->ms.vault_bus_cycles[i]; }
static const hmc_hot_ent_t *hot_ent(const sys_snap_t *sn, unsigned src, unsigned i) {
  return src == SYS_SRC_HOT ? &sn->hot[i] : &sn->hot_amo[i];
}
static void v_hot_addr(const sys_snap_t *sn, unsigned i, sys_stat_val_t *v) { v->u = hot_ent(sn, SYS_SRC_HOT, i)->addr; }
static void v_hot_reqs(const sys_snap_t *sn, unsigned i, sys_stat_val_t *v) { v->u = hot_ent(sn, SYS_SRC_HOT, i)->count; }
static void v_hot_err(const sys_snap_t *sn, unsigned i, sys_stat_val_t *v) { v->u = hot_ent(sn, SYS_SRC_HOT, i)->err; }
static void v_hota_addr(const sys_snap_t *sn, unsigned i, sys_stat_val_t *v) { v->u = hot_ent(sn, SYS_SRC_HOT_AMO, i)->addr; }
static void v_hota_reqs(const sys_snap_t *sn, unsigned i, sys_stat_val_t *v) { v->u = hot_ent(sn, SYS_SRC_HOT_AMO, i)->count; }
static void v_hota_err(const sys_snap_t *sn, unsigned i, sys_stat_val_t *v) { v->u = hot_ent(sn, SYS_SRC_HOT_AMO, i)->err; }

static const sys_stat_t rows[] = {
    FN("format", "", SYS_ST_STR, SYS_SRC_FN, v_format, "`\"copim-sim-stats\"`"),
    FN("version", "", SYS_ST_U32, SYS_SRC_FN, v_version, "1"),
    SNAP("run.kernel", "", SYS_ST_STR, kernel, "`bfs`, `sssp`, `pr`, `prp`, `cc`, `dc`, `kcore` (`copim-sim --list-kernels`)"),
    SNAP("run.graph", "", SYS_ST_STR, graph, "the `--graph` argument without its directory (a file name or a generator spec such as `kron:16:16`)"),
    SNAP("run.policy", "", SYS_ST_STR, policy, "policy name (`cpu-only`, `pim-only`, `pei`, `graphpim`, `copim`, `mpki`, `greedy`, `pimprof`, `a3pim`, `oracle`, `plan`, `pim-amo`; `docs/policies.md`)"),
    SNAP("run.plan", "", SYS_ST_STR, plan, "the `--plan` file; for an offline policy (greedy, pimprof, a3pim, oracle) the plan it computed, `\"<policy>: <loop>=pim|host ...; <solver note>\"` (the full plan file is written beside the JSON as `<stats>.plan`); else `\"\"`"),
    SNAP("run.blocks.pmc", "", SYS_ST_STR, mode_pmc, "`\"c\"` (C model), `\"rtl\"` (Verilated RTL) or `\"lockstep\"` (both, compared every cycle)"),
    SNAP("run.blocks.imu", "", SYS_ST_STR, mode_imu, ""),
    SNAP("run.blocks.pe", "", SYS_ST_STR, mode_pe, ""),
    SNAP("run.seed", "", SYS_ST_U64, seed, "`sim.seed` (the models are deterministic; recorded for sweeps)"),
    FN("params", "", SYS_ST_U64, SYS_SRC_PARAMS, NULL, "every parameter of `copim-sim --help` with the value used, by name (`host.cores`, `llc.lat`, `hmc.t_rcd_ps`, ...), except `sim.skip`: how the simulator steps is not part of the model, and both settings give byte-identical files (`docs/performance.md`)"),
    SNAP("graph.vertices", "vertices", SYS_ST_U32, vertices, "vertices of the graph"),
    SNAP("graph.edges", "edges", SYS_ST_U32, edges, "directed edges of the CSR"),
    SNAP("graph.symmetric", "", SYS_ST_BOOL, symmetric, "the input says it is symmetric"),
    WHEN(SYS_ONLY_UNDIRECTED, "graph.undirected_input", "", SYS_ST_BOOL, undirected_input, "present, `true`, only for a SNAP file whose header says `# Undirected graph`: read symmetrised unless `--directed`"),
    SNAP("graph.source", "vertex", SYS_ST_U32, source, "BFS/SSSP source (`--source`): the kernel parameters change the work, so a result names them"),
    SNAP("graph.pr_max_iters", "iterations", SYS_ST_U32, pr_max_iters, "`--pr-iters`"),
    SNAP("graph.bfs_split", "edges", SYS_ST_U32, bfs_split, "`--bfs-split`"),
    SNAP("result.finished", "", SYS_ST_BOOL, finished, "the program wrote `EXIT` (or every hart halted) before any error or the cycle limit"),
    SNAP("result.exit_code", "", SYS_ST_U32, exit_code, "the value written to `EXIT` (0 = the kernel finished normally)"),
    SNAP("result.verified", "", SYS_ST_BOOL, verified, "the results in memory equal the native kernel's (`csim/graph/kref.c`, via `workload_verify`): BFS parents and depths, SSSP distances, PageRank ranks and iteration count, CC labels"),
    SNAP("result.why", "", SYS_ST_STR, why, "when not verified: the first difference, or the error that ended the run"),
    SNAP("result.iterations", "iterations", SYS_ST_U32, iterations, "what the kernel wrote into the image header: BFS levels, SSSP passes, PR iterations, CC rounds"),
    SNAP("result.ref_iterations", "iterations", SYS_ST_U32, ref_iterations, "the native reference's count (SSSP and CC may differ with several harts; results still equal)"),
    SNAP("time.host_cycles", "cycles", SYS_ST_U64, hs.cycles, "host cycles simulated, from reset to the end"),
    SNAP("time.host_clk_ps", "ps", SYS_ST_U32, host_clk_ps, "host clock period (500 = 2 GHz)"),
    SNAP("time.sim_ps", "ps", SYS_ST_U64, sim_ps, "`host_cycles * host_clk_ps`: simulated time"),
    SNAP("time.pe_cycles", "PE cycles", SYS_ST_U64, pe_cycles, "PE clock edges over the same time (gated or not: a PE is stepped only while it runs)"),
    SNAP("time.pe_clk_ps", "ps", SYS_ST_U32, pe_clk_ps, "PE clock period (2000 = 500 MHz, 1000 = 1 GHz)"),
    SNAP("time.kernel_start_cycle", "cycle", SYS_ST_U64, hs.kernel_start, "host cycles of the kernel's `KERNEL_MARK` 1 and 2 stores"),
    SNAP("time.kernel_end_cycle", "cycle", SYS_ST_U64, hs.kernel_end, ""),
    SNAP("time.kernel_cycles", "cycles", SYS_ST_U64, kernel_cycles, "their difference: the **execution time** of SPEC section 3 (normalise to a cpu-only run for Fig. 6)"),
    SNAP("time.kernel_ps", "ps", SYS_ST_U64, kernel_ps, ""),
    SNAP("insns.host", "insns", SYS_ST_U64, host_insns, "instructions retired on the host harts / on the PEs, whole run"),
    SNAP("insns.pe", "insns", SYS_ST_U64, pe_insns, ""),
    SNAP("insns.kernel_host", "insns", SYS_ST_U64, hs.kernel_insns, "the same between the kernel markers"),
    SNAP("insns.kernel_pe", "insns", SYS_ST_U64, kernel_pe, ""),
    SNAP("insns.kernel_total", "insns", SYS_ST_U64, kernel_total, "their sum"),
    SNAP("insns.offloaded_share", "ratio", SYS_ST_REAL, offloaded_share, "`kernel_pe / kernel_total`: SPEC's **offloaded instruction share** (Fig. 5)"),
    SNAP("insns.host_sync", "insns", SYS_ST_U64, host_sync, "host instructions retired inside `rt_barrier` (whole run / kernel).  Waiting harts sleep in `wrs.nto` (docs/memory_map.md), so this is the barrier's own code, about 20-30 instructions per hart and call; with `host.sleep=off` it includes the spinning"),
    SNAP("insns.kernel_host_sync", "insns", SYS_ST_U64, kernel_host_sync, ""),
    SNAP("insns.offloaded_share_nosync", "ratio", SYS_ST_REAL, offloaded_share_nosync, "`kernel_pe / (kernel_total - kernel_host_sync)`.  Kept for old scripts: with sleeping harts it differs from `offloaded_share` by the barrier code only"),
    CORE("host.cores[].insns", "insns", insns, "committed instructions"),
    CORE("host.cores[].cycles_active", "cycles", cycles_active, "cycles until the hart halted"),
    CORE("host.cores[].loads", "insns", loads, "loads, stores, AMOs (with LR/SC), conditional branches committed"),
    CORE("host.cores[].stores", "insns", stores, ""),
    CORE("host.cores[].amos", "insns", amos, ""),
    CORE("host.cores[].branches", "insns", branches, ""),
    CORE("host.cores[].mispredicts", "insns", mispredicts, "of the branches, mispredicted"),
    CORE("host.cores[].l1i_miss", "accesses", l1i_miss, "L1I misses"),
    CORE("host.cores[].l1d_hit", "accesses", l1d_hit, "L1D, L2 and LLC hits and misses of this core's accesses"),
    CORE("host.cores[].l1d_miss", "accesses", l1d_miss, ""),
    CORE("host.cores[].l2_hit", "accesses", l2_hit, ""),
    CORE("host.cores[].l2_miss", "accesses", l2_miss, ""),
    CORE("host.cores[].llc_hit", "accesses", llc_hit, ""),
    CORE("host.cores[].llc_miss", "accesses", llc_miss, ""),
    CORE("host.cores[].amos_far", "insns", amos_far, "AMOs the policy placed in the HMC vault (graphpim, pei, pim-amo)"),
    CORE("host.cores[].amos_posted", "insns", amos_posted, "of `amos_far`, sent as posted HMC atomics (`pim.amo_posted=1`, rd = x0): no response"),
    CORE("host.cores[].posted_wait_cycles", "cycles", posted_wait_cycles, "cycles dispatch waited for the core's posted AMOs to be performed (a fence, the barrier's AMO, a PIM launch)"),
    CORE("host.cores[].markers", "insns", markers, "`cp.loop.*` executed"),
    CORE("host.cores[].pim_launches", "insns", pim_launches, "`cp.pim.launch` executed"),
    CORE("host.cores[].pim_wait_cycles", "cycles", pim_wait_cycles, "cycles in `cp.pim.wait`, asleep: **launch waits**, including the invalidations"),
    CORE("host.cores[].pim_wb_cycles", "cycles", pim_wb_cycles, "cycles of the dirty write-back before launches"),
    CORE("host.cores[].pim_inv_cycles", "cycles", pim_inv_cycles, "of `pim_wait_cycles`, those after the launch was done while its invalidations drained"),
    CORE("host.cores[].barrier_wait_cycles", "cycles", barrier_wait_cycles, "cycles asleep in `wrs.nto`: **barrier waits**"),
    SNAP("host.llc_lookups", "accesses", SYS_ST_U64, hs.llc_lookups, "LLC lookups, all cores"),
    SNAP("host.llc_writebacks", "lines", SYS_ST_U64, hs.llc_writebacks, "LLC victims written to the HMC"),
    SNAP("host.hmc_reads", "requests", SYS_ST_U64, hs.hmc_reads, "64-byte requests the LLC sent"),
    SNAP("host.hmc_writes", "requests", SYS_ST_U64, hs.hmc_writes, ""),
    SNAP("host.hmc_amos", "requests", SYS_ST_U64, hs.hmc_amos, "AMOs sent to the vaults"),
    SNAP("host.coherence_invals", "lines", SYS_ST_U64, hs.coherence_invals, "private copies invalidated in other cores when a core took a line exclusive"),
    PEI("pei.monitor_bits", "bits", pei_bits, "the locality monitor's size: entries x (10-bit partial tag + valid + LRU bits), the hardware PEI adds beside the LLC"),
    PEI("pei.predicted_hits", "insns", pei_hits, "host AMOs it predicted to hit the LLC: run in the caches"),
    PEI("pei.predicted_misses", "insns", pei_misses, "AMOs it sent to the HMC vaults (`host.hmc_amos` counts the same AMOs as the LLC sent them)"),
    OBJ("pe_inval", "", SYS_SRC_INVAL, SYS_ONLY_INVAL, "the PE cache invalidation unit's object (section pe_inval below), only under `pim.pe_inval=written` or `pim.inval_stats=1`"),
    PE("pes[].retired", "insns", retired, "instructions, counted on the retirement port"),
    PE("pes[].run_cycles", "PE cycles", run_cycles, "PE cycles it was clocked: from its start to its halt: its busy cycles"),
    PE("pes[].starts", "count", starts, "times the dispatcher started it"),
    PE("pes[].loads", "insns", loads, "retired load/store instructions, by opcode"),
    PE("pes[].stores", "insns", stores, ""),
    PE("pes[].mem_reqs", "requests", reqs, "requests its memory port sent: line fills, word writes, AMOs, uncached reads, work-counter fetch-and-adds"),
    PE("pes[].grabs", "count", grabs, "reads of `PE_GRAB`"),
    SNAP("pim.launches", "count", SYS_ST_U64, ds.launches, "`cp.pim.launch` accepted by the dispatcher"),
    SNAP("pim.iterations", "iterations", SYS_ST_U64, ds.iterations, "loop iterations they handed to the PEs"),
    SNAP("pim.pe_starts", "count", SYS_ST_U64, ds.pe_starts, "PE starts (a launch's activation starts every PE not running)"),
    SNAP("pim.busy_ps", "ps", SYS_ST_U64, ds.busy_ps, "sum over launches of activation to completion"),
    SNAP("pim.pe_amos", "insns", SYS_ST_U64, pe_amos, "AMOs the PEs executed in the vaults"),
    SNAP("pim.pe_window_reqs", "requests", SYS_ST_U64, pe_window_reqs, "of the PEs' requests (fills, writes, AMOs), those their run-ahead sent and timed itself (`sim.pe_window`, fast mode; 0 otherwise)"),
    SNAP("pim.wb_lines", "lines", SYS_ST_U64, hs.pim_wb_lines, "dirty lines written back by the host before launches"),
    SNAP("pim.inv_lines", "lines", SYS_ST_U64, hs.pim_inv_lines, "lines dropped from the host caches after launches (the lines the PEs wrote)"),
    SNAP("pim.pim_region_base", "address", SYS_ST_U32, hs.pim_region_base, "GraphPIM's property region as the kernel registered it"),
    SNAP("pim.pim_region_end", "address", SYS_ST_U32, hs.pim_region_end, ""),
    SNAP("pim.active_ps", "ps", SYS_ST_U64, ds.active_ps, "time at least one launch was active (the union of those spans: the **launch span**)"),
    SNAP("pim.max_active", "count", SYS_ST_U32, ds.max_active, "most launches active at once"),
    SNAP("pim.grabs", "count", SYS_ST_U64, ds.grabs, "`PE_GRAB` reads, chunks handed out (under `pim.sched=dynamic` each is one work-counter fetch-and-add sent to a vault), chunks taken from another vault's queue (`pim.place=vault`)"),
    SNAP("pim.chunks", "count", SYS_ST_U64, ds.chunks, ""),
    SNAP("pim.steals", "count", SYS_ST_U64, ds.steals, ""),
    SNAP("pim.pe_utilisation", "ratio", SYS_ST_REAL, pe_util, "sum of the PEs' `run_cycles` x `pe_clk_ps` / (PEs x `active_ps`): **PE utilisation** during launches"),
    SNAP("pim.wide_ps", "ps", SYS_ST_U64, ds.wide_ps, "the time at least one *wide* launch (>= PEs x `pim.chunk` iterations: enough to give every PE a chunk) was active, and the PE utilisation within it: what the dispatcher achieves where the loop has the parallelism to fill the PEs"),
    SNAP("pim.pe_utilisation_wide", "ratio", SYS_ST_REAL, pe_util_wide, ""),
    SNAP("pim.locality_share", "ratio", SYS_ST_REAL, locality, "`pe_local_reqs / (pe_local_reqs + pe_remote_reqs)`: PE memory requests served by the PE's own vault"),
    WHEN(SYS_ONLY_MLP, "pim.pe_inflight", "requests", SYS_ST_REAL, pe_inflight, "present only with `pe.dmshrs` > 1 or `pim.pe_inval=written` or `pim.inval_stats=1`: **PE requests in flight**, the PEs' memory requests accepted and not yet answered at their ports (line fills, uncached reads, AMOs, work grabs; not posted writes), summed over the PEs and averaged over `active_ps`"),
    WHEN(SYS_ONLY_MLP, "pim.pe_inflight_busy", "requests", SYS_ST_REAL, pe_inflight_busy, "the same per PE, averaged over its `run_cycles` (at most `pe.dmshrs` + 1)"),
    WHEN(SYS_ONLY_MLP, "pim.pe_inflight_max", "requests", SYS_ST_U32, pe_inflight_max, "the most one PE had in flight at once"),
    WHEN(SYS_ONLY_MLP, "pim.pe_ooo_resps", "requests", SYS_ST_U64, pe_ooo_resps, "responses a PE port took while an older request of that PE still waited: answered out of order"),
    FN("loops[].id", "", SYS_ST_U32, SYS_SRC_LOOP, v_loop_id, "loop id and the name the kernel registered (`LOOP_NAME`), e.g. `bfs.frontier`"),
    LOOP("loops[].name", "", SYS_ST_CHARS, name, ""),
    LOOP("loops[].execs", "count", SYS_ST_U64, execs, "executions"),
    LOOP("loops[].trip", "iterations", SYS_ST_U64, trip, "sum of their trip counts"),
    LOOP("loops[].host_iters", "iterations", SYS_ST_U64, host_iters, "iterations answered 0 by the IMU (ran on the host: the samples, and whole loops decided host)"),
    LOOP("loops[].pim_iters", "iterations", SYS_ST_U64, pim_iters, "iterations handed to the PEs (trip - iterations so far, at the verdict 1)"),
    LOOP("loops[].sampled", "iterations", SYS_ST_U64, sampled, "the IMU table's `sampled` of each execution, summed (0 in HOST/PIM/PLAN modes)"),
    LOOP("loops[].theta_num", "cycles", SYS_ST_U64, theta_num, "the IMU table's theta numerator and denominator of each execution's sample (pure miss cycles and cycles of the sample, read from the PMC by the IMU), summed"),
    LOOP("loops[].theta_den", "cycles", SYS_ST_U64, theta_den, ""),
    FN("loops[].theta", "ratio", SYS_ST_REAL, SYS_SRC_LOOP, v_theta, "`theta_num / theta_den`: theta over all samples of the loop, weighted by sample length (CoPIM eq. 1)"),
    LOOP("loops[].samples", "count", SYS_ST_U64, samples, "executions with a sample (`sampled` > 0; AB mode: the executions that measured both sides)"),
    LOOP("loops[].theta_num_first", "cycles", SYS_ST_U64, theta_num_first, "`theta_num` and `theta_den` of each core's first execution of the loop only (the cold-cache samples); the rest of the sums are the later, warmer executions'"),
    LOOP("loops[].theta_den_first", "cycles", SYS_ST_U64, theta_den_first, ""),
    LOOP("loops[].dec_pim", "count", SYS_ST_U64, dec_pim, "executions with at least one iteration that ended offloaded / on the host"),
    LOOP("loops[].dec_host", "count", SYS_ST_U64, dec_host, ""),
    FN("loops[].decision", "", SYS_ST_STR, SYS_SRC_LOOP, v_decision, "`\"pim\"`, `\"host\"`, `\"mixed\"` (both happened) or `\"-\"` (no execution)"),
    FN("loops[].dec_seq", "", SYS_ST_STR, SYS_SRC_LOOP, v_dec_seq, "the executions counted in `dec_pim` and `dec_host`, in the order they ended: two characters each, the core (`0`-`f`) and `p` (offloaded) or `h` (host); `\"+\"` when longer than 2^20 characters.  Each core's own order is what compares across runs (`scripts/fast_mode_table.py`: the fraction of loop executions decided differently in fast and exact mode); the cores' interleaving is timing"),
    LOOP("loops[].launches", "count", SYS_ST_U64, launches, "launches of this loop"),
    LOOP("loops[].pe_insns", "insns", SYS_ST_U64, pe_insns, "PE instructions retired for this loop's launches"),
    LOOP("loops[].wb_lines", "lines", SYS_ST_U64, wb_lines, "dirty lines written back before this loop's launches (all of the host's dirty lines at each launch) and the cycles the launching cores waited for them"),
    LOOP("loops[].wb_cycles", "cycles", SYS_ST_U64, wb_cycles, ""),
    LOOP("loops[].inv_lines", "lines", SYS_ST_U64, inv_lines, "lines the PEs wrote that left the host caches at the end of this loop's launches, and the cycles the waiting cores spent on them after the PEs were done.  With `pim.coherence=free` the lines are still counted, the cycles are 0"),
    LOOP("loops[].inv_cycles", "cycles", SYS_ST_U64, inv_cycles, ""),
    SNAP("hmc.requests", "requests", SYS_ST_U64, hmc_requests, "accepted, host and PEs"),
    SNAP("hmc.responses", "requests", SYS_ST_U64, ms.resps, "delivered"),
    SNAP("hmc.stalls", "count", SYS_ST_U64, ms.stalls, "sends refused by back-pressure"),
    SNAP("hmc.posted", "requests", SYS_ST_U64, ms.posted, "atomics accepted posted (no response packet; `host.cores[].amos_posted` summed)"),
    SNAP("hmc.lat_avg_ps", "ps", SYS_ST_U64, hmc_lat_avg_ps, "mean and largest latency, send to delivery"),
    SNAP("hmc.lat_max_ps", "ps", SYS_ST_U64, ms.lat_max_ps, ""),
    SNAP("hmc.acts", "count", SYS_ST_U64, ms.acts, "row activations, refreshes"),
    SNAP("hmc.refreshes", "count", SYS_ST_U64, ms.refreshes, ""),
    SNAP("hmc.pe_local_reqs", "requests", SYS_ST_U64, ms.local_reqs, "PE requests to their own / another vault"),
    SNAP("hmc.pe_remote_reqs", "requests", SYS_ST_U64, ms.remote_reqs, ""),
    SNAP("hmc.link_bits", "bits", SYS_ST_U64, ms.link_bits, "the energy counters: bits over the links, in the DRAM, through the logic layer"),
    SNAP("hmc.dram_bits", "bits", SYS_ST_U64, ms.dram_bits, ""),
    SNAP("hmc.logic_bits", "bits", SYS_ST_U64, ms.logic_bits, ""),
    SNAP("hmc.busiest_vault", "vault", SYS_ST_U32, busiest_vault, "the vault whose controller took the most requests (`vaults[].reqs`; ties: the lowest), its share of all vault requests, and that share x vaults (`vault_imbalance`: 1 = even, 16 = every request in one of 16 vaults): a single-word hot spot shows here first, as one vault's queue"),
    SNAP("hmc.busiest_vault_share", "ratio", SYS_ST_REAL, busiest_vault_share, ""),
    SNAP("hmc.vault_imbalance", "ratio", SYS_ST_REAL, vault_imbalance, ""),
    SNAP("hmc.top_addr", "address", SYS_ST_U64, top_addr, "the address that received the most HMC requests (`hot_addrs[0]`) and its share of `requests`, from its certain count (`reqs - err`): the share a test can bound"),
    SNAP("hmc.top_addr_share", "ratio", SYS_ST_REAL, top_addr_share, ""),
    SNAP("energy_pj.l1_accesses", "accesses", SYS_ST_U64, e.l1_acc, "L1D: loads + stores + AMOs; L1I: one access per fetch group, instructions / `host.width` (the host model does not count fetches)"),
    SNAP("energy_pj.l2_accesses", "accesses", SYS_ST_U64, e.l2_acc, "L1I + L1D misses"),
    SNAP("energy_pj.llc_accesses", "accesses", SYS_ST_U64, e.llc_acc, "LLC lookups"),
    SNAP("energy_pj.pe_cache_accesses", "accesses", SYS_ST_U64, e.pe_cache_acc, "PE I-cache: one per retired instruction; PE D-cache: one per retired load or store"),
    SNAP("energy_pj.l1", "pJ", SYS_ST_REAL, e.l1, "accesses x `energy.l1_fj`, `energy.l2_fj`, `energy.llc_fj`, `energy.pe_cache_fj` / 1000"),
    SNAP("energy_pj.l2", "pJ", SYS_ST_REAL, e.l2, ""),
    SNAP("energy_pj.llc", "pJ", SYS_ST_REAL, e.llc, ""),
    SNAP("energy_pj.pe_cache", "pJ", SYS_ST_REAL, e.pe_cache, ""),
    SNAP("energy_pj.hmc_link", "pJ", SYS_ST_REAL, e.link, "the HMC's bit counters x 13.7, 3.7, 6.78 pJ/bit (SPEC section 2, CoPIM's figures; `hmc.e_*_fj`); under `pim.pe_inval=written` `hmc_logic` includes `pe_inval.energy_pj`"),
    SNAP("energy_pj.hmc_dram", "pJ", SYS_ST_REAL, e.dram, ""),
    SNAP("energy_pj.hmc_logic", "pJ", SYS_ST_REAL, e.logic, ""),
    SNAP("energy_pj.uncore", "pJ", SYS_ST_REAL, e.uncore, "`l1 + l2 + llc + hmc_link + hmc_dram + hmc_logic`: SPEC's **un-core energy** (Fig. 7)"),
    SNAP("energy_pj.total", "pJ", SYS_ST_REAL, e.total, "`uncore + pe_cache`"),
    FN("vaults[].reqs", "requests", SYS_ST_U64, SYS_SRC_VAULT, v_vault_reqs, "requests the vault's controller took from the crossbar, host and PEs"),
    FN("vaults[].bus_cycles", "tCK", SYS_ST_U64, SYS_SRC_VAULT, v_vault_bus, "cycles its data bus was busy"),
    FN("hot_addrs[].addr", "address", SYS_ST_U64, SYS_SRC_HOT, v_hot_addr, "the most requested addresses (request address as sent: a line for fills and writes back, a word for atomics), most first, at most 16, by a Space-Saving summary of 64 counters (csim/hmc/hmc_hot.h): `reqs` may overestimate by at most `err` (itself at most requests / 64), `reqs - err` is certain, and every address above 1/64 of the requests is listed"),
    FN("hot_addrs[].reqs", "requests", SYS_ST_U64, SYS_SRC_HOT, v_hot_reqs, ""),
    FN("hot_addrs[].err", "requests", SYS_ST_U64, SYS_SRC_HOT, v_hot_err, ""),
    FN("hot_amo_addrs[].addr", "address", SYS_ST_U64, SYS_SRC_HOT_AMO, v_hota_addr, "the same over the HMC atomics only (host AMOs sent to the vaults, PE AMOs, the dispatcher's work-counter fetch-and-adds), by a summary of their own"),
    FN("hot_amo_addrs[].reqs", "requests", SYS_ST_U64, SYS_SRC_HOT_AMO, v_hota_reqs, ""),
    FN("hot_amo_addrs[].err", "requests", SYS_ST_U64, SYS_SRC_HOT_AMO, v_hota_err, ""),
};

unsigned sys_stat_count(void) { return sizeof rows / sizeof rows[0]; }
const sys_stat_t *sys_stat_at(unsigned i) { return i < sys_stat_count() ? &rows[i] : NULL; }

const sys_stat_t *sys_stat_find(const char *path) {
  for (unsigned i = 0; i < sys_stat_count(); i++)
    if (!strcmp(rows[i].path, path)) return &rows[i];
  return NULL;
}

static void energy(const struct sys *s, const host_stats_t *hs, const hmc_stats_t *ms, sys_energy_t *e) {
  memset(e, 0, sizeof *e);
  for (unsigned c = 0; c < s->cfg.host.cores; c++) {
    const host_core_stats_t *k = &hs->core[c];
    /* L1D: every load, store and AMO; L1I: one access per fetch group of `width` instructions */
    e->l1_acc += k->loads + k->stores + k->amos + (k->insns + s->cfg.host.width - 1) / s->cfg.host.width;
    e->l2_acc += k->l1i_miss + k->l1d_miss;
  }
  e->llc_acc = hs->llc_lookups;
  for (unsigned p = 0; p < s->cfg.num_pes; p++) e->pe_cache_acc += s->pes.pe[p].retired + s->pes.pe[p].loads + s->pes.pe[p].stores;
  e->l1 = (double)e->l1_acc * s->cfg.e_l1_fj / 1000.0;
  e->l2 = (double)e->l2_acc * s->cfg.e_l2_fj / 1000.0;
  e->llc = (double)e->llc_acc * s->cfg.e_llc_fj / 1000.0;
  e->pe_cache = (double)e->pe_cache_acc * s->cfg.e_pe_cache_fj / 1000.0;
  e->link = ms->e_link_pj;
  e->dram = ms->e_dram_pj;
  e->logic = ms->e_logic_pj + (s->inval ? sys_inval_energy_pj(s) : 0.0); /* pim.pe_inval's unit is logic-layer */
  e->total = e->l1 + e->l2 + e->llc + e->pe_cache + e->link + e->dram + e->logic;
  e->uncore = e->l1 + e->l2 + e->llc + e->link + e->dram + e->logic;
}

static const char *mode_name(sys_blk_mode_t m) { return m == SYS_BLK_RTL ? "rtl" : m == SYS_BLK_LOCKSTEP ? "lockstep" : "c"; }

/* PE utilisation: PE busy time / (PEs x time at least one launch was
 * active); wide: the same over the spans of launches wide enough to fill
 * every PE; locality: PE memory requests served by the PE's own vault. */
static double pe_util(const sys_t *s, uint64_t span_ps, size_t run_off) {
  uint64_t run = 0;
  for (unsigned p = 0; p < s->cfg.num_pes; p++) run += *(const uint64_t *)((const char *)&s->pes.pe[p] + run_off);
  const double span = (double)span_ps * s->cfg.num_pes;
  return span > 0 ? (double)run * s->cfg.pe_clk_ps / span : 0.0;
}

/* The busiest vault and the most requested addresses. */
static void hot_spots(const sys_t *s, sys_snap_t *sn) {
  const unsigned nv = s->cfg.hmc.vaults;
  uint64_t tot = 0;
  for (unsigned v = 0; v < nv; v++) {
    tot += sn->ms.vault_reqs[v];
    if (sn->ms.vault_reqs[v] > sn->ms.vault_reqs[sn->busiest_vault]) sn->busiest_vault = v;
  }
  sn->busiest_vault_share = tot ? (double)sn->ms.vault_reqs[sn->busiest_vault] / (double)tot : 0.0;
  sn->vault_imbalance = sn->busiest_vault_share * nv;
  sn->hot_n = hmc_hot_sorted(&sn->ms.hot, sn->hot);
  sn->hot_amo_n = hmc_hot_sorted(&sn->ms.hot_amo, sn->hot_amo);
  if (sn->hot_n) {
    sn->top_addr = sn->hot[0].addr;
    sn->top_addr_share = sn->hmc_requests ? (double)(sn->hot[0].count - sn->hot[0].err) / (double)sn->hmc_requests : 0.0;
  }
  if (sn->hot_n > SYS_HOT_PRINT) sn->hot_n = SYS_HOT_PRINT;
  if (sn->hot_amo_n > SYS_HOT_PRINT) sn->hot_amo_n = SYS_HOT_PRINT;
}

void sys_stat_snap(sys_t *s, const sys_run_info_t *info, int verify, sys_snap_t *sn) {
  sys_pe_settle_all(s);
  memset(sn, 0, sizeof *sn);
  sn->s = s;
  host_stats(s->host, &sn->hs);
  hmc_stats(s->hmc, &sn->ms);
  hmc_dispatch_stats(s->disp, &sn->ds);
  energy(s, &sn->hs, &sn->ms, &sn->e);
  const host_stats_t *hs = &sn->hs;
  if (info) {
    sn->kernel = info->kernel, sn->graph = info->graph, sn->policy = info->policy, sn->plan = info->plan;
  }
  sn->mode_pmc = mode_name(s->mode_pmc), sn->mode_imu = mode_name(s->mode_imu), sn->mode_pe = mode_name(s->mode_pe);
  sn->seed = s->cfg.seed;
  sn->vertices = s->g->n, sn->edges = s->g->m, sn->symmetric = s->g->symmetric;
  sn->undirected_input = s->g->undirected_input;
  if (sn->undirected_input) sn->present |= SYS_ONLY_UNDIRECTED;
  if (s->inval) sn->present |= SYS_ONLY_INVAL;
  sn->source = s->kp.bfs_source, sn->pr_max_iters = s->kp.pr_max_iters, sn->bfs_split = s->kp.bfs_split;
  /* sys_verify() settles iterations and ref_iterations: before reading them */
  sn->verified = verify && !s->failed && s->finished && sys_verify(s, sn->why_buf, sizeof sn->why_buf);
  sn->why = s->failed ? s->err : sn->verified ? "" : sn->why_buf;
  sn->finished = s->finished, sn->exit_code = s->exit_code;
  sn->iterations = s->iterations, sn->ref_iterations = s->ref_iterations;
  sn->host_clk_ps = s->cfg.host.clk_ps, sn->pe_clk_ps = s->cfg.pe_clk_ps;
  sn->sim_ps = hs->cycles * s->cfg.host.clk_ps;
  sn->pe_cycles = s->pes.cycle;
  sn->kernel_cycles = hs->kernel_end > hs->kernel_start ? hs->kernel_end - hs->kernel_start : 0;
  sn->kernel_ps = sn->kernel_cycles * s->cfg.host.clk_ps;
  for (unsigned c = 0; c < s->cfg.host.cores; c++) sn->host_insns += hs->core[c].insns;
  sn->pe_insns = s->pe_insns, sn->kernel_pe = s->pe_insns_kernel;
  const uint64_t kins = sn->kernel_total = hs->kernel_insns + s->pe_insns_kernel;
  sn->host_sync = s->sync_insns, sn->kernel_host_sync = s->sync_insns_kernel;
  sn->offloaded_share = kins ? (double)s->pe_insns_kernel / (double)kins : 0.0;
  sn->offloaded_share_nosync =
      kins > s->sync_insns_kernel ? (double)s->pe_insns_kernel / (double)(kins - s->sync_insns_kernel) : 0.0;
  if (s->pei) {
    sn->present |= SYS_ONLY_PEI;
    sn->pei_bits = pol_pei_bits(s->pei);
    pol_pei_counts(s->pei, &sn->pei_hits, &sn->pei_misses);
  }
  sn->pe_amos = s->pes.amos;
  for (unsigned p = 0; p < s->cfg.num_pes; p++) sn->pe_window_reqs += s->pes.pe[p].win_reqs;
  sn->pe_util = pe_util(s, sn->ds.active_ps, offsetof(sys_pe_t, run_cycles));
  sn->pe_util_wide = pe_util(s, sn->ds.wide_ps, offsetof(sys_pe_t, run_cycles_wide));
  const uint64_t n = sn->ms.local_reqs + sn->ms.remote_reqs;
  sn->locality = n ? (double)sn->ms.local_reqs / (double)n : 0.0;
  if (s->cfg.pe.dmshrs > 1 || s->inval) sn->present |= SYS_ONLY_MLP;
  uint64_t inf = 0, run = 0;
  for (unsigned p = 0; p < s->cfg.num_pes; p++) {
    const sys_pe_t *e = &s->pes.pe[p];
    inf += e->inflight_sum + (uint64_t)e->inflight * (s->pes.cycle - e->inflight_t);
    run += e->run_cycles;
    if (e->inflight_max > sn->pe_inflight_max) sn->pe_inflight_max = e->inflight_max;
    sn->pe_ooo_resps += e->ooo_resps;
  }
  sn->pe_inflight = sn->ds.active_ps ? (double)inf * s->cfg.pe_clk_ps / (double)sn->ds.active_ps : 0.0;
  sn->pe_inflight_busy = run ? (double)inf / (double)run : 0.0;
  for (unsigned i = 0; i < HMC_CMD_COUNT; i++) sn->hmc_requests += sn->ms.reqs[i];
  sn->hmc_lat_avg_ps = sn->ms.resps ? sn->ms.lat_sum_ps / sn->ms.resps : 0;
  hot_spots(s, sn);
}

unsigned sys_stat_items(const sys_snap_t *sn, int src) {
  switch (src) {
    case SYS_SRC_CORE: return sn->s->cfg.host.cores;
    case SYS_SRC_PE: return sn->s->cfg.num_pes;
    case SYS_SRC_LOOP: return SYS_MAX_LOOPS;
    case SYS_SRC_VAULT: return sn->s->cfg.hmc.vaults;
    case SYS_SRC_HOT: return sn->hot_n;
    case SYS_SRC_HOT_AMO: return sn->hot_amo_n;
    default: return 1;
  }
}

int sys_stat_item_on(const sys_snap_t *sn, int src, unsigned idx) {
  if (src != SYS_SRC_LOOP) return 1;
  const sys_loop_t *l = &sn->s->loops[idx];
  return l->execs || l->pe_insns || l->launches; /* a loop id seen */
}

void sys_stat_value(const sys_snap_t *sn, const sys_stat_t *st, unsigned idx, sys_stat_val_t *v) {
  memset(v, 0, sizeof *v);
  v->type = st->type;
  const char *base = NULL;
  if (st->fn) {
    st->fn(sn, idx, v);
    return;
  }
  switch (st->src) {
    case SYS_SRC_SNAP: base = (const char *)sn; break;
    case SYS_SRC_CORE: base = (const char *)&sn->hs.core[idx]; break;
    case SYS_SRC_PE: base = (const char *)&sn->s->pes.pe[idx]; break;
    case SYS_SRC_LOOP: base = (const char *)&sn->s->loops[idx]; break;
    default: return;
  }
  const char *p = base + st->off;
  switch (st->type) {
    case SYS_ST_U64: memcpy(&v->u, p, sizeof v->u); break;
    case SYS_ST_U32: {
      uint32_t x;
      memcpy(&x, p, sizeof x);
      v->u = x;
      break;
    }
    case SYS_ST_BOOL: {
      int x;
      memcpy(&x, p, sizeof x);
      v->u = x != 0;
      break;
    }
    case SYS_ST_REAL: memcpy(&v->r, p, sizeof v->r); break;
    case SYS_ST_STR: memcpy(&v->str, p, sizeof v->str); break;
    case SYS_ST_CHARS: v->str = p; break;
    default: break;
  }
}

static const sys_stat_t *must_find(const char *path) {
  const sys_stat_t *st = sys_stat_find(path);
  if (!st) {
    fprintf(stderr, "sys_stat: no statistic %s (csim/sys/sys_stat_table.c)\n", path);
    abort();
  }
  return st;
}

uint64_t sys_stat_u64(const sys_snap_t *sn, const char *path, unsigned idx) {
  sys_stat_val_t v;
  sys_stat_value(sn, must_find(path), idx, &v);
  return v.u;
}

double sys_stat_real(const sys_snap_t *sn, const char *path, unsigned idx) {
  sys_stat_val_t v;
  sys_stat_value(sn, must_find(path), idx, &v);
  return v.r;
}
