/* bench-peers-kem.c - bench-peers rows kem/sntrup761/{keypair,encap,decap,
 * keypair_batch32}: our sntrup761 through the public KEM API beside
 * PQClean's avx2 implementation (configure --with-pqclean-sntrup761=LIB;
 * built outside this tree, see the README).  libgcrypt 1.10 has no
 * sntrup761, so without PQClean these rows print nothing.
 *
 * What one iteration does:
 *   keypair  ours: kc_kem_keypair; PQClean: crypto_kem_keypair.
 *   encap    to the same public key (ours: kc_kem_encap; PQClean:
 *            crypto_kem_enc).
 *   decap    of one valid ciphertext (kc_kem_decap; crypto_kem_dec).
 *   keypair_batch32  ours: kc_kem_keypair_batch of 32 keys, per key;
 *            PQClean: crypto_kem_keypair (it has no batch API).
 * Both draw randomness from the system RNG (PQCLEAN_randombytes is
 * defined here as our getrandom wrapper), as users of either would.
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

#ifdef HAVE_PQCLEAN_SNTRUP761
int PQCLEAN_randombytes (uint8_t *out, size_t n);
int PQCLEAN_SNTRUP761_AVX2_crypto_kem_keypair (uint8_t *pk, uint8_t *sk);
int PQCLEAN_SNTRUP761_AVX2_crypto_kem_enc (uint8_t *c, uint8_t *k,
                                           const uint8_t *pk);
int PQCLEAN_SNTRUP761_AVX2_crypto_kem_dec (uint8_t *k, const uint8_t *c,
                                           const uint8_t *sk);

int
PQCLEAN_randombytes (uint8_t *out, size_t n)
{
  _kc_random_system (NULL, out, n);
  return 0;
}

#define PK_LEN KC_KEM_SNTRUP761_PUBKEY_LEN
#define SK_LEN KC_KEM_SNTRUP761_SECKEY_LEN
#define CT_LEN KC_KEM_SNTRUP761_ENCAPS_LEN
#define BATCH 32

struct kem_input
{
  unsigned char pk[PK_LEN], sk[SK_LEN], ct[CT_LEN];
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

static void
keypair_pq (void *vctx, uint64_t iters)
{
  unsigned char pk[PK_LEN], sk[SK_LEN];
  (void) vctx;
  while (iters--)
    {
      PQCLEAN_SNTRUP761_AVX2_crypto_kem_keypair (pk, sk);
      bench_consume (pk, sizeof pk);
    }
}

/* 32 key pairs per iteration, to stand beside one batch of ours. */
static void
keypair_pq32 (void *vctx, uint64_t iters)
{
  unsigned char pk[PK_LEN], sk[SK_LEN];
  int i;
  (void) vctx;
  while (iters--)
    for (i = 0; i < BATCH; i++)
      {
        PQCLEAN_SNTRUP761_AVX2_crypto_kem_keypair (pk, sk);
        bench_consume (pk, sizeof pk);
      }
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
      kc_kem_encap (KC_KEM_SNTRUP761, bench_hide_ptr (in->pk), PK_LEN,
                    ct, sizeof ct, ss, sizeof ss, NULL, 0);
      bench_consume (ss, sizeof ss);
    }
}

static void
encap_pq (void *vctx, uint64_t iters)
{
  const struct kem_input *in = vctx;
  unsigned char ct[CT_LEN], ss[32];
  while (iters--)
    {
      PQCLEAN_SNTRUP761_AVX2_crypto_kem_enc (ct, ss, bench_hide_ptr (in->pk));
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
      kc_kem_decap (KC_KEM_SNTRUP761, bench_hide_ptr (in->sk), SK_LEN,
                    bench_hide_ptr (in->ct), CT_LEN, ss, sizeof ss, NULL, 0);
      bench_consume (ss, sizeof ss);
    }
}

static void
decap_pq (void *vctx, uint64_t iters)
{
  const struct kem_input *in = vctx;
  unsigned char ss[32];
  while (iters--)
    {
      PQCLEAN_SNTRUP761_AVX2_crypto_kem_dec (ss, bench_hide_ptr (in->ct),
                                             bench_hide_ptr (in->sk));
      bench_consume (ss, sizeof ss);
    }
}

/* Ours and PQClean's agree: each encapsulates to the other's key and the
 * other decapsulates to the same secret. */
static void
check_interop (void)
{
  unsigned char pk[2][PK_LEN], sk[2][SK_LEN], ct[CT_LEN], s1[32], s2[32];
  int ok;

  ok = !kc_kem_keypair (KC_KEM_SNTRUP761, pk[0], PK_LEN, sk[0], SK_LEN);
  ok &= !PQCLEAN_SNTRUP761_AVX2_crypto_kem_keypair (pk[1], sk[1]);
  ok &= !kc_kem_encap (KC_KEM_SNTRUP761, pk[1], PK_LEN, ct, CT_LEN, s1, 32,
                       NULL, 0);
  ok &= !PQCLEAN_SNTRUP761_AVX2_crypto_kem_dec (s2, ct, sk[1]);
  ok &= !memcmp (s1, s2, 32);
  ok &= !PQCLEAN_SNTRUP761_AVX2_crypto_kem_enc (ct, s1, pk[0]);
  ok &= !kc_kem_decap (KC_KEM_SNTRUP761, sk[0], SK_LEN, ct, CT_LEN, s2, 32,
                       NULL, 0);
  ok &= !memcmp (s1, s2, 32);
  if (!ok)
    {
      fprintf (stderr, "bench-peers: kem/sntrup761: ours and PQClean's "
               "do not interoperate\n");
      exit (1);
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
  check_interop ();
  if (kc_kem_keypair (KC_KEM_SNTRUP761, in.pk, PK_LEN, in.sk, SK_LEN)
      || kc_kem_encap (KC_KEM_SNTRUP761, in.pk, PK_LEN, in.ct, CT_LEN,
                       ss, 32, NULL, 0))
    {
      fprintf (stderr, "bench-peers: kem/sntrup761: set-up failed\n");
      exit (1);
    }
  s[0].who = "ours";
  s[1].who = "pqclean-avx2";
  s[0].ctx = s[1].ctx = &in;

  s[0].body = keypair_ours;
  s[1].body = keypair_pq;
  if (peers_row_wanted ("kem/sntrup761/keypair"))
    peers_compare ("kem/sntrup761/keypair", BENCH_US_PER_OP, 1, s, 2);
  s[0].body = encap_ours;
  s[1].body = encap_pq;
  if (peers_row_wanted ("kem/sntrup761/encap"))
    peers_compare ("kem/sntrup761/encap", BENCH_US_PER_OP, 1, s, 2);
  s[0].body = decap_ours;
  s[1].body = decap_pq;
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
