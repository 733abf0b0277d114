/* sntrup761/x86_64/avx512-ntt.c - the sntrup761 polynomial products by NTTs,
 * AVX-512: Rq x small, Rq x Rq, R3 x R3 and the pairs f g1, f g2
 * (contracts in sntrup761/x86_64/avx512-ntt.h).
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The same plan as sntrup761/x86_64/avx2-ntt.c (read its comments first): the
 * cyclic convolution of length 1536 = 3 * 512 by Good-Thomas, a 512-point
 * NTT per row modulo the primes q1 = 7681, q2 = 10753, q3 = 12289, the
 * fold mod x^761 - x - 1 and the CRT.  The primes, twiddles, reductions
 * and their places are those of the AVX2 kernel; only the vector width
 * changes.
 *
 * Layout.  The AVX2 transform keeps a row as 32 vectors Y[0..31] of 16
 * lanes (Y[i] = coefficients 16 i .. 16 i + 15).  Its level 0 (twiddle
 * 1) pairs Y[j] with Y[j + 16]; from then on the two halves (residues
 * mod x^256 - 1 and mod x^256 + 1) are independent and go through the
 * same sequence of operations with their own twiddles.  Here a 32-lane
 * vector Z[j] (j = 0..15) holds Y[j] in lanes 0..15 and Y[j + 16] in
 * lanes 16..31: every AVX2 operation on a pair of vectors of one half
 * becomes one operation on Z, whose twiddle vector carries both halves'
 * twiddles (cipher/sntrup761/gen-ntt512.py), and the 16 x 16 transposes
 * of the two halves are done at once, per 256-bit half.  Level 0 itself,
 * across the halves, is folded into the changes of layout: the forward
 * transform starts from rows already combined (rows_* below), the
 * inverse ends by combining its halves into natural order (coefficients
 * 32 a .. 32 a + 31 in vector a).
 *
 * The one difference in the arithmetic: the AVX2 kernel skips the
 * multiplications of the twiddle-1 blocks (block 0 of levels 1..4, its
 * FWD_S1 / FWD_S12 modes), which here share a vector with a block of
 * the other half; they are multiplied by the Montgomery form of 1 (the
 * tables hold it).  The bound of a butterfly's output, T + mm (B), only
 * grows with the input bound B, and the AVX2 chains are the maximum over
 * the multiplied blocks (and, where larger, the skipped ones), so every
 * lane stays within the AVX2 kernel's bounds (sntrup761/gen-ntt.py
 * check) and every later step is exact as there: the results are the
 * same residues, then the same frozen coefficients.  Verify builds
 * assert the bounds on every lane as the AVX2 kernel does.
 *
 * Constant time: a fixed sequence of vector operations, masks and
 * permutations by constants; no branch and no memory index depends on
 * the data.  valgrind cannot run AVX-512, so t-ctime does not see this
 * file; t-sntrup761-ntt compares every product with the portable one
 * (structured extreme inputs and thousands of random ones), and the KAT
 * runs on this path where the CPU has AVX-512.
 */
#include "kcrypt-int.h"
#include "sntrup761/x86_64/avx512-ntt.h"
#include "sntrup761/x86_64/avx512.h"  /* KC_SNTRUP761_AVX512_ISA */

#ifdef KC_USE_X86_64

#include <immintrin.h>
#include "ct-msan-x86.h"           /* MSan builds: see there */

#define P 761
#define Q 4591

#define TGT KC_ISA_TARGET (KC_SNTRUP761_AVX512_ISA)
#define AL64 __attribute__ ((aligned (64)))
#define UNROLL _Pragma ("GCC unroll 16")

typedef __m512i V;

static const int16_t ntt_q[3] = { 7681, 10753, 12289 };
static const int16_t ntt_qinv[3] = { -7679, -10751, -12287 };
static const int16_t ntt_v[3] = { 8737, 6241, 5461 };
static const int16_t ntt_c3[2] = { 4, 3 };
static const int16_t ntt_scale[3][2] = {
  { 956, -1092 }, { 1268, -780 }, { -4779, -683 }
};

/* Lane masks: bit t of M3[s] is set iff t mod 3 = s. */
static const __mmask32 M3[3] = { 0x49249249u, 0x92492492u, 0x24924924u };
#define TAIL 0x1ffffffu         /* lanes 0..24: coefficients 736..760 */

#define SET1(x) _mm512_set1_epi16 (x)

static inline TGT V
montmul (V a, V b, V bq, V q)
{
  V t = _mm512_mullo_epi16 (a, bq);
  return _mm512_sub_epi16 (_mm512_mulhi_epi16 (a, b), _mm512_mulhi_epi16 (t, q));
}

static inline TGT V
barrett (V a, V v, V q)
{
  V t = _mm512_mulhrs_epi16 (_mm512_mulhi_epi16 (a, v), SET1 (32));
  return _mm512_sub_epi16 (a, _mm512_mullo_epi16 (t, q));
}

