/* Functional multi-hart + PE system (see fsim.h). */
#include "fsim.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../sw/include/copim_mmio.h"
#include "elf.h"
#include "mmio.h"
#include "resv.h"
#include "rv32.h"

#define PG_BITS 16
#define PG_SIZE (1u << PG_BITS)
#define NPAGES (1u << (32 - PG_BITS))
#define DRAM_END 0x80000000u

typedef struct {
  struct fsim *s;
  int pe;     /* 0 host, 1 PE */
  unsigned i; /* hart or PE index */
} fsim_ctx_t;

typedef struct {
  uint32_t id, trip, done;
  int active;
} fsim_li_t;

struct fsim {
  fsim_cfg_t cfg;
  uint8_t **pages;
  rv32_hart_t host[FSIM_MAX_HARTS], pe[FSIM_MAX_PES];
  fsim_ctx_t hctx[FSIM_MAX_HARTS], pctx[FSIM_MAX_PES];
  rv32_bus_t hbus[FSIM_MAX_HARTS], pbus[FSIM_MAX_PES];
  int asleep[FSIM_MAX_HARTS];
  fsim_li_t li[FSIM_MAX_HARTS];
  uint32_t entry, pe_start;
  int loaded, have_pe_start;
  int failed;
  mmio_t *mmio; /* the MMIO page: console, exit, clock (mmio.h) */
  fsim_stats_t st;
  uint64_t mark_host, mark_pe;
  uint32_t next_ticket;
  uint32_t pe_loop; /* loop id the PEs are running */
  uint32_t pe_work[FSIM_MAX_PES][5]; /* PE p's one chunk: entry, arg, lo, hi, ticket (the PE_* registers) */
  int pe_grabbed[FSIM_MAX_PES];     /* its GRAB was read: the next one answers "no work" */
  resv_t resv;      /* LR/SC: host hart h is agent h, PE p agent FSIM_MAX_HARTS + p */
  char *err;
  size_t errcap;
};

