/* t-secp256k1-scalar.c - scalars mod n against GMP: bytes with overflow,
 * add, negate, mul, inverse, is_high, and the GLV split (sum and size).
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "secp256k1/scalar.h"
#include "t-common.h"

#ifndef HAVE_GMP
int
main (void)
{
  printf ("t-secp256k1-scalar: SKIP (no GMP)\n");
  return T_SKIP;
}
#else
#include <gmp.h>

typedef _kc_secp256k1_scalar sc;
static mpz_t N, LAMBDA;

static void
sc_to_mpz (mpz_t z, const sc *a)
{
  /* four 64-bit limbs, least significant first, in host byte order (not
   * through an unsigned long, which may be 32 bits) */
  mpz_import (z, 4, -1, sizeof a->d[0], 0, 0, a->d);
}

static void
bytes_to_mpz (mpz_t z, const unsigned char b[32])
{
  mpz_import (z, 32, 1, 1, 1, 0, b);
}

static int
sc_eq_mpz (const sc *a, const mpz_t z)
{
  mpz_t t, u;
  int r;
  mpz_inits (t, u, NULL);
  sc_to_mpz (t, a);
  mpz_mod (u, z, N);
  r = !mpz_cmp (t, u);
  mpz_clears (t, u, NULL);
  return r;
}

/* Random 32 bytes, biased to edges: near 0, near n, near 2^256, n/2. */
static void
rand_b32 (unsigned char b[32], int it)
{
  static const unsigned char nb[32] = {
    0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFE,
    0xBA,0xAE,0xDC,0xE6,0xAF,0x48,0xA0,0x3B,0xBF,0xD2,0x5E,0x8C,0xD0,0x36,0x41,0x41 };
  int k = it % 8, i;
  t_randbytes (b, 32);
  switch (k)
    {
    case 1: memset (b, 0, 31); b[31] &= 3; break;
    case 2: memcpy (b, nb, 32); b[31] += (unsigned char) (t_rand64 () % 5) - 2; break;
    case 3: memset (b, 0xFF, 32); b[31] -= (unsigned char) (t_rand64 () & 3); break;
    case 4: memcpy (b, nb, 32);               /* (n-1)/2 region */
      for (i = 31; i > 0; i--)
        b[i] = (unsigned char) (b[i] >> 1 | b[i - 1] << 7);
      b[0] >>= 1;
      b[31] += (unsigned char) (t_rand64 () % 3);
      break;
    case 5: memset (b, 0, 16); break;
    default: break;
    }
}