/* The forward and the inverse transforms' reduction: red3 for q1, q2,
 * barrett for q3 (fred in sntrup761/x86_64/avx2-ntt.c). */
static inline TGT V
fred (V a, V v, V c3, V q, int pi)
{
  if (pi == 2)
    return barrett (a, v, q);
  return _mm512_sub_epi16 (a, _mm512_mullo_epi16 (_mm512_mulhrs_epi16 (a, c3), q));
}

#define TW(t) _mm512_load_si512 ((const void *) (t)[0]), \
              _mm512_load_si512 ((const void *) (t)[1])

static inline TGT void
ct (V *x, V *y, V z, V zq, V q)
{
  V t = montmul (*y, z, zq, q);
  *y = _mm512_sub_epi16 (*x, t);
  *x = _mm512_add_epi16 (*x, t);
}

static inline TGT void
gs (V *x, V *y, V z, V zq, V q)
{
  V d = _mm512_sub_epi16 (*x, *y);
  *x = _mm512_add_epi16 (*x, *y);
  *y = montmul (d, z, zq, q);
}

/* The 16 x 16 transpose of sntrup761/x86_64/avx2-ntt.c in each 256-bit half of
 * A[0..15] (rows A[i], half h, to columns).  Inlined by attribute (gcc
 * kept it out of line; doc/MEASUREMENTS). */
static inline __attribute__ ((always_inline)) TGT void
transpose16x2 (V a[16])
{
  const V lo = _mm512_setr_epi64 (0, 1, 8, 9, 4, 5, 12, 13);
  const V hi = _mm512_setr_epi64 (2, 3, 10, 11, 6, 7, 14, 15);
  V t[16], u[16];
  int i, k;

  UNROLL
  for (i = 0; i < 8; i++)
    {
      t[i] = _mm512_unpacklo_epi16 (a[2 * i], a[2 * i + 1]);
      t[i + 8] = _mm512_unpackhi_epi16 (a[2 * i], a[2 * i + 1]);
    }
  UNROLL
  for (i = 0; i < 4; i++)
    {
      u[i] = _mm512_unpacklo_epi32 (t[2 * i], t[2 * i + 1]);
      u[i + 4] = _mm512_unpackhi_epi32 (t[2 * i], t[2 * i + 1]);
      u[i + 8] = _mm512_unpacklo_epi32 (t[8 + 2 * i], t[8 + 2 * i + 1]);
      u[i + 12] = _mm512_unpackhi_epi32 (t[8 + 2 * i], t[8 + 2 * i + 1]);
    }
  UNROLL
  for (i = 0; i < 2; i++)
    UNROLL
    for (k = 0; k < 4; k++)
      {
        t[4 * k + i] = _mm512_unpacklo_epi64 (u[4 * k + 2 * i], u[4 * k + 2 * i + 1]);
        t[4 * k + i + 2] = _mm512_unpackhi_epi64 (u[4 * k + 2 * i], u[4 * k + 2 * i + 1]);
      }
  UNROLL
  for (i = 0; i < 8; i++)
    {
      a[i] = _mm512_permutex2var_epi64 (t[2 * i], lo, t[2 * i + 1]);
      a[i + 8] = _mm512_permutex2var_epi64 (t[2 * i], hi, t[2 * i + 1]);
    }
}

/* Reductions of the forward transform: before level l (4..8) the upper
 * (unmultiplied) inputs of its butterflies are reduced if bit FT (l) is
 * set; FR8: every output of level 8.  The modes and their bounds are the
 * AVX2 kernel's GT_* (without its S bits, see the top). */
#define FT(l) (1 << ((l) - 4))
#define FR8 32
#define M_Q1_TINY FT (8)
#define M_Q1_F (FT (5) | FT (8))
#define M_Q2_F (FT (5) | FT (8))
#define M_Q2_FR (FT (5) | FT (8) | FR8)
#define M_Q2_TINY (FT (6) | FR8)
#define M_Q3_FR (FT (4) | FT (7) | FR8)
#define B_Q1_TINY 11352
#define B_Q1_F 9840
#define B_Q2_F 13427
#define B_Q2_FR 5461
#define B_Q2_TINY 5800
#define B_Q3_FR 6144

#ifdef KC_VERIFY
static void
check_lanes (const void *a, int n, int bound)
{
  _kc_verify_i16_bounded (a, 32 * (size_t) n, bound, __FILE__, __LINE__);
}
#endif

/* Forward NTT of one row: SRC[0..15] the row after level 0 in the Z
 * layout (rows_fq, rows_small), DST the residues in the transposed order
 * of the AVX2 kernel (the two halves side by side).  Levels 1..4 pair
 * Z[j] with Z[j + (16 >> l)]; after the transposes levels 5..8 pair
 * Z[j] with Z[j + (8 >> (l - 5))]; twiddle entry as in the generator. */
