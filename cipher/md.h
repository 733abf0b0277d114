/* md.h - the hash functions behind one interface: a table row per
 * algorithm, a context that holds any of them.  Internal interface.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A context is initialised for one algorithm, written any number of
 * times, and finalised once (which wipes it).  Fixed-length hashes give
 * exactly their digest length; the XOFs (SHAKE128, SHAKE256; dlen 0 in
 * the table) give any length.  Constant time in the data; lengths are
 * public.
 */
#ifndef KC_MD_H
#define KC_MD_H

#include "hash/sha256.h"
#include "hash/sha512.h"
#include "hash/keccak.h"

typedef struct _kc_md_ctx _kc_md_ctx;

typedef struct
{
  int algo;                     /* KC_MD_* */
  unsigned int dlen;            /* digest bytes; 0 for an XOF */
  unsigned int block_len;       /* HMAC block size (the rate for SHA-3) */
  /* the stack one call of the kernel in use may leave secrets in, for
   * the burn (kcrypt-int.h): 0 where t-wipe shows the kernel leaves none */
  size_t (*burn) (void);
  void (*init) (_kc_md_ctx *ctx);
  void (*write) (_kc_md_ctx *ctx, const void *data, size_t len);
  /* OUTLEN is dlen, or any length for an XOF; wipes CTX */
  void (*final) (_kc_md_ctx *ctx, unsigned char *out, size_t outlen);
  /* the whole hash of a buffer in one call (dlen bytes), where the hash
   * has a faster way than init, write, final (NULL: _kc_md_hash uses
   * those; always NULL for an XOF) */
  void (*hash) (unsigned char *out, const void *data, size_t len);
} _kc_md_info;

struct _kc_md_ctx
{
  const _kc_md_info *info;
  union
  {
    _kc_sha256_ctx sha256;
    _kc_sha512_ctx sha512;
    _kc_keccak_ctx keccak;
  } u;
};

/* The row of ALGO, or NULL if it is not a hash we have. */
const _kc_md_info *_kc_md_lookup (int algo);

static inline void
_kc_md_init (_kc_md_ctx *ctx, const _kc_md_info *info)
{
  ctx->info = info;
  info->init (ctx);
}

static inline void
_kc_md_write (_kc_md_ctx *ctx, const void *data, size_t len)
{
  ctx->info->write (ctx, data, len);
}

static inline void
_kc_md_final (_kc_md_ctx *ctx, unsigned char *out, size_t outlen)
{
  ctx->info->final (ctx, out, outlen);
}

/* OUT (OUTLEN bytes) = H (DATA) in one call. */
void _kc_md_hash (const _kc_md_info *info, unsigned char *out, size_t outlen,
                  const void *data, size_t len);

#endif
