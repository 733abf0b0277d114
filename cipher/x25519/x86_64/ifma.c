/* x25519/x86_64/ifma.c - the X25519 ladder on AVX-512 IFMA (vpmadd52luq/huq
 * on ymm registers).  Contract in x25519/x86_64/ifma.h.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Layout.  A "v4" holds four field elements, one per 64-bit lane, in
 * five radix-2^51 limbs: register l[i] has limb i of all four.  The
 * ladder state is (x2, z2, x3, z3) in lanes 0..3, and one step is three
 * four-lane multiplications:
 *   (A, B, C, D)       = (x2 + z2, x2 - z2, x3 + z3, x3 - z3)
 *   M1 = (A, B, C, D) * (A, B, B, A)             = (AA, BB, CB, DA)
 *   M2 = (AA, E, DA + CB, DA - CB)
 *      * (BB, AA + a24 E, DA + CB, DA - CB)       E = AA - BB
 *                                     = (x2', z2', x3', (DA - CB)^2)
 *   M3 = M2 * (1, 1, 1, x1)                      = (x2', z2', x3', z3')
 * with lane permutations and blends between them; the lanes never mix
 * inside a multiplication.
 *
 * Why radix 2^51: IFMA multiplies the low 52 bits of its operands, so a
 * multiplication input must have limbs below 2^52 exactly, and radix
 * 2^51 leaves the room for one carry round after an addition.
 *
 * Bounds ("below" throughout).  vmul takes limbs < 2^52: each partial
 * product's low and high 52-bit halves are < 2^52, the high half counts
 * twice (it sits 52 bits up, one limb and one bit), so a column
 * L + 2H < 15 * 2^52, and folding column k + 5 into k by 19 (2^255 = 19
 * mod p) gives < 20 * 15 * 2^52 < 2^61.  One carry round (vcarry: every
 * limb at once, the carry out of limb 4 times 19 into limb 0) then gives
 * limbs < 2^51 + 2^14.  Sums and 4p-differences of such limbs are
 * < 2^54 and one carry round brings them back below 2^51 + 2^8; the
 * small multiplication by a24 adds < 2^52 + 2^18 per limb to a carried
 * element, again below 2^54 before its carry round.  So every vmul input
 * is below 2^52, as IFMA requires.
 *
 * Constant time: straight-line vector code; the ladder's swap is carried
 * by the index vectors of vpermq (register indices, whose timing does
 * not depend on their values) and the last swap is a masked blend; the
 * scalar's bits are read at public positions.  Valgrind cannot run AVX-512, so t-ctime cannot check this
 * file: keep it free of branches and indices on data.
 */
#include "kcrypt-int.h"
#include "x25519/x86_64/ifma.h"

#if defined(KC_USE_X86_64) && (defined(__GNUC__) || defined(__clang__))
# include <immintrin.h>
# include "ct-msan-x86.h"         /* MSan builds: see there */
# define KC_HAVE_X25519_IFMA 1
#endif

#ifdef KC_HAVE_X25519_IFMA

#define IFMA_FN KC_ISA_TARGET (KC_X25519_IFMA_ISA)
#define IFMA_INLINE IFMA_FN __attribute__ ((always_inline)) static inline

#include "x25519/x86_64/field-ifma.h"

/* R = P + a24 X, limb by limb in the lanes: the low half of limb i's
 * product joins limb i, the high half (52 bits up) twice limb i + 1,
 * and limb 5 wraps to limb 0 times 2 * 19.  Not carried. */
IFMA_INLINE void
vmuladd_a24 (v4 *r, const v4 *p, const v4 *x)
{
  const __m256i a24 = _mm256_set1_epi64x (121665);
  const __m256i z = _mm256_setzero_si256 ();
  __m256i h[5];
  int i;

#pragma GCC unroll 5
  for (i = 0; i < 5; i++)
    {
      r->l[i] = _mm256_madd52lo_epu64 (p->l[i], x->l[i], a24);
      h[i] = _mm256_madd52hi_epu64 (z, x->l[i], a24);
    }
#pragma GCC unroll 5
  for (i = 1; i < 5; i++)
    r->l[i] = _mm256_add_epi64 (r->l[i], _mm256_add_epi64 (h[i - 1],
                                                          h[i - 1]));
  r->l[0] = _mm256_madd52lo_epu64 (r->l[0], h[4], _mm256_set1_epi64x (38));
}

/* R = A's lanes (LO) + A's lanes (HI), where LO and HI are lane
 * selections (vpermq indices), with lanes 1 and 3 of the second term
 * negated as 4p minus the limb; not carried */
IFMA_INLINE void
vpair_sum_diff (v4 *r, const v4 *a, __m256i lo, __m256i hi)
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
      r->l[i] = _mm256_add_epi64 (e, _mm256_mask_blend_epi64 (0xa, f, n));
    }
}

/* one ladder step on S = (x2, z2, x3, z3) with the pairs swapped if
 * SWAP (all ones in every lane) or not (0): the step reads its lanes
 * through permutations whose indices carry the swap, so S itself is
 * never swapped inside the loop; X1V holds (1, 1, 1, x1); BASE (a
 * constant): x1 is 9, multiplied by shifts and adds instead */
