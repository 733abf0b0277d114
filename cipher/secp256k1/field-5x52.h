/* secp256k1/field-5x52.h - field elements mod p = 2^256 - 2^32 - 977 in 5x52 limbs
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * REPRESENTATION
 *   An element is five uint64 limbs n[0..4]; its value is
 *     n[0] + n[1]*2^52 + n[2]*2^104 + n[3]*2^156 + n[4]*2^208
 *   taken mod p.  The spare bits of each limb absorb the carries of
 *   additions, so that a sum need not be reduced at once.
 *
 * MAGNITUDE  (an integer m, 0 <= m <= 32)
 *   An element has magnitude m when
 *     n[0..3] <= 2*m*(2^52 - 1)   and   n[4] <= 2*m*(2^48 - 1).
 *   Magnitude 0 means all limbs zero.  Adding two elements adds their
 *   magnitudes; mul_int by k multiplies it by k; mul, sqr and the
 *   normalizations bring it back to 1.  Each function below states the
 *   magnitudes it accepts and gives.  Callers track magnitudes in their
 *   head (and comments): with --enable-verify (KC_VERIFY) the struct also
 *   carries the magnitude and a normalized flag, every function checks its
 *   inputs against its contract and the limbs against the magnitude, and a
 *   violation aborts with file and line.
 *
 * NORMALIZED
 *   n[0..3] < 2^52, n[4] < 2^48 and the value is < p: the unique
 *   representation.  Only normalized elements may be compared limb by limb,
 *   tested for oddness or zero, or serialized.  A normalized element has
 *   magnitude 1.
 *
 * CONSTANT TIME
 *   Every function runs in time independent of the values of its inputs,
 *   except those whose name ends in _var: their inputs must be public.
 *
 * NORMALIZE BY BORROWING (_kc_secp256k1_fe_normalize)
 *   Let R = 2^256 - p = 0x1000003D1.  The first pass takes
 *   x = (n[4] >> 48) + 1, clears those bits of n[4], adds x*R to n[0] and
 *   propagates the carries up to n[4].  Write V for the value before the
 *   pass and V' = V - (x-1)*2^256 + (x-1)*R (so V' = V mod p).  After the
 *   pass the limbs hold exactly W = V' + R = V' + 2^256 - p, with n[0..3]
 *   < 2^52 and n[4] < 2^49, because:
 *     V' <= (2^256 - 1) + 2m*2^208 + 2m*R < 2p  for m <= 32 (indeed for any
 *     m below 2^40), hence W < 2p + R < 2^257.
 *   Case 1: bit 48 of n[4] (bit 256 of W) is set.  Then W >= 2^256, so
 *     V' >= p, and the result W - 2^256 = V' - p lies in [0, p) because
 *     V' < 2p.  Removing 2^256 is clearing that bit: no subtraction.
 *   Case 2: the bit is clear.  Then W < 2^256, so V' < p: V' is already the
 *     answer, and we get it by subtracting the pre-added R back (W >= R, so
 *     the borrow chain ends inside the five limbs; the result V' is in
 *     [0, p)).
 *   Both cases are done without a branch: the second pass subtracts
 *   R*(1 - bit) and lets the borrow run, then masks n[4] to 48 bits (which
 *   also clears the bit of case 1).  No comparison with p is needed, unlike
 *   the classic normalize (kept as _kc_secp256k1_fe_normalize_classic for
 *   tests and benchmarks), which first reduces and then compares the whole
 *   value with p limb by limb.
 *   Overflow of the first step: n[0] + x*R <= 2m(2^52-1) + (2m+1)*R.  This
 *   is below 2^64 for every m <= 2047 (2*2047*(2^52 - 1) + 4095*0x1000003D1
 *   < 4094*2^52 + 2^45 < 2^64), so the magnitude limit 32 leaves a wide
 *   margin; the later carries are smaller still.
 *
 * NORMALIZES TO ZERO BY THE SAME IDEA
 *   V = 0 mod p iff V' is 0 or p, i.e. iff W = R (limbs R,0,0,0,0) or
 *   W = 2^256 (limbs 0,0,0,0,2^48): two exact limb patterns to test, after
 *   the first pass alone.
 */
#ifndef KC_SECP256K1_FIELD_H
#define KC_SECP256K1_FIELD_H

#include <stdint.h>
#include <stddef.h>
#include "kcrypt-int.h"

#include "limb.h"

typedef struct
{
  uint64_t n[5];
#ifdef KC_VERIFY
  int magnitude;
  int normalized;
#endif
} _kc_secp256k1_fe;

/* A normalized element packed in 4x64 (for tables): 32 bytes. */
typedef struct
{
  uint64_t n[4];
} _kc_secp256k1_fe_storage;

