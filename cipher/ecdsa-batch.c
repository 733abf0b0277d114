/* ecdsa-batch.c - many ECDSA verifications per call: the choice between
 * the eight-lane IFMA kernel and the single verification (contracts in
 * ecdsa-batch.h).
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "ecdsa-batch.h"
#include "ecdsa.h"
#include "secp256k1-ecmult-ifma.h"

#ifdef KC_HAVE_FE8
void
_kc_ecdsa_verify8_ifma (int ok[8], const _kc_secp256k1_scalar r[8],
                        const _kc_secp256k1_scalar s[8],
                        const _kc_secp256k1_ge pub[8],
                        const _kc_secp256k1_scalar m[8])
{
  _kc_secp256k1_scalar w[8], u1[8], u2[8], acc;
  _kc_secp256k1_fe x[8], y[8], z[8];
  unsigned int bad;
  int l;

  /* w = 1/s for all lanes by Montgomery's trick (one inversion) */
  w[0] = s[0];
  for (l = 1; l < 8; l++)
    _kc_secp256k1_scalar_mul (&w[l], &w[l - 1], &s[l]);
  _kc_secp256k1_scalar_inv_var (&acc, &w[7]);
  for (l = 7; l > 0; l--)
    {
      _kc_secp256k1_scalar_mul (&w[l], &acc, &w[l - 1]);
      _kc_secp256k1_scalar_mul (&acc, &acc, &s[l]);
    }
  w[0] = acc;
  for (l = 0; l < 8; l++)
    {
      _kc_secp256k1_scalar_mul (&u1[l], &m[l], &w[l]);
      _kc_secp256k1_scalar_mul (&u2[l], &r[l], &w[l]);
    }
  bad = _kc_secp256k1_ecmult8_ifma (x, y, z, u1, u2, pub);
  for (l = 0; l < 8; l++)
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
#endif

/* Fewer items than this go one by one: the kernel costs the same for one
 * lane as for eight. */
#define LANES_MIN 3

void
_kc_ecdsa_verify_batch_var (int *ok, size_t n, const _kc_secp256k1_scalar *r,
                            const _kc_secp256k1_scalar *s,
                            const _kc_secp256k1_ge *pub,
                            const _kc_secp256k1_scalar *m)
{
  size_t i = 0;

#ifdef KC_HAVE_FE8
  if (_kc_fe8_usable ())
    while (n - i >= LANES_MIN)
      {
        size_t k = n - i < 8 ? n - i : 8, l;
        _kc_secp256k1_scalar pr[8], ps[8], pm[8];
        _kc_secp256k1_ge pq[8];
        int pok[8];

        if (k == 8)
          _kc_ecdsa_verify8_ifma (ok + i, r + i, s + i, pub + i, m + i);
        else
          {
            /* fill the idle lanes with copies of the first item */
            for (l = 0; l < 8; l++)
              {
                size_t src = i + (l < k ? l : 0);
                pr[l] = r[src];
                ps[l] = s[src];
                pq[l] = pub[src];
                pm[l] = m[src];
              }
            _kc_ecdsa_verify8_ifma (pok, pr, ps, pq, pm);
            for (l = 0; l < k; l++)
              ok[i + l] = pok[l];
          }
        i += k;
      }
#endif
  for (; i < n; i++)
    ok[i] = _kc_ecdsa_verify_var (&r[i], &s[i], &pub[i], &m[i]);
}
