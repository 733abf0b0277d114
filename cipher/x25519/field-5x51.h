/* x25519/field-5x51.h - the field mod p = 2^255 - 19 in five 51-bit limbs,
 * portable; shared by X25519 (x25519/x25519.c) and Ed25519 (ed25519/).
 * Internal interface: static inline functions, one copy in the tree.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * An element is v[0] + v[1] 2^51 + ... + v[4] 2^204, limbs of 64 bits
 * that may exceed 51 bits between operations (a redundant form); only
 * _kc_fe51_tobytes gives the unique value in [0, p).  Every function is
 * constant time in its values.
 *
 * Bounds.  "Carried" limbs (what _kc_fe51_mul, _sq, _mul_small and
 * _carry return) are below 2^51 + 2^18 (limb 0; the others below 2^51 +
 * 2^13).  _kc_fe51_add of two carried elements gives limbs below 2^53;
 * _kc_fe51_sub (which adds 4p first) takes a minuend below 2^53 and a
 * carried subtrahend (below 2^52) and gives limbs below 2^54;
 * _kc_fe51_mul and _kc_fe51_sq accept limbs below 2^54, so an add or a
 * sub of carried elements feeds a product without a carry of its own.
 * Then a product term is below 2^54 * 19 * 2^54 < 2^112.3, columns 0-3
 * below 2^114.4 (their carry fits 64 bits), and column 4, which has no
 * 19-fold term, below 2^110.4, so that its carry times 19 fits 64 bits
 * too.  Anything else goes through _kc_fe51_carry first.
 * ./configure --enable-verify checks these bounds (KC_VERIFY_CHECK).
 */
#ifndef KC_X25519_FIELD_5X51_H
#define KC_X25519_FIELD_5X51_H

#include <stdint.h>
#include "kcrypt-int.h"
#include "bufhelp.h"
#include "limb.h"

#define KC_FE51_M51 ((((uint64_t) 1) << 51) - 1)

typedef struct { uint64_t v[5]; } _kc_fe51;

/* the column sums T (bounds at the top) into carried limbs, in two
 * rounds that each treat all limbs at once (a short dependency chain):
 * the first cuts every column to 51 bits and adds its carry (< 2^63.4)
 * to the next, limb 4's times 19 to limb 0 (< 2^63.8 with column 4's
 * bound); the second does the same in 64 bits, carries below 2^12.8 */
static inline void
_kc_fe51_carry_cols (_kc_fe51 *r, _kc_u128 t[5])
{
  const uint64_t M51 = KC_FE51_M51;
  uint64_t c0, c1, c2, c3, c4, r0, r1, r2, r3, r4;

  c0 = _kc_u128_to_u64 (&t[0]) >> 51 | _kc_u128_hi_u64 (&t[0]) << 13;
  c1 = _kc_u128_to_u64 (&t[1]) >> 51 | _kc_u128_hi_u64 (&t[1]) << 13;
  c2 = _kc_u128_to_u64 (&t[2]) >> 51 | _kc_u128_hi_u64 (&t[2]) << 13;
  c3 = _kc_u128_to_u64 (&t[3]) >> 51 | _kc_u128_hi_u64 (&t[3]) << 13;
  c4 = _kc_u128_to_u64 (&t[4]) >> 51 | _kc_u128_hi_u64 (&t[4]) << 13;
  r0 = (_kc_u128_to_u64 (&t[0]) & M51) + 19 * c4;
  r1 = (_kc_u128_to_u64 (&t[1]) & M51) + c0;
  r2 = (_kc_u128_to_u64 (&t[2]) & M51) + c1;
  r3 = (_kc_u128_to_u64 (&t[3]) & M51) + c2;
  r4 = (_kc_u128_to_u64 (&t[4]) & M51) + c3;
  r->v[0] = (r0 & M51) + 19 * (r4 >> 51);
  r->v[1] = (r1 & M51) + (r0 >> 51);
  r->v[2] = (r2 & M51) + (r1 >> 51);
  r->v[3] = (r3 & M51) + (r2 >> 51);
  r->v[4] = (r4 & M51) + (r3 >> 51);
}

