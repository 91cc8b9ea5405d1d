/* Out-of-order timing model of one host core (docs/host.md "Core").
 *
 * Functional-first: rv32_step() executes an instruction when it dispatches;
 * the ROB entry then gets its times by dataflow: issue = max(dispatch + 1,
 * sources ready, a free functional unit), complete = issue + latency.  A
 * load's completion is known only when its L1D access (an event at its
 * issue cycle) hits or its miss is filled; instructions that depend on an
 * unknown time wait on the producer's consumer list and are timed when it
 * resolves.  Commit is in order, width per cycle, once complete. */
#include <stdlib.h>
#include <string.h>

#include "../../sw/include/copim_mmio.h"
#include "host_int.h"


static uint64_t max64(uint64_t a, uint64_t b) { return a > b ? a : b; }

int host_core_init(host_core_t *c, struct host *h, unsigned id) {
  const host_cfg_t *g = &h->cfg;
  c->h = h;
  c->id = id;
  c->rob = calloc(g->rob, sizeof *c->rob);
  c->node = calloc((size_t)g->rob * 3, sizeof *c->node);
  c->sq = calloc(g->sq, sizeof *c->sq);
  c->pht = malloc((size_t)1 << g->bp_hist);
  c->itb = calloc((size_t)1 << g->itb_bits, sizeof *c->itb);
  c->ras = calloc(g->ras ? g->ras : 1, sizeof *c->ras);
  c->dec = calloc(HOST_DEC_SIZE, sizeof *c->dec);
  if (!c->rob || !c->node || !c->sq || !c->pht || !c->itb || !c->ras || !c->dec) return -1;
  if (host_cache_init(&c->l1i, g->l1i.bytes, g->l1i.ways) || host_cache_init(&c->l1d, g->l1d.bytes, g->l1d.ways) ||
      host_cache_init(&c->l2, g->l2.bytes, g->l2.ways))
    return -1;
  for (unsigned i = 0; i < HOST_DEC_SIZE; i++) c->dec[i].pc = 1; /* never a fetch pc */
  return 0;
}

void host_core_fini(host_core_t *c) {
  free(c->rob);
  free(c->node);
  free(c->sq);
  free(c->pht);
  free(c->itb);
  free(c->ras);
  free(c->dec);
  host_cache_free(&c->l1i);
  host_cache_free(&c->l1d);
  host_cache_free(&c->l2);
}

void host_core_reset(host_core_t *c, uint32_t pc) {
  const host_cfg_t *g = &c->h->cfg;
  rv32_hart_reset(&c->hart, pc, g->hartid_base + c->id);
  c->halted = 0;
  c->rob_head = c->rob_n = 0;
  c->next_seq = c->head_seq = 1;
  const unsigned nn = g->rob * 3;
  for (unsigned i = 0; i < nn; i++) c->node[i].next = (uint16_t)(i + 1 < nn ? i + 1 : HOST_NIL);
  c->node_free = 0;
  for (unsigned r = 0; r < 32; r++) {
    c->reg_ready[r] = 0;
    c->reg_seq[r] = 0;
  }
  c->sq_head = c->sq_n = c->lq_n = 0;
  memset(c->fu_alu, 0, sizeof c->fu_alu);
  memset(c->fu_mul, 0, sizeof c->fu_mul);
  memset(c->fu_ld, 0, sizeof c->fu_ld);
  c->div_free = 0;
  c->fe_ready = 0;
  c->fe_wait_br = c->fe_miss = 0;
  c->fe_line = 0xFFFFFFFFu;
  c->ghist = 0;
  memset(c->pht, 1, (size_t)1 << g->bp_hist); /* weakly not taken */
  c->ras_top = c->ras_n = 0;
  c->ser = SER_NONE;
  c->ser_inflight = 0;
  c->wb_pending = 0;
  c->posted_n = 0;
  c->posted_until = 0;
  c->aq_seq = 0;
  c->far_seq = 0;
  c->amo_defer = 0;
  resv_drop(&c->h->resv, c->id);
  c->mshrq_head = c->mshrq_n = 0;
  c->l2q_head = c->l2q_n = 0;
  memset(c->iv_line, 0xff, sizeof c->iv_line);
  memset(c->iv_ready, 0, sizeof c->iv_ready);
  c->iv_max[0] = c->iv_max[1] = 0;
}

/* ---------------------------------------------------------------- dataflow */

/* The first cycle >= t with fewer than limit uses in a ring of size
 * cycles, taken; beyond the ring's horizon contention is not tracked. */
static inline uint64_t ring_slot(host_fu_t *ring, unsigned size, unsigned limit, uint64_t t, uint64_t now) {
  if (t >= now + size - 8) return t;
  for (;;) {
    host_fu_t *f = &ring[t & (size - 1)];
    if (f->cyc != t) {
      f->cyc = t;
      f->cnt = 0;
    }
    if (f->cnt < limit) {
      f->cnt++;
      return t;
    }
    t++;
  }
}

/* host_fu_slot, kept static here so that the core's calls inline as before */
static uint64_t fu_slot(host_fu_t *ring, unsigned limit, uint64_t t, uint64_t now) {
  return ring_slot(ring, HOST_FU_RING, limit, t, now);
}

uint64_t host_fu_slot(host_fu_t *ring, unsigned limit, uint64_t t, uint64_t now) { return fu_slot(ring, limit, t, now); }

uint64_t host_port_slot(host_fu_t *ring, unsigned limit, uint64_t t, uint64_t now) {
  return ring_slot(ring, HOST_PORT_RING, limit, t, now);
}

