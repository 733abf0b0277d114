/* kem.c - the public KEM dispatcher: one table row per algorithm
 * (lengths, functions, stack bound), exact length checks, then one call.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Policy lives here and only here:
 *   - unknown algorithm                          -> GPG_ERR_NOT_SUPPORTED
 *   - NULL buffer or a length other than exact   -> GPG_ERR_INV_ARG
 *   - OPTIONAL given (non-NULL or non-zero
 *     length) for an algorithm that takes none   -> GPG_ERR_INV_VALUE
 * On any error the output buffers hold no secret material: on an argument
 * error, outputs given with the right length are zeroed and others never
 * written; an algorithm that fails (a bad public or secret key, an
 * all-zero X25519 value) writes nothing at all.
 * A well-sized ciphertext never makes decapsulation fail (implicit
 * rejection).  Every entry point runs the algorithm out of line and then
 * burns the stack the row says it may use (see _kc_burn_stack).
 *
 * Adding a KEM is one row: its lengths and its functions.  The functions
 * see only exact-length buffers and the library's RNG. */
#include "kcrypt-int.h"
#include "sntrup761/sntrup761.h"
#include "mlkem/mlkem.h"
#include "x25519/x25519.h"
#include "p256/p256.h"
#include "kem.h"

/* ------------------------------------------------------------ the rows */

static gpg_error_t
sntrup761_keypair (const struct _kc_kem_info *k, unsigned char *pk,
                   unsigned char *sk, _kc_rng_fn rng, void *rngctx)
{
  (void) k;
  _kc_sntrup761_keypair (pk, sk, rng, rngctx);
  return 0;
}

static gpg_error_t
sntrup761_keypair_batch (const struct _kc_kem_info *k, unsigned char *pk,
                         unsigned char *sk, size_t n, _kc_rng_fn rng,
                         void *rngctx)
{
  (void) k;
  _kc_sntrup761_keypair_batch (pk, sk, n, rng, rngctx);
  return 0;
}

static gpg_error_t
sntrup761_encap (const struct _kc_kem_info *k, unsigned char *ct,
                 unsigned char *ss, const unsigned char *pk,
                 const unsigned char *opt, _kc_rng_fn rng, void *rngctx)
{
  (void) k;
  (void) opt;
  _kc_sntrup761_enc (ct, ss, pk, rng, rngctx);
  return 0;
}

static gpg_error_t
sntrup761_decap (const struct _kc_kem_info *k, unsigned char *ss,
                 const unsigned char *ct, const unsigned char *sk)
{
  (void) k;
  _kc_sntrup761_dec (ss, ct, sk);
  return 0;
}

/* KeyGen from 64 fresh bytes d || z (FIPS 203 Algorithm 19) */
static gpg_error_t
mlkem_keypair (const struct _kc_kem_info *k, unsigned char *pk,
               unsigned char *sk, _kc_rng_fn rng, void *rngctx)
{
  unsigned char seed[64];
  gpg_error_t err;
  rng (rngctx, seed, sizeof seed);
  err = _kc_mlkem_keypair (k->param, pk, sk, seed);
  wipememory (seed, sizeof seed);
  return err;
}

static gpg_error_t
mlkem_keypair_seed (const struct _kc_kem_info *k, unsigned char *pk,
                    unsigned char *sk, const unsigned char *seed)
{
  return _kc_mlkem_keypair (k->param, pk, sk, seed);
}

/* Encaps with a fresh m unless the caller gave one (Algorithm 20) */
static gpg_error_t
mlkem_encap (const struct _kc_kem_info *k, unsigned char *ct,
             unsigned char *ss, const unsigned char *pk,
             const unsigned char *m, _kc_rng_fn rng, void *rngctx)
{
  unsigned char mm[32];
  gpg_error_t err;
  if (!m)
    rng (rngctx, mm, sizeof mm);
  err = _kc_mlkem_encaps (k->param, ct, ss, pk, m ? m : mm);
  wipememory (mm, sizeof mm);
  return err;
}

