/* hwfeatures.c - CPU feature detection for run-time dispatch
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"

#include <stdlib.h>
#if defined(KC_USE_X86_64) && defined(HAVE_CPUID_H)
# include <cpuid.h>
#endif
#ifdef KC_VALGRIND
# include <valgrind/valgrind.h>     /* RUNNING_ON_VALGRIND */
#endif

#if defined(KC_USE_X86_64) && defined(HAVE_CPUID_H)
static unsigned int
detect (void)
{
  unsigned int a, b, c, d, f = 0;
  unsigned int max = __get_cpuid_max (0, NULL);
  int os_avx = 0, os_avx512 = 0;

  if (max < 1)
    return 0;
  __cpuid (1, a, b, c, d);
  if (c & (1u << 9))
    f |= KC_HWF_SSSE3;
  if (c & (1u << 19))
    f |= KC_HWF_SSE41;
  if (c & (1u << 23))
    f |= KC_HWF_POPCNT;
  if ((c & (1u << 27)) && (c & (1u << 28)))        /* OSXSAVE and AVX */
    {
      unsigned int xlo, xhi;
      __asm__ ("xgetbv" : "=a" (xlo), "=d" (xhi) : "c" (0));
      os_avx = (xlo & 6) == 6;
      os_avx512 = (xlo & 0xe6) == 0xe6;
    }
  if (max >= 7)
    {
      __cpuid_count (7, 0, a, b, c, d);
      if ((b & (1u << 5)) && os_avx)
        f |= KC_HWF_AVX2;
      if ((b & (1u << 3)) && (b & (1u << 8)))
        f |= KC_HWF_BMI2;       /* BMI1 (ANDN) and BMI2 (MULX, RORX) */
      if (b & (1u << 19))
        f |= KC_HWF_ADX;
      if (b & (1u << 29))
        f |= KC_HWF_SHANI;
      if ((b & (1u << 16)) && (b & (1u << 30)) && (b & (1u << 17))
          && (b & (1u << 31)) && os_avx512)
        f |= KC_HWF_AVX512;     /* F + BW + DQ + VL, zmm state enabled */
      if ((b & (1u << 16)) && (b & (1u << 31)) && (b & (1u << 21))
          && os_avx512)
        f |= KC_HWF_IFMA;       /* F + VL + IFMA, zmm state enabled */
      if ((b & (1u << 16)) && (b & (1u << 30)) && (c & (1u << 11))
          && os_avx512)
        f |= KC_HWF_VNNI;       /* F + BW + VNNI, zmm state enabled */
    }
  return f;
}

/* The preferences (dispatch.h) of this CPU: the 4x64 MULX field on AMD
 * cores with BMI2 and ADX whose multiplier has been measured to favour
 * it. */
static unsigned int
detect_prefer (unsigned int hwf)
{
  unsigned int a, b, c, d, fam;

  if ((hwf & (KC_HWF_BMI2 | KC_HWF_ADX)) != (KC_HWF_BMI2 | KC_HWF_ADX))
    return 0;
  /* "AuthenticAMD" and the family (base + extended) of leaf 1 */
  __cpuid (0, a, b, c, d);
  if (b != 0x68747541 || d != 0x69746e65 || c != 0x444d4163)
    return 0;
  __cpuid (1, a, b, c, d);
  fam = (a >> 8) & 0xf;
  if (fam == 0xf)
    fam += (a >> 20) & 0xff;
  /* Zen 5 and later; Zen 4, the family 0x19 cores with AVX-512 (Zen 3,
   * the other half of that family, has none, and has not been
   * measured).  The CPUID bit (leaf 7, EBX bit 16) tells the core apart
   * even where the OS leaves the zmm state off. */
  if (fam >= 0x1a)
    return KC_PREFER_MULX;
  if (fam == 0x19 && __get_cpuid_max (0, NULL) >= 7)
    {
      __cpuid_count (7, 0, a, b, c, d);
      if (b & (1u << 16))
        return KC_PREFER_MULX;
    }
  return 0;
}
#else
static unsigned int
detect (void)
{
  return 0;
}

static unsigned int
detect_prefer (unsigned int hwf)
{
  (void) hwf;
  return 0;
}
#endif

/* The number in the environment variable NAME, or -1 where it is unset
 * or empty. */
