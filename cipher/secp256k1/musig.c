/* secp256k1/musig.c - MuSig2 (BIP-327; libsecp256k1's musig module):
 * key aggregation with tweaking, nonce generation, nonce aggregation,
 * the session, partial signing, partial signature verification and
 * aggregation into a BIP-340 signature.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The opaque buffers' layouts are in secp256k1/musig.h.  Policy as in
 * keys.c: checks in the order curve, arguments, content; nothing written
 * to an output on any error.  The one exception is the secret nonce,
 * which kc_musig_partial_sign consumes (zeroes) whatever happens once it
 * has a buffer of the right size: a nonce must never sign twice.
 *
 * Secrets: the secret key, the secret nonces k1 and k2, the session
 * randomness and everything hashed with them.  Those paths run in
 * constant time (K*G by the blinded comb, scalar arithmetic, SHA-256);
 * the keys, nonces' points, tweaks, messages, the session and the
 * partial signatures are public and handled in variable time.
 */
#include "kcrypt-int.h"
#include "bufhelp.h"
#include "ecc.h"
#include "secp256k1/musig.h"
#include "secp256k1/schnorr.h"
#include "secp256k1/ecmult.h"
#include "secp256k1/msm.h"

typedef _kc_secp256k1_scalar scalar;
typedef _kc_secp256k1_ge ge;
typedef _kc_secp256k1_gej gej;

#define CACHE_LEN    KC_MUSIG_KEYAGG_CACHE_LEN
#define SECNONCE_LEN KC_MUSIG_SECNONCE_LEN
#define PUBNONCE_LEN KC_MUSIG_PUBNONCE_LEN
#define AGGNONCE_LEN KC_MUSIG_AGGNONCE_LEN
#define SESSION_LEN  KC_MUSIG_SESSION_LEN
#define PSIG_LEN     KC_MUSIG_PARTIAL_SIG_LEN
#define KP_LEN       KC_SCHNORR_SECP256K1_KEYPAIR_LEN
/* kc_musig_partial_sign's stack burn: its frame (the secret nonce's
 * copy, scalars), one SHA-256 and the scalar multiplications; t-wipe
 * checks that it covers what the call wrote. */
#define KC_STACK_BURN_MUSIG_SIGN (KC_STACK_BURN_SHA256 + KC_STACK_BURN_SCALAR \
                                  + 1536)

const char *const _kc_musig_tag_names[5] = {
  "KeyAgg list", "KeyAgg coefficient", "MuSig/aux", "MuSig/nonce",
  "MuSig/noncecoef"
};

/* SHA-256 chaining values after SHA-256(tag) || SHA-256(tag), for the
 * tags above in order; t-musig checks them against kc_tagged_sha256. */
static const uint32_t tag_midstate[5][8] = {
  { 0xb399d5e0, 0xc8fff302, 0x6badac71, 0x07c5b7f1,
    0x9701e2ef, 0x2a72ecf8, 0x201a4c7b, 0xab148a38 },
  { 0x6ef02c5a, 0x06a480de, 0x1f298665, 0x1d1134f2,
    0x56a0b063, 0x52da4147, 0xf280d9d4, 0x4484be15 },
  { 0xa19e884b, 0xf463fe7e, 0x2f18f9a2, 0xbeb0f9ff,
    0x0f37e8b0, 0x06ebd26f, 0xe3b243d2, 0x522fb150 },
  { 0x07101b64, 0x18003414, 0x0391bc43, 0x0e6258ee,
    0x29d26b72, 0x8343937e, 0xb7a0a4fb, 0xff568a30 },
  { 0x2c7d5a45, 0x06bf7e53, 0x89be68a6, 0x971254c0,
    0x60ac12d2, 0x72846dcd, 0x6c81212f, 0xde7a2500 }
};

void
_kc_musig_tagged_init (_kc_sha256_ctx *ctx, enum _kc_musig_tag tag)
{
  memcpy (ctx->h, tag_midstate[tag], sizeof ctx->h);
  ctx->nbytes = KC_SHA256_BLOCK_LEN;
  ctx->buflen = 0;
}

static int
pubkey_len_ok (size_t len)
{
  return len == KC_ECC_SECP256K1_PUBKEY_LEN
         || len == KC_ECC_SECP256K1_PUBKEY_COMPRESSED_LEN;
}

/* An optional output: NULL with length 0, or a buffer of exactly LEN. */
static int
opt_out_ok (const void *p, size_t len, size_t want)
{
  return p ? len == want : len == 0;
}

/* ------------------------------------------------------ points, bytes */

static void
put_point (unsigned char *out, ge *p)
{
  _kc_secp256k1_fe_normalize_var (&p->x);
  _kc_secp256k1_fe_normalize_var (&p->y);
  _kc_secp256k1_fe_get_b32 (out, &p->x);
  _kc_secp256k1_fe_get_b32 (out + 32, &p->y);
}

/* P = the 64 bytes IN as x || y (_kc_secp256k1_ge_set_b64_var), or
 * infinity for 64 zero bytes; 1 if either. */
static int
get_point_or_inf (ge *p, const unsigned char *in)
{
  static const unsigned char zero[64];
  if (!memcmp (in, zero, 64))
    {
      memset (p, 0, sizeof *p);
      p->infinity = 1;
      return 1;
    }
  return _kc_secp256k1_ge_set_b64_var (p, in);
}

/* 33-byte compressed P (finite, public). */
static void
compress (unsigned char out[33], ge *p)
{
  _kc_ecc_serialize_pubkey (out, 33, p);
}

/* The same, infinity as 33 zero bytes. */
static void
compress_or_zero (unsigned char out[33], ge *p)
{
  if (p->infinity)
    memset (out, 0, 33);
  else
    compress (out, p);
}

static void
put_be (unsigned char *out, uint64_t v, int n)
{
  while (n--)
    {
      out[n] = (unsigned char) v;
      v >>= 8;
    }
}

/* ------------------------------------------------------- the cache */

typedef struct
{
  ge q;                         /* aggregate key with the tweaks */
  unsigned char l[32];          /* hash of the key list */
  unsigned char second[33];     /* second distinct key, or zeros */
  int gacc;                     /* 1: g_acc = -1 */
  scalar tacc;
} cache_t;

static int
cache_load (cache_t *c, const unsigned char *b)
{
  int overflow;
  if (memcmp (b, KC_MUSIG_MAGIC_KEYAGG, 4)
      || !_kc_secp256k1_ge_set_b64_var (&c->q, b + KC_MUSIG_CACHE_Q)
      || b[KC_MUSIG_CACHE_GACC] > 1)
    return 0;
  memcpy (c->l, b + KC_MUSIG_CACHE_L, 32);
  memcpy (c->second, b + KC_MUSIG_CACHE_SECOND, 33);
  c->gacc = b[KC_MUSIG_CACHE_GACC];
  _kc_secp256k1_scalar_set_b32 (&c->tacc, b + KC_MUSIG_CACHE_TACC, &overflow);
  return !overflow;
}

