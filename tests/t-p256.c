/* t-p256.c - NIST P-256 through the public API:
 *  - RFC 6979 appendix A.2.5 (P-256): the key pair, the exact signatures
 *    for SHA-256 (our nonces are HMAC-SHA-256, RFC 6979's for SHA-256
 *    digests), and the published signatures for SHA-1, SHA-224, SHA-384
 *    and SHA-512 digests verify (bits2int of digests of every length);
 *  - every case of Wycheproof ecdsa_secp256r1_sha256_test.json (DER),
 *    ecdsa_secp256r1_sha256_p1363_test.json (r||s) and
 *    ecdh_secp256r1_test.json (tests/wycheproof-p256.c);
 *  - the API's checks: lengths, flags, bad keys and signatures (a clear
 *    error, nothing written where the API says so), low-S, the
 *    Bitcoin-only calls NOT_SUPPORTED, key conversion;
 *  - OpenSSL (when built with it): public keys byte for byte, our
 *    signatures verify there and theirs here, ECDH both ways;
 *  - the KEM KC_KEM_RAW_P256R1 against kc_ecc_pubkey and kc_ecdh (the
 *    DHKEM over it is t-dhkem's, with RFC 9180's vectors).
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "t-common.h"
#include "wycheproof.h"
#include "t-wp-ecdh.h"
#include "t-wp-ecdsa.h"

#ifdef HAVE_OPENSSL
# define OPENSSL_SUPPRESS_DEPRECATED 1
# include <openssl/ec.h>
# include <openssl/ecdsa.h>
# include <openssl/ecdh.h>
# include <openssl/obj_mac.h>
# include <openssl/bn.h>
#endif

#define CURVE KC_ECC_NIST_P256

static unsigned char *
unhex_fixed (unsigned char *buf, size_t n, const char *s)
{
  if (t_unhex (buf, n, s) != (long) n)
    {
      fprintf (stderr, "bad hex in the test: %s\n", s);
      exit (1);
    }
  return buf;
}

/* RFC 6979 A.2.5: the key, and for each hash and message the digest
 * (computed with that hash) and the signature (r || s). */
static const char rfc_x[] =
  "C9AFA9D845BA75166B5C215767B1D6934E50C3DB36E89B127B8A622B120F6721";
static const char rfc_pub[] =
  "04"
  "60FED4BA255A9D31C961EB74C6356D68C049B8923B61FA6CE669622E60F29FB6"
  "7903FE1008B8BC99A41AE9E95628BC64F2F1B20C2D7E9F5177A3C294D4462299";
static const struct
{
  const char *hash, *msg, *digest, *sig;
} rfc_sigs[] = {
  { "SHA-1", "sample", "8151325dcdbae9e0ff95f9f9658432dbedfdb209",
    "61340C88C3AAEBEB4F6D667F672CA9759A6CCAA9FA8811313039EE4A35471D32"
    "6D7F147DAC089441BB2E2FE8F7A3FA264B9C475098FDCF6E00D7C996E1B8B7EB" },
  { "SHA-224", "sample",
    "9003e374bc726550c2c289447fd0533160f875709386dfa377bfd41c",
    "53B2FFF5D1752B2C689DF257C04C40A587FABABB3F6FC2702F1343AF7CA9AA3F"
    "B9AFB64FDC03DC1A131C7D2386D11E349F070AA432A4ACC918BEA988BF75C74C" },
  { "SHA-256", "sample",
    "af2bdbe1aa9b6ec1e2ade1d694f41fc71a831d0268e9891562113d8a62add1bf",
    "EFD48B2AACB6A8FD1140DD9CD45E81D69D2C877B56AAF991C34D0EA84EAF3716"
    "F7CB1C942D657C41D436C7A1B6E29F65F3E900DBB9AFF4064DC4AB2F843ACDA8" },
  { "SHA-384", "sample",
    "9a9083505bc92276aec4be312696ef7bf3bf603f4bbd381196a029f340585312"
    "313bca4a9b5b890efee42c77b1ee25fe",
    "0EAFEA039B20E9B42309FB1D89E213057CBF973DC0CFC8F129EDDDC800EF7719"
    "4861F0491E6998B9455193E34E7B0D284DDD7149A74B95B9261F13ABDE940954" },
  { "SHA-512", "sample",
    "39a5e04aaff7455d9850c605364f514c11324ce64016960d23d5dc57d3ffd8f4"
    "9a739468ab8049bf18eef820cdb1ad6c9015f838556bc7fad4138b23fdf986c7",
    "8496A60B5E9B47C825488827E0495B0E3FA109EC4568FD3F8D1097678EB97F00"
    "2362AB1ADBE2B8ADF9CB9EDAB740EA6049C028114F2460F96554F61FAE3302FE" },
  { "SHA-1", "test", "a94a8fe5ccb19ba61c4c0873d391e987982fbbd3",
    "0CBCC86FD6ABD1D99E703E1EC50069EE5C0B4BA4B9AC60E409E8EC5910D81A89"
    "01B9D7B73DFAA60D5651EC4591A0136F87653E0FD780C3B1BC872FFDEAE479B1" },
  { "SHA-224", "test",
    "90a3ed9e32b2aaf4c61c410eb925426119e1a9dc53d4286ade99a809",
    "C37EDB6F0AE79D47C3C27E962FA269BB4F441770357E114EE511F662EC34A692"
    "C820053A05791E521FCAAD6042D40AEA1D6B1A540138558F47D0719800E18F2D" },
  { "SHA-256", "test",
    "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
    "F1ABB023518351CD71D881567B1EA663ED3EFCF6C5132B354F28D3B0B7D38367"
    "019F4113742A2B14BD25926B49C649155F267E60D3814B4C0CC84250E46F0083" },
  { "SHA-384", "test",
    "768412320f7b0aa5812fce428dc4706b3cae50e02a64caa16a782249bfe8efc4"
    "b7ef1ccb126255d196047dfedf17a0a9",
    "83910E8B48BB0C74244EBDF7F07A1C5413D61472BD941EF3920E623FBCCEBEB6"
    "8DDBEC54CF8CD5874883841D712142A56A8D0F218F5003CB0296B6B509619F2C" },
  { "SHA-512", "test",
    "ee26b0dd4af7e749aa1a8ee3c10ae9923f618980772e473f8819a5d4940e0db2"
    "7ac185f8a0e1d5f84f88bc887fd67b143732c304cc5fa9ad8e6f57f50028a8ff",
    "461D93F31B6540894788FD206C07CFA0CC35F46FA3C91816FFF1040AD1581A04"
    "39AF9F15DE0DB8D97E72719C74820D304CE5226E32DEDAE67519E840D1194E55" },
};

