/* Bare-metal runtime of the pe_programs images: picolibc's crt0 starts
 * main; stdout goes to the CONSOLE register and exit() writes EXIT and
 * halts the PE with wfi (docs/memory_map.md). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define MMIO_CONSOLE (*(volatile uint32_t *)0xF0000000u)
#define MMIO_EXIT (*(volatile uint32_t *)0xF0000004u)

static int pe_putc(char c, FILE *f) {
  (void)f;
  MMIO_CONSOLE = (uint8_t)c;
  return (uint8_t)c;
}
static FILE pe_stdio = FDEV_SETUP_STREAM(pe_putc, NULL, NULL, _FDEV_SETUP_WRITE);
FILE *const stdin = &pe_stdio;
FILE *const stdout = &pe_stdio;
FILE *const stderr = &pe_stdio;

void _exit(int code) {
  MMIO_EXIT = (uint32_t)code;
  for (;;) __asm__ volatile("wfi");
}
