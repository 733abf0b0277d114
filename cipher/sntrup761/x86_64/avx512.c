/* sntrup761/x86_64/avx512.c - AVX-512 kernels for sntrup761 (contracts in
 * sntrup761/x86_64/avx512.h)
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The Rq reciprocal: the fixed-schedule divsteps of the NTRU Prime
 * reference (2p - 1 = 1521 iterations), as in sntrup761/x86_64/avx2-recip.c,
 * eight at a time (the jumps described below).  The R3
 * reciprocal: the same divsteps on bit planes, in registers.
 *
 * valgrind cannot run AVX-512, so t-ctime does not see this file: it is
 * straight-line code over public lengths (the loop bounds depend on the
 * iteration count only), every secret selection is a mask blend or goes
 * through ct.h, and t-sntrup761-avx2 compares it with the portable path.
 */
#include "kcrypt-int.h"
#include "ct.h"
#include "sntrup761/x86_64/avx512.h"
#include "sntrup761/sntrup761.h"

#ifdef KC_USE_X86_64

#include <immintrin.h>
#include "ct-msan-x86.h"           /* MSan builds: see there */

#include "sntrup761/x86_64/fq.h"

#define KC_AVX512 KC_ISA_TARGET (KC_SNTRUP761_AVX512_ISA)

#include <string.h>

/* ---- the Rq reciprocal in jumps of KJ divsteps ----
 *
 * The divsteps of rq_recip3_core in sntrup761/x86_64/avx2-recip.c (the same
 * swap rule and lane bounds), KJ at a time.  The decisions of KJ steps
 * depend on the bottom KJ coefficients of f and g only, so the steps are
 * run on those alone, in two registers that also carry the 2 x 2 matrix M
 * (entries polynomials in 1/x of degree <= KJ) taking the jump's (f, g)
 * to the new one: the f row is [f mod x^KJ | M11 | M12], the g row
 * [g mod x^KJ | M21 | M22], and a step is the rows' lincomb, blend and
 * shift (the truncated g down, its matrix entries up: / x).  Then all of
 * f, g, v and r cross the jump at once, each new coefficient a dot
 * product of KJ + 1 (f, g) or KJ + 2 (v, r) neighbouring pairs with
 * weight pairs from M:
 *   f'[j] = sum_m M11[m] f[j+m] + M12[m] g[j+m]   (g' with M21, M22)
 *   v'[j] = sum_d M11[KJ-d] v[j-d] + M12[KJ-1-d] r[j-d]
 *   r'[j] = sum_d M21[KJ+1-d] v[j-d] + M22[KJ-d] r[j-d]
 * (a step maps (v, r) by D_r M_step D_c, D_r = diag (1, x), D_c = diag
 * (x, 1), and D_c D_r = x, so KJ steps map it by x^(KJ-1) D_r M D_c).
 * The pairs sit in int32 words (f | g << 16, v | r << 16), so one
 * vpdpwssd (AVX-512 VNNI; else vpmaddwd and vpaddd) is one term of 16
 * coefficients of f' (or g', v', r'); the passes and the driver are the
 * template sntrup761/x86_64/avx512-jump.h, included for both.  The sum is
 * reduced once, by Montgomery, which scales every part of the state by
 * 2^-16 per jump: v / f[0], the result, does not change.
 *
 * Bounds: the weights are frozen (|M| <= 2295), the state is within B =
 * 7700: a sum has at most 2 (KJ + 2) = 20 products, |sum| <= 20 * 2295 *
 * B < 2^28.4, and the reduction gives |sum| / 2^16 + q/2 <= 0.7004 B +
 * 2295.5 <= B.  Lanes are needed as in the one-step kernels: f, g below
 * min (p + 1, 2p - n) (new lanes read KJ lanes up, which are needed or
 * zero above p), v, r up to min (n, p) (new lanes read lower ones only,
 * zero below 0 and, exactly, above the degree). */

#define KJ 8                    /* divsteps a jump */
#define JB 16                   /* pairs a block: one zmm of int32 */
#define JFG (768 + JB)          /* f, g pairs 0..767, zeros above */
#define JVOFF (2 * JB)          /* v, r pair j at JVOFF + j, zeros below */
#define JVR (JVOFF + 768)
#define QINV 15631              /* 1/q mod 2^16 */

struct recip3_jump512
{
  int32_t fg[JFG] __attribute__ ((aligned (64)));  /* f[j] | g[j] << 16 */
  int32_t vr[JVR] __attribute__ ((aligned (64)));  /* v[j] | r[j] << 16 */
  struct
  {
    int32_t f[JB] __attribute__ ((aligned (64)));  /* f' weight pairs, term m */
    int32_t g[JB] __attribute__ ((aligned (64)));
    int32_t v[JB] __attribute__ ((aligned (64)));  /* v' weight pairs, term d */
    int32_t r[JB] __attribute__ ((aligned (64)));
  } w[2];                       /* this jump's and the next one's */
  int16_t ixw[32] __attribute__ ((aligned (64)));  /* rows to weights */
  int16_t ixv[32] __attribute__ ((aligned (64)));
  int16_t ixr[32] __attribute__ ((aligned (64)));
};

