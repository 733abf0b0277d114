/* secp256k1/x86_64/ecmult-ifma.h - the eight-lane AVX-512 IFMA kernel; its
 * contract, and the four-lane AVX2 one, are in secp256k1/x86_64/ecmult-lanes.h
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#ifndef KC_SECP256K1_ECMULT_IFMA_H
#define KC_SECP256K1_ECMULT_IFMA_H

#include "secp256k1/x86_64/ecmult-lanes.h"

#endif /* KC_SECP256K1_ECMULT_IFMA_H */
