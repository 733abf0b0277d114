/* bench-x25519.c - bench-slope group "x25519": RAW_X25519 through the
 * public KEM API.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Rows x25519/raw_x25519/<op>, microseconds per operation, timed
 * interleaved (one bench_rows set), on the run-time path (the AVX-512
 * IFMA ladder where the CPU has it; KCRYPT_HWF_MASK=0 for the portable
 * one):
 *   keypair       kc_kem_keypair: 32 bytes of the library's CSPRNG and
 *                 X25519 (sk, 9)
 *   keypair_seed  kc_kem_keypair_seed: X25519 (sk, 9) alone
 *   encap         kc_kem_encap on a fixed public key: an ephemeral, its
 *                 public key and the shared value (two scalar
 *                 multiplications)
 *   decap         kc_kem_decap: X25519 (sk, ct), one variable-base ladder
 * bench-peers puts the same operations beside OpenSSL and libsodium
 * (with the bodies of keypair, keypair_seed and decap, exported here).
 * Self-check: RFC 7748 section 6.1 (Alice's public key and the shared
 * value), and a round trip.
 */
#include "kcrypt-int.h"
#include "bench.h"

void
bench_x25519_keypair (void *vctx, uint64_t iters)
{
  unsigned char pk[32], sk[32];
  (void) vctx;
  while (iters--)
    {
      kc_kem_keypair (KC_KEM_RAW_X25519, pk, 32, sk, 32);
      bench_consume (pk, 32);
    }
  wipememory (sk, sizeof sk);
}

void
bench_x25519_keypair_seed (void *vctx, uint64_t iters)
{
  const struct bench_x25519_keys *c = vctx;
  unsigned char pk[32], sk[32];
  while (iters--)
    {
      kc_kem_keypair_seed (KC_KEM_RAW_X25519, pk, 32, sk, 32,
                           bench_hide_ptr (c->sk), 32);
      bench_consume (pk, 32);
    }
  wipememory (sk, sizeof sk);
}

static void
body_encap (void *vctx, uint64_t iters)
{
  const struct bench_x25519_keys *c = vctx;
  unsigned char ct[32], ss[32];
  while (iters--)
    {
      kc_kem_encap (KC_KEM_RAW_X25519, bench_hide_ptr (c->pk), 32, ct, 32,
                    ss, 32, NULL, 0);
      bench_consume (ss, 32);
    }
}

void
bench_x25519_decap (void *vctx, uint64_t iters)
{
  const struct bench_x25519_keys *c = vctx;
  unsigned char ss[32];
  while (iters--)
    {
      gpg_error_t err = kc_kem_decap (KC_KEM_RAW_X25519,
                                      bench_hide_ptr (c->sk), 32,
                                      bench_hide_ptr (c->ct), 32, ss, 32,
                                      NULL, 0);
      bench_consume_u64 (err);
      bench_consume (ss, 32);
    }
}

static void
x25519_run (const struct bench_group *g)
{
  static struct bench_x25519_keys c;
  unsigned char a_sk[32], a_pk[32], b_pk[32], ss1[32], ss2[32], t[32];
  size_t i;
  gpg_error_t err;
  static const unsigned char a_sk_bytes[32] = {
    0x77, 0x07, 0x6d, 0x0a, 0x73, 0x18, 0xa5, 0x7d, 0x3c, 0x16, 0xc1, 0x72,
    0x51, 0xb2, 0x66, 0x45, 0xdf, 0x4c, 0x2f, 0x87, 0xeb, 0xc0, 0x99, 0x2a,
    0xb1, 0x77, 0xfb, 0xa5, 0x1d, 0xb9, 0x2c, 0x2a
  };
  static const unsigned char b_pk_bytes[32] = {
    0xde, 0x9e, 0xdb, 0x7d, 0x7b, 0x7d, 0xc1, 0xb4, 0xd3, 0x5b, 0x61, 0xc2,
    0xec, 0xe4, 0x35, 0x37, 0x3f, 0x83, 0x43, 0xc8, 0x5b, 0x78, 0x67, 0x4d,
    0xad, 0xfc, 0x7e, 0x14, 0x6f, 0x88, 0x2b, 0x4f
  };

  /* RFC 7748 6.1 */
  for (i = 0; i < 32; i++)
    a_sk[i] = a_sk_bytes[i], b_pk[i] = b_pk_bytes[i];
  err = kc_kem_keypair_seed (KC_KEM_RAW_X25519, a_pk, 32, t, 32, a_sk, 32);
  bench_check (g->name, !err, "kc_kem_keypair_seed: %s", gpg_strerror (err));
  bench_check_hex (g->name, "RFC 7748 Alice's public key", a_pk, 32,
                   "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a");
  err = kc_kem_decap (KC_KEM_RAW_X25519, a_sk, 32, b_pk, 32, ss1, 32, NULL, 0);
  bench_check (g->name, !err, "kc_kem_decap: %s", gpg_strerror (err));
  bench_check_hex (g->name, "RFC 7748 shared value", ss1, 32,
                   "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742");
  /* a round trip on the benchmark's own keys */
  err = kc_kem_keypair (KC_KEM_RAW_X25519, c.pk, 32, c.sk, 32);
  bench_check (g->name, !err, "kc_kem_keypair: %s", gpg_strerror (err));
  err = kc_kem_encap (KC_KEM_RAW_X25519, c.pk, 32, c.ct, 32, ss1, 32, NULL, 0);
  bench_check (g->name, !err, "kc_kem_encap: %s", gpg_strerror (err));
  err = kc_kem_decap (KC_KEM_RAW_X25519, c.sk, 32, c.ct, 32, ss2, 32, NULL, 0);
  bench_check (g->name, !err && !memcmp (ss1, ss2, 32),
               "decap does not give the encapsulated secret");

  bench_group_begin (g);
  {
    const struct bench_row_def rows[] = {
      { "raw_x25519", "keypair", BENCH_US_PER_OP, 1, bench_x25519_keypair,
        &c },
      { "raw_x25519", "keypair_seed", BENCH_US_PER_OP, 1,
        bench_x25519_keypair_seed, &c },
      { "raw_x25519", "encap", BENCH_US_PER_OP, 1, body_encap, &c },
      { "raw_x25519", "decap", BENCH_US_PER_OP, 1, bench_x25519_decap, &c },
    };
    bench_rows (g, rows, KC_DIM (rows));
  }
  wipememory (&c, sizeof c);
  wipememory (ss1, sizeof ss1);
  wipememory (ss2, sizeof ss2);
  wipememory (a_sk, sizeof a_sk);
}

const struct bench_group bench_group_x25519 = {
  "x25519", "RAW_X25519 through the public KEM API, microseconds",
  "x25519/raw_x25519/{keypair,keypair_seed,encap,decap}", 0, x25519_run
};
