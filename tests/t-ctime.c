/* t-ctime.c - constant-time check under valgrind memcheck.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Secret inputs are marked undefined (ct_classify); memcheck then reports
 * every conditional jump, and every memory address, that depends on them.
 * The pass condition is zero valgrind errors (ctime-check.sh runs this program
 * under valgrind with --error-exitcode).  Results the library may reveal
 * are declassified explicitly, here for the outputs we compare, and inside
 * the library where an algorithm must reveal a bit.
 *
 * Run without valgrind the program only exercises the code. */
#include "kcrypt-int.h"
#include "hash/sha256.h"
#include "hash/sha512.h"
#include "hash/sha512-mb.h"
#include "hash/hmac.h"
#include "sntrup761/sntrup761.h"
#include "kem.h"
#include "secp256k1/ecmult.h"
#include "secp256k1/x86_64/field-4x64.h"
#include "p256/p256.h"
#include "mont.h"
#include "moduli.h"
#include "daira.h"
#include "t-common.h"

/* In the MSan check, an output that depends on a secret must still be
 * poisoned when the test declassifies it: the taint went through the
 * kernels (an intrinsic MSan does not follow would have lost it).
 * Elsewhere nothing. */
#if defined(T_CTIME_MSAN) && defined(KC_CT_MSAN)
# define reached(p, n, what) \
  CHECK (__msan_test_shadow ((p), (n)) != -1, \
         "%s: the secret did not reach this output (taint lost)", what)
#else
# define reached(p, n, what) ((void) 0)
#endif

#ifndef T_CTIME_MSAN
/* Valgrind cannot run AddressSanitizer binaries: ctime-check.sh asks first. */
static int
built_with_sanitizer (void)
{
#if defined(__SANITIZE_ADDRESS__)
  return 1;
#elif defined(__has_feature)
# if __has_feature(address_sanitizer) || __has_feature(memory_sanitizer)
  return 1;
# endif
#endif
  return 0;
}
#endif

static void
ct_toolbox (void)
{
  uint64_t a[4], b[4], flag;
  unsigned char x[32], y[32];
  uint32_t eq;
  int c;

  t_randbytes (a, sizeof a);
  t_randbytes (b, sizeof b);
  t_randbytes (x, sizeof x);
  memcpy (y, x, sizeof y);
  flag = t_rand64 () & 1;
  ct_classify (a, sizeof a);
  ct_classify (b, sizeof b);
  ct_classify (x, sizeof x);
  ct_classify (&flag, sizeof flag);

  ct_cswap_u64 (a, b, 4, flag);
  ct_cmov_u64 (a, b, 4, ct_lt_u64 (a[0], b[0]));
  eq = ct_memequal (x, y, sizeof x);
  c = ct_cmp_limbs (a, b, 4);
  ct_memmov_cond (y, x, sizeof x, (uint32_t) ct_eq_u64 (a[1], b[1]));

  /* The harness's self-test (ctime-check.sh): a deliberate branch on a
   * secret, which memcheck must report. */
  if (getenv ("KC_CTIME_SELFTEST") && (a[0] & 1))
    t_checks++;
  ct_declassify (&eq, sizeof eq);
  ct_declassify (&c, sizeof c);
  CHECK (eq == 1, "memequal of equal buffers");
  CHECK (c >= -1 && c <= 1, "cmp range");
}

static void
hashes (void)
{
  unsigned char key[48], msg[300], out[64];

  t_randbytes (key, sizeof key);
  t_randbytes (msg, sizeof msg);
  ct_classify (key, sizeof key);
  ct_classify (msg, sizeof msg);
  _kc_hmac_sha256 (out, key, sizeof key, msg, sizeof msg);
  _kc_sha512 (out, msg, sizeof msg);
  _kc_sha256 (out, msg, sizeof msg);
  reached (out, 32, "SHA-256");
  ct_declassify (out, sizeof out);
  t_checks++;

  /* SHA-3, SHAKE, streaming HMAC over SHA-512 and SHA3-256, HKDF: through
   * the public API, secret key and message. */
  {
    static const int algos[] = { KC_MD_SHA384, KC_MD_SHA3_256,
                                 KC_MD_SHA3_512, KC_MD_SHAKE128,
                                 KC_MD_SHAKE256 };
    unsigned char big[200];
    kc_md_hd_t h;
    size_t i;
    for (i = 0; i < KC_DIM (algos); i++)
      {
        unsigned int dl = kc_md_get_algo_dlen (algos[i]);
        kc_md_hash_buffer (algos[i], big, dl ? dl : sizeof big, msg,
                           sizeof msg);
        reached (big, dl ? dl : sizeof big, "hash");
        ct_declassify (big, sizeof big);
        t_checks++;
      }
    for (i = 0; i < 2; i++)
      {
        int algo = i ? KC_MD_SHA3_256 : KC_MD_SHA512;
        if (kc_md_open (&h, algo, KC_MD_FLAG_HMAC))
          continue;
        kc_md_setkey (h, key, sizeof key);
        kc_md_write (h, msg, 7);
        kc_md_write (h, msg + 7, sizeof msg - 7);
        kc_md_final (h, out, kc_md_get_algo_dlen (algo));
        kc_md_close (h);
        reached (out, kc_md_get_algo_dlen (algo), "HMAC");
        ct_declassify (out, sizeof out);
        t_checks++;
      }
    kc_kdf_hkdf (KC_MD_SHA256, big, sizeof big, key, sizeof key, msg, 20,
                 msg + 20, 30);
    ct_declassify (big, sizeof big);
    t_checks++;
  }

  /* Multi-buffer SHA-512: 8 secret messages with a secret prefix, by every
   * kernel this CPU (as valgrind presents it) runs. */
  {
    static unsigned char m[8][300], d[8][64];
    unsigned char pre[5];
    const unsigned char *in[8];
    unsigned char *o[8];
    int i, kern;

    t_randbytes (m, sizeof m);
    t_randbytes (pre, sizeof pre);
    ct_classify (m, sizeof m);
    ct_classify (pre, sizeof pre);
    for (i = 0; i < 8; i++)
      in[i] = m[i], o[i] = d[i];
    for (kern = KC_SHA512_MB_GENERIC; kern <= KC_SHA512_MB_AVX512; kern++)
      if (_kc_sha512_mb_have (kern))
        {
          _kc_sha512_mb_kernel (kern, o, 64, pre, sizeof pre, in, sizeof m[0], 8);
          for (i = 0; i < 8; i++)
            reached (d[i], 64, "multi-buffer SHA-512 lane");
          ct_declassify (d, sizeof d);
          t_checks++;
        }
  }
}

/* An RNG whose output is secret: bytes from the test PRNG, marked
 * undefined before the algorithm sees them. */
static void
secret_rng (void *ctx, void *buf, size_t n)
{
  (void) ctx;
  t_randbytes (buf, n);
  ct_classify (buf, n);
}

/* sntrup761: keypair with secret RNG output (g, f, rho), encap with a
 * secret r, decap with a secret key, of a valid and of a forged ciphertext
 * (implicit rejection must cost the same and branch on nothing).  Run on
 * the dispatched path (the AVX2 kernels where the CPU has them) and on
 * the portable one. */
