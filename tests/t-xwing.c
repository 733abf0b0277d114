/* t-xwing.c - X-Wing (draft-connolly-cfrg-xwing-kem) and TLS's
 * X25519MLKEM768: the draft's three vectors (data/xwing, read at run
 * time), the same key material through X25519MLKEM768 (its ciphertext is
 * X-Wing's byte for byte, its shared value the two parts whose SHA3-256
 * combination is the draft's), and random keys against a composition
 * done here: SHAKE256, SHA3-256 and X25519 by OpenSSL, ML-KEM-768 through
 * its own KEM of the public API.  Small-order X25519 halves (X-Wing takes
 * the zero value, as the draft says), tampered ciphertexts, and the
 * argument rules (outputs untouched or zeroed as kc_kem(3) says).
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <config.h>
#include <kcrypt.h>
#include "t-common.h"
#ifdef HAVE_OPENSSL
# include <openssl/evp.h>
#endif

#define PK KC_KEM_XWING_PUBKEY_LEN
#define SK KC_KEM_XWING_SECKEY_LEN
#define CT KC_KEM_XWING_ENCAPS_LEN
#define SS KC_KEM_XWING_SHARED_LEN
#define PKM KC_KEM_MLKEM768_PUBKEY_LEN
#define SKM KC_KEM_MLKEM768_SECKEY_LEN
#define CTM KC_KEM_MLKEM768_ENCAPS_LEN

static const char vectors_sha256[] =
  "409efe197550b22985b4a0419418a0c5f2c2b193426c55bd998399ec8d3e614d";

static int
all_equal (const unsigned char *p, size_t n, unsigned char v)
{
  size_t i;
  for (i = 0; i < n; i++)
    if (p[i] != v)
      return 0;
  return 1;
}

/* The hex string of field NAME in the JSON object that starts at OBJ
 * (the draft's file: one flat object per vector, string values only),
 * decoded into OUT (exactly N bytes), or a failure. */
static void
field (unsigned char *out, size_t n, const char *obj, const char *name)
{
  char key[32];
  const char *p, *end = strchr (obj, '}');
  snprintf (key, sizeof key, "\"%s\": \"", name);
  p = strstr (obj, key);
  if (!p || !end || p > end)
    {
      fail ("xwing vectors: no field %s", name);
      memset (out, 0, n);
      return;
    }
  if (t_unhex (out, n, p + strlen (key)) != (long) n)
    {
      fail ("xwing vectors: field %s is not %zu bytes of hex", name, n);
      memset (out, 0, n);
    }
}

#ifdef HAVE_OPENSSL
static void
ossl_digest (const EVP_MD *md, unsigned char *out, size_t outlen,
             const unsigned char *parts[], const size_t lens[], int nparts)
{
  EVP_MD_CTX *c = EVP_MD_CTX_new ();
  unsigned int l = (unsigned int) outlen;
  int i, ok = c && EVP_DigestInit_ex (c, md, NULL) > 0;
  for (i = 0; ok && i < nparts; i++)
    ok = EVP_DigestUpdate (c, parts[i], lens[i]) > 0;
  if (ok)
    ok = EVP_MD_flags (md) & EVP_MD_FLAG_XOF
         ? EVP_DigestFinalXOF (c, out, outlen) > 0
         : EVP_DigestFinal_ex (c, out, &l) > 0 && l == outlen;
  EVP_MD_CTX_free (c);
  CHECK (ok, "OpenSSL digest");
}

/* OUT = X25519 (SK, U) by OpenSSL; 0 when OpenSSL refuses (all zero) */
static int
ossl_x25519 (unsigned char out[32], const unsigned char sk[32],
             const unsigned char u[32])
{
  EVP_PKEY *priv = EVP_PKEY_new_raw_private_key (EVP_PKEY_X25519, NULL, sk, 32);
  EVP_PKEY *pub = EVP_PKEY_new_raw_public_key (EVP_PKEY_X25519, NULL, u, 32);
  EVP_PKEY_CTX *c = priv ? EVP_PKEY_CTX_new (priv, NULL) : NULL;
  size_t len = 32;
  int ok = c && pub && EVP_PKEY_derive_init (c) > 0
           && EVP_PKEY_derive_set_peer (c, pub) > 0
           && EVP_PKEY_derive (c, out, &len) > 0 && len == 32;
  EVP_PKEY_CTX_free (c);
  EVP_PKEY_free (pub);
  EVP_PKEY_free (priv);
  return ok;
}

