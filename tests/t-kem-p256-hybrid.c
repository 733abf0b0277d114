/* t-kem-p256-hybrid.c - the P-256 hybrids, OpenSSH's
 * mlkem768nistp256-sha256 and TLS's SecP256r1MLKEM768, against a
 * composition of their parts done here: the ML-KEM-768 half through the
 * public API of ML-KEM itself, the P-256 half (public keys, ECDH's
 * x-coordinate), SHA-256 and SHAKE256 through OpenSSL (without OpenSSL
 * through the library's own kc_ecc_pubkey, kc_ecdh and kc_md_hash_buffer,
 * still a composition independent of the hybrid's).  Also: the layouts
 * (ML-KEM first for SSH, P-256 first in every field for TLS), tampered
 * ciphertexts (implicit rejection in the ML-KEM half; a P-256 half off
 * the curve is GPG_ERR_INV_DATA with nothing written), bad P-256 public
 * key halves (off the curve, x or y >= p, compressed or infinity
 * encodings: GPG_ERR_BAD_PUBKEY, nothing written), P-256 secret halves of
 * 0 and n (GPG_ERR_BAD_SECKEY), the ML-KEM half's checks, the seeded key
 * pair (d || z; the P-256 secret the first acceptable 32-byte block of
 * SHAKE256 ("libkcrypt hybrid P-256" || d || z), its refusal path through
 * the internal row), fixed encapsulation randomness (m || e), and the
 * argument rules.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <config.h>
#include "kcrypt-int.h"
#include "kem.h"
#include "t-common.h"
#ifdef HAVE_OPENSSL
# define OPENSSL_SUPPRESS_DEPRECATED 1
# include <openssl/evp.h>
# include <openssl/ec.h>
# include <openssl/ecdh.h>
# include <openssl/bn.h>
# include <openssl/obj_mac.h>
#endif

#define PK 1249
#define SK 2432
#define CT 1153
#define MPK KC_KEM_MLKEM768_PUBKEY_LEN
#define MSK KC_KEM_MLKEM768_SECKEY_LEN
#define MCT KC_KEM_MLKEM768_ENCAPS_LEN

struct hybrid
{
  const char *name;
  int algo;
  int ec_first;                     /* TLS: P-256 first in every field */
  size_t pk, sk, ct, ss;
};

static const struct hybrid hybrids[] = {
  { "mlkem768nistp256-sha256", KC_KEM_MLKEM768NISTP256_SHA256, 0,
    KC_KEM_MLKEM768NISTP256_SHA256_PUBKEY_LEN,
    KC_KEM_MLKEM768NISTP256_SHA256_SECKEY_LEN,
    KC_KEM_MLKEM768NISTP256_SHA256_ENCAPS_LEN,
    KC_KEM_MLKEM768NISTP256_SHA256_SHARED_LEN },
  { "SecP256r1MLKEM768", KC_KEM_SECP256R1MLKEM768, 1,
    KC_KEM_SECP256R1MLKEM768_PUBKEY_LEN,
    KC_KEM_SECP256R1MLKEM768_SECKEY_LEN,
    KC_KEM_SECP256R1MLKEM768_ENCAPS_LEN,
    KC_KEM_SECP256R1MLKEM768_SHARED_LEN },
};

/* P-256's n and p, big-endian */
static const unsigned char p256_n[32] = {
  0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff,
  0xff, 0xff, 0xff, 0xff, 0xbc, 0xe6, 0xfa, 0xad, 0xa7, 0x17, 0x9e, 0x84,
  0xf3, 0xb9, 0xca, 0xc2, 0xfc, 0x63, 0x25, 0x51
};
static const unsigned char p256_p[32] = {
  0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00,
  0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff,
  0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff
};

/* The offsets of the parts in H's fields, computed here from the
 * specifications (not from the library's rows) */
static size_t mk_pk (const struct hybrid *h) { return h->ec_first ? 65 : 0; }
static size_t mk_sk (const struct hybrid *h) { return h->ec_first ? 32 : 0; }
static size_t mk_ct (const struct hybrid *h) { return h->ec_first ? 65 : 0; }
static size_t ec_pk (const struct hybrid *h) { return h->ec_first ? 0 : MPK; }
static size_t ec_sk (const struct hybrid *h) { return h->ec_first ? 0 : MSK; }
static size_t ec_ct (const struct hybrid *h) { return h->ec_first ? 0 : MCT; }

