/* secp256k1/keys.c - the public key operations of secp256k1 that sign nothing:
 * public key conversion, tweaks (BIP-32 style seckey + t and P + tG) and
 * x-only keys (BIP-340) with BIP-341's output-key tweak.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Policy as in ecc.c (order of checks: curve, arguments, content), but
 * on any error the outputs are left as they were (a secret key given to
 * kc_ecc_seckey_tweak_add keeps its value).  A tweak is a 32-byte
 * big-endian integer t; t >= n, or a result that is 0 (or infinity), is
 * GPG_ERR_BAD_SECKEY.  Tweaks are handled in constant time (P + tG by the
 * constant-time K*G and a complete addition), the public keys need not be.
 */
#include "kcrypt-int.h"
#include "ecc.h"
#include "secp256k1/schnorr.h"
#include "secp256k1/ecmult.h"

typedef _kc_secp256k1_scalar scalar;
typedef _kc_secp256k1_ge ge;

static int
pubkey_len_ok (size_t len)
{
  return len == KC_ECC_SECP256K1_PUBKEY_LEN
         || len == KC_ECC_SECP256K1_PUBKEY_COMPRESSED_LEN;
}

gpg_error_t
kc_ecc_pubkey_convert (int curve, void *out, size_t out_len,
                       const void *pubkey, size_t pubkey_len)
{
  ge q;

  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!out || !pubkey_len_ok (out_len) || !pubkey || !pubkey_len_ok (pubkey_len))
    return KC_ERR (GPG_ERR_INV_ARG);
  if (!_kc_ecc_parse_pubkey (&q, pubkey, pubkey_len))
    return KC_ERR (GPG_ERR_BAD_PUBKEY);
  _kc_ecc_serialize_pubkey (out, out_len, &q);
  return 0;
}

/* ------------------------------------------------------ secret tweak */

static KC_NOINLINE gpg_error_t
seckey_tweak_add_body (int curve, void *seckey, size_t seckey_len,
                       const void *tweak, size_t tweak_len)
{
  scalar x, t;
  int of_x, of_t, ok;

  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!seckey || seckey_len != KC_ECC_SECP256K1_SECKEY_LEN
      || !tweak || tweak_len != KC_ECC_TWEAK_LEN)
    return KC_ERR (GPG_ERR_INV_ARG);
  _kc_secp256k1_scalar_set_b32 (&x, seckey, &of_x);
  _kc_secp256k1_scalar_set_b32 (&t, tweak, &of_t);
  ok = (of_x | _kc_secp256k1_scalar_is_zero (&x) | of_t) ^ 1;
  _kc_secp256k1_scalar_add (&x, &x, &t);
  ok &= _kc_secp256k1_scalar_is_zero (&x) ^ 1;
  ct_declassify (&ok, sizeof ok);              /* reported to the caller */
  if (ok)
    _kc_secp256k1_scalar_get_b32 (seckey, &x);
  /* x and t are left to the caller's stack burn, which covers this
   * frame (t-wipe checks it). */
  return ok ? 0 : KC_ERR (GPG_ERR_BAD_SECKEY);
}

/* The body, then the stack burn (see _kc_burn_stack). */
gpg_error_t
kc_ecc_seckey_tweak_add (int curve, void *seckey, size_t seckey_len,
                         const void *tweak, size_t tweak_len)
{
  gpg_error_t err = seckey_tweak_add_body (curve, seckey, seckey_len, tweak,
                                           tweak_len);
  _kc_burn_stack (KC_STACK_BURN_TWEAK);
  return err;
}

/* ------------------------------------------------------ public tweaks */

/* Q = P + T*G for the 32-byte tweak TB.  0 if T >= n or Q is infinity.
 * Constant time in T; Q is declassified (a public key). */
static int
point_tweak_add (ge *q, const ge *p, const unsigned char tb[32])
{
  _kc_secp256k1_gej qj;
  scalar t;
  int overflow, ok;

  _kc_secp256k1_scalar_set_b32 (&t, tb, &overflow);
  _kc_secp256k1_ecmult_gen_blind (_kc_random_fast, NULL);
  _kc_secp256k1_ecmult_gen (&qj, &t);
  _kc_secp256k1_gej_add_ge (&qj, &qj, p);
  _kc_secp256k1_ge_set_gej (q, &qj);
  ok = (overflow | q->infinity) ^ 1;
  ct_declassify (&ok, sizeof ok);
  ct_declassify (q, sizeof *q);
  wipememory (&qj, sizeof qj);
  wipememory (&t, sizeof t);
  return ok;
}

