/* sntrup761-avx2.c - AVX2 kernels for sntrup761 (contracts in the header)
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Reciprocals: the fixed-schedule divsteps of the NTRU Prime reference
 * (2p - 1 = 1521 iterations), every iteration one pass over f, g, v, r:
 * in Rq 16 int16 lanes at a time, lazily reduced with a Shoup/Barrett
 * linear combination; in R3 bitsliced, two 768-bit planes per polynomial.
 * Both skip the lanes that provably cannot matter any more (public bounds
 * depending on the iteration count only).  The per-iteration scalars
 * (delta, f[0], g[0]) go through the constant-time toolbox; the lane
 * operations are branch-free (blend, sign, multiply, table shuffle).
 *
 * Also here: 1/(3 in) for any frozen in (batch key generation); the
 * bitonic sort of the 761 words of Short_random; the radix encodings and
 * decodings; Small_encode/decode and Small_random; the coefficient-wise
 * steps of encapsulation and decapsulation.  The polynomial products are
 * in sntrup761-avx2-ntt.c.
 */
#include "kcrypt-int.h"
#include "ct.h"
#include "sntrup761-avx2.h"
#include "sntrup761.h"

#ifdef KC_USE_X86_64

#include <immintrin.h>

#include "sntrup761-fq.h"

#define N 768                   /* P padded to a multiple of 32 lanes */

#define KC_AVX2 __attribute__ ((target ("avx2")))

/* ---- reciprocals by divsteps ---- */

/* A scalar multiplier for lincomb: B (frozen, |B| <= 2295) and
 * B' = round (B 2^15 / q), |B'| <= 16383. */
struct fq_scalar
{
  __m256i b, bs;
};

KC_AVX2 static inline struct fq_scalar
fq_scalar (int32_t b)
{
  struct fq_scalar r;
  r.b = _mm256_set1_epi16 ((int16_t) b);
  r.bs = _mm256_set1_epi16 ((int16_t) fq_shoup (b));
  return r;
}

/* x B + y C mod q, lazily reduced, for 16 lanes (Shoup/Barrett style, 5
 * multiplications): with t = round (x B' / 2^15) + round (y C' / 2^15),
 * the result x B + y C - q t is computed mod 2^16 (vpmullw) and is exact
 * because its true value is small.  Bound: round (x B' / 2^15) is within
 * 1/2 + |x| 2^-16 of x B / q, so |x B - q round (...)| <= q (1/2 + |x|
 * 2^-16).  For any int16 x, y that is <= q = 4591 per term, |result| <=
 * 9182; for |x|, |y| <= 9182 it is <= 2 q (1/2 + 0.141) = 5886 < 2^15.
 * So lanes stay within 9182 whatever they start from. */
KC_AVX2 static inline __m256i
lincomb (__m256i x, struct fq_scalar b, __m256i y, struct fq_scalar c)
{
  __m256i t = _mm256_add_epi16 (_mm256_mulhrs_epi16 (x, b.bs),
                                _mm256_mulhrs_epi16 (y, c.bs));
  __m256i v = _mm256_add_epi16 (_mm256_mullo_epi16 (x, b.b),
                                _mm256_mullo_epi16 (y, c.b));
  return _mm256_sub_epi16 (v, _mm256_mullo_epi16 (t, _mm256_set1_epi16 (Q)));
}

/* The shifts of g (down by one lane per iteration) and v (up by one) are
 * done by moving where the arrays start: g at iteration n is
 * gbuf[n .. n + 768), v is vbuf[VOFF - n .. VOFF - n + 768), so the
 * vectors are loaded and stored unaligned and nothing is shuffled.  Lanes
 * below v's start stay zero (never written), which shifts zeros in. */
#define VOFF (2 * P)
struct recip3_state
{
  int16_t f[N] __attribute__ ((aligned (32)));
  int16_t r[N] __attribute__ ((aligned (32)));
  int16_t gbuf[2 * P + N] __attribute__ ((aligned (32)));
  int16_t vbuf[VOFF + N] __attribute__ ((aligned (32)));
};

#ifdef KC_VERIFY
/* --enable-verify: every lane of f, g, v, r within lincomb's bound. */
static void
check_lanes_9182 (const struct recip3_state *s, int n)
{
  int i;
  for (i = 0; i < N; i++)
    {
      KC_VERIFY_CHECK (s->f[i] >= -9182 && s->f[i] <= 9182);
      KC_VERIFY_CHECK (s->gbuf[n + i] >= -9182 && s->gbuf[n + i] <= 9182);
      KC_VERIFY_CHECK (s->vbuf[VOFF - n + i] >= -9182 && s->vbuf[VOFF - n + i] <= 9182);
      KC_VERIFY_CHECK (s->r[i] >= -9182 && s->r[i] <= 9182);
    }
}
#endif

/* Which lanes each iteration must compute (n is public, so these bounds
 * leak nothing):
 *  - v, r: at the start of iteration n, v has nonzero lanes only at indices
 *    <= n - 1 and r at <= n (lanes > 761 are don't-care that never reach
 *    f, g or the output), so the v, r pass covers vectors 0 .. n/16 only.
 *  - f, g: lane i of f and g after iteration n depends only on lanes i and
 *    i + 1 before it (and the scalars f[0], g[0]); what the algorithm
 *    finally needs from f, g is f[0] and the g[0] of every iteration.  So
 *    iteration n only needs lanes < L(n) = min (p + 1, 2p - n), a bound
 *    that drops by one per iteration in the second half; lanes above it
 *    hold stale or garbage values (bounded, as every lane operation maps
 *    any input into its output range) that never flow back down.
 *
 * Scaling: the reference swaps (f, v) with (g, r) and then sets
 * g <- f0 g - g0 f, r <- f0 r - g0 v from the swapped values.  After a
 * swap that is exactly -1 times the same formula applied to the values
 * before the swap, so computing g, r from the unswapped values (no blends
 * needed for them) only multiplies the pair (g, r) by -1.  The algorithm
 * is invariant under scaling (g, r) jointly by a nonzero constant: later
 * combinations are linear in (g, g[0]) and (r, g[0]), a swap moves the
 * scaled pair into (f, v), and the result v / f[0] and every test
 * g[0] != 0 are unchanged.  (Same argument in R3, with the constant +-1.)
 *
 * Rq divsteps.  All lanes stay lazily reduced: |f|, |g|, |v|, |r| <=
 * 9182 (lincomb's bound; inputs start frozen). */
/* The divsteps on S, whose gbuf holds the input reversed (frozen int16
 * values); out = 1/(3 in). */
KC_AVX2 static int
rq_recip3_core (int16_t out[P], struct recip3_state *sp)
{
#define s (*sp)
  int32_t delta = 1, f0, g0, t;
  int i, j, n;

  s.f[0] = 1;
  s.f[P - 1] = s.f[P] = -1;
  s.r[0] = RECIP3;
  f0 = 1;
  g0 = s.gbuf[0];

  for (n = 0; n < 2 * P - 1; n++)
    {
      uint32_t swap = mask_negative (-delta) & ct_mask_nonzero_u32 ((uint32_t) g0);
      __m256i sw = _mm256_set1_epi32 ((int32_t) swap);
      struct fq_scalar fs, gs;
      /* g before this iteration's shift, and v after it. */
      int16_t *g = s.gbuf + n, *v = s.vbuf + VOFF - 1 - n;
      int jv = n / 16 < N / 16 - 1 ? n / 16 : N / 16 - 1;
      int lf = 2 * P - n < P + 1 ? 2 * P - n : P + 1;
      int jf = (lf + 16 - 1) / 16;

      /* g <- f0 g - g0 f, r <- f0 r - g0 v with the values before the
       * swap (see the scaling remark above); f <- g, v <- r on swap. */
      fs = fq_scalar (f0);
      gs = fq_scalar (-g0);
      delta = (int32_t) ct_select_u32 (swap, (uint32_t) -delta, (uint32_t) delta) + 1;
      f0 = (int32_t) ct_select_u32 (swap, (uint32_t) g0, (uint32_t) f0);

      for (j = 0; j < N / 16; j++)
        {
          if (j < jf)
            {
              __m256i fv = _mm256_load_si256 ((const __m256i *) s.f + j);
              __m256i gv = _mm256_loadu_si256 ((const __m256i *) (g + 16 * j));
              __m256i gn = lincomb (gv, fs, fv, gs);
              _mm256_store_si256 ((__m256i *) s.f + j, _mm256_blendv_epi8 (fv, gv, sw));
              /* Stored in place: read from g + 1 next time, the shift. */
              _mm256_storeu_si256 ((__m256i *) (g + 16 * j), gn);
              if (j == 0)
                g0 = fq_freeze32 ((int16_t) _mm256_extract_epi16 (gn, 1));
            }
          if (j <= jv)
            {
              __m256i vs = _mm256_loadu_si256 ((const __m256i *) (v + 16 * j));
              __m256i rv = _mm256_load_si256 ((const __m256i *) s.r + j);
              _mm256_storeu_si256 ((__m256i *) (v + 16 * j), _mm256_blendv_epi8 (vs, rv, sw));
              _mm256_store_si256 ((__m256i *) s.r + j, lincomb (rv, fs, vs, gs));
            }
        }
      KC_VERIFY_ONLY (check_lanes_9182 (&s, n + 1));
    }

  /* out = v reversed, divided by f[0]; v now starts at VOFF - (2p - 1). */
  t = fq_recip (f0);
  for (i = 0; i < P; i++)
    out[i] = (int16_t) fq_mul (t, fq_freeze32 (s.vbuf[VOFF - (2 * P - 1) + P - 1 - i]));

  t = (int32_t) ct_mask_nonzero_u32 ((uint32_t) delta);
  wipememory (&s, sizeof s);
  wipememory (&f0, sizeof f0);
  wipememory (&g0, sizeof g0);
  return t;
#undef s
}

KC_AVX2 int
_kc_sntrup761_rq_recip3_avx2 (int16_t out[P], const int8_t in[P])
{
  struct recip3_state s;
  int i;

  memset (&s, 0, sizeof s);
  for (i = 0; i < P; i++)
    s.gbuf[P - 1 - i] = in[i];
  return rq_recip3_core (out, &s);
}

KC_AVX2 int
_kc_sntrup761_rq_recip3_fq_avx2 (int16_t out[P], const int16_t in[P])
{
  struct recip3_state s;
  int i;

  memset (&s, 0, sizeof s);
  for (i = 0; i < P; i++)
    s.gbuf[P - 1 - i] = in[i];
  return rq_recip3_core (out, &s);
}

/* ---- R3 reciprocal, bitsliced ---- */

/* A polynomial over F3 of up to 768 coefficients as two bit planes of 768
 * bits, 3 vectors each: coefficient i is bit i (64-bit word i/64, bit
 * i%64).  m = [x != 0], s = sign bit ([x = -1] where m is set; don't-care
 * where m is clear). */
struct f3poly
{
  __m256i m[3], s[3];
};

