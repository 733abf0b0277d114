/* hash/sha256.c - SHA-256 (FIPS 180-4), portable and SHA-NI
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "hash/sha256.h"
#include "hash/sha2-rounds.h"
#include "bufhelp.h"

#if defined(KC_USE_X86_64) && (defined(__GNUC__) || defined(__clang__))
# include <immintrin.h>
# include "ct-msan-x86.h"         /* MSan builds: see there */
# define KC_HAVE_SHANI_CODE 1
#endif

static const uint32_t K256[64] = {
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1,
  0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
  0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
  0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
  0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
  0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2
};

/* H(0), FIPS 180-4 5.3.3 */
static const uint32_t iv256[8] = {
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
  0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19
};

static inline uint32_t
ror32 (uint32_t x, unsigned int n)
{
  return (x >> n) | (x << (32 - n));
}

#define S0(x) (ror32 ((x), 2) ^ ror32 ((x), 13) ^ ror32 ((x), 22))
#define S1(x) (ror32 ((x), 6) ^ ror32 ((x), 11) ^ ror32 ((x), 25))
#define s0(x) (ror32 ((x), 7) ^ ror32 ((x), 18) ^ ((x) >> 3))
#define s1(x) (ror32 ((x), 17) ^ ror32 ((x), 19) ^ ((x) >> 10))

/* One round, variables renamed at the call sites (hash/sha2-rounds.h). */
static inline void
round256 (uint32_t a, uint32_t b, uint32_t c, uint32_t *d,
          uint32_t e, uint32_t f, uint32_t g, uint32_t *h, uint32_t kw)
{
  uint32_t t1 = *h + S1 (e) + (g ^ (e & (f ^ g))) + kw;
  uint32_t t2 = S0 (a) + (b ^ ((a ^ b) & (b ^ c)));
  *d += t1;
  *h = t1 + t2;
}

void
_kc_sha256_blocks_generic (uint32_t h[8], const unsigned char *p,
                           size_t nblocks)
{
  uint32_t w[16];

  while (nblocks--)
    {
      uint32_t a = h[0], b = h[1], c = h[2], d = h[3];
      uint32_t e = h[4], f = h[5], g = h[6], hh = h[7];
      int i, j;

      for (j = 0; j < 16; j++)
        w[j] = buf_get_be32 (p + 4 * j);
      for (i = 0; i < 64; i += 16)
        {
          if (i)
            for (j = 0; j < 16; j++)
              w[j] += s1 (w[(j + 14) & 15]) + w[(j + 9) & 15]
                      + s0 (w[(j + 1) & 15]);
#define ROUND(a, b, c, d, e, f, g, h, j) \
  round256 (a, b, c, d, e, f, g, h, K256[i + (j)] + w[j])
          KC_SHA2_ROUNDS16 (ROUND, a, b, c, d, e, f, g, hh);
#undef ROUND
        }
      h[0] += a; h[1] += b; h[2] += c; h[3] += d;
      h[4] += e; h[5] += f; h[6] += g; h[7] += hh;
      p += KC_SHA256_BLOCK_LEN;
    }
  wipememory (w, sizeof w);     /* the last block's schedule gives it back */
}

#ifdef KC_HAVE_SHANI_CODE
/* SHA-NI: the state lives as the register pair (ABEF, CDGH) that
 * sha256rnds2 expects; each sha256rnds2 does two rounds.  Message words
 * for rounds 16..63 come from sha256msg1/msg2:
 *   W[t] = s1(W[t-2]) + W[t-7] + s0(W[t-15]) + W[t-16]. */
/* The rounds of NBLOCKS blocks at P on the state pair (*ST0, *ST1) =
 * (ABEF, CDGH); BSWAP is the byte order mask (big-endian words). */