static gpg_error_t
mlkem_decap (const struct _kc_kem_info *k, unsigned char *ss,
             const unsigned char *ct, const unsigned char *sk)
{
  return _kc_mlkem_decaps (k->param, ss, ct, sk);
}

/* RAW_X25519 (RFC 7748 as a KEM): sk 32 random bytes, pk = X25519 (sk, 9);
 * encap with an ephemeral e: ct = X25519 (e, 9), ss = X25519 (e, pk);
 * decap ss = X25519 (sk, ct).  An all-zero ss (a small-order point) is
 * GPG_ERR_INV_DATA, and then nothing is written. */
static gpg_error_t
x25519_keypair_seed (const struct _kc_kem_info *k, unsigned char *pk,
                     unsigned char *sk, const unsigned char *seed)
{
  unsigned char p[32];
  (void) k;
  _kc_x25519_base (p, seed);
  memcpy (sk, seed, 32);
  memcpy (pk, p, 32);
  return 0;
}

static gpg_error_t
x25519_keypair (const struct _kc_kem_info *k, unsigned char *pk,
                unsigned char *sk, _kc_rng_fn rng, void *rngctx)
{
  unsigned char seed[32];
  rng (rngctx, seed, sizeof seed);
  x25519_keypair_seed (k, pk, sk, seed);
  wipememory (seed, sizeof seed);
  return 0;
}

/* OPT, from the KEMs built on this row only (the public API offers
 * RAW_X25519 none): the ephemeral secret e */
static gpg_error_t
x25519_encap (const struct _kc_kem_info *k, unsigned char *ct,
              unsigned char *ss, const unsigned char *pk,
              const unsigned char *opt, _kc_rng_fn rng, void *rngctx)
{
  unsigned char e[32], c[32], s[32];
  uint32_t zero;
  (void) k;
  if (opt)
    memcpy (e, opt, sizeof e);
  else
    rng (rngctx, e, sizeof e);
  _kc_x25519_base (c, e);
  zero = _kc_x25519 (s, e, pk);
  ct_declassify (&zero, sizeof zero);          /* fails openly */
  if (!zero)
    {
      memcpy (ct, c, 32);
      memcpy (ss, s, 32);
    }
  wipememory (e, sizeof e);
  wipememory (s, sizeof s);
  return zero ? KC_ERR (GPG_ERR_INV_DATA) : 0;
}

static gpg_error_t
x25519_decap (const struct _kc_kem_info *k, unsigned char *ss,
              const unsigned char *ct, const unsigned char *sk)
{
  unsigned char s[32];
  uint32_t zero;
  (void) k;
  zero = _kc_x25519 (s, sk, ct);
  ct_declassify (&zero, sizeof zero);
  if (!zero)
    memcpy (ss, s, 32);
  wipememory (s, sizeof s);
  return zero ? KC_ERR (GPG_ERR_INV_DATA) : 0;
}

/* RAW_P256R1 (NIST P-256 ECDH as a KEM, libgcrypt's layout): sk 32 bytes
 * in [1, n-1], pk = sk*G uncompressed; encap with an ephemeral e: ct =
 * e*G, ss = x (e*pk); decap ss = x (sk*ct).  A seed (sk) of 0 or >= n is
 * GPG_ERR_BAD_SECKEY; a bad pk GPG_ERR_BAD_PUBKEY, a bad ct
 * GPG_ERR_INV_DATA, an OPT of 0 or >= n GPG_ERR_INV_VALUE; nothing is
 * written then.  The comb's blinding draws from the library's
 * generator, which leaves the caller's RNG stream as it would be. */