/* x + c y in F3 for 256 coefficients, c a scalar given as masks
 * cm = [c != 0], cs = [c = -1] (all ones / zero).  With y' = c y
 * (m' = m_y & cm, s' = s_y ^ cs): if one side is 0 the sum is the other;
 * equal nonzero signs give -x (m = 1, s = ~s_x), opposite signs give 0:
 *   m_r = (m_x | m') & ~(m_x & m' & (s_x ^ s'))
 *   s_r = s_x ^ (m' & (s_x ^ s' ^ m_x))
 * (the second covers m' = 0: s_x; m_x = 0: s'; both set with equal
 * signs: ~s_x; opposite signs: don't-care). */
KC_AVX2 static inline void
f3_addmul (__m256i *rm, __m256i *rs, __m256i xm, __m256i xs,
           __m256i ym, __m256i ys, __m256i cm, __m256i cs)
{
  __m256i m2 = _mm256_and_si256 (ym, cm);
  __m256i t = _mm256_xor_si256 (xs, _mm256_xor_si256 (ys, cs));   /* s_x ^ s' */
  *rm = _mm256_andnot_si256 (_mm256_and_si256 (_mm256_and_si256 (xm, m2), t),
                             _mm256_or_si256 (xm, m2));
  *rs = _mm256_xor_si256 (xs, _mm256_and_si256 (m2, _mm256_xor_si256 (t, xm)));
}

/* Bit shifts of a 768-bit plane held in consecutive vectors.
 * bits_down (x, next): bit i <- bit i + 1, the top bit from bit 0 of NEXT.
 * bits_up (x, prev): bit i <- bit i - 1, bit 0 from the top bit of PREV. */
KC_AVX2 static inline __m256i
bits_down (__m256i x, __m256i next)
{
  /* words x1, x2, x3, next0 */
  __m256i hi = _mm256_alignr_epi8 (_mm256_permute2x128_si256 (x, next, 0x21), x, 8);
  return _mm256_or_si256 (_mm256_srli_epi64 (x, 1), _mm256_slli_epi64 (hi, 63));
}

KC_AVX2 static inline __m256i
bits_up (__m256i x, __m256i prev)
{
  /* words prev3, x0, x1, x2 */
  __m256i lo = _mm256_alignr_epi8 (x, _mm256_permute2x128_si256 (prev, x, 0x21), 8);
  return _mm256_or_si256 (_mm256_slli_epi64 (x, 1), _mm256_srli_epi64 (lo, 63));
}

/* int8 coefficients in {-1, 0, 1} (768 of them) to planes. */
KC_AVX2 static void
f3_pack (struct f3poly *x, const int8_t a[N])
{
  uint32_t m[N / 32], s[N / 32];
  int i;
  for (i = 0; i < N / 32; i++)
    {
      __m256i v = _mm256_loadu_si256 ((const __m256i *) (a + 32 * i));
      __m256i z = _mm256_setzero_si256 ();
      m[i] = ~(uint32_t) _mm256_movemask_epi8 (_mm256_cmpeq_epi8 (v, z));
      s[i] = (uint32_t) _mm256_movemask_epi8 (_mm256_cmpgt_epi8 (z, v));
    }
  for (i = 0; i < 3; i++)
    {
      x->m[i] = _mm256_loadu_si256 ((const __m256i *) (m + 8 * i));
      x->s[i] = _mm256_loadu_si256 ((const __m256i *) (s + 8 * i));
    }
  wipememory (m, sizeof m);
  wipememory (s, sizeof s);
}

/* Planes to int8 coefficients in {-1, 0, 1}. */
KC_AVX2 static void
f3_unpack (int8_t a[N], const struct f3poly *x)
{
  uint32_t m[N / 32], s[N / 32];
  const __m256i shuf = _mm256_setr_epi8 (0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1,
                                         2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3);
  const __m256i bit = _mm256_set1_epi64x ((int64_t) 0x8040201008040201ULL);
  int i;
  for (i = 0; i < 3; i++)
    {
      _mm256_storeu_si256 ((__m256i *) (m + 8 * i), x->m[i]);
      _mm256_storeu_si256 ((__m256i *) (s + 8 * i), x->s[i]);
    }
  for (i = 0; i < N / 32; i++)
    {
      /* byte k <- bit k of the word: spread, isolate, compare. */
      __m256i vm = _mm256_shuffle_epi8 (_mm256_set1_epi32 ((int32_t) m[i]), shuf);
      __m256i vs = _mm256_shuffle_epi8 (_mm256_set1_epi32 ((int32_t) s[i]), shuf);
      vm = _mm256_cmpeq_epi8 (_mm256_and_si256 (vm, bit), bit);
      vs = _mm256_cmpeq_epi8 (_mm256_and_si256 (vs, bit), bit);
      /* m ? (s ? -1 : 1) : 0 */
      _mm256_storeu_si256 ((__m256i *) (a + 32 * i), _mm256_and_si256
                           (vm, _mm256_or_si256 (vs, _mm256_set1_epi8 (1))));
    }
  wipememory (m, sizeof m);
  wipememory (s, sizeof s);
}

/* Broadcast a 0/1 flag as an all-zero / all-one vector. */
KC_AVX2 static inline __m256i
flag_vec (uint32_t flag)
{
  return _mm256_set1_epi32 ((int32_t) ct_mask_from_flag_u32 (flag));
}

struct recip_r3_state
{
  struct f3poly f, g, v, r;
  int8_t t[N] __attribute__ ((aligned (32)));
};

/* R3 divsteps on bit planes: one iteration touches 3 vectors per plane.
 * The scalars f[0], g[0] are kept as (nonzero, sign) bit pairs.  The lane
 * bounds of the Rq version apply with 256-coefficient vectors (f, g:
 * vectors < ceil (L(n) / 256); v, r: vectors <= n / 256), and so does the
 * scaling remark: g <- g + c f, r <- r + c v with c = -f[0] g[0] from the
 * unswapped values, then f <- g, v <- r on swap. */
KC_AVX2 int
_kc_sntrup761_r3_recip_avx2 (int8_t out[P], const int8_t in[P])
{
  struct recip_r3_state s;
  const __m256i zero = _mm256_setzero_si256 ();
  uint32_t f0m = 1, f0s = 0, g0m, g0s;
  int32_t delta = 1, t;
  int i, j, n;

  memset (&s, 0, sizeof s);
  s.t[0] = 1;
  s.t[P - 1] = s.t[P] = -1;
  f3_pack (&s.f, s.t);
  memset (s.t, 0, sizeof s.t);
  for (i = 0; i < P; i++)
    s.t[P - 1 - i] = in[i];
  f3_pack (&s.g, s.t);
  memset (s.t, 0, sizeof s.t);
  s.t[0] = 1;
  f3_pack (&s.r, s.t);
  g0m = (uint32_t) _mm_cvtsi128_si32 (_mm256_castsi256_si128 (s.g.m[0])) & 1;
  g0s = (uint32_t) _mm_cvtsi128_si32 (_mm256_castsi256_si128 (s.g.s[0])) & 1;

  for (n = 0; n < 2 * P - 1; n++)
    {
      uint32_t swap = mask_negative (-delta) & ct_mask_nonzero_u32 (g0m);
      __m256i sw = _mm256_set1_epi32 ((int32_t) swap);
      /* c = -f[0] g[0]: nonzero iff both are, sign flipped. */
      __m256i cm = flag_vec (f0m & g0m), cs = flag_vec (1 ^ f0s ^ g0s);
      __m256i gm[3], gs[3], vprevm = zero, vprevs = zero;
      int jv = n / 256 < 2 ? n / 256 : 2;
      int lf = 2 * P - n < P + 1 ? 2 * P - n : P + 1;
      int jf = (lf + 255) / 256;

      delta = (int32_t) ct_select_u32 (swap, (uint32_t) -delta, (uint32_t) delta) + 1;
      f0m = ct_select_u32 (swap, g0m, f0m);
      f0s = ct_select_u32 (swap, g0s, f0s);

      for (j = 0; j < 3; j++)
        {
          if (j < jf)
            {
              __m256i fm = s.f.m[j], fs = s.f.s[j];
              __m256i gmj = s.g.m[j], gsj = s.g.s[j];
              f3_addmul (&gm[j], &gs[j], gmj, gsj, fm, fs, cm, cs);
              s.f.m[j] = _mm256_blendv_epi8 (fm, gmj, sw);
              s.f.s[j] = _mm256_blendv_epi8 (fs, gsj, sw);
            }
          if (j <= jv)
            {
              __m256i vm = s.v.m[j], vs = s.v.s[j];
              __m256i vsm = bits_up (vm, vprevm), vss = bits_up (vs, vprevs);
              __m256i rm = s.r.m[j], rs = s.r.s[j];
              vprevm = vm;
              vprevs = vs;
              s.v.m[j] = _mm256_blendv_epi8 (vsm, rm, sw);
              s.v.s[j] = _mm256_blendv_epi8 (vss, rs, sw);
              f3_addmul (&s.r.m[j], &s.r.s[j], rm, rs, vsm, vss, cm, cs);
            }
        }
      /* The next g[0] is bit 1 of the combination; then shift g down. */
      g0m = (uint32_t) (_mm_cvtsi128_si32 (_mm256_castsi256_si128 (gm[0])) >> 1) & 1;
      g0s = (uint32_t) (_mm_cvtsi128_si32 (_mm256_castsi256_si128 (gs[0])) >> 1) & 1;
      for (j = 0; j < jf; j++)
        {
          __m256i nm = j + 1 < jf ? gm[j + 1] : zero;
          __m256i ns = j + 1 < jf ? gs[j + 1] : zero;
          s.g.m[j] = bits_down (gm[j], nm);
          s.g.s[j] = bits_down (gs[j], ns);
        }
    }

  /* out = f[0] * v reversed (f[0] = +-1 when invertible). */
  f3_unpack (s.t, &s.v);
  for (i = 0; i < P; i++)
    {
      int32_t x = s.t[P - 1 - i];
      /* f[0] x: 0 if f[0] = 0, -x if f[0] = -1. */
      x = (int32_t) ct_select_u32 (ct_mask_from_flag_u32 (f0m), (uint32_t) x, 0);
      x = (int32_t) ct_select_u32 (ct_mask_from_flag_u32 (f0s), (uint32_t) -x, (uint32_t) x);
      out[i] = (int8_t) x;
    }

  t = (int32_t) ct_mask_nonzero_u32 ((uint32_t) delta);
  wipememory (&s, sizeof s);
  wipememory (&f0m, sizeof f0m);
  wipememory (&f0s, sizeof f0s);
  wipememory (&g0m, sizeof g0m);
  wipememory (&g0s, sizeof g0s);
  return t;
}

