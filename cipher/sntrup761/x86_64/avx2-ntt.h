/* sntrup761/x86_64/avx2-ntt.h - NTT-based AVX2 products for sntrup761: Rq x
 * small, Rq x Rq and R3 x R3 (Good-Thomas 3 x 512-point NTTs over one,
 * two or three primes), and pairs f g1, f g2 sharing f's transforms.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Parameters: p = 761, q = 4591, ring Z[x]/(x^761 - x - 1); types as in
 * sntrup761/x86_64/avx2.h (Fq = int16_t frozen to [-2295, 2295], small = int8_t
 * in {-1, 0, 1}, coefficient i = element i).
 *
 * Exists only with x86-64 code paths (KC_USE_X86_64); the caller checks
 * _kc_hwf_has (KC_SNTRUP761_AVX2_HWF) first.  Constant time (no
 * secret-dependent branches or memory indices); every input may be secret; no output
 * may alias an input (nor, for the pairs, the other output).  No heap.
 * The stack temporaries (secret) are left to the stack burn of the
 * public entry point every caller runs beneath, as in
 * sntrup761/x86_64/avx512-ntt.h.
 */
#ifndef KC_SNTRUP761_AVX2_NTT_H
#define KC_SNTRUP761_AVX2_NTT_H

#include <stddef.h>
#include <stdint.h>

#ifdef KC_USE_X86_64

/* h = f * g in Rq = (Z/q)[x]/(x^761 - x - 1): the same contract and the
 * same results as the portable _kc_sntrup761_rq_mult_small.
 * Precondition: f[i] in [-2295, 2295] (frozen Fq); g[i] in {-1, 0, 1}.
 * Postcondition: h[i] frozen, in [-2295, 2295].  Constant time. */
void _kc_sntrup761_rq_mult_small_ntt_avx2 (int16_t h[761],
                                           const int16_t f[761],
                                           const int8_t g[761]);

/* h = f * g in Rq for two frozen operands: the same contract and the
 * same results as the portable _kc_sntrup761_rq_mult.
 * Precondition: f[i], g[i] in [-2295, 2295].  Postcondition: h[i]
 * frozen.  Constant time. */
void _kc_sntrup761_rq_mult_ntt_avx2 (int16_t h[761], const int16_t f[761],
                                     const int16_t g[761]);

/* h = f * g in R3 = (Z/3)[x]/(x^761 - x - 1) by a Good-Thomas NTT
 * product mod 7681: the same contract and the same results as the
 * portable _kc_sntrup761_r3_mult.
 * Precondition: f[i], g[i] in {-1, 0, 1}.  Postcondition: h[i] in
 * {-1, 0, 1}.  Constant time. */
void _kc_sntrup761_r3_mult_ntt_avx2 (int8_t h[761], const int8_t f[761],
                                     const int8_t g[761]);

/* Two products with one left operand: h1 = f * g1 and h2 = f * g2 in
 * Rq, the same results as two calls of
 * _kc_sntrup761_rq_mult_small_ntt_avx2, with f transformed once per
 * prime.  Precondition as there (f frozen; g1, g2 small); g1 and g2 may
 * be the same array.  h1 and h2 are distinct arrays, and neither aliases
 * f, g1 or g2.  Postcondition: h1[i], h2[i] frozen.  Constant time. */
void _kc_sntrup761_rq_mult_small2_ntt_avx2 (int16_t h1[761], int16_t h2[761],
                                            const int16_t f[761],
                                            const int8_t g1[761],
                                            const int8_t g2[761]);

/* The same in R3: h1 = f * g1, h2 = f * g2, the same results as two
 * calls of _kc_sntrup761_r3_mult_ntt_avx2, with f transformed once.
 * Precondition: f[i], g1[i], g2[i] in {-1, 0, 1}; g1 and g2 may be the
 * same array; h1 and h2 are distinct and alias no input.  Postcondition:
 * h1[i], h2[i] in {-1, 0, 1}.  Constant time. */
void _kc_sntrup761_r3_mult2_ntt_avx2 (int8_t h1[761], int8_t h2[761],
                                      const int8_t f[761],
                                      const int8_t g1[761],
                                      const int8_t g2[761]);

#endif /* KC_USE_X86_64 */

#endif /* KC_SNTRUP761_AVX2_NTT_H */
