#include "pmc_pair.h"

#include <string.h>

int pmc_pair_open(pmc_pair_t *pp, tb_t *t) {
  memset(pp, 0, sizeof *pp);
  pp->t = t;
  pp->rtl = pmc_rtl_new(t->reset_seed, t->waves);
  if (!pp->rtl) return 0;
  pp->cfg = pmc_rtl_cfg(pp->rtl);
  pp->c = pmc_new(&pp->cfg);
  if (!pp->c) return 0;
  pmc_reset(pp->c);
  return 1;
}

int pmc_pair_step(pmc_pair_t *pp, const pmc_in_t *in, pmc_out_t *out) {
  pmc_out_t oc;
  pmc_step(pp->c, in, &oc);
  pmc_rtl_step(pp->rtl, in, out);
  int ok = 1;
  if (!pp->diverged) {
    for (unsigned k = 0; k < pp->cfg.num_cores && ok; k++) {
      char port[48];
      snprintf(port, sizeof port, "rd_data_o[core %u, sel %u]", k, in->rd_sel[k] & 7u);
      ok = tb_lockstep_u64(pp->t, pp->cycle, port, out->rd_data[k], oc.rd_data[k]);
    }
    if (!ok) pp->diverged = 1;
  }
  pp->cycle++;
  return ok;
}

int pmc_pair_read_all(pmc_pair_t *pp, uint64_t v[][PMC_SEL_WIN_FILL + 1]) {
  pmc_in_t in;
  pmc_out_t out;
  memset(&in, 0, sizeof in);
  for (unsigned s = 0; s <= PMC_SEL_WIN_FILL; s++) {
    for (unsigned k = 0; k < pp->cfg.num_cores; k++) in.rd_sel[k] = (uint8_t)s;
    if (!pmc_pair_step(pp, &in, &out)) return 0;
    for (unsigned k = 0; k < pp->cfg.num_cores; k++) v[k][s] = out.rd_data[k];
  }
  return 1;
}

void pmc_pair_close(pmc_pair_t *pp) {
  pmc_rtl_free(pp->rtl);
  pmc_free(pp->c);
  pp->rtl = NULL;
  pp->c = NULL;
}