/* R = A carried: any limbs below 2^63 */
static inline void
_kc_fe51_carry (_kc_fe51 *r, const _kc_fe51 *a)
{
  const uint64_t M51 = KC_FE51_M51;
  uint64_t c0 = a->v[0] >> 51, c1 = a->v[1] >> 51, c2 = a->v[2] >> 51;
  uint64_t c3 = a->v[3] >> 51, c4 = a->v[4] >> 51;

  KC_VERIFY_CHECK (((a->v[0] | a->v[1] | a->v[2] | a->v[3] | a->v[4])
                    >> 63) == 0);
  r->v[0] = (a->v[0] & M51) + 19 * c4;
  r->v[1] = (a->v[1] & M51) + c0;
  r->v[2] = (a->v[2] & M51) + c1;
  r->v[3] = (a->v[3] & M51) + c2;
  r->v[4] = (a->v[4] & M51) + c3;
  /* limb 0 below 2^51 + 19 * 2^12 < 2^51 + 2^18, the others 2^51 + 2^12 */
}

/* limbs of A and B below 2^54 */
static inline void
_kc_fe51_mul (_kc_fe51 *r, const _kc_fe51 *a, const _kc_fe51 *b)
{
  const uint64_t *x = a->v, *y = b->v;
  uint64_t y1 = 19 * y[1], y2 = 19 * y[2], y3 = 19 * y[3], y4 = 19 * y[4];
  _kc_u128 t[5];

  KC_VERIFY_CHECK (((x[0] | x[1] | x[2] | x[3] | x[4]
                     | y[0] | y[1] | y[2] | y[3] | y[4]) >> 54) == 0);
  _kc_u128_mul (&t[0], x[0], y[0]);
  _kc_u128_accum_mul (&t[0], x[1], y4);
  _kc_u128_accum_mul (&t[0], x[2], y3);
  _kc_u128_accum_mul (&t[0], x[3], y2);
  _kc_u128_accum_mul (&t[0], x[4], y1);
  _kc_u128_mul (&t[1], x[0], y[1]);
  _kc_u128_accum_mul (&t[1], x[1], y[0]);
  _kc_u128_accum_mul (&t[1], x[2], y4);
  _kc_u128_accum_mul (&t[1], x[3], y3);
  _kc_u128_accum_mul (&t[1], x[4], y2);
  _kc_u128_mul (&t[2], x[0], y[2]);
  _kc_u128_accum_mul (&t[2], x[1], y[1]);
  _kc_u128_accum_mul (&t[2], x[2], y[0]);
  _kc_u128_accum_mul (&t[2], x[3], y4);
  _kc_u128_accum_mul (&t[2], x[4], y3);
  _kc_u128_mul (&t[3], x[0], y[3]);
  _kc_u128_accum_mul (&t[3], x[1], y[2]);
  _kc_u128_accum_mul (&t[3], x[2], y[1]);
  _kc_u128_accum_mul (&t[3], x[3], y[0]);
  _kc_u128_accum_mul (&t[3], x[4], y4);
  _kc_u128_mul (&t[4], x[0], y[4]);
  _kc_u128_accum_mul (&t[4], x[1], y[3]);
  _kc_u128_accum_mul (&t[4], x[2], y[2]);
  _kc_u128_accum_mul (&t[4], x[3], y[1]);
  _kc_u128_accum_mul (&t[4], x[4], y[0]);
  _kc_fe51_carry_cols (r, t);
}

/* limbs of A below 2^54: fifteen products instead of twenty-five; the
 * doubled and 19-fold factors (below 2^60.3) keep each column within the
 * bounds of _kc_fe51_mul's */
static inline void
_kc_fe51_sq (_kc_fe51 *r, const _kc_fe51 *a)
{
  const uint64_t *x = a->v;
  uint64_t d0 = 2 * x[0], d1 = 2 * x[1], d2 = 2 * x[2];
  uint64_t n3 = 19 * x[3], n4 = 19 * x[4], m4 = 2 * n4;
  _kc_u128 t[5];

  KC_VERIFY_CHECK (((x[0] | x[1] | x[2] | x[3] | x[4]) >> 54) == 0);
  _kc_u128_mul (&t[0], x[0], x[0]);
  _kc_u128_accum_mul (&t[0], d1, n4);
  _kc_u128_accum_mul (&t[0], d2, n3);
  _kc_u128_mul (&t[1], d0, x[1]);
  _kc_u128_accum_mul (&t[1], d2, n4);
  _kc_u128_accum_mul (&t[1], x[3], n3);
  _kc_u128_mul (&t[2], d0, x[2]);
  _kc_u128_accum_mul (&t[2], x[1], x[1]);
  _kc_u128_accum_mul (&t[2], x[3], m4);
  _kc_u128_mul (&t[3], d0, x[3]);
  _kc_u128_accum_mul (&t[3], d1, x[2]);
  _kc_u128_accum_mul (&t[3], x[4], n4);
  _kc_u128_mul (&t[4], d0, x[4]);
  _kc_u128_accum_mul (&t[4], d1, x[3]);
  _kc_u128_accum_mul (&t[4], x[2], x[2]);
  _kc_fe51_carry_cols (r, t);
}