static void schedule(host_core_t *c, unsigned slot);
static void wait_on(host_core_t *c, unsigned slot, unsigned p);

void host_core_resolve(host_core_t *c, unsigned slot, uint64_t t) {
  host_rob_t *e = &c->rob[slot];
  e->complete = t;
  if (e->rd && c->reg_seq[e->rd] == e->seq) c->reg_ready[e->rd] = t;
  if (e->mispredict) {
    c->fe_wait_br = 0;
    c->fe_ready = max64(c->fe_ready, t + c->h->cfg.mispredict_penalty);
  }
  uint16_t n = e->cons;
  e->cons = HOST_NIL;
  while (n != HOST_NIL) {
    host_node_t *nd = &c->node[n];
    const uint16_t next = nd->next, cs = nd->slot;
    nd->next = c->node_free;
    c->node_free = n;
    host_rob_t *ce = &c->rob[cs];
    if (ce->ready < t) ce->ready = t;
    if (--ce->pending == 0) schedule(c, cs);
    n = next;
  }
}

void host_core_load_done(host_core_t *c, unsigned slot, uint64_t t) { host_core_resolve(c, slot, t); }

static void schedule(host_core_t *c, unsigned slot) {
  struct host *h = c->h;
  const host_cfg_t *g = &h->cfg;
  host_rob_t *e = &c->rob[slot];
  uint64_t t = max64(e->disp + 1, e->ready);
  if (t < h->now) t = h->now;
  switch (e->kind) {
    case K_ALU:
    case K_BR:
      t = fu_slot(c->fu_alu, g->alus, t, h->now);
      host_core_resolve(c, slot, t + e->lat);
      break;
    case K_MUL:
      t = fu_slot(c->fu_mul, g->muls, t, h->now);
      host_core_resolve(c, slot, t + g->lat_mul);
      break;
    case K_DIV:
      t = max64(t, c->div_free);
      c->div_free = t + g->lat_div;
      host_core_resolve(c, slot, t + g->lat_div);
      break;
    case K_STORE: host_core_resolve(c, slot, t); break;
    case K_FWD: host_core_resolve(c, slot, t + g->lat_fwd); break;
    case K_LOAD:
      if (g->mem_atonce) {
        /* A hit is timed now; a miss changes states other cores see, so it
         * is made in time order, at its issue cycle (an event, as in the
         * exact mode's) */
        t = fu_slot(c->fu_ld, g->load_ports, t, h->now);
        if (t <= h->now || host_mem_atonce_hit(c, e->addr, t))
          host_core_resolve(c, slot, host_mem_atonce(c, 1, e->addr, 0, t));
        else
          host_ev_push(h, t, EV_LOAD, c->id, slot, (uint32_t)e->seq);
      } else {
        host_ev_push(h, t, EV_LOAD, c->id, slot, (uint32_t)e->seq);
      }
      break;
    case K_AMO:
      /* operands ready at t; an .rl AMO issues from the ROB head (commit) */
      e->amo |= AMO_READY;
      e->ready = t;
      if (!(e->amo & AMO_RL)) host_ev_push(h, t, EV_AMO, c->id, slot, (uint32_t)e->seq);
      break;
    default: break;
  }
}

/* ---------------------------------------------------------------- AMOs
 * The RVWMO model (cfg.amo_model, docs/host.md "AMOs").  A K_AMO entry
 * executed functionally at dispatch like any instruction; its timing: it
 * issues to the L1D (or a vault) once its operands are ready, and with .rl
 * only from the ROB head once every older store has drained (older loads
 * are complete by then: commit is in order).  .aq makes younger loads and
 * AMOs wait for its completion.  Younger stores perform after their commit,
 * so after it anyway.  One AMO per L1D line waits in an MSHR at a time. */

/* The core's posted vault AMOs hold instruction d (a fence, LR/SC, a
 * device access, a PIM launch or wait, an .rl AMO in the caches). */
static int posted_wait(const host_core_t *c, const rv32_insn_t *d) {
  if (c->h->cfg.posted_nowait || (!c->posted_n && c->h->now >= c->posted_until)) return 0;
  if (d && (d->cls & RV32_C_CUSTOM) && d->op != RV32_CP_PIM_LAUNCH && d->op != RV32_CP_PIM_WAIT) return 0;
  return 1;
}

/* 1 when the .rl AMO at the ROB head may issue now. */
static int amo_head_ok(const host_core_t *c, const host_rob_t *e) {
  if ((e->amo & (AMO_READY | AMO_ISSUED)) != AMO_READY || e->ready > c->h->now) return 0;
  if (c->sq_n && c->sq[c->sq_head].seq < e->seq) return 0;
  return !posted_wait(c, NULL);
}

/* At-once timing: an AMO in the L1D issued at t, the line made dirty; the
 * cycle its result is there. */
uint64_t host_core_atonce_amo(host_core_t *c, uint32_t addr, uint64_t t) {
  const uint64_t d = host_mem_atonce(c, 1, addr, 1, t);
  host_line_t *l = host_cache_find(&c->l1d, addr >> HOST_LINE_BITS);
  if (l && l->st >= ST_E) l->st = ST_M;
  return max64(d, t + c->h->cfg.l1d.lat) + 1;
}

/* At-once timing: a store drained from cycle t, its line owned and written
 * (dirty); the cycle it is (at least t). */
uint64_t host_core_atonce_store(host_core_t *c, uint32_t addr, uint64_t t) {
  const uint64_t o = host_mem_atonce(c, 1, addr, 1, t);
  host_line_t *l = host_cache_find(&c->l1d, addr >> HOST_LINE_BITS);
  if (l) l->st = ST_M;
  return o;
}

