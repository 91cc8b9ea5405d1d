/* The interval core (issue 50; cfg.core_interval, docs/host.md "The interval
 * core"): the fast mode's host core, after Sniper's interval model (Carlson
 * et al., SC 2011) in its simplest, one-pass form.
 *
 * The exact core (host_core.c) gives every instruction a ROB entry that the
 * dataflow model steps: consumer lists, a scheduling call when its operands
 * resolve, an event per load, a commit scan every cycle.  With at-once
 * memory (cfg.mem_atonce) every ordinary instruction's completion is known
 * when it dispatches, so this core computes all its cycles then, in program
 * order, and keeps only what later instructions need: each register's
 * ready cycle, and rings of the commit cycles of the instructions in the ROB
 * and the load queue and of the stores in the store queue.  Per cycle it
 * only counts the commits that fall in it (the IMU's instr_ret).
 *
 * The rules are the exact core's, applied in program order instead of in
 * the order operands resolve:
 *   dispatch   width a cycle, the group ending at a taken control transfer;
 *              not before the ROB, the load or the store queue has room; a
 *              new line fetched at once from the L1I (a miss stalls until
 *              its fill); a mispredicted branch holds the next dispatch
 *              until it resolves plus the penalty;
 *   issue      a cycle after dispatch, once its sources are ready, on a free
 *              unit (the exact core's rings, taken in program order);
 *   loads      through a load port at issue, looked up at once (a younger
 *              load than an .aq AMO issues after it); forwarded from the
 *              youngest older overlapping store still in the queue;
 *   commit     in order, width a cycle, not before completion;
 *   stores     leave the queue in order, from the cycle after their commit,
 *              owning the line (looked up at once);
 *   AMOs       in the caches as the RVWMO model has them (.aq holds younger
 *              loads and AMOs, .rl and an older store to the same word make
 *              it wait for every older instruction's commit and store).
 * What it approximates: a load's, store's or AMO's cache lookup is made
 * when it dispatches, with its issue cycle, which may lie ahead of the
 * system's cycle (the exact at-once core makes a miss at its issue cycle),
 * so the caches and the fast HMC see the core's accesses in its program
 * order rather than in time order (the fast HMC is put out of order for it,
 * as for the windowed PE); unit contention is taken in program order.
 *
 * Every serialising instruction (CSR and system instructions, fences,
 * LR/SC, device accesses, the custom-0 markers, PIM launch and wait) goes
 * through the exact core, entered when this one has drained: it then sees
 * the same empty ROB and store queue it would in the exact core.  An AMO a
 * vault executes (pei, graphpim) is sent to the fast HMC timed only when
 * its operands are ready (a link that refuses it holds dispatch), performed
 * at dispatch, and completes with the vault's response, or for a posted
 * one (rd = x0) once the link has it, holding fences and .rl AMOs until
 * its vault's time. */
#include <stdlib.h>
#include <string.h>

#include "../../sw/include/copim_mmio.h"
#include "host_int.h"

static uint64_t max64(uint64_t a, uint64_t b) { return a > b ? a : b; }

int host_ival_init(host_core_t *c) {
  const host_cfg_t *g = &c->h->cfg;
  c->ic_cmt = calloc(g->rob, sizeof *c->ic_cmt);
  c->ic_ld = calloc(g->lq, sizeof *c->ic_ld);
  c->ic_st = calloc(g->sq, sizeof *c->ic_st);
  return c->ic_cmt && c->ic_ld && c->ic_st ? 0 : -1;
}

void host_ival_fini(host_core_t *c) {
  free(c->ic_cmt);
  free(c->ic_ld);
  free(c->ic_st);
}

void host_ival_reset(host_core_t *c) { memset(&c->ic, 0, sizeof c->ic); }

int host_ival_exact(const host_core_t *c) { return c->ic.ex; }

