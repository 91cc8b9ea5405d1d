/* Internal state of the HMC model, shared by hmc.c (links, crossbar,
 * delivery, API), hmc_vault.c (vault controllers and banks) and
 * hmc_atomic.c.  Not part of the API: clients include hmc.h only. */
#ifndef HMC_INT_H
#define HMC_INT_H

#include "hmc.h"

/* A packet lives in the pool from send to delivery; queues hold indices
 * (the pool grows by realloc, so pointers into it are never kept). */
typedef struct {
  unsigned port;
  hmc_cmd_t cmd;
  uint64_t addr;
  unsigned size, flags;
  uint64_t tag, op[2];
  unsigned vault, bank;
  uint64_t row;
  unsigned req_flits, rsp_flits;
  uint64_t t_send_ps;
  uint64_t ready;   /* cycle at which the packet is usable at its current stage */
  uint64_t age;     /* vault arrival order */
  uint64_t start;   /* link: first bit slot of its serialisation */
  uint64_t t_ps;    /* delivery time */
  int state;        /* in service: 1 activated, 2 atomic waiting for its write */
  uint64_t wr_ok;
  uint64_t seq, ret[2];
  int flag;
  int next;         /* free list */
  uint8_t data[HMC_MAX_BYTES];
} hmc_pkt_t;

/* FIFO of packet indices; bound 0 = grows without limit. */
typedef struct {
  int *buf;
  unsigned size, bound, head, n;
} hmc_ring_t;

typedef struct {
  int open;
  uint64_t row;
  int owner;                /* packet in service, -1 none */
  uint64_t act_ok, col_ok, pre_ok, ref_until;
} hmc_bank_t;

/* A finished request waiting for the response crossbar, with the fields
 * its choice looks at kept beside the index. */
typedef struct {
  uint64_t ready, age;      /* usable from; arrival order (ties) */
  int idx;
  unsigned port, flits;
} hmc_rspe_t;

typedef struct {
  int *rq;                  /* waiting requests, arrival order */
  uint64_t *rq_rdy;         /* beside rq: each one's pkt.ready and pkt.bank, scanned every step */
  uint8_t *rq_bk;
  unsigned rq_n;
  int *svc;                 /* in service (bank owned) */
  unsigned svc_n;
  hmc_rspe_t *rsp;          /* responses, sorted by (ready, age): the crossbar's order of preference */
  unsigned rsp_n, rsp_reserved;
  uint64_t bus_ok, next_ref;
  uint64_t col_rd_ok, col_wr_ok; /* first cycle of a read / write column command: turnarounds (tWTR, tRTW) */
  uint64_t rrd_ok, faw_ok;  /* first cycle of an ACT in this vault: tRRD after the last, tFAW after the 4th last */
  uint64_t act_hist[4];     /* the last four ACT cycles (ring, act_n of them, oldest at act_head) */
  unsigned act_n, act_head;
  int last_wr;              /* direction of the last column command: 1 write, 0 read, -1 none yet */
  int ref_pending;
  unsigned rr;              /* crossbar round robin */
  uint64_t srcmask;         /* sources (links, then PE ports) holding a packet for this vault */
  uint32_t owned;           /* banks with a request in service (bank.owner >= 0) */
  uint64_t rsp_at;          /* first cycle at which a queued response may be ready and not blocked */
  uint32_t rsp_blk;         /* links whose full output buffer blocked a ready response */
  uint8_t rsp_minfl[HMC_MAX_LINKS]; /* per link in rsp_blk: the smallest blocked response (FLITs) */
  hmc_bank_t bank[HMC_MAX_BANKS];
} hmc_vault_t;

typedef struct {
  uint64_t req_busy, rsp_busy;  /* slot (bit time) at which each serialiser is free */
  hmc_ring_t voq[HMC_MAX_VAULTS]; /* cube input buffer, one FIFO per vault (no head-of-line blocking) */
  unsigned in_flits;
  hmc_ring_t pend;              /* output buffer: crossed the crossbar, not serialised */
  hmc_ring_t wire;              /* serialising or flying, until delivered */
  unsigned rsp_flits, unstarted;/* output buffer FLITs; wire tail entries not started */
} hmc_link_t;

