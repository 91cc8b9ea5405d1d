/* imu_pmc: four IMUs (one per core) on the shared PMC, as in the system.
 * Two complete chains run side by side on the same synthetic LLC activity
 * and marker streams: RTL (4 Verilated IMUs + the Verilated PMC) and C
 * (4 imu_t + pmc_t).  Each chain closes its own loop IMU -> PMC control ->
 * PMC read data -> IMU, and every cycle both chains are compared on every
 * IMU port and every PMC read port, stopping at the first difference.
 *
 * On top of lockstep, an independent reference: the test counts, per core,
 * the cycles the IMU had the PMC enabled, the pure miss cycles among them
 * (miss activity, no hit activity), the MSHR allocations and the retired
 * instructions, and after each marked loop checks the decision-table entry
 * exactly: num/den, the decision (pure x 2^16 > thr x total, or misses x
 * 1000 x 2^16 > mpki_thr x instructions), the sample size and offloaded
 * count.  Cores 0 and 1 run THETA, core 2 MPKI, core 3 THETA with sticky
 * decisions.  Loops with an odd id are memory bound (few hits, many misses),
 * even ids compute bound.
 *
 * Waveforms: the RTL IMU of core 0 goes to --waves PATH, the PMC to
 * PATH with .fst replaced by _pmc.fst. */
#include <stdlib.h>
#include <string.h>

#include "imu_pair.h"
#include "pmc.h"
#include "pmc_rtl.h"

#define NC 4
#define NMSHR 32

enum { H_GAP, H_BEGIN, H_ITER, H_WAITV, H_BODY, H_END, H_DRAIN, H_CHECK };

typedef struct {
  int st;
  uint32_t id, trip, i, at;
  unsigned left;
  int got1;             /* verdict 1 seen */
  int cleared;          /* the IMU cleared the PMC after this begin: it sampled */
  int sticky_site;      /* core 3: last decision per loop, -1 unknown */
  /* reference counts of the current sample */
  uint64_t total, pure, misses, ins;
} host_t;

typedef struct {
  int valid;
  unsigned core;
  uint64_t expire;
} mshr_t;

static const unsigned modes[NC] = {IMU_MODE_THETA, IMU_MODE_THETA, IMU_MODE_MPKI, IMU_MODE_THETA};

