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
 * libsecp256k1's key API (issue 37), the same way (peer: the call of
 * that name, with parse and serialize around it where its API takes or
 * gives objects; 33-byte keys):
 *   schnorr_sign_keypair  ours: kc_schnorr_sign_keypair from a key pair
 *                    made beforehand.  peer: schnorrsig_sign32 likewise.
 *   keypair_create, keypair_xonly_tweak_add (on a copy), keypair_sec,
 *   keypair_pub, keypair_xonly_pub, xonly_tweak_add_check (peer:
 *   xonly_pubkey_parse + the check), seckey_verify, seckey_negate,
 *   pubkey_negate, seckey_tweak_mul, pubkey_tweak_mul, pubkey_combine2
 *   (two keys), tagged_sha256 (a 32-byte message, BIP-340's challenge
 *   tag), signature_normalize (of a high s, compact in and out),
 *   signature_parse_der (to compact), signature_serialize_der (from
 *   compact), sign_ndata (ECDSA with 32 bytes of extra entropy).
 *   pubkey_cmp       ours: kc_ecc_pubkey_cmp of two 33-byte keys.  peer:
 *                    ec_pubkey_cmp of two keys parsed beforehand (its
 *                    API compares objects; a parse would cost a square
 *                    root each).
 *   pubkey_sort16    (BTC_HAVE_SORT: the master peer) 16 keys, from the
 *                    same unsorted order each time.  ours:
 *                    kc_ecc_pubkey_sort of 33-byte keys.  peer:
 *                    ec_pubkey_sort of keys parsed beforehand.
 * Before timing, for every input, each peer output equals ours byte for
 * byte (signatures, secrets, keys, parities, hashes, encodings, the sign
 * of a comparison) and the peer accepts our Schnorr signature.
 */

#define BTC_N 16

struct btc_input
{
  unsigned char sk[BTC_N][32], msg[BTC_N][32], aux[BTC_N][32];
  unsigned char tweak[BTC_N][32], pk33[BTC_N][33], xonly[BTC_N][32];
  unsigned char ssig[BTC_N][64], rsig[BTC_N][65];
  unsigned char kkp[BTC_N][KC_SCHNORR_SECP256K1_KEYPAIR_LEN];
  unsigned char esig[BTC_N][64], hsig[BTC_N][64], der[BTC_N][72];
  unsigned char tweaked[BTC_N][33];
  size_t der_len[BTC_N];
  secp256k1_keypair kp[BTC_N];
  secp256k1_pubkey pp[BTC_N];
  secp256k1_context *ctx;
  size_t pos;
};

enum btc_op { BTC_SIGN, BTC_SIGN_KP, BTC_VERIFY, BTC_ECDH, BTC_RSIGN,
              BTC_RECOVER, BTC_SKTWEAK, BTC_PKTWEAK, BTC_XOTWEAK,
              BTC_SIGN_KP2, BTC_KPCREATE, BTC_KPTWEAK, BTC_KPSEC, BTC_KPPUB,
              BTC_KPXONLY, BTC_TWCHECK, BTC_SKVERIFY, BTC_SKNEG, BTC_PKNEG,
              BTC_SKMUL, BTC_PKMUL, BTC_COMBINE, BTC_CMP, BTC_SORT,
              BTC_TAGGED, BTC_NORMALIZE, BTC_PARSE_DER, BTC_SER_DER,
              BTC_SIGN_NDATA };
