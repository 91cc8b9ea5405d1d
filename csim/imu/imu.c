#include "imu.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pmc.h"

typedef unsigned __int128 imu_u128;

struct imu {
  imu_cfg_t cfg;
  uint64_t cnt_mask, ret_mask;
  uint32_t id_mask;
  imu_u128 acc_mask;
  unsigned depth_max;
  /* configuration */
  unsigned mode;
  uint32_t frac, thr, min, mpki;
  int sticky;
  uint8_t *plan;
  /* the managed loop */
  unsigned state, depth;
  int sampling, mpki_mode, site, off_done, via_iter;
  unsigned idx;
  uint32_t trip, k, s;
  /* AB mode (docs/imu.md "AB"): the managed loop is in AB mode, its rest
   * runs on the PEs as the measured side (abx), the host sample's size and
   * its cycles projected onto the rest (Ch x (trip - S) / 2^16, saturated) */
  int ab_mode, abx;
  uint32_t ab_s;
  imu_u128 ab_lhs;
  /* AB's per-entry memory: a decision valid, its site, floor(log2 trip) of
   * the range, the range valid (a host execution recorded it) */
  uint8_t *abv, *absite, *abt, *abn;
  /* measurement and serial multiplier */
  uint64_t ins, num, den;
  imu_u128 acc;
  uint32_t mplier;
  unsigned cnt;
  /* output registers */
  int vvalid, verdict, clear, enable, flush;
  unsigned sel;
  /* decision table */
  imu_entry_t *t;
  unsigned ptr;
  /* the table read port's id, presented a cycle before its answer */
  uint32_t rd_id;
  /* the read port's answer for the table and rd_id as they stand (rp_ok):
   * a step reads it instead of matching every entry again, and drops it
   * when an edge writes the table or moves rd_id */
  int rp_ok;
  imu_out_t rp;
};

imu_t *imu_new(const imu_cfg_t *cfg) {
  const imu_cfg_t *c = cfg;
  if (c->num_loops < 2 || c->num_loops > IMU_MAX_LOOPS || c->id_w < 1 || c->id_w > 32 || c->cnt_w < 32 ||
      c->cnt_w > 64 || c->ret_w < 1 || c->ret_w > 8 || c->plan_w < 1 || c->plan_w > 16 || c->plan_w > c->id_w ||
      c->depth_w < 1 || c->depth_w > 16) {
    fprintf(stderr, "imu: configuration out of range (loops %u, IdW %u, CntW %u, RetW %u, PlanW %u, DepthW %u)\n",
            c->num_loops, c->id_w, c->cnt_w, c->ret_w, c->plan_w, c->depth_w);
    return NULL;
  }
  imu_t *m = calloc(1, sizeof *m);
  if (!m) return NULL;
  m->cfg = *c;
  m->cnt_mask = c->cnt_w == 64 ? ~0ull : (1ull << c->cnt_w) - 1;
  m->ret_mask = (1ull << c->ret_w) - 1;
  m->id_mask = c->id_w == 32 ? ~0u : (1u << c->id_w) - 1;
  m->acc_mask = ((imu_u128)1 << (c->cnt_w + 32)) - 1;
  m->depth_max = (1u << c->depth_w) - 1;
  m->plan = calloc(1u << c->plan_w, 1);
  m->t = calloc(c->num_loops, sizeof *m->t);
  m->abv = calloc(c->num_loops, 4);
  if (!m->plan || !m->t || !m->abv) {
    imu_free(m);
    return NULL;
  }
  imu_reset(m);
  return m;
}

void imu_free(imu_t *m) {
  if (!m) return;
  free(m->plan);
  free(m->t);
  free(m->abv);
  free(m);
}

