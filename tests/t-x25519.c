/* t-x25519.c - X25519 (RFC 7748) as the RAW_X25519 KEM: the RFC's
 * vectors (two scalar multiplications, 1 and 1000 iterations of the
 * ladder, the Diffie-Hellman example), every case of Wycheproof's
 * x25519_test.json (all-zero results are GPG_ERR_INV_DATA with nothing
 * written), round trips, OpenSSL's and libsodium's X25519 on random keys
 * both ways and on random u; the AVX-512 IFMA ladder against the
 * portable one on extreme and random inputs (the fixed-base ladders
 * too), key generation by the Ed25519 comb against the portable ladder,
 * and everything again with KCRYPT_HWF_MASK=0 (the portable path
 * throughout).
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "x25519/x25519.h"
#include "x25519/x86_64/ifma.h"
#include "t-common.h"
#ifdef HAVE_OPENSSL
# include <openssl/evp.h>
#endif
#ifdef HAVE_LIBSODIUM
# include <sodium.h>
#endif
#include <stdlib.h>

static void
unhex32 (unsigned char out[32], const char *hex)
{
  if (t_unhex (out, 32, hex) != 32)
    fail ("bad vector %s", hex);
}

static void
test_rfc7748 (void)
{
  unsigned char k[32], u[32], out[32], t[32], a_sk[32], a_pk[32], b_sk[32];
  unsigned char b_pk[32], ss[32];
  int i;

  unhex32 (k, "a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4");
  unhex32 (u, "e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c");
  _kc_x25519 (out, k, u);
  check_hex ("RFC 7748 5.2 first", out, 32,
             "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552");
  unhex32 (k, "4b66e9d4d1b4673c5ad22691957d6af5c11b6421e0ea01d42ca4169e7918ba0d");
  unhex32 (u, "e5210f12786811d3f4b7959d0538ae2c31dbe7106fc03c3efc4cd549c715a493");
  _kc_x25519 (out, k, u);
  check_hex ("RFC 7748 5.2 second", out, 32,
             "95cbde9476e8907d7aade45cb4b873f88b595a68799fa152e6f8f7647aac7957");
  memset (k, 0, 32);
  k[0] = 9;
  memcpy (u, k, 32);
  for (i = 1; i <= 1000; i++)
    {
      _kc_x25519 (t, k, u);
      memcpy (u, k, 32);
      memcpy (k, t, 32);
      if (i == 1)
        check_hex ("RFC 7748 5.2, 1 iteration", k, 32,
                   "422c8e7a6227d7bca1350b3e2bb7279f7897b87bb6854b783c60e80311ae3079");
    }
  check_hex ("RFC 7748 5.2, 1000 iterations", k, 32,
             "684cf59ba83309552800ef566f2f4d3c1c3887c49360e3875f2eb94d99532c51");

  /* 6.1 through the KEM API: keys from their secrets, then both sides */
  unhex32 (a_sk, "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a");
  unhex32 (b_sk, "5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb");
  CHECK_ERR (kc_kem_keypair_seed (KC_KEM_RAW_X25519, a_pk, 32, t, 32, a_sk,
                                  32), 0);
  CHECK (!memcmp (t, a_sk, 32), "RAW_X25519: the secret key is the seed");
  check_hex ("RFC 7748 6.1 Alice's public key", a_pk, 32,
             "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a");
  CHECK_ERR (kc_kem_keypair_seed (KC_KEM_RAW_X25519, b_pk, 32, t, 32, b_sk,
                                  32), 0);
  check_hex ("RFC 7748 6.1 Bob's public key", b_pk, 32,
             "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f");
  CHECK_ERR (kc_kem_decap (KC_KEM_RAW_X25519, a_sk, 32, b_pk, 32, ss, 32,
                           NULL, 0), 0);
  check_hex ("RFC 7748 6.1 shared (Alice)", ss, 32,
             "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742");
  CHECK_ERR (kc_kem_decap (KC_KEM_RAW_X25519, b_sk, 32, a_pk, 32, ss, 32,
                           NULL, 0), 0);
  check_hex ("RFC 7748 6.1 shared (Bob)", ss, 32,
             "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742");
}

/* Wycheproof XdhComp: decapsulation with the private key and the public
 * key as the "ciphertext"; an all-zero shared value must be refused. */