/* n, n - 1, p, the generator */
static const char hex_n[] =
  "FFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551";
static const char hex_nm1[] =
  "FFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632550";
static const char hex_p[] =
  "FFFFFFFF00000001000000000000000000000000FFFFFFFFFFFFFFFFFFFFFFFF";
static const char hex_g[] =
  "046B17D1F2E12C4247F8BCE6E563A440F277037D812DEB33A0F4A13945D898C296"
  "4FE342E2FE1A7F9B8EE7EB4A7C0F9E162BCE33576B315ECECBB6406837BF51F5";

static void
test_rfc6979 (void)
{
  unsigned char x[32], pub[65], pub33[33], want[64], dg[64], sig[72];
  size_t i, siglen;
  long dl;

  unhex_fixed (x, 32, rfc_x);
  CHECK_ERR (kc_ecc_pubkey (CURVE, pub, 65, x, 32), 0);
  check_hex ("RFC 6979 A.2.5 public key", pub, 65, rfc_pub);
  CHECK_ERR (kc_ecc_pubkey (CURVE, pub33, 33, x, 32), 0);
  CHECK (pub33[0] == 0x03 && !memcmp (pub33 + 1, pub + 1, 32),
         "compressed public key (y odd)");
  for (i = 0; i < KC_DIM (rfc_sigs); i++)
    {
      dl = t_unhex (dg, sizeof dg, rfc_sigs[i].digest);
      unhex_fixed (want, 64, rfc_sigs[i].sig);
      /* the published signature verifies, under both encodings */
      CHECK_ERR (kc_ecdsa_verify (CURVE, 0, want, 64, pub, 65, dg,
                                  (size_t) dl), 0);
      CHECK_ERR (kc_ecdsa_verify (CURVE, 0, want, 64, pub33, 33, dg,
                                  (size_t) dl), 0);
      siglen = sizeof sig;
      CHECK_ERR (kc_ecdsa_sign (CURVE, 0, sig, &siglen, x, 32, dg,
                                (size_t) dl), 0);
      CHECK (siglen == 64, "r||s length %zu", siglen);
      if (!strcmp (rfc_sigs[i].hash, "SHA-256"))
        check_hex ("RFC 6979 A.2.5 SHA-256 signature", sig, 64,
                   rfc_sigs[i].sig);
      else
        /* RFC 6979 keys its HMAC with the digest's hash; ours is always
         * HMAC-SHA-256, so only the verification can be compared */
        CHECK_ERR (kc_ecdsa_verify (CURVE, 0, sig, 64, pub, 65, dg,
                                    (size_t) dl), 0);
      /* deterministic */
      {
        unsigned char again[64];
        siglen = sizeof again;
        CHECK_ERR (kc_ecdsa_sign (CURVE, 0, again, &siglen, x, 32, dg,
                                  (size_t) dl), 0);
        CHECK (!memcmp (again, sig, 64), "deterministic (%s %s)",
               rfc_sigs[i].hash, rfc_sigs[i].msg);
      }
      /* a changed digest does not verify */
      dg[0] ^= 1;
      CHECK_ERR (kc_ecdsa_verify (CURVE, 0, want, 64, pub, 65, dg,
                                  (size_t) dl), GPG_ERR_BAD_SIGNATURE);
    }
}

