/* hash/hmac.h - HMAC (RFC 2104, FIPS 198-1) over any fixed-length hash of
 * md.h.  Internal interface.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Keys of any length (longer than the hash's block are hashed first).
 * Constant time in key and data (lengths are public).  A keyed context
 * may be copied to MAC several messages under one key.
 */
#ifndef KC_HMAC_H
#define KC_HMAC_H

#include "md.h"

typedef struct
{
  _kc_md_ctx inner;
  _kc_md_ctx outer;
} _kc_hmac_ctx;

/* INFO must be a fixed-length hash (dlen > 0). */
void _kc_hmac_init (_kc_hmac_ctx *ctx, const _kc_md_info *info,
                    const void *key, size_t keylen);
void _kc_hmac_write (_kc_hmac_ctx *ctx, const void *data, size_t len);
/* Write the MAC (the hash's dlen bytes) and wipe CTX. */
void _kc_hmac_final (_kc_hmac_ctx *ctx, unsigned char *out);

/* HMAC-SHA256, the form RFC 6979 uses. */
typedef _kc_hmac_ctx _kc_hmac_sha256_ctx;
void _kc_hmac_sha256_init (_kc_hmac_sha256_ctx *ctx,
                           const void *key, size_t keylen);
#define _kc_hmac_sha256_update _kc_hmac_write
#define _kc_hmac_sha256_final _kc_hmac_final
void _kc_hmac_sha256 (unsigned char out[32], const void *key, size_t keylen,
                      const void *data, size_t len);

#endif
