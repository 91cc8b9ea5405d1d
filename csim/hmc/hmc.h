/* HMC 2.1 memory model with vault logic (issue 5, SPEC sections 2 and 6).
 *
 * A cycle-level model of one cube: 4 SerDes links (request and response
 * packets serialised in 16-byte FLITs), a crossbar, 16 vault controllers
 * with bounded request queues and back-pressure, 16 banks per vault with
 * DRAM timing and refresh, real-data atomics on the caller's functional
 * memory, and one local port per vault for its PE.  docs/hmc.md has the
 * structure diagram, every parameter with its source, and the timing rules.
 *
 * Time base.  Every time in this API is in picoseconds (uint64_t).  The
 * logic layer (crossbar, vault controllers, DRAM commands) is clocked at
 * tck_ps (800 ps = the HMC tCK); DRAM timings are given in ps and rounded up
 * to whole tCK.  Links are serialised exactly (in bit times, no rounding
 * accumulates) and a packet reaching the cube waits for the next tCK edge.
 * A client at another clock converts its cycle to ps: a 2 GHz host at cycle c
 * calls hmc_send(h, &req, c * 500) and hmc_advance(h, c * 500); a 500 MHz PE
 * uses c * 2000.  Responses carry the ps at which they reach their port and
 * are handed over by the first hmc_advance() whose time is >= that.
 *
 * Usage:
 *   hmc_cfg_t cfg = HMC_CFG_DEFAULT;
 *   hmc_t *h = hmc_new(&cfg, mem, mem_bytes);   // mem: the shared functional memory
 *   hmc_req_t r = {.port = hmc_port_link(0), .cmd = HMC_RD, .addr = a, .size = 64, .tag = 7};
 *   if (hmc_send(h, &r, now_ps) == HMC_STALL) retry later;
 *   hmc_advance(h, now_ps);                     // every client cycle (or less often)
 *   while (hmc_poll(h, hmc_port_link(0), &resp)) ...;   // or hmc_set_callback()
 *
 * The model is deterministic: same sends at same times give identical
 * responses, times and statistics. */
#ifndef HMC_H
#define HMC_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "hmc_hot.h"

#define HMC_MAX_LINKS 8
#define HMC_MAX_VAULTS 32
#define HMC_MAX_BANKS 32
#define HMC_FLIT_BYTES 16
#define HMC_MAX_BYTES 128 /* largest request */
#define HMC_NUM_PORTS (HMC_MAX_LINKS + HMC_MAX_VAULTS)

/* Ports: a link from the host, or the local port of a vault's PE. */
static inline unsigned hmc_port_link(unsigned l) { return l; }
static inline unsigned hmc_port_pe(unsigned vault) { return HMC_MAX_LINKS + vault; }
static inline int hmc_port_is_pe(unsigned port) { return port >= HMC_MAX_LINKS; }

/* Address field names for the mapping order (above the block offset). */
enum { HMC_F_VAULT = 0, HMC_F_BANK = 1, HMC_F_COL = 2, HMC_F_ROW = 3 };

