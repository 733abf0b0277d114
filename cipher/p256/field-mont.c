/* p256/field-mont.c - the P-256 field on mpi/'s Montgomery kernels.
 * Contracts in p256/field-mont.h.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "p256/field-mont.h"
#include "mont.h"
#include "modinv.h"
#include "moduli.h"
#include "bufhelp.h"

typedef _kc_p256_fe fe;

#ifdef KC_P256_EXHAUSTIVE
/* The small prime field of tests/t-p256-exhaustive.c, set up there. */
extern _kc_modinv256_modulus _kc_p256_exh_inv;
# define FIELD (&_kc_p256_exh_field)
# define FIELD_INV (&_kc_p256_exh_inv)
#else
# define FIELD (&_kc_modulus_p256_p)
/* p = -1 + 2^34 2^62 + (2^6 - 2^38) 2^186 + 2^8 2^248 in signed62 limbs
 * (one zero limb), and p^-1 mod 2^62. */
static const _kc_modinv256_modulus inv_p = {
  { -1LL, 0x400000000LL, 0, -0x3fffffffc0LL, 0x100 },
  0x3fffffffffffffffULL
};
# define FIELD_INV (&inv_p)
#endif
/* the products: p's own reduction, or the generic kernels (field-mont.h) */
#define MONT_MUL KC_P256_FE_MUL
#define MONT_SQR KC_P256_FE_SQR
#define FE_CHECK KC_P256_FE_CHECK

void
_kc_p256_fe_mul (fe *r, const fe *a, const fe *b)
{
  _kc_p256_fe_mul_inl (r, a, b);
}

void
_kc_p256_fe_sqr (fe *r, const fe *a)
{
  _kc_p256_fe_sqr_inl (r, a);
}


void
_kc_p256_fe_add (fe *r, const fe *a, const fe *b)
{
  _kc_p256_fe_add_inl (r, a, b);
}

void
_kc_p256_fe_sub (fe *r, const fe *a, const fe *b)
{
  _kc_p256_fe_sub_inl (r, a, b);
}

void
_kc_p256_fe_neg (fe *r, const fe *a)
{
  fe z;
  memset (&z, 0, sizeof z);
  _kc_p256_fe_sub (r, &z, a);
}

/* (aR)^-1 is a^-1 R^-1: out of Montgomery form first (one reduction by
 * 1), invert the value, and back in (times R^2). */
static void
fe_inv_with (fe *r, const fe *a, int var)
{
  uint64_t one[4] = { 1, 0, 0, 0 }, t[4];

  FE_CHECK (a);
  MONT_MUL (t, a->v, one);
  if (var)
    _kc_modinv256_var (t, t, FIELD_INV);
  else
    _kc_modinv256 (t, t, FIELD_INV);
  MONT_MUL (r->v, t, FIELD->r2);
  wipememory (t, sizeof t);
}

void
_kc_p256_fe_inv (fe *r, const fe *a)
{
  fe_inv_with (r, a, 0);
}

void
_kc_p256_fe_inv_var (fe *r, const fe *a)
{
  fe_inv_with (r, a, 1);
}

int
_kc_p256_fe_sqrt (fe *r, const fe *a)
{
  uint64_t e[4], c = 1;
  fe acc, chk;
  int i, j, started = 0;

  /* e = (p + 1)/4 = floor(p/4) + 1 for p = 3 mod 4; public, so the
   * square-and-multiply branches on its bits only. */
  for (j = 0; j < 4; j++)
    {
      uint64_t w = FIELD->m[j] >> 2;
      if (j < 3)
        w |= FIELD->m[j + 1] << 62;
      e[j] = _kc_addc64 (&c, w, 0, c);
    }
  memcpy (acc.v, FIELD->r, sizeof acc.v);
  for (i = 255; i >= 0; i--)
    {
      if (started)
        _kc_p256_fe_sqr (&acc, &acc);
      if ((e[i / 64] >> (i % 64)) & 1)
        {
          _kc_p256_fe_mul (&acc, &acc, a);
          started = 1;
        }
    }
  _kc_p256_fe_sqr (&chk, &acc);
  *r = acc;
  return _kc_p256_fe_eq (&chk, a);
}

int
_kc_p256_fe_set_b32 (fe *r, const unsigned char b[32])
{
  uint64_t t[4], d[4], mask;
  unsigned char br = 0;
  int j, ok;

  for (j = 0; j < 4; j++)
    t[j] = buf_get_be64 (b + 24 - 8 * j);
  for (j = 0; j < 4; j++)
    d[j] = _kc_sbb (t[j], FIELD->m[j], &br);
  ok = br;                              /* borrowed: B < p */
  mask = ct_mask_from_flag_u64 (br);
  for (j = 0; j < 4; j++)
    t[j] = ct_select_u64 (mask, t[j], d[j]);
  /* B < 2^256 < 2p, so one subtraction reduces it */
  MONT_MUL (r->v, t, FIELD->r2);
  return ok;
}

void
_kc_p256_fe_get_b32 (unsigned char b[32], const fe *a)
{
  uint64_t one[4] = { 1, 0, 0, 0 }, t[4];
  int j;

  FE_CHECK (a);
  MONT_MUL (t, a->v, one);
  for (j = 0; j < 4; j++)
    buf_put_be64 (b + 24 - 8 * j, t[j]);
}

void
_kc_p256_fe_set_int (fe *r, unsigned int v)
{
  uint64_t t[4] = { v, 0, 0, 0 };
  MONT_MUL (r->v, t, FIELD->r2);
}

int
_kc_p256_fe_is_zero (const fe *a)
{
  return (int) (1 ^ ct_is_nonzero_u64 (a->v[0] | a->v[1] | a->v[2]
                                       | a->v[3]));
}

int
_kc_p256_fe_eq (const fe *a, const fe *b)
{
  /* both fully reduced: equal values have equal limbs */
  return (int) (1 ^ ct_is_nonzero_u64 ((a->v[0] ^ b->v[0])
                                       | (a->v[1] ^ b->v[1])
                                       | (a->v[2] ^ b->v[2])
                                       | (a->v[3] ^ b->v[3])));
}

int
_kc_p256_fe_is_odd (const fe *a)
{
  uint64_t one[4] = { 1, 0, 0, 0 }, t[4];
  MONT_MUL (t, a->v, one);
  return (int) (t[0] & 1);
}

void
_kc_p256_fe_cmov (fe *r, const fe *a, int flag)
{
  ct_cmov_u64 (r->v, a->v, 4, (uint64_t) flag);
}
