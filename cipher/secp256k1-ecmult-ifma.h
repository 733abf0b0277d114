/* secp256k1-ecmult-ifma.h - eight scalar multiplications U1 G + U2 P side
 * by side in AVX-512 IFMA lanes (for the batch verifiers)
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * R = U1 G + U2 P on one fixed schedule for all lanes: U2 split by
 * lambda into two halves below 2^128, each made odd (adding 1; a correction of -P at the end) and written in 33 odd signed
 * 4-bit digits, the top one always 1 (regular recoding: no zero digit),
 * against per-lane tables of P, 3P, ..., 15P on the "effective affine"
 * curve of _kc_secp256k1_ecmult_table_a_var, shared doublings; U1 G by
 * the signed 6-bit comb of _kc_secp256k1_ecmult_gen (its generated table,
 * no doublings).  The additions are the incomplete ones: an exceptional
 * case (adding a point to itself or to its negation) leaves Z = 0 in
 * that lane for good; such a lane, or one whose scalar halves are not
 * below 2^128, is reported to the caller, who computes it again.
 *
 * Variable time: all inputs are public.
 */
#ifndef KC_SECP256K1_ECMULT_IFMA_H
#define KC_SECP256K1_ECMULT_IFMA_H

#include "secp256k1-ecmult.h"
#include "secp256k1-field-ifma.h"

#ifdef KC_HAVE_FE8
/* Lane l: (OUT_X[l] : OUT_Y[l] : OUT_Z[l]) = U1[l] G + U2[l] PUB[l] in
 * Jacobian coordinates (magnitude 1), for finite PUB[l] (magnitude <= 1)
 * and any U1, U2.  Returns the lanes (bit l) whose result is not to be
 * used: the caller computes them another way (an exceptional addition,
 * or the sum being infinity, lands here).  Only when _kc_fe8_usable ().
 * Variable time (public inputs). */
KC_FE8_TARGET unsigned int
_kc_secp256k1_ecmult8_ifma (_kc_secp256k1_fe out_x[8], _kc_secp256k1_fe out_y[8],
                            _kc_secp256k1_fe out_z[8],
                            const _kc_secp256k1_scalar u1[8],
                            const _kc_secp256k1_scalar u2[8],
                            const _kc_secp256k1_ge pub[8]);
#endif

#endif /* KC_SECP256K1_ECMULT_IFMA_H */
