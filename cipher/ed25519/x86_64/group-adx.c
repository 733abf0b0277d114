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

#define COMB_AVX2_FN ADX_FN
#include "ed25519/x86_64/comb-avx2.h"

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
