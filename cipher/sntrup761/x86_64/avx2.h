/* sntrup761/x86_64/avx2.h - AVX2 kernels for sntrup761 polynomial arithmetic.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Parameters: p = 761, q = 4591, ring Z[x]/(x^761 - x - 1).
 * Types follow the NTRU Prime reference:
 *   Fq    = int16_t, frozen: in [-(q-1)/2, (q-1)/2] = [-2295, 2295];
 *   small = int8_t in {-1, 0, 1}.
 * Coefficient i of a polynomial is array element i (constant term first).
 *
 * These functions exist only when the library is built with x86-64 paths
 * (KC_USE_X86_64).  The caller must check _kc_hwf_has
 * (KC_SNTRUP761_AVX2_HWF) before calling any of them; they execute AVX2
 * instructions unconditionally.
 *
 * All of them run in time independent of the values of their inputs (no
 * secret-dependent branches or memory indices); f, g and in may be secret.
 * Outputs may alias no input.  No heap; stack temporaries holding secret
 * data are wiped before return.
 *
 * One subject a file: the reciprocals in sntrup761/x86_64/avx2-recip.c, the sort
 * in -sort.c, Short_fromlist in -short.c, the radix codecs in -radix.c,
 * the Small codec and Small_random in -small.c, the coefficient-wise
 * steps in -coeff.c.
 */
#ifndef KC_SNTRUP761_AVX2_H
#define KC_SNTRUP761_AVX2_H

#include <stddef.h>
#include <stdint.h>

#define KC_SNTRUP761_AVX2_ISA AVX2
#define KC_SNTRUP761_AVX2_HWF KC_ISA_HWF (KC_SNTRUP761_AVX2_ISA)

#ifdef KC_USE_X86_64

/* The polynomial products are in sntrup761/x86_64/avx2-ntt.h. */

/* out = 1/(3*in) in Rq, by 2p-1 = 1521 divsteps on a fixed schedule (the
 * round-3 reference's Rq_recip3).
 * Precondition: in[i] in {-1, 0, 1}.
 * Returns 0 if 3*in is invertible in Rq (then out[i] is frozen, in
 * [-2295, 2295], and out * 3 * in = 1), else -1 (then out is unspecified
 * but still frozen).  Constant time, including the return value's
 * computation; the caller decides whether the result may be revealed. */
int _kc_sntrup761_rq_recip3_avx2 (int16_t out[761], const int8_t in[761]);

/* out = 1/in in R3, by 2p-1 = 1521 divsteps on a fixed schedule (the
 * round-3 reference's R3_recip).
 * Precondition: in[i] in {-1, 0, 1}.
 * Returns 0 if in is invertible in R3 (then out[i] in {-1, 0, 1} and
 * out * in = 1), else -1 (out unspecified, entries still in {-1, 0, 1}).
 * Constant time. */
int _kc_sntrup761_r3_recip_avx2 (int8_t out[761], const int8_t in[761]);

/* out = 1/(3*in) in Rq for a frozen IN (any element, not only small ones);
 * returns 0 if IN is nonzero (invertible), else -1.  Constant time. */
int _kc_sntrup761_rq_recip3_fq_avx2 (int16_t out[761], const int16_t in[761]);

/* The AVX2 Rq_encode / Rq_decode / Rounded_encode / Rounded_decode
 * (_kc_sntrup761_rq_encode_avx2 ...) are declared in sntrup761/sntrup761.h beside
 * the portable ones and defined in sntrup761/x86_64/avx2-radix.c: the round-3 radix
 * schedule for p = 761 and moduli 4591 / 1531 written out, 16 pairs per
 * step.  Same bytes / values as the portable functions for every input
 * (decoders: any byte string); constant time. */

/* Small_random from 4 * 761 bytes: the same output as
 * _kc_sntrup761_small_from_bytes.  Constant time (buf may be secret). */
void _kc_sntrup761_small_from_bytes_avx2 (int8_t out[761],
                                          const unsigned char *buf);

/* Small_encode: the same 191 bytes as _kc_sntrup761_small_encode for
 * in[i] in {-1, 0, 1}.  Constant time (in may be secret). */
void _kc_sntrup761_small_encode_avx2 (unsigned char out[191],
                                      const int8_t in[761]);

/* Small_decode: the same output as _kc_sntrup761_small_decode for any
 * 191 bytes (a 2-bit field 3 reads as -1).  Constant time. */
void _kc_sntrup761_small_decode_avx2 (int8_t out[761],
                                      const unsigned char in[191]);

/* Round in place: c[i] (frozen) becomes the multiple of 3 nearest to it,
 * c[i] - (c[i] mod 3 centered).  Constant time. */
void _kc_sntrup761_round_avx2 (int16_t c[761]);

/* e[i] = (3 cf[i] mod q, centered) mod 3, centered, for frozen cf: the
 * first step of decapsulation.  Constant time. */
void _kc_sntrup761_times3_mod3_avx2 (int8_t e[761], const int16_t cf[761]);

/* r = ev if ev (entries in {-1, 0, 1}) has weight w = 286, else the
 * fixed vector (1^w, 0^(p-w)); selected in constant time (the weight and
 * the choice stay secret). */
void _kc_sntrup761_weight_fix_avx2 (int8_t r[761], const int8_t ev[761]);

/* Sort the 761 words of X ascending (as uint32), in place: the same
 * result as _kc_sntrup761_sort_u32 (x, 761).  A fixed bitonic network on
 * 1024 lanes (padded with 0xffffffff); the memory accesses and the
 * instruction sequence do not depend on the values.  Constant time. */
void _kc_sntrup761_sort_761_avx2 (uint32_t x[761]);

/* Short_fromlist: the same output as _kc_sntrup761_short_from_bytes for
 * the 4 * 761 bytes at BUF (the first w = 286 little-endian words tagged
 * -1 or 1 by bit 1, the others 0, then sorted): a weight-w vector.  The
 * sort is the network of _kc_sntrup761_sort_761_avx2.  Constant time
 * (BUF is secret). */
void _kc_sntrup761_short_from_bytes_avx2 (int8_t out[761],
                                          const unsigned char *buf);

#endif /* KC_USE_X86_64 */

#endif /* KC_SNTRUP761_AVX2_H */
