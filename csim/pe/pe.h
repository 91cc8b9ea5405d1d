/* Vault PE: cycle-exact, bit-accurate C model of rtl/pe/pe.sv.
 *
 * The same five-stage RV32IMA pipeline (IF ID EX MEM WB), the same I- and
 * D-cache timing and the same memory-port and retirement traffic as the
 * RTL, one pe_step() per PE clock.  Instruction semantics come from the
 * shared rv32 unit (csim/rv32/rv32.h); this file adds only the pipeline, the
 * caches and the port.  docs/pe.md describes the micro-architecture and
 * the cycle rules both implementations follow.
 *
 * Ports (RTL order and names, without _i/_o):
 *   in : start, boot_pc, hart_id, mem_req_ready, mem_resp_valid, mem_resp_tag,
 *        mem_resp_data, dinval, dinval_addr
 *   out: halted, mem_req_{valid,addr,op,amo,wdata,be,tag},
 *        ret_{valid,pc,insn,rd,rd_value}
 * Every output is a register (or a function of registers only), so a
 * memory model may look at the outputs of a cycle (pe_outputs()) before it
 * chooses that cycle's inputs.
 *
 * Memory port protocol: a request is held (valid, addr, op, ...) until the
 * cycle it sees ready.  PE_OP_WRITE has no response.  PE_OP_FILL (addr line
 * aligned), PE_OP_READ (uncached word, addr word aligned) and PE_OP_AMO
 * (amo = funct5, LR/SC included, wdata = operand) each get exactly one
 * response, a cycle with resp_valid, at the earliest the cycle after the
 * request was accepted, with the request's tag in mem_resp_tag.  With
 * dmshrs = 1 (the paper's PE) at most one request is in flight and its tag
 * is 0.  With dmshrs = N > 1 a D-cache load miss that finds a free MSHR k
 * sends its fill with tag k + 1 and leaves the pipeline; up to N such fills
 * and one tag-0 request (an I-cache fill, a READ or an AMO) are in flight at
 * once, and their responses may come in any order (one a cycle).  A fill
 * returns the whole line (word k of the line in mem_resp_data[k]); READ and
 * AMO return one word in mem_resp_data[0] (SC: 0 success, 1 failure).
 *
 * With dprefetch = N > 0 (and dmshrs > 1) the D-cache also sends prefetch
 * fills, tagged as an MSHR's, for lines no load asked for yet
 * (docs/pe.md "Stream prefetcher"): they write the line and retire nothing.
 *
 * Retirement: in program order, but for a load that missed with dmshrs > 1,
 * which retires when its fill has returned (its register written then, and
 * read or overwritten by no younger instruction before: the scoreboard).
 */
#ifndef PE_H
#define PE_H

#include <stdint.h>

#include "pe_desc.h"
#include "rv32.h"

#define PE_MAX_LINE_BYTES 64

/* PE_OP_* (the port operations), the parameters (pe_cfg_t; DMshrs
 * 1..PE_MAX_MSHRS), the default sizes and PE_CFG_DEFAULT: generated from
 * hw/pe.desc (pe_desc.h). */

#define PE_MAX_MSHRS 15 /* the 4-bit port tag: 0 for the blocking requests, k + 1 for MSHR k */
#define PE_MAX_PREFETCH 8 /* DPrefetch: lines the stream prefetcher runs ahead (docs/pe.md "Stream prefetcher") */

typedef struct {
  int start;              /* start_i: starts a halted PE at boot_pc */
  uint32_t boot_pc;       /* boot_pc_i */
  uint32_t hart_id;       /* hart_id_i: the value of mhartid */
  int mem_req_ready;      /* mem_req_ready_i */
  int mem_resp_valid;     /* mem_resp_valid_i */
  unsigned mem_resp_tag;  /* mem_resp_tag_i: the tag of the request answered */
  uint32_t mem_resp_data[PE_MAX_LINE_BYTES / 4]; /* mem_resp_data_i, word k = bits [32k+31:32k] */
  /* dinval_i: the D-cache line holding dinval_addr leaves the cache (any
   * cycle, one a cycle; it takes the tag RAMs' read for a cycle, so a load
   * or store in MEM may wait one more).  0 changes nothing. */
  int dinval;
  uint32_t dinval_addr;   /* dinval_addr_i */
} pe_in_t;