static int
all_equal (const unsigned char *p, size_t n, unsigned char v)
{
  size_t i;
  for (i = 0; i < n; i++)
    if (p[i] != v)
      return 0;
  return 1;
}

/* ------------------------------------------- the independent parts */

#ifdef HAVE_OPENSSL
static EC_KEY *
ossl_key (const unsigned char sk[32])
{
  EC_KEY *k = EC_KEY_new_by_curve_name (NID_X9_62_prime256v1);
  BIGNUM *d = BN_bin2bn (sk, 32, NULL);
  EC_POINT *pt = k ? EC_POINT_new (EC_KEY_get0_group (k)) : NULL;
  int ok = k && d && pt
           && EC_POINT_mul (EC_KEY_get0_group (k), pt, d, NULL, NULL, NULL)
           && EC_KEY_set_private_key (k, d) && EC_KEY_set_public_key (k, pt);
  EC_POINT_free (pt);
  BN_free (d);
  if (!ok)
    {
      EC_KEY_free (k);
      return NULL;
    }
  return k;
}
#endif

/* PUB (65 bytes, uncompressed) = SK * G; 0 on failure */
static int
p256_pub (unsigned char pub[65], const unsigned char sk[32])
{
#ifdef HAVE_OPENSSL
  EC_KEY *k = ossl_key (sk);
  int ok = k && EC_POINT_point2oct (EC_KEY_get0_group (k),
                                    EC_KEY_get0_public_key (k),
                                    POINT_CONVERSION_UNCOMPRESSED, pub, 65,
                                    NULL) == 65;
  EC_KEY_free (k);
  return ok;
#else
  return !kc_ecc_pubkey (KC_ECC_NIST_P256, pub, 65, sk, 32);
#endif
}

/* X = the x-coordinate of SK * PUB; 0 when PUB is not a point */
static int
p256_ecdh (unsigned char x[32], const unsigned char sk[32],
           const unsigned char pub[65])
{
#ifdef HAVE_OPENSSL
  EC_KEY *k = ossl_key (sk);
  EC_POINT *q = k ? EC_POINT_new (EC_KEY_get0_group (k)) : NULL;
  int ok = q && EC_POINT_oct2point (EC_KEY_get0_group (k), q, pub, 65, NULL)
           && ECDH_compute_key (x, 32, q, k, NULL) == 32;
  EC_POINT_free (q);
  EC_KEY_free (k);
  return ok;
#else
  return !kc_ecdh (KC_ECC_NIST_P256, KC_ECDH_RAW_X, x, 32, sk, 32, pub, 65);
#endif
}

static void
sha256 (unsigned char out[32], const unsigned char *in, size_t len)
{
#ifdef HAVE_OPENSSL
  unsigned int n = 0;
  CHECK (EVP_Digest (in, len, out, &n, EVP_sha256 (), NULL) == 1 && n == 32,
         "OpenSSL SHA-256");
#else
  CHECK_ERR (kc_md_hash_buffer (KC_MD_SHA256, out, 32, in, len), 0);
#endif
}

/* OUT = SHAKE256 (LABEL || SEED) (OUTLEN bytes) */
static void
shake256 (unsigned char *out, size_t outlen, const char *label,
          const unsigned char *seed, size_t seedlen)
{
  unsigned char in[128];
  size_t n = strlen (label);
  memcpy (in, label, n);
  memcpy (in + n, seed, seedlen);
#ifdef HAVE_OPENSSL
  {
    EVP_MD_CTX *c = EVP_MD_CTX_new ();
    CHECK (c && EVP_DigestInit_ex (c, EVP_shake256 (), NULL) > 0
           && EVP_DigestUpdate (c, in, n + seedlen) > 0
           && EVP_DigestFinalXOF (c, out, outlen) > 0, "OpenSSL SHAKE256");
    EVP_MD_CTX_free (c);
  }
#else
  CHECK_ERR (kc_md_hash_buffer (KC_MD_SHAKE256, out, outlen, in,
                                n + seedlen), 0);
#endif
}

/* What H must give when SK decapsulates CT, composed here: ML-KEM's half
 * by ML-KEM itself, the rest by the functions above.  0 when the P-256
 * half of CT is not a point. */
