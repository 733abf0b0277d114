/* bench-ecc.c - bench-slope group "ecc": secp256k1 and NIST P-256 through
 * the public API.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Rows ecc/secp256k1/<op>, microseconds per operation:
 *   keypair        kc_ecc_keypair, 65-byte public key (system RNG
 *                  included, as users pay it)
 *   pubkey         kc_ecc_pubkey: k*G and encoding of a fixed secret key
 *   sign           kc_ecdsa_sign, r||s (RFC 6979 nonce, low-S)
 *   sign_der       kc_ecdsa_sign with KC_ECDSA_DER
 *   verify         kc_ecdsa_verify of a valid r||s signature, 65-byte key
 *   verify_der     kc_ecdsa_verify of the same signature in DER
 *   parse_compressed, parse_uncompressed
 *                  public-key parsing (33-byte 02/03 || X: a square root;
 *                  65-byte 04 || X || Y: an on-curve check).  The public
 *                  API has no parse call of its own, so these rows call
 *                  kc_ecdsa_verify with a signature whose r is 0: verify
 *                  parses the key, then rejects r at once (before any
 *                  scalar multiplication), so the figure is the parse
 *                  plus the argument checks.  The self-check makes sure
 *                  the key was parsed (a bad key gives GPG_ERR_BAD_PUBKEY,
 *                  the good one GPG_ERR_BAD_SIGNATURE).
 *   schnorr_sign   kc_schnorr_sign (BIP-340) of a 32-byte message, aux_rand
 *   schnorr_verify kc_schnorr_verify of that signature
 *   ecdh           kc_ecdh (hashed), 33-byte peer key
 *   sign_recoverable  kc_ecdsa_sign with KC_ECDSA_RECOVERABLE
 *   recover        kc_ecdsa_recover to a 33-byte key
 *   seckey_tweak   kc_ecc_seckey_tweak_add
 *   pubkey_tweak   kc_ecc_pubkey_tweak_add, 33-byte key in and out
 *   xonly_tweak    kc_ecc_xonly_tweak_add (BIP-341 output key)
 *   ellswift_encode  kc_ellswift_encode (BIP-324) of a 33-byte key, rnd
 *   ellswift_decode  kc_ellswift_decode to a 33-byte key
 *   ellswift_create  kc_ellswift_create of a secret key, aux
 *   ellswift_xdh     kc_ellswift_xdh (party A)
 *   verify_batch<B>_per_sig (B = 1, 8, 64, 1024)
 *                  kc_ecdsa_verify_batch of B valid r||s signatures under
 *                  B different 65-byte keys, microseconds per signature
 *                  (one iteration is one call)
 *   schnorr_verify_batch<B>_per_sig (B = 1, 8, 64, 1024)
 *                  kc_schnorr_verify_batch of B valid BIP-340 signatures
 *                  (32-byte messages) under B different keys, us per
 *                  signature; timed interleaved with the two internal
 *                  paths it chooses between, on the same items prepared
 *                  (parsed, challenge hashed) beforehand:
 *   schnorr_batch_each<B>_per_sig   _kc_schnorr_verify_each_var (each
 *                  item on its own; eight at a time in the AVX-512 IFMA
 *                  lanes when usable)
 *   schnorr_batch_msm<B>_per_sig    _kc_schnorr_verify_batch_msm_var (the
 *                  random-coefficient batch equation)
 * Rows ecc/p256/<op> (NIST P-256, cipher/p256/), microseconds:
 *   keypair, pubkey, sign, verify (r||s, 65-byte key), verify_compressed
 *   (33-byte key: the square root too), ecdh (65-byte peer key)
 * Self-check before timing: 2G and 3G (kc_ecc_pubkey of the secret keys 2
 * and 3) equal their known coordinates, compressed and uncompressed; a
 * signature verifies (r||s and DER, with both key encodings) and fails on
 * another digest; the parse rows' calls fail for the right reason; the
 * Schnorr signature verifies, recovery gives the signer's key, ECDH agrees
 * from both sides, and the pubkey tweak is the tweaked seckey's key.
 */
#include "kcrypt-int.h"
#include <stdio.h>
#include "bench.h"
#include "secp256k1/schnorr-batch.h"

#define SECP_SK   KC_ECC_SECP256K1_SECKEY_LEN
#define SECP_PK   KC_ECC_SECP256K1_PUBKEY_LEN
#define SECP_PKC  KC_ECC_SECP256K1_PUBKEY_COMPRESSED_LEN
#define SECP_SIG  KC_ECDSA_SECP256K1_SIG_LEN
#define SECP_DER  KC_ECDSA_SECP256K1_DER_MAX_LEN

struct ecc_ctx
{
  unsigned char sk[SECP_SK];
  unsigned char pk[SECP_PK];
  unsigned char pkc[SECP_PKC];
  unsigned char digest[32];
  unsigned char sig[SECP_SIG];
  unsigned char der[SECP_DER];
  size_t der_len;
  unsigned char sig_r0[SECP_SIG];       /* r = 0: rejected after the parse */
};

static void
body_keypair (void *vctx, uint64_t iters)
{
  unsigned char pk[SECP_PK], sk[SECP_SK];
  (void) vctx;
  while (iters--)
    {
      kc_ecc_keypair (KC_ECC_SECP256K1, pk, sizeof pk, sk, sizeof sk);
      bench_consume (pk, sizeof pk);
    }
  wipememory (sk, sizeof sk);
}

