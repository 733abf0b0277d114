/* bench-peers-ed25519.c - bench-peers rows ed25519/{pubkey,sign,
 * sign_keypair,verify,verify_batch64_per_sig}: our Ed25519 through the public API beside
 * OpenSSL's EVP Ed25519 and libsodium's crypto_sign, on the same keys and
 * a 32-byte message.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * What one iteration does:
 *   pubkey   the public key of a fixed 32-byte seed.
 *            ours: kc_ecc_pubkey.  OpenSSL: EVP_PKEY_new_raw_private_key
 *            (which computes the key), EVP_PKEY_get_raw_public_key,
 *            EVP_PKEY_free.  libsodium: crypto_sign_seed_keypair.
 *   sign     a signature.  ours: kc_eddsa_sign from the seed (A is
 *            derived again each time).  OpenSSL: EVP_DigestSignInit on
 *            a key made once, EVP_DigestSign.  libsodium:
 *            crypto_sign_detached with its 64-byte secret key (seed ||
 *            A: A is not derived again).
 *   sign_keypair  the same signature from a prepared key.  ours:
 *            kc_eddsa_sign_keypair (A kept in the pair, checked by its
 *            tag: one multiplication); the peers as in sign (their keys
 *            already hold A).
 *   verify   a verification of that signature.  ours: kc_eddsa_verify.
 *            OpenSSL: EVP_DigestVerifyInit on a key made once,
 *            EVP_DigestVerify.  libsodium: crypto_sign_verify_detached.
 *   verify_batch64_per_sig  64 signatures under 64 keys, figures per
 *            signature.  ours: one kc_eddsa_verify_batch call; the
 *            peers have no batch call: their single verification of
 *            each of the 64 (OpenSSL's keys made once).
 * Before timing, every peer's key and signature equal ours and every
 * side verifies the others' signature.
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

#define NB 64

struct ed_input
{
  unsigned char seed[32], pk[32], msg[32], sig[64];
  unsigned char kp[KC_EDDSA_ED25519_KEYPAIR_LEN];
  unsigned char bpk[NB][32], bsig[NB][64], bmsg[NB][32];
  const void *sp[NB], *pp[NB], *mp[NB];
  size_t lens[NB];
#ifdef HAVE_OPENSSL
  EVP_PKEY *key, *pub, *bpub[NB];
#endif
#ifdef HAVE_LIBSODIUM
  unsigned char ssk[64];
#endif
};

static void
pubkey_ours (void *vctx, uint64_t iters)
{
  const struct ed_input *in = vctx;
  unsigned char pk[32];
  while (iters--)
    {
      kc_ecc_pubkey (KC_ECC_ED25519, pk, 32, bench_hide_ptr (in->seed), 32);
      bench_consume (pk, 32);
    }
}

static void
sign_ours (void *vctx, uint64_t iters)
{
  const struct ed_input *in = vctx;
  unsigned char sig[64];
  while (iters--)
    {
      kc_eddsa_sign (KC_ECC_ED25519, sig, 64, bench_hide_ptr (in->seed), 32,
                     bench_hide_ptr (in->msg), 32);
      bench_consume (sig, 64);
    }
}

static void
sign_keypair_ours (void *vctx, uint64_t iters)
{
  const struct ed_input *in = vctx;
  unsigned char sig[64];
  while (iters--)
    {
      kc_eddsa_sign_keypair (KC_ECC_ED25519, sig, 64, bench_hide_ptr (in->kp),
                             sizeof in->kp, bench_hide_ptr (in->msg), 32);
      bench_consume (sig, 64);
    }
}

static void
verify_ours (void *vctx, uint64_t iters)
{
  const struct ed_input *in = vctx;
  while (iters--)
    bench_consume_u64 (kc_eddsa_verify (KC_ECC_ED25519,
                                        bench_hide_ptr (in->sig), 64,
                                        bench_hide_ptr (in->pk), 32,
                                        bench_hide_ptr (in->msg), 32));
}

static void
batch_ours (void *vctx, uint64_t iters)
{
  const struct ed_input *in = vctx;
  while (iters--)
    bench_consume_u64 (kc_eddsa_verify_batch (KC_ECC_ED25519, NB,
                                              bench_hide_ptr (in->sp),
                                              in->pp, in->mp, in->lens,
                                              NULL));
}

#ifdef HAVE_OPENSSL
static int
pubkey_ossl_once (const unsigned char seed[32], unsigned char pk[32])
{
  EVP_PKEY *k = EVP_PKEY_new_raw_private_key (EVP_PKEY_ED25519, NULL, seed,
                                              32);
  size_t len = 32;
  int ok = k && EVP_PKEY_get_raw_public_key (k, pk, &len) > 0 && len == 32;
  EVP_PKEY_free (k);
  return ok;
}

static void
pubkey_ossl (void *vctx, uint64_t iters)
{
  const struct ed_input *in = vctx;
  unsigned char pk[32];
  uint64_t acc = 0;
  while (iters--)
    {
      acc += (uint64_t) pubkey_ossl_once (bench_hide_ptr (in->seed), pk);
      bench_consume (pk, 32);
    }
  bench_consume_u64 (acc);
}

static int
sign_ossl_once (EVP_PKEY *key, const unsigned char *msg,
                unsigned char sig[64])
{
  EVP_MD_CTX *c = EVP_MD_CTX_new ();
  size_t len = 64;
  int ok = c && EVP_DigestSignInit (c, NULL, NULL, NULL, key) > 0
           && EVP_DigestSign (c, sig, &len, msg, 32) > 0 && len == 64;
  EVP_MD_CTX_free (c);
  return ok;
}

static void
sign_ossl (void *vctx, uint64_t iters)
{
  const struct ed_input *in = vctx;
  unsigned char sig[64];
  uint64_t acc = 0;
  while (iters--)
    {
      acc += (uint64_t) sign_ossl_once (in->key, bench_hide_ptr (in->msg),
                                        sig);
      bench_consume (sig, 64);
    }
  bench_consume_u64 (acc);
}

static int
verify_ossl_once (EVP_PKEY *pub, const unsigned char *sig,
                  const unsigned char *msg)
{
  EVP_MD_CTX *c = EVP_MD_CTX_new ();
  int ok = c && EVP_DigestVerifyInit (c, NULL, NULL, NULL, pub) > 0
           && EVP_DigestVerify (c, sig, 64, msg, 32) == 1;
  EVP_MD_CTX_free (c);
  return ok;
}

static void
verify_ossl (void *vctx, uint64_t iters)
{
  const struct ed_input *in = vctx;
  uint64_t acc = 0;
  while (iters--)
    acc += (uint64_t) verify_ossl_once (in->pub, bench_hide_ptr (in->sig),
                                        bench_hide_ptr (in->msg));
  bench_consume_u64 (acc);
}

static void
verify64_ossl (void *vctx, uint64_t iters)
{
  const struct ed_input *in = vctx;
  uint64_t acc = 0;
  size_t i;
  while (iters--)
    for (i = 0; i < NB; i++)
      acc += (uint64_t) verify_ossl_once (in->bpub[i],
                                          bench_hide_ptr (in->bsig[i]),
                                          in->bmsg[i]);
  bench_consume_u64 (acc);
}
#endif

#ifdef HAVE_LIBSODIUM
static void
pubkey_sodium (void *vctx, uint64_t iters)
{
  const struct ed_input *in = vctx;
  unsigned char pk[32], sk[64];
  while (iters--)
    {
      crypto_sign_seed_keypair (pk, sk, bench_hide_ptr (in->seed));
      bench_consume (pk, 32);
    }
  sodium_memzero (sk, sizeof sk);
}

static void
sign_sodium (void *vctx, uint64_t iters)
{
  const struct ed_input *in = vctx;
  unsigned char sig[64];
  while (iters--)
    {
      crypto_sign_detached (sig, NULL, bench_hide_ptr (in->msg), 32,
                            bench_hide_ptr (in->ssk));
      bench_consume (sig, 64);
    }
}

static void
verify_sodium (void *vctx, uint64_t iters)
{
  const struct ed_input *in = vctx;
  uint64_t acc = 0;
  while (iters--)
    acc += (uint64_t) crypto_sign_verify_detached (bench_hide_ptr (in->sig),
                                                   bench_hide_ptr (in->msg),
                                                   32,
                                                   bench_hide_ptr (in->pk));
  bench_consume_u64 (acc);
}

static void
verify64_sodium (void *vctx, uint64_t iters)
{
  const struct ed_input *in = vctx;
  uint64_t acc = 0;
  size_t i;
  while (iters--)
    for (i = 0; i < NB; i++)
      acc += (uint64_t) crypto_sign_verify_detached (bench_hide_ptr
                                                     (in->bsig[i]),
                                                     in->bmsg[i], 32,
                                                     in->bpk[i]);
  bench_consume_u64 (acc);
}
#endif

#define NROWS 5

/* The peers' prepared key is the key they sign with: their sign_keypair
 * body is their sign body. */
