/* bench-peers-secp.c - bench-peers rows ecc/secp256k1-master/...: our
 * ECDSA on secp256k1 beside a libsecp256k1 built outside this tree
 * (configure --with-secp256k1-peer=DIR; see doc/PERFORMANCE, "Comparing with
 * libsecp256k1 master").
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The peer's symbols are those of the system libsecp256k1 that
 * bench-peers-ecc.c links, so bench/Makefile renames every global symbol
 * of a copy of its archive to kcpeer_<name> and generates
 * secp256k1-peer-names.h, the same renames as #defines; this file (alone,
 * in its own convenience library, compiled against DIR/include) includes
 * that header before the peer's secp256k1.h.
 *
 * Rows (us/op; peers "master" and, for the signing rows when the peer has
 * secp256k1_context_set_sha256_compression and the CPU has the SHA
 * extensions, "master+shani": a second context whose SHA-256 compression
 * function is ours, _kc_sha256_blocks, the SHA-NI code):
 *   sign       ours: kc_ecdsa_sign, r||s out (RFC 6979, low-S).
 *              master: secp256k1_ecdsa_sign (NULL noncefp: RFC 6979) and
 *              secp256k1_ecdsa_signature_serialize_compact.
 *   verify65   of our signature, with the 65-byte key.  ours:
 *              kc_ecdsa_verify (key and r||s parsed on every call).
 *              master: secp256k1_ec_pubkey_parse,
 *              secp256k1_ecdsa_signature_parse_compact, secp256k1_ecdsa_verify.
 *   verify33   the same with the 33-byte compressed key (a square root per
 *              call on both sides).
 *   verify65_batch<B>_per_sig (B = 1, 8, 64, 1024)  B of the 256
 *              signatures (65-byte keys), the next B each iteration
 *              (1024: each of the 256 four times), us per signature.  ours:
 *              kc_ecdsa_verify_batch (one call for the B).  master: B
 *              calls as in verify65 (it has no batch verification).
 *              ours-avx2, ours-portable: the same call with the IFMA
 *              lanes masked (_kc_hwf_set_mask), so that it takes the four
 *              AVX2 lanes, resp. with every feature masked (the single
 *              verification item by item); each side is there when that
 *              mask makes the dispatcher take that path.
 *   schnorr_batch<B>_per_sig (B = 1, 8, 64, 1024)  BIP-340: B of 256
 *              signatures made by master (secp256k1_schnorrsig_sign32
 *              over the digests; 1024: each four times),
 *              us per signature.  ours: kc_schnorr_verify_batch.  master:
 *              B times secp256k1_xonly_pubkey_parse and
 *              secp256k1_schnorrsig_verify.  Before timing both accept all
 *              256 and reject one with another digest.
 *   pubkey     secret -> 65-byte public key.  ours: kc_ecc_pubkey.
 *              master: secp256k1_ec_pubkey_create and
 *              secp256k1_ec_pubkey_serialize (uncompressed).
 *   <row>_rot256  the same with 256 different keys, digests and
 *              signatures taken in turn, one per iteration (not one hot
 *              input for the branch predictors and caches).
 * Before timing, for each of the 256 inputs: master's signature equals
 * ours byte for byte (both RFC 6979 with low-S), master+shani's too,
 * master's public keys (65 and 33 bytes) equal ours, and master accepts
 * our signature with either key and rejects it for another digest.
 */
#ifdef HAVE_CONFIG_H
# include <config.h>
#endif
#include <stdio.h>
#include <string.h>

#include "kcrypt-int.h"
#include "bench-peers.h"
#include "hash/sha256.h"
#include "secp256k1/ecdsa-batch.h"

#include "secp256k1-peer-names.h"
#include <secp256k1.h>
#include <secp256k1_ecdh.h>
#include <secp256k1_extrakeys.h>
#include <secp256k1_recovery.h>
#include <secp256k1_schnorrsig.h>

#define BTC_GROUP "ecc/secp256k1-master"
#define BTC_PEER  "master"
#define BTC_ENTRY bench_peers_secp_master_btc
#define BTC_HAVE_SORT 1     /* ec_pubkey_sort: 0.5.0 and later */
#include "bench-peers-btc.h"
#include "bench-peers-ellswift.h"
#ifdef HAVE_SECP256K1_PEER_MUSIG
# include "bench-peers-musig.h"
#endif
#include "bench-peers-silentpay.h"

