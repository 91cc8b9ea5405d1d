/* Verilated-block adapters (cosim_blocks.h). */
#include "cosim_blocks.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "imu_rtl.h"
#include "pe_rtl.h"
#include "pmc_rtl.h"

typedef struct {
  sys_t *s;
  char name[16];
  uint64_t n; /* steps so far (the block's own clock) */
  char err[256];
  int inject; /* test hook: corrupt the C model's next input once (COSIM_INJECT) */
} base_t;

/* COSIM_INJECT=<block> (pmc, imu or pe) corrupts one input of that block's
 * C model in lockstep, so tests can show that a difference is caught and
 * reported; never set in normal runs. */
static int inject_wanted(const char *blk) {
  const char *e = getenv("COSIM_INJECT");
  return e && !strcmp(e, blk);
}

static int mismatch(base_t *b, const char *port, uint64_t rtl, uint64_t c) {
  uint64_t hc = sys_cycle(b->s);
  snprintf(b->err, sizeof b->err,
           "lockstep mismatch: %s cycle %" PRIu64 " (host cycle %" PRIu64 ") port %s: rtl=0x%" PRIx64 " c=0x%" PRIx64,
           b->name, b->n, hc ? hc - 1 : 0, port, rtl, c);
  return -1;
}

static const char *base_error(void *ctx) { return ((base_t *)ctx)->err; }

/* One X of <BLK>_CFG_FIELDS (the generated <blk>_desc.h): appends to d
 * (dn bytes so far) a field of the Verilated build rc that differs from the
 * run's want, so the check below covers every parameter of the block
 * without restating the list. */
#define CFG_DIFF(rtl, f, var)                                                                                \
  if (rc.f != want.f && dn < sizeof d)                                                                    \
    dn += (size_t)snprintf(d + dn, sizeof d - dn, "%s%s %u where the run asks for %u (make %s=%u)", dn ? ", " : "", \
                           rtl, rc.f, want.f, var, want.f);

/* The ops' idle answers (sys.h "Idle blocks"): never.  The Verilated block
 * is clocked every cycle (its waveform and the step count b.n in the
 * mismatch lines stay the cycle's), and in lockstep the C model beside it
 * is compared every cycle; so these blocks need no read ops either. */
static int pmc_ad_idle(void *ctx, const pmc_in_t *in) {
  (void)ctx;
  (void)in;
  return 0;
}
static int imu_ad_idle(void *ctx) {
  (void)ctx;
  return 0;
}

static void fst_name(char *b, size_t cap, const char *prefix, const char *blk) {
  snprintf(b, cap, "%s.%s.fst", prefix, blk);
}

/* ---------------------------------------------------------------- PMC */
typedef struct {
  base_t b;
  pmc_rtl_t *r;
  pmc_t *c;
  unsigned cores;
} pmc_ad_t;

static int pmc_ad_step(void *ctx, const pmc_in_t *in, pmc_out_t *out) {
  pmc_ad_t *a = ctx;
  pmc_rtl_step(a->r, in, out);
  if (a->c) {
    pmc_out_t oc;
    if (a->b.inject && a->b.n >= 1000 && in->enable) {
      pmc_in_t bad = *in;
      /* one pure miss cycle more for the cores sampling now: seen when their IMU reads it */
      bad.miss_act |= in->enable;
      bad.hit_act &= ~in->enable;
      pmc_step(a->c, &bad, &oc);
      a->b.inject = 0;
    } else {
      pmc_step(a->c, in, &oc);
    }
    for (unsigned k = 0; k < a->cores; k++)
      if (out->rd_data[k] != oc.rd_data[k]) {
        char port[48];
        snprintf(port, sizeof port, "rd_data_o[%u] (rd_sel %u)", k, in->rd_sel[k]);
        return mismatch(&a->b, port, out->rd_data[k], oc.rd_data[k]);
      }
  }
  a->b.n++;
  return 0;
}

static void pmc_ad_free(void *ctx) {
  pmc_ad_t *a = ctx;
  pmc_rtl_free(a->r);
  pmc_free(a->c);
  free(a);
}