/* R = A * s for a small s (below 2^20), limbs of A below 2^54 */
static inline void
_kc_fe51_mul_small (_kc_fe51 *r, const _kc_fe51 *a, uint64_t s)
{
  _kc_u128 t[5];
  int i;
  for (i = 0; i < 5; i++)
    _kc_u128_mul (&t[i], a->v[i], s);
  _kc_fe51_carry_cols (r, t);
}

/* R = A + B without a carry: limbs below 2^52 each give below 2^53 */
static inline void
_kc_fe51_add (_kc_fe51 *r, const _kc_fe51 *a, const _kc_fe51 *b)
{
  int i;
  for (i = 0; i < 5; i++)
    r->v[i] = a->v[i] + b->v[i];
}

/* R = A - B + 4p, limb by limb (4p = 2^53 - 76, 2^53 - 4, ...), without
 * a carry: A below 2^53 and B carried (limbs below 2^52), so the limbs
 * stay non-negative and below 2^54 */
static inline void
_kc_fe51_sub (_kc_fe51 *r, const _kc_fe51 *a, const _kc_fe51 *b)
{
  static const uint64_t p4[5] = {
    0x1fffffffffffb4ULL, 0x1ffffffffffffcULL, 0x1ffffffffffffcULL,
    0x1ffffffffffffcULL, 0x1ffffffffffffcULL
  };
  int i;
  for (i = 0; i < 5; i++)
    {
      KC_VERIFY_CHECK ((a->v[i] >> 53) == 0 && (b->v[i] >> 52) == 0);
      r->v[i] = a->v[i] + p4[i] - b->v[i];
    }
}

/* R = -A (4p - A), A carried; limbs below 2^54 */
static inline void
_kc_fe51_neg (_kc_fe51 *r, const _kc_fe51 *a)
{
  _kc_fe51 z = { { 0, 0, 0, 0, 0 } };
  _kc_fe51_sub (r, &z, a);
}

/* swap A and B if FLAG (0/1) is 1 */
static inline void
_kc_fe51_cswap (_kc_fe51 *a, _kc_fe51 *b, uint64_t flag)
{
  ct_cswap_u64 (a->v, b->v, 5, flag);
}

/* R = A if FLAG (0/1) is 1 */
static inline void
_kc_fe51_cmov (_kc_fe51 *r, const _kc_fe51 *a, uint64_t flag)
{
  ct_cmov_u64 (r->v, a->v, 5, flag);
}

/* R = the 255 low bits of S, little-endian (bit 255 ignored: RFC 7748,
 * and the sign bit of RFC 8032's encoding); not reduced (may be >= p) */
static inline void
_kc_fe51_frombytes (_kc_fe51 *r, const unsigned char s[32])
{
  const uint64_t M51 = KC_FE51_M51;
  uint64_t w0 = buf_get_le64 (s), w1 = buf_get_le64 (s + 8);
  uint64_t w2 = buf_get_le64 (s + 16), w3 = buf_get_le64 (s + 24);
  w3 &= ~((uint64_t) 1 << 63);
  r->v[0] = w0 & M51;
  r->v[1] = (w0 >> 51 | w1 << 13) & M51;
  r->v[2] = (w1 >> 38 | w2 << 26) & M51;
  r->v[3] = (w2 >> 25 | w3 << 39) & M51;
  r->v[4] = w3 >> 12;
}

/* the unique representative in [0, p), little-endian; limbs of A below
 * 2^63 */
static inline void
_kc_fe51_tobytes (unsigned char s[32], const _kc_fe51 *a)
{
  const uint64_t M51 = KC_FE51_M51;
  uint64_t h[5], q, c;
  int i;
  for (i = 0; i < 5; i++)
    h[i] = a->v[i];
  /* carried limbs: the value is below 2p; q = 1 iff it is >= p */
  for (i = 0; i < 4; i++)
    {
      h[i + 1] += h[i] >> 51;
      h[i] &= M51;
    }
  h[0] += 19 * (h[4] >> 51);
  h[4] &= M51;
  for (i = 0; i < 4; i++)
    {
      h[i + 1] += h[i] >> 51;
      h[i] &= M51;
    }
  q = (h[0] + 19) >> 51;
  for (i = 1; i < 5; i++)
    q = (h[i] + q) >> 51;
  h[0] += 19 * q;                              /* subtract p if q */
  for (i = 0; i < 4; i++)
    {
      c = h[i] >> 51;
      h[i] &= M51;
      h[i + 1] += c;
    }
  h[4] &= M51;
  buf_put_le64 (s, h[0] | h[1] << 51);
  buf_put_le64 (s + 8, h[1] >> 13 | h[2] << 38);
  buf_put_le64 (s + 16, h[2] >> 26 | h[3] << 25);
  buf_put_le64 (s + 24, h[3] >> 39 | h[4] << 12);
}

