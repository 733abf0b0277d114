/* secp256k1/ellswift.h - ElligatorSwift on secp256k1 (BIP-324): public keys
 * as 64 bytes indistinguishable from random, and BIP-324's x-only ECDH.
 * Internal interface; the public calls (kc_ellswift_*) and their checks
 * are at the end of secp256k1/ellswift.c.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ENCODING
 *   64 bytes u || t, two 32-byte big-endian integers, each taken mod p.
 *   Every 64-byte string decodes to a point (XSwiftEC, BIP-324): x is
 *   the first of x3, x2, x1 below that is on the curve, with s = t^2
 *   (1 when t = 0, times 4 when g + s = 0), g = u^3 + 7 (u = 0 read as
 *   1), c1 = (sqrt(-3) - 1)/2, c2 = (-sqrt(-3) - 1)/2:
 *     x3 = (3 s u^3 - (g + s)^2) / (3 s u^2)
 *     x2 = u (c1 s + c2 g) / (g + s)
 *     x1 = -(x2 + u),
 *   and y is the root of x^3 + 7 with the parity of t (BIP-324's
 *   ellswift_decode).  One of the three always is on the curve.
 *
 * ENCODER
 *   For a point P, draw u from a SHA-256 stream and a branch c in 0..7,
 *   and try the partial inverse XSwiftECInv (x(P), u, c) of BIP-324;
 *   repeat until it succeeds (1 in 4 on average), then negate t to give
 *   it y(P)'s parity.  The stream is libsecp256k1's, so that the
 *   encodings are byte-identical to its secp256k1_ellswift_encode and
 *   _create: the tagged hash H = SHA-256 (T || T || data || cnt), T =
 *   SHA-256 (tag), cnt a 4-byte little-endian counter; cnt 0 fills a
 *   pool of 64 branch values (the nibbles from the last byte's high one
 *   down to the first byte's low one, top bit dropped), each following
 *   cnt gives one u (its 32
 *   bytes are the u written out, reduced mod p only for the arithmetic),
 *   a new pool every 64 u.
 *     encode: tag "secp256k1_ellswift_encode", data = the compressed
 *             key (33 bytes) || 31 zero bytes || rnd (32 bytes);
 *     create: tag "secp256k1_ellswift_create", data = seckey (32) ||
 *             32 zero bytes [|| aux (32), only when given].
 *
 * XDH (BIP-324's v2 key exchange)
 *   shared = H_bip324_ellswift_xonly_ecdh (ell_A || ell_B || x(k Q)),
 *   Q the point the peer's encoding decodes to (its y does not matter).
 *   x(kQ) is computed from the fraction x = n/d without a square root:
 *   with G = n^3 + 7 d^3, the point (G n, G^2) lies on the isomorphic
 *   curve y^2 = x^3 + 7 (G d)^3 (scale G d: x' = G d x), on which the
 *   constant-time K*A runs unchanged (its formulas do not involve the
 *   curve's constant), and x(kQ) = x(kQ') / (G d).
 *
 * CONSTANT TIME
 *   _kc_ellswift_create is constant time in the secret key up to the
 *   public key (K*G) and the SHA-256 state after the key's block, which
 *   it declassifies: the encoder then runs on public data (its u and t
 *   are output) and on that hash of the key, a pseudorandom function of
 *   it.  _kc_ellswift_xdh is constant time in the secret key and in the
 *   shared point; the peer's encoding is public.  The _var functions
 *   take public inputs only.
 */
#ifndef KC_SECP256K1_ELLSWIFT_H
#define KC_SECP256K1_ELLSWIFT_H

#include "secp256k1/group.h"
#include "secp256k1/scalar.h"

/* The three tags, for tests (t-ellswift checks the midstates). */
extern const char *const _kc_ellswift_tag_names[3];
/* The SHA-256 chaining values after T || T for the three tags above. */
extern const uint32_t _kc_ellswift_tag_midstate[3][8];

/* XN/XD = the x of XSwiftEC (U, T) as a fraction (XD nonzero), for the
 * field elements U, T (normalized).  Out: magnitudes <= 8.  Variable
 * time (U, T public). */
void _kc_ellswift_xswiftec_frac_var (_kc_secp256k1_fe *xn, _kc_secp256k1_fe *xd,
                                     const _kc_secp256k1_fe *u,
                                     const _kc_secp256k1_fe *t);

/* T = XSwiftECInv (X, U, C) of BIP-324, for X the x of a point
 * (normalized), U nonzero (normalized), C in 0..7: returns 1 and T (magnitude 1)
 * with XSwiftEC (U, T) = X, or 0 when this branch has no such T.
 * Variable time (public inputs). */
int _kc_ellswift_xswiftec_inv_var (_kc_secp256k1_fe *t, const _kc_secp256k1_fe *x,
                                   const _kc_secp256k1_fe *u, int c);

/* R = the point ELL (64 bytes) decodes to; never fails (R finite, on the
 * curve, coordinates normalized).  Variable time (ELL public). */
void _kc_ellswift_decode_var (_kc_secp256k1_ge *r, const unsigned char ell[64]);

/* ELL (64 bytes) = the encoding of the finite point P with the stream
 * seeded by RND (32 bytes), byte-identical to secp256k1_ellswift_encode.
 * Variable time: P and RND public. */
void _kc_ellswift_encode_var (unsigned char ell[64], const _kc_secp256k1_ge *p,
                              const unsigned char rnd[32]);

/* ELL (64 bytes) = the encoding of SECKEY*G for SECKEY (32 bytes, its
 * scalar X in [1, n-1] already checked), with the stream of
 * secp256k1_ellswift_create seeded by SECKEY and AUX (32 bytes, or NULL:
 * not hashed at all, as libsecp256k1 does).  The caller has blinded K*G
 * (_kc_secp256k1_ecmult_gen_blind).  Constant time as said above. */
void _kc_ellswift_create (unsigned char ell[64], const unsigned char seckey[32],
                          const _kc_secp256k1_scalar *x,
                          const unsigned char *aux);

/* OUT (32 bytes) = BIP-324's shared secret for the encodings ELL_A and
 * ELL_B (64 bytes each) and the secret key X in [1, n-1], which belongs
 * to ELL_A if PARTY is 0 (the initiator) and to ELL_B if it is 1: the
 * peer's encoding is the other one.  Constant time in X. */
void _kc_ellswift_xdh (unsigned char out[32], const unsigned char ell_a[64],
                       const unsigned char ell_b[64],
                       const _kc_secp256k1_scalar *x, int party);

#endif /* KC_SECP256K1_ELLSWIFT_H */
