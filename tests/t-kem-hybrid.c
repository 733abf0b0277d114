/* t-kem-hybrid.c - the SSH hybrids sntrup761x25519-sha512 and
 * mlkem768x25519-sha256 and TLS's X25519MLKEM768 against a composition of
 * their parts done here: the post-quantum half through the public API of
 * its own algorithm, the X25519 half and the hash through OpenSSL.  Also
 * tampered ciphertexts (implicit rejection, still equal to the
 * composition), small-order X25519 halves (GPG_ERR_INV_DATA, nothing
 * written), the ML-KEM half's modulus and hash checks, the ML-KEM
 * hybrids' seeded key pairs (d || z, and the X25519 secret SHAKE256
 * ("libkcrypt hybrid X25519" || d || z)) and fixed encapsulation
 * randomness (m || e), and the argument rules.
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

#define MAXPK 1216
#define MAXSK 2432
#define MAXCT 1120

struct hybrid
{
  const char *name;
  int algo, pq;
  int md;                           /* the combiner's hash; 0: none */
  size_t pk, sk, ct, ss;            /* the hybrid's lengths */
  size_t pq_pk, pq_sk, pq_ct;       /* its post-quantum part's */
};

static const struct hybrid hybrids[] = {
  { "sntrup761x25519-sha512", KC_KEM_SNTRUP761X25519_SHA512, KC_KEM_SNTRUP761,
    KC_MD_SHA512,
    KC_KEM_SNTRUP761X25519_SHA512_PUBKEY_LEN,
    KC_KEM_SNTRUP761X25519_SHA512_SECKEY_LEN,
    KC_KEM_SNTRUP761X25519_SHA512_ENCAPS_LEN,
    KC_KEM_SNTRUP761X25519_SHA512_SHARED_LEN,
    KC_KEM_SNTRUP761_PUBKEY_LEN, KC_KEM_SNTRUP761_SECKEY_LEN,
    KC_KEM_SNTRUP761_ENCAPS_LEN },
  { "mlkem768x25519-sha256", KC_KEM_MLKEM768X25519_SHA256, KC_KEM_MLKEM768,
    KC_MD_SHA256,
    KC_KEM_MLKEM768X25519_SHA256_PUBKEY_LEN,
    KC_KEM_MLKEM768X25519_SHA256_SECKEY_LEN,
    KC_KEM_MLKEM768X25519_SHA256_ENCAPS_LEN,
    KC_KEM_MLKEM768X25519_SHA256_SHARED_LEN,
    KC_KEM_MLKEM768_PUBKEY_LEN, KC_KEM_MLKEM768_SECKEY_LEN,
    KC_KEM_MLKEM768_ENCAPS_LEN },
  { "X25519MLKEM768", KC_KEM_X25519MLKEM768, KC_KEM_MLKEM768, 0,
    KC_KEM_X25519MLKEM768_PUBKEY_LEN,
    KC_KEM_X25519MLKEM768_SECKEY_LEN,
    KC_KEM_X25519MLKEM768_ENCAPS_LEN,
    KC_KEM_X25519MLKEM768_SHARED_LEN,
    KC_KEM_MLKEM768_PUBKEY_LEN, KC_KEM_MLKEM768_SECKEY_LEN,
    KC_KEM_MLKEM768_ENCAPS_LEN },
};

static int
all_equal (const unsigned char *p, size_t n, unsigned char v)
{
  size_t i;
  for (i = 0; i < n; i++)
    if (p[i] != v)
      return 0;
  return 1;
}

#ifdef HAVE_OPENSSL
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

/* PK = X25519 (SK, 9) by OpenSSL */
static int
ossl_x25519_pub (unsigned char pk[32], const unsigned char sk[32])
{
  EVP_PKEY *priv = EVP_PKEY_new_raw_private_key (EVP_PKEY_X25519, NULL, sk, 32);
  size_t len = 32;
  int ok = priv && EVP_PKEY_get_raw_public_key (priv, pk, &len) > 0
           && len == 32;
  EVP_PKEY_free (priv);
  return ok;
}