/* Centered residues of lanes within 9182 (lincomb's bound): one rounded
 * quotient by 7/2^15 (within 0.54 of x/q), one correction each way. */
KC_AVX512 static inline __m512i
freeze512 (__m512i x)
{
  const __m512i qv = _mm512_set1_epi16 (Q), h = _mm512_set1_epi16 (Q_HALF);
  __m512i r = _mm512_sub_epi16 (x, _mm512_mullo_epi16
                                (_mm512_mulhrs_epi16 (x, _mm512_set1_epi16 (7)), qv));
  r = _mm512_mask_sub_epi16 (r, _mm512_cmpgt_epi16_mask (r, h), r, qv);
  return _mm512_mask_add_epi16 (r, _mm512_cmpgt_epi16_mask
                                (_mm512_sub_epi16 (_mm512_setzero_si512 (), h), r), r, qv);
}

/* The word of pairs (lo' | hi' << 16) from two int32 sums, each reduced
 * by Montgomery: a' = (a - t q) / 2^16 with t = a / q mod 2^16.  The low
 * 16 bits of a and of t q agree, so a' is the high half of a minus the
 * high half of t q; the two sums' halves are first regrouped (low halves
 * of LO and HI in the even and odd lanes, high halves likewise), so that
 * one vpmullw and one vpmulhw reduce both.  (Reducing each sum on its
 * own, vpmullw and vpmaddwd, took twice the multiplications, and the
 * passes are bound by the multiplier: doc/MEASUREMENTS.) */
KC_AVX512 static inline __m512i
pairs32 (__m512i lo, __m512i hi)
{
  __m512i l = _mm512_mask_blend_epi16 (0xaaaaaaaa, lo, _mm512_slli_epi32 (hi, 16));
  __m512i h = _mm512_mask_blend_epi16 (0xaaaaaaaa, _mm512_srli_epi32 (lo, 16), hi);
  __m512i t = _mm512_mullo_epi16 (l, _mm512_set1_epi16 (QINV));
  return _mm512_sub_epi16 (h, _mm512_mulhi_epi16 (t, _mm512_set1_epi16 (Q)));
}

/* x b 2^-16 mod q, |result| <= |x b| / 2^16 + q/2 + 1; BQ = b / q mod 2^16. */
KC_AVX512 static inline __m512i
mont_mul512 (__m512i x, __m512i b, __m512i bq)
{
  return _mm512_sub_epi16 (_mm512_mulhi_epi16 (x, b),
                           _mm512_mulhi_epi16 (_mm512_mullo_epi16 (x, bq),
                                               _mm512_set1_epi16 (Q)));
}

/* OUT = V reversed times T (frozen) mod q, frozen: out[i] = t v[P-1-i]
 * for v the low halves of the pairs at S->vr + JVOFF (within B), 32
 * coefficients a round.  The product is a Montgomery product by
 * t 2^16 mod q (|x b| / 2^16 + q/2 + 1 <= 2567, within freeze512's
 * bound), so the result is the exact centered residue. */
KC_AVX512 static void
jump_out512 (int16_t out[P], const struct recip3_jump512 *s, int32_t t)
{
  const __m512i rev = _mm512_set_epi16 (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13,
                                        14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25,
                                        26, 27, 28, 29, 30, 31);
  int32_t b = fq_mul (t, (1 << 16) % Q);
  __m512i bv = _mm512_set1_epi16 ((int16_t) b);
  __m512i bq = _mm512_set1_epi16 ((int16_t) (uint16_t) ((uint32_t) b * QINV));
  int i;

  for (i = 0; i < P; i += 32)
    {
      /* pairs P-32-i .. P-1-i (the last round reaches 7 into the zero
       * pad below v) */
      const int32_t *src = s->vr + JVOFF + P - 32 - i;
      __m512i lo = _mm512_loadu_si512 ((const void *) src);
      __m512i hi = _mm512_loadu_si512 ((const void *) (src + 16));
      __m512i v = _mm512_inserti64x4 (_mm512_castsi256_si512 (_mm512_cvtepi32_epi16 (lo)),
                                      _mm512_cvtepi32_epi16 (hi), 1);
      v = freeze512 (mont_mul512 (_mm512_permutexvar_epi16 (rev, v), bv, bq));
      if (P - i >= 32)
        _mm512_storeu_si512 ((void *) (out + i), v);
      else
        _mm512_mask_storeu_epi16 ((void *) (out + i),
                                  ((__mmask32) 1 << (P - i)) - 1, v);
    }
}

