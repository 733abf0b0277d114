/* secp256k1/x86_64/field-avx2.h - four field elements mod p = 2^256 - 2^32 - 977
 * side by side in AVX2, nine 29-bit limbs each (vpmuludq: 32x32 -> 64)
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * REPRESENTATION
 *   _kc_fe4 holds four elements ("lanes"): n[i] is a ymm register whose
 *   64-bit lane l is limb i of element l; element = sum n[i] 2^(29 i),
 *   i = 0..8 (8 * 29 = 232: the top limb carries bits 232..255, 24 bits).
 *   Magnitude m: n[0..7] <= 2m 2^29, n[8] <= 2m 2^24 (m <= 32: every limb
 *   below 2^36).  The operations are those of secp256k1/x86_64/field-ifma.h, with
 *   the same contracts (so that one lane kernel serves both fields:
 *   secp256k1/x86_64/ecmult-lanes-impl.h); masks are lane bit masks (bit l).
 *
 * TIGHT
 *   n[0..7] < 2^30 and n[8] < 2^25: magnitude 1.  mul, sqr and carry give
 *   tight results; a sum, a multiple or a negation must go through
 *   _kc_fe4_carry before it goes into a product.  carry also leaves
 *   n[0..7] < 2^29 (the digits of the value, which is < 2^256 + 2^239,
 *   so below 2p): that is what the zero test and the store use.
 *
 * MUL (the bounds)
 *   Tight inputs: each product a_i b_j < 2^60; column k (weight 2^(29k),
 *   k = 0..16) sums at most 9 of them: t_k < 2^63.2.  For sqr the cross
 *   products use 2 a_i (< 2^31): a column has at most 4 doubled cross
 *   products (< 2^61 each) and one square, below 2^64.
 *   2^261 = 2^37 + 31264 (mod p) and 2^37 = 2^8 2^29.
 *   1. Carry t9 .. t16 into 29-bit digits d9 .. d16 and d17 = t16 >> 29.
 *      The digits are those of H = sum_{k>=9} t_k 2^(29(k-9)) <= product
 *      / 2^261 < 2^(2*257.1 - 261), so d17 < 2^22.
 *   2. Fold d_k (k = 9..16): 31264 d_k (< 2^44) into column k - 9,
 *      d_k << 8 (< 2^37) into column k - 8; d17 (weight 2^493 = 2^269 +
 *      31264 2^232 = 2^45 + 977 2^13 + 31264 2^232): 31264 d17 into column
 *      8, d17 << 16 into column 1, 977 2^13 d17 (< 2^45) into column 0.
 *      Every column stays below 2^64.
 *   3. Carry t0 -> ... -> t8 (t8 < 2^64), take x = t8 >> 24 (< 2^40,
 *      weight 2^256 = 2^32 + 977): 977 x in two pieces (x's low 29 bits
 *      into column 0, its high 11 bits into column 1; each product below
 *      2^39) and x << 3 (< 2^43) into column 1; carry t0 -> t1 -> t2:
 *      t0, t1 < 2^29, t2 < 2^29 + 2^15, t8 < 2^24.  Tight.
 *
 * VARIABLE TIME
 *   Straight-line code without data-dependent branches or memory indices
 *   (the loads, stores and gathers take public indices), but it exists for
 *   batch verification only, where all data is public: treat every
 *   function as _var (inputs public).
 *
 * These functions exist only with KC_USE_X86_64 and a compiler that knows
 * the AVX2 intrinsics (KC_HAVE_FE4 is then defined).  They are static
 * inline with the target attribute below; callers carry the same
 * (KC_FE4_TARGET) and check _kc_fe4_usable ().
 */
#ifndef KC_SECP256K1_FIELD_AVX2_H
#define KC_SECP256K1_FIELD_AVX2_H

#include "secp256k1/field-5x52.h"

/* The features the functions here need (and their callers' gate). */
#define KC_FE4_ISA AVX2
#define KC_FE4_HWF KC_ISA_HWF (KC_FE4_ISA)

#if defined(KC_USE_X86_64) && defined(__GNUC__) \
    && (defined(__clang__) || __GNUC__ >= 5)
# define KC_HAVE_FE4 1
#endif

#ifdef KC_HAVE_FE4
#include <immintrin.h>
#include "ct-msan-x86.h"           /* MSan builds: see there */

#define KC_FE4_TARGET KC_ISA_TARGET (KC_FE4_ISA)
#define KC_FE4_FN static inline __attribute__ ((always_inline)) KC_FE4_TARGET

static inline int
_kc_fe4_usable (void)
{
  return _kc_hwf_has (KC_FE4_HWF);
}