static __attribute__ ((noinline)) TGT void
ntt_fwd (V dst[16], const V src[16], int pi, int mode)
{
  const V q = SET1 (ntt_q[pi]), v = SET1 (ntt_v[pi]);
  const V c3 = SET1 (ntt_c3[pi & 1]);
  const int16_t (*zb)[2][32] = _kc_sntrup761_z512_fwd_bc[pi];
  const int16_t (*zv)[2][32] = _kc_sntrup761_z512_fwd_vec[pi];
  V x[16];
  int l, j;

  UNROLL
  for (j = 0; j < 16; j++)
    x[j] = src[j];
  UNROLL
  for (l = 1; l <= 4; l++)
    UNROLL
    for (j = 0; j < 16; j++)
      if (!(j & (16 >> l)))
        {
          if (l == 4 && (mode & FT (4)))
            x[j] = fred (x[j], v, c3, q, pi);
          ct (&x[j], &x[j + (16 >> l)],
              TW (zb[(1 << (l - 1)) - 1 + (j >> (5 - l))]), q);
        }
  transpose16x2 (x);
  UNROLL
  for (l = 5; l <= 8; l++)
    UNROLL
    for (j = 0; j < 16; j++)
      if (!(j & (8 >> (l - 5))))
        {
          if (mode & FT (l))
            x[j] = fred (x[j], v, c3, q, pi);
          ct (&x[j], &x[j + (8 >> (l - 5))],
              TW (zv[(1 << (l - 5)) - 1 + (j >> (9 - l))]), q);
        }
  UNROLL
  for (j = 0; j < 16; j++)
    dst[j] = (mode & FR8) ? fred (x[j], v, c3, q, pi) : x[j];
}

/* Inverse NTT of one row, in place: A[0..15] the transposed residues
 * (the pointwise outputs), out the 512 coefficients in natural order
 * (A[a] = coefficients 32 a .. 32 a + 31).  The passes and reductions of
 * ntt_inv_gt in sntrup761/x86_64/avx2-ntt.c, per prime; its pass D's level 0
 * (between the halves) joins the change to natural order. */
static inline __attribute__ ((always_inline)) TGT void
ntt_inv (V a[16], int pi)
{
  const V q = SET1 (ntt_q[pi]), v = SET1 (ntt_v[pi]);
  const V c3 = SET1 (ntt_c3[pi & 1]);
  const int16_t (*zb)[2][32] = _kc_sntrup761_z512_inv_bc[pi];
  const int16_t (*zv)[2][32] = _kc_sntrup761_z512_inv_vec[pi];
  const int p1 = pi == 0, p2 = pi == 1, p3 = pi == 2;
  V x[16];
  int j, b;

  UNROLL
  for (j = 0; j < 16; j++)
    x[j] = a[j];
  UNROLL
  for (b = 0; b < 4; b++)       /* A: levels 8 and 7 */
    {
      V *p = x + 4 * b;
      gs (&p[0], &p[1], TW (zv[7 + 2 * b]), q);
      gs (&p[2], &p[3], TW (zv[8 + 2 * b]), q);
      if (p3)
        p[0] = fred (p[0], v, c3, q, pi);
      gs (&p[0], &p[2], TW (zv[3 + b]), q);
      gs (&p[1], &p[3], TW (zv[3 + b]), q);
      p[0] = fred (p[0], v, c3, q, pi);
    }
  UNROLL
  for (j = 0; j < 4; j++)       /* B: levels 6 and 5 */
    {
      gs (&x[j], &x[j + 4], TW (zv[1]), q);
      gs (&x[j + 8], &x[j + 12], TW (zv[2]), q);
      x[j] = fred (x[j], v, c3, q, pi);
      if (p3)
        x[j + 8] = fred (x[j + 8], v, c3, q, pi);
      gs (&x[j], &x[j + 8], TW (zv[0]), q);
      gs (&x[j + 4], &x[j + 12], TW (zv[0]), q);
      if (!p3)
        x[j] = fred (x[j], v, c3, q, pi);
      if (!p1)
        x[j + 4] = fred (x[j + 4], v, c3, q, pi);
    }
  transpose16x2 (x);
  UNROLL
  for (b = 0; b < 4; b++)       /* C: levels 4 and 3 */
    {
      V *p = x + 4 * b;
      gs (&p[0], &p[1], TW (zb[7 + 2 * b]), q);
      gs (&p[2], &p[3], TW (zb[8 + 2 * b]), q);
      if (!p2)
        p[0] = fred (p[0], v, c3, q, pi);
      gs (&p[0], &p[2], TW (zb[3 + b]), q);
      gs (&p[1], &p[3], TW (zb[3 + b]), q);
      p[0] = fred (p[0], v, c3, q, pi);
      if (p3)
        p[1] = fred (p[1], v, c3, q, pi);
    }
  UNROLL
  for (j = 0; j < 4; j++)       /* D: levels 2 and 1 */
    {
      gs (&x[j], &x[j + 4], TW (zb[1]), q);
      gs (&x[j + 8], &x[j + 12], TW (zb[2]), q);
      x[j] = barrett (x[j], v, q);
      gs (&x[j], &x[j + 8], TW (zb[0]), q);
      gs (&x[j + 4], &x[j + 12], TW (zb[0]), q);
      x[j] = barrett (x[j], v, q);
      if (!p3)
        x[j + 4] = barrett (x[j + 4], v, q);
      if (p2)
        {
          x[j + 8] = barrett (x[j + 8], v, q);
          x[j + 12] = barrett (x[j + 12], v, q);
        }
    }
  /* level 0 and natural order: Y[2a], Y[2a + 1] (a < 8) are the low
   * halves of Z[2a], Z[2a + 1], Y[2a + 16], Y[2a + 17] their high
   * halves; natural vector a = (Y[2a] + Y[2a + 16], Y[2a + 1] + Y[2a +
   * 17]), vector a + 8 the differences */
  UNROLL
  for (j = 0; j < 8; j++)
    {
      V lo = _mm512_shuffle_i64x2 (x[2 * j], x[2 * j + 1], 0x44);
      V hi = _mm512_shuffle_i64x2 (x[2 * j], x[2 * j + 1], 0xee);
      V s = _mm512_add_epi16 (lo, hi), d = _mm512_sub_epi16 (lo, hi);
      a[j] = p3 ? barrett (s, v, q) : s;
      a[j + 8] = p3 ? barrett (d, v, q) : d;
    }
}

