/* ed25519/keypair.c - Ed25519 key pairs: the seed with its public key,
 * so that signing computes one point multiplication instead of two (the
 * public calls kc_eddsa_keypair_*, kc_eddsa_sign_keypair; layout and tag
 * in ed25519/eddsa.h).
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Policy as the other Ed25519 calls in ecc.c: exact lengths, a curve
 * other than KC_ECC_ED25519 is GPG_ERR_NOT_SUPPORTED, and nothing is
 * written on any error.  A key pair whose tag does not match its seed
 * and public key (damaged, cleared, or not made by
 * kc_eddsa_keypair_create) is GPG_ERR_BAD_SECKEY.
 */
#include "kcrypt-int.h"
#include "ed25519/eddsa.h"

#define KP_LEN KC_EDDSA_ED25519_KEYPAIR_LEN

#if KP_LEN != KC_ED25519_KEYPAIR_LEN
# error "kcrypt.h and ed25519/eddsa.h disagree on the key pair's length"
#endif

static KC_NOINLINE gpg_error_t
keypair_create_body (int curve, void *keypair, size_t keypair_len,
                     const void *seckey, size_t seckey_len)
{
  unsigned char kp[KP_LEN];

  if (curve != KC_ECC_ED25519)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!keypair || keypair_len != KP_LEN
      || !seckey || seckey_len != KC_ECC_ED25519_SECKEY_LEN)
    return KC_ERR (GPG_ERR_INV_ARG);
  _kc_ed25519_keypair (kp, seckey);
  memcpy (keypair, kp, KP_LEN);                 /* SECKEY may alias it */
  wipememory (kp, sizeof kp);
  return 0;
}

/* The body, then the stack burn (see _kc_burn_stack). */
gpg_error_t
kc_eddsa_keypair_create (int curve, void *keypair, size_t keypair_len,
                         const void *seckey, size_t seckey_len)
{
  gpg_error_t err = keypair_create_body (curve, keypair, keypair_len, seckey,
                                         seckey_len);
  _kc_burn_stack (KC_STACK_BURN_EDDSA);
  return err;
}

/* OUT (OUT_LEN bytes) = 32 bytes of KEYPAIR at OFF (the seed or the
 * public key), once its tag is checked */
static KC_NOINLINE gpg_error_t
keypair_part_body (int curve, void *out, size_t out_len, size_t off,
                   const void *keypair, size_t keypair_len)
{
  if (curve != KC_ECC_ED25519)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!out || out_len != 32 || !keypair || keypair_len != KP_LEN)
    return KC_ERR (GPG_ERR_INV_ARG);
  if (!_kc_ed25519_keypair_check (keypair))
    return KC_ERR (GPG_ERR_BAD_SECKEY);
  memmove (out, (const unsigned char *) keypair + off, 32);
  return 0;
}

/* The body, then the stack burn (the check hashes the seed). */
gpg_error_t
kc_eddsa_keypair_sec (int curve, void *seckey, size_t seckey_len,
                      const void *keypair, size_t keypair_len)
{
  gpg_error_t err = keypair_part_body (curve, seckey, seckey_len, 0, keypair,
                                       keypair_len);
  _kc_burn_stack (KC_STACK_BURN_SHA512);
  return err;
}

gpg_error_t
kc_eddsa_keypair_pub (int curve, void *pubkey, size_t pubkey_len,
                      const void *keypair, size_t keypair_len)
{
  gpg_error_t err = keypair_part_body (curve, pubkey, pubkey_len, 32,
                                       keypair, keypair_len);
  _kc_burn_stack (KC_STACK_BURN_SHA512);
  return err;
}

void
kc_eddsa_keypair_clear (void *keypair, size_t keypair_len)
{
  if (keypair && keypair_len)
    wipememory (keypair, keypair_len);
}

static KC_NOINLINE gpg_error_t
sign_keypair_body (int curve, void *sig, size_t sig_len,
                   const void *keypair, size_t keypair_len,
                   const void *msg, size_t msg_len)
{
  if (curve != KC_ECC_ED25519)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!sig || sig_len != KC_EDDSA_ED25519_SIG_LEN
      || !keypair || keypair_len != KP_LEN || (!msg && msg_len))
    return KC_ERR (GPG_ERR_INV_ARG);
  /* nothing written on a bad pair; SIG is written last (eddsa.c) */
  if (!_kc_ed25519_sign_keypair (sig, keypair, msg, msg_len))
    return KC_ERR (GPG_ERR_BAD_SECKEY);
  return 0;
}

/* The body, then the stack burn (see _kc_burn_stack). */
gpg_error_t
kc_eddsa_sign_keypair (int curve, void *sig, size_t sig_len,
                       const void *keypair, size_t keypair_len,
                       const void *msg, size_t msg_len)
{
  gpg_error_t err = sign_keypair_body (curve, sig, sig_len, keypair,
                                       keypair_len, msg, msg_len);
  _kc_burn_stack (KC_STACK_BURN_EDDSA);
  return err;
}
