/* RV32 runtime (see rt.h). */
#include "rt.h"

/* barrier state: all in .bss, cleared by hart 0 before anyone runs */
static volatile uint32_t rt_bar_count;
static volatile uint32_t rt_bar_sense;
static uint32_t rt_local_sense[RT_MAX_HARTS];
static uint32_t rt_prop_lo, rt_prop_top, rt_prop_end;

int main(void);

#ifndef RT_NAIVE
/* the executors' contexts (rt.h): 4 KiB-aligned so PE p's block is in vault
 * p; in .rt_locals, which sw/rt/link.ld puts last in .bss so that the
 * kernels' small data stays within reach of gp (a register more in a body
 * that reduces would make it save registers on the stack) */
struct rt_local rt_locals[RT_MAX_PES + RT_MAX_HARTS] __attribute__((aligned(4096), section(".rt_locals")));
_Static_assert(sizeof(struct rt_local) == 128 && RT_MAX_PES == 32, "crt0.S sets tp from these");

void rt_qbuf_flush(struct rt_local *l) {
  const uint32_t n = l->q_len;
  if (!n) return;
  uint32_t *to = l->q_base + rt_amoadd(l->q_cnt, n);
  for (uint32_t i = 0; i < n; i++) to[i] = l->q[i];
  l->q_len = 0;
}

void rt_local_flush(void) {
  struct rt_local *l = rt_local();
  for (uint32_t i = 0; i < RT_LOCAL_RED; i++) {
    const uint32_t k = l->red_key[i], v = l->red_val[i];
    if (!k) continue;
    volatile uint32_t *p = (volatile uint32_t *)(uintptr_t)(k & ~3u);
    if ((k & 3) == RT_RED_ADD) {
      if (v) rt_amoadd_nr(p, v);
    } else if ((k & 3) == RT_RED_MIN) {
      rt_amominu_nr(p, v);
    } else {
      *p = 1;
    }
    l->red_key[i] = 0;
  }
  rt_qbuf_flush(l);
}
#define RT_CHUNK_END() rt_local_flush()
#else
#define RT_CHUNK_END() ((void)0)
#endif

uint32_t rt_nharts(void) { return *rt_mmio(COPIM_MMIO_NUM_HARTS); }

void rt_barrier(void) {
  uint32_t h = rt_hartid(), n = rt_nharts();
  uint32_t s = rt_local_sense[h] ^ 1;
  rt_local_sense[h] = s;
  if (rt_amoadd(&rt_bar_count, 1) == n - 1) {
    rt_bar_count = 0;
    rt_amoswap(&rt_bar_sense, s);
  } else {
    /* Zawrs: reserve the sense word, then sleep until another hart's store
     * to it (the release) breaks the reservation; no spinning */
    while (rt_lr(&rt_bar_sense) != s) rt_wrs_nto();
  }
  __asm__ volatile("fence rw, rw" ::: "memory");
}

#ifdef RT_BALANCE_EDGES
#include "../kernels/loops.h"
/* The edge-balanced host partition (`make sw-balanced`, build/sw-balanced/;
 * docs/results.md "The host's partition"): a loop that walks every vertex's
 * edges is cut at equal shares of degree + 1 (out-degree; in-degree for pull
 * PageRank's) instead of equal numbers of vertices, so a graph whose edges
 * crowd into low ids (crawl order, rmatl) does not leave most of every pass
 * to hart 0 while the others wait at the barrier.  Loops whose work is one
 * step a vertex keep the vertex blocks.  The default build keeps GraphBIG's
 * static vertex blocks everywhere, cycle for cycle. */
static uint32_t rt_cut(uint32_t loop_id, uint32_t part, uint32_t parts, uint32_t lo, uint32_t hi) {
  const struct graph_image *g = (const struct graph_image *)GRAPH_IMAGE_BASE;
  uint32_t csr = 0;
  switch (loop_id) {
    case LOOP_SSSP_RELAX: case LOOP_PRP_PUSH: case LOOP_DC_COUNT: case LOOP_CC_PROP: csr = g->out_offsets; break;
    case LOOP_PR_PULL: csr = g->in_offsets; break;
    default: break;
  }
  if (!csr || lo != 0 || hi != g->num_vertices) { /* the vertex blocks */
    uint32_t total = hi > lo ? hi - lo : 0, chunk = total / parts + (total % parts != 0);
    return lo + (part * chunk < total ? part * chunk : total);
  }
  const uint32_t *off = (const uint32_t *)csr;
  uint64_t goal = ((uint64_t)off[hi] + hi) * part / parts;
  uint32_t a = 0, b = hi; /* the first v with off[v] + v >= goal */
  while (a < b) {
    uint32_t m = a + (b - a) / 2;
    if ((uint64_t)off[m] + m < goal) a = m + 1;
    else b = m;
  }
  return a;
}
#endif

void rt_parallel_for(uint32_t loop_id, uint32_t lo, uint32_t hi, copim_body_fn body, void *arg,
                     const volatile void *prim) {
  uint32_t h = rt_hartid(), n = rt_nharts();
#ifdef RT_BALANCE_EDGES
  uint32_t a = rt_cut(loop_id, h, n, lo, hi), b = rt_cut(loop_id, h + 1, n, lo, hi);
#else
  uint32_t total = hi > lo ? hi - lo : 0;
  uint32_t chunk = total / n + (total % n != 0);
  uint32_t a = lo + (h * chunk < total ? h * chunk : total);
  uint32_t b = lo + ((h + 1) * chunk < total ? (h + 1) * chunk : total);
#endif
  COPIM_FOR(loop_id, a, b, body, arg, prim);
  RT_CHUNK_END();
  rt_barrier();
}