/* The index vectors that read the weight pairs out of the rows for a
 * jump of K steps (public). */
KC_AVX512 static void
jump_index512 (struct recip3_jump512 *s, int k)
{
  int i;
  for (i = 0; i < 32; i++)
    s->ixw[i] = s->ixv[i] = s->ixr[i] = 32;      /* 32: a zero weight */
  for (i = 0; i <= k; i++)
    {
      s->ixw[2 * i] = (int16_t) (8 + i);          /* wf, wg: M.1[m], M.2[m] */
      s->ixw[2 * i + 1] = (int16_t) (17 + i);
    }
  for (i = 0; i <= k + 1; i++)
    {
      if (i <= k)
        s->ixv[2 * i] = (int16_t) (8 + k - i);    /* wv: M11[k-d], M12[k-1-d] */
      if (i <= k - 1)
        s->ixv[2 * i + 1] = (int16_t) (17 + k - 1 - i);
      if (i >= 1)
        s->ixr[2 * i] = (int16_t) (8 + k + 1 - i);  /* wr: M21[k+1-d], M22[k-d] */
      if (i <= k)
        s->ixr[2 * i + 1] = (int16_t) (17 + k - i);
    }
}

/* The K <= KJ steps of one jump on the bottom of S->fg, and M's weight
 * pairs into S->w*: jump_steps_begin512 takes the rows from the bottom
 * block, jump_step512 is one divstep, jump_steps_end512 writes the
 * weights.  The step's scalars never leave the vector unit: f[0], g[0]
 * and delta are broadcast in every lane, the products are Montgomery
 * products by them (which scale the g row by 2^-16 a step: rows may be
 * scaled freely, f with v and g with r), and the lanes stay within 2q
 * (inputs <= B, scalars <= B give |x b| / 2^16 + q/2 + 1 <= 3202 a
 * product), so g[0] = 0 mod q is a test for 0 and +-q.  A step is a
 * chain of about 20 cycles that little else can run beside, so the
 * driver runs the next jump's steps one at a time between the rounds of
 * this jump's f, g pass (jump_fg512), whose independent dot products
 * fill the core meanwhile. */
struct jump_rows512
{
  __m512i fr, gr, f0, g0, delta;  /* delta in every lane */
};

KC_AVX512 static inline void
jump_steps_begin512 (const struct recip3_jump512 *s, struct jump_rows512 *st)
{
  const __m512i zero = _mm512_setzero_si512 (), one = _mm512_set1_epi16 (1);
  /* bottom pairs to rows; lane 8 of f and lane 17 of g: M = 1 */
  const __m512i pick = _mm512_set_epi16 (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                         0, 0, 0, 0, 0, 0, 0, 0, 14, 12, 10, 8, 6, 4, 2, 0);
  __m512i x = _mm512_load_si512 ((const void *) s->fg);
  __m512i fr = _mm512_maskz_permutexvar_epi16 (0xff, pick, x);
  __m512i gr = _mm512_maskz_permutexvar_epi16 (0xff, _mm512_add_epi16 (pick, one), x);
  st->f0 = _mm512_permutexvar_epi16 (zero, fr);
  st->g0 = _mm512_permutexvar_epi16 (zero, gr);
  st->fr = _mm512_mask_mov_epi16 (fr, (__mmask32) 1 << 8, one);
  st->gr = _mm512_mask_mov_epi16 (gr, (__mmask32) 1 << 17, one);
}

KC_AVX512 static inline void
jump_step512 (struct jump_rows512 *st)
{
  const __m512i qv = _mm512_set1_epi16 (Q), zero = _mm512_setzero_si512 ();
  const __m512i qinv = _mm512_set1_epi16 (QINV), one = _mm512_set1_epi16 (1);
  /* / x: lanes 0..6 <- 1..7, 9..16 <- 8..15, 18..25 <- 17..24, else 0 */
  const __m512i shift = _mm512_set_epi16 (0, 0, 0, 0, 0, 0, 24, 23, 22, 21, 20, 19, 18, 17,
                                          0, 15, 14, 13, 12, 11, 10, 9, 8, 0,
                                          0, 7, 6, 5, 4, 3, 2, 1);
  const __mmask32 keep = 0x03fdfe7f;
  __m512i f0 = st->f0, g0 = st->g0, fr = st->fr, gr = st->gr, delta = st->delta;
  __mmask32 sw = _mm512_cmpneq_epi16_mask (g0, zero)
    & _mm512_cmpneq_epi16_mask (g0, qv)
    & _mm512_cmpneq_epi16_mask (g0, _mm512_sub_epi16 (zero, qv))
    & _mm512_cmpgt_epi16_mask (delta, zero);
  /* g <- (f0 g - g0 f) / x, f <- g on swap */
  __m512i gn = _mm512_sub_epi16 (mont_mul512 (gr, f0, _mm512_mullo_epi16 (f0, qinv)),
                                 mont_mul512 (fr, g0, _mm512_mullo_epi16 (g0, qinv)));
  st->fr = _mm512_mask_blend_epi16 (sw, fr, gr);
  st->f0 = _mm512_mask_blend_epi16 (sw, f0, g0);
  st->delta = _mm512_add_epi16 (_mm512_mask_sub_epi16 (delta, sw, zero, delta), one);
  st->g0 = _mm512_permutexvar_epi16 (one, gn);
  st->gr = _mm512_maskz_permutexvar_epi16 (keep, shift, gn);
}

