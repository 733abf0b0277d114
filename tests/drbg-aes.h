/* drbg-aes.h - test helper: AES-256 and the NIST PQC AES-256-CTR DRBG.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Compiled into the tests only (never into the library).  The DRBG is the
 * one the NIST PQC known-answer files were generated with (SP 800-90A
 * CTR_DRBG with AES-256, no derivation function, no reseeding), as
 * described in tests/data/sntrup761/README.provenance.  AES here is a
 * plain byte-oriented FIPS-197 implementation written for the tests:
 * simple, not fast, not constant time (its keys are public test seeds).
 */
#ifndef KC_T_DRBG_AES_H
#define KC_T_DRBG_AES_H

#include <stddef.h>

/* OUT = AES-256 (KEY, IN), one 16-byte block. */
void t_aes256_encrypt (unsigned char out[16], const unsigned char in[16],
                       const unsigned char key[32]);

typedef struct
{
  unsigned char key[32];
  unsigned char v[16];
} t_drbg_ctx;

/* Key = 0, V = 0, Update (SEED). */
void t_drbg_init (t_drbg_ctx *ctx, const unsigned char seed[48]);

/* N bytes: AES (Key, ++V) blocks, then Update (no data). */
void t_drbg_randombytes (t_drbg_ctx *ctx, void *out, size_t n);

/* _kc_rng_fn shape; CTX is a t_drbg_ctx. */
void t_drbg_rng_cb (void *ctx, void *buf, size_t n);

#endif
