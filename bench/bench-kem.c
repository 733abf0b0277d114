/* bench-kem.c - bench-slope group "kem": sntrup761 through the public API.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Rows kem/sntrup761/<op>, microseconds per operation:
 *   keypair       kc_kem_keypair (system RNG included, as users pay it)
 *   keypair_batch32  kc_kem_keypair_batch of 32 keys, per key (timed
 *                 interleaved with keypair)
 *   encap         kc_kem_encap on a fixed public key
 *   decap         kc_kem_decap of a valid ciphertext
 *   decap_forged  kc_kem_decap of a corrupted ciphertext (implicit
 *                 rejection: in constant time it costs what decap costs;
 *                 the two are timed interleaved)
 *   keypair_batch32_fastrng  the same batch through the internal entry
 *                 with a fast non-cryptographic generator instead of the
 *                 system RNG: the algorithm's own cost (the system RNG
 *                 costs about 6.5 cycles per byte on our test VMs and a
 *                 key pair draws 6279 bytes)
 * Rows kem/{mlkem512,mlkem768,mlkem1024,sntrup761x25519,mlkem768x25519,
 * x25519mlkem768,xwing,dhkem25519,raw-p256r1,mlkem768nistp256,
 * secp256r1mlkem768}/{keypair,encap,decap}: ML-KEM, the SSH and TLS
 * hybrids, X-Wing, HPKE's DHKEM(X25519) and P-256 ECDH as a KEM the same
 * way (keypair with the system RNG, encap to and decap of a fixed key
 * pair and ciphertext); a hybrid's overhead is its row less the sum of
 * its parts' rows (mlkem768 and x25519 or raw-p256r1); bench-peers has
 * the ML-KEM-768 peers.
 * With configure --with-pqclean-sntrup761=LIB, rows
 * kem/pqclean-avx2/{keypair,encap,decap} time PQClean's avx2 code on the
 * same inputs, interleaved with ours (same batch sizes, alternating),
 * both drawing from the system RNG; bench-peers prints the ratios.
 * Self-check: a key pair, an encapsulation and its decapsulation agree on
 * the shared secret; the forged ciphertext yields a different one; with
 * PQClean, each side decapsulates what the other encapsulated.
 */
#include "kcrypt-int.h"
#include "sntrup761/sntrup761.h"
#include "bench.h"

#include "bench-pqclean.h"

struct kem_ctx
{
  unsigned char pk[KC_KEM_SNTRUP761_PUBKEY_LEN];
  unsigned char sk[KC_KEM_SNTRUP761_SECKEY_LEN];
  unsigned char ct[KC_KEM_SNTRUP761_ENCAPS_LEN];
  unsigned char forged[KC_KEM_SNTRUP761_ENCAPS_LEN];
#ifdef HAVE_PQCLEAN_SNTRUP761
  struct bench_pq_keys pq;      /* PQClean's key pair and a ciphertext */
#endif
};

static void
body_keypair (void *vctx, uint64_t iters)
{
  unsigned char pk[KC_KEM_SNTRUP761_PUBKEY_LEN];
  unsigned char sk[KC_KEM_SNTRUP761_SECKEY_LEN];
  (void) vctx;
  while (iters--)
    {
      kc_kem_keypair (KC_KEM_SNTRUP761, pk, sizeof pk, sk, sizeof sk);
      bench_consume (pk, sizeof pk);
    }
  wipememory (sk, sizeof sk);
}

#define BATCH 32

static void
body_keypair_batch (void *vctx, uint64_t iters)
{
  static unsigned char pk[BATCH * KC_KEM_SNTRUP761_PUBKEY_LEN];
  static unsigned char sk[BATCH * KC_KEM_SNTRUP761_SECKEY_LEN];
  (void) vctx;
  while (iters--)
    {
      kc_kem_keypair_batch (KC_KEM_SNTRUP761, pk, sizeof pk, sk, sizeof sk,
                            BATCH);
      bench_consume (pk, KC_KEM_SNTRUP761_PUBKEY_LEN);
    }
  wipememory (sk, sizeof sk);
}