static void
ossl_x25519_pub (unsigned char pk[32], const unsigned char sk[32])
{
  EVP_PKEY *priv = EVP_PKEY_new_raw_private_key (EVP_PKEY_X25519, NULL, sk, 32);
  size_t len = 32;
  CHECK (priv && EVP_PKEY_get_raw_public_key (priv, pk, &len) > 0
         && len == 32, "OpenSSL X25519 public key");
  EVP_PKEY_free (priv);
}

/* the draft's XWingLabel */
static const unsigned char label[6] = { 0x5c, 0x2e, 0x2f, 0x2f, 0x5e, 0x5c };

/* SS = SHA3-256 (ss_M || ss_X || ct_X || pk_X || label) by OpenSSL */
static void
combine (unsigned char ss[32], const unsigned char ss_m[32],
         const unsigned char ss_x[32], const unsigned char ct_x[32],
         const unsigned char pk_x[32])
{
  const unsigned char *p[5] = { ss_m, ss_x, ct_x, pk_x, label };
  const size_t l[5] = { 32, 32, 32, 32, sizeof label };
  ossl_digest (EVP_sha3_256 (), ss, 32, p, l, 5);
}

/* The X-Wing key of SEED, expanded here: SHAKE256 (seed, 96) by OpenSSL,
 * the ML-KEM-768 pair of its first 64 bytes by that KEM's own row, the
 * X25519 pair of the rest by OpenSSL */
static void
expand (const unsigned char seed[32], unsigned char pk_m[PKM],
        unsigned char sk_m[SKM], unsigned char sk_x[32],
        unsigned char pk_x[32])
{
  unsigned char e[96];
  const unsigned char *p[1] = { seed };
  const size_t l[1] = { 32 };
  ossl_digest (EVP_shake256 (), e, sizeof e, p, l, 1);
  CHECK_ERR (kc_kem_keypair_seed (KC_KEM_MLKEM768, pk_m, PKM, sk_m, SKM,
                                  e, 64), 0);
  memcpy (sk_x, e + 64, 32);
  ossl_x25519_pub (pk_x, sk_x);
}

/* What X-Wing's decapsulation of CT under SEED must give, composed here
 * (an X25519 value OpenSSL refuses is the 32 zero bytes it stands for) */
static void
compose (unsigned char ss[32], const unsigned char seed[32],
         const unsigned char ct[CT])
{
  unsigned char pk_m[PKM], sk_m[SKM], sk_x[32], pk_x[32], ss_m[32], ss_x[32];
  expand (seed, pk_m, sk_m, sk_x, pk_x);
  CHECK_ERR (kc_kem_decap (KC_KEM_MLKEM768, sk_m, SKM, ct, CTM, ss_m, 32,
                           NULL, 0), 0);
  if (!ossl_x25519 (ss_x, sk_x, ct + CTM))
    memset (ss_x, 0, 32);
  combine (ss, ss_m, ss_x, ct + CTM, pk_x);
}
#endif

/* The draft's vectors: the key pair from seed, EncapsulateDerand with
 * eseed through OPTIONAL, Decapsulate; and X25519MLKEM768 on the same
 * public key and eseed */
