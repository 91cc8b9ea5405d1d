/* Internal state of the host model shared by host.c (system, MMIO,
 * custom-0, IMU/PMC wiring), host_core.c (out-of-order timing),
 * host_mem.c (cache hierarchy, MSHRs, coherence, HMC) and host_cache.c
 * (tag arrays).  Not an API: include host.h. */
#ifndef HOST_INT_H
#define HOST_INT_H

#include "host.h"
#include "mmio.h"

#define HOST_INF UINT64_MAX
#define HOST_NIL 0xFFFFu
#define HOST_LINE_BITS 6
#define HOST_MAX_MSHR 64
#define HOST_FU_RING 256
#define HOST_HIT_CAL_BITS 13
/* the at-once LLC tag port's ring: the interval core looks up ahead of its
 * cycle by a miss's latency and more, beyond HOST_FU_RING */
#define HOST_PORT_RING 8192

/* ---------------------------------------------------------------- tags */
enum { ST_I = 0, ST_S = 1, ST_E = 2, ST_M = 3 };
/* What another core's request leaves of a fill it met in flight (coh_inflight=drop) */
enum { COH_DG = 1, COH_DROP = 2 };

typedef struct {
  uint32_t tag;     /* line address (addr >> 6); valid when st != ST_I */
  uint8_t st;       /* private caches: I/S/E/M; LLC: I or S(valid), dirty in .dirty */
  uint8_t dirty;    /* LLC only */
  uint16_t sharers; /* LLC only: cores whose L2 holds the line */
  uint32_t stamp;   /* LRU: last touch */
} host_line_t;

/* key[i] mirrors l[i]: its tag while valid, HOST_KEY_INV while ST_I, so a
 * lookup scans one dense word per way.  Every change of a line's tag or
 * validity goes through host_cache_sync(). */
#define HOST_KEY_INV 0xFFFFFFFFu /* never a line address (addr >> 6) */

typedef struct {
  host_line_t *l;
  uint32_t *key;
  uint32_t sets, ways, set_mask;
  uint32_t tick;
} host_cache_t;

int host_cache_init(host_cache_t *c, uint32_t bytes, unsigned ways);
void host_cache_free(host_cache_t *c);
/* The line holding tag, or NULL. */
static inline const host_line_t *host_cache_peek(const host_cache_t *c, uint32_t tag) {
  const size_t base = (size_t)(tag & c->set_mask) * c->ways;
  const uint32_t *k = c->key + base;
  for (unsigned w = 0; w < c->ways; w++)
    if (k[w] == tag) return &c->l[base + w];
  return NULL;
}
/* The same, to change the line. */
static inline host_line_t *host_cache_find(host_cache_t *c, uint32_t tag) { return (host_line_t *)host_cache_peek(c, tag); }
/* After a change of l's tag or state: its key again. */
static inline void host_cache_sync(host_cache_t *c, const host_line_t *l) {
  c->key[l - c->l] = l->st != ST_I ? l->tag : HOST_KEY_INV;
}
/* Invalidates l. */
static inline void host_cache_inval(host_cache_t *c, host_line_t *l) {
  l->st = ST_I;
  c->key[l - c->l] = HOST_KEY_INV;
}
/* Marks a line most recently used. */
static inline void host_cache_touch(host_cache_t *c, host_line_t *l) { l->stamp = ++c->tick; }
/* The way to fill tag into: an invalid one, else the least recently used. */
host_line_t *host_cache_victim(host_cache_t *c, uint32_t tag);

/* ---------------------------------------------------------------- events */
enum {
  EV_LOAD = 1,    /* a: rob slot, b: seq low bits: L1D access of a load */
  EV_L2_REQ,      /* a: l1 mshr, b: src (0 L1I, 1 L1D): L2 lookup */
  EV_L1_FILL,     /* a: l1 mshr, b: src | state << 4 */
  EV_L2_FILL,     /* a: l2 mshr, b: state */
  EV_LLC_MISS,    /* a: llc mshr: end of the hit phase, request to memory */
  EV_MEM_RESP,    /* stand-in memory: a: llc mshr (or HOST_NIL for a write ack) */
  EV_AMO,         /* a: rob slot, b: seq low bits: an AMO without .rl tries to issue */
  EV_IV_ALLOC,    /* at-once timing: a: llc mshr taken by a miss of core (the PMC's alloc port) */
};

