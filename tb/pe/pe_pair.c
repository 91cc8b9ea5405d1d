#include "pe_pair.h"

#include <stdlib.h>
#include <string.h>

int pe_pair_open(pe_pair_t *pp, tb_t *t, int rtl, int iss, const pe_mem_timing_t *tm, uint64_t mem_seed,
                 const char *waves) {
  memset(pp, 0, sizeof *pp);
  pp->t = t;
  pp->hart_id = 0x100;
  if (rtl) {
    pp->rtl = pe_rtl_new(t->reset_seed, waves);
    if (!pp->rtl) return 0;
    pp->cfg = pe_rtl_cfg(pp->rtl);
  } else {
    pp->cfg = PE_CFG_DEFAULT;
  }
  pp->c = pe_new(&pp->cfg);
  if (!pp->c) return 0;
  tb_rng_seed(&pp->inval_rng, mem_seed ^ 0x1e7a11d5ull);
  pe_mem_timing_t m = *tm;
  m.line_bytes = pp->cfg.line_bytes;
  pp->mem = pe_mem_new(&m, mem_seed);
  if (!pp->mem) return 0;
  if (iss) {
    pp->iss_mem = pe_mem_new(&m, mem_seed);
    if (!pp->iss_mem) return 0;
    pe_mem_bus(pp->iss_mem, &pp->iss_bus);
    rv32_hart_reset(&pp->iss, 0, pp->hart_id);
  }
  return 1;
}

int pe_pair_load_elf(pe_pair_t *pp, const char *path, uint32_t *entry) {
  if (pe_mem_load_elf(pp->mem, path, entry)) return -1;
  if (pp->iss_mem && pe_mem_load_elf(pp->iss_mem, path, entry)) return -1;
  return 0;
}

void pe_pair_poke(pe_pair_t *pp, uint32_t addr, uint32_t v) {
  pe_mem_write(pp->mem, addr, 4, v);
  if (pp->iss_mem) pe_mem_write(pp->iss_mem, addr, 4, v);
}

static int cmp(pe_pair_t *pp, const char *port, uint64_t r, uint64_t c) {
  if (r == c) return 1;
  return tb_lockstep_u64(pp->t, pp->cycle, port, r, c);
}

/* Steps the reference interpreter to its next retirement, appended to the
 * queue; 0 when it keeps trapping. */
static int iss_pull(pe_pair_t *pp) {
  rv32_result_t r;
  for (int tries = 0; tries < 8; tries++) {
    if (!pp->cfg.counters) pp->iss.mcycle = pp->iss.minstret = 0; /* a PE built without them */
    rv32_step(&pp->iss, &pp->iss_bus, &r);
    if (r.retired) break;
  }
  if (!r.retired) return 0;
  rv32_insn_t d;
  rv32_decode(r.insn, &d);
  pp->iss_q[pp->iss_n].pc = r.pc;
  pp->iss_q[pp->iss_n].insn = r.insn;
  pp->iss_q[pp->iss_n].rd = r.rd;
  pp->iss_q[pp->iss_n].rd_val = r.rd_val;
  pp->iss_q[pp->iss_n].mem_addr = r.mem_addr;
  pp->iss_q[pp->iss_n].load = (d.cls & RV32_C_LOAD) != 0;
  pp->iss_n++;
  return 1;
}

/* Values the reference cannot know: cycle counters, device loads. */
static int iss_timing(uint32_t insn, uint32_t mem_addr) {
  rv32_insn_t d;
  rv32_decode(insn, &d);
  const unsigned k = d.csr & 0xF7F; /* mcycle/mcycleh/cycle/cycleh */
  return ((d.cls & RV32_C_CSR) && (k == RV32_CSR_MCYCLE || k == RV32_CSR_CYCLE)) ||
         ((d.cls & RV32_C_LOAD) && mem_addr >= 0xF0000000u);
}

/* Matches a PE retirement with the reference's: the oldest one it has not
 * retired yet, or past loads still in flight (dmshrs > 1; a load matches
 * only with its value too, since two instances of one load may overtake
 * each other).  Steps the reference as far as needed. */