static void
kem_path (const char *name,
          void (*keypair) (unsigned char *, unsigned char *, _kc_rng_fn, void *),
          void (*enc) (unsigned char *, unsigned char *, const unsigned char *,
                       _kc_rng_fn, void *),
          void (*dec) (unsigned char *, const unsigned char *,
                       const unsigned char *))
{
  static unsigned char pk[KC_KEM_SNTRUP761_PUBKEY_LEN];
  static unsigned char sk[KC_KEM_SNTRUP761_SECKEY_LEN];
  static unsigned char ct[KC_KEM_SNTRUP761_ENCAPS_LEN];
  unsigned char ss1[32], ss2[32], ss3[32];

  keypair (pk, sk, secret_rng, NULL);
  reached (pk, sizeof pk, "sntrup761 public key");
  /* The public key is public; the secret key stays secret. */
  ct_declassify (pk, sizeof pk);
  ct_classify (sk, sizeof sk);
  enc (ct, ss1, pk, secret_rng, NULL);
  ct_declassify (ct, sizeof ct);
  dec (ss2, ct, sk);
  ct[17] ^= 4;
  dec (ss3, ct, sk);
  reached (ss1, 32, "sntrup761 encap");
  reached (ss2, 32, "sntrup761 decap");
  reached (ss3, 32, "sntrup761 decap (forged)");
  ct_declassify (ss1, sizeof ss1);
  ct_declassify (ss2, sizeof ss2);
  ct_declassify (ss3, sizeof ss3);
  CHECK (!memcmp (ss1, ss2, 32), "kem (%s): decap gives the encapsulated key",
         name);
  CHECK (memcmp (ss1, ss3, 32) != 0, "kem (%s): forged ciphertext rejected",
         name);
}

/* Batch key generation of 5 keys (Montgomery's trick in both rings; the
 * pk hashes by the multi-buffer SHA-512, a group of 4 and one), secret RNG
 * output; the keys then decapsulate their encapsulations. */
#define CT_NB 5
static void
kem_batch (const char *name,
           void (*batch) (unsigned char *, unsigned char *, size_t,
                          _kc_rng_fn, void *))
{
  static unsigned char pk[CT_NB][KC_KEM_SNTRUP761_PUBKEY_LEN];
  static unsigned char sk[CT_NB][KC_KEM_SNTRUP761_SECKEY_LEN];
  static unsigned char ct[KC_KEM_SNTRUP761_ENCAPS_LEN];
  unsigned char ss1[32], ss2[32];
  int k;

  batch (pk[0], sk[0], CT_NB, secret_rng, NULL);
  for (k = 0; k < CT_NB; k++)
    reached (pk[k], sizeof pk[k], "sntrup761 batch public key");
  ct_declassify (pk, sizeof pk);
  for (k = 0; k < CT_NB; k++)
    {
      _kc_sntrup761_enc (ct, ss1, pk[k], secret_rng, NULL);
      ct_declassify (ct, sizeof ct);
      _kc_sntrup761_dec (ss2, ct, sk[k]);
      ct_declassify (ss1, sizeof ss1);
      ct_declassify (ss2, sizeof ss2);
      CHECK (!memcmp (ss1, ss2, 32), "kem batch (%s): key %d round trip",
             name, k);
    }
}

static void
kem (void)
{
  kem_path ("dispatched", _kc_sntrup761_keypair, _kc_sntrup761_enc,
            _kc_sntrup761_dec);
  kem_path ("portable", _kc_sntrup761_keypair_portable,
            _kc_sntrup761_enc_portable, _kc_sntrup761_dec_portable);
  kem_batch ("dispatched", _kc_sntrup761_keypair_batch);
  kem_batch ("portable", _kc_sntrup761_keypair_batch_portable);
}

/* secp256k1: public key from a secret key (the core of key generation),
 * ECDSA signing in both encodings (RFC 6979 nonce, low-S), and the
 * constant-time internals on secret inputs: scalar and field inverses,
 * square root, k*G, unblinded and blinded (secret offset and Z). */
/* ML-KEM-512/768/1024: secret seed, secret m, secret decapsulation
 * key (its s and z; the embedded public key and its hash are public);
 * a valid and a tampered ciphertext. */
static void
mlkem (void)
{
  static unsigned char pk[1568], sk[3168], ct[1568];
  unsigned char seed[64], m[32], ss[32];
  static const int algos[3] = { KC_KEM_MLKEM512, KC_KEM_MLKEM768,
                                KC_KEM_MLKEM1024 };
  int a, k;
  for (a = 0; a < 3; a++)
    {
      size_t pl, sl, cl;
      k = a + 2;
      pl = 384 * (size_t) k + 32;
      sl = 768 * (size_t) k + 96;
      cl = k == 4 ? 1568 : 32 * (10 * (size_t) k + 4);
      t_randbytes (seed, sizeof seed);
      t_randbytes (m, sizeof m);
      ct_classify (seed, sizeof seed);
      ct_classify (m, sizeof m);
      if (kc_kem_keypair_seed (algos[a], pk, pl, sk, sl, seed, 64))
        fail ("ML-KEM keypair_seed");
      reached (pk, pl - 32, "ML-KEM public key");       /* t, not rho */
      ct_declassify (pk, pl);
      if (kc_kem_encap (algos[a], pk, pl, ct, cl, ss, 32, m, 32))
        fail ("ML-KEM encap");
      ct_declassify (ct, cl);
      ct_declassify (ss, 32);
      ct_declassify (sk + 384 * k, pl + 32);          /* ek || H (ek) */
      if (kc_kem_decap (algos[a], sk, sl, ct, cl, ss, 32, NULL, 0))
        fail ("ML-KEM decap");
      ct[5] ^= 1;
      if (kc_kem_decap (algos[a], sk, sl, ct, cl, ss, 32, NULL, 0))
        fail ("ML-KEM decap (tampered)");
      reached (ss, 32, "ML-KEM decap (tampered)");
      ct_declassify (ss, 32);
      t_checks++;
    }
}

/* RAW_X25519: the secret scalar through key generation and
 * decapsulation (the ladder's swaps and the inversion). */
static void
x25519 (void)
{
  unsigned char sk[32], pk[32], pk2[32], sk2[32], ss[32];
  t_randbytes (sk, 32);
  ct_classify (sk, 32);
  if (kc_kem_keypair_seed (KC_KEM_RAW_X25519, pk, 32, sk2, 32, sk, 32))
    fail ("X25519 keypair_seed");
  reached (pk, 32, "X25519 public key");
  ct_declassify (pk, 32);
  t_randbytes (sk2, 32);
  if (kc_kem_keypair_seed (KC_KEM_RAW_X25519, pk2, 32, sk2, 32, sk2, 32))
    fail ("X25519 keypair_seed");
  ct_declassify (pk2, 32);
  if (kc_kem_decap (KC_KEM_RAW_X25519, sk, 32, pk2, 32, ss, 32, NULL, 0))
    fail ("X25519 decap");
  reached (ss, 32, "X25519 decap");
  ct_declassify (ss, 32);
  t_checks++;
}

/* Ed25519: the seed through key derivation and signing (SHA-512, the
 * comb's lookups and carries, the scalar reduction and S = r + k s, the
 * constant-time safegcd of the encodings); A, R and S are public and
 * declassified where the library reveals them. */