static gpg_error_t
p256_keypair_seed (const struct _kc_kem_info *k, unsigned char *pk,
                   unsigned char *sk, const unsigned char *seed)
{
  _kc_p256_scalar x;
  unsigned char p[65];
  int ok;
  (void) k;
  ok = _kc_p256_seckey_parse (&x, seed);
  if (ok)
    {
      _kc_p256_pubkey_create (p, sizeof p, &x, _kc_random_fast, NULL);
      memmove (sk, seed, 32);
      memcpy (pk, p, sizeof p);
    }
  wipememory (&x, sizeof x);
  return ok ? 0 : KC_ERR (GPG_ERR_BAD_SECKEY);
}

static gpg_error_t
p256_keypair (const struct _kc_kem_info *k, unsigned char *pk,
              unsigned char *sk, _kc_rng_fn rng, void *rngctx)
{
  unsigned char seed[32];
  /* draws outside [1, n-1] (probability 2^-32) are drawn again */
  do
    rng (rngctx, seed, sizeof seed);
  while (p256_keypair_seed (k, pk, sk, seed));
  wipememory (seed, sizeof seed);
  return 0;
}

/* OPT: the ephemeral secret e (32 bytes), from the public API or from
 * the KEMs built on this row */
static gpg_error_t
p256_encap (const struct _kc_kem_info *k, unsigned char *ct,
            unsigned char *ss, const unsigned char *pk,
            const unsigned char *opt, _kc_rng_fn rng, void *rngctx)
{
  _kc_p256_scalar e;
  _kc_p256_ge q;
  unsigned char eb[32], c[65], s[32];
  gpg_error_t err = 0;
  (void) k;

  if (!_kc_p256_pubkey_parse_var (&q, pk, 65))
    return KC_ERR (GPG_ERR_BAD_PUBKEY);
  if (opt)
    {
      if (!_kc_p256_seckey_parse (&e, opt))
        err = KC_ERR (GPG_ERR_INV_VALUE);
    }
  else
    do
      rng (rngctx, eb, sizeof eb);
    while (!_kc_p256_seckey_parse (&e, eb));
  if (!err)
    {
      _kc_p256_pubkey_create (c, sizeof c, &e, _kc_random_fast, NULL);
      _kc_p256_ecdh (s, &e, &q);
      memcpy (ct, c, sizeof c);
      memcpy (ss, s, sizeof s);
    }
  wipememory (&e, sizeof e);
  wipememory (eb, sizeof eb);
  wipememory (s, sizeof s);
  return err;
}

static gpg_error_t
p256_decap (const struct _kc_kem_info *k, unsigned char *ss,
            const unsigned char *ct, const unsigned char *sk)
{
  _kc_p256_scalar x;
  _kc_p256_ge q;
  unsigned char s[32];
  gpg_error_t err = 0;
  (void) k;

  if (!_kc_p256_seckey_parse (&x, sk))
    err = KC_ERR (GPG_ERR_BAD_SECKEY);
  else if (!_kc_p256_pubkey_parse_var (&q, ct, 65))
    err = KC_ERR (GPG_ERR_INV_DATA);
  else
    {
      _kc_p256_ecdh (s, &x, &q);
      memcpy (ss, s, sizeof s);
    }
  wipememory (&x, sizeof x);
  wipememory (s, sizeof s);
  return err;
}

/* The rows, named so that a hybrid's row can point at its parts' rows. */
enum
{
  ROW_SNTRUP761, ROW_MLKEM512, ROW_MLKEM768, ROW_MLKEM1024, ROW_X25519,
  ROW_SNTRUP761X25519, ROW_MLKEM768X25519, ROW_X25519MLKEM768, ROW_XWING,
  ROW_DHKEM25519, ROW_P256, ROW_DHKEMP256, ROW_MLKEM768P256,
  ROW_P256MLKEM768, KEM_ROWS
};

