/* x25519/x86_64/field-ifma-impl.h - the carry round and the carried
 * lane-by-lane multiplication of x25519/x86_64/field-ifma.h, written once
 * for each vector width (no include guard: field-ifma.h includes it for
 * ymm, four lanes, and for zmm, eight).
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Before including, define FI_V (the element type, v4 or v8), FI_W (its
 * register type), FI_NAME (name) (the function's name for this width),
 * FI_ (op) (the intrinsic of this width), FI_SET1 (x), FI_ZERO and
 * FI_AND (a, b).  All are undefined at the end.
 */

/* one carry round over all limbs at once; limbs below 2^63 in, then
 * limb i below 2^51 + (limb i-1 >> 51), limb 0 below
 * 2^51 + 19 (limb 4 >> 51) */
IFMA_INLINE void
FI_NAME (vcarry) (FI_V *r, const FI_V *a)
{
  const FI_W m = FI_SET1 (M51);
  FI_W c0 = FI_ (srli_epi64) (a->l[0], 51);
  FI_W c1 = FI_ (srli_epi64) (a->l[1], 51);
  FI_W c2 = FI_ (srli_epi64) (a->l[2], 51);
  FI_W c3 = FI_ (srli_epi64) (a->l[3], 51);
  FI_W c4 = FI_ (srli_epi64) (a->l[4], 51);

  r->l[1] = FI_ (add_epi64) (FI_AND (a->l[1], m), c0);
  r->l[2] = FI_ (add_epi64) (FI_AND (a->l[2], m), c1);
  r->l[3] = FI_ (add_epi64) (FI_AND (a->l[3], m), c2);
  r->l[4] = FI_ (add_epi64) (FI_AND (a->l[4], m), c3);
  r->l[0] = FI_ (madd52lo_epu64) (FI_AND (a->l[0], m), c4,
                                   FI_SET1 (19));
}

/* R = A * B lane by lane, limbs of A and B below 2^52; R carried */
IFMA_INLINE void
FI_NAME (vmul) (FI_V *r, const FI_V *a, const FI_V *b)
{
  const FI_W z = FI_ZERO;
  FI_W lo[9], hi[10], t[10];
  FI_V f;
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
        lo[i + j] = FI_ (madd52lo_epu64) (lo[i + j], a->l[i], b->l[j]);
        hi[i + j + 1] = FI_ (madd52hi_epu64) (hi[i + j + 1], a->l[i],
                                               b->l[j]);
      }
  /* column k: L_k + 2 H_k */
  t[0] = lo[0];
#pragma GCC unroll 10
  for (i = 1; i < 9; i++)
    t[i] = FI_ (add_epi64) (lo[i], FI_ (add_epi64) (hi[i], hi[i]));
  t[9] = FI_ (add_epi64) (hi[9], hi[9]);
  /* fold: column k + 5 times 19 = 1 + 2 + 16 into column k */
#pragma GCC unroll 5
  for (i = 0; i < 5; i++)
    {
      FI_W u = t[i + 5];
      FI_W s = FI_ (add_epi64) (FI_ (slli_epi64) (u, 1),
                                    FI_ (slli_epi64) (u, 4));
      f.l[i] = FI_ (add_epi64) (FI_ (add_epi64) (t[i], u), s);
    }
  FI_NAME (vcarry) (r, &f);
}

#undef FI_V
#undef FI_W
#undef FI_NAME
#undef FI_
#undef FI_SET1
#undef FI_ZERO
#undef FI_AND
