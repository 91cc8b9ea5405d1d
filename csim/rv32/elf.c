/* RV32 ELF loader (elf.h). */
#include "elf.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The ELF32 structures and constants used here, written out rather than
 * taken from the system's <elf.h>: with -Icsim that name is this unit's own
 * header. */
typedef struct {
  uint8_t e_ident[16];
  uint16_t e_type, e_machine;
  uint32_t e_version, e_entry, e_phoff, e_shoff, e_flags;
  uint16_t e_ehsize, e_phentsize, e_phnum, e_shentsize, e_shnum, e_shstrndx;
} Elf32_Ehdr;
typedef struct {
  uint32_t p_type, p_offset, p_vaddr, p_paddr, p_filesz, p_memsz, p_flags, p_align;
} Elf32_Phdr;
typedef struct {
  uint32_t sh_name, sh_type, sh_flags, sh_addr, sh_offset, sh_size, sh_link, sh_info, sh_addralign, sh_entsize;
} Elf32_Shdr;
typedef struct {
  uint32_t st_name, st_value, st_size;
  uint8_t st_info, st_other;
  uint16_t st_shndx;
} Elf32_Sym;
#define ELFMAG "\177ELF"
#define SELFMAG 4
#define EI_CLASS 4
#define EI_DATA 5
#define ELFCLASS32 1
#define ELFDATA2LSB 1
#define EM_RISCV 243
#define ET_EXEC 2
#define PT_LOAD 1
#define SHT_SYMTAB 2

struct elf {
  char path[256];
  uint8_t *b;
  size_t len;
  Elf32_Ehdr eh;
};

elf_t *elf_open(const char *path, char *err, size_t cap) {
  /* a directory would "open" with a size of LONG_MAX, a FIFO block forever */
  struct stat st;
  if (stat(path, &st)) {
    snprintf(err, cap, "%s:0: cannot open the ELF (%s)", path, strerror(errno));
    return NULL;
  }
  if (!S_ISREG(st.st_mode)) {
    snprintf(err, cap, "%s:0: the ELF is not a regular file", path);
    return NULL;
  }
  FILE *f = fopen(path, "rb");
  if (!f) {
    snprintf(err, cap, "%s:0: cannot open the ELF (%s)", path, strerror(errno));
    return NULL;
  }
  fseek(f, 0, SEEK_END);
  long len = ftell(f);
  fseek(f, 0, SEEK_SET);
  if (len < (long)sizeof(Elf32_Ehdr) || len > (64l << 20)) {
    fclose(f);
    snprintf(err, cap, "%s:0: not an RV32 ELF (size %ld)", path, len);
    return NULL;
  }
  elf_t *e = calloc(1, sizeof *e);
  uint8_t *b = malloc((size_t)len);
  if (!e || !b || fread(b, 1, (size_t)len, f) != (size_t)len) {
    fclose(f);
    free(b);
    free(e);
    snprintf(err, cap, "%s:0: cannot read the ELF", path);
    return NULL;
  }
  fclose(f);
  e->b = b;
  e->len = (size_t)len;
  snprintf(e->path, sizeof e->path, "%s", path);
  memcpy(&e->eh, b, sizeof e->eh);
  const Elf32_Ehdr *eh = &e->eh;
  if (memcmp(eh->e_ident, ELFMAG, SELFMAG) || eh->e_ident[EI_CLASS] != ELFCLASS32 ||
      eh->e_ident[EI_DATA] != ELFDATA2LSB || eh->e_machine != EM_RISCV || eh->e_type != ET_EXEC) {
    snprintf(err, cap, "%s:0: not an RV32 little-endian executable ELF", path);
    elf_free(e);
    return NULL;
  }
  if (eh->e_phentsize != sizeof(Elf32_Phdr) ||
      (uint64_t)eh->e_phoff + (uint64_t)eh->e_phnum * sizeof(Elf32_Phdr) > (uint64_t)len) {
    snprintf(err, cap, "%s:0: program headers outside the file", path);
    elf_free(e);
    return NULL;
  }
  return e;
}

