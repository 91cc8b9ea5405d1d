/* Coherence around PE launches: the lines the PEs write, which leave the
 * host caches at the launch's end, and the coherence cycles charged to
 * loops (sys_coh_t); and PE caches that stay warm across launches, the
 * logic layer's invalidation unit (sys_inval.h; docs/cosim.md "PE caches
 * across launches"). */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "../../sw/include/copim_mmio.h"
#include "elf.h"
#include "sys_int.h"

#define INVAL_HASHES_MAX 8

/* ---------------------------------------------------------------- coherence around launches (sys_coh_t) */

int sys_coh_new(struct sys *s) {
  s->coh.wbits = calloc(s->mem_bytes / 64 / 64 + 1, sizeof *s->coh.wbits);
  return s->coh.wbits ? 0 : -1;
}

void sys_coh_free(struct sys *s) {
  free(s->coh.wbits);
  free(s->coh.wlist);
}

void sys_coh_written(struct sys *s, uint32_t addr) {
  const uint32_t line = addr >> 6;
  uint64_t *w = &s->coh.wbits[line >> 6];
  const uint64_t b = 1ull << (line & 63);
  if (*w & b) return;
  *w |= b;
  if (s->coh.wn == s->coh.wcap) {
    size_t cap = s->coh.wcap ? s->coh.wcap * 2 : 4096;
    uint32_t *n = realloc(s->coh.wlist, cap * sizeof *n);
    if (!n) {
      sys_fail(s, "sys: out of memory");
      return;
    }
    s->coh.wlist = n;
    s->coh.wcap = cap;
  }
  s->coh.wlist[s->coh.wn++] = line;
}

void sys_coh_launch(struct sys *s, unsigned core, uint32_t ticket, uint32_t id) {
  s->coh.ticket_loop[ticket % 64] = id;
  sys_coh_charge(s, core, id);
}

void sys_coh_launch_done(struct sys *s, uint32_t ticket) {
  s->loops[s->coh.ticket_loop[ticket % 64]].inv_lines += s->coh.wn;
  /* the lines this launch's PEs wrote leave the host caches (one per host cycle, in cp.pim.wait) */
  for (size_t i = 0; i < s->coh.wn; i++) {
    const uint32_t line = s->coh.wlist[i];
    s->coh.wbits[line >> 6] &= ~(1ull << (line & 63));
    host_invalidate(s->host, line << 6, 64);
  }
  s->coh.inv_lines += s->coh.wn;
  s->coh.wn = 0;
}

/* Charges core's coherence cycles since its last launch: the write-back
 * wait just before this launch to loop id, the invalidation wait after its
 * previous launch to that launch's loop (id 0: the end of the run). */
void sys_coh_charge(struct sys *s, unsigned core, uint32_t id) {
  host_stats_t st;
  host_stats(s->host, &st);
  const host_core_stats_t *k = &st.core[core];
  sys_coh_core_t *c = &s->coh.core[core];
  if (id) {
    s->loops[id].wb_cycles += k->pim_wb_cycles - c->wb_cycles;
    s->loops[id].wb_lines += st.pim_wb_lines - s->coh.wb_lines_seen;
    s->coh.wb_lines_seen = st.pim_wb_lines;
  }
  if (c->last_loop) s->loops[c->last_loop].inv_cycles += k->pim_inv_cycles - c->inv_cycles;
  c->wb_cycles = k->pim_wb_cycles;
  c->inv_cycles = k->pim_inv_cycles;
  if (id) c->last_loop = id;
}

void sys_coh_lines(const sys_t *s, uint64_t *wb_lines, uint64_t *inv_lines) {
  host_stats_t hs;
  host_stats(s->host, &hs);
  *wb_lines = hs.pim_wb_lines;
  *inv_lines = s->coh.inv_lines;
}

/* ---------------------------------------------------------------- the invalidation unit (sys_inval_t) */


