/* t-p256-field.c - the P-256 field and scalars (cipher/p256/) against GMP:
 * every operation on edge values (0, 1, 2, m-1, m-2, values near 2^255
 * and 2^256 read from bytes) and random ones, in both kernel sets of
 * mpi/mont.c (the MULX/ADX rows where the CPU has them, then the C
 * kernels with _kc_hwf_set_mask (0)).
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "dispatch.h"
#include "p256/field-mont.h"
#include "p256/scalar-mont.h"
#include "mont.h"
#include "moduli.h"
#include "t-common.h"

#ifndef HAVE_GMP
int
main (void)
{
  printf ("t-p256-field: SKIP (no GMP)\n");
  return T_SKIP;
}
#else
#include <gmp.h>

typedef _kc_p256_fe fe;
typedef _kc_p256_scalar sc;
static mpz_t P, N, R;

static void
bytes_to_mpz (mpz_t z, const unsigned char b[32])
{
  mpz_import (z, 32, 1, 1, 1, 0, b);
}

static void
mpz_to_bytes (unsigned char b[32], const mpz_t z)
{
  size_t cnt;
  memset (b, 0, 32);
  mpz_export (b + 32 - (mpz_sizeinbase (z, 256)), &cnt, 1, 1, 1, 0, z);
}

/* the value of a field element (its bytes, through get_b32) and, checked
 * once here, that its limbs are the Montgomery form of that value */
static void
fe_to_mpz (mpz_t z, const fe *a)
{
  unsigned char b[32];
  mpz_t m, t;
  _kc_p256_fe_get_b32 (b, a);
  bytes_to_mpz (z, b);
  mpz_inits (m, t, NULL);
  mpz_import (m, 4, -1, sizeof a->v[0], 0, 0, a->v);
  mpz_mul (t, z, R);
  mpz_mod (t, t, P);
  CHECK (mpz_cmp (t, m) == 0 && mpz_cmp (m, P) < 0,
         "field element not the reduced Montgomery form of its value");
  mpz_clears (m, t, NULL);
}

static void
sc_to_mpz (mpz_t z, const sc *a)
{
  mpz_import (z, 4, -1, sizeof a->v[0], 0, 0, a->v);
  CHECK (mpz_cmp (z, N) < 0, "scalar not reduced");
}

/* test values as bytes: edge cases first, then random */
#define NVALS 24
static unsigned char vals[NVALS][32];

static void
make_vals (const mpz_t m)
{
  mpz_t t;
  int i;
  mpz_init (t);
  for (i = 0; i < NVALS; i++)
    {
      switch (i)
        {
        case 0: mpz_set_ui (t, 0); break;
        case 1: mpz_set_ui (t, 1); break;
        case 2: mpz_set_ui (t, 2); break;
        case 3: mpz_sub_ui (t, m, 1); break;
        case 4: mpz_sub_ui (t, m, 2); break;
        case 5: mpz_tdiv_q_2exp (t, m, 1); break;                /* (m-1)/2 */
        case 6: mpz_tdiv_q_2exp (t, m, 1); mpz_add_ui (t, t, 1); break;
        case 7: mpz_set_ui (t, 0);
                mpz_setbit (t, 255); break;                      /* 2^255 */
        case 8: mpz_set_ui (t, 0); mpz_setbit (t, 224); break;
        case 9: mpz_set_ui (t, 0); mpz_setbit (t, 64);
                mpz_sub_ui (t, t, 1); break;                     /* 2^64-1 */
        default:
          {
            unsigned char b[32];
            t_randbytes (b, 32);
            bytes_to_mpz (t, b);
            mpz_mod (t, t, m);
          }
        }
      mpz_to_bytes (vals[i], t);
    }
  mpz_clear (t);
}

