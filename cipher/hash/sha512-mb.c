/* hash/sha512-mb.c - multi-buffer SHA-512 (contracts in hash/sha512-mb.h)
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Layout: the hash states of a group live in st[8][8], word j of lane l at
 * st[j][l], so that row j loads straight into one vector (lanes 0..3 for
 * AVX2, 0..7 for AVX-512).  A kernel runs NBLOCKS 128-byte blocks of every
 * lane; lane l reads its blocks at P[l] (consecutive), which may point into
 * the caller's message or into a staging buffer.
 *
 * The driver (mb_group) cuts each message PREFIX || IN[l] into: a head
 * block (only with a prefix: the prefix and the first bytes of IN, staged),
 * the full blocks read in place from IN[l], and one or two staged tail
 * blocks with the padding.  The lengths decide the cut, so it is the same
 * for every lane and public.
 *
 * The vector kernels transpose the blocks (big-endian 64-bit words) into
 * word-major form, then run the textbook rounds on whole vectors: every
 * operation is an addition, shift, rotation, xor, and, or or a bitwise
 * select, so the time does not depend on the data.
 */
#include "kcrypt-int.h"
#include "hash/sha512.h"
#include "hash/sha512-mb.h"
#include "hash/sha2-rounds.h"
#include "bufhelp.h"

#if defined(KC_USE_X86_64) && (defined(__GNUC__) || defined(__clang__))
# include <immintrin.h>
# include "ct-msan-x86.h"         /* MSan builds: see there */
# define KC_HAVE_MB_X86 1
#endif

#define LANES KC_SHA512_MB_LANES
#define BLK KC_SHA512_BLOCK_LEN

/* A kernel: run NBLOCKS blocks of lanes 0 .. LANES_USED - 1 (the vector
 * kernels always run all their lanes; the pointers of unused lanes must
 * still be readable). */
typedef void (*mb_kernel_fn) (uint64_t st[8][LANES],
                              const unsigned char *const p[LANES],
                              size_t nblocks, unsigned int lanes_used);

/* ------------------------------------------------------ portable kernel */

static void
mb_blocks_generic (uint64_t st[8][LANES], const unsigned char *const p[LANES],
                   size_t nblocks, unsigned int lanes_used)
{
  uint64_t h[8];
  unsigned int l, j;

  for (l = 0; l < lanes_used; l++)
    {
      for (j = 0; j < 8; j++)
        h[j] = st[j][l];
      _kc_sha512_blocks (h, p[l], nblocks);
      for (j = 0; j < 8; j++)
        st[j][l] = h[j];
    }
  wipememory (h, sizeof h);
}

#ifdef KC_HAVE_MB_X86

/* The round constants of FIPS 180-4: hash/sha512.c's table. */
#define K512 _kc_sha512_k

/* The rounds, the schedule and the kernel are written once
 * (hash/x86_64/sha512-mb-avx.h) and included for each instruction set
 * with its vector type and operations: the kernels are v4_blocks and
 * v8_blocks. */

/* ---------------------------------------------------- AVX2, 4 lanes */

#define MB_AVX2_FN KC_ISA_TARGET (KC_SHA512_MB_AVX2_ISA)

typedef __m256i v4;

/* Rotation by 8 bits as a byte shuffle (runs beside the shifts). */
MB_AVX2_FN static inline v4
v4_ror8 (v4 x)
{
  const v4 r8 = _mm256_set_epi64x (0x080f0e0d0c0b0a09ULL,
                                   0x0007060504030201ULL,
                                   0x080f0e0d0c0b0a09ULL,
                                   0x0007060504030201ULL);
  return _mm256_shuffle_epi8 (x, r8);
}

/* Words 4K .. 4K+3 of the current block of every lane into W[4K ..
 * 4K+3], word-major: big-endian loads, then a 4 x 4 transposition. */
