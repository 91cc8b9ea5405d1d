/* A minimal FST writer for tests whose blocks are C models only (no
 * Verilated design to trace), so `make sim` gives every test a waveform.
 * Built on GTKWave's fstapi.c as shipped with Verilator.
 *
 *   tb_fst_t *w = tb_fst_open("x.fst", "pmc_c");   NULL path -> NULL handle
 *   int v = tb_fst_var(w, "core0.hit_act", 1);     declare before first time
 *   tb_fst_time(w, cycle); tb_fst_set(w, v, value);
 *   tb_fst_close(w);
 * Every function accepts a NULL handle and then does nothing, so tests call
 * them unconditionally. */
#ifndef TB_FST_H
#define TB_FST_H

#include <stdint.h>

typedef struct tb_fst tb_fst_t;

tb_fst_t *tb_fst_open(const char *path, const char *scope);
/* Declares a signal of width 1..64 under the scope; dots in name make sub-scopes flat names. */
int tb_fst_var(tb_fst_t *w, const char *name, unsigned width);
void tb_fst_time(tb_fst_t *w, uint64_t t);
void tb_fst_set(tb_fst_t *w, int var, uint64_t value);
void tb_fst_close(tb_fst_t *w);

#endif