/* The loads and stores that have left their queues by cycle now. */
static void queues_pop(host_core_t *c, uint64_t now) {
  const host_cfg_t *g = &c->h->cfg;
  while (c->ic.ldq && c->ic_ld[c->ic.ldh] <= now) {
    if (++c->ic.ldh == g->lq) c->ic.ldh = 0;
    c->ic.ldq--;
  }
  while (c->ic.stq && c->ic_st[c->ic.sth].leave <= now) {
    if (++c->ic.sth == g->sq) c->ic.sth = 0;
    c->ic.stq--;
  }
}

/* The commits before cycle to counted (the IMU's and the statistics'):
 * how many; *last the cycle of the latest. */
static unsigned commits_before(host_core_t *c, uint64_t to, uint64_t *last) {
  const unsigned R = c->h->cfg.rob;
  unsigned n = 0;
  while (c->ic.q && c->ic_cmt[c->ic.h] < to) {
    *last = c->ic_cmt[c->ic.h];
    if (++c->ic.h == R) c->ic.h = 0;
    c->ic.q--;
    n++;
  }
  c->st.insns += n;
  return n;
}

/* Holds dispatch until cycle t (> now), counting the cycles in *ctr. */
static void hold(host_core_t *c, uint64_t now, uint64_t t, uint64_t *ctr) {
  if (t <= now) t = now + 1;
  *ctr += t - now;
  c->ic.t = t;
  c->ic.w = 0;
}

/* The cycle an instruction completing at done commits: in order, width a cycle. */
static uint64_t commit_at(host_core_t *c, uint64_t done) {
  if (done > c->ic.last) {
    c->ic.last = done;
    c->ic.last_w = 1;
  } else if (c->ic.last_w == c->h->cfg.width) {
    c->ic.last++;
    c->ic.last_w = 1;
  } else {
    c->ic.last_w++;
  }
  const host_cfg_t *g = &c->h->cfg;
  unsigned i = c->ic.h + c->ic.q;
  if (i >= g->rob) i -= g->rob;
  c->ic_cmt[i] = c->ic.last;
  c->ic.q++;
  return c->ic.last;
}

/* The youngest older store in the queue overlapping [addr, addr + size), or NULL. */
static const host_ics_t *fwd_from(const host_core_t *c, uint32_t addr, unsigned size) {
  const unsigned S = c->h->cfg.sq;
  for (unsigned k = c->ic.stq; k-- > 0;) {
    unsigned i = c->ic.sth + k;
    if (i >= S) i -= S;
    const host_ics_t *s = &c->ic_st[i];
    if (s->addr < addr + size && addr < s->addr + s->size) return s;
  }
  return NULL;
}

/* The instruction at the pc serialises (CSR, system, fence, LR/SC, a device
 * access, custom-0): the exact core takes it, at once when the interval
 * core has drained as the exact core's ROB and store queue would have, and
 * first in its cycle; else dispatch holds until then. */
static void hand_over(host_core_t *c, uint64_t now) {
  const uint64_t t = max64(c->ic.last, c->ic.leave);
  if (c->ic.w || c->ic.q || c->ic.stq || t > now) {
    hold(c, now, c->ic.w ? max64(t, now + 1) : t, &c->st.stall_serial);
    return;
  }
  host_core_dispatch(c);
  c->ic.ex = 1;
}

/* The issue cycle (*tp) and the completion of instruction dc, executed as
 * r, dispatched in cycle cy; far: a vault AMO sent at far_t, its vault's
 * answer at far_eta. */
