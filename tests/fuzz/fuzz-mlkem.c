/* fuzz-mlkem.c - ML-KEM through the public API on arbitrary inputs.
 * Input: 1 byte choosing the parameter set and the mode, then bytes.
 *  mode 0: a 64-byte seed (zero-padded), the key pair from it, then the
 *          rest as a ciphertext (zero-padded): decapsulation of it never
 *          fails and is deterministic; a ciphertext encapsulated to the key
 *          decapsulates to its key.
 *  mode 1: the rest as a public key: encapsulation succeeds or says
 *          GPG_ERR_BAD_PUBKEY (exactly when some coefficient is >= q).
 *  mode 2: the rest as a secret key and a ciphertext: decapsulation
 *          gives 0 or GPG_ERR_BAD_SECKEY, never anything else.
 * Every call runs twice, on the kernels the CPU selects (AVX2 where it
 * has it) and on the portable ones (_kc_hwf_set_mask (0)): both give the
 * same return and the same bytes (encapsulation with a fixed m).
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "kcrypt-int.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static unsigned char xa[3168], xb[3168];

/* the outputs of one path, kept to compare with the other's */
static void
keep (unsigned char *dst, const unsigned char *a, size_t al,
      const unsigned char *b, size_t bl)
{
  memcpy (dst, a, al);
  memcpy (dst + al, b, bl);
}

static gpg_error_t
keypair2 (int algo, unsigned char *pk, size_t pl, unsigned char *sk,
          size_t sl, const unsigned char seed[64])
{
  gpg_error_t e[2];
  int path;
  for (path = 0; path < 2; path++)
    {
      _kc_hwf_set_mask (path ? 0 : ~0u);
      e[path] = kc_kem_keypair_seed (algo, pk, pl, sk, sl, seed, 64);
      keep (path ? xb : xa, sk, sl, pk, 0);
    }
  _kc_hwf_set_mask (~0u);
  if (e[0] != e[1] || memcmp (xa, xb, sl))
    abort ();
  return e[0];
}

static gpg_error_t
encap2 (int algo, const unsigned char *pk, size_t pl, unsigned char *ct,
        size_t cl, unsigned char ss[32], const unsigned char m[32])
{
  gpg_error_t e[2];
  int path;
  for (path = 0; path < 2; path++)
    {
      memset (ss, 0, 32);
      _kc_hwf_set_mask (path ? 0 : ~0u);
      e[path] = kc_kem_encap (algo, pk, pl, ct, cl, ss, 32, m, 32);
      keep (path ? xb : xa, ct, cl, ss, 32);
    }
  _kc_hwf_set_mask (~0u);
  if (e[0] != e[1] || memcmp (xa, xb, cl + 32))
    abort ();
  return e[0];
}

static gpg_error_t
decap2 (int algo, const unsigned char *sk, size_t sl, const unsigned char *ct,
        size_t cl, unsigned char ss[32])
{
  gpg_error_t e[2];
  int path;
  for (path = 0; path < 2; path++)
    {
      memset (ss, 0, 32);
      _kc_hwf_set_mask (path ? 0 : ~0u);
      e[path] = kc_kem_decap (algo, sk, sl, ct, cl, ss, 32, NULL, 0);
      keep (path ? xb : xa, ss, 32, ss, 0);
    }
  _kc_hwf_set_mask (~0u);
  if (e[0] != e[1] || memcmp (xa, xb, 32))
    abort ();
  return e[0];
}

static void
take (unsigned char *dst, size_t n, const uint8_t **p, size_t *left)
{
  size_t m = *left < n ? *left : n;
  memset (dst, 0, n);
  memcpy (dst, *p, m);
  *p += m;
  *left -= m;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  static const int algos[3] = { KC_KEM_MLKEM512, KC_KEM_MLKEM768,
                                KC_KEM_MLKEM1024 };
  static unsigned char pk[1568], sk[3168], ct[1568], ct2[1568];
  unsigned char seed[64], ss1[32], ss2[32], m[32] = { 1 };
  const uint8_t *p = data + 1;
  size_t left, pl, sl, cl, i;
  int k, algo, mode, bad;
  gpg_error_t err;

  if (size < 1)
    return 0;
  k = 2 + data[0] % 3;
  mode = (data[0] / 3) % 3;
  algo = algos[k - 2];
  pl = 384 * (size_t) k + 32;
  sl = 768 * (size_t) k + 96;
  cl = k == 4 ? 1568 : 32 * (10 * (size_t) k + 4);
  left = size - 1;

  switch (mode)
    {
    case 0:
      take (seed, sizeof seed, &p, &left);
      take (ct, cl, &p, &left);
      if (keypair2 (algo, pk, pl, sk, sl, seed))
        abort ();
      if (decap2 (algo, sk, sl, ct, cl, ss1)
          || decap2 (algo, sk, sl, ct, cl, ss2)
          || memcmp (ss1, ss2, 32))
        abort ();
      if (encap2 (algo, pk, pl, ct2, cl, ss1, m)
          || decap2 (algo, sk, sl, ct2, cl, ss2)
          || memcmp (ss1, ss2, 32))
        abort ();
      break;
    case 1:
      take (pk, pl, &p, &left);
      bad = 0;
      for (i = 0; i < 128 * (size_t) k; i++)
        {
          unsigned t0 = pk[3 * i] | ((pk[3 * i + 1] & 15u) << 8);
          unsigned t1 = (pk[3 * i + 1] >> 4) | ((unsigned) pk[3 * i + 2] << 4);
          bad |= t0 >= 3329 || t1 >= 3329;
        }
      err = encap2 (algo, pk, pl, ct, cl, ss1, m);
      if (bad ? gpg_err_code (err) != GPG_ERR_BAD_PUBKEY : err != 0)
        abort ();
      break;
    default:
      take (sk, sl, &p, &left);
      take (ct, cl, &p, &left);
      err = decap2 (algo, sk, sl, ct, cl, ss1);
      if (err && gpg_err_code (err) != GPG_ERR_BAD_SECKEY)
        abort ();
      break;
    }
  return 0;
}
