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
      if (b & (1u << 8))
        f |= KC_HWF_BMI2;
      if (b & (1u << 19))
        f |= KC_HWF_ADX;
      if (b & (1u << 29))
        f |= KC_HWF_SHANI;
      if ((b & (1u << 16)) && (b & (1u << 30)) && (b & (1u << 17))
          && (b & (1u << 31)) && os_avx512)
        f |= KC_HWF_AVX512;     /* F + BW + DQ + VL, zmm state enabled */
    }
  return f;
}
#else
static unsigned int
detect (void)
{
  return 0;
}
#endif

/* The features are read once; KCRYPT_HWF_MASK (a number, e.g. 0) in the
 * environment masks them, so that the portable paths can be exercised on
 * any machine. */
unsigned int
_kc_hwf (void)
{
  static volatile int done;
  static volatile unsigned int cached;

  if (!done)
    {
      unsigned int f = detect ();
      const char *s = getenv ("KCRYPT_HWF_MASK");
      if (s && *s)
        f &= (unsigned int) strtoul (s, NULL, 0);
      cached = f;
      done = 1;
    }
  return cached;
}
