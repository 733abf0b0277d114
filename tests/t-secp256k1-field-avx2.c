/* t-secp256k1-field-avx2.c - the four-lane AVX2 field (nine 29-bit limbs)
 * against the portable 5x52 field, lane by lane: mul, sqr, add, mul_int,
 * negate, cond_negate, cmov, carry, the zero test, load, store,
 * broadcast and the two gathers, on random limbs and on the extremes the
 * contracts allow (every limb at its tight bound for the products,
 * magnitude 32 for the carry, 0 and multiples of p for the zero test).
 * The reference value of a vector of limbs is computed by Horner's rule
 * in the portable field, so no conversion of the code under test is
 * trusted.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Skipped (exit 77) on CPUs without AVX2 or in builds without the x86-64
 * paths. */
#include "kcrypt-int.h"
#include "secp256k1/x86_64/field-avx2.h"
#include "secp256k1/group.h"
#include "t-common.h"

#ifndef KC_HAVE_FE4
int
main (void)
{
  printf ("t-secp256k1-field-avx2: SKIP (no x86-64 AVX2 build)\n");
  return T_SKIP;
}
#else

typedef _kc_secp256k1_fe fe;
#define NL KC_FE4_LIMBS
#define T30 ((1ULL << 30) - 1)          /* tight bounds, inclusive */
#define T25 ((1ULL << 25) - 1)

/* Raw limbs of the four lanes: d[l][i]. */
typedef uint64_t lanes[4][NL];

static KC_FE4_TARGET void
to_vec (_kc_fe4 *r, lanes d)
{
  int i;
  for (i = 0; i < NL; i++)
    r->n[i] = _mm256_set_epi64x ((long long) d[3][i], (long long) d[2][i],
                                 (long long) d[1][i], (long long) d[0][i]);
}

static KC_FE4_TARGET void
from_vec (lanes d, const _kc_fe4 *a)
{
  uint64_t t[4];
  int i, l;
  for (i = 0; i < NL; i++)
    {
      _mm256_storeu_si256 ((__m256i *) (void *) t, a->n[i]);
      for (l = 0; l < 4; l++)
        d[l][i] = t[l];
    }
}

/* The value sum d[i] 2^(29 i) mod p (each d[i] < 2^40), normalized. */
static void
value (fe *r, const uint64_t d[NL])
{
  fe c29, t;
  int i;
  _kc_secp256k1_fe_set_int (&c29, 1ULL << 29);
  _kc_secp256k1_fe_clear (r);
  for (i = NL - 1; i >= 0; i--)
    {
      _kc_secp256k1_fe_mul (r, r, &c29);
      _kc_secp256k1_fe_set_int (&t, d[i] & KC_FE_M52);
      _kc_secp256k1_fe_add (r, &t);
      _kc_secp256k1_fe_normalize_weak (r);
    }
  _kc_secp256k1_fe_normalize (r);
}

static int
value_is (const uint64_t d[NL], const fe *want)
{
  fe a, b = *want;
  value (&a, d);
#ifdef KC_VERIFY
  b.magnitude = 32;
  b.normalized = 0;
#endif
  _kc_secp256k1_fe_normalize (&b);
  return _kc_secp256k1_fe_equal_norm (&a, &b);
}

/* Every limb <= LO (limbs 0..7) resp. TOP (limb 8). */
static int
bounded (const uint64_t d[NL], uint64_t lo, uint64_t top)
{
  int i;
  for (i = 0; i < NL - 1; i++)
    if (d[i] > lo)
      return 0;
  return d[NL - 1] <= top;
}

/* Random limbs up to LO / TOP; a quarter of them exactly at the bound and
 * one in eight 0. */
