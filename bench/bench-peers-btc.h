/* bench-peers-btc.h - bench-peers rows for the Bitcoin additions (BIP-340,
 * ECDH, recovery, tweaks) beside a libsecp256k1 with the modules
 * schnorrsig, extrakeys, ecdh and recovery.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Included by the two files that see a libsecp256k1: bench-peers-ecc.c
 * (the system library, Debian's 0.2.0: rows ecc/secp256k1/<op>, peer
 * "secp256k1") and bench-peers-secp.c (the renamed master build: rows
 * ecc/secp256k1-master/<op>, peer "master").  Before including, define
 * BTC_GROUP (the row prefix), BTC_PEER (the peer's name), BTC_ENTRY (the
 * function to define) and include secp256k1.h and its four module
 * headers.
 *
 * Rows (us/op), both sides from the same bytes to the same bytes, 16
 * inputs taken in turn:
 *   schnorr_sign     ours: kc_schnorr_sign (seckey, 32-byte msg, aux).
 *                    peer: secp256k1_keypair_create + schnorrsig_sign32
 *                    (our API takes the secret key, so the key pair is
 *                    part of the work on both sides).
 *   schnorr_sign_kp  the same ours; peer: schnorrsig_sign32 with a
 *                    key pair made beforehand (what a peer caller can do
 *                    and ours cannot: P = dG is recomputed per call).
 *   schnorr_verify   ours: kc_schnorr_verify.  peer: xonly_pubkey_parse +
 *                    schnorrsig_verify.
 *   ecdh             ours: kc_ecdh (hashed), 33-byte key.  peer:
 *                    ec_pubkey_parse + secp256k1_ecdh (default hash).
 *   sign_recoverable ours: kc_ecdsa_sign (KC_ECDSA_RECOVERABLE).  peer:
 *                    ecdsa_sign_recoverable + serialize_compact.
 *   recover          ours: kc_ecdsa_recover to 33 bytes.  peer:
 *                    recoverable_signature_parse_compact + ecdsa_recover
 *                    + ec_pubkey_serialize (compressed).
 *   seckey_tweak     ours: kc_ecc_seckey_tweak_add.  peer:
 *                    ec_seckey_tweak_add.
 *   pubkey_tweak     33 bytes in and out.  ours: kc_ecc_pubkey_tweak_add.
 *                    peer: ec_pubkey_parse + ec_pubkey_tweak_add +
 *                    ec_pubkey_serialize.
 *   xonly_tweak      ours: kc_ecc_xonly_tweak_add.  peer:
 *                    xonly_pubkey_parse + xonly_pubkey_tweak_add +
 *                    xonly_pubkey_from_pubkey + xonly_pubkey_serialize.
 * Before timing, for every input, each peer output equals ours byte for
 * byte (signatures, secrets, keys, parities) and the peer accepts our
 * Schnorr signature.
 */

#define BTC_N 16

struct btc_input
{
  unsigned char sk[BTC_N][32], msg[BTC_N][32], aux[BTC_N][32];
  unsigned char tweak[BTC_N][32], pk33[BTC_N][33], xonly[BTC_N][32];
  unsigned char ssig[BTC_N][64], rsig[BTC_N][65];
  secp256k1_keypair kp[BTC_N];
  secp256k1_context *ctx;
  size_t pos;
};

enum btc_op { BTC_SIGN, BTC_SIGN_KP, BTC_VERIFY, BTC_ECDH, BTC_RSIGN,
              BTC_RECOVER, BTC_SKTWEAK, BTC_PKTWEAK, BTC_XOTWEAK };