static int mem_bound(uint32_t id) { return id & 1; }

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "imu_pmc", 1);
  const uint64_t ncycles = tb_len(&t, 300000);
  tb_rng_t r;
  tb_rng_seed(&r, t.seed);

  char pmc_waves[512];
  const char *pw = NULL;
  if (t.waves) {
    size_t n = strlen(t.waves);
    if (n > 4 && !strcmp(t.waves + n - 4, ".fst") && n + 5 < sizeof pmc_waves) {
      snprintf(pmc_waves, sizeof pmc_waves, "%.*s_pmc.fst", (int)(n - 4), t.waves);
      pw = pmc_waves;
    }
  }
  pmc_rtl_t *prtl = pmc_rtl_new(t.reset_seed, pw);
  if (!prtl) return 2;
  pmc_cfg_t pcfg = pmc_rtl_cfg(prtl);
  if (pcfg.num_cores < NC) {
    fprintf(stderr, "imu_pmc: the PMC is built with %u cores, the test needs %d\n", pcfg.num_cores, NC);
    return 2;
  }
  pmc_t *pc = pmc_new(&pcfg);
  imu_pair_t ip[NC];
  char names[NC][8];
  for (unsigned c = 0; c < NC; c++) {
    snprintf(names[c], sizeof names[c], "imu%u", c);
    if (!imu_pair_open(&ip[c], &t, t.reset_seed, c == 0 ? t.waves : NULL, names[c])) return 2;
  }
  if (!pc || ip[0].cfg.cnt_w != pcfg.cnt_w) {
    fprintf(stderr, "imu_pmc: IMU CntW %u differs from PMC CntW %u\n", ip[0].cfg.cnt_w, pcfg.cnt_w);
    return 2;
  }

  host_t h[NC];
  memset(h, 0, sizeof h);
  mshr_t ms[NMSHR];
  memset(ms, 0, sizeof ms);
  uint64_t loops = 0, checked = 0, pim = 0, host = 0, sticky_reuse = 0, ended_in_sample = 0;
  int ok = 1;
  imu_in_t in[NC];
  memset(in, 0, sizeof in);

  /* Configuration, one cycle per write, before the loops start: MPKI on
   * core 2, sticky on core 3; everything else at its reset value. */
  for (unsigned c = 0; c < NC; c++) h[c].sticky_site = -1;

  int sticky_known[64];
  for (unsigned k = 0; k < 64; k++) sticky_known[k] = -1;

  for (uint64_t cyc = 0; cyc < ncycles && ok; cyc++) {
    imu_out_t mr[NC], mc[NC];
    for (unsigned c = 0; c < NC; c++) {
      imu_pair_moore(&ip[c], &mr[c]);
      imu_moore(ip[c].c, &mc[c]);
    }
    /* ---- synthetic LLC activity, shared by both chains */
    pmc_in_t pin;
    memset(&pin, 0, sizeof pin);
    int fi = -1;
    for (unsigned e = 0; e < NMSHR; e++)
      if (ms[e].valid && ms[e].expire <= cyc) {
        fi = (int)e;
        break;
      }
    if (fi >= 0) {
      pin.mshr_free = 1;
      pin.mshr_free_idx = (unsigned)fi;
    }
    unsigned ret[NC];
    for (unsigned c = 0; c < NC; c++) {
      const int in_loop = h[c].st != H_GAP;
      const int mem = in_loop && mem_bound(h[c].id);
      const int comp = in_loop && !mem;
      uint32_t hit_pct = mem ? 15 : comp ? 97 : 50;
      if (tb_rng_below(&r, 100) < hit_pct) pin.hit_act |= 1ull << c;
      ret[c] = (unsigned)(mem ? tb_rng_below(&r, 2) : comp ? 2 + tb_rng_below(&r, 3) : tb_rng_below(&r, 4));
    }
    /* at most one allocation: a random core asks, more often if memory bound */
    {
      unsigned c = (unsigned)tb_rng_below(&r, NC);
      const int mem = h[c].st != H_GAP && mem_bound(h[c].id);
      if (tb_rng_below(&r, 100) < (mem ? 40u : 4u)) {
        for (unsigned e = 0; e < NMSHR; e++)
          if (!ms[e].valid && (int)e != fi) {
            pin.mshr_alloc = 1;
            pin.mshr_alloc_idx = e;
            pin.mshr_alloc_core = c;
            break;
          }
      }
    }
    for (unsigned e = 0; e < NMSHR; e++)
      if (ms[e].valid && (int)e != fi) pin.miss_act |= 1ull << ms[e].core;
    if (pin.mshr_alloc) pin.miss_act |= 1ull << pin.mshr_alloc_core;

    /* ---- reference counts: what the PMC must count for each IMU */
    for (unsigned c = 0; c < NC; c++) {
      host_t *k = &h[c];
      if (mr[c].pmc_clear) {
        k->total = k->pure = k->misses = k->ins = 0;
        if (k->st != H_GAP) k->cleared = 1;
      }
      if (mr[c].pmc_enable) {
        const uint64_t b = 1ull << c;
        k->total++;
        k->pure += (pin.miss_act & b) && !(pin.hit_act & b);
        k->misses += pin.mshr_alloc && pin.mshr_alloc_core == c;
        k->ins += ret[c];
      }
    }

    /* ---- both chains: IMU controls -> PMC -> read data */
    pmc_in_t pr = pin, pcin = pin;
    for (unsigned c = 0; c < NC; c++) {
      const uint64_t b = 1ull << c;
      pr.clear |= mr[c].pmc_clear ? b : 0;
      pr.enable |= mr[c].pmc_enable ? b : 0;
      pr.flush |= mr[c].pmc_flush ? b : 0;
      pr.rd_sel[c] = (uint8_t)mr[c].pmc_rd_sel;
      pcin.clear |= mc[c].pmc_clear ? b : 0;
      pcin.enable |= mc[c].pmc_enable ? b : 0;
      pcin.flush |= mc[c].pmc_flush ? b : 0;
      pcin.rd_sel[c] = (uint8_t)mc[c].pmc_rd_sel;
    }
    for (unsigned c = NC; c < pcfg.num_cores; c++) pr.rd_sel[c] = pcin.rd_sel[c] = PMC_SEL_NONE;
    pmc_out_t por, poc;
    pmc_rtl_step(prtl, &pr, &por);
    pmc_step(pc, &pcin, &poc);
    for (unsigned c = 0; c < NC && ok; c++) {
      char port[48];
      snprintf(port, sizeof port, "pmc.rd_data_o[core %u]", c);
      ok = tb_lockstep_u64(&t, cyc, port, por.rd_data[c], poc.rd_data[c]);
    }
    if (!ok) break;

    /* ---- host drivers: this cycle's marker inputs */
    for (unsigned c = 0; c < NC; c++) {
      host_t *k = &h[c];
      imu_in_t *x = &in[c];
      x->marker_valid = k->st == H_BEGIN || k->st == H_ITER || k->st == H_END;
      x->marker_op = k->st == H_BEGIN ? IMU_OP_BEGIN : k->st == H_ITER ? IMU_OP_ITER : IMU_OP_END;
      x->marker_id = k->id;
      x->marker_trip = k->trip;
      x->instr_ret = ret[c];
      x->tbl_rd_id = k->id;
      x->cfg_we = 0;
      if (cyc == 0 && c == 2) {
        x->cfg_we = 1;
        x->cfg_addr = IMU_CFG_MODE;
        x->cfg_wdata = IMU_MODE_MPKI;
      }
      if (cyc == 0 && c == 3) {
        x->cfg_we = 1;
        x->cfg_addr = IMU_CFG_CTRL;
        x->cfg_wdata = 1;
      }
    }
    imu_out_t orr[NC], occ[NC];
    for (unsigned c = 0; c < NC && ok; c++) {
      imu_in_t xr = in[c], xc = in[c];
      xr.pmc_rd_data = por.rd_data[c];
      xc.pmc_rd_data = poc.rd_data[c];
      imu_rtl_step(ip[c].rtl, &xr, &orr[c]);
      imu_step(ip[c].c, &xc, &occ[c]);
      ok = imu_compare(&t, cyc, names[c], &orr[c], &occ[c]);
    }
    if (!ok) break;

    /* ---- MSHR bookkeeping (after both PMCs saw the events) */
    if (pin.mshr_free) ms[pin.mshr_free_idx].valid = 0;
    if (pin.mshr_alloc) {
      ms[pin.mshr_alloc_idx].valid = 1;
      ms[pin.mshr_alloc_idx].core = pin.mshr_alloc_core;
      ms[pin.mshr_alloc_idx].expire = cyc + 30 + tb_rng_below(&r, 270);
    }

    /* ---- host drivers: react to this cycle's outputs */
    for (unsigned c = 0; c < NC; c++) {
      host_t *k = &h[c];
      const imu_out_t *o = &orr[c];
      switch (k->st) {
      case H_GAP:
        if (k->left) {
          k->left--;
          break;
        }
        k->id = c * 16 + (uint32_t)tb_rng_below(&r, 6);
        /* some loops shorter than their sample: decided at their end */
        k->trip = tb_rng_chance(&r, 1, 10) ? (uint32_t)tb_rng_below(&r, 3) : 20 + (uint32_t)tb_rng_below(&r, 280);
        k->i = 0;
        k->got1 = 0;
        k->cleared = 0;
        k->st = H_BEGIN;
        break;
      case H_BEGIN:
        if (o->marker_ready) k->st = k->trip ? H_ITER : H_END;
        break;
      case H_ITER:
        if (o->marker_ready) k->st = H_WAITV;
        break;
      case H_WAITV:
        /* The first cycle after acceptance shows a fast verdict. */
        if (!o->verdict_valid) break;
        if (o->verdict) {
          k->got1 = 1;
          k->at = k->i;
          k->st = H_END;
        } else {
          k->left = 3 + (unsigned)tb_rng_below(&r, 18);
          k->st = H_BODY;
        }
        break;
      case H_BODY:
        if (k->left) {
          k->left--;
          break;
        }
        k->i++;
        k->st = k->i < k->trip ? H_ITER : H_END;
        break;
      case H_END:
        if (o->marker_ready) k->st = H_DRAIN;
        break;
      case H_DRAIN:
        if (o->marker_ready) k->st = H_CHECK; /* next cycle reads the entry */
        break;
      case H_CHECK: {
        /* o shows the entry of k->id (tbl_rd_id was k->id this cycle). */
        loops++;
        const uint32_t f = IMU_FRACTION_DEFAULT;
        const uint64_t sc = ((uint64_t)k->trip * f + 0xFFFF) >> 16;
        const uint32_t s = (uint32_t)(sc > 1 ? sc : 1);
        char w[96];
#define CHKV(name, got, want)                                                                \
  do {                                                                                       \
    snprintf(w, sizeof w, "core %u loop %u (cycle %llu): %s", c, k->id, (unsigned long long)cyc, name); \
    tb_expect_u64(&t, w, (uint64_t)(got), (uint64_t)(want));                                 \
  } while (0)
#define CHK(field, want) CHKV(#field, o->field, want)
        CHK(tbl_rd_hit, 1);
        CHK(tbl_rd_decided, 1);
        if (k->cleared) {
          checked++;
          int dec;
          uint64_t num, den;
          if (modes[c] == IMU_MODE_MPKI) {
            num = k->misses;
            den = k->ins;
            dec = (unsigned __int128)num * 1000u * 65536u > (unsigned __int128)IMU_MPKI_THR_DEFAULT * den;
          } else {
            num = k->pure;
            den = k->total;
            dec = (unsigned __int128)num * 65536u > (unsigned __int128)IMU_THRESHOLD_DEFAULT * den;
          }
          const int by_iter = s < k->trip;
          CHK(tbl_rd_num, num);
          CHK(tbl_rd_den, den);
          CHK(tbl_rd_site, dec);
          CHK(tbl_rd_sampled, by_iter ? s : k->trip);
          CHK(tbl_rd_offloaded, by_iter && dec ? k->trip - s : 0);
          CHKV("verdict 1 seen", k->got1, by_iter && dec);
          if (k->got1) CHKV("iteration of verdict 1", k->at, s);
          if (!by_iter) ended_in_sample++;
          if (c == 3) sticky_known[k->id & 63] = dec;
          dec ? pim++ : host++;
        } else {
          /* Sticky re-entry: the known decision, no sample. */
          sticky_reuse++;
          CHKV("sticky core", c, 3);
          CHK(tbl_rd_site, sticky_known[k->id & 63]);
          CHK(tbl_rd_sampled, 0);
          CHKV("verdict 1 seen", k->got1, sticky_known[k->id & 63] && k->trip > 0);
          CHK(tbl_rd_offloaded, sticky_known[k->id & 63] && k->trip > 0 ? k->trip : 0);
          if (k->got1) CHKV("iteration of verdict 1", k->at, 0);
        }
#undef CHK
#undef CHKV
        k->left = (unsigned)tb_rng_below(&r, 200);
        k->st = H_GAP;
        break;
      }
      default: break;
      }
    }
  }

  tb_log(&t, "%llu cycles: %llu loops, %llu sampled and checked (%llu PIM, %llu host, %llu ended inside the sample), "
         "%llu sticky re-entries\n",
         (unsigned long long)ncycles, (unsigned long long)loops, (unsigned long long)checked,
         (unsigned long long)pim, (unsigned long long)host, (unsigned long long)ended_in_sample,
         (unsigned long long)sticky_reuse);
  if (ok && ncycles >= 100000) {
    tb_expect_u64(&t, "PIM decisions > 20", pim > 20, 1);
    tb_expect_u64(&t, "host decisions > 20", host > 20, 1);
    tb_expect_u64(&t, "sticky re-entries > 5", sticky_reuse > 5, 1);
    tb_expect_u64(&t, "loops ended inside their sample > 5", ended_in_sample > 5, 1);
  }
  for (unsigned c = 0; c < NC; c++) imu_pair_close(&ip[c]);
  pmc_rtl_free(prtl);
  pmc_free(pc);
  return tb_finish(&t);
}
