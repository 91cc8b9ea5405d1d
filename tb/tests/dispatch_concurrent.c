/* dispatch_concurrent: launches of several cores share the 16 PEs.  In
 * pim-only every core offloads its quarter of each loop at once, so four
 * launches overlap; the full system (C blocks) must verify against the
 * native kernel with them overlapping (pim.max_active = 4), with one launch
 * at a time (pim.concurrent=off: max_active 1, and slower), with the static
 * split, and with vault placement, which must raise the share of PE
 * requests served by the PE's own vault. */
#include "cosim_util.h"

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "dispatch_concurrent", 1);
  static const char *kernels[] = {"bfs", "pr"};
  /* the variants run, each against the defaults */
  static const struct {
    const char *what, *set;
  } var[4] = {{"concurrent", ""},
              {"one launch at a time", "--set pim.concurrent=off"},
              {"static split", "--set pim.sched=static"},
              {"vault placement", "--set pim.place=vault"}};
  for (int k = 0; k < 2; k++) {
    char *js[4];
    for (int v = 0; v < 4; v++) {
      char a[512], label[128];
      snprintf(a, sizeof a, "--kernel %s --graph kron:10:8 --policy pim-only %s", kernels[k], var[v].set);
      snprintf(label, sizeof label, "%s pim-only, %s", kernels[k], var[v].what);
      js[v] = cu_stats(&t, label, a);
    }
    char *conc = js[0], *ser = js[1], *stat = js[2], *vault = js[3];
    if (conc && ser && stat && vault) {
      tb_expect_u64(&t, "four launches active at once", (uint64_t)cu_json_num(conc, "\"pim\"", "max_active"), 4);
      tb_expect_u64(&t, "one at a time: never two active", (uint64_t)cu_json_num(ser, "\"pim\"", "max_active"), 1);
      const double tc = cu_json_num(conc, NULL, "kernel_cycles"), ts = cu_json_num(ser, NULL, "kernel_cycles");
      tb_log(&t, "%s: kernel cycles concurrent %.0f, one at a time %.0f\n", kernels[k], tc, ts);
      tb_expect_u64(&t, "overlapping launches finish sooner", tc < ts, 1);
      /* static: each PE takes its one share of a launch; dynamic: smaller chunks, more of them */
      const double cs = cu_json_num(stat, "\"pim\"", "chunks"), cd = cu_json_num(conc, "\"pim\"", "chunks");
      tb_expect_u64(&t, "static: at most one share per PE and launch", cs <= 16 * cu_json_num(stat, "\"pim\"", "launches"), 1);
      tb_expect_u64(&t, "dynamic: more chunks than the static shares", cd > cs, 1);
      const double lr = cu_json_num(conc, "\"pim\"", "locality_share"), lv = cu_json_num(vault, "\"pim\"", "locality_share");
      tb_log(&t, "%s: locality share range %.3f, vault %.3f\n", kernels[k], lr, lv);
      tb_expect_u64(&t, "vault placement raises the own-vault share", lv > lr, 1);
    }
    free(conc);
    free(ser);
    free(stat);
    free(vault);
  }
  return tb_finish(&t);
}
