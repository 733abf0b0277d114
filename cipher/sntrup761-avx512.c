/* sntrup761-avx512.c - AVX-512 kernels for sntrup761 (contracts in
 * sntrup761-avx512.h)
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The Rq reciprocal: the fixed-schedule divsteps of the NTRU Prime
 * reference (2p - 1 = 1521 iterations), as in sntrup761-avx2.c, with 32
 * int16 lanes a vector.  Each of f, g, v, r is 24 aligned zmm words in
 * place; the shifts (g down by one lane, v up by one, every iteration)
 * are done in registers with a two-source lane permutation of the
 * neighbouring words, so every load and store is one aligned 64-byte
 * word: no access splits a cache line or a page, and the cost does not
 * depend on where the work state lies (the AVX2 kernel's moving
 * unaligned windows did).
 *
 * valgrind cannot run AVX-512, so t-ctime does not see this file: it is
 * straight-line code over public lengths (the loop bounds depend on the
 * iteration count only), every secret selection is a mask blend or goes
 * through ct.h, and t-sntrup761-avx2 compares it with the portable path.
 */
#include "kcrypt-int.h"
#include "ct.h"
#include "sntrup761-avx512.h"
#include "sntrup761.h"

#ifdef KC_USE_X86_64

#include <immintrin.h>

#include "sntrup761-fq.h"

#define NW 24                   /* zmm words of 32 lanes: 768 >= p + 1 */

#define KC_AVX512 __attribute__ ((target ("avx512f,avx512bw")))

/* A scalar multiplier: B (frozen) and B' = round (B 2^15 / q). */
struct fq_scalar512
{
  __m512i b, bs;
};

KC_AVX512 static inline struct fq_scalar512
fq_scalar512 (int32_t b)
{
  struct fq_scalar512 r;
  r.b = _mm512_set1_epi16 ((int16_t) b);
  r.bs = _mm512_set1_epi16 ((int16_t) fq_shoup (b));
  return r;
}

/* x B + y C mod q, lazily reduced: the AVX2 kernel's lincomb on 32 lanes,
 * with its bound (any int16 x, y give |result| <= 9182, and inputs within
 * 9182 keep it there). */
KC_AVX512 static inline __m512i
lincomb512 (__m512i x, struct fq_scalar512 b, __m512i y,
            struct fq_scalar512 c, __m512i q)
{
  __m512i t = _mm512_add_epi16 (_mm512_mulhrs_epi16 (x, b.bs),
                                _mm512_mulhrs_epi16 (y, c.bs));
  __m512i v = _mm512_add_epi16 (_mm512_mullo_epi16 (x, b.b),
                                _mm512_mullo_epi16 (y, c.b));
  return _mm512_sub_epi16 (v, _mm512_mullo_epi16 (t, q));
}

struct recip3_state512
{
  int16_t f[32 * NW] __attribute__ ((aligned (64)));
  int16_t g[32 * NW] __attribute__ ((aligned (64)));
  int16_t v[32 * NW] __attribute__ ((aligned (64)));
  int16_t r[32 * NW] __attribute__ ((aligned (64)));
};

/* Word J of the lane array A (aligned). */
#define LD(a, j) _mm512_load_si512 ((const void *) ((a) + 32 * (j)))
#define ST(a, j, x) _mm512_store_si512 ((void *) ((a) + 32 * (j)), (x))

/* The divsteps on S, whose g holds the input reversed (frozen); out =
 * 1/(3 in).  Same algorithm, scaling remark and lane bounds as
 * rq_recip3_core in sntrup761-avx2.c: iteration n needs lanes < min (p +
 * 1, 2p - n) of f and g, lanes <= n of v and r.  g is shifted down as it
 * is stored: new g word j = lanes 1..31 of the combination of word j and
 * lane 0 of that of word j + 1 (of the stale word above the last one
 * computed, or zero at the top: lanes that are never needed again, and
 * zero above p while all words are computed, as the reference's shift
 * brings in).  v is shifted up as it is loaded: lane 31 of the old word j
 * - 1 (zero below word 0) and lanes 0..30 of word j. */
