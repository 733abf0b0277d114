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

#include "sha256.h"
#include "sha512.h"
#include "keccak.h"

typedef struct kc_md_ctx kc_md_ctx;

typedef struct
{
  int algo;                     /* KC_MD_* */
  unsigned int dlen;            /* digest bytes; 0 for an XOF */
  unsigned int block_len;       /* HMAC block size (the rate for SHA-3) */
  /* the stack one call of the kernel in use may leave secrets in, for
   * the burn (kcrypt-int.h): 0 where t-wipe shows the kernel leaves none */
  size_t (*burn) (void);
  void (*init) (kc_md_ctx *ctx);
  void (*write) (kc_md_ctx *ctx, const void *data, size_t len);
  /* OUTLEN is dlen, or any length for an XOF; wipes CTX */
  void (*final) (kc_md_ctx *ctx, unsigned char *out, size_t outlen);
} kc_md_info;

struct kc_md_ctx
{
  const kc_md_info *info;
  union
  {
    kc_sha256_ctx sha256;
    kc_sha512_ctx sha512;
    kc_keccak_ctx keccak;
  } u;
};

/* The row of ALGO, or NULL if it is not a hash we have. */
const kc_md_info *_kc_md_lookup (int algo);

static inline void
_kc_md_init (kc_md_ctx *ctx, const kc_md_info *info)
{
  ctx->info = info;
  info->init (ctx);
}

static inline void
_kc_md_write (kc_md_ctx *ctx, const void *data, size_t len)
{
  ctx->info->write (ctx, data, len);
}

static inline void
_kc_md_final (kc_md_ctx *ctx, unsigned char *out, size_t outlen)
{
  ctx->info->final (ctx, out, outlen);
}

/* OUT (OUTLEN bytes) = H (DATA) in one call. */
void _kc_md_hash (const kc_md_info *info, unsigned char *out, size_t outlen,
                  const void *data, size_t len);

#endif
