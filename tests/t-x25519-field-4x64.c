/* t-x25519-field-4x64.c - the 4x64 MULX/ADX field mod 2^255 - 19 of the
 * X25519 kernel (cipher/x25519/x86_64/field-4x64.h) against GMP: mul,
 * sqr, add, sub, the ladder's add and sub pairs with their swap,
 * mul_small (and + B), freeze and the conversions from and to
 * radix 2^51, on random values and at the corners of [0, 2^256) (near 0,
 * near p, 2p and 2^255, near 2^256, single limbs at their maximum) where
 * the folds, the second carries and borrows and the freeze's two steps
 * happen; then X25519's inversion against GMP's.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "limb.h"
#include "x25519/x86_64/adx.h"
#include "x25519/x86_64/field-4x64.h"
#include "x25519/field-5x51.h"
#include "t-common.h"

#if !defined(HAVE_GMP) || !defined(KC_LIMB_ADX)
int
main (void)
{
  printf ("t-x25519-field-4x64: SKIP (no GMP, or not built: x86-64 "
          "with optimisation and no sanitizer)\n");
  return T_SKIP;
}
#else
#include <gmp.h>

typedef _kc_x25519_fe64 fe64;

/* The field's blocks take each limb as a memory operand of its own; the
 * test calls them through these out-of-line functions, so that the
 * limbs are addressed from the pointer arguments (one register each),
 * as in the ladder, where they are stack slots, and not from the test's
 * indexed arrays (clang gives each such operand an address register of
 * its own, more than there are). */
#define T_WRAP3(name, f)                                                \
  static __attribute__ ((noinline)) void                                \
  name (fe64 *r, const fe64 *a, const fe64 *b) { f (r, a, b); }
T_WRAP3 (fmul, _kc_x25519_fe64_mul)
T_WRAP3 (fadd, _kc_x25519_fe64_add)
T_WRAP3 (fsub, _kc_x25519_fe64_sub)

static __attribute__ ((noinline)) void
fmul_small (fe64 *r, const fe64 *a, uint32_t k)
{
  _kc_x25519_fe64_mul_small (r, a, k);
}

static __attribute__ ((noinline)) void
fmul_small_add (fe64 *r, const fe64 *a, uint32_t k, const fe64 *b)
{
  _kc_x25519_fe64_mul_small_add (r, a, k, b);
}

static __attribute__ ((noinline)) void
fpair (int sub, fe64 *r, fe64 *s, const fe64 *a, const fe64 *b,
       const fe64 *c, const fe64 *d, uint64_t mask)
{
  if (sub)
    _kc_x25519_fe64_sub_pair_swap (r, s, a, b, c, d, mask);
  else
    _kc_x25519_fe64_add_pair_swap (r, s, a, b, c, d, mask);
}

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

/* A + D for a 256-bit A given as four words, wrapping mod 2^256 */
static void
set_plus (fe64 *a, uint64_t w0, uint64_t w1, uint64_t w2, uint64_t w3,
          int64_t d)
{
  mpz_t z, m;
  mpz_inits (z, m, NULL);
  a->n[0] = w0;
  a->n[1] = w1;
  a->n[2] = w2;
  a->n[3] = w3;
  to_mpz (z, a);
  if (d >= 0)
    mpz_add_ui (z, z, (unsigned long) d);
  else
    mpz_sub_ui (z, z, (unsigned long) -d);
  mpz_ui_pow_ui (m, 2, 256);
  mpz_mod (z, z, m);
  memset (a->n, 0, sizeof a->n);
  mpz_export (a->n, NULL, -1, sizeof a->n[0], 0, 0, z);
  mpz_clears (z, m, NULL);
}

/* A random value of [0, 2^256), drawn from the corners six times in
 * ten. */
static void
gen (fe64 *a)
{
  static const uint64_t ones = ~0ULL, top = 0x7fffffffffffffffULL;
  int64_t d = (int64_t) (t_rand64 () % 128) - 64;
  int i;

  for (i = 0; i < 4; i++)
    a->n[i] = t_rand64 ();
  switch (t_rand64 () % 10)
    {
    case 0:                     /* near 2^256 */
      set_plus (a, 0, 0, 0, 0, d);
      break;
    case 1:                     /* near p = 2^255 - 19 */
      set_plus (a, ones - 18, ones, ones, top, d);
      break;
    case 2:                     /* near 2p = 2^256 - 38 */
      set_plus (a, ones - 37, ones, ones, ones, d);
      break;
    case 3:                     /* near 2^255 */
      set_plus (a, 0, 0, 0, 1ULL << 63, d);
      break;
    case 4:                     /* small */
      a->n[0] = (uint64_t) (d + 64);
      a->n[1] = a->n[2] = a->n[3] = 0;
      break;
    case 5:                     /* some limbs all ones */
      for (i = 0; i < 4; i++)
        if (t_rand64 () % 2)
          a->n[i] = ones;
      break;
    default:
      break;
    }
}

