/* sntrup761/x86_64/avx2-small.c - sntrup761's Small_encode,
 * Small_decode and Small_random in AVX2 (contracts in sntrup761/x86_64/avx2.h)
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "sntrup761/x86_64/avx2.h"
#include "sntrup761/x86_64/fq.h"
#include "sntrup761/x86_64/avx2-int.h"

#ifdef KC_USE_X86_64

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

#endif /* KC_USE_X86_64 */