#define NKEYS 256

struct secp_input
{
  unsigned char sk[NKEYS][32], digest[NKEYS][32], other[NKEYS][32];
  unsigned char pk65[NKEYS][65], pk33[NKEYS][33], sig[NKEYS][64];
  size_t mask;                  /* 0: always input 0; NKEYS - 1: rotate */
  size_t pos;                   /* next input, kept across calls */
  secp256k1_context *sctx;      /* one of the two contexts below */
};

static secp256k1_context *ctx_default, *ctx_shani;

/* ------------------------------------------------------------- ours */

static void
sign_ours (void *vctx, uint64_t iters)
{
  struct secp_input *in = vctx;
  size_t i = in->pos;
  unsigned char sig[64];
  while (iters--)
    {
      size_t len = sizeof sig;
      const struct secp_input *h = bench_hide_ptr (in);
      kc_ecdsa_sign (KC_ECC_SECP256K1, 0, sig, &len, h->sk[i], 32,
                     h->digest[i], 32);
      bench_consume (sig, sizeof sig);
      i = (i + 1) & in->mask;
    }
  in->pos = i;
}

static void
verify65_ours (void *vctx, uint64_t iters)
{
  struct secp_input *in = vctx;
  size_t i = in->pos;
  uint64_t acc = 0;
  while (iters--)
    {
      const struct secp_input *h = bench_hide_ptr (in);
      acc += kc_ecdsa_verify (KC_ECC_SECP256K1, 0, h->sig[i], 64, h->pk65[i],
                              65, h->digest[i], 32);
      i = (i + 1) & in->mask;
    }
  in->pos = i;
  bench_consume_u64 (acc);
}

static void
verify33_ours (void *vctx, uint64_t iters)
{
  struct secp_input *in = vctx;
  size_t i = in->pos;
  uint64_t acc = 0;
  while (iters--)
    {
      const struct secp_input *h = bench_hide_ptr (in);
      acc += kc_ecdsa_verify (KC_ECC_SECP256K1, 0, h->sig[i], 64, h->pk33[i],
                              33, h->digest[i], 32);
      i = (i + 1) & in->mask;
    }
  in->pos = i;
  bench_consume_u64 (acc);
}

/* The batch rows: one iteration verifies the next BATCH_B inputs (at
 * most BATCH_MAX, the NKEYS inputs taken in turn). */
#define BATCH_MAX 1024
static size_t batch_b;
static const void *bsigs[BATCH_MAX], *bpks[BATCH_MAX], *bmsgs[BATCH_MAX];
static size_t bsl[BATCH_MAX], bpl[BATCH_MAX], bml[BATCH_MAX];

static void
verify65_batch_ours (void *vctx, uint64_t iters)
{
  struct secp_input *in = vctx;
  size_t i = in->pos, k;
  uint64_t acc = 0;
  while (iters--)
    {
      const struct secp_input *h = bench_hide_ptr (in);
      for (k = 0; k < batch_b; k++, i = (i + 1) & (NKEYS - 1))
        {
          bsigs[k] = h->sig[i];
          bpks[k] = h->pk65[i];
          bmsgs[k] = h->digest[i];
          bsl[k] = 64;
          bpl[k] = 65;
          bml[k] = 32;
        }
      acc += kc_ecdsa_verify_batch (KC_ECC_SECP256K1, 0, batch_b, bsigs, bsl,
                                    bpks, bpl, bmsgs, bml, NULL);
    }
  in->pos = i;
  bench_consume_u64 (acc);
}

/* The batch on the path that MASK leaves the dispatcher. */
static void
verify65_batch_masked (void *vctx, uint64_t iters, unsigned int mask)
{
  _kc_hwf_set_mask (mask);
  verify65_batch_ours (vctx, iters);
  _kc_hwf_set_mask (~0u);
}

static void
verify65_batch_avx2 (void *vctx, uint64_t iters)
{
  verify65_batch_masked (vctx, iters, ~KC_HWF_IFMA);
}

