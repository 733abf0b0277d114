/* secp256k1/x86_64/field-ifma.h - eight field elements mod p = 2^256 - 2^32 - 977
 * side by side, in AVX-512 IFMA (vpmadd52luq / vpmadd52huq)
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * REPRESENTATION
 *   _kc_fe8 holds eight elements ("lanes") in the 5x52 layout of
 *   secp256k1/field-5x52.h: n[i] is a zmm register whose 64-bit lane l is limb
 *   i of element l.  Magnitudes mean what they mean there (per lane).
 *
 * TIGHT
 *   IFMA multiplies the low 52 bits of its operands only, so mul and sqr
 *   need every limb of their inputs below 2^52 ("tight").  Tight elements
 *   have magnitude 1.  mul, sqr, carry and normalize give tight results
 *   (n[0..3] < 2^52, n[4] <= 2^48 + 2^13).  A sum or a negation is not
 *   tight: pass it through _kc_fe8_carry before it goes into a product.
 *
 * MUL (the bounds)
 *   With a_i, b_j < 2^52 each product is lo + 2^52 hi, lo and hi < 2^52.
 *   Column k (weight 2^(52k), k = 0..9) collects at most 5 lo and 5 hi
 *   parts: t_k < 10 * 2^52 < 2^56.  2^260 = R4 = 0x1000003D10 mod p.
 *   1. Carry t5 .. t9 into 52-bit digits.  Nothing carries out of t9:
 *      sum_{k>=5} t_k 2^(52k) is at most the product, below 2^520.
 *   2. Fold: digit t_k (k = 5..9) times R4 (< 2^89) adds lo52 to column
 *      k-5 and hi52 (< 2^37) to column k-4; column 5 so made,
 *      u5 = hi52 (t9 R4) < 2^37, folds once more: u5 R4 < 2^74.
 *      Now t0 .. t4 < 2^57.
 *   3. As in secp256k1/field-5x52.h: carry t3 into t4, take the bits of t4 from
 *      48 up (x < 2^10, weight 2^256) into t0 as x*R (R = 2^256 mod p,
 *      x R < 2^43), then carry t0 -> t1 -> t2 -> t3 -> t4 once: t3 was
 *      masked below 2^52 and gets a carry below 2^6, so t4 gets at most 1
 *      and stays <= 2^48.  Result tight.
 *   sqr: the same columns with the cross products summed once and doubled
 *   (a shift), then the squares added: the same bounds.
 *
 * VARIABLE TIME
 *   Everything here is straight-line code without data-dependent branches
 *   or memory indices, but it exists for batch verification only, where
 *   all data is public, and is not checked by tests/t-ctime (valgrind
 *   does not run AVX-512).  Treat every function as _var: inputs public.
 *
 * These functions exist only with KC_USE_X86_64 and a compiler that knows
 * the AVX-512 IFMA intrinsics (KC_HAVE_FE8 is then defined).  They are
 * static inline with the target attributes below; callers must carry the
 * same attributes (KC_FE8_TARGET) and check _kc_fe8_usable ().
 */
#ifndef KC_SECP256K1_FIELD_IFMA_H
#define KC_SECP256K1_FIELD_IFMA_H

#include "secp256k1/field-5x52.h"

/* The features the functions here need (and their callers' gate): IFMA,
 * AVX-512 DQ (in KC_HWF_AVX512) for the 64-bit lane products, and AVX2
 * for the VEX code the compiler emits with them. */
#define KC_FE8_ISA AVX2, AVX512, IFMA
#define KC_FE8_HWF KC_ISA_HWF (KC_FE8_ISA)

#if defined(KC_USE_X86_64) && defined(__GNUC__) \
    && (defined(__clang__) || __GNUC__ >= 8)
# define KC_HAVE_FE8 1
#endif

#ifdef KC_HAVE_FE8
#include <immintrin.h>
#include "ct-msan-x86.h"           /* MSan builds: see there */

