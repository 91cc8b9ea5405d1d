/* CoPIM ISA extension (SPEC section 4): custom-0 (opcode 0b0001011), R-type,
 * funct3 selects the operation.  Inline-assembly wrappers plus the loop
 * marking used by every offloadable loop of the kernels. */
#ifndef COPIM_H
#define COPIM_H

#include <stdint.h>

/* `.insn r opcode, funct3, funct7, rd, rs1, rs2` */
static inline void cp_loop_begin(uint32_t loop_id, uint32_t trip) {
  __asm__ volatile(".insn r 0x0b, 0, 0, x0, %0, %1" ::"r"(loop_id), "r"(trip) : "memory");
}
/* 1: run the remaining iterations in memory; 0: go on here. */
static inline uint32_t cp_loop_iter(void) {
  uint32_t v;
  __asm__ volatile(".insn r 0x0b, 1, 0, %0, x0, x0" : "=r"(v)::"memory");
  return v;
}
static inline void cp_loop_end(uint32_t loop_id) {
  __asm__ volatile(".insn r 0x0b, 2, 0, x0, %0, x0" ::"r"(loop_id) : "memory");
}

typedef void (*copim_body_fn)(uint32_t i, void *arg);

struct copim_desc {
  uint32_t entry;   /* copim_body_fn */
  uint32_t arg;     /* void * */
  uint32_t first;   /* first iteration */
  uint32_t end;     /* end iteration, exclusive */
  uint32_t loop_id;
  uint32_t flags;
  uint32_t prim_base;   /* address of iteration 0's primary element (vault placement), 0: none */
  uint32_t prim_stride; /* bytes from one iteration's primary element to the next, 0: none */
};

static inline uint32_t cp_pim_launch(const struct copim_desc *d) {
  uint32_t ticket;
  __asm__ volatile(".insn r 0x0b, 3, 0, %0, %1, x0" : "=r"(ticket) : "r"(d) : "memory");
  return ticket;
}
static inline void cp_pim_wait(uint32_t ticket) {
  __asm__ volatile(".insn r 0x0b, 4, 0, x0, %0, x0" ::"r"(ticket) : "memory");
}

/* A marked loop: for (i = lo; i < hi; i++) body(i, arg), where the IMU may
 * answer an iteration with "offload": the host then hands [i, hi) to the PIM
 * dispatcher and waits.  The body is a function because the PEs call it.
 * prim (may be NULL) is the loop's primary array of 4-byte elements, element
 * i belonging to iteration i: the dispatcher's vault placement sends
 * iteration i to the PE of the vault that holds prim[i]. */
static inline void copim_for(uint32_t loop_id, uint32_t lo, uint32_t hi, copim_body_fn body, void *arg,
                             const volatile void *prim) {
  cp_loop_begin(loop_id, hi > lo ? hi - lo : 0);
  for (uint32_t i = lo; i < hi; i++) {
    if (cp_loop_iter()) {
      struct copim_desc d = {(uint32_t)(uintptr_t)body, (uint32_t)(uintptr_t)arg, i, hi, loop_id, 0,
                             (uint32_t)(uintptr_t)prim, prim ? 4u : 0u};
      cp_pim_wait(cp_pim_launch(&d));
      break;
    }
    body(i, arg);
  }
  cp_loop_end(loop_id);
}

#define COPIM_FOR(id, lo, hi, body, arg, prim) copim_for((id), (lo), (hi), (body), (arg), (prim))

#endif
