/* t-common.h - small helpers shared by the test programs.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Each test program exits 0 on success, 1 on failure, 77 when it must be
 * skipped (automake's convention), and prints every failed check with its
 * location.  Test data live in KC_TESTDATA (set by tests/Makefile.am). */
#ifndef KC_T_COMMON_H
#define KC_T_COMMON_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>
#include <sys/wait.h>
#include <unistd.h>

static int t_errors;
static int t_checks;
static int t_verbose;

#define T_SKIP 77

/* T_SANITIZED: an ASan or MSan build (locals may live off the stack, and
 * frames are larger), where the stack tests skip. */
#if defined(__SANITIZE_ADDRESS__)
# define T_SANITIZED 1
#elif defined(__has_feature)
# if __has_feature(address_sanitizer) || __has_feature(memory_sanitizer)
#  define T_SANITIZED 1
# endif
#endif

static inline void
t_fail_at (const char *file, int line, const char *fmt, ...)
{
  va_list ap;
  fprintf (stderr, "%s:%d: FAIL: ", file, line);
  va_start (ap, fmt);
  vfprintf (stderr, fmt, ap);
  va_end (ap);
  fputc ('\n', stderr);
  if (++t_errors > 50)
    {
      fprintf (stderr, "too many failures, giving up\n");
      exit (1);
    }
}

#define fail(...) t_fail_at (__FILE__, __LINE__, __VA_ARGS__)

/* CHECK (cond, fmt, ...): count a check; report it when COND is false. */
#define CHECK(cond, ...) \
  do { t_checks++; if (!(cond)) t_fail_at (__FILE__, __LINE__, __VA_ARGS__); } while (0)

/* CHECK_ERR (expr, code): the call returns the given gpg_err_code. */
#define CHECK_ERR(expr, code) \
  do { gpg_error_t t_e_ = (expr); t_checks++; \
       if (gpg_err_code (t_e_) != (code)) \
         t_fail_at (__FILE__, __LINE__, "%s: got %s (%d), want %s", #expr, \
                    gpg_strerror (t_e_), gpg_err_code (t_e_), \
                    gpg_strerror (gpg_error (code))); } while (0)

static inline int
t_done (const char *name)
{
  if (t_errors)
    {
      fprintf (stderr, "%s: %d of %d checks failed\n", name, t_errors, t_checks);
      return 1;
    }
  printf ("%s: all %d checks passed\n", name, t_checks);
  return 0;
}

static inline void
t_init (int argc, char **argv)
{
  int i;
  for (i = 1; i < argc; i++)
    if (!strcmp (argv[i], "--verbose") || !strcmp (argv[i], "-v"))
      t_verbose = 1;
}

/* Deterministic PRNG for tests (xoshiro256**), seeded explicitly so that a
 * failure can be reproduced; KC_TEST_SEED in the environment overrides. */
static uint64_t t_rng_s[4];

static inline uint64_t
t_rotl (uint64_t x, int k)
{
  return (x << k) | (x >> (64 - k));
}

static inline uint64_t
t_rand64 (void)
{
  uint64_t *s = t_rng_s;
  uint64_t r = t_rotl (s[1] * 5, 7) * 9, t = s[1] << 17;
  s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3];
  s[2] ^= t; s[3] = t_rotl (s[3], 45);
  return r;
}

static inline void
t_seed (uint64_t seed)
{
  const char *e = getenv ("KC_TEST_SEED");
  int i;
  if (e && *e)
    seed = strtoull (e, NULL, 0);
  for (i = 0; i < 4; i++)
    {
      uint64_t z = (seed += 0x9e3779b97f4a7c15ULL);
      z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
      z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
      t_rng_s[i] = z ^ (z >> 31);
    }
}

static inline void
t_randbytes (void *buf, size_t n)
{
  unsigned char *p = buf;
  while (n)
    {
      uint64_t r = t_rand64 ();
      size_t k = n < 8 ? n : 8;
      memcpy (p, &r, k);
      p += k;
      n -= k;
    }
}

/* An RNG callback (_kc_rng_fn shape) drawing from the test PRNG. */
static inline void
t_rng_cb (void *ctx, void *buf, size_t n)
{
  (void) ctx;
  t_randbytes (buf, n);
}

