/* host_isa: the host harts run the RV32IMA ISA test shared with the PE
 * (tb/tests/pe/isa.S, self-checking: EXIT = 0 or the failing check) under
 * three memory systems (Table I caches + HMC; tiny caches with 2 MSHRs +
 * stand-in memory; tiny caches + HMC), and every executed instruction is
 * compared with the plain rv32 interpreter on its own memory (pc, bits,
 * rd, value; mcycle reads excepted): the timing model must never change
 * what a program computes.  Then: BFS and PageRank (sw/kernels) on 4 harts
 * over a Kronecker graph equal the native reference; custom-0 reaches the
 * IMU on the full system (csim/sys, PIM mode: cp.loop.iter answers 1) and
 * the PIM hooks (dirty lines written back before the launch, PE-written
 * lines dropped after); bad input gives one-line errors: a non-RV32 ELF, a fault without a handler
 * (pc and cycle), the cycle limit. */
#include <stdio.h>

#include "../../sw/include/graph_image.h"
#include "graph.h"
#include "host_util.h"
#include "kref.h"
#include "sys.h"

#define MEM (64u << 20)

typedef struct {
  tb_t *t;
  uint8_t *rmem;
  rv32_hart_t ref;
  rv32_bus_t bus;
  int ref_exit;
  uint64_t n, mism;
} ref_t;

static int rf_fetch(void *ctx, uint32_t a, uint32_t *v) {
  ref_t *r = ctx;
  if (a < 0x1000 || a + 4 > MEM) return -1;
  memcpy(v, r->rmem + a, 4);
  return 0;
}
static int rf_load(void *ctx, uint32_t a, unsigned size, uint32_t *v) {
  ref_t *r = ctx;
  if (a < 0x1000 || a + size > MEM) return -1;
  *v = 0;
  memcpy(v, r->rmem + a, size);
  return 0;
}
static int rf_store(void *ctx, uint32_t a, unsigned size, uint32_t v) {
  ref_t *r = ctx;
  if (a == 0xF0000004u) {
    r->ref_exit = 1;
    return 0;
  }
  if (a >= 0xF0000000u) return 0;
  if (a < 0x1000 || a + size > MEM) return -1;
  memcpy(r->rmem + a, &v, size);
  return 0;
}
static uint32_t resv = 0;
static int resv_ok = 0;
static int rf_amo(void *ctx, unsigned f5, uint32_t a, uint32_t x, uint32_t *res) {
  ref_t *r = ctx;
  if (a < 0x1000 || a + 4 > MEM) return -1;
  uint32_t old;
  memcpy(&old, r->rmem + a, 4);
  if (f5 == RV32_AMO_LR) {
    resv = a;
    resv_ok = 1;
    *res = old;
    return 0;
  }
  if (f5 == RV32_AMO_SC) {
    *res = !(resv_ok && resv == a);
    if (!*res) memcpy(r->rmem + a, &x, 4);
    resv_ok = 0;
    return 0;
  }
  uint32_t nv = rv32_amo_apply(f5, old, x);
  memcpy(r->rmem + a, &nv, 4);
  *res = old;
  return 0;
}

static int is_cycle_read(uint32_t insn) {
  rv32_insn_t d;
  rv32_decode(insn, &d);
  if (!(d.cls & RV32_C_CSR)) return 0;
  return d.csr == RV32_CSR_MCYCLE || d.csr == RV32_CSR_MCYCLEH || d.csr == RV32_CSR_CYCLE || d.csr == RV32_CSR_CYCLEH;
}

static void on_retire(void *ctx, unsigned core, const rv32_result_t *r) {
  ref_t *rf = ctx;
  (void)core;
  if (rf->mism) return;
  rv32_result_t q;
  rv32_step(&rf->ref, &rf->bus, &q);
  rv32_tick(&rf->ref, 1); /* mcycle moves: the cycle-read check (169) needs it, values are not compared */
  rf->n++;
  int same = q.pc == r->pc && q.insn == r->insn && q.retired == r->retired && q.rd == r->rd &&
             q.next_pc == r->next_pc && (q.rd_val == r->rd_val || is_cycle_read(r->insn));
  if (!same) {
    rf->mism++;
    tb_fail(rf->t, "instruction %llu differs: host pc=0x%08x insn=0x%08x rd=%u val=0x%08x next=0x%08x; reference "
                   "pc=0x%08x insn=0x%08x rd=%u val=0x%08x next=0x%08x\n",
            (unsigned long long)rf->n, r->pc, r->insn, r->rd, r->rd_val, r->next_pc, q.pc, q.insn, q.rd, q.rd_val,
            q.next_pc);
  }
}

