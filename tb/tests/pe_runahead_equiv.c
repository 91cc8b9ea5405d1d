/* pe_runahead_equiv: the run-ahead PE (csim/pe/pe_runahead.h) presents the same
 * port requests in the same cycles and retires the same instructions as the
 * RTL-mirroring model stepped every cycle (the lockstep reference).
 *
 * Part 1, random programs (pe_lockstep_random's generator), each under a
 * memory timing drawn from the seed (latency 1..16 cycles, fixed or spread
 * over up to 40 more; a request accepted in every cycle down to one in
 * six).  Two PEs, each on its own copy of the
 * memory model with the same seed: the reference is stepped every cycle;
 * the run-ahead one is driven as the system drives it, stepped only at
 * edges with something at its port and run ahead (pe_runahead_run) after each
 * such step whose next inputs are quiet, the edges in between taken from
 * its window without a step and without the memory model.  Every output
 * port is compared every cycle (request fields while valid, retirement
 * fields while valid); the first difference stops the test with the cycle,
 * the port and both values.
 *
 * Part 2, every kernel's offloaded body: copim-sim --policy pim-only on
 * kron:9:8 with sim.pe_runahead=2 (each PE run ahead and, beside it, the
 * reference stepped every edge on the inputs the system gave, compared on
 * every port every edge: sys_pe.c), under HMC latencies and vault queue
 * depths drawn from the seed (a queue of 1 or 2 gives the PEs
 * back-pressure) and a random PE device latency; the run must pass, and a
 * difference fails it with the PE cycle, the port and both values.
 *
 * --cycles N: instructions each of the 3 seeds of part 1 retires (30000). */
#define TEST_NAME "pe_runahead_equiv"
/* the generator (gen, prog_t): pe_lockstep_random's own, not a copy */
#define main pe_lockstep_random_main
#include "pe_lockstep_random.c"
#undef main

#include "cosim_util.h"
#include "pe_runahead.h"

typedef struct {
  pe_t *pe;
  pe_mem_t *mem;
  pe_runahead_t f;
  int pending; /* an accepted request waits for its response */
} ahead_side_t;

/* Compares the outputs of one cycle; 0 (and the failure) at a difference. */
static int same(tb_t *t, uint64_t cycle, const pe_out_t *r, const pe_out_t *f) {
  const char *port = NULL;
  uint32_t a = 0, b = 0;
#define CMP(cond, name, fld) \
  if (!port && (cond) && r->fld != f->fld) port = name, a = (uint32_t)f->fld, b = (uint32_t)r->fld
  CMP(1, "halted_o", halted);
  CMP(1, "mem_req_valid_o", mem_req_valid);
  CMP(r->mem_req_valid, "mem_req_addr_o", mem_req_addr);
  CMP(r->mem_req_valid, "mem_req_op_o", mem_req_op);
  CMP(r->mem_req_valid, "mem_req_amo_o", mem_req_amo);
  CMP(r->mem_req_valid, "mem_req_wdata_o", mem_req_wdata);
  CMP(r->mem_req_valid, "mem_req_be_o", mem_req_be);
  CMP(1, "ret_valid_o", ret_valid);
  CMP(r->ret_valid, "ret_pc_o", ret_pc);
  CMP(r->ret_valid, "ret_insn_o", ret_insn);
  CMP(r->ret_valid, "ret_rd_o", ret_rd);
  CMP(r->ret_valid, "ret_rd_value_o", ret_rd_value);
#undef CMP
  t->checks++;
  if (!port) return 1;
  tb_fail(t, "cycle %llu, port %s: run-ahead 0x%08x, reference 0x%08x\n", (unsigned long long)cycle, port, a, b);
  return 0;
}

/* One program under one timing; 1 when both halted identically. */
static int run_program(tb_t *t, const prog_t *pg, const pe_mem_timing_t *tm, uint64_t mem_seed, uint64_t *retired,
                       uint64_t *ahead) {
  const pe_cfg_t cfg = PE_CFG_DEFAULT;
  pe_mem_timing_t tmc = *tm;
  tmc.line_bytes = cfg.line_bytes;
  pe_t *ref = pe_new(&cfg);
  pe_mem_t *rmem = pe_mem_new(&tmc, mem_seed);
  ahead_side_t fs = {pe_new(&cfg), pe_mem_new(&tmc, mem_seed), {0}, 0};
  int ok = ref && rmem && fs.pe && fs.mem;
  if (!ok) tb_fail(t, "cannot build the models\n");
  for (unsigned i = 0; ok && i < pg->n; i++) {
    pe_mem_write(rmem, CODE + 4 * i, 4, pg->w[i]);
    pe_mem_write(fs.mem, CODE + 4 * i, 4, pg->w[i]);
  }
  if (ok) pe_runahead_init(&fs.f, fs.pe, 0);
  for (uint64_t cycle = 0; ok && cycle < 4000000; cycle++) {
    pe_in_t in;
    memset(&in, 0, sizeof in);
    in.start = cycle == 0;
    in.boot_pc = CODE;
    pe_out_t ro, fo;
    pe_outputs(ref, &ro);
    pe_mem_cycle(rmem, &ro, &in, cycle);
    pe_step(ref, &in, NULL);
    if (fs.f.edges) {
      pe_runahead_take1(&fs.f, &fo); /* quiet inputs: no step, no memory model */
    } else {
      memset(&in, 0, sizeof in);
      in.start = cycle == 0;
      in.boot_pc = CODE;
      pe_outputs(fs.pe, &fo);
      pe_mem_cycle(fs.mem, &fo, &in, cycle);
      pe_step(fs.pe, &in, NULL);
      if (in.mem_resp_valid) fs.pending = 0;
      if (in.mem_req_ready && fo.mem_req_op != PE_OP_WRITE) fs.pending = 1;
      if (!fs.pending) pe_runahead_run(&fs.f);
    }
    ok = same(t, cycle, &ro, &fo);
    *retired += ro.ret_valid;
    if (ok && cycle > 0 && ro.halted) break;
    if (ok && cycle == 4000000 - 1) {
      tb_fail(t, "no halt within 4000000 cycles\n");
      ok = 0;
    }
  }
  if (ok && (pe_mem_error(rmem) || pe_mem_error(fs.mem))) {
    tb_fail(t, "memory error\n");
    ok = 0;
  }
  *ahead += fs.f.ahead_edges;
  pe_free(ref);
  pe_free(fs.pe);
  pe_mem_free(rmem);
  pe_mem_free(fs.mem);
  return ok;
}