#define KC_FE4_UNROLL _Pragma ("GCC unroll 32")
#define KC_FE4_LIMBS 9
#define KC_FE4_M29 0x1FFFFFFFULL
#define KC_FE4_M24 0xFFFFFFULL

typedef struct
{
  __m256i n[KC_FE4_LIMBS];
} _kc_fe4;

/* p's limbs: 2^29 - 977, 2^29 - 9 (2^32 = 8 2^29 and the borrow), six
 * times 2^29 - 1, 2^24 - 1. */
static inline uint64_t
_kc_fe4_p_limb (int i)
{
  return i == 0 ? KC_FE4_M29 + 1 - 977 : i == 1 ? KC_FE4_M29 + 1 - 9
         : i == 8 ? KC_FE4_M24 : KC_FE4_M29;
}

KC_FE4_FN __m256i
_kc_fe4_bc (uint64_t v)
{
  return _mm256_set1_epi64x ((long long) v);
}

/* Lane bit mask -> all-ones in the lanes of M. */
KC_FE4_FN __m256i
_kc_fe4_lanes (unsigned int m)
{
  const __m256i bit = _mm256_set_epi64x (8, 4, 2, 1);
  return _mm256_cmpeq_epi64 (_mm256_and_si256 (_kc_fe4_bc (m), bit), bit);
}

/* Bit l of the result: lane l of V is all ones (V a comparison). */
KC_FE4_FN unsigned int
_kc_fe4_movemask (__m256i v)
{
  return (unsigned int) _mm256_movemask_pd (_mm256_castsi256_pd (v));
}

/* A 5x52 element (any magnitude <= 32) as nine limbs (tight: n[0..7] <
 * 2^29, n[8] < 2^25). */
static inline void
_kc_fe4_split (uint64_t d[KC_FE4_LIMBS], const _kc_secp256k1_fe *a)
{
  _kc_secp256k1_fe t = *a;
  int i;

  _kc_secp256k1_fe_normalize_weak (&t);      /* n[0..3] < 2^52, canonical */
  for (i = 0; i < KC_FE4_LIMBS; i++)
    {
      int lo = 29 * i, j = lo / 52, s = lo % 52;
      uint64_t v = t.n[j] >> s;
      if (s + 29 > 52 && j < 4)
        v |= t.n[j + 1] << (52 - s);
      d[i] = i < 8 ? v & KC_FE4_M29 : v;
    }
}

/* Nine limbs with n[0..7] < 2^29 (after _kc_fe4_carry) as a 5x52 element
 * of magnitude 1. */
static inline void
_kc_fe4_join (_kc_secp256k1_fe *r, const uint64_t d[KC_FE4_LIMBS])
{
  int j, i;

  for (j = 0; j < 5; j++)
    {
      uint64_t v = 0;
      for (i = 0; i < KC_FE4_LIMBS; i++)
        {
          int sh = 29 * i - 52 * j;
          if (sh <= -29 || (j < 4 && sh >= 52))
            continue;
          v |= sh >= 0 ? d[i] << sh : d[i] >> -sh;
        }
      r->n[j] = j < 4 ? v & KC_FE_M52 : v;
    }
  KC_FE_SET_MAG (r, 1, 0);
}

/* R = V in every lane (V < 2^29). */
KC_FE4_FN void
_kc_fe4_set_int (_kc_fe4 *r, uint64_t v)
{
  int i;
  r->n[0] = _kc_fe4_bc (v);
  KC_FE4_UNROLL
  for (i = 1; i < KC_FE4_LIMBS; i++)
    r->n[i] = _mm256_setzero_si256 ();
}

/* R = the same element A in every lane.  Out: tight. */
KC_FE4_FN void
_kc_fe4_broadcast (_kc_fe4 *r, const _kc_secp256k1_fe *a)
{
  uint64_t d[KC_FE4_LIMBS];
  int i;
  _kc_fe4_split (d, a);
  KC_FE4_UNROLL
  for (i = 0; i < KC_FE4_LIMBS; i++)
    r->n[i] = _kc_fe4_bc (d[i]);
}

/* R's lane l = A[l] (four elements, any magnitude).  Out: tight. */
KC_FE4_FN void
_kc_fe4_load (_kc_fe4 *r, const _kc_secp256k1_fe a[4])
{
  uint64_t d[4][KC_FE4_LIMBS];
  int i, l;
  for (l = 0; l < 4; l++)
    _kc_fe4_split (d[l], &a[l]);
  KC_FE4_UNROLL
  for (i = 0; i < KC_FE4_LIMBS; i++)
    r->n[i] = _mm256_set_epi64x ((long long) d[3][i], (long long) d[2][i],
                                 (long long) d[1][i], (long long) d[0][i]);
}

