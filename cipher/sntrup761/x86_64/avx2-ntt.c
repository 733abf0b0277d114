/* sntrup761/x86_64/avx2-ntt.c - the sntrup761 polynomial products by NTTs,
 * AVX2: Rq x small, Rq x Rq and R3 x R3, and the pairs f g1, f g2 in Rq
 * (g small) and R3 (contracts in sntrup761/x86_64/avx2-ntt.h).
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Plan.  The product of two polynomials of degree <= 760 has degree <=
 * 1520 < 1536, so it equals their cyclic convolution of length 1536 =
 * 3 * 512 (Good-Thomas, comment before ntt_fwd_full).  The integer
 * coefficients are computed modulo NTT primes q = k * 2^9 + 1 (512th
 * roots of unity exist), the result folded mod x^761 - x - 1 and joined:
 * - R3 x R3 (inputs in {-1, 0, 1}): |c| <= 3 * 761 = 2283 after the fold,
 *   so q1 = 7681 alone gives c exactly; then c mod 3.
 * - Rq x small: |c| <= 3 * 761 * 2295 = 5239485 after the fold;
 *   q1 q2 = 7681 * 10753 = 82593793 > 2 * 5239485; CRT, then mod 4591.
 * - Rq x Rq: |c| <= 3 * 761 * 2295^2 = 12024618075; q1 q2 q3 (q3 =
 *   12289) = 1.01e12 > 2 |c|; Garner: u2 = (x2 - x1) / q1 mod q2,
 *   u3 = ((x3 - x1) / q1 - u2) / q2 mod q3, both exactly centered, value
 *   = x1 + q1 u2 + q1 q2 u3 (|u3| <= 147 for the true value), mod 4591
 *   by two montmuls.
 *
 * Transform.  Cyclic NTT of length 512 as a tree of CT splittings
 * x^2m - c = (x^m - s)(x^m + s), s^2 = c, from x^512 - 1 (levels 0..8,
 * m = 256 >> level).  The 512 int16 coefficients are 32 vectors of 16
 * lanes, vector i = coefficients 16 i .. 16 i + 15.  Levels 0..4 (m >=
 * 16) pair whole vectors (one broadcast twiddle per block); then each
 * half (16 vectors, the 16 residues mod x^16 - c_j of one half) is
 * transposed as a 16 x 16 matrix, so that levels 5..8 pair whole vectors
 * again, lane t carrying residue j = 16 half + t (a twiddle vector per
 * block).  The residues end in this transposed order; the pointwise
 * product does not care, and the inverse transposes back.  The inverse
 * runs the same tree bottom up with GS butterflies (x, y) -> (x + y,
 * (x - y) / s); its 1/512 is applied by the pointwise product.  The
 * twiddle tables come from cipher/sntrup761/gen-ntt.py, which writes
 * sntrup761/x86_64/avx2-ntt-tables.c.
 *
 * Arithmetic (int16 lanes; all bounds are on |lane|).
 * - montmul (a, b, bq) with bq = b q^-1 mod 2^16: t = lo (a bq),
 *   r = hi (a b) - hi (t q) = (a b - t q) / 2^16 exactly (the low halves
 *   are equal), r = a b / 2^16 mod q, |r| <= |a b| / 2^16 + q / 2.
 *   Twiddles are stored as z 2^16 mod q (centered, |z| <= (q-1)/2) and
 *   z 2^16 q^-1 mod 2^16, so montmul by them multiplies by z itself;
 *   mm (B) = ceil (B hq / 2^16) + hq + 1 (hq = (q-1)/2) bounds it.
 * - barrett (a) = a - q round (floor (a v / 2^16) / 2^10), v = round
 *   (2^26 / q) (8737, 6241, 5461, 14617 for 7681, 10753, 12289, 4591):
 *   for q1 and q2 the result is exactly the centered residue, |r| <=
 *   (q-1)/2, for every int16 a; for 12289 it is exact for |a| < 30722
 *   (else |r| <= 6145), for 4591 for |a| < 16069 (checked exhaustively
 *   over all int16 inputs by cipher/sntrup761/gen-ntt.py).
 * - red3 (a) = a - q mulhrs (a, round (2^15 / q)): the forward
 *   transforms' cheaper, inexact reduction for q1 and q2 (at red3).
 * Everything is a fixed sequence of vector operations; no branch or
 * index depends on the data.  The bounds of every step are stated below
 * where they are used, recomputed and asserted by "sntrup761/gen-ntt.py
 * check", and asserted on every lane by verify builds (KC_VERIFY).
 */
#include "kcrypt-int.h"
#include "sntrup761/x86_64/avx2-ntt.h"
#include "sntrup761/x86_64/avx2-int.h"

#ifdef KC_USE_X86_64

#include <immintrin.h>
#include "ct-msan-x86.h"           /* MSan builds: see there */

#define P 761
#define Q 4591

#define TGT KC_ISA_TARGET (KC_SNTRUP761_AVX2_ISA)
#define AL32 __attribute__ ((aligned (32)))

/* Full unrolling of the fixed-count loops of the transforms (twiddle
 * indices become constants); gcc and clang both read "GCC unroll". */
#define UNROLL _Pragma ("GCC unroll 16")
#define UNROLL32 _Pragma ("GCC unroll 32")

/* The NTT primes q1, q2, q3 (see the comment at the top). */
static const int16_t ntt_q[3] = { 7681, 10753, 12289 };
static const int16_t ntt_qinv[3] = { -7679, -10751, -12287 }; /* 1/q mod 2^16 */
static const int16_t ntt_v[3] = { 8737, 6241, 5461 };          /* round(2^26/q) */
/* 2^32 / 512 mod q, centered, and times qinv mod 2^16: the inverse
 * transform's scaling (applied by the pointwise product) */
static const int16_t ntt_scale[3][2] = {
  { 956, -1092 }, { 1268, -780 }, { -4779, -683 }
};

/* The twiddle tables (_kc_sntrup761_ntt_zeta_*) are generated, in
 * sntrup761/x86_64/avx2-ntt-tables.c (declared in sntrup761/x86_64/avx2-int.h). */

static inline TGT __m256i
montmul (__m256i a, __m256i b, __m256i bq, __m256i q)
{
  __m256i t = _mm256_mullo_epi16 (a, bq);
  __m256i hi = _mm256_mulhi_epi16 (a, b);
  t = _mm256_mulhi_epi16 (t, q);
  return _mm256_sub_epi16 (hi, t);
}

static inline TGT __m256i
barrett (__m256i a, __m256i v, __m256i q)
{
  __m256i t = _mm256_mulhi_epi16 (a, v);
  t = _mm256_mulhrs_epi16 (t, _mm256_set1_epi16 (32));
  return _mm256_sub_epi16 (a, _mm256_mullo_epi16 (t, q));
}