static void
cache_save (unsigned char *b, cache_t *c)
{
  memset (b, 0, CACHE_LEN);
  memcpy (b, KC_MUSIG_MAGIC_KEYAGG, 4);
  put_point (b + KC_MUSIG_CACHE_Q, &c->q);
  memcpy (b + KC_MUSIG_CACHE_L, c->l, 32);
  memcpy (b + KC_MUSIG_CACHE_SECOND, c->second, 33);
  b[KC_MUSIG_CACHE_GACC] = (unsigned char) c->gacc;
  _kc_secp256k1_scalar_get_b32 (b + KC_MUSIG_CACHE_TACC, &c->tacc);
}

/* A = KeyAggCoeff: 1 for the second key, else H_coef (L || PK33). */
static void
keyagg_coef (scalar *a, const unsigned char l[32], const unsigned char pk33[33],
             const unsigned char second[33])
{
  _kc_sha256_ctx c;
  unsigned char h[32];

  /* zeros (no second key) never equal a key's 02/03 prefix */
  if (!memcmp (pk33, second, 33))
    {
      _kc_secp256k1_scalar_set_int (a, 1);
      return;
    }
  _kc_musig_tagged_init (&c, KC_MUSIG_TAG_KEYAGG_COEF);
  _kc_sha256_update (&c, l, 32);
  _kc_sha256_update (&c, pk33, 33);
  _kc_sha256_final (&c, h);
  _kc_secp256k1_scalar_set_b32 (a, h, NULL);
}

/* 1 if Q's y is odd XOR g_acc = -1: the sign of the secret key's share. */
static int
key_negated (cache_t *c)
{
  _kc_secp256k1_fe_normalize_var (&c->q.y);
  return _kc_secp256k1_fe_is_odd (&c->q.y) ^ c->gacc;
}

/* ------------------------------------------------- key aggregation */

/* Points per multi-scalar multiplication of the aggregation. */
#define AGG_CHUNK 32

static KC_NOINLINE gpg_error_t
pubkey_agg_body (int curve, void *agg_pk, size_t agg_pk_len,
                 void *keyagg_cache, size_t keyagg_cache_len, size_t count,
                 const void *const *pubkeys, const size_t *pubkey_lens)
{
  unsigned char first[33], cur[33], buf[CACHE_LEN];
  ge pts[AGG_CHUNK];
  scalar sc[AGG_CHUNK];
  _kc_sha256_ctx h;
  cache_t c;
  gej acc, part;
  size_t i, j, n;

  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!opt_out_ok (agg_pk, agg_pk_len, KC_ECC_SECP256K1_XONLY_LEN)
      || !opt_out_ok (keyagg_cache, keyagg_cache_len, CACHE_LEN)
      || count == 0 || !pubkeys || !pubkey_lens)
    return KC_ERR (GPG_ERR_INV_ARG);
  for (i = 0; i < count; i++)
    if (!pubkeys[i] || !pubkey_len_ok (pubkey_lens[i]))
      return KC_ERR (GPG_ERR_INV_ARG);

  /* Pass 1: L = H_list (the compressed keys), the second key.  A
   * 33-byte key is hashed as given (its point is checked in pass 2). */
  _kc_musig_tagged_init (&h, KC_MUSIG_TAG_KEYAGG_LIST);
  memset (c.second, 0, 33);
  for (i = 0; i < count; i++)
    {
      const unsigned char *pk = pubkeys[i];
      if (pubkey_lens[i] == 33)
        {
          if (pk[0] != 2 && pk[0] != 3)
            return KC_ERR (GPG_ERR_BAD_PUBKEY);
          memcpy (cur, pk, 33);
        }
      else
        {
          if (!_kc_ecc_parse_pubkey (&pts[0], pk, 65))
            return KC_ERR (GPG_ERR_BAD_PUBKEY);
          compress (cur, &pts[0]);
        }
      _kc_sha256_update (&h, cur, 33);
      if (i == 0)
        memcpy (first, cur, 33);
      else if (!c.second[0] && memcmp (cur, first, 33))
        memcpy (c.second, cur, 33);
    }
  _kc_sha256_final (&h, c.l);

  /* Pass 2: Q = sum a_i P_i, AGG_CHUNK points at a time. */
  _kc_secp256k1_gej_set_infinity (&acc);
  for (i = 0; i < count; i += n)
    {
      n = count - i < AGG_CHUNK ? count - i : AGG_CHUNK;
      for (j = 0; j < n; j++)
        {
          if (!_kc_ecc_parse_pubkey (&pts[j], pubkeys[i + j],
                                     pubkey_lens[i + j]))
            return KC_ERR (GPG_ERR_BAD_PUBKEY);
          compress (cur, &pts[j]);
          keyagg_coef (&sc[j], c.l, cur, c.second);
        }
      _kc_secp256k1_msm_var (&part, NULL, pts, sc, n);
      _kc_secp256k1_gej_add_var (&acc, &acc, &part);
    }
  if (acc.infinity)
    return KC_ERR (GPG_ERR_BAD_PUBKEY);
  _kc_secp256k1_ge_set_gej_var (&c.q, &acc);
  c.gacc = 0;
  _kc_secp256k1_scalar_set_int (&c.tacc, 0);
  cache_save (buf, &c);
  if (agg_pk)
    memcpy (agg_pk, buf + KC_MUSIG_CACHE_Q, 32);
  if (keyagg_cache)
    memcpy (keyagg_cache, buf, CACHE_LEN);
  return 0;
}

gpg_error_t
kc_musig_pubkey_agg (int curve, void *agg_pk, size_t agg_pk_len,
                     void *keyagg_cache, size_t keyagg_cache_len, size_t count,
                     const void *const *pubkeys, const size_t *pubkey_lens)
{
  /* all public: no stack burn */
  return pubkey_agg_body (curve, agg_pk, agg_pk_len, keyagg_cache,
                          keyagg_cache_len, count, pubkeys, pubkey_lens);
}

