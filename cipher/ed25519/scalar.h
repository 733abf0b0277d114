/* ed25519/scalar.h - integers modulo the group order
 * L = 2^252 + 27742317777372353535851937790883648493 of Ed25519.
 * Internal interface.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A scalar is four little-endian 64-bit limbs holding a value in
 * [0, L) (every function returns it so and takes it so).  Reduction is
 * Barrett's (HAC 14.42, base 2^64, mu = floor (2^512 / L)) with two
 * conditional subtractions.  Constant time, except the _var functions
 * (public inputs).
 */
#ifndef KC_ED25519_SCALAR_H
#define KC_ED25519_SCALAR_H

#include <stdint.h>

typedef struct { uint64_t v[4]; } _kc_ed25519_sc;

/* R = the 64-byte little-endian number B mod L (RFC 8032's hashes) */
void _kc_ed25519_sc_reduce64 (_kc_ed25519_sc *r, const unsigned char b[64]);
/* R = the 32-byte little-endian number B mod L */
void _kc_ed25519_sc_reduce32 (_kc_ed25519_sc *r, const unsigned char b[32]);
/* R = A * B + C mod L */
void _kc_ed25519_sc_muladd (_kc_ed25519_sc *r, const _kc_ed25519_sc *a,
                            const _kc_ed25519_sc *b, const _kc_ed25519_sc *c);
/* R = A * B mod L */
void _kc_ed25519_sc_mul (_kc_ed25519_sc *r, const _kc_ed25519_sc *a,
                         const _kc_ed25519_sc *b);
/* R = A + B mod L */
void _kc_ed25519_sc_add (_kc_ed25519_sc *r, const _kc_ed25519_sc *a,
                         const _kc_ed25519_sc *b);
/* 32 bytes little-endian */
void _kc_ed25519_sc_tobytes (unsigned char out[32], const _kc_ed25519_sc *a);
/* 1 if the 32-byte little-endian B is below L (RFC 8032's S check), and
 * then R = B; else 0.  Variable time (a public signature). */
int _kc_ed25519_sc_frombytes_var (_kc_ed25519_sc *r,
                                  const unsigned char b[32]);

/* For the instances of ed25519/group-impl.h (in scalar.c, which the
 * rows' files share without a link cycle): NAF[0..256] = the width-W
 * NAF of S (< 2^253): digits 0 or odd in (-2^(W-1), 2^(W-1)), sum
 * NAF[i] 2^i = S.  Returns the top digit's index plus one (0 for S = 0).
 * Variable time. */
int _kc_ed25519_wnaf_var (signed char naf[257], const _kc_ed25519_sc *s,
                          int w);

#endif /* KC_ED25519_SCALAR_H */
