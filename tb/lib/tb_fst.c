#include "tb_fst.h"

#include <stdio.h>
#include <stdlib.h>

#include "fstapi.h"

#define TB_FST_MAXVARS 4096

struct tb_fst {
  void *ctx;
  int nvars;
  fstHandle h[TB_FST_MAXVARS];
  unsigned width[TB_FST_MAXVARS];
  uint64_t last[TB_FST_MAXVARS];
  int seen[TB_FST_MAXVARS];
};

tb_fst_t *tb_fst_open(const char *path, const char *scope) {
  if (!path) return NULL;
  tb_fst_t *w = calloc(1, sizeof *w);
  if (!w) return NULL;
  w->ctx = fstWriterCreate(path, 1);
  if (!w->ctx) {
    fprintf(stderr, "tb_fst: cannot create '%s'\n", path);
    free(w);
    return NULL;
  }
  fstWriterSetTimescale(w->ctx, -9);
  fstWriterSetScope(w->ctx, FST_ST_VCD_MODULE, scope, NULL);
  return w;
}

int tb_fst_var(tb_fst_t *w, const char *name, unsigned width) {
  if (!w || w->nvars == TB_FST_MAXVARS) return -1;
  int i = w->nvars++;
  w->h[i] = fstWriterCreateVar(w->ctx, FST_VT_VCD_WIRE, FST_VD_IMPLICIT, width, name, 0);
  w->width[i] = width;
  return i;
}

void tb_fst_time(tb_fst_t *w, uint64_t t) {
  if (w) fstWriterEmitTimeChange(w->ctx, t);
}

void tb_fst_set(tb_fst_t *w, int var, uint64_t value) {
  if (!w || var < 0) return;
  if (w->seen[var] && w->last[var] == value) return;
  w->seen[var] = 1;
  w->last[var] = value;
  char bits[65];
  unsigned n = w->width[var];
  for (unsigned b = 0; b < n; b++) bits[n - 1 - b] = (char)('0' + ((value >> b) & 1));
  bits[n] = 0;
  fstWriterEmitValueChange(w->ctx, w->h[var], bits);
}

void tb_fst_close(tb_fst_t *w) {
  if (!w) return;
  fstWriterClose(w->ctx);
  free(w);
}