static void
body_pubkey (void *vctx, uint64_t iters)
{
  const struct ecc_ctx *c = vctx;
  unsigned char pk[SECP_PK];
  while (iters--)
    {
      kc_ecc_pubkey (KC_ECC_SECP256K1, pk, sizeof pk,
                     bench_hide_ptr (c->sk), SECP_SK);
      bench_consume (pk, sizeof pk);
    }
}

static void
sign_loop (const struct ecc_ctx *c, unsigned int flags, uint64_t iters)
{
  unsigned char sig[SECP_DER];
  while (iters--)
    {
      size_t len = sizeof sig;
      kc_ecdsa_sign (KC_ECC_SECP256K1, flags, sig, &len,
                     bench_hide_ptr (c->sk), SECP_SK,
                     bench_hide_ptr (c->digest), sizeof c->digest);
      bench_consume (sig, len);
    }
}

static void
body_sign (void *vctx, uint64_t iters)
{
  sign_loop (vctx, 0, iters);
}

static void
body_sign_der (void *vctx, uint64_t iters)
{
  sign_loop (vctx, KC_ECDSA_DER, iters);
}

static void
verify_loop (const unsigned char *sig, size_t sig_len, unsigned int flags,
             const unsigned char *pk, size_t pk_len,
             const unsigned char *digest, uint64_t iters)
{
  uint64_t acc = 0;
  while (iters--)
    acc += kc_ecdsa_verify (KC_ECC_SECP256K1, flags, bench_hide_ptr (sig),
                            sig_len, bench_hide_ptr (pk), pk_len,
                            bench_hide_ptr (digest), 32);
  bench_consume_u64 (acc);
}

static void
body_verify (void *vctx, uint64_t iters)
{
  const struct ecc_ctx *c = vctx;
  verify_loop (c->sig, SECP_SIG, 0, c->pk, SECP_PK, c->digest, iters);
}

static void
body_verify_der (void *vctx, uint64_t iters)
{
  const struct ecc_ctx *c = vctx;
  verify_loop (c->der, c->der_len, KC_ECDSA_DER, c->pk, SECP_PK, c->digest,
               iters);
}

static void
body_parse_compressed (void *vctx, uint64_t iters)
{
  const struct ecc_ctx *c = vctx;
  verify_loop (c->sig_r0, SECP_SIG, 0, c->pkc, SECP_PKC, c->digest, iters);
}

static void
body_parse_uncompressed (void *vctx, uint64_t iters)
{
  const struct ecc_ctx *c = vctx;
  verify_loop (c->sig_r0, SECP_SIG, 0, c->pk, SECP_PK, c->digest, iters);
}

/* kc_ecc_pubkey of the secret key K (small) must be the point with affine
 * coordinates X, Y (hex), in both encodings. */
static void
check_multiple (const struct bench_group *g, unsigned int k, const char *x,
                const char *y)
{
  unsigned char sk[SECP_SK], pk[SECP_PK], pkc[SECP_PKC];
  char what[32];
  gpg_error_t err;

  memset (sk, 0, sizeof sk);
  sk[31] = (unsigned char) k;
  err = kc_ecc_pubkey (KC_ECC_SECP256K1, pk, sizeof pk, sk, sizeof sk);
  bench_check (g->name, !err, "kc_ecc_pubkey (%u): %s", k,
               gpg_strerror (err));
  err = kc_ecc_pubkey (KC_ECC_SECP256K1, pkc, sizeof pkc, sk, sizeof sk);
  bench_check (g->name, !err, "kc_ecc_pubkey (%u, compressed): %s", k,
               gpg_strerror (err));
  snprintf (what, sizeof what, "%uG x", k);
  bench_check (g->name, pk[0] == 0x04, "%uG: prefix %02x", k, pk[0]);
  bench_check_hex (g->name, what, pk + 1, 32, x);
  snprintf (what, sizeof what, "%uG y", k);
  bench_check_hex (g->name, what, pk + 33, 32, y);
  snprintf (what, sizeof what, "%uG compressed x", k);
  bench_check_hex (g->name, what, pkc + 1, 32, x);
  bench_check (g->name, pkc[0] == (0x02 | (pk[64] & 1)),
               "%uG compressed: prefix %02x", k, pkc[0]);
}