/* What the hybrid H must give when SK decapsulates CT, composed here:
 * the post-quantum half by its own KEM, X25519 and the hash by OpenSSL.
 * 0 when the X25519 half is all zero. */
static int
compose (const struct hybrid *h, unsigned char *ss, const unsigned char *sk,
         const unsigned char *ct)
{
  unsigned char buf[64];
  unsigned int len = 0;
  CHECK_ERR (kc_kem_decap (h->pq, sk, h->pq_sk, ct, h->pq_ct, buf, 32,
                           NULL, 0), 0);
  if (!ossl_x25519 (buf + 32, sk + h->pq_sk, ct + h->pq_ct))
    return 0;
  if (!h->md)                   /* X25519MLKEM768: no hash */
    {
      memcpy (ss, buf, 64);
      return 1;
    }
  CHECK (EVP_Digest (buf, 64, ss, &len,
                     h->md == KC_MD_SHA512 ? EVP_sha512 () : EVP_sha256 (),
                     NULL) == 1
         && len == h->ss, "%s: EVP_Digest", h->name);
  return 1;
}
#endif

/* Round trips, each checked against the composition; both halves of the
 * key pair are the parts' own (the pq half a working key of its KEM, the
 * X25519 half OpenSSL's public key of its secret). */
static void
test_round_trips (const struct hybrid *h, int rounds)
{
  unsigned char pk[MAXPK], sk[MAXSK], ct[MAXCT], ss[64], ss2[64];
  unsigned char pct[MAXCT], pss[32], pss2[32];
  int i;

  for (i = 0; i < rounds; i++)
    {
      CHECK_ERR (kc_kem_keypair (h->algo, pk, h->pk, sk, h->sk), 0);
      CHECK_ERR (kc_kem_encap (h->algo, pk, h->pk, ct, h->ct, ss, h->ss,
                               NULL, 0), 0);
      CHECK_ERR (kc_kem_decap (h->algo, sk, h->sk, ct, h->ct, ss2, h->ss,
                               NULL, 0), 0);
      CHECK (!memcmp (ss, ss2, h->ss), "%s: round trip %d", h->name, i);
      /* the post-quantum halves form a key pair of the part */
      CHECK_ERR (kc_kem_encap (h->pq, pk, h->pq_pk, pct, h->pq_ct, pss, 32,
                               NULL, 0), 0);
      CHECK_ERR (kc_kem_decap (h->pq, sk, h->pq_sk, pct, h->pq_ct, pss2, 32,
                               NULL, 0), 0);
      CHECK (!memcmp (pss, pss2, 32), "%s: pq halves %d", h->name, i);
#ifdef HAVE_OPENSSL
      {
        unsigned char xpk[32], want[64];
        CHECK (ossl_x25519_pub (xpk, sk + h->pq_sk)
               && !memcmp (xpk, pk + h->pq_pk, 32),
               "%s: X25519 half of the key pair %d", h->name, i);
        CHECK (compose (h, want, sk, ct) && !memcmp (want, ss, h->ss),
               "%s: composition %d", h->name, i);
      }
#endif
    }
}

/* A changed byte in either half: decapsulation still succeeds (implicit
 * rejection for the pq half, another X25519 value for the other), gives
 * another key, and that key is still the composition's. */
static void
test_tampered (const struct hybrid *h, int rounds)
{
  unsigned char pk[MAXPK], sk[MAXSK], ct[MAXCT], ss[64], ss2[64];
  int i;

  CHECK_ERR (kc_kem_keypair (h->algo, pk, h->pk, sk, h->sk), 0);
  CHECK_ERR (kc_kem_encap (h->algo, pk, h->pk, ct, h->ct, ss, h->ss,
                           NULL, 0), 0);
  for (i = 0; i < rounds; i++)
    {
      unsigned char bad[MAXCT];
      size_t at = i & 1 ? h->pq_ct + t_rand64 () % 31   /* X25519 half, */
                        : t_rand64 () % h->pq_ct;       /* not its top bit */
      memcpy (bad, ct, h->ct);
      bad[at] ^= (unsigned char) (1u << (t_rand64 () % 7));
      CHECK_ERR (kc_kem_decap (h->algo, sk, h->sk, bad, h->ct, ss2, h->ss,
                               NULL, 0), 0);
      CHECK (memcmp (ss, ss2, h->ss), "%s: tampered byte %zu kept the key",
             h->name, at);
#ifdef HAVE_OPENSSL
      {
        unsigned char want[64];
        if (compose (h, want, sk, bad))
          CHECK (!memcmp (want, ss2, h->ss),
                 "%s: tampered byte %zu: not the composition", h->name, at);
      }
#endif
    }
}