static void tiny(host_cfg_t *c) {
  c->l1i = (host_cache_cfg_t){1024, 2, 2, 2};
  c->l1d = (host_cache_cfg_t){1024, 2, 2, 2};
  c->l2 = (host_cache_cfg_t){2048, 2, 12, 2};
  c->llc = (host_cache_cfg_t){4096, 4, 35, 4};
}

static void run_isa(tb_t *t, const char *label, const host_cfg_t *cfg, int with_hmc, const char *waves) {
  hu_sys_t s;
  t->checks++;
  if (!hu_open(t, &s, cfg, MEM, with_hmc)) return;
  const char *dir = getenv("PE_ELF_DIR") && *getenv("PE_ELF_DIR") ? getenv("PE_ELF_DIR") : "build/pe";
  char path[512], err[512];
  snprintf(path, sizeof path, "%s/isa.elf", dir);
  ref_t rf = {.t = t};
  rf.rmem = calloc(1, MEM);
  if (host_load_elf(s.h, path, err, sizeof err)) {
    tb_fail(t, "%s: %s\n", label, err);
    goto out;
  }
  memcpy(rf.rmem, s.mem, MEM);
  rv32_hart_reset(&rf.ref, host_hart(s.h, 0)->pc, cfg->hartid_base);
  rf.bus = (rv32_bus_t){&rf, rf_fetch, rf_load, rf_store, rf_amo, NULL, NULL};
  resv_ok = 0;
  host_hooks_t hk = {.ctx = &rf, .retire = on_retire};
  host_set_hooks(s.h, &hk);
  tb_fst_t *w = tb_fst_open(waves, "host");
  int vrob = tb_fst_var(w, "core0.rob", 8), vc = tb_fst_var(w, "core0.committed", 3),
      vm = tb_fst_var(w, "core0.l1d_mshr", 6), vpc = tb_fst_var(w, "core0.pc", 32);
  int rc = 0;
  while (!rc && host_cycle(s.h) < 2000000) {
    rc = host_step(s.h);
    host_probe_t p;
    host_probe(s.h, 0, &p);
    tb_fst_time(w, host_cycle(s.h));
    tb_fst_set(w, vrob, p.rob);
    tb_fst_set(w, vc, p.committed);
    tb_fst_set(w, vm, p.l1d_mshr);
    tb_fst_set(w, vpc, p.pc);
  }
  tb_fst_close(w);
  uint32_t code = 0;
  if (rc < 0) tb_fail(t, "%s: %s\n", label, host_error(s.h));
  else if (!host_exited(s.h, &code)) tb_fail(t, "%s: no EXIT after %llu cycles\n", label, (unsigned long long)host_cycle(s.h));
  else tb_expect_u64(t, label, code, 0);
  tb_expect_u64(t, "instructions compared with the reference >= 700", rf.n >= 700, 1);
  host_stats_t st;
  host_stats(s.h, &st);
  tb_log(t, "%s: EXIT %u after %llu cycles, %llu instructions (IPC %.2f), all equal to the reference; L1D miss %llu, "
            "LLC miss %llu\n", label, code, (unsigned long long)st.cycles, (unsigned long long)st.core[0].insns,
         (double)st.core[0].insns / (double)st.cycles, (unsigned long long)st.core[0].l1d_miss,
         (unsigned long long)st.core[0].llc_miss);
out:
  free(rf.rmem);
  hu_close(&s);
}

