/* chacha20.c - the ChaCha20 block function (contract in chacha20.h)
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Two kernels.  The portable one computes one block at a time on sixteen
 * 32-bit words, straight from RFC 8439 section 2.3.  The AVX2 one computes
 * eight blocks at once: vector register i holds state word i of all eight
 * blocks (lane j is block COUNTER + j), so a quarter round is four vector
 * additions, xors and rotations; at the end the sixteen word vectors are
 * transposed into eight consecutive blocks.  The rotations by 16 and 8
 * are byte shuffles, those by 12 and 7 shift pairs.
 */
#include "kcrypt-int.h"
#include "bufhelp.h"
#include "chacha20.h"

#if defined(KC_USE_X86_64) && (defined(__GNUC__) || defined(__clang__))
# include <immintrin.h>
# include "ct-msan-x86.h"         /* MSan builds: see there */
# define KC_HAVE_CHACHA_AVX2 1
#endif

static inline uint32_t
rotl32 (uint32_t x, int c)
{
  return (x << c) | (x >> (32 - c));
}

/* The initial state of RFC 8439 section 2.3: "expand 32-byte k", the key,
 * the counter, the nonce. */
static void
setup_state (uint32_t st[16], const unsigned char *key, uint32_t counter,
             const unsigned char *nonce)
{
  int i;

  st[0] = 0x61707865;
  st[1] = 0x3320646e;
  st[2] = 0x79622d32;
  st[3] = 0x6b206574;
  for (i = 0; i < 8; i++)
    st[4 + i] = buf_get_le32 (key + 4 * i);
  st[12] = counter;
  for (i = 0; i < 3; i++)
    st[13 + i] = buf_get_le32 (nonce + 4 * i);
}

#define QR(a, b, c, d)                                  \
  do {                                                  \
    a += b; d ^= a; d = rotl32 (d, 16);                 \
    c += d; b ^= c; b = rotl32 (b, 12);                 \
    a += b; d ^= a; d = rotl32 (d, 8);                  \
    c += d; b ^= c; b = rotl32 (b, 7);                  \
  } while (0)

/* One block of ST (ST[12] is its counter) into OUT. */
static void
block_ref (unsigned char out[64], const uint32_t st[16])
{
  uint32_t x[16];
  int i;

  for (i = 0; i < 16; i++)
    x[i] = st[i];
  for (i = 0; i < 10; i++)
    {
      QR (x[0], x[4], x[8], x[12]);     /* columns */
      QR (x[1], x[5], x[9], x[13]);
      QR (x[2], x[6], x[10], x[14]);
      QR (x[3], x[7], x[11], x[15]);
      QR (x[0], x[5], x[10], x[15]);    /* diagonals */
      QR (x[1], x[6], x[11], x[12]);
      QR (x[2], x[7], x[8], x[13]);
      QR (x[3], x[4], x[9], x[14]);
    }
  for (i = 0; i < 16; i++)
    buf_put_le32 (out + 4 * i, x[i] + st[i]);
  wipememory (x, sizeof x);
}

void
_kc_chacha20_blocks_ref (unsigned char *out, const unsigned char *key,
                         uint32_t counter, const unsigned char *nonce,
                         size_t nblocks)
{
  uint32_t st[16];

  setup_state (st, key, counter, nonce);
  for (; nblocks; nblocks--, out += 64)
    {
      block_ref (out, st);
      st[12]++;
    }
  wipememory (st, sizeof st);
}

/* ------------------------------------------------------------- AVX2 */

#ifdef KC_HAVE_CHACHA_AVX2

#define AVX2_FN KC_ISA_TARGET (KC_CHACHA20_AVX2_ISA)
#define AVX2_INLINE AVX2_FN __attribute__ ((always_inline)) inline

static AVX2_INLINE __m256i
rot16_avx2 (__m256i x)
{
  const __m256i r = _mm256_setr_epi8 (2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9,
                                      14, 15, 12, 13, 2, 3, 0, 1, 6, 7, 4, 5,
                                      10, 11, 8, 9, 14, 15, 12, 13);
  return _mm256_shuffle_epi8 (x, r);
}