/* u = 0 and u = 1 have small order: X25519 gives zero.  Decapsulation of
 * such a ciphertext half and encapsulation to such a public key half fail
 * with GPG_ERR_INV_DATA and write nothing. */
static void
test_small_order (const struct hybrid *h)
{
  unsigned char pk[MAXPK], sk[MAXSK], ct[MAXCT], ss[64];
  int u;

  CHECK_ERR (kc_kem_keypair (h->algo, pk, h->pk, sk, h->sk), 0);
  CHECK_ERR (kc_kem_encap (h->algo, pk, h->pk, ct, h->ct, ss, h->ss,
                           NULL, 0), 0);
  for (u = 0; u < 2; u++)
    {
      memset (ct + h->pq_ct, 0, 32);
      ct[h->pq_ct] = (unsigned char) u;
      memset (ss, 0xa5, sizeof ss);
      CHECK_ERR (kc_kem_decap (h->algo, sk, h->sk, ct, h->ct, ss, h->ss,
                               NULL, 0), GPG_ERR_INV_DATA);
      CHECK (all_equal (ss, sizeof ss, 0xa5), "%s: decap u=%d wrote",
             h->name, u);

      memset (pk + h->pq_pk, 0, 32);
      pk[h->pq_pk] = (unsigned char) u;
      memset (ct, 0x5a, sizeof ct);
      memset (ss, 0xa5, sizeof ss);
      CHECK_ERR (kc_kem_encap (h->algo, pk, h->pk, ct, h->ct, ss, h->ss,
                               NULL, 0), GPG_ERR_INV_DATA);
      CHECK (all_equal (ss, sizeof ss, 0xa5) && all_equal (ct, sizeof ct, 0x5a),
             "%s: encap u=%d wrote", h->name, u);
    }
}

/* The ML-KEM half's checks: a coefficient >= q in the encapsulation key
 * is GPG_ERR_BAD_PUBKEY, a wrong H(ek) in the decapsulation key
 * GPG_ERR_BAD_SECKEY; nothing written either way. */
static void
test_mlkem_checks (const struct hybrid *h)
{
  unsigned char pk[MAXPK], sk[MAXSK], ct[MAXCT], ss[64];
  size_t hash_at = h->pq_sk - 64;      /* dk = dk_pke || ek || H(ek) || z */

  CHECK_ERR (kc_kem_keypair (h->algo, pk, h->pk, sk, h->sk), 0);
  CHECK_ERR (kc_kem_encap (h->algo, pk, h->pk, ct, h->ct, ss, h->ss,
                           NULL, 0), 0);
  sk[hash_at] ^= 1;
  memset (ss, 0xa5, sizeof ss);
  CHECK_ERR (kc_kem_decap (h->algo, sk, h->sk, ct, h->ct, ss, h->ss,
                           NULL, 0), GPG_ERR_BAD_SECKEY);
  CHECK (all_equal (ss, sizeof ss, 0xa5), "%s: bad seckey wrote", h->name);

  pk[0] = 0xff;                        /* first coefficient: 0x?ff ... */
  pk[1] |= 0x0f;                       /* ... = 0xfff >= 3329 */
  memset (ct, 0x5a, sizeof ct);
  CHECK_ERR (kc_kem_encap (h->algo, pk, h->pk, ct, h->ct, ss, h->ss,
                           NULL, 0), GPG_ERR_BAD_PUBKEY);
  CHECK (all_equal (ss, sizeof ss, 0xa5) && all_equal (ct, sizeof ct, 0x5a),
         "%s: bad pubkey wrote", h->name);
}

