/* fuzz-kem-decap.c - kc_kem_decap on arbitrary secret keys and ciphertexts.
 * Input: secret key bytes, then ciphertext bytes (zero-padded when short).
 * Properties: a well-sized call never fails and is deterministic; a wrong
 * length is GPG_ERR_INV_ARG.
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
  static unsigned char sk[KC_KEM_SNTRUP761_SECKEY_LEN];
  static unsigned char ct[KC_KEM_SNTRUP761_ENCAPS_LEN];
  unsigned char ss1[32], ss2[32];
  size_t n1 = size < sizeof sk ? size : sizeof sk;
  size_t n2 = size - n1 < sizeof ct ? size - n1 : sizeof ct;

  memset (sk, 0, sizeof sk);
  memset (ct, 0, sizeof ct);
  memcpy (sk, data, n1);
  memcpy (ct, data + n1, n2);

  if (kc_kem_decap (KC_KEM_SNTRUP761, sk, sizeof sk, ct, sizeof ct,
                    ss1, sizeof ss1, NULL, 0))
    abort ();
  if (kc_kem_decap (KC_KEM_SNTRUP761, sk, sizeof sk, ct, sizeof ct,
                    ss2, sizeof ss2, NULL, 0))
    abort ();
  if (memcmp (ss1, ss2, sizeof ss1))
    abort ();
  if (gpg_err_code (kc_kem_decap (KC_KEM_SNTRUP761, sk, sizeof sk, ct,
                                  size % sizeof ct, ss1, sizeof ss1, NULL, 0))
      != GPG_ERR_INV_ARG)
    abort ();
  return 0;
}