static void
test_wycheproof (void)
{
  FILE *f = fopen (t_datafile ("wycheproof/x25519_test.json"), "r");
  static char line[4096];
  unsigned char pub[32], priv[32], shared[32], ss[32];
  int n = 0, want = -1, tcid = 0, zeros = 0;

  if (!f)
    {
      fail ("cannot open x25519_test.json");
      return;
    }
  while (fgets (line, sizeof line, f))
    {
      const char *p;
      if ((p = strstr (line, "\"numberOfTests\": ")))
        want = atoi (p + 17);
      else if ((p = strstr (line, "\"tcId\": ")))
        tcid = atoi (p + 8);
      else if ((p = strstr (line, "\"public\": \"")))
        t_unhex (pub, 32, p + 11);
      else if ((p = strstr (line, "\"private\": \"")))
        t_unhex (priv, 32, p + 12);
      else if ((p = strstr (line, "\"shared\": \"")))
        t_unhex (shared, 32, p + 11);
      else if (strstr (line, "\"result\": \""))
        {
          int allzero = 1, i;
          gpg_error_t err;
          for (i = 0; i < 32; i++)
            allzero &= shared[i] == 0;
          memset (ss, 0x5a, 32);
          err = kc_kem_decap (KC_KEM_RAW_X25519, priv, 32, pub, 32, ss, 32,
                              NULL, 0);
          if (allzero)
            {
              zeros++;
              CHECK (gpg_err_code (err) == GPG_ERR_INV_DATA && ss[0] == 0x5a
                     && ss[31] == 0x5a, "tcId %d: an all-zero shared value "
                     "gave %s or wrote output", tcid, gpg_strerror (err));
            }
          else
            {
              CHECK (!err && !memcmp (ss, shared, 32),
                     "tcId %d: shared value differs (%s)", tcid,
                     gpg_strerror (err));
            }
          n++;
        }
    }
  fclose (f);
  CHECK (n == want && zeros > 10, "read %d cases (%d all-zero), the file "
         "says %d", n, zeros, want);
}

static void
test_kem (void)
{
  unsigned char pk[32], sk[32], ct[32], ss[32], ss2[32];
  int t;
  for (t = 0; t < 20; t++)
    {
      CHECK_ERR (kc_kem_keypair (KC_KEM_RAW_X25519, pk, 32, sk, 32), 0);
      CHECK_ERR (kc_kem_encap (KC_KEM_RAW_X25519, pk, 32, ct, 32, ss, 32,
                               NULL, 0), 0);
      CHECK_ERR (kc_kem_decap (KC_KEM_RAW_X25519, sk, 32, ct, 32, ss2, 32,
                               NULL, 0), 0);
      CHECK (!memcmp (ss, ss2, 32), "RAW_X25519 round trip");
    }
  /* a small-order public key: encapsulation refuses, writes nothing */
  memset (pk, 0, 32);
  memset (ct, 0x77, 32);
  memset (ss, 0x77, 32);
  CHECK_ERR (kc_kem_encap (KC_KEM_RAW_X25519, pk, 32, ct, 32, ss, 32, NULL,
                           0), GPG_ERR_INV_DATA);
  CHECK (ct[0] == 0x77 && ss[0] == 0x77 && ct[31] == 0x77 && ss[31] == 0x77,
         "RAW_X25519: output written on INV_DATA");
  CHECK_ERR (kc_kem_encap (KC_KEM_RAW_X25519, pk, 32, ct, 32, ss, 32, ss,
                           32), GPG_ERR_INV_VALUE);
  CHECK_ERR (kc_kem_keypair_seed (KC_KEM_RAW_X25519, pk, 32, sk, 32, ss,
                                  31), GPG_ERR_INV_ARG);
}

#ifdef HAVE_OPENSSL
/* OpenSSL derives the same shared value from our keys, and we from its */
static void
test_openssl (void)
{
  int t;
  for (t = 0; t < 50; t++)
    {
      unsigned char sk[32], pk[32], osk[32], opk[32], ours[32], theirs[32];
      size_t len = 32;
      EVP_PKEY *mine, *peer;
      EVP_PKEY_CTX *c;

      t_randbytes (osk, 32);
      CHECK_ERR (kc_kem_keypair (KC_KEM_RAW_X25519, pk, 32, sk, 32), 0);
      peer = EVP_PKEY_new_raw_private_key (EVP_PKEY_X25519, NULL, osk, 32);
      if (!peer || EVP_PKEY_get_raw_public_key (peer, opk, &len) <= 0)
        {
          fail ("OpenSSL X25519 key");
          return;
        }
      CHECK_ERR (kc_kem_decap (KC_KEM_RAW_X25519, sk, 32, opk, 32, ours, 32,
                               NULL, 0), 0);
      mine = EVP_PKEY_new_raw_public_key (EVP_PKEY_X25519, NULL, pk, 32);
      c = EVP_PKEY_CTX_new (peer, NULL);
      len = 32;
      if (!mine || !c || EVP_PKEY_derive_init (c) <= 0
          || EVP_PKEY_derive_set_peer (c, mine) <= 0
          || EVP_PKEY_derive (c, theirs, &len) <= 0)
        fail ("OpenSSL X25519 derive");
      else
        CHECK (!memcmp (ours, theirs, 32), "X25519 differs from OpenSSL");
      /* and OpenSSL's public key from the same secret */
      CHECK_ERR (kc_kem_keypair_seed (KC_KEM_RAW_X25519, pk, 32, sk, 32, osk,
                                      32), 0);
      CHECK (!memcmp (pk, opk, 32), "public key differs from OpenSSL's");
      EVP_PKEY_CTX_free (c);
      EVP_PKEY_free (mine);
      EVP_PKEY_free (peer);
    }
}
#endif