static void
ed25519 (void)
{
  unsigned char seed[32], pk[32], pk2[32], sig[64], sig2[64], msg[45];
  unsigned char kp[KC_EDDSA_ED25519_KEYPAIR_LEN];
  int it;

  for (it = 0; it < 2; it++)
    {
      t_randbytes (seed, 32);
      t_randbytes (msg, sizeof msg);
      ct_classify (seed, 32);
      CHECK_ERR (kc_ecc_pubkey (KC_ECC_ED25519, pk, 32, seed, 32), 0);
      CHECK_ERR (kc_eddsa_sign (KC_ECC_ED25519, sig, 64, seed, 32, msg,
                                sizeof msg), 0);
      /* the key pair: its seed and tag secret, its public key not */
      CHECK_ERR (kc_eddsa_keypair_create (KC_ECC_ED25519, kp, sizeof kp,
                                          seed, 32), 0);
      ct_classify (kp + 64, 32);
      CHECK_ERR (kc_eddsa_sign_keypair (KC_ECC_ED25519, sig2, 64, kp,
                                        sizeof kp, msg, sizeof msg), 0);
      CHECK_ERR (kc_eddsa_keypair_pub (KC_ECC_ED25519, pk2, 32, kp,
                                       sizeof kp), 0);
      ct_declassify (seed, 32);
      ct_declassify (kp, sizeof kp);
      CHECK (!memcmp (sig, sig2, 64) && !memcmp (pk, pk2, 32),
             "Ed25519 key pair: not the seed's signature and key");
      CHECK_ERR (kc_eddsa_verify (KC_ECC_ED25519, sig, 64, pk, 32, msg,
                                  sizeof msg), 0);
    }
}

/* The SSH and TLS hybrids through their table rows, with secret RNG
 * output: key generation, encapsulation, decapsulation of a valid and of
 * a tampered ciphertext (the ML-KEM half's embedded ek || H (ek) is
 * public). */
static void
kem_hybrids (void)
{
  static unsigned char pk[4096], sk[4096], ct[4096];
  /* the hybrids, and (with secret RNG output rather than a seed or m)
   * the rows of ML-KEM and X25519 */
  static const int algos[] = { KC_KEM_SNTRUP761X25519_SHA512,
                               KC_KEM_MLKEM768X25519_SHA256,
                               KC_KEM_X25519MLKEM768, KC_KEM_XWING,
                               KC_KEM_DHKEM25519,
                               KC_KEM_MLKEM768NISTP256_SHA256,
                               KC_KEM_SECP256R1MLKEM768,
                               KC_KEM_MLKEM512, KC_KEM_MLKEM768,
                               KC_KEM_MLKEM1024, KC_KEM_RAW_X25519 };
  unsigned char ss1[64], ss2[64], ss3[64];
  size_t a;
  for (a = 0; a < KC_DIM (algos); a++)
    {
      const struct _kc_kem_info *k = _kc_kem_lookup (algos[a]);
      unsigned int mk = k->param == KC_KEM_MLKEM768 ? 3 : 0;
      if (algos[a] == KC_KEM_MLKEM512 || algos[a] == KC_KEM_MLKEM768
          || algos[a] == KC_KEM_MLKEM1024)
        mk = k->param;
      if (k->keypair (k, pk, sk, secret_rng, NULL))
        fail ("hybrid %d keypair", algos[a]);
      ct_declassify (pk, k->pk_len);
      if (mk)                                   /* ek || H (ek) */
        ct_declassify (sk + 384 * mk, 384 * mk + 32 + 32);
      if (k->encap (k, ct, ss1, pk, NULL, secret_rng, NULL))
        fail ("hybrid %d encap", algos[a]);
      ct_declassify (ct, k->ct_len);
      if (k->decap (k, ss2, ct, sk))
        fail ("hybrid %d decap", algos[a]);
      /* in the post-quantum half (after SecP256r1MLKEM768's point) */
      ct[(k->ec_first ? k->ec->ct_len : 0) + 3] ^= 1;
      if (k->decap (k, ss3, ct, sk))
        fail ("hybrid %d decap (tampered)", algos[a]);
      {
        char what[64];
        snprintf (what, sizeof what, "KEM %d decap", algos[a]);
        reached (ss2, k->ss_len, what);
        reached (ss3, k->ss_len, what);
      }
      ct_declassify (ss1, k->ss_len);
      ct_declassify (ss2, k->ss_len);
      ct_declassify (ss3, k->ss_len);
      CHECK (!memcmp (ss1, ss2, k->ss_len), "hybrid %d: decap", algos[a]);
      CHECK (memcmp (ss1, ss3, k->ss_len), "hybrid %d: tampered", algos[a]);
    }
}

static void
ecc (void)
{
  unsigned char key[32], dg[32], sig[72], pub[65], b[32];
  size_t len;
  int it;

  for (it = 0; it < 3; it++)
    {
      _kc_secp256k1_scalar k, ki;
      _kc_secp256k1_fe x, xi;
      _kc_secp256k1_gej r;

      t_randbytes (key, 32);
      key[0] &= 0x7f;
      t_randbytes (dg, 32);
      ct_classify (key, 32);
      len = 64;
      CHECK_ERR (kc_ecdsa_sign (KC_ECC_SECP256K1, 0, sig, &len, key, 32,
                                dg, 32), 0);
      len = sizeof sig;
      CHECK_ERR (kc_ecdsa_sign (KC_ECC_SECP256K1, KC_ECDSA_DER, sig, &len,
                                key, 32, dg, 32), 0);
      CHECK_ERR (kc_ecc_pubkey (KC_ECC_SECP256K1, pub, 65, key, 32), 0);
      CHECK_ERR (kc_ecc_pubkey (KC_ECC_SECP256K1, pub, 33, key, 32), 0);

      t_randbytes (b, 32);
      ct_classify (b, 32);
      _kc_secp256k1_scalar_set_b32 (&k, b, NULL);
      _kc_secp256k1_scalar_inv (&ki, &k);
      _kc_secp256k1_ecmult_gen (&r, &k);
      _kc_secp256k1_fe_set_b32 (&x, b);
      _kc_secp256k1_fe_inv (&xi, &x);
      _kc_secp256k1_fe_sqrt (&xi, &x);
      _kc_secp256k1_fe_sqrt_chosen (&xi, &x);
      reached (&ki, sizeof ki, "scalar inverse");
      reached (&r, sizeof r, "k*G");
      reached (&xi, sizeof xi, "field square root");
      ct_declassify (&ki, sizeof ki);
      ct_declassify (&r, sizeof r);
      ct_declassify (&xi, sizeof xi);

      /* the blinded comb with its offset and Z secret as well: a fresh
       * thread state seeded by secret_rng */
      _kc_secp256k1_ecmult_gen_unblind ();
      _kc_secp256k1_ecmult_gen_blind (secret_rng, NULL);
      _kc_secp256k1_ecmult_gen_blind (secret_rng, NULL);
      ct_classify (&k, sizeof k);
      _kc_secp256k1_ecmult_gen (&r, &k);
      ct_declassify (&r, sizeof r);
      /* the affine form with a fresh secret Z: only the final Z is
       * declassified (for its variable-time inverse) */
      _kc_secp256k1_ecmult_gen_blind (secret_rng, NULL);
      {
        _kc_secp256k1_ge a;
        _kc_secp256k1_ecmult_gen_ge (&a, &k);
        ct_declassify (&a, sizeof a);
      }
      _kc_secp256k1_ecmult_gen_unblind ();
    }
}

/* The Bitcoin additions: BIP-340 signing (key, aux and the nonce), x-only
 * keys, ECDH (hashed and raw, the constant-time K*A), seckey and pubkey
 * tweaks, recoverable signing.  Keys, tweaks, aux secret. */
