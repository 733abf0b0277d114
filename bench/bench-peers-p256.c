/* bench-peers-p256.c - bench-peers rows ecc/p256/{keygen,sign,verify,ecdh}:
 * NIST P-256 (cipher/p256/) beside OpenSSL's (on x86-64 its ecp_nistz256
 * assembly) and libgcrypt's, on the same key, digest and peer.  What one
 * iteration does:
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 *   keygen   ours: kc_ecc_keypair, 65-byte public key out (the CSPRNG
 *              draw included).
 *            OpenSSL: EC_KEY_generate_key on a prepared EC_KEY and
 *              EC_POINT_point2oct of the public key (65 bytes).
 *            libgcrypt: gcry_pk_genkey on a prepared (genkey (ecc (curve
 *              nistp256))), the key S-expression released (its
 *              generation draws GCRY_STRONG_RANDOM: the pool's cost is in).
 *   sign     ours: kc_ecdsa_sign, r||s (RFC 6979 nonce).
 *            OpenSSL: ECDSA_do_sign (random nonce), r and s written out.
 *            libgcrypt: gcry_pk_sign with (flags rfc6979), prepared key
 *              and data S-expressions.
 *   verify   of our signature.  ours: kc_ecdsa_verify (r||s, the 65-byte
 *              key parsed and checked on every call).  OpenSSL: r and s
 *              read into an ECDSA_SIG, ECDSA_do_verify on the prepared
 *              EC_KEY (no key parsing).  libgcrypt: gcry_pk_verify on
 *              prepared S-expressions.
 *   ecdh     ours: kc_ecdh with the peer's 65-byte key (parsed and
 *              checked on every call).  OpenSSL: ECDH_compute_key with
 *              the prepared peer point.  libgcrypt: gcry_pk_decrypt of
 *              (enc-val (ecdh (e PEER))) with the prepared private key,
 *              x read from the shared point it returns.
 * Before timing: OpenSSL's public key of our secret key equals ours, its
 * signature verifies here and ours there, and the ECDH values agree;
 * libgcrypt accepts our signature and its ECDH value equals ours.
 * EC_KEY and ECDSA_do_* are deprecated in OpenSSL 3: asked for with
 * OPENSSL_SUPPRESS_DEPRECATED, as bench-peers-ecc.c does.
 */
#ifdef HAVE_CONFIG_H
# include <config.h>
#endif
#include <stdio.h>
#include <string.h>

#include "kcrypt-int.h"
#include "bench-peers.h"

#ifdef HAVE_OPENSSL
# define OPENSSL_SUPPRESS_DEPRECATED 1
# include <openssl/ec.h>
# include <openssl/ecdsa.h>
# include <openssl/ecdh.h>
# include <openssl/obj_mac.h>
# include <openssl/bn.h>
#endif
#ifdef HAVE_LIBGCRYPT
# include <gcrypt.h>
#endif

#define P256 KC_ECC_NIST_P256

struct p256_input
{
  unsigned char sk[32], pk[65], peer[65], digest[32], sig[64];
#ifdef HAVE_OPENSSL
  EC_KEY *okey, *ogen;
  const EC_POINT *opeer;
  EC_KEY *opeerkey;
#endif
#ifdef HAVE_LIBGCRYPT
  gcry_sexp_t gskey, gpkey, gdata, gsig, ggen, genc;
#endif
};

static void
keygen_ours (void *vctx, uint64_t iters)
{
  unsigned char pk[65], sk[32];
  (void) vctx;
  while (iters--)
    {
      kc_ecc_keypair (P256, pk, sizeof pk, sk, sizeof sk);
      bench_consume (pk, sizeof pk);
    }
  wipememory (sk, sizeof sk);
}

static void
sign_ours (void *vctx, uint64_t iters)
{
  const struct p256_input *in = vctx;
  unsigned char sig[64];
  while (iters--)
    {
      size_t len = sizeof sig;
      kc_ecdsa_sign (P256, 0, sig, &len, bench_hide_ptr (in->sk), 32,
                     bench_hide_ptr (in->digest), 32);
      bench_consume (sig, len);
    }
}

