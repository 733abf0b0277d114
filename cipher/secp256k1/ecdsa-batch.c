/* secp256k1/ecdsa-batch.c - many ECDSA verifications per call: the choice between
 * the lane kernels (eight AVX-512 IFMA lanes, four AVX2 lanes) and the
 * single verification (contracts in secp256k1/ecdsa-batch.h).
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "secp256k1/ecdsa-batch.h"
#include "secp256k1/ecdsa.h"
#include "secp256k1/x86_64/ecmult-lanes.h"

typedef _kc_secp256k1_scalar scalar;

#define MAX_LANES 8

typedef unsigned int (*ecmult_lanes_fn) (_kc_secp256k1_fe *, _kc_secp256k1_fe *,
                                         _kc_secp256k1_fe *, const scalar *,
                                         const scalar *,
                                         const _kc_secp256k1_ge *);

/* One row per path: its lanes, the fewest items worth a kernel call (the
 * kernel costs the same for one lane as for all: the AVX2 lanes are
 * faster than the single verification only when all four are used), its
 * kernel, its test of the CPU, and whether the dispatcher may take it (a
 * path measured slower than the one below it is kept for the tests and
 * the benchmarks, but never picked; doc/MEASUREMENTS has the figures). */
struct lane_path
{
  int lanes;
  size_t min_items;
  ecmult_lanes_fn ecmult;
  int (*usable) (void);
  int pick;
};

static int
portable_usable (void)
{
  return 1;
}

static const struct lane_path paths[KC_ECDSA_BATCH_NPATHS] = {
  { 1, 0, NULL, portable_usable, 1 },
#ifdef KC_HAVE_FE4
  { 4, 4, _kc_secp256k1_ecmult4_avx2, _kc_fe4_usable, 1 },
#else
  { 4, 4, NULL, NULL, 0 },
#endif
#ifdef KC_HAVE_FE8
  { 8, 3, _kc_secp256k1_ecmult8_ifma, _kc_fe8_usable, 1 },
#else
  { 8, 3, NULL, NULL, 0 },
#endif
};

int
_kc_ecdsa_batch_path_usable (int path)
{
  return path >= 0 && path < KC_ECDSA_BATCH_NPATHS && paths[path].usable
         && paths[path].usable ();
}

int
_kc_ecdsa_batch_path_lanes (int path)
{
  return paths[path].lanes;
}

int
_kc_ecdsa_batch_path (void)
{
  int p;
  for (p = KC_ECDSA_BATCH_NPATHS - 1; p > 0; p--)
    if (paths[p].pick && _kc_ecdsa_batch_path_usable (p))
      return p;
  return KC_ECDSA_BATCH_PORTABLE;
}

/* Exactly P->lanes items in the lanes. */
static void
verify_lanes (const struct lane_path *p, int *ok, const scalar *r,
              const scalar *s, const _kc_secp256k1_ge *pub, const scalar *m)
{
  scalar w[MAX_LANES], u1[MAX_LANES], u2[MAX_LANES], acc;
  _kc_secp256k1_fe x[MAX_LANES], y[MAX_LANES], z[MAX_LANES];
  unsigned int bad;
  int l, n = p->lanes;

  /* w = 1/s for all lanes by Montgomery's trick (one inversion) */
  w[0] = s[0];
  for (l = 1; l < n; l++)
    _kc_secp256k1_scalar_mul (&w[l], &w[l - 1], &s[l]);
  _kc_secp256k1_scalar_inv_var (&acc, &w[n - 1]);
  for (l = n - 1; l > 0; l--)
    {
      _kc_secp256k1_scalar_mul (&w[l], &acc, &w[l - 1]);
      _kc_secp256k1_scalar_mul (&acc, &acc, &s[l]);
    }
  w[0] = acc;
  for (l = 0; l < n; l++)
    {
      _kc_secp256k1_scalar_mul (&u1[l], &m[l], &w[l]);
      _kc_secp256k1_scalar_mul (&u2[l], &r[l], &w[l]);
    }
  bad = p->ecmult (x, y, z, u1, u2, pub);
  for (l = 0; l < n; l++)
    {
      _kc_secp256k1_gej rj;
      if ((bad >> l) & 1)
        {
          ok[l] = _kc_ecdsa_verify_var (&r[l], &s[l], &pub[l], &m[l]);
          continue;
        }
      rj.x = x[l];
      rj.y = y[l];
      rj.z = z[l];
      rj.infinity = 0;
      ok[l] = _kc_ecdsa_rx_matches_var (&r[l], &rj);
    }
}

void
_kc_ecdsa_verify_batch_path_var (int path, int *ok, size_t n,
                                 const scalar *r, const scalar *s,
                                 const _kc_secp256k1_ge *pub, const scalar *m)
{
  const struct lane_path *p = &paths[path];
  size_t i = 0, nl = (size_t) p->lanes;

  if (p->ecmult)
    while (n - i >= p->min_items)
      {
        size_t k = n - i < nl ? n - i : nl, l;
        scalar pr[MAX_LANES], ps[MAX_LANES], pm[MAX_LANES];
        _kc_secp256k1_ge pq[MAX_LANES];
        int pok[MAX_LANES];

        if (k == nl)
          verify_lanes (p, ok + i, r + i, s + i, pub + i, m + i);
        else
          {
            /* fill the idle lanes with copies of the first item */
            for (l = 0; l < nl; l++)
              {
                size_t src = i + (l < k ? l : 0);
                pr[l] = r[src];
                ps[l] = s[src];
                pq[l] = pub[src];
                pm[l] = m[src];
              }
            verify_lanes (p, pok, pr, ps, pq, pm);
            for (l = 0; l < k; l++)
              ok[i + l] = pok[l];
          }
        i += k;
      }
  for (; i < n; i++)
    ok[i] = _kc_ecdsa_verify_var (&r[i], &s[i], &pub[i], &m[i]);
}

void
_kc_ecdsa_verify_batch_var (int *ok, size_t n, const scalar *r,
                            const scalar *s, const _kc_secp256k1_ge *pub,
                            const scalar *m)
{
  _kc_ecdsa_verify_batch_path_var (_kc_ecdsa_batch_path (), ok, n, r, s, pub,
                                   m);
}