typedef struct {
  /* clocks and links */
  uint32_t tck_ps;        /* logic-layer / DRAM command clock, 800 */
  unsigned links;         /* 1..HMC_MAX_LINKS, 4 */
  unsigned lanes;         /* lanes per direction, 16 (8 = half width) */
  uint32_t lane_mbps;     /* Mb/s per lane, 15000 (12500..30000) */
  uint32_t link_lat_ps;   /* SerDes + PHY latency per crossing, 3200 */
  unsigned link_buf_flits;  /* cube input buffer per link = host tokens, 256 */
  unsigned link_rsp_flits;  /* cube output buffer per link, 256 */
  /* crossbar */
  unsigned xbar_cycles;   /* link <-> vault and PE <-> remote vault, 4 */
  unsigned local_cycles;  /* PE <-> its own vault, 1 */
  unsigned pe_port_q;     /* PE port request FIFO (packets), 16 */
  /* vaults and banks */
  unsigned vaults;        /* 1..32, power of two, 16 */
  unsigned banks;         /* per vault, 1..32, power of two, 16 */
  unsigned vault_q;       /* request queue entries per vault, 32 */
  unsigned vault_rsp_q;   /* response queue entries per vault, 32 */
  unsigned col_bytes;     /* bytes per column burst (DRAM atom), 32 */
  unsigned block_bytes;   /* max block size = interleave granule, 128 */
  unsigned row_bytes;     /* DRAM page per bank, 256 */
  uint64_t capacity;      /* bytes, 4 GiB */
  int open_page;          /* 0: closed page (auto precharge), 1: open page, FR-FCFS */
  uint8_t map[4];         /* field order from the offset upward, {VAULT, BANK, COL, ROW} */
  unsigned atomic_cycles; /* vault ALU latency of an atomic, 1 */
  /* DRAM timing, ps (rounded up to tCK) */
  uint32_t t_rcd_ps, t_cl_ps, t_rp_ps, t_ras_ps, t_wr_ps, t_ccd_ps, t_rfc_ps, t_refi_ps;
  /* write latency and the vault data bus turnarounds (column to column of
   * the other direction), read to precharge, activate to activate in the
   * vault and the four-activate window; 0 = no constraint (docs/hmc.md) */
  uint32_t t_cwl_ps, t_wtr_ps, t_rtw_ps, t_rtp_ps, t_rrd_ps, t_faw_ps;
  int refresh;            /* 1: refresh on, staggered over the vaults */
  /* 1: fast timing (hmc_fast.c, issue 50): each request's completion is
   * computed when it is sent instead of stepping the vaults every tCK; same
   * functional results, approximate times (docs/hmc.md "Fast mode") */
  int fast;
  /* energy, femtojoule per bit (SPEC section 2) */
  uint32_t e_link_fj, e_dram_fj, e_logic_fj;
} hmc_cfg_t;

/* Vaults of the cube, and so vault PEs (one per vault, SPEC section 2):
 * the one place the default count of 16 is written. */
#define HMC_VAULTS_DEFAULT 16

#define HMC_CFG_DEFAULT                                                                                    \
  ((hmc_cfg_t){.tck_ps = 800, .links = 4, .lanes = 16, .lane_mbps = 15000, .link_lat_ps = 3200,          \
               .link_buf_flits = 256, .link_rsp_flits = 256, .xbar_cycles = 4, .local_cycles = 1,         \
               .pe_port_q = 16, .vaults = HMC_VAULTS_DEFAULT, .banks = 16, .vault_q = 32,                 \
               .vault_rsp_q = 32,                                                                         \
               .col_bytes = 32, .block_bytes = 128, .row_bytes = 256, .capacity = 4ull << 30,             \
               .open_page = 0, .map = {HMC_F_VAULT, HMC_F_BANK, HMC_F_COL, HMC_F_ROW},                    \
               .atomic_cycles = 1, .t_rcd_ps = 10200, .t_cl_ps = 9900, .t_rp_ps = 7700, .t_ras_ps = 21600, \
               .t_wr_ps = 8000, .t_ccd_ps = 3200, .t_rfc_ps = 59000, .t_refi_ps = 3900000, .t_cwl_ps = 9900,  \
               .t_wtr_ps = 7500, .t_rtw_ps = 2500, .t_rtp_ps = 4900, .t_rrd_ps = 3200, .t_faw_ps = 19200,          \
               .refresh = 1, .e_link_fj = 13700, .e_dram_fj = 3700, .e_logic_fj = 6780})

/* Commands.  Reads and writes are 16..128 bytes, a multiple of 16, inside
 * one block.  Atomics: the RV32A set on 4 bytes (aligned 4; returns the old
 * word in ret[0]) and the HMC 2.0 operations (8 or 16 bytes, aligned to
 * their size).  Operands: op[0] (and op[1]).  16-byte values are
 * little-endian {lo = op[0], hi = op[1]} / {ret[0], ret[1]}. */
