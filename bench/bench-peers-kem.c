/* bench-peers-kem.c - bench-peers rows kem/sntrup761/{keypair,encap,decap,
 * keypair_batch32}: our sntrup761 through the public KEM API beside
 * PQClean's avx2 implementation (configure --with-pqclean-sntrup761=LIB;
 * built outside this tree, see doc/PERFORMANCE).  libgcrypt 1.10 has no
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
 *
 * Rows kem/sntrup761-fastrng/{keypair,encap,decap,keypair_batch32}: ours
 * beside libsntrup761 (configure --with-sntrup761-peer=LIB; built outside
 * this tree, see doc/PERFORMANCE), with no RNG cost on either side: ours
 * through the internal entry points (_kc_sntrup761_keypair, _enc, _dec,
 * _keypair_batch: what kc_kem_* call, minus the argument checks, the
 * system RNG and the stack burn, doc/PERFORMANCE) handed bench_fast_rng
 * (bench.c), libsntrup761 through
 * crypto_kem_sntrup761_{keypair,enc,dec,keypair_batch}, whose randombytes
 * () this file defines as the same generator.
 *   keypair_batch32  per key; ours: a batch of 32; "libsntrup761": its
 *            crypto_kem_sntrup761_keypair_batch of 32; "lib-keypair": 32
 *            of its crypto_kem_sntrup761_keypair.
 * Before timing, the same two-way interoperability check as for PQClean,
 * with single and batch keys of both sides.
 *
 * Rows kem/sntrup761-kernels/{rq_mult_small,r3_mult,rq_mult,r3_recip,
 * rq_recip3,sort761,sort761_portable}: the polynomial kernels one KEM
 * operation is made of, ours (the kernel the dispatcher takes on this
 * CPU: AVX-512 where there is one, else AVX2; sort761_portable: the
 * portable network) beside libsntrup761's crypto_core_{mult,mult3,
 * multbig,inv3,inv}sntrup761 and crypto_sort_int32 (its headers from
 * DIR/supercop/include).  Before timing: both sides' products agree on
 * random operands, and both sorts sort.
 */
#ifdef HAVE_CONFIG_H
# include <config.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kcrypt-int.h"
#include "bench-peers.h"
#ifdef HAVE_SNTRUP761_PEER
# include "sntrup761/sntrup761.h"
/* libsntrup761's API: crypto_kem_sntrup761_{keypair,keypair_batch,enc,
 * dec}, #defines of the names of the implementation its tuning chose. */
# include KC_SNTRUP761_PEER_HEADER
#endif
#ifdef HAVE_SNTRUP761_PEER_CORE
# include "sntrup761/x86_64/avx2.h"
# include "sntrup761/x86_64/avx2-ntt.h"
# include "sntrup761/x86_64/avx512.h"
# include "sntrup761/x86_64/avx512-ntt.h"
# include <crypto_core_multsntrup761.h>
# include <crypto_core_mult3sntrup761.h>
# include <crypto_core_multbigsntrup761.h>
# include <crypto_core_inv3sntrup761.h>
# include <crypto_core_invsntrup761.h>
# include <crypto_sort_int32.h>
#endif

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
      gpg_error_t err = kc_kem_decap (KC_KEM_SNTRUP761,
                                      bench_hide_ptr (in->k.sk), SK_LEN,
                                      bench_hide_ptr (in->k.ct), CT_LEN, ss,
                                      sizeof ss, NULL, 0);
      bench_consume_u64 (err);
      bench_consume (ss, sizeof ss);
    }
}

#endif /* HAVE_PQCLEAN_SNTRUP761 */

#ifdef HAVE_SNTRUP761_PEER
#define LPK KC_KEM_SNTRUP761_PUBKEY_LEN
#define LSK KC_KEM_SNTRUP761_SECKEY_LEN
#define LCT KC_KEM_SNTRUP761_ENCAPS_LEN
#define LBATCH 32

/* What libsntrup761 draws its randomness from (SUPERCOP's interface). */
void randombytes (unsigned char *out, unsigned long long n);

static uint64_t lib_rng_state = 0x243f6a8885a308d3ULL;