typedef struct {
  hmc_ring_t voq[HMC_MAX_VAULTS]; /* requests from the PE, one FIFO per vault */
  unsigned in_n;
  int *ret;                     /* responses on their way, sorted by t_ps */
  unsigned ret_n, ret_cap;
} hmc_peport_t;

/* Releases packet i, finished in a vault without a response (posted
 * write): hmc.c's, passed down to the vaults (hmc_vault_init). */
typedef void (*hmc_release_fn)(hmc_t *h, int i);

/* The fast engine's state (hmc_fast.c), NULL in the exact mode. */
typedef struct hmc_fast hmc_fast_t;

struct hmc {
  hmc_cfg_t cfg;
  hmc_release_fn vault_release; /* hmc_vault_init's callback */
  uint8_t *mem;
  size_t mem_bytes;
  /* derived */
  uint64_t rate;                /* total bits per microsecond of one link direction */
  unsigned off_bits, fbits[4], fshift[4];
  unsigned t_rcd, t_cl, t_rp, t_ras, t_wr, t_ccd, t_rfc, t_refi;
  unsigned t_cwl, t_wtr, t_rtw, t_rtp, t_rrd, t_faw;
  /* time */
  uint64_t cyc;                 /* next cycle to simulate */
  /* Events (hmc.c): the earliest cycle at which each stage may act; a
   * stage is not run before it, and cycles at which no stage may act are
   * skipped.  Each is a lower bound: running a stage early does nothing. */
  uint64_t xreq_next, xrsp_next, ltx_next, dlv_next; /* dlv_next in ps; the vaults': vwk[1] */
  /* per vault, the first cycle at which hmc_vault_step may act, as the
   * leaves of a min-tree: vwk[HMC_MAX_VAULTS + v] is vault v's (UINT64_MAX
   * for a vault the cube does not have), vwk[i] the least of vwk[2i] and
   * vwk[2i + 1] (a lower bound between a lowering and the next step()), so
   * step() descends only into subtrees with a vault due */
  uint64_t vwk[2 * HMC_MAX_VAULTS];
  uint32_t vmask_req, vmask_rsp; /* vaults with a source packet waiting / a response queued */
  uint32_t lfreed;              /* links whose output buffer freed FLITs since the last xbar_rsp */
  uint32_t pe_retm;             /* PE ports with a response on its way (pe[v].ret_n > 0) */
  int every_tck;                /* reference mode: every stage at every tCK, full scans (hmc_set_every_tck) */
  uint64_t now_ps;
  uint64_t age, seq, active;
  /* pool */
  hmc_pkt_t *pkt;
  unsigned npkt;
  int free_head;
  hmc_link_t link[HMC_MAX_LINKS];
  hmc_peport_t pe[HMC_MAX_VAULTS];
  hmc_vault_t vault[HMC_MAX_VAULTS];
  hmc_ring_t pollq[HMC_NUM_PORTS];
  hmc_resp_fn cb;
  void *cb_ctx;
  hmc_write_fn wr_hook;
  void *wr_ctx;
  hmc_posted_fn posted_hook;
  void *posted_ctx;
  hmc_stats_t st;
  hmc_hot_ix_t hot_ix, hot_amo_ix; /* st.hot's and st.hot_amo's indexes */
  hmc_fast_t *fast;
  uint64_t fast_next_ps; /* the fast schedule's next event (hmc_fast_next_ps), kept here to be read inline */
  uint64_t fast_eta_ps;  /* the last request hmc_fast_issue scheduled: its hand-over (hmc_fast_eta_ps) */
};

/* Reference mode for the lockstep test hmc_equiv: with on = 1 the model
 * ignores its event times and runs every stage of every vault at every tCK
 * edge, scanning all queues, as before the event scheme; the results must
 * be identical either way.  Set before the first send. */
void hmc_set_every_tck(hmc_t *h, int on);

