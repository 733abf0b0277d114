/* t-secp256k1-field-4x64.c - the 4x64 MULX/ADX field against GMP: mul,
 * sqr, add, sub, negate, mul_int, half, normalize, the zero test and the
 * conversions from and to 5x52, on random values and at the corners of
 * [0, 2^256) (near 0, near p, near 2^256, below R), where the folds and
 * borrows of the reductions happen.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "secp256k1/x86_64/field-4x64.h"
#include "t-common.h"

#if !defined(HAVE_GMP) || !defined(KC_LIMB_ADX)
int
main (void)
{
  printf ("t-secp256k1-field-4x64: SKIP (no GMP, or not built: x86-64 "
          "with optimisation and no sanitizer)\n");
  return T_SKIP;
}
#else
#include <gmp.h>

typedef _kc_fe64 fe64;

static mpz_t P;

static void
to_mpz (mpz_t z, const fe64 *a)
{
  mpz_import (z, 4, -1, sizeof a->n[0], 0, 0, a->n);
}

/* 1 if A's value equals Z mod p. */
static int
eq_mod_p (const fe64 *a, const mpz_t z)
{
  mpz_t t, u;
  int r;
  mpz_inits (t, u, NULL);
  to_mpz (t, a);
  mpz_mod (t, t, P);
  mpz_mod (u, z, P);
  r = !mpz_cmp (t, u);
  mpz_clears (t, u, NULL);
  return r;
}

/* A random value of [0, 2^256), drawn from the corners one time in two. */
static void
gen (fe64 *a)
{
  static const uint64_t p0 = 0xFFFFFFFEFFFFFC2FULL;
  uint64_t d = t_rand64 () % 8192;
  int i;

  for (i = 0; i < 4; i++)
    a->n[i] = t_rand64 ();
  switch (t_rand64 () % 10)
    {
    case 0:                     /* 2^256 - 1 - d */
      a->n[0] = ~d;
      a->n[1] = a->n[2] = a->n[3] = ~0ULL;
      break;
    case 1:                     /* p - 4096 + d, across p */
      a->n[0] = p0 - 4096 + d;
      a->n[1] = a->n[2] = a->n[3] = ~0ULL;
      break;
    case 2:                     /* below 2R */
      a->n[0] %= 2 * KC_FE_R;
      a->n[1] = a->n[2] = a->n[3] = 0;
      break;
    case 3:                     /* small */
      a->n[0] = d;
      a->n[1] = a->n[2] = a->n[3] = 0;
      break;
    case 4:                     /* only the top word */
      a->n[0] = a->n[1] = a->n[2] = 0;
      break;
    default:
      break;
    }
}