static void
self_check (const struct bench_group *g, struct ecc_ctx *c)
{
  unsigned char other[32], badpk[SECP_PKC];
  size_t len;
  gpg_error_t err;

  check_multiple (g, 2,
    "c6047f9441ed7d6d3045406e95c07cd85c778e4b8cef3ca7abac09b95c709ee5",
    "1ae168fea63dc339a3c58419466ceaeef7f632653266d0e1236431a950cfe52a");
  check_multiple (g, 3,
    "f9308a019258c31049344f85f89d5229b531c845836f99b08601f113bce036f9",
    "388f7b0f632de8140fe337e62a37f3566500a99934c2231b6cb9fd7584b8e672");

  err = kc_ecc_pubkey (KC_ECC_SECP256K1, c->pk, sizeof c->pk, c->sk,
                       sizeof c->sk);
  bench_check (g->name, !err, "kc_ecc_pubkey: %s", gpg_strerror (err));
  err = kc_ecc_pubkey (KC_ECC_SECP256K1, c->pkc, sizeof c->pkc, c->sk,
                       sizeof c->sk);
  bench_check (g->name, !err, "kc_ecc_pubkey: %s", gpg_strerror (err));
  len = sizeof c->sig;
  err = kc_ecdsa_sign (KC_ECC_SECP256K1, 0, c->sig, &len, c->sk, sizeof c->sk,
                       c->digest, sizeof c->digest);
  bench_check (g->name, !err && len == SECP_SIG, "kc_ecdsa_sign: %s",
               gpg_strerror (err));
  c->der_len = sizeof c->der;
  err = kc_ecdsa_sign (KC_ECC_SECP256K1, KC_ECDSA_DER, c->der, &c->der_len,
                       c->sk, sizeof c->sk, c->digest, sizeof c->digest);
  bench_check (g->name, !err, "kc_ecdsa_sign (DER): %s", gpg_strerror (err));

  err = kc_ecdsa_verify (KC_ECC_SECP256K1, 0, c->sig, SECP_SIG, c->pk,
                         SECP_PK, c->digest, 32);
  bench_check (g->name, !err, "verify (r||s): %s", gpg_strerror (err));
  err = kc_ecdsa_verify (KC_ECC_SECP256K1, KC_ECDSA_LOW_S, c->sig, SECP_SIG,
                         c->pkc, SECP_PKC, c->digest, 32);
  bench_check (g->name, !err, "verify (compressed key, low-S): %s",
               gpg_strerror (err));
  err = kc_ecdsa_verify (KC_ECC_SECP256K1, KC_ECDSA_DER, c->der, c->der_len,
                         c->pk, SECP_PK, c->digest, 32);
  bench_check (g->name, !err, "verify (DER): %s", gpg_strerror (err));
  memcpy (other, c->digest, 32);
  other[5] ^= 0x10;
  err = kc_ecdsa_verify (KC_ECC_SECP256K1, 0, c->sig, SECP_SIG, c->pk,
                         SECP_PK, other, 32);
  bench_check (g->name, gpg_err_code (err) == GPG_ERR_BAD_SIGNATURE,
               "a signature verifies for another digest");

  /* The parse rows: r = 0 is rejected after the key is parsed. */
  memset (c->sig_r0, 0, 32);
  memcpy (c->sig_r0 + 32, c->sig + 32, 32);
  err = kc_ecdsa_verify (KC_ECC_SECP256K1, 0, c->sig_r0, SECP_SIG, c->pkc,
                         SECP_PKC, c->digest, 32);
  bench_check (g->name, gpg_err_code (err) == GPG_ERR_BAD_SIGNATURE,
               "r = 0 with a compressed key: %s", gpg_strerror (err));
  err = kc_ecdsa_verify (KC_ECC_SECP256K1, 0, c->sig_r0, SECP_SIG, c->pk,
                         SECP_PK, c->digest, 32);
  bench_check (g->name, gpg_err_code (err) == GPG_ERR_BAD_SIGNATURE,
               "r = 0 with an uncompressed key: %s", gpg_strerror (err));
  /* x = 5: 125 + 7 = 132 is not a square mod p, so the key is rejected;
   * this shows the parse runs before the signature is looked at. */
  memset (badpk, 0, sizeof badpk);
  badpk[0] = 0x02;
  badpk[32] = 5;
  err = kc_ecdsa_verify (KC_ECC_SECP256K1, 0, c->sig_r0, SECP_SIG, badpk,
                         SECP_PKC, c->digest, 32);
  bench_check (g->name, gpg_err_code (err) == GPG_ERR_BAD_PUBKEY,
               "an x off the curve: %s", gpg_strerror (err));
}

/* ---------------------------------------------- the Bitcoin additions */

struct btc_ctx
{
  const struct ecc_ctx *c;
  unsigned char peer[SECP_PKC], aux[32], tweak[32];
  unsigned char ssig[KC_SCHNORR_SECP256K1_SIG_LEN];
  unsigned char rsig[KC_ECDSA_SECP256K1_RECOVERABLE_SIG_LEN];
  unsigned char xonly[KC_ECC_SECP256K1_XONLY_LEN];
};

enum btc_op { SCH_SIGN, SCH_VERIFY, ECDH, REC_SIGN, RECOVER, SK_TWEAK,
              PK_TWEAK, XO_TWEAK };

static uint64_t
btc_op (const struct btc_ctx *b, enum btc_op op)
{
  const struct ecc_ctx *c = b->c;
  unsigned char out[SECP_PK], sk[SECP_SK];
  size_t len = sizeof out;
  gpg_error_t err = 0;
  int parity = 0;

  switch (op)
    {
    case SCH_SIGN:
      err = kc_schnorr_sign (KC_ECC_SECP256K1, out, 64, bench_hide_ptr (c->sk),
                             SECP_SK, bench_hide_ptr (c->digest), 32,
                             b->aux, 32);
      break;
    case SCH_VERIFY:
      err = kc_schnorr_verify (KC_ECC_SECP256K1, bench_hide_ptr (b->ssig), 64,
                               bench_hide_ptr (b->xonly), 32,
                               bench_hide_ptr (c->digest), 32);
      break;
    case ECDH:
      err = kc_ecdh (KC_ECC_SECP256K1, 0, out, 32, bench_hide_ptr (c->sk),
                     SECP_SK, bench_hide_ptr (b->peer), SECP_PKC);
      break;
    case REC_SIGN:
      err = kc_ecdsa_sign (KC_ECC_SECP256K1, KC_ECDSA_RECOVERABLE, out, &len,
                           bench_hide_ptr (c->sk), SECP_SK,
                           bench_hide_ptr (c->digest), 32);
      break;
    case RECOVER:
      err = kc_ecdsa_recover (KC_ECC_SECP256K1, out, SECP_PKC,
                              bench_hide_ptr (b->rsig), sizeof b->rsig,
                              bench_hide_ptr (c->digest), 32);
      break;
    case SK_TWEAK:
      memcpy (sk, bench_hide_ptr (c->sk), SECP_SK);
      err = kc_ecc_seckey_tweak_add (KC_ECC_SECP256K1, sk, SECP_SK,
                                     bench_hide_ptr (b->tweak), 32);
      memcpy (out, sk, SECP_SK);
      wipememory (sk, sizeof sk);
      break;
    case PK_TWEAK:
      err = kc_ecc_pubkey_tweak_add (KC_ECC_SECP256K1, out, SECP_PKC,
                                     bench_hide_ptr (c->pkc), SECP_PKC,
                                     bench_hide_ptr (b->tweak), 32);
      break;
    case XO_TWEAK:
      err = kc_ecc_xonly_tweak_add (KC_ECC_SECP256K1, out, 32, &parity,
                                    bench_hide_ptr (b->xonly), 32,
                                    bench_hide_ptr (b->tweak), 32);
      break;
    }
  bench_consume (out, 32);
  return err + (uint64_t) parity;
}

