/* The vault PE's C model, internal: the state (struct pe) and the pieces
 * its three engines share (csim/pe/pe.h has the API).  pe.c is the
 * RTL-mirroring model (one comb and one edge function per RTL module,
 * step_edge), pe_quiet.c the quiet edge (pe_step_quiet: a shortcut of
 * step_edge for the edges of a run-ahead window) and pe_ri.c the
 * instruction-level run-ahead (pe_ri_run, ri_*).  The two shortcuts work
 * on the model's own state, so the helpers below are the mirroring model's
 * own signals (static inline: the shortcuts are the hot path of a PE-bound
 * run, and a call per signal would cost what they save).  Nothing outside
 * csim/pe/ includes it.  Not an API. */
#ifndef PE_INT_H
#define PE_INT_H

#include <stddef.h>
#include <stdint.h>

#include "pe.h"

/* The port state machine (p_state) is rtl/pe/pe_lsu.sv's pstate_e:
 * PE_PORT_* from hw/pe.desc, which the generator checks against it. */
/* Byte enables of a port request that is not a write (rtl: the same). */
enum { PE_BE_NONE = 0x0, PE_BE_WORD = 0xF };
/* The M unit's iterations, one bit each (rtl pe_mdu LastStep + 1). */
#define PE_MDU_STEPS 32u

/* The instruction kinds pe_ri_run executes inline (ctl_t.kind). */
enum { RI_K_SLOW, RI_K_ALU, RI_K_BR, RI_K_JAL, RI_K_JALR, RI_K_LOAD, RI_K_MDU };

/* Pipeline control of one instruction, decoded in ID (rtl pe_decode). */
typedef struct {
  rv32_insn_t dec;
  /* flags as bytes: the stages copy this record every edge (ID -> EX -> MEM) */
  uint8_t alu, alu_reg, jal, jalr, branch, load, store, amo, mdu, csr, fence, fence_i, mret, wfi;
  uint8_t wr, u1, u2;
  /* for pe_step_quiet: traps in ID (illegal, ecall, ebreak); a late result
   * (load, AMO, CSR); leaves MEM other than done or by a hit (store, AMO,
   * CSR, fence, fence.i, mret, wfi) */
  uint8_t d_trap, late, m_slow;
  /* for pe_ri_run: the kinds it executes itself (RI_K_*; RI_K_SLOW:
   * through the generic EX/MEM functions), AUIPC, a load's size - 1 */
  uint8_t kind, auipc, amask;
} ctl_t;

/* The decode cache: decode() is a function of the instruction word only,
 * so each word's control record is kept, direct mapped by a hash of the
 * word (every slot starts as word 0's record, so none is ever empty). */
#define PE_DC_BITS 9u
#define PE_DC_SLOTS (1u << PE_DC_BITS)
typedef struct {
  struct { uint32_t key; ctl_t ctl; } s[PE_DC_SLOTS]; /* a slot's key beside its record: one host cache miss, not two */
} pe_dcache_t;
static inline unsigned dc_slot(uint32_t insn) { return (insn * 0x9E3779B1u) >> (32 - PE_DC_BITS); }

/* What the run-ahead's loop (ri_loop) reads of a word's decode, 16 bytes,
 * kept by the word's address: a kernel's loop is a few dozen words in a
 * row, so their records share host cache lines, 4 to a line, where the
 * decode cache scatters them one a line by a hash of the word.  With the
 * 16 PEs' records in between, the decode cache's lookup was the hottest
 * load of a PE-bound run (a host cache miss a few words).  Keyed by the
 * word itself (decode() is a function of the word only), so a slot another
 * address overwrote is refilled, never wrong; every slot starts as word
 * 0's record. */
