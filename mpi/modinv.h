/* modinv.h - modular inverse by safegcd (Bernstein-Yang divsteps).
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * For an odd modulus m of 1..KC_MODINV_MAX_LIMBS 64-bit limbs (little
 * endian), r = a^-1 mod m for a in [0, m) with gcd(a, m) = 1; a = 0 gives
 * r = 0; when gcd(a, m) != 1 the result is unspecified (no failure is
 * signalled: use a prime m, or check r*a = 1 yourself).  Output in [0, m).
 *
 * _kc_modinv runs a fixed number of divsteps for the bit length of m,
 * floor((49d + 57)/17) for d >= 46 bits, floor((49d + 80)/17) below
 * (Bernstein-Yang, "Fast constant-time gcd computation and modular
 * inversion", theorem 11.2), rounded up to batches of 62: constant time in
 * a.  _kc_modinv_var stops as soon as g = 0 and skips runs of zero bits:
 * its time depends on a, which must be public.
 *
 * Internals: f, g, d, e are held in signed 62-bit limbs (the low limbs in
 * [0, 2^62), the top limb a signed int64).  Each batch of 62 divsteps
 * works on the low 64 bits of f and g only and yields a matrix
 * [[u, v], [q, r]] with |u|+|v| <= 2^62 and |q|+|r| <= 2^62 (by induction:
 * each divstep doubles one row and adds the other rows to the second).
 * d and e stay in (-2m, m): d' = (u d + v e + k m) / 2^62 where the
 * multiple k of m makes the numerator divisible by 2^62; after mapping
 * negative d, e into (-m, m) the numerator is in (-2^63 m, 2^62 m).
 * No heap; secrets on the stack are wiped.
 */
#ifndef KC_MPI_MODINV_H
#define KC_MPI_MODINV_H

#include <stdint.h>

#define KC_MODINV_MAX_LIMBS 64
#define KC_MODINV_MAX_S62 68       /* (64*64 + 2)/62 + 1 */

typedef struct
{
  unsigned int n;                  /* 64-bit limbs of m */
  unsigned int len;                /* signed62 limbs */
  unsigned int batches;            /* batches of 62 divsteps (ct version) */
  uint64_t minv62;                 /* m^-1 mod 2^62 */
  int64_t m62[KC_MODINV_MAX_S62];  /* m in signed62 */
} kc_modinv_ctx;

/* Prepare CTX for the odd modulus M (NLIMBS limbs, m > 1; public).
 * Returns 0, or -1 for an even modulus or NLIMBS out of range. */
int _kc_modinv_setup (kc_modinv_ctx *ctx, const uint64_t *m,
                      unsigned int nlimbs);

/* r = a^-1 mod m, a in [0, m).  Constant time.  r may alias a. */
void _kc_modinv (uint64_t *r, const uint64_t *a, const kc_modinv_ctx *ctx);

/* Same result; variable time: A must be public. */
void _kc_modinv_var (uint64_t *r, const uint64_t *a,
                     const kc_modinv_ctx *ctx);

#endif /* KC_MPI_MODINV_H */
