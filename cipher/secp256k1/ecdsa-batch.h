/* secp256k1/ecdsa-batch.h - many ECDSA verifications per call (internal interface;
 * the public kc_ecdsa_verify_batch, its parsing and its policy live in
 * ecc.c)
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The items are independent: each gets exactly the answer of
 * _kc_ecdsa_verify_var.  Several of them run side by side in the lanes of
 * a vector field, one item per lane: eight with AVX-512 IFMA
 * (secp256k1/x86_64/field-ifma.h), four with AVX2 (secp256k1/x86_64/field-avx2.h);
 * otherwise, and for batches too small to fill the lanes profitably, the
 * single verification runs item by item.  The choice is made at run time
 * (_kc_hwf (), so KCRYPT_HWF_MASK masks it): the fastest path the CPU
 * has among those the dispatcher may take (a path measured slower than
 * the single verification would be kept for the tests and the
 * benchmarks but never picked: secp256k1/ecdsa-batch.c's table says which).
 *
 * The lanes compute u1 G + u2 P with the kernel of
 * secp256k1/x86_64/ecmult-lanes.h; a lane it cannot finish is verified again
 * by the single verification.  w = 1/s for the lanes costs one inversion
 * (Montgomery's trick).
 *
 * Variable time: all inputs are public (signatures, keys, digests).
 */
#ifndef KC_ECDSA_BATCH_H
#define KC_ECDSA_BATCH_H

#include "secp256k1/group.h"
#include "secp256k1/scalar.h"

/* The paths, fastest first (the rows of the dispatch, src/dispatch.h). */
enum
{
  KC_ECDSA_BATCH_IFMA = 0,      /* eight AVX-512 IFMA lanes */
  KC_ECDSA_BATCH_AVX2 = 1,      /* four AVX2 lanes */
  KC_ECDSA_BATCH_PORTABLE = 2,  /* _kc_ecdsa_verify_var item by item */
  KC_ECDSA_BATCH_NPATHS = 3
};

/* OK[i] = _kc_ecdsa_verify_var (&R[i], &S[i], &PUB[i], &M[i]) for i < N,
 * with the preconditions of that function, on the path
 * _kc_ecdsa_batch_path () picks.  Variable time (public). */
void _kc_ecdsa_verify_batch_var (int *ok, size_t n,
                                 const _kc_secp256k1_scalar *r,
                                 const _kc_secp256k1_scalar *s,
                                 const _kc_secp256k1_ge *pub,
                                 const _kc_secp256k1_scalar *m);

/* The same on path PATH, which must be usable (for the tests and the
 * benchmarks). */
void _kc_ecdsa_verify_batch_path_var (int path, int *ok, size_t n,
                                      const _kc_secp256k1_scalar *r,
                                      const _kc_secp256k1_scalar *s,
                                      const _kc_secp256k1_ge *pub,
                                      const _kc_secp256k1_scalar *m);

/* 1 if path PATH is built and the CPU (as _kc_hwf () reports it) runs
 * it. */
int _kc_ecdsa_batch_path_usable (int path);

/* The lanes of path PATH (1 for the portable one). */
int _kc_ecdsa_batch_path_lanes (int path);

/* The path the dispatcher takes now. */
int _kc_ecdsa_batch_path (void);

#endif /* KC_ECDSA_BATCH_H */
