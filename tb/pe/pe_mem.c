#include "pe_mem.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "le.h"

#define PAGE_BITS 12
#define NPAGES (1u << (31 - PAGE_BITS)) /* 0 .. 0x7FFF_FFFF */
#define MMIO_BASE 0xF0000000u
#define CONSOLE_MAX 65536

struct pe_mem {
  pe_mem_timing_t tm;
  tb_rng_t rng;
  uint8_t **page;
  /* responses on their way, each with its request's tag and due cycle */
  struct {
    int valid;
    unsigned tag;
    uint64_t due;
    uint32_t data[PE_MAX_LINE_BYTES / 4];
  } slot[PE_MEM_SLOTS];
  unsigned pending;
  int resv_valid;
  uint32_t resv_addr;
  int exited, err;
  uint32_t exit_code;
  char *console;
  unsigned console_len;
  uint64_t cycle;
  /* symbols of the last ELF */
  char *strtab;
  uint8_t *symtab;
  unsigned nsyms;
};

pe_mem_t *pe_mem_new(const pe_mem_timing_t *tm, uint64_t seed) {
  pe_mem_t *m = calloc(1, sizeof *m);
  if (!m) return NULL;
  m->tm = *tm;
  if (m->tm.lat_min < 1) m->tm.lat_min = 1;
  if (m->tm.lat_max < m->tm.lat_min) m->tm.lat_max = m->tm.lat_min;
  if (!m->tm.ready_den) m->tm.ready_num = m->tm.ready_den = 1;
  tb_rng_seed(&m->rng, seed);
  m->page = calloc(NPAGES, sizeof *m->page);
  m->console = calloc(CONSOLE_MAX + 1, 1);
  if (!m->page || !m->console) {
    pe_mem_free(m);
    return NULL;
  }
  return m;
}

void pe_mem_free(pe_mem_t *m) {
  if (!m) return;
  if (m->page)
    for (unsigned i = 0; i < NPAGES; i++) free(m->page[i]);
  free(m->page);
  free(m->console);
  free(m->strtab);
  free(m->symtab);
  free(m);
}

static uint8_t *byte_ptr(pe_mem_t *m, uint32_t addr) {
  if (addr < 0x1000u || addr >= 0x80000000u) return NULL;
  uint8_t **pg = &m->page[addr >> PAGE_BITS];
  if (!*pg) *pg = calloc(1u << PAGE_BITS, 1);
  return *pg ? *pg + (addr & ((1u << PAGE_BITS) - 1)) : NULL;
}

int pe_mem_read(pe_mem_t *m, uint32_t addr, unsigned size, uint32_t *v) {
  uint32_t x = 0;
  for (unsigned i = 0; i < size; i++) {
    uint8_t *b = byte_ptr(m, addr + i);
    if (!b) return -1;
    x |= (uint32_t)*b << (8 * i);
  }
  *v = x;
  return 0;
}

int pe_mem_write(pe_mem_t *m, uint32_t addr, unsigned size, uint32_t v) {
  for (unsigned i = 0; i < size; i++) {
    uint8_t *b = byte_ptr(m, addr + i);
    if (!b) return -1;
    *b = (uint8_t)(v >> (8 * i));
  }
  return 0;
}

static void fault(pe_mem_t *m, const char *what, uint32_t addr) {
  if (!m->err) printf("pe_mem: %s at 0x%08x outside memory (cycle %llu)\n", what, addr, (unsigned long long)m->cycle);
  m->err = 1;
}

static uint32_t mmio_read(pe_mem_t *m, uint32_t addr) {
  switch (addr - MMIO_BASE) {
    case 0x008: return 1;
    case 0x00C: return 1;
    case 0x010: return (uint32_t)m->cycle;
    case 0x014: return (uint32_t)(m->cycle >> 32);
    default: return 0;
  }
}

static void mmio_write(pe_mem_t *m, uint32_t addr, uint32_t wdata, unsigned be) {
  const uint32_t off = addr - MMIO_BASE;
  if (off == 0x000 && (be & 1)) {
    if (m->console_len < CONSOLE_MAX) m->console[m->console_len++] = (char)(wdata & 0xff);
  } else if (off == 0x004 && be == 0xF) {
    if (!m->exited) m->exit_code = wdata;
    m->exited = 1;
  }
}