/* DER of (r, s): 30 len 02 .. 02 .. minimal */
static size_t
der_of (unsigned char *out, const unsigned char rs[64])
{
  size_t o = 2, k;
  for (k = 0; k < 2; k++)
    {
      const unsigned char *v = rs + 32 * k;
      size_t i = 0, n, pad;
      while (i < 31 && v[i] == 0)
        i++;
      n = 32 - i;
      pad = v[i] >> 7;
      out[o++] = 0x02;
      out[o++] = (unsigned char) (n + pad);
      if (pad)
        out[o++] = 0;
      memcpy (out + o, v + i, n);
      o += n;
    }
  out[0] = 0x30;
  out[1] = (unsigned char) (o - 2);
  return o;
}

static void
test_sign_forms (void)
{
  unsigned char x[32], pub[65], dg[32], rs[64], der[80], low[64], mine[80];
  unsigned char nhalf_plus[64];
  size_t len;

  unhex_fixed (x, 32, rfc_x);
  unhex_fixed (pub, 65, rfc_pub);
  unhex_fixed (dg, 32, rfc_sigs[2].digest);
  unhex_fixed (rs, 64, rfc_sigs[2].sig);        /* s is high */
  /* DER, byte for byte the published one encoded */
  len = sizeof mine;
  CHECK_ERR (kc_ecdsa_sign (CURVE, KC_ECDSA_DER, mine, &len, x, 32, dg, 32), 0);
  CHECK (len == der_of (der, rs) && !memcmp (mine, der, len), "DER signature");
  CHECK_ERR (kc_ecdsa_verify (CURVE, KC_ECDSA_DER, mine, len, pub, 65, dg, 32),
             0);
  /* too short: TOO_SHORT, the length needed, the buffer zeroed */
  {
    size_t room = 10;
    memset (mine, 0xaa, sizeof mine);
    CHECK_ERR (kc_ecdsa_sign (CURVE, KC_ECDSA_DER, mine, &room, x, 32, dg, 32),
               GPG_ERR_TOO_SHORT);
    CHECK (room == len, "needed length %zu", room);
    CHECK (mine[0] == 0 && mine[9] == 0 && mine[10] == 0xaa,
           "short buffer zeroed, nothing past it");
  }
  /* low-S: high s verifies unless KC_ECDSA_LOW_S; signing with the flag
   * gives n - s */
  CHECK_ERR (kc_ecdsa_verify (CURVE, KC_ECDSA_LOW_S, rs, 64, pub, 65, dg, 32),
             GPG_ERR_BAD_SIGNATURE);
  len = sizeof low;
  CHECK_ERR (kc_ecdsa_sign (CURVE, KC_ECDSA_LOW_S, low, &len, x, 32, dg, 32),
             0);
  CHECK (!memcmp (low, rs, 32), "low-S keeps r");
  {
    /* n - s, by hand */
    unsigned char n[32];
    int i, borrow = 0;
    unhex_fixed (n, 32, hex_n);
    for (i = 31; i >= 0; i--)
      {
        int d = n[i] - rs[32 + i] - borrow;
        borrow = d < 0;
        nhalf_plus[32 + i] = (unsigned char) d;
      }
    CHECK (!memcmp (low + 32, nhalf_plus + 32, 32), "low-S gives n - s");
  }
  CHECK_ERR (kc_ecdsa_verify (CURVE, KC_ECDSA_LOW_S, low, 64, pub, 65, dg, 32),
             0);
  CHECK_ERR (kc_ecdsa_verify (CURVE, 0, low, 64, pub, 65, dg, 32), 0);
  /* recoverable signatures are Bitcoin's */
  len = 65;
  CHECK_ERR (kc_ecdsa_sign (CURVE, KC_ECDSA_RECOVERABLE, mine, &len, x, 32,
                            dg, 32), GPG_ERR_NOT_SUPPORTED);
  /* unknown flags */
  len = 64;
  CHECK_ERR (kc_ecdsa_sign (CURVE, 0x100, mine, &len, x, 32, dg, 32),
             GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ecdsa_verify (CURVE, 0x100, rs, 64, pub, 65, dg, 32),
             GPG_ERR_INV_ARG);
}

