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
typedef struct { __m512i l[5]; } v8;

/* 4p in radix 2^51: 2^53 - 76, then 2^53 - 4 */
#define P4_0 ((((int64_t) 1) << 53) - 76)
#define P4_I ((((int64_t) 1) << 53) - 4)

/* The carry round (vcarry, vcarry8) and the carried multiplication
 * (vmul, vmul8), for four lanes in ymm and eight in zmm:
 * x25519/x86_64/field-ifma-impl.h, once for each. */
#define FI_V v4
#define FI_W __m256i
#define FI_NAME(name) name
#define FI_(op) _mm256_##op
#define FI_SET1(x) _mm256_set1_epi64x (x)
#define FI_ZERO _mm256_setzero_si256 ()
#define FI_AND(a, b) _mm256_and_si256 ((a), (b))
#include "x25519/x86_64/field-ifma-impl.h"

#define FI_V v8
#define FI_W __m512i
#define FI_NAME(name) name##8
#define FI_(op) _mm512_##op
#define FI_SET1(x) _mm512_set1_epi64 (x)
#define FI_ZERO _mm512_setzero_si512 ()
#define FI_AND(a, b) _mm512_and_si512 ((a), (b))
#include "x25519/x86_64/field-ifma-impl.h"

/* lane selections: lane j of the result takes lane SEL(j) */
#define SEL(l0, l1, l2, l3) _mm256_set_epi64x (l3, l2, l1, l0)

#endif /* KC_X25519_FIELD_IFMA_H */