typedef struct {
  int halted;             /* halted_o: not running, pipeline and port empty */
  int mem_req_valid;      /* mem_req_valid_o */
  uint32_t mem_req_addr;  /* mem_req_addr_o */
  unsigned mem_req_op;    /* mem_req_op_o: PE_OP_* */
  unsigned mem_req_amo;   /* mem_req_amo_o: AMO funct5 (RV32_AMO_*) */
  uint32_t mem_req_wdata; /* mem_req_wdata_o: write data in its byte lanes / AMO operand */
  unsigned mem_req_be;    /* mem_req_be_o: byte enables of a write (0xF for READ/AMO, 0 for FILL) */
  unsigned mem_req_tag;   /* mem_req_tag_o: 0, or k + 1 for MSHR k's fill */
  int ret_valid;          /* ret_valid_o: an instruction retired */
  uint32_t ret_pc;        /* ret_pc_o */
  uint32_t ret_insn;      /* ret_insn_o */
  unsigned ret_rd;        /* ret_rd_o: register written, 0 if none */
  uint32_t ret_rd_value;  /* ret_rd_value_o: its value, 0 if none */
} pe_out_t;

/* Event counters (not ports; docs/pe.md "statistics"). */
typedef struct {
  uint64_t cycles;        /* cycles stepped */
  uint64_t run_cycles;    /* cycles with the PE running or draining */
  uint64_t retired;
  uint64_t traps;
  uint64_t ifills, dfills, writes, amos, reads; /* port requests by kind */
  uint64_t load_use_stalls, mdu_cycles, branch_flushes;
  /* dmshrs > 1: load misses that took an MSHR, ID cycles stalled on a
   * register a missed load will write, the D-fills in flight summed over
   * cycles (/ cycles = the average), cycles with two or more in flight */
  uint64_t mshr_allocs, scoreboard_stalls, mshr_busy_sum, mshr_overlap_cycles;
  /* dprefetch > 0: prefetch fills sent (not in dfills), and prefetched
   * lines a demand load then hit (each counted once, at its first hit) */
  uint64_t pf_issued, pf_useful;
} pe_stats_t;

typedef struct pe pe_t;

/* Returns NULL (and prints why) for an unsupported configuration: sizes
 * not powers of two, fewer than 2 sets, line not 16/32/64, dmshrs not
 * 1..PE_MAX_MSHRS, dprefetch above PE_MAX_PREFETCH or on with dmshrs = 1. */
pe_t *pe_new(const pe_cfg_t *cfg);
void pe_free(pe_t *p);
/* The asynchronous reset: pipeline empty, halted, caches invalid,
 * registers and CSRs zero (mstatus.MPP = 3). */
void pe_reset(pe_t *p);
/* The outputs of the current cycle (functions of state only). */
void pe_outputs(const pe_t *p, pe_out_t *out);
/* One clock: out = the outputs before the edge, then the edge. */
void pe_step(pe_t *p, const pe_in_t *in, pe_out_t *out);
/* One clock with quiet inputs (no start, no response, no ready, no line
 * invalidate; hart_id as given), the edge a run-ahead window is made of,
 * through a shortcut of step_edge for the common case: a running PE with
 * one request at most (dmshrs = 1), its port idle, the divider idle, no
 * trap, misaligned access or M-unit instruction in ID, EX or MEM, and in
 * MEM nothing, a plain instruction, a load (a hit, a wait for the read
 * port, or the fill or uncached read it issues), a store or an AMO (the
 * request it issues); a fetch miss issues its fill.  No CSR access,
 * fence, fence.i, mret or wfi in MEM.  Returns 1 when it stepped the edge, exactly as
 * pe_step() with those inputs would (ret: the ret_* outputs before the
 * edge; the other fields are not written), 0 when the edge is not one it
 * covers: the state is then unchanged and the caller steps it with
 * pe_step().  Speed only: pe_runahead_equiv compares it with pe_step(). */
int pe_step_quiet(pe_t *p, uint32_t hart_id, pe_out_t *ret);
/* One retirement of a run of quiet edges: the ret_* outputs of edge
 * number `edge` (counted by the caller). */
