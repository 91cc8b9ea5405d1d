/* hmc_stress: random traffic at full offered load, 10^6 requests by
 * default (--cycles N sets the count), half closed page and half open page.
 *
 * All 4 links and all 16 PE ports offer requests every tCK until the model
 * stalls them: reads and writes of 16..128 bytes with data, and every atomic,
 * on 1 MiB spread over every vault, bank and 16 rows.  Checks:
 *  - every request answered exactly once (no loss, no duplicate), with its
 *    own tag, port, command, address and size;
 *  - the data: replaying the requests in the model's access order (seq) on
 *    a shadow memory reproduces every read's bytes, every atomic's return
 *    values and flag, and the final memory;
 *  - counters agree (requests = responses, nothing left in flight) and the
 *    run ends before its cycle limit. */
#include <stdlib.h>
#include <string.h>

#include "hmc.h"
#include "tb.h"
#include "tb_fst.h"

#define MEMSZ (1u << 20)
#define WIN (1u << 16) /* reorder window over seq */

typedef struct {
  uint32_t addr;
  uint8_t cmd, size, port;
} rec_t;

typedef struct {
  int valid;
  uint32_t tag;
  uint64_t ret[2];
  int flag;
  uint8_t data[HMC_MAX_BYTES];
} slot_t;

typedef struct {
  tb_t *t;
  rec_t *rec;
  uint8_t *seen;
  uint8_t *shadow;
  slot_t *win;
  uint64_t next_seq, got, bad;
} chk_t;

static uint8_t data_byte(uint32_t tag, unsigned i) {
  uint32_t x = tag * 2654435761u + i * 40503u;
  return (uint8_t)(x >> 13 ^ x >> 24);
}
static uint64_t operand(uint32_t tag, unsigned k) {
  uint64_t x = (uint64_t)tag * 0x9e3779b97f4a7c15ull + k * 0xbf58476d1ce4e5b9ull;
  x ^= x >> 29;
  return (x & 8) ? x & 3 : x; /* small values now and then so compares hit */
}

static void fail(chk_t *c, const char *fmt, unsigned long long a, unsigned long long b) {
  c->bad++;
  if (c->bad <= 5) tb_fail(c->t, fmt, a, b);
}

static void replay(chk_t *c, slot_t *s) {
  const rec_t *q = &c->rec[s->tag];
  hmc_cmd_t cmd = q->cmd;
  uint8_t *m = c->shadow + q->addr;
  if (cmd == HMC_RD) {
    if (memcmp(m, s->data, q->size)) fail(c, "read tag %llu at 0x%llx returned wrong data\n", s->tag, q->addr);
  } else if (cmd == HMC_WR) {
    for (unsigned i = 0; i < q->size; i++) m[i] = data_byte(s->tag, i);
  } else {
    uint64_t op[2] = {operand(s->tag, 0), operand(s->tag, 1)}, ret[2];
    int flag;
    hmc_atomic_apply(cmd, m, op, ret, &flag);
    if (ret[0] != s->ret[0] || ret[1] != s->ret[1] || flag != s->flag)
      fail(c, "atomic tag %llu at 0x%llx returned wrong value or flag\n", s->tag, q->addr);
  }
}

static void on_resp(void *ctx, const hmc_resp_t *r) {
  chk_t *c = ctx;
  c->got++;
  if (r->tag >= c->t->cycles) {
    fail(c, "response with unknown tag %llu (seq %llu)\n", r->tag, r->seq);
    return;
  }
  uint32_t tag = (uint32_t)r->tag;
  const rec_t *q = &c->rec[tag];
  if (c->seen[tag]++) fail(c, "tag %llu answered twice (seq %llu)\n", tag, r->seq);
  if (r->port != q->port || r->cmd != q->cmd || r->addr != q->addr || (q->cmd <= HMC_WR && r->size != q->size))
    fail(c, "tag %llu: response fields differ from the request (addr 0x%llx)\n", tag, r->addr);
  if (r->seq < c->next_seq || r->seq - c->next_seq >= WIN) {
    fail(c, "seq %llu outside the reorder window at %llu\n", r->seq, c->next_seq);
    return;
  }
  slot_t *s = &c->win[r->seq % WIN];
  s->valid = 1;
  s->tag = tag;
  s->ret[0] = r->ret[0];
  s->ret[1] = r->ret[1];
  s->flag = r->flag;
  if (q->cmd == HMC_RD) memcpy(s->data, r->data, q->size);
  while (c->win[c->next_seq % WIN].valid) {
    slot_t *n = &c->win[c->next_seq % WIN];
    replay(c, n);
    n->valid = 0;
    c->next_seq++;
  }
}

