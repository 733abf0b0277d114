/* t-mdapi.c - the public hash, HMAC and HKDF API: kc_md_open / setkey /
 * write / final / reset / close and kc_md_hash_buffer over every
 * algorithm against OpenSSL with random chunk splits (zero-length writes
 * included), SHA-384 (FIPS 180-4), HMAC-SHA256/384/512 (RFC 4231),
 * Wycheproof HMAC-SHA256 and HKDF-SHA256, HKDF-SHA512 against OpenSSL,
 * and every error case of the contracts in kcrypt.h.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "t-common.h"
#include "wycheproof.h"
#ifdef HAVE_OPENSSL
# include <openssl/evp.h>
# include <openssl/hmac.h>
# include <openssl/kdf.h>
#endif

static const struct
{
  int algo;
  const char *name;
  unsigned int dlen;            /* 0: XOF */
} algos[] = {
  { KC_MD_SHA256, "SHA-256", 32 }, { KC_MD_SHA384, "SHA-384", 48 },
  { KC_MD_SHA512, "SHA-512", 64 }, { KC_MD_SHA3_256, "SHA3-256", 32 },
  { KC_MD_SHA3_512, "SHA3-512", 64 }, { KC_MD_SHAKE128, "SHAKE128", 0 },
  { KC_MD_SHAKE256, "SHAKE256", 0 },
};

static void
test_sha384 (void)
{
  unsigned char d[48];
  CHECK_ERR (kc_md_hash_buffer (KC_MD_SHA384, d, 48, "abc", 3), 0);
  check_hex ("SHA-384 (abc)", d, 48,
             "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded163"
             "1a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7");
  CHECK_ERR (kc_md_hash_buffer (KC_MD_SHA384, d, 48, NULL, 0), 0);
  check_hex ("SHA-384 (empty)", d, 48,
             "38b060a751ac96384cd9327eb1b1e36a21fdb71114be0743"
             "4c0cc7bf63f6e1da274edebfe76f65fbd51ad2f14898b95b");
}

/* RFC 4231 test cases 1, 2, 6 (key longer than the block) and 7. */
static void
test_rfc4231 (void)
{
  static const struct
  {
    const char *key, *data, *h256, *h384, *h512;
  } tc[] = {
    { "0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b", "4869205468657265",
      "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7",
      "afd03944d84895626b0825f4ab46907f15f9dadbe4101ec682aa034c7cebc59c"
      "faea9ea9076ede7f4af152e8b2fa9cb6",
      "87aa7cdea5ef619d4ff0b4241a1d6cb02379f4e2ce4ec2787ad0b30545e17cde"
      "daa833b7d6b8a702038b274eaea3f4e4be9d914eeb61f1702e696c203a126854" },
    { "4a656665",
      "7768617420646f2079612077616e7420666f72206e6f7468696e673f",
      "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
      "af45d2e376484031617f78d2b58a6b1b9c7ef464f5a01b47e42ec3736322445e"
      "8e2240ca5e69e2c78b3239ecfab21649",
      "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea250554"
      "9758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737" },
  };
  unsigned char key[256], data[256], mac[64];
  size_t i, a;
  for (i = 0; i < KC_DIM (tc); i++)
    {
      long kl = t_unhex (key, sizeof key, tc[i].key);
      long dl = t_unhex (data, sizeof data, tc[i].data);
      const char *want[3] = { tc[i].h256, tc[i].h384, tc[i].h512 };
      for (a = 0; a < 3; a++)
        {
          kc_md_hd_t h;
          char what[64];
          snprintf (what, sizeof what, "RFC 4231 case %zu, %s", i + 1,
                    algos[a].name);
          CHECK_ERR (kc_md_open (&h, algos[a].algo, KC_MD_FLAG_HMAC), 0);
          CHECK_ERR (kc_md_setkey (h, key, (size_t) kl), 0);
          kc_md_write (h, data, (size_t) dl);
          CHECK_ERR (kc_md_final (h, mac, algos[a].dlen), 0);
          check_hex (what, mac, algos[a].dlen, want[a]);
          /* reset keeps the key */
          kc_md_reset (h);
          kc_md_write (h, data, 1);
          kc_md_write (h, data + 1, (size_t) dl - 1);
          CHECK_ERR (kc_md_final (h, mac, algos[a].dlen), 0);
          check_hex (what, mac, algos[a].dlen, want[a]);
          kc_md_close (h);
        }
    }
}

