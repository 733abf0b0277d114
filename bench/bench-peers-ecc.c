/* bench-peers-ecc.c - bench-peers rows ecc/secp256k1/{sign,verify}: our
 * ECDSA on secp256k1 beside libsecp256k1, OpenSSL and libgcrypt, on the
 * same key and the same 32-byte digest.  What one iteration does:
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 *   sign     ours: kc_ecdsa_sign, r||s out (RFC 6979 nonce, low-S).
 *            libsecp256k1: secp256k1_ecdsa_sign with a NULL noncefp (its
 *              RFC 6979 default) and secp256k1_ecdsa_signature_serialize_
 *              compact (r||s out).
 *            OpenSSL: ECDSA_do_sign on a prepared EC_KEY (random nonce
 *              from its RNG), r and s written out as 32 bytes each.
 *            libgcrypt: gcry_pk_sign with the prepared key and data
 *              S-expressions, data (flags rfc6979) (hash sha256 ...), and
 *              the result S-expression released.
 *   verify   of our (low-S) signature.
 *            ours: kc_ecdsa_verify (r||s, 65-byte key: both are parsed on
 *              every call).
 *            libsecp256k1: secp256k1_ec_pubkey_parse (65 bytes),
 *              secp256k1_ecdsa_signature_parse_compact and
 *              secp256k1_ecdsa_verify (the signature is low-S, i.e.
 *              normalized, as secp256k1_ecdsa_verify requires).
 *            OpenSSL: r and s read into an ECDSA_SIG, ECDSA_do_verify on
 *              the prepared EC_KEY.
 *            libgcrypt: gcry_pk_verify with prepared signature, data and
 *              key S-expressions.
 * Before timing, every peer's signature is checked: libsecp256k1's equals
 * ours byte for byte (both RFC 6979 with low-S), libgcrypt's has our r and
 * our s or n - s (it does not enforce low-S), OpenSSL's (random nonce)
 * verifies with kc_ecdsa_verify; and each peer accepts our signature and
 * rejects it for another digest.
 *
 * OpenSSL's EC_KEY/ECDSA_do_* calls are deprecated in OpenSSL 3 (the EVP
 * route adds DER and a context per call); this file asks for them with
 * OPENSSL_SUPPRESS_DEPRECATED, which affects this file only.
 */
#ifdef HAVE_CONFIG_H
# include <config.h>
#endif
#include <stdio.h>
#include <string.h>

#include "kcrypt-int.h"
#include "bench-peers.h"

#ifdef HAVE_LIBSECP256K1
# include <secp256k1.h>
# include <secp256k1_ecdh.h>
# include <secp256k1_extrakeys.h>
# include <secp256k1_recovery.h>
# include <secp256k1_schnorrsig.h>
# define BTC_GROUP "ecc/secp256k1"
# define BTC_PEER  "secp256k1"
# define BTC_ENTRY bench_peers_secp_btc
# include "bench-peers-btc.h"
#endif
#ifdef HAVE_OPENSSL
# define OPENSSL_SUPPRESS_DEPRECATED 1
# include <openssl/ec.h>
# include <openssl/ecdsa.h>
# include <openssl/obj_mac.h>
# include <openssl/bn.h>
#endif
#ifdef HAVE_LIBGCRYPT
# include <gcrypt.h>
#endif

struct ecc_input
{
  unsigned char sk[32], pk[65], digest[32], other[32], sig[64];
#ifdef HAVE_LIBSECP256K1
  secp256k1_context *sctx;
#endif
#ifdef HAVE_OPENSSL
  EC_KEY *okey;
#endif
#ifdef HAVE_LIBGCRYPT
  gcry_sexp_t gskey, gpkey, gdata, gother, gsig;
#endif
};

/* ------------------------------------------------------------- ours */

static void
sign_ours (void *vctx, uint64_t iters)
{
  const struct ecc_input *in = vctx;
  unsigned char sig[64];
  while (iters--)
    {
      size_t len = sizeof sig;
      kc_ecdsa_sign (KC_ECC_SECP256K1, 0, sig, &len, bench_hide_ptr (in->sk),
                     32, bench_hide_ptr (in->digest), 32);
      bench_consume (sig, sizeof sig);
    }
}

