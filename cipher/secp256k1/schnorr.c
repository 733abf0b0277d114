/* secp256k1/schnorr.c - BIP-340 Schnorr sign and verify on secp256k1.  Contracts in
 * secp256k1/schnorr.h.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "secp256k1/schnorr.h"
#include "secp256k1/ecmult.h"

typedef _kc_secp256k1_scalar scalar;

const char *const _kc_bip340_tag_names[3] = {
  "BIP0340/aux", "BIP0340/nonce", "BIP0340/challenge"
};

/* SHA-256 chaining values after the block SHA-256(tag) || SHA-256(tag);
 * tests/t-schnorr checks them against the definition. */
static const uint32_t tag_midstate[3][8] = {
  { 0x24dd3219, 0x4eba7e70, 0xca0fabb9, 0x0fa3166d,
    0x3afbe4b1, 0x4c44df97, 0x4aac2739, 0x249e850a },
  { 0x46615b35, 0xf4bfbff7, 0x9f8dc671, 0x83627ab3,
    0x60217180, 0x57358661, 0x21a29e54, 0x68b07b4c },
  { 0x9cecba11, 0x23925381, 0x11679112, 0xd1627e0f,
    0x97c87550, 0x003cc765, 0x90f61164, 0x33e9b66a }
};

void
_kc_bip340_tagged_init (_kc_sha256_ctx *ctx, enum _kc_bip340_tag tag)
{
  memcpy (ctx->h, tag_midstate[tag], sizeof ctx->h);
  ctx->nbytes = KC_SHA256_BLOCK_LEN;
  ctx->buflen = 0;
}

/* E = H_challenge (RX || PX || MSG) mod n. */
static void
challenge (scalar *e, const unsigned char rx[32], const unsigned char px[32],
           const unsigned char *msg, size_t msg_len)
{
  _kc_sha256_ctx c;
  unsigned char h[32];
  _kc_bip340_tagged_init (&c, KC_BIP340_CHALLENGE);
  _kc_sha256_update (&c, rx, 32);
  _kc_sha256_update (&c, px, 32);
  _kc_sha256_update (&c, msg, msg_len);
  _kc_sha256_final (&c, h);
  _kc_secp256k1_scalar_set_b32 (e, h, NULL);
}

int
_kc_bip340_lift_x_var (_kc_secp256k1_ge *pub, const unsigned char xonly[32])
{
  _kc_secp256k1_fe x;
  if (!_kc_secp256k1_fe_set_b32_limit (&x, xonly))
    return 0;
  return _kc_secp256k1_ge_set_xo_var (pub, &x, 0);
}

/* Affine X*G, normalized; *ODD = parity of y.  Constant time in X. */
static void
mul_gen (_kc_secp256k1_ge *p, const scalar *x)
{
  _kc_secp256k1_ecmult_gen_ge (p, x);
}

int
_kc_schnorr_sign (unsigned char sig[64], const scalar *seckey,
                  const unsigned char *msg, size_t msg_len,
                  const unsigned char aux[32])
{
  _kc_secp256k1_ge p;
  scalar d;
  unsigned char px[32];
  int ok;

  /* d = seckey, negated when P = d*G has an odd y. */
  mul_gen (&p, seckey);
  ct_declassify (&p, sizeof p);                 /* the public key */
  _kc_secp256k1_fe_get_b32 (px, &p.x);
  d = *seckey;
  _kc_secp256k1_scalar_cond_negate (&d, _kc_secp256k1_fe_is_odd (&p.y));
  ok = _kc_schnorr_sign_even (sig, &d, px, msg, msg_len, aux);
  wipememory (&d, sizeof d);
  return ok;
}

int
_kc_schnorr_sign_even (unsigned char sig[64], const scalar *d,
                       const unsigned char px[32],
                       const unsigned char *msg, size_t msg_len,
                       const unsigned char aux[32])
{
  _kc_secp256k1_ge r;
  _kc_sha256_ctx c;
  scalar k, e, s;
  unsigned char rx[32], t[32], h[32];
  int i, odd, bad;

  /* t = bytes(d) xor H_aux (aux); rand = H_nonce (t || px || msg) */
  _kc_bip340_tagged_init (&c, KC_BIP340_AUX);
  _kc_sha256_update (&c, aux, 32);
  _kc_sha256_final (&c, h);
  _kc_secp256k1_scalar_get_b32 (t, d);
  for (i = 0; i < 32; i++)
    t[i] ^= h[i];
  _kc_bip340_tagged_init (&c, KC_BIP340_NONCE);
  _kc_sha256_update (&c, t, 32);
  _kc_sha256_update (&c, px, 32);
  _kc_sha256_update (&c, msg, msg_len);
  _kc_sha256_final (&c, h);
  _kc_secp256k1_scalar_set_b32 (&k, h, NULL);
  bad = _kc_secp256k1_scalar_is_zero (&k);
  ct_declassify (&bad, sizeof bad);             /* 2^-256: fail, as BIP-340 */
  if (!bad)
    {
      /* R = k*G; k negated when R has an odd y. */
      mul_gen (&r, &k);
      odd = _kc_secp256k1_fe_is_odd (&r.y);
      _kc_secp256k1_scalar_cond_negate (&k, odd);
      _kc_secp256k1_fe_get_b32 (rx, &r.x);
      ct_declassify (rx, sizeof rx);            /* R.x is the signature's */
      challenge (&e, rx, px, msg, msg_len);
      _kc_secp256k1_scalar_mul (&s, &e, d);
      _kc_secp256k1_scalar_add (&s, &s, &k);    /* s = k + e d */
      ct_declassify (&s, sizeof s);
      memcpy (sig, rx, 32);
      _kc_secp256k1_scalar_get_b32 (sig + 32, &s);
    }
  wipememory (&r, sizeof r);
  wipememory (&k, sizeof k);
  wipememory (t, sizeof t);
  wipememory (h, sizeof h);
  wipememory (&odd, sizeof odd);
  return !bad;
}

int
_kc_schnorr_verify_var (const unsigned char sig[64], const _kc_secp256k1_ge *pub,
                        const unsigned char xonly[32],
                        const unsigned char *msg, size_t msg_len)
{
  _kc_secp256k1_fe rx;
  _kc_secp256k1_gej pj, rj;
  _kc_secp256k1_ge ra;
  scalar s, e;
  int overflow;

  if (!_kc_secp256k1_fe_set_b32_limit (&rx, sig))
    return 0;                                   /* r >= p */
  _kc_secp256k1_scalar_set_b32 (&s, sig + 32, &overflow);
  if (overflow)
    return 0;                                   /* s >= n */
  challenge (&e, sig, xonly, msg, msg_len);
  /* R = s*G - e*P */
  _kc_secp256k1_scalar_negate (&e, &e);
  _kc_secp256k1_gej_set_ge (&pj, pub);
  _kc_secp256k1_ecmult_var (&rj, &pj, &e, &s);
  if (rj.infinity)
    return 0;
  _kc_secp256k1_ge_set_gej_var (&ra, &rj);
  if (_kc_secp256k1_fe_is_odd (&ra.y))
    return 0;
  return _kc_secp256k1_fe_equal_norm (&rx, &ra.x);
}
