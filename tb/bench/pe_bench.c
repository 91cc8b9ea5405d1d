/* PE benchmark (scripts/bench_pe.sh): CPI of the pe_programs images with
 * ideal memory (1 cycle) and with 30 ns miss latency at 500 MHz (15 PE
 * cycles), and simulation speed of the Verilated PE and of the C model
 * alone (no lockstep), in PE cycles per second, on the same run. */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "pe.h"
#include "pe_mem.h"
#include "pe_pair.h"
#include "pe_rtl.h"

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Runs an ELF on one model (rtl != NULL: Verilated, else C); returns cycles. */
static uint64_t run(const char *path, unsigned lat, pe_rtl_t *rtl, pe_t *c, uint64_t *retired, double *secs) {
  pe_mem_timing_t tm = {lat, lat, 1, 1, 64};
  pe_mem_t *m = pe_mem_new(&tm, 1);
  uint32_t entry;
  if (!m || pe_mem_load_elf(m, path, &entry)) return 0;
  pe_in_t in;
  pe_out_t o;
  memset(&in, 0, sizeof in);
  in.hart_id = 0x100;
  uint64_t cyc = 0, ret = 0;
  const double t0 = now();
  for (; cyc < 50000000; cyc++) {
    if (rtl) pe_rtl_outputs(rtl, &o);
    else pe_outputs(c, &o);
    if (cyc > 0 && o.halted) break;
    ret += o.ret_valid;
    in.start = cyc == 0;
    in.boot_pc = entry;
    pe_mem_cycle(m, &o, &in, cyc);
    if (rtl) pe_rtl_step(rtl, &in, NULL);
    else pe_step(c, &in, NULL);
  }
  *secs = now() - t0;
  *retired = ret;
  pe_mem_free(m);
  return cyc;
}

int main(void) {
  const char *progs[] = {"bfs", "sort", "checksum"};
  printf("%-10s %12s %12s %10s %12s %10s\n", "program", "retired", "cyc ideal", "CPI ideal", "cyc 30ns", "CPI 30ns");
  double c_cyc = 0, c_s = 0, r_cyc = 0, r_s = 0;
  for (unsigned i = 0; i < 3; i++) {
    char path[256];
    snprintf(path, sizeof path, "%s/%s.elf", pe_elf_dir(), progs[i]);
    uint64_t cyc[2], ret[2];
    for (unsigned k = 0; k < 2; k++) {
      pe_cfg_t cfg = PE_CFG_DEFAULT;
      pe_t *c = pe_new(&cfg);
      double s;
      cyc[k] = run(path, k ? 15 : 1, NULL, c, &ret[k], &s);
      c_cyc += (double)cyc[k];
      c_s += s;
      pe_free(c);
      pe_rtl_t *r = pe_rtl_new(0, NULL);
      uint64_t rr;
      const uint64_t rc = run(path, k ? 15 : 1, r, NULL, &rr, &s);
      r_cyc += (double)rc;
      r_s += s;
      pe_rtl_free(r);
      if (rc != cyc[k] || rr != ret[k]) printf("warning: %s: RTL %llu cycles, C %llu\n", progs[i],
                                                (unsigned long long)rc, (unsigned long long)cyc[k]);
    }
    if (!cyc[0] || !ret[0]) { printf("%s: cannot run %s\n", progs[i], path); return 1; }
    printf("%-10s %12llu %12llu %10.3f %12llu %10.3f\n", progs[i], (unsigned long long)ret[0],
           (unsigned long long)cyc[0], (double)cyc[0] / ret[0], (unsigned long long)cyc[1], (double)cyc[1] / ret[1]);
  }
  printf("speed: C model %.2f M PE cycles/s, Verilated RTL %.2f M PE cycles/s (%.1fx), over %.0f cycles each\n",
         c_cyc / c_s / 1e6, r_cyc / r_s / 1e6, (c_cyc / c_s) / (r_cyc / r_s), c_cyc);
  return 0;
}