#define KC_FE_M52 0xFFFFFFFFFFFFFULL
#define KC_FE_M48 0xFFFFFFFFFFFFULL
#define KC_FE_R   0x1000003D1ULL        /* 2^256 - p */
#define KC_FE_MAX_MAGNITUDE 32

/* Constant initialiser from eight big-endian 32-bit words (normalized,
 * value must be < p).  Under KC_VERIFY it sets magnitude 1, normalized. */
#ifdef KC_VERIFY
# define KC_FE_VERIFY_INIT , 1, 1
#else
# define KC_FE_VERIFY_INIT
#endif
#define KC_FE_CONST(d7, d6, d5, d4, d3, d2, d1, d0) {{ \
    (d0) | (((uint64_t) (d1) & 0xFFFFFUL) << 32), \
    ((uint64_t) (d1) >> 20) | (((uint64_t) (d2)) << 12) \
      | (((uint64_t) (d3) & 0xFFUL) << 44), \
    ((uint64_t) (d3) >> 8) | (((uint64_t) (d4) & 0xFFFFFFFUL) << 24), \
    ((uint64_t) (d4) >> 28) | (((uint64_t) (d5)) << 4) \
      | (((uint64_t) (d6) & 0xFFFFUL) << 36), \
    ((uint64_t) (d6) >> 16) | (((uint64_t) (d7)) << 16) } KC_FE_VERIFY_INIT }

/* ------------------------------------------------------------ verify */

#ifdef KC_VERIFY
static inline void
_kc_secp256k1_fe_verify (const _kc_secp256k1_fe *a)
{
  uint64_t m = (uint64_t) a->magnitude;
  KC_VERIFY_CHECK (a->magnitude >= 0 && a->magnitude <= KC_FE_MAX_MAGNITUDE);
  KC_VERIFY_CHECK (a->n[0] <= 2 * m * KC_FE_M52);
  KC_VERIFY_CHECK (a->n[1] <= 2 * m * KC_FE_M52);
  KC_VERIFY_CHECK (a->n[2] <= 2 * m * KC_FE_M52);
  KC_VERIFY_CHECK (a->n[3] <= 2 * m * KC_FE_M52);
  KC_VERIFY_CHECK (a->n[4] <= 2 * m * KC_FE_M48);
  if (a->normalized)
    {
      KC_VERIFY_CHECK (a->magnitude <= 1);
      KC_VERIFY_CHECK (a->n[0] <= KC_FE_M52 && a->n[1] <= KC_FE_M52
                       && a->n[2] <= KC_FE_M52 && a->n[3] <= KC_FE_M52
                       && a->n[4] <= KC_FE_M48);
      /* value < p: not (all top limbs full and n[0] >= p's low limb) */
      KC_VERIFY_CHECK (!(a->n[4] == KC_FE_M48
                         && (a->n[3] & a->n[2] & a->n[1]) == KC_FE_M52
                         && a->n[0] >= 0xFFFFEFFFFFC2FULL));
    }
}
# define KC_FE_SET_MAG(r, m, norm) \
   do { (r)->magnitude = (m); (r)->normalized = (norm); \
        _kc_secp256k1_fe_verify (r); } while (0)
# define KC_FE_CHECK(a, maxmag) \
   do { _kc_secp256k1_fe_verify (a); \
        KC_VERIFY_CHECK ((a)->magnitude <= (maxmag)); } while (0)
# define KC_FE_CHECK_NORM(a) \
   do { _kc_secp256k1_fe_verify (a); KC_VERIFY_CHECK ((a)->normalized); } while (0)
#else
# define KC_FE_SET_MAG(r, m, norm) do { } while (0)
# define KC_FE_CHECK(a, maxmag) do { } while (0)
# define KC_FE_CHECK_NORM(a) do { } while (0)
#endif

/* ------------------------------------------------ out-of-line functions */

/* Classic two-pass normalize (reduce, then compare with p and reduce
 * again).  Reference for tests and benchmarks; same contract as
 * _kc_secp256k1_fe_normalize.  Constant time. */
void _kc_secp256k1_fe_normalize_classic (_kc_secp256k1_fe *r);

/* R = A^-1 (0 maps to 0).  In: magnitude <= 8.  Out: magnitude 1,
 * normalized.  Constant time (safegcd divsteps, _kc_modinv256 in
 * mpi/modinv.c).  R may alias A. */
void _kc_secp256k1_fe_inv (_kc_secp256k1_fe *r, const _kc_secp256k1_fe *a);
/* The same by Fermat, A^(p-2) by an addition chain: the slow reference
 * for tests.  Constant time. */
void _kc_secp256k1_fe_inv_fermat (_kc_secp256k1_fe *r, const _kc_secp256k1_fe *a);
/* The same, variable time: A must be public. */
void _kc_secp256k1_fe_inv_var (_kc_secp256k1_fe *r, const _kc_secp256k1_fe *a);

