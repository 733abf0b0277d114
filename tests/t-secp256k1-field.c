/* t-secp256k1-field.c - the 5x52 field against GMP: mul, sqr, add, negate,
 * the normalizations (borrowing, classic, weak, _var, to-zero) at their
 * corners, half, inverse, sqrt and byte conversion with its range check.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "secp256k1/field-5x52.h"
#include "secp256k1/group.h"
#include "t-common.h"

#ifndef HAVE_GMP
int
main (void)
{
  printf ("t-secp256k1-field: SKIP (no GMP)\n");
  return T_SKIP;
}
#else
#include <gmp.h>

typedef _kc_secp256k1_fe fe;

static mpz_t P;

/* Z = the integer the limbs of A stand for (not reduced). */
static void
fe_to_mpz (mpz_t z, const fe *a)
{
  int i;
  mpz_set_ui (z, 0);
  for (i = 4; i >= 0; i--)
    {
      /* z = z 2^52 + n[i] in 32-bit steps: the limbs are 64 bits wide
       * and may be above 2^52, an unsigned long may be 32 bits */
      mpz_mul_2exp (z, z, 20);
      mpz_add_ui (z, z, (unsigned long) (a->n[i] >> 32));
      mpz_mul_2exp (z, z, 32);
      mpz_add_ui (z, z, (unsigned long) (a->n[i] & 0xffffffffu));
    }
}

/* 1 if A's value equals Z mod p. */
static int
fe_eq_mpz (const fe *a, const mpz_t z)
{
  mpz_t t, u;
  int r;
  mpz_inits (t, u, NULL);
  fe_to_mpz (t, a);
  mpz_mod (t, t, P);
  mpz_mod (u, z, P);
  r = !mpz_cmp (t, u);
  mpz_clears (t, u, NULL);
  return r;
}

static int
limbs_ok (const fe *a, int mag)
{
  uint64_t m = (uint64_t) mag;
  return a->n[0] <= 2 * m * KC_FE_M52 && a->n[1] <= 2 * m * KC_FE_M52
         && a->n[2] <= 2 * m * KC_FE_M52 && a->n[3] <= 2 * m * KC_FE_M52
         && a->n[4] <= 2 * m * KC_FE_M48;
}

static int
is_normalized (const fe *a)
{
  mpz_t t;
  int r;
  mpz_init (t);
  fe_to_mpz (t, a);
  r = a->n[0] <= KC_FE_M52 && a->n[1] <= KC_FE_M52 && a->n[2] <= KC_FE_M52
      && a->n[3] <= KC_FE_M52 && a->n[4] <= KC_FE_M48 && mpz_cmp (t, P) < 0;
  mpz_clear (t);
  return r;
}

static void
set_mag (fe *a, int mag, int norm)
{
#ifdef KC_VERIFY
  a->magnitude = mag;
  a->normalized = norm;
#else
  (void) a; (void) mag; (void) norm;
#endif
}

static uint64_t
rand_below (uint64_t max)   /* uniform-ish in [0, max] */
{
  uint64_t r = t_rand64 ();
  return max == UINT64_MAX ? r : r % (max + 1);
}

/* A random element of magnitude MAG; KIND selects the distribution:
 * 0 uniform limbs, 1 every limb at its bound, 2 limbs at bound or 0,
 * 3 small limbs. */
static void
rand_fe (fe *a, int mag, int kind)
{
  uint64_t m = (uint64_t) (mag ? mag : 1);
  uint64_t lim[5] = { 2 * m * KC_FE_M52, 2 * m * KC_FE_M52, 2 * m * KC_FE_M52,
                      2 * m * KC_FE_M52, 2 * m * KC_FE_M48 };
  int i;
  if (mag == 1 && kind == 0)
    {
      lim[0] = lim[1] = lim[2] = lim[3] = KC_FE_M52;
      lim[4] = KC_FE_M48;
    }
  for (i = 0; i < 5; i++)
    switch (kind)
      {
      case 0: a->n[i] = rand_below (lim[i]); break;
      case 1: a->n[i] = lim[i]; break;
      case 2: a->n[i] = (t_rand64 () & 1) ? lim[i] : 0; break;
      default: a->n[i] = t_rand64 () & 7; break;
      }
  set_mag (a, mag ? mag : 1, 0);
}

/* Elements whose value is p + k or k*p in unnormalized forms, for the
 * normalize corners. */