static void
test_field (void)
{
  mpz_t a, b, want, got;
  fe x, y, r;
  int i, j, ok;
  unsigned char buf[32];

  mpz_inits (a, b, want, got, NULL);
  make_vals (P);
  for (i = 0; i < NVALS; i++)
    {
      CHECK (_kc_p256_fe_set_b32 (&x, vals[i]) == 1, "set_b32 < p");
      bytes_to_mpz (a, vals[i]);
      fe_to_mpz (got, &x);
      CHECK (mpz_cmp (got, a) == 0, "set/get round trip %d", i);
      _kc_p256_fe_get_b32 (buf, &x);
      CHECK (!memcmp (buf, vals[i], 32), "bytes round trip %d", i);
      CHECK (_kc_p256_fe_is_zero (&x) == (mpz_sgn (a) == 0), "is_zero %d", i);
      CHECK (_kc_p256_fe_is_odd (&x) == (int) mpz_odd_p (a), "is_odd %d", i);
      /* inverses */
      _kc_p256_fe_inv (&r, &x);
      fe_to_mpz (got, &r);
      if (mpz_sgn (a))
        mpz_invert (want, a, P);
      else
        mpz_set_ui (want, 0);
      CHECK (mpz_cmp (got, want) == 0, "inv %d", i);
      _kc_p256_fe_inv_var (&r, &x);
      fe_to_mpz (got, &r);
      CHECK (mpz_cmp (got, want) == 0, "inv_var %d", i);
      /* square roots: a^2 always has one, and it squares back */
      _kc_p256_fe_sqr (&y, &x);
      ok = _kc_p256_fe_sqrt (&r, &y);
      CHECK (ok, "sqrt of a square %d", i);
      fe_to_mpz (got, &r);
      mpz_mul (want, got, got);
      mpz_mod (want, want, P);
      mpz_mul (b, a, a);
      mpz_mod (b, b, P);
      CHECK (mpz_cmp (want, b) == 0, "sqrt squares back %d", i);
      ok = _kc_p256_fe_sqrt (&r, &x);
      CHECK (ok == (mpz_sgn (a) == 0 || mpz_legendre (a, P) == 1),
             "sqrt flag vs Legendre %d", i);
      _kc_p256_fe_neg (&r, &x);
      fe_to_mpz (got, &r);
      mpz_neg (want, a);
      mpz_mod (want, want, P);
      CHECK (mpz_cmp (got, want) == 0, "neg %d", i);
      for (j = 0; j < NVALS; j++)
        {
          _kc_p256_fe_set_b32 (&y, vals[j]);
          bytes_to_mpz (b, vals[j]);
          _kc_p256_fe_mul (&r, &x, &y);
          fe_to_mpz (got, &r);
          mpz_mul (want, a, b);
          mpz_mod (want, want, P);
          CHECK (mpz_cmp (got, want) == 0, "mul %d %d", i, j);
          _kc_p256_fe_add (&r, &x, &y);
          fe_to_mpz (got, &r);
          mpz_add (want, a, b);
          mpz_mod (want, want, P);
          CHECK (mpz_cmp (got, want) == 0, "add %d %d", i, j);
          _kc_p256_fe_sub (&r, &x, &y);
          fe_to_mpz (got, &r);
          mpz_sub (want, a, b);
          mpz_mod (want, want, P);
          CHECK (mpz_cmp (got, want) == 0, "sub %d %d", i, j);
          CHECK (_kc_p256_fe_eq (&x, &y) == (mpz_cmp (a, b) == 0), "eq");
          r = x;
          _kc_p256_fe_cmov (&r, &y, j & 1);
          CHECK (_kc_p256_fe_eq (&r, (j & 1) ? &y : &x), "cmov");
        }
      _kc_p256_fe_sqr (&r, &x);
      fe_to_mpz (got, &r);
      mpz_mul (want, a, a);
      mpz_mod (want, want, P);
      CHECK (mpz_cmp (got, want) == 0, "sqr %d", i);
    }
  /* bytes >= p: refused, reduced */
  for (i = 0; i < 4; i++)
    {
      unsigned char b2[32];
      mpz_set (a, P);
      if (i == 1) mpz_add_ui (a, a, 1);
      if (i == 2) { mpz_set_ui (a, 0); mpz_setbit (a, 256); mpz_sub_ui (a, a, 1); }
      if (i == 3) mpz_sub_ui (a, a, 1);
      mpz_to_bytes (b2, a);
      ok = _kc_p256_fe_set_b32 (&x, b2);
      CHECK (ok == (i == 3), "set_b32 flag %d", i);
      fe_to_mpz (got, &x);
      mpz_mod (want, a, P);
      CHECK (mpz_cmp (got, want) == 0, "set_b32 reduces %d", i);
    }
  mpz_clears (a, b, want, got, NULL);
}