static void
rand_limbs (uint64_t d[NL], uint64_t lo, uint64_t top)
{
  int i;
  for (i = 0; i < NL; i++)
    {
      uint64_t m = i < NL - 1 ? lo : top, v = t_rand64 ();
      switch (v & 7)
        {
        case 0: case 1: d[i] = m; break;
        case 2: d[i] = 0; break;
        default: d[i] = (v >> 3) % (m + 1); break;
        }
    }
}

/* Magnitude M: limbs up to 2M 2^29 resp. 2M 2^24. */
static void
rand_mag (uint64_t d[NL], int m)
{
  rand_limbs (d, 2 * (uint64_t) m << 29, 2 * (uint64_t) m << 24);
}

static KC_FE4_TARGET void
round_products (int extreme)
{
  lanes a, b, g;
  _kc_fe4 va, vb, vr;
  fe x, y, want;
  int l;

  for (l = 0; l < 4; l++)
    {
      rand_limbs (a[l], T30, T25);
      rand_limbs (b[l], T30, T25);
      if (extreme)
        {
          int i;
          for (i = 0; i < NL; i++)
            a[l][i] = b[l][i] = i < NL - 1 ? T30 : T25;
          if (l & 1)
            a[l][0] = t_rand64 () & 0xff;
          if (l & 2)
            b[l][NL - 1] = 0;
        }
    }
  to_vec (&va, a);
  to_vec (&vb, b);
  _kc_fe4_mul (&vr, &va, &vb);
  from_vec (g, &vr);
  for (l = 0; l < 4; l++)
    {
      value (&x, a[l]);
      value (&y, b[l]);
      _kc_secp256k1_fe_mul (&want, &x, &y);
      CHECK (value_is (g[l], &want), "mul lane %d (extreme %d)", l, extreme);
      CHECK (bounded (g[l], T30, T25), "mul lane %d not tight", l);
    }
  _kc_fe4_sqr (&vr, &va);
  from_vec (g, &vr);
  for (l = 0; l < 4; l++)
    {
      value (&x, a[l]);
      _kc_secp256k1_fe_sqr (&want, &x);
      CHECK (value_is (g[l], &want), "sqr lane %d (extreme %d)", l, extreme);
      CHECK (bounded (g[l], T30, T25), "sqr lane %d not tight", l);
    }
}

static KC_FE4_TARGET void
round_linear (int unused)
{
  static const uint64_t ks[4] = { 2, 3, 4, 8 };
  lanes a, b, g;
  _kc_fe4 va, vb, vr;
  fe x, y, want;
  int l, m = 1 + (int) (t_rand64 () % 15), mask = (int) (t_rand64 () & 15);
  uint64_t k = ks[t_rand64 () & 3];

  for (l = 0; l < 4; l++)
    {
      rand_mag (a[l], m);
      rand_mag (b[l], 31 - m);
    }
  to_vec (&va, a);
  to_vec (&vb, b);
  _kc_fe4_add (&vr, &va, &vb);
  from_vec (g, &vr);
  for (l = 0; l < 4; l++)
    {
      value (&x, a[l]);
      value (&y, b[l]);
      _kc_secp256k1_fe_add (&x, &y);
      CHECK (value_is (g[l], &x), "add lane %d", l);
      CHECK (bounded (g[l], 64ULL << 29, 64ULL << 24), "add lane %d", l);
    }
  _kc_fe4_cond_negate (&vr, &va, m, (unsigned int) mask);
  from_vec (g, &vr);
  for (l = 0; l < 4; l++)
    {
      value (&x, a[l]);
      if ((mask >> l) & 1)
        _kc_secp256k1_fe_negate (&want, &x, 1);
      else
        want = x;
      CHECK (value_is (g[l], &want), "cond_negate lane %d mask %d", l, mask);
      CHECK (bounded (g[l], 2 * (uint64_t) (m + 1) << 29,
                      2 * (uint64_t) (m + 1) << 24), "negate lane %d", l);
    }
  vr = vb;
  _kc_fe4_cmov (&vr, &va, (unsigned int) mask);
  from_vec (g, &vr);
  for (l = 0; l < 4; l++)
    CHECK (!memcmp (g[l], ((mask >> l) & 1) ? a[l] : b[l], sizeof g[l]),
           "cmov lane %d mask %d", l, mask);
  /* mul_int: magnitude 3 at most (limbs below 2^32) */
  for (l = 0; l < 4; l++)
    rand_mag (a[l], 3);
  to_vec (&va, a);
  _kc_fe4_mul_int (&vr, &va, k);
  from_vec (g, &vr);
  for (l = 0; l < 4; l++)
    {
      value (&want, a[l]);
      _kc_secp256k1_fe_mul_int (&want, (int) k);
      CHECK (value_is (g[l], &want), "mul_int %d lane %d", (int) k, l);
    }
}