void
randombytes (unsigned char *out, unsigned long long n)
{
  bench_fast_rng (&lib_rng_state, out, (size_t) n);
}

struct lib_input
{
  unsigned char pk[LPK], sk[LSK], ct[LCT];
  unsigned char bpk[LBATCH * LPK], bsk[LBATCH * LSK];
  uint64_t rng;                 /* our side's generator state */
};

static void
fr_keypair_ours (void *vctx, uint64_t iters)
{
  struct lib_input *in = vctx;
  unsigned char pk[LPK], sk[LSK];
  while (iters--)
    {
      _kc_sntrup761_keypair (pk, sk, bench_fast_rng, &in->rng);
      bench_consume (pk, sizeof pk);
    }
  wipememory (sk, sizeof sk);
}

static void
fr_keypair_lib (void *vctx, uint64_t iters)
{
  unsigned char pk[LPK], sk[LSK];
  (void) vctx;
  while (iters--)
    {
      crypto_kem_sntrup761_keypair (pk, sk);
      bench_consume (pk, sizeof pk);
    }
  wipememory (sk, sizeof sk);
}

static void
fr_encap_ours (void *vctx, uint64_t iters)
{
  struct lib_input *in = vctx;
  unsigned char ct[LCT], ss[32];
  while (iters--)
    {
      _kc_sntrup761_enc (ct, ss, bench_hide_ptr (in->pk), bench_fast_rng, &in->rng);
      bench_consume (ss, sizeof ss);
    }
}

static void
fr_encap_lib (void *vctx, uint64_t iters)
{
  const struct lib_input *in = vctx;
  unsigned char ct[LCT], ss[32];
  while (iters--)
    {
      crypto_kem_sntrup761_enc (ct, ss, bench_hide_ptr (in->pk));
      bench_consume (ss, sizeof ss);
    }
}

static void
fr_decap_ours (void *vctx, uint64_t iters)
{
  const struct lib_input *in = vctx;
  unsigned char ss[32];
  while (iters--)
    {
      _kc_sntrup761_dec (ss, bench_hide_ptr (in->ct), bench_hide_ptr (in->sk));
      bench_consume (ss, sizeof ss);
    }
}

static void
fr_decap_lib (void *vctx, uint64_t iters)
{
  const struct lib_input *in = vctx;
  unsigned char ss[32];
  while (iters--)
    {
      crypto_kem_sntrup761_dec (ss, bench_hide_ptr (in->ct),
                                bench_hide_ptr (in->sk));
      bench_consume (ss, sizeof ss);
    }
}

static void
fr_batch_ours (void *vctx, uint64_t iters)
{
  struct lib_input *in = vctx;
  while (iters--)
    {
      _kc_sntrup761_keypair_batch (in->bpk, in->bsk, LBATCH, bench_fast_rng,
                                   &in->rng);
      bench_consume (in->bpk, LPK);
    }
}

static void
fr_batch_lib (void *vctx, uint64_t iters)
{
  struct lib_input *in = vctx;
  while (iters--)
    {
      crypto_kem_sntrup761_keypair_batch (in->bpk, in->bsk, LBATCH);
      bench_consume (in->bpk, LPK);
    }
}

static void
fr_keypair_lib32 (void *vctx, uint64_t iters)
{
  fr_keypair_lib (vctx, iters * LBATCH);
}

/* 1 if the secret key SK (of public key PK) of one side and the other
 * side's encapsulation to PK agree: OURS_ENC 1: we encapsulate and
 * libsntrup761 decapsulates; 0: the other way round. */
