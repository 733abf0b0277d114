/* bench-peers-mlkem.c - bench-peers rows kem/mlkem768/{keypair,encap,
 * decap}: our ML-KEM-768 through the public KEM API (the kernels the CPU
 * selects: AVX2 where it has it) beside pq-crystals' kyber avx2 (branch
 * standard; configure --with-kyber-peer=DIR) and mlkem-native
 * (--with-mlkem-native-peer=DIR), and rows kem/mlkem768-portable/...:
 * ours on the portable kernels (_kc_hwf_set_mask around the loop) beside
 * pq-crystals' reference C.  Both peers are built outside this tree (see
 * doc/PERFORMANCE).  "ours-portable" masks KC_HWF_AVX2 only: the portable
 * ML-KEM kernels on the Keccak the CPU selects (AVX-512 where it has
 * it); rows kem/mlkem768-nosimd/... mask everything (portable Keccak
 * too).
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * What one iteration does, all deterministic (no RNG on any side):
 *   keypair  from a fixed 64-byte seed d || z (ours: kc_kem_keypair_seed;
 *            peers: *_keypair_derand)
 *   encap    to that key with a fixed m (ours: kc_kem_encap with the
 *            optional m; peers: *_enc_derand)
 *   decap    of that ciphertext (kc_kem_decap; *_dec)
 * Before timing: every side makes the same key pair, ciphertext and
 * shared secret from the same seed and m, and decapsulates a tampered
 * ciphertext to the same rejection key.
 */
#ifdef HAVE_CONFIG_H
# include <config.h>
#endif
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kcrypt-int.h"
#include "bench-peers.h"

#if defined(HAVE_KYBER_PEER) || defined(HAVE_MLKEM_NATIVE_PEER)

#define PK_LEN KC_KEM_MLKEM768_PUBKEY_LEN
#define SK_LEN KC_KEM_MLKEM768_SECKEY_LEN
#define CT_LEN KC_KEM_MLKEM768_ENCAPS_LEN

/* The three operations of one implementation. */
struct mlkem_impl
{
  const char *who;
  int (*keypair) (uint8_t *pk, uint8_t *sk, const uint8_t *coins);
  int (*encap) (uint8_t *ct, uint8_t *ss, const uint8_t *pk,
                const uint8_t *coins);
  int (*decap) (uint8_t *ss, const uint8_t *ct, const uint8_t *sk);
  unsigned int hwf_mask;        /* ours: the kernels to allow */
};

/* The peers leave randombytes to their caller; only their *_derand entry
 * points run here.  libsntrup761's rows define it already (one generator
 * for all). */
#ifndef HAVE_SNTRUP761_PEER
void randombytes (uint8_t *out, size_t n);
void
randombytes (uint8_t *out, size_t n)
{
  memset (out, 0, n);
}
#endif

#ifdef HAVE_KYBER_PEER
int pqcrystals_kyber768_avx2_keypair_derand (uint8_t *, uint8_t *,
                                             const uint8_t *);
int pqcrystals_kyber768_avx2_enc_derand (uint8_t *, uint8_t *,
                                         const uint8_t *, const uint8_t *);
int pqcrystals_kyber768_avx2_dec (uint8_t *, const uint8_t *,
                                  const uint8_t *);
int pqcrystals_kyber768_ref_keypair_derand (uint8_t *, uint8_t *,
                                            const uint8_t *);
int pqcrystals_kyber768_ref_enc_derand (uint8_t *, uint8_t *,
                                        const uint8_t *, const uint8_t *);
int pqcrystals_kyber768_ref_dec (uint8_t *, const uint8_t *,
                                 const uint8_t *);
#endif
#ifdef HAVE_MLKEM_NATIVE_PEER
int PQCP_MLKEM_NATIVE_MLKEM768_keypair_derand (uint8_t *, uint8_t *,
                                               const uint8_t *);
int PQCP_MLKEM_NATIVE_MLKEM768_enc_derand (uint8_t *, uint8_t *,
                                           const uint8_t *, const uint8_t *);
