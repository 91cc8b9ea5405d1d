/* Vault PE: the RTL-mirroring model (pe.h), one comb and one edge
 * function per module of rtl/pe/ (docs/pe.md), stepped by step_edge; the
 * idle detection of pe_step (pe_idle, pe_skip).  The run-ahead's two
 * shortcuts of it are pe_quiet.c and pe_ri.c (pe_int.h). */
#include "pe_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    pe_decode(0, &p->dc->s[i].ctl);
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

void pe_decode(uint32_t insn, ctl_t *c) {
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

/* pe_id_stage: decode (dc_lookup), register read with the WB bypass,
 * load-use interlock (with dmshrs > 1 the scoreboard too:
 * pe_id_stage_sb_comb). */
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

#ifdef PE_RI_CHECK
void pe_step_edge_check(pe_t *p, const pe_in_t *in, pe_out_t *out) { step_edge(p, in, out); }
#endif

/* The state before the statistics: what an idle step must leave alone. */
#define PE_STATE_BYTES offsetof(struct pe, st)

/* pe_step's edge: with the port busy (a request that is not a write
 * presented, or waiting for its response) and no start, response or line
 * invalidate at the inputs, the quiet edge's terms when they cover it
 * (the edges of a request's acceptance and of its wait), else step_edge. */
static void step_any(pe_t *p, const pe_in_t *in, pe_out_t *out) {
  if (p->p_state != PE_PORT_IDLE && !in->start && !in->mem_resp_valid && !in->dinval &&
      pe_quiet_busy_edge(p, in, out))
    return;
  step_edge(p, in, out);
}

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

void pe_set_window(pe_t *p, pe_window_fn fn, void *ctx) {
  p->win_fn = fn;
  p->win_ctx = ctx;
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
