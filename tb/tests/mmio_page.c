/* mmio_page: the one MMIO page device model (csim/rv32/mmio.h) that the
 * host, the functional simulator and the system's PE ports share behaves as
 * documented: 32-bit accesses only, non-registers fault, the PE work
 * registers answer only PEs (and only through the hook), CYCLE_LO latches
 * the clock's upper half, the simulator registers reach the store hook with
 * their agent, the console keeps every byte and the first EXIT wins. */
#include <string.h>

#include "../../sw/include/copim_mmio.h"
#include "mmio.h"
#include "tb.h"
#include "tb_fst.h"

typedef struct {
  uint64_t clock;
  unsigned stores, pe_loads;
  int last_agent;
  uint32_t last_off, last_v;
} dev_t;

static uint64_t d_clock(void *ctx) { return ((dev_t *)ctx)->clock; }

static int d_store(void *ctx, int agent, uint32_t off, uint32_t v) {
  dev_t *d = ctx;
  d->stores++;
  d->last_agent = agent;
  d->last_off = off;
  d->last_v = v;
  return off == COPIM_MMIO_LOOP_NAME && v == 0 ? -1 : 0; /* a NULL name faults, as the host's does */
}

static int d_pe_load(void *ctx, unsigned pe, uint32_t off, uint32_t *v) {
  dev_t *d = ctx;
  d->pe_loads++;
  *v = 0x1000u * pe + off;
  return 0;
}

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "mmio_page", 1);
  tb_fst_t *w = tb_fst_open(t.waves, "mmio_page");
  const int v_step = tb_fst_var(w, "step", 8), v_fail = tb_fst_var(w, "failures", 16);
  dev_t d;
  memset(&d, 0, sizeof d);
  const mmio_cfg_t cfg = {4, 16, 0};
  const mmio_hooks_t hk = {&d, d_clock, d_store, d_pe_load};
  mmio_t *m = mmio_new(&cfg, &hk);
  if (!m) {
    tb_fail(&t, "mmio_new failed\n");
    return tb_finish(&t);
  }
  uint32_t v = 0;
  unsigned step = 0;