KC_AVX512 static inline void
jump_steps_end512 (struct recip3_jump512 *s, const struct jump_rows512 *st, int wb)
{
  const __m512i zero = _mm512_setzero_si512 ();
  __m512i fr = freeze512 (st->fr), gr = freeze512 (st->gr);
  _mm512_store_si512 ((void *) s->w[wb].f, _mm512_permutex2var_epi16
                      (fr, _mm512_load_si512 ((const void *) s->ixw), zero));
  _mm512_store_si512 ((void *) s->w[wb].g, _mm512_permutex2var_epi16
                      (gr, _mm512_load_si512 ((const void *) s->ixw), zero));
  _mm512_store_si512 ((void *) s->w[wb].v, _mm512_permutex2var_epi16
                      (fr, _mm512_load_si512 ((const void *) s->ixv), zero));
  _mm512_store_si512 ((void *) s->w[wb].r, _mm512_permutex2var_epi16
                      (gr, _mm512_load_si512 ((const void *) s->ixr), zero));
}

#ifdef KC_VERIFY
/* --enable-verify: the needed lanes of the state within B (above). */
static int
pair_within (int32_t w)
{
  int16_t lo = (int16_t) w, hi = (int16_t) (w >> 16);
  return lo >= -7700 && lo <= 7700 && hi >= -7700 && hi <= 7700;
}

static void
check_jump512 (const struct recip3_jump512 *s, int lf, int lv)
{
  int j;
  for (j = 0; j < lf; j++)
    KC_VERIFY_CHECK (pair_within (s->fg[j]));
  for (j = 0; j <= lv; j++)
    KC_VERIFY_CHECK (pair_within (s->vr[JVOFF + j]));
}
#endif

/* The passes and the driver, with and without VNNI. */
#define JUMP_FN KC_ISA_TARGET (KC_SNTRUP761_VNNI_ISA)
#define JUMP(name) name##_vnni
#define JUMP_DOT(a, x, w) _mm512_dpwssd_epi32 ((a), (x), (w))
#include "sntrup761/x86_64/avx512-jump.h"
#define JUMP_FN KC_AVX512
#define JUMP(name) name##_bw
#define JUMP_DOT(a, x, w) _mm512_add_epi32 ((a), _mm512_madd_epi16 ((x), (w)))
#include "sntrup761/x86_64/avx512-jump.h"

/* (the last row's gate is the caller's: KC_SNTRUP761_AVX512_HWF) */
KC_KERNEL_ROWS (jump_kernels,
                int (*recip) (int16_t out[P], const int8_t *in3,
                              const int16_t *inq)) = {
  { { "vnni", KC_SNTRUP761_VNNI_HWF, 0 }, rq_recip3_jump512_vnni },
  { { "avx512bw", 0, 0 }, rq_recip3_jump512_bw },
};
KC_KERNEL_TABLE (_kc_sntrup761_jump_kernels_table, jump_kernels);

int
_kc_sntrup761_rq_recip3_avx512 (int16_t out[P], const int8_t in[P])
{
  return KC_PICK (jump_kernels)->recip (out, in, NULL);
}

int
_kc_sntrup761_rq_recip3_fq_avx512 (int16_t out[P], const int16_t in[P])
{
  return KC_PICK (jump_kernels)->recip (out, NULL, in);
}

/* ---- R3 reciprocal, bitsliced in registers ----
 *
 * The AVX2 kernel's bit planes (m = [x != 0], s = [x = -1]) with 512-bit
 * words: a 768-coefficient polynomial is two words per plane, so f, g,
 * v, r are 16 zmm registers for the whole loop.  The F3 multiply-add is
 * three-input logic (vpternlog), the one-bit shifts of a plane a
 * qword-align of the neighbouring word and two shifts. */

/* x + c y in F3 (the formulas of f3_addmul in sntrup761/x86_64/avx2-recip.c), c given
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