static int
lib_cross (const unsigned char *pk, const unsigned char *sk, int ours_enc)
{
  unsigned char ct[LCT], s1[32], s2[32];
  uint64_t st = 0x13198a2e03707344ULL;
  int ok;
  if (ours_enc)
    {
      _kc_sntrup761_enc (ct, s1, pk, bench_fast_rng, &st);
      ok = !crypto_kem_sntrup761_dec (s2, ct, sk);
    }
  else
    {
      ok = !crypto_kem_sntrup761_enc (ct, s1, pk);
      _kc_sntrup761_dec (s2, ct, sk);
    }
  ok &= !memcmp (s1, s2, sizeof s1);
  /* and the decapsulating side rejects (implicitly: another key) the
   * ciphertext with one byte flipped */
  ct[7] ^= 1;
  if (ours_enc)
    crypto_kem_sntrup761_dec (s2, ct, sk);
  else
    _kc_sntrup761_dec (s2, ct, sk);
  ok &= memcmp (s1, s2, sizeof s1) != 0;
  wipememory (s1, sizeof s1);
  wipememory (s2, sizeof s2);
  return ok;
}

/* Ours and libsntrup761 interoperate both ways, for a single key and for
 * the first and last key of a batch on each side. */
static int
lib_interop (struct lib_input *in)
{
  unsigned char pk[LPK], sk[LSK];
  int ok = 1;
  size_t ends[2] = { 0, LBATCH - 1 }, e;

  _kc_sntrup761_keypair (pk, sk, bench_fast_rng, &in->rng);
  ok &= lib_cross (pk, sk, 0);
  ok &= !crypto_kem_sntrup761_keypair (pk, sk);
  ok &= lib_cross (pk, sk, 1);
  _kc_sntrup761_keypair_batch (in->bpk, in->bsk, LBATCH, bench_fast_rng, &in->rng);
  for (e = 0; e < 2; e++)
    ok &= lib_cross (in->bpk + ends[e] * LPK, in->bsk + ends[e] * LSK, 0);
  ok &= !crypto_kem_sntrup761_keypair_batch (in->bpk, in->bsk, LBATCH);
  for (e = 0; e < 2; e++)
    ok &= lib_cross (in->bpk + ends[e] * LPK, in->bsk + ends[e] * LSK, 1);
  wipememory (sk, sizeof sk);
  return ok;
}

/* 1 if, from the same generator state, both sides make the same key pair
 * and the same encapsulation (both draw in the order of the round-3
 * reference code), which also shows libsntrup761 draws from our
 * randombytes and not from its own. */
static int
lib_same_draws (void)
{
  static unsigned char pk1[LPK], sk1[LSK], pk2[LPK], sk2[LSK];
  unsigned char ct1[LCT], ct2[LCT], s1[32], s2[32];
  const uint64_t seed = 0x082efa98ec4e6c89ULL;
  uint64_t st = seed;
  int ok;

  _kc_sntrup761_keypair (pk1, sk1, bench_fast_rng, &st);
  _kc_sntrup761_enc (ct1, s1, pk1, bench_fast_rng, &st);
  lib_rng_state = seed;
  ok = !crypto_kem_sntrup761_keypair (pk2, sk2);
  ok &= !crypto_kem_sntrup761_enc (ct2, s2, pk2);
  ok &= !memcmp (pk1, pk2, LPK) && !memcmp (sk1, sk2, LSK)
    && !memcmp (ct1, ct2, LCT) && !memcmp (s1, s2, 32);
  wipememory (sk1, LSK);
  wipememory (sk2, LSK);
  wipememory (s1, 32);
  wipememory (s2, 32);
  return ok;
}