/* ---- sorting 761 uint32: a bitonic network on 1024 lanes ----
 *
 * The words are sorted by the bitonic network on 1024 lanes in its
 * all-ascending form: for k = 2, 4, ..., 1024, a "flip" stage compares
 * lane i with lane (i XOR (k - 1)) within each block of k, then
 * half-cleaners at distances k/4, ..., 1 compare i with i + j (i AND
 * j = 0); every comparator puts the minimum at the lower index.  The 761
 * words and 7 words 0xffffffff fill 768 lanes; lanes 768 .. 1023 would
 * hold 0xffffffff too, and never change (see SORT_NV), so they are not
 * stored at all.  The sorted order of a multiset is unique and the
 * padding is maximal, so the first 761 lanes are exactly what any sort
 * of the 761 words gives (the portable merge exchange of sntrup761.c).
 *
 * Phases k <= 256 run on three blocks of 256 lanes in a lane-major
 * layout where most comparators join whole vectors (blk_sort256); k =
 * 512 and 1024 run in the natural layout: distances of 8 lanes or more
 * are whole-vector min/max pairs, the rest are done on two neighbouring
 * vectors (16 lanes) at once by regrouping their halves, quarters or
 * single lanes with unpack / permute.  Stages are grouped into chunks of
 * 8 vectors held in registers, two or three stages per pass over
 * memory.  Which lanes are compared is fixed: constant time. */

static inline KC_AVX2 void
cx8 (__m256i *a, __m256i *b)
{
  __m256i t = _mm256_min_epu32 (*a, *b);
  *b = _mm256_max_epu32 (*a, *b);
  *a = t;
}

/* Lanes (i, i + 4) within each of A and B. */
static inline KC_AVX2 void
pair_stride4 (__m256i *a, __m256i *b)
{
  __m256i lo = _mm256_permute2x128_si256 (*a, *b, 0x20);
  __m256i hi = _mm256_permute2x128_si256 (*a, *b, 0x31);
  cx8 (&lo, &hi);
  *a = _mm256_permute2x128_si256 (lo, hi, 0x20);
  *b = _mm256_permute2x128_si256 (lo, hi, 0x31);
}

/* Lanes (i, i + 2), i AND 2 = 0. */
static inline KC_AVX2 void
pair_stride2 (__m256i *a, __m256i *b)
{
  __m256i lo = _mm256_unpacklo_epi64 (*a, *b);
  __m256i hi = _mm256_unpackhi_epi64 (*a, *b);
  cx8 (&lo, &hi);
  *a = _mm256_unpacklo_epi64 (lo, hi);
  *b = _mm256_unpackhi_epi64 (lo, hi);
}

/* Lanes (i, i + 1), i even (also the flip stage of k = 2). */
static inline KC_AVX2 void
pair_stride1 (__m256i *a, __m256i *b)
{
  __m256 af = _mm256_castsi256_ps (*a), bf = _mm256_castsi256_ps (*b);
  __m256i lo = _mm256_castps_si256 (_mm256_shuffle_ps (af, bf, 0x88));
  __m256i hi = _mm256_castps_si256 (_mm256_shuffle_ps (af, bf, 0xdd));
  cx8 (&lo, &hi);
  *a = _mm256_unpacklo_epi32 (lo, hi);
  *b = _mm256_unpackhi_epi32 (lo, hi);
}

static inline KC_AVX2 __m256i
reverse8 (__m256i x)
{
  return _mm256_permutevar8x32_epi32 (x, _mm256_setr_epi32 (7, 6, 5, 4,
                                                             3, 2, 1, 0));
}

/* The half-cleaners of distances 4, 2, 1 on the pair. */
static inline KC_AVX2 void
pair_finish (__m256i *a, __m256i *b)
{
  pair_stride4 (a, b);
  pair_stride2 (a, b);
  pair_stride1 (a, b);
}

/* The loops over the registers of a chunk must unroll, so that the
 * chunk stays in registers. */
#define SORT_UNROLL _Pragma ("GCC unroll 8")
/* Passes taking constant shape arguments (lane masks, distances) are
 * always inlined, so that those fold. */
#define SORT_INLINE inline __attribute__ ((always_inline))

/* Stages on 8 registers R[0..8) holding vectors whose indices increase
 * with the register number: the half-cleaner of distance D registers
 * (pairs (m, m + D), m AND D = 0); then the last vector distance and
 * the in-register distances 4, 2, 1 lanes on neighbouring pairs. */
static inline KC_AVX2 void
regs_half (__m256i r[8], int d)
{
  int m;
  SORT_UNROLL
  for (m = 0; m < 8; m++)
    if (!(m & d))
      cx8 (&r[m], &r[m + d]);
}

static inline KC_AVX2 void
regs_finish (__m256i r[8])
{
  int m;
  SORT_UNROLL
  for (m = 0; m < 8; m += 2)
    {
      cx8 (&r[m], &r[m + 1]);           /* distance 8 lanes */
      pair_finish (&r[m], &r[m + 1]);
    }
}

/* R[l] = lane l of R[0..8) (an 8 x 8 transpose of 32-bit words). */
static inline KC_AVX2 void
transpose8 (__m256i r[8])
{
  __m256i t[8], u[8];
  int m;

  SORT_UNROLL
  for (m = 0; m < 8; m += 2)
    {
      t[m] = _mm256_unpacklo_epi32 (r[m], r[m + 1]);     /* lanes 0 1 4 5 */
      t[m + 1] = _mm256_unpackhi_epi32 (r[m], r[m + 1]); /* lanes 2 3 6 7 */
    }
  SORT_UNROLL
  for (m = 0; m < 8; m += 4)
    {
      u[m] = _mm256_unpacklo_epi64 (t[m], t[m + 2]);     /* lanes 0, 4 */
      u[m + 1] = _mm256_unpackhi_epi64 (t[m], t[m + 2]); /* lanes 1, 5 */
      u[m + 2] = _mm256_unpacklo_epi64 (t[m + 1], t[m + 3]); /* 2, 6 */
      u[m + 3] = _mm256_unpackhi_epi64 (t[m + 1], t[m + 3]); /* 3, 7 */
    }
  SORT_UNROLL
  for (m = 0; m < 4; m++)
    {
      r[m] = _mm256_permute2x128_si256 (u[m], u[m + 4], 0x20);
      r[m + 4] = _mm256_permute2x128_si256 (u[m], u[m + 4], 0x31);
    }
}

/* The flip of blocks of KV vectors (KV = 8 U, U >= 2) and the next two
 * half-cleaners (distances 2U, U vectors), on chunks of 8 vectors: for
 * each block S and l < U, the vectors S + l + m U and their mirrors
 * S + KV - 1 - l - m U (m < 4).  Every comparator of these three stages
 * joins two vectors of one chunk.  With REV (natural layout) the
 * mirrors are held lane-reversed, which keeps the flip's lane pairing
 * (i, 7 - i) and leaves the later lane-wise stages unchanged; without
 * (the lane-major blocks below) the flip is lane-wise.  Vectors at NV or
 * beyond are padding (see below): they are neither read nor written,
 * and the comparators that would join them are skipped. */
static SORT_INLINE KC_AVX2 void
flip_pass (__m256i *v, size_t kv, size_t nv, int rev)
{
  size_t u = kv / 8, s, l;
  int m;

  for (s = 0; s < nv; s += kv)
    for (l = 0; l < u && s + l < nv; l++)
      {
        __m256i a[4], b[4];
        int pad[4];             /* b[m] is at or beyond NV */
        SORT_UNROLL
        for (m = 0; m < 4; m++)
          {
            size_t bi = s + kv - 1 - l - m * u;
            KC_VERIFY_CHECK (s + l + m * u < nv);
            a[m] = v[s + l + m * u];
            pad[m] = bi >= nv;
            b[m] = pad[m] ? a[m] : rev ? reverse8 (v[bi]) : v[bi];
          }
        /* A comparator whose higher vector is padding is skipped. */
        SORT_UNROLL
        for (m = 0; m < 4; m++)
          if (!pad[m])
            cx8 (&a[m], &b[m]);
        /* Lower half: a[m] at relative index l + m u; upper half:
         * b[m] at kv - 1 - l - m u (so b[3] is the lowest). */
        cx8 (&a[0], &a[2]);
        cx8 (&a[1], &a[3]);
        if (!pad[1])
          cx8 (&b[3], &b[1]);
        if (!pad[0])
          cx8 (&b[2], &b[0]);
        cx8 (&a[0], &a[1]);
        cx8 (&a[2], &a[3]);
        if (!pad[2])
          cx8 (&b[3], &b[2]);
        if (!pad[0])
          cx8 (&b[1], &b[0]);
        SORT_UNROLL
        for (m = 0; m < 4; m++)
          {
            v[s + l + m * u] = a[m];
            if (!pad[m])
              v[s + kv - 1 - l - m * u] = rev ? reverse8 (b[m]) : b[m];
          }
      }
}

/* Half-cleaners of distances 4, 2, 1 vectors (those not above MAXD) and
 * the in-register finish, on aligned chunks of 8 vectors below NV. */
static SORT_INLINE KC_AVX2 void
tail_pass (__m256i *v, int maxd, size_t nv)
{
  size_t b;
  int m;

  for (b = 0; b < nv; b += 8)
    {
      __m256i r[8];
      SORT_UNROLL
      for (m = 0; m < 8; m++)
        r[m] = v[b + m];
      if (maxd >= 4)
        regs_half (r, 4);
      if (maxd >= 2)
        regs_half (r, 2);
      regs_finish (r);
      SORT_UNROLL
      for (m = 0; m < 8; m++)
        v[b + m] = r[m];
    }
}

/* ---- phases k <= 256 on lane-major blocks ----
 *
 * The 768 live lanes are three blocks of 256 words, 32 vectors each.
 * Inside a block the network may index the words as it likes (it sorts
 * any arrangement); here word j = 32 l + w is lane l of vector w.  Then
 * every comparator of distance below 32 joins two vectors lane-wise
 * (no shuffles at all), and only the stages of distance 32, 64, 128
 * (lane distances 1, 2, 4) and the flips of k = 64, 128, 256 (which
 * also flip lane bits) move lanes.  A last transpose per 8 vectors turns
 * the sorted blocks into the natural layout for the phases k = 512 and
 * 1024. */

/* X with lane l moved to lane l XOR LX (LX in {1, 2, 3, 4, 7}). */
static SORT_INLINE KC_AVX2 __m256i
lane_xor (__m256i x, int lx)
{
  switch (lx)
    {
    case 1: return _mm256_shuffle_epi32 (x, 0xb1);
    case 2: return _mm256_shuffle_epi32 (x, 0x4e);
    case 3: return _mm256_shuffle_epi32 (x, 0x1b);
    case 4: return _mm256_permute2x128_si256 (x, x, 0x01);
    default: return reverse8 (x);
    }
}

/* Lanes l of HI where l AND BIT is set (BIT in {1, 2, 4}), else of LO. */
static SORT_INLINE KC_AVX2 __m256i
blend_bit (__m256i lo, __m256i hi, int bit)
{
  switch (bit)
    {
    case 1: return _mm256_blend_epi32 (lo, hi, 0xaa);
    case 2: return _mm256_blend_epi32 (lo, hi, 0xcc);
    default: return _mm256_blend_epi32 (lo, hi, 0xf0);
    }
}

/* The comparators between lanes l and l XOR LX of A and B (LX = 1, 3,
 * 7, its top bit HB): the word in the lane with bit HB clear has the
 * lower index (the lane is the high part of j), so it takes the
 * minimum, whichever of A, B it is in. */