/* R = A + B.  Out magnitude: the sum (<= 32); not tight. */
KC_FE4_FN void
_kc_fe4_add (_kc_fe4 *r, const _kc_fe4 *a, const _kc_fe4 *b)
{
  int i;
  KC_FE4_UNROLL
  for (i = 0; i < KC_FE4_LIMBS; i++)
    r->n[i] = _mm256_add_epi64 (a->n[i], b->n[i]);
}

/* R = K A (K small, every limb of A below 2^32: magnitude <= 3).  Out
 * magnitude: K mag(A) (<= 32). */
KC_FE4_FN void
_kc_fe4_mul_int (_kc_fe4 *r, const _kc_fe4 *a, uint64_t k)
{
  const __m256i kk = _kc_fe4_bc (k);
  int i;
  KC_FE4_UNROLL
  for (i = 0; i < KC_FE4_LIMBS; i++)
    r->n[i] = _mm256_mul_epu32 (a->n[i], kk);
}

/* R = -A, given M >= mag(A): 2(M+1)p - A limb by limb (each 2(M+1) p_i is
 * at least 2M 2^29, resp. 2M 2^24).  Out magnitude M + 1 (<= 32); not
 * tight. */
KC_FE4_FN void
_kc_fe4_negate (_kc_fe4 *r, const _kc_fe4 *a, int m)
{
  const uint64_t k = 2 * (uint64_t) (m + 1);
  int i;
  KC_FE4_UNROLL
  for (i = 0; i < KC_FE4_LIMBS; i++)
    r->n[i] = _mm256_sub_epi64 (_kc_fe4_bc (k * _kc_fe4_p_limb (i)), a->n[i]);
}

/* In lanes of MASK: R = -A as _kc_fe4_negate; other lanes: R = A.  Out
 * magnitude M + 1. */
KC_FE4_FN void
_kc_fe4_cond_negate (_kc_fe4 *r, const _kc_fe4 *a, int m, unsigned int mask)
{
  const __m256i v = _kc_fe4_lanes (mask);
  _kc_fe4 t;
  int i;
  _kc_fe4_negate (&t, a, m);
  KC_FE4_UNROLL
  for (i = 0; i < KC_FE4_LIMBS; i++)
    r->n[i] = _mm256_blendv_epi8 (a->n[i], t.n[i], v);
}

/* In lanes of MASK: R = A; others keep R. */
KC_FE4_FN void
_kc_fe4_cmov (_kc_fe4 *r, const _kc_fe4 *a, unsigned int mask)
{
  const __m256i v = _kc_fe4_lanes (mask);
  int i;
  KC_FE4_UNROLL
  for (i = 0; i < KC_FE4_LIMBS; i++)
    r->n[i] = _mm256_blendv_epi8 (r->n[i], a->n[i], v);
}

/* Weak normalization: in magnitude <= 32 (n[8] < 2^30, so x < 2^6), out
 * tight with n[0..7] < 2^29, n[8] < 2^24 + 2^7. */
KC_FE4_FN void
_kc_fe4_carry (_kc_fe4 *r)
{
  const __m256i m29 = _kc_fe4_bc (KC_FE4_M29);
  __m256i x = _mm256_srli_epi64 (r->n[8], 24);
  int i;

  r->n[8] = _mm256_and_si256 (r->n[8], _kc_fe4_bc (KC_FE4_M24));
  r->n[0] = _mm256_add_epi64 (r->n[0], _mm256_mul_epu32 (x, _kc_fe4_bc (977)));
  r->n[1] = _mm256_add_epi64 (r->n[1], _mm256_slli_epi64 (x, 3));
  KC_FE4_UNROLL
  for (i = 0; i < 8; i++)
    {
      r->n[i + 1] = _mm256_add_epi64 (r->n[i + 1], _mm256_srli_epi64 (r->n[i], 29));
      r->n[i] = _mm256_and_si256 (r->n[i], m29);
    }
}

/* The lanes of A (magnitude <= 32) that are 0 mod p: after the carry the
 * value is below 2p with canonical low digits, so it is 0 or p. */
