/* t-secp256k1.h - what the secp256k1 key tests share: the group order n
 * (big-endian), N - A, and random key pairs through the public API.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#ifndef T_SECP256K1_H
#define T_SECP256K1_H

#include "t-common.h"

/* The order n of secp256k1's group, big-endian. */
static const unsigned char n_be[32] = {
  0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
  0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFE,
  0xBA, 0xAE, 0xDC, 0xE6, 0xAF, 0x48, 0xA0, 0x3B,
  0xBF, 0xD2, 0x5E, 0x8C, 0xD0, 0x36, 0x41, 0x41 };

/* R = N - A (big-endian, A <= N). */
static inline void
n_minus (unsigned char r[32], const unsigned char a[32])
{
  int i, borrow = 0;
  for (i = 31; i >= 0; i--)
    {
      int d = n_be[i] - a[i] - borrow;
      borrow = d < 0;
      r[i] = (unsigned char) (d + (borrow << 8));
    }
}

/* A random secret key (in [1, n-1]) and its 33-byte public key. */
static inline void
rand_key (unsigned char sk[32], unsigned char pk33[33])
{
  do
    t_randbytes (sk, 32);
  while (kc_ecc_pubkey (KC_ECC_SECP256K1, pk33, 33, sk, 32));
}

#endif /* T_SECP256K1_H */