#define KC_FE8_TARGET KC_ISA_TARGET (KC_FE8_ISA)
#define KC_FE8_FN static inline __attribute__ ((always_inline)) KC_FE8_TARGET

static inline int
_kc_fe8_usable (void)
{
  return _kc_hwf_has (KC_FE8_HWF);
}

/* Every loop here is over limbs or columns: unrolled, so that the limbs
 * stay in registers. */
#define KC_FE8_UNROLL _Pragma ("GCC unroll 32")

typedef struct
{
  __m512i n[5];
} _kc_fe8;

#define KC_FE8_P0 0xFFFFEFFFFFC2FULL     /* p's low limb */

KC_FE8_FN __m512i
_kc_fe8_bc (uint64_t v)
{
  return _mm512_set1_epi64 ((long long) v);
}

/* R = V in every lane (V < 2^52). */
KC_FE8_FN void
_kc_fe8_set_int (_kc_fe8 *r, uint64_t v)
{
  r->n[0] = _kc_fe8_bc (v);
  r->n[1] = r->n[2] = r->n[3] = r->n[4] = _mm512_setzero_si512 ();
}

/* R = the same element A in every lane. */
KC_FE8_FN void
_kc_fe8_broadcast (_kc_fe8 *r, const _kc_secp256k1_fe *a)
{
  int i;
  KC_FE8_UNROLL
  for (i = 0; i < 5; i++)
    r->n[i] = _kc_fe8_bc (a->n[i]);
}

/* R's lane l = A[l] (eight elements, any magnitude). */
KC_FE8_FN void
_kc_fe8_load (_kc_fe8 *r, const _kc_secp256k1_fe a[8])
{
  const long long st = (long long) (sizeof *a / sizeof (uint64_t));
  const __m512i idx = _mm512_set_epi64 (7 * st, 6 * st, 5 * st, 4 * st,
                                        3 * st, 2 * st, st, 0);
  int i;
  KC_FE8_UNROLL
  for (i = 0; i < 5; i++)
    r->n[i] = _mm512_i64gather_epi64 (idx, (const void *) &a[0].n[i], 8);
}

/* OUT[l] = lane l of A (the magnitude of A, not normalized, under
 * KC_VERIFY; callers give the magnitude they know with KC_FE_SET_MAG). */
KC_FE8_FN void
_kc_fe8_store (_kc_secp256k1_fe out[8], const _kc_fe8 *a)
{
  uint64_t t[5][8];
  int i, l;
  KC_FE8_UNROLL
  for (i = 0; i < 5; i++)
    _mm512_storeu_si512 ((void *) t[i], a->n[i]);
  KC_FE8_UNROLL
  for (l = 0; l < 8; l++)
    {
      KC_FE8_UNROLL
      for (i = 0; i < 5; i++)
        out[l].n[i] = t[i][l];
#ifdef KC_VERIFY
      out[l].magnitude = 1;
      out[l].normalized = 0;
#endif
    }
}

/* R = A + B.  Out magnitude: the sum (<= 32); not tight. */
KC_FE8_FN void
_kc_fe8_add (_kc_fe8 *r, const _kc_fe8 *a, const _kc_fe8 *b)
{
  int i;
  KC_FE8_UNROLL
  for (i = 0; i < 5; i++)
    r->n[i] = _mm512_add_epi64 (a->n[i], b->n[i]);
}

/* R = K A (K small).  Out magnitude: K mag(A) (<= 32). */
KC_FE8_FN void
_kc_fe8_mul_int (_kc_fe8 *r, const _kc_fe8 *a, uint64_t k)
{
  const __m512i kk = _kc_fe8_bc (k);
  int i;
  KC_FE8_UNROLL
  for (i = 0; i < 5; i++)
    r->n[i] = _mm512_mullo_epi64 (a->n[i], kk);
}

/* R = -A, given M >= mag(A): 2(M+1)p - A limb by limb (as
 * _kc_secp256k1_fe_negate).  Out magnitude M + 1 (<= 32); not tight. */
