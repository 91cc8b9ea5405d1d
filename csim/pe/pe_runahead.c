/* Run-ahead vault PE (pe_runahead.h). */
#include "pe_runahead.h"

#include <string.h>

int pe_runahead_supported(const pe_cfg_t *cfg) {
  /* every field pe_cfg_t has today keeps one request in flight at the port:
   * a new field that lets the port overlap requests (memory-level
   * parallelism) must be checked here, and is not covered until it is */
  return (cfg->line_bytes == 16 || cfg->line_bytes == 32 || cfg->line_bytes == 64) && cfg->counters <= 1 &&
         cfg->dmshrs <= 1 && /* DMshrs > 1 (non-blocking loads): several requests in flight, not covered */
         cfg->dprefetch == 0; /* (needs DMshrs > 1 anyway) */
}

void pe_runahead_init(pe_runahead_t *f, pe_t *pe, uint32_t hart_id) {
  f->pe = pe;
  f->hart_id = hart_id;
  f->edges = f->taken = f->nret = f->rhead = 0;
  f->tot_loads = f->tot_stores = 0;
  f->counted = 0;
  f->windows = f->ahead_edges = 0;
}

uint32_t pe_runahead_run(pe_runahead_t *f) {
  pe_in_t in;
  memset(&in, 0, sizeof in);
  in.hart_id = f->hart_id;
  uint32_t n = 0, nret = 0;
  while (n < PE_RUNAHEAD_WINDOW) {
    /* the edges where every instruction flows, timed an instruction at a
     * time; then the edge that ends them (or any other) one at a time */
    n += pe_ri_run(f->pe, f->hart_id, PE_RUNAHEAD_WINDOW - n, n, f->ret, &nret);
    if (n >= PE_RUNAHEAD_WINDOW) break;
    pe_out_t o;
    /* the common edge through the shortcut (it is never a request or the
     * halt, and leaves no idle wait behind); any other through pe_step */
    if (pe_step_quiet(f->pe, f->hart_id, &o)) {
      if (o.ret_valid) f->ret[nret++] = (pe_runahead_ret_t){n, o.ret_pc, o.ret_insn, o.ret_rd_value, o.ret_rd};
      n++;
      continue;
    }
    pe_outputs(f->pe, &o);
    if (o.mem_req_valid || o.halted) break;
    /* a wait that repeats (the divider counting with the port idle): the
     * model applies those edges at once, nothing retires in them */
    const uint64_t idle = pe_idle(f->pe);
    if (idle) {
      const uint32_t k = idle < PE_RUNAHEAD_WINDOW - n ? (uint32_t)idle : PE_RUNAHEAD_WINDOW - n;
      pe_skip(f->pe, k);
      n += k;
      continue;
    }
    pe_step(f->pe, &in, NULL); /* o: its outputs, read above before the edge */
    if (o.ret_valid) f->ret[nret++] = (pe_runahead_ret_t){n, o.ret_pc, o.ret_insn, o.ret_rd_value, o.ret_rd};
    n++;
  }
  f->edges = n;
  f->taken = 0;
  f->nret = nret;
  f->rhead = 0;
  f->counted = 0;
  if (n) {
    f->windows++;
    f->ahead_edges += n;
  }
  return n;
}

void pe_runahead_take1(pe_runahead_t *f, pe_out_t *ret) {
  memset(ret, 0, sizeof *ret);
  const pe_runahead_ret_t *r = pe_runahead_next(f);
  if (r) {
    ret->ret_valid = 1;
    ret->ret_pc = r->pc;
    ret->ret_insn = r->insn;
    ret->ret_rd = r->rd;
    ret->ret_rd_value = r->rd_value;
  }
}

void pe_runahead_take(pe_runahead_t *f, uint64_t n, pe_runahead_count_t *c) {
  const uint32_t end = f->taken + (uint32_t)n;
  if (f->counted && !f->taken && n == f->edges) { /* the whole window: its totals */
    c->retired += f->nret;
    c->loads += f->tot_loads;
    c->stores += f->tot_stores;
    f->rhead = f->nret;
    f->taken = end;
    f->edges = 0;
    return;
  }
  while (f->rhead < f->nret && f->ret[f->rhead].edge < end) {
    const uint32_t opc = f->ret[f->rhead++].insn & 0x7f;
    c->retired++;
    c->loads += opc == 0x03;
    c->stores += opc == 0x23;
  }
  f->taken = end;
  f->edges -= (uint32_t)n;
}