/* The forward transform's reduction for q1, q2: red3 (a) = a - q
 * mulhrs (a, c), c = round (2^15 / q) = 4, 3: one multiplication fewer
 * than barrett, not exactly centered (|red3 (a)| <= 5629, 5800 for every
 * int16 a; the generator tabulates the bound as a function of |a|). */
static const int16_t ntt_c3[2] = { 4, 3 };

static inline TGT __m256i
red3 (__m256i a, __m256i c, __m256i q)
{
  return _mm256_sub_epi16 (a, _mm256_mullo_epi16 (_mm256_mulhrs_epi16 (a, c), q));
}

/* Transpose the 16 x 16 matrix of int16 in a[0..15] (row i = a[i]). */
static inline TGT void
transpose16 (__m256i *a)
{
  __m256i t[16], u[16];
  int i;

  UNROLL
  for (i = 0; i < 8; i++)
    {
      t[i] = _mm256_unpacklo_epi16 (a[2 * i], a[2 * i + 1]);
      t[i + 8] = _mm256_unpackhi_epi16 (a[2 * i], a[2 * i + 1]);
    }
  UNROLL
  for (i = 0; i < 4; i++)
    {
      u[i] = _mm256_unpacklo_epi32 (t[2 * i], t[2 * i + 1]);
      u[i + 4] = _mm256_unpackhi_epi32 (t[2 * i], t[2 * i + 1]);
      u[i + 8] = _mm256_unpacklo_epi32 (t[8 + 2 * i], t[8 + 2 * i + 1]);
      u[i + 12] = _mm256_unpackhi_epi32 (t[8 + 2 * i], t[8 + 2 * i + 1]);
    }
  UNROLL
  for (i = 0; i < 2; i++)
    {
      int k;
      UNROLL
      for (k = 0; k < 4; k++)
        {
          t[4 * k + i] = _mm256_unpacklo_epi64 (u[4 * k + 2 * i], u[4 * k + 2 * i + 1]);
          t[4 * k + i + 2] = _mm256_unpackhi_epi64 (u[4 * k + 2 * i], u[4 * k + 2 * i + 1]);
        }
    }
  UNROLL
  for (i = 0; i < 8; i++)
    {
      a[i] = _mm256_permute2x128_si256 (t[2 * i], t[2 * i + 1], 0x20);
      a[i + 8] = _mm256_permute2x128_si256 (t[2 * i], t[2 * i + 1], 0x31);
    }
}

/* Twiddle operands (z, z q^-1) for ct / gs: a broadcast pair (levels
 * 0..4, stored as whole vectors) or a lane vector pair (levels 5..8). */
#define ZB(zb) _mm256_load_si256 ((const __m256i *) (zb)[0]), \
               _mm256_load_si256 ((const __m256i *) (zb)[1])
#define ZV(zv) _mm256_load_si256 ((const __m256i *) (zv)[0]), \
               _mm256_load_si256 ((const __m256i *) (zv)[1])

/* CT butterfly: (x, y) -> (x + z y, x - z y). */
static inline TGT void
ct (__m256i *x, __m256i *y, __m256i z, __m256i zq, __m256i q)
{
  __m256i t = montmul (*y, z, zq, q);
  *y = _mm256_sub_epi16 (*x, t);
  *x = _mm256_add_epi16 (*x, t);
}

/* CT butterfly whose twiddle is 1 when ONE (then no multiplication and
 * no reduction: (x, y) -> (x + y, x - y)). */
static inline TGT void
ct1 (__m256i *x, __m256i *y, __m256i z, __m256i zq, __m256i q, int one)
{
  if (one)
    {
      __m256i t = *y;
      *y = _mm256_sub_epi16 (*x, t);
      *x = _mm256_add_epi16 (*x, t);
    }
  else
    ct (x, y, z, zq, q);
}

/* GS butterfly: (x, y) -> (x + y, z (x - y)). */
static inline TGT void
gs (__m256i *x, __m256i *y, __m256i z, __m256i zq, __m256i q)
{
  __m256i d = _mm256_sub_epi16 (*x, *y);
  *x = _mm256_add_epi16 (*x, *y);
  *y = montmul (d, z, zq, q);
}

/* Reductions of the forward transform (a bit set, see ntt_fwd_tail). */
enum
{
  FWD_T4 = 1,   /* the upper inputs of level 4 */
  FWD_T5 = 2,   /* the upper inputs of level 5 */
  FWD_T6 = 4,   /* the upper inputs of level 6 */
  FWD_T7 = 8,   /* the upper inputs of level 7 */
  FWD_T8 = 16,  /* the upper inputs of level 8 */
  FWD_R8 = 32,  /* all after level 8 */
  FWD_S1 = 64,  /* the twiddle-1 blocks of levels 1..4 by add/sub only */
  FWD_S12 = 128 /* the same for levels 1 and 2 only */
};

/* The forward transform's reduction: red3 for q1, q2, barrett for q3. */
static inline TGT __m256i
fred (__m256i a, __m256i v, __m256i c3, __m256i q, int pi)
{
  return pi == 2 ? barrett (a, v, q) : red3 (a, c3, q);
}

/* Levels 3 to 8 of the forward transform, in place on A[0..31] (levels
 * 0..2 done by the caller), then the transposed residues.  REDUCE: the
 * FWD_* bits saying where reductions (fred) go; each caller's choice is
 * justified by a bound chain (the comment above ntt_fwd_full). */
