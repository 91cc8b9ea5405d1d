/* The PE side of the co-simulation system (sys_pe.c): each vault PE's
 * memory port, the PE clock and its edges, the run-ahead windows and the
 * lazy PEs.  Its state is struct sys's pes (sys_pes_t), written by
 * sys_pe.c; sys.c (start, the cycle), sys_skip.c (the PE bound of a skip),
 * the statistics and the waveform read it.  Not an API. */
#ifndef SYS_PE_H
#define SYS_PE_H

#include <stdint.h>

#include "hmc_dispatch.h"
#include "mmio.h"
#include "pe.h"
#include "pe_runahead.h"
#include "sys.h"

/* A PE port tag's request in flight (sys_pe.c): tag 0 the blocking
 * requests, k + 1 MSHR k's fill (pe.h, pe.dmshrs > 1). */
typedef struct {
  int wait;              /* sent to the HMC, its response not yet polled */
  unsigned kind;         /* PE_OP_* or SYS_REQ_GRAB */
  uint32_t addr, val;    /* READ: address; LR/SC and grabs: the value to return */
  uint64_t seq;          /* acceptance order (pes' out-of-order count) */
} sys_pe_slot_t;

/* A response waiting for the PE's port (taken one an edge, earliest time first). */
typedef struct {
  unsigned tag;
  int fill;              /* a fill's answer (pim.pe_inval=written follows their landing with MSHRs) */
  uint32_t addr;         /* a fill's address */
  uint64_t t_ps, seq;
  uint32_t data[PE_MAX_LINE_BYTES / 4];
} sys_pe_resp_t;

#define SYS_PE_TAGS (PE_MAX_MSHRS + 1)
struct sys;

typedef struct {
  int running;           /* started and not yet reported halted */
  int start_pending, seen_run;
  uint32_t boot_pc, loop_id;
  hmc_grab_t grab;       /* the dispatcher's last answer (the PE_* registers) */
  int grab_unsent;       /* its work-counter AMO waits for the HMC to accept it */
  unsigned grab_tag;     /* the port tag of its last work grab (held by the invalidation unit) */
  unsigned wait_resp;    /* requests waiting for their HMC response (slots with wait) */
  unsigned resp_ready;   /* responses queued for the port (resp[0..resp_ready)) */
  uint64_t resp_t_ps;    /* the earliest time among them (sys.c's idle skip reads it) */
  sys_pe_slot_t slot[SYS_PE_TAGS]; /* by port tag */
  sys_pe_resp_t resp[SYS_PE_TAGS];
  uint64_t req_seq;      /* requests accepted that wait for a response */
  /* requests in flight (accepted, response not yet at the port): now, the
   * most, their sum over PE cycles up to inflight_t (a PE cycle), responses
   * that overtook an older request of the PE */
  unsigned inflight, inflight_max;
  uint64_t inflight_sum, inflight_t, ooo_resps;
  uint64_t retired, loads, stores, run_cycles, starts, reqs, grabs;
  uint64_t owed;         /* idle edges counted here, not yet applied to the C model (pe_skip) */
  uint64_t run_cycles_wide; /* of run_cycles, those while a wide launch was active */
  int ahead_set;         /* ahead below is decided (at the PE's first edge) */
  pe_runahead_t ahead;   /* the run-ahead window (sys_pe.c; ahead.pe NULL: stepped every edge) */
  pe_t *shadow;          /* sim.pe_runahead=2: the reference stepped beside it, compared every edge */
  /* lazy counting (sys_pe.c "Lazy PEs"): SYS_LAZY_WINDOW running ahead,
   * SYS_LAZY_IDLE idle; the edges from `from` on are not counted yet
   * (wide_from: pes.wide_edges at from) */
  int lazy;
  uint64_t from, wide_from;
  /* the windowed PE (sim.pe_window): the hook's system and PE number, its
   * requests sent through the window */
  struct sys *win_sys;
  unsigned win_id, win_bias_pct;
  uint64_t win_reqs;
} sys_pe_t;

enum { SYS_LAZY_NONE, SYS_LAZY_WINDOW, SYS_LAZY_IDLE };
/* Retirement calendar of the lazy windows: PE edges ahead, a power of two
 * above a window (PE_RUNAHEAD_WINDOW) and the edge it starts after. */
#define SYS_PE_CAL 1024u

typedef struct {
  sys_pe_t pe[SYS_MAX_PES];
  unsigned active;       /* PEs running or with a start pending */
  uint64_t t_ps;         /* time of the next PE edge */
  uint64_t cycle;        /* PE edges so far */
  /* lazy PEs (sys_pe.c): the edge at which each must be visited next (0:
   * every edge), the edges so far during a wide launch, and the
   * retirements of the lazy windows by edge (ret_cal[edge % SYS_PE_CAL],
   * cal_n in all), which keep the run's pe_insns counted at its edge */
  uint64_t due[SYS_MAX_PES];
  uint64_t wide_edges, cal_n;
  uint32_t ret_cal[SYS_PE_CAL];
  uint64_t resp_seen;    /* hmc_delivered() when the PE ports were last polled */
  uint64_t link_seen;    /* hmc_delivered() when sys_pe_side last drained the host links */
  uint64_t amos;         /* AMOs the PEs sent to the vaults */
  mmio_t *dev;           /* the PEs' MMIO page: console and exit (the host has its own, host.h) */
} sys_pes_t;

struct sys;

/* Makes the PE side's MMIO page and marks every PE not running; 0, or -1
 * out of memory.  sys_free calls sys_pe_free whether it ran or not. */
int sys_pe_new(struct sys *s);
/* Frees what sys_pe.c allocated for the PEs. */
void sys_pe_free(struct sys *s);
/* The dispatcher starts PE pe at boot_pc (taken at its next edge). */
void sys_pe_start(struct sys *s, unsigned pe, uint32_t boot_pc);
/* The PE edges up to this host cycle's time (with the HMC and the
 * dispatcher advanced to it), and the HMC responses for PEs handed over
 * since the last poll. */
void sys_pe_side(struct sys *s);
void sys_pe_responses(struct sys *s);
/* How many edges from the next one PE pe (running) needs no step for:
 * idle (pe_idle) or run ahead (pe_runahead.h); 0 none, UINT64_MAX until an
 * input changes.  The edge after them must be stepped. */
uint64_t sys_pe_unstepped(const struct sys *s, unsigned pe);
/* The PE edges up to time last_ps passed in a skip (each running PE's
 * edges needed no step, sys_pe_unstepped; no launch starts or ends in it):
 * counted, as their steps would have counted them, or gated. */
void sys_pe_skip_span(struct sys *s, uint64_t last_ps);
/* Counts the lazy PEs' edges up to pes.cycle (before statistics are read). */
void sys_pe_settle_all(struct sys *s);

#endif
