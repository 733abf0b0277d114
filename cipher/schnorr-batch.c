/* schnorr-batch.c - many BIP-340 verifications per call (contracts in
 * schnorr-batch.h)
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "schnorr-batch.h"
#include "secp256k1-ecmult-ifma.h"
#include "schnorr.h"

typedef _kc_secp256k1_scalar scalar;
typedef _kc_secp256k1_fe fe;

/* A signature out of range, under the key XONLY: as kc_schnorr_verify,
 * which lifts the key first, GPG_ERR_BAD_PUBKEY when XONLY has no point
 * (the lanes lift the others later), else GPG_ERR_BAD_SIGNATURE. */
static gpg_error_t
bad_signature (const unsigned char xonly[32])
{
  _kc_secp256k1_ge q;
  if (!_kc_bip340_lift_x_var (&q, xonly))
    return KC_ERR (GPG_ERR_BAD_PUBKEY);
  return KC_ERR (GPG_ERR_BAD_SIGNATURE);
}

gpg_error_t
_kc_schnorr_prepare_var (_kc_schnorr_item *it, const unsigned char sig[64],
                         const unsigned char xonly[32],
                         const unsigned char *msg, size_t msg_len)
{
  _kc_sha256_ctx c;
  unsigned char h[32];
  int of;

  if (!_kc_secp256k1_fe_set_b32 (&it->px, xonly))
    return KC_ERR (GPG_ERR_BAD_PUBKEY);
  if (!_kc_secp256k1_fe_set_b32 (&it->rx, sig))
    return bad_signature (xonly);
  _kc_secp256k1_scalar_set_b32 (&it->s, sig + 32, &of);
  if (of)
    return bad_signature (xonly);
  _kc_bip340_tagged_init (&c, KC_BIP340_CHALLENGE);
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
check_r (const _kc_schnorr_item *it, fe *x, fe *y)
{
  _kc_secp256k1_fe_normalize_var (x);
  _kc_secp256k1_fe_normalize_var (y);
  return _kc_secp256k1_fe_equal_norm (x, &it->rx) && !_kc_secp256k1_fe_is_odd (y);
}

/* R = s G - e P for the lifted P; the item's result. */
static int
verify_lifted (const _kc_schnorr_item *it, const _kc_secp256k1_ge *p)
{
  _kc_secp256k1_gej pj, rj;
  _kc_secp256k1_ge ra;
  scalar ne;

  _kc_secp256k1_scalar_negate (&ne, &it->e);
  _kc_secp256k1_gej_set_ge (&pj, p);
  _kc_secp256k1_ecmult_var (&rj, &pj, &ne, &it->s);
  if (rj.infinity)
    return KC_SCHNORR_BAD_SIG;
  _kc_secp256k1_ge_set_gej_var (&ra, &rj);
  return check_r (it, &ra.x, &ra.y) ? KC_SCHNORR_OK : KC_SCHNORR_BAD_SIG;
}

int
_kc_schnorr_verify_one_var (const _kc_schnorr_item *it)
{
  _kc_secp256k1_ge p;

  if (!_kc_secp256k1_ge_set_xo_var (&p, &it->px, 0))
    return KC_SCHNORR_BAD_KEY;
  return verify_lifted (it, &p);
}

#ifdef KC_HAVE_FE8
/* lift_x in the lanes: P[l] = the point with x = IT[l].px and even y;
 * returns the lanes where x^3 + 7 is not a square (P is then G, a
 * stand-in that keeps the lane's arithmetic meaningful). */
static KC_FE8_TARGET unsigned int
lift8 (_kc_secp256k1_ge p[8], const _kc_schnorr_item *it)
{
  fe xs[8], ys[8];
  _kc_fe8 x, c, y, y2;
  unsigned int nonsq;
  int l;

  for (l = 0; l < 8; l++)
    xs[l] = it[l].px;
  _kc_fe8_load (&x, xs);
  _kc_fe8_sqr (&c, &x);
  _kc_fe8_mul (&c, &c, &x);
  c.n[0] = _mm512_add_epi64 (c.n[0], _kc_fe8_bc (7));   /* x^3 + 7 (1) */
  _kc_fe8_carry (&c);
  _kc_fe8_sqrt_candidate (&y, &c);
  _kc_fe8_sqr (&y2, &y);
  _kc_fe8_negate (&c, &c, 1);
  _kc_fe8_add (&y2, &y2, &c);                           /* y^2 - c (3) */
  nonsq = (unsigned int) (__mmask8) ~_kc_fe8_is_zero_mask (&y2) & 0xff;
  _kc_fe8_store (ys, &y);
  for (l = 0; l < 8; l++)
    {
      if ((nonsq >> l) & 1)
        {
          p[l] = _kc_secp256k1_ge_g;
          continue;
        }
      _kc_secp256k1_fe_normalize_var (&ys[l]);
      if (_kc_secp256k1_fe_is_odd (&ys[l]))
        {
          _kc_secp256k1_fe_negate (&ys[l], &ys[l], 1);
          _kc_secp256k1_fe_normalize_var (&ys[l]);
        }
      _kc_secp256k1_ge_set_xy (&p[l], &it[l].px, &ys[l]);
    }
  return nonsq;
}

/* Eight items in the lanes. */
static void
verify8 (int ok[8], const _kc_schnorr_item *it)
{
  scalar u1[8], u2[8];
  _kc_secp256k1_ge p[8];
  fe x[8], y[8], z[8], pre[8], acc, t, zi, zi2;
  unsigned int bad, nonsq;
  int l, first = -1;

  nonsq = lift8 (p, it);
  for (l = 0; l < 8; l++)
    {
      u1[l] = it[l].s;
      _kc_secp256k1_scalar_negate (&u2[l], &it[l].e);
    }
  bad = _kc_secp256k1_ecmult8_ifma (x, y, z, u1, u2, p) & ~nonsq;
  /* 1/Z of the good lanes by Montgomery's trick: pre[l] = product of the
   * good Z up to l */
  _kc_secp256k1_fe_set_int (&acc, 1);
  bad |= nonsq;
  for (l = 0; l < 8; l++)
    if (!((bad >> l) & 1))
      {
        _kc_secp256k1_fe_mul (&acc, &acc, &z[l]);
        pre[l] = acc;
        if (first < 0)
          first = l;
      }
  if (first >= 0)
    _kc_secp256k1_fe_inv_var (&acc, &acc);
  for (l = 7; l >= 0; l--)
    {
      if ((nonsq >> l) & 1)
        {
          ok[l] = KC_SCHNORR_BAD_KEY;
          continue;
        }
      if ((bad >> l) & 1)
        {
          ok[l] = verify_lifted (&it[l], &p[l]);
          continue;
        }
      if (l == first)
        zi = acc;
      else
        {
          int k = l - 1;
          while ((bad >> k) & 1)
            k--;                               /* k >= first */
          _kc_secp256k1_fe_mul (&zi, &acc, &pre[k]);
          _kc_secp256k1_fe_mul (&acc, &acc, &z[l]);
        }
      _kc_secp256k1_fe_sqr (&zi2, &zi);
      _kc_secp256k1_fe_mul (&t, &zi2, &zi);
      _kc_secp256k1_fe_mul (&x[l], &x[l], &zi2);
      _kc_secp256k1_fe_mul (&y[l], &y[l], &t);
      ok[l] = check_r (&it[l], &x[l], &y[l]) ? KC_SCHNORR_OK
                                              : KC_SCHNORR_BAD_SIG;
    }
}
#endif

void
_kc_schnorr_verify_batch_var (int *ok, size_t n, const _kc_schnorr_item *items)
{
  size_t i = 0;

#ifdef KC_HAVE_FE8
  if (_kc_fe8_usable ())
    while (n - i >= 3)
      {
        size_t k = n - i < 8 ? n - i : 8, l;
        _kc_schnorr_item pad[8];
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
