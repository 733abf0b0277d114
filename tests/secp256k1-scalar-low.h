/* secp256k1-scalar-low.h - scalars mod a small prime order, for the
 * exhaustive test build of the secp256k1 group, ecmult and ECDSA code.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Test code only (tests/t-secp256k1-exhaustive.c); never in the library.
 * A scalar keeps the library's type (four uint64 limbs, so that the inline
 * _kc_secp256k1_scalar_get_bits of secp256k1/scalar.h still reads it) with
 * the value in d[0], 0 <= value < exh_order, and d[1..3] zero: every
 * function checks that invariant on what it reads and aborts otherwise.
 * The order is a run-time variable (the test switches curves); LAMBDA is
 * the eigenvalue of (x, y) -> (beta x, y) on the test's subgroup, and
 * exh_split_off chooses which of the q splits k = k1 + k2 lambda the GLV
 * split returns (k2 = k + offset), so that a test can walk through them.
 *
 * Include it after secp256k1/scalar.h and before the group, ecmult and
 * ECDSA sources: the macros at the end send the library's scalar calls
 * there to these static functions, so the scalar code of the library
 * (linked with the rest of it) is not used and does not clash.  Only the
 * functions those sources call are here: one they start to call must be added, or it would run the mod-n
 * code on these scalars (and the test would fail).  Nothing here is
 * constant time, and nothing needs to be: the test's scalars are public.
 */
#ifndef KC_SECP256K1_SCALAR_LOW_H
#define KC_SECP256K1_SCALAR_LOW_H

#include <stdio.h>
#include <stdlib.h>
#include "secp256k1/scalar.h"

static uint32_t exh_order;      /* q, an odd prime < 2^16 */
static uint32_t exh_lambda;     /* lambda^2 + lambda + 1 = 0 mod q */
static uint32_t exh_split_off;  /* the split gives k2 = k + exh_split_off */

typedef _kc_secp256k1_scalar exh_scalar;

static void
exh_scalar_check (const exh_scalar *a)
{
  if (a->d[0] >= exh_order || a->d[1] || a->d[2] || a->d[3])
    {
      fprintf (stderr, "secp256k1-scalar-low: scalar out of range\n");
      abort ();
    }
}

static uint32_t
exh_scalar_val (const exh_scalar *a)
{
  exh_scalar_check (a);
  return (uint32_t) a->d[0];
}

/* R = V mod q. */
static void
exh_scalar_set (exh_scalar *r, uint64_t v)
{
  r->d[0] = v % exh_order;
  r->d[1] = r->d[2] = r->d[3] = 0;
}

static void
exh_scalar_set_b32 (exh_scalar *r, const unsigned char b[32], int *overflow)
{
  uint64_t v = 0;
  int i, high = 0;
  for (i = 0; i < 32; i++)
    {
      v = ((v << 8) | b[i]) % exh_order;
      if (i < 28)
        high |= b[i];
    }
  if (overflow)
    *overflow = high != 0
      || ((uint32_t) b[28] << 24 | (uint32_t) b[29] << 16
          | (uint32_t) b[30] << 8 | b[31]) >= exh_order;
  exh_scalar_set (r, v);
}

static void
exh_scalar_get_b32 (unsigned char b[32], const exh_scalar *a)
{
  uint32_t v = exh_scalar_val (a);
  memset (b, 0, 32);
  b[28] = (unsigned char) (v >> 24);
  b[29] = (unsigned char) (v >> 16);
  b[30] = (unsigned char) (v >> 8);
  b[31] = (unsigned char) v;
}

static int
exh_scalar_is_zero (const exh_scalar *a)
{
  return exh_scalar_val (a) == 0;
}

static int
exh_scalar_eq (const exh_scalar *a, const exh_scalar *b)
{
  return exh_scalar_val (a) == exh_scalar_val (b);
}

static int
exh_scalar_is_high (const exh_scalar *a)
{
  return exh_scalar_val (a) > (exh_order - 1) / 2;
}

static int
exh_scalar_add (exh_scalar *r, const exh_scalar *a, const exh_scalar *b)
{
  uint64_t s = (uint64_t) exh_scalar_val (a) + exh_scalar_val (b);
  exh_scalar_set (r, s);
  return s >= exh_order;
}

static void
exh_scalar_negate (exh_scalar *r, const exh_scalar *a)
{
  exh_scalar_set (r, exh_order - exh_scalar_val (a));
}

static void
exh_scalar_cond_negate (exh_scalar *r, int flag)
{
  if (flag)
    exh_scalar_negate (r, r);
}

static void
exh_scalar_mul (exh_scalar *r, const exh_scalar *a, const exh_scalar *b)
{
  exh_scalar_set (r, (uint64_t) exh_scalar_val (a) * exh_scalar_val (b));
}

/* A^(q-2) mod q (0 maps to 0). */
static void
exh_scalar_inv (exh_scalar *r, const exh_scalar *a)
{
  uint64_t x = exh_scalar_val (a), y = 1;
  uint32_t e = exh_order - 2;
  while (e)
    {
      if (e & 1)
        y = y * x % exh_order;
      x = x * x % exh_order;
      e >>= 1;
    }
  exh_scalar_set (r, y);
}

/* The same by the extended Euclidean algorithm (0 maps to 0). */
static void
exh_scalar_inv_var (exh_scalar *r, const exh_scalar *a)
{
  int64_t r0 = exh_order, r1 = exh_scalar_val (a), t0 = 0, t1 = 1;
  if (!r1)
    {
      exh_scalar_set (r, 0);
      return;
    }
  while (r1)
    {
      int64_t qt = r0 / r1, tmp;
      tmp = r0 - qt * r1; r0 = r1; r1 = tmp;
      tmp = t0 - qt * t1; t0 = t1; t1 = tmp;
    }
  exh_scalar_set (r, (uint64_t) (t0 < 0 ? t0 + exh_order : t0));
}

/* K = R1 + R2 lambda with R2 = K + exh_split_off. */
static void
exh_scalar_split_lambda (exh_scalar *r1, exh_scalar *r2, const exh_scalar *k)
{
  uint32_t kv = exh_scalar_val (k);
  uint32_t k2 = (uint32_t) (((uint64_t) kv + exh_split_off) % exh_order);
  exh_scalar_set (r2, k2);
  exh_scalar_set (r1, kv + (uint64_t) (exh_order - k2) * exh_lambda);
}

#define _kc_secp256k1_scalar_set_b32       exh_scalar_set_b32
#define _kc_secp256k1_scalar_get_b32       exh_scalar_get_b32
#define _kc_secp256k1_scalar_is_zero       exh_scalar_is_zero
#define _kc_secp256k1_scalar_eq            exh_scalar_eq
#define _kc_secp256k1_scalar_is_high       exh_scalar_is_high
#define _kc_secp256k1_scalar_add           exh_scalar_add
#define _kc_secp256k1_scalar_negate        exh_scalar_negate
#define _kc_secp256k1_scalar_cond_negate   exh_scalar_cond_negate
#define _kc_secp256k1_scalar_mul           exh_scalar_mul
#define _kc_secp256k1_scalar_inv           exh_scalar_inv
#define _kc_secp256k1_scalar_inv_var       exh_scalar_inv_var
#define _kc_secp256k1_scalar_split_lambda  exh_scalar_split_lambda

#endif /* KC_SECP256K1_SCALAR_LOW_H */