/* One PE's part of the unit. */
typedef struct {
  /* the directory: the PE D-cache's tags (line address >> line bits), its
   * valid bits and its round-robin victim counter, as pe_lsu keeps them;
   * with MSHRs (pe.dmshrs > 1) a superset of them: dways entries a set,
   * fills in flight (pend) pinned, a victim per set in turn (fifo) */
  uint32_t *tag;
  uint8_t *valid;
  unsigned drr;
  uint8_t *pend, *fifo;
  unsigned fills_out;      /* D-cache fills accepted whose answer the PE has not taken */
  /* with MSHRs: a boundary waits for the fills in flight (deferred) */
  int deferred;
  uint32_t def_ticket;
  /* with MSHRs: the PE's own D-cache is checked at the edge after a walk's
   * messages (verify), since the directory is only a superset of it */
  int verify;
  /* with MSHRs: back-invalidations, the lines a full directory set gave up */
  uint32_t *bq;
  size_t bqn, bqhead, bqcap;
  /* the checker's copy of each directory line: what the PE holds */
  uint8_t *data;
  /* write signature: sig_bits bits; inserts since its last clear */
  uint64_t *sig;
  uint64_t sig_n;
  /* the exact lines others wrote since the boundary (false positives; the
   * list clears the bitmap) */
  uint64_t *wset;
  uint32_t *wlist;
  size_t wn, wcap;
  /* invalidations to send, and PE edges the grab's answer still waits */
  uint32_t *q;
  size_t qn, qhead, qcap;
  unsigned hold;
  uint32_t last_ticket;
  int have_ticket;
  /* statistics (docs/stats.md "pe_inval", per PE) */
  uint64_t d_fills, boundaries, msgs;
} inval_pe_t;

struct sys_inval {
  int on;                  /* written: the mechanism; 0: counting only (pim.inval_stats) */
  int mshr;                /* pe.dmshrs > 1: the directory is a superset (fills land in any order) */
  unsigned dways;          /* directory entries a set: the D-cache's ways, + pe.dmshrs with MSHRs */
  unsigned npe, dsets, ways, line, off;
  unsigned sig_bits, hashes;
  uint32_t code_lo, code_hi, warm_lo, warm_hi; /* I-fetch ranges: .text and .pe_warm */
  size_t lines;            /* lines of simulated memory */
  size_t wwords;           /* uint64_t words of one PE's wset */
  /* a PE's own word write, told before it lands: that PE's copy is current */
  int latch_pe;
  uint32_t latch_addr;
  uint64_t drop_at;        /* pim.inval_drop: the needed message to drop, 0 none */
  uint64_t drop_back;      /* pim.inval_drop_back: drop the back-invalidations from this one on, 0 none */
  uint64_t needed;         /* messages for lines whose copy in the PE was stale when sent */
  inval_pe_t pe[SYS_MAX_PES];
  /* ---- statistics of the mechanism (docs/stats.md "pe_inval"): the one
   * place they are kept, the cleanup of sys_stats.c may table them here ---- */
  uint64_t writes;         /* functional writes seen (lines, by any agent) */
  uint64_t sig_inserts;    /* of those, lines new to at least one PE's signature */
  uint64_t boundaries, walks, walk_sets, tested, msgs, false_pos, dropped;
  uint64_t hold_cycles;    /* PE cycles grab answers waited for the unit */
  uint64_t dir_updates;    /* directory writes: fills and AMO set clears */
  uint64_t dir_evictions;  /* with MSHRs: back-invalidations of a full directory set's victim */
  uint64_t checks;         /* directory lines the checker compared with memory */
};

/* Multiplicative hashing (Knuth): odd constants, the product's high bits
 * scaled into [0, bits). */
static const uint32_t hash_mul[INVAL_HASHES_MAX] = {0x9E3779B1u, 0x85EBCA77u, 0xC2B2AE3Du, 0x27D4EB2Fu,
                                                    0x165667B1u, 0xD3A2646Cu | 1u, 0xFD7046C5u, 0xB55A4F09u};
static unsigned sig_hash(const sys_inval_t *u, unsigned k, uint32_t line) {
  const uint32_t h = (line ^ (line >> 15)) * hash_mul[k];
  return (unsigned)(((uint64_t)h * u->sig_bits) >> 32);
}
static int bit(const uint64_t *b, size_t i) { return (int)(b[i >> 6] >> (i & 63) & 1); }
static void set_bit(uint64_t *b, size_t i) { b[i >> 6] |= 1ull << (i & 63); }

static int push(uint32_t **v, size_t *n, size_t *cap, uint32_t x) {
  if (*n == *cap) {
    const size_t c = *cap ? *cap * 2 : 1024;
    uint32_t *nv = realloc(*v, c * sizeof *nv);
    if (!nv) return -1;
    *v = nv;
    *cap = c;
  }
  (*v)[(*n)++] = x;
  return 0;
}

