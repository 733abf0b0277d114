/* hash/hmac.c - HMAC over the hashes of md.h (RFC 2104)
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "hash/hmac.h"

#define MAX_BLOCK 168           /* the largest block of the table (SHAKE128) */

void
_kc_hmac_init (_kc_hmac_ctx *ctx, const _kc_md_info *info,
               const void *key, size_t keylen)
{
  unsigned char k[MAX_BLOCK];
  size_t i, bl = info->block_len;

  KC_VERIFY_CHECK (info->dlen > 0 && bl <= MAX_BLOCK && info->dlen <= bl);
  memset (k, 0, bl);
  if (keylen > bl)
    _kc_md_hash (info, k, info->dlen, key, keylen);
  else if (keylen)
    memcpy (k, key, keylen);

  for (i = 0; i < bl; i++)
    k[i] ^= 0x36;
  _kc_md_init (&ctx->inner, info);
  _kc_md_write (&ctx->inner, k, bl);
  for (i = 0; i < bl; i++)
    k[i] ^= 0x36 ^ 0x5c;
  _kc_md_init (&ctx->outer, info);
  _kc_md_write (&ctx->outer, k, bl);
  wipememory (k, sizeof k);
}

void
_kc_hmac_write (_kc_hmac_ctx *ctx, const void *data, size_t len)
{
  _kc_md_write (&ctx->inner, data, len);
}

void
_kc_hmac_final (_kc_hmac_ctx *ctx, unsigned char *out)
{
  unsigned char ih[64];
  unsigned int dlen = ctx->inner.info->dlen;

  _kc_md_final (&ctx->inner, ih, dlen);
  _kc_md_write (&ctx->outer, ih, dlen);
  _kc_md_final (&ctx->outer, out, dlen);
  wipememory (ih, sizeof ih);
}

void
_kc_hmac_sha256_init (_kc_hmac_sha256_ctx *ctx, const void *key,
                      size_t keylen)
{
  _kc_hmac_init (ctx, _kc_md_lookup (KC_MD_SHA256), key, keylen);
}

void
_kc_hmac_sha256 (unsigned char out[32], const void *key, size_t keylen,
                 const void *data, size_t len)
{
  _kc_hmac_ctx ctx;
  _kc_hmac_sha256_init (&ctx, key, keylen);
  _kc_hmac_write (&ctx, data, len);
  _kc_hmac_final (&ctx, out);
}
