/* PIM dispatcher in the HMC logic layer (SPEC sections 4 and 6,
 * docs/memory_map.md "PE start and mailbox", docs/hmc.md "Dispatcher").
 *
 * cp.pim.launch hands it an offload descriptor {entry, arg, first, end,
 * loop_id, flags}; it returns a ticket at once.  Launches run one at a
 * time, in ticket order, each on all PEs: the iteration range [first, end)
 * is split into contiguous chunks (PE p gets floor(n/P) iterations, plus one
 * if p < n mod P, in PE order), each PE's 32-byte mailbox is written in the
 * functional memory, and every PE is started through the system owner's
 * start() callback (boot pc, mailbox address).  The system reports each PE
 * halt (wfi) with hmc_dispatch_pe_halted(); when every PE of a launch has
 * halted its ticket is complete (done() callback, hmc_dispatch_done()), and
 * the next queued launch starts.  An empty range still starts every PE.
 *
 * The dispatcher does not depend on the PE model: start() is all it needs.
 * Times are picoseconds, as in hmc.h. */
#ifndef HMC_DISPATCH_H
#define HMC_DISPATCH_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
  unsigned num_pes;        /* 1..32, 16 */
  uint32_t mailbox_base;   /* 0x0F000000 */
  uint32_t mailbox_stride; /* 32 */
  uint32_t boot_pc;        /* address of _pe_start (from the ELF) */
  unsigned max_pending;    /* launches waiting behind the running one, 64 */
  uint64_t start_delay_ps; /* launch (or previous completion) -> PE starts, 0 */
} hmc_dispatch_cfg_t;

#define HMC_DISPATCH_CFG_DEFAULT                                                                             \
  ((hmc_dispatch_cfg_t){.num_pes = 16, .mailbox_base = 0x0F000000u, .mailbox_stride = 32, .boot_pc = 0x1000, \
                        .max_pending = 64, .start_delay_ps = 0})

typedef struct {
  uint32_t entry, arg, first, end, loop_id, flags;
} hmc_desc_t;

typedef struct {
  /* Start PE pe at boot_pc; its mailbox (already written) is at mailbox. */
  void (*start)(void *ctx, unsigned pe, uint32_t boot_pc, uint32_t mailbox, uint64_t t_ps);
  /* Optional: ticket completed (every PE of it halted) at t_ps. */
  void (*done)(void *ctx, uint32_t ticket, uint64_t t_ps);
  void *ctx;
} hmc_dispatch_ops_t;

typedef struct {
  uint64_t launches, completed, iterations, pe_starts;
  uint64_t busy_ps; /* sum over launches of start -> completion */
} hmc_dispatch_stats_t;

typedef struct hmc_dispatch hmc_dispatch_t;

/* NULL and one line on stderr if cfg is out of range or the mailboxes do
 * not fit in mem. */
hmc_dispatch_t *hmc_dispatch_new(const hmc_dispatch_cfg_t *cfg, const hmc_dispatch_ops_t *ops, uint8_t *mem,
                                 size_t mem_bytes);
void hmc_dispatch_free(hmc_dispatch_t *d);

/* cp.pim.launch: reads the descriptor at desc_addr from the functional
 * memory.  Returns HMC_OK (0) and *ticket (1, 2, 3...), HMC_STALL (1) when
 * max_pending launches already wait, HMC_EADDR (-2) for a descriptor outside
 * memory, HMC_EINVAL (-1) for end - first > 2^31 (a corrupt descriptor). */
int hmc_dispatch_launch(hmc_dispatch_t *d, uint32_t desc_addr, uint64_t now_ps, uint32_t *ticket);
/* The same with the descriptor given directly. */
int hmc_dispatch_launch_desc(hmc_dispatch_t *d, const hmc_desc_t *desc, uint64_t now_ps, uint32_t *ticket);
/* Starts the next launch once its time has come (start_delay_ps). */
void hmc_dispatch_advance(hmc_dispatch_t *d, uint64_t now_ps);
/* PE pe executed wfi.  HMC_EINVAL (and one line) if it was not running. */
int hmc_dispatch_pe_halted(hmc_dispatch_t *d, unsigned pe, uint64_t now_ps);
/* cp.pim.wait: 1 when ticket has completed, 0 while pending, -1 unknown. */
int hmc_dispatch_done(const hmc_dispatch_t *d, uint32_t ticket);
/* Bitmap of PEs running now. */
uint64_t hmc_dispatch_running(const hmc_dispatch_t *d);
void hmc_dispatch_stats(const hmc_dispatch_t *d, hmc_dispatch_stats_t *s);
/* The split: PE pe's chunk [*lo, *hi) of [first, end) over num_pes. */
void hmc_dispatch_split(uint32_t first, uint32_t end, unsigned num_pes, unsigned pe, uint32_t *lo, uint32_t *hi);

#endif