static AVX2_INLINE __m256i
rot8_avx2 (__m256i x)
{
  const __m256i r = _mm256_setr_epi8 (3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10,
                                      15, 12, 13, 14, 3, 0, 1, 2, 7, 4, 5, 6,
                                      11, 8, 9, 10, 15, 12, 13, 14);
  return _mm256_shuffle_epi8 (x, r);
}

#define ROTL_AVX2(x, c) \
  _mm256_or_si256 (_mm256_slli_epi32 ((x), (c)), \
                   _mm256_srli_epi32 ((x), 32 - (c)))

#define QR_AVX2(a, b, c, d)                                             \
  do {                                                                  \
    a = _mm256_add_epi32 (a, b); d = _mm256_xor_si256 (d, a);           \
    d = rot16_avx2 (d);                                                 \
    c = _mm256_add_epi32 (c, d); b = _mm256_xor_si256 (b, c);           \
    b = ROTL_AVX2 (b, 12);                                              \
    a = _mm256_add_epi32 (a, b); d = _mm256_xor_si256 (d, a);           \
    d = rot8_avx2 (d);                                                  \
    c = _mm256_add_epi32 (c, d); b = _mm256_xor_si256 (b, c);           \
    b = ROTL_AVX2 (b, 7);                                               \
  } while (0)

/* Words W[0..7] of eight blocks (lane j = block j) into bytes
 * OUT + 64 j + 0..31: an 8x8 transpose of 32-bit words. */
static AVX2_INLINE void
store_half_avx2 (unsigned char *out, const __m256i w[8])
{
  __m256i t0 = _mm256_unpacklo_epi32 (w[0], w[1]);
  __m256i t1 = _mm256_unpackhi_epi32 (w[0], w[1]);
  __m256i t2 = _mm256_unpacklo_epi32 (w[2], w[3]);
  __m256i t3 = _mm256_unpackhi_epi32 (w[2], w[3]);
  __m256i t4 = _mm256_unpacklo_epi32 (w[4], w[5]);
  __m256i t5 = _mm256_unpackhi_epi32 (w[4], w[5]);
  __m256i t6 = _mm256_unpacklo_epi32 (w[6], w[7]);
  __m256i t7 = _mm256_unpackhi_epi32 (w[6], w[7]);
  /* u0: words 0..3 of lanes 0 | 4; u1: lanes 1 | 5; u2: 2 | 6; u3: 3 | 7;
   * u4..u7 the same for words 4..7. */
  __m256i u0 = _mm256_unpacklo_epi64 (t0, t2);
  __m256i u1 = _mm256_unpackhi_epi64 (t0, t2);
  __m256i u2 = _mm256_unpacklo_epi64 (t1, t3);
  __m256i u3 = _mm256_unpackhi_epi64 (t1, t3);
  __m256i u4 = _mm256_unpacklo_epi64 (t4, t6);
  __m256i u5 = _mm256_unpackhi_epi64 (t4, t6);
  __m256i u6 = _mm256_unpacklo_epi64 (t5, t7);
  __m256i u7 = _mm256_unpackhi_epi64 (t5, t7);

  _mm256_storeu_si256 ((__m256i *) (out + 0 * 64),
                       _mm256_permute2x128_si256 (u0, u4, 0x20));
  _mm256_storeu_si256 ((__m256i *) (out + 1 * 64),
                       _mm256_permute2x128_si256 (u1, u5, 0x20));
  _mm256_storeu_si256 ((__m256i *) (out + 2 * 64),
                       _mm256_permute2x128_si256 (u2, u6, 0x20));
  _mm256_storeu_si256 ((__m256i *) (out + 3 * 64),
                       _mm256_permute2x128_si256 (u3, u7, 0x20));
  _mm256_storeu_si256 ((__m256i *) (out + 4 * 64),
                       _mm256_permute2x128_si256 (u0, u4, 0x31));
  _mm256_storeu_si256 ((__m256i *) (out + 5 * 64),
                       _mm256_permute2x128_si256 (u1, u5, 0x31));
  _mm256_storeu_si256 ((__m256i *) (out + 6 * 64),
                       _mm256_permute2x128_si256 (u2, u6, 0x31));
  _mm256_storeu_si256 ((__m256i *) (out + 7 * 64),
                       _mm256_permute2x128_si256 (u3, u7, 0x31));
}