static SORT_INLINE KC_AVX2 void
flip_lanes (__m256i *a, __m256i *b, int lx, int hb)
{
  __m256i bp = lane_xor (*b, lx);
  __m256i mn = _mm256_min_epu32 (*a, bp), mx = _mm256_max_epu32 (*a, bp);
  *a = blend_bit (mn, mx, hb);
  *b = lane_xor (blend_bit (mx, mn, hb), lx);
}

/* k = 2, 4, 8 (distances 1, 2, 4 in w) on the 8 vectors at V. */
static inline KC_AVX2 void
blk_sort8 (__m256i *v)
{
  __m256i r[8];
  int m;

  SORT_UNROLL
  for (m = 0; m < 8; m++)
    r[m] = v[m];
  cx8 (&r[0], &r[1]); cx8 (&r[2], &r[3]);       /* k = 2 */
  cx8 (&r[4], &r[5]); cx8 (&r[6], &r[7]);
  cx8 (&r[0], &r[3]); cx8 (&r[1], &r[2]);       /* k = 4 */
  cx8 (&r[4], &r[7]); cx8 (&r[5], &r[6]);
  regs_half (r, 1);
  cx8 (&r[0], &r[7]); cx8 (&r[1], &r[6]);       /* k = 8 */
  cx8 (&r[2], &r[5]); cx8 (&r[3], &r[4]);
  regs_half (r, 2);
  regs_half (r, 1);
  SORT_UNROLL
  for (m = 0; m < 8; m++)
    v[m] = r[m];
}

/* The w-distances 4, 2, 1 (those not above MAXD) on the 32 vectors of
 * block V, 8 consecutive vectors at a time.  With OUT, the sorted block
 * is also transposed into the natural layout: word j = 32 l + 8 g + m
 * (lane l of vector 8 g + m) goes to lane m of OUT[4 l + g]. */
static SORT_INLINE KC_AVX2 void
blk_half (__m256i *v, int maxd, __m256i *out)
{
  size_t g;
  int m;

  for (g = 0; g < 4; g++)
    {
      __m256i r[8];
      SORT_UNROLL
      for (m = 0; m < 8; m++)
        r[m] = v[8 * g + m];
      if (maxd >= 4)
        regs_half (r, 4);
      if (maxd >= 2)
        regs_half (r, 2);
      regs_half (r, 1);
      if (out)
        {
          transpose8 (r);
          SORT_UNROLL
          for (m = 0; m < 8; m++)
            out[4 * m + g] = r[m];
        }
      else
        {
          SORT_UNROLL
          for (m = 0; m < 8; m++)
            v[8 * g + m] = r[m];
        }
    }
}

/* k = 64, 128, 256 (LX = 1, 3, 7): the flip of the block (w -> 31 - w,
 * l -> l XOR LX), the half-cleaners of lane distances 2 and 1 that
 * follow it (k = 256: both; k = 128: 1), then w-distances 16 and 8; on
 * chunks of the vectors l + 8m and 31 - l - 8m (l < 4, m < 4), which
 * every comparator of these stages keeps together. */
static SORT_INLINE KC_AVX2 void
blk_flip (__m256i *v, int lx, int hb)
{
  size_t l;
  int m;

  for (l = 0; l < 4; l++)
    {
      __m256i a[4], b[4];
      SORT_UNROLL
      for (m = 0; m < 4; m++)
        {
          a[m] = v[l + 8 * m];
          b[m] = v[31 - l - 8 * m];
          flip_lanes (&a[m], &b[m], lx, hb);
          /* lane distances 2, 1 in both (the pair forms share the
           * shuffles) */
          if (lx == 7)
            pair_stride2 (&a[m], &b[m]);
          if (lx >= 3)
            pair_stride1 (&a[m], &b[m]);
        }
      /* w: a[m] = l + 8m, b[m] = 31 - l - 8m (b[3] lowest). */
      cx8 (&a[0], &a[2]);
      cx8 (&a[1], &a[3]);
      cx8 (&b[3], &b[1]);
      cx8 (&b[2], &b[0]);
      cx8 (&a[0], &a[1]);
      cx8 (&a[2], &a[3]);
      cx8 (&b[3], &b[2]);
      cx8 (&b[1], &b[0]);
      SORT_UNROLL
      for (m = 0; m < 4; m++)
        {
          v[l + 8 * m] = a[m];
          v[31 - l - 8 * m] = b[m];
        }
    }
}

/* Block V (32 vectors, any content) sorted, in the natural layout at
 * OUT[0..32). */
static inline KC_AVX2 void
blk_sort256 (__m256i *out, __m256i *v)
{
  size_t g;

  for (g = 0; g < 32; g += 8)
    blk_sort8 (v + g);                  /* k = 2, 4, 8 */
  flip_pass (v, 16, 32, 0);             /* k = 16: flip, 4, 2 */
  blk_half (v, 1, NULL);                /* 1 */
  flip_pass (v, 32, 32, 0);             /* k = 32: flip, 8, 4 */
  blk_half (v, 2, NULL);                /* 2, 1 */
  blk_flip (v, 1, 1);                   /* k = 64: flip, 16, 8 */
  blk_half (v, 4, NULL);                /* 4, 2, 1 */
  blk_flip (v, 3, 2);                   /* k = 128: flip, lanes 1, 16, 8 */
  blk_half (v, 4, NULL);                /* 4, 2, 1 */
  blk_flip (v, 7, 4);                   /* k = 256: flip, lanes 2, 1, 16, 8 */
  blk_half (v, 4, out);                 /* 4, 2, 1, to the natural layout */
}

/* The network runs on 1024 lanes, but lanes 768 .. 1023 (vectors 96 ..
 * 127) start as padding 0xffffffff and stay so: every comparator (i, j)
 * has i < j and puts the maximum at j, so one whose j is a padding lane
 * changes nothing, and no other comparator writes a padding lane.  Those
 * vectors are not stored and their comparators are skipped (the result
 * is the full network's).  Passes over memory: eleven per block for k <=
 * 256 (blk_sort256), two for k = 512, two for k = 1024. */
#define SORT_NV 96

/* Phase k = 1024 up to distance 8 vectors, in one pass: the flip
 * (vector v against 127 - v, lanes reversed), then distances 32, 16, 8
 * vectors.  Vectors 96 .. 127 are padding, so for each l < 8 the chunk
 * is the twelve vectors a[j] = l + 8j (j < 8) and b[j] = 95 - l - 8j
 * (j < 4): the flip pairs a[4 + j] with b[j] (127 - (l + 32 + 8j)); the
 * distance-32 partners of b[j] would be padding. */
static SORT_INLINE KC_AVX2 void
flip1024_pass (__m256i *v)
{
  size_t l;
  int j;

  for (l = 0; l < 8; l++)
    {
      __m256i a[8], b[4];
      SORT_UNROLL
      for (j = 0; j < 8; j++)
        a[j] = v[l + 8 * j];
      SORT_UNROLL
      for (j = 0; j < 4; j++)
        {
          b[j] = reverse8 (v[95 - l - 8 * j]);
          cx8 (&a[4 + j], &b[j]);               /* flip */
        }
      SORT_UNROLL
      for (j = 0; j < 4; j++)
        cx8 (&a[j], &a[j + 4]);                 /* 32 */
      cx8 (&a[0], &a[2]);                       /* 16 */
      cx8 (&a[1], &a[3]);
      cx8 (&a[4], &a[6]);
      cx8 (&a[5], &a[7]);
      cx8 (&b[3], &b[1]);
      cx8 (&b[2], &b[0]);
      SORT_UNROLL
      for (j = 0; j < 8; j += 2)                /* 8 */
        cx8 (&a[j], &a[j + 1]);
      cx8 (&b[3], &b[2]);
      cx8 (&b[1], &b[0]);
      SORT_UNROLL
      for (j = 0; j < 8; j++)
        v[l + 8 * j] = a[j];
      SORT_UNROLL
      for (j = 0; j < 4; j++)
        v[95 - l - 8 * j] = reverse8 (b[j]);
    }
}

/* The network on the 96 vectors V (768 lanes; V is overwritten): the
 * sorted lanes in natural order in W. */
static KC_AVX2 void
sort_768 (__m256i w[SORT_NV], __m256i v[SORT_NV])
{
  size_t i;

  for (i = 0; i < SORT_NV; i += 32)
    blk_sort256 (w + i, v + i);         /* k = 2 .. 256 */
  /* k = 512 leaves lanes 512 .. 767 alone: their partners in the flip
   * are padding, and the half-cleaners inside them meet an ascending
   * run (lanes 512 .. 767 are sorted by now), where every comparator
   * already holds.  So it runs on vectors 0 .. 63 only. */
  flip_pass (w, 64, 64, 1);             /* k = 512: flip, 16, 8 */
  tail_pass (w, 4, 64);                 /* 4, 2, 1, finish */
  flip1024_pass (w);                    /* k = 1024: flip, 32, 16, 8 */
  tail_pass (w, 4, SORT_NV);            /* 4, 2, 1, finish */
}

void KC_AVX2
_kc_sntrup761_sort_761_avx2 (uint32_t x[P])
{
  __m256i v[SORT_NV], w[SORT_NV];
  size_t i;

  for (i = 0; i < P / 8; i++)
    v[i] = _mm256_loadu_si256 ((const __m256i *) (x + 8 * i));
  /* 761 = 95 * 8 + 1: one word, then padding. */
  v[P / 8] = _mm256_insert_epi32 (_mm256_set1_epi32 (-1), (int) x[P - 1], 0);
  sort_768 (w, v);
  for (i = 0; i < P / 8; i++)
    _mm256_storeu_si256 ((__m256i *) (x + 8 * i), w[i]);
  x[P - 1] = (uint32_t) _mm256_extract_epi32 (w[P / 8], 0);
  wipememory (v, sizeof v);
  wipememory (w, sizeof w);
}

/* ---- Short_fromlist: tags, the sort, and the tags back ---- */

/* (W[j] AND 3) - 1 for the 32 words of W[0..4), as int8. */
static inline KC_AVX2 __m256i
short_tags32 (const __m256i *w)
{
  const __m256i three = _mm256_set1_epi32 (3);
  __m256i ab = _mm256_packus_epi32 (_mm256_and_si256 (w[0], three),
                                    _mm256_and_si256 (w[1], three));
  __m256i cd = _mm256_packus_epi32 (_mm256_and_si256 (w[2], three),
                                    _mm256_and_si256 (w[3], three));
  /* dwords: a0-3 b0-3 c0-3 d0-3 | a4-7 b4-7 c4-7 d4-7 */
  __m256i x = _mm256_packus_epi16 (ab, cd);
  x = _mm256_permutevar8x32_epi32 (x, _mm256_setr_epi32 (0, 4, 1, 5,
                                                         2, 6, 3, 7));
  return _mm256_sub_epi8 (x, _mm256_set1_epi8 (1));
}

