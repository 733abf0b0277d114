/* fuzz-ecdsa-recover.c - public key recovery from arbitrary recoverable
 * signatures.  Input: 65 bytes of signature (r || s || recid), then the
 * digest (at least 1 byte).  Properties: the result is 0 or
 * GPG_ERR_BAD_SIGNATURE, never a crash; a recovered key is a valid key
 * (it converts), its two encodings agree, and the signature verifies
 * under it; our own recoverable signature over the digest recovers our
 * key.
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
  static unsigned char pub[33];
  static int have_pub;
  unsigned char sk[32], sig[65], q65[65], q33[33], c33[33];
  size_t siglen = sizeof sig;
  gpg_err_code_t ec;

  if (!have_pub)
    {
      memset (sk, 0x33, sizeof sk);
      if (kc_ecc_pubkey (KC_ECC_SECP256K1, pub, 33, sk, 32))
        abort ();
      have_pub = 1;
    }
  if (size < 66)
    return 0;
  ec = gpg_err_code (kc_ecdsa_recover (KC_ECC_SECP256K1, q65, 65, data, 65,
                                       data + 65, size - 65));
  if (ec != 0 && ec != GPG_ERR_BAD_SIGNATURE)
    abort ();
  if (!ec)
    {
      if (kc_ecdsa_recover (KC_ECC_SECP256K1, q33, 33, data, 65,
                            data + 65, size - 65))
        abort ();
      if (kc_ecc_pubkey_convert (KC_ECC_SECP256K1, c33, 33, q65, 65)
          || memcmp (c33, q33, 33))
        abort ();
      if (kc_ecdsa_verify (KC_ECC_SECP256K1, 0, data, 64, q65, 65,
                           data + 65, size - 65))
        abort ();
    }

  memset (sk, 0x33, sizeof sk);
  if (kc_ecdsa_sign (KC_ECC_SECP256K1, KC_ECDSA_RECOVERABLE, sig, &siglen,
                     sk, 32, data + 65, size - 65))
    abort ();
  if (kc_ecdsa_recover (KC_ECC_SECP256K1, q33, 33, sig, 65, data + 65,
                        size - 65)
      || memcmp (q33, pub, 33))
    abort ();
  return 0;
}