#define PE_HOT_BITS 8u
#define PE_HOT_SLOTS (1u << PE_HOT_BITS)
enum { RH_TRAP = 1, RH_U1 = 2, RH_U2 = 4, RH_LATE_WR = 8, RH_WR = 16, RH_AUIPC = 32, RH_REG = 64 };
typedef struct {
  uint32_t key;
  int32_t imm;             /* ctl_t dec.imm */
  uint8_t op, kind, amask; /* dec.op, kind, amask */
  uint8_t fl;              /* RH_*: d_trap, u1, u2, late && wr, wr, auipc, alu_reg */
  uint32_t pad;
} ri_hot_t;
_Static_assert(sizeof(ri_hot_t) == 16, "ri_hot_t: 4 to a host cache line");
_Static_assert(RV32_NUM_OPS <= 256, "ri_hot_t.op is a byte");

struct pe {
  pe_cfg_t cfg;
  unsigned isets, dsets, lw, off, ishift, dshift; /* ishift/dshift: bits below the tags */
  unsigned dsets_lg;
  rv32_hart_t h; /* x[] = register file; CSRs */
  int run;
  uint32_t f_pc;
  int i_rd_ok, d_rd_ok;
  uint8_t *ivalid, *dvalid; /* [w * sets + s] */
  uint32_t *itag, *dtag;    /* [w * sets + s] */
  uint32_t *idata, *ddata;  /* [(w * sets + s) * lw + k] */
  unsigned irr, drr;
  struct { int valid, ifault; uint32_t pc, insn; } d;
  struct { int valid; uint32_t pc, insn, rs1v, rs2v; ctl_t c; int trap; unsigned cause; uint32_t tval; } e;
  struct { int valid; uint32_t pc, insn, res, wdata; ctl_t c; int trap; unsigned cause; uint32_t tval; } m;
  struct { int valid; uint32_t pc, insn, val; unsigned rd; } w;
  struct { int busy, done; unsigned cnt; rv32_op_t op; uint32_t a, b; } mdu;
  int p_state, p_src;
  uint32_t p_addr, p_wdata;
  unsigned p_op, p_amo, p_be, p_tag;
  /* MSHRs (rtl pe_lsu ms_*; dmshrs > 1): busy = the fill in flight, rdy =
   * the line written and the value waiting for the WB slot.  op is the
   * load's, decoded from insn (the RTL keeps insn only).  ms[] itself is
   * after st: with dmshrs = 1 (!mlp) nothing writes it, and pe_step
   * compares the state only then. */
  int mlp;
  /* the stream prefetcher (rtl pe_lsu pf_*; dprefetch > 0): lines left to
   * try, the next one (line number: address >> off), a tag probe of it
   * read last cycle, whether that line is the one before a missed load's
   * (cfm: the stream is not confirmed yet); and per line, "brought by a
   * prefetch, not yet hit" (dpf, as dvalid).  ms[].pf: an MSHR holding a
   * prefetch (no load). */
  int pf, pf_chk, pf_cfm;
  unsigned pf_cnt;
  uint32_t pf_line;
  uint8_t *dpf;
  /* line invalidate (rtl pe_lsu inv_*): the set read last cycle, the tag */
  int inv, inv_all;
  uint32_t inv_idx, inv_tag;
  pe_stats_t st;
  struct { int busy, rdy, pf; uint32_t addr, pc, insn, val; rv32_op_t op; } ms[PE_MAX_MSHRS];
  /* idle detection (pe_idle): the last step, waiting, changed nothing but
   * these counters by these amounts (and the divider's count by one); idle
   * more such steps follow (UINT64_MAX: until an input changes) */
  uint64_t idle;
  pe_stats_t idle_st;
  uint64_t idle_mcycle;
  /* decode() of the instruction words seen (pe_dcache_t), after the state
   * pe_step compares and outside the struct pe_step copies */
  pe_dcache_t *dc;
  ri_hot_t *hot; /* [PE_HOT_SLOTS], by (pc >> 2) */
  /* the fetch's last I-cache lookup: for line im_line (f_pc >> off) the
   * ways' loop found im_hit in slot im_s; good (im_ok) until a fill or an
   * invalidation writes the I-cache (pe_if_stage_cache_edge, pe_reset) */
  int im_ok, im_hit;
  uint32_t im_line;
  unsigned im_s;
  /* the windowed PE's request hook (pe_set_window; NULL: off) */
  pe_window_fn win_fn;
  void *win_ctx;
};

