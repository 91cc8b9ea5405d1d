/* The PE side of the co-simulation system: each vault PE's memory port
 * (the MMIO page, the dispatcher's work grabs, HMC requests and their
 * responses), the PE clock edges and the lines the PEs write (sys_int.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../sw/include/copim_mmio.h"
#include "mmio.h"
#include "sys_int.h"

/* The PEs' view of the MMIO page (mmio.h): the clock is the host's, the
 * work registers those of the PE's last grab (PE_GRAB itself is taken in
 * pe_request, since a grab may go to the HMC). */
static uint64_t pedev_clock(void *ctx) { return host_cycle(((const struct sys *)ctx)->host); }

static int pedev_load(void *ctx, unsigned pe, uint32_t off, uint32_t *v) {
  const hmc_grab_t *g = &((const struct sys *)ctx)->pes.pe[pe].grab;
  switch (off) {
    case COPIM_MMIO_PE_ENTRY: *v = g->entry; return 0;
    case COPIM_MMIO_PE_ARG: *v = g->arg; return 0;
    case COPIM_MMIO_PE_LO: *v = g->lo; return 0;
    case COPIM_MMIO_PE_HI: *v = g->hi; return 0;
    case COPIM_MMIO_PE_TICKET: *v = g->ticket; return 0;
    default: return -1;
  }
}

int sys_pe_new(struct sys *s) {
  for (unsigned pe = 0; pe < SYS_MAX_PES; pe++) s->pes.due[pe] = UINT64_MAX; /* not running: never visited */
  const mmio_cfg_t mc = {s->cfg.host.cores, s->cfg.num_pes, 0};
  const mmio_hooks_t mh = {s, pedev_clock, NULL, pedev_load};
  s->pes.dev = mmio_new(&mc, &mh);
  return s->pes.dev ? 0 : -1;
}

/* Requests in flight: n more (or fewer, negative) from this PE edge on. */
static void inflight_add(const struct sys *s, sys_pe_t *p, int n) {
  p->inflight_sum += (uint64_t)p->inflight * (s->pes.cycle - p->inflight_t);
  p->inflight_t = s->pes.cycle;
  p->inflight = (unsigned)((int)p->inflight + n);
  if (p->inflight > p->inflight_max) p->inflight_max = p->inflight;
}

/* The number of the first PE edge at or after t_ps (pes.cycle's is at pes.t_ps). */
static uint64_t edge_at(const struct sys *s, uint64_t t_ps) {
  const uint64_t pclk = s->cfg.pe_clk_ps;
  return s->pes.cycle + (t_ps <= s->pes.t_ps ? 0 : (t_ps - s->pes.t_ps + pclk - 1) / pclk);
}

/* A response for the port: queued until an edge at or after t_ps takes it
 * (a lazy idle PE is visited at that edge: pe_edge's idle test ends there). */
static sys_pe_resp_t *resp_push(struct sys *s, sys_pe_t *p, unsigned tag, uint64_t seq, uint64_t t_ps) {
  if (p->lazy == SYS_LAZY_IDLE) {
    const uint64_t k = edge_at(s, t_ps);
    const unsigned pe = (unsigned)(p - s->pes.pe);
    if (k < s->pes.due[pe]) s->pes.due[pe] = k;
  }
  sys_pe_resp_t *e = &p->resp[p->resp_ready];
  memset(e, 0, sizeof *e);
  e->tag = tag;
  e->seq = seq;
  e->t_ps = t_ps;
  if (!p->resp_ready || t_ps < p->resp_t_ps) p->resp_t_ps = t_ps;
  p->resp_ready++;
  return e;
}

/* Whether a request with port tag can be accepted: its tag free (not
 * waiting, no response queued); else the run fails (a PE protocol error). */
static int tag_free(struct sys *s, unsigned pe, const sys_pe_t *p, unsigned tag) {
  int busy = tag >= SYS_PE_TAGS || p->slot[tag].wait;
  for (unsigned i = 0; i < p->resp_ready && !busy; i++) busy = p->resp[i].tag == tag;
  if (busy)
    sys_fail(s, "PE %u: a request with port tag %u while that tag is in flight (or above %u) at PE cycle %llu", pe,
             tag, PE_MAX_MSHRS, (unsigned long long)s->pes.cycle);
  return !busy;
}

/* A request accepted that waits for its response in slot tag. */
static sys_pe_slot_t *slot_take(struct sys *s, sys_pe_t *p, unsigned tag, unsigned kind, uint32_t addr) {
  sys_pe_slot_t *q = &p->slot[tag];
  q->wait = 1;
  q->kind = kind;
  q->addr = addr;
  q->val = 0;
  q->seq = p->req_seq++;
  p->wait_resp++;
  inflight_add(s, p, 1);
  return q;
}

static void pe_respond_local(struct sys *s, sys_pe_t *p, unsigned tag, uint32_t v, uint64_t t) {
  inflight_add(s, p, 1);
  resp_push(s, p, tag, p->req_seq++, t + (uint64_t)s->cfg.pe_mmio_lat * s->cfg.pe_clk_ps)->data[0] = v;
}

