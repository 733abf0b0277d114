/* global.c - version check and library-wide helpers
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Parse "MAJOR.MINOR.MICRO" (missing parts count as 0) into one number.
 * Returns -1 on a malformed string. */
static long
parse_version (const char *s)
{
  long part[3] = { 0, 0, 0 };
  int i;

  for (i = 0; i < 3; i++)
    {
      if (*s < '0' || *s > '9')
        return -1;
      while (*s >= '0' && *s <= '9')
        {
          part[i] = part[i] * 10 + (*s - '0');
          if (part[i] > 255)
            return -1;
          s++;
        }
      if (!*s)
        break;
      if (*s != '.')
        return -1;
      s++;
    }
  if (*s)
    return -1;
  return (part[0] << 16) | (part[1] << 8) | part[2];
}

const char *
kc_check_version (const char *req_version)
{
  long want;

  if (!req_version)
    return KCRYPT_VERSION;
  want = parse_version (req_version);
  if (want < 0 || want > parse_version (KCRYPT_VERSION))
    return NULL;
  return KCRYPT_VERSION;
}

/* The pointer is volatile, so the compiler must perform the stores. */
static void *(*const volatile _kc_memset_fn) (void *, int, size_t) = memset;

void
_kc_wipememory (void *p, size_t n)
{
  if (n)
    _kc_memset_fn (p, 0, n);
#if defined(__GNUC__) || defined(__clang__)
  __asm__ __volatile__ ("" : : "r" (p) : "memory");
#endif
}

uintptr_t _kc_burn_area[2];

/* One contiguous array (a VLA), so the burn leaves no unwritten holes
 * between frames, zeroed in this frame (no call below the array, whose
 * frame the array would not cover).  Entry points call it last, right
 * before they return. */
KC_NOINLINE void
_kc_burn_stack (size_t bytes)
{
  if (bytes)
    {
      uint64_t area[(bytes + 7) / 8];
      size_t n = sizeof area;
#ifdef KC_USE_X86_64
      unsigned char *p = (unsigned char *) area;
      __asm__ __volatile__ ("rep stosb" : "+D" (p), "+c" (n) : "a" (0)
                            : "memory");
#else
      volatile uint64_t *p = area;
      for (n /= 8; n; n--)
        *p++ = 0;
#endif
      __atomic_store_n (&_kc_burn_area[0], (uintptr_t) area,
                        __ATOMIC_RELAXED);
      __atomic_store_n (&_kc_burn_area[1], (uintptr_t) area + sizeof area,
                        __ATOMIC_RELAXED);
    }
  else
    {
      uintptr_t here = (uintptr_t) __builtin_frame_address (0);
      __atomic_store_n (&_kc_burn_area[0], here, __ATOMIC_RELAXED);
      __atomic_store_n (&_kc_burn_area[1], here, __ATOMIC_RELAXED);
    }
}

void
_kc_fatal (const char *msg)
{
  fprintf (stderr, "libkcrypt: fatal: %s\n", msg);
  fflush (stderr);
  abort ();
}

#ifdef KC_VERIFY
void
_kc_verify_i16_bounded (const void *a, size_t n, int bound, const char *file,
                        int line)
{
  const unsigned char *p = a;
  size_t i;

  for (i = 0; i < n; i++)
    {
      int16_t x;
      memcpy (&x, p + 2 * i, sizeof x);
      if (x < -bound || x > bound)
        _kc_verify_failed (file, line, "int16 lane within its bound");
    }
}

void
_kc_verify_failed (const char *file, int line, const char *cond)
{
  fprintf (stderr, "libkcrypt: invariant broken at %s:%d: %s\n",
           file, line, cond);
  fflush (stderr);
  abort ();
}
#endif
