/* t-secp256k1-field-ifma.c - the eight-lane AVX-512 IFMA field against the
 * portable 5x52 field, lane by lane: mul, sqr, add, negate, carry,
 * normalize, the zero test, inversion, the square-root exponentiation and
 * Montgomery's batch inversion, on
 * random inputs and on the extremes the contracts allow (every limb at its
 * bound: tight inputs for the products, magnitude 32 for the
 * normalizations).
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Runs natively (valgrind does not run AVX-512); skipped (exit 77) on CPUs
 * without IFMA or in builds without the x86-64 paths. */
#include "kcrypt-int.h"
#include "secp256k1/x86_64/field-ifma.h"
#include "t-common.h"

#ifndef KC_HAVE_FE8
int
main (void)
{
  printf ("t-secp256k1-field-ifma: SKIP (no x86-64 IFMA build)\n");
  return T_SKIP;
}
#else

typedef _kc_secp256k1_fe fe;

static void
set_mag (fe *a, int mag)
{
#ifdef KC_VERIFY
  a->magnitude = mag;
  a->normalized = 0;
#endif
  (void) a;
  (void) mag;
}

/* A random element whose limbs are at most the given bounds; with
 * probability 1/4 a limb is exactly at its bound. */
static void
rand_fe (fe *a, uint64_t lo_max, uint64_t top_max, int mag)
{
  int i;
  for (i = 0; i < 5; i++)
    {
      uint64_t m = i < 4 ? lo_max : top_max, v = t_rand64 ();
      switch (t_rand64 () & 7)
        {
        case 0: case 1: v = m; break;
        case 2: v = 0; break;
        default: v %= m + 1; break;
        }
      a->n[i] = v;
    }
  set_mag (a, mag);
}

/* Tight: every limb < 2^52 (the IFMA products' precondition).  The top
 * limb may exceed the portable product's magnitude 8: the references
 * take the weakly normalized copy (ref_in). */
static void
rand_tight (fe *a)
{
  rand_fe (a, KC_FE_M52, KC_FE_M52, 32);
}

static fe
ref_in (const fe *a)
{
  fe t = *a;
  _kc_secp256k1_fe_normalize_weak (&t);
  return t;
}

static void
rand_mag (fe *a, int mag)
{
  rand_fe (a, 2 * (uint64_t) mag * KC_FE_M52, 2 * (uint64_t) mag * KC_FE_M48,
           mag);
}

/* 1 if X and Y are the same element mod p (both normalized first). */
static int
same (const fe *x, const fe *y)
{
  fe a = *x, b = *y;
  set_mag (&a, 32);
  set_mag (&b, 32);
  _kc_secp256k1_fe_normalize (&a);
  _kc_secp256k1_fe_normalize (&b);
  return _kc_secp256k1_fe_equal_norm (&a, &b);
}

static int
tight (const fe *a, uint64_t top)
{
  return a->n[0] <= KC_FE_M52 && a->n[1] <= KC_FE_M52 && a->n[2] <= KC_FE_M52
         && a->n[3] <= KC_FE_M52 && a->n[4] <= top;
}

static int
limbs_eq (const fe *a, const fe *b)
{
  int i;
  for (i = 0; i < 5; i++)
    if (a->n[i] != b->n[i])
      return 0;
  return 1;
}