void imu_reset(imu_t *m) {
  imu_entry_t *t = m->t;
  uint8_t *plan = m->plan, *abv = m->abv;
  imu_cfg_t cfg = m->cfg;
  uint64_t cm = m->cnt_mask, rm = m->ret_mask;
  uint32_t im = m->id_mask;
  imu_u128 am = m->acc_mask;
  unsigned dm = m->depth_max;
  memset(m, 0, sizeof *m);
  m->cfg = cfg;
  m->cnt_mask = cm;
  m->ret_mask = rm;
  m->id_mask = im;
  m->acc_mask = am;
  m->depth_max = dm;
  m->t = t;
  m->plan = plan;
  m->abv = abv;
  m->absite = abv + cfg.num_loops;
  m->abt = abv + 2 * cfg.num_loops;
  m->abn = abv + 3 * cfg.num_loops;
  memset(abv, 0, 4 * cfg.num_loops);
  memset(t, 0, cfg.num_loops * sizeof *t);
  memset(plan, 0, 1u << cfg.plan_w);
  m->state = IMU_ST_IDLE;
  m->mode = IMU_MODE_THETA;
  m->frac = IMU_FRACTION_DEFAULT;
  m->thr = IMU_THRESHOLD_DEFAULT;
  m->min = IMU_MIN_SAMPLE_DEFAULT;
  m->mpki = IMU_MPKI_THR_DEFAULT;
  m->sel = PMC_SEL_NONE;
}

const imu_cfg_t *imu_cfg(const imu_t *m) { return &m->cfg; }
unsigned imu_state(const imu_t *m) { return m->state; }
unsigned imu_depth(const imu_t *m) { return m->depth; }
uint32_t imu_sample_size(const imu_t *m) { return m->s; }
int imu_sampling(const imu_t *m) { return m->sampling; }
int imu_site(const imu_t *m) { return m->site; }
int imu_ab_measuring(const imu_t *m) { return m->abx; }

int imu_table_get(const imu_t *m, unsigned idx, imu_entry_t *e) {
  if (idx >= m->cfg.num_loops) {
    memset(e, 0, sizeof *e);
    return 0;
  }
  *e = m->t[idx];
  return e->valid;
}

void imu_moore(const imu_t *m, imu_out_t *out) {
  out->marker_ready = m->state == IMU_ST_IDLE;
  out->verdict_valid = m->vvalid;
  out->verdict = m->verdict;
  out->pmc_clear = m->clear;
  out->pmc_enable = m->enable;
  out->pmc_flush = m->flush;
  out->pmc_rd_sel = m->sel;
}

static uint32_t q16_sat(uint32_t v) { return v > IMU_Q_ONE ? IMU_Q_ONE : v; }

/* floor(log2(trip)), 0 for 0 and 1: AB's trip range (the RTL's tlog_q). */
static unsigned trip_log(uint32_t trip) {
  unsigned l = 0;
  while (trip >> 1) {
    trip >>= 1;
    l++;
  }
  return l;
}

/* AB: entry idx has a range record for this trip: floor(log2 trip)
 * differs by at most one from the recorded one. */
static int ab_in(const imu_t *m) {
  const int d = (int)trip_log(m->trip) - (int)m->abt[m->idx];
  return m->abn[m->idx] && d >= -1 && d <= 1;
}

/* The table write of one edge, computed from the state before it. */
typedef struct {
  unsigned widx;
  int we_alloc, we_dec, we_meas, we_sam, we_off, w_dec, w_site;
  uint64_t w_num, w_den;
  uint32_t w_sam, w_off;
} imu_wr_t;

void imu_read_port(const imu_t *m, imu_out_t *out) {
  out->tbl_rd_hit = out->tbl_rd_decided = out->tbl_rd_site = 0;
  out->tbl_rd_num = out->tbl_rd_den = 0;
  out->tbl_rd_sampled = out->tbl_rd_offloaded = 0;
  for (unsigned e = 0; e < m->cfg.num_loops; e++) {
    const imu_entry_t *t = &m->t[e];
    if (t->valid && t->id == m->rd_id) {
      out->tbl_rd_hit = 1;
      out->tbl_rd_decided |= t->decided;
      out->tbl_rd_site |= t->site;
      out->tbl_rd_num |= t->num;
      out->tbl_rd_den |= t->den;
      out->tbl_rd_sampled |= t->sampled;
      out->tbl_rd_offloaded |= t->offloaded;
    }
  }
}

int imu_idle(const imu_t *m) {
  return m->state == IMU_ST_IDLE && !m->vvalid && !m->clear && !m->enable && !m->flush;
}

/* Whether (*bany) and where (*bidx) the marker's id has a valid entry (the
 * begin's match lines: an OR of the matching indices, as the RTL's). */
static void begin_match(const imu_t *m, uint32_t id, int *bany, unsigned *bidx) {
  *bany = 0;
  *bidx = 0;
  for (unsigned e = 0; e < m->cfg.num_loops; e++) {
    const imu_entry_t *t = &m->t[e];
    if (t->valid && t->id == id) {
      *bany = 1;
      *bidx |= e;
    }
  }
}

