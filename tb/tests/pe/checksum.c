/* pe_programs: CRC-32 (tb/tests/pe/progs.h), plus the standard check
 * value CRC-32("123456789") = 0xCBF43926. */
#include <stdio.h>
#include <string.h>

#include "progs.h"

static uint8_t buf[CK_LEN];

static uint32_t crc_str(const char *s) {
  uint32_t crc = 0xffffffffu;
  for (; *s; s++) {
    crc ^= (uint8_t)*s;
    for (int k = 0; k < 8; k++) crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1)));
  }
  return ~crc;
}

int main(void) {
  const uint32_t r = progs_checksum(buf);
  printf("checksum result=0x%08lx\n", (unsigned long)r);
  return crc_str("123456789") != 0xcbf43926u;
}