static void
ecc_btc (void)
{
  unsigned char key[32], key2[32], pub[33], tw[32], aux[32], msg[45];
  unsigned char sig[65], out[65], xo[32];
  size_t len;
  int it, parity;

  for (it = 0; it < 3; it++)
    {
      t_randbytes (key, 32);
      key[0] &= 0x7f;
      t_randbytes (key2, 32);
      key2[0] &= 0x7f;
      t_randbytes (tw, 32);
      tw[0] &= 0x7f;
      t_randbytes (aux, 32);
      t_randbytes (msg, sizeof msg);
      CHECK_ERR (kc_ecc_pubkey (KC_ECC_SECP256K1, pub, 33, key2, 32), 0);
      CHECK_ERR (kc_ecc_xonly_pubkey (KC_ECC_SECP256K1, xo, 32, &parity,
                                      key2, 32), 0);
      ct_classify (key, 32);
      ct_classify (tw, 32);
      ct_classify (aux, 32);
      CHECK_ERR (kc_schnorr_sign (KC_ECC_SECP256K1, sig, 64, key, 32,
                                  msg, sizeof msg, aux, 32), 0);
      CHECK_ERR (kc_schnorr_sign (KC_ECC_SECP256K1, sig, 64, key, 32,
                                  msg, 32, NULL, 0), 0);
      CHECK_ERR (kc_ecc_xonly_pubkey (KC_ECC_SECP256K1, out, 32, &parity,
                                      key, 32), 0);
      CHECK_ERR (kc_ecdh (KC_ECC_SECP256K1, 0, out, 32, key, 32, pub, 33), 0);
      reached (out, 32, "ECDH");
      ct_declassify (out, 32);
      CHECK_ERR (kc_ecdh (KC_ECC_SECP256K1, KC_ECDH_RAW_X, out, 32, key, 32,
                          pub, 33), 0);
      ct_declassify (out, 32);
      len = sizeof sig;
      CHECK_ERR (kc_ecdsa_sign (KC_ECC_SECP256K1, KC_ECDSA_RECOVERABLE, sig,
                                &len, key, 32, msg, 32), 0);
      CHECK_ERR (kc_ecc_pubkey_tweak_add (KC_ECC_SECP256K1, out, 65, pub, 33,
                                          tw, 32), 0);
      CHECK_ERR (kc_ecc_xonly_tweak_add (KC_ECC_SECP256K1, out, 32, &parity,
                                         xo, 32, tw, 32), 0);
      CHECK_ERR (kc_ecc_seckey_tweak_add (KC_ECC_SECP256K1, key, 32, tw, 32),
                 0);
      reached (key, 32, "tweaked secret key");
      ct_declassify (key, 32);
    }
}

/* libsecp256k1's key API and the BIP-340 key pair: key, tweaks, aux,
 * ndata and the tagged hash's message secret. */
static void
ecc_btc_keys (void)
{
  unsigned char key[32], pub[33], tw[32], aux[32], msg[45], kp[96];
  unsigned char sig[65], out[65], xo[32];
  size_t len;
  int it, parity;

  for (it = 0; it < 3; it++)
    {
      t_randbytes (key, 32);
      key[0] &= 0x7f;
      t_randbytes (tw, 32);
      tw[0] &= 0x7f;
      t_randbytes (aux, 32);
      t_randbytes (msg, sizeof msg);
      CHECK_ERR (kc_ecc_pubkey (KC_ECC_SECP256K1, pub, 33, key, 32), 0);
      ct_classify (key, 32);
      ct_classify (tw, 32);
      ct_classify (aux, 32);
      CHECK_ERR (kc_ecc_seckey_verify (KC_ECC_SECP256K1, key, 32), 0);
      CHECK_ERR (kc_ecc_seckey_negate (KC_ECC_SECP256K1, key, 32), 0);
      reached (key, 32, "negated secret key");
      CHECK_ERR (kc_ecc_seckey_tweak_mul (KC_ECC_SECP256K1, key, 32, tw, 32),
                 0);
      reached (key, 32, "multiplied secret key");
      CHECK_ERR (kc_ecc_pubkey_tweak_mul (KC_ECC_SECP256K1, out, 65, pub, 33,
                                          tw, 32), 0);
      len = sizeof sig;
      CHECK_ERR (kc_ecdsa_sign_ndata (KC_ECC_SECP256K1, 0, sig, &len, key, 32,
                                      msg, 32, aux, 32), 0);
      CHECK_ERR (kc_tagged_sha256 (out, 32, "t", 1, key, 32), 0);
      reached (out, 32, "tagged hash of a secret");
      ct_declassify (out, 32);
      CHECK_ERR (kc_schnorr_keypair_create (KC_ECC_SECP256K1, kp, 96, key,
                                            32), 0);
      reached (kp, 32, "key pair's secret");
      CHECK_ERR (kc_schnorr_sign_keypair (KC_ECC_SECP256K1, sig, 64, kp, 96,
                                          msg, sizeof msg, aux, 32), 0);
      CHECK_ERR (kc_schnorr_sign_keypair (KC_ECC_SECP256K1, sig, 64, kp, 96,
                                          msg, 32, NULL, 0), 0);
      CHECK_ERR (kc_schnorr_keypair_xonly_pub (KC_ECC_SECP256K1, xo, 32,
                                               &parity, kp, 96), 0);
      CHECK_ERR (kc_schnorr_keypair_pub (KC_ECC_SECP256K1, out, 33, kp, 96),
                 0);
      CHECK_ERR (kc_schnorr_keypair_xonly_tweak_add (KC_ECC_SECP256K1, kp, 96,
                                                     tw, 32), 0);
      CHECK_ERR (kc_schnorr_keypair_sec (KC_ECC_SECP256K1, out, 32, kp, 96),
                 0);
      reached (out, 32, "tweaked key pair's secret");
      kc_schnorr_keypair_clear (kp, 96);
      ct_declassify (out, 32);
      ct_declassify (key, 32);
    }
}

/* ElligatorSwift (BIP-324): kc_ellswift_create (the key's K*G and hash;
 * the encoder then runs on the public key and the declassified hash
 * state, so its output is public) and kc_ellswift_xdh (the K*A on the
 * isomorphic curve, the inversion, the tagged hash of x), in both roles,
 * with and without aux.  Keys secret; aux is not (like encode's rnd it
 * only picks among the key's encodings, and the encoder's time depends
 * on it, as libsecp256k1's does). */
static void
ecc_ellswift (void)
{
  unsigned char key[32], key2[32], aux[32], ell[64], ell2[64], out[32];
  int it;

  for (it = 0; it < 3; it++)
    {
      t_randbytes (key, 32);
      key[0] &= 0x7f;
      t_randbytes (key2, 32);
      key2[0] &= 0x7f;
      t_randbytes (aux, 32);
      CHECK_ERR (kc_ellswift_create (KC_ECC_SECP256K1, ell2, 64, key2, 32,
                                     NULL, 0), 0);
      ct_classify (key, 32);
      CHECK_ERR (kc_ellswift_create (KC_ECC_SECP256K1, ell, 64, key, 32,
                                     aux, 32), 0);
      ct_declassify (ell, 64);
      CHECK_ERR (kc_ellswift_create (KC_ECC_SECP256K1, ell, 64, key, 32,
                                     NULL, 0), 0);
      ct_declassify (ell, 64);
      CHECK_ERR (kc_ellswift_xdh (KC_ECC_SECP256K1, out, 32, ell, 64, ell2, 64,
                                  key, 32, KC_ELLSWIFT_PARTY_A), 0);
      reached (out, 32, "ellswift xdh");
      ct_declassify (out, 32);
      CHECK_ERR (kc_ellswift_xdh (KC_ECC_SECP256K1, out, 32, ell2, 64, ell, 64,
                                  key, 32, KC_ELLSWIFT_PARTY_B), 0);
      reached (out, 32, "ellswift xdh (party B)");
      ct_declassify (out, 32);
      ct_declassify (key, 32);
    }
}