static void
verify65_batch_portable (void *vctx, uint64_t iters)
{
  verify65_batch_masked (vctx, iters, 0);
}

/* 1 if MASK makes the batch dispatcher take PATH. */
static int
batch_path_under (unsigned int mask, int path)
{
  int p;
  _kc_hwf_set_mask (mask);
  p = _kc_ecdsa_batch_path ();
  _kc_hwf_set_mask (~0u);
  return p == path;
}

static void
pubkey_ours (void *vctx, uint64_t iters)
{
  struct secp_input *in = vctx;
  size_t i = in->pos;
  unsigned char pk[65];
  while (iters--)
    {
      const struct secp_input *h = bench_hide_ptr (in);
      kc_ecc_pubkey (KC_ECC_SECP256K1, pk, sizeof pk, h->sk[i], 32);
      bench_consume (pk, sizeof pk);
      i = (i + 1) & in->mask;
    }
  in->pos = i;
}

/* BIP-340 inputs for the schnorr_batch rows (made by master). */
static unsigned char sch_sig[NKEYS][64], sch_xo[NKEYS][32];

static void
schnorr_batch_ours (void *vctx, uint64_t iters)
{
  struct secp_input *in = vctx;
  size_t i = in->pos, k;
  uint64_t acc = 0;
  while (iters--)
    {
      const struct secp_input *h = bench_hide_ptr (in);
      for (k = 0; k < batch_b; k++, i = (i + 1) & (NKEYS - 1))
        {
          bsigs[k] = sch_sig[i];
          bpks[k] = sch_xo[i];
          bmsgs[k] = h->digest[i];
          bml[k] = 32;
        }
      acc += kc_schnorr_verify_batch (KC_ECC_SECP256K1, batch_b, bsigs, bpks,
                                      bmsgs, bml, NULL);
    }
  in->pos = i;
  bench_consume_u64 (acc);
}

/* ----------------------------------------------------------- master */

static int
schnorr_master_once (const secp256k1_context *c, size_t i,
                     const unsigned char *msg)
{
  secp256k1_xonly_pubkey xp;
  return secp256k1_xonly_pubkey_parse (c, &xp, sch_xo[i])
    && secp256k1_schnorrsig_verify (c, sch_sig[i], msg, 32, &xp);
}

static void
schnorr_batch_master (void *vctx, uint64_t iters)
{
  struct secp_input *in = vctx;
  size_t i = in->pos, k;
  uint64_t acc = 0;
  while (iters--)
    {
      const struct secp_input *h = bench_hide_ptr (in);
      for (k = 0; k < batch_b; k++, i = (i + 1) & (NKEYS - 1))
        acc += (uint64_t) schnorr_master_once (h->sctx, i, h->digest[i]);
    }
  in->pos = i;
  bench_consume_u64 (acc);
}

/* Master signs the 256 digests (BIP-340, no aux data); both sides check. */
static void
schnorr_setup (const struct secp_input *in, const secp256k1_context *c)
{
  const char *g = "ecc/secp256k1-master";
  const void *sigs[NKEYS], *xos[NKEYS], *msgs[NKEYS];
  size_t ml[NKEYS], i;
  gpg_error_t res[NKEYS];
  for (i = 0; i < NKEYS; i++)
    {
      secp256k1_keypair kp;
      secp256k1_xonly_pubkey xp;
      bench_check (g, secp256k1_keypair_create (c, &kp, in->sk[i])
                   && secp256k1_keypair_xonly_pub (c, &xp, NULL, &kp)
                   && secp256k1_xonly_pubkey_serialize (c, sch_xo[i], &xp)
                   && secp256k1_schnorrsig_sign32 (c, sch_sig[i],
                                                   in->digest[i], &kp, NULL),
                   "master: BIP-340 signature %zu", i);
      bench_check (g, schnorr_master_once (c, i, in->digest[i])
                   && !schnorr_master_once (c, i, in->other[i]),
                   "master: BIP-340 verification %zu", i);
      sigs[i] = sch_sig[i];
      xos[i] = sch_xo[i];
      msgs[i] = in->digest[i];
      ml[i] = 32;
    }
  bench_check (g, !kc_schnorr_verify_batch (KC_ECC_SECP256K1, NKEYS, sigs, xos,
                                            msgs, ml, res),
               "ours rejects master's BIP-340 signatures");
  msgs[3] = in->other[3];
  bench_check (g, kc_schnorr_verify_batch (KC_ECC_SECP256K1, NKEYS, sigs, xos,
                                           msgs, ml, res)
               && res[3] && !res[2] && !res[4],
               "ours accepts a BIP-340 signature for another digest");
}