#ifdef HAVE_OPENSSL
/* The ML-KEM hybrids' deterministic forms against their parts: the key
 * pair of d || z is ML-KEM's of d || z beside the X25519 key of
 * SHAKE256 ("libkcrypt hybrid X25519" || d || z)[0..31]; encapsulation
 * with m || e is ML-KEM's with m beside X25519's with e, combined as the
 * random form is. */
static void
test_seeded (const struct hybrid *h, int rounds)
{
  static const char label[] = "libkcrypt hybrid X25519";
  unsigned char seed[64], opt[64], pk[MAXPK], sk[MAXSK], ct[MAXCT], ss[64];
  unsigned char mpk[MAXPK], msk[MAXSK], mct[MAXCT], mss[32], xsk[32], xpk[32];
  unsigned char want[64], ss2[64];
  int i;

  for (i = 0; i < rounds; i++)
    {
      EVP_MD_CTX *c = EVP_MD_CTX_new ();
      t_randbytes (seed, sizeof seed);
      t_randbytes (opt, sizeof opt);
      CHECK (c && EVP_DigestInit_ex (c, EVP_shake256 (), NULL) > 0
             && EVP_DigestUpdate (c, label, sizeof label - 1) > 0
             && EVP_DigestUpdate (c, seed, 64) > 0
             && EVP_DigestFinalXOF (c, xsk, 32) > 0, "OpenSSL SHAKE256");
      EVP_MD_CTX_free (c);
      CHECK (ossl_x25519_pub (xpk, xsk), "OpenSSL X25519");
      CHECK_ERR (kc_kem_keypair_seed (h->algo, pk, h->pk, sk, h->sk,
                                      seed, 64), 0);
      CHECK_ERR (kc_kem_keypair_seed (h->pq, mpk, h->pq_pk, msk, h->pq_sk,
                                      seed, 64), 0);
      CHECK (!memcmp (pk, mpk, h->pq_pk) && !memcmp (sk, msk, h->pq_sk)
             && !memcmp (pk + h->pq_pk, xpk, 32)
             && !memcmp (sk + h->pq_sk, xsk, 32),
             "%s: seeded key pair %d is not its parts'", h->name, i);

      CHECK_ERR (kc_kem_encap (h->algo, pk, h->pk, ct, h->ct, ss, h->ss,
                               opt, 64), 0);
      CHECK_ERR (kc_kem_encap (h->pq, pk, h->pq_pk, mct, h->pq_ct, mss, 32,
                               opt, 32), 0);
      CHECK (ossl_x25519_pub (xpk, opt + 32), "OpenSSL X25519");
      CHECK (!memcmp (ct, mct, h->pq_ct) && !memcmp (ct + h->pq_ct, xpk, 32),
             "%s: ciphertext %d with m || e is not its parts'", h->name, i);
      CHECK (compose (h, want, sk, ct) && !memcmp (want, ss, h->ss),
             "%s: shared value %d with m || e", h->name, i);
      CHECK_ERR (kc_kem_decap (h->algo, sk, h->sk, ct, h->ct, ss2, h->ss,
                               NULL, 0), 0);
      CHECK (!memcmp (ss, ss2, h->ss), "%s: seeded round trip %d", h->name,
             i);
      /* the same randomness again: the same ciphertext */
      CHECK_ERR (kc_kem_encap (h->algo, pk, h->pk, mct, h->ct, ss2, h->ss,
                               opt, 64), 0);
      CHECK (!memcmp (ct, mct, h->ct) && !memcmp (ss, ss2, h->ss),
             "%s: m || e does not fix the result (%d)", h->name, i);
    }
}
#endif

