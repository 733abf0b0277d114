/* ed25519.c - example: Ed25519 keys, key pairs, signatures (RFC 8032) and
 * batch verification with a result for each signature.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Build:  cc -o ed25519 ed25519.c $(pkg-config --cflags --libs libkcrypt)
 * Exits 0 if every step gave what the manual says (kc_eddsa(3)), 1
 * otherwise.
 */
#include <stdio.h>
#include <string.h>
#include <kcrypt.h>

#define FAIL(what) do { fprintf (stderr, "ed25519: %s\n", what); return 1; } while (0)

/* RFC 8032 section 7.1, TEST 1: the seed, its public key, and the
 * signature of the empty message. */
static const unsigned char rfc_seed[32] = {
  0x9d, 0x61, 0xb1, 0x9d, 0xef, 0xfd, 0x5a, 0x60, 0xba, 0x84, 0x4a, 0xf4,
  0x92, 0xec, 0x2c, 0xc4, 0x44, 0x49, 0xc5, 0x69, 0x7b, 0x32, 0x69, 0x19,
  0x70, 0x3b, 0xac, 0x03, 0x1c, 0xae, 0x7f, 0x60
};
static const unsigned char rfc_pub[32] = {
  0xd7, 0x5a, 0x98, 0x01, 0x82, 0xb1, 0x0a, 0xb7, 0xd5, 0x4b, 0xfe, 0xd3,
  0xc9, 0x64, 0x07, 0x3a, 0x0e, 0xe1, 0x72, 0xf3, 0xda, 0xa6, 0x23, 0x25,
  0xaf, 0x02, 0x1a, 0x68, 0xf7, 0x07, 0x51, 0x1a
};
static const unsigned char rfc_sig[64] = {
  0xe5, 0x56, 0x43, 0x00, 0xc3, 0x60, 0xac, 0x72, 0x90, 0x86, 0xe2, 0xcc,
  0x80, 0x6e, 0x82, 0x8a, 0x84, 0x87, 0x7f, 0x1e, 0xb8, 0xe5, 0xd9, 0x74,
  0xd8, 0x73, 0xe0, 0x65, 0x22, 0x49, 0x01, 0x55, 0x5f, 0xb8, 0x82, 0x15,
  0x90, 0xa3, 0x3b, 0xac, 0xc6, 0x1e, 0x39, 0x70, 0x1c, 0xf9, 0xb4, 0x6b,
  0xd2, 0x5b, 0xf5, 0xf0, 0x59, 0x5b, 0xbe, 0x24, 0x65, 0x51, 0x41, 0x43,
  0x8e, 0x7a, 0x10, 0x0b
};

int
main (void)
{
  unsigned char seed[KC_ECC_ED25519_SECKEY_LEN];
  unsigned char pub[KC_ECC_ED25519_PUBKEY_LEN];
  unsigned char sig[KC_EDDSA_ED25519_SIG_LEN];
  unsigned char sigs[3][KC_EDDSA_ED25519_SIG_LEN];
  unsigned char kp[KC_EDDSA_ED25519_KEYPAIR_LEN];
  const void *sig_list[3], *pub_list[3], *msg_list[3];
  size_t len_list[3];
  gpg_error_t results[3];
  const char *msgs[3] = { "first", "second", "third" };
  gpg_error_t err;
  int i;

  if (!kc_check_version (KCRYPT_VERSION))
    FAIL ("the library is older than the header");

  /* The RFC's key and signature, byte for byte. */
  err = kc_ecc_pubkey (KC_ECC_ED25519, pub, sizeof pub,
                       rfc_seed, sizeof rfc_seed);
  if (err || memcmp (pub, rfc_pub, sizeof pub))
    FAIL ("RFC 8032 public key");
  err = kc_eddsa_sign (KC_ECC_ED25519, sig, sizeof sig,
                       rfc_seed, sizeof rfc_seed, NULL, 0);
  if (err || memcmp (sig, rfc_sig, sizeof sig))
    FAIL ("RFC 8032 signature");

  /* A fresh key pair (the secret key is a random 32-byte seed), a
   * signature, and its verification. */
  err = kc_ecc_keypair (KC_ECC_ED25519, pub, sizeof pub, seed, sizeof seed);
  if (!err)
    err = kc_eddsa_sign (KC_ECC_ED25519, sig, sizeof sig, seed, sizeof seed,
                         "hello", 5);
  if (!err)
    err = kc_eddsa_verify (KC_ECC_ED25519, sig, sizeof sig, pub, sizeof pub,
                           "hello", 5);
  if (err)
    FAIL (gpg_strerror (err));
  /* Another message does not verify. */
  if (gpg_err_code (kc_eddsa_verify (KC_ECC_ED25519, sig, sizeof sig,
                                     pub, sizeof pub, "hellO", 5))
      != GPG_ERR_BAD_SIGNATURE)
    FAIL ("a signature verified for another message");

  /* Signing often with one key: a key pair (the seed, its public key
   * and a tag binding them) made once signs with one point
   * multiplication instead of two, the same bytes.  It holds the secret
   * key: clear it after use. */
  err = kc_eddsa_keypair_create (KC_ECC_ED25519, kp, sizeof kp,
                                 seed, sizeof seed);
  if (err)
    FAIL (gpg_strerror (err));

  /* Three signatures verified at once; the second is spoiled, and the
   * results say which one failed. */
  for (i = 0; i < 3; i++)
    {
      err = kc_eddsa_sign_keypair (KC_ECC_ED25519, sigs[i], sizeof sigs[i],
                                   kp, sizeof kp, msgs[i], strlen (msgs[i]));
      if (!err)
        err = kc_eddsa_sign (KC_ECC_ED25519, sig, sizeof sig,
                             seed, sizeof seed, msgs[i], strlen (msgs[i]));
      if (err)
        FAIL (gpg_strerror (err));
      if (memcmp (sig, sigs[i], sizeof sig))
        FAIL ("the key pair signed other bytes than the seed");
      sig_list[i] = sigs[i];
      pub_list[i] = pub;
      msg_list[i] = msgs[i];
      len_list[i] = strlen (msgs[i]);
    }
  sigs[1][10] ^= 1;
  err = kc_eddsa_verify_batch (KC_ECC_ED25519, 3, sig_list, pub_list,
                               msg_list, len_list, results);
  if (gpg_err_code (err) != GPG_ERR_BAD_SIGNATURE
      || results[0] || gpg_err_code (results[1]) != GPG_ERR_BAD_SIGNATURE
      || results[2])
    FAIL ("batch verification: wrong results");
  kc_eddsa_keypair_clear (kp, sizeof kp);

  printf ("ed25519: ok\n");
  return 0;
}