static void
test_vectors (void)
{
  const char *path = t_datafile ("xwing/test-vectors.json");
  static char text[32768];
  unsigned char seed[32], eseed[64], ss[32], sk[32], pk[PK], ct[CT];
  unsigned char gpk[PK], gsk[SK], gct[CT], gss[64], sum[32];
  char hex[65];
  const char *obj;
  size_t len, i;
  int n = 0;
  FILE *fp = fopen (path, "rb");

  if (!fp)
    {
      fail ("cannot open %s", path);
      return;
    }
  len = fread (text, 1, sizeof text - 1, fp);
  fclose (fp);
  text[len] = 0;
  CHECK_ERR (kc_md_hash_buffer (KC_MD_SHA256, sum, 32, text, len), 0);
  for (i = 0; i < 32; i++)
    snprintf (hex + 2 * i, 3, "%02x", sum[i]);
  CHECK (!strcmp (hex, vectors_sha256), "%s: SHA-256 %s, not the one "
         "README.provenance gives", path, hex);

  for (obj = strchr (text, '{'); obj; obj = strchr (obj + 1, '{'), n++)
    {
      field (seed, 32, obj, "seed");
      field (eseed, 64, obj, "eseed");
      field (ss, 32, obj, "ss");
      field (sk, 32, obj, "sk");
      field (pk, PK, obj, "pk");
      field (ct, CT, obj, "ct");

      CHECK_ERR (kc_kem_keypair_seed (KC_KEM_XWING, gpk, PK, gsk, SK,
                                      seed, 32), 0);
      CHECK (!memcmp (gpk, pk, PK), "xwing vector %d: pk", n);
      CHECK (!memcmp (gsk, sk, SK), "xwing vector %d: sk", n);
      CHECK_ERR (kc_kem_encap (KC_KEM_XWING, pk, PK, gct, CT, gss, SS,
                               eseed, 64), 0);
      CHECK (!memcmp (gct, ct, CT), "xwing vector %d: ct", n);
      CHECK (!memcmp (gss, ss, SS), "xwing vector %d: ss (encap)", n);
      memset (gss, 0, sizeof gss);
      CHECK_ERR (kc_kem_decap (KC_KEM_XWING, sk, SK, ct, CT, gss, SS,
                               NULL, 0), 0);
      CHECK (!memcmp (gss, ss, SS), "xwing vector %d: ss (decap)", n);

      /* X25519MLKEM768 has X-Wing's layout and randomness: the same
       * ciphertext; its shared value is ss_M || ss_X, which X-Wing's
       * combiner (here OpenSSL's SHA3-256) must turn into the draft's ss */
      CHECK_ERR (kc_kem_encap (KC_KEM_X25519MLKEM768, pk, PK, gct, CT, gss,
                               64, eseed, 64), 0);
      CHECK (!memcmp (gct, ct, CT), "X25519MLKEM768 on xwing vector %d: "
             "ct", n);
#ifdef HAVE_OPENSSL
      {
        unsigned char want[32], ssm[32], ctm[CTM];
        combine (want, gss, gss + 32, ct + CTM, pk + PKM);
        CHECK (!memcmp (want, ss, 32), "X25519MLKEM768 on xwing vector %d:"
               " its halves do not make the draft's ss", n);
        /* and the halves are the parts' own */
        CHECK_ERR (kc_kem_encap (KC_KEM_MLKEM768, pk, PKM, ctm, CTM, ssm,
                                 32, eseed, 32), 0);
        CHECK (!memcmp (ssm, gss, 32) && !memcmp (ctm, ct, CTM),
               "X25519MLKEM768 on xwing vector %d: ML-KEM half", n);
        CHECK (ossl_x25519 (want, eseed + 32, pk + PKM)
               && !memcmp (want, gss + 32, 32),
               "X25519MLKEM768 on xwing vector %d: X25519 half", n);
      }
#endif
    }
  CHECK (n == 3, "xwing vectors: %d, not 3", n);
}

/* Random keys: round trips, each against the composition; the key pair
 * of kc_kem_keypair is the one its seed gives */