static void
verify_ours (void *vctx, uint64_t iters)
{
  const struct ecc_input *in = vctx;
  uint64_t acc = 0;
  while (iters--)
    acc += kc_ecdsa_verify (KC_ECC_SECP256K1, 0, bench_hide_ptr (in->sig), 64,
                            bench_hide_ptr (in->pk), 65,
                            bench_hide_ptr (in->digest), 32);
  bench_consume_u64 (acc);
}

/* ----------------------------------------------------- libsecp256k1 */

#ifdef HAVE_LIBSECP256K1
static int
sign_secp_once (const struct ecc_input *in, unsigned char sig[64])
{
  secp256k1_ecdsa_signature s;
  if (!secp256k1_ecdsa_sign (in->sctx, &s, in->digest, in->sk, NULL, NULL))
    return 0;
  return secp256k1_ecdsa_signature_serialize_compact (in->sctx, sig, &s);
}

static void
sign_secp (void *vctx, uint64_t iters)
{
  const struct ecc_input *in = vctx;
  unsigned char sig[64];
  while (iters--)
    {
      sign_secp_once (bench_hide_ptr (in), sig);
      bench_consume (sig, sizeof sig);
    }
}

static int
verify_secp_once (const struct ecc_input *in, const unsigned char *digest)
{
  secp256k1_pubkey pub;
  secp256k1_ecdsa_signature s;
  return secp256k1_ec_pubkey_parse (in->sctx, &pub, in->pk, 65)
    && secp256k1_ecdsa_signature_parse_compact (in->sctx, &s, in->sig)
    && secp256k1_ecdsa_verify (in->sctx, &s, digest, &pub);
}

static void
verify_secp (void *vctx, uint64_t iters)
{
  const struct ecc_input *in = vctx;
  uint64_t acc = 0;
  while (iters--)
    {
      const struct ecc_input *h = bench_hide_ptr (in);
      acc += (uint64_t) verify_secp_once (h, h->digest);
    }
  bench_consume_u64 (acc);
}
#endif

/* ---------------------------------------------------------- OpenSSL */

#ifdef HAVE_OPENSSL
static int
sign_ossl_once (const struct ecc_input *in, unsigned char sig[64])
{
  ECDSA_SIG *s = ECDSA_do_sign (in->digest, 32, in->okey);
  const BIGNUM *r, *ss;
  int ok;
  if (!s)
    return 0;
  ECDSA_SIG_get0 (s, &r, &ss);
  ok = BN_bn2binpad (r, sig, 32) == 32 && BN_bn2binpad (ss, sig + 32, 32) == 32;
  ECDSA_SIG_free (s);
  return ok;
}

static void
sign_ossl (void *vctx, uint64_t iters)
{
  const struct ecc_input *in = vctx;
  unsigned char sig[64];
  while (iters--)
    {
      sign_ossl_once (bench_hide_ptr (in), sig);
      bench_consume (sig, sizeof sig);
    }
}

static int
verify_ossl_once (const struct ecc_input *in, const unsigned char *digest)
{
  ECDSA_SIG *s = ECDSA_SIG_new ();
  BIGNUM *r = BN_bin2bn (in->sig, 32, NULL);
  BIGNUM *ss = BN_bin2bn (in->sig + 32, 32, NULL);
  int ok = 0;
  if (s && r && ss && ECDSA_SIG_set0 (s, r, ss))
    {
      r = ss = NULL;            /* owned by s now */
      ok = ECDSA_do_verify (digest, 32, s, in->okey) == 1;
    }
  BN_free (r);
  BN_free (ss);
  ECDSA_SIG_free (s);
  return ok;
}

static void
verify_ossl (void *vctx, uint64_t iters)
{
  const struct ecc_input *in = vctx;
  uint64_t acc = 0;
  while (iters--)
    {
      const struct ecc_input *h = bench_hide_ptr (in);
      acc += (uint64_t) verify_ossl_once (h, h->digest);
    }
  bench_consume_u64 (acc);
}