/* R = a square root of A, returns 1 if A is a square, else 0 (and R then
 * holds a root of -A).  R != A.  In: magnitude <= 8.  Out: normalized.
 * Constant time (A^((p+1)/4), p = 3 mod 4).  On this field; the group's
 * code takes _kc_secp256k1_fe_sqrt_chosen (secp256k1/group.h). */
int _kc_secp256k1_fe_sqrt (_kc_secp256k1_fe *r, const _kc_secp256k1_fe *a);

/* R = A^((p-3)/4) (for a nonzero square A: R^2 = 1/A, and A R is the
 * square root _kc_secp256k1_fe_sqrt gives).  In: magnitude <= 8.  Out:
 * normalized.  Constant time.  On this field; the group's code takes
 * _kc_secp256k1_fe_pow_p34_chosen (secp256k1/group.h). */
void _kc_secp256k1_fe_pow_p34 (_kc_secp256k1_fe *r, const _kc_secp256k1_fe *a);

/* 1 if A is a square mod p (0 included), else 0.  In: magnitude <= 32.
 * Variable time (A public): the Jacobi symbol by the positive divsteps
 * of mpi/modinv.c, or, when those give up, the square root's check. */
int _kc_secp256k1_fe_is_square_var (const _kc_secp256k1_fe *a);

/* R = the 32-byte big-endian B.  Returns 1 if B < p, else 0 (R is then
 * B - p, normalized).  Out: normalized.  Constant time. */
int _kc_secp256k1_fe_set_b32 (_kc_secp256k1_fe *r, const unsigned char b[32]);
/* The same for a public B: returns 0 if B >= p (R is then unusable), else
 * 1 with R = B normalized, without the reduction and the wipe of the
 * constant-time form.  Variable time in B's range only. */
int _kc_secp256k1_fe_set_b32_limit (_kc_secp256k1_fe *r,
                                    const unsigned char b[32]);
/* 32 big-endian bytes of A.  In: normalized. */
void _kc_secp256k1_fe_get_b32 (unsigned char b[32], const _kc_secp256k1_fe *a);

/* ------------------------------------------------------- inline core */

/* R = the small integer V (0 <= V < 2^52).  Out: normalized. */
static inline void
_kc_secp256k1_fe_set_int (_kc_secp256k1_fe *r, uint64_t v)
{
  r->n[0] = v;
  r->n[1] = r->n[2] = r->n[3] = r->n[4] = 0;
  KC_FE_SET_MAG (r, v != 0, 1);
}

/* R = 0, normalized, magnitude 0. */
static inline void
_kc_secp256k1_fe_clear (_kc_secp256k1_fe *r)
{
  r->n[0] = r->n[1] = r->n[2] = r->n[3] = r->n[4] = 0;
  KC_FE_SET_MAG (r, 0, 1);
}

/* 1 if A is zero.  In: normalized. */
static inline int
_kc_secp256k1_fe_is_zero (const _kc_secp256k1_fe *a)
{
  KC_FE_CHECK_NORM (a);
  return (int) (1 ^ ct_is_nonzero_u64 (a->n[0] | a->n[1] | a->n[2]
                                       | a->n[3] | a->n[4]));
}

/* 1 if A is odd.  In: normalized. */
static inline int
_kc_secp256k1_fe_is_odd (const _kc_secp256k1_fe *a)
{
  KC_FE_CHECK_NORM (a);
  return (int) (a->n[0] & 1);
}

/* 1 if A == B.  In: both normalized. */
static inline int
_kc_secp256k1_fe_equal_norm (const _kc_secp256k1_fe *a, const _kc_secp256k1_fe *b)
{
  KC_FE_CHECK_NORM (a);
  KC_FE_CHECK_NORM (b);
  return (int) (1 ^ ct_is_nonzero_u64 ((a->n[0] ^ b->n[0]) | (a->n[1] ^ b->n[1])
                                       | (a->n[2] ^ b->n[2]) | (a->n[3] ^ b->n[3])
                                       | (a->n[4] ^ b->n[4])));
}

/* Compare normalized A and B as integers: -1, 0, 1.  Variable time. */
static inline int
_kc_secp256k1_fe_cmp_var (const _kc_secp256k1_fe *a, const _kc_secp256k1_fe *b)
{
  int i;
  KC_FE_CHECK_NORM (a);
  KC_FE_CHECK_NORM (b);
  for (i = 4; i >= 0; i--)
    {
      if (a->n[i] > b->n[i])
        return 1;
      if (a->n[i] < b->n[i])
        return -1;
    }
  return 0;
}