static void
test_ops (long count)
{
  mpz_t a, b, w, g;
  long i;

  mpz_inits (a, b, w, g, NULL);
  for (i = 0; i < count; i++)
    {
      fe64 x, y, r, n;
      _kc_secp256k1_fe f;
      uint64_t k;

      gen (&x);
      gen (&y);
      to_mpz (a, &x);
      to_mpz (b, &y);

      _kc_fe64_mul (&r, &x, &y);
      mpz_mul (w, a, b);
      CHECK (eq_mod_p (&r, w), "mul (%ld)", i);
      _kc_fe64_mul (&r, &x, &x);
      _kc_fe64_sqr (&n, &x);
      CHECK (!memcmp (&r, &n, sizeof r), "sqr = mul (%ld)", i);
      mpz_mul (w, a, a);
      CHECK (eq_mod_p (&n, w), "sqr (%ld)", i);
      _kc_fe64_add (&r, &x, &y);
      mpz_add (w, a, b);
      CHECK (eq_mod_p (&r, w), "add (%ld)", i);
      _kc_fe64_sub (&r, &x, &y);
      mpz_sub (w, a, b);
      CHECK (eq_mod_p (&r, w), "sub (%ld)", i);
      _kc_fe64_negate (&r, &x);
      mpz_neg (w, a);
      CHECK (eq_mod_p (&r, w), "negate (%ld)", i);
      k = t_rand64 () % 16;             /* small, or just below 2^30 */
      if (t_rand64 () % 2)
        k = (1u << 30) - 1 - k;
      _kc_fe64_mul_int (&r, &x, k);
      mpz_mul_ui (w, a, (unsigned long) k);
      CHECK (eq_mod_p (&r, w), "mul_int %llu (%ld)", (unsigned long long) k, i);
      _kc_fe64_half (&r, &x);
      to_mpz (g, &r);
      mpz_mul_2exp (g, g, 1);
      mpz_sub (g, g, a);
      mpz_mod (g, g, P);
      CHECK (mpz_sgn (g) == 0, "half (%ld)", i);
      _kc_fe64_normalize (&n, &x);
      to_mpz (g, &n);
      CHECK (mpz_cmp (g, P) < 0 && eq_mod_p (&n, a), "normalize (%ld)", i);
      mpz_mod (w, a, P);
      CHECK (_kc_fe64_is_zero_var (&x) == (mpz_sgn (w) == 0),
             "is_zero_var (%ld)", i);
      /* to 5x52 and back: normalized both ways */
      _kc_fe64_to_fe (&f, &x);
      CHECK (((f.n[0] | f.n[1] | f.n[2] | f.n[3]) >> 52) == 0
             && (f.n[4] >> 48) == 0, "to 5x52: limbs (%ld)", i);
      _kc_fe64_from_fe (&r, &f);
      CHECK (!memcmp (&r, &n, sizeof r), "5x52 round trip (%ld)", i);
    }
  mpz_clears (a, b, w, g, NULL);
}

/* The values whose reductions take every fold: 0, p, 2^256 - 1, p - 1,
 * R - 1, R, and the products and sums of each pair. */
static void
test_corners (void)
{
  static const uint64_t ones = ~0ULL, p0 = 0xFFFFFFFEFFFFFC2FULL;
  const fe64 v[] = {
    {{ 0, 0, 0, 0 }}, {{ p0, ones, ones, ones }},
    {{ ones, ones, ones, ones }}, {{ p0 - 1, ones, ones, ones }},
    {{ KC_FE_R - 1, 0, 0, 0 }}, {{ KC_FE_R, 0, 0, 0 }},
    {{ p0 + 1, ones, ones, ones }}, {{ 1, 0, 0, 0 }},
  };
  size_t n = sizeof v / sizeof v[0], i, j;
  mpz_t a, b, w;

  mpz_inits (a, b, w, NULL);
  CHECK (_kc_fe64_is_zero_var (&v[0]) && _kc_fe64_is_zero_var (&v[1]),
         "0 and p are zero");
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      {
        fe64 r;
        to_mpz (a, &v[i]);
        to_mpz (b, &v[j]);
        _kc_fe64_mul (&r, &v[i], &v[j]);
        mpz_mul (w, a, b);
        CHECK (eq_mod_p (&r, w), "corner mul %zu %zu", i, j);
        _kc_fe64_add (&r, &v[i], &v[j]);
        mpz_add (w, a, b);
        CHECK (eq_mod_p (&r, w), "corner add %zu %zu", i, j);
        _kc_fe64_sub (&r, &v[i], &v[j]);
        mpz_sub (w, a, b);
        CHECK (eq_mod_p (&r, w), "corner sub %zu %zu", i, j);
      }
  mpz_clears (a, b, w, NULL);
}

int
main (int argc, char **argv)
{
  unsigned int adx = KC_HWF_BMI2 | KC_HWF_ADX;

  t_init (argc, argv);
  t_seed (0x4b78363aULL);
  (void) t_datafile; (void) t_rng_cb; (void) t_hexdump;
  if ((_kc_hwf () & adx) != adx)
    {
      printf ("t-secp256k1-field-4x64: SKIP (the CPU has no BMI2 and ADX)\n");
      return T_SKIP;
    }
  mpz_init (P);
  mpz_ui_pow_ui (P, 2, 256);
  mpz_sub_ui (P, P, (unsigned long) KC_FE_R);
  test_corners ();
  test_ops (200000);
  mpz_clear (P);
  return t_done ("t-secp256k1-field-4x64");
}
#endif