static void
test_round_trips (int rounds)
{
  unsigned char pk[PK], sk[SK], ct[CT], ss[SS], ss2[SS];
  unsigned char pk2[PK], sk2[SK];
  int i;

  for (i = 0; i < rounds; i++)
    {
      CHECK_ERR (kc_kem_keypair (KC_KEM_XWING, pk, PK, sk, SK), 0);
      CHECK_ERR (kc_kem_keypair_seed (KC_KEM_XWING, pk2, PK, sk2, SK, sk,
                                      SK), 0);
      CHECK (!memcmp (pk, pk2, PK) && !memcmp (sk, sk2, SK),
             "xwing: keypair is not keypair_seed of its seed (%d)", i);
      CHECK_ERR (kc_kem_encap (KC_KEM_XWING, pk, PK, ct, CT, ss, SS,
                               NULL, 0), 0);
      CHECK_ERR (kc_kem_decap (KC_KEM_XWING, sk, SK, ct, CT, ss2, SS,
                               NULL, 0), 0);
      CHECK (!memcmp (ss, ss2, SS), "xwing: round trip %d", i);
#ifdef HAVE_OPENSSL
      {
        unsigned char want[32], pk_m[PKM], sk_m[SKM], sk_x[32], pk_x[32];
        expand (sk, pk_m, sk_m, sk_x, pk_x);
        CHECK (!memcmp (pk, pk_m, PKM) && !memcmp (pk + PKM, pk_x, 32),
               "xwing: public key is not the expanded seed's (%d)", i);
        compose (want, sk, ct);
        CHECK (!memcmp (want, ss, SS), "xwing: composition %d", i);
      }
#endif
    }
}

/* A changed byte in either half: still a key, another one, and still
 * the composition's (ML-KEM's implicit rejection, another X25519 value) */
static void
test_tampered (int rounds)
{
  unsigned char pk[PK], sk[SK], ct[CT], bad[CT], ss[SS], ss2[SS];
  int i;

  CHECK_ERR (kc_kem_keypair (KC_KEM_XWING, pk, PK, sk, SK), 0);
  CHECK_ERR (kc_kem_encap (KC_KEM_XWING, pk, PK, ct, CT, ss, SS, NULL, 0),
             0);
  for (i = 0; i < rounds; i++)
    {
      size_t at = i & 1 ? CTM + t_rand64 () % 31 : t_rand64 () % CTM;
      memcpy (bad, ct, CT);
      bad[at] ^= (unsigned char) (1u << (t_rand64 () % 7));
      CHECK_ERR (kc_kem_decap (KC_KEM_XWING, sk, SK, bad, CT, ss2, SS,
                               NULL, 0), 0);
      CHECK (memcmp (ss, ss2, SS), "xwing: tampered byte %zu kept the key",
             at);
#ifdef HAVE_OPENSSL
      {
        unsigned char want[32];
        compose (want, sk, bad);
        CHECK (!memcmp (want, ss2, SS), "xwing: tampered byte %zu: not "
               "the composition", at);
      }
#endif
    }
}

/* u = 0 and u = 1 have small order (X25519 gives zero).  The draft makes
 * no check: decapsulation of such a ct_X and encapsulation to such a
 * pk_X succeed, with ss_X = 0 in the combiner. */
static void
test_small_order (void)
{
  unsigned char pk[PK], sk[SK], ct[CT], ss[SS], eseed[64];
  int u;

  CHECK_ERR (kc_kem_keypair (KC_KEM_XWING, pk, PK, sk, SK), 0);
  CHECK_ERR (kc_kem_encap (KC_KEM_XWING, pk, PK, ct, CT, ss, SS, NULL, 0),
             0);
  t_randbytes (eseed, sizeof eseed);
  for (u = 0; u < 2; u++)
    {
      memset (ct + CTM, 0, 32);
      ct[CTM] = (unsigned char) u;
      CHECK_ERR (kc_kem_decap (KC_KEM_XWING, sk, SK, ct, CT, ss, SS,
                               NULL, 0), 0);
#ifdef HAVE_OPENSSL
      {
        unsigned char want[32];
        compose (want, sk, ct);
        CHECK (!memcmp (want, ss, SS), "xwing: decap u=%d: not the "
               "composition with ss_X = 0", u);
      }
#endif
      memset (pk + PKM, 0, 32);
      pk[PKM] = (unsigned char) u;
      CHECK_ERR (kc_kem_encap (KC_KEM_XWING, pk, PK, ct, CT, ss, SS,
                               eseed, 64), 0);
#ifdef HAVE_OPENSSL
      {
        unsigned char want[32], ssm[32], ctm[CTM], ctx[32], zero[32];
        memset (zero, 0, 32);
        CHECK_ERR (kc_kem_encap (KC_KEM_MLKEM768, pk, PKM, ctm, CTM, ssm,
                                 32, eseed, 32), 0);
        ossl_x25519_pub (ctx, eseed + 32);
        CHECK (!memcmp (ct, ctm, CTM) && !memcmp (ct + CTM, ctx, 32),
               "xwing: encap u=%d: ciphertext", u);
        combine (want, ssm, zero, ctx, pk + PKM);
        CHECK (!memcmp (want, ss, SS), "xwing: encap u=%d: not the "
               "composition with ss_X = 0", u);
      }
#endif
    }
}

