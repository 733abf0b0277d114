/* bench-pqclean.h - PQClean's sntrup761 avx2 KEM as a benchmark peer
 * (configure --with-pqclean-sntrup761=LIB, built outside this tree: see
 * doc/PERFORMANCE), shared by bench-slope's kem group (bench-kem.c) and
 * bench-peers' kem rows (bench-peers-kem.c).  Empty without it.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#ifndef KC_BENCH_PQCLEAN_H
#define KC_BENCH_PQCLEAN_H

#ifdef HAVE_PQCLEAN_SNTRUP761
#include <stddef.h>
#include <stdint.h>
#include "kcrypt-int.h"

int PQCLEAN_SNTRUP761_AVX2_crypto_kem_keypair (uint8_t *pk, uint8_t *sk);
int PQCLEAN_SNTRUP761_AVX2_crypto_kem_enc (uint8_t *c, uint8_t *k,
                                           const uint8_t *pk);
int PQCLEAN_SNTRUP761_AVX2_crypto_kem_dec (uint8_t *k, const uint8_t *c,
                                           const uint8_t *sk);
/* PQClean's randombytes, defined in bench-pqclean.c: the library's CSPRNG, as
 * ours draws from. */
int PQCLEAN_randombytes (uint8_t *out, size_t n);

/* A key pair and a ciphertext: the input of the bodies below. */
struct bench_pq_keys
{
  unsigned char pk[KC_KEM_SNTRUP761_PUBKEY_LEN];
  unsigned char sk[KC_KEM_SNTRUP761_SECKEY_LEN];
  unsigned char ct[KC_KEM_SNTRUP761_ENCAPS_LEN];
};

/* bench_body functions (bench.h); CTX is a struct bench_pq_keys.
 * keypair: ITERS key pairs (CTX unused); encap: ITERS encapsulations to
 * CTX->pk; decap: ITERS decapsulations of CTX->ct with CTX->sk. */
void bench_pq_keypair (void *ctx, uint64_t iters);
void bench_pq_encap (void *ctx, uint64_t iters);
void bench_pq_decap (void *ctx, uint64_t iters);

/* 1 if ours and PQClean's interoperate both ways (each decapsulates what
 * the other encapsulated to its fresh key), else 0. */
int bench_pq_interop (void);
#endif

#endif /* KC_BENCH_PQCLEAN_H */