gpg_error_t
kc_musig_pubkey_get (int curve, void *agg_pk, size_t agg_pk_len,
                     const void *keyagg_cache, size_t keyagg_cache_len)
{
  const unsigned char *q = (const unsigned char *) keyagg_cache
                           + KC_MUSIG_CACHE_Q;
  unsigned char *out = agg_pk;

  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!agg_pk || !pubkey_len_ok (agg_pk_len)
      || !keyagg_cache || keyagg_cache_len != CACHE_LEN)
    return KC_ERR (GPG_ERR_INV_ARG);
  if (memcmp (keyagg_cache, KC_MUSIG_MAGIC_KEYAGG, 4))
    return KC_ERR (GPG_ERR_INV_OBJ);
  /* Q's normalized bytes, as the cache keeps them (serialising checks
   * the magic only; the calls that compute with Q check the point) */
  if (agg_pk_len == 33)
    {
      out[0] = (unsigned char) (2 | (q[63] & 1));
      memmove (out + 1, q, 32);
    }
  else
    {
      out[0] = 4;
      memmove (out + 1, q, 64);
    }
  return 0;
}

/* BIP-327's ApplyTweak: XONLY 0 plain, 1 x-only. */
static gpg_error_t
tweak_add (int curve, void *out, size_t out_len, void *keyagg_cache,
           size_t keyagg_cache_len, const void *tweak, size_t tweak_len,
           int xonly)
{
  static const scalar one = KC_SCALAR_CONST (0, 0, 0, 0, 0, 0, 0, 1);
  unsigned char buf[CACHE_LEN];
  cache_t c;
  scalar t;
  gej pj, qj;
  int overflow;

  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if ((out ? !pubkey_len_ok (out_len) : out_len != 0)
      || !keyagg_cache || keyagg_cache_len != CACHE_LEN
      || !tweak || tweak_len != KC_ECC_TWEAK_LEN)
    return KC_ERR (GPG_ERR_INV_ARG);
  if (!cache_load (&c, keyagg_cache))
    return KC_ERR (GPG_ERR_INV_OBJ);
  _kc_secp256k1_scalar_set_b32 (&t, tweak, &overflow);
  if (overflow)
    return KC_ERR (GPG_ERR_BAD_SECKEY);
  _kc_secp256k1_fe_normalize_var (&c.q.y);
  if (xonly && _kc_secp256k1_fe_is_odd (&c.q.y))
    {
      /* Q = -Q (even y), g = -1: g_acc and t_acc change sign */
      _kc_secp256k1_ge_neg (&c.q, &c.q);
      c.gacc ^= 1;
      _kc_secp256k1_scalar_negate (&c.tacc, &c.tacc);
    }
  _kc_secp256k1_scalar_add (&c.tacc, &c.tacc, &t);
  /* Q' = Q + t G (public) */
  _kc_secp256k1_gej_set_ge (&pj, &c.q);
  _kc_secp256k1_ecmult_var (&qj, &pj, &one, &t);
  if (qj.infinity)
    return KC_ERR (GPG_ERR_BAD_SECKEY);
  _kc_secp256k1_ge_set_gej_var (&c.q, &qj);
  cache_save (buf, &c);
  memcpy (keyagg_cache, buf, CACHE_LEN);
  if (out)
    _kc_ecc_serialize_pubkey (out, out_len, &c.q);
  return 0;
}

gpg_error_t
kc_musig_pubkey_ec_tweak_add (int curve, void *out, size_t out_len,
                              void *keyagg_cache, size_t keyagg_cache_len,
                              const void *tweak, size_t tweak_len)
{
  return tweak_add (curve, out, out_len, keyagg_cache, keyagg_cache_len,
                    tweak, tweak_len, 0);
}

gpg_error_t
kc_musig_pubkey_xonly_tweak_add (int curve, void *out, size_t out_len,
                                 void *keyagg_cache, size_t keyagg_cache_len,
                                 const void *tweak, size_t tweak_len)
{
  return tweak_add (curve, out, out_len, keyagg_cache, keyagg_cache_len,
                    tweak, tweak_len, 1);
}

/* ------------------------------------------------------------ nonces */

/* BIP-327's NonceGen from RAND_IN (32 bytes: rand'), SKB (32-byte
 * secret key or NULL), the signer's key P, MSG (MSG_PRESENT: 1 if
 * given, MSG_LEN bytes), AGGPK (32 bytes or NULL) and EXTRA (EXTRA_LEN
 * bytes): SECNONCE and PUBNONCE in their opaque forms.  0, or
 * GPG_ERR_INV_VALUE if a nonce is 0 mod n (probability 2^-255: BIP-327
 * fails; nothing written).  Constant time in RAND_IN, SKB and the
 * nonces. */
static gpg_error_t
nonce_gen_core (unsigned char *secnonce, unsigned char *pubnonce,
                const unsigned char rand_in[32], const unsigned char *skb,
                ge *p, const unsigned char *msg, size_t msg_len,
                int msg_present, const unsigned char *aggpk,
                const unsigned char *extra, size_t extra_len)
{
  unsigned char rand[32], h[32], pk33[33], len[8], sn[SECNONCE_LEN];
  unsigned char pn[PUBNONCE_LEN], i;
  _kc_sha256_ctx c, ci;
  scalar k[2];
  ge r;
  int j, bad;
  gpg_error_t err = 0;

  if (skb)
    {
      _kc_musig_tagged_init (&c, KC_MUSIG_TAG_AUX);
      _kc_sha256_update (&c, rand_in, 32);
      _kc_sha256_final (&c, rand);
      for (j = 0; j < 32; j++)
        rand[j] ^= skb[j];
    }
  else
    memcpy (rand, rand_in, 32);
  compress (pk33, p);

  _kc_musig_tagged_init (&c, KC_MUSIG_TAG_NONCE);
  _kc_sha256_update (&c, rand, 32);
  len[0] = 33;
  _kc_sha256_update (&c, len, 1);
  _kc_sha256_update (&c, pk33, 33);
  len[0] = aggpk ? 32 : 0;
  _kc_sha256_update (&c, len, 1);
  if (aggpk)
    _kc_sha256_update (&c, aggpk, 32);
  len[0] = (unsigned char) (msg_present != 0);
  _kc_sha256_update (&c, len, 1);
  if (msg_present)
    {
      put_be (len, msg_len, 8);
      _kc_sha256_update (&c, len, 8);
      if (msg_len)
        _kc_sha256_update (&c, msg, msg_len);
    }
  put_be (len, extra_len, 4);
  _kc_sha256_update (&c, len, 4);
  if (extra_len)                /* no NULL to memcpy, even for 0 bytes */
    _kc_sha256_update (&c, extra, extra_len);
  for (i = 0; i < 2; i++)
    {
      ci = c;
      _kc_sha256_update (&ci, &i, 1);
      _kc_sha256_final (&ci, h);
      _kc_secp256k1_scalar_set_b32 (&k[i], h, NULL);
    }
  bad = _kc_secp256k1_scalar_is_zero (&k[0])
        | _kc_secp256k1_scalar_is_zero (&k[1]);
  ct_declassify (&bad, sizeof bad);
  if (bad)
    {
      err = KC_ERR (GPG_ERR_INV_VALUE);
      goto leave;
    }
  memcpy (sn, KC_MUSIG_MAGIC_SECNONCE, 4);
  memcpy (pn, KC_MUSIG_MAGIC_PUBNONCE, 4);
  for (j = 0; j < 2; j++)
    {
      _kc_secp256k1_scalar_get_b32 (sn + 4 + 32 * j, &k[j]);
      /* a fresh Z for each: the affine conversion's inverse may then be
       * the variable-time one (see _kc_secp256k1_ecmult_gen_ge) */
      _kc_secp256k1_ecmult_gen_blind (_kc_random_fast, NULL);
      _kc_secp256k1_ecmult_gen_ge (&r, &k[j]);
      ct_declassify (&r, sizeof r);             /* the public nonce */
      put_point (pn + 4 + 64 * j, &r);
    }
  put_point (sn + 68, p);
  memcpy (secnonce, sn, SECNONCE_LEN);
  memcpy (pubnonce, pn, PUBNONCE_LEN);
 leave:
  wipememory (rand, sizeof rand);
  wipememory (h, sizeof h);
  wipememory (&c, sizeof c);
  wipememory (&ci, sizeof ci);
  wipememory (k, sizeof k);
  wipememory (sn, sizeof sn);
  return err;
}