/* R += A.  Out magnitude: mag(R) + mag(A), must stay <= 32. */
static inline void
_kc_secp256k1_fe_add (_kc_secp256k1_fe *r, const _kc_secp256k1_fe *a)
{
  KC_FE_CHECK (r, KC_FE_MAX_MAGNITUDE);
  KC_FE_CHECK (a, KC_FE_MAX_MAGNITUDE);
  r->n[0] += a->n[0];
  r->n[1] += a->n[1];
  r->n[2] += a->n[2];
  r->n[3] += a->n[3];
  r->n[4] += a->n[4];
#ifdef KC_VERIFY
  KC_VERIFY_CHECK (r->magnitude + a->magnitude <= KC_FE_MAX_MAGNITUDE);
  KC_FE_SET_MAG (r, r->magnitude + a->magnitude, 0);
#endif
}

/* R *= K (small integer).  Out magnitude: K * mag(R), must stay <= 32. */
static inline void
_kc_secp256k1_fe_mul_int (_kc_secp256k1_fe *r, int k)
{
  KC_FE_CHECK (r, KC_FE_MAX_MAGNITUDE);
  r->n[0] *= (uint64_t) k;
  r->n[1] *= (uint64_t) k;
  r->n[2] *= (uint64_t) k;
  r->n[3] *= (uint64_t) k;
  r->n[4] *= (uint64_t) k;
#ifdef KC_VERIFY
  KC_VERIFY_CHECK (k >= 0 && r->magnitude * k <= KC_FE_MAX_MAGNITUDE);
  KC_FE_SET_MAG (r, r->magnitude * k, 0);
#endif
}

/* R = -A, given M >= mag(A).  Out magnitude: M + 1 (<= 32).
 * Computes 2(M+1)p - A limb by limb: every limb of 2(M+1)p, taken as
 * 2(M+1) times p's limbs, is >= 2M times the magnitude-M limb bound, so
 * no limb goes negative. */
static inline void
_kc_secp256k1_fe_negate (_kc_secp256k1_fe *r, const _kc_secp256k1_fe *a, int m)
{
  uint64_t k = 2 * (uint64_t) (m + 1);
  KC_FE_CHECK (a, m);
  KC_VERIFY_CHECK (m >= 0 && m + 1 <= KC_FE_MAX_MAGNITUDE);
  r->n[0] = 0xFFFFEFFFFFC2FULL * k - a->n[0];
  r->n[1] = KC_FE_M52 * k - a->n[1];
  r->n[2] = KC_FE_M52 * k - a->n[2];
  r->n[3] = KC_FE_M52 * k - a->n[3];
  r->n[4] = KC_FE_M48 * k - a->n[4];
  KC_FE_SET_MAG (r, m + 1, 0);
}

/* If FLAG (0/1): R = A.  Constant time.  R's magnitude is the larger of
 * the two afterwards (under KC_VERIFY). */
static inline void
_kc_secp256k1_fe_cmov (_kc_secp256k1_fe *r, const _kc_secp256k1_fe *a, int flag)
{
  uint64_t m = ct_mask_from_flag_u64 ((uint64_t) flag);
  r->n[0] = ct_select_u64 (m, a->n[0], r->n[0]);
  r->n[1] = ct_select_u64 (m, a->n[1], r->n[1]);
  r->n[2] = ct_select_u64 (m, a->n[2], r->n[2]);
  r->n[3] = ct_select_u64 (m, a->n[3], r->n[3]);
  r->n[4] = ct_select_u64 (m, a->n[4], r->n[4]);
#ifdef KC_VERIFY
  if (a->magnitude > r->magnitude)
    r->magnitude = a->magnitude;
  r->normalized &= a->normalized;
#endif
}

/* R = R/2 mod p: adds p when R is odd (a mask, no branch), then shifts
 * the five limbs right by one bit.  In: magnitude m <= 31.  Out:
 * magnitude (m >> 1) + 1: a limb below 2m(2^52-1) gets at most 2^52-1
 * from p, and its half plus the bit shifted in from the limb above is at
 * most (m+1)(2^52-1) (the top limb takes no bit). */
static inline void
_kc_secp256k1_fe_half (_kc_secp256k1_fe *r)
{
  uint64_t t0 = r->n[0], t1 = r->n[1], t2 = r->n[2], t3 = r->n[3], t4 = r->n[4];
  uint64_t m = ct_mask_from_flag_u64 (t0 & 1);
  KC_FE_CHECK (r, KC_FE_MAX_MAGNITUDE - 1);
  t0 += 0xFFFFEFFFFFC2FULL & m;
  t1 += KC_FE_M52 & m;
  t2 += KC_FE_M52 & m;
  t3 += KC_FE_M52 & m;
  t4 += KC_FE_M48 & m;
  r->n[0] = (t0 >> 1) + ((t1 & 1) << 51);
  r->n[1] = (t1 >> 1) + ((t2 & 1) << 51);
  r->n[2] = (t2 >> 1) + ((t3 & 1) << 51);
  r->n[3] = (t3 >> 1) + ((t4 & 1) << 51);
  r->n[4] = t4 >> 1;
#ifdef KC_VERIFY
  KC_FE_SET_MAG (r, (r->magnitude >> 1) + 1, 0);
#endif
}