static inline TGT void
ntt_fwd_tail (__m256i a[32], int pi, int reduce)
{
  const __m256i q = _mm256_set1_epi16 (ntt_q[pi]);
  const __m256i v = _mm256_set1_epi16 (ntt_v[pi]);
  const __m256i c3 = _mm256_set1_epi16 (ntt_c3[pi & 1]); /* q1, q2 */
  const int16_t (*zb)[2][16] = _kc_sntrup761_ntt_zeta_fwd_bc[pi];
  const int s1 = (reduce & FWD_S1) != 0;
  int j, b, gr;

  /* levels 3 and 4 */
  UNROLL
  for (b = 0; b < 8; b++)
    {
      __m256i *p = a + 4 * b;
      __m256i x0 = p[0], x1 = p[1], x2 = p[2], x3 = p[3];
      ct1 (&x0, &x2, ZB (zb[7 + b]), q, s1 && b == 0);
      ct1 (&x1, &x3, ZB (zb[7 + b]), q, s1 && b == 0);
      if (reduce & FWD_T4)
        {
          x0 = fred (x0, v, c3, q, pi);
          x2 = fred (x2, v, c3, q, pi);
        }
      ct1 (&x0, &x1, ZB (zb[15 + 2 * b]), q, s1 && b == 0);
      ct (&x2, &x3, ZB (zb[16 + 2 * b]), q);
      p[0] = x0;
      p[1] = x1;
      p[2] = x2;
      p[3] = x3;
    }
  /* transpose, levels 5 to 8 with lane twiddles */
  UNROLL
  for (gr = 0; gr < 2; gr++)
    {
      __m256i *g = a + 16 * gr;
      const int16_t (*zv)[2][16] = _kc_sntrup761_ntt_zeta_fwd_vec[pi][gr];
      transpose16 (g);
      UNROLL
      for (j = 0; j < 4; j++)
        {
          __m256i x0 = g[j], x1 = g[j + 4], x2 = g[j + 8], x3 = g[j + 12];
          if (reduce & FWD_T5)
            {
              x0 = fred (x0, v, c3, q, pi);
              x1 = fred (x1, v, c3, q, pi);
            }
          ct (&x0, &x2, ZV (zv[0]), q);
          ct (&x1, &x3, ZV (zv[0]), q);
          if (reduce & FWD_T6)
            {
              x0 = fred (x0, v, c3, q, pi);
              x2 = fred (x2, v, c3, q, pi);
            }
          ct (&x0, &x1, ZV (zv[1]), q);
          ct (&x2, &x3, ZV (zv[2]), q);
          g[j] = x0;
          g[j + 4] = x1;
          g[j + 8] = x2;
          g[j + 12] = x3;
        }
      UNROLL
      for (b = 0; b < 4; b++)
        {
          __m256i *p = g + 4 * b;
          __m256i x0 = p[0], x1 = p[1], x2 = p[2], x3 = p[3];
          if (reduce & FWD_T7)
            {
              x0 = fred (x0, v, c3, q, pi);
              x1 = fred (x1, v, c3, q, pi);
            }
          ct (&x0, &x2, ZV (zv[3 + b]), q);
          ct (&x1, &x3, ZV (zv[3 + b]), q);
          if (reduce & FWD_T8)
            {
              x0 = fred (x0, v, c3, q, pi);
              x2 = fred (x2, v, c3, q, pi);
            }
          ct (&x0, &x1, ZV (zv[7 + 2 * b]), q);
          ct (&x2, &x3, ZV (zv[8 + 2 * b]), q);
          if (reduce & FWD_R8)
            {
              x0 = fred (x0, v, c3, q, pi);
              x1 = fred (x1, v, c3, q, pi);
              x2 = fred (x2, v, c3, q, pi);
              x3 = fred (x3, v, c3, q, pi);
            }
          p[0] = x0;
          p[1] = x1;
          p[2] = x2;
          p[3] = x3;
        }
    }
}

#ifdef KC_VERIFY
/* Verify builds: |lane| <= BOUND for the 16 N lanes of A. */
static void
check_lanes (const void *a, int n, int bound)
{
  _kc_verify_i16_bounded (a, 16 * (size_t) n, bound, __FILE__, __LINE__);
}

/* Verify builds: |a[i]| <= BOUND for the N bytes of A. */
static void
check_bytes (const int8_t *a, int n, int bound)
{
  int i;
  for (i = 0; i < n; i++)
    KC_VERIFY_CHECK (a[i] >= -bound && a[i] <= bound);
}
#endif

/* ---- Good-Thomas products (R3 x R3, Rq x small, Rq x Rq) ----
 *
 * The product of two polynomials of degree <= 760 has degree <= 1520 <
 * 1536, so it equals their cyclic convolution of length 1536 = 3 * 512.
 * Since gcd (3, 512) = 1, Z[x]/(x^1536 - 1) = Z[y, z]/(y^512 - 1, z^3 - 1)
 * by x = y z: coefficient i goes to row i mod 3 (the power of z), column
 * i mod 512 (the power of y) (gt_good, gt_ungood).  Each of the three rows
 * of f and of g gets one 512-point forward NTT (in y); the product in
 * (Z/q)[z]/(z^3 - 1) of the two length-3 columns is taken at each of the
 * 512 points directly (gt_pointwise: 6 products instead of 9), and the
 * three rows of h get one inverse NTT each: per prime 6 forward and 3
 * inverse transforms of full (non zero-padded) length.  The pairs f g1,
 * f g2 keep f's transformed rows apart from the work space (the
 * pointwise product writes elsewhere) and use them twice: 9 forward and
 * 6 inverse transforms per prime instead of 12 and 6.  Each operand goes
 * through the same mode as in the single product, so every bound below
 * holds unchanged.
 *
 * Bounds (q1 = 7681, q2 = 10753, q3 = 12289; hq = (q-1)/2):
 * - forward (ntt_fwd_full): input |a| <= A = 2295 (a coefficient of f,
 *   or of g in Rq x Rq) or 1 ("tiny": g, or either R3 operand).  Level 0
 *   (twiddle 1) doubles; each later level maps B to T + mm (B), T = B or,
 *   where the upper inputs are reduced first, the reduction's bound.  The
 *   reductions (FWD_* bits) are red3 for q1, q2 (bound a function of the
 *   input bound, <= 5629, 5800) and barrett for q3 (all inputs < 30722:
 *   exact, 6144).  The chains (levels 0..8), a star marking a full
 *   reduction after level 8:
 *   q1 tiny, T8: 2, 3844, 7911, 12216, 16773, 21597, 26704, 32110, 11352.
 *   q1 f, T5 T8 S12: 4590, 9180, 18360, 23277, 28482, 10949, 15432,
 *     20178, 9840.
 *   q2 f, T5 T8 S12: 4590, 10344, 18360, 25244, 32692, 13859, 20373,
 *     27422, 13427 (Rq x Rq's g: R8 too, 5461).
 *   q2 tiny, T6 R8: 2, 5380, 11199, 17495, 24308, 31680, 13776, 20284,
 *     27325*; output 5800.
 *   q3 f, T4 T7 R8 S12: 4590, 11166, 18360, 26227, 14748, 22276, 30510,
 *     15150, 22716*; output 6144.
 *   All < 2^15; the outputs are left as they are (the bound BF or BG of
 *   the operand).  The tiny modes also skip the multiplications of the
 *   twiddle-1 blocks (block 0) of levels 1..4 (FWD_S1): those vectors
 *   then hold at most 2^(l+1) after level l (<= 32), far below the
 *   chain, which the other blocks set.  The f modes skip them at levels 1
 *   and 2 only (FWD_S12); levels 0..4 are bounded per vector (block 0
 *   of level 2, vectors 0..7, reaches 2 * 2 * 4590 = 18360, the largest),
 *   levels 5..8 by the maximum over a half (the transpose mixes it).
 * - pointwise: |F_r| <= BF, |G_r| <= BG, so the differences are <= 2 BF,
 *   2 BG (< 2^15); d_r = montmul (F_r, G_r) <= ceil (BF BG / 2^16) + hq +
 *   1, e = montmul of the differences <= ceil (4 BF BG / 2^16) + hq + 1,
 *   h_r = d0 + d1 + d2 + e_r <= 3 d + e: R3 (q1, 11352 x 11352): 3 * 5808
 *   + 11707 = 29131; Rq x small, q1 (9840 x 11352): 3 * 5546 + 10659 =
 *   27297; q2 (13427 x 5800): 3 * 6566 + 10131 = 29829; Rq x Rq: q1 (9840
 *   x 9840): 3 * 5319 + 9751 = 25708, q2 (13427 x 5461): 3 * 6496 + 9853
 *   = 29341, q3 (6144 x 6144): 3 * 6721 + 8449 = 28612; all < 2^15.
 *   Instead of a barrett, a montmul by 2^32 / 512 (the inverse
 *   transform's scaling, moved here): <= 1707 + 3841 = 5548 (q1), 2447 +
 *   5377 = 7824 (q2), 2683 + 6145 = 8828 (q3).
 * - inverse (ntt_inv_gt): barretts only where a sum could leave int16,
 *   placed per prime from per-vector bounds (the generator's inv_gt
 *   simulates the passes): outputs <= 10472 (q1), 10752 (q2), 6145 (q3,
 *   whose last level is reduced); folding adds three: <= 32256 < 2^15
 *   (18435 < 30722 for q3); barrett -> the exact centered residue.
 * - R3: the folded integer coefficient is a sum of at most 3 * 761 terms
 *   in {-1, 0, 1}: |c| <= 2283 < 3840 = (q1-1)/2, so the centered residue
 *   mod q1 is c itself; c mod 3 = c - 3 round (c / 3) with round (c / 3)
 *   = mulhrs (c, 10923) (error |c| / 98304 < 1/6 from the true c / 3,
 *   whose distance to the nearest half-integer is >= 1/6; checked for
 *   every |c| <= 3840 by "sntrup761/gen-ntt.py check").
 * - Rq x small, CRT: x1 (mod q1, |x1| <= 3840), x2 (mod q2, |x2| <=
 *   5376); u = montmul (x2 - x1, q1^-1 2^16 mod q2) (|x2 - x1| <= 9216,
 *   |u| <= 6133), barrett -> the exact centered residue of (x2 - x1)/q1
 *   mod q2.  The folded integer value is x1 + q1 k for the integer k =
 *   (value - x1) / q1, |k| <= (3 * 1746495 + 3840) / 7681 < 683 <
 *   (q2-1)/2, so k = u exactly; h = x1 + q1 u mod 4591 = x1 + montmul (u,
 *   q1 2^16 mod 4591) (|.| <= 3840 + 189 + 2296 = 6325 < 16069),
 *   barrett -> exactly frozen.
 * - Rq x Rq: Garner, bounds at the code.
 * "sntrup761/gen-ntt.py check" recomputes each chain; verify builds
 * assert the bounds on every lane. */