static void
test_bad_input (void)
{
  unsigned char x[32], pub[65], pub33[33], dg[32], rs[64], out[65], bad[65];
  unsigned char sh[32];
  size_t len;
  int i;

  unhex_fixed (x, 32, rfc_x);
  unhex_fixed (pub, 65, rfc_pub);
  memcpy (pub33, pub, 33);
  pub33[0] = 0x03;
  unhex_fixed (dg, 32, rfc_sigs[2].digest);
  unhex_fixed (rs, 64, rfc_sigs[2].sig);

  /* secret keys 0, n, 2^256 - 1: BAD_SECKEY, the output zeroed */
  {
    unsigned char k[3][32];
    memset (k[0], 0, 32);
    unhex_fixed (k[1], 32, hex_n);
    memset (k[2], 0xff, 32);
    for (i = 0; i < 3; i++)
      {
        memset (out, 0xaa, sizeof out);
        CHECK_ERR (kc_ecc_pubkey (CURVE, out, 65, k[i], 32),
                   GPG_ERR_BAD_SECKEY);
        CHECK (out[0] == 0 && out[64] == 0, "pubkey zeroed on error");
        len = 64;
        CHECK_ERR (kc_ecdsa_sign (CURVE, 0, out, &len, k[i], 32, dg, 32),
                   GPG_ERR_BAD_SECKEY);
        memset (sh, 0xaa, 32);
        CHECK_ERR (kc_ecdh (CURVE, 0, sh, 32, k[i], 32, pub, 65),
                   GPG_ERR_BAD_SECKEY);
        CHECK (sh[0] == 0xaa && sh[31] == 0xaa, "ecdh output untouched");
      }
    /* n - 1 is a key: its public key is -G */
    unhex_fixed (k[0], 32, hex_nm1);
    CHECK_ERR (kc_ecc_pubkey (CURVE, out, 65, k[0], 32), 0);
    unhex_fixed (bad, 65, hex_g);
    CHECK (!memcmp (out, bad, 33), "(n-1)G has G's x");
    CHECK (memcmp (out + 33, bad + 33, 32), "(n-1)G is not G");
    memset (k[0], 0, 32);
    k[0][31] = 1;
    CHECK_ERR (kc_ecc_pubkey (CURVE, out, 65, k[0], 32), 0);
    check_hex ("1*G", out, 65, hex_g);
  }

  /* public keys: off the curve, x or y >= p, bad prefixes, infinity
   * (no SEC1 form but 00, which is refused), x with no y */
  {
    unsigned char p[32];
    unhex_fixed (p, 32, hex_p);
    memcpy (bad, pub, 65);
    bad[64] ^= 1;                                      /* off the curve */
    CHECK_ERR (kc_ecdsa_verify (CURVE, 0, rs, 64, bad, 65, dg, 32),
               GPG_ERR_BAD_PUBKEY);
    memset (sh, 0xaa, 32);
    CHECK_ERR (kc_ecdh (CURVE, 0, sh, 32, x, 32, bad, 65), GPG_ERR_BAD_PUBKEY);
    CHECK (sh[0] == 0xaa && sh[31] == 0xaa, "ecdh output untouched");
    memset (out, 0xaa, sizeof out);
    CHECK_ERR (kc_ecc_pubkey_convert (CURVE, out, 33, bad, 65),
               GPG_ERR_BAD_PUBKEY);
    CHECK (out[0] == 0xaa && out[32] == 0xaa, "convert output untouched");
    memcpy (bad, pub, 65);
    memcpy (bad + 1, p, 32);                           /* x = p */
    CHECK_ERR (kc_ecc_pubkey_convert (CURVE, out, 65, bad, 65),
               GPG_ERR_BAD_PUBKEY);
    memcpy (bad, pub, 65);
    memcpy (bad + 33, p, 32);                          /* y = p */
    CHECK_ERR (kc_ecc_pubkey_convert (CURVE, out, 65, bad, 65),
               GPG_ERR_BAD_PUBKEY);
    /* y + p would be the same point mod p if read mod p: refused */
    {
      unsigned char yp[65];
      int c = 0;
      memcpy (yp, pub, 65);
      /* y < 2^256 - p for this key?  then y + p fits: test it */
      for (i = 31; i >= 0; i--)
        {
          int s = yp[33 + i] + p[i] + c;
          yp[33 + i] = (unsigned char) s;
          c = s >> 8;
        }
      if (!c)
        CHECK_ERR (kc_ecc_pubkey_convert (CURVE, out, 65, yp, 65),
                   GPG_ERR_BAD_PUBKEY);
    }
    memcpy (bad, pub33, 33);
    memcpy (bad + 1, p, 32);
    CHECK_ERR (kc_ecc_pubkey_convert (CURVE, out, 65, bad, 33),
               GPG_ERR_BAD_PUBKEY);
    for (i = 0; i < 8; i++)
      {
        static const unsigned char prefix[] = { 0, 1, 2, 3, 5, 6, 7, 0xff };
        memcpy (bad, pub, 65);
        bad[0] = prefix[i];
        CHECK_ERR (kc_ecc_pubkey_convert (CURVE, out, 33, bad, 65),
                   GPG_ERR_BAD_PUBKEY);
      }
    bad[0] = 0x00;
    CHECK_ERR (kc_ecc_pubkey_convert (CURVE, out, 33, bad, 1),
               GPG_ERR_INV_ARG);
    /* x = 0: 0 - 0 + b is not a square mod p?  Either way, a compressed
     * x with no y is refused: find one */
    {
      unsigned char c33[33];
      int tries, refused = 0;
      memset (c33, 0, 33);
      c33[0] = 0x02;
      for (tries = 0; tries < 64 && !refused; tries++)
        {
          c33[32] = (unsigned char) tries;
          refused = gpg_err_code (kc_ecc_pubkey_convert (CURVE, out, 65, c33,
                                                         33))
                    == GPG_ERR_BAD_PUBKEY;
        }
      CHECK (refused, "some x has no y");
    }
  }

  /* conversion both ways */
  CHECK_ERR (kc_ecc_pubkey_convert (CURVE, out, 33, pub, 65), 0);
  CHECK (!memcmp (out, pub33, 33), "65 -> 33");
  CHECK_ERR (kc_ecc_pubkey_convert (CURVE, out, 65, pub33, 33), 0);
  CHECK (!memcmp (out, pub, 65), "33 -> 65");
  memcpy (out, pub, 65);
  CHECK_ERR (kc_ecc_pubkey_convert (CURVE, out, 65, out, 65), 0);
  CHECK (!memcmp (out, pub, 65), "in place");

  /* r or s 0, n, 2^256 - 1 */
  {
    unsigned char s2[64], n[32];
    int which;
    unhex_fixed (n, 32, hex_n);
    for (which = 0; which < 2; which++)
      for (i = 0; i < 3; i++)
        {
          memcpy (s2, rs, 64);
          if (i == 0)
            memset (s2 + 32 * which, 0, 32);
          else if (i == 1)
            memcpy (s2 + 32 * which, n, 32);
          else
            memset (s2 + 32 * which, 0xff, 32);
          CHECK_ERR (kc_ecdsa_verify (CURVE, 0, s2, 64, pub, 65, dg, 32),
                     GPG_ERR_BAD_SIGNATURE);
        }
    /* r + n (still < 2^256? n's top bits leave no room): not applicable;
     * s = n - s verifies (high/low twin) */
  }

  /* lengths and NULLs */
  len = 64;
  CHECK_ERR (kc_ecc_pubkey (CURVE, out, 64, x, 32), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ecc_pubkey (CURVE, out, 65, x, 31), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ecc_keypair (CURVE, out, 65, bad, 33), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ecdsa_sign (CURVE, 0, out, &len, x, 32, dg, 0),
             GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ecdsa_sign (CURVE, 0, out, NULL, x, 32, dg, 32),
             GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ecdsa_verify (CURVE, 0, rs, 63, pub, 65, dg, 32),
             GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ecdsa_verify (CURVE, 0, rs, 64, pub, 64, dg, 32),
             GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ecdsa_verify (CURVE, 0, rs, 64, pub, 65, dg, 0),
             GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ecdsa_verify (CURVE, KC_ECDSA_DER, rs, 64, pub, 65, dg, 32),
             GPG_ERR_BAD_SIGNATURE);
  CHECK_ERR (kc_ecdh (CURVE, 0, sh, 31, x, 32, pub, 65), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ecdh (CURVE, 2, sh, 32, x, 32, pub, 65), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ecdh (CURVE, 0, sh, 32, x, 32, pub, 64), GPG_ERR_INV_ARG);

  /* the Bitcoin-only calls */
  {
    unsigned char t[32], sig64[64], xo[32];
    const void *sigs[1] = { rs }, *pubs[1] = { pub }, *dgs[1] = { dg };
    size_t sl[1] = { 64 }, pl[1] = { 65 }, dl[1] = { 32 };
    int parity;
    memset (t, 1, 32);
    memcpy (bad, x, 32);
    CHECK_ERR (kc_ecc_seckey_tweak_add (CURVE, bad, 32, t, 32),
               GPG_ERR_NOT_SUPPORTED);
    CHECK (!memcmp (bad, x, 32), "seckey untouched");
    CHECK_ERR (kc_ecc_pubkey_tweak_add (CURVE, out, 65, pub, 65, t, 32),
               GPG_ERR_NOT_SUPPORTED);
    CHECK_ERR (kc_ecc_xonly_pubkey (CURVE, xo, 32, &parity, x, 32),
               GPG_ERR_NOT_SUPPORTED);
    CHECK_ERR (kc_ecc_xonly_tweak_add (CURVE, xo, 32, &parity, pub + 1, 32,
                                       t, 32), GPG_ERR_NOT_SUPPORTED);
    CHECK_ERR (kc_schnorr_sign (CURVE, sig64, 64, x, 32, dg, 32, NULL, 0),
               GPG_ERR_NOT_SUPPORTED);
    CHECK_ERR (kc_schnorr_verify (CURVE, sig64, 64, pub + 1, 32, dg, 32),
               GPG_ERR_NOT_SUPPORTED);
    CHECK_ERR (kc_ecdsa_recover (CURVE, out, 65, rs, 65, dg, 32),
               GPG_ERR_NOT_SUPPORTED);
    CHECK_ERR (kc_ecdsa_verify_batch (CURVE, 0, 1, sigs, sl, pubs, pl, dgs,
                                      dl, NULL), GPG_ERR_NOT_SUPPORTED);
  }
}

