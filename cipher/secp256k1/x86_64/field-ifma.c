/* secp256k1/x86_64/field-ifma.c - the out-of-line parts of the eight-lane field
 * (contracts in secp256k1/x86_64/field-ifma.h)
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "secp256k1/x86_64/field-ifma.h"

#ifdef KC_HAVE_FE8

/* The common head of the inversion and square-root chains: X2, X3, X22
 * and X223 are A^(2^k - 1) for k = 2, 3, 22, 223. */
static KC_FE8_TARGET void
chain223 (_kc_fe8 *x2, _kc_fe8 *x3, _kc_fe8 *x22, _kc_fe8 *x223, const _kc_fe8 *a)
{
  _kc_fe8 x6, x11, x44, t;

  _kc_fe8_sqr (x2, a);
  _kc_fe8_mul (x2, x2, a);                   /* 2^2 - 1 */
  _kc_fe8_sqr (x3, x2);
  _kc_fe8_mul (x3, x3, a);                   /* 2^3 - 1 */
  _kc_fe8_sqr_n (&x6, x3, 3);
  _kc_fe8_mul (&x6, &x6, x3);                /* 2^6 - 1 */
  _kc_fe8_sqr_n (&t, &x6, 3);
  _kc_fe8_mul (&t, &t, x3);                  /* 2^9 - 1 */
  _kc_fe8_sqr_n (&x11, &t, 2);
  _kc_fe8_mul (&x11, &x11, x2);              /* 2^11 - 1 */
  _kc_fe8_sqr_n (x22, &x11, 11);
  _kc_fe8_mul (x22, x22, &x11);              /* 2^22 - 1 */
  _kc_fe8_sqr_n (&x44, x22, 22);
  _kc_fe8_mul (&x44, &x44, x22);             /* 2^44 - 1 */
  _kc_fe8_sqr_n (&t, &x44, 44);
  _kc_fe8_mul (&t, &t, &x44);                /* 2^88 - 1 */
  _kc_fe8_sqr_n (&x6, &t, 88);
  _kc_fe8_mul (&t, &x6, &t);                 /* 2^176 - 1 */
  _kc_fe8_sqr_n (&t, &t, 44);
  _kc_fe8_mul (&t, &t, &x44);                /* 2^220 - 1 */
  _kc_fe8_sqr_n (&t, &t, 3);
  _kc_fe8_mul (x223, &t, x3);                /* 2^223 - 1 */
}

/* p - 2 = (2^223 - 1) 2^33 + (2^22 - 1) 2^10 + 0b0000101101. */
KC_FE8_TARGET void
_kc_fe8_inv (_kc_fe8 *r, const _kc_fe8 *a)
{
  _kc_fe8 x2, x3, x22, t;

  chain223 (&x2, &x3, &x22, &t, a);
  _kc_fe8_sqr_n (&t, &t, 23);
  _kc_fe8_mul (&t, &t, &x22);                /* ... 0 + 22 ones */
  _kc_fe8_sqr_n (&t, &t, 5);
  _kc_fe8_mul (&t, &t, a);                   /* 00001 */
  _kc_fe8_sqr_n (&t, &t, 3);
  _kc_fe8_mul (&t, &t, &x2);                 /* 011 */
  _kc_fe8_sqr_n (&t, &t, 2);
  _kc_fe8_mul (r, &t, a);                    /* 01 */
}

/* (p + 1)/4 = (2^223 - 1) 2^31 + (2^22 - 1) 2^8 + 0b00001100. */
KC_FE8_TARGET void
_kc_fe8_sqrt_candidate (_kc_fe8 *r, const _kc_fe8 *a)
{
  _kc_fe8 x2, x3, x22, t;

  chain223 (&x2, &x3, &x22, &t, a);
  _kc_fe8_sqr_n (&t, &t, 23);
  _kc_fe8_mul (&t, &t, &x22);                /* ... 0 + 22 ones */
  _kc_fe8_sqr_n (&t, &t, 6);
  _kc_fe8_mul (&t, &t, &x2);                 /* 000011 */
  _kc_fe8_sqr_n (r, &t, 2);                  /* 00 */
}

KC_FE8_TARGET void
_kc_fe8_inv_all (_kc_fe8 *r, const _kc_fe8 *a, size_t n, _kc_fe8 *scratch)
{
  _kc_fe8 acc, t;
  size_t i;

  if (n == 0)
    return;
  /* scratch[i] = a[0] ... a[i] */
  scratch[0] = a[0];
  for (i = 1; i < n; i++)
    _kc_fe8_mul (&scratch[i], &scratch[i - 1], &a[i]);
  _kc_fe8_inv (&acc, &scratch[n - 1]);      /* (a[0] ... a[n-1])^-1 */
  for (i = n - 1; i > 0; i--)
    {
      _kc_fe8_mul (&t, &acc, &scratch[i - 1]);   /* a[i]^-1 */
      _kc_fe8_mul (&acc, &acc, &a[i]);           /* (a[0] ... a[i-1])^-1 */
      r[i] = t;
    }
  r[0] = acc;
}

#endif /* KC_HAVE_FE8 */