static void run(tb_t *t, tb_rng_t *rng, int open_page, uint64_t first, uint64_t n, chk_t *c, uint8_t *mem,
                tb_fst_t *w, int *wv) {
  hmc_cfg_t cfg = HMC_CFG_DEFAULT;
  cfg.open_page = open_page;
  hmc_t *h = hmc_new(&cfg, mem, MEMSZ);
  if (!h) {
    tb_fail(t, "hmc_new failed\n");
    return;
  }
  hmc_set_callback(h, on_resp, c);
  c->next_seq = 0;
  c->got = 0;
  uint64_t tag = first, end = first + n, now = 0, limit = n * 20000 + 100000000; /* ps */
  hmc_req_t rq;
  int have = 0;
  uint8_t wd[HMC_MAX_BYTES];
  while ((tag < end || hmc_inflight(h)) && now < limit) {
    for (unsigned p = 0; p < 20 && tag < end; p++) {
      unsigned port = p < 4 ? hmc_port_link(p) : hmc_port_pe(p - 4);
      for (int k = 0; k < 8 && tag < end; k++) {
        if (!have) {
          unsigned kind = (unsigned)tb_rng_below(rng, 10);
          rq = (hmc_req_t){.port = port, .tag = tag, .flags = HMC_REQ_DATA};
          if (kind < 8) {
            rq.cmd = kind < 5 ? HMC_RD : HMC_WR;
            rq.size = 16 * (1 + (unsigned)tb_rng_below(rng, 8));
            uint64_t blk = tb_rng_below(rng, MEMSZ / 128);
            rq.addr = blk * 128 + 16 * tb_rng_below(rng, (128 - rq.size) / 16 + 1);
            if (rq.cmd == HMC_WR) {
              for (unsigned i = 0; i < rq.size; i++) wd[i] = data_byte((uint32_t)tag, i);
              rq.wdata = wd;
            }
          } else {
            rq.cmd = (hmc_cmd_t)(HMC_AMOSWAP_W + tb_rng_below(rng, HMC_CMD_COUNT - HMC_AMOSWAP_W));
            rq.flags = 0;
            unsigned b = hmc_atomic_bytes(rq.cmd);
            rq.addr = tb_rng_below(rng, MEMSZ / b) * b;
            rq.op[0] = operand((uint32_t)tag, 0);
            rq.op[1] = operand((uint32_t)tag, 1);
          }
          have = 1;
        }
        rq.port = port;
        int rc = hmc_send(h, &rq, now);
        if (rc == HMC_STALL) break;
        if (rc != HMC_OK) {
          tb_fail(t, "send of tag %llu failed with %d\n", (unsigned long long)tag, rc);
          tag = end;
          break;
        }
        c->rec[tag] = (rec_t){(uint32_t)rq.addr, (uint8_t)rq.cmd, (uint8_t)(hmc_atomic_bytes(rq.cmd) ? hmc_atomic_bytes(rq.cmd) : rq.size), (uint8_t)port};
        tag++;
        have = 0;
      }
    }
    now += 800;
    hmc_advance(h, now);
    if (w && now < 2000000) {
      tb_fst_time(w, now);
      tb_fst_set(w, wv[0], hmc_inflight(h));
      for (int v = 0; v < 4; v++) tb_fst_set(w, wv[1 + v], hmc_probe_vault_q(h, v));
      for (int l = 0; l < 4; l++) tb_fst_set(w, wv[5 + l], hmc_probe_link_buf(h, l));
    }
  }
  hmc_stats_t st;
  hmc_stats(h, &st);
  uint64_t nreq = 0;
  for (int k = 0; k < HMC_CMD_COUNT; k++) nreq += st.reqs[k];
  const char *mode = open_page ? "open page" : "closed page";
  char what[96];
  snprintf(what, sizeof what, "%s: finished before the limit", mode);
  tb_expect_u64(t, what, now < limit, 1);
  snprintf(what, sizeof what, "%s: requests accepted", mode);
  tb_expect_u64(t, what, nreq, n);
  snprintf(what, sizeof what, "%s: responses", mode);
  tb_expect_u64(t, what, c->got, n);
  snprintf(what, sizeof what, "%s: replayed in access order", mode);
  tb_expect_u64(t, what, c->next_seq, n);
  snprintf(what, sizeof what, "%s: left in flight", mode);
  tb_expect_u64(t, what, hmc_inflight(h), 0);
  tb_log(t, "%s: %llu requests in %.1f us simulated, avg latency %.1f ns, max %.1f ns, "
         "%llu stalls, row hits %llu, refreshes %llu\n",
         mode, (unsigned long long)n, now / 1e6, st.resps ? st.lat_sum_ps / 1000.0 / st.resps : 0.0,
         st.lat_max_ps / 1000.0, (unsigned long long)st.stalls, (unsigned long long)st.row_hits,
         (unsigned long long)st.refreshes);
  hmc_free(h);
}

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "hmc_stress", 1);
  t.cycles = tb_len(&t, 1000000); /* the request count; on_resp bounds tags by it */
  tb_rng_t rng;
  tb_rng_seed(&rng, t.seed);
  tb_fst_t *w = tb_fst_open(t.waves, "hmc");
  int wv[9];
  wv[0] = tb_fst_var(w, "inflight", 32);
  char nm[48];
  for (int v = 0; v < 4; v++) {
    snprintf(nm, sizeof nm, "vault%d.req_q", v);
    wv[1 + v] = tb_fst_var(w, nm, 8);
  }
  for (int l = 0; l < 4; l++) {
    snprintf(nm, sizeof nm, "link%d.in_flits", l);
    wv[5 + l] = tb_fst_var(w, nm, 16);
  }
  uint64_t n = t.cycles;
  chk_t c = {.t = &t};
  c.rec = calloc(n, sizeof *c.rec);
  c.seen = calloc(n, 1);
  c.shadow = calloc(1, MEMSZ);
  c.win = calloc(WIN, sizeof *c.win);
  uint8_t *mem = calloc(1, MEMSZ);
  if (!c.rec || !c.seen || !c.shadow || !c.win || !mem) {
    tb_fail(&t, "out of memory\n");
    return tb_finish(&t);
  }
  run(&t, &rng, 0, 0, n / 2, &c, mem, w, wv);
  tb_expect_u64(&t, "closed page: final memory equals the replay", memcmp(mem, c.shadow, MEMSZ) == 0, 1);
  run(&t, &rng, 1, n / 2, n - n / 2, &c, mem, NULL, wv);
  tb_expect_u64(&t, "open page: final memory equals the replay", memcmp(mem, c.shadow, MEMSZ) == 0, 1);
  uint64_t missing = 0, dup = 0;
  for (uint64_t k = 0; k < n; k++) missing += !c.seen[k], dup += c.seen[k] > 1;
  tb_expect_u64(&t, "tags never answered", missing, 0);
  tb_expect_u64(&t, "tags answered twice", dup, 0);
  tb_expect_u64(&t, "data / value mismatches", c.bad, 0);
  tb_fst_close(w);
  free(c.rec);
  free(c.seen);
  free(c.shadow);
  free(c.win);
  free(mem);
  return tb_finish(&t);
}
