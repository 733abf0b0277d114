/* x25519/x86_64/ifma.h - the X25519 Montgomery ladder on AVX-512 IFMA: the
 * ladder state and its x1 multiples, eight field elements, in the eight
 * 64-bit lanes of zmm registers.  Internal interface.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The caller (x25519/x25519.c) chooses this kernel when _kc_hwf () has
 * KC_X25519_IFMA_HWF and does the rest of X25519 (clamping, the inversion, the
 * encoding) with the portable field.  Field elements travel in the
 * portable representation: five limbs of radix 2^51.
 */
#ifndef KC_X25519_IFMA_H
#define KC_X25519_IFMA_H

#include <stdint.h>

/* The kernel's gate: AVX-512 F, VL and IFMA, and AVX2 (it is compiled
 * with it; the field of x25519/x86_64/field-ifma.h has ymm forms too,
 * which Ed25519's comb uses). */
#define KC_X25519_IFMA_ISA AVX2, IFMA
#define KC_X25519_IFMA_HWF KC_ISA_HWF (KC_X25519_IFMA_ISA)

/* 1 if this build has the kernel (x86-64, asm paths enabled) */
int _kc_x25519_ifma_built (void);

/* The 255 steps of the ladder over the clamped scalar K (bits 254..0)
 * from the point with u = X1 (limbs below 2^52), with the last
 * conditional swap: X2 = limbs 0..4 of XZ, Z2 = limbs 5..9, each below
 * 2^51 + 2^14 (so that the portable field accepts them).  Constant time
 * in K and X1: straight-line code whose only branches and memory indices
 * are the public step count; valgrind cannot run AVX-512, so t-ctime
 * checks the portable ladder, and t-ctime-msan's taint check this one.
 * Does nothing if the build lacks the kernel. */
void _kc_x25519_ladder_ifma (uint64_t xz[10], const unsigned char k[32],
                             const uint64_t x1[5]);

/* The same from u = 9 */
void _kc_x25519_ladder_ifma_base (uint64_t xz[10],
                                  const unsigned char k[32]);

#endif
