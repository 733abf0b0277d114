/* ecdsa-batch.h - many ECDSA verifications per call (internal interface;
 * the public kc_ecdsa_verify_batch, its parsing and its policy live in
 * ecc.c)
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The items are independent: each gets exactly the answer of
 * _kc_ecdsa_verify_var.  With AVX-512 IFMA (_kc_hwf () & KC_HWF_IFMA)
 * eight of them run side by side, one per lane of the eight-lane field
 * (secp256k1-field-ifma.h); otherwise, and for batches too small to fill
 * the lanes profitably, the single verification runs item by item.
 *
 * The lane kernel computes u1 G + u2 P on one fixed schedule for all
 * lanes: u2 split by lambda into two halves below 2^128, each made odd
 * (adding 1; a correction of -P at the end) and written in 33 odd signed
 * 4-bit digits, the top one always 1 (regular recoding: no zero digit),
 * against per-lane tables of P, 3P, ..., 15P on the "effective affine"
 * curve of _kc_secp256k1_ecmult_table_a_var, shared doublings; u1 G by
 * the signed 6-bit comb of _kc_secp256k1_ecmult_gen (its generated table,
 * no doublings).  The additions are the incomplete ones: an exceptional
 * case (adding a point to itself or to its negation) leaves Z = 0 in
 * that lane for good, and such a lane, or one whose scalar halves are not
 * below 2^128, is verified again by the single verification.
 *
 * Variable time: all inputs are public (signatures, keys, digests).
 */
#ifndef KC_ECDSA_BATCH_H
#define KC_ECDSA_BATCH_H

#include "secp256k1-group.h"
#include "secp256k1-scalar.h"

/* OK[i] = _kc_ecdsa_verify_var (&R[i], &S[i], &PUB[i], &M[i]) for i < N,
 * with the preconditions of that function.  Variable time (public). */
void _kc_ecdsa_verify_batch_var (int *ok, size_t n,
                                 const kc_secp256k1_scalar *r,
                                 const kc_secp256k1_scalar *s,
                                 const kc_secp256k1_ge *pub,
                                 const kc_secp256k1_scalar *m);

/* The lane kernel (ecdsa-batch-ifma.c): exactly eight items.  Only with
 * KC_HWF_IFMA; declared here for the dispatcher and the tests. */
void _kc_ecdsa_verify8_ifma (int ok[8], const kc_secp256k1_scalar r[8],
                             const kc_secp256k1_scalar s[8],
                             const kc_secp256k1_ge pub[8],
                             const kc_secp256k1_scalar m[8]);

#endif /* KC_ECDSA_BATCH_H */
