/* lrsc_concurrent: LR/SC under contention (issue 21).  build/sw/lrsc.elf
 * (sw/tests/lrsc.c) adds 1 to three counters through LR.W/SC.W loops only:
 * all host harts on one (host), the PEs or the harts on another (pe), and
 * host harts and PEs at the same time on a third (mix).  It runs on
 *   - the functional system (csim/rv32/fsim.h), 2 and 4 harts, verdict pim;
 *   - the full system (csim/sys), 4 cores: cpu-only, and pim-only with the
 *     16 PEs as C models and as Verilated RTL (tb/pe/pe_rtl.h);
 * and every final count must be exact (4 harts: host 4000, pe 5120, mix
 * 9120), with failed SCs in every phase (they must occur under this much
 * contention; zero would mean reservations are not being broken).  Today's
 * bug classes: an SC that always succeeds (lost updates, zero failures) and
 * a reservation that survives another agent's write (lost updates). */
#include <stdlib.h>
#include <string.h>

#include "fsim.h"
#include "graph.h"
#include "pe_rtl.h"
#include "sys.h"
#include "tb.h"

static const char *ELF = "build/sw/lrsc.elf";

/* "lrsc harts H host C/E F pe C/E F mix C/E F" */
static void check_console(tb_t *t, const char *what, const char *con, unsigned harts) {
  const char *p = strstr(con, "lrsc harts ");
  unsigned h = 0, c[3] = {0}, e[3] = {0}, f[3] = {0};
  t->checks++;
  if (!p || sscanf(p, "lrsc harts %u host %u/%u %u pe %u/%u %u mix %u/%u %u", &h, &c[0], &e[0], &f[0], &c[1], &e[1],
                   &f[1], &c[2], &e[2], &f[2]) != 10) {
    tb_fail(t, "%s: no result line in the console: %.200s\n", what, con);
    return;
  }
  tb_log(t, "%-28s host %u/%u (%u SC failed)  pe %u/%u (%u)  mix %u/%u (%u)\n", what, c[0], e[0], f[0], c[1], e[1], f[1],
         c[2], e[2], f[2]);
  const unsigned want[3] = {harts * 1000, 256 * 20, 256 * 20 + harts * 1000};
  static const char *ph[3] = {"host", "pe", "mix"};
  for (int i = 0; i < 3; i++) {
    char w[128];
    snprintf(w, sizeof w, "%s: %s counter", what, ph[i]);
    tb_expect_u64(t, w, c[i], want[i]);
    snprintf(w, sizeof w, "%s: %s phase had failed SCs", what, ph[i]);
    tb_expect_u64(t, w, f[i] > 0, 1);
  }
}

static void run_fsim(tb_t *t, unsigned harts) {
  fsim_cfg_t cfg = FSIM_CFG_DEFAULT;
  cfg.harts = harts;
  cfg.verdict = FSIM_VERDICT_PIM;
  cfg.max_insns = 50000000;
  char err[512], what[64];
  snprintf(what, sizeof what, "fsim %u harts, 16 PEs", harts);
  fsim_t *s = fsim_new(&cfg, err, sizeof err);
  uint32_t code = 0;
  t->checks++;
  if (!s || fsim_load_elf(s, ELF, err, sizeof err) || fsim_run(s, &code, err, sizeof err)) {
    tb_fail(t, "%s: %s\n", what, err);
  } else {
    check_console(t, what, fsim_console(s), harts);
    tb_expect_u64(t, "exit code", code, 0);
  }
  fsim_free(s);
}

/* The Verilated PE behind the system's port ops. */
static void rtl_outputs(void *ctx, pe_out_t *out) { pe_rtl_outputs(ctx, out); }
static int rtl_step(void *ctx, const pe_in_t *in, pe_out_t *out) {
  pe_rtl_step(ctx, in, out);
  return 0;
}
static const char *rtl_error(void *ctx) {
  (void)ctx;
  return "";
}
static void rtl_free(void *ctx) { pe_rtl_free(ctx); }

static void run_sys(tb_t *t, const graph_t *g, const char *policy, int rtl) {
  sys_cfg_t cfg;
  sys_cfg_default(&cfg);
  cfg.max_cycles = 200000000;
  graph_kparams_t kp;
  graph_kparams_default(&kp, g);
  char err[512], what[64];
  snprintf(what, sizeof what, "system %s, %s PEs", policy, rtl ? "RTL" : "C");
  sys_t *s = sys_new(&cfg, ELF, g, &kp, sys_policy_find(policy), NULL, err, sizeof err);
  t->checks++;
  if (!s) {
    tb_fail(t, "%s: %s\n", what, err);
    return;
  }
  for (unsigned k = 0; rtl && k < cfg.num_pes; k++) {
    pe_rtl_t *r = pe_rtl_new(t->reset_seed, NULL);
    if (!r) {
      tb_fail(t, "cannot build the Verilated PE\n");
      sys_free(s);
      return;
    }
    sys_pe_ops_t ops = {r, rtl_outputs, rtl_step, rtl_error, rtl_free};
    sys_set_pe(s, k, &ops);
  }
  /* the counts are printed before the exit code says whether they are right */
  if (sys_run(s, NULL, NULL)) tb_fail(t, "%s: %s\n", what, sys_error(s));
  check_console(t, what, host_console(sys_host(s)), cfg.host.cores);
  sys_free(s);
}

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "lrsc_concurrent", 1);
  run_fsim(&t, 2);
  run_fsim(&t, 4);
  graph_opts_t go = {0};
  graph_err_t ge;
  graph_t *g = graph_open("kron:4:4", GRAPH_FMT_AUTO, &go, &ge);
  if (!g) {
    tb_fail(&t, "graph: %s\n", ge.msg);
    return tb_finish(&t);
  }
  run_sys(&t, g, "cpu-only", 0);
  run_sys(&t, g, "pim-only", 0);
  run_sys(&t, g, "pim-only", 1);
  graph_free(g);
  return tb_finish(&t);
}