static KC_NOINLINE gpg_error_t
pubkey_tweak_add_body (int curve, void *out, size_t out_len,
                       const void *pubkey, size_t pubkey_len,
                       const void *tweak, size_t tweak_len)
{
  ge p, q;

  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!out || !pubkey_len_ok (out_len) || !pubkey || !pubkey_len_ok (pubkey_len)
      || !tweak || tweak_len != KC_ECC_TWEAK_LEN)
    return KC_ERR (GPG_ERR_INV_ARG);
  if (!_kc_ecc_parse_pubkey (&p, pubkey, pubkey_len))
    return KC_ERR (GPG_ERR_BAD_PUBKEY);
  if (!point_tweak_add (&q, &p, tweak))
    return KC_ERR (GPG_ERR_BAD_SECKEY);
  _kc_ecc_serialize_pubkey (out, out_len, &q);
  return 0;
}

/* The body, then the stack burn (see _kc_burn_stack). */
gpg_error_t
kc_ecc_pubkey_tweak_add (int curve, void *out, size_t out_len,
                         const void *pubkey, size_t pubkey_len,
                         const void *tweak, size_t tweak_len)
{
  gpg_error_t err = pubkey_tweak_add_body (curve, out, out_len, pubkey,
                                           pubkey_len, tweak, tweak_len);
  _kc_burn_stack (KC_STACK_BURN_ECC);
  return err;
}

/* ------------------------------------------------------- x-only keys */

static KC_NOINLINE gpg_error_t
xonly_pubkey_body (int curve, void *xonly, size_t xonly_len, int *parity,
                   const void *seckey, size_t seckey_len)
{
  ge p;
  scalar x;
  gpg_error_t err = 0;

  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!xonly || xonly_len != KC_ECC_SECP256K1_XONLY_LEN
      || !seckey || seckey_len != KC_ECC_SECP256K1_SECKEY_LEN)
    return KC_ERR (GPG_ERR_INV_ARG);
  if (!_kc_ecc_parse_seckey (&x, seckey))
    err = KC_ERR (GPG_ERR_BAD_SECKEY);
  else
    {
      _kc_secp256k1_ecmult_gen_blind (_kc_random_fast, NULL);
      _kc_secp256k1_ecmult_gen_ge (&p, &x);
      ct_declassify (&p, sizeof p);            /* the public key */
      _kc_secp256k1_fe_get_b32 (xonly, &p.x);
      if (parity)
        *parity = _kc_secp256k1_fe_is_odd (&p.y);
    }
  wipememory (&x, sizeof x);
  return err;
}

/* The body, then the stack burn (see _kc_burn_stack). */
gpg_error_t
kc_ecc_xonly_pubkey (int curve, void *xonly, size_t xonly_len, int *parity,
                     const void *seckey, size_t seckey_len)
{
  gpg_error_t err = xonly_pubkey_body (curve, xonly, xonly_len, parity,
                                       seckey, seckey_len);
  _kc_burn_stack (KC_STACK_BURN_ECC);
  return err;
}

static KC_NOINLINE gpg_error_t
xonly_tweak_add_body (int curve, void *out, size_t out_len, int *parity,
                      const void *xonly, size_t xonly_len,
                      const void *tweak, size_t tweak_len)
{
  ge p, q;

  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!out || out_len != KC_ECC_SECP256K1_XONLY_LEN
      || !xonly || xonly_len != KC_ECC_SECP256K1_XONLY_LEN
      || !tweak || tweak_len != KC_ECC_TWEAK_LEN)
    return KC_ERR (GPG_ERR_INV_ARG);
  if (!_kc_bip340_lift_x_var (&p, xonly))
    return KC_ERR (GPG_ERR_BAD_PUBKEY);
  if (!point_tweak_add (&q, &p, tweak))
    return KC_ERR (GPG_ERR_BAD_SECKEY);
  _kc_secp256k1_fe_get_b32 (out, &q.x);
  if (parity)
    *parity = _kc_secp256k1_fe_is_odd (&q.y);
  return 0;
}

/* The body, then the stack burn (see _kc_burn_stack). */
gpg_error_t
kc_ecc_xonly_tweak_add (int curve, void *out, size_t out_len, int *parity,
                        const void *xonly, size_t xonly_len,
                        const void *tweak, size_t tweak_len)
{
  gpg_error_t err = xonly_tweak_add_body (curve, out, out_len, parity, xonly,
                                          xonly_len, tweak, tweak_len);
  _kc_burn_stack (KC_STACK_BURN_ECC);
  return err;
}
