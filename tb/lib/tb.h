/* Test-bench support shared by every test in tb/tests/.
 *
 * A test is a C program:  tb_init() parses the common options and prints the
 * seed, checks record failures without aborting (so a lockstep test can stop
 * at the first difference itself), tb_finish() prints the one PASS/FAIL line
 * the runner greps for and returns the exit code.
 *
 * Common options (every test accepts them; anything else is an error):
 *   --seed N         random seed (default: the test's own fixed seed)
 *   --waves PATH     write an FST waveform there
 *   --reset-seed N   Verilator random-reset seed; 0 = zero-initialised state
 *   --cycles N       override the test's default length (0 = default)
 *   --quiet          only the final line
 */
#ifndef TB_H
#define TB_H

#include <stdint.h>
#include <stdio.h>

#include "xoshiro.h"

typedef struct {
  const char *name;
  uint64_t seed;
  unsigned reset_seed;
  const char *waves;  /* NULL: no waveform */
  uint64_t cycles;    /* 0: test default */
  int quiet;
  unsigned long checks;
  unsigned long failures;
} tb_t;

/* Parses argv; on a bad option prints one line and exits 2. */
void tb_init(tb_t *t, int argc, char **argv, const char *name, uint64_t default_seed);
/* Prints "PASS <name> seed=<n>" or "FAIL ..." and returns the exit status. */
int tb_finish(tb_t *t);
/* printf unless --quiet. */
void tb_log(const tb_t *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Records a failure with a message (always printed). */
void tb_fail(tb_t *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Compares and records; returns 1 when equal. */
int tb_expect_u64(tb_t *t, const char *what, uint64_t got, uint64_t want);
/* Test length: --cycles if given, else the default. */
uint64_t tb_len(const tb_t *t, uint64_t dflt);

/* xoshiro256** seeded through splitmix64 (csim/util/xoshiro.h): fast, good, reproducible. */
typedef xoshiro_t tb_rng_t;
void tb_rng_seed(tb_rng_t *r, uint64_t seed);
uint64_t tb_rng_next(tb_rng_t *r);
/* Uniform in [0, n); n > 0. */
uint64_t tb_rng_below(tb_rng_t *r, uint64_t n);
/* 1 with probability num/den. */
int tb_rng_chance(tb_rng_t *r, uint32_t num, uint32_t den);

/* Lockstep comparison: when a != b prints
 *   "MISMATCH cycle=<c> port=<port> rtl=0x.. c=0x.." and records a failure.
 * Returns 1 when equal, so callers can stop at the first difference. */
int tb_lockstep_u64(tb_t *t, uint64_t cycle, const char *port, uint64_t rtl, uint64_t c);

#endif