static const struct _kc_kem_info kem_table[KEM_ROWS] = {
  [ROW_SNTRUP761] = { .algo = KC_KEM_SNTRUP761, .param = 0,
    .pq = NULL, .ec = NULL,
    .pk_len = KC_KEM_SNTRUP761_PUBKEY_LEN,
    .sk_len = KC_KEM_SNTRUP761_SECKEY_LEN,
    .ct_len = KC_KEM_SNTRUP761_ENCAPS_LEN,
    .ss_len = KC_KEM_SNTRUP761_SHARED_LEN,
    .seed_len = 0, .opt_len = 0, .burn = KC_STACK_BURN_KEM,
    .keypair = sntrup761_keypair, .keypair_seed = NULL,
    .keypair_batch = sntrup761_keypair_batch,
    .encap = sntrup761_encap, .decap = sntrup761_decap },
  [ROW_MLKEM512] = { .algo = KC_KEM_MLKEM512, .param = 2,
    .pq = NULL, .ec = NULL,
    .pk_len = KC_KEM_MLKEM512_PUBKEY_LEN,
    .sk_len = KC_KEM_MLKEM512_SECKEY_LEN,
    .ct_len = KC_KEM_MLKEM512_ENCAPS_LEN,
    .ss_len = KC_KEM_MLKEM512_SHARED_LEN,
    .seed_len = 64, .opt_len = 32, .burn = KC_STACK_BURN_MLKEM,
    .keypair = mlkem_keypair, .keypair_seed = mlkem_keypair_seed,
    .keypair_batch = NULL, .encap = mlkem_encap, .decap = mlkem_decap },
  [ROW_MLKEM768] = { .algo = KC_KEM_MLKEM768, .param = 3,
    .pq = NULL, .ec = NULL,
    .pk_len = KC_KEM_MLKEM768_PUBKEY_LEN,
    .sk_len = KC_KEM_MLKEM768_SECKEY_LEN,
    .ct_len = KC_KEM_MLKEM768_ENCAPS_LEN,
    .ss_len = KC_KEM_MLKEM768_SHARED_LEN,
    .seed_len = 64, .opt_len = 32, .burn = KC_STACK_BURN_MLKEM,
    .keypair = mlkem_keypair, .keypair_seed = mlkem_keypair_seed,
    .keypair_batch = NULL, .encap = mlkem_encap, .decap = mlkem_decap },
  [ROW_MLKEM1024] = { .algo = KC_KEM_MLKEM1024, .param = 4,
    .pq = NULL, .ec = NULL,
    .pk_len = KC_KEM_MLKEM1024_PUBKEY_LEN,
    .sk_len = KC_KEM_MLKEM1024_SECKEY_LEN,
    .ct_len = KC_KEM_MLKEM1024_ENCAPS_LEN,
    .ss_len = KC_KEM_MLKEM1024_SHARED_LEN,
    .seed_len = 64, .opt_len = 32, .burn = KC_STACK_BURN_MLKEM,
    .keypair = mlkem_keypair, .keypair_seed = mlkem_keypair_seed,
    .keypair_batch = NULL, .encap = mlkem_encap, .decap = mlkem_decap },
  [ROW_X25519] = { .algo = KC_KEM_RAW_X25519, .param = 0,
    .pq = NULL, .ec = NULL,
    .pk_len = KC_KEM_RAW_X25519_PUBKEY_LEN,
    .sk_len = KC_KEM_RAW_X25519_SECKEY_LEN,
    .ct_len = KC_KEM_RAW_X25519_ENCAPS_LEN,
    .ss_len = KC_KEM_RAW_X25519_SHARED_LEN,
    .seed_len = 32, .opt_len = 0, .burn = KC_STACK_BURN_X25519,
    .keypair = x25519_keypair, .keypair_seed = x25519_keypair_seed,
    .keypair_batch = NULL, .encap = x25519_encap, .decap = x25519_decap },
  /* the hybrids (kem-hybrid.c), with their parts and combiners */
  [ROW_SNTRUP761X25519] = { .algo = KC_KEM_SNTRUP761X25519_SHA512,
    .param = KC_MD_SHA512, .pq = &kem_table[ROW_SNTRUP761],
    .ec = &kem_table[ROW_X25519],
    .pk_len = KC_KEM_SNTRUP761X25519_SHA512_PUBKEY_LEN,
    .sk_len = KC_KEM_SNTRUP761X25519_SHA512_SECKEY_LEN,
    .ct_len = KC_KEM_SNTRUP761X25519_SHA512_ENCAPS_LEN,
    .ss_len = KC_KEM_SNTRUP761X25519_SHA512_SHARED_LEN,
    .seed_len = 0, .opt_len = 0,
    .burn = KC_STACK_BURN_KEM + KC_STACK_BURN_HYBRID_EXTRA,
    .keypair = _kc_kem_hybrid_keypair, .keypair_seed = NULL,
    .keypair_batch = NULL, .encap = _kc_kem_hybrid_encap,
    .decap = _kc_kem_hybrid_decap },
  [ROW_MLKEM768X25519] = { .algo = KC_KEM_MLKEM768X25519_SHA256,
    .param = KC_MD_SHA256, .pq = &kem_table[ROW_MLKEM768],
    .ec = &kem_table[ROW_X25519],
    .pk_len = KC_KEM_MLKEM768X25519_SHA256_PUBKEY_LEN,
    .sk_len = KC_KEM_MLKEM768X25519_SHA256_SECKEY_LEN,
    .ct_len = KC_KEM_MLKEM768X25519_SHA256_ENCAPS_LEN,
    .ss_len = KC_KEM_MLKEM768X25519_SHA256_SHARED_LEN,
    .seed_len = 64, .opt_len = 64,
    .burn = KC_STACK_BURN_MLKEM + KC_STACK_BURN_HYBRID_EXTRA,
    .keypair = _kc_kem_hybrid_keypair,
    .keypair_seed = _kc_kem_hybrid_keypair_seed,
    .keypair_batch = NULL, .encap = _kc_kem_hybrid_encap,
    .decap = _kc_kem_hybrid_decap },
  [ROW_X25519MLKEM768] = { .algo = KC_KEM_X25519MLKEM768,
    .param = 0, .pq = &kem_table[ROW_MLKEM768],
    .ec = &kem_table[ROW_X25519],
    .pk_len = KC_KEM_X25519MLKEM768_PUBKEY_LEN,
    .sk_len = KC_KEM_X25519MLKEM768_SECKEY_LEN,
    .ct_len = KC_KEM_X25519MLKEM768_ENCAPS_LEN,
    .ss_len = KC_KEM_X25519MLKEM768_SHARED_LEN,
    .seed_len = 64, .opt_len = 64,
    .burn = KC_STACK_BURN_MLKEM + KC_STACK_BURN_HYBRID_EXTRA,
    .keypair = _kc_kem_hybrid_keypair,
    .keypair_seed = _kc_kem_hybrid_keypair_seed,
    .keypair_batch = NULL, .encap = _kc_kem_hybrid_encap,
    .decap = _kc_kem_hybrid_decap },
  [ROW_XWING] = { .algo = KC_KEM_XWING,
    .param = 0, .pq = &kem_table[ROW_MLKEM768],
    .ec = &kem_table[ROW_X25519],
    .pk_len = KC_KEM_XWING_PUBKEY_LEN,
    .sk_len = KC_KEM_XWING_SECKEY_LEN,
    .ct_len = KC_KEM_XWING_ENCAPS_LEN,
    .ss_len = KC_KEM_XWING_SHARED_LEN,
    .seed_len = 32, .opt_len = 64,
    .burn = KC_STACK_BURN_MLKEM + KC_STACK_BURN_XWING_EXTRA,
    .keypair = _kc_kem_xwing_keypair,
    .keypair_seed = _kc_kem_xwing_keypair_seed,
    .keypair_batch = NULL, .encap = _kc_kem_xwing_encap,
    .decap = _kc_kem_xwing_decap },
  /* RFC 9180's DHKEM (kem-dhkem.c) on the X25519 row; param: its kem_id */
  [ROW_DHKEM25519] = { .algo = KC_KEM_DHKEM25519,
    .param = 0x0020, .pq = NULL, .ec = &kem_table[ROW_X25519],
    .pk_len = KC_KEM_DHKEM25519_PUBKEY_LEN,
    .sk_len = KC_KEM_DHKEM25519_SECKEY_LEN,
    .ct_len = KC_KEM_DHKEM25519_ENCAPS_LEN,
    .ss_len = KC_KEM_DHKEM25519_SHARED_LEN,
    .seed_len = 32, .opt_len = 32,
    .burn = KC_STACK_BURN_X25519 + KC_STACK_BURN_SHA256
            + KC_STACK_BURN_HYBRID_EXTRA,
    .keypair = _kc_kem_dhkem_keypair,
    .keypair_seed = _kc_kem_dhkem_keypair_seed,
    .keypair_batch = NULL, .encap = _kc_kem_dhkem_encap,
    .decap = _kc_kem_dhkem_decap },
  [ROW_P256] = { .algo = KC_KEM_RAW_P256R1, .param = 0,
    .pq = NULL, .ec = NULL,
    .pk_len = KC_KEM_RAW_P256R1_PUBKEY_LEN,
    .sk_len = KC_KEM_RAW_P256R1_SECKEY_LEN,
    .ct_len = KC_KEM_RAW_P256R1_ENCAPS_LEN,
    .ss_len = KC_KEM_RAW_P256R1_SHARED_LEN,
    .seed_len = 32, .opt_len = 32, .burn = KC_STACK_BURN_ECDH,
    .keypair = p256_keypair, .keypair_seed = p256_keypair_seed,
    .keypair_batch = NULL, .encap = p256_encap, .decap = p256_decap },
  [ROW_DHKEMP256] = { .algo = KC_KEM_DHKEMP256R1,
    .param = 0x0010, .pq = NULL, .ec = &kem_table[ROW_P256],
    .pk_len = KC_KEM_DHKEMP256R1_PUBKEY_LEN,
    .sk_len = KC_KEM_DHKEMP256R1_SECKEY_LEN,
    .ct_len = KC_KEM_DHKEMP256R1_ENCAPS_LEN,
    .ss_len = KC_KEM_DHKEMP256R1_SHARED_LEN,
    .seed_len = 32, .opt_len = 32,
    .burn = KC_STACK_BURN_ECDH + KC_STACK_BURN_SHA256
            + KC_STACK_BURN_HYBRID_EXTRA,
    .keypair = _kc_kem_dhkem_keypair,
    .keypair_seed = _kc_kem_dhkem_keypair_seed,
    .keypair_batch = NULL, .encap = _kc_kem_dhkem_encap,
    .decap = _kc_kem_dhkem_decap },
  /* the P-256 hybrids (kem-hybrid.c): OpenSSH's, ML-KEM first and
   * SHA-256; TLS's, P-256 first in every field and unhashed */
  [ROW_MLKEM768P256] = { .algo = KC_KEM_MLKEM768NISTP256_SHA256,
    .param = KC_MD_SHA256, .pq = &kem_table[ROW_MLKEM768],
    .ec = &kem_table[ROW_P256], .ec_first = 0,
    .pk_len = KC_KEM_MLKEM768NISTP256_SHA256_PUBKEY_LEN,
    .sk_len = KC_KEM_MLKEM768NISTP256_SHA256_SECKEY_LEN,
    .ct_len = KC_KEM_MLKEM768NISTP256_SHA256_ENCAPS_LEN,
    .ss_len = KC_KEM_MLKEM768NISTP256_SHA256_SHARED_LEN,
    .seed_len = 64, .opt_len = 64,
    .burn = KC_STACK_BURN_MLKEM + KC_STACK_BURN_HYBRID_EXTRA,
    .keypair = _kc_kem_hybrid_keypair,
    .keypair_seed = _kc_kem_hybrid_keypair_seed,
    .keypair_batch = NULL, .encap = _kc_kem_hybrid_encap,
    .decap = _kc_kem_hybrid_decap },
  [ROW_P256MLKEM768] = { .algo = KC_KEM_SECP256R1MLKEM768,
    .param = 0, .pq = &kem_table[ROW_MLKEM768],
    .ec = &kem_table[ROW_P256], .ec_first = 1,
    .pk_len = KC_KEM_SECP256R1MLKEM768_PUBKEY_LEN,
    .sk_len = KC_KEM_SECP256R1MLKEM768_SECKEY_LEN,
    .ct_len = KC_KEM_SECP256R1MLKEM768_ENCAPS_LEN,
    .ss_len = KC_KEM_SECP256R1MLKEM768_SHARED_LEN,
    .seed_len = 64, .opt_len = 64,
    .burn = KC_STACK_BURN_MLKEM + KC_STACK_BURN_HYBRID_EXTRA,
    .keypair = _kc_kem_hybrid_keypair,
    .keypair_seed = _kc_kem_hybrid_keypair_seed,
    .keypair_batch = NULL, .encap = _kc_kem_hybrid_encap,
    .decap = _kc_kem_hybrid_decap },
};