static void
body_keypair_batch_fastrng (void *vctx, uint64_t iters)
{
  static unsigned char pk[BATCH * KC_KEM_SNTRUP761_PUBKEY_LEN];
  static unsigned char sk[BATCH * KC_KEM_SNTRUP761_SECKEY_LEN];
  uint64_t state = 0x9e3779b97f4a7c15ULL;
  (void) vctx;
  while (iters--)
    {
      _kc_sntrup761_keypair_batch (pk, sk, BATCH, bench_fast_rng, &state);
      bench_consume (pk, KC_KEM_SNTRUP761_PUBKEY_LEN);
    }
  wipememory (sk, sizeof sk);
}

static void
body_encap (void *vctx, uint64_t iters)
{
  const struct kem_ctx *c = vctx;
  unsigned char ct[KC_KEM_SNTRUP761_ENCAPS_LEN], ss[32];
  while (iters--)
    {
      kc_kem_encap (KC_KEM_SNTRUP761, bench_hide_ptr (c->pk), sizeof c->pk,
                    ct, sizeof ct, ss, sizeof ss, NULL, 0);
      bench_consume (ss, sizeof ss);
    }
}

static void
decap_loop (const unsigned char *sk, const unsigned char *ct, uint64_t iters)
{
  unsigned char ss[32];
  while (iters--)
    {
      gpg_error_t err = kc_kem_decap (KC_KEM_SNTRUP761, bench_hide_ptr (sk),
                                      KC_KEM_SNTRUP761_SECKEY_LEN,
                                      bench_hide_ptr (ct),
                                      KC_KEM_SNTRUP761_ENCAPS_LEN, ss,
                                      sizeof ss, NULL, 0);
      bench_consume_u64 (err);
      bench_consume (ss, sizeof ss);
    }
}

static void
body_decap (void *vctx, uint64_t iters)
{
  const struct kem_ctx *c = vctx;
  decap_loop (c->sk, c->ct, iters);
}

static void
body_decap_forged (void *vctx, uint64_t iters)
{
  const struct kem_ctx *c = vctx;
  decap_loop (c->sk, c->forged, iters);
}

/* The KEMs timed by the same three rows through the public API (ML-KEM
 * and the SSH hybrids): one key pair and ciphertext each. */
struct kem_gen_ctx
{
  int algo;
  size_t pkl, skl, ctl, ssl;
  unsigned char pk[KC_KEM_MLKEM1024_PUBKEY_LEN];
  unsigned char sk[KC_KEM_MLKEM1024_SECKEY_LEN];
  unsigned char ct[KC_KEM_MLKEM1024_ENCAPS_LEN];
};

static void
body_gen_keypair (void *vctx, uint64_t iters)
{
  struct kem_gen_ctx *c = vctx;
  unsigned char pk[KC_KEM_MLKEM1024_PUBKEY_LEN];
  unsigned char sk[KC_KEM_MLKEM1024_SECKEY_LEN];
  while (iters--)
    {
      kc_kem_keypair (c->algo, pk, c->pkl, sk, c->skl);
      bench_consume (pk, c->pkl);
    }
  wipememory (sk, sizeof sk);
}

static void
body_gen_encap (void *vctx, uint64_t iters)
{
  const struct kem_gen_ctx *c = vctx;
  unsigned char ct[KC_KEM_MLKEM1024_ENCAPS_LEN], ss[64];
  while (iters--)
    {
      kc_kem_encap (c->algo, bench_hide_ptr (c->pk), c->pkl, ct, c->ctl, ss,
                    c->ssl, NULL, 0);
      bench_consume (ss, c->ssl);
    }
}

static void
body_gen_decap (void *vctx, uint64_t iters)
{
  const struct kem_gen_ctx *c = vctx;
  unsigned char ss[64];
  while (iters--)
    {
      gpg_error_t err = kc_kem_decap (c->algo, bench_hide_ptr (c->sk), c->skl,
                                      bench_hide_ptr (c->ct), c->ctl, ss,
                                      c->ssl, NULL, 0);
      bench_consume_u64 (err);
      bench_consume (ss, c->ssl);
    }
}