static void
set_p_plus (fe *a, uint64_t k)
{
  a->n[0] = 0xFFFFEFFFFFC2FULL + k;
  a->n[1] = a->n[2] = a->n[3] = KC_FE_M52;
  a->n[4] = KC_FE_M48;
  set_mag (a, 1, 0);
}

static void
check_normalizations (const fe *in, int mag, const char *what)
{
  mpz_t z;
  fe a = *in, b = *in, c = *in, d = *in, w = *in;
  int zero, z1, z2;

  mpz_init (z);
  fe_to_mpz (z, in);
  _kc_secp256k1_fe_normalize (&a);
  _kc_secp256k1_fe_normalize_classic (&b);
  _kc_secp256k1_fe_normalize_var (&c);
  _kc_secp256k1_fe_normalize_weak (&w);
  CHECK (fe_eq_mpz (&a, z) && is_normalized (&a), "normalize %s", what);
  CHECK (!memcmp (a.n, b.n, sizeof a.n), "normalize vs classic %s", what);
  CHECK (!memcmp (a.n, c.n, sizeof a.n), "normalize vs _var %s", what);
  CHECK (fe_eq_mpz (&w, z) && limbs_ok (&w, 1)
         && w.n[0] <= KC_FE_M52 && w.n[3] <= KC_FE_M52, "weak %s", what);
  mpz_mod (z, z, P);
  zero = mpz_sgn (z) == 0;
  z1 = _kc_secp256k1_fe_normalizes_to_zero (&d);
  z2 = _kc_secp256k1_fe_normalizes_to_zero_var (&d);
  CHECK (z1 == zero && z2 == zero, "normalizes_to_zero %s (%d %d want %d)",
         what, z1, z2, zero);
  CHECK (!memcmp (d.n, in->n, sizeof d.n), "normalizes_to_zero changed input");
  (void) mag;
  mpz_clear (z);
}

static void
test_normalize (void)
{
  static const uint64_t ks[] = { 0, 1, 2, 0x3D0, 0x3D1, 0x1000003D0ULL,
                                 0x1000003D1ULL, 0x1000003D2ULL, 0xFFFFFFFFULL };
  fe a;
  size_t i;
  int mag, kind, it;
  char what[64];

  /* p + k, k small: values just at and above p (magnitude 1, limbs
   * normalized-looking but value >= p). */
  for (i = 0; i < KC_DIM (ks); i++)
    {
      set_p_plus (&a, ks[i] > 0x3D0 ? 0 : ks[i]);
      if (ks[i] <= 0x3D0)
        {
          snprintf (what, sizeof what, "p+%llx", (unsigned long long) ks[i]);
          check_normalizations (&a, 1, what);
        }
    }
  /* p - 1, p - 2, 2^256 - 1, 0, values with a set top carry bit */
  set_p_plus (&a, 0); a.n[0] -= 1; check_normalizations (&a, 1, "p-1");
  set_p_plus (&a, 0); a.n[0] -= 2; check_normalizations (&a, 1, "p-2");
  a.n[0] = a.n[1] = a.n[2] = a.n[3] = KC_FE_M52; a.n[4] = KC_FE_M48;
  check_normalizations (&a, 1, "2^256-1");
  a.n[0] = a.n[1] = a.n[2] = a.n[3] = 0; a.n[4] = 1ULL << 48;
  check_normalizations (&a, 1, "2^256");
  a.n[0] = 0xFFFFEFFFFFC2FULL - KC_FE_R; a.n[1] = a.n[2] = a.n[3] = 0;
  a.n[4] = 1ULL << 48;
  check_normalizations (&a, 1, "2^256+...");
  _kc_secp256k1_fe_clear (&a);
  check_normalizations (&a, 0, "0");
  /* k*p for every magnitude: -0 with magnitude m is 2(m+1)p */
  for (mag = 0; mag < KC_FE_MAX_MAGNITUDE; mag++)
    {
      fe z;
      _kc_secp256k1_fe_clear (&z);
      _kc_secp256k1_fe_negate (&a, &z, mag);
      snprintf (what, sizeof what, "-0 mag %d", mag + 1);
      check_normalizations (&a, mag + 1, what);
      /* and -0 + 1, -0 - 1 */
      a.n[0] += 1;
      check_normalizations (&a, mag + 1, "-0+1");
      a.n[0] -= 2;
      check_normalizations (&a, mag + 1, "-0-1");
      a.n[0] += 1 + KC_FE_R;
      check_normalizations (&a, mag + 1, "-0+R");
    }
  /* p + p_low-limb-patterns with the top carry bit: 2^256 + R - 1 etc. */
  for (it = 0; it < 64; it++)
    {
      a.n[0] = (it & 1) ? KC_FE_M52 : 0;
      a.n[1] = (it & 2) ? KC_FE_M52 : 0;
      a.n[2] = (it & 4) ? KC_FE_M52 : 0;
      a.n[3] = (it & 8) ? KC_FE_M52 : 0;
      a.n[4] = ((it & 16) ? KC_FE_M48 : 0) + ((it & 32) ? 1ULL << 48 : 0);
      set_mag (&a, 2, 0);
      check_normalizations (&a, 2, "pattern");
    }
  /* random, every magnitude, every kind */
  for (mag = 1; mag <= KC_FE_MAX_MAGNITUDE; mag++)
    for (kind = 0; kind < 4; kind++)
      for (it = 0; it < 200; it++)
        {
          rand_fe (&a, mag, kind);
          snprintf (what, sizeof what, "random mag %d kind %d", mag, kind);
          check_normalizations (&a, mag, what);
        }
}

