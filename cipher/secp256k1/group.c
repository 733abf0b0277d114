/* secp256k1/group.c - affine and Jacobian point arithmetic.  Contracts in
 * secp256k1/group.h; (m) after an intermediate is its field magnitude.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "bufhelp.h"
#include "secp256k1/group.h"
#include "secp256k1/x86_64/field-4x64.h"

typedef _kc_secp256k1_fe fe;
typedef _kc_secp256k1_ge ge;
typedef _kc_secp256k1_gej gej;

/* The curve is y^2 = x^3 + KC_SECP256K1_B.  tests/t-secp256k1-exhaustive.c
 * compiles this file again with KC_SECP256K1_EXHAUSTIVE and its own B (a
 * twist with a subgroup of small order, whose generator the test keeps);
 * the library build is the one below. */
#ifndef KC_SECP256K1_B
# define KC_SECP256K1_B 7
#endif

#ifndef KC_SECP256K1_EXHAUSTIVE
const _kc_secp256k1_ge _kc_secp256k1_ge_g = {
  KC_FE_CONST (0x79BE667E, 0xF9DCBBAC, 0x55A06295, 0xCE870B07,
               0x029BFCDB, 0x2DCE28D9, 0x59F2815B, 0x16F81798),
  KC_FE_CONST (0x483ADA77, 0x26A3C465, 0x5DA4FBFC, 0x0E1108A8,
               0xFD17B448, 0xA6855419, 0x9C47D08F, 0xFB10D4B8),
  0
};
#endif

const _kc_secp256k1_fe _kc_secp256k1_fe_beta =
  KC_FE_CONST (0x7AE96A2B, 0x657C0710, 0x6E64479E, 0xAC3434E9,
               0x9CF04975, 0x12F58995, 0xC1396C28, 0x719501EE);

void
_kc_secp256k1_ge_set_xy (ge *r, const fe *x, const fe *y)
{
  r->x = *x;
  r->y = *y;
  r->infinity = 0;
}

int
_kc_secp256k1_ge_is_valid_var (const ge *a)
{
  fe y2, x3;
  if (a->infinity)
    return 0;
  _kc_secp256k1_fe_sqr (&y2, &a->y);          /* (1) */
  _kc_secp256k1_fe_sqr (&x3, &a->x);          /* (1) */
  _kc_secp256k1_fe_mul (&x3, &x3, &a->x);     /* (1) */
  {
    fe b;
    _kc_secp256k1_fe_set_int (&b, KC_SECP256K1_B);
    _kc_secp256k1_fe_add (&x3, &b);           /* (2) */
  }
  _kc_secp256k1_fe_negate (&y2, &y2, 1);      /* (2) */
  _kc_secp256k1_fe_add (&y2, &x3);            /* (4) */
  return _kc_secp256k1_fe_normalizes_to_zero_var (&y2);
}

#ifdef KC_LIMB_ADX
/* 1 if the limbs of A are below p (p's top three limbs are all ones). */
static inline int
fe64_below_p (const _kc_fe64 *a)
{
  return (a->n[3] & a->n[2] & a->n[1]) != ~(uint64_t) 0
         || a->n[0] < 0xFFFFFFFEFFFFFC2FULL;
}

/* x < p, y < p and y^2 = x^3 + 7 on the 4x64 MULX/ADX field, for the
 * big-endian X || Y of B (the range checks on the limbs loaded for the
 * arithmetic, not two memcmp calls before it).  The square of y and of x
 * are independent, so the chain is a square, a product and the
 * comparison: on AMD Zen 5 the key pair accessors' check 34 -> 25 ns
 * (doc/MEASUREMENTS).  Variable time.
 * Out of line: the one function of this file with MULX/ADX
 * (t-isa-gates' row). */
static KC_NOINLINE int
is_valid_b64_fe64 (const unsigned char b[64])
{
  _kc_fe64 x, y, x3, y2, seven;
  int i;

  for (i = 0; i < 4; i++)
    {
      x.n[i] = buf_get_be64 (b + 24 - 8 * i);
      y.n[i] = buf_get_be64 (b + 56 - 8 * i);
    }
  if (!fe64_below_p (&x) || !fe64_below_p (&y))
    return 0;
  _kc_fe64_sqr (&y2, &y);
  _kc_fe64_sqr (&x3, &x);
  _kc_fe64_mul (&x3, &x3, &x);
  _kc_fe64_set_int (&seven, KC_SECP256K1_B);
  _kc_fe64_add (&x3, &x3, &seven);
  _kc_fe64_sub (&y2, &y2, &x3);
  return _kc_fe64_is_zero_var (&y2);
}
#endif