KC_FE8_FN void
_kc_fe8_negate (_kc_fe8 *r, const _kc_fe8 *a, int m)
{
  const uint64_t k = 2 * (uint64_t) (m + 1);
  r->n[0] = _mm512_sub_epi64 (_kc_fe8_bc (KC_FE8_P0 * k), a->n[0]);
  r->n[1] = _mm512_sub_epi64 (_kc_fe8_bc (KC_FE_M52 * k), a->n[1]);
  r->n[2] = _mm512_sub_epi64 (_kc_fe8_bc (KC_FE_M52 * k), a->n[2]);
  r->n[3] = _mm512_sub_epi64 (_kc_fe8_bc (KC_FE_M52 * k), a->n[3]);
  r->n[4] = _mm512_sub_epi64 (_kc_fe8_bc (KC_FE_M48 * k), a->n[4]);
}

/* In lanes of MASK: R = -A as _kc_fe8_negate; other lanes: R = A.  Out
 * magnitude M + 1. */
KC_FE8_FN void
_kc_fe8_cond_negate (_kc_fe8 *r, const _kc_fe8 *a, int m, __mmask8 mask)
{
  _kc_fe8 t;
  int i;
  _kc_fe8_negate (&t, a, m);
  KC_FE8_UNROLL
  for (i = 0; i < 5; i++)
    r->n[i] = _mm512_mask_blend_epi64 (mask, a->n[i], t.n[i]);
}

/* In lanes of MASK: R = A; others keep R. */
KC_FE8_FN void
_kc_fe8_cmov (_kc_fe8 *r, const _kc_fe8 *a, __mmask8 mask)
{
  int i;
  KC_FE8_UNROLL
  for (i = 0; i < 5; i++)
    r->n[i] = _mm512_mask_blend_epi64 (mask, r->n[i], a->n[i]);
}

/* Weak normalization, as _kc_secp256k1_fe_normalize_weak: in magnitude
 * <= 32, out tight (n[4] < 2^48 + 2^13).  x < 2^7 so x R < 2^40 < 2^52
 * and the low IFMA product is exact. */
KC_FE8_FN void
_kc_fe8_carry (_kc_fe8 *r)
{
  const __m512i m52 = _kc_fe8_bc (KC_FE_M52);
  __m512i t0 = r->n[0], t1 = r->n[1], t2 = r->n[2], t3 = r->n[3], t4 = r->n[4];
  __m512i x = _mm512_srli_epi64 (t4, 48);

  t4 = _mm512_and_si512 (t4, _kc_fe8_bc (KC_FE_M48));
  t0 = _mm512_madd52lo_epu64 (t0, x, _kc_fe8_bc (KC_FE_R));
  t1 = _mm512_add_epi64 (t1, _mm512_srli_epi64 (t0, 52));
  t0 = _mm512_and_si512 (t0, m52);
  t2 = _mm512_add_epi64 (t2, _mm512_srli_epi64 (t1, 52));
  t1 = _mm512_and_si512 (t1, m52);
  t3 = _mm512_add_epi64 (t3, _mm512_srli_epi64 (t2, 52));
  t2 = _mm512_and_si512 (t2, m52);
  t4 = _mm512_add_epi64 (t4, _mm512_srli_epi64 (t3, 52));
  t3 = _mm512_and_si512 (t3, m52);
  r->n[0] = t0; r->n[1] = t1; r->n[2] = t2; r->n[3] = t3; r->n[4] = t4;
}

/* Full normalization (the borrowing method of secp256k1/field-5x52.h): in
 * magnitude <= 32, out normalized in every lane. */
