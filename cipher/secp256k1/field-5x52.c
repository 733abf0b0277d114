/* secp256k1/field-5x52.c - the out-of-line field functions: classic normalize
 * (reference), inversion, square root, byte conversions.  Contracts in
 * secp256k1/field-5x52.h.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "secp256k1/field-5x52.h"
#include "modinv.h"
#include "bufhelp.h"

void
_kc_secp256k1_fe_normalize_classic (_kc_secp256k1_fe *r)
{
  uint64_t t0 = r->n[0], t1 = r->n[1], t2 = r->n[2], t3 = r->n[3], t4 = r->n[4];
  uint64_t x = t4 >> 48, m;
  KC_FE_CHECK (r, KC_FE_MAX_MAGNITUDE);
  /* First pass: fold bits >= 256, value now < 2^256 + small, < 2p. */
  t4 &= KC_FE_M48;
  t0 += x * KC_FE_R;
  t1 += t0 >> 52; t0 &= KC_FE_M52;
  t2 += t1 >> 52; t1 &= KC_FE_M52;
  t3 += t2 >> 52; t2 &= KC_FE_M52;
  t4 += t3 >> 52; t3 &= KC_FE_M52;
  m = t1 & t2 & t3;
  /* Compare with p: the value is >= p iff it overflowed 2^256 or all of
   * t1..t4 are full and t0 >= p's low limb. */
  x = (t4 >> 48)
      | (ct_eq_u64 (t4, KC_FE_M48) & ct_eq_u64 (m, KC_FE_M52)
         & (1 ^ ct_lt_u64 (t0, 0xFFFFEFFFFFC2FULL)));
  /* Second pass: subtract p (add R, drop 2^256) when needed. */
  t0 += x * KC_FE_R;
  t1 += t0 >> 52; t0 &= KC_FE_M52;
  t2 += t1 >> 52; t1 &= KC_FE_M52;
  t3 += t2 >> 52; t2 &= KC_FE_M52;
  t4 += t3 >> 52; t3 &= KC_FE_M52;
  t4 &= KC_FE_M48;
  r->n[0] = t0; r->n[1] = t1; r->n[2] = t2; r->n[3] = t3; r->n[4] = t4;
  KC_FE_SET_MAG (r, 1, 1);
}

/* The addition chains (secp256k1/field-chain.h) over the 5x52 field (the
 * 4x64 field has its own, in secp256k1/x86_64/field-4x64.c). */
#define CH_FE _kc_secp256k1_fe
#define CH_SQR(r, a) _kc_secp256k1_fe_sqr (r, a)
#define CH_MUL(r, a, b) _kc_secp256k1_fe_mul (r, a, b)
#define CH_(name) fe52_##name
#include "secp256k1/field-chain.h"

void
_kc_secp256k1_fe_inv_fermat (_kc_secp256k1_fe *r, const _kc_secp256k1_fe *a)
{
  /* p - 2 = [223 ones] 0 [22 ones] 0000101101 */
  _kc_secp256k1_fe x2, x22, t, a1 = *a;

  KC_FE_CHECK (a, 8);
  fe52_pow_x223 (&t, &x2, &x22, &a1);
  fe52_sqr_n (&t, &t, 23);
  _kc_secp256k1_fe_mul (&t, &t, &x22);
  fe52_sqr_n (&t, &t, 5);
  _kc_secp256k1_fe_mul (&t, &t, &a1);
  fe52_sqr_n (&t, &t, 3);
  _kc_secp256k1_fe_mul (&t, &t, &x2);
  fe52_sqr_n (&t, &t, 2);
  _kc_secp256k1_fe_mul (r, &t, &a1);
  _kc_secp256k1_fe_normalize (r);
  wipememory (&x2, sizeof x2); wipememory (&x22, sizeof x22);
  wipememory (&t, sizeof t); wipememory (&a1, sizeof a1);
}

/* p = 2^256 - 0x1000003D1 in signed 62-bit limbs for the shared safegcd
 * (mpi/modinv.c): three zero limbs, skipped there. */
static const _kc_modinv256_modulus modulus_p = {
  { -0x1000003D1LL, 0, 0, 0, 256 },
  0x27C7F6E22DDACACFULL
};

void
_kc_secp256k1_fe_inv (_kc_secp256k1_fe *r, const _kc_secp256k1_fe *a)
{
  _kc_secp256k1_fe t = *a;
  _kc_secp256k1_fe_storage s;

  KC_FE_CHECK (a, 8);
  _kc_secp256k1_fe_normalize (&t);
  _kc_secp256k1_fe_to_storage (&s, &t);
  _kc_modinv256 (s.n, s.n, &modulus_p);
  _kc_secp256k1_fe_from_storage (r, &s);
  wipememory (&t, sizeof t);
  wipememory (&s, sizeof s);
}

void
_kc_secp256k1_fe_inv_var (_kc_secp256k1_fe *r, const _kc_secp256k1_fe *a)
{
  _kc_secp256k1_fe t = *a;
  _kc_secp256k1_fe_storage s;

  KC_FE_CHECK (a, 8);
  _kc_secp256k1_fe_normalize_var (&t);
  _kc_secp256k1_fe_to_storage (&s, &t);
  _kc_modinv256_var (s.n, s.n, &modulus_p);
  _kc_secp256k1_fe_from_storage (r, &s);
}

