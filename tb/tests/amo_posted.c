/* amo_posted: GraphPIM's vault atomics as its paper had them
 * (pim.amo_posted=1, docs/host.md "AMOs").  Push PageRank under graphpim
 * on kron:10:8: every per-edge `amoadd.w zero, ...` to the property region
 * goes to its vault as a posted HMC atomic.
 *
 *  1. The run is verified against the native kernel, and the vault, not
 *     the host, performs each posted add on memory (cb_amo leaves memory
 *     alone for them): a barrier that did not wait for them would let the
 *     next pass read ranks with adds still missing.
 *  2. hmc.posted = edges x iterations: every per-edge add, and nothing
 *     else (the runtime's own AMOs are not in the property region).
 *  3. No response for them: hmc.responses = hmc.requests - hmc.posted.
 *  4. The barrier waited for them: the cores' posted_wait_cycles > 0.
 *  5. With pim.amo_posted=0 the same adds are round trips: no posted
 *     request, a response for every request, and a longer kernel.
 *  6. The check of 1 has teeth: with pim.posted_nowait=1 (a planted fault:
 *     fences and barriers do not wait for posted atomics) the run must fail
 *     its verification with a wrong rank.
 *  7. The relaxed kernels (build/sw-relaxed: per-edge AMOs with aq = rl =
 *     0) give the native kernel's results: every kernel under cpu-only
 *     (relaxed AMOs overlap on the host) and graphpim (posted ones). */
#include "cosim_util.h"

#define ARGS "--kernel prp --graph kron:10:8 --policy graphpim"

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "amo_posted", 1);
  char *j = cu_stats(&t, "graphpim prp, posted", ARGS);
  char *j0 = cu_stats(&t, "graphpim prp, not posted", ARGS " --set pim.amo_posted=0");
  if (j && j0) {
    const double edges = cu_json_num(j, "\"graph\"", "edges"), iters = cu_json_num(j, "\"result\"", "iterations");
    const double req = cu_json_num(j, "\"hmc\"", "requests"), rsp = cu_json_num(j, "\"hmc\"", "responses");
    const double posted = cu_json_num(j, "\"hmc\"", "posted"), wait = cu_json_sum(j, "posted_wait_cycles");
    const double k1 = cu_json_num(j, "\"time\"", "kernel_cycles"), k0 = cu_json_num(j0, "\"time\"", "kernel_cycles");
    tb_log(&t, "posted: %.0f of %.0f HMC requests (%.0f edges x %.0f iterations), %.0f responses, %.0f cycles of "
               "posted waits; kernel %.0f cycles, %.0f with round trips\n",
           posted, req, edges, iters, rsp, wait, k1, k0);
    tb_expect_u64(&t, "hmc.posted = edges x iterations", (uint64_t)posted, (uint64_t)(edges * iters));
    tb_expect_u64(&t, "hmc.responses = requests - posted", (uint64_t)rsp, (uint64_t)(req - posted));
    tb_expect_u64(&t, "the barrier waited for posted atomics", wait > 0, 1);
    tb_expect_u64(&t, "pim.amo_posted=0: no posted request", (uint64_t)cu_json_num(j0, "\"hmc\"", "posted"), 0);
    tb_expect_u64(&t, "pim.amo_posted=0: a response for every request",
                  (uint64_t)cu_json_num(j0, "\"hmc\"", "responses"), (uint64_t)cu_json_num(j0, "\"hmc\"", "requests"));
    tb_expect_u64(&t, "posted atomics shorten the kernel", k1 < k0, 1);
  }
  free(j);
  free(j0);
  static char out[1 << 16], err[1 << 14];
  const int rc = cu_run(ARGS " --quiet --set pim.posted_nowait=1", out, sizeof out, err, sizeof err);
  tb_log(&t, "planted fault (barriers do not wait): exit %d, %s", rc, err);
  tb_expect_u64(&t, "a barrier that does not wait gives a wrong rank", rc != 0 && strstr(err, "rank") != NULL, 1);
  static const char *const ks[] = {"bfs", "sssp", "pr", "prp", "cc", "dc", "kcore"};
  for (unsigned i = 0; i < sizeof ks / sizeof ks[0]; i++)
    for (int g = 0; g < 2; g++) {
      char a[256], l[64];
      snprintf(a, sizeof a, "--kernel %s --graph kron:9:8 --policy %s --elf build/sw-relaxed/%s.elf", ks[i],
               g ? "graphpim" : "cpu-only", ks[i]);
      snprintf(l, sizeof l, "relaxed %s %s", ks[i], g ? "graphpim" : "cpu-only");
      free(cu_stats(&t, l, a));
    }
  return tb_finish(&t);
}
