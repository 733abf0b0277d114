/* hash/x86_64/sha512-avx.h - SHA-512's vector message schedule and the rounds that
 * carry it, written once and included by hash/sha512.c for AVX2 and for
 * AVX-512VL (no include guard: one inclusion an instruction set).
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Before including, define SHA512_X_FN (the target attribute),
 * SHA512_X(name) (the suffixed name of each function) and SHA512_X_VL (1:
 * the rotates are vprorq and the three-way XORs vpternlogq; 0: shifts, OR
 * and two XORs).  All three are undefined at the end.  The schedule of
 * two blocks is computed at once in ymm registers, lanes [A_t, A_t+1 |
 * B_t, B_t+1] (block A in the low 128 bits, block B in the high), so that
 * _mm256_alignr_epi8, which works per 128-bit half, lines up W[t-15] and
 * W[t-7] for both blocks.  A step makes two words, W[t] and W[t+1], which
 * need nothing newer than W[t-1] (the s1 input is W[t-2], W[t-1]).  W + K
 * goes to the stack; the rounds run in scalar code (round512, BMI2's
 * rorx), and the schedule steps are woven between the rounds of block A
 * so that vector and integer units work at once.
 */

/* This inclusion's names for the functions below (the body uses the
 * plain ones; a macro does not expand inside its own expansion). */
#define s0v SHA512_X (s0v)
#define s1v SHA512_X (s1v)
#define sched_step SHA512_X (sched_step)
#define sha512_rounds_sched SHA512_X (sha512_rounds_sched)
#define sha512_blocks SHA512_X (sha512_blocks)

#if SHA512_X_VL
# define SHA512_X_ROR(x, n) _mm256_ror_epi64 ((x), (n))
# define SHA512_X_XOR3(a, b, c) _mm256_ternarylogic_epi64 ((a), (b), (c), 0x96)
#else
# define SHA512_X_ROR(x, n) \
  _mm256_or_si256 (_mm256_srli_epi64 ((x), (n)), \
                   _mm256_slli_epi64 ((x), 64 - (n)))
# define SHA512_X_XOR3(a, b, c) \
  _mm256_xor_si256 (_mm256_xor_si256 ((a), (b)), (c))
#endif

/* s0 and s1 on four words. */
SHA512_X_FN static inline __m256i
s0v (__m256i x)
{
  return SHA512_X_XOR3 (SHA512_X_ROR (x, 1), SHA512_X_ROR (x, 8),
                        _mm256_srli_epi64 (x, 7));
}

SHA512_X_FN static inline __m256i
s1v (__m256i x)
{
  return SHA512_X_XOR3 (SHA512_X_ROR (x, 19), SHA512_X_ROR (x, 61),
                        _mm256_srli_epi64 (x, 6));
}

/* One schedule step: *W16 holds words t-16, t-15 and becomes t, t+1:
 * W[t] = s1(W[t-2]) + W[t-7] + s0(W[t-15]) + W[t-16].  W14, W8, W6, W2
 * hold the pairs starting at t-14, t-8, t-6, t-2. */
SHA512_X_FN static inline void
sched_step (__m256i *w16, __m256i w14, __m256i w8, __m256i w6, __m256i w2)
{
  __m256i t15 = _mm256_alignr_epi8 (w14, *w16, 8);
  __m256i t7 = _mm256_alignr_epi8 (w6, w8, 8);
  *w16 = _mm256_add_epi64 (_mm256_add_epi64 (*w16, s0v (t15)),
                           _mm256_add_epi64 (t7, s1v (w2)));
}

/* The rounds of the block at PA, with the message schedule of both PA and
 * PB computed in the vector units as the rounds go: W + K of PA into WKA,
 * of PB into WKB (for a later sha512_rounds_bmi2).  One schedule step (two
 * words of each block) follows every two rounds, so the schedule runs
 * 16 words ahead of the rounds that read WKA and the integer and vector
 * units work at once. */