static void
test_arguments (const struct hybrid *h)
{
  unsigned char pk[MAXPK + 1], sk[MAXSK + 1], ct[MAXCT + 1], ss[65];
  unsigned char seed[65] = { 0 }, m[65] = { 0 };

  CHECK_ERR (kc_kem_keypair (h->algo, pk, h->pk - 1, sk, h->sk),
             GPG_ERR_INV_ARG);
  CHECK_ERR (kc_kem_keypair (h->algo, pk, h->pk, sk, h->sk + 1),
             GPG_ERR_INV_ARG);
  if (h->pq == KC_KEM_SNTRUP761)   /* no seeded sntrup761 key pair */
    {
      CHECK_ERR (kc_kem_keypair_seed (h->algo, pk, h->pk, sk, h->sk, seed,
                                      64), GPG_ERR_NOT_SUPPORTED);
      CHECK_ERR (kc_kem_keypair_seed (h->algo, pk, h->pk, sk, h->sk, seed,
                                      32), GPG_ERR_NOT_SUPPORTED);
    }
  else                              /* d || z, 64 bytes */
    {
      memset (sk, 0x33, h->sk);
      CHECK_ERR (kc_kem_keypair_seed (h->algo, pk, h->pk, sk, h->sk, seed,
                                      32), GPG_ERR_INV_ARG);
      CHECK (all_equal (sk, h->sk, 0), "%s: keypair_seed, bad length: "
             "secret key not zeroed", h->name);
      CHECK_ERR (kc_kem_keypair_seed (h->algo, pk, h->pk, sk, h->sk, seed,
                                      65), GPG_ERR_INV_ARG);
      CHECK_ERR (kc_kem_keypair_seed (h->algo, pk, h->pk, sk, h->sk, seed,
                                      64), 0);
    }
  CHECK_ERR (kc_kem_keypair (h->algo, pk, h->pk, sk, h->sk), 0);
  CHECK_ERR (kc_kem_encap (h->algo, pk, h->pk, ct, h->ct, ss, h->ss - 1,
                           NULL, 0), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_kem_encap (h->algo, pk, h->pk, ct, h->ct + 1, ss, h->ss,
                           NULL, 0), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_kem_encap (h->algo, pk, h->pk, ct, h->ct, ss, h->ss, m, 32),
             GPG_ERR_INV_VALUE);
  CHECK_ERR (kc_kem_encap (h->algo, pk, h->pk, ct, h->ct, ss, h->ss, m, 65),
             GPG_ERR_INV_VALUE);
  /* m || e: the ML-KEM hybrids only */
  CHECK_ERR (kc_kem_encap (h->algo, pk, h->pk, ct, h->ct, ss, h->ss, m, 64),
             h->pq == KC_KEM_SNTRUP761 ? GPG_ERR_INV_VALUE : 0);
  CHECK_ERR (kc_kem_encap (h->algo, pk, h->pk, ct, h->ct, ss, h->ss, NULL, 1),
             GPG_ERR_INV_VALUE);
  CHECK_ERR (kc_kem_encap (h->algo, pk, h->pk, ct, h->ct, ss, h->ss,
                           NULL, 0), 0);
  CHECK_ERR (kc_kem_decap (h->algo, sk, h->sk - 1, ct, h->ct, ss, h->ss,
                           NULL, 0), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_kem_decap (h->algo, sk, h->sk, ct, h->ct, ss, h->ss, m, 32),
             GPG_ERR_INV_VALUE);
  CHECK_ERR (kc_kem_decap (h->algo, sk, h->sk, NULL, h->ct, ss, h->ss,
                           NULL, 0), GPG_ERR_INV_ARG);
}

int
main (int argc, char **argv)
{
  size_t i;

  t_init (argc, argv);
  t_seed (0x6879627269640a01ULL);
  for (i = 0; i < sizeof hybrids / sizeof hybrids[0]; i++)
    {
      const struct hybrid *h = &hybrids[i];
      CHECK (h->pk == h->pq_pk + 32 && h->sk == h->pq_sk + 32
             && h->ct == h->pq_ct + 32, "%s: lengths", h->name);
      test_round_trips (h, 25);
      test_tampered (h, 40);
      test_small_order (h);
      if (h->pq == KC_KEM_MLKEM768)
        {
          test_mlkem_checks (h);
#ifdef HAVE_OPENSSL
          test_seeded (h, 10);
#endif
        }
      test_arguments (h);
    }
#ifndef HAVE_OPENSSL
  printf ("t-kem-hybrid: no OpenSSL: the composition checks were left out\n");
#endif
  t_rerun_portable (argv);
  return t_done ("t-kem-hybrid");
}
