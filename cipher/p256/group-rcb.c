/* p256/group-rcb.c - the P-256 group law: complete Renes-Costello-Batina
 * formulas for a = -3.  Contracts in p256/group-rcb.h.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Every field element stays fully reduced (p256/field-mont.h), so no step
 * below has a bound to state; the formulas are written out step by step
 * with the paper's numbering so that they can be read against it.
 * At the end, the Jacobian formulas of verification (variable time,
 * their exceptional cases branched on).
 */
#include "kcrypt-int.h"
#include "p256/group-rcb.h"

typedef _kc_p256_fe fe;
typedef _kc_p256_ge ge;
typedef _kc_p256_gep gep;
typedef _kc_p256_gej gej;

#ifdef KC_P256_EXHAUSTIVE
/* tests/t-p256-exhaustive.c: the b of its small curve */
extern _kc_p256_fe _kc_p256_exh_b;
# define CURVE_B (&_kc_p256_exh_b)
#else
# define CURVE_B (&_kc_p256_b)
#endif

#define mul _kc_p256_fe_mul_inl
#define sqr _kc_p256_fe_sqr_inl
#define add _kc_p256_fe_add_inl
#define sub _kc_p256_fe_sub_inl

void
_kc_p256_gep_set_infinity (gep *r)
{
  memset (&r->x, 0, sizeof r->x);
  _kc_p256_fe_set_int (&r->y, 1);
  memset (&r->z, 0, sizeof r->z);
}

void
_kc_p256_gep_set_ge (gep *r, const ge *a)
{
  r->x = a->x;
  r->y = a->y;
  _kc_p256_fe_set_int (&r->z, 1);
}

int
_kc_p256_gep_is_infinity (const gep *a)
{
  return _kc_p256_fe_is_zero (&a->z);
}

/* Algorithm 4 (a = -3). */
void
_kc_p256_gep_add (gep *r, const gep *p, const gep *q)
{
  const fe *b = CURVE_B;
  fe t0, t1, t2, t3, t4, x3, y3, z3;

  mul (&t0, &p->x, &q->x);              /*  1 t0 = X1 X2 */
  mul (&t1, &p->y, &q->y);              /*  2 t1 = Y1 Y2 */
  mul (&t2, &p->z, &q->z);              /*  3 t2 = Z1 Z2 */
  add (&t3, &p->x, &p->y);              /*  4 t3 = X1 + Y1 */
  add (&t4, &q->x, &q->y);              /*  5 t4 = X2 + Y2 */
  mul (&t3, &t3, &t4);                  /*  6 t3 = t3 t4 */
  add (&t4, &t0, &t1);                  /*  7 t4 = t0 + t1 */
  sub (&t3, &t3, &t4);                  /*  8 t3 = t3 - t4 */
  add (&t4, &p->y, &p->z);              /*  9 t4 = Y1 + Z1 */
  add (&x3, &q->y, &q->z);              /* 10 X3 = Y2 + Z2 */
  mul (&t4, &t4, &x3);                  /* 11 t4 = t4 X3 */
  add (&x3, &t1, &t2);                  /* 12 X3 = t1 + t2 */
  sub (&t4, &t4, &x3);                  /* 13 t4 = t4 - X3 */
  add (&x3, &p->x, &p->z);              /* 14 X3 = X1 + Z1 */
  add (&y3, &q->x, &q->z);              /* 15 Y3 = X2 + Z2 */
  mul (&x3, &x3, &y3);                  /* 16 X3 = X3 Y3 */
  add (&y3, &t0, &t2);                  /* 17 Y3 = t0 + t2 */
  sub (&y3, &x3, &y3);                  /* 18 Y3 = X3 - Y3 */
  mul (&z3, b, &t2);                    /* 19 Z3 = b t2 */
  sub (&x3, &y3, &z3);                  /* 20 X3 = Y3 - Z3 */
  add (&z3, &x3, &x3);                  /* 21 Z3 = X3 + X3 */
  add (&x3, &x3, &z3);                  /* 22 X3 = X3 + Z3 */
  sub (&z3, &t1, &x3);                  /* 23 Z3 = t1 - X3 */
  add (&x3, &t1, &x3);                  /* 24 X3 = t1 + X3 */
  mul (&y3, b, &y3);                    /* 25 Y3 = b Y3 */
  add (&t1, &t2, &t2);                  /* 26 t1 = t2 + t2 */
  add (&t2, &t1, &t2);                  /* 27 t2 = t1 + t2 */
  sub (&y3, &y3, &t2);                  /* 28 Y3 = Y3 - t2 */
  sub (&y3, &y3, &t0);                  /* 29 Y3 = Y3 - t0 */
  add (&t1, &y3, &y3);                  /* 30 t1 = Y3 + Y3 */
  add (&y3, &t1, &y3);                  /* 31 Y3 = t1 + Y3 */
  add (&t1, &t0, &t0);                  /* 32 t1 = t0 + t0 */
  add (&t0, &t1, &t0);                  /* 33 t0 = t1 + t0 */
  sub (&t0, &t0, &t2);                  /* 34 t0 = t0 - t2 */
  mul (&t1, &t4, &y3);                  /* 35 t1 = t4 Y3 */
  mul (&t2, &t0, &y3);                  /* 36 t2 = t0 Y3 */
  mul (&y3, &x3, &z3);                  /* 37 Y3 = X3 Z3 */
  add (&y3, &y3, &t2);                  /* 38 Y3 = Y3 + t2 */
  mul (&x3, &t3, &x3);                  /* 39 X3 = t3 X3 */
  sub (&x3, &x3, &t1);                  /* 40 X3 = X3 - t1 */
  mul (&z3, &t4, &z3);                  /* 41 Z3 = t4 Z3 */
  mul (&t1, &t3, &t0);                  /* 42 t1 = t3 t0 */
  add (&z3, &z3, &t1);                  /* 43 Z3 = Z3 + t1 */
  r->x = x3;
  r->y = y3;
  r->z = z3;
}

