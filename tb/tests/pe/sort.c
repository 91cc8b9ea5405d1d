/* pe_programs: quicksort (tb/tests/pe/progs.h). */
#include <stdio.h>

#include "progs.h"

static uint32_t a[SORT_N];

int main(void) {
  const uint32_t r = progs_sort(a);
  printf("sort result=0x%08lx\n", (unsigned long)r);
  return r == 0; /* 0: not sorted */
}
