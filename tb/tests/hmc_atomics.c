/* hmc_atomics: atomics read and write the functional memory.
 *
 *  (a) every operation once, from a link, on hand-chosen memory: old
 *      value(s), flag and final memory written out here by hand, plus its
 *      request/response FLIT counts on the link;
 *  (b) bank occupancy: two atomics to one bank, closed page: the second
 *      completes tRCD + tCL + tCCD + ALU + tCWL + tCCD + tWR + tRP after the
 *      first;
 *  (c) contention: 4 links and 16 PE ports hammer 16 hot words with
 *      AMOADD.W; the final sums are exact and, per word, the returned old
 *      values sorted form the chain old[k+1] = old[k] + add[k];
 *  (d) random mix of every operation from all 20 ports on 8 hot 16-byte
 *      slots: replaying the requests in the model's access order (seq) on a
 *      shadow memory gives every returned value, flag and the final memory. */
#include <stdlib.h>
#include <string.h>

#include "hmc.h"
#include "le.h"
#include "tb.h"
#include "tb_fst.h"

#define MEMSZ (1u << 20)
#define M64 0xffffffffffffffffull

typedef struct {
  hmc_cmd_t cmd;
  uint64_t m0, m1;       /* memory before (16 bytes at the address) */
  uint64_t op0, op1;
  uint64_t e0, e1;       /* memory after */
  uint64_t r0, r1;       /* returned */
  int flag;
  unsigned rqf, rsf;     /* FLITs */
} vec_t;

/* For 4-byte AMOs only the low word of m0/e0 is the target; the upper 4
 * bytes (0xAAAAAAAA) must survive. */