static void
check_freeze (const fe64 *x, const mpz_t a, const char *what, long i)
{
  fe64 n;
  uint64_t v[5];
  mpz_t g;
  int k;

  mpz_init (g);
  _kc_x25519_fe64_freeze (&n, x);
  to_mpz (g, &n);
  CHECK (mpz_cmp (g, P) < 0 && eq_mod_p (&n, a), "freeze %s (%ld)", what, i);
  /* to radix 2^51 (frozen, limbs below 2^51) and back */
  _kc_x25519_fe64_to51 (v, x);
  CHECK (((v[0] | v[1] | v[2] | v[3] | v[4]) >> 51) == 0,
         "to51 limbs %s (%ld)", what, i);
  mpz_set_ui (g, 0);
  for (k = 4; k >= 0; k--)
    {
      mpz_mul_2exp (g, g, 51);
      mpz_add_ui (g, g, (unsigned long) v[k]);
    }
  mpz_sub (g, g, a);
  mpz_mod (g, g, P);
  CHECK (mpz_sgn (g) == 0, "to51 value %s (%ld)", what, i);
  {
    fe64 r;
    _kc_x25519_fe64_from51 (&r, v);
    CHECK (!memcmp (&r, &n, sizeof r), "from51 (to51 (x)) %s (%ld)", what,
           i);
  }
  mpz_clear (g);
}

/* the pair functions: R = A op B and S = C op D, exchanged if MASK */
static void
check_pairs (const fe64 *x, const fe64 *y, const fe64 *z, const fe64 *w,
             long i)
{
  mpz_t a, b, c, d, e, f;
  int sub, sw;

  mpz_inits (a, b, c, d, e, f, NULL);
  to_mpz (a, x);
  to_mpz (b, y);
  to_mpz (c, z);
  to_mpz (d, w);
  for (sub = 0; sub < 2; sub++)
    for (sw = 0; sw < 2; sw++)
      {
        fe64 r, s;
        fpair (sub, &r, &s, x, y, z, w, sw ? ~(uint64_t) 0 : 0);
        if (sub)
          {
            mpz_sub (e, a, b);
            mpz_sub (f, c, d);
          }
        else
          {
            mpz_add (e, a, b);
            mpz_add (f, c, d);
          }
        CHECK (eq_mod_p (sw ? &s : &r, e) && eq_mod_p (sw ? &r : &s, f),
               "%s_pair_swap, swap %d (%ld)", sub ? "sub" : "add", sw, i);
      }
  mpz_clears (a, b, c, d, e, f, NULL);
}

static void
test_ops (long count)
{
  mpz_t a, b, w;
  long i;

  mpz_inits (a, b, w, NULL);
  for (i = 0; i < count; i++)
    {
      fe64 x, y, r, n;
      uint32_t k;

      gen (&x);
      gen (&y);
      to_mpz (a, &x);
      to_mpz (b, &y);
      fmul (&r, &x, &y);
      mpz_mul (w, a, b);
      CHECK (eq_mod_p (&r, w), "mul (%ld)", i);
      fmul (&r, &x, &x);
      _kc_x25519_fe64_sqr (&n, &x);
      CHECK (!memcmp (&r, &n, sizeof r), "sqr = mul (%ld)", i);
      mpz_mul (w, a, a);
      CHECK (eq_mod_p (&n, w), "sqr (%ld)", i);
      fadd (&r, &x, &y);
      mpz_add (w, a, b);
      CHECK (eq_mod_p (&r, w), "add (%ld)", i);
      fsub (&r, &x, &y);
      mpz_sub (w, a, b);
      CHECK (eq_mod_p (&r, w), "sub (%ld)", i);
      switch (t_rand64 () % 4)
        {
        case 0: k = 121665; break;
        case 1: k = 9; break;
        case 2: k = 0xffffffffu - (uint32_t) (t_rand64 () % 16); break;
        default: k = (uint32_t) t_rand64 (); break;
        }
      fmul_small (&r, &x, k);
      mpz_mul_ui (w, a, (unsigned long) k);
      CHECK (eq_mod_p (&r, w), "mul_small %lu (%ld)", (unsigned long) k, i);
      fmul_small_add (&r, &x, k, &y);
      mpz_mul_ui (w, a, (unsigned long) k);
      mpz_add (w, w, b);
      CHECK (eq_mod_p (&r, w), "mul_small_add %lu (%ld)", (unsigned long) k,
             i);
      check_freeze (&x, a, "x", i);
      if (i % 4 == 0)
        {
          fe64 z, v;
          gen (&z);
          gen (&v);
          check_pairs (&x, &y, &z, &v, i);
        }
    }
  mpz_clears (a, b, w, NULL);
}

/* The values whose reductions take every fold, and the products, sums,
 * differences and freezes of each pair: 0, 1, 19, 37, 38, p - 1, p,
 * p + 1, 2^255 - 1, 2^255, 2p - 1, 2p, 2p + 1, 2^256 - 1, and a
 * value with one limb at its maximum. */