/* ---------------------------------------------------------------- writes */

/* Line `line` changed, by anyone but PE `skip` (-1: by anyone). */
static void written(struct sys *s, sys_inval_t *u, uint32_t line, int skip) {
  u->writes++;
  if (!u->on || line >= u->lines) return;
  int fresh = 0;
  for (unsigned p = 0; p < u->npe; p++) {
    inval_pe_t *e = &u->pe[p];
    if ((int)p == skip || bit(e->wset, line)) continue;
    set_bit(e->wset, line);
    size_t n = e->wn;
    if (push(&e->wlist, &n, &e->wcap, line)) {
      sys_fail(s, "sys: out of memory");
      return;
    }
    e->wn = n;
    for (unsigned k = 0; k < u->hashes; k++) set_bit(e->sig, sig_hash(u, k, line));
    e->sig_n++;
    fresh = 1;
  }
  u->sig_inserts += fresh;
}

/* The shared reservation set's write hook: every functional write of every
 * agent (host stores and AMOs, PE writes and SCs, vault atomics). */
static void on_write(void *ctx, uint64_t addr, unsigned n) {
  struct sys *s = ctx;
  sys_inval_t *u = s->inval;
  int skip = -1;
  if (u->latch_pe >= 0 && addr == u->latch_addr) skip = u->latch_pe;
  u->latch_pe = -1;
  if (!n) return;
  for (uint64_t l = addr >> u->off; l <= (addr + n - 1) >> u->off; l++) written(s, u, (uint32_t)l, skip);
}

/* ---------------------------------------------------------------- construction */

int sys_inval_new(struct sys *s, const char *elf, char *err, size_t cap) {
  const sys_cfg_t *c = &s->cfg;
  sys_inval_t *u = calloc(1, sizeof *u);
  if (!u) {
    snprintf(err, cap, "sys: out of memory");
    return -1;
  }
  s->inval = u;
  u->on = c->pim_pe_inval == 1;
  u->npe = c->num_pes;
  u->line = c->pe.line_bytes;
  u->ways = c->pe.dcache_ways;
  u->dsets = c->pe.dcache_bytes / c->pe.line_bytes / c->pe.dcache_ways;
  u->mshr = c->pe.dmshrs > 1;
  u->dways = u->ways + (u->mshr ? c->pe.dmshrs : 0);
  for (u->off = 0; (1u << u->off) < u->line; u->off++) {
  }
  u->sig_bits = c->pim_inval_sig_bits;
  u->hashes = c->pim_inval_hashes;
  u->drop_at = c->pim_inval_drop;
  u->drop_back = c->pim_inval_drop_back;
  u->latch_pe = -1;
  u->lines = s->mem_bytes >> u->off;
  u->wwords = u->lines / 64 + 1;
  elf_t *e = elf_open(elf, err, cap);
  if (!e) return -1;
  uint32_t text_end = 0, warm = 0;
  const int have_text = elf_symbol(e, "__text_end", &text_end);
  const int have_warm = elf_symbol(e, "_pe_start_warm", &warm) && elf_symbol(e, "__pe_warm_start", &u->warm_lo) &&
                        elf_symbol(e, "__pe_warm_end", &u->warm_hi);
  elf_free(e);
  if (!have_text || !have_warm) {
    snprintf(err, cap,
             "pim.pe_inval=written: %s has no %s (the runtime's PE entry that keeps the caches and the code's end: "
             "sw/rt/crt0.S, sw/rt/link.ld)",
             elf, have_text ? "_pe_start_warm" : "__text_end");
    return -1;
  }
  u->code_lo = COPIM_TEXT_BASE;
  u->code_hi = text_end;
  if (u->on) s->pe_start = warm;
  const size_t dl = (size_t)u->dsets * u->dways;
  for (unsigned p = 0; p < u->npe; p++) {
    inval_pe_t *q = &u->pe[p];
    q->tag = calloc(dl, sizeof *q->tag);
    q->valid = calloc(dl, 1);
    q->pend = calloc(dl, 1);
    q->fifo = calloc(u->dsets, 1);
    q->data = calloc(dl, u->line);
    q->sig = calloc(u->sig_bits / 64 + 1, sizeof *q->sig);
    q->wset = u->on ? calloc(u->wwords, sizeof *q->wset) : malloc(1);
    if (!q->tag || !q->valid || !q->pend || !q->fifo || !q->data || !q->sig || !q->wset) {
      snprintf(err, cap, "sys: out of memory");
      return -1;
    }
  }
  if (u->on) {
    resv_t *rv = host_resv(s->host);
    rv->on_write = on_write;
    rv->on_write_ctx = s;
  }
  return 0;
}