static KC_FE4_TARGET void
round_carry (int extreme)
{
  lanes a, g;
  _kc_fe4 va, vr, vz;
  fe want;
  unsigned int z;
  int l, i;

  for (l = 0; l < 4; l++)
    {
      rand_mag (a[l], 1 + (int) (t_rand64 () % 32));
      if (extreme)
        for (i = 0; i < NL; i++)
          a[l][i] = i < NL - 1 ? 64ULL << 29 : 64ULL << 24;   /* magnitude 32 */
    }
  to_vec (&va, a);
  vr = va;
  _kc_fe4_carry (&vr);
  from_vec (g, &vr);
  z = _kc_fe4_is_zero_mask (&va);
  for (l = 0; l < 4; l++)
    {
      value (&want, a[l]);
      CHECK (value_is (g[l], &want), "carry lane %d", l);
      CHECK (bounded (g[l], KC_FE4_M29, KC_FE4_M24 + (1u << 7)),
             "carry lane %d: limbs", l);
      CHECK (((z >> l) & 1) == (unsigned int) _kc_secp256k1_fe_is_zero (&want),
             "is_zero_mask lane %d", l);
    }
  /* zero in its forms: 0, p, 2(m+1)p - 0 for several m, p + small */
  _kc_fe4_set_int (&vz, 0);
  _kc_fe4_negate (&vr, &vz, (int) (t_rand64 () % 31));
  for (l = 0; l < 4; l++)
    for (i = 0; i < NL; i++)
      a[l][i] = l == 0 ? 0 : _kc_fe4_p_limb (i);
  a[3][0] += 1 + (t_rand64 () & 0xff);
  to_vec (&va, a);
  z = _kc_fe4_is_zero_mask (&va);
  CHECK (z == 7, "is_zero_mask of 0, p, p, p + k: %x", z);
  z = _kc_fe4_is_zero_mask (&vr);
  CHECK (z == 15, "is_zero_mask of -0: %x", z);
}