static void
test_corners (void)
{
  static const uint64_t o = ~0ULL, t = 0x7fffffffffffffffULL;
  const fe64 v[] = {
    {{ 0, 0, 0, 0 }}, {{ 1, 0, 0, 0 }}, {{ 19, 0, 0, 0 }},
    {{ 37, 0, 0, 0 }}, {{ 38, 0, 0, 0 }},
    {{ o - 19, o, o, t }}, {{ o - 18, o, o, t }}, {{ o - 17, o, o, t }},
    {{ o, o, o, t }}, {{ 0, 0, 0, t + 1 }},
    {{ o - 38, o, o, o }}, {{ o - 37, o, o, o }}, {{ o - 36, o, o, o }},
    {{ o, o, o, o }}, {{ 0, o, 0, 0 }}, {{ 0, 0, 0, o }},
  };
  size_t n = sizeof v / sizeof v[0], i, j;
  mpz_t a, b, w;

  mpz_inits (a, b, w, NULL);
  for (i = 0; i < n; i++)
    {
      to_mpz (a, &v[i]);
      check_freeze (&v[i], a, "corner", (long) i);
      for (j = 0; j < n; j++)
        {
          fe64 r;
          to_mpz (b, &v[j]);
          fmul (&r, &v[i], &v[j]);
          mpz_mul (w, a, b);
          CHECK (eq_mod_p (&r, w), "corner mul %zu %zu", i, j);
          _kc_x25519_fe64_sqr (&r, &v[i]);
          mpz_mul (w, a, a);
          CHECK (eq_mod_p (&r, w), "corner sqr %zu", i);
          fadd (&r, &v[i], &v[j]);
          mpz_add (w, a, b);
          CHECK (eq_mod_p (&r, w), "corner add %zu %zu", i, j);
          fsub (&r, &v[i], &v[j]);
          mpz_sub (w, a, b);
          CHECK (eq_mod_p (&r, w), "corner sub %zu %zu", i, j);
          check_pairs (&v[i], &v[j], &v[n - 1 - i], &v[j],
                       (long) (i * n + j));
          fmul_small (&r, &v[i], 0xffffffffu);
          mpz_mul_ui (w, a, 0xffffffffUL);
          CHECK (eq_mod_p (&r, w), "corner mul_small %zu", i);
          fmul_small_add (&r, &v[i], 0xffffffffu, &v[j]);
          mpz_add (w, w, b);
          CHECK (eq_mod_p (&r, w), "corner mul_small_add %zu %zu", i, j);
        }
    }
  mpz_clears (a, b, w, NULL);
}

/* X25519's inversion (x25519/field-5x51.c, the safegcd every ladder
 * row shares; radix 2^51 in and out), constant-time and variable-time,
 * against GMP's, on this field's values brought to radix 2^51. */
static void
test_invert (long count)
{
  mpz_t a, w, g;
  long i;
  int k;

  mpz_inits (a, w, g, NULL);
  for (i = 0; i < count; i++)
    {
      fe64 x;
      uint64_t v[5], r[5];

      _kc_fe51 in, out;

      gen (&x);
      if (i == 0)
        memset (&x, 0, sizeof x);       /* 0 gives 0 */
      _kc_x25519_fe64_to51 (v, &x);
      memcpy (in.v, v, sizeof in.v);
      _kc_fe51_inv (&out, &in, (int) (i & 1));
      memcpy (r, out.v, sizeof r);
      CHECK (((r[0] | r[1] | r[2] | r[3] | r[4]) >> 51) == 0,
             "invert: limbs (%ld)", i);
      to_mpz (a, &x);
      mpz_mod (a, a, P);
      mpz_set_ui (g, 0);
      for (k = 4; k >= 0; k--)
        {
          mpz_mul_2exp (g, g, 51);
          mpz_add_ui (g, g, (unsigned long) r[k]);
        }
      if (mpz_sgn (a) == 0)
        CHECK (mpz_sgn (g) == 0, "invert (0) (%ld)", i);
      else
        {
          mpz_invert (w, a, P);
          CHECK (!mpz_cmp (g, w), "invert (%ld)", i);
        }
    }
  mpz_clears (a, w, g, NULL);
}

int
main (int argc, char **argv)
{
  t_init (argc, argv);
  t_seed (0x25519adcULL);
  (void) t_datafile; (void) t_rng_cb; (void) t_hexdump;
  if (!_kc_hwf_has (KC_X25519_ADX_HWF))
    {
      printf ("t-x25519-field-4x64: SKIP (the CPU has no BMI2 and ADX, "
              "or KCRYPT_HWF_MASK hides them)\n");
      return T_SKIP;
    }
  mpz_init (P);
  mpz_ui_pow_ui (P, 2, 255);
  mpz_sub_ui (P, P, 19);
  test_corners ();
  test_ops (200000);
  test_invert (2000);
  mpz_clear (P);
  return t_done ("t-x25519-field-4x64");
}
#endif
