/* cosim_rtl: BFS under copim on a tiny generated graph with every block as
 * Verilated RTL (--rtl=all: the PMC, the 4 IMUs and the 16 PEs), under the
 * test's random-reset seed.  The result must equal the native kernel, and
 * since the RTL is cycle-exact with the C models the whole JSON record
 * (every cycle count, decision and energy) must equal the C-mode run's but
 * for the block names.  With --waves W the FSTs and the system VCD go to
 * W without .fst plus .<block>.fst / .vcd, and W itself is PE 0's FST
 * (make sim TEST=cosim_rtl; make wave); else they go to build/ and are
 * checked, then removed. */
#include "cosim_util.h"

static char out[1 << 16], err[1 << 14];

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "cosim_rtl", 1);
  const char *run = "--kernel bfs --graph kron:7:8 --policy copim --quiet";
  char prefix[256], jr[256], jc[256], a[1024];
  if (t.waves) {
    snprintf(prefix, sizeof prefix, "%s", t.waves);
    char *dot = strrchr(prefix, '.');
    if (dot && !strcmp(dot, ".fst")) *dot = 0;
  } else {
    snprintf(prefix, sizeof prefix, "build/cosim-rtl-%d", (int)getpid());
  }
  snprintf(jr, sizeof jr, "build/cosim-rtl-%d-rtl.json", (int)getpid());
  snprintf(jc, sizeof jc, "build/cosim-rtl-%d-c.json", (int)getpid());
  snprintf(a, sizeof a, "%s --rtl all --reset-seed %u --waves %s --stats %s", run, t.reset_seed, prefix, jr);
  int rc = cu_run(a, out, sizeof out, err, sizeof err);
  t.checks++;
  if (rc || !strstr(out, "PASS")) tb_fail(&t, "--rtl all: exit %d: %s%s", rc, out, err);
  snprintf(a, sizeof a, "%s --stats %s", run, jc);
  rc = cu_run(a, out, sizeof out, err, sizeof err);
  t.checks++;
  if (rc) tb_fail(&t, "C mode: exit %d: %s", rc, err);
  char *r = cu_slurp(jr, NULL), *c = cu_slurp(jc, NULL);
  if (!r || !c) tb_fail(&t, "missing JSON\n");
  else {
    const char *pr = strstr(r, "\"params\""), *pc = strstr(c, "\"params\"");
    t.checks++;
    if (!pr || !pc || strcmp(pr, pc)) tb_fail(&t, "the RTL run's statistics differ from the C run's\n");
    else tb_log(&t, "RTL run: results PASS, statistics identical to the C models' (%zu bytes)\n", strlen(pr));
    tb_expect_u64(&t, "blocks recorded as rtl", strstr(r, "\"pmc\": \"rtl\", \"imu\": \"rtl\", \"pe\": \"rtl\"") != NULL, 1);
    tb_expect_u64(&t, "PE instructions retired on the RTL PEs", cu_json_num(r, NULL, "kernel_pe") > 0, 1);
  }
  free(r);
  free(c);
  remove(jr);
  remove(jc);
  /* the same equality for the other IMU modes, with the PMC and IMUs as RTL
   * (the C-mode system skips the steps of idle C PMC/IMU models: this shows
   * that changes nothing) */
  static const char *more[] = {"--kernel pr --graph kron:7:8 --policy cpu-only",
                               "--kernel cc --graph kron:7:8 --policy pim-only",
                               "--kernel sssp --graph kron:7:8 --policy mpki"};
  for (int i = 0; i < 3; i++) {
    snprintf(a, sizeof a, "%s --quiet --rtl pmc,imu --reset-seed %u --stats %s", more[i], t.reset_seed, jr);
    int r1 = cu_run(a, out, sizeof out, err, sizeof err);
    snprintf(a, sizeof a, "%s --quiet --stats %s", more[i], jc);
    int r2 = cu_run(a, out, sizeof out, err, sizeof err);
    char *x = cu_slurp(jr, NULL), *y = cu_slurp(jc, NULL);
    const char *px = x ? strstr(x, "\"params\"") : NULL, *py = y ? strstr(y, "\"params\"") : NULL;
    t.checks++;
    if (r1 || r2 || !px || !py || strcmp(px, py)) tb_fail(&t, "%s: RTL PMC+IMU run differs from the C run (exit %d/%d)\n", more[i], r1, r2);
    else tb_log(&t, "%s: --rtl pmc,imu statistics identical to the C models'\n", more[i]);
    free(x);
    free(y);
    remove(jr);
    remove(jc);
  }
  /* waveforms */
  static const char *files[] = {"vcd", "pmc.fst", "imu0.fst", "imu3.fst", "pe0.fst", "pe15.fst"};
  for (int i = 0; i < 6; i++) {
    char f[512];
    snprintf(f, sizeof f, "%s.%s", prefix, files[i]);
    size_t len = 0;
    char *b = cu_slurp(f, &len);
    tb_expect_u64(&t, f, b && len > 100, 1);
    if (b && i == 0) tb_expect_u64(&t, "VCD has core0_theta and pe_busy", strstr(b, "core0_theta") && strstr(b, "pe_busy"), 1);
    free(b);
  }
  if (t.waves) {
    /* make wave TEST=cosim_rtl opens <waves>: PE 0's FST, the busiest block */
    char f[512];
    snprintf(f, sizeof f, "%s.pe0.fst", prefix);
    size_t len = 0;
    char *b = cu_slurp(f, &len);
    FILE *o = b ? fopen(t.waves, "wb") : NULL;
    if (o) {
      fwrite(b, 1, len, o);
      fclose(o);
    }
    free(b);
  } else {
    char f[512];
    snprintf(f, sizeof f, "%s.vcd", prefix);
    remove(f);
    snprintf(f, sizeof f, "%s.pmc.fst", prefix);
    remove(f);
    for (int i = 0; i < 16; i++) {
      snprintf(f, sizeof f, "%s.imu%d.fst", prefix, i);
      remove(f);
      snprintf(f, sizeof f, "%s.pe%d.fst", prefix, i);
      remove(f);
    }
  }
  return tb_finish(&t);
}