int
_kc_secp256k1_b32_below_p (const unsigned char b[32])
{
  static const unsigned char p_be[32] = {
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
    0xFF, 0xFF, 0xFF, 0xFE, 0xFF, 0xFF, 0xFC, 0x2F };
  return memcmp (b, p_be, 32) < 0;
}

int
_kc_secp256k1_b64_is_valid_var (const unsigned char b[64])
{
  ge r;
#ifdef KC_LIMB_ADX
  if (_kc_fe64_chosen ())
    return is_valid_b64_fe64 (b);
#endif
  return _kc_secp256k1_ge_set_b64_var (&r, b);
}

int
_kc_secp256k1_ge_set_b64_var (ge *r, const unsigned char b[64])
{
  fe x, y;
  if (!_kc_secp256k1_fe_set_b32_limit (&x, b)
      || !_kc_secp256k1_fe_set_b32_limit (&y, b + 32))
    return 0;
  _kc_secp256k1_ge_set_xy (r, &x, &y);
#ifdef KC_LIMB_ADX
  if (_kc_fe64_chosen ())
    return is_valid_b64_fe64 (b);
#endif
  return _kc_secp256k1_ge_is_valid_var (r);
}

int
_kc_secp256k1_fe_sqrt_chosen (fe *r, const fe *a)
{
#ifdef KC_LIMB_ADX
  if (_kc_fe64_chosen ())
    return _kc_fe64_sqrt (r, a);
#endif
  return _kc_secp256k1_fe_sqrt (r, a);
}

void
_kc_secp256k1_fe_pow_p34_chosen (fe *r, const fe *a)
{
#ifdef KC_LIMB_ADX
  if (_kc_fe64_chosen ())
    {
      _kc_fe64_pow_p34 (r, a);
      return;
    }
#endif
  _kc_secp256k1_fe_pow_p34 (r, a);
}

int
_kc_secp256k1_ge_set_xo_var (ge *r, const fe *x, int odd)
{
  fe x3, b;
  r->x = *x;
  _kc_secp256k1_fe_normalize_var (&r->x);
  _kc_secp256k1_fe_sqr (&x3, &r->x);
  _kc_secp256k1_fe_mul (&x3, &x3, &r->x);
  _kc_secp256k1_fe_set_int (&b, KC_SECP256K1_B);
  _kc_secp256k1_fe_add (&x3, &b);             /* (2) */
  r->infinity = 0;
  if (!_kc_secp256k1_fe_sqrt_chosen (&r->y, &x3))
    return 0;
  if (_kc_secp256k1_fe_is_odd (&r->y) != odd)
    {
      _kc_secp256k1_fe_negate (&r->y, &r->y, 1);
      _kc_secp256k1_fe_normalize_var (&r->y);
    }
  return 1;
}

void
_kc_secp256k1_ge_neg (ge *r, const ge *a)
{
  *r = *a;
  _kc_secp256k1_fe_negate (&r->y, &a->y, 1);  /* (2) */
  _kc_secp256k1_fe_normalize_weak (&r->y);    /* (1) */
}

void
_kc_secp256k1_ge_mul_lambda (ge *r, const ge *a)
{
  *r = *a;
  _kc_secp256k1_fe_mul (&r->x, &a->x, &_kc_secp256k1_fe_beta);
}

void
_kc_secp256k1_gej_set_infinity (gej *r)
{
  _kc_secp256k1_fe_clear (&r->x);
  _kc_secp256k1_fe_clear (&r->y);
  _kc_secp256k1_fe_clear (&r->z);
  r->infinity = 1;
}

void
_kc_secp256k1_gej_set_ge (gej *r, const ge *a)
{
  r->x = a->x;
  r->y = a->y;
  _kc_secp256k1_fe_set_int (&r->z, 1);
  r->infinity = a->infinity;
}

