/* sntrup761/x86_64/avx512-jump.h - the passes and the driver of the AVX-512 Rq
 * reciprocal in jumps (sntrup761/x86_64/avx512.c, which describes the
 * algorithm), written once and included there twice: with AVX-512 VNNI
 * (a term is one vpdpwssd) and with AVX-512 BW only (vpmaddwd and
 * vpaddd).  No include guard: one inclusion an instruction set.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Before including, define JUMP_FN (the target attribute), JUMP(name)
 * (the suffixed name of each function) and JUMP_DOT(acc, x, w) (acc +
 * the pairwise products of the int16 pairs in X and W, in int32 lanes).
 * All three are undefined at the end.
 */

/* This inclusion's names (the body uses the plain ones). */
#define jump_fg512 JUMP (jump_fg512)
#define jump_vr512 JUMP (jump_vr512)
#define rq_recip3_jump512 JUMP (rq_recip3_jump512)

/* f, g across the jump, blocks 0 .. NBF - 1 up (a block reads its own
 * pairs and K above, not yet written), two a round: NBF rounded up to
 * even, the extra block lies in the zero-padded array and computes lanes
 * nobody needs.  The weights stay in registers.  Once the first round
 * has stored the new bottom block, the KN steps of the next jump run on
 * ST, one after each round (the rest after the last round), and their
 * weights go to S->w[wb ^ 1]. */
JUMP_FN static inline void
jump_fg512 (struct recip3_jump512 *s, int k, int nbf, int wb,
            struct jump_rows512 *st, int kn)
{
  int done = 0;
  __m512i wf[KJ + 1], wg[KJ + 1];
  int b, m;
  for (m = 0; m <= k; m++)
    {
      wf[m] = _mm512_set1_epi32 (s->w[wb].f[m]);
      wg[m] = _mm512_set1_epi32 (s->w[wb].g[m]);
    }
  for (b = 0; b < nbf; b += 2)
    {
      int32_t *p = s->fg + JB * b;
      __m512i f0 = _mm512_setzero_si512 (), g0 = f0, f1 = f0, g1 = f0;
#pragma GCC unroll 10
      for (m = 0; m <= k; m++)
        {
          __m512i x0 = _mm512_loadu_si512 ((const void *) (p + m));
          __m512i x1 = _mm512_loadu_si512 ((const void *) (p + JB + m));
          f0 = JUMP_DOT (f0, x0, wf[m]);
          g0 = JUMP_DOT (g0, x0, wg[m]);
          f1 = JUMP_DOT (f1, x1, wf[m]);
          g1 = JUMP_DOT (g1, x1, wg[m]);
        }
      _mm512_store_si512 ((void *) p, pairs32 (f0, g0));
      _mm512_store_si512 ((void *) (p + JB), pairs32 (f1, g1));
      if (b == 0)
        {
          if (kn > 0)
            jump_steps_begin512 (s, st);
        }
      else if (done < kn)
        {
          jump_step512 (st);
          done++;
        }
    }
  if (kn > 0)
    {
      for (; done < kn; done++)
        jump_step512 (st);
      jump_steps_end512 (s, st, wb ^ 1);
    }
}

/* v, r across the jump, blocks TOP down to 0 (a block reads its own
 * pairs and K + 1 below, written later), two a round: an extra block -1
 * lies in the zero pad below v, r and leaves it zero. */
JUMP_FN static inline void
jump_vr512 (struct recip3_jump512 *s, int k, int top, int wb)
{
  __m512i wv[KJ + 2], wr[KJ + 2];
  int b, d;
  for (d = 0; d <= k + 1; d++)
    {
      wv[d] = _mm512_set1_epi32 (s->w[wb].v[d]);
      wr[d] = _mm512_set1_epi32 (s->w[wb].r[d]);
    }
  for (b = top; b >= 0; b -= 2)
    {
      int32_t *p = s->vr + JVOFF + JB * b;
      __m512i v0 = _mm512_setzero_si512 (), r0 = v0, v1 = v0, r1 = v0;
#pragma GCC unroll 10
      for (d = 0; d <= k + 1; d++)
        {
          __m512i x0 = _mm512_loadu_si512 ((const void *) (p - d));
          __m512i x1 = _mm512_loadu_si512 ((const void *) (p - JB - d));
          v0 = JUMP_DOT (v0, x0, wv[d]);
          r0 = JUMP_DOT (r0, x0, wr[d]);
          v1 = JUMP_DOT (v1, x1, wv[d]);
          r1 = JUMP_DOT (r1, x1, wr[d]);
        }
      _mm512_store_si512 ((void *) p, pairs32 (v0, r0));
      _mm512_store_si512 ((void *) (p - JB), pairs32 (v1, r1));
    }
}

/* out = 1/(3 in) for IN8 (small) or IN16 (frozen); 0 if invertible,
 * else -1. */
JUMP_FN static int
rq_recip3_jump512 (int16_t out[P], const int8_t *in8, const int16_t *in16)
{
  struct recip3_jump512 s;
  struct jump_rows512 st;
  int32_t t;
  int i, n, k = KJ, wb;

  memset (&s, 0, sizeof s);
  for (i = 0; i < P; i++)
    s.fg[P - 1 - i] = (int32_t) ((uint32_t) (uint16_t) (in8 ? in8[i] : in16[i]) << 16);
  s.fg[0] |= 1;
  s.fg[P - 1] |= 0xffff;
  s.fg[P] |= 0xffff;
  s.vr[JVOFF] = (int32_t) ((uint32_t) (uint16_t) RECIP3 << 16);
  /* The first jump's steps on their own; every later jump's run inside
   * the f, g pass of the one before (the weights are double-buffered). */
  st.delta = _mm512_set1_epi16 (1);
  jump_index512 (&s, KJ);
  jump_steps_begin512 (&s, &st);
  for (i = 0; i < KJ; i++)
    jump_step512 (&st);
  jump_steps_end512 (&s, &st, 0);
  for (n = 0, wb = 0; n < 2 * P - 1; wb ^= 1)
    {
      int lf, top, kn;
      lf = 2 * P - n - k < P + 1 ? 2 * P - n - k : P + 1;
      top = (n + k) / JB < 768 / JB - 1 ? (n + k) / JB : 768 / JB - 1;
      kn = 2 * P - 1 - n - k < KJ ? 2 * P - 1 - n - k : KJ;
      if (kn > 0 && kn != k)
        jump_index512 (&s, kn);
      if (k == KJ && kn == KJ)
        jump_fg512 (&s, KJ, (lf + JB - 1) / JB, wb, &st, KJ);
      else
        jump_fg512 (&s, k, (lf + JB - 1) / JB, wb, &st, kn);
      if (k == KJ)
        jump_vr512 (&s, KJ, top, wb);
      else
        jump_vr512 (&s, k, top, wb);
      KC_VERIFY_ONLY (check_jump512 (&s, lf, n + k < P ? n + k : P));
      n += k;
      k = kn;
    }

  /* out = v reversed, divided by f[0]. */
  jump_out512 (out, &s, fq_recip (fq_freeze32 ((int16_t) s.fg[0])));

  t = (int32_t) ct_mask_nonzero_u32 ((uint32_t) (uint16_t) _mm_extract_epi16
                                     (_mm512_castsi512_si128 (st.delta), 0));
  wipememory (&s, sizeof s);
  return t;
}

#undef jump_fg512
#undef jump_vr512
#undef rq_recip3_jump512
#undef JUMP_FN
#undef JUMP
#undef JUMP_DOT
