/* sntrup761/sntrup761.c - Streamlined NTRU Prime sntrup761 (round 3).
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Written from the NTRU Prime round-3 specification; see sntrup761/sntrup761.h for
 * the representations, byte formats and contracts.  Everything that
 * touches f, g, 1/g, r, e, rho or the decapsulation comparison is constant
 * time: loops and memory indices depend only on the public parameters.
 *
 * The KEM functions run on a table of kernels (struct sntrup_ops): the
 * portable ones here, or the AVX2 ones of sntrup761/x86_64/avx2-*.c
 * (the products in sntrup761/x86_64/avx2-ntt.c) when the library has
 * x86-64 paths and the CPU has AVX2, with the reciprocals of
 * sntrup761/x86_64/avx512.c and the products of
 * sntrup761/x86_64/avx512-ntt.c where it also has AVX-512
 * (ops_avx512; _kc_hwf, read once, so a process always
 * takes one path; KCRYPT_HWF_MASK=0 forces the portable one).  Every
 * table gives the same bytes for the same RNG output.
 */
#include "kcrypt-int.h"
#include "sntrup761/sntrup761.h"
#include "hash/sha512.h"
#include "hash/sha512-mb.h"
#include "bufhelp.h"
#include "sntrup761/x86_64/avx2.h"
#include "sntrup761/x86_64/avx2-ntt.h"
#include "sntrup761/x86_64/avx512.h"
#include "sntrup761/x86_64/avx512-ntt.h"

#define P    KC_SNTRUP761_P
#define Q    KC_SNTRUP761_Q
#define W    KC_SNTRUP761_W
#define Q12  KC_SNTRUP761_Q12

#define SMALL_BYTES    KC_SNTRUP761_SMALL_BYTES
#define RQ_BYTES       KC_SNTRUP761_RQ_BYTES
#define ROUNDED_BYTES  KC_SNTRUP761_ROUNDED_BYTES
#define HASH_BYTES     KC_SNTRUP761_HASH_BYTES
#define PK_BYTES       KC_SNTRUP761_PK_BYTES
#define CT_BYTES       KC_SNTRUP761_CT_BYTES
#define RANDOM_BYTES   KC_SNTRUP761_RANDOM_BYTES

/* Rounded coefficients are multiples of 3: (q + 2) / 3 values. */
#define ROUNDED_M  ((Q + 2) / 3)

/* ------------------------------------------------ small ct helpers */

/* All ones if X > 0 (signed), else 0.  Biasing by 2^31 turns the signed
 * comparison 0 < X into an unsigned one for the toolbox. */
static inline uint32_t
mask_positive_i32 (int32_t x)
{
  return ct_mask_lt_u32 (0x80000000u, (uint32_t) x + 0x80000000u);
}

/* ------------------------------------------------- reduction of integers */

/* fq_freeze and f3_freeze are sntrup761.h's (the AVX2 coefficient steps
 * use them too). */
#define fq_freeze _kc_sntrup761_fq_freeze
#define f3_freeze _kc_sntrup761_f3_freeze

/* 1/A in Z/q (0 for A = 0): A^(q-2), fixed public exponent. */
static int16_t
fq_recip (int16_t a)
{
  int32_t result = 1, base = a;
  unsigned int e = Q - 2;

  while (e)
    {
      if (e & 1)   /* public exponent bits */
        result = fq_freeze (result * base);
      base = fq_freeze (base * base);
      e >>= 1;
    }
  return (int16_t) result;
}

/* ---------------------------------------------------- multiplication */

/* Both products are computed as dot products, one per output coefficient:
 *
 *   out[k] = sum_{j<p} F[j] * E[j + p - 1 - k]        (1 <= k < p)
 *
 * where E (built from G alone) holds, at index t, the G coefficients that
 * meet F[j] in out[k] for t = j + p - 1 - k.  With grev[t] = G[p-1-t],
 * the cyclic part (x^p -> 1) gives grev[t mod p]; the folded part
 * (x^p -> x) gives grev[t + 1 - p] for t >= p - 1:
 *
 *   E[t] = grev[t]                  t <  p - 1
 *        = grev[p-1] + grev[0]      t =  p - 1
 *        = grev[t-p] + grev[t+1-p]  p <= t <= 2p - 2
 *        = 0                        beyond (padding)
 *
 * For k = 0 only the cyclic part applies: out[0] = F[0]G[0] +
 * sum_{j>=1} F[j]G[p-j].  F is padded with zeros to PPAD, a multiple of
 * 16, so that every dot product has the same fixed length (compilers
 * vectorise it; the loop bounds are public constants).
 *
 * Accumulator bound: an output coefficient is the sum of the products
 * F[i]G[j] over the pairs (i, j) that reach it: k+1 pairs with i+j = k,
 * p-1-k with i+j = k+p (folded to k) and p-k with i+j = k+p-1 (folded to
 * k), at most 2p - 1 = 1521 pairs.  Every partial sum is a sum of a subset
 * of them, so |acc| <= 1521 * max |F[i]G[j]|: 1521 * q12 = 3490695 in Rq,
 * 1521 in R3, far below 2^31. */
#define PPAD 768
#define EPAD (PPAD + P - 1)

#define RQ_ACC_BOUND ((int32_t) (2 * P - 1) * Q12)
#define R3_ACC_BOUND ((int32_t) (2 * P - 1))

static void
mult_prepare (int16_t e[EPAD], const int8_t g[P])
{
  size_t t;

  for (t = 0; t < P - 1; t++)
    e[t] = g[P - 1 - t];
  e[P - 1] = (int16_t) (g[0] + g[P - 1]);
  for (t = P; t <= 2 * P - 2; t++)
    e[t] = (int16_t) (g[2 * P - 1 - t] + g[2 * P - 2 - t]);
  for (; t < EPAD; t++)
    e[t] = 0;
}

/* Four neighbouring outputs at once (one pass over A): OUT[i] =
 * sum_j A[j] B[j + 3 - i], i = 0..3. */
static inline void
dot4_pad (int32_t out[4], const int16_t *a, const int16_t *b)
{
  int32_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  size_t j;

  for (j = 0; j < PPAD; j++)
    {
      int32_t x = a[j];
      s0 += x * b[j + 3];
      s1 += x * b[j + 2];
      s2 += x * b[j + 1];
      s3 += x * b[j];
    }
  out[0] = s0;
  out[1] = s1;
  out[2] = s2;
  out[3] = s3;
}

/* ACC[k] = out[k] before reduction, for F (padded to PPAD) and G. */
static void
mult_accumulate (int32_t acc[P], const int16_t fpad[PPAD], const int8_t g[P])
{
  int16_t e[EPAD];
  int32_t s;
  size_t j, k;

  mult_prepare (e, g);
  s = (int32_t) fpad[0] * g[0];
  for (j = 1; j < P; j++)
    s += (int32_t) fpad[j] * g[P - j];
  acc[0] = s;
  /* k = 1 .. p - 1 in groups of four (p - 1 = 760 = 4 * 190). */
  for (k = 1; k < P; k += 4)
    dot4_pad (acc + k, fpad, e + (P - 4 - k));
  wipememory (e, sizeof e);
}

void
_kc_sntrup761_rq_mult_small (int16_t h[P], const int16_t f[P],
                             const int8_t g[P])
{
  int16_t fpad[PPAD];
  int32_t acc[P];
  size_t i;

  for (i = 0; i < P; i++)
    {
      KC_VERIFY_CHECK (f[i] >= -Q12 && f[i] <= Q12);
      KC_VERIFY_CHECK (g[i] >= -1 && g[i] <= 1);
      fpad[i] = f[i];
    }
  for (; i < PPAD; i++)
    fpad[i] = 0;
  mult_accumulate (acc, fpad, g);
  for (i = 0; i < P; i++)
    {
      /* |acc| <= (2p - 1) q12, see above. */
      KC_VERIFY_CHECK (acc[i] >= -RQ_ACC_BOUND && acc[i] <= RQ_ACC_BOUND);
      h[i] = fq_freeze (acc[i]);
    }
  wipememory (fpad, sizeof fpad);
  wipememory (acc, sizeof acc);
}

void
_kc_sntrup761_r3_mult (int8_t h[P], const int8_t f[P], const int8_t g[P])
{
  int16_t fpad[PPAD];
  int32_t acc[P];
  size_t i;

  for (i = 0; i < P; i++)
    {
      KC_VERIFY_CHECK (f[i] >= -1 && f[i] <= 1);
      KC_VERIFY_CHECK (g[i] >= -1 && g[i] <= 1);
      fpad[i] = f[i];
    }
  for (; i < PPAD; i++)
    fpad[i] = 0;
  mult_accumulate (acc, fpad, g);
  for (i = 0; i < P; i++)
    {
      /* |acc| <= 2p - 1, see above. */
      KC_VERIFY_CHECK (acc[i] >= -R3_ACC_BOUND && acc[i] <= R3_ACC_BOUND);
      h[i] = f3_freeze (acc[i]);
    }
  wipememory (fpad, sizeof fpad);
  wipememory (acc, sizeof acc);
}

