/* secp256k1/keypair.c - BIP-340 key pairs (libsecp256k1's keypair of the
 * extrakeys module), signing from them, their BIP-341 tweak, and the
 * taproot commitment check.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A key pair is KC_SCHNORR_SECP256K1_KEYPAIR_LEN (96) bytes, opaque to
 * callers: the secret key d (32 bytes big-endian, in [1, n-1]), then
 * x(P) and y(P) of P = d*G (32 bytes each, big-endian).  Every call that
 * reads one checks d (a cleared pair is all zeros: GPG_ERR_BAD_SECKEY)
 * and that (x, y) is on the curve (GPG_ERR_BAD_PUBKEY), not that P = d*G
 * (that would cost the multiplication the pair exists to save; a pair
 * with a wrong P signs with a nonce that hashes that P, as BIP-340's
 * nonce derivation intends, and the signature does not verify).
 * Policy as in keys.c: nothing written on any error.
 */
#include "kcrypt-int.h"
#include "bufhelp.h"
#include "ecc.h"
#include "secp256k1/schnorr.h"
#include "secp256k1/ecmult.h"
#include "secp256k1/x86_64/seckey-gpr.h"

typedef _kc_secp256k1_scalar scalar;
typedef _kc_secp256k1_ge ge;

#define KP_LEN KC_SCHNORR_SECP256K1_KEYPAIR_LEN

/* KP = d || x(P) || y(P) for P = D*G.  D secret, P public. */
static void
keypair_save (unsigned char *kp, const scalar *d)
{
  ge p;
  _kc_secp256k1_ecmult_gen_blind (_kc_random_fast, NULL);
  _kc_secp256k1_ecmult_gen_ge (&p, d);
  ct_declassify (&p, sizeof p);                /* the public key */
  _kc_secp256k1_scalar_get_b32 (kp, d);
  _kc_secp256k1_fe_get_b32 (kp + 32, &p.x);
  _kc_secp256k1_fe_get_b32 (kp + 64, &p.y);
}

/* D and P of KP: 0 or the error the caller returns.  Constant time in
 * d; its validity is public. */
static gpg_error_t
keypair_load (scalar *d, ge *p, const unsigned char *kp)
{
  if (!_kc_ecc_parse_seckey (d, kp))
    return KC_ERR (GPG_ERR_BAD_SECKEY);
  if (!_kc_secp256k1_ge_set_b64_var (p, kp + 32))
    return KC_ERR (GPG_ERR_BAD_PUBKEY);
  return 0;
}

static KC_NOINLINE gpg_error_t
keypair_create_body (int curve, void *keypair, size_t keypair_len,
                     const void *seckey, size_t seckey_len)
{
  unsigned char kp[KP_LEN];
  scalar d;
  gpg_error_t err = 0;

  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!keypair || keypair_len != KP_LEN
      || !seckey || seckey_len != KC_ECC_SECP256K1_SECKEY_LEN)
    return KC_ERR (GPG_ERR_INV_ARG);
  if (!_kc_ecc_parse_seckey (&d, seckey))
    err = KC_ERR (GPG_ERR_BAD_SECKEY);
  else
    {
      keypair_save (kp, &d);
      memcpy (keypair, kp, KP_LEN);            /* SECKEY may alias it */
    }
  wipememory (&d, sizeof d);
  wipememory (kp, sizeof kp);
  return err;
}

/* The body, then the stack burn (see _kc_burn_stack). */
gpg_error_t
kc_schnorr_keypair_create (int curve, void *keypair, size_t keypair_len,
                           const void *seckey, size_t seckey_len)
{
  gpg_error_t err = keypair_create_body (curve, keypair, keypair_len, seckey,
                                         seckey_len);
  _kc_burn_stack (KC_STACK_BURN_ECC);
  return err;
}

#ifdef KC_SECKEY_GPR
/* The secret key checked and copied in general registers
 * (x86_64/seckey-gpr.h), the public half checked as public bytes: no
 * secret reaches the stack or a vector register, so no burn. */
