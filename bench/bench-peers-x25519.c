/* bench-peers-x25519.c - bench-peers rows x25519/{derive,base,keygen}:
 * our RAW_X25519 through the public KEM API beside OpenSSL's EVP X25519
 * and libsodium's crypto_scalarmult, on the same keys.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * What one iteration does:
 *   derive   X25519 (sk, pk) for fixed sk and pk: one variable-base
 *            scalar multiplication.
 *            ours: kc_kem_decap (sk, pk as the ciphertext).
 *            OpenSSL: EVP_PKEY_derive on a context prepared once
 *              (EVP_PKEY_derive_init, EVP_PKEY_derive_set_peer).
 *            libsodium: crypto_scalarmult.
 *   base     the public key of a fixed secret, X25519 (sk, 9).
 *            ours: kc_kem_keypair_seed.
 *            OpenSSL: EVP_PKEY_new_raw_private_key (which computes the
 *              public key), EVP_PKEY_get_raw_public_key, EVP_PKEY_free.
 *            libsodium: crypto_scalarmult_base.
 *   keygen   a fresh key pair, randomness included.
 *            ours: kc_kem_keypair (the library's CSPRNG).
 *            OpenSSL: EVP_PKEY_keygen on a context prepared once,
 *              EVP_PKEY_get_raw_public_key, EVP_PKEY_free.
 *            libsodium: crypto_box_keypair (randombytes_buf and
 *              crypto_scalarmult_base).
 * Before timing, every peer's derive and base results equal ours, and
 * our public key of a secret OpenSSL or libsodium generated equals
 * theirs.
 */
#ifdef HAVE_CONFIG_H
# include <config.h>
#endif
#include <stdio.h>
#include <string.h>

#include "kcrypt-int.h"
#include "bench-peers.h"

#ifdef HAVE_OPENSSL
# include <openssl/evp.h>
#endif
#ifdef HAVE_LIBSODIUM
# include <sodium.h>
#endif

/* K.sk our secret, K.ct the public key it meets in derive */
struct x_input
{
  struct bench_x25519_keys k;
#ifdef HAVE_OPENSSL
  EVP_PKEY_CTX *derive, *keygen;
#endif
};

/* ---------------------------------------------------------- OpenSSL */

#ifdef HAVE_OPENSSL
static int
derive_ossl_once (EVP_PKEY_CTX *c, unsigned char ss[32])
{
  size_t len = 32;
  return EVP_PKEY_derive (c, ss, &len) > 0 && len == 32;
}

static void
derive_ossl (void *vctx, uint64_t iters)
{
  const struct x_input *in = vctx;
  unsigned char ss[32];
  while (iters--)
    {
      derive_ossl_once (in->derive, ss);
      bench_consume (ss, 32);
    }
}

static int
base_ossl_once (const unsigned char sk[32], unsigned char pk[32])
{
  EVP_PKEY *k = EVP_PKEY_new_raw_private_key (EVP_PKEY_X25519, NULL, sk, 32);
  size_t len = 32;
  int ok = k && EVP_PKEY_get_raw_public_key (k, pk, &len) > 0 && len == 32;
  EVP_PKEY_free (k);
  return ok;
}

static void
base_ossl (void *vctx, uint64_t iters)
{
  const struct x_input *in = vctx;
  unsigned char pk[32];
  while (iters--)
    {
      base_ossl_once (bench_hide_ptr (in->k.sk), pk);
      bench_consume (pk, 32);
    }
}

/* a key pair from EVP_PKEY_keygen: PK and SK out */
static int
keygen_ossl_once (EVP_PKEY_CTX *c, unsigned char pk[32], unsigned char sk[32])
{
  EVP_PKEY *k = NULL;
  size_t len = 32, slen = 32;
  int ok = EVP_PKEY_keygen (c, &k) > 0
    && EVP_PKEY_get_raw_public_key (k, pk, &len) > 0 && len == 32
    && (!sk || (EVP_PKEY_get_raw_private_key (k, sk, &slen) > 0
                && slen == 32));
  EVP_PKEY_free (k);
  return ok;
}

static void
keygen_ossl (void *vctx, uint64_t iters)
{
  const struct x_input *in = vctx;
  unsigned char pk[32];
  while (iters--)
    {
      keygen_ossl_once (in->keygen, pk, NULL);
      bench_consume (pk, 32);
    }
}
#endif

/* -------------------------------------------------------- libsodium */

#ifdef HAVE_LIBSODIUM
static void
derive_sodium (void *vctx, uint64_t iters)
{
  const struct x_input *in = vctx;
  unsigned char ss[32];
  uint64_t acc = 0;
  while (iters--)
    {
      acc += (uint64_t) crypto_scalarmult (ss, bench_hide_ptr (in->k.sk),
                                           bench_hide_ptr (in->k.ct));
      bench_consume (ss, 32);
    }
  bench_consume_u64 (acc);
}

static void
base_sodium (void *vctx, uint64_t iters)
{
  const struct x_input *in = vctx;
  unsigned char pk[32];
  uint64_t acc = 0;
  while (iters--)
    {
      acc += (uint64_t) crypto_scalarmult_base (pk, bench_hide_ptr (in->k.sk));
      bench_consume (pk, 32);
    }
  bench_consume_u64 (acc);
}

static void
keygen_sodium (void *vctx, uint64_t iters)
{
  unsigned char pk[32], sk[32];
  uint64_t acc = 0;
  (void) vctx;
  while (iters--)
    {
      acc += (uint64_t) crypto_box_keypair (pk, sk);
      bench_consume (pk, 32);
    }
  bench_consume_u64 (acc);
}
#endif

