/* difftest: random RV32IMA programs run on QEMU (qemu-riscv32, Debian's
 * qemu-user) as an independent golden model and on every RISC-V model of
 * the project; registers and a data region must agree byte for byte
 * (issue 21; the approach of ibex's co-simulation against Spike).
 *
 * Program i has seed (--seed) + i.  Its body is a list of items drawn
 * from: ALU register/immediate ops on edge operands (0, +-1, INT_MIN,
 * INT_MAX, shifts 0/31...), lui/auipc, M ops including divide by zero and
 * INT_MIN / -1, loads and stores of every width (aligned) in a 4 KiB data
 * region, all nine AMOs, LR/SC groups (a success; an SC to another word;
 * a second SC after a success; an SC without LR; LR A, LR B, SC A), fence,
 * forward branches and jal/jalr to later items, and far jumps and branches
 * over 2.4-4 KiB of illegal words.  The same words are laid out twice:
 *   prologue (every register loaded) | body | epilogue (registers stored
 *   into the last 128 bytes of the data region), then
 *   - for QEMU: write(1, data, 4096) and exit(0) (Linux syscalls 64, 93),
 *     written as a static ELF;
 *   - for the project: EXIT (MMIO) = 0 and wfi.
 * Targets: the ISS (csim/rv32 rv32_step on a flat memory), the PE C model
 * and the PE RTL (Verilated, each alone on a tb/pe/pe_mem.h memory with
 * random latency and back-pressure), the 1-core host model (csim/host, with
 * the HMC) and the functional system (csim/rv32/fsim.h, 1 hart).
 *
 * On a difference the body is bisected: words from k on become nops (every
 * branch target stays valid), and the smallest k whose dump differs from
 * QEMU's names the first differing instruction, printed with its pc, its
 * disassembly and the differing registers/words.  The failing program is
 * kept as build/difftest-fail/<seed>.elf (QEMU's) and _prj.elf.
 *
 * --cycles N: number of programs (default 200; `make soak-difftest` runs
 * 10,000).  The generator never puts a store between an LR and its SC:
 * QEMU decides SC by comparing values, the project by reservation, and the
 * two legally differ there. */
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../sw/include/copim_mmio.h"
#include "fsim.h"
#include "host_util.h"
#include "le.h"
#include "pe.h"
#include "pe_mem.h"
#include "pe_rtl.h"
#include "resv.h"
#include "rv32.h"
#include "tb.h"

#define CODE_BASE 0x10000u
#define DATA_BASE 0x40000u
#define DATA_BYTES 4096u
#define REG_OFF 3968u /* registers dumped into the last 128 bytes of the data region */
#define XADDR 26u     /* s10: address register of AMO/LR/SC items, auipc of jalr */
#define XBASE 27u     /* s11: DATA_BASE + 2048 (loads/stores reach the region with 12-bit offsets) */
#define NOP 0x00000013u
#define MAX_BODY 16384u
#define MAX_CODE (MAX_BODY + 256u)
#define PROLOGUE 62u /* lui + addi for x1..x31 */
#define MEM_BYTES (1u << 20)
#define ITEMS 400u

typedef struct {
  uint64_t seed;
  uint32_t init[32];
  uint8_t data[DATA_BYTES];
  uint32_t body[MAX_BODY];
  unsigned n;
  unsigned lrsc, amos, far;
} prog_t;

/* ------------------------------------------------------------ encoding */

static uint32_t enc_u(uint32_t imm20, unsigned rd, unsigned op) { return imm20 << 12 | rd << 7 | op; }
static uint32_t enc_j(int32_t off, unsigned rd) {
  uint32_t u = (uint32_t)off;
  return ((u >> 20) & 1) << 31 | ((u >> 1) & 0x3ff) << 21 | ((u >> 11) & 1) << 20 | ((u >> 12) & 0xff) << 12 | rd << 7 |
         0x6f;
}
static uint32_t enc_amo(unsigned f5, int aq, int rl, unsigned rs2, unsigned rs1, unsigned rd) {
  return f5 << 27 | (unsigned)aq << 26 | (unsigned)rl << 25 | rs2 << 20 | rs1 << 15 | 2u << 12 | rd << 7 | 0x2f;
}
/* lui + addi loading any 32-bit value (always two words: fixed prologue length) */
static void enc_li(uint32_t *w, unsigned rd, uint32_t v) {
  uint32_t hi = (v + 0x800u) & 0xfffff000u;
  w[0] = enc_u(hi >> 12, rd, 0x37);
  w[1] = hu_i((int32_t)(v - hi), rd, 0, rd, 0x13);
}

/* ------------------------------------------------------------ generator */

typedef struct {
  prog_t *p;
  tb_rng_t r;
  unsigned istart[ITEMS + 1];
  struct { unsigned at, item, tgt, kind; } fix[ITEMS * 2];
  unsigned nfix;
} gen_t;