const struct _kc_kem_info *
_kc_kem_lookup (int algo)
{
  size_t i;
  for (i = 0; i < KC_DIM (kem_table); i++)
    if (kem_table[i].algo == algo)
      return &kem_table[i];
  return NULL;
}

/* Zero BUF if it is a usable output of exactly WANT bytes. */
static void
clear_output (void *buf, size_t len, size_t want)
{
  if (buf && len == want)
    wipememory (buf, len);
}

/* ------------------------------------------------------- entry points */

static KC_NOINLINE gpg_error_t
keypair_body (const struct _kc_kem_info *k, void *pubkey, void *seckey)
{
  return k->keypair (k, pubkey, seckey, _kc_random_fast, NULL);
}

gpg_error_t
kc_kem_keypair (int algo, void *pubkey, size_t pubkey_len,
                void *seckey, size_t seckey_len)
{
  const struct _kc_kem_info *k = _kc_kem_lookup (algo);
  gpg_error_t err;

  if (!k)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!pubkey || pubkey_len != k->pk_len || !seckey || seckey_len != k->sk_len)
    {
      clear_output (pubkey, pubkey_len, k->pk_len);
      clear_output (seckey, seckey_len, k->sk_len);
      return KC_ERR (GPG_ERR_INV_ARG);
    }
  err = keypair_body (k, pubkey, seckey);
  _kc_burn_stack (k->burn);
  return err;
}