/* MuSig2 (BIP-327): kc_musig_nonce_gen (secret key and session
 * randomness secret: the hashes, the nonces' K*G), the counter variant
 * (the key pair secret) and kc_musig_partial_sign (key pair and secret
 * nonce secret: the scalar arithmetic).  Keys, nonces' points, cache and
 * session are public. */
static void
ecc_musig (void)
{
  unsigned char key[32], key2[32], rnd[32], msg[32], kp[96], kp2[96];
  unsigned char pk[33], pk2[33], cache[KC_MUSIG_KEYAGG_CACHE_LEN];
  unsigned char sn[KC_MUSIG_SECNONCE_LEN], sn2[KC_MUSIG_SECNONCE_LEN];
  unsigned char pn[2][KC_MUSIG_PUBNONCE_LEN], agg[KC_MUSIG_AGGNONCE_LEN];
  unsigned char session[KC_MUSIG_SESSION_LEN], psig[KC_MUSIG_PARTIAL_SIG_LEN];
  const void *pkp[2], *pnp[2];
  size_t pkl[2] = { 33, 33 }, pnl[2] = { sizeof pn[0], sizeof pn[1] };
  int it;

  for (it = 0; it < 2; it++)
    {
      t_randbytes (key, 32);
      key[0] &= 0x7f;
      t_randbytes (key2, 32);
      key2[0] &= 0x7f;
      t_randbytes (msg, 32);
      CHECK_ERR (kc_schnorr_keypair_create (KC_ECC_SECP256K1, kp, 96, key,
                                            32), 0);
      CHECK_ERR (kc_schnorr_keypair_create (KC_ECC_SECP256K1, kp2, 96, key2,
                                            32), 0);
      CHECK_ERR (kc_schnorr_keypair_pub (KC_ECC_SECP256K1, pk, 33, kp, 96),
                 0);
      CHECK_ERR (kc_schnorr_keypair_pub (KC_ECC_SECP256K1, pk2, 33, kp2, 96),
                 0);
      pkp[0] = pk;
      pkp[1] = pk2;
      CHECK_ERR (kc_musig_pubkey_agg (KC_ECC_SECP256K1, NULL, 0, cache,
                                      sizeof cache, 2, pkp, pkl), 0);
      t_randbytes (rnd, 32);
      ct_classify (key, 32);
      ct_classify (rnd, 32);
      CHECK_ERR (kc_musig_nonce_gen (KC_ECC_SECP256K1, sn, sizeof sn, pn[0],
                                     sizeof pn[0], rnd, 32, key, 32, pk, 33,
                                     msg, 32, cache, sizeof cache, NULL, 0),
                 0);
      reached (sn + 4, 64, "musig secret nonce");
      ct_classify (kp2, 32);          /* the secret half */
      CHECK_ERR (kc_musig_nonce_gen_counter (KC_ECC_SECP256K1, sn2,
                                             sizeof sn2, pn[1], sizeof pn[1],
                                             (uint64_t) it, kp2, 96, msg, 32,
                                             cache, sizeof cache, NULL, 0),
                 0);
      reached (sn2 + 4, 64, "musig secret nonce (counter)");
      pnp[0] = pn[0];
      pnp[1] = pn[1];
      CHECK_ERR (kc_musig_nonce_agg (KC_ECC_SECP256K1, agg, sizeof agg, 2,
                                     pnp, pnl), 0);
      CHECK_ERR (kc_musig_nonce_process (KC_ECC_SECP256K1, session,
                                         sizeof session, agg, sizeof agg,
                                         msg, 32, cache, sizeof cache), 0);
      ct_classify (kp, 32);
      CHECK_ERR (kc_musig_partial_sign (KC_ECC_SECP256K1, psig, sizeof psig,
                                        sn, sizeof sn, kp, 96, cache,
                                        sizeof cache, session,
                                        sizeof session), 0);
      CHECK_ERR (kc_musig_partial_sign (KC_ECC_SECP256K1, psig, sizeof psig,
                                        sn2, sizeof sn2, kp2, 96, cache,
                                        sizeof cache, session,
                                        sizeof session), 0);
      ct_declassify (kp, 96);
      ct_declassify (kp2, 96);
      ct_declassify (key, 32);
      ct_declassify (rnd, 32);
      ct_declassify (sn, sizeof sn);
      ct_declassify (sn2, sizeof sn2);
    }
}

/* Silent payments (BIP-352): the sender's input keys (a plain key and a
 * key pair's secret half) through their sum, A = a*G, a * input_hash
 * and the shared secret (K*A, its encoding, its hash t_k: declassified
 * by the library once hashed, as libsecp256k1 does); a label from the
 * secret scan key; the scanner's b_scan * input_hash * A; the light
 * client's shared secret and output key from a secret shared secret. */