static hmc_cmd_t amo_cmd(unsigned f5) {
  switch (f5) {
    case RV32_AMO_ADD: return HMC_AMOADD_W;
    case RV32_AMO_SWAP: return HMC_AMOSWAP_W;
    case RV32_AMO_XOR: return HMC_AMOXOR_W;
    case RV32_AMO_AND: return HMC_AMOAND_W;
    case RV32_AMO_OR: return HMC_AMOOR_W;
    case RV32_AMO_MIN: return HMC_AMOMIN_W;
    case RV32_AMO_MAX: return HMC_AMOMAX_W;
    case RV32_AMO_MINU: return HMC_AMOMINU_W;
    case RV32_AMO_MAXU: return HMC_AMOMAXU_W;
    default: return HMC_CMD_COUNT;
  }
}

/* A read of PE_GRAB: the dispatcher finishes the PE's chunk and picks its
 * next one now; a dynamic grab then costs its work counter's fetch-and-add
 * in the HMC, whose response carries the answer.  1 accepted, 0 not. */
static int pe_grab(struct sys *s, unsigned pe, sys_pe_t *p, unsigned tag, uint64_t t) {
  p->grab_tag = tag;
  if (!p->grab_unsent) {
    if (hmc_dispatch_grab(s->disp, pe, t, &p->grab)) {
      sys_fail(s, "PE %u: work grab the dispatcher did not expect at PE cycle %llu", pe, (unsigned long long)s->pes.cycle);
      return 0;
    }
    p->grabs++;
    if (p->grab.got) p->loop_id = p->grab.loop_id < SYS_MAX_LOOPS ? p->grab.loop_id : 0;
    if (s->inval && p->grab.got) sys_inval_grab(s, pe, p->grab.ticket);
    p->grab_unsent = p->grab.ctr_addr != 0;
  }
  if (!p->grab_unsent) {
    pe_respond_local(s, p, tag, (uint32_t)p->grab.got, t);
    return 1;
  }
  hmc_req_t r;
  memset(&r, 0, sizeof r);
  r.port = hmc_port_pe(pe);
  r.tag = pe | (uint64_t)tag << 32;
  r.cmd = HMC_AMOADD_W;
  r.addr = p->grab.ctr_addr;
  r.op[0] = p->grab.hi - p->grab.lo;
  const int rc = hmc_send(s->hmc, &r, t);
  if (rc == HMC_STALL) return 0;
  if (rc != HMC_OK) {
    sys_fail(s, "PE %u: the HMC refused the work counter at 0x%08x", pe, (uint32_t)r.addr);
    return 0;
  }
  p->grab_unsent = 0;
  p->reqs++;
  slot_take(s, p, tag, SYS_REQ_GRAB, 0)->val = (uint32_t)p->grab.got;
  return 1;
}

/* The HMC command of a PE's line fill, word write or vault atomic (funct5
 * amo, operand wdata) at a (line bytes line): 0, -1 for an AMO funct5 that
 * is no vault atomic, -2 for another operation.  Its flags are the
 * caller's. */
static int pe_hmc_cmd(unsigned op, unsigned amo, uint32_t a, uint32_t wdata, unsigned line, hmc_req_t *r) {
  switch (op) {
    case PE_OP_FILL: /* a cache line (at least the HMC's 16-byte minimum) */
      r->cmd = HMC_RD;
      r->addr = a & ~(uint32_t)(line - 1);
      r->size = line > 16 ? line : 16;
      return 0;
    case PE_OP_WRITE:
      /* the data lands at the send (one functional memory; the PE waits
       * for nothing, pe_write_word); the HMC carries the timing and the
       * energy of a 16-byte write */
      r->cmd = HMC_WR_POSTED;
      r->addr = a & ~15u;
      r->size = 16;
      return 0;
    case PE_OP_AMO:
      r->cmd = amo_cmd(amo);
      r->addr = a;
      r->op[0] = wdata;
      return r->cmd == HMC_CMD_COUNT ? -1 : 0;
    default: return -2;
  }
}

/* A PE's word write, lanes be of wdata at a: into the functional memory at
 * once, as the system's write (coherence, reservations). */
static void pe_write_word(struct sys *s, uint32_t a, uint32_t wdata, unsigned be) {
  for (unsigned b = 0; b < 4; b++)
    if (be & (1u << b)) s->mem[(a & ~3u) + b] = (uint8_t)(wdata >> (8 * b));
  s->memw++;
  sys_coh_written(s, a);
  resv_write(host_resv(s->host), a & ~3u, 4);
}

