/* t-limb-ops.h - the operations t-limb runs on each representation of
 * limb.h: included by t-limb.c (the portable pair, KC_NO_INT128) and by
 * t-limb-native.c (the native type), after limb.h.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#ifndef KC_T_LIMB_OPS_H
#define KC_T_LIMB_OPS_H

#include "t-limb.h"

/* X: the 128-bit value x[0] + x[1] 2^64 in and out. */
static _kc_u128
load (const uint64_t x[2])
{
  _kc_u128 r;
  _kc_u128_from_u64 (&r, x[0]);
  _kc_u128_add_parts (&r, 0, x[1]);
  return r;
}

static void
store (uint64_t x[2], const _kc_u128 *r)
{
  x[0] = _kc_u128_to_u64 (r);
  x[1] = _kc_u128_hi_u64 (r);
}

/* the same for a signed value: the high word through the shift */
static void
store_s (uint64_t x[2], const _kc_i128 *r)
{
  _kc_i128 t = *r;
  x[0] = _kc_i128_to_u64 (r);
  _kc_i128_rshift (&t, 64);
  x[1] = _kc_i128_to_u64 (&t);
}

static void
ops_u128 (uint64_t out[TN_OUT], const uint64_t x[2], uint64_t a, uint64_t b,
         unsigned int n)
{
  _kc_u128 r = load (x), p;
  _kc_i128 s;
  _kc_u128_mul (&p, a, b);
  store (out + 0, &p);
  _kc_u128_accum_mul (&r, a, b);
  store (out + 2, &r);
  _kc_u128_accum_u64 (&r, a);
  store (out + 4, &r);
  _kc_u128_rshift (&r, n);
  store (out + 6, &r);
  _kc_i128_mul (&s, (int64_t) a, (int64_t) b);
  store_s (out + 8, &s);
  s = load (x);
  _kc_i128_accum_mul (&s, (int64_t) a, (int64_t) b);
  store_s (out + 10, &s);
  _kc_i128_rshift (&s, n);
  store_s (out + 12, &s);
  out[14] = _kc_i128_to_u64 (&s);
}

static void
ops_limb (uint64_t out[TN_OUT], uint64_t a, uint64_t b, uint64_t c,
         uint64_t d)
{
  uint64_t k;
  unsigned char f = (unsigned char) (c & 1);
  out[0] = _kc_mul64 (&out[1], a, b);
  out[2] = _kc_mac64 (&out[3], a, b, c, d);
  out[4] = _kc_addc64 (&out[5], a, b, d & 1);
  out[6] = _kc_subb64 (&out[7], a, b, d & 1);
  out[8] = _kc_adc (a, b, &f);
  out[9] = _kc_adc (c, d, &f);
  out[10] = f;
  f = (unsigned char) (c & 1);
  out[11] = _kc_sbb (a, b, &f);
  out[12] = _kc_sbb (c, d, &f);
  out[13] = f;
  out[14] = _kc_m0inv (a | 1);
  out[15] = _kc_clz64 (b | 1);
  /* (c mod d') : a / d' with d' > c */
  k = d | ((uint64_t) 1 << 63);
  out[16] = _kc_udiv128_var (&out[17], c % k, a, k);
}

#endif