/* a kernel row's ladder (NAME, its gate NEED, which the CPU has) against
 * the portable one: the same output and the same all-zero mask, on
 * scalars and u at the edges (0, 1, p - 1, p, p + 1, 2^255 - 1 and top
 * bit set, limb boundaries, all-ones and alternating bits) and on random
 * and chained inputs; KCRYPT_HWF_MASK set to NEED alone picks the row */
static void
test_path (const char *name, unsigned int need)
{
  static const char *const edges[] = {
    "0000000000000000000000000000000000000000000000000000000000000000",
    "0100000000000000000000000000000000000000000000000000000000000000",
    "0900000000000000000000000000000000000000000000000000000000000000",
    "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
    "0000000000000800000000000000000000000000000000000000000000000000",
    "ffffffffffff0700000000000000000000000000000000000000000000000000",
    "ffffffffffffffffffffffffff3f000000000000000000000000000000000000",
    "0000000000000000000000000000000000000000000000000000000000000080",
    "5555555555555555555555555555555555555555555555555555555555555555",
    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
    /* points of small order (Wycheproof / RFC 7748 section 7 lists) */
    "e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800",
    "5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157",
  };
  unsigned char k[32], u[32], a[32], b[32];
  uint32_t ma, mb;
  size_t i, j;
  int t;

  for (i = 0; i < KC_DIM (edges); i++)
    for (j = 0; j < KC_DIM (edges); j++)
      {
        unhex32 (k, edges[i]);
        unhex32 (u, edges[j]);
        _kc_hwf_set_mask (need);
        ma = _kc_x25519 (a, k, u);
        _kc_hwf_set_mask (0);
        mb = _kc_x25519 (b, k, u);
        _kc_hwf_set_mask (~0u);
        CHECK (ma == mb && !memcmp (a, b, 32), "%s and portable ladders "
               "differ: k %s, u %s", name, edges[i], edges[j]);
      }
  for (t = 0; t < 500; t++)
    {
      t_randbytes (k, 32);
      if (t % 2)
        t_randbytes (u, 32);
      else
        memcpy (u, a, 32);              /* the last output, chained */
      if (t % 5 == 1)
        memset (u + 16, 0xff, 16);      /* high limbs at their maximum */
      _kc_hwf_set_mask (need);
      ma = _kc_x25519 (a, k, u);
      _kc_hwf_set_mask (0);
      mb = _kc_x25519 (b, k, u);
      _kc_hwf_set_mask (~0u);
      CHECK (ma == mb && !memcmp (a, b, 32), "%s and portable ladders "
             "differ (random case %d)", name, t);
    }
  /* the fixed-base ladders (u = 9, its product by shifts) on both paths
   * against the variable-base one */
  memset (u, 0, 32);
  u[0] = 9;
  for (t = 0; t < 100 + (int) KC_DIM (edges); t++)
    {
      unsigned char c[32];
      if (t < (int) KC_DIM (edges))
        unhex32 (k, edges[t]);
      else
        t_randbytes (k, 32);
      _kc_hwf_set_mask (need);
      _kc_x25519 (a, k, u);
      _kc_x25519_base_ladder (b, k);
      _kc_hwf_set_mask (0);
      _kc_x25519_base_ladder (c, k);
      _kc_hwf_set_mask (~0u);
      CHECK (!memcmp (a, b, 32) && !memcmp (a, c, 32), "%s fixed-base "
             "ladder differs from X25519 (k, 9) (case %d)", name, t);
      /* and the comb (key generation) */
      _kc_x25519_base (c, k);
      CHECK (!memcmp (a, c, 32), "the comb differs from X25519 (k, 9) on "
             "the %s ladder (case %d)", name, t);
    }
}