/* The PE's request of this edge: 1 accepted (ready), 0 not (HMC full or a failure). */
static int pe_request(struct sys *s, unsigned pe, sys_pe_t *p, const pe_out_t *o, uint64_t t) {
  const uint32_t a = o->mem_req_addr;
  const unsigned line = s->cfg.pe.line_bytes, tag = o->mem_req_tag;
  if (o->mem_req_op != PE_OP_WRITE && !tag_free(s, pe, p, tag)) return 0;
  if (a >= COPIM_MMIO_BASE) {
    const uint32_t off = a - COPIM_MMIO_BASE;
    const unsigned op = o->mem_req_op;
    if (op == PE_OP_READ && off == COPIM_MMIO_PE_GRAB) return pe_grab(s, pe, p, tag, t);
    uint32_t v = 0;
    if (op == PE_OP_READ && !mmio_read(s->pes.dev, (int)pe, off, 4, &v)) {
      pe_respond_local(s, p, tag, v, t);
      return 1;
    }
    if (op == PE_OP_WRITE && !mmio_write(s->pes.dev, (int)pe, off, 4, o->mem_req_wdata)) return 1;
    sys_fail(s, "PE %u: %s of device address 0x%08x at PE cycle %llu", pe,
             op == PE_OP_AMO ? "AMO" : op == PE_OP_FILL ? "fill" : op == PE_OP_READ ? "read" : "write", a,
             (unsigned long long)s->pes.cycle);
    return 0;
  }
  const unsigned len = o->mem_req_op == PE_OP_FILL ? line : 4;
  if (a < COPIM_TEXT_BASE || (uint64_t)a + len > s->mem_bytes) {
    sys_fail(s, "PE %u: access to 0x%08x outside memory [0x1000, 0x%zx) at PE cycle %llu", pe, a, s->mem_bytes,
             (unsigned long long)s->pes.cycle);
    return 0;
  }
  hmc_req_t r;
  memset(&r, 0, sizeof r);
  r.port = hmc_port_pe(pe);
  r.tag = pe | (uint64_t)tag << 32; /* the port tag comes back with the response */
  const int lrsc = o->mem_req_op == PE_OP_AMO && (o->mem_req_amo == RV32_AMO_LR || o->mem_req_amo == RV32_AMO_SC);
  if (o->mem_req_op == PE_OP_READ) { /* an uncached word: the 16-byte block holding it */
    r.cmd = HMC_RD;
    r.addr = a & ~15u;
    r.size = 16;
  } else if (lrsc) {
    /* LR/SC are not vault atomics (docs/hmc.md): a read or a write with the
     * reservation kept here */
    r.cmd = o->mem_req_amo == RV32_AMO_LR ? HMC_RD : HMC_WR;
    r.addr = a & ~15u;
    r.size = 16;
  } else {
    const int rc = pe_hmc_cmd(o->mem_req_op, o->mem_req_amo, a, o->mem_req_wdata, line, &r);
    if (rc == -1) {
      sys_fail(s, "PE %u: unknown AMO funct5 0x%x at PE cycle %llu", pe, o->mem_req_amo,
               (unsigned long long)s->pes.cycle);
      return 0;
    }
    if (rc) {
      sys_fail(s, "PE %u: unknown memory operation %u at PE cycle %llu", pe, o->mem_req_op,
               (unsigned long long)s->pes.cycle);
      return 0;
    }
  }
  if (o->mem_req_op == PE_OP_FILL || o->mem_req_op == PE_OP_READ) r.flags = HMC_REQ_DATA;
  int rc = hmc_send(s->hmc, &r, t);
  if (rc == HMC_STALL) return 0;
  if (rc != HMC_OK) {
    sys_fail(s, "PE %u: the HMC refused a request to 0x%08x at PE cycle %llu", pe, a, (unsigned long long)s->pes.cycle);
    return 0;
  }
  p->reqs++;
  if (s->inval) sys_inval_req(s, pe, o);
  if (o->mem_req_op == PE_OP_WRITE) {
    pe_write_word(s, a, o->mem_req_wdata, o->mem_req_be);
    return 1;
  }
  sys_pe_slot_t *q = slot_take(s, p, tag, o->mem_req_op, a);
  if (o->mem_req_op == PE_OP_AMO) {
    s->pes.amos++;
    /* one reservation set for host cores and PEs (agent HOST_MAX_CORES + pe);
     * a vault AMO clears reservations when the vault executes it (the HMC
     * write hook set in sys_new) */
    resv_t *rs = host_resv(s->host);
    if (o->mem_req_amo == RV32_AMO_LR) {
      memcpy(&q->val, s->mem + a, 4);
      resv_lr(rs, HOST_MAX_CORES + pe, a);
    } else if (o->mem_req_amo == RV32_AMO_SC) {
      if (resv_sc(rs, HOST_MAX_CORES + pe, a)) {
        memcpy(s->mem + a, &o->mem_req_wdata, 4);
        s->memw++;
        sys_coh_written(s, a);
        resv_write(rs, a, 4);
        q->val = 0;
      } else {
        q->val = 1;
      }
    } else {
      sys_coh_written(s, a);
    }
  }
  return 1;
}

/* The windowed PE's request (pe_set_window, sim.pe_window): a line fill,
 * a word write or an AMO sent to the fast HMC at window edge send (the
 * system's edge pes.cycle + 1 + send, at which pe_request would send it),
 * timed only (HMC_REQ_TIMED: no events, no response), and answered at the
 * first edge at or after the completion the fast schedule gives at send,
 * as resp_take would answer it.  Its functional effect is made now, as
 * pe_request and the vault would make it. */
