/* sntrup761-avx512.c - AVX-512 kernels for sntrup761 (contracts in
 * sntrup761-avx512.h)
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The Rq reciprocal: the fixed-schedule divsteps of the NTRU Prime
 * reference (2p - 1 = 1521 iterations), as in sntrup761-avx2-recip.c, with 32
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

#include <string.h>

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

#ifdef KC_VERIFY
/* --enable-verify: every lane of f, g, v, r within lincomb's bound. */
static void
check_lanes512 (const struct recip3_state512 *s)
{
  int i;
  for (i = 0; i < 32 * NW; i++)
    {
      KC_VERIFY_CHECK (s->f[i] >= -9182 && s->f[i] <= 9182);
      KC_VERIFY_CHECK (s->g[i] >= -9182 && s->g[i] <= 9182);
      KC_VERIFY_CHECK (s->v[i] >= -9182 && s->v[i] <= 9182);
      KC_VERIFY_CHECK (s->r[i] >= -9182 && s->r[i] <= 9182);
    }
}
#endif

/* The divsteps on S, whose g holds the input reversed (frozen); out =
 * 1/(3 in).  Same algorithm, scaling remark and lane bounds as
 * rq_recip3_core in sntrup761-avx2-recip.c: iteration n needs lanes < min (p +
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
      for (j = 0; j <= jv || j + 1 < jf; j++)
        {
          if (j <= jv)
            {
              __m512i vo = LD (s->v, j), rv = LD (s->r, j);
              __m512i vs = _mm512_permutex2var_epi16 (vprev, up, vo);
              ST (s->v, j, _mm512_mask_blend_epi16 (sw, vs, rv));
              ST (s->r, j, lincomb512 (rv, fs, vs, gs, qv));
              vprev = vo;
            }
          if (j + 1 < jf)
            {
              __m512i fv = LD (s->f, j + 1), gv = LD (s->g, j + 1);
              __m512i gn = lincomb512 (gv, fs, fv, gs, qv);
              ST (s->f, j + 1, _mm512_mask_blend_epi16 (sw, fv, gv));
              ST (s->g, j, _mm512_permutex2var_epi16 (prev, down, gn));
              prev = gn;
            }
        }
      ST (s->g, jf - 1,
          _mm512_permutex2var_epi16 (prev, down,
                                     jf < NW ? LD (s->g, jf)
                                     : _mm512_setzero_si512 ()));
      KC_VERIFY_ONLY (check_lanes512 (s));
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

/* g = IN reversed, from small (IN8) or frozen (IN16) coefficients. */
KC_AVX512 static int
rq_recip3_any512 (int16_t out[P], const int8_t *in8, const int16_t *in16)
{
  struct recip3_state512 s;
  int i;

  recip3_init512 (&s);
  for (i = 0; i < P; i++)
    s.g[P - 1 - i] = in8 ? in8[i] : in16[i];
  return rq_recip3_core512 (out, &s);
}

KC_AVX512 int
_kc_sntrup761_rq_recip3_avx512 (int16_t out[P], const int8_t in[P])
{
  return rq_recip3_any512 (out, in, NULL);
}

KC_AVX512 int
_kc_sntrup761_rq_recip3_fq_avx512 (int16_t out[P], const int16_t in[P])
{
  return rq_recip3_any512 (out, NULL, in);
}

/* ---- R3 reciprocal, bitsliced in registers ----
 *
 * The AVX2 kernel's bit planes (m = [x != 0], s = [x = -1]) with 512-bit
 * words: a 768-coefficient polynomial is two words per plane, so f, g,
 * v, r are 16 zmm registers for the whole loop.  The F3 multiply-add is
 * three-input logic (vpternlog), the one-bit shifts of a plane a
 * qword-align of the neighbouring word and two shifts. */

/* x + c y in F3 (the formulas of f3_addmul in sntrup761-avx2-recip.c), c given
 * as broadcast masks cm = [c != 0], cs = [c = -1]:
 *   m_r = (m_x | m') & ~(m_x & m' & t), t = s_x ^ s_y ^ cs, m' = m_y & cm
 *   s_r = s_x ^ (m' & (t ^ m_x)) */
KC_AVX512 static inline void
f3_addmul512 (__m512i *rm, __m512i *rs, __m512i xm, __m512i xs,
              __m512i ym, __m512i ys, __m512i cm, __m512i cs)
{
  __m512i m2 = _mm512_and_si512 (ym, cm);
  __m512i t = _mm512_ternarylogic_epi64 (xs, ys, cs, 0x96);        /* a^b^c */
  *rm = _mm512_ternarylogic_epi64 (xm, m2, t, 0x7c);    /* (a|b)&~(a&b&c) */
  *rs = _mm512_ternarylogic_epi64 (xs, m2, _mm512_xor_si512 (t, xm), 0x78);
}                                                       /* a^(b&c) */

