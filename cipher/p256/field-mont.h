/* p256/field-mont.h - the field of NIST P-256, p = 2^256 - 2^224 + 2^192 +
 * 2^96 - 1, on mpi/'s Montgomery layer.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * An element is four little-endian uint64 limbs holding xR mod p,
 * R = 2^256 (the Montgomery form of mpi/mont.h), ALWAYS fully reduced:
 * 0 <= value < p.  Every function takes and returns that form (the
 * products are mpi/mont-p256.c's _kc_mont_mul_redc_p256 and
 * _kc_mont_sqr_redc_p256, with their MULX/ADX rows where the CPU has
 * them; the constants are the named modulus p256_p of
 * mpi/moduli-p256.c; inverses are mpi/modinv.c's safegcd).  There are no magnitudes and no lazy outputs: every result
 * is in [0, p), checked under --enable-verify.
 *
 * Constant time: every function, except those ending in _var, whose
 * comment says which input must be public.  r may alias any input.
 *
 * mont-p256.c is p's own reduction (a row is shifts and one product;
 * the same contract as the generic N = 4 kernels of mpi/mont.c).  The group
 * code calls the inline forms below (_kc_p256_fe_*_inl, each the body of
 * the function of the same name), so that a point operation's twenty
 * additions and subtractions are not calls.
 *
 * tests/t-p256-exhaustive.c builds field-mont.c again with
 * KC_P256_EXHAUSTIVE, where the modulus is a small prime set by the test
 * (any odd m < 2^256 works in the same four limbs) and the products are
 * the generic N = 4 kernels of mpi/mont.c.
 */
#ifndef KC_P256_FIELD_H
#define KC_P256_FIELD_H

#include <stdint.h>
#include "kcrypt-int.h"
#include "mont.h"

typedef struct
{
  uint64_t v[4];
} _kc_p256_fe;

#ifdef KC_P256_EXHAUSTIVE
# include "moduli.h"
/* The small prime field of tests/t-p256-exhaustive.c, set up there. */
extern _kc_named_modulus _kc_p256_exh_field;
# define KC_P256_FE_M(j) (_kc_p256_exh_field.m[j])
# define KC_P256_FE_MUL(r, a, b) \
  _kc_mont_mul_redc_4 ((r), (a), (b), _kc_p256_exh_field.m, \
                       _kc_p256_exh_field.m0inv)
# define KC_P256_FE_SQR(r, a) \
  _kc_mont_sqr_redc_4 ((r), (a), _kc_p256_exh_field.m, \
                       _kc_p256_exh_field.m0inv)
#else
/* p's limbs, little-endian, as constants */
# define KC_P256_FE_M(j) \
  ((j) == 0 ? 0xffffffffffffffffULL : (j) == 1 ? 0x00000000ffffffffULL \
   : (j) == 2 ? 0 : 0xffffffff00000001ULL)
# define KC_P256_FE_MUL(r, a, b) _kc_mont_mul_redc_p256 ((r), (a), (b))
# define KC_P256_FE_SQR(r, a) _kc_mont_sqr_redc_p256 ((r), (a))
#endif

/* The loops of the inline forms (four limbs): unrolled. */
#if defined(__clang__)
# define KC_P256_UNROLL _Pragma ("clang loop unroll(full)")
#elif defined(__GNUC__)
# define KC_P256_UNROLL _Pragma ("GCC unroll 4")
#else
# define KC_P256_UNROLL
#endif

/* Debug builds: every element is below p. */
#define KC_P256_FE_CHECK(a) \
  KC_VERIFY_CHECK (ct_cmp_limbs ((a)->v, (const uint64_t[4]) \
                                 { KC_P256_FE_M (0), KC_P256_FE_M (1), \
                                   KC_P256_FE_M (2), KC_P256_FE_M (3) }, \
                                 4) < 0)

static KC_ALWAYS_INLINE void
_kc_p256_fe_mul_inl (_kc_p256_fe *r, const _kc_p256_fe *a,
                     const _kc_p256_fe *b)
{
  KC_P256_FE_CHECK (a);
  KC_P256_FE_CHECK (b);
  KC_P256_FE_MUL (r->v, a->v, b->v);
}

static KC_ALWAYS_INLINE void
_kc_p256_fe_sqr_inl (_kc_p256_fe *r, const _kc_p256_fe *a)
{
  KC_P256_FE_CHECK (a);
  KC_P256_FE_SQR (r->v, a->v);
}