/* The aggregate key argument of the nonce calls: NULL, 0 (none), the
 * 32-byte x-only key, or a cache (its key's x).  0 or an error. */
static gpg_error_t
nonce_aggpk (unsigned char out[32], const unsigned char **aggpk_p,
             const void *aggpk, size_t aggpk_len)
{
  cache_t c;

  *aggpk_p = NULL;
  if (!aggpk)
    return aggpk_len ? KC_ERR (GPG_ERR_INV_ARG) : 0;
  if (aggpk_len == 32)
    {
      memcpy (out, aggpk, 32);
      *aggpk_p = out;
      return 0;
    }
  if (aggpk_len != CACHE_LEN)
    return KC_ERR (GPG_ERR_INV_ARG);
  if (!cache_load (&c, aggpk))
    return KC_ERR (GPG_ERR_INV_OBJ);
  _kc_secp256k1_fe_normalize_var (&c.q.x);
  _kc_secp256k1_fe_get_b32 (out, &c.q.x);
  *aggpk_p = out;
  return 0;
}

/* Argument checks shared by the two nonce generators. */
static int
nonce_args_ok (const void *secnonce, size_t secnonce_len,
               const void *pubnonce, size_t pubnonce_len,
               const void *msg, size_t msg_len,
               const void *extra_in, size_t extra_in_len)
{
  return secnonce && secnonce_len == SECNONCE_LEN
         && pubnonce && pubnonce_len == PUBNONCE_LEN
         && (msg || !msg_len)
         && (extra_in || !extra_in_len)
         && (extra_in_len >> 16 >> 16) == 0;  /* BIP-327: < 2^32 bytes */
}

static KC_NOINLINE gpg_error_t
nonce_gen_body (int curve, void *secnonce, size_t secnonce_len,
                void *pubnonce, size_t pubnonce_len,
                void *session_secrand, size_t session_secrand_len,
                const void *seckey, size_t seckey_len,
                const void *pubkey, size_t pubkey_len,
                const void *msg, size_t msg_len,
                const void *aggpk, size_t aggpk_len,
                const void *extra_in, size_t extra_in_len)
{
  unsigned char rand_in[32], apk[32];
  const unsigned char *apk_p;
  scalar d;
  ge p;
  unsigned int acc;
  int j, zero;
  gpg_error_t err;

  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!nonce_args_ok (secnonce, secnonce_len, pubnonce, pubnonce_len,
                      msg, msg_len, extra_in, extra_in_len)
      || (session_secrand ? session_secrand_len != 32
                          : session_secrand_len != 0)
      || (seckey ? seckey_len != KC_ECC_SECP256K1_SECKEY_LEN : seckey_len != 0)
      || !pubkey || !pubkey_len_ok (pubkey_len))
    return KC_ERR (GPG_ERR_INV_ARG);
  if (session_secrand)
    {
      /* all zero: a broken generator, or a buffer already used */
      memcpy (rand_in, session_secrand, 32);
      for (acc = 0, j = 0; j < 32; j++)
        acc |= rand_in[j];
      zero = ct_is_nonzero_u32 (acc) ^ 1;
      ct_declassify (&zero, sizeof zero);
      if (zero)
        return KC_ERR (GPG_ERR_INV_VALUE);
    }
  else
    _kc_random_fast (NULL, rand_in, sizeof rand_in);
  err = 0;
  if (seckey && !_kc_ecc_parse_seckey (&d, seckey))
    err = KC_ERR (GPG_ERR_BAD_SECKEY);
  else if (!_kc_ecc_parse_pubkey (&p, pubkey, pubkey_len))
    err = KC_ERR (GPG_ERR_BAD_PUBKEY);
  else
    err = nonce_aggpk (apk, &apk_p, aggpk, aggpk_len);
  if (!err)
    err = nonce_gen_core (secnonce, pubnonce, rand_in, seckey, &p, msg,
                          msg_len, msg != NULL, apk_p, extra_in,
                          extra_in_len);
  if (!err && session_secrand)
    wipememory (session_secrand, 32);           /* never again */
  wipememory (rand_in, sizeof rand_in);
  wipememory (&d, sizeof d);
  return err;
}

/* The body, then the stack burn (see _kc_burn_stack). */
gpg_error_t
kc_musig_nonce_gen (int curve, void *secnonce, size_t secnonce_len,
                    void *pubnonce, size_t pubnonce_len,
                    void *session_secrand, size_t session_secrand_len,
                    const void *seckey, size_t seckey_len,
                    const void *pubkey, size_t pubkey_len,
                    const void *msg, size_t msg_len,
                    const void *aggpk, size_t aggpk_len,
                    const void *extra_in, size_t extra_in_len)
{
  gpg_error_t err = nonce_gen_body (curve, secnonce, secnonce_len, pubnonce,
                                    pubnonce_len, session_secrand,
                                    session_secrand_len, seckey, seckey_len,
                                    pubkey, pubkey_len, msg, msg_len, aggpk,
                                    aggpk_len, extra_in, extra_in_len);
  _kc_burn_stack (KC_STACK_BURN_ECC);
  return err;
}