/* one more side for each of the three rows */
static void
add_sides (struct peer_side sides[3][PEERS_MAX_SIDES], size_t *n,
           const char *who, bench_body derive, bench_body base,
           bench_body keygen, void *ctx)
{
  bench_body bodies[3];
  int r;
  bodies[0] = derive;
  bodies[1] = base;
  bodies[2] = keygen;
  for (r = 0; r < 3; r++)
    {
      sides[r][*n].who = who;
      sides[r][*n].body = bodies[r];
      sides[r][*n].ctx = ctx;
    }
  ++*n;
}

#if defined HAVE_OPENSSL || defined HAVE_LIBSODIUM
/* 1 if our public key of SK is PK */
static int
same_pubkey (const unsigned char sk[32], const unsigned char pk[32])
{
  unsigned char ours[32], t[32];
  return !kc_kem_keypair_seed (KC_KEM_RAW_X25519, ours, 32, t, 32, sk, 32)
    && !memcmp (ours, pk, 32);
}
#endif

void
bench_peers_x25519 (void)
{
  static const char *const paths[3] = {
    "x25519/derive", "x25519/base", "x25519/keygen"
  };
  static struct x_input in;
  struct peer_side sides[3][PEERS_MAX_SIDES];
  size_t n = 0;
  unsigned char ours[32], sk[32], t[32];
#if defined HAVE_OPENSSL || defined HAVE_LIBSODIUM
  unsigned char theirs[32];
#endif
  int r, wanted = 0;
  gpg_error_t err;

  for (r = 0; r < 3; r++)
    wanted |= peers_row_wanted (paths[r]);
  if (!wanted)
    return;
  err = kc_kem_keypair (KC_KEM_RAW_X25519, t, 32, in.k.sk, 32);
  bench_check ("x25519", !err, "kc_kem_keypair: %s", gpg_strerror (err));
  err = kc_kem_keypair (KC_KEM_RAW_X25519, in.k.ct, 32, sk, 32);
  bench_check ("x25519", !err, "kc_kem_keypair: %s", gpg_strerror (err));
  err = kc_kem_decap (KC_KEM_RAW_X25519, in.k.sk, 32, in.k.ct, 32, ours, 32,
                      NULL, 0);
  bench_check ("x25519", !err, "kc_kem_decap: %s", gpg_strerror (err));
  add_sides (sides, &n, "ours", bench_x25519_decap, bench_x25519_keypair_seed,
             bench_x25519_keypair, &in.k);

#ifdef HAVE_OPENSSL
  {
    EVP_PKEY *mine = EVP_PKEY_new_raw_private_key (EVP_PKEY_X25519, NULL,
                                                   in.k.sk, 32);
    EVP_PKEY *peer = EVP_PKEY_new_raw_public_key (EVP_PKEY_X25519, NULL,
                                                  in.k.ct, 32);
    bench_check ("x25519", mine && peer, "OpenSSL X25519 keys");
    in.derive = EVP_PKEY_CTX_new (mine, NULL);
    bench_check ("x25519", in.derive && EVP_PKEY_derive_init (in.derive) > 0
                 && EVP_PKEY_derive_set_peer (in.derive, peer) > 0,
                 "OpenSSL derive set-up");
    EVP_PKEY_free (mine);
    EVP_PKEY_free (peer);
    in.keygen = EVP_PKEY_CTX_new_id (EVP_PKEY_X25519, NULL);
    bench_check ("x25519", in.keygen && EVP_PKEY_keygen_init (in.keygen) > 0,
                 "OpenSSL keygen set-up");
    bench_check ("x25519", derive_ossl_once (in.derive, theirs)
                 && !memcmp (ours, theirs, 32),
                 "OpenSSL's X25519 differs from ours");
    bench_check ("x25519", base_ossl_once (in.k.sk, theirs)
                 && same_pubkey (in.k.sk, theirs),
                 "OpenSSL's public key differs from ours");
    bench_check ("x25519", keygen_ossl_once (in.keygen, theirs, sk)
                 && same_pubkey (sk, theirs),
                 "OpenSSL's generated key pair does not match ours");
    add_sides (sides, &n, "openssl", derive_ossl, base_ossl, keygen_ossl,
               &in);
  }
#endif

#ifdef HAVE_LIBSODIUM
  bench_check ("x25519", sodium_init () >= 0, "sodium_init");
  bench_check ("x25519", !crypto_scalarmult (theirs, in.k.sk, in.k.ct)
               && !memcmp (ours, theirs, 32),
               "libsodium's X25519 differs from ours");
  bench_check ("x25519", !crypto_scalarmult_base (theirs, in.k.sk)
               && same_pubkey (in.k.sk, theirs),
               "libsodium's public key differs from ours");
  bench_check ("x25519", !crypto_box_keypair (theirs, sk)
               && same_pubkey (sk, theirs),
               "libsodium's generated key pair does not match ours");
  add_sides (sides, &n, "libsodium", derive_sodium, base_sodium,
             keygen_sodium, &in);
#endif

  for (r = 0; r < 3; r++)
    if (peers_row_wanted (paths[r]))
      peers_compare (paths[r], BENCH_US_PER_OP, 1, sides[r], n);
#ifdef HAVE_OPENSSL
  EVP_PKEY_CTX_free (in.derive);
  EVP_PKEY_CTX_free (in.keygen);
#endif
  wipememory (&in, sizeof in);
  wipememory (sk, sizeof sk);
}
