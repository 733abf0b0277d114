/* kem.c - example: a KEM round trip (sntrup761, ML-KEM-768, X25519).
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Build:  cc -o kem kem.c $(pkg-config --cflags --libs libkcrypt)
 * The receiver makes a key pair and publishes the public key; the sender
 * encapsulates to it and sends the ciphertext; both end up with the same
 * shared secret.  Exits 0 if every step gave what the manual says
 * (kc_kem(3)), 1 otherwise.
 */
#include <stdio.h>
#include <string.h>
#include <kcrypt.h>

#define FAIL(what) do { fprintf (stderr, "kem: %s\n", what); return 1; } while (0)

/* The receiver's and the sender's part for one algorithm, in buffers of
 * the largest sizes of the algorithms below (ML-KEM-768's). */
static int
round_trip (int algo, size_t pk_len, size_t sk_len, size_t ct_len,
            size_t ss_len)
{
  unsigned char pk[KC_KEM_MLKEM768_PUBKEY_LEN], sk[KC_KEM_MLKEM768_SECKEY_LEN];
  unsigned char ct[KC_KEM_MLKEM768_ENCAPS_LEN];
  unsigned char ss1[32], ss2[32];
  gpg_error_t err;

  if (pk_len > sizeof pk || sk_len > sizeof sk || ct_len > sizeof ct
      || ss_len > sizeof ss1)
    FAIL ("round_trip: buffers too small for this algorithm");

  err = kc_kem_keypair (algo, pk, pk_len, sk, sk_len);
  if (!err)
    err = kc_kem_encap (algo, pk, pk_len, ct, ct_len, ss1, ss_len, NULL, 0);
  if (!err)
    err = kc_kem_decap (algo, sk, sk_len, ct, ct_len, ss2, ss_len, NULL, 0);
  if (err)
    {
      fprintf (stderr, "kem %d: %s\n", algo, gpg_strerror (err));
      return 1;
    }
  if (memcmp (ss1, ss2, ss_len))
    FAIL ("the two sides' shared secrets differ");
  return 0;
}

