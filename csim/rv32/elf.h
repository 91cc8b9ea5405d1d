/* RV32 ELF loader shared by the system models (host, functional system,
 * co-simulation): reads a little-endian RV32 executable, copies its PT_LOAD
 * segments into the caller's memory through a write callback and looks up
 * symbols (_pe_start, the PEs' boot pc).
 *
 * Errors are one line "file:0: why" in err (no trailing newline): a file
 * that cannot be opened or read, anything but an ELFCLASS32 little-endian
 * EM_RISCV ET_EXEC file, program headers outside the file, or a segment the
 * write callback refuses. */
#ifndef ELF_H
#define ELF_H

#include <stddef.h>
#include <stdint.h>

/* Copies n bytes of data to addr (data NULL: n zero bytes, the .bss part of
 * a segment).  0 on success, -1 when [addr, addr + n) is not memory. */
typedef int (*elf_write_fn)(void *ctx, uint32_t addr, const void *data, uint32_t n);

typedef struct elf elf_t;

/* Reads and checks the file.  NULL and err when it is not an RV32 ELF. */
elf_t *elf_open(const char *path, char *err, size_t cap);
void elf_free(elf_t *e);
/* Copies every PT_LOAD segment through wr.  0, or -1 and err. */
int elf_load(const elf_t *e, elf_write_fn wr, void *ctx, char *err, size_t cap);
uint32_t elf_entry(const elf_t *e);
/* 1 and *value when the symbol table has name, else 0. */
int elf_symbol(const elf_t *e, const char *name, uint32_t *value);
/* The same with the symbol's size (st_size; 0 when the ELF gives none). */
int elf_symbol_range(const elf_t *e, const char *name, uint32_t *value, uint32_t *size);
/* elf_open + elf_load + the entry and _pe_start (*pe_start 0 and
 * *have_pe_start 0 when absent; either pointer may be NULL). */
int elf_load_file(const char *path, elf_write_fn wr, void *ctx, uint32_t *entry, uint32_t *pe_start,
                  int *have_pe_start, char *err, size_t cap);

#endif
