/* secp256k1-int128.h - 128-bit integer helpers for the secp256k1 field and
 * scalar code.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * kc_u128 (unsigned) and kc_i128 (signed, two's complement) are used only
 * through the inline functions below, so that one source serves two
 * representations:
 *   - the compiler's unsigned __int128 / __int128 (the default wherever
 *     __SIZEOF_INT128__ is defined): each function is one operator and
 *     the generated code is what the operators would give;
 *   - a pair of 64-bit words {lo, hi} with 64x64->128 products built from
 *     four 32x32->64 products, for compilers without __int128, or when
 *     KC_SECP256K1_NO_INT128 is defined (so that this path is built and
 *     tested on ordinary machines too: configure with
 *     CPPFLAGS=-DKC_SECP256K1_NO_INT128).
 * Every function is constant time (no branch or index on the values) in
 * both representations; shift counts are public.
 * Wraparound is modulo 2^128, as for the built-in types; the callers'
 * bound comments show that their sums do not wrap.
 */
#ifndef KC_SECP256K1_INT128_H
#define KC_SECP256K1_INT128_H

#include <stdint.h>
#include "kcrypt-int.h"   /* the ct toolbox */

#if defined(__SIZEOF_INT128__) && !defined(KC_SECP256K1_NO_INT128)
# define KC_SECP256K1_INT128_NATIVE 1
#endif

#ifdef KC_SECP256K1_INT128_NATIVE

typedef unsigned __int128 kc_u128;
typedef __int128 kc_i128;

/* R = A * B */
static inline void
kc_u128_mul (kc_u128 *r, uint64_t a, uint64_t b)
{
  *r = (kc_u128) a * b;
}

/* R += A * B */
static inline void
kc_u128_accum_mul (kc_u128 *r, uint64_t a, uint64_t b)
{
  *r += (kc_u128) a * b;
}

/* R += A */
static inline void
kc_u128_accum_u64 (kc_u128 *r, uint64_t a)
{
  *r += a;
}

/* R = A */
static inline void
kc_u128_from_u64 (kc_u128 *r, uint64_t a)
{
  *r = a;
}

/* R >>= N, N in [0, 128) */
static inline void
kc_u128_rshift (kc_u128 *r, unsigned int n)
{
  *r >>= n;
}

/* low 64 bits */
static inline uint64_t
kc_u128_to_u64 (const kc_u128 *a)
{
  return (uint64_t) *a;
}

/* high 64 bits */
static inline uint64_t
kc_u128_hi_u64 (const kc_u128 *a)
{
  return (uint64_t) (*a >> 64);
}

/* R = A * B (signed) */
static inline void
kc_i128_mul (kc_i128 *r, int64_t a, int64_t b)
{
  *r = (kc_i128) a * b;
}

/* R += A * B (signed) */
static inline void
kc_i128_accum_mul (kc_i128 *r, int64_t a, int64_t b)
{
  *r += (kc_i128) a * b;
}

/* R >>= N, arithmetic, N in [0, 128) */
static inline void
kc_i128_rshift (kc_i128 *r, unsigned int n)
{
  *r >>= n;
}

/* low 64 bits */
static inline uint64_t
kc_i128_to_u64 (const kc_i128 *a)
{
  return (uint64_t) *a;
}

#else /* !KC_SECP256K1_INT128_NATIVE */

typedef struct
{
  uint64_t lo, hi;
} kc_u128;
typedef kc_u128 kc_i128;       /* the same bits read as two's complement */

/* HI:LO = A * B from four 32x32->64 products:
 * A B = a1 b1 2^64 + (a1 b0 + a0 b1) 2^32 + a0 b0; the middle sum
 * MID = (a0 b0 >> 32) + lo32(a0 b1) + lo32(a1 b0) < 3 * 2^32 fits. */
static inline void
kc_u128_mul (kc_u128 *r, uint64_t a, uint64_t b)
{
  uint64_t a0 = a & 0xFFFFFFFFu, a1 = a >> 32;
  uint64_t b0 = b & 0xFFFFFFFFu, b1 = b >> 32;
  uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  uint64_t mid = (p00 >> 32) + (p01 & 0xFFFFFFFFu) + (p10 & 0xFFFFFFFFu);
  r->lo = (mid << 32) | (p00 & 0xFFFFFFFFu);
  r->hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}

/* R += HI:LO */
static inline void
kc_u128_add_parts (kc_u128 *r, uint64_t lo, uint64_t hi)
{
  uint64_t s = r->lo + lo;
  r->hi += hi + ct_lt_u64 (s, lo);     /* the carry, 0 or 1 */
  r->lo = s;
}

static inline void
kc_u128_accum_mul (kc_u128 *r, uint64_t a, uint64_t b)
{
  kc_u128 p;
  kc_u128_mul (&p, a, b);
  kc_u128_add_parts (r, p.lo, p.hi);
}

static inline void
kc_u128_accum_u64 (kc_u128 *r, uint64_t a)
{
  kc_u128_add_parts (r, a, 0);
}

static inline void
kc_u128_from_u64 (kc_u128 *r, uint64_t a)
{
  r->lo = a;
  r->hi = 0;
}

static inline void
kc_u128_rshift (kc_u128 *r, unsigned int n)
{
  if (n >= 64)                  /* N is public */
    {
      r->lo = r->hi >> (n - 64);
      r->hi = 0;
    }
  else if (n > 0)
    {
      r->lo = r->lo >> n | r->hi << (64 - n);
      r->hi >>= n;
    }
}

static inline uint64_t
kc_u128_to_u64 (const kc_u128 *a)
{
  return a->lo;
}

static inline uint64_t
kc_u128_hi_u64 (const kc_u128 *a)
{
  return a->hi;
}

/* Signed product: the unsigned product of the two's complement words,
 * minus B 2^64 when A < 0 and minus A 2^64 when B < 0 (mod 2^128).  The
 * signs are selected with masks (they may be secret in the safegcd). */
static inline void
kc_i128_mul (kc_i128 *r, int64_t a, int64_t b)
{
  uint64_t ua = (uint64_t) a, ub = (uint64_t) b;
  kc_u128_mul (r, ua, ub);
  r->hi -= (ct_mask_from_flag_u64 (ua >> 63) & ub)
           + (ct_mask_from_flag_u64 (ub >> 63) & ua);
}

static inline void
kc_i128_accum_mul (kc_i128 *r, int64_t a, int64_t b)
{
  kc_i128 p;
  kc_i128_mul (&p, a, b);
  kc_u128_add_parts (r, p.lo, p.hi);
}

/* arithmetic shift: the vacated bits copy the sign of HI */
static inline void
kc_i128_rshift (kc_i128 *r, unsigned int n)
{
  uint64_t sign = ct_mask_from_flag_u64 (r->hi >> 63);
  if (n >= 64)                  /* N is public */
    {
      r->lo = n == 64 ? r->hi : (r->hi >> (n - 64) | sign << (128 - n));
      r->hi = sign;
    }
  else if (n > 0)
    {
      r->lo = r->lo >> n | r->hi << (64 - n);
      r->hi = r->hi >> n | sign << (64 - n);
    }
}

static inline uint64_t
kc_i128_to_u64 (const kc_i128 *a)
{
  return a->lo;
}

#endif /* !KC_SECP256K1_INT128_NATIVE */

#endif /* KC_SECP256K1_INT128_H */