/* Normalize weakly: value unchanged mod p, magnitude 1 (n[0..3] < 2^52,
 * n[4] < 2^49), not necessarily < p.  In: magnitude <= 32. */
static inline void
_kc_secp256k1_fe_normalize_weak (_kc_secp256k1_fe *r)
{
  uint64_t t0 = r->n[0], t1 = r->n[1], t2 = r->n[2], t3 = r->n[3], t4 = r->n[4];
  uint64_t x = t4 >> 48;
  KC_FE_CHECK (r, KC_FE_MAX_MAGNITUDE);
  t4 &= KC_FE_M48;
  t0 += x * KC_FE_R;
  t1 += t0 >> 52; t0 &= KC_FE_M52;
  t2 += t1 >> 52; t1 &= KC_FE_M52;
  t3 += t2 >> 52; t2 &= KC_FE_M52;
  t4 += t3 >> 52; t3 &= KC_FE_M52;
  /* t4 < 2^48 + 2^13, so <= 2*(2^48-1): magnitude 1 */
  r->n[0] = t0; r->n[1] = t1; r->n[2] = t2; r->n[3] = t3; r->n[4] = t4;
  KC_FE_SET_MAG (r, 1, 0);
}

/* Fully normalize R (borrowing method, see top).  In: magnitude <= 32.
 * Out: normalized.  Constant time. */
static inline void
_kc_secp256k1_fe_normalize (_kc_secp256k1_fe *r)
{
  uint64_t t0 = r->n[0], t1 = r->n[1], t2 = r->n[2], t3 = r->n[3], t4 = r->n[4];
  uint64_t x = (t4 >> 48) + 1, nb;
  KC_FE_CHECK (r, KC_FE_MAX_MAGNITUDE);
  /* First pass: W = V' + R (see the header comment). */
  t4 &= KC_FE_M48;
  t0 += x * KC_FE_R;
  t1 += t0 >> 52; t0 &= KC_FE_M52;
  t2 += t1 >> 52; t1 &= KC_FE_M52;
  t3 += t2 >> 52; t2 &= KC_FE_M52;
  t4 += t3 >> 52; t3 &= KC_FE_M52;
  /* t4 < 2^49; bit 48 set iff W >= 2^256 iff V' >= p. */
  nb = (t4 >> 48) ^ 1;                 /* 1: no carry, take R back */
  t0 -= nb * KC_FE_R;                  /* nb is 0/1; t0 - R > -2^52 */
  t1 -= t0 >> 63; t0 &= KC_FE_M52;
  t2 -= t1 >> 63; t1 &= KC_FE_M52;
  t3 -= t2 >> 63; t2 &= KC_FE_M52;
  t4 -= t3 >> 63; t3 &= KC_FE_M52;
  t4 &= KC_FE_M48;                     /* drops 2^256 in case 1 */
  r->n[0] = t0; r->n[1] = t1; r->n[2] = t2; r->n[3] = t3; r->n[4] = t4;
  KC_FE_SET_MAG (r, 1, 1);
}

/* Same result as _kc_secp256k1_fe_normalize; variable time (R public). */
static inline void
_kc_secp256k1_fe_normalize_var (_kc_secp256k1_fe *r)
{
  uint64_t t0 = r->n[0], t1 = r->n[1], t2 = r->n[2], t3 = r->n[3], t4 = r->n[4];
  uint64_t x = (t4 >> 48) + 1;
  KC_FE_CHECK (r, KC_FE_MAX_MAGNITUDE);
  t4 &= KC_FE_M48;
  t0 += x * KC_FE_R;
  t1 += t0 >> 52; t0 &= KC_FE_M52;
  t2 += t1 >> 52; t1 &= KC_FE_M52;
  t3 += t2 >> 52; t2 &= KC_FE_M52;
  t4 += t3 >> 52; t3 &= KC_FE_M52;
  if (t4 >> 48)
    t4 &= KC_FE_M48;
  else
    {
      t0 -= KC_FE_R;
      t1 -= t0 >> 63; t0 &= KC_FE_M52;
      t2 -= t1 >> 63; t1 &= KC_FE_M52;
      t3 -= t2 >> 63; t2 &= KC_FE_M52;
      t4 -= t3 >> 63; t3 &= KC_FE_M52;
    }
  r->n[0] = t0; r->n[1] = t1; r->n[2] = t2; r->n[3] = t3; r->n[4] = t4;
  KC_FE_SET_MAG (r, 1, 1);
}