void sys_inval_free(sys_inval_t *u) {
  if (!u) return;
  for (unsigned p = 0; p < SYS_MAX_PES; p++) {
    inval_pe_t *q = &u->pe[p];
    free(q->tag);
    free(q->valid);
    free(q->pend);
    free(q->fifo);
    free(q->bq);
    free(q->data);
    free(q->sig);
    free(q->wset);
    free(q->wlist);
    free(q->q);
  }
  free(u);
}

/* ---------------------------------------------------------------- the PE port */

static int is_code(const sys_inval_t *u, uint32_t a) {
  /* a fetch's fill; rodata sharing .text's last line counts as code too
   * (docs/cosim.md: no PE loads it) */
  return (a >= u->code_lo && a < u->code_hi) || (a >= u->warm_lo && a < u->warm_hi);
}

/* With MSHRs, a D-cache fill accepted: its line joins (or stays in) the
 * directory, pinned until the PE takes the answer.  A set with no free
 * entry gives up its next unpinned one in turn, and the unit sends that
 * line a back-invalidation, so the directory always holds every line the
 * PE may keep (as an inclusive directory does). */
static void fill_mshr(struct sys *s, sys_inval_t *u, inval_pe_t *e, uint32_t line, uint32_t idx) {
  u->dir_updates++;
  e->fills_out++;
  unsigned w = 0, victim = u->dways;
  for (w = 0; w < u->dways; w++) {
    const size_t d = (size_t)w * u->dsets + idx;
    if (e->valid[d] && e->tag[d] == line) break;
    if (!e->valid[d] && victim == u->dways) victim = w;
  }
  if (w == u->dways) {
    if (victim == u->dways) {
      /* at most pe.dmshrs fills are in flight, so one of ways + dmshrs entries is free to go */
      for (unsigned k = 0; k < u->dways && victim == u->dways; k++) {
        const unsigned v = (e->fifo[idx] + k) % u->dways;
        if (!e->pend[(size_t)v * u->dsets + idx]) victim = v;
      }
      if (victim == u->dways) {
        sys_fail(s, "pim.pe_inval=written: directory set %u of a PE has every entry pinned by a fill", idx);
        return;
      }
      e->fifo[idx] = (uint8_t)((victim + 1) % u->dways);
      u->dir_evictions++;
      /* planted fault (tests): the PE keeps the line, the directory forgot it */
      if (u->drop_back && u->dir_evictions >= u->drop_back) u->dropped++;
      else if (push(&e->bq, &e->bqn, &e->bqcap, e->tag[(size_t)victim * u->dsets + idx])) {
        sys_fail(s, "sys: out of memory");
        return;
      }
    }
    w = victim;
  }
  const size_t d = (size_t)w * u->dsets + idx;
  e->tag[d] = line;
  e->valid[d] = 1;
  e->pend[d]++;
  memcpy(e->data + d * u->line, s->mem + ((size_t)line << u->off), u->line);
}

void sys_inval_fill_done(struct sys *s, unsigned pe, uint32_t a) {
  sys_inval_t *u = s->inval;
  inval_pe_t *e = &u->pe[pe];
  if (!u->on || !u->mshr || is_code(u, a)) return;
  const uint32_t line = a >> u->off, idx = line & (u->dsets - 1);
  for (unsigned w = 0; w < u->dways; w++) {
    const size_t d = (size_t)w * u->dsets + idx;
    if (e->valid[d] && e->tag[d] == line && e->pend[d]) {
      e->pend[d]--;
      e->fills_out--;
      return;
    }
  }
  sys_fail(s, "pim.pe_inval=written: PE %u took a fill of line 0x%08x its directory does not hold", pe, a & ~(u->line - 1));
}