/* ---------------------------------------------------------------- kernels */
static void run_kernel(tb_t *t, const char *elf, uint32_t kernel, const graph_t *g) {
  host_cfg_t cfg = HOST_CFG_DEFAULT;
  hu_sys_t s;
  t->checks++;
  char err[512] = "";
  graph_kparams_t kp;
  graph_kparams_default(&kp, g);
  kp.kernel = kernel;
  graph_mem_t m;
  graph_err_t gerr;
  if (graph_image_build(g, &kp, GRAPH_IMAGE_BASE, &m, &gerr)) {
    tb_fail(t, "%s\n", gerr.msg);
    return;
  }
  if (!hu_open(t, &s, &cfg, ((size_t)m.base + m.len + (1u << 20)) & ~(size_t)0xFFFFF, 1)) {
    graph_mem_free(&m);
    return;
  }
  if (host_load_elf(s.h, elf, err, sizeof err) || host_write(s.h, m.base, m.bytes, m.len)) {
    tb_fail(t, "%s: cannot load (%s)\n", elf, err);
    goto out;
  }
  uint32_t code;
  if (host_run(s.h, 400000000, &code, err, sizeof err)) {
    tb_fail(t, "%s: %s\n", elf, err);
    goto out;
  }
  struct graph_image hd;
  host_read(s.h, m.base, &hd, sizeof hd);
  uint32_t n = g->n;
  uint32_t *a = calloc(n, 4), *b = calloc(n, 4), *ra = calloc(n, 4), *rb = calloc(n, 4);
  char why[256] = "";
  int bad = hd.done != kernel;
  if (kernel == GRAPH_K_BFS) {
    host_read(s.h, hd.bfs_parent, a, (size_t)n * 4);
    host_read(s.h, hd.bfs_depth, b, (size_t)n * 4);
    kref_bfs(g, kp.bfs_source, ra, rb);
    bad |= kref_bfs_verify(g, kp.bfs_source, a, b, rb, why, sizeof why) || kref_compare("parent", n, a, ra, why, sizeof why);
  } else {
    host_read(s.h, hd.pr_rank, a, (size_t)n * 4);
    kref_pr(g, kp.pr_max_iters, kp.pr_tolerance, ra);
    bad |= kref_compare("rank", n, a, ra, why, sizeof why);
  }
  host_stats_t st;
  host_stats(s.h, &st);
  uint64_t ins = 0;
  for (unsigned c = 0; c < cfg.cores; c++) ins += st.core[c].insns;
  if (code || bad) tb_fail(t, "%s: exit %u, results %s %s\n", elf, code, bad ? "differ:" : "ok", why);
  else tb_log(t, "%s on 4 harts: exit 0, results equal the native reference; %llu cycles, %llu instructions (IPC %.2f)\n",
              elf, (unsigned long long)st.cycles, (unsigned long long)ins, (double)ins / (double)st.cycles);
  free(a);
  free(b);
  free(ra);
  free(rb);
out:
  graph_mem_free(&m);
  hu_close(&s);
}

/* ---------------------------------------------------------------- custom-0 */
typedef struct {
  int launches, waits_pending;
  uint32_t desc;
  uint64_t launch_ps;
  host_t *h;
} pim_t;

static int pim_launch(void *ctx, unsigned core, uint32_t desc, uint64_t now_ps, uint32_t *ticket) {
  pim_t *p = ctx;
  (void)core;
  p->launches++;
  p->desc = desc;
  p->launch_ps = now_ps;
  p->waits_pending = 50;
  *ticket = 7;
  /* the "PEs" wrote 4 lines at 0x20000 */
  host_invalidate(p->h, 0x20000, 256);
  return 0;
}
static int pim_done(void *ctx, unsigned core, uint32_t ticket, uint64_t now_ps) {
  pim_t *p = ctx;
  (void)core;
  (void)now_ps;
  if (ticket != 7) return -1;
  return p->waits_pending-- <= 0;
}

/* The system's IMU 0 through the ops interface (as app/copim-sim plugs an RTL
 * one), so that the test keeps the C model to read its decision table;
 * stepped every cycle (no idle op). */
static void ci_moore(void *ctx, imu_out_t *out) { imu_moore(ctx, out); }
static int ci_step(void *ctx, const imu_in_t *in, imu_out_t *out) {
  imu_step(ctx, in, out);
  return 0;
}
static const char *ci_error(void *ctx) {
  (void)ctx;
  return "";
}
static void ci_free(void *ctx) { imu_free(ctx); }

/* custom-0 on the full system (csim/sys: the host with the PMC and one IMU
 * a core, wired each cycle as sys.h says), with the policy pim-only (IMU
 * mode PIM) and a one-core host running a hand-assembled program instead
 * of the ELF's.  The PIM hooks are the test's own, not the system's
 * dispatcher: a launch of descriptor 0x30000 "writes" 4 lines and is done
 * after 50 polls, so sim.skip = 0 (the system's idle skipping watches its
 * own dispatcher, not these hooks). */
