/* ct-msan-x86.h - exact MemorySanitizer models of the x86 intrinsics that
 * clang's MemorySanitizer does not follow, for the constant-time taint
 * check (tests/t-ctime-msan; see ct.h).
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Included after <immintrin.h> by every file that uses intrinsics; empty
 * unless the build is a MemorySanitizer one (KC_CT_MSAN, ct.h).  There,
 * each intrinsic below is replaced by C that computes the same result
 * and whose shadow MSan tracks exactly.  Probed with clang 14, what MSan
 * does with the originals:
 *  - vpternlog, vpcompressd, 512-bit vpmaddwd, vptest: it checks every
 *    operand as if it were branched on and clears the result's shadow, so
 *    a secret operand is reported (a false alarm) and then lost;
 *  - the variable permutes (vpermw/d/q, vpermi2w/d/q, vpshufb): it ORs the
 *    operands' shadows lane by lane, as for an element-wise operation, so
 *    a secret moved to another lane leaves its taint behind: a lane that
 *    received a secret can look public (a missed report) and a public
 *    lane that sat beside a secret one secret (a false alarm; seen in
 *    ML-KEM, where a public matrix entry rides in a lane of the secret
 *    noise's eight-way Keccak).
 * The models move each element's shadow with the element.  A permute
 * index or compress mask that is secret poisons the elements it chooses
 * rather than being reported: those instructions take the same time
 * whatever the index.  These models run only in the MSan build; the
 * instructions themselves are what the other builds (and valgrind's
 * check, where it can run them) execute. */
#ifndef KC_CT_MSAN_X86_H
#define KC_CT_MSAN_X86_H

#include "ct.h"

#ifdef KC_CT_MSAN
#include <string.h>

/* The vpternlog truth table IMM (bit 4a + 2b + c is the result for input
 * bits a, b, c) of the vectors A, B and C of type T, as an OR of its
 * minterms: and, or and not MSan tracks bit by bit.  (Fresh names in each
 * expansion: an operand may be one too.) */
#define ct_msan_ternlog(T, a, b, c, imm) \
  ct_msan_ternlog_ (T, a, b, c, imm, __COUNTER__)
#define ct_msan_ternlog_(T, a, b, c, imm, n) \
  ct_msan_ternlog_n (T, a, b, c, imm, n)