int cosim_use_pmc(sys_t *s, sys_blk_mode_t mode, unsigned reset_seed, const char *waves, char *err, size_t cap) {
  char path[512];
  if (waves) fst_name(path, sizeof path, waves, "pmc");
  pmc_ad_t *a = calloc(1, sizeof *a);
  a->b.s = s;
  snprintf(a->b.name, sizeof a->b.name, "pmc");
  a->r = pmc_rtl_new(reset_seed, waves ? path : NULL);
  if (!a->r) {
    snprintf(err, cap, "--rtl=pmc: cannot build the Verilated PMC");
    free(a);
    return -1;
  }
  const pmc_cfg_t rc = pmc_rtl_cfg(a->r), want = sys_config(s)->pmc;
  char d[512];
  size_t dn = 0;
  PMC_CFG_FIELDS(CFG_DIFF)
  if (dn) {
    snprintf(err, cap,
             "the RTL PMC was built with %s: rebuild it so, or change the run's parameters "
             "(NumCores is host.cores, NumMshr llc.mshrs, W pmc.w, CntW pmc.cnt_w)",
             d);
    pmc_ad_free(a);
    return -1;
  }
  a->cores = rc.num_cores;
  if (mode == SYS_BLK_LOCKSTEP) a->c = pmc_new(&rc);
  a->b.inject = mode == SYS_BLK_LOCKSTEP && inject_wanted("pmc");
  sys_pmc_ops_t ops = {a, pmc_ad_step, base_error, pmc_ad_free, pmc_ad_idle, NULL};
  sys_set_pmc(s, &ops);
  return 0;
}

/* ---------------------------------------------------------------- IMU */
typedef struct {
  base_t b;
  imu_rtl_t *r;
  imu_t *c;
} imu_ad_t;

static void imu_ad_moore(void *ctx, imu_out_t *out) {
  imu_ad_t *a = ctx;
  imu_rtl_moore(a->r, out);
}