static void fail(struct fsim *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void fail(struct fsim *s, const char *fmt, ...) {
  if (s->failed) return;
  s->failed = 1;
  if (!s->err) return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(s->err, s->errcap, fmt, ap);
  va_end(ap);
}

static uint64_t total_insns(const struct fsim *s) { return s->st.host_insns + s->st.pe_insns; }

/* The MMIO page's hooks (mmio.h), below with the memory. */
static uint64_t dev_clock(void *ctx);
static int dev_store(void *ctx, int agent, uint32_t off, uint32_t v);
static int dev_pe_load(void *ctx, unsigned p, uint32_t off, uint32_t *v);

fsim_t *fsim_new(const fsim_cfg_t *cfg, char *err, size_t cap) {
  if (cfg->harts < 1 || cfg->harts > FSIM_MAX_HARTS || cfg->pes < 1 || cfg->pes > FSIM_MAX_PES || cfg->quantum < 1 ||
      cfg->verdict > FSIM_VERDICT_SAMPLE) {
    snprintf(err, cap, "fsim: configuration out of range (harts 1..64, pes 1..64, quantum >= 1, verdict 0..2)");
    return NULL;
  }
  struct fsim *s = calloc(1, sizeof *s);
  if (s) {
    s->pages = calloc(NPAGES, sizeof *s->pages);
    const mmio_cfg_t mc = {cfg->harts, cfg->pes, cfg->echo_console};
    const mmio_hooks_t mh = {s, dev_clock, dev_store, dev_pe_load};
    s->mmio = mmio_new(&mc, &mh);
  }
  if (!s || !s->pages || !s->mmio) {
    if (s) free(s->pages), mmio_free(s->mmio), free(s);
    snprintf(err, cap, "fsim: out of memory");
    return NULL;
  }
  s->cfg = *cfg;
  if (!s->cfg.max_insns) s->cfg.max_insns = 4000000000ull;
  return s;
}

void fsim_free(fsim_t *s) {
  if (!s) return;
  for (unsigned i = 0; i < NPAGES; i++) free(s->pages[i]);
  free(s->pages);
  mmio_free(s->mmio);
  free(s);
}

/* ------------------------------------------------------------ memory */

static int dram(uint32_t addr, uint32_t n) { return addr >= COPIM_TEXT_BASE && addr < DRAM_END && DRAM_END - addr >= n; }

static uint8_t *page(struct fsim *s, uint32_t addr, int alloc) {
  uint8_t **p = &s->pages[addr >> PG_BITS];
  if (!*p && alloc) *p = calloc(1, PG_SIZE);
  return *p;
}

int fsim_write(fsim_t *s, uint32_t addr, const void *p, size_t n) {
  if (n > DRAM_END || !dram(addr, (uint32_t)n)) return -1;
  const uint8_t *b = p;
  while (n) {
    uint32_t off = addr & (PG_SIZE - 1), k = PG_SIZE - off;
    if (k > n) k = (uint32_t)n;
    uint8_t *pg = page(s, addr, 1);
    if (!pg) return -1;
    memcpy(pg + off, b, k);
    resv_write(&s->resv, addr, k);
    addr += k;
    b += k;
    n -= k;
  }
  return 0;
}

void fsim_read(const fsim_t *s, uint32_t addr, void *p, size_t n) {
  uint8_t *b = p;
  while (n) {
    uint32_t off = addr & (PG_SIZE - 1), k = PG_SIZE - off;
    if (k > n) k = (uint32_t)n;
    const uint8_t *pg = s->pages[addr >> PG_BITS];
    if (pg) memcpy(b, pg + off, k);
    else memset(b, 0, k);
    addr += k;
    b += k;
    n -= k;
  }
}

/* A PE's view of the dispatcher: one static chunk per launch (functional
 * only; the timed system's dispatcher is csim/hmc/hmc_dispatch.c). */
static int dev_pe_load(void *ctx, unsigned p, uint32_t off, uint32_t *v) {
  struct fsim *s = ctx;
  switch (off) {
    case COPIM_MMIO_PE_GRAB: *v = !s->pe_grabbed[p]; s->pe_grabbed[p] = 1; return 0;
    case COPIM_MMIO_PE_ENTRY: *v = s->pe_work[p][0]; return 0;
    case COPIM_MMIO_PE_ARG: *v = s->pe_work[p][1]; return 0;
    case COPIM_MMIO_PE_LO: *v = s->pe_work[p][2]; return 0;
    case COPIM_MMIO_PE_HI: *v = s->pe_work[p][3]; return 0;
    case COPIM_MMIO_PE_TICKET: *v = s->pe_work[p][4]; return 0;
    default: return -1;
  }
}

static uint64_t dev_clock(void *ctx) { return total_insns(ctx); }

static int dev_store(void *ctx, int agent, uint32_t off, uint32_t v) {
  (void)agent;
  struct fsim *s = ctx;
  switch (off) {
    case COPIM_MMIO_KERNEL_MARK: {
      const int k = mmio_kernel_mark(s->st.kernel_marked, v);
      if (k == 1 && s->st.kernel_marked == 0) {
        s->mark_host = s->st.host_insns;
        s->mark_pe = s->st.pe_insns;
      } else if (k == 2 && s->st.kernel_marked == 1) {
        s->st.kernel_host_insns = s->st.host_insns - s->mark_host;
        s->st.kernel_pe_insns = s->st.pe_insns - s->mark_pe;
      }
      s->st.kernel_marked = k;
      return 0;
    }
    case COPIM_MMIO_PIM_REGION_BASE: s->st.pim_region_base = v; return 0;
    case COPIM_MMIO_PIM_REGION_END: s->st.pim_region_end = v; return 0;
    case COPIM_MMIO_LOOP_NAME: {
      char b[64];
      if (!dram(v, 1)) return -1;
      fsim_read(s, v, b, sizeof b - 1);
      b[sizeof b - 1] = 0;
      unsigned id;
      const char *name;
      if (!mmio_loop_name(b, &id, &name) && id < FSIM_MAX_LOOPS)
        snprintf(s->st.loop[id].name, sizeof s->st.loop[id].name, "%s", name);
      return 0;
    }
    default: return -1;
  }
}

static int cb_fetch(void *ctx, uint32_t addr, uint32_t *insn) {
  fsim_ctx_t *c = ctx;
  if (!dram(addr, 4)) return -1;
  const uint8_t *pg = c->s->pages[addr >> PG_BITS];
  if (!pg) return -1; /* never-written memory holds no code */
  memcpy(insn, pg + (addr & (PG_SIZE - 1)), 4);
  return 0;
}

static int cb_load(void *ctx, uint32_t addr, unsigned size, uint32_t *val) {
  fsim_ctx_t *c = ctx;
  if (mmio_is_page(addr)) return mmio_read(c->s->mmio, c->pe ? (int)c->i : MMIO_HOST, addr - COPIM_MMIO_BASE, size, val);
  if (!dram(addr, size)) return -1;
  uint32_t v = 0;
  fsim_read(c->s, addr, &v, size);
  *val = v;
  return 0;
}

static int cb_store(void *ctx, uint32_t addr, unsigned size, uint32_t val) {
  fsim_ctx_t *c = ctx;
  if (mmio_is_page(addr)) return mmio_write(c->s->mmio, c->pe ? (int)c->i : MMIO_HOST, addr - COPIM_MMIO_BASE, size, val);
  if (!dram(addr, size)) return -1;
  return fsim_write(c->s, addr, &val, size);
}

static int cb_amo(void *ctx, unsigned funct5, uint32_t addr, uint32_t operand, uint32_t *result) {
  fsim_ctx_t *c = ctx;
  if (!dram(addr, 4)) return -1;
  uint32_t old;
  fsim_read(c->s, addr, &old, 4);
  /* harts and PEs interleave by quantum, so an LR/SC pair can be split by
   * another agent's write: the reservation set decides (every write goes
   * through fsim_write, which clears the reservations it hits) */
  const unsigned agent = c->pe ? FSIM_MAX_HARTS + c->i : c->i;
  if (funct5 == RV32_AMO_LR) {
    resv_lr(&c->s->resv, agent, addr);
    *result = old;
    return 0;
  }
  if (funct5 == RV32_AMO_SC) {
    *result = !resv_sc(&c->s->resv, agent, addr);
    return *result ? 0 : fsim_write(c->s, addr, &operand, 4);
  }
  uint32_t nv = rv32_amo_apply(funct5, old, operand);
  *result = old;
  return fsim_write(c->s, addr, &nv, 4);
}

/* ------------------------------------------------------------ PEs */

static void run_pes(struct fsim *s, uint32_t entry, uint32_t arg, uint32_t first, uint32_t end, uint32_t loop_id,
                    uint32_t ticket) {
  unsigned P = s->cfg.pes;
  uint64_t total = end - first;
  int running[FSIM_MAX_PES];
  for (unsigned p = 0; p < P; p++) {
    uint32_t a = first + (uint32_t)(total * p / P), b = first + (uint32_t)(total * (p + 1) / P);
    const uint32_t w[5] = {entry, arg, a, b, ticket};
    memcpy(s->pe_work[p], w, sizeof w);
    s->pe_grabbed[p] = 0;
    rv32_hart_reset(&s->pe[p], s->pe_start, COPIM_PE_HARTID_BASE + p);
    resv_drop(&s->resv, FSIM_MAX_HARTS + p);
    running[p] = 1;
  }
  fsim_loop_t *L = &s->st.loop[loop_id < FSIM_MAX_LOOPS ? loop_id : 0];
  unsigned live = P;
  while (live && !s->failed && !mmio_exited(s->mmio, NULL, NULL)) {
    for (unsigned p = 0; p < P && !s->failed && !mmio_exited(s->mmio, NULL, NULL); p++) {
      if (!running[p]) continue;
      for (unsigned q = 0; q < s->cfg.quantum; q++) {
        rv32_result_t r;
        rv32_step(&s->pe[p], &s->pbus[p], &r);
        if (!r.retired) {
          fail(s, "PE %u: trap cause %u at pc=0x%08x (tval 0x%08x) after %llu instructions", p, r.cause, r.pc, r.tval,
               (unsigned long long)total_insns(s));
          return;
        }
        rv32_tick(&s->pe[p], 1);
        s->st.pe_insns++;
        L->pe_insns++;
        if (s->pe[p].wfi) {
          running[p] = 0;
          live--;
          break;
        }
      }
      if (total_insns(s) > s->cfg.max_insns) {
        fail(s, "PE %u: instruction limit %llu reached at pc=0x%08x", p, (unsigned long long)s->cfg.max_insns,
             s->pe[p].pc);
        return;
      }
    }
  }
}

static int cb_custom(void *ctx, rv32_hart_t *h, const rv32_insn_t *d, uint32_t rs1, uint32_t rs2, uint32_t *rd) {
  fsim_ctx_t *c = ctx;
  struct fsim *s = c->s;
  fsim_li_t *li = &s->li[c->i];
  (void)h;
  *rd = 0;
  switch (d->op) {
    case RV32_CP_LOOP_BEGIN:
      li->id = rs1;
      li->trip = rs2;
      li->done = 0;
      li->active = 1;
      s->st.loop[rs1 < FSIM_MAX_LOOPS ? rs1 : 0].begins++;
      return 0;
    case RV32_CP_LOOP_ITER: {
      uint32_t v = 0;
      if (s->cfg.verdict == FSIM_VERDICT_PIM) v = 1;
      else if (s->cfg.verdict == FSIM_VERDICT_SAMPLE) v = li->done >= (uint32_t)(((uint64_t)li->trip + 19) / 20);
      if (!v) {
        li->done++;
        s->st.loop[li->id < FSIM_MAX_LOOPS ? li->id : 0].host_iters++;
      }
      *rd = v;
      return 0;
    }
    case RV32_CP_LOOP_END: li->active = 0; return 0;
    case RV32_CP_PIM_LAUNCH: {
      uint32_t dsc[6];
      if (!dram(rs1, sizeof dsc) || (rs1 & 3)) {
        fail(s, "hart %u: cp.pim.launch descriptor 0x%08x outside memory at pc=0x%08x", c->i, rs1, h->pc);
        return -1;
      }
      fsim_read(s, rs1, dsc, sizeof dsc);
      if (!s->have_pe_start) {
        fail(s, "hart %u: cp.pim.launch at pc=0x%08x but the ELF has no _pe_start", c->i, h->pc);
        return -1;
      }
      if (dsc[2] > dsc[3] || !dram(dsc[0], 4)) {
        fail(s, "hart %u: bad offload descriptor at 0x%08x (entry 0x%08x, range [%u, %u)) at pc=0x%08x", c->i, rs1,
             dsc[0], dsc[2], dsc[3], h->pc);
        return -1;
      }
      uint32_t ticket = ++s->next_ticket;
      fsim_loop_t *L = &s->st.loop[dsc[4] < FSIM_MAX_LOOPS ? dsc[4] : 0];
      L->launches++;
      L->pim_iters += dsc[3] - dsc[2];
      s->st.launches++;
      run_pes(s, dsc[0], dsc[1], dsc[2], dsc[3], dsc[4], ticket);
      *rd = ticket;
      return s->failed ? -1 : 0;
    }
    case RV32_CP_PIM_WAIT:
      if (rs1 == 0 || rs1 > s->next_ticket) {
        fail(s, "hart %u: cp.pim.wait on unknown ticket %u at pc=0x%08x", c->i, rs1, h->pc);
        return -1;
      }
      return 0;
    default: return -1;
  }
}

/* ------------------------------------------------------------ ELF */

static int elf_wr(void *ctx, uint32_t addr, const void *data, uint32_t n) {
  fsim_t *s = ctx;
  if (!dram(addr, n)) return -1;
  if (data) return fsim_write(s, addr, data, n);
  for (uint32_t a = addr; a < addr + n; a++) {
    uint8_t z = 0;
    if (fsim_write(s, a, &z, 1)) return -1;
  }
  return 0;
}

int fsim_load_elf(fsim_t *s, const char *path, char *err, size_t cap) {
  uint32_t entry, pe_start;
  int have;
  if (elf_load_file(path, elf_wr, s, &entry, &pe_start, &have, err, cap)) return -1;
  s->entry = entry;
  if (have) {
    s->pe_start = pe_start;
    s->have_pe_start = 1;
  }
  s->loaded = 1;
  return 0;
}

/* ------------------------------------------------------------ run */

int fsim_run(fsim_t *s, uint32_t *code, char *err, size_t cap) {
  s->err = err;
  s->errcap = cap;
  if (!s->loaded) {
    snprintf(err, cap, "fsim: no ELF loaded");
    return -1;
  }
  resv_init(&s->resv);
  for (unsigned h = 0; h < s->cfg.harts; h++) {
    rv32_hart_reset(&s->host[h], s->entry, h);
    s->hctx[h] = (fsim_ctx_t){s, 0, h};
    s->hbus[h] = (rv32_bus_t){&s->hctx[h], cb_fetch, cb_load, cb_store, cb_amo, NULL, cb_custom};
  }
  for (unsigned p = 0; p < s->cfg.pes; p++) {
    s->pctx[p] = (fsim_ctx_t){s, 1, p};
    s->pbus[p] = (rv32_bus_t){&s->pctx[p], cb_fetch, cb_load, cb_store, cb_amo, NULL, NULL};
  }
  while (!mmio_exited(s->mmio, NULL, NULL) && !s->failed) {
    int awake = 0;
    for (unsigned h = 0; h < s->cfg.harts && !mmio_exited(s->mmio, NULL, NULL) && !s->failed; h++) {
      if (s->asleep[h]) continue;
      awake = 1;
      for (unsigned q = 0; q < s->cfg.quantum; q++) {
        rv32_result_t r;
        rv32_step(&s->host[h], &s->hbus[h], &r);
        if (s->failed) break;
        if (!r.retired) {
          fail(s, "hart %u: trap cause %u at pc=0x%08x (tval 0x%08x) after %llu instructions", h, r.cause, r.pc, r.tval,
               (unsigned long long)total_insns(s));
          break;
        }
        rv32_tick(&s->host[h], 1);
        s->st.host_insns++;
        if (mmio_exited(s->mmio, NULL, NULL)) break;
        if (s->host[h].wfi) {
          s->asleep[h] = 1;
          break;
        }
      }
      if (!s->failed && total_insns(s) > s->cfg.max_insns)
        fail(s, "hart %u: instruction limit %llu reached at pc=0x%08x", h, (unsigned long long)s->cfg.max_insns,
             s->host[h].pc);
    }
    if (!awake && !mmio_exited(s->mmio, NULL, NULL)) fail(s, "every host hart is asleep (wfi) and none wrote EXIT");
  }
  s->err = NULL;
  if (s->failed) return -1;
  mmio_exited(s->mmio, code, NULL);
  return 0;
}

const fsim_stats_t *fsim_stats(const fsim_t *s) { return &s->st; }
const char *fsim_console(const fsim_t *s) { return mmio_console(s->mmio); }
