/* hash/sha512.c - SHA-512 (FIPS 180-4): portable, AVX2+BMI2 and AVX-512VL
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "hash/sha512.h"
#include "hash/sha2-rounds.h"

#define K512 _kc_sha512_k
#include "bufhelp.h"

#if defined(KC_USE_X86_64) && (defined(__GNUC__) || defined(__clang__))
# include <immintrin.h>
# include "ct-msan-x86.h"         /* MSan builds: see there */
# define KC_HAVE_AVX2_CODE 1
#endif

const uint64_t _kc_sha512_k[80] = {
  0x428a2f98d728ae22ULL, 0x7137449123ef65cdULL, 0xb5c0fbcfec4d3b2fULL,
  0xe9b5dba58189dbbcULL, 0x3956c25bf348b538ULL, 0x59f111f1b605d019ULL,
  0x923f82a4af194f9bULL, 0xab1c5ed5da6d8118ULL, 0xd807aa98a3030242ULL,
  0x12835b0145706fbeULL, 0x243185be4ee4b28cULL, 0x550c7dc3d5ffb4e2ULL,
  0x72be5d74f27b896fULL, 0x80deb1fe3b1696b1ULL, 0x9bdc06a725c71235ULL,
  0xc19bf174cf692694ULL, 0xe49b69c19ef14ad2ULL, 0xefbe4786384f25e3ULL,
  0x0fc19dc68b8cd5b5ULL, 0x240ca1cc77ac9c65ULL, 0x2de92c6f592b0275ULL,
  0x4a7484aa6ea6e483ULL, 0x5cb0a9dcbd41fbd4ULL, 0x76f988da831153b5ULL,
  0x983e5152ee66dfabULL, 0xa831c66d2db43210ULL, 0xb00327c898fb213fULL,
  0xbf597fc7beef0ee4ULL, 0xc6e00bf33da88fc2ULL, 0xd5a79147930aa725ULL,
  0x06ca6351e003826fULL, 0x142929670a0e6e70ULL, 0x27b70a8546d22ffcULL,
  0x2e1b21385c26c926ULL, 0x4d2c6dfc5ac42aedULL, 0x53380d139d95b3dfULL,
  0x650a73548baf63deULL, 0x766a0abb3c77b2a8ULL, 0x81c2c92e47edaee6ULL,
  0x92722c851482353bULL, 0xa2bfe8a14cf10364ULL, 0xa81a664bbc423001ULL,
  0xc24b8b70d0f89791ULL, 0xc76c51a30654be30ULL, 0xd192e819d6ef5218ULL,
  0xd69906245565a910ULL, 0xf40e35855771202aULL, 0x106aa07032bbd1b8ULL,
  0x19a4c116b8d2d0c8ULL, 0x1e376c085141ab53ULL, 0x2748774cdf8eeb99ULL,
  0x34b0bcb5e19b48a8ULL, 0x391c0cb3c5c95a63ULL, 0x4ed8aa4ae3418acbULL,
  0x5b9cca4f7763e373ULL, 0x682e6ff3d6b2b8a3ULL, 0x748f82ee5defb2fcULL,
  0x78a5636f43172f60ULL, 0x84c87814a1f0ab72ULL, 0x8cc702081a6439ecULL,
  0x90befffa23631e28ULL, 0xa4506cebde82bde9ULL, 0xbef9a3f7b2c67915ULL,
  0xc67178f2e372532bULL, 0xca273eceea26619cULL, 0xd186b8c721c0c207ULL,
  0xeada7dd6cde0eb1eULL, 0xf57d4f7fee6ed178ULL, 0x06f067aa72176fbaULL,
  0x0a637dc5a2c898a6ULL, 0x113f9804bef90daeULL, 0x1b710b35131c471bULL,
  0x28db77f523047d84ULL, 0x32caab7b40c72493ULL, 0x3c9ebe0a15c9bebcULL,
  0x431d67c49c100d4cULL, 0x4cc5d4becb3e42b6ULL, 0x597f299cfc657e2aULL,
  0x5fcb6fab3ad6faecULL, 0x6c44198c4a475817ULL
};

