/* p256/scalar-mont.c - integers mod n, the P-256 group order.  Contracts in
 * p256/scalar-mont.h.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "p256/scalar-mont.h"
#include "mont.h"
#include "modinv.h"
#include "moduli.h"
#include "bufhelp.h"

typedef _kc_p256_scalar scalar;

#define N (&_kc_modulus_p256_n)

/* n in unsigned 62-bit limbs, and n^-1 mod 2^62. */
static const _kc_modinv256_modulus inv_n = {
  { 0x33b9cac2fc632551LL, 0x339beab69c5e7a13LL, 0x3ffffffffffffffbLL,
    0x3fffffc00000003fLL, 0xff },
  0x332e375511ff43b1ULL
};

/* (n - 1)/2 */
static const uint64_t half_n[4] = {
  0x79dce5617e3192a8ULL, 0xde737d56d38bcf42ULL, 0x7fffffffffffffffULL,
  0x7fffffff80000000ULL
};

#define SC_CHECK(a) KC_VERIFY_CHECK (ct_cmp_limbs ((a)->v, N->m, 4) < 0)

/* R = T - n if (TOP or T >= n), else T, for T + TOP 2^256 < 2n.
 * Returns 1 if it subtracted. */
static int
reduce_once (scalar *r, const uint64_t t[4], uint64_t top)
{
  uint64_t d[4], mask, sub;
  unsigned char br = 0;
  int j;

  for (j = 0; j < 4; j++)
    d[j] = _kc_sbb (t[j], N->m[j], &br);
  sub = top | (uint64_t) (br ^ 1);
  mask = ct_mask_from_flag_u64 (sub);
  for (j = 0; j < 4; j++)
    r->v[j] = ct_select_u64 (mask, d[j], t[j]);
  return (int) sub;
}

int
_kc_p256_scalar_set_b32 (scalar *r, const unsigned char b[32])
{
  uint64_t t[4];
  int j;

  for (j = 0; j < 4; j++)
    t[j] = buf_get_be64 (b + 24 - 8 * j);
  return reduce_once (r, t, 0);         /* B < 2^256 < 2n */
}

void
_kc_p256_scalar_get_b32 (unsigned char b[32], const scalar *a)
{
  int j;
  for (j = 0; j < 4; j++)
    buf_put_be64 (b + 24 - 8 * j, a->v[j]);
}

void
_kc_p256_scalar_set_int (scalar *r, unsigned int v)
{
  memset (r, 0, sizeof *r);
  r->v[0] = v;
}

int
_kc_p256_scalar_is_zero (const scalar *a)
{
  return (int) (1 ^ ct_is_nonzero_u64 (a->v[0] | a->v[1] | a->v[2]
                                       | a->v[3]));
}

int
_kc_p256_scalar_eq (const scalar *a, const scalar *b)
{
  return (int) (1 ^ ct_is_nonzero_u64 ((a->v[0] ^ b->v[0])
                                       | (a->v[1] ^ b->v[1])
                                       | (a->v[2] ^ b->v[2])
                                       | (a->v[3] ^ b->v[3])));
}

int
_kc_p256_scalar_is_high (const scalar *a)
{
  uint64_t d[4];
  unsigned char br = 0;
  int j;

  /* (n-1)/2 - a borrows iff a > (n-1)/2 */
  for (j = 0; j < 4; j++)
    d[j] = _kc_sbb (half_n[j], a->v[j], &br);
  (void) d;
  return br;
}

void
_kc_p256_scalar_add (scalar *r, const scalar *a, const scalar *b)
{
  uint64_t t[4];
  unsigned char c = 0;
  int j;

  SC_CHECK (a);
  SC_CHECK (b);
  for (j = 0; j < 4; j++)
    t[j] = _kc_adc (a->v[j], b->v[j], &c);
  reduce_once (r, t, c);
}

void
_kc_p256_scalar_neg (scalar *r, const scalar *a)
{
  uint64_t t[4], nz;
  unsigned char br = 0;
  int j;

  SC_CHECK (a);
  /* n - a, and 0 for a = 0 */
  nz = ct_mask_nonzero_u64 (a->v[0] | a->v[1] | a->v[2] | a->v[3]);
  for (j = 0; j < 4; j++)
    t[j] = _kc_sbb (N->m[j], a->v[j], &br);
  for (j = 0; j < 4; j++)
    r->v[j] = t[j] & nz;
}

void
_kc_p256_scalar_cond_neg (scalar *r, int flag)
{
  scalar t;
  _kc_p256_scalar_neg (&t, r);
  ct_cmov_u64 (r->v, t.v, 4, (uint64_t) flag);
}

void
_kc_p256_scalar_mul (scalar *r, const scalar *a, const scalar *b)
{
  uint64_t t[4];

  SC_CHECK (a);
  SC_CHECK (b);
  /* a b R^-1, then (a b R^-1)(R^2) R^-1 = a b */
  _kc_mont_mul_redc_4 (t, a->v, b->v, N->m, N->m0inv);
  _kc_mont_mul_redc_4 (r->v, t, N->r2, N->m, N->m0inv);
  wipememory (t, sizeof t);
}

void
_kc_p256_scalar_inv (scalar *r, const scalar *a)
{
  SC_CHECK (a);
  _kc_modinv256 (r->v, a->v, &inv_n);
}

void
_kc_p256_scalar_inv_var (scalar *r, const scalar *a)
{
  SC_CHECK (a);
  _kc_modinv256_var (r->v, a->v, &inv_n);
}

unsigned int
_kc_p256_scalar_bits (const scalar *a, unsigned int pos, unsigned int count)
{
  unsigned int limb = pos / 64, sh = pos % 64;
  uint64_t w = a->v[limb] >> sh;
  /* the next limb when the field crosses a limb boundary (public test) */
  if (sh + count > 64)
    w |= a->v[limb + 1] << (64 - sh);
  return (unsigned int) (w & (((uint64_t) 1 << count) - 1));
}
