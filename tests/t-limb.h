/* t-limb.h - what t-limb-native.c offers t-limb.c (see there).
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#ifndef KC_T_LIMB_H
#define KC_T_LIMB_H

#include <stdint.h>

#define TN_OUT 18

int tn_is_native (void);
/* The 128-bit accumulator operations on X (lo, hi) with A, B, N. */
void tn_u128 (uint64_t out[TN_OUT], const uint64_t x[2], uint64_t a,
              uint64_t b, unsigned int n);
/* The limb helpers on A, B, C, D. */
void tn_limb (uint64_t out[TN_OUT], uint64_t a, uint64_t b, uint64_t c,
              uint64_t d);

#endif
