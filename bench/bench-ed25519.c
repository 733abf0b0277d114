/* bench-ed25519.c - bench-slope group "ed25519": Ed25519 (RFC 8032)
 * through the public API.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Rows ed25519/ed25519/<op>, microseconds per operation:
 *   keypair      kc_ecc_keypair (the library's generator included)
 *   pubkey       kc_ecc_pubkey: SHA-512 of the seed, the comb, encoding
 *   sign         kc_eddsa_sign of a 32-byte message (two comb
 *                multiplications: the seed is the secret key, so A is
 *                derived again)
 *   sign_keypair kc_eddsa_sign_keypair, the same signature from a key
 *                pair (one multiplication, the pair's tag checked)
 *   verify       kc_eddsa_verify of that signature
 *   verify_batch<B>_per_sig (B = 1, 8, 64, 1024)
 *                kc_eddsa_verify_batch of B valid signatures (32-byte
 *                messages) under B different keys, microseconds per
 *                signature (one iteration is one call)
 * Self-check before timing: RFC 8032 TEST 1's key and signature, the
 * signature verifies and fails on another message, a batch verifies and
 * fails with one changed message.
 */
#include "kcrypt-int.h"
#include <stdio.h>
#include "bench.h"

#define NMAX 1024

struct ed_ctx
{
  unsigned char sk[32], pk[32], msg[32], sig[64];
  unsigned char kp[KC_EDDSA_ED25519_KEYPAIR_LEN];
};

struct ed_batch
{
  unsigned char pk[NMAX][32], sig[NMAX][64], msg[NMAX][32];
  const void *sp[NMAX], *pp[NMAX], *mp[NMAX];
  size_t lens[NMAX];
};

static struct ed_batch eb;

static void
body_keypair (void *vctx, uint64_t iters)
{
  unsigned char pk[32], sk[32];
  (void) vctx;
  while (iters--)
    {
      kc_ecc_keypair (KC_ECC_ED25519, pk, 32, sk, 32);
      bench_consume (pk, 32);
    }
  wipememory (sk, sizeof sk);
}

static void
body_pubkey (void *vctx, uint64_t iters)
{
  const struct ed_ctx *c = vctx;
  unsigned char pk[32];
  while (iters--)
    {
      kc_ecc_pubkey (KC_ECC_ED25519, pk, 32, bench_hide_ptr (c->sk), 32);
      bench_consume (pk, 32);
    }
}

static void
body_sign (void *vctx, uint64_t iters)
{
  const struct ed_ctx *c = vctx;
  unsigned char sig[64];
  while (iters--)
    {
      kc_eddsa_sign (KC_ECC_ED25519, sig, 64, bench_hide_ptr (c->sk), 32,
                     bench_hide_ptr (c->msg), 32);
      bench_consume (sig, 64);
    }
}

static void
body_sign_keypair (void *vctx, uint64_t iters)
{
  const struct ed_ctx *c = vctx;
  unsigned char sig[64];
  while (iters--)
    {
      kc_eddsa_sign_keypair (KC_ECC_ED25519, sig, 64, bench_hide_ptr (c->kp),
                             sizeof c->kp, bench_hide_ptr (c->msg), 32);
      bench_consume (sig, 64);
    }
}

static void
body_verify (void *vctx, uint64_t iters)
{
  const struct ed_ctx *c = vctx;
  while (iters--)
    {
      gpg_error_t err = kc_eddsa_verify (KC_ECC_ED25519,
                                         bench_hide_ptr (c->sig), 64,
                                         bench_hide_ptr (c->pk), 32,
                                         bench_hide_ptr (c->msg), 32);
      bench_consume_u64 (err);
    }
}

static void
body_batch (void *vctx, uint64_t iters)
{
  size_t n = *(const size_t *) vctx;
  while (iters--)
    {
      gpg_error_t err = kc_eddsa_verify_batch (KC_ECC_ED25519, n,
                                               bench_hide_ptr (eb.sp),
                                               eb.pp, eb.mp, eb.lens, NULL);
      bench_consume_u64 (err);
    }
}