static int
compose (const struct hybrid *h, unsigned char *ss, const unsigned char *sk,
         const unsigned char *ct)
{
  unsigned char m[32], x[32], buf[64];
  CHECK_ERR (kc_kem_decap (KC_KEM_MLKEM768, sk + mk_sk (h), MSK,
                           ct + mk_ct (h), MCT, m, 32, NULL, 0), 0);
  if (!p256_ecdh (x, sk + ec_sk (h), ct + ec_ct (h)))
    return 0;
  if (h->ec_first)              /* TLS: x || ss_mlkem, unhashed */
    {
      memcpy (ss, x, 32);
      memcpy (ss + 32, m, 32);
      return 1;
    }
  memcpy (buf, m, 32);          /* SSH: SHA-256 (ss_mlkem || x) */
  memcpy (buf + 32, x, 32);
  sha256 (ss, buf, 64);
  return 1;
}

/* --------------------------------------------------------- the tests */

/* Round trips, each checked against the composition; the halves of the
 * key pair are the parts' own (ML-KEM's a working key of ML-KEM, the
 * P-256 public key the independent one of the P-256 secret). */
static void
test_round_trips (const struct hybrid *h, int rounds)
{
  unsigned char pk[PK], sk[SK], ct[CT], ss[64], ss2[64], want[64];
  unsigned char mct[MCT], mss[32], mss2[32], pub[65];
  int i;

  for (i = 0; i < rounds; i++)
    {
      CHECK_ERR (kc_kem_keypair (h->algo, pk, h->pk, sk, h->sk), 0);
      CHECK_ERR (kc_kem_encap (h->algo, pk, h->pk, ct, h->ct, ss, h->ss,
                               NULL, 0), 0);
      CHECK_ERR (kc_kem_decap (h->algo, sk, h->sk, ct, h->ct, ss2, h->ss,
                               NULL, 0), 0);
      CHECK (!memcmp (ss, ss2, h->ss), "%s: round trip %d", h->name, i);
      CHECK_ERR (kc_kem_encap (KC_KEM_MLKEM768, pk + mk_pk (h), MPK, mct,
                               MCT, mss, 32, NULL, 0), 0);
      CHECK_ERR (kc_kem_decap (KC_KEM_MLKEM768, sk + mk_sk (h), MSK, mct,
                               MCT, mss2, 32, NULL, 0), 0);
      CHECK (!memcmp (mss, mss2, 32), "%s: ML-KEM halves %d", h->name, i);
      CHECK (p256_pub (pub, sk + ec_sk (h))
             && !memcmp (pub, pk + ec_pk (h), 65),
             "%s: P-256 half of the key pair %d", h->name, i);
      CHECK (ct[ec_ct (h)] == 0x04, "%s: ephemeral not uncompressed (%d)",
             h->name, i);
      CHECK (compose (h, want, sk, ct) && !memcmp (want, ss, h->ss),
             "%s: composition %d", h->name, i);
    }
}

/* A changed byte in the ML-KEM half: decapsulation succeeds (implicit
 * rejection) with another key, the composition's.  In the P-256 half:
 * off the curve (or, rarely, another point): GPG_ERR_INV_DATA with
 * nothing written, or the composition's key. */
static void
test_tampered (const struct hybrid *h, int rounds)
{
  unsigned char pk[PK], sk[SK], ct[CT], ss[64], ss2[64], want[64];
  int i;

  CHECK_ERR (kc_kem_keypair (h->algo, pk, h->pk, sk, h->sk), 0);
  CHECK_ERR (kc_kem_encap (h->algo, pk, h->pk, ct, h->ct, ss, h->ss,
                           NULL, 0), 0);
  for (i = 0; i < rounds; i++)
    {
      unsigned char bad[CT];
      size_t at = i & 1 ? ec_ct (h) + 1 + t_rand64 () % 64
                        : mk_ct (h) + t_rand64 () % MCT;
      gpg_error_t err;
      memcpy (bad, ct, h->ct);
      bad[at] ^= (unsigned char) (1u << (t_rand64 () % 8));
      memset (ss2, 0xa5, sizeof ss2);
      err = kc_kem_decap (h->algo, sk, h->sk, bad, h->ct, ss2, h->ss,
                          NULL, 0);
      if (compose (h, want, sk, bad))
        {
          CHECK (!err && !memcmp (want, ss2, h->ss),
                 "%s: tampered byte %zu: not the composition", h->name, at);
          CHECK (memcmp (ss, ss2, h->ss), "%s: tampered byte %zu kept the "
                 "key", h->name, at);
        }
      else
        {
          CHECK (gpg_err_code (err) == GPG_ERR_INV_DATA,
                 "%s: tampered P-256 byte %zu: got %s", h->name, at,
                 gpg_strerror (err));
          CHECK (all_equal (ss2, sizeof ss2, 0xa5),
                 "%s: tampered P-256 byte %zu: wrote", h->name, at);
        }
    }
}

