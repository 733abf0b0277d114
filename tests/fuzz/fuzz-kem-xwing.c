/* fuzz-kem-xwing.c - X-Wing and HPKE's DHKEM(X25519) decapsulation
 * through the public API on arbitrary inputs.
 * Input: 1 byte choosing the KEM, then the secret key bytes, then the
 * ciphertext bytes (zero-padded when short).
 *  X-Wing: decapsulation never fails on well-sized input, is
 *          deterministic, and is the composition of its parts done here
 *          with the public API: SHAKE256 (seed, 96) -> ML-KEM-768's key
 *          pair of d || z and X25519's of the rest, the parts'
 *          decapsulations (an X25519 GPG_ERR_INV_DATA stands for 32 zero
 *          bytes), SHA3-256 (ss_M || ss_X || ct_X || pk_X || label).
 *  DHKEM:  decapsulation fails exactly when X25519 of the same key and
 *          enc is all zero (GPG_ERR_INV_DATA, nothing written), else is
 *          deterministic.
 * Both: a wrong length is GPG_ERR_INV_ARG.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <kcrypt.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

#define PKM KC_KEM_MLKEM768_PUBKEY_LEN
#define SKM KC_KEM_MLKEM768_SECKEY_LEN
#define CTM KC_KEM_MLKEM768_ENCAPS_LEN

static void
take (unsigned char *dst, size_t n, const uint8_t **p, size_t *left)
{
  size_t m = *left < n ? *left : n;
  memset (dst, 0, n);
  memcpy (dst, *p, m);
  *p += m;
  *left -= m;
}

static void
xwing (const unsigned char sk[32], const unsigned char *ct)
{
  static const unsigned char label[6] = { 0x5c, 0x2e, 0x2f, 0x2f,
                                          0x5e, 0x5c };
  static unsigned char pkm[PKM], skm[SKM];
  unsigned char e[96], skx[32], pkx[32], buf[134], ss[32], ss2[32], want[32];
  gpg_error_t err;

  if (kc_kem_decap (KC_KEM_XWING, sk, 32, ct, KC_KEM_XWING_ENCAPS_LEN, ss,
                    32, NULL, 0)
      || kc_kem_decap (KC_KEM_XWING, sk, 32, ct, KC_KEM_XWING_ENCAPS_LEN,
                       ss2, 32, NULL, 0)
      || memcmp (ss, ss2, 32))
    abort ();
  if (kc_md_hash_buffer (KC_MD_SHAKE256, e, sizeof e, sk, 32)
      || kc_kem_keypair_seed (KC_KEM_MLKEM768, pkm, PKM, skm, SKM, e, 64)
      || kc_kem_keypair_seed (KC_KEM_RAW_X25519, pkx, 32, skx, 32, e + 64,
                              32)
      || kc_kem_decap (KC_KEM_MLKEM768, skm, SKM, ct, CTM, buf, 32, NULL, 0))
    abort ();
  err = kc_kem_decap (KC_KEM_RAW_X25519, skx, 32, ct + CTM, 32, buf + 32, 32,
                      NULL, 0);
  if (gpg_err_code (err) == GPG_ERR_INV_DATA)
    memset (buf + 32, 0, 32);
  else if (err)
    abort ();
  memcpy (buf + 64, ct + CTM, 32);
  memcpy (buf + 96, pkx, 32);
  memcpy (buf + 128, label, 6);
  if (kc_md_hash_buffer (KC_MD_SHA3_256, want, 32, buf, sizeof buf)
      || memcmp (want, ss, 32))
    abort ();
}

static void
dhkem (const unsigned char sk[32], const unsigned char enc[32])
{
  unsigned char ss[32], ss2[32], x[32];
  gpg_error_t err, ex;
  size_t i;

  memset (ss, 0xa5, sizeof ss);
  err = kc_kem_decap (KC_KEM_DHKEM25519, sk, 32, enc, 32, ss, 32, NULL, 0);
  ex = kc_kem_decap (KC_KEM_RAW_X25519, sk, 32, enc, 32, x, 32, NULL, 0);
  if (err != ex)
    abort ();
  if (err)
    {
      if (gpg_err_code (err) != GPG_ERR_INV_DATA)
        abort ();
      for (i = 0; i < sizeof ss; i++)
        if (ss[i] != 0xa5)
          abort ();
      return;
    }
  if (kc_kem_decap (KC_KEM_DHKEM25519, sk, 32, enc, 32, ss2, 32, NULL, 0)
      || memcmp (ss, ss2, 32))
    abort ();
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  static unsigned char ct[KC_KEM_XWING_ENCAPS_LEN];
  unsigned char sk[32], ss[32];
  const uint8_t *p = data + 1;
  size_t left;
  int which;

  if (size < 1)
    return 0;
  which = data[0] & 1;
  left = size - 1;
  take (sk, 32, &p, &left);
  if (which)
    {
      take (ct, 32, &p, &left);
      dhkem (sk, ct);
      if (gpg_err_code (kc_kem_decap (KC_KEM_DHKEM25519, sk, 32, ct,
                                      1 + size % 31, ss, 32, NULL, 0))
          != GPG_ERR_INV_ARG)
        abort ();
    }
  else
    {
      take (ct, sizeof ct, &p, &left);
      xwing (sk, ct);
      if (gpg_err_code (kc_kem_decap (KC_KEM_XWING, sk, 32, ct,
                                      size % sizeof ct, ss, 32, NULL, 0))
          != GPG_ERR_INV_ARG)
        abort ();
    }
  return 0;
}
