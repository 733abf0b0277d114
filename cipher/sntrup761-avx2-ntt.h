/* sntrup761-avx2-ntt.h - NTT-based AVX2 products for sntrup761: Rq x
 * small, Rq x Rq and R3 x R3 (Good-Thomas 3 x 512-point NTTs over one,
 * two or three primes).
 *
 * Parameters: p = 761, q = 4591, ring Z[x]/(x^761 - x - 1); types as in
 * sntrup761-avx2.h (Fq = int16_t frozen to [-2295, 2295], small = int8_t
 * in {-1, 0, 1}, coefficient i = element i).
 *
 * Exists only with x86-64 code paths (KC_USE_X86_64); the caller checks
 * _kc_hwf () & KC_HWF_AVX2 first.  Constant time (no secret-dependent
 * branches or memory indices); f and g may be secret; h may alias no
 * input.  No heap; the stack temporaries are wiped before return.
 */
#ifndef KC_SNTRUP761_AVX2_NTT_H
#define KC_SNTRUP761_AVX2_NTT_H

#include <stddef.h>
#include <stdint.h>

#ifdef KC_USE_X86_64

/* h = f * g in Rq = (Z/q)[x]/(x^761 - x - 1): the same contract and the
 * same results as _kc_sntrup761_rq_mult_small_avx2.
 * Precondition: f[i] in [-2295, 2295] (frozen Fq); g[i] in {-1, 0, 1}.
 * Postcondition: h[i] frozen, in [-2295, 2295].  Constant time. */
void _kc_sntrup761_rq_mult_small_ntt_avx2 (int16_t h[761],
                                           const int16_t f[761],
                                           const int8_t g[761]);

/* h = f * g in Rq for two frozen operands: the same contract and the
 * same results as _kc_sntrup761_rq_mult_avx2.
 * Precondition: f[i], g[i] in [-2295, 2295].  Postcondition: h[i]
 * frozen.  Constant time. */
void _kc_sntrup761_rq_mult_ntt_avx2 (int16_t h[761], const int16_t f[761],
                                     const int16_t g[761]);

/* h = f * g in R3 = (Z/3)[x]/(x^761 - x - 1) by a Good-Thomas NTT
 * product mod 7681: the same contract and the same results as
 * _kc_sntrup761_r3_mult_avx2.
 * Precondition: f[i], g[i] in {-1, 0, 1}.  Postcondition: h[i] in
 * {-1, 0, 1}.  Constant time. */
void _kc_sntrup761_r3_mult_ntt_avx2 (int8_t h[761], const int8_t f[761],
                                     const int8_t g[761]);

#endif /* KC_USE_X86_64 */

#endif /* KC_SNTRUP761_AVX2_NTT_H */
