/* ed25519/x86_64/comb-avx2.h - the core of the comb's constant-time
 * lookup on AVX2 vectors, shared by the MULX/ADX and the IFMA rows
 * (ed25519/x86_64/group-adx.c, group-ifma.c).  Internal: a static inline
 * function, included after <immintrin.h> with COMB_AVX2_FN naming the
 * includer's attributes (a target with AVX2).
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#ifndef KC_ED25519_COMB_AVX2_H
#define KC_ED25519_COMB_AVX2_H

/* W[i] = OR over k < 8 of M[k] & ROW[15 k + i], i < 15: words 0..11 in
 * three 256-bit vectors, 12..13 in a 128-bit one, 14 alone (a wider
 * load would read past the last entry of the table).  Every word of
 * every entry is read; the masks decide only what is kept. */
COMB_AVX2_FN static inline void
comb_row_avx2 (uint64_t w[15], const uint64_t *row, const uint64_t m[8])
{
  __m256i a0 = _mm256_setzero_si256 (), a1 = a0, a2 = a0, mk;
  __m128i b = _mm_setzero_si128 ();
  uint64_t c = 0;
  int k;

  for (k = 0; k < 8; k++)
    {
      const uint64_t *e = row + 15 * k;
      mk = _mm256_set1_epi64x ((long long) m[k]);
      a0 = _mm256_or_si256 (a0, _mm256_and_si256 (mk,
             _mm256_loadu_si256 ((const __m256i *) (const void *) e)));
      a1 = _mm256_or_si256 (a1, _mm256_and_si256 (mk,
             _mm256_loadu_si256 ((const __m256i *) (const void *) (e + 4))));
      a2 = _mm256_or_si256 (a2, _mm256_and_si256 (mk,
             _mm256_loadu_si256 ((const __m256i *) (const void *) (e + 8))));
      b = _mm_or_si128 (b, _mm_and_si128 (_mm256_castsi256_si128 (mk),
            _mm_loadu_si128 ((const __m128i *) (const void *) (e + 12))));
      c |= m[k] & e[14];
    }
  _mm256_storeu_si256 ((__m256i *) (void *) w, a0);
  _mm256_storeu_si256 ((__m256i *) (void *) (w + 4), a1);
  _mm256_storeu_si256 ((__m256i *) (void *) (w + 8), a2);
  _mm_storeu_si128 ((__m128i *) (void *) (w + 12), b);
  w[14] = c;
}

#endif
