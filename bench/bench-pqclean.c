/* bench-pqclean.c - PQClean's sntrup761 avx2 KEM as a benchmark peer
 * (interface in bench-pqclean.h).
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#ifdef HAVE_CONFIG_H
# include <config.h>
#endif
#include <string.h>

#include "kcrypt-int.h"
#include "bench.h"
#include "bench-pqclean.h"

#ifdef HAVE_PQCLEAN_SNTRUP761
int
PQCLEAN_randombytes (uint8_t *out, size_t n)
{
  _kc_random_fast (NULL, out, n);
  return 0;
}

void
bench_pq_keypair (void *ctx, uint64_t iters)
{
  unsigned char pk[KC_KEM_SNTRUP761_PUBKEY_LEN];
  unsigned char sk[KC_KEM_SNTRUP761_SECKEY_LEN];
  (void) ctx;
  while (iters--)
    {
      PQCLEAN_SNTRUP761_AVX2_crypto_kem_keypair (pk, sk);
      bench_consume (pk, sizeof pk);
    }
  wipememory (sk, sizeof sk);
}

void
bench_pq_encap (void *ctx, uint64_t iters)
{
  const struct bench_pq_keys *k = ctx;
  unsigned char ct[KC_KEM_SNTRUP761_ENCAPS_LEN], ss[32];
  while (iters--)
    {
      PQCLEAN_SNTRUP761_AVX2_crypto_kem_enc (ct, ss, bench_hide_ptr (k->pk));
      bench_consume (ss, sizeof ss);
    }
}

void
bench_pq_decap (void *ctx, uint64_t iters)
{
  const struct bench_pq_keys *k = ctx;
  unsigned char ss[32];
  while (iters--)
    {
      PQCLEAN_SNTRUP761_AVX2_crypto_kem_dec (ss, bench_hide_ptr (k->ct),
                                             bench_hide_ptr (k->sk));
      bench_consume (ss, sizeof ss);
    }
}

int
bench_pq_interop (void)
{
  static struct bench_pq_keys ours, theirs;
  unsigned char s1[32], s2[32];
  int ok;

  ok = !kc_kem_keypair (KC_KEM_SNTRUP761, ours.pk, sizeof ours.pk,
                        ours.sk, sizeof ours.sk);
  ok &= !PQCLEAN_SNTRUP761_AVX2_crypto_kem_keypair (theirs.pk, theirs.sk);
  ok &= !kc_kem_encap (KC_KEM_SNTRUP761, theirs.pk, sizeof theirs.pk,
                       theirs.ct, sizeof theirs.ct, s1, sizeof s1, NULL, 0);
  ok &= !PQCLEAN_SNTRUP761_AVX2_crypto_kem_dec (s2, theirs.ct, theirs.sk);
  ok &= !memcmp (s1, s2, sizeof s1);
  ok &= !PQCLEAN_SNTRUP761_AVX2_crypto_kem_enc (ours.ct, s1, ours.pk);
  ok &= !kc_kem_decap (KC_KEM_SNTRUP761, ours.sk, sizeof ours.sk, ours.ct,
                       sizeof ours.ct, s2, sizeof s2, NULL, 0);
  ok &= !memcmp (s1, s2, sizeof s1);
  wipememory (&ours, sizeof ours);
  wipememory (&theirs, sizeof theirs);
  wipememory (s1, sizeof s1);
  wipememory (s2, sizeof s2);
  return ok;
}
#else
/* ISO C wants at least one declaration in a translation unit. */
typedef int bench_pqclean_unused;
#endif