static inline uint64_t
ror64 (uint64_t x, unsigned int n)
{
  return (x >> n) | (x << (64 - n));
}

#define S0(x) (ror64 ((x), 28) ^ ror64 ((x), 34) ^ ror64 ((x), 39))
#define S1(x) (ror64 ((x), 14) ^ ror64 ((x), 18) ^ ror64 ((x), 41))
#define s0(x) (ror64 ((x), 1) ^ ror64 ((x), 8) ^ ((x) >> 7))
#define s1(x) (ror64 ((x), 19) ^ ror64 ((x), 61) ^ ((x) >> 6))

/* One round.  The eight working variables are renamed instead of moved:
 * each call site passes them rotated by one, so only d and h are written.
 * Ch and Maj in their cheapest forms: Ch = g ^ (e & (f ^ g)),
 * Maj = b ^ ((a ^ b) & (b ^ c)). */
static inline void
round512 (uint64_t a, uint64_t b, uint64_t c, uint64_t *d,
          uint64_t e, uint64_t f, uint64_t g, uint64_t *h, uint64_t kw)
{
  /* The new e is d + T1 = ((d + h + kw) + Ch) + S1 (e): d + h + kw does
   * not depend on this round's e, Ch is ready before S1 (e), so e's chain
   * is one addition after each.  The new a is T1 + T2 = (d + T1) + (T2 -
   * d), one addition after the new e. */
  uint64_t dhk = *d + (*h + kw);
  uint64_t t2d = (S0 (a) + (b ^ ((a ^ b) & (b ^ c)))) - *d;
  uint64_t en = (dhk + (g ^ (e & (f ^ g)))) + S1 (e);
  *d = en;
  *h = en + t2d;
}

/* Sixteen rounds (hash/sha2-rounds.h) over a .. hh, the macro KW (j)
 * of the call site giving W + K of the J-th. */
#define ROUND512_KW(a, b, c, d, e, f, g, h, j) \
  round512 (a, b, c, d, e, f, g, h, KW (j))
#define SHA512_ROUNDS16() \
  KC_SHA2_ROUNDS16 (ROUND512_KW, a, b, c, d, e, f, g, hh)

void
_kc_sha512_blocks_generic (uint64_t h[8], const unsigned char *p,
                           size_t nblocks)
{
  uint64_t w[16];

  while (nblocks--)
    {
      uint64_t a = h[0], b = h[1], c = h[2], d = h[3];
      uint64_t e = h[4], f = h[5], g = h[6], hh = h[7];
      int i, j;

      for (j = 0; j < 16; j++)
        w[j] = buf_get_be64 (p + 8 * j);

      for (i = 0; i < 80; i += 16)
        {
          if (i)
            for (j = 0; j < 16; j++)
              w[j] += s1 (w[(j + 14) & 15]) + w[(j + 9) & 15]
                      + s0 (w[(j + 1) & 15]);
#define KW(j) (K512[i + (j)] + w[j])
          SHA512_ROUNDS16 ();
#undef KW
        }
      h[0] += a; h[1] += b; h[2] += c; h[3] += d;
      h[4] += e; h[5] += f; h[6] += g; h[7] += hh;
      p += KC_SHA512_BLOCK_LEN;
    }
  wipememory (w, sizeof w);     /* the last block's schedule gives it back */
}

#ifdef KC_HAVE_AVX2_CODE
/* AVX2 + BMI2, and AVX-512VL where the CPU has it: the rounds in scalar
 * code compiled with BMI2 (rorx: rotations that keep their input), the
 * message schedule in ymm registers (hash/x86_64/sha512-avx.h).  The data only feed
 * additions, shifts and xors: constant time, as the portable code. */