static KC_NOINLINE gpg_error_t
keypair_seed_body (const struct _kc_kem_info *k, void *pubkey, void *seckey,
                   const void *seed)
{
  return k->keypair_seed (k, pubkey, seckey, seed);
}

gpg_error_t
kc_kem_keypair_seed (int algo, void *pubkey, size_t pubkey_len,
                     void *seckey, size_t seckey_len,
                     const void *seed, size_t seed_len)
{
  const struct _kc_kem_info *k = _kc_kem_lookup (algo);
  gpg_error_t err;

  if (!k || !k->keypair_seed)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!pubkey || pubkey_len != k->pk_len || !seckey || seckey_len != k->sk_len
      || !seed || seed_len != k->seed_len)
    {
      clear_output (pubkey, pubkey_len, k->pk_len);
      clear_output (seckey, seckey_len, k->sk_len);
      return KC_ERR (GPG_ERR_INV_ARG);
    }
  err = keypair_seed_body (k, pubkey, seckey, seed);
  _kc_burn_stack (k->burn);
  return err;
}

static KC_NOINLINE gpg_error_t
keypair_batch_body (const struct _kc_kem_info *k, void *pubkeys, void *seckeys,
                    size_t count)
{
  return k->keypair_batch (k, pubkeys, seckeys, count, _kc_random_fast,
                           NULL);
}