/* Sends AMO slot to its vault or the L1D; 0 when it must try again later. */
static int amo_issue(host_core_t *c, unsigned slot) {
  struct host *h = c->h;
  host_rob_t *e = &c->rob[slot];
  if (e->amo & AMO_POSTED) {
    host_mem_amo_posted(c, e->addr, e->funct5, e->operand, slot);
  } else if (e->amo & AMO_FAR) {
    host_mem_amo_far(c, e->addr, slot);
  } else if (h->cfg.mem_atonce) {
    host_core_resolve(c, slot, host_core_atonce_amo(c, e->addr, h->now));
  } else {
    if (host_mem_amo_busy(c, e->addr)) return 0;
    const int rc = host_mem_store(c, e->addr, 1, slot);
    if (rc < 0) {
      c->st.stall_mshr++;
      return 0;
    }
    if (rc == 1) host_core_resolve(c, slot, h->now + h->cfg.l1d.lat + 1);
  }
  e->amo |= AMO_ISSUED;
  return 1;
}

void host_core_amo_event(host_core_t *c, unsigned slot, uint32_t seqlo) {
  host_rob_t *e = &c->rob[slot];
  if ((uint32_t)e->seq != seqlo || e->kind != K_AMO || (e->amo & AMO_ISSUED)) return;
  if (!amo_issue(c, slot)) host_ev_push(c->h, c->h->now + 1, EV_AMO, c->id, slot, seqlo);
}

/* A younger load or AMO waits for the youngest .aq AMO still in flight. */
static void aq_order(host_core_t *c, unsigned slot) {
  const host_rob_t *a = &c->rob[c->aq_slot];
  if (a->seq != c->aq_seq || a->kind != K_AMO) {
    c->aq_seq = 0;
    return;
  }
  if (a->complete == HOST_INF) wait_on(c, slot, c->aq_slot);
  else if (c->rob[slot].ready < a->complete) c->rob[slot].ready = a->complete;
}

void host_core_load_event(host_core_t *c, unsigned slot, uint32_t seqlo) {
  struct host *h = c->h;
  host_rob_t *e = &c->rob[slot];
  if ((uint32_t)e->seq != seqlo || e->complete != HOST_INF || e->kind != K_LOAD) return;
  if (h->cfg.mem_atonce) { /* its load port was taken when it was scheduled */
    host_core_resolve(c, slot, host_mem_atonce(c, 1, e->addr, 0, h->now));
    return;
  }
  host_fu_t *f = &c->fu_ld[h->now & (HOST_FU_RING - 1)];
  if (f->cyc != h->now) {
    f->cyc = h->now;
    f->cnt = 0;
  }
  if (f->cnt >= h->cfg.load_ports) {
    host_ev_push(h, h->now + 1, EV_LOAD, c->id, slot, seqlo);
    return;
  }
  f->cnt++;
  if (host_mem_load(c, slot, e->addr) < 0) {
    c->st.stall_mshr++;
    if (c->mshrq_n < 512) c->mshrq[(c->mshrq_head + c->mshrq_n++) % 512] = (uint16_t)slot;
  }
}

void host_core_fetch_done(host_core_t *c, uint64_t t) {
  c->fe_miss = 0;
  c->fe_ready = max64(c->fe_ready, t);
}

void host_core_store_wake(host_core_t *c) {
  if (c->sq_n) c->sq[c->sq_head].waiting = 0;
}

/* Consumer slot waits on producer slot p. */
static void wait_on(host_core_t *c, unsigned slot, unsigned p) {
  uint16_t n = c->node_free;
  c->node_free = c->node[n].next;
  c->node[n].slot = (uint16_t)slot;
  c->node[n].next = c->rob[p].cons;
  c->rob[p].cons = n;
  c->rob[slot].pending++;
}

static void use_reg(host_core_t *c, unsigned slot, unsigned r) {
  if (!r) return;
  if (c->reg_ready[r] != HOST_INF) {
    if (c->rob[slot].ready < c->reg_ready[r]) c->rob[slot].ready = c->reg_ready[r];
    return;
  }
  wait_on(c, slot, c->reg_slot[r]);
}

/* ---------------------------------------------------------------- front end */

static int is_link(unsigned r) { return r == 1 || r == 5; }

/* Returns 1 when the control transfer was mispredicted. */
static int predict(host_core_t *c, const rv32_insn_t *d, uint32_t pc, uint32_t next) {
  const host_cfg_t *g = &c->h->cfg;
  if (d->cls & RV32_C_BRANCH) {
    const uint32_t mask = (1u << g->bp_hist) - 1;
    const uint32_t idx = ((pc >> 2) ^ c->ghist) & mask;
    const int taken = next != pc + 4;
    uint8_t *ctr = &c->pht[idx];
    const int pred = *ctr >= 2;
    if (taken && *ctr < 3) (*ctr)++;
    if (!taken && *ctr > 0) (*ctr)--;
    c->ghist = ((c->ghist << 1) | (uint32_t)taken) & mask;
    return pred != taken;
  }
  int miss = 0;
  if (d->op == RV32_JALR) {
    uint32_t pred;
    if (d->rd == 0 && is_link(d->rs1) && g->ras) {
      if (c->ras_n) {
        c->ras_top = (c->ras_top + g->ras - 1) % g->ras;
        c->ras_n--;
        pred = c->ras[c->ras_top];
      } else {
        pred = 0;
      }
    } else {
      uint32_t *it = &c->itb[(pc >> 2) & ((1u << g->itb_bits) - 1)];
      pred = *it;
      *it = next;
    }
    miss = pred != next;
  }
  if ((d->op == RV32_JAL || d->op == RV32_JALR) && is_link(d->rd) && g->ras) {
    c->ras[c->ras_top] = pc + 4;
    c->ras_top = (c->ras_top + 1) % g->ras;
    if (c->ras_n < g->ras) c->ras_n++;
  }
  return miss;
}