static int iss_check(pe_pair_t *pp, const pe_out_t *o) {
  unsigned i = 0;
  int cand = -1, found = 0;
  for (;; i++) {
    if (i == pp->iss_n && (pp->iss_n == PE_PAIR_ISS_Q || !iss_pull(pp))) {
      if (pp->iss_n == PE_PAIR_ISS_Q)
        return tb_lockstep_u64(pp->t, pp->cycle, "ret (no reference retirement matches within the queue)", 1, 0);
      return tb_lockstep_u64(pp->t, pp->cycle, "ret (reference interpreter keeps trapping)", 1, 0);
    }
    const int same = pp->iss_q[i].pc == o->ret_pc && pp->iss_q[i].insn == o->ret_insn && pp->iss_q[i].rd == o->ret_rd;
    const int timing = iss_timing(pp->iss_q[i].insn, pp->iss_q[i].mem_addr);
    if (same && (!pp->iss_q[i].load || timing || pp->iss_q[i].rd_val == o->ret_rd_value)) {
      found = 1;
      break;
    }
    if (!pp->iss_q[i].load) break; /* older than the PE's, and not retired: a difference */
    if (same && cand < 0) cand = (int)i;
  }
  if (!found && cand >= 0) i = (unsigned)cand;
  const uint32_t pc = pp->iss_q[i].pc, insn = pp->iss_q[i].insn, rd_val = pp->iss_q[i].rd_val;
  const unsigned rd = pp->iss_q[i].rd;
  const int timing = iss_timing(insn, pp->iss_q[i].mem_addr);
  pp->iss_n--;
  memmove(&pp->iss_q[i], &pp->iss_q[i + 1], (pp->iss_n - i) * sizeof pp->iss_q[0]);
  char port[96];
  char dis[64];
  rv32_disasm(o->ret_insn, o->ret_pc, dis, sizeof dis);
  snprintf(port, sizeof port, "ret vs rv32 reference [%s]", dis);
  int ok = 1;
  ok = ok && cmp(pp, "ret_pc_o (vs rv32 reference)", o->ret_pc, pc);
  ok = ok && cmp(pp, "ret_insn_o (vs rv32 reference)", o->ret_insn, insn);
  ok = ok && cmp(pp, "ret_rd_o (vs rv32 reference)", o->ret_rd, rd);
  /* the reference has not run past a timing value's instruction: counter
   * reads and device loads retire in order */
  if (timing && rd) pp->iss.x[rd] = o->ret_rd_value;
  else ok = ok && cmp(pp, port, o->ret_rd_value, rd_val);
  return ok;
}

int pe_pair_step(pe_pair_t *pp, int start, uint32_t boot_pc) {
  pe_in_t in;
  memset(&in, 0, sizeof in);
  in.start = start;
  in.boot_pc = boot_pc;
  in.hart_id = pp->hart_id;
  if (pp->inval_pml && tb_rng_chance(&pp->inval_rng, pp->inval_pml, 1000)) {
    in.dinval = 1;
    in.dinval_addr = tb_rng_below(&pp->inval_rng, 4) || !pp->inval_span
                         ? pp->inval_lo + (uint32_t)tb_rng_below(&pp->inval_rng, pp->inval_span ? pp->inval_span : 1)
                         : (uint32_t)tb_rng_next(&pp->inval_rng);
    pp->invals++;
  }
  pe_out_t oc, orr;
  pe_outputs(pp->c, &oc);
  int ok = 1;
  if (pp->rtl) {
    pe_rtl_outputs(pp->rtl, &orr);
    if (!pp->diverged) {
      ok = ok && cmp(pp, "halted_o", orr.halted, oc.halted);
      ok = ok && cmp(pp, "mem_req_valid_o", orr.mem_req_valid, oc.mem_req_valid);
      if (ok && oc.mem_req_valid) {
        ok = ok && cmp(pp, "mem_req_addr_o", orr.mem_req_addr, oc.mem_req_addr);
        ok = ok && cmp(pp, "mem_req_op_o", orr.mem_req_op, oc.mem_req_op);
        ok = ok && cmp(pp, "mem_req_amo_o", orr.mem_req_amo, oc.mem_req_amo);
        ok = ok && cmp(pp, "mem_req_wdata_o", orr.mem_req_wdata, oc.mem_req_wdata);
        ok = ok && cmp(pp, "mem_req_be_o", orr.mem_req_be, oc.mem_req_be);
        ok = ok && cmp(pp, "mem_req_tag_o", orr.mem_req_tag, oc.mem_req_tag);
      }
      ok = ok && cmp(pp, "ret_valid_o", orr.ret_valid, oc.ret_valid);
      if (ok && oc.ret_valid) {
        ok = ok && cmp(pp, "ret_pc_o", orr.ret_pc, oc.ret_pc);
        ok = ok && cmp(pp, "ret_insn_o", orr.ret_insn, oc.ret_insn);
        ok = ok && cmp(pp, "ret_rd_o", orr.ret_rd, oc.ret_rd);
        ok = ok && cmp(pp, "ret_rd_value_o", orr.ret_rd_value, oc.ret_rd_value);
      }
      pp->t->checks++;
    }
  }
  if (oc.ret_valid && getenv("PE_TRACE")) {
    char dis[64];
    rv32_disasm(oc.ret_insn, oc.ret_pc, dis, sizeof dis);
    printf("%8llu %08x %08x %-32s x%-2u = %08x\n", (unsigned long long)pp->cycle, oc.ret_pc, oc.ret_insn, dis,
           oc.ret_rd, oc.ret_rd_value);
  }
  if (ok && !pp->diverged && oc.ret_valid) {
    pp->retired++;
    if (pp->iss_mem) ok = iss_check(pp, &oc);
  }
  if (!ok) pp->diverged = 1;
  if (start && pp->iss_mem) pp->iss.pc = boot_pc;
  pe_mem_cycle(pp->mem, &oc, &in, pp->cycle);
  pe_step(pp->c, &in, NULL);
  if (pp->rtl) pe_rtl_step(pp->rtl, &in, NULL);
  pp->cycle++;
  return ok;
}

