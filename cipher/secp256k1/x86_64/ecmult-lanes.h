/* secp256k1/x86_64/ecmult-lanes.h - U1 G + U2 P for several points side by side,
 * one per vector lane (for the batch verifiers): eight lanes in AVX-512
 * IFMA, four in AVX2
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * R = U1 G + U2 P on one fixed schedule for all lanes: U2 split by
 * lambda into two halves below 2^128, each made odd (adding 1; a
 * correction of -P at the end) and written in 33 odd signed 4-bit digits,
 * the top one always 1 (regular recoding: no zero digit), against
 * per-lane tables of P, 3P, ..., 15P on the "effective affine" curve of
 * _kc_secp256k1_ecmult_table_a_var, shared doublings; U1 G by the signed
 * 6-bit comb of _kc_secp256k1_ecmult_gen (its generated table, no
 * doublings).  The additions are the incomplete ones: an exceptional case
 * (adding a point to itself or to its negation) leaves Z = 0 in that lane
 * for good; such a lane, or one whose scalar halves are not below 2^128,
 * is reported to the caller, who computes it again.
 *
 * One kernel, secp256k1/x86_64/ecmult-lanes-impl.h, is compiled once per lane
 * field (secp256k1/x86_64/ecmult-ifma.c over secp256k1/x86_64/field-ifma.h,
 * secp256k1/x86_64/ecmult-avx2.c over secp256k1/x86_64/field-avx2.h); the fields share
 * their contracts (magnitudes, "tight"), so the kernel's bounds hold for
 * both.
 *
 * Variable time: all inputs are public.
 */
#ifndef KC_SECP256K1_ECMULT_LANES_H
#define KC_SECP256K1_ECMULT_LANES_H

#include "secp256k1/ecmult.h"
#include "secp256k1/x86_64/field-ifma.h"
#include "secp256k1/x86_64/field-avx2.h"

/* Lane l: (OUT_X[l] : OUT_Y[l] : OUT_Z[l]) = U1[l] G + U2[l] PUB[l] in
 * Jacobian coordinates (magnitude 1), for finite PUB[l] (magnitude <= 1)
 * and any U1, U2, l < LANES.  Returns the lanes (bit l) whose result is
 * not to be used: the caller computes them another way (an exceptional
 * addition, or the sum being infinity, lands here).  Only when the
 * field's _usable () says so.  Variable time (public inputs). */
#define KC_ECMULT_LANES_DECLARE(name, lanes, target) \
  target unsigned int name (_kc_secp256k1_fe out_x[lanes], \
                            _kc_secp256k1_fe out_y[lanes], \
                            _kc_secp256k1_fe out_z[lanes], \
                            const _kc_secp256k1_scalar u1[lanes], \
                            const _kc_secp256k1_scalar u2[lanes], \
                            const _kc_secp256k1_ge pub[lanes])
#ifdef KC_HAVE_FE8
KC_ECMULT_LANES_DECLARE (_kc_secp256k1_ecmult8_ifma, 8, KC_FE8_TARGET);
#endif
#ifdef KC_HAVE_FE4
KC_ECMULT_LANES_DECLARE (_kc_secp256k1_ecmult4_avx2, 4, KC_FE4_TARGET);
#endif

#endif /* KC_SECP256K1_ECMULT_LANES_H */