static void
test_scalar (void)
{
  mpz_t a, b, want, got, half;
  sc x, y, r;
  int i, j, of;

  mpz_inits (a, b, want, got, half, NULL);
  mpz_tdiv_q_2exp (half, N, 1);
  make_vals (N);
  for (i = 0; i < NVALS; i++)
    {
      of = _kc_p256_scalar_set_b32 (&x, vals[i]);
      CHECK (of == 0, "scalar set_b32 < n");
      bytes_to_mpz (a, vals[i]);
      sc_to_mpz (got, &x);
      CHECK (mpz_cmp (got, a) == 0, "scalar round trip %d", i);
      CHECK (_kc_p256_scalar_is_high (&x) == (mpz_cmp (a, half) > 0),
             "is_high %d", i);
      CHECK (_kc_p256_scalar_is_zero (&x) == (mpz_sgn (a) == 0), "sc zero");
      _kc_p256_scalar_inv (&r, &x);
      sc_to_mpz (got, &r);
      if (mpz_sgn (a))
        mpz_invert (want, a, N);
      else
        mpz_set_ui (want, 0);
      CHECK (mpz_cmp (got, want) == 0, "scalar inv %d", i);
      _kc_p256_scalar_inv_var (&r, &x);
      sc_to_mpz (got, &r);
      CHECK (mpz_cmp (got, want) == 0, "scalar inv_var %d", i);
      _kc_p256_scalar_neg (&r, &x);
      sc_to_mpz (got, &r);
      mpz_neg (want, a);
      mpz_mod (want, want, N);
      CHECK (mpz_cmp (got, want) == 0, "scalar neg %d", i);
      r = x;
      _kc_p256_scalar_cond_neg (&r, i & 1);
      sc_to_mpz (got, &r);
      if (!(i & 1))
        mpz_set (want, a);
      CHECK (mpz_cmp (got, want) == 0, "scalar cond_neg %d", i);
      for (j = 0; j < 256; j += 7)
        {
          unsigned int cnt = 1 + (unsigned int) (j % 31), w;
          if (j + cnt > 256)
            cnt = 256 - (unsigned int) j;
          w = _kc_p256_scalar_bits (&x, (unsigned int) j, cnt);
          mpz_tdiv_q_2exp (want, a, (unsigned long) j);
          mpz_fdiv_r_2exp (want, want, cnt);
          CHECK (w == mpz_get_ui (want), "bits %d %d", i, j);
        }
      for (j = 0; j < NVALS; j++)
        {
          _kc_p256_scalar_set_b32 (&y, vals[j]);
          bytes_to_mpz (b, vals[j]);
          _kc_p256_scalar_mul (&r, &x, &y);
          sc_to_mpz (got, &r);
          mpz_mul (want, a, b);
          mpz_mod (want, want, N);
          CHECK (mpz_cmp (got, want) == 0, "scalar mul %d %d", i, j);
          _kc_p256_scalar_add (&r, &x, &y);
          sc_to_mpz (got, &r);
          mpz_add (want, a, b);
          mpz_mod (want, want, N);
          CHECK (mpz_cmp (got, want) == 0, "scalar add %d %d", i, j);
          CHECK (_kc_p256_scalar_eq (&x, &y) == (mpz_cmp (a, b) == 0),
                 "scalar eq");
        }
    }
  for (i = 0; i < 3; i++)
    {
      unsigned char b2[32];
      mpz_set (a, N);
      if (i == 1) { mpz_set_ui (a, 0); mpz_setbit (a, 256); mpz_sub_ui (a, a, 1); }
      if (i == 2) mpz_sub_ui (a, a, 1);
      mpz_to_bytes (b2, a);
      of = _kc_p256_scalar_set_b32 (&x, b2);
      CHECK (of == (i != 2), "scalar overflow flag %d", i);
      sc_to_mpz (got, &x);
      mpz_mod (want, a, N);
      CHECK (mpz_cmp (got, want) == 0, "scalar reduces %d", i);
    }
  mpz_clears (a, b, want, got, half, NULL);
}

/* mpi/mont-p256.c's kernels on limbs: the dispatched ones, the C
 * forms, and the generic N = 4 kernels with p's constants, each against
 * GMP's a b 2^-256 mod p, on edge values (0, 1, p-1, p-2, words of all
 * ones and of p's own patterns, the largest products) and random ones. */
static const uint64_t kwords[] = {
  0, 1, 2, 0xffffffffULL, 0x100000000ULL, 0x8000000000000000ULL,
  0xffffffffffffffffULL, 0xfffffffffffffffeULL, 0xffffffff00000000ULL,
  0xffffffff00000001ULL, 0xfffffffeffffffffULL, 0x00000000fffffffeULL
};
#define NKW (sizeof kwords / sizeof kwords[0])

/* a random value below p: a limb vector from KWORDS or random bits,
 * reduced; or one of the fixed edges */
