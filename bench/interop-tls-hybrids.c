/* interop-tls-hybrids.c - TLS 1.3's hybrid groups X25519MLKEM768 (0x11EC)
 * and SecP256r1MLKEM768 (0x11EB) of this library against OpenSSL 3.5 or
 * later (its EVP_PKEY KEMs of the same names), built outside this tree.
 * Not a test: configure builds it only with --with-openssl35-peer=DIR,
 * and nothing runs it but a person (README of bench/, doc/HACKING).
 *
 *   usage: interop-tls-hybrids [CASES]   (default 300 per group)
 *
 * For each group and case, with fresh keys and randomness on both sides:
 *   A  our key pair; OpenSSL imports the public key (the client's
 *      key_share) and encapsulates; we decapsulate its ciphertext (the
 *      server's key_share): the same 64-byte secret;
 *   B  OpenSSL's key pair; we encapsulate to its encoded public key and
 *      OpenSSL decapsulates: the same secret;
 *   C  OpenSSL imports our secret key (its private key encoding, the
 *      parts' keys in the group's order) and decapsulates A's ciphertext;
 *   D  we decapsulate B's ciphertext with OpenSSL's exported private key.
 * (C and D need OpenSSL to take and give the classical secret as octets:
 * it does for X25519, not for P-256, whose private key it handles as a
 * BIGNUM only; they are then left out, and said so.)
 * Then refusals: a ciphertext whose classical half is not a valid share
 * (SecP256r1MLKEM768: a point off the curve; X25519MLKEM768: the
 * small-order u = 0, an all-zero X25519 value) must fail on our side
 * (counted as a disagreement otherwise); OpenSSL's answer is counted.
 * Prints one line per group and exits 0 if every case agreed byte for
 * byte, 1 otherwise.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <config.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/opensslv.h>
#include <openssl/evp.h>
#include <openssl/core_names.h>
#include <openssl/params.h>
#include <openssl/err.h>
#include <kcrypt.h>

#if OPENSSL_VERSION_NUMBER < 0x30500000L
# error "interop-tls-hybrids needs OpenSSL 3.5 or later"
#endif

#define MAXPK 1249
#define MAXSK 2432
#define MAXCT 1153

struct group
{
  const char *name;             /* OpenSSL's name, TLS's group name */
  int algo;
  size_t pk, sk, ct, ss;
  size_t ec_ct_at, ec_ct_len;   /* the classical half of the ciphertext */
};

static const struct group groups[] = {
  { "X25519MLKEM768", KC_KEM_X25519MLKEM768,
    KC_KEM_X25519MLKEM768_PUBKEY_LEN, KC_KEM_X25519MLKEM768_SECKEY_LEN,
    KC_KEM_X25519MLKEM768_ENCAPS_LEN, KC_KEM_X25519MLKEM768_SHARED_LEN,
    KC_KEM_MLKEM768_ENCAPS_LEN, 32 },
  { "SecP256r1MLKEM768", KC_KEM_SECP256R1MLKEM768,
    KC_KEM_SECP256R1MLKEM768_PUBKEY_LEN, KC_KEM_SECP256R1MLKEM768_SECKEY_LEN,
    KC_KEM_SECP256R1MLKEM768_ENCAPS_LEN, KC_KEM_SECP256R1MLKEM768_SHARED_LEN,
    0, 65 },
};

static void
ossl_fail (const char *what)
{
  fprintf (stderr, "interop: OpenSSL: %s\n", what);
  ERR_print_errors_fp (stderr);
}

/* A key of group G from its encoding: PARAM (OSSL_PKEY_PARAM_PUB_KEY or
 * _PRIV_KEY) = BUF */
static EVP_PKEY *
ossl_import (const struct group *g, int selection, const char *param,
             const unsigned char *buf, size_t len)
{
  EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_name (NULL, g->name, NULL);
  EVP_PKEY *k = NULL;
  OSSL_PARAM p[2];
  p[0] = OSSL_PARAM_construct_octet_string (param, (void *) buf, len);
  p[1] = OSSL_PARAM_construct_end ();
  if (!c || EVP_PKEY_fromdata_init (c) <= 0
      || EVP_PKEY_fromdata (c, &k, selection, p) <= 0)
    k = NULL;
  EVP_PKEY_CTX_free (c);
  return k;
}