void pe_mem_cycle(pe_mem_t *m, const pe_out_t *o, pe_in_t *in, uint64_t cycle) {
  m->cycle = cycle;
  in->mem_resp_valid = 0;
  in->mem_resp_tag = 0;
  /* of the responses due, the one due first (ties: the lowest slot): with
   * random latencies, responses overtake each other */
  int pick = -1;
  for (unsigned i = 0; i < PE_MEM_SLOTS; i++)
    if (m->slot[i].valid && cycle >= m->slot[i].due && (pick < 0 || m->slot[i].due < m->slot[pick].due)) pick = (int)i;
  if (pick >= 0) {
    in->mem_resp_valid = 1;
    in->mem_resp_tag = m->slot[pick].tag;
    memcpy(in->mem_resp_data, m->slot[pick].data, sizeof m->slot[pick].data);
    m->slot[pick].valid = 0;
    m->pending--;
  }
  in->mem_req_ready = 0;
  if (!o->mem_req_valid || m->pending == PE_MEM_SLOTS) return;
  if (!tb_rng_chance(&m->rng, m->tm.ready_num, m->tm.ready_den)) return;
  in->mem_req_ready = 1;
  const uint32_t a = o->mem_req_addr;
  unsigned lat = m->tm.lat_min + (unsigned)tb_rng_below(&m->rng, m->tm.lat_max - m->tm.lat_min + 1);
  unsigned si = 0;
  while (m->slot[si].valid) si++;
  uint32_t *resp = m->slot[si].data;
  memset(resp, 0, sizeof m->slot[si].data);
  switch (o->mem_req_op) {
    case PE_OP_FILL:
      for (unsigned k = 0; k < m->tm.line_bytes / 4; k++)
        if (pe_mem_read(m, a + 4 * k, 4, &resp[k])) fault(m, "line fill", a);
      break;
    case PE_OP_READ:
      if (a >= MMIO_BASE) resp[0] = mmio_read(m, a);
      else if (pe_mem_read(m, a, 4, &resp[0])) fault(m, "read", a);
      break;
    case PE_OP_WRITE:
      if (a >= MMIO_BASE) mmio_write(m, a, o->mem_req_wdata, o->mem_req_be);
      else
        for (unsigned b = 0; b < 4; b++)
          if ((o->mem_req_be >> b) & 1)
            if (pe_mem_write(m, a + b, 1, o->mem_req_wdata >> (8 * b))) fault(m, "write", a);
      return; /* no response */
    default: { /* AMO */
      uint32_t old = 0;
      if (pe_mem_read(m, a, 4, &old)) { fault(m, "amo", a); break; }
      if (o->mem_req_amo == RV32_AMO_LR) {
        m->resv_valid = 1;
        m->resv_addr = a;
        resp[0] = old;
      } else if (o->mem_req_amo == RV32_AMO_SC) {
        const int ok = m->resv_valid && m->resv_addr == a;
        if (ok) pe_mem_write(m, a, 4, o->mem_req_wdata);
        m->resv_valid = 0;
        resp[0] = ok ? 0 : 1;
      } else {
        pe_mem_write(m, a, 4, rv32_amo_apply(o->mem_req_amo, old, o->mem_req_wdata));
        resp[0] = old;
      }
      break;
    }
  }
  m->slot[si].valid = 1;
  m->slot[si].tag = o->mem_req_tag;
  m->slot[si].due = cycle + lat;
  m->pending++;
}

int pe_mem_exited(const pe_mem_t *m, uint32_t *code) {
  if (code) *code = m->exit_code;
  return m->exited;
}
int pe_mem_error(const pe_mem_t *m) { return m->err; }
const char *pe_mem_console(const pe_mem_t *m) { return m->console; }

/* ---- ELF32 loader ---- */