void sys_inval_req(struct sys *s, unsigned pe, const pe_out_t *o) {
  sys_inval_t *u = s->inval;
  inval_pe_t *e = &u->pe[pe];
  const uint32_t a = o->mem_req_addr;
  const uint32_t line = a >> u->off, idx = line & (u->dsets - 1);
  switch (o->mem_req_op) {
    case PE_OP_FILL: {
      if (is_code(u, a)) return;
      e->d_fills++;
      if (!u->on) return;
      if (u->mshr) {
        fill_mshr(s, u, e, line, idx);
        return;
      }
      /* pe_lsu's victim: the lowest invalid way, else the round-robin one */
      unsigned victim = e->drr;
      for (int w = (int)u->ways - 1; w >= 0; w--)
        if (!e->valid[(unsigned)w * u->dsets + idx]) victim = (unsigned)w;
      const size_t d = (size_t)victim * u->dsets + idx;
      e->tag[d] = line;
      e->valid[d] = 1;
      memcpy(e->data + d * u->line, s->mem + ((size_t)line << u->off), u->line);
      e->drr = (e->drr + 1) & (u->ways - 1);
      u->dir_updates++;
      return;
    }
    case PE_OP_AMO: /* an AMO (LR and SC too) empties its set in the PE when it answers */
      /* with MSHRs the set's entries stay: a superset, and the AMO's line is
       * in the PE's own signature (it is not latched as a store is) */
      if (!u->on || u->mshr) return;
      for (unsigned w = 0; w < u->ways; w++) e->valid[w * u->dsets + idx] = 0;
      u->dir_updates++;
      return;
    case PE_OP_WRITE: {
      if (!u->on) return;
      /* write-through: a store hit updates the PE's line, so its copy stays current */
      for (unsigned w = 0; w < u->dways; w++) {
        const size_t d = (size_t)w * u->dsets + idx;
        if (!e->valid[d] || e->tag[d] != line) continue;
        for (unsigned b = 0; b < 4; b++)
          if (o->mem_req_be & (1u << b))
            e->data[d * u->line + ((a & ~3u) & (u->line - 1)) + b] = (uint8_t)(o->mem_req_wdata >> (8 * b));
      }
      u->latch_pe = (int)pe;
      u->latch_addr = a & ~3u;
      return;
    }
    default: return;
  }
}

/* Every line the PE keeps must equal memory, unless it was written since
 * the PE's last boundary (still in its signature, invalidated at the next). */
static void check(struct sys *s, sys_inval_t *u, unsigned pe, const char *when) {
  inval_pe_t *e = &u->pe[pe];
  const size_t dl = (size_t)u->dsets * u->dways;
  for (size_t d = 0; d < dl && !s->failed; d++) {
    if (!e->valid[d] || bit(e->wset, e->tag[d])) continue;
    u->checks++;
    if (memcmp(e->data + d * u->line, s->mem + ((size_t)e->tag[d] << u->off), u->line))
      sys_fail(s,
               "pim.pe_inval=written: PE %u keeps a stale copy of line 0x%08x %s (written since it filled the "
               "line, and not invalidated) at PE cycle %llu",
               pe, e->tag[d] << u->off, when, (unsigned long long)s->pes.cycle);
  }
}

/* A message for the walk's queue: a directory entry, or with MSHRs a line
 * (INVAL_LOST: a planted lost message).  -1 out of memory. */
#define INVAL_LOST UINT32_MAX
static int queue(struct sys *s, inval_pe_t *e, uint32_t m) {
  if (!push(&e->q, &e->qn, &e->qcap, m)) return 0;
  sys_fail(s, "sys: out of memory");
  return -1;
}

/* With MSHRs, on a C PE: every line its D-cache holds must equal memory,
 * unless written since its last boundary.  The directory's check above
 * cannot see a line the directory lost; this one reads the PE itself. */
static void check_pe(struct sys *s, sys_inval_t *u, unsigned pe, const char *when) {
  if (!u->mshr || !s->pe_c[pe]) return;
  const pe_t *c = s->pe[pe].ctx;
  for (unsigned k = 0; k < pe_dcache_lines(c) && !s->failed; k++) {
    uint32_t a;
    const uint32_t *w;
    if (!pe_dcache_line(c, k, &a, &w) || bit(u->pe[pe].wset, a >> u->off)) continue;
    if (memcmp(w, s->mem + a, u->line))
      sys_fail(s,
               "pim.pe_inval=written: PE %u keeps a stale copy of line 0x%08x %s (its D-cache: written since it "
               "filled the line, and not invalidated) at PE cycle %llu",
               pe, a, when, (unsigned long long)s->pes.cycle);
  }
}