/* Rows after level 0, from the natural-order rows of a polynomial: N,
 * N8 the natural vectors a and a + 8 of one row; out Z[2a] and Z[2a + 1]
 * of the same row (level 0: Y[j] + Y[j + 16] low, Y[j] - Y[j + 16]
 * high). */
static inline TGT void
rows_level0 (V z[16], int a, V n, V n8)
{
  V s = _mm512_add_epi16 (n, n8), d = _mm512_sub_epi16 (n, n8);
  z[2 * a] = _mm512_shuffle_i64x2 (s, d, 0x44);
  z[2 * a + 1] = _mm512_shuffle_i64x2 (s, d, 0xee);
}

/* Natural vector a of the three Good-Thomas rows (coefficient i goes to
 * row i mod 3, column i mod 512), from X0 = coefficients 32 a .. 32 a +
 * 31 and X1 = those 512 higher (zero from 768 on): lane t of X0 is
 * coefficient i = 32 a + t, row (2a + t) mod 3 (32 = 2 mod 3); of X1 row
 * (2a + t + 2) mod 3 (512 = 2 mod 3).  The masks are constants. */
static inline TGT V
good_row (int r, int a, V x0, V x1)
{
  return _mm512_mask_mov_epi16 (_mm512_maskz_mov_epi16 (M3[(r + 30 - 2 * a) % 3], x0),
                                M3[(r + 28 - 2 * a) % 3], x1);
}

static inline TGT void
rows_from (V rows[3][16], int a, V x0, V x1, V y0)
{
  int r;

  UNROLL
  for (r = 0; r < 3; r++)       /* Y0: vector a + 8, no X1 part */
    rows_level0 (rows[r], a, good_row (r, a, x0, x1),
                 _mm512_maskz_mov_epi16 (M3[(r + 30 - 2 * (a + 8)) % 3], y0));
}

/* The rows of a frozen f (761 coefficients), after level 0. */
static inline TGT void
rows_fq (V rows[3][16], const int16_t f[P])
{
  int a;

  UNROLL
  for (a = 0; a < 8; a++)
    rows_from (rows, a, _mm512_loadu_si512 ((const void *) &f[32 * a]),
               a < 7 ? _mm512_loadu_si512 ((const void *) &f[512 + 32 * a])
               : _mm512_maskz_loadu_epi16 (TAIL, &f[736]),
               _mm512_loadu_si512 ((const void *) &f[256 + 32 * a]));
}

/* The rows of a small g (761 coefficients in {-1, 0, 1}), after level 0. */
static inline TGT void
rows_small (V rows[3][16], const int8_t g[P])
{
  int a;

  UNROLL
  for (a = 0; a < 8; a++)
    rows_from (rows, a,
               _mm512_cvtepi8_epi16 (_mm256_loadu_si256 ((const __m256i *) &g[32 * a])),
               a < 7 ? _mm512_cvtepi8_epi16 (_mm256_loadu_si256 ((const __m256i *) &g[512 + 32 * a]))
               : _mm512_cvtepi8_epi16 (_mm256_maskz_loadu_epi8 (TAIL, &g[736])),
               _mm512_cvtepi8_epi16 (_mm256_loadu_si256 ((const __m256i *) &g[256 + 32 * a])));
}

/* The pointwise product in (Z/q)[z]/(z^3 - 1) with the inverse's
 * scaling, as gt_pointwise in sntrup761/x86_64/avx2-ntt.c (the same bounds). */