static uint32_t rnd(gen_t *g, uint64_t n) { return (uint32_t)tb_rng_below(&g->r, n); }
static void emit(gen_t *g, uint32_t w) {
  if (g->p->n < MAX_BODY) g->p->body[g->p->n++] = w;
}
/* a destination: any register but the two the program relies on (x0 sometimes) */
static unsigned rd_any(gen_t *g) {
  if (!rnd(g, 20)) return 0;
  unsigned r = 1 + rnd(g, 29);
  return r >= XADDR ? r + 2 : r;
}
static unsigned rs_any(gen_t *g) { return rnd(g, 32); }

static uint32_t edge_value(gen_t *g) {
  static const uint32_t e[] = {0, 1, 2, 0xffffffffu, 0xfffffffeu, 0x80000000u, 0x7fffffffu, 0x80000001u, 0xffffu,
                               0x10000u, 31, 32, 0x55555555u, 0xaaaaaaaau, 0xff, 0x8000u};
  return rnd(g, 3) ? e[rnd(g, sizeof e / sizeof e[0])] : (uint32_t)tb_rng_next(&g->r);
}
static int32_t edge_imm(gen_t *g) {
  static const int32_t e[] = {0, 1, -1, 2047, -2048, 0x7ff, -2};
  return rnd(g, 2) ? e[rnd(g, sizeof e / sizeof e[0])] : (int32_t)rnd(g, 4096) - 2048;
}
static uint32_t edge_shamt(gen_t *g) {
  static const uint32_t e[] = {0, 1, 31, 16};
  return rnd(g, 2) ? e[rnd(g, 4)] : rnd(g, 32);
}