/* Forward NTT of a full 512-coefficient row, in place: A[0..31] the
 * coefficients (|.| <= 2295, or <= 1 for the "tiny" modes), out the
 * residues in the transposed order, bounded as listed above for the
 * barrett set REDUCE (one of the GT_* modes below). */
static __attribute__ ((noinline)) TGT void
ntt_fwd_full (__m256i a[32], int pi, int reduce)
{
  const __m256i q = _mm256_set1_epi16 (ntt_q[pi]);
  const int16_t (*zb)[2][16] = _kc_sntrup761_ntt_zeta_fwd_bc[pi];
  const int s1 = (reduce & (FWD_S1 | FWD_S12)) != 0;
  int j, k;

  UNROLL
  for (j = 0; j < 4; j++)         /* levels 0, 1 and 2 */
    {
      __m256i x[8];
      UNROLL
      for (k = 0; k < 8; k++)
        x[k] = a[j + 4 * k];
      UNROLL
      for (k = 0; k < 4; k++)     /* level 0: twiddle 1 */
        {
          __m256i t = x[k + 4];
          x[k + 4] = _mm256_sub_epi16 (x[k], t);
          x[k] = _mm256_add_epi16 (x[k], t);
        }
      ct1 (&x[0], &x[2], ZB (zb[1]), q, s1);
      ct1 (&x[1], &x[3], ZB (zb[1]), q, s1);
      ct (&x[4], &x[6], ZB (zb[2]), q);
      ct (&x[5], &x[7], ZB (zb[2]), q);
      ct1 (&x[0], &x[1], ZB (zb[3]), q, s1);
      UNROLL
      for (k = 1; k < 4; k++)
        ct (&x[2 * k], &x[2 * k + 1], ZB (zb[3 + k]), q);
      UNROLL
      for (k = 0; k < 8; k++)
        a[j + 4 * k] = x[k];
    }
  ntt_fwd_tail (a, pi, reduce);
}

/* Inverse NTT of one Good-Thomas row, in place: A[0..31] the transposed
 * residues (|.| <= 5548 for q1, 7824 for q2, 8828 for q3: pointwise
 * outputs, already scaled by 2^16 / 512), out the 512 coefficients, |.|
 * <= 10472 (q1), 10752 (q2), 6145 (q3), so that three of them add up
 * within int16 (and below 30722 for q3).  The same tree as the forward
 * transform, bottom up, in passes A (levels 8, 7), B (6, 5), C (4, 3) on
 * four vectors x0..x3 and D (2, 1, 0) on eight.  The reductions (fred in
 * A, B, C: red3 for q1, q2; barrett in D), per prime (after the first /
 * the second level of a pass), derived from per-vector bounds (the
 * generator's inv_gt simulates these passes):
 *   q1: A -/x0, B x0/x0, C x0/x0, D x0 x4/x0 x1 x4 x5.
 *   q2: A -/x0, B x0/x0 x1, C -/x0, D x0 x4/all.
 *   q3: A x0/x0, B x0 x2/x1, C x0/x0 x1, D x0 x4/x0 x4, then every output. */