MB_AVX2_FN static inline void
v4_load4 (v4 w[16], const unsigned char *const p[4], size_t off, int k)
{
  const v4 bswap = _mm256_set_epi64x (0x08090a0b0c0d0e0fULL,
                                      0x0001020304050607ULL,
                                      0x08090a0b0c0d0e0fULL,
                                      0x0001020304050607ULL);
  v4 r0 = _mm256_loadu_si256 ((const v4 *) (p[0] + off + 32 * k));
  v4 r1 = _mm256_loadu_si256 ((const v4 *) (p[1] + off + 32 * k));
  v4 r2 = _mm256_loadu_si256 ((const v4 *) (p[2] + off + 32 * k));
  v4 r3 = _mm256_loadu_si256 ((const v4 *) (p[3] + off + 32 * k));
  v4 t0, t1, t2, t3;

  r0 = _mm256_shuffle_epi8 (r0, bswap);
  r1 = _mm256_shuffle_epi8 (r1, bswap);
  r2 = _mm256_shuffle_epi8 (r2, bswap);
  r3 = _mm256_shuffle_epi8 (r3, bswap);
  t0 = _mm256_unpacklo_epi64 (r0, r1);  /* r0.0 r1.0 | r0.2 r1.2 */
  t1 = _mm256_unpackhi_epi64 (r0, r1);  /* r0.1 r1.1 | r0.3 r1.3 */
  t2 = _mm256_unpacklo_epi64 (r2, r3);
  t3 = _mm256_unpackhi_epi64 (r2, r3);
  w[4 * k + 0] = _mm256_permute2x128_si256 (t0, t2, 0x20);
  w[4 * k + 1] = _mm256_permute2x128_si256 (t1, t3, 0x20);
  w[4 * k + 2] = _mm256_permute2x128_si256 (t0, t2, 0x31);
  w[4 * k + 3] = _mm256_permute2x128_si256 (t1, t3, 0x31);
}

#define MBV_FN MB_AVX2_FN
#define MBV(name) v4_##name
#define MBV_T v4
#define MBV_LANES 4
#define MBV_LOAD(p) _mm256_loadu_si256 ((const v4 *) (p))
#define MBV_STORE(p, x) _mm256_storeu_si256 ((v4 *) (p), (x))
#define MBV_SET1(k) _mm256_set1_epi64x (k)
#define MBV_ADD(x, y) _mm256_add_epi64 ((x), (y))
#define MBV_SHR(x, n) _mm256_srli_epi64 ((x), (n))
#define MBV_ROR(x, n) \
  _mm256_or_si256 (_mm256_srli_epi64 ((x), (n)), \
                   _mm256_slli_epi64 ((x), 64 - (n)))
#define MBV_ROR8(x) v4_ror8 (x)
#define MBV_XOR3(x, y, z) _mm256_xor_si256 (_mm256_xor_si256 ((x), (y)), (z))
/* Ch = z ^ (x & (y ^ z)), Maj = y ^ ((x ^ y) & (y ^ z)) */
#define MBV_CH(x, y, z) \
  _mm256_xor_si256 ((z), _mm256_and_si256 ((x), _mm256_xor_si256 ((y), (z))))
#define MBV_MAJ(x, y, z) \
  _mm256_xor_si256 ((y), _mm256_and_si256 (_mm256_xor_si256 ((x), (y)), \
                                           _mm256_xor_si256 ((y), (z))))
#define MBV_LOADW(w, p, off, k) v4_load4 ((w), (p), (off), (k))
#include "hash/x86_64/sha512-mb-avx.h"

/* ------------------------------------------------- AVX-512, 8 lanes */

/* Only 512-bit forms of AVX-512F and BW (vpshufb) instructions: the
 * dispatch bit KC_HWF_AVX512 (F + BW + DQ and the zmm state enabled by
 * the OS) is all this needs; AVX-512VL is not required. */
#define MB_AVX512_FN KC_ISA_TARGET (KC_SHA512_MB_AVX512_ISA)

typedef __m512i v8;

/* _mm512_ternarylogic_epi64 truth tables, operands (x, y, z): */
#define TL_XOR3 0x96            /* x ^ y ^ z */
#define TL_CH   0xca            /* x ? y : z */
#define TL_MAJ  0xe8            /* majority of x, y, z */

