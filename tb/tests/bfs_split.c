/* bfs_split: BFS queues a vertex of degree above --bfs-split as several
 * tasks so the dispatcher spreads a hub over the PEs (docs/workloads.md).
 * On a star (hub 0 -> 1..1000, the BFS source) under pim-only:
 *   - split 0: one task per vertex, 1 + 1000 frontier tasks;
 *   - split 1: the hub becomes GRAPH_BFS_MAX_PARTS tasks, the last of which
 *     walks the 745 edges left, so 255 more PE iterations, and the result
 *     is still the native reference's (a last part that stopped at one edge
 *     would leave 744 leaves unreached and fail verification);
 *   - split 5: exactly 1000 / 5 = 200 hub tasks, 199 more.
 * Then a generated graph under pim-only and copim with a small split. */
#include "cosim_util.h"
#include "graph.h"

#define LEAVES 1000

static double iters(tb_t *t, const char *label, const char *graph, const char *opts) {
  char a[512];
  snprintf(a, sizeof a, "--kernel bfs --graph %s --format el --policy pim-only %s", graph, opts);
  char *j = cu_stats(t, label, a);
  const double it = j ? cu_json_num(j, "\"pim\"", "iterations") : -1;
  free(j);
  return it;
}

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "bfs_split", 1);
  char path[128];
  snprintf(path, sizeof path, "build/bfs_split-%d.el", (int)getpid());
  FILE *f = fopen(path, "w");
  if (!f) {
    tb_fail(&t, "cannot write %s\n", path);
    return tb_finish(&t);
  }
  for (int v = 1; v <= LEAVES; v++) fprintf(f, "0 %d\n", v);
  fclose(f);
  const double i0 = iters(&t, "star, split 0", path, "--bfs-split 0");
  const double i1 = iters(&t, "star, split 1", path, "--bfs-split 1");
  const double i3 = iters(&t, "star, split 5", path, "--bfs-split 5");
  remove(path);
  tb_log(&t, "star: PE iterations %.0f (split 0), %.0f (split 1), %.0f (split 5)\n", i0, i1, i3);
  if (i0 >= 0 && i1 >= 0 && i3 >= 0) {
    tb_expect_u64(&t, "split 1: the hub is GRAPH_BFS_MAX_PARTS tasks", (uint64_t)(i1 - i0), GRAPH_BFS_MAX_PARTS - 1);
    tb_expect_u64(&t, "split 5: the hub is ceil(1000 / 5) tasks", (uint64_t)(i3 - i0), (LEAVES + 4) / 5 - 1);
  }
  const char *gen[] = {"--policy pim-only --bfs-split 4", "--policy copim --bfs-split 4", "--policy cpu-only --bfs-split 4"};
  for (unsigned i = 0; i < sizeof gen / sizeof gen[0]; i++) {
    char a[256];
    snprintf(a, sizeof a, "--kernel bfs --graph kron:10:8 %s", gen[i]);
    free(cu_stats(&t, gen[i], a));
  }
  return tb_finish(&t);
}