typedef struct {
  uint32_t edge;
  uint32_t pc, insn, rd_value;
  unsigned rd;
} pe_ret_t;
/* Many quiet edges at once (the run-ahead's engine, docs/pe.md "The
 * instruction-level run-ahead"): from the current state, the edges that
 * pe_step() with quiet inputs would step with every instruction flowing (no
 * request, no I-cache miss, no D-cache miss, no trap, no CSR, fence,
 * fence.i, mret or wfi reaching the stage where it would act), timed
 * instruction by instruction from the pipeline's rules (one instruction a
 * cycle into EX, 34 for the M unit, one more cycle for a load-use pair, two
 * for a taken branch or jump) instead of stage by stage.  Steps at most
 * max_edges edges and returns how many: T, leaving the model in exactly the
 * state T pe_step() calls with
 * quiet inputs would (the pipeline registers rebuilt from the
 * instructions' times; the counters advanced).  Each retirement is appended
 * to ret[*nret...] with edge = base + its edge number (0 .. T-1).  Returns
 * 0 with nothing changed when the first edge is not such an edge (the
 * caller steps it with pe_step_quiet() or pe_step()); after T > 0 the next
 * edge is never one.  Speed only: pe_runahead_equiv compares it with pe_step(). */
uint32_t pe_ri_run(pe_t *p, uint32_t hart_id, uint32_t max_edges, uint32_t base, pe_ret_t *ret, uint32_t *nret);
/* The fast mode's windowed PE (sim.pe_window, docs/pe.md "The windowed
 * PE"): pe_ri_run() then goes on through a D-cache load miss, a store and
 * an AMO (not LR/SC) instead of ending at them.  At such a request (the
 * instruction in MEM at the run's edge x, the port idle) it calls fn(ctx,
 * rq, send, data) with send = base + x + 1, the window edge at which the
 * system would accept it (x + 2 for a load that finds the D-cache's RAMs
 * busy at x).  fn either performs it and returns the window edge of its
 * answer, or returns -1 when it cannot (the run then ends at the
 * instruction, as without fn):
 *   PE_OP_FILL  line rq->addr: its words into data; the edge at which the
 *               port takes the response (> send);
 *   PE_OP_WRITE the word at rq->addr, lanes rq->be of rq->wdata: written;
 *               send (accepted there; a write has no response);
 *   PE_OP_AMO   funct5 rq->amo with operand rq->wdata at rq->addr: applied,
 *               the old word in data[0]; the response's edge (> send).
 * The PE then goes on as the port's answer at that edge would make it
 * (a fill written, the load hitting two edges later; a store's hit
 * written; an AMO's set invalidated), so against a memory that answers
 * when fn says it does the windowed PE is cycle-exact (pe_window_equiv).
 * What it approximates in the system is the memory's side: fn acts and
 * times at the window's time, ahead of the system's (sys_pe.c).  NULL fn
 * (the default): the exact run-ahead, ending at every request. */
typedef struct {
  unsigned op;    /* PE_OP_FILL, PE_OP_WRITE or PE_OP_AMO */
  uint32_t addr;  /* FILL: the line's; WRITE: the word's; AMO: the word's */
  uint32_t wdata; /* WRITE: data in its byte lanes; AMO: the operand */
  unsigned be;    /* WRITE: byte enables */
  unsigned amo;   /* AMO: funct5 (RV32_AMO_*) */
} pe_win_req_t;
typedef int64_t (*pe_window_fn)(void *ctx, const pe_win_req_t *rq, uint32_t send, uint32_t *data);
void pe_set_window(pe_t *p, pe_window_fn fn, void *ctx);
/* How many more edges are known to repeat the last one (always 0 with
 * dmshrs > 1): when the last
 * pe_step() waited (for a memory response, or for the divider with the port
 * idle), got no response, no start and no line invalidate, and changed nothing but its counters,
 * mcycle and the divider's count, the next steps with the same inputs do the
 * same: until an input changes (UINT64_MAX), or until the divider's last
 * count.  0: unknown.  Speed only: no simulated behaviour depends on it. */
uint64_t pe_idle(const pe_t *p);
/* n (<= pe_idle()) such steps at once: counters, mcycle and the divider's
 * count advance as n steps would. */
void pe_skip(pe_t *p, uint64_t n);
const pe_stats_t *pe_stats(const pe_t *p);
/* Architectural state for debugging and tests: the register file (x[])
 * and the CSR file (mcycle etc.) as an rv32 hart. */
const rv32_hart_t *pe_hart(const pe_t *p);
/* The D-cache's contents for checkers (not a port): entry k (way * sets +
 * set, k < pe_dcache_lines()) when valid, 1 with its line address and its
 * words; 0 when invalid. */
unsigned pe_dcache_lines(const pe_t *p);
int pe_dcache_line(const pe_t *p, unsigned k, uint32_t *addr, const uint32_t **words);

#endif