static void gen_alu(gen_t *g) {
  static const unsigned rr[][2] = {{0x00, 0}, {0x20, 0}, {0x00, 1}, {0x00, 2}, {0x00, 3},
                                   {0x00, 4}, {0x00, 5}, {0x20, 5}, {0x00, 6}, {0x00, 7}};
  const unsigned k = rnd(g, 10);
  emit(g, hu_r(rr[k][0], rs_any(g), rs_any(g), rr[k][1], rd_any(g), 0x33));
}
static void gen_alui(gen_t *g) {
  const unsigned f3 = rnd(g, 8), rd = rd_any(g), rs = rs_any(g);
  if (f3 == 1) emit(g, hu_i((int32_t)edge_shamt(g), rs, 1, rd, 0x13));
  else if (f3 == 5) emit(g, hu_i((int32_t)(edge_shamt(g) | (rnd(g, 2) ? 0x400u : 0)), rs, 5, rd, 0x13));
  else emit(g, hu_i(edge_imm(g), rs, f3, rd, 0x13));
}
static void gen_upper(gen_t *g) {
  emit(g, enc_u(rnd(g, 2) ? edge_value(g) >> 12 : rnd(g, 1u << 20), rd_any(g), rnd(g, 2) ? 0x37 : 0x17));
}
static void gen_muldiv(gen_t *g) {
  const unsigned f3 = rnd(g, 8), rd = rd_any(g);
  switch (rnd(g, 4)) {
    case 0: /* divide by zero */
      emit(g, hu_r(1, 0, rs_any(g), f3, rd, 0x33));
      break;
    case 1: { /* INT_MIN and -1 */
      unsigned a = rd_any(g), b = rd_any(g);
      if (!a || !b || a == b) break;
      emit(g, enc_u(0x80000, a, 0x37));
      emit(g, hu_i(-1, 0, 0, b, 0x13));
      emit(g, hu_r(1, b, a, f3, rd, 0x33));
      break;
    }
    default: emit(g, hu_r(1, rs_any(g), rs_any(g), f3, rd, 0x33)); break;
  }
}
/* an aligned offset from XBASE into [DATA_BASE, DATA_BASE + REG_OFF) */
static int32_t data_off(gen_t *g, unsigned size) { return -2048 + (int32_t)(size * rnd(g, REG_OFF / size)); }
static void gen_load(gen_t *g) {
  static const unsigned f3[] = {0, 1, 2, 4, 5}, sz[] = {1, 2, 4, 1, 2};
  const unsigned k = rnd(g, 5);
  emit(g, hu_i(data_off(g, sz[k]), XBASE, f3[k], rd_any(g), 0x03));
}
static void gen_store(gen_t *g) {
  const unsigned k = rnd(g, 3);
  emit(g, hu_s(data_off(g, 1u << k), rs_any(g), XBASE, k));
}
static void set_addr(gen_t *g, int32_t off) { emit(g, hu_i(off, XBASE, 0, XADDR, 0x13)); }
static void gen_amo(gen_t *g) {
  static const unsigned f5[] = {RV32_AMO_ADD, RV32_AMO_SWAP, RV32_AMO_XOR, RV32_AMO_OR,  RV32_AMO_AND,
                                RV32_AMO_MIN, RV32_AMO_MAX,  RV32_AMO_MINU, RV32_AMO_MAXU};
  set_addr(g, data_off(g, 4));
  emit(g, enc_amo(f5[rnd(g, 9)], rnd(g, 2), rnd(g, 2), rs_any(g), XADDR, rd_any(g)));
  g->p->amos++;
}
static void gen_lrsc(gen_t *g) {
  const int32_t a = data_off(g, 4);
  int32_t b = data_off(g, 4);
  if (b == a) b = a == -2048 ? -2044 : a - 4;
  const int aq = rnd(g, 2), rl = rnd(g, 2);
  g->p->lrsc++;
  switch (rnd(g, 5)) {
    case 0: /* SC without a reservation */
      set_addr(g, a);
      emit(g, enc_amo(RV32_AMO_SC, aq, rl, rs_any(g), XADDR, rd_any(g)));
      return;
    case 1: /* SC to another word than the LR's */
      set_addr(g, a);
      emit(g, enc_amo(RV32_AMO_LR, aq, rl, 0, XADDR, rd_any(g)));
      set_addr(g, b);
      emit(g, enc_amo(RV32_AMO_SC, aq, rl, rs_any(g), XADDR, rd_any(g)));
      return;
    case 2: /* LR A, LR B, SC A */
      set_addr(g, a);
      emit(g, enc_amo(RV32_AMO_LR, aq, rl, 0, XADDR, rd_any(g)));
      set_addr(g, b);
      emit(g, enc_amo(RV32_AMO_LR, aq, rl, 0, XADDR, rd_any(g)));
      set_addr(g, a);
      emit(g, enc_amo(RV32_AMO_SC, aq, rl, rs_any(g), XADDR, rd_any(g)));
      return;
    default: { /* success, some ALU work between, maybe a second SC */
      set_addr(g, a);
      emit(g, enc_amo(RV32_AMO_LR, aq, rl, 0, XADDR, rd_any(g)));
      for (unsigned k = rnd(g, 4); k; k--) gen_alu(g);
      emit(g, enc_amo(RV32_AMO_SC, aq, rl, rs_any(g), XADDR, rd_any(g)));
      if (rnd(g, 2)) emit(g, enc_amo(RV32_AMO_SC, aq, rl, rs_any(g), XADDR, rd_any(g)));
      return;
    }
  }
}
/* kind 0: B-type at `at`; 1: jal; 2: auipc+jalr pair starting at `at` */
static void add_fix(gen_t *g, unsigned kind, unsigned item) {
  unsigned tgt = item + 1 + rnd(g, 8);
  if (tgt > ITEMS) tgt = ITEMS;
  g->fix[g->nfix].at = g->p->n;
  g->fix[g->nfix].item = item;
  g->fix[g->nfix].tgt = tgt;
  g->fix[g->nfix++].kind = kind;
}
static void gen_branch(gen_t *g, unsigned item) {
  static const unsigned f3[] = {0, 1, 4, 5, 6, 7};
  add_fix(g, 0, item);
  emit(g, hu_b(0, rs_any(g), rs_any(g), f3[rnd(g, 6)]));
}
static void gen_jump(gen_t *g, unsigned item) {
  const unsigned rd = rd_any(g);
  if (rnd(g, 2)) {
    add_fix(g, 1, item);
    emit(g, enc_j(0, rd));
  } else {
    add_fix(g, 2, item);
    emit(g, enc_u(0, XADDR, 0x17));
    emit(g, hu_i(0, XADDR, 0, rd, 0x67));
  }
}
/* over a block of illegal words: jal (any distance) or an always-taken branch (<= 4 KiB) */
static void gen_far(gen_t *g) {
  const unsigned words = 600 + rnd(g, 420), r = rs_any(g);
  if (g->p->n + words + 64 >= MAX_BODY) return;
  if (rnd(g, 2)) {
    emit(g, enc_j((int32_t)(4 * (words + 1)), rd_any(g)));
  } else {
    static const unsigned f3[] = {0, 5, 7}; /* beq r,r  bge r,r  bgeu r,r */
    emit(g, hu_b((int32_t)(4 * (words + 1)), r, r, f3[rnd(g, 3)]));
  }
  for (unsigned k = 0; k < words; k++) emit(g, 0);
  g->p->far++;
}