void
_kc_secp256k1_ge_set_gej_zinv (ge *r, const gej *a, const fe *zi)
{
  fe zi2;
  _kc_secp256k1_fe_sqr (&zi2, zi);
  _kc_secp256k1_fe_mul (&r->x, &a->x, &zi2);
  _kc_secp256k1_fe_mul (&zi2, &zi2, zi);
  _kc_secp256k1_fe_mul (&r->y, &a->y, &zi2);
  _kc_secp256k1_fe_normalize (&r->x);
  _kc_secp256k1_fe_normalize (&r->y);
  r->infinity = a->infinity;
  wipememory (&zi2, sizeof zi2);
}

void
_kc_secp256k1_ge_set_gej (ge *r, const gej *a)
{
  fe zi;
  _kc_secp256k1_fe_inv (&zi, &a->z);            /* (1) */
  _kc_secp256k1_ge_set_gej_zinv (r, a, &zi);
  wipememory (&zi, sizeof zi);
}

void
_kc_secp256k1_ge_set_gej_var (ge *r, const gej *a)
{
  fe zi, zi2;
  r->infinity = a->infinity;
  if (a->infinity)
    return;
  _kc_secp256k1_fe_inv_var (&zi, &a->z);
  _kc_secp256k1_fe_sqr (&zi2, &zi);
  _kc_secp256k1_fe_mul (&r->x, &a->x, &zi2);
  _kc_secp256k1_fe_mul (&zi2, &zi2, &zi);
  _kc_secp256k1_fe_mul (&r->y, &a->y, &zi2);
  _kc_secp256k1_fe_normalize_var (&r->x);
  _kc_secp256k1_fe_normalize_var (&r->y);
}

void
_kc_secp256k1_gej_neg (gej *r, const gej *a)
{
  *r = *a;
  _kc_secp256k1_fe_negate (&r->y, &a->y, 4);  /* (5) */
  _kc_secp256k1_fe_normalize_weak (&r->y);    /* (1) */
}

int
_kc_secp256k1_gej_eq_x_var (const fe *x, const gej *a)
{
  fe r, t;
  _kc_secp256k1_fe_sqr (&r, &a->z);           /* (1) */
  _kc_secp256k1_fe_mul (&r, &r, x);           /* (1) */
  _kc_secp256k1_fe_negate (&t, &a->x, 4);     /* (5) */
  _kc_secp256k1_fe_add (&r, &t);              /* (6) */
  return _kc_secp256k1_fe_normalizes_to_zero_var (&r);
}

/* Doubling, a = 0, in the halved form (the usual result scaled by 1/2
 * in Jacobian terms, (X, Y, Z) ~ (X/4, Y/8, Z/2)):  L = 3X^2/2,
 * S = Y^2, T = X S,  X3 = L^2 - 2T,  Y3 = -(L (X3 - T) + S^2),
 * Z3 = Y Z.   3M + 4S, one halving instead of the factors 2, 4 and 8,
 * and no weak normalization. */
void
_kc_secp256k1_gej_double (gej *r, const gej *a)
{
  fe l, s, t, u;

  r->infinity = a->infinity;
  _kc_secp256k1_fe_sqr (&l, &a->x);             /* X^2 (1) */
  _kc_secp256k1_fe_mul_int (&l, 3);             /* 3X^2 (3) */
  _kc_secp256k1_fe_half (&l);                   /* L (2) */
  _kc_secp256k1_fe_sqr (&s, &a->y);             /* S (1) */
  _kc_secp256k1_fe_mul (&t, &s, &a->x);         /* T (1) */
  _kc_secp256k1_fe_mul (&r->z, &a->z, &a->y);   /* Z3 (1); R may alias A */
  _kc_secp256k1_fe_negate (&u, &t, 1);          /* -T (2) */
  _kc_secp256k1_fe_mul_int (&t, 2);             /* 2T (2) */
  _kc_secp256k1_fe_negate (&t, &t, 2);          /* -2T (3) */
  _kc_secp256k1_fe_sqr (&r->x, &l);             /* L^2 (1) */
  _kc_secp256k1_fe_add (&r->x, &t);             /* X3 (4) */
  _kc_secp256k1_fe_add (&u, &r->x);             /* X3 - T (6) */
  _kc_secp256k1_fe_mul (&r->y, &u, &l);         /* (1) */
  _kc_secp256k1_fe_sqr (&s, &s);                /* S^2 (1) */
  _kc_secp256k1_fe_add (&r->y, &s);             /* (2) */
  _kc_secp256k1_fe_negate (&r->y, &r->y, 2);    /* Y3 (3) */
}

