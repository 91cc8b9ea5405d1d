#include "tb.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static int parse_u64(const char *s, uint64_t *v) {
  char *end;
  errno = 0;
  unsigned long long x = strtoull(s, &end, 0);
  if (errno || end == s || *end) return 0;
  *v = x;
  return 1;
}

void tb_init(tb_t *t, int argc, char **argv, const char *name, uint64_t default_seed) {
  memset(t, 0, sizeof *t);
  t->name = name;
  t->seed = default_seed;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    const char *v = i + 1 < argc ? argv[i + 1] : NULL;
    uint64_t x;
    if (!strcmp(a, "--quiet")) { t->quiet = 1; continue; }
    if (!v) { fprintf(stderr, "%s: option '%s' unknown or missing its value\n", name, a); exit(2); }
    if (!strcmp(a, "--waves")) { t->waves = v; i++; continue; }
    if (!parse_u64(v, &x)) { fprintf(stderr, "%s: option '%s' needs a number, got '%s'\n", name, a, v); exit(2); }
    if (!strcmp(a, "--seed")) t->seed = x;
    else if (!strcmp(a, "--reset-seed")) t->reset_seed = (unsigned)x;
    else if (!strcmp(a, "--cycles")) t->cycles = x;
    else { fprintf(stderr, "%s: unknown option '%s'\n", name, a); exit(2); }
    i++;
  }
  tb_log(t, "%s: seed=%llu reset-seed=%u%s%s\n", name, (unsigned long long)t->seed, t->reset_seed,
         t->waves ? " waves=" : "", t->waves ? t->waves : "");
}

int tb_finish(tb_t *t) {
  printf("%s %s seed=%llu reset-seed=%u (%lu checks, %lu failures)\n", t->failures ? "FAIL" : "PASS", t->name,
         (unsigned long long)t->seed, t->reset_seed, t->checks, t->failures);
  fflush(stdout);
  return t->failures ? 1 : 0;
}

void tb_log(const tb_t *t, const char *fmt, ...) {
  if (t->quiet) return;
  va_list ap;
  va_start(ap, fmt);
  vprintf(fmt, ap);
  va_end(ap);
}

void tb_fail(tb_t *t, const char *fmt, ...) {
  t->failures++;
  va_list ap;
  va_start(ap, fmt);
  fputs("  error: ", stdout);
  vprintf(fmt, ap);
  va_end(ap);
}

int tb_expect_u64(tb_t *t, const char *what, uint64_t got, uint64_t want) {
  t->checks++;
  if (got == want) return 1;
  tb_fail(t, "%s = %llu, expected %llu\n", what, (unsigned long long)got, (unsigned long long)want);
  return 0;
}

uint64_t tb_len(const tb_t *t, uint64_t dflt) { return t->cycles ? t->cycles : dflt; }

void tb_rng_seed(tb_rng_t *r, uint64_t seed) { xoshiro_seed(r, seed); }
uint64_t tb_rng_next(tb_rng_t *r) { return xoshiro_next(r); }

uint64_t tb_rng_below(tb_rng_t *r, uint64_t n) {
  /* Lemire's multiply-shift would need 128-bit; rejection keeps it exact. */
  uint64_t lim = UINT64_MAX - UINT64_MAX % n;
  uint64_t x;
  do x = tb_rng_next(r); while (x >= lim);
  return x % n;
}

int tb_rng_chance(tb_rng_t *r, uint32_t num, uint32_t den) { return tb_rng_below(r, den) < num; }

int tb_lockstep_u64(tb_t *t, uint64_t cycle, const char *port, uint64_t rtl, uint64_t c) {
  t->checks++;
  if (rtl == c) return 1;
  t->failures++;
  printf("MISMATCH cycle=%llu port=%s rtl=0x%llx c=0x%llx\n", (unsigned long long)cycle, port,
         (unsigned long long)rtl, (unsigned long long)c);
  return 0;
}