/* H = F * G in Rq for frozen F, G: G = 64 G1 + G0 with G0 in [-32, 31],
 * G1 in [-36, 36], two accumulations of mult_accumulate (int8 digits; the
 * folded E entries are sums of two digits, |E| <= 72 in int16).  Bound:
 * as for rq_mult_small with max |F[i] G[j]| <= 2295 * 36: |acc| <= 1521 *
 * 2295 * 36 = 125662140 < 2^31 (checked).  Then acc0 + 64 fq_freeze
 * (acc1) < 2^28 goes through fq_freeze. */
void
_kc_sntrup761_rq_mult (int16_t h[P], const int16_t f[P], const int16_t g[P])
{
  int16_t fpad[PPAD];
  int8_t g0[P], g1[P];
  int32_t acc0[P], acc1[P];
  size_t i;

  for (i = 0; i < P; i++)
    {
      int32_t lo;
      KC_VERIFY_CHECK (f[i] >= -Q12 && f[i] <= Q12);
      KC_VERIFY_CHECK (g[i] >= -Q12 && g[i] <= Q12);
      fpad[i] = f[i];
      lo = ((g[i] + 32) & 63) - 32;
      g0[i] = (int8_t) lo;
      g1[i] = (int8_t) ((g[i] - lo) / 64);
    }
  for (; i < PPAD; i++)
    fpad[i] = 0;
  mult_accumulate (acc0, fpad, g0);
  mult_accumulate (acc1, fpad, g1);
  for (i = 0; i < P; i++)
    {
      KC_VERIFY_CHECK (acc0[i] >= -RQ_ACC_BOUND * 36 && acc0[i] <= RQ_ACC_BOUND * 36);
      KC_VERIFY_CHECK (acc1[i] >= -RQ_ACC_BOUND * 36 && acc1[i] <= RQ_ACC_BOUND * 36);
      h[i] = fq_freeze (acc0[i] + 64 * (int32_t) fq_freeze (acc1[i]));
    }
  wipememory (fpad, sizeof fpad);
  wipememory (g0, sizeof g0);
  wipememory (g1, sizeof g1);
  wipememory (acc0, sizeof acc0);
  wipememory (acc1, sizeof acc1);
}

/* ------------------------------------------------------- reciprocals */

/* Both reciprocals run 2p - 1 divsteps on (f, g) = (x^p - x - 1, IN),
 * stored reversed (index 0 = leading coefficient), with (v, r) tracking
 * the Bezout coefficient of IN.  After 2p - 1 steps delta = 0 exactly
 * when IN is invertible, and v (reversed) is a multiple of its inverse.
 * Each step: v *= x; if delta > 0 and g[0] != 0, swap (f, v) with (g, r)
 * and negate delta; delta += 1; then eliminate g[0] using f[0] and divide
 * g by x.  All selections are masks; every step touches every element. */

/* The reciprocal loops run over RPAD = 768 entries (a multiple of 16, so
 * that compilers vectorise them without epilogues) of arrays of RLEN.
 * Entries beyond index p start at 0 and stay 0: every update is
 * coefficient-wise (plus the shift of g down and of v up by one, the
 * latter over exactly p + 1 entries), and 0 maps to 0. */
#define RPAD 768
#define RLEN (RPAD + 16)

/* One divstep's swap decision: all ones if delta > 0 and G0 != 0; then
 * delta becomes -delta under the mask, and grows by one. */
static inline uint32_t
divstep_swap (int32_t *delta, int32_t g0)
{
  uint32_t swap = mask_positive_i32 (*delta) & ct_mask_nonzero_u32 ((uint32_t) g0);
  *delta = (int32_t) ct_select_u32 (swap, (uint32_t) -*delta, (uint32_t) *delta) + 1;
  return swap;
}

int
_kc_sntrup761_r3_recip (int8_t out[P], const int8_t in[P])
{
  /* int16 (values in {-1, 0, 1}) so that the update loops vectorise. */
  int16_t f[RLEN], g[RLEN], v[RLEN], r[RLEN];
  int32_t delta = 1;
  int16_t sign, m, t;
  uint32_t swap;
  size_t i, loop;

  memset (v, 0, sizeof v);
  memset (r, 0, sizeof r);
  r[0] = 1;
  memset (f, 0, sizeof f);
  f[0] = 1;
  f[P - 1] = -1;
  f[P] = -1;
  memset (g, 0, sizeof g);
  for (i = 0; i < P; i++)
    {
      KC_VERIFY_CHECK (in[i] >= -1 && in[i] <= 1);
      g[P - 1 - i] = in[i];
    }

  for (loop = 0; loop < 2 * P - 1; loop++)
    {
      memmove (v + 1, v, P * sizeof v[0]);
      v[0] = 0;

      swap = divstep_swap (&delta, g[0]);
      m = (int16_t) ct_barrier_u32 (swap);

      /* The swap is applied inside the update loops (one pass each).
       * f[0] = +-1 (mod 3), so g - g[0] f[0] f has g[0] = 0; the sign is
       * symmetric in f[0] and g[0], so the swap does not change it.  Sums
       * are in [-2, 2] before f3_reduce2. */
      sign = (int16_t) (-g[0] * f[0]);
      t = m & (f[0] ^ g[0]);
      f[0] ^= t;
      for (i = 0; i < RPAD; i++)
        {
          int16_t fi = f[i + 1], gi = g[i + 1];
          t = m & (fi ^ gi);
          fi ^= t;
          gi ^= t;
          f[i + 1] = fi;
          g[i] = _kc_sntrup761_f3_reduce2 ((int16_t) (gi + sign * fi));
        }
      for (i = 0; i < RPAD; i++)
        {
          int16_t vi = v[i], ri = r[i];
          t = m & (vi ^ ri);
          vi ^= t;
          ri ^= t;
          v[i] = vi;
          r[i] = _kc_sntrup761_f3_reduce2 ((int16_t) (ri + sign * vi));
        }
    }

  sign = f[0];
  for (i = 0; i < P; i++)
    out[i] = (int8_t) (sign * v[P - 1 - i]);

  wipememory (f, sizeof f);
  wipememory (g, sizeof g);
  wipememory (v, sizeof v);
  wipememory (r, sizeof r);
  return -(int) ct_is_nonzero_u32 ((uint32_t) delta);
}

/* Montgomery product in int16: A*B/2^16 mod q, in (-q, q), for |A*B| <
 * q 2^15 = 150437888.  With t = A*B and m = low16 (t) / q mod 2^16
 * (QINV = 1/q mod 2^16 = 15631), t - m q is a multiple of 2^16, and as
 * the low halves of t and m q agree it equals (hi16 (t) - hi16 (m q))
 * 2^16: two high-half products the compiler maps to vector instructions.
 * |t - m q| < q 2^15 + 2^15 q, so the result is in (-q, q). */
#define QINV 15631u

static inline int16_t
mont_mul (int16_t a, int16_t b)
{
  int32_t t = (int32_t) a * b;
  int16_t m = (int16_t) (uint16_t) ((uint32_t) (uint16_t) t * QINV);
  return (int16_t) ((t >> 16) - (((int32_t) m * Q) >> 16));
}

/* In Rq the divsteps work on Montgomery products: each update
 * multiplies g and r by the same 2^-16, which keeps the relation
 * g = 3 IN r (both sides scale alike), so the final 1/f[0] scaling is
 * unchanged.  Entries live in (-2q, 2q): a difference of two Montgomery
 * products; the products then have |A*B| < 4 q^2 = 84309124 < q 2^15.
 * Only g[0] is frozen, for the nonzero test of the swap decision. */