/* Words 8K .. 8K+7 of the current block of every lane into W[8K .. 8K+7]:
 * big-endian loads and an 8 x 8 transposition in three steps (pairs of
 * words, then 128-bit quarters twice). */
MB_AVX512_FN static inline void
v8_load8 (v8 w[16], const unsigned char *const p[8], size_t off, int k)
{
  const v8 bswap = _mm512_set_epi64 (0x08090a0b0c0d0e0fULL,
                                     0x0001020304050607ULL,
                                     0x08090a0b0c0d0e0fULL,
                                     0x0001020304050607ULL,
                                     0x08090a0b0c0d0e0fULL,
                                     0x0001020304050607ULL,
                                     0x08090a0b0c0d0e0fULL,
                                     0x0001020304050607ULL);
  /* Named variables, no arrays: they stay in registers, so no message
   * bytes are left on the stack. */
  v8 r0, r1, r2, r3, r4, r5, r6, r7, t0, t1, t2, t3, t4, t5, t6, t7;
  v8 u0, u1, u2, u3, u4, u5, u6, u7;

  r0 = _mm512_loadu_si512 ((const void *) (p[0] + off + 64 * k));
  r1 = _mm512_loadu_si512 ((const void *) (p[1] + off + 64 * k));
  r2 = _mm512_loadu_si512 ((const void *) (p[2] + off + 64 * k));
  r3 = _mm512_loadu_si512 ((const void *) (p[3] + off + 64 * k));
  r4 = _mm512_loadu_si512 ((const void *) (p[4] + off + 64 * k));
  r5 = _mm512_loadu_si512 ((const void *) (p[5] + off + 64 * k));
  r6 = _mm512_loadu_si512 ((const void *) (p[6] + off + 64 * k));
  r7 = _mm512_loadu_si512 ((const void *) (p[7] + off + 64 * k));
  r0 = _mm512_shuffle_epi8 (r0, bswap);
  r1 = _mm512_shuffle_epi8 (r1, bswap);
  r2 = _mm512_shuffle_epi8 (r2, bswap);
  r3 = _mm512_shuffle_epi8 (r3, bswap);
  r4 = _mm512_shuffle_epi8 (r4, bswap);
  r5 = _mm512_shuffle_epi8 (r5, bswap);
  r6 = _mm512_shuffle_epi8 (r6, bswap);
  r7 = _mm512_shuffle_epi8 (r7, bswap);
  /* t0 = r0.0 r1.0 | r0.2 r1.2 | r0.4 r1.4 | r0.6 r1.6 (128-bit
   * quarters), t1 the same with the odd words; t2, t3 from r2, r3 ... */
  t0 = _mm512_unpacklo_epi64 (r0, r1);
  t1 = _mm512_unpackhi_epi64 (r0, r1);
  t2 = _mm512_unpacklo_epi64 (r2, r3);
  t3 = _mm512_unpackhi_epi64 (r2, r3);
  t4 = _mm512_unpacklo_epi64 (r4, r5);
  t5 = _mm512_unpackhi_epi64 (r4, r5);
  t6 = _mm512_unpacklo_epi64 (r6, r7);
  t7 = _mm512_unpackhi_epi64 (r6, r7);
  /* u0 = words 0 | 4 of lanes 0-3 (quarters 0, 2 of t0 and of t2), u1 =
   * words 2 | 6 (quarters 1, 3); u2, u3 the same from t1, t3 (words 1 | 5
   * and 3 | 7); u4 .. u7 the same for lanes 4-7. */
  u0 = _mm512_shuffle_i64x2 (t0, t2, 0x88);
  u1 = _mm512_shuffle_i64x2 (t0, t2, 0xdd);
  u2 = _mm512_shuffle_i64x2 (t1, t3, 0x88);
  u3 = _mm512_shuffle_i64x2 (t1, t3, 0xdd);
  u4 = _mm512_shuffle_i64x2 (t4, t6, 0x88);
  u5 = _mm512_shuffle_i64x2 (t4, t6, 0xdd);
  u6 = _mm512_shuffle_i64x2 (t5, t7, 0x88);
  u7 = _mm512_shuffle_i64x2 (t5, t7, 0xdd);
  /* Quarters 0, 2 of (u, u + 4): a word of lanes 0-3, then of 4-7. */
  w[8 * k + 0] = _mm512_shuffle_i64x2 (u0, u4, 0x88);
  w[8 * k + 4] = _mm512_shuffle_i64x2 (u0, u4, 0xdd);
  w[8 * k + 2] = _mm512_shuffle_i64x2 (u1, u5, 0x88);
  w[8 * k + 6] = _mm512_shuffle_i64x2 (u1, u5, 0xdd);
  w[8 * k + 1] = _mm512_shuffle_i64x2 (u2, u6, 0x88);
  w[8 * k + 5] = _mm512_shuffle_i64x2 (u2, u6, 0xdd);
  w[8 * k + 3] = _mm512_shuffle_i64x2 (u3, u7, 0x88);
  w[8 * k + 7] = _mm512_shuffle_i64x2 (u3, u7, 0xdd);
}