#define STEP()                                                                                                         \
  do {                                                                                                                 \
    tb_fst_time(w, ++step);                                                                                            \
    tb_fst_set(w, v_step, step);                                                                                       \
    tb_fst_set(w, v_fail, t.failures);                                                                                 \
  } while (0)
  /* page bounds */
  tb_expect_u64(&t, "page base", mmio_is_page(COPIM_MMIO_BASE), 1);
  tb_expect_u64(&t, "page last word", mmio_is_page(COPIM_MMIO_BASE + 0xFFC), 1);
  tb_expect_u64(&t, "past the page", mmio_is_page(COPIM_MMIO_BASE + 0x1000), 0);
  tb_expect_u64(&t, "below the page", mmio_is_page(COPIM_MMIO_BASE - 4), 0);
  STEP();
  /* identity registers, for every agent; sub-word accesses fault */
  tb_expect_u64(&t, "NUM_HARTS rc", mmio_read(m, MMIO_HOST, COPIM_MMIO_NUM_HARTS, 4, &v), 0);
  tb_expect_u64(&t, "NUM_HARTS", v, 4);
  tb_expect_u64(&t, "NUM_PES rc (PE 3)", mmio_read(m, 3, COPIM_MMIO_NUM_PES, 4, &v), 0);
  tb_expect_u64(&t, "NUM_PES", v, 16);
  tb_expect_u64(&t, "byte read faults", mmio_read(m, MMIO_HOST, COPIM_MMIO_NUM_HARTS, 1, &v) != 0, 1);
  tb_expect_u64(&t, "half write faults", mmio_write(m, MMIO_HOST, COPIM_MMIO_CONSOLE, 2, 'x') != 0, 1);
  tb_expect_u64(&t, "non-register read faults", mmio_read(m, MMIO_HOST, 0x0FC, 4, &v) != 0, 1);
  tb_expect_u64(&t, "non-register write faults", mmio_write(m, 2, 0x0FC, 4, 1) != 0, 1);
  tb_expect_u64(&t, "CONSOLE is not readable", mmio_read(m, MMIO_HOST, COPIM_MMIO_CONSOLE, 4, &v) != 0, 1);
  tb_expect_u64(&t, "NUM_PES is not writable", mmio_write(m, MMIO_HOST, COPIM_MMIO_NUM_PES, 4, 1) != 0, 1);
  STEP();
  /* CYCLE_LO latches the upper half that CYCLE_HI returns */
  d.clock = 0x0000000500000007ull;
  mmio_read(m, MMIO_HOST, COPIM_MMIO_CYCLE_LO, 4, &v);
  tb_expect_u64(&t, "CYCLE_LO", v, 7);
  d.clock = 0x00000006FFFFFFFFull;
  mmio_read(m, MMIO_HOST, COPIM_MMIO_CYCLE_HI, 4, &v);
  tb_expect_u64(&t, "CYCLE_HI latched at the CYCLE_LO read", v, 5);
  STEP();
  /* PE work registers: PEs only, through the hook */
  tb_expect_u64(&t, "host reads PE_ENTRY: fault", mmio_read(m, MMIO_HOST, COPIM_MMIO_PE_ENTRY, 4, &v) != 0, 1);
  tb_expect_u64(&t, "pe_load calls after a host read", d.pe_loads, 0);
  tb_expect_u64(&t, "PE 2 reads PE_HI rc", mmio_read(m, 2, COPIM_MMIO_PE_HI, 4, &v), 0);
  tb_expect_u64(&t, "PE 2 PE_HI", v, 0x2000u + COPIM_MMIO_PE_HI);
  tb_expect_u64(&t, "PE_HI is not writable", mmio_write(m, 2, COPIM_MMIO_PE_HI, 4, 1) != 0, 1);
  STEP();
  /* simulator registers go to the store hook with their agent */
  tb_expect_u64(&t, "KERNEL_MARK rc", mmio_write(m, MMIO_HOST, COPIM_MMIO_KERNEL_MARK, 4, COPIM_KERNEL_START), 0);
  tb_expect_u64(&t, "store hook agent", (uint64_t)(int64_t)d.last_agent, (uint64_t)(int64_t)MMIO_HOST);
  tb_expect_u64(&t, "store hook offset", d.last_off, COPIM_MMIO_KERNEL_MARK);
  mmio_write(m, 5, COPIM_MMIO_PIM_REGION_END, 4, 0x1234);
  tb_expect_u64(&t, "store hook agent (PE 5)", (uint64_t)d.last_agent, 5);
  tb_expect_u64(&t, "store hook value", d.last_v, 0x1234);
  tb_expect_u64(&t, "a hook's fault is the access's", mmio_write(m, MMIO_HOST, COPIM_MMIO_LOOP_NAME, 4, 0) != 0, 1);
  tb_expect_u64(&t, "store hook calls", d.stores, 3);
  STEP();
  /* console and exit */
  const char *msg = "ok\n";
  for (const char *p = msg; *p; p++) mmio_write(m, MMIO_HOST, COPIM_MMIO_CONSOLE, 4, 0x100u | (uint8_t)*p);
  tb_expect_u64(&t, "console", strcmp(mmio_console(m), msg), 0);
  uint32_t code = 99;
  int who = 99;
  tb_expect_u64(&t, "not exited yet", mmio_exited(m, &code, &who), 0);
  mmio_write(m, 7, COPIM_MMIO_EXIT, 4, 3);
  mmio_write(m, MMIO_HOST, COPIM_MMIO_EXIT, 4, 0);
  tb_expect_u64(&t, "exited", mmio_exited(m, &code, &who), 1);
  tb_expect_u64(&t, "first EXIT's code", code, 3);
  tb_expect_u64(&t, "first EXIT's agent", (uint64_t)who, 7);
  STEP();
  mmio_free(m);
  /* without hooks: simulator registers are taken and ignored, PE registers fault */
  const mmio_hooks_t none = {&d, d_clock, NULL, NULL};
  m = mmio_new(&cfg, &none);
  tb_expect_u64(&t, "no store hook: taken", m && !mmio_write(m, 1, COPIM_MMIO_KERNEL_MARK, 4, 1), 1);
  tb_expect_u64(&t, "no pe_load hook: fault", m && mmio_read(m, 1, COPIM_MMIO_PE_LO, 4, &v) != 0, 1);
  mmio_free(m);
  STEP();
  tb_fst_close(w);
  return tb_finish(&t);
}