/* Encodings that are not a P-256 point, as the public key half
 * (GPG_ERR_BAD_PUBKEY on encapsulation) and as the ciphertext half
 * (GPG_ERR_INV_DATA on decapsulation); nothing written either way.  The
 * other root (y -> p - y) is a point and works. */
static void
test_bad_points (const struct hybrid *h)
{
  unsigned char pk[PK], sk[SK], ct[CT], ss[64], good[65];
  int v;

  CHECK_ERR (kc_kem_keypair (h->algo, pk, h->pk, sk, h->sk), 0);
  CHECK_ERR (kc_kem_encap (h->algo, pk, h->pk, ct, h->ct, ss, h->ss,
                           NULL, 0), 0);
  memcpy (good, ct + ec_ct (h), 65);
  for (v = 0; v < 8; v++)
    {
      unsigned char pt[65], bpk[PK], bct[CT], out[CT];
      memcpy (pt, good, 65);
      switch (v)
        {
        case 0: memset (pt, 0, 65); break;            /* all zero */
        case 1: pt[0] = 0x00; break;                   /* infinity's tag */
        case 2: pt[0] = 0x02; break;                   /* compressed tag */
        case 3: pt[0] = 0x06; break;                   /* hybrid tag */
        case 4: pt[64] ^= 1; break;                    /* off the curve */
        case 5: memcpy (pt + 1, p256_p, 32); break;    /* x = p */
        case 6: memcpy (pt + 33, p256_p, 32); break;   /* y = p */
        case 7: memset (pt + 1, 0xff, 32); break;      /* x = 2^256-1 */
        }
      memcpy (bct, ct, h->ct);
      memcpy (bct + ec_ct (h), pt, 65);
      memset (ss, 0xa5, sizeof ss);
      CHECK_ERR (kc_kem_decap (h->algo, sk, h->sk, bct, h->ct, ss, h->ss,
                               NULL, 0), GPG_ERR_INV_DATA);
      CHECK (all_equal (ss, sizeof ss, 0xa5), "%s: decap, bad point %d "
             "wrote", h->name, v);
      memcpy (bpk, pk, h->pk);
      memcpy (bpk + ec_pk (h), pt, 65);
      memset (out, 0x5a, sizeof out);
      CHECK_ERR (kc_kem_encap (h->algo, bpk, h->pk, out, h->ct, ss, h->ss,
                               NULL, 0), GPG_ERR_BAD_PUBKEY);
      CHECK (all_equal (ss, sizeof ss, 0xa5) && all_equal (out, CT, 0x5a),
             "%s: encap, bad point %d wrote", h->name, v);
    }
  /* -Q: y -> p - y, a point: decapsulation works, as the composition */
  {
    unsigned char bct[CT], want[64];
    int c, borrow;
    memcpy (bct, ct, h->ct);
    for (c = 31, borrow = 0; c >= 0; c--)
      {
        int d = p256_p[c] - good[33 + c] - borrow;
        bct[ec_ct (h) + 33 + c] = (unsigned char) d;
        borrow = d < 0;
      }
    CHECK_ERR (kc_kem_decap (h->algo, sk, h->sk, bct, h->ct, ss, h->ss,
                             NULL, 0), 0);
    CHECK (compose (h, want, sk, bct) && !memcmp (want, ss, h->ss),
           "%s: -Q: not the composition", h->name);
  }
}

/* The P-256 secret half of 0 or n: GPG_ERR_BAD_SECKEY, nothing written;
 * the ML-KEM half's checks: a coefficient >= q in the encapsulation key
 * GPG_ERR_BAD_PUBKEY, a wrong H(ek) GPG_ERR_BAD_SECKEY. */