KC_AVX512 static int
rq_recip3_core512 (int16_t out[P], struct recip3_state512 *s)
{
  const __m512i qv = _mm512_set1_epi16 (Q);
  const __m512i down = _mm512_set_epi16 (32, 31, 30, 29, 28, 27, 26, 25,
                                         24, 23, 22, 21, 20, 19, 18, 17,
                                         16, 15, 14, 13, 12, 11, 10, 9,
                                         8, 7, 6, 5, 4, 3, 2, 1);
  const __m512i up = _mm512_set_epi16 (62, 61, 60, 59, 58, 57, 56, 55,
                                       54, 53, 52, 51, 50, 49, 48, 47,
                                       46, 45, 44, 43, 42, 41, 40, 39,
                                       38, 37, 36, 35, 34, 33, 32, 31);
    int32_t delta = 1, f0 = 1, g0, t;
  int i, j, n;

  g0 = s->g[0];
  for (n = 0; n < 2 * P - 1; n++)
    {
      uint32_t swap = mask_negative (-delta) & ct_mask_nonzero_u32 ((uint32_t) g0);
      __mmask32 sw = (__mmask32) swap;
      int lf = 2 * P - n < P + 1 ? 2 * P - n : P + 1;
      int jf = (lf + 31) / 32;
      int jv = n / 32 < NW - 1 ? n / 32 : NW - 1;
      struct fq_scalar512 fs = fq_scalar512 (f0), gs = fq_scalar512 (-g0);
      __m512i prev, vprev = _mm512_setzero_si512 ();

      /* g <- (f0 g - g0 f) / x, r <- f0 r - g0 (x v) from the values
       * before the swap; f <- g, v <- r on swap. */
      delta = (int32_t) ct_select_u32 (swap, (uint32_t) -delta, (uint32_t) delta) + 1;
      f0 = (int32_t) ct_select_u32 (swap, (uint32_t) g0, (uint32_t) f0);

      {
        __m512i fv = LD (s->f, 0), gv = LD (s->g, 0);
        prev = lincomb512 (gv, fs, fv, gs, qv);
        ST (s->f, 0, _mm512_mask_blend_epi16 (sw, fv, gv));
        g0 = fq_freeze32 ((int16_t) _mm_extract_epi16 (_mm512_castsi512_si128 (prev), 1));
      }
      for (j = 0; j <= jv; j++)
        {
          __m512i vo = LD (s->v, j), rv = LD (s->r, j);
          __m512i vs = _mm512_permutex2var_epi16 (vprev, up, vo);
          ST (s->v, j, _mm512_mask_blend_epi16 (sw, vs, rv));
          ST (s->r, j, lincomb512 (rv, fs, vs, gs, qv));
          vprev = vo;
          if (j + 1 < jf)
            {
              __m512i fv = LD (s->f, j + 1), gv = LD (s->g, j + 1);
              __m512i gn = lincomb512 (gv, fs, fv, gs, qv);
              ST (s->f, j + 1, _mm512_mask_blend_epi16 (sw, fv, gv));
              ST (s->g, j, _mm512_permutex2var_epi16 (prev, down, gn));
              prev = gn;
            }
        }
      for (; j + 1 < jf; j++)
        {
          __m512i fv = LD (s->f, j + 1), gv = LD (s->g, j + 1);
          __m512i gn = lincomb512 (gv, fs, fv, gs, qv);
          ST (s->f, j + 1, _mm512_mask_blend_epi16 (sw, fv, gv));
          ST (s->g, j, _mm512_permutex2var_epi16 (prev, down, gn));
          prev = gn;
        }
      ST (s->g, jf - 1,
          _mm512_permutex2var_epi16 (prev, down,
                                     jf < NW ? LD (s->g, jf)
                                     : _mm512_setzero_si512 ()));
    }

  /* out = v reversed, divided by f[0]. */
  t = fq_recip (f0);
  for (i = 0; i < P; i++)
    out[i] = (int16_t) fq_mul (t, fq_freeze32 (s->v[P - 1 - i]));

  t = (int32_t) ct_mask_nonzero_u32 ((uint32_t) delta);
  wipememory (s, sizeof *s);
  wipememory (&f0, sizeof f0);
  wipememory (&g0, sizeof g0);
  return t;
}

/* The state starts as f = x^p - x - 1 (reversed: 1, 0, ..., 0, -1, -1),
 * g = IN reversed, v = 0, r = 1/3. */
KC_AVX512 static void
recip3_init512 (struct recip3_state512 *s)
{
  memset (s, 0, sizeof *s);
  s->f[0] = 1;
  s->f[P - 1] = s->f[P] = -1;
  s->r[0] = RECIP3;
}

KC_AVX512 int
_kc_sntrup761_rq_recip3_avx512 (int16_t out[P], const int8_t in[P])
{
  struct recip3_state512 s;
  int i;

  recip3_init512 (&s);
  for (i = 0; i < P; i++)
    s.g[P - 1 - i] = in[i];
  return rq_recip3_core512 (out, &s);
}

KC_AVX512 int
_kc_sntrup761_rq_recip3_fq_avx512 (int16_t out[P], const int16_t in[P])
{
  struct recip3_state512 s;
  int i;

  recip3_init512 (&s);
  for (i = 0; i < P; i++)
    s.g[P - 1 - i] = in[i];
  return rq_recip3_core512 (out, &s);
}

#endif /* KC_USE_X86_64 */