gpg_error_t
kc_schnorr_keypair_sec (int curve, void *seckey, size_t seckey_len,
                        const void *keypair, size_t keypair_len)
{
  const unsigned char *kp = keypair;
  uint64_t ok;

  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!seckey || seckey_len != KC_ECC_SECP256K1_SECKEY_LEN
      || !keypair || keypair_len != KP_LEN)
    return KC_ERR (GPG_ERR_INV_ARG);
  ok = _kc_seckey_gpr_range (kp, 0);
  ct_declassify (&ok, sizeof ok);
  if (!ok)
    return KC_ERR (GPG_ERR_BAD_SECKEY);
  if (!_kc_secp256k1_b64_is_valid_var (kp + 32))
    return KC_ERR (GPG_ERR_BAD_PUBKEY);
  _kc_seckey_gpr_copy (seckey, kp);
  return 0;
}
#else
static KC_NOINLINE gpg_error_t
keypair_sec_body (int curve, void *seckey, size_t seckey_len,
                  const void *keypair, size_t keypair_len)
{
  scalar d;
  ge p;
  gpg_error_t err;

  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!seckey || seckey_len != KC_ECC_SECP256K1_SECKEY_LEN
      || !keypair || keypair_len != KP_LEN)
    return KC_ERR (GPG_ERR_INV_ARG);
  err = keypair_load (&d, &p, keypair);
  if (!err)
    _kc_secp256k1_scalar_get_b32 (seckey, &d);
  wipememory (&d, sizeof d);
  return err;
}

/* The body, then the stack burn (see _kc_burn_stack). */
gpg_error_t
kc_schnorr_keypair_sec (int curve, void *seckey, size_t seckey_len,
                        const void *keypair, size_t keypair_len)
{
  gpg_error_t err = keypair_sec_body (curve, seckey, seckey_len, keypair,
                                      keypair_len);
  _kc_burn_stack (KC_STACK_BURN_SCALAR);
  return err;
}
#endif

gpg_error_t
kc_schnorr_keypair_pub (int curve, void *pubkey, size_t pubkey_len,
                        const void *keypair, size_t keypair_len)
{
  const unsigned char *kp = keypair;
  unsigned char buf[KC_ECC_SECP256K1_PUBKEY_LEN];

  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!pubkey || (pubkey_len != KC_ECC_SECP256K1_PUBKEY_LEN
                  && pubkey_len != KC_ECC_SECP256K1_PUBKEY_COMPRESSED_LEN)
      || !keypair || keypair_len != KP_LEN)
    return KC_ERR (GPG_ERR_INV_ARG);
  if (!_kc_secp256k1_b64_is_valid_var (kp + 32))
    return KC_ERR (GPG_ERR_BAD_PUBKEY);
  /* straight from the stored x || y (PUBKEY may overlap KEYPAIR) */
  memcpy (buf + 1, kp + 32, 64);
  buf[0] = (unsigned char) (pubkey_len == KC_ECC_SECP256K1_PUBKEY_LEN ? 0x04
                            : 0x02 | (kp[95] & 1));
  memcpy (pubkey, buf, pubkey_len);
  return 0;
}

gpg_error_t
kc_schnorr_keypair_xonly_pub (int curve, void *xonly, size_t xonly_len,
                              int *parity, const void *keypair,
                              size_t keypair_len)
{
  const unsigned char *kp = keypair;
  int odd;

  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!xonly || xonly_len != KC_ECC_SECP256K1_XONLY_LEN
      || !keypair || keypair_len != KP_LEN)
    return KC_ERR (GPG_ERR_INV_ARG);
  if (!_kc_secp256k1_b64_is_valid_var (kp + 32))
    return KC_ERR (GPG_ERR_BAD_PUBKEY);
  /* XONLY may overlap KEYPAIR: all read, then written */
  odd = kp[95] & 1;
  buf_move32 (xonly, kp + 32);
  if (parity)
    *parity = odd;
  return 0;
}

static KC_NOINLINE gpg_error_t
keypair_tweak_body (int curve, void *keypair, size_t keypair_len,
                    const void *tweak, size_t tweak_len)
{
  unsigned char kp[KP_LEN];
  scalar d, t;
  ge p;
  int overflow, ok;
  gpg_error_t err;

  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!keypair || keypair_len != KP_LEN
      || !tweak || tweak_len != KC_ECC_TWEAK_LEN)
    return KC_ERR (GPG_ERR_INV_ARG);
  err = keypair_load (&d, &p, keypair);
  if (err)
    goto leave;
  /* d' = (d or -d, whichever has an even point) + t; P' = d' G */
  _kc_secp256k1_fe_normalize_var (&p.y);
  _kc_secp256k1_scalar_cond_negate (&d, _kc_secp256k1_fe_is_odd (&p.y));
  _kc_secp256k1_scalar_set_b32 (&t, tweak, &overflow);
  _kc_secp256k1_scalar_add (&d, &d, &t);
  ok = (overflow | _kc_secp256k1_scalar_is_zero (&d)) ^ 1;
  ct_declassify (&ok, sizeof ok);
  if (!ok)
    err = KC_ERR (GPG_ERR_BAD_SECKEY);
  else
    {
      keypair_save (kp, &d);
      memcpy (keypair, kp, KP_LEN);
    }
 leave:
  wipememory (&d, sizeof d);
  wipememory (&t, sizeof t);
  wipememory (kp, sizeof kp);
  return err;
}