static void generate(prog_t *p, uint64_t seed) {
  static gen_t g;
  memset(p, 0, offsetof(prog_t, body));
  p->n = p->lrsc = p->amos = p->far = 0;
  p->seed = seed;
  g.p = p;
  g.nfix = 0;
  tb_rng_seed(&g.r, seed);
  for (unsigned r = 1; r < 32; r++) p->init[r] = edge_value(&g);
  p->init[XBASE] = DATA_BASE + 2048;
  for (unsigned k = 0; k < DATA_BYTES; k++) p->data[k] = (uint8_t)tb_rng_next(&g.r);
  for (unsigned it = 0; it < ITEMS; it++) {
    g.istart[it] = p->n;
    const unsigned x = rnd(&g, 100);
    if (x < 18) gen_alu(&g);
    else if (x < 32) gen_alui(&g);
    else if (x < 35) gen_upper(&g);
    else if (x < 47) gen_muldiv(&g);
    else if (x < 57) gen_load(&g);
    else if (x < 67) gen_store(&g);
    else if (x < 75) gen_amo(&g);
    else if (x < 82) gen_lrsc(&g);
    else if (x < 91) gen_branch(&g, it);
    else if (x < 95) gen_jump(&g, it);
    else if (x < 96) emit(&g, 0x0ff0000fu); /* fence iorw, iorw */
    else if (x < 97 && p->far < 2) gen_far(&g);
    else gen_alu(&g);
  }
  g.istart[ITEMS] = p->n;
  for (unsigned f = 0; f < g.nfix; f++) {
    const unsigned at = g.fix[f].at;
    int32_t off = (int32_t)(4 * (g.istart[g.fix[f].tgt] - at));
    if (g.fix[f].kind == 0) {
      if (off > 4094) off = (int32_t)(4 * (g.istart[g.fix[f].item + 1] - at));
      p->body[at] = (p->body[at] & 0x01fff07fu) | (hu_b(off, 0, 0, 0) & ~0x01fff07fu);
    } else if (g.fix[f].kind == 1) {
      p->body[at] = (p->body[at] & 0xfffu) | (enc_j(off, 0) & ~0xfffu);
    } else {
      if (off > 2047) off = (int32_t)(4 * (g.istart[g.fix[f].item + 1] - at));
      p->body[at + 1] = (p->body[at + 1] & 0xfffffu) | (uint32_t)off << 20;
    }
  }
}

/* ------------------------------------------------------------ images */

/* Code words: prologue, body with words from `keep` on as nops, epilogue. */
static unsigned build_code(const prog_t *p, unsigned keep, int qemu, uint32_t *w) {
  unsigned n = 0;
  for (unsigned r = 1; r < 32; r++, n += 2) enc_li(w + n, r, p->init[r]);
  for (unsigned k = 0; k < p->n; k++) w[n++] = k < keep ? p->body[k] : NOP;
  for (unsigned r = 0; r < 32; r++) w[n++] = hu_s((int32_t)(REG_OFF - 2048 + 4 * r), r, XBASE, 2);
  if (qemu) {
    w[n++] = hu_i(1, 0, 0, A0, 0x13);
    w[n++] = enc_u(DATA_BASE >> 12, A1, 0x37);
    w[n++] = enc_u(DATA_BYTES >> 12, A2, 0x37);
    w[n++] = hu_i(64, 0, 0, A7, 0x13); /* write */
    w[n++] = 0x00000073u;
    w[n++] = hu_i(0, 0, 0, A0, 0x13);
    w[n++] = hu_i(93, 0, 0, A7, 0x13); /* exit */
    w[n++] = 0x00000073u;
  } else {
    w[n++] = enc_u(COPIM_MMIO_BASE >> 12, T6, 0x37);
    w[n++] = hu_s(COPIM_MMIO_EXIT, 0, T6, 2);
    w[n++] = 0x10500073u; /* wfi */
    w[n++] = enc_j(-4, 0);
  }
  return n;
}


/* A static ELF32 RISC-V executable: code at CODE_BASE (r-x), data at DATA_BASE (rw-). */
static int write_elf(const char *path, const uint32_t *code, unsigned words, const uint8_t *data) {
  const uint32_t coff = 0x1000, csz = 4 * words, doff = (coff + csz + 0xfff) & ~0xfffu;
  static uint8_t h[0x1000];
  memset(h, 0, sizeof h);
  memcpy(h, "\177ELF\1\1\1", 7);
  le_st16(h + 16, 2);           /* ET_EXEC */
  le_st16(h + 18, 243);         /* EM_RISCV */
  le_st32(h + 20, 1);
  le_st32(h + 24, CODE_BASE);   /* entry */
  le_st32(h + 28, 52);          /* phoff */
  le_st16(h + 40, 52);          /* ehsize */
  le_st16(h + 42, 32);          /* phentsize */
  le_st16(h + 44, 2);           /* phnum */
  le_st16(h + 46, 40);          /* shentsize */
  const uint32_t ph[2][8] = {{1, coff, CODE_BASE, CODE_BASE, csz, csz, 5, 0x1000},
                             {1, doff, DATA_BASE, DATA_BASE, DATA_BYTES, DATA_BYTES, 6, 0x1000}};
  for (int i = 0; i < 2; i++)
    for (int k = 0; k < 8; k++) le_st32(h + 52 + 32 * i + 4 * k, ph[i][k]);
  FILE *f = fopen(path, "wb");
  if (!f) return -1;
  int ok = fwrite(h, 1, coff, f) == coff;
  for (unsigned i = 0; ok && i < words; i++) {
    uint8_t b[4];
    le_st32(b, code[i]);
    ok = fwrite(b, 1, 4, f) == 4;
  }
  static const uint8_t zero[0x1000];
  ok = ok && fwrite(zero, 1, doff - coff - csz, f) == doff - coff - csz;
  ok = ok && fwrite(data, 1, DATA_BYTES, f) == DATA_BYTES;
  ok = fclose(f) == 0 && ok;
  return ok && chmod(path, 0755) == 0 ? 0 : -1; /* qemu-user runs executables only */
}

