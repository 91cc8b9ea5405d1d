#include "pe.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The port state machine (p_state) is rtl/pe/pe_lsu.sv's pstate_e:
 * PE_PORT_* from hw/pe.desc, which the generator checks against it. */
/* Byte enables of a port request that is not a write (rtl: the same). */
enum { PE_BE_NONE = 0x0, PE_BE_WORD = 0xF };
/* The M unit's iterations, one bit each (rtl pe_mdu LastStep + 1). */
#define PE_MDU_STEPS 32u

/* The instruction kinds pe_run_quiet executes inline (ctl_t.kind). */
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
  /* for pe_run_quiet: the kinds it executes itself (RI_K_*; RI_K_SLOW:
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
static unsigned dc_slot(uint32_t insn) { return (insn * 0x9E3779B1u) >> (32 - PE_DC_BITS); }

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
};

static void decode(uint32_t insn, ctl_t *c);

static void hot_fill(ri_hot_t *h, const ctl_t *c, uint32_t insn) {
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

static int pow2(unsigned x) { return x && !(x & (x - 1)); }
static unsigned lg2(unsigned x) { unsigned n = 0; while ((1u << n) < x) n++; return n; }

pe_t *pe_new(const pe_cfg_t *cfg) {
  const pe_cfg_t *c = cfg;
  const int ok = (c->line_bytes == 16 || c->line_bytes == 32 || c->line_bytes == 64) && pow2(c->icache_ways) &&
                 pow2(c->dcache_ways) && pow2(c->icache_bytes) && pow2(c->dcache_bytes) &&
                 c->icache_bytes >= 2 * c->icache_ways * c->line_bytes &&
                 c->dcache_bytes >= 2 * c->dcache_ways * c->line_bytes && c->counters <= 1 && c->dmshrs >= 1 &&
                 c->dmshrs <= PE_MAX_MSHRS && c->dprefetch <= PE_MAX_PREFETCH;
  if (ok && c->dprefetch && c->dmshrs < 2) {
    fprintf(stderr, "pe: a D-cache prefetch distance of %u needs MSHRs (dmshrs > 1; it is %u)\n", c->dprefetch,
            c->dmshrs);
    return NULL;
  }
  if (!ok) {
    fprintf(stderr,
            "pe: unsupported configuration (I$ %u B %u-way, D$ %u B %u-way, line %u B, counters %u, %u MSHRs, "
            "prefetch %u)\n",
            c->icache_bytes, c->icache_ways, c->dcache_bytes, c->dcache_ways, c->line_bytes, c->counters,
            c->dmshrs, c->dprefetch);
    return NULL;
  }
  pe_t *p = calloc(1, sizeof *p);
  if (!p) return NULL;
  p->cfg = *c;
  p->isets = c->icache_bytes / (c->icache_ways * c->line_bytes);
  p->dsets = c->dcache_bytes / (c->dcache_ways * c->line_bytes);
  p->lw = c->line_bytes / 4;
  p->off = lg2(c->line_bytes);
  p->ishift = p->off + lg2(p->isets);
  p->dsets_lg = lg2(p->dsets);
  p->dshift = p->off + p->dsets_lg;
  const unsigned ni = p->isets * c->icache_ways, nd = p->dsets * c->dcache_ways;
  p->ivalid = calloc(ni, 1);
  p->dvalid = calloc(nd, 1);
  p->dpf = calloc(nd, 1);
  p->itag = calloc(ni, sizeof *p->itag);
  p->dtag = calloc(nd, sizeof *p->dtag);
  p->idata = calloc((size_t)ni * p->lw, sizeof *p->idata);
  p->ddata = calloc((size_t)nd * p->lw, sizeof *p->ddata);
  p->dc = malloc(sizeof *p->dc);
  p->hot = aligned_alloc(64, PE_HOT_SLOTS * sizeof *p->hot);
  if (!p->ivalid || !p->dvalid || !p->dpf || !p->itag || !p->dtag || !p->idata || !p->ddata || !p->dc || !p->hot) {
    pe_free(p);
    return NULL;
  }
  for (unsigned i = 0; i < PE_DC_SLOTS; i++) {
    p->dc->s[i].key = 0;
    decode(0, &p->dc->s[i].ctl);
  }
  for (unsigned i = 0; i < PE_HOT_SLOTS; i++) hot_fill(&p->hot[i], &p->dc->s[0].ctl, 0);
  pe_reset(p);
  return p;
}

void pe_free(pe_t *p) {
  if (!p) return;
  free(p->ivalid);
  free(p->dvalid);
  free(p->dpf);
  free(p->itag);
  free(p->dtag);
  free(p->idata);
  free(p->ddata);
  free(p->dc);
  free(p->hot);
  free(p);
}

void pe_reset(pe_t *p) {
  rv32_hart_reset(&p->h, 0, 0);
  p->run = 0;
  p->f_pc = 0;
  p->i_rd_ok = p->d_rd_ok = 0;
  memset(p->ivalid, 0, p->isets * p->cfg.icache_ways);
  p->im_ok = 0;
  memset(p->dvalid, 0, p->dsets * p->cfg.dcache_ways);
  memset(p->dpf, 0, p->dsets * p->cfg.dcache_ways);
  p->irr = p->drr = 0;
  memset(&p->d, 0, sizeof p->d);
  memset(&p->e, 0, sizeof p->e);
  memset(&p->m, 0, sizeof p->m);
  memset(&p->w, 0, sizeof p->w);
  memset(&p->mdu, 0, sizeof p->mdu);
  p->p_state = PE_PORT_IDLE;
  p->p_src = 0;
  p->p_addr = p->p_wdata = 0;
  p->p_op = p->p_amo = p->p_be = p->p_tag = 0;
  p->mlp = p->cfg.dmshrs > 1;
  memset(p->ms, 0, sizeof p->ms);
  p->pf = p->mlp && p->cfg.dprefetch > 0;
  p->pf_chk = p->pf_cfm = 0;
  p->pf_cnt = 0;
  p->pf_line = 0;
  p->inv = p->inv_all = 0;
  p->inv_idx = p->inv_tag = 0;
  memset(&p->st, 0, sizeof p->st);
}

const pe_stats_t *pe_stats(const pe_t *p) { return &p->st; }
const rv32_hart_t *pe_hart(const pe_t *p) { return &p->h; }

unsigned pe_dcache_lines(const pe_t *p) { return p->dsets * p->cfg.dcache_ways; }

int pe_dcache_line(const pe_t *p, unsigned k, uint32_t *addr, const uint32_t **words) {
  if (k >= pe_dcache_lines(p) || !p->dvalid[k]) return 0;
  *addr = p->dtag[k] << p->dshift | (k & (p->dsets - 1)) << p->off;
  *words = &p->ddata[(size_t)k * p->lw];
  return 1;
}

/* No MSHR busy or ready (rtl pe_lsu port_idle_o's second half). */
static int ms_empty(const pe_t *p) {
  for (unsigned k = 0; k < p->cfg.dmshrs; k++)
    if (p->ms[k].busy || p->ms[k].rdy) return 0;
  return 1;
}

static int halted(const pe_t *p) {
  return !p->run && p->p_state == PE_PORT_IDLE && !p->d.valid && !p->e.valid && !p->m.valid && !p->w.valid &&
         (!p->mlp || ms_empty(p)) && !p->pf_chk;
}

void pe_outputs(const pe_t *p, pe_out_t *o) {
  o->halted = halted(p);
  o->mem_req_valid = p->p_state == PE_PORT_REQ;
  o->mem_req_addr = p->p_addr;
  o->mem_req_op = p->p_op;
  o->mem_req_amo = p->p_amo;
  o->mem_req_wdata = p->p_wdata;
  o->mem_req_be = p->p_be;
  o->mem_req_tag = p->p_tag;
  o->ret_valid = p->w.valid;
  o->ret_pc = p->w.pc;
  o->ret_insn = p->w.insn;
  o->ret_rd = p->w.rd;
  o->ret_rd_value = p->w.val;
}

static void decode(uint32_t insn, ctl_t *c) {
  memset(c, 0, sizeof *c);
  rv32_decode(insn, &c->dec);
  if ((c->dec.cls & RV32_C_CUSTOM) || c->dec.op == RV32_WRS_NTO) { /* custom-0 and Zawrs are illegal on a PE */
    c->dec.op = RV32_ILLEGAL;
    c->dec.cls = 0;
  }
  const uint32_t k = c->dec.cls;
  const rv32_op_t op = c->dec.op;
  c->alu = (k & RV32_C_ALU) != 0;
  c->alu_reg = op >= RV32_ADD && op <= RV32_AND; /* OP, second operand rs2 */
  c->jal = op == RV32_JAL;
  c->jalr = op == RV32_JALR;
  c->branch = (k & RV32_C_BRANCH) != 0;
  c->load = (k & RV32_C_LOAD) != 0;
  c->store = (k & RV32_C_STORE) != 0;
  c->amo = (k & RV32_C_AMO) != 0;
  c->mdu = (k & RV32_C_MULDIV) != 0;
  c->csr = (k & RV32_C_CSR) != 0;
  c->fence = op == RV32_FENCE;
  c->fence_i = op == RV32_FENCE_I;
  c->mret = op == RV32_MRET;
  c->wfi = op == RV32_WFI;
  c->wr = (k & RV32_C_WRITES_RD) != 0;
  c->u1 = (k & RV32_C_USES_RS1) != 0;
  c->u2 = (k & RV32_C_USES_RS2) != 0;
  c->d_trap = op == RV32_ILLEGAL || op == RV32_ECALL || op == RV32_EBREAK;
  c->late = c->load || c->amo || c->csr;
  c->m_slow = c->store || c->amo || c->csr || c->fence || c->fence_i || c->mret || c->wfi;
  c->kind = c->alu ? RI_K_ALU : c->branch ? RI_K_BR : c->jal ? RI_K_JAL : c->jalr ? RI_K_JALR : c->load ? RI_K_LOAD
          : c->mdu ? RI_K_MDU : RI_K_SLOW;
  c->auipc = op == RV32_AUIPC;
  c->amask = c->load ? (uint8_t)(rv32_mem_size(op) - 1) : 0;
}

/* device space: addr[31:28] == pe_pkg::DevNibble, as the RTL decodes it */
static int is_device(uint32_t addr) { return (addr >> 28) == PE_DEV_NIBBLE; }

/* Bytes a load or store moves (its funct3[1:0]). */
static unsigned mem_size(rv32_op_t op) {
  switch (op) {
    case RV32_LH: case RV32_LHU: case RV32_SH: return 2;
    case RV32_LW: case RV32_SW: return 4;
    default: return 1;
  }
}

static unsigned rd_of(uint32_t insn) { return (insn >> 7) & 31; }
static unsigned rs1_of(uint32_t insn) { return (insn >> 15) & 31; }
static unsigned rs2_of(uint32_t insn) { return (insn >> 20) & 31; }

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

/* pe_id_stage: decode, register read with the WB bypass, load-use
 * interlock (with dmshrs > 1 the scoreboard too: pe_id_stage_sb_comb).
 * The decode is cached by instruction word (pe_dcache_t: a kernel's loop
 * decodes each of its words once). */