static uint64_t time_insn(host_core_t *c, const host_dec_t *dc, const rv32_result_t *r, uint64_t cy, uint64_t now,
                          int amo, int far, uint64_t far_t, uint64_t far_eta, uint64_t *tp) {
  const host_cfg_t *g = &c->h->cfg;
  const rv32_insn_t *d = &dc->d;
  uint64_t t = cy + 1; /* issue: a cycle after dispatch, its sources ready */
  if ((d->cls & RV32_C_USES_RS1) && d->rs1) t = max64(t, c->reg_ready[d->rs1]);
  if ((d->cls & RV32_C_USES_RS2) && d->rs2) t = max64(t, c->reg_ready[d->rs2]);
  if (amo) { /* the exact core's rs1 and rs2 of an AMO */
    if (d->rs1) t = max64(t, c->reg_ready[d->rs1]);
    if (d->rs2) t = max64(t, c->reg_ready[d->rs2]);
  }
  uint64_t done;
  const host_ics_t *fw = NULL;
  if (far) {
    /* the PIM designs order their own atomics (no .aq/.rl) under posted
     * AMOs; a posted one (rd = x0) retires once the link has it and
     * holds fences until its vault has performed it */
    const int own = g->amo_posted, posted = own && d->rd == 0;
    c->st.amos++;
    c->st.amos_far++;
    c->st.amos_posted += posted;
    t = far_t;
    if (!own) t = max64(t, c->ic.aq);
    done = posted ? t + 1 : far_eta + 1;
    if (posted && c->posted_until < far_eta) c->posted_until = far_eta;
    if (!own && (dc->raw >> 26 & 1)) c->ic.aq = done;
  } else if (amo) {
    c->st.amos++;
    int rl = dc->raw >> 25 & 1;
    const int aq = dc->raw >> 26 & 1;
    t = max64(t, c->ic.aq);
    if (!rl && fwd_from(c, r->mem_addr, 4)) rl = 1; /* same-address order with an older store */
    if (rl) t = max64(max64(t, c->posted_until), max64(c->ic.last, c->ic.stq ? c->ic.leave + 1 : 0));
    done = host_core_atonce_amo(c, r->mem_addr, t);
    if (aq) c->ic.aq = done;
  } else {
    switch (dc->kind) {
      case K_LOAD:
        c->st.loads++;
        t = max64(t, c->ic.aq);
        fw = fwd_from(c, r->mem_addr, dc->size);
        if (fw) {
          c->st.fwd_loads++;
          if (fw->commit > cy) t = max64(t, fw->data);
          done = t + g->lat_fwd;
        } else {
          t = host_fu_slot(c->fu_ld, g->load_ports, t, now);
          done = host_mem_atonce(c, 1, r->mem_addr, 0, t);
        }
        break;
      case K_STORE:
        c->st.stores++;
        done = t;
        break;
      case K_MUL:
        t = host_fu_slot(c->fu_mul, g->muls, t, now);
        done = t + g->lat_mul;
        break;
      case K_DIV:
        t = max64(t, c->div_free);
        c->div_free = t + g->lat_div;
        done = t + g->lat_div;
        break;
      default: /* K_ALU, K_BR */
        t = host_fu_slot(c->fu_alu, g->alus, t, now);
        done = t + g->lat_alu;
        break;
    }
  }
  *tp = t;
  return done;
}

/* Dispatch in cycle cy (>= now, the system's cycle: ahead of it by less
 * than host.ival_quantum): 1 when the cycle's group ended and the next
 * cycle may dispatch, 0 when dispatch stopped (a hold, a hand-over, a
 * failure). */
