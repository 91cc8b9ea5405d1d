/* sim_skip_wake: idle skipping ends where a vault write breaks a sleeping
 * hart's reservation (issue 16).  build/sw/wake.elf (sw/tests/wake.c):
 * three host harts sleep in wrs.nto on a word that only the PEs' vault
 * amoadds change, so each wake-up is timed by a vault's execution inside
 * hmc_advance, which no host event, PE edge or response delivery marks.
 * The program runs on the full system (C blocks) with sim.skip=0 (every
 * cycle, the reference) and sim.skip=1; the statistics JSON and the
 * console (which sums the cycles the harts woke at: the JSON alone does
 * not see a late wake-up, whose extra asleep cycle the next sleep gives
 * back) must be identical byte for byte, the count exact, and the harts must have slept
 * (barrier wait cycles on harts 1-3) and been woken by vault writes
 * (reservation kills), or the check would prove nothing. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "graph.h"
#include "sys.h"
#include "tb.h"

static const char *ELF = "build/sw/wake.elf";

/* The run's console, then its statistics JSON (malloc'd), or NULL after a
 * failure; *kills: reservations broken by writes. */
static char *run(tb_t *t, const graph_t *g, unsigned skip, uint64_t *kills) {
  sys_cfg_t cfg;
  sys_cfg_default(&cfg);
  cfg.max_cycles = 20000000;
  cfg.skip = skip;
  graph_kparams_t kp;
  graph_kparams_default(&kp, g);
  char err[512];
  sys_t *s = sys_new(&cfg, ELF, g, &kp, sys_policy_find("pim-only"), NULL, err, sizeof err);
  t->checks++;
  if (!s) {
    tb_fail(t, "sim.skip=%u: %s\n", skip, err);
    return NULL;
  }
  char *js = NULL;
  if (sys_run(s, NULL, NULL)) {
    tb_fail(t, "sim.skip=%u: %s\n", skip, sys_error(s));
  } else {
    const char *con = host_console(sys_host(s));
    t->checks++;
    if (!strstr(con, "wake 96/96")) tb_fail(t, "sim.skip=%u: console '%s', want 'wake 96/96'\n", skip, con);
    *kills = host_resv(sys_host(s))->kills;
    size_t n = 0;
    FILE *f = open_memstream(&js, &n);
    const sys_run_info_t info = {"wake", "kron:4:4", "pim-only", NULL, "none", "none"};
    if (f) {
      fprintf(f, "console: %s\n", con);
      sys_write_json(s, &info, f);
      fclose(f);
    }
  }
  sys_free(s);
  return js;
}

/* Sum of key's numbers in the JSON after from (key as "key": n). */
static double sum_key(const char *js, const char *key, unsigned skip_first) {
  char pat[64];
  snprintf(pat, sizeof pat, "\"%s\": ", key);
  double sum = 0;
  unsigned i = 0;
  for (const char *p = strstr(js, pat); p; p = strstr(p + 1, pat), i++)
    if (i >= skip_first) sum += strtod(p + strlen(pat), NULL);
  return sum;
}

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "sim_skip_wake", 1);
  graph_opts_t go = {0};
  graph_err_t ge;
  graph_t *g = graph_open("kron:4:4", GRAPH_FMT_AUTO, &go, &ge);
  if (!g) {
    tb_fail(&t, "kron:4:4: %s\n", ge.msg);
    return tb_finish(&t);
  }
  uint64_t kills = 0, kills1 = 0;
  char *ref = run(&t, g, 0, &kills), *skip = run(&t, g, 1, &kills1);
  if (ref && skip) {
    const double slept = sum_key(ref, "barrier_wait_cycles", 1);
    tb_log(&t, "harts 1-3 asleep %.0f cycles, %llu reservations broken\n", slept, (unsigned long long)kills);
    tb_expect_u64(&t, "harts 1-3 slept in wrs.nto", slept > 0, 1);
    tb_expect_u64(&t, "vault writes broke reservations", kills > 0, 1);
    tb_expect_u64(&t, "as many reservations broken under sim.skip=1", kills1, kills);
    t.checks++;
    if (strcmp(ref, skip)) {
      size_t i = 0, line = 1, ls = 0;
      while (ref[i] && ref[i] == skip[i]) {
        if (ref[i] == '\n') line++, ls = i + 1;
        i++;
      }
      tb_fail(&t, "sim.skip=0 and sim.skip=1 differ, line %zu:\n  skip=0: %.160s\n  skip=1: %.160s\n", line, ref + ls,
              skip + ls);
    }
  }
  free(ref);
  free(skip);
  graph_free(g);
  return tb_finish(&t);
}