void
_kc_secp256k1_gej_double_var (gej *r, const gej *a)
{
  if (a->infinity)
    {
      _kc_secp256k1_gej_set_infinity (r);
      return;
    }
  _kc_secp256k1_gej_double (r, a);
}

/* General addition:  U1 = X1 Z2^2, U2 = X2 Z1^2, S1 = Y1 Z2^3,
 * S2 = Y2 Z1^3, H = U2 - U1, R = S2 - S1,
 *   X3 = R^2 - H^3 - 2 U1 H^2,  Y3 = R (U1 H^2 - X3) - S1 H^3,
 *   Z3 = Z1 Z2 H.   12M + 4S. */
void
_kc_secp256k1_gej_add_var (gej *r, const gej *a, const gej *b)
{
  fe z22, z12, u1, u2, s1, s2, h, rr, h2, h3, v, t;

  if (a->infinity)
    {
      *r = *b;
      return;
    }
  if (b->infinity)
    {
      *r = *a;
      return;
    }
  _kc_secp256k1_fe_sqr (&z22, &b->z);           /* (1) */
  _kc_secp256k1_fe_sqr (&z12, &a->z);           /* (1) */
  _kc_secp256k1_fe_mul (&u1, &a->x, &z22);      /* (1) */
  _kc_secp256k1_fe_mul (&u2, &b->x, &z12);      /* (1) */
  _kc_secp256k1_fe_mul (&s1, &a->y, &z22);
  _kc_secp256k1_fe_mul (&s1, &s1, &b->z);       /* (1) */
  _kc_secp256k1_fe_mul (&s2, &b->y, &z12);
  _kc_secp256k1_fe_mul (&s2, &s2, &a->z);       /* (1) */
  _kc_secp256k1_fe_negate (&h, &u1, 1);         /* (2) */
  _kc_secp256k1_fe_add (&h, &u2);               /* H (3) */
  _kc_secp256k1_fe_negate (&rr, &s1, 1);        /* (2) */
  _kc_secp256k1_fe_add (&rr, &s2);              /* R (3) */
  if (_kc_secp256k1_fe_normalizes_to_zero_var (&h))
    {
      if (_kc_secp256k1_fe_normalizes_to_zero_var (&rr))
        _kc_secp256k1_gej_double (r, a);
      else
        _kc_secp256k1_gej_set_infinity (r);
      return;
    }
  _kc_secp256k1_fe_sqr (&h2, &h);               /* (1) */
  _kc_secp256k1_fe_mul (&h3, &h, &h2);          /* (1) */
  _kc_secp256k1_fe_mul (&r->z, &a->z, &b->z);   /* (1) */
  _kc_secp256k1_fe_mul (&r->z, &r->z, &h);      /* Z3 (1) */
  _kc_secp256k1_fe_mul (&v, &u1, &h2);          /* V = U1 H^2 (1) */
  _kc_secp256k1_fe_sqr (&r->x, &rr);            /* R^2 (1) */
  _kc_secp256k1_fe_negate (&t, &h3, 1);         /* (2) */
  _kc_secp256k1_fe_add (&r->x, &t);             /* (3) */
  _kc_secp256k1_fe_negate (&t, &v, 1);          /* (2) */
  _kc_secp256k1_fe_mul_int (&t, 2);             /* (4) */
  _kc_secp256k1_fe_add (&r->x, &t);             /* X3 (7) */
  _kc_secp256k1_fe_normalize_weak (&r->x);      /* X3 (1) */
  _kc_secp256k1_fe_negate (&t, &r->x, 1);       /* (2) */
  _kc_secp256k1_fe_add (&t, &v);                /* V - X3 (3) */
  _kc_secp256k1_fe_mul (&r->y, &rr, &t);        /* (1) */
  _kc_secp256k1_fe_mul (&t, &s1, &h3);          /* (1) */
  _kc_secp256k1_fe_negate (&t, &t, 1);          /* (2) */
  _kc_secp256k1_fe_add (&r->y, &t);             /* Y3 (3) */
  r->infinity = 0;
}

/* Mixed addition (Z2 = 1):  U2 = X2 Z1^2, S2 = Y2 Z1^3, H = U2 - X1,
 * R = S2 - Y1,  X3 = R^2 - H^3 - 2 X1 H^2,
 * Y3 = R (X1 H^2 - X3) - Y1 H^3,  Z3 = Z1 H.   8M + 3S, in two halves so
 * that the callers test H and R for the degenerate cases before the rest
 * is computed, and the rest is written straight into the result.
 * add_ge_hr: H and R.  ZU is the Z that brings B to A's frame: A's Z for
 * an affine B, or A's Z times 1/Z_B for B = (x : y : Z_B) (see
 * add_zinv_var).  Constant time. */
