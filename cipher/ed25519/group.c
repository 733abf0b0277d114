/* ed25519/group.c - the Ed25519 group: point formulas, encoding, the
 * fixed-base comb and the variable-time multiplications.  Contracts in
 * ed25519/group.h.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Bounds (field-5x51.h): point coordinates, products and table entries
 * are carried; a sum or difference of two of them goes into a product
 * directly; where a sum of a sum would exceed a product's 2^54 it is
 * carried first (noted at the line).
 */
#include "kcrypt-int.h"
#include "ed25519/group.h"
#include "ed25519/x86_64/adx.h"
#include "ed25519/x86_64/ifma.h"

typedef _kc_fe51 fe;
typedef _kc_ed25519_ge ge;
typedef _kc_ed25519_niels niels;
typedef _kc_ed25519_cached cached;
typedef _kc_ed25519_sc sc;

static void
fe_one (fe *r)
{
  memset (r, 0, sizeof *r);
  r->v[0] = 1;
}

/* the portable instance of the formulas, the comb and the wNAF
 * multiplications, over group.h's types */
#define GI_HAVE_TYPES
#define port_ge _kc_ed25519_ge
#define port_niels _kc_ed25519_niels
#define port_cached _kc_ed25519_cached
#define GI_FE _kc_fe51
#define GI_MUL _kc_fe51_mul
#define GI_SQ _kc_fe51_sq
#define GI_ADD _kc_fe51_add
#define GI_SUB _kc_fe51_sub
#define GI_CARRY(r) _kc_fe51_carry ((r), (r))
#define GI_NEG _kc_fe51_neg
#define GI_ONE fe_one
#define GI_D2 (&_kc_ed25519_d2)
#define GI_NIELS(r, t) (*(r) = *(t))
#define GI_IN(r, a) (*(r) = *(a))
#define GI_OUT(r, a) (*(r) = *(a))
#define GI_N(name) port_##name
#define GI_FN static
#include "ed25519/group-impl.h"

typedef port_p1p1 p1p1;

void
_kc_ed25519_ge_identity (ge *r)
{
  port_identity (r);
}

void
_kc_ed25519_ge_add (ge *r, const ge *a, const ge *b)
{
  cached c;
  p1p1 t;
  port_to_cached (&c, b);
  port_add_cached (&t, a, &c, 0);
  port_to_p3 (r, &t);
}

void
_kc_ed25519_ge_dbl (ge *r, const ge *a)
{
  p1p1 t;
  port_dbl_p3 (&t, a);
  port_to_p3 (r, &t);
}

void
_kc_ed25519_ge_neg (ge *r, const ge *a)
{
  _kc_fe51_neg (&r->X, &a->X);
  _kc_fe51_carry (&r->X, &r->X);
  r->Y = a->Y;
  r->Z = a->Z;
  _kc_fe51_neg (&r->T, &a->T);
  _kc_fe51_carry (&r->T, &r->T);
}

int
_kc_ed25519_ge_is_identity_var (const ge *a)
{
  fe t;
  _kc_fe51_sub (&t, &a->Y, &a->Z);
  return _kc_fe51_iszero (&a->X) && _kc_fe51_iszero (&t);
}

static void
tobytes (unsigned char s[32], const ge *a, int var)
{
  fe zi, x, y;

  _kc_fe51_inv (&zi, &a->Z, var);
  _kc_fe51_mul (&x, &a->X, &zi);
  _kc_fe51_mul (&y, &a->Y, &zi);
  _kc_fe51_tobytes (s, &y);
  s[31] ^= (unsigned char) (_kc_fe51_isodd (&x) << 7);
  wipememory (&zi, sizeof zi);
  wipememory (&x, sizeof x);
  wipememory (&y, sizeof y);
}

void
_kc_ed25519_ge_tobytes (unsigned char s[32], const ge *a)
{
  tobytes (s, a, 0);
}

void
_kc_ed25519_ge_tobytes_var (unsigned char s[32], const ge *a)
{
  tobytes (s, a, 1);
}

void
_kc_ed25519_ge_tobytes2 (unsigned char s[32], const ge *a,
                         unsigned char t[32], const ge *b)
{
  fe zz, zi, x, y;

  _kc_fe51_mul (&zz, &a->Z, &b->Z);
  _kc_fe51_inv (&zz, &zz, 0);                   /* 1 / (Za Zb) */
  _kc_fe51_mul (&zi, &zz, &b->Z);               /* 1 / Za */
  _kc_fe51_mul (&x, &a->X, &zi);
  _kc_fe51_mul (&y, &a->Y, &zi);
  _kc_fe51_tobytes (s, &y);
  s[31] ^= (unsigned char) (_kc_fe51_isodd (&x) << 7);
  _kc_fe51_mul (&zi, &zz, &a->Z);               /* 1 / Zb */
  _kc_fe51_mul (&x, &b->X, &zi);
  _kc_fe51_mul (&y, &b->Y, &zi);
  _kc_fe51_tobytes (t, &y);
  t[31] ^= (unsigned char) (_kc_fe51_isodd (&x) << 7);
  wipememory (&zz, sizeof zz);
  wipememory (&zi, sizeof zi);
  wipememory (&x, sizeof x);
  wipememory (&y, sizeof y);
}

