/* sntrup761/x86_64/avx512.h - AVX-512 kernels for sntrup761.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Parameters and types as in sntrup761/x86_64/avx2.h (Fq = int16_t frozen to
 * [-2295, 2295], small = int8_t in {-1, 0, 1}, coefficient i = element
 * i).  These functions exist only with x86-64 code paths
 * (KC_USE_X86_64); the caller checks _kc_hwf_has (KC_SNTRUP761_AVX512_HWF)
 * first (AVX-512 F, BW, DQ, VL, and AVX2: the compiler emits VEX code
 * too).  Constant time: straight-line code over public lengths,
 * secret selections by mask blends (valgrind cannot run AVX-512, so
 * t-ctime does not cover them; t-sntrup761-avx2 checks them against the
 * portable functions).  No heap; the stack state is wiped before return.
 */
#ifndef KC_SNTRUP761_AVX512_H
#define KC_SNTRUP761_AVX512_H

#include <stdint.h>

#define KC_SNTRUP761_AVX512_ISA AVX2, AVX512
#define KC_SNTRUP761_AVX512_HWF KC_ISA_HWF (KC_SNTRUP761_AVX512_ISA)
/* The reciprocal's jump passes with vpdpwssd where the CPU has VNNI. */
#define KC_SNTRUP761_VNNI_ISA AVX2, AVX512, VNNI
#define KC_SNTRUP761_VNNI_HWF KC_ISA_HWF (KC_SNTRUP761_VNNI_ISA)

#ifdef KC_USE_X86_64

/* The same contracts and results as _kc_sntrup761_rq_recip3_avx2 and
 * _kc_sntrup761_rq_recip3_fq_avx2 (sntrup761/x86_64/avx2.h), and as the portable
 * _kc_sntrup761_rq_recip3 and _kc_sntrup761_rq_recip3_fq: out = 1/(3 in)
 * in Rq, 0 if invertible, else -1 (out then unspecified but frozen). */
int _kc_sntrup761_rq_recip3_avx512 (int16_t out[761], const int8_t in[761]);
int _kc_sntrup761_rq_recip3_fq_avx512 (int16_t out[761], const int16_t in[761]);

/* The same contract and results as _kc_sntrup761_r3_recip_avx2 and the
 * portable _kc_sntrup761_r3_recip: out = 1/in in R3 for small IN,
 * returns 0 if invertible, else -1 (out unspecified, in {-1, 0, 1}). */
int _kc_sntrup761_r3_recip_avx512 (int8_t out[761], const int8_t in[761]);

/* The same contracts and results as _kc_sntrup761_sort_761_avx2 and
 * _kc_sntrup761_short_from_bytes_avx2 (sntrup761/x86_64/avx2.h): X sorted
 * ascending in place; OUT = Short_fromlist of the 761 little-endian
 * words at BUF (4 * 761 bytes).  The network of the AVX2 sort
 * (sntrup761/x86_64/avx512-sort.c). */
void _kc_sntrup761_sort_761_avx512 (uint32_t x[761]);
void _kc_sntrup761_short_from_bytes_avx512 (int8_t out[761],
                                            const unsigned char *buf);

#endif /* KC_USE_X86_64 */

#endif /* KC_SNTRUP761_AVX512_H */