static void
add_sides (struct peer_side sides[NROWS][PEERS_MAX_SIDES], size_t *n,
           const char *who, bench_body pubkey, bench_body sign,
           bench_body sign_keypair, bench_body verify, bench_body batch,
           void *ctx)
{
  bench_body bodies[NROWS];
  int r;
  bodies[0] = pubkey;
  bodies[1] = sign;
  bodies[2] = sign_keypair;
  bodies[3] = verify;
  bodies[4] = batch;
  for (r = 0; r < NROWS; r++)
    {
      sides[r][*n].who = who;
      sides[r][*n].body = bodies[r];
      sides[r][*n].ctx = ctx;
    }
  ++*n;
}

void
bench_peers_ed25519 (void)
{
  static const char *const paths[NROWS] = {
    "ed25519/pubkey", "ed25519/sign", "ed25519/sign_keypair",
    "ed25519/verify", "ed25519/verify_batch64_per_sig"
  };
  static struct ed_input in;
  struct peer_side sides[NROWS][PEERS_MAX_SIDES];
  size_t n = 0, i, j;
  unsigned char t[64];
  int r, wanted = 0;
  gpg_error_t err;

  for (r = 0; r < NROWS; r++)
    wanted |= peers_row_wanted (paths[r]);
  if (!wanted)
    return;
  for (i = 0; i < 32; i++)
    {
      in.seed[i] = (unsigned char) (0x3c ^ (i * 37));
      in.msg[i] = (unsigned char) (i * 5 + 2);
    }
  err = kc_ecc_pubkey (KC_ECC_ED25519, in.pk, 32, in.seed, 32);
  err |= kc_eddsa_sign (KC_ECC_ED25519, in.sig, 64, in.seed, 32, in.msg, 32);
  err |= kc_eddsa_keypair_create (KC_ECC_ED25519, in.kp, sizeof in.kp,
                                  in.seed, 32);
  err |= kc_eddsa_sign_keypair (KC_ECC_ED25519, t, 64, in.kp, sizeof in.kp,
                                in.msg, 32);
  if (!err && memcmp (t, in.sig, 64))
    err = KC_ERR (GPG_ERR_BAD_SIGNATURE);
  for (i = 0; i < NB; i++)
    {
      unsigned char sk[32];
      for (j = 0; j < 32; j++)
        {
          sk[j] = (unsigned char) (i * 13 + j * 7 + 1);
          in.bmsg[i][j] = (unsigned char) (i ^ j);
        }
      err |= kc_ecc_pubkey (KC_ECC_ED25519, in.bpk[i], 32, sk, 32);
      err |= kc_eddsa_sign (KC_ECC_ED25519, in.bsig[i], 64, sk, 32,
                            in.bmsg[i], 32);
      in.sp[i] = in.bsig[i];
      in.pp[i] = in.bpk[i];
      in.mp[i] = in.bmsg[i];
      in.lens[i] = 32;
    }
  err |= kc_eddsa_verify_batch (KC_ECC_ED25519, NB, in.sp, in.pp, in.mp,
                                in.lens, NULL);
  bench_check ("ed25519", !err, "our keys, signatures, batch: %s",
               gpg_strerror (err));
  add_sides (sides, &n, "ours", pubkey_ours, sign_ours, sign_keypair_ours,
             verify_ours, batch_ours, &in);

#ifdef HAVE_OPENSSL
  in.key = EVP_PKEY_new_raw_private_key (EVP_PKEY_ED25519, NULL, in.seed, 32);
  in.pub = EVP_PKEY_new_raw_public_key (EVP_PKEY_ED25519, NULL, in.pk, 32);
  bench_check ("ed25519", in.key && in.pub, "OpenSSL Ed25519 keys");
  bench_check ("ed25519", pubkey_ossl_once (in.seed, t)
               && !memcmp (t, in.pk, 32), "OpenSSL's key differs from ours");
  bench_check ("ed25519", sign_ossl_once (in.key, in.msg, t)
               && !memcmp (t, in.sig, 64),
               "OpenSSL's signature differs from ours");
  bench_check ("ed25519", verify_ossl_once (in.pub, in.sig, in.msg),
               "OpenSSL refuses our signature");
  for (i = 0; i < NB; i++)
    {
      in.bpub[i] = EVP_PKEY_new_raw_public_key (EVP_PKEY_ED25519, NULL,
                                                in.bpk[i], 32);
      bench_check ("ed25519", in.bpub[i]
                   && verify_ossl_once (in.bpub[i], in.bsig[i], in.bmsg[i]),
                   "OpenSSL refuses our batch item %zu", i);
    }
  add_sides (sides, &n, "openssl", pubkey_ossl, sign_ossl, sign_ossl,
             verify_ossl, verify64_ossl, &in);
#endif

#ifdef HAVE_LIBSODIUM
  bench_check ("ed25519", sodium_init () >= 0, "sodium_init");
  crypto_sign_seed_keypair (t, in.ssk, in.seed);
  bench_check ("ed25519", !memcmp (t, in.pk, 32),
               "libsodium's key differs from ours");
  crypto_sign_detached (t, NULL, in.msg, 32, in.ssk);
  bench_check ("ed25519", !memcmp (t, in.sig, 64),
               "libsodium's signature differs from ours");
  bench_check ("ed25519", !crypto_sign_verify_detached (in.sig, in.msg, 32,
                                                        in.pk),
               "libsodium refuses our signature");
  add_sides (sides, &n, "libsodium", pubkey_sodium, sign_sodium,
             sign_sodium, verify_sodium, verify64_sodium, &in);
#endif

  for (r = 0; r < NROWS; r++)
    if (peers_row_wanted (paths[r]))
      peers_compare (paths[r], BENCH_US_PER_OP, r == NROWS - 1 ? NB : 1,
                     sides[r], n);
#ifdef HAVE_OPENSSL
  EVP_PKEY_free (in.key);
  EVP_PKEY_free (in.pub);
  for (i = 0; i < NB; i++)
    EVP_PKEY_free (in.bpub[i]);
#endif
  wipememory (&in, sizeof in);
}