KC_FE4_FN unsigned int
_kc_fe4_is_zero_mask (const _kc_fe4 *a)
{
  _kc_fe4 t = *a;
  __m256i z, e;
  int i;

  _kc_fe4_carry (&t);
  z = _mm256_cmpeq_epi64 (t.n[0], _mm256_setzero_si256 ());
  e = _mm256_cmpeq_epi64 (t.n[0], _kc_fe4_bc (_kc_fe4_p_limb (0)));
  KC_FE4_UNROLL
  for (i = 1; i < KC_FE4_LIMBS; i++)
    {
      z = _mm256_and_si256 (z, _mm256_cmpeq_epi64 (t.n[i],
                                                   _mm256_setzero_si256 ()));
      e = _mm256_and_si256 (e, _mm256_cmpeq_epi64 (t.n[i],
                                                   _kc_fe4_bc (_kc_fe4_p_limb (i))));
    }
  return _kc_fe4_movemask (_mm256_or_si256 (z, e));
}

/* OUT[l] = lane l of A (any magnitude <= 32), magnitude 1. */
KC_FE4_FN void
_kc_fe4_store (_kc_secp256k1_fe out[4], const _kc_fe4 *a)
{
  _kc_fe4 t = *a;
  uint64_t d[KC_FE4_LIMBS][4], e[KC_FE4_LIMBS];
  int i, l;

  _kc_fe4_carry (&t);
  KC_FE4_UNROLL
  for (i = 0; i < KC_FE4_LIMBS; i++)
    _mm256_storeu_si256 ((__m256i *) (void *) d[i], t.n[i]);
  for (l = 0; l < 4; l++)
    {
      for (i = 0; i < KC_FE4_LIMBS; i++)
        e[i] = d[i][l];
      _kc_fe4_join (&out[l], e);
    }
}

/* Reduce the 17 product columns T (bounds in the header) into R. */
KC_FE4_FN void
_kc_fe4_reduce (_kc_fe4 *r, __m256i t[17])
{
  const __m256i m29 = _kc_fe4_bc (KC_FE4_M29);
  const __m256i c261 = _kc_fe4_bc (31264), c977 = _kc_fe4_bc (977);
  __m256i d17, x;
  int k;

  /* step 1 */
  KC_FE4_UNROLL
  for (k = 9; k < 16; k++)
    {
      t[k + 1] = _mm256_add_epi64 (t[k + 1], _mm256_srli_epi64 (t[k], 29));
      t[k] = _mm256_and_si256 (t[k], m29);
    }
  d17 = _mm256_srli_epi64 (t[16], 29);
  t[16] = _mm256_and_si256 (t[16], m29);
  /* step 2 */
  KC_FE4_UNROLL
  for (k = 9; k < 17; k++)
    {
      t[k - 9] = _mm256_add_epi64 (t[k - 9], _mm256_mul_epu32 (t[k], c261));
      t[k - 8] = _mm256_add_epi64 (t[k - 8], _mm256_slli_epi64 (t[k], 8));
    }
  t[8] = _mm256_add_epi64 (t[8], _mm256_mul_epu32 (d17, c261));
  t[1] = _mm256_add_epi64 (t[1], _mm256_slli_epi64 (d17, 16));
  t[0] = _mm256_add_epi64 (t[0], _mm256_mul_epu32 (d17,
                                                   _kc_fe4_bc (977 << 13)));
  /* step 3 */
  KC_FE4_UNROLL
  for (k = 0; k < 8; k++)
    {
      t[k + 1] = _mm256_add_epi64 (t[k + 1], _mm256_srli_epi64 (t[k], 29));
      t[k] = _mm256_and_si256 (t[k], m29);
    }
  x = _mm256_srli_epi64 (t[8], 24);
  t[8] = _mm256_and_si256 (t[8], _kc_fe4_bc (KC_FE4_M24));
  t[0] = _mm256_add_epi64 (t[0], _mm256_mul_epu32 (_mm256_and_si256 (x, m29),
                                                   c977));
  t[1] = _mm256_add_epi64 (t[1],
                           _mm256_add_epi64 (_mm256_mul_epu32 (_mm256_srli_epi64 (x, 29),
                                                               c977),
                                             _mm256_slli_epi64 (x, 3)));
  t[1] = _mm256_add_epi64 (t[1], _mm256_srli_epi64 (t[0], 29));
  t[0] = _mm256_and_si256 (t[0], m29);
  t[2] = _mm256_add_epi64 (t[2], _mm256_srli_epi64 (t[1], 29));
  t[1] = _mm256_and_si256 (t[1], m29);
  KC_FE4_UNROLL
  for (k = 0; k < KC_FE4_LIMBS; k++)
    r->n[k] = t[k];
}

/* R = A * B.  In: tight.  Out: tight.  R may alias A or B.  Column by
 * column (product scanning): one accumulator live at a time. */
