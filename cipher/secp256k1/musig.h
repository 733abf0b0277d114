/* secp256k1/musig.h - MuSig2 (BIP-327) on secp256k1: the layouts of the
 * opaque buffers of the kc_musig_* calls (secp256k1/musig.c), for the
 * tests, which build them from BIP-327's vectors.  Internal interface.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Every buffer starts with a 4-byte magic naming its kind; numbers are
 * big-endian, points affine x || y (32 bytes each, normalized).  The
 * sizes are libsecp256k1's (secp256k1_musig.h); the bytes past the
 * fields are zero.
 *
 *   keyagg cache (KC_MUSIG_KEYAGG_CACHE_LEN, 197):
 *     magic | Q (64, the aggregate key with its tweaks) | L (32, the
 *     hash of the key list) | second key (33, compressed; 33 zero bytes
 *     if every key is the first) | gacc (1: 0 for g = 1, 1 for g = -1) |
 *     tacc (32, the accumulated tweak, < n)
 *   secnonce (KC_MUSIG_SECNONCE_LEN, 132):
 *     magic | k1 (32) | k2 (32) | the signer's public key P (64);
 *     all zero once used (k1 or k2 zero, or a wrong magic, is refused)
 *   pubnonce (KC_MUSIG_PUBNONCE_LEN, 132): magic | R1 (64) | R2 (64)
 *   aggnonce (KC_MUSIG_AGGNONCE_LEN, 132): magic | R1 | R2, a point at
 *     infinity as 64 zero bytes
 *   session (KC_MUSIG_SESSION_LEN, 133):
 *     magic | parity of R's y (1) | x(R) (32) | b (32) | e (32) |
 *     e * g * tacc (32), g = -1 if Q's y is odd
 *   partial signature (KC_MUSIG_PARTIAL_SIG_LEN, 36): magic | s (32, < n)
 */
#ifndef KC_SECP256K1_MUSIG_H
#define KC_SECP256K1_MUSIG_H

#define KC_MUSIG_MAGIC_KEYAGG   "\xf4\xad\xbb\x01"
#define KC_MUSIG_MAGIC_SECNONCE "\xf4\xad\xbb\x02"
#define KC_MUSIG_MAGIC_PUBNONCE "\xf4\xad\xbb\x03"
#define KC_MUSIG_MAGIC_AGGNONCE "\xf4\xad\xbb\x04"
#define KC_MUSIG_MAGIC_SESSION  "\xf4\xad\xbb\x05"
#define KC_MUSIG_MAGIC_PSIG     "\xf4\xad\xbb\x06"

/* Offsets in the keyagg cache. */
#define KC_MUSIG_CACHE_Q       4
#define KC_MUSIG_CACHE_L       68
#define KC_MUSIG_CACHE_SECOND  100
#define KC_MUSIG_CACHE_GACC    133
#define KC_MUSIG_CACHE_TACC    134

/* The tags of BIP-327's hashes (midstates in musig.c; t-musig checks
 * them against kc_tagged_sha256). */
enum _kc_musig_tag
{
  KC_MUSIG_TAG_KEYAGG_LIST = 0,   /* "KeyAgg list" */
  KC_MUSIG_TAG_KEYAGG_COEF = 1,   /* "KeyAgg coefficient" */
  KC_MUSIG_TAG_AUX = 2,           /* "MuSig/aux" */
  KC_MUSIG_TAG_NONCE = 3,         /* "MuSig/nonce" */
  KC_MUSIG_TAG_NONCECOEF = 4      /* "MuSig/noncecoef" */
};
extern const char *const _kc_musig_tag_names[5];

#include "hash/sha256.h"
/* CTX = SHA-256 after SHA-256(tag) || SHA-256(tag). */
void _kc_musig_tagged_init (_kc_sha256_ctx *ctx, enum _kc_musig_tag tag);

#endif /* KC_SECP256K1_MUSIG_H */