static inline __attribute__ ((always_inline)) TGT void
ntt_inv_gt (__m256i a[32], int pi)
{
  const __m256i q = _mm256_set1_epi16 (ntt_q[pi]);
  const __m256i v = _mm256_set1_epi16 (ntt_v[pi]);
  const __m256i c3 = _mm256_set1_epi16 (ntt_c3[pi & 1]); /* q1, q2 */
  const int16_t (*zb)[2][16] = _kc_sntrup761_ntt_zeta_inv_bc[pi];
  const int p1 = pi == 0, p2 = pi == 1, p3 = pi == 2;
  int j, b, gr;

  UNROLL
  for (gr = 0; gr < 2; gr++)
    {
      __m256i *g = a + 16 * gr;
      const int16_t (*zv)[2][16] = _kc_sntrup761_ntt_zeta_inv_vec[pi][gr];
      UNROLL
      for (b = 0; b < 4; b++)     /* A: levels 8 and 7 */
        {
          __m256i *p = g + 4 * b;
          __m256i x0 = p[0], x1 = p[1], x2 = p[2], x3 = p[3];
          gs (&x0, &x1, ZV (zv[7 + 2 * b]), q);
          gs (&x2, &x3, ZV (zv[8 + 2 * b]), q);
          if (p3)
            x0 = fred (x0, v, c3, q, pi);
          gs (&x0, &x2, ZV (zv[3 + b]), q);
          gs (&x1, &x3, ZV (zv[3 + b]), q);
          p[0] = fred (x0, v, c3, q, pi);
          p[1] = x1;
          p[2] = x2;
          p[3] = x3;
        }
      UNROLL
      for (j = 0; j < 4; j++)     /* B: levels 6 and 5 */
        {
          __m256i x0 = g[j], x1 = g[j + 4], x2 = g[j + 8], x3 = g[j + 12];
          gs (&x0, &x1, ZV (zv[1]), q);
          gs (&x2, &x3, ZV (zv[2]), q);
          x0 = fred (x0, v, c3, q, pi);
          if (p3)
            x2 = fred (x2, v, c3, q, pi);
          gs (&x0, &x2, ZV (zv[0]), q);
          gs (&x1, &x3, ZV (zv[0]), q);
          g[j] = p3 ? x0 : fred (x0, v, c3, q, pi);
          g[j + 4] = p1 ? x1 : fred (x1, v, c3, q, pi);
          g[j + 8] = x2;
          g[j + 12] = x3;
        }
      transpose16 (g);
    }
  UNROLL
  for (b = 0; b < 8; b++)       /* C: levels 4 and 3 */
    {
      __m256i *p = a + 4 * b;
      __m256i x0 = p[0], x1 = p[1], x2 = p[2], x3 = p[3];
      gs (&x0, &x1, ZB (zb[15 + 2 * b]), q);
      gs (&x2, &x3, ZB (zb[16 + 2 * b]), q);
      if (!p2)
        x0 = fred (x0, v, c3, q, pi);
      gs (&x0, &x2, ZB (zb[7 + b]), q);
      gs (&x1, &x3, ZB (zb[7 + b]), q);
      p[0] = fred (x0, v, c3, q, pi);
      p[1] = p3 ? fred (x1, v, c3, q, pi) : x1;
      p[2] = x2;
      p[3] = x3;
    }
  UNROLL
  for (j = 0; j < 4; j++)       /* D: levels 2, 1 and 0 */
    {
      __m256i x[8];
      int k;
      UNROLL
      for (k = 0; k < 8; k++)
        x[k] = a[j + 4 * k];
      UNROLL
      for (k = 0; k < 4; k++)
        gs (&x[2 * k], &x[2 * k + 1], ZB (zb[3 + k]), q);
      x[0] = barrett (x[0], v, q);
      x[4] = barrett (x[4], v, q);
      UNROLL
      for (b = 0; b < 2; b++)
        {
          gs (&x[4 * b], &x[4 * b + 2], ZB (zb[1 + b]), q);
          gs (&x[4 * b + 1], &x[4 * b + 3], ZB (zb[1 + b]), q);
          x[4 * b] = barrett (x[4 * b], v, q);
          if (!p3)
            x[4 * b + 1] = barrett (x[4 * b + 1], v, q);
          if (p2)
            {
              x[4 * b + 2] = barrett (x[4 * b + 2], v, q);
              x[4 * b + 3] = barrett (x[4 * b + 3], v, q);
            }
        }
      UNROLL
      for (k = 0; k < 4; k++)
        {
          __m256i u = _mm256_add_epi16 (x[k], x[k + 4]);
          __m256i w = _mm256_sub_epi16 (x[k], x[k + 4]);
          a[j + 4 * k] = p3 ? barrett (u, v, q) : u;
          a[j + 4 * k + 16] = p3 ? barrett (w, v, q) : w;
        }
    }
}

/* The forward modes of the Good-Thomas products and their output bounds
 * (see above). */
#define GT_Q1_TINY (FWD_T8 | FWD_S1)
#define GT_Q1_F (FWD_T5 | FWD_T8 | FWD_S12)
#define GT_Q2_F (FWD_T5 | FWD_T8 | FWD_S12)
#define GT_Q2_FR (FWD_T5 | FWD_T8 | FWD_S12 | FWD_R8)
#define GT_Q2_TINY (FWD_T6 | FWD_R8 | FWD_S1)
#define GT_Q3_FR (FWD_T4 | FWD_T7 | FWD_S12 | FWD_R8)
#define GT_B_Q1_TINY 11352
#define GT_B_Q1_F 9840
#define GT_B_Q2_F 13427
#define GT_B_Q2_FR 5461
#define GT_B_Q2_TINY 5800
#define GT_B_Q3_FR 6144

/* Lane masks: lane t of gt_mask (s) is all ones iff t mod 3 = s. */
static inline TGT __m256i
gt_mask (int s)
{
  static const int16_t m[3][16] AL32 = {
    { -1, 0, 0, -1, 0, 0, -1, 0, 0, -1, 0, 0, -1, 0, 0, -1 },
    { 0, -1, 0, 0, -1, 0, 0, -1, 0, 0, -1, 0, 0, -1, 0, 0 },
    { 0, 0, -1, 0, 0, -1, 0, 0, -1, 0, 0, -1, 0, 0, -1, 0 }
  };
  return _mm256_load_si256 ((const __m256i *) m[s]);
}

/* Column vector C (0..31) of the three rows of a polynomial of degree <
 * 768 from LO = its coefficients 16 C .. 16 C + 15 and HI = coefficients
 * 512 + 16 C .. 527 + 16 C (zero for C >= 16).  Lane t of LO is
 * coefficient i = 16 C + t, row i mod 3 = (C + t) mod 3 (16 = 1 mod 3),
 * column i mod 512; so row r takes lane t of LO where t = r - C (mod 3)
 * and of HI where t = r - C - 2 (mod 3) (512 = 2 mod 3).  Public indices
 * only (C is a constant after unrolling). */
static inline TGT void
gt_good_col (__m256i rows[3][32], int c, __m256i lo, __m256i hi)
{
  int r;

  UNROLL
  for (r = 0; r < 3; r++)
    if (c < 16)                 /* lo where t = r - c, hi where t = r - c - 2,
                                 * zero in the third class t = r - c - 1 */
      rows[r][c] = _mm256_andnot_si256 (gt_mask ((r - c + 32) % 3),
                                        _mm256_blendv_epi8 (lo, hi, gt_mask ((r - c + 31) % 3)));
    else                        /* HI is zero */
      rows[r][c] = _mm256_and_si256 (lo, gt_mask ((r - c + 33) % 3));
}

/* The rows of f (761 frozen coefficients, zero beyond).  The loops are
 * unrolled so that every mask index is a constant. */