/* ---------------------------------------------------------------- dispatch */

static unsigned new_entry(host_core_t *c, unsigned kind) {
  const unsigned R = c->h->cfg.rob;
  unsigned slot = c->rob_head + c->rob_n;
  if (slot >= R) slot -= R;
  c->rob_n++;
  host_rob_t *e = &c->rob[slot];
  e->seq = c->next_seq++;
  e->complete = HOST_INF;
  e->ready = 0;
  e->disp = c->h->now;
  e->cons = HOST_NIL;
  e->wnext = HOST_NIL;
  e->kind = (uint8_t)kind;
  e->pending = 0;
  e->mispredict = 0;
  e->rd = 0;
  e->lat = 1;
  return slot;
}

static void set_rd(host_core_t *c, unsigned slot, const rv32_result_t *r, const rv32_insn_t *d) {
  if (!(d->cls & RV32_C_WRITES_RD) || !d->rd) return;
  host_rob_t *e = &c->rob[slot];
  e->rd = d->rd;
  c->reg_seq[d->rd] = e->seq;
  c->reg_slot[d->rd] = (uint16_t)slot;
  c->reg_ready[d->rd] = e->complete; /* HOST_INF until resolved */
  (void)r;
}

static int trap_taken(host_core_t *c, const rv32_result_t *r) {
  struct host *h = c->h;
  if (!c->hart.mtvec) {
    host_fail(h, "hart %u: trap cause %u at pc=0x%08x (tval 0x%08x) at cycle %llu, no trap handler", c->id, r->cause,
              r->pc, r->tval, (unsigned long long)h->now);
    return 1;
  }
  c->fe_ready = max64(c->fe_ready, h->now + h->cfg.mispredict_penalty);
  return 1;
}

static void exec_retire_hook(host_core_t *c, const rv32_result_t *r) {
  struct host *h = c->h;
  if (h->hooks.retire) h->hooks.retire(h->hooks.ctx, c->id, r);
}

/* Executes a serialising instruction now (ROB and SQ are empty). */
static void exec_serial(host_core_t *c, const rv32_insn_t *d) {
  struct host *h = c->h;
  const host_cfg_t *g = &h->cfg;
  c->hart.mcycle = h->now;
  rv32_result_t r;
  rv32_step(&c->hart, &c->bus, &r);
  exec_retire_hook(c, &r);
  if (h->failed) return;
  if (!r.retired) {
    trap_taken(c, &r);
    return;
  }
  unsigned slot = new_entry(c, K_SER);
  c->ser_inflight = 1;
  c->ser_seq = c->rob[slot].seq;
  uint64_t done = h->now + g->lat_csr;
  if (d->cls & RV32_C_AMO) {
    c->st.amos++;
    const int far = c->far_seq == c->rob[slot].seq && c->far_pc == r.pc
                        ? c->far_pre /* asked at dispatch (amo_far) */
                        : h->hooks.amo_site && h->hmc && d->funct5 != RV32_AMO_LR && d->funct5 != RV32_AMO_SC &&
                              h->hooks.amo_site(h->hooks.ctx, c->id, r.mem_addr, d->funct5) == 1;
    if (far) {
      c->st.amos_far++;
      host_mem_amo_far(c, r.mem_addr, slot);
      done = HOST_INF; /* resolved by the HMC response */
    } else if (g->mem_atonce) {
      done = host_core_atonce_amo(c, r.mem_addr, h->now);
    } else {
      int rc = host_mem_store(c, r.mem_addr, 1, slot);
      if (rc == 0) done = HOST_INF; /* resolved by the fill */
      else done = h->now + g->l1d.lat + 1;
    }
  } else if ((d->cls & (RV32_C_LOAD | RV32_C_STORE))) {
    done = h->now + g->lat_mmio;
    if (d->cls & RV32_C_LOAD) c->st.loads++;
    else c->st.stores++;
  } else if (d->cls & RV32_C_CUSTOM) {
    done = h->now + 1;
  }
  set_rd(c, slot, &r, d);
  if (done != HOST_INF) host_core_resolve(c, slot, done);
  if (c->hart.wfi) c->halted = 1;
  if (d->op == RV32_WRS_NTO && g->wrs_sleep && resv_held(&h->resv, c->id)) c->wrs_sleep = 1;
  c->fe_ready = max64(c->fe_ready, h->now + 1);
}

/* amo_site's answer for the AMO d about to dispatch, asked once per AMO
 * (PEI's monitor learns from each question). */
static int amo_far(host_core_t *c, const rv32_insn_t *d, uint32_t addr) {
  struct host *h = c->h;
  /* keyed by pc too: a trap leaves next_seq to the handler's first insn */
  if (c->far_seq != c->next_seq || c->far_pc != c->hart.pc) {
    c->far_seq = c->next_seq;
    c->far_pc = c->hart.pc;
    c->far_pre = h->hooks.amo_site && h->hmc && h->hooks.amo_site(h->hooks.ctx, c->id, addr, d->funct5) == 1;
  }
  return c->far_pre;
}

/* 1 when AMO d dispatches as a K_AMO entry rather than serialising: under
 * RVWMO every AMO but LR/SC (and a device or misaligned one, which traps
 * or is a device access), under the serial model with posted vault atomics
 * the ones a vault executes. */