static int
rq_recip3_core (int16_t out[P], int16_t g[RLEN])
{
  int16_t f[RLEN], v[RLEN], r[RLEN];
  int32_t delta = 1;
  int16_t f0, g0, scale, m, t;
  uint32_t swap;
  size_t i, loop;

  memset (v, 0, sizeof v);
  memset (r, 0, sizeof r);
  r[0] = fq_recip (3);
  memset (f, 0, sizeof f);
  f[0] = 1;
  f[P - 1] = -1;
  f[P] = -1;

  for (loop = 0; loop < 2 * P - 1; loop++)
    {
      memmove (v + 1, v, P * sizeof v[0]);
      v[0] = 0;

      swap = divstep_swap (&delta, fq_freeze (g[0]));
      m = (int16_t) ct_barrier_u32 (swap);

      /* The swap is applied inside the update loops (one pass each).
       * g = (f0 g - g0 f) / (x 2^16), r = (f0 r - g0 v) / 2^16, with f0
       * and g0 after the swap.  The new g[0] is exactly 0 (the same two
       * products), and is shifted out. */
      t = m & (f[0] ^ g[0]);
      f0 = f[0] ^ t;
      g0 = g[0] ^ t;
      f[0] = f0;
      for (i = 0; i < RPAD; i++)
        {
          int16_t fi = f[i + 1], gi = g[i + 1];
          t = m & (fi ^ gi);
          fi ^= t;
          gi ^= t;
          f[i + 1] = fi;
          g[i] = (int16_t) (mont_mul (f0, gi) - mont_mul (g0, fi));
        }
      for (i = 0; i < RPAD; i++)
        {
          int16_t vi = v[i], ri = r[i];
          t = m & (vi ^ ri);
          vi ^= t;
          ri ^= t;
          v[i] = vi;
          r[i] = (int16_t) (mont_mul (f0, ri) - mont_mul (g0, vi));
        }
#ifdef KC_VERIFY
      for (i = 0; i < RPAD; i++)   /* the (-2q, 2q) invariant */
        KC_VERIFY_CHECK (g[i] > -2 * Q && g[i] < 2 * Q
                         && r[i] > -2 * Q && r[i] < 2 * Q);
#endif
    }

  scale = fq_recip (fq_freeze (f[0]));
  for (i = 0; i < P; i++)
    out[i] = fq_freeze ((int32_t) scale * v[P - 1 - i]);

  wipememory (f, sizeof f);
  wipememory (g, RLEN * sizeof g[0]);
  wipememory (v, sizeof v);
  wipememory (r, sizeof r);
  return -(int) ct_is_nonzero_u32 ((uint32_t) delta);
}

int
_kc_sntrup761_rq_recip3 (int16_t out[P], const int8_t in[P])
{
  int16_t g[RLEN];
  size_t i;

  memset (g, 0, sizeof g);
  for (i = 0; i < P; i++)
    {
      KC_VERIFY_CHECK (in[i] >= -1 && in[i] <= 1);
      g[P - 1 - i] = in[i];
    }
  return rq_recip3_core (out, g);
}

int
_kc_sntrup761_rq_recip3_fq (int16_t out[P], const int16_t in[P])
{
  int16_t g[RLEN];
  size_t i;

  memset (g, 0, sizeof g);
  for (i = 0; i < P; i++)
    {
      KC_VERIFY_CHECK (in[i] >= -Q12 && in[i] <= Q12);
      g[P - 1 - i] = in[i];
    }
  return rq_recip3_core (out, g);
}

/* ------------------------------------------------ random polynomials */

/* Compare-exchange: X[A] = min, X[B] = max, without a branch. */
static inline void
minmax_u32 (uint32_t *a, uint32_t *b)
{
  uint32_t x = *a, y = *b;
  uint32_t swap = ct_mask_lt_u32 (y, x);
  *a = ct_select_u32 (swap, y, x);
  *b = ct_select_u32 (swap, x, y);
}

/* Knuth, TAOCP 5.2.2 Algorithm M (Batcher's merge exchange): a sorting
 * network for any N; which pairs are compared depends on N only. */
void
_kc_sntrup761_sort_u32 (uint32_t *x, size_t n)
{
  size_t t, p, q, r, d, i;

  if (n < 2)
    return;
  for (t = 1; ((size_t) 1 << t) < n; t++)
    ;
  for (p = (size_t) 1 << (t - 1); p > 0; p >>= 1)
    {
      q = (size_t) 1 << (t - 1);
      r = 0;
      d = p;
      for (;;)
        {
          for (i = 0; i + d < n; i++)
            if ((i & p) == r)
              minmax_u32 (&x[i], &x[i + d]);
          if (q == p)
            break;
          d = q - p;
          q >>= 1;
          r = p;
        }
    }
}

/* _kc_sntrup761_sort_761: Algorithm M for n = 768 (x padded with
 * 0xffffffff, which sort last), in two layouts so that every
 * compare-exchange is a lane of a 4-wide one (ct_minmax4_u32) on
 * contiguous words:
 *  - while p >= 4, in place: the pairs of one pass are (i, i + d) with d
 *    a multiple of 4 and (i & p) depending on i / 4 only, so words 4k ..
 *    4k + 3 meet words 4k + d .. 4k + d + 3 as a whole;
 *  - for p = 2 and 1 (the last passes), transposed to four columns,
 *    col[c][k] = x[4k + c]: (i & p) then depends on the column only, and
 *    the partner of 4k + c is column (c + d) mod 4, row k + (c + d) / 4,
 *    another column (d is odd, or 2 mod 4), so a pass is runs of
 *    contiguous words of two columns (a scalar tail of up to 3 pairs).
 * Which words are compared depends on the fixed n only. */
#define SORT_N 768
#define SORT_ROWS (SORT_N / 4)

/* Compare-exchange A[k] with B[k] for k < LEN (A, B disjoint). */
static void
minmax_run (uint32_t *a, uint32_t *b, size_t len)
{
  size_t k;
  for (k = 0; k + 4 <= len; k += 4)
    ct_minmax4_u32 (a + k, b + k);
  for (; k < len; k++)
    minmax_u32 (a + k, b + k);
}

void
_kc_sntrup761_sort_761 (uint32_t x[P])
{
  uint32_t v[SORT_N], col[4][SORT_ROWS];
  size_t p, q, r, d, i, c, k;

  memcpy (v, x, P * sizeof x[0]);
  for (i = P; i < SORT_N; i++)
    v[i] = 0xffffffffu;
  for (p = 512; p > 0; p >>= 1)
    {
      if (p == 2)
        for (k = 0; k < SORT_ROWS; k++)
          for (c = 0; c < 4; c++)
            col[c][k] = v[4 * k + c];
      q = 512;
      r = 0;
      d = p;
      for (;;)
        {
          if (p >= 4)
            {
              /* blocks i in [b, b + p), b = r mod 2p, i + d < n */
              for (i = r; i + d < SORT_N; i += 2 * p)
                minmax_run (v + i, v + i + d,
                            i + p + d <= SORT_N ? p : SORT_N - d - i);
            }
          else
            for (c = 0; c < 4; c++)
              if ((c & p) == r)
                {
                  size_t c2 = (c + d) & 3, sh = (c + d) >> 2;
                  if (sh < SORT_ROWS)
                    minmax_run (col[c], col[c2] + sh, SORT_ROWS - sh);
                }
          if (q == p)
            break;
          d = q - p;
          q >>= 1;
          r = p;
        }
    }
  for (i = 0; i < P; i++)
    x[i] = col[i & 3][i >> 2];
  wipememory (v, sizeof v);
  wipememory (col, sizeof col);
}

void
_kc_sntrup761_small_from_bytes (int8_t out[P], const unsigned char *buf)
{
  size_t i;

  for (i = 0; i < P; i++)
    {
      uint32_t l = buf_get_le32 (buf + 4 * i);
      /* (l mod 2^30) * 3 / 2^30 in {0, 1, 2} */
      out[i] = (int8_t) ((int32_t) (((l & 0x3fffffff) * 3u) >> 30) - 1);
    }
}

/* ---------------------------------------------------------- encodings */

void
_kc_sntrup761_small_encode (unsigned char out[SMALL_BYTES], const int8_t in[P])
{
  size_t i;

  for (i = 0; i < P / 4; i++)
    {
      const int8_t *c = in + 4 * i;
      out[i] = (unsigned char) ((c[0] + 1) | (c[1] + 1) << 2
                                | (c[2] + 1) << 4 | (c[3] + 1) << 6);
    }
  out[i] = (unsigned char) (in[4 * i] + 1);
}

void
_kc_sntrup761_small_decode (int8_t out[P], const unsigned char in[SMALL_BYTES])
{
  size_t i;
  int k;

  /* A field value T = 3 reads as 2 = -1 (mod 3): T - 1 - 3 (T == 3),
   * in arithmetic on the public-shape bits only (vectorisable). */
  for (i = 0; i < P / 4; i++)
    for (k = 0; k < 4; k++)
      {
        int t = (in[i] >> (2 * k)) & 3;
        out[4 * i + k] = (int8_t) (t - 1 - 3 * ((t >> 1) & t & 1));
      }
  {
    int t = in[i] & 3;
    out[4 * i] = (int8_t) (t - 1 - 3 * ((t >> 1) & t & 1));
  }
}