static void
test_key_checks (const struct hybrid *h)
{
  unsigned char pk[PK], sk[SK], bsk[SK], ct[CT], ss[64];
  size_t hash_at = mk_sk (h) + MSK - 64;   /* dk = .. || H(ek) || z */
  int v;

  CHECK_ERR (kc_kem_keypair (h->algo, pk, h->pk, sk, h->sk), 0);
  CHECK_ERR (kc_kem_encap (h->algo, pk, h->pk, ct, h->ct, ss, h->ss,
                           NULL, 0), 0);
  for (v = 0; v < 2; v++)
    {
      memcpy (bsk, sk, h->sk);
      if (v)
        memcpy (bsk + ec_sk (h), p256_n, 32);
      else
        memset (bsk + ec_sk (h), 0, 32);
      memset (ss, 0xa5, sizeof ss);
      CHECK_ERR (kc_kem_decap (h->algo, bsk, h->sk, ct, h->ct, ss, h->ss,
                               NULL, 0), GPG_ERR_BAD_SECKEY);
      CHECK (all_equal (ss, sizeof ss, 0xa5), "%s: P-256 secret %d wrote",
             h->name, v);
    }
  memcpy (bsk, sk, h->sk);
  bsk[hash_at] ^= 1;
  CHECK_ERR (kc_kem_decap (h->algo, bsk, h->sk, ct, h->ct, ss, h->ss,
                           NULL, 0), GPG_ERR_BAD_SECKEY);
  CHECK (all_equal (ss, sizeof ss, 0xa5), "%s: bad ML-KEM hash wrote",
         h->name);

  pk[mk_pk (h)] = 0xff;                /* first coefficient: 0x?ff ... */
  pk[mk_pk (h) + 1] |= 0x0f;           /* ... = 0xfff >= 3329 */
  memset (ct, 0x5a, sizeof ct);
  CHECK_ERR (kc_kem_encap (h->algo, pk, h->pk, ct, h->ct, ss, h->ss,
                           NULL, 0), GPG_ERR_BAD_PUBKEY);
  CHECK (all_equal (ss, sizeof ss, 0xa5) && all_equal (ct, sizeof ct, 0x5a),
         "%s: bad ML-KEM public key wrote", h->name);
}

/* The deterministic forms against their parts: the key pair of d || z
 * is ML-KEM's of d || z beside the P-256 key of the first block of
 * SHAKE256 ("libkcrypt hybrid P-256" || d || z) in [1, n-1] (the first,
 * but for 2^-32); encapsulation with m || e is ML-KEM's with m beside
 * the P-256 ephemeral e*G, combined as the random form is. */