static void
test_arith (void)
{
  mpz_t x, y, z;
  fe a, b, r;
  int it, ma, mb, ka, kb;

  mpz_inits (x, y, z, NULL);
  for (ma = 1; ma <= 8; ma++)
    for (mb = 1; mb <= 8; mb++)
      for (ka = 0; ka < 4; ka++)
        for (kb = 0; kb < 4; kb++)
          for (it = 0; it < (ka == 1 && kb == 1 ? 1 : 8); it++)
            {
              rand_fe (&a, ma, ka);
              rand_fe (&b, mb, kb);
              fe_to_mpz (x, &a);
              fe_to_mpz (y, &b);
              _kc_secp256k1_fe_mul (&r, &a, &b);
              mpz_mul (z, x, y);
              CHECK (fe_eq_mpz (&r, z) && limbs_ok (&r, 1),
                     "mul mag %d,%d kind %d,%d", ma, mb, ka, kb);
              _kc_secp256k1_fe_sqr (&r, &a);
              mpz_mul (z, x, x);
              CHECK (fe_eq_mpz (&r, z) && limbs_ok (&r, 1), "sqr mag %d", ma);
              /* aliasing */
              r = a;
              _kc_secp256k1_fe_mul (&r, &r, &b);
              mpz_mul (z, x, y);
              CHECK (fe_eq_mpz (&r, z), "mul alias");
              /* add */
              r = a;
              _kc_secp256k1_fe_add (&r, &b);
              mpz_add (z, x, y);
              CHECK (fe_eq_mpz (&r, z) && limbs_ok (&r, ma + mb), "add");
              /* negate */
              _kc_secp256k1_fe_negate (&r, &a, ma);
              mpz_neg (z, x);
              CHECK (fe_eq_mpz (&r, z) && limbs_ok (&r, ma + 1), "negate %d", ma);
              /* mul_int */
              r = a;
              _kc_secp256k1_fe_mul_int (&r, 4);
              mpz_mul_ui (z, x, 4);
              CHECK (fe_eq_mpz (&r, z) && limbs_ok (&r, 4 * ma), "mul_int");
            }
  /* half: 2 r = a mod p, limbs within (m >> 1) + 1, for every magnitude
   * up to 31 and every limb distribution (odd and even values, limbs at
   * their bounds) */
  for (ma = 1; ma <= 31; ma++)
    for (ka = 0; ka < 4; ka++)
      for (it = 0; it < 40; it++)
        {
          rand_fe (&a, ma, ka);
          if (it & 1)
            a.n[0] ^= 1;                  /* the other parity */
          if (a.n[0] > 2 * (uint64_t) ma * KC_FE_M52)
            a.n[0] -= 2;
          fe_to_mpz (x, &a);
          r = a;
          _kc_secp256k1_fe_half (&r);
          fe_to_mpz (y, &r);
          mpz_mul_ui (y, y, 2);
          mpz_sub (y, y, x);
          CHECK (mpz_divisible_p (y, P) && limbs_ok (&r, (ma >> 1) + 1),
                 "half mag %d kind %d", ma, ka);
        }
  /* half of 0, 1, p - 1, p (unnormalized) */
  {
    static const unsigned long small[] = { 0, 1, 2 };
    unsigned int i;
    for (i = 0; i < 3; i++)
      {
        _kc_secp256k1_fe_set_int (&a, small[i]);
        r = a;
        _kc_secp256k1_fe_half (&r);
        _kc_secp256k1_fe_normalize (&r);
        mpz_set_ui (z, small[i]);
        if (small[i] & 1)
          mpz_add (z, z, P);
        mpz_tdiv_q_2exp (z, z, 1);
        CHECK (fe_eq_mpz (&r, z), "half %lu", small[i]);
      }
    set_p_plus (&a, 0);
    _kc_secp256k1_fe_half (&a);
    _kc_secp256k1_fe_normalize (&a);
    CHECK (_kc_secp256k1_fe_is_zero (&a), "half p");
    set_p_plus (&a, 0);
    a.n[0] -= 1;                          /* p - 1 */
    _kc_secp256k1_fe_half (&a);
    _kc_secp256k1_fe_normalize (&a);
    mpz_sub_ui (z, P, 1);
    mpz_tdiv_q_2exp (z, z, 1);
    CHECK (fe_eq_mpz (&a, z), "half p - 1");
  }
  mpz_clears (x, y, z, NULL);
}

