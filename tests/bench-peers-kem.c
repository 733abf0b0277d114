/* bench-peers-kem.c - bench-peers rows kem/sntrup761/{keypair,encap,decap,
 * keypair_batch32}: our sntrup761 through the public KEM API beside
 * PQClean's avx2 implementation (configure --with-pqclean-sntrup761=LIB;
 * built outside this tree, see the README).  libgcrypt 1.10 has no
 * sntrup761, so without PQClean these rows print nothing.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * What one iteration does:
 *   keypair  ours: kc_kem_keypair; PQClean: crypto_kem_keypair.
 *   encap    to the same public key (ours: kc_kem_encap; PQClean:
 *            crypto_kem_enc).
 *   decap    of one valid ciphertext (kc_kem_decap; crypto_kem_dec).
 *   keypair_batch32  ours: kc_kem_keypair_batch of 32 keys, per key;
 *            PQClean: crypto_kem_keypair (it has no batch API).
 * Both draw randomness from the system RNG (bench-pqclean.c defines
 * PQCLEAN_randombytes as our getrandom wrapper), as users of either would.
 * Before timing: the same key pair works across the two implementations
 * (ours encapsulates to PQClean's key and PQClean decapsulates, and the
 * other way round), which checks that both compute sntrup761.
 */
#ifdef HAVE_CONFIG_H
# include <config.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kcrypt-int.h"
#include "bench-peers.h"

#include "bench-pqclean.h"

#ifdef HAVE_PQCLEAN_SNTRUP761
#define PK_LEN KC_KEM_SNTRUP761_PUBKEY_LEN
#define SK_LEN KC_KEM_SNTRUP761_SECKEY_LEN
#define CT_LEN KC_KEM_SNTRUP761_ENCAPS_LEN
#define BATCH 32

/* Our key pair and a ciphertext to it (PQClean's code runs on the same
 * ones: the formats are the same), and room for a batch. */
struct kem_input
{
  struct bench_pq_keys k;
  unsigned char bpk[BATCH * PK_LEN], bsk[BATCH * SK_LEN];
};

static void
keypair_ours (void *vctx, uint64_t iters)
{
  unsigned char pk[PK_LEN], sk[SK_LEN];
  (void) vctx;
  while (iters--)
    {
      kc_kem_keypair (KC_KEM_SNTRUP761, pk, sizeof pk, sk, sizeof sk);
      bench_consume (pk, sizeof pk);
    }
}

/* 32 key pairs per iteration, to stand beside one batch of ours. */
static void
keypair_pq32 (void *vctx, uint64_t iters)
{
  bench_pq_keypair (vctx, iters * BATCH);
}

static void
batch_ours (void *vctx, uint64_t iters)
{
  struct kem_input *in = vctx;
  while (iters--)
    {
      kc_kem_keypair_batch (KC_KEM_SNTRUP761, in->bpk, sizeof in->bpk,
                            in->bsk, sizeof in->bsk, BATCH);
      bench_consume (in->bpk, PK_LEN);
    }
}

static void
encap_ours (void *vctx, uint64_t iters)
{
  const struct kem_input *in = vctx;
  unsigned char ct[CT_LEN], ss[32];
  while (iters--)
    {
      kc_kem_encap (KC_KEM_SNTRUP761, bench_hide_ptr (in->k.pk), PK_LEN,
                    ct, sizeof ct, ss, sizeof ss, NULL, 0);
      bench_consume (ss, sizeof ss);
    }
}

static void
decap_ours (void *vctx, uint64_t iters)
{
  const struct kem_input *in = vctx;
  unsigned char ss[32];
  while (iters--)
    {
      kc_kem_decap (KC_KEM_SNTRUP761, bench_hide_ptr (in->k.sk), SK_LEN,
                    bench_hide_ptr (in->k.ct), CT_LEN, ss, sizeof ss, NULL, 0);
      bench_consume (ss, sizeof ss);
    }
}

#endif /* HAVE_PQCLEAN_SNTRUP761 */

void
bench_peers_kem (void)
{
#ifdef HAVE_PQCLEAN_SNTRUP761
  static struct kem_input in;
  unsigned char ss[32];
  struct peer_side s[2];

  if (!peers_row_wanted ("kem/sntrup761/"))
    return;
  if (!bench_pq_interop ())
    {
      fprintf (stderr, "bench-peers: kem/sntrup761: ours and PQClean's "
               "do not interoperate\n");
      exit (1);
    }
  if (kc_kem_keypair (KC_KEM_SNTRUP761, in.k.pk, PK_LEN, in.k.sk, SK_LEN)
      || kc_kem_encap (KC_KEM_SNTRUP761, in.k.pk, PK_LEN, in.k.ct, CT_LEN,
                       ss, 32, NULL, 0))
    {
      fprintf (stderr, "bench-peers: kem/sntrup761: set-up failed\n");
      exit (1);
    }
  s[0].who = "ours";
  s[1].who = "pqclean-avx2";
  s[0].ctx = &in;
  s[1].ctx = &in.k;              /* PQClean on our key pair and ciphertext */

  s[0].body = keypair_ours;
  s[1].body = bench_pq_keypair;
  if (peers_row_wanted ("kem/sntrup761/keypair"))
    peers_compare ("kem/sntrup761/keypair", BENCH_US_PER_OP, 1, s, 2);
  s[0].body = encap_ours;
  s[1].body = bench_pq_encap;
  if (peers_row_wanted ("kem/sntrup761/encap"))
    peers_compare ("kem/sntrup761/encap", BENCH_US_PER_OP, 1, s, 2);
  s[0].body = decap_ours;
  s[1].body = bench_pq_decap;
  if (peers_row_wanted ("kem/sntrup761/decap"))
    peers_compare ("kem/sntrup761/decap", BENCH_US_PER_OP, 1, s, 2);
  /* Per key: one iteration makes 32 keys on both sides. */
  s[0].body = batch_ours;
  s[1].body = keypair_pq32;
  if (peers_row_wanted ("kem/sntrup761/keypair_batch32"))
    peers_compare ("kem/sntrup761/keypair_batch32", BENCH_US_PER_OP, BATCH,
                   s, 2);
  wipememory (&in, sizeof in);
  wipememory (ss, sizeof ss);
#endif
}