typedef struct {
  uint64_t t;
  uint32_t seq;
  uint8_t type, core;
  uint16_t a;
  uint32_t b;
} host_ev_t;

/* A wheel bucket's event and the next one in its bucket (or free list). */
typedef struct {
  host_ev_t e;
  uint32_t next;
} host_wev_t;
#define HOST_WHEEL 1024u /* a power of two, a multiple of 64 */

/* ---------------------------------------------------------------- MSHRs */
typedef struct {
  uint32_t line;
  uint8_t busy, excl, src;
  uint16_t loads;   /* L1D: list of waiting loads (rob slots, via rob.wnext) */
  uint8_t store, amo, fetch; /* L1: store drain / AMO / instruction fetch waits */
  uint16_t amo_slot;
  uint8_t coh;      /* coh_inflight=drop: COH_DG or COH_DROP when another core's request met the fill in flight */
} host_l1m_t;

typedef struct {
  uint32_t line;
  uint8_t busy, excl;
  uint8_t wait[2];   /* bit per L1 (0 L1I, 1 L1D): that L1's MSHR index + 1, 0 none */
  uint8_t coh;       /* as host_l1m_t.coh */
} host_l2m_t;

typedef struct {
  uint32_t line;
  uint8_t busy, owner, sent;
  uint16_t waiters;  /* bitmap of cores waiting */
  uint8_t l2m[HOST_MAX_CORES]; /* per waiting core: its L2 MSHR */
  uint8_t excl[HOST_MAX_CORES];
} host_llcm_t;

typedef struct {
  uint32_t line;
  uint8_t core, l2m, excl;
  uint64_t arrive;
} host_llcq_t;

typedef struct {
  hmc_cmd_t cmd;
  uint32_t addr; /* byte address: a line, or a word for an AMO */
  uint64_t tag;
  unsigned core;
  unsigned flags;   /* HMC_REQ_POSTED for a posted AMO */
  uint32_t operand; /* a posted AMO's rs2 */
  uint64_t at;      /* sent no earlier than this cycle (an at-once read's own send cycle, which the
                     * interval core's lookups put ahead of now), 0 none */
} host_send_t;

/* ---------------------------------------------------------------- core */
enum { K_ALU = 0, K_MUL, K_DIV, K_BR, K_LOAD, K_STORE, K_SER, K_FWD, K_AMO };

/* host_rob_t.amo of a K_AMO entry (the RVWMO model, host_core.c) */
enum {
  AMO_AQ = 1,      /* younger memory operations wait until it is performed */
  AMO_RL = 2,      /* performed only at the ROB head, older stores drained */
  AMO_FAR = 4,     /* in a vault (hooks.amo_site) */
  AMO_POSTED = 8,  /* far, rd = x0, posted: complete once the link takes it */
  AMO_READY = 16,  /* its operands are ready (schedule ran) */
  AMO_ISSUED = 32, /* sent to the caches or the HMC */
};

typedef struct {
  uint64_t seq;
  uint64_t complete; /* result available (HOST_INF: not known yet) */
  uint64_t ready;    /* max over the sources known so far */
  uint64_t disp;     /* dispatch cycle */
  uint32_t addr;
  uint16_t cons;     /* consumers waiting on this entry (node list) */
  uint16_t wnext;    /* link in an MSHR's load list */
  uint16_t sqi;      /* store: its SQ slot; forwarded load: the store's rob slot */
  uint8_t kind, pending, mispredict, rd, lat, size;
  uint8_t amo;       /* K_AMO: AMO_* */
  uint8_t funct5;    /* K_AMO, posted: the operation the vault performs */
  uint32_t operand;  /* K_AMO, posted: rs2, applied by the vault */
} host_rob_t;