#define BTC_BODY(name, op) \
  static void name (void *vctx, uint64_t iters) \
  { uint64_t acc = 0; while (iters--) acc += btc_op (vctx, op); \
    bench_consume_u64 (acc); }
BTC_BODY (body_schnorr_sign, SCH_SIGN)
BTC_BODY (body_schnorr_verify, SCH_VERIFY)
BTC_BODY (body_ecdh, ECDH)
BTC_BODY (body_sign_recoverable, REC_SIGN)
BTC_BODY (body_recover, RECOVER)
BTC_BODY (body_seckey_tweak, SK_TWEAK)
BTC_BODY (body_pubkey_tweak, PK_TWEAK)
BTC_BODY (body_xonly_tweak, XO_TWEAK)

static void
btc_setup (const struct bench_group *g, struct btc_ctx *b,
           const struct ecc_ctx *c)
{
  unsigned char sk2[SECP_SK], s1[32], s2[32], pk[SECP_PKC], t[SECP_PKC];
  size_t len = sizeof b->rsig;
  int i;
  gpg_error_t err;

  b->c = c;
  for (i = 0; i < 32; i++)
    {
      sk2[i] = (unsigned char) (0x35 + i * 7);
      b->aux[i] = (unsigned char) (i * 3);
      b->tweak[i] = (unsigned char) (0x17 ^ (i * 13));
    }
  b->tweak[0] = 0x2c;                            /* below n */
  err = kc_ecc_pubkey (KC_ECC_SECP256K1, b->peer, SECP_PKC, sk2, SECP_SK)
        | kc_ecc_xonly_pubkey (KC_ECC_SECP256K1, b->xonly, 32, NULL, c->sk,
                               SECP_SK)
        | kc_schnorr_sign (KC_ECC_SECP256K1, b->ssig, 64, c->sk, SECP_SK,
                           c->digest, 32, b->aux, 32)
        | kc_ecdsa_sign (KC_ECC_SECP256K1, KC_ECDSA_RECOVERABLE, b->rsig, &len,
                         c->sk, SECP_SK, c->digest, 32);
  bench_check (g->name, !err, "Bitcoin set-up: %s", gpg_strerror (err));
  bench_check (g->name, !btc_op (b, SCH_VERIFY), "schnorr verify");
  bench_check (g->name, !kc_ecdsa_recover (KC_ECC_SECP256K1, pk, SECP_PKC,
                                           b->rsig, sizeof b->rsig,
                                           c->digest, 32)
               && !memcmp (pk, c->pkc, SECP_PKC), "recovery");
  bench_check (g->name, !kc_ecdh (KC_ECC_SECP256K1, 0, s1, 32, c->sk, SECP_SK,
                                  b->peer, SECP_PKC)
               && !kc_ecdh (KC_ECC_SECP256K1, 0, s2, 32, sk2, SECP_SK,
                            c->pkc, SECP_PKC)
               && !memcmp (s1, s2, 32), "ecdh from both sides");
  memcpy (sk2, c->sk, SECP_SK);
  bench_check (g->name, !kc_ecc_seckey_tweak_add (KC_ECC_SECP256K1, sk2,
                                                  SECP_SK, b->tweak, 32)
               && !kc_ecc_pubkey (KC_ECC_SECP256K1, pk, SECP_PKC, sk2, SECP_SK)
               && !kc_ecc_pubkey_tweak_add (KC_ECC_SECP256K1, t, SECP_PKC,
                                            c->pkc, SECP_PKC, b->tweak, 32)
               && !memcmp (pk, t, SECP_PKC), "tweaks");
  wipememory (sk2, sizeof sk2);
}

/* ------------------------------------------------------ ElligatorSwift */

struct ell_ctx
{
  const struct ecc_ctx *c;
  unsigned char rnd[32], ell[64], ell2[64];
};

enum ell_op { ELL_ENCODE, ELL_DECODE, ELL_CREATE, ELL_XDH };

static uint64_t
ell_op (const struct ell_ctx *e, enum ell_op op)
{
  const struct ecc_ctx *c = e->c;
  unsigned char out[64];
  gpg_error_t err = 0;

  switch (op)
    {
    case ELL_ENCODE:
      err = kc_ellswift_encode (KC_ECC_SECP256K1, out, 64,
                                bench_hide_ptr (c->pkc), SECP_PKC,
                                bench_hide_ptr (e->rnd), 32);
      break;
    case ELL_DECODE:
      err = kc_ellswift_decode (KC_ECC_SECP256K1, out, SECP_PKC,
                                bench_hide_ptr (e->ell2), 64);
      break;
    case ELL_CREATE:
      err = kc_ellswift_create (KC_ECC_SECP256K1, out, 64,
                                bench_hide_ptr (c->sk), SECP_SK,
                                bench_hide_ptr (e->rnd), 32);
      break;
    case ELL_XDH:
      err = kc_ellswift_xdh (KC_ECC_SECP256K1, out, 32, bench_hide_ptr (e->ell),
                             64, bench_hide_ptr (e->ell2), 64,
                             bench_hide_ptr (c->sk), SECP_SK,
                             KC_ELLSWIFT_PARTY_A);
      break;
    }
  bench_consume (out, 32);
  return err;
}