static int amo_inline(host_core_t *c, const rv32_insn_t *d) {
  const host_cfg_t *g = &c->h->cfg;
  if (d->op == RV32_ILLEGAL || d->funct5 == RV32_AMO_LR || d->funct5 == RV32_AMO_SC) return 0;
  if (g->amo_model == HOST_AMO_SERIAL && !g->amo_posted) return 0; /* as before: no early amo_site */
  const uint32_t a = c->hart.x[d->rs1];
  if (a >= COPIM_MMIO_BASE || (a & 3)) return 0;
  const int far = amo_far(c, d, a);
  return g->amo_model == HOST_AMO_RVWMO || far;
}

/* Dispatches AMO d (amo_inline said so) into ROB slot-to-be; 0 when it
 * trapped or the run failed. */
static int amo_dispatch(host_core_t *c, const host_dec_t *dc) {
  struct host *h = c->h;
  const host_cfg_t *g = &h->cfg;
  const rv32_insn_t *d = &dc->d;
  const int far = c->far_pre, own = far && g->amo_posted; /* the PIM designs order their own atomics */
  const int posted = own && d->rd == 0;
  const uint32_t operand = c->hart.x[d->rs2];
  rv32_result_t r;
  c->amo_defer = posted;
  rv32_step_decoded(&c->hart, &c->bus, d, &r);
  c->amo_defer = 0;
  exec_retire_hook(c, &r);
  if (h->failed) return 0;
  if (!r.retired) {
    trap_taken(c, &r);
    return 0;
  }
  const unsigned slot = new_entry(c, K_AMO);
  host_rob_t *e = &c->rob[slot];
  e->addr = r.mem_addr;
  e->funct5 = d->funct5;
  e->operand = operand;
  e->amo = (uint8_t)((far ? AMO_FAR : 0) | (posted ? AMO_POSTED : 0));
  if (!own) {
    if (dc->raw >> 26 & 1) e->amo |= AMO_AQ;
    if (dc->raw >> 25 & 1) e->amo |= AMO_RL;
  }
  c->st.amos++;
  c->st.amos_far += far;
  c->st.amos_posted += posted;
  use_reg(c, slot, d->rs1);
  use_reg(c, slot, d->rs2);
  if (c->aq_seq) aq_order(c, slot);
  if (!own && !(e->amo & AMO_RL)) {
    /* same-address order with an older store still in the store queue:
     * wait at the ROB head like an .rl AMO */
    for (unsigned k = 0; k < c->sq_n; k++) {
      const host_sq_t *q = &c->sq[(c->sq_head + k) % g->sq];
      if (q->addr < e->addr + 4 && e->addr < q->addr + q->size) {
        e->amo |= AMO_RL;
        break;
      }
    }
  }
  if (e->amo & AMO_AQ) {
    c->aq_slot = (uint16_t)slot;
    c->aq_seq = e->seq;
  }
  set_rd(c, slot, &r, d);
  if (!e->pending) schedule(c, slot);
  return 1;
}

/* custom-0 sequencing: markers to the IMU, verdicts, PIM launch/wait. */
static void ser_step(host_core_t *c) {
  struct host *h = c->h;
  const rv32_insn_t *d = &c->ser_d;
  const uint32_t rs1 = c->hart.x[d->rs1], rs2 = c->hart.x[d->rs2];
  switch (c->ser) {
    case SER_MARKER: {
      const unsigned op = d->op == RV32_CP_LOOP_BEGIN ? IMU_OP_BEGIN : d->op == RV32_CP_LOOP_ITER ? IMU_OP_ITER : IMU_OP_END;
      if (!c->imu_port) {
        c->custom_rd = 0;
        c->ser = SER_NONE;
        c->st.markers++;
        exec_serial(c, d);
        return;
      }
      c->imu_out.marker_valid = 1;
      c->imu_out.marker_op = op;
      c->imu_out.marker_id = rs1;
      c->imu_out.marker_trip = op == IMU_OP_BEGIN ? rs2 : 0;
      if (!c->imu_in.marker_ready) {
        c->st.stall_serial++;
        return;
      }
      c->st.markers++;
      if (op == IMU_OP_ITER) {
        c->ser = SER_VERDICT;
        return;
      }
      c->custom_rd = 0;
      c->ser = SER_NONE;
      exec_serial(c, d);
      return;
    }
    case SER_VERDICT:
      if (!c->imu_in.verdict_valid) {
        c->st.stall_serial++;
        return;
      }
      c->custom_rd = (uint32_t)(c->imu_in.verdict != 0);
      c->ser = SER_NONE;
      exec_serial(c, d);
      return;
    case SER_WB:
      host_mem_flush_dirty(h, c);
      c->ser = SER_LAUNCH;
      /* fall through */
    case SER_LAUNCH: {
      if (c->wb_pending) {
        c->st.pim_wb_cycles++;
        return;
      }
      if (!h->hooks.pim_launch) {
        host_fail(h, "hart %u: cp.pim.launch at pc=0x%08x (cycle %llu) but no PIM dispatcher is attached", c->id,
                  c->hart.pc, (unsigned long long)h->now);
        return;
      }
      uint32_t ticket = 0;
      int rc = h->hooks.pim_launch(h->hooks.ctx, c->id, rs1, h->now * h->cfg.clk_ps, &ticket);
      if (rc == 1) return;
      if (rc < 0) {
        host_fail(h, "hart %u: cp.pim.launch of descriptor 0x%08x refused at pc=0x%08x (cycle %llu)", c->id, rs1,
                  c->hart.pc, (unsigned long long)h->now);
        return;
      }
      c->st.pim_launches++;
      c->custom_rd = ticket;
      c->ser = SER_NONE;
      exec_serial(c, d);
      return;
    }
    case SER_PIMWAIT: {
      if (!h->hooks.pim_done) {
        host_fail(h, "hart %u: cp.pim.wait at pc=0x%08x (cycle %llu) but no PIM dispatcher is attached", c->id,
                  c->hart.pc, (unsigned long long)h->now);
        return;
      }
      int rc = h->hooks.pim_done(h->hooks.ctx, c->id, rs1, h->now * h->cfg.clk_ps);
      if (rc < 0) {
        host_fail(h, "hart %u: cp.pim.wait on unknown ticket %u at pc=0x%08x (cycle %llu)", c->id, rs1, c->hart.pc,
                  (unsigned long long)h->now);
        return;
      }
      h->last_commit = h->now; /* waiting on PEs is progress */
      if (rc == 0 || h->invq_n) {
        c->st.pim_wait_cycles++;
        c->st.pim_inv_cycles += rc == 1;
        return;
      }
      c->custom_rd = 0;
      c->ser = SER_NONE;
      exec_serial(c, d);
      return;
    }
    default: c->ser = SER_NONE; return;
  }
}