KC_FE8_FN void
_kc_fe8_normalize (_kc_fe8 *r)
{
  const __m512i m52 = _kc_fe8_bc (KC_FE_M52), m48 = _kc_fe8_bc (KC_FE_M48);
  const __m512i one = _kc_fe8_bc (1), rr = _kc_fe8_bc (KC_FE_R);
  __m512i t0 = r->n[0], t1 = r->n[1], t2 = r->n[2], t3 = r->n[3], t4 = r->n[4];
  __m512i x = _mm512_add_epi64 (_mm512_srli_epi64 (t4, 48), one), nb;

  t4 = _mm512_and_si512 (t4, m48);
  t0 = _mm512_madd52lo_epu64 (t0, x, rr);
  t1 = _mm512_add_epi64 (t1, _mm512_srli_epi64 (t0, 52));
  t0 = _mm512_and_si512 (t0, m52);
  t2 = _mm512_add_epi64 (t2, _mm512_srli_epi64 (t1, 52));
  t1 = _mm512_and_si512 (t1, m52);
  t3 = _mm512_add_epi64 (t3, _mm512_srli_epi64 (t2, 52));
  t2 = _mm512_and_si512 (t2, m52);
  t4 = _mm512_add_epi64 (t4, _mm512_srli_epi64 (t3, 52));
  t3 = _mm512_and_si512 (t3, m52);
  /* bit 48 of t4 set iff the value was >= p: else take R back */
  nb = _mm512_xor_si512 (_mm512_srli_epi64 (t4, 48), one);
  t0 = _mm512_sub_epi64 (t0, _mm512_madd52lo_epu64 (_mm512_setzero_si512 (),
                                                    nb, rr));
  t1 = _mm512_sub_epi64 (t1, _mm512_srli_epi64 (t0, 63));
  t0 = _mm512_and_si512 (t0, m52);
  t2 = _mm512_sub_epi64 (t2, _mm512_srli_epi64 (t1, 63));
  t1 = _mm512_and_si512 (t1, m52);
  t3 = _mm512_sub_epi64 (t3, _mm512_srli_epi64 (t2, 63));
  t2 = _mm512_and_si512 (t2, m52);
  t4 = _mm512_sub_epi64 (t4, _mm512_srli_epi64 (t3, 63));
  t3 = _mm512_and_si512 (t3, m52);
  t4 = _mm512_and_si512 (t4, m48);
  r->n[0] = t0; r->n[1] = t1; r->n[2] = t2; r->n[3] = t3; r->n[4] = t4;
}

/* The lanes of A (magnitude <= 32) that are 0 mod p. */
KC_FE8_FN __mmask8
_kc_fe8_is_zero_mask (const _kc_fe8 *a)
{
  _kc_fe8 t = *a;
  __m512i o;
  _kc_fe8_normalize (&t);
  o = _mm512_or_si512 (_mm512_or_si512 (t.n[0], t.n[1]),
                       _mm512_or_si512 (_mm512_or_si512 (t.n[2], t.n[3]),
                                        t.n[4]));
  return _mm512_cmpeq_epi64_mask (o, _mm512_setzero_si512 ());
}

/* Reduce the ten product columns T (each < 2^56) into R: steps 1-3 of the
 * header. */