#define ELL_BODY(name, op) \
  static void name (void *vctx, uint64_t iters) \
  { uint64_t acc = 0; while (iters--) acc += ell_op (vctx, op); \
    bench_consume_u64 (acc); }
ELL_BODY (body_ellswift_encode, ELL_ENCODE)
ELL_BODY (body_ellswift_decode, ELL_DECODE)
ELL_BODY (body_ellswift_create, ELL_CREATE)
ELL_BODY (body_ellswift_xdh, ELL_XDH)

/* The encodings of our key and of another; both sides of xdh agree. */
static void
ell_setup (const struct bench_group *g, struct ell_ctx *e,
           const struct ecc_ctx *c)
{
  unsigned char sk2[SECP_SK], s1[32], s2[32], pk[SECP_PKC];
  int i;

  e->c = c;
  for (i = 0; i < 32; i++)
    {
      sk2[i] = (unsigned char) (0x53 + i * 5);
      e->rnd[i] = (unsigned char) (i * 11);
    }
  bench_check (g->name,
               !kc_ellswift_create (KC_ECC_SECP256K1, e->ell, 64, c->sk,
                                    SECP_SK, NULL, 0)
               && !kc_ellswift_create (KC_ECC_SECP256K1, e->ell2, 64, sk2,
                                       SECP_SK, NULL, 0)
               && !kc_ellswift_decode (KC_ECC_SECP256K1, pk, SECP_PKC,
                                       e->ell, 64)
               && !memcmp (pk, c->pkc, SECP_PKC), "ellswift round trip");
  bench_check (g->name,
               !kc_ellswift_xdh (KC_ECC_SECP256K1, s1, 32, e->ell, 64, e->ell2,
                                 64, c->sk, SECP_SK, KC_ELLSWIFT_PARTY_A)
               && !kc_ellswift_xdh (KC_ECC_SECP256K1, s2, 32, e->ell, 64,
                                    e->ell2, 64, sk2, SECP_SK,
                                    KC_ELLSWIFT_PARTY_B)
               && !memcmp (s1, s2, 32), "ellswift xdh from both sides");
  wipememory (sk2, sizeof sk2);
}

#define BATCH_MAX 1024
struct batch_ctx
{
  unsigned char pk[BATCH_MAX][SECP_PK], digest[BATCH_MAX][32];
  unsigned char sig[BATCH_MAX][SECP_SIG];
  const void *sigs[BATCH_MAX], *pks[BATCH_MAX], *dgs[BATCH_MAX];
  size_t sig_lens[BATCH_MAX], pk_lens[BATCH_MAX], dg_lens[BATCH_MAX];
  size_t b;                             /* the batch size of the row */
};
static struct batch_ctx batch[4];

static void
body_verify_batch (void *vctx, uint64_t iters)
{
  const struct batch_ctx *c = vctx;
  uint64_t acc = 0;
  while (iters--)
    {
      const struct batch_ctx *h = bench_hide_ptr (c);
      acc += kc_ecdsa_verify_batch (KC_ECC_SECP256K1, 0, h->b, h->sigs,
                                    h->sig_lens, h->pks, h->pk_lens, h->dgs,
                                    h->dg_lens, NULL);
    }
  bench_consume_u64 (acc);
}

/* BATCH_MAX keys and signatures (batch[0]); the other rows share them. */
static void
batch_setup (const struct bench_group *g)
{
  static const size_t sizes[4] = { 1, 8, 64, 1024 };
  struct batch_ctx *c = &batch[0];
  size_t i, k;
  gpg_error_t err;

  for (i = 0; i < BATCH_MAX; i++)
    {
      unsigned char sk[SECP_SK];
      size_t len = SECP_SIG;
      for (k = 0; k < 32; k++)
        {
          sk[k] = (unsigned char) (i * 7 + k * 13 + 1);
          c->digest[i][k] = (unsigned char) (i * 3 + k * 5);
        }
      sk[0] = 0x2a;
      err = kc_ecc_pubkey (KC_ECC_SECP256K1, c->pk[i], SECP_PK, sk, SECP_SK);
      if (!err)
        err = kc_ecdsa_sign (KC_ECC_SECP256K1, 0, c->sig[i], &len, sk,
                             SECP_SK, c->digest[i], 32);
      bench_check (g->name, !err, "batch key %zu: %s", i, gpg_strerror (err));
      c->sigs[i] = c->sig[i];
      c->pks[i] = c->pk[i];
      c->dgs[i] = c->digest[i];
      c->sig_lens[i] = SECP_SIG;
      c->pk_lens[i] = SECP_PK;
      c->dg_lens[i] = 32;
    }
  for (k = 0; k < 4; k++)
    {
      if (k)
        batch[k] = batch[0];
      batch[k].b = sizes[k];
    }
  err = kc_ecdsa_verify_batch (KC_ECC_SECP256K1, 0, BATCH_MAX, c->sigs,
                               c->sig_lens, c->pks, c->pk_lens, c->dgs,
                               c->dg_lens, NULL);
  bench_check (g->name, !err, "batch of %d: %s", BATCH_MAX,
               gpg_strerror (err));
  c->digest[77][3] ^= 1;
  err = kc_ecdsa_verify_batch (KC_ECC_SECP256K1, 0, BATCH_MAX, c->sigs,
                               c->sig_lens, c->pks, c->pk_lens, c->dgs,
                               c->dg_lens, NULL);
  bench_check (g->name, gpg_err_code (err) == GPG_ERR_BAD_SIGNATURE,
               "batch with a wrong digest: %s", gpg_strerror (err));
  c->digest[77][3] ^= 1;
  for (k = 1; k < 4; k++)
    memcpy (batch[k].digest, c->digest, sizeof c->digest);
  for (k = 1; k < 4; k++)
    for (i = 0; i < BATCH_MAX; i++)
      {
        batch[k].sigs[i] = batch[k].sig[i];
        batch[k].pks[i] = batch[k].pk[i];
        batch[k].dgs[i] = batch[k].digest[i];
      }
}