static void
kernel_value (uint64_t v[4], mpz_t z, unsigned int i)
{
  unsigned char b[32];
  int j;

  mpz_set_ui (z, 0);
  switch (i)
    {
    case 0: break;
    case 1: mpz_set_ui (z, 1); break;
    case 2: mpz_sub_ui (z, P, 1); break;
    case 3: mpz_sub_ui (z, P, 2); break;
    case 4: mpz_setbit (z, 255); break;
    case 5: mpz_setbit (z, 256); mpz_sub (z, z, P);      /* R - 1 mod p */
            mpz_sub_ui (z, z, 1); break;
    default:
      t_randbytes (b, 32);
      if (i & 1)
        bytes_to_mpz (z, b);            /* random bits */
      else
        {
          /* words from KWORDS, chosen by random bytes */
          mpz_t w;
          mpz_init (w);
          for (j = 3; j >= 0; j--)
            {
              mpz_mul_2exp (z, z, 64);
              mpz_import (w, 1, 1, sizeof kwords[0], 0, 0,
                          &kwords[b[j] % NKW]);
              mpz_add (z, z, w);
            }
          mpz_clear (w);
        }
      mpz_mod (z, z, P);
    }
  memset (v, 0, 4 * sizeof v[0]);
  mpz_export (v, NULL, -1, sizeof v[0], 0, 0, z);
}

static void
test_kernel (void)
{
  const _kc_named_modulus *pm = &_kc_modulus_p256_p;
  mpz_t a, b, want, got, rinv;
  uint64_t x[4], y[4], r[4];
  unsigned int i, k;

  mpz_inits (a, b, want, got, rinv, NULL);
  CHECK (pm->m0inv == 1, "p256_p's m0inv");
  mpz_invert (rinv, R, P);
  for (i = 0; i < 3000; i++)
    {
      /* every pair of the six edges, then random ones of both kinds */
      kernel_value (x, a, i < 36 ? i % 6 : 6 + i);
      kernel_value (y, b, i < 36 ? i / 6 : 6 + 3 * i);
      mpz_mul (want, a, b);
      mpz_mul (want, want, rinv);
      mpz_mod (want, want, P);
      for (k = 0; k < 4; k++)
        {
          memset (r, 0xa5, sizeof r);
          switch (k)
            {
            case 0: _kc_mont_mul_redc_p256 (r, x, y); break;
            case 1: _kc_mont_mul_redc_p256_c (r, x, y); break;
            case 2: _kc_mont_mul_redc_4 (r, x, y, pm->m, pm->m0inv); break;
            case 3: memcpy (r, x, sizeof r);
                    _kc_mont_mul_redc_p256 (r, r, y); break;   /* alias */
            }
          mpz_import (got, 4, -1, sizeof r[0], 0, 0, r);
          CHECK (mpz_cmp (got, want) == 0, "p256 redc mul kernel %u, %u",
                 k, i);
        }
      mpz_mul (want, a, a);
      mpz_mul (want, want, rinv);
      mpz_mod (want, want, P);
      for (k = 0; k < 4; k++)
        {
          memset (r, 0x5a, sizeof r);
          switch (k)
            {
            case 0: _kc_mont_sqr_redc_p256 (r, x); break;
            case 1: _kc_mont_sqr_redc_p256_c (r, x); break;
            case 2: _kc_mont_sqr_redc_4 (r, x, pm->m, pm->m0inv); break;
            case 3: memcpy (r, x, sizeof r);
                    _kc_mont_sqr_redc_p256 (r, r); break;
            }
          mpz_import (got, 4, -1, sizeof r[0], 0, 0, r);
          CHECK (mpz_cmp (got, want) == 0, "p256 redc sqr kernel %u, %u",
                 k, i);
        }
    }
  mpz_clears (a, b, want, got, rinv, NULL);
}

int
main (int argc, char **argv)
{
  int pass;

  t_init (argc, argv);
  t_seed (0x256f);
  mpz_inits (P, N, R, NULL);
  mpz_set_str (P, "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff", 16);
  mpz_set_str (N, "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551", 16);
  mpz_set_ui (R, 0);
  mpz_setbit (R, 256);
  for (pass = 0; pass < 2; pass++)
    {
      /* pass 0: the CPU's kernels; pass 1: the C kernels */
      _kc_hwf_set_mask (pass ? 0 : ~0u);
      test_kernel ();
      test_field ();
      test_scalar ();
    }
  _kc_hwf_set_mask (~0u);
  mpz_clears (P, N, R, NULL);
  return t_done ("t-p256-field");
}
#endif