void KC_AVX2
_kc_sntrup761_short_from_bytes_avx2 (int8_t out[P], const unsigned char *buf)
{
  __m256i v[SORT_NV], w[SORT_NV];
  int8_t last[32];
  const __m256i iota = _mm256_setr_epi32 (0, 1, 2, 3, 4, 5, 6, 7);
  size_t i;

  /* Word j: AND NOT 1 (tag 0 or 2: coefficient -1 or 1) for j < w = 286,
   * else AND NOT 3, OR 1 (tag 1: coefficient 0).  The lane masks come
   * from comparing the (public) indices. */
  for (i = 0; i < P / 8; i++)
    {
      __m256i x = _mm256_loadu_si256 ((const __m256i *) (buf + 32 * i));
      __m256i first = _mm256_cmpgt_epi32
        (_mm256_set1_epi32 (KC_SNTRUP761_W),
         _mm256_add_epi32 (iota, _mm256_set1_epi32 ((int) (8 * i))));
      __m256i am = _mm256_xor_si256 (_mm256_set1_epi32 (~1),
                                     _mm256_andnot_si256 (first,
                                                          _mm256_set1_epi32 (2)));
      __m256i om = _mm256_andnot_si256 (first, _mm256_set1_epi32 (1));
      v[i] = _mm256_or_si256 (_mm256_and_si256 (x, am), om);
    }
  {
    uint32_t lw;
    memcpy (&lw, buf + 4 * (P - 1), 4);   /* little-endian host (x86) */
    v[P / 8] = _mm256_insert_epi32 (_mm256_set1_epi32 (-1),
                                    (int) ((lw & ~(uint32_t) 3) | 1), 0);
  }
  sort_768 (w, v);
  /* 761 = 23 * 32 + 25 */
  for (i = 0; i + 32 <= P; i += 32)
    _mm256_storeu_si256 ((__m256i *) (out + i), short_tags32 (w + i / 8));
  _mm256_storeu_si256 ((__m256i *) last, short_tags32 (w + i / 8));
  memcpy (out + i, last, P - i);
  wipememory (v, sizeof v);
  wipememory (w, sizeof w);
  wipememory (last, sizeof last);
}

/* ---- the radix encoding and decoding, for the two fixed schedules ----
 *
 * Rq_encode (761 values mod 4591) and Rounded_encode (761 values mod
 * 1531) follow the round-3 rule of encode_generic in sntrup761.c: pairs
 * are merged level by level (761 -> 381 -> ... -> 1) and a merged value
 * whose modulus reaches 2^14 gives up its low bytes.  For these two
 * inputs the whole schedule (moduli, bytes per pair, where each level's
 * bytes start) is fixed; it is written out below.  At every level all
 * pairs but possibly the last have the same moduli (mu, mu): those
 * "uniform" pairs go 16 at a time through 16-bit lanes, the last pair
 * (moduli mu and ml, bytes bl) and the top value are done in scalar.
 *
 * Decoding a pair, with c (the parent value, < the parent modulus <
 * 2^14) and b the level's nb bytes:  rr = c 2^(8 nb) + b, lo = rr mod mu,
 * hi = floor (rr / mu) mod m1.
 *   lo: one Barrett step per byte, a <- 256 a + byte - q mu with
 *       q = mulhi (a, floor (2^24 / mu)) (see dec_step); then a in
 *       [0, 2 mu + 255) and two conditional subtractions give lo.
 *   hi: rr - lo = mu hi exactly, and hi < 2^15 (table below), so with
 *       mu = 2^e mo (mo odd): hi = (floor (rr / 2^e) - floor (lo / 2^e))
 *       / mo = that difference times 1/mo mod 2^16, on 16-bit lanes.
 *       One conditional subtraction of m1 (hi < 2 m1, table below).
 * For every byte string this is what the portable decode_generic
 * computes (its values stay below their moduli at every level, which is
 * what the bounds assume), so invalid strings decode identically.
 *
 * Encoding a uniform pair: rr = lo + hi mu < 2^28 is one vpmaddwd of the
 * pair (lo, hi) by (1, mu); its nb low bytes go out and rr >> 8 nb moves
 * up.
 *
 * Levels whose uniform pairs are fewer than 16 run one padded group on
 * the first 16 lanes (the scratch arrays are padded and their first 32
 * entries cleared; the level's bytes come from, or go to, a padded copy
 * of the string's tail); the garbage lanes are overwritten before use.
 * Levels with 16 or more uniform pairs finish with an overlapping group.
 * Everything here is branch-free in the values (constant time). */

struct rlevel
{
  uint16_t len;         /* values at this level */
  uint16_t soff;        /* offset of this level's bytes in the string */
  uint16_t mu, bu;      /* modulus of all values but the last; bytes per
                           uniform pair */
  uint16_t ml, bl;      /* modulus of the last value; bytes of the last
                           pair (when len is even) */
};

/* The schedules (dec_levels of sntrup761.c gives the same numbers; an
 * --enable-verify build re-derives them from the merge rule and checks
 * the bounds below on every call, see sched_check; the test compares
 * every decode and encode with the portable code).  Bounds used above,
 * for the worst parent value and bytes 0xff: max hi (uniform) < 2 mu
 * and, for the last pair, < 2 ml; all < 2^15; 256 < mu < 2^14. */
#define CODEC_LEVELS 10
static const struct rlevel rq_sched[CODEC_LEVELS] = {
  { 761,    0,  4591, 2,  4591, 2 },
  { 381,  760,   322, 1,  4591, 1 },
  { 191,  950,   406, 1,  4591, 1 },
  {  96, 1045,   644, 1,  4591, 1 },
  {  48, 1093,  1621, 1, 11550, 2 },
  {  24, 1118, 10265, 2,   286, 1 },
  {  12, 1141,  1608, 1, 11468, 2 },
  {   6, 1148, 10101, 2,   282, 1 },
  {   3, 1153,  1557, 1, 11127, 1 },
  {   2, 1154,  9470, 2, 11127, 2 },
};
#define RQ_TOP_M    1608        /* the top value, 2 bytes at 1156 */
#define RQ_TOP_OFF  1156

static const struct rlevel rd_sched[CODEC_LEVELS] = {
  { 761,    0,  1531, 1,  1531, 1 },
  { 381,  380,  9157, 2,  1531, 2 },
  { 191,  760,  1280, 1,  1531, 1 },
  {  96,  855,  6400, 2,  1531, 2 },
  {  48,  951,   625, 1,   150, 1 },
  {  24,  975,  1526, 1,   367, 1 },
  {  12,  987,  9097, 2,  2188, 2 },
  {   6,  999,  1263, 1,   304, 1 },
  {   3, 1002,  6232, 2,  1500, 2 },
  {   2, 1004,   593, 1,  1500, 1 },
};
#define RD_TOP_M    3475        /* the top value, 2 bytes at 1005 */
#define RD_TOP_OFF  1005

/* Levels from TAIL_LEVEL up read / write their bytes in a padded copy of
 * the string from sched[TAIL_LEVEL].soff on (at most 40 bytes; a padded
 * group reaches at most 32 bytes past its level's start). */
#define TAIL_LEVEL 5
#define TAIL_BYTES 96
#ifndef SCALAR_LEN
#define SCALAR_LEN 3            /* levels this short: scalar */
#endif
#define RBUF 384                /* >= 381 values, a multiple of 16 */

#ifdef KC_VERIFY
/* The merge rule of encode_generic (sntrup761.c): the modulus after
 * merging a pair whose moduli multiply to MM, and the bytes it emits. */
static uint32_t
sched_merge (uint32_t mm, uint32_t *nbytes)
{
  *nbytes = 0;
  while (mm >= 16384)
    {
      mm = (mm + 255) >> 8;
      (*nbytes)++;
    }
  return mm;
}

/* --enable-verify: the written-out schedule SCHED (761 values mod M0,
 * top value mod TOP_M at TOP_OFF) follows the merge rule, and the bounds
 * the kernels rely on hold at every level: 256 < mu < 2^14 (Barrett step,
 * 16-bit lanes), and for the worst parent value and bytes, hi < 2 mu
 * (uniform pairs) and hi < 2 ml (last pair), all below 2^15. */
static void
sched_check (const struct rlevel *sched, uint32_t m0, uint32_t top_m,
             size_t top_off)
{
  uint32_t mu = m0, ml = m0, len = 761, soff = 0, nb, l;

  for (l = 0; l < CODEC_LEVELS; l++)
    {
      const struct rlevel *c = &sched[l];
      uint32_t nmu, nml, nlen = (len + 1) / 2, nuni, pu, pl, span;
      KC_VERIFY_CHECK (c->len == len && c->soff == soff && c->mu == mu
                       && c->ml == ml);
      nmu = sched_merge (mu * mu, &nb);
      KC_VERIFY_CHECK (c->bu == nb);
      nuni = (len & 1) ? len / 2 : len / 2 - 1;
      if (len & 1)
        nml = ml;
      else
        {
          nml = sched_merge (mu * ml, &nb);
          KC_VERIFY_CHECK (c->bl == nb);
        }
      if (nlen == 1)
        nmu = nml;
      KC_VERIFY_CHECK (mu > 256 && mu < 16384);
      /* worst rr = (parent modulus - 1) 256^nb + 256^nb - 1 */
      span = c->bu == 2 ? 65536 : 256;
      pu = nmu * span - 1;
      KC_VERIFY_CHECK (nuni == 0 || (pu / mu < 2 * mu && pu / mu < 32768));
      if (!(len & 1))
        {
          span = c->bl == 2 ? 65536 : 256;
          pl = nml * span - 1;
          KC_VERIFY_CHECK (pl / mu < 2 * ml && pl / mu < 32768);
        }
      soff += nuni * c->bu + ((len & 1) ? 0 : c->bl);
      len = nlen;
      mu = nmu;
      ml = nml;
    }
  /* The top: one value mod top_m, two bytes. */
  KC_VERIFY_CHECK (len == 1 && ml == top_m && soff == top_off
                   && top_m > 256 && top_m < 16384);
}
#define SCHED_CHECK(s, m0, m, off) sched_check ((s), (m0), (m), (off))
#else
#define SCHED_CHECK(s, m0, m, off) do { } while (0)
#endif

#define KC_INLINE inline __attribute__ ((always_inline))
#define CODEC_UNROLL _Pragma ("GCC unroll 16")

/* What level 0 produces or consumes besides the raw value r in [0, m):
 * Rq coefficients r - 2295, Rounded ones 3 r - 2295. */
enum rmode { RMODE_RAW, RMODE_RQ, RMODE_ROUNDED };

/* 1/x mod 2^16 for odd x (Newton: each step doubles the correct bits;
 * x is its own inverse mod 8). */
static KC_INLINE uint16_t
inv16 (uint32_t x)
{
  uint32_t y = x;
  y *= 2 - x * y;
  y *= 2 - x * y;
  y *= 2 - x * y;
  return (uint16_t) y;
}

/* X - M if X >= M, else X. */
static KC_INLINE uint32_t
csub_c (uint32_t x, uint32_t m)
{
  return x - (m & ~ct_mask_lt_u32 (x, m));
}

/* floor (x / m) and x mod m for x < 2^32, 2 <= m < 2^16, constant time
 * (as divmod_u32 of sntrup761.c: the estimate is exact or one low). */