#define MBV_FN MB_AVX512_FN
#define MBV(name) v8_##name
#define MBV_T v8
#define MBV_LANES 8
#define MBV_LOAD(p) _mm512_loadu_si512 ((const void *) (p))
#define MBV_STORE(p, x) _mm512_storeu_si512 ((void *) (p), (x))
#define MBV_SET1(k) _mm512_set1_epi64 (k)
#define MBV_ADD(x, y) _mm512_add_epi64 ((x), (y))
#define MBV_SHR(x, n) _mm512_srli_epi64 ((x), (n))
#define MBV_ROR(x, n) _mm512_ror_epi64 ((x), (n))
#define MBV_ROR8(x) _mm512_ror_epi64 ((x), 8)
#define MBV_XOR3(x, y, z) _mm512_ternarylogic_epi64 ((x), (y), (z), TL_XOR3)
#define MBV_CH(x, y, z) _mm512_ternarylogic_epi64 ((x), (y), (z), TL_CH)
#define MBV_MAJ(x, y, z) _mm512_ternarylogic_epi64 ((x), (y), (z), TL_MAJ)
#define MBV_LOADW(w, p, off, k) v8_load8 ((w), (p), (off), (k))
#include "hash/x86_64/sha512-mb-avx.h"

#endif /* KC_HAVE_MB_X86 */

/* ------------------------------------------------------------ driver */

/* Remainder policy of the dispatcher (mb_plan): a group of m < 8 messages
 * runs the 8-lane kernel when m > MB_AVX512_MIN, else 4-lane groups; a
 * group of m < 4 runs the 4-lane kernel when m >= MB_AVX2_MIN, else the
 * single-buffer path: where each starts to pay (doc/MEASUREMENTS). */
#define MB_AVX512_MIN 4
#define MB_AVX2_MIN 3

/* The kernels, widest first; mb_plan runs them. */
KC_KERNEL_ROWS (mb_kernels, int kernel) = {
#ifdef KC_HAVE_MB_X86
  { { "avx512", KC_SHA512_MB_AVX512_HWF, 0 }, KC_SHA512_MB_AVX512 },
  { { "avx2", KC_SHA512_MB_AVX2_HWF, 0 }, KC_SHA512_MB_AVX2 },
#endif
  { { "portable", 0, 0 }, KC_SHA512_MB_GENERIC },
};
KC_KERNEL_TABLE (_kc_sha512_mb_kernels_table, mb_kernels);

int
_kc_sha512_mb_have (int kernel)
{
  unsigned int i;

  for (i = 0; i < KC_DIM (mb_kernels); i++)
    if (mb_kernels[i].kernel == kernel)
      return _kc_hwf_has (mb_kernels[i].row.need);
  return 0;
}

/* Staging area of one group: per lane a head block and two tail blocks. */
struct mb_stage
{
  uint64_t st[8][LANES];
  unsigned char head[LANES][BLK];
  unsigned char tail[LANES][2 * BLK];
};

