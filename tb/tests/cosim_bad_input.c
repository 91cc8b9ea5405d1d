/* cosim_bad_input: each bad input ends the simulator with exit status 2 and
 * exactly one line on stderr that says what and where: unknown option,
 * missing graph file, unknown policy, a malformed plan file line, a
 * malformed parameter value and configuration file line, an ELF that is
 * not RV32, a program that faults (load from page 0 without a handler: pc
 * and cycle), a kernel that rejects its image (exit code and console), the
 * cycle limit. */
#include "cosim_util.h"

static void expect(tb_t *t, const char *label, const char *args, const char *want) {
  static char out[1 << 14], err[1 << 14];
  int rc = cu_run(args, out, sizeof out, err, sizeof err);
  t->checks++;
  if (rc != 2 || cu_count_lines(err) != 1 || !strstr(err, want) || strncmp(err, "copim-sim: ", 11))
    tb_fail(t, "%s: exit %d, stderr (%d lines): %s(wanted exit 2 and one line with '%s')\n", label, rc,
            cu_count_lines(err), err, want);
  else
    tb_log(t, "%-22s exit 2: %s", label, err);
}

/* A minimal RV32 executable: at 0x1000, lw ra, 0(zero) (page 0 faults), no
 * trap handler. */
static int write_fault_elf(const char *path) {
  uint8_t b[0x60];
  memset(b, 0, sizeof b);
  const uint8_t ident[16] = {0x7f, 'E', 'L', 'F', 1, 1, 1};
  memcpy(b, ident, 16);
  uint16_t h16[] = {2 /* ET_EXEC */, 243 /* EM_RISCV */};
  memcpy(b + 16, h16, 4);
  uint32_t ver = 1, entry = 0x1000, phoff = 52, shoff = 0, flags = 0;
  memcpy(b + 20, &ver, 4);
  memcpy(b + 24, &entry, 4);
  memcpy(b + 28, &phoff, 4);
  memcpy(b + 32, &shoff, 4);
  memcpy(b + 36, &flags, 4);
  uint16_t h2[] = {52, 32, 1, 40, 0, 0};
  memcpy(b + 40, h2, 12);
  uint32_t ph[8] = {1 /* PT_LOAD */, 0x54, 0x1000, 0x1000, 8, 8, 5, 4};
  memcpy(b + 52, ph, 32);
  uint32_t code[2] = {0x00002083u /* lw ra, 0(zero) */, 0x0000006fu /* j . */};
  memcpy(b + 0x54, code, 8);
  FILE *f = fopen(path, "wb");
  if (!f) return -1;
  fwrite(b, 1, 0x5c, f);
  fclose(f);
  return 0;
}

int main(int argc, char **argv) {
  tb_t t;
  tb_init(&t, argc, argv, "cosim_bad_input", 1);
  const char *ok = "--kernel bfs --graph kron:6:4 --quiet";
  char a[512];
  snprintf(a, sizeof a, "%s --frobnicate 3", ok);
  expect(&t, "unknown option", a, "unknown option '--frobnicate'");
  expect(&t, "missing graph", "--kernel bfs --graph build/no/such/graph.txt --quiet", "build/no/such/graph.txt");
  snprintf(a, sizeof a, "%s --policy fastest", ok);
  expect(&t, "unknown policy", a, "unknown policy 'fastest'");
  {
    char plan[128], want[192];
    snprintf(plan, sizeof plan, "build/cosim-bad-%d.plan", (int)getpid());
    FILE *pf = fopen(plan, "w");
    if (pf) {
      fputs("bfs.init pim\nbfs.frontier maybe\n", pf);
      fclose(pf);
    }
    snprintf(a, sizeof a, "%s --policy plan --plan %s", ok, plan);
    snprintf(want, sizeof want, "%s:2: expected '<loop id or name> pim|host'", plan);
    expect(&t, "malformed plan line", a, want);
    remove(plan);
  }
  snprintf(a, sizeof a, "%s --policy plan", ok);
  expect(&t, "plan without a plan", a, "needs a plan");
  snprintf(a, sizeof a, "%s --kernel xyz", ok);
  expect(&t, "unknown kernel", a, "unknown kernel 'xyz'");
  snprintf(a, sizeof a, "%s --llc.lat=fast", ok);
  expect(&t, "bad parameter value", a, "parameter llc.lat: bad value 'fast'");
  snprintf(a, sizeof a, "%s --rtl=pmc,gpu", ok);
  expect(&t, "unknown block", a, "unknown block 'gpu'");
  char cfg[128];
  snprintf(cfg, sizeof cfg, "build/cosim-bad-%d.cfg", (int)getpid());
  FILE *f = fopen(cfg, "w");
  fprintf(f, "# a configuration\nllc.lat = 35\nl2.size = 256K\n");
  fclose(f);
  snprintf(a, sizeof a, "%s --config %s", ok, cfg);
  char want[256];
  snprintf(want, sizeof want, "%s:3: unknown parameter 'l2.size'", cfg);
  expect(&t, "bad configuration file", a, want);
  remove(cfg);
  snprintf(a, sizeof a, "%s --elf build/tools/graphtool", ok);
  expect(&t, "x86 ELF", a, "build/tools/graphtool:0: not an RV32 little-endian executable ELF");
  char elf[128];
  snprintf(elf, sizeof elf, "build/cosim-fault-%d.elf", (int)getpid());
  if (write_fault_elf(elf)) tb_fail(&t, "cannot write %s\n", elf);
  snprintf(a, sizeof a, "%s --elf %s", ok, elf);
  expect(&t, "program faults", a, "pc=0x00001000");
  remove(elf);
  snprintf(a, sizeof a, "%s --max-cycles 5000", ok);
  expect(&t, "cycle limit", a, "cycle limit 5000 reached");
  expect(&t, "kernel/ELF mismatch", "--kernel pr --graph kron:6:4 --quiet --elf build/sw/bfs.elf",
         "the program exited with code 2");
  return tb_finish(&t);
}