static const vec_t V[] = {
    {HMC_AMOSWAP_W, 0xAAAAAAAA00000005ull, 0, 9, 0, 0xAAAAAAAA00000009ull, 0, 5, 0, 0, 2, 2},
    {HMC_AMOADD_W, 0xAAAAAAAAFFFFFFFFull, 0, 2, 0, 0xAAAAAAAA00000001ull, 0, 0xFFFFFFFF, 0, 0, 2, 2},
    {HMC_AMOXOR_W, 0xAAAAAAAA0000FF00ull, 0, 0x0F0F, 0, 0xAAAAAAAA0000F00Full, 0, 0xFF00, 0, 0, 2, 2},
    {HMC_AMOAND_W, 0xAAAAAAAA0000FF00ull, 0, 0x0F0F, 0, 0xAAAAAAAA00000F00ull, 0, 0xFF00, 0, 0, 2, 2},
    {HMC_AMOOR_W, 0xAAAAAAAA0000FF00ull, 0, 0x0F0F, 0, 0xAAAAAAAA0000FF0Full, 0, 0xFF00, 0, 0, 2, 2},
    {HMC_AMOMIN_W, 0xAAAAAAAA00000003ull, 0, 0xFFFFFFFE, 0, 0xAAAAAAAAFFFFFFFEull, 0, 3, 0, 0, 2, 2},  /* -2 < 3 */
    {HMC_AMOMAX_W, 0xAAAAAAAA00000003ull, 0, 0xFFFFFFFE, 0, 0xAAAAAAAA00000003ull, 0, 3, 0, 0, 2, 2},
    {HMC_AMOMINU_W, 0xAAAAAAAA00000003ull, 0, 0xFFFFFFFE, 0, 0xAAAAAAAA00000003ull, 0, 3, 0, 0, 2, 2},
    {HMC_AMOMAXU_W, 0xAAAAAAAA00000003ull, 0, 0xFFFFFFFE, 0, 0xAAAAAAAAFFFFFFFEull, 0, 3, 0, 0, 2, 2},
    {HMC_2ADD8, 10, 20, 5, (uint64_t)-30, 15, (uint64_t)-10, 0, 0, 0, 2, 1},
    {HMC_ADD16, M64, 7, 1, 0, 0, 8, 0, 0, 0, 2, 1}, /* carry into the high half */
    {HMC_2ADDS8R, 10, 20, 5, 6, 15, 26, 10, 20, 0, 2, 2},
    {HMC_ADDS16R, M64 - 1, 1, 3, 2, 1, 4, M64 - 1, 1, 0, 2, 2},
    {HMC_INC8, 41, 99, 0, 0, 42, 99, 0, 0, 0, 1, 1},
    {HMC_BWR, 0x1234, 99, 0xFF00, 0x0F00, 0x1F34, 99, 0, 0, 0, 2, 1},
    {HMC_BWR8R, 0x1234, 99, 0xFF00, 0x0F00, 0x1F34, 99, 0x1234, 0, 0, 2, 2},
    {HMC_AND16, 0xF0F0, 0xFF, 0x3C3C, 0x0F, 0x3030, 0x0F, 0xF0F0, 0xFF, 0, 2, 2},
    {HMC_NAND16, 0xF0F0, 0xFF, 0x3C3C, 0x0F, ~0x3030ull, ~0x0Full, 0xF0F0, 0xFF, 0, 2, 2},
    {HMC_OR16, 0xF0F0, 0xF0, 0x3C3C, 0x0F, 0xFCFC, 0xFF, 0xF0F0, 0xF0, 0, 2, 2},
    {HMC_NOR16, 0xF0F0, 0xF0, 0x3C3C, 0x0F, ~0xFCFCull, ~0xFFull, 0xF0F0, 0xF0, 0, 2, 2},
    {HMC_XOR16, 0xF0F0, 0xF0, 0x3C3C, 0x0F, 0xCCCC, 0xFF, 0xF0F0, 0xF0, 0, 2, 2},
    {HMC_CASEQ8, 77, 5, 77, 88, 88, 5, 77, 0, 1, 2, 2},
    {HMC_CASEQ8, 76, 5, 77, 88, 76, 5, 76, 0, 0, 2, 2},
    {HMC_CASZERO16, 0, 0, 4, 5, 4, 5, 0, 0, 1, 2, 2},
    {HMC_CASZERO16, 0, 1, 4, 5, 0, 1, 0, 1, 0, 2, 2},
    {HMC_CASGT8, (uint64_t)-5, 9, 3, 0, 3, 9, (uint64_t)-5, 0, 1, 2, 2},   /* 3 > -5 signed */
    {HMC_CASGT8, 7, 9, 3, 0, 7, 9, 7, 0, 0, 2, 2},
    {HMC_CASLT8, 7, 9, (uint64_t)-1, 0, (uint64_t)-1, 9, 7, 0, 1, 2, 2},
    {HMC_CASLT8, (uint64_t)-9, 9, (uint64_t)-1, 0, (uint64_t)-9, 9, (uint64_t)-9, 0, 0, 2, 2},
    {HMC_CASGT16, 5, (uint64_t)-1, 0, 0, 0, 0, 5, (uint64_t)-1, 1, 2, 2}, /* 0 > negative */
    {HMC_CASGT16, 5, 1, M64, 0, 5, 1, 5, 1, 0, 2, 2},                      /* hi 0 < 1 */
    {HMC_CASLT16, 5, 1, 6, 0, 6, 0, 5, 1, 1, 2, 2},
    {HMC_CASLT16, 5, 1, 6, 1, 5, 1, 5, 1, 0, 2, 2},
    {HMC_EQ8, 123, 4, 123, 0, 123, 4, 0, 0, 1, 2, 1},
    {HMC_EQ8, 123, 4, 124, 0, 123, 4, 0, 0, 0, 2, 1},
    {HMC_EQ16, 123, 4, 123, 4, 123, 4, 0, 0, 1, 2, 1},
    {HMC_EQ16, 123, 4, 123, 5, 123, 4, 0, 0, 0, 2, 1},
    {HMC_SWAP16, 1, 2, 3, 4, 3, 4, 1, 2, 0, 2, 2},
};

/* Collects n responses from any port (callback), advancing by tCK. */
typedef struct {
  hmc_resp_t *r;
  unsigned n, cap;
} sink_t;
static void on_resp(void *ctx, const hmc_resp_t *r) {
  sink_t *s = ctx;
  if (s->n < s->cap) s->r[s->n] = *r;
  s->n++;
}

