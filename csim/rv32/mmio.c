/* The MMIO page device model (mmio.h). */
#include "mmio.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../sw/include/copim_mmio.h"

#define MMIO_CONSOLE_MAX (64u << 20)

struct mmio {
  mmio_cfg_t cfg;
  mmio_hooks_t hk;
  char *con;
  size_t con_len, con_cap;
  int exited, exit_agent;
  uint32_t exit_code, cycle_hi;
};

mmio_t *mmio_new(const mmio_cfg_t *cfg, const mmio_hooks_t *hooks) {
  struct mmio *m = calloc(1, sizeof *m);
  if (!m) return NULL;
  m->cfg = *cfg;
  m->hk = *hooks;
  return m;
}

void mmio_free(mmio_t *m) {
  if (!m) return;
  free(m->con);
  free(m);
}

int mmio_is_page(uint32_t addr) { return addr >= COPIM_MMIO_BASE && addr - COPIM_MMIO_BASE < 0x1000u; }

/* A full console drops what does not fit rather than failing the program. */
static void con_put(struct mmio *m, char ch) {
  if (m->con_len + 2 > m->con_cap) {
    const size_t cap = m->con_cap ? m->con_cap * 2 : 4096;
    if (cap > MMIO_CONSOLE_MAX) return;
    char *x = realloc(m->con, cap);
    if (!x) return;
    m->con = x;
    m->con_cap = cap;
  }
  m->con[m->con_len++] = ch;
  m->con[m->con_len] = 0;
  if (m->cfg.echo) fputc(ch, stdout);
}

int mmio_read(mmio_t *m, int agent, uint32_t off, unsigned size, uint32_t *v) {
  if (size != 4) return -1;
  switch (off) {
    case COPIM_MMIO_NUM_HARTS: *v = m->cfg.harts; return 0;
    case COPIM_MMIO_NUM_PES: *v = m->cfg.pes; return 0;
    case COPIM_MMIO_CYCLE_LO: {
      const uint64_t c = m->hk.clock(m->hk.ctx);
      m->cycle_hi = (uint32_t)(c >> 32);
      *v = (uint32_t)c;
      return 0;
    }
    case COPIM_MMIO_CYCLE_HI: *v = m->cycle_hi; return 0;
    case COPIM_MMIO_PE_GRAB:
    case COPIM_MMIO_PE_ENTRY:
    case COPIM_MMIO_PE_ARG:
    case COPIM_MMIO_PE_LO:
    case COPIM_MMIO_PE_HI:
    case COPIM_MMIO_PE_TICKET:
      if (agent == MMIO_HOST || !m->hk.pe_load) return -1;
      return m->hk.pe_load(m->hk.ctx, (unsigned)agent, off, v);
    default: return -1;
  }
}

int mmio_write(mmio_t *m, int agent, uint32_t off, unsigned size, uint32_t v) {
  if (size != 4) return -1;
  switch (off) {
    case COPIM_MMIO_CONSOLE: con_put(m, (char)(v & 0xff)); return 0;
    case COPIM_MMIO_EXIT:
      if (!m->exited) {
        m->exited = 1;
        m->exit_code = v;
        m->exit_agent = agent;
      }
      return 0;
    case COPIM_MMIO_KERNEL_MARK:
    case COPIM_MMIO_PIM_REGION_BASE:
    case COPIM_MMIO_PIM_REGION_END:
    case COPIM_MMIO_LOOP_NAME: return m->hk.store ? m->hk.store(m->hk.ctx, agent, off, v) : 0;
    default: return -1;
  }
}

const char *mmio_console(const mmio_t *m) { return m->con ? m->con : ""; }

int mmio_exited(const mmio_t *m, uint32_t *code, int *agent) {
  if (code) *code = m->exit_code;
  if (agent) *agent = m->exit_agent;
  return m->exited;
}

int mmio_kernel_mark(int k, uint32_t v) {
  if (v == COPIM_KERNEL_START && k == 0) return 1;
  if (v == COPIM_KERNEL_END && k == 1) return 2;
  return k;
}

int mmio_loop_name(const char *text, unsigned *id, const char **name) {
  const char *colon = strchr(text, ':');
  if (!colon) return -1;
  const unsigned long n = strtoul(text, NULL, 10);
  *id = n > UINT_MAX ? UINT_MAX : (unsigned)n;
  *name = colon + 1;
  return 0;
}
