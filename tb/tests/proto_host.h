/* The host side of the iCE40 prototype's UART protocol (docs/area.md), for
 * the tests that drive fpga/ice40/proto_top.sv through its pins only
 * (fpga_proto, fpga_proto_mem): a bit-level UART transmitter and receiver
 * stepping the Verilated top, word reads and writes, the register map, and
 * RV32 encoders for the programs the tests load. */
#ifndef PROTO_HOST_H
#define PROTO_HOST_H

#include <stdint.h>

#include "proto_rtl.h"
#include "tb.h"

#define REG(i) (0x80000000u + 4u * (i))
#define R_CTRL REG(0x00)
#define R_BOOT REG(0x01)
#define R_RETIRED REG(0x02)
#define R_LASTPC REG(0x03)
#define R_TOHOST REG(0x04)
#define R_STIM REG(0x05)
#define R_MARKER REG(0x06)
#define R_TRIP REG(0x07)
#define R_CFG(a) REG(0x08 + (a))
#define R_TBL_ID REG(0x10)
#define R_TBL_FLAGS REG(0x11)
#define R_TBL_OFFL REG(0x15)
#define R_PMC_SEL REG(0x16)
#define R_PMC_DATA REG(0x17)
#define R_ID REG(0x1a)
#define WAIT_LIMIT 200000u /* cycles any one byte may take to come back */

typedef struct {
  tb_t *t;
  proto_rtl_t *m;
  unsigned div;
  int rx;            /* level we drive on uart_rx_i */
  int dec_busy;      /* our receiver of uart_tx_o */
  unsigned dec_cnt, dec_bit, dec_byte;
  uint8_t fifo[16];
  unsigned head, tail;
  int dead;          /* a byte never came: stop talking */
} host_t;

static inline void tick(host_t *h) {
  int tx = proto_rtl_step(h->m, h->rx, NULL);
  if (!h->dec_busy) {
    if (!tx) { h->dec_busy = 1; h->dec_cnt = h->div + h->div / 2; h->dec_bit = 0; h->dec_byte = 0; }
    return;
  }
  if (--h->dec_cnt) return;
  if (h->dec_bit < 8) {
    h->dec_byte |= (unsigned)tx << h->dec_bit++;
    h->dec_cnt = h->div;
  } else {
    h->dec_busy = 0;
    if (!tx) tb_fail(h->t, "uart_tx_o: missing stop bit at cycle %llu", (unsigned long long)proto_rtl_cycle(h->m));
    h->fifo[h->head++ % 16] = (uint8_t)h->dec_byte;
  }
}

static inline void send(host_t *h, unsigned byte) {
  for (int b = -1; b <= 8; b++) {
    h->rx = b < 0 ? 0 : b == 8 ? 1 : (byte >> b) & 1;
    for (unsigned i = 0; i < h->div; i++) tick(h);
  }
}

static inline unsigned recv(host_t *h) {
  for (unsigned i = 0; h->head == h->tail; i++) {
    if (i == WAIT_LIMIT || h->dead) {
      if (!h->dead) tb_fail(h->t, "no reply byte within %u cycles (cycle %llu)", WAIT_LIMIT,
                            (unsigned long long)proto_rtl_cycle(h->m));
      h->dead = 1;
      return 0;
    }
    tick(h);
  }
  return h->fifo[h->tail++ % 16];
}

static inline void send32(host_t *h, uint32_t v) {
  for (int s = 24; s >= 0; s -= 8) send(h, (v >> s) & 0xff);
}

static inline void wr(host_t *h, uint32_t addr, uint32_t data) {
  if (h->dead) return;
  send(h, 'W'); send32(h, addr); send32(h, data);
  unsigned k = recv(h);
  if (!h->dead && k != 'K') tb_fail(h->t, "write 0x%08x: reply 0x%02x, expected 'K'", addr, k);
}

static inline uint32_t rd(host_t *h, uint32_t addr) {
  if (h->dead) return 0;
  send(h, 'R'); send32(h, addr);
  uint32_t v = 0;
  for (int i = 0; i < 4; i++) v = (v << 8) | recv(h);
  return v;
}

/* RV32 encoders (register numbers, immediates as in the assembler) */
static inline uint32_t i_type(int imm, unsigned rs1, unsigned f3, unsigned rd, unsigned op) {
  return ((uint32_t)imm & 0xfff) << 20 | rs1 << 15 | f3 << 12 | rd << 7 | op;
}
static inline uint32_t r_type(unsigned f7, unsigned rs2, unsigned rs1, unsigned f3, unsigned rd, unsigned op) {
  return f7 << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | rd << 7 | op;
}
static inline uint32_t s_type(int imm, unsigned rs2, unsigned rs1) {
  uint32_t u = (uint32_t)imm & 0xfff;
  return (u >> 5) << 25 | rs2 << 20 | rs1 << 15 | 2u << 12 | (u & 31) << 7 | 0x23;
}
static inline uint32_t b_type(int imm, unsigned rs2, unsigned rs1, unsigned f3) {
  uint32_t u = (uint32_t)imm & 0x1fff;
  return ((u >> 12) & 1) << 31 | ((u >> 5) & 63) << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 |
         ((u >> 1) & 15) << 8 | ((u >> 11) & 1) << 7 | 0x63;
}
#define ADDI(rd, rs1, imm) i_type(imm, rs1, 0, rd, 0x13)
#define ADD(rd, rs1, rs2) r_type(0, rs2, rs1, 0, rd, 0x33)
#define LW(rd, rs1, imm) i_type(imm, rs1, 2, rd, 0x03)
#define SW(rs2, rs1, imm) s_type(imm, rs2, rs1)
#define BNE(rs1, rs2, imm) b_type(imm, rs2, rs1, 1)
#define LUI(rd, imm20) ((uint32_t)(imm20) << 12 | (rd) << 7 | 0x37)
#define AMOADD(rd, rs2, rs1) r_type(0, rs2, rs1, 2, rd, 0x2f)
#define WFI 0x10500073u

#endif
