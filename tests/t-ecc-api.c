/* t-ecc-api.c - the public ECC API: every error code of DESIGN.md through
 * every entry point, outputs that hold nothing on error, the key and
 * signature encodings (SEC1 checks, strict DER rejections, room in
 * *sig_len) and keypair consistency.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "secp256k1/field-5x52.h"
#include "t-common.h"

#define C KC_ECC_SECP256K1

static const unsigned char N[32] = {
  0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFE,
  0xBA,0xAE,0xDC,0xE6,0xAF,0x48,0xA0,0x3B,0xBF,0xD2,0x5E,0x8C,0xD0,0x36,0x41,0x41 };
static const unsigned char P[32] = {
  0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,
  0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFE,0xFF,0xFF,0xFC,0x2F };

static int
all_zero (const unsigned char *p, size_t n)
{
  size_t i;
  for (i = 0; i < n; i++)
    if (p[i])
      return 0;
  return 1;
}

/* big-endian 32-byte A + B (mod 2^256) */
static void
add32 (unsigned char r[32], const unsigned char a[32], const unsigned char b[32])
{
  unsigned int c = 0;
  int i;
  for (i = 31; i >= 0; i--)
    {
      c += (unsigned int) a[i] + b[i];
      r[i] = (unsigned char) c;
      c >>= 8;
    }
}

static unsigned char key[32], dg[32], pub65[65], pub33[33], sig[64], der[72];
static size_t derlen;

static void
setup (void)
{
  size_t l = 64;
  t_randbytes (key, 32);
  key[0] = 0x3c;
  t_randbytes (dg, 32);
  CHECK_ERR (kc_ecc_pubkey (C, pub65, 65, key, 32), 0);
  CHECK_ERR (kc_ecc_pubkey (C, pub33, 33, key, 32), 0);
  CHECK_ERR (kc_ecdsa_sign (C, 0, sig, &l, key, 32, dg, 32), 0);
  derlen = sizeof der;
  CHECK_ERR (kc_ecdsa_sign (C, KC_ECDSA_DER, der, &derlen, key, 32, dg, 32), 0);
  CHECK (l == 64 && derlen >= 8 && derlen <= 72, "setup lengths");
  CHECK_ERR (kc_ecdsa_verify (C, 0, sig, 64, pub65, 65, dg, 32), 0);
  CHECK_ERR (kc_ecdsa_verify (C, KC_ECDSA_DER, der, derlen, pub33, 33, dg, 32), 0);
}