/* The secret key and the point of key pair KP (keypair.c's layout:
 * d || x || y): 0 or the error. */
static gpg_error_t
keypair_load (scalar *d, ge *p, const unsigned char *kp)
{
  if (!_kc_ecc_parse_seckey (d, kp))
    return KC_ERR (GPG_ERR_BAD_SECKEY);
  if (!_kc_secp256k1_ge_set_b64_var (p, kp + 32))
    return KC_ERR (GPG_ERR_BAD_PUBKEY);
  return 0;
}

static KC_NOINLINE gpg_error_t
nonce_gen_counter_body (int curve, void *secnonce, size_t secnonce_len,
                        void *pubnonce, size_t pubnonce_len, uint64_t counter,
                        const void *keypair, size_t keypair_len,
                        const void *msg, size_t msg_len,
                        const void *aggpk, size_t aggpk_len,
                        const void *extra_in, size_t extra_in_len)
{
  unsigned char rand_in[32], apk[32];
  const unsigned char *apk_p;
  scalar d;
  ge p;
  gpg_error_t err;

  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!nonce_args_ok (secnonce, secnonce_len, pubnonce, pubnonce_len,
                      msg, msg_len, extra_in, extra_in_len)
      || !keypair || keypair_len != KP_LEN)
    return KC_ERR (GPG_ERR_INV_ARG);
  err = keypair_load (&d, &p, keypair);
  if (!err)
    err = nonce_aggpk (apk, &apk_p, aggpk, aggpk_len);
  if (!err)
    {
      /* rand' = the counter, 8 bytes big-endian, then 24 zero bytes */
      memset (rand_in, 0, sizeof rand_in);
      put_be (rand_in, counter, 8);
      err = nonce_gen_core (secnonce, pubnonce, rand_in, keypair, &p, msg,
                            msg_len, msg != NULL, apk_p, extra_in,
                            extra_in_len);
    }
  wipememory (&d, sizeof d);
  return err;
}

/* The body, then the stack burn (see _kc_burn_stack). */
gpg_error_t
kc_musig_nonce_gen_counter (int curve, void *secnonce, size_t secnonce_len,
                            void *pubnonce, size_t pubnonce_len,
                            uint64_t counter, const void *keypair,
                            size_t keypair_len, const void *msg,
                            size_t msg_len, const void *aggpk,
                            size_t aggpk_len, const void *extra_in,
                            size_t extra_in_len)
{
  gpg_error_t err = nonce_gen_counter_body (curve, secnonce, secnonce_len,
                                            pubnonce, pubnonce_len, counter,
                                            keypair, keypair_len, msg,
                                            msg_len, aggpk, aggpk_len,
                                            extra_in, extra_in_len);
  _kc_burn_stack (KC_STACK_BURN_ECC);
  return err;
}

/* R[0], R[1] of the opaque pubnonce (INF: 1 for an aggnonce, whose
 * points may be infinity).  1 if well formed. */
static int
nonce_load (ge r[2], const unsigned char *b, const char *magic, int inf)
{
  if (memcmp (b, magic, 4))
    return 0;
  if (inf)
    return get_point_or_inf (&r[0], b + 4) && get_point_or_inf (&r[1], b + 68);
  return _kc_secp256k1_ge_set_b64_var (&r[0], b + 4)
         && _kc_secp256k1_ge_set_b64_var (&r[1], b + 68);
}

/* 1 if the pubnonce B has the magic and its four coordinates are below
 * p (all kc_musig_nonce_agg checks). */
static int
nonce_check_fast (const unsigned char *b)
{
  int j;
  if (memcmp (b, KC_MUSIG_MAGIC_PUBNONCE, 4))
    return 0;
  for (j = 0; j < 4; j++)
    if (!_kc_secp256k1_b32_below_p (b + 4 + 32 * j))
      return 0;
  return 1;
}

static void
nonce_save (unsigned char *b, ge r[2], const char *magic)
{
  int j;
  memcpy (b, magic, 4);
  for (j = 0; j < 2; j++)
    if (r[j].infinity)
      memset (b + 4 + 64 * j, 0, 64);
    else
      put_point (b + 4 + 64 * j, &r[j]);
}

gpg_error_t
kc_musig_nonce_agg (int curve, void *aggnonce, size_t aggnonce_len,
                    size_t count, const void *const *pubnonces,
                    const size_t *pubnonce_lens)
{
  unsigned char buf[AGGNONCE_LEN];
  ge r[2];
  size_t i;

  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!aggnonce || aggnonce_len != AGGNONCE_LEN || count == 0 || !pubnonces
      || !pubnonce_lens)
    return KC_ERR (GPG_ERR_INV_ARG);
  for (i = 0; i < count; i++)
    if (!pubnonces[i] || pubnonce_lens[i] != PUBNONCE_LEN)
      return KC_ERR (GPG_ERR_INV_ARG);
  /* the magic and coordinates below p; not that the points are on the
   * curve: an aggregate of damaged nonces is off the curve, and
   * kc_musig_nonce_process refuses it */
  for (i = 0; i < count; i++)
    if (!nonce_check_fast (pubnonces[i]))
      return KC_ERR (GPG_ERR_INV_OBJ);
  _kc_secp256k1_sum2_b64_var (r, pubnonces, 4, count);
  nonce_save (buf, r, KC_MUSIG_MAGIC_AGGNONCE);
  memcpy (aggnonce, buf, AGGNONCE_LEN);
  return 0;
}

/* ----------------------------------------------------------- session */

typedef struct
{
  int parity;                   /* R's y odd */
  unsigned char rx[32];
  scalar b, e, s_part;
} session_t;

static int
session_load (session_t *s, const unsigned char *b)
{
  int o1, o2, o3;
  if (memcmp (b, KC_MUSIG_MAGIC_SESSION, 4) || b[4] > 1)
    return 0;
  s->parity = b[4];
  memcpy (s->rx, b + 5, 32);
  _kc_secp256k1_scalar_set_b32 (&s->b, b + 37, &o1);
  _kc_secp256k1_scalar_set_b32 (&s->e, b + 69, &o2);
  _kc_secp256k1_scalar_set_b32 (&s->s_part, b + 101, &o3);
  return !(o1 | o2 | o3);
}

