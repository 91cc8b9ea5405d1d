/* Verilated iCE40 prototype top (fpga/ice40/proto_top.sv) for
 * tb/tests/fpga_proto.c: the board seen from its pins.  Built by
 * mk/fpga.mk with PROTO_SIM_CLKDIV clocks per UART bit. */
#ifndef PROTO_RTL_H
#define PROTO_RTL_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct proto_rtl proto_rtl_t;

/* Builds the model, applies rst_ni for two cycles; NULL (and a message on
 * stderr) if the waveform cannot be opened.  reset_seed as in the blocks'
 * shims (tb/<blk>/<blk>_rtl.h). */
proto_rtl_t *proto_rtl_new(unsigned reset_seed, const char *fst_path);
void proto_rtl_free(proto_rtl_t *h);

/* Clocks per UART bit the model was built with (the ClkDiv parameter). */
unsigned proto_rtl_clkdiv(void);

/* One clock cycle with uart_rx_i = rx; returns uart_tx_o after the edge,
 * and the LEDs in *led when led is not NULL. */
int proto_rtl_step(proto_rtl_t *h, int rx, uint8_t *led);

uint64_t proto_rtl_cycle(const proto_rtl_t *h);

#ifdef __cplusplus
}
#endif

#endif