int PQCP_MLKEM_NATIVE_MLKEM768_dec (uint8_t *, const uint8_t *,
                                    const uint8_t *);
#endif

static int
ours_keypair (uint8_t *pk, uint8_t *sk, const uint8_t *coins)
{
  return (int) kc_kem_keypair_seed (KC_KEM_MLKEM768, pk, PK_LEN, sk, SK_LEN,
                                    coins, 64);
}

static int
ours_encap (uint8_t *ct, uint8_t *ss, const uint8_t *pk, const uint8_t *coins)
{
  return (int) kc_kem_encap (KC_KEM_MLKEM768, pk, PK_LEN, ct, CT_LEN, ss, 32,
                             coins, 32);
}

static int
ours_decap (uint8_t *ss, const uint8_t *ct, const uint8_t *sk)
{
  return (int) kc_kem_decap (KC_KEM_MLKEM768, sk, SK_LEN, ct, CT_LEN, ss, 32,
                             NULL, 0);
}

/* The inputs of every row, and the implementation a body runs. */
struct mlkem_ctx
{
  const struct mlkem_impl *impl;
  const unsigned char *seed, *m, *pk, *sk, *ct;
};

static void
body_keypair (void *vctx, uint64_t iters)
{
  const struct mlkem_ctx *c = vctx;
  unsigned char pk[PK_LEN], sk[SK_LEN];
  _kc_hwf_set_mask (c->impl->hwf_mask);
  while (iters--)
    {
      c->impl->keypair (pk, sk, bench_hide_ptr (c->seed));
      bench_consume (pk, sizeof pk);
    }
  _kc_hwf_set_mask (~0u);
}

static void
body_encap (void *vctx, uint64_t iters)
{
  const struct mlkem_ctx *c = vctx;
  unsigned char ct[CT_LEN], ss[32];
  _kc_hwf_set_mask (c->impl->hwf_mask);
  while (iters--)
    {
      c->impl->encap (ct, ss, bench_hide_ptr (c->pk), c->m);
      bench_consume (ss, sizeof ss);
    }
  _kc_hwf_set_mask (~0u);
}

static void
body_decap (void *vctx, uint64_t iters)
{
  const struct mlkem_ctx *c = vctx;
  unsigned char ss[32];
  _kc_hwf_set_mask (c->impl->hwf_mask);
  while (iters--)
    {
      c->impl->decap (ss, bench_hide_ptr (c->ct), bench_hide_ptr (c->sk));
      bench_consume (ss, sizeof ss);
    }
  _kc_hwf_set_mask (~0u);
}

/* 1 if IMPL makes the same bytes as the reference outputs */
static int
same_bytes (const struct mlkem_impl *impl, const unsigned char *seed,
            const unsigned char *m, const unsigned char *pk0,
            const unsigned char *sk0, const unsigned char *ct0,
            const unsigned char *ss0, const unsigned char *rej0,
            const unsigned char *forged)
{
  static unsigned char pk[PK_LEN], sk[SK_LEN], ct[CT_LEN];
  unsigned char ss[32], ss2[32], rej[32];
  int ok;
  _kc_hwf_set_mask (impl->hwf_mask);
  ok = !impl->keypair (pk, sk, seed) && !impl->encap (ct, ss, pk, m)
       && !impl->decap (ss2, ct, sk) && !impl->decap (rej, forged, sk);
  _kc_hwf_set_mask (~0u);
  return ok && !memcmp (pk, pk0, PK_LEN) && !memcmp (sk, sk0, SK_LEN)
         && !memcmp (ct, ct0, CT_LEN) && !memcmp (ss, ss0, 32)
         && !memcmp (ss2, ss0, 32) && !memcmp (rej, rej0, 32)
         && memcmp (rej, ss0, 32);
}

