/* ed25519/x86_64/group-adx.c - the Ed25519 comb and variable-time
 * multiplications on the 4x64 MULX/ADX field: ed25519/group-impl.h over
 * x25519/x86_64/field-4x64.h.  Contract in ed25519/x86_64/adx.h.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The field takes and gives any value below 2^256, so the template's
 * carries are nothing here.  Points and table entries arrive in the
 * 5x51 form: the comb's and the odd multiples' entries (limbs below
 * 2^51) are repacked into four words after their constant-time
 * selection; a point (carried limbs) goes through its 32-byte encoding;
 * results leave frozen, in limbs below 2^51.  The comb's lookup runs on
 * AVX2 vectors (every BMI2 and ADX CPU but a few Intel Atoms has AVX2;
 * the row's gate names all three).
 */
#include "kcrypt-int.h"
#include "limb.h"
#include "ed25519/group.h"
#include "ed25519/x86_64/adx.h"
#include "x25519/x86_64/field-4x64.h"

#ifdef KC_LIMB_ADX
#include <immintrin.h>

#define ADX_FN KC_ISA_TARGET (KC_ED25519_ADX_ISA)

typedef _kc_x25519_fe64 fe;

/* 2 d */
static const fe d2_64 = { {
  0xebd69b9426b2f159ULL, 0x00e0149a8283b156ULL, 0x198e80f2eef3d130ULL,
  0x2406d9dc56dffce7ULL
} };

ADX_FN static inline void
fe_one (fe *r)
{
  memset (r, 0, sizeof *r);
  r->n[0] = 1;
}

ADX_FN static inline void
fe_neg (fe *r, const fe *a)
{
  static const fe zero = { { 0, 0, 0, 0 } };
  _kc_x25519_fe64_sub (r, &zero, a);
}

/* R = A, A with any carried limbs (below 2^63) */
ADX_FN static inline void
fe_in (fe *r, const _kc_fe51 *a)
{
  unsigned char b[32];
  int i;

  _kc_fe51_tobytes (b, a);
  for (i = 0; i < 4; i++)
    r->n[i] = buf_get_le64 (b + 8 * i);
  wipememory (b, sizeof b);
}

/* W[i] = OR over k < 8 of M[k] & ROW[15 k + i], i < 15: words 0..11 in
 * three 256-bit vectors, 12..13 in a 128-bit one, 14 alone (a wider
 * load would read past the last entry of the table).  Every word of
 * every entry is read; the masks decide only what is kept. */
ADX_FN static inline void
comb_row_avx2 (uint64_t w[15], const uint64_t *row, const uint64_t m[8])
{
  __m256i a0 = _mm256_setzero_si256 (), a1 = a0, a2 = a0, mk;
  __m128i b = _mm_setzero_si128 ();
  uint64_t c = 0;
  int k;

  for (k = 0; k < 8; k++)
    {
      const uint64_t *e = row + 15 * k;
      mk = _mm256_set1_epi64x ((long long) m[k]);
      a0 = _mm256_or_si256 (a0, _mm256_and_si256 (mk,
             _mm256_loadu_si256 ((const __m256i *) (const void *) e)));
      a1 = _mm256_or_si256 (a1, _mm256_and_si256 (mk,
             _mm256_loadu_si256 ((const __m256i *) (const void *) (e + 4))));
      a2 = _mm256_or_si256 (a2, _mm256_and_si256 (mk,
             _mm256_loadu_si256 ((const __m256i *) (const void *) (e + 8))));
      b = _mm_or_si128 (b, _mm_and_si128 (_mm256_castsi256_si128 (mk),
            _mm_loadu_si128 ((const __m128i *) (const void *) (e + 12))));
      c |= m[k] & e[14];
    }
  _mm256_storeu_si256 ((__m256i *) (void *) w, a0);
  _mm256_storeu_si256 ((__m256i *) (void *) (w + 4), a1);
  _mm256_storeu_si256 ((__m256i *) (void *) (w + 8), a2);
  _mm_storeu_si128 ((__m128i *) (void *) (w + 12), b);
  w[14] = c;
}

#define GI_COMB_ROW comb_row_avx2
#define GI_FE fe
#define GI_MUL _kc_x25519_fe64_mul
#define GI_SQ _kc_x25519_fe64_sqr
#define GI_ADD _kc_x25519_fe64_add
#define GI_SUB _kc_x25519_fe64_sub
#define GI_CARRY(r) ((void) (r))
#define GI_NEG fe_neg
#define GI_ONE fe_one
#define GI_D2 (&d2_64)
#define GI_NIELS(r, t) \
  do { \
    _kc_x25519_fe64_from51 (&(r)->ypx, (t)->ypx.v); \
    _kc_x25519_fe64_from51 (&(r)->ymx, (t)->ymx.v); \
    _kc_x25519_fe64_from51 (&(r)->xy2d, (t)->xy2d.v); \
  } while (0)
#define GI_IN(r, a) \
  do { \
    fe_in (&(r)->X, &(a)->X); \
    fe_in (&(r)->Y, &(a)->Y); \
    fe_in (&(r)->Z, &(a)->Z); \
    fe_in (&(r)->T, &(a)->T); \
  } while (0)
#define GI_OUT(r, a) \
  do { \
    _kc_x25519_fe64_to51 ((r)->X.v, &(a)->X); \
    _kc_x25519_fe64_to51 ((r)->Y.v, &(a)->Y); \
    _kc_x25519_fe64_to51 ((r)->Z.v, &(a)->Z); \
    _kc_x25519_fe64_to51 ((r)->T.v, &(a)->T); \
  } while (0)
#define GI_N(name) adx_##name
#define GI_FN ADX_FN static
#include "ed25519/group-impl.h"

ADX_FN void
_kc_ed25519_base_adx (_kc_ed25519_ge *r, const unsigned char a[32])
{
  adx_scalarmult_base (r, a);
}

ADX_FN void
_kc_ed25519_dsm_adx_var (_kc_ed25519_ge *r, const _kc_ed25519_sc *a,
                         const _kc_ed25519_ge *p, const _kc_ed25519_sc *b)
{
  adx_double_scalarmult_var (r, a, p, b);
}

ADX_FN void
_kc_ed25519_msm_adx_var (_kc_ed25519_ge *r, const _kc_ed25519_sc *g,
                         const _kc_ed25519_ge *const *pl,
                         const _kc_ed25519_sc *sl,
                         const _kc_ed25519_ge *const *ps,
                         const _kc_ed25519_sc *ss, size_t n)
{
  adx_msm_var (r, g, pl, sl, ps, ss, n);
}

#endif /* KC_LIMB_ADX */
