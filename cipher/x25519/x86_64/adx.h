/* x25519/x86_64/adx.h - the X25519 Montgomery ladder on the
 * field mod 2^255 - 19 in four 64-bit limbs, with MULX/ADCX/ADOX (x86-64
 * BMI2 and ADX).  Internal interface.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The caller (x25519/x25519.c) chooses this kernel where _kc_hwf () has
 * KC_X25519_ADX_HWF but not the IFMA kernel's gate (its row comes after
 * IFMA's): every AVX2-only x86-64 CPU with BMI2 and ADX (Intel from
 * Broadwell, AMD from Zen 1), and Intel client cores without AVX-512.
 * It does the clamping, the encoding and the all-zero check itself, and
 * calls the ladder and the inversion here.  Field elements travel in the
 * portable representation (five limbs of radix 2^51); inside, the field
 * is x25519/x86_64/field-4x64.h.
 */
#ifndef KC_X25519_ADX_H
#define KC_X25519_ADX_H

#include <stdint.h>

/* The kernel's gate: MULX (BMI2), ADCX and ADOX (ADX). */
#define KC_X25519_ADX_ISA BMI2, ADX
#define KC_X25519_ADX_HWF KC_ISA_HWF (KC_X25519_ADX_ISA)

/* 1 if this build has the kernel: x86-64, gcc or clang, optimised, no
 * ASan or MSan (where mpi/limb.h defines KC_LIMB_ADX: the inline
 * assembly needs the registers) */
int _kc_x25519_adx_built (void);

/* The 255 steps of the ladder over the clamped scalar K (bits 254..0)
 * from the point with u = X1 (limbs below 2^51, as fe_frombytes gives
 * them), with the last conditional swap: X2 = limbs 0..4 of XZ, Z2 =
 * limbs 5..9, each fully reduced (below p, limbs below 2^51).  BASE: X1
 * is 9 (X1 is then ignored) and its product is a small multiplication.
 * Constant time in K and X1: straight-line code whose only branches and
 * memory indices are the public step count; the swaps are masks.
 * ctime-check.sh runs it under valgrind (see src/hwfeatures.c).  Does
 * nothing if the build lacks the kernel. */
void _kc_x25519_ladder_adx (uint64_t xz[10], const unsigned char k[32],
                            const uint64_t x1[5], int base);

#endif