/* Algorithm 5 (a = -3), Z2 = 1. */
void
_kc_p256_gep_add_ge (gep *r, const gep *p, const ge *q)
{
  const fe *b = CURVE_B;
  fe t0, t1, t2, t3, t4, x3, y3, z3;

  mul (&t0, &p->x, &q->x);              /*  1 t0 = X1 X2 */
  mul (&t1, &p->y, &q->y);              /*  2 t1 = Y1 Y2 */
  add (&t3, &q->x, &q->y);              /*  3 t3 = X2 + Y2 */
  add (&t4, &p->x, &p->y);              /*  4 t4 = X1 + Y1 */
  mul (&t3, &t3, &t4);                  /*  5 t3 = t3 t4 */
  add (&t4, &t0, &t1);                  /*  6 t4 = t0 + t1 */
  sub (&t3, &t3, &t4);                  /*  7 t3 = t3 - t4 */
  mul (&t4, &q->y, &p->z);              /*  8 t4 = Y2 Z1 */
  add (&t4, &t4, &p->y);                /*  9 t4 = t4 + Y1 */
  mul (&y3, &q->x, &p->z);              /* 10 Y3 = X2 Z1 */
  add (&y3, &y3, &p->x);                /* 11 Y3 = Y3 + X1 */
  mul (&z3, b, &p->z);                  /* 12 Z3 = b Z1 */
  sub (&x3, &y3, &z3);                  /* 13 X3 = Y3 - Z3 */
  add (&z3, &x3, &x3);                  /* 14 Z3 = X3 + X3 */
  add (&x3, &x3, &z3);                  /* 15 X3 = X3 + Z3 */
  sub (&z3, &t1, &x3);                  /* 16 Z3 = t1 - X3 */
  add (&x3, &t1, &x3);                  /* 17 X3 = t1 + X3 */
  mul (&y3, b, &y3);                    /* 18 Y3 = b Y3 */
  add (&t1, &p->z, &p->z);              /* 19 t1 = Z1 + Z1 */
  add (&t2, &t1, &p->z);                /* 20 t2 = t1 + Z1 */
  sub (&y3, &y3, &t2);                  /* 21 Y3 = Y3 - t2 */
  sub (&y3, &y3, &t0);                  /* 22 Y3 = Y3 - t0 */
  add (&t1, &y3, &y3);                  /* 23 t1 = Y3 + Y3 */
  add (&y3, &t1, &y3);                  /* 24 Y3 = t1 + Y3 */
  add (&t1, &t0, &t0);                  /* 25 t1 = t0 + t0 */
  add (&t0, &t1, &t0);                  /* 26 t0 = t1 + t0 */
  sub (&t0, &t0, &t2);                  /* 27 t0 = t0 - t2 */
  mul (&t1, &t4, &y3);                  /* 28 t1 = t4 Y3 */
  mul (&t2, &t0, &y3);                  /* 29 t2 = t0 Y3 */
  mul (&y3, &x3, &z3);                  /* 30 Y3 = X3 Z3 */
  add (&y3, &y3, &t2);                  /* 31 Y3 = Y3 + t2 */
  mul (&x3, &t3, &x3);                  /* 32 X3 = t3 X3 */
  sub (&x3, &x3, &t1);                  /* 33 X3 = X3 - t1 */
  mul (&z3, &t4, &z3);                  /* 34 Z3 = t4 Z3 */
  mul (&t1, &t3, &t0);                  /* 35 t1 = t3 t0 */
  add (&z3, &z3, &t1);                  /* 36 Z3 = Z3 + t1 */
  r->x = x3;
  r->y = y3;
  r->z = z3;
}

