/* secp256k1/scalar.h - integers mod the group order
 *   n = FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFE BAAEDCE6 AF48A03B BFD25E8C D0364141
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A scalar is four little-endian uint64 limbs holding a value that is
 * ALWAYS fully reduced, 0 <= value < n.  Every function keeps that
 * invariant (checked under --enable-verify).
 *
 * Constant time: every function, except those ending in _var whose
 * comment says which inputs must be public.
 *
 * Arithmetic kernels leave their temporaries on the stack: the public
 * entry points burn the stack after every call (_kc_burn_stack, checked
 * by t-wipe), and the operations (k*G, signing) wipe their named secret
 * state once at the end.
 */
#ifndef KC_SECP256K1_SCALAR_H
#define KC_SECP256K1_SCALAR_H

#include <stdint.h>
#include "kcrypt-int.h"

typedef struct
{
  uint64_t d[4];
} _kc_secp256k1_scalar;

/* Constant from eight big-endian 32-bit words (value < n). */
#define KC_SCALAR_CONST(d7, d6, d5, d4, d3, d2, d1, d0) {{ \
    ((uint64_t) (d1) << 32) | (d0), ((uint64_t) (d3) << 32) | (d2), \
    ((uint64_t) (d5) << 32) | (d4), ((uint64_t) (d7) << 32) | (d6) }}

/* R = the 32-byte big-endian B reduced mod n; *OVERFLOW (if not NULL) = 1
 * if B >= n, else 0. */
void _kc_secp256k1_scalar_set_b32 (_kc_secp256k1_scalar *r,
                                   const unsigned char b[32], int *overflow);
/* 32 big-endian bytes of A. */
void _kc_secp256k1_scalar_get_b32 (unsigned char b[32],
                                   const _kc_secp256k1_scalar *a);
/* R = V (small). */
void _kc_secp256k1_scalar_set_int (_kc_secp256k1_scalar *r, unsigned int v);
int _kc_secp256k1_scalar_is_zero (const _kc_secp256k1_scalar *a);
int _kc_secp256k1_scalar_eq (const _kc_secp256k1_scalar *a,
                             const _kc_secp256k1_scalar *b);
/* 1 if A > (n-1)/2 (the "high" half: Bitcoin's low-S rule rejects it). */
int _kc_secp256k1_scalar_is_high (const _kc_secp256k1_scalar *a);
/* R = A + B mod n; returns 1 if A + B overflowed n (i.e. >= n). */
int _kc_secp256k1_scalar_add (_kc_secp256k1_scalar *r,
                              const _kc_secp256k1_scalar *a,
                              const _kc_secp256k1_scalar *b);
/* R = -A mod n (0 stays 0). */
void _kc_secp256k1_scalar_negate (_kc_secp256k1_scalar *r,
                                  const _kc_secp256k1_scalar *a);
/* If FLAG (0/1): R = -R. */
void _kc_secp256k1_scalar_cond_negate (_kc_secp256k1_scalar *r, int flag);
/* R = A * B mod n.  R may alias A or B. */
void _kc_secp256k1_scalar_mul (_kc_secp256k1_scalar *r,
                               const _kc_secp256k1_scalar *a,
                               const _kc_secp256k1_scalar *b);
/* R = A^-1 mod n (0 maps to 0).  Constant time: safegcd divsteps
 * (_kc_modinv256, mpi/modinv.c). */
void _kc_secp256k1_scalar_inv (_kc_secp256k1_scalar *r,
                               const _kc_secp256k1_scalar *a);
/* The same by Fermat, A^(n-2) with fixed 4-bit windows of the public
 * exponent: the slow reference for tests. */
void _kc_secp256k1_scalar_inv_fermat (_kc_secp256k1_scalar *r,
                                      const _kc_secp256k1_scalar *a);
/* The same; variable time, A must be public (_kc_modinv256_var). */
void _kc_secp256k1_scalar_inv_var (_kc_secp256k1_scalar *r,
                                   const _kc_secp256k1_scalar *a);

/* GLV split: R1 + R2*lambda = K mod n with R1, R2 (or their negations)
 * below 2^128, where lambda is the cube root of unity mod n with
 * lambda*(x, y) = (beta*x, y) on the curve.  R1, R2 != K. */
void _kc_secp256k1_scalar_split_lambda (_kc_secp256k1_scalar *r1,
                                        _kc_secp256k1_scalar *r2,
                                        const _kc_secp256k1_scalar *k);
/* R = round(A * B / 2^SHIFT) for SHIFT >= 256 (no reduction mod n; the
 * result must be < 2^256).  Constant time in A and B. */
void _kc_secp256k1_scalar_mul_shift (_kc_secp256k1_scalar *r,
                                     const _kc_secp256k1_scalar *a,
                                     const _kc_secp256k1_scalar *b,
                                     unsigned int shift);

/* COUNT (1..32) bits of A from bit OFFSET, as an integer.  OFFSET and COUNT
 * are public, A may be secret (no secret index). */
static inline unsigned int
_kc_secp256k1_scalar_get_bits (const _kc_secp256k1_scalar *a,
                              unsigned int offset, unsigned int count)
{
  unsigned int limb = offset >> 6, sh = offset & 63;
  uint64_t v = a->d[limb] >> sh;
  if (sh + count > 64 && limb < 3)
    v |= a->d[limb + 1] << (64 - sh);
  return (unsigned int) (v & ((count < 64 ? (1ULL << count) : 0) - 1));
}

#endif /* KC_SECP256K1_SCALAR_H */