/* ------------------------------------------------------------ targets */

typedef struct {
  tb_t *t;
  char dir[64];
  const prog_t *p;
  uint32_t code[MAX_CODE];
  unsigned words;
  char prj_elf[128];
  uint64_t iss_retired; /* instructions the ISS retired on full programs */
} run_t;

/* Each target: 0 and the 4096-byte dump, or -1 and one line in msg. */
typedef int (*target_fn)(run_t *r, uint8_t *dump, char *msg, size_t cap);

static int t_qemu(run_t *r, uint8_t *dump, char *msg, size_t cap) {
  char elf[128], cmd[256];
  snprintf(elf, sizeof elf, "%s/q.elf", r->dir);
  static uint32_t w[MAX_CODE];
  const unsigned n = build_code(r->p, r->words, 1, w);
  if (write_elf(elf, w, n, r->p->data)) {
    snprintf(msg, cap, "cannot write %s", elf);
    return -1;
  }
  snprintf(cmd, sizeof cmd, "timeout 30 qemu-riscv32 %s", elf);
  FILE *f = popen(cmd, "r");
  if (!f) {
    snprintf(msg, cap, "cannot run qemu-riscv32: %s", strerror(errno));
    return -1;
  }
  size_t got = fread(dump, 1, DATA_BYTES, f);
  const int st = pclose(f);
  if (got != DATA_BYTES || st) {
    snprintf(msg, cap, "qemu-riscv32 %s: %zu of %u bytes, exit status 0x%x", elf, got, DATA_BYTES, (unsigned)st);
    return -1;
  }
  return 0;
}

/* the ISS: rv32_step over a flat memory, one reservation agent */
typedef struct {
  uint8_t *mem;
  resv_t rs;
  int exited;
} iss_t;
static int in_mem(uint32_t a, unsigned n) { return a >= 0x1000u && a + n <= MEM_BYTES && a + n > a; }
static int iss_fetch(void *ctx, uint32_t a, uint32_t *w) {
  iss_t *s = ctx;
  if (!in_mem(a, 4)) return -1;
  memcpy(w, s->mem + a, 4);
  return 0;
}
static int iss_load(void *ctx, uint32_t a, unsigned n, uint32_t *v) {
  iss_t *s = ctx;
  if (!in_mem(a, n)) return -1;
  *v = 0;
  memcpy(v, s->mem + a, n);
  return 0;
}
static int iss_store(void *ctx, uint32_t a, unsigned n, uint32_t v) {
  iss_t *s = ctx;
  if (a == COPIM_MMIO_BASE + COPIM_MMIO_EXIT) {
    s->exited = 1;
    return 0;
  }
  if (!in_mem(a, n)) return -1;
  memcpy(s->mem + a, &v, n);
  resv_write(&s->rs, a, n);
  return 0;
}
static int iss_amo(void *ctx, unsigned f5, uint32_t a, uint32_t op, uint32_t *res) {
  iss_t *s = ctx;
  if (!in_mem(a, 4)) return -1;
  uint32_t old;
  memcpy(&old, s->mem + a, 4);
  if (f5 == RV32_AMO_LR) {
    resv_lr(&s->rs, 0, a);
    *res = old;
    return 0;
  }
  uint32_t nv = op;
  if (f5 == RV32_AMO_SC) {
    *res = !resv_sc(&s->rs, 0, a);
    if (*res) return 0;
  } else {
    nv = rv32_amo_apply(f5, old, op);
    *res = old;
  }
  memcpy(s->mem + a, &nv, 4);
  resv_write(&s->rs, a, 4);
  return 0;
}