static void
ed_run (const struct bench_group *g)
{
  static struct ed_ctx c;
  static const size_t sizes[4] = { 1, 8, 64, 1024 };
  static char names[4][32];
  struct bench_row_def rows[4];
  gpg_error_t err;
  size_t i;

  /* RFC 8032 7.1 TEST 1 */
  for (i = 0; i < 32; i++)
    c.msg[i] = (unsigned char) (i * 7 + 1);
  {
    static const char skh[] =
      "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60";
    for (i = 0; i < 32; i++)
      {
        unsigned int v;
        sscanf (skh + 2 * i, "%2x", &v);
        c.sk[i] = (unsigned char) v;
      }
  }
  err = kc_ecc_pubkey (KC_ECC_ED25519, c.pk, 32, c.sk, 32);
  bench_check_hex (g->name, "RFC 8032 TEST 1 key", c.pk, 32,
                   "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a");
  err |= kc_eddsa_sign (KC_ECC_ED25519, c.sig, 64, c.sk, 32, NULL, 0);
  bench_check_hex (g->name, "RFC 8032 TEST 1 signature", c.sig, 64,
                   "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e06522490155"
                   "5fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b");
  err |= kc_eddsa_keypair_create (KC_ECC_ED25519, c.kp, sizeof c.kp, c.sk,
                                  32);
  err |= kc_eddsa_sign_keypair (KC_ECC_ED25519, c.sig, 64, c.kp, sizeof c.kp,
                                NULL, 0);
  bench_check_hex (g->name, "RFC 8032 TEST 1 signature from the key pair",
                   c.sig, 64,
                   "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e06522490155"
                   "5fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b");
  err |= kc_eddsa_sign (KC_ECC_ED25519, c.sig, 64, c.sk, 32, c.msg, 32);
  err |= kc_eddsa_verify (KC_ECC_ED25519, c.sig, 64, c.pk, 32, c.msg, 32);
  bench_check (g->name, !err, "sign and verify: %s", gpg_strerror (err));
  c.msg[0] ^= 1;
  err = kc_eddsa_verify (KC_ECC_ED25519, c.sig, 64, c.pk, 32, c.msg, 32);
  bench_check (g->name, gpg_err_code (err) == GPG_ERR_BAD_SIGNATURE,
               "another message: %s", gpg_strerror (err));
  c.msg[0] ^= 1;
  for (i = 0; i < NMAX; i++)
    {
      unsigned char sk[32];
      size_t j;
      for (j = 0; j < 32; j++)
        {
          sk[j] = (unsigned char) (i * 31 + j * 17 + (i >> 3));
          eb.msg[i][j] = (unsigned char) (i + j * 3);
        }
      err = kc_ecc_pubkey (KC_ECC_ED25519, eb.pk[i], 32, sk, 32);
      err |= kc_eddsa_sign (KC_ECC_ED25519, eb.sig[i], 64, sk, 32, eb.msg[i],
                            32);
      bench_check (g->name, !err, "batch item %zu", i);
      eb.sp[i] = eb.sig[i];
      eb.pp[i] = eb.pk[i];
      eb.mp[i] = eb.msg[i];
      eb.lens[i] = 32;
    }
  err = kc_eddsa_verify_batch (KC_ECC_ED25519, NMAX, eb.sp, eb.pp, eb.mp,
                               eb.lens, NULL);
  bench_check (g->name, !err, "batch: %s", gpg_strerror (err));
  eb.msg[77][3] ^= 1;
  err = kc_eddsa_verify_batch (KC_ECC_ED25519, NMAX, eb.sp, eb.pp, eb.mp,
                               eb.lens, NULL);
  bench_check (g->name, gpg_err_code (err) == GPG_ERR_BAD_SIGNATURE,
               "batch with a changed message: %s", gpg_strerror (err));
  eb.msg[77][3] ^= 1;

  bench_group_begin (g);
  bench_row (g, "ed25519", "keypair", BENCH_US_PER_OP, 1, body_keypair, &c);
  bench_row (g, "ed25519", "pubkey", BENCH_US_PER_OP, 1, body_pubkey, &c);
  bench_row (g, "ed25519", "sign", BENCH_US_PER_OP, 1, body_sign, &c);
  bench_row (g, "ed25519", "sign_keypair", BENCH_US_PER_OP, 1,
             body_sign_keypair, &c);
  bench_row (g, "ed25519", "verify", BENCH_US_PER_OP, 1, body_verify, &c);
  for (i = 0; i < 4; i++)
    {
      snprintf (names[i], sizeof names[i], "verify_batch%zu_per_sig",
                sizes[i]);
      rows[i].name = "ed25519";
      rows[i].op = names[i];
      rows[i].unit = BENCH_US_PER_OP;
      rows[i].units_per_iter = (double) sizes[i];
      rows[i].body = body_batch;
      rows[i].ctx = (void *) (uintptr_t) &sizes[i];
    }
  bench_rows (g, rows, 4);
  wipememory (&c, sizeof c);
}

const struct bench_group bench_group_ed25519 = {
  "ed25519", "Ed25519 through the public ECC API, microseconds",
  "ed25519/ed25519/{keypair,pubkey,sign,sign_keypair,verify,\n"
  "             verify_batch{1,8,64,1024}_per_sig}", 0, ed_run
};
