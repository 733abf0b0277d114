/* ed25519/eddsa.h - Ed25519 signatures (RFC 8032 5.1, pure: no context,
 * no prehash).  Internal interface; the public calls and their policy
 * (lengths, error codes) are in ecc.c.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The secret key is RFC 8032's 32-byte private key (the seed): h =
 * SHA-512 (seed), s = h[0..31] clamped, prefix = h[32..63], A = s B.
 * Signing: r = SHA-512 (prefix || M) mod L, R = r B,
 * k = SHA-512 (R || A || M) mod L, S = r + k s mod L; signature R || S.
 * Signing and key derivation are constant time in the seed (the comb).
 *
 * Verification (variable time: public inputs), in this order:
 *   A refused (KC_ED25519_BAD_KEY) if its y is not below p, if it is
 *     not on the curve (or x = 0 with the sign bit set), or if it has
 *     small order (its y is one of the eight small-order points', sign
 *     bit ignored: libsodium's rule);
 *   the signature refused (KC_ED25519_BAD_SIG) if S >= L, if R's y is
 *     not below p or is a small-order point's y (libsodium's rule);
 *   then accepted iff the encoding of S B - k A equals R's 32 bytes
 *     (the cofactorless equation, as libsodium and BoringSSL).
 * A or R of mixed order (a small-order part added to a point of order
 * L) is not refused by itself; no honest signer produces one.
 */
#ifndef KC_ED25519_EDDSA_H
#define KC_ED25519_EDDSA_H

#include <stddef.h>
#include "ed25519/group.h"

enum { KC_ED25519_OK = 0, KC_ED25519_BAD_SIG = 1, KC_ED25519_BAD_KEY = 2 };

/* PUB = A of SEED */
void _kc_ed25519_pubkey (unsigned char pub[32], const unsigned char seed[32]);

/* SIG = R || S for MSG (MSG may be NULL when LEN is 0; SIG is written
 * last, so it may overlap MSG) */
void _kc_ed25519_sign (unsigned char sig[64], const unsigned char seed[32],
                       const unsigned char *msg, size_t len);

/* A key pair (kc_eddsa_keypair_create's 96 opaque bytes): the seed, the
 * public key A, and a tag, the first half of SHA-512 ("libkcrypt Ed25519
 * key pair" || prefix || A), which binds A to the seed.  Signing with an
 * A that is not the seed's would give two signatures with one nonce r
 * and two challenges, and so the secret scalar; the tag costs a hash
 * where checking A would cost the multiplication the pair saves. */
#define KC_ED25519_KEYPAIR_LEN 96

/* KP = the key pair of SEED (SEED may be KP's first 32 bytes) */
void _kc_ed25519_keypair (unsigned char kp[KC_ED25519_KEYPAIR_LEN],
                          const unsigned char seed[32]);

/* 1 if KP's tag matches its seed and public key, else 0.  Constant time
 * in the seed; the answer is public. */
int _kc_ed25519_keypair_check (const unsigned char kp[KC_ED25519_KEYPAIR_LEN]);

/* As _kc_ed25519_sign from the seed of KP, with its A (one multiplication
 * instead of two): 1, or 0 (nothing written) if KP's tag does not match */
int _kc_ed25519_sign_keypair (unsigned char sig[64],
                              const unsigned char kp[KC_ED25519_KEYPAIR_LEN],
                              const unsigned char *msg, size_t len);

/* One prepared verification: -A, -R (decoded, for the batch), S, k and
 * the encodings of R and A. */
typedef struct
{
  _kc_ed25519_ge na, nr;
  _kc_ed25519_sc s, k;
  unsigned char rb[32], ab[32];
} _kc_ed25519_item;

/* Parse SIG and PUB and hash: KC_ED25519_OK with IT ready, or
 * KC_ED25519_BAD_KEY / _BAD_SIG for what the checks above refuse
 * (a signature whose R is not a point is refused here too: the
 * equation could never hold for it).  Variable time. */
int _kc_ed25519_prepare_var (_kc_ed25519_item *it, const unsigned char sig[64],
                             const unsigned char pub[32],
                             const unsigned char *msg, size_t len);

/* KC_ED25519_OK or _BAD_SIG: the equation for one prepared item.
 * Variable time. */
int _kc_ed25519_verify_item_var (const _kc_ed25519_item *it);

/* The whole single verification: KC_ED25519_OK, _BAD_KEY or _BAD_SIG. */
int _kc_ed25519_verify_var (const unsigned char sig[64],
                            const unsigned char pub[32],
                            const unsigned char *msg, size_t len);

/* RES[i] = KC_ED25519_OK or _BAD_SIG for N prepared items, by the
 * random-coefficient batch equation with bisection (ed25519/batch.c).
 * Variable time. */
#define KC_ED25519_BATCH_EQ KC_ED25519_MSM_PAIRS
void _kc_ed25519_verify_batch_var (int *res, size_t n,
                                   const _kc_ed25519_item *items);

#endif /* KC_ED25519_EDDSA_H */