/* pe_id_stage's decoder (rtl pe_decode) into a control record; through
 * the decode cache (dc_lookup) on every path that reads it. */
void pe_decode(uint32_t insn, ctl_t *c);

static inline void hot_fill(ri_hot_t *h, const ctl_t *c, uint32_t insn) {
  h->key = insn;
  h->imm = c->dec.imm;
  h->op = (uint8_t)c->dec.op;
  h->kind = c->kind;
  h->amask = c->amask;
  h->fl = (uint8_t)((c->d_trap ? RH_TRAP : 0) | (c->u1 ? RH_U1 : 0) | (c->u2 ? RH_U2 : 0) |
                    (c->late && c->wr ? RH_LATE_WR : 0) | (c->wr ? RH_WR : 0) | (c->auipc ? RH_AUIPC : 0) |
                    (c->alu_reg ? RH_REG : 0));
  h->pad = 0;
}


/* device space: addr[31:28] == pe_pkg::DevNibble, as the RTL decodes it */
static inline int is_device(uint32_t addr) { return (addr >> 28) == PE_DEV_NIBBLE; }

/* Bytes a load or store moves (its funct3[1:0]). */
static inline unsigned mem_size(rv32_op_t op) {
  switch (op) {
    case RV32_LH: case RV32_LHU: case RV32_SH: return 2;
    case RV32_LW: case RV32_SW: return 4;
    default: return 1;
  }
}

static inline unsigned rd_of(uint32_t insn) { return (insn >> 7) & 31; }
static inline unsigned rs1_of(uint32_t insn) { return (insn >> 15) & 31; }
static inline unsigned rs2_of(uint32_t insn) { return (insn >> 20) & 31; }

/* The combinational signals of one cycle: what each module's function
 * computes from the registers (and the inputs) before the clock edge, named
 * as the RTL's always_comb signals.  One function per RTL module (rtl/pe/,
 * docs/pe.md): pe_<module>_comb computes that module's signals, and
 * pe_<module>_edge its registers' update. */
typedef struct {
  /* pe_if_stage (fetch, I-cache lookup) */
  int i_hit, f_fault, f_ready, f_advance;
  uint32_t i_word;
  /* pe_id_stage (decode, register read, load-use interlock) */
  const ctl_t *dc; /* ID's decode, in the decode cache pe.dc */
  int d_trap, d_hazard;
  unsigned d_cause;
  uint32_t d_tval, rs1v, rs2v;
  /* pe_ex_block (forwarding, ALU, branch, addresses, M-unit result) */
  uint32_t fa, fb, e_addr, e_target, e_res;
  int e_taken, e_mis_target, e_ready, e_dep_m, mdu_kill, mdu_start;
  /* pe_lsu (D-cache, port use; the port's fills as before the edge) */
  uint32_t maddr, m_idx, st_wdata, m_iss_addr, m_wval, fill_addr, dfill_addr;
  unsigned st_be, m_iss_op, m_iss_tag, m_rd;
  int d_hit_way, m_done, m_exc, m_issue, d_store_we, d_st_inval, d_amo_inval, m_hold, f_issue, i_fill_we, d_fill_we;
  /* pe_lsu's MSHRs (dmshrs > 1): a response to one, the one freed, the
   * one a load miss takes, and the late retirement's fields */
  int resp0, ms_fill, ms_wb, m_alloc, sb_stall;
  /* pe_lsu's stream prefetcher (dprefetch > 0): the probe taking the tag
   * read, its line found cached/in flight/in device space (skip), the fill
   * sent, the stream confirmed or not (the line before a missed load's
   * cached or in flight), a load miss that starts a stream to confirm, a
   * load's first hit on a prefetched line (which continues one) */
  int pf_probe, pf_skip, pf_go, pf_cfm_ok, pf_cfm_no, pf_trig, pf_hit;
  unsigned ms_fill_k, ms_wb_k, ms_free_k;
  uint32_t ms_fill_val;
  /* pe_cs_registers */
  int csr_wr;
  /* pe_controller */
  int boot, e_advance, d_advance, d_can_accept, e_redirect, m_flush, flush_any;
  uint32_t m_target;
} pe_comb_t;

