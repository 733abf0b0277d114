/* fuzz-p256.c - NIST P-256: SEC1 public-key parsing, DER and r||s
 * signature parsing and verification, ECDH with a fuzzed peer key.
 * Input: 1 byte of mode (top bit) and flags (low bits), 32 bytes of digest, then the rest R.
 *   top bit 0: R is a public key: kc_ecc_pubkey_convert to 33 and 65 bytes
 *           (GPG_ERR_BAD_PUBKEY, GPG_ERR_INV_ARG for a length neither 33
 *           nor 65, or 0; a key that converts converts back to itself and
 *           has the right prefix) and kc_ecdh with it (the same verdict;
 *           the output untouched on an error);
 *   top bit 1: R is a signature (DER with flag bit 0) under a fixed key:
 *           0, GPG_ERR_BAD_SIGNATURE or GPG_ERR_INV_ARG, never a crash;
 *           our own signature over the digest always verifies, and with
 *           the fuzzed signature's first byte flipped it does not.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <kcrypt.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

#define C KC_ECC_NIST_P256

static void
fuzz_pubkey (const uint8_t *p, size_t n)
{
  static const unsigned char sk[32] = { 1, 2, 3 };
  unsigned char o33[33], o65[65], back[65], sh[32];
  gpg_err_code_t e33, e65, ed;

  e33 = gpg_err_code (kc_ecc_pubkey_convert (C, o33, 33, p, n));
  e65 = gpg_err_code (kc_ecc_pubkey_convert (C, o65, 65, p, n));
  if (e33 != e65)
    abort ();
  if (n != 33 && n != 65)
    {
      if (e33 != GPG_ERR_INV_ARG)
        abort ();
    }
  else if (e33 != 0 && e33 != GPG_ERR_BAD_PUBKEY)
    abort ();
  if (!e33)
    {
      if ((o33[0] != 2 && o33[0] != 3) || o65[0] != 4
          || memcmp (o33 + 1, o65 + 1, 32)
          || (o33[0] & 1) != (o65[64] & 1))
        abort ();
      if (kc_ecc_pubkey_convert (C, back, n, n == 33 ? o33 : o65,
                                 n == 33 ? 33 : 65)
          || memcmp (back, p, n))
        abort ();
    }
  memset (sh, 0x5a, sizeof sh);
  ed = gpg_err_code (kc_ecdh (C, 0, sh, 32, sk, 32, p, n));
  if (ed != e33)
    abort ();
  if (ed)
    {
      size_t i;
      for (i = 0; i < sizeof sh; i++)
        if (sh[i] != 0x5a)
          abort ();
    }
}

static void
fuzz_verify (unsigned int flags, const uint8_t *dg, const uint8_t *s, size_t n)
{
  static unsigned char pub[65];
  static int have_pub;
  unsigned char sk[32], sig[72];
  size_t siglen = sizeof sig;
  gpg_err_code_t ec;

  memset (sk, 0x22, sizeof sk);
  if (!have_pub)
    {
      if (kc_ecc_pubkey (C, pub, sizeof pub, sk, sizeof sk))
        abort ();
      have_pub = 1;
    }
  ec = gpg_err_code (kc_ecdsa_verify (C, flags, s, n, pub, sizeof pub, dg,
                                      32));
  if (ec != 0 && ec != GPG_ERR_BAD_SIGNATURE && ec != GPG_ERR_INV_ARG)
    abort ();
  if (kc_ecdsa_sign (C, flags & KC_ECDSA_DER, sig, &siglen, sk, sizeof sk,
                     dg, 32))
    abort ();
  if (kc_ecdsa_verify (C, flags & KC_ECDSA_DER, sig, siglen, pub, sizeof pub,
                       dg, 32))
    abort ();
  sig[siglen - 1] ^= 1;
  if (!kc_ecdsa_verify (C, flags & KC_ECDSA_DER, sig, siglen, pub,
                        sizeof pub, dg, 32))
    abort ();
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  if (size < 33)
    return 0;
  if (data[0] & 0x80)
    fuzz_verify (data[0] & (KC_ECDSA_DER | KC_ECDSA_LOW_S), data + 1,
                 data + 33, size - 33);
  else
    fuzz_pubkey (data + 33, size - 33);
  return 0;
}
