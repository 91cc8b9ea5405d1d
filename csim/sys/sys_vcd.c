/* System-level VCD of a co-simulation run (sys.h, docs/cosim.md): per core
 * theta of the last sample, IMU busy/sampling/verdict, the managed loop id;
 * launches, launches active in the dispatcher, PE busy bitmap.  Time in ps. */
#include <errno.h>
#include <string.h>

#include "sys_int.h"

enum { V_THETA = 0, V_BUSY = 1, V_SAMPLING = 2, V_VERDICT = 3, V_LOOP = 4, V_PER_CORE = 5 };

static void code(unsigned i, char *b) {
  b[0] = (char)('!' + i % 90);
  b[1] = (char)('!' + i / 90);
  b[2] = 0;
}

int sys_vcd_open(sys_t *s, const char *path, char *err, size_t cap) {
  if (!path) return 0;
  s->vcd = fopen(path, "w");
  if (!s->vcd) {
    snprintf(err, cap, "%s:0: cannot write the VCD", path);
    return -1;
  }
  FILE *f = s->vcd;
  fprintf(f, "$timescale 1ps $end\n$scope module copim $end\n");
  char c[3];
  unsigned i = 0;
  for (unsigned k = 0; k < s->cfg.host.cores; k++) {
    code(i++, c);
    fprintf(f, "$var real 64 %s core%u_theta $end\n", c, k);
    code(i++, c);
    fprintf(f, "$var wire 1 %s core%u_imu_busy $end\n", c, k);
    code(i++, c);
    fprintf(f, "$var wire 1 %s core%u_sampling $end\n", c, k);
    code(i++, c);
    fprintf(f, "$var wire 1 %s core%u_verdict_pim $end\n", c, k);
    code(i++, c);
    fprintf(f, "$var wire 32 %s core%u_loop_id $end\n", c, k);
  }
  code(i++, c);
  fprintf(f, "$var wire 32 %s pim_launches $end\n", c);
  code(i++, c);
  fprintf(f, "$var wire 32 %s pe_busy $end\n", c);
  code(i++, c);
  fprintf(f, "$var wire 32 %s launches_active $end\n", c);
  fprintf(f, "$upscope $end\n$enddefinitions $end\n");
  memset(s->vcd_last, 0xff, sizeof s->vcd_last);
  return 0;
}

static void put(struct sys *s, unsigned i, uint64_t v, unsigned width, int *stamped, uint64_t t) {
  if (s->vcd_last[i] == v && s->vcd_started) return;
  if (!*stamped) {
    fprintf(s->vcd, "#%llu\n", (unsigned long long)t);
    *stamped = 1;
  }
  s->vcd_last[i] = v;
  char c[3];
  code(i, c);
  if (width == 0) {
    double d;
    memcpy(&d, &v, sizeof d);
    fprintf(s->vcd, "r%.6g %s\n", d, c);
  } else if (width == 1) {
    fprintf(s->vcd, "%u%s\n", (unsigned)(v & 1), c);
  } else {
    fputc('b', s->vcd);
    int any = 0;
    for (int b = (int)width - 1; b >= 0; b--) {
      unsigned bit = (unsigned)(v >> b) & 1;
      if (bit || any || b == 0) {
        fputc('0' + (int)bit, s->vcd);
        any = 1;
      }
    }
    fprintf(s->vcd, " %s\n", c);
  }
}

void sys_vcd_sample(struct sys *s) {
  const uint64_t t = host_cycle(s->host) * s->cfg.host.clk_ps;
  int st = 0;
  unsigned i = 0;
  for (unsigned k = 0; k < s->cfg.host.cores; k++) {
    const sys_track_t *tr = &s->track[k];
    double th = tr->cap_den ? (double)tr->cap_num / (double)tr->cap_den : 0.0;
    uint64_t bits;
    memcpy(&bits, &th, sizeof bits);
    put(s, i++, bits, 0, &st, t);
    put(s, i++, !s->mo[k].marker_ready, 1, &st, t);
    put(s, i++, s->mo[k].pmc_enable, 1, &st, t);
    put(s, i++, s->mo[k].verdict_valid && s->mo[k].verdict, 1, &st, t);
    put(s, i++, tr->depth ? tr->id : 0, 32, &st, t);
  }
  put(s, i++, s->launches, 32, &st, t);
  uint64_t busy = 0;
  for (unsigned p = 0; p < s->cfg.num_pes; p++)
    if (s->pes.pe[p].running) busy |= 1ull << p;
  put(s, i++, busy, 32, &st, t);
  put(s, i++, hmc_dispatch_active(s->disp), 32, &st, t);
  s->vcd_started = 1;
}

int sys_vcd_finish(sys_t *s) {
  if (!s->vcd) return 0;
  fprintf(s->vcd, "#%llu\n", (unsigned long long)(host_cycle(s->host) * s->cfg.host.clk_ps));
  int e = fflush(s->vcd) || ferror(s->vcd) ? (errno ? errno : EIO) : 0;
  if (fclose(s->vcd) && !e) e = errno ? errno : EIO;
  s->vcd = NULL;
  return e;
}

void sys_vcd_close(struct sys *s) {
  if (!s->vcd) return;
  fprintf(s->vcd, "#%llu\n", (unsigned long long)(host_cycle(s->host) * s->cfg.host.clk_ps));
  fclose(s->vcd);
  s->vcd = NULL;
}