int
main (int argc, char **argv)
{
  mpz_t x, y, z, h;
  sc a, b, r, r1, r2;
  unsigned char ba[32], bb[32], out[32];
  int it, of;

  t_init (argc, argv);
  (void) t_unhex; (void) t_hexdump; (void) t_datafile; (void) t_rng_cb;
  t_seed (0x5ca1a25ecULL);
  mpz_init_set_str (N, "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141", 16);
  mpz_init_set_str (LAMBDA, "5363AD4CC05C30E0A5261C028812645A122E22EA20816678DF02967C1B23BD72", 16);
  mpz_inits (x, y, z, h, NULL);
  mpz_fdiv_q_2exp (h, N, 1);      /* (n-1)/2 */

  for (it = 0; it < 4000; it++)
    {
      rand_b32 (ba, it);
      rand_b32 (bb, it / 8);
      bytes_to_mpz (x, ba);
      bytes_to_mpz (y, bb);
      _kc_secp256k1_scalar_set_b32 (&a, ba, &of);
      CHECK (sc_eq_mpz (&a, x) && of == (mpz_cmp (x, N) >= 0), "set_b32 %d", it);
      _kc_secp256k1_scalar_set_b32 (&b, bb, NULL);
      mpz_mod (x, x, N);
      mpz_mod (y, y, N);
      _kc_secp256k1_scalar_get_b32 (out, &a);
      bytes_to_mpz (z, out);
      CHECK (!mpz_cmp (z, x), "get_b32 %d", it);

      of = _kc_secp256k1_scalar_add (&r, &a, &b);
      mpz_add (z, x, y);
      CHECK (sc_eq_mpz (&r, z) && of == (mpz_cmp (z, N) >= 0), "add %d", it);
      _kc_secp256k1_scalar_mul (&r, &a, &b);
      mpz_mul (z, x, y);
      CHECK (sc_eq_mpz (&r, z), "mul %d", it);
      r = a;
      _kc_secp256k1_scalar_mul (&r, &r, &r);
      mpz_mul (z, x, x);
      CHECK (sc_eq_mpz (&r, z), "sqr alias %d", it);
      _kc_secp256k1_scalar_negate (&r, &a);
      mpz_neg (z, x);
      CHECK (sc_eq_mpz (&r, z), "negate %d", it);
      r = a;
      _kc_secp256k1_scalar_cond_negate (&r, it & 1);
      if (!(it & 1))
        mpz_set (z, x);
      CHECK (sc_eq_mpz (&r, z), "cond_negate %d", it);
      CHECK (_kc_secp256k1_scalar_is_high (&a) == (mpz_cmp (x, h) > 0),
             "is_high %d", it);
      CHECK (_kc_secp256k1_scalar_is_zero (&a) == (mpz_sgn (x) == 0), "is_zero");
      if (it < 2000)
        {
          _kc_secp256k1_scalar_inv (&r, &a);
          _kc_secp256k1_scalar_inv_var (&r1, &a);
          if (mpz_sgn (x))
            mpz_invert (z, x, N);
          else
            mpz_set_ui (z, 0);
          CHECK (sc_eq_mpz (&r, z) && sc_eq_mpz (&r1, z), "inv %d", it);
          _kc_secp256k1_scalar_inv_fermat (&r, &a);
          CHECK (sc_eq_mpz (&r, z), "inv_fermat %d", it);
        }
      /* GLV split: r1 + r2*lambda = a, |r1|, |r2| < 2^128 */
      _kc_secp256k1_scalar_split_lambda (&r1, &r2, &a);
      {
        mpz_t s1, s2;
        mpz_inits (s1, s2, NULL);
        sc_to_mpz (s1, &r1);
        sc_to_mpz (s2, &r2);
        mpz_mul (z, s2, LAMBDA);
        mpz_add (z, z, s1);
        CHECK (sc_eq_mpz (&a, z), "split sum %d", it);
        if (mpz_cmp (s1, h) > 0)
          mpz_sub (s1, N, s1);
        if (mpz_cmp (s2, h) > 0)
          mpz_sub (s2, N, s2);
        CHECK (mpz_sizeinbase (s1, 2) <= 128 && mpz_sizeinbase (s2, 2) <= 128,
               "split size %d: %d %d", it, (int) mpz_sizeinbase (s1, 2),
               (int) mpz_sizeinbase (s2, 2));
        mpz_clears (s1, s2, NULL);
      }
      /* get_bits */
      {
        unsigned int off = (unsigned int) (t_rand64 () % 250), cnt = 1 + (unsigned int) (t_rand64 () % 6);
        mpz_fdiv_q_2exp (z, x, off);
        CHECK (_kc_secp256k1_scalar_get_bits (&a, off, cnt)
               == (mpz_get_ui (z) & ((1u << cnt) - 1)), "get_bits");
      }
    }
  /* the safegcd inverse on many inputs: random, powers of two and their
   * neighbours, n minus those, long runs of ones (the divstep count is
   * data dependent; the verify build also checks convergence) */
  for (it = 0; it < 30000; it++)
    {
      unsigned int k = (unsigned int) (it % 256);
      mpz_set_ui (x, 0);
      switch ((it / 256) % 6)
        {
        case 0: mpz_setbit (x, k); break;
        case 1: mpz_setbit (x, k); mpz_sub_ui (x, x, 1); break;
        case 2: mpz_setbit (x, k); mpz_sub (x, N, x); break;
        case 3: mpz_setbit (x, k); mpz_add_ui (x, x, 1); break;
        default:
          t_randbytes (ba, 32);
          bytes_to_mpz (x, ba);
          break;
        }
      mpz_mod (x, x, N);
      if (!mpz_sgn (x))
        continue;
      memset (ba, 0, 32);
      mpz_export (ba + 32 - (mpz_sizeinbase (x, 256)), NULL, 1, 1, 1, 0, x);
      _kc_secp256k1_scalar_set_b32 (&a, ba, NULL);
      _kc_secp256k1_scalar_inv (&r, &a);
      mpz_invert (z, x, N);
      CHECK (sc_eq_mpz (&r, z), "safegcd inverse, case %d", it);
      _kc_secp256k1_scalar_inv_var (&r, &a);
      CHECK (sc_eq_mpz (&r, z), "safegcd inverse var, case %d", it);
    }
  mpz_clears (x, y, z, h, N, LAMBDA, NULL);
  return t_done ("t-secp256k1-scalar");
}
#endif