typedef enum {
  HMC_RD = 0,
  HMC_WR,
  HMC_WR_POSTED, /* no response */
  /* RV32A, 4 bytes, old value returned */
  HMC_AMOSWAP_W,
  HMC_AMOADD_W,
  HMC_AMOXOR_W,
  HMC_AMOAND_W,
  HMC_AMOOR_W,
  HMC_AMOMIN_W,
  HMC_AMOMAX_W,
  HMC_AMOMINU_W,
  HMC_AMOMAXU_W,
  /* HMC 2.0 */
  HMC_2ADD8,    /* two 8-byte signed adds: [a] += op0, [a+8] += op1; no return (1-FLIT response) */
  HMC_ADD16,    /* 16-byte add of {op0,op1}; no return */
  HMC_2ADDS8R,  /* as 2ADD8, returns both old values */
  HMC_ADDS16R,  /* as ADD16, returns the old value */
  HMC_INC8,     /* [a] += 1 (8 bytes), no return, 1-FLIT request */
  HMC_BWR,      /* 8 bytes: [a] = ([a] & ~op1) | (op0 & op1); no return */
  HMC_BWR8R,    /* as BWR, returns the old value */
  HMC_AND16,    /* 16-byte bitwise ops with {op0,op1}, return the old value */
  HMC_NAND16,
  HMC_OR16,
  HMC_NOR16,
  HMC_XOR16,
  HMC_CASEQ8,   /* if [a] == op0 then [a] = op1; returns old, flag = swapped */
  HMC_CASZERO16,/* if [a] == 0 (16 B) then [a] = {op0,op1}; returns old, flag */
  HMC_CASGT8,   /* if op0 > [a] (signed) then [a] = op0; returns old, flag */
  HMC_CASLT8,   /* if op0 < [a] (signed) then [a] = op0 */
  HMC_CASGT16,  /* 16-byte signed versions with {op0,op1} */
  HMC_CASLT16,
  HMC_EQ8,      /* flag = ([a] == op0), memory unchanged, 1-FLIT response */
  HMC_EQ16,     /* flag = ([a] == {op0,op1}) */
  HMC_SWAP16,   /* [a] = {op0,op1}; returns old */
  HMC_CMD_COUNT
} hmc_cmd_t;

/* Request flags */
#define HMC_REQ_DATA 1u /* read: copy the bytes into resp.data; write: store wdata into memory */
/* An atomic sent posted (HMC 2.0's posted atomics): no response packet and
 * no response FLITs; the vault performs it and frees it, and the posted
 * hook (hmc_set_posted_hook) hears of it then.  Atomics only. */
#define HMC_REQ_POSTED 2u
/* Fast mode only, for a read, a posted write or an atomic (without
 * HMC_REQ_DATA; an atomic may be HMC_REQ_POSTED): a request timed and
 * nothing else.  The fast schedule books it as any other (its bank,
 * queues, bus, calendars and statistics, a response counted when sent
 * unless posted), hmc_fast_eta_ps() gives its completion (a posted one's:
 * its vault's), and then it is gone: no functional access, no write hook,
 * no posted hook, no response to poll, no event (the requester made the
 * access itself at send: the windowed PE, sim.pe_window; the interval
 * host core's vault AMOs). */
#define HMC_REQ_TIMED 4u

typedef struct {
  unsigned port;      /* hmc_port_link(l) or hmc_port_pe(v) */
  hmc_cmd_t cmd;
  uint64_t addr;
  unsigned size;      /* reads/writes: 16..128, multiple of 16; ignored for atomics */
  uint64_t tag;       /* returned unchanged */
  unsigned flags;     /* HMC_REQ_DATA */
  const void *wdata;  /* write data (size bytes), copied at send, used with HMC_REQ_DATA */
  uint64_t op[2];     /* atomic operands */
} hmc_req_t;

typedef struct {
  unsigned port;
  hmc_cmd_t cmd;
  uint64_t addr;
  unsigned size;
  uint64_t tag;
  uint64_t t_send_ps; /* time the request was sent */
  uint64_t t_ps;      /* time the response reached the port */
  uint64_t seq;       /* global order of the functional memory access (0, 1, 2...) */
  uint64_t ret[2];    /* atomics: old value(s) */
  int flag;           /* atomics: CAS swapped / EQ matched */
  uint8_t data[HMC_MAX_BYTES]; /* reads with HMC_REQ_DATA */
} hmc_resp_t;

/* hmc_send results */
enum { HMC_OK = 0, HMC_STALL = 1, HMC_EINVAL = -1, HMC_EADDR = -2 };