static void
test_digest_lengths (void)
{
  unsigned char x[32], pub[65], dg[80], sig[64], z[32];
  size_t len, n;

  unhex_fixed (x, 32, rfc_x);
  unhex_fixed (pub, 65, rfc_pub);
  t_randbytes (dg, sizeof dg);
  for (n = 1; n <= sizeof dg; n += (n < 40 ? 1 : 13))
    {
      len = 64;
      CHECK_ERR (kc_ecdsa_sign (CURVE, 0, sig, &len, x, 32, dg, n), 0);
      CHECK_ERR (kc_ecdsa_verify (CURVE, 0, sig, 64, pub, 65, dg, n), 0);
      /* a digest longer than 32 bytes is its first 32 (bits2int) */
      if (n > 32)
        CHECK_ERR (kc_ecdsa_verify (CURVE, 0, sig, 64, pub, 65, dg, 32), 0);
      /* a shorter one is the integer it spells: 00 || d is the same */
      if (n < 32)
        {
          memset (z, 0, 32);
          memcpy (z + 32 - n, dg, n);
          CHECK_ERR (kc_ecdsa_verify (CURVE, 0, sig, 64, pub, 65, z, 32), 0);
        }
    }
}

static void
test_wycheproof (void)
{
  size_t i;
  int nvalid = 0, ninvalid = 0, necdh[4] = { 0, 0, 0, 0 };

  for (i = 0; i < _kc_wp_p256_ecdsa_count; i++)
    {
      const struct _kc_wycheproof_case *c = &_kc_wp_p256_ecdsa[i];
      unsigned char dg[32];
      gpg_error_t err;
      kc_md_hash_buffer (KC_MD_SHA256, dg, 32, c->msg, c->msg_len);
      err = kc_ecdsa_verify (CURVE, c->der ? KC_ECDSA_DER : 0,
                             c->sig_len ? c->sig : "", c->sig_len,
                             c->pub, c->pub_len, dg, 32);
      if (c->valid)
        {
          nvalid++;
          CHECK (!err, "wycheproof %s tcId %d: valid, got %s", c->file,
                 c->tcid, gpg_strerror (err));
        }
      else
        {
          ninvalid++;
          CHECK (err, "wycheproof %s tcId %d: invalid, accepted", c->file,
                 c->tcid);
          CHECK (!c->der || c->sig_len == 64
                 || gpg_err_code (err) == GPG_ERR_BAD_SIGNATURE
                 || gpg_err_code (err) == GPG_ERR_INV_ARG,
                 "wycheproof %s tcId %d: error %s", c->file, c->tcid,
                 gpg_strerror (err));
        }
    }
  CHECK (nvalid + ninvalid == 484 + 262, "wycheproof ECDSA count %d",
         nvalid + ninvalid);

  wp_ecdh_run (CURVE, "wycheproof ECDH", _kc_wp_p256_ecdh,
               _kc_wp_p256_ecdh_count, necdh);
  CHECK (necdh[1] == 330 && necdh[0] == 26 && necdh[2] == 7
         && necdh[3] == 249, "wycheproof ECDH counts %d %d %d %d", necdh[0],
         necdh[1], necdh[2], necdh[3]);
  memset (necdh, 0, sizeof necdh);
  wp_ecdh_run (CURVE, "wycheproof ECDH ecpoint", _kc_wp_p256_ecdh_ecpoint,
               _kc_wp_p256_ecdh_ecpoint_count, necdh);
  CHECK (necdh[1] == 330 && necdh[0] == 24 && necdh[2] == 1
         && necdh[3] == 0, "wycheproof ECDH ecpoint counts %d %d %d %d",
         necdh[0], necdh[1], necdh[2], necdh[3]);
}