#define SHA512_AVX2_FN KC_ISA_TARGET (KC_SHA512_AVX2_ISA)

/* The 80 rounds of one block from its precomputed W + K. */
SHA512_AVX2_FN static void
sha512_rounds_bmi2 (uint64_t h[8], const uint64_t wk[80])
{
  uint64_t a = h[0], b = h[1], c = h[2], d = h[3];
  uint64_t e = h[4], f = h[5], g = h[6], hh = h[7];
  int i;

  for (i = 0; i < 80; i += 16)
    {
#define KW(j) wk[i + (j)]
      SHA512_ROUNDS16 ();
#undef KW
    }
  h[0] += a; h[1] += b; h[2] += c; h[3] += d;
  h[4] += e; h[5] += f; h[6] += g; h[7] += hh;
}

/* Store W + K for words 2I, 2I+1 of both blocks. */
SHA512_AVX2_FN static inline void
store_wk (uint64_t wka[80], uint64_t wkb[80], __m256i w, int i)
{
  __m256i k = _mm256_broadcastsi128_si256
    (_mm_loadu_si128 ((const __m128i *) &K512[2 * i]));
  __m256i v = _mm256_add_epi64 (w, k);
  _mm_storeu_si128 ((__m128i *) &wka[2 * i], _mm256_castsi256_si128 (v));
  _mm_storeu_si128 ((__m128i *) &wkb[2 * i], _mm256_extracti128_si256 (v, 1));
}

/* Words 2K, 2K+1 of the blocks at PA (low half) and PB (high half),
 * big-endian loads. */
SHA512_AVX2_FN static inline __m256i
load_pair (const unsigned char *pa, const unsigned char *pb, int k,
           __m256i bswap)
{
  __m128i lo = _mm_loadu_si128 ((const __m128i *) (pa + 16 * k));
  __m128i hi = _mm_loadu_si128 ((const __m128i *) (pb + 16 * k));
  return _mm256_shuffle_epi8
    (_mm256_inserti128_si256 (_mm256_castsi128_si256 (lo), hi, 1), bswap);
}

#define SHA512_X_FN SHA512_AVX2_FN
#define SHA512_X(name) name##_avx2
#define SHA512_X_VL 0
#include "hash/x86_64/sha512-avx.h"

/* vprorq and vpternlogq in the schedule: fewer vector ops on ports 0, 1
 * and 5, which the scalar rounds share (doc/MEASUREMENTS). */
#define SHA512_X_FN KC_ISA_TARGET (KC_SHA512_AVX512_ISA)
#define SHA512_X(name) name##_avx512
#define SHA512_X_VL 1
#include "hash/x86_64/sha512-avx.h"
#endif /* KC_HAVE_AVX2_CODE */

KC_KERNEL_ROWS (sha512_kernels,
                void (*blocks) (uint64_t h[8], const unsigned char *p,
                                size_t nblocks);
                size_t burn) = {
#ifdef KC_HAVE_AVX2_CODE
  { { "avx512", KC_SHA512_AVX512_HWF, 0 }, sha512_blocks_avx512,
    KC_STACK_BURN_SHA512_AVX512 },
  { { "avx2", KC_SHA512_AVX2_HWF, 0 }, sha512_blocks_avx2,
    KC_STACK_BURN_SHA512_AVX2 },
#endif
  { { "portable", 0, 0 }, _kc_sha512_blocks_generic, KC_STACK_BURN_SHA512 },
};
KC_KERNEL_TABLE (_kc_sha512_kernels_table, sha512_kernels);

int
_kc_sha512_have_avx2 (void)
{
  return KC_PICK (sha512_kernels)->row.need != 0;
}

size_t
_kc_sha512_burn (void)
{
  return KC_PICK (sha512_kernels)->burn;
}

void
_kc_sha512_blocks (uint64_t h[8], const unsigned char *p, size_t nblocks)
{
  KC_PICK (sha512_kernels)->blocks (h, p, nblocks);
}