static int
sign_master_once (const secp256k1_context *c, const unsigned char *sk,
                  const unsigned char *digest, unsigned char sig[64])
{
  secp256k1_ecdsa_signature s;
  if (!secp256k1_ecdsa_sign (c, &s, digest, sk, NULL, NULL))
    return 0;
  return secp256k1_ecdsa_signature_serialize_compact (c, sig, &s);
}

static int
verify_master_once (const secp256k1_context *c, const unsigned char *pk,
                    size_t pklen, const unsigned char *sig,
                    const unsigned char *digest)
{
  secp256k1_pubkey pub;
  secp256k1_ecdsa_signature s;
  return secp256k1_ec_pubkey_parse (c, &pub, pk, pklen)
    && secp256k1_ecdsa_signature_parse_compact (c, &s, sig)
    && secp256k1_ecdsa_verify (c, &s, digest, &pub);
}

static int
pubkey_master_once (const secp256k1_context *c, const unsigned char *sk,
                    unsigned char *out, size_t outlen)
{
  secp256k1_pubkey pub;
  size_t len = outlen;
  return secp256k1_ec_pubkey_create (c, &pub, sk)
    && secp256k1_ec_pubkey_serialize (c, out, &len, &pub,
                                      outlen == 33 ? SECP256K1_EC_COMPRESSED
                                      : SECP256K1_EC_UNCOMPRESSED)
    && len == outlen;
}

static void
sign_master (void *vctx, uint64_t iters)
{
  struct secp_input *in = vctx;
  size_t i = in->pos;
  unsigned char sig[64];
  while (iters--)
    {
      const struct secp_input *h = bench_hide_ptr (in);
      sign_master_once (h->sctx, h->sk[i], h->digest[i], sig);
      bench_consume (sig, sizeof sig);
      i = (i + 1) & in->mask;
    }
  in->pos = i;
}

static void
verify65_master (void *vctx, uint64_t iters)
{
  struct secp_input *in = vctx;
  size_t i = in->pos;
  uint64_t acc = 0;
  while (iters--)
    {
      const struct secp_input *h = bench_hide_ptr (in);
      acc += (uint64_t) verify_master_once (h->sctx, h->pk65[i], 65,
                                            h->sig[i], h->digest[i]);
      i = (i + 1) & in->mask;
    }
  in->pos = i;
  bench_consume_u64 (acc);
}

static void
verify33_master (void *vctx, uint64_t iters)
{
  struct secp_input *in = vctx;
  size_t i = in->pos;
  uint64_t acc = 0;
  while (iters--)
    {
      const struct secp_input *h = bench_hide_ptr (in);
      acc += (uint64_t) verify_master_once (h->sctx, h->pk33[i], 33,
                                            h->sig[i], h->digest[i]);
      i = (i + 1) & in->mask;
    }
  in->pos = i;
  bench_consume_u64 (acc);
}

static void
verify65_batch_master (void *vctx, uint64_t iters)
{
  struct secp_input *in = vctx;
  size_t i = in->pos, k;
  uint64_t acc = 0;
  while (iters--)
    {
      const struct secp_input *h = bench_hide_ptr (in);
      for (k = 0; k < batch_b; k++, i = (i + 1) & (NKEYS - 1))
        acc += (uint64_t) verify_master_once (h->sctx, h->pk65[i], 65,
                                              h->sig[i], h->digest[i]);
    }
  in->pos = i;
  bench_consume_u64 (acc);
}

static void
pubkey_master (void *vctx, uint64_t iters)
{
  struct secp_input *in = vctx;
  size_t i = in->pos;
  unsigned char pk[65];
  while (iters--)
    {
      const struct secp_input *h = bench_hide_ptr (in);
      pubkey_master_once (h->sctx, h->sk[i], pk, sizeof pk);
      bench_consume (pk, sizeof pk);
      i = (i + 1) & in->mask;
    }
  in->pos = i;
}