/* 1 if A is 0 mod p, else 0 */
static inline uint64_t
_kc_fe51_iszero (const _kc_fe51 *a)
{
  unsigned char s[32];
  uint64_t acc = 0;
  int i;
  _kc_fe51_tobytes (s, a);
  for (i = 0; i < 32; i++)
    acc |= s[i];
  return ct_is_nonzero_u64 (acc) ^ 1;
}

/* the low bit of A mod p (RFC 8032's "negative") */
static inline uint64_t
_kc_fe51_isodd (const _kc_fe51 *a)
{
  unsigned char s[32];
  _kc_fe51_tobytes (s, a);
  return s[0] & 1;
}

/* A^(2^N), N >= 1 */
static inline void
_kc_fe51_sqn (_kc_fe51 *r, const _kc_fe51 *a, int n)
{
  _kc_fe51_sq (r, a);
  while (--n > 0)
    _kc_fe51_sq (r, r);
}

/* Z11 = Z^11 and R = Z^(2^250 - 1): the head of both exponentiations
 * below, 249 squarings and 10 multiplications */
static inline void
_kc_fe51_pow250 (_kc_fe51 *r, _kc_fe51 *z11, const _kc_fe51 *z)
{
  _kc_fe51 z2, z9, z5, z10, z20, z50, z100, t;

  _kc_fe51_sq (&z2, z);                               /* 2 */
  _kc_fe51_sqn (&t, &z2, 2);                          /* 8 */
  _kc_fe51_mul (&z9, &t, z);                          /* 9 */
  _kc_fe51_mul (z11, &z9, &z2);                       /* 11 */
  _kc_fe51_sq (&t, z11);                              /* 22 */
  _kc_fe51_mul (&z5, &t, &z9);                        /* 2^5 - 1 */
  _kc_fe51_sqn (&t, &z5, 5);
  _kc_fe51_mul (&z10, &t, &z5);                       /* 2^10 - 1 */
  _kc_fe51_sqn (&t, &z10, 10);
  _kc_fe51_mul (&z20, &t, &z10);                      /* 2^20 - 1 */
  _kc_fe51_sqn (&t, &z20, 20);
  _kc_fe51_mul (&t, &t, &z20);                        /* 2^40 - 1 */
  _kc_fe51_sqn (&t, &t, 10);
  _kc_fe51_mul (&z50, &t, &z10);                      /* 2^50 - 1 */
  _kc_fe51_sqn (&t, &z50, 50);
  _kc_fe51_mul (&z100, &t, &z50);                     /* 2^100 - 1 */
  _kc_fe51_sqn (&t, &z100, 100);
  _kc_fe51_mul (&t, &t, &z100);                       /* 2^200 - 1 */
  _kc_fe51_sqn (&t, &t, 50);
  _kc_fe51_mul (r, &t, &z50);                         /* 2^250 - 1 */
  wipememory (&z2, sizeof z2);
  wipememory (&z9, sizeof z9);
  wipememory (&z5, sizeof z5);
  wipememory (&z10, sizeof z10);
  wipememory (&z20, sizeof z20);
  wipememory (&z50, sizeof z50);
  wipememory (&z100, sizeof z100);
  wipememory (&t, sizeof t);
}

/* R = 1/A (0 for 0), fully reduced, by the safegcd of mpi/modinv.c
 * (x25519/field-5x51.c); VAR nonzero: variable time, A public.  A is
 * any element within this file's bounds. */
void _kc_fe51_inv (_kc_fe51 *r, const _kc_fe51 *a, int var);

/* R = Z^((p - 5) / 8) = Z^(2^252 - 3), for square roots */
static inline void
_kc_fe51_pow22523 (_kc_fe51 *r, const _kc_fe51 *z)
{
  _kc_fe51 z11, t;

  _kc_fe51_pow250 (&t, &z11, z);
  _kc_fe51_sqn (&t, &t, 2);                           /* 2^252 - 4 */
  _kc_fe51_mul (r, &t, z);                            /* 2^252 - 3 */
  wipememory (&z11, sizeof z11);
  wipememory (&t, sizeof t);
}

#endif /* KC_X25519_FIELD_5X51_H */
