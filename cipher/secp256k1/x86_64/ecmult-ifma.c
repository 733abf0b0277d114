/* secp256k1/x86_64/ecmult-ifma.c - the lane kernel of secp256k1/x86_64/ecmult-lanes.h
 * over the eight-lane AVX-512 IFMA field
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "secp256k1/x86_64/ecmult-lanes.h"

#ifdef KC_HAVE_FE8
#define LANES 8
#define FE _kc_fe8
#define FE_MASK __mmask8
#define FE_TARGET KC_FE8_TARGET
#define FE_(name) _kc_fe8_##name
#define ECMULT_LANES _kc_secp256k1_ecmult8_ifma
#include "secp256k1/x86_64/ecmult-lanes-impl.h"
#endif