typedef struct {
  uint64_t cycles;                     /* logic cycles simulated */
  uint64_t reqs[HMC_CMD_COUNT];        /* accepted, per command */
  uint64_t resps;                      /* delivered */
  uint64_t stalls;                     /* sends refused by back-pressure */
  uint64_t lat_sum_ps, lat_max_ps;     /* send -> response, delivered responses */
  uint64_t link_flits_req[HMC_MAX_LINKS], link_flits_rsp[HMC_MAX_LINKS];
  uint64_t vault_reqs[HMC_MAX_VAULTS];
  uint64_t vault_bus_cycles[HMC_MAX_VAULTS]; /* data-bus busy cycles */
  uint64_t acts, pres, refreshes, row_hits, row_misses;
  uint64_t turns;                      /* column commands that turned a vault's data bus around */
  uint64_t turn_limited;               /* of them, issued at the first cycle the turnaround allowed */
  uint64_t act_rrd_limited, act_faw_limited; /* ACTs issued at the first cycle tRRD / tFAW allowed */
  uint64_t local_reqs, remote_reqs;    /* PE ports: own vault / other vault */
  uint64_t posted;                     /* atomics accepted with HMC_REQ_POSTED */
  uint64_t link_bits, dram_bits, logic_bits;
  double e_link_pj, e_dram_pj, e_logic_pj; /* bits x SPEC coefficients */
  hmc_hot_t hot, hot_amo;              /* most requested addresses: all requests, atomics only */
} hmc_stats_t;

typedef struct hmc hmc_t;
typedef void (*hmc_resp_fn)(void *ctx, const hmc_resp_t *r);

/* Checks cfg (one-line error on stderr and NULL when out of range).  mem may
 * be NULL (timing only: data flags and atomics are then refused); otherwise
 * it is the caller's functional memory, address 0 at mem[0], and every data
 * access and atomic reads and writes it in place. */
hmc_t *hmc_new(const hmc_cfg_t *cfg, uint8_t *mem, size_t mem_bytes);
void hmc_free(hmc_t *h);
const hmc_cfg_t *hmc_cfg(const hmc_t *h);

/* Offers a request at time now_ps (clamped to the model's time if earlier).
 * HMC_OK: accepted; HMC_STALL: no room (link tokens or PE port FIFO full):
 * retry later; HMC_EINVAL / HMC_EADDR: bad request (one line on stderr). */
int hmc_send(hmc_t *h, const hmc_req_t *req, uint64_t now_ps);
/* Simulates up to and including now_ps and hands over every response whose
 * time is <= now_ps, in time order (ties: lower port first): to the callback
 * if one is set, else into the per-port poll queues. */
void hmc_advance(hmc_t *h, uint64_t now_ps);
void hmc_set_callback(hmc_t *h, hmc_resp_fn fn, void *ctx);
/* Called whenever a vault changes the functional memory (an atomic, or a
 * write carrying data), with the address and bytes changed, at the moment
 * the vault executes it: the full system clears LR/SC reservations there
 * (csim/rv32/resv.h).  fn NULL: none. */
typedef void (*hmc_write_fn)(void *ctx, uint64_t addr, unsigned n);
void hmc_set_write_hook(hmc_t *h, hmc_write_fn fn, void *ctx);
/* Called when a vault completes a request sent with HMC_REQ_POSTED, with
 * its tag, its port and the time (ps) its data access ends: the requester
 * counts its posted operations down (a fence waits for them; no link
 * message carries this).  fn NULL: none. */
typedef void (*hmc_posted_fn)(void *ctx, uint64_t tag, unsigned port, uint64_t done_ps);
void hmc_set_posted_hook(hmc_t *h, hmc_posted_fn fn, void *ctx);
/* 1 and *r filled if port has a response waiting. */
int hmc_poll(hmc_t *h, unsigned port, hmc_resp_t *r);

/* Model time (ps) of the last advance, and requests not yet delivered. */
uint64_t hmc_now(const hmc_t *h);
uint64_t hmc_inflight(const hmc_t *h);
/* A lower bound on the time (ps) at which hmc_advance() can next change the
 * model or hand over a response: an advance to any earlier time only moves
 * the clock.  UINT64_MAX when nothing is scheduled.  A caller that skips
 * idle time advances at least to each such time to see what came out. */