/* rows kem/{mlkem512,mlkem768,mlkem1024,sntrup761x25519,mlkem768x25519,
 * x25519mlkem768,xwing,dhkem25519,raw-p256r1,mlkem768nistp256,
 * secp256r1mlkem768}/{keypair,encap,decap} */
static void
generic_rows (const struct bench_group *g)
{
#define KEM_ROW(name, NAME) { name, KC_KEM_##NAME, KC_KEM_##NAME##_PUBKEY_LEN, \
    KC_KEM_##NAME##_SECKEY_LEN, KC_KEM_##NAME##_ENCAPS_LEN,                 \
    KC_KEM_##NAME##_SHARED_LEN }
  static const struct
  {
    const char *name;
    int algo;
    size_t pkl, skl, ctl, ssl;
  } kems[] = {
    KEM_ROW ("mlkem512", MLKEM512), KEM_ROW ("mlkem768", MLKEM768),
    KEM_ROW ("mlkem1024", MLKEM1024),
    KEM_ROW ("sntrup761x25519", SNTRUP761X25519_SHA512),
    KEM_ROW ("mlkem768x25519", MLKEM768X25519_SHA256),
    KEM_ROW ("x25519mlkem768", X25519MLKEM768),
    KEM_ROW ("xwing", XWING),
    KEM_ROW ("dhkem25519", DHKEM25519),
    /* the P-256 hybrids beside their classical part (their ML-KEM part
     * is mlkem768 above): the overhead is the hybrid's row less the
     * sum of its parts' rows */
    KEM_ROW ("raw-p256r1", RAW_P256R1),
    KEM_ROW ("mlkem768nistp256", MLKEM768NISTP256_SHA256),
    KEM_ROW ("secp256r1mlkem768", SECP256R1MLKEM768),
  };
#undef KEM_ROW
  static struct kem_gen_ctx c[KC_DIM (kems)];
  unsigned char ss1[64], ss2[64];
  size_t i;

  for (i = 0; i < KC_DIM (kems); i++)
    {
      struct bench_row_def r[3];
      c[i].algo = kems[i].algo;
      c[i].pkl = kems[i].pkl;
      c[i].skl = kems[i].skl;
      c[i].ctl = kems[i].ctl;
      c[i].ssl = kems[i].ssl;
      bench_check (g->name, !kc_kem_keypair (c[i].algo, c[i].pk, c[i].pkl,
                                             c[i].sk, c[i].skl)
                   && !kc_kem_encap (c[i].algo, c[i].pk, c[i].pkl, c[i].ct,
                                     c[i].ctl, ss1, c[i].ssl, NULL, 0)
                   && !kc_kem_decap (c[i].algo, c[i].sk, c[i].skl, c[i].ct,
                                     c[i].ctl, ss2, c[i].ssl, NULL, 0)
                   && !memcmp (ss1, ss2, c[i].ssl), "%s round trip",
                   kems[i].name);
      r[0] = (struct bench_row_def) { kems[i].name, "keypair",
                                      BENCH_US_PER_OP, 1, body_gen_keypair,
                                      &c[i] };
      r[1] = (struct bench_row_def) { kems[i].name, "encap", BENCH_US_PER_OP,
                                      1, body_gen_encap, &c[i] };
      r[2] = (struct bench_row_def) { kems[i].name, "decap", BENCH_US_PER_OP,
                                      1, body_gen_decap, &c[i] };
      bench_rows (g, r, 3);
    }
  wipememory (c, sizeof c);
  wipememory (ss1, sizeof ss1);
  wipememory (ss2, sizeof ss2);
}

