/* secp256k1/x86_64/ecmult-avx2.c - the lane kernel of secp256k1/x86_64/ecmult-lanes.h
 * over the four-lane AVX2 field
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "secp256k1/x86_64/ecmult-lanes.h"

#ifdef KC_HAVE_FE4
#define LANES 4
#define FE _kc_fe4
#define FE_MASK unsigned int
#define FE_TARGET KC_FE4_TARGET
#define FE_(name) _kc_fe4_##name
#define ECMULT_LANES _kc_secp256k1_ecmult4_avx2
#include "secp256k1/x86_64/ecmult-lanes-impl.h"
#endif
