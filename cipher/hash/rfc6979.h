/* hash/rfc6979.h - the HMAC_DRBG of RFC 6979 section 3.2 with HMAC-SHA256
 * and qlen = 256, the deterministic ECDSA nonces of secp256k1 and P-256.
 * Internal interface.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * _kc_rfc6979_init runs steps b to g on int2octets (x) || bits2octets
 * (h1), followed by the 32 bytes of EXTRA if not NULL (section 3.6's k',
 * libsecp256k1's ndata).  Each _kc_rfc6979_next gives the next candidate
 * T of step h (32 bytes); the caller turns it into a scalar and asks for
 * another if it is out of range or was refused.  The keyed HMAC context
 * is kept between the MACs under one key, so that the key's two pad
 * blocks are hashed once per key.  Constant time in X, H1 and EXTRA;
 * the number of candidates asked for is the caller's (public).
 * _kc_rfc6979_done wipes the state.
 */
#ifndef KC_RFC6979_H
#define KC_RFC6979_H

#include "hash/hmac.h"

typedef struct
{
  _kc_hmac_sha256_ctx key;      /* keyed with K */
  unsigned char v[32];
  int drawn;                    /* a candidate was given */
} _kc_rfc6979_ctx;

void _kc_rfc6979_init (_kc_rfc6979_ctx *st, const unsigned char x[32],
                       const unsigned char h1[32],
                       const unsigned char *extra);
void _kc_rfc6979_next (_kc_rfc6979_ctx *st, unsigned char t[32]);
void _kc_rfc6979_done (_kc_rfc6979_ctx *st);

#endif /* KC_RFC6979_H */