static void
add_ge_hr (fe *h, fe *rr, const gej *a, const ge *b, const fe *zu)
{
  fe z12, u2, s2;

  _kc_secp256k1_fe_sqr (&z12, zu);              /* (1) */
  _kc_secp256k1_fe_mul (&u2, &b->x, &z12);      /* (1) */
  _kc_secp256k1_fe_mul (&s2, &b->y, &z12);
  _kc_secp256k1_fe_mul (&s2, &s2, zu);          /* (1) */
  _kc_secp256k1_fe_negate (h, &a->x, 4);        /* (5) */
  _kc_secp256k1_fe_add (h, &u2);                /* H (6) */
  _kc_secp256k1_fe_negate (rr, &a->y, 4);       /* (5) */
  _kc_secp256k1_fe_add (rr, &s2);               /* R (6) */
}

/* The second half: R = A + B from A and the H, RR of add_ge_hr (H not
 * zero).  Reads all of A before it writes R, so R may alias A.  Constant
 * time. */
static void
add_ge_finish (gej *r, const gej *a, const fe *h, const fe *rr)
{
  fe h2, h3, v, w, t;

  _kc_secp256k1_fe_sqr (&h2, h);                /* (1) */
  _kc_secp256k1_fe_mul (&h3, h, &h2);           /* (1) */
  _kc_secp256k1_fe_mul (&v, &a->x, &h2);        /* V = X1 H^2 (1) */
  _kc_secp256k1_fe_mul (&w, &a->y, &h3);        /* Y1 H^3 (1) */
  _kc_secp256k1_fe_mul (&r->z, &a->z, h);       /* Z3 (1); last read of A */
  _kc_secp256k1_fe_sqr (&r->x, rr);             /* R^2 (1) */
  _kc_secp256k1_fe_negate (&t, &h3, 1);         /* (2) */
  _kc_secp256k1_fe_add (&r->x, &t);             /* (3) */
  _kc_secp256k1_fe_negate (&t, &v, 1);          /* (2) */
  _kc_secp256k1_fe_mul_int (&t, 2);             /* (4) */
  _kc_secp256k1_fe_add (&r->x, &t);             /* X3 (7) */
  _kc_secp256k1_fe_normalize_weak (&r->x);      /* X3 (1) */
  _kc_secp256k1_fe_negate (&t, &r->x, 1);       /* (2) */
  _kc_secp256k1_fe_add (&t, &v);                /* V - X3 (3) */
  _kc_secp256k1_fe_mul (&r->y, rr, &t);         /* (1) */
  _kc_secp256k1_fe_negate (&w, &w, 1);          /* (2) */
  _kc_secp256k1_fe_add (&r->y, &w);             /* Y3 (3) */
  r->infinity = 0;
}

void
_kc_secp256k1_gej_add_ge_var (gej *r, const gej *a, const ge *b)
{
  fe h, rr;
  if (a->infinity)
    {
      _kc_secp256k1_gej_set_ge (r, b);
      return;
    }
  if (b->infinity)
    {
      *r = *a;
      return;
    }
  add_ge_hr (&h, &rr, a, b, &a->z);
  if (_kc_secp256k1_fe_normalizes_to_zero_var (&h))
    {
      if (_kc_secp256k1_fe_normalizes_to_zero_var (&rr))
        _kc_secp256k1_gej_double (r, a);
      else
        _kc_secp256k1_gej_set_infinity (r);
      return;
    }
  add_ge_finish (r, a, &h, &rr);
}

