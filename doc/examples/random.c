/* random.c - example: random bytes from the library's CSPRNG.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Build:  cc -o random random.c $(pkg-config --cflags --libs libkcrypt)
 * Exits 0 if two draws differ and neither is all zero (kc_randomize(3)),
 * 1 otherwise.
 */
#include <stdio.h>
#include <string.h>
#include <kcrypt.h>

int
main (void)
{
  unsigned char nonce[24], nonce2[24], zero[24] = { 0 };

  if (!kc_check_version (KCRYPT_VERSION))
    return 1;

  kc_randomize (nonce, sizeof nonce);
  kc_randomize (nonce2, sizeof nonce2);

  if (!memcmp (nonce, zero, sizeof nonce) || !memcmp (nonce, nonce2, sizeof nonce))
    {
      fprintf (stderr, "random: two draws are equal or zero\n");
      return 1;
    }
  kc_randomize (NULL, 0);               /* nothing to do, and fine */
  printf ("random: two 24-byte draws differ\n");
  return 0;
}