/* Plane shifts by one bit over the two words (lo, hi).
 * down: bit i <- bit i + 1 (zero in at the top); up: bit i <- bit i - 1
 * (zero in at the bottom; bits past 767 stay zero for v, r as the lane
 * bounds of the Rq version say). */
KC_AVX512 static inline void
plane_down (__m512i *lo, __m512i *hi)
{
  __m512i z = _mm512_setzero_si512 ();
  __m512i nlo = _mm512_alignr_epi64 (*hi, *lo, 1), nhi = _mm512_alignr_epi64 (z, *hi, 1);
  *lo = _mm512_or_si512 (_mm512_srli_epi64 (*lo, 1), _mm512_slli_epi64 (nlo, 63));
  *hi = _mm512_or_si512 (_mm512_srli_epi64 (*hi, 1), _mm512_slli_epi64 (nhi, 63));
}

KC_AVX512 static inline __m512i
word_up (__m512i x, __m512i prev)
{
  __m512i p = _mm512_alignr_epi64 (x, prev, 7);  /* prev7, x0 .. x6 */
  return _mm512_or_si512 (_mm512_slli_epi64 (x, 1), _mm512_srli_epi64 (p, 63));
}

/* int8 coefficients in {-1, 0, 1}, 768 of them, to two words per plane. */
KC_AVX512 static void
f3_pack512 (__m512i m[2], __m512i s[2], const int8_t a[768])
{
  uint64_t mw[16], sw[16];
  int i;
  for (i = 0; i < 12; i++)
    {
      __m512i v = _mm512_loadu_si512 ((const void *) (a + 64 * i));
      mw[i] = _mm512_test_epi8_mask (v, v);
      sw[i] = _mm512_movepi8_mask (v);
    }
  for (; i < 16; i++)
    mw[i] = sw[i] = 0;
  m[0] = _mm512_loadu_si512 ((const void *) mw);
  m[1] = _mm512_loadu_si512 ((const void *) (mw + 8));
  s[0] = _mm512_loadu_si512 ((const void *) sw);
  s[1] = _mm512_loadu_si512 ((const void *) (sw + 8));
  wipememory (mw, sizeof mw);
  wipememory (sw, sizeof sw);
}

KC_AVX512 static void
f3_unpack512 (int8_t a[768], __m512i m0, __m512i m1, __m512i s0, __m512i s1)
{
  uint64_t mw[16], sw[16];
  int i;
  _mm512_storeu_si512 ((void *) mw, m0);
  _mm512_storeu_si512 ((void *) (mw + 8), m1);
  _mm512_storeu_si512 ((void *) sw, s0);
  _mm512_storeu_si512 ((void *) (sw + 8), s1);
  for (i = 0; i < 12; i++)
    {
      /* m ? (s ? -1 : 1) : 0 */
      __m512i vm = _mm512_movm_epi8 (mw[i]), vs = _mm512_movm_epi8 (sw[i]);
      _mm512_storeu_si512 ((void *) (a + 64 * i),
                           _mm512_and_si512 (vm, _mm512_or_si512 (vs, _mm512_set1_epi8 (1))));
    }
  wipememory (mw, sizeof mw);
  wipememory (sw, sizeof sw);
}

/* All ones / zero in every qword from a 0/1 flag. */
KC_AVX512 static inline __m512i
flag_vec512 (uint32_t flag)
{
  return _mm512_set1_epi64 ((int64_t) (int32_t) ct_mask_from_flag_u32 (flag));
}

/* The divsteps of _kc_sntrup761_r3_recip_avx2 (same scalars, scaling
 * remark and lane bounds, in 512-coefficient words: f, g need word 1
 * while L(n) = min (p + 1, 2p - n) > 512; v, r from n = 512 on). */
