/* kernel_hotspots: no kernel funnels a per-vertex update through one shared
 * word (issue 51).  Every kernel runs under pim-only, where all 16 PEs send
 * their updates to the vaults, on kron:10:8 (PageRank 4 iterations), and no
 * single address may receive more than 5 % of all HMC requests: the
 * statistic hmc.top_addr_share, from the hot-address summary's certain
 * count (csim/hmc/hmc_hot.h).  Every run is verified against the native
 * kernel.
 *
 * So that the bound is shown to bite, the naive kernels (build/sw-naive,
 * RT_NAIVE: one AMO or store to the shared word per vertex) of BFS (queue
 * size), SSSP (changed flag), both PageRanks (error sum) and kCore (round
 * flags) must exceed it on the same runs, and their top address must be a
 * word of the kernel's own data, not the graph's (below 0x1000_0000). */
#include "cosim_util.h"

#define BOUND 0.05

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "kernel_hotspots", 1);
  static const struct { const char *k; int naive_hot; } ks[] = {
      {"bfs", 1}, {"sssp", 1}, {"pr", 1}, {"prp", 1}, {"cc", 0}, {"dc", 0}, {"kcore", 1},
  };
  for (unsigned i = 0; i < sizeof ks / sizeof ks[0]; i++) {
    char a[512], l[128];
    for (int naive = 0; naive < 2; naive++) {
      if (naive && !ks[i].naive_hot) continue;
      snprintf(a, sizeof a, "--kernel %s --graph kron:10:8 --policy pim-only --pr-iters 4%s%s%s", ks[i].k,
               naive ? " --elf build/sw-naive/" : "", naive ? ks[i].k : "", naive ? ".elf" : "");
      snprintf(l, sizeof l, "%s %s pim-only", ks[i].k, naive ? "naive" : "reduced");
      char *j = cu_stats(&t, l, a);
      if (!j) continue;
      const double share = cu_json_num(j, "\"hmc\"", "top_addr_share"), addr = cu_json_num(j, "\"hmc\"", "top_addr");
      const double vshare = cu_json_num(j, "\"hmc\"", "busiest_vault_share");
      tb_log(&t, "%-22s top address 0x%08lx %5.2f %% of the HMC requests, busiest vault %5.2f %%\n", l,
             (unsigned long)addr, 100 * share, 100 * vshare);
      if (!naive) {
        if (share > BOUND)
          tb_fail(&t, "%s: address 0x%08lx receives %.2f %% of the HMC requests (bound %.0f %%)\n", l, (unsigned long)addr,
                  100 * share, 100 * BOUND);
        t.checks++;
      } else {
        tb_expect_u64(&t, "naive kernel: its shared word above the bound", share > BOUND, 1);
        tb_expect_u64(&t, "naive kernel: the hot word is kernel data", addr < 0x10000000, 1);
      }
      free(j);
    }
  }
  return tb_finish(&t);
}
