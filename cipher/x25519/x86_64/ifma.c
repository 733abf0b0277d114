/* x25519/x86_64/ifma.c - the X25519 ladder on AVX-512 IFMA (vpmadd52luq/huq
 * on zmm registers).  Contract in x25519/x86_64/ifma.h.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Layout.  A "v8" holds eight field elements, one per 64-bit lane, in
 * five radix-2^51 limbs: register l[i] has limb i of all eight
 * (x25519/x86_64/field-ifma.h).  The ladder state is
 *   (x2, z2, x3, z3, x1 x2, x1 z2, x1 x3, x1 z3)
 * in lanes 0..7, and one step is two eight-lane multiplications (see
 * ladder_step): carrying the x1 multiples of every coordinate lets the
 * step's last product, x1 (DA - CB)^2, join the second round, where
 * four lanes took three rounds (doc/MEASUREMENTS).  Lane selections
 * (vpermq, vpermt2q) and blends go between the rounds; the lanes never
 * mix inside a multiplication.
 *
 * Why radix 2^51: IFMA multiplies the low 52 bits of its operands, so a
 * multiplication input must have limbs below 2^52 exactly, and radix
 * 2^51 leaves the room for one carry round after an addition.
 *
 * Bounds ("below" throughout).  vmul8 takes limbs < 2^52: each partial
 * product's low and high 52-bit halves are < 2^52, the high half counts
 * twice (it sits 52 bits up, one limb and one bit), so a column
 * L + 2H < 15 * 2^52, and folding column k + 5 into k by 19 (2^255 = 19
 * mod p) gives < 20 * 15 * 2^52 < 2^61.  One carry round (vcarry8: every
 * limb at once, the carry out of limb 4 times 19 into limb 0) then gives
 * limbs < 2^51 + 2^14.  Sums and 4p-differences of such limbs are
 * < 2^54 and one carry round brings them back below 2^51 + 2^8; F (see
 * vmul_f) is < 2^54 per limb before its carry round.  So every vmul8
 * input is below 2^52, as IFMA requires.
 *
 * Constant time: straight-line vector code; the ladder's swap is carried
 * by the index vectors of vpermq (register indices, whose timing does
 * not depend on their values), and so is the last one; the scalar's
 * bits are read at public positions.  Valgrind cannot run AVX-512, so
 * ctime-check.sh cannot check this file (t-ctime-msan's taint check
 * does): keep it free of branches and indices on data.
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

/* 2p in radix 2^51: 2^52 - 38, then 2^52 - 2 */
#define P2_0 ((((int64_t) 1) << 52) - 38)
#define P2_I ((((int64_t) 1) << 52) - 2)

/* lane selections of eight lanes: lane j of the result takes lane L_j */
#define SEL8(l0, l1, l2, l3, l4, l5, l6, l7) \
  _mm512_set_epi64 (l7, l6, l5, l4, l3, l2, l1, l0)

/* R = AA + a24 (AA - BB) = (a24 + 1) AA + a24 (2p - BB) in every lane,
 * from lanes 0 (AA) and 1 (BB) of M (carried): straight from the first
 * round's products, so that it waits for no carry of E.  2p - BB has
 * limbs below 2^52 (2p's are 2^52 - 38 and 2^52 - 2, BB's below
 * 2^51 + 2^14), as IFMA needs; per limb the low halves of the two
 * products join limb i, their high halves (52 bits up) twice limb i + 1,
 * limb 5 wraps to limb 0 times 2 * 19: below 2^54.  Not carried. */
IFMA_INLINE void
vmul_f (v8 *r, const v8 *m)
{
  const __m512i c1 = _mm512_set1_epi64 (121666);
  const __m512i c2 = _mm512_set1_epi64 (121665);
  const __m512i z = _mm512_setzero_si512 ();
  const __m512i lane0 = z, lane1 = _mm512_set1_epi64 (1);
  __m512i h[5];
  int i;

#pragma GCC unroll 5
  for (i = 0; i < 5; i++)
    {
      __m512i aa = _mm512_permutexvar_epi64 (lane0, m->l[i]);
      __m512i nb = _mm512_sub_epi64
        (_mm512_set1_epi64 (i ? P2_I : P2_0),
         _mm512_permutexvar_epi64 (lane1, m->l[i]));
      r->l[i] = _mm512_madd52lo_epu64 (_mm512_madd52lo_epu64 (z, aa, c1),
                                       nb, c2);
      h[i] = _mm512_madd52hi_epu64 (_mm512_madd52hi_epu64 (z, aa, c1),
                                    nb, c2);
    }
#pragma GCC unroll 5
  for (i = 1; i < 5; i++)
    r->l[i] = _mm512_add_epi64 (r->l[i], _mm512_add_epi64 (h[i - 1],
                                                          h[i - 1]));
  r->l[0] = _mm512_madd52lo_epu64 (r->l[0], h[4], _mm512_set1_epi64 (38));
}

/* R = A's lanes LO + A's lanes HI (vpermq indices), the second term
 * negated (4p minus the limb) in the lanes of NEG; not carried */
IFMA_INLINE void
vsum_diff (v8 *r, const v8 *a, __m512i lo, __m512i hi, __mmask8 neg)
{
  const __m512i p40 = _mm512_set1_epi64 (P4_0);
  const __m512i p4i = _mm512_set1_epi64 (P4_I);
  int i;
#pragma GCC unroll 5
  for (i = 0; i < 5; i++)
    {
      __m512i e = _mm512_permutexvar_epi64 (lo, a->l[i]);
      __m512i f = _mm512_permutexvar_epi64 (hi, a->l[i]);
      __m512i n = _mm512_sub_epi64 (i ? p4i : p40, f);
      r->l[i] = _mm512_add_epi64 (e, _mm512_mask_blend_epi64 (neg, f, n));
    }
}