static int drain(tb_t *t, hmc_t *h, sink_t *s, unsigned n) {
  for (unsigned g = 0; s->n < n && g < 2000000; g++) hmc_advance(h, hmc_now(h) + 800);
  if (s->n != n) tb_fail(t, "%u responses, expected %u\n", s->n, n);
  return s->n == n;
}

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "hmc_atomics", 1);
  tb_fst_t *w = tb_fst_open(t.waves, "hmc");
  int wv_resp = tb_fst_var(w, "responses", 32), wv_q = tb_fst_var(w, "vault0.req_q", 8);
  tb_rng_t rng;
  tb_rng_seed(&rng, t.seed);
  uint8_t *mem = calloc(1, MEMSZ);
  hmc_cfg_t cfg = HMC_CFG_DEFAULT;
  hmc_t *h = hmc_new(&cfg, mem, MEMSZ);
  static hmc_resp_t rbuf[1 << 16];
  sink_t sink = {rbuf, 0, 1 << 16};
  hmc_set_callback(h, on_resp, &sink);
  char what[128];

  /* (a) every operation */
  for (unsigned k = 0; k < sizeof V / sizeof V[0]; k++) {
    const vec_t *v = &V[k];
    uint64_t a = 0x4000 + 64 * k;
    le_st64(mem + a, v->m0);
    le_st64(mem + a + 8, v->m1);
    hmc_stats_t s0, s1;
    hmc_stats(h, &s0);
    hmc_req_t rq = {.port = hmc_port_link(k % 4), .cmd = v->cmd, .addr = a, .tag = k, .op = {v->op0, v->op1}};
    sink.n = 0;
    if (hmc_send(h, &rq, hmc_now(h)) != HMC_OK) {
      tb_fail(&t, "(a) %s refused\n", hmc_cmd_name(v->cmd));
      continue;
    }
    if (!drain(&t, h, &sink, 1)) continue;
    hmc_stats(h, &s1);
    const hmc_resp_t *r = &rbuf[0];
#define CHK(field, got, want)                                                     \
  snprintf(what, sizeof what, "(a) #%u %s %s", k, hmc_cmd_name(v->cmd), field); \
  tb_expect_u64(&t, what, got, want)
    CHK("mem lo", le_ld64(mem + a), v->e0);
    CHK("mem hi", le_ld64(mem + a + 8), v->e1);
    CHK("ret lo", r->ret[0], v->r0);
    CHK("ret hi", r->ret[1], v->r1);
    CHK("flag", (uint64_t)r->flag, (uint64_t)v->flag);
    CHK("tag", r->tag, k);
    CHK("request FLITs", s1.link_flits_req[k % 4] - s0.link_flits_req[k % 4], v->rqf);
    CHK("response FLITs", s1.link_flits_rsp[k % 4] - s0.link_flits_rsp[k % 4], v->rsf);
    CHK("DRAM bits (read + write burst)", s1.dram_bits - s0.dram_bits, 2 * 32 * 8);
  }

  /* (b) bank occupancy of atomics: two to one bank, sent together */
  {
    hmc_timing_t T;
    hmc_timing(h, &T);
    uint64_t t0 = (hmc_now(h) / 800 + 10) * 800;
    hmc_advance(h, t0 - 1);
    hmc_req_t a = {.port = hmc_port_link(0), .cmd = HMC_AMOADD_W, .addr = hmc_encode(h, 2, 3, 1, 0), .op = {1}};
    hmc_req_t b = a;
    b.addr = hmc_encode(h, 2, 3, 2, 0);
    b.tag = 1;
    sink.n = 0;
    hmc_send(h, &a, t0);
    hmc_send(h, &b, t0);
    if (drain(&t, h, &sink, 2)) {
      uint64_t occ = T.rcd + T.cl + T.ccd + cfg.atomic_cycles + T.cwl + T.ccd + T.wr + T.rp;
      tb_expect_u64(&t, "(b) atomic bank occupancy (ps between two to one bank)", rbuf[1].t_ps - rbuf[0].t_ps,
                    occ * 800);
      tb_expect_u64(&t, "(b) = 68 tCK", occ, 68);
    }
  }

  /* (c) AMOADD.W contention from 20 ports on 16 words of one DRAM row */
  unsigned nc = (unsigned)tb_len(&t, 20000);
  {
    memset(mem, 0, MEMSZ);
    const unsigned NW = 16, NP = 20;
    uint64_t want[16] = {0};
    uint32_t *adds = calloc(nc, sizeof *adds);
    unsigned *word = calloc(nc, sizeof *word);
    unsigned sent = 0, back = 0;
    sink.n = 0;
    uint64_t guard = 0;
    hmc_stats_t s0;
    hmc_stats(h, &s0);
    while (back < nc && guard++ < 10000000) {
      for (unsigned p = 0; p < NP && sent < nc; p++) {
        unsigned port = p < 4 ? hmc_port_link(p) : hmc_port_pe(p - 4);
        unsigned wd = (unsigned)tb_rng_below(&rng, NW);
        uint32_t add = (uint32_t)tb_rng_next(&rng);
        hmc_req_t rq = {.port = port, .cmd = HMC_AMOADD_W, .addr = 0x8000 + 4 * wd, .tag = sent, .op = {add}};
        if (hmc_send(h, &rq, hmc_now(h)) == HMC_OK) {
          adds[sent] = add;
          word[sent] = wd;
          want[wd] += add;
          sent++;
        }
      }
      hmc_advance(h, hmc_now(h) + 800);
      tb_fst_time(w, hmc_now(h));
      tb_fst_set(w, wv_resp, sink.n);
      tb_fst_set(w, wv_q, hmc_probe_vault_q(h, 0));
      back = sink.n;
    }
    tb_expect_u64(&t, "(c) responses", sink.n, nc);
    for (unsigned wd = 0; wd < NW; wd++) {
      uint32_t m = (uint32_t)mem[0x8000 + 4 * wd] | (uint32_t)mem[0x8001 + 4 * wd] << 8 |
                   (uint32_t)mem[0x8002 + 4 * wd] << 16 | (uint32_t)mem[0x8003 + 4 * wd] << 24;
      snprintf(what, sizeof what, "(c) word %u final sum", wd);
      tb_expect_u64(&t, what, m, (uint32_t)want[wd]);
    }
    /* per word, in access order, old values chain */
    uint64_t *ord = calloc(nc, sizeof *ord); /* seq -> response index + 1 */
    uint64_t seq0 = UINT64_MAX;
    for (unsigned k = 0; k < sink.n && k < nc; k++)
      if (rbuf[k].seq < seq0) seq0 = rbuf[k].seq;
    unsigned bad = 0;
    for (unsigned k = 0; k < sink.n && k < nc; k++) {
      uint64_t s = rbuf[k].seq - seq0;
      if (s >= nc || ord[s]) bad++;
      else ord[s] = k + 1;
    }
    tb_expect_u64(&t, "(c) access order is a permutation", bad, 0);
    uint32_t cur[16] = {0};
    unsigned chain_bad = 0;
    for (unsigned s = 0; s < nc && !bad; s++) {
      const hmc_resp_t *r = &rbuf[ord[s] - 1];
      unsigned k = (unsigned)r->tag;
      if (r->ret[0] != cur[word[k]] && chain_bad++ < 3)
        tb_fail(&t, "(c) request %u got old value %llu, expected %u\n", k, (unsigned long long)r->ret[0],
                cur[word[k]]);
      cur[word[k]] += adds[k];
    }
    t.checks++;
    hmc_stats_t s1;
    hmc_stats(h, &s1);
    tb_log(&t, "(c) %u AMOADD.W from 20 ports on 16 words: %llu local, %llu remote PE requests\n", nc,
           (unsigned long long)(s1.local_reqs - s0.local_reqs), (unsigned long long)(s1.remote_reqs - s0.remote_reqs));
    free(ord);
    free(adds);
    free(word);
  }

  /* (d) every operation mixed on 8 hot 16-byte slots spread over vaults */
  {
    memset(mem, 0, MEMSZ);
    uint8_t *shadow = calloc(1, MEMSZ);
    static const hmc_cmd_t ops[] = {
        HMC_AMOSWAP_W, HMC_AMOADD_W,  HMC_AMOXOR_W,  HMC_AMOAND_W,  HMC_AMOOR_W,   HMC_AMOMIN_W, HMC_AMOMAX_W,
        HMC_AMOMINU_W, HMC_AMOMAXU_W, HMC_2ADD8,     HMC_ADD16,     HMC_2ADDS8R,   HMC_ADDS16R,  HMC_INC8,
        HMC_BWR,       HMC_BWR8R,     HMC_AND16,     HMC_NAND16,    HMC_OR16,      HMC_NOR16,    HMC_XOR16,
        HMC_CASEQ8,    HMC_CASZERO16, HMC_CASGT8,    HMC_CASLT8,    HMC_CASGT16,   HMC_CASLT16,  HMC_EQ8,
        HMC_EQ16,      HMC_SWAP16};
    const unsigned NOPS = sizeof ops / sizeof ops[0];
    uint64_t slot_addr[8];
    for (unsigned s = 0; s < 8; s++) slot_addr[s] = hmc_encode(h, s * 2, s, 3, 0) + 16 * (s % 4);
    hmc_req_t *reqs = calloc(nc, sizeof *reqs);
    unsigned sent = 0;
    sink.n = 0;
    uint64_t guard = 0;
    while (sink.n < nc && guard++ < 10000000) {
      for (unsigned p = 0; p < 20 && sent < nc; p++) {
        hmc_req_t rq = {.port = p < 4 ? hmc_port_link(p) : hmc_port_pe(p - 4), .tag = sent};
        rq.cmd = ops[tb_rng_below(&rng, NOPS)];
        unsigned bytes = hmc_atomic_bytes(rq.cmd);
        rq.addr = slot_addr[tb_rng_below(&rng, 8)] + (bytes == 4 ? 4 * tb_rng_below(&rng, 4) : bytes == 8 ? 8 * tb_rng_below(&rng, 2) : 0);
        /* small operands so compares and CAS sometimes hit */
        rq.op[0] = tb_rng_chance(&rng, 1, 2) ? tb_rng_below(&rng, 4) : tb_rng_next(&rng);
        rq.op[1] = tb_rng_chance(&rng, 1, 2) ? tb_rng_below(&rng, 4) : tb_rng_next(&rng);
        if (hmc_send(h, &rq, hmc_now(h)) == HMC_OK) reqs[sent++] = rq;
      }
      hmc_advance(h, hmc_now(h) + 800);
    }
    tb_expect_u64(&t, "(d) responses", sink.n, nc);
    uint64_t seq0 = UINT64_MAX;
    for (unsigned k = 0; k < sink.n && k < nc; k++)
      if (rbuf[k].seq < seq0) seq0 = rbuf[k].seq;
    unsigned *ord = calloc(nc, sizeof *ord), bad = 0;
    for (unsigned k = 0; k < sink.n && k < nc; k++) {
      uint64_t s = rbuf[k].seq - seq0;
      if (s >= nc || ord[s]) bad++;
      else ord[s] = k + 1;
    }
    tb_expect_u64(&t, "(d) access order is a permutation", bad, 0);
    unsigned mism = 0, swaps = 0, hist[64] = {0};
    for (unsigned s = 0; s < nc && !bad; s++) {
      const hmc_resp_t *r = &rbuf[ord[s] - 1];
      const hmc_req_t *q = &reqs[r->tag];
      uint64_t ret[2];
      int flag;
      hmc_atomic_apply(q->cmd, shadow + q->addr, q->op, ret, &flag);
      swaps += flag;
      hist[q->cmd]++;
      if ((ret[0] != r->ret[0] || ret[1] != r->ret[1] || flag != r->flag || r->cmd != q->cmd || r->addr != q->addr) &&
          mism++ < 3)
        tb_fail(&t, "(d) %s at 0x%llx (seq %u): model ret %llx:%llx flag %d, replay %llx:%llx flag %d\n",
                hmc_cmd_name(q->cmd), (unsigned long long)q->addr, s, (unsigned long long)r->ret[1],
                (unsigned long long)r->ret[0], r->flag, (unsigned long long)ret[1], (unsigned long long)ret[0], flag);
    }
    t.checks++;
    tb_expect_u64(&t, "(d) final memory equals the replay", memcmp(mem, shadow, MEMSZ) == 0, 1);
    unsigned covered = 0;
    for (unsigned o = 0; o < NOPS; o++) covered += hist[ops[o]] > 0;
    tb_expect_u64(&t, "(d) every operation exercised", covered, NOPS);
    tb_log(&t, "(d) %u mixed atomics from 20 ports on 8 slots: replay matches, %u CAS swaps / EQ matches\n", nc, swaps);
    free(ord);
    free(reqs);
    free(shadow);
  }
  hmc_free(h);
  free(mem);
  tb_fst_close(w);
  return tb_finish(&t);
}