/* 1 if R = 0 mod p.  In: magnitude <= 32.  Constant time.  R unchanged. */
static inline int
_kc_secp256k1_fe_normalizes_to_zero (const _kc_secp256k1_fe *r)
{
  uint64_t t0 = r->n[0], t1 = r->n[1], t2 = r->n[2], t3 = r->n[3], t4 = r->n[4];
  uint64_t x = (t4 >> 48) + 1, z0, z1;
  KC_FE_CHECK (r, KC_FE_MAX_MAGNITUDE);
  t4 &= KC_FE_M48;
  t0 += x * KC_FE_R;
  t1 += t0 >> 52; t0 &= KC_FE_M52;
  t2 += t1 >> 52; t1 &= KC_FE_M52;
  t3 += t2 >> 52; t2 &= KC_FE_M52;
  t4 += t3 >> 52; t3 &= KC_FE_M52;
  /* W = R (V' = 0) or W = 2^256 (V' = p). */
  z0 = (t0 ^ KC_FE_R) | t1 | t2 | t3 | t4;
  z1 = t0 | t1 | t2 | t3 | (t4 ^ (1ULL << 48));
  return (int) ((1 ^ ct_is_nonzero_u64 (z0)) | (1 ^ ct_is_nonzero_u64 (z1)));
}

/* Same as _kc_secp256k1_fe_normalizes_to_zero; variable time (R public):
 * most non-zero values are recognised from the lowest limb alone. */
static inline int
_kc_secp256k1_fe_normalizes_to_zero_var (const _kc_secp256k1_fe *r)
{
  uint64_t t0, t1, t2, t3, t4, x;
  KC_FE_CHECK (r, KC_FE_MAX_MAGNITUDE);
  t4 = r->n[4];
  x = (t4 >> 48) + 1;
  t0 = r->n[0] + x * KC_FE_R;
  /* The final low limb is t0 mod 2^52: it must be R or 0. */
  if ((t0 & KC_FE_M52) != KC_FE_R && (t0 & KC_FE_M52) != 0)
    return 0;
  t1 = r->n[1]; t2 = r->n[2]; t3 = r->n[3];
  t4 &= KC_FE_M48;
  t1 += t0 >> 52; t0 &= KC_FE_M52;
  t2 += t1 >> 52; t1 &= KC_FE_M52;
  t3 += t2 >> 52; t2 &= KC_FE_M52;
  t4 += t3 >> 52; t3 &= KC_FE_M52;
  return ((t0 ^ KC_FE_R) | t1 | t2 | t3 | t4) == 0
         || (t0 | t1 | t2 | t3 | (t4 ^ (1ULL << 48))) == 0;
}

/* R = A * B.  In: magnitudes <= 8 (limbs < 2^56, n[4] < 2^52).
 * Out: magnitude 1 (n[0..3] < 2^52, n[4] < 2^48 + 2^44; not normalized).
 * R may alias A or B.
 *
 * Column k of the product is p_k = sum_{i+j=k} a_i b_j (weight 2^(52k));
 * columns 5..8 fold down by 2^260 = R4 = 0x1000003D10 (mod p).  The
 * columns are visited in the order 3+8, 4, 0+5, 1+6, 2+7 so that each
 * high column is folded as soon as it is carried, with few live values:
 *   d = p3 + lo64(p8) R4            < 2^115   (p3 < 2^114, p8 < 2^104)
 *   t3 = d mod 2^52;  d = d/2^52 + p4 + (p8 >> 64) (R4 << 12)  < 2^115
 *       (p8 >> 64 < 2^40 sits at 2^480 = R4 2^12 2^208)
 *   t4 = d mod 2^52, split into 48 bits and tx = bits 48..51 (at 2^256)
 *   d = d/2^52 + p5 (at 2^260);  u0 = d mod 2^52
 *   c = p0 + (u0 2^4 + tx) R      (R = 2^256 mod p; < 2^112 + 2^89)
 *   r0; c = c/2^52 + p1 + (d/2^52 + p6 mod 2^52) R4;  r1
 *   c = c/2^52 + p2 + lo64(d') R4 with d' = p7 + carry (< 2^110); r2
 *   c = c/2^52 + t3 + (d' >> 64) (R4 << 12);  r3;  r4 = c/2^52 + t4.
 * All accumulators stay below 2^116. */