/* Our side of OP on input I; OUT gets the result (up to 65 bytes). */
static int
btc_ours (const struct btc_input *in, enum btc_op op, size_t i,
          unsigned char *out)
{
  size_t len = 65;
  int parity = 0;
  gpg_error_t err = 0;

  switch (op)
    {
    case BTC_SIGN:
    case BTC_SIGN_KP:
      err = kc_schnorr_sign (KC_ECC_SECP256K1, out, 64, in->sk[i], 32,
                             in->msg[i], 32, in->aux[i], 32);
      break;
    case BTC_VERIFY:
      err = kc_schnorr_verify (KC_ECC_SECP256K1, in->ssig[i], 64, in->xonly[i],
                               32, in->msg[i], 32);
      break;
    case BTC_ECDH:
      err = kc_ecdh (KC_ECC_SECP256K1, 0, out, 32, in->sk[i], 32,
                     in->pk33[(i + 1) % BTC_N], 33);
      break;
    case BTC_RSIGN:
      err = kc_ecdsa_sign (KC_ECC_SECP256K1, KC_ECDSA_RECOVERABLE, out, &len,
                           in->sk[i], 32, in->msg[i], 32);
      break;
    case BTC_RECOVER:
      err = kc_ecdsa_recover (KC_ECC_SECP256K1, out, 33, in->rsig[i], 65,
                              in->msg[i], 32);
      break;
    case BTC_SKTWEAK:
      memcpy (out, in->sk[i], 32);
      err = kc_ecc_seckey_tweak_add (KC_ECC_SECP256K1, out, 32, in->tweak[i],
                                     32);
      break;
    case BTC_PKTWEAK:
      err = kc_ecc_pubkey_tweak_add (KC_ECC_SECP256K1, out, 33, in->pk33[i], 33,
                                     in->tweak[i], 32);
      break;
    case BTC_XOTWEAK:
      err = kc_ecc_xonly_tweak_add (KC_ECC_SECP256K1, out, 32, &parity,
                                    in->xonly[i], 32, in->tweak[i], 32);
      out[32] = (unsigned char) parity;
      break;
    }
  return !err;
}

/* The peer's side of OP on input I, the same bytes out. */
static int
btc_peer (const struct btc_input *in, enum btc_op op, size_t i,
          unsigned char *out)
{
  const secp256k1_context *c = in->ctx;
  secp256k1_keypair kp;
  secp256k1_pubkey pub;
  secp256k1_xonly_pubkey xo;
  secp256k1_ecdsa_recoverable_signature rs;
  size_t len = 33;
  int recid = 0, parity = 0, ok = 0;

  switch (op)
    {
    case BTC_SIGN:
      ok = secp256k1_keypair_create (c, &kp, in->sk[i])
           && secp256k1_schnorrsig_sign32 (c, out, in->msg[i], &kp, in->aux[i]);
      break;
    case BTC_SIGN_KP:
      ok = secp256k1_schnorrsig_sign32 (c, out, in->msg[i], &in->kp[i],
                                        in->aux[i]);
      break;
    case BTC_VERIFY:
      ok = secp256k1_xonly_pubkey_parse (c, &xo, in->xonly[i])
           && secp256k1_schnorrsig_verify (c, in->ssig[i], in->msg[i], 32, &xo);
      break;
    case BTC_ECDH:
      ok = secp256k1_ec_pubkey_parse (c, &pub, in->pk33[(i + 1) % BTC_N], 33)
           && secp256k1_ecdh (c, out, &pub, in->sk[i], NULL, NULL);
      break;
    case BTC_RSIGN:
      ok = secp256k1_ecdsa_sign_recoverable (c, &rs, in->msg[i], in->sk[i],
                                             NULL, NULL)
           && secp256k1_ecdsa_recoverable_signature_serialize_compact (c, out,
                                                                       &recid,
                                                                       &rs);
      out[64] = (unsigned char) recid;
      break;
    case BTC_RECOVER:
      ok = secp256k1_ecdsa_recoverable_signature_parse_compact (c, &rs,
                                                                in->rsig[i],
                                                                in->rsig[i][64])
           && secp256k1_ecdsa_recover (c, &pub, &rs, in->msg[i])
           && secp256k1_ec_pubkey_serialize (c, out, &len, &pub,
                                             SECP256K1_EC_COMPRESSED);
      break;
    case BTC_SKTWEAK:
      memcpy (out, in->sk[i], 32);
      ok = secp256k1_ec_seckey_tweak_add (c, out, in->tweak[i]);
      break;
    case BTC_PKTWEAK:
      ok = secp256k1_ec_pubkey_parse (c, &pub, in->pk33[i], 33)
           && secp256k1_ec_pubkey_tweak_add (c, &pub, in->tweak[i])
           && secp256k1_ec_pubkey_serialize (c, out, &len, &pub,
                                             SECP256K1_EC_COMPRESSED);
      break;
    case BTC_XOTWEAK:
      ok = secp256k1_xonly_pubkey_parse (c, &xo, in->xonly[i])
           && secp256k1_xonly_pubkey_tweak_add (c, &pub, &xo, in->tweak[i])
           && secp256k1_xonly_pubkey_from_pubkey (c, &xo, &parity, &pub)
           && secp256k1_xonly_pubkey_serialize (c, out, &xo);
      out[32] = (unsigned char) parity;
      break;
    }
  return ok;
}

typedef int (*btc_fn) (const struct btc_input *, enum btc_op, size_t,
                       unsigned char *);
struct btc_side { struct btc_input *in; enum btc_op op; btc_fn fn; };