KC_ISA_TARGET (KC_SHA256_SHANI_ISA)
static KC_ALWAYS_INLINE void
shani_rounds (__m128i *st0p, __m128i *st1p, const unsigned char *p,
              size_t nblocks, __m128i bswap)
{
  __m128i st0 = *st0p, st1 = *st1p;

  while (nblocks--)
    {
      __m128i save0 = st0, save1 = st1;
      __m128i w[4], m;
      int i;

      /* Fully unrolled (constant indices keep w[] in registers). */
#if defined(__clang__)
# pragma clang loop unroll(full)
#elif defined(__GNUC__)
# pragma GCC unroll 16
#endif
      for (i = 0; i < 16; i++)
        {
          __m128i *cur = &w[i & 3];
          if (i < 4)
            *cur = _mm_shuffle_epi8 (_mm_loadu_si128
                                     ((const __m128i *) (p + 16 * i)), bswap);
          else
            {
              __m128i prev = w[(i - 1) & 3];
              m = _mm_sha256msg1_epu32 (*cur, w[(i - 3) & 3]);
              m = _mm_add_epi32 (m, _mm_alignr_epi8 (prev, w[(i - 2) & 3], 4));
              *cur = _mm_sha256msg2_epu32 (m, prev);
            }
          m = _mm_add_epi32 (*cur, _mm_loadu_si128
                             ((const __m128i *) &K256[4 * i]));
          st1 = _mm_sha256rnds2_epu32 (st1, st0, m);
          m = _mm_shuffle_epi32 (m, 0x0e);
          st0 = _mm_sha256rnds2_epu32 (st0, st1, m);
        }
      st0 = _mm_add_epi32 (st0, save0);
      st1 = _mm_add_epi32 (st1, save1);
      p += KC_SHA256_BLOCK_LEN;
    }
  *st0p = st0;
  *st1p = st1;
}

/* (ABEF, CDGH) from the words h[0..7] = A..H at H, and back. */
KC_ISA_TARGET (KC_SHA256_SHANI_ISA)
static KC_ALWAYS_INLINE void
shani_load (__m128i *st0, __m128i *st1, const uint32_t h[8])
{
  __m128i tmp = _mm_loadu_si128 ((const __m128i *) &h[0]); /* DCBA */
  __m128i hi = _mm_loadu_si128 ((const __m128i *) &h[4]);  /* HGFE */
  tmp = _mm_shuffle_epi32 (tmp, 0xb1);                     /* CDAB */
  hi = _mm_shuffle_epi32 (hi, 0x1b);                       /* EFGH */
  *st0 = _mm_alignr_epi8 (tmp, hi, 8);                     /* ABEF */
  *st1 = _mm_blend_epi16 (hi, tmp, 0xf0);                  /* CDGH */
}

KC_ISA_TARGET (KC_SHA256_SHANI_ISA)
static KC_ALWAYS_INLINE void
shani_unpack (__m128i *dcba, __m128i *hgfe, __m128i st0, __m128i st1)
{
  __m128i tmp = _mm_shuffle_epi32 (st0, 0x1b);             /* FEBA */
  st1 = _mm_shuffle_epi32 (st1, 0xb1);                     /* DCHG */
  *dcba = _mm_blend_epi16 (tmp, st1, 0xf0);                /* DCBA */
  *hgfe = _mm_alignr_epi8 (st1, tmp, 8);                   /* HGFE */
}

#define SHANI_BSWAP \
  _mm_set_epi64x (0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL)

KC_ISA_TARGET (KC_SHA256_SHANI_ISA)
static void
sha256_blocks_shani (uint32_t h[8], const unsigned char *p, size_t nblocks)
{
  __m128i st0, st1, lo, hi;

  shani_load (&st0, &st1, h);
  shani_rounds (&st0, &st1, p, nblocks, SHANI_BSWAP);
  shani_unpack (&lo, &hi, st0, st1);
  _mm_storeu_si128 ((__m128i *) &h[0], lo);
  _mm_storeu_si128 ((__m128i *) &h[4], hi);
}