static int64_t pe_win_req(void *ctx, const pe_win_req_t *q, uint32_t send, uint32_t *data) {
  sys_pe_t *p = ctx;
  struct sys *s = p->win_sys;
  const unsigned lb = s->cfg.pe.line_bytes, len = q->op == PE_OP_FILL ? lb : 4;
  if (q->addr < COPIM_TEXT_BASE || (uint64_t)q->addr + len > s->mem_bytes) return -1; /* the exact path names it */
  /* no further ahead of the system's time than sim.pe_window edges: what
   * the fast HMC schedules out of time order it approximates (docs/hmc.md
   * "Requests out of time order"), the more so the further ahead */
  if (send > s->cfg.pe_window) return -1;
  const uint64_t pclk = s->cfg.pe_clk_ps, t0 = s->pes.t_ps; /* edge j of the window: t0 + (j + 1) pclk */
  hmc_req_t r;
  memset(&r, 0, sizeof r);
  r.port = hmc_port_pe(p->win_id);
  r.flags = HMC_REQ_TIMED;
  if (pe_hmc_cmd(q->op, q->amo, q->addr, q->wdata, lb, &r)) return -1;
  if (hmc_send(s->hmc, &r, t0 + ((uint64_t)send + 1) * pclk) != HMC_OK) return -1;
  p->reqs++;
  p->win_reqs++;
  if (q->op == PE_OP_WRITE) { /* pe_request's write: the data lands now */
    pe_write_word(s, q->addr, q->wdata, q->be);
    return send;
  }
  const uint64_t eta = hmc_fast_eta_ps(s->hmc);
  uint64_t R = eta <= t0 + pclk ? 0 : (eta - t0 + pclk - 1) / pclk - 1;
  if (R <= send) R = send + 1;
  R += (R - send) * p->win_bias_pct / 100; /* a planted fault (tests only) */
  if (q->op == PE_OP_FILL) {
    memcpy(data, s->mem + q->addr, lb);
  } else { /* the vault's atomic (hmc_functional) and its write hook */
    uint64_t ret[2] = {0, 0};
    int flag = 0;
    hmc_atomic_apply(r.cmd, s->mem + q->addr, r.op, ret, &flag);
    data[0] = (uint32_t)ret[0];
    sys_vault_write(s, q->addr, 4);
    sys_coh_written(s, q->addr);
    s->pes.amos++;
  }
  p->inflight_sum += R - send; /* in flight from the send's edge to the response's (none else: one at a time) */
  if (!p->inflight_max) p->inflight_max = 1;
  return (int64_t)R;
}

void sys_pe_responses(struct sys *s) {
  /* nothing new to poll unless the HMC handed something over since */
  const uint64_t dl = hmc_delivered(s->hmc);
  if (dl == s->pes.resp_seen) return;
  s->pes.resp_seen = dl;
  hmc_resp_t r;
  for (unsigned pe = 0; pe < s->cfg.num_pes; pe++) {
    if (!s->pes.pe[pe].wait_resp) continue; /* writes are posted: nothing else comes back */
    while (hmc_poll(s->hmc, hmc_port_pe(pe), &r)) {
      if (r.cmd == HMC_WR_POSTED) continue;
      const uint32_t rpe = (uint32_t)r.tag;
      sys_pe_t *p = &s->pes.pe[rpe < s->cfg.num_pes ? rpe : pe];
      sys_pe_slot_t *q = &p->slot[(r.tag >> 32) % SYS_PE_TAGS];
      if (!q->wait) continue;
      /* in the HMC's delivery order, which need not be the requests' */
      sys_pe_resp_t *e = resp_push(s, p, (unsigned)(q - p->slot), q->seq, r.t_ps);
      uint32_t *d = e->data;
      e->fill = q->kind == PE_OP_FILL;
      e->addr = q->addr;
      switch (q->kind) {
        case PE_OP_FILL: memcpy(d, r.data, s->cfg.pe.line_bytes); break;
        case PE_OP_READ: memcpy(d, r.data + (q->addr & 12), 4); break;
        case SYS_REQ_GRAB: d[0] = q->val; break;
        default: d[0] = (r.cmd == HMC_RD || r.cmd == HMC_WR) ? q->val : (uint32_t)r.ret[0]; break;
      }
      q->wait = 0;
      p->wait_resp--;
    }
  }
}

/* An instruction PE pe retired (its ret_insn): the PE's, the run's and its loop's counts. */
static inline void pe_retire(struct sys *s, sys_pe_t *p, uint32_t insn) {
  p->retired++;
  s->pe_insns++;
  s->loops[p->loop_id].pe_insns++;
  const uint32_t opc = insn & 0x7f;
  if (opc == 0x03) p->loads++;
  else if (opc == 0x23) p->stores++;
}

/* Whether PE pe runs ahead (pe_runahead.h), decided at its first edge, when the
 * blocks are final (sys_set_pe comes before the first step): a C model, and
 * sim.pe_runahead=1 on a configuration the run-ahead covers; else it is stepped
 * every edge, and an uncovered configuration is named once. */
