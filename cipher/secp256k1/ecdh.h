/* secp256k1/ecdh.h - ECDH over secp256k1 (internal interface; the public API and its
 * checks live in ecc.c).
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The shared point S = seckey * P.  The default output is libsecp256k1's
 * default hash: SHA-256 (02|03 || x(S)), the compressed encoding of S;
 * raw mode returns x(S) itself (32 bytes).
 */
#ifndef KC_ECDH_H
#define KC_ECDH_H

#include "secp256k1/group.h"
#include "secp256k1/scalar.h"

/* OUT (32 bytes) from SECKEY (in [1, n-1]) and PUB (valid, finite): the
 * hash of the compressed shared point, or its x when RAW_X (public).
 * Constant time in SECKEY (and so in the shared point). */
void _kc_ecdh (unsigned char out[32], int raw_x,
               const _kc_secp256k1_scalar *seckey, const _kc_secp256k1_ge *pub);

#endif /* KC_ECDH_H */
