/* t-secp256k1-int128.c - the portable 128-bit fallback of
 * secp256k1-int128.h (pairs of 64-bit words), built here whatever the
 * compiler offers, against the compiler's unsigned __int128 / __int128:
 * products, accumulation with carries, logical and arithmetic shifts, on
 * edge words (0, 1, 2^31, 2^32 +- 1, 2^63 +- 1, 2^64 - 1, ...) and random
 * ones.  The field and scalar code on top of it is tested by the other
 * secp256k1 tests in a build with -DKC_SECP256K1_NO_INT128.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#define KC_SECP256K1_NO_INT128 1
#include "secp256k1-int128.h"
#include "t-common.h"

#ifndef __SIZEOF_INT128__
int
main (void)
{
  printf ("t-secp256k1-int128: SKIP (no native __int128 to compare with)\n");
  return T_SKIP;
}
#else
typedef unsigned __int128 nu128;
typedef __int128 ni128;

#ifdef KC_SECP256K1_INT128_NATIVE
# error "the fallback must be selected here"
#endif

static const uint64_t edge[] = {
  0, 1, 2, 3, 0x7FFFFFFFULL, 0x80000000ULL, 0xFFFFFFFFULL, 0x100000000ULL,
  0x100000001ULL, 0xFFFFFFFF00000000ULL, 0x3FFFFFFFFFFFFFFFULL,
  0x7FFFFFFFFFFFFFFFULL, 0x8000000000000000ULL, 0x8000000000000001ULL,
  0xFFFFFFFFFFFFFFFEULL, 0xFFFFFFFFFFFFFFFFULL, 0x1000003D10ULL
};

static uint64_t
pick (int it, int k)
{
  int ne = (int) (sizeof edge / sizeof edge[0]);
  if (it < ne * ne)
    return k ? edge[it % ne] : edge[(it / ne) % ne];
  return t_rand64 () >> (t_rand64 () % 64 < 8 ? t_rand64 () % 64 : 0);
}

static int
same (const kc_u128 *a, nu128 b)
{
  return a->lo == (uint64_t) b && a->hi == (uint64_t) (b >> 64);
}

int
main (int argc, char **argv)
{
  int it;
  t_init (argc, argv);
  t_seed (0x1281281281ULL);
  for (it = 0; it < 200000; it++)
    {
      uint64_t a = pick (it, 0), b = pick (it, 1), c = t_rand64 (), h = t_rand64 ();
      unsigned int n = (unsigned int) (it % 128);
      kc_u128 x, y;
      nu128 nx;
      ni128 sx;

      kc_u128_mul (&x, a, b);
      nx = (nu128) a * b;
      CHECK (same (&x, nx), "u128 mul %016llx %016llx",
             (unsigned long long) a, (unsigned long long) b);
      CHECK (kc_u128_to_u64 (&x) == (uint64_t) nx
             && kc_u128_hi_u64 (&x) == (uint64_t) (nx >> 64), "u128 parts");
      /* accumulate onto an arbitrary 128-bit value (wraps mod 2^128) */
      x.lo = c; x.hi = h;
      nx = ((nu128) h << 64) | c;
      kc_u128_accum_mul (&x, a, b);
      nx += (nu128) a * b;
      CHECK (same (&x, nx), "u128 accum_mul %d", it);
      kc_u128_accum_u64 (&x, a);
      nx += a;
      CHECK (same (&x, nx), "u128 accum_u64 %d", it);
      y = x;
      kc_u128_rshift (&y, n);
      CHECK (same (&y, nx >> n), "u128 rshift %u", n);
      kc_u128_from_u64 (&y, b);
      CHECK (same (&y, (nu128) b), "u128 from_u64");

      kc_i128_mul (&x, (int64_t) a, (int64_t) b);
      sx = (ni128) (int64_t) a * (int64_t) b;
      CHECK (same (&x, (nu128) sx), "i128 mul %016llx %016llx",
             (unsigned long long) a, (unsigned long long) b);
      x.lo = c; x.hi = h;
      sx = (ni128) (((nu128) h << 64) | c);
      kc_i128_accum_mul (&x, (int64_t) a, (int64_t) b);
      sx = (ni128) ((nu128) sx + (nu128) ((ni128) (int64_t) a * (int64_t) b));
      CHECK (same (&x, (nu128) sx), "i128 accum_mul %d", it);
      kc_i128_rshift (&x, n);
      sx >>= n;
      CHECK (same (&x, (nu128) sx) && kc_i128_to_u64 (&x) == (uint64_t) sx,
             "i128 rshift %u (%d)", n, it);
    }
  return t_done ("t-secp256k1-int128");
}
#endif
