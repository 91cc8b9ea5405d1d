/* fpga_proto: the iCE40 prototype top (fpga/ice40/proto_top.sv, with the PE)
 * driven only through its pins, as a host PC would over the UART: read the
 * ID register, load an RV32 program into the PE's memory, run it (loop, AMO
 * in memory, cached load, stores, device write, wfi), stimulate the PMC
 * through the stimulus register and read its counters back, and take an IMU
 * PIM-mode decision.  Every expected value is worked out below from the
 * program and the block rules (docs/pmc.md, docs/imu.md, docs/area.md). */
#include <string.h>

#include "proto_host.h"


int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "fpga_proto", 1);
  host_t h;
  memset(&h, 0, sizeof h);
  h.t = &t;
  h.rx = 1;
  h.div = proto_rtl_clkdiv();
  h.m = proto_rtl_new(t.reset_seed, t.waves);
  if (!h.m) return 2;
  for (int i = 0; i < 64; i++) tick(&h); /* power-on reset counter */

  tb_expect_u64(&t, "ID register", rd(&h, R_ID), 0xc0b10002u);

  /* sum 1..10 = 55; amoadd on 0x400 (0x100 -> 0x105, old 0x100); then
   * 55 + 0x105 + 0x100 = 572 to the device word and to 0x404; 43 retired */
  const uint32_t prog[] = {
      ADDI(5, 0, 0), ADDI(6, 0, 1), ADDI(7, 0, 11),
      ADD(5, 5, 6), ADDI(6, 6, 1), BNE(6, 7, -8),          /* 12..20: loop */
      ADDI(10, 0, 0x400), ADDI(11, 0, 5), AMOADD(12, 11, 10), LW(13, 10, 0),
      ADD(5, 5, 13), ADD(5, 5, 12), LUI(28, 0xf0000), SW(5, 28, 0),
      SW(5, 0, 0x404), WFI};                               /* wfi at 60 */
  const unsigned n = sizeof prog / sizeof prog[0];
  for (unsigned i = 0; i < n; i++) wr(&h, 4 * i, prog[i]);
  wr(&h, 0x400, 0x100);
  tb_expect_u64(&t, "program word 5 read back", rd(&h, 20), prog[5]);
  tb_expect_u64(&t, "PE halted after reset", rd(&h, R_CTRL) & 1, 1);
  wr(&h, R_BOOT, 0);
  wr(&h, R_CTRL, 1); /* start */
  uint32_t ctrl = 0;
  for (int i = 0; i < 20 && !((ctrl = rd(&h, R_CTRL)) & 1); i++) {}
  tb_expect_u64(&t, "PE halted after wfi", ctrl & 1, 1);
  tb_expect_u64(&t, "instructions retired", rd(&h, R_RETIRED), 43);
  tb_expect_u64(&t, "last retired pc (wfi)", rd(&h, R_LASTPC), 60);
  tb_expect_u64(&t, "device word (tohost)", rd(&h, R_TOHOST), 572);
  tb_expect_u64(&t, "AMO result in memory", rd(&h, 0x400), 0x105);
  tb_expect_u64(&t, "store to memory", rd(&h, 0x404), 572);
  tb_log(&t, "PE: program ran, tohost=572, 43 instructions (cycle %llu)\n",
         (unsigned long long)proto_rtl_cycle(h.m));

  /* PMC: enable and clear; 10 miss-only cycles; an alloc (entry 2) with 3
   * miss-only cycles, so the entry sees pure cycles; free; 5 hit+miss
   * cycles; disable and flush.  hit 5, miss 18, pure 13, misses 1, pure
   * misses 1, total >= 18 (every enabled cycle counts). */
  wr(&h, R_CTRL, 0x6);
  wr(&h, R_STIM, 9u << 16 | 0x2);
  wr(&h, R_STIM, 2u << 16 | 2u << 4 | 0x4 | 0x2);
  wr(&h, R_STIM, 2u << 8 | 0x8);
  wr(&h, R_STIM, 4u << 16 | 0x3);
  wr(&h, R_CTRL, 0x8);
  static const char *const names[] = {"total", "hit", "miss", "pure", "misses", "pure misses"};
  static const uint32_t want[] = {0, 5, 18, 13, 1, 1};
  for (unsigned s = 0; s < 6; s++) {
    wr(&h, R_PMC_SEL, s);
    uint32_t v = rd(&h, R_PMC_DATA);
    char what[48];
    snprintf(what, sizeof what, "PMC %s", names[s]);
    if (s == 0) {
      if (v < 18) tb_fail(&t, "PMC total = %u, expected >= 18", v);
      t.checks++;
    } else {
      tb_expect_u64(&t, what, v, want[s]);
    }
    tb_log(&t, "PMC %-12s %u\n", names[s], v);
  }

  /* IMU in PIM mode: begin loop 3 (trip 100), iter -> verdict 1; the table
   * entry is present, decided, PIM, with all 100 iterations offloaded. */
  wr(&h, R_CFG(0), 1);
  wr(&h, R_TRIP, 100);
  wr(&h, R_MARKER, 3u << 8 | 0);
  wr(&h, R_MARKER, 3u << 8 | 1);
  ctrl = rd(&h, R_CTRL);
  tb_expect_u64(&t, "IMU verdict seen", (ctrl >> 2) & 1, 1);
  tb_expect_u64(&t, "IMU verdict (PIM)", (ctrl >> 3) & 1, 1);
  wr(&h, R_MARKER, 3u << 8 | 2);
  wr(&h, R_TBL_ID, 3);
  tb_expect_u64(&t, "IMU table flags {site, decided, hit}", rd(&h, R_TBL_FLAGS), 7);
  tb_expect_u64(&t, "IMU table offloaded", rd(&h, R_TBL_OFFL), 100);
  tb_log(&t, "IMU: PIM verdict, table entry 3 offloaded 100 (cycle %llu)\n",
         (unsigned long long)proto_rtl_cycle(h.m));

  proto_rtl_free(h.m);
  return tb_finish(&t);
}