static void custom_test(tb_t *t) {
  graph_err_t ge;
  graph_t *g = graph_open("kron:4:4", GRAPH_FMT_AUTO, NULL, &ge);
  t->checks++;
  if (!g) {
    tb_fail(t, "custom-0: kron:4:4: %s\n", ge.msg);
    return;
  }
  sys_cfg_t cfg;
  sys_cfg_default(&cfg);
  cfg.host.cores = 1;
  cfg.skip = 0;
  graph_kparams_t kp;
  graph_kparams_default(&kp, g);
  char err[512];
  sys_t *sy = sys_new(&cfg, "build/sw/bfs.elf", g, &kp, sys_policy_find("pim-only"), NULL, err, sizeof err);
  if (!sy) {
    tb_fail(t, "custom-0: %s\n", err);
    graph_free(g);
    return;
  }
  imu_t *imu = imu_new(&cfg.imu);
  const sys_imu_ops_t ops = {imu, ci_moore, ci_step, ci_error, ci_free, NULL, NULL};
  sys_set_imu(sy, 0, &ops);
  host_t *h = sys_host(sy);
  pim_t p = {.h = h};
  host_hooks_t hk = {.ctx = &p, .pim_launch = pim_launch, .pim_done = pim_done};
  host_set_hooks(h, &hk);
  hu_prog_t prog;
  hu_init(&prog, 0x1000);
  /* dirty 8 lines at 0x20000 (and read them: they stay cached) */
  hu_li(&prog, S0, 0x20000);
  for (int i = 0; i < 8; i++) hu_sw(&prog, S0, S0, 64 * i);
  hu_li(&prog, A0, 5);   /* loop id */
  hu_li(&prog, A1, 100); /* trip */
  hu_custom(&prog, RV32_MATCH_CP_LOOP_BEGIN, 0, A0, A1);
  hu_custom(&prog, RV32_MATCH_CP_LOOP_ITER, S1, 0, 0);
  hu_li(&prog, A2, 0x30000);       /* descriptor */
  hu_custom(&prog, RV32_MATCH_CP_PIM_LAUNCH, S2, A2, 0);
  hu_custom(&prog, RV32_MATCH_CP_PIM_WAIT, 0, S2, 0);
  hu_custom(&prog, RV32_MATCH_CP_LOOP_END, 0, A0, 0);
  hu_lw(&prog, S3, S0, 0);         /* a PE-written line: must miss now */
  hu_add(&prog, A0, S1, S2);       /* 1 + 7 */
  hu_exit(&prog, A0);
  if (host_write(h, prog.base, prog.w, 4 * (size_t)prog.n)) tb_fail(t, "custom-0: cannot write the program\n");
  host_set_entry(h, prog.base);
  int rc = 0;
  while (!rc && sys_cycle(sy) < 100000) rc = sys_step(sy);
  uint32_t code = 0;
  if (rc != 1 || !host_exited(h, &code)) {
    tb_fail(t, "custom-0: %s\n", rc < 0 ? sys_error(sy) : "no EXIT after 100000 cycles");
  } else {
    host_stats_t st;
    host_stats(h, &st);
    tb_expect_u64(t, "custom-0: verdict 1 + ticket 7", code, 8);
    tb_expect_u64(t, "custom-0: launches", (uint64_t)p.launches, 1);
    tb_expect_u64(t, "custom-0: descriptor", p.desc, 0x30000);
    tb_expect_u64(t, "custom-0: dirty lines written back before the launch", st.pim_wb_lines, 8);
    tb_expect_u64(t, "custom-0: PE-written lines invalidated", st.pim_inv_lines, 4);
    tb_expect_u64(t, "custom-0: markers seen", st.core[0].markers, 3);
    tb_expect_u64(t, "custom-0: wait cycles >= 50", st.core[0].pim_wait_cycles >= 50, 1);
    tb_expect_u64(t, "custom-0: the load after the wait missed the L1D", st.core[0].l1d_miss, 9);
    imu_entry_t e;
    int found = 0;
    for (unsigned i = 0; i < cfg.imu.num_loops; i++)
      if (imu_table_get(imu, i, &e) && e.id == 5) found = e.decided && e.site == 1 && e.offloaded == 100;
    tb_expect_u64(t, "custom-0: the IMU's table shows loop 5 offloaded from iteration 0", found, 1);
    tb_log(t, "custom-0: verdict 1, ticket 7, %llu lines written back (%llu cycles), 4 invalidated, %llu wait cycles\n",
           (unsigned long long)st.pim_wb_lines, (unsigned long long)st.core[0].pim_wb_cycles,
           (unsigned long long)st.core[0].pim_wait_cycles);
  }
  sys_free(sy);
  graph_free(g);
}