static void
ecc_silentpayments (void)
{
  unsigned char sk[32], kpsk[32], kp[96], scan[32], spend[32];
  unsigned char scan_pub[33], spend_pub[33], op[36], outs[64];
  unsigned char summary[KC_SILENTPAYMENTS_PREVOUTS_SUMMARY_LEN];
  unsigned char found[2 * KC_SILENTPAYMENTS_FOUND_OUTPUT_LEN];
  unsigned char lab[33], ltw[32], shared[33], o[32], tw[32], in_pub[33];
  const void *scans[2], *spends[2], *sks[1], *kps[1], *pubs[1], *txo[2];
  const void *xs[1];
  unsigned char in_x[32];
  size_t len33 = 33, nf;
  int it;

  for (it = 0; it < 2; it++)
    {
      t_randbytes (sk, 32);
      sk[0] &= 0x7f;
      t_randbytes (kpsk, 32);
      kpsk[0] &= 0x7f;
      t_randbytes (scan, 32);
      scan[0] &= 0x7f;
      t_randbytes (spend, 32);
      spend[0] &= 0x7f;
      t_randbytes (op, 36);
      CHECK_ERR (kc_ecc_pubkey (KC_ECC_SECP256K1, scan_pub, 33, scan, 32), 0);
      CHECK_ERR (kc_ecc_pubkey (KC_ECC_SECP256K1, spend_pub, 33, spend, 32), 0);
      CHECK_ERR (kc_ecc_pubkey (KC_ECC_SECP256K1, in_pub, 33, sk, 32), 0);
      CHECK_ERR (kc_schnorr_keypair_create (KC_ECC_SECP256K1, kp, 96, kpsk,
                                            32), 0);
      CHECK_ERR (kc_schnorr_keypair_xonly_pub (KC_ECC_SECP256K1, in_x, 32,
                                               NULL, kp, 96), 0);
      scans[0] = scans[1] = scan_pub;
      spends[0] = spends[1] = spend_pub;
      sks[0] = sk;
      kps[0] = kp;
      ct_classify (sk, 32);
      ct_classify (kp, 32);
      ct_classify (scan, 32);
      CHECK_ERR (kc_silentpayments_sender_create_outputs
                 (KC_ECC_SECP256K1, outs, 64, 2, scans, spends, op, 36, 1,
                  kps, 1, sks), 0);
      ct_declassify (outs, 64);
      CHECK_ERR (kc_silentpayments_recipient_label_create
                 (KC_ECC_SECP256K1, lab, 33, ltw, 32, scan, 32, 7), 0);
      reached (ltw, 32, "silent payments label tweak");
      ct_declassify (ltw, 32);
      pubs[0] = in_pub;
      xs[0] = in_x;
      CHECK_ERR (kc_silentpayments_recipient_prevouts_summary_create
                 (KC_ECC_SECP256K1, summary, sizeof summary, op, 36, 1, xs,
                  1, pubs, &len33), 0);
      txo[0] = outs + 32;
      txo[1] = outs;
      CHECK_ERR (kc_silentpayments_recipient_scan_outputs
                 (KC_ECC_SECP256K1, found, sizeof found, &nf, 2, txo, scan,
                  32, summary, sizeof summary, spend_pub, 33, NULL, NULL), 0);
      ct_declassify (found, sizeof found);
      ct_declassify (&nf, sizeof nf);
      CHECK (nf == 2, "silent payments: scanning found %zu of 2", nf);
      CHECK_ERR (kc_silentpayments_recipient_create_shared_secret
                 (KC_ECC_SECP256K1, shared, 33, scan, 32, summary,
                  sizeof summary), 0);
      reached (shared, 33, "silent payments shared secret");
      CHECK_ERR (kc_silentpayments_create_output_pubkey
                 (KC_ECC_SECP256K1, o, 32, tw, 32, shared, 33, spend_pub, 33,
                  0), 0);
      ct_declassify (o, 32);
      ct_declassify (tw, 32);
      ct_declassify (shared, 33);
      CHECK (!memcmp (o, outs, 32), "silent payments: light client's output");
      ct_declassify (sk, 32);
      ct_declassify (kp, 32);
      ct_declassify (scan, 32);
    }
}

/* NIST P-256: signing (key, nonce; r||s and DER with low-S, a digest
 * longer than 32 bytes), public keys, ECDH (the K*A and the shared
 * point), and the internals on a secret: the blinded comb with a secret
 * offset and Z, K*A, the scalar and field inverses. */
static void
p256 (void)
{
  unsigned char key[32], key2[32], dg[40], sig[72], pub[65], out[32], b[32];
  unsigned char pub33[33];
  size_t len;
  int it;

  for (it = 0; it < 2; it++)
    {
      _kc_p256_scalar k, ki;
      _kc_p256_fe x, xi;
      _kc_p256_gep r;
      _kc_p256_ge a;

      t_randbytes (key, 32);
      key[0] &= 0x7f;
      t_randbytes (key2, 32);
      key2[0] &= 0x7f;
      t_randbytes (dg, sizeof dg);
      CHECK_ERR (kc_ecc_pubkey (KC_ECC_NIST_P256, pub, 65, key2, 32), 0);
      ct_classify (key, 32);
      len = 64;
      CHECK_ERR (kc_ecdsa_sign (KC_ECC_NIST_P256, 0, sig, &len, key, 32,
                                dg, 32), 0);
      len = sizeof sig;
      CHECK_ERR (kc_ecdsa_sign (KC_ECC_NIST_P256, KC_ECDSA_DER | KC_ECDSA_LOW_S,
                                sig, &len, key, 32, dg, sizeof dg), 0);
      CHECK_ERR (kc_ecc_pubkey (KC_ECC_NIST_P256, pub33, 33, key, 32), 0);
      CHECK_ERR (kc_ecdh (KC_ECC_NIST_P256, 0, out, 32, key, 32, pub, 65), 0);
      reached (out, 32, "P-256 ECDH");
      ct_declassify (out, 32);
      CHECK_ERR (kc_ecc_keypair (KC_ECC_NIST_P256, pub, 65, b, 32), 0);

      t_randbytes (b, 32);
      b[0] &= 0x7f;
      ct_classify (b, 32);
      (void) _kc_p256_scalar_set_b32 (&k, b);
      _kc_p256_scalar_inv (&ki, &k);
      _kc_p256_scalar_mul (&ki, &ki, &k);
      (void) _kc_p256_fe_set_b32 (&x, b);
      _kc_p256_fe_inv (&xi, &x);
      _kc_p256_ecmult_const (&r, &_kc_p256_g, &k);
      reached (&ki, sizeof ki, "P-256 scalar inverse");
      reached (&xi, sizeof xi, "P-256 field inverse");
      reached (&r, sizeof r, "P-256 K*A");
      ct_declassify (&ki, sizeof ki);
      ct_declassify (&xi, sizeof xi);
      ct_declassify (&r, sizeof r);
      /* the blinded comb, its offset and Z secret too */
      _kc_p256_ecmult_gen_unblind ();
      _kc_p256_ecmult_gen_blind (secret_rng, NULL);
      _kc_p256_ecmult_gen_blind (secret_rng, NULL);
      _kc_p256_ecmult_gen (&r, &k);
      reached (&r, sizeof r, "P-256 K*G");
      ct_declassify (&r, sizeof r);
      _kc_p256_ecmult_gen_ge (&a, &k);
      ct_declassify (&a, sizeof a);
      _kc_p256_ecmult_gen_unblind ();
    }
  /* the KEMs RAW_P256R1 and DHKEMP256R1 with secret RNG output */
  {
    static const int kalgo[2] = { KC_KEM_RAW_P256R1, KC_KEM_DHKEMP256R1 };
    unsigned char kpk[65], ksk[32], kct[65], s1[32], s2[32];
    size_t a;
    for (a = 0; a < 2; a++)
      {
        const struct _kc_kem_info *k = _kc_kem_lookup (kalgo[a]);
        if (k->keypair (k, kpk, ksk, secret_rng, NULL))
          fail ("P-256 KEM %d keypair", kalgo[a]);
        ct_declassify (kpk, sizeof kpk);
        if (k->encap (k, kct, s1, kpk, NULL, secret_rng, NULL))
          fail ("P-256 KEM %d encap", kalgo[a]);
        ct_declassify (kct, sizeof kct);
        if (k->decap (k, s2, kct, ksk))
          fail ("P-256 KEM %d decap", kalgo[a]);
        reached (s2, 32, "P-256 KEM decap");
        ct_declassify (s1, 32);
        ct_declassify (s2, 32);
        CHECK (!memcmp (s1, s2, 32), "P-256 KEM %d: decap", kalgo[a]);
      }
  }
}

/* Montgomery arithmetic on every named modulus, on both the BMI2/ADX and
 * the portable kernels, and the Daira reduction: secret operands, zero
 * memcheck errors. */