KC_FE4_FN void
_kc_fe4_mul (_kc_fe4 *r, const _kc_fe4 *a, const _kc_fe4 *b)
{
  __m256i t[17];
  int i, k;

  KC_FE4_UNROLL
  for (k = 0; k < 17; k++)
    {
      int lo = k < KC_FE4_LIMBS ? 0 : k - (KC_FE4_LIMBS - 1);
      int hi = k < KC_FE4_LIMBS ? k : KC_FE4_LIMBS - 1;
      __m256i acc = _mm256_mul_epu32 (a->n[lo], b->n[k - lo]);
      KC_FE4_UNROLL
      for (i = lo + 1; i <= hi; i++)
        acc = _mm256_add_epi64 (acc, _mm256_mul_epu32 (a->n[i], b->n[k - i]));
      t[k] = acc;
    }
  _kc_fe4_reduce (r, t);
}

/* R = A^2.  In: tight.  Out: tight.  R may alias A.  Column by column,
 * the cross products once with 2 a_i. */
KC_FE4_FN void
_kc_fe4_sqr (_kc_fe4 *r, const _kc_fe4 *a)
{
  __m256i t[17], a2[KC_FE4_LIMBS];
  int i, k;

  KC_FE4_UNROLL
  for (i = 0; i < KC_FE4_LIMBS; i++)
    a2[i] = _mm256_add_epi64 (a->n[i], a->n[i]);
  KC_FE4_UNROLL
  for (k = 0; k < 17; k++)
    {
      int lo = k < KC_FE4_LIMBS ? 0 : k - (KC_FE4_LIMBS - 1);
      __m256i acc = (k & 1) ? _mm256_setzero_si256 ()
                            : _mm256_mul_epu32 (a->n[k / 2], a->n[k / 2]);
      KC_FE4_UNROLL
      for (i = lo; 2 * i < k; i++)
        acc = _mm256_add_epi64 (acc, _mm256_mul_epu32 (a2[i], a->n[k - i]));
      t[k] = acc;
    }
  _kc_fe4_reduce (r, t);
}

/* Lane l of R = lane l of TABLE[E[l]] (per-lane tables of _kc_fe4, public
 * indices).  Out: as the entries. */
KC_FE4_FN void
_kc_fe4_gather (_kc_fe4 *r, const _kc_fe4 *table, const int64_t e[4])
{
  const __m256i iota = _mm256_set_epi64x (3, 2, 1, 0);
  const long long qw = (long long) (sizeof (_kc_fe4) / sizeof (uint64_t));
  __m256i idx = _mm256_add_epi64 (_mm256_mul_epu32 (_mm256_loadu_si256 ((const __m256i *) (const void *) e),
                                                    _kc_fe4_bc ((uint64_t) qw)),
                                  iota);
  int i;
  KC_FE4_UNROLL
  for (i = 0; i < KC_FE4_LIMBS; i++)
    r->n[i] = _mm256_i64gather_epi64 ((const long long *) (const void *) table,
                                      _mm256_add_epi64 (idx, _kc_fe4_bc (4 * (uint64_t) i)),
                                      8);
}

/* (X, Y) lane l = the point E[l] of the 4x64 storage table at BASE (8
 * qwords an entry: x then y, normalized).  Out: tight. */
KC_FE4_FN void
_kc_fe4_gather_storage (_kc_fe4 *x, _kc_fe4 *y, const uint64_t *base,
                        const int64_t e[4])
{
  const __m256i m29 = _kc_fe4_bc (KC_FE4_M29);
  __m256i idx = _mm256_slli_epi64 (_mm256_loadu_si256 ((const __m256i *) (const void *) e), 3);
  __m256i q[8];
  _kc_fe4 *c[2];
  int i, j;

  KC_FE4_UNROLL
  for (i = 0; i < 8; i++)
    q[i] = _mm256_i64gather_epi64 ((const long long *) (const void *) base,
                                   _mm256_add_epi64 (idx, _kc_fe4_bc ((uint64_t) i)),
                                   8);
  c[0] = x;
  c[1] = y;
  KC_FE4_UNROLL
  for (j = 0; j < 2; j++)
    KC_FE4_UNROLL
    for (i = 0; i < KC_FE4_LIMBS; i++)
      {
        const __m256i *s = q + 4 * j;        /* 4x64 -> 9x29 */
        int lo = 29 * i, w = lo / 64, sh = lo % 64;
        __m256i v = _mm256_srli_epi64 (s[w], sh);
        if (sh + 29 > 64 && w < 3)
          v = _mm256_or_si256 (v, _mm256_slli_epi64 (s[w + 1], 64 - sh));
        c[j]->n[i] = i < 8 ? _mm256_and_si256 (v, m29) : v;
      }
}

#endif /* KC_HAVE_FE4 */
#endif /* KC_SECP256K1_FIELD_AVX2_H */
