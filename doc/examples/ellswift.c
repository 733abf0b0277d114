/* ellswift.c - example: the key exchange of BIP-324 (Bitcoin's v2 P2P
 * transport) with ElligatorSwift-encoded keys over secp256k1.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Build:  cc -o ellswift ellswift.c $(pkg-config --cflags --libs libkcrypt)
 * Exits 0 if every step gave what the manual says (kc_ellswift(3)), 1
 * otherwise.
 */
#include <stdio.h>
#include <string.h>
#include <kcrypt.h>

#define FAIL(what) do { fprintf (stderr, "ellswift: %s\n", what); return 1; } while (0)

int
main (void)
{
  unsigned char sec_a[32], sec_b[32], pub_a[33], pub_b[33], dec_a[33];
  unsigned char ell_a[KC_ELLSWIFT_SECP256K1_LEN];
  unsigned char ell_b[KC_ELLSWIFT_SECP256K1_LEN];
  unsigned char ell_again[KC_ELLSWIFT_SECP256K1_LEN], aux[32];
  unsigned char s_a[KC_ELLSWIFT_SECP256K1_SHARED_LEN];
  unsigned char s_b[KC_ELLSWIFT_SECP256K1_SHARED_LEN];
  gpg_error_t err;

  /* Each side makes a key pair and sends the 64-byte encoding of its
   * public key, which looks like random bytes on the wire. */
  err = kc_ecc_keypair (KC_ECC_SECP256K1, pub_a, sizeof pub_a,
                        sec_a, sizeof sec_a);
  if (!err)
    {
      kc_randomize (aux, sizeof aux);
      err = kc_ellswift_create (KC_ECC_SECP256K1, ell_a, sizeof ell_a,
                                sec_a, sizeof sec_a, aux, sizeof aux);
    }
  if (!err)
    err = kc_ecc_keypair (KC_ECC_SECP256K1, pub_b, sizeof pub_b,
                          sec_b, sizeof sec_b);
  if (!err)
    err = kc_ellswift_create (KC_ECC_SECP256K1, ell_b, sizeof ell_b,
                              sec_b, sizeof sec_b, NULL, 0);
  if (err)
    FAIL ("key pairs");

  /* The initiator (A) and the responder (B) reach the same secret. */
  err = kc_ellswift_xdh (KC_ECC_SECP256K1, s_a, sizeof s_a,
                         ell_a, sizeof ell_a, ell_b, sizeof ell_b,
                         sec_a, sizeof sec_a, KC_ELLSWIFT_PARTY_A);
  if (!err)
    err = kc_ellswift_xdh (KC_ECC_SECP256K1, s_b, sizeof s_b,
                           ell_a, sizeof ell_a, ell_b, sizeof ell_b,
                           sec_b, sizeof sec_b, KC_ELLSWIFT_PARTY_B);
  if (err || memcmp (s_a, s_b, sizeof s_a))
    FAIL ("BIP-324 ECDH: the two sides disagree");

  /* Any 64 bytes decode to a public key; A's encoding decodes to A's
   * key, and so does a fresh encoding of it. */
  err = kc_ellswift_decode (KC_ECC_SECP256K1, dec_a, sizeof dec_a,
                            ell_a, sizeof ell_a);
  if (err || memcmp (dec_a, pub_a, sizeof pub_a))
    FAIL ("decode");
  err = kc_ellswift_encode (KC_ECC_SECP256K1, ell_again, sizeof ell_again,
                            pub_a, sizeof pub_a, NULL, 0);
  if (!err)
    err = kc_ellswift_decode (KC_ECC_SECP256K1, dec_a, sizeof dec_a,
                              ell_again, sizeof ell_again);
  if (err || memcmp (dec_a, pub_a, sizeof pub_a)
      || !memcmp (ell_again, ell_a, sizeof ell_a))
    FAIL ("encode");

  printf ("ellswift: ok\n");
  return 0;
}