static int serialising(const rv32_insn_t *d) {
  return (d->cls & (RV32_C_CSR | RV32_C_SYSTEM | RV32_C_AMO | RV32_C_CUSTOM)) || d->op == RV32_ILLEGAL;
}

/* The decode cache's entry for the word raw at pc. */
static void dec_fill(host_dec_t *dc, uint32_t pc, uint32_t raw) {
  const rv32_insn_t *d = &dc->d;
  dc->pc = pc;
  dc->raw = raw;
  rv32_decode(raw, &dc->d);
  unsigned kind = K_ALU;
  if (d->cls & RV32_C_LOAD) kind = K_LOAD;
  else if (d->cls & RV32_C_STORE) kind = K_STORE;
  else if (d->cls & (RV32_C_BRANCH | RV32_C_JUMP)) kind = K_BR;
  else if (d->cls & RV32_C_MULDIV) kind = d->op >= RV32_DIV ? K_DIV : K_MUL;
  dc->kind = (uint8_t)kind;
  dc->ser = (uint8_t)serialising(d);
  dc->size = (uint8_t)(kind == K_LOAD || kind == K_STORE ? rv32_mem_size(d->op) : 0);
}

/* Executes d (the decoded word at the pc if fetchable, else the executor
 * fetches), then the retire hook: 1 when it retired; 0 when it trapped
 * (the redirect taken) or the run failed. */
static int execute(host_core_t *c, const rv32_insn_t *d, int fetchable, rv32_result_t *r) {
  if (fetchable) rv32_step_decoded(&c->hart, &c->bus, d, r);
  else rv32_step(&c->hart, &c->bus, r);
  exec_retire_hook(c, r);
  if (c->h->failed) return 0;
  if (!r->retired) {
    trap_taken(c, r);
    return 0;
  }
  return 1;
}