static KC_NOINLINE gpg_error_t
nonce_process_body (int curve, void *session, size_t session_len,
                    const void *aggnonce, size_t aggnonce_len,
                    const void *msg, size_t msg_len,
                    const void *keyagg_cache, size_t keyagg_cache_len)
{
  static const scalar zero = KC_SCALAR_CONST (0, 0, 0, 0, 0, 0, 0, 0);
  unsigned char ser[66], qx[32], h[32], buf[SESSION_LEN];
  _kc_sha256_ctx c;
  cache_t kc;
  session_t s;
  ge r[2], fin;
  gej r2j, rj;

  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!session || session_len != SESSION_LEN
      || !aggnonce || aggnonce_len != AGGNONCE_LEN
      || (!msg && msg_len)
      || !keyagg_cache || keyagg_cache_len != CACHE_LEN)
    return KC_ERR (GPG_ERR_INV_ARG);
  if (!cache_load (&kc, keyagg_cache)
      || !nonce_load (r, aggnonce, KC_MUSIG_MAGIC_AGGNONCE, 1))
    return KC_ERR (GPG_ERR_INV_OBJ);
  _kc_secp256k1_fe_normalize_var (&kc.q.x);
  _kc_secp256k1_fe_get_b32 (qx, &kc.q.x);
  compress_or_zero (ser, &r[0]);
  compress_or_zero (ser + 33, &r[1]);

  /* b = H_noncecoef (aggnonce || x(Q) || m) */
  _kc_musig_tagged_init (&c, KC_MUSIG_TAG_NONCECOEF);
  _kc_sha256_update (&c, ser, 66);
  _kc_sha256_update (&c, qx, 32);
  if (msg_len)
    _kc_sha256_update (&c, msg, msg_len);
  _kc_sha256_final (&c, h);
  _kc_secp256k1_scalar_set_b32 (&s.b, h, NULL);

  /* R = R1 + b R2, G if that is infinity */
  if (r[1].infinity)
    _kc_secp256k1_gej_set_infinity (&rj);
  else
    {
      _kc_secp256k1_gej_set_ge (&r2j, &r[1]);
      _kc_secp256k1_ecmult_var (&rj, &r2j, &s.b, &zero);
    }
  _kc_secp256k1_gej_add_ge_var (&rj, &rj, &r[0]);
  if (rj.infinity)
    fin = _kc_secp256k1_ge_g;
  else
    _kc_secp256k1_ge_set_gej_var (&fin, &rj);
  _kc_secp256k1_fe_normalize_var (&fin.x);
  _kc_secp256k1_fe_normalize_var (&fin.y);
  _kc_secp256k1_fe_get_b32 (s.rx, &fin.x);
  s.parity = _kc_secp256k1_fe_is_odd (&fin.y);

  /* e = H_challenge (x(R) || x(Q) || m) */
  _kc_bip340_tagged_init (&c, KC_BIP340_CHALLENGE);
  _kc_sha256_update (&c, s.rx, 32);
  _kc_sha256_update (&c, qx, 32);
  if (msg_len)
    _kc_sha256_update (&c, msg, msg_len);
  _kc_sha256_final (&c, h);
  _kc_secp256k1_scalar_set_b32 (&s.e, h, NULL);

  /* the signature's share of the tweaks: e g tacc */
  _kc_secp256k1_scalar_mul (&s.s_part, &s.e, &kc.tacc);
  _kc_secp256k1_fe_normalize_var (&kc.q.y);
  _kc_secp256k1_scalar_cond_negate (&s.s_part,
                                    _kc_secp256k1_fe_is_odd (&kc.q.y));

  memcpy (buf, KC_MUSIG_MAGIC_SESSION, 4);
  buf[4] = (unsigned char) s.parity;
  memcpy (buf + 5, s.rx, 32);
  _kc_secp256k1_scalar_get_b32 (buf + 37, &s.b);
  _kc_secp256k1_scalar_get_b32 (buf + 69, &s.e);
  _kc_secp256k1_scalar_get_b32 (buf + 101, &s.s_part);
  memcpy (session, buf, SESSION_LEN);
  return 0;
}

gpg_error_t
kc_musig_nonce_process (int curve, void *session, size_t session_len,
                        const void *aggnonce, size_t aggnonce_len,
                        const void *msg, size_t msg_len,
                        const void *keyagg_cache, size_t keyagg_cache_len)
{
  /* all public: no stack burn */
  return nonce_process_body (curve, session, session_len, aggnonce,
                             aggnonce_len, msg, msg_len, keyagg_cache,
                             keyagg_cache_len);
}

/* ----------------------------------------------- partial signatures */

static int
psig_load (scalar *s, const unsigned char *b)
{
  int overflow;
  if (memcmp (b, KC_MUSIG_MAGIC_PSIG, 4))
    return 0;
  _kc_secp256k1_scalar_set_b32 (s, b + 4, &overflow);
  return !overflow;
}

