/* Offline offload policies (issue 9, SPEC section 7): greedy, pimprof,
 * a3pim and oracle compute a per-loop plan that IMU PLAN mode follows.
 * greedy, pimprof and oracle profile with this same simulator (C blocks,
 * the run's configuration), a3pim reads the loop bodies' RV32 code.
 * docs/policies.md documents each model, its approximations and the plan
 * file format. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "elf.h"
#include "kernels.h"
#include "pol_plan.h"
#include "rv32.h"
#include "sys.h"

#define POL_MAX_LOOPS 16

typedef struct {
  int n;
  uint32_t id[POL_MAX_LOOPS];
  const char *name[POL_MAX_LOOPS];
} loops_t;

/* The kernel's marked loops from the registry (csim/graph/kernels.h); the
 * body function of loop "k.name" is the symbol "k_name". */
static void kernel_loops(const char *kernel, loops_t *L) {
  memset(L, 0, sizeof *L);
  const kern_t *k = kern_find(kernel);
  for (unsigned i = 0; k && i < k->nloops && L->n < POL_MAX_LOOPS; i++) {
    L->id[L->n] = k->loops[i].id;
    L->name[L->n++] = k->loops[i].name;
  }
}

static void plan_of_mask(const loops_t *L, unsigned mask, sys_plan_t *p) {
  memset(p, 0, sizeof *p);
  for (int i = 0; i < L->n; i++) {
    p->id[p->n] = L->id[i];
    p->site[p->n++] = (uint8_t)((mask >> i) & 1);
  }
}