/* IDLE with a marker (op on loop id): the next state into *n, the table write into *wr. */
static void on_marker(const imu_t *m, const imu_in_t *in, uint32_t id, unsigned op, uint32_t trip_left,
                      struct imu *n, imu_wr_t *wr) {
  const imu_cfg_t *c = &m->cfg;
  if (op == IMU_OP_BEGIN) {
    if (m->depth != 0) {
      n->depth = m->depth == m->depth_max ? m->depth : m->depth + 1;
      return;
    }
    int bany;
    unsigned bidx;
    begin_match(m, id, &bany, &bidx);
    n->depth = 1;
    n->trip = in->marker_trip;
    n->k = 0;
    n->off_done = 0;
    wr->widx = bany ? bidx : m->ptr;
    n->idx = wr->widx;
    wr->we_alloc = 1;
    if (!bany) {
      n->ptr = m->ptr == c->num_loops - 1 ? 0 : m->ptr + 1;
      n->abv[wr->widx] = n->abn[wr->widx] = 0; /* an allocated entry forgets AB's memory (the RTL: next edge) */
    }
    wr->we_sam = wr->we_off = 1;
    if (m->sticky && bany && m->t[bidx].decided) {
      n->sampling = 0;
      n->site = m->t[bidx].site;
    } else {
      wr->we_dec = wr->we_meas = 1;
      if (m->mode == IMU_MODE_THETA || m->mode == IMU_MODE_MPKI || m->mode == IMU_MODE_AB) {
        n->sampling = 1;
        n->site = 0;
        n->mpki_mode = m->mode == IMU_MODE_MPKI;
        n->ab_mode = m->mode == IMU_MODE_AB;
        n->clear = 1;
        n->enable = 1;
        n->state = IMU_ST_CALC_S;
        n->acc = 0;
        n->mplier = m->frac << 15;
        n->cnt = 16;
      } else {
        int site = m->mode == IMU_MODE_PIM ? 1
                   : m->mode == IMU_MODE_PLAN ? m->plan[id & ((1u << c->plan_w) - 1)]
                                               : 0;
        n->sampling = 0;
        n->site = site;
        wr->w_dec = 1;
        wr->w_site = site;
      }
    }
  } else if (op == IMU_OP_ITER) {
    n->vvalid = 1;
    n->verdict = 0;
    if (m->depth != 1) return;
    if (m->sampling && m->k < m->s) {
      n->k = m->k + 1;
    } else if (m->sampling) {
      n->vvalid = 0;
      n->via_iter = 1;
      n->enable = 0;
      n->flush = 1;
      n->sel = m->mpki_mode ? PMC_SEL_MISSES : PMC_SEL_PURE;
      n->state = IMU_ST_FLUSH;
    } else {
      n->verdict = m->site;
      n->k = m->k + 1;
      if (m->site && !m->off_done) {
        n->off_done = 1;
        wr->we_off = 1;
        wr->w_off = trip_left;
      }
    }
  } else if (op == IMU_OP_END) {
    if (m->depth == 1 && !m->sampling && m->abx) n->state = IMU_ST_AB_WAIT; /* the PMC counts on */
    if (m->depth == 1 && m->sampling) {
      n->via_iter = 0;
      n->enable = 0;
      n->flush = 1;
      n->sel = m->mpki_mode ? PMC_SEL_MISSES : PMC_SEL_PURE;
      n->state = IMU_ST_FLUSH;
    }
    if (m->depth != 0) n->depth = m->depth - 1;
  }
}

/* A configuration-register write: into *n (the plan bits into m); 1 when it clears the table. */
static int cfg_write(imu_t *m, const imu_in_t *in, struct imu *n) {
  const imu_cfg_t *c = &m->cfg;
  const uint32_t v = in->cfg_wdata;
  switch (in->cfg_addr & 7u) {
  case IMU_CFG_MODE: n->mode = v & 7u; break;
  case IMU_CFG_FRACTION: n->frac = q16_sat(v); break;
  case IMU_CFG_THRESHOLD: n->thr = q16_sat(v); break;
  case IMU_CFG_MIN_SAMPLE: n->min = v; break;
  case IMU_CFG_MPKI_THR: n->mpki = v; break;
  case IMU_CFG_PLAN: m->plan[v & ((1u << c->plan_w) - 1)] = (uint8_t)(v >> 31); break;
  case IMU_CFG_CTRL: n->sticky = (int)(v & 1u); break;
  default: return 1; /* the table clear */
  }
  return 0;
}