static KC_NOINLINE gpg_error_t
partial_sign_body (int curve, void *partial_sig, size_t partial_sig_len,
                   void *secnonce, size_t secnonce_len,
                   const void *keypair, size_t keypair_len,
                   const void *keyagg_cache, size_t keyagg_cache_len,
                   const void *session, size_t session_len)
{
  const unsigned char *kp = keypair, *cb = keyagg_cache, *sb = session;
  unsigned char sn[SECNONCE_LEN], pk33[33], out[PSIG_LEN];
  scalar k[2], d, mu, s, b, e;
  ge p;
  int o1, o2, o3, o4, bad, neg;
  gpg_error_t err = 0;

  if (!secnonce || secnonce_len != SECNONCE_LEN)
    return KC_ERR (GPG_ERR_INV_ARG);
  /* Consume the secret nonce first, whatever follows. */
  memcpy (sn, secnonce, SECNONCE_LEN);
  wipememory (secnonce, SECNONCE_LEN);

  if (curve != KC_ECC_SECP256K1)
    {
      err = KC_ERR (GPG_ERR_NOT_SUPPORTED);
      goto leave;
    }
  if (!partial_sig || partial_sig_len != PSIG_LEN
      || !keypair || keypair_len != KP_LEN
      || !keyagg_cache || keyagg_cache_len != CACHE_LEN
      || !session || session_len != SESSION_LEN)
    {
      err = KC_ERR (GPG_ERR_INV_ARG);
      goto leave;
    }
  /* k1, k2 in [1, n-1] (a used nonce is all zero) */
  _kc_secp256k1_scalar_set_b32 (&k[0], sn + 4, &o1);
  _kc_secp256k1_scalar_set_b32 (&k[1], sn + 36, &o2);
  bad = o1 | o2 | _kc_secp256k1_scalar_is_zero (&k[0])
        | _kc_secp256k1_scalar_is_zero (&k[1]);
  ct_declassify (&bad, sizeof bad);
  if (bad || memcmp (sn, KC_MUSIG_MAGIC_SECNONCE, 4))
    {
      err = KC_ERR (GPG_ERR_INV_STATE);
      goto leave;
    }
  err = keypair_load (&d, &p, keypair);
  if (err)
    goto leave;
  /* the nonce was made for this key pair's key (the key pair's point,
   * checked, as normalized bytes) */
  if (memcmp (sn + 68, kp + 32, 64))
    {
      err = KC_ERR (GPG_ERR_WRONG_SECKEY);
      goto leave;
    }
  /* From the cache: L, the second key, g_acc and the parity of Q's y;
   * from the session: R's parity, b and e.  All public, read from the
   * bytes (Q itself is not needed here). */
  _kc_secp256k1_scalar_set_b32 (&b, sb + 37, &o3);
  _kc_secp256k1_scalar_set_b32 (&e, sb + 69, &o4);
  if (memcmp (cb, KC_MUSIG_MAGIC_KEYAGG, 4) || cb[KC_MUSIG_CACHE_GACC] > 1
      || memcmp (sb, KC_MUSIG_MAGIC_SESSION, 4) || sb[4] > 1 || o3 || o4)
    {
      err = KC_ERR (GPG_ERR_INV_OBJ);
      goto leave;
    }
  /* d = g gacc d' a (the key's share), k_i negated with R */
  pk33[0] = (unsigned char) (2 | (kp[95] & 1));
  memcpy (pk33 + 1, kp + 32, 32);
  keyagg_coef (&mu, cb + KC_MUSIG_CACHE_L, pk33, cb + KC_MUSIG_CACHE_SECOND);
  neg = (cb[KC_MUSIG_CACHE_Q + 63] & 1) ^ cb[KC_MUSIG_CACHE_GACC];
  _kc_secp256k1_scalar_cond_negate (&d, neg);
  _kc_secp256k1_scalar_mul (&d, &d, &mu);
  _kc_secp256k1_scalar_cond_negate (&k[0], sb[4]);
  _kc_secp256k1_scalar_cond_negate (&k[1], sb[4]);
  /* s = k1 + b k2 + e d */
  _kc_secp256k1_scalar_mul (&s, &e, &d);
  _kc_secp256k1_scalar_mul (&k[1], &b, &k[1]);
  _kc_secp256k1_scalar_add (&k[0], &k[0], &k[1]);
  _kc_secp256k1_scalar_add (&s, &s, &k[0]);
  ct_declassify (&s, sizeof s);                 /* the partial signature */
  memcpy (out, KC_MUSIG_MAGIC_PSIG, 4);
  _kc_secp256k1_scalar_get_b32 (out + 4, &s);
  memcpy (partial_sig, out, PSIG_LEN);
 leave:
  wipememory (sn, sizeof sn);
  wipememory (k, sizeof k);
  wipememory (&d, sizeof d);
  return err;
}

/* The body, then the stack burn (see _kc_burn_stack). */
gpg_error_t
kc_musig_partial_sign (int curve, void *partial_sig, size_t partial_sig_len,
                       void *secnonce, size_t secnonce_len,
                       const void *keypair, size_t keypair_len,
                       const void *keyagg_cache, size_t keyagg_cache_len,
                       const void *session, size_t session_len)
{
  gpg_error_t err = partial_sign_body (curve, partial_sig, partial_sig_len,
                                       secnonce, secnonce_len, keypair,
                                       keypair_len, keyagg_cache,
                                       keyagg_cache_len, session,
                                       session_len);
  _kc_burn_stack (KC_STACK_BURN_MUSIG_SIGN);
  return err;
}

gpg_error_t
kc_musig_partial_sig_verify (int curve, const void *partial_sig,
                             size_t partial_sig_len, const void *pubnonce,
                             size_t pubnonce_len, const void *pubkey,
                             size_t pubkey_len, const void *keyagg_cache,
                             size_t keyagg_cache_len, const void *session,
                             size_t session_len)
{
  unsigned char pk33[33];
  scalar s, mu, sc[2];
  ge r[2], pts[2];
  gej t;
  cache_t kc;
  session_t ss;

  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!partial_sig || partial_sig_len != PSIG_LEN
      || !pubnonce || pubnonce_len != PUBNONCE_LEN
      || !pubkey || !pubkey_len_ok (pubkey_len)
      || !keyagg_cache || keyagg_cache_len != CACHE_LEN
      || !session || session_len != SESSION_LEN)
    return KC_ERR (GPG_ERR_INV_ARG);
  if (!psig_load (&s, partial_sig)
      || !nonce_load (r, pubnonce, KC_MUSIG_MAGIC_PUBNONCE, 0)
      || !cache_load (&kc, keyagg_cache) || !session_load (&ss, session))
    return KC_ERR (GPG_ERR_INV_OBJ);
  if (!_kc_ecc_parse_pubkey (&pts[0], pubkey, pubkey_len))
    return KC_ERR (GPG_ERR_BAD_PUBKEY);
  compress (pk33, &pts[0]);
  keyagg_coef (&mu, kc.l, pk33, kc.second);
  /* s G = R1' + b R2' + e' P, with e' = g gacc a e and R_i' = +-R_i
   * as R's y: T = -s G + e' P + (+-b) R2 + (+-R1) must be infinity */
  _kc_secp256k1_scalar_mul (&sc[0], &ss.e, &mu);
  _kc_secp256k1_scalar_cond_negate (&sc[0], key_negated (&kc));
  sc[1] = ss.b;
  _kc_secp256k1_scalar_cond_negate (&sc[1], ss.parity);
  if (ss.parity)
    _kc_secp256k1_ge_neg (&r[0], &r[0]);
  pts[1] = r[1];
  _kc_secp256k1_scalar_negate (&s, &s);
  _kc_secp256k1_msm_var (&t, &s, pts, sc, 2);
  _kc_secp256k1_gej_add_ge_var (&t, &t, &r[0]);
  return t.infinity ? 0 : KC_ERR (GPG_ERR_BAD_SIGNATURE);
}

