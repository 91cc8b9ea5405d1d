/* Helpers shared by the host tests (tb/tests/host_*.c): an RV32 encoder for
 * generated test programs, a functional memory, and the host + HMC pair. */
#ifndef HOST_UTIL_H
#define HOST_UTIL_H

#include <stdlib.h>
#include <string.h>

#include "host.h"
#include "rv32.h"
#include "tb.h"
#include "tb_fst.h"

/* ---------------------------------------------------------------- encoder */
enum { ZERO = 0, RA = 1, SP = 2, GP = 3, TP = 4, T0 = 5, T1 = 6, T2 = 7, S0 = 8, S1 = 9, A0 = 10, A1 = 11, A2 = 12,
       A3 = 13, A4 = 14, A5 = 15, A6 = 16, A7 = 17, S2 = 18, S3 = 19, S4 = 20, S5 = 21, T3 = 28, T4 = 29, T5 = 30,
       T6 = 31 };

typedef struct {
  uint32_t base, n;
  uint32_t w[8192];
} hu_prog_t;

static inline uint32_t hu_r(unsigned f7, unsigned rs2, unsigned rs1, unsigned f3, unsigned rd, unsigned op) {
  return f7 << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | rd << 7 | op;
}
static inline uint32_t hu_i(int32_t imm, unsigned rs1, unsigned f3, unsigned rd, unsigned op) {
  return ((uint32_t)imm & 0xfff) << 20 | rs1 << 15 | f3 << 12 | rd << 7 | op;
}
static inline uint32_t hu_s(int32_t imm, unsigned rs2, unsigned rs1, unsigned f3) {
  uint32_t u = (uint32_t)imm;
  return ((u >> 5) & 0x7f) << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | (u & 31) << 7 | 0x23;
}
static inline uint32_t hu_b(int32_t off, unsigned rs2, unsigned rs1, unsigned f3) {
  uint32_t u = (uint32_t)off;
  return ((u >> 12) & 1) << 31 | ((u >> 5) & 0x3f) << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | ((u >> 1) & 15) << 8 |
         ((u >> 11) & 1) << 7 | 0x63;
}
static inline uint32_t hu_here(const hu_prog_t *p) { return p->base + 4 * p->n; }
static inline void hu_emit(hu_prog_t *p, uint32_t w) { p->w[p->n++] = w; }
static inline void hu_addi(hu_prog_t *p, unsigned rd, unsigned rs1, int32_t imm) { hu_emit(p, hu_i(imm, rs1, 0, rd, 0x13)); }
static inline void hu_andi(hu_prog_t *p, unsigned rd, unsigned rs1, int32_t imm) { hu_emit(p, hu_i(imm, rs1, 7, rd, 0x13)); }
static inline void hu_slli(hu_prog_t *p, unsigned rd, unsigned rs1, unsigned sh) { hu_emit(p, hu_i((int32_t)sh, rs1, 1, rd, 0x13)); }
static inline void hu_srli(hu_prog_t *p, unsigned rd, unsigned rs1, unsigned sh) { hu_emit(p, hu_i((int32_t)sh, rs1, 5, rd, 0x13)); }
static inline void hu_add(hu_prog_t *p, unsigned rd, unsigned a, unsigned b) { hu_emit(p, hu_r(0, b, a, 0, rd, 0x33)); }
static inline void hu_xor(hu_prog_t *p, unsigned rd, unsigned a, unsigned b) { hu_emit(p, hu_r(0, b, a, 4, rd, 0x33)); }
static inline void hu_and(hu_prog_t *p, unsigned rd, unsigned a, unsigned b) { hu_emit(p, hu_r(0, b, a, 7, rd, 0x33)); }
static inline void hu_mul(hu_prog_t *p, unsigned rd, unsigned a, unsigned b) { hu_emit(p, hu_r(1, b, a, 0, rd, 0x33)); }
static inline void hu_lui(hu_prog_t *p, unsigned rd, uint32_t v) { hu_emit(p, (v & 0xfffff000u) | rd << 7 | 0x37); }
static inline void hu_li(hu_prog_t *p, unsigned rd, uint32_t v) {
  uint32_t lo = v & 0xfff, hi = v - (uint32_t)((int32_t)(lo << 20) >> 20);
  if (hi) {
    hu_lui(p, rd, hi);
    if (lo) hu_addi(p, rd, rd, (int32_t)(lo << 20) >> 20);
  } else {
    hu_addi(p, rd, ZERO, (int32_t)(lo << 20) >> 20);
  }
}
static inline void hu_lw(hu_prog_t *p, unsigned rd, unsigned rs1, int32_t off) { hu_emit(p, hu_i(off, rs1, 2, rd, 0x03)); }
static inline void hu_sw(hu_prog_t *p, unsigned rs2, unsigned rs1, int32_t off) { hu_emit(p, hu_s(off, rs2, rs1, 2)); }
/* Branches to an absolute target address. */
static inline void hu_bne(hu_prog_t *p, unsigned a, unsigned b, uint32_t to) { hu_emit(p, hu_b((int32_t)(to - hu_here(p)), b, a, 1)); }
static inline void hu_beq(hu_prog_t *p, unsigned a, unsigned b, uint32_t to) { hu_emit(p, hu_b((int32_t)(to - hu_here(p)), b, a, 0)); }
/* A custom-0 instruction: match = RV32_MATCH_CP_* (hw/rv32.isa), plus its registers. */
static inline void hu_custom(hu_prog_t *p, uint32_t match, unsigned rd, unsigned rs1, unsigned rs2) {
  hu_emit(p, match | rs2 << 20 | rs1 << 15 | rd << 7);
}
static inline void hu_csrr(hu_prog_t *p, unsigned rd, unsigned csr) { hu_emit(p, hu_i((int32_t)csr, 0, 2, rd, 0x73)); }
/* EXIT = reg, then wfi forever. */
static inline void hu_exit(hu_prog_t *p, unsigned reg) {
  hu_lui(p, T6, 0xF0000000u);
  hu_sw(p, reg, T6, 4);
  uint32_t l = hu_here(p);
  hu_emit(p, 0x10500073u);
  hu_emit(p, hu_b((int32_t)(l - hu_here(p)), 0, 0, 0));
}
static inline void hu_init(hu_prog_t *p, uint32_t base) {
  p->base = base;
  p->n = 0;
}