KC_AVX512 int
_kc_sntrup761_r3_recip_avx512 (int8_t out[P], const int8_t in[P])
{
  int8_t t8[768] __attribute__ ((aligned (64)));
  __m512i fm[2], fs[2], gm[2], gs[2], vm[2], vs[2], rm[2], rs[2];
  uint32_t f0m = 1, f0s = 0, g0m, g0s;
  int32_t delta = 1, t;
  int i, n;

  memset (t8, 0, sizeof t8);
  t8[0] = 1;
  t8[P - 1] = t8[P] = -1;
  f3_pack512 (fm, fs, t8);
  memset (t8, 0, sizeof t8);
  for (i = 0; i < P; i++)
    t8[P - 1 - i] = in[i];
  f3_pack512 (gm, gs, t8);
  memset (t8, 0, sizeof t8);
  t8[0] = 1;
  f3_pack512 (rm, rs, t8);
  vm[0] = vm[1] = vs[0] = vs[1] = _mm512_setzero_si512 ();
  g0m = (uint32_t) _mm_cvtsi128_si32 (_mm512_castsi512_si128 (gm[0])) & 1;
  g0s = (uint32_t) _mm_cvtsi128_si32 (_mm512_castsi512_si128 (gs[0])) & 1;

  for (n = 0; n < 2 * P - 1; n++)
    {
      uint32_t swap = mask_negative (-delta) & ct_mask_nonzero_u32 (g0m);
      __mmask8 sw = (__mmask8) swap;
      __m512i cm = flag_vec512 (f0m & g0m), cs = flag_vec512 (1 ^ f0s ^ g0s);
      __m512i nm, ns, um, us;
      int two_fg = 2 * P - n > 512, two_vr = n >= 512;

      delta = (int32_t) ct_select_u32 (swap, (uint32_t) -delta, (uint32_t) delta) + 1;
      f0m = ct_select_u32 (swap, g0m, f0m);
      f0s = ct_select_u32 (swap, g0s, f0s);

      /* g <- g + c f, f <- g on swap; word 1 only while it matters
       * (else it keeps its stale, never again needed bits). */
      f3_addmul512 (&nm, &ns, gm[0], gs[0], fm[0], fs[0], cm, cs);
      fm[0] = _mm512_mask_blend_epi64 (sw, fm[0], gm[0]);
      fs[0] = _mm512_mask_blend_epi64 (sw, fs[0], gs[0]);
      gm[0] = nm;
      gs[0] = ns;
      if (two_fg)
        {
          f3_addmul512 (&nm, &ns, gm[1], gs[1], fm[1], fs[1], cm, cs);
          fm[1] = _mm512_mask_blend_epi64 (sw, fm[1], gm[1]);
          fs[1] = _mm512_mask_blend_epi64 (sw, fs[1], gs[1]);
          gm[1] = nm;
          gs[1] = ns;
        }
      else
        gm[1] = gs[1] = _mm512_setzero_si512 ();
      g0m = (uint32_t) (_mm_cvtsi128_si32 (_mm512_castsi512_si128 (gm[0])) >> 1) & 1;
      g0s = (uint32_t) (_mm_cvtsi128_si32 (_mm512_castsi512_si128 (gs[0])) >> 1) & 1;
      plane_down (&gm[0], &gm[1]);
      plane_down (&gs[0], &gs[1]);

      /* v <- x v; r <- r + c v, v <- r on swap. */
      if (two_vr)
        {
          um = word_up (vm[1], vm[0]);
          us = word_up (vs[1], vs[0]);
          vm[1] = _mm512_mask_blend_epi64 (sw, um, rm[1]);
          vs[1] = _mm512_mask_blend_epi64 (sw, us, rs[1]);
          f3_addmul512 (&rm[1], &rs[1], rm[1], rs[1], um, us, cm, cs);
        }
      um = word_up (vm[0], _mm512_setzero_si512 ());
      us = word_up (vs[0], _mm512_setzero_si512 ());
      vm[0] = _mm512_mask_blend_epi64 (sw, um, rm[0]);
      vs[0] = _mm512_mask_blend_epi64 (sw, us, rs[0]);
      f3_addmul512 (&rm[0], &rs[0], rm[0], rs[0], um, us, cm, cs);
    }

  /* out = f[0] * v reversed (f[0] = +-1 when invertible). */
  f3_unpack512 (t8, vm[0], vm[1], vs[0], vs[1]);
  for (i = 0; i < P; i++)
    {
      int32_t x = t8[P - 1 - i];
      x = (int32_t) ct_select_u32 (ct_mask_from_flag_u32 (f0m), (uint32_t) x, 0);
      x = (int32_t) ct_select_u32 (ct_mask_from_flag_u32 (f0s), (uint32_t) -x, (uint32_t) x);
      out[i] = (int8_t) x;
    }

  t = (int32_t) ct_mask_nonzero_u32 ((uint32_t) delta);
  wipememory (t8, sizeof t8);
  wipememory (fm, sizeof fm);
  wipememory (fs, sizeof fs);
  wipememory (gm, sizeof gm);
  wipememory (gs, sizeof gs);
  wipememory (vm, sizeof vm);
  wipememory (vs, sizeof vs);
  wipememory (rm, sizeof rm);
  wipememory (rs, sizeof rs);
  wipememory (&f0m, sizeof f0m);
  wipememory (&f0s, sizeof f0s);
  wipememory (&g0m, sizeof g0m);
  wipememory (&g0s, sizeof g0s);
  return t;
}

#endif /* KC_USE_X86_64 */