/* ----------------------------------------------------------- set-up */

static void
setup_inputs (struct secp_input *in)
{
  uint64_t state = 0x5ec9256b1c0ffee5ULL;
  size_t i, j;

  for (i = 0; i < NKEYS; i++)
    {
      size_t len = 64;
      for (j = 0; j < 32; j += 8)
        {
          uint64_t a = bench_rand64 (&state), b = bench_rand64 (&state);
          memcpy (in->sk[i] + j, &a, 8);
          memcpy (in->digest[i] + j, &b, 8);
        }
      in->sk[i][0] &= 0x7f;             /* below n */
      in->sk[i][31] |= 1;               /* not zero */
      memcpy (in->other[i], in->digest[i], 32);
      in->other[i][9] ^= 0x40;
      if (kc_ecc_pubkey (KC_ECC_SECP256K1, in->pk65[i], 65, in->sk[i], 32)
          || kc_ecc_pubkey (KC_ECC_SECP256K1, in->pk33[i], 33, in->sk[i], 32)
          || kc_ecdsa_sign (KC_ECC_SECP256K1, 0, in->sig[i], &len, in->sk[i],
                            32, in->digest[i], 32)
          || len != 64
          || kc_ecdsa_verify (KC_ECC_SECP256K1, 0, in->sig[i], 64,
                              in->pk65[i], 65, in->digest[i], 32)
          || kc_ecdsa_verify (KC_ECC_SECP256K1, 0, in->sig[i], 64,
                              in->pk33[i], 33, in->digest[i], 32))
        bench_fail ("ecc/secp256k1-master",
                    "our key, signature or verification failed");
    }
}

/* Every check of the header comment, with context C. */
static void
check_master (const struct secp_input *in, const secp256k1_context *c,
              const char *who)
{
  const char *g = "ecc/secp256k1-master";
  size_t i;
  for (i = 0; i < NKEYS; i++)
    {
      unsigned char sig[64], pk65[65], pk33[33];
      bench_check (g, sign_master_once (c, in->sk[i], in->digest[i], sig)
                   && !memcmp (sig, in->sig[i], 64),
                   "%s: signature %zu differs from ours", who, i);
      bench_check (g, pubkey_master_once (c, in->sk[i], pk65, 65)
                   && !memcmp (pk65, in->pk65[i], 65)
                   && pubkey_master_once (c, in->sk[i], pk33, 33)
                   && !memcmp (pk33, in->pk33[i], 33),
                   "%s: public key %zu differs from ours", who, i);
      bench_check (g, verify_master_once (c, in->pk65[i], 65, in->sig[i],
                                          in->digest[i])
                   && verify_master_once (c, in->pk33[i], 33, in->sig[i],
                                          in->digest[i]),
                   "%s: rejects our signature %zu", who, i);
      bench_check (g, !verify_master_once (c, in->pk65[i], 65, in->sig[i],
                                           in->other[i])
                   && !verify_master_once (c, in->pk33[i], 33, in->sig[i],
                                           in->other[i]),
                   "%s: accepts signature %zu for another digest", who, i);
    }
}

/* ------------------------------------------------------------- rows */

struct secp_op
{
  const char *name;
  bench_body ours, master;
  int shani;                    /* 1: a master+shani side too */
};

static const struct secp_op ops[] = {
  { "sign", sign_ours, sign_master, 1 },
  { "verify65", verify65_ours, verify65_master, 0 },
  { "verify33", verify33_ours, verify33_master, 0 },
  { "pubkey", pubkey_ours, pubkey_master, 0 },
};