typedef struct {
  uint16_t slot, next;
} host_node_t;

typedef struct {
  uint32_t addr;
  uint8_t size, waiting;
  uint8_t owned; /* at-once timing: written, leaves the queue the cycle after commit */
  uint16_t rob;
  uint64_t seq;
  uint64_t commit; /* HOST_INF until committed */
} host_sq_t;

typedef struct {
  uint64_t cyc;
  uint8_t cnt;
} host_fu_t;

/* The interval core's state besides its rings (host_ival.c). */
typedef struct {
  unsigned h, q;     /* the ROB ring's head and count (not yet counted as committed) */
  unsigned ldh, ldq; /* the load queue ring's */
  unsigned sth, stq; /* the store queue ring's */
  uint64_t t;        /* the next cycle dispatch may act in */
  unsigned w;        /* dispatch slots used in cycle t */
  uint64_t last;     /* the youngest instruction's commit cycle */
  unsigned last_w;   /* instructions committing in that cycle */
  uint64_t leave;    /* the youngest store's leave cycle */
  uint64_t aq;       /* younger loads and AMOs issue no earlier (the youngest .aq AMO's completion) */
  int ex;            /* 1 from a hand-over to the exact core until its machinery is idle again */
} host_ic_t;

/* A store in the interval core's queue (host_ival.c). */
typedef struct {
  uint32_t addr;
  uint8_t size;
  uint64_t data;   /* its data ready (a forwarding load's earliest) */
  uint64_t commit; /* its commit cycle */
  uint64_t leave;  /* the cycle it leaves the queue, written */
} host_ics_t;

/* The first cycle >= t with fewer than limit uses in ring (a unit's, or the
 * at-once LLC tag port's), taken.  Beyond the ring's horizon contention is
 * not tracked.  host_core.c. */
uint64_t host_fu_slot(host_fu_t *ring, unsigned limit, uint64_t t, uint64_t now);
/* The same on the at-once LLC tag port's ring (HOST_PORT_RING cycles). */
uint64_t host_port_slot(host_fu_t *ring, unsigned limit, uint64_t t, uint64_t now);

enum { SER_NONE = 0, SER_WAIT, SER_MARKER, SER_VERDICT, SER_WB, SER_LAUNCH, SER_PIMWAIT };

/* A decoded word and what dispatch derives from it alone (host_core.c
 * dec_fill): its timing kind (K_ALU .. K_STORE), serialising by its opcode,
 * its access size. */
typedef struct {
  uint32_t pc;
  uint32_t raw;
  rv32_insn_t d;
  uint8_t kind, ser, size;
} host_dec_t;

#define HOST_DEC_SIZE 4096