static void
test_wycheproof_hmac (void)
{
  size_t i;
  unsigned char mac[32];
  int valid_ok = 0;
  for (i = 0; i < _kc_wp_hmac_count; i++)
    {
      const struct _kc_wp_hmac *c = &_kc_wp_hmac_cases[i];
      kc_md_hd_t h;
      int same;
      CHECK_ERR (kc_md_open (&h, KC_MD_SHA256, KC_MD_FLAG_HMAC), 0);
      CHECK_ERR (kc_md_setkey (h, c->key, c->key_len), 0);
      kc_md_write (h, c->msg, c->msg_len);
      CHECK_ERR (kc_md_final (h, mac, 32), 0);
      kc_md_close (h);
      same = !memcmp (mac, c->tag, c->tag_len);     /* truncated tags */
      CHECK (same == c->valid, "Wycheproof HMAC-SHA256 tcId %d: %s tag %s",
             c->tcid, c->valid ? "valid" : "invalid",
             same ? "accepted" : "rejected");
      valid_ok += same && c->valid;
    }
  CHECK (valid_ok > 50, "only %d valid Wycheproof HMAC cases", valid_ok);
}

static void
test_wycheproof_hkdf (void)
{
  static unsigned char okm[8200];
  size_t i;
  for (i = 0; i < _kc_wp_hkdf_count; i++)
    {
      const struct _kc_wp_hkdf *c = &_kc_wp_hkdf_cases[i];
      gpg_error_t err;
      memset (okm, 0x55, sizeof okm);
      err = kc_kdf_hkdf (KC_MD_SHA256, okm, c->size, c->ikm, c->ikm_len,
                         c->salt, c->salt_len, c->info, c->info_len);
      if (c->valid)
        {
          CHECK_ERR (err, 0);
          CHECK (!memcmp (okm, c->okm, c->size),
                 "Wycheproof HKDF-SHA256 tcId %d: wrong output", c->tcid);
        }
      else
        {
          size_t k, untouched = 1;
          CHECK (gpg_err_code (err) == GPG_ERR_INV_ARG,
                 "Wycheproof HKDF-SHA256 tcId %d (size %u): want INV_ARG, "
                 "got %s", c->tcid, c->size, gpg_strerror (err));
          for (k = 0; k < sizeof okm; k++)
            untouched &= okm[k] == 0x55;
          CHECK (untouched, "tcId %d: output written on error", c->tcid);
        }
    }
}

#ifdef HAVE_OPENSSL
/* Write MSG in random chunks, zero-length ones among them. */
static void
write_split (kc_md_hd_t h, const unsigned char *msg, size_t len)
{
  size_t off = 0;
  while (off < len)
    {
      size_t n = t_rand64 () % 5 == 0 ? 0 : 1 + t_rand64 () % 300;
      if (n > len - off)
        n = len - off;
      kc_md_write (h, msg + off, n);
      off += n;
    }
  kc_md_write (h, msg, 0);
}

static const EVP_MD *
ossl_md (int algo)
{
  switch (algo)
    {
    case KC_MD_SHA256: return EVP_sha256 ();
    case KC_MD_SHA384: return EVP_sha384 ();
    case KC_MD_SHA512: return EVP_sha512 ();
    case KC_MD_SHA3_256: return EVP_sha3_256 ();
    case KC_MD_SHA3_512: return EVP_sha3_512 ();
    case KC_MD_SHAKE128: return EVP_shake128 ();
    default: return EVP_shake256 ();
    }
}

