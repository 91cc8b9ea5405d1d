/* Vault PE: the instruction-level run-ahead (pe_ri_run, pe.h), which
 * times a stretch of quiet edges instruction by instruction on the
 * mirroring model's own state (pe_int.h) and rebuilds its pipeline
 * registers where the stretch ends. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pe_int.h"

/* The instruction-level run-ahead (pe_ri_run, docs/pe.md).
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
enum { RI_FETCHED = 1, RI_WROTE = 2, RI_RET = 4, RI_MRET = 8, RI_HZ = 16, RI_FLUSH = 32, RI_MDU = 64,
       /* the windowed PE: a trapping word that went on from ID (its trap
        * carried), an instruction that traps in EX, in a state T waits for */
       RI_TRAPD = 128, RI_TRAPX = 256 };

typedef struct {
  uint32_t pc, insn, res, wdata, rs1v, rs2v, wval, old;
  /* states: IF arrival, ID entry, EX entry, MEM entry (e + 1; e + 34 for
   * the M unit; later while MEM holds a windowed miss), MEM completion (x,
   * or a windowed miss's), the first load-use stall state; kill: wrong
   * path, flushed at (else RI_INF) */
  int32_t f, d, e, es, x, xd, hz_lo, kill; /* es: the M unit's start (e unless it waits for a windowed load) */
  /* mdu_n, hz_n: the M unit's EX cycles counted in mdu_cycles, the load-use
   * stalls counted in load_use_stalls */
  uint32_t mdu_n, hz_n;
  uint32_t tval;  /* RI_TRAPD, RI_TRAPX: the trap's value, cause */
  uint8_t rd, cause;
  uint16_t fl;
} ri_t;

