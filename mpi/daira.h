/* daira.h - Daira Hopwood's reduction for p = 2^254 + c (Tweedledee,
 * Tweedledum), on plain (non-Montgomery) 4-limb little-endian values.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Representation: "semi-reduced" values x in [0, 2^255) stand for x mod p
 * (2^255 < 2p, so every residue has one or two representatives).
 * Outputs of mul/sqr are semi-reduced, so they chain without a final
 * subtraction; _kc_daira_normalize gives the unique representative in
 * [0, p).  All functions are constant time; r may alias the inputs.
 *
 * Requirements on c: odd, 0 < c < 2^125 (both curves: c < 2^122).
 *
 * Reduction of x = a*b, a, b < 2^255, so x < 2^510:
 *   x  = x0 + X1 * 2^254        x0 < 2^254,  X1 = x >> 254 < 2^256
 *   2^254 = -c (mod p)          => x = x0 - c*X1
 *   u  = c*X1 = u0 + u1 * 2^254 u < 2^381, u0 < 2^254, u1 < 2^127
 *                               => x = x0 - u0 + c*u1   (second fold)
 *   v  = c*u1 < 2^252
 *   y  = x0 + v - u0            in (-2^254, 2^254 + 2^252)
 * One correction: if y < 0, y + p is in (c, p); otherwise y < 2^254 +
 * 2^252.  Either way 0 <= result < 2^255.  In the code A = x0 - u0 (with
 * its borrow bA) and A + p are formed while the second fold is still
 * running; then y = A + v and y + p = (A + p) + v are two independent
 * chains, and y < 0 exactly when bA = 1 and A + v does not carry: a
 * constant-time select replaces a dependent conditional addition.
 * (Folding the two top bits w = x >> 508 into X1 instead of splitting
 * them off as w*2^508 = w*c^2 removes the w*c^2 table: the same work is
 * one more bit in u1.)
 * Every product and fold is a pair of single-word carry chains (low words,
 * high words); on x86-64 with BMI2/ADX the 512-bit product and the first
 * fold run as mulx rows with the two chains on CF and OF (as mont.c; the
 * square is mpi/x86_64/sqr4-adx.h's, shared with mont.c), and
 * the rest of the reduction (second fold, both candidates, masked select)
 * is one assembly block with the same steps as the C code.
 */
#ifndef KC_MPI_DAIRA_H
#define KC_MPI_DAIRA_H

#include <stdint.h>

typedef struct
{
  uint64_t c[2];      /* p = 2^254 + c */
  uint64_t p[4];
  int adx;            /* BMI2/ADX kernels (as mont.c decided at set-up) */
} _kc_daira_field;

/* Set up F for p = 2^254 + c (C as two limbs, c odd, c < 2^125).
 * Returns 0, or -1 when c is out of range.  Public. */
int _kc_daira_setup (_kc_daira_field *f, const uint64_t c[2]);

/* Set up F for Tweedledee (WHICH = 0) or Tweedledum (WHICH = 1). */
void _kc_daira_setup_tweedle (_kc_daira_field *f, int which);

/* r = a*b mod p; a, b in [0, 2^255); r in [0, 2^255).  Constant time. */
void _kc_daira_mul (const _kc_daira_field *f, uint64_t r[4],
                    const uint64_t a[4], const uint64_t b[4]);

/* r = a^2 mod p; a in [0, 2^255); r in [0, 2^255).  Constant time. */
void _kc_daira_sqr (const _kc_daira_field *f, uint64_t r[4],
                    const uint64_t a[4]);

/* r = a mod p in [0, p); a in [0, 2^255).  Constant time. */
void _kc_daira_normalize (const _kc_daira_field *f, uint64_t r[4],
                          const uint64_t a[4]);

#endif /* KC_MPI_DAIRA_H */