/* Q1 = floor (X / M), R1 = X mod M, for public M in [1, 2^16), constant
 * time in X.  V = floor (2^32 / M) <= 2^32 and X < 2^32, so X*V < 2^64;
 * X*V/2^32 > X/M - X/2^32 > X/M - 1, hence Q1 is off by at most one. */
static inline void
divmod_u32 (uint32_t *q1, uint32_t *r1, uint32_t x, uint32_t m)
{
  uint64_t v = ((uint64_t) 1 << 32) / m;
  uint32_t qt = (uint32_t) (((uint64_t) x * v) >> 32);
  uint32_t r = x - qt * m;                      /* [0, 2m) */
  uint32_t ge = ~ct_mask_lt_u32 (r, m);
  r -= ge & m;
  qt -= ge;                                     /* + 1 where ge */
  *q1 = qt;
  *r1 = r;
}

static inline uint32_t
mod_u32 (uint32_t x, uint32_t m)
{
  uint32_t q1, r1;
  divmod_u32 (&q1, &r1, x, m);
  return r1;
}

/* The round-3 radix encoding of R[i] in [0, M[i]) (all M[i] equal to M0
 * here).  Pairs are merged level by level; whenever a merged modulus
 * reaches 2^14 its low bytes are emitted.  Structure depends on M0 and
 * LEN only; R is overwritten. */
static uint32_t merge_modulus (uint32_t mm, uint32_t *nbytes);

static void
encode_generic (unsigned char *out, uint16_t *r, uint16_t m0, size_t len)
{
  uint16_t m[P];
  size_t i;

  for (i = 0; i < len; i++)
    m[i] = m0;
  while (len > 1)
    {
      i = 0;
      for (; i + 1 < len; i += 2)
        {
          uint32_t mm = (uint32_t) m[i] * m[i + 1];
          uint32_t rr = r[i] + (uint32_t) r[i + 1] * m[i];   /* < mm < 2^28 */
          while (mm >= 16384)
            {
              *out++ = (unsigned char) rr;
              rr >>= 8;
              mm = (mm + 255) >> 8;
            }
          r[i / 2] = (uint16_t) rr;                       /* rr < mm */
          m[i / 2] = (uint16_t) mm;
        }
      if (i < len)
        {
          r[i / 2] = r[i];
          m[i / 2] = m[i];
        }
      len = (len + 1) / 2;
    }
  {
    uint32_t rr = r[0], mm = m[0];
    while (mm > 1)
      {
        *out++ = (unsigned char) rr;
        rr >>= 8;
        mm = (mm + 255) >> 8;
      }
  }
}

#define DEC_LEVELS 12   /* 761 381 191 96 48 24 12 6 3 2 1 */

/* The structure of encode_generic's levels for LEN values of modulus M0:
 * at every level all values but the last share one modulus (MU), the
 * last has ML (after pairing, a pair's merged modulus depends only on its
 * two moduli, and only a pair holding the last value can differ).  The
 * bytes a merge emits: 2 if the merged modulus exceeds 256 * 16383, 1 if
 * it is at least 16384, else 0.  All of it public. */
struct dec_level
{
  size_t len;           /* values at this level */
  size_t soff;          /* where this level's bytes start */
  uint32_t mu, ml;      /* moduli: all but the last, the last */
  uint32_t bu, bl;      /* bytes per uniform pair, for the last pair */
  uint64_t vu;          /* floor (2^32 / mu) */
};

static uint32_t
merge_modulus (uint32_t mm, uint32_t *nbytes)
{
  if (mm > 256 * 16383)
    {
      *nbytes = 2;
      return (((mm + 255) >> 8) + 255) >> 8;
    }
  if (mm >= 16384)
    {
      *nbytes = 1;
      return (mm + 255) >> 8;
    }
  *nbytes = 0;
  return mm;
}

/* Returns the number of levels above level 0 (the top has one value). */
static size_t
dec_levels (struct dec_level lv[DEC_LEVELS], uint32_t m0, size_t len0)
{
  size_t l = 0;

  lv[0].len = len0;
  lv[0].soff = 0;
  lv[0].mu = lv[0].ml = m0;
  while (lv[l].len > 1)
    {
      struct dec_level *c = &lv[l], *n = &lv[l + 1];
      size_t len = c->len;
      uint32_t mu2 = merge_modulus (c->mu * c->mu, &c->bu);
      c->vu = ((uint64_t) 1 << 32) / c->mu;
      n->len = (len + 1) / 2;
      n->mu = mu2;
      if (len & 1)
        {
          /* Uniform pairs only; the last value moves up unpaired. */
          c->bl = c->bu;
          n->ml = c->ml;
          n->soff = c->soff + (len / 2) * c->bu;
        }
      else
        {
          n->ml = merge_modulus (c->mu * c->ml, &c->bl);
          n->soff = c->soff + (len / 2 - 1) * c->bu + c->bl;
        }
      if (n->len == 1)
        n->mu = n->ml;
      l++;
    }
  return l;
}

/* X mod M for X < 2^32, V = floor (2^32 / M), M < 2^16: as divmod_u32
 * with the reciprocal precomputed. */
static inline uint32_t
mod_u32_v (uint32_t x, uint32_t m, uint64_t v)
{
  uint32_t qt = (uint32_t) (((uint64_t) x * v) >> 32);
  uint32_t r = x - qt * m;                      /* [0, 2m) */
  return r - (m & ~ct_mask_lt_u32 (r, m));
}

/* (LO, HI) = (RR mod MU, (RR div MU) mod M1), with V = floor (2^32 / MU)
 * and V1 = floor (2^32 / M1): the quotient estimate is the floor or one
 * below (see divmod_u32).  The quotient is below M1 for bytes from the
 * encoder; the reduction makes any bytes decode into range. */
static inline void
split_pair (uint16_t *lo, uint16_t *hi, uint32_t rr, uint32_t mu, uint64_t v,
            uint32_t m1, uint64_t v1)
{
  uint32_t qt = (uint32_t) (((uint64_t) rr * v) >> 32);
  uint32_t r = rr - qt * mu;                    /* [0, 2 mu) */
  uint32_t ge = ~ct_mask_lt_u32 (r, mu);
  r -= ge & mu;
  qt -= ge;
  *lo = (uint16_t) r;
  *hi = (uint16_t) mod_u32_v (qt, m1, v1);
}

/* Inverse of encode_generic for arbitrary bytes: OUT[i] in [0, M0). */
static void
decode_generic (uint16_t *out, const unsigned char *s, uint16_t m0, size_t len0)
{
  struct dec_level lv[DEC_LEVELS];
  uint16_t ra[P], rb[P];
  uint16_t *cur, *nxt, *tmp;
  size_t levels, i;

  levels = dec_levels (lv, m0, len0);

  /* Top: a single value below M. */
  cur = ra;
  nxt = rb;
  {
    uint32_t m = lv[levels].ml;
    const unsigned char *t = s + lv[levels].soff;
    if (m == 1)
      cur[0] = 0;
    else if (m <= 256)
      cur[0] = (uint16_t) mod_u32 (t[0], m);
    else
      cur[0] = (uint16_t) mod_u32 (t[0] + ((uint32_t) t[1] << 8), m);
  }

  /* Walk up: split every value into a pair, using the level's bytes as
   * its low digits. */
  while (levels-- > 0)
    {
      const struct dec_level *c = &lv[levels];
      const unsigned char *t = s + c->soff;
      size_t len = c->len, npairs = len / 2, nuni;
      uint32_t mu = c->mu;
      uint64_t vu = c->vu;

      /* Uniform pairs (both moduli mu), then the last pair. */
      nuni = (len & 1) ? npairs : npairs - 1;
      i = 0;
      if (c->bu == 2)
        for (; i < nuni; i++, t += 2)
          split_pair (&nxt[2 * i], &nxt[2 * i + 1],
                      t[0] + ((uint32_t) t[1] << 8) + ((uint32_t) cur[i] << 16),
                      mu, vu, mu, vu);
      else if (c->bu == 1)
        for (; i < nuni; i++, t += 1)
          split_pair (&nxt[2 * i], &nxt[2 * i + 1],
                      t[0] + ((uint32_t) cur[i] << 8), mu, vu, mu, vu);
      else
        for (; i < nuni; i++)
          split_pair (&nxt[2 * i], &nxt[2 * i + 1], cur[i], mu, vu, mu, vu);
      if (len & 1)
        nxt[len - 1] = cur[npairs];
      else
        {
          uint32_t rr;
          i = npairs - 1;
          if (c->bl == 2)
            rr = t[0] + ((uint32_t) t[1] << 8) + ((uint32_t) cur[i] << 16);
          else if (c->bl == 1)
            rr = t[0] + ((uint32_t) cur[i] << 8);
          else
            rr = cur[i];
          split_pair (&nxt[2 * i], &nxt[2 * i + 1], rr, mu, vu, c->ml,
                      ((uint64_t) 1 << 32) / c->ml);
        }
      tmp = cur;
      cur = nxt;
      nxt = tmp;
    }
  memcpy (out, cur, len0 * sizeof out[0]);
  wipememory (ra, sizeof ra);
  wipememory (rb, sizeof rb);
}