static void
rows (const char *group, const struct mlkem_impl *impls, size_t n)
{
  static unsigned char pk[PK_LEN], sk[SK_LEN], ct[CT_LEN], forged[CT_LEN];
  unsigned char seed[64], m[32], ss[32], rej[32];
  struct mlkem_ctx ctx[PEERS_MAX_SIDES];
  struct peer_side s[PEERS_MAX_SIDES];
  static const char *const ops[3] = { "keypair", "encap", "decap" };
  const bench_body bodies[3] = { body_keypair, body_encap, body_decap };
  char path[64];
  size_t i, op;

  if (!peers_group_wanted (group) || n < 2)
    return;
  for (i = 0; i < 64; i++)
    seed[i] = (unsigned char) (3 * i + 1);
  for (i = 0; i < 32; i++)
    m[i] = (unsigned char) (5 * i + 2);
  _kc_hwf_set_mask (impls[0].hwf_mask);
  if (impls[0].keypair (pk, sk, seed) || impls[0].encap (ct, ss, pk, m))
    bench_check (group, 0, "set-up failed");
  memcpy (forged, ct, CT_LEN);
  forged[CT_LEN / 3] ^= 0x10;
  impls[0].decap (rej, forged, sk);
  _kc_hwf_set_mask (~0u);
  for (i = 0; i < n; i++)
    {
      bench_check (group, same_bytes (&impls[i], seed, m, pk, sk, ct, ss, rej,
                                      forged),
                   "%s does not make the same keys, ciphertext and secrets "
                   "as ours", impls[i].who);
      ctx[i].impl = &impls[i];
      ctx[i].seed = seed;
      ctx[i].m = m;
      ctx[i].pk = pk;
      ctx[i].sk = sk;
      ctx[i].ct = ct;
      s[i].who = impls[i].who;
      s[i].ctx = &ctx[i];
    }
  for (op = 0; op < 3; op++)
    {
      snprintf (path, sizeof path, "%s%s", group, ops[op]);
      for (i = 0; i < n; i++)
        s[i].body = bodies[op];
      if (peers_row_wanted (path))
        peers_compare (path, BENCH_US_PER_OP, 1, s, n);
    }
  wipememory (sk, sizeof sk);
  wipememory (ss, sizeof ss);
  wipememory (rej, sizeof rej);
}

#endif

void
bench_peers_mlkem (void)
{
#if defined(HAVE_KYBER_PEER) || defined(HAVE_MLKEM_NATIVE_PEER)
  static const struct mlkem_impl fast[] = {
    { "ours", ours_keypair, ours_encap, ours_decap, ~0u },
#ifdef HAVE_KYBER_PEER
    { "pqcrystals-avx2", pqcrystals_kyber768_avx2_keypair_derand,
      pqcrystals_kyber768_avx2_enc_derand, pqcrystals_kyber768_avx2_dec, 0 },
#endif
#ifdef HAVE_MLKEM_NATIVE_PEER
    { "mlkem-native", PQCP_MLKEM_NATIVE_MLKEM768_keypair_derand,
      PQCP_MLKEM_NATIVE_MLKEM768_enc_derand, PQCP_MLKEM_NATIVE_MLKEM768_dec,
      0 },
#endif
  };
  rows ("kem/mlkem768/", fast, KC_DIM (fast));
#ifdef HAVE_KYBER_PEER
  {
    static const struct mlkem_impl portable[] = {
      { "ours-portable", ours_keypair, ours_encap, ours_decap,
        ~KC_HWF_AVX2 },
      { "pqcrystals-ref", pqcrystals_kyber768_ref_keypair_derand,
        pqcrystals_kyber768_ref_enc_derand, pqcrystals_kyber768_ref_dec, 0 },
    };
    static const struct mlkem_impl nosimd[] = {
      { "ours-nosimd", ours_keypair, ours_encap, ours_decap, 0 },
      { "pqcrystals-ref", pqcrystals_kyber768_ref_keypair_derand,
        pqcrystals_kyber768_ref_enc_derand, pqcrystals_kyber768_ref_dec, 0 },
    };
    rows ("kem/mlkem768-portable/", portable, KC_DIM (portable));
    rows ("kem/mlkem768-nosimd/", nosimd, KC_DIM (nosimd));
  }
#endif
#endif
}
