/* fuzz-ellswift-decode.c - ElligatorSwift (BIP-324) decoding of arbitrary
 * input.  Input: 64 bytes of encoding, then (if present) 32 bytes of
 * encoder randomness (else zeros).  Properties: kc_ellswift_decode never
 * fails on 64 bytes and gives a key that parses (on the curve), in both
 * encodings, the same point; encoding that key again with the randomness
 * decodes to it; kc_ellswift_xdh of a fixed key against the input (as
 * party A; the input is B's) is the BIP-324 tagged hash of ell_A ||
 * input || x, with x from kc_ecdh's raw x on the decoded key.
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
  static const char tag[] = "bip324_ellswift_xonly_ecdh";
  static unsigned char sk[32], ell_a[64], th[32];
  static int ready;
  unsigned char rnd[32], pk[33], pk65[65], conv[65], ell[64], back[33];
  unsigned char x[32], buf[64 + 160], want[32], got[32];

  if (!ready)
    {
      memset (sk, 0x5a, sizeof sk);
      if (kc_ellswift_create (KC_ECC_SECP256K1, ell_a, 64, sk, 32, NULL, 0)
          || kc_md_hash_buffer (KC_MD_SHA256, th, 32, tag, strlen (tag)))
        abort ();
      ready = 1;
    }
  if (size < 64)
    return 0;
  memset (rnd, 0, sizeof rnd);
  if (size >= 96)
    memcpy (rnd, data + 64, 32);
  if (kc_ellswift_decode (KC_ECC_SECP256K1, pk, 33, data, 64)
      || kc_ellswift_decode (KC_ECC_SECP256K1, pk65, 65, data, 64))
    abort ();
  if (kc_ecc_pubkey_convert (KC_ECC_SECP256K1, conv, 65, pk, 33)
      || memcmp (conv, pk65, 65))
    abort ();
  if (kc_ellswift_encode (KC_ECC_SECP256K1, ell, 64, pk65, 65, rnd, 32)
      || kc_ellswift_decode (KC_ECC_SECP256K1, back, 33, ell, 64)
      || memcmp (back, pk, 33))
    abort ();
  if (kc_ellswift_xdh (KC_ECC_SECP256K1, got, 32, ell_a, 64, data, 64, sk, 32,
                       KC_ELLSWIFT_PARTY_A)
      || kc_ecdh (KC_ECC_SECP256K1, KC_ECDH_RAW_X, x, 32, sk, 32, pk, 33))
    abort ();
  memcpy (buf, th, 32);
  memcpy (buf + 32, th, 32);
  memcpy (buf + 64, ell_a, 64);
  memcpy (buf + 128, data, 64);
  memcpy (buf + 192, x, 32);
  if (kc_md_hash_buffer (KC_MD_SHA256, want, 32, buf, sizeof buf)
      || memcmp (got, want, 32))
    abort ();
  return 0;
}