#define ct_msan_ternlog_n(T, a, b, c, imm, n) \
  ct_msan_ternlog__ (T, a, b, c, imm, ct_a_##n, ct_b_##n, ct_c_##n, ct_r_##n)
#define ct_msan_ternlog__(T, a, b, c, imm, A, B, C, R)                   \
  __extension__ ({                                                      \
    T A = (a), B = (b), C = (c), R = { 0 };                             \
    int ct_k_;                                                          \
    for (ct_k_ = 0; ct_k_ < 8; ct_k_++)                                 \
      if (((imm) >> ct_k_) & 1)                                         \
        R |= (ct_k_ & 4 ? A : ~A) & (ct_k_ & 2 ? B : ~B)                \
             & (ct_k_ & 1 ? C : ~C);                                    \
    R;                                                                  \
  })
#undef _mm_ternarylogic_epi64
#define _mm_ternarylogic_epi64(a, b, c, imm) \
  ct_msan_ternlog (__m128i, (a), (b), (c), (imm))
#undef _mm256_ternarylogic_epi64
#define _mm256_ternarylogic_epi64(a, b, c, imm) \
  ct_msan_ternlog (__m256i, (a), (b), (c), (imm))
#undef _mm512_ternarylogic_epi64
#define _mm512_ternarylogic_epi64(a, b, c, imm) \
  ct_msan_ternlog (__m512i, (a), (b), (c), (imm))

/* The target a model with vectors of type V needs (for their calling
 * convention; the models are inlined into the kernels, which have it). */
#define CT_MSAN_FN(V) CT_MSAN_FN_##V
#define CT_MSAN_FN___m128i
#define CT_MSAN_FN___m256i __attribute__ ((target ("avx2")))
#define CT_MSAN_FN___m512i __attribute__ ((target ("avx512f")))

/* The index of element I of the index vector IDX (elements of ESZ
 * bytes, little-endian), unpoisoned for the load it selects; *SECRET
 * says whether it was poisoned. */
static inline unsigned int
ct_msan_index (const unsigned char *idx, unsigned int i, unsigned int esz,
               int *secret)
{
  unsigned char b[2];
  memcpy (b, idx + i * esz, esz < 2 ? esz : 2);
  *secret = __msan_test_shadow (idx + i * esz, esz) != -1;
  __msan_unpoison (b, sizeof b);
  return esz == 1 ? b[0] : (unsigned int) (b[0] | b[1] << 8);
}

/* R = N elements of ESZ bytes, element i from A (or B: index bit N) at
 * index IDX[i] mod N (or 2N), its shadow with it; a poisoned index
 * poisons the element.  IDX may be R. */
static inline void
ct_msan_permute (unsigned char *r, const unsigned char *idx,
                 const unsigned char *a, const unsigned char *b,
                 unsigned int n, unsigned int esz, int two)
{
  unsigned char t[64];
  unsigned int i;
  for (i = 0; i < n; i++)
    {
      int secret;
      unsigned int j = ct_msan_index (idx, i, esz, &secret);
      const unsigned char *src = two && (j & n) ? b : a;
      memcpy (t + i * esz, src + (j & (n - 1)) * esz, esz);
      if (secret)
        __msan_poison (t + i * esz, esz);
    }
  memcpy (r, t, n * esz);
}

#define CT_MSAN_PERM1(name, V, n, esz)                                  \
  static inline CT_MSAN_FN (V) V                                        \
  ct_msan_##name (V idx, V a)                                           \
  {                                                                     \
    V r;                                                                \
    ct_msan_permute ((unsigned char *) &r, (const unsigned char *) &idx, \
                     (const unsigned char *) &a,                        \
                     (const unsigned char *) &a, n, esz, 0);            \
    return r;                                                           \
  }
#define CT_MSAN_PERM2(name, V, n, esz)                                  \
  static inline CT_MSAN_FN (V) V                                        \
  ct_msan_##name (V a, V idx, V b)                                      \
  {                                                                     \
    V r;                                                                \
    ct_msan_permute ((unsigned char *) &r, (const unsigned char *) &idx, \
                     (const unsigned char *) &a,                        \
                     (const unsigned char *) &b, n, esz, 1);            \
    return r;                                                           \
  }
CT_MSAN_PERM1 (permutexvar_epi16_512, __m512i, 32, 2)
CT_MSAN_PERM1 (permutexvar_epi32_512, __m512i, 16, 4)
CT_MSAN_PERM1 (permutexvar_epi64_512, __m512i, 8, 8)
CT_MSAN_PERM1 (permutexvar_epi64_256, __m256i, 4, 8)
CT_MSAN_PERM2 (permutex2var_epi16_512, __m512i, 32, 2)
CT_MSAN_PERM2 (permutex2var_epi32_512, __m512i, 16, 4)
CT_MSAN_PERM2 (permutex2var_epi64_512, __m512i, 8, 8)
#undef _mm512_permutexvar_epi16
#define _mm512_permutexvar_epi16(i, a) ct_msan_permutexvar_epi16_512 (i, a)
#undef _mm512_permutexvar_epi32
#define _mm512_permutexvar_epi32(i, a) ct_msan_permutexvar_epi32_512 (i, a)
#undef _mm512_permutexvar_epi64
#define _mm512_permutexvar_epi64(i, a) ct_msan_permutexvar_epi64_512 (i, a)
#undef _mm256_permutexvar_epi64
#define _mm256_permutexvar_epi64(i, a) ct_msan_permutexvar_epi64_256 (i, a)
#undef _mm512_permutex2var_epi16
#define _mm512_permutex2var_epi16(a, i, b) \
  ct_msan_permutex2var_epi16_512 (a, i, b)
#undef _mm512_permutex2var_epi32
#define _mm512_permutex2var_epi32(a, i, b) \
  ct_msan_permutex2var_epi32_512 (a, i, b)
#undef _mm512_permutex2var_epi64
#define _mm512_permutex2var_epi64(a, i, b) \
  ct_msan_permutex2var_epi64_512 (a, i, b)
#undef _mm512_maskz_permutexvar_epi16
#define _mm512_maskz_permutexvar_epi16(k, i, a) \
  _mm512_maskz_mov_epi16 ((k), ct_msan_permutexvar_epi16_512 (i, a))

static inline CT_MSAN_FN (__m256i) __m256i
ct_msan_permutevar8x32 (__m256i a, __m256i idx)
{
  __m256i r;
  ct_msan_permute ((unsigned char *) &r, (const unsigned char *) &idx,
                   (const unsigned char *) &a, (const unsigned char *) &a,
                   8, 4, 0);
  return r;
}
#undef _mm256_permutevar8x32_epi32
#define _mm256_permutevar8x32_epi32(a, i) ct_msan_permutevar8x32 (a, i)

/* vpshufb on N bytes: within each 16-byte lane, byte i is A's byte
 * IDX[i] & 15 of that lane, or 0 where IDX[i] has its top bit set. */
static inline void
ct_msan_pshufb (unsigned char *r, const unsigned char *a,
                const unsigned char *idx, unsigned int n)
{
  unsigned char t[64];
  unsigned int i;
  for (i = 0; i < n; i++)
    {
      int secret;
      unsigned int j = ct_msan_index (idx, i, 1, &secret);
      t[i] = j & 0x80 ? 0 : a[(i & ~15u) | (j & 15)];
      if (secret)
        __msan_poison (t + i, 1);
    }
  memcpy (r, t, n);
}
#define CT_MSAN_PSHUFB(name, V)                                         \
  static inline CT_MSAN_FN (V) V                                        \
  ct_msan_##name (V a, V idx)                                           \
  {                                                                     \
    V r;                                                                \
    ct_msan_pshufb ((unsigned char *) &r, (const unsigned char *) &a,   \
                    (const unsigned char *) &idx, sizeof r);            \
    return r;                                                           \
  }
CT_MSAN_PSHUFB (pshufb_128, __m128i)
CT_MSAN_PSHUFB (pshufb_256, __m256i)
CT_MSAN_PSHUFB (pshufb_512, __m512i)
#undef _mm_shuffle_epi8
#define _mm_shuffle_epi8(a, i) ct_msan_pshufb_128 (a, i)
#undef _mm256_shuffle_epi8
#define _mm256_shuffle_epi8(a, i) ct_msan_pshufb_256 (a, i)
#undef _mm512_shuffle_epi8
#define _mm512_shuffle_epi8(a, i) ct_msan_pshufb_512 (a, i)

/* vpmaddwd, 512 bits: pairs of signed 16-bit products summed into 32-bit
 * lanes (wrapping, as the instruction does for -2^15 * -2^15 twice). */
static inline CT_MSAN_FN (__m512i) __m512i
ct_msan_madd_epi16_512 (__m512i a, __m512i b)
{
  int16_t x[32], y[32];
  uint32_t r[16];
  __m512i v;
  unsigned int i;
  memcpy (x, &a, sizeof x);
  memcpy (y, &b, sizeof y);
  for (i = 0; i < 16; i++)
    r[i] = (uint32_t) ((int32_t) x[2 * i] * y[2 * i])
           + (uint32_t) ((int32_t) x[2 * i + 1] * y[2 * i + 1]);
  memcpy (&v, r, sizeof v);
  return v;
}
#undef _mm512_madd_epi16
#define _mm512_madd_epi16(a, b) ct_msan_madd_epi16_512 (a, b)

/* vpcompressd with zeroing: the 32-bit lanes of A selected by K, packed
 * to the bottom.  A secret K poisons the whole result. */
static inline CT_MSAN_FN (__m512i) __m512i
ct_msan_maskz_compress_epi32 (__mmask16 k, __m512i a)
{
  uint32_t x[16], r[16];
  __m512i v;
  unsigned int i, n = 0, kk = k;
  int secret = __msan_test_shadow (&kk, sizeof kk) != -1;
  __msan_unpoison (&kk, sizeof kk);
  memcpy (x, &a, sizeof x);
  memset (r, 0, sizeof r);
  for (i = 0; i < 16; i++)
    if ((kk >> i) & 1)
      r[n++] = x[i];
  memcpy (&v, r, sizeof v);
  if (secret)
    __msan_poison (&v, sizeof v);
  return v;
}
#undef _mm512_maskz_compress_epi32
#define _mm512_maskz_compress_epi32(k, a) ct_msan_maskz_compress_epi32 (k, a)

/* vptest: 1 if A & B is all zeros (an equality compare MSan follows). */
static inline CT_MSAN_FN (__m256i) int
ct_msan_testz_256 (__m256i a, __m256i b)
{
  uint64_t w[4];
  __m256i t = a & b;
  memcpy (w, &t, sizeof w);
  return (w[0] | w[1] | w[2] | w[3]) == 0;
}
#undef _mm256_testz_si256
#define _mm256_testz_si256(a, b) ct_msan_testz_256 (a, b)

#endif /* KC_CT_MSAN */
#endif /* KC_CT_MSAN_X86_H */
