/* p256/scalar-mont.h - integers mod the P-256 group order
 *   n = FFFFFFFF 00000000 FFFFFFFF FFFFFFFF BCE6FAAD A7179E84 F3B9CAC2 FC632551
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A scalar is four little-endian uint64 limbs holding its value (not a
 * Montgomery form), ALWAYS fully reduced: 0 <= value < n (checked under
 * --enable-verify).  Products go through mpi/'s Montgomery kernel for the
 * named modulus p256_n (two reductions: a b R^-1, then times R^2);
 * inverses are mpi/modinv.c's safegcd.
 *
 * Constant time: every function, except those ending in _var, whose
 * comment says which input must be public.  r may alias any input.
 */
#ifndef KC_P256_SCALAR_H
#define KC_P256_SCALAR_H

#include <stdint.h>
#include "kcrypt-int.h"

typedef struct
{
  uint64_t v[4];
} _kc_p256_scalar;

/* R = the 32-byte big-endian B reduced mod n; returns 1 if B >= n. */
int _kc_p256_scalar_set_b32 (_kc_p256_scalar *r, const unsigned char b[32]);
void _kc_p256_scalar_get_b32 (unsigned char b[32], const _kc_p256_scalar *a);
void _kc_p256_scalar_set_int (_kc_p256_scalar *r, unsigned int v);
int _kc_p256_scalar_is_zero (const _kc_p256_scalar *a);
int _kc_p256_scalar_eq (const _kc_p256_scalar *a, const _kc_p256_scalar *b);
/* 1 if A > (n-1)/2. */
int _kc_p256_scalar_is_high (const _kc_p256_scalar *a);
void _kc_p256_scalar_add (_kc_p256_scalar *r, const _kc_p256_scalar *a,
                          const _kc_p256_scalar *b);
void _kc_p256_scalar_neg (_kc_p256_scalar *r, const _kc_p256_scalar *a);
/* If FLAG (0/1): R = -R. */
void _kc_p256_scalar_cond_neg (_kc_p256_scalar *r, int flag);
void _kc_p256_scalar_mul (_kc_p256_scalar *r, const _kc_p256_scalar *a,
                          const _kc_p256_scalar *b);
/* R = 1/A (0 gives 0).  _var: A public. */
void _kc_p256_scalar_inv (_kc_p256_scalar *r, const _kc_p256_scalar *a);
void _kc_p256_scalar_inv_var (_kc_p256_scalar *r, const _kc_p256_scalar *a);
/* Bits [POS, POS + COUNT) of A, COUNT <= 32, POS + COUNT <= 256 (POS and
 * COUNT public, the value may be secret). */
unsigned int _kc_p256_scalar_bits (const _kc_p256_scalar *a, unsigned int pos,
                                   unsigned int count);

#endif /* KC_P256_SCALAR_H */
