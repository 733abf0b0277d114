/* hash/sha256.h - SHA-256 (FIPS 180-4).  Internal interface.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Any input length, in any number of update calls.  Uses the x86 SHA
 * extensions when the CPU has them (chosen at run time), the portable C
 * code otherwise; both give the same digests (tests/t-md compares them).
 */
#ifndef KC_SHA256_H
#define KC_SHA256_H

#include <stddef.h>
#include <stdint.h>

#define KC_SHA256_DIGEST_LEN 32
#define KC_SHA256_BLOCK_LEN 64

typedef struct
{
  uint32_t h[8];
  uint64_t nbytes;
  size_t buflen;
  unsigned char buf[KC_SHA256_BLOCK_LEN];
} _kc_sha256_ctx;

void _kc_sha256_init (_kc_sha256_ctx *ctx);
void _kc_sha256_update (_kc_sha256_ctx *ctx, const void *data, size_t len);
/* Write the digest and wipe CTX. */
void _kc_sha256_final (_kc_sha256_ctx *ctx, unsigned char out[32]);
void _kc_sha256 (unsigned char out[32], const void *data, size_t len);

/* Compression functions over NBLOCKS 64-byte blocks: the portable one and
 * the dispatching one (SHA-NI when available). */
void _kc_sha256_blocks_generic (uint32_t h[8], const unsigned char *p,
                                size_t nblocks);
void _kc_sha256_blocks (uint32_t h[8], const unsigned char *p, size_t nblocks);
/* 1 if the SHA-NI path is in use. */
int _kc_sha256_have_shani (void);
/* The features of the SHA-NI kernel (its gate). */
#define KC_SHA256_SHANI_ISA SHANI, SSE41, SSSE3
#define KC_SHA256_SHANI_HWF KC_ISA_HWF (KC_SHA256_SHANI_ISA)

#endif