int
main (void)
{
  unsigned char pk[KC_KEM_SNTRUP761_PUBKEY_LEN], sk[KC_KEM_SNTRUP761_SECKEY_LEN];
  unsigned char ct[KC_KEM_SNTRUP761_ENCAPS_LEN];
  unsigned char ss[KC_KEM_SNTRUP761_SHARED_LEN], ss2[KC_KEM_SNTRUP761_SHARED_LEN];
  gpg_error_t err;
  unsigned char ss3[KC_KEM_SNTRUP761_SHARED_LEN];

  if (!kc_check_version (KCRYPT_VERSION))
    FAIL ("the library is older than the header");

  /* The receiver: a key pair; pk goes to the sender. */
  err = kc_kem_keypair (KC_KEM_SNTRUP761, pk, sizeof pk, sk, sizeof sk);
  /* The sender: a fresh shared secret ss and the ciphertext ct. */
  if (!err)
    err = kc_kem_encap (KC_KEM_SNTRUP761, pk, sizeof pk, ct, sizeof ct,
                        ss, sizeof ss, NULL, 0);
  /* The receiver, from ct: the same secret. */
  if (!err)
    err = kc_kem_decap (KC_KEM_SNTRUP761, sk, sizeof sk, ct, sizeof ct,
                        ss2, sizeof ss2, NULL, 0);
  if (err)
    FAIL (gpg_strerror (err));
  if (memcmp (ss, ss2, sizeof ss))
    FAIL ("shared secrets differ");

  /* A ciphertext changed on the way still decapsulates (implicit
   * rejection), to an unrelated secret: no error tells an attacker
   * anything. */
  ct[100] ^= 1;
  err = kc_kem_decap (KC_KEM_SNTRUP761, sk, sizeof sk, ct, sizeof ct,
                      ss3, sizeof ss3, NULL, 0);
  if (err || !memcmp (ss, ss3, sizeof ss))
    FAIL ("a forged ciphertext gave an error or the real secret");

  /* Lengths are checked exactly. */
  err = kc_kem_encap (KC_KEM_SNTRUP761, pk, sizeof pk - 1, ct, sizeof ct,
                      ss, sizeof ss, NULL, 0);
  if (gpg_err_code (err) != GPG_ERR_INV_ARG || gpg_err_source (err) != KC_ERR_SOURCE)
    FAIL ("a short public key was not GPG_ERR_INV_ARG");

  /* The same calls for the other algorithms, with their lengths. */
  if (round_trip (KC_KEM_MLKEM768, KC_KEM_MLKEM768_PUBKEY_LEN,
                  KC_KEM_MLKEM768_SECKEY_LEN, KC_KEM_MLKEM768_ENCAPS_LEN,
                  KC_KEM_MLKEM768_SHARED_LEN)
      || round_trip (KC_KEM_RAW_X25519, KC_KEM_RAW_X25519_PUBKEY_LEN,
                     KC_KEM_RAW_X25519_SECKEY_LEN, KC_KEM_RAW_X25519_ENCAPS_LEN,
                     KC_KEM_RAW_X25519_SHARED_LEN))
    return 1;

  {
    /* Sixteen sntrup761 key pairs at once. */
    static unsigned char pks[16 * KC_KEM_SNTRUP761_PUBKEY_LEN];
    static unsigned char sks[16 * KC_KEM_SNTRUP761_SECKEY_LEN];

    err = kc_kem_keypair_batch (KC_KEM_SNTRUP761, pks, sizeof pks,
                                sks, sizeof sks, 16);
    /* Key i: pks + i * KC_KEM_SNTRUP761_PUBKEY_LEN,
              sks + i * KC_KEM_SNTRUP761_SECKEY_LEN. */
    if (err)
      FAIL (gpg_strerror (err));
    err = kc_kem_encap (KC_KEM_SNTRUP761, pks + 15 * KC_KEM_SNTRUP761_PUBKEY_LEN,
                        KC_KEM_SNTRUP761_PUBKEY_LEN, ct, sizeof ct,
                        ss, sizeof ss, NULL, 0);
    if (!err)
      err = kc_kem_decap (KC_KEM_SNTRUP761, sks + 15 * KC_KEM_SNTRUP761_SECKEY_LEN,
                          KC_KEM_SNTRUP761_SECKEY_LEN, ct, sizeof ct,
                          ss2, sizeof ss2, NULL, 0);
    if (err || memcmp (ss, ss2, sizeof ss))
      FAIL ("the last key of a batch does not work");
  }

  /* An ML-KEM key pair kept as its 64-byte seed d || z: the same seed
   * gives the same keys. */
  {
    unsigned char seed[64], pk1[KC_KEM_MLKEM768_PUBKEY_LEN];
    unsigned char pk2[KC_KEM_MLKEM768_PUBKEY_LEN], sk1[KC_KEM_MLKEM768_SECKEY_LEN];
    unsigned char sk2[KC_KEM_MLKEM768_SECKEY_LEN];

    kc_randomize (seed, sizeof seed);
    err = kc_kem_keypair_seed (KC_KEM_MLKEM768, pk1, sizeof pk1, sk1, sizeof sk1,
                               seed, sizeof seed);
    if (!err)
      err = kc_kem_keypair_seed (KC_KEM_MLKEM768, pk2, sizeof pk2, sk2, sizeof sk2,
                                 seed, sizeof seed);
    if (err || memcmp (pk1, pk2, sizeof pk1) || memcmp (sk1, sk2, sizeof sk1))
      FAIL ("kc_kem_keypair_seed is not deterministic");
    /* sntrup761 keys have no seed form. */
    err = kc_kem_keypair_seed (KC_KEM_SNTRUP761, pk, sizeof pk, sk, sizeof sk,
                               seed, sizeof seed);
    if (gpg_err_code (err) != GPG_ERR_NOT_SUPPORTED)
      FAIL ("kc_kem_keypair_seed of sntrup761 was not GPG_ERR_NOT_SUPPORTED");
  }

  printf ("kem: sntrup761, ML-KEM-768 and X25519 round trips agree\n");
  return 0;
}