typedef struct host_core {
  struct host *h;
  unsigned id;
  rv32_hart_t hart;
  rv32_bus_t bus;
  int halted;
  /* ROB, ring */
  host_rob_t *rob;
  unsigned rob_head, rob_n;
  uint64_t next_seq, head_seq;
  host_node_t *node;
  uint16_t node_free;
  /* register map */
  uint64_t reg_ready[32];
  uint64_t reg_seq[32];
  uint16_t reg_slot[32];
  /* LSQ */
  host_sq_t *sq;
  unsigned sq_head, sq_n, lq_n;
  /* functional units */
  host_fu_t fu_alu[HOST_FU_RING], fu_mul[HOST_FU_RING], fu_ld[HOST_FU_RING];
  uint64_t div_free;
  /* front end */
  uint64_t fe_ready;     /* first cycle the next instruction may dispatch */
  int fe_wait_br;        /* a mispredicted branch is unresolved */
  int fe_miss;           /* waiting for an L1I fill */
  uint32_t fe_line;      /* line of the last fetch that hit */
  uint32_t ghist;
  uint8_t *pht;
  uint32_t *itb;
  uint32_t *ras;
  unsigned ras_top, ras_n;
  host_dec_t *dec;
  /* serialising instructions and custom-0 */
  int ser;               /* SER_* */
  uint64_t ser_seq;      /* the serialising entry in flight (dispatch waits for its commit) */
  int ser_inflight;
  rv32_insn_t ser_d;
  uint32_t ser_rs1, ser_rs2;
  uint32_t custom_rd;
  unsigned wb_pending;   /* PIM write-backs not yet acknowledged */
  int wrs_sleep;         /* asleep in wrs.nto until its reservation (host resv) drops */
  /* AMOs (cfg.amo_model / amo_posted) */
  unsigned posted_n;     /* posted vault AMOs sent and not yet performed */
  uint64_t posted_until; /* the last performed one's data access ends (cycle) */
  uint16_t aq_slot;      /* the youngest .aq AMO (valid while rob[aq_slot].seq == aq_seq) */
  uint64_t aq_seq;
  uint64_t far_seq;      /* amo_site's answer for the AMO at far_pc that would get seq far_seq */
  uint32_t far_pc;
  int far_pre;
  int amo_defer;         /* the AMO executing is posted: cb_amo leaves memory to the vault */
  /* caches */
  host_cache_t l1i, l1d, l2;
  host_l1m_t l1im[HOST_MAX_MSHR], l1dm[HOST_MAX_MSHR];
  host_l2m_t l2m[HOST_MAX_MSHR];
  unsigned l1i_busy, l1d_busy, l2_busy;
  /* loads waiting for a free L1D MSHR (rob slots, FIFO) / L1 misses for an L2 MSHR */
  uint16_t mshrq[512];
  unsigned mshrq_head, mshrq_n;
  uint16_t l2q[2 * HOST_MAX_MSHR]; /* src << 8 | l1 mshr */
  unsigned l2q_head, l2q_n;
  uint64_t fu_ld_now; /* loads issued this cycle */
  uint32_t drop_line; /* coh_inflight=drop: line + 1 that leaves (drop_how) once the store queue's head wrote it, 0 none */
  unsigned drop_how;
  /* at-once timing (cfg.mem_atonce): each L1's fills in flight, one per
   * MSHR (line and the cycle its data arrives), and the latest arrival */
  uint32_t iv_line[2][HOST_MAX_MSHR];
  uint64_t iv_ready[2][HOST_MAX_MSHR];
  uint64_t iv_grant[HOST_MAX_MSHR]; /* D side: the cycle its L2 or LLC lookup granted the line */
  uint64_t iv_max[2];
  /* interval core (cfg.core_interval, host_ival.c): ordinary instructions
   * timed once, at dispatch; rings of the in-flight ones' cycles */
  uint64_t *ic_cmt;      /* ROB: each in-flight instruction's commit cycle, in program order */
  uint64_t *ic_ld;       /* load queue: each load's commit cycle */
  host_ics_t *ic_st;     /* store queue: each store's address, data and leave cycles */
  host_ic_t ic;          /* the rest, zero at reset */
  /* IMU */
  int imu_port;          /* 1: handshakes with an IMU (host_imu_set) */
  host_imu_in_t imu_in;
  host_imu_out_t imu_out;
  unsigned committed_now;
  host_core_stats_t st;
  /* set by host_idle_until: the counter each idle cycle adds one to (NULL:
   * none) and whether the core is in cp.pim.wait (which counts as progress) */
  uint64_t *q_ctr;
  int q_pimwait;
} host_core_t;

/* ---------------------------------------------------------------- system */
/* The memory system's callbacks into the cores (host_mem_init). */
typedef struct {
  void (*load_done)(host_core_t *c, unsigned slot, uint64_t t);  /* host_core_load_done */
  void (*fetch_done)(host_core_t *c, uint64_t t);                /* host_core_fetch_done */
  void (*store_wake)(host_core_t *c);                            /* host_core_store_wake */
} host_mem_up_t;

