/* hmac.c - HMAC-SHA256 (RFC 2104)
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "hmac.h"

void
_kc_hmac_sha256_init (kc_hmac_sha256_ctx *ctx, const void *key, size_t keylen)
{
  unsigned char k[KC_SHA256_BLOCK_LEN];
  size_t i;

  memset (k, 0, sizeof k);
  if (keylen > KC_SHA256_BLOCK_LEN)
    _kc_sha256 (k, key, keylen);
  else if (keylen)
    memcpy (k, key, keylen);

  for (i = 0; i < sizeof k; i++)
    k[i] ^= 0x36;
  _kc_sha256_init (&ctx->inner);
  _kc_sha256_update (&ctx->inner, k, sizeof k);
  for (i = 0; i < sizeof k; i++)
    k[i] ^= 0x36 ^ 0x5c;
  _kc_sha256_init (&ctx->outer);
  _kc_sha256_update (&ctx->outer, k, sizeof k);
  wipememory (k, sizeof k);
}

void
_kc_hmac_sha256_update (kc_hmac_sha256_ctx *ctx, const void *data, size_t len)
{
  _kc_sha256_update (&ctx->inner, data, len);
}

void
_kc_hmac_sha256_final (kc_hmac_sha256_ctx *ctx, unsigned char out[32])
{
  unsigned char ih[KC_SHA256_DIGEST_LEN];

  _kc_sha256_final (&ctx->inner, ih);
  _kc_sha256_update (&ctx->outer, ih, sizeof ih);
  _kc_sha256_final (&ctx->outer, out);
  wipememory (ih, sizeof ih);
}

void
_kc_hmac_sha256 (unsigned char out[32], const void *key, size_t keylen,
                 const void *data, size_t len)
{
  kc_hmac_sha256_ctx ctx;
  _kc_hmac_sha256_init (&ctx, key, keylen);
  _kc_hmac_sha256_update (&ctx, data, len);
  _kc_hmac_sha256_final (&ctx, out);
}