static KC_INLINE uint32_t
cdivmod (uint32_t *rem, uint32_t x, uint32_t m)
{
  uint32_t v = (uint32_t) (((uint64_t) 1 << 32) / m);
  uint32_t qt = (uint32_t) (((uint64_t) x * v) >> 32);
  uint32_t r = x - qt * m;                      /* [0, 2m) */
  uint32_t ge = ~ct_mask_lt_u32 (r, m);
  *rem = r - (ge & m);
  return qt - ge;
}

/* x - m where x >= m, else x (16-bit unsigned lanes; x < 2^16). */
static KC_INLINE KC_AVX2 __m256i
csub16 (__m256i x, __m256i m)
{
  return _mm256_min_epu16 (x, _mm256_sub_epi16 (x, m));
}

/* a <- 256 a + b - q mu, q = floor (a V / 2^16), V = floor (2^24 / mu),
 * for 256 < mu < 2^14, a < 2^16, b < 256.  aV/2^16 > 256a/mu - a/2^16 >
 * 256a/mu - 1, so q is floor (256 a / mu) or one less: 256 a - q mu is in
 * [0, 2 mu), computed exactly in wrapping 16-bit arithmetic, and the
 * result is in [0, 2 mu + 255). */
static KC_INLINE KC_AVX2 __m256i
dec_step (__m256i a, __m256i b, __m256i m, __m256i v)
{
  __m256i q = _mm256_mulhi_epu16 (a, v);
  return _mm256_add_epi16 (_mm256_sub_epi16 (_mm256_slli_epi16 (a, 8),
                                             _mm256_mullo_epi16 (q, m)), b);
}

/* Level 0's output form of raw values X. */
static KC_INLINE KC_AVX2 __m256i
dec_out (__m256i x, enum rmode mode)
{
  if (mode == RMODE_RQ)
    return _mm256_sub_epi16 (x, _mm256_set1_epi16 (2295));
  if (mode == RMODE_ROUNDED)
    return _mm256_sub_epi16 (_mm256_mullo_epi16 (x, _mm256_set1_epi16 (3)),
                             _mm256_set1_epi16 (2295));
  return x;
}

static KC_INLINE uint16_t
dec_out1 (uint32_t x, enum rmode mode)
{
  if (mode == RMODE_RQ)
    return (uint16_t) (x - 2295);
  if (mode == RMODE_ROUNDED)
    return (uint16_t) (3 * x - 2295);
  return (uint16_t) x;
}

/* 16 uniform pairs: parents CUR[0..16), bytes T[0 .. 16 NB), children
 * NXT[0..32).  If XLANE >= 0, children 2 XLANE and 2 XLANE + 1 are XVAL
 * (low, high 16 bits) instead: the level's last pair or unpaired value,
 * put in the register so that the next level's loads match whole
 * stores. */
static KC_INLINE KC_AVX2 void
dec_group (uint16_t *nxt, const uint16_t *cur, const unsigned char *t,
           uint32_t mu, uint32_t nb, enum rmode mode, int xlane, uint32_t xval)
{
  const uint32_t e = (uint32_t) __builtin_ctz (mu);
  const __m256i m = _mm256_set1_epi16 ((int16_t) mu);
  const __m256i v = _mm256_set1_epi16 ((int16_t) ((1u << 24) / mu));
  const __m256i inv = _mm256_set1_epi16 ((int16_t) inv16 (mu >> e));
  __m256i c = _mm256_loadu_si256 ((const __m256i *) cur);
  __m256i a, hs, lo, hi, x0, x1, y0, y1;

  if (nb == 2)
    {
      __m256i b = _mm256_loadu_si256 ((const __m256i *) t);
      a = dec_step (c, _mm256_srli_epi16 (b, 8), m, v);
      a = dec_step (a, _mm256_and_si256 (b, _mm256_set1_epi16 (0xff)), m, v);
      /* floor (rr / 2^e) mod 2^16, rr = c 2^16 + b */
      hs = e ? _mm256_or_si256 (_mm256_slli_epi16 (c, 16 - e),
                                _mm256_srli_epi16 (b, e)) : b;
    }
  else
    {
      __m256i b = _mm256_cvtepu8_epi16
        (_mm_loadu_si128 ((const __m128i *) t));
      a = dec_step (c, b, m, v);
      /* rr = c 2^8 + b */
      hs = _mm256_or_si256 (_mm256_slli_epi16 (c, 8 - e),
                            _mm256_srli_epi16 (b, e));
    }
  lo = csub16 (csub16 (a, m), m);
  hi = _mm256_mullo_epi16 (_mm256_sub_epi16 (hs, _mm256_srli_epi16 (lo, e)),
                           inv);
  hi = csub16 (hi, m);
  lo = dec_out (lo, mode);
  hi = dec_out (hi, mode);
  x0 = _mm256_unpacklo_epi16 (lo, hi);          /* pairs 0-3, 8-11 */
  x1 = _mm256_unpackhi_epi16 (lo, hi);          /* pairs 4-7, 12-15 */
  y0 = _mm256_permute2x128_si256 (x0, x1, 0x20);        /* pairs 0-7 */
  y1 = _mm256_permute2x128_si256 (x0, x1, 0x31);        /* pairs 8-15 */
  if (xlane >= 0)
    {
      const __m256i iota = _mm256_setr_epi32 (0, 1, 2, 3, 4, 5, 6, 7);
      const __m256i xv = _mm256_set1_epi32 ((int32_t) xval);
      __m256i sel = _mm256_cmpeq_epi32 (iota, _mm256_set1_epi32 (xlane & 7));
      if (xlane < 8)
        y0 = _mm256_blendv_epi8 (y0, xv, sel);
      else
        y1 = _mm256_blendv_epi8 (y1, xv, sel);
    }
  _mm256_storeu_si256 ((__m256i *) nxt, y0);
  _mm256_storeu_si256 ((__m256i *) (nxt + 16), y1);
}

/* One level down: the L->len children NXT from the parents CUR and the
 * level's bytes T.  RMODE_RAW levels work on whole groups of 16 pairs
 * (NXT gets garbage up to the next multiple of 32 entries, CUR and T are
 * read to the next multiple of 16 pairs); level 0 writes exactly its 761
 * outputs. */
static KC_INLINE KC_AVX2 void
dec_level (uint16_t *nxt, const uint16_t *cur, const unsigned char *t,
           const struct rlevel *l, enum rmode mode)
{
  size_t len = l->len, npairs = len / 2;
  size_t nuni = (len & 1) ? npairs : npairs - 1, i;
  uint32_t xlo, xhi;

  if (len & 1)
    {
      xlo = cur[npairs];
      xhi = 0;
    }
  else
    {
      const unsigned char *tl = t + l->bu * nuni;
      uint32_t rr = cur[nuni];
      if (l->bl == 2)
        rr = (rr << 16) + tl[0] + ((uint32_t) tl[1] << 8);
      else
        rr = (rr << 8) + tl[0];
      xhi = cdivmod (&xlo, rr, l->mu);          /* hi < 2 ml */
      xhi = csub_c (xhi, l->ml);
    }
  if (mode == RMODE_RAW)
    {
      /* Pairs 0 .. nuni - 1, then the extra one at pair index nuni. */
      size_t last = nuni / 16 * 16;
      for (i = 0; i < last; i += 16)
        dec_group (nxt + 2 * i, cur + i, t + l->bu * i, l->mu, l->bu, mode,
                   -1, 0);
      dec_group (nxt + 2 * last, cur + last, t + l->bu * last, l->mu, l->bu,
                 mode, (int) (nuni - last), xlo | (xhi << 16));
      return;
    }
  for (i = 0; i + 16 <= nuni; i += 16)
    dec_group (nxt + 2 * i, cur + i, t + l->bu * i, l->mu, l->bu, mode, -1, 0);
  if (i < nuni)
    {
      i = nuni - 16;            /* level 0: nuni = 380 */
      dec_group (nxt + 2 * i, cur + i, t + l->bu * i, l->mu, l->bu, mode,
                 -1, 0);
    }
  nxt[2 * nuni] = dec_out1 (xlo, mode);
  if (!(len & 1))
    nxt[2 * nuni + 1] = dec_out1 (xhi, mode);
}

/* dec_level in scalar, for the short top levels (a vector group there
 * would wait on the scalar stores of the level above). */
static KC_INLINE void
dec_level_scalar (uint16_t *nxt, const uint16_t *cur, const unsigned char *t,
                  const struct rlevel *l)
{
  size_t len = l->len, npairs = len / 2;
  size_t nuni = (len & 1) ? npairs : npairs - 1, i;
  uint32_t rr, lo, hi;

  for (i = 0; i < nuni; i++)
    {
      if (l->bu == 2)
        rr = ((uint32_t) cur[i] << 16) + t[2 * i] + ((uint32_t) t[2 * i + 1] << 8);
      else
        rr = ((uint32_t) cur[i] << 8) + t[i];
      hi = cdivmod (&lo, rr, l->mu);            /* hi < 2 mu */
      hi = csub_c (hi, l->mu);
      nxt[2 * i] = (uint16_t) lo;
      nxt[2 * i + 1] = (uint16_t) hi;
    }
  if (len & 1)
    nxt[len - 1] = cur[npairs];
  else
    {
      const unsigned char *tl = t + l->bu * nuni;
      rr = cur[nuni];
      if (l->bl == 2)
        rr = (rr << 16) + tl[0] + ((uint32_t) tl[1] << 8);
      else
        rr = (rr << 8) + tl[0];
      hi = cdivmod (&lo, rr, l->mu);            /* hi < 2 ml */
      hi = csub_c (hi, l->ml);
      nxt[2 * nuni] = (uint16_t) lo;
      nxt[2 * nuni + 1] = (uint16_t) hi;
    }
}

static KC_INLINE KC_AVX2 void
decode_761 (int16_t out[P], const unsigned char *s, size_t slen,
            const struct rlevel *sched, uint32_t top_m, size_t top_off,
            enum rmode mode)
{
  uint16_t ra[RBUF] __attribute__ ((aligned (32)));
  uint16_t rb[RBUF] __attribute__ ((aligned (32)));
  unsigned char tail[TAIL_BYTES];
  const size_t toff = sched[TAIL_LEVEL].soff;
  uint16_t *cur = ra, *nxt = rb, *tmp;
  uint32_t r;
  int l;

  memset (ra, 0, 32 * sizeof ra[0]);
  memset (rb, 0, 32 * sizeof rb[0]);
  memset (tail, 0, sizeof tail);
  memcpy (tail, s + toff, slen - toff);

  cdivmod (&r, s[top_off] + ((uint32_t) s[top_off + 1] << 8), top_m);
  cur[0] = (uint16_t) r;
  /* Fully unrolled: every level's constants (moduli, reciprocals,
   * shifts, byte counts) fold into its code. */
  CODEC_UNROLL
  for (l = CODEC_LEVELS - 1; l >= 1; l--)
    {
      const unsigned char *t = l >= TAIL_LEVEL ? tail + (sched[l].soff - toff)
                                               : s + sched[l].soff;
      if (sched[l].len <= SCALAR_LEN)
        dec_level_scalar (nxt, cur, t, &sched[l]);
      else
        dec_level (nxt, cur, t, &sched[l], RMODE_RAW);
      tmp = cur;
      cur = nxt;
      nxt = tmp;
    }
  dec_level ((uint16_t *) out, cur, s, &sched[0], mode);
}