gpg_error_t
kc_kem_keypair_batch (int algo, void *pubkeys, size_t pubkeys_len,
                      void *seckeys, size_t seckeys_len, size_t count)
{
  const struct _kc_kem_info *k = _kc_kem_lookup (algo);
  gpg_error_t err;

  if (!k || !k->keypair_batch)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  /* On a length error nothing was written: no secret material to clear,
   * and the buffers' extent is not known for sure. */
  if (!pubkeys || !seckeys || count == 0 || count > (size_t) -1 / k->sk_len
      || pubkeys_len != count * k->pk_len || seckeys_len != count * k->sk_len)
    return KC_ERR (GPG_ERR_INV_ARG);
  err = keypair_batch_body (k, pubkeys, seckeys, count);
  if (err)
    {
      wipememory (pubkeys, pubkeys_len);
      wipememory (seckeys, seckeys_len);
    }
  _kc_burn_stack (KC_STACK_BURN_KEM_BATCH);     /* last: it clears the
                                                   registers too */
  return err;
}

static KC_NOINLINE gpg_error_t
encap_body (const struct _kc_kem_info *k, const void *pubkey, void *ciphertext,
            void *shared, const void *optional)
{
  return k->encap (k, ciphertext, shared, pubkey, optional,
                   _kc_random_fast, NULL);
}