static inline const ctl_t *dc_lookup(pe_t *p, uint32_t insn) {
  const unsigned slot = dc_slot(insn);
  if (p->dc->s[slot].key != insn) {
    decode(insn, &p->dc->s[slot].ctl);
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

static inline void pe_id_stage_comb(pe_t *p, pe_comb_t *c) {
  c->dc = dc_lookup(p, p->d.insn);
  const ctl_t *dc = c->dc;
  const unsigned d_rs1 = rs1_of(p->d.insn), d_rs2 = rs2_of(p->d.insn);
  const int dc_illegal = dc->dec.op == RV32_ILLEGAL;
  const int dc_ecall = dc->dec.op == RV32_ECALL, dc_ebreak = dc->dec.op == RV32_EBREAK;
  c->d_trap = p->d.ifault || dc_illegal || dc_ecall || dc_ebreak;
  c->d_cause = p->d.ifault  ? RV32_EXC_IACCESS
             : dc_illegal ? RV32_EXC_ILLEGAL
             : dc_ecall   ? RV32_EXC_ECALL_M
                          : RV32_EXC_BREAKPOINT;
  c->d_tval = p->d.ifault ? p->d.pc : dc_illegal ? p->d.insn : dc_ecall ? 0 : p->d.pc;
  const unsigned e_rd = rd_of(p->e.insn);
  const int e_late = p->e.c.load || p->e.c.amo || p->e.c.csr;
  c->d_hazard = p->e.valid && e_late && p->e.c.wr && e_rd != 0 &&
                ((dc->u1 && d_rs1 == e_rd) || (dc->u2 && d_rs2 == e_rd));
  c->rs1v = id_read(p, d_rs1);
  c->rs2v = id_read(p, d_rs2);
}

/* pe_ex_block: forwarding from MEM and WB, ALU, branches and jumps,
 * addresses, the M unit's result and its start. */
static inline void pe_ex_block_comb(const pe_t *p, pe_comb_t *c) {
  const unsigned e_rs1 = rs1_of(p->e.insn), e_rs2 = rs2_of(p->e.insn), m_rd = rd_of(p->m.insn);
  c->fa = ex_forward(p, e_rs1, p->e.rs1v);
  c->fb = ex_forward(p, e_rs2, p->e.rs2v);
  const uint32_t fa = c->fa, fb = c->fb;
  const int m_late = p->m.c.load || p->m.c.amo || p->m.c.csr;
  c->e_dep_m = p->m.valid && m_late && p->m.c.wr && m_rd != 0 &&
               ((p->e.c.u1 && e_rs1 == m_rd) || (p->e.c.u2 && e_rs2 == m_rd));
  const ctl_t *ec = &p->e.c;
  const uint32_t e_imm = (uint32_t)ec->dec.imm;
  c->e_addr = fa + (ec->csr ? 0 : e_imm);
  c->e_taken = ec->jal || ec->jalr || (ec->branch && rv32_branch_taken(ec->dec.op, fa, fb));
  c->e_target = ec->jalr ? (c->e_addr & ~1u) : p->e.pc + e_imm;
  c->e_mis_target = c->e_taken && (c->e_target & 2);
  c->e_res = ex_result(p, fa, fb, c->e_addr);
  c->e_ready = (!ec->mdu || p->mdu.done) && !c->e_dep_m;
  c->mdu_start = p->e.valid && p->e.c.mdu && !p->mdu.busy && !p->mdu.done && !c->e_dep_m;
}

/* pe_cs_registers: the CSR read and its legality for the instruction in
 * MEM, without side effects (tried on a copy of the hart); 1 if illegal. */
static inline int pe_cs_registers_read(const pe_t *p, uint32_t *csr_old) {
  rv32_hart_t tmp = p->h;
  int wm;
  *csr_old = 0;
  return rv32_csr_op(&tmp, &p->m.c.dec, p->m.res, csr_old, &wm) != 0;
}

/* pe_lsu: D-cache lookup, loads, stores, AMOs and uncached reads at the
 * port, the MEM instruction's completion (CSRs through pe_cs_registers), and
 * the fetch's fill request (the port's other user). */
static inline void pe_lsu_comb(const pe_t *p, const pe_in_t *in, pe_comb_t *c) {
  const pe_cfg_t *cfg = &p->cfg;
  const unsigned lw = p->lw;
  const int port_idle = p->p_state == PE_PORT_IDLE;
  const ctl_t *mc = &p->m.c;
  const uint32_t maddr = p->m.res;
  c->maddr = maddr;
  c->m_rd = rd_of(p->m.insn);
  c->m_idx = (maddr >> p->off) & (p->dsets - 1);
  const int m_cacheable = !is_device(maddr);
  uint32_t d_hword = 0;
  /* the hit is read only for a load or store in MEM without a trap (its
   * completion, the store hit's write, the prefetcher's pf_hit): the
   * lookup and the store's lanes are skipped otherwise */
  const int m_ldst = p->m.valid && !p->m.trap && (mc->load || mc->store);
  c->d_hit_way = m_ldst ? dcache_read(p, maddr, &d_hword) : -1;
  const int d_hit = m_cacheable && c->d_hit_way >= 0;
  const uint32_t resp_word = in->mem_resp_data[0];
  c->st_wdata = 0;
  c->st_be = 0;
  if (m_ldst && mc->store) rv32_store_lane(mc->dec.op, maddr, p->m.wdata, &c->st_wdata, &c->st_be);
  /* the RTL's lane logic uses funct3[1:0] only; the same for legal stores */
  /* the port's tag-0 response (with dmshrs = 1 every response), an MSHR's */
  c->resp0 = in->mem_resp_valid && (!p->mlp || in->mem_resp_tag == 0);
  c->ms_fill = p->mlp && in->mem_resp_valid && in->mem_resp_tag != 0;
  c->ms_fill_k = in->mem_resp_tag - 1;
  int ms_match = 0, ms_free = 0, ms_any_busy = 0;
  c->ms_free_k = 0;
  /* with dmshrs = 1 (!mlp) the loop could only find MSHR 0 free, which the
   * line above says already, and ms_match and ms_any_busy stay 0 */
  if (p->mlp) {
    for (int k = (int)cfg->dmshrs - 1; k >= 0; k--) {
      if (p->ms[k].busy && (p->ms[k].addr >> p->off) == (maddr >> p->off)) ms_match = 1;
      if (!p->ms[k].busy && !p->ms[k].rdy) {
        ms_free = 1;
        c->ms_free_k = (unsigned)k;
      }
      if (p->ms[k].busy) ms_any_busy = 1;
    }
  }
  const int alloc_ok = p->mlp && m_cacheable && !ms_match && ms_free && port_idle;
  const int p_d_resp = p->p_state == PE_PORT_RESP && p->p_src && c->resp0;
  c->csr_wr = mc->dec.op == RV32_CSRRW || mc->dec.op == RV32_CSRRWI || rs1_of(p->m.insn) != 0;

  c->m_done = c->m_exc = c->m_issue = c->d_store_we = c->d_st_inval = c->d_amo_inval = c->m_alloc = 0;
  c->m_iss_tag = 0;
  c->m_iss_op = PE_OP_FILL;
  c->m_iss_addr = 0;
  c->m_wval = p->m.res;
  if (p->m.valid) {
    if (p->m.trap) {
      c->m_done = 1;
      c->m_exc = 1;
    } else if (mc->load) {
      uint32_t word = d_hword;
      if (m_cacheable) {
        if (!p->d_rd_ok) {
        } else if (d_hit) {
          c->m_done = 1;
        } else if (p->mlp ? alloc_ok : port_idle) {
          c->m_issue = 1;
          c->m_iss_op = PE_OP_FILL;
          c->m_iss_addr = maddr & ~(cfg->line_bytes - 1);
          if (p->mlp) { /* an MSHR: the load leaves MEM now, its value comes later */
            c->m_iss_tag = c->ms_free_k + 1;
            c->m_done = c->m_alloc = 1;
          }
        }
      } else if (port_idle) {
        c->m_issue = 1;
        c->m_iss_op = PE_OP_READ;
        c->m_iss_addr = maddr & ~3u;
      } else if (p_d_resp) {
        c->m_done = 1;
        word = resp_word;
      }
      c->m_wval = rv32_load_extract(mc->dec.op, word, maddr);
    } else if (mc->store) { /* a store or AMO waits for a fill of its line in flight */
      if (port_idle && !ms_match) {
        c->m_issue = 1;
        c->m_iss_op = PE_OP_WRITE;
        c->m_iss_addr = maddr & ~3u;
      } else if (p->p_state == PE_PORT_REQ && p->p_src && !p->p_tag && in->mem_req_ready) { /* its own, not an MSHR's fill */
        c->m_done = 1;
        c->d_store_we = p->d_rd_ok && d_hit && !c->ms_fill;
        /* RAMs read elsewhere (a line invalidate, a fill) or written by a fill now: the set goes */
        c->d_st_inval = !p->d_rd_ok || c->ms_fill;
      }
    } else if (mc->amo) {
      if (port_idle && !ms_match) {
        c->m_issue = 1;
        c->m_iss_op = PE_OP_AMO;
        c->m_iss_addr = maddr;
      } else if (p_d_resp) {
        c->m_done = 1;
        c->m_wval = resp_word;
        c->d_amo_inval = 1;
      }
    } else if (mc->csr) {
      c->m_done = 1;
      c->m_exc = pe_cs_registers_read(p, &c->m_wval);
    } else if (mc->fence_i) {
      c->m_done = port_idle && !ms_any_busy;
    } else if (mc->fence) {
      c->m_done = !ms_any_busy;
    } else {
      c->m_done = 1;
    }
  }
  c->m_hold = p->m.valid && !c->m_done;
  /* issued even when fetch is redirected this cycle (rtl/pe/pe_lsu.sv: a
   * wrong-path fill rather than the redirect in front of the port) */
  c->f_issue = p->run && !c->f_fault && p->i_rd_ok && !c->i_hit && port_idle && !c->m_issue;
  /* fills write with the port's state before its edge */
  c->i_fill_we = p->p_state == PE_PORT_RESP && !p->p_src && c->resp0;
  c->d_fill_we = (p->p_state == PE_PORT_RESP && p->p_src && p->p_op == PE_OP_FILL && c->resp0) || c->ms_fill;
  c->fill_addr = p->p_addr;
  c->dfill_addr = p->p_addr;
  c->ms_fill_val = 0;
  if (c->ms_fill) {
    const uint32_t a = p->ms[c->ms_fill_k].addr;
    c->dfill_addr = a;
    c->ms_fill_val = rv32_load_extract(p->ms[c->ms_fill_k].op, in->mem_resp_data[(a >> 2) & (lw - 1)], a);
  }
  /* a missed load retires when MEM leaves the WB slot free */
  c->ms_wb = 0;
  c->ms_wb_k = 0;
  if (p->mlp) { /* else ms_wb stays 0 (ms_wb_k is read only with it) */
    for (int k = (int)cfg->dmshrs - 1; k >= 0; k--)
      if (p->ms[k].rdy) {
        c->ms_wb = !c->m_done;
        c->ms_wb_k = (unsigned)k;
      }
  }
}

/* pe_lsu's stream prefetcher (dprefetch > 0), after pe_lsu_comb: a load's
 * first hit on a line a prefetch brought points it at the next dprefetch
 * lines; a load miss that takes an MSHR, when it is not busy with such a
 * stream, first at the line before the miss's, and on at the next
 * dprefetch lines only if that one is cached or in flight (a stream, not
 * a random miss).  It probes the tags of a line when no load or store is in
 * EX or MEM to want the read (nor a line invalidate, nor a fill writing the
 * RAMs); the next cycle it skips the line if it is cached, in flight or
 * device space, else sends its fill into a free MSHR when the port is idle,
 * no MEM request or fetch miss wants it and another MSHR stays free for a
 * demand miss (else it probes again). */
static inline void pe_lsu_pf_comb(const pe_t *p, const pe_in_t *in, pe_comb_t *c) {
  c->pf_probe = c->pf_skip = c->pf_go = c->pf_cfm_ok = c->pf_cfm_no = c->pf_trig = c->pf_hit = 0;
  if (!p->pf) return;
  const pe_cfg_t *cfg = &p->cfg;
  const ctl_t *mc = &p->m.c;
  const int m_cacheable = !is_device(c->maddr);
  c->pf_hit = p->m.valid && !p->m.trap && mc->load && m_cacheable && p->d_rd_ok && c->d_hit_way >= 0 &&
              p->dpf[(unsigned)c->d_hit_way * p->dsets + c->m_idx];
  c->pf_trig = c->m_alloc && !(p->pf_cnt && !p->pf_cfm);
  const int mem_near = (p->m.valid && (mc->load || mc->store)) || (p->e.valid && (p->e.c.load || p->e.c.store));
  c->pf_probe = p->run && p->pf_cnt && !p->pf_chk && !mem_near && !in->dinval && !c->d_fill_we;
  if (!p->pf_chk) return;
  unsigned ms_nfree = 0;
  int inflight = 0;
  for (unsigned k = 0; k < cfg->dmshrs; k++) {
    ms_nfree += !p->ms[k].busy && !p->ms[k].rdy;
    inflight |= p->ms[k].busy && (p->ms[k].addr >> p->off) == p->pf_line;
  }
  /* the tags as the RAMs read them last cycle: no fill wrote them since */
  const uint32_t a = p->pf_line << p->off, idx = (a >> p->off) & (p->dsets - 1), tag = a >> p->dshift;
  int present = 0;
  for (unsigned w = 0; w < cfg->dcache_ways; w++)
    if (p->dvalid[w * p->dsets + idx] && p->dtag[w * p->dsets + idx] == tag) present = 1;
  const int imiss = p->run && !c->f_fault && p->i_rd_ok && !c->i_hit;
  if (p->pf_cfm) {
    c->pf_cfm_ok = present || inflight;
    c->pf_cfm_no = !c->pf_cfm_ok;
    return;
  }
  c->pf_skip = present || inflight || is_device(a);
  c->pf_go = !c->pf_skip && p->run && ms_nfree >= 2 && (p->p_state == PE_PORT_IDLE) && !c->m_issue && !imiss;
}

/* pe_lsu's scoreboard and pe_id_stage's use of it (dmshrs > 1), after
 * pe_lsu_comb: the registers the ID instruction must neither read nor
 * write are the MEM-stage load's rd unless it completes with its value now
 * (WB forwards it) and the in-flight loads' (never x0); nor may it write the
 * rd of a load in EX. */
static inline void pe_id_stage_sb_comb(const pe_t *p, pe_comb_t *c) {
  c->sb_stall = 0;
  if (!p->mlp) return;
  uint32_t sb = 0;
  if (p->m.valid && p->m.c.load && !(c->m_done && !c->m_alloc)) sb |= 1u << rd_of(p->m.insn);
  for (unsigned k = 0; k < p->cfg.dmshrs; k++)
    if (p->ms[k].busy || p->ms[k].rdy) sb |= 1u << rd_of(p->ms[k].insn);
  sb &= ~1u;
  const ctl_t *dc = c->dc;
  const unsigned d_rs1 = rs1_of(p->d.insn), d_rs2 = rs2_of(p->d.insn), d_rd = rd_of(p->d.insn), e_rd = rd_of(p->e.insn);
  const int h = (dc->u1 && ((sb >> d_rs1) & 1)) || (dc->u2 && ((sb >> d_rs2) & 1)) || (dc->wr && ((sb >> d_rd) & 1)) ||
                (p->e.valid && p->e.c.load && dc->wr && e_rd != 0 && d_rd == e_rd);
  c->sb_stall = h && !c->d_hazard;
  c->d_hazard = c->d_hazard || h;
}

/* pe_controller: stalls, redirects and flushes. */
static inline void pe_controller_comb(const pe_t *p, const pe_in_t *in, int is_halted, pe_comb_t *c) {
  const ctl_t *mc = &p->m.c;
  c->boot = is_halted && in->start;
  c->m_flush = c->m_done && (c->m_exc || mc->fence_i || mc->mret || mc->wfi);
  c->m_target = c->m_exc ? p->h.mtvec : mc->mret ? p->h.mepc : p->m.pc + 4;
  c->e_advance = p->e.valid && c->e_ready && !c->m_hold;
  const int e_can_accept = !p->e.valid || c->e_advance;
  c->d_advance = p->d.valid && !c->d_hazard && e_can_accept;
  c->d_can_accept = !p->d.valid || c->d_advance;
  c->e_redirect = c->e_advance && c->e_taken && !c->e_mis_target && !p->e.trap && !c->m_flush;
  c->flush_any = c->m_flush || c->e_redirect;
  /* the if stage's and the M unit's decisions that read the controller's */
  c->f_advance = c->f_ready && c->d_can_accept;
  c->mdu_kill = c->m_flush || (c->e_advance && p->e.c.mdu);
}

static inline void stats_edge(pe_t *p, const pe_comb_t *c, int is_halted) {
  p->st.cycles++;
  if (!is_halted) p->st.run_cycles++;
  if (p->w.valid) p->st.retired++;
  if (c->m_done && c->m_exc) p->st.traps++;
  if (c->d_hazard && p->d.valid) p->st.load_use_stalls++;
  if (p->e.valid && p->e.c.mdu && !c->e_advance) p->st.mdu_cycles++;
  if (c->e_redirect) p->st.branch_flushes++;
  if (c->sb_stall && p->d.valid) p->st.scoreboard_stalls++;
  if (c->m_alloc) p->st.mshr_allocs++;
  if (c->pf_hit) p->st.pf_useful++;
  unsigned busy = 0;
  if (p->mlp) /* without MSHRs none is ever busy (m_alloc and pf_go need mlp) */
    for (unsigned k = 0; k < p->cfg.dmshrs; k++) busy += (unsigned)p->ms[k].busy;
  p->st.mshr_busy_sum += busy;
  p->st.mshr_overlap_cycles += busy >= 2;
}

/* pe_controller: the run state. */
static inline void pe_controller_edge(pe_t *p, const pe_comb_t *c) {
  if (c->boot) p->run = 1;
  else if (c->m_done && p->m.c.wfi && !c->m_exc) p->run = 0; /* before pe_ex_block_edge */
}

/* pe_cs_registers: CSR writes (in MEM), traps, mret, the counters. */
static inline void pe_cs_registers_edge(pe_t *p, const pe_comb_t *c) {
  const ctl_t *mc = &p->m.c;
  int no_cycle_inc = 0, no_instret_inc = 0;
  if (c->m_done && mc->csr && !c->m_exc && c->csr_wr) {
    uint32_t old;
    int wm;
    rv32_csr_op(&p->h, &mc->dec, p->m.res, &old, &wm);
    no_instret_inc = wm;
    no_cycle_inc = mc->dec.csr == RV32_CSR_MCYCLE || mc->dec.csr == RV32_CSR_MCYCLEH;
  }
  if (c->m_done && c->m_exc) {
    if (p->m.trap) rv32_trap(&p->h, p->m.pc, p->m.cause, p->m.tval);
    else rv32_trap(&p->h, p->m.pc, RV32_EXC_ILLEGAL, p->m.insn);
  } else if (c->m_done && mc->mret) {
    rv32_mret(&p->h);
  }
  if (!no_cycle_inc) p->h.mcycle++;
  if (!no_instret_inc && c->m_done && !c->m_exc) p->h.minstret++;
  if (!p->cfg.counters) p->h.mcycle = p->h.minstret = 0; /* Counters = 0: read 0, writes lost */
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

/* pe_lsu: the memory port's state machine (MEM's request wins over the
 * fetch's), D-cache writes (fills, store hits), valid bits and replacement,
 * then MEM -> WB.  Before pe_ex_block_edge: reads the MEM registers. */
static inline void pe_lsu_edge(pe_t *p, const pe_in_t *in, const pe_comb_t *c) {
  const pe_cfg_t *cfg = &p->cfg;
  const unsigned lw = p->lw;
  const ctl_t *mc = &p->m.c;
  switch (p->p_state) {
    case PE_PORT_IDLE:
      if (c->m_issue) {
        port_mem_issue(p, c->m_iss_op, c->m_iss_addr, c->st_wdata, c->st_be, c->m_iss_tag);
      } else if (c->f_issue) {
        port_fill_issue(p, 0, p->f_pc & ~(cfg->line_bytes - 1), 0);
        p->st.ifills++;
      } else if (c->pf_go) {
        port_fill_issue(p, 1, p->pf_line << p->off, c->ms_free_k + 1);
        p->st.pf_issued++;
      }
      break;
    case PE_PORT_REQ:
      /* a write has no response; an MSHR's fill is the MSHR's to wait for */
      if (in->mem_req_ready) p->p_state = p->p_op == PE_OP_WRITE || p->p_tag ? PE_PORT_IDLE : PE_PORT_RESP;
      break;
    default:
      if (c->resp0) p->p_state = PE_PORT_IDLE;
      break;
  }

  /* the victim from the valid bits before the edge; then the line
   * invalidate of last cycle clears, and the fill's valid bit wins over it */
  unsigned fill_s = 0;
  if (c->d_fill_we) {
    const uint32_t idx = (c->dfill_addr >> p->off) & (p->dsets - 1);
    unsigned victim = p->drr;
    for (int w = (int)cfg->dcache_ways - 1; w >= 0; w--)
      if (!p->dvalid[(unsigned)w * p->dsets + idx]) victim = (unsigned)w;
    fill_s = victim * p->dsets + idx;
  }
  if (p->inv) /* the tags as the RAMs read them last cycle: no fill wrote them since, else inv_all */
    for (unsigned w = 0; w < cfg->dcache_ways; w++)
      if (p->inv_all || p->dtag[w * p->dsets + p->inv_idx] == p->inv_tag) p->dvalid[w * p->dsets + p->inv_idx] = 0;
  if (c->d_fill_we) {
    const unsigned s = fill_s;
    p->dtag[s] = c->dfill_addr >> p->dshift;
    memcpy(&p->ddata[(size_t)s * lw], in->mem_resp_data, lw * 4);
    p->drr = (p->drr + 1) & (cfg->dcache_ways - 1);
    p->dpf[s] = c->ms_fill && p->ms[c->ms_fill_k].pf;
  } else if (c->d_store_we) {
    const unsigned s = (unsigned)c->d_hit_way * p->dsets + c->m_idx;
    uint32_t *word = &p->ddata[(size_t)s * lw + ((c->maddr >> 2) & (lw - 1))];
    for (unsigned b = 0; b < 4; b++)
      if (c->st_be & (1u << b)) *word = (*word & ~(0xffu << (8 * b))) | (c->st_wdata & (0xffu << (8 * b)));
  }
  if (c->m_done && mc->fence && !c->m_exc) memset(p->dvalid, 0, p->dsets * cfg->dcache_ways);
  else if (c->d_amo_inval || c->d_st_inval)
    for (unsigned w = 0; w < cfg->dcache_ways; w++) p->dvalid[w * p->dsets + c->m_idx] = 0;
  /* a fill coincides with neither a fence nor an AMO's completion, only
   * with a store's, whose clear it follows: the filled line is current */
  if (c->d_fill_we) p->dvalid[fill_s] = 1;
  /* MSHRs: fill, retire, allocate (three different ones) */
  if (c->ms_fill) { /* a prefetch's retires nothing */
    p->ms[c->ms_fill_k].busy = 0;
    p->ms[c->ms_fill_k].rdy = !p->ms[c->ms_fill_k].pf;
    p->ms[c->ms_fill_k].val = c->ms_fill_val;
  }
  if (c->ms_wb) p->ms[c->ms_wb_k].rdy = 0;
  if (c->m_alloc) {
    p->ms[c->ms_free_k].busy = 1;
    p->ms[c->ms_free_k].addr = c->maddr;
    p->ms[c->ms_free_k].pc = p->m.pc;
    p->ms[c->ms_free_k].insn = p->m.insn;
    p->ms[c->ms_free_k].op = mc->dec.op;
    p->ms[c->ms_free_k].pf = 0;
  } else if (c->pf_go) { /* insn 0: rd x0, which the scoreboard ignores */
    p->ms[c->ms_free_k].busy = 1;
    p->ms[c->ms_free_k].pf = 1;
    p->ms[c->ms_free_k].addr = p->pf_line << p->off;
    p->ms[c->ms_free_k].pc = 0;
    p->ms[c->ms_free_k].insn = 0;
    p->ms[c->ms_free_k].op = RV32_LB;
  }
  /* the prefetcher: a first hit on a prefetched line restarts it after the
   * MEM load's line (the hit clears the line's mark: one a line), a load
   * miss at the line before its own, to confirm; a confirmed stream moves
   * on past the missed line, an unconfirmed one stops; a probed line that
   * was skipped or sent moves it on; a stopped PE drops what is left */
  const uint32_t lmask = 0xffffffffu >> p->off; /* rtl: 32 - OffW bits */
  if (c->pf_hit) p->dpf[(unsigned)c->d_hit_way * p->dsets + c->m_idx] = 0;
  if (c->pf_hit) {
    p->pf_line = ((c->maddr >> p->off) + 1) & lmask;
    p->pf_cnt = cfg->dprefetch;
    p->pf_cfm = 0;
  } else if (c->pf_trig) {
    p->pf_line = ((c->maddr >> p->off) - 1) & lmask;
    p->pf_cnt = cfg->dprefetch;
    p->pf_cfm = 1;
  } else if (c->pf_cfm_ok) {
    p->pf_line = (p->pf_line + 2) & lmask;
    p->pf_cfm = 0;
  } else if (c->pf_cfm_no) {
    p->pf_cnt = 0;
    p->pf_cfm = 0;
  } else if (c->pf_skip || c->pf_go) {
    p->pf_line = (p->pf_line + 1) & lmask;
    p->pf_cnt--;
  }
  if (!p->run) p->pf_cnt = 0;
  p->pf_chk = c->pf_probe;
  p->d_rd_ok = !(c->d_fill_we || c->d_store_we || in->dinval || c->pf_probe);
  p->inv = in->dinval;
  p->inv_all = in->dinval && c->d_fill_we;
  if (in->dinval) {
    p->inv_idx = (in->dinval_addr >> p->off) & (p->dsets - 1);
    p->inv_tag = in->dinval_addr >> p->dshift;
  }
}

/* pe_lsu: MEM -> WB.  After the register file's write (reads WB). */
static inline void pe_lsu_wb_edge(pe_t *p, const pe_comb_t *c) {
  const ctl_t *mc = &p->m.c;
  const int m_wr_rd = mc->wr && c->m_rd != 0;
  p->w.valid = (c->m_done && !c->m_exc && !c->m_alloc) || c->ms_wb;
  if (c->ms_wb) { /* the MSHR keeps its fields through pe_lsu_edge: only rdy changed */
    const unsigned rd = rd_of(p->ms[c->ms_wb_k].insn);
    p->w.pc = p->ms[c->ms_wb_k].pc;
    p->w.insn = p->ms[c->ms_wb_k].insn;
    p->w.rd = rd;
    p->w.val = rd ? p->ms[c->ms_wb_k].val : 0;
    return;
  }
  p->w.pc = p->m.pc;
  p->w.insn = p->m.insn;
  p->w.rd = m_wr_rd ? c->m_rd : 0;
  p->w.val = m_wr_rd ? c->m_wval : 0;
}

/* pe_ex_block's pe_mdu: the iterative M unit (start, kill, 32 steps). */
static inline void pe_mdu_edge(pe_t *p, const pe_comb_t *c) {
  const ctl_t *ec = &p->e.c;
  if (c->mdu_kill) {
    p->mdu.busy = p->mdu.done = 0;
  } else if (c->mdu_start) {
    p->mdu.busy = 1;
    p->mdu.done = 0;
    p->mdu.cnt = 0;
    p->mdu.op = ec->dec.op;
    p->mdu.a = c->fa;
    p->mdu.b = c->fb;
  } else if (p->mdu.busy) {
    if (p->mdu.cnt == PE_MDU_STEPS - 1) {
      p->mdu.busy = 0;
      p->mdu.done = 1;
    }
    p->mdu.cnt = (p->mdu.cnt + 1) % PE_MDU_STEPS;
  }
}

/* pe_ex_block: EX -> MEM.  Before pe_id_stage_edge: reads the EX registers. */
static inline void pe_ex_block_edge(pe_t *p, const pe_comb_t *c) {
  const ctl_t *ec = &p->e.c;
  if (c->m_hold) return;
  if (!c->e_advance || c->m_flush) {
    p->m.valid = 0;
    return;
  }
  const uint32_t e_addr = c->e_addr;
  p->m.valid = 1;
  p->m.pc = p->e.pc;
  p->m.insn = p->e.insn;
  p->m.res = c->e_res;
  p->m.wdata = c->fb;
  p->m.c = p->e.c;
  const int mis = (ec->load || ec->store) && (e_addr & (mem_size(ec->dec.op) - 1));
  p->m.trap = 1;
  if (p->e.trap) { p->m.cause = p->e.cause; p->m.tval = p->e.tval; }
  else if (c->e_mis_target) { p->m.cause = RV32_EXC_IADDR_MISALIGNED; p->m.tval = c->e_target; }
  else if (ec->load && mis) { p->m.cause = RV32_EXC_LADDR_MISALIGNED; p->m.tval = e_addr; }
  else if (ec->store && mis) { p->m.cause = RV32_EXC_SADDR_MISALIGNED; p->m.tval = e_addr; }
  else if (ec->amo && (e_addr & 3)) {
    p->m.cause = ec->dec.op == RV32_LR_W ? RV32_EXC_LADDR_MISALIGNED : RV32_EXC_SADDR_MISALIGNED;
    p->m.tval = e_addr;
  }
  else { p->m.trap = 0; p->m.cause = 0; p->m.tval = 0; }
}

/* pe_id_stage: ID -> EX.  Before pe_if_stage_edge: reads the ID registers. */
static inline void pe_id_stage_edge(pe_t *p, const pe_comb_t *c) {
  if (c->m_flush) {
    p->e.valid = 0;
  } else if (c->d_advance && !c->e_redirect) {
    p->e.valid = 1;
    p->e.pc = p->d.pc;
    p->e.insn = p->d.insn;
    p->e.rs1v = c->rs1v;
    p->e.rs2v = c->rs2v;
    p->e.c = *c->dc;
    p->e.trap = c->d_trap;
    p->e.cause = c->d_cause;
    p->e.tval = c->d_tval;
  } else {
    p->e.valid = p->e.valid && !c->e_advance;
    p->e.rs1v = c->fa; /* a held instruction keeps what it forwarded */
    p->e.rs2v = c->fb;
  }
}

/* pe_if_stage: I-cache fills and invalidation (fence.i).  Before
 * pe_ex_block_edge: reads the MEM registers. */
static inline void pe_if_stage_cache_edge(pe_t *p, const pe_in_t *in, const pe_comb_t *c) {
  const pe_cfg_t *cfg = &p->cfg;
  const int inval = c->m_done && p->m.c.fence_i && !c->m_exc;
  if (c->i_fill_we || inval) p->im_ok = 0; /* the fetch's lookup memo */
  if (c->i_fill_we) {
    const uint32_t idx = (c->fill_addr >> p->off) & (p->isets - 1);
    unsigned victim = p->irr;
    for (int w = (int)cfg->icache_ways - 1; w >= 0; w--)
      if (!p->ivalid[(unsigned)w * p->isets + idx]) victim = (unsigned)w;
    const unsigned s = victim * p->isets + idx;
    p->itag[s] = c->fill_addr >> p->ishift;
    memcpy(&p->idata[(size_t)s * p->lw], in->mem_resp_data, p->lw * 4);
    p->irr = (p->irr + 1) & (cfg->icache_ways - 1);
    if (!inval) p->ivalid[s] = 1;
  }
  if (inval) memset(p->ivalid, 0, p->isets * cfg->icache_ways);
  p->i_rd_ok = !c->i_fill_we;
}

/* pe_if_stage: IF -> ID, the fetch pc.  Last: reads the IF registers. */
static inline void pe_if_stage_edge(pe_t *p, const pe_in_t *in, const pe_comb_t *c) {
  uint32_t npc;
  if (c->boot) npc = in->boot_pc;
  else if (c->m_flush) npc = c->m_target;
  else if (c->e_redirect) npc = c->e_target;
  else if (c->f_advance) npc = p->f_pc + 4;
  else npc = p->f_pc;
  if (c->flush_any) {
    p->d.valid = 0;
  } else if (c->f_advance) {
    p->d.valid = 1;
    p->d.pc = p->f_pc;
    p->d.insn = c->f_fault ? 0 : c->i_word;
    p->d.ifault = c->f_fault;
  } else {
    p->d.valid = p->d.valid && !c->d_advance;
  }
  p->f_pc = npc;
}

/* One clock: the modules' comb functions compute the cycle's signals from
 * the registers, in the order their inputs need, then the edges update the
 * registers oldest stage first (each edge reads the registers of the stage
 * before it as they were before the clock, as the RTL's flip-flops do). */
static void step_edge(pe_t *p, const pe_in_t *in, pe_out_t *out) {
  /* of the outputs the edge itself reads only halted_o (out NULL: the
   * caller has them from pe_outputs, as the run-ahead does) */
  int is_halted;
  if (out) {
    pe_outputs(p, out);
    is_halted = out->halted;
  } else {
    is_halted = halted(p);
  }
  p->h.mhartid = in->hart_id;

  pe_comb_t c;
  pe_if_stage_comb(p, &c);
  pe_id_stage_comb(p, &c);
  pe_ex_block_comb(p, &c);
  pe_lsu_comb(p, in, &c);
  pe_lsu_pf_comb(p, in, &c);
  pe_id_stage_sb_comb(p, &c);
  pe_controller_comb(p, in, is_halted, &c);

  stats_edge(p, &c, is_halted);
  pe_lsu_edge(p, in, &c);
  pe_if_stage_cache_edge(p, in, &c);
  pe_cs_registers_edge(p, &c);
  if (p->w.valid && p->w.rd) p->h.x[p->w.rd] = p->w.val; /* pe_register_file: WB's write */
  pe_mdu_edge(p, &c);
  pe_controller_edge(p, &c);
  pe_lsu_wb_edge(p, &c);
  pe_ex_block_edge(p, &c);
  pe_id_stage_edge(p, &c);
  pe_if_stage_edge(p, in, &c);
}

/* The state before the statistics: what an idle step must leave alone. */
#define PE_STATE_BYTES offsetof(struct pe, st)

static void step_any(pe_t *p, const pe_in_t *in, pe_out_t *out);

void pe_step(pe_t *p, const pe_in_t *in, pe_out_t *out) {
  p->idle = 0; /* recomputed below (nothing in the edge reads it; the quiet terms decline while it is set) */
  /* Only a step that waits (for a memory response, or for the divider with
   * the port idle), with no response and no start, can repeat itself; compare
   * the state it leaves against the one it found (mcycle and the divider's
   * count apart), so pe_idle() is exact, not a guess. */
  const int waits = p->p_state == PE_PORT_RESP || (p->p_state == PE_PORT_IDLE && p->mdu.busy);
  if (!waits || p->mlp || in->mem_resp_valid || in->start || p->w.valid || in->dinval || p->inv) {
    step_any(p, in, out);
    return;
  }
  struct pe before; /* the compared state and the counters (ms[] is not written: !mlp) */
  memcpy(&before, p, offsetof(struct pe, ms));
  step_any(p, in, out);
  const uint64_t mcycle0 = before.h.mcycle;
  const unsigned cnt0 = before.mdu.cnt;
  before.h.mcycle = p->h.mcycle;
  before.mdu.cnt = p->mdu.cnt;
  p->idle = 0;
  if (memcmp(&before, p, PE_STATE_BYTES)) return;
  if (p->mdu.busy) {
    /* counting: each step adds one until the one at the last count finishes */
    if (p->mdu.cnt != (cnt0 + 1) % PE_MDU_STEPS) return;
    p->idle = PE_MDU_STEPS - 1 - p->mdu.cnt;
  } else {
    if (p->mdu.cnt != cnt0) return;
    p->idle = UINT64_MAX;
  }
  const uint64_t *x = (const uint64_t *)&before.st, *y = (const uint64_t *)&p->st;
  uint64_t *d = (uint64_t *)&p->idle_st;
  for (size_t i = 0; i < sizeof(pe_stats_t) / sizeof(uint64_t); i++) d[i] = y[i] - x[i];
  p->idle_mcycle = p->h.mcycle - mcycle0;
}

uint64_t pe_idle(const pe_t *p) { return p->idle; }

void pe_skip(pe_t *p, uint64_t n) {
  uint64_t *s = (uint64_t *)&p->st;
  const uint64_t *d = (const uint64_t *)&p->idle_st;
  for (size_t i = 0; i < sizeof(pe_stats_t) / sizeof(uint64_t); i++) s[i] += n * d[i];
  p->h.mcycle += n * p->idle_mcycle;
  if (p->mdu.busy) p->mdu.cnt += (unsigned)n;
  if (p->idle != UINT64_MAX) p->idle -= n;
}

/* The quiet edge (pe_step_quiet): step_edge restricted to the edges a
 * run-ahead window is made of, with every signal those edges cannot set
 * left out.  The preconditions below are what makes each left-out term 0;
 * the order of the writes is step_edge's (each reads the registers as they
 * were before the clock).  Anything else is declined before a register is
 * written (only the fetch's lookup memo and the decode cache, which are
 * caches of pure functions, may have been filled).  quiet_comb is the
 * comb half (the checks and the signals), quiet_edge the registers'; both
 * always inlined, so that their hand-over stays in registers (as two
 * calls it cost 3 % more instructions on a PE-bound run). */

/* What the quiet edge's comb half hands its edge half. */
typedef struct {
  const ctl_t *dc;
  int i_hit, f_miss, d_hazard, e_ready, e_taken, m_done, m_issue;
  unsigned iss_op, st_be;
  uint32_t i_word, rs1v, rs2v, fa, fb, e_res, e_target, m_wval, iss_addr, st_wdata;
} pe_quiet_t;

/* The quiet edge's signals (its comb functions), into q; 0 when the edge
 * is not one it covers. */
static inline __attribute__((always_inline)) int quiet_comb(pe_t *p, pe_quiet_t *q, int busy) {
  /* one request at most and no prefetcher (!mlp), running, no line
   * invalidate read last cycle, the divider neither counting nor done
   * (pe_step's idle detection would then not apply either: idle stays 0);
   * the port idle, or with busy a request that is not a write presented
   * or waiting for its response (nothing then issues: MEM's loads that
   * miss, stores and AMOs hold, and so does a fetch that misses) */
  const int port_ok = busy ? p->p_state == PE_PORT_RESP ||
                                 (p->p_state == PE_PORT_REQ && p->p_op != PE_OP_WRITE && !p->p_tag)
                           : p->p_state == PE_PORT_IDLE;
  if (p->mlp || !p->run || !port_ok || p->inv || p->mdu.busy || p->mdu.done || p->idle) return 0;
  pe_comb_t c;
  /* pe_if_stage_comb; device space at f_pc would fault: declined */
  if (is_device(p->f_pc)) return 0;
  c.f_fault = 0;
  pe_if_stage_comb(p, &c);
  /* a fetch miss issues its fill at this edge unless MEM issues (below) */
  const int f_miss = !busy && p->i_rd_ok && !c.i_hit;
  /* pe_id_stage_comb: an ID instruction that traps is declined */
  const ctl_t *dc = NULL;
  int d_hazard = 0;
  uint32_t rs1v = 0, rs2v = 0;
  if (p->d.valid) { /* pe_id_stage_comb's terms without a trap */
    dc = dc_lookup(p, p->d.insn);
    if (p->d.ifault || dc->d_trap) return 0;
    const unsigned d_rs1 = rs1_of(p->d.insn), d_rs2 = rs2_of(p->d.insn), e_rd = rd_of(p->e.insn);
    d_hazard = p->e.valid && p->e.c.late && p->e.c.wr && e_rd != 0 &&
               ((dc->u1 && d_rs1 == e_rd) || (dc->u2 && d_rs2 == e_rd));
    rs1v = id_read(p, d_rs1);
    rs2v = id_read(p, d_rs2);
  }
  /* pe_ex_block_comb: the forwarded operands always (a held or empty EX
   * keeps them); an EX instruction that uses the M unit, carries a trap,
   * jumps to a misaligned target or makes a misaligned access: declined */
  const ctl_t *ec = &p->e.c;
  const unsigned e_rs1 = rs1_of(p->e.insn), e_rs2 = rs2_of(p->e.insn), m_rd = rd_of(p->m.insn);
  const ctl_t *mc = &p->m.c;
  const uint32_t fa = ex_forward(p, e_rs1, p->e.rs1v), fb = ex_forward(p, e_rs2, p->e.rs2v);
  int e_ready = 0, e_taken = 0;
  uint32_t e_res = 0, e_target = 0;
  if (p->e.valid) {
    if (ec->mdu || p->e.trap) return 0;
    const int e_dep_m = p->m.valid && mc->late && mc->wr && m_rd != 0 &&
                        ((ec->u1 && e_rs1 == m_rd) || (ec->u2 && e_rs2 == m_rd));
    const uint32_t e_imm = (uint32_t)ec->dec.imm;
    const uint32_t e_addr = fa + (ec->csr ? 0 : e_imm);
    e_taken = ec->jal || ec->jalr || (ec->branch && rv32_branch_taken(ec->dec.op, fa, fb));
    e_target = ec->jalr ? (e_addr & ~1u) : p->e.pc + e_imm;
    if (e_taken && (e_target & 2)) return 0;
    if ((ec->load || ec->store) && (e_addr & (mem_size(ec->dec.op) - 1))) return 0;
    if (ec->amo && (e_addr & 3)) return 0;
    e_res = ex_result(p, fa, fb, e_addr);
    e_ready = !e_dep_m;
  }
  /* pe_lsu_comb, in its order: MEM holds nothing, a load (a hit, a wait
   * for the D-cache's read port, or the fill or uncached read it issues at
   * the idle port), a store or an AMO (the request it issues), or a plain
   * instruction (done now); a trap, a CSR access, a fence, fence.i, mret
   * and wfi are declined */
  int m_done = 0, m_issue = 0;
  unsigned iss_op = PE_OP_FILL, st_be = 0;
  uint32_t m_wval = p->m.res, iss_addr = 0, st_wdata = 0;
  if (p->m.valid) {
    if (p->m.trap || (mc->m_slow && !mc->store && !mc->amo)) return 0;
    if (mc->load) {
      const uint32_t maddr = p->m.res;
      uint32_t word = 0;
      const int hit = dcache_read(p, maddr, &word) >= 0;
      if (is_device(maddr)) { /* uncached: read at the idle port (the lookup's word is still the value's source) */
        m_issue = !busy;
        iss_op = PE_OP_READ;
        iss_addr = maddr & ~3u;
      } else if (p->d_rd_ok && !hit) { /* a miss: its line's fill goes out now */
        m_issue = !busy;
        iss_addr = maddr & ~(p->cfg.line_bytes - 1);
      } else {
        m_done = p->d_rd_ok;
      }
      m_wval = rv32_load_extract(mc->dec.op, word, maddr);
    } else if (mc->store) { /* the port is idle: its write goes out now, it completes when accepted */
      m_issue = !busy;
      iss_op = PE_OP_WRITE;
      iss_addr = p->m.res & ~3u;
      rv32_store_lane(mc->dec.op, p->m.res, p->m.wdata, &st_wdata, &st_be);
    } else if (mc->amo) { /* the port is idle: the AMO goes out now, done by its response */
      m_issue = !busy;
      iss_op = PE_OP_AMO;
      iss_addr = p->m.res;
    } else {
      m_done = 1;
    }
  }
  q->i_hit = c.i_hit;
  q->i_word = c.i_word;
  q->f_miss = f_miss;
  q->dc = dc;
  q->d_hazard = d_hazard;
  q->rs1v = rs1v;
  q->rs2v = rs2v;
  q->fa = fa;
  q->fb = fb;
  q->e_ready = e_ready;
  q->e_taken = e_taken;
  q->e_res = e_res;
  q->e_target = e_target;
  q->m_done = m_done;
  q->m_issue = m_issue;
  q->iss_op = iss_op;
  q->iss_addr = iss_addr;
  q->st_wdata = st_wdata;
  q->st_be = st_be;
  q->m_wval = m_wval;
  return 1;
}

/* The quiet edge's register updates (its edge functions), from q. */
static inline __attribute__((always_inline)) void quiet_edge(pe_t *p, const pe_quiet_t *q, uint32_t hart_id,
                                                             pe_out_t *ret, int ready) {
  const ctl_t *mc = &p->m.c, *dc = q->dc;
  const unsigned m_rd = rd_of(p->m.insn);
  const int d_hazard = q->d_hazard, e_taken = q->e_taken, m_done = q->m_done, m_issue = q->m_issue;
  const uint32_t fa = q->fa, fb = q->fb;
  /* every check passed: the edge is the quiet one.  pe_controller_comb
   * (no boot, no M-stage flush, no trap) */
  const int m_hold = p->m.valid && !m_done;
  const int e_advance = p->e.valid && q->e_ready && !m_hold;
  const int e_can_accept = !p->e.valid || e_advance;
  const int d_advance = p->d.valid && !d_hazard && e_can_accept;
  const int d_can_accept = !p->d.valid || d_advance;
  const int e_redirect = e_advance && e_taken;
  const int f_ready = p->i_rd_ok && q->i_hit;
  const int f_advance = f_ready && d_can_accept;
  /* the outputs the run-ahead records (WB before the edge) */
  ret->ret_valid = p->w.valid;
  ret->ret_pc = p->w.pc;
  ret->ret_insn = p->w.insn;
  ret->ret_rd = p->w.rd;
  ret->ret_rd_value = p->w.val;
  p->h.mhartid = hart_id;
  /* stats_edge */
  p->st.cycles++;
  p->st.run_cycles++;
  if (p->w.valid) p->st.retired++;
  if (d_hazard && p->d.valid) p->st.load_use_stalls++;
  if (e_redirect) p->st.branch_flushes++;
  /* pe_lsu_edge: a presented request (not a write, untagged) accepted
   * waits for its response; MEM's request wins the idle port over the
   * fetch's; no RAM is written: the next read is good */
  if (p->p_state == PE_PORT_REQ && ready) p->p_state = PE_PORT_RESP;
  if (m_issue) {
    port_mem_issue(p, q->iss_op, q->iss_addr, q->st_wdata, q->st_be, 0);
  } else if (q->f_miss) {
    port_fill_issue(p, 0, p->f_pc & ~(p->cfg.line_bytes - 1), 0);
    p->st.ifills++;
  }
  p->pf_chk = 0;
  p->d_rd_ok = 1;
  p->inv = p->inv_all = 0;
  /* pe_if_stage_cache_edge */
  p->i_rd_ok = 1;
  /* pe_cs_registers_edge */
  p->h.mcycle++;
  if (m_done) p->h.minstret++;
  if (!p->cfg.counters) p->h.mcycle = p->h.minstret = 0;
  /* pe_register_file */
  if (p->w.valid && p->w.rd) p->h.x[p->w.rd] = p->w.val;
  /* pe_lsu_wb_edge */
  const int m_wr_rd = mc->wr && m_rd != 0;
  p->w.valid = m_done;
  p->w.pc = p->m.pc;
  p->w.insn = p->m.insn;
  p->w.rd = m_wr_rd ? m_rd : 0;
  p->w.val = m_wr_rd ? q->m_wval : 0;
  /* pe_ex_block_edge */
  if (!m_hold) {
    if (!e_advance) {
      p->m.valid = 0;
    } else {
      p->m.valid = 1;
      p->m.pc = p->e.pc;
      p->m.insn = p->e.insn;
      p->m.res = q->e_res;
      p->m.wdata = fb;
      p->m.c = p->e.c;
      p->m.trap = 0;
      p->m.cause = 0;
      p->m.tval = 0;
    }
  }
  /* pe_id_stage_edge (no trap in ID: cause and tval as its comb leaves them) */
  if (d_advance && !e_redirect) {
    p->e.valid = 1;
    p->e.pc = p->d.pc;
    p->e.insn = p->d.insn;
    p->e.rs1v = q->rs1v;
    p->e.rs2v = q->rs2v;
    p->e.c = *dc;
    p->e.trap = 0;
    p->e.cause = RV32_EXC_BREAKPOINT;
    p->e.tval = p->d.pc;
  } else {
    p->e.valid = p->e.valid && !e_advance;
    p->e.rs1v = fa;
    p->e.rs2v = fb;
  }
  /* pe_if_stage_edge */
  const uint32_t npc = e_redirect ? q->e_target : f_advance ? p->f_pc + 4 : p->f_pc;
  if (e_redirect) {
    p->d.valid = 0;
  } else if (f_advance) {
    p->d.valid = 1;
    p->d.pc = p->f_pc;
    p->d.insn = q->i_word;
    p->d.ifault = 0;
  } else {
    p->d.valid = p->d.valid && !d_advance;
  }
  p->f_pc = npc;
  p->idle = 0;
}

int pe_step_quiet(pe_t *p, uint32_t hart_id, pe_out_t *ret) {
  pe_quiet_t q;
  if (!quiet_comb(p, &q, 0)) return 0;
  quiet_edge(p, &q, hart_id, ret, 0);
  return 1;
}

/* pe_step's edge: with the port busy (a request that is not a write
 * presented, or waiting for its response) and no start, response or line
 * invalidate at the inputs, the quiet edge's terms when they cover it
 * (the edges of a request's acceptance and of its wait), else step_edge. */
static void step_any(pe_t *p, const pe_in_t *in, pe_out_t *out) {
  if (p->p_state != PE_PORT_IDLE && !in->start && !in->mem_resp_valid && !in->dinval) {
    pe_quiet_t q;
    if (quiet_comb(p, &q, 1)) {
      pe_out_t r;
      if (out) pe_outputs(p, out);
      quiet_edge(p, &q, in->hart_id, out ? out : &r, in->mem_req_ready);
      return;
    }
  }
  step_edge(p, in, out);
}

/* The instruction-level run-ahead (pe_run_quiet, docs/pe.md).
 *
 * Inside a run of quiet edges the pipeline's timing has four rules: MEM
 * never holds (every instruction reaching it completes: no request, no
 * miss), so EX holds only for the M unit (34 cycles: start, 32 steps,
 * result) and otherwise takes one instruction a cycle; an instruction in ID
 * that reads the register a load (or AMO, CSR) in EX will write waits one
 * cycle (load_use_stalls); a taken branch or jump in EX flushes ID and IF,
 * so its target reaches EX three cycles after it.
 * An instruction's states (the state after edge k is state k, the one the
 * run starts from state 0) follow from its predecessor's:
 *   F arrival f: the state its address is at IF (the predecessor entered
 *     ID, or a redirect's state + 1);
 *   ID entry  d = max(e_prev, f + 1);
 *   EX entry  e = max(d + 1, x_prev) + (load-use pair, with d <= e_prev);
 *   MEM entry x = e + 1 (e + 34 for the M unit), WB x + 1 (its retirement
 *   is edge x + 1's output).
 * Each instruction is executed once, in order, on the register file as it
 * would be with every older write done (the values forwarding gives).  The
 * run ends at the first state T at which an edge is not of that kind: an
 * IF lookup that misses (its fill goes out) or reads device space, a
 * trapping word entering ID, a misaligned access or jump target in EX, a
 * load that misses or reads device space, a store,
 * AMO, CSR access, fence, fence.i, mret or wfi in MEM; or max_edges.  The
 * effects of edges at or after T (register writes, counters, retirements
 * taken while T was still further) are undone, and the pipeline registers
 * of state T are rebuilt from the instructions' states: WB holds the
 * instruction with x = T - 1, MEM x = T, EX e <= T < x (the M unit's count
 * from T - e), ID the one with d <= T < e (or a wrong-path word: T is its
 * branch's e), IF the address with f <= T < d.  Fields the rebuilt state
 * leaves different from the stepped one are fields no output and no later
 * value reads: EX's held
 * operands of a register another stage forwards, the invalid stages'
 * records, ID's cause and tval without a trap. */

#define RI_N 64u /* records kept: far more than a state's pipeline needs (a record 64 back has e < T - 20) */
#define RI_INF INT32_MAX
#define RI_AI static inline __attribute__((always_inline))

/* What a record did (ri_t.fl): its word is known; it wrote its register
 * (old value kept); counted its retirement, minstret, a load-use cycle, a
 * branch flush. */
enum { RI_FETCHED = 1, RI_WROTE = 2, RI_RET = 4, RI_MRET = 8, RI_HZ = 16, RI_FLUSH = 32, RI_MDU = 64 };

typedef struct {
  uint32_t pc, insn, res, wdata, rs1v, rs2v, wval, old;
  /* states: IF arrival, ID entry, EX entry, MEM entry (e + 1; e + 34 for
   * the M unit); kill: wrong path, flushed at (else RI_INF) */
  int32_t f, d, e, x, kill;
  uint8_t rd, fl, mdu_n; /* mdu_n: the M unit's EX cycles counted in mdu_cycles */
} ri_t;

typedef struct {
  pe_t *p;
  int32_t T;           /* the first state not of the run's kind (so far) */
  int32_t prev_e, prev_x; /* EX and MEM entry of the last instruction on the path */
  unsigned prev_late;  /* its rd when it is a load, AMO or CSR writing one, else 0 */
  uint32_t target;     /* the last taken branch's target */
  unsigned n;          /* records pushed: r[k % RI_N] for k < n */
  pe_ret_t *ret;
  uint32_t nret, base;
  ri_t r[RI_N];
} ri_run_t;

RI_AI ri_t *ri_at(ri_run_t *g, unsigned k) { return &g->r[k & (RI_N - 1)]; }

RI_AI ri_t *ri_push(ri_run_t *g, unsigned *n, uint32_t pc, int32_t f, int32_t kill) {
  ri_t *r = ri_at(g, (*n)++);
  r->pc = pc;
  r->f = f;
  r->d = r->e = r->x = RI_INF;
  r->kill = kill;
  r->rd = r->fl = r->mdu_n = 0;
  return r;
}

/* EX of an instruction that is not the M unit's (ri_loop and ri_import
 * take those themselves), with operands fa, fb: 0 when EX would not pass it
 * (a misaligned access or jump target).  Sets its result, store data and
 * *taken, *target. */
RI_AI int ri_exec(const pe_t *p, ri_t *r, const ctl_t *c, uint32_t fa, uint32_t fb, int *taken, uint32_t *target) {
  const uint32_t imm = (uint32_t)c->dec.imm, e_addr = fa + (c->csr ? 0 : imm);
  *taken = c->jal || c->jalr || (c->branch && rv32_branch_taken(c->dec.op, fa, fb));
  *target = c->jalr ? (e_addr & ~1u) : r->pc + imm;
  if (*taken && (*target & 2)) return 0;
  if ((c->load || c->store) && (e_addr & (mem_size(c->dec.op) - 1))) return 0;
  if (c->amo && (e_addr & 3)) return 0;
  r->res = ex_result_of(p, c, r->pc, r->insn, fa, fb, e_addr);
  r->wdata = fb;
  return 1;
}

/* MEM of an instruction with EX result res: 0 unless it completes at once
 * (a plain instruction, or a load that hits), else *wval its WB value. */
RI_AI int ri_mem(const pe_t *p, const ctl_t *c, uint32_t res, uint32_t *wval) {
  if (c->m_slow) return 0;
  if (!c->load) {
    *wval = res;
    return 1;
  }
  uint32_t word = 0;
  if (is_device(res) || dcache_read(p, res, &word) < 0) return 0;
  *wval = rv32_load_extract(c->dec.op, word, res);
  return 1;
}

/* WB of record r (MEM at r->x): its register write (kept for undoing), its
 * retirement at edge x + 1 while that is before T (appended to ret at
 * *nret), minstret at its MEM completion unless that was before the run
 * (mret 0). */
RI_AI void ri_commit(pe_t *p, ri_t *r, unsigned rd, uint32_t wval, int mret, int32_t T, uint32_t base,
                     pe_ret_t *ret, uint32_t *nret) {
  r->rd = (uint8_t)rd;
  r->wval = rd ? wval : 0;
  if (mret) {
    p->h.minstret++;
    r->fl |= RI_MRET;
  }
  if (r->x + 1 < T) {
    pe_ret_t *o = &ret[(*nret)++];
    o->edge = base + (uint32_t)(r->x + 1);
    o->pc = r->pc;
    o->insn = r->insn;
    o->rd_value = r->wval;
    o->rd = rd;
    p->st.retired++;
    r->fl |= RI_RET;
  }
  if (rd) {
    r->old = p->h.x[rd];
    p->h.x[rd] = wval;
    r->fl |= RI_WROTE;
  }
}

/* A taken branch or jump, record k of n (EX at its e): ID and IF flushed,
 * so the records after it are its wrong path, gone at e + 1; IF goes to
 * tgt then. */
RI_AI void ri_flush(ri_run_t *g, unsigned k, unsigned n, uint32_t tgt, uint32_t *target) {
  ri_t *r = ri_at(g, k);
  g->p->st.branch_flushes++;
  r->fl |= RI_FLUSH;
  for (unsigned j = k + 1; j < n; j++) ri_at(g, j)->kill = r->e + 1;
  *target = tgt;
}

/* After EX passed record k (EX at r->e < *T): a taken branch's flush, then
 * MEM and WB. */
RI_AI void ri_after_exec(ri_run_t *g, unsigned k, unsigned n, const ctl_t *c, int taken, uint32_t tgt,
                         int32_t *T, uint32_t *target, uint32_t *nret) {
  ri_t *r = ri_at(g, k);
  pe_t *p = g->p;
  if (taken) ri_flush(g, k, n, tgt, target);
  if (r->x >= *T) return;
  uint32_t wval;
  if (!ri_mem(p, c, r->res, &wval)) {
    *T = r->x;
    return;
  }
  ri_commit(p, r, c->wr ? rd_of(r->insn) : 0, wval, 1, *T, g->base, g->ret, nret);
}

/* The M unit's cycles of record r (EX at e .. x - 1) that mdu_cycles counts:
 * those it holds EX, e .. x - 2, before T and from state 0. */
RI_AI void ri_mdu_cycles(pe_t *p, ri_t *r, int32_t T) {
  const int32_t lo = r->e > 0 ? r->e : 0, hi = r->x - 1 < T ? r->x - 1 : T;
  r->mdu_n = (uint8_t)(hi > lo ? hi - lo : 0);
  r->fl |= RI_MDU;
  p->st.mdu_cycles += r->mdu_n;
}

/* State 0: 0 unless its edge is of the run's kind; else the records of the
 * instructions in WB, MEM and EX (done with), ID and IF (to go on from),
 * and the index of the first of those to go on from, plus one. */
static int ri_import(ri_run_t *g) {
  pe_t *p = g->p;
  const ctl_t *mc = &p->m.c, *ec = &p->e.c;
  const int e_mdu = p->e.valid && ec->mdu && !p->e.trap; /* the M unit may be counting for it */
  if (p->mlp || !p->run || p->p_state != PE_PORT_IDLE || p->inv || ((p->mdu.busy || p->mdu.done) && !e_mdu) ||
      p->idle || !p->i_rd_ok || !p->d_rd_ok)
    return 0;
  uint32_t f_word;
  if (is_device(p->f_pc) || !icache_lookup(p, p->f_pc, &f_word)) return 0;
  if (p->d.valid && (p->d.ifault || dc_lookup(p, p->d.insn)->d_trap)) return 0;
  const unsigned m_rd = rd_of(p->m.insn);
  uint32_t m_wval = 0;
  if (p->m.valid && (p->m.trap || !ri_mem(p, mc, p->m.res, &m_wval))) return 0;
  ri_t e_rec;
  int taken = 0;
  int32_t e_e = 0; /* EX entry of the EX instruction: before state 0 for the M unit counting */
  uint32_t fa = 0, fb = 0, target = 0;
  if (p->e.valid) {
    const unsigned e_rs1 = rs1_of(p->e.insn), e_rs2 = rs2_of(p->e.insn);
    const int started = e_mdu && (p->mdu.busy || p->mdu.done);
    if (p->e.trap || (!started && p->m.valid && mc->late && mc->wr && m_rd != 0 &&
                      ((ec->u1 && e_rs1 == m_rd) || (ec->u2 && e_rs2 == m_rd))))
      return 0;
    fa = ex_forward(p, e_rs1, p->e.rs1v);
    fb = ex_forward(p, e_rs2, p->e.rs2v);
    e_rec.pc = p->e.pc;
    e_rec.insn = p->e.insn;
    if (e_mdu) { /* its operands as the M unit took them at its start */
      if (started) {
        fa = p->mdu.a;
        fb = p->mdu.b;
        e_e = p->mdu.done ? -(int32_t)PE_MDU_STEPS - 1 : -(int32_t)p->mdu.cnt - 1;
      }
      e_rec.res = rv32_alu(ec->dec.op, fa, fb);
      e_rec.wdata = fb;
    } else if (!ri_exec(p, &e_rec, ec, fa, fb, &taken, &target)) {
      return 0;
    }
  }
  /* state 0's edge is of the run's kind: T >= 1 from here */
  unsigned n = 0;
  ri_t *r;
  if (p->w.valid) { /* retires at edge 0 (its MEM completion was before the run) */
    r = ri_push(g, &n, p->w.pc, -106, RI_INF); /* IF and ID before the run: never state T's */
    r->insn = p->w.insn;
    r->d = -105;
    r->e = -2;
    r->x = -1;
    ri_commit(p, r, p->w.rd, p->w.val, 0, g->T, g->base, g->ret, &g->nret);
  }
  if (p->m.valid) {
    r = ri_push(g, &n, p->m.pc, -105, RI_INF);
    r->insn = p->m.insn;
    r->d = -104;
    r->e = -1;
    r->x = 0;
    r->res = p->m.res;
    ri_commit(p, r, mc->wr ? m_rd : 0, m_wval, 1, g->T, g->base, g->ret, &g->nret);
  }
  const unsigned ek = n;
  if (p->e.valid) {
    r = ri_push(g, &n, p->e.pc, -104, RI_INF);
    r->insn = p->e.insn;
    r->d = -103;
    r->e = e_e;
    r->x = e_e + (e_mdu ? PE_MDU_STEPS + 2 : 1);
    r->res = e_rec.res;
    r->wdata = e_rec.wdata;
    r->rs1v = fa;
    r->rs2v = fb;
    r->fl = RI_FETCHED;
  }
  const unsigned k0 = n;
  if (p->d.valid) {
    r = ri_push(g, &n, p->d.pc, -1, RI_INF);
    r->insn = p->d.insn;
    r->d = 0;
    r->fl = RI_FETCHED;
  }
  r = ri_push(g, &n, p->f_pc, 0, RI_INF);
  r->insn = f_word;
  r->fl = RI_FETCHED;
  g->n = n;
  g->prev_e = -1;
  g->prev_x = 0;
  g->prev_late = 0;
  if (p->e.valid) {
    r = ri_at(g, ek);
    g->prev_e = r->e;
    g->prev_x = r->x;
    g->prev_late = ec->late && ec->wr ? rd_of(p->e.insn) : 0;
    if (e_mdu) ri_mdu_cycles(p, r, g->T);
    ri_after_exec(g, ek, n, ec, taken, target, &g->T, &g->target, &g->nret);
  }
  return (int)k0 + 1;
}

/* The records from k on, while IF reaches them before T: each word's
 * fetch, then for a word on the path its ID, EX, MEM and WB, for a
 * wrong-path word ID at most.  The run's variables are kept in locals
 * (the register file's stores would otherwise reload them). */
static void ri_loop(ri_run_t *g, unsigned k) {
  pe_t *const p = g->p;
  int32_t T = g->T, prev_e = g->prev_e, prev_x = g->prev_x;
  unsigned prev_late = g->prev_late, n = g->n;
  uint32_t target = g->target, nret = g->nret;
  const unsigned off = p->off, lwm = p->lw - 1;
  uint32_t iline = UINT32_MAX, dline = UINT32_MAX; /* the I- and D-cache lines looked up last, their words at iw, dw */
  const uint32_t *iw = NULL, *dw = NULL;
  for (; k < n; k++) {
    ri_t *r = ri_at(g, k);
    if (r->f >= T) break;
    if (!(r->fl & RI_FETCHED)) { /* IF's lookup at its arrival: a miss sends a fill, device space faults */
      const uint32_t line = r->pc >> off;
      if (line != iline) {
        uint32_t w;
        if (is_device(r->pc) || !icache_lookup(p, r->pc, &w)) {
          T = r->f;
          break;
        }
        iline = line;
        iw = &p->idata[(size_t)p->im_s * (lwm + 1)];
      }
      r->insn = iw[(r->pc >> 2) & lwm];
      r->fl |= RI_FETCHED;
    }
    if (r->kill != RI_INF) { /* a wrong-path word: into ID if ID takes it before the flush */
      const int32_t d = prev_e > r->f + 1 ? prev_e : r->f + 1;
      if (r->d == RI_INF && d < r->kill) r->d = d;
      if (k + 1 < n) continue; /* state 0's IF word, already a record */
      if (r->d < r->kill) ri_push(g, &n, r->pc + 4, r->d, r->kill);
      else ri_push(g, &n, target, r->kill, RI_INF); /* IF at the target after the flush */
      continue;
    }
    if (r->d == RI_INF) r->d = prev_e > r->f + 1 ? prev_e : r->f + 1;
    if (k + 1 == n) ri_push(g, &n, r->pc + 4, r->d, RI_INF); /* IF moves on as r enters ID */
    if (r->d >= T) continue;
    const uint32_t insn = r->insn;
    const ri_hot_t *h = hot_lookup(p, r->pc, insn);
    const unsigned hf = h->fl, kind = h->kind;
    if (hf & RH_TRAP) {
      T = r->d;
      continue;
    }
    const unsigned rs1 = rs1_of(insn), rs2 = rs2_of(insn);
    const int hz = prev_late && r->d <= prev_e && (((hf & RH_U1) && rs1 == prev_late) || ((hf & RH_U2) && rs2 == prev_late));
    const int32_t e = (r->d + 1 > prev_x ? r->d + 1 : prev_x) + hz; /* EX free: the one before in MEM */
    r->e = e;
    r->x = e + (kind == RI_K_MDU ? (int32_t)PE_MDU_STEPS + 2 : 1);
    if (hz && prev_e < T) { /* the cycle ID waits, with the load in EX */
      p->st.load_use_stalls++;
      r->fl |= RI_HZ;
    }
    prev_e = e;
    prev_x = r->x;
    prev_late = (hf & RH_LATE_WR) ? rd_of(insn) : 0;
    if (e > T) continue;
    const uint32_t fa = p->h.x[rs1], fb = p->h.x[rs2];
    r->rs1v = fa;
    r->rs2v = fb;
    if (e == T) continue;
    int taken = 0;
    uint32_t tgt = 0;
    if (kind == RI_K_SLOW) { /* stores, AMOs, CSRs, fences, ...: the generic EX and MEM */
      const ctl_t *c = dc_lookup(p, insn);
      if (!ri_exec(p, r, c, fa, fb, &taken, &tgt)) {
        T = e;
        continue;
      }
      ri_after_exec(g, k, n, c, taken, tgt, &T, &target, &nret);
      continue;
    }
    /* the common kinds inline: ri_exec, ri_after_exec and ri_mem for them */
    const uint32_t imm = (uint32_t)h->imm;
    const rv32_op_t op = (rv32_op_t)h->op;
    uint32_t res;
    switch (kind) {
      case RI_K_ALU: res = rv32_alu(op, (hf & RH_AUIPC) ? r->pc : fa, (hf & RH_REG) ? fb : imm); break;
      case RI_K_BR:
        res = 0;
        taken = rv32_branch_taken(op, fa, fb);
        tgt = r->pc + imm;
        break;
      case RI_K_JAL:
        res = r->pc + 4;
        taken = 1;
        tgt = r->pc + imm;
        break;
      case RI_K_JALR:
        res = r->pc + 4;
        taken = 1;
        tgt = (fa + imm) & ~1u;
        break;
      case RI_K_MDU: /* 34 cycles in EX (start, 32 steps, result) */
        res = rv32_alu(op, fa, fb);
        ri_mdu_cycles(p, r, T);
        break;
      default: /* RI_K_LOAD */
        res = fa + imm;
        if (res & h->amask) taken = -1;
        break;
    }
    if (taken < 0 || (taken && (tgt & 2))) { /* a misaligned load or jump target: EX traps */
      T = e;
      continue;
    }
    r->res = res;
    r->wdata = fb;
    if (taken) ri_flush(g, k, n, tgt, &target);
    if (r->x >= T) continue;
    uint32_t wval = res;
    if (kind == RI_K_LOAD) { /* MEM: a hit, through the last line's memo (no fill or store hit in a run) */
      if ((res >> off) != dline) {
        const int sl = is_device(res) ? -1 : dcache_slot(p, res);
        if (sl < 0) { /* a miss sends its fill, device space its read */
          T = r->x;
          continue;
        }
        dline = res >> off;
        dw = &p->ddata[(size_t)sl * (lwm + 1)];
      }
      wval = rv32_load_extract(op, dw[(res >> 2) & lwm], res);
    }
    ri_commit(p, r, (hf & RH_WR) ? rd_of(insn) : 0, wval, 1, T, g->base, g->ret, &nret);
  }
  g->T = T;
  g->n = n;
  g->target = target;
  g->nret = nret;
  g->prev_e = prev_e;
  g->prev_x = prev_x;
}

/* Undo what the records did at or after state T, newest first. */
static void ri_undo(ri_run_t *g) {
  pe_t *p = g->p;
  const int32_t T = g->T;
  for (unsigned j = g->n; j-- > 0 && g->n - j <= RI_N;) {
    const ri_t *r = ri_at(g, j);
    if (r->kill != RI_INF || r->e == RI_INF) continue;
    if (r->x + 1 < T) break;
    if ((r->fl & RI_RET) && r->x + 1 >= T) p->st.retired--;
    if ((r->fl & RI_MRET) && r->x >= T) p->h.minstret--;
    if ((r->fl & RI_HZ) && r->e - 2 >= T) p->st.load_use_stalls--;
    if ((r->fl & RI_FLUSH) && r->e >= T) p->st.branch_flushes--;
    if (r->fl & RI_MDU) { /* the cycles counted at T's value then, less those at or after T */
      const int32_t lo = r->e > 0 ? r->e : 0, hi = r->x - 1 < T ? r->x - 1 : T;
      p->st.mdu_cycles -= r->mdu_n - (uint64_t)(hi > lo ? hi - lo : 0);
    }
    if ((r->fl & RI_WROTE) && r->x + 1 >= T) p->h.x[r->rd] = r->old;
  }
  while (g->nret && g->ret[g->nret - 1].edge >= g->base + (uint32_t)T) g->nret--;
}

/* The pipeline registers of state T from the records. */
static void ri_rebuild(ri_run_t *g, uint32_t hart_id) {
  pe_t *p = g->p;
  const int32_t T = g->T;
  const ri_t *W = NULL, *M = NULL, *E = NULL, *D = NULL, *F = NULL;
  for (unsigned j = g->n; j-- > 0 && g->n - j <= RI_N;) {
    const ri_t *r = ri_at(g, j);
    const int path = r->kill == RI_INF;
    if (path && r->x == T - 1) W = r;
    else if (path && r->x == T) M = r;
    else if (path && r->e <= T && T < r->x) E = r;
    const int32_t d_end = path ? r->e : r->kill, f_end = r->d < r->kill ? r->d : r->kill;
    if (r->d <= T && T < d_end) D = r;
    if (r->f <= T && T < f_end) F = r;
    if (path && r->x != RI_INF && r->x + 1 < T) break;
  }
  if (!F) { /* the records tile IF's time: a bug, not an input */
    fprintf(stderr, "pe: run-ahead lost the fetch address at state %d\n", (int)T);
    abort();
  }
  p->w.valid = W != NULL;
  if (W) {
    p->w.pc = W->pc;
    p->w.insn = W->insn;
    p->w.rd = W->rd;
    p->w.val = W->wval;
  }
  p->m.valid = M != NULL;
  if (M) {
    p->m.pc = M->pc;
    p->m.insn = M->insn;
    p->m.res = M->res;
    p->m.wdata = M->wdata;
    p->m.c = *dc_lookup(p, M->insn);
    p->m.trap = 0;
    p->m.cause = 0;
    p->m.tval = 0;
  }
  p->e.valid = E != NULL;
  if (E) {
    p->e.pc = E->pc;
    p->e.insn = E->insn;
    p->e.rs1v = E->rs1v;
    p->e.rs2v = E->rs2v;
    p->e.c = *dc_lookup(p, E->insn);
    p->e.trap = 0;
    p->e.cause = RV32_EXC_BREAKPOINT;
    p->e.tval = E->pc;
  }
  /* the M unit: counting (or done) for an M instruction that entered EX
   * before T; else idle (a count that ended leaves 0) */
  if (E && E->e < T && p->e.c.mdu) {
    const int32_t k = T - E->e; /* 1 .. 33 */
    p->mdu.busy = k <= (int32_t)PE_MDU_STEPS;
    p->mdu.done = k == (int32_t)PE_MDU_STEPS + 1;
    p->mdu.cnt = p->mdu.done ? 0 : (unsigned)(k - 1);
    p->mdu.op = p->e.c.dec.op;
    p->mdu.a = E->rs1v;
    p->mdu.b = E->rs2v;
  } else if (p->mdu.busy || p->mdu.done) {
    p->mdu.busy = p->mdu.done = 0;
    p->mdu.cnt = 0;
  }
  p->d.valid = D != NULL;
  if (D) {
    p->d.pc = D->pc;
    p->d.insn = D->insn;
    p->d.ifault = 0;
  }
  p->f_pc = F->pc;
  p->st.cycles += (uint64_t)T;
  p->st.run_cycles += (uint64_t)T;
  p->h.mcycle += (uint64_t)T;
  if (!p->cfg.counters) p->h.mcycle = p->h.minstret = 0;
  p->h.mhartid = hart_id;
  p->i_rd_ok = p->d_rd_ok = 1;
  p->pf_chk = 0;
  p->inv = p->inv_all = 0;
  p->idle = 0;
}

uint32_t pe_run_quiet(pe_t *p, uint32_t hart_id, uint32_t max_edges, uint32_t base, pe_ret_t *ret, uint32_t *nret) {
  if (!max_edges) return 0;
  ri_run_t g;
  g.p = p;
  g.T = max_edges > (uint32_t)(RI_INF / 2) ? RI_INF / 2 : (int32_t)max_edges;
  g.n = 0;
  g.ret = ret;
  g.nret = *nret;
  g.base = base;
  g.target = 0;
#ifdef PE_RI_CHECK
  struct pe ref = *p;
#endif
  const int k = ri_import(&g);
  if (!k) return 0;
  ri_loop(&g, (unsigned)k - 1);
  ri_undo(&g);
  ri_rebuild(&g, hart_id);
#ifdef PE_RI_CHECK
  {
    pe_in_t in;
    memset(&in, 0, sizeof in);
    in.hart_id = hart_id;
    uint32_t nr = *nret;
    for (int32_t t = 0; t < g.T; t++) {
      pe_out_t o;
      step_edge(&ref, &in, &o);
      if (o.ret_valid) {
        const pe_ret_t *x = &ret[nr];
        if (nr >= g.nret || x->edge != base + (uint32_t)t || x->pc != o.ret_pc || x->rd != o.ret_rd || x->rd_value != o.ret_rd_value)
          fprintf(stderr, "RI ret differs at t=%d pc=%08x (have %u: edge %u pc %08x)\n", t, o.ret_pc, nr < g.nret, nr < g.nret ? x->edge - base : 0, nr < g.nret ? x->pc : 0);
        nr++;
      }
    }
    int bad = nr != g.nret;
#define RC(cond, what) if (cond) { bad = 1; fprintf(stderr, "RI differs: %s\n", what); }
    RC(ref.f_pc != p->f_pc, "f_pc");
    RC(ref.d.valid != p->d.valid || (p->d.valid && (ref.d.pc != p->d.pc || ref.d.insn != p->d.insn)), "d");
    RC(ref.e.valid != p->e.valid || (p->e.valid && (ref.e.pc != p->e.pc || ref.e.insn != p->e.insn)), "e");
    RC(ref.m.valid != p->m.valid || (p->m.valid && (ref.m.pc != p->m.pc || ref.m.res != p->m.res)), "m");
    RC(ref.w.valid != p->w.valid || (p->w.valid && (ref.w.pc != p->w.pc || ref.w.val != p->w.val || ref.w.rd != p->w.rd)), "w");
    RC(memcmp(ref.h.x, p->h.x, sizeof p->h.x), "x");
    RC(memcmp(&ref.st, &p->st, sizeof p->st), "st");
    RC(ref.h.minstret != p->h.minstret || ref.h.mcycle != p->h.mcycle, "counters");
    RC(ref.p_state != p->p_state, "port");
    RC(ref.mdu.busy != p->mdu.busy || ref.mdu.done != p->mdu.done || (ref.mdu.busy && ref.mdu.cnt != p->mdu.cnt), "mdu");
    if (bad) {
      fprintf(stderr, "RI T=%d: ref f=%08x d=%d:%08x e=%d:%08x m=%d:%08x w=%d:%08x | got f=%08x d=%d:%08x e=%d:%08x m=%d:%08x w=%d:%08x\n", g.T,
              ref.f_pc, ref.d.valid, ref.d.pc, ref.e.valid, ref.e.pc, ref.m.valid, ref.m.pc, ref.w.valid, ref.w.pc,
              p->f_pc, p->d.valid, p->d.pc, p->e.valid, p->e.pc, p->m.valid, p->m.pc, p->w.valid, p->w.pc);
      fprintf(stderr, "  st: ref ret %lu luse %lu bf %lu | got %lu %lu %lu\n", (unsigned long)ref.st.retired, (unsigned long)ref.st.load_use_stalls,
              (unsigned long)ref.st.branch_flushes, (unsigned long)p->st.retired, (unsigned long)p->st.load_use_stalls, (unsigned long)p->st.branch_flushes);
      abort();
    }
  }
#endif
  *nret = g.nret;
  return (uint32_t)g.T;
}