static long long
env_number (const char *name)
{
  const char *s = getenv (name);

  return s && *s ? (long long) strtoul (s, NULL, 0) : -1;
}

/* KCRYPT_HWF_MASK (a number, e.g. 0) in the environment masks the
 * detected features, so that the portable paths can be exercised on any
 * machine; a kernel runs only where the mask keeps every bit of its gate
 * (the ML-KEM AVX2 kernels, say, need AVX2, BMI2 and POPCNT: 0x40c). */
static unsigned int
detect_masked (void)
{
  unsigned int f = detect ();
  long long mask = env_number ("KCRYPT_HWF_MASK");
#ifdef KC_VALGRIND
  long long want = env_number ("KCRYPT_HWF_PREFER");

  /* valgrind (3.19) runs MULX, ADCX and ADOX but its CPUID does not
   * report ADX: under it, a preference for the 4x64 field brings the
   * instructions with it, so that the constant-time check
   * (tests/ctime-check.sh) can run that path, and every other kernel
   * gated on BMI2 and ADX alone (the X25519 MULX/ADX ladder, the
   * mpi/ MULX/ADX kernels). */
  if (want > 0 && (want & KC_PREFER_MULX) && RUNNING_ON_VALGRIND)
    f |= KC_HWF_BMI2 | KC_HWF_ADX;
#endif
  if (mask >= 0)
    f &= (unsigned int) mask;
  return f;
}

/* KCRYPT_HWF_PREFER (a number) in the environment replaces the detected
 * preferences: 0 turns them off, 0x200 prefers the 4x64 MULX field on any
 * CPU (where BMI2 and ADX are there, as its row needs), so that the
 * paths they choose can be tested and timed on other CPUs. */
static unsigned int
detect_prefer_env (void)
{
  long long want = env_number ("KCRYPT_HWF_PREFER");

  if (want >= 0)
    return (unsigned int) want & KC_PREFER_ALL_;
  return detect_prefer (detect ());
}

/* The four words are 0 until set, then KC_HWF_READY_ | bits, and are only
 * touched through __atomic builtins.  HWF_ENV and PREFER_ENV hold the
 * detection as the environment leaves it; _kc_hwf_word and
 * _kc_prefer_word (dispatch.h) what _kc_hwf and _kc_hwf_prefer report,
 * those further masked by a test's _kc_hwf_set_mask and
 * _kc_hwf_set_prefer_mask.  Threads that race to set a word compute the
 * same value; the compare-and-swap lets one store win and hands every
 * other thread the winner's value, so all threads agree, and a mask a
 * test has set is never overwritten by a late detection. */
static unsigned int hwf_env, prefer_env;
unsigned int _kc_hwf_word, _kc_prefer_word;

/* *W once set: to READY | COMPUTE () by the first thread there. */
static unsigned int
word_get (unsigned int *w, unsigned int (*compute) (void))
{
  unsigned int s = __atomic_load_n (w, __ATOMIC_ACQUIRE);

  if (!s)
    {
      unsigned int want = KC_HWF_READY_ | compute ();
      unsigned int expected = 0;

      if (__atomic_compare_exchange_n (w, &expected, want, 0,
                                       __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
        s = want;
      else
        s = expected;
    }
  return s;
}

static unsigned int
hwf_env_get (void)
{
  return word_get (&hwf_env, detect_masked);
}

static unsigned int
prefer_env_get (void)
{
  return word_get (&prefer_env, detect_prefer_env);
}

unsigned int
_kc_hwf_slow (void)
{
  return word_get (&_kc_hwf_word, hwf_env_get) & ~KC_HWF_READY_;
}

unsigned int
_kc_prefer_slow (void)
{
  return word_get (&_kc_prefer_word, prefer_env_get) & ~KC_HWF_READY_;
}

void
_kc_hwf_set_mask (unsigned int mask)
{
  __atomic_store_n (&_kc_hwf_word, hwf_env_get () & (mask | KC_HWF_READY_),
                    __ATOMIC_RELEASE);
}

void
_kc_hwf_set_prefer_mask (unsigned int prefer_mask)
{
  __atomic_store_n (&_kc_prefer_word,
                    prefer_env_get () & (prefer_mask | KC_HWF_READY_),
                    __ATOMIC_RELEASE);
}
