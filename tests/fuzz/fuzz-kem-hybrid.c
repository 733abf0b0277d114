/* fuzz-kem-hybrid.c - the SSH hybrids (sntrup761x25519-sha512,
 * mlkem768x25519-sha256) and TLS's X25519MLKEM768 through the public API
 * on arbitrary inputs.
 * Input: 1 byte choosing the hybrid (bit 7 set: X25519MLKEM768, else bit
 * 0) and the mode (bits 1-6), then bytes.
 *  mode 0: a key pair whose X25519 half (and ML-KEM half) comes from the
 *          input, the rest as a ciphertext: decapsulation gives 0 exactly
 *          when the parts' decapsulations do, and then H (pq || x) of
 *          their keys (X25519MLKEM768: pq || x itself); otherwise
 *          GPG_ERR_INV_DATA and nothing written.
 *  mode 1: the rest as a public key: encapsulation gives what its parts
 *          say (0, GPG_ERR_BAD_PUBKEY for the ML-KEM half, GPG_ERR_INV_DATA
 *          for a small-order X25519 half), and writes nothing on error.
 *  mode 2: the rest as a secret key and a ciphertext: decapsulation
 *          gives 0, GPG_ERR_BAD_SECKEY or GPG_ERR_INV_DATA, writes nothing
 *          on error, and agrees with the composition on success.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <kcrypt.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

struct hy { int algo, pq, md; size_t pk, sk, ct, ss; };
static const struct hy hys[3] = {
  { KC_KEM_SNTRUP761X25519_SHA512, KC_KEM_SNTRUP761, KC_MD_SHA512,
    KC_KEM_SNTRUP761X25519_SHA512_PUBKEY_LEN,
    KC_KEM_SNTRUP761X25519_SHA512_SECKEY_LEN,
    KC_KEM_SNTRUP761X25519_SHA512_ENCAPS_LEN,
    KC_KEM_SNTRUP761X25519_SHA512_SHARED_LEN },
  { KC_KEM_MLKEM768X25519_SHA256, KC_KEM_MLKEM768, KC_MD_SHA256,
    KC_KEM_MLKEM768X25519_SHA256_PUBKEY_LEN,
    KC_KEM_MLKEM768X25519_SHA256_SECKEY_LEN,
    KC_KEM_MLKEM768X25519_SHA256_ENCAPS_LEN,
    KC_KEM_MLKEM768X25519_SHA256_SHARED_LEN },
  { KC_KEM_X25519MLKEM768, KC_KEM_MLKEM768, 0,
    KC_KEM_X25519MLKEM768_PUBKEY_LEN, KC_KEM_X25519MLKEM768_SECKEY_LEN,
    KC_KEM_X25519MLKEM768_ENCAPS_LEN, KC_KEM_X25519MLKEM768_SHARED_LEN },
};

static void
take (unsigned char *dst, size_t n, const uint8_t **p, size_t *left)
{
  size_t m = *left < n ? *left : n;
  memset (dst, 0, n);
  memcpy (dst, *p, m);
  *p += m;
  *left -= m;
}

static int
untouched (const unsigned char *b, size_t n)
{
  size_t i;
  for (i = 0; i < n; i++)
    if (b[i] != 0xa5)
      return 0;
  return 1;
}

/* Decapsulate CT with SK both ways, the hybrid and the composition of
 * its parts; abort on any disagreement. */
static void
check_decap (const struct hy *h, const unsigned char *sk,
             const unsigned char *ct)
{
  size_t psk = h->sk - 32, pct = h->ct - 32;
  unsigned char ss[64], want[64], parts[64];
  gpg_error_t err, epq, ex;

  memset (ss, 0xa5, sizeof ss);
  err = kc_kem_decap (h->algo, sk, h->sk, ct, h->ct, ss, h->ss, NULL, 0);
  ex = kc_kem_decap (KC_KEM_RAW_X25519, sk + psk, 32, ct + pct, 32,
                     parts + 32, 32, NULL, 0);
  epq = kc_kem_decap (h->pq, sk, psk, ct, pct, parts, 32, NULL, 0);
  if (ex)
    {
      if (err != ex || !untouched (ss, sizeof ss))
        abort ();
      return;
    }
  if (epq)
    {
      if (err != epq || gpg_err_code (err) != GPG_ERR_BAD_SECKEY
          || !untouched (ss, sizeof ss))
        abort ();
      return;
    }
  if (!h->md)                   /* X25519MLKEM768: no hash */
    memcpy (want, parts, 64);
  else if (kc_md_hash_buffer (h->md, want, h->ss, parts, 64))
    abort ();
  if (err || memcmp (ss, want, h->ss))
    abort ();
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  static unsigned char pk[1216], sk[2432], ct[1120];
  static unsigned char snt_pk[KC_KEM_SNTRUP761_PUBKEY_LEN];
  static unsigned char snt_sk[KC_KEM_SNTRUP761_SECKEY_LEN];
  static int have_snt;
  unsigned char seed[64], ss[64], c2[1120];
  const uint8_t *p = data + 1;
  const struct hy *h;
  size_t left, ppk, psk, pct;
  int mode;
  gpg_error_t err, want;

  if (size < 1)
    return 0;
  h = data[0] & 0x80 ? &hys[2] : &hys[data[0] & 1];
  mode = ((data[0] >> 1) & 0x3f) % 3;
  ppk = h->pk - 32;
  psk = h->sk - 32;
  pct = h->ct - 32;
  left = size - 1;

  switch (mode)
    {
    case 0:
      if (h->pq == KC_KEM_MLKEM768)
        {
          take (seed, 64, &p, &left);
          if (kc_kem_keypair_seed (h->pq, pk, ppk, sk, psk, seed, 64))
            abort ();
        }
      else
        {
          /* sntrup761 has no seeded key pair: one key for the process */
          if (!have_snt
              && kc_kem_keypair (h->pq, snt_pk, ppk, snt_sk, psk))
            abort ();
          have_snt = 1;
          memcpy (pk, snt_pk, ppk);
          memcpy (sk, snt_sk, psk);
        }
      take (seed, 32, &p, &left);
      if (kc_kem_keypair_seed (KC_KEM_RAW_X25519, pk + ppk, 32, sk + psk, 32,
                               seed, 32))
        abort ();
      take (ct, h->ct, &p, &left);
      check_decap (h, sk, ct);
      /* and a fresh encapsulation to the key decapsulates to its key */
      if (kc_kem_encap (h->algo, pk, h->pk, c2, h->ct, ss, h->ss, NULL, 0))
        abort ();
      check_decap (h, sk, c2);
      break;
    case 1:
      take (pk, h->pk, &p, &left);
      memset (c2, 0xa5, sizeof c2);
      memset (ss, 0xa5, sizeof ss);
      err = kc_kem_encap (h->algo, pk, h->pk, c2, h->ct, ss, h->ss, NULL, 0);
      /* what the parts say: X25519's all-zero check first, then the
       * post-quantum half's public-key check */
      want = kc_kem_encap (KC_KEM_RAW_X25519, pk + ppk, 32, ct + pct, 32,
                           seed, 32, NULL, 0);
      if (!want)
        want = kc_kem_encap (h->pq, pk, ppk, ct, pct, seed, 32, NULL, 0);
      if (err != want)
        abort ();
      if (err && (!untouched (c2, sizeof c2) || !untouched (ss, sizeof ss)))
        abort ();
      break;
    default:
      take (sk, h->sk, &p, &left);
      take (ct, h->ct, &p, &left);
      check_decap (h, sk, ct);
      break;
    }
  return 0;
}