static void ahead_decide(struct sys *s, unsigned pe, sys_pe_t *p) {
  p->ahead_set = 1;
  const int on = s->cfg.pe_runahead && s->pe_c[pe];
  /* pim.pe_inval=written sends line invalidates into a PE's D-cache between
   * its port requests, which a PE that runs ahead would not see */
  if (on && (!pe_runahead_supported(&s->cfg.pe) || s->inval)) {
    if (pe == 0)
      fprintf(stderr, "copim-sim: sim.pe_runahead=1, but the run-ahead PE does not cover %s: "
                      "every PE edge is stepped (as sim.pe_runahead=0)\n",
              s->inval ? "the PE cache invalidation unit (pim.pe_inval=written or pim.inval_stats=1)" : "this PE configuration (pe.dmshrs > 1, pe.counters > 1 or its line size)");
    pe_runahead_init(&p->ahead, NULL, 0);
    return;
  }
  pe_runahead_init(&p->ahead, on ? s->pe[pe].ctx : NULL, COPIM_PE_HARTID_BASE + pe);
  if (s->cfg.pe_window && !(on && s->cfg.pe_runahead == 1) && pe == 0)
    fprintf(stderr, "copim-sim: sim.pe_window=%u, but the PEs do not run ahead (%s): no window\n", s->cfg.pe_window,
            !s->pe_c[pe] ? "the PE is RTL" : s->cfg.pe_runahead == 2 ? "sim.pe_runahead=2 checks the exact run-ahead" : "sim.pe_runahead=0");
  if (on && s->cfg.pe_window && s->cfg.pe_runahead == 1) {
    p->win_sys = s;
    p->win_id = pe;
    /* tests only: every windowed answer this much later (fast_mode_error's planted fault) */
    const char *bias = getenv("COPIM_PE_WINDOW_BIAS_PCT");
    p->win_bias_pct = bias ? (unsigned)strtoul(bias, NULL, 10) : 0;
    pe_set_window(s->pe[pe].ctx, pe_win_req, p);
  }
  if (on && s->cfg.pe_runahead == 2 && !(p->shadow = pe_new(&s->cfg.pe))) sys_fail(s, "sys: out of memory");
}

/* sim.pe_runahead=2: the reference beside the run-ahead PE, stepped every edge
 * with the inputs the system gives (quiet ones on the edges it only
 * counts); its outputs must be the ones the run-ahead PE showed or implied
 * on that edge: the first difference fails the run with the PE cycle, the
 * port and both values (pe_runahead_equiv). */
static void shadow_edge(struct sys *s, unsigned pe, sys_pe_t *p, const pe_in_t *in, const pe_out_t *f,
                        uint64_t cycle) {
  pe_in_t q;
  if (!in) {
    memset(&q, 0, sizeof q);
    q.hart_id = COPIM_PE_HARTID_BASE + pe;
    in = &q;
  }
  pe_out_t r;
  pe_step(p->shadow, in, &r);
  const char *port = NULL;
  uint32_t a = 0, b = 0;
#define PE_CHECK(cond, name, fv, rv) \
  if (!port && (cond) && (fv) != (rv)) port = name, a = (uint32_t)(fv), b = (uint32_t)(rv)
  PE_CHECK(1, "halted_o", f->halted, r.halted);
  PE_CHECK(1, "mem_req_valid_o", f->mem_req_valid, r.mem_req_valid);
  PE_CHECK(r.mem_req_valid, "mem_req_addr_o", f->mem_req_addr, r.mem_req_addr);
  PE_CHECK(r.mem_req_valid, "mem_req_op_o", f->mem_req_op, r.mem_req_op);
  PE_CHECK(r.mem_req_valid, "mem_req_amo_o", f->mem_req_amo, r.mem_req_amo);
  PE_CHECK(r.mem_req_valid, "mem_req_wdata_o", f->mem_req_wdata, r.mem_req_wdata);
  PE_CHECK(r.mem_req_valid, "mem_req_be_o", f->mem_req_be, r.mem_req_be);
  PE_CHECK(1, "ret_valid_o", f->ret_valid, r.ret_valid);
  PE_CHECK(r.ret_valid, "ret_pc_o", f->ret_pc, r.ret_pc);
  PE_CHECK(r.ret_valid, "ret_insn_o", f->ret_insn, r.ret_insn);
  PE_CHECK(r.ret_valid, "ret_rd_o", f->ret_rd, r.ret_rd);
  PE_CHECK(r.ret_valid, "ret_rd_value_o", f->ret_rd_value, r.ret_rd_value);
#undef PE_CHECK
  if (port)
    sys_fail(s, "PE %u: the run-ahead PE and the reference differ at PE cycle %llu, port %s: run-ahead 0x%08x, "
                "reference 0x%08x", pe, (unsigned long long)cycle, port, a, b);
}

/* An edge the system only counts: nothing at the port, ret what retired. */
static void shadow_quiet(struct sys *s, unsigned pe, sys_pe_t *p, const pe_out_t *ret, uint64_t cycle) {
  pe_out_t f;
  if (ret) f = *ret;
  else memset(&f, 0, sizeof f);
  f.halted = f.mem_req_valid = 0;
  shadow_edge(s, pe, p, NULL, &f, cycle);
}

void sys_pe_free(struct sys *s) {
  for (unsigned pe = 0; pe < SYS_MAX_PES; pe++) pe_free(s->pes.pe[pe].shadow);
  mmio_free(s->pes.dev);
}

void sys_pe_start(struct sys *s, unsigned pe, uint32_t boot_pc) {
  sys_pe_t *p = &s->pes.pe[pe];
  p->start_pending = 1;
  p->boot_pc = boot_pc;
  if (p->lazy != SYS_LAZY_WINDOW) s->pes.due[pe] = 0; /* an idle PE takes the start at its next edge (a window first ends) */
  if (!p->running) s->pes.active++;
  p->running = 1;
  p->starts++;
}