void
_kc_secp256k1_fe_pow_p34 (_kc_secp256k1_fe *r, const _kc_secp256k1_fe *a)
{
  _kc_secp256k1_fe a1 = *a;

  KC_FE_CHECK (a, 8);
  fe52_pow_p34 (r, &a1);
  _kc_secp256k1_fe_normalize (r);
  wipememory (&a1, sizeof a1);
}

int
_kc_secp256k1_fe_is_square_var (const _kc_secp256k1_fe *a)
{
  _kc_secp256k1_fe t = *a, r;
  _kc_secp256k1_fe_storage s;
  int j;

  _kc_secp256k1_fe_normalize_var (&t);
  if (_kc_secp256k1_fe_is_zero (&t))
    return 1;
  _kc_secp256k1_fe_to_storage (&s, &t);
  j = _kc_modinv256_jacobi_var (s.n, &modulus_p);
  if (j)
    return j > 0;
  return _kc_secp256k1_fe_sqrt (&r, &t);
}

/* On 5x52 only: the 4x64 field's is _kc_fe64_sqrt, and the choice
 * between them is the group's (_kc_secp256k1_fe_sqrt_chosen). */
int
_kc_secp256k1_fe_sqrt (_kc_secp256k1_fe *r, const _kc_secp256k1_fe *a)
{
  _kc_secp256k1_fe t, a1 = *a;
  int ok;

  KC_FE_CHECK (a, 8);
  fe52_pow_sqrt (r, &a1);
  /* check r^2 == a */
  _kc_secp256k1_fe_sqr (&t, r);
  _kc_secp256k1_fe_negate (&t, &t, 1);
  _kc_secp256k1_fe_add (&t, &a1);
  ok = _kc_secp256k1_fe_normalizes_to_zero (&t);
  _kc_secp256k1_fe_normalize (r);
  wipememory (&t, sizeof t); wipememory (&a1, sizeof a1);
  return ok;
}

int
_kc_secp256k1_fe_set_b32 (_kc_secp256k1_fe *r, const unsigned char b[32])
{
  uint64_t w0 = buf_get_be64 (b + 24), w1 = buf_get_be64 (b + 16);
  uint64_t w2 = buf_get_be64 (b + 8), w3 = buf_get_be64 (b), lt;

  /* (locals, no array: nothing on the stack to wipe) */
  r->n[0] = w0 & KC_FE_M52;
  r->n[1] = (w0 >> 52 | w1 << 12) & KC_FE_M52;
  r->n[2] = (w1 >> 40 | w2 << 24) & KC_FE_M52;
  r->n[3] = (w2 >> 28 | w3 << 36) & KC_FE_M52;
  r->n[4] = w3 >> 16;
  /* B < p iff not (n[1..4] all full and n[0] >= p's low limb) */
  lt = 1 ^ (ct_eq_u64 (r->n[4], KC_FE_M48)
            & ct_eq_u64 (r->n[3] & r->n[2] & r->n[1], KC_FE_M52)
            & (1 ^ ct_lt_u64 (r->n[0], 0xFFFFEFFFFFC2FULL)));
  KC_FE_SET_MAG (r, 1, 0);
  _kc_secp256k1_fe_normalize (r);
  return (int) lt;
}

int
_kc_secp256k1_fe_set_b32_limit (_kc_secp256k1_fe *r,
                                const unsigned char b[32])
{
  uint64_t w0 = buf_get_be64 (b + 24), w1 = buf_get_be64 (b + 16);
  uint64_t w2 = buf_get_be64 (b + 8), w3 = buf_get_be64 (b);

  r->n[0] = w0 & KC_FE_M52;
  r->n[1] = (w0 >> 52 | w1 << 12) & KC_FE_M52;
  r->n[2] = (w1 >> 40 | w2 << 24) & KC_FE_M52;
  r->n[3] = (w2 >> 28 | w3 << 36) & KC_FE_M52;
  r->n[4] = w3 >> 16;
  /* below p, the limbs as unpacked are the normalized form */
  if (r->n[4] == KC_FE_M48 && (r->n[3] & r->n[2] & r->n[1]) == KC_FE_M52
      && r->n[0] >= 0xFFFFEFFFFFC2FULL)
    return 0;
  KC_FE_SET_MAG (r, 1, 1);
  return 1;
}

void
_kc_secp256k1_fe_get_b32 (unsigned char b[32], const _kc_secp256k1_fe *a)
{
  /* Each 64-bit word straight from the limbs to B: no copy on the stack
   * to wipe (the wipe's call was a third of this function). */
  KC_FE_CHECK_NORM (a);
  buf_put_be64 (b + 24, a->n[0] | a->n[1] << 52);
  buf_put_be64 (b + 16, a->n[1] >> 12 | a->n[2] << 40);
  buf_put_be64 (b + 8, a->n[2] >> 24 | a->n[3] << 28);
  buf_put_be64 (b, a->n[3] >> 36 | a->n[4] << 16);
}