/* OUT = SHA-256 (P, LEN) in one pass: the whole blocks straight from P,
 * then the last one or two (the tail, 0x80, zeros, the bit length) from
 * a buffer on the stack, the state in registers throughout and the
 * digest stored from them.  Of the buffer only the tail's bytes are
 * data, and they are wiped. */
KC_ISA_TARGET (KC_SHA256_SHANI_ISA)
static void
sha256_hash_shani (unsigned char out[32], const unsigned char *p, size_t len)
{
  const __m128i bswap = SHANI_BSWAP;
  unsigned char last[2 * KC_SHA256_BLOCK_LEN];
  size_t full = len / KC_SHA256_BLOCK_LEN;
  size_t rem = len % KC_SHA256_BLOCK_LEN;
  size_t nlast = rem < KC_SHA256_BLOCK_LEN - 8 ? 1 : 2;
  __m128i st0, st1, lo, hi;

  /* the buffer first: its stores have long retired when the rounds load
   * it (a load across several recent stores would wait for them) */
  _kc_sha2_last_blocks (last, nlast * KC_SHA256_BLOCK_LEN, 8,
                        p + full * KC_SHA256_BLOCK_LEN, rem, len);
  shani_load (&st0, &st1, iv256);
  shani_rounds (&st0, &st1, p, full, bswap);
  shani_rounds (&st0, &st1, last, nlast, bswap);
  if (rem)
    wipememory (last, rem);
  shani_unpack (&lo, &hi, st0, st1);
  _mm_storeu_si128 ((__m128i *) out, _mm_shuffle_epi8 (lo, bswap));
  _mm_storeu_si128 ((__m128i *) (out + 16), _mm_shuffle_epi8 (hi, bswap));
}
#endif

static void sha256_hash_generic (unsigned char out[32],
                                 const unsigned char *p, size_t len);

KC_KERNEL_ROWS (sha256_kernels,
                void (*blocks) (uint32_t h[8], const unsigned char *p,
                                size_t nblocks);
                void (*hash) (unsigned char out[32], const unsigned char *p,
                              size_t len)) = {
#ifdef KC_HAVE_SHANI_CODE
  { { "shani", KC_SHA256_SHANI_HWF, 0 }, sha256_blocks_shani,
    sha256_hash_shani },
#endif
  { { "portable", 0, 0 }, _kc_sha256_blocks_generic, sha256_hash_generic },
};
KC_KERNEL_TABLE (_kc_sha256_kernels_table, sha256_kernels);

int
_kc_sha256_have_shani (void)
{
  return KC_PICK (sha256_kernels)->row.need != 0;
}

void
_kc_sha256_blocks (uint32_t h[8], const unsigned char *p, size_t nblocks)
{
  KC_PICK (sha256_kernels)->blocks (h, p, nblocks);
}

void
_kc_sha256_init (_kc_sha256_ctx *ctx)
{
  memcpy (ctx->h, iv256, sizeof iv256);
  ctx->nbytes = 0;
  ctx->buflen = 0;
}

/* _kc_sha256_update and _kc_sha256_final: the block buffer, the padding
 * with a 64-bit length and the digest (hash/md-buffer.h). */
#define MD_CTX _kc_sha256_ctx
#define MD_BLOCK_LEN KC_SHA256_BLOCK_LEN
#define MD_LENGTH_LEN 8
#define MD_BLOCKS _kc_sha256_blocks
#define MD_DIGEST_LEN KC_SHA256_DIGEST_LEN
#define MD_PUT_WORD buf_put_be32
#define MD_UPDATE _kc_sha256_update
#define MD_FINAL _kc_sha256_final
#include "hash/md-buffer.h"

static void
sha256_hash_generic (unsigned char out[32], const unsigned char *p,
                     size_t len)
{
  _kc_sha256_ctx ctx;
  _kc_sha256_init (&ctx);
  _kc_sha256_update (&ctx, p, len);
  _kc_sha256_final (&ctx, out);
}

void
_kc_sha256 (unsigned char out[32], const void *data, size_t len)
{
  KC_PICK (sha256_kernels)->hash (out, data, len);
}