/* The table writes of the edge (all from the state before it). */
static void table_write(imu_t *m, const imu_wr_t *wr, uint32_t id, int tbl_clear, struct imu *n) {
  const imu_cfg_t *c = &m->cfg;
  imu_entry_t *w = &m->t[wr->widx];
  if (wr->we_alloc) {
    w->valid = 1;
    w->id = id;
  }
  if (wr->we_dec) {
    w->decided = wr->w_dec;
    w->site = wr->w_site;
  }
  if (wr->we_meas) {
    w->num = wr->w_num;
    w->den = wr->w_den;
  }
  if (wr->we_sam) w->sampled = wr->w_sam;
  if (wr->we_off) w->offloaded = wr->w_off;
  if (tbl_clear) {
    for (unsigned e = 0; e < c->num_loops; e++) m->t[e].valid = 0;
    n->ptr = 0;
  }
}

/* StDecide: the decision's table write, verdict and next state.  AB: the
 * iter after the sample goes to the PEs (the measured side); at the end the
 * PEs' cycles x S against the host's projection. */
static void on_decide(imu_t *m, int offload, uint32_t trip_left, struct imu *n, imu_wr_t *wr) {
  const int ab_off = m->ab_lhs > (m->acc >> 16);
  const int site = !m->ab_mode ? offload : m->via_iter ? 1 : m->abx && ab_off;
  n->state = IMU_ST_IDLE;
  wr->we_dec = 1;
  wr->we_meas = wr->we_sam = wr->we_off = !m->abx;
  wr->w_dec = 1;
  wr->w_site = site;
  wr->w_num = m->num;
  wr->w_den = m->den;
  wr->w_sam = m->k;
  wr->w_off = m->via_iter && site ? trip_left : 0;
  if (m->via_iter) {
    n->vvalid = 1;
    n->verdict = site;
    n->sampling = 0;
    n->site = site;
    n->off_done = site;
    n->k = m->k + 1;
  }
  if (m->ab_mode && m->via_iter) {
    const imu_u128 h = m->acc >> 16, hmax = ((imu_u128)1 << (m->cfg.cnt_w + 15)) - 1;
    n->ab_lhs = h > hmax ? hmax : h;
    n->ab_s = m->k;
    n->abx = 1;
    n->clear = 1;
    n->enable = 1;
  } else if (m->ab_mode) {
    m->abv[m->idx] = m->abn[m->idx] = 1;
    m->absite[m->idx] = (uint8_t)site;
    m->abt[m->idx] = (uint8_t)trip_log(m->trip);
    n->abx = 0;
  }
}