/* One ladder step on S = (x2, z2, x3, z3, x1 x2, x1 z2, x1 x3, x1 z3)
 * with the pairs swapped if SWAP2 is 2 in every lane (0: not): the
 * first lane selections carry the swap (index xor 2), so S itself is
 * never swapped inside the loop.  Two rounds of eight products:
 *   (A, B, C, D, x1 A, x1 B, x1 C, x1 D)   sums and differences of S
 *   M1 = that * (A, B, B, A, A, B, B, A)
 *      = (AA, BB, CB, DA, x1 AA, x1 BB, x1 CB, x1 DA)
 *   Q  = (E, DA + CB, DA - CB, x1 E, x1 (DA + CB), x1 (DA - CB), .., ..)
 *        with E = AA - BB, and F = AA + a24 E
 *   M2 = (AA, E, DA + CB, x1 (DA - CB), x1 AA, x1 E, x1 (DA + CB),
 *         x1 (DA - CB))
 *      * (BB, F, DA + CB, DA - CB, BB, F, DA + CB, x1 (DA - CB))
 *      = (x2', z2', x3', z3', x1 x2', x1 z2', x1 x3', x1 z3')
 * where z3' = x1 (DA - CB)^2 and x1 z3' = x1^2 (DA - CB)^2: carrying
 * the x1 multiples in the state takes the multiplication by x1 out of
 * the step's chain (three rounds of four products before). */
IFMA_INLINE void
ladder_step (v8 *s, __m512i swap2)
{
  v8 l1, r1, m1, q, f, l2, r2;
  int i;

  vsum_diff (&l1, s, _mm512_xor_si512 (SEL8 (0, 0, 2, 2, 4, 4, 6, 6), swap2),
             _mm512_xor_si512 (SEL8 (1, 1, 3, 3, 5, 5, 7, 7), swap2), 0xaa);
  vcarry8 (&l1, &l1);
#pragma GCC unroll 5
  for (i = 0; i < 5; i++)
    r1.l[i] = _mm512_permutexvar_epi64 (SEL8 (0, 1, 1, 0, 0, 1, 1, 0),
                                        l1.l[i]);
  vmul8 (&m1, &l1, &r1);

  vsum_diff (&q, &m1, SEL8 (0, 3, 3, 4, 7, 7, 0, 0),
             SEL8 (1, 2, 2, 5, 6, 6, 1, 1), 0x2d);
  vcarry8 (&q, &q);
  vmul_f (&f, &m1);                             /* F in every lane */
  vcarry8 (&f, &f);
  /* lanes 0..7 of M1, 8..15 of Q */
#pragma GCC unroll 5
  for (i = 0; i < 5; i++)
    {
      l2.l[i] = _mm512_permutex2var_epi64
        (m1.l[i], SEL8 (0, 8, 9, 13, 4, 11, 12, 13), q.l[i]);
      r2.l[i] = _mm512_mask_blend_epi64
        (0x22, _mm512_permutex2var_epi64 (m1.l[i],
                                          SEL8 (1, 0, 9, 10, 1, 0, 9, 13),
                                          q.l[i]), f.l[i]);
    }
  vmul8 (s, &l2, &r2);
}

IFMA_INLINE void
ladder (uint64_t xz[10], const unsigned char k[32], const uint64_t x1[5])
{
  v8 s, x, xx;
  uint64_t swap = 0, bit, lanes[8];
  __m512i sel;
  int i;

  /* S = (1, 0, x1, 1, x1, 0, x1^2, x1) */
  for (i = 0; i < 5; i++)
    x.l[i] = _mm512_set1_epi64 ((long long) x1[i]);
  vmul8 (&xx, &x, &x);
  for (i = 0; i < 5; i++)
    s.l[i] = _mm512_mask_blend_epi64
      (0x40, _mm512_mask_blend_epi64
             (0x94, i ? _mm512_setzero_si512 ()
                      : SEL8 (1, 0, 0, 1, 0, 0, 0, 0), x.l[i]), xx.l[i]);
  for (i = 254; i >= 0; i--)
    {
      bit = (uint64_t) (k[i / 8] >> (i % 8)) & 1;
      swap ^= bit;
      ladder_step (&s, _mm512_set1_epi64 ((long long)
                                          (ct_mask_from_flag_u64 (swap)
                                           & 2)));
      swap = bit;
    }
  /* the last swap: (x2, z2) from lanes (0, 1), or (2, 3) */
  sel = _mm512_xor_si512 (SEL8 (0, 1, 0, 0, 0, 0, 0, 0),
                          _mm512_set1_epi64 ((long long)
                                             (ct_mask_from_flag_u64 (swap)
                                              & 2)));
  for (i = 0; i < 5; i++)
    {
      _mm512_storeu_si512 ((void *) lanes,
                           _mm512_permutexvar_epi64 (sel, s.l[i]));
      xz[i] = lanes[0];
      xz[5 + i] = lanes[1];
    }
  wipememory (lanes, sizeof lanes);
  wipememory (&s, sizeof s);
  wipememory (&x, sizeof x);
  wipememory (&xx, sizeof xx);
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
  ladder (xz, k, x1);
}

IFMA_FN void
_kc_x25519_ladder_ifma_base (uint64_t xz[10], const unsigned char k[32])
{
  static const uint64_t nine[5] = { 9, 0, 0, 0, 0 };
  ladder (xz, k, nine);
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