/* BIP-340 batches: BATCH_MAX signatures, the rows take the first B. */
struct sbatch_ctx
{
  unsigned char xonly[BATCH_MAX][32], msg[BATCH_MAX][32], sig[BATCH_MAX][64];
  const void *sigs[BATCH_MAX], *xos[BATCH_MAX], *msgs[BATCH_MAX];
  size_t lens[BATCH_MAX];
  _kc_schnorr_item it[BATCH_MAX];
};
static struct sbatch_ctx sbatch;
struct sbatch_row
{
  size_t b;
  int path;                             /* 0 public, 1 each, 2 msm */
};
static int sres[BATCH_MAX];

static void
body_schnorr_batch (void *vctx, uint64_t iters)
{
  const struct sbatch_row *r = vctx;
  uint64_t acc = 0;
  while (iters--)
    {
      const struct sbatch_ctx *h = bench_hide_ptr (&sbatch);
      if (r->path == 0)
        acc += kc_schnorr_verify_batch (KC_ECC_SECP256K1, r->b, h->sigs,
                                        h->xos, h->msgs, h->lens, NULL);
      else if (r->path == 1)
        _kc_schnorr_verify_each_var (sres, r->b, h->it);
      else
        _kc_schnorr_verify_batch_msm_var (sres, r->b, h->it);
      acc += (uint64_t) sres[r->b - 1];
    }
  bench_consume_u64 (acc);
}

static void
sbatch_setup (const struct bench_group *g)
{
  struct sbatch_ctx *c = &sbatch;
  size_t i, k;
  gpg_error_t err;

  for (i = 0; i < BATCH_MAX; i++)
    {
      unsigned char sk[SECP_SK];
      for (k = 0; k < 32; k++)
        {
          sk[k] = (unsigned char) (i * 11 + k * 7 + 3);
          c->msg[i][k] = (unsigned char) (i * 5 + k * 3);
        }
      sk[0] = 0x3c;
      err = kc_ecc_xonly_pubkey (KC_ECC_SECP256K1, c->xonly[i], 32, NULL, sk,
                                 SECP_SK);
      if (!err)
        err = kc_schnorr_sign (KC_ECC_SECP256K1, c->sig[i], 64, sk, SECP_SK,
                               c->msg[i], 32, NULL, 0);
      if (!err)
        err = _kc_schnorr_prepare_var (&c->it[i], c->sig[i], c->xonly[i],
                                       c->msg[i], 32);
      bench_check (g->name, !err, "schnorr batch key %zu: %s", i,
                   gpg_strerror (err));
      c->sigs[i] = c->sig[i];
      c->xos[i] = c->xonly[i];
      c->msgs[i] = c->msg[i];
      c->lens[i] = 32;
    }
  err = kc_schnorr_verify_batch (KC_ECC_SECP256K1, BATCH_MAX, c->sigs, c->xos,
                                 c->msgs, c->lens, NULL);
  bench_check (g->name, !err, "schnorr batch of %d: %s", BATCH_MAX,
               gpg_strerror (err));
  _kc_schnorr_verify_batch_msm_var (sres, BATCH_MAX, c->it);
  for (i = 0; i < BATCH_MAX; i++)
    bench_check (g->name, sres[i] == KC_SCHNORR_OK, "schnorr msm item %zu", i);
  c->msg[77][3] ^= 1;
  err = kc_schnorr_verify_batch (KC_ECC_SECP256K1, BATCH_MAX, c->sigs, c->xos,
                                 c->msgs, c->lens, NULL);
  bench_check (g->name, gpg_err_code (err) == GPG_ERR_BAD_SIGNATURE,
               "schnorr batch with a wrong message: %s", gpg_strerror (err));
  c->msg[77][3] ^= 1;
}

/* ---------------------------------------------------------- P-256 */

#define P256 KC_ECC_NIST_P256

struct p256_ctx
{
  unsigned char sk[32], pk[65], pkc[33], peer[65], digest[32], sig[64];
};

static void
body_p256_keypair (void *vctx, uint64_t iters)
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
body_p256_pubkey (void *vctx, uint64_t iters)
{
  const struct p256_ctx *c = vctx;
  unsigned char pk[65];
  while (iters--)
    {
      kc_ecc_pubkey (P256, pk, sizeof pk, bench_hide_ptr (c->sk), 32);
      bench_consume (pk, sizeof pk);
    }
}

static void
body_p256_sign (void *vctx, uint64_t iters)
{
  const struct p256_ctx *c = vctx;
  unsigned char sig[64];
  while (iters--)
    {
      size_t len = sizeof sig;
      kc_ecdsa_sign (P256, 0, sig, &len, bench_hide_ptr (c->sk), 32,
                     bench_hide_ptr (c->digest), 32);
      bench_consume (sig, len);
    }
}