static int dispatch_cycle(host_core_t *c, uint64_t cy, uint64_t now) {
  struct host *h = c->h;
  const host_cfg_t *g = &h->cfg;
  if (cy < c->fe_ready) {
    hold(c, cy, c->fe_ready, &c->st.stall_fetch);
    return 0;
  }
  queues_pop(c, cy);
  while (c->ic.w < g->width) {
    const uint32_t pc = c->hart.pc;
    uint32_t raw = 0;
    /* the line last fetched was fetchable (fe_line is set for no other) */
    const int fetchable = ((pc >> HOST_LINE_BITS) == c->fe_line && !(pc & 3)) ||
                          (pc >= COPIM_TEXT_BASE && (uint64_t)pc + 4 <= h->mem_bytes && !(pc & 3));
    if (fetchable) {
      const uint32_t line = pc >> HOST_LINE_BITS;
      if (line != c->fe_line) {
        const uint64_t t = host_mem_atonce(c, 0, pc, 0, cy);
        if (t > cy) {
          hold(c, cy, t, &c->st.stall_fetch);
          return 0;
        }
        c->fe_line = line;
      }
      memcpy(&raw, h->mem + pc, 4);
    }
    const host_dec_t *dc = host_core_decode(c, pc, raw);
    const rv32_insn_t *d = &dc->d;
    if (c->ic.q == g->rob) {
      if (c->ic_cmt[c->ic.h] <= cy) { /* free by cy, not yet counted: dispatch goes on in that cycle */
        c->ic.t = cy;
        return 0;
      }
      hold(c, cy, c->ic_cmt[c->ic.h], &c->st.stall_rob);
      return 0;
    }
    const unsigned kind = dc->kind;
    const int is_ld = kind == K_LOAD, is_st = kind == K_STORE;
    if (is_ld && c->ic.ldq == g->lq) {
      hold(c, cy, c->ic_ld[c->ic.ldh], &c->st.stall_lsq);
      return 0;
    }
    if (is_st && c->ic.stq == g->sq) {
      hold(c, cy, c->ic_st[c->ic.sth].leave, &c->st.stall_lsq);
      return 0;
    }
    int ser = dc->ser, amo = 0, far = 0;
    if (!ser && (is_ld || is_st) && c->hart.x[d->rs1] + (uint32_t)d->imm >= COPIM_MMIO_BASE) ser = 1;
    if (ser && (d->cls & RV32_C_AMO) && host_core_amo_inline(c, d)) {
      amo = 1;
      far = c->far_pre;
      ser = 0;
    }
    if (ser) {
      if (cy > now) { /* the exact core acts in the system's cycle: wait for cy */
        c->ic.t = cy;
        return 0;
      }
      hand_over(c, now);
      return 0;
    }
    uint64_t far_t = 0, far_eta = 0;
    if (far) {
      /* a vault AMO: sent when its operands are ready, before it executes,
       * so that a link that refuses it holds dispatch (the exact core's
       * send queue) and the AMO does not happen twice */
      far_t = cy + 1;
      if (d->rs1) far_t = max64(far_t, c->reg_ready[d->rs1]);
      if (d->rs2) far_t = max64(far_t, c->reg_ready[d->rs2]);
      const int posted = g->amo_posted && d->rd == 0;
      if (host_mem_amo_timed(c, c->hart.x[d->rs1], d->funct5, c->hart.x[d->rs2], posted, far_t, &far_eta) != HMC_OK) {
        if (!h->failed) hold(c, cy, cy + 1, &c->st.stall_lsq);
        return 0;
      }
    }
    /* an ordinary instruction or an AMO: execute, then time it (a vault AMO
     * is performed now, where the exact core's posted one waits for its
     * vault: the windowed PE's approximation) */
    rv32_result_t r;
    if (!host_core_execute(c, d, fetchable, &r)) {
      if (!h->failed) hold(c, cy, c->fe_ready, &c->st.stall_fetch); /* a trap's redirect */
      return 0;
    }
    c->next_seq++; /* amo_site's answers are keyed by it */
    uint64_t t;
    uint64_t done = time_insn(c, dc, &r, cy, now, amo, far, far_t, far_eta, &t);
    const int end_group = r.next_pc != pc + 4;
    if (h->ic_bias_pct) done += (done - t) * h->ic_bias_pct / 100;
    const uint64_t cm = commit_at(c, done);
    if (kind == K_LOAD && !amo) {
      unsigned i = c->ic.ldh + c->ic.ldq;
      if (i >= g->lq) i -= g->lq;
      c->ic_ld[i] = cm;
      c->ic.ldq++;
    } else if (kind == K_STORE) {
      /* leaves the queue from the cycle after its commit, one a cycle, once
       * it owns the line (the exact at-once store drain) */
      const uint64_t x = max64(cm + 1, c->ic.stq ? c->ic.leave + 1 : 0);
      c->ic.leave = max64(x, host_core_atonce_store(c, r.mem_addr, x));
      unsigned i = c->ic.sth + c->ic.stq;
      if (i >= g->sq) i -= g->sq;
      c->ic_st[i] = (host_ics_t){.addr = r.mem_addr, .size = dc->size, .data = done, .commit = cm, .leave = c->ic.leave};
      c->ic.stq++;
    }
    if ((d->cls & RV32_C_WRITES_RD) && d->rd) c->reg_ready[d->rd] = done;
    if (kind == K_BR && !amo) {
      c->st.branches++;
      if (host_core_predict(c, d, pc, r.next_pc)) {
        c->st.mispredicts++;
        hold(c, cy, done + g->mispredict_penalty, &c->st.stall_fetch);
        return 0;
      }
    }
    c->ic.w++;
    if (end_group) break;
  }
  c->ic.t = cy + 1;
  c->ic.w = 0;
  return 1;
}