void
_kc_sntrup761_rq_encode (unsigned char out[RQ_BYTES], const int16_t in[P])
{
  uint16_t r[P];
  size_t i;

  for (i = 0; i < P; i++)
    {
      KC_VERIFY_CHECK (in[i] >= -Q12 && in[i] <= Q12);
      r[i] = (uint16_t) (in[i] + Q12);
    }
  encode_generic (out, r, Q, P);
  wipememory (r, sizeof r);
}

void
_kc_sntrup761_rq_decode (int16_t out[P], const unsigned char in[RQ_BYTES])
{
  uint16_t r[P];
  size_t i;

  decode_generic (r, in, Q, P);
  for (i = 0; i < P; i++)
    out[i] = (int16_t) (r[i] - Q12);
}

void
_kc_sntrup761_rounded_encode (unsigned char out[ROUNDED_BYTES],
                              const int16_t in[P])
{
  uint16_t r[P];
  size_t i;

  for (i = 0; i < P; i++)
    {
      KC_VERIFY_CHECK (in[i] >= -Q12 && in[i] <= Q12 && (in[i] + Q12) % 3 == 0);
      /* (x + q12) / 3 exactly: 10923 / 2^15 = 1/3 + 1/98304, and
       * x + q12 < 4591 is a multiple of 3. */
      r[i] = (uint16_t) (((uint32_t) (in[i] + Q12) * 10923) >> 15);
    }
  encode_generic (out, r, ROUNDED_M, P);
  wipememory (r, sizeof r);
}

void
_kc_sntrup761_rounded_decode (int16_t out[P],
                              const unsigned char in[ROUNDED_BYTES])
{
  uint16_t r[P];
  size_t i;

  decode_generic (r, in, ROUNDED_M, P);
  for (i = 0; i < P; i++)
    out[i] = (int16_t) (r[i] * 3 - Q12);
  wipememory (r, sizeof r);
}

/* ------------------------------------------------------------ hashing */

/* OUT = first 32 bytes of SHA-512 (B || IN). */
static void
hash_prefix (unsigned char out[HASH_BYTES], int b,
             const unsigned char *in, size_t inlen)
{
  _kc_sha512_ctx ctx;
  unsigned char prefix = (unsigned char) b;
  unsigned char h[64];

  _kc_sha512_init (&ctx);
  _kc_sha512_update (&ctx, &prefix, 1);
  _kc_sha512_update (&ctx, in, inlen);
  _kc_sha512_final (&ctx, h);
  memcpy (out, h, HASH_BYTES);
  wipememory (h, sizeof h);
}

/* H = Hash_2 (R3H || CACHE), R3H = Hash_3 (R_ENC). */
static void
hash_confirm (unsigned char h[HASH_BYTES],
              const unsigned char r3h[HASH_BYTES],
              const unsigned char cache[HASH_BYTES])
{
  unsigned char x[2 * HASH_BYTES];

  memcpy (x, r3h, HASH_BYTES);
  memcpy (x + HASH_BYTES, cache, HASH_BYTES);
  hash_prefix (h, 2, x, sizeof x);
  wipememory (x, sizeof x);
}

/* K = Hash_B (Y3H || Z), Y3H = Hash_3 (Y), B = 1 (accept) or 0
 * (reject). */
static void
hash_session (unsigned char k[HASH_BYTES], int b,
              const unsigned char y3h[HASH_BYTES],
              const unsigned char z[CT_BYTES])
{
  unsigned char x[HASH_BYTES + CT_BYTES];

  memcpy (x, y3h, HASH_BYTES);
  memcpy (x + HASH_BYTES, z, CT_BYTES);
  hash_prefix (k, b, x, sizeof x);
  wipememory (x, sizeof x);
}

/* ------------------------------------------------------- dispatch */

/* The kernels one KEM operation uses.  Every table entry computes exactly
 * what the portable function of the same role computes (the tests check
 * the AVX2 entries against the portable ones, and the KAT on both
 * tables).  Tables name their members (designated initializers): many
 * entries share a type, so a positional list could swap two silently. */
struct sntrup_ops
{
  void (*rq_mult_small) (int16_t *, const int16_t *, const int8_t *);
  void (*r3_mult) (int8_t *, const int8_t *, const int8_t *);
  int (*r3_recip) (int8_t *, const int8_t *);
  int (*rq_recip3) (int16_t *, const int8_t *);
  void (*rq_mult) (int16_t *, const int16_t *, const int16_t *);
  int (*rq_recip3_fq) (int16_t *, const int16_t *);
  void (*rq_decode) (int16_t *, const unsigned char *);
  void (*rounded_decode) (int16_t *, const unsigned char *);
  void (*rq_encode) (unsigned char *, const int16_t *);
  void (*rounded_encode) (unsigned char *, const int16_t *);
  void (*small_decode) (int8_t *, const unsigned char *);
  void (*small_encode) (unsigned char *, const int8_t *);
  void (*short_from_bytes) (int8_t *, const unsigned char *);
  void (*weight_fix) (int8_t *, const int8_t *);
  void (*small_from_bytes) (int8_t *, const unsigned char *);
  /* (h1, h2) = (f g1, f g2), h1 and h2 distinct, aliasing no input */
  void (*rq_mult_small2) (int16_t *, int16_t *, const int16_t *,
                          const int8_t *, const int8_t *);
  void (*r3_mult2) (int8_t *, int8_t *, const int8_t *, const int8_t *,
                    const int8_t *);
  void (*round) (int16_t *);
  void (*times3_mod3) (int8_t *, const int16_t *);
  /* Optional (NULL: the *_ops helpers below run the parts above):
   * kernels that fuse two steps or share transforms.
   * (h, h2) = (f g, f s), Rq x Rq and Rq x small, h and h2 distinct,
   * aliasing no input */
  void (*rq_mult_full_small) (int16_t *, int16_t *, const int16_t *,
                              const int16_t *, const int8_t *);
  /* (g3, ff, fg) = (gg s2 in R3, f s1, f s2 in Rq): batch key
   * generation's prefix step; outputs distinct, aliasing no input */
  void (*mult_prefix3) (int8_t *, int16_t *, int16_t *, const int8_t *,
                        const int16_t *, const int8_t *, const int8_t *);
  /* h = Round (f g) */
  void (*rq_mult_small_round) (int16_t *, const int16_t *, const int8_t *);
  /* e = (3 (f g) mod q) mod 3 */
  void (*rq_mult_small_times3_mod3) (int8_t *, const int16_t *,
                                     const int8_t *);
};

/* Two products with one left operand: two calls of the single product. */
static void
rq_mult_small2_portable (int16_t h1[P], int16_t h2[P], const int16_t f[P],
                         const int8_t g1[P], const int8_t g2[P])
{
  _kc_sntrup761_rq_mult_small (h1, f, g1);
  _kc_sntrup761_rq_mult_small (h2, f, g2);
}

static void
r3_mult2_portable (int8_t h1[P], int8_t h2[P], const int8_t f[P],
                   const int8_t g1[P], const int8_t g2[P])
{
  _kc_sntrup761_r3_mult (h1, f, g1);
  _kc_sntrup761_r3_mult (h2, f, g2);
}

/* Round: the nearest multiple of 3 of each frozen coefficient. */
static void
round_portable (int16_t c[P])
{
  size_t i;
  for (i = 0; i < P; i++)
    c[i] = (int16_t) (c[i] - f3_freeze (c[i]));
}

/* E = (3 CF mod q) mod 3, centered, for frozen CF.  |3 cf| <= 3 q12 <
 * 2^24: the int32 Barrett form. */
static void
times3_mod3_portable (int8_t e[P], const int16_t cf[P])
{
  size_t i;
  for (i = 0; i < P; i++)
    e[i] = f3_freeze (_kc_sntrup761_fq_freeze24 (3 * (int32_t) cf[i]));
}

/* R = EV if EV has weight w, else the fixed vector (1^w, 0^(p-w)),
 * selected in constant time. */
