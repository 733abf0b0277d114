/* hmac.h - HMAC-SHA256 (RFC 2104, FIPS 198-1).  Internal interface.
 * Constant time in key and data (lengths are public).
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#ifndef KC_HMAC_H
#define KC_HMAC_H

#include "sha256.h"

typedef struct
{
  kc_sha256_ctx inner;
  kc_sha256_ctx outer;
} kc_hmac_sha256_ctx;

void _kc_hmac_sha256_init (kc_hmac_sha256_ctx *ctx,
                           const void *key, size_t keylen);
void _kc_hmac_sha256_update (kc_hmac_sha256_ctx *ctx,
                             const void *data, size_t len);
/* Write the MAC and wipe CTX. */
void _kc_hmac_sha256_final (kc_hmac_sha256_ctx *ctx, unsigned char out[32]);
void _kc_hmac_sha256 (unsigned char out[32], const void *key, size_t keylen,
                      const void *data, size_t len);

#endif