#if defined(__GNUC__)
__attribute__ ((always_inline))
#endif
static inline void
_kc_secp256k1_fe_mul (_kc_secp256k1_fe *r, const _kc_secp256k1_fe *a,
                     const _kc_secp256k1_fe *b)
{
  const uint64_t a0 = a->n[0], a1 = a->n[1], a2 = a->n[2], a3 = a->n[3], a4 = a->n[4];
  const uint64_t b0 = b->n[0], b1 = b->n[1], b2 = b->n[2], b3 = b->n[3], b4 = b->n[4];
  const uint64_t R4 = KC_FE_R << 4;   /* 2^260 mod p */
  _kc_u128 c, d;
  uint64_t t3, t4, tx, u0, r0, r1, r2, r3, r4;

  KC_FE_CHECK (a, 8);
  KC_FE_CHECK (b, 8);
  _kc_u128_mul (&d, a0, b3);
  _kc_u128_accum_mul (&d, a1, b2);
  _kc_u128_accum_mul (&d, a2, b1);
  _kc_u128_accum_mul (&d, a3, b0);
  _kc_u128_mul (&c, a4, b4);
  _kc_u128_accum_mul (&d, R4, _kc_u128_to_u64 (&c));
  _kc_u128_rshift (&c, 64);
  t3 = _kc_u128_to_u64 (&d) & KC_FE_M52; _kc_u128_rshift (&d, 52);
  _kc_u128_accum_mul (&d, a0, b4);
  _kc_u128_accum_mul (&d, a1, b3);
  _kc_u128_accum_mul (&d, a2, b2);
  _kc_u128_accum_mul (&d, a3, b1);
  _kc_u128_accum_mul (&d, a4, b0);
  _kc_u128_accum_mul (&d, R4 << 12, _kc_u128_to_u64 (&c));
  t4 = _kc_u128_to_u64 (&d) & KC_FE_M52; _kc_u128_rshift (&d, 52);
  tx = t4 >> 48; t4 &= KC_FE_M48;
  _kc_u128_accum_mul (&d, a1, b4);
  _kc_u128_accum_mul (&d, a2, b3);
  _kc_u128_accum_mul (&d, a3, b2);
  _kc_u128_accum_mul (&d, a4, b1);
  u0 = _kc_u128_to_u64 (&d) & KC_FE_M52; _kc_u128_rshift (&d, 52);
  u0 = u0 << 4 | tx;
  _kc_u128_mul (&c, a0, b0);
  _kc_u128_accum_mul (&c, u0, KC_FE_R);
  r0 = _kc_u128_to_u64 (&c) & KC_FE_M52; _kc_u128_rshift (&c, 52);
  _kc_u128_accum_mul (&c, a0, b1);
  _kc_u128_accum_mul (&c, a1, b0);
  _kc_u128_accum_mul (&d, a2, b4);
  _kc_u128_accum_mul (&d, a3, b3);
  _kc_u128_accum_mul (&d, a4, b2);
  _kc_u128_accum_mul (&c, _kc_u128_to_u64 (&d) & KC_FE_M52, R4);
  _kc_u128_rshift (&d, 52);
  r1 = _kc_u128_to_u64 (&c) & KC_FE_M52; _kc_u128_rshift (&c, 52);
  _kc_u128_accum_mul (&c, a0, b2);
  _kc_u128_accum_mul (&c, a1, b1);
  _kc_u128_accum_mul (&c, a2, b0);
  _kc_u128_accum_mul (&d, a3, b4);
  _kc_u128_accum_mul (&d, a4, b3);
  _kc_u128_accum_mul (&c, R4, _kc_u128_to_u64 (&d));
  _kc_u128_rshift (&d, 64);
  r2 = _kc_u128_to_u64 (&c) & KC_FE_M52; _kc_u128_rshift (&c, 52);
  _kc_u128_accum_mul (&c, R4 << 12, _kc_u128_to_u64 (&d));
  _kc_u128_accum_u64 (&c, t3);
  r3 = _kc_u128_to_u64 (&c) & KC_FE_M52; _kc_u128_rshift (&c, 52);
  r4 = _kc_u128_to_u64 (&c) + t4;
  r->n[0] = r0; r->n[1] = r1; r->n[2] = r2; r->n[3] = r3; r->n[4] = r4;
  KC_FE_SET_MAG (r, 1, 0);
}

/* R = A^2.  In: magnitude <= 8.  Out: magnitude 1.  R may alias A.
 * Same schedule and bounds as _kc_secp256k1_fe_mul, with the cross
 * products doubled (inputs pre-doubled: 2 a_i < 2^57). */
