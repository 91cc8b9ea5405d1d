/* systemc_top: launcher.  The test itself (tb/tests/systemc_top_main.c) is
 * linked with SystemC, the SystemC wrappers and the Verilated --sc PMC by
 * mk/systemc.mk into build/systemc/systemc_top; the generic C test rule
 * builds this file, which runs that binary with the same arguments so the
 * test runner finds it under build/tests/ like every other test. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv) {
  (void)argc;
  char self[4096], path[4200];
  ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  if (n <= 0) {
    printf("FAIL systemc_top: cannot find its own path (%s)\n", strerror(errno));
    return 1;
  }
  self[n] = 0;
  char *slash = strrchr(self, '/');
  if (slash) *slash = 0;
  snprintf(path, sizeof path, "%s/../systemc/systemc_top", self);
  setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 1);  /* SystemC's banner, printed before main */
  execv(path, argv);
  printf("FAIL systemc_top: cannot run %s (%s); make build/systemc/systemc_top\n", path, strerror(errno));
  return 1;
}