/* rings */
int hmc_ring_init(hmc_ring_t *r, unsigned bound);
void hmc_ring_free(hmc_ring_t *r);
int hmc_ring_push_full(hmc_ring_t *r, int v); /* hmc_ring_push on a full ring: grows it unless bounded */
/* 1 pushed, 0 when full and bounded, -1 out of memory; inline, as a push
 * seldom finds the ring full */
static inline int hmc_ring_push(hmc_ring_t *r, int v) {
  if (r->n == r->size) return hmc_ring_push_full(r, v);
  const unsigned k = r->head + r->n; /* < 2 size: a subtraction, not a division */
  r->buf[k < r->size ? k : k - r->size] = v;
  r->n++;
  return 1;
}
static inline int hmc_ring_at(const hmc_ring_t *r, unsigned i) { /* i < r->n */
  const unsigned k = r->head + i; /* < 2 size: a subtraction, not a division */
  return r->buf[k < r->size ? k : k - r->size];
}
static inline int hmc_ring_head(const hmc_ring_t *r) { return r->buf[r->head]; }
static inline void hmc_ring_pop(hmc_ring_t *r) {
  r->head = r->head + 1 == r->size ? 0 : r->head + 1;
  r->n--;
}

/* vaults (hmc_vault.c), below hmc.c: they call nothing of hmc.c's; what
 * they hand back up goes through the callback hmc.c passes at init */
int hmc_vault_init(hmc_t *h, hmc_release_fn release);
void hmc_vault_free(hmc_t *h);
/* One logic cycle of vault v: refresh, one DRAM command.  1 if it changed
 * the vault's state (a command, refresh becoming due), 0 if it did nothing. */
int hmc_vault_step(hmc_t *h, unsigned v, uint64_t c);
/* After a step at c that did nothing: the first cycle > c at which the step
 * could act if nothing outside the vault changes (UINT64_MAX: never). */
uint64_t hmc_vault_next(const hmc_t *h, unsigned v, uint64_t c);
/* Packet p's effect on the functional memory (seq, the data or the atomic's
 * result, the write hook), made at its column command (hmc_vault.c), or at
 * the fast schedule's (hmc_fast.c). */
void hmc_functional(hmc_t *h, hmc_pkt_t *p);
/* Responses wait in each vault's rsp queue, where hmc.c's crossbar takes them. */

/* fast mode (hmc_fast.c), used by hmc.c when cfg.fast: init after
 * hmc_vault_init (0: out of memory); issue packet i, whose ready is its
 * arrival cycle at the cube, scheduling its functional access (at its column
 * command) and its hand-over (0: out of memory); pop the next response due
 * at or before now_ps (packet index, -1: none), making functional accesses
 * and firing posted completions on the way;
 * the time of the next hand-over (UINT64_MAX: none). */
int hmc_fast_init(hmc_t *h);
void hmc_fast_free(hmc_t *h);
int hmc_fast_issue(hmc_t *h, int i);
int hmc_fast_pop(hmc_t *h, uint64_t now_ps);
/* Port `port`'s requests that the fast schedule's crossbar moved before
 * cycle h->cyc (what the exact model has simulated) leave its input buffer:
 * pe[].in_n and link[].in_flits, which hmc_send checks as in the exact mode. */
void hmc_fast_leave(hmc_t *h, unsigned port);
/* 1 when a link's request FLITs are a calendar (hmc_fast_set_ooo_links):
 * hmc_fast_req_link reserves `flits` FLIT times on link `port` from the
 * first at or after bit-time slot s, and gives the slot its last ends. */
int hmc_fast_ooo_links(const hmc_t *h);
uint64_t hmc_fast_req_link(hmc_t *h, unsigned port, uint64_t s, unsigned flits);
static inline uint64_t hmc_fast_next_ps(const hmc_t *h) { return h->fast_next_ps; }

static inline uint64_t hmc_max64(uint64_t a, uint64_t b) { return a > b ? a : b; }
static inline uint64_t hmc_min64(uint64_t a, uint64_t b) { return a < b ? a : b; }

#endif