static void
fields (void)
{
  unsigned int i, pass;
  static const uint64_t e65537[1] = { 65537 };

  for (pass = 0; pass < 2; pass++)
    {
      _kc_hwf_set_mask (pass ? 0 : ~0u);
      for (i = 0; i < _kc_moduli_count; i++)
        {
          const _kc_named_modulus *nm = _kc_moduli[i];
          _kc_mont_ctx ctx;
          uint64_t a[KC_MODULI_MAX_LIMBS], b[KC_MODULI_MAX_LIMBS];
          uint64_t r[KC_MODULI_MAX_LIMBS], e[KC_MODULI_MAX_LIMBS];
          uint64_t ok;
          unsigned int n = nm->n;

          _kc_modulus_ctx (&ctx, nm);
          t_randbytes (a, sizeof a);
          t_randbytes (b, sizeof b);
          a[n - 1] %= nm->m[n - 1];     /* below m */
          b[n - 1] %= nm->m[n - 1];
          ct_classify (a, sizeof a);
          ct_classify (b, sizeof b);
          _kc_mont_to (&ctx, a, a);
          _kc_mont_mul_redc (&ctx, r, a, b);
          _kc_mont_square_redc (&ctx, r, r);
          _kc_mont_add (&ctx, r, r, a);
          _kc_mont_sub (&ctx, r, r, b);
          _kc_mont_neg (&ctx, r, r);
          _kc_mont_pow (&ctx, r, r, e65537, 1);
          /* a secret exponent of n limbs */
          t_randbytes (e, sizeof e);
          ct_classify (e, sizeof e);
          _kc_mont_pow (&ctx, r, r, e, n);
          _kc_mont_inv (&ctx, b, r);
          _kc_mont_inv_fermat (&ctx, b, r);
          if ((nm->m[0] & 3) == 3)
            {
              ok = _kc_mont_sqrt (&ctx, b, r);
              ct_declassify (&ok, sizeof ok);
              /* valgrind.h's requests do not use their arguments where
               * valgrind has no port (riscv64): not "set but not used" */
              (void) ok;
            }
          _kc_mont_from (&ctx, r, b);
          reached (r, n * 8, "Montgomery arithmetic");
          ct_declassify (r, sizeof r);
          t_checks++;
        }
    }
  _kc_hwf_set_mask (~0u);

  for (i = 0; i < 2; i++)
    {
      _kc_daira_field f;
      uint64_t a[4], b[4];
      _kc_daira_setup_tweedle (&f, (int) i);
      t_randbytes (a, sizeof a);
      t_randbytes (b, sizeof b);
      a[3] &= 0x7fffffffffffffffULL;
      b[3] &= 0x7fffffffffffffffULL;
      ct_classify (a, sizeof a);
      ct_classify (b, sizeof b);
      _kc_daira_mul (&f, a, a, b);
      _kc_daira_sqr (&f, a, a);
      _kc_daira_normalize (&f, b, a);
      reached (b, sizeof b, "Daira reduction");
      ct_declassify (b, sizeof b);
      t_checks++;
    }
}

/* The workload: every secret-handling entry point, on the dispatch path
 * this process has (KCRYPT_HWF_MASK). */
static void
run_all (void)
{
  t_seed (7);
  ct_toolbox ();
  hashes ();
  kem ();
  mlkem ();
  x25519 ();
  ed25519 ();
  kem_hybrids ();
  ecc ();
  p256 ();
  ecc_btc ();
  ecc_btc_keys ();
  ecc_ellswift ();
  ecc_silentpayments ();
  ecc_musig ();
  fields ();
}

#ifdef T_CTIME_MSAN
/* ------------------------------------------------------------------
 * t-ctime-msan: the same workload as a MemorySanitizer taint check.
 *
 * Built with clang -fsanitize=memory, ct_classify poisons the secrets'
 * shadow (ct.h) and MSan reports any branch, memory address or divisor
 * that depends on them, natively: on the AVX-512, IFMA and VNNI kernels
 * that valgrind cannot execute as well as on the AVX2 and portable ones.
 * The program first proves it can fail (a planted secret branch, secret
 * index and secret divisor, each in a child process that MSan must stop
 * with its report), then runs the workload in a child for each dispatch
 * path this CPU has (KCRYPT_HWF_MASK), and says which paths it covered.
 * Any MSan report fails it.  In a build without MSan it skips.
 *
 * Not covered here: the inline-assembly kernels, which MSan cannot see
 * into and which MSan builds leave out (mpi/limb.h, KC_LIMB_ADX): the
 * MULX/ADX Montgomery multiplications and squarings of mpi/mont.c, the
 * Tweedle field of mpi/daira.c, the mpih.c loops, the 4x64 secp256k1
 * field (cipher/secp256k1/x86_64/field-4x64.h) and the X25519 MULX/ADX
 * ladder (cipher/x25519/x86_64/ladder-adx.c).  ctime-check.sh runs them under
 * valgrind.  The MSan build also checks the code as MSan compiles it
 * (-O1, ct.h's barriers as volatile objects, ct-msan-x86.h's models of
 * some intrinsics); valgrind checks the code as shipped. */

/* What MSan's report says, and the exit status our processes use for it
 * (its default, 77, would read as a skip). */
#define MSAN_REPORT "use-of-uninitialized-value"
#define MSAN_EXIT 66

const char *__msan_default_options (void);
const char *
__msan_default_options (void)
{
  return "exitcode=66:halt_on_error=1";
}

static volatile unsigned int plant_sink;
static unsigned char plant_table[256];

/* A secret-dependent branch, memory index or divisor: MSan must stop
 * the process before the last line.  The operations are on a volatile
 * sink so that the compiler keeps the branch and the division. */
static int
plant (const char *what)
{
  uint64_t s;
  volatile uint64_t num = 0xfedcba9876543210ULL;

  t_seed (11);
  /* (written here, or the compiler folds the never-written table's
   * load to 0 and there is no index left to report) */
  t_randbytes (plant_table, sizeof plant_table);
  s = t_rand64 ();
  ct_classify (&s, sizeof s);
  fprintf (stderr, "t-ctime-msan: planted secret %s here\n", what);
  if (!strcmp (what, "branch"))
    {
      if (s & 1)
        plant_sink++;
    }
  else if (!strcmp (what, "index"))
    plant_sink = plant_table[s & 255];
  else if (!strcmp (what, "divisor"))
    plant_sink = (unsigned int) (num / (s | 1));
  else
    return 2;
  fprintf (stderr, "t-ctime-msan: the planted secret %s went unreported\n",
           what);
  return 0;
}

/* Run this program with ARG (and KCRYPT_HWF_MASK=MASK unless MASK is
 * NULL); its stderr, copied to ours, into ERR (ERRSIZE bytes, the start
 * kept); returns its wait status, or -1. */
static int
run_child (char **argv, const char *arg, const char *mask, char *err,
           size_t errsize)
{
  int fd[2], st;
  size_t have = 0;
  pid_t pid;
  char buf[4096];
  ssize_t r;

  fflush (stdout);
  fflush (stderr);
  if (pipe (fd))
    return -1;
  pid = fork ();
  if (pid < 0)
    return -1;
  if (pid == 0)
    {
      char *args[3];
      args[0] = argv[0];
      args[1] = (char *) arg;
      args[2] = NULL;
      close (fd[0]);
      dup2 (fd[1], 2);
      close (fd[1]);
      if (mask)
        setenv ("KCRYPT_HWF_MASK", mask, 1);
      execv ("/proc/self/exe", args);
      _exit (99);
    }
  close (fd[1]);
  while ((r = read (fd[0], buf, sizeof buf)) > 0)
    {
      size_t n = (size_t) r;
      fwrite (buf, 1, n, stderr);
      if (have + 1 < errsize)
        {
          size_t k = n < errsize - 1 - have ? n : errsize - 1 - have;
          memcpy (err + have, buf, k);
          have += k;
        }
    }
  err[have] = 0;
  close (fd[0]);
  if (waitpid (pid, &st, 0) != pid)
    return -1;
  return st;
}