#define BTC_SORT_N 16
static const unsigned char btc_tag[] = "BIP0340/challenge";

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
    case BTC_SIGN_KP2:
      err = kc_schnorr_sign_keypair (KC_ECC_SECP256K1, out, 64, in->kkp[i],
                                     sizeof in->kkp[i], in->msg[i], 32,
                                     in->aux[i], 32);
      break;
    case BTC_KPCREATE:
      {
        unsigned char kp[KC_SCHNORR_SECP256K1_KEYPAIR_LEN];
        err = kc_schnorr_keypair_create (KC_ECC_SECP256K1, kp, sizeof kp,
                                         in->sk[i], 32);
        memcpy (out, kp + 32, 32);               /* x */
        kc_schnorr_keypair_clear (kp, sizeof kp);
      }
      break;
    case BTC_KPTWEAK:
      {
        unsigned char kp[KC_SCHNORR_SECP256K1_KEYPAIR_LEN];
        memcpy (kp, in->kkp[i], sizeof kp);
        err = kc_schnorr_keypair_xonly_tweak_add (KC_ECC_SECP256K1, kp,
                                                  sizeof kp, in->tweak[i], 32);
        memcpy (out, kp, 32);                    /* the tweaked secret */
        kc_schnorr_keypair_clear (kp, sizeof kp);
      }
      break;
    case BTC_KPSEC:
      err = kc_schnorr_keypair_sec (KC_ECC_SECP256K1, out, 32, in->kkp[i],
                                    sizeof in->kkp[i]);
      break;
    case BTC_KPPUB:
      err = kc_schnorr_keypair_pub (KC_ECC_SECP256K1, out, 33, in->kkp[i],
                                    sizeof in->kkp[i]);
      break;
    case BTC_KPXONLY:
      err = kc_schnorr_keypair_xonly_pub (KC_ECC_SECP256K1, out, 32, &parity,
                                          in->kkp[i], sizeof in->kkp[i]);
      out[32] = (unsigned char) parity;
      break;
    case BTC_TWCHECK:
      err = kc_ecc_xonly_tweak_add_check (KC_ECC_SECP256K1, in->tweaked[i], 32,
                                          in->tweaked[i][32], in->xonly[i], 32,
                                          in->tweak[i], 32);
      break;
    case BTC_SKVERIFY:
      err = kc_ecc_seckey_verify (KC_ECC_SECP256K1, in->sk[i], 32);
      break;
    case BTC_SKNEG:
      memcpy (out, in->sk[i], 32);
      err = kc_ecc_seckey_negate (KC_ECC_SECP256K1, out, 32);
      break;
    case BTC_PKNEG:
      err = kc_ecc_pubkey_negate (KC_ECC_SECP256K1, out, 33, in->pk33[i], 33);
      break;
    case BTC_SKMUL:
      memcpy (out, in->sk[i], 32);
      err = kc_ecc_seckey_tweak_mul (KC_ECC_SECP256K1, out, 32, in->tweak[i],
                                     32);
      break;
    case BTC_PKMUL:
      err = kc_ecc_pubkey_tweak_mul (KC_ECC_SECP256K1, out, 33, in->pk33[i], 33,
                                     in->tweak[i], 32);
      break;
    case BTC_COMBINE:
      {
        const void *k[2] = { in->pk33[i], in->pk33[(i + 1) % BTC_N] };
        const size_t kl[2] = { 33, 33 };
        err = kc_ecc_pubkey_combine (KC_ECC_SECP256K1, out, 33, 2, k, kl);
      }
      break;
    case BTC_CMP:
      {
        int r = 0;
        err = kc_ecc_pubkey_cmp (KC_ECC_SECP256K1, &r, in->pk33[i], 33,
                                 in->pk33[(i + 1) % BTC_N], 33);
        out[0] = (unsigned char) (r < 0 ? 1 : r > 0 ? 2 : 0);
      }
      break;
    case BTC_SORT:
      {
        const void *k[BTC_SORT_N];
        size_t kl[BTC_SORT_N], j;
        for (j = 0; j < BTC_SORT_N; j++)
          {
            k[j] = in->pk33[(i + j) % BTC_N];
            kl[j] = 33;
          }
        err = kc_ecc_pubkey_sort (KC_ECC_SECP256K1, k, kl, BTC_SORT_N);
        memcpy (out, k[0], 33);
        memcpy (out + 33, k[BTC_SORT_N - 1], 32);
      }
      break;
    case BTC_TAGGED:
      err = kc_tagged_sha256 (out, 32, btc_tag, sizeof btc_tag - 1,
                              in->msg[i], 32);
      break;
    case BTC_NORMALIZE:
      err = kc_ecdsa_signature_normalize (KC_ECC_SECP256K1, out, 64, &parity,
                                          in->hsig[i], 64);
      out[64] = (unsigned char) parity;
      break;
    case BTC_PARSE_DER:
      err = kc_ecdsa_signature_parse_der (KC_ECC_SECP256K1, out, 64,
                                          in->der[i], in->der_len[i]);
      break;
    case BTC_SER_DER:
      len = 72;
      {
        unsigned char d[72];
        err = kc_ecdsa_signature_serialize_der (KC_ECC_SECP256K1, d, &len,
                                                in->esig[i], 64);
        memcpy (out, d, 65);
      }
      break;
    case BTC_SIGN_NDATA:
      len = 64;
      err = kc_ecdsa_sign_ndata (KC_ECC_SECP256K1, 0, out, &len, in->sk[i],
                                 32, in->msg[i], 32, in->aux[i], 32);
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
    case BTC_SIGN_KP2:
      ok = secp256k1_schnorrsig_sign32 (c, out, in->msg[i], &in->kp[i],
                                        in->aux[i]);
      break;
    case BTC_KPCREATE:
      ok = secp256k1_keypair_create (c, &kp, in->sk[i])
           && secp256k1_keypair_xonly_pub (c, &xo, NULL, &kp)
           && secp256k1_xonly_pubkey_serialize (c, out, &xo);
      break;
    case BTC_KPTWEAK:
      kp = in->kp[i];
      ok = secp256k1_keypair_xonly_tweak_add (c, &kp, in->tweak[i])
           && secp256k1_keypair_sec (c, out, &kp);
      break;
    case BTC_KPSEC:
      ok = secp256k1_keypair_sec (c, out, &in->kp[i]);
      break;
    case BTC_KPPUB:
      ok = secp256k1_keypair_pub (c, &pub, &in->kp[i])
           && secp256k1_ec_pubkey_serialize (c, out, &len, &pub,
                                             SECP256K1_EC_COMPRESSED);
      break;
    case BTC_KPXONLY:
      ok = secp256k1_keypair_xonly_pub (c, &xo, &parity, &in->kp[i])
           && secp256k1_xonly_pubkey_serialize (c, out, &xo);
      out[32] = (unsigned char) parity;
      break;
    case BTC_TWCHECK:
      ok = secp256k1_xonly_pubkey_parse (c, &xo, in->xonly[i])
           && secp256k1_xonly_pubkey_tweak_add_check (c, in->tweaked[i],
                                                      in->tweaked[i][32], &xo,
                                                      in->tweak[i]);
      break;
    case BTC_SKVERIFY:
      ok = secp256k1_ec_seckey_verify (c, in->sk[i]);
      break;
    case BTC_SKNEG:
      memcpy (out, in->sk[i], 32);
      ok = secp256k1_ec_seckey_negate (c, out);
      break;
    case BTC_PKNEG:
      ok = secp256k1_ec_pubkey_parse (c, &pub, in->pk33[i], 33)
           && secp256k1_ec_pubkey_negate (c, &pub)
           && secp256k1_ec_pubkey_serialize (c, out, &len, &pub,
                                             SECP256K1_EC_COMPRESSED);
      break;
    case BTC_SKMUL:
      memcpy (out, in->sk[i], 32);
      ok = secp256k1_ec_seckey_tweak_mul (c, out, in->tweak[i]);
      break;
    case BTC_PKMUL:
      ok = secp256k1_ec_pubkey_parse (c, &pub, in->pk33[i], 33)
           && secp256k1_ec_pubkey_tweak_mul (c, &pub, in->tweak[i])
           && secp256k1_ec_pubkey_serialize (c, out, &len, &pub,
                                             SECP256K1_EC_COMPRESSED);
      break;
    case BTC_COMBINE:
      {
        secp256k1_pubkey p2[2];
        const secp256k1_pubkey *pp[2] = { &p2[0], &p2[1] };
        ok = secp256k1_ec_pubkey_parse (c, &p2[0], in->pk33[i], 33)
             && secp256k1_ec_pubkey_parse (c, &p2[1],
                                           in->pk33[(i + 1) % BTC_N], 33)
             && secp256k1_ec_pubkey_combine (c, &pub, pp, 2)
             && secp256k1_ec_pubkey_serialize (c, out, &len, &pub,
                                               SECP256K1_EC_COMPRESSED);
      }
      break;
    case BTC_CMP:
      {
        /* the peer's keys parsed beforehand (its cmp takes objects) */
        int r = secp256k1_ec_pubkey_cmp (c, &in->pp[i],
                                         &in->pp[(i + 1) % BTC_N]);
        out[0] = (unsigned char) (r < 0 ? 1 : r > 0 ? 2 : 0);
        ok = 1;
      }
      break;
    case BTC_SORT:
#ifdef BTC_HAVE_SORT
      {
        const secp256k1_pubkey *k[BTC_SORT_N];
        size_t j;
        for (j = 0; j < BTC_SORT_N; j++)
          k[j] = &in->pp[(i + j) % BTC_N];
        ok = secp256k1_ec_pubkey_sort (c, k, BTC_SORT_N)
             && secp256k1_ec_pubkey_serialize (c, out, &len, k[0],
                                               SECP256K1_EC_COMPRESSED);
        len = 33;
        ok = ok && secp256k1_ec_pubkey_serialize (c, out + 33, &len,
                                                  k[BTC_SORT_N - 1],
                                                  SECP256K1_EC_COMPRESSED);
      }
#endif
      break;
    case BTC_TAGGED:
      ok = secp256k1_tagged_sha256 (c, out, btc_tag, sizeof btc_tag - 1,
                                    in->msg[i], 32);
      break;
    case BTC_NORMALIZE:
      {
        secp256k1_ecdsa_signature sg;
        ok = secp256k1_ecdsa_signature_parse_compact (c, &sg, in->hsig[i]);
        parity = secp256k1_ecdsa_signature_normalize (c, &sg, &sg);
        ok = ok && secp256k1_ecdsa_signature_serialize_compact (c, out, &sg);
        out[64] = (unsigned char) parity;
      }
      break;
    case BTC_PARSE_DER:
      {
        secp256k1_ecdsa_signature sg;
        ok = secp256k1_ecdsa_signature_parse_der (c, &sg, in->der[i],
                                                  in->der_len[i])
             && secp256k1_ecdsa_signature_serialize_compact (c, out, &sg);
      }
      break;
    case BTC_SER_DER:
      {
        secp256k1_ecdsa_signature sg;
        unsigned char d[72];
        len = 72;
        ok = secp256k1_ecdsa_signature_parse_compact (c, &sg, in->esig[i])
             && secp256k1_ecdsa_signature_serialize_der (c, d, &len, &sg);
        memcpy (out, d, 65);
      }
      break;
    case BTC_SIGN_NDATA:
      {
        secp256k1_ecdsa_signature sg;
        ok = secp256k1_ecdsa_sign (c, &sg, in->msg[i], in->sk[i], NULL,
                                   in->aux[i])
             && secp256k1_ecdsa_signature_serialize_compact (c, out, &sg);
      }
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
  unsigned char out[72];
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
  /* libsecp256k1's key API (issue 37) */
  { "schnorr_sign_keypair", BTC_SIGN_KP2, 64 },
  { "keypair_create", BTC_KPCREATE, 32 },
  { "keypair_xonly_tweak_add", BTC_KPTWEAK, 32 },
  { "keypair_sec", BTC_KPSEC, 32 }, { "keypair_pub", BTC_KPPUB, 33 },
  { "keypair_xonly_pub", BTC_KPXONLY, 33 },
  { "xonly_tweak_add_check", BTC_TWCHECK, 0 },
  { "seckey_verify", BTC_SKVERIFY, 0 }, { "seckey_negate", BTC_SKNEG, 32 },
  { "pubkey_negate", BTC_PKNEG, 33 }, { "seckey_tweak_mul", BTC_SKMUL, 32 },
  { "pubkey_tweak_mul", BTC_PKMUL, 33 }, { "pubkey_combine2", BTC_COMBINE, 33 },
  { "pubkey_cmp", BTC_CMP, 1 },