static const uint64_t iv512[8] = {
  0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL, 0x3c6ef372fe94f82bULL,
  0xa54ff53a5f1d36f1ULL, 0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL,
  0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL
};

static const uint64_t iv384[8] = {
  0xcbbb9d5dc1059ed8ULL, 0x629a292a367cd507ULL, 0x9159015a3070dd17ULL,
  0x152fecd8f70e5939ULL, 0x67332667ffc00b31ULL, 0x8eb44a8768581511ULL,
  0xdb0c2e0d64f98fa7ULL, 0x47b5481dbefa4fa4ULL
};

static void
init_iv (_kc_sha512_ctx *ctx, const uint64_t iv[8])
{
  memcpy (ctx->h, iv, 8 * sizeof iv[0]);
  ctx->nbytes = 0;
  ctx->buflen = 0;
}

void
_kc_sha512_init (_kc_sha512_ctx *ctx)
{
  init_iv (ctx, iv512);
}

/* _kc_sha512_update and _kc_sha512_final: the block buffer, the padding
 * with a 128-bit length and the digest (hash/md-buffer.h). */
#define MD_CTX _kc_sha512_ctx
#define MD_BLOCK_LEN KC_SHA512_BLOCK_LEN
#define MD_LENGTH_LEN 16
#define MD_BLOCKS _kc_sha512_blocks
#define MD_DIGEST_LEN KC_SHA512_DIGEST_LEN
#define MD_PUT_WORD buf_put_be64
#define MD_UPDATE _kc_sha512_update
#define MD_FINAL _kc_sha512_final
#include "hash/md-buffer.h"

void
_kc_sha384_init (_kc_sha512_ctx *ctx)
{
  init_iv (ctx, iv384);
}

void
_kc_sha384_final (_kc_sha512_ctx *ctx, unsigned char out[48])
{
  unsigned char h[64];
  _kc_sha512_final (ctx, h);
  memcpy (out, h, 48);
  wipememory (h, sizeof h);
}

/* OUT (OUTLEN bytes, 64 or 48) = the hash from IV of DATA in one call,
 * without a context: the whole blocks straight from DATA, the last one or
 * two (the tail, 0x80, zeros, the 128-bit length) from a buffer written
 * before any rounds run (loads across stores still in flight would wait
 * for them).  Of the buffer only the tail's bytes are data; they are
 * wiped, and so is the state. */
static void
sha512_hash_iv (unsigned char *out, size_t outlen, const uint64_t iv[8],
                const unsigned char *p, size_t len)
{
  void (*blocks) (uint64_t *, const unsigned char *, size_t)
    = KC_PICK (sha512_kernels)->blocks;
  unsigned char last[2 * KC_SHA512_BLOCK_LEN];
  uint64_t h[8];
  size_t full = len / KC_SHA512_BLOCK_LEN;
  size_t rem = len % KC_SHA512_BLOCK_LEN;
  size_t nlast = rem < KC_SHA512_BLOCK_LEN - 16 ? 1 : 2;
  size_t i;

  _kc_sha2_last_blocks (last, nlast * KC_SHA512_BLOCK_LEN, 16,
                        p + full * KC_SHA512_BLOCK_LEN, rem, len);
  memcpy (h, iv, sizeof h);
  if (full)
    blocks (h, p, full);
  blocks (h, last, nlast);
  if (rem)
    wipememory (last, rem);
  for (i = 0; i < outlen / 8; i++)
    buf_put_be64 (out + 8 * i, h[i]);
  wipememory (h, sizeof h);
}

void
_kc_sha512 (unsigned char out[64], const void *data, size_t len)
{
  sha512_hash_iv (out, KC_SHA512_DIGEST_LEN, iv512, data, len);
}

void
_kc_sha384 (unsigned char out[48], const void *data, size_t len)
{
  sha512_hash_iv (out, KC_SHA384_DIGEST_LEN, iv384, data, len);
}
