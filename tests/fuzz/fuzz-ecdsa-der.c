/* fuzz-ecdsa-der.c - ECDSA signature encodings from arbitrary bytes.
 * Input: a would-be DER signature (any length).  Properties: the strict
 * and the lax parser return 0 or GPG_ERR_BAD_SIGNATURE, never a crash,
 * and leave their output untouched on failure; what the strict parser
 * reads the lax one reads the same, and it serialises back to exactly
 * the input (strict DER is canonical); what the lax parser reads is a
 * compact signature the other calls take (normalisation, DER and back),
 * and its normal form is not high.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <kcrypt.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

#define C KC_ECC_SECP256K1

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  unsigned char strict[64], lax[64], norm[64], back[64], der[80];
  size_t dl = sizeof der;
  gpg_err_code_t es, el;
  int high = -1;

  memset (strict, 0xA5, 64);
  memset (lax, 0xA5, 64);
  es = gpg_err_code (kc_ecdsa_signature_parse_der (C, strict, 64,
                                                   size ? data : NULL, size));
  el = gpg_err_code (kc_ecdsa_signature_parse_der_lax (C, lax, 64,
                                                       size ? data : NULL,
                                                       size));
  if ((es && es != GPG_ERR_BAD_SIGNATURE) || (el && el != GPG_ERR_BAD_SIGNATURE))
    abort ();
  if ((es && (strict[0] != 0xA5 || strict[63] != 0xA5))
      || (el && (lax[0] != 0xA5 || lax[63] != 0xA5)))
    abort ();                           /* written on failure */
  if (!es)
    {
      if (el || memcmp (strict, lax, 64))
        abort ();                       /* lax reads strict DER the same */
      if (kc_ecdsa_signature_serialize_der (C, der, &dl, strict, 64)
          || dl != size || memcmp (der, data, size))
        abort ();                       /* canonical: the input again */
    }
  if (!el)
    {
      if (kc_ecdsa_signature_normalize (C, norm, 64, &high, lax, 64)
          || (high != 0 && high != 1))
        abort ();
      if (kc_ecdsa_signature_normalize (C, NULL, 0, &high, norm, 64) || high)
        abort ();
      dl = sizeof der;
      if (kc_ecdsa_signature_serialize_der (C, der, &dl, lax, 64)
          || kc_ecdsa_signature_parse_der (C, back, 64, der, dl)
          || memcmp (back, lax, 64))
        abort ();
    }
  return 0;
}