typedef struct {
  pe_t *p;
  int32_t T;           /* the first state not of the run's kind (so far) */
  int32_t prev_e, prev_x; /* EX and MEM entry of the last instruction on the path */
  int32_t prev_mf;     /* the first state MEM is free after it */
  int32_t floor;       /* the windowed PE: no run ends before it (the last windowed fill's edge + 1) */
  int32_t dbusy;       /* the windowed PE: the last state the D-cache's RAMs are busy (d_rd_ok 0: after a fill or a store's hit), else -1 */
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
  r->d = r->e = r->x = r->xd = RI_INF; /* es, mdu_n, hz_n, tval, cause: read only once set (e, RI_MDU, RI_HZ, RI_TRAP*) */
  r->kill = kill;
  r->rd = 0;
  r->fl = 0;
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
  if (r->xd + 1 < T) {
    pe_ret_t *o = &ret[(*nret)++];
    o->edge = base + (uint32_t)(r->xd + 1);
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

/* A taken branch or jump, record k of n (EX from its e, leaving at x - 1
 * into MEM at x; x = e + 1 unless MEM holds): ID and IF flushed as it
 * leaves, so the records after it are its wrong path, gone at x; IF goes
 * to tgt then. */
RI_AI void ri_flush(ri_run_t *g, unsigned k, unsigned n, uint32_t tgt, uint32_t *target) {
  ri_t *r = ri_at(g, k);
  g->p->st.branch_flushes++;
  r->fl |= RI_FLUSH;
  for (unsigned j = k + 1; j < n; j++) ri_at(g, j)->kill = r->x;
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
  r->mdu_n = (uint32_t)(hi > lo ? hi - lo : 0);
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
    r->x = r->xd = -1;
    ri_commit(p, r, p->w.rd, p->w.val, 0, g->T, g->base, g->ret, &g->nret);
  }
  if (p->m.valid) {
    r = ri_push(g, &n, p->m.pc, -105, RI_INF);
    r->insn = p->m.insn;
    r->d = -104;
    r->e = -1;
    r->x = r->xd = 0;
    r->res = p->m.res;
    ri_commit(p, r, mc->wr ? m_rd : 0, m_wval, 1, g->T, g->base, g->ret, &g->nret);
  }
  const unsigned ek = n;
  if (p->e.valid) {
    r = ri_push(g, &n, p->e.pc, -104, RI_INF);
    r->insn = p->e.insn;
    r->d = -103;
    r->e = e_e;
    r->es = e_e;
    r->x = r->xd = e_e + (e_mdu ? PE_MDU_STEPS + 2 : 1);
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
  g->prev_mf = 1;
  if (p->e.valid) {
    r = ri_at(g, ek);
    g->prev_e = r->e;
    g->prev_x = r->x;
    g->prev_mf = r->x + 1;
    g->prev_late = ec->late && ec->wr ? rd_of(p->e.insn) : 0;
    if (e_mdu) ri_mdu_cycles(p, r, g->T);
    ri_after_exec(g, ek, n, ec, taken, target, &g->T, &g->target, &g->nret);
  }
  return (int)k0 + 1;
}

/* The windowed PE (pe_set_window): a load's fill sent through the hook at
 * window edge send, and the line written as its response would write it at
 * its edge R (pe_lsu_edge's victim: the lowest invalid way, else the
 * round-robin one).  Returns R (the run's state numbering: R - base), or
 * -1 when the hook declines. */
static int32_t ri_win_fill(pe_t *p, uint32_t addr, uint32_t send, uint32_t base) {
  uint32_t data[PE_MAX_LINE_BYTES / 4];
  const pe_win_req_t q = {PE_OP_FILL, addr & ~(p->cfg.line_bytes - 1), 0, 0, 0};
  const int64_t R = p->win_fn(p->win_ctx, &q, send, data);
  if (R < 0) return -1;
  const uint32_t idx = (q.addr >> p->off) & (p->dsets - 1);
  unsigned victim = p->drr;
  for (int w = (int)p->cfg.dcache_ways - 1; w >= 0; w--)
    if (!p->dvalid[(unsigned)w * p->dsets + idx]) victim = (unsigned)w;
  const unsigned sl = victim * p->dsets + idx;
  p->dtag[sl] = q.addr >> p->dshift;
  memcpy(&p->ddata[(size_t)sl * p->lw], data, p->lw * 4);
  p->drr = (p->drr + 1) & (p->cfg.dcache_ways - 1);
  p->dpf[sl] = 0;
  p->dvalid[sl] = 1;
  p->st.dfills++;
  return (int32_t)(R - (int64_t)base);
}

/* The windowed PE: a store or AMO (c) of record r, in MEM at r->x, sent
 * through the hook.  A store completes as it is accepted (x + 1), writing
 * its lanes into a line it hits (or dropping the set when the RAMs are busy
 * then, as pe_lsu does), which leaves the RAMs busy at x + 2 (*dbusy); an
 * AMO completes at its response's edge, dropping its set.  Sets r->xd and
 * *wval (an AMO's old word), and *port, the first state the port is idle
 * again; 0 when the hook declines. */
static int ri_win_mem(pe_t *p, ri_t *r, const ctl_t *c, uint32_t base, int32_t *dbusy, int32_t *port,
                      uint32_t *wval) {
  pe_win_req_t q = {PE_OP_AMO, r->res, r->wdata, PE_BE_WORD, c->dec.funct5};
  uint32_t data[PE_MAX_LINE_BYTES / 4];
  if (c->store) {
    q.op = PE_OP_WRITE;
    q.addr = r->res & ~3u;
    q.amo = 0;
    rv32_store_lane(c->dec.op, r->res, r->wdata, &q.wdata, &q.be);
  }
  const int64_t E = p->win_fn(p->win_ctx, &q, base + (uint32_t)r->x + 1, data);
  if (E < 0) return 0;
  const uint32_t idx = (r->res >> p->off) & (p->dsets - 1);
  int drop = !c->store;
  *wval = 0;
  if (c->store) {
    r->xd = r->x + 1;
    p->st.writes++;
    const int sl = dcache_slot(p, r->res);
    if (r->xd == *dbusy) {
      drop = 1;
    } else if (sl >= 0) {
      uint32_t *w = &p->ddata[(size_t)sl * p->lw + ((r->res >> 2) & (p->lw - 1))];
      for (unsigned b = 0; b < 4; b++)
        if (q.be & (1u << b)) *w = (*w & ~(0xffu << (8 * b))) | (q.wdata & (0xffu << (8 * b)));
      *dbusy = r->x + 2;
    }
    *port = r->x + 2;
  } else {
    r->xd = (int32_t)(E - (int64_t)base);
    p->st.amos++;
    *wval = data[0];
    *port = r->xd + 1;
  }
  if (drop)
    for (unsigned w = 0; w < p->cfg.dcache_ways; w++) p->dvalid[w * p->dsets + idx] = 0;
  return 1;
}

static int ri_win_blocked(pe_t *p, const ri_t *r1, int late);

/* The windowed PE: record k of n (r, decoded c), in MEM at r->x < *T, a
 * store or an AMO (not LR/SC) through the hook unless the port would go to
 * a fetch first (ri_win_blocked); 1 when it went, with MEM's and the port's
 * times, the RAMs' busy state and *T (at least the port's) updated and r
 * committed. */
RI_AI int ri_win_slow(ri_run_t *g, unsigned k, unsigned n, ri_t *r, const ctl_t *c, int32_t *T, int32_t *floor,
                      int32_t *dbusy, int32_t *prev_mf, uint32_t *nret) {
  pe_t *p = g->p;
  if (!(c->store || (c->amo && c->dec.funct5 != RV32_AMO_LR && c->dec.funct5 != RV32_AMO_SC)) || is_device(r->res) ||
      k + 1 >= n)
    return 0;
  const ctl_t cc = *c; /* the peek's decodes may take c's slot of the decode cache */
  uint32_t wval;
  int32_t port;
  if (ri_win_blocked(p, ri_at(g, k + 1), 0) || !ri_win_mem(p, r, &cc, g->base, dbusy, &port, &wval)) return 0;
  *prev_mf = r->xd + 1;
  *floor = port;
  if (*T < port) *T = port;
  ri_commit(p, r, cc.wr ? rd_of(r->insn) : 0, wval, 1, *T, g->base, g->ret, nret);
  return 1;
}

/* The windowed PE: the fill of record k of n (r), a load that misses in
 * MEM (at r->xd: r->x, or one later with the RAMs busy), through the hook
 * unless the port would go to a fetch first; its slot in the D-cache, or
 * -1.  MEM holds it until R + 2 (the fill's edge R leaves the RAMs busy at
 * R + 1); what the pipeline would do meanwhile with the port busy waits for
 * R + 1 (*floor), and a response later than the window's end makes R + 1
 * the end (*T). */
RI_AI int ri_win_load(ri_run_t *g, unsigned k, unsigned n, ri_t *r, int32_t *T, int32_t *floor, int32_t *dbusy,
                      int32_t *prev_mf) {
  pe_t *p = g->p;
  if (is_device(r->res) || !p->win_fn || k + 1 >= n || ri_win_blocked(p, ri_at(g, k + 1), r->xd > r->x)) return -1;
  const int32_t R = ri_win_fill(p, r->res, g->base + (uint32_t)r->xd + 1, g->base);
  if (R < 0) return -1;
  r->xd = R + 2;
  *prev_mf = r->xd + 1;
  *floor = *dbusy = R + 1;
  if (*T < *floor) *T = *floor;
  return dcache_slot(p, r->res);
}

/* Whether the exact pipeline would use the port before a request in MEM
 * (at its x: a load's miss, a store, an AMO) could: the two words fetched
 * behind it arrive at IF before x (the first as it enters ID, the second as
 * it enters EX), so a fetch miss of either sends its fill first, and the
 * first word's trap in ID comes before x too; r1 is the record behind it.
 * The run then ends at the instruction, as without the window. */
static int ri_win_blocked(pe_t *p, const ri_t *r1, int late) {
  uint32_t w;
  if (r1->fl & RI_FETCHED) w = r1->insn;
  else if (is_device(r1->pc) || !icache_lookup(p, r1->pc, &w)) return 1;
  if (hot_lookup(p, r1->pc, w)->fl & RH_TRAP) return 1;
  if (is_device(r1->pc + 4) || !icache_lookup(p, r1->pc + 4, &w)) return 1;
  /* late: a load that finds the RAMs busy at x issues at x + 1, so a word
   * reaching IF at x (the third, at the earliest) would go first too */
  return late && (is_device(r1->pc + 8) || !icache_lookup(p, r1->pc + 8, &w));
}

/* The windowed PE: record r traps in EX at e (r->x its MEM entry, which T
 * may reach while MEM holds a windowed request): T is e, or floor with the
 * trap kept for the rebuild (pe_ex_block_edge's cause and value). */
RI_AI int32_t ri_ex_trap(ri_t *r, int32_t e, int32_t floor, unsigned cause, uint32_t tval) {
  if (e >= floor) return e;
  r->fl |= RI_TRAPX;
  r->cause = (uint8_t)cause;
  r->tval = tval;
  return floor;
}

/* The windowed PE: a trapping word in ID at r->d before floor, which a
 * state T waits for: it goes on towards MEM as a trapping word goes, after
 * the path record before it (MEM entry prev_x, MEM free from prev_mf),
 * with pe_id_stage's cause and value. */
RI_AI void ri_trap_word(pe_t *p, ri_t *r, int32_t prev_x, int32_t prev_mf) {
  const rv32_op_t op = dc_lookup(p, r->insn)->dec.op;
  r->e = r->es = r->d + 1 > prev_x ? r->d + 1 : prev_x;
  r->x = r->xd = r->e + 1 > prev_mf ? r->e + 1 : prev_mf;
  r->fl |= RI_TRAPD;
  r->cause = (uint8_t)(op == RV32_ILLEGAL ? RV32_EXC_ILLEGAL : op == RV32_ECALL ? RV32_EXC_ECALL_M : RV32_EXC_BREAKPOINT);
  r->tval = op == RV32_ILLEGAL ? r->insn : op == RV32_ECALL ? 0 : r->pc;
}

/* EX's trap of a generic instruction (c) that ri_exec did not pass, with
 * operands fa, fb: pe_ex_block_edge's order. */
static int32_t ri_ex_trap_of(ri_t *r, const ctl_t *c, uint32_t fa, uint32_t fb, int32_t floor) {
  const uint32_t imm = (uint32_t)c->dec.imm, e_addr = fa + (c->csr ? 0 : imm);
  const int taken = c->jal || c->jalr || (c->branch && rv32_branch_taken(c->dec.op, fa, fb));
  const uint32_t target = c->jalr ? (e_addr & ~1u) : r->pc + imm;
  if (taken && (target & 2)) return ri_ex_trap(r, r->e, floor, RV32_EXC_IADDR_MISALIGNED, target);
  if (c->load) return ri_ex_trap(r, r->e, floor, RV32_EXC_LADDR_MISALIGNED, e_addr);
  if (c->store) return ri_ex_trap(r, r->e, floor, RV32_EXC_SADDR_MISALIGNED, e_addr);
  return ri_ex_trap(r, r->e, floor, c->dec.op == RV32_LR_W ? RV32_EXC_LADDR_MISALIGNED : RV32_EXC_SADDR_MISALIGNED,
                    e_addr);
}

/* The state at which a fetch that misses at s sends its fill: not before
 * the port is free again after the last windowed request (floor; 0 without
 * one). */
RI_AI int32_t ri_cut(int32_t s, int32_t floor) { return s < floor ? floor : s; }

/* The EX entry of path record r (in ID from r->d), returned, and its M
 * unit's start and MEM entry (r->es, r->x, r->xd), after the path record
 * before it (EX from prev_e, MEM from prev_x, MEM free from prev_mf: later
 * than prev_x + 1 only while MEM holds a windowed miss; its late result's
 * register prev_late, or 0); its load-use stall cycles before T counted. */
RI_AI int32_t ri_times(pe_t *p, ri_t *r, unsigned hf, unsigned kind, unsigned rs1, unsigned rs2, int32_t prev_e,
                       int32_t prev_x, int32_t prev_mf, unsigned prev_late, int32_t T) {
  const int uses = ((hf & RH_U1) && rs1 == prev_late) || ((hf & RH_U2) && rs2 == prev_late);
  /* load-use: r in ID while the load before it is in EX (until prev_x) */
  const int hz = prev_late && r->d < prev_x && uses;
  const int32_t d = r->d, e = (d + 1 > prev_x ? d + 1 : prev_x) + hz; /* EX free: the one before in MEM */
  /* r reads the result of a windowed load still in MEM (only a windowed
   * one is held there): EX is not ready until the value forwards from WB
   * (prev_mf), so the M unit starts, or r leaves EX, only then */
  const int dep = prev_late && prev_mf > prev_x + 1 && uses;
  const int32_t es = dep && kind == RI_K_MDU && e < prev_mf ? prev_mf : e;
  int32_t x = es + (kind == RI_K_MDU ? (int32_t)PE_MDU_STEPS + 2 : 1);
  if (x < prev_mf + dep) x = prev_mf + dep; /* MEM still holds a windowed miss */
  r->e = e;
  r->es = es;
  r->x = r->xd = x;
  if (hz) { /* the cycles ID waits, with the load in EX (those before T) */
    r->hz_lo = d > prev_e ? d : prev_e;
    const int32_t hi = prev_x < T ? prev_x : T;
    if (hi > r->hz_lo) {
      r->hz_n = (uint32_t)(hi - r->hz_lo);
      p->st.load_use_stalls += r->hz_n;
      r->fl |= RI_HZ;
    }
  }
  return e;
}

/* IF's lookup of record r at its arrival, through the last line's memo
 * (*iline, its words at *iw): 0 when it misses, which sends a fill, or
 * reads device space, which faults (*T then the state it does, not before
 * the port is free again: floor).  A wrong-path word flushed before that
 * never sends its fill: it only holds IF until the flush, never decoded. */
RI_AI int ri_fetch(pe_t *p, ri_t *r, unsigned off, unsigned lwm, uint32_t *iline, const uint32_t **iw, int32_t floor,
                   int32_t *T) {
  const uint32_t pc = r->pc, line = pc >> off;
  r->fl |= RI_FETCHED;
  if (line != *iline) {
    uint32_t w;
    if (is_device(pc) || !icache_lookup(p, pc, &w)) {
      const int32_t at = ri_cut(r->f, floor);
      r->insn = 0x00000013u;
      if (at >= r->kill) return 1;
      *T = at;
      return 0;
    }
    *iline = line;
    *iw = &p->idata[(size_t)p->im_s * (lwm + 1)];
  }
  r->insn = (*iw)[(pc >> 2) & lwm];
  return 1;
}

/* The records from k on, while IF reaches them before T: each word's
 * fetch, then for a word on the path its ID, EX, MEM and WB, for a
 * wrong-path word ID at most.  The run's variables are kept in locals
 * (the register file's stores would otherwise reload them). */
static void ri_loop(ri_run_t *g, unsigned k) {
  pe_t *const p = g->p;
  int32_t T = g->T, prev_e = g->prev_e, prev_x = g->prev_x, prev_mf = g->prev_mf, floor = g->floor, dbusy = g->dbusy;
  unsigned prev_late = g->prev_late, n = g->n;
  uint32_t target = g->target, nret = g->nret;
  const unsigned off = p->off, lwm = p->lw - 1;
  uint32_t iline = UINT32_MAX, dline = UINT32_MAX; /* the I- and D-cache lines looked up last, their words at iw, dw */
  const uint32_t *iw = NULL, *dw = NULL;
  for (; k < n; k++) {
    ri_t *r = ri_at(g, k);
    if (r->f >= T) break;
    if (!(r->fl & RI_FETCHED) && !ri_fetch(p, r, off, lwm, &iline, &iw, floor, &T)) break;
    if (r->kill != RI_INF) { /* a wrong-path word: into ID if ID takes it before the flush */
      const int32_t d = prev_e > r->f + 1 ? prev_e : r->f + 1;
      /* only the first: it leaves ID for EX no sooner than the branch leaves
       * EX, which is the flush (a branch held in EX holds it there) */
      if (r->d == RI_INF && d < r->kill && !(k > 0 && ri_at(g, k - 1)->kill == r->kill)) r->d = d;
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
    if (hf & RH_TRAP) { /* it holds ID: nothing behind it moves on */
      if (r->d >= floor) {
        T = r->d;
        break;
      }
      ri_trap_word(p, r, prev_x, prev_mf);
      prev_e = r->e;
      prev_x = r->x;
      prev_mf = r->x + 1;
      prev_late = 0;
      T = floor;
      continue;
    }
    const unsigned rs1 = rs1_of(insn), rs2 = rs2_of(insn);
    const int32_t e = ri_times(p, r, hf, kind, rs1, rs2, prev_e, prev_x, prev_mf, prev_late, T);
    prev_e = e;
    prev_x = r->x;
    prev_mf = r->x + 1;
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
        T = ri_ex_trap_of(r, c, fa, fb, floor);
        continue;
      }
      if (p->win_fn && r->x < T && ri_win_slow(g, k, n, r, c, &T, &floor, &dbusy, &prev_mf, &nret)) {
        dline = UINT32_MAX;
        continue;
      }
      c = dc_lookup(p, insn); /* the window's peek may have taken c's slot of the decode cache */
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
      T = taken < 0 ? ri_ex_trap(r, e, floor, RV32_EXC_LADDR_MISALIGNED, res)
                    : ri_ex_trap(r, e, floor, RV32_EXC_IADDR_MISALIGNED, tgt);
      continue;
    }
    r->res = res;
    r->wdata = fb;
    if (taken) ri_flush(g, k, n, tgt, &target);
    if (r->x >= T) continue;
    uint32_t wval = res;
    if (kind == RI_K_LOAD) { /* MEM: a hit, through the last line's memo (no fill or store hit in a run) */
      if (r->x == dbusy) { /* the windowed PE: RAMs busy, MEM looks one edge later */
        r->xd = r->x + 1;
        prev_mf = r->xd + 1;
      }
      if ((res >> off) != dline) {
        int sl = is_device(res) ? -1 : dcache_slot(p, res);
        if (sl < 0 && (sl = ri_win_load(g, k, n, r, &T, &floor, &dbusy, &prev_mf)) < 0) {
          T = r->x; /* a miss sends its fill (unless windowed: timed at once), device space its read */
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
  g->prev_mf = prev_mf;
  g->floor = floor;
  g->dbusy = dbusy;
}

/* Undo what the records did at or after state T, newest first. */
static void ri_undo(ri_run_t *g) {
  pe_t *p = g->p;
  const int32_t T = g->T;
  for (unsigned j = g->n; j-- > 0 && g->n - j <= RI_N;) {
    const ri_t *r = ri_at(g, j);
    if (r->kill != RI_INF || r->e == RI_INF) continue;
    if (r->xd + 1 < T) break;
    if ((r->fl & RI_RET) && r->xd + 1 >= T) p->st.retired--;
    if ((r->fl & RI_MRET) && r->xd >= T) p->h.minstret--;
    if (r->fl & RI_HZ) { /* the stalls counted (at states hz_lo .. e - 2), less those at or after T */
      const int32_t hi = r->e - 1 < T ? r->e - 1 : T;
      p->st.load_use_stalls -= r->hz_n - (uint64_t)(hi > r->hz_lo ? hi - r->hz_lo : 0);
    }
    if ((r->fl & RI_FLUSH) && r->x - 1 >= T) p->st.branch_flushes--;
    if (r->fl & RI_MDU) { /* the cycles counted at T's value then, less those at or after T */
      const int32_t lo = r->e > 0 ? r->e : 0, hi = r->x - 1 < T ? r->x - 1 : T;
      p->st.mdu_cycles -= r->mdu_n - (uint64_t)(hi > lo ? hi - lo : 0);
    }
    if ((r->fl & RI_WROTE) && r->xd + 1 >= T) p->h.x[r->rd] = r->old;
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
    if (path && r->xd == T - 1) W = r;
    else if (path && r->x <= T && T <= r->xd) M = r;
    else if (path && r->e <= T && T < r->x) E = r;
    const int32_t d_end = path ? r->e : r->kill, f_end = r->d < r->kill ? r->d : r->kill;
    if (r->d <= T && T < d_end) D = r;
    if (r->f <= T && T < f_end) F = r;
    if (path && r->xd != RI_INF && r->xd + 1 < T) break;
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
    p->m.trap = (M->fl & (RI_TRAPD | RI_TRAPX)) != 0; /* the windowed PE's: moved on with its trap */
    p->m.cause = p->m.trap ? M->cause : 0;
    p->m.tval = p->m.trap ? M->tval : 0;
  }
  p->e.valid = E != NULL;
  if (E) {
    p->e.pc = E->pc;
    p->e.insn = E->insn;
    p->e.rs1v = E->rs1v;
    p->e.rs2v = E->rs2v;
    p->e.c = *dc_lookup(p, E->insn);
    p->e.trap = (E->fl & RI_TRAPD) != 0; /* an EX trap is EX's own again (RI_TRAPX) */
    p->e.cause = p->e.trap ? E->cause : RV32_EXC_BREAKPOINT;
    p->e.tval = p->e.trap ? E->tval : E->pc;
  }
  /* the M unit: counting (or done) for an M instruction that entered EX
   * before T; else idle (a count that ended leaves 0) */
  if (E && E->es < T && p->e.c.mdu) {
    const int32_t k = T - E->es; /* 1 .. 33, more while MEM holds a windowed miss */
    p->mdu.busy = k <= (int32_t)PE_MDU_STEPS;
    p->mdu.done = k > (int32_t)PE_MDU_STEPS;
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
  p->i_rd_ok = 1;
  p->d_rd_ok = T != g->dbusy; /* a windowed fill or store hit wrote the RAMs at the edge before */
  p->pf_chk = 0;
  p->inv = p->inv_all = 0;
  p->idle = 0;
}

uint32_t pe_ri_run(pe_t *p, uint32_t hart_id, uint32_t max_edges, uint32_t base, pe_ret_t *ret, uint32_t *nret) {
  if (!max_edges) return 0;
  ri_run_t g;
  g.p = p;
  g.T = max_edges > (uint32_t)(RI_INF / 2) ? RI_INF / 2 : (int32_t)max_edges;
  g.n = 0;
  g.ret = ret;
  g.nret = *nret;
  g.base = base;
  g.target = 0;
  g.floor = 0;
  g.dbusy = -1;
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
      pe_step_edge_check(&ref, &in, &o);
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