static inline TGT void
gt_good_fq (__m256i rows[3][32], const int16_t f[P])
{
  /* coefficients 752..760: eight loaded, f[760] inserted, the rest 0 */
  const __m256i tail = _mm256_set_m128i (_mm_cvtsi32_si128 ((uint16_t) f[760]),
                                         _mm_loadu_si128 ((const __m128i *) &f[752]));
  int c;

  UNROLL32
  for (c = 0; c < 32; c++)
    gt_good_col (rows, c, _mm256_loadu_si256 ((const __m256i *) &f[16 * c]),
                 c < 15 ? _mm256_loadu_si256 ((const __m256i *) &f[16 * c + 512])
                 : c == 15 ? tail : _mm256_setzero_si256 ());
}

/* The rows of a small polynomial (761 coefficients in {-1, 0, 1}). */
static inline TGT void
gt_good_small (__m256i rows[3][32], const int8_t g[P])
{
  const __m256i tail = _mm256_cvtepi8_epi16 (_mm_insert_epi8 (_mm_loadl_epi64 ((const __m128i *) &g[752]),
                                                              g[760], 8));
  int c;

  UNROLL32
  for (c = 0; c < 32; c++)
    gt_good_col (rows, c, _mm256_cvtepi8_epi16 (_mm_loadu_si128 ((const __m128i *) &g[16 * c])),
                 c < 15 ? _mm256_cvtepi8_epi16 (_mm_loadu_si128 ((const __m128i *) &g[16 * c + 512]))
                 : c == 15 ? tail : _mm256_setzero_si256 ());
}

/* The inverse map: OUT[0..95] the 1536 coefficients from the three rows
 * (lane t of OUT[c + 32 m] = row (c + t + 2 m) mod 3, column vector c). */
static inline TGT void
gt_ungood (__m256i out[96], __m256i rows[3][32])
{
  int c, m;

  UNROLL32
  for (c = 0; c < 32; c++)
    UNROLL
    for (m = 0; m < 3; m++)
      {
        __m256i x = _mm256_blendv_epi8 (rows[0][c], rows[1][c],
                                        gt_mask ((100 - c - 2 * m) % 3));
        out[c + 32 * m] = _mm256_blendv_epi8 (x, rows[2][c],
                                              gt_mask ((101 - c - 2 * m) % 3));
      }
}

/* The product in (Z/q)[z]/(z^3 - 1) at each of the 512 points: F[r],
 * G[r] the transformed rows (bounded as in the comment above); H[r] <-
 * h_r = sum_{s+t = r mod 3} F_s G_t times 2^-16, then times the inverse
 * transform's scaling 2^16 / 512 (a montmul by 2^32 / 512): |.| <= 5548
 * (q1), 7824 (q2), 8828 (q3).  With d_r =
 * F_r G_r and D = d0 + d1 + d2: h0 = D + (F2 - F1)(G1 - G2), h1 = D +
 * (F1 - F0)(G0 - G1), h2 = D + (F0 - F2)(G2 - G0).  H may be F or G (each
 * point is read whole before it is written); otherwise F and G are left
 * as they are, so that a transformed operand can serve two products. */
static inline TGT void
gt_pointwise (__m256i h[3][32], const __m256i f[3][32],
              const __m256i g[3][32], int pi)
{
  const __m256i q = _mm256_set1_epi16 (ntt_q[pi]);
  const __m256i qinv = _mm256_set1_epi16 (ntt_qinv[pi]);
  const __m256i s = _mm256_set1_epi16 (ntt_scale[pi][0]);
  const __m256i sq = _mm256_set1_epi16 (ntt_scale[pi][1]);
  int i;

  for (i = 0; i < 32; i++)
    {
      __m256i f0 = f[0][i], f1 = f[1][i], f2 = f[2][i];
      __m256i g0 = g[0][i], g1 = g[1][i], g2 = g[2][i];
      __m256i g0q = _mm256_mullo_epi16 (g0, qinv);
      __m256i g1q = _mm256_mullo_epi16 (g1, qinv);
      __m256i g2q = _mm256_mullo_epi16 (g2, qinv);
      __m256i d, h0, h1, h2;

      d = _mm256_add_epi16 (montmul (f0, g0, g0q, q), montmul (f1, g1, g1q, q));
      d = _mm256_add_epi16 (d, montmul (f2, g2, g2q, q));
      h0 = montmul (_mm256_sub_epi16 (f2, f1), _mm256_sub_epi16 (g1, g2),
                    _mm256_sub_epi16 (g1q, g2q), q);
      h1 = montmul (_mm256_sub_epi16 (f1, f0), _mm256_sub_epi16 (g0, g1),
                    _mm256_sub_epi16 (g0q, g1q), q);
      h2 = montmul (_mm256_sub_epi16 (f0, f2), _mm256_sub_epi16 (g2, g0),
                    _mm256_sub_epi16 (g2q, g0q), q);
      h[0][i] = montmul (_mm256_add_epi16 (d, h0), s, sq, q);
      h[1][i] = montmul (_mm256_add_epi16 (d, h1), s, sq, q);
      h[2][i] = montmul (_mm256_add_epi16 (d, h2), s, sq, q);
    }
}

#ifdef KC_VERIFY
/* Verify builds: the bounds (per prime) of the pointwise outputs and of
 * the inverse transforms' outputs (see the comment above). */
static const int gt_bound_pw[3] = { 5548, 7824, 8828 };
static const int gt_bound_inv[3] = { 10472, 10752, 6145 };
#endif

/* The work space of a Good-Thomas product (secret; left to the
 * entry point's stack burn, sntrup761/x86_64/avx2-ntt.h).
 * After the pointwise product, g holds the 1536 coefficients of the
 * cyclic product (96 consecutive vectors). */
struct gt_work
{
  union
  {
    __m256i f[3][32];
    __m256i o[96];              /* after gt_ungood: the folded product */
  } a;
  union
  {
    __m256i g[3][32];
    __m256i c[96];
  } u;
};

/* Forward transforms of the three rows ROWS (filled by gt_good_*) for
 * prime PI in mode MODE (GT_*, matching the prime and the input bound),
 * in place; BOUND the resulting bound (GT_B_*, checked in verify
 * builds). */
static inline __attribute__ ((always_inline)) TGT void
gt_fwd (__m256i rows[3][32], int pi, int mode, int bound)
{
  int r;

  for (r = 0; r < 3; r++)
    ntt_fwd_full (rows[r], pi, mode);
  KC_VERIFY_ONLY (check_lanes (rows, 96, bound));
  (void) bound;
}

/* The rest of one prime's product once both operands are transformed:
 * F the transformed rows of f (W->a.f itself, or rows kept elsewhere for
 * a second product), W->u.g those of g.  Leaves in OUT[0..47] the product
 * folded mod x^761 - x - 1, exactly centered mod prime PI (lanes
 * 761..767 of OUT[47] are junk, bounded the same); OUT may be W->a.o.
 * W->a.f and W->u.g are destroyed; F is not written unless it is
 * W->a.f.  One out-of-line copy for all products and primes (PI is
 * public), with the inverse transforms inlined into it.  The inlining is
 * fixed by attributes (ntt_fwd_full and gt_finish out of line, ntt_inv_gt
 * and gt_fwd inlined) because the compilers' own choices moved with
 * every refactoring (doc/MEASUREMENTS has what that cost). */