KC_FE8_FN void
_kc_fe8_reduce (_kc_fe8 *r, __m512i t[10])
{
  const __m512i m52 = _kc_fe8_bc (KC_FE_M52);
  const __m512i r4 = _kc_fe8_bc (KC_FE_R << 4);
  __m512i u5;
  int k;

  KC_FE8_UNROLL
  for (k = 5; k < 9; k++)
    {
      t[k + 1] = _mm512_add_epi64 (t[k + 1], _mm512_srli_epi64 (t[k], 52));
      t[k] = _mm512_and_si512 (t[k], m52);
    }
  /* t9 < 2^52 now: the digits t5..t9 are at most the product / 2^260,
   * and the product is below 2^520. */
  KC_FE8_UNROLL
  for (k = 5; k < 9; k++)
    {
      t[k - 5] = _mm512_madd52lo_epu64 (t[k - 5], t[k], r4);
      t[k - 4] = _mm512_madd52hi_epu64 (t[k - 4], t[k], r4);
    }
  t[4] = _mm512_madd52lo_epu64 (t[4], t[9], r4);
  u5 = _mm512_madd52hi_epu64 (_mm512_setzero_si512 (), t[9], r4);
  t[0] = _mm512_madd52lo_epu64 (t[0], u5, r4);
  t[1] = _mm512_madd52hi_epu64 (t[1], u5, r4);
  /* step 3 */
  t[4] = _mm512_add_epi64 (t[4], _mm512_srli_epi64 (t[3], 52));
  t[3] = _mm512_and_si512 (t[3], m52);
  t[0] = _mm512_madd52lo_epu64 (t[0], _mm512_srli_epi64 (t[4], 48),
                                _kc_fe8_bc (KC_FE_R));
  t[4] = _mm512_and_si512 (t[4], _kc_fe8_bc (KC_FE_M48));
  KC_FE8_UNROLL
  for (k = 0; k < 4; k++)
    {
      t[k + 1] = _mm512_add_epi64 (t[k + 1], _mm512_srli_epi64 (t[k], 52));
      t[k] = _mm512_and_si512 (t[k], m52);
    }
  KC_FE8_UNROLL
  for (k = 0; k < 5; k++)
    r->n[k] = t[k];
}

/* R = A * B.  In: tight.  Out: tight.  R may alias A or B. */
KC_FE8_FN void
_kc_fe8_mul (_kc_fe8 *r, const _kc_fe8 *a, const _kc_fe8 *b)
{
  __m512i t[10];
  int i, j;

  KC_FE8_UNROLL
  for (i = 0; i < 10; i++)
    t[i] = _mm512_setzero_si512 ();
  KC_FE8_UNROLL
  for (i = 0; i < 5; i++)
    KC_FE8_UNROLL
    for (j = 0; j < 5; j++)
      {
        t[i + j] = _mm512_madd52lo_epu64 (t[i + j], a->n[i], b->n[j]);
        t[i + j + 1] = _mm512_madd52hi_epu64 (t[i + j + 1], a->n[i], b->n[j]);
      }
  _kc_fe8_reduce (r, t);
}

/* R = A^2.  In: tight.  Out: tight.  R may alias A. */
KC_FE8_FN void
_kc_fe8_sqr (_kc_fe8 *r, const _kc_fe8 *a)
{
  __m512i t[10];
  int i, j;

  KC_FE8_UNROLL
  for (i = 0; i < 10; i++)
    t[i] = _mm512_setzero_si512 ();
  KC_FE8_UNROLL
  for (i = 0; i < 5; i++)
    KC_FE8_UNROLL
    for (j = i + 1; j < 5; j++)
      {
        t[i + j] = _mm512_madd52lo_epu64 (t[i + j], a->n[i], a->n[j]);
        t[i + j + 1] = _mm512_madd52hi_epu64 (t[i + j + 1], a->n[i], a->n[j]);
      }
  KC_FE8_UNROLL
  for (i = 0; i < 10; i++)
    t[i] = _mm512_slli_epi64 (t[i], 1);
  KC_FE8_UNROLL
  for (i = 0; i < 5; i++)
    {
      t[2 * i] = _mm512_madd52lo_epu64 (t[2 * i], a->n[i], a->n[i]);
      t[2 * i + 1] = _mm512_madd52hi_epu64 (t[2 * i + 1], a->n[i], a->n[i]);
    }
  _kc_fe8_reduce (r, t);
}

/* R = A^(2^K) (K >= 1).  In: tight.  Out: tight. */
KC_FE8_FN void
_kc_fe8_sqr_n (_kc_fe8 *r, const _kc_fe8 *a, int k)
{
  _kc_fe8_sqr (r, a);
  while (--k > 0)
    _kc_fe8_sqr (r, r);
}

/* Lane l of R = lane l of TABLE[E[l]] (per-lane tables of _kc_fe8,
 * public indices).  Out: as the entries. */
