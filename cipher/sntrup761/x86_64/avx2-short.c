/* sntrup761/x86_64/avx2-short.c - sntrup761's Short_fromlist in AVX2
 * (contract in sntrup761/x86_64/avx2.h)
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Tag the words, sort them with the network of sntrup761/x86_64/avx2-sort.c,
 * and read the tags back as coefficients.
 */
#include "kcrypt-int.h"
#include "sntrup761/x86_64/avx2.h"
#include "sntrup761/sntrup761.h"
#include "sntrup761/x86_64/fq.h"
#include "sntrup761/x86_64/avx2-int.h"

#ifdef KC_USE_X86_64

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
  _kc_sntrup761_sort768_avx2 (w, v);
  /* 761 = 23 * 32 + 25 */
  for (i = 0; i + 32 <= P; i += 32)
    _mm256_storeu_si256 ((__m256i *) (out + i), short_tags32 (w + i / 8));
  _mm256_storeu_si256 ((__m256i *) last, short_tags32 (w + i / 8));
  memcpy (out + i, last, P - i);
  wipememory (v, sizeof v);
  wipememory (w, sizeof w);
  wipememory (last, sizeof last);
}

#endif /* KC_USE_X86_64 */