gpg_error_t
kc_kem_encap (int algo, const void *pubkey, size_t pubkey_len,
              void *ciphertext, size_t ciphertext_len,
              void *shared, size_t shared_len,
              const void *optional, size_t optional_len)
{
  const struct _kc_kem_info *k = _kc_kem_lookup (algo);
  gpg_error_t err;

  if (!k)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!pubkey || pubkey_len != k->pk_len
      || !ciphertext || ciphertext_len != k->ct_len
      || !shared || shared_len != k->ss_len)
    err = KC_ERR (GPG_ERR_INV_ARG);
  else if ((optional || optional_len)
           && (!k->opt_len || !optional || optional_len != k->opt_len))
    err = KC_ERR (GPG_ERR_INV_VALUE);
  else
    {
      err = encap_body (k, pubkey, ciphertext, shared, optional);
      _kc_burn_stack (k->burn);
      return err;
    }
  clear_output (ciphertext, ciphertext_len, k->ct_len);
  clear_output (shared, shared_len, k->ss_len);
  return err;
}

static KC_NOINLINE gpg_error_t
decap_body (const struct _kc_kem_info *k, const void *seckey,
            const void *ciphertext, void *shared)
{
  return k->decap (k, shared, ciphertext, seckey);
}

gpg_error_t
kc_kem_decap (int algo, const void *seckey, size_t seckey_len,
              const void *ciphertext, size_t ciphertext_len,
              void *shared, size_t shared_len,
              const void *optional, size_t optional_len)
{
  const struct _kc_kem_info *k = _kc_kem_lookup (algo);
  gpg_error_t err;

  if (!k)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!seckey || seckey_len != k->sk_len
      || !ciphertext || ciphertext_len != k->ct_len
      || !shared || shared_len != k->ss_len)
    err = KC_ERR (GPG_ERR_INV_ARG);
  else if (optional || optional_len)
    err = KC_ERR (GPG_ERR_INV_VALUE);
  else
    {
      err = decap_body (k, seckey, ciphertext, shared);
      _kc_burn_stack (k->burn);
      return err;
    }
  clear_output (shared, shared_len, k->ss_len);
  return err;
}