static void
test_openssl (void)
{
  static unsigned char msg[3000], key[300], ours[200], theirs[200];
  EVP_MD_CTX *c = EVP_MD_CTX_new ();
  size_t a;
  int t;

  for (t = 0; t < 700; t++)
    {
      size_t len = t_rand64 () % sizeof msg, outlen;
      kc_md_hd_t h;
      a = (size_t) t % KC_DIM (algos);
      outlen = algos[a].dlen ? algos[a].dlen : t_rand64 () % sizeof ours;
      t_randbytes (msg, len);

      /* streaming against OpenSSL */
      CHECK_ERR (kc_md_open (&h, algos[a].algo, 0), 0);
      write_split (h, msg, len);
      CHECK_ERR (kc_md_final (h, ours, outlen), 0);
      EVP_DigestInit_ex (c, ossl_md (algos[a].algo), NULL);
      EVP_DigestUpdate (c, msg, len);
      if (algos[a].dlen)
        EVP_DigestFinal_ex (c, theirs, NULL);
      else
        EVP_DigestFinalXOF (c, theirs, outlen);
      CHECK (!memcmp (ours, theirs, outlen), "%s, %zu bytes in chunks: "
             "differs from OpenSSL", algos[a].name, len);
      /* the one-shot call and a reset handle agree */
      kc_md_reset (h);
      write_split (h, msg, len);
      CHECK_ERR (kc_md_final (h, ours, outlen), 0);
      CHECK (!memcmp (ours, theirs, outlen), "%s after reset", algos[a].name);
      CHECK_ERR (kc_md_hash_buffer (algos[a].algo, ours, outlen, msg, len),
                 0);
      CHECK (!memcmp (ours, theirs, outlen), "%s one-shot", algos[a].name);
      kc_md_close (h);

      /* HMAC against OpenSSL, keys shorter and longer than the block */
      if (algos[a].dlen)
        {
          size_t kl = t_rand64 () % sizeof key;
          unsigned int ol = 0;
          t_randbytes (key, kl);
          CHECK_ERR (kc_md_open (&h, algos[a].algo, KC_MD_FLAG_HMAC), 0);
          CHECK_ERR (kc_md_setkey (h, key, kl), 0);
          write_split (h, msg, len);
          CHECK_ERR (kc_md_final (h, ours, outlen), 0);
          kc_md_close (h);
          HMAC (ossl_md (algos[a].algo), key, (int) kl, msg, len, theirs,
                &ol);
          CHECK (ol == outlen && !memcmp (ours, theirs, outlen),
                 "HMAC-%s, key %zu, msg %zu: differs from OpenSSL",
                 algos[a].name, kl, len);
        }
    }
  EVP_MD_CTX_free (c);
}

/* HKDF over SHA-384 and SHA-512 against OpenSSL's EVP_PKEY HKDF. */
static void
test_hkdf_openssl (void)
{
  static unsigned char ikm[100], salt[200], info[100], ours[4000],
    theirs[4000];
  int t, algos2[2] = { KC_MD_SHA384, KC_MD_SHA512 };
  for (t = 0; t < 60; t++)
    {
      int algo = algos2[t & 1];
      size_t il = t_rand64 () % sizeof ikm, sl = t_rand64 () % sizeof salt;
      size_t nl = t_rand64 () % sizeof info, ol = 1 + t_rand64 () % 2000;
      size_t theirs_len = ol;
      EVP_PKEY_CTX *p = EVP_PKEY_CTX_new_id (EVP_PKEY_HKDF, NULL);
      t_randbytes (ikm, il);
      t_randbytes (salt, sl);
      t_randbytes (info, nl);
      CHECK_ERR (kc_kdf_hkdf (algo, ours, ol, ikm, il, sl ? salt : NULL, sl,
                              info, nl), 0);
      if (!p || EVP_PKEY_derive_init (p) <= 0
          || EVP_PKEY_CTX_set_hkdf_md (p, ossl_md (algo)) <= 0
          || EVP_PKEY_CTX_set1_hkdf_salt (p, salt, (int) sl) <= 0
          || EVP_PKEY_CTX_set1_hkdf_key (p, ikm, (int) il) <= 0
          || EVP_PKEY_CTX_add1_hkdf_info (p, info, (int) nl) <= 0
          || EVP_PKEY_derive (p, theirs, &theirs_len) <= 0)
        fail ("OpenSSL HKDF failed");
      else
        CHECK (theirs_len == ol && !memcmp (ours, theirs, ol),
               "HKDF (%d), out %zu: differs from OpenSSL", algo, ol);
      EVP_PKEY_CTX_free (p);
    }
}
#endif