struct host {
  host_cfg_t cfg;
  host_mem_up_t up;     /* the memory system's callbacks into the cores */
  uint8_t *mem;
  size_t mem_bytes;
  hmc_t *hmc;
  host_hooks_t hooks;
  uint64_t now;
  host_core_t core[HOST_MAX_CORES];
  /* LR/SC reservations of the cores (agent = core id), shared with whoever
   * else writes mem (the full system's PEs and vaults: host_resv()) */
  resv_t resv;
  /* events (host_ev.c): a wheel of HOST_WHEEL one-cycle buckets for the
   * events due in [wcur, wcur + HOST_WHEEL), a heap for any other */
  host_ev_t *ev; /* the heap */
  unsigned ev_n, ev_cap;
  uint32_t ev_seq;
  host_wev_t *wpool; /* the wheel's events, linked per bucket in push order */
  uint32_t wcap, wfree, wn;
  uint64_t wcur;
  uint32_t whead[HOST_WHEEL], wtail[HOST_WHEEL];
  uint64_t wbits[HOST_WHEEL / 64]; /* the non-empty buckets */
  /* LLC */
  host_cache_t llc;
  host_llcm_t llcm[HOST_MAX_MSHR];
  unsigned llcm_busy;
  host_llcq_t *llcq;
  unsigned llcq_head, llcq_n, llcq_cap;
  uint16_t *fillq;      /* LLC MSHRs whose memory data arrived, one freed per cycle */
  unsigned fillq_head, fillq_n;
  /* memory sends that found the HMC full */
  host_send_t *sendq;
  unsigned sendq_head, sendq_n, sendq_cap;
  /* PMC ports of this cycle */
  uint64_t hit_until[HOST_MAX_CORES];
  uint32_t *hit_cal;    /* cfg.core_interval: per core, 1 << HOST_HIT_CAL_BITS cycles of LLC hit activity (host_mem.c hit_mark) */
  unsigned miss_cnt[HOST_MAX_CORES];
  pmc_in_t pmc_in;      /* hit_act and miss_act filled only when read (pmc_stale) */
  int pmc_stale;        /* hit_act/miss_act are still to compute for cycle pmc_at */
  uint64_t pmc_at;
  /* PIM */
  uint32_t *invq;       /* lines to invalidate */
  unsigned invq_head, invq_n, invq_cap;
  int wb_active;        /* a PIM write-back walk is running */
  /* ELF */
  uint32_t entry;
  int loaded;
  mmio_t *mmio;         /* the MMIO page: console, exit, clock (mmio.h) */
  int failed;
  char err[512];
  uint64_t last_commit;
  int committed_any; /* a core committed in the last stepped cycle (host_committed) */
  int marker_any;    /* a core presented an IMU marker in the last stepped cycle (host_marker_any) */
  uint64_t resp_seen; /* hmc_delivered() when the host last polled its links */
  uint64_t gen;      /* host_gen() */
  uint64_t kernel_insn0;
  int q_llc_stall;      /* host_idle_until: the LLC queue's head waits for an MSHR every idle cycle */
  /* at-once timing (cfg.mem_atonce): the LLC tag port's lookups per cycle
   * (a ring, as the cores' units: lookups are timed out of order), each
   * LLC MSHR's line, data arrival and free cycle, and the latest memory
   * latency seen (for a send the HMC refused) */
  host_fu_t iv_port[HOST_PORT_RING];
  uint32_t iv_llc_line[HOST_MAX_MSHR];
  uint64_t iv_llc_ready[HOST_MAX_MSHR], iv_llc_free[HOST_MAX_MSHR];
  uint64_t iv_llc_busy; /* bit per LLC MSHR: its miss's fill has not come back yet */
  uint64_t iv_lat;
  uint64_t iv_t; /* the LLC lookup being made (its cycle), 0 outside one */
  unsigned iv_bias_pct; /* planted fault, tests only (COPIM_HOST_ATONCE_BIAS_PCT): every L1 miss that much longer */
  unsigned ic_bias_pct; /* planted fault, tests only (COPIM_HOST_IVAL_BIAS_PCT): every interval-core instruction's
                         * issue-to-completion that much longer (rounded down) */
  host_stats_t st;
};

