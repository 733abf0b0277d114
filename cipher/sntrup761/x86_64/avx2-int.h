/* sntrup761/x86_64/avx2-int.h - what the sntrup761 AVX2 kernel files
 * (sntrup761/x86_64/avx2-*.c) share; the kernels' contracts are in
 * sntrup761/x86_64/avx2.h and sntrup761/sntrup761.h.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Internal to those files.  Functions carry the target attribute KC_AVX2
 * (no -mavx2 for the files); the callers check _kc_hwf_has
 * (KC_SNTRUP761_AVX2_HWF).
 */
#ifndef KC_SNTRUP761_AVX2_INT_H
#define KC_SNTRUP761_AVX2_INT_H

#ifdef KC_USE_X86_64

#include <stdint.h>
#include <immintrin.h>
#include "ct-msan-x86.h"           /* MSan builds: see there */
#include "sntrup761/x86_64/avx2.h"  /* KC_SNTRUP761_AVX2_ISA */

#define KC_AVX2 KC_ISA_TARGET (KC_SNTRUP761_AVX2_ISA)

/* The vectors of 8 words the sort network stores: 768 lanes, the 761
 * words and 7 words 0xffffffff (sntrup761/x86_64/avx2-sort.c says why the
 * network's other 256 lanes need no storage). */
#define SORT_NV 96

/* The bitonic network of sntrup761/x86_64/avx2-sort.c on the SORT_NV vectors V
 * (overwritten): the sorted lanes, in natural order, in W.  W and V do
 * not overlap.  Constant time: which lanes are compared is fixed. */
void _kc_sntrup761_sort768_avx2 (__m256i w[SORT_NV], __m256i v[SORT_NV]);

/* The twiddles of the 512-point NTTs of sntrup761/x86_64/avx2-ntt.c, for the
 * primes q1, q2, q3 = 7681, 10753, 12289 (generated into
 * sntrup761/x86_64/avx2-ntt-tables.c by sntrup761/gen-ntt.py, which says how).
 * An entry is a pair of 16 lanes: z 2^16 mod q (centered) and that
 * times q^-1 mod 2^16.  _bc: levels 0..4, one twiddle per block (31
 * blocks), broadcast; _vec: levels 5..8 of each half (15 vectors), one
 * twiddle per lane.  _fwd split with s, _inv merge with s^-1. */
extern const int16_t _kc_sntrup761_ntt_zeta_fwd_bc[3][31][2][16]
  __attribute__ ((aligned (32)));
extern const int16_t _kc_sntrup761_ntt_zeta_fwd_vec[3][2][15][2][16]
  __attribute__ ((aligned (32)));
extern const int16_t _kc_sntrup761_ntt_zeta_inv_bc[3][31][2][16]
  __attribute__ ((aligned (32)));
extern const int16_t _kc_sntrup761_ntt_zeta_inv_vec[3][2][15][2][16]
  __attribute__ ((aligned (32)));

#endif /* KC_USE_X86_64 */

#endif /* KC_SNTRUP761_AVX2_INT_H */