static inline int
t_hexval (int c)
{
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/* Decode the hex string S into BUF (room MAX); returns the byte count or
 * -1 on malformed input. */
static inline long
t_unhex (unsigned char *buf, size_t max, const char *s)
{
  size_t n = 0;
  while (s[0] && s[0] != '\n' && s[0] != '\r' && s[0] != '"')
    {
      int hi = t_hexval (s[0]), lo = s[1] ? t_hexval (s[1]) : -1;
      if (hi < 0 || lo < 0 || n >= max)
        return -1;
      buf[n++] = (unsigned char) (hi << 4 | lo);
      s += 2;
    }
  return (long) n;
}

static inline void
t_hexdump (FILE *f, const char *label, const void *p, size_t n)
{
  const unsigned char *b = p;
  size_t i;
  fprintf (f, "%s", label);
  for (i = 0; i < n; i++)
    fprintf (f, "%02x", b[i]);
  fputc ('\n', f);
}

/* Path of a file in the test data directory. */
/* Compare N bytes at GOT with the hex string WANT_HEX (at most 256 bytes);
 * a mismatch fails with WHAT and both values. */
static inline void
check_hex (const char *what, const unsigned char *got, size_t n,
           const char *want_hex)
{
  unsigned char want[256];
  long wn = t_unhex (want, sizeof want, want_hex);
  t_checks++;
  if (wn != (long) n || memcmp (got, want, n))
    {
      fail ("%s: mismatch", what);
      t_hexdump (stderr, "  got:  ", got, n);
      fprintf (stderr, "  want: %s\n", want_hex);
    }
}

/* Run this program again with the environment variable VAR set to VALUE
 * and fail if that run fails.  ARGV is main's. */
static inline void
t_rerun_env (char **argv, const char *var, const char *value)
{
  pid_t pid;
  int st, failed = 0;

  fflush (stdout);
  pid = fork ();
  if (pid == 0)
    {
      setenv (var, value, 1);
      execv ("/proc/self/exe", argv);
      _exit (99);
    }
  if (pid < 0 || waitpid (pid, &st, 0) != pid || !WIFEXITED (st)
      || WEXITSTATUS (st) != 0)
    failed = 1;
  CHECK (!failed, "the run with %s=%s failed", var, value);
}

/* Unless KCRYPT_HWF_MASK is already set, run this program again with it
 * set to MASK (the CPU features to keep).  Not where the mask would take
 * away nothing this CPU has (the run would take the same paths again):
 * every build off x86-64, which has no kernels to choose, and x86-64
 * CPUs without the features masked.  (Tests that include kcrypt-int.h
 * read the features; the others go by the architecture.) */
static inline void
t_rerun_masked (char **argv, unsigned int mask)
{
  char m[16];

  if (getenv ("KCRYPT_HWF_MASK"))
    return;
#ifdef KC_PREFER_MULX           /* tests that include kcrypt-int.h first */
  if (!(_kc_hwf () & ~mask))
    return;
#elif !defined(__x86_64__)
  (void) argv;
  (void) mask;
  return;
#endif
  snprintf (m, sizeof m, "%#x", mask);
  t_rerun_env (argv, "KCRYPT_HWF_MASK", m);
}

/* Run this test again with the other secp256k1 field of the variable-time
 * multiplication (secp256k1/x86_64/ecmult-4x64.h): KCRYPT_HWF_PREFER=0
 * where the CPU prefers the 4x64 field (KC_PREFER_MULX), 0x200 where it
 * has BMI2 and ADX but does not.  Nothing to do elsewhere, or in a
 * rerun. */
#ifdef KC_PREFER_MULX           /* tests that include kcrypt-int.h first */
static inline void
t_rerun_other_field (char **argv)
{
  unsigned int adx = KC_HWF_BMI2 | KC_HWF_ADX;

  if (getenv ("KCRYPT_HWF_MASK") || getenv ("KCRYPT_HWF_PREFER")
      || (_kc_hwf () & adx) != adx)
    return;
  t_rerun_env (argv, "KCRYPT_HWF_PREFER",
               _kc_hwf_prefer () & KC_PREFER_MULX ? "0" : "0x200");
}
#endif

/* The same with every CPU feature masked: the portable paths. */
static inline void
t_rerun_portable (char **argv)
{
  t_rerun_masked (argv, 0);
}

static inline const char *
t_datafile (const char *name)
{
  static char path[4096];
  const char *dir = getenv ("KC_TESTDATA");
#ifdef KC_TESTDATA
  if (!dir)
    dir = KC_TESTDATA;
#endif
  if (!dir)
    dir = "data";
  snprintf (path, sizeof path, "%s/%s", dir, name);
  return path;
}

/* KC_TEST_QUICK set (and not 0): the slowest tests take fewer or smaller
 * cases, for runs under emulation (.ci/cross); each says what it left
 * out. */
static inline int
t_quick (void)
{
  const char *e = getenv ("KC_TEST_QUICK");
  return e && *e && strcmp (e, "0") != 0;
}

/* A thread stack of WANT bytes, or the C library's least thread stack
 * where that is more (glibc on aarch64 and powerpc64: 128 KiB), in whole
 * pages: what t-stack and t-wipe hand pthread_attr_setstack. */
static inline size_t
t_thread_stack_size (size_t want)
{
  long pg = sysconf (_SC_PAGESIZE), least = -1;
#ifdef _SC_THREAD_STACK_MIN
  least = sysconf (_SC_THREAD_STACK_MIN);
#endif
  if (least > 0 && (size_t) least > want)
    want = (size_t) least;
  if (pg > 0)
    want = (want + (size_t) pg - 1) / (size_t) pg * (size_t) pg;
  return want;
}

#endif