KC_FE8_TARGET static void
round_products (int mode)
{
  fe a[8], b[8], got[8], want;
  _kc_fe8 va, vb, vr;
  int l;

  for (l = 0; l < 8; l++)
    {
      if (mode == 0)
        {
          rand_tight (&a[l]);
          rand_tight (&b[l]);
        }
      else
        {
          /* every limb at 2^52 - 1, or p - small, or small */
          int i;
          for (i = 0; i < 4; i++)
            a[l].n[i] = b[l].n[i] = KC_FE_M52;
          a[l].n[4] = b[l].n[4] = KC_FE_M52;
          if (l & 1)
            a[l].n[0] = t_rand64 () & 0xff;
          if (l & 2)
            b[l].n[4] = KC_FE_M48;
          set_mag (&a[l], 32);
          set_mag (&b[l], 32);
        }
    }
  _kc_fe8_load (&va, a);
  _kc_fe8_load (&vb, b);
  _kc_fe8_mul (&vr, &va, &vb);
  _kc_fe8_store (got, &vr);
  for (l = 0; l < 8; l++)
    {
      fe x = ref_in (&a[l]), y = ref_in (&b[l]);
      _kc_secp256k1_fe_mul (&want, &x, &y);
      CHECK (same (&got[l], &want), "mul lane %d (mode %d)", l, mode);
      CHECK (tight (&got[l], (1ULL << 48)), "mul lane %d not tight", l);
    }
  _kc_fe8_sqr (&vr, &va);
  _kc_fe8_store (got, &vr);
  for (l = 0; l < 8; l++)
    {
      fe x = ref_in (&a[l]);
      _kc_secp256k1_fe_sqr (&want, &x);
      CHECK (same (&got[l], &want), "sqr lane %d (mode %d)", l, mode);
      CHECK (tight (&got[l], (1ULL << 48)), "sqr lane %d not tight", l);
    }
}

KC_FE8_TARGET static void
round_linear (void)
{
  fe a[8], b[8], got[8], want;
  _kc_fe8 va, vb, vr;
  int l, m = 1 + (int) (t_rand64 () % 15);

  for (l = 0; l < 8; l++)
    {
      rand_mag (&a[l], m);
      rand_mag (&b[l], 31 - m);
    }
  _kc_fe8_load (&va, a);
  _kc_fe8_load (&vb, b);
  _kc_fe8_add (&vr, &va, &vb);
  _kc_fe8_store (got, &vr);
  for (l = 0; l < 8; l++)
    {
      want = a[l];
      _kc_secp256k1_fe_add (&want, &b[l]);
      CHECK (limbs_eq (&got[l], &want), "add lane %d", l);
    }
  _kc_fe8_negate (&vr, &va, m);
  _kc_fe8_store (got, &vr);
  for (l = 0; l < 8; l++)
    {
      _kc_secp256k1_fe_negate (&want, &a[l], m);
      CHECK (limbs_eq (&got[l], &want), "negate lane %d", l);
    }
  _kc_fe8_cond_negate (&vr, &va, m, 0x5a);
  _kc_fe8_store (got, &vr);
  for (l = 0; l < 8; l++)
    {
      if ((0x5a >> l) & 1)
        _kc_secp256k1_fe_negate (&want, &a[l], m);
      else
        want = a[l];
      CHECK (limbs_eq (&got[l], &want), "cond_negate lane %d", l);
    }
  _kc_fe8_mul_int (&vr, &va, 2);
  _kc_fe8_store (got, &vr);
  for (l = 0; l < 8; l++)
    {
      want = a[l];
      _kc_secp256k1_fe_mul_int (&want, 2);
      CHECK (limbs_eq (&got[l], &want), "mul_int lane %d", l);
    }
}