static int t_iss(run_t *r, uint8_t *dump, char *msg, size_t cap) {
  static uint8_t mem[MEM_BYTES];
  memset(mem, 0, sizeof mem);
  const unsigned n = build_code(r->p, r->words, 0, r->code);
  memcpy(mem + CODE_BASE, r->code, 4 * n);
  memcpy(mem + DATA_BASE, r->p->data, DATA_BYTES);
  iss_t s;
  s.mem = mem;
  s.exited = 0;
  resv_init(&s.rs);
  rv32_bus_t bus = {&s, iss_fetch, iss_load, iss_store, iss_amo, NULL, NULL};
  rv32_hart_t h;
  rv32_hart_reset(&h, CODE_BASE, 0);
  for (unsigned k = 0; k < 200000 && !s.exited; k++) {
    rv32_result_t res;
    rv32_step(&h, &bus, &res);
    if (!res.retired) {
      snprintf(msg, cap, "trap cause %u at pc 0x%08x (tval 0x%08x)", res.cause, res.pc, res.tval);
      return -1;
    }
  }
  if (!s.exited) {
    snprintf(msg, cap, "no EXIT within 200000 instructions (pc 0x%08x)", h.pc);
    return -1;
  }
  if (r->words == r->p->n) r->iss_retired += h.minstret;
  memcpy(dump, mem + DATA_BASE, DATA_BYTES);
  return 0;
}

/* one PE, C model or RTL, alone on a pe_mem with random latency */
static int run_pe(run_t *r, int rtl, uint8_t *dump, char *msg, size_t cap) {
  const pe_mem_timing_t tm = {1, 6, 3, 4, 64};
  pe_mem_t *m = pe_mem_new(&tm, r->p->seed);
  const unsigned n = build_code(r->p, r->words, 0, r->code);
  for (unsigned k = 0; k < n; k++) pe_mem_write(m, CODE_BASE + 4 * k, 4, r->code[k]);
  for (unsigned k = 0; k < DATA_BYTES; k += 4) {
    uint32_t v;
    memcpy(&v, r->p->data + k, 4);
    pe_mem_write(m, DATA_BASE + k, 4, v);
  }
  const pe_cfg_t cfg = PE_CFG_DEFAULT;
  pe_t *c = rtl ? NULL : pe_new(&cfg);
  pe_rtl_t *v = rtl ? pe_rtl_new(r->t->reset_seed, NULL) : NULL;
  int rc = -1;
  if (!c && !v) {
    snprintf(msg, cap, "cannot build the PE");
    goto out;
  }
  uint64_t cyc = 0;
  for (;; cyc++) {
    pe_out_t o;
    if (rtl) pe_rtl_outputs(v, &o);
    else pe_outputs(c, &o);
    if (cyc && o.halted) break;
    if (cyc > 2000000) {
      snprintf(msg, cap, "no halt within 2M cycles");
      goto out;
    }
    pe_in_t in;
    memset(&in, 0, sizeof in);
    in.start = cyc == 0;
    in.boot_pc = CODE_BASE;
    pe_mem_cycle(m, &o, &in, cyc);
    if (rtl) pe_rtl_step(v, &in, NULL);
    else pe_step(c, &in, NULL);
    if (pe_mem_error(m)) {
      snprintf(msg, cap, "memory error at cycle %llu (a trap to mtvec 0 fetches from page 0)", (unsigned long long)cyc);
      goto out;
    }
  }
  uint32_t code;
  if (!pe_mem_exited(m, &code)) {
    snprintf(msg, cap, "halted at cycle %llu without EXIT", (unsigned long long)cyc);
    goto out;
  }
  for (unsigned k = 0; k < DATA_BYTES; k += 4) {
    uint32_t w = 0;
    pe_mem_read(m, DATA_BASE + k, 4, &w);
    memcpy(dump + k, &w, 4);
  }
  rc = 0;
out:
  pe_free(c);
  pe_rtl_free(v);
  pe_mem_free(m);
  return rc;
}
static int t_pe_c(run_t *r, uint8_t *dump, char *msg, size_t cap) { return run_pe(r, 0, dump, msg, cap); }
static int t_pe_rtl(run_t *r, uint8_t *dump, char *msg, size_t cap) { return run_pe(r, 1, dump, msg, cap); }

static int t_host(run_t *r, uint8_t *dump, char *msg, size_t cap) {
  host_cfg_t cfg = HOST_CFG_DEFAULT;
  cfg.cores = 1;
  hu_sys_t s;
  if (!hu_open(r->t, &s, &cfg, MEM_BYTES, 1)) {
    snprintf(msg, cap, "cannot build the host");
    return -1;
  }
  const unsigned n = build_code(r->p, r->words, 0, r->code);
  memcpy(s.mem + CODE_BASE, r->code, 4 * n);
  memcpy(s.mem + DATA_BASE, r->p->data, DATA_BYTES);
  host_set_entry(s.h, CODE_BASE);
  uint32_t code;
  int rc = host_run(s.h, 5000000, &code, msg, cap);
  if (!rc) memcpy(dump, s.mem + DATA_BASE, DATA_BYTES);
  hu_close(&s);
  return rc;
}

