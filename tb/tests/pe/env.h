/* Bare-metal environment of the PE assembly tests (pe_isa, pe_traps):
 * linked at 0x1000 (tb/tests/pe/link.ld), results through the MMIO page of
 * docs/memory_map.md: EXIT = 0 is a pass, EXIT = n the number of the first
 * failing check; then wfi halts the PE. */
#define MMIO_EXIT 0xF0000004

/* gp = number of the current check; x31 (t6) holds the expected value */
#define CHECK(n, reg, val) \
  li gp, n;                \
  li t6, val;              \
  bne reg, t6, fail

#define PASS_FAIL              \
pass:                          \
  li t0, MMIO_EXIT;            \
  sw zero, 0(t0);              \
  fence;                       \
1: wfi;                        \
  j 1b;                        \
fail:                          \
  li t0, MMIO_EXIT;            \
  sw gp, 0(t0);                \
2: wfi;                        \
  j 2b;

#define TEST_RR(n, inst, res, v1, v2) \
  li x1, v1;                          \
  li x2, v2;                          \
  inst x14, x1, x2;                   \
  CHECK(n, x14, res)

#define TEST_RI(n, inst, res, v1, imm) \
  li x1, v1;                           \
  inst x14, x1, imm;                   \
  CHECK(n, x14, res)
