/* ecc.c - example: secp256k1 keys, ECDSA signing and verification.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Build:  cc -o ecc ecc.c $(pkg-config --cflags --libs libkcrypt)
 * Exits 0 if every step gave what the manual says (kc_ecc(3),
 * kc_ecdsa(3)), 1 otherwise.
 */
#include <stdio.h>
#include <string.h>
#include <kcrypt.h>

#define FAIL(what) do { fprintf (stderr, "ecc: %s\n", what); return 1; } while (0)

/* The compressed public key of the secret key 1: the generator G. */
static const unsigned char g_compressed[33] = {
  0x02, 0x79, 0xbe, 0x66, 0x7e, 0xf9, 0xdc, 0xbb, 0xac, 0x55, 0xa0, 0x62,
  0x95, 0xce, 0x87, 0x0b, 0x07, 0x02, 0x9b, 0xfc, 0xdb, 0x2d, 0xce, 0x28,
  0xd9, 0x59, 0xf2, 0x81, 0x5b, 0x16, 0xf8, 0x17, 0x98
};

int
main (void)
{
  unsigned char sec[32], pub[65], pub33[33];
  unsigned char sig[KC_ECDSA_SECP256K1_DER_MAX_LEN];
  size_t siglen = sizeof sig;
  unsigned char digest[32];
  gpg_error_t err;
  unsigned char one[32] = { 0 }, sig2[sizeof sig], rs[KC_ECDSA_SECP256K1_SIG_LEN];
  size_t siglen2 = sizeof sig2, rslen = sizeof rs;

  if (!kc_check_version (KCRYPT_VERSION))
    FAIL ("the library is older than the header");
  /* What is signed is a digest: here SHA-256 of the message. */
  err = kc_md_hash_buffer (KC_MD_SHA256, digest, sizeof digest, "hello", 5);
  if (err)
    FAIL ("hash");

  /* A key pair, and the same public key in compressed form. */
  err = kc_ecc_keypair (KC_ECC_SECP256K1, pub, sizeof pub, sec, sizeof sec);
  if (!err)
    err = kc_ecc_pubkey (KC_ECC_SECP256K1, pub33, sizeof pub33, sec, sizeof sec);
  if (err)
    FAIL (gpg_strerror (err));
  if (pub[0] != 0x04 || (pub33[0] != 0x02 && pub33[0] != 0x03)
      || memcmp (pub + 1, pub33 + 1, 32))
    FAIL ("the two encodings of the public key disagree");

  /* Sign (DER), verify with either encoding of the key. */
  err = kc_ecdsa_sign (KC_ECC_SECP256K1, KC_ECDSA_DER, sig, &siglen,
                       sec, sizeof sec, digest, sizeof digest);
  if (!err)
    err = kc_ecdsa_verify (KC_ECC_SECP256K1, KC_ECDSA_DER, sig, siglen,
                           pub, sizeof pub, digest, sizeof digest);
  /* 0: valid; GPG_ERR_BAD_SIGNATURE: does not verify or is malformed. */
  if (err)
    FAIL (gpg_strerror (err));
  err = kc_ecdsa_verify (KC_ECC_SECP256K1, KC_ECDSA_DER | KC_ECDSA_LOW_S,
                         sig, siglen, pub33, sizeof pub33, digest, sizeof digest);
  if (err)
    FAIL ("it does not verify with the compressed key under KC_ECDSA_LOW_S");

  /* Another digest: GPG_ERR_BAD_SIGNATURE. */
  digest[0] ^= 1;
  err = kc_ecdsa_verify (KC_ECC_SECP256K1, KC_ECDSA_DER, sig, siglen,
                         pub, sizeof pub, digest, sizeof digest);
  if (gpg_err_code (err) != GPG_ERR_BAD_SIGNATURE)
    FAIL ("a signature verified for another digest");
  digest[0] ^= 1;

  /* Signing is deterministic (RFC 6979): the same key and digest give the
   * same signature; r || s is the same signature without DER. */
  err = kc_ecdsa_sign (KC_ECC_SECP256K1, KC_ECDSA_DER, sig2, &siglen2,
                       sec, sizeof sec, digest, sizeof digest);
  if (err || siglen2 != siglen || memcmp (sig, sig2, siglen))
    FAIL ("signing twice gave two signatures");
  err = kc_ecdsa_sign (KC_ECC_SECP256K1, 0, rs, &rslen, sec, sizeof sec,
                       digest, sizeof digest);
  if (err || rslen != 64)
    FAIL ("r || s signature");
  if (kc_ecdsa_verify (KC_ECC_SECP256K1, 0, rs, rslen, pub, sizeof pub,
                       digest, sizeof digest))
    FAIL ("the r || s signature does not verify");

  /* A known answer: the public key of the secret key 1 is G; the secret
   * key 0 is not a key. */
  one[31] = 1;
  if (kc_ecc_pubkey (KC_ECC_SECP256K1, pub33, sizeof pub33, one, sizeof one)
      || memcmp (pub33, g_compressed, sizeof pub33))
    FAIL ("the public key of 1 is not G");
  one[31] = 0;
  err = kc_ecc_pubkey (KC_ECC_SECP256K1, pub33, sizeof pub33, one, sizeof one);
  if (gpg_err_code (err) != GPG_ERR_BAD_SECKEY)
    FAIL ("the secret key 0 was accepted");

  printf ("ecc: %u-byte DER signature verifies; tampering detected\n",
          (unsigned) siglen);
  return 0;
}
