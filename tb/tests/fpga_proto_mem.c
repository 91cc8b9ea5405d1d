/* fpga_proto_mem: the prototype's PE memory (fpga/ice40/proto_mem.sv) as the
 * PE sees it, through the prototype's pins only: every AMO (add, swap, xor,
 * or, and, min/max signed and unsigned, with sign and equality edge cases)
 * returning the old word and writing the new one, LR/SC (success; failure
 * after an SC, a store, an AMO, and on another word), a device-space write
 * and read back, and byte/halfword stores seen by cached loads.  Expected
 * values are computed here from the RISC-V A-extension rules. */
#include <stdio.h>
#include <string.h>

#include "proto_host.h"

static uint32_t s_f3(int imm, unsigned rs2, unsigned rs1, unsigned f3) {
  uint32_t u = (uint32_t)imm & 0xfff;
  return (u >> 5) << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | (u & 31) << 7 | 0x23;
}
#define AMO(f5, rd, rs2, rs1) r_type((f5) << 2, rs2, rs1, 2, rd, 0x2f)

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "fpga_proto_mem", 1);
  host_t h;
  memset(&h, 0, sizeof h);
  h.t = &t;
  h.rx = 1;
  h.div = proto_rtl_clkdiv();
  h.m = proto_rtl_new(t.reset_seed, t.waves);
  if (!h.m) return 2;
  for (int i = 0; i < 64; i++) tick(&h);
  tb_expect_u64(&t, "ID register", rd(&h, R_ID), 0xc0b10002u);

  static const struct { unsigned f5; uint32_t a, b; } ops[] = {
    {0x00, 0x7fffffff, 3}, {0x01, 0x11111111, 0x22222222}, {0x04, 0xf0f0f0f0, 0xff00ff00},
    {0x08, 0x0000f0f0, 0x0f0f0000}, {0x0c, 0xf0f0f0f0, 0xff00ff00},
    {0x10, 0x80000005, 7}, {0x14, 0x80000005, 7}, {0x18, 0x80000005, 7}, {0x1c, 0x80000005, 7},
    {0x10, 5, 0xfffffff0}, {0x1c, 3, 3}, {0x14, 0xffffffff, 0xfffffffe}, {0x18, 0xffffffff, 0xfffffffe},
    {0x10, 0x12345678, 0x12345678}, {0x14, 0x40000000, 0xc0000000}, {0x18, 0, 1}, {0x1c, 0, 1},
    {0x00, 0xffffffff, 1}};
  const unsigned nops = sizeof ops / sizeof ops[0];
  uint32_t prog[256];
  unsigned n = 0;
  prog[n++] = ADDI(10, 0, 0x400);
  for (unsigned k = 0; k < nops; k++) {
    prog[n++] = LW(11, 10, 0x200 + 4 * (int)k);
    prog[n++] = ADDI(14, 10, 4 * (int)k);
    prog[n++] = AMO(ops[k].f5, 12, 11, 14);
    prog[n++] = SW(12, 10, 0x100 + 4 * (int)k);
  }
  /* LR/SC on 0x4c0: sc ok, sc fail, lr + store + sc fail, lr + sc other word fail, lr + amo + sc fail */
  prog[n++] = ADDI(14, 10, 0xc0);
  prog[n++] = ADDI(15, 10, 0xc4);
  prog[n++] = ADDI(11, 0, 0x77);
  prog[n++] = AMO(0x02, 12, 0, 14); prog[n++] = SW(12, 10, 0x1c0);
  prog[n++] = AMO(0x03, 13, 11, 14); prog[n++] = SW(13, 10, 0x1c4);
  prog[n++] = AMO(0x03, 13, 11, 14); prog[n++] = SW(13, 10, 0x1c8);
  prog[n++] = AMO(0x02, 12, 0, 14); prog[n++] = SW(11, 14, 0); prog[n++] = AMO(0x03, 13, 11, 14);
  prog[n++] = SW(13, 10, 0x1cc);
  prog[n++] = AMO(0x02, 12, 0, 14); prog[n++] = AMO(0x03, 13, 11, 15); prog[n++] = SW(13, 10, 0x1d0);
  prog[n++] = AMO(0x02, 12, 0, 14); prog[n++] = AMO(0x00, 12, 11, 14); prog[n++] = AMO(0x03, 13, 11, 14);
  prog[n++] = SW(13, 10, 0x1d4);
  prog[n++] = AMO(0x02, 12, 0, 15); prog[n++] = ADDI(11, 0, 0x55); prog[n++] = AMO(0x03, 13, 11, 15);
  prog[n++] = SW(13, 10, 0x1d8);
  /* device: write then read back; byte and half stores then a cached load */
  prog[n++] = LUI(28, 0xf0000); prog[n++] = ADDI(5, 0, 0x5a5); prog[n++] = SW(5, 28, 0);
  prog[n++] = LW(16, 28, 0); prog[n++] = SW(16, 10, 0x1dc);
  prog[n++] = LUI(17, 0xabcde); prog[n++] = ADDI(17, 17, 0x123);
  prog[n++] = s_f3(0x1e1, 17, 10, 0); prog[n++] = s_f3(0x1e6, 17, 10, 1);
  prog[n++] = LW(18, 10, 0x1e0); prog[n++] = SW(18, 10, 0x1e8); prog[n++] = LW(18, 10, 0x1e4);
  prog[n++] = SW(18, 10, 0x1ec);
  prog[n++] = WFI;
  for (unsigned i = 0; i < n; i++) wr(&h, 4 * i, prog[i]);
  for (unsigned k = 0; k < nops; k++) { wr(&h, 0x400 + 4 * k, ops[k].a); wr(&h, 0x600 + 4 * k, ops[k].b); }
  wr(&h, 0x4c0, 0x1000); wr(&h, 0x4c4, 0x2000);
  wr(&h, 0x5e0, 0x11223344); wr(&h, 0x5e4, 0x55667788);
  wr(&h, R_BOOT, 0);
  wr(&h, R_CTRL, 1);
  uint32_t ctrl = 0;
  for (int i = 0; i < 40 && !((ctrl = rd(&h, R_CTRL)) & 1); i++) {}
  tb_expect_u64(&t, "PE halted after wfi", ctrl & 1, 1);
  tb_expect_u64(&t, "last pc", rd(&h, R_LASTPC), 4 * (n - 1));
  for (unsigned k = 0; k < nops; k++) {
    uint32_t a = ops[k].a, b = ops[k].b, r;
    switch (ops[k].f5) {
      case 0x00: r = a + b; break;
      case 0x01: r = b; break;
      case 0x04: r = a ^ b; break;
      case 0x08: r = a | b; break;
      case 0x0c: r = a & b; break;
      case 0x10: r = (int32_t)a < (int32_t)b ? a : b; break;
      case 0x14: r = (int32_t)a < (int32_t)b ? b : a; break;
      case 0x18: r = a < b ? a : b; break;
      default: r = a < b ? b : a; break;
    }
    char name[64];
    snprintf(name, sizeof name, "amo %u (f5 %02x) new", k, ops[k].f5);
    tb_expect_u64(&t, name, rd(&h, 0x400 + 4 * k), r);
    snprintf(name, sizeof name, "amo %u (f5 %02x) old", k, ops[k].f5);
    tb_expect_u64(&t, name, rd(&h, 0x500 + 4 * k), a);
  }
  tb_expect_u64(&t, "lr value", rd(&h, 0x5c0), 0x1000);
  tb_expect_u64(&t, "sc ok", rd(&h, 0x5c4), 0);
  tb_expect_u64(&t, "sc again fails", rd(&h, 0x5c8), 1);
  tb_expect_u64(&t, "sc after store fails", rd(&h, 0x5cc), 1);
  tb_expect_u64(&t, "sc other word fails", rd(&h, 0x5d0), 1);
  tb_expect_u64(&t, "sc after amo fails", rd(&h, 0x5d4), 1);
  tb_expect_u64(&t, "lr/sc 0x4c4 ok", rd(&h, 0x5d8), 0);
  tb_expect_u64(&t, "0x4c0 final", rd(&h, 0x4c0), 0x77 + 0x77);
  tb_expect_u64(&t, "0x4c4 final", rd(&h, 0x4c4), 0x55);
  tb_expect_u64(&t, "device read", rd(&h, 0x5dc), 0x5a5);
  tb_expect_u64(&t, "tohost", rd(&h, R_TOHOST), 0x5a5);
  tb_expect_u64(&t, "sb", rd(&h, 0x5e0), 0x11222344);
  tb_expect_u64(&t, "sh", rd(&h, 0x5e4), 0xe1237788);
  tb_expect_u64(&t, "lw after sb", rd(&h, 0x5e8), 0x11222344);
  tb_expect_u64(&t, "lw after sh", rd(&h, 0x5ec), 0xe1237788);
  return tb_finish(&t);
}
