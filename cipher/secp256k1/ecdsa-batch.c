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

/* One row per path, in the order of the KC_ECDSA_BATCH_* ids: its gate,
 * its lanes, the fewest items worth a kernel call (the kernel costs the
 * same for one lane as for all: the AVX2 lanes are faster than the
 * single verification only when all four are used) and its kernel (NULL
 * where the build lacks it). */
struct lane_path
{
  struct _kc_kernel_row row;
  int lanes;
  size_t min_items;
  ecmult_lanes_fn ecmult;
};

static const struct lane_path paths[KC_ECDSA_BATCH_NPATHS] = {
#ifdef KC_HAVE_FE8
  { { "ifma", KC_FE8_HWF, 0 }, 8, 3, _kc_secp256k1_ecmult8_ifma },
#else
  { { "ifma", KC_FE8_HWF, 0 }, 8, 3, NULL },
#endif
#ifdef KC_HAVE_FE4
  { { "avx2", KC_FE4_HWF, 0 }, 4, 4, _kc_secp256k1_ecmult4_avx2 },
#else
  { { "avx2", KC_FE4_HWF, 0 }, 4, 4, NULL },
#endif
  { { "portable", 0, 0 }, 1, 0, NULL },
};
KC_KERNEL_TABLE (_kc_ecdsa_batch_kernels_table, paths);

int
_kc_ecdsa_batch_path_usable (int path)
{
  return path >= 0 && path < KC_ECDSA_BATCH_NPATHS
         && (paths[path].ecmult || path == KC_ECDSA_BATCH_PORTABLE)
         && _kc_hwf_has (paths[path].row.need);
}

int
_kc_ecdsa_batch_path_lanes (int path)
{
  return paths[path].lanes;
}

/* (a path the build lacks has the gate of its kernel, which this
 * process then does not pass: KC_HAVE_FE4 and KC_HAVE_FE8 are defined
 * wherever KC_USE_X86_64 is, with a compiler that can build them.) */
int
_kc_ecdsa_batch_path (void)
{
  int p = (int) (KC_PICK (paths) - paths);

  return _kc_ecdsa_batch_path_usable (p) ? p : KC_ECDSA_BATCH_PORTABLE;
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