static inline TGT void
pointwise (V h[3][16], const V f[3][16], const V g[3][16], int pi)
{
  const V q = SET1 (ntt_q[pi]), qinv = SET1 (ntt_qinv[pi]);
  const V s = SET1 (ntt_scale[pi][0]), sq = SET1 (ntt_scale[pi][1]);
  int i;

  for (i = 0; i < 16; i++)
    {
      V f0 = f[0][i], f1 = f[1][i], f2 = f[2][i];
      V g0 = g[0][i], g1 = g[1][i], g2 = g[2][i];
      V g0q = _mm512_mullo_epi16 (g0, qinv);
      V g1q = _mm512_mullo_epi16 (g1, qinv);
      V g2q = _mm512_mullo_epi16 (g2, qinv);
      V d, h0, h1, h2;

      d = _mm512_add_epi16 (montmul (f0, g0, g0q, q), montmul (f1, g1, g1q, q));
      d = _mm512_add_epi16 (d, montmul (f2, g2, g2q, q));
      h0 = montmul (_mm512_sub_epi16 (f2, f1), _mm512_sub_epi16 (g1, g2),
                    _mm512_sub_epi16 (g1q, g2q), q);
      h1 = montmul (_mm512_sub_epi16 (f1, f0), _mm512_sub_epi16 (g0, g1),
                    _mm512_sub_epi16 (g0q, g1q), q);
      h2 = montmul (_mm512_sub_epi16 (f0, f2), _mm512_sub_epi16 (g2, g0),
                    _mm512_sub_epi16 (g2q, g0q), q);
      h[0][i] = montmul (_mm512_add_epi16 (d, h0), s, sq, q);
      h[1][i] = montmul (_mm512_add_epi16 (d, h1), s, sq, q);
      h[2][i] = montmul (_mm512_add_epi16 (d, h2), s, sq, q);
    }
}

#ifdef KC_VERIFY
static const int bound_pw[3] = { 5548, 7824, 8828 };
static const int bound_inv[3] = { 10472, 10752, 6145 };
#endif

/* Forward transforms of the three rows (after level 0) SRC into DST. */
static inline __attribute__ ((always_inline)) TGT void
fwd3 (V dst[3][16], const V src[3][16], int pi, int mode, int bound)
{
  int r;

  for (r = 0; r < 3; r++)
    ntt_fwd (dst[r], src[r], pi, mode);
  KC_VERIFY_ONLY (check_lanes (dst, 48, bound));
  (void) bound;
}

/* One prime's product from the transformed rows F and G: OUT[0..23]
 * the product folded mod x^761 - x - 1, exactly centered mod prime PI
 * (lanes 761..767 junk, bounded the same).  H is work space (secret,
 * left to the stack burn) and may be OUT; G is destroyed (it receives the
 * 1536 cyclic coefficients once the pointwise product has read it); F
 * is left as it is, for a second product. */
static __attribute__ ((noinline)) TGT void
finish (V out[24], V h[3][16], const V f[3][16], V g[3][16], int pi)
{
  const V q = SET1 (ntt_q[pi]), v = SET1 (ntt_v[pi]);
  V *cv = g[0];
  const int16_t *c = (const int16_t *) cv;
  int r, u;

  pointwise (h, f, g, pi);
  KC_VERIFY_ONLY (check_lanes (h, 48, bound_pw[pi]));
  for (r = 0; r < 3; r++)
    ntt_inv (h[r], pi);
  KC_VERIFY_ONLY (check_lanes (h, 48, bound_inv[pi]));
  /* the inverse Good-Thomas map: coefficient i = 32 u + t is row (2u +
   * t) mod 3, natural vector u mod 16 */
  UNROLL
  for (u = 0; u < 48; u++)
    cv[u] = _mm512_mask_mov_epi16 (_mm512_mask_mov_epi16 (h[0][u % 16],
                                                          M3[(97 - 2 * u) % 3],
                                                          h[1][u % 16]),
                                   M3[(98 - 2 * u) % 3], h[2][u % 16]);
  /* fold: h_i = c_i + c_(i+761) + c_(i+760) (the last for i >= 1) */
  for (u = 0; u < 24; u++)
    {
      V x = _mm512_add_epi16 (cv[u], _mm512_loadu_si512 ((const void *) &c[32 * u + 761]));
      x = _mm512_add_epi16 (x, u == 0 ? _mm512_maskz_loadu_epi16 (~1u, &c[760])
                            : _mm512_loadu_si512 ((const void *) &c[32 * u + 760]));
      out[u] = barrett (x, v, q);
    }
  KC_VERIFY_ONLY (check_lanes (out, 24, (ntt_q[pi] - 1) / 2));
}

/* Store the 761 coefficients of X[0..23] (lanes beyond 760 dropped). */
static inline TGT void
store_fq (int16_t h[P], V x, int u)
{
  if (u < 23)
    _mm512_storeu_si512 ((void *) &h[32 * u], x);
  else
    _mm512_mask_storeu_epi16 (&h[736], TAIL, x);
}

/* R3 output: h = c mod 3 from C exactly centered mod q1 (|c| <= 2283,
 * so the residue is the integer itself), as gt_r3_out. */
