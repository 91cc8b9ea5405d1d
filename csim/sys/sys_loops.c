/* Loop tracking of the co-simulation system: each core's marker stream and
 * IMU verdicts (per-loop statistics; the coherence cycles charged to loops
 * are sys_inval.c's, sys_coh_charge) (sys_int.h). */
#include "sys_int.h"

#include <stdlib.h>

/* One more decision of core c in l->dec_seq; a full (or unallocatable)
 * sequence stops growing and says so (dec_seq_cut), the counts go on. */
static void dec_seq_add(sys_loop_t *l, unsigned c, int pim) {
  if (l->dec_seq_cut) return;
  if (l->dec_seq_n + 3 > l->dec_seq_cap) {
    const size_t cap = l->dec_seq_cap ? 2 * l->dec_seq_cap : 64;
    char *p = cap <= SYS_DEC_SEQ_MAX + 1 ? realloc(l->dec_seq, cap) : NULL;
    if (!p) {
      l->dec_seq_cut = 1;
      return;
    }
    l->dec_seq = p;
    l->dec_seq_cap = cap;
  }
  l->dec_seq[l->dec_seq_n++] = "0123456789abcdef"[c & 15];
  l->dec_seq[l->dec_seq_n++] = pim ? 'p' : 'h';
  l->dec_seq[l->dec_seq_n] = 0;
}

void sys_loops_free(struct sys *s) {
  for (unsigned i = 0; i < SYS_MAX_LOOPS; i++) free(s->loops[i].dec_seq);
}

static void track_commit(struct sys *s, unsigned c, sys_track_t *tr) {
  if (!tr->cap_valid) return;
  sys_loop_t *l = &s->loops[tr->id < SYS_MAX_LOOPS ? tr->id : 0];
  l->theta_num += tr->cap_num;
  l->theta_den += tr->cap_den;
  l->sampled += tr->cap_sampled;
  l->samples += tr->cap_sampled != 0;
  if (c < 32 && !(l->cores_seen >> c & 1)) {
    l->cores_seen |= 1u << c;
    l->theta_num_first += tr->cap_num;
    l->theta_den_first += tr->cap_den;
  }
  tr->cap_valid = 0;
}

void sys_loops_finish(struct sys *s) {
  for (unsigned c = 0; c < s->cfg.host.cores; c++) {
    track_commit(s, c, &s->track[c]);
    sys_coh_charge(s, c, 0);
  }
}

int sys_track_starts(const struct sys *s, unsigned c, const host_imu_out_t *hm) {
  return hm->marker_valid && s->mo[c].marker_ready && hm->marker_op == IMU_OP_BEGIN && s->track[c].depth == 0;
}

void sys_track(struct sys *s, unsigned c, const host_imu_out_t *hm) {
  sys_track_t *tr = &s->track[c];
  const imu_out_t *mo = &s->mo[c];
  sys_loop_t *l = &s->loops[tr->id < SYS_MAX_LOOPS ? tr->id : 0];
  if (mo->verdict_valid && tr->depth == 1 && tr->active) {
    if (mo->verdict) {
      if (!tr->off) {
        tr->off = 1;
        l->pim_iters += tr->trip > tr->k ? tr->trip - tr->k : 0;
      }
    } else {
      tr->k++;
      l->host_iters++;
    }
  }
  if (!(hm->marker_valid && mo->marker_ready)) return;
  switch (hm->marker_op) {
    case IMU_OP_BEGIN:
      if (sys_track_starts(s, c, hm)) {
        track_commit(s, c, tr);
        tr->id = hm->marker_id;
        tr->trip = hm->marker_trip;
        tr->k = 0;
        tr->off = 0;
        tr->active = 1;
        l = &s->loops[tr->id < SYS_MAX_LOOPS ? tr->id : 0];
        l->execs++;
        l->trip += tr->trip;
      }
      tr->depth++;
      break;
    case IMU_OP_END:
      if (tr->depth == 1 && tr->active && tr->trip) { /* an empty chunk decides nothing */
        if (tr->off) l->dec_pim++;
        else l->dec_host++;
        dec_seq_add(l, c, tr->off);
      }
      if (tr->depth) tr->depth--;
      break;
    default: break;
  }
}

const char *sys_loop_dec_seq(const sys_t *s, unsigned id) {
  if (id >= SYS_MAX_LOOPS) return "";
  const sys_loop_t *l = &s->loops[id];
  return l->dec_seq_cut ? "+" : l->dec_seq ? l->dec_seq : "";
}

double sys_loop_theta(const sys_t *s, unsigned id) {
  if (id >= SYS_MAX_LOOPS || !s->loops[id].theta_den) return -1.0;
  return (double)s->loops[id].theta_num / (double)s->loops[id].theta_den;
}

unsigned sys_loop_depth(const sys_t *s, unsigned core, uint32_t *id) {
  const sys_track_t *t = &s->track[core];
  *id = t->id;
  return t->depth;
}