/* A memory timing drawn from the rng: latency fixed or spread over up to 40
 * cycles, acceptance from every cycle down to one in six. */
static pe_mem_timing_t draw_timing(tb_rng_t *r) {
  pe_mem_timing_t tm;
  memset(&tm, 0, sizeof tm);
  tm.lat_min = 1 + (unsigned)tb_rng_below(r, 16);
  tm.lat_max = tm.lat_min + (tb_rng_below(r, 2) ? 0 : (unsigned)tb_rng_below(r, 40));
  tm.ready_den = 1 + (unsigned)tb_rng_below(r, 6);
  tm.ready_num = 1 + (unsigned)tb_rng_below(r, tm.ready_den);
  return tm;
}

static void random_programs(tb_t *t) {
  const uint64_t per_seed = tb_len(t, 30000);
  static prog_t prog;
  for (unsigned s = 0; s < 3; s++) {
    const uint64_t seed = t->seed + s;
    tb_rng_t rng;
    tb_rng_seed(&rng, seed);
    prog.r = &rng;
    uint64_t done = 0, ahead = 0, programs = 0, cycles0 = t->checks;
    while (done < per_seed) {
      gen(&prog, 40 + (unsigned)tb_rng_below(&rng, 60));
      const pe_mem_timing_t tm = draw_timing(&rng);
      if (!run_program(t, &prog, &tm, tb_rng_next(&rng), &done, &ahead)) {
        printf("  seed %llu, program %llu (%u words) differs; rerun with --seed %llu\n", (unsigned long long)seed,
               (unsigned long long)programs, prog.n, (unsigned long long)t->seed);
        return;
      }
      programs++;
    }
    tb_log(t, "  seed %llu: %llu programs, %llu instructions, %llu cycles compared, %llu of them run ahead\n",
           (unsigned long long)seed, (unsigned long long)programs, (unsigned long long)done,
           (unsigned long long)(t->checks - cycles0), (unsigned long long)ahead);
  }
}

static void kernels(tb_t *t) {
  static char list[4096], out[1 << 16], err[1 << 14];
  if (cu_run("--list-kernels", list, sizeof list, err, sizeof err) || !list[0]) {
    tb_fail(t, "copim-sim --list-kernels failed: %s\n", err);
    return;
  }
  tb_rng_t rng;
  tb_rng_seed(&rng, t->seed * 7919 + 1);
  for (char *k = strtok(list, "\n"); k; k = strtok(NULL, "\n")) {
    char a[1024], js[128];
    const unsigned q = 1 + (unsigned)tb_rng_below(&rng, 2) * (1 + (unsigned)tb_rng_below(&rng, 15));
    snprintf(js, sizeof js, "build/pe-runahead-equiv-%d.json", (int)getpid());
    snprintf(a, sizeof a,
             "--kernel %s --graph kron:9:8 --policy pim-only --pr-iters 3 --set sim.pe_runahead=2 --set hmc.vault_q=%u "
             "--set hmc.t_cl_ps=%u --set hmc.t_rcd_ps=%u --set hmc.local_cycles=%u --set hmc.xbar_cycles=%u "
             "--set hmc.atomic_cycles=%u --set pe.mmio_lat=%u --quiet --stats %s",
             k, q, 2000 + 1000 * (unsigned)tb_rng_below(&rng, 30), 2000 + 1000 * (unsigned)tb_rng_below(&rng, 30),
             1 + (unsigned)tb_rng_below(&rng, 8), 1 + (unsigned)tb_rng_below(&rng, 8),
             (unsigned)tb_rng_below(&rng, 6), 1 + (unsigned)tb_rng_below(&rng, 20), js);
    const int rc = cu_run(a, out, sizeof out, err, sizeof err);
    char *j = cu_slurp(js, NULL);
    remove(js);
    t->checks++;
    if (rc || !j || !strstr(j, "\"verified\": true"))
      tb_fail(t, "copim-sim %s: exit %d: %s", a, rc, err[0] ? err : "(no message)\n");
    else
      tb_log(t, "  %-6s vault_q=%u: every PE edge identical (%s)\n", k, q, strstr(out, "PASS") ? "PASS" : "?");
    free(j);
  }
}

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, TEST_NAME, 1);
  random_programs(&t);
  if (!t.failures) kernels(&t);
  return tb_finish(&t);
}