static inline TGT void
r3_out (int8_t h[P], const V c[24])
{
  const V third = SET1 (10923), three = SET1 (3);
  int u;

  for (u = 0; u < 24; u++)
    {
      V x = c[u];
      __m256i y;
      x = _mm512_sub_epi16 (x, _mm512_mullo_epi16 (_mm512_mulhrs_epi16 (x, third), three));
      y = _mm512_cvtepi16_epi8 (x);
      if (u < 23)
        _mm256_storeu_si256 ((__m256i *) &h[32 * u], y);
      else
        _mm256_mask_storeu_epi8 (&h[736], TAIL, y);
    }
}

/* Rq x small output: the CRT of X1 (mod q1) and X2 (mod q2), then mod
 * 4591, as gt_rq_small_out. */
static inline TGT V
crt2 (V a, V x2)
{
  const V q2 = SET1 (10753), v2 = SET1 (6241);
  const V cu = SET1 (3563), cuq = SET1 (32747);
  const V qq = SET1 (Q), vq = SET1 (14617);
  const V cr = SET1 (1821), crq = SET1 (21427);
  V t = barrett (montmul (_mm512_sub_epi16 (x2, a), cu, cuq, q2), v2, q2);

  t = barrett (_mm512_add_epi16 (a, montmul (t, cr, crq, qq)), vq, qq);
  KC_VERIFY_ONLY (check_lanes (&t, 1, (Q - 1) / 2));
  return t;
}

static inline TGT void
rq_small_out (int16_t h[P], const V x1[24], const V x2[24])
{
  int u;

  for (u = 0; u < 24; u++)
    store_fq (h, crt2 (x1[u], x2[u]), u);
}

/* The same product, then E = (3 h mod q) mod 3, centered, as
 * _kc_sntrup761_times3_mod3_avx2: |3 h| <= 6885 < 16069, where the
 * barrett mod 4591 is exactly centered (sntrup761/gen-ntt.py), and
 * x - 3 round (x / 3) by vpmulhrsw as in r3_out. */
static inline TGT void
times3_mod3_out (int8_t e[P], const V x1[24], const V x2[24])
{
  const V qq = SET1 (Q), vq = SET1 (14617);
  const V third = SET1 (10923), three = SET1 (3);
  int u;

  for (u = 0; u < 24; u++)
    {
      V t = crt2 (x1[u], x2[u]);
      __m256i y;
      t = barrett (_mm512_mullo_epi16 (t, three), vq, qq);
      t = _mm512_sub_epi16 (t, _mm512_mullo_epi16 (_mm512_mulhrs_epi16 (t, third), three));
      y = _mm512_cvtepi16_epi8 (t);
      if (u < 23)
        _mm256_storeu_si256 ((__m256i *) &e[32 * u], y);
      else
        _mm256_mask_storeu_epi8 (&e[736], TAIL, y);
    }
}

/* Work space of finish: its rows, then (as OUT) the folded product. */
union hbuf
{
  V r[3][16];
  V o[24];
};

/* Stack: the KEM's burn bounds (KC_STACK_BURN_KEM, _KEM_BATCH) must
 * cover the deepest frame of decap and of the batch (t-wipe checks, also
 * in clang --enable-verify builds, where the frames are largest).  So
 * the rows of an operand (after level 0, SRC of ntt_fwd) are kept for
 * the next prime only in the pair product, where three operands share
 * them; elsewhere each prime rebuilds them in place (doc/MEASUREMENTS). */
/* The frame every product has: the transformed rows of f and of g and
 * finish's work space. */
struct frame
{
  V ft[3][16], gt[3][16];
  union hbuf h;
};

/* Forward transforms mod prime PI of the rows SRC of a frozen operand,
 * into DST (may be SRC): the AVX2 kernel's f mode for the prime, or for
 * Rq x Rq's right operand (G) its g mode. */
static inline __attribute__ ((always_inline)) TGT void
fwd_fq (V dst[3][16], const V src[3][16], int pi, int g)
{
  if (pi == 0)
    fwd3 (dst, src, 0, M_Q1_F, B_Q1_F);
  else if (pi == 1 && g)
    fwd3 (dst, src, 1, M_Q2_FR, B_Q2_FR);
  else if (pi == 1)
    fwd3 (dst, src, 1, M_Q2_F, B_Q2_F);
  else
    fwd3 (dst, src, 2, M_Q3_FR, B_Q3_FR);
}

/* The rest of one product mod prime PI (q1 or q2) with a small G: its
 * rows, their transforms (in W->gt), then finish into OUT with W->ft
 * (kept for another G). */
static inline __attribute__ ((always_inline)) TGT void
times_small (V out[24], struct frame *w, const int8_t g[P], int pi)
{
  rows_small (w->gt, g);
  if (pi == 0)
    fwd3 (w->gt, w->gt, 0, M_Q1_TINY, B_Q1_TINY);
  else
    fwd3 (w->gt, w->gt, 1, M_Q2_TINY, B_Q2_TINY);
  finish (out, w->h.r, w->ft, w->gt, pi);
}