static void
test_seeded (const struct hybrid *h, int rounds)
{
  unsigned char seed[64], opt[64], pk[PK], sk[SK], ct[CT], ss[64], ss2[64];
  unsigned char mpk[MPK], msk[MSK], mct[MCT], mss[32], xsk[32], xpk[65];
  unsigned char want[64];
  int i;

  for (i = 0; i < rounds; i++)
    {
      t_randbytes (seed, sizeof seed);
      t_randbytes (opt, sizeof opt);
      opt[32] &= 0x7f;                  /* e < n */
      opt[32] |= 0x01;                  /* e != 0 */
      shake256 (xsk, 32, "libkcrypt hybrid P-256", seed, 64);
      CHECK (p256_pub (xpk, xsk), "P-256 public key");
      CHECK_ERR (kc_kem_keypair_seed (h->algo, pk, h->pk, sk, h->sk,
                                      seed, 64), 0);
      CHECK_ERR (kc_kem_keypair_seed (KC_KEM_MLKEM768, mpk, MPK, msk, MSK,
                                      seed, 64), 0);
      CHECK (!memcmp (pk + mk_pk (h), mpk, MPK)
             && !memcmp (sk + mk_sk (h), msk, MSK)
             && !memcmp (pk + ec_pk (h), xpk, 65)
             && !memcmp (sk + ec_sk (h), xsk, 32),
             "%s: seeded key pair %d is not its parts'", h->name, i);

      CHECK_ERR (kc_kem_encap (h->algo, pk, h->pk, ct, h->ct, ss, h->ss,
                               opt, 64), 0);
      CHECK_ERR (kc_kem_encap (KC_KEM_MLKEM768, mpk, MPK, mct, MCT, mss, 32,
                               opt, 32), 0);
      CHECK (p256_pub (xpk, opt + 32), "P-256 public key");
      CHECK (!memcmp (ct + mk_ct (h), mct, MCT)
             && !memcmp (ct + ec_ct (h), xpk, 65),
             "%s: ciphertext %d with m || e is not its parts'", h->name, i);
      CHECK (compose (h, want, sk, ct) && !memcmp (want, ss, h->ss),
             "%s: shared value %d with m || e", h->name, i);
      CHECK_ERR (kc_kem_decap (h->algo, sk, h->sk, ct, h->ct, ss2, h->ss,
                               NULL, 0), 0);
      CHECK (!memcmp (ss, ss2, h->ss), "%s: seeded round trip %d", h->name,
             i);
      CHECK_ERR (kc_kem_encap (h->algo, pk, h->pk, ct, h->ct, ss2, h->ss,
                               opt, 64), 0);
      CHECK (!memcmp (ss, ss2, h->ss), "%s: m || e does not fix the result "
             "(%d)", h->name, i);
    }

  /* e of 0 or n: GPG_ERR_INV_VALUE, nothing written */
  for (i = 0; i < 2; i++)
    {
      if (i)
        memcpy (opt + 32, p256_n, 32);
      else
        memset (opt + 32, 0, 32);
      memset (ct, 0x5a, sizeof ct);
      memset (ss, 0xa5, sizeof ss);
      CHECK_ERR (kc_kem_encap (h->algo, pk, h->pk, ct, h->ct, ss, h->ss,
                               opt, 64), GPG_ERR_INV_VALUE);
      CHECK (all_equal (ss, sizeof ss, 0xa5) && all_equal (ct, sizeof ct, 0x5a),
             "%s: e = %s wrote", h->name, i ? "n" : "0");
    }
}

/* The refusal path of the seeded key pair, which a real seed takes with
 * probability 2^-32: the hybrid's row with a P-256 row that refuses the
 * first REFUSE blocks it is offered.  The secret is then the next block
 * of the SHAKE256 stream; four refusals are GPG_ERR_BAD_SECKEY with
 * nothing but zeros in the outputs. */
static const struct _kc_kem_info *real_p256;
static int refuse, offered;

static gpg_error_t
refusing_keypair_seed (const struct _kc_kem_info *k, unsigned char *pk,
                       unsigned char *sk, const unsigned char *seed)
{
  (void) k;
  if (offered++ < refuse)
    return gpg_error (GPG_ERR_BAD_SECKEY);
  return real_p256->keypair_seed (real_p256, pk, sk, seed);
}

static void
test_seed_refusal (const struct hybrid *h)
{
  const struct _kc_kem_info *row = _kc_kem_lookup (h->algo);
  struct _kc_kem_info fake_row, fake_ec;
  unsigned char seed[64], stream[128], pk[PK], sk[SK], xpk[65];

  CHECK (row && row->ec && row->ec->algo == KC_KEM_RAW_P256R1,
         "%s: row", h->name);
  if (!row || !row->ec)
    return;
  real_p256 = row->ec;
  fake_ec = *row->ec;
  fake_ec.keypair_seed = refusing_keypair_seed;
  fake_row = *row;
  fake_row.ec = &fake_ec;
  t_randbytes (seed, sizeof seed);
  shake256 (stream, sizeof stream, "libkcrypt hybrid P-256", seed, 64);
  for (refuse = 0; refuse <= 4; refuse++)
    {
      gpg_error_t err;
      offered = 0;
      memset (pk, 0x5a, sizeof pk);
      memset (sk, 0x5a, sizeof sk);
      err = row->keypair_seed (&fake_row, pk, sk, seed);
      if (refuse < 4)
        {
          CHECK_ERR (err, 0);
          CHECK (p256_pub (xpk, stream + 32 * refuse)
                 && !memcmp (sk + ec_sk (h), stream + 32 * refuse, 32)
                 && !memcmp (pk + ec_pk (h), xpk, 65),
                 "%s: %d refused blocks: not block %d", h->name, refuse,
                 refuse);
        }
      else
        {
          CHECK_ERR (err, GPG_ERR_BAD_SECKEY);
          CHECK (all_equal (pk, h->pk, 0) && all_equal (sk, h->sk, 0),
                 "%s: four refused blocks: outputs not cleared", h->name);
        }
      CHECK (offered == (refuse < 4 ? refuse + 1 : 4),
             "%s: %d refusals: %d blocks offered", h->name, refuse, offered);
    }
}