void
_kc_ed25519_ge_to_montgomery (unsigned char u[32], const ge *a)
{
  fe n, d;

  _kc_fe51_add (&n, &a->Z, &a->Y);              /* Z (1 + y) */
  _kc_fe51_sub (&d, &a->Z, &a->Y);              /* Z (1 - y) */
  _kc_fe51_inv (&d, &d, 0);
  _kc_fe51_mul (&n, &n, &d);
  _kc_fe51_tobytes (u, &n);
  wipememory (&n, sizeof n);
  wipememory (&d, sizeof d);
}

int
_kc_ed25519_noncanonical_y_var (const unsigned char s[32])
{
  int i;
  if ((s[31] & 0x7f) != 0x7f)
    return 0;
  for (i = 30; i > 0; i--)
    if (s[i] != 0xff)
      return 0;
  return s[0] >= 0xed;
}

int
_kc_ed25519_small_order_var (const unsigned char s[32])
{
  int k;
  for (k = 0; k < 5; k++)
    {
      const unsigned char *y = _kc_ed25519_small_y[k];
      if (!memcmp (s, y, 31) && (s[31] & 0x7f) == y[31])
        return 1;
    }
  return 0;
}

int
_kc_ed25519_ge_frombytes_var (ge *r, const unsigned char s[32])
{
  fe one, yy, u, v, v3, vxx, t;
  unsigned int sign = s[31] >> 7;

  if (_kc_ed25519_noncanonical_y_var (s))
    return 0;
  fe_one (&one);
  _kc_fe51_frombytes (&r->Y, s);
  fe_one (&r->Z);
  _kc_fe51_sq (&yy, &r->Y);
  _kc_fe51_sub (&u, &yy, &one);
  _kc_fe51_carry (&u, &u);                      /* u = y^2 - 1 */
  _kc_fe51_mul (&v, &yy, &_kc_ed25519_d);
  _kc_fe51_add (&v, &v, &one);
  _kc_fe51_carry (&v, &v);                      /* v = d y^2 + 1 */
  /* x = u v^3 (u v^7)^((p-5)/8) */
  _kc_fe51_sq (&v3, &v);
  _kc_fe51_mul (&v3, &v3, &v);
  _kc_fe51_sq (&t, &v3);
  _kc_fe51_mul (&t, &t, &v);
  _kc_fe51_mul (&t, &t, &u);                    /* u v^7 */
  _kc_fe51_pow22523 (&t, &t);
  _kc_fe51_mul (&t, &t, &v3);
  _kc_fe51_mul (&r->X, &t, &u);
  _kc_fe51_sq (&vxx, &r->X);
  _kc_fe51_mul (&vxx, &vxx, &v);
  _kc_fe51_sub (&t, &vxx, &u);
  if (!_kc_fe51_iszero (&t))
    {
      _kc_fe51_add (&t, &vxx, &u);
      if (!_kc_fe51_iszero (&t))
        return 0;                               /* not on the curve */
      _kc_fe51_mul (&r->X, &r->X, &_kc_ed25519_sqrtm1);
    }
  if (_kc_fe51_iszero (&r->X) && sign)
    return 0;                                   /* "-0" */
  if (_kc_fe51_isodd (&r->X) != sign)
    {
      _kc_fe51_neg (&r->X, &r->X);
      _kc_fe51_carry (&r->X, &r->X);
    }
  _kc_fe51_mul (&r->T, &r->X, &r->Y);
  return 1;
}

/* ------------------------------------------------------------ the comb */

void
_kc_ed25519_comb_digits (signed char e[64], const unsigned char a[32])
{
  signed char carry = 0;
  int i;

  KC_VERIFY_CHECK (a[31] <= 127);
  for (i = 0; i < 32; i++)
    {
      e[2 * i] = (signed char) (a[i] & 15);
      e[2 * i + 1] = (signed char) (a[i] >> 4);
    }
  /* digits in [-8, 8): e[i] in [0, 15], plus a carry of 0 or 1 */
  for (i = 0; i < 63; i++)
    {
      e[i] = (signed char) (e[i] + carry);
      carry = (signed char) ((e[i] + 8) >> 4);
      e[i] = (signed char) (e[i] - (carry << 4));
    }
  e[63] = (signed char) (e[63] + carry);        /* at most 8 */
}

/* ------------------------------------------- the portable row */

/* The portable instance's multiplications, for the table of rows in
 * ed25519/group-rows.c (kept apart from this file, which the other
 * rows' files use, so that no link cycle runs through the table). */
void
_kc_ed25519_base_port (ge *r, const unsigned char a[32])
{
  port_scalarmult_base (r, a);
}

void
_kc_ed25519_dsm_port_var (ge *r, const sc *a, const ge *p, const sc *b)
{
  port_double_scalarmult_var (r, a, p, b);
}

void
_kc_ed25519_msm_port_var (ge *r, const sc *g, const ge *const *pl,
                          const sc *sl, const ge *const *ps, const sc *ss,
                          size_t n)
{
  port_msm_var (r, g, pl, sl, ps, ss, n);
}
