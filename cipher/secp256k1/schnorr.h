/* secp256k1/schnorr.h - BIP-340 Schnorr signatures over secp256k1 (internal
 * interface; the public API and its checks live in ecc.c).
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Keys are x-only: the point with that x and an even y.  A signature is
 * R.x || s (64 bytes).  Tagged hashes H_tag(x) = SHA-256(SHA-256(tag) ||
 * SHA-256(tag) || x) start from the SHA-256 state after the first block
 * (the two tag hashes), precomputed for the three BIP-340 tags.
 */
#ifndef KC_SCHNORR_H
#define KC_SCHNORR_H

#include "hash/sha256.h"
#include "secp256k1/group.h"
#include "secp256k1/scalar.h"

enum _kc_bip340_tag
{
  KC_BIP340_AUX = 0,          /* "BIP0340/aux" */
  KC_BIP340_NONCE = 1,        /* "BIP0340/nonce" */
  KC_BIP340_CHALLENGE = 2     /* "BIP0340/challenge" */
};
/* The tags' names, indexed by enum _kc_bip340_tag (for tests). */
extern const char *const _kc_bip340_tag_names[3];

/* CTX = SHA-256 after absorbing SHA-256(tag) || SHA-256(tag). */
void _kc_bip340_tagged_init (_kc_sha256_ctx *ctx, enum _kc_bip340_tag tag);

/* SIG = the BIP-340 signature of MSG (MSG_LEN bytes, any length) under
 * SECKEY (in [1, n-1]) with the 32 bytes AUX (zeros when the caller has
 * none).  Returns 0 only if the nonce is 0 mod n (probability 2^-256;
 * SIG then untouched).  Constant time in SECKEY, AUX and the nonce; the
 * public key and the signature are declassified as public results. */
int _kc_schnorr_sign (unsigned char sig[64], const _kc_secp256k1_scalar *seckey,
                      const unsigned char *msg, size_t msg_len,
                      const unsigned char aux[32]);

/* The same from the prepared key: D the secret key already negated so
 * that D*G has an even y, PX the x of D*G (public).  Same bytes and the
 * same constant-time rules; the key pair's signer (keys.c). */
int _kc_schnorr_sign_even (unsigned char sig[64],
                           const _kc_secp256k1_scalar *d,
                           const unsigned char px[32],
                           const unsigned char *msg, size_t msg_len,
                           const unsigned char aux[32]);

/* 1 if SIG is a valid BIP-340 signature of MSG under the x-only key
 * XONLY (32 bytes; a bad key is simply "invalid": the caller parses it
 * first to tell the two apart).  Variable time (all public). */
int _kc_schnorr_verify_var (const unsigned char sig[64],
                            const _kc_secp256k1_ge *pub,
                            const unsigned char xonly[32],
                            const unsigned char *msg, size_t msg_len);

/* PUB = lift_x (XONLY): the point with that x and even y.  Returns 0 if
 * x >= p or x^3 + 7 is not a square.  Variable time (public key). */
int _kc_bip340_lift_x_var (_kc_secp256k1_ge *pub, const unsigned char xonly[32]);

#endif /* KC_SCHNORR_H */