static void
weight_fix_portable (int8_t r[P], const int8_t ev[P])
{
  uint32_t weight = 0, bad;
  size_t i;

  for (i = 0; i < P; i++)
    weight += (uint32_t) (ev[i] & 1);
  bad = ct_mask_nonzero_u32 (weight - W);
  for (i = 0; i < P; i++)
    r[i] = (int8_t) ct_select_u32 (bad, i < W ? 1u : 0u, (uint32_t) (int32_t) ev[i]);
}

void
_kc_sntrup761_short_from_bytes (int8_t out[P], const unsigned char *buf)
{
  uint32_t l[P];
  size_t i;

  /* Low two bits: 0 or 2 (coefficient -1 or 1) for the first w words, 1
   * (coefficient 0) for the others; sorting the words moves those tags to
   * uniformly random positions. */
  for (i = 0; i < W; i++)
    l[i] = buf_get_le32 (buf + 4 * i) & ~(uint32_t) 1;
  for (; i < P; i++)
    l[i] = (buf_get_le32 (buf + 4 * i) & ~(uint32_t) 3) | 1;
  _kc_sntrup761_sort_761 (l);
  for (i = 0; i < P; i++)
    out[i] = (int8_t) ((int32_t) (l[i] & 3) - 1);
  wipememory (l, sizeof l);
}

static const struct sntrup_ops ops_portable = {
  .rq_mult_small = _kc_sntrup761_rq_mult_small,
  .r3_mult = _kc_sntrup761_r3_mult,
  .r3_recip = _kc_sntrup761_r3_recip,
  .rq_recip3 = _kc_sntrup761_rq_recip3,
  .rq_mult = _kc_sntrup761_rq_mult,
  .rq_recip3_fq = _kc_sntrup761_rq_recip3_fq,
  .rq_decode = _kc_sntrup761_rq_decode,
  .rounded_decode = _kc_sntrup761_rounded_decode,
  .rq_encode = _kc_sntrup761_rq_encode,
  .rounded_encode = _kc_sntrup761_rounded_encode,
  .small_decode = _kc_sntrup761_small_decode,
  .small_encode = _kc_sntrup761_small_encode,
  .short_from_bytes = _kc_sntrup761_short_from_bytes,
  .round = round_portable,
  .times3_mod3 = times3_mod3_portable,
  .weight_fix = weight_fix_portable,
  .small_from_bytes = _kc_sntrup761_small_from_bytes,
  .rq_mult_small2 = rq_mult_small2_portable,
  .r3_mult2 = r3_mult2_portable,
};

#ifdef KC_USE_X86_64
/* The members the AVX2 and AVX-512 tables share: the codecs and the
 * coefficient-wise steps (AVX2 on both). */
#define OPS_AVX2_CODECS \
  .rq_decode = _kc_sntrup761_rq_decode_avx2, \
  .rounded_decode = _kc_sntrup761_rounded_decode_avx2, \
  .rq_encode = _kc_sntrup761_rq_encode_avx2, \
  .rounded_encode = _kc_sntrup761_rounded_encode_avx2, \
  .small_decode = _kc_sntrup761_small_decode_avx2, \
  .small_encode = _kc_sntrup761_small_encode_avx2, \
  .round = _kc_sntrup761_round_avx2, \
  .times3_mod3 = _kc_sntrup761_times3_mod3_avx2, \
  .weight_fix = _kc_sntrup761_weight_fix_avx2, \
  .small_from_bytes = _kc_sntrup761_small_from_bytes_avx2

static const struct sntrup_ops ops_avx2 = {
  .rq_mult_small = _kc_sntrup761_rq_mult_small_ntt_avx2,
  .r3_mult = _kc_sntrup761_r3_mult_ntt_avx2,
  .r3_recip = _kc_sntrup761_r3_recip_avx2,
  .rq_recip3 = _kc_sntrup761_rq_recip3_avx2,
  .rq_mult = _kc_sntrup761_rq_mult_ntt_avx2,
  .rq_recip3_fq = _kc_sntrup761_rq_recip3_fq_avx2,
  OPS_AVX2_CODECS,
  .short_from_bytes = _kc_sntrup761_short_from_bytes_avx2,
  .rq_mult_small2 = _kc_sntrup761_rq_mult_small2_ntt_avx2,
  .r3_mult2 = _kc_sntrup761_r3_mult2_ntt_avx2,
};

/* With AVX-512: its products, reciprocals and sort, the rest as ops_avx2. */
static const struct sntrup_ops ops_avx512 = {
  .rq_mult_small = _kc_sntrup761_rq_mult_small_ntt_avx512,
  .r3_mult = _kc_sntrup761_r3_mult_ntt_avx512,
  .r3_recip = _kc_sntrup761_r3_recip_avx512,
  .rq_recip3 = _kc_sntrup761_rq_recip3_avx512,
  .rq_mult = _kc_sntrup761_rq_mult_ntt_avx512,
  .rq_recip3_fq = _kc_sntrup761_rq_recip3_fq_avx512,
  OPS_AVX2_CODECS,
  .short_from_bytes = _kc_sntrup761_short_from_bytes_avx512,
  .rq_mult_small2 = _kc_sntrup761_rq_mult_small2_ntt_avx512,
  .r3_mult2 = _kc_sntrup761_r3_mult2_ntt_avx512,
  .rq_mult_full_small = _kc_sntrup761_rq_mult_full_small_ntt_avx512,
  .mult_prefix3 = _kc_sntrup761_mult_prefix3_ntt_avx512,
  .rq_mult_small_times3_mod3 = _kc_sntrup761_rq_mult_small_times3_mod3_ntt_avx512,
  .rq_mult_small_round = _kc_sntrup761_rq_mult_small_round_ntt_avx512,
};

#endif

/* The table for this CPU, chosen by _kc_hwf at each call. */
KC_KERNEL_ROWS (sntrup761_kernels, const struct sntrup_ops *ops) = {
#ifdef KC_USE_X86_64
  { { "avx512", KC_SNTRUP761_AVX512_HWF, 0 }, &ops_avx512 },
  { { "avx2", KC_SNTRUP761_AVX2_HWF, 0 }, &ops_avx2 },
#endif
  { { "portable", 0, 0 }, &ops_portable },
};
KC_KERNEL_TABLE (_kc_sntrup761_kernels_table, sntrup761_kernels);

static const struct sntrup_ops *
ops_get (void)
{
  return KC_PICK (sntrup761_kernels)->ops;
}

/* The optional members: the fused kernel where the table has one, else
 * its parts. */
static void
rq_mult_full_small_ops (const struct sntrup_ops *ops, int16_t h[P],
                        int16_t h2[P], const int16_t f[P], const int16_t g[P],
                        const int8_t s2[P])
{
  if (ops->rq_mult_full_small)
    ops->rq_mult_full_small (h, h2, f, g, s2);
  else
    {
      ops->rq_mult (h, f, g);
      ops->rq_mult_small (h2, f, s2);
    }
}

static void
mult_prefix3_ops (const struct sntrup_ops *ops, int8_t g3[P], int16_t ff[P],
                  int16_t fg[P], const int8_t gg[P], const int16_t f[P],
                  const int8_t s1[P], const int8_t s2[P])
{
  if (ops->mult_prefix3)
    ops->mult_prefix3 (g3, ff, fg, gg, f, s1, s2);
  else
    {
      ops->r3_mult (g3, gg, s2);
      ops->rq_mult_small2 (ff, fg, f, s1, s2);
    }
}

static void
rq_mult_small_round_ops (const struct sntrup_ops *ops, int16_t h[P],
                         const int16_t f[P], const int8_t g[P])
{
  if (ops->rq_mult_small_round)
    ops->rq_mult_small_round (h, f, g);
  else
    {
      ops->rq_mult_small (h, f, g);
      ops->round (h);
    }
}

static void
rq_mult_small_times3_mod3_ops (const struct sntrup_ops *ops, int8_t e[P],
                               const int16_t f[P], const int8_t g[P])
{
  int16_t h[P];

  if (ops->rq_mult_small_times3_mod3)
    {
      ops->rq_mult_small_times3_mod3 (e, f, g);
      return;
    }
  ops->rq_mult_small (h, f, g);
  ops->times3_mod3 (e, h);
  wipememory (h, sizeof h);
}

static void
short_from_bytes_ops (const struct sntrup_ops *ops, int8_t out[P],
                      const unsigned char *buf)
{
  ops->short_from_bytes (out, buf);
}

/* ---------------------------------------------------------------- KEM */