void KC_AVX2
_kc_sntrup761_rq_decode_avx2 (int16_t out[P],
                              const unsigned char in[KC_SNTRUP761_RQ_BYTES])
{
  SCHED_CHECK (rq_sched, 4591, RQ_TOP_M, RQ_TOP_OFF);
  decode_761 (out, in, KC_SNTRUP761_RQ_BYTES, rq_sched, RQ_TOP_M, RQ_TOP_OFF,
              RMODE_RQ);
}

void KC_AVX2
_kc_sntrup761_rounded_decode_avx2 (int16_t out[P],
                                   const unsigned char in[KC_SNTRUP761_ROUNDED_BYTES])
{
  SCHED_CHECK (rd_sched, 1531, RD_TOP_M, RD_TOP_OFF);
  decode_761 (out, in, KC_SNTRUP761_ROUNDED_BYTES, rd_sched, RD_TOP_M,
              RD_TOP_OFF, RMODE_ROUNDED);
}

/* 16 uniform pairs: R[0..32) (level 0: the int16 IN[0..32), mapped to
 * raw values) -> bytes T[0 .. 16 NB), parents RNEXT[0..16). */
static KC_INLINE KC_AVX2 void
enc_group (uint16_t *rnext, unsigned char *t, const uint16_t *r,
           const int16_t *in, uint32_t mu, uint32_t nb, enum rmode mode)
{
  const __m256i c = _mm256_set1_epi32 ((int32_t) (1 | (mu << 16)));
  __m256i x0, x1, a, b, lo, hi;

  if (mode == RMODE_RAW)
    {
      x0 = _mm256_loadu_si256 ((const __m256i *) r);
      x1 = _mm256_loadu_si256 ((const __m256i *) (r + 16));
    }
  else
    {
      const __m256i h = _mm256_set1_epi16 (2295);
      x0 = _mm256_add_epi16 (_mm256_loadu_si256 ((const __m256i *) in), h);
      x1 = _mm256_add_epi16 (_mm256_loadu_si256 ((const __m256i *) (in + 16)),
                             h);
      if (mode == RMODE_ROUNDED)
        {
          /* (x + q12) / 3 = floor ((x + q12) 21846 / 2^16) exactly for
           * multiples of 3 below 4591 (see rounded_encode). */
          const __m256i k = _mm256_set1_epi16 ((int16_t) 21846);
          x0 = _mm256_mulhi_epu16 (x0, k);
          x1 = _mm256_mulhi_epu16 (x1, k);
        }
    }
  /* rr = lo + hi mu < mu^2 < 2^28 per 32-bit lane (lo, hi < mu < 2^14:
   * the signed 16-bit products are exact). */
  a = _mm256_madd_epi16 (x0, c);                /* pairs 0-7 */
  b = _mm256_madd_epi16 (x1, c);                /* pairs 8-15 */
  if (nb == 2)
    {
      const __m256i m16 = _mm256_set1_epi32 (0xffff);
      lo = _mm256_packus_epi32 (_mm256_and_si256 (a, m16),
                                _mm256_and_si256 (b, m16));
      _mm256_storeu_si256 ((__m256i *) t, _mm256_permute4x64_epi64 (lo, 0xd8));
      hi = _mm256_packus_epi32 (_mm256_srli_epi32 (a, 16),
                                _mm256_srli_epi32 (b, 16));
    }
  else
    {
      const __m256i m8 = _mm256_set1_epi32 (0xff);
      /* u16 lanes: pairs 0-3, 8-11 | 4-7, 12-15; then bytes, twice. */
      lo = _mm256_packus_epi32 (_mm256_and_si256 (a, m8),
                                _mm256_and_si256 (b, m8));
      lo = _mm256_packus_epi16 (lo, lo);
      lo = _mm256_permutevar8x32_epi32 (lo, _mm256_setr_epi32 (0, 4, 1, 5,
                                                               0, 4, 1, 5));
      _mm_storeu_si128 ((__m128i *) t, _mm256_castsi256_si128 (lo));
      hi = _mm256_packus_epi32 (_mm256_srli_epi32 (a, 8),
                                _mm256_srli_epi32 (b, 8));
    }
  _mm256_storeu_si256 ((__m256i *) rnext, _mm256_permute4x64_epi64 (hi, 0xd8));
}

static KC_INLINE uint32_t
enc_in1 (uint32_t x, enum rmode mode)
{
  if (mode == RMODE_RQ)
    return (uint16_t) (x + 2295);
  if (mode == RMODE_ROUNDED)
    return (((x + 2295) & 0xffff) * 10923) >> 15;
  return x;
}

/* P + K, or NULL for P = NULL (R is NULL at level 0, IN above it; even
 * a zero offset on NULL is undefined behaviour). */
#define ENC_AT(p, k) ((p) ? (p) + (k) : (p))

/* One level up: the L->len values R (level 0: IN) -> bytes T, parents
 * RNEXT. */
static KC_INLINE KC_AVX2 void
enc_level (uint16_t *rnext, unsigned char *t, const uint16_t *r,
           const int16_t *in, const struct rlevel *l, enum rmode mode)
{
  size_t len = l->len, npairs = len / 2;
  size_t nuni = (len & 1) ? npairs : npairs - 1, i;

  for (i = 0; i + 16 <= nuni; i += 16)
    enc_group (rnext + i, t + l->bu * i, ENC_AT (r, 2 * i), ENC_AT (in, 2 * i),
               l->mu, l->bu, mode);
  if (i < nuni)
    {
      i = nuni >= 16 ? nuni - 16 : 0;
      enc_group (rnext + i, t + l->bu * i, ENC_AT (r, 2 * i),
                 ENC_AT (in, 2 * i), l->mu, l->bu, mode);
    }
  if (len & 1)
    rnext[npairs] = (uint16_t) (mode == RMODE_RAW ? r[len - 1]
                                : enc_in1 ((uint16_t) in[len - 1], mode));
  else
    {
      unsigned char *tl = t + l->bu * nuni;
      uint32_t x0 = mode == RMODE_RAW ? r[2 * nuni]
                    : enc_in1 ((uint16_t) in[2 * nuni], mode);
      uint32_t x1 = mode == RMODE_RAW ? r[2 * nuni + 1]
                    : enc_in1 ((uint16_t) in[2 * nuni + 1], mode);
      uint32_t rr = x0 + x1 * l->mu;
      tl[0] = (unsigned char) rr;
      rr >>= 8;
      if (l->bl == 2)
        {
          tl[1] = (unsigned char) rr;
          rr >>= 8;
        }
      rnext[nuni] = (uint16_t) rr;
    }
}

static KC_INLINE KC_AVX2 void
encode_761 (unsigned char *s, size_t slen, const int16_t in[P],
            const struct rlevel *sched, size_t top_off, enum rmode mode)
{
  uint16_t ra[RBUF] __attribute__ ((aligned (32)));
  uint16_t rb[RBUF] __attribute__ ((aligned (32)));
  unsigned char tail[TAIL_BYTES];
  const size_t toff = sched[TAIL_LEVEL].soff;
  uint16_t *cur = ra, *nxt = rb, *tmp;
  int l;

#ifdef KC_VERIFY
  for (l = 0; l < P; l++)
    KC_VERIFY_CHECK (in[l] >= -2295 && in[l] <= 2295
                     && (mode != RMODE_ROUNDED || (in[l] + 2295) % 3 == 0));
#endif
  enc_level (cur, s, NULL, in, &sched[0], mode);
  CODEC_UNROLL
  for (l = 1; l < CODEC_LEVELS; l++)
    {
      unsigned char *t = l >= TAIL_LEVEL ? tail + (sched[l].soff - toff)
                                         : s + sched[l].soff;
      enc_level (nxt, t, cur, NULL, &sched[l], RMODE_RAW);
      tmp = cur;
      cur = nxt;
      nxt = tmp;
    }
  /* The top value (modulus above 256, at most 2^14): two bytes. */
  tail[top_off - toff] = (unsigned char) cur[0];
  tail[top_off - toff + 1] = (unsigned char) (cur[0] >> 8);
  memcpy (s + toff, tail, slen - toff);
  wipememory (ra, sizeof ra);
  wipememory (rb, sizeof rb);
  wipememory (tail, sizeof tail);
}

void KC_AVX2
_kc_sntrup761_rq_encode_avx2 (unsigned char out[KC_SNTRUP761_RQ_BYTES],
                              const int16_t in[P])
{
  SCHED_CHECK (rq_sched, 4591, RQ_TOP_M, RQ_TOP_OFF);
  encode_761 (out, KC_SNTRUP761_RQ_BYTES, in, rq_sched, RQ_TOP_OFF, RMODE_RQ);
}

void KC_AVX2
_kc_sntrup761_rounded_encode_avx2 (unsigned char out[KC_SNTRUP761_ROUNDED_BYTES],
                                   const int16_t in[P])
{
  SCHED_CHECK (rd_sched, 1531, RD_TOP_M, RD_TOP_OFF);
  encode_761 (out, KC_SNTRUP761_ROUNDED_BYTES, in, rd_sched, RD_TOP_OFF,
              RMODE_ROUNDED);
}

/* ---- Small_decode, 32 bytes (128 coefficients) per step ---- */

/* The 128 coefficients of the 32 bytes at IN to OUT. */
static inline KC_AVX2 void
small_unpack32 (int8_t *out, const unsigned char *in)
{
  /* Field value t in {0, 1, 2, 3} -> t - 1, with 3 -> -1 (= 2 mod 3),
   * looked up per nibble (two fields) with vpshufb (constant time in the
   * index): LO16[n] is the value of field 0 of nibble n, HI16[n] of field
   * 1. */
  const __m256i lo16 = _mm256_setr_epi8 (-1, 0, 1, -1, -1, 0, 1, -1,
                                         -1, 0, 1, -1, -1, 0, 1, -1,
                                         -1, 0, 1, -1, -1, 0, 1, -1,
                                         -1, 0, 1, -1, -1, 0, 1, -1);
  const __m256i hi16 = _mm256_setr_epi8 (-1, -1, -1, -1, 0, 0, 0, 0,
                                         1, 1, 1, 1, -1, -1, -1, -1,
                                         -1, -1, -1, -1, 0, 0, 0, 0,
                                         1, 1, 1, 1, -1, -1, -1, -1);
  const __m256i nib = _mm256_set1_epi8 (0x0f);
  __m256i b = _mm256_loadu_si256 ((const __m256i *) in);
  __m256i nl = _mm256_and_si256 (b, nib);
  __m256i nh = _mm256_and_si256 (_mm256_srli_epi16 (b, 4), nib);
  __m256i t0 = _mm256_shuffle_epi8 (lo16, nl);
  __m256i t1 = _mm256_shuffle_epi8 (hi16, nl);
  __m256i t2 = _mm256_shuffle_epi8 (lo16, nh);
  __m256i t3 = _mm256_shuffle_epi8 (hi16, nh);
  /* out[4j + k] = tk[j]: interleave bytes, then 16-bit pairs (inside
   * each 128-bit half: bytes j = 0-15 and 16-31), then halves. */
  __m256i a01l = _mm256_unpacklo_epi8 (t0, t1), a01h = _mm256_unpackhi_epi8 (t0, t1);
  __m256i a23l = _mm256_unpacklo_epi8 (t2, t3), a23h = _mm256_unpackhi_epi8 (t2, t3);
  __m256i q0 = _mm256_unpacklo_epi16 (a01l, a23l);      /* j 0-3 | 16-19 */
  __m256i q1 = _mm256_unpackhi_epi16 (a01l, a23l);      /* j 4-7 | 20-23 */
  __m256i q2 = _mm256_unpacklo_epi16 (a01h, a23h);      /* j 8-11 | 24-27 */
  __m256i q3 = _mm256_unpackhi_epi16 (a01h, a23h);      /* j 12-15 | 28-31 */
  _mm256_storeu_si256 ((__m256i *) out, _mm256_permute2x128_si256 (q0, q1, 0x20));
  _mm256_storeu_si256 ((__m256i *) (out + 32), _mm256_permute2x128_si256 (q2, q3, 0x20));
  _mm256_storeu_si256 ((__m256i *) (out + 64), _mm256_permute2x128_si256 (q0, q1, 0x31));
  _mm256_storeu_si256 ((__m256i *) (out + 96), _mm256_permute2x128_si256 (q2, q3, 0x31));
}

