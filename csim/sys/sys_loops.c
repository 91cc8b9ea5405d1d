/* Loop tracking of the co-simulation system: each core's marker stream and
 * IMU verdicts (per-loop statistics) and the coherence cycles charged to
 * loops (sys_int.h). */
#include "sys_int.h"

/* Charges core's coherence cycles since its last launch: the write-back
 * wait just before this launch to loop id, the invalidation wait after its
 * previous launch to that launch's loop (id 0: the end of the run). */
void sys_coh_charge(struct sys *s, unsigned core, uint32_t id) {
  host_stats_t st;
  host_stats(s->host, &st);
  const host_core_stats_t *k = &st.core[core];
  sys_coh_t *c = &s->coh[core];
  if (id) {
    s->loops[id].wb_cycles += k->pim_wb_cycles - c->wb_cycles;
    s->loops[id].wb_lines += st.pim_wb_lines - s->wb_lines_seen;
    s->wb_lines_seen = st.pim_wb_lines;
  }
  if (c->last_loop) s->loops[c->last_loop].inv_cycles += k->pim_inv_cycles - c->inv_cycles;
  c->wb_cycles = k->pim_wb_cycles;
  c->inv_cycles = k->pim_inv_cycles;
  if (id) c->last_loop = id;
}

static void track_commit(struct sys *s, sys_track_t *tr) {
  if (!tr->cap_valid) return;
  sys_loop_t *l = &s->loops[tr->id < SYS_MAX_LOOPS ? tr->id : 0];
  l->theta_num += tr->cap_num;
  l->theta_den += tr->cap_den;
  l->sampled += tr->cap_sampled;
  tr->cap_valid = 0;
}

void sys_loops_finish(struct sys *s) {
  for (unsigned c = 0; c < s->cfg.host.cores; c++) {
    track_commit(s, &s->track[c]);
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
        track_commit(s, tr);
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
      }
      if (tr->depth) tr->depth--;
      break;
    default: break;
  }
}

unsigned sys_loop_depth(const sys_t *s, unsigned core, uint32_t *id) {
  const sys_track_t *t = &s->track[core];
  *id = t->id;
  return t->depth;
}

void sys_coh_lines(const sys_t *s, uint64_t *wb_lines, uint64_t *inv_lines) {
  host_stats_t hs;
  host_stats(s->host, &hs);
  *wb_lines = hs.pim_wb_lines;
  *inv_lines = s->inv_lines;
}