/* The EC_KEY of the secret key SK with public key PK (65 bytes). */
static EC_KEY *
ossl_key (const unsigned char *sk, const unsigned char *pk)
{
  EC_KEY *k = EC_KEY_new_by_curve_name (NID_secp256k1);
  BIGNUM *d = BN_bin2bn (sk, 32, NULL);
  EC_POINT *q = NULL;
  int ok = 0;
  if (k && d)
    {
      q = EC_POINT_new (EC_KEY_get0_group (k));
      ok = q && EC_POINT_oct2point (EC_KEY_get0_group (k), q, pk, 65, NULL)
        && EC_KEY_set_private_key (k, d) && EC_KEY_set_public_key (k, q)
        && EC_KEY_check_key (k);
    }
  EC_POINT_free (q);
  BN_clear_free (d);
  if (!ok)
    {
      EC_KEY_free (k);
      return NULL;
    }
  return k;
}
#endif

/* -------------------------------------------------------- libgcrypt */

#ifdef HAVE_LIBGCRYPT
static gcry_error_t
sign_gcry_once (const struct ecc_input *in, gcry_sexp_t *sig)
{
  return gcry_pk_sign (sig, in->gdata, in->gskey);
}

static void
sign_gcry (void *vctx, uint64_t iters)
{
  const struct ecc_input *in = vctx;
  uint64_t acc = 0;
  while (iters--)
    {
      gcry_sexp_t s = NULL;
      acc += sign_gcry_once (bench_hide_ptr (in), &s);
      acc += (uint64_t) (uintptr_t) s;
      gcry_sexp_release (s);
    }
  bench_consume_u64 (acc);
}

static void
verify_gcry (void *vctx, uint64_t iters)
{
  const struct ecc_input *in = vctx;
  uint64_t acc = 0;
  while (iters--)
    {
      const struct ecc_input *h = bench_hide_ptr (in);
      acc += gcry_pk_verify (h->gsig, h->gdata, h->gpkey);
    }
  bench_consume_u64 (acc);
}

/* The 32-byte value of the MPI named TOKEN in the S-expression S. */
static int
gcry_get32 (gcry_sexp_t s, const char *token, unsigned char out[32])
{
  gcry_sexp_t l = gcry_sexp_find_token (s, token, 0);
  gcry_mpi_t m;
  size_t n = 0;
  int ok = 0;
  if (!l)
    return 0;
  m = gcry_sexp_nth_mpi (l, 1, GCRYMPI_FMT_USG);
  gcry_sexp_release (l);
  if (m && gcry_mpi_get_nbits (m) <= 256)
    {
      unsigned char buf[32];
      ok = !gcry_mpi_print (GCRYMPI_FMT_USG, buf, sizeof buf, &n, m);
      if (ok)
        {
          memset (out, 0, 32);
          memcpy (out + 32 - n, buf, n);
        }
    }
  gcry_mpi_release (m);
  return ok;
}
#endif

/* ------------------------------------------------------------- rows */

#ifdef HAVE_LIBGCRYPT
static const unsigned char order_n[32] = {
  0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
  0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe,
  0xba, 0xae, 0xdc, 0xe6, 0xaf, 0x48, 0xa0, 0x3b,
  0xbf, 0xd2, 0x5e, 0x8c, 0xd0, 0x36, 0x41, 0x41
};

/* OUT = n - A (A in [1, n-1]), 32-byte big endian. */
static void
negate_mod_n (unsigned char out[32], const unsigned char a[32])
{
  int i, borrow = 0;
  for (i = 31; i >= 0; i--)
    {
      int d = order_n[i] - a[i] - borrow;
      borrow = d < 0;
      out[i] = (unsigned char) (d + (borrow ? 256 : 0));
    }
}
#endif