void elf_free(elf_t *e) {
  if (!e) return;
  free(e->b);
  free(e);
}

uint32_t elf_entry(const elf_t *e) { return e->eh.e_entry; }

int elf_load(const elf_t *e, elf_write_fn wr, void *ctx, char *err, size_t cap) {
  const Elf32_Ehdr *eh = &e->eh;
  for (unsigned i = 0; i < eh->e_phnum; i++) {
    Elf32_Phdr ph;
    memcpy(&ph, e->b + eh->e_phoff + i * sizeof ph, sizeof ph);
    if (ph.p_type != PT_LOAD || !ph.p_memsz) continue;
    if ((uint64_t)ph.p_offset + ph.p_filesz > (uint64_t)e->len || ph.p_filesz > ph.p_memsz ||
        (uint64_t)ph.p_vaddr + ph.p_memsz > 0x100000000ull ||
        (ph.p_filesz && wr(ctx, ph.p_vaddr, e->b + ph.p_offset, ph.p_filesz)) ||
        (ph.p_memsz > ph.p_filesz && wr(ctx, ph.p_vaddr + ph.p_filesz, NULL, ph.p_memsz - ph.p_filesz))) {
      snprintf(err, cap, "%s:0: segment %u (0x%08x, %u bytes) outside the file or memory", e->path, i, ph.p_vaddr,
               ph.p_memsz);
      return -1;
    }
  }
  return 0;
}

int elf_symbol(const elf_t *e, const char *name, uint32_t *value) {
  uint32_t size;
  return elf_symbol_range(e, name, value, &size);
}

int elf_symbol_range(const elf_t *e, const char *name, uint32_t *value, uint32_t *size) {
  const Elf32_Ehdr *eh = &e->eh;
  if (eh->e_shentsize != sizeof(Elf32_Shdr) ||
      (uint64_t)eh->e_shoff + (uint64_t)eh->e_shnum * sizeof(Elf32_Shdr) > (uint64_t)e->len)
    return 0;
  for (unsigned i = 0; i < eh->e_shnum; i++) {
    Elf32_Shdr sh, st;
    memcpy(&sh, e->b + eh->e_shoff + i * sizeof sh, sizeof sh);
    if (sh.sh_type != SHT_SYMTAB || sh.sh_link >= eh->e_shnum) continue;
    memcpy(&st, e->b + eh->e_shoff + sh.sh_link * sizeof st, sizeof st);
    if ((uint64_t)sh.sh_offset + sh.sh_size > (uint64_t)e->len || (uint64_t)st.sh_offset + st.sh_size > (uint64_t)e->len)
      continue;
    for (uint32_t k = 0; k + sizeof(Elf32_Sym) <= sh.sh_size; k += sizeof(Elf32_Sym)) {
      Elf32_Sym sym;
      memcpy(&sym, e->b + sh.sh_offset + k, sizeof sym);
      if (sym.st_name >= st.sh_size) continue;
      const char *nm = (const char *)e->b + st.sh_offset + sym.st_name;
      size_t room = st.sh_size - sym.st_name;
      if (strnlen(nm, room) < room && !strcmp(nm, name)) {
        *value = sym.st_value;
        *size = sym.st_size;
        return 1;
      }
    }
  }
  return 0;
}

int elf_load_file(const char *path, elf_write_fn wr, void *ctx, uint32_t *entry, uint32_t *pe_start,
                  int *have_pe_start, char *err, size_t cap) {
  elf_t *e = elf_open(path, err, cap);
  if (!e) return -1;
  int rc = elf_load(e, wr, ctx, err, cap);
  if (!rc) {
    uint32_t v = 0;
    int have = elf_symbol(e, "_pe_start", &v);
    if (entry) *entry = elf_entry(e);
    if (pe_start) *pe_start = have ? v : 0;
    if (have_pe_start) *have_pe_start = have;
  }
  elf_free(e);
  return rc;
}