/* Constant-time complete mixed addition.  With u1 = X1, u2 = x2 Z1^2,
 * s1 = Y1, s2 = y2 Z1^3 (the two points scaled to the common Z1), the
 * chord-and-tangent slope has the unified form
 *     lambda = (u1^2 + u1 u2 + u2^2) / (Z1 (s1 + s2))
 * (multiply (s1 - s2)/(u1 - u2) by (s1 + s2) and use s^2 = u^3 + 7 Z1^6),
 * which also covers P1 = P2 (it becomes 3u^2 / (2 Z1 s)).  It fails only
 * when M = s1 + s2 = 0: then either P1 = -P2 (the result is infinity) or
 * u1 != u2 and the ordinary slope (s1 - s2)/(Z1 (u1 - u2)) is defined.
 * With lambda = N / (Z1 D) for the chosen pair (N, D), Z3 = Z1 D and
 * T = u1 + u2, x3 = lambda^2 - x1 - x2 gives X3 = N^2 - T D^2, and the
 * average of y3 = lambda (x1 - x3) - y1 and y3 = lambda (x2 - x3) - y2
 * gives 2 Y3 = N (T D^2 - 2 X3) - M D^3, where M D^3 is D^4 in the
 * unified case (D = M) and 0 in the fallback (M = 0).  The point
 * (X3, Y3, Z3) = (4 X3, 4 (2 Y3), 2 Z3) up to the Jacobian scale 2, so no
 * halving is needed.  Z3 = 0 exactly when P1 = -P2.  Infinity on either
 * side is settled by cmov at the end.  7M + 5S, no branch. */
void
_kc_secp256k1_gej_add_ge (gej *r, const gej *a, const ge *b)
{
  fe zz, z3, u2, s2, t, m, rr, rra, ma, n, d, d2, d4, q, w, zero;
  gej a0 = *a;                                  /* R may alias A */
  int degen, ainf, binf, rinf;

  _kc_secp256k1_fe_sqr (&zz, &a0.z);             /* Z1^2 (1) */
  _kc_secp256k1_fe_mul (&u2, &b->x, &zz);        /* u2 (1) */
  _kc_secp256k1_fe_mul (&z3, &zz, &a0.z);        /* Z1^3 (1) */
  _kc_secp256k1_fe_mul (&s2, &b->y, &z3);        /* s2 (1) */
  t = a0.x;
  _kc_secp256k1_fe_add (&t, &u2);                /* T = u1 + u2 (5) */
  m = a0.y;
  _kc_secp256k1_fe_add (&m, &s2);                /* M = s1 + s2 (5) */
  _kc_secp256k1_fe_mul (&q, &a0.x, &u2);         /* u1 u2 (1) */
  _kc_secp256k1_fe_sqr (&rr, &t);                /* T^2 (1) */
  _kc_secp256k1_fe_negate (&q, &q, 1);           /* -u1 u2 (2) */
  _kc_secp256k1_fe_add (&rr, &q);                /* RR = T^2 - u1 u2 (3) */
  _kc_secp256k1_fe_negate (&rra, &s2, 1);        /* (2) */
  _kc_secp256k1_fe_add (&rra, &a0.y);            /* RR_alt = s1 - s2 (6) */
  _kc_secp256k1_fe_negate (&ma, &u2, 1);         /* (2) */
  _kc_secp256k1_fe_add (&ma, &a0.x);             /* M_alt = u1 - u2 (6) */
  degen = _kc_secp256k1_fe_normalizes_to_zero (&m);
  n = rr;
  _kc_secp256k1_fe_cmov (&n, &rra, degen);       /* N (<= 6) */
  d = m;
  _kc_secp256k1_fe_cmov (&d, &ma, degen);        /* D (<= 6) */
  _kc_secp256k1_fe_sqr (&d2, &d);                /* D^2 (1) */
  _kc_secp256k1_fe_mul (&q, &t, &d2);            /* T D^2 (1) */
  _kc_secp256k1_fe_sqr (&r->x, &n);              /* N^2 (1) */
  _kc_secp256k1_fe_negate (&w, &q, 1);           /* (2) */
  _kc_secp256k1_fe_add (&r->x, &w);              /* X3 = N^2 - T D^2 (3) */
  _kc_secp256k1_fe_normalize_weak (&r->x);       /* (1) */
  _kc_secp256k1_fe_negate (&w, &r->x, 1);        /* -X3 (2) */
  _kc_secp256k1_fe_mul_int (&w, 2);              /* -2 X3 (4) */
  _kc_secp256k1_fe_add (&w, &q);                 /* T D^2 - 2 X3 (5) */
  _kc_secp256k1_fe_mul (&r->y, &n, &w);          /* (1) */
  _kc_secp256k1_fe_sqr (&d4, &d2);               /* D^4 (1) */
  _kc_secp256k1_fe_clear (&zero);
  _kc_secp256k1_fe_cmov (&d4, &zero, degen);     /* M D^3 (1) */
  _kc_secp256k1_fe_negate (&d4, &d4, 1);         /* (2) */
  _kc_secp256k1_fe_add (&r->y, &d4);             /* 2 Y3 (3) */
  _kc_secp256k1_fe_normalize_weak (&r->y);       /* (1) */
  _kc_secp256k1_fe_mul (&r->z, &a0.z, &d);       /* Z3 (1) */
  /* rescale by 2: (4 X3, 8 Y3, 2 Z3) */
  _kc_secp256k1_fe_mul_int (&r->x, 4);           /* (4) */
  _kc_secp256k1_fe_mul_int (&r->y, 4);           /* (4) */
  _kc_secp256k1_fe_mul_int (&r->z, 2);           /* (2) */
  rinf = _kc_secp256k1_fe_normalizes_to_zero (&r->z);
  ainf = a0.infinity & 1;
  binf = b->infinity & 1;
  /* A infinite: R = (x2, y2, 1), infinite iff B is. */
  _kc_secp256k1_fe_cmov (&r->x, &b->x, ainf);
  _kc_secp256k1_fe_cmov (&r->y, &b->y, ainf);
  _kc_secp256k1_fe_set_int (&zz, 1);
  _kc_secp256k1_fe_cmov (&r->z, &zz, ainf);
  rinf = (int) ct_select_u32 (ct_mask_from_flag_u32 ((uint32_t) ainf),
                              (uint32_t) binf, (uint32_t) rinf);
  /* B infinite, A finite: R = A. */
  binf &= ainf ^ 1;
  _kc_secp256k1_fe_cmov (&r->x, &a0.x, binf);
  _kc_secp256k1_fe_cmov (&r->y, &a0.y, binf);
  _kc_secp256k1_fe_cmov (&r->z, &a0.z, binf);
  rinf = (int) ct_select_u32 (ct_mask_from_flag_u32 ((uint32_t) binf),
                              0, (uint32_t) rinf);
  r->infinity = rinf;
}