static int t_fsim(run_t *r, uint8_t *dump, char *msg, size_t cap) {
  const unsigned n = build_code(r->p, r->words, 0, r->code);
  if (write_elf(r->prj_elf, r->code, n, r->p->data)) {
    snprintf(msg, cap, "cannot write %s", r->prj_elf);
    return -1;
  }
  fsim_cfg_t cfg = FSIM_CFG_DEFAULT;
  cfg.harts = 1;
  cfg.pes = 1;
  cfg.max_insns = 200000;
  fsim_t *s = fsim_new(&cfg, msg, cap);
  uint32_t code;
  int rc = !s || fsim_load_elf(s, r->prj_elf, msg, cap) || fsim_run(s, &code, msg, cap) ? -1 : 0;
  if (!rc) fsim_read(s, DATA_BASE, dump, DATA_BYTES);
  fsim_free(s);
  return rc;
}

static const struct {
  const char *name;
  target_fn fn;
} targets[] = {{"iss", t_iss}, {"pe-c", t_pe_c}, {"pe-rtl", t_pe_rtl}, {"host", t_host}, {"fsim", t_fsim}};
#define NTARGETS (sizeof targets / sizeof targets[0])

/* ------------------------------------------------------------ compare, bisect */

static uint32_t word_at(const uint8_t *d, unsigned off) {
  uint32_t v;
  memcpy(&v, d + off, 4);
  return v;
}

/* "x5 (t0) qemu=.. iss=..; mem 0x40010 qemu=.. iss=.." for the first few differences */
static void describe(const uint8_t *q, const uint8_t *g, const char *tn, char *b, size_t cap) {
  size_t n = 0;
  unsigned shown = 0;
  b[0] = 0;
  for (unsigned r = 1; r < 32 && shown < 4; r++) {
    const uint32_t x = word_at(q, REG_OFF + 4 * r), y = word_at(g, REG_OFF + 4 * r);
    if (x == y) continue;
    n += (size_t)snprintf(b + n, cap - n, "%sx%u (%s) qemu=0x%08x %s=0x%08x", shown ? "; " : "", r, rv32_reg_name(r), x,
                          tn, y);
    shown++;
  }
  for (unsigned k = 0; k < REG_OFF && shown < 4 && n < cap; k += 4) {
    const uint32_t x = word_at(q, k), y = word_at(g, k);
    if (x == y) continue;
    n += (size_t)snprintf(b + n, cap - n, "%smem 0x%08x qemu=0x%08x %s=0x%08x", shown ? "; " : "", DATA_BASE + k, x, tn,
                          y);
    shown++;
  }
}

/* 1 when target ti agrees with QEMU on the body cut at `keep` words. */
static int agrees(run_t *r, unsigned ti, unsigned keep, uint8_t *q, uint8_t *g, char *msg, size_t cap) {
  r->words = keep;
  char m2[512];
  if (t_qemu(r, q, m2, sizeof m2)) {
    snprintf(msg, cap, "qemu: %s", m2);
    return 0;
  }
  if (targets[ti].fn(r, g, m2, sizeof m2)) {
    snprintf(msg, cap, "%s failed: %s", targets[ti].name, m2);
    return 0;
  }
  if (memcmp(q, g, DATA_BYTES)) {
    describe(q, g, targets[ti].name, msg, cap);
    return 0;
  }
  return 1;
}

static void bisect(run_t *r, unsigned ti, const char *first) {
  tb_t *t = r->t;
  static uint8_t q[DATA_BYTES], g[DATA_BYTES];
  char msg[1024];
  unsigned lo = 0, hi = r->p->n;
  if (!agrees(r, ti, 0, q, g, msg, sizeof msg)) {
    tb_fail(t, "program seed %llu: %s differs from QEMU with an empty body: %s\n", (unsigned long long)r->p->seed,
            targets[ti].name, msg);
    return;
  }
  snprintf(msg, sizeof msg, "%s", first);
  while (hi - lo > 1) {
    const unsigned mid = lo + (hi - lo) / 2;
    char m2[1024];
    if (agrees(r, ti, mid, q, g, m2, sizeof m2)) lo = mid;
    else {
      hi = mid;
      snprintf(msg, sizeof msg, "%s", m2);
    }
  }
  const unsigned k = hi - 1;
  const uint32_t pc = CODE_BASE + 4 * (PROLOGUE + k);
  char dis[64];
  rv32_disasm(r->p->body[k], pc, dis, sizeof dis);
  tb_fail(t, "program seed %llu: %s differs from QEMU; first differing instruction #%u at pc 0x%08x: %08x  %s\n"
             "    after it: %s\n    reproduce: build/tests/difftest --seed %llu --cycles 1\n",
          (unsigned long long)r->p->seed, targets[ti].name, k, pc, r->p->body[k], dis, msg,
          (unsigned long long)r->p->seed);
  for (unsigned j = k > 3 ? k - 3 : 0; j < k; j++) {
    rv32_disasm(r->p->body[j], CODE_BASE + 4 * (PROLOGUE + j), dis, sizeof dis);
    tb_log(t, "    before: #%u pc 0x%08x: %08x  %s\n", j, CODE_BASE + 4 * (PROLOGUE + j), r->p->body[j], dis);
  }
}