/* pe_if_stage's I-cache lookup of pc's line, through the fetch's memo (the
 * ways' loop runs again only for another line or after the I-cache
 * changed); 1 on a hit, with the word at pc in *word. */
static inline int icache_lookup(pe_t *p, uint32_t pc, uint32_t *word) {
  const uint32_t line = pc >> p->off;
  if (!p->im_ok || p->im_line != line) {
    const uint32_t f_idx = line & (p->isets - 1), f_tag = pc >> p->ishift;
    p->im_hit = 0;
    p->im_s = 0;
    for (unsigned w = 0; w < p->cfg.icache_ways; w++) {
      const unsigned s = w * p->isets + f_idx;
      if (p->ivalid[s] && p->itag[s] == f_tag) {
        p->im_hit = 1;
        p->im_s = s;
      }
    }
    p->im_ok = 1;
    p->im_line = line;
  }
  if (p->im_hit) *word = p->idata[(size_t)p->im_s * p->lw + ((pc >> 2) & (p->lw - 1))];
  return p->im_hit;
}

/* pe_if_stage: tag compare on the RAM output of last cycle's npc. */
static inline void pe_if_stage_comb(pe_t *p, pe_comb_t *c) {
  c->i_hit = 0;
  c->i_word = 0;
  c->f_fault = is_device(p->f_pc);
  /* the hit and the word are read only under run && i_rd_ok && !f_fault
   * (f_ready, f_issue, the prefetcher's imiss): the lookup is skipped
   * otherwise, and repeated for the same line only after the I-cache changed */
  if (p->run && p->i_rd_ok && !c->f_fault) c->i_hit = icache_lookup(p, p->f_pc, &c->i_word);
  c->f_ready = p->run && (c->f_fault || (p->i_rd_ok && c->i_hit));
}

/* pe_id_stage's register read: x0, else WB's value for its rd (the WB
 * bypass), else the register file. */
static inline uint32_t id_read(const pe_t *p, unsigned r) {
  return r == 0 ? 0 : (p->w.valid && p->w.rd == r) ? p->w.val : p->h.x[r];
}

/* pe_ex_block's operand r: x0, else MEM's result for its rd, else WB's,
 * else the value EX holds. */
static inline uint32_t ex_forward(const pe_t *p, unsigned r, uint32_t held) {
  if (r == 0) return 0;
  if (p->m.valid && p->m.c.wr && rd_of(p->m.insn) == r) return p->m.res;
  if (p->w.valid && p->w.rd == r) return p->w.val;
  return held;
}

/* pe_ex_block's result of an instruction (control ec, at pc, word insn)
 * from its operands and address (the M unit's from its own registers). */
static inline uint32_t ex_result_of(const pe_t *p, const ctl_t *ec, uint32_t pc, uint32_t insn, uint32_t fa,
                                    uint32_t fb, uint32_t e_addr) {
  if (ec->alu) return rv32_alu(ec->dec.op, ec->dec.op == RV32_AUIPC ? pc : fa, ec->alu_reg ? fb : (uint32_t)ec->dec.imm);
  if (ec->jal || ec->jalr) return pc + 4;
  if (ec->mdu) return rv32_alu(p->mdu.op, p->mdu.a, p->mdu.b);
  if (ec->load || ec->store || ec->amo) return e_addr;
  if (ec->csr) return (insn & (1u << 14)) ? rs1_of(insn) : fa;
  return 0;
}

/* The same for the instruction in EX. */
static inline uint32_t ex_result(const pe_t *p, uint32_t fa, uint32_t fb, uint32_t e_addr) {
  return ex_result_of(p, &p->e.c, p->e.pc, p->e.insn, fa, fb, e_addr);
}

/* pe_lsu's D-cache lookup of maddr: the slot (way * dsets + set) of the
 * way that hits (the last one, as the RTL's loop), -1 if none. */