KC_FE8_FN void
_kc_fe8_gather (_kc_fe8 *r, const _kc_fe8 *table, const int64_t e[8])
{
  const __m512i iota = _mm512_set_epi64 (7, 6, 5, 4, 3, 2, 1, 0);
  const uint64_t qw = sizeof (_kc_fe8) / sizeof (uint64_t);
  __m512i idx = _mm512_add_epi64 (_mm512_mullo_epi64 (_mm512_loadu_si512 ((const void *) e),
                                                      _kc_fe8_bc (qw)),
                                  iota);
  int i;
  KC_FE8_UNROLL
  for (i = 0; i < 5; i++)
    r->n[i] = _mm512_i64gather_epi64 (_mm512_add_epi64 (idx, _kc_fe8_bc (8 * (uint64_t) i)),
                                      (const void *) table, 8);
}

/* (X, Y) lane l = the point E[l] of the 4x64 storage table at BASE (8
 * qwords an entry: x then y, normalized).  Out: tight. */
KC_FE8_FN void
_kc_fe8_gather_storage (_kc_fe8 *x, _kc_fe8 *y, const uint64_t *base,
                        const int64_t e[8])
{
  const __m512i m52 = _kc_fe8_bc (KC_FE_M52);
  __m512i idx = _mm512_slli_epi64 (_mm512_loadu_si512 ((const void *) e), 3);
  __m512i q[8];
  _kc_fe8 *c[2];
  int i, j;

  KC_FE8_UNROLL
  for (i = 0; i < 8; i++)
    q[i] = _mm512_i64gather_epi64 (_mm512_add_epi64 (idx, _kc_fe8_bc ((uint64_t) i)),
                                   (const void *) base, 8);
  c[0] = x;
  c[1] = y;
  KC_FE8_UNROLL
  for (j = 0; j < 2; j++)
    {
      const __m512i *s = q + 4 * j;            /* 4x64 -> 5x52 */
      c[j]->n[0] = _mm512_and_si512 (s[0], m52);
      c[j]->n[1] = _mm512_and_si512 (_mm512_or_si512 (_mm512_srli_epi64 (s[0], 52),
                                                      _mm512_slli_epi64 (s[1], 12)), m52);
      c[j]->n[2] = _mm512_and_si512 (_mm512_or_si512 (_mm512_srli_epi64 (s[1], 40),
                                                      _mm512_slli_epi64 (s[2], 24)), m52);
      c[j]->n[3] = _mm512_and_si512 (_mm512_or_si512 (_mm512_srli_epi64 (s[2], 28),
                                                      _mm512_slli_epi64 (s[3], 36)), m52);
      c[j]->n[4] = _mm512_srli_epi64 (s[3], 16);
    }
}

/* Out-of-line (secp256k1/x86_64/field-ifma.c). */

/* R = A^-1 in every lane (0 maps to 0), by Fermat: A^(p-2).  In: tight.
 * Out: tight.  R may alias A. */
KC_FE8_TARGET void _kc_fe8_inv (_kc_fe8 *r, const _kc_fe8 *a);

/* R = A^((p+1)/4) in every lane: a square root of A when A is a square
 * (p = 3 mod 4); the caller checks R^2 = A.  In: tight.  Out: tight. */
KC_FE8_TARGET void _kc_fe8_sqrt_candidate (_kc_fe8 *r, const _kc_fe8 *a);

/* Montgomery's trick: R[i] = A[i]^-1 for i < N (lane by lane), with one
 * _kc_fe8_inv and 3(N-1) products; SCRATCH has room for N.  No A[i] may
 * be 0 in a lane whose results are used (a zero spoils its whole lane).
 * In: tight.  Out: tight.  R may alias A. */
KC_FE8_TARGET void _kc_fe8_inv_all (_kc_fe8 *r, const _kc_fe8 *a, size_t n,
                                    _kc_fe8 *scratch);

#endif /* KC_HAVE_FE8 */
#endif /* KC_SECP256K1_FIELD_IFMA_H */
