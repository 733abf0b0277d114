/* fuzz-eddsa-verify.c - Ed25519 verification of arbitrary input.
 * Input: 32 bytes of public key, 64 bytes of signature, then the
 * message (any length, 0 included).  Properties: the result is 0,
 * GPG_ERR_BAD_PUBKEY or GPG_ERR_BAD_SIGNATURE, never a crash; the batch
 * verifier gives the same code for the item alone and beside a valid
 * item (which stays valid), in either order; a signature we make over
 * the message with the first 32 input bytes as the seed verifies under
 * that seed's key, and no longer does with a bit of it changed; the
 * first 96 input bytes as a key pair are refused (GPG_ERR_BAD_SECKEY,
 * nothing written) unless they are the pair of their seed, and that
 * pair, with any one bit changed, is refused too.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <kcrypt.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  unsigned char pk[32], sig[64], sig2[64], kp[KC_EDDSA_ED25519_KEYPAIR_LEN];
  const void *sp[2], *pp[2], *mp[2];
  size_t ml[2];
  gpg_error_t res[2];
  const unsigned char *msg;
  size_t msg_len;
  gpg_err_code_t ec;
  int k;

  if (size < 96)
    return 0;
  msg = size > 96 ? data + 96 : NULL;
  msg_len = size - 96;
  ec = gpg_err_code (kc_eddsa_verify (KC_ECC_ED25519, data + 32, 64, data, 32,
                                      msg, msg_len));
  if (ec != 0 && ec != GPG_ERR_BAD_PUBKEY && ec != GPG_ERR_BAD_SIGNATURE)
    abort ();

  /* our own signature over the message, the input's first bytes as seed */
  if (kc_ecc_pubkey (KC_ECC_ED25519, pk, 32, data, 32)
      || kc_eddsa_sign (KC_ECC_ED25519, sig, 64, data, 32, msg, msg_len)
      || kc_eddsa_verify (KC_ECC_ED25519, sig, 64, pk, 32, msg, msg_len))
    abort ();

  /* the batch: the item alone, then beside our valid one both ways */
  for (k = 0; k < 3; k++)
    {
      size_t n = k ? 2 : 1, in = k == 2 ? 1 : 0, ok = 1 - in;
      gpg_error_t all;
      sp[in] = data + 32;
      pp[in] = data;
      mp[in] = msg;
      ml[in] = msg_len;
      sp[ok] = sig;
      pp[ok] = pk;
      mp[ok] = msg;
      ml[ok] = msg_len;
      all = kc_eddsa_verify_batch (KC_ECC_ED25519, n, sp, pp, mp, ml, res);
      if (gpg_err_code (res[in]) != ec
          || (n == 2 && res[ok])
          || gpg_err_code (all) != (ec ? GPG_ERR_BAD_SIGNATURE : 0))
        abort ();
    }

  /* the input as a key pair: forged unless it is its seed's own */
  if (kc_eddsa_keypair_create (KC_ECC_ED25519, kp, sizeof kp, data, 32))
    abort ();
  memset (sig2, 0x5a, sizeof sig2);
  ec = gpg_err_code (kc_eddsa_sign_keypair (KC_ECC_ED25519, sig2, 64, data,
                                            96, msg, msg_len));
  if (memcmp (kp, data, 96) == 0
      ? ec != 0 || memcmp (sig2, sig, 64)
      : ec != GPG_ERR_BAD_SECKEY || sig2[0] != 0x5a || sig2[63] != 0x5a)
    abort ();
  if (kc_eddsa_sign_keypair (KC_ECC_ED25519, sig2, 64, kp, sizeof kp, msg,
                             msg_len) || memcmp (sig2, sig, 64))
    abort ();
  kp[data[42] % sizeof kp] ^= (unsigned char) (1 << (data[43] & 7));
  if (gpg_err_code (kc_eddsa_sign_keypair (KC_ECC_ED25519, sig2, 64, kp,
                                           sizeof kp, msg, msg_len))
      != GPG_ERR_BAD_SECKEY)
    abort ();

  sig[data[40] & 63] ^= (unsigned char) (1 << (data[41] & 7));
  if (!kc_eddsa_verify (KC_ECC_ED25519, sig, 64, pk, 32, msg, msg_len))
    abort ();
  return 0;
}