gpg_error_t
kc_musig_partial_sig_agg (int curve, void *sig, size_t sig_len,
                          const void *session, size_t session_len,
                          size_t count, const void *const *partial_sigs,
                          const size_t *partial_sig_lens)
{
  const unsigned char *ses = session;
  unsigned char out[64];
  scalar sum, t;
  int overflow;
  size_t i;

  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!sig || sig_len != KC_SCHNORR_SECP256K1_SIG_LEN
      || !session || session_len != SESSION_LEN || count == 0
      || !partial_sigs || !partial_sig_lens)
    return KC_ERR (GPG_ERR_INV_ARG);
  for (i = 0; i < count; i++)
    if (!partial_sigs[i] || partial_sig_lens[i] != PSIG_LEN)
      return KC_ERR (GPG_ERR_INV_ARG);
  /* the session's x(R) and tweaks' share of s (its other fields are
   * not used here) */
  if (memcmp (ses, KC_MUSIG_MAGIC_SESSION, 4))
    return KC_ERR (GPG_ERR_INV_OBJ);
  _kc_secp256k1_scalar_set_b32 (&sum, ses + 101, &overflow);
  if (overflow)
    return KC_ERR (GPG_ERR_INV_OBJ);
  for (i = 0; i < count; i++)
    {
      if (!psig_load (&t, partial_sigs[i]))
        return KC_ERR (GPG_ERR_INV_OBJ);
      _kc_secp256k1_scalar_add (&sum, &sum, &t);
    }
  memcpy (out, ses + 5, 32);
  _kc_secp256k1_scalar_get_b32 (out + 32, &sum);
  memcpy (sig, out, 64);
  return 0;
}

/* ------------------------------------------------ parse / serialize */

/* OUT (66) = the two points of the opaque nonce B as compressed
 * points (64 zero bytes, infinity: 33 zero bytes), from the stored
 * normalized bytes: the magic is checked, not the points (the calls
 * that compute with them do that). */
static gpg_error_t
nonce_serialize (unsigned char *out, const unsigned char *b,
                 const char *magic)
{
  static const unsigned char zero[64];
  unsigned char buf[66];
  int j;

  if (memcmp (b, magic, 4))
    return KC_ERR (GPG_ERR_INV_OBJ);
  for (j = 0; j < 2; j++)
    {
      const unsigned char *p = b + 4 + 64 * j;
      if (!memcmp (p, zero, 64))
        memset (buf + 33 * j, 0, 33);
      else
        {
          buf[33 * j] = (unsigned char) (2 | (p[63] & 1));
          memcpy (buf + 33 * j + 1, p, 32);
        }
    }
  memcpy (out, buf, sizeof buf);
  return 0;
}


gpg_error_t
kc_musig_pubnonce_parse (int curve, void *pubnonce, size_t pubnonce_len,
                         const void *in, size_t in_len)
{
  const unsigned char *b = in;
  unsigned char buf[PUBNONCE_LEN];
  ge r[2];

  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!pubnonce || pubnonce_len != PUBNONCE_LEN
      || !in || in_len != KC_MUSIG_PUBNONCE_SER_LEN)
    return KC_ERR (GPG_ERR_INV_ARG);
  if (!_kc_ecc_parse_pubkey (&r[0], b, 33)
      || !_kc_ecc_parse_pubkey (&r[1], b + 33, 33))
    return KC_ERR (GPG_ERR_INV_DATA);
  nonce_save (buf, r, KC_MUSIG_MAGIC_PUBNONCE);
  memcpy (pubnonce, buf, PUBNONCE_LEN);
  return 0;
}

gpg_error_t
kc_musig_pubnonce_serialize (int curve, void *out, size_t out_len,
                             const void *pubnonce, size_t pubnonce_len)
{
  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!out || out_len != KC_MUSIG_PUBNONCE_SER_LEN
      || !pubnonce || pubnonce_len != PUBNONCE_LEN)
    return KC_ERR (GPG_ERR_INV_ARG);
  return nonce_serialize (out, pubnonce, KC_MUSIG_MAGIC_PUBNONCE);
}

/* One half of an aggregate nonce: 33 zero bytes (infinity) or a
 * compressed point. */
static int
parse_agg_half (ge *r, const unsigned char *b)
{
  static const unsigned char zero[33];
  if (!memcmp (b, zero, 33))
    {
      memset (r, 0, sizeof *r);
      r->infinity = 1;
      return 1;
    }
  return _kc_ecc_parse_pubkey (r, b, 33);
}

gpg_error_t
kc_musig_aggnonce_parse (int curve, void *aggnonce, size_t aggnonce_len,
                         const void *in, size_t in_len)
{
  const unsigned char *b = in;
  unsigned char buf[AGGNONCE_LEN];
  ge r[2];

  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!aggnonce || aggnonce_len != AGGNONCE_LEN
      || !in || in_len != KC_MUSIG_AGGNONCE_SER_LEN)
    return KC_ERR (GPG_ERR_INV_ARG);
  if (!parse_agg_half (&r[0], b) || !parse_agg_half (&r[1], b + 33))
    return KC_ERR (GPG_ERR_INV_DATA);
  nonce_save (buf, r, KC_MUSIG_MAGIC_AGGNONCE);
  memcpy (aggnonce, buf, AGGNONCE_LEN);
  return 0;
}

gpg_error_t
kc_musig_aggnonce_serialize (int curve, void *out, size_t out_len,
                             const void *aggnonce, size_t aggnonce_len)
{
  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!out || out_len != KC_MUSIG_AGGNONCE_SER_LEN
      || !aggnonce || aggnonce_len != AGGNONCE_LEN)
    return KC_ERR (GPG_ERR_INV_ARG);
  return nonce_serialize (out, aggnonce, KC_MUSIG_MAGIC_AGGNONCE);
}

gpg_error_t
kc_musig_partial_sig_parse (int curve, void *partial_sig,
                            size_t partial_sig_len, const void *in,
                            size_t in_len)
{
  unsigned char *out = partial_sig;
  scalar s;
  int overflow;

  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!partial_sig || partial_sig_len != PSIG_LEN
      || !in || in_len != KC_MUSIG_PARTIAL_SIG_SER_LEN)
    return KC_ERR (GPG_ERR_INV_ARG);
  _kc_secp256k1_scalar_set_b32 (&s, in, &overflow);
  if (overflow)
    return KC_ERR (GPG_ERR_BAD_SIGNATURE);
  buf_move32 (out + 4, in);     /* IN may overlap OUT */
  memcpy (out, KC_MUSIG_MAGIC_PSIG, 4);
  return 0;
}

gpg_error_t
kc_musig_partial_sig_serialize (int curve, void *out, size_t out_len,
                                const void *partial_sig,
                                size_t partial_sig_len)
{
  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!out || out_len != KC_MUSIG_PARTIAL_SIG_SER_LEN
      || !partial_sig || partial_sig_len != PSIG_LEN)
    return KC_ERR (GPG_ERR_INV_ARG);
  if (memcmp (partial_sig, KC_MUSIG_MAGIC_PSIG, 4))
    return KC_ERR (GPG_ERR_INV_OBJ);
  /* OUT may overlap it; inline, where memmove was a call into the C
   * library: half of this call's time */
  buf_move32 (out, (const unsigned char *) partial_sig + 4);
  return 0;
}
