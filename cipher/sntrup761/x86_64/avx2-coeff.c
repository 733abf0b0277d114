/* sntrup761/x86_64/avx2-coeff.c - the coefficient-wise steps of
 * sntrup761's encapsulation and decapsulation in AVX2 (contracts in
 * sntrup761/x86_64/avx2.h)
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Round, the times-3-mod-3 step of decapsulation and the weight fix.
 */
#include "kcrypt-int.h"
#include "ct.h"
#include "sntrup761/x86_64/avx2.h"
#include "sntrup761/sntrup761.h"
#include "sntrup761/x86_64/fq.h"
#include "sntrup761/x86_64/avx2-int.h"

#ifdef KC_USE_X86_64

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
