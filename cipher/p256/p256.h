/* p256/p256.h - ECDSA on NIST P-256 (FIPS 186-5, SEC1 4.1), nonces by
 * RFC 6979 with HMAC-SHA-256.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The message is a digest of any length >= 1, taken by SEC1 4.1.3's
 * bits2int: its leftmost 256 bits (a shorter one is the integer it
 * spells), reduced mod n.  The nonce is RFC 6979 section 3.2 with
 * HMAC-SHA-256 over int2octets (x) || bits2octets (digest), whatever the
 * digest's hash (so for a SHA-256 digest the signature is RFC 6979's,
 * A.2.5, byte for byte); candidates giving r = 0 or s = 0 are skipped as
 * step h says.  s is returned as computed, or as min (s, n - s) with
 * LOW_S.
 */
#ifndef KC_P256_P256_H
#define KC_P256_P256_H

#include "p256/mult.h"

/* M = bits2int (DIGEST) mod n. */
void _kc_p256_digest_to_scalar (_kc_p256_scalar *m,
                                const unsigned char *digest,
                                size_t digest_len);

/* (R, S) = the signature of M under the secret X (in [1, n-1]).
 * Constant time in X, the nonce and the result (the comb should be
 * blinded first: _kc_p256_ecmult_gen_blind). */
void _kc_p256_ecdsa_sign (_kc_p256_scalar *r, _kc_p256_scalar *s,
                          const _kc_p256_scalar *x, const _kc_p256_scalar *m,
                          int low_s);

/* 1 if (R, S), both in [1, n-1], is a valid signature of M under Q.
 * Variable time (everything public). */
int _kc_p256_ecdsa_verify_var (const _kc_p256_scalar *r,
                               const _kc_p256_scalar *s,
                               const _kc_p256_ge *q,
                               const _kc_p256_scalar *m);

/* SEC1 keys.  1 if the 32 bytes B are a secret key in [1, n-1] (X is
 * then its value); constant time, the answer public. */
int _kc_p256_seckey_parse (_kc_p256_scalar *x, const unsigned char b[32]);
/* 1 if the LEN bytes at P are a public key: 33 bytes 02/03 || X or 65
 * bytes 04 || X || Y, X and Y < p, on the curve (compressed: X has a
 * Y).  Variable time (public). */
int _kc_p256_pubkey_parse_var (_kc_p256_ge *q, const unsigned char *p,
                               size_t len);
/* OUT = Q as SEC1, LEN 33 (compressed) or 65. */
void _kc_p256_pubkey_serialize (unsigned char *out, size_t len,
                                const _kc_p256_ge *q);
/* OUT (33 or 65) = X*G.  Constant time in X; the output is public.
 * Blinds the comb with RNG first. */
void _kc_p256_pubkey_create (unsigned char *out, size_t len,
                             const _kc_p256_scalar *x,
                             _kc_rng_fn rng, void *rng_ctx);
/* OUT (32 bytes) = x (X*Q), Q a valid public key, X in [1, n-1].
 * Constant time in X and in the shared point. */
void _kc_p256_ecdh (unsigned char out[32], const _kc_p256_scalar *x,
                    const _kc_p256_ge *q);

#endif /* KC_P256_P256_H */