/* Eight blocks of ST (ST[12] the first one's counter) into OUT[0..511]. */
static AVX2_FN void
blocks8_avx2 (unsigned char *out, const uint32_t st[16])
{
  __m256i in[16], x[16];
  int i;

  for (i = 0; i < 16; i++)
    in[i] = _mm256_set1_epi32 ((int) st[i]);
  in[12] = _mm256_add_epi32 (in[12],
                             _mm256_setr_epi32 (0, 1, 2, 3, 4, 5, 6, 7));
  for (i = 0; i < 16; i++)
    x[i] = in[i];
  for (i = 0; i < 10; i++)
    {
      QR_AVX2 (x[0], x[4], x[8], x[12]);
      QR_AVX2 (x[1], x[5], x[9], x[13]);
      QR_AVX2 (x[2], x[6], x[10], x[14]);
      QR_AVX2 (x[3], x[7], x[11], x[15]);
      QR_AVX2 (x[0], x[5], x[10], x[15]);
      QR_AVX2 (x[1], x[6], x[11], x[12]);
      QR_AVX2 (x[2], x[7], x[8], x[13]);
      QR_AVX2 (x[3], x[4], x[9], x[14]);
    }
  for (i = 0; i < 16; i++)
    x[i] = _mm256_add_epi32 (x[i], in[i]);
  store_half_avx2 (out, x);
  store_half_avx2 (out + 32, x + 8);
}

/* NBLOCKS blocks: eight at a time, and a short tail (two or more blocks)
 * through a staging buffer, wiped after; a single block is cheaper on
 * the portable path. */
static void
blocks_avx2 (unsigned char *out, const unsigned char *key, uint32_t counter,
             const unsigned char *nonce, size_t nblocks)
{
  uint32_t st[16];

  setup_state (st, key, counter, nonce);
  for (; nblocks >= 8; nblocks -= 8, out += 8 * 64)
    {
      blocks8_avx2 (out, st);
      st[12] += 8;
    }
  if (nblocks >= 2)
    {
      unsigned char tmp[8 * 64];
      blocks8_avx2 (tmp, st);
      memcpy (out, tmp, nblocks * 64);
      wipememory (tmp, sizeof tmp);
    }
  else if (nblocks)
    block_ref (out, st);
  wipememory (st, sizeof st);
}

#endif /* KC_HAVE_CHACHA_AVX2 */

KC_KERNEL_ROWS (chacha20_kernels,
                void (*blocks) (unsigned char *out, const unsigned char *key,
                                uint32_t counter, const unsigned char *nonce,
                                size_t nblocks)) = {
#ifdef KC_HAVE_CHACHA_AVX2
  { { "avx2", KC_CHACHA20_AVX2_HWF, 0 }, blocks_avx2 },
#endif
  { { "portable", 0, 0 }, _kc_chacha20_blocks_ref },
};
KC_KERNEL_TABLE (_kc_chacha20_kernels_table, chacha20_kernels);

int
_kc_chacha20_have_simd (void)
{
  return KC_PICK (chacha20_kernels)->row.need != 0;
}

/* (one block goes to the portable code: the AVX2 kernel's eight lanes
 * would be mostly idle) */
void
_kc_chacha20_blocks (unsigned char *out, const unsigned char *key,
                     uint32_t counter, const unsigned char *nonce,
                     size_t nblocks)
{
  if (nblocks < 2)
    _kc_chacha20_blocks_ref (out, key, counter, nonce, nblocks);
  else
    KC_PICK (chacha20_kernels)->blocks (out, key, counter, nonce, nblocks);
}