/* Algorithm 6 (a = -3). */
void
_kc_p256_gep_double (gep *r, const gep *p)
{
  const fe *b = CURVE_B;
  fe t0, t1, t2, t3, x3, y3, z3;

  sqr (&t0, &p->x);                     /*  1 t0 = X^2 */
  sqr (&t1, &p->y);                     /*  2 t1 = Y^2 */
  sqr (&t2, &p->z);                     /*  3 t2 = Z^2 */
  mul (&t3, &p->x, &p->y);              /*  4 t3 = X Y */
  add (&t3, &t3, &t3);                  /*  5 t3 = t3 + t3 */
  mul (&z3, &p->x, &p->z);              /*  6 Z3 = X Z */
  add (&z3, &z3, &z3);                  /*  7 Z3 = Z3 + Z3 */
  mul (&y3, b, &t2);                    /*  8 Y3 = b t2 */
  sub (&y3, &y3, &z3);                  /*  9 Y3 = Y3 - Z3 */
  add (&x3, &y3, &y3);                  /* 10 X3 = Y3 + Y3 */
  add (&y3, &x3, &y3);                  /* 11 Y3 = X3 + Y3 */
  sub (&x3, &t1, &y3);                  /* 12 X3 = t1 - Y3 */
  add (&y3, &t1, &y3);                  /* 13 Y3 = t1 + Y3 */
  mul (&y3, &x3, &y3);                  /* 14 Y3 = X3 Y3 */
  mul (&x3, &x3, &t3);                  /* 15 X3 = X3 t3 */
  add (&t3, &t2, &t2);                  /* 16 t3 = t2 + t2 */
  add (&t2, &t2, &t3);                  /* 17 t2 = t2 + t3 */
  mul (&z3, b, &z3);                    /* 18 Z3 = b Z3 */
  sub (&z3, &z3, &t2);                  /* 19 Z3 = Z3 - t2 */
  sub (&z3, &z3, &t0);                  /* 20 Z3 = Z3 - t0 */
  add (&t3, &z3, &z3);                  /* 21 t3 = Z3 + Z3 */
  add (&z3, &z3, &t3);                  /* 22 Z3 = Z3 + t3 */
  add (&t3, &t0, &t0);                  /* 23 t3 = t0 + t0 */
  add (&t0, &t3, &t0);                  /* 24 t0 = t3 + t0 */
  sub (&t0, &t0, &t2);                  /* 25 t0 = t0 - t2 */
  mul (&t0, &t0, &z3);                  /* 26 t0 = t0 Z3 */
  add (&y3, &y3, &t0);                  /* 27 Y3 = Y3 + t0 */
  mul (&t0, &p->y, &p->z);              /* 28 t0 = Y Z */
  add (&t0, &t0, &t0);                  /* 29 t0 = t0 + t0 */
  mul (&z3, &t0, &z3);                  /* 30 Z3 = t0 Z3 */
  sub (&x3, &x3, &z3);                  /* 31 X3 = X3 - Z3 */
  mul (&z3, &t0, &t1);                  /* 32 Z3 = t0 t1 */
  add (&z3, &z3, &z3);                  /* 33 Z3 = Z3 + Z3 */
  add (&z3, &z3, &z3);                  /* 34 Z3 = Z3 + Z3 */
  r->x = x3;
  r->y = y3;
  r->z = z3;
}

void
_kc_p256_gep_neg (gep *r, const gep *a)
{
  r->x = a->x;
  _kc_p256_fe_neg (&r->y, &a->y);
  r->z = a->z;
}

void
_kc_p256_gep_cmov (gep *r, const gep *a, int flag)
{
  _kc_p256_gep_cmov_inl (r, a, flag);
}

