/* fuzz-schnorr-verify.c - BIP-340 verification of arbitrary input.
 * Input: 32 bytes of x-only key, 64 bytes of signature, then the message
 * (any length, 0 included).  Properties: the result is 0,
 * GPG_ERR_BAD_PUBKEY (exactly when the key is x >= p or has no point, as
 * kc_ecc_xonly_tweak_add by 0 says) or GPG_ERR_BAD_SIGNATURE, never a
 * crash; a signature we make over the message, with the first 32 input
 * bytes as aux_rand, verifies, and no longer does with a byte of it
 * changed.
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
  static const unsigned char zero[32];
  static unsigned char xonly[32];
  static int have_key;
  unsigned char sk[32], sig[64], tmp[32];
  const unsigned char *msg;
  size_t msg_len;
  gpg_err_code_t ec, kc;

  if (!have_key)
    {
      memset (sk, 0x22, sizeof sk);
      if (kc_ecc_xonly_pubkey (KC_ECC_SECP256K1, xonly, 32, NULL, sk, 32))
        abort ();
      have_key = 1;
    }
  if (size < 96)
    return 0;
  msg = size > 96 ? data + 96 : NULL;
  msg_len = size - 96;
  ec = gpg_err_code (kc_schnorr_verify (KC_ECC_SECP256K1, data + 32, 64,
                                        data, 32, msg, msg_len));
  if (ec != 0 && ec != GPG_ERR_BAD_PUBKEY && ec != GPG_ERR_BAD_SIGNATURE)
    abort ();
  /* the key is bad exactly when lifting it fails */
  kc = gpg_err_code (kc_ecc_xonly_tweak_add (KC_ECC_SECP256K1, tmp, 32, NULL,
                                             data, 32, zero, 32));
  if ((kc == GPG_ERR_BAD_PUBKEY) != (ec == GPG_ERR_BAD_PUBKEY))
    abort ();
  if (!kc && memcmp (tmp, data, 32))
    abort ();                   /* P + 0 G is P */

  memset (sk, 0x22, sizeof sk);
  if (kc_schnorr_sign (KC_ECC_SECP256K1, sig, 64, sk, 32, msg, msg_len,
                       data, 32))
    abort ();
  if (kc_schnorr_verify (KC_ECC_SECP256K1, sig, 64, xonly, 32, msg, msg_len))
    abort ();
  sig[data[40] & 63] ^= (unsigned char) (data[41] | 1);
  if (!kc_schnorr_verify (KC_ECC_SECP256K1, sig, 64, xonly, 32, msg, msg_len))
    abort ();
  return 0;
}