static void
btc_body (void *vctx, uint64_t iters)
{
  struct btc_side *s = vctx;
  size_t i = s->in->pos;
  unsigned char out[65];
  uint64_t acc = 0;
  while (iters--)
    {
      acc += (uint64_t) s->fn (bench_hide_ptr (s->in), s->op, i, out);
      bench_consume (out, 32);
      i = (i + 1) % BTC_N;
    }
  s->in->pos = i;
  bench_consume_u64 (acc);
}

static const struct { const char *name; enum btc_op op; size_t len; } btc_ops[] = {
  { "schnorr_sign", BTC_SIGN, 64 }, { "schnorr_sign_kp", BTC_SIGN_KP, 64 },
  { "schnorr_verify", BTC_VERIFY, 0 }, { "ecdh", BTC_ECDH, 32 },
  { "sign_recoverable", BTC_RSIGN, 65 }, { "recover", BTC_RECOVER, 33 },
  { "seckey_tweak", BTC_SKTWEAK, 32 }, { "pubkey_tweak", BTC_PKTWEAK, 33 },
  { "xonly_tweak", BTC_XOTWEAK, 33 },
};

void
BTC_ENTRY (void)
{
  static struct btc_input in[2];
  struct btc_side sides[2];
  struct peer_side s[2];
  uint64_t state = 0xb17c0140b1e5a11dULL;
  char path[80];
  size_t i, j, o;

  if (!peers_group_wanted (BTC_GROUP "/"))
    return;
  in[0].ctx = secp256k1_context_create (SECP256K1_CONTEXT_SIGN
                                        | SECP256K1_CONTEXT_VERIFY);
  bench_check (BTC_GROUP, in[0].ctx, "secp256k1_context_create failed");
  for (i = 0; i < BTC_N; i++)
    {
      unsigned char *v[4] = { in[0].sk[i], in[0].msg[i], in[0].aux[i],
                              in[0].tweak[i] };
      size_t len = 65;
      for (j = 0; j < 16; j++)
        {
          uint64_t r = bench_rand64 (&state);
          memcpy (v[j / 4] + 8 * (j % 4), &r, 8);
        }
      in[0].sk[i][0] &= 0x7f;
      in[0].tweak[i][0] &= 0x7f;
      bench_check (BTC_GROUP,
                   !kc_ecc_pubkey (KC_ECC_SECP256K1, in[0].pk33[i], 33,
                                   in[0].sk[i], 32)
                   && !kc_ecc_xonly_pubkey (KC_ECC_SECP256K1, in[0].xonly[i],
                                            32, NULL, in[0].sk[i], 32)
                   && !kc_schnorr_sign (KC_ECC_SECP256K1, in[0].ssig[i], 64,
                                        in[0].sk[i], 32, in[0].msg[i], 32,
                                        in[0].aux[i], 32)
                   && !kc_ecdsa_sign (KC_ECC_SECP256K1, KC_ECDSA_RECOVERABLE,
                                      in[0].rsig[i], &len, in[0].sk[i], 32,
                                      in[0].msg[i], 32)
                   && secp256k1_keypair_create (in[0].ctx, &in[0].kp[i],
                                                in[0].sk[i]),
                   "set-up of input %zu", i);
    }
  for (o = 0; o < KC_DIM (btc_ops); o++)
    for (i = 0; i < BTC_N; i++)
      {
        unsigned char a[65], b[65];
        memset (a, 0, sizeof a);
        memset (b, 0, sizeof b);
        bench_check (BTC_GROUP, btc_ours (&in[0], btc_ops[o].op, i, a)
                     && btc_peer (&in[0], btc_ops[o].op, i, b)
                     && !memcmp (a, b, btc_ops[o].len),
                     "%s: %s differs from ours on input %zu", btc_ops[o].name,
                     BTC_PEER, i);
      }
  in[1] = in[0];
  for (o = 0; o < KC_DIM (btc_ops); o++)
    {
      snprintf (path, sizeof path, "%s/%s", BTC_GROUP, btc_ops[o].name);
      if (!peers_row_wanted (path))
        continue;
      for (j = 0; j < 2; j++)
        {
          in[j].pos = 0;
          sides[j].in = &in[j];
          sides[j].op = btc_ops[o].op;
          sides[j].fn = j ? btc_peer : btc_ours;
          s[j].ctx = &sides[j];
          s[j].body = btc_body;
        }
      s[0].who = "ours";
      s[1].who = BTC_PEER;
      peers_compare (path, BENCH_US_PER_OP, 1, s, 2);
    }
  secp256k1_context_destroy (in[0].ctx);
  wipememory (in, sizeof in);
}
