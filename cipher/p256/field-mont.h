/* p256/field-mont.h - the field of NIST P-256, p = 2^256 - 2^224 + 2^192 +
 * 2^96 - 1, on mpi/'s Montgomery layer.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * An element is four little-endian uint64 limbs holding xR mod p,
 * R = 2^256 (the Montgomery form of mpi/mont.h), ALWAYS fully reduced:
 * 0 <= value < p.  Every function takes and returns that form (the
 * products are mpi/'s _kc_mont_mul_redc_4 and _kc_mont_sqr_redc_4, with
 * their MULX/ADX rows where the CPU has them; the constants are the
 * named modulus p256_p of mpi/moduli-p256.c; inverses are mpi/modinv.c's
 * safegcd).  There are no magnitudes and no lazy outputs: every result
 * is in [0, p), checked under --enable-verify.
 *
 * Constant time: every function, except those ending in _var, whose
 * comment says which input must be public.  r may alias any input.
 *
 * tests/t-p256-exhaustive.c builds field-mont.c again with
 * KC_P256_EXHAUSTIVE, where the modulus is a small prime set by the test
 * (any odd m < 2^256 works in the same four limbs).
 */
#ifndef KC_P256_FIELD_H
#define KC_P256_FIELD_H

#include <stdint.h>
#include "kcrypt-int.h"

typedef struct
{
  uint64_t v[4];
} _kc_p256_fe;

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