int pe_mem_load_elf(pe_mem_t *m, const char *path, uint32_t *entry) {
  FILE *f = fopen(path, "rb");
  if (!f) { printf("%s: cannot open\n", path); return -1; }
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  uint8_t *buf = malloc(n > 0 ? (size_t)n : 1);
  if (!buf || n < 52 || fread(buf, 1, (size_t)n, f) != (size_t)n) {
    printf("%s: too short or unreadable for an ELF file\n", path);
    fclose(f); free(buf); return -1;
  }
  fclose(f);
  int rc = -1;
  if (memcmp(buf, "\177ELF", 4)) { printf("%s: not an ELF file\n", path); goto out; }
  if (buf[4] != 1 || buf[5] != 1 || le_ld16(buf + 18) != 243) {
    printf("%s: not a little-endian RV32 ELF (class %u, data %u, machine %u)\n", path, buf[4], buf[5], le_ld16(buf + 18));
    goto out;
  }
  *entry = le_ld32(buf + 24);
  const uint32_t phoff = le_ld32(buf + 28), shoff = le_ld32(buf + 32);
  const unsigned phnum = le_ld16(buf + 44), shnum = le_ld16(buf + 48), phent = le_ld16(buf + 42), shent = le_ld16(buf + 46);
  for (unsigned i = 0; i < phnum; i++) {
    const uint8_t *ph = buf + phoff + i * phent;
    if ((long)(phoff + (i + 1) * phent) > n) { printf("%s: program header %u beyond the file\n", path, i); goto out; }
    if (le_ld32(ph) != 1) continue; /* PT_LOAD */
    const uint32_t off = le_ld32(ph + 4), paddr = le_ld32(ph + 12), fsz = le_ld32(ph + 16), msz = le_ld32(ph + 20);
    if ((long)off + (long)fsz > n || fsz > msz) { printf("%s: segment %u out of the file\n", path, i); goto out; }
    for (uint32_t k = 0; k < msz; k++)
      if (pe_mem_write(m, paddr + k, 1, k < fsz ? buf[off + k] : 0)) {
        printf("%s: segment %u at 0x%08x outside memory\n", path, i, paddr + k);
        goto out;
      }
  }
  /* symbols */
  free(m->strtab); free(m->symtab);
  m->strtab = NULL; m->symtab = NULL; m->nsyms = 0;
  for (unsigned i = 0; i < shnum && (long)(shoff + (i + 1) * shent) <= n; i++) {
    const uint8_t *sh = buf + shoff + i * shent;
    if (le_ld32(sh + 4) != 2) continue; /* SHT_SYMTAB */
    const uint32_t off = le_ld32(sh + 16), sz = le_ld32(sh + 20), link = le_ld32(sh + 24);
    const uint8_t *ssh = buf + shoff + link * shent;
    const uint32_t soff = le_ld32(ssh + 16), ssz = le_ld32(ssh + 20);
    if ((long)(off + sz) > n || (long)(soff + ssz) > n) break;
    m->symtab = malloc(sz); m->strtab = malloc(ssz + 1);
    if (!m->symtab || !m->strtab) break;
    memcpy(m->symtab, buf + off, sz);
    memcpy(m->strtab, buf + soff, ssz);
    m->strtab[ssz] = 0;
    m->nsyms = sz / 16;
    break;
  }
  rc = 0;
out:
  free(buf);
  return rc;
}

int pe_mem_symbol(const pe_mem_t *m, const char *name, uint32_t *value) {
  for (unsigned i = 0; i < m->nsyms; i++) {
    const uint8_t *s = m->symtab + 16 * i;
    if (!strcmp(m->strtab + le_ld32(s), name)) { *value = le_ld32(s + 4); return 0; }
  }
  return -1;
}

/* ---- rv32 bus over the functional memory ---- */
static int bus_fetch(void *c, uint32_t a, uint32_t *v) { return a >= MMIO_BASE || pe_mem_read(c, a, 4, v); }
static int bus_load(void *c, uint32_t a, unsigned sz, uint32_t *v) {
  if (a >= MMIO_BASE) { *v = 0; return 0; }
  return pe_mem_read(c, a, sz, v);
}
static int bus_store(void *c, uint32_t a, unsigned sz, uint32_t v) {
  if (a >= MMIO_BASE) return 0;
  return pe_mem_write(c, a, sz, v);
}
static int bus_amo(void *c, unsigned f5, uint32_t a, uint32_t x, uint32_t *r) {
  pe_mem_t *m = c;
  uint32_t old;
  if (pe_mem_read(m, a, 4, &old)) return -1;
  if (f5 == RV32_AMO_LR) { m->resv_valid = 1; m->resv_addr = a; *r = old; return 0; }
  if (f5 == RV32_AMO_SC) {
    const int ok = m->resv_valid && m->resv_addr == a;
    if (ok) pe_mem_write(m, a, 4, x);
    m->resv_valid = 0;
    *r = ok ? 0 : 1;
    return 0;
  }
  pe_mem_write(m, a, 4, rv32_amo_apply(f5, old, x));
  *r = old;
  return 0;
}

void pe_mem_bus(pe_mem_t *m, rv32_bus_t *bus) {
  memset(bus, 0, sizeof *bus);
  bus->ctx = m;
  bus->fetch = bus_fetch;
  bus->load = bus_load;
  bus->store = bus_store;
  bus->amo = bus_amo;
}
