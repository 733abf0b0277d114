/* x25519/x86_64/field-ifma.h - four field elements mod 2^255 - 19 in
 * the lanes of AVX-512 IFMA ymm registers: the layout, the bounds and
 * the carried four-lane multiplication of x25519/x86_64/ifma.c (the
 * X25519 ladder), shared with ed25519/x86_64/group-ifma.c (the Ed25519
 * comb).  Internal: static inline functions, included where
 * KC_HAVE_X25519_IFMA is defined and IFMA_INLINE names the includer's
 * attributes (a target with at least KC_X25519_IFMA_ISA).
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Layout and bounds: see the top of x25519/x86_64/ifma.c (a "v4" has
 * limb i of its four elements in l[i], radix 2^51; vmul takes limbs
 * below 2^52 and gives them carried, below 2^51 + 2^14).
 */
#ifndef KC_X25519_FIELD_IFMA_H
#define KC_X25519_FIELD_IFMA_H

#define M51 ((((int64_t) 1) << 51) - 1)

typedef struct { __m256i l[5]; } v4;

/* 4p in radix 2^51: 2^53 - 76, then 2^53 - 4 */
#define P4_0 ((((int64_t) 1) << 53) - 76)
#define P4_I ((((int64_t) 1) << 53) - 4)

/* one carry round over all limbs at once; limbs below 2^63 in, then
 * limb i below 2^51 + (limb i-1 >> 51), limb 0 below
 * 2^51 + 19 (limb 4 >> 51) */
IFMA_INLINE void
vcarry (v4 *r, const v4 *a)
{
  const __m256i m = _mm256_set1_epi64x (M51);
  __m256i c0 = _mm256_srli_epi64 (a->l[0], 51);
  __m256i c1 = _mm256_srli_epi64 (a->l[1], 51);
  __m256i c2 = _mm256_srli_epi64 (a->l[2], 51);
  __m256i c3 = _mm256_srli_epi64 (a->l[3], 51);
  __m256i c4 = _mm256_srli_epi64 (a->l[4], 51);

  r->l[1] = _mm256_add_epi64 (_mm256_and_si256 (a->l[1], m), c0);
  r->l[2] = _mm256_add_epi64 (_mm256_and_si256 (a->l[2], m), c1);
  r->l[3] = _mm256_add_epi64 (_mm256_and_si256 (a->l[3], m), c2);
  r->l[4] = _mm256_add_epi64 (_mm256_and_si256 (a->l[4], m), c3);
  r->l[0] = _mm256_madd52lo_epu64 (_mm256_and_si256 (a->l[0], m), c4,
                                   _mm256_set1_epi64x (19));
}

/* R = A * B lane by lane, limbs of A and B below 2^52; R carried */
IFMA_INLINE void
vmul (v4 *r, const v4 *a, const v4 *b)
{
  const __m256i z = _mm256_setzero_si256 ();
  __m256i lo[9], hi[10], t[10];
  v4 f;
  int i, j;

#pragma GCC unroll 10
  for (i = 0; i < 9; i++)
    lo[i] = z;
#pragma GCC unroll 10
  for (i = 0; i < 10; i++)
    hi[i] = z;
#pragma GCC unroll 5
  for (i = 0; i < 5; i++)
#pragma GCC unroll 5
    for (j = 0; j < 5; j++)
      {
        lo[i + j] = _mm256_madd52lo_epu64 (lo[i + j], a->l[i], b->l[j]);
        hi[i + j + 1] = _mm256_madd52hi_epu64 (hi[i + j + 1], a->l[i],
                                               b->l[j]);
      }
  /* column k: L_k + 2 H_k */
  t[0] = lo[0];
#pragma GCC unroll 10
  for (i = 1; i < 9; i++)
    t[i] = _mm256_add_epi64 (lo[i], _mm256_add_epi64 (hi[i], hi[i]));
  t[9] = _mm256_add_epi64 (hi[9], hi[9]);
  /* fold: column k + 5 times 19 = 1 + 2 + 16 into column k */
#pragma GCC unroll 5
  for (i = 0; i < 5; i++)
    {
      __m256i u = t[i + 5];
      __m256i s = _mm256_add_epi64 (_mm256_slli_epi64 (u, 1),
                                    _mm256_slli_epi64 (u, 4));
      f.l[i] = _mm256_add_epi64 (_mm256_add_epi64 (t[i], u), s);
    }
  vcarry (r, &f);
}

/* lane selections: lane j of the result takes lane SEL(j) */
#define SEL(l0, l1, l2, l3) _mm256_set_epi64x (l3, l2, l1, l0)

#endif /* KC_X25519_FIELD_IFMA_H */
