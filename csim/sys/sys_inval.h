/* PE caches that stay warm across launches (issue 32, pim.pe_inval):
 * the logic layer's invalidation unit.  docs/cosim.md "PE caches across
 * launches" describes the mechanism, docs/stats.md "pe_inval" its figures.
 *
 * pim.pe_inval = all (0): today's behaviour, the runtime's fence empties a
 * PE's D-cache at its first chunk of every launch; this unit does not exist.
 * pim.pe_inval = written (1): the PEs boot at _pe_start_warm (no fences) and
 * the logic layer keeps, per PE,
 *   - a duplicate of the PE D-cache's tags (the directory), kept from the
 *     PE's port: D-cache fills, its own AMOs, and the invalidations sent;
 *     with MSHRs (pe.dmshrs > 1), whose fills land in any order, a superset
 *     of them instead: pe.dmshrs more entries a set, a fill's entry pinned
 *     until its answer is taken, and a full set's victim sent a
 *     back-invalidation (an inclusive directory); the walk then waits for
 *     the PE's fills in flight, and sends the back-invalidations not yet
 *     sent first;
 *   - a write signature, a Bloom filter of the lines every other agent (a
 *     host core, another PE, a vault atomic) wrote since the PE's last
 *     launch boundary.
 * At a PE's first work grab of a launch (where the fence was), the unit
 * walks the directory, sends each line that hits the signature to the PE's
 * D-cache line-invalidate input (one per PE cycle) and holds the grab's
 * answer until the walk and the messages are done; then clears the
 * signature.  A Bloom filter has no false negatives, so no stale line is
 * kept; its false positives cost messages and misses, and are counted
 * against an exact record of the writes.
 *
 * A checker (always on under written): at every boundary, every directory
 * line the PE keeps must equal memory, else the run fails naming the PE,
 * the line and the launch.  pim.inval_drop = N (tests only) drops the N-th
 * message, a planted missing invalidation the checker must catch.
 *
 * Hooks, and only these, reach this unit: sys_new/sys_free and the
 * end-of-run check (sys.c), the PE port (sys_pe.c: every accepted request,
 * the work grab, the edge's inputs and the held answer), the shared
 * reservation set's write hook (csim/rv32/resv.h, every functional write)
 * and the statistics (sys_stats.c). */
#ifndef SYS_INVAL_H
#define SYS_INVAL_H

#include <stdint.h>
#include <stdio.h>

#include "host.h"
#include "pe.h"

/* What one core's launches cost in coherence so far (snapshots of its host
 * counters, charged to loops at its next launch and at the end). */
typedef struct {
  uint32_t last_loop;    /* loop of the core's last launch, 0: none yet */
  uint64_t wb_cycles, inv_cycles;
} sys_coh_core_t;

/* Coherence around PE launches, struct sys's coh (written by sys_inval.c
 * only): the lines the PEs write during a launch, which leave the host
 * caches when it is done, and what each core waited for coherence, charged
 * to the loops it launched (docs/stats.md "loops"). */
typedef struct {
  /* lines the PEs wrote during the running launch: a bit per line and
   * their list (the bits are cleared by the list at the launch's end) */
  uint64_t *wbits;
  uint32_t *wlist;
  size_t wn, wcap;
  uint64_t inv_lines;       /* lines dropped so far */
  uint32_t ticket_loop[64]; /* loop id of ticket t at [t % 64] (the dispatcher keeps <= 64 outstanding) */
  sys_coh_core_t core[HOST_MAX_CORES];
  uint64_t wb_lines_seen;   /* host pim_wb_lines already charged to loops */
} sys_coh_t;

struct sys;
typedef struct sys_inval sys_inval_t;

/* The written-line record for s->mem_bytes of memory; 0, or -1 out of
 * memory.  sys_coh_free frees it (whether made or not). */
int sys_coh_new(struct sys *s);
void sys_coh_free(struct sys *s);
/* A PE (or a PE's vault AMO) wrote addr's line: it leaves the host caches
 * at the launch's end. */
void sys_coh_written(struct sys *s, uint32_t addr);
/* Core launched loop id as ticket: its coherence cycles since its last
 * launch are charged (sys_coh_charge), the ticket remembers its loop. */
void sys_coh_launch(struct sys *s, unsigned core, uint32_t ticket, uint32_t id);
/* The launch of ticket is done: the lines its PEs wrote leave the host
 * caches, counted to its loop. */
void sys_coh_launch_done(struct sys *s, uint32_t ticket);
/* Charges a core's coherence cycles to loops at a launch of loop id (0: end of run). */
void sys_coh_charge(struct sys *s, unsigned core, uint32_t id);

/* Under pim.pe_inval = written (or pim.inval_stats = 1): creates s->inval,
 * points the PEs' boot pc at _pe_start_warm (written) and hooks every
 * functional write.  0, or -1 and one line in err. */
int sys_inval_new(struct sys *s, const char *elf, char *err, size_t cap);
void sys_inval_free(sys_inval_t *u);

/* An accepted PE request (sys_pe.c pe_request, before its write lands in
 * the reservation set): fills and AMOs keep the directory, writes the
 * checker's copy of a line the PE keeps. */
void sys_inval_req(struct sys *s, unsigned pe, const pe_out_t *o);
/* With pe.dmshrs > 1: the PE took the answer of its D-cache fill of a (its
 * line's directory entry is no longer pinned). */
void sys_inval_fill_done(struct sys *s, unsigned pe, uint32_t a);
/* A work grab that the dispatcher answered with a chunk of ticket: the
 * launch boundary when the ticket is new to this PE (with MSHRs, once the
 * PE's fills in flight have landed). */
void sys_inval_grab(struct sys *s, unsigned pe, uint32_t ticket);
/* This edge's line invalidation, if any, into in; 1 while the PE's work
 * grab answer must wait (invalidations or the directory walk left, or the
 * walk waiting for fills); the PE's other answers do not wait. */
int sys_inval_edge(struct sys *s, unsigned pe, pe_in_t *in);
/* 1 while the PE has invalidations or walk cycles left, or a walk waits
 * (its edges must be stepped, not skipped). */
int sys_inval_busy(const struct sys *s, unsigned pe);
/* End of the run: the checker over every PE (lines not written since its
 * last boundary must equal memory).  0, or -1 with sys_fail. */
int sys_inval_finish(struct sys *s);

/* Statistics: the value of the JSON member "pe_inval" (docs/stats.md; the
 * statistics table writes its key), the energy the
 * mechanism adds (pJ, part of energy_pj.hmc_logic), and whether a parameter
 * is left out of the JSON's params (the pim.pe_inval rows while the unit
 * is off, so a default run's file stays as it was). */
void sys_inval_json(const struct sys *s, FILE *f);
double sys_inval_energy_pj(const struct sys *s);
int sys_inval_param_hidden(const struct sys *s, const char *name);

#endif
