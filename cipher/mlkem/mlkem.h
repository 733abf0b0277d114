/* mlkem/mlkem.h - ML-KEM-512/768/1024 (FIPS 203).  Internal interface.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The internal algorithms of FIPS 203 on exact-length buffers (the public
 * dispatcher, cipher/kem.c, checks lengths):
 *   keypair    ML-KEM.KeyGen_internal (d, z) from SEED = d || z (64 bytes)
 *   encaps     ML-KEM.Encaps_internal (ek, m) with m 32 bytes; first the
 *              encapsulation-key check of FIPS 203 7.2 (every 12-bit
 *              coefficient below q), else GPG_ERR_BAD_PUBKEY
 *   decaps     ML-KEM.Decaps_internal (dk, c); first the decapsulation-key
 *              check of 7.3 (H (ek) as stored), else GPG_ERR_BAD_SECKEY; a
 *              bad ciphertext gives the implicit-rejection key J (z || c)
 * Constant time in every secret (d, z, m, the key and the message inside
 * decaps, the re-encryption comparison).  The matrix A is public.
 */
#ifndef KC_MLKEM_H
#define KC_MLKEM_H

#include <stddef.h>
#include "kcrypt-int.h"

/* K = 2, 3, 4 for ML-KEM-512, -768, -1024. */
#define KC_MLKEM_PK_BYTES(k) (384 * (k) + 32)
#define KC_MLKEM_SK_BYTES(k) (768 * (k) + 96)
#define KC_MLKEM_CT_BYTES(k) ((k) == 4 ? 1568 : 32 * (10 * (k) + 4))

gpg_error_t _kc_mlkem_keypair (int k, unsigned char *pk, unsigned char *sk,
                               const unsigned char seed[64]);
gpg_error_t _kc_mlkem_encaps (int k, unsigned char *ct, unsigned char ss[32],
                              const unsigned char *pk,
                              const unsigned char m[32]);
gpg_error_t _kc_mlkem_decaps (int k, unsigned char ss[32],
                              const unsigned char *ct,
                              const unsigned char *sk);

/* internals, for the tests */
extern const int16_t _kc_mlkem_zetas[128];
void _kc_mlkem_ntt (int16_t r[256]);
void _kc_mlkem_invntt (int16_t r[256]);

#endif
