/* ecc.h - what the ECC dispatchers (ecc.c, secp256k1/keys.c) share: parsing and
 * serializing secp256k1 keys, and P-256's key conversion.  Internal
 * interface.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The encodings are described at the top of ecc.c.
 */
#ifndef KC_ECC_H
#define KC_ECC_H

#include "secp256k1/group.h"
#include "secp256k1/scalar.h"

/* X = the 32-byte big-endian secret key B; 1 if in [1, n-1].  Constant
 * time; only the validity bit is declassified. */
int _kc_ecc_parse_seckey (_kc_secp256k1_scalar *x, const unsigned char *b);
/* Q = the SEC1 public key P (LEN 33 or 65); 1 if well formed and on the
 * curve.  Variable time (public key). */
int _kc_ecc_parse_pubkey (_kc_secp256k1_ge *q, const unsigned char *p,
                          size_t len);
/* The same, also taking the hybrid 65-byte form 06/07 || X || Y (the
 * prefix's low bit must be y's parity): kc_ecc_pubkey_convert only. */
int _kc_ecc_parse_pubkey_hybrid (_kc_secp256k1_ge *q, const unsigned char *p,
                                 size_t len);
/* The public, finite point Q as SEC1 in LEN (33 or 65) bytes. */
void _kc_ecc_serialize_pubkey (unsigned char *out, size_t len,
                               _kc_secp256k1_ge *q);

/* kc_ecc_pubkey_convert for KC_ECC_NIST_P256 (its argument checks
 * included), for secp256k1/keys.c, which holds the public function. */
gpg_error_t _kc_ecc_p256_pubkey_convert (void *out, size_t out_len,
                                         const void *pubkey,
                                         size_t pubkey_len);

#endif /* KC_ECC_H */