static int
set_gep_with (ge *r, const gep *a, int var)
{
  fe zi;
  int inf = _kc_p256_fe_is_zero (&a->z);

  if (var)
    _kc_p256_fe_inv_var (&zi, &a->z);
  else
    _kc_p256_fe_inv (&zi, &a->z);       /* 0 for infinity: R = (0, 0) */
  mul (&r->x, &a->x, &zi);
  mul (&r->y, &a->y, &zi);
  wipememory (&zi, sizeof zi);
  return inf ^ 1;
}

int
_kc_p256_ge_set_gep (ge *r, const gep *a)
{
  return set_gep_with (r, a, 0);
}

int
_kc_p256_ge_set_gep_var (ge *r, const gep *a)
{
  return set_gep_with (r, a, 1);
}

void
_kc_p256_ge_neg (ge *r, const ge *a)
{
  r->x = a->x;
  _kc_p256_fe_neg (&r->y, &a->y);
}

/* x^3 - 3x + b */
static void
curve_rhs (fe *r, const fe *x)
{
  fe t, x3;
  sqr (&t, x);
  mul (&x3, &t, x);
  add (&t, x, x);
  add (&t, &t, x);
  sub (&x3, &x3, &t);
  add (r, &x3, CURVE_B);
}

int
_kc_p256_ge_is_valid (const ge *a)
{
  fe l, rhs;
  sqr (&l, &a->y);
  curve_rhs (&rhs, &a->x);
  return _kc_p256_fe_eq (&l, &rhs);
}

int
_kc_p256_ge_set_xo_var (ge *r, const fe *x, int odd)
{
  fe rhs, y;

  curve_rhs (&rhs, x);
  if (!_kc_p256_fe_sqrt (&y, &rhs))
    return 0;
  if (_kc_p256_fe_is_odd (&y) != (odd != 0))
    _kc_p256_fe_neg (&y, &y);
  r->x = *x;
  r->y = y;
  return 1;
}

/* ---------------------------------- Jacobian, variable time (Strauss) */

#define gej_is_inf(a) _kc_p256_fe_is_zero (&(a)->z)

static void
gej_set_inf (gej *r)
{
  memset (r, 0, sizeof *r);
}

/* (X Z, Y Z^2, Z): X Z / Z^2 = X / Z, Y Z^2 / Z^3 = Y / Z; infinity
 * (Z = 0) to Z = 0.  Constant time. */
void
_kc_p256_gej_set_gep (gej *r, const gep *a)
{
  fe zz, z = a->z;
  sqr (&zz, &a->z);
  mul (&r->x, &a->x, &a->z);
  mul (&r->y, &a->y, &zz);
  r->z = z;
}

/* (X Z, Y, Z^3); Z = 0 to (0 : 1 : 0), the complete formulas'
 * infinity.  Constant time. */
void
_kc_p256_gep_set_gej (gep *r, const gej *a)
{
  fe zz, one, y = a->y;
  int inf = _kc_p256_fe_is_zero (&a->z);

  sqr (&zz, &a->z);
  mul (&r->x, &a->x, &a->z);
  mul (&r->z, &zz, &a->z);
  r->y = y;
  _kc_p256_fe_set_int (&one, 1);
  _kc_p256_fe_cmov (&r->y, &one, inf);
}

/* dbl-2001-b (a = -3): 3M + 5S, constant time.  Exception free here:
 * Z = 0 (infinity) gives Z3 = 0, and a point of order 2 (Y = 0, none on
 * P-256, some on the exhaustive test's curves) gives Z3 = 2 Y Z = 0. */
void
_kc_p256_gej_double (gej *r, const gej *a)
{
  fe delta, gamma, beta, alpha, t, u;

  sqr (&delta, &a->z);                  /* delta = Z^2 */
  sqr (&gamma, &a->y);                  /* gamma = Y^2 */
  mul (&beta, &a->x, &gamma);           /* beta = X gamma */
  sub (&t, &a->x, &delta);
  add (&u, &a->x, &delta);
  mul (&alpha, &t, &u);
  add (&t, &alpha, &alpha);
  add (&alpha, &t, &alpha);             /* alpha = 3 (X - delta)(X + delta) */
  add (&t, &a->y, &a->z);
  sqr (&t, &t);
  sub (&t, &t, &gamma);
  sub (&r->z, &t, &delta);              /* Z3 = (Y + Z)^2 - gamma - delta */
  add (&beta, &beta, &beta);
  add (&beta, &beta, &beta);            /* 4 beta */
  sqr (&t, &alpha);
  add (&u, &beta, &beta);
  sub (&r->x, &t, &u);                  /* X3 = alpha^2 - 8 beta */
  sub (&t, &beta, &r->x);
  mul (&t, &alpha, &t);
  sqr (&gamma, &gamma);
  add (&gamma, &gamma, &gamma);
  add (&gamma, &gamma, &gamma);
  add (&gamma, &gamma, &gamma);         /* 8 gamma^2 */
  sub (&r->y, &t, &gamma);              /* Y3 = alpha (4 beta - X3) - 8 gamma^2 */
}