void rt_putc(char c) { *rt_mmio(COPIM_MMIO_CONSOLE) = (uint8_t)c; }

void rt_puts(const char *s) {
  while (*s) rt_putc(*s++);
}

void rt_putu(uint32_t v) {
  char b[11];
  int i = 0;
  do {
    b[i++] = (char)('0' + v % 10);
    v /= 10;
  } while (v);
  while (i) rt_putc(b[--i]);
}

void rt_puthex(uint32_t v) {
  rt_puts("0x");
  for (int s = 28; s >= 0; s -= 4) rt_putc("0123456789abcdef"[(v >> s) & 15]);
}

void rt_exit(uint32_t code) {
  *rt_mmio(COPIM_MMIO_EXIT) = code;
  for (;;) __asm__ volatile("wfi");
}

void rt_kernel_mark(uint32_t what) { *rt_mmio(COPIM_MMIO_KERNEL_MARK) = what; }

static void rt_prop_report(void) {
  *rt_mmio(COPIM_MMIO_PIM_REGION_BASE) = rt_prop_lo;
  *rt_mmio(COPIM_MMIO_PIM_REGION_END) = rt_prop_top;
}

void rt_prop_init(const struct graph_image *g) {
  rt_prop_lo = g->prop_base;
  rt_prop_top = g->heap_base;
  rt_prop_end = g->heap_end;
  rt_prop_report();
}

void *rt_prop_alloc(uint32_t bytes) {
  uint32_t p = (rt_prop_top + 63) & ~63u;
  if (p < rt_prop_top || p > rt_prop_end || rt_prop_end - p < bytes) {
    rt_puts("rt: property heap exhausted\n");
    rt_exit(3);
  }
  rt_prop_top = p + bytes;
  rt_prop_report();
  return (void *)p;
}

void rt_loop_name(const char *s) { *rt_mmio(COPIM_MMIO_LOOP_NAME) = (uint32_t)s; }

struct graph_image *rt_graph(uint32_t kernel) {
  struct graph_image *g = (struct graph_image *)GRAPH_IMAGE_BASE;
  if (g->magic != GRAPH_IMAGE_MAGIC || g->version != GRAPH_IMAGE_VERSION ||
      g->header_bytes != sizeof(struct graph_image)) {
    rt_puts("rt: no graph image at ");
    rt_puthex(GRAPH_IMAGE_BASE);
    rt_puts(" (magic ");
    rt_puthex(g->magic);
    rt_puts(")\n");
    rt_exit(2);
  }
  if (g->kernel != kernel) {
    rt_puts("rt: the image asks for kernel ");
    rt_putu(g->kernel);
    rt_puts(", this program is kernel ");
    rt_putu(kernel);
    rt_puts("\n");
    rt_exit(2);
  }
  return g;
}

/* crt0: every host hart, after .bss is clear. */
void rt_host_main(uint32_t hartid) {
  int rc = main();
  rt_barrier();
  if (hartid == 0) rt_exit((uint32_t)rc);
}

/* crt0: a PE started by the dispatcher grabs chunks until there is no work
 * left, then wfi.  A chunk of a launch it has not worked on yet comes after
 * that launch's host write-back: fence (SPEC: fence invalidates the PE
 * D-cache) before touching its data. */
void rt_pe_main(uint32_t pe) {
  (void)pe;
  uint32_t last = 0;
  while (*rt_mmio(COPIM_MMIO_PE_GRAB)) {
    const uint32_t t = *rt_mmio(COPIM_MMIO_PE_TICKET);
    if (t != last) {
      __asm__ volatile("fence rw, rw" ::: "memory");
      last = t;
    }
    copim_body_fn fn = (copim_body_fn)*rt_mmio(COPIM_MMIO_PE_ENTRY);
    void *arg = (void *)*rt_mmio(COPIM_MMIO_PE_ARG);
    const uint32_t hi = *rt_mmio(COPIM_MMIO_PE_HI);
    for (uint32_t i = *rt_mmio(COPIM_MMIO_PE_LO); i < hi; i++) fn(i, arg);
    RT_CHUNK_END();
  }
  __asm__ volatile("fence rw, rw" ::: "memory");
}

/* rt_pe_main without its fences, for pim.pe_inval=written: there the
 * system keeps the PE D-cache coherent across launches by invalidating, at
 * a PE's first chunk of each launch, the lines written since the PE last
 * saw them (docs/cosim.md "PE caches across launches").  In the .pe_warm
 * section (after .bss, sw/rt/link.ld) so the default image does not move. */
__attribute__((section(".pe_warm"))) void rt_pe_main_warm(uint32_t pe) {
  (void)pe;
  while (*rt_mmio(COPIM_MMIO_PE_GRAB)) {
    copim_body_fn fn = (copim_body_fn)*rt_mmio(COPIM_MMIO_PE_ENTRY);
    void *arg = (void *)*rt_mmio(COPIM_MMIO_PE_ARG);
    const uint32_t hi = *rt_mmio(COPIM_MMIO_PE_HI);
    for (uint32_t i = *rt_mmio(COPIM_MMIO_PE_LO); i < hi; i++) fn(i, arg);
    RT_CHUNK_END();
  }
}

void rt_trap(uint32_t cause, uint32_t epc, uint32_t tval) {
  rt_puts("rt: trap mcause=");
  rt_putu(cause);
  rt_puts(" mepc=");
  rt_puthex(epc);
  rt_puts(" mtval=");
  rt_puthex(tval);
  rt_puts(" hart=");
  rt_puthex(rt_hartid());
  rt_puts("\n");
  rt_exit(128 + (cause & 63));
}