static void dispatch(host_core_t *c) {
  struct host *h = c->h;
  const host_cfg_t *g = &h->cfg;
  if (c->wrs_sleep) {
    /* Zawrs: asleep until another agent's store breaks the reservation */
    if (resv_held(&h->resv, c->id)) {
      c->st.barrier_wait_cycles++;
      return;
    }
    c->wrs_sleep = 0;
  }
  if (c->ser != SER_NONE) {
    ser_step(c);
    return;
  }
  if (c->ser_inflight) {
    c->st.stall_serial++;
    return;
  }
  if (c->fe_wait_br || c->fe_miss || c->fe_ready > h->now) {
    c->st.stall_fetch++;
    return;
  }
  for (unsigned n = 0; n < g->width; n++) {
    const uint32_t pc = c->hart.pc;
    uint32_t raw = 0;
    const int fetchable = pc >= COPIM_TEXT_BASE && (uint64_t)pc + 4 <= h->mem_bytes && !(pc & 3);
    if (fetchable) {
      const uint32_t line = pc >> HOST_LINE_BITS;
      if (line != c->fe_line) {
        int rc = host_mem_fetch(c, pc);
        if (rc <= 0 || rc == 2) {
          if (rc == 0) c->fe_miss = 1;
          c->st.stall_fetch++;
          return;
        }
        c->fe_line = line;
      }
      memcpy(&raw, h->mem + pc, 4);
    }
    host_dec_t *dc = &c->dec[(pc >> 2) & (HOST_DEC_SIZE - 1)];
    if (dc->pc != pc || dc->raw != raw) dec_fill(dc, pc, raw);
    const rv32_insn_t *d = &dc->d;
    if (c->rob_n == g->rob) {
      c->st.stall_rob++;
      return;
    }
    const unsigned kind = dc->kind;
    const int is_ld = kind == K_LOAD, is_st = kind == K_STORE;
    if ((is_ld && c->lq_n == g->lq) || (is_st && c->sq_n == g->sq)) {
      c->st.stall_lsq++;
      return;
    }
    int ser = dc->ser;
    if (!ser && (is_ld || is_st) && c->hart.x[d->rs1] + (uint32_t)d->imm >= COPIM_MMIO_BASE) ser = 1;
    if (ser && (d->cls & RV32_C_AMO) && amo_inline(c, d)) {
      if (!amo_dispatch(c, dc)) return;
      continue;
    }
    if (ser) {
      if (n || c->rob_n || c->sq_n) {
        if (!n) c->st.stall_serial++;
        return;
      }
      if (posted_wait(c, d)) {
        c->st.posted_wait_cycles++;
        return;
      }
      if (d->cls & RV32_C_CUSTOM) {
        c->ser_d = *d;
        switch (d->op) {
          case RV32_CP_PIM_LAUNCH: c->ser = SER_WB; break;
          case RV32_CP_PIM_WAIT: c->ser = SER_PIMWAIT; break;
          default: c->ser = SER_MARKER; break;
        }
        ser_step(c);
      } else {
        exec_serial(c, d);
      }
      return;
    }
    /* an ordinary instruction: execute, then time it */
    rv32_result_t r;
    if (!execute(c, d, fetchable, &r)) return;
    const unsigned slot = new_entry(c, kind);
    host_rob_t *e = &c->rob[slot];
    e->lat = (uint8_t)g->lat_alu;
    if (d->cls & RV32_C_USES_RS1) use_reg(c, slot, d->rs1);
    if (d->cls & RV32_C_USES_RS2) use_reg(c, slot, d->rs2);
    int end_group = r.next_pc != pc + 4;
    if (kind == K_LOAD) {
      c->st.loads++;
      c->lq_n++;
      e->addr = r.mem_addr;
      e->size = dc->size;
      if (c->aq_seq) aq_order(c, slot);
      /* store-to-load forwarding from the youngest older overlapping store */
      const unsigned S = g->sq;
      for (unsigned k = c->sq_n; k-- > 0;) {
        unsigned i = c->sq_head + k;
        if (i >= S) i -= S;
        host_sq_t *s = &c->sq[i];
        if (s->addr < e->addr + e->size && e->addr < s->addr + s->size) {
          e->kind = K_FWD;
          c->st.fwd_loads++;
          if (s->commit == HOST_INF) {
            host_rob_t *se = &c->rob[s->rob];
            if (se->seq == s->seq) {
              if (se->complete == HOST_INF) wait_on(c, slot, s->rob);
              else if (e->ready < se->complete) e->ready = se->complete;
            }
          }
          break;
        }
      }
    } else if (kind == K_STORE) {
      c->st.stores++;
      unsigned i = c->sq_head + c->sq_n;
      if (i >= g->sq) i -= g->sq;
      c->sq_n++;
      host_sq_t *s = &c->sq[i];
      s->addr = r.mem_addr;
      s->size = dc->size;
      s->waiting = 0;
      s->owned = 0;
      s->rob = (uint16_t)slot;
      s->seq = e->seq;
      s->commit = HOST_INF;
      e->sqi = (uint16_t)i;
    } else if (kind == K_BR) {
      c->st.branches++;
      if (predict(c, d, pc, r.next_pc)) {
        e->mispredict = 1;
        c->fe_wait_br = 1;
        c->st.mispredicts++;
        end_group = 1;
      }
    }
    set_rd(c, slot, &r, d);
    if (!e->pending) schedule(c, slot);
    if (end_group || c->fe_wait_br) return;
  }
}

static void commit(host_core_t *c) {
  struct host *h = c->h;
  const host_cfg_t *g = &h->cfg;
  unsigned n = 0;
  while (n < g->width && c->rob_n) {
    host_rob_t *e = &c->rob[c->rob_head];
    if (e->complete > h->now) {
      if (e->kind == K_AMO && (e->amo & AMO_RL) && amo_head_ok(c, e)) amo_issue(c, c->rob_head);
      break;
    }
    if (e->kind == K_STORE) c->sq[e->sqi].commit = h->now;
    else if (e->kind == K_LOAD || e->kind == K_FWD) c->lq_n--;
    else if (e->kind == K_SER && c->ser_inflight && e->seq == c->ser_seq) c->ser_inflight = 0;
    if (++c->rob_head == g->rob) c->rob_head = 0;
    c->rob_n--;
    c->head_seq++;
    n++;
  }
  c->committed_now = n;
  if (n) {
    c->st.insns += n;
    h->last_commit = h->now;
  }
}

static void drain_store(host_core_t *c) {
  if (!c->sq_n) return;
  host_sq_t *s = &c->sq[c->sq_head];
  if (s->commit >= c->h->now || s->waiting) return;
  if (c->h->cfg.mem_atonce) {
    /* The line is owned, and the store written, at t; the head leaves the
     * queue then.  Not looked up again at t: a line other cores share
     * would be taken from it in between every time. */
    if (!s->owned) {
      const uint64_t t = host_core_atonce_store(c, s->addr, c->h->now);
      s->owned = 1;
      if (t > c->h->now) {
        s->commit = t - 1;
        return;
      }
    }
    if (++c->sq_head == c->h->cfg.sq) c->sq_head = 0;
    c->sq_n--;
    return;
  }
  int rc = host_mem_store(c, s->addr, 0, 0);
  if (rc == 1 && c->drop_line) host_mem_store_done(c, s->addr);
  if (rc == 1) {
    if (++c->sq_head == c->h->cfg.sq) c->sq_head = 0;
    c->sq_n--;
  } else if (rc == 0) {
    s->waiting = 1;
  } else {
    c->st.stall_mshr++;
  }
}

void host_core_cycle(host_core_t *c) {
  c->imu_out.marker_valid = 0;
  c->committed_now = 0;
  if (c->halted) return;
  c->st.cycles_active = c->h->now + 1;
  commit(c);
  drain_store(c);
  dispatch(c);
}

/* ---------------------------------------------------------------- for the interval core
 * host_ival.c times ordinary instructions itself and hands every other one
 * to the functions above, so both cores share one front end, one
 * serialising path and one AMO placement. */