KC_FE8_TARGET static void
round_normalize (int extreme)
{
  fe a[8], got[8], want;
  _kc_fe8 va, vr;
  __mmask8 z;
  int l;

  for (l = 0; l < 8; l++)
    {
      if (extreme && l < 4)
        {
          /* magnitude 32 at its bound, and values near multiples of p */
          int i;
          for (i = 0; i < 4; i++)
            a[l].n[i] = 64 * KC_FE_M52;
          a[l].n[4] = 64 * KC_FE_M48;
          set_mag (&a[l], 32);
          if (l == 1)
            _kc_secp256k1_fe_clear (&a[l]);
          if (l == 2)
            {
              _kc_secp256k1_fe_set_int (&a[l], 0);
              a[l].n[0] = KC_FE8_P0;
              a[l].n[1] = a[l].n[2] = a[l].n[3] = KC_FE_M52;
              a[l].n[4] = KC_FE_M48;             /* p itself */
              set_mag (&a[l], 1);
            }
          if (l == 3)
            {
              _kc_secp256k1_fe negp;
              _kc_secp256k1_fe_negate (&negp, &a[2], 1);   /* 4p - p */
              a[l] = negp;
            }
        }
      else
        rand_mag (&a[l], 1 + (int) (t_rand64 () % 32));
    }
  _kc_fe8_load (&va, a);
  vr = va;
  _kc_fe8_carry (&vr);
  _kc_fe8_store (got, &vr);
  for (l = 0; l < 8; l++)
    {
      CHECK (same (&got[l], &a[l]), "carry lane %d", l);
      CHECK (tight (&got[l], KC_FE_M48 + (1ULL << 13)), "carry lane %d", l);
    }
  vr = va;
  _kc_fe8_normalize (&vr);
  _kc_fe8_store (got, &vr);
  z = _kc_fe8_is_zero_mask (&va);
  for (l = 0; l < 8; l++)
    {
      want = a[l];
      _kc_secp256k1_fe_normalize (&want);
      CHECK (limbs_eq (&got[l], &want), "normalize lane %d", l);
      CHECK (((z >> l) & 1) == _kc_secp256k1_fe_normalizes_to_zero (&a[l]),
             "is_zero_mask lane %d", l);
    }
}

KC_FE8_TARGET static void
round_inverse (void)
{
  enum { N = 5 };
  fe a[N][8], got[8], want;
  _kc_fe8 va[N], vr[N], scratch[N];
  int l, i;

  for (i = 0; i < N; i++)
    {
      for (l = 0; l < 8; l++)
        rand_tight (&a[i][l]);
      if (i == 0)
        _kc_secp256k1_fe_set_int (&a[0][3], 1);
      _kc_fe8_load (&va[i], a[i]);
    }
  _kc_fe8_inv (&vr[0], &va[0]);
  _kc_fe8_store (got, &vr[0]);
  for (l = 0; l < 8; l++)
    {
      fe x = ref_in (&a[0][l]);
      _kc_secp256k1_fe_inv_var (&want, &x);
      CHECK (same (&got[l], &want), "inv lane %d", l);
    }
  _kc_fe8_sqrt_candidate (&vr[1], &va[1]);
  _kc_fe8_store (got, &vr[1]);
  for (l = 0; l < 8; l++)
    {
      fe x = ref_in (&a[1][l]);
      _kc_secp256k1_fe_sqrt (&want, &x);     /* A^((p+1)/4) either way */
      CHECK (same (&got[l], &want), "sqrt_candidate lane %d", l);
    }
  _kc_fe8_inv_all (vr, va, N, scratch);
  for (i = 0; i < N; i++)
    {
      _kc_fe8_store (got, &vr[i]);
      for (l = 0; l < 8; l++)
        {
          fe x = ref_in (&a[i][l]);
          _kc_secp256k1_fe_inv_var (&want, &x);
          CHECK (same (&got[l], &want), "inv_all %d lane %d", i, l);
        }
    }
}

int
main (int argc, char **argv)
{
  int i;

  t_init (argc, argv);
  if (!_kc_fe8_usable ())
    {
      printf ("t-secp256k1-field-ifma: SKIP (CPU without AVX-512 IFMA)\n");
      return T_SKIP;
    }
  t_seed (0x1f3a);
  for (i = 0; i < 4000; i++)
    round_products (0);
  for (i = 0; i < 16; i++)
    round_products (1);
  for (i = 0; i < 2000; i++)
    round_linear ();
  for (i = 0; i < 2000; i++)
    round_normalize (i < 8);
  for (i = 0; i < 20; i++)
    round_inverse ();
  return t_done ("t-secp256k1-field-ifma");
}
#endif
