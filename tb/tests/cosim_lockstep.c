/* cosim_lockstep: the whole system with every block as RTL and C model
 * compared on every output port every cycle (--lockstep=all), BFS and
 * PageRank under copim on small generated graphs: zero mismatches and
 * results equal to the native kernel, under the test's reset seed.  Then
 * that a difference is caught: COSIM_INJECT corrupts one input of one C
 * model (PMC, IMU, PE in turn) and the run must stop with exit 2 and one
 * line naming the block, cycle, port and both values. */
#include "cosim_util.h"

static char out[1 << 16], err[1 << 14];

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "cosim_lockstep", 1);
  static const char *runs[] = {"--kernel bfs --graph kron:7:8 --policy copim",
                               "--kernel pr --graph kron:6:4 --policy copim"};
  char a[512];
  for (int i = 0; i < 2; i++) {
    snprintf(a, sizeof a, "%s --lockstep all --reset-seed %u --quiet", runs[i], t.reset_seed);
    int rc = cu_run(a, out, sizeof out, err, sizeof err);
    t.checks++;
    if (rc || !strstr(out, "PASS") || strstr(err, "mismatch")) tb_fail(&t, "%s: exit %d: %s%s", runs[i], rc, out, err);
    else tb_log(&t, "%s --lockstep all: PASS, 0 mismatches\n", runs[i]);
  }
  static const char *blk[] = {"pmc", "imu", "pe"};
  for (int i = 0; i < 3; i++) {
    setenv("COSIM_INJECT", blk[i], 1);
    snprintf(a, sizeof a, "%s --lockstep all --reset-seed %u --quiet", runs[0], t.reset_seed);
    int rc = cu_run(a, out, sizeof out, err, sizeof err);
    unsetenv("COSIM_INJECT");
    char want[64];
    snprintf(want, sizeof want, "copim-sim: lockstep mismatch: %s", blk[i]);
    t.checks++;
    if (rc != 2 || cu_count_lines(err) != 1 || strncmp(err, want, strlen(want)) || !strstr(err, " port ") ||
        !strstr(err, "rtl=0x") || !strstr(err, " c=0x"))
      tb_fail(&t, "injected %s fault: exit %d, stderr: %s", blk[i], rc, err);
    else tb_log(&t, "injected %s fault caught: %s", blk[i], err);
  }
  return tb_finish(&t);
}
