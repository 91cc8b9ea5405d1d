#include "proto_rtl.h"

#include "Vproto.h"
#include "vl_util.h"

#ifndef PROTO_CLKDIV
#error "build with -DPROTO_CLKDIV matching the verilator -GClkDiv"
#endif

struct proto_rtl : vl_model<Vproto> {};

extern "C" proto_rtl_t *proto_rtl_new(unsigned reset_seed, const char *fst_path) {
  proto_rtl *h = new proto_rtl();
  if (!h->open(reset_seed, fst_path, "proto")) {
    proto_rtl_free(h);
    return NULL;
  }
  h->top->uart_rx_i = 1;  // line idle
  h->reset();
  return h;
}

extern "C" void proto_rtl_free(proto_rtl_t *h) {
  if (!h) return;
  h->close();
  delete h;
}

extern "C" unsigned proto_rtl_clkdiv(void) { return PROTO_CLKDIV; }

extern "C" int proto_rtl_step(proto_rtl_t *h, int rx, uint8_t *led) {
  h->top->uart_rx_i = rx ? 1 : 0;
  const uint64_t t0 = h->now();
  h->half(0, t0);
  h->half(1, t0 + VL_TICKS_PER_CYCLE / 2);
  h->cycle++;
  if (led) *led = h->top->led_o;
  return h->top->uart_tx_o;
}

extern "C" uint64_t proto_rtl_cycle(const proto_rtl_t *h) { return h->cycle; }