void
_kc_secp256k1_gej_add_ge_var_zr (gej *r, const gej *a, const ge *b, fe *zr)
{
  fe rr;
  KC_VERIFY_CHECK (!a->infinity && !b->infinity);
  add_ge_hr (zr, &rr, a, b, &a->z);
  KC_VERIFY_CHECK (!_kc_secp256k1_fe_normalizes_to_zero_var (zr));
  add_ge_finish (r, a, zr, &rr);
}

void
_kc_secp256k1_gej_add_zinv_var (gej *r, const gej *a, const ge *b,
                                const fe *bzinv)
{
  fe h, rr, az;
  if (a->infinity)
    {
      /* (x : y : 1/bzinv) = (x bzinv^2 : y bzinv^3 : 1) */
      fe z2, z3;
      _kc_secp256k1_fe_sqr (&z2, bzinv);
      _kc_secp256k1_fe_mul (&z3, &z2, bzinv);
      _kc_secp256k1_fe_mul (&r->x, &b->x, &z2);
      _kc_secp256k1_fe_mul (&r->y, &b->y, &z3);
      _kc_secp256k1_fe_set_int (&r->z, 1);
      r->infinity = b->infinity;
      return;
    }
  if (b->infinity)
    {
      *r = *a;
      return;
    }
  _kc_secp256k1_fe_mul (&az, &a->z, bzinv);      /* (1) */
  add_ge_hr (&h, &rr, a, b, &az);
  if (_kc_secp256k1_fe_normalizes_to_zero_var (&h))
    {
      if (_kc_secp256k1_fe_normalizes_to_zero_var (&rr))
        _kc_secp256k1_gej_double (r, a);
      else
        _kc_secp256k1_gej_set_infinity (r);
      return;
    }
  add_ge_finish (r, a, &h, &rr);
}

void
_kc_secp256k1_ge_to_storage (_kc_secp256k1_ge_storage *r, const ge *a)
{
  _kc_secp256k1_fe_to_storage (&r->x, &a->x);
  _kc_secp256k1_fe_to_storage (&r->y, &a->y);
}

void
_kc_secp256k1_ge_from_storage (ge *r, const _kc_secp256k1_ge_storage *a)
{
  _kc_secp256k1_fe_from_storage (&r->x, &a->x);
  _kc_secp256k1_fe_from_storage (&r->y, &a->y);
  r->infinity = 0;
}