IFMA_INLINE void
ladder_step (v4 *s, __m256i swap, const v4 *x1v, int base)
{
  const __m256i two = _mm256_and_si256 (swap, _mm256_set1_epi64x (2));
  v4 r1, o1, m1, x, y, y1, pp, m2;
  int i;

  vpair_sum_diff (&r1, s, _mm256_xor_si256 (SEL (0, 0, 2, 2), two),
                  _mm256_xor_si256 (SEL (1, 1, 3, 3), two));  /* A B C D */
  vcarry (&r1, &r1);
#pragma GCC unroll 5
  for (i = 0; i < 5; i++)
    o1.l[i] = _mm256_permute4x64_epi64 (r1.l[i], _MM_SHUFFLE (0, 1, 1, 0));
  vmul (&m1, &r1, &o1);                                 /* AA, BB, CB, DA */

  /* x = (AA, AA - BB, DA + CB, DA - CB) */
  vpair_sum_diff (&x, &m1, SEL (0, 0, 3, 3), SEL (1, 1, 2, 2));
#pragma GCC unroll 5
  for (i = 0; i < 5; i++)
    x.l[i] = _mm256_mask_blend_epi64 (0x1, x.l[i], m1.l[i]);
  vcarry (&x, &x);
  /* y = (BB, AA + a24 E, DA + CB, DA - CB) */
#pragma GCC unroll 5
  for (i = 0; i < 5; i++)
    pp.l[i] = _mm256_permute4x64_epi64 (m1.l[i], _MM_SHUFFLE (3, 3, 0, 0));
  vmuladd_a24 (&y1, &pp, &x);
  vcarry (&y1, &y1);
#pragma GCC unroll 5
  for (i = 0; i < 5; i++)
    {
      __m256i bb = _mm256_permute4x64_epi64 (m1.l[i],
                                             _MM_SHUFFLE (1, 1, 1, 1));
      y.l[i] = _mm256_mask_blend_epi64 (0x2, x.l[i], y1.l[i]);
      y.l[i] = _mm256_mask_blend_epi64 (0x1, y.l[i], bb);
    }
  vmul (&m2, &x, &y);
  if (!base)
    vmul (s, &m2, x1v);
  else
    {
      /* z3' = 9 (DA - CB)^2: limbs < 9 (2^51 + 2^14) < 2^55, carried */
      v4 n9;
#pragma GCC unroll 5
      for (i = 0; i < 5; i++)
        n9.l[i] = _mm256_add_epi64 (_mm256_slli_epi64 (m2.l[i], 3), m2.l[i]);
      vcarry (&n9, &n9);
#pragma GCC unroll 5
      for (i = 0; i < 5; i++)
        s->l[i] = _mm256_mask_blend_epi64 (0x8, m2.l[i], n9.l[i]);
    }
}

/* swap lanes (0, 1) with (2, 3) where MASK is all ones */
IFMA_INLINE void
vcswap (v4 *s, __m256i mask)
{
  int i;
#pragma GCC unroll 5
  for (i = 0; i < 5; i++)
    {
      __m256i t = _mm256_permute4x64_epi64 (s->l[i],
                                            _MM_SHUFFLE (1, 0, 3, 2));
      s->l[i] = _mm256_xor_si256 (s->l[i], _mm256_and_si256
                                  (mask, _mm256_xor_si256 (s->l[i], t)));
    }
}

IFMA_INLINE void
ladder (uint64_t xz[10], const unsigned char k[32], const uint64_t x1[5],
        int base)
{
  v4 s, x1v;
  uint64_t swap = 0, bit, lanes[4];
  int i;

  s.l[0] = _mm256_set_epi64x (1, (long long) x1[0], 0, 1);
  x1v.l[0] = _mm256_set_epi64x ((long long) x1[0], 1, 1, 1);
  for (i = 1; i < 5; i++)
    {
      s.l[i] = _mm256_set_epi64x (0, (long long) x1[i], 0, 0);
      x1v.l[i] = _mm256_set_epi64x ((long long) x1[i], 0, 0, 0);
    }
  for (i = 254; i >= 0; i--)
    {
      bit = (uint64_t) (k[i / 8] >> (i % 8)) & 1;
      swap ^= bit;
      ladder_step (&s, _mm256_set1_epi64x ((long long)
                                           ct_mask_from_flag_u64 (swap)),
                   &x1v, base);
      swap = bit;
    }
  vcswap (&s, _mm256_set1_epi64x ((long long) ct_mask_from_flag_u64 (swap)));
  for (i = 0; i < 5; i++)
    {
      _mm256_storeu_si256 ((__m256i *) lanes, s.l[i]);
      xz[i] = lanes[0];
      xz[5 + i] = lanes[1];
    }
  wipememory (lanes, sizeof lanes);
  wipememory (&s, sizeof s);
  _mm256_zeroall ();
}

int
_kc_x25519_ifma_built (void)
{
  return 1;
}

IFMA_FN void
_kc_x25519_ladder_ifma (uint64_t xz[10], const unsigned char k[32],
                        const uint64_t x1[5])
{
  ladder (xz, k, x1, 0);
}

IFMA_FN void
_kc_x25519_ladder_ifma_base (uint64_t xz[10], const unsigned char k[32])
{
  static const uint64_t nine[5] = { 9, 0, 0, 0, 0 };
  ladder (xz, k, nine, 1);
}

#else /* !KC_HAVE_X25519_IFMA */

int
_kc_x25519_ifma_built (void)
{
  return 0;
}

void
_kc_x25519_ladder_ifma (uint64_t xz[10], const unsigned char k[32],
                        const uint64_t x1[5])
{
  (void) xz;
  (void) k;
  (void) x1;
}

void
_kc_x25519_ladder_ifma_base (uint64_t xz[10], const unsigned char k[32])
{
  (void) xz;
  (void) k;
}

#endif
