/* secp256k1/ecdsa.h - ECDSA over secp256k1 (internal interface; the public API and
 * all encodings live in ecc.c).
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Nonces follow RFC 6979 (section 3.2) with HMAC-SHA256: key material is
 * seckey || bits2octets(digest), no extra data unless the caller gives
 * some (kc_ecdsa_sign_ndata), so signatures agree byte for byte with
 * other RFC 6979 secp256k1 signers.  Signing always returns
 * the low s (s <= (n-1)/2).
 */
#ifndef KC_ECDSA_H
#define KC_ECDSA_H

#include "secp256k1/group.h"
#include "secp256k1/scalar.h"

/* M = bits2int (DIGEST) mod n: the leftmost 256 bits of DIGEST (all of it
 * when shorter) as a big-endian integer, reduced mod n.  DIGEST_LEN >= 1.
 * Constant time in the digest (its length is public). */
void _kc_ecdsa_digest_to_scalar (_kc_secp256k1_scalar *m,
                                 const unsigned char *digest,
                                 size_t digest_len);

/* The RFC 6979 nonce for (SECKEY, M): the COUNTER-th candidate in [1, n-1]
 * (counter 0 is the first one).  Constant time in SECKEY and M except for
 * the (negligibly rare) rejection of a candidate >= n or 0. */
void _kc_ecdsa_rfc6979_nonce (_kc_secp256k1_scalar *k,
                              const _kc_secp256k1_scalar *seckey,
                              const _kc_secp256k1_scalar *m,
                              unsigned int counter);

/* The same with RFC 6979 section 3.6's additional data k' = NDATA (32
 * bytes, or NULL for none) after h1, as libsecp256k1's
 * nonce_function_rfc6979 appends its ndata.  Constant time in NDATA too. */
void _kc_ecdsa_rfc6979_nonce_data (_kc_secp256k1_scalar *k,
                                   const _kc_secp256k1_scalar *seckey,
                                   const _kc_secp256k1_scalar *m,
                                   const unsigned char *ndata,
                                   unsigned int counter);

/* Sign: (R, S) for SECKEY in [1, n-1] and the message scalar M, S low.
 * Constant time in SECKEY and the nonce; R and S are declassified as
 * public results. */
void _kc_ecdsa_sign (_kc_secp256k1_scalar *r, _kc_secp256k1_scalar *s,
                     const _kc_secp256k1_scalar *seckey,
                     const _kc_secp256k1_scalar *m);

/* The same, and *RECID (if not NULL) = the recovery id of libsecp256k1's
 * recovery module: bit 0 the parity of y(R) for the returned (low) S,
 * bit 1 whether x(R) >= n.  RECID is declassified with the signature. */
void _kc_ecdsa_sign_recid (_kc_secp256k1_scalar *r, _kc_secp256k1_scalar *s,
                           int *recid, const _kc_secp256k1_scalar *seckey,
                           const _kc_secp256k1_scalar *m);

/* The same with the nonce's additional data NDATA (32 bytes or NULL),
 * see _kc_ecdsa_rfc6979_nonce_data. */
void _kc_ecdsa_sign_ndata (_kc_secp256k1_scalar *r, _kc_secp256k1_scalar *s,
                           int *recid, const _kc_secp256k1_scalar *seckey,
                           const _kc_secp256k1_scalar *m,
                           const unsigned char *ndata);

/* PUB = the public key for which (R, S) is a signature of M, given the
 * recovery id RECID (0..3).  R and S in [0, n-1]; returns 0 if R or S is
 * zero, RECID names no point (x >= p, or not on the curve) or the key
 * would be infinity.  Variable time (all public). */
int _kc_ecdsa_recover_var (_kc_secp256k1_ge *pub, const _kc_secp256k1_scalar *r,
                           const _kc_secp256k1_scalar *s, int recid,
                           const _kc_secp256k1_scalar *m);

/* Verify (R, S), both in [1, n-1], against the public key PUB (valid,
 * not infinity) and M.  Returns 1 if valid.  Variable time (all public). */
int _kc_ecdsa_verify_var (const _kc_secp256k1_scalar *r,
                          const _kc_secp256k1_scalar *s,
                          const _kc_secp256k1_ge *pub,
                          const _kc_secp256k1_scalar *m);

/* 1 if x(RJ) mod n == R, for RJ finite (R in [1, n-1]): x(RJ) is R or,
 * when R + n < p, R + n.  Variable time (all public). */
int _kc_ecdsa_rx_matches_var (const _kc_secp256k1_scalar *r,
                              const _kc_secp256k1_gej *rj);

#endif /* KC_ECDSA_H */