static __attribute__ ((noinline)) TGT void
gt_finish (__m256i out[48], struct gt_work *w, const __m256i f[3][32],
           int pi)
{
  const __m256i q = _mm256_set1_epi16 (ntt_q[pi]);
  const __m256i v = _mm256_set1_epi16 (ntt_v[pi]);
  __m256i *cv = w->u.c;
  const int16_t *c = (const int16_t *) cv;
  int r, i;

  gt_pointwise (w->a.f, f, w->u.g, pi);
  KC_VERIFY_ONLY (check_lanes (w->a.f, 96, gt_bound_pw[pi]));
  for (r = 0; r < 3; r++)
    ntt_inv_gt (w->a.f[r], pi);
  KC_VERIFY_ONLY (check_lanes (w->a.f, 96, gt_bound_inv[pi]));
  gt_ungood (cv, w->a.f);
  /* fold: h_i = c_i + c_(i+761) + c_(i+760) (the last for i >= 1 only);
   * the reads stop at c_1528 < 1536 */
  for (i = 0; i < 48; i++)
    {
      __m256i x = cv[i];
      x = _mm256_add_epi16 (x, _mm256_loadu_si256 ((const __m256i *) &c[16 * i + 761]));
      x = _mm256_add_epi16 (x, _mm256_loadu_si256 ((const __m256i *) &c[16 * i + 760]));
      if (i == 0)
        x = _mm256_sub_epi16 (x, _mm256_setr_epi16 (c[760], 0, 0, 0, 0, 0, 0, 0,
                                                    0, 0, 0, 0, 0, 0, 0, 0));
      out[i] = barrett (x, v, q);
    }
  KC_VERIFY_ONLY (check_lanes (out, 48, (ntt_q[pi] - 1) / 2));
}

/* One prime: W->f, W->g hold the rows of f and g; RF, RG their forward
 * modes (GT_*, matching the prime and the input bound), BF, BG the
 * resulting bounds (checked in verify builds).  OUT as for gt_finish;
 * W->f, W->g are destroyed. */
static inline TGT void
gt_mult_prime (__m256i out[48], struct gt_work *w, int pi, int rf, int bf,
               int rg, int bg)
{
  gt_fwd (w->a.f, pi, rf, bf);
  gt_fwd (w->u.g, pi, rg, bg);
  gt_finish (out, w, w->a.f, pi);
}

/* R3 output: H = C mod 3, centered, from the folded product C[0..47]
 * exactly centered mod q1 (|c| <= 2283: the centered residue mod 7681 is
 * the integer coefficient itself). */
static inline TGT void
gt_r3_out (int8_t h[P], const __m256i c[48])
{
  int8_t t[32] AL32;
  const __m256i third = _mm256_set1_epi16 (10923), three = _mm256_set1_epi16 (3);
  int i;

  for (i = 0; i < 24; i++)
    {
      __m256i x = c[2 * i], y = c[2 * i + 1];
      KC_VERIFY_ONLY (check_lanes (&c[2 * i], 2, 3 * P));
      x = _mm256_sub_epi16 (x, _mm256_mullo_epi16 (_mm256_mulhrs_epi16 (x, third), three));
      y = _mm256_sub_epi16 (y, _mm256_mullo_epi16 (_mm256_mulhrs_epi16 (y, third), three));
      x = _mm256_permute4x64_epi64 (_mm256_packs_epi16 (x, y), 0xd8);
      if (i < 23)
        _mm256_storeu_si256 ((__m256i *) &h[32 * i], x);
      else
        _mm256_store_si256 ((__m256i *) t, x);
    }
  memcpy (h + 736, t, P - 736);
  KC_VERIFY_ONLY (check_bytes (h, P, 1));
}

void TGT
_kc_sntrup761_r3_mult_ntt_avx2 (int8_t h[P], const int8_t f[P],
                                const int8_t g[P])
{
  struct gt_work w AL32;

  gt_good_small (w.a.f, f);
  gt_good_small (w.u.g, g);
  gt_mult_prime (w.a.o, &w, 0, GT_Q1_TINY, GT_B_Q1_TINY, GT_Q1_TINY,
                 GT_B_Q1_TINY);
  gt_r3_out (h, w.a.o);
}

/* The shared operand F is transformed once into FT (outside the work
 * space, so that the first product's pointwise step leaves it intact);
 * each product then transforms only its own G. */
void TGT
_kc_sntrup761_r3_mult2_ntt_avx2 (int8_t h1[P], int8_t h2[P],
                                 const int8_t f[P], const int8_t g1[P],
                                 const int8_t g2[P])
{
  struct
  {
    __m256i ft[3][32];
    struct gt_work w;
  } s AL32;

  gt_good_small (s.ft, f);
  gt_fwd (s.ft, 0, GT_Q1_TINY, GT_B_Q1_TINY);
  gt_good_small (s.w.u.g, g1);
  gt_fwd (s.w.u.g, 0, GT_Q1_TINY, GT_B_Q1_TINY);
  gt_finish (s.w.a.o, &s.w, s.ft, 0);
  gt_r3_out (h1, s.w.a.o);
  gt_good_small (s.w.u.g, g2);
  gt_fwd (s.w.u.g, 0, GT_Q1_TINY, GT_B_Q1_TINY);
  gt_finish (s.w.a.o, &s.w, s.ft, 0);
  gt_r3_out (h2, s.w.a.o);
}

/* Rq x small output: H = the value mod 4591, frozen, from X1, X2 (the
 * folded product exactly centered mod q1 and mod q2) by the CRT (see the
 * comment at the top). */
static inline TGT void
gt_rq_small_out (int16_t h[P], const __m256i x1[48], const __m256i x2[48])
{
  const __m256i q2 = _mm256_set1_epi16 (10753), v2 = _mm256_set1_epi16 (6241);
  const __m256i cu = _mm256_set1_epi16 (3563), cuq = _mm256_set1_epi16 (32747);
  const __m256i q3 = _mm256_set1_epi16 (Q), v3 = _mm256_set1_epi16 (14617);
  const __m256i cr = _mm256_set1_epi16 (1821), crq = _mm256_set1_epi16 (21427);
  int16_t t[16] AL32;
  int i;

  for (i = 0; i < 48; i++)
    {
      __m256i a = x1[i], b = x2[i];
      __m256i u = montmul (_mm256_sub_epi16 (b, a), cu, cuq, q2);
      u = barrett (u, v2, q2);
      u = _mm256_add_epi16 (a, montmul (u, cr, crq, q3));
      u = barrett (u, v3, q3);
      KC_VERIFY_ONLY (check_lanes (&u, 1, (Q - 1) / 2));
      if (i < 47)
        _mm256_storeu_si256 ((__m256i *) &h[16 * i], u);
      else
        _mm256_store_si256 ((__m256i *) t, u);
    }
  memcpy (h + 752, t, 9 * sizeof *h);
}