static void
test_kem (void)
{
  const int A = KC_KEM_RAW_P256R1;
  unsigned char pk[65], sk[32], ct[65], ss[32], ss2[32], e[32], pk2[65];
  unsigned char sk2[32], want[32], bad[65], n[32];
  int it;

  for (it = 0; it < 8; it++)
    {
      CHECK_ERR (kc_kem_keypair (A, pk, 65, sk, 32), 0);
      CHECK_ERR (kc_ecc_pubkey (CURVE, pk2, 65, sk, 32), 0);
      CHECK (!memcmp (pk, pk2, 65), "KEM public key is kc_ecc_pubkey's");
      CHECK_ERR (kc_kem_encap (A, pk, 65, ct, 65, ss, 32, NULL, 0), 0);
      CHECK_ERR (kc_kem_decap (A, sk, 32, ct, 65, ss2, 32, NULL, 0), 0);
      CHECK (!memcmp (ss, ss2, 32), "KEM decap agrees (%d)", it);
      /* with e given: ct = e G, ss = x (e pk) */
      t_randbytes (e, 32);
      e[0] &= 0x7f;
      CHECK_ERR (kc_kem_encap (A, pk, 65, ct, 65, ss, 32, e, 32), 0);
      CHECK_ERR (kc_ecc_pubkey (CURVE, pk2, 65, e, 32), 0);
      CHECK (!memcmp (ct, pk2, 65), "KEM ct = e G");
      CHECK_ERR (kc_ecdh (CURVE, 0, want, 32, e, 32, pk, 65), 0);
      CHECK (!memcmp (ss, want, 32), "KEM ss = x (e pk)");
      /* the seeded key pair */
      CHECK_ERR (kc_kem_keypair_seed (A, pk2, 65, sk2, 32, sk, 32), 0);
      CHECK (!memcmp (pk2, pk, 65) && !memcmp (sk2, sk, 32), "seeded pair");
    }
  /* bad inputs: nothing written */
  unhex_fixed (n, 32, hex_n);
  memset (ss, 0xaa, 32);
  memset (ct, 0xaa, 65);
  memcpy (bad, pk, 65);
  bad[64] ^= 1;
  CHECK_ERR (kc_kem_encap (A, bad, 65, ct, 65, ss, 32, NULL, 0),
             GPG_ERR_BAD_PUBKEY);
  CHECK (ss[0] == 0xaa && ct[0] == 0xaa, "encap wrote on error");
  CHECK_ERR (kc_kem_decap (A, sk, 32, bad, 65, ss, 32, NULL, 0),
             GPG_ERR_INV_DATA);
  CHECK (ss[0] == 0xaa && ss[31] == 0xaa, "decap wrote on error");
  CHECK_ERR (kc_kem_decap (A, n, 32, pk, 65, ss, 32, NULL, 0),
             GPG_ERR_BAD_SECKEY);
  CHECK_ERR (kc_kem_encap (A, pk, 65, ct, 65, ss, 32, n, 32),
             GPG_ERR_INV_VALUE);
  CHECK (ss[0] == 0xaa && ct[0] == 0xaa, "encap wrote on error");
  memset (e, 0, 32);
  CHECK_ERR (kc_kem_keypair_seed (A, pk2, 65, sk2, 32, e, 32),
             GPG_ERR_BAD_SECKEY);
  CHECK_ERR (kc_kem_encap (A, pk, 65, ct, 65, ss, 32, e, 31),
             GPG_ERR_INV_VALUE);
  CHECK_ERR (kc_kem_encap (A, pk, 64, ct, 65, ss, 32, NULL, 0),
             GPG_ERR_INV_ARG);
}