/* Hash M messages (1 <= M <= LANES) with KERNEL, running NL lanes (M <=
 * NL <= LANES: lanes M .. NL-1 hash a copy of message 0 and their
 * digests are dropped).  Message l is PRE (PLEN bytes) || IN[l] (LEN
 * bytes); OUT[l] gets the first OUTLEN bytes of its digest. */
static void
mb_group (struct mb_stage *s, mb_kernel_fn kern, unsigned int nl,
          unsigned char *const out[], size_t outlen,
          const unsigned char *pre, size_t plen,
          const unsigned char *const in[], size_t len, unsigned int m)
{
  static const uint64_t iv[8] = {
    0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL, 0x3c6ef372fe94f82bULL,
    0xa54ff53a5f1d36f1ULL, 0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL,
    0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL
  };
  const unsigned char *src[LANES];
  const unsigned char *p[LANES];
  uint64_t total = (uint64_t) plen + len;       /* bytes hashed per lane */
  size_t nfull = (size_t) (total / BLK);        /* complete blocks */
  size_t rest = (size_t) (total % BLK);         /* bytes in the tail */
  size_t ntail = rest + 17 <= BLK ? 1 : 2;      /* 0x80 and 16 length bytes */
  size_t k = 0;                                 /* blocks done */
  unsigned int l, j;

  KC_VERIFY_CHECK (m >= 1 && m <= nl && nl <= LANES);
  KC_VERIFY_CHECK (plen < BLK && outlen >= 1 && outlen <= 64);
  for (l = 0; l < nl; l++)
    src[l] = in[l < m ? l : 0];
  for (j = 0; j < 8; j++)
    for (l = 0; l < LANES; l++)
      s->st[j][l] = iv[j];

  /* Head: the prefix and the first BLK - PLEN message bytes. */
  if (plen && nfull)
    {
      for (l = 0; l < nl; l++)
        {
          memcpy (s->head[l], pre, plen);
          memcpy (s->head[l] + plen, src[l], BLK - plen);
          p[l] = s->head[l];
        }
      kern (s->st, p, 1, nl);
      k = 1;
    }
  /* Blocks 1 .. nfull-1 (0 .. with no prefix) start BLK k - PLEN bytes
   * into IN. */
  if (nfull > k)
    {
      for (l = 0; l < nl; l++)
        p[l] = src[l] + (BLK * k - plen);
      kern (s->st, p, nfull - k, nl);
    }
  /* Tail: the last REST bytes of PRE || IN, 0x80, zeros, the 128-bit
   * big-endian bit length. */
  for (l = 0; l < nl; l++)
    {
      unsigned char *t = s->tail[l];
      memset (t, 0, ntail * BLK);
      if (nfull == 0)
        {
          if (plen)
            memcpy (t, pre, plen);
          if (len)
            memcpy (t + plen, src[l], len);
        }
      else if (rest)
        memcpy (t, src[l] + (BLK * nfull - plen), rest);
      t[rest] = 0x80;
      buf_put_be64 (t + ntail * BLK - 16, total >> 61);
      buf_put_be64 (t + ntail * BLK - 8, total << 3);
      p[l] = t;
    }
  kern (s->st, p, ntail, nl);

  for (l = 0; l < m; l++)
    {
      unsigned char d[64];
      for (j = 0; j < 8; j++)
        buf_put_be64 (d + 8 * j, s->st[j][l]);
      memcpy (out[l], d, outlen);
      wipememory (d, sizeof d);
    }
}

/* The plan for the next group, LEFT >= 1 messages still to hash: returns
 * the kernel (NULL: hash the group one message at a time by the
 * single-buffer code), sets *M (messages in the group) and *NL (lanes
 * run, M <= NL, the extra lanes hash a copy of the first message).
 * KERNEL runs every group, except that with AUTOPICK a remainder (LEFT <
 * the kernel's width) may go to a narrower kernel or to the single-buffer
 * code: padding lanes cost as much as real ones.  The thresholds are
 * MB_AVX512_MIN and MB_AVX2_MIN above. */