/* The body, then the stack burn (see _kc_burn_stack). */
gpg_error_t
kc_schnorr_keypair_xonly_tweak_add (int curve, void *keypair,
                                    size_t keypair_len, const void *tweak,
                                    size_t tweak_len)
{
  gpg_error_t err = keypair_tweak_body (curve, keypair, keypair_len, tweak,
                                        tweak_len);
  _kc_burn_stack (KC_STACK_BURN_ECC);
  return err;
}

void
kc_schnorr_keypair_clear (void *keypair, size_t keypair_len)
{
  if (keypair && keypair_len)
    wipememory (keypair, keypair_len);
}

static KC_NOINLINE gpg_error_t
sign_keypair_body (int curve, void *sig, size_t sig_len,
                   const void *keypair, size_t keypair_len,
                   const void *msg, size_t msg_len,
                   const void *aux_rand, size_t aux_rand_len)
{
  static const unsigned char zero_aux[32];
  const unsigned char *kp = keypair;
  scalar d;
  ge p;
  gpg_error_t err;

  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!sig || sig_len != KC_SCHNORR_SECP256K1_SIG_LEN
      || !keypair || keypair_len != KP_LEN
      || (!msg && msg_len)
      || (aux_rand_len != 0 && aux_rand_len != 32)
      || (!aux_rand && aux_rand_len))
    return KC_ERR (GPG_ERR_INV_ARG);
  err = keypair_load (&d, &p, kp);
  if (!err)
    {
      /* y(P) is normalized (read from bytes): its parity picks d or -d */
      _kc_secp256k1_scalar_cond_negate (&d, kp[95] & 1);
      _kc_secp256k1_ecmult_gen_blind (_kc_random_fast, NULL);
      if (!_kc_schnorr_sign_even (sig, &d, kp + 32,
                                  msg_len ? msg : zero_aux, msg_len,
                                  aux_rand_len ? aux_rand : zero_aux))
        err = KC_ERR (GPG_ERR_INV_DATA);        /* nonce 0: never seen */
    }
  wipememory (&d, sizeof d);
  return err;
}

/* The body, then the stack burn (see _kc_burn_stack). */
gpg_error_t
kc_schnorr_sign_keypair (int curve, void *sig, size_t sig_len,
                         const void *keypair, size_t keypair_len,
                         const void *msg, size_t msg_len,
                         const void *aux_rand, size_t aux_rand_len)
{
  gpg_error_t err = sign_keypair_body (curve, sig, sig_len, keypair,
                                       keypair_len, msg, msg_len, aux_rand,
                                       aux_rand_len);
  _kc_burn_stack (KC_STACK_BURN_ECC);
  return err;
}

gpg_error_t
kc_ecc_xonly_tweak_add_check (int curve, const void *tweaked,
                              size_t tweaked_len, int parity,
                              const void *xonly, size_t xonly_len,
                              const void *tweak, size_t tweak_len)
{
  static const scalar one = KC_SCALAR_CONST (0, 0, 0, 0, 0, 0, 0, 1);
  _kc_secp256k1_gej pj, qj;
  ge p, q;
  scalar t;
  unsigned char qx[32];
  int overflow;

  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!tweaked || tweaked_len != KC_ECC_SECP256K1_XONLY_LEN
      || (parity != 0 && parity != 1)
      || !xonly || xonly_len != KC_ECC_SECP256K1_XONLY_LEN
      || !tweak || tweak_len != KC_ECC_TWEAK_LEN)
    return KC_ERR (GPG_ERR_INV_ARG);
  if (!_kc_bip340_lift_x_var (&p, xonly))
    return KC_ERR (GPG_ERR_BAD_PUBKEY);
  _kc_secp256k1_scalar_set_b32 (&t, tweak, &overflow);
  if (overflow)
    return KC_ERR (GPG_ERR_BAD_SECKEY);
  /* Q = 1*P + t*G, all public */
  _kc_secp256k1_gej_set_ge (&pj, &p);
  _kc_secp256k1_ecmult_var (&qj, &pj, &one, &t);
  if (qj.infinity)
    return KC_ERR (GPG_ERR_BAD_SECKEY);
  _kc_secp256k1_ge_set_gej_var (&q, &qj);
  _kc_secp256k1_fe_normalize_var (&q.x);
  _kc_secp256k1_fe_normalize_var (&q.y);
  _kc_secp256k1_fe_get_b32 (qx, &q.x);
  if (memcmp (qx, tweaked, 32) != 0
      || _kc_secp256k1_fe_is_odd (&q.y) != parity)
    return KC_ERR (GPG_ERR_BAD_SIGNATURE);
  return 0;
}