static void
p256_verify_loop (const struct p256_ctx *c, const unsigned char *pk,
                  size_t pk_len, uint64_t iters)
{
  uint64_t acc = 0;
  while (iters--)
    acc += kc_ecdsa_verify (P256, 0, bench_hide_ptr (c->sig), 64,
                            bench_hide_ptr (pk), pk_len,
                            bench_hide_ptr (c->digest), 32);
  bench_consume_u64 (acc);
}

static void
body_p256_verify (void *vctx, uint64_t iters)
{
  const struct p256_ctx *c = vctx;
  p256_verify_loop (c, c->pk, sizeof c->pk, iters);
}

static void
body_p256_verify_compressed (void *vctx, uint64_t iters)
{
  const struct p256_ctx *c = vctx;
  p256_verify_loop (c, c->pkc, sizeof c->pkc, iters);
}

static void
body_p256_ecdh (void *vctx, uint64_t iters)
{
  const struct p256_ctx *c = vctx;
  unsigned char out[32];
  while (iters--)
    {
      kc_ecdh (P256, 0, out, sizeof out, bench_hide_ptr (c->sk), 32,
               bench_hide_ptr (c->peer), sizeof c->peer);
      bench_consume (out, sizeof out);
    }
}

/* The RFC 6979 A.2.5 key and its SHA-256 "sample" signature check the
 * rows' calls first, then a random peer for ECDH (both sides agree). */
static void
p256_run (const struct bench_group *g)
{
  static const char *x_hex =
    "c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721";
  static struct p256_ctx c;
  unsigned char psk[32], s1[32], s2[32];
  size_t len = sizeof c.sig;
  gpg_error_t err;
  int i;

  for (i = 0; i < 32; i++)
    {
      unsigned int v;
      sscanf (x_hex + 2 * i, "%2x", &v);
      c.sk[i] = (unsigned char) v;
    }
  /* SHA-256 ("sample") */
  kc_md_hash_buffer (KC_MD_SHA256, c.digest, 32, "sample", 6);
  err = kc_ecc_pubkey (P256, c.pk, sizeof c.pk, c.sk, 32);
  bench_check (g->name, !err, "P-256 pubkey: %s", gpg_strerror (err));
  bench_check_hex (g->name, "P-256 RFC 6979 key x", c.pk + 1, 32,
    "60fed4ba255a9d31c961eb74c6356d68c049b8923b61fa6ce669622e60f29fb6");
  err = kc_ecc_pubkey (P256, c.pkc, sizeof c.pkc, c.sk, 32);
  bench_check (g->name, !err, "P-256 pubkey (33): %s", gpg_strerror (err));
  err = kc_ecdsa_sign (P256, 0, c.sig, &len, c.sk, 32, c.digest, 32);
  bench_check (g->name, !err, "P-256 sign: %s", gpg_strerror (err));
  bench_check_hex (g->name, "P-256 RFC 6979 r", c.sig, 32,
    "efd48b2aacb6a8fd1140dd9cd45e81d69d2c877b56aaf991c34d0ea84eaf3716");
  err = kc_ecdsa_verify (P256, 0, c.sig, 64, c.pkc, 33, c.digest, 32);
  bench_check (g->name, !err, "P-256 verify: %s", gpg_strerror (err));
  err = kc_ecc_keypair (P256, c.peer, sizeof c.peer, psk, sizeof psk);
  bench_check (g->name, !err, "P-256 keypair: %s", gpg_strerror (err));
  err = kc_ecdh (P256, 0, s1, 32, c.sk, 32, c.peer, 65);
  bench_check (g->name, !err, "P-256 ecdh: %s", gpg_strerror (err));
  err = kc_ecdh (P256, 0, s2, 32, psk, 32, c.pk, 65);
  bench_check (g->name, !err && !memcmp (s1, s2, 32),
               "P-256 ecdh: the two sides disagree");
  wipememory (psk, sizeof psk);

  bench_row (g, "p256", "keypair", BENCH_US_PER_OP, 1, body_p256_keypair, &c);
  bench_row (g, "p256", "pubkey", BENCH_US_PER_OP, 1, body_p256_pubkey, &c);
  bench_row (g, "p256", "sign", BENCH_US_PER_OP, 1, body_p256_sign, &c);
  {
    const struct bench_row_def verify[2] = {
      { "p256", "verify", BENCH_US_PER_OP, 1, body_p256_verify, &c },
      { "p256", "verify_compressed", BENCH_US_PER_OP, 1,
        body_p256_verify_compressed, &c }
    };
    bench_rows (g, verify, 2);
  }
  bench_row (g, "p256", "ecdh", BENCH_US_PER_OP, 1, body_p256_ecdh, &c);
}

