/* Vault PE: the quiet edge (pe_step_quiet, pe.h), a shortcut of the
 * mirroring model's step_edge (pe.c) for the edges a run-ahead window is
 * mostly made of, on the model's own state (pe_int.h). */
#include "pe_int.h"

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

int pe_quiet_busy_edge(pe_t *p, const pe_in_t *in, pe_out_t *out) {
  pe_quiet_t q;
  if (!quiet_comb(p, &q, 1)) return 0;
  pe_out_t r;
  if (out) pe_outputs(p, out);
  quiet_edge(p, &q, in->hart_id, out ? out : &r, in->mem_req_ready);
  return 1;
}
