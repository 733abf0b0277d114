/* sntrup761/x86_64/fq.h - scalar arithmetic mod q = 4591 shared by the
 * sntrup761 vector kernels (sntrup761/x86_64/avx2-*.c and avx512.c): the
 * per-iteration scalars of the divsteps and the final scaling.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * All constant time (no branch or index depends on a value; fq_recip's
 * exponent is public).  Internal to the vector files: static inline.
 */
#ifndef KC_SNTRUP761_FQ_H
#define KC_SNTRUP761_FQ_H

#include <stdint.h>
#include "kcrypt-int.h"
#include "ct.h"

#define P 761
#define Q 4591
#define Q_HALF 2295             /* (q - 1) / 2 */

/* Constants for q = 4591 (checked by the test through the results):
 *   1/3    = -1530 mod q           (3 * -1530 = -4590 = 1 mod q)
 *   V32    = round(2^32 / q)       = 935519 (scalar Barrett)
 *   V40    = round(2^40 / q)       = 239492840 */
#define RECIP3 (-1530)
#define V32 935519
#define V40 239492840

/* ---- scalar helpers (constant time) ---- */

/* All ones if X < 0, else 0. */
static inline uint32_t
mask_negative (int32_t x)
{
  return ct_mask_from_flag_u32 ((uint32_t) x >> 31);
}

/* X - q round (X / q) by the estimate t = round (X V32 / 2^32), not
 * yet centered.  Precondition: |x| < 2^25; t is within 1/2 + 2^25 0.47
 * / 2^32 < 0.51 of x / q, so |result| < 0.51 q (within 0.501 q for
 * |x| < 2^23). */
static inline int32_t
fq_reduce32 (int32_t x)
{
  int32_t t;
  KC_VERIFY_CHECK (x < (1 << 25) && x > -(1 << 25));
  t = (int32_t) (((int64_t) x * V32 + ((int64_t) 1 << 31)) >> 32);
  return x - t * Q;
}

/* Centered residue of X mod q, in [-2295, 2295]: fq_reduce32 and one
 * correction either way.  Precondition: |x| < 2^25. */
static inline int32_t
fq_freeze32 (int32_t x)
{
  int32_t r = fq_reduce32 (x);
  r -= (int32_t) (Q & mask_negative (Q_HALF - r));   /* r > 2295 */
  r += (int32_t) (Q & mask_negative (r + Q_HALF));   /* r < -2295 */
  return r;
}

/* a * b mod q, frozen; a, b frozen. */
static inline int32_t
fq_mul (int32_t a, int32_t b)
{
  return fq_freeze32 (a * b);
}

/* a b mod q within [-2299, 2299], not frozen (a chain of products
 * frozen once at its end), for |a|, |b| <= 2343: the product is below
 * 2^23 in magnitude (fq_reduce32's 0.501 q). */
static inline int32_t
fq_mul_lazy (int32_t a, int32_t b)
{
  return fq_reduce32 (a * b);
}

/* 1/a mod q as a^(q-2) (0 if a = 0); the exponent is public. */
static inline int32_t
fq_recip (int32_t a)
{
  int32_t r = 1, b = a;
  unsigned int e = Q - 2;
  while (e)
    {
      if (e & 1)
        r = fq_mul (r, b);
      b = fq_mul (b, b);
      e >>= 1;
    }
  return r;
}

/* round (b 2^15 / q) for |b| <= 2295, exactly: x = b 2^15 has |x| < 2^27,
 * the estimate x V40 / 2^40 is within |x| 2^-41 < 2^-14 of x / q, while
 * x / q is at least 1/(2q) > 2^-14 away from any half-integer (q odd). */
static inline int32_t
fq_shoup (int32_t b)
{
  int64_t x = (int64_t) b * 32768;
  return (int32_t) ((x * V40 + ((int64_t) 1 << 39)) >> 40);
}

#endif /* KC_SNTRUP761_FQ_H */