static EVP_PKEY *
ossl_keygen (const struct group *g)
{
  EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_name (NULL, g->name, NULL);
  EVP_PKEY *k = NULL;
  if (!c || EVP_PKEY_keygen_init (c) <= 0 || EVP_PKEY_keygen (c, &k) <= 0)
    k = NULL;
  EVP_PKEY_CTX_free (c);
  return k;
}

/* OUT (exactly LEN bytes) = the octet-string parameter NAME of K */
static int
ossl_get (EVP_PKEY *k, const char *name, unsigned char *out, size_t len)
{
  size_t got = 0;
  return EVP_PKEY_get_octet_string_param (k, name, out, len, &got) > 0
         && got == len;
}

static int
ossl_encap (const struct group *g, EVP_PKEY *k, unsigned char *ct,
            unsigned char *ss)
{
  EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_pkey (NULL, k, NULL);
  size_t ctlen = g->ct, sslen = g->ss;
  int ok = c && EVP_PKEY_encapsulate_init (c, NULL) > 0
           && EVP_PKEY_encapsulate (c, ct, &ctlen, ss, &sslen) > 0
           && ctlen == g->ct && sslen == g->ss;
  EVP_PKEY_CTX_free (c);
  return ok;
}

static int
ossl_decap (const struct group *g, EVP_PKEY *k, const unsigned char *ct,
            unsigned char *ss)
{
  EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_pkey (NULL, k, NULL);
  size_t sslen = g->ss;
  int ok = c && EVP_PKEY_decapsulate_init (c, NULL) > 0
           && EVP_PKEY_decapsulate (c, ss, &sslen, ct, g->ct) > 0
           && sslen == g->ss;
  EVP_PKEY_CTX_free (c);
  return ok;
}

/* Make the classical half of the ciphertext CT invalid: a P-256 point
 * off the curve (y changed), or X25519's small-order u = 0 */
static void
invalidate (const struct group *g, unsigned char *ct)
{
  if (g->ec_ct_len == 65)
    ct[g->ec_ct_at + 64] ^= 1;
  else
    memset (ct + g->ec_ct_at, 0, 32);
}

struct tally { int a, b, c, d, refused_ours, refused_theirs, n, skipped_c,
               skipped_d; };