void TGT
_kc_sntrup761_rq_mult_small_ntt_avx2 (int16_t h[P], const int16_t f[P],
                                      const int8_t g[P])
{
  struct
  {
    struct gt_work w;
    __m256i x1[48];
  } s AL32;

  gt_good_fq (s.w.a.f, f);
  gt_good_small (s.w.u.g, g);
  gt_mult_prime (s.x1, &s.w, 0, GT_Q1_F, GT_B_Q1_F, GT_Q1_TINY, GT_B_Q1_TINY);
  gt_good_fq (s.w.a.f, f);
  gt_good_small (s.w.u.g, g);
  gt_mult_prime (s.w.a.o, &s.w, 1, GT_Q2_F, GT_B_Q2_F, GT_Q2_TINY,
                 GT_B_Q2_TINY);
  gt_rq_small_out (h, s.x1, s.w.a.o);
}

/* As for the R3 pair, per prime: F transformed once into FT; the two
 * products mod q1 are kept in X1[0], X1[1] until their q2 halves are
 * ready. */
void TGT
_kc_sntrup761_rq_mult_small2_ntt_avx2 (int16_t h1[P], int16_t h2[P],
                                       const int16_t f[P],
                                       const int8_t g1[P],
                                       const int8_t g2[P])
{
  struct
  {
    __m256i ft[3][32];
    struct gt_work w;
    __m256i x1[2][48];
  } s AL32;

  gt_good_fq (s.ft, f);
  gt_fwd (s.ft, 0, GT_Q1_F, GT_B_Q1_F);
  gt_good_small (s.w.u.g, g1);
  gt_fwd (s.w.u.g, 0, GT_Q1_TINY, GT_B_Q1_TINY);
  gt_finish (s.x1[0], &s.w, s.ft, 0);
  gt_good_small (s.w.u.g, g2);
  gt_fwd (s.w.u.g, 0, GT_Q1_TINY, GT_B_Q1_TINY);
  gt_finish (s.x1[1], &s.w, s.ft, 0);

  gt_good_fq (s.ft, f);
  gt_fwd (s.ft, 1, GT_Q2_F, GT_B_Q2_F);
  gt_good_small (s.w.u.g, g1);
  gt_fwd (s.w.u.g, 1, GT_Q2_TINY, GT_B_Q2_TINY);
  gt_finish (s.w.a.o, &s.w, s.ft, 1);
  gt_rq_small_out (h1, s.x1[0], s.w.a.o);
  gt_good_small (s.w.u.g, g2);
  gt_fwd (s.w.u.g, 1, GT_Q2_TINY, GT_B_Q2_TINY);
  gt_finish (s.w.a.o, &s.w, s.ft, 1);
  gt_rq_small_out (h2, s.x1[1], s.w.a.o);
}

void TGT
_kc_sntrup761_rq_mult_ntt_avx2 (int16_t h[P], const int16_t f[P],
                                const int16_t g[P])
{
  struct
  {
    struct gt_work w;
    __m256i x1[48], x2[48];
  } s AL32;
  __m256i *x3 = s.w.a.o;
  /* Garner (see the comment at the top): 1/q1 mod q2, 1/q1 and 1/q2
   * mod q3, q1 and q1 q2 mod 4591, all times 2^16 (montmul operands) */
  const __m256i q2 = _mm256_set1_epi16 (10753), v2 = _mm256_set1_epi16 (6241);
  const __m256i q3 = _mm256_set1_epi16 (12289), v3 = _mm256_set1_epi16 (5461);
  const __m256i c12 = _mm256_set1_epi16 (3563), c12q = _mm256_set1_epi16 (32747);
  const __m256i c13 = _mm256_set1_epi16 (-5476), c13q = _mm256_set1_epi16 (-21860);
  const __m256i c23 = _mm256_set1_epi16 (-4139), c23q = _mm256_set1_epi16 (-43);
  const __m256i qq = _mm256_set1_epi16 (Q), vq = _mm256_set1_epi16 (14617);
  const __m256i r1 = _mm256_set1_epi16 (1821), r1q = _mm256_set1_epi16 (21427);
  const __m256i r2 = _mm256_set1_epi16 (598), r2q = _mm256_set1_epi16 (-24310);
  int16_t t16[16] AL32;
  int i;

  gt_good_fq (s.w.a.f, f);
  gt_good_fq (s.w.u.g, g);
  gt_mult_prime (s.x1, &s.w, 0, GT_Q1_F, GT_B_Q1_F, GT_Q1_F, GT_B_Q1_F);
  gt_good_fq (s.w.a.f, f);
  gt_good_fq (s.w.u.g, g);
  gt_mult_prime (s.x2, &s.w, 1, GT_Q2_F, GT_B_Q2_F, GT_Q2_FR, GT_B_Q2_FR);
  gt_good_fq (s.w.a.f, f);
  gt_good_fq (s.w.u.g, g);
  gt_mult_prime (x3, &s.w, 2, GT_Q3_FR, GT_B_Q3_FR, GT_Q3_FR, GT_B_Q3_FR);
  /* x1, x2, x3 exactly centered mod q1, q2, q3; |x3 - x1| <= 9984,
   * |t| <= 7081, |t - u2| <= 12457, its montmul <= 7313 < 30722 (barrett
   * exact); |x1 + montmul (u2, r1) + montmul (u3, r2)| <= 8837 < 16069
   * (barrett exact mod 4591) */
  for (i = 0; i < 48; i++)
    {
      __m256i x1 = s.x1[i], x2 = s.x2[i], x3i = x3[i];
      __m256i u2, u3, t;
      u2 = barrett (montmul (_mm256_sub_epi16 (x2, x1), c12, c12q, q2), v2, q2);
      t = montmul (_mm256_sub_epi16 (x3i, x1), c13, c13q, q3);
      u3 = barrett (montmul (_mm256_sub_epi16 (t, u2), c23, c23q, q3), v3, q3);
      t = _mm256_add_epi16 (x1, montmul (u2, r1, r1q, qq));
      t = _mm256_add_epi16 (t, montmul (u3, r2, r2q, qq));
      t = barrett (t, vq, qq);
      KC_VERIFY_ONLY (check_lanes (&t, 1, (Q - 1) / 2));
      if (i < 47)
        _mm256_storeu_si256 ((__m256i *) &h[16 * i], t);
      else
        _mm256_store_si256 ((__m256i *) t16, t);
    }
  memcpy (h + 752, t16, 9 * sizeof *h);
}

#endif /* KC_USE_X86_64 */