static void
test_not_supported_and_args (void)
{
  unsigned char pk[65], sk[32], s[72];
  size_t l;
  int curve;

  /* 0 and 99: no such curve (2 is P-256 now, t-p256) */
  for (curve = 0; curve <= 99; curve += 99)
    {
      l = 64;
      CHECK_ERR (kc_ecc_keypair (curve, pk, 65, sk, 32), GPG_ERR_NOT_SUPPORTED);
      CHECK_ERR (kc_ecc_pubkey (curve, pk, 65, key, 32), GPG_ERR_NOT_SUPPORTED);
      CHECK_ERR (kc_ecdsa_sign (curve, 0, s, &l, key, 32, dg, 32),
                 GPG_ERR_NOT_SUPPORTED);
      CHECK_ERR (kc_ecdsa_verify (curve, 0, sig, 64, pub65, 65, dg, 32),
                 GPG_ERR_NOT_SUPPORTED);
    }
  /* keypair / pubkey arguments */
  CHECK_ERR (kc_ecc_keypair (C, NULL, 65, sk, 32), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ecc_keypair (C, pk, 64, sk, 32), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ecc_keypair (C, pk, 65, NULL, 32), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ecc_keypair (C, pk, 65, sk, 31), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ecc_pubkey (C, NULL, 33, key, 32), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ecc_pubkey (C, pk, 34, key, 32), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ecc_pubkey (C, pk, 0, key, 32), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ecc_pubkey (C, pk, 65, NULL, 32), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ecc_pubkey (C, pk, 65, key, 33), GPG_ERR_INV_ARG);
  /* sign arguments */
  l = 64;
  CHECK_ERR (kc_ecdsa_sign (C, 0, NULL, &l, key, 32, dg, 32), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ecdsa_sign (C, 0, s, NULL, key, 32, dg, 32), GPG_ERR_INV_ARG);
  /* 4 is KC_ECDSA_RECOVERABLE now (65 bytes: 64 are too few); 8 unknown */
  CHECK_ERR (kc_ecdsa_sign (C, 8, s, &l, key, 32, dg, 32), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ecdsa_sign (C, 4, s, &l, key, 32, dg, 32), GPG_ERR_TOO_SHORT);
  l = 64;
  CHECK_ERR (kc_ecdsa_sign (C, 0, s, &l, NULL, 32, dg, 32), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ecdsa_sign (C, 0, s, &l, key, 31, dg, 32), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ecdsa_sign (C, 0, s, &l, key, 32, NULL, 32), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ecdsa_sign (C, 0, s, &l, key, 32, dg, 0), GPG_ERR_INV_ARG);
  /* verify arguments */
  CHECK_ERR (kc_ecdsa_verify (C, 8, sig, 64, pub65, 65, dg, 32), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ecdsa_verify (C, 0, NULL, 64, pub65, 65, dg, 32), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ecdsa_verify (C, 0, sig, 63, pub65, 65, dg, 32), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ecdsa_verify (C, 0, sig, 65, pub65, 65, dg, 32), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ecdsa_verify (C, 0, sig, 64, NULL, 65, dg, 32), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ecdsa_verify (C, 0, sig, 64, pub65, 64, dg, 32), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ecdsa_verify (C, 0, sig, 64, pub65, 65, NULL, 32), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ecdsa_verify (C, 0, sig, 64, pub65, 65, dg, 0), GPG_ERR_INV_ARG);
}