uint64_t sys_pe_unstepped(const struct sys *s, unsigned pe) {
  const sys_pe_t *p = &s->pes.pe[pe];
  if (p->lazy) return s->pes.due[pe] == UINT64_MAX ? UINT64_MAX : s->pes.due[pe] - s->pes.cycle;
  if (p->start_pending) return 0;
  if (p->ahead.edges) return p->ahead.edges; /* run ahead: the next edge after them presents something */
  const uint64_t idle = s->pe_c[pe] ? pe_idle(s->pe[pe].ctx) : 0;
  return idle <= p->owed ? 0 : idle == UINT64_MAX ? idle : idle - p->owed;
}

/* Counts n (<= sys_pe_unstepped) such edges of PE pe, wide: a wide launch is
 * active. */
static void pe_count(struct sys *s, unsigned pe, uint64_t n, int wide) {
  sys_pe_t *p = &s->pes.pe[pe];
  if (p->lazy) return; /* counted when visited (skip_edges keeps the calendar and the wide edges) */
  p->run_cycles += n;
  p->run_cycles_wide += wide ? n : 0;
  if (p->shadow) {
    for (uint64_t i = 0; i < n && !s->failed; i++) {
      pe_out_t r;
      memset(&r, 0, sizeof r);
      if (p->ahead.edges) {
        pe_runahead_take1(&p->ahead, &r);
        if (r.ret_valid) pe_retire(s, p, r.ret_insn);
      } else {
        p->owed++;
      }
      shadow_quiet(s, pe, p, &r, s->pes.cycle + i);
    }
    return;
  }
  if (!p->ahead.edges) {
    p->owed += n;
    return;
  }
  pe_runahead_count_t c = {0, 0, 0};
  pe_runahead_take(&p->ahead, n, &c);
  p->retired += c.retired;
  s->pe_insns += c.retired;
  s->loops[p->loop_id].pe_insns += c.retired;
  p->loads += c.loads;
  p->stores += c.stores;
}

/* The port's response of this edge: of those due, the earliest (the first
 * queued among equal times), with its tag; while the invalidation unit
 * holds the work grab's answer (hold), of the others.  With pe.dmshrs = 1
 * there is never more than one. */
static void resp_take(struct sys *s, unsigned pe, sys_pe_t *p, pe_in_t *in, uint64_t t, int hold) {
  unsigned k = p->resp_ready;
  for (unsigned i = 0; i < p->resp_ready; i++)
    if (!(hold && p->resp[i].tag == p->grab_tag) && (k == p->resp_ready || p->resp[i].t_ps < p->resp[k].t_ps)) k = i;
  if (k == p->resp_ready || p->resp[k].t_ps > t) return;
  const sys_pe_resp_t *e = &p->resp[k];
  if (e->fill && s->inval) sys_inval_fill_done(s, pe, e->addr);
  in->mem_resp_valid = 1;
  in->mem_resp_tag = e->tag;
  memcpy(in->mem_resp_data, e->data, sizeof in->mem_resp_data);
  /* out of order: an older request of this PE still waits */
  int older = 0;
  for (unsigned g = 0; g < SYS_PE_TAGS; g++) older |= p->slot[g].wait && p->slot[g].seq < e->seq;
  for (unsigned i = 0; i < p->resp_ready; i++) older |= p->resp[i].seq < e->seq;
  p->ooo_resps += (uint64_t)older;
  memmove(&p->resp[k], &p->resp[k + 1], (p->resp_ready - k - 1) * sizeof p->resp[0]);
  p->resp_ready--;
  for (unsigned i = 0; i < p->resp_ready; i++)
    if (!i || p->resp[i].t_ps < p->resp_t_ps) p->resp_t_ps = p->resp[i].t_ps;
  inflight_add(s, p, -1);
}

/* Lazy PEs.  A PE running ahead (its window's edges only counted) or idle
 * (its edges only counted, pe_idle) needs nothing of an edge but its
 * counts until a known edge: its window's end, its idle count's end, its
 * response's edge (resp_push) or a start (d_start).  pe_edge visits it only
 * from there (pes.due) and counts the edges it passed then (pe_settle):
 * run_cycles, run_cycles_wide from the edges of wide launches so far
 * (pes.wide_edges), a window's retirements for the PE and its loop, an idle
 * PE's owed edges.  The run's pe_insns, which the progress watchdog reads
 * after every step, stays counted at each retirement's edge through the
 * calendar of the windows' retirements (pes.ret_cal).  A PE with a shadow
 * reference (sim.pe_runahead=2) or with the invalidation unit is never lazy. */

/* The calendar's retirements at the n edges from pes.cycle on. */
static void cal_take(struct sys *s, uint64_t n) {
  if (n > SYS_PE_CAL) n = SYS_PE_CAL;
  for (uint64_t j = 0; j < n && s->pes.cal_n; j++) {
    uint32_t *c = &s->pes.ret_cal[(s->pes.cycle + j) & (SYS_PE_CAL - 1)];
    s->pe_insns += *c;
    s->pes.cal_n -= *c;
    *c = 0;
  }
}