static void
test_inv_sqrt_bytes (void)
{
  mpz_t x, z;
  fe a, r, s;
  unsigned char b[32], b2[32];
  int it, ok, chosen;
  size_t cnt;

  mpz_inits (x, z, NULL);
  for (it = 0; it < 300; it++)
    {
      rand_fe (&a, 1 + it % 8, it % 3 == 0 ? 1 : 0);
      if (it == 0)
        set_p_plus (&a, 1);        /* value 1, unnormalized */
      fe_to_mpz (x, &a);
      mpz_mod (x, x, P);
      _kc_secp256k1_fe_inv (&r, &a);
      _kc_secp256k1_fe_inv_var (&s, &a);
      if (mpz_sgn (x))
        mpz_invert (z, x, P);
      else
        mpz_set_ui (z, 0);
      CHECK (fe_eq_mpz (&r, z) && is_normalized (&r), "inv %d", it);
      CHECK (fe_eq_mpz (&s, z) && is_normalized (&s), "inv_var %d", it);
      _kc_secp256k1_fe_inv_fermat (&s, &a);
      CHECK (fe_eq_mpz (&s, z) && is_normalized (&s), "inv_fermat %d", it);
      /* the 5x52 square root, then the group's choice (the 4x64 one
       * where that field is chosen) */
      for (chosen = 0; chosen < 2; chosen++)
        {
          ok = chosen ? _kc_secp256k1_fe_sqrt_chosen (&r, &a)
                      : _kc_secp256k1_fe_sqrt (&r, &a);
          CHECK (ok == (mpz_legendre (x, P) >= 0), "sqrt flag %d (%d)", it,
                 chosen);
          if (ok)
            {
              mpz_t rr;
              mpz_init (rr);
              fe_to_mpz (rr, &r);
              mpz_mul (rr, rr, rr);
              CHECK (fe_eq_mpz (&a, rr) && is_normalized (&r),
                     "sqrt value (%d)", chosen);
              mpz_clear (rr);
            }
        }
      /* bytes round trip */
      _kc_secp256k1_fe_normalize (&a);
      _kc_secp256k1_fe_get_b32 (b, &a);
      memset (b2, 0, sizeof b2);
      mpz_export (b2 + 32 - (mpz_sizeinbase (x, 256)), &cnt, 1, 1, 1, 0, x);
      if (mpz_sgn (x) == 0)
        memset (b2, 0, 32);
      CHECK (!memcmp (b, b2, 32), "get_b32 %d", it);
      CHECK (_kc_secp256k1_fe_set_b32 (&r, b) == 1
             && !memcmp (r.n, a.n, sizeof a.n), "set_b32 %d", it);
      memset (&r, 0x5a, sizeof r);
      CHECK (_kc_secp256k1_fe_set_b32_limit (&r, b) == 1
             && !memcmp (r.n, a.n, sizeof a.n) && is_normalized (&r),
             "set_b32_limit %d", it);
    }
  /* the safegcd inverses (constant-time and _var) on many inputs mod p:
   * powers of two, their neighbours, p minus those, random */
  for (it = 0; it < 20000; it++)
    {
      unsigned int k = (unsigned int) (it % 256);
      mpz_set_ui (x, 0);
      switch ((it / 256) % 5)
        {
        case 0: mpz_setbit (x, k); break;
        case 1: mpz_setbit (x, k); mpz_sub_ui (x, x, 1); break;
        case 2: mpz_setbit (x, k); mpz_sub (x, P, x); break;
        default: rand_fe (&a, 1, 0); fe_to_mpz (x, &a); break;
        }
      mpz_mod (x, x, P);
      if (!mpz_sgn (x))
        continue;
      memset (b, 0, 32);
      mpz_export (b + 32 - (mpz_sizeinbase (x, 256)), &cnt, 1, 1, 1, 0, x);
      CHECK (_kc_secp256k1_fe_set_b32 (&a, b) == 1, "set_b32 for inverse");
      _kc_secp256k1_fe_inv (&r, &a);
      mpz_invert (z, x, P);
      CHECK (fe_eq_mpz (&r, z) && is_normalized (&r), "safegcd inverse %d", it);
      _kc_secp256k1_fe_inv_var (&r, &a);
      CHECK (fe_eq_mpz (&r, z) && is_normalized (&r), "safegcd inverse var %d", it);
    }
  /* range check: p - 1 ok, p and above rejected (both forms; the limit
   * form leaves R unusable on a refusal) */
  {
    _kc_secp256k1_fe r2;
    static const unsigned char pm1[32] = {
      0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,
      0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFE,0xFF,0xFF,0xFC,0x2E };
    memcpy (b, pm1, 32);
    CHECK (_kc_secp256k1_fe_set_b32 (&r, b) == 1, "p-1 accepted");
    CHECK (_kc_secp256k1_fe_set_b32_limit (&r2, b) == 1
           && !memcmp (r.n, r2.n, sizeof r.n), "p-1 accepted (limit)");
    b[31] = 0x2F;
    CHECK (_kc_secp256k1_fe_set_b32_limit (&r2, b) == 0, "p rejected (limit)");
    CHECK (_kc_secp256k1_fe_set_b32 (&r, b) == 0 && _kc_secp256k1_fe_is_zero (&r),
           "p rejected");
    b[31] = 0x30;
    CHECK (_kc_secp256k1_fe_set_b32 (&r, b) == 0, "p+1 rejected");
    CHECK (_kc_secp256k1_fe_set_b32_limit (&r2, b) == 0, "p+1 rejected (limit)");
    memset (b, 0xFF, 32);
    CHECK (_kc_secp256k1_fe_set_b32 (&r, b) == 0, "2^256-1 rejected");
    CHECK (_kc_secp256k1_fe_set_b32_limit (&r2, b) == 0,
           "2^256-1 rejected (limit)");
    b[27] = 0xFE; b[28] = 0xFF; b[29] = 0xFF; b[30] = 0xFC; b[31] = 0x2E;
    b[26] = 0xFE;
    CHECK (_kc_secp256k1_fe_set_b32 (&r, b) == 1, "below p in limb 3 accepted");
    CHECK (_kc_secp256k1_fe_set_b32_limit (&r2, b) == 1
           && !memcmp (r.n, r2.n, sizeof r.n), "below p in limb 3 (limit)");
    /* each limb's top at p's: the low limb decides */
    memset (b, 0xFF, 32);
    b[27] = 0xFE; b[31] = 0x2E; b[30] = 0xFC;
    CHECK (_kc_secp256k1_fe_set_b32_limit (&r2, b) == 1, "p-1 again (limit)");
    b[25] = 0xFE;
    CHECK (_kc_secp256k1_fe_set_b32_limit (&r2, b) == 1
           && _kc_secp256k1_fe_set_b32 (&r, b) == 1
           && !memcmp (r.n, r2.n, sizeof r.n), "below p in limb 2 (limit)");
  }
  mpz_clears (x, z, NULL);
}

int
main (int argc, char **argv)
{
  t_init (argc, argv);
  (void) t_unhex; (void) t_hexdump; (void) t_datafile; (void) t_rng_cb;
  t_seed (0x5ec9256b1f1e1dULL);
  mpz_init_set_str (P, "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC2F", 16);
  test_normalize ();
  test_arith ();
  test_inv_sqrt_bytes ();
  mpz_clear (P);
  t_rerun_other_field (argv);   /* sqrt on the 4x64 or the 5x52 field */
  return t_done ("t-secp256k1-field");
}
#endif
