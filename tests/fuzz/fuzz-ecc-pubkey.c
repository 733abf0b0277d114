/* fuzz-ecc-pubkey.c - SEC1 public-key parsing through kc_ecdsa_verify.
 * Input: the public key bytes.  Properties: the result is
 * GPG_ERR_BAD_PUBKEY, GPG_ERR_INV_ARG (a length that is neither 33 nor
 * 65), or, for a key that parses, GPG_ERR_BAD_SIGNATURE or 0; never a
 * crash, and no key with a wrong prefix byte is accepted.
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
  static const unsigned char digest[32] = { 1 };
  unsigned char sig[64];
  gpg_err_code_t ec;

  memset (sig, 0x42, sizeof sig);
  ec = gpg_err_code (kc_ecdsa_verify (KC_ECC_SECP256K1, 0, sig, sizeof sig,
                                      data, size, digest, sizeof digest));
  if (size != 33 && size != 65)
    {
      if (ec != GPG_ERR_INV_ARG && ec != GPG_ERR_BAD_PUBKEY)
        abort ();
      return 0;
    }
  if (ec != GPG_ERR_BAD_PUBKEY && ec != GPG_ERR_BAD_SIGNATURE && ec != 0)
    abort ();
  if (ec != GPG_ERR_BAD_PUBKEY && size == 33 && data[0] != 2 && data[0] != 3)
    abort ();
  if (ec != GPG_ERR_BAD_PUBKEY && size == 65 && data[0] != 4)
    abort ();
  return 0;
}
