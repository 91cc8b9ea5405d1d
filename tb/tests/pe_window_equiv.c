/* pe_window_equiv: the windowed PE (pe_set_window, sim.pe_window: the
 * run-ahead goes on through a D-cache load miss, its fill timed when it is
 * sent) against the RTL-mirroring model stepped every cycle, on random
 * programs (pe_lockstep_random's generator) under a memory that accepts
 * every request at once and answers after a fixed latency (1..60 cycles,
 * from the seed), so that the hook knows each fill's response edge at send,
 * as the fast HMC does in the system.
 *
 * With such a memory the windowed PE is exact, not approximate: the same
 * instructions retire in the same order with the same results (pc, word,
 * rd, value) in the same cycle, and the run halts in the same cycle; the
 * first difference fails the test with the retirement, both cycles or
 * both values.  (What sim.pe_window approximates in the system is the
 * memory's side: fills sent ahead of the system's time, docs/pe.md.)  It
 * also fails when no window went through a miss, so that it cannot pass
 * by testing nothing.
 *
 * Planted fault: COPIM_PE_WINDOW_LATE=N makes the hook answer N edges later
 * than the memory does, which must fail it.
 *
 * --cycles N: instructions each of the 3 seeds retires (30000). */
#define TEST_NAME "pe_window_equiv"
#define main pe_lockstep_random_main
#include "pe_lockstep_random.c"
#undef main

#include "pe_runahead.h"

typedef struct {
  pe_mem_t *mem;
  uint64_t cycle0; /* the cycle of the real step the window follows (its edge j is cycle0 + 1 + j) */
  unsigned lat, late, line_bytes;
  uint64_t fills, writes, amos;
} win_ctx_t;

/* The hook: the request accepted at window edge send (cycle0 + 1 + send),
 * performed now as pe_mem_cycle performs it at acceptance, answered lat
 * cycles later (a write has no answer). */
static int64_t win_req(void *ctx, const pe_win_req_t *q, uint32_t send, uint32_t *data) {
  win_ctx_t *w = ctx;
  uint32_t old = 0;
  switch (q->op) {
    case PE_OP_FILL:
      for (unsigned k = 0; k < w->line_bytes / 4; k++)
        if (pe_mem_read(w->mem, q->addr + 4 * k, 4, &data[k])) return -1;
      break;
    case PE_OP_WRITE:
      for (unsigned b = 0; b < 4; b++)
        if ((q->be >> b) & 1)
          if (pe_mem_write(w->mem, q->addr + b, 1, q->wdata >> (8 * b))) return -1;
      w->writes++;
      return send;
    default:
      if (pe_mem_read(w->mem, q->addr, 4, &old) || pe_mem_write(w->mem, q->addr, 4, rv32_amo_apply(q->amo, old, q->wdata)))
        return -1;
      data[0] = old;
      w->amos++;
      return (int64_t)send + w->lat + w->late;
  }
  w->fills++;
  return (int64_t)send + w->lat + w->late;
}

typedef struct {
  uint32_t pc, insn, rd, val;
  uint64_t cycle;
} ret_rec_t;

#define RQ 4096
typedef struct {
  ret_rec_t r[RQ];
  unsigned head, n;
} ret_q_t;

static void q_push(ret_q_t *q, const pe_out_t *o, uint64_t cycle) {
  q->r[(q->head + q->n++) % RQ] = (ret_rec_t){o->ret_pc, o->ret_insn, o->ret_rd, o->ret_rd_value, cycle};
}

typedef struct {
  uint64_t rets, ref_cycles, win_cycles, fills, writes, amos;
} stats_t;

/* Pairs the retirements both sides have made so far, in order; 0 (and the
 * failure) at a functional difference. */
static int pair(tb_t *t, ret_q_t *a, ret_q_t *b, stats_t *st) {
  while (a->n && b->n) {
    const ret_rec_t *x = &a->r[a->head], *y = &b->r[b->head];
    t->checks++;
    if (x->pc != y->pc || x->insn != y->insn || x->rd != y->rd || x->val != y->val) {
      tb_fail(t, "retirement %llu: windowed pc 0x%08x insn 0x%08x x%u=0x%08x (cycle %llu), reference pc 0x%08x insn "
                 "0x%08x x%u=0x%08x (cycle %llu)\n",
              (unsigned long long)st->rets, y->pc, y->insn, y->rd, y->val, (unsigned long long)y->cycle, x->pc,
              x->insn, x->rd, x->val, (unsigned long long)x->cycle);
      return 0;
    }
    if (x->cycle != y->cycle) {
      tb_fail(t, "retirement %llu (pc 0x%08x insn 0x%08x): windowed PE at cycle %llu, reference at %llu\n",
              (unsigned long long)st->rets, x->pc, x->insn, (unsigned long long)y->cycle, (unsigned long long)x->cycle);
      return 0;
    }
    st->rets++;
    a->head = (a->head + 1) % RQ;
    a->n--;
    b->head = (b->head + 1) % RQ;
    b->n--;
  }
  if (a->n >= RQ - 1 || b->n >= RQ - 1) {
    tb_fail(t, "one side ran %u retirements ahead of the other\n", a->n > b->n ? a->n : b->n);
    return 0;
  }
  return 1;
}

/* One stepped cycle of pe against its memory: 1 once it has halted (its
 * cycles added to *cycles), else 0 with the cycle stepped, its retirement
 * queued, and the cycle's inputs and outputs (before the edge) in *in, *o. */
