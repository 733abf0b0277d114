/* t-threads.c - sign, verify, encap and decap from 8 threads at once; every
 * result must equal the one computed single-threaded beforehand.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "t-common.h"
#include <pthread.h>

#define NTHREADS 8
#define NITEMS 8
#define ROUNDS 3

enum { SK = KC_KEM_SNTRUP761_SECKEY_LEN, PK = KC_KEM_SNTRUP761_PUBKEY_LEN,
       CT = KC_KEM_SNTRUP761_ENCAPS_LEN, SS = KC_KEM_SNTRUP761_SHARED_LEN };

static struct item
{
  unsigned char ecc_sk[32], ecc_pub[65], digest[32], sig[64];
  unsigned char der[72];
  size_t der_len;
  unsigned char kem_pk[PK], kem_sk[SK], ct[CT], ss[SS];
} items[NITEMS];

static int thread_errors[NTHREADS];

static void *
worker (void *arg)
{
  int id = (int) (intptr_t) arg, r, i;

  for (r = 0; r < ROUNDS; r++)
    for (i = 0; i < NITEMS; i++)
      {
        struct item *it = &items[(i + id) % NITEMS];
        unsigned char sig[64], der[72], ss[SS], ct[CT], ss2[SS];
        size_t len = sizeof sig, dlen = sizeof der;

        if (kc_ecdsa_sign (KC_ECC_SECP256K1, 0, sig, &len, it->ecc_sk, 32,
                           it->digest, 32)
            || len != 64 || memcmp (sig, it->sig, 64))
          thread_errors[id]++;
        if (kc_ecdsa_sign (KC_ECC_SECP256K1, KC_ECDSA_DER, der, &dlen,
                           it->ecc_sk, 32, it->digest, 32)
            || dlen != it->der_len || memcmp (der, it->der, dlen))
          thread_errors[id]++;
        if (kc_ecdsa_verify (KC_ECC_SECP256K1, 0, it->sig, 64, it->ecc_pub,
                             65, it->digest, 32))
          thread_errors[id]++;
        if (kc_kem_decap (KC_KEM_SNTRUP761, it->kem_sk, SK, it->ct, CT,
                          ss, SS, NULL, 0)
            || memcmp (ss, it->ss, SS))
          thread_errors[id]++;
        /* A fresh encapsulation decapsulates to the same key. */
        if (kc_kem_encap (KC_KEM_SNTRUP761, it->kem_pk, PK, ct, CT, ss, SS,
                          NULL, 0)
            || kc_kem_decap (KC_KEM_SNTRUP761, it->kem_sk, SK, ct, CT,
                             ss2, SS, NULL, 0)
            || memcmp (ss, ss2, SS))
          thread_errors[id]++;
      }
  return NULL;
}

int
main (int argc, char **argv)
{
  pthread_t th[NTHREADS];
  int i;

  t_init (argc, argv);
  t_seed (5);
  /* Single-threaded reference results. */
  for (i = 0; i < NITEMS; i++)
    {
      struct item *it = &items[i];
      size_t len = sizeof it->sig;
      gpg_error_t err;

      t_randbytes (it->digest, 32);
      err = kc_ecc_keypair (KC_ECC_SECP256K1, it->ecc_pub, 65, it->ecc_sk, 32);
      if (!err)
        err = kc_ecdsa_sign (KC_ECC_SECP256K1, 0, it->sig, &len, it->ecc_sk,
                             32, it->digest, 32);
      it->der_len = sizeof it->der;
      if (!err)
        err = kc_ecdsa_sign (KC_ECC_SECP256K1, KC_ECDSA_DER, it->der,
                             &it->der_len, it->ecc_sk, 32, it->digest, 32);
      if (!err)
        err = kc_kem_keypair (KC_KEM_SNTRUP761, it->kem_pk, PK, it->kem_sk, SK);
      if (!err)
        err = kc_kem_encap (KC_KEM_SNTRUP761, it->kem_pk, PK, it->ct, CT,
                            it->ss, SS, NULL, 0);
      CHECK (!err, "reference item %d: %s", i, gpg_strerror (err));
    }
  for (i = 0; i < NTHREADS; i++)
    CHECK (!pthread_create (&th[i], NULL, worker, (void *) (intptr_t) i),
           "pthread_create %d", i);
  for (i = 0; i < NTHREADS; i++)
    pthread_join (th[i], NULL);
  for (i = 0; i < NTHREADS; i++)
    CHECK (thread_errors[i] == 0, "thread %d: %d results differ from the "
           "single-threaded run", i, thread_errors[i]);
  printf ("t-threads: %d threads x %d rounds x %d items (sign, DER sign, "
          "verify, decap, encap+decap)\n", NTHREADS, ROUNDS, NITEMS);
  return t_done ("t-threads");
}
