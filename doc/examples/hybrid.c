/* hybrid.c - example: the post-quantum hybrids as SSH and TLS use them.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Build:  cc -o hybrid hybrid.c $(pkg-config --cflags --libs libkcrypt)
 * SSH, mlkem768x25519-sha256: the client sends its public key, the server
 * encapsulates and sends the ciphertext, and both hash the 32-byte shared
 * secret K into the exchange hash as an SSH string (length, then bytes),
 * not as an mpint.  TLS 1.3, X25519MLKEM768: the client's key_share is
 * the public key, the server's the ciphertext, and the 64-byte shared
 * secret is the (EC)DHE input of the key schedule (the IKM of the
 * HKDF-Extract that makes the handshake secret).  Exits 0 if every step
 * gave what the manual says (kc_kem(3)), 1 otherwise.
 */
#include <stdio.h>
#include <string.h>
#include <kcrypt.h>

#define FAIL(what) do { fprintf (stderr, "hybrid: %s\n", what); return 1; } while (0)

/* OUT = HMAC-SHA256 (KEY, DATA): HKDF-Extract (salt KEY, IKM DATA) */
static gpg_error_t
hmac_sha256 (unsigned char out[32], const void *key, size_t keylen,
             const void *data, size_t len)
{
  kc_md_hd_t hd;
  gpg_error_t err = kc_md_open (&hd, KC_MD_SHA256, KC_MD_FLAG_HMAC);
  if (err)
    return err;
  err = kc_md_setkey (hd, key, keylen);
  if (!err)
    {
      kc_md_write (hd, data, len);
      err = kc_md_final (hd, out, 32);
    }
  kc_md_close (hd);
  return err;
}

int
main (void)
{
  gpg_error_t err;

  if (!kc_check_version (KCRYPT_VERSION))
    FAIL ("the library is older than the header");

  /* SSH: mlkem768x25519-sha256 */
  {
    unsigned char pk[KC_KEM_MLKEM768X25519_SHA256_PUBKEY_LEN];
    unsigned char sk[KC_KEM_MLKEM768X25519_SHA256_SECKEY_LEN];
    unsigned char ct[KC_KEM_MLKEM768X25519_SHA256_ENCAPS_LEN];
    unsigned char k_server[KC_KEM_MLKEM768X25519_SHA256_SHARED_LEN];
    unsigned char k_client[KC_KEM_MLKEM768X25519_SHA256_SHARED_LEN];
    unsigned char k_string[4 + KC_KEM_MLKEM768X25519_SHA256_SHARED_LEN];

    /* The client: a key pair; pk goes into SSH_MSG_KEX_ECDH_INIT. */
    err = kc_kem_keypair (KC_KEM_MLKEM768X25519_SHA256, pk, sizeof pk,
                          sk, sizeof sk);
    /* The server: K and the ciphertext of SSH_MSG_KEX_ECDH_REPLY. */
    if (!err)
      err = kc_kem_encap (KC_KEM_MLKEM768X25519_SHA256, pk, sizeof pk,
                          ct, sizeof ct, k_server, sizeof k_server, NULL, 0);
    /* The client, from the reply: the same K. */
    if (!err)
      err = kc_kem_decap (KC_KEM_MLKEM768X25519_SHA256, sk, sizeof sk,
                          ct, sizeof ct, k_client, sizeof k_client, NULL, 0);
    if (err)
      FAIL (gpg_strerror (err));
    if (memcmp (k_server, k_client, sizeof k_client))
      FAIL ("SSH: the two sides' K differ");
    /* Both hash K as an SSH string: uint32 length, then K as it is
     * (curve25519-sha256 would hash an mpint instead). */
    k_string[0] = 0;
    k_string[1] = 0;
    k_string[2] = 0;
    k_string[3] = sizeof k_client;
    memcpy (k_string + 4, k_client, sizeof k_client);
    /* ... k_string goes into the exchange hash H and the key derivation. */
  }

  /* TLS 1.3: X25519MLKEM768 (group 0x11EC) */
  {
    static const unsigned char zeros[32];
    unsigned char pk[KC_KEM_X25519MLKEM768_PUBKEY_LEN];
    unsigned char sk[KC_KEM_X25519MLKEM768_SECKEY_LEN];
    unsigned char ct[KC_KEM_X25519MLKEM768_ENCAPS_LEN];
    unsigned char s_server[KC_KEM_X25519MLKEM768_SHARED_LEN];
    unsigned char s_client[KC_KEM_X25519MLKEM768_SHARED_LEN];
    unsigned char early[32], derived[32], handshake[32];
    unsigned char label[2 + 1 + 13 + 1 + 32], empty_hash[32];

    /* The client's key_share: the public key. */
    err = kc_kem_keypair (KC_KEM_X25519MLKEM768, pk, sizeof pk,
                          sk, sizeof sk);
    /* The server's key_share: the ciphertext; its 64-byte secret. */
    if (!err)
      err = kc_kem_encap (KC_KEM_X25519MLKEM768, pk, sizeof pk, ct,
                          sizeof ct, s_server, sizeof s_server, NULL, 0);
    /* The client, from the server's key_share. */
    if (!err)
      err = kc_kem_decap (KC_KEM_X25519MLKEM768, sk, sizeof sk, ct,
                          sizeof ct, s_client, sizeof s_client, NULL, 0);
    if (err)
      FAIL (gpg_strerror (err));
    if (memcmp (s_server, s_client, sizeof s_client))
      FAIL ("TLS: the two sides' secrets differ");

    /* The key schedule of RFC 8446 7.1 (SHA-256, no PSK): all 64 bytes
     * are the IKM of the handshake secret's HKDF-Extract. */
    err = hmac_sha256 (early, zeros, 32, zeros, 32);
    if (!err)
      err = kc_md_hash_buffer (KC_MD_SHA256, empty_hash, 32, "", 0);
    /* derived = HKDF-Expand-Label (early, "derived", Hash (""), 32):
     * one block, HMAC (early, HkdfLabel || 0x01) */
    label[0] = 0;
    label[1] = 32;
    label[2] = 13;
    memcpy (label + 3, "tls13 derived", 13);
    label[16] = 32;
    memcpy (label + 17, empty_hash, 32);
    if (!err)
      {
        unsigned char info[sizeof label + 1];
        memcpy (info, label, sizeof label);
        info[sizeof label] = 1;
        err = hmac_sha256 (derived, early, 32, info, sizeof info);
      }
    if (!err)
      err = hmac_sha256 (handshake, derived, 32, s_client, sizeof s_client);
    if (err)
      FAIL (gpg_strerror (err));
    /* (derived is the same in every SHA-256 handshake without a PSK:
     * RFC 8448 section 3 shows it) */
    if (memcmp (derived, "\x6f\x26\x15\xa1\x08\xc7\x02\xc5\x67\x8f\x54\xfc"
                "\x9d\xba\xb6\x97\x16\xc0\x76\x18\x9c\x48\x25\x0c\xeb\xea"
                "\xc3\x57\x6c\x36\x11\xba", 32))
      FAIL ("TLS: the key schedule's derived secret is not RFC 8448's");
    /* ... the handshake traffic secrets come from handshake. */
  }

  printf ("hybrid: the SSH and TLS hybrids agree on both sides\n");
  return 0;
}