void TGT
_kc_sntrup761_r3_mult_ntt_avx512 (int8_t h[P], const int8_t f[P],
                                  const int8_t g[P])
{
  struct frame s AL64;

  rows_small (s.ft, f);
  fwd3 (s.ft, s.ft, 0, M_Q1_TINY, B_Q1_TINY);
  times_small (s.h.o, &s, g, 0);
  r3_out (h, s.h.o);
}

void TGT
_kc_sntrup761_r3_mult2_ntt_avx512 (int8_t h1[P], int8_t h2[P],
                                   const int8_t f[P], const int8_t g1[P],
                                   const int8_t g2[P])
{
  struct frame s AL64;

  rows_small (s.ft, f);
  fwd3 (s.ft, s.ft, 0, M_Q1_TINY, B_Q1_TINY);
  times_small (s.h.o, &s, g1, 0);
  r3_out (h1, s.h.o);
  times_small (s.h.o, &s, g2, 0);
  r3_out (h2, s.h.o);
}

/* Rq x small up to the CRT: the residues mod q1 in X1, mod q2 in
 * W->h.o. */
struct small_frame
{
  struct frame w;
  V x1[24];
};

static inline __attribute__ ((always_inline)) TGT void
rq_small_residues (struct small_frame *s, const int16_t f[P],
                   const int8_t g[P])
{
  int pi;

  for (pi = 0; pi < 2; pi++)
    {
      rows_fq (s->w.ft, f);
      fwd_fq (s->w.ft, s->w.ft, pi, 0);
      times_small (pi == 0 ? s->x1 : s->w.h.o, &s->w, g, pi);
    }
}

void TGT
_kc_sntrup761_rq_mult_small_ntt_avx512 (int16_t h[P], const int16_t f[P],
                                        const int8_t g[P])
{
  struct small_frame s AL64;

  rq_small_residues (&s, f, g);
  rq_small_out (h, s.x1, s.w.h.o);
}

/* The product rounded: 3 round (h / 3) per coefficient, as
 * _kc_sntrup761_round_avx2 (vpmulhrsw by 10923 is exact for |h| <=
 * 2295). */
void TGT
_kc_sntrup761_rq_mult_small_round_ntt_avx512 (int16_t h[P], const int16_t f[P],
                                              const int8_t g[P])
{
  const V third = SET1 (10923);
  struct small_frame s AL64;
  int u;

  rq_small_residues (&s, f, g);
  for (u = 0; u < 24; u++)
    {
      V t = _mm512_mulhrs_epi16 (crt2 (s.x1[u], s.w.h.o[u]), third);
      store_fq (h, _mm512_add_epi16 (t, _mm512_add_epi16 (t, t)), u);
    }
}

void TGT
_kc_sntrup761_rq_mult_small_times3_mod3_ntt_avx512 (int8_t e[P],
                                                    const int16_t f[P],
                                                    const int8_t g[P])
{
  struct small_frame s AL64;

  rq_small_residues (&s, f, g);
  times3_mod3_out (e, s.x1, s.w.h.o);
}

void TGT
_kc_sntrup761_rq_mult_small2_ntt_avx512 (int16_t h1[P], int16_t h2[P],
                                         const int16_t f[P],
                                         const int8_t g1[P],
                                         const int8_t g2[P])
{
  struct
  {
    V fr[3][16];
    struct frame w;
    V x1[2][24];
  } s AL64;

  rows_fq (s.fr, f);
  fwd_fq (s.w.ft, s.fr, 0, 0);
  times_small (s.x1[0], &s.w, g1, 0);
  times_small (s.x1[1], &s.w, g2, 0);
  fwd_fq (s.w.ft, s.fr, 1, 0);
  times_small (s.w.h.o, &s.w, g1, 1);
  rq_small_out (h1, s.x1[0], s.w.h.o);
  times_small (s.w.h.o, &s.w, g2, 1);
  rq_small_out (h2, s.x1[1], s.w.h.o);
}

/* Rq x Rq output: Garner's CRT of X1, X2, X3 (mod q1, q2, q3), then mod
 * 4591, as in sntrup761/x86_64/avx2-ntt.c (the same constants and bounds). */