static void
setup_input (struct ecc_input *in)
{
  size_t len = 64;
  int i;

  memset (in, 0, sizeof *in);
  for (i = 0; i < 32; i++)
    {
      in->sk[i] = (unsigned char) (0x2c ^ (i * 83));
      in->digest[i] = (unsigned char) (0x61 + i * 7);
    }
  in->sk[0] = 0x5e;                   /* below n */
  memcpy (in->other, in->digest, 32);
  in->other[9] ^= 0x40;
  if (kc_ecc_pubkey (KC_ECC_SECP256K1, in->pk, 65, in->sk, 32)
      || kc_ecdsa_sign (KC_ECC_SECP256K1, 0, in->sig, &len, in->sk, 32,
                        in->digest, 32)
      || len != 64
      || kc_ecdsa_verify (KC_ECC_SECP256K1, 0, in->sig, 64, in->pk, 65,
                          in->digest, 32))
    bench_fail ("ecc", "our key, signature or verification failed");
}

static void
rows_ecc (void)
{
  static struct ecc_input in;
  struct peer_side sign[PEERS_MAX_SIDES], verify[PEERS_MAX_SIDES];
  size_t ns = 0, nv = 0;
  const char *psign = "ecc/secp256k1/sign", *pverify = "ecc/secp256k1/verify";
  int want_sign = peers_row_wanted (psign);
  int want_verify = peers_row_wanted (pverify);

  if (!want_sign && !want_verify)
    return;
  setup_input (&in);
  sign[ns].who = "ours";
  sign[ns].body = sign_ours;
  sign[ns++].ctx = &in;
  verify[nv].who = "ours";
  verify[nv].body = verify_ours;
  verify[nv++].ctx = &in;

#ifdef HAVE_LIBSECP256K1
  {
    unsigned char sig[64];
    in.sctx = secp256k1_context_create (SECP256K1_CONTEXT_SIGN
                                        | SECP256K1_CONTEXT_VERIFY);
    bench_check ("ecc", in.sctx, "secp256k1_context_create failed");
    bench_check ("ecc", sign_secp_once (&in, sig)
                 && !memcmp (sig, in.sig, 64),
                 "libsecp256k1's signature differs from ours");
    bench_check ("ecc", verify_secp_once (&in, in.digest),
                 "libsecp256k1 rejects our signature");
    bench_check ("ecc", !verify_secp_once (&in, in.other),
                 "libsecp256k1 accepts our signature for another digest");
    sign[ns].who = "secp256k1";
    sign[ns].body = sign_secp;
    sign[ns++].ctx = &in;
    verify[nv].who = "secp256k1";
    verify[nv].body = verify_secp;
    verify[nv++].ctx = &in;
  }
#endif
#ifdef HAVE_OPENSSL
  {
    unsigned char sig[64];
    in.okey = ossl_key (in.sk, in.pk);
    bench_check ("ecc", in.okey, "OpenSSL rejects our key pair");
    bench_check ("ecc", sign_ossl_once (&in, sig), "ECDSA_do_sign failed");
    /* OpenSSL may give a high s: accept both, as the default verify does */
    bench_check ("ecc", !kc_ecdsa_verify (KC_ECC_SECP256K1, 0, sig, 64, in.pk,
                                          65, in.digest, 32),
                 "OpenSSL's signature does not verify with ours");
    bench_check ("ecc", verify_ossl_once (&in, in.digest),
                 "OpenSSL rejects our signature");
    bench_check ("ecc", !verify_ossl_once (&in, in.other),
                 "OpenSSL accepts our signature for another digest");
    sign[ns].who = "openssl";
    sign[ns].body = sign_ossl;
    sign[ns++].ctx = &in;
    verify[nv].who = "openssl";
    verify[nv].body = verify_ossl;
    verify[nv++].ctx = &in;
  }
#endif
#ifdef HAVE_LIBGCRYPT
  {
    gcry_sexp_t s = NULL;
    unsigned char r[32], ss[32], negs[32];
    gcry_error_t err;

    err = gcry_sexp_build (&in.gskey, NULL,
                           "(private-key (ecc (curve secp256k1) (q %b) (d %b)))",
                           65, in.pk, 32, in.sk);
    if (!err)
      err = gcry_sexp_build (&in.gpkey, NULL,
                             "(public-key (ecc (curve secp256k1) (q %b)))",
                             65, in.pk);
    if (!err)
      err = gcry_sexp_build (&in.gdata, NULL,
                             "(data (flags rfc6979) (hash sha256 %b))",
                             32, in.digest);
    if (!err)
      err = gcry_sexp_build (&in.gother, NULL,
                             "(data (flags rfc6979) (hash sha256 %b))",
                             32, in.other);
    if (!err)
      err = gcry_sexp_build (&in.gsig, NULL,
                             "(sig-val (ecdsa (r %b) (s %b)))",
                             32, in.sig, 32, in.sig + 32);
    bench_check ("ecc", !err, "gcry_sexp_build: %s", gcry_strerror (err));
    err = gcry_pk_testkey (in.gskey);
    bench_check ("ecc", !err, "libgcrypt rejects our key pair: %s",
                 gcry_strerror (err));
    err = sign_gcry_once (&in, &s);
    bench_check ("ecc", !err, "gcry_pk_sign: %s", gcry_strerror (err));
    bench_check ("ecc", gcry_get32 (s, "r", r) && gcry_get32 (s, "s", ss),
                 "no r or s in libgcrypt's signature");
    gcry_sexp_release (s);
    negate_mod_n (negs, ss);
    bench_check ("ecc", !memcmp (r, in.sig, 32)
                 && (!memcmp (ss, in.sig + 32, 32)
                     || !memcmp (negs, in.sig + 32, 32)),
                 "libgcrypt's RFC 6979 signature differs from ours");
    err = gcry_pk_verify (in.gsig, in.gdata, in.gpkey);
    bench_check ("ecc", !err, "libgcrypt rejects our signature: %s",
                 gcry_strerror (err));
    err = gcry_pk_verify (in.gsig, in.gother, in.gpkey);
    bench_check ("ecc", err, "libgcrypt accepts our signature for another "
                 "digest");
    sign[ns].who = "libgcrypt";
    sign[ns].body = sign_gcry;
    sign[ns++].ctx = &in;
    verify[nv].who = "libgcrypt";
    verify[nv].body = verify_gcry;
    verify[nv++].ctx = &in;
  }
#endif

  if (want_sign)
    peers_compare (psign, BENCH_US_PER_OP, 1, sign, ns);
  if (want_verify)
    peers_compare (pverify, BENCH_US_PER_OP, 1, verify, nv);

#ifdef HAVE_LIBSECP256K1
  secp256k1_context_destroy (in.sctx);
#endif
#ifdef HAVE_OPENSSL
  EC_KEY_free (in.okey);
#endif
#ifdef HAVE_LIBGCRYPT
  gcry_sexp_release (in.gskey);
  gcry_sexp_release (in.gpkey);
  gcry_sexp_release (in.gdata);
  gcry_sexp_release (in.gother);
  gcry_sexp_release (in.gsig);
#endif
  wipememory (&in, sizeof in);
}

/* sntrup761 beside libgcrypt: libgcrypt has it from 1.11 on (gcry_kem_*);
 * with an older one the row is not built and a note says so. */
static void
rows_kem (void)
{
#ifdef HAVE_LIBGCRYPT
  if (!peers_row_wanted ("kem/sntrup761"))
    return;
  if (!gcry_check_version ("1.11.0"))
    fprintf (bench_cfg.csv ? stderr : stdout,
             "  kem/sntrup761: no peer row: libgcrypt %s has no sntrup761 "
             "(it came in 1.11)\n", gcry_check_version (NULL));
  else
    fprintf (bench_cfg.csv ? stderr : stdout,
             "  kem/sntrup761: no peer row yet for libgcrypt %s "
             "(gcry_kem_* is not wired into bench-peers)\n",
             gcry_check_version (NULL));
#endif
}

void
bench_peers_ecc (void)
{
  rows_ecc ();
  rows_kem ();
}
