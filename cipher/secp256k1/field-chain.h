/* secp256k1/field-chain.h - the addition chains of the secp256k1 field
 * (A^(2^223 - 1), and from it the square root's exponent), written once
 * over a field
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * An include-twice template, included by secp256k1/field-5x52.c for the 5x52
 * field and for the 4x64 MULX/ADX one, which defines first:
 *   CH_FE          the element type
 *   CH_SQR(r, a)   r = a^2 (r may alias a)
 *   CH_MUL(r, a, b) r = a*b (r may alias either)
 *   CH_(name)      the name of each function defined here
 * and gets (static functions, constant time):
 *   CH_(sqr_n) (r, a, n)              r = a^(2^n), n >= 1
 *   CH_(pow_x223) (x223, x2, x22, a)  x223 = a^(2^223 - 1), with
 *                                     x2 = a^3, x22 = a^(2^22 - 1)
 *   CH_(pow_sqrt) (r, a)              r = a^((p + 1)/4): the square root
 *                                     of a when a has one
 *   CH_(pow_p34) (r, a)               r = a^((p - 3)/4): for a nonzero
 *                                     square a, r^2 = 1/a and a r is
 *                                     a^((p + 1)/4), its square root
 */
#if !defined(CH_FE) || !defined(CH_SQR) || !defined(CH_MUL) || !defined(CH_)
# error "define the field before including secp256k1/field-chain.h"
#endif

static void
CH_(sqr_n) (CH_FE *r, const CH_FE *a, int n)
{
  int i;
  CH_SQR (r, a);
  for (i = 1; i < n; i++)
    CH_SQR (r, r);
}

/* The chain: x2, x3, x6, x9, x11, x22, x44, x88, x176, x220, x223, where
 * xk = A^(2^k - 1) and x(j+k) = xj^(2^k) * xk. */
static void
CH_(pow_x223) (CH_FE *x223, CH_FE *x2, CH_FE *x22, const CH_FE *a)
{
  CH_FE x3, x6, x9, x11, x44, x88, x176, x220, t;

  CH_SQR (x2, a);
  CH_MUL (x2, x2, a);
  CH_SQR (&x3, x2);
  CH_MUL (&x3, &x3, a);
  CH_(sqr_n) (&t, &x3, 3);
  CH_MUL (&x6, &t, &x3);
  CH_(sqr_n) (&t, &x6, 3);
  CH_MUL (&x9, &t, &x3);
  CH_(sqr_n) (&t, &x9, 2);
  CH_MUL (&x11, &t, x2);
  CH_(sqr_n) (&t, &x11, 11);
  CH_MUL (x22, &t, &x11);
  CH_(sqr_n) (&t, x22, 22);
  CH_MUL (&x44, &t, x22);
  CH_(sqr_n) (&t, &x44, 44);
  CH_MUL (&x88, &t, &x44);
  CH_(sqr_n) (&t, &x88, 88);
  CH_MUL (&x176, &t, &x88);
  CH_(sqr_n) (&t, &x176, 44);
  CH_MUL (&x220, &t, &x44);
  CH_(sqr_n) (&t, &x220, 3);
  CH_MUL (x223, &t, &x3);
  wipememory (&x3, sizeof x3); wipememory (&x6, sizeof x6);
  wipememory (&x9, sizeof x9); wipememory (&x11, sizeof x11);
  wipememory (&x44, sizeof x44); wipememory (&x88, sizeof x88);
  wipememory (&x176, sizeof x176); wipememory (&x220, sizeof x220);
  wipememory (&t, sizeof t);
}

/* (p + 1)/4 = [223 ones] 0 [22 ones] 000011 00 */
static void
CH_(pow_sqrt) (CH_FE *r, const CH_FE *a)
{
  CH_FE x2, x22, t;

  CH_(pow_x223) (&t, &x2, &x22, a);
  CH_(sqr_n) (&t, &t, 23);
  CH_MUL (&t, &t, &x22);
  CH_(sqr_n) (&t, &t, 6);
  CH_MUL (&t, &t, &x2);
  CH_(sqr_n) (r, &t, 2);
  wipememory (&x2, sizeof x2); wipememory (&x22, sizeof x22);
  wipememory (&t, sizeof t);
}

/* (p - 3)/4 = [223 ones] 0 [22 ones] 0000 1 0 11 */
static void
CH_(pow_p34) (CH_FE *r, const CH_FE *a)
{
  CH_FE x2, x22, t;

  CH_(pow_x223) (&t, &x2, &x22, a);
  CH_(sqr_n) (&t, &t, 23);
  CH_MUL (&t, &t, &x22);
  CH_(sqr_n) (&t, &t, 5);
  CH_MUL (&t, &t, a);
  CH_(sqr_n) (&t, &t, 3);
  CH_MUL (r, &t, &x2);
  wipememory (&x2, sizeof x2); wipememory (&x22, sizeof x22);
  wipememory (&t, sizeof t);
}

#undef CH_FE
#undef CH_SQR
#undef CH_MUL
#undef CH_