#if defined(__GNUC__)
__attribute__ ((always_inline))
#endif
static inline void
_kc_secp256k1_fe_sqr (_kc_secp256k1_fe *r, const _kc_secp256k1_fe *a)
{
  const uint64_t a0 = a->n[0], a1 = a->n[1], a2 = a->n[2], a3 = a->n[3], a4 = a->n[4];
  const uint64_t R4 = KC_FE_R << 4;
  const uint64_t d0 = 2 * a0, d1 = 2 * a1, d2 = 2 * a2, d3 = 2 * a3;
  _kc_u128 c, d;
  uint64_t t3, t4, tx, u0, r0, r1, r2, r3, r4;

  KC_FE_CHECK (a, 8);
  _kc_u128_mul (&d, d0, a3);
  _kc_u128_accum_mul (&d, d1, a2);
  _kc_u128_mul (&c, a4, a4);
  _kc_u128_accum_mul (&d, R4, _kc_u128_to_u64 (&c));
  _kc_u128_rshift (&c, 64);
  t3 = _kc_u128_to_u64 (&d) & KC_FE_M52; _kc_u128_rshift (&d, 52);
  _kc_u128_accum_mul (&d, d0, a4);
  _kc_u128_accum_mul (&d, d1, a3);
  _kc_u128_accum_mul (&d, a2, a2);
  _kc_u128_accum_mul (&d, R4 << 12, _kc_u128_to_u64 (&c));
  t4 = _kc_u128_to_u64 (&d) & KC_FE_M52; _kc_u128_rshift (&d, 52);
  tx = t4 >> 48; t4 &= KC_FE_M48;
  _kc_u128_accum_mul (&d, d1, a4);
  _kc_u128_accum_mul (&d, d2, a3);
  u0 = _kc_u128_to_u64 (&d) & KC_FE_M52; _kc_u128_rshift (&d, 52);
  u0 = u0 << 4 | tx;
  _kc_u128_mul (&c, a0, a0);
  _kc_u128_accum_mul (&c, u0, KC_FE_R);
  r0 = _kc_u128_to_u64 (&c) & KC_FE_M52; _kc_u128_rshift (&c, 52);
  _kc_u128_accum_mul (&c, d0, a1);
  _kc_u128_accum_mul (&d, d2, a4);
  _kc_u128_accum_mul (&d, a3, a3);
  _kc_u128_accum_mul (&c, _kc_u128_to_u64 (&d) & KC_FE_M52, R4);
  _kc_u128_rshift (&d, 52);
  r1 = _kc_u128_to_u64 (&c) & KC_FE_M52; _kc_u128_rshift (&c, 52);
  _kc_u128_accum_mul (&c, d0, a2);
  _kc_u128_accum_mul (&c, a1, a1);
  _kc_u128_accum_mul (&d, d3, a4);
  _kc_u128_accum_mul (&c, R4, _kc_u128_to_u64 (&d));
  _kc_u128_rshift (&d, 64);
  r2 = _kc_u128_to_u64 (&c) & KC_FE_M52; _kc_u128_rshift (&c, 52);
  _kc_u128_accum_mul (&c, R4 << 12, _kc_u128_to_u64 (&d));
  _kc_u128_accum_u64 (&c, t3);
  r3 = _kc_u128_to_u64 (&c) & KC_FE_M52; _kc_u128_rshift (&c, 52);
  r4 = _kc_u128_to_u64 (&c) + t4;
  r->n[0] = r0; r->n[1] = r1; r->n[2] = r2; r->n[3] = r3; r->n[4] = r4;
  KC_FE_SET_MAG (r, 1, 0);
}

/* Storage conversions.  to_storage: In normalized.  from_storage: Out
 * normalized (the stored value must be < p). */
static inline void
_kc_secp256k1_fe_to_storage (_kc_secp256k1_fe_storage *r, const _kc_secp256k1_fe *a)
{
  KC_FE_CHECK_NORM (a);
  r->n[0] = a->n[0] | a->n[1] << 52;
  r->n[1] = a->n[1] >> 12 | a->n[2] << 40;
  r->n[2] = a->n[2] >> 24 | a->n[3] << 28;
  r->n[3] = a->n[3] >> 36 | a->n[4] << 16;
}

static inline void
_kc_secp256k1_fe_from_storage (_kc_secp256k1_fe *r, const _kc_secp256k1_fe_storage *a)
{
  r->n[0] = a->n[0] & KC_FE_M52;
  r->n[1] = (a->n[0] >> 52 | a->n[1] << 12) & KC_FE_M52;
  r->n[2] = (a->n[1] >> 40 | a->n[2] << 24) & KC_FE_M52;
  r->n[3] = (a->n[2] >> 28 | a->n[3] << 36) & KC_FE_M52;
  r->n[4] = a->n[3] >> 16;
  KC_FE_SET_MAG (r, 1, 1);
}

/* If FLAG: R = A, constant time. */
static inline void
_kc_secp256k1_fe_storage_cmov (_kc_secp256k1_fe_storage *r,
                              const _kc_secp256k1_fe_storage *a, int flag)
{
  uint64_t m = ct_mask_from_flag_u64 ((uint64_t) flag);
  r->n[0] = ct_select_u64 (m, a->n[0], r->n[0]);
  r->n[1] = ct_select_u64 (m, a->n[1], r->n[1]);
  r->n[2] = ct_select_u64 (m, a->n[2], r->n[2]);
  r->n[3] = ct_select_u64 (m, a->n[3], r->n[3]);
}

#endif /* KC_SECP256K1_FIELD_H */