uint64_t hmc_next_event_ps(const hmc_t *h);
/* Responses handed over so far (a poll can return something new only after it grew). */
uint64_t hmc_delivered(const hmc_t *h);
/* Fast mode (cfg.fast) only: the time (ps) at which the last request
 * hmc_send() accepted hands over its response at its port (a posted one:
 * its data access ends), known at send because the fast schedule computes
 * it then (hmc_fast.c).  0 in the exact mode, which knows it only when the
 * response comes out.  The host's at-once memory timing (host.mem) reads
 * it to time a miss when it is sent. */
uint64_t hmc_fast_eta_ps(const hmc_t *h);
/* Fast mode with closed pages: schedule requests sent out of time order
 * (the windowed PE's, sent ahead of the system's time) by each bank's
 * calendar of the time it is held, ACT to the next ACT allowed, and of its
 * refresh windows, instead of its busy-until state, so that a request due
 * before one already scheduled may use the bank before it; and apply tFAW
 * and the bus turnaround against the vault's ACTs and column commands
 * before a request in time, not only against the latest scheduled.  In
 * time order the two agree except where a request would fit in a gap.  0,
 * or -1 (not the fast mode, open pages, out of memory: the schedule stays
 * in order). */
int hmc_fast_set_ooo(hmc_t *h);
/* hmc_fast_set_ooo, and each link's request FLITs reserved in a calendar
 * instead of the link's busy-until, so that a request sent for an earlier
 * time than one already on the link goes before it (the interval host
 * core's sends, ahead of the system's cycle; the windowed PE sends on no
 * link).  The calendar starts a request at a FLIT boundary.  0 or -1 as
 * hmc_fast_set_ooo. */
int hmc_fast_set_ooo_links(hmc_t *h);
void hmc_stats(const hmc_t *h, hmc_stats_t *s);

/* Address decode per the configured mapping. */
typedef struct { unsigned vault, bank; uint64_t row; unsigned col; unsigned offset; } hmc_addr_t;
void hmc_decode(const hmc_t *h, uint64_t addr, hmc_addr_t *a);
/* Inverse: the address of offset 0 of (vault, bank, row, col). */
uint64_t hmc_encode(const hmc_t *h, unsigned vault, unsigned bank, uint64_t row, unsigned col);

/* Request / response sizes in FLITs (header + tail = 1 FLIT of overhead). */
unsigned hmc_req_flits(hmc_cmd_t cmd, unsigned size);
unsigned hmc_rsp_flits(hmc_cmd_t cmd, unsigned size);
const char *hmc_cmd_name(hmc_cmd_t cmd);
/* Atomic: 4, 8 or 16 bytes touched; 0 for reads/writes. */
unsigned hmc_atomic_bytes(hmc_cmd_t cmd);
/* Applies an atomic to little-endian memory p (hmc_atomic_bytes long):
 * the functional core shared by the vaults and by reference checkers. */
void hmc_atomic_apply(hmc_cmd_t cmd, uint8_t *p, const uint64_t op[2], uint64_t ret[2], int *flag);

/* Probes for waveforms and tests. */
unsigned hmc_probe_vault_q(const hmc_t *h, unsigned vault);  /* request queue entries */
unsigned hmc_probe_link_buf(const hmc_t *h, unsigned link);  /* input buffer FLITs used */
int hmc_probe_link_busy(const hmc_t *h, unsigned link, int rsp); /* serialiser busy at now */
uint64_t hmc_probe_link_free_ps(const hmc_t *h, unsigned link, int rsp); /* serialiser free from (rounded up) */
unsigned hmc_probe_bank(const hmc_t *h, unsigned vault, unsigned bank); /* 0 idle, 1 active, 2 refresh */
/* Cycle (in tCK) at which vault v's next refresh falls due. */
uint64_t hmc_probe_next_refresh(const hmc_t *h, unsigned vault);
/* DRAM timings in tCK after rounding. */
typedef struct { unsigned rcd, cl, rp, ras, wr, ccd, rfc, refi, cwl, wtr, rtw, rtp, rrd, faw; } hmc_timing_t;
void hmc_timing(const hmc_t *h, hmc_timing_t *t);

#endif
