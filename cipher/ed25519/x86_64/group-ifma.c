/* ed25519/x86_64/group-ifma.c - the Ed25519 comb on AVX-512 IFMA.
 * Contract in ed25519/x86_64/ifma.h.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The point (X : Y : Z : T) sits in the four lanes of a v4
 * (x25519/x86_64/field-ifma.h: radix 2^51, limb i of the four in l[i]),
 * and one addition of a table entry Q = (y + x, y - x, 2 d x y) with
 * the products of the next point (madd-2008-hwcd-3, then the four
 * products of extended coordinates: ed25519/group-impl.h's madd and
 * to_p3) is two four-lane multiplications:
 *   M = (Y - X, Y + X, 2 Z, T) * (y - x, y + x, 1, 2 d x y)
 *     = (pa, pb, 2 Z, c)
 *   (X', Y', Z', T') = (e, g, f, e) * (f, h, g, h)
 *     with e = pb - pa, h = pb + pa, f = 2 Z - c, g = 2 Z + c.
 * Every multiplication input is carried first (limbs below 2^52, as
 * IFMA requires); the entry's limbs are below 2^51, and its negation
 * 2p - x below 2^52.  The four doublings between the comb's halves are
 * group.c's portable ones (_kc_ed25519_ge_dbl: four in a
 * multiplication).
 */
#include "kcrypt-int.h"
#include "ed25519/group.h"
#include "ed25519/x86_64/ifma.h"
#include "x25519/x86_64/ifma.h"

#ifdef KC_HAVE_ED25519_IFMA
# include <immintrin.h>
# include "ct-msan-x86.h"         /* MSan builds: see there */

#define IFMA_FN KC_ISA_TARGET (KC_ED25519_IFMA_ISA)
#define IFMA_INLINE IFMA_FN __attribute__ ((always_inline)) static inline
#define COMB_AVX2_FN IFMA_FN

#include "x25519/x86_64/field-ifma.h"
#include "ed25519/x86_64/comb-avx2.h"

/* 2p in radix 2^51, for a negation below 2^52 */
#define P2_0 ((((uint64_t) 1) << 52) - 38)
#define P2_I ((((uint64_t) 1) << 52) - 2)

/* R = A's lanes LO + A's lanes HI, the second term negated (4p minus
 * the limb) in the lanes of NEG and zero in those of ZERO; limbs of A
 * carried, of R below 2^54, not carried */
IFMA_INLINE void
vlin (v4 *r, const v4 *a, __m256i lo, __m256i hi, __mmask8 neg,
      __mmask8 keep)
{
  const __m256i p40 = _mm256_set1_epi64x (P4_0);
  const __m256i p4i = _mm256_set1_epi64x (P4_I);
  int i;
#pragma GCC unroll 5
  for (i = 0; i < 5; i++)
    {
      __m256i e = _mm256_permutexvar_epi64 (lo, a->l[i]);
      __m256i f = _mm256_permutexvar_epi64 (hi, a->l[i]);
      __m256i n = _mm256_sub_epi64 (i ? p4i : p40, f);
      f = _mm256_maskz_mov_epi64 (keep, _mm256_mask_blend_epi64 (neg, f, n));
      r->l[i] = _mm256_add_epi64 (e, f);
    }
}

/* S = S + Q (the lanes of Q: y - x, y + x, 1, 2 d x y) */
IFMA_INLINE void
step (v4 *s, const v4 *q)
{
  v4 u, m, v1, v2;

  /* (Y - X, Y + X, 2 Z, T) */
  vlin (&u, s, SEL (1, 1, 2, 3), SEL (0, 0, 2, 0), 0x1, 0x7);
  vcarry (&u, &u);
  vmul (&m, &u, q);                             /* (pa, pb, 2 Z, c) */
  /* (e, g, f, e) and (f, h, g, h) */
  vlin (&v1, &m, SEL (1, 2, 2, 1), SEL (0, 3, 3, 0), 0xd, 0xf);
  vlin (&v2, &m, SEL (2, 1, 2, 1), SEL (3, 0, 3, 0), 0x1, 0xf);
  vcarry (&v1, &v1);
  vcarry (&v2, &v2);
  vmul (s, &v1, &v2);                           /* (X, Y, Z, T) */
}