static void boundary(struct sys *s, sys_inval_t *u, unsigned pe, uint32_t ticket) {
  inval_pe_t *e = &u->pe[pe];
  e->boundaries++;
  u->boundaries++;
  unsigned n = 0, walk = 0;
  if (u->mshr) {
    /* back-invalidations not yet sent go first: the grab's answer waits for them too */
    for (; e->bqhead < e->bqn; e->bqhead++, n++)
      if (queue(s, e, e->bq[e->bqhead])) return;
    e->bqhead = e->bqn = 0;
  }
  if (e->sig_n) {
    /* the walk: one directory set a PE cycle, each valid line tested */
    walk = u->dsets;
    u->walks++;
    u->walk_sets += u->dsets;
    for (unsigned i = 0; i < u->dsets; i++)
      for (unsigned w = 0; w < u->dways; w++) {
        const size_t d = (size_t)w * u->dsets + i;
        if (!e->valid[d]) continue;
        u->tested++;
        unsigned k = 0;
        while (k < u->hashes && bit(e->sig, sig_hash(u, k, e->tag[d]))) k++;
        if (k < u->hashes) continue;
        e->valid[d] = 0;
        n++;
        if (!bit(e->wset, e->tag[d])) u->false_pos++;
        /* the directory entry (its line, or its copy if dropped); with MSHRs
         * the entry may be refilled before the message leaves, so the line,
         * judged stale or not now (a lost message: the entry stays) */
        uint32_t m = (uint32_t)d;
        if (u->mshr) {
          const int stale = memcmp(e->data + d * u->line, s->mem + ((size_t)e->tag[d] << u->off), u->line) != 0;
          u->needed += stale;
          m = e->tag[d];
          if (stale && u->needed == u->drop_at) {
            e->valid[d] = 1;
            u->dropped++;
            m = INVAL_LOST;
          }
        }
        if (queue(s, e, m)) return;
      }
  }
  /* the lines kept must be current now that the written ones are going */
  char when[64];
  snprintf(when, sizeof when, "at its first chunk of launch ticket %u", ticket);
  for (size_t i = 0; i < e->wn; i++) e->wset[e->wlist[i] >> 6] = 0;
  e->wn = 0;
  check(s, u, pe, when);
  memset(e->sig, 0, (u->sig_bits / 64 + 1) * sizeof *e->sig);
  e->sig_n = 0;
  /* messages leave one a cycle behind the walk; the answer a cycle after the last */
  e->hold = n ? (n > walk ? n : walk) + 1 : walk;
}

void sys_inval_grab(struct sys *s, unsigned pe, uint32_t ticket) {
  sys_inval_t *u = s->inval;
  inval_pe_t *e = &u->pe[pe];
  if (!u->on || (e->have_ticket && e->last_ticket == ticket)) return;
  e->have_ticket = 1;
  e->last_ticket = ticket;
  if (u->mshr && e->fills_out) {
    /* a fill still in flight may bring a line the walk would have to
     * invalidate: the walk waits for the fills to land */
    e->deferred = 1;
    e->def_ticket = ticket;
    return;
  }
  boundary(s, u, pe, ticket);
}

int sys_inval_edge(struct sys *s, unsigned pe, pe_in_t *in) {
  sys_inval_t *u = s->inval;
  inval_pe_t *e = &u->pe[pe];
  int held = 0;
  if (e->verify) {
    /* the walk's last message reached the D-cache's tags in the last edge */
    e->verify = 0;
    check_pe(s, u, pe, "after a launch boundary's invalidations");
  }
  if (e->deferred) {
    held = e->fills_out != 0;
    if (!held) {
      e->deferred = 0;
      boundary(s, u, pe, e->def_ticket);
    }
  }
  if (held || !e->hold) {
    /* with MSHRs, outside a walk's messages: a back-invalidation */
    if (e->bqhead < e->bqn) {
      in->dinval = 1;
      in->dinval_addr = e->bq[e->bqhead++] << u->off;
      u->msgs++;
      e->msgs++;
      if (e->bqhead == e->bqn) e->bqhead = e->bqn = 0;
    }
    u->hold_cycles += (uint64_t)held;
    return held;
  }
  e->hold--;
  u->hold_cycles++;
  e->verify = u->mshr && !e->hold;
  if (e->qhead < e->qn) {
    const uint32_t m = e->q[e->qhead++];
    u->msgs++;
    e->msgs++;
    if (e->qhead == e->qn) e->qhead = e->qn = 0;
    if (u->mshr) { /* a line, judged when queued */
      if (m != INVAL_LOST) {
        in->dinval = 1;
        in->dinval_addr = m << u->off;
      }
      return 1;
    }
    /* a directory entry.  needed: the PE's copy differs from memory (else
     * the message only costs) */
    const int stale = memcmp(e->data + (size_t)m * u->line, s->mem + ((size_t)e->tag[m] << u->off), u->line) != 0;
    u->needed += stale;
    if (stale && u->needed == u->drop_at) {
      /* planted fault (tests): the message is lost, the PE keeps the line */
      e->valid[m] = 1;
      u->dropped++;
    } else {
      in->dinval = 1;
      in->dinval_addr = e->tag[m] << u->off;
    }
  }
  return 1;
}