static void
kem_run (const struct bench_group *g)
{
  static struct kem_ctx c;
  unsigned char ss1[32], ss2[32], ss3[32];
  gpg_error_t err;

  err = kc_kem_keypair (KC_KEM_SNTRUP761, c.pk, sizeof c.pk, c.sk, sizeof c.sk);
  bench_check (g->name, !err, "kc_kem_keypair: %s", gpg_strerror (err));
  err = kc_kem_encap (KC_KEM_SNTRUP761, c.pk, sizeof c.pk, c.ct, sizeof c.ct,
                      ss1, sizeof ss1, NULL, 0);
  bench_check (g->name, !err, "kc_kem_encap: %s", gpg_strerror (err));
  err = kc_kem_decap (KC_KEM_SNTRUP761, c.sk, sizeof c.sk, c.ct, sizeof c.ct,
                      ss2, sizeof ss2, NULL, 0);
  bench_check (g->name, !err, "kc_kem_decap: %s", gpg_strerror (err));
  bench_check (g->name, !memcmp (ss1, ss2, sizeof ss1),
               "decap does not give the encapsulated secret");
  memcpy (c.forged, c.ct, sizeof c.ct);
  c.forged[sizeof c.forged / 2] ^= 0x01;
  err = kc_kem_decap (KC_KEM_SNTRUP761, c.sk, sizeof c.sk, c.forged,
                      sizeof c.forged, ss3, sizeof ss3, NULL, 0);
  bench_check (g->name, !err, "kc_kem_decap (forged): %s", gpg_strerror (err));
  bench_check (g->name, memcmp (ss1, ss3, sizeof ss1),
               "a forged ciphertext gives the real secret");

#ifdef HAVE_PQCLEAN_SNTRUP761
  bench_check (g->name, bench_pq_interop (),
               "ours and PQClean's sntrup761 do not interoperate");
  bench_check (g->name,
               !PQCLEAN_SNTRUP761_AVX2_crypto_kem_keypair (c.pq.pk, c.pq.sk)
               && !PQCLEAN_SNTRUP761_AVX2_crypto_kem_enc (c.pq.ct, ss1, c.pq.pk),
               "PQClean keypair or encap failed");
#endif

  bench_group_begin (g);
  {
    const struct bench_row_def keypairs[] = {
      { "sntrup761", "keypair", BENCH_US_PER_OP, 1, body_keypair, &c },
#ifdef HAVE_PQCLEAN_SNTRUP761
      { "pqclean-avx2", "keypair", BENCH_US_PER_OP, 1, bench_pq_keypair, &c.pq },
#endif
      { "sntrup761", "keypair_batch32", BENCH_US_PER_OP, BATCH,
        body_keypair_batch, &c },
      { "sntrup761", "keypair_batch32_fastrng", BENCH_US_PER_OP, BATCH,
        body_keypair_batch_fastrng, &c }
    };
    bench_rows (g, keypairs, KC_DIM (keypairs));
  }
  {
    const struct bench_row_def encaps[] = {
      { "sntrup761", "encap", BENCH_US_PER_OP, 1, body_encap, &c },
#ifdef HAVE_PQCLEAN_SNTRUP761
      { "pqclean-avx2", "encap", BENCH_US_PER_OP, 1, bench_pq_encap, &c.pq },
#endif
    };
    bench_rows (g, encaps, KC_DIM (encaps));
  }
  {
    /* Valid and forged decapsulation interleaved, to compare them. */
    const struct bench_row_def decaps[] = {
      { "sntrup761", "decap", BENCH_US_PER_OP, 1, body_decap, &c },
      { "sntrup761", "decap_forged", BENCH_US_PER_OP, 1, body_decap_forged, &c },
#ifdef HAVE_PQCLEAN_SNTRUP761
      { "pqclean-avx2", "decap", BENCH_US_PER_OP, 1, bench_pq_decap, &c.pq },
#endif
    };
    bench_rows (g, decaps, KC_DIM (decaps));
  }
  generic_rows (g);
  wipememory (&c, sizeof c);
  wipememory (ss1, sizeof ss1);
  wipememory (ss2, sizeof ss2);
  wipememory (ss3, sizeof ss3);
}

const struct bench_group bench_group_kem = {
  "kem", "sntrup761, ML-KEM, the SSH and TLS hybrids, X-Wing and DHKEM "
  "through the public KEM API, microseconds",
  "kem/sntrup761/{keypair,keypair_batch32,keypair_batch32_fastrng,encap,decap,decap_forged} "
  "kem/{mlkem512,mlkem768,mlkem1024,sntrup761x25519,mlkem768x25519,"
  "x25519mlkem768,xwing,dhkem25519,raw-p256r1,mlkem768nistp256,"
  "secp256r1mlkem768}/{keypair,encap,decap}", 0, kem_run
};