/* n PE edges from pes.cycle on passed in a skip: the lazy PEs' share of
 * them (the calendar's retirements, the wide edges).  Before pes.cycle
 * moves. */
static void skip_edges(struct sys *s, uint64_t n, int wide) {
  if (s->pes.cal_n) cal_take(s, n);
  s->pes.wide_edges += wide ? n : 0;
}

void sys_pe_skip_span(struct sys *s, uint64_t last_ps) {
  /* the PE edges of the skipped cycles: counted, or gated */
  const uint64_t pclk = s->cfg.pe_clk_ps;
  if (s->pes.t_ps <= last_ps) {
    const uint64_t n = (last_ps - s->pes.t_ps) / pclk + 1;
    if (s->pes.active) {
      const int wide = hmc_dispatch_wide(s->disp) != 0;
      for (unsigned pe = 0; pe < s->cfg.num_pes; pe++) /* launches neither start nor end in a skip */
        if (s->pes.pe[pe].running) pe_count(s, pe, n, wide);
      skip_edges(s, n, wide);
    }
    s->pes.t_ps += n * pclk;
    s->pes.cycle += n;
  }
}

/* Counts the edges PE p passed lazily, up to pes.cycle (not included). */
static void pe_settle(struct sys *s, sys_pe_t *p) {
  const uint64_t n = s->pes.cycle - p->from;
  p->run_cycles += n;
  p->run_cycles_wide += s->pes.wide_edges - p->wide_from;
  p->from = s->pes.cycle;
  p->wide_from = s->pes.wide_edges;
  if (p->lazy == SYS_LAZY_IDLE) {
    p->owed += n;
    return;
  }
  pe_runahead_count_t c = {0, 0, 0};
  pe_runahead_take(&p->ahead, n, &c); /* pe_insns: the calendar's */
  p->retired += c.retired;
  s->loops[p->loop_id].pe_insns += c.retired;
  p->loads += c.loads;
  p->stores += c.stores;
  if (!p->ahead.edges) p->lazy = SYS_LAZY_NONE;
}

void sys_pe_settle_all(struct sys *s) {
  for (unsigned pe = 0; pe < s->cfg.num_pes; pe++)
    if (s->pes.pe[pe].lazy) pe_settle(s, &s->pes.pe[pe]);
}

/* After the real step of edge pes.cycle opened a window: lazy until its end. */
static void pe_lazy_window(struct sys *s, unsigned pe, sys_pe_t *p, uint64_t wide) {
  p->lazy = SYS_LAZY_WINDOW;
  p->from = s->pes.cycle + 1;
  p->wide_from = s->pes.wide_edges + wide;
  s->pes.due[pe] = p->from + p->ahead.edges;
  uint32_t loads = 0, stores = 0;
  for (uint32_t i = 0; i < p->ahead.nret; i++) {
    s->pes.ret_cal[(p->from + p->ahead.ret[i].edge) & (SYS_PE_CAL - 1)]++;
    const uint32_t opc = p->ahead.ret[i].insn & 0x7f;
    loads += opc == 0x03;
    stores += opc == 0x23;
  }
  p->ahead.tot_loads = loads;
  p->ahead.tot_stores = stores;
  p->ahead.counted = 1;
  s->pes.cal_n += p->ahead.nret;
}

/* After edge pes.cycle counted PE pe idle: lazy while the idle test would
 * hold (pe_edge), until its count's end or its response's edge. */
static void pe_lazy_idle(struct sys *s, unsigned pe, sys_pe_t *p, uint64_t wide) {
  const uint64_t idle = pe_idle(s->pe[pe].ctx);
  uint64_t due = idle == UINT64_MAX ? UINT64_MAX : s->pes.cycle + 1 + (idle - p->owed);
  if (p->resp_ready) { /* after this edge's time: the test held */
    const uint64_t k = edge_at(s, p->resp_t_ps);
    if (k < due) due = k;
  }
  if (due <= s->pes.cycle + 1) return;
  p->lazy = SYS_LAZY_IDLE;
  p->from = s->pes.cycle + 1;
  p->wide_from = s->pes.wide_edges + wide;
  s->pes.due[pe] = due;
}

