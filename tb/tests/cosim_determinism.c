/* cosim_determinism: the same inputs give byte-identical JSON statistics
 * (two runs each of BFS under copim and PageRank under pim-only on a
 * generated graph), and the comparison can tell runs apart: a different
 * policy or a different LLC latency changes the JSON. */
#include "cosim_util.h"

static char *run(tb_t *t, const char *args, const char *tag) {
  static char out[1 << 16], err[1 << 14];
  char a[640], js[128];
  snprintf(js, sizeof js, "build/cosim-det-%d-%s.json", (int)getpid(), tag);
  snprintf(a, sizeof a, "%s --quiet --stats %s", args, js);
  int rc = cu_run(a, out, sizeof out, err, sizeof err);
  if (rc) tb_fail(t, "%s: exit %d: %s", args, rc, err);
  char *j = cu_slurp(js, NULL);
  remove(js);
  if (!j) tb_fail(t, "%s: no JSON\n", args);
  return j;
}

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "cosim_determinism", 1);
  static const char *cases[] = {"--kernel bfs --graph kron:8:8 --policy copim",
                                "--kernel pr --graph uniform:7:6 --policy pim-only"};
  for (int i = 0; i < 2; i++) {
    char *a = run(&t, cases[i], "a"), *b = run(&t, cases[i], "b");
    if (a && b) {
      t.checks++;
      if (strcmp(a, b)) tb_fail(&t, "%s: the two JSON files differ\n", cases[i]);
      else tb_log(&t, "%s: %zu bytes, identical\n", cases[i], strlen(a));
    }
    free(a);
    free(b);
  }
  char *a = run(&t, cases[0], "c");
  char *b = run(&t, "--kernel bfs --graph kron:8:8 --policy cpu-only", "d");
  char *c = run(&t, "--kernel bfs --graph kron:8:8 --policy copim --llc.lat=40", "e");
  if (a && b && c) {
    tb_expect_u64(&t, "another policy changes the JSON", strcmp(a, b) != 0, 1);
    tb_expect_u64(&t, "another LLC latency changes the JSON", strcmp(a, c) != 0, 1);
  }
  free(a);
  free(b);
  free(c);
  return tb_finish(&t);
}
