/* ecdsa-batch.h - many ECDSA verifications per call (internal interface;
 * the public kc_ecdsa_verify_batch, its parsing and its policy live in
 * ecc.c)
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The items are independent: each gets exactly the answer of
 * _kc_ecdsa_verify_var.  With AVX-512 IFMA (_kc_fe8_usable ())
 * eight of them run side by side, one per lane of the eight-lane field
 * (secp256k1-field-ifma.h); otherwise, and for batches too small to fill
 * the lanes profitably, the single verification runs item by item.
 *
 * The lanes compute u1 G + u2 P with _kc_secp256k1_ecmult8_ifma
 * (secp256k1-ecmult-ifma.h); a lane it cannot finish is verified again
 * by the single verification.  w = 1/s for the eight lanes costs one
 * inversion (Montgomery's trick).
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
                                 const _kc_secp256k1_scalar *r,
                                 const _kc_secp256k1_scalar *s,
                                 const _kc_secp256k1_ge *pub,
                                 const _kc_secp256k1_scalar *m);

/* Exactly eight items in the lanes.  Only when _kc_fe8_usable () (and
 * KC_HAVE_FE8); declared here for the dispatcher and the tests. */
void _kc_ecdsa_verify8_ifma (int ok[8], const _kc_secp256k1_scalar r[8],
                             const _kc_secp256k1_scalar s[8],
                             const _kc_secp256k1_ge pub[8],
                             const _kc_secp256k1_scalar m[8]);

#endif /* KC_ECDSA_BATCH_H */