static void
rows_lib (void)
{
  static struct lib_input in;
  unsigned char ss[32];
  struct peer_side s[3];
  const char *g = "kem/sntrup761-fastrng";

  if (!peers_group_wanted ("kem/sntrup761-fastrng/"))
    return;
  in.rng = 0xa4093822299f31d0ULL;
  bench_check (g, lib_interop (&in),
               "ours and libsntrup761 do not interoperate");
  bench_check (g, lib_same_draws (),
               "ours and libsntrup761 make different keys or ciphertexts "
               "from the same random bytes");
  /* The timed key pair and ciphertext are ours (same formats). */
  _kc_sntrup761_keypair (in.pk, in.sk, bench_fast_rng, &in.rng);
  _kc_sntrup761_enc (in.ct, ss, in.pk, bench_fast_rng, &in.rng);
  s[0].who = "ours";
  s[1].who = "libsntrup761";
  s[0].ctx = s[1].ctx = s[2].ctx = &in;

  s[0].body = fr_keypair_ours;
  s[1].body = fr_keypair_lib;
  if (peers_row_wanted ("kem/sntrup761-fastrng/keypair"))
    peers_compare ("kem/sntrup761-fastrng/keypair", BENCH_US_PER_OP, 1, s, 2);
  s[0].body = fr_encap_ours;
  s[1].body = fr_encap_lib;
  if (peers_row_wanted ("kem/sntrup761-fastrng/encap"))
    peers_compare ("kem/sntrup761-fastrng/encap", BENCH_US_PER_OP, 1, s, 2);
  s[0].body = fr_decap_ours;
  s[1].body = fr_decap_lib;
  if (peers_row_wanted ("kem/sntrup761-fastrng/decap"))
    peers_compare ("kem/sntrup761-fastrng/decap", BENCH_US_PER_OP, 1, s, 2);
  /* Per key: one iteration makes 32 keys on every side. */
  s[0].body = fr_batch_ours;
  s[1].body = fr_batch_lib;
  s[2].who = "lib-keypair";
  s[2].body = fr_keypair_lib32;
  if (peers_row_wanted ("kem/sntrup761-fastrng/keypair_batch32"))
    peers_compare ("kem/sntrup761-fastrng/keypair_batch32", BENCH_US_PER_OP,
                   LBATCH, s, 3);
  wipememory (&in, sizeof in);
  wipememory (ss, sizeof ss);
}
#endif /* HAVE_SNTRUP761_PEER */

#ifdef HAVE_SNTRUP761_PEER_CORE
#define KP KC_SNTRUP761_P

/* Operands: f frozen (also as little-endian bytes for libsntrup761),
 * g and a small, sort input; outputs. */
struct kern_input
{
  int16_t f[KP], f2[KP], h[KP];
  int8_t g[KP], a[KP], h3[KP];
  unsigned char fb[2 * KP], f2b[2 * KP], hb[2 * KP + 1];
  unsigned char gb[KP], ab[KP], h3b[KP + 1];
  uint32_t sortin[KP], sortbuf[KP];
  int avx512;
};

static void
k_mult_small_ours (void *vctx, uint64_t iters)
{
  struct kern_input *in = vctx;
  while (iters--)
    {
      if (in->avx512)
        _kc_sntrup761_rq_mult_small_ntt_avx512 (in->h, bench_hide_ptr (in->f), in->g);
      else
        _kc_sntrup761_rq_mult_small_ntt_avx2 (in->h, bench_hide_ptr (in->f), in->g);
      bench_consume (in->h, 2);
    }
}

static void
k_mult_small_lib (void *vctx, uint64_t iters)
{
  struct kern_input *in = vctx;
  while (iters--)
    {
      crypto_core_multsntrup761 (in->hb, bench_hide_ptr (in->fb), in->gb, 0);
      bench_consume (in->hb, 2);
    }
}

static void
k_r3_mult_ours (void *vctx, uint64_t iters)
{
  struct kern_input *in = vctx;
  while (iters--)
    {
      if (in->avx512)
        _kc_sntrup761_r3_mult_ntt_avx512 (in->h3, bench_hide_ptr (in->a), in->g);
      else
        _kc_sntrup761_r3_mult_ntt_avx2 (in->h3, bench_hide_ptr (in->a), in->g);
      bench_consume (in->h3, 1);
    }
}

static void
k_r3_mult_lib (void *vctx, uint64_t iters)
{
  struct kern_input *in = vctx;
  while (iters--)
    {
      crypto_core_mult3sntrup761 (in->h3b, bench_hide_ptr (in->ab), in->gb, 0);
      bench_consume (in->h3b, 1);
    }
}

static void
k_rq_mult_ours (void *vctx, uint64_t iters)
{
  struct kern_input *in = vctx;
  while (iters--)
    {
      if (in->avx512)
        _kc_sntrup761_rq_mult_ntt_avx512 (in->h, bench_hide_ptr (in->f), in->f2);
      else
        _kc_sntrup761_rq_mult_ntt_avx2 (in->h, bench_hide_ptr (in->f), in->f2);
      bench_consume (in->h, 2);
    }
}