void imu_step(imu_t *m, const imu_in_t *in, imu_out_t *out) {
  const uint32_t id = in->marker_id & m->id_mask, rid = in->tbl_rd_id & m->id_mask;
  const uint64_t rd_data = in->pmc_rd_data & m->cnt_mask;
  const unsigned op = in->marker_op & 3u;

  /* Outputs before the edge: registers and the table read port. */
  imu_moore(m, out);
  if (!m->rp_ok) {
    imu_read_port(m, &m->rp);
    m->rp_ok = 1;
  }
  out->tbl_rd_hit = m->rp.tbl_rd_hit;
  out->tbl_rd_decided = m->rp.tbl_rd_decided;
  out->tbl_rd_site = m->rp.tbl_rd_site;
  out->tbl_rd_num = m->rp.tbl_rd_num;
  out->tbl_rd_den = m->rp.tbl_rd_den;
  out->tbl_rd_sampled = m->rp.tbl_rd_sampled;
  out->tbl_rd_offloaded = m->rp.tbl_rd_offloaded;

  const uint64_t ins_next =
      ((m->clear ? 0 : m->ins) + (m->enable ? (in->instr_ret & m->ret_mask) : 0)) & m->cnt_mask;
  if (m->state == IMU_ST_IDLE && !in->marker_valid && !in->cfg_we) {
    /* the common edge (a core running between markers): of the next state
     * below only the pulses' reset, the count and the read id move, and
     * the table is not written */
    m->vvalid = m->clear = m->flush = 0;
    m->ins = ins_next;
    if (rid != m->rd_id) m->rp_ok = 0;
    m->rd_id = rid;
    return;
  }

  /* Arithmetic from the registers before the edge. */
  const imu_u128 addend = m->state == IMU_ST_CALC_S ? (imu_u128)m->trip : (imu_u128)m->den;
  const imu_u128 acc_step = ((m->acc << 1) + ((m->mplier >> 31) ? addend : 0)) & m->acc_mask;
  const uint64_t prod = (uint64_t)(acc_step & (((imu_u128)1 << 48) - 1));
  const uint32_t s_ceil = (uint32_t)(prod >> 16) + ((prod & 0xFFFF) != 0);
  const imu_u128 lhs = (m->mpki_mode ? (imu_u128)m->num * 1000u : (imu_u128)m->num) << 16;
  const int offload = lhs > m->acc;
  const uint32_t trip_left = m->trip > m->k ? m->trip - m->k : 0;

  /* Next state (the RTL's always_comb: defaults are the current values). */
  struct imu n = *m;
  n.vvalid = 0;
  n.clear = 0;
  n.flush = 0;
  n.ins = ins_next;
  n.rd_id = rid;
  imu_wr_t wr = {.widx = m->idx};

  switch (m->state) {
  case IMU_ST_IDLE:
    if (in->marker_valid) on_marker(m, in, id, op, trip_left, &n, &wr);
    break;
  case IMU_ST_CALC_S:
    n.acc = acc_step;
    n.mplier = m->mplier << 1;
    n.cnt = (m->cnt - 1) & 31u;
    if (m->cnt == 0) {
      n.s = s_ceil > m->min ? s_ceil : m->min;
      n.state = IMU_ST_IDLE;
      if (m->ab_mode && !(ab_in(m) && !m->abv[m->idx])) {
        /* AB: a decided range reuses its site; a new range runs on the
         * host and is recorded (the next execution in it measures): no
         * sample, the PMC stops, no table write (the entry reads as the
         * begin left it) */
        const int in = ab_in(m);
        n.sampling = 0;
        n.site = in && m->absite[m->idx];
        n.enable = 0;
        if (!in) {
          m->abn[m->idx] = 1;
          m->abv[m->idx] = 0;
          m->abt[m->idx] = (uint8_t)trip_log(m->trip);
        }
      }
    }
    break;
  case IMU_ST_AB_WAIT:
    /* the core presents its next marker (held until ready): the measured
     * span ends, the marker waits for the decision */
    if (in->marker_valid) {
      n.via_iter = 0;
      n.enable = 0;
      n.flush = 1;
      n.sel = PMC_SEL_PURE;
      n.state = IMU_ST_FLUSH;
    }
    break;
  case IMU_ST_FLUSH: n.state = IMU_ST_READ_NUM; break;
  case IMU_ST_READ_NUM:
    if (!m->abx) n.num = rd_data;
    n.sel = PMC_SEL_TOTAL;
    n.state = IMU_ST_READ_DEN;
    break;
  case IMU_ST_READ_DEN:
    n.den = m->mpki_mode ? m->ins : rd_data;
    n.sel = PMC_SEL_NONE;
    n.acc = 0;
    n.mplier = m->ab_mode ? (m->abx ? m->ab_s : trip_left) : m->mpki_mode ? m->mpki : m->thr << 15;
    n.cnt = m->mpki_mode || m->ab_mode ? 31 : 16;
    n.state = IMU_ST_MUL;
    break;
  case IMU_ST_MUL:
    n.acc = acc_step;
    n.mplier = m->mplier << 1;
    n.cnt = (m->cnt - 1) & 31u;
    if (m->cnt == 0) n.state = IMU_ST_DECIDE;
    break;
  case IMU_ST_DECIDE: on_decide(m, offload, trip_left, &n, &wr); break;
  default: n.state = IMU_ST_IDLE; break;
  }

  const int tbl_clear = in->cfg_we ? cfg_write(m, in, &n) : 0;
  table_write(m, &wr, id, tbl_clear, &n);
  if (wr.we_alloc || wr.we_dec || wr.we_meas || wr.we_sam || wr.we_off || tbl_clear || rid != m->rd_id) n.rp_ok = 0;
  *m = n;
}