#ifdef BTC_HAVE_SORT
  { "pubkey_sort16", BTC_SORT, 65 },
#endif
  { "tagged_sha256", BTC_TAGGED, 32 },
  { "signature_normalize", BTC_NORMALIZE, 65 },
  { "signature_parse_der", BTC_PARSE_DER, 64 },
  { "signature_serialize_der", BTC_SER_DER, 65 },
  { "sign_ndata", BTC_SIGN_NDATA, 64 },
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
                                                in[0].sk[i])
                   && !kc_schnorr_keypair_create (KC_ECC_SECP256K1,
                                                  in[0].kkp[i],
                                                  sizeof in[0].kkp[i],
                                                  in[0].sk[i], 32)
                   && secp256k1_ec_pubkey_parse (in[0].ctx, &in[0].pp[i],
                                                 in[0].pk33[i], 33),
                   "set-up of input %zu", i);
      /* an ECDSA signature (of digest msg), its high-s twin, its DER */
      len = 64;
      bench_check (BTC_GROUP,
                   !kc_ecdsa_sign (KC_ECC_SECP256K1, 0, in[0].esig[i], &len,
                                   in[0].sk[i], 32, in[0].msg[i], 32),
                   "ecdsa set-up %zu", i);
      memcpy (in[0].hsig[i], in[0].esig[i], 64);
      {
        int parity;
        unsigned char t[32];
        static const unsigned char n_be[32] = {
          0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
          0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFE,
          0xBA, 0xAE, 0xDC, 0xE6, 0xAF, 0x48, 0xA0, 0x3B,
          0xBF, 0xD2, 0x5E, 0x8C, 0xD0, 0x36, 0x41, 0x41 };
        int k, borrow = 0;
        for (k = 31; k >= 0; k--)
          {
            int d = n_be[k] - in[0].esig[i][32 + k] - borrow;
            borrow = d < 0;
            t[k] = (unsigned char) (d + (borrow << 8));
          }
        memcpy (in[0].hsig[i] + 32, t, 32);
        in[0].der_len[i] = 72;
        bench_check (BTC_GROUP,
                     !kc_ecdsa_signature_serialize_der (KC_ECC_SECP256K1,
                                                        in[0].der[i],
                                                        &in[0].der_len[i],
                                                        in[0].esig[i], 64)
                     && !kc_ecc_xonly_tweak_add (KC_ECC_SECP256K1,
                                                 in[0].tweaked[i], 32, &parity,
                                                 in[0].xonly[i], 32,
                                                 in[0].tweak[i], 32),
                     "DER / tweak set-up %zu", i);
        in[0].tweaked[i][32] = (unsigned char) parity;
      }
    }
  for (o = 0; o < KC_DIM (btc_ops); o++)
    for (i = 0; i < BTC_N; i++)
      {
        unsigned char a[72], b[72];
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