static int real_cycle(pe_t *pe, pe_mem_t *mem, uint64_t cycle, ret_q_t *q, uint64_t *cycles, pe_in_t *in, pe_out_t *o) {
  memset(in, 0, sizeof *in);
  in->start = cycle == 0;
  in->boot_pc = CODE;
  pe_outputs(pe, o);
  if (cycle > 0 && o->halted) {
    *cycles += cycle;
    return 1;
  }
  pe_mem_cycle(mem, o, in, cycle);
  pe_step(pe, in, NULL);
  if (o->ret_valid) q_push(q, o, cycle);
  return 0;
}

static int run_program(tb_t *t, const prog_t *pg, unsigned lat, unsigned late, uint64_t mem_seed, stats_t *st) {
  const pe_cfg_t cfg = PE_CFG_DEFAULT;
  const pe_mem_timing_t tm = {lat, lat, 1, 1, cfg.line_bytes};
  pe_t *ref = pe_new(&cfg), *wp = pe_new(&cfg);
  pe_mem_t *rmem = pe_mem_new(&tm, mem_seed), *wmem = pe_mem_new(&tm, mem_seed);
  static ret_q_t rq, wq;
  memset(&rq, 0, sizeof rq);
  memset(&wq, 0, sizeof wq);
  win_ctx_t wc = {wmem, 0, lat, late, cfg.line_bytes, 0, 0, 0};
  pe_runahead_t f;
  int ok = ref && wp && rmem && wmem, pending = 0, ref_done = 0, win_done = 0;
  if (!ok) tb_fail(t, "cannot build the models\n");
  for (unsigned i = 0; ok && i < pg->n; i++) {
    pe_mem_write(rmem, CODE + 4 * i, 4, pg->w[i]);
    pe_mem_write(wmem, CODE + 4 * i, 4, pg->w[i]);
  }
  if (ok) {
    pe_runahead_init(&f, wp, 0);
    pe_set_window(wp, win_req, &wc);
  }
  for (uint64_t cycle = 0; ok && (!ref_done || !win_done); cycle++) {
    if (cycle == 4000000) {
      tb_fail(t, "no halt within 4000000 cycles\n");
      ok = 0;
      break;
    }
    pe_in_t in;
    pe_out_t o;
    if (!ref_done) ref_done = real_cycle(ref, rmem, cycle, &rq, &st->ref_cycles, &in, &o);
    if (!win_done) {
      if (f.edges) {
        pe_runahead_take1(&f, &o);
        if (o.ret_valid) q_push(&wq, &o, cycle);
      } else if (!(win_done = real_cycle(wp, wmem, cycle, &wq, &st->win_cycles, &in, &o))) {
        if (in.mem_resp_valid) pending = 0;
        if (in.mem_req_ready && o.mem_req_op != PE_OP_WRITE) pending = 1;
        if (!pending) {
          wc.cycle0 = cycle;
          pe_runahead_run(&f);
        }
      }
    }
    ok = pair(t, &rq, &wq, st);
  }
  if (ok && (rq.n || wq.n)) {
    tb_fail(t, "the %s retired %u more instructions\n", rq.n ? "reference" : "windowed PE", rq.n ? rq.n : wq.n);
    ok = 0;
  }
  if (ok && (pe_mem_error(rmem) || pe_mem_error(wmem))) {
    tb_fail(t, "memory error\n");
    ok = 0;
  }
  st->fills += wc.fills;
  st->writes += wc.writes;
  st->amos += wc.amos;
  pe_free(ref);
  pe_free(wp);
  pe_mem_free(rmem);
  pe_mem_free(wmem);
  return ok;
}

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, TEST_NAME, 1);
  const char *late_env = getenv("COPIM_PE_WINDOW_LATE");
  const unsigned late = late_env ? (unsigned)atoi(late_env) : 0;
  const uint64_t per_seed = tb_len(&t, 30000);
  static prog_t prog;
  stats_t all = {0, 0, 0, 0, 0, 0};
  for (unsigned s = 0; s < 3 && !t.failures; s++) {
    const uint64_t seed = t.seed + s;
    tb_rng_t rng;
    tb_rng_seed(&rng, seed);
    prog.r = &rng;
    stats_t st = {0};
    uint64_t programs = 0;
    while (st.rets < per_seed && !t.failures) {
      gen(&prog, 40 + (unsigned)tb_rng_below(&rng, 60));
      const unsigned lat = 1 + (unsigned)tb_rng_below(&rng, 60);
      if (!run_program(&t, &prog, lat, late, tb_rng_next(&rng), &st)) {
        printf("  seed %llu, program %llu (%u words, latency %u) differs; rerun with --seed %llu\n",
               (unsigned long long)seed, (unsigned long long)programs, prog.n, lat, (unsigned long long)t.seed);
        break;
      }
      programs++;
    }
    tb_log(&t, "  seed %llu: %llu programs, %llu retirements paired in the same cycles, windowed: %llu fills, %llu "
               "writes, %llu AMOs; %llu cycles in both\n",
           (unsigned long long)seed, (unsigned long long)programs, (unsigned long long)st.rets,
           (unsigned long long)st.fills, (unsigned long long)st.writes, (unsigned long long)st.amos,
           (unsigned long long)st.ref_cycles);
    all.fills += st.fills;
    all.writes += st.writes;
    all.amos += st.amos;
    if (!t.failures && st.win_cycles != st.ref_cycles)
      tb_fail(&t, "seed %llu: the windowed PE halted after %llu cycles in all, the reference after %llu\n",
              (unsigned long long)seed, (unsigned long long)st.win_cycles, (unsigned long long)st.ref_cycles);
  }
  t.checks++;
  if (!t.failures && (!all.fills || !all.writes || !all.amos))
    tb_fail(&t, "a kind of request never went through a window (fills %llu, writes %llu, AMOs %llu)\n",
            (unsigned long long)all.fills, (unsigned long long)all.writes, (unsigned long long)all.amos);
  return tb_finish(&t);
}