/* load, store, broadcast on 5x52 inputs of any magnitude; the gathers. */
static KC_FE4_TARGET void
round_moves (int unused)
{
  fe in[4], out[4], t;
  lanes g;
  _kc_fe4 v, tab[3];
  _kc_secp256k1_ge_storage st[5];
  int64_t e[4];
  int l, i, m;

  for (l = 0; l < 4; l++)
    {
      m = 1 + (int) (t_rand64 () % 32);
      for (i = 0; i < 5; i++)
        in[l].n[i] = t_rand64 () % (2 * (uint64_t) m * (i < 4 ? KC_FE_M52
                                                           : KC_FE_M48) + 1);
#ifdef KC_VERIFY
      in[l].magnitude = m;
      in[l].normalized = 0;
#endif
    }
  _kc_fe4_load (&v, in);
  from_vec (g, &v);
  for (l = 0; l < 4; l++)
    {
      CHECK (value_is (g[l], &in[l]), "load lane %d", l);
      CHECK (bounded (g[l], KC_FE4_M29, T25), "load lane %d: limbs", l);
    }
  _kc_fe4_store (out, &v);
  for (l = 0; l < 4; l++)
    {
      t = out[l];
      _kc_secp256k1_fe_normalize_weak (&t);     /* checks magnitude 1 */
      CHECK (value_is (g[l], &out[l]), "store lane %d", l);
    }
  _kc_fe4_broadcast (&v, &in[1]);
  from_vec (g, &v);
  for (l = 0; l < 4; l++)
    CHECK (value_is (g[l], &in[1]), "broadcast lane %d", l);
  /* gather: lane l from entry e[l] of three random tables */
  for (i = 0; i < 3; i++)
    {
      lanes d;
      for (l = 0; l < 4; l++)
        rand_limbs (d[l], T30, T25);
      to_vec (&tab[i], d);
    }
  for (l = 0; l < 4; l++)
    e[l] = (int64_t) (t_rand64 () % 3);
  _kc_fe4_gather (&v, tab, e);
  from_vec (g, &v);
  for (l = 0; l < 4; l++)
    {
      lanes d;
      from_vec (d, &tab[e[l]]);
      CHECK (!memcmp (g[l], d[l], sizeof g[l]), "gather lane %d", l);
    }
  /* gather_storage from a table of five normalized points */
  for (i = 0; i < 5; i++)
    {
      fe c[2];
      unsigned char b[32];
      int j;
      for (j = 0; j < 2; j++)
        {
          t_randbytes (b, 32);
          b[0] &= 0x7f;
          if (i == 4)
            {
              memset (b, 0xff, 32);                /* p - 1 */
              b[27] = 0xfe;
              b[30] = 0xfc;
              b[31] = 0x2e;
            }
          CHECK (_kc_secp256k1_fe_set_b32 (&c[j], b), "fe from bytes");
        }
      _kc_secp256k1_fe_normalize (&c[0]);
      _kc_secp256k1_fe_normalize (&c[1]);
      {
        _kc_secp256k1_ge p;
        p.x = c[0];
        p.y = c[1];
        p.infinity = 0;
        _kc_secp256k1_ge_to_storage (&st[i], &p);
      }
    }
  for (l = 0; l < 4; l++)
    e[l] = (int64_t) (t_rand64 () % 5);
  {
    _kc_fe4 vx, vy;
    lanes gx, gy;
    _kc_fe4_gather_storage (&vx, &vy, &st[0].x.n[0], e);
    from_vec (gx, &vx);
    from_vec (gy, &vy);
    for (l = 0; l < 4; l++)
      {
        _kc_secp256k1_ge p;
        _kc_secp256k1_ge_from_storage (&p, &st[e[l]]);
        CHECK (value_is (gx[l], &p.x) && value_is (gy[l], &p.y),
               "gather_storage lane %d", l);
        CHECK (bounded (gx[l], KC_FE4_M29, KC_FE4_M24)
               && bounded (gy[l], KC_FE4_M29, KC_FE4_M24),
               "gather_storage lane %d: limbs", l);
      }
  }
}

/* The rounds, each with its count and argument (-1: the round's index,
 * for the extreme inputs of the first rounds). */
static const struct
{
  void (*fn) (int);
  int count, arg;
} rounds[] = {
  { round_products, 3000, 0 },
  { round_products, 16, 1 },
  { round_linear, 2000, 0 },
  { round_carry, 2000, -1 },
  { round_moves, 300, 0 },
};

int
main (int argc, char **argv)
{
  size_t k;
  int i;

  t_init (argc, argv);
  if (!_kc_fe4_usable ())
    {
      printf ("t-secp256k1-field-avx2: SKIP (CPU without AVX2)\n");
      return T_SKIP;
    }
  t_seed (0xa72);
  for (k = 0; k < KC_DIM (rounds); k++)
    for (i = 0; i < rounds[k].count; i++)
      rounds[k].fn (rounds[k].arg < 0 ? i < 8 : rounds[k].arg);
  return t_done ("t-secp256k1-field-avx2");
}
#endif