static int
run_group (const struct group *g, int cases, struct tally *t)
{
  unsigned char pk[MAXPK], sk[MAXSK], ct[MAXCT], bad[MAXCT];
  unsigned char ss1[64], ss2[64], ss3[64];
  int i, bad_cases = 0;

  memset (t, 0, sizeof *t);
  for (i = 0; i < cases; i++)
    {
      EVP_PKEY *theirs = NULL, *ours_pub = NULL, *ours_priv = NULL;
      unsigned char tpk[MAXPK], tsk[MAXSK], tct[MAXCT];
      gpg_error_t err;

      t->n++;
      /* A: our key pair, OpenSSL encapsulates, we decapsulate */
      if (kc_kem_keypair (g->algo, pk, g->pk, sk, g->sk))
        {
          fprintf (stderr, "%s: kc_kem_keypair failed\n", g->name);
          return -1;
        }
      ours_pub = ossl_import (g, EVP_PKEY_PUBLIC_KEY,
                              OSSL_PKEY_PARAM_PUB_KEY, pk, g->pk);
      if (!ours_pub)
        {
          ossl_fail ("import of our public key");
          return -1;
        }
      if (!ossl_encap (g, ours_pub, ct, ss1))
        {
          ossl_fail ("encapsulate");
          return -1;
        }
      err = kc_kem_decap (g->algo, sk, g->sk, ct, g->ct, ss2, g->ss, NULL, 0);
      if (!err && !memcmp (ss1, ss2, g->ss))
        t->a++;
      else
        fprintf (stderr, "%s case %d: A differs (%s)\n", g->name, i,
                 gpg_strerror (err));

      /* C: OpenSSL decapsulates the same ciphertext with our secret key */
      ours_priv = ossl_import (g, EVP_PKEY_KEYPAIR, OSSL_PKEY_PARAM_PRIV_KEY,
                               sk, g->sk);
      if (!ours_priv)
        {
          if (!t->skipped_c++)
            fprintf (stderr, "%s: OpenSSL does not import this secret key "
                     "encoding (C skipped)\n", g->name);
          ERR_clear_error ();
        }
      else if (ossl_decap (g, ours_priv, ct, ss3) && !memcmp (ss1, ss3, g->ss))
        t->c++;
      else
        fprintf (stderr, "%s case %d: C differs\n", g->name, i);

      /* B: OpenSSL's key pair, we encapsulate, OpenSSL decapsulates */
      theirs = ossl_keygen (g);
      if (!theirs || !ossl_get (theirs, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY,
                                tpk, g->pk))
        {
          ossl_fail ("keygen / encoded public key");
          return -1;
        }
      err = kc_kem_encap (g->algo, tpk, g->pk, tct, g->ct, ss1, g->ss,
                          NULL, 0);
      if (!err && ossl_decap (g, theirs, tct, ss2)
          && !memcmp (ss1, ss2, g->ss))
        t->b++;
      else
        fprintf (stderr, "%s case %d: B differs (%s)\n", g->name, i,
                 gpg_strerror (err));

      /* D: we decapsulate with OpenSSL's private key */
      if (!ossl_get (theirs, OSSL_PKEY_PARAM_PRIV_KEY, tsk, g->sk))
        {
          if (!t->skipped_d++)
            fprintf (stderr, "%s: OpenSSL does not export its private key "
                     "encoding (D skipped)\n", g->name);
          ERR_clear_error ();
        }
      else if (!kc_kem_decap (g->algo, tsk, g->sk, tct, g->ct, ss3, g->ss,
                              NULL, 0)
               && !memcmp (ss1, ss3, g->ss))
        t->d++;
      else
        fprintf (stderr, "%s case %d: D differs\n", g->name, i);

      /* refusals: the classical half of A's ciphertext made invalid, for
       * us; of B's, for OpenSSL */
      memcpy (bad, ct, g->ct);
      invalidate (g, bad);
      if (kc_kem_decap (g->algo, sk, g->sk, bad, g->ct, ss2, g->ss, NULL, 0))
        t->refused_ours++;
      memcpy (bad, tct, g->ct);
      invalidate (g, bad);
      if (!ossl_decap (g, theirs, bad, ss3))
        t->refused_theirs++;
      ERR_clear_error ();

      EVP_PKEY_free (theirs);
      EVP_PKEY_free (ours_pub);
      EVP_PKEY_free (ours_priv);
    }
  bad_cases = (t->n - t->a) + (t->n - t->b) + (t->n - t->skipped_c - t->c)
              + (t->n - t->skipped_d - t->d) + (t->n - t->refused_ours);
  return bad_cases;
}

int
main (int argc, char **argv)
{
  int cases = argc > 1 ? atoi (argv[1]) : 300;
  int rc = 0;
  size_t i;

  if (cases <= 0)
    {
      fprintf (stderr, "usage: %s [CASES]\n", argv[0]);
      return 2;
    }
  printf ("interop-tls-hybrids: libkcrypt %s against %s, %d cases a group\n",
          kc_check_version (NULL), OpenSSL_version (OPENSSL_VERSION), cases);
  for (i = 0; i < sizeof groups / sizeof groups[0]; i++)
    {
      struct tally t;
      int bad = run_group (&groups[i], cases, &t);
      if (bad < 0)
        {
          printf ("%s: could not run (above)\n", groups[i].name);
          rc = 1;
          continue;
        }
      printf ("%s: A (ours decap, OpenSSL encap) %d/%d, "
              "B (ours encap, OpenSSL decap) %d/%d, "
              "C (OpenSSL decap with our secret key) %d/%d, "
              "D (ours decap with OpenSSL's secret key) %d/%d, "
              "invalid classical half refused: ours %d/%d, OpenSSL %d/%d\n",
              groups[i].name, t.a, t.n, t.b, t.n, t.c, t.n - t.skipped_c,
              t.d, t.n - t.skipped_d, t.refused_ours, t.n, t.refused_theirs,
              t.n);
      if (bad)
        rc = 1;
    }
  return rc;
}