static void
test_errors (void)
{
  kc_md_hd_t h = (kc_md_hd_t) 1;
  unsigned char d[64], big[64 * 255 + 1];
  size_t a;

  memset (big, 0x77, sizeof big);
  CHECK_ERR (kc_md_open (NULL, KC_MD_SHA256, 0), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_md_open (&h, 12345, 0), GPG_ERR_NOT_SUPPORTED);
  CHECK (h == NULL, "failed open leaves *hd set");
  CHECK_ERR (kc_md_open (&h, KC_MD_SHA256, 1), GPG_ERR_INV_FLAG);
  CHECK_ERR (kc_md_open (&h, KC_MD_SHAKE128, KC_MD_FLAG_HMAC),
             GPG_ERR_NOT_SUPPORTED);
  CHECK_ERR (kc_md_hash_buffer (12345, d, 32, "", 0), GPG_ERR_NOT_SUPPORTED);
  CHECK_ERR (kc_md_hash_buffer (KC_MD_SHA3_256, NULL, 32, "", 0),
             GPG_ERR_INV_ARG);
  CHECK_ERR (kc_md_hash_buffer (KC_MD_SHAKE256, NULL, 0, "", 0), 0);
  CHECK_ERR (kc_md_hash_buffer (KC_MD_SHAKE256, NULL, 1, "", 0),
             GPG_ERR_INV_ARG);
  CHECK_ERR (kc_md_hash_buffer (KC_MD_SHA256, d, 32, NULL, 1),
             GPG_ERR_INV_ARG);
  CHECK (kc_md_get_algo_dlen (KC_MD_SHAKE128) == 0
         && kc_md_get_algo_dlen (KC_MD_SHA384) == 48
         && kc_md_get_algo_dlen (KC_MD_SHA3_512) == 64
         && kc_md_get_algo_dlen (7) == 0, "kc_md_get_algo_dlen");

  for (a = 0; a < KC_DIM (algos); a++)
    {
      unsigned int dl = algos[a].dlen;
      CHECK_ERR (kc_md_open (&h, algos[a].algo, 0), 0);
      CHECK_ERR (kc_md_setkey (h, "k", 1), GPG_ERR_INV_STATE);
      if (dl)
        {
          memset (d, 0x33, sizeof d);
          CHECK_ERR (kc_md_final (h, d, dl - 1), GPG_ERR_INV_ARG);
          CHECK_ERR (kc_md_final (h, d, dl + 1), GPG_ERR_INV_ARG);
          CHECK_ERR (kc_md_final (h, NULL, dl), GPG_ERR_INV_ARG);
          CHECK (d[0] == 0x33, "%s: output written on error",
                 algos[a].name);
        }
      CHECK_ERR (kc_md_final (h, d, dl ? dl : 17), 0);
      CHECK_ERR (kc_md_final (h, d, dl ? dl : 17), GPG_ERR_INV_STATE);
      kc_md_write (h, "ignored", 7);
      kc_md_reset (h);
      CHECK_ERR (kc_md_final (h, d, dl ? dl : 17), 0);
      kc_md_close (h);
      if (!dl)
        continue;
      /* an HMAC handle before its key */
      CHECK_ERR (kc_md_open (&h, algos[a].algo, KC_MD_FLAG_HMAC), 0);
      kc_md_write (h, "x", 1);
      CHECK_ERR (kc_md_final (h, d, dl), GPG_ERR_MISSING_KEY);
      CHECK_ERR (kc_md_setkey (h, NULL, 1), GPG_ERR_INV_ARG);
      CHECK_ERR (kc_md_setkey (h, NULL, 0), 0);
      CHECK_ERR (kc_md_final (h, d, dl), 0);
      kc_md_close (h);
    }
  kc_md_close (NULL);
  kc_md_write (NULL, "x", 1);
  kc_md_reset (NULL);
  CHECK_ERR (kc_md_setkey (NULL, "k", 1), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_md_final (NULL, d, 32), GPG_ERR_INV_ARG);

  /* HKDF */
  CHECK_ERR (kc_kdf_hkdf (KC_MD_SHA3_256, d, 32, "k", 1, NULL, 0, NULL, 0),
             GPG_ERR_NOT_SUPPORTED);
  CHECK_ERR (kc_kdf_hkdf (KC_MD_SHA512, big, sizeof big, "k", 1, NULL, 0,
                          NULL, 0), GPG_ERR_INV_ARG);
  CHECK (big[0] == 0x77 && big[sizeof big - 1] == 0x77,
         "HKDF wrote output on error");
  CHECK_ERR (kc_kdf_hkdf (KC_MD_SHA512, big, sizeof big - 1, "k", 1, NULL,
                          0, NULL, 0), 0);
  CHECK_ERR (kc_kdf_hkdf (KC_MD_SHA256, NULL, 1, "k", 1, NULL, 0, NULL, 0),
             GPG_ERR_INV_ARG);
  CHECK_ERR (kc_kdf_hkdf (KC_MD_SHA256, d, 32, NULL, 1, NULL, 0, NULL, 0),
             GPG_ERR_INV_ARG);
  CHECK_ERR (kc_kdf_hkdf (KC_MD_SHA256, d, 32, NULL, 0, NULL, 0, NULL, 0),
             0);
  CHECK_ERR (kc_kdf_hkdf (KC_MD_SHA256, NULL, 0, "k", 1, NULL, 0, NULL, 0),
             0);
}

int
main (int argc, char **argv)
{
  t_init (argc, argv);
  t_seed (5869);
  test_sha384 ();
  test_rfc4231 ();
  test_wycheproof_hmac ();
  test_wycheproof_hkdf ();
  test_errors ();
#ifdef HAVE_OPENSSL
  test_openssl ();
  test_hkdf_openssl ();
#else
  printf ("t-mdapi: OpenSSL comparisons skipped (built without OpenSSL)\n");
#endif
  return t_done ("t-mdapi");
}
