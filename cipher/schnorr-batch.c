/* schnorr-batch.c - many BIP-340 verifications per call (contracts in
 * schnorr-batch.h)
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "schnorr-batch.h"
#include "secp256k1-ecmult-ifma.h"
#include "sha256.h"

typedef kc_secp256k1_scalar scalar;
typedef kc_secp256k1_fe fe;

/* SHA-256 after SHA256(tag) || SHA256(tag) for "BIP0340/challenge". */
static void
challenge_init (kc_sha256_ctx *c)
{
  static const char tag[] = "BIP0340/challenge";
  unsigned char th[32];
  _kc_sha256 (th, tag, sizeof tag - 1);
  _kc_sha256_init (c);
  _kc_sha256_update (c, th, 32);
  _kc_sha256_update (c, th, 32);
}

gpg_error_t
_kc_schnorr_prepare_var (kc_schnorr_item *it, const unsigned char sig[64],
                         const unsigned char xonly[32],
                         const unsigned char *msg, size_t msg_len)
{
  kc_sha256_ctx c;
  unsigned char h[32];
  fe x;
  int of;

  if (!_kc_secp256k1_fe_set_b32 (&x, xonly)
      || !_kc_secp256k1_ge_set_xo_var (&it->p, &x, 0))
    return KC_ERR (GPG_ERR_BAD_PUBKEY);
  if (!_kc_secp256k1_fe_set_b32 (&it->rx, sig))
    return KC_ERR (GPG_ERR_BAD_SIGNATURE);
  _kc_secp256k1_scalar_set_b32 (&it->s, sig + 32, &of);
  if (of)
    return KC_ERR (GPG_ERR_BAD_SIGNATURE);
  challenge_init (&c);
  _kc_sha256_update (&c, sig, 32);
  _kc_sha256_update (&c, xonly, 32);
  if (msg_len)
    _kc_sha256_update (&c, msg, msg_len);
  _kc_sha256_final (&c, h);
  _kc_secp256k1_scalar_set_b32 (&it->e, h, NULL);
  return 0;
}

/* 1 if the affine (X, Y) (magnitude <= 8) is R of a valid signature:
 * X = rx and Y even. */
static int
check_r (const kc_schnorr_item *it, fe *x, fe *y)
{
  kc_secp256k1_fe_normalize_var (x);
  kc_secp256k1_fe_normalize_var (y);
  return kc_secp256k1_fe_equal_norm (x, &it->rx) && !kc_secp256k1_fe_is_odd (y);
}

int
_kc_schnorr_verify_one_var (const kc_schnorr_item *it)
{
  kc_secp256k1_gej pj, rj;
  kc_secp256k1_ge ra;
  scalar ne;

  _kc_secp256k1_scalar_negate (&ne, &it->e);
  _kc_secp256k1_gej_set_ge (&pj, &it->p);
  _kc_secp256k1_ecmult_var (&rj, &pj, &ne, &it->s);
  if (rj.infinity)
    return 0;
  _kc_secp256k1_ge_set_gej_var (&ra, &rj);
  return check_r (it, &ra.x, &ra.y);
}

#ifdef KC_HAVE_FE8
/* Eight items in the lanes. */
static void
verify8 (int ok[8], const kc_schnorr_item *it)
{
  scalar u1[8], u2[8];
  kc_secp256k1_ge p[8];
  fe x[8], y[8], z[8], pre[8], acc, t, zi, zi2;
  unsigned int bad;
  int l, first = -1;

  for (l = 0; l < 8; l++)
    {
      u1[l] = it[l].s;
      _kc_secp256k1_scalar_negate (&u2[l], &it[l].e);
      p[l] = it[l].p;
    }
  bad = _kc_secp256k1_ecmult8_ifma (x, y, z, u1, u2, p);
  /* 1/Z of the good lanes by Montgomery's trick: pre[l] = product of the
   * good Z up to l */
  kc_secp256k1_fe_set_int (&acc, 1);
  for (l = 0; l < 8; l++)
    if (!((bad >> l) & 1))
      {
        kc_secp256k1_fe_mul (&acc, &acc, &z[l]);
        pre[l] = acc;
        if (first < 0)
          first = l;
      }
  if (first >= 0)
    _kc_secp256k1_fe_inv_var (&acc, &acc);
  for (l = 7; l >= 0; l--)
    {
      if ((bad >> l) & 1)
        {
          ok[l] = _kc_schnorr_verify_one_var (&it[l]);
          continue;
        }
      if (l == first)
        zi = acc;
      else
        {
          int k = l - 1;
          while ((bad >> k) & 1)
            k--;                               /* k >= first */
          kc_secp256k1_fe_mul (&zi, &acc, &pre[k]);
          kc_secp256k1_fe_mul (&acc, &acc, &z[l]);
        }
      kc_secp256k1_fe_sqr (&zi2, &zi);
      kc_secp256k1_fe_mul (&t, &zi2, &zi);
      kc_secp256k1_fe_mul (&x[l], &x[l], &zi2);
      kc_secp256k1_fe_mul (&y[l], &y[l], &t);
      ok[l] = check_r (&it[l], &x[l], &y[l]);
    }
}
#endif

void
_kc_schnorr_verify_batch_var (int *ok, size_t n, const kc_schnorr_item *items)
{
  size_t i = 0;

#ifdef KC_HAVE_FE8
  if (_kc_hwf () & KC_HWF_IFMA)
    while (n - i >= 3)
      {
        size_t k = n - i < 8 ? n - i : 8, l;
        kc_schnorr_item pad[8];
        int pok[8];

        if (k == 8)
          verify8 (ok + i, items + i);
        else
          {
            /* idle lanes repeat the first item */
            for (l = 0; l < 8; l++)
              pad[l] = items[i + (l < k ? l : 0)];
            verify8 (pok, pad);
            for (l = 0; l < k; l++)
              ok[i + l] = pok[l];
          }
        i += k;
      }
#endif
  for (; i < n; i++)
    ok[i] = _kc_schnorr_verify_one_var (&items[i]);
}