/* The end of both additions: with U1, S1 (A's x and y scaled to the
 * common Z^2, Z^3), H = U2 - U1, R = S2 - S1 and the product of the two
 * Z (ZZ, before the factor H): add-2007-bl's last steps.  H = 0 is the
 * caller's case. */
static void
gej_add_tail (gej *r, const fe *u1, const fe *s1, const fe *h,
              const fe *rr, const fe *zz)
{
  fe i, j, v, rr2, t;

  add (&i, h, h);
  sqr (&i, &i);                         /* I = (2H)^2 */
  mul (&j, h, &i);                      /* J = H I */
  add (&rr2, rr, rr);                   /* r = 2 (S2 - S1) */
  mul (&v, u1, &i);                     /* V = U1 I */
  sqr (&t, &rr2);
  sub (&t, &t, &j);
  sub (&t, &t, &v);
  sub (&r->x, &t, &v);                  /* X3 = r^2 - J - 2V */
  sub (&t, &v, &r->x);
  mul (&t, &rr2, &t);
  mul (&j, s1, &j);
  add (&j, &j, &j);
  sub (&r->y, &t, &j);                  /* Y3 = r (V - X3) - 2 S1 J */
  mul (&t, zz, h);
  add (&r->z, &t, &t);                  /* Z3 = 2 Z1 Z2 H */
}

/* add-2007-bl, with the cases it does not cover (an infinity, A = B,
 * A = -B) branched on: 11M + 5S (12M + 4S here: Z3 = 2 Z1 Z2 H). */
void
_kc_p256_gej_add_var (gej *r, const gej *a, const gej *b)
{
  fe z1z1, z2z2, u1, u2, s1, s2, h, rr, t;

  if (gej_is_inf (a))
    {
      *r = *b;
      return;
    }
  if (gej_is_inf (b))
    {
      *r = *a;
      return;
    }
  sqr (&z1z1, &a->z);
  sqr (&z2z2, &b->z);
  mul (&u1, &a->x, &z2z2);
  mul (&u2, &b->x, &z1z1);
  mul (&t, &b->z, &z2z2);
  mul (&s1, &a->y, &t);
  mul (&t, &a->z, &z1z1);
  mul (&s2, &b->y, &t);
  sub (&h, &u2, &u1);
  sub (&rr, &s2, &s1);
  if (_kc_p256_fe_is_zero (&h))
    {
      if (_kc_p256_fe_is_zero (&rr))
        _kc_p256_gej_double (r, a);
      else
        gej_set_inf (r);
      return;
    }
  mul (&t, &a->z, &b->z);
  gej_add_tail (r, &u1, &s1, &h, &rr, &t);
}

/* madd (B affine, finite): 8M + 3S. */
void
_kc_p256_gej_add_ge_var (gej *r, const gej *a, const ge *b)
{
  fe z1z1, u2, s2, h, rr, t;

  if (gej_is_inf (a))
    {
      r->x = b->x;
      r->y = b->y;
      _kc_p256_fe_set_int (&r->z, 1);
      return;
    }
  sqr (&z1z1, &a->z);
  mul (&u2, &b->x, &z1z1);
  mul (&t, &a->z, &z1z1);
  mul (&s2, &b->y, &t);
  sub (&h, &u2, &a->x);
  sub (&rr, &s2, &a->y);
  if (_kc_p256_fe_is_zero (&h))
    {
      if (_kc_p256_fe_is_zero (&rr))
        _kc_p256_gej_double (r, a);
      else
        gej_set_inf (r);
      return;
    }
  {
    gej tmp;
    gej_add_tail (&tmp, &a->x, &a->y, &h, &rr, &a->z);
    *r = tmp;
  }
}

void
_kc_p256_gej_neg (gej *r, const gej *a)
{
  r->x = a->x;
  _kc_p256_fe_neg (&r->y, &a->y);
  r->z = a->z;
}
