/* hash/sha512.h - SHA-512 (FIPS 180-4).  Internal interface.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Any input length, in any number of update calls.  Not constant time in
 * the length (lengths are public); constant time in the data.  Uses an
 * AVX2+BMI2 path when the CPU has it (chosen at run time), the portable C
 * code otherwise.
 */
#ifndef KC_SHA512_H
#define KC_SHA512_H

#include <stddef.h>
#include <stdint.h>

#define KC_SHA512_DIGEST_LEN 64
#define KC_SHA512_BLOCK_LEN 128

typedef struct
{
  uint64_t h[8];
  uint64_t nbytes;              /* total bytes hashed (mod 2^64) */
  size_t buflen;                /* bytes waiting in buf, < 128 */
  unsigned char buf[KC_SHA512_BLOCK_LEN];
} _kc_sha512_ctx;

/* The 80 round constants of FIPS 180-4 (shared by every kernel). */
extern const uint64_t _kc_sha512_k[80];

void _kc_sha512_init (_kc_sha512_ctx *ctx);
void _kc_sha512_update (_kc_sha512_ctx *ctx, const void *data, size_t len);
/* Write the digest and wipe CTX. */
void _kc_sha512_final (_kc_sha512_ctx *ctx, unsigned char out[64]);
/* SHA-384: the same context and update, its own IV, the digest the first
 * 48 bytes of the final state (FIPS 180-4, 5.3.4 and 6.5). */
#define KC_SHA384_DIGEST_LEN 48
void _kc_sha384_init (_kc_sha512_ctx *ctx);
void _kc_sha384_final (_kc_sha512_ctx *ctx, unsigned char out[48]);
/* One call: OUT = SHA-512 (DATA). */
void _kc_sha512 (unsigned char out[64], const void *data, size_t len);
void _kc_sha384 (unsigned char out[48], const void *data, size_t len);

/* The compression function over NBLOCKS consecutive 128-byte blocks
 * (exposed for tests and benchmarks): the dispatching one (AVX2+BMI2 when
 * the CPU has both, see _kc_sha512_have_avx2) and the portable one.  Both
 * give the same results (tests/t-md compares them). */
void _kc_sha512_blocks (uint64_t h[8], const unsigned char *p, size_t nblocks);
void _kc_sha512_blocks_generic (uint64_t h[8], const unsigned char *p,
                                size_t nblocks);
/* 1 if _kc_sha512_blocks uses the AVX2+BMI2 path. */
int _kc_sha512_have_avx2 (void);
/* The stack burn after a public call that ran the kernel in use: its
 * KC_STACK_BURN_SHA512* (kcrypt-int.h). */
size_t _kc_sha512_burn (void);
/* The gates of the kernels: AVX2+BMI2, and with AVX-512 VL added. */
#define KC_SHA512_AVX2_ISA AVX2, BMI2
#define KC_SHA512_AVX512_ISA AVX2, BMI2, AVX512
#define KC_SHA512_AVX2_HWF KC_ISA_HWF (KC_SHA512_AVX2_ISA)
#define KC_SHA512_AVX512_HWF KC_ISA_HWF (KC_SHA512_AVX512_ISA)

#endif
