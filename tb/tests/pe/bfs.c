/* pe_programs: BFS over a CSR graph (tb/tests/pe/progs.h). */
#include <stdio.h>

#include "progs.h"

static progs_bfs_t g;

int main(void) {
  const uint32_t r = progs_bfs(&g);
  printf("bfs result=0x%08lx\n", (unsigned long)r);
  return (r >> 16) == 0; /* vertex 0 at least must be reached */
}