/* X25519MLKEM768's checks (TLS 1.3 refuses the all-zero X25519 value)
 * and X-Wing's ML-KEM public key check; nothing written */
static void
test_refused (void)
{
  unsigned char pk[PK], sk[KC_KEM_X25519MLKEM768_SECKEY_LEN], ct[CT];
  unsigned char ss[64];
  int u;

  CHECK_ERR (kc_kem_keypair (KC_KEM_X25519MLKEM768, pk, PK, sk, sizeof sk),
             0);
  CHECK_ERR (kc_kem_encap (KC_KEM_X25519MLKEM768, pk, PK, ct, CT, ss, 64,
                           NULL, 0), 0);
  for (u = 0; u < 2; u++)
    {
      unsigned char bad[CT], badpk[PK];
      memcpy (bad, ct, CT);
      memset (bad + CTM, 0, 32);
      bad[CTM] = (unsigned char) u;
      memset (ss, 0xa5, sizeof ss);
      CHECK_ERR (kc_kem_decap (KC_KEM_X25519MLKEM768, sk, sizeof sk, bad, CT,
                               ss, 64, NULL, 0), GPG_ERR_INV_DATA);
      CHECK (all_equal (ss, 64, 0xa5), "X25519MLKEM768: decap u=%d wrote", u);
      memcpy (badpk, pk, PK);
      memset (badpk + PKM, 0, 32);
      badpk[PKM] = (unsigned char) u;
      memset (bad, 0x5a, CT);
      CHECK_ERR (kc_kem_encap (KC_KEM_X25519MLKEM768, badpk, PK, bad, CT, ss,
                               64, NULL, 0), GPG_ERR_INV_DATA);
      CHECK (all_equal (ss, 64, 0xa5) && all_equal (bad, CT, 0x5a),
             "X25519MLKEM768: encap u=%d wrote", u);
    }

  /* a coefficient >= q in the ML-KEM half: GPG_ERR_BAD_PUBKEY, for both */
  pk[0] = 0xff;
  pk[1] |= 0x0f;
  memset (ct, 0x5a, CT);
  memset (ss, 0xa5, sizeof ss);
  CHECK_ERR (kc_kem_encap (KC_KEM_XWING, pk, PK, ct, CT, ss, SS, NULL, 0),
             GPG_ERR_BAD_PUBKEY);
  CHECK_ERR (kc_kem_encap (KC_KEM_X25519MLKEM768, pk, PK, ct, CT, ss, 64,
                           NULL, 0), GPG_ERR_BAD_PUBKEY);
  CHECK (all_equal (ss, 64, 0xa5) && all_equal (ct, CT, 0x5a),
         "bad ML-KEM public key: written");
}

/* The argument rules: wrong lengths GPG_ERR_INV_ARG (outputs of the right
 * length zeroed), OPTIONAL of another length GPG_ERR_INV_VALUE */