static void
k_rq_mult_lib (void *vctx, uint64_t iters)
{
  struct kern_input *in = vctx;
  while (iters--)
    {
      crypto_core_multbigsntrup761 (in->hb, bench_hide_ptr (in->fb), in->f2b, 0);
      bench_consume (in->hb, 2);
    }
}

static void
k_r3_recip_ours (void *vctx, uint64_t iters)
{
  struct kern_input *in = vctx;
  while (iters--)
    {
      int rc = in->avx512
        ? _kc_sntrup761_r3_recip_avx512 (in->h3, bench_hide_ptr (in->g))
        : _kc_sntrup761_r3_recip_avx2 (in->h3, bench_hide_ptr (in->g));
      bench_consume_u64 ((uint64_t) rc);
      bench_consume (in->h3, 1);
    }
}

static void
k_r3_recip_lib (void *vctx, uint64_t iters)
{
  struct kern_input *in = vctx;
  while (iters--)
    {
      crypto_core_inv3sntrup761 (in->h3b, bench_hide_ptr (in->gb), 0, 0);
      bench_consume (in->h3b, 1);
    }
}

static void
k_rq_recip3_ours (void *vctx, uint64_t iters)
{
  struct kern_input *in = vctx;
  while (iters--)
    {
      int rc = in->avx512
        ? _kc_sntrup761_rq_recip3_avx512 (in->h, bench_hide_ptr (in->g))
        : _kc_sntrup761_rq_recip3_avx2 (in->h, bench_hide_ptr (in->g));
      bench_consume_u64 ((uint64_t) rc);
      bench_consume (in->h, 2);
    }
}

static void
k_rq_recip3_lib (void *vctx, uint64_t iters)
{
  struct kern_input *in = vctx;
  while (iters--)
    {
      crypto_core_invsntrup761 (in->hb, bench_hide_ptr (in->gb), 0, 0);
      bench_consume (in->hb, 2);
    }
}

static void
k_sort_ours (void *vctx, uint64_t iters)
{
  struct kern_input *in = vctx;
  while (iters--)
    {
      memcpy (in->sortbuf, bench_hide_ptr (in->sortin), sizeof in->sortbuf);
      if (in->avx512)
        _kc_sntrup761_sort_761_avx512 (in->sortbuf);
      else
        _kc_sntrup761_sort_761_avx2 (in->sortbuf);
      bench_consume (in->sortbuf, 4);
    }
}

static void
k_sort_portable (void *vctx, uint64_t iters)
{
  struct kern_input *in = vctx;
  while (iters--)
    {
      memcpy (in->sortbuf, bench_hide_ptr (in->sortin), sizeof in->sortbuf);
      _kc_sntrup761_sort_761 (in->sortbuf);
      bench_consume (in->sortbuf, 4);
    }
}

static void
k_sort_lib (void *vctx, uint64_t iters)
{
  struct kern_input *in = vctx;
  while (iters--)
    {
      memcpy (in->sortbuf, bench_hide_ptr (in->sortin), sizeof in->sortbuf);
      crypto_sort_int32 (in->sortbuf, KP);
      bench_consume (in->sortbuf, 4);
    }
}

/* Random operands; 1 if both sides' three products agree on them (the
 * peer's Fq values are little-endian int16, its small ones int8). */