/* ---------------------------------------------------------------- bad input */
static void expect_error(tb_t *t, const char *what, const char *err, const char *want) {
  t->checks++;
  if (!strstr(err, want) || strchr(err, '\n')) tb_fail(t, "%s: error '%s', expected '%s'\n", what, err, want);
  else tb_log(t, "%s: %s\n", what, err);
}

static void bad_input(tb_t *t) {
  host_cfg_t cfg = HOST_CFG_DEFAULT;
  cfg.cores = 1;
  hu_sys_t s;
  char err[512] = "";
  if (!hu_open(t, &s, &cfg, 1u << 20, 0)) return;
  if (!host_load_elf(s.h, "build/tools/graphtool", err, sizeof err)) tb_fail(t, "x86 ELF loaded\n");
  expect_error(t, "x86 ELF", err, "build/tools/graphtool:0: not an RV32 little-endian executable ELF");
  hu_prog_t p;
  hu_init(&p, 0x1000);
  hu_li(&p, A0, 0x10);
  hu_lw(&p, A1, A0, 0); /* page 0: access fault, no mtvec */
  hu_exit(&p, A1);
  hu_load(&s, &p);
  uint32_t code;
  if (!host_run(s.h, 10000, &code, err, sizeof err)) tb_fail(t, "fault not reported\n");
  expect_error(t, "load from page 0", err, "hart 0: trap cause 5 at pc=0x00001004 (tval 0x00000010) at cycle ");
  hu_close(&s);
  if (!hu_open(t, &s, &cfg, 1u << 20, 0)) return;
  hu_init(&p, 0x1000);
  hu_emit(&p, hu_b(0, 0, 0, 0)); /* beq x0, x0, . */
  hu_load(&s, &p);
  if (!host_run(s.h, 5000, &code, err, sizeof err)) tb_fail(t, "endless loop ended\n");
  expect_error(t, "endless loop", err, "host: cycle limit 5000 reached (hart 0 at pc=0x00001000)");
  hu_close(&s);
  char e2[256] = "";
  host_cfg_t bad = HOST_CFG_DEFAULT;
  bad.l1d.bytes = 3000;
  uint8_t m[0x4000];
  t->checks++;
  if (host_new(&bad, m, sizeof m, NULL, e2, sizeof e2)) tb_fail(t, "bad cache size accepted\n");
  expect_error(t, "bad L1D size", e2, "host: l1d configuration out of range");
}

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "host_isa", 1);
  host_cfg_t c = HOST_CFG_DEFAULT;
  c.cores = 1;
  c.hartid_base = 0x100; /* isa.S checks mhartid = 0x100 (PE 0) */
  run_isa(&t, "Table I caches + HMC", &c, 1, t.waves);
  tiny(&c);
  run_isa(&t, "tiny caches, 2 MSHRs, stand-in memory", &c, 0, NULL);
  run_isa(&t, "tiny caches, 2 MSHRs, HMC", &c, 1, NULL);
  custom_test(&t);
  bad_input(&t);
  char spec[64];
  snprintf(spec, sizeof spec, "kron:8:8:%llu", (unsigned long long)t.seed);
  graph_err_t ge;
  graph_t *g = graph_open(spec, GRAPH_FMT_AUTO, NULL, &ge);
  if (!g) tb_fail(&t, "%s: %s\n", spec, ge.msg);
  else {
    run_kernel(&t, "build/sw/bfs.elf", GRAPH_K_BFS, g);
    run_kernel(&t, "build/sw/pr.elf", GRAPH_K_PR, g);
    graph_free(g);
  }
  return tb_finish(&t);
}
