/* t-secp256k1-msm.c - the multi-scalar multiplications of
 * secp256k1/msm.c (Strauss and Pippenger, and the size dispatch) against
 * the slow obvious sum of one _kc_secp256k1_ecmult_var per term, for
 * 0 .. 256 points: random scalars, zero, one, n - 1, 128-bit ones,
 * repeated points, a point beside its negation with the same scalar (the
 * terms cancel), terms whose sum is infinity, and a NULL or zero NG.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "secp256k1/msm.h"
#include "t-common.h"

typedef _kc_secp256k1_scalar scalar;
typedef _kc_secp256k1_ge ge;
typedef _kc_secp256k1_gej gej;

#define MAXN KC_MSM_MAX_POINTS

static ge pts[MAXN];
static scalar sc[MAXN];

static void
rand_scalar (scalar *s, int kind)
{
  unsigned char b[32];
  t_randbytes (b, 32);
  switch (kind)
    {
    case 0: _kc_secp256k1_scalar_set_int (s, 0); return;
    case 1: _kc_secp256k1_scalar_set_int (s, 1); return;
    case 2: _kc_secp256k1_scalar_set_int (s, 1);
            _kc_secp256k1_scalar_negate (s, s); return;      /* n - 1 */
    case 3: memset (b, 0, 16); break;                         /* 128 bits */
    default: break;
    }
  _kc_secp256k1_scalar_set_b32 (s, b, NULL);
}

static void
rand_point (ge *p)
{
  scalar k;
  gej j;
  rand_scalar (&k, 9);
  if (_kc_secp256k1_scalar_is_zero (&k))
    _kc_secp256k1_scalar_set_int (&k, 7);
  _kc_secp256k1_ecmult_gen (&j, &k);
  _kc_secp256k1_ge_set_gej_var (p, &j);
}

/* A's affine coordinates as 64 bytes (normalized by get_b32), or zeros
 * for infinity. */
static void
encode (unsigned char out[64], const gej *a)
{
  ge x;
  memset (out, 0, 64);
  if (a->infinity)
    return;
  _kc_secp256k1_ge_set_gej_var (&x, a);
  _kc_secp256k1_fe_normalize_var (&x.x);
  _kc_secp256k1_fe_normalize_var (&x.y);
  _kc_secp256k1_fe_get_b32 (out, &x.x);
  _kc_secp256k1_fe_get_b32 (out + 32, &x.y);
}

/* 1 if A and B are the same point. */
static int
same (const gej *a, const gej *b)
{
  unsigned char ea[64], eb[64];
  encode (ea, a);
  encode (eb, b);
  return a->infinity == b->infinity && !memcmp (ea, eb, 64);
}

static void
reference (gej *r, const scalar *ng, size_t n)
{
  gej t, inf;
  scalar zero;
  size_t i;
  _kc_secp256k1_scalar_set_int (&zero, 0);
  _kc_secp256k1_gej_set_infinity (&inf);
  _kc_secp256k1_ecmult_var (r, &inf, &zero, ng ? ng : &zero);
  for (i = 0; i < n; i++)
    {
      _kc_secp256k1_gej_set_ge (&t, &pts[i]);
      _kc_secp256k1_ecmult_var (&t, &t, &sc[i], &zero);
      _kc_secp256k1_gej_add_var (r, r, &t);
    }
}

static void
check (size_t n, const scalar *ng, const char *what)
{
  gej want, got;
  reference (&want, ng, n);
  _kc_secp256k1_msm_strauss_var (&got, ng, pts, sc, n);
  CHECK (same (&got, &want), "%s, %zu points: Strauss", what, n);
  _kc_secp256k1_msm_pippenger_var (&got, ng, pts, sc, n);
  CHECK (same (&got, &want), "%s, %zu points: Pippenger", what, n);
  _kc_secp256k1_msm_var (&got, ng, pts, sc, n);
  CHECK (same (&got, &want), "%s, %zu points: dispatch", what, n);
}

static void
random_sets (size_t n)
{
  scalar ng;
  size_t i;
  for (i = 0; i < n; i++)
    {
      int kind = (int) (t_rand64 () % 12);
      rand_point (&pts[i]);
      rand_scalar (&sc[i], kind);
      if (i && kind == 4)
        pts[i] = pts[t_rand64 () % i];               /* repeated point */
      if (i && kind == 5)
        {
          size_t j = t_rand64 () % i;                 /* -P_j, same scalar */
          _kc_secp256k1_ge_neg (&pts[i], &pts[j]);
          sc[i] = sc[j];
        }
    }
  rand_scalar (&ng, (int) (t_rand64 () % 6));
  check (n, &ng, "random");
  check (n, NULL, "random, no G");
}

/* Terms that sum to infinity: P_i and scalars with a G term paying for
 * them (NG = -sum k_i sc_i for P_i = k_i G). */
static void
zero_sum (size_t n)
{
  scalar ng, k, t;
  gej j, got;
  size_t i;
  _kc_secp256k1_scalar_set_int (&ng, 0);
  for (i = 0; i < n; i++)
    {
      rand_scalar (&k, 9);
      if (_kc_secp256k1_scalar_is_zero (&k))
        _kc_secp256k1_scalar_set_int (&k, 3);
      if (i % 3 == 2)
        _kc_secp256k1_scalar_set_int (&k, 5);       /* repeats */
      _kc_secp256k1_ecmult_gen (&j, &k);
      _kc_secp256k1_ge_set_gej_var (&pts[i], &j);
      rand_scalar (&sc[i], (int) (t_rand64 () % 12));
      _kc_secp256k1_scalar_mul (&t, &k, &sc[i]);
      _kc_secp256k1_scalar_add (&ng, &ng, &t);
    }
  _kc_secp256k1_scalar_negate (&ng, &ng);
  _kc_secp256k1_msm_strauss_var (&got, &ng, pts, sc, n);
  CHECK (got.infinity, "zero sum, %zu points: Strauss", n);
  _kc_secp256k1_msm_pippenger_var (&got, &ng, pts, sc, n);
  CHECK (got.infinity, "zero sum, %zu points: Pippenger", n);
  /* and one scalar off by one: not infinity */
  if (n)
    {
      _kc_secp256k1_scalar_set_int (&t, 1);
      _kc_secp256k1_scalar_add (&sc[n - 1], &sc[n - 1], &t);
      _kc_secp256k1_msm_pippenger_var (&got, &ng, pts, sc, n);
      CHECK (!got.infinity, "zero sum + P, %zu points: Pippenger", n);
      _kc_secp256k1_msm_strauss_var (&got, &ng, pts, sc, n);
      CHECK (!got.infinity, "zero sum + P, %zu points: Strauss", n);
    }
}

int
main (int argc, char **argv)
{
  /* up to KC_MSM_MAX_POINTS, the most a call takes */
  static const size_t sizes[] = { 0, 1, 2, 3, 5, 7, 8, 9, 15, 16, 17, 31, 32,
                                  33, 63, 64, 65, 95, 96, 97, MAXN - 1,
                                  MAXN };
  size_t i;

  t_init (argc, argv);
  t_seed (0x35e1);
  for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
    {
      random_sets (sizes[i]);
      zero_sum (sizes[i]);
    }
  return t_done ("t-secp256k1-msm");
}