SHA512_X_FN static void
sha512_rounds_sched (uint64_t h[8], uint64_t wka[80], uint64_t wkb[80],
                     const unsigned char *pa, const unsigned char *pb)
{
  const __m256i bswap = _mm256_set_epi64x (0x08090a0b0c0d0e0fULL,
                                           0x0001020304050607ULL,
                                           0x08090a0b0c0d0e0fULL,
                                           0x0001020304050607ULL);
  uint64_t a = h[0], b = h[1], c = h[2], d = h[3];
  uint64_t e = h[4], f = h[5], g = h[6], hh = h[7];
  __m256i w0, w1, w2, w3, w4, w5, w6, w7;
  int i, j;

  w0 = load_pair (pa, pb, 0, bswap); w1 = load_pair (pa, pb, 1, bswap);
  w2 = load_pair (pa, pb, 2, bswap); w3 = load_pair (pa, pb, 3, bswap);
  w4 = load_pair (pa, pb, 4, bswap); w5 = load_pair (pa, pb, 5, bswap);
  w6 = load_pair (pa, pb, 6, bswap); w7 = load_pair (pa, pb, 7, bswap);
  store_wk (wka, wkb, w0, 0); store_wk (wka, wkb, w1, 1);
  store_wk (wka, wkb, w2, 2); store_wk (wka, wkb, w3, 3);
  store_wk (wka, wkb, w4, 4); store_wk (wka, wkb, w5, 5);
  store_wk (wka, wkb, w6, 6); store_wk (wka, wkb, w7, 7);

  for (i = 0, j = 8; i < 64; i += 16, j += 8)
    {
      round512 (a, b, c, &d, e, f, g, &hh, wka[i + 0]);
      round512 (hh, a, b, &c, d, e, f, &g, wka[i + 1]);
      sched_step (&w0, w1, w4, w5, w7); store_wk (wka, wkb, w0, j + 0);
      round512 (g, hh, a, &b, c, d, e, &f, wka[i + 2]);
      round512 (f, g, hh, &a, b, c, d, &e, wka[i + 3]);
      sched_step (&w1, w2, w5, w6, w0); store_wk (wka, wkb, w1, j + 1);
      round512 (e, f, g, &hh, a, b, c, &d, wka[i + 4]);
      round512 (d, e, f, &g, hh, a, b, &c, wka[i + 5]);
      sched_step (&w2, w3, w6, w7, w1); store_wk (wka, wkb, w2, j + 2);
      round512 (c, d, e, &f, g, hh, a, &b, wka[i + 6]);
      round512 (b, c, d, &e, f, g, hh, &a, wka[i + 7]);
      sched_step (&w3, w4, w7, w0, w2); store_wk (wka, wkb, w3, j + 3);
      round512 (a, b, c, &d, e, f, g, &hh, wka[i + 8]);
      round512 (hh, a, b, &c, d, e, f, &g, wka[i + 9]);
      sched_step (&w4, w5, w0, w1, w3); store_wk (wka, wkb, w4, j + 4);
      round512 (g, hh, a, &b, c, d, e, &f, wka[i + 10]);
      round512 (f, g, hh, &a, b, c, d, &e, wka[i + 11]);
      sched_step (&w5, w6, w1, w2, w4); store_wk (wka, wkb, w5, j + 5);
      round512 (e, f, g, &hh, a, b, c, &d, wka[i + 12]);
      round512 (d, e, f, &g, hh, a, b, &c, wka[i + 13]);
      sched_step (&w6, w7, w2, w3, w5); store_wk (wka, wkb, w6, j + 6);
      round512 (c, d, e, &f, g, hh, a, &b, wka[i + 14]);
      round512 (b, c, d, &e, f, g, hh, &a, wka[i + 15]);
      sched_step (&w7, w0, w3, w4, w6); store_wk (wka, wkb, w7, j + 7);
    }
  for (; i < 80; i += 16)
    {
#define KW(j) wka[i + (j)]
      SHA512_ROUNDS16 ();
#undef KW
    }
  h[0] += a; h[1] += b; h[2] += c; h[3] += d;
  h[4] += e; h[5] += f; h[6] += g; h[7] += hh;
}

/* Blocks go in pairs (A, B), a last single block alone: the rounds of A
 * carry the schedule of A and B, then B's rounds read its W + K.  WK is
 * not wiped here: every entry point that reaches this kernel burns
 * KC_STACK_BURN_SHA512_AVX512 or more below itself when it returns, and
 * tests/t-wipe checks that every byte a call writes lies within its burn
 * (the wipe of these 1280 bytes was 3% of a 64-byte SHA-512). */
SHA512_X_FN static void
sha512_blocks (uint64_t h[8], const unsigned char *p, size_t nblocks)
{
  uint64_t wk[2][80];

  while (nblocks)
    {
      size_t n = nblocks >= 2 ? 2 : 1;
      /* A single block schedules itself in both halves; wk[1] is then
       * scratch. */
      sha512_rounds_sched (h, wk[0], wk[1], p,
                           p + (n - 1) * KC_SHA512_BLOCK_LEN);
      if (n == 2)
        sha512_rounds_bmi2 (h, wk[1]);
      p += n * KC_SHA512_BLOCK_LEN;
      nblocks -= n;
    }
}

#undef s0v
#undef s1v
#undef sched_step
#undef sha512_rounds_sched
#undef sha512_blocks
#undef SHA512_X_ROR
#undef SHA512_X_XOR3
#undef SHA512_X_FN
#undef SHA512_X
#undef SHA512_X_VL