static void
keypair_ops (const struct sntrup_ops *ops, unsigned char *pk,
             unsigned char *sk, _kc_rng_fn rng, void *rngctx)
{
  unsigned char buf[RANDOM_BYTES];
  int8_t g[P], v[P], f[P];
  int16_t finv[P], h[P];
  int ok;

  for (;;)
    {
      rng (rngctx, buf, sizeof buf);
      ops->small_from_bytes (g, buf);
      ok = ops->r3_recip (v, g);
      /* Whether this g was invertible may be revealed (it is discarded). */
      ct_declassify (&ok, sizeof ok);
      if (ok == 0)
        break;
    }
  rng (rngctx, buf, sizeof buf);
  short_from_bytes_ops (ops, f, buf);
  ops->rq_recip3 (finv, f);    /* f of weight w is invertible */
  ops->rq_mult_small (h, finv, g);
  ops->rq_encode (pk, h);

  ops->small_encode (sk, f);
  ops->small_encode (sk + SMALL_BYTES, v);
  memcpy (sk + 2 * SMALL_BYTES, pk, PK_BYTES);
  rng (rngctx, sk + 2 * SMALL_BYTES + PK_BYTES, SMALL_BYTES);    /* rho */
  hash_prefix (sk + 3 * SMALL_BYTES + PK_BYTES, 4, pk, PK_BYTES);

  wipememory (buf, sizeof buf);
  wipememory (g, sizeof g);
  wipememory (v, sizeof v);
  wipememory (f, sizeof f);
  wipememory (finv, sizeof finv);
  wipememory (h, sizeof h);
}

/* CT = Rounded_encode (Round (h * r)) || HashConfirm (R_ENC, CACHE), with
 * R_ENC = Small_encode (r), H the decoded public key; R3H = Hash_3 (R_ENC)
 * (HashConfirm's inner hash, which HashSession needs too). */
static void
hide (const struct sntrup_ops *ops, unsigned char ct[CT_BYTES],
      unsigned char r3h[HASH_BYTES], const int8_t r[P], const int16_t h[P],
      const unsigned char cache[HASH_BYTES])
{
  unsigned char r_enc[SMALL_BYTES];
  int16_t c[P];

  ops->small_encode (r_enc, r);
  hash_prefix (r3h, 3, r_enc, SMALL_BYTES);
  rq_mult_small_round_ops (ops, c, h, r);
  ops->rounded_encode (ct, c);
  hash_confirm (ct + ROUNDED_BYTES, r3h, cache);
  wipememory (c, sizeof c);
  wipememory (r_enc, sizeof r_enc);
}

static void
enc_ops (const struct sntrup_ops *ops, unsigned char *ct, unsigned char *ss,
         const unsigned char *pk, _kc_rng_fn rng, void *rngctx)
{
  unsigned char buf[RANDOM_BYTES];
  unsigned char cache[HASH_BYTES], r3h[HASH_BYTES];
  int8_t r[P];
  int16_t h[P];

  hash_prefix (cache, 4, pk, PK_BYTES);
  rng (rngctx, buf, sizeof buf);
  short_from_bytes_ops (ops, r, buf);
  ops->rq_decode (h, pk);
  hide (ops, ct, r3h, r, h, cache);
  hash_session (ss, 1, r3h, ct);

  wipememory (buf, sizeof buf);
  wipememory (r3h, sizeof r3h);
  wipememory (r, sizeof r);
}

static void
dec_ops (const struct sntrup_ops *ops, unsigned char *ss,
         const unsigned char *ct, const unsigned char *sk)
{
  const unsigned char *pk = sk + 2 * SMALL_BYTES;
  const unsigned char *rho = pk + PK_BYTES;
  const unsigned char *cache = rho + SMALL_BYTES;
  int8_t f[P], v[P], e[P], ev[P], r[P];
  int16_t c[P], h[P];
  unsigned char cnew[CT_BYTES], r3h[HASH_BYTES], rho3h[HASH_BYTES];
  uint32_t ok;

  /* ZDecrypt: e = 3 f c in R3, ev = e / g. */
  ops->small_decode (f, sk);
  ops->small_decode (v, sk + SMALL_BYTES);
  ops->rounded_decode (c, ct);
  rq_mult_small_times3_mod3_ops (ops, e, c, f);
  ops->r3_mult (ev, e, v);

  /* r = ev if it has weight w, else the fixed vector (1^w, 0^(p-w)). */
  ops->weight_fix (r, ev);

  /* Re-encrypt and compare all CT_BYTES bytes. */
  ops->rq_decode (h, pk);
  hide (ops, cnew, r3h, r, h, cache);
  ok = ct_memequal (ct, cnew, CT_BYTES);
  /* On mismatch hash rho instead of r, with prefix 0 instead of 1. */
  hash_prefix (rho3h, 3, rho, SMALL_BYTES);
  ct_memmov_cond (r3h, rho3h, HASH_BYTES, 1 ^ ok);
  hash_session (ss, (int) ok, r3h, ct);

  wipememory (f, sizeof f);
  wipememory (v, sizeof v);
  wipememory (e, sizeof e);
  wipememory (ev, sizeof ev);
  wipememory (r, sizeof r);
  wipememory (c, sizeof c);
  wipememory (cnew, sizeof cnew);
  wipememory (r3h, sizeof r3h);
  wipememory (rho3h, sizeof rho3h);
}

/* The entry points: the dispatched path and the portable reference. */
void
_kc_sntrup761_keypair (unsigned char *pk, unsigned char *sk,
                       _kc_rng_fn rng, void *rngctx)
{
  keypair_ops (ops_get (), pk, sk, rng, rngctx);
}

void
_kc_sntrup761_enc (unsigned char *ct, unsigned char *ss,
                   const unsigned char *pk, _kc_rng_fn rng, void *rngctx)
{
  enc_ops (ops_get (), ct, ss, pk, rng, rngctx);
}

void
_kc_sntrup761_dec (unsigned char *ss, const unsigned char *ct,
                   const unsigned char *sk)
{
  dec_ops (ops_get (), ss, ct, sk);
}

void
_kc_sntrup761_keypair_portable (unsigned char *pk, unsigned char *sk,
                                _kc_rng_fn rng, void *rngctx)
{
  keypair_ops (&ops_portable, pk, sk, rng, rngctx);
}

void
_kc_sntrup761_enc_portable (unsigned char *ct, unsigned char *ss,
                            const unsigned char *pk, _kc_rng_fn rng,
                            void *rngctx)
{
  enc_ops (&ops_portable, ct, ss, pk, rng, rngctx);
}

void
_kc_sntrup761_dec_portable (unsigned char *ss, const unsigned char *ct,
                            const unsigned char *sk)
{
  dec_ops (&ops_portable, ss, ct, sk);
}

/* ------------------------------------------------ batch key generation */

/* Batch scratch: the N key slots of the caller's output buffers hold the
 * per-key state until each key is final, so the stack holds only the
 * working polynomials of one step (about 13 KB, whatever N).  Slot i is
 * pk_i (1158 bytes) and sk_i (1763 bytes); the layout of sk_i is final
 * from the start: f_i | 1/g_i | pk_i | rho_i | Hash_4 (pk_i).  Until then:
 *   sk_i rho field   Small_encode (g_i), until rho is drawn at the end;
 *   sk_i 1/g field   Small_encode (G_i), the R3 prefix product, until the
 *                    descent replaces it by Small_encode (1/g_i);
 *   pk_i, sk_i pk    W_(i+1) = g_(i+1) F_i (i < N - 1), F_i the Rq prefix
 *                    product, as raw int16 words (rq_store: the first
 *                    PK_BYTES bytes in pk_i, the other 2 P - PK_BYTES in
 *                    the pk field of sk_i), until the descent writes h_i
 *                    there (after step i + 1, the only reader of W_(i+1)).
 *                    Raw words, not Rq_encode: an encode and a decode per
 *                    key cost more than the copies.
 * The small encoding is exact on coefficients in {-1, 0, 1}, so the
 * products see exactly what a scratch array would have held. */
#define SLOT_F      0
#define SLOT_GINV   SMALL_BYTES
#define SLOT_PK     (2 * SMALL_BYTES)
#define SLOT_RHO    (2 * SMALL_BYTES + PK_BYTES)
#define SLOT_CACHE  (3 * SMALL_BYTES + PK_BYTES)

/* A frozen Rq element (2 P bytes) into / out of slot i's pk_i and sk_i pk
 * field. */
#if 2 * KC_SNTRUP761_P - KC_SNTRUP761_PK_BYTES > KC_SNTRUP761_PK_BYTES
# error "an Rq element does not fit in pk_i and the pk field of sk_i"
#endif