/* One PE clock edge at time t for every PE that is not clock gated. */
static void pe_edge(struct sys *s, uint64_t t) {
  const uint64_t wide = hmc_dispatch_wide(s->disp) != 0; /* as the edge starts */
  if (s->pes.cal_n) cal_take(s, 1);
  for (unsigned pe = 0; pe < s->cfg.num_pes && !s->failed; pe++) {
    if (s->pes.cycle < s->pes.due[pe]) continue; /* not running (UINT64_MAX), or lazy */
    sys_pe_t *p = &s->pes.pe[pe];
    if (!p->running) continue;
    if (p->lazy) {
      pe_settle(s, p);
      p->lazy = SYS_LAZY_NONE;
    }
    if (p->ahead.edges) {
      /* computed ahead with the inputs this edge has (none): only counted */
      p->seen_run = 1;
      p->run_cycles++;
      p->run_cycles_wide += wide;
      if (!p->shadow) {
        const pe_runahead_ret_t *r = pe_runahead_next(&p->ahead);
        if (r) pe_retire(s, p, r->insn);
        continue;
      }
      pe_out_t r;
      pe_runahead_take1(&p->ahead, &r);
      if (r.ret_valid) pe_retire(s, p, r.ret_insn);
      shadow_quiet(s, pe, p, &r, s->pes.cycle);
      continue;
    }
    if (!p->ahead_set) ahead_decide(s, pe, p);
    if (s->cfg.skip && s->pe_c[pe] && !p->start_pending && pe_idle(s->pe[pe].ctx) > p->owed &&
        !(p->resp_ready && p->resp_t_ps <= t) && !(s->inval && sys_inval_busy(s, pe))) {
      /* still waiting with the same inputs (so not halted): the edge would
       * only count (pe.h pe_idle); the model gets the count before its next step */
      p->owed++;
      p->run_cycles++;
      p->run_cycles_wide += wide;
      if (p->shadow) shadow_quiet(s, pe, p, NULL, s->pes.cycle);
      else if (!s->inval) pe_lazy_idle(s, pe, p, wide);
      continue;
    }
    if (p->owed) {
      pe_skip(s->pe[pe].ctx, p->owed);
      p->owed = 0;
    }
    pe_out_t o;
    s->pe[pe].outputs(s->pe[pe].ctx, &o);
    if (!p->start_pending && p->seen_run && o.halted && !p->wait_resp && !p->resp_ready) {
      p->running = 0;
      s->pes.due[pe] = UINT64_MAX;
      s->pes.active--;
      if (hmc_dispatch_pe_halted(s->disp, pe, t)) sys_fail(s, "PE %u: halt the dispatcher did not expect", pe);
      continue;
    }
    pe_in_t in;
    memset(&in, 0, sizeof in);
    in.hart_id = COPIM_PE_HARTID_BASE + pe;
    if (p->start_pending && o.halted) {
      in.start = 1;
      in.boot_pc = p->boot_pc;
      p->start_pending = 0;
      p->seen_run = 0;
    } else if (!o.halted) {
      p->seen_run = 1;
    }
    const int inval_hold = s->inval && sys_inval_edge(s, pe, &in); /* line invalidations first */
    if (p->resp_ready && p->resp_t_ps <= t) resp_take(s, pe, p, &in, t, inval_hold);
    if (o.mem_req_valid) in.mem_req_ready = pe_request(s, pe, p, &o, t);
    pe_out_t so;
    if (s->pe[pe].step(s->pe[pe].ctx, &in, &so)) {
      sys_fail(s, "%s", s->pe[pe].error(s->pe[pe].ctx));
      return;
    }
    p->run_cycles++;
    p->run_cycles_wide += wide;
    if (so.ret_valid) pe_retire(s, p, so.ret_insn);
    if (p->shadow) shadow_edge(s, pe, p, &in, &so, s->pes.cycle);
    /* the next edges' inputs are quiet until the PE presents a request or
     * halts: no start waits, no response is due (a write's port is free
     * again, anything else accepted waits for its response) */
    if (p->ahead.pe && !p->start_pending && !p->wait_resp && !p->resp_ready) {
      pe_runahead_run(&p->ahead);
      if (p->ahead.edges && !p->shadow) pe_lazy_window(s, pe, p, wide);
    }
  }
  s->pes.wide_edges += wide;
}

/* The PE side of one cycle: the HMC, the dispatcher and the PE edges up to its time. */
void sys_pe_side(struct sys *s) {
  const unsigned nc = s->cfg.host.cores;
  /* PEs: every edge up to the time of this host cycle.  The host advances
   * the HMC only while it has requests in flight, so the system does it
   * for the PEs (same time: a no-op when the host already did), and hands
   * any host-link response that advance delivered to the host. */
  const uint64_t now_ps = (host_cycle(s->host) - 1) * s->cfg.host.clk_ps;
  if (s->pes.active || hmc_inflight(s->hmc)) {
    hmc_advance(s->hmc, now_ps);
    /* a response reaches a link's queue only by a delivery, which counts */
    const uint64_t dl = hmc_delivered(s->hmc);
    if (dl != s->pes.link_seen) {
      s->pes.link_seen = dl;
      hmc_resp_t hr;
      const unsigned links = s->cfg.hmc.links;
      for (unsigned l = 0; l < links && l < nc; l++)
        while (hmc_poll(s->hmc, hmc_port_link(l), &hr)) host_hmc_response(s->host, &hr);
    }
  }
  hmc_dispatch_advance(s->disp, now_ps);
  if (s->pes.active) {
    while (s->pes.t_ps <= now_ps && s->pes.active && !s->failed) {
      sys_pe_responses(s); /* only before an edge: responses keep their time */
      pe_edge(s, s->pes.t_ps);
      s->pes.t_ps += s->cfg.pe_clk_ps;
      s->pes.cycle++;
    }
  }
  if (s->pes.t_ps <= now_ps) {
    /* gated: skip to the first edge after now */
    const uint64_t n = (now_ps - s->pes.t_ps) / s->cfg.pe_clk_ps + 1;
    s->pes.t_ps += n * s->cfg.pe_clk_ps;
    s->pes.cycle += n;
  }
}
