/* x25519/x25519.h - X25519 (RFC 7748) over the field mod 2^255 - 19.  Internal
 * interface.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * OUT = X25519 (SCALAR, U): the scalar clamped as RFC 7748 says, the top
 * bit of U ignored, a constant-time Montgomery ladder (255 steps, a
 * conditional swap each) and one constant-time inversion (the safegcd of
 * mpi/modinv.c, _kc_fe51_inv).  Constant
 * time in SCALAR (and in U).  Returns all ones if OUT is all zero (U of
 * small order), else 0, in constant time; the caller decides.
 *
 * The ladder runs on AVX-512 IFMA (x25519/x86_64/ifma.c) when _kc_hwf () has
 * KC_X25519_IFMA_HWF (IFMA and AVX2), else on the 4x64 MULX/ADX field
 * (x25519/x86_64/ladder-adx.c) when it has KC_X25519_ADX_HWF (BMI2 and
 * ADX), else on the portable 5x51 field (x25519/x25519.c); all give the
 * same bytes (t-x25519 compares each with the portable one).
 */
#ifndef KC_X25519_H
#define KC_X25519_H

#include <stdint.h>

uint32_t _kc_x25519 (unsigned char out[32], const unsigned char scalar[32],
                     const unsigned char u[32]);

/* OUT = X25519 (SCALAR, 9), the public key of SCALAR, by Ed25519's
 * fixed-base comb (ed25519/group.h: k B on the birationally equivalent
 * Edwards curve, whose base point maps to u = 9; u = (1 + y) / (1 - y)),
 * constant time; the same bytes as the ladder (t-x25519 compares them). */
uint32_t _kc_x25519_base (unsigned char out[32],
                          const unsigned char scalar[32]);
/* The same by the fixed-base ladder (the kernels' u = 9 variant), kept
 * for the comparison in t-x25519. */
uint32_t _kc_x25519_base_ladder (unsigned char out[32],
                                 const unsigned char scalar[32]);

#endif