static void
verify_ours (void *vctx, uint64_t iters)
{
  const struct p256_input *in = vctx;
  uint64_t acc = 0;
  while (iters--)
    acc += kc_ecdsa_verify (P256, 0, bench_hide_ptr (in->sig), 64,
                            bench_hide_ptr (in->pk), 65,
                            bench_hide_ptr (in->digest), 32);
  bench_consume_u64 (acc);
}

static void
ecdh_ours (void *vctx, uint64_t iters)
{
  const struct p256_input *in = vctx;
  unsigned char out[32];
  while (iters--)
    {
      kc_ecdh (P256, 0, out, 32, bench_hide_ptr (in->sk), 32,
               bench_hide_ptr (in->peer), 65);
      bench_consume (out, 32);
    }
}

#ifdef HAVE_OPENSSL
static void
keygen_ossl (void *vctx, uint64_t iters)
{
  const struct p256_input *in = vctx;
  unsigned char pk[65];
  while (iters--)
    {
      EC_KEY_generate_key (in->ogen);
      EC_POINT_point2oct (EC_KEY_get0_group (in->ogen),
                          EC_KEY_get0_public_key (in->ogen),
                          POINT_CONVERSION_UNCOMPRESSED, pk, 65, NULL);
      bench_consume (pk, sizeof pk);
    }
}

static int
sign_ossl_once (const struct p256_input *in, unsigned char sig[64])
{
  ECDSA_SIG *s = ECDSA_do_sign (in->digest, 32, in->okey);
  const BIGNUM *r, *ss;
  if (!s)
    return 0;
  ECDSA_SIG_get0 (s, &r, &ss);
  BN_bn2binpad (r, sig, 32);
  BN_bn2binpad (ss, sig + 32, 32);
  ECDSA_SIG_free (s);
  return 1;
}

static void
sign_ossl (void *vctx, uint64_t iters)
{
  const struct p256_input *in = vctx;
  unsigned char sig[64];
  while (iters--)
    {
      sign_ossl_once (in, sig);
      bench_consume (sig, sizeof sig);
    }
}

static int
verify_ossl_once (const struct p256_input *in)
{
  ECDSA_SIG *s = ECDSA_SIG_new ();
  int ok;
  ECDSA_SIG_set0 (s, BN_bin2bn (in->sig, 32, NULL),
                  BN_bin2bn (in->sig + 32, 32, NULL));
  ok = ECDSA_do_verify (in->digest, 32, s, in->okey) == 1;
  ECDSA_SIG_free (s);
  return ok;
}

static void
verify_ossl (void *vctx, uint64_t iters)
{
  const struct p256_input *in = vctx;
  uint64_t acc = 0;
  while (iters--)
    acc += (uint64_t) verify_ossl_once (in);
  bench_consume_u64 (acc);
}

static void
ecdh_ossl (void *vctx, uint64_t iters)
{
  const struct p256_input *in = vctx;
  unsigned char out[32];
  while (iters--)
    {
      ECDH_compute_key (out, 32, in->opeer, in->okey, NULL);
      bench_consume (out, 32);
    }
}

static EC_KEY *
ossl_key (const unsigned char *sk)
{
  EC_KEY *k = EC_KEY_new_by_curve_name (NID_X9_62_prime256v1);
  BIGNUM *d = BN_bin2bn (sk, 32, NULL);
  EC_POINT *pt = EC_POINT_new (EC_KEY_get0_group (k));
  EC_POINT_mul (EC_KEY_get0_group (k), pt, d, NULL, NULL, NULL);
  EC_KEY_set_private_key (k, d);
  EC_KEY_set_public_key (k, pt);
  EC_POINT_free (pt);
  BN_free (d);
  return k;
}
#endif

#ifdef HAVE_LIBGCRYPT
/* libgcrypt 1.10: key generation, RFC 6979 signatures, verification and
 * ECDH as the decryption of an ECDH "ciphertext" (the peer's point), all
 * through S-expressions, as its users call it. */