static void
test_arguments (void)
{
  unsigned char pk[PK + 1], sk[SK + 1], ct[CT + 1], ss[SS + 1], opt[65];

  memset (opt, 7, sizeof opt);
  CHECK_ERR (kc_kem_keypair (KC_KEM_XWING, pk, PK, sk, SK - 1),
             GPG_ERR_INV_ARG);
  CHECK_ERR (kc_kem_keypair (KC_KEM_XWING, pk, PK, sk, 2400),
             GPG_ERR_INV_ARG);
  memset (sk, 0x33, sizeof sk);
  CHECK_ERR (kc_kem_keypair_seed (KC_KEM_XWING, pk, PK, sk, SK, opt, 64),
             GPG_ERR_INV_ARG);
  CHECK (all_equal (pk, PK, 0) && all_equal (sk, SK, 0),
         "xwing: keypair_seed, bad seed length: outputs not zeroed");
  CHECK_ERR (kc_kem_keypair_seed (KC_KEM_XWING, pk, PK, sk, SK, opt, 31),
             GPG_ERR_INV_ARG);
  CHECK_ERR (kc_kem_keypair_seed (KC_KEM_XWING, pk, PK, sk, SK, opt, 32), 0);
  CHECK_ERR (kc_kem_encap (KC_KEM_XWING, pk, PK, ct, CT, ss, SS, opt, 63),
             GPG_ERR_INV_VALUE);
  CHECK (all_equal (ct, CT, 0) && all_equal (ss, SS, 0),
         "xwing: encap, bad optional: outputs not zeroed");
  CHECK_ERR (kc_kem_encap (KC_KEM_XWING, pk, PK, ct, CT, ss, SS, opt, 32),
             GPG_ERR_INV_VALUE);
  CHECK_ERR (kc_kem_encap (KC_KEM_XWING, pk, PK, ct, CT, ss, SS, NULL, 64),
             GPG_ERR_INV_VALUE);
  CHECK_ERR (kc_kem_encap (KC_KEM_XWING, pk, PK - 1, ct, CT, ss, SS,
                           NULL, 0), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_kem_encap (KC_KEM_XWING, pk, PK, ct, CT, ss, SS + 1,
                           NULL, 0), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_kem_encap (KC_KEM_XWING, pk, PK, ct, CT, ss, SS, opt, 64),
             0);
  CHECK_ERR (kc_kem_decap (KC_KEM_XWING, sk, SK, ct, CT, ss, SS, opt, 64),
             GPG_ERR_INV_VALUE);
  CHECK_ERR (kc_kem_decap (KC_KEM_XWING, sk, SK + 1, ct, CT, ss, SS,
                           NULL, 0), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_kem_decap (KC_KEM_XWING, sk, SK, ct, CT - 1, ss, SS,
                           NULL, 0), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_kem_decap (KC_KEM_XWING, sk, SK, ct, CT, ss, SS, NULL, 0),
             0);
  /* X25519MLKEM768: a 64-byte seed, a 64-byte OPTIONAL */
  {
    unsigned char hsk[KC_KEM_X25519MLKEM768_SECKEY_LEN], hss[64];
    CHECK_ERR (kc_kem_keypair_seed (KC_KEM_X25519MLKEM768, pk, PK, hsk,
                                    sizeof hsk, opt, 32), GPG_ERR_INV_ARG);
    CHECK_ERR (kc_kem_keypair_seed (KC_KEM_X25519MLKEM768, pk, PK, hsk,
                                    sizeof hsk, opt, 64), 0);
    CHECK_ERR (kc_kem_encap (KC_KEM_X25519MLKEM768, pk, PK, ct, CT, hss, 64,
                             opt, 32), GPG_ERR_INV_VALUE);
    CHECK_ERR (kc_kem_encap (KC_KEM_X25519MLKEM768, pk, PK, ct, CT, hss, 32,
                             NULL, 0), GPG_ERR_INV_ARG);
  }
}

int
main (int argc, char **argv)
{
  t_init (argc, argv);
  t_seed (0x7877696e670a0001ULL);
  test_vectors ();
  test_round_trips (t_quick () ? 4 : 20);
  test_tampered (t_quick () ? 6 : 30);
  test_small_order ();
  test_refused ();
  test_arguments ();
#ifndef HAVE_OPENSSL
  printf ("t-xwing: no OpenSSL: the composition checks were left out\n");
#endif
  t_rerun_portable (argv);
  return t_done ("t-xwing");
}
