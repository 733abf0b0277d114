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
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <kcrypt.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

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
      if (kc_kem_keypair_seed (algo, pk, pl, sk, sl, seed, sizeof seed))
        abort ();
      if (kc_kem_decap (algo, sk, sl, ct, cl, ss1, 32, NULL, 0)
          || kc_kem_decap (algo, sk, sl, ct, cl, ss2, 32, NULL, 0)
          || memcmp (ss1, ss2, 32))
        abort ();
      if (kc_kem_encap (algo, pk, pl, ct2, cl, ss1, 32, m, 32)
          || kc_kem_decap (algo, sk, sl, ct2, cl, ss2, 32, NULL, 0)
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
      err = kc_kem_encap (algo, pk, pl, ct, cl, ss1, 32, NULL, 0);
      if (bad ? gpg_err_code (err) != GPG_ERR_BAD_PUBKEY : err != 0)
        abort ();
      break;
    default:
      take (sk, sl, &p, &left);
      take (ct, cl, &p, &left);
      err = kc_kem_decap (algo, sk, sl, ct, cl, ss1, 32, NULL, 0);
      if (err && gpg_err_code (err) != GPG_ERR_BAD_SECKEY)
        abort ();
      break;
    }
  return 0;
}