/* ---------------------------------------------------------------- system */
typedef struct {
  uint8_t *mem;
  size_t mem_bytes;
  hmc_t *hmc;
  host_t *h;
} hu_sys_t;

/* Host (cfg) over a fresh memory and, if with_hmc, the default HMC (its
 * fast mode when cfg times at once). */
static inline int hu_open(tb_t *t, hu_sys_t *s, const host_cfg_t *cfg, size_t mem_bytes, int with_hmc) {
  memset(s, 0, sizeof *s);
  s->mem = calloc(1, mem_bytes);
  s->mem_bytes = mem_bytes;
  if (!s->mem) {
    tb_fail(t, "out of memory\n");
    return 0;
  }
  if (with_hmc) {
    hmc_cfg_t hc = HMC_CFG_DEFAULT;
    hc.fast = cfg->mem_atonce != 0; /* at-once timing needs the fast HMC's completion at send */
    s->hmc = hmc_new(&hc, s->mem, mem_bytes);
    if (!s->hmc) {
      tb_fail(t, "hmc_new failed\n");
      return 0;
    }
    /* the interval core sends ahead of the host's cycle (as sys does) */
    if (cfg->core_interval && hmc_fast_set_ooo_links(s->hmc)) {
      tb_fail(t, "hmc_fast_set_ooo_links failed\n");
      return 0;
    }
  }
  char err[256];
  s->h = host_new(cfg, s->mem, mem_bytes, s->hmc, err, sizeof err);
  if (!s->h) {
    tb_fail(t, "%s\n", err);
    return 0;
  }
  return 1;
}

static inline void hu_close(hu_sys_t *s) {
  host_free(s->h);
  hmc_free(s->hmc);
  free(s->mem);
  memset(s, 0, sizeof *s);
}

static inline void hu_load(hu_sys_t *s, const hu_prog_t *p) {
  memcpy(s->mem + p->base, p->w, 4 * (size_t)p->n);
  host_set_entry(s->h, p->base);
}

#endif