static mb_kernel_fn
mb_plan (int kernel, int autopick, size_t left, unsigned int *m,
         unsigned int *nl)
{
  unsigned int want = left < LANES ? (unsigned int) left : LANES;

#ifdef KC_HAVE_MB_X86
  if (kernel == KC_SHA512_MB_AVX512)
    {
      *m = want;
      *nl = 8;
      if (!autopick || want > MB_AVX512_MIN)
        return v8_blocks;
      kernel = KC_SHA512_MB_AVX2;
    }
  if (kernel == KC_SHA512_MB_AVX2)
    {
      *m = want < 4 ? want : 4;
      *nl = 4;
      if (!autopick || *m >= MB_AVX2_MIN)
        return v4_blocks;
    }
#else
  (void) kernel;
#endif
  *m = *nl = want;
  return autopick ? NULL : mb_blocks_generic;
}

/* The single-buffer path for one message: OUT = the first OUTLEN bytes
 * of SHA-512 (PRE || IN). */
static void
mb_single (unsigned char *out, size_t outlen, const unsigned char *pre,
           size_t plen, const unsigned char *in, size_t len)
{
  _kc_sha512_ctx ctx;
  unsigned char d[64];

  _kc_sha512_init (&ctx);
  _kc_sha512_update (&ctx, pre, plen);
  _kc_sha512_update (&ctx, in, len);
  _kc_sha512_final (&ctx, d);   /* wipes ctx */
  memcpy (out, d, outlen);
  wipememory (d, sizeof d);
}

/* Run N messages through KERNEL (see mb_plan for AUTOPICK). */
static void
mb_run (int kernel, int autopick, unsigned char *const out[], size_t outlen,
        const unsigned char *pre, size_t plen,
        const unsigned char *const in[], size_t len, size_t n)
{
  struct mb_stage s;
  size_t i = 0;
  int staged = 0;

  while (i < n)
    {
      unsigned int m, nl, l;
      mb_kernel_fn kern = mb_plan (kernel, autopick, n - i, &m, &nl);
      if (kern)
        {
          mb_group (&s, kern, nl, out + i, outlen, pre, plen, in + i, len, m);
          staged = 1;
        }
      else
        for (l = 0; l < m; l++)
          mb_single (out[i + l], outlen, pre, plen, in[i + l], len);
      i += m;
    }
  if (staged)
    wipememory (&s, sizeof s);
}

/* The widest kernel this CPU runs. */
static int
mb_best (void)
{
  return KC_PICK (mb_kernels)->kernel;
}

void
_kc_sha512_mb_kernel (int kernel, unsigned char *const out[], size_t outlen,
                      const unsigned char *prefix, size_t prefixlen,
                      const unsigned char *const in[], size_t len, size_t n)
{
  mb_run (kernel, 0, out, outlen, prefix, prefixlen, in, len, n);
}

void
_kc_sha512_mb (unsigned char *const out[], size_t outlen,
               const unsigned char *prefix, size_t prefixlen,
               const unsigned char *const in[], size_t len, size_t n)
{
  mb_run (mb_best (), 1, out, outlen, prefix, prefixlen, in, len, n);
}

void
_kc_sha512_x4 (unsigned char *const out[4], const unsigned char *const in[4],
               size_t len)
{
  _kc_sha512_mb (out, 64, NULL, 0, in, len, 4);
}

void
_kc_sha512_x8 (unsigned char *const out[8], const unsigned char *const in[8],
               size_t len)
{
  _kc_sha512_mb (out, 64, NULL, 0, in, len, 8);
}

void
_kc_sha512_mb_prefix_strided (unsigned char *out, size_t outstride,
                              size_t outlen, unsigned char prefix,
                              const unsigned char *in, size_t instride,
                              size_t len, size_t n)
{
  unsigned char *o[LANES];
  const unsigned char *q[LANES];
  size_t i = 0;

  while (i < n)
    {
      size_t m = n - i < LANES ? n - i : LANES;
      size_t l;
      for (l = 0; l < m; l++)
        {
          o[l] = out + (i + l) * outstride;
          q[l] = in + (i + l) * instride;
        }
      _kc_sha512_mb (o, outlen, &prefix, 1, q, len, m);
      i += m;
    }
}
