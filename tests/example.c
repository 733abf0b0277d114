/* example.c - a user's program: built by tests/install-check.sh against the
 * installed library with `pkg-config --cflags --libs libkcrypt`.  The README
 * shows the same calls.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <kcrypt.h>

static int
check (const char *what, gpg_error_t err)
{
  if (err)
    fprintf (stderr, "%s: %s\n", what, gpg_strerror (err));
  return err != 0;
}

int
main (void)
{
  unsigned char digest[32];
  unsigned char pk[KC_KEM_SNTRUP761_PUBKEY_LEN], sk[KC_KEM_SNTRUP761_SECKEY_LEN];
  unsigned char ct[KC_KEM_SNTRUP761_ENCAPS_LEN];
  unsigned char ss1[KC_KEM_SNTRUP761_SHARED_LEN], ss2[KC_KEM_SNTRUP761_SHARED_LEN];
  unsigned char esk[KC_ECC_SECP256K1_SECKEY_LEN], epk[KC_ECC_SECP256K1_PUBKEY_LEN];
  unsigned char sig[KC_ECDSA_SECP256K1_DER_MAX_LEN];
  size_t siglen = sizeof sig;
  kc_mpi_t a = NULL, m = NULL, r = kc_mpi_new (0);
  unsigned char nonce[24], zero[24] = { 0 };
  char hex[80];
  size_t n;
  size_t i;

  if (!kc_check_version (KCRYPT_VERSION))
    {
      fprintf (stderr, "libkcrypt is older than the header\n");
      return 1;
    }

  /* Hash. */
  if (check ("hash", kc_md_hash_buffer (KC_MD_SHA256, digest, sizeof digest,
                                        "abc", 3)))
    return 1;
  printf ("SHA-256(\"abc\") = ");
  for (i = 0; i < sizeof digest; i++)
    printf ("%02x", digest[i]);
  printf ("\n");

  /* KEM: the receiver makes a key pair, the sender encapsulates. */
  if (check ("keypair", kc_kem_keypair (KC_KEM_SNTRUP761, pk, sizeof pk,
                                        sk, sizeof sk))
      || check ("encap", kc_kem_encap (KC_KEM_SNTRUP761, pk, sizeof pk,
                                       ct, sizeof ct, ss1, sizeof ss1,
                                       NULL, 0))
      || check ("decap", kc_kem_decap (KC_KEM_SNTRUP761, sk, sizeof sk,
                                       ct, sizeof ct, ss2, sizeof ss2,
                                       NULL, 0)))
    return 1;
  printf ("sntrup761: shared secrets %s\n",
          memcmp (ss1, ss2, sizeof ss1) ? "DIFFER" : "agree");

  /* ECDSA over secp256k1, DER signature. */
  if (check ("ecc keypair", kc_ecc_keypair (KC_ECC_SECP256K1, epk, sizeof epk,
                                            esk, sizeof esk))
      || check ("sign", kc_ecdsa_sign (KC_ECC_SECP256K1, KC_ECDSA_DER,
                                       sig, &siglen, esk, sizeof esk,
                                       digest, sizeof digest))
      || check ("verify", kc_ecdsa_verify (KC_ECC_SECP256K1, KC_ECDSA_DER,
                                           sig, siglen, epk, sizeof epk,
                                           digest, sizeof digest)))
    return 1;
  printf ("ECDSA: %u-byte DER signature verifies\n", (unsigned) siglen);

  /* Random bytes from the library's CSPRNG. */
  kc_randomize (nonce, sizeof nonce);
  printf ("kc_randomize: %s\n",
          memcmp (nonce, zero, sizeof nonce) ? "random bytes" : "ALL ZERO");

  /* Big integers: 2^127 - 1 mod 1000003. */
  if (check ("scan", kc_mpi_scan (&a, KC_MPI_FMT_HEX,
                                  "7fffffffffffffffffffffffffffffff", 0, NULL))
      || check ("scan", kc_mpi_scan (&m, KC_MPI_FMT_HEX, "f4243", 0, NULL)))
    return 1;
  kc_mpi_mod (r, a, m);
  if (check ("print", kc_mpi_print (KC_MPI_FMT_HEX, (unsigned char *) hex,
                                    sizeof hex, &n, r)))
    return 1;
  printf ("(2^127 - 1) mod 1000003 = 0x%s\n", hex);
  kc_mpi_release (a);
  kc_mpi_release (m);
  kc_mpi_release (r);

  return memcmp (ss1, ss2, sizeof ss1) || digest[0] != 0xba
         || !memcmp (nonce, zero, sizeof nonce)
         || strcasecmp (hex, "05e8") != 0;
}