/* Q = B256[POS] times the signed digit D in [-8, 8] in the lanes of
 * step's second factor; constant time (every entry read, masks) */
IFMA_INLINE void
select_q (v4 *q, int pos, signed char d, uint64_t m[8], uint64_t w[15])
{
  const uint64_t *row = (const uint64_t *) (const void *)
    _kc_ed25519_comb[pos];
  uint64_t neg = (uint64_t) (unsigned char) d >> 7;
  uint64_t mask = ct_mask_from_flag_u64 (neg);
  uint64_t abs = (((uint64_t) (int64_t) d ^ mask) - mask) & 0xff;
  uint64_t z, x, n;
  int i, k;

  for (k = 0; k < 8; k++)
    m[k] = ct_mask_eq_u64 (abs, (uint64_t) k + 1);
  comb_row_avx2 (w, row, m);
  z = ct_eq_u64 (abs, 0);                       /* the identity (1, 1, 0) */
  w[0] |= z;
  w[5] |= z;
  for (i = 0; i < 5; i++)
    {
      /* -(y + x, y - x, 2 d x y) = (y - x, y + x, 2p - 2 d x y) */
      x = (w[i] ^ w[5 + i]) & mask;
      n = (i ? P2_I : P2_0) - w[10 + i];
      n = (n ^ w[10 + i]) & mask;
      q->l[i] = _mm256_set_epi64x ((long long) (w[10 + i] ^ n),
                                   i == 0, (long long) (w[i] ^ x),
                                   (long long) (w[5 + i] ^ x));
    }
}

/* the 5x51 point of the lanes of S (carried limbs), and back.  (AVX2
 * only and not inlined: in an AVX-512 function, gcc 12 takes a lane out
 * with vextracti64x2, an AVX512DQ instruction outside the row's gate.) */
#define LANES_FN KC_ISA_TARGET (AVX2) __attribute__ ((noinline)) static
LANES_FN void
lanes_out (_kc_ed25519_ge *r, const v4 *s)
{
  uint64_t l[4];
  int i;
  for (i = 0; i < 5; i++)
    {
      _mm256_storeu_si256 ((__m256i *) (void *) l, s->l[i]);
      r->X.v[i] = l[0];
      r->Y.v[i] = l[1];
      r->Z.v[i] = l[2];
      r->T.v[i] = l[3];
    }
  wipememory (l, sizeof l);
}

LANES_FN void
lanes_in (v4 *s, const _kc_ed25519_ge *r)
{
  int i;
  for (i = 0; i < 5; i++)
    s->l[i] = _mm256_set_epi64x ((long long) r->T.v[i], (long long) r->Z.v[i],
                                 (long long) r->Y.v[i], (long long) r->X.v[i]);
}

IFMA_FN void
_kc_ed25519_base_ifma (_kc_ed25519_ge *out, const unsigned char a[32])
{
  signed char e[64];
  uint64_t m[8], w[15];
  _kc_ed25519_ge r;
  v4 s, q;
  int i;

  _kc_ed25519_comb_digits (e, a);
  /* the identity (0 : 1 : 1 : 0) */
  s.l[0] = _mm256_set_epi64x (0, 1, 1, 0);
  for (i = 1; i < 5; i++)
    s.l[i] = _mm256_setzero_si256 ();
  for (i = 1; i < 64; i += 2)
    {
      select_q (&q, i / 2, e[i], m, w);
      step (&s, &q);
    }
  lanes_out (&r, &s);
  for (i = 0; i < 4; i++)
    _kc_ed25519_ge_dbl (&r, &r);
  lanes_in (&s, &r);
  for (i = 0; i < 64; i += 2)
    {
      select_q (&q, i / 2, e[i], m, w);
      step (&s, &q);
    }
  lanes_out (out, &s);
  wipememory (e, sizeof e);
  wipememory (m, sizeof m);
  wipememory (w, sizeof w);
  wipememory (&r, sizeof r);
  wipememory (&s, sizeof s);
  wipememory (&q, sizeof q);
  _mm256_zeroall ();
}

#endif /* KC_HAVE_ED25519_IFMA */