static void
ecc_run (const struct bench_group *g)
{
  static struct ecc_ctx c;
  int i;

  for (i = 0; i < 32; i++)
    {
      c.sk[i] = (unsigned char) (0x6b ^ (i * 29));
      c.digest[i] = (unsigned char) (0xa5 + i * 11);
    }
  c.sk[0] = 0x3f;                       /* below n */
  self_check (g, &c);

  bench_group_begin (g);
  bench_row (g, "secp256k1", "keypair", BENCH_US_PER_OP, 1, body_keypair, &c);
  bench_row (g, "secp256k1", "pubkey", BENCH_US_PER_OP, 1, body_pubkey, &c);
  {
    const struct bench_row_def sign[2] = {
      { "secp256k1", "sign", BENCH_US_PER_OP, 1, body_sign, &c },
      { "secp256k1", "sign_der", BENCH_US_PER_OP, 1, body_sign_der, &c }
    };
    const struct bench_row_def verify[2] = {
      { "secp256k1", "verify", BENCH_US_PER_OP, 1, body_verify, &c },
      { "secp256k1", "verify_der", BENCH_US_PER_OP, 1, body_verify_der, &c }
    };
    const struct bench_row_def parse[2] = {
      { "secp256k1", "parse_compressed", BENCH_US_PER_OP, 1,
        body_parse_compressed, &c },
      { "secp256k1", "parse_uncompressed", BENCH_US_PER_OP, 1,
        body_parse_uncompressed, &c }
    };
    bench_rows (g, sign, 2);
    bench_rows (g, verify, 2);
    bench_rows (g, parse, 2);
  }
  {
    static struct btc_ctx b;
    const struct bench_row_def schnorr[2] = {
      { "secp256k1", "schnorr_sign", BENCH_US_PER_OP, 1, body_schnorr_sign, &b },
      { "secp256k1", "schnorr_verify", BENCH_US_PER_OP, 1, body_schnorr_verify,
        &b }
    };
    const struct bench_row_def rec[2] = {
      { "secp256k1", "sign_recoverable", BENCH_US_PER_OP, 1,
        body_sign_recoverable, &b },
      { "secp256k1", "recover", BENCH_US_PER_OP, 1, body_recover, &b }
    };
    const struct bench_row_def tweaks[3] = {
      { "secp256k1", "seckey_tweak", BENCH_US_PER_OP, 1, body_seckey_tweak, &b },
      { "secp256k1", "pubkey_tweak", BENCH_US_PER_OP, 1, body_pubkey_tweak, &b },
      { "secp256k1", "xonly_tweak", BENCH_US_PER_OP, 1, body_xonly_tweak, &b }
    };
    btc_setup (g, &b, &c);
    bench_rows (g, schnorr, 2);
    bench_row (g, "secp256k1", "ecdh", BENCH_US_PER_OP, 1, body_ecdh, &b);
    bench_rows (g, rec, 2);
    bench_rows (g, tweaks, 3);
  }
  {
    static struct ell_ctx e;
    const struct bench_row_def rows[4] = {
      { "secp256k1", "ellswift_encode", BENCH_US_PER_OP, 1,
        body_ellswift_encode, &e },
      { "secp256k1", "ellswift_decode", BENCH_US_PER_OP, 1,
        body_ellswift_decode, &e },
      { "secp256k1", "ellswift_create", BENCH_US_PER_OP, 1,
        body_ellswift_create, &e },
      { "secp256k1", "ellswift_xdh", BENCH_US_PER_OP, 1, body_ellswift_xdh, &e }
    };
    ell_setup (g, &e, &c);
    bench_rows (g, rows, 4);
  }
  batch_setup (g);
  {
    const struct bench_row_def rows[4] = {
      { "secp256k1", "verify_batch1_per_sig", BENCH_US_PER_OP, 1,
        body_verify_batch, &batch[0] },
      { "secp256k1", "verify_batch8_per_sig", BENCH_US_PER_OP, 8,
        body_verify_batch, &batch[1] },
      { "secp256k1", "verify_batch64_per_sig", BENCH_US_PER_OP, 64,
        body_verify_batch, &batch[2] },
      { "secp256k1", "verify_batch1024_per_sig", BENCH_US_PER_OP, 1024,
        body_verify_batch, &batch[3] }
    };
    bench_rows (g, rows, 4);
  }
  sbatch_setup (g);
  {
    static const size_t sizes[4] = { 1, 8, 64, 1024 };
    static const char *const fmt[3] = {
      "schnorr_verify_batch%zu_per_sig", "schnorr_batch_each%zu_per_sig",
      "schnorr_batch_msm%zu_per_sig"
    };
    static struct sbatch_row rr[4][3];
    static char names[4][3][40];
    size_t k, p;

    for (k = 0; k < 4; k++)
      {
        struct bench_row_def rows[3];
        for (p = 0; p < 3; p++)
          {
            rr[k][p].b = sizes[k];
            rr[k][p].path = (int) p;
            snprintf (names[k][p], sizeof names[k][p], fmt[p], sizes[k]);
            rows[p].name = "secp256k1";
            rows[p].op = names[k][p];
            rows[p].unit = BENCH_US_PER_OP;
            rows[p].units_per_iter = (double) sizes[k];
            rows[p].body = body_schnorr_batch;
            rows[p].ctx = &rr[k][p];
          }
        bench_rows (g, rows, 3);
      }
  }
  p256_run (g);
  wipememory (&c, sizeof c);
}

const struct bench_group bench_group_ecc = {
  "ecc", "secp256k1 and P-256 through the public ECC API, microseconds",
  "ecc/secp256k1/{keypair,pubkey,sign,sign_der,verify,verify_der,\n"
  "             parse_compressed,parse_uncompressed,schnorr_sign,\n"
  "             schnorr_verify,ecdh,sign_recoverable,recover,seckey_tweak,\n"
  "             pubkey_tweak,xonly_tweak,\n"
  "             ellswift_{encode,decode,create,xdh},\n"
  "             verify_batch{1,8,64,1024}_per_sig,\n"
  "             schnorr_verify_batch{1,8,64,1024}_per_sig,\n"
  "             schnorr_batch_{each,msm}{1,8,64,1024}_per_sig}\n"
  "ecc/p256/{keypair,pubkey,sign,verify,verify_compressed,ecdh}", 0, ecc_run
};