static void
keygen_gcry (void *vctx, uint64_t iters)
{
  const struct p256_input *in = vctx;
  uint64_t acc = 0;
  while (iters--)
    {
      gcry_sexp_t k = NULL;
      acc += gcry_pk_genkey (&k, in->ggen);
      gcry_sexp_release (k);
    }
  bench_consume_u64 (acc);
}

static void
sign_gcry (void *vctx, uint64_t iters)
{
  const struct p256_input *in = vctx;
  uint64_t acc = 0;
  while (iters--)
    {
      gcry_sexp_t s = NULL;
      acc += gcry_pk_sign (&s, in->gdata, in->gskey);
      gcry_sexp_release (s);
    }
  bench_consume_u64 (acc);
}

static void
verify_gcry (void *vctx, uint64_t iters)
{
  const struct p256_input *in = vctx;
  uint64_t acc = 0;
  while (iters--)
    acc += gcry_pk_verify (in->gsig, in->gdata, in->gpkey);
  bench_consume_u64 (acc);
}

static gcry_error_t
ecdh_gcry_once (const struct p256_input *in, unsigned char x[32])
{
  gcry_sexp_t s = NULL, v;
  gcry_error_t err = gcry_pk_decrypt (&s, in->genc, in->gskey);
  if (!err)
    {
      const unsigned char *d;
      size_t n = 0;
      v = gcry_sexp_find_token (s, "value", 0);
      d = v ? (const unsigned char *) gcry_sexp_nth_data (v, 1, &n) : NULL;
      if (d && n == 65)
        memcpy (x, d + 1, 32);
      else
        err = gcry_error (GPG_ERR_BAD_DATA);
      gcry_sexp_release (v);
    }
  gcry_sexp_release (s);
  return err;
}

static void
ecdh_gcry (void *vctx, uint64_t iters)
{
  const struct p256_input *in = vctx;
  unsigned char out[32];
  uint64_t acc = 0;
  while (iters--)
    {
      acc += ecdh_gcry_once (in, out);
      bench_consume (out, 32);
    }
  bench_consume_u64 (acc);
}
#endif