/* host_ev.c: the layer every other file may call (it calls none of them) */
void host_fail(struct host *h, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void host_ev_push(struct host *h, uint64_t t, unsigned type, unsigned core, unsigned a, uint32_t b);
/* The earliest event due at or before limit, removed into *e: 0 when
 * there is none.  Order: time, then push order. */
int host_ev_take(struct host *h, uint64_t limit, host_ev_t *e);
/* The earliest event's time, HOST_INF when there is none. */
uint64_t host_ev_next(struct host *h);
void host_ev_fini(struct host *h);

/* host_core.c */
int host_core_init(host_core_t *c, struct host *h, unsigned id);
void host_core_fini(host_core_t *c);
void host_core_reset(host_core_t *c, uint32_t pc);
void host_core_cycle(host_core_t *c);
/* A load's or AMO's data arrived at cycle t (L1 fill or hit). */
void host_core_load_done(host_core_t *c, unsigned slot, uint64_t t);
/* The entry's complete time became known: wake consumers. */
void host_core_resolve(host_core_t *c, unsigned slot, uint64_t t);
void host_core_fetch_done(host_core_t *c, uint64_t t);
void host_core_store_wake(host_core_t *c);
void host_core_load_event(host_core_t *c, unsigned slot, uint32_t seqlo);
void host_core_amo_event(host_core_t *c, unsigned slot, uint32_t seqlo);
/* The first cycle >= now at which host_core_cycle() could do more than add
 * one to c->q_ctr (which it sets); now when it does work this cycle. */
uint64_t host_core_idle_until(host_core_t *c, uint64_t now);
/* What the interval core (host_ival.c) uses of the exact core's: the
 * branch predictor (1 = mispredicted), the decode cache's entry for raw at
 * pc, the execution of an instruction with its retire hook (1 retired; 0
 * trapped, the redirect in fe_ready, or the run failed), amo_inline (1 = an AMO that does
 * not serialise; c->far_pre then says whether a vault executes it), and
 * the exact core's commit, store drain and dispatch stages */
int host_core_predict(host_core_t *c, const rv32_insn_t *d, uint32_t pc, uint32_t next);
const host_dec_t *host_core_decode(host_core_t *c, uint32_t pc, uint32_t raw);
int host_core_execute(host_core_t *c, const rv32_insn_t *d, int fetchable, rv32_result_t *r);
int host_core_amo_inline(host_core_t *c, const rv32_insn_t *d);
/* At-once timing (cfg.mem_atonce): an AMO in the L1D issued at t (the
 * cycle its result is there), a store drained from t (the cycle its line
 * is owned and written); the line left dirty. */
uint64_t host_core_atonce_amo(host_core_t *c, uint32_t addr, uint64_t t);
uint64_t host_core_atonce_store(host_core_t *c, uint32_t addr, uint64_t t);
void host_core_commit(host_core_t *c);
void host_core_drain(host_core_t *c);
void host_core_dispatch(host_core_t *c);

/* host_ival.c: the interval core (cfg.core_interval, docs/host.md "The
 * interval core"), a layer above the exact core: host.c calls it instead
 * of host_core_cycle and host_core_idle_until, and it calls the exact
 * core's pieces above.  Allocation (-1 out of memory) and reset; one
 * cycle; 1 while the exact core's machinery holds the core (a serialising
 * instruction until it commits, wrs.nto asleep: host.c then asks
 * host_core_idle_until); the interval core's idle bound. */
int host_ival_init(host_core_t *c);
void host_ival_fini(host_core_t *c);
void host_ival_reset(host_core_t *c);
void host_ival_cycle(host_core_t *c);
int host_ival_exact(const host_core_t *c);
uint64_t host_ival_idle_until(host_core_t *c, uint64_t now);
/* The cycles up to to (excluded) skipped: the commits that fell in them counted. */
void host_ival_skip(host_core_t *c, uint64_t to);

/* host_mem.c, below the cores: what it completes goes back up through the
 * callbacks host.c passes to host_mem_init (the cores' functions) */
int host_mem_init(struct host *h, const host_mem_up_t *up);
void host_mem_fini(struct host *h);
/* L1D access of a load at cycle now: 1 hit (done), 0 miss queued on an
 * MSHR, -1 no MSHR (retry). */
int host_mem_load(host_core_t *c, unsigned slot, uint32_t addr);
/* Store drain / AMO: 1 written (line owned), 0 waiting on an MSHR, -1 no MSHR. */
int host_mem_store(host_core_t *c, uint32_t addr, int amo, unsigned slot);
/* Instruction fetch of a new line: 1 hit, 0 miss (host_core_fetch_done later), -1 no MSHR; at-once
 * timing: 2 miss (host_core_fetch_done called with its fill cycle). */
int host_mem_fetch(host_core_t *c, uint32_t pc);
void host_mem_event(struct host *h, const host_ev_t *e);
/* Per cycle, before the events: memory responses, HMC sends, one LLC fill. */
void host_mem_cycle(struct host *h);
/* Per cycle, after the events: one LLC lookup, one queued invalidation. */
void host_mem_llc(struct host *h);
/* 1 when the LLC queue's arrived head would wait for an MSHR this cycle (no side effects). */
int host_mem_llc_head_waits(struct host *h);
/* PMC ports of cycle h->pmc_at (host_pmc_ports computes them when read:
 * nothing they depend on changes between the cycle and the read). */
void host_mem_pmc(struct host *h);
/* Writes every dirty line back for a PIM launch of core c (traffic counted in wb_pending). */
void host_mem_flush_dirty(struct host *h, host_core_t *c);
void host_mem_invalidate_line(struct host *h, uint32_t line);
/* An AMO placed in the HMC vault by hooks.amo_site: the line leaves every
 * cache, the AMO goes over core c's link, its response completes rob slot. */
void host_mem_amo_far(host_core_t *c, uint32_t addr, unsigned slot);
/* A posted AMO (funct5 = RV32_AMO_*, rs2 = operand) to a vault: ROB slot
 * completes when the link accepts it, the vault applies it to memory and
 * the posted hook counts it down (host_mem_posted_done). */
void host_mem_amo_posted(host_core_t *c, uint32_t addr, unsigned funct5, uint32_t operand, unsigned slot);
void host_mem_posted_done(void *ctx, uint64_t tag, unsigned port, uint64_t done_ps);
/* 1 when an AMO to addr's line already waits in an L1D MSHR (a second one
 * would have no slot to be woken through). */
int host_mem_amo_busy(host_core_t *c, uint32_t addr);
void host_mem_hmc_resp(struct host *h, const hmc_resp_t *r);
/* The store queue's head wrote addr: a fill marked while in flight that it waited on leaves its line now. */
void host_mem_store_done(host_core_t *c, uint32_t addr);
/* The interval core's vault AMO (cfg.core_interval): sent at cycle t to the
 * fast HMC timed only (HMC_REQ_TIMED: the core performed it at dispatch),
 * posted (no response) or not, the line out of every cache; HMC_OK and
 * *eta the cycle the vault's response would be at the link (posted: the
 * cycle its vault is done), HMC_STALL when the link refuses it now (the
 * core retries in a later cycle). */
int host_mem_amo_timed(host_core_t *c, uint32_t addr, unsigned funct5, uint32_t operand, int posted, uint64_t t,
                       uint64_t *eta);
/* At-once timing (cfg.mem_atonce): core c's access to addr on the D side
 * (dside) or the I side, exclusive (a store or AMO) or not, issued at cycle
 * t >= now: every cache's tags, states and coherence change at once, a
 * miss goes to memory at once, and the result is the cycle it completes:
 * a load's data (t + L1D latency on a hit), the line owned (t on a hit) or
 * an instruction line there (t on a hit). */
uint64_t host_mem_atonce(host_core_t *c, int dside, uint32_t addr, int excl, uint64_t t);
/* 1 when a load of addr at t would hit the L1D with its data there (no state changes). */
int host_mem_atonce_hit(host_core_t *c, uint32_t addr, uint64_t t);

#endif