void
bench_peers_secp_master (void)
{
  /* One input block per side: each keeps its own rotation position. */
  static struct secp_input in[3];
  const char *g = "ecc/secp256k1-master";
  char path[64];
  size_t o, r, k;

  if (!peers_group_wanted ("ecc/secp256k1-master/"))
    return;
  ctx_default = secp256k1_context_create (SECP256K1_CONTEXT_NONE);
  bench_check (g, ctx_default, "secp256k1_context_create failed");
  setup_inputs (&in[0]);
  check_master (&in[0], ctx_default, "master");
#ifdef HAVE_SECP256K1_PEER_SHA256_COMPRESSION
  if (_kc_sha256_have_shani ())
    {
      ctx_shani = secp256k1_context_create (SECP256K1_CONTEXT_NONE);
      bench_check (g, ctx_shani, "secp256k1_context_create failed");
      /* _kc_sha256_blocks has the callback's type: (uint32_t state[8],
         const unsigned char *blocks, size_t nblocks). */
      secp256k1_context_set_sha256_compression (ctx_shani, _kc_sha256_blocks);
      check_master (&in[0], ctx_shani, "master+shani");
    }
  else if (!bench_cfg.csv)
    printf ("  %s: no master+shani rows: this CPU has no SHA extensions\n",
            g);
#else
  if (!bench_cfg.csv)
    printf ("  %s: no master+shani rows: the peer has no "
            "secp256k1_context_set_sha256_compression\n", g);
#endif
  in[1] = in[0];
  in[2] = in[0];
  in[1].sctx = ctx_default;
  in[2].sctx = ctx_shani;

  for (r = 0; r < 2; r++)
    for (o = 0; o < KC_DIM (ops); o++)
      {
        struct peer_side s[3];
        size_t n = 0;
        snprintf (path, sizeof path, "%s/%s%s", g, ops[o].name,
                  r ? "_rot256" : "");
        if (!peers_row_wanted (path))
          continue;
        for (k = 0; k < 3; k++)
          {
            in[k].mask = r ? NKEYS - 1 : 0;
            in[k].pos = 0;
          }
        s[n].who = "ours";
        s[n].body = ops[o].ours;
        s[n++].ctx = &in[0];
        s[n].who = "master";
        s[n].body = ops[o].master;
        s[n++].ctx = &in[1];
        if (ops[o].shani && ctx_shani)
          {
            s[n].who = "master+shani";
            s[n].body = ops[o].master;
            s[n++].ctx = &in[2];
          }
        peers_compare (path, BENCH_US_PER_OP, 1, s, n);
      }

  /* the batch rows (inputs always rotate) */
  {
    static const size_t sizes[4] = { 1, 8, 64, 1024 };
    static const char *const names[2] = { "verify65_batch", "schnorr_batch" };
    static const bench_body bodies[2][2] = {
      { verify65_batch_ours, verify65_batch_master },
      { schnorr_batch_ours, schnorr_batch_master } };
    size_t b;
    schnorr_setup (&in[0], ctx_default);
    for (b = 0; b < 2; b++)
      for (o = 0; o < 4; o++)
        {
          struct peer_side s[4];
          size_t n = 2;
          snprintf (path, sizeof path, "%s/%s%zu_per_sig", g, names[b],
                    sizes[o]);
          if (!peers_row_wanted (path))
            continue;
          batch_b = sizes[o];
          for (k = 0; k < 3; k++)
            in[k].pos = 0;
          s[0].who = "ours";
          s[0].body = bodies[b][0];
          s[0].ctx = &in[0];
          s[1].who = "master";
          s[1].body = bodies[b][1];
          s[1].ctx = &in[1];
          if (b == 0 && batch_path_under (~KC_HWF_IFMA, KC_ECDSA_BATCH_AVX2)
              && !batch_path_under (~0u, KC_ECDSA_BATCH_AVX2))
            {
              s[n].who = "ours-avx2";
              s[n].body = verify65_batch_avx2;
              s[n++].ctx = &in[2];
            }
          if (b == 0 && !batch_path_under (~0u, KC_ECDSA_BATCH_PORTABLE))
            {
              s[n].who = "ours-portable";
              s[n].body = verify65_batch_portable;
              s[n++].ctx = &in[2];
            }
          peers_compare (path, BENCH_US_PER_OP, (double) batch_b, s, n);
        }
  }
  secp256k1_context_destroy (ctx_default);
  if (ctx_shani)
    secp256k1_context_destroy (ctx_shani);
  ctx_default = ctx_shani = NULL;
  wipememory (in, sizeof in);
}
