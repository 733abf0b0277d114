/* p256.c - example: NIST P-256 keys, ECDSA (RFC 6979) and ECDH.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Build:  cc -o p256 p256.c $(pkg-config --cflags --libs libkcrypt)
 * Exits 0 if every step gave what the manual says (kc_ecc(3),
 * kc_ecdsa(3), kc_ecdh(3)), 1 otherwise.
 */
#include <stdio.h>
#include <string.h>
#include <kcrypt.h>

#define FAIL(what) do { fprintf (stderr, "p256: %s\n", what); return 1; } while (0)

/* RFC 6979 appendix A.2.5: the key, its public key, and the signature
 * of "sample" with SHA-256. */
static const unsigned char rfc_sec[32] = {
  0xc9, 0xaf, 0xa9, 0xd8, 0x45, 0xba, 0x75, 0x16, 0x6b, 0x5c, 0x21, 0x57,
  0x67, 0xb1, 0xd6, 0x93, 0x4e, 0x50, 0xc3, 0xdb, 0x36, 0xe8, 0x9b, 0x12,
  0x7b, 0x8a, 0x62, 0x2b, 0x12, 0x0f, 0x67, 0x21
};
static const unsigned char rfc_pub[65] = {
  0x04, 0x60, 0xfe, 0xd4, 0xba, 0x25, 0x5a, 0x9d, 0x31, 0xc9, 0x61, 0xeb,
  0x74, 0xc6, 0x35, 0x6d, 0x68, 0xc0, 0x49, 0xb8, 0x92, 0x3b, 0x61, 0xfa,
  0x6c, 0xe6, 0x69, 0x62, 0x2e, 0x60, 0xf2, 0x9f, 0xb6, 0x79, 0x03, 0xfe,
  0x10, 0x08, 0xb8, 0xbc, 0x99, 0xa4, 0x1a, 0xe9, 0xe9, 0x56, 0x28, 0xbc,
  0x64, 0xf2, 0xf1, 0xb2, 0x0c, 0x2d, 0x7e, 0x9f, 0x51, 0x77, 0xa3, 0xc2,
  0x94, 0xd4, 0x46, 0x22, 0x99
};
static const unsigned char rfc_sig[64] = {
  0xef, 0xd4, 0x8b, 0x2a, 0xac, 0xb6, 0xa8, 0xfd, 0x11, 0x40, 0xdd, 0x9c,
  0xd4, 0x5e, 0x81, 0xd6, 0x9d, 0x2c, 0x87, 0x7b, 0x56, 0xaa, 0xf9, 0x91,
  0xc3, 0x4d, 0x0e, 0xa8, 0x4e, 0xaf, 0x37, 0x16, 0xf7, 0xcb, 0x1c, 0x94,
  0x2d, 0x65, 0x7c, 0x41, 0xd4, 0x36, 0xc7, 0xa1, 0xb6, 0xe2, 0x9f, 0x65,
  0xf3, 0xe9, 0x00, 0xdb, 0xb9, 0xaf, 0xf4, 0x06, 0x4d, 0xc4, 0xab, 0x2f,
  0x84, 0x3a, 0xcd, 0xa8
};

int
main (void)
{
  unsigned char sec_a[KC_ECC_NIST_P256_SECKEY_LEN], sec_b[32];
  unsigned char pub_a[KC_ECC_NIST_P256_PUBKEY_LEN];
  unsigned char pub_b[KC_ECC_NIST_P256_PUBKEY_COMPRESSED_LEN];
  unsigned char s_a[KC_ECDH_NIST_P256_LEN], s_b[KC_ECDH_NIST_P256_LEN];
  unsigned char sig[KC_ECDSA_NIST_P256_DER_MAX_LEN], digest[32];
  size_t siglen;
  gpg_error_t err;

  if (!kc_check_version (KCRYPT_VERSION))
    FAIL ("the library is older than the header");

  /* The RFC's public key and deterministic signature, byte for byte. */
  err = kc_ecc_pubkey (KC_ECC_NIST_P256, pub_a, sizeof pub_a,
                       rfc_sec, sizeof rfc_sec);
  if (err || memcmp (pub_a, rfc_pub, sizeof pub_a))
    FAIL ("RFC 6979 public key");
  err = kc_md_hash_buffer (KC_MD_SHA256, digest, sizeof digest, "sample", 6);
  siglen = KC_ECDSA_NIST_P256_SIG_LEN;
  if (!err)
    err = kc_ecdsa_sign (KC_ECC_NIST_P256, 0, sig, &siglen,
                         rfc_sec, sizeof rfc_sec, digest, sizeof digest);
  if (err || siglen != sizeof rfc_sig || memcmp (sig, rfc_sig, siglen))
    FAIL ("RFC 6979 signature");

  /* A fresh key pair; a DER signature, verified with the key. */
  err = kc_ecc_keypair (KC_ECC_NIST_P256, pub_a, sizeof pub_a,
                        sec_a, sizeof sec_a);
  siglen = sizeof sig;
  if (!err)
    err = kc_ecdsa_sign (KC_ECC_NIST_P256, KC_ECDSA_DER, sig, &siglen,
                         sec_a, sizeof sec_a, digest, sizeof digest);
  if (!err)
    err = kc_ecdsa_verify (KC_ECC_NIST_P256, KC_ECDSA_DER, sig, siglen,
                           pub_a, sizeof pub_a, digest, sizeof digest);
  if (err)
    FAIL (gpg_strerror (err));

  /* ECDH as TLS and SSH use it: both sides get the x-coordinate of the
   * shared point (B's key travels compressed here). */
  err = kc_ecc_keypair (KC_ECC_NIST_P256, pub_b, sizeof pub_b,
                        sec_b, sizeof sec_b);
  if (!err)
    err = kc_ecdh (KC_ECC_NIST_P256, 0, s_a, sizeof s_a, sec_a, sizeof sec_a,
                   pub_b, sizeof pub_b);
  if (!err)
    err = kc_ecdh (KC_ECC_NIST_P256, 0, s_b, sizeof s_b, sec_b, sizeof sec_b,
                   pub_a, sizeof pub_a);
  if (err || memcmp (s_a, s_b, sizeof s_a))
    FAIL ("ECDH: the two sides disagree");

  /* A point off the curve is refused, and nothing is written. */
  pub_a[40] ^= 1;
  memset (s_b, 0, sizeof s_b);
  if (gpg_err_code (kc_ecdh (KC_ECC_NIST_P256, 0, s_b, sizeof s_b,
                             sec_b, sizeof sec_b, pub_a, sizeof pub_a))
      != GPG_ERR_BAD_PUBKEY
      || memcmp (s_b, "\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0"
                      "\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0", sizeof s_b))
    FAIL ("a point off the curve");

  printf ("p256: ok\n");
  return 0;
}