int host_core_predict(host_core_t *c, const rv32_insn_t *d, uint32_t pc, uint32_t next) {
  return predict(c, d, pc, next);
}

const host_dec_t *host_core_decode(host_core_t *c, uint32_t pc, uint32_t raw) {
  host_dec_t *dc = &c->dec[(pc >> 2) & (HOST_DEC_SIZE - 1)];
  if (dc->pc != pc || dc->raw != raw) dec_fill(dc, pc, raw);
  return dc;
}

int host_core_execute(host_core_t *c, const rv32_insn_t *d, int fetchable, rv32_result_t *r) {
  return execute(c, d, fetchable, r);
}
int host_core_amo_inline(host_core_t *c, const rv32_insn_t *d) { return amo_inline(c, d); }

void host_core_commit(host_core_t *c) { commit(c); }
void host_core_drain(host_core_t *c) { drain_store(c); }
void host_core_dispatch(host_core_t *c) { dispatch(c); }

/* ---------------------------------------------------------------- idle skipping */

static uint64_t min64(uint64_t a, uint64_t b) { return a < b ? a : b; }

/* Mirrors host_core_cycle() without side effects: which branch each stage
 * takes at cycle now, and until when that cannot change by itself. */
uint64_t host_core_idle_until(host_core_t *c, uint64_t now) {
  struct host *h = c->h;
  const host_cfg_t *g = &h->cfg;
  c->q_ctr = NULL;
  c->q_pimwait = 0;
  if (c->halted) return HOST_INF;
  uint64_t until = HOST_INF;
  /* commit: the head completes at a known time, or an event will time it */
  if (c->rob_n) {
    const host_rob_t *e = &c->rob[c->rob_head];
    const uint64_t t = e->complete;
    if (t <= now) return now;
    until = t;
    if (e->kind == K_AMO && (e->amo & (AMO_RL | AMO_READY | AMO_ISSUED)) == (AMO_RL | AMO_READY)) {
      /* an .rl AMO at the head issues when its operands, the older stores
       * and the posted AMOs allow */
      if (amo_head_ok(c, e)) return now;
      if (e->ready > now) until = min64(until, e->ready);
      if (!c->posted_n && c->posted_until > now) until = min64(until, c->posted_until);
    }
  }
  /* store drain: a committed store drains the cycle after its commit */
  if (c->sq_n) {
    const host_sq_t *s = &c->sq[c->sq_head];
    if (!s->waiting && s->commit != HOST_INF) {
      if (s->commit < now) return now;
      until = min64(until, s->commit + 1);
    }
  }
  /* dispatch */
  if (c->wrs_sleep) {
    if (!resv_held(&h->resv, c->id)) return now;
    c->q_ctr = &c->st.barrier_wait_cycles;
    return until;
  }
  if (c->ser != SER_NONE) {
    if (c->ser == SER_LAUNCH && c->wb_pending) {
      c->q_ctr = &c->st.pim_wb_cycles;
      return until;
    }
    if (c->ser == SER_PIMWAIT && h->hooks.pim_done && !h->invq_n &&
        h->hooks.pim_done(h->hooks.ctx, c->id, c->hart.x[c->ser_d.rs1], now * g->clk_ps) == 0) {
      c->q_ctr = &c->st.pim_wait_cycles;
      c->q_pimwait = 1;
      return until;
    }
    return now;
  }
  if (c->ser_inflight) {
    c->q_ctr = &c->st.stall_serial;
    return until;
  }
  if (c->fe_wait_br || c->fe_miss || c->fe_ready > now) {
    c->q_ctr = &c->st.stall_fetch;
    return c->fe_wait_br || c->fe_miss ? until : min64(until, c->fe_ready);
  }
  /* the first dispatch slot: only the stalls before any state change */
  const uint32_t pc = c->hart.pc;
  uint32_t raw = 0;
  const int fetchable = pc >= COPIM_TEXT_BASE && (uint64_t)pc + 4 <= h->mem_bytes && !(pc & 3);
  if (fetchable) {
    if ((pc >> HOST_LINE_BITS) != c->fe_line) return now;
    memcpy(&raw, h->mem + pc, 4);
  }
  /* the decode cache's entry, or one made aside (this look changes nothing) */
  host_dec_t aside;
  const host_dec_t *dc = &c->dec[(pc >> 2) & (HOST_DEC_SIZE - 1)];
  if (dc->pc != pc || dc->raw != raw) {
    dec_fill(&aside, pc, raw);
    dc = &aside;
  }
  const rv32_insn_t *d = &dc->d;
  if (c->rob_n == g->rob) {
    c->q_ctr = &c->st.stall_rob;
    return until;
  }
  const int is_ld = dc->kind == K_LOAD, is_st = dc->kind == K_STORE;
  if ((is_ld && c->lq_n == g->lq) || (is_st && c->sq_n == g->sq)) {
    c->q_ctr = &c->st.stall_lsq;
    return until;
  }
  int ser = dc->ser;
  if (!ser && (is_ld || is_st) && c->hart.x[d->rs1] + (uint32_t)d->imm >= COPIM_MMIO_BASE) ser = 1;
  if (ser && (d->cls & RV32_C_AMO) && (h->cfg.amo_model != HOST_AMO_SERIAL || h->cfg.amo_posted)) return now;
  if (ser && (c->rob_n || c->sq_n)) {
    c->q_ctr = &c->st.stall_serial;
    return until;
  }
  if (ser && posted_wait(c, d)) {
    c->q_ctr = &c->st.posted_wait_cycles;
    return c->posted_n ? until : min64(until, c->posted_until);
  }
  return now;
}