static void
test_arguments (const struct hybrid *h)
{
  unsigned char pk[PK + 1], sk[SK + 1], ct[CT + 1], ss[65];
  unsigned char seed[65] = { 0 }, m[65] = { 0 };

  CHECK_ERR (kc_kem_keypair (h->algo, pk, h->pk - 1, sk, h->sk),
             GPG_ERR_INV_ARG);
  CHECK_ERR (kc_kem_keypair (h->algo, pk, h->pk, sk, h->sk + 1),
             GPG_ERR_INV_ARG);
  memset (sk, 0x33, h->sk);
  CHECK_ERR (kc_kem_keypair_seed (h->algo, pk, h->pk, sk, h->sk, seed, 32),
             GPG_ERR_INV_ARG);
  CHECK (all_equal (sk, h->sk, 0), "%s: keypair_seed, bad length: secret "
         "key not zeroed", h->name);
  CHECK_ERR (kc_kem_keypair_seed (h->algo, pk, h->pk, sk, h->sk, seed, 65),
             GPG_ERR_INV_ARG);
  CHECK_ERR (kc_kem_keypair_seed (h->algo, pk, h->pk, sk, h->sk, seed, 64),
             0);
  CHECK_ERR (kc_kem_encap (h->algo, pk, h->pk, ct, h->ct, ss, h->ss - 1,
                           NULL, 0), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_kem_encap (h->algo, pk, h->pk, ct, h->ct + 1, ss, h->ss,
                           NULL, 0), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_kem_encap (h->algo, pk, h->pk - 1, ct, h->ct, ss, h->ss,
                           NULL, 0), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_kem_encap (h->algo, pk, h->pk, ct, h->ct, ss, h->ss, m, 32),
             GPG_ERR_INV_VALUE);
  CHECK_ERR (kc_kem_encap (h->algo, pk, h->pk, ct, h->ct, ss, h->ss, m, 65),
             GPG_ERR_INV_VALUE);
  CHECK_ERR (kc_kem_encap (h->algo, pk, h->pk, ct, h->ct, ss, h->ss, NULL, 64),
             GPG_ERR_INV_VALUE);
  m[32 + 31] = 1;                       /* e = 1 */
  CHECK_ERR (kc_kem_encap (h->algo, pk, h->pk, ct, h->ct, ss, h->ss, m, 64),
             0);
  CHECK_ERR (kc_kem_decap (h->algo, sk, h->sk - 1, ct, h->ct, ss, h->ss,
                           NULL, 0), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_kem_decap (h->algo, sk, h->sk, ct, h->ct - 1, ss, h->ss,
                           NULL, 0), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_kem_decap (h->algo, sk, h->sk, ct, h->ct, ss, h->ss, m, 64),
             GPG_ERR_INV_VALUE);
  CHECK_ERR (kc_kem_decap (h->algo, sk, h->sk, ct, h->ct, ss, h->ss,
                           NULL, 0), 0);
}

int
main (int argc, char **argv)
{
  size_t i;
  int quick = t_quick ();

  t_init (argc, argv);
  t_seed (0x703235366879620aULL);
  for (i = 0; i < sizeof hybrids / sizeof hybrids[0]; i++)
    {
      const struct hybrid *h = &hybrids[i];
      CHECK (h->pk == MPK + 65 && h->sk == MSK + 32 && h->ct == MCT + 65
             && h->ss == (h->ec_first ? 64u : 32u), "%s: lengths", h->name);
      test_round_trips (h, quick ? 5 : 25);
      test_tampered (h, quick ? 10 : 40);
      test_bad_points (h);
      test_key_checks (h);
      test_seeded (h, quick ? 3 : 10);
      test_seed_refusal (h);
      test_arguments (h);
    }
#ifndef HAVE_OPENSSL
  printf ("t-kem-p256-hybrid: no OpenSSL: the P-256 and hash halves of "
          "the composition are the library's own\n");
#endif
  t_rerun_portable (argv);
  return t_done ("t-kem-p256-hybrid");
}