static void
test_keys (void)
{
  unsigned char bad[32], pk[65], pk2[65], sk[32], s[72];
  size_t l;
  int i;

  /* BAD_SECKEY: 0, n, n+1, 2^256-1; the output is cleared */
  for (i = 0; i < 4; i++)
    {
      switch (i)
        {
        case 0: memset (bad, 0, 32); break;
        case 1: memcpy (bad, N, 32); break;
        case 2: memcpy (bad, N, 32); bad[31]++; break;
        default: memset (bad, 0xff, 32); break;
        }
      memset (pk, 0xAA, sizeof pk);
      CHECK_ERR (kc_ecc_pubkey (C, pk, 65, bad, 32), GPG_ERR_BAD_SECKEY);
      CHECK (all_zero (pk, 65), "pubkey output cleared on error (%d)", i);
      memset (s, 0xAA, sizeof s);
      l = sizeof s;
      CHECK_ERR (kc_ecdsa_sign (C, KC_ECDSA_DER, s, &l, bad, 32, dg, 32),
                 GPG_ERR_BAD_SECKEY);
      CHECK (all_zero (s, sizeof s) && l == 0, "sig output cleared (%d)", i);
    }
  /* n-1 and 1 are fine */
  memcpy (bad, N, 32);
  bad[31]--;
  CHECK_ERR (kc_ecc_pubkey (C, pk, 33, bad, 32), 0);
  memset (bad, 0, 32);
  bad[31] = 1;
  CHECK_ERR (kc_ecc_pubkey (C, pk, 65, bad, 32), 0);
  CHECK (pk[0] == 4 && pk[1] == 0x79 && pk[32] == 0x98 && pk[33] == 0x48,
         "1*G is G");

  /* keypair: pubkey agrees with kc_ecc_pubkey of its seckey, both formats */
  for (i = 0; i < 4; i++)
    {
      size_t plen = (i & 1) ? 33 : 65;
      CHECK_ERR (kc_ecc_keypair (C, pk, plen, sk, 32), 0);
      CHECK_ERR (kc_ecc_pubkey (C, pk2, plen, sk, 32), 0);
      CHECK (!memcmp (pk, pk2, plen), "keypair consistent (%d)", i);
      CHECK (plen == 65 ? pk[0] == 4 : (pk[0] == 2 || pk[0] == 3), "prefix");
    }
  /* compressed and uncompressed forms agree */
  CHECK (!memcmp (pub33 + 1, pub65 + 1, 32)
         && pub33[0] == (unsigned char) (2 | (pub65[64] & 1)), "33 vs 65");

  /* BAD_PUBKEY */
  memcpy (pk, pub65, 65);
  for (i = 0; i < 8; i++)
    {
      if (i == 4)
        continue;
      pk[0] = (unsigned char) i;
      CHECK_ERR (kc_ecdsa_verify (C, 0, sig, 64, pk, 65, dg, 32),
                 GPG_ERR_BAD_PUBKEY);
    }
  memcpy (pk, pub33, 33);
  pk[0] = 4;
  CHECK_ERR (kc_ecdsa_verify (C, 0, sig, 64, pk, 33, dg, 32), GPG_ERR_BAD_PUBKEY);
  pk[0] = 6;
  CHECK_ERR (kc_ecdsa_verify (C, 0, sig, 64, pk, 33, dg, 32), GPG_ERR_BAD_PUBKEY);
  /* not on the curve */
  memcpy (pk, pub65, 65);
  pk[64] ^= 1;
  CHECK_ERR (kc_ecdsa_verify (C, 0, sig, 64, pk, 65, dg, 32), GPG_ERR_BAD_PUBKEY);
  /* x >= p or y >= p (the field-level range check is tested in
   * t-secp256k1-field) */
  memcpy (pk, pub65, 65);
  memcpy (pk + 1, P, 32);
  CHECK_ERR (kc_ecdsa_verify (C, 0, sig, 64, pk, 65, dg, 32), GPG_ERR_BAD_PUBKEY);
  memcpy (pk, pub65, 65);
  memset (pk + 33, 0xff, 32);
  CHECK_ERR (kc_ecdsa_verify (C, 0, sig, 64, pk, 65, dg, 32), GPG_ERR_BAD_PUBKEY);
  memcpy (pk, pub33, 33);
  memcpy (pk + 1, P, 32);
  CHECK_ERR (kc_ecdsa_verify (C, 0, sig, 64, pk, 33, dg, 32), GPG_ERR_BAD_PUBKEY);
  /* compressed x without a y: must agree with the field square root test */
  {
    int nbad = 0;
    for (i = 1; i <= 40; i++)
      {
        _kc_secp256k1_fe x, x3, y, seven;
        unsigned char xb[32];
        int has_y;
        gpg_error_t err;
        memset (xb, 0, 32);
        xb[31] = (unsigned char) i;
        _kc_secp256k1_fe_set_b32 (&x, xb);
        _kc_secp256k1_fe_sqr (&x3, &x);
        _kc_secp256k1_fe_mul (&x3, &x3, &x);
        _kc_secp256k1_fe_set_int (&seven, 7);
        _kc_secp256k1_fe_add (&x3, &seven);
        has_y = _kc_secp256k1_fe_sqrt (&y, &x3);
        pk[0] = 2;
        memcpy (pk + 1, xb, 32);
        err = kc_ecdsa_verify (C, 0, sig, 64, pk, 33, dg, 32);
        CHECK (gpg_err_code (err) == (has_y ? GPG_ERR_BAD_SIGNATURE
                                      : GPG_ERR_BAD_PUBKEY),
               "compressed x = %d: %s", i, gpg_strerror (err));
        nbad += !has_y;
      }
    CHECK (nbad > 5, "some x without y among 1..40 (%d)", nbad);
  }
}