/* every kernel row of x25519.c's table that this CPU (and
 * KCRYPT_HWF_MASK) allows, against the portable one */
/* Key generation by the Ed25519 comb against the portable ladder's
 * X25519 (k, 9): scalars that clamp to the extremes (every bit the clamp
 * leaves free clear, or set; one bit at a time) and random ones. */
static void
test_comb_keygen (void)
{
  unsigned char k[32], u[32], a[32], b[32];
  uint32_t ma, mb;
  int t;

  memset (u, 0, 32);
  u[0] = 9;
  for (t = 0; t < 1300; t++)
    {
      if (t < 2)
        memset (k, t ? 0xff : 0, 32);
      else if (t < 2 + 256)
        {
          memset (k, 0, 32);
          k[(t - 2) / 8] = (unsigned char) (1 << ((t - 2) % 8));
        }
      else if (t < 2 + 512)
        {
          memset (k, 0xff, 32);
          k[(t - 258) / 8] ^= (unsigned char) (1 << ((t - 258) % 8));
        }
      else
        t_randbytes (k, 32);
      _kc_hwf_set_mask (0);
      ma = _kc_x25519 (a, k, u);
      _kc_hwf_set_mask (~0u);
      mb = _kc_x25519_base (b, k);
      CHECK (ma == mb && !memcmp (a, b, 32), "comb key generation differs "
             "from the portable ladder (case %d)", t);
    }
}

static void
test_paths (void)
{
  extern const struct _kc_kernel_table _kc_x25519_kernels_table;
  const struct _kc_kernel_table *tb = &_kc_x25519_kernels_table;
  unsigned int i;

  for (i = 0; i + 1 < tb->n; i++)
    {
      const struct _kc_kernel_row *r = (const struct _kc_kernel_row *)
        (const void *) ((const char *) tb->rows + (size_t) i * tb->stride);
      if (!_kc_hwf_has (r->need))
        {
          printf ("t-x25519: the %s ladder is not compared (not on this "
                  "CPU, or masked)\n", r->name);
          continue;
        }
      test_path (r->name, r->need);
      if (t_verbose)
        printf ("t-x25519: the %s ladder compared with the portable one\n",
                r->name);
    }
}

#ifdef HAVE_LIBSODIUM
/* libsodium: crypto_scalarmult on random scalars and u (top bit too),
 * crypto_scalarmult_base against our public keys, and a shared value
 * both ways through the KEM API */
static void
test_sodium (void)
{
  int t;
  if (sodium_init () < 0)
    {
      fail ("sodium_init");
      return;
    }
  for (t = 0; t < 200; t++)
    {
      unsigned char k[32], u[32], ours[32], theirs[32], pk[32], sk[32];
      unsigned char spk[32], ssk[32];
      t_randbytes (k, 32);
      t_randbytes (u, 32);
      _kc_x25519 (ours, k, u);
      CHECK (!crypto_scalarmult (theirs, k, u) && !memcmp (ours, theirs, 32),
             "X25519 differs from libsodium's crypto_scalarmult (case %d)", t);
      CHECK_ERR (kc_kem_keypair_seed (KC_KEM_RAW_X25519, pk, 32, sk, 32, k,
                                      32), 0);
      CHECK (!crypto_scalarmult_base (theirs, k) && !memcmp (pk, theirs, 32),
             "public key differs from libsodium's (case %d)", t);
      CHECK (!crypto_box_keypair (spk, ssk), "crypto_box_keypair");
      CHECK_ERR (kc_kem_decap (KC_KEM_RAW_X25519, sk, 32, spk, 32, ours, 32,
                               NULL, 0), 0);
      CHECK (!crypto_scalarmult (theirs, ssk, pk)
             && !memcmp (ours, theirs, 32),
             "shared value differs from libsodium's (case %d)", t);
    }
}
#endif

int
main (int argc, char **argv)
{
  t_init (argc, argv);
  t_seed (7748);
  test_rfc7748 ();
  test_wycheproof ();
  test_kem ();
  test_paths ();
  test_comb_keygen ();
#ifdef HAVE_OPENSSL
  test_openssl ();
#else
  printf ("t-x25519: OpenSSL comparison skipped (built without OpenSSL)\n");
#endif
#ifdef HAVE_LIBSODIUM
  test_sodium ();
#else
  printf ("t-x25519: libsodium comparison skipped (built without it)\n");
#endif
  t_rerun_portable (argv);        /* every vector on the portable path */
  return t_done ("t-x25519");
}