static void
rq_store (unsigned char *pki, unsigned char *ski, const int16_t f[P])
{
  memcpy (pki, f, PK_BYTES);
  memcpy (ski + SLOT_PK, (const unsigned char *) f + PK_BYTES,
          2 * P - PK_BYTES);
}

static void
rq_load (int16_t f[P], const unsigned char *pki, const unsigned char *ski)
{
  memcpy (f, pki, PK_BYTES);
  memcpy ((unsigned char *) f + PK_BYTES, ski + SLOT_PK, 2 * P - PK_BYTES);
}

struct batch_work
{
  unsigned char buf[RANDOM_BYTES];
  int8_t a[P], b[P], x[P], t3[2][P];
  int16_t fq[2][P], inv[P], tq[P], z[P], h[P];
};

/* N (1 .. BATCH_MAX) key pairs.  Montgomery's trick in both rings: with
 * prefix products G_i = g_0 ... g_i (R3) and F_i = f_0 ... f_i (Rq), one
 * reciprocal of G_(n-1) and of 3 F_(n-1), then going down
 * 1/g_i = (1/G_i) G_(i-1) and 1/G_(i-1) = (1/G_i) g_i (the same in Rq
 * with 3 F).  G_(n-1) is invertible iff every g_i is; whether it is may
 * be revealed (a function of what single key generation reveals).  If
 * not, each g_i is inverted on its own and redrawn while it is not, as
 * in _kc_sntrup761_keypair (those redraws come after the f draws: the
 * prefix products of both rings run in one pass).  Every f_i (weight w)
 * is invertible in the field Rq, so F_(n-1) is. */
static void
keypair_batch_chunk (const struct sntrup_ops *ops, struct batch_work *s,
                     unsigned char *pk, unsigned char *sk, size_t n,
                     _kc_rng_fn rng, void *rngctx)
{
#define PKI(i) (pk + (i) * PK_BYTES)
#define SKI(i) (sk + (i) * KC_SNTRUP761_SK_BYTES)
  size_t i;
  int ok;

  /* g: draw all (into the rho field until the end). */
  for (i = 0; i < n; i++)
    {
      rng (rngctx, s->buf, sizeof s->buf);
      ops->small_from_bytes (s->a, s->buf);
      ops->small_encode (SKI (i) + SLOT_RHO, s->a);
    }
  /* f: draw (straight into the final field); the prefix products of both
   * rings in one step a key (t3[0] = G_i, fq[0] = F_i, and beside each
   * W_i = g_i F_(i-1)), sharing the transform of g_i. */
  for (i = 0; i < n; i++)
    {
      size_t j;
      rng (rngctx, s->buf, sizeof s->buf);
      short_from_bytes_ops (ops, s->a, s->buf);
      ops->small_encode (SKI (i) + SLOT_F, s->a);
      ops->small_decode (s->b, SKI (i) + SLOT_RHO);              /* g_i */
      if (i == 0)
        {
          memcpy (s->t3[0], s->b, P);
          for (j = 0; j < P; j++)
            s->fq[0][j] = s->a[j];
        }
      else
        {
          ops->small_encode (SKI (i - 1) + SLOT_GINV, s->t3[0]);
          mult_prefix3_ops (ops, s->t3[1], s->fq[1], s->z, s->t3[0],
                            s->fq[0], s->a, s->b);
          rq_store (PKI (i - 1), SKI (i - 1), s->z);             /* W_i */
          memcpy (s->t3[0], s->t3[1], P);
          memcpy (s->fq[0], s->fq[1], sizeof s->fq[0]);
        }
    }

  /* R3: one reciprocal, back down. */
  ok = ops->r3_recip (s->t3[1], s->t3[0]);
  ct_declassify (&ok, sizeof ok);
  if (ok == 0)
    {
      /* t3[1] = 1/G_i, going down: 1/g_i = (1/G_i) G_(i-1) and
       * 1/G_(i-1) = (1/G_i) g_i, one pair product. */
      for (i = n - 1; i > 0; i--)
        {
          ops->small_decode (s->a, SKI (i - 1) + SLOT_GINV);     /* G_(i-1) */
          ops->small_decode (s->b, SKI (i) + SLOT_RHO);          /* g_i */
          ops->r3_mult2 (s->x, s->t3[0], s->t3[1], s->a, s->b);
          ops->small_encode (SKI (i) + SLOT_GINV, s->x);
          memcpy (s->t3[1], s->t3[0], P);
        }
      ops->small_encode (SKI (0) + SLOT_GINV, s->t3[1]);
    }
  else
    {
      /* Each g_i on its own, redrawn while it is not invertible; then
       * the Rq prefix products again (W_i depends on g_i), from the f_i
       * in their fields. */
      for (i = 0; i < n; i++)
        {
          ops->small_decode (s->a, SKI (i) + SLOT_RHO);
          for (;;)
            {
              ok = ops->r3_recip (s->x, s->a);
              ct_declassify (&ok, sizeof ok);
              if (ok == 0)
                break;
              rng (rngctx, s->buf, sizeof s->buf);
              ops->small_from_bytes (s->a, s->buf);
              ops->small_encode (SKI (i) + SLOT_RHO, s->a);
            }
          ops->small_encode (SKI (i) + SLOT_GINV, s->x);
        }
      for (i = 0; i < n; i++)
        {
          size_t j;
          ops->small_decode (s->a, SKI (i) + SLOT_F);            /* f_i */
          if (i == 0)
            for (j = 0; j < P; j++)
              s->fq[0][j] = s->a[j];
          else
            {
              ops->small_decode (s->b, SKI (i) + SLOT_RHO);      /* g_i */
              ops->rq_mult_small2 (s->fq[1], s->z, s->fq[0], s->a, s->b);
              rq_store (PKI (i - 1), SKI (i - 1), s->z);         /* W_i */
              memcpy (s->fq[0], s->fq[1], sizeof s->fq[0]);
            }
        }
    }

  ops->rq_recip3_fq (s->inv, s->fq[0]);     /* 1/(3 F_(n-1)) */

  /* Going down, inv = 1/(3 F_i): h_i = g_i / (3 f_i) = inv W_i and
   * 1/(3 F_(i-1)) = inv f_i, one pair product (the full and the small
   * share inv's transforms); h_0 = inv g_0.  The keys. */
  for (i = n; i-- > 0;)
    {
      if (i > 0)
        {
          ops->small_decode (s->a, SKI (i) + SLOT_F);            /* f_i */
          rq_load (s->fq[0], PKI (i - 1), SKI (i - 1));          /* W_i */
          rq_mult_full_small_ops (ops, s->h, s->tq, s->inv, s->fq[0], s->a);
          memcpy (s->inv, s->tq, sizeof s->inv);
        }
      else
        {
          ops->small_decode (s->b, SKI (0) + SLOT_RHO);          /* g_0 */
          ops->rq_mult_small (s->h, s->inv, s->b);
        }
      ops->rq_encode (PKI (i), s->h);
      memcpy (SKI (i) + SLOT_PK, PKI (i), PK_BYTES);
    }
  /* The cache Hash_4 (pk) of every key at once (multi-buffer SHA-512). */
  _kc_sha512_mb_prefix_strided (sk + SLOT_CACHE, KC_SNTRUP761_SK_BYTES,
                                HASH_BYTES, 4, pk, PK_BYTES, PK_BYTES, n);
  for (i = 0; i < n; i++)       /* rho, over the encoded g_i */
    rng (rngctx, SKI (i) + SLOT_RHO, SMALL_BYTES);
#undef PKI
#undef SKI
}

static void
keypair_batch_ops (const struct sntrup_ops *ops, unsigned char *pk,
                   unsigned char *sk, size_t n, _kc_rng_fn rng, void *rngctx)
{
  struct batch_work s;

  while (n)
    {
      size_t k = n < KC_SNTRUP761_BATCH_MAX ? n : KC_SNTRUP761_BATCH_MAX;
      keypair_batch_chunk (ops, &s, pk, sk, k, rng, rngctx);
      pk += k * PK_BYTES;
      sk += k * KC_SNTRUP761_SK_BYTES;
      n -= k;
    }
  wipememory (&s, sizeof s);
}

void
_kc_sntrup761_keypair_batch (unsigned char *pk, unsigned char *sk, size_t n,
                             _kc_rng_fn rng, void *rngctx)
{
  keypair_batch_ops (ops_get (), pk, sk, n, rng, rngctx);
}

void
_kc_sntrup761_keypair_batch_portable (unsigned char *pk, unsigned char *sk,
                                      size_t n, _kc_rng_fn rng, void *rngctx)
{
  keypair_batch_ops (&ops_portable, pk, sk, n, rng, rngctx);
}
