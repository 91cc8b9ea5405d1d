/* systemc_top: the SystemC platform (systemc/, docs/systemc.md) against the
 * C harness.
 *
 *  1. The C full system (csim/sys/sys.h, sys_run) runs BFS on a generated
 *     Kronecker graph under the CoPIM policy: the reference.
 *  2. In one SystemC simulation, the same system twice with its PMC, four
 *     IMUs and sixteen PEs as sc_modules on signal ports: once with the PMC
 *     C model wrapped (pmc_sc), once with the PMC RTL through
 *     `verilator --sc` (Vpmc, random initial state from --reset-seed).
 *     Both must give the C harness's result and cycle counts exactly: exit,
 *     verification, host and PE cycles, instructions and the whole JSON
 *     statistics, byte for byte.
 *  3. Beside them, the HMC as a TLM-2.0 target (hmc_sc): b_transport and
 *     nb_transport initiators, every response time and value equal to the
 *     C model driven directly.
 *
 * --seed picks the graph and the HMC traffic; --cycles overrides the
 * graph scale (default 7). */
#include <stdlib.h>
#include <string.h>

#include "copim_sc_api.h"
#include "graph.h"
#include "sys.h"
#include "tb.h"

static char *c_json(sys_t *s, const sys_policy_t *pol) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  if (!f) return NULL;
  sys_run_info_t info = {"", "", pol->name, "", "", ""};
  sys_write_json(s, &info, f);
  fclose(f);
  return buf;
}

/* Where two texts first differ, with the line and some context. */
static void first_diff(tb_t *t, const char *what, const char *got, const char *want) {
  size_t i = 0;
  unsigned line = 1;
  while (got[i] && got[i] == want[i]) line += got[i++] == '\n';
  size_t from = i > 40 ? i - 40 : 0;
  tb_fail(t, "%s: statistics differ at line %u: C harness '...%.80s' vs SystemC '...%.80s'\n", what, line, want + from,
          got + from);
}

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "systemc_top", 11);
  unsigned scale = (unsigned)tb_len(&t, 7);
  const char *elf = "build/sw/bfs.elf";
  char spec[64], err[512];
  snprintf(spec, sizeof spec, "kron:%u:8:%llu", scale, (unsigned long long)t.seed);
  graph_err_t ge;
  graph_t *g = graph_open(spec, GRAPH_FMT_AUTO, NULL, &ge);
  if (!g) {
    tb_fail(&t, "%s: %s\n", spec, ge.msg);
    return tb_finish(&t);
  }
  graph_kparams_t kp;
  graph_kparams_default(&kp, g);
  kp.kernel = GRAPH_K_BFS;
  sys_cfg_t cfg;
  sys_cfg_default(&cfg);
  cfg.max_cycles = 4000000; /* every run has a limit; BFS on this graph needs far fewer */
  const sys_policy_t *pol = sys_policy_find("copim");

  /* 1. the C harness */
  sys_t *s = sys_new(&cfg, elf, g, &kp, pol, NULL, err, sizeof err);
  if (!s) {
    tb_fail(&t, "C harness: %s\n", err);
    graph_free(g);
    return tb_finish(&t);
  }
  int crc = sys_run(s, NULL, NULL);
  char why[256] = "";
  int cver = crc == 0 && sys_verify(s, why, sizeof why);
  uint64_t ccyc = sys_cycle(s), cpe = sys_pe_cycle(s), cins = sys_insns(s);
  char *cj = c_json(s, pol);
  t.checks++;
  if (crc) tb_fail(&t, "C harness: %s\n", sys_error(s));
  else if (!cver) tb_fail(&t, "C harness: result wrong: %s\n", why);
  tb_log(&t, "C harness   : bfs %s copim: %llu host cycles, %llu PE cycles, %llu instructions, %s\n", spec,
         (unsigned long long)ccyc, (unsigned long long)cpe, (unsigned long long)cins, cver ? "verified" : "NOT verified");
  sys_free(s);

  /* 2 and 3. SystemC */
  copim_sc_sys_run_t runs[2];
  memset(runs, 0, sizeof runs);
  for (int i = 0; i < 2; i++) {
    runs[i].elf = elf;
    runs[i].g = g;
    runs[i].kp = &kp;
    runs[i].cfg = &cfg;
    runs[i].pol = pol;
    runs[i].pmc_rtl = i;
  }
  copim_sc_hmc_check_t hc;
  /* The runner starts this test once, without --reset-seed: the RTL PMC
   * then starts from random state seed 1, so its reset is exercised. */
  unsigned rs = t.reset_seed ? t.reset_seed : 1;
  if (copim_sc_simulate(runs, 2, rs, &hc, t.seed)) {
    tb_fail(&t, "SystemC: %s\n", runs[0].err);
  } else {
    for (int i = 0; i < 2; i++) {
      copim_sc_sys_run_t *r = &runs[i];
      const char *what = i ? "SystemC top, PMC RTL (Vpmc)" : "SystemC top, PMC C model";
      tb_log(&t, "%-12s: %llu host cycles, %llu PE cycles, %llu instructions, %s (%.3f us simulated incl. reset)\n",
             i ? "SC + Vpmc" : "SC + pmc_sc", (unsigned long long)r->cycles, (unsigned long long)r->pe_cycles,
             (unsigned long long)r->insns, r->verified ? "verified" : "NOT verified", (double)r->sc_end_ps / 1e6);
      t.checks++;
      if (r->rc) tb_fail(&t, "%s: %s\n", what, r->err);
      else if (!r->verified) tb_fail(&t, "%s: result wrong: %s\n", what, r->why);
      tb_expect_u64(&t, "host cycles equal the C harness's", r->cycles, ccyc);
      tb_expect_u64(&t, "PE cycles equal the C harness's", r->pe_cycles, cpe);
      tb_expect_u64(&t, "instructions equal the C harness's", r->insns, cins);
      t.checks++;
      if (!cj || !r->json) tb_fail(&t, "%s: no statistics\n", what);
      else if (strcmp(cj, r->json)) first_diff(&t, what, r->json, cj);
      free(r->json);
    }
    tb_log(&t, "HMC TLM     : %u requests (b_transport + nb_transport), %u checks, %u mismatches\n", hc.reqs, hc.checks,
           hc.mismatches);
    t.checks++;
    if (hc.mismatches) tb_fail(&t, "HMC TLM target: %s\n", hc.first);
    if (hc.reqs == 0) tb_fail(&t, "HMC TLM target: no traffic\n");
  }
  free(cj);
  graph_free(g);
  return tb_finish(&t);
}
