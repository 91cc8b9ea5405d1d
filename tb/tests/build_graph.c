/* build_graph (issue 33, item 7): what a user types first on a fresh clone
 * builds all it needs.  scripts/build_graph_check.sh fresh copies the
 * tracked files to a new folder with no build/ (only this tree's Verilated
 * models linked in, so no RTL is rebuilt) and runs the README's
 * `make cosim KERNEL=bfs GRAPH=kron:8:8 POLICY=copim` and
 * `make sim TEST=host_isa` there, each alone.  Before mk/sw.mk was read
 * first, both failed with "cannot open the ELF": the fragments read
 * before it saw $(SW_ELFS) empty. */
#include "cosim_util.h"

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "build_graph", 1);
  char dir[96], cmd[256], log[128];
  cu_scratch(dir, sizeof dir, "build-graph");
  snprintf(log, sizeof log, "%s/log", dir);
  snprintf(cmd, sizeof cmd, "scripts/build_graph_check.sh fresh > %s 2>&1", log);
  char *out = cu_script_output(&t, cmd, log, log);
  if (out) {
    t.checks += 2;
    if (!strstr(out, "'make cosim KERNEL=bfs GRAPH=kron:8:8 POLICY=copim JOBS=2' passed"))
      tb_fail(&t, "make cosim did not pass on a fresh clone:\n%s", out);
    if (!strstr(out, "'make sim TEST=host_isa JOBS=2' passed"))
      tb_fail(&t, "make sim TEST=host_isa did not pass on a fresh clone:\n%s", out);
    free(out);
  }
  if (t.failures == 0) {  /* a failure keeps the log for the reader */
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    cu_system(cmd);
  }
  return tb_finish(&t);
}
