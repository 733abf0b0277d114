/* secp256k1/msm.h - multi-scalar multiplication NG*G + sum SC[i]*PTS[i]
 * on secp256k1 (for batch verification)
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Every scalar is split by the GLV endomorphism (k = k1 + k2*lambda,
 * halves below 2^128, _kc_secp256k1_split_small_var), so a sum of N
 * points is a sum of 2N half-length terms (lambda*P = (beta*x, y)).
 *
 * Strauss (few points): every half in width-KC_MSM_STRAUSS_W NAF against
 * a table of the point's odd multiples P, 3P, .., 15P (built on
 * _kc_secp256k1_ecmult_table_a_var's scaled curve, then all brought to
 * true affine coordinates with one inversion for the whole group by
 * Montgomery's trick); one chain of ~129 doublings shared by all points
 * of a group of at most KC_MSM_STRAUSS_GROUP (the group bounds the
 * stack; groups are summed), G's halves in width 14 against the static
 * table of _kc_secp256k1_ecmult_var.
 *
 * Pippenger (many points): signed C-bit digits without carries (the half
 * plus 2^(C-1) in every window, each digit then the window minus
 * 2^(C-1), in [-2^(C-1), 2^(C-1) - 1]); per window, from the top, every
 * term adds its point to bucket |d| (2^(C-1) buckets), the buckets are
 * summed as sum_b b*B_b by two running sums, and the windows are joined
 * by C doublings.  C minimises an operation count of the size (mixed
 * additions per term, full additions per bucket); NG*G is one
 * _kc_secp256k1_ecmult_var.
 *
 * All additions are the complete variable-time ones (equal points,
 * opposite points, infinity handled), so the result is exact for any
 * input, including repeated points.
 *
 * Stack: about 9 KiB (Strauss: a group of 8 points, one-byte digits)
 * or 14 KiB (Pippenger, its terms and 32 buckets; NG*G's multiplication
 * runs after that frame has returned); no heap.  The callers add it to
 * their own arrays within KC_STACK_MAX (kcrypt-int.h).
 * Variable time: every input must be public.
 */
#ifndef KC_SECP256K1_MSM_H
#define KC_SECP256K1_MSM_H

#include "secp256k1/ecmult.h"

/* Most points of one call. */
#define KC_MSM_MAX_POINTS 128
/* Points per Strauss doubling chain (8: its tables and digits take
 * 9 KiB), and its window (one-byte digits: at most 8). */
#define KC_MSM_STRAUSS_GROUP 8
#define KC_MSM_STRAUSS_W KC_ECMULT_WINDOW_A
/* From this many points on, _kc_secp256k1_msm_var uses Pippenger. */
#define KC_MSM_PIPPENGER_MIN 64

/* R = NG*G + sum_{i < N} SC[i]*PTS[i], N <= KC_MSM_MAX_POINTS; NG may be
 * NULL (zero).  PTS finite, coordinates magnitude <= 1; any scalars.
 * Strauss below KC_MSM_PIPPENGER_MIN points, else Pippenger.  Variable
 * time (public inputs). */
void _kc_secp256k1_msm_var (_kc_secp256k1_gej *r, const _kc_secp256k1_scalar *ng,
                            const _kc_secp256k1_ge *pts,
                            const _kc_secp256k1_scalar *sc, size_t n);
/* The same by one algorithm (tests compare them). */
void _kc_secp256k1_msm_strauss_var (_kc_secp256k1_gej *r,
                                    const _kc_secp256k1_scalar *ng,
                                    const _kc_secp256k1_ge *pts,
                                    const _kc_secp256k1_scalar *sc, size_t n);
void _kc_secp256k1_msm_pippenger_var (_kc_secp256k1_gej *r,
                                      const _kc_secp256k1_scalar *ng,
                                      const _kc_secp256k1_ge *pts,
                                      const _kc_secp256k1_scalar *sc,
                                      size_t n);

#endif /* KC_SECP256K1_MSM_H */
