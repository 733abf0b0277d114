/* ed25519/x86_64/ifma.h - the Ed25519 comb on AVX-512 IFMA: the four
 * coordinates of a point in the lanes of X25519's four-lane field
 * (x25519/x86_64/field-ifma.h).  Internal interface.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The "ifma" row of ed25519/group.c's table: its comb is this file's,
 * its variable-time multiplications the MULX/ADX row's (every CPU with
 * IFMA has BMI2 and ADX; the gate names them all).  Contract of
 * _kc_ed25519_base_ifma: _kc_ed25519_ge_scalarmult_base's
 * (ed25519/group.h).  Constant time: straight-line vector code, the
 * digits chosen by masks; valgrind cannot run AVX-512, so ctime-check.sh
 * does not see it (the MSan build's t-ctime-msan does).
 */
#ifndef KC_ED25519_IFMA_H
#define KC_ED25519_IFMA_H

#include "ed25519/group.h"

#if defined(KC_USE_X86_64) && (defined(__GNUC__) || defined(__clang__))
# define KC_HAVE_ED25519_IFMA 1
#endif

#define KC_ED25519_IFMA_ISA AVX2, IFMA, BMI2, ADX
#define KC_ED25519_IFMA_HWF KC_ISA_HWF (KC_ED25519_IFMA_ISA)

void _kc_ed25519_base_ifma (_kc_ed25519_ge *r, const unsigned char a[32]);

#endif