static inline TGT void
rq_out (int16_t h[P], const V x1[24], const V x2[24], const V x3[24])
{
  const V q2 = SET1 (10753), v2 = SET1 (6241);
  const V q3 = SET1 (12289), v3 = SET1 (5461);
  const V c12 = SET1 (3563), c12q = SET1 (32747);
  const V c13 = SET1 (-5476), c13q = SET1 (-21860);
  const V c23 = SET1 (-4139), c23q = SET1 (-43);
  const V qq = SET1 (Q), vq = SET1 (14617);
  const V r1 = SET1 (1821), r1q = SET1 (21427);
  const V r2 = SET1 (598), r2q = SET1 (-24310);
  int u;

  for (u = 0; u < 24; u++)
    {
      V a = x1[u], u2, u3, t;
      u2 = barrett (montmul (_mm512_sub_epi16 (x2[u], a), c12, c12q, q2), v2, q2);
      t = montmul (_mm512_sub_epi16 (x3[u], a), c13, c13q, q3);
      u3 = barrett (montmul (_mm512_sub_epi16 (t, u2), c23, c23q, q3), v3, q3);
      t = _mm512_add_epi16 (a, montmul (u2, r1, r1q, qq));
      t = barrett (_mm512_add_epi16 (t, montmul (u3, r2, r2q, qq)), vq, qq);
      KC_VERIFY_ONLY (check_lanes (&t, 1, (Q - 1) / 2));
      store_fq (h, t, u);
    }
}

/* The rows of frozen F and G, their transforms mod prime PI (F's kept in
 * W->ft for another product), the product into OUT. */
static inline __attribute__ ((always_inline)) TGT void
times_fq (V out[24], struct frame *w, const int16_t f[P], const int16_t g[P],
          int pi)
{
  rows_fq (w->ft, f);
  rows_fq (w->gt, g);
  fwd_fq (w->ft, w->ft, pi, 0);
  fwd_fq (w->gt, w->gt, pi, 1);
  finish (out, w->h.r, w->ft, w->gt, pi);
}

/* The prefix step of batch key generation: G g in R3 and F f, F g in Rq,
 * one transform of g mod q1 for the R3 product and for F g (copied:
 * finish destroys its G operand), one of F per prime for both Rq
 * products.  The pointwise product is symmetric in its operands (the
 * same montmul results, the same bounds: sntrup761/gen-ntt.py), so g
 * may sit on either side. */
void TGT
_kc_sntrup761_mult_prefix3_ntt_avx512 (int8_t g3[P], int16_t ff[P],
                                       int16_t fg[P], const int8_t gg[P],
                                       const int16_t f[P], const int8_t s1[P],
                                       const int8_t s2[P])
{
  struct
  {
    V s2t[3][16];
    struct frame w;
    V x1[2][24];
  } s AL64;

  /* q1: s2's transform, kept in s2t for F s2 */
  rows_small (s.s2t, s2);
  fwd3 (s.s2t, s.s2t, 0, M_Q1_TINY, B_Q1_TINY);
  memcpy (s.w.gt, s.s2t, sizeof s.s2t);
  /* G s2 in R3 (G on the kept side) */
  rows_small (s.w.ft, gg);
  fwd3 (s.w.ft, s.w.ft, 0, M_Q1_TINY, B_Q1_TINY);
  finish (s.w.h.o, s.w.h.r, s.w.ft, s.w.gt, 0);
  r3_out (g3, s.w.h.o);
  /* F s2 and F s1 mod q1 */
  rows_fq (s.w.ft, f);
  fwd_fq (s.w.ft, s.w.ft, 0, 0);
  finish (s.x1[1], s.w.h.r, s.w.ft, s.s2t, 0);
  times_small (s.x1[0], &s.w, s1, 0);
  /* mod q2, and the CRT */
  rows_fq (s.w.ft, f);
  fwd_fq (s.w.ft, s.w.ft, 1, 0);
  times_small (s.w.h.o, &s.w, s1, 1);
  rq_small_out (ff, s.x1[0], s.w.h.o);
  times_small (s.w.h.o, &s.w, s2, 1);
  rq_small_out (fg, s.x1[1], s.w.h.o);
}

void TGT
_kc_sntrup761_rq_mult_ntt_avx512 (int16_t h[P], const int16_t f[P],
                                  const int16_t g[P])
{
  struct
  {
    struct frame w;
    V x1[24], x2[24];
  } s AL64;

  times_fq (s.x1, &s.w, f, g, 0);
  times_fq (s.x2, &s.w, f, g, 1);
  times_fq (s.w.h.o, &s.w, f, g, 2);
  rq_out (h, s.x1, s.x2, s.w.h.o);
}

/* f g and f s with one transform of f for q1 and q2: the small product
 * runs on the transform of f that the full product left in ft. */
void TGT
_kc_sntrup761_rq_mult_full_small_ntt_avx512 (int16_t h[P], int16_t h2[P],
                                             const int16_t f[P],
                                             const int16_t g[P],
                                             const int8_t s2[P])
{
  struct
  {
    struct frame w;
    V x1[24], x2[24], y1[24];
  } s AL64;

  times_fq (s.x1, &s.w, f, g, 0);
  times_small (s.y1, &s.w, s2, 0);
  times_fq (s.x2, &s.w, f, g, 1);
  times_small (s.w.h.o, &s.w, s2, 1);
  rq_small_out (h2, s.y1, s.w.h.o);
  times_fq (s.w.h.o, &s.w, f, g, 2);
  rq_out (h, s.x1, s.x2, s.w.h.o);
}

#endif /* KC_USE_X86_64 */
