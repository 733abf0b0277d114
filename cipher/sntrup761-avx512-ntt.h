/* sntrup761-avx512-ntt.h - NTT-based AVX-512 products for sntrup761:
 * Rq x small, Rq x Rq, R3 x R3 and the pairs f g1, f g2 (the transform
 * of sntrup761-avx2-ntt.h on 32 int16 lanes a vector).
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Each function has the contract and gives the results of its AVX2
 * namesake in sntrup761-avx2-ntt.h (_avx2 for _avx512; the same
 * preconditions, no aliasing of outputs with inputs, frozen outputs),
 * hence of the portable products.  Exists only with x86-64 code paths
 * (KC_USE_X86_64); the caller checks _kc_hwf () & KC_HWF_AVX512 (F, BW,
 * DQ, VL) first.  Constant time: straight-line code over public lengths,
 * no secret-dependent branch or memory index (valgrind cannot run
 * AVX-512, so t-ctime does not cover these; t-sntrup761-ntt checks them
 * against the portable products).  No heap; the stack temporaries are
 * wiped before return.
 */
#ifndef KC_SNTRUP761_AVX512_NTT_H
#define KC_SNTRUP761_AVX512_NTT_H

#include <stdint.h>

#ifdef KC_USE_X86_64

void _kc_sntrup761_rq_mult_small_ntt_avx512 (int16_t h[761],
                                             const int16_t f[761],
                                             const int8_t g[761]);
void _kc_sntrup761_rq_mult_ntt_avx512 (int16_t h[761], const int16_t f[761],
                                       const int16_t g[761]);
void _kc_sntrup761_r3_mult_ntt_avx512 (int8_t h[761], const int8_t f[761],
                                       const int8_t g[761]);
void _kc_sntrup761_rq_mult_small2_ntt_avx512 (int16_t h1[761],
                                              int16_t h2[761],
                                              const int16_t f[761],
                                              const int8_t g1[761],
                                              const int8_t g2[761]);
void _kc_sntrup761_r3_mult2_ntt_avx512 (int8_t h1[761], int8_t h2[761],
                                        const int8_t f[761],
                                        const int8_t g1[761],
                                        const int8_t g2[761]);

#endif /* KC_USE_X86_64 */

#endif /* KC_SNTRUP761_AVX512_NTT_H */