int sys_inval_busy(const struct sys *s, unsigned pe) {
  const inval_pe_t *e = &s->inval->pe[pe];
  return e->hold != 0 || e->deferred || e->bqhead < e->bqn;
}

int sys_inval_finish(struct sys *s) {
  sys_inval_t *u = s->inval;
  if (!u->on) return 0;
  for (unsigned p = 0; p < u->npe && !s->failed; p++) {
    check(s, u, p, "at the end of the run");
    check_pe(s, u, p, "at the end of the run");
  }
  return s->failed ? -1 : 0;
}

/* ---------------------------------------------------------------- statistics */

/* Energy per access of the unit's arrays (directory, signatures), fJ:
 * energy.inval_fj; a message costs the PE a tag write (energy.pe_cache_fj). */
double sys_inval_energy_pj(const struct sys *s) {
  const sys_inval_t *u = s->inval;
  if (!u || !u->on) return 0.0;
  /* signature rows: each new line written sets `hashes` rows (one bit per
   * PE in a row), each tested directory line reads `hashes` rows */
  const double acc = (double)(u->dir_updates + u->walk_sets) + (double)u->hashes * (double)(u->sig_inserts + u->tested);
  return (acc * s->cfg.e_inval_fj + (double)u->msgs * s->cfg.e_pe_cache_fj) / 1000.0;
}

void sys_inval_json(const struct sys *s, FILE *f) {
  const sys_inval_t *u = s->inval;
  if (!u) return;
  uint64_t fills = 0, loads = 0;
  for (unsigned p = 0; p < u->npe; p++) {
    fills += u->pe[p].d_fills;
    loads += s->pes.pe[p].loads;
  }
  fprintf(f,
          "{\"mode\": \"%s\", \"sig_bits\": %u, \"hashes\": %u, \"d_fills\": %" PRIu64
          ", \"d_loads\": %" PRIu64 ", \"writes\": %" PRIu64 ", \"sig_inserts\": %" PRIu64 ", \"boundaries\": %" PRIu64
          ", \"walks\": %" PRIu64 ", \"walk_sets\": %" PRIu64 ", \"tested\": %" PRIu64 ", \"msgs\": %" PRIu64
          ", \"false_pos\": %" PRIu64 ", \"needed\": %" PRIu64 ", \"dropped\": %" PRIu64 ", \"hold_cycles\": %" PRIu64
          ", \"dir_updates\": %" PRIu64 ", \"dir_evictions\": %" PRIu64 ", \"checks\": %" PRIu64
          ", \"energy_pj\": %.9g, \"pes\": [",
          u->on ? "written" : "all", u->sig_bits, u->hashes, fills, loads, u->writes, u->sig_inserts, u->boundaries,
          u->walks, u->walk_sets, u->tested, u->msgs, u->false_pos, u->needed, u->dropped, u->hold_cycles, u->dir_updates,
          u->dir_evictions, u->checks, sys_inval_energy_pj(s));
  for (unsigned p = 0; p < u->npe; p++)
    fprintf(f, "%s{\"d_fills\": %" PRIu64 ", \"boundaries\": %" PRIu64 ", \"msgs\": %" PRIu64 "}", p ? ", " : "",
            u->pe[p].d_fills, u->pe[p].boundaries, u->pe[p].msgs);
  fprintf(f, "]}");
}

int sys_inval_param_hidden(const struct sys *s, const char *name) {
  if (s->inval) return 0;
  return !strcmp(name, "pim.pe_inval") || !strncmp(name, "pim.inval_", 10) || !strcmp(name, "energy.inval_fj");
}