int pe_pair_run(pe_pair_t *pp, uint32_t boot_pc, uint64_t max_cycles) {
  const uint64_t end = pp->cycle + max_cycles;
  pe_out_t o;
  pe_outputs(pp->c, &o);
  if (!o.halted) {
    tb_fail(pp->t, "pe_pair_run: PE not halted at cycle %llu\n", (unsigned long long)pp->cycle);
    return 0;
  }
  if (!pe_pair_step(pp, 1, boot_pc)) return 0;
  for (;;) {
    if (pp->cycle >= end) {
      tb_fail(pp->t, "PE did not halt within %llu cycles (pc 0x%08x, %llu retired)\n",
              (unsigned long long)max_cycles, pe_hart(pp->c)->mepc, (unsigned long long)pp->retired);
      return 0;
    }
    pe_outputs(pp->c, &o);
    if (o.halted) return 1;
    if (!pe_pair_step(pp, 0, 0)) return 0;
    if (pe_mem_error(pp->mem)) {
      tb_fail(pp->t, "memory error (see above) at cycle %llu\n", (unsigned long long)pp->cycle);
      return 0;
    }
  }
}

void pe_pair_close(pe_pair_t *pp) {
  pe_rtl_free(pp->rtl);
  pe_free(pp->c);
  pe_mem_free(pp->mem);
  pe_mem_free(pp->iss_mem);
  memset(pp, 0, sizeof *pp);
}

const char *pe_elf_dir(void) {
  const char *d = getenv("PE_ELF_DIR");
  return d && *d ? d : "build/pe";
}

int pe_pair_run_elf(tb_t *t, const char *elf, const pe_mem_timing_t *tm, uint64_t seed, const char *waves,
                    uint64_t max_cycles, uint32_t want_exit, const char *label, char *console, size_t console_len) {
  pe_pair_t pp;
  char path[512];
  snprintf(path, sizeof path, "%s/%s", pe_elf_dir(), elf);
  if (!pe_pair_open(&pp, t, 1, 1, tm, seed, waves)) {
    tb_fail(t, "%s: cannot build the models\n", label);
    pe_pair_close(&pp);
    return 0;
  }
  uint32_t entry;
  if (pe_pair_load_elf(&pp, path, &entry)) {
    tb_fail(t, "%s: cannot load %s\n", label, path);
    pe_pair_close(&pp);
    return 0;
  }
  pp.iss.pc = entry;
  int ok = pe_pair_run(&pp, entry, max_cycles);
  uint32_t code = 0;
  const int exited = pe_mem_exited(pp.mem, &code);
  const pe_stats_t *st = pe_stats(pp.c);
  tb_log(t, "  %-28s %8llu cycles %8llu retired  CPI %.3f  ifills %llu dfills %llu  exit %s0x%x\n", label,
         (unsigned long long)st->run_cycles, (unsigned long long)st->retired,
         st->retired ? (double)st->run_cycles / (double)st->retired : 0.0, (unsigned long long)st->ifills,
         (unsigned long long)st->dfills, exited ? "" : "(none) ", code);
  if (ok) {
    if (!exited) ok = tb_expect_u64(t, "program wrote EXIT", 0, 1);
    else {
      char what[128];
      snprintf(what, sizeof what, "%s: exit code (0 = pass, else the failing check)", label);
      ok = tb_expect_u64(t, what, code, want_exit);
    }
  }
  const char *con = pe_mem_console(pp.mem);
  if (console && console_len) snprintf(console, console_len, "%s", con);
  if (*con && !t->quiet) printf("  console: %s%s", con, con[strlen(con) - 1] == '\n' ? "" : "\n");
  pe_pair_close(&pp);
  return ok;
}

int pe_pair_run_elf_timings(tb_t *t, const char *elf) {
  static const pe_mem_timing_t tm[] = {{1, 1, 1, 1, 0}, {15, 15, 1, 1, 0}, {1, 40, 1, 2, 0}, {1, 4, 1, 10, 0}};
  static const char *const name[] = {"ideal memory", "fixed 15-cycle memory", "random 1..40, 50% ready",
                                     "random 1..4, 10% ready"};
  for (unsigned i = 0; i < sizeof tm / sizeof tm[0]; i++)
    if (!pe_pair_run_elf(t, elf, &tm[i], t->seed + i, i == 0 ? t->waves : NULL, 2000000, 0, name[i], NULL, 0))
      return 0;
  return 1;
}