void KC_AVX2
_kc_sntrup761_small_decode_avx2 (int8_t out[P], const unsigned char in[191])
{
  size_t i;
  int t;

  for (i = 0; i + 32 <= 190; i += 32)
    small_unpack32 (out + 4 * i, in + i);
  /* i = 160: bytes 158 .. 189 once more (overlapping: the same values),
   * out[632 .. 760); then the last coefficient from byte 190 (its fields
   * 1-3 are dropped, as in the portable decoder). */
  small_unpack32 (out + 4 * 158, in + 158);
  t = in[190] & 3;
  out[P - 1] = (int8_t) (t - 1 - 3 * ((t >> 1) & t & 1));
}


/* Small_random on 4 P bytes: coefficient i = ((l mod 2^30) 3) / 2^30 - 1
 * for the little-endian word l at BUF + 4 i, 32 coefficients per step
 * (four 8-word vectors; the two packs interleave 128-bit halves, which
 * the final dword permutation undoes), the last 25 in scalar code.
 * Constant time. */
void KC_AVX2
_kc_sntrup761_small_from_bytes_avx2 (int8_t out[P], const unsigned char *buf)
{
  const __m256i mask = _mm256_set1_epi32 (0x3fffffff);
  const __m256i three = _mm256_set1_epi32 (3), one = _mm256_set1_epi8 (1);
  const __m256i order = _mm256_setr_epi32 (0, 4, 1, 5, 2, 6, 3, 7);
  __m256i x[4];
  size_t i;
  int k;

  for (i = 0; i + 32 <= P; i += 32)
    {
      for (k = 0; k < 4; k++)
        {
          x[k] = _mm256_loadu_si256 ((const __m256i *) (buf + 4 * i + 32 * k));
          x[k] = _mm256_srli_epi32 (_mm256_mullo_epi32 (_mm256_and_si256 (x[k], mask),
                                                        three), 30);
        }
      x[0] = _mm256_packus_epi16 (_mm256_packus_epi32 (x[0], x[1]),
                                  _mm256_packus_epi32 (x[2], x[3]));
      x[0] = _mm256_permutevar8x32_epi32 (x[0], order);
      _mm256_storeu_si256 ((__m256i *) (out + i), _mm256_sub_epi8 (x[0], one));
    }
  for (; i < P; i++)
    {
      uint32_t l = (uint32_t) buf[4 * i] | (uint32_t) buf[4 * i + 1] << 8
        | (uint32_t) buf[4 * i + 2] << 16 | (uint32_t) buf[4 * i + 3] << 24;
      out[i] = (int8_t) ((int32_t) (((l & 0x3fffffff) * 3u) >> 30) - 1);
    }
  wipememory (x, sizeof x);
}

/* ---- Small_encode, 32 coefficients (8 bytes) per step ---- */

/* Byte j of the result: sum_k (c[4j + k] + 1) 4^k for the 32 int8 at IN
 * (entries in {-1, 0, 1}): vpmaddubsw by (1, 4) gives u0 + 4 u1 per
 * 16-bit lane, vpmaddwd by (1, 16) the whole byte value per 32-bit lane. */
static inline KC_AVX2 __m256i
small_pack32 (const int8_t *in)
{
  __m256i u = _mm256_add_epi8 (_mm256_loadu_si256 ((const __m256i *) in),
                               _mm256_set1_epi8 (1));
  __m256i w = _mm256_maddubs_epi16 (u, _mm256_set1_epi16 (1 | (4 << 8)));
  return _mm256_madd_epi16 (w, _mm256_set1_epi32 (1 | (16 << 16)));
}

void KC_AVX2
_kc_sntrup761_small_encode_avx2 (unsigned char out[191], const int8_t in[P])
{
  const __m256i order = _mm256_setr_epi32 (0, 4, 1, 5, 2, 6, 3, 7);
  size_t i;

  /* 128 coefficients -> 32 bytes; dwords of the packs come out as
   * a0-3 b0-3 c0-3 d0-3 | a4-7 b4-7 c4-7 d4-7.  i = 0 .. 512, then 632
   * (overlapping: the same bytes again) for out[158 .. 190). */
  for (i = 0; i <= 632; i = i == 512 ? 632 : i + 128)
    {
      __m256i a = small_pack32 (in + i);
      __m256i b = small_pack32 (in + i + 32);
      __m256i c = small_pack32 (in + i + 64);
      __m256i d = small_pack32 (in + i + 96);
      __m256i x = _mm256_packus_epi16 (_mm256_packus_epi32 (a, b),
                                       _mm256_packus_epi32 (c, d));
      _mm256_storeu_si256 ((__m256i *) (out + i / 4),
                           _mm256_permutevar8x32_epi32 (x, order));
    }
  out[190] = (unsigned char) (in[P - 1] + 1);
}

/* ---- coefficient-wise steps of encapsulation / decapsulation ---- */

/* round (x / 3) for 16 int16 lanes with |x| <= 2295: vpmulhrsw by 10923
 * gives round (x 10923 / 2^15), off x/3 by |x| 2^-15 / 3 < 0.024, while
 * x/3 is at least 1/6 away from any half-integer: exact. */
static inline KC_AVX2 __m256i
div3_round16 (__m256i x)
{
  return _mm256_mulhrs_epi16 (x, _mm256_set1_epi16 (10923));
}

void KC_AVX2
_kc_sntrup761_round_avx2 (int16_t c[P])
{
  size_t i;

  for (i = 0; i + 16 <= P; i += 16)
    {
      __m256i x = _mm256_loadu_si256 ((const __m256i *) (c + i));
      __m256i t = div3_round16 (x);
      _mm256_storeu_si256 ((__m256i *) (c + i),
                           _mm256_add_epi16 (t, _mm256_add_epi16 (t, t)));
    }
  for (; i < P; i++)
    {
      int32_t x = c[i];
      /* the same rounding in scalar form */
      int32_t t = (x * 10923 * 2 + 32768) >> 16;
      c[i] = (int16_t) (3 * t);
    }
}

void KC_AVX2
_kc_sntrup761_times3_mod3_avx2 (int8_t e[P], const int16_t cf[P])
{
  const __m256i q = _mm256_set1_epi16 (Q);
  const __m256i qh = _mm256_set1_epi16 (Q_HALF);
  const __m256i nqh = _mm256_set1_epi16 (-Q_HALF);
  size_t i;

  for (i = 0; i + 16 <= P; i += 16)
    {
      __m256i x, y, r;
      __m128i lo;
      x = _mm256_loadu_si256 ((const __m256i *) (cf + i));
      /* 3 x in [-6885, 6885] = [-3 q12, 3 q12]: two conditional
       * subtractions / additions of q bring it to [-q12, q12]. */
      x = _mm256_add_epi16 (x, _mm256_add_epi16 (x, x));
      x = _mm256_sub_epi16 (x, _mm256_and_si256 (_mm256_cmpgt_epi16 (x, qh), q));
      x = _mm256_sub_epi16 (x, _mm256_and_si256 (_mm256_cmpgt_epi16 (x, qh), q));
      x = _mm256_add_epi16 (x, _mm256_and_si256 (_mm256_cmpgt_epi16 (nqh, x), q));
      x = _mm256_add_epi16 (x, _mm256_and_si256 (_mm256_cmpgt_epi16 (nqh, x), q));
      y = div3_round16 (x);
      r = _mm256_sub_epi16 (x, _mm256_add_epi16 (y, _mm256_add_epi16 (y, y)));
      lo = _mm_packs_epi16 (_mm256_castsi256_si128 (r),
                            _mm256_extracti128_si256 (r, 1));
      _mm_storeu_si128 ((__m128i *) (e + i), lo);
    }
  for (; i < P; i++)
    e[i] = _kc_sntrup761_f3_freeze (_kc_sntrup761_fq_freeze (3 * (int32_t) cf[i]));
}

void KC_AVX2
_kc_sntrup761_weight_fix_avx2 (int8_t r[P], const int8_t ev[P])
{
  const __m256i zero = _mm256_setzero_si256 (), one = _mm256_set1_epi8 (1);
  __m256i acc = zero, badv;
  int8_t fx[P];
  uint64_t lanes[4];
  uint32_t weight, bad;
  size_t i;

  /* Weight: the bytes ev & 1 summed by vpsadbw (4 uint64 lanes). */
  for (i = 0; i + 32 <= P; i += 32)
    acc = _mm256_add_epi64 (acc, _mm256_sad_epu8
                            (_mm256_and_si256 (_mm256_loadu_si256
                                               ((const __m256i *) (ev + i)),
                                               one), zero));
  _mm256_storeu_si256 ((__m256i *) lanes, acc);
  weight = (uint32_t) (lanes[0] + lanes[1] + lanes[2] + lanes[3]);
  for (; i < P; i++)
    weight += (uint32_t) (ev[i] & 1);
  bad = ct_mask_nonzero_u32 (weight - 286);

  /* The fixed vector (1^w, 0^(p-w)): public. */
  memset (fx, 1, 286);
  memset (fx + 286, 0, P - 286);
  badv = _mm256_set1_epi32 ((int32_t) bad);
  for (i = 0; i + 32 <= P; i += 32)
    _mm256_storeu_si256 ((__m256i *) (r + i), _mm256_blendv_epi8
                         (_mm256_loadu_si256 ((const __m256i *) (ev + i)),
                          _mm256_loadu_si256 ((const __m256i *) (fx + i)),
                          badv));
  for (; i < P; i++)
    r[i] = (int8_t) ct_select_u32 (bad, (uint32_t) (int32_t) fx[i],
                                   (uint32_t) (int32_t) ev[i]);
  wipememory (&acc, sizeof acc);
  wipememory (lanes, sizeof lanes);
  wipememory (&weight, sizeof weight);
}

#endif /* KC_USE_X86_64 */