static int
kern_setup (struct kern_input *in)
{
  uint64_t st = 0x452821e638d01377ULL;
  size_t i;
  int ok = 1;

  for (i = 0; i < KP; i++)
    {
      in->f[i] = (int16_t) ((int) (bench_rand64 (&st) % KC_SNTRUP761_Q) - KC_SNTRUP761_Q12);
      in->f2[i] = (int16_t) ((int) (bench_rand64 (&st) % KC_SNTRUP761_Q) - KC_SNTRUP761_Q12);
      in->g[i] = (int8_t) ((int) (bench_rand64 (&st) % 3) - 1);
      in->a[i] = (int8_t) ((int) (bench_rand64 (&st) % 3) - 1);
      in->sortin[i] = (uint32_t) bench_rand64 (&st);
      in->fb[2 * i] = (unsigned char) in->f[i];
      in->fb[2 * i + 1] = (unsigned char) ((uint16_t) in->f[i] >> 8);
      in->f2b[2 * i] = (unsigned char) in->f2[i];
      in->f2b[2 * i + 1] = (unsigned char) ((uint16_t) in->f2[i] >> 8);
      in->gb[i] = (unsigned char) in->g[i];
      in->ab[i] = (unsigned char) in->a[i];
    }
  in->avx512 = (_kc_hwf () & KC_HWF_AVX512) != 0;
  k_mult_small_ours (in, 1);
  crypto_core_multsntrup761 (in->hb, in->fb, in->gb, 0);
  for (i = 0; i < KP; i++)
    ok &= (int16_t) (in->hb[2 * i] | in->hb[2 * i + 1] << 8) == in->h[i];
  k_rq_mult_ours (in, 1);
  crypto_core_multbigsntrup761 (in->hb, in->fb, in->f2b, 0);
  for (i = 0; i < KP; i++)       /* its output is not always frozen */
    ok &= ((int16_t) (in->hb[2 * i] | in->hb[2 * i + 1] << 8) - in->h[i])
      % KC_SNTRUP761_Q == 0;
  k_r3_mult_ours (in, 1);
  crypto_core_mult3sntrup761 (in->h3b, in->ab, in->gb, 0);
  for (i = 0; i < KP; i++)
    ok &= (int8_t) in->h3b[i] == in->h3[i];
  return ok;
}

static void
rows_kernels (void)
{
  static struct kern_input in;
  struct peer_side s[2];
  static const struct
  {
    const char *row;
    bench_body ours, lib;
  } rows[] = {
    { "kem/sntrup761-kernels/rq_mult_small", k_mult_small_ours, k_mult_small_lib },
    { "kem/sntrup761-kernels/r3_mult", k_r3_mult_ours, k_r3_mult_lib },
    { "kem/sntrup761-kernels/rq_mult", k_rq_mult_ours, k_rq_mult_lib },
    { "kem/sntrup761-kernels/r3_recip", k_r3_recip_ours, k_r3_recip_lib },
    { "kem/sntrup761-kernels/rq_recip3", k_rq_recip3_ours, k_rq_recip3_lib },
    { "kem/sntrup761-kernels/sort761", k_sort_ours, k_sort_lib },
    { "kem/sntrup761-kernels/sort761_portable", k_sort_portable, k_sort_lib },
  };
  size_t r, i;

  if (!peers_group_wanted ("kem/sntrup761-kernels/")
      || !(_kc_hwf () & KC_HWF_AVX2))
    return;
  bench_check ("kem/sntrup761-kernels", kern_setup (&in),
               "ours and libsntrup761's products differ");
  k_sort_ours (&in, 1);
  for (i = 1; i < KP; i++)
    bench_check ("kem/sntrup761-kernels", in.sortbuf[i - 1] <= in.sortbuf[i],
                 "our sort does not sort");
  s[0].who = "ours";
  s[1].who = "libsntrup761";
  s[0].ctx = s[1].ctx = &in;
  for (r = 0; r < sizeof rows / sizeof rows[0]; r++)
    if (peers_row_wanted (rows[r].row))
      {
        s[0].body = rows[r].ours;
        s[1].body = rows[r].lib;
        peers_compare (rows[r].row, BENCH_US_PER_OP, 1, s, 2);
      }
  wipememory (&in, sizeof in);
}
#endif /* HAVE_SNTRUP761_PEER_CORE */

void
bench_peers_kem (void)
{
#ifdef HAVE_SNTRUP761_PEER
  rows_lib ();
#endif
#ifdef HAVE_SNTRUP761_PEER_CORE
  rows_kernels ();
#endif
#ifdef HAVE_PQCLEAN_SNTRUP761
  static struct kem_input in;
  unsigned char ss[32];
  struct peer_side s[2];

  if (!peers_group_wanted ("kem/sntrup761/"))
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