static void
test_signatures (void)
{
  unsigned char s[80], t[80];
  size_t l;
  int i;

  /* TOO_SHORT: raw and DER, output cleared, *sig_len = needed */
  memset (s, 0xAA, sizeof s);
  l = 63;
  CHECK_ERR (kc_ecdsa_sign (C, 0, s, &l, key, 32, dg, 32), GPG_ERR_TOO_SHORT);
  CHECK (l == 64 && all_zero (s, 63) && s[63] == 0xAA, "raw too short");
  memset (s, 0xAA, sizeof s);
  l = derlen - 1;
  CHECK_ERR (kc_ecdsa_sign (C, KC_ECDSA_DER, s, &l, key, 32, dg, 32),
             GPG_ERR_TOO_SHORT);
  CHECK (l == derlen && all_zero (s, derlen - 1), "DER too short");
  l = derlen;
  CHECK_ERR (kc_ecdsa_sign (C, KC_ECDSA_DER, s, &l, key, 32, dg, 32), 0);
  CHECK (l == derlen && !memcmp (s, der, derlen), "DER exact room");
  l = sizeof s;
  CHECK_ERR (kc_ecdsa_sign (C, KC_ECDSA_LOW_S, s, &l, key, 32, dg, 32), 0);
  CHECK (l == 64 && !memcmp (s, sig, 64), "raw with spare room");

  /* BAD_SIGNATURE: wrong digest, r or s = 0, = n, > n */
  memcpy (t, dg, 32);
  t[5] ^= 0x10;
  CHECK_ERR (kc_ecdsa_verify (C, 0, sig, 64, pub65, 65, t, 32), GPG_ERR_BAD_SIGNATURE);
  for (i = 0; i < 6; i++)
    {
      memcpy (s, sig, 64);
      switch (i)
        {
        case 0: memset (s, 0, 32); break;
        case 1: memset (s + 32, 0, 32); break;
        case 2: memcpy (s, N, 32); break;
        case 3: memcpy (s + 32, N, 32); break;
        case 4: memset (s, 0xff, 32); break;
        default: add32 (s, sig, N); if (s[0] < sig[0]) memset (s, 0xff, 32); break;
        }
      CHECK_ERR (kc_ecdsa_verify (C, 0, s, 64, pub65, 65, dg, 32),
                 GPG_ERR_BAD_SIGNATURE);
    }

  /* strict DER: each malformation of a valid DER signature is rejected */
  {
    size_t rl = der[3], sl = der[5 + rl];
    /* trailing byte */
    memcpy (s, der, derlen);
    s[derlen] = 0;
    CHECK_ERR (kc_ecdsa_verify (C, KC_ECDSA_DER, s, derlen + 1, pub65, 65, dg, 32),
               GPG_ERR_BAD_SIGNATURE);
    /* truncated */
    CHECK_ERR (kc_ecdsa_verify (C, KC_ECDSA_DER, der, derlen - 1, pub65, 65, dg, 32),
               GPG_ERR_BAD_SIGNATURE);
    CHECK_ERR (kc_ecdsa_verify (C, KC_ECDSA_DER, der, 0, pub65, 65, dg, 32),
               GPG_ERR_BAD_SIGNATURE);
    /* wrong tags */
    memcpy (s, der, derlen); s[0] = 0x31;
    CHECK_ERR (kc_ecdsa_verify (C, KC_ECDSA_DER, s, derlen, pub65, 65, dg, 32),
               GPG_ERR_BAD_SIGNATURE);
    memcpy (s, der, derlen); s[2] = 0x03;
    CHECK_ERR (kc_ecdsa_verify (C, KC_ECDSA_DER, s, derlen, pub65, 65, dg, 32),
               GPG_ERR_BAD_SIGNATURE);
    /* sequence length off by one either way */
    memcpy (s, der, derlen); s[1]++;
    CHECK_ERR (kc_ecdsa_verify (C, KC_ECDSA_DER, s, derlen, pub65, 65, dg, 32),
               GPG_ERR_BAD_SIGNATURE);
    memcpy (s, der, derlen); s[1]--;
    CHECK_ERR (kc_ecdsa_verify (C, KC_ECDSA_DER, s, derlen, pub65, 65, dg, 32),
               GPG_ERR_BAD_SIGNATURE);
    /* non-minimal sequence length: 30 81 LL */
    s[0] = 0x30; s[1] = 0x81; s[2] = der[1];
    memcpy (s + 3, der + 2, derlen - 2);
    CHECK_ERR (kc_ecdsa_verify (C, KC_ECDSA_DER, s, derlen + 1, pub65, 65, dg, 32),
               GPG_ERR_BAD_SIGNATURE);
    /* non-minimal integer length: 02 81 LL for r */
    s[0] = 0x30; s[1] = (unsigned char) (der[1] + 1); s[2] = 0x02; s[3] = 0x81;
    memcpy (s + 4, der + 3, derlen - 3);
    CHECK_ERR (kc_ecdsa_verify (C, KC_ECDSA_DER, s, derlen + 1, pub65, 65, dg, 32),
               GPG_ERR_BAD_SIGNATURE);
    /* non-minimal integer: extra leading 00 before r */
    s[0] = 0x30; s[1] = (unsigned char) (der[1] + 1); s[2] = 0x02;
    s[3] = (unsigned char) (rl + 1); s[4] = 0x00;
    memcpy (s + 5, der + 4, derlen - 4);
    if (der[4] == 0x00 || !(der[4] & 0x80))
      CHECK_ERR (kc_ecdsa_verify (C, KC_ECDSA_DER, s, derlen + 1, pub65, 65,
                                  dg, 32), GPG_ERR_BAD_SIGNATURE);
    /* negative s: drop its leading 00 if it has one, else set the top bit */
    memcpy (s, der, derlen);
    if (s[6 + rl] == 0x00)
      {
        s[1]--; s[5 + rl]--;
        memmove (s + 6 + rl, s + 7 + rl, sl - 1);
        CHECK_ERR (kc_ecdsa_verify (C, KC_ECDSA_DER, s, derlen - 1, pub65, 65,
                                    dg, 32), GPG_ERR_BAD_SIGNATURE);
      }
    else
      {
        s[6 + rl] |= 0x80;
        CHECK_ERR (kc_ecdsa_verify (C, KC_ECDSA_DER, s, derlen, pub65, 65,
                                    dg, 32), GPG_ERR_BAD_SIGNATURE);
      }
    /* zero-length integer, r = 0 as 02 01 00 */
    {
      static const unsigned char z1[] = { 0x30, 0x06, 0x02, 0x01, 0x00, 0x02, 0x01, 0x01 };
      static const unsigned char z2[] = { 0x30, 0x05, 0x02, 0x00, 0x02, 0x01, 0x01 };
      static const unsigned char one[] = { 0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x01 };
      CHECK_ERR (kc_ecdsa_verify (C, KC_ECDSA_DER, z1, sizeof z1, pub65, 65, dg, 32),
                 GPG_ERR_BAD_SIGNATURE);
      CHECK_ERR (kc_ecdsa_verify (C, KC_ECDSA_DER, z2, sizeof z2, pub65, 65, dg, 32),
                 GPG_ERR_BAD_SIGNATURE);
      CHECK_ERR (kc_ecdsa_verify (C, KC_ECDSA_DER, one, sizeof one, pub65, 65, dg, 32),
                 GPG_ERR_BAD_SIGNATURE);
    }
  }
}

int
main (int argc, char **argv)
{
  int it;
  t_init (argc, argv);
  t_seed (0xa91ecc0ULL);
  (void) t_unhex; (void) t_hexdump; (void) t_datafile; (void) t_rng_cb;
  for (it = 0; it < 20; it++)
    {
      setup ();
      test_not_supported_and_args ();
      test_keys ();
      test_signatures ();
    }
  return t_done ("t-ecc-api");
}