#ifdef HAVE_OPENSSL
static EC_KEY *
ossl_key (const unsigned char key[32])
{
  EC_KEY *k = EC_KEY_new_by_curve_name (NID_X9_62_prime256v1);
  BIGNUM *d = BN_bin2bn (key, 32, NULL);
  EC_POINT *pt = EC_POINT_new (EC_KEY_get0_group (k));
  EC_POINT_mul (EC_KEY_get0_group (k), pt, d, NULL, NULL, NULL);
  EC_KEY_set_private_key (k, d);
  EC_KEY_set_public_key (k, pt);
  EC_POINT_free (pt);
  BN_free (d);
  return k;
}

static void
test_openssl (int count)
{
  int it;

  for (it = 0; it < count; it++)
    {
      unsigned char key[32], key2[32], dg[48], sig[64], der[72], pub65[65];
      unsigned char pub33[33], opub[65], sh[32], osh[32], pub2[65];
      size_t siglen = sizeof sig, derlen = sizeof der, dlen;
      EC_KEY *ok, *ok2;
      ECDSA_SIG *os;
      const unsigned char *cp;
      unsigned char *p, odr[80];
      int olen;

      /* keys from the library's generator, and edge keys now and then */
      CHECK_ERR (kc_ecc_keypair (CURVE, pub65, 65, key, 32), 0);
      if (it % 16 == 1)
        {
          memset (key, 0, 31);
          key[31] = (unsigned char) (it | 1);
          CHECK_ERR (kc_ecc_pubkey (CURVE, pub65, 65, key, 32), 0);
        }
      else if (it % 16 == 2)
        {
          unhex_fixed (key, 32, hex_nm1);
          key[31] = (unsigned char) (key[31] - (it & 0x3f));
          CHECK_ERR (kc_ecc_pubkey (CURVE, pub65, 65, key, 32), 0);
        }
      CHECK_ERR (kc_ecc_pubkey (CURVE, pub33, 33, key, 32), 0);
      ok = ossl_key (key);
      CHECK (EC_POINT_point2oct (EC_KEY_get0_group (ok),
                                 EC_KEY_get0_public_key (ok),
                                 POINT_CONVERSION_UNCOMPRESSED, opub, 65,
                                 NULL) == 65
             && !memcmp (opub, pub65, 65), "public key vs OpenSSL (%d)", it);
      CHECK (EC_POINT_point2oct (EC_KEY_get0_group (ok),
                                 EC_KEY_get0_public_key (ok),
                                 POINT_CONVERSION_COMPRESSED, opub, 33,
                                 NULL) == 33
             && !memcmp (opub, pub33, 33), "compressed key vs OpenSSL (%d)",
             it);

      dlen = 20 + (size_t) (it % 29);          /* 20 .. 48 bytes */
      t_randbytes (dg, dlen);
      CHECK_ERR (kc_ecdsa_sign (CURVE, 0, sig, &siglen, key, 32, dg, dlen), 0);
      CHECK_ERR (kc_ecdsa_sign (CURVE, KC_ECDSA_DER, der, &derlen, key, 32,
                                dg, dlen), 0);
      /* OpenSSL verifies ours (it truncates long digests as SEC1 does) */
      cp = der;
      os = d2i_ECDSA_SIG (NULL, &cp, (long) derlen);
      CHECK (os && ECDSA_do_verify (dg, (int) dlen, os, ok) == 1,
             "OpenSSL verifies ours (%d)", it);
      ECDSA_SIG_free (os);
      /* theirs verifies here, r||s and DER */
      os = ECDSA_do_sign (dg, (int) dlen, ok);
      p = odr;
      olen = i2d_ECDSA_SIG (os, &p);
      CHECK (olen > 0 && olen <= 72, "OpenSSL DER length");
      CHECK_ERR (kc_ecdsa_verify (CURVE, KC_ECDSA_DER, odr, (size_t) olen,
                                  pub65, 65, dg, dlen), 0);
      {
        unsigned char ors[64];
        const BIGNUM *r, *s;
        ECDSA_SIG_get0 (os, &r, &s);
        BN_bn2binpad (r, ors, 32);
        BN_bn2binpad (s, ors + 32, 32);
        CHECK_ERR (kc_ecdsa_verify (CURVE, 0, ors, 64, pub33, 33, dg, dlen), 0);
        /* within the leftmost 256 bits: the rest is not signed */
        dg[it % (dlen < 32 ? dlen : 32)] ^= (unsigned char) (1u << (it & 7));
        CHECK_ERR (kc_ecdsa_verify (CURVE, 0, ors, 64, pub33, 33, dg, dlen),
                   GPG_ERR_BAD_SIGNATURE);
      }
      ECDSA_SIG_free (os);

      /* ECDH both ways against OpenSSL's */
      CHECK_ERR (kc_ecc_keypair (CURVE, pub2, 65, key2, 32), 0);
      ok2 = ossl_key (key2);
      CHECK_ERR (kc_ecdh (CURVE, 0, sh, 32, key, 32, pub2, 65), 0);
      CHECK (ECDH_compute_key (osh, 32, EC_KEY_get0_public_key (ok2), ok,
                               NULL) == 32
             && !memcmp (sh, osh, 32), "ECDH vs OpenSSL (%d)", it);
      CHECK_ERR (kc_ecdh (CURVE, 0, osh, 32, key2, 32, pub33, 33), 0);
      CHECK (!memcmp (sh, osh, 32), "ECDH symmetric (%d)", it);
      EC_KEY_free (ok);
      EC_KEY_free (ok2);
    }
}
#endif

int
main (int argc, char **argv)
{
  t_init (argc, argv);
  t_seed (0x9256);
  test_rfc6979 ();
  test_sign_forms ();
  test_bad_input ();
  test_digest_lengths ();
  test_wycheproof ();
  /* Wycheproof's ECDSA files with SHA-512, SHA3-256 and SHA3-512
   * digests (t-wp-ecdsa.h): the 512-bit ones passed whole */
  wp_ecdsa_digests_run (CURVE, "secp256r1", 906, 1010);
  test_kem ();
#ifdef HAVE_OPENSSL
  test_openssl (200);
#else
  printf ("t-p256: OpenSSL comparison skipped (built without OpenSSL)\n");
#endif
  return t_done ("t-p256");
}