void
bench_peers_p256 (void)
{
  static struct p256_input in;
  struct peer_side sd[4][PEERS_MAX_SIDES];
  static const char *const path[4] = {
    "ecc/p256/keygen", "ecc/p256/sign", "ecc/p256/verify", "ecc/p256/ecdh"
  };
  size_t n[4] = { 0, 0, 0, 0 };
  unsigned char psk[32];
  size_t len = 64;
  int want = 0, i;

  for (i = 0; i < 4; i++)
    want |= peers_row_wanted (path[i]);
  if (!want)
    return;
  bench_check ("ecc", !kc_ecc_keypair (P256, in.pk, 65, in.sk, 32),
               "P-256 keypair");
  bench_check ("ecc", !kc_ecc_keypair (P256, in.peer, 65, psk, 32),
               "P-256 keypair (peer)");
  for (i = 0; i < 32; i++)
    in.digest[i] = (unsigned char) (0x5a + 7 * i);
  bench_check ("ecc", !kc_ecdsa_sign (P256, 0, in.sig, &len, in.sk, 32,
                                      in.digest, 32), "P-256 sign");
  sd[0][n[0]++] = (struct peer_side) { "ours", keygen_ours, &in };
  sd[1][n[1]++] = (struct peer_side) { "ours", sign_ours, &in };
  sd[2][n[2]++] = (struct peer_side) { "ours", verify_ours, &in };
  sd[3][n[3]++] = (struct peer_side) { "ours", ecdh_ours, &in };
#ifdef HAVE_OPENSSL
  {
    unsigned char opk[65], osig[64], s1[32], s2[32];
    in.okey = ossl_key (in.sk);
    in.ogen = EC_KEY_new_by_curve_name (NID_X9_62_prime256v1);
    in.opeerkey = ossl_key (psk);
    in.opeer = EC_KEY_get0_public_key (in.opeerkey);
    EC_POINT_point2oct (EC_KEY_get0_group (in.okey),
                        EC_KEY_get0_public_key (in.okey),
                        POINT_CONVERSION_UNCOMPRESSED, opk, 65, NULL);
    bench_check ("ecc", !memcmp (opk, in.pk, 65),
                 "OpenSSL's P-256 public key differs from ours");
    bench_check ("ecc", sign_ossl_once (&in, osig)
                 && !kc_ecdsa_verify (P256, 0, osig, 64, in.pk, 65,
                                      in.digest, 32),
                 "OpenSSL's P-256 signature does not verify with ours");
    bench_check ("ecc", verify_ossl_once (&in),
                 "OpenSSL rejects our P-256 signature");
    bench_check ("ecc", !kc_ecdh (P256, 0, s1, 32, in.sk, 32, in.peer, 65)
                 && ECDH_compute_key (s2, 32, in.opeer, in.okey, NULL) == 32
                 && !memcmp (s1, s2, 32), "P-256 ECDH differs from OpenSSL's");
    sd[0][n[0]++] = (struct peer_side) { "openssl", keygen_ossl, &in };
    sd[1][n[1]++] = (struct peer_side) { "openssl", sign_ossl, &in };
    sd[2][n[2]++] = (struct peer_side) { "openssl", verify_ossl, &in };
    sd[3][n[3]++] = (struct peer_side) { "openssl", ecdh_ossl, &in };
  }
#endif
#ifdef HAVE_LIBGCRYPT
  {
    gcry_error_t err;
    unsigned char s1[32], s2[32];

    err = gcry_sexp_build (&in.gskey, NULL,
                           "(private-key (ecc (curve nistp256) (q %b) "
                           "(d %b)))", 65, in.pk, 32, in.sk);
    if (!err)
      err = gcry_sexp_build (&in.gpkey, NULL,
                             "(public-key (ecc (curve nistp256) (q %b)))",
                             65, in.pk);
    if (!err)
      err = gcry_sexp_build (&in.gdata, NULL,
                             "(data (flags rfc6979) (hash sha256 %b))",
                             32, in.digest);
    if (!err)
      err = gcry_sexp_build (&in.gsig, NULL,
                             "(sig-val (ecdsa (r %b) (s %b)))",
                             32, in.sig, 32, in.sig + 32);
    if (!err)
      err = gcry_sexp_build (&in.ggen, NULL,
                             "(genkey (ecc (curve nistp256)))");
    if (!err)
      err = gcry_sexp_build (&in.genc, NULL, "(enc-val (ecdh (e %b)))",
                             65, in.peer);
    bench_check ("ecc", !err, "gcry_sexp_build: %s", gcry_strerror (err));
    err = gcry_pk_verify (in.gsig, in.gdata, in.gpkey);
    bench_check ("ecc", !err, "libgcrypt rejects our P-256 signature: %s",
                 gcry_strerror (err));
    err = ecdh_gcry_once (&in, s2);
    bench_check ("ecc", !err && !kc_ecdh (P256, 0, s1, 32, in.sk, 32,
                                          in.peer, 65)
                 && !memcmp (s1, s2, 32),
                 "P-256 ECDH differs from libgcrypt's");
    sd[0][n[0]++] = (struct peer_side) { "libgcrypt", keygen_gcry, &in };
    sd[1][n[1]++] = (struct peer_side) { "libgcrypt", sign_gcry, &in };
    sd[2][n[2]++] = (struct peer_side) { "libgcrypt", verify_gcry, &in };
    sd[3][n[3]++] = (struct peer_side) { "libgcrypt", ecdh_gcry, &in };
  }
#endif
  for (i = 0; i < 4; i++)
    if (peers_row_wanted (path[i]))
      peers_compare (path[i], BENCH_US_PER_OP, 1, sd[i], n[i]);
#ifdef HAVE_OPENSSL
  EC_KEY_free (in.okey);
  EC_KEY_free (in.ogen);
  EC_KEY_free (in.opeerkey);
#endif
#ifdef HAVE_LIBGCRYPT
  gcry_sexp_release (in.gskey);
  gcry_sexp_release (in.gpkey);
  gcry_sexp_release (in.gdata);
  gcry_sexp_release (in.gsig);
  gcry_sexp_release (in.ggen);
  gcry_sexp_release (in.genc);
#endif
  wipememory (psk, sizeof psk);
  wipememory (&in, sizeof in);
}