static void logf_(const pol_ctx_t *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void logf_(const pol_ctx_t *c, const char *fmt, ...) {
  if (!c->log) return;
  va_list ap;
  va_start(ap, fmt);
  vfprintf(c->log, fmt, ap);
  va_end(ap);
  fflush(c->log);
}

/* ---------------------------------------------------------------- profiling runs */

typedef struct {
  uint64_t kernel_cycles;
  uint64_t cyc[POL_MAX_LOOPS];   /* core-cycles spent inside the loop (depth >= 1), summed over cores */
  uint64_t execs[POL_MAX_LOOPS]; /* executions seen on core 0 */
  uint64_t wb[POL_MAX_LOOPS];    /* dirty lines written back before this loop's launches */
  uint64_t inv[POL_MAX_LOOPS];   /* lines the PEs wrote (invalidated in the host) */
  uint64_t trans[POL_MAX_LOOPS][POL_MAX_LOOPS]; /* core 0: loop a's execution followed by loop b's */
  /* per execution: core-cycles inside the loop's e-th execution (each
   * core's e-th begin of it), summed over cores; the first POL_MAX_EXECS */
  uint64_t *ecyc[POL_MAX_LOOPS];
  unsigned nexec[POL_MAX_LOOPS];
} prof_t;

#define POL_MAX_EXECS 4096

static void prof_free(prof_t *pr) {
  for (int i = 0; i < POL_MAX_LOOPS; i++) free(pr->ecyc[i]);
  memset(pr->ecyc, 0, sizeof pr->ecyc);
}

/* n core-cycles of core k inside loop i, whose begins of it numbered kb */
static void prof_exec(prof_t *pr, int i, uint64_t kb, uint64_t n) {
  if (!kb || kb > POL_MAX_EXECS) return;
  if (!pr->ecyc[i]) pr->ecyc[i] = calloc(POL_MAX_EXECS, sizeof *pr->ecyc[i]);
  if (!pr->ecyc[i]) return;
  pr->ecyc[i][kb - 1] += n;
  if (kb > pr->nexec[i]) pr->nexec[i] = (unsigned)kb;
}

static int loop_index(const loops_t *L, uint32_t id) {
  for (int i = 0; i < L->n; i++)
    if (L->id[i] == id) return i;
  return -1;
}

/* One run of the plan given by mask, with per-loop accounting. */
static int profile(const pol_ctx_t *c, const loops_t *L, unsigned mask, prof_t *pr, char *err, size_t cap) {
  prof_free(pr);
  memset(pr, 0, sizeof *pr);
  sys_plan_t plan;
  plan_of_mask(L, mask, &plan);
  sys_t *s = sys_new(c->cfg, c->elf, c->g, c->kp, sys_policy_find("plan"), &plan, err, cap);
  if (!s) return -1;
  const unsigned nc = c->cfg->host.cores;
  int prev = -1, cur = -1;
  unsigned d0 = 0;
  uint64_t wb0 = 0, inv0 = 0;
  int rc;
  /* cycles, not steps: a step may first jump over idle host cycles
   * (sim.skip, run-ahead PEs), in which no marker retires, so each core's
   * loop is then the one it was in after the previous step; the stepped
   * cycle itself counts for the loop after it */
  int in[HOST_MAX_CORES];
  uint64_t kb[HOST_MAX_CORES][POL_MAX_LOOPS]; /* each core's begins of each loop so far */
  memset(kb, 0, sizeof kb);
  for (unsigned k = 0; k < nc; k++) in[k] = -1;
  uint64_t c0 = sys_cycle(s);
  while ((rc = sys_step(s)) == 0) {
    const uint64_t c1 = sys_cycle(s);
    for (unsigned k = 0; k < nc; k++) {
      if (in[k] >= 0 && c1 - c0 > 1) {
        pr->cyc[in[k]] += c1 - c0 - 1;
        prof_exec(pr, in[k], kb[k][in[k]], c1 - c0 - 1);
      }
      uint32_t id;
      const int was = in[k];
      in[k] = sys_loop_depth(s, k, &id) ? loop_index(L, id) : -1;
      if (in[k] >= 0 && in[k] != was) kb[k][in[k]]++;
      if (in[k] >= 0) {
        pr->cyc[in[k]]++;
        prof_exec(pr, in[k], kb[k][in[k]], 1);
      }
    }
    c0 = c1;
    uint32_t id0;
    const unsigned depth0 = sys_loop_depth(s, 0, &id0);
    if (depth0 != d0) {
      if (d0 == 0 && depth0) { /* core 0 enters a loop: close the previous one's window */
        uint64_t wb, inv;
        sys_coh_lines(s, &wb, &inv);
        if (cur >= 0) {
          pr->wb[cur] += wb - wb0;
          pr->inv[cur] += inv - inv0;
        }
        wb0 = wb;
        inv0 = inv;
        cur = loop_index(L, id0);
        if (cur >= 0) {
          pr->execs[cur]++;
          if (prev >= 0) pr->trans[prev][cur]++;
          prev = cur;
        }
      }
      d0 = depth0;
    }
  }
  if (cur >= 0) {
    uint64_t wb, inv;
    sys_coh_lines(s, &wb, &inv);
    pr->wb[cur] += wb - wb0;
    pr->inv[cur] += inv - inv0;
  }
  char why[256];
  if (rc < 0 || !sys_verify(s, why, sizeof why)) {
    snprintf(err, cap, "profiling run (plan mask 0x%x): %s", mask, rc < 0 ? sys_error(s) : why);
    sys_free(s);
    return -1;
  }
  sys_summary_t sum;
  sys_summary(s, &sum);
  pr->kernel_cycles = sum.kernel_cycles;
  sys_free(s);
  return 0;
}

/* ---------------------------------------------------------------- A3PIM static analysis */

/* Abstract value of a register in the linear scan of a body. */
typedef struct {
  int kind;     /* 0 unknown, 1 constant, 2 pointer into the array whose base was loaded from static address lab */
  uint32_t val; /* constant value, or the label */
} aval_t;

#define A3_MAX_LABELS 32
typedef struct {
  uint32_t insns, loads, stores, amos, branches;
  uint32_t inner_insns, inner_mem; /* inside the innermost backward branch's range */
  int nlab;
  uint32_t lab[A3_MAX_LABELS];     /* arrays (by the static word holding their base) and static words accessed */
} a3_t;

static void a3_label(a3_t *a, uint32_t lab) {
  for (int i = 0; i < a->nlab; i++)
    if (a->lab[i] == lab) return;
  if (a->nlab < A3_MAX_LABELS) a->lab[a->nlab++] = lab;
}

static int a3_body(elf_t *e, const uint8_t *mem, size_t mem_bytes, const char *sym, a3_t *a, char *err, size_t cap) {
  memset(a, 0, sizeof *a);
  uint32_t lo = 0, n = 0, gp = 0;
  if (!elf_symbol_range(e, sym, &lo, &n) || !n) {
    snprintf(err, cap, "a3pim: the ELF has no function '%s' (the loop body)", sym);
    return -1;
  }
  elf_symbol(e, "__global_pointer$", &gp);
  if ((uint64_t)lo + n > mem_bytes) {
    snprintf(err, cap, "a3pim: '%s' lies outside the loaded image", sym);
    return -1;
  }
  aval_t r[32];
  memset(r, 0, sizeof r);
  r[0] = (aval_t){1, 0};
  r[3] = (aval_t){1, gp};
  r[11] = (aval_t){2, 0xFFFFFFFFu}; /* a1 = arg: a pointer of its own */
  uint32_t in_lo = 0, in_hi = 0;    /* innermost loop: the shortest backward branch range */
  for (uint32_t pc = lo; pc < lo + n; pc += 4) {
    uint32_t w;
    memcpy(&w, mem + pc, 4);
    rv32_insn_t d;
    rv32_decode(w, &d);
    const aval_t b = r[d.rs1];
    const uint32_t imm = (uint32_t)d.imm;
    aval_t out = {0, 0};
    int writes = d.rd != 0 && !(d.cls & (RV32_C_STORE | RV32_C_BRANCH));
    a->insns++;
    if (d.op == RV32_LUI) out = (aval_t){1, imm};
    else if (d.op == RV32_AUIPC) out = (aval_t){1, pc + imm};
    else if (d.op == RV32_ADDI) {
      if (b.kind == 1) out = (aval_t){1, b.val + imm};
      else if (b.kind == 2) out = b;
    } else if (d.op == RV32_ADD) {
      const aval_t x = r[d.rs2];
      if (b.kind == 1 && x.kind == 1) out = (aval_t){1, b.val + x.val};
      else if ((b.kind == 2) != (x.kind == 2)) out = b.kind == 2 ? b : x;
    } else if (d.cls & RV32_C_LOAD) {
      a->loads++;
      if (b.kind == 1) {
        a3_label(a, b.val + imm);
        out = (aval_t){2, b.val + imm}; /* a word of static data: may be an array's base */
      } else if (b.kind == 2) a3_label(a, b.val);
    } else if (d.cls & RV32_C_STORE) {
      a->stores++;
      if (b.kind == 1) a3_label(a, b.val + imm);
      else if (b.kind == 2) a3_label(a, b.val);
    } else if (d.cls & RV32_C_AMO) {
      a->amos++;
      if (b.kind == 2) a3_label(a, b.val);
    } else if (d.cls & RV32_C_BRANCH || d.op == RV32_JAL) {
      /* backward branches and jumps close loops */
      a->branches += !!(d.cls & RV32_C_BRANCH);
      if (d.imm < 0 && (!in_hi || (uint32_t)-d.imm < in_hi - in_lo)) in_lo = pc + imm, in_hi = pc + 4;
    }
    if (writes) r[d.rd] = out;
    r[0] = (aval_t){1, 0};
  }
  if (in_hi) {
    for (uint32_t pc = in_lo; pc < in_hi; pc += 4) {
      uint32_t w;
      memcpy(&w, mem + pc, 4);
      rv32_insn_t d;
      rv32_decode(w, &d);
      a->inner_insns++;
      a->inner_mem += !!(d.cls & (RV32_C_LOAD | RV32_C_STORE | RV32_C_AMO));
    }
  }
  return 0;
}

static int load_image(void *ctx, uint32_t addr, const void *data, uint32_t n) {
  uint8_t **m = ctx;
  if ((uint64_t)addr + n > (64u << 20)) return -1;
  if (data) memcpy(*m + addr, data, n);
  else memset(*m + addr, 0, n);
  return 0;
}

static int a3pim(const pol_ctx_t *c, const loops_t *L, unsigned *mask, char *text, size_t tcap, char *err, size_t cap) {
  elf_t *e = elf_open(c->elf, err, cap);
  if (!e) return -1;
  uint8_t *mem = calloc(1, 64u << 20);
  if (!mem || elf_load(e, load_image, &mem, err, cap)) {
    if (mem) snprintf(err, cap, "a3pim: %s: cannot load the ELF below 64 MB", c->elf);
    free(mem);
    elf_free(e);
    return -1;
  }
  a3_t a[POL_MAX_LOOPS];
  double score[POL_MAX_LOOPS];
  size_t o = strlen(text);
  for (int i = 0; i < L->n; i++) {
    char sym[64];
    snprintf(sym, sizeof sym, "%s", L->name[i]);
    for (char *p = sym; *p; p++)
      if (*p == '.') *p = '_';
    if (a3_body(e, mem, 64u << 20, sym, &a[i], err, cap)) {
      free(mem);
      elf_free(e);
      return -1;
    }
    const double mi = (double)(a[i].loads + a[i].stores + a[i].amos) / a[i].insns;
    const double lsp = a[i].inner_insns ? (double)a[i].inner_mem / a[i].inner_insns : mi;
    score[i] = mi > lsp ? mi : lsp;
    o += (size_t)snprintf(text + o, o < tcap ? tcap - o : 0,
                          "# a3pim %s (%s): %u insns, %u loads %u stores %u amos %u branches; memory intensity %.3f, "
                          "load-store pressure (inner loop %u insns) %.3f, %d data objects\n",
                          L->name[i], sym, a[i].insns, a[i].loads, a[i].stores, a[i].amos, a[i].branches, mi,
                          a[i].inner_insns, lsp, a[i].nlab);
  }
  free(mem);
  elf_free(e);
  /* connectivity clustering: Jaccard similarity of the data objects two
   * bodies touch; >= alpha joins their clusters (union-find) */
  const double alpha = 0.75;
  int parent[POL_MAX_LOOPS];
  for (int i = 0; i < L->n; i++) parent[i] = i;
  for (int i = 0; i < L->n; i++)
    for (int j = i + 1; j < L->n; j++) {
      int inter = 0;
      for (int x = 0; x < a[i].nlab; x++)
        for (int y = 0; y < a[j].nlab; y++) inter += a[i].lab[x] == a[j].lab[y];
      const int uni = a[i].nlab + a[j].nlab - inter;
      const double conn = uni ? (double)inter / uni : 0.0;
      o += (size_t)snprintf(text + o, o < tcap ? tcap - o : 0, "# a3pim connectivity %s - %s: %.3f%s\n", L->name[i],
                            L->name[j], conn, conn >= alpha ? " (clustered)" : "");
      if (conn >= alpha) {
        int ri = i, rj = j;
        while (parent[ri] != ri) ri = parent[ri];
        while (parent[rj] != rj) rj = parent[rj];
        parent[rj] = ri;
      }
    }
  /* a cluster goes to PIM when its instruction-weighted score is above 0.5 */
  *mask = 0;
  for (int i = 0; i < L->n; i++) {
    int ri = i;
    while (parent[ri] != ri) ri = parent[ri];
    double num = 0, den = 0;
    for (int j = 0; j < L->n; j++) {
      int rj = j;
      while (parent[rj] != rj) rj = parent[rj];
      if (rj == ri) num += score[j] * a[j].insns, den += a[j].insns;
    }
    if (den > 0 && num / den > 0.5) *mask |= 1u << i;
  }
  return 0;
}

/* ---------------------------------------------------------------- the dynamic oracle */

/* The best side per loop execution, from the all-host (h) and all-PIM (p)
 * profiles' per-execution costs (core-cycles inside the execution, over
 * the cores): the all-host kernel time minus each execution's host cost
 * plus the cheaper of its two costs.  An estimate, not a bound: the cache
 * state one execution leaves the next is that of the profiles, and the
 * switching costs between sides are those inside the executions.  0 when
 * the two runs' executions do not pair up. */
static uint64_t dyn_oracle(const prof_t *h, const prof_t *p, const loops_t *L, unsigned nc, char *text, size_t tcap,
                           size_t *o) {
  double est = (double)h->kernel_cycles;
  for (int i = 0; i < L->n; i++) {
    if (h->nexec[i] != p->nexec[i] || (h->nexec[i] && (!h->ecyc[i] || !p->ecyc[i]))) {
      *o += (size_t)snprintf(text + *o, *o < tcap ? tcap - *o : 0,
                             "# dynamic oracle: %s has %u executions on the host, %u in memory: no estimate\n",
                             L->name[i], h->nexec[i], p->nexec[i]);
      return 0;
    }
    unsigned npim = 0;
    double gain = 0;
    for (unsigned e = 0; e < h->nexec[i]; e++)
      if (p->ecyc[i][e] < h->ecyc[i][e]) {
        npim++;
        gain += (double)(h->ecyc[i][e] - p->ecyc[i][e]) / nc;
      }
    est -= gain;
    *o += (size_t)snprintf(text + *o, *o < tcap ? tcap - *o : 0,
                           "# dynamic oracle: %s: %u of %u executions in memory, %.0f cycles saved\n", L->name[i], npim,
                           h->nexec[i], gain);
  }
  return (uint64_t)(est + 0.5);
}

/* ---------------------------------------------------------------- the policies */

static unsigned popcount(unsigned v) {
  unsigned n = 0;
  for (; v; v &= v - 1) n++;
  return n;
}

int pol_make_plan(const pol_ctx_t *c, const sys_policy_t *pol, sys_plan_t *plan, char *text, size_t tcap, char *summary,
                  size_t scap, char *err, size_t cap) {
  const char *policy = pol->name;
  loops_t L;
  kernel_loops(c->kernel, &L);
  if (!L.n) {
    snprintf(err, cap, "%s: no marked loops known for kernel '%s'", policy, c->kernel);
    return -1;
  }
  text[0] = 0;
  size_t o = (size_t)snprintf(text, tcap, "# plan of policy %s for %s (IMU PLAN mode; docs/policies.md)\n", policy,
                              c->kernel);
  char note[160] = "";
  unsigned mask = 0;
  const double ns_per_cyc = c->cfg->host.clk_ps / 1000.0;
  const unsigned nc = c->cfg->host.cores;
  if (pol->planner == SYS_PLANNER_A3PIM) {
    if (a3pim(c, &L, &mask, text, tcap, err, cap)) return -1;
    o = strlen(text);
  } else if (pol->planner == SYS_PLANNER_GREEDY || pol->planner == SYS_PLANNER_PIMPROF) {
    prof_t *ph = calloc(1, sizeof *ph), *pp = calloc(1, sizeof *pp);
    if (!ph || !pp) {
      free(ph), free(pp);
      snprintf(err, cap, "out of memory");
      return -1;
    }
    logf_(c, "[%s] profiling run 1/2: every loop on the host\n", policy);
    if (profile(c, &L, 0, ph, err, cap)) goto fail;
    logf_(c, "[%s] profiling run 2/2: every loop in memory\n", policy);
    if (profile(c, &L, (1u << L.n) - 1, pp, err, cap)) goto fail;
    /* per-loop cost on each side: core-cycles inside the loop / cores (ns) */
    double th[POL_MAX_LOOPS], tp[POL_MAX_LOOPS];
    for (int i = 0; i < L.n; i++) {
      th[i] = (double)ph->cyc[i] / nc * ns_per_cyc;
      tp[i] = (double)pp->cyc[i] / nc * ns_per_cyc;
      o += (size_t)snprintf(text + o, o < tcap ? tcap - o : 0,
                            "# profile %s: host %.0f ns, pim %.0f ns, %llu execs; pim run: %llu lines flushed, %llu "
                            "lines written by PEs\n",
                            L.name[i], th[i], tp[i], (unsigned long long)pp->execs[i], (unsigned long long)pp->wb[i],
                            (unsigned long long)pp->inv[i]);
    }
    if (pol->planner == SYS_PLANNER_GREEDY) {
      for (int i = 0; i < L.n; i++)
        if (tp[i] < th[i]) mask |= 1u << i;
    } else {
      /* PIMProf: cost(plan) = sum of per-loop execution costs on their site
       * + per switch of site between consecutive loop executions: 2 us
       * context switch + data-dependency segments: host->PIM flushes the
       * lines the PIM side needs from the host (60 ns each), PIM->host
       * fetches the lines the PEs wrote (30 ns each).  All 2^n placements of
       * the batch of loops are evaluated (n <= 16). */
      double best = 0;
      for (unsigned m = 0; m < (1u << L.n); m++) {
        double cost = 0;
        for (int i = 0; i < L.n; i++) cost += (m >> i & 1) ? tp[i] : th[i];
        for (int a2 = 0; a2 < L.n; a2++)
          for (int b2 = 0; b2 < L.n; b2++) {
            const uint64_t k = ph->trans[a2][b2];
            if (!k || ((m >> a2) & 1) == ((m >> b2) & 1)) continue;
            const double wb_b = pp->execs[b2] ? (double)pp->wb[b2] / pp->execs[b2] : 0;
            const double inv_a = pp->execs[a2] ? (double)pp->inv[a2] / pp->execs[a2] : 0;
            cost += (double)k * (2000.0 + ((m >> b2) & 1 ? 60.0 * wb_b : 30.0 * inv_a));
          }
        if (m == 0 || cost < best) best = cost, mask = m;
      }
      snprintf(note, sizeof note, "; model cost %.0f ns", best);
    }
    prof_free(ph);
    prof_free(pp);
    free(ph);
    free(pp);
    goto done;
  fail:
    prof_free(ph);
    prof_free(pp);
    free(ph);
    free(pp);
    return -1;
  } else if (pol->planner == SYS_PLANNER_ORACLE) {
    const unsigned total = 1u << L.n, lim = c->oracle_max_runs ? c->oracle_max_runs : 64;
    unsigned cand[64], nc2 = 0;
    if (total <= lim && total <= 64) {
      for (unsigned m = 0; m < total; m++) cand[nc2++] = m;
    } else {
      /* too many: all-host, all-PIM, then each single loop flipped from
       * either, up to the limit (at least the two static placements) */
      const unsigned cap2 = lim < 2 ? 2 : lim > 64 ? 64 : lim;
      unsigned pool[2 + 2 * POL_MAX_LOOPS], np2 = 0;
      pool[np2++] = 0;
      pool[np2++] = total - 1;
      for (int i = 0; i < L.n; i++) pool[np2++] = 1u << i, pool[np2++] = (total - 1) & ~(1u << i);
      for (unsigned k = 0; k < np2 && nc2 < cap2; k++) {
        int dup = 0;
        for (unsigned j = 0; j < nc2; j++) dup |= cand[j] == pool[k];
        if (!dup) cand[nc2++] = pool[k];
      }
      logf_(c, "[oracle] %u placements exceed the limit of %u runs: searching %u of them only\n", total, lim, nc2);
    }
    uint64_t best = 0;
    /* pr: this run's profile; ends[0], ends[1]: the all-host and all-PIM
     * runs', kept for the dynamic estimate */
    prof_t *pr = calloc(1, sizeof *pr), *ends[2] = {calloc(1, sizeof *pr), calloc(1, sizeof *pr)};
    if (!pr || !ends[0] || !ends[1]) {
      free(pr), free(ends[0]), free(ends[1]);
      snprintf(err, cap, "out of memory");
      return -1;
    }
    int rc = 0;
    for (unsigned k = 0; k < nc2 && !rc; k++) {
      logf_(c, "[oracle] run %u/%u: plan mask 0x%x\n", k + 1, nc2, cand[k]);
      if ((rc = profile(c, &L, cand[k], pr, err, cap)) != 0) break;
      o += (size_t)snprintf(text + o, o < tcap ? tcap - o : 0, "# oracle:");
      for (int i = 0; i < L.n; i++)
        o += (size_t)snprintf(text + o, o < tcap ? tcap - o : 0, " %s=%s", L.name[i], (cand[k] >> i & 1) ? "pim" : "host");
      o += (size_t)snprintf(text + o, o < tcap ? tcap - o : 0, " kernel %llu cycles\n",
                            (unsigned long long)pr->kernel_cycles);
      /* ties: fewer loops in memory */
      if (k == 0 || pr->kernel_cycles < best ||
          (pr->kernel_cycles == best && popcount(cand[k]) < popcount(mask)))
        best = pr->kernel_cycles, mask = cand[k];
      if (cand[k] == 0 || cand[k] == total - 1) { /* keep it: swap with the kept one */
        prof_t *t = ends[cand[k] != 0];
        ends[cand[k] != 0] = pr;
        pr = t;
      }
    }
    /* the dynamic estimate only when asked (COPIM_ORACLE_DYN=1), so that the
     * oracle's plan file and run.plan stay what they were */
    const char *dyn_env = getenv("COPIM_ORACLE_DYN");
    const int want_dyn = dyn_env && *dyn_env && strcmp(dyn_env, "0");
    const uint64_t dyn = rc || !want_dyn ? 0 : dyn_oracle(ends[0], ends[1], &L, nc, text, tcap, &o);
    for (int i = 0; i < 3; i++) {
      prof_t *f = i == 2 ? pr : ends[i];
      prof_free(f);
      free(f);
    }
    if (rc) return -1;
    int no = snprintf(note, sizeof note, "; searched %u/%u placements%s, best %llu cycles", nc2, total,
                      nc2 < total ? " (limit reached: not exhaustive)" : "", (unsigned long long)best);
    if (want_dyn && no > 0 && (size_t)no < sizeof note)
      snprintf(note + no, sizeof note - (size_t)no, "; dynamic estimate %llu cycles", (unsigned long long)dyn);
  } else {
    snprintf(err, cap, "'%s' is not an offline policy", policy);
    return -1;
  }
done:
  plan_of_mask(&L, mask, plan);
  size_t so = (size_t)snprintf(summary, scap, "%s:", policy);
  for (int i = 0; i < L.n; i++) {
    o += (size_t)snprintf(text + o, o < tcap ? tcap - o : 0, "%s %s\n", L.name[i], (mask >> i & 1) ? "pim" : "host");
    so += (size_t)snprintf(summary + so, so < scap ? scap - so : 0, " %s=%s", L.name[i], (mask >> i & 1) ? "pim" : "host");
  }
  snprintf(summary + (so < scap ? so : scap - 1), so < scap ? scap - so : 1, "%s", note);
  logf_(c, "[%s] plan: %s\n", policy, summary);
  return 0;
}