/* The self-test: each planted defect is reported by MSan, after its
 * marker line, and ends the child with MSan's status. */
static void
self_test (char **argv)
{
  static const char *const what[3] = { "branch", "index", "divisor" };
  static char err[1 << 16];
  int i;

  for (i = 0; i < 3; i++)
    {
      char arg[32];
      const char *mark;
      int st, flagged;

      snprintf (arg, sizeof arg, "--plant=%s", what[i]);
      fprintf (stderr, "t-ctime-msan: self-test, a secret %s (MSan must "
               "report it):\n", what[i]);
      st = run_child (argv, arg, NULL, err, sizeof err);
      mark = strstr (err, "planted secret");
      flagged = st != -1 && WIFEXITED (st) && WEXITSTATUS (st) == MSAN_EXIT
                && mark && strstr (mark, MSAN_REPORT)
                && !strstr (err, "went unreported");
      CHECK (flagged, "self-test: MemorySanitizer did not flag the planted "
             "secret %s (wait status %#x)", what[i], (unsigned) st);
      if (flagged)
        printf ("t-ctime-msan: self-test: planted secret %s flagged\n",
                what[i]);
    }
}

static void
msan_paths (char **argv)
{
  /* The dispatch paths, as masks of KCRYPT_HWF_MASK: everything this CPU
   * has (with IFMA where it has it), AVX-512 with VNNI but no IFMA,
   * AVX-512 with neither, AVX2 without AVX-512, portable.  A mask that
   * leaves the features of one already run is skipped. */
  static const struct { const char *name; unsigned int mask; } paths[] = {
    { "all", ~0u },
    { "avx512-vnni", ~(unsigned int) KC_HWF_IFMA },
    { "avx512", 0x47f },
    { "avx2", 0x43f },
    { "portable", 0 } };
  static char err[1 << 16];
  unsigned int hwf = _kc_hwf (), done[8];
  char covered[256] = "";
  int ndone = 0, i, j;

  for (i = 0; i < (int) KC_DIM (paths); i++)
    {
      unsigned int f = hwf & paths[i].mask;
      const char *name = paths[i].name;
      char mask[16], arg[64];
      int st;

      for (j = 0; j < ndone; j++)
        if (done[j] == f)
          break;
      if (j < ndone)
        continue;
      done[ndone++] = f;
      if (i == 0)
        name = (f & KC_HWF_IFMA) ? "ifma" : (f & KC_HWF_AVX512) ? "avx512"
               : (f & KC_HWF_AVX2) ? "avx2" : "portable";
      snprintf (mask, sizeof mask, "%#x", paths[i].mask);
      snprintf (arg, sizeof arg, "--path=%s", name);
      st = run_child (argv, arg, mask, err, sizeof err);
      CHECK (st != -1 && WIFEXITED (st) && WEXITSTATUS (st) == 0
             && !strstr (err, "MemorySanitizer"),
             "path %s (KCRYPT_HWF_MASK=%s): %s (wait status %#x)", name,
             mask, strstr (err, "MemorySanitizer")
                   ? "MemorySanitizer reported a secret-dependent operation"
                   : "failed", (unsigned) st);
      if (strlen (covered) + strlen (name) + 2 < sizeof covered)
        {
          strcat (covered, " ");
          strcat (covered, name);
        }
    }
  printf ("t-ctime-msan: paths covered:%s\n", covered);
  if ((hwf & (KC_HWF_AVX512 | KC_HWF_IFMA | KC_HWF_VNNI))
      != (KC_HWF_AVX512 | KC_HWF_IFMA | KC_HWF_VNNI))
    printf ("t-ctime-msan: AVX-512 paths NOT covered: this CPU lacks%s%s%s "
            "(a limit of this machine, not a failure)\n",
            hwf & KC_HWF_AVX512 ? "" : " AVX-512 (F, BW, DQ, VL)",
            hwf & KC_HWF_IFMA ? "" : " AVX-512 IFMA",
            hwf & KC_HWF_VNNI ? "" : " AVX-512 VNNI");
  printf ("t-ctime-msan: left to valgrind (ctime-check.sh): the inline-"
          "assembly kernels, not built with MSan: mpi/mont.c and "
          "mpi/daira.c (MULX/ADX), mpi/mpih.c, "
          "cipher/secp256k1/x86_64/field-4x64.h, "
          "cipher/x25519/x86_64/ladder-adx.c\n");
}
#endif /* T_CTIME_MSAN */

#ifdef T_CTIME_MSAN
int
main (int argc, char **argv)
{
  int msan = 0;
#ifdef KC_CT_MSAN
  msan = 1;
#endif
  t_init (argc, argv);
  setvbuf (stdout, NULL, _IOLBF, 0);
  if (!msan)
    {
      printf ("t-ctime-msan: SKIP: not a MemorySanitizer build (configure "
              "CC=clang CFLAGS='-fsanitize=memory ...'); ctime-check.sh "
              "is the valgrind check\n");
      return T_SKIP;
    }
  if (argc > 1 && !strncmp (argv[1], "--plant=", 8))
    return plant (argv[1] + 8);
  if (argc > 1 && !strncmp (argv[1], "--path=", 7))
    {
      static char name[64];
      run_all ();
      snprintf (name, sizeof name, "t-ctime-msan [%s]", argv[1] + 7);
      return t_done (name);
    }
  self_test (argv);
  if (!t_errors)
    msan_paths (argv);
  return t_done ("t-ctime-msan");
}
#else /* !T_CTIME_MSAN */
int
main (int argc, char **argv)
{
  if (argc > 1 && !strcmp (argv[1], "--sanitized"))
    {
      puts (built_with_sanitizer () ? "yes" : "no");
      return 0;
    }
  if (argc > 1 && !strcmp (argv[1], "--valgrind-requests"))
    {
      /* --enable-verify builds check invariants on secret values (by
       * design), so they are not constant time: only normal builds. */
#if defined(KC_VALGRIND) && !defined(KC_VERIFY)
      puts ("yes");
#else
      puts ("no");
#endif
      return 0;
    }
  if (argc > 1 && (!strcmp (argv[1], "--uses-x25519-adx")
                   || !strcmp (argv[1], "--uses-ed25519-adx")))
    {
      /* the row x25519.c's (ed25519/group.c's) dispatch picks in this
       * process */
      extern const struct _kc_kernel_table _kc_x25519_kernels_table,
        _kc_ed25519_kernels_table;
      const struct _kc_kernel_table *tb = argv[1][7] == 'x'
        ? &_kc_x25519_kernels_table : &_kc_ed25519_kernels_table;
      const struct _kc_kernel_row *r = (const struct _kc_kernel_row *)
        (const void *) ((const char *) tb->rows
                        + (size_t) _kc_pick_index (tb->rows, tb->stride,
                                                   tb->n) * tb->stride);
      puts (!strcmp (r->name, "adx") ? "yes" : "no");
      return 0;
    }
  if (argc > 1 && !strcmp (argv[1], "--uses-4x64"))
    {
#ifdef KC_LIMB_ADX
      puts (_kc_fe64_chosen () ? "yes" : "no");
#else
      puts ("no");
#endif
      return 0;
    }
  t_init (argc, argv);
  run_all ();
  return t_done ("t-ctime");
}
#endif /* T_CTIME_MSAN */
