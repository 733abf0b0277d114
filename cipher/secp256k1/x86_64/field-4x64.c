/* secp256k1/x86_64/field-4x64.c - the out-of-line part of the 4x64
 * MULX/ADX field (the rest is inline, in secp256k1/x86_64/field-4x64.h):
 * the square root.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "secp256k1/x86_64/field-4x64.h"

#ifdef KC_LIMB_ADX

/* The addition chains (secp256k1/field-chain.h) over the 4x64 field. */
#define CH_FE _kc_fe64
#define CH_SQR(r, a) _kc_fe64_sqr (r, a)
#define CH_MUL(r, a, b) _kc_fe64_mul (r, a, b)
#define CH_(name) fe64_##name
#include "secp256k1/field-chain.h"

/* The exponentiation on 4x64, the check on 5x52. */
int
_kc_fe64_sqrt (_kc_secp256k1_fe *r, const _kc_secp256k1_fe *a)
{
  _kc_secp256k1_fe t, a1 = *a;
  _kc_fe64 x, y;
  int ok;

  KC_FE_CHECK (a, 8);
  _kc_fe64_from_fe (&x, &a1);
  fe64_pow_sqrt (&y, &x);
  _kc_fe64_to_fe (r, &y);
  wipememory (&x, sizeof x);
  wipememory (&y, sizeof y);
  /* check r^2 == a */
  _kc_secp256k1_fe_sqr (&t, r);
  _kc_secp256k1_fe_negate (&t, &t, 1);
  _kc_secp256k1_fe_add (&t, &a1);
  ok = _kc_secp256k1_fe_normalizes_to_zero (&t);
  _kc_secp256k1_fe_normalize (r);
  wipememory (&t, sizeof t); wipememory (&a1, sizeof a1);
  return ok;
}

void
_kc_fe64_pow_p34 (_kc_secp256k1_fe *r, const _kc_secp256k1_fe *a)
{
  _kc_secp256k1_fe a1 = *a;
  _kc_fe64 x, y;

  KC_FE_CHECK (a, 8);
  _kc_fe64_from_fe (&x, &a1);
  fe64_pow_p34 (&y, &x);
  _kc_fe64_to_fe (r, &y);
  _kc_secp256k1_fe_normalize (r);
  wipememory (&x, sizeof x);
  wipememory (&y, sizeof y);
  wipememory (&a1, sizeof a1);
}

#endif /* KC_LIMB_ADX */

/* The rows of the choice _kc_fe64_chosen makes (for tests/t-isa-gates,
 * which checks that the two agree under every mask). */
static const struct _kc_kernel_row fe_rows[] = {
#ifdef KC_LIMB_ADX
  { "4x64", KC_FE64_HWF, KC_FE64_PREFER },
#endif
  { "5x52", 0, 0 },
};
KC_KERNEL_TABLE (_kc_secp256k1_field_kernels_table, fe_rows);