/* keeps both ELFs of a failing program */
static void keep_program(run_t *r) {
  mkdir("build", 0777);
  mkdir("build/difftest-fail", 0777);
  char path[128];
  snprintf(path, sizeof path, "build/difftest-fail/%llu.elf", (unsigned long long)r->p->seed);
  unsigned n = build_code(r->p, r->p->n, 1, r->code);
  write_elf(path, r->code, n, r->p->data);
  snprintf(path, sizeof path, "build/difftest-fail/%llu_prj.elf", (unsigned long long)r->p->seed);
  n = build_code(r->p, r->p->n, 0, r->code);
  write_elf(path, r->code, n, r->p->data);
  tb_log(r->t, "    kept build/difftest-fail/%llu.elf (QEMU) and _prj.elf\n", (unsigned long long)r->p->seed);
}

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "difftest", 1);
  const uint64_t count = tb_len(&t, 200);
  static run_t r;
  static prog_t p;
  static uint8_t q[DATA_BYTES], g[DATA_BYTES];
  r.t = &t;
  r.p = &p;
  if (system("command -v qemu-riscv32 >/dev/null 2>&1")) {
    tb_fail(&t, "qemu-riscv32 not found: install the Debian package qemu-user (scripts/deps.sh)\n");
    return tb_finish(&t);
  }
  snprintf(r.dir, sizeof r.dir, "/tmp/difftest-XXXXXX");
  if (!mkdtemp(r.dir)) {
    tb_fail(&t, "mkdtemp: %s\n", strerror(errno));
    return tb_finish(&t);
  }
  snprintf(r.prj_elf, sizeof r.prj_elf, "%s/p.elf", r.dir);
  uint64_t body = 0, lrsc = 0, amos = 0, far = 0, bad = 0;
  for (uint64_t i = 0; i < count && bad < 3; i++) {
    generate(&p, t.seed + i);
    body += p.n;
    lrsc += p.lrsc;
    amos += p.amos;
    far += p.far;
    r.words = p.n;
    char msg[512];
    t.checks++;
    if (t_qemu(&r, q, msg, sizeof msg)) {
      tb_fail(&t, "program seed %llu: %s\n", (unsigned long long)p.seed, msg);
      break; /* QEMU itself: no point going on */
    }
    int failed = 0;
    for (unsigned ti = 0; ti < NTARGETS; ti++) {
      t.checks++;
      r.words = p.n;
      const int rc = targets[ti].fn(&r, g, msg, sizeof msg);
      if (!rc && !memcmp(q, g, DATA_BYTES)) continue;
      char first[1024];
      if (!rc) describe(q, g, targets[ti].name, first, sizeof first);
      else snprintf(first, sizeof first, "%s failed: %s", targets[ti].name, msg);
      bisect(&r, ti, first);
      r.words = p.n;
      t_qemu(&r, q, msg, sizeof msg); /* bisect overwrote the reference dump */
      failed = 1;
    }
    if (failed) {
      keep_program(&r);
      bad++;
    }
    if (!t.quiet && count >= 1000 && (i + 1) % 1000 == 0)
      tb_log(&t, "%llu programs, %llu differing\n", (unsigned long long)(i + 1), (unsigned long long)bad);
  }
  tb_log(&t,
         "%llu programs (seeds %llu..%llu), %llu body words (with the illegal words jumped over), %llu instructions "
         "retired on the ISS, %llu LR/SC groups, %llu AMOs, %llu far jumps; %llu differing from QEMU on %u targets "
         "(iss, pe-c, pe-rtl, host, fsim)\n",
         (unsigned long long)count, (unsigned long long)t.seed, (unsigned long long)(t.seed + count - 1),
         (unsigned long long)body, (unsigned long long)r.iss_retired, (unsigned long long)lrsc, (unsigned long long)amos, (unsigned long long)far,
         (unsigned long long)bad, (unsigned)NTARGETS);
  char cmd[160];
  snprintf(cmd, sizeof cmd, "rm -rf %s", r.dir);
  if (getenv("DIFFTEST_KEEP")) cmd[0] = 0;
  if (cmd[0] && system(cmd)) tb_log(&t, "could not remove %s\n", r.dir);
  return tb_finish(&t);
}