static inline int dcache_slot(const pe_t *p, uint32_t maddr) {
  const uint32_t idx = (maddr >> p->off) & (p->dsets - 1), tag = maddr >> p->dshift;
  int slot = -1;
  for (unsigned w = 0; w < p->cfg.dcache_ways; w++) {
    const unsigned s = w * p->dsets + idx;
    if (p->dvalid[s] && p->dtag[s] == tag) slot = (int)s;
  }
  return slot;
}

/* The same as a way, -1 if none; *word the hit word, else left alone. */
static inline int dcache_read(const pe_t *p, uint32_t maddr, uint32_t *word) {
  const int s = dcache_slot(p, maddr);
  if (s < 0) return -1;
  *word = p->ddata[(size_t)s * p->lw + ((maddr >> 2) & (p->lw - 1))];
  return s >> p->dsets_lg;
}

/* pe_id_stage's decode of insn, cached by instruction word (pe_dcache_t: a
 * kernel's loop decodes each of its words once). */
static inline const ctl_t *dc_lookup(pe_t *p, uint32_t insn) {
  const unsigned slot = dc_slot(insn);
  if (p->dc->s[slot].key != insn) {
    pe_decode(insn, &p->dc->s[slot].ctl);
    p->dc->s[slot].key = insn;
  }
  return &p->dc->s[slot].ctl;
}

/* The run-ahead's record of word insn at pc (ri_hot_t). */
static inline const ri_hot_t *hot_lookup(pe_t *p, uint32_t pc, uint32_t insn) {
  ri_hot_t *h = &p->hot[(pc >> 2) & (PE_HOT_SLOTS - 1)];
  if (h->key != insn) hot_fill(h, dc_lookup(p, insn), insn);
  return h;
}

/* pe_lsu: MEM's request (op, its address, a store's lanes, its MSHR's tag)
 * onto the idle port, counted by kind. */
static inline void port_mem_issue(pe_t *p, unsigned op, uint32_t addr, uint32_t st_wdata, unsigned st_be, unsigned tag) {
  p->p_state = PE_PORT_REQ;
  p->p_src = 1;
  p->p_addr = addr;
  p->p_op = op;
  p->p_amo = op == PE_OP_AMO ? p->m.c.dec.funct5 : 0;
  p->p_wdata = op == PE_OP_WRITE ? st_wdata : op == PE_OP_AMO ? p->m.wdata : 0;
  p->p_be = op == PE_OP_WRITE ? st_be : op == PE_OP_FILL ? PE_BE_NONE : PE_BE_WORD;
  p->p_tag = tag;
  switch (op) {
    case PE_OP_FILL: p->st.dfills++; break;
    case PE_OP_WRITE: p->st.writes++; break;
    case PE_OP_AMO: p->st.amos++; break;
    default: p->st.reads++; break;
  }
}

/* pe_lsu: a line fill onto the idle port, the fetch's (src 0) or a
 * prefetch's (src 1, tag its MSHR); the caller counts it. */
static inline void port_fill_issue(pe_t *p, int src, uint32_t addr, unsigned tag) {
  p->p_state = PE_PORT_REQ;
  p->p_src = src;
  p->p_addr = addr;
  p->p_op = PE_OP_FILL;
  p->p_amo = 0;
  p->p_wdata = 0;
  p->p_be = PE_BE_NONE;
  p->p_tag = tag;
}

/* pe_quiet.c: pe_step's edge with the port busy (a request that is not a
 * write presented, or waiting for its response) and no start, response or
 * line invalidate at the inputs (the caller checked the port): 1 when the
 * quiet edge's terms cover it and it was stepped (out, if not NULL, the
 * outputs before it), 0 when the caller must step it with step_edge. */
int pe_quiet_busy_edge(pe_t *p, const pe_in_t *in, pe_out_t *out);

#ifdef PE_RI_CHECK
/* pe.c: step_edge, for pe_ri.c's check of each run against the mirroring
 * model (a build with -DPE_RI_CHECK, docs/pe.md). */
void pe_step_edge_check(pe_t *p, const pe_in_t *in, pe_out_t *out);
#endif

#endif