/* The core's cycles from ic_t on, while they lie less than
 * host.ival_quantum cycles ahead of the system's: 1 (the default) is
 * dispatch in the system's cycle only. */
static void dispatch(host_core_t *c) {
  const uint64_t now = c->h->now, q = c->h->cfg.ival_quantum;
  if (c->ic.t > now) return;
  if (c->ic.t < now) {
    c->ic.t = now;
    c->ic.w = 0;
  }
  while (c->ic.t < now + q && dispatch_cycle(c, c->ic.t, now)) {
  }
}

void host_ival_cycle(host_core_t *c) {
  struct host *h = c->h;
  const uint64_t now = h->now;
  c->imu_out.marker_valid = 0;
  c->committed_now = 0;
  if (c->halted) return;
  c->st.cycles_active = now + 1;
  if (c->ic.ex) {
    /* the exact core's part: a serialising instruction handed over (its
     * custom-0 sequence, its ROB entry until it commits), wrs.nto asleep */
    if (c->rob_n || c->sq_n) {
      host_core_commit(c);
      host_core_drain(c);
    }
    if (c->wrs_sleep) {
      if (resv_held(&h->resv, c->id)) {
        c->st.barrier_wait_cycles++;
        return;
      }
      c->wrs_sleep = 0;
    }
    if (c->ser != SER_NONE || c->ser_inflight || c->rob_n) {
      if (c->ser != SER_NONE) host_core_dispatch(c); /* ser_step */
      else c->st.stall_serial++;
      return;
    }
    c->ic.ex = 0;
  }
  if (c->ic.t < c->fe_ready) { /* back from the exact core (or a trap): its redirect */
    c->ic.t = c->fe_ready;
    c->ic.w = 0;
  }
  uint64_t last = 0;
  const unsigned n = commits_before(c, now + 1, &last);
  if (n) {
    c->committed_now = n;
    h->last_commit = now;
  }
  dispatch(c);
}

uint64_t host_ival_idle_until(host_core_t *c, uint64_t now) {
  c->q_ctr = NULL;
  c->q_pimwait = 0;
  if (c->halted) return HOST_INF;
  /* commits alone do not keep the core busy: the system skips only while
   * every IMU is idle, which reads no instr_ret, and host_ival_skip counts
   * them */
  return c->ic.t <= now ? now : c->ic.t;
}

void host_ival_skip(host_core_t *c, uint64_t to) {
  if (c->halted || host_ival_exact(c)) return;
  uint64_t last = 0;
  if (commits_before(c, to, &last) && c->h->last_commit < last) c->h->last_commit = last;
}