/* a + b < 2p: subtract p when the sum carried or is >= p. */
static KC_ALWAYS_INLINE void
_kc_p256_fe_add_inl (_kc_p256_fe *r, const _kc_p256_fe *a,
                     const _kc_p256_fe *b)
{
  uint64_t t[4], d[4], mask;
  unsigned char c = 0, br = 0;
  int j;

  KC_P256_FE_CHECK (a);
  KC_P256_FE_CHECK (b);
  KC_P256_UNROLL
  for (j = 0; j < 4; j++)
    t[j] = _kc_adc (a->v[j], b->v[j], &c);
  KC_P256_UNROLL
  for (j = 0; j < 4; j++)
    d[j] = _kc_sbb (t[j], KC_P256_FE_M (j), &br);
  mask = ct_mask_from_flag_u64 ((uint64_t) c | (uint64_t) (br ^ 1));
  KC_P256_UNROLL
  for (j = 0; j < 4; j++)
    r->v[j] = ct_select_u64 (mask, d[j], t[j]);
}

/* a - b in (-p, p): add p back when it borrowed. */
static KC_ALWAYS_INLINE void
_kc_p256_fe_sub_inl (_kc_p256_fe *r, const _kc_p256_fe *a,
                     const _kc_p256_fe *b)
{
  uint64_t t[4], mask;
  unsigned char br = 0, c = 0;
  int j;

  KC_P256_FE_CHECK (a);
  KC_P256_FE_CHECK (b);
  KC_P256_UNROLL
  for (j = 0; j < 4; j++)
    t[j] = _kc_sbb (a->v[j], b->v[j], &br);
  mask = ct_mask_from_flag_u64 (br);
  KC_P256_UNROLL
  for (j = 0; j < 4; j++)
    r->v[j] = _kc_adc (t[j], KC_P256_FE_M (j) & mask, &c);
}

/* If FLAG (0/1): R = -R.  Constant time (the negation is computed
 * either way). */
static KC_ALWAYS_INLINE void
_kc_p256_fe_cond_neg_inl (_kc_p256_fe *r, int flag)
{
  _kc_p256_fe z, n;

  memset (&z, 0, sizeof z);
  _kc_p256_fe_sub_inl (&n, &z, r);
  ct_cmov_u64 (r->v, n.v, 4, (uint64_t) flag);
}

/* R = A * B, R = A^2. */
void _kc_p256_fe_mul (_kc_p256_fe *r, const _kc_p256_fe *a,
                      const _kc_p256_fe *b);
void _kc_p256_fe_sqr (_kc_p256_fe *r, const _kc_p256_fe *a);
/* R = A + B, A - B, -A. */
void _kc_p256_fe_add (_kc_p256_fe *r, const _kc_p256_fe *a,
                      const _kc_p256_fe *b);
void _kc_p256_fe_sub (_kc_p256_fe *r, const _kc_p256_fe *a,
                      const _kc_p256_fe *b);
void _kc_p256_fe_neg (_kc_p256_fe *r, const _kc_p256_fe *a);
/* R = 1/A (0 gives 0).  _var: A public. */
void _kc_p256_fe_inv (_kc_p256_fe *r, const _kc_p256_fe *a);
void _kc_p256_fe_inv_var (_kc_p256_fe *r, const _kc_p256_fe *a);
/* R = A^((p+1)/4); returns 1 if R^2 = A (A a square, 0 included), else
 * 0.  Constant time in A (the exponent is public). */
int _kc_p256_fe_sqrt (_kc_p256_fe *r, const _kc_p256_fe *a);

/* R = the 32-byte big-endian B; returns 1 if B < p, else 0 (R is then
 * B - p, reduced).  Constant time. */
int _kc_p256_fe_set_b32 (_kc_p256_fe *r, const unsigned char b[32]);
/* The 32 big-endian bytes of A (its value, not its Montgomery form). */
void _kc_p256_fe_get_b32 (unsigned char b[32], const _kc_p256_fe *a);
/* R = V (small). */
void _kc_p256_fe_set_int (_kc_p256_fe *r, unsigned int v);
/* 1 if A = 0, 1 if A = B, 1 if A's value is odd; else 0. */
int _kc_p256_fe_is_zero (const _kc_p256_fe *a);
int _kc_p256_fe_eq (const _kc_p256_fe *a, const _kc_p256_fe *b);
int _kc_p256_fe_is_odd (const _kc_p256_fe *a);
/* If FLAG (0/1): R = A. */
void _kc_p256_fe_cmov (_kc_p256_fe *r, const _kc_p256_fe *a, int flag);

#endif /* KC_P256_FIELD_H */