static int imu_ad_step(void *ctx, const imu_in_t *in, imu_out_t *out) {
  imu_ad_t *a = ctx;
  imu_rtl_step(a->r, in, out);
  if (a->c) {
    imu_out_t o;
    if (a->b.inject && a->b.n >= 1000 && !in->cfg_we) {
      imu_in_t bad = *in;
      bad.cfg_we = 1;
      bad.cfg_addr = IMU_CFG_MODE;
      bad.cfg_wdata = IMU_MODE_PIM;
      imu_step(a->c, &bad, &o);
      a->b.inject = 0;
    } else {
      imu_step(a->c, in, &o);
    }
#define CMP(f)                                                                                 \
  if ((uint64_t)out->f != (uint64_t)o.f) {                                                     \
    return mismatch(&a->b, #f, (uint64_t)out->f, (uint64_t)o.f);                               \
  }
    CMP(marker_ready) CMP(verdict_valid) CMP(verdict) CMP(pmc_clear) CMP(pmc_enable) CMP(pmc_flush)
    CMP(pmc_rd_sel) CMP(tbl_rd_hit) CMP(tbl_rd_decided) CMP(tbl_rd_site) CMP(tbl_rd_num) CMP(tbl_rd_den)
    CMP(tbl_rd_sampled) CMP(tbl_rd_offloaded)
#undef CMP
  }
  a->b.n++;
  return 0;
}

static void imu_ad_free(void *ctx) {
  imu_ad_t *a = ctx;
  imu_rtl_free(a->r);
  imu_free(a->c);
  free(a);
}

int cosim_use_imu(sys_t *s, sys_blk_mode_t mode, unsigned reset_seed, const char *waves, char *err, size_t cap) {
  const unsigned cores = sys_config(s)->host.cores;
  for (unsigned k = 0; k < cores; k++) {
    char path[512], nm[16];
    snprintf(nm, sizeof nm, "imu%u", k);
    if (waves) fst_name(path, sizeof path, waves, nm);
    imu_ad_t *a = calloc(1, sizeof *a);
    a->b.s = s;
    snprintf(a->b.name, sizeof a->b.name, "%s", nm);
    a->r = imu_rtl_new(reset_seed, waves ? path : NULL);
    if (!a->r) {
      snprintf(err, cap, "--rtl=imu: cannot build the Verilated IMU");
      free(a);
      return -1;
    }
    const imu_cfg_t rc = imu_rtl_cfg(a->r), want = sys_config(s)->imu;
    char d[512];
    size_t dn = 0;
    IMU_CFG_FIELDS(CFG_DIFF)
    if (dn) {
      snprintf(err, cap,
               "the RTL IMU was built with %s: rebuild it so, or change the run's parameters "
               "(NumLoops is imu.num_loops, CntW pmc.cnt_w)",
               d);
      imu_ad_free(a);
      return -1;
    }
    if (mode == SYS_BLK_LOCKSTEP) a->c = imu_new(&rc);
    a->b.inject = mode == SYS_BLK_LOCKSTEP && k == 0 && inject_wanted("imu");
    sys_imu_ops_t ops = {a, imu_ad_moore, imu_ad_step, base_error, imu_ad_free, imu_ad_idle, NULL};
    sys_set_imu(s, k, &ops);
  }
  return 0;
}

/* ---------------------------------------------------------------- PE */
typedef struct {
  base_t b;
  pe_rtl_t *r;
  pe_t *c;
} pe_ad_t;

static void pe_ad_outputs(void *ctx, pe_out_t *out) {
  pe_ad_t *a = ctx;
  pe_rtl_outputs(a->r, out);
}

static int pe_ad_step(void *ctx, const pe_in_t *in, pe_out_t *out) {
  pe_ad_t *a = ctx;
  pe_rtl_step(a->r, in, out);
  if (a->c) {
    pe_out_t o;
    if (a->b.inject && in->mem_resp_valid) {
      pe_in_t bad = *in;
      for (unsigned w = 0; w < PE_MAX_LINE_BYTES / 4; w++) bad.mem_resp_data[w] ^= 0x00100000u; /* rs2/imm bit */
      pe_step(a->c, &bad, &o);
      a->b.inject = 0;
    } else {
      pe_step(a->c, in, &o);
    }
#define CMP(f)                                                   \
  if ((uint64_t)out->f != (uint64_t)o.f) {                       \
    return mismatch(&a->b, #f, (uint64_t)out->f, (uint64_t)o.f); \
  }
    CMP(halted) CMP(mem_req_valid)
    if (o.mem_req_valid) {
      CMP(mem_req_addr) CMP(mem_req_op) CMP(mem_req_wdata) CMP(mem_req_be) CMP(mem_req_tag)
      if (o.mem_req_op == PE_OP_AMO) CMP(mem_req_amo)
    }
    CMP(ret_valid)
    if (o.ret_valid) {
      CMP(ret_pc) CMP(ret_insn) CMP(ret_rd) CMP(ret_rd_value)
    }
#undef CMP
  }
  a->b.n++;
  return 0;
}

static void pe_ad_free(void *ctx) {
  pe_ad_t *a = ctx;
  pe_rtl_free(a->r);
  pe_free(a->c);
  free(a);
}

int cosim_use_pe(sys_t *s, sys_blk_mode_t mode, unsigned reset_seed, const char *waves, char *err, size_t cap) {
  const unsigned n = sys_config(s)->num_pes;
  for (unsigned k = 0; k < n; k++) {
    char path[512], nm[16];
    snprintf(nm, sizeof nm, "pe%u", k);
    if (waves) fst_name(path, sizeof path, waves, nm);
    pe_ad_t *a = calloc(1, sizeof *a);
    a->b.s = s;
    snprintf(a->b.name, sizeof a->b.name, "%s", nm);
    a->r = pe_rtl_new(reset_seed, waves ? path : NULL);
    if (!a->r) {
      snprintf(err, cap, "--rtl=pe: cannot build the Verilated PE");
      free(a);
      return -1;
    }
    const pe_cfg_t rc = pe_rtl_cfg(a->r), want = sys_config(s)->pe;
    char d[512];
    size_t dn = 0;
    PE_CFG_FIELDS(CFG_DIFF)
    if (dn) {
      snprintf(err, cap, "the RTL PE was built with %s: rebuild it so, or change the run's parameters (pe.*)", d);
      pe_ad_free(a);
      return -1;
    }
    if (mode == SYS_BLK_LOCKSTEP) a->c = pe_new(&rc);
    a->b.inject = mode == SYS_BLK_LOCKSTEP && k == 0 && inject_wanted("pe");
    sys_pe_ops_t ops = {a, pe_ad_outputs, pe_ad_step, base_error, pe_ad_free};
    sys_set_pe(s, k, &ops);
  }
  return 0;
}
